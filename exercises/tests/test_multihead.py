"""Visible checks: multi-head attention: a two-head case by hand, shapes, the shared mask, the head-count check."""
import math

import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

# float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
ATOL = 1e-12


def identity_params(dim: int) -> dict[str, torch.Tensor]:
    eye, zero = torch.eye(dim, dtype=torch.float64), torch.zeros(dim, dtype=torch.float64)
    return {"Wq": eye, "Wk": eye, "Wv": eye, "Wo": eye, "bq": zero, "bk": zero, "bv": zero, "bo": zero}


def random_params(dim: int, seed: int) -> dict[str, torch.Tensor]:
    generator = torch.Generator().manual_seed(seed)
    params = {f"W{x}": torch.randn(dim, dim, generator=generator, dtype=torch.float64) / dim**0.5 for x in "qkvo"}
    params |= {f"b{x}": torch.randn(dim, generator=generator, dtype=torch.float64) for x in "qkvo"}
    return params


def test_two_heads_by_hand(exercise):
    """D=2, H=2: head 0 attends with row 0 alone, head 1 with row 1 alone, each scaled by 1/sqrt(1)."""
    X = torch.tensor([[1.0, 0.0], [0.0, 2.0]], dtype=torch.float64)
    output = exercise.multi_head_attention(X, X, identity_params(2), num_heads=2)
    e = math.e
    # head 0: scores x_j x_i on row [1, 0] -> query 0 weights [e, 1]/(e+1), query 1 uniform; values [1, 0]
    # head 1: scores on row [0, 2] -> query 0 uniform, query 1 weights [1, e^4]/(1+e^4); values [0, 2]
    expected = [[e / (e + 1), 0.5], [1.0, 2 * e**4 / (1 + e**4)]]
    assert_close(output, expected, ATOL, "multi_head_attention with identity weights, H=2 (is each head scaled by "
                 "1/sqrt(D/H) and given its own rows?)", names=("D", "N_q"))


def test_shapes_cross_lengths(exercise):
    """Xq (2, 4, 3) and Xkv (2, 4, 5) give (2, 4, 3): one column per query."""
    generator = torch.Generator().manual_seed(0)
    Xq = torch.randn(2, 4, 3, generator=generator, dtype=torch.float64)
    Xkv = torch.randn(2, 4, 5, generator=generator, dtype=torch.float64)
    output = exercise.multi_head_attention(Xq, Xkv, random_params(4, seed=1), num_heads=2)
    assert_shape(output, (2, 4, 3), "multi_head_attention output", names=("B", "D", "N_q"))


def test_batch_entries_are_independent(exercise):
    """The batched result equals the result for each batch entry on its own."""
    generator = torch.Generator().manual_seed(2)
    X = torch.randn(2, 4, 3, generator=generator, dtype=torch.float64)
    params = random_params(4, seed=3)
    batched = exercise.multi_head_attention(X, X, params, num_heads=4)
    for b in range(2):
        alone = exercise.multi_head_attention(X[b], X[b], params, num_heads=4)
        assert_close(batched[b], alone, ATOL, f"batch entry {b} versus on its own")


def test_mask_applies_to_every_head(exercise):
    """Under a causal mask query 0 sees only token 0 in every head: output[:, 0] = Wo (Wv x_0 + bv) + bo."""
    generator = torch.Generator().manual_seed(4)
    X = torch.randn(4, 3, generator=generator, dtype=torch.float64)
    params = random_params(4, seed=5)
    causal = torch.tensor([[True, True, True], [False, True, True], [False, False, True]])
    output = exercise.multi_head_attention(X, X, params, num_heads=2, mask=causal)
    expected = params["Wo"] @ (params["Wv"] @ X[:, 0] + params["bv"]) + params["bo"]
    assert_close(output[:, 0], expected, ATOL, "output column 0 under the causal mask")


def test_width_must_divide_into_heads(exercise):
    """D=4 cannot be split into 3 heads: ValueError."""
    X = torch.zeros(4, 2, dtype=torch.float64)
    assert_shape(exercise.multi_head_attention(X, X, identity_params(4), num_heads=4), (4, 2), "output for H=4")
    with pytest.raises(ValueError):
        exercise.multi_head_attention(X, X, identity_params(4), num_heads=3)
