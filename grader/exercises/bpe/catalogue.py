"""Character-level BPE — ``train_bpe``, ``bpe_encode``, ``bpe_decode`` (words end with "</w>")."""
from grader.catalogue import alternative, wrong
from solutions.bpe import merge_pair


@wrong("train_bpe", """
    You break ties between equally frequent pairs alphabetically. The contract breaks them by first occurrence: the
    pair seen first when scanning the distinct words in order of first appearance, each left to right — which is
    what a Counter filled in that order plus max() gives.""")
def ties_broken_lexicographically(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = min(pairs, key=lambda pair: (-pairs[pair], pair))
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("train_bpe", """
    You merge with a plain string replace on the space-joined symbols ("l o w</w>".replace("o w", "ow")). That also
    matches across symbol boundaries: with symbols "x", "ab", "c" the pair ("b", "c") is found inside "ab c". Merge on
    the list of symbols, comparing whole symbols, or use a regex anchored at spaces.""")
def merge_by_string_replace(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: " ".join(list(w) + ["</w>"]) for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            symbols = words[w].split(" ")
            for pair in zip(symbols, symbols[1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        for w in words:
            words[w] = words[w].replace(f"{best[0]} {best[1]}", best[0] + best[1])
    return merges


@wrong("train_bpe", """
    Your pair counts ignore how often each word occurs: every distinct word counts once. Weight each pair by its
    word's frequency in the corpus (a word seen 5 times contributes 5 to each of its pairs).""")
def counts_not_weighted_by_frequency(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w in counts:
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += 1
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("train_bpe", """
    Your pair counts skip overlapping occurrences (str.count on the joined symbols does that): "a a a" holds TWO
    ("a", "a") pairs, at positions 0-1 and 1-2. Count every adjacent pair of symbols.""")
def pair_counts_skip_overlaps(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            joined = " " + " ".join(words[w]) + " "
            for pair in dict.fromkeys(zip(words[w], words[w][1:])):
                pairs[pair] += freq * joined.count(f" {pair[0]} {pair[1]} ")
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("train_bpe", """
    Your words have no end-of-word symbol. Each word is its characters followed by "</w>", so that "st" ending a word
    ("best") and "st" inside a word ("stop") can become different tokens, and decoding knows where words end.""")
def no_end_of_word_symbol(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: list(w) for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("train_bpe", """
    Your training applies each learned merge only at its FIRST occurrence in a word (list.index, or a loop that stops
    after one replacement). A merge replaces every non-overlapping occurrence, scanning left to right: "abab" with
    ("a", "b") becomes "ab ab", and the counts of the next round depend on it.""")
def train_merges_first_occurrence_only(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        for symbols in words.values():
            for i in range(len(symbols) - 1):
                if (symbols[i], symbols[i + 1]) == best:
                    symbols[i:i + 2] = [best[0] + best[1]]
                    break
    return merges


@wrong("bpe_encode", """
    Your encoder applies each merge only at its FIRST occurrence in a word. A merge replaces every non-overlapping
    occurrence, scanning left to right ("a a a a" with ("a", "a") becomes "aa aa").""")
def encode_merges_first_occurrence_only(text, merges):
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        for pair in merges:
            for i in range(len(symbols) - 1):
                if (symbols[i], symbols[i + 1]) == pair:
                    symbols[i:i + 2] = [pair[0] + pair[1]]
                    break
        tokens += symbols
    return tokens


@wrong("bpe_decode", """
    You removed "</w>" instead of turning it into a space, so the words run together. Each "</w>" ends a word: replace
    it with " " and strip the trailing space.""")
def decode_drops_word_boundaries(tokens):
    return "".join(tokens).replace("</w>", "")


@alternative("train_bpe", "Symbols as tuples, a dict of pair counts, and merging by index arithmetic.")
def tuples_and_dicts(corpus, num_merges):
    if "</w>" in corpus:
        raise ValueError("corpus: must not contain the end-of-word symbol '</w>'")
    frequency = {}
    for word in corpus.split():
        frequency[word] = frequency.get(word, 0) + 1
    segmentation = {word: tuple(word) + ("</w>",) for word in frequency}
    merges = []
    while len(merges) < num_merges:
        counts, best = {}, None
        for word, freq in frequency.items():
            symbols = segmentation[word]
            for k in range(len(symbols) - 1):
                pair = (symbols[k], symbols[k + 1])
                counts[pair] = counts.get(pair, 0) + freq
        for pair, count in counts.items():          # dict order = first occurrence; strict > keeps the first
            if best is None or count > counts[best]:
                best = pair
        if best is None:
            break
        merges.append(best)
        for word, symbols in segmentation.items():
            merged, k = (), 0
            while k < len(symbols):
                if symbols[k:k + 2] == best:
                    merged, k = merged + (best[0] + best[1],), k + 2
                else:
                    merged, k = merged + (symbols[k],), k + 1
            segmentation[word] = merged
    return merges


@alternative("train_bpe", "Sennrich-style: space-joined symbols, merged by a regex anchored at symbol boundaries.")
def regex_anchored_merges(corpus, num_merges):
    import re
    from collections import Counter
    if "</w>" in corpus:
        raise ValueError("corpus: must not contain '</w>'")
    vocab = Counter(" ".join(list(word) + ["</w>"]) for word in corpus.split())
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for word, freq in vocab.items():
            symbols = word.split(" ")
            for pair in zip(symbols, symbols[1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        pattern = re.compile(r"(?<!\S)" + re.escape(best[0] + " " + best[1]) + r"(?!\S)")
        vocab = Counter({pattern.sub(lambda _: best[0] + best[1], word): freq for word, freq in vocab.items()})
    return merges


@alternative("bpe_encode", "Merges applied in place on a list, walking an index along the word.")
def encode_in_place(text, merges):
    if "</w>" in text:
        raise ValueError("text: must not contain '</w>'")
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        for a, b in merges:
            k = 0
            while k < len(symbols) - 1:
                if symbols[k] == a and symbols[k + 1] == b:
                    symbols[k:k + 2] = [a + b]
                k += 1
        tokens.extend(symbols)
    return tokens


@alternative("bpe_decode", "Join, turn every </w> into a space, strip the right end.")
def decode_join_replace(tokens):
    return "".join(tokens).replace("</w>", " ").rstrip(" ")


@wrong("bpe_encode", """
    You encode like GPT-2 and minbpe: in each word, repeatedly merge the present pair of lowest rank. For merge lists
    that training produces this gives the same tokens, but the contract replays the merges ONE AFTER ANOTHER in the
    given order, each once: a merge whose pair only appears after a later merge never fires. With the merges
    [("a", "bc"), ("b", "c")], "abc" is a + bc (the first merge finds no ("a", "bc") when its turn comes), not abc.
    Loop over the merges in order and apply each with merge_pair.""")
def encode_lowest_rank_first(text, merges):
    if "</w>" in text:
        raise ValueError("text: must not contain '</w>'")
    rank = {}
    for index, pair in enumerate(merges):
        rank.setdefault(tuple(pair), index)
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        while len(symbols) > 1:
            pair = min(zip(symbols, symbols[1:]), key=lambda p: rank.get(p, len(rank)))
            if pair not in rank:
                break
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens


@alternative("bpe_decode", "Each token's </w> turned into a space on its own, then joined; trailing spaces removed.")
def decode_token_by_token(tokens):
    return "".join(token.replace("</w>", " ") for token in tokens).rstrip(" ")


@alternative("train_bpe", "Pair counts kept up to date incrementally: only the words that contain the merged pair are "
             "recounted (the bookkeeping of fast BPE trainers); ties still go to the pair seen first.")
def incremental_pair_counts(corpus, num_merges):
    from collections import Counter

    if "</w>" in corpus:
        raise ValueError("corpus: must not contain '</w>'")
    frequency = Counter(corpus.split())
    segmentation = {word: list(word) + ["</w>"] for word in frequency}
    counts = Counter()
    for word, freq in frequency.items():
        for pair in zip(segmentation[word], segmentation[word][1:]):
            counts[pair] += freq
    merges = []
    while len(merges) < num_merges:
        live = {pair: count for pair, count in counts.items() if count > 0}
        if not live:
            break
        order = {}
        for word in frequency:                                # first occurrence in the CURRENT segmentation
            for pair in zip(segmentation[word], segmentation[word][1:]):
                order.setdefault(pair, len(order))
        best = min(live, key=lambda pair: (-live[pair], order[pair]))
        merges.append(best)
        for word, freq in frequency.items():
            symbols = segmentation[word]
            if best not in zip(symbols, symbols[1:]):
                continue
            for pair in zip(symbols, symbols[1:]):
                counts[pair] -= freq
            segmentation[word] = merge_pair(symbols, best)
            for pair in zip(segmentation[word], segmentation[word][1:]):
                counts[pair] += freq
    return merges


@wrong("bpe_decode", """
    Your decoded text ends with a space: every word's </w> became a space, the last one included. The contract
    removes the trailing spaces: "".join(tokens).replace("</w>", " ").rstrip(" ").""")
def decode_keeps_trailing_space(tokens):
    return "".join(tokens).replace("</w>", " ")


@wrong("bpe_decode", """
    You remove ONE trailing space (removesuffix(" "), or [:-1] after checking the end). When the tokens end with
    several "</w>" — a "</w>" token on its own — the text ends with several spaces, and the contract removes all of
    them: rstrip(" ").""")
def decode_strips_one_trailing_space(tokens):
    return "".join(tokens).replace("</w>", " ").removesuffix(" ")


@wrong("train_bpe", """
    You count pairs over the whole corpus as ONE sequence of symbols, so the last symbol of a word ("</w>") pairs
    with the first character of the next word. BPE never merges across words: count the pairs inside each word
    (weighted by the word's frequency).""")
def pairs_counted_across_words(corpus, num_merges):
    from collections import Counter
    words = corpus.split()
    stream = [symbol for word in words for symbol in list(word) + ["</w>"]]
    merges = []
    for _ in range(num_merges):
        pairs = Counter(zip(stream, stream[1:]))
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        stream = merge_pair(stream, best)
    return merges


@wrong("train_bpe", """
    You counted the pairs once and took the num_merges most frequent ones. But each merge changes the symbols: the
    merged pair disappears and new pairs appear (("we", "r") only exists after ("w", "e") is merged). Recount the
    pairs after every merge and take the most frequent one each time.""")
def pairs_counted_only_once(corpus, num_merges):
    from collections import Counter
    counts = Counter(corpus.split())
    pairs = Counter()
    for word, freq in counts.items():
        symbols = list(word) + ["</w>"]
        for pair in zip(symbols, symbols[1:]):
            pairs[pair] += freq
    return [pair for pair, _ in pairs.most_common(num_merges)]


@wrong("bpe_encode", """
    Your encoder forgets the end-of-word symbol: each word starts as its characters only. The merges were learned on
    words ending with "</w>" (many of them involve it), so encoding must start from list(word) + ["</w>"] too.""")
def encode_without_end_of_word(text, merges):
    tokens = []
    for word in text.split():
        symbols = list(word)
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens += symbols
    return tokens


@wrong("bpe_encode", """
    You encode like WordPiece: greedily take the longest token of the vocabulary that starts the rest of the word.
    BPE encodes by REPLAYING the merges in the order learned; the longest match can split a word differently
    ("ab" + "c" versus "a" + "bc" depending on which merge came first).""")
def encode_longest_match(text, merges):
    vocabulary = {a + b for a, b in merges} | {"</w>"}
    tokens = []
    for word in text.split():
        rest = word + "</w>"
        while rest:
            match = max((token for token in vocabulary if rest.startswith(token)), key=len, default=rest[0])
            tokens.append(match)
            rest = rest[len(match):]
    return tokens


@wrong("merge_pair", """
    Your merge scans from the RIGHT, so in a run like "a a a" the pair ("a", "a") merges the last two symbols
    (["a", "aa"]) instead of the first two (["aa", "a"]). Merges replace non-overlapping occurrences scanning left to
    right.""")
def merge_pair_right_to_left(symbols, pair):
    merged = []
    i = len(symbols) - 1
    while i >= 0:
        if i > 0 and (symbols[i - 1], symbols[i]) == pair:
            merged.append(symbols[i - 1] + symbols[i])
            i -= 2
        else:
            merged.append(symbols[i])
            i -= 1
    return merged[::-1]


@wrong("merge_pair", """
    Your merge compares joined text (symbols[i] + symbols[i + 1] == pair[0] + pair[1]) instead of the two symbols.
    Then the pair ("a", "bc") also merges the symbols "ab", "c", which are a different pair: a merge would cross the
    symbol boundaries that earlier merges made. Compare the two symbols: (symbols[i], symbols[i + 1]) == pair.""")
def merge_pair_matches_joined_text(symbols, pair):
    target = pair[0] + pair[1]
    merged, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] + symbols[i + 1] == target:
            merged.append(target)
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged


@wrong("train_bpe", """
    You split the corpus on single spaces (corpus.split(" ")), so a tab, a newline or several spaces do not separate
    words: "ab\ncd" stays one word with a "\n" symbol inside, and runs of spaces give empty words. Words are
    corpus.split() with no argument (any whitespace), as the given split_words does.""")
def words_split_on_spaces_only(corpus, num_merges):
    from collections import Counter
    if "</w>" in corpus:
        raise ValueError("corpus: must not contain '</w>'")
    counts = Counter(word for word in corpus.split(" ") if word)
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("bpe_encode", """
    Your tokens lose the end-of-word symbol: you strip "</w>" from them (and drop the "</w>" tokens). The tokens of
    a word end with "</w>", alone or inside the last token ("w</w>"): that is how bpe_decode knows where the words
    end. Return the symbols exactly as the merges leave them.""")
def encode_drops_end_of_word(text, merges):
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens += [symbol.replace("</w>", "") for symbol in symbols if symbol != "</w>"]
    return tokens


@wrong("train_bpe", """
    You normalise the corpus (unicodedata.normalize("NFKC", ...)) before training, so the ligature "ﬁ" becomes "f",
    "i", full-width "Ａ" becomes "A", and a decomposed accent is composed. BPE keeps every character as given: the
    merges must be learned on the text itself (a tokenizer that wants normalisation does it before calling BPE).""")
def train_normalises_text(corpus, num_merges):
    import unicodedata
    from collections import Counter
    corpus = unicodedata.normalize("NFKC", corpus)
    if "</w>" in corpus:
        raise ValueError("corpus: must not contain '</w>'")
    counts = Counter(corpus.split())
    words = {w: list(w) + ["</w>"] for w in counts}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for w, freq in counts.items():
            for pair in zip(words[w], words[w][1:]):
                pairs[pair] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        words = {w: merge_pair(symbols, best) for w, symbols in words.items()}
    return merges


@wrong("bpe_encode", """
    You normalise the text (unicodedata.normalize, NFC or NFKC) before encoding, so a decomposed accent, a ligature or
    a full-width letter comes out as another character than the one given. BPE keeps every character as given:
    encoding then decoding must give back the text's own characters.""")
def encode_normalises_text(text, merges):
    import unicodedata
    text = unicodedata.normalize("NFC", text)
    if "</w>" in text:
        raise ValueError("text: must not contain '</w>'")
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        for pair in merges:
            symbols = merge_pair(symbols, tuple(pair))
        tokens += symbols
    return tokens


@wrong("bpe_encode", """
    You lower-case the text before encoding (an uncased tokenizer's habit), so "Fine" is encoded as "fine". BPE keeps
    every character as given: capitals are symbols of their own.""")
def encode_lowercases_text(text, merges):
    text = text.lower()
    if "</w>" in text:
        raise ValueError("text: must not contain '</w>'")
    tokens = []
    for word in text.split():
        symbols = list(word) + ["</w>"]
        for pair in merges:
            symbols = merge_pair(symbols, tuple(pair))
        tokens += symbols
    return tokens
