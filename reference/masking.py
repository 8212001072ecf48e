"""Boolean attention masks in the (N_k, N_q) layout: entry [j, i] is True when key j is visible to query i.

PyTorch's ``attn_mask`` uses the transposed (N_q, N_k) layout, and its boolean masks mean the opposite
(True = *blocked*) in ``nn.MultiheadAttention``: ``torch_mask = ~our_mask.transpose(-2, -1)``.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape


def causal_mask(n: int, device: torch.device | str | None = None) -> torch.Tensor:
    """(n, n): True iff key j ≤ query i, i.e. on and above the diagonal."""
    check_positive_int("n", n, minimum=0)
    position = torch.arange(n, device=device)
    return position[:, None] <= position[None, :]


def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    """lengths (B,) -> (B, n, 1): key j of sequence b is visible iff j < lengths[b]; broadcasts over queries."""
    check_positive_int("n", n, minimum=0)
    check_shape("lengths", lengths, ("B",), {}, batched=False)
    if lengths.dtype.is_floating_point or lengths.dtype == torch.bool:
        raise ValueError("lengths: expected an integer tensor of shape (B,)")
    if lengths.numel() and (lengths.min() < 0 or lengths.max() > n):
        raise ValueError(f"lengths: every length must lie in [0, n={n}]")
    return torch.arange(n, device=lengths.device)[None, :, None] < lengths[:, None, None]


def local_mask(n: int, window: int, device: torch.device | str | None = None) -> torch.Tensor:
    """(n, n): True iff |i − j| ≤ window (each query sees the keys within ``window`` positions)."""
    check_positive_int("n", n, minimum=0)
    check_positive_int("window", window, minimum=0)
    position = torch.arange(n, device=device)
    return (position[:, None] - position[None, :]).abs() <= window


def apply_mask(scores: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
    """Scores (..., N_k, N_q) with -inf where ``mask`` (boolean, broadcastable to the scores) is False."""
    if mask is None:
        return scores
    if not isinstance(mask, torch.Tensor) or mask.dtype != torch.bool:
        raise ValueError("mask: expected a boolean tensor (True = visible) broadcastable to (..., N_k, N_q)")
    try:  # a view, which exists iff the mask broadcasts to the scores without growing them (and, unlike
        mask.expand(scores.shape)  # torch.broadcast_shapes, does not import sympy on first use: a second)
    except RuntimeError:
        raise ValueError(f"mask: shape {tuple(mask.shape)} does not broadcast to the scores' shape "
                         f"{tuple(scores.shape)} (layout (..., N_k, N_q))") from None
    return scores.masked_fill(~mask, float("-inf"))
