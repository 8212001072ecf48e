"""Model answer: scaled dot-product attention. Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import math

import torch

from .masking import apply_mask
from .softmax import softmax_cols


def linear(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Project every column: X (..., D_in, N), W (D_out, D_in), b (D_out,) -> W @ X + b[:, None], (..., D_out, N)."""
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(
            f"W must have shape (D_out, D_in={X.shape[-2]}) to project X (..., D_in, N); got {tuple(W.shape)}"
        )
    ### BEGIN SOLUTION  (todo: multiply by W from the left, add b as a column (b[:, None]) to every token)
    return W @ X + b[:, None]
    ### END SOLUTION


def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """Attention: Q (..., D_k, N_q), K (..., D_k, N_k), V (..., D_v, N_k), optional bool mask (..., N_k, N_q).

    Returns (output (..., D_v, N_q), weights (..., N_k, N_q)), weights = softmax_cols(K^T Q / sqrt(D_k)).
    """
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    ### BEGIN SOLUTION  (todo: scores = K^T Q / sqrt(D_k), mask, softmax over columns, then output = V @ weights)
    d_k = Q.shape[-2]
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)  # (..., N_k, N_q)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
    ### END SOLUTION


def self_attention(
    X: torch.Tensor,
    Wq: torch.Tensor,
    bq: torch.Tensor,
    Wk: torch.Tensor,
    bk: torch.Tensor,
    Wv: torch.Tensor,
    bv: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Self-attention of X (..., D, N) with Wq, Wk (D_k, D), Wv (D_v, D) and biases (D_k,), (D_k,), (D_v,).

    Returns (output (..., D_v, N), weights (..., N, N)).
    """
    ### BEGIN SOLUTION  (todo: Q, K, V = linear(X, Wq, bq), ...; then scaled_dot_product_attention)
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
    ### END SOLUTION
