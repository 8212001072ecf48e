"""Model answer of the exercise 'davit' (DaViT: channel attention); its lesson is in course/registry.py."""
from __future__ import annotations

import math

import torch

from .attention import linear
from .multihead import merge_heads, split_heads
from .softmax import softmax_cols


def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    """Channel group attention: X (..., C, N) -> (..., C, N); channels attend to channels within each group.

    params: Wq, Wk, Wv, Wo (C, C), bq, bk, bv, bo (C,). Group g owns rows g*C/G ... (g+1)*C/G - 1 of Q, K, V.
    Scores (C/G keys, C/G queries) = K_g Q_g^T * scale, scale = 1/sqrt(N) unless given.
    """
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0): a channel's features are its N token values")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels}), got {tuple(params[name].shape)}")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},), got {tuple(params[name].shape)}")
    ### BEGIN SOLUTION  (todo: project and split into groups; scores = K_g Q_g^T * scale; softmax_cols; weights^T V_g)
    if scale is None:
        scale = 1 / math.sqrt(tokens)                      # a score is a dot product of two N-long rows
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)   # (..., G, C/G, N)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = K @ Q.transpose(-2, -1) * scale               # (..., G, C/G keys, C/G queries)
    weights = softmax_cols(scores)                         # each query channel's weights sum to 1
    attended = weights.transpose(-2, -1) @ V               # (..., G, C/G, N): row i = sum_j weights[j, i] V_g[j]
    return linear(merge_heads(attended), params["Wo"], params["bo"])
    ### END SOLUTION
