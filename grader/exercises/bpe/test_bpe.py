"""Hidden checks: character-level BPE (``train_bpe``, ``bpe_encode``, ``bpe_decode``).

BPE is discrete: merges and tokens must equal the reference's exactly. The random corpora are built to hit the hard
cases: small alphabets (many tied counts, long runs like "aaaa" whose pairs overlap, merged symbols that a plain
string replace would cut across), single-character words, and non-ASCII characters. bpe_encode also gets merge
lists that training would not produce (hand-made and random), since the contract takes any list and replays it in
order. When train_bpe's merges differ but are each a most frequent pair, the diagnosis names the tie rule.
"""
import contextlib
from collections import Counter

import pytest
import torch

from grader import catalogue
from grader.clauses import Case, Spec, clause_checks
from grader.diagnose import UNSPECIFIC, Misconception
from grader.judge import EXACT, Judge, generator


def random_corpus(seed: int, alphabet: str, distinct: int, total: int, max_len: int) -> str:
    """``total`` words drawn from ``distinct`` random words over ``alphabet`` (lengths 1 .. max_len), with skewed
    frequencies, joined by varied whitespace."""
    gen = generator(seed)
    vocabulary = []
    for _ in range(distinct):
        length = int(torch.randint(1, max_len + 1, (), generator=gen))
        vocabulary.append("".join(alphabet[int(i)] for i in torch.randint(0, len(alphabet), (length,), generator=gen)))
    weights = 1.0 / torch.arange(1, distinct + 1, dtype=torch.float64)
    picks = torch.multinomial(weights, total, replacement=True, generator=gen)
    separators = [" ", " ", "  ", "\n", "\t"]
    parts = []
    for index in picks.tolist():
        parts += [vocabulary[index], separators[int(torch.randint(0, len(separators), (), generator=gen))]]
    return "".join(parts)


LECTURE_CORPUS = " ".join(["low"] * 5 + ["lower"] * 2 + ["newer"] * 6)


