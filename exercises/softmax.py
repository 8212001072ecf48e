# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/softmax.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 3 · Softmax over columns

Difficulty: ★☆☆ · Time: about 20 minutes

What
    Attention scores are a matrix S of shape (N_k, N_q): row j is a key, column i is a query. Each query needs a
    probability distribution over the keys, so the softmax runs down each *column*: every column of the result is
    non-negative and sums to 1.

Why
    The weights say how much of each value vector a query takes. Summing to 1 makes the output a weighted average,
    so its scale does not grow with the number of tokens.

Formula
    softmax_cols(S)[j, i] = exp(S[j, i] - m_i) / sum_j' exp(S[j', i] - m_i),    m_i = max_j S[j, i]
    Subtracting the column maximum m_i changes nothing mathematically (it cancels) but keeps exp from overflowing:
    exp(1e4) is inf in float32, exp(0) is 1.

Shapes
    scores (..., M, N) -> weights (..., M, N); the softmax runs over axis -2, leading axes are a batch.

Masked entries
    A masked score is -inf, and exp(-inf) = 0, so it gets weight 0. If a whole column is -inf (a query that may see
    nothing), return a column of zeros, not NaN: the max is then -inf and -inf - (-inf) is NaN, so treat that max
    as 0, and divide by 1 instead of by a zero sum.

The classic trap
    Softmax over the last axis (dim=-1), out of PyTorch habit. That normalises rows -- one distribution per *key* --
    and the attention weights are silently wrong. The test "each column sums to 1" catches it.

Hints (one at a time)
    1. scores.amax(dim=-2, keepdim=True) is the (..., 1, N) row of column maxima.
    2. Replace a -inf maximum by 0 with masked_fill before subtracting it.
    3. After exp, the column sums are exps.sum(dim=-2, keepdim=True); where a sum is 0, divide by 1 instead.
"""
from __future__ import annotations

import torch


def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    """Softmax down each column: scores (..., M, N) -> weights (..., M, N), each column summing to 1.

    Stable for entries of +-1e4 in float32; -inf gets weight 0; an all -inf column becomes zeros, not NaN.
    """
    raise NotImplementedError("softmax_cols: subtract each column's max, exponentiate, divide by each column's sum -- over dim=-2")
