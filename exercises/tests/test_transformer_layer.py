"""Visible checks: layer norm, feed-forward, and the post-LN / pre-LN layer, on cases worked out by hand."""
import math

import torch

from exercises.tests.checks import assert_close, assert_shape

# float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
ATOL = 1e-12
EPS = 1e-5  # the layer's layer-norm eps


def layer_params(dim: int, hidden: int, seed: int | None = None, bo: float = 0.0, b2: float = 0.0) -> dict:
    """Random weights for `seed`; for None, all weights zero (MHA(X) = bo and FFN(X) = b2 in every column)."""
    generator = torch.Generator().manual_seed(seed or 0)

    def weight(rows: int, cols: int) -> torch.Tensor:
        if seed is None:
            return torch.zeros(rows, cols, dtype=torch.float64)
        return torch.randn(rows, cols, generator=generator, dtype=torch.float64) / cols**0.5

    def full(size: int, value: float) -> torch.Tensor:
        return torch.full((size,), value, dtype=torch.float64)

    params = {f"W{x}": weight(dim, dim) for x in "qkvo"} | {f"b{x}": full(dim, 0.0) for x in "qkv"}
    params |= {"bo": full(dim, bo), "W1": weight(hidden, dim), "b1": full(hidden, 0.0), "W2": weight(dim, hidden)}
    params |= {"b2": full(dim, b2), "gamma1": full(dim, 1.0), "beta1": full(dim, 0.0)}
    params |= {"gamma2": full(dim, 1.0), "beta2": full(dim, 0.0)}
    return params


def test_layer_norm_normalises_columns(exercise):
    """Columns [1, 3] and [10, 20] both become [-1, 1] (eps=0): per token, biased variance."""
    X = torch.tensor([[1.0, 10.0], [3.0, 20.0]], dtype=torch.float64)
    ones, zeros = torch.ones(2, dtype=torch.float64), torch.zeros(2, dtype=torch.float64)
    out = exercise.layer_norm(X, ones, zeros, eps=0.0)
    assert_close(out, [[-1.0, -1.0], [1.0, 1.0]], ATOL, "layer_norm (rows normalised? unbiased variance gives 0.71)")


def test_layer_norm_scale_shift_and_eps(exercise):
    """gamma and beta act per row; eps sits inside the square root."""
    X = torch.tensor([[1.0, 10.0], [3.0, 20.0]], dtype=torch.float64)
    gamma, beta = torch.tensor([2.0, 3.0], dtype=torch.float64), torch.tensor([0.0, 1.0], dtype=torch.float64)
    assert_close(exercise.layer_norm(X, gamma, beta, eps=0.0), [[-2.0, -2.0], [4.0, 4.0]], ATOL, "gamma * x_hat + beta")
    column = torch.tensor([[1.0], [-1.0]], dtype=torch.float64)  # variance 1
    ones, zeros = torch.ones(2, dtype=torch.float64), torch.zeros(2, dtype=torch.float64)
    assert_close(exercise.layer_norm(column, ones, zeros, eps=3.0), [[0.5], [-0.5]], ATOL, "x / sqrt(1 + eps), eps=3")


def test_feed_forward_by_hand(exercise):
    """W1 = [1, -1]^T, W2 = [1, 1], b2 = 0.5: relu(x) + relu(-x) + 0.5 = |x| + 0.5."""
    X = torch.tensor([[-2.0, 3.0]], dtype=torch.float64)
    W1, b1 = torch.tensor([[1.0], [-1.0]], dtype=torch.float64), torch.zeros(2, dtype=torch.float64)
    W2, b2 = torch.tensor([[1.0, 1.0]], dtype=torch.float64), torch.tensor([0.5], dtype=torch.float64)
    assert_close(exercise.feed_forward(X, W1, b1, W2, b2), [[2.5, 3.5]], ATOL, "feed_forward", names=("D", "N"))


def test_post_ln_normalises_the_output(exercise):
    """Zero weights: MHA and FFN add nothing, so post-LN gives LN2(LN1(X)), the normalised columns."""
    X = torch.tensor([[1.0, 10.0], [3.0, 12.0]], dtype=torch.float64)  # each column has variance 1
    once = 1 / math.sqrt(1 + EPS)
    twice = once / math.sqrt(once**2 + EPS)
    out = exercise.transformer_layer(X, layer_params(2, 3), num_heads=1)
    assert_close(out, [[-twice, -twice], [twice, twice]], ATOL, "post-LN layer with zero weights")


def test_pre_ln_keeps_the_residual_stream(exercise):
    """Zero weights, biases bo=1 and b2=2: pre-LN gives X + bo + b2 (no layer norm on the residual stream)."""
    X = torch.tensor([[1.0, 10.0], [3.0, 12.0]], dtype=torch.float64)
    out = exercise.transformer_layer(X, layer_params(2, 3, bo=1.0, b2=2.0), num_heads=1, norm_first=True)
    assert_close(out, X + 3.0, ATOL, "pre-LN layer with zero weights, bo=1, b2=2")


def test_shapes_and_causality(exercise):
    """X (2, 4, 3) keeps its shape; with a causal mask, changing the last token leaves earlier columns unchanged."""
    generator = torch.Generator().manual_seed(1)
    X = torch.randn(2, 4, 3, generator=generator, dtype=torch.float64)
    causal = torch.tensor([[True, True, True], [False, True, True], [False, False, True]])
    for norm_first in (False, True):
        params = layer_params(4, 8, seed=2)
        before = exercise.transformer_layer(X, params, num_heads=2, mask=causal, norm_first=norm_first)
        assert_shape(before, (2, 4, 3), f"transformer_layer output (norm_first={norm_first})", names=("B", "D", "N"))
        changed = X.clone()
        changed[..., 2] = 5.0
        after = exercise.transformer_layer(changed, params, num_heads=2, mask=causal, norm_first=norm_first)
        what = f"tokens 0 and 1 after changing token 2 (norm_first={norm_first})"
        assert_close(after[..., :2], before[..., :2], ATOL, what)