def merge_symbols(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    """The contract's merge: each non-overlapping occurrence of the two symbols `pair`, left to right, joined."""
    merged, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged


def greedy_with_some_tie_rule(corpus: str, num_merges: int, merges: object, weighted: bool = True) -> bool:
    """Whether `merges` is what BPE training on `corpus` gives under SOME tie rule: every merge is a most frequent
    pair of the segmentation left by the merges before it (overlapping pairs counted, each weighted by its word's
    frequency, or by 1 if not `weighted`), and training stops only after num_merges merges or when no pair is left."""
    if not isinstance(merges, (list, tuple)) or len(merges) > num_merges:
        return False
    frequency = Counter(corpus.split())
    if not weighted:
        frequency = Counter(dict.fromkeys(frequency, 1))
    segmentation = {word: list(word) + ["</w>"] for word in frequency}
    for pair in [*merges, None]:
        counts = Counter()
        for word, times in frequency.items():
            for adjacent in zip(segmentation[word], segmentation[word][1:]):
                counts[adjacent] += times
        if pair is None:
            return len(merges) == num_merges or not counts
        if not isinstance(pair, tuple) or not counts or counts.get(pair, 0) != max(counts.values()):
            return False
        segmentation = {word: merge_symbols(symbols, pair) for word, symbols in segmentation.items()}
    return True


TIES_NOT_BY_FIRST_OCCURRENCE = (
    "ties_not_by_first_occurrence", "Each of your merges is a most frequent pair (your counting and merging are "
    "right), but where several pairs tie you take a different one. The contract takes the pair whose first "
    "occurrence comes first when you scan the distinct words in order of first appearance, each left to right. A "
    "word list built from a set (hash order), words sorted by frequency (most_common) or alphabetically, or pairs "
    "sorted, all lose that order: fill a dict or Counter in corpus order and take max(counts, key=counts.get).")


@contextlib.contextmanager
def judging_training(learner):
    """A Judge for checks of train_bpe: when its diagnosis only says that the merges differ, and every differing
    merge list is still a greedy BPE run (each merge a most frequent pair), the tie rule is what differs: say so."""
    judge = Judge(learner, "bpe")
    try:
        with judge:
            yield judge
    except Misconception as failed:
        wrong = [(observation.args, observation.result) for observation, want in zip(judge.observations,
                 judge.expected) if observation.function == "train_bpe" and observation.result != want]
        if failed.name not in UNSPECIFIC | {"different_length"} or not wrong:
            raise
        if all(greedy_with_some_tie_rule(*args, result) for args, result in wrong):
            raise Misconception(*TIES_NOT_BY_FIRST_OCCURRENCE, str(failed)) from None
        if all(greedy_with_some_tie_rule(*args, result, weighted=False) for args, result in wrong):
            unweighted = next(variant for variant in catalogue.variants("bpe", correct=False)
                              if variant.name == "counts_not_weighted_by_frequency")
            raise Misconception(unweighted.name, unweighted.explanation, str(failed)) from None
        raise


@pytest.mark.grades("train_bpe")
def test_lecture_example(learner):
    """low×5, lower×2, newer×6: the first merges are ("w", "e") then ("we", "r") (ties broken by first occurrence);
    each merge is a tuple of two strings, as the contract's list[tuple[str, str]] says (a list pair is not a key of
    a dict, and never equals a tuple)."""
    with judging_training(learner) as judge:
        merges = judge.expect("train_bpe", LECTURE_CORPUS, 10, tol=EXACT)
        if isinstance(merges, list) and not all(type(merge) is tuple for merge in merges):
            kinds = sorted({type(merge).__name__ for merge in merges if type(merge) is not tuple})
            raise Misconception("merges_not_tuples", "Your merges are right but not tuples: train_bpe returns a list "
                                "of (left, right) tuples. A list [left, right] compares unequal to the tuple, and "
                                "cannot be a dict key or a set member.", f"train_bpe returned merges of type "
                                f"{', '.join(kinds)}, expected tuple")


UNICODE_SPACES = "\u00a0\u3000\u2009\x1c\x1f\u2028\x0b"   # no-break, ideographic, thin; separators str.split() knows


@pytest.mark.grades("train_bpe")
def test_unicode_whitespace_separates_words(learner):
    """Words are corpus.split(): every whitespace character Python knows separates words, not only ASCII's (a
    no-break space, an ideographic space, the information separators \\x1c-\\x1f, a line separator, a vertical tab)."""
    gen = generator(31)
    words = random_corpus(31, "ab", 6, 30, 4).split()
    corpus = "".join(word + UNICODE_SPACES[int(torch.randint(0, len(UNICODE_SPACES), (), generator=gen))]
                     for word in words)
    with judging_training(learner) as judge:
        results = [judge.expect("train_bpe", corpus, 12, tol=EXACT), judge.expect("train_bpe", "x\u00a0y", 1, tol=EXACT)]
        symbols = [part for result in results if isinstance(result, list) for merge in result
                   if isinstance(merge, (tuple, list)) for part in merge if isinstance(part, str)]
        if judge.problems and any(char.isspace() for symbol in symbols for char in symbol) and \
                judge.names_nothing_specific():                       # the catalogue's split(" ") says more
            raise Misconception("whitespace_inside_words", "Your merges hold whitespace characters: a no-break space, "
                                "an ideographic space or another Unicode separator stayed inside a word. Split with "
                                "corpus.split() (no argument), which splits on every whitespace character; "
                                "split(' '), string.whitespace or a regex over ASCII spaces miss some.",
                                judge.problems[0])


@pytest.mark.grades("train_bpe", weight=3)
def test_random_corpora(learner):
    """Random corpora over small alphabets (ties everywhere, overlapping runs such as "aaaa", merged symbols that
    share characters; one holds "_", "." and "*", which a symbol joiner or a regular expression may misread, one
    capitals, which are symbols of their own: no lowercasing), 8 to 40 merges; then 8 corpora whose alphabet size,
    vocabulary, length, word length and number of merges are all random."""
    with judging_training(learner) as judge:
        for seed, alphabet, distinct, total, merges in ((1, "ab", 12, 60, 20), (2, "abc", 20, 120, 40),
                                                        (3, "xyz", 15, 80, 25), (4, "aab", 10, 50, 12),
                                                        (5, "abcd", 30, 200, 8), (6, "a_b.*", 15, 80, 20), (7, "aAbB", 15, 80, 20)):
            judge.expect("train_bpe", random_corpus(seed, alphabet, distinct, total, 7), merges, tol=EXACT)
        gen = generator(9)
        for seed in range(30, 38):                     # 8 more, every size drawn at random
            size = int(torch.randint(2, 5, (), generator=gen))
            distinct, total, max_len, merges = (int(torch.randint(low, high, (), generator=gen))
                                                for low, high in ((5, 30), (20, 150), (2, 9), (5, 45)))
            judge.expect("train_bpe", random_corpus(seed, "abcd"[:size], distinct, total, max_len), merges, tol=EXACT)


@pytest.mark.grades("train_bpe")
def test_single_characters_and_non_ascii(learner):
    """Single-character words and non-ASCII text (accents, Cyrillic, CJK, emoji) are ordinary symbols."""
    with judging_training(learner) as judge:
        judge.expect("train_bpe", random_corpus(6, "éßж日🙂", 14, 70, 4), 20, tol=EXACT)
        judge.expect("train_bpe", "a b a c a b b 日 日 é", 5, tol=EXACT)


# A character of every kind str.split() does not take for whitespace: letters, a combining mark, format characters
# (zero-width joiner and space, byte-order mark, soft hyphen, left-to-right mark), control characters, punctuation,
# an emoji with a skin-tone modifier and a variation selector, a private-use character. A text cleaner, an
# isprintable() filter or an emoji-aware split changes such text; BPE keeps every code point as a symbol.
EVERY_KIND = "ab\u0301\u200d\u200b\ufeff\u00ad\u200e\x00\x07\x7f,.'(\U0001F44D\U0001F3FD\ufe0f\ue000日"


def repeated_lines(seed: int, alphabet: str, lines: int) -> str:
    """``lines`` lines drawn with repeats from a few short random texts over ``alphabet``: a line that recurs counts
    each time (no deduplication of the corpus)."""
    gen = generator(seed)
    texts = [random_corpus(seed * 10 + index, alphabet, 4, 5, 3).replace("\n", " ") for index in range(4)]
    return "\n".join(texts[int(i)] for i in torch.randint(0, len(texts), (lines,), generator=gen))


@pytest.mark.grades("train_bpe")
def test_every_kind_of_character(learner):
    """Corpora over characters of every kind but whitespace (format and control characters, combining marks,
    punctuation, emoji modifiers, private use) are trained on as given; a corpus whose lines recur counts every
    line (none is dropped as a duplicate)."""
    with judging_training(learner) as judge:
        for seed in (31, 32):
            judge.expect("train_bpe", random_corpus(seed, EVERY_KIND, 16, 90, 4), 20, tol=EXACT)
        judge.expect("train_bpe", "a\u200db a\u200db \ufeffab \U0001F44D\U0001F3FD", 3, tol=EXACT)
        judge.expect("train_bpe", "ba\nab\nab", 1, tol=EXACT)
        judge.expect("train_bpe", repeated_lines(33, "abc", 12), 10, tol=EXACT)


@pytest.mark.grades("bpe_encode")
def test_encode_every_kind_of_character(learner):
    """Texts over characters of every kind but whitespace (format and control characters, combining marks,
    punctuation, emoji modifiers, private use), with merges learned on such text and with none: every code point is
    a symbol as given."""
    from reference.bpe import train_bpe

    with Judge(learner, "bpe") as judge:
        for seed in (34, 35):
            merges = train_bpe(random_corpus(seed, EVERY_KIND, 16, 90, 4), 20)
            judge.expect("bpe_encode", random_corpus(seed + 100, EVERY_KIND, 10, 20, 5), merges, tol=EXACT)
        judge.expect("bpe_encode", "\ufeffhi \U0001F44D\U0001F3FD\ufe0f a\u200db\u00ad", [], tol=EXACT)
        judge.expect("bpe_encode", "\ufeffhi a\u200db", [("i", "</w>"), ("h", "i</w>"), ("a", "\u200d")], tol=EXACT)


def long_word(seed: int, length: int) -> str:
    """A corpus of one word of ``length`` random characters over "abc" beside a few short words: a merge loop that
    recurses once per symbol, or a regex that backtracks, breaks on it."""
    gen = generator(seed)
    return "".join("abc"[int(i)] for i in torch.randint(0, 3, (length,), generator=gen)) + " ab ca b"


@pytest.mark.grades("train_bpe")
def test_a_long_word(learner):
    """A corpus holding a word of 4,000 characters: training handles it as any word (no recursion per symbol)."""
    with judging_training(learner) as judge:
        judge.expect("train_bpe", long_word(36, 4000), 4, tol=EXACT)


@pytest.mark.grades("bpe_encode")
def test_encode_a_long_word(learner):
    """A word of 4,000 characters encodes as any word (no recursion per symbol)."""
    from reference.bpe import train_bpe

    with Judge(learner, "bpe") as judge:
        judge.expect("bpe_encode", long_word(37, 4000), train_bpe(long_word(38, 300), 6), tol=EXACT)


# Text whose characters Unicode normalisation or case folding would change: capitals, the ligature "ﬁ", full-width
# letters, a decomposed accent ("e" + U+0301) beside the composed "é". BPE keeps characters as given.
AS_GIVEN = "ﬁne ﬁne ﬁne Fine fine ＡＢ ＡＢ AB e\u0301te e\u0301te été Été"


@pytest.mark.grades("train_bpe")
def test_characters_are_kept_as_given(learner):
    """A corpus with capitals, a ligature, full-width letters and a decomposed accent: every character is a symbol
    as given (no lower-casing, no NFC or NFKC normalisation)."""
    with judging_training(learner) as judge:
        judge.expect("train_bpe", AS_GIVEN, 12, tol=EXACT)


@pytest.mark.grades("train_bpe")
def test_training_stops_when_no_pair_is_left(learner):
    """Asking for more merges than there are pairs returns only the merges that exist (also for 10**12: a bound, not
    a size to allocate); zero merges, none."""
    with judging_training(learner) as judge:
        judge.expect("train_bpe", "ab ba ab a", 50, tol=EXACT)
        judge.expect("train_bpe", random_corpus(7, "ab", 5, 20, 4), 100, tol=EXACT)
        judge.expect("train_bpe", random_corpus(8, "abc", 6, 20, 5), 0, tol=EXACT)
        judge.expect("train_bpe", "ab ba ab a", 10**12, tol=EXACT)      # a bound, not a size to allocate


@pytest.mark.grades("train_bpe")
def test_end_of_word_symbol_is_rejected(learner):
    """A corpus containing the literal "</w>" is a ValueError wherever it is: inside a word, at the very start of the
    corpus (where str.find returns 0), as the whole corpus, and when no merge is asked for; valid input still works,
    "</W>" and "<w>" among it (characters are kept as given: only the exact symbol is refused)."""
    with Judge(learner, "bpe") as judge:
        judge.expect("train_bpe", "ab ab", 1, tol=EXACT)
        judge.expect("train_bpe", "A</W> ab <w> ab", 2, tol=EXACT)
        judge.expect_value_error("train_bpe", "a</w>b", 0, argument='corpus (contains "</w>", no merge asked for)')
        judge.expect_value_error("train_bpe", "low lo</w>w", 3, argument='corpus (contains "</w>")')
        judge.expect_value_error("train_bpe", "</w>low low", 3, argument='corpus (starts with "</w>")')
        judge.expect_value_error("train_bpe", "</w>", 3, argument='corpus (is "</w>")')


@pytest.mark.grades("bpe_encode")
def test_end_of_word_symbol_in_text_is_rejected(learner):
    """A text containing the literal "</w>" is a ValueError, at the end of a word or inside one, at the very start
    of the text (where str.find returns 0) or as the whole text, with merges or none (an empty text still works: the
    other checks encode valid texts)."""
    with Judge(learner, "bpe") as judge:
        judge.expect("bpe_encode", "", [("a", "b")], tol=EXACT)
        judge.expect_value_error("bpe_encode", "a</w>", [("a", "</w>")], argument='text (contains "</w>")')
        judge.expect_value_error("bpe_encode", "lo</w>w", [], argument='text ("</w>" inside a word)')
        judge.expect_value_error("bpe_encode", "low lo</w>w", [("l", "o")], argument='text ("</w>" inside a word)')
        judge.expect_value_error("bpe_encode", "</w>ab", [("a", "b")], argument='text (starts with "</w>")')
        judge.expect_value_error("bpe_encode", "</w>", [], argument='text (is "</w>")')


@pytest.mark.grades("bpe_encode", weight=2)
def test_encode(learner):
    """Merges applied in the order learned, each replacing its non-overlapping occurrences left to right; texts with
    words and characters never seen in training, and over "_", "|" and "\\" (a separator or a regular expression may
    misread them); words separated by any whitespace Python knows (no-break and ideographic spaces, ...); no
    merges at all (every character its own token, then "</w>"); and capitals, a ligature, full-width letters and a
    decomposed accent, kept as given."""
    from reference.bpe import train_bpe

    with Judge(learner, "bpe") as judge:
        for seed, alphabet in ((11, "ab"), (12, "abc"), (13, "éab"), (14, "a_|\\")):
            merges = train_bpe(random_corpus(seed, alphabet, 15, 80, 6), 25)
            text = random_corpus(seed + 100, alphabet + "d", 12, 30, 8)
            judge.expect("bpe_encode", text, merges, tol=EXACT)
        judge.expect("bpe_encode", "aaaa aaa a", [("a", "a"), ("aa", "a"), ("a", "</w>")], tol=EXACT)
        text = "".join(word + space for word, space in zip(("ab", "ba", "ab", "b", "a", "bab", "aab"), UNICODE_SPACES))
        judge.expect("bpe_encode", text, [("a", "b"), ("ab", "</w>")], tol=EXACT)   # words are text.split()
        judge.expect("bpe_encode", "abc d ee", [], tol=EXACT)
        judge.expect("bpe_encode", AS_GIVEN, [("f", "i"), ("ﬁ", "n"), ("e", "\u0301"), ("A", "B")], tol=EXACT)


def spelled(symbol: str) -> list[str]:
    """The characters of a symbol, "</w>" counted as one."""
    units, i = [], 0
    while i < len(symbol):
        size = 4 if symbol.startswith("</w>", i) else 1
        units.append(symbol[i:i + size])
        i += size
    return units


def random_merge_list(gen: torch.Generator, words: list[str], count: int) -> list[tuple[str, str]]:
    """Up to `count` distinct merges drawn at random (not the most frequent), replayed as they are drawn on `words`:
    each is a pair present in some word after the merges before it or, half the time, the same text cut into two
    other symbols (("a", "bc") for a present ("ab", "c")), which a merge comparing symbols must leave alone."""
    segmentation = [list(word) + ["</w>"] for word in words]
    merges: list[tuple[str, str]] = []
    for _ in range(count):
        present = sorted({pair for symbols in segmentation for pair in zip(symbols, symbols[1:])} - set(merges))
        if not present:
            break
        pair = present[int(torch.randint(0, len(present), (), generator=gen))]
        units = spelled(pair[0] + pair[1])
        others = [cut for cut in (("".join(units[:k]), "".join(units[k:])) for k in range(1, len(units)))
                  if cut != pair and cut not in merges]
        if others and bool(torch.rand((), generator=gen) < 0.5):
            pair = others[int(torch.randint(0, len(others), (), generator=gen))]
        merges.append(pair)
        segmentation = [merge_symbols(symbols, pair) for symbols in segmentation]
    return merges


# Merge lists that training would not produce, with what each tells apart (the text is the word "abc" or like it):
HAND_MADE_MERGES = [
    # a later merge creates the pair of an earlier one: replayed in order, ("a", "bc") finds nothing -> a + bc
    ("abc", [("a", "bc"), ("b", "c")]),
    ("ab", [("a", "b</w>"), ("b", "</w>")]),
    ("abcabc abc", [("ab", "c"), ("a", "b"), ("b", "c"), ("a", "bc")]),
    # ("a", "bc") must not merge the symbols "ab", "c", though they spell the same text
    ("abc", [("a", "b"), ("a", "bc")]),
    ("abcd abc", [("c", "d"), ("a", "b"), ("a", "bcd"), ("ab", "cd"), ("b", "c"), ("a", "bc")]),
    # runs of one character: ("a", "a") joins them pairwise from the left, never overlapping; then the longer merges
    ("aaaa aaa", [("a", "a"), ("a", "aa"), ("aa", "a")]),
    # a pair listed twice applies at its first place (again at its second): a {pair: rank} dict keeps only the last
    ("xab xab", [("a", "b"), ("x", "a"), ("a", "b")]),
    # ... and applies again where a merge between its two places built it: dropping repeats loses "abc"
    ("abc", [("ab", "c"), ("a", "b"), ("ab", "c")]),
    # each word on its own: "a</w>" never meets the next word's "b"
    ("a b", [("a", "</w>"), ("a</w>", "b")]),
    # no words at all
    ("", [("a", "b")]),
]


@pytest.mark.grades("bpe_encode", weight=2)
def test_encode_replays_any_merge_list_in_order(learner):
    """bpe_encode takes any list of merges, not only lists train_bpe learned: it applies them one after another in
    the given order, each once, to the pairs of adjacent SYMBOLS equal to it. Hand-made lists where a later merge
    creates the pair of an earlier one (which then must not fire: merging the lowest-ranked present pair again and
    again, as GPT-2 does, gives other tokens) and where the same text is split into other symbols (("ab", "c") is
    not the pair ("a", "bc")); then random merge lists over small alphabets (random present pairs, half of them cut
    into other symbols spelling the same text), each in the order drawn, shuffled, reversed and with six of them
    repeated at the end, on the words they were drawn from and on new ones; and a list as long as a real
    vocabulary's (1,500 merges, most of them of pairs the text never holds: no recursion or chain per merge)."""
    gen = generator(14)
    with Judge(learner, "bpe") as judge:
        for text, merges in HAND_MADE_MERGES:
            judge.expect("bpe_encode", text, merges, tol=EXACT)
        for seed, alphabet in ((41, "ab"), (42, "abc"), (43, "abc"), (44, "abcd")):
            words = random_corpus(seed, alphabet, 8, 12, 7).split()
            merges = random_merge_list(gen, words, 16)
            shuffled = [merges[i] for i in torch.randperm(len(merges), generator=gen).tolist()]
            text = " ".join(words) + " " + random_corpus(seed + 50, alphabet, 6, 10, 8)
            for order in (merges, shuffled, merges[::-1], merges + shuffled[:6]):   # the last one repeats merges
                judge.expect("bpe_encode", text, order, tol=EXACT)
        unused = [(f"x{i}", f"y{i}") for i in range(1490)]
        judge.expect("bpe_encode", "ab abc cab", [*unused[:700], ("a", "b"), *unused[700:], ("ab", "c"),
                                                  ("ab", "</w>")], tol=EXACT)


@pytest.mark.grades("bpe_decode")
def test_decode(learner):
    """Concatenate, every "</w>" becomes a space, trailing spaces stripped; decode(encode(t)) == " ".join(t.split()),
    also for words that end in "w", "<", "/" or ">" (a strip of the characters of "</w>" eats them);
    random token lists, where "</w>" tokens of their own give consecutive spaces that must stay, at the start too
    (only trailing spaces are removed), and lists whose every token ends a word; tokens are joined exactly as they
    are, with no Unicode normalisation
    (decomposed accents, ligatures and full-width letters stay as given), and the markers of other tokenizers
    (GPT-2's "\u0120", SentencePiece's "\u2581", WordPiece's "##", a backslash) are ordinary characters here, and
    so is punctuation (a detokenizer's rule such as "no space before a comma" does not apply), and markup-like
    tokens ("<b>", "</x>", "<w>": only "</w>" itself is the end of a word); and
    a model's sample of 3,000 tokens (no recursion per token)."""
    from reference.bpe import bpe_encode, train_bpe

    with Judge(learner, "bpe") as judge:
        judge.expect("bpe_decode", ["lo", "w</w>", "n", "ew", "er</w>"], tol=EXACT)
        judge.expect("bpe_decode", ["e\u0301", "t\u00e9</w>", "\ufb01n</w>", "\uff21</w>"], tol=EXACT)
        judge.expect("bpe_decode", ["\u0120a</w>", "\u2581b", "##c</w>", "d\\n</w>", "\u0120</w>"], tol=EXACT)
        judge.expect("bpe_decode", ["a</w>", ",</w>", "b</w>", "(", "c", ")</w>", "'s</w>", ".</w>"], tol=EXACT)
        judge.expect("bpe_decode", ["<b>", "x</w>", "a<i>b</w>", "<w>", "y</w>", "</x>", "z</w>", "<", "3>/</w>"],
                     tol=EXACT)   # markup-like tokens: only "</w>" itself ends a word
        judge.expect("bpe_decode", ["ab</w>", "c", "d</w>"] * 1000, tol=EXACT)
        text = random_corpus(21, "abé", 10, 25, 6)
        tokens = bpe_encode(text, train_bpe(text, 15))
        decoded = judge.call("bpe_decode", tokens)
        judge.require(decoded == " ".join(text.split()), "decoding the tokens of a text did not give back its words "
                      "separated by single spaces")
        for seed, alphabet in ((24, "low/>"), (25, "low<")):    # words ending in characters of "</w>", never holding it
            text = random_corpus(seed, alphabet, 10, 25, 6)
            judge.expect("bpe_decode", bpe_encode(text, train_bpe(text, 12)), tol=EXACT)
        gen = generator(22)
        pieces = ["a", "b", "é", "ab", "</w>", "b</w>", "aé</w>", "日", ",</w>", ".</w>", "'s</w>", "(", ")</w>"]
        for _ in range(6):
            picks = torch.randint(0, len(pieces), (int(torch.randint(1, 12, (), generator=gen)),), generator=gen)
            judge.expect("bpe_decode", [pieces[i] for i in picks.tolist()], tol=EXACT)
        word_final = ["</w>", "b</w>", "aé</w>", "a</w>"]     # every token ends a word (a vocabulary of whole words)
        for size in (1, 2, 5, 9):
            picks = torch.randint(0, len(word_final), (size,), generator=gen)
            judge.expect("bpe_decode", [word_final[i] for i in picks.tolist()], tol=EXACT)


@pytest.mark.grades("bpe_decode")
def test_decode_trailing_spaces(learner):
    """Every trailing space goes, however many: token lists ending with one to three "</w>" tokens of their own (so
    the text ends with several spaces), ending inside a word (no trailing space to remove), holding no "</w>" at all,
    or empty; spaces between words, and before the first, stay as they are. Random lists over a small set of
    pieces."""
    gen = generator(23)
    pieces = ["a", "b", "é", "ab", "</w>", "b</w>", "aé</w>", "日"]
    with Judge(learner, "bpe") as judge:
        judge.expect("bpe_decode", [], tol=EXACT)
        judge.expect("bpe_decode", ["</w>", "</w>", "a", "b</w>"], tol=EXACT)    # leading spaces stay: "  ab"
        for case in range(12):
            picks = torch.randint(0, len(pieces), (int(torch.randint(1, 6, (), generator=gen)),), generator=gen)
            tokens = ["ab"] + [pieces[i] for i in picks.tolist()]
            if case % 3 == 0:
                tokens += ["</w>"] * int(torch.randint(1, 4, (), generator=gen))
            elif case % 3 == 1:
                tokens += ["b"]
            else:
                tokens = [token.replace("</w>", "") or "a" for token in tokens]
            judge.expect("bpe_decode", tokens, tol=EXACT)


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def encode_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    from reference.bpe import train_bpe

    seed = int(torch.randint(0, 1000, (), generator=gen))
    return (random_corpus(seed, "abc", 8, 20, 6), train_bpe(random_corpus(seed + 1, "abc", 10, 40, 6), 10)), {}


def decode_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    from reference.bpe import bpe_encode

    text = random_corpus(int(torch.randint(0, 1000, (), generator=gen)), "abc", 8, 20, 6)
    return (bpe_encode(text, [("a", "b"), ("ab", "</w>"), ("c", "</w>")]),), {}


def train_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    seed = int(torch.randint(0, 1000, (), generator=gen))
    return (random_corpus(seed, "abcd", 10, 40, 6), int(torch.randint(3, 12, (), generator=gen))), {}


# Lists and text: the general clauses give them fresh values and results of their own (a cache such as
# functools.lru_cache on train_bpe hands every caller the same list)
SPECS = {"train_bpe": Spec(train_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "bpe_encode": Spec(encode_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "bpe_decode": Spec(decode_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False)}
globals().update(clause_checks("bpe", SPECS))
