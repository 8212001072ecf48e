"""Visible checks: softmax over columns: hand-computed columns, invariants, extreme and masked scores."""
import math

import torch

from exercises.tests.checks import assert_close, assert_shape

INF = float("inf")


def test_worked_example(exercise):
    """Column [0, 0] -> [1/2, 1/2]; column [ln 3, 0] -> [3/4, 1/4]."""
    scores = torch.tensor([[0.0, math.log(3)], [0.0, 0.0]], dtype=torch.float64)
    weights = exercise.softmax_cols(scores)
    # float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
    assert_close(weights, [[0.5, 0.75], [0.5, 0.25]], 1e-12, "softmax_cols([[0, ln 3], [0, 0]])")


def test_columns_sum_to_one(exercise):
    """Every column is a probability distribution (softmax over dim=-2, not dim=-1)."""
    scores = torch.randn(3, 4, 5, generator=torch.Generator().manual_seed(0))
    weights = exercise.softmax_cols(scores)
    assert_shape(weights, (3, 4, 5), "softmax_cols of scores (3, 4, 5)", names=("batch", "M", "N"))
    assert (weights >= 0).all(), "softmax weights are never negative"
    # Four float32 terms per column: the sum is 1 within a few float32 ulps (1.2e-7 each).
    assert_close(weights.sum(dim=-2), torch.ones(3, 5), 1e-6, "the column sums (did you normalise rows?)")


def test_batch_entries_are_independent(exercise):
    """A leading batch axis changes nothing: each matrix is normalised on its own."""
    scores = torch.randn(2, 3, 4, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
    weights = exercise.softmax_cols(scores)
    for b in range(2):
        assert_close(weights[b], exercise.softmax_cols(scores[b]), 1e-15, f"batch entry {b} versus on its own")


def test_large_scores_do_not_overflow(exercise):
    """Entries of +-1e4 in float32: subtract the column maximum before exp."""
    scores = torch.tensor([[1e4, -1e4], [1e4 - 1, 0.0]], dtype=torch.float32)
    weights = exercise.softmax_cols(scores)
    e = math.e
    # Stable means no overflow and no NaN, and an error no larger than a change of the scores in their last float32
    # bit gives (1e4 * 2^-24 = 6e-4): subtracting the column maximum does much better, a log-sum-exp is enough.
    assert_close(weights, [[e / (e + 1), 0.0], [1 / (e + 1), 1.0]], 2e-3, "softmax_cols of scores near +-1e4")
    assert weights.dtype == torch.float32, f"float32 in should give float32 out, got {weights.dtype}"


def test_masked_scores_get_zero_weight(exercise):
    """-inf gets weight 0; a column that is all -inf becomes zeros, not NaN."""
    scores = torch.tensor([[-INF, -INF, 1.0], [0.0, -INF, 1.0]])
    weights = exercise.softmax_cols(scores)
    assert not torch.isnan(weights).any(), "an all -inf column gave NaN: -inf - (-inf) is NaN, treat that max as 0"
    assert_close(weights, [[0.0, 0.0, 0.5], [1.0, 0.0, 0.5]], 1e-6, "softmax_cols with -inf entries")
