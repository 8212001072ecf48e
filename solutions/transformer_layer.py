"""Model answer: the transformer layer. Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch

from .attention import linear
from .multihead import multi_head_attention


def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """Layer norm per token: each column of X (..., D, N) to mean 0, variance 1, then * gamma (D,) + beta (D,)."""
    ### BEGIN SOLUTION  (todo: mean and biased variance over dim=-2, (X - mean) / sqrt(var + eps), then gamma, beta)
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, correction=0)  # biased: divide by D
    normalised = (X - mean) / torch.sqrt(variance + eps)
    return gamma[:, None] * normalised + beta[:, None]
    ### END SOLUTION


def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    """Position-wise FFN: X (..., D, N) -> W2 relu(W1 X + b1) + b2, (..., D, N).

    W1 (F, D), b1 (F,), W2 (D, F), b2 (D,): the same weights for every column.
    """
    ### BEGIN SOLUTION  (todo: linear with W1, b1, then relu, then linear with W2, b2)
    hidden = torch.relu(linear(X, W1, b1))  # (..., F, N)
    return linear(hidden, W2, b2)
    ### END SOLUTION


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
    ### BEGIN SOLUTION  (todo: post-LN: X = LN1(X + MHA(X)); X = LN2(X + FFN(X)). pre-LN: X = X + MHA(LN1(X)); ...)
    def attend(Y: torch.Tensor) -> torch.Tensor:
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y: torch.Tensor) -> torch.Tensor:
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    def norm1(Y: torch.Tensor) -> torch.Tensor:
        return layer_norm(Y, params["gamma1"], params["beta1"])

    def norm2(Y: torch.Tensor) -> torch.Tensor:
        return layer_norm(Y, params["gamma2"], params["beta2"])

    if norm_first:
        X = X + attend(norm1(X))
        X = X + think(norm2(X))
    else:
        X = norm1(X + attend(X))
        X = norm2(X + think(X))
    return X
    ### END SOLUTION
