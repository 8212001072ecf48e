"""Model answer: multi-head attention. Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch

from .attention import linear, scaled_dot_product_attention


def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    """Split rows into heads: Y (..., D, N) -> (..., H, D/H, N); head h holds rows h*D/H .. (h+1)*D/H - 1."""
    ### BEGIN SOLUTION  (todo: reshape (..., D, N) to (..., H, D // H, N) -- a head's rows are contiguous)
    *batch, dim, n = Y.shape
    return Y.reshape(*batch, num_heads, dim // num_heads, n)
    ### END SOLUTION


def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    """Stack heads vertically: (..., H, D/H, N) -> (..., D, N), head 0 on top."""
    ### BEGIN SOLUTION  (todo: the reverse reshape of split_heads: (..., H, D/H, N) -> (..., H * D/H, N))
    *batch, num_heads, head_dim, n = heads.shape
    return heads.reshape(*batch, num_heads * head_dim, n)
    ### END SOLUTION


def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    """Multi-head attention: queries from Xq (..., D, N_q), keys and values from Xkv (..., D, N_k) -> (..., D, N_q).

    params: Wq, Wk, Wv, Wo (D, D) and bq, bk, bv, bo (D,). mask: bool (..., N_k, N_q), shared by every head.
    ValueError if D is not divisible by num_heads.
    """
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(
            f"the model width D={dim} (Xq has shape (..., D, N_q)) must be divisible by num_heads={num_heads}"
        )
    ### BEGIN SOLUTION  (todo: project, split_heads, attend with the head axis as a batch axis, merge_heads, Wo)
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)  # (..., H, D/H, N_q)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)  # (..., H, D/H, N_k)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)  # (..., H, D/H, N_k)
    if mask is not None:
        mask = mask.unsqueeze(-3)  # one mask for all heads
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)  # scales by sqrt(D/H), read from Q's shape
    return linear(merge_heads(heads), params["Wo"], params["bo"])
    ### END SOLUTION
