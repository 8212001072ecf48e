"""Hidden checks: character-level BPE (``train_bpe``, ``bpe_encode``, ``bpe_decode``).

BPE is discrete: merges and tokens must equal the reference's exactly. The random corpora are built to hit the hard
cases: small alphabets (many tied counts, long runs like "aaaa" whose pairs overlap, merged symbols that a plain
string replace would cut across), single-character words, and non-ASCII characters.
"""
import pytest
import torch

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


@pytest.mark.grades("train_bpe")
def test_lecture_example(learner):
    """low×5, lower×2, newer×6: the first merges are ("w", "e") then ("we", "r") (ties broken by first occurrence)."""
    with Judge(learner, "bpe") as judge:
        judge.expect("train_bpe", LECTURE_CORPUS, 10, tol=EXACT)


@pytest.mark.grades("train_bpe", weight=3)
def test_random_corpora(learner):
    """Random corpora over small alphabets (ties everywhere, overlapping runs such as "aaaa", merged symbols that
    share characters), 8 to 40 merges; then 8 corpora whose alphabet size, vocabulary, length, word length and number
    of merges are all random."""
    with Judge(learner, "bpe") as judge:
        for seed, alphabet, distinct, total, merges in ((1, "ab", 12, 60, 20), (2, "abc", 20, 120, 40),
                                                        (3, "xyz", 15, 80, 25), (4, "aab", 10, 50, 12),
                                                        (5, "abcd", 30, 200, 8)):
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
    with Judge(learner, "bpe") as judge:
        judge.expect("train_bpe", random_corpus(6, "éßж日🙂", 14, 70, 4), 20, tol=EXACT)
        judge.expect("train_bpe", "a b a c a b b 日 日 é", 5, tol=EXACT)


@pytest.mark.grades("train_bpe")
def test_training_stops_when_no_pair_is_left(learner):
    """Asking for more merges than there are pairs returns only the merges that exist; zero merges, none."""
    with Judge(learner, "bpe") as judge:
        judge.expect("train_bpe", "ab ba ab a", 50, tol=EXACT)
        judge.expect("train_bpe", random_corpus(7, "ab", 5, 20, 4), 100, tol=EXACT)
        judge.expect("train_bpe", random_corpus(8, "abc", 6, 20, 5), 0, tol=EXACT)


@pytest.mark.grades("train_bpe")
def test_end_of_word_symbol_is_rejected(learner):
    """A corpus or text containing the literal "</w>" is a ValueError (valid input still works)."""
    with Judge(learner, "bpe") as judge:
        judge.expect("train_bpe", "ab ab", 1, tol=EXACT)
        judge.expect_value_error("train_bpe", "low lo</w>w", 3, argument='corpus (contains "</w>")')
        judge.expect_value_error("bpe_encode", "a</w>", [("a", "</w>")], argument='text (contains "</w>")')


@pytest.mark.grades("bpe_encode", weight=2)
def test_encode(learner):
    """Merges applied in the order learned, each replacing its non-overlapping occurrences left to right; texts with
    words and characters never seen in training."""
    from reference.bpe import train_bpe

    with Judge(learner, "bpe") as judge:
        for seed, alphabet in ((11, "ab"), (12, "abc"), (13, "éab")):
            merges = train_bpe(random_corpus(seed, alphabet, 15, 80, 6), 25)
            text = random_corpus(seed + 100, alphabet + "d", 12, 30, 8)
            judge.expect("bpe_encode", text, merges, tol=EXACT)
        judge.expect("bpe_encode", "aaaa aaa a", [("a", "a"), ("aa", "a"), ("a", "</w>")], tol=EXACT)


@pytest.mark.grades("bpe_decode")
def test_decode(learner):
    """Concatenate, every "</w>" becomes a space, trailing spaces stripped; decode(encode(t)) == " ".join(t.split());
    random token lists, where "</w>" tokens of their own give consecutive spaces that must stay, at the start too
    (only trailing spaces are removed)."""
    from reference.bpe import bpe_encode, train_bpe

    with Judge(learner, "bpe") as judge:
        judge.expect("bpe_decode", ["lo", "w</w>", "n", "ew", "er</w>"], tol=EXACT)
        text = random_corpus(21, "abé", 10, 25, 6)
        tokens = bpe_encode(text, train_bpe(text, 15))
        decoded = judge.call("bpe_decode", tokens)
        judge.require(decoded == " ".join(text.split()), "decoding the tokens of a text did not give back its words "
                      "separated by single spaces")
        gen = generator(22)
        pieces = ["a", "b", "é", "ab", "</w>", "b</w>", "aé</w>", "日"]
        for _ in range(6):
            picks = torch.randint(0, len(pieces), (int(torch.randint(1, 12, (), generator=gen)),), generator=gen)
            judge.expect("bpe_decode", [pieces[i] for i in picks.tolist()], tol=EXACT)


@pytest.mark.grades("bpe_decode")
def test_decode_trailing_spaces(learner):
    """Every trailing space goes, however many: token lists ending with one to three "</w>" tokens of their own (so
    the text ends with several spaces), ending inside a word (no trailing space to remove), holding no "</w>" at all,
    or empty; spaces between words, and before the first, stay as they are. Random lists over a small set of pieces."""
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
