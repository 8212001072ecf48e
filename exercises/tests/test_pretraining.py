"""Visible checks: BERT's MLM corruption and NSP pairs.

These functions draw random numbers, so most checks are exact properties that hold for every draw. The few
statistical ones use 100,000 draws and bounds 8 standard deviations wide: a correct implementation fails one of
them with probability below 1e-14.
"""
import pytest
import torch

from exercises.tests.checks import assert_shape

CLS, SEP, PAD, MASK = 0, 1, 2, 3
SPECIAL = [CLS, SEP, PAD, MASK]
VOCAB = 50


def sentences(gen, rows: int, length: int) -> torch.Tensor:
    """[CLS] w w ... w [SEP] [PAD] [PAD]: ordinary tokens are ids 4 .. 49."""
    ids = torch.randint(4, VOCAB, (rows, length), generator=gen)
    ids[:, 0], ids[:, -3], ids[:, -2:] = CLS, SEP, PAD
    return ids


def test_mask_prob_one_chooses_every_ordinary_token(exercise):
    """With mask_prob = 1 every non-special position is chosen (label = original id) and no special one is."""
    ids = sentences(torch.Generator().manual_seed(0), 3, 10)
    corrupted, labels = exercise.mlm_corrupt(ids, VOCAB, SPECIAL, MASK, torch.Generator().manual_seed(1), 1.0)
    assert_shape(corrupted, (3, 10), "corrupted ids", names=("B", "N"))
    assert labels.dtype == torch.long, f"labels should be a long tensor, got {labels.dtype}"
    special = torch.isin(ids, torch.tensor(SPECIAL))
    assert (labels[~special] == ids[~special]).all(), "chosen positions are labelled with their original id"
    assert (labels[special] == -100).all(), "special tokens are never chosen: their label is -100"
    assert (corrupted[special] == ids[special]).all(), "special tokens are never changed"


def test_mask_prob_zero_changes_nothing(exercise):
    """With mask_prob = 0 nothing is chosen: the ids come back unchanged and every label is -100."""
    ids = sentences(torch.Generator().manual_seed(2), 2, 8)
    corrupted, labels = exercise.mlm_corrupt(ids, VOCAB, SPECIAL, MASK, torch.Generator().manual_seed(3), 0.0)
    assert torch.equal(corrupted, ids) and (labels == -100).all()


def test_same_seed_same_result_and_ids_untouched(exercise):
    """All randomness comes from the generator: the same seed gives the same result; ids itself is not modified;
    int32 ids come back as int32."""
    ids = sentences(torch.Generator().manual_seed(4), 4, 12).int()
    before = ids.clone()
    first = exercise.mlm_corrupt(ids, VOCAB, SPECIAL, MASK, torch.Generator().manual_seed(5))
    second = exercise.mlm_corrupt(ids, VOCAB, SPECIAL, MASK, torch.Generator().manual_seed(5))
    assert torch.equal(first[0], second[0]) and torch.equal(first[1], second[1]), "same seed, different result"
    assert torch.equal(ids, before), "mlm_corrupt modified its input"
    assert first[0].dtype == torch.int32, f"corrupted ids keep ids' dtype (int32), got {first[0].dtype}"


def test_eighty_ten_ten(exercise):
    """1,000 sequences of 100 ordinary tokens: about 15 % are chosen; of those about 80 % become [MASK], 10 % stay
    the same (plus the rare random draw of the same id) and 10 % another token."""
    gen = torch.Generator().manual_seed(6)
    ids = torch.randint(4, VOCAB, (1000, 100), generator=gen)
    corrupted, labels = exercise.mlm_corrupt(ids, VOCAB, SPECIAL, MASK, torch.Generator().manual_seed(7))
    chosen = labels != -100
    assert (corrupted[~chosen] == ids[~chosen]).all(), "positions that are not chosen must stay unchanged"
    share = chosen.float().mean().item()
    assert abs(share - 0.15) < 0.01, f"{share:.3f} of the positions were chosen, expected about 0.15"
    masked = (corrupted[chosen] == MASK).float().mean().item()
    same = (corrupted[chosen] == ids[chosen]).float().mean().item()
    assert abs(masked - 0.8) < 0.03, f"{masked:.3f} of the chosen tokens became [MASK], expected about 0.8"
    assert abs(same - 0.1) < 0.025, f"{same:.3f} of the chosen tokens stayed the same, expected about 0.1"


def documents():
    return [["a1", "a2", "a3"], ["b1"], ["c1", "c2"]]


def test_nsp_pairs_structure(exercise):
    """One example per sentence with a successor (a1, a2, c1), in order; label 0 pairs A with its successor, label 1
    with a sentence of another document."""
    pairs = exercise.nsp_pairs(documents(), torch.Generator().manual_seed(8))
    assert [a for a, _, _ in pairs] == ["a1", "a2", "c1"]
    successor = {"a1": "a2", "a2": "a3", "c1": "c2"}
    for a, b, label in pairs:
        assert label in (0, 1), f"labels are 0 (is next) or 1 (random), got {label!r}"
        if label == 0:
            assert b == successor[a], f"label 0 means B is A's successor: ({a}, {b})"
        else:
            assert b[0] != a[0], f"a random B comes from another document: ({a}, {b})"


def test_nsp_half_are_next(exercise):
    """Over 10,000 examples about half are labelled 0 (bound: 8 standard deviations)."""
    docs = [[f"d{d}s{s}" for s in range(5)] for d in range(2500)]
    labels = [label for _, _, label in exercise.nsp_pairs(docs, torch.Generator().manual_seed(9))]
    assert len(labels) == 10000
    share = labels.count(0) / len(labels)
    assert abs(share - 0.5) < 0.04, f"{share:.3f} of the examples are labelled 'is next', expected about 0.5"


def test_nsp_needs_two_documents(exercise):
    """A document with two sentences and no other document to draw from: ValueError (one more document and it
    works)."""
    assert len(exercise.nsp_pairs([["x", "y"], ["z"]], torch.Generator().manual_seed(10))) == 1
    with pytest.raises(ValueError):
        exercise.nsp_pairs([["x", "y"]], torch.Generator().manual_seed(10))
