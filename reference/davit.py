"""DaViT's dual attention (Ding et al. 2022): spatial window attention, where tokens attend to tokens within
windows using all channels, alternating with channel group attention, where channels attend to channels using all
tokens — a global view at a cost linear in the number of tokens.

Conventions: a sequence is ``X (..., C, N)`` (tokens are columns), a grid of tokens ``X (..., C, H, W)``
(see ``reference.swin``). In channel attention the roles of the two axes swap: the C rows of X are the "tokens" and
the N token values of a row are its "features" — attention of the transposed sequence Xᵀ (N, C).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ._shapes import check_shape
from .multihead import check_params, project_heads, combine_heads
from .swin import window_attention
from .transformer_layer import feed_forward, layer_norm


def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    """Channel group attention: X (..., C, N) -> (..., C, N).

    Q, K, V = Wq X + bq, … (C, N) as in ``multi_head_attention``, split by rows into ``num_groups`` groups of
    C_g = C/G channels (group g owns rows g·C_g … (g+1)·C_g). Within a group each channel is a token whose features
    are its N values: channel i's query q_i is row i of Q_g, and with weights (C_g keys, C_g queries)
    = softmax_cols(K_g Q_gᵀ · scale), output row i = Σ_j weights[j, i] · (row j of V_g). Groups are stacked back in
    order and mixed by Wo, bo: ``params`` has the keys of ``multi_head_attention``.

    Scale. The default is 1/sqrt(N), the course's 1/sqrt(D_k) with the tokens acting as features: a score is a dot
    product of two N-long rows, whose spread grows like sqrt(N), so dividing by sqrt(N) keeps the softmax out of
    saturation at any image size. This equals ``scaled_dot_product_attention(Q_gᵀ, K_gᵀ, V_gᵀ)`` transposed, and timm's
    ``ChannelAttentionV2`` (``dynamic_scale=True``, Florence-2's DaViT). The DaViT paper and its code (timm's
    ``ChannelAttention``) scale by 1/sqrt(C_g), the number of channels per group — the size of the attention map,
    not the length of the dot product, so their scores grow with the image; pass ``scale=C_g ** -0.5`` for that.
    (That code also names its projections differently: its "k" plays our query, "v" our key and "q" our value;
    ``reference.models.davit`` maps them when loading.) Channel attention is equivariant to permuting the tokens:
    permuting the columns of X permutes the output's columns alike.
    """
    check_params(params)
    sizes: dict[str, int] = {}
    check_shape("X", X, ("C", "N"), sizes)
    C, N = sizes["C"], sizes["N"]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or C % num_groups:
        raise ValueError(f"num_groups: expected a positive divisor of the channel count C={C}, got {num_groups!r}")
    if N == 0:
        raise ValueError("X: channel attention needs at least one token (its channels have N features)")
    if scale is None:
        scale = N ** -0.5
    Q, K, V = (project_heads(params, which, X, num_groups) for which in "qkv")   # (..., G, C_g, N) each
    scores = K @ Q.transpose(-2, -1) * scale                                       # (..., G, C_g keys, C_g queries)
    weights = torch.softmax(scores, dim=-2)                                        # each column (query) sums to 1
    return combine_heads(params, weights.transpose(-2, -1) @ V)                    # (..., G, C_g, N) -> (..., C, N)


# ------------------------------------------------------------------ DaViT's blocks on a grid of tokens

BLOCK_KEYS = ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo", "W1", "b1", "W2", "b2",
              "gamma1", "beta1", "gamma2", "beta2", "cpe1_weight", "cpe1_bias", "cpe2_weight", "cpe2_bias")


def conv_position_encoding(X: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """DaViT's positions: X (B, C, H, W) plus a 3×3 depthwise convolution of itself (weight (C, 1, 3, 3), bias (C,),
    zero padding), so each token learns from its 8 neighbours where it is."""
    check_shape("X", X, ("B", "C", "H", "W"), {}, batched=False)
    return X + F.conv2d(X, weight, bias, padding=weight.shape[-1] // 2, groups=X.shape[1])


def _residual_block(X: torch.Tensor, params: dict[str, torch.Tensor], attend, eps: float) -> torch.Tensor:
    """The frame both DaViT blocks share, on a grid X (B, C, H, W):
    X ← cpe1(X); X ← X + attend(LN1(X)); X ← cpe2(X); X ← X + FFN(LN2(X)) — pre-LN, exact GELU."""
    check_params(params, BLOCK_KEYS)
    H, W = X.shape[-2:]
    X = conv_position_encoding(X, params["cpe1_weight"], params["cpe1_bias"])
    normed = layer_norm(X.flatten(-2), params["gamma1"], params["beta1"], eps).unflatten(-1, (H, W))
    X = X + attend(normed)
    X = conv_position_encoding(X, params["cpe2_weight"], params["cpe2_bias"])
    tokens = X.flatten(-2)                                                          # (B, C, H·W)
    hidden = layer_norm(tokens, params["gamma2"], params["beta2"], eps)
    tokens = tokens + feed_forward(hidden, params["W1"], params["b1"], params["W2"], params["b2"], "gelu")
    return tokens.unflatten(-1, (H, W))


def spatial_block(X: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int, window: int,
                  eps: float = 1e-5) -> torch.Tensor:
    """DaViT's spatial block, X (B, C, H, W) -> (B, C, H, W): multi-head attention within M×M windows (no shift,
    no relative position bias) in the residual frame above. ``params``: ``BLOCK_KEYS``."""
    return _residual_block(X, params, lambda Y: window_attention(Y, params, num_heads, window), eps)


def channel_block(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int, scale: float | None = None,
                  eps: float = 1e-5) -> torch.Tensor:
    """DaViT's channel block, X (B, C, H, W) -> (B, C, H, W): ``channel_attention`` over all H·W tokens in the
    residual frame above. ``params``: ``BLOCK_KEYS``."""
    def attend(Y: torch.Tensor) -> torch.Tensor:
        return channel_attention(Y.flatten(-2), params, num_groups, scale).unflatten(-1, Y.shape[-2:])

    return _residual_block(X, params, attend, eps)


def dual_block(X: torch.Tensor, spatial_params: dict[str, torch.Tensor], channel_params: dict[str, torch.Tensor],
               num_heads: int, window: int, channel_scale: float | None = None, eps: float = 1e-5) -> torch.Tensor:
    """DaViT's dual attention block, X (B, C, H, W) -> (B, C, H, W): a spatial block (tokens attend to tokens in
    windows), then a channel block (channels attend to channels over the whole image), ``num_heads`` heads and
    groups each."""
    X = spatial_block(X, spatial_params, num_heads, window, eps)
    return channel_block(X, channel_params, num_heads, channel_scale, eps)
