"""Model answer: softmax over columns. Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch


def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    """Softmax down each column: scores (..., M, N) -> weights (..., M, N), each column summing to 1.

    Stable for entries of +-1e4 in float32; -inf gets weight 0; an all -inf column becomes zeros, not NaN.
    """
    ### BEGIN SOLUTION  (todo: subtract each column's max, exponentiate, divide by each column's sum -- over dim=-2)
    column_max = scores.amax(dim=-2, keepdim=True)  # (..., 1, N)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)  # an all -inf column: avoid -inf - -inf
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)  # an all-zero column stays zero
    ### END SOLUTION
