"""reference.bpe against the contract (docs/contract.md, `bpe`), a naive trainer and Hugging Face `tokenizers`."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference._bpe_testing import naive_train_bpe, tokenizers_train_bpe, zipf_corpus
from reference.bpe import END_OF_WORD, bpe_decode, bpe_encode, train_bpe

# Small alphabets force ties and overlapping runs ("aaaa"); the others add non-ASCII and a lone symbol.
ALPHABETS = ["ab", "abc", "aab", "a", "éü", "日本", "xyz"]


@st.composite
def corpora(draw) -> str:
    """Whitespace-separated words over one small alphabet, single-character words included."""
    alphabet = draw(st.sampled_from(ALPHABETS))
    words = draw(st.lists(st.text(alphabet=alphabet, min_size=1, max_size=7), min_size=1, max_size=25))
    separators = draw(st.lists(st.sampled_from([" ", "  ", "\n", "\t"]), min_size=len(words), max_size=len(words)))
    return "".join(word + sep for word, sep in zip(words, separators))


def gpt2_encode_word(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """GPT-2's loop: merge the lowest-ranked adjacent pair (all its occurrences), until no ranked pair is left."""
    ranks: dict[tuple[str, str], int] = {}
    for rank, pair in enumerate(merges):
        ranks.setdefault(pair, rank)
    symbols = list(word) + [END_OF_WORD]
    while True:
        candidates = [pair for pair in zip(symbols, symbols[1:]) if pair in ranks]
        if not candidates:
            return symbols
        left, right = min(candidates, key=ranks.__getitem__)
        merged, i = [], 0
        while i < len(symbols):
            if symbols[i : i + 2] == [left, right]:
                merged.append(left + right)
                i += 2
            else:
                merged.append(symbols[i])
                i += 1
        symbols = merged


def assert_same_merges(ours: list, theirs: list, peer: str) -> None:
    """Equal merge lists, or a message naming the first merge where they part."""
    if ours != theirs:
        index = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        mine, peers = ours[index : index + 1], theirs[index : index + 1]
        raise AssertionError(
            f"merge {index}: reference.bpe {mine} vs {peer} {peers} ({len(ours)} vs {len(theirs)} merges); "
            "the incremental counts, the pair index or the tie key is out of step"
        )


# --- worked examples -------------------------------------------------------------------------------------------


def test_low_lower_newer_worked_example():
    # Counts at the start: (w,e)=8, (e,r)=8, (r,</w>)=8, ... and (w,e) is seen first, so it is merged first.
    # The lecture notes then merge (e,r), claiming it still has 8 occurrences. It has none: every "e r" was
    # preceded by the "w" now glued to that "e" ("lower", "newer" become "... we r"), so (we,r) has the 8.
    corpus = "low " * 5 + "lower " * 2 + "newer " * 6
    merges = train_bpe(corpus, 3)
    assert merges[:2] == [("w", "e"), ("we", "r")], f"got {merges}: the tie rule or the recount after a merge is off"
    assert merges[2] == ("wer", "</w>")


def test_nursery_rhyme_builds_sea_from_se():
    # The slide merges s+e, then se+a. With the end-of-word marker, "a</w>" (from "a" and every "sea") forms
    # before "sea" does, so the second step is ("se", "a</w>"), at merge 5; "see" is built the same way first.
    rhyme = (
        "a sailor went to sea sea sea to see what he could see see see "
        "but all that he could see see see was the bottom of the deep blue sea sea sea"
    )
    expected = [("s", "e"), ("e", "</w>"), ("a", "</w>"), ("se", "e</w>"), ("se", "a</w>")]
    assert train_bpe(rhyme, 5) == expected
    assert naive_train_bpe(rhyme, 5) == expected, "the naive peer disagrees with the worked example"


def test_overlapping_pairs_are_counted_and_merged_left_to_right():
    # "aaa" holds (a,a) twice, tying with (b,c) from "bc"×2 and winning because it is seen first; counted once it
    # would lose to (b,c). Merging "aaa" left to right gives "aa a", so the next best pair is (b,c).
    merges = train_bpe("aaa bc bc", 2)
    assert merges == [("a", "a"), ("b", "c")], f"got {merges}: overlapping occurrences must all be counted"
    assert bpe_encode("aaa aaaa", [("a", "a")]) == ["aa", "a", "</w>", "aa", "aa", "</w>"]


def test_training_stops_when_no_pair_is_left():
    assert train_bpe("a a", 10) == [("a", "</w>")], "after the only possible merge, training must stop"


