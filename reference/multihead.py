"""Multi-head attention: H heads of width D/H side by side, concatenated vertically, then mixed by W_o.

Head h owns rows h·D/H .. (h+1)·D/H of the projected queries, keys and values — the layout of PyTorch's
``in_proj_weight`` — so weights copy straight from ``nn.MultiheadAttention``.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape
from .attention import project, scaled_dot_product_attention
from .positions import rotary_embedding

ATTENTION_KEYS = ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")


def split_heads(X: torch.Tensor, num_heads: int) -> torch.Tensor:
    """(..., D, N) -> (..., H, D/H, N): head h gets rows h·D/H .. (h+1)·D/H."""
    return X.unflatten(-2, (num_heads, X.shape[-2] // num_heads))


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    """(..., H, D/H, N) -> (..., D, N): the heads stacked vertically in order (inverse of ``split_heads``)."""
    return X.flatten(-3, -2)


def project_heads(params: dict[str, torch.Tensor], which: str, X: torch.Tensor, num_heads: int) -> torch.Tensor:
    """The queries, keys or values (``which`` = "q", "k" or "v") of X (..., D, N), split: (..., H, D/H, N)."""
    return split_heads(project(params[f"W{which}"], X, params[f"b{which}"], f"W{which}"), num_heads)


def combine_heads(params: dict[str, torch.Tensor], heads: torch.Tensor) -> torch.Tensor:
    """Head outputs (..., H, D/H, N) stacked vertically and mixed by W_o: (..., D, N)."""
    return project(params["Wo"], merge_heads(heads), params["bo"], "Wo")


def check_heads(dim: int, num_heads: int) -> None:
    """ValueError unless ``num_heads`` is a positive divisor of the model width ``dim``."""
    check_positive_int("num_heads", num_heads)
    if dim % num_heads:
        raise ValueError(f"num_heads: the model width D={dim} is not divisible by num_heads={num_heads}")


def check_params(params: dict, keys: tuple[str, ...] = ATTENTION_KEYS) -> None:
    """ValueError naming the missing keys of a parameter dict."""
    missing = [key for key in keys if key not in params]
    if missing:
        raise ValueError(f"params: missing {', '.join(missing)} (expected keys {', '.join(keys)})")


def multi_head_attention(Xq: torch.Tensor, Xkv: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int,
                         mask: torch.Tensor | None = None, return_weights: bool = False, *,
                         position_bias: torch.Tensor | None = None, rotary_base: float | None = None):
    """Xq (..., D, Nq) attends to Xkv (..., D, Nk) -> (..., D, Nq); with ``return_weights`` also (..., H, Nk, Nq).

    ``params``: Wq, Wk, Wv, Wo (D, D) and bq, bk, bv, bo (D,). Each head scales by 1/sqrt(D/H). A mask
    (..., Nk, Nq) applies to every head: it gains a head axis at position -3.

    Relative positions, as options: ``position_bias`` (broadcastable to (..., H, Nk, Nq), e.g. T5's
    ``relative_position_bias``) is added to every head's scaled scores; ``rotary_base`` rotates each head's queries
    and keys (``rotary_embedding``, positions 0 .. N − 1 for both) before the scores.
    """
    check_params(params)
    sizes: dict[str, int] = {}
    check_shape("Xq", Xq, ("D", "Nq"), sizes)
    check_shape("Xkv", Xkv, ("D", "Nk"), sizes)
    check_heads(sizes["D"], num_heads)
    if mask is not None and (not isinstance(mask, torch.Tensor) or mask.dim() < 2):
        raise ValueError("mask: expected a boolean tensor of shape (..., Nk, Nq)")
    Q = project_heads(params, "q", Xq, num_heads)                     # (..., H, D/H, Nq)
    K = project_heads(params, "k", Xkv, num_heads)                    # (..., H, D/H, Nk)
    V = project_heads(params, "v", Xkv, num_heads)                    # (..., H, D/H, Nk)
    if rotary_base is not None:
        Q, K = rotary_embedding(Q, K, base=rotary_base)
    head_mask = None if mask is None else mask.unsqueeze(-3)
    heads, weights = scaled_dot_product_attention(Q, K, V, head_mask, position_bias)  # (..., H, D/H, Nq)
    output = combine_heads(params, heads)                             # (..., D, Nq)
    return (output, weights) if return_weights else output
