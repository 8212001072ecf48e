# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/transformer_layer.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 7 · The transformer layer

Difficulty: ★★☆ · Time: about 45 minutes

What
    A transformer layer alternates two sub-blocks, each wrapped in a residual connection and a layer norm:
    multi-head self-attention (tokens exchange information) and a feed-forward network applied to every column on
    its own (each token thinks alone, with weights shared across positions).

Formula (post-LN, the lecture's four lines; the default)
    X <- LayerNorm_1(X + MHA(X))
    X <- LayerNorm_2(X + FFN(X))
Pre-LN (norm_first=True; trains more stably in deep stacks, used by GPT-2 and most modern models)
    X <- X + MHA(LayerNorm_1(X))
    X <- X + FFN(LayerNorm_2(X))
Pieces
    LayerNorm(x) = gamma * (x - mean(x)) / sqrt(var(x) + eps) + beta, per column x, with the *biased* variance
                   (divide by D, not D - 1) and eps inside the square root.
    FFN(X) = W2 relu(W1 X + b1) + b2, with a hidden width F (often 4D).

Shapes
    X (..., D, N) -> (..., D, N) for every function here; gamma, beta (D,); W1 (F, D), b1 (F,), W2 (D, F), b2 (D,).
    params = the attention keys Wq, bq, Wk, bk, Wv, bv, Wo, bo plus W1, b1, W2, b2, gamma1, beta1, gamma2, beta2.

The classic trap
    Normalising over the wrong axis. In PyTorch's (N, D) layout LayerNorm uses the last axis; here a token is a
    column, so mean and variance run over axis -2 (the D features of one token). Also: torch.var defaults to the
    unbiased estimate -- pass unbiased=False (or correction=0).

Hints (one at a time)
    1. mean = X.mean(dim=-2, keepdim=True); var = X.var(dim=-2, keepdim=True, correction=0).
    2. gamma and beta scale the rows: use gamma[:, None] and beta[:, None].
    3. transformer_layer calls multi_head_attention(Y, Y, params, num_heads, mask) -- self-attention passes the same
       Y twice -- then feed_forward; write the post-LN and pre-LN branches as two short blocks.
"""
from __future__ import annotations

import torch

from .attention import linear
from .multihead import multi_head_attention


def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """Layer norm per token: each column of X (..., D, N) to mean 0, variance 1, then * gamma (D,) + beta (D,)."""
    raise NotImplementedError('layer_norm: mean and biased variance over dim=-2, (X - mean) / sqrt(var + eps), then gamma, beta')


def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    """Position-wise FFN: X (..., D, N) -> W2 relu(W1 X + b1) + b2, (..., D, N).

    W1 (F, D), b1 (F,), W2 (D, F), b2 (D,): the same weights for every column.
    """
    raise NotImplementedError('feed_forward: linear with W1, b1, then relu, then linear with W2, b2')


def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    """One encoder layer: X (..., D, N) -> (..., D, N); post-LN by default, pre-LN if norm_first.

    mask: optional bool (..., N, N) for the self-attention. Layer-norm eps is 1e-5.
    """
    raise NotImplementedError('transformer_layer: post-LN: X = LN1(X + MHA(X)); X = LN2(X + FFN(X)). pre-LN: X = X + MHA(LN1(X)); ...')
