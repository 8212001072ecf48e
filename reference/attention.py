"""Scaled dot-product attention in the column convention: A = V softmax_cols(KᵀQ / sqrt(D_k))."""
from __future__ import annotations

import math

import torch

from ._shapes import check_shape
from .masking import apply_mask
from .softmax import softmax_cols


def project(W: torch.Tensor, X: torch.Tensor, b: torch.Tensor | None = None, name: str = "W") -> torch.Tensor:
    """W (out, in), X (..., in, N), b (out,) -> W X + b 1ᵀ of shape (..., out, N)."""
    sizes: dict[str, int] = {}
    check_shape(name, W, ("out", "in"), sizes, batched=False)
    check_shape("X", X, ("in", "N"), sizes)
    # Xᵀ Wᵀ, transposed back: (..., N, in) @ (in, out) folds every batch axis into one matrix product, where W @ X
    # would broadcast W over the batch (a copy of W per call: the LM head's is V × D).
    product = (X.transpose(-2, -1) @ W.transpose(-2, -1)).transpose(-2, -1)
    if b is None:
        return product
    check_shape(f"bias of {name}", b, ("out",), sizes, batched=False)
    return product + b[:, None]


def scaled_dot_product_attention(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor,
                                 mask: torch.Tensor | None = None,
                                 bias: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Q (..., Dk, Nq), K (..., Dk, Nk), V (..., Dv, Nk) -> (output (..., Dv, Nq), weights (..., Nk, Nq)).

    ``weights[..., j, i]`` is how much query i attends to key j; each column sums to 1 (or is all zero when the mask
    hides every key from that query). ``bias`` (broadcastable to (..., Nk, Nq)) is added to the scaled scores
    before masking: a relative-position bias such as T5's (``reference.positions.relative_position_bias``).
    """
    sizes: dict[str, int] = {}
    check_shape("Q", Q, ("Dk", "Nq"), sizes)
    check_shape("K", K, ("Dk", "Nk"), sizes)
    check_shape("V", V, ("Dv", "Nk"), sizes)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(sizes["Dk"])  # (..., Nk, Nq)
    if bias is not None:
        scores = scores + bias
    # without a mask no key is hidden: the plain column softmax (softmax_cols also handles all-hidden columns)
    weights = torch.softmax(scores, dim=-2) if mask is None else softmax_cols(apply_mask(scores, mask))
    return V @ weights, weights


def self_attention(X: torch.Tensor, Wq: torch.Tensor, bq: torch.Tensor, Wk: torch.Tensor, bk: torch.Tensor,
                   Wv: torch.Tensor, bv: torch.Tensor,
                   mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """X (..., D, N) -> (output (..., Dv, N), weights (..., N, N)) with Q = Wq X + bq 1ᵀ, K and V likewise."""
    Q = project(Wq, X, bq, "Wq")
    K = project(Wk, X, bk, "Wk")
    V = project(Wv, X, bv, "Wv")
    return scaled_dot_product_attention(Q, K, V, mask)
