"""Visible checks: scaled dot-product attention and self-attention, on hand-computed cases and invariants."""
import math

import torch

from exercises.tests.checks import assert_close, assert_shape

T, F = True, False
CAUSAL_3 = torch.tensor([[T, T, T], [F, T, T], [F, F, T]])  # key j visible to query i iff j <= i
# The hand-made cases are float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
ATOL = 1e-12


def test_linear_projects_every_column(exercise):
    """linear(X, W, b) = W @ X + b as a column added to every token."""
    X = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
    W = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=torch.float64)  # (out=3, in=2)
    b = torch.tensor([0.0, 0.0, 10.0], dtype=torch.float64)
    assert_close(exercise.linear(X, W, b), [[1.0, 2.0], [3.0, 4.0], [14.0, 16.0]], ATOL, "linear(X, W, b)")


def test_worked_example(exercise):
    """D_k=4 so scores are divided by 2: scores [0, ln 3] give weights [1/4, 3/4]."""
    Q = torch.ones(4, 1, dtype=torch.float64)
    K = torch.tensor([[0.0, math.log(3) / 2]] * 4, dtype=torch.float64)  # k_1 . q = 2 ln 3, / sqrt(4) = ln 3
    V = torch.tensor([[4.0, 8.0], [1.0, -1.0]], dtype=torch.float64)
    output, weights = exercise.scaled_dot_product_attention(Q, K, V)
    assert_close(weights, [[0.25], [0.75]], ATOL, "the weights (N_k=2, N_q=1); unscaled scores give [0.1, 0.9]")
    assert_close(output, [[7.0], [-0.5]], ATOL, "the output V @ weights (D_v=2, N_q=1)")


def test_shapes_with_batch(exercise):
    """Q (2, 3, 4), K (2, 3, 5), V (2, 6, 5) give output (2, 6, 4) and weights (2, 5, 4)."""
    generator = torch.Generator().manual_seed(0)
    Q, K, V = (torch.randn(shape, generator=generator) for shape in [(2, 3, 4), (2, 3, 5), (2, 6, 5)])
    output, weights = exercise.scaled_dot_product_attention(Q, K, V)
    assert_shape(weights, (2, 5, 4), "weights", names=("B", "N_k", "N_q"))
    assert_shape(output, (2, 6, 4), "output", names=("B", "D_v", "N_q"))
    # Five float32 terms per column: the sum is 1 within a few ulps (1.2e-7 each).
    assert_close(weights.sum(dim=-2), torch.ones(2, 4), 1e-6, "the weights' column sums (one distribution per query)")


def test_mask_hides_keys(exercise):
    """With a causal mask, query 0 sees only key 0, so its output is value column 0."""
    generator = torch.Generator().manual_seed(1)
    Q, K, V = (torch.randn(2, 3, generator=generator, dtype=torch.float64) for _ in range(3))
    output, weights = exercise.scaled_dot_product_attention(Q, K, V, mask=CAUSAL_3)
    assert_close(weights[~CAUSAL_3], torch.zeros(3, dtype=torch.float64), 0, "the weights of hidden keys")
    assert_close(output[:, 0], V[:, 0], ATOL, "output column 0 (query 0 may only see key 0)")


def test_causal_outputs_ignore_the_future(exercise):
    """Under the causal mask, changing the last token's key and value leaves the earlier outputs unchanged."""
    generator = torch.Generator().manual_seed(2)
    Q, K, V = (torch.randn(2, 3, generator=generator, dtype=torch.float64) for _ in range(3))
    before, _ = exercise.scaled_dot_product_attention(Q, K, V, mask=CAUSAL_3)
    K[:, 2], V[:, 2] = 100.0, -100.0
    after, _ = exercise.scaled_dot_product_attention(Q, K, V, mask=CAUSAL_3)
    assert_close(after[:, :2], before[:, :2], ATOL, "outputs of queries 0 and 1 after changing token 2")


def test_self_attention_uniform_weights(exercise):
    """With Wq = Wk = 0 all scores are 0: every output column is the mean of the value columns."""
    X = torch.tensor([[1.0, 2.0, 6.0], [0.0, 3.0, -3.0]], dtype=torch.float64)  # D=2, N=3
    zeros, eye, no_bias = (torch.zeros(2, 2, dtype=torch.float64), torch.eye(2, dtype=torch.float64),
                           torch.zeros(2, dtype=torch.float64))
    output, weights = exercise.self_attention(X, zeros, no_bias, zeros, no_bias, eye, no_bias)
    assert_close(weights, torch.full((3, 3), 1 / 3, dtype=torch.float64), ATOL, "weights when all scores are 0")
    assert_close(output, [[3.0, 3.0, 3.0], [0.0, 0.0, 0.0]], ATOL, "output = mean of the value columns")


def test_self_attention_shapes(exercise):
    """X (4, 5), Wq, Wk (3, 4), Wv (2, 4): output (2, 5), weights (5, 5)."""
    generator = torch.Generator().manual_seed(3)
    X = torch.randn(4, 5, generator=generator)
    Wq, Wk, Wv = (torch.randn(rows, 4, generator=generator) for rows in (3, 3, 2))
    bq, bk, bv = torch.zeros(3), torch.zeros(3), torch.zeros(2)
    output, weights = exercise.self_attention(X, Wq, bq, Wk, bk, Wv, bv)
    assert_shape(output, (2, 5), "output", names=("D_v", "N"))
    assert_shape(weights, (5, 5), "weights", names=("N", "N"))
