"""Model answer: attention masks. Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch


def causal_mask(n: int) -> torch.Tensor:
    """Causal mask (n, n) bool: [j, i] is True iff key j is at or before query i (j <= i)."""
    ### BEGIN SOLUTION  (todo: compare key positions (n, 1) with query positions (1, n): visible iff key <= query)
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return keys <= queries
    ### END SOLUTION


def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    """Padding mask: lengths (B,) -> (B, n, 1) bool, key j of sequence b visible iff j < lengths[b]."""
    ### BEGIN SOLUTION  (todo: compare key positions (1, n) with lengths (B, 1), then add a query axis of size 1)
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys < lengths[:, None])[:, :, None]
    ### END SOLUTION


def local_mask(n: int, window: int) -> torch.Tensor:
    """Local (banded) mask (n, n) bool: [j, i] is True iff |i - j| <= window."""
    ### BEGIN SOLUTION  (todo: the distance between key j and query i is |i - j|; keep it within the window)
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys).abs() <= window
    ### END SOLUTION


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Hide masked scores: scores (..., N_k, N_q), bool mask broadcastable to it -> (..., N_k, N_q).

    Entries where the mask is False become -inf; the others keep their score.
    """
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    ### BEGIN SOLUTION  (todo: put -inf wherever the mask is False, keep the scores elsewhere)
    return scores.masked_fill(~mask, float("-inf"))
    ### END SOLUTION
