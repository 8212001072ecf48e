"""Model answer: cross-attention and the decoder layer.

Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch

from .masking import causal_mask
from .multihead import multi_head_attention
from .transformer_layer import feed_forward, layer_norm


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    """Decoder queries attend to encoder keys/values: X_dec (..., D, N_d), X_enc (..., D, N_e) -> (..., D, N_d).

    enc_mask: optional bool (..., N_e, N_d) or broadcastable, e.g. a padding mask (B, N_e, 1).
    """
    ### BEGIN SOLUTION  (todo: one multi_head_attention call: queries from X_dec, keys and values from X_enc)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
    ### END SOLUTION


def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    """Post-LN decoder layer: X_dec (..., D, N_d), X_enc (..., D, N_e) -> (..., D, N_d).

    Causal self-attention, then cross-attention to X_enc (masked by enc_mask (..., N_e, N_d)), then the FFN; each
    sub-block is followed by residual + layer norm (eps 1e-5).
    """
    ### BEGIN SOLUTION  (todo: three residual + layer-norm steps: causal self-attention, cross-attention, FFN)
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    X = layer_norm(X + thought, params["gamma3"], params["beta3"])
    return X
    ### END SOLUTION
