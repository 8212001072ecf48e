# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/attention.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 5 · Scaled dot-product attention

Difficulty: ★★☆ · Time: about 40 minutes

What
    Every token (a column of X) asks a question -- its query -- and every token offers a key and a value. The score
    of key j for query i is the dot product k_j . q_i. A column softmax turns each query's scores into weights, and
    the output for query i is the weighted average of the value columns.

Why
    Attention lets each token build its new representation from the tokens that matter to it, with weights that
    depend on the data rather than on fixed positions.

Formula
    linear(X, W, b) = W X + b 1^T                   (weights are (out, in), like nn.Linear.weight)
    Q = linear(X, Wq, bq),  K = linear(X, Wk, bk),  V = linear(X, Wv, bv)
    weights = softmax_cols(apply_mask(K^T Q / sqrt(D_k), mask))      (N_k, N_q)
    output  = V weights                                               (D_v, N_q)
    Why sqrt(D_k): a dot product of D_k roughly unit-scale terms has standard deviation about sqrt(D_k). Dividing
    by it keeps the scores near unit scale, so the softmax does not saturate into a one-hot with vanishing
    gradients.

Shapes
    Q (..., D_k, N_q), K (..., D_k, N_k), V (..., D_v, N_k) -> output (..., D_v, N_q), weights (..., N_k, N_q).
    Scores K^T Q: (N_k, D_k) @ (D_k, N_q) = (N_k, N_q). Row = key, column = query, like the masks.

The classic trap
    Writing Q^T K (PyTorch's row-convention formula Q K^T transposed by habit). That is (N_q, N_k): the softmax then
    runs over queries, and when N_q == N_k nothing crashes -- it is just wrong. Second trap: scaling by sqrt of the
    model width instead of the key width D_k (they differ once you have several heads).

Hints (one at a time)
    1. K.transpose(-2, -1) @ Q works for any number of leading batch axes; K.T does not.
    2. D_k is Q.shape[-2]. Apply the mask (if any) before the softmax, never after.
    3. self_attention is three calls to linear followed by one call to scaled_dot_product_attention.
"""
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
    raise NotImplementedError('linear: multiply by W from the left, add b as a column (b[:, None]) to every token')


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
    raise NotImplementedError('scaled_dot_product_attention: scores = K^T Q / sqrt(D_k), mask, softmax over columns, then output = V @ weights')


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
    raise NotImplementedError('self_attention: Q, K, V = linear(X, Wq, bq), ...; then scaled_dot_product_attention')
