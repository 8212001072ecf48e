"""Self-attention inside a CNN (SAGAN, Zhang et al., 2019): every cell of a feature map attends to every other cell.

A feature map F (..., C, H, W) is read as a sequence of H·W columns in row-major order, X (..., C, H·W). Queries,
keys and values are 1×1 convolutions — the same linear map applied to every cell, i.e. ``W @ X + b`` — and the
attention output is added back to the input, scaled by a learned γ:

    Q = W_q X + b_q,  K = W_k X + b_k  (C_k rows, usually C/8),  V = W_v X + b_v  (C rows)
    out = X + γ · V softmax_cols(KᵀQ)

As in SAGAN the scores are not divided by sqrt(C_k), and γ starts at 0, so a fresh block is the identity.
A 1×1 ``nn.Conv2d`` weight (out, in, 1, 1) is our (out, in) matrix after ``.flatten(1)``.
"""
from __future__ import annotations

import torch

from ._shapes import check_shape
from .attention import project
from .softmax import softmax_cols

FEATURE_ATTENTION_KEYS = ("Wq", "bq", "Wk", "bk", "Wv", "bv", "gamma")


def feature_map_self_attention(features: torch.Tensor, params: dict[str, torch.Tensor]
                               ) -> tuple[torch.Tensor, torch.Tensor]:
    """features (..., C, H, W) -> (output (..., C, H, W), weights (..., H·W, H·W)).

    ``params``: Wq, Wk (C_k, C), bq, bk (C_k,), Wv (C, C), bv (C,), gamma (a 0-d tensor). ``weights[..., j, i]`` is
    how much cell i attends to cell j (cells numbered row-major); each column sums to 1.
    """
    missing = [key for key in FEATURE_ATTENTION_KEYS if key not in params]
    if missing:
        raise ValueError(f"params: missing {', '.join(missing)} (expected keys {', '.join(FEATURE_ATTENTION_KEYS)})")
    sizes: dict[str, int] = {}
    check_shape("features", features, ("C", "H", "W"), sizes)
    check_shape("Wv", params["Wv"], ("C", "C"), sizes, batched=False)
    check_shape("gamma", params["gamma"], (), {}, batched=False)
    X = features.flatten(-2)                                            # (..., C, N), N = H·W
    Q = project(params["Wq"], X, params["bq"], "Wq")                    # (..., C_k, N)
    K = project(params["Wk"], X, params["bk"], "Wk")                    # (..., C_k, N)
    V = project(params["Wv"], X, params["bv"], "Wv")                    # (..., C, N)
    weights = softmax_cols(K.transpose(-2, -1) @ Q)                     # (..., N, N), unscaled as in SAGAN
    output = X + params["gamma"] * (V @ weights)
    return output.unflatten(-1, features.shape[-2:]), weights
