"""Cross-attention and the decoder layer of an encoder–decoder transformer.

In cross-attention the decoder asks and the encoder answers: queries come from the decoder's X_dec (D, N_d), keys and
values from the encoder's output X_enc (D, N_e), so the weights are (N_e, N_d) and the output has one column per
decoder token.
"""
from __future__ import annotations

import torch

from ._shapes import check_shape
from .masking import causal_mask
from .multihead import check_params, multi_head_attention
from .transformer_layer import FEED_FORWARD_KEYS, _feed_forward_block, residual_sublayers


def cross_attention(X_dec: torch.Tensor, X_enc: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int,
                    enc_mask: torch.Tensor | None = None) -> torch.Tensor:
    """X_dec (..., D, Nd), X_enc (..., D, Ne) -> (..., D, Nd); ``enc_mask`` is (..., Ne, Nd) or broadcastable."""
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)


def decoder_layer(X_dec: torch.Tensor, X_enc: torch.Tensor, params: dict, num_heads: int,
                  enc_mask: torch.Tensor | None = None, *, self_mask: torch.Tensor | None = None,
                  norm_first: bool = False, activation: str = "relu", eps: float = 1e-5) -> torch.Tensor:
    """X_dec (..., D, Nd), X_enc (..., D, Ne) -> (..., D, Nd), as ``nn.TransformerDecoderLayer`` computes it.

    post-LN: X ← LN1(X + SelfMHA(X, causal)); X ← LN2(X + CrossMHA(X, X_enc)); X ← LN3(X + FFN(X)).
    ``params``: ``self_attn`` and ``cross_attn`` (attention dicts), W1, b1, W2, b2, gamma1..3, beta1..3.
    ``self_mask`` defaults to the causal mask.
    """
    check_params(params, ("self_attn", "cross_attn") + FEED_FORWARD_KEYS
                 + ("gamma1", "beta1", "gamma2", "beta2", "gamma3", "beta3"))
    check_shape("X_dec", X_dec, ("D", "Nd"), {})
    if self_mask is None:
        self_mask = causal_mask(X_dec.shape[-1], device=X_dec.device)

    sublayers = (
        lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask),
        lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
        lambda Y: _feed_forward_block(Y, params, activation),
    )
    return residual_sublayers(X_dec, sublayers, params, norm_first, eps)