# --- the default tie rule equals a naive full recount ----------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(corpus=corpora(), num_merges=st.integers(0, 40))
def test_incremental_trainer_equals_naive_trainer(corpus, num_merges):
    assert_same_merges(train_bpe(corpus, num_merges), naive_train_bpe(corpus, num_merges), "naive")


def test_incremental_trainer_equals_naive_trainer_until_exhaustion():
    # 12 kB trained until no pair is left: late merges have counts of 1 or 2, so nearly every step is a tie.
    corpus = zipf_corpus(12_000, vocab_size=1000, seed=3)
    merges = train_bpe(corpus, 10_000)
    assert len(merges) < 10_000, "the corpus should run out of pairs"
    assert_same_merges(merges, naive_train_bpe(corpus, 10_000), "naive")


@pytest.mark.slow
def test_incremental_trainer_equals_naive_trainer_on_1mb():
    corpus = zipf_corpus(1_000_000)
    assert_same_merges(train_bpe(corpus, 100), naive_train_bpe(corpus, 100), "naive")


# --- tie_break="rank" equals Hugging Face tokenizers' BpeTrainer ------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(corpus=corpora(), num_merges=st.integers(0, 40))
def test_rank_ties_equal_tokenizers_on_small_corpora(corpus, num_merges):
    ours = train_bpe(corpus, num_merges, tie_break="rank")
    assert_same_merges(ours, tokenizers_train_bpe(corpus, num_merges), "tokenizers")


def test_rank_ties_equal_tokenizers_on_1mb():
    corpus = zipf_corpus(1_000_000)
    assert_same_merges(train_bpe(corpus, 1000, tie_break="rank"), tokenizers_train_bpe(corpus, 1000), "tokenizers")


def test_tie_rules_differ():
    # "b a" is seen first, but "a" ranks before "b": the two rules must pick different pairs.
    assert train_bpe("ba ab", 1) == [("b", "a")], "default ties go to the pair seen first"
    assert train_bpe("ba ab", 1, tie_break="rank") == [("a", "b")], "rank ties go to the smallest (rank, rank)"


# --- encoding and decoding -------------------------------------------------------------------------------------


def test_encode_applies_each_merge_once_in_learned_order():
    # ("ab","c") comes first but only becomes applicable after ("a","b"); applied in order it never fires.
    # (GPT-2's lowest-rank-first loop would give "abc</w>" here; trained merge lists never look like this.)
    assert bpe_encode("abc", [("ab", "c"), ("a", "b")]) == ["ab", "c", "</w>"]
    assert bpe_encode("abc", [("b", "c"), ("a", "b")]) == ["a", "bc", "</w>"]


@settings(max_examples=100, deadline=None)
@given(corpus=corpora())
def test_merges_trained_to_exhaustion_encode_each_training_word_as_one_token(corpus):
    merges = train_bpe(corpus, 1000)
    for word in corpus.split():
        assert bpe_encode(word, merges) == [word + END_OF_WORD], f"merges {merges}"


@settings(max_examples=200, deadline=None)
@given(corpus=corpora(), text=corpora(), num_merges=st.integers(0, 40), tie_break=st.sampled_from(["first", "rank"]))
def test_trained_merges_in_order_equal_gpt2_lowest_rank_first(corpus, text, num_merges, tie_break):
    merges = train_bpe(corpus, num_merges, tie_break=tie_break)
    for word in (corpus + " " + text).split():
        assert bpe_encode(word, merges) == gpt2_encode_word(word, merges), f"word {word!r}, merges {merges}"


@settings(max_examples=200, deadline=None)
@given(corpus=corpora(), text=corpora(), num_merges=st.integers(0, 40))
def test_decode_inverts_encode(corpus, text, num_merges):
    merges = train_bpe(corpus, num_merges)
    assert bpe_decode(bpe_encode(text, merges)) == " ".join(text.split())


def test_decode_turns_end_of_word_into_spaces():
    assert bpe_decode(["lo", "w</w>", "new", "er", "</w>"]) == "low newer"
    assert bpe_decode([]) == ""


# --- bad input ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: train_bpe("low</w> low", 3), "corpus"),
        (lambda: train_bpe("   \n", 3), "corpus"),
        (lambda: train_bpe("low", -1), "num_merges"),
        (lambda: train_bpe("low", 2.0), "num_merges"),
        (lambda: train_bpe("low", 2, tie_break="last"), "tie_break"),
        (lambda: bpe_encode("a </w>", []), "text"),
    ],
    ids=["eow-in-corpus", "empty-corpus", "negative-merges", "float-merges", "unknown-tie-break", "eow-in-text"],
)
def test_bad_input_raises_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()
