"""Visible checks: masks: rows are keys, columns are queries, True means visible."""
import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

T, F = True, False


def test_causal_mask(exercise):
    """[j, i] is True iff key j <= query i: an upper triangle in this convention."""
    mask = exercise.causal_mask(3)
    assert isinstance(mask, torch.Tensor) and mask.dtype == torch.bool, "causal_mask should return a bool tensor"
    expected = torch.tensor([[T, T, T], [F, T, T], [F, F, T]])
    assert not torch.equal(mask, expected.T), "this is the transpose (torch.tril): rows are keys, columns are queries"
    assert_close(mask, expected, 0, "causal_mask(3)", names=("N_k", "N_q"))


def test_padding_mask(exercise):
    """lengths [2, 3], n=3: key 2 of the first sequence is padding; one column broadcasts over queries."""
    mask = exercise.padding_mask(torch.tensor([2, 3]), 3)
    assert mask.dtype == torch.bool, f"padding_mask should be bool, got {mask.dtype}"
    assert_close(mask, [[[T], [T], [F]], [[T], [T], [T]]], 0, "padding_mask([2, 3], 3)", names=("B", "N_k", "1"))


def test_local_mask(exercise):
    """n=4, window=1: a band of width 3 around the diagonal."""
    expected = [[T, T, F, F], [T, T, T, F], [F, T, T, T], [F, F, T, T]]
    assert_close(exercise.local_mask(4, 1), expected, 0, "local_mask(4, 1)", names=("N_k", "N_q"))
    assert exercise.local_mask(3, 0).equal(torch.eye(3, dtype=torch.bool)), "window 0 leaves only the diagonal"


def test_apply_mask(exercise):
    """Hidden scores become -inf; visible scores are unchanged."""
    scores = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    masked = exercise.apply_mask(scores, torch.tensor([[T, F], [T, T]]))
    assert_close(masked, [[1.0, -float("inf")], [3.0, 4.0]], 0, "apply_mask(scores, mask)", names=("N_k", "N_q"))


def test_apply_mask_broadcasts(exercise):
    """A padding mask (B, N_k, 1) hides the same keys from every query."""
    scores = torch.zeros(2, 3, 4)
    masked = exercise.apply_mask(scores, torch.tensor([[[T], [F], [T]], [[T], [T], [T]]]))
    assert_shape(masked, (2, 3, 4), "apply_mask of scores (2, 3, 4) and a mask (2, 3, 1)", names=("B", "N_k", "N_q"))
    assert torch.isinf(masked[0, 1]).all() and torch.isfinite(masked[0, [0, 2]]).all(), "key 1 of batch 0 is padding"
    assert torch.isfinite(masked[1]).all(), "batch 1 has no padding"


def test_apply_mask_wants_a_bool_mask(exercise):
    """A 0/1 float mask is ambiguous: ValueError."""
    assert_shape(exercise.apply_mask(torch.zeros(2, 2), torch.ones(2, 2, dtype=torch.bool)), (2, 2), "apply_mask")
    with pytest.raises(ValueError):
        exercise.apply_mask(torch.zeros(2, 2), torch.ones(2, 2))
