"""The transformer layer: multi-head self-attention and a per-token feed-forward network, each with a residual
connection and layer norm — after the sum (post-LN, the lecture's four lines) or before the sub-block (pre-LN)."""
from __future__ import annotations

import functools

import torch

from ._shapes import check_shape
from .attention import project
from .multihead import check_params, multi_head_attention

FEED_FORWARD_KEYS = ("W1", "b1", "W2", "b2")
ACTIVATIONS = {
    "relu": torch.relu,
    "gelu": torch.nn.functional.gelu,                                               # exact: x·Φ(x), with erf
    "gelu_tanh": functools.partial(torch.nn.functional.gelu, approximate="tanh"),   # GPT-2's "gelu_new"
    "quick_gelu": lambda x: x * torch.sigmoid(1.702 * x),                           # ImageGPT's: x·σ(1.702x)
}


def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """X (..., D, N) -> (..., D, N): each column normalised to mean 0 and (biased) variance 1, then γ·x + β."""
    sizes: dict[str, int] = {}
    check_shape("X", X, ("D", "N"), sizes)
    check_shape("gamma", gamma, ("D",), sizes, batched=False)
    check_shape("beta", beta, ("D",), sizes, batched=False)
    mean = X.mean(dim=-2, keepdim=True)                                  # (..., 1, N)
    variance = (X - mean).square().mean(dim=-2, keepdim=True)            # biased, like nn.LayerNorm
    return (X - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]


def feed_forward(X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor,
                 activation: str = "relu") -> torch.Tensor:
    """X (..., D, N), W1 (F, D), W2 (D, F) -> W2 act(W1 X + b1) + b2, the same network applied to every column."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation: expected one of {sorted(ACTIVATIONS)}, got {activation!r}")
    hidden = ACTIVATIONS[activation](project(W1, X, b1, "W1"))          # (..., F, N)
    return project(W2, hidden, b2, "W2")                                 # (..., D, N)


def _feed_forward_block(X: torch.Tensor, params: dict, activation: str) -> torch.Tensor:
    return feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"], activation)


def residual_sublayers(X: torch.Tensor, sublayers, params: dict, norm_first: bool, eps: float) -> torch.Tensor:
    """Run sublayer k (1-based) with a residual connection and layer norm k (``gamma{k}``, ``beta{k}``).

    post-LN: X ← LN_k(X + f_k(X));  pre-LN: X ← X + f_k(LN_k(X)).
    """
    for k, sublayer in enumerate(sublayers, start=1):
        gamma, beta = params[f"gamma{k}"], params[f"beta{k}"]
        if norm_first:
            X = X + sublayer(layer_norm(X, gamma, beta, eps))
        else:
            X = layer_norm(X + sublayer(X), gamma, beta, eps)
    return X


def transformer_layer(X: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int,
                      mask: torch.Tensor | None = None, norm_first: bool = False, *,
                      activation: str = "relu", eps: float = 1e-5) -> torch.Tensor:
    """X (..., D, N) -> (..., D, N).

    post-LN: X ← LN1(X + MHA(X)); X ← LN2(X + FFN(X))      pre-LN: X ← X + MHA(LN1(X)); X ← X + FFN(LN2(X))
    ``params``: the attention keys (Wq, bq, …, Wo, bo) plus W1, b1, W2, b2, gamma1, beta1, gamma2, beta2.
    """
    check_params(params, FEED_FORWARD_KEYS + ("gamma1", "beta1", "gamma2", "beta2"))
    sublayers = (
        lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
        lambda Y: _feed_forward_block(Y, params, activation),
    )
    return residual_sublayers(X, sublayers, params, norm_first, eps)
