"""The bridge between the course's column convention and the row layout of PyTorch and Hugging Face.

The course: a sequence is X of shape (..., D, N), tokens are columns; a boolean attention mask is (..., N_k, N_q)
with True where a key is visible to a query; an embedding table is (D, V); a weight is (out, in).

PyTorch and Hugging Face: a sequence is (..., N, D), tokens are rows; ``nn.MultiheadAttention``'s boolean
``attn_mask`` is (N_q, N_k) with True = blocked, ``F.scaled_dot_product_attention``'s is (N_q, N_k) with True = takes
part, a ``key_padding_mask`` is (B, N_k) with True = ignored; an embedding table is (V, D); ``nn.Linear`` stores
(out, in) as we do, GPT-2's ``Conv1D`` stores (in, out). Longformer's layers take one float (B, N) mask for
padding and global tokens together.

Images and grids of tokens: ours are channels-first, a grid X (..., C, H, W) whose token (h, w) is the column
X[..., :, h, w] (as PyTorch's images); Hugging Face's Swin and timm's DaViT hold their grids channels-last,
(B, H, W, C), and their windows as (B·nW, M, M, C) where ours are (B, nW, C, M·M). Swin's attention mask in Hugging
Face is additive, (nW, N_q, N_k) with 0 = visible and −100 = blocked.

Every peer test and every weight loader converts through these functions, so each layout fact lives here once.
"""
from __future__ import annotations

import torch


def to_rows(X: torch.Tensor) -> torch.Tensor:
    """(..., D, N) -> (..., N, D): our token columns become PyTorch's token rows."""
    return X.transpose(-2, -1)


def to_columns(X: torch.Tensor) -> torch.Tensor:
    """(..., N, D) -> (..., D, N): PyTorch's token rows become our token columns."""
    return X.transpose(-2, -1)


def blocked_rows_mask(mask: torch.Tensor) -> torch.Tensor:
    """Our mask (..., N_k, N_q), True = visible -> ``nn.MultiheadAttention``'s (..., N_q, N_k), True = blocked."""
    return ~mask.transpose(-2, -1)


def allowed_rows_mask(mask: torch.Tensor) -> torch.Tensor:
    """Our mask (..., N_k, N_q), True = visible -> ``F.scaled_dot_product_attention``'s (..., N_q, N_k),
    True = takes part."""
    return mask.transpose(-2, -1)


def key_padding_mask(lengths: torch.Tensor, num_keys: int) -> torch.Tensor:
    """Lengths (B,) -> PyTorch's ``key_padding_mask`` (B, N_k), True at the padding keys (position ≥ length)."""
    return torch.arange(num_keys, device=lengths.device)[None, :] >= lengths[:, None]


def longformer_attention_mask(key_visible: torch.Tensor, is_global: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """Our key visibility (B, N) (True = real token) and global tokens (B, N) -> the float (B, N) mask that Hugging
    Face's ``LongformerModel`` hands its ``LongformerSelfAttention`` layers: 0 for a local token, the dtype's most
    negative value for padding, its largest value for a (real) global token."""
    info = torch.finfo(dtype)
    mask = torch.zeros(key_visible.shape, dtype=dtype, device=key_visible.device)
    return mask.masked_fill(~key_visible, info.min).masked_fill(is_global & key_visible, info.max)


def table_to_columns(table: torch.Tensor) -> torch.Tensor:
    """An embedding or position table (V, D), one row per entry -> ours (D, V), one column per entry."""
    return table.T


def conv1d_to_linear(weight: torch.Tensor) -> torch.Tensor:
    """GPT-2's ``Conv1D`` weight (in, out) -> our (out, in)."""
    return weight.T


def split_fused(weight: torch.Tensor, index: int, parts: int = 3) -> torch.Tensor:
    """Part ``index`` of ``parts`` projections stacked along the output axis (dim 0), as in
    ``nn.MultiheadAttention.in_proj_weight`` (3D, D) -> Wq, Wk, Wv (D, D), or a fused bias (3D,) -> (D,)."""
    return weight.chunk(parts)[index]


def additive_rows_mask(mask: torch.Tensor, blocked: float = -100.0, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """Our mask (..., N_k, N_q), True = visible -> an additive mask (..., N_q, N_k): 0 where visible, ``blocked``
    elsewhere (Hugging Face's Swin adds −100)."""
    zero = torch.zeros((), dtype=dtype, device=mask.device)
    return torch.where(mask.transpose(-2, -1), zero, torch.tensor(blocked, dtype=dtype, device=mask.device))


def grid_to_rows(X: torch.Tensor) -> torch.Tensor:
    """Our grid (..., C, H, W) -> channels-last (..., H, W, C)."""
    return X.movedim(-3, -1)


def grid_to_columns(X: torch.Tensor) -> torch.Tensor:
    """A channels-last grid (..., H, W, C) -> ours (..., C, H, W)."""
    return X.movedim(-1, -3)


def windows_to_rows(windows: torch.Tensor, window: int) -> torch.Tensor:
    """Our windows (B, nW, C, M·M) -> Hugging Face's and timm's (B·nW, M, M, C), token (p, q) of a window at [p, q]."""
    return windows.transpose(-2, -1).reshape(-1, window, window, windows.shape[-2])
