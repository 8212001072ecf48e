"""Exercise 8 · Cross-attention and the decoder layer

Difficulty: ★★☆ · Time: about 35 minutes

What
    In an encoder-decoder model (translation, captioning) the decoder must read the encoder's output. Cross-attention
    is multi-head attention whose *queries* come from the decoder and whose *keys and values* come from the encoder:
    each decoder token asks "which source tokens matter to me?".

Formula
    cross_attention(X_dec, X_enc) = MHA(queries from X_dec, keys and values from X_enc)
    decoder layer (post-LN, like torch.nn.TransformerDecoderLayer with norm_first=False and ReLU):
        X <- LN1(X + MHA_self(X, causal mask))          decoder tokens look at earlier decoder tokens
        X <- LN2(X + MHA_cross(X, X_enc, enc_mask))     ... then at the whole (unpadded) source
        X <- LN3(X + FFN(X))

Shapes
    X_dec (..., D, N_d), X_enc (..., D, N_e) -> (..., D, N_d). The cross-attention weights are (N_e, N_d): rows are
    encoder keys, columns are decoder queries, so an enc_mask is (..., N_e, N_d) or broadcastable to it -- for
    example padding_mask(encoder_lengths, N_e), of shape (B, N_e, 1).
    params: self_attn and cross_attn (dicts as in multi-head attention), W1, b1, W2, b2, gamma1..3, beta1..3.

The classic trap
    Taking the queries from the encoder. The output then has N_e columns instead of N_d -- and when the two lengths
    happen to be equal nothing crashes. The output must have one column per *decoder* token. Second trap: a causal
    mask on the cross-attention; the decoder may see the whole source sentence.

Hints (one at a time)
    1. cross_attention is a single call to multi_head_attention -- decide which argument is Xq and which is Xkv.
    2. The self-attention mask is causal_mask(N_d); the cross-attention mask is enc_mask (or None).
    3. Reuse layer_norm and feed_forward from the transformer-layer exercise.
"""
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
