"""Visible checks: DaViT's channel attention on cases worked by hand.

Tolerance 1e-6 throughout: the values are of order 1 and each result takes a handful of float32 operations
(a softmax over two or three entries, sums of two or three products), each off by at most 6e-8 relative.
"""
import math

import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape


def identity_params(channels: int) -> dict[str, torch.Tensor]:
    """Q = K = V = X and no output mixing: Wq = Wk = Wv = Wo = I, all biases 0."""
    params = {f"W{name}": torch.eye(channels) for name in "qkvo"}
    params.update({f"b{name}": torch.zeros(channels) for name in "qkvo"})
    return params


def test_two_channels_by_hand(exercise):
    """X has channel rows x0 = (1, 0) and x1 = (0, 1) over N = 2 tokens, identity projections, one group.
    Scores (keys x queries) = K Q^T / sqrt(2) = I / sqrt(2); softmax of a column (1/sqrt2, 0) gives
    p = e^(1/sqrt2) / (e^(1/sqrt2) + 1) on the own channel, 1 - p on the other: output row 0 = (p, 1 - p)."""
    X = torch.eye(2)
    out = exercise.channel_attention(X, identity_params(2), 1)
    p = math.exp(2 ** -0.5) / (math.exp(2 ** -0.5) + 1)
    assert_close(out, [[p, 1 - p], [1 - p, p]], 1e-6, "channel_attention(I, identity params, 1 group)",
                 names=("C", "N"))


def test_scale_is_one_over_sqrt_of_the_token_count(exercise):
    """The same two channels spread over N = 8 tokens (x0 = (1, 1, 1, 1, 0, 0, 0, 0), x1 its complement): each
    channel's dot product with itself is 4, with the other 0, so the scores are 4 / sqrt(8) on the diagonal -- the
    dot products have 8 terms, and the default scale is 1/sqrt(N), not 1/sqrt(C)."""
    x0 = torch.tensor([1.0, 1, 1, 1, 0, 0, 0, 0])
    X = torch.stack([x0, 1 - x0])
    out = exercise.channel_attention(X, identity_params(2), 1)
    p = math.exp(4 / math.sqrt(8)) / (math.exp(4 / math.sqrt(8)) + 1)
    assert_close(out[0], p * x0 + (1 - p) * (1 - x0), 1e-6, "output row 0 (scale 1/sqrt(8))", names=("N",))


def test_explicit_scale(exercise):
    """scale=0 makes every score 0: each channel's output row is the mean of the value rows of its group."""
    X = torch.tensor([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0], [0.0, 4.0, 0.0], [2.0, 0.0, 2.0]])
    out = exercise.channel_attention(X, identity_params(4), 2, scale=0.0)
    expected = [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [1.0, 2.0, 1.0], [1.0, 2.0, 1.0]]
    assert_close(out, expected, 1e-6, "channel_attention with scale=0 and 2 groups", names=("C", "N"))


def test_groups_do_not_mix(exercise):
    """With 2 groups of one channel each, a channel only sees itself: the output is X (identity projections)."""
    X = torch.tensor([[1.0, -2.0, 0.5], [3.0, 0.0, 1.0]])
    assert_close(exercise.channel_attention(X, identity_params(2), 2), X, 1e-6, "channel_attention, 2 groups of 1")


def test_batch_and_shapes(exercise):
    """X (2, 4, 5) with 2 groups -> (2, 4, 5); 3 groups do not divide C = 4: ValueError."""
    X = torch.randn(2, 4, 5, generator=torch.Generator().manual_seed(0))
    assert_shape(exercise.channel_attention(X, identity_params(4), 2), (2, 4, 5), "channel_attention((2, 4, 5))",
                 names=("B", "C", "N"))
    with pytest.raises(ValueError):
        exercise.channel_attention(X, identity_params(4), 3)
