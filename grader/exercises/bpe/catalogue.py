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
