"""Visible checks: BPE: the notes' worked examples (corrected) and the nursery-rhyme corpus, worked out by hand."""
import pytest

LOW_LOWER_NEWER = "low " * 5 + "lower " * 2 + "newer " * 6
NURSERY_RHYME = (
    "a sailor went to sea sea sea to see what he could see see see "
    "but all that he could see see see was the bottom of the deep blue sea sea sea"
)


def test_merge_pair_never_overlaps(exercise):
    """merge_pair joins non-overlapping occurrences, left to right."""
    assert exercise.merge_pair(["a", "a", "a"], ("a", "a")) == ["aa", "a"], "scan left to right and skip both halves"
    assert exercise.merge_pair(["a", "b", "a", "b"], ("a", "b")) == ["ab", "ab"]
    assert exercise.merge_pair(["b", "a"], ("a", "b")) == ["b", "a"], "('a', 'b') is ordered: 'b a' is not a match"


def test_worked_example_first_two_merges(exercise):
    """{low x5, lower x2, newer x6}: ("w", "e") wins the three-way tie at 8, then ("we", "r")."""
    merges = exercise.train_bpe(LOW_LOWER_NEWER, 2)
    assert merges[0] == ("w", "e"), f"first merge should be ('w', 'e') (count 8, seen first), got {merges[0]}"
    assert merges[1] == ("we", "r"), (
        f"second merge should be ('we', 'r'), got {merges[1]}: once 'w e' is merged, ('e', 'r') no longer occurs "
        "-- count pairs on the current symbols, not the original characters"
    )


def test_worked_example_six_merges(exercise):
    """Six merges on {low, lower, newer}, counted by hand."""
    assert exercise.train_bpe(LOW_LOWER_NEWER, 6) == [
        ("w", "e"),  # 8, tied with (e, r) and (r, </w>), seen first
        ("we", "r"),  # 8
        ("wer", "</w>"),  # 8
        ("l", "o"),  # 7
        ("n", "e"),  # 6, tied with (e, wer</w>), seen first
        ("ne", "wer</w>"),  # 6
    ]


def test_ties_go_to_the_pair_seen_first(exercise):
    """Every pair of "ba ab" occurs once: the first one seen, ("b", "a"), wins (not the alphabetically first)."""
    assert exercise.train_bpe("ba ab", 1) == [("b", "a")]


def test_overlapping_pairs_count_and_training_stops_early(exercise):
    """"aaa" holds two ("a", "a"); training stops once every word is one symbol."""
    assert exercise.train_bpe("xy aaa", 1) == [("a", "a")], "('a', 'a') occurs twice in 'aaa' and must beat ('x', 'y')"
    assert exercise.train_bpe("aaa", 10) == [("a", "a"), ("aa", "a"), ("aaa", "</w>")]


def test_nursery_rhyme(exercise):
    """The lecture's corpus: "se" comes first, then whole "sea" and "see" tokens."""
    merges = exercise.train_bpe(NURSERY_RHYME, 6)
    assert merges == [
        ("s", "e"),  # 13: sea x6 + see x7
        ("e", "</w>"),  # 11: see x7, he x2, the, blue
        ("a", "</w>"),  # 7, tied with (se, e</w>); the word "a" comes first
        ("se", "e</w>"),  # 7
        ("se", "a</w>"),  # 6
        ("t", "</w>"),  # 3, tied with (t, o) and (h, e</w>); "went" comes first
    ]
    assert exercise.bpe_encode("sea see", merges) == ["sea</w>", "see</w>"]


def test_encode_worked_example(exercise):
    """With the first two merges, "newer lower" is n e wer </w> l o wer </w>."""
    merges = [("w", "e"), ("we", "r")]
    assert exercise.bpe_encode("newer lower", merges) == ["n", "e", "wer", "</w>", "l", "o", "wer", "</w>"]


def test_encode_replays_merges_in_the_order_learned(exercise):
    """After ("e", "r"), "newer" is n e w er </w>: ("w", "e") no longer applies."""
    assert exercise.bpe_encode("newer", [("e", "r"), ("w", "e")]) == ["n", "e", "w", "er", "</w>"]


def test_decode_inverts_encode(exercise):
    """Decoding joins tokens, turns each </w> into a space and normalises whitespace."""
    assert exercise.bpe_decode(["lo", "w</w>", "n", "e", "wer</w>"]) == "low newer"
    merges = exercise.train_bpe(NURSERY_RHYME, 20)
    text = "  a sailor   went to sea\n"
    assert exercise.bpe_decode(exercise.bpe_encode(text, merges)) == "a sailor went to sea"


def test_end_of_word_symbol_in_input_is_rejected(exercise):
    """Text containing the literal "</w>" is ambiguous: ValueError."""
    assert exercise.bpe_encode("low", []) == ["l", "o", "w", "</w>"]
    with pytest.raises(ValueError):
        exercise.bpe_encode("lo</w>w", [])
    with pytest.raises(ValueError):
        exercise.train_bpe("lo</w>w", 1)
