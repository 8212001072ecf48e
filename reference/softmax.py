"""Softmax over the columns of a score matrix: each column (one query) becomes a probability vector."""
from __future__ import annotations

import torch

from ._shapes import check_shape


def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    """(..., M, N) -> (..., M, N), softmax along axis -2 so that every column sums to 1.

    Stable for large entries (the column maximum is subtracted), -inf gets weight 0, and a column that is entirely
    -inf (a query that may see no key) comes out as zeros rather than NaN.
    """
    check_shape("scores", scores, ("M", "N"), {})
    hidden_column = torch.isneginf(scores.amax(dim=-2, keepdim=True))   # (..., 1, N): no visible key
    if not hidden_column.any():
        return torch.softmax(scores, dim=-2)
    weights = torch.softmax(scores.masked_fill(hidden_column, 0.0), dim=-2)
    return weights.masked_fill(hidden_column, 0.0)
