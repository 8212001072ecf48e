"""Visible checks: strided and global-token masks in the (N_k, N_q) layout (True = visible), and pattern costs.

Masks and counts are exact: no tolerance.
"""
import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

T, F = True, False


def test_strided_mask_by_hand(exercise):
    """n = 5, stride 2: query i sees keys i, i ± 2, i ± 4 (a checkerboard), in both directions."""
    mask = exercise.strided_mask(5, 2)
    assert isinstance(mask, torch.Tensor) and mask.dtype == torch.bool, "strided_mask should return a bool tensor"
    expected = [[T, F, T, F, T], [F, T, F, T, F], [T, F, T, F, T], [F, T, F, T, F], [T, F, T, F, T]]
    assert_close(mask, expected, 0, "strided_mask(5, 2)", names=("N_k", "N_q"))


def test_strided_mask_stride_3_and_1(exercise):
    """Stride 3 on 4 tokens: only offsets 0 and ±3; stride 1 sees everything (the dense mask)."""
    expected = [[T, F, F, T], [F, T, F, F], [F, F, T, F], [T, F, F, T]]
    assert_close(exercise.strided_mask(4, 3), expected, 0, "strided_mask(4, 3)", names=("N_k", "N_q"))
    assert exercise.strided_mask(3, 1).all(), "stride 1: every key is visible to every query"


def test_strided_mask_rejects_stride_0(exercise):
    """A stride must be at least 1 (a valid stride still works)."""
    assert exercise.strided_mask(4, 2).shape == (4, 4)
    with pytest.raises(ValueError):
        exercise.strided_mask(4, 0)


def test_global_token_mask_by_hand(exercise):
    """Token 1 of 4 is global: row 1 (everyone sees it) and column 1 (it sees everyone) are True."""
    mask = exercise.global_token_mask(torch.tensor([F, T, F, F]))
    expected = [[F, T, F, F], [T, T, T, T], [F, T, F, F], [F, T, F, F]]
    assert_close(mask, expected, 0, "global_token_mask([F, T, F, F])", names=("N_k", "N_q"))


def test_global_token_mask_batched(exercise):
    """A batch of 2 sequences with their own global tokens: (2, 3, 3)."""
    mask = exercise.global_token_mask(torch.tensor([[T, F, F], [F, F, F]]))
    assert_shape(mask, (2, 3, 3), "global_token_mask of is_global (2, 3)", names=("B", "N_k", "N_q"))
    assert mask[0, 0].all() and mask[0, :, 0].all(), "token 0 of sequence 0 is global: its row and column are True"
    assert not mask[1].any(), "sequence 1 has no global token"


def test_costs_by_hand(exercise):
    """n = 8: dense 64, causal 36, a window of 1 scores 8 + 2·7 = 22, stride 3 scores 8 + 2(5 + 2) = 22
    (offsets ±3 hold 5 pairs each, ±6 hold 2), one global token 1·(16 - 1) = 15."""
    cost = exercise.sparse_attention_cost
    assert cost("dense", 8) == 64
    assert cost("causal", 8) == 36
    assert cost("local", 8, window=1) == 22
    assert cost("strided", 8, stride=3) == 22
    assert cost("global", 8, num_global=1) == 15


def test_costs_count_the_masks(exercise):
    """The strided cost is the number of True entries of your own strided_mask; local counts local_mask's, with a
    window wider than the sequence capped (every pair is then visible)."""
    for n, stride in ((1, 1), (7, 2), (10, 4), (12, 12)):
        count = int(exercise.strided_mask(n, stride).sum())
        assert exercise.sparse_attention_cost("strided", n, stride=stride) == count, f"n={n}, stride={stride}"
    assert exercise.sparse_attention_cost("local", 5, window=9) == 25


def test_local_cost_grows_linearly(exercise):
    """At n = 4096 and w = 128, a local window scores about 16 times fewer pairs than dense attention; doubling n
    doubles the local cost but quadruples the dense one."""
    cost = exercise.sparse_attention_cost
    local, dense = cost("local", 4096, window=128), cost("dense", 4096)
    assert local == 4096 * 257 - 128 * 129 and dense == 4096 ** 2
    assert cost("local", 8192, window=128) - 2 * local == 128 * 129
    assert isinstance(local, int), "costs are Python ints"


def test_cost_needs_its_size(exercise):
    """An unknown pattern, or a pattern without its size, is a ValueError (with its size it works)."""
    assert exercise.sparse_attention_cost("local", 8, window=2) == 8 * 5 - 6
    with pytest.raises(ValueError):
        exercise.sparse_attention_cost("banded", 8, window=2)
    with pytest.raises(ValueError):
        exercise.sparse_attention_cost("local", 8)
