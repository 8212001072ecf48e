"""Exercise 4 · Attention masks

Difficulty: ★☆☆ · Time: about 25 minutes

What
    A mask says which key each query may look at. It has the shape of the scores, (N_k, N_q): row j is a key,
    column i is a query, and True means "visible". Hidden scores become -inf, so the column softmax gives them
    weight 0.

Why
    - causal: a decoder predicting token i + 1 must not peek at tokens after i. Key j is visible to query i iff j <= i.
    - padding: sequences in a batch are padded to one length; the padding keys must never be attended to.
    - local: long sequences are made cheaper by letting each query see only keys within `window` positions.

Formula
    causal[j, i]     = j <= i
    padding[b, j, 0] = j < lengths[b]       (one column, broadcasts over all queries)
    local[j, i]      = |i - j| <= window
    apply_mask(S, M) = S where M is True, -inf where M is False

Shapes
    causal_mask(n), local_mask(n, w): (n, n) bool.  padding_mask(lengths (B,), n): (B, n, 1) bool.
    apply_mask(scores (..., N_k, N_q), mask broadcastable to it) -> (..., N_k, N_q).

The classic trap
    Copying `torch.tril` from a PyTorch tutorial. There, scores are (queries, keys), so the causal mask is lower
    triangular. Here rows are keys and columns are queries: the causal mask is *upper* triangular (key j <= query
    i). Write the comparison j <= i with aranges and you cannot get it backwards.

Hints (one at a time)
    1. keys = torch.arange(n)[:, None] is a column (n, 1); queries = torch.arange(n)[None, :] is a row (1, n);
       comparing them broadcasts to (n, n).
    2. padding: torch.arange(n)[None, :] < lengths[:, None] is (B, n); add the query axis with [..., None].
    3. apply_mask: scores.masked_fill(~mask, float("-inf")).
"""
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
