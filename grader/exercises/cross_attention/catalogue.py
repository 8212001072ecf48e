"""``cross_attention`` (queries from the decoder) and the post-LN ``decoder_layer``."""
import math

import torch

from grader.catalogue import alternative, wrong
from solutions.cross_attention import cross_attention
from solutions.masking import causal_mask
from solutions.multihead import multi_head_attention
from solutions.transformer_layer import feed_forward, layer_norm


@wrong("cross_attention", """
    Your queries come from the ENCODER and keys/values from the decoder. In cross-attention the decoder asks: queries
    from X_dec, keys and values from X_enc, so the weights are (N_e, N_d) and the output has one column per DECODER
    token.""")
def queries_from_encoder(X_dec, X_enc, params, num_heads, enc_mask=None):
    mask = None if enc_mask is None else enc_mask.transpose(-2, -1)
    return multi_head_attention(X_enc, X_dec, params, num_heads, mask)


@wrong("cross_attention", """
    You ignored enc_mask, so decoder tokens attend to the encoder's padding. Pass it on as the attention mask
    (True = visible encoder position).""")
def encoder_mask_ignored(X_dec, X_enc, params, num_heads, enc_mask=None):
    return multi_head_attention(X_dec, X_enc, params, num_heads)


@wrong("decoder_layer", """
    Your decoder's self-attention is not causal: a decoder token may look at later tokens, which at generation time do
    not exist yet. Pass causal_mask(N_d) to the self-attention.""")
def decoder_self_attention_not_causal(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads), p["gamma1"], p["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
    return layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])


@wrong("decoder_layer", """
    Your decoder layer runs cross-attention before the masked self-attention. The order is: causal self-attention,
    then cross-attention to the encoder, then the feed-forward network, each followed by its own add & norm.""")
def cross_attention_before_self_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    X = layer_norm(X_dec + cross_attention(X_dec, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma1"], p["beta1"])
    X = layer_norm(X + multi_head_attention(X, X, p["self_attn"], num_heads, causal_mask(X.shape[-1])),
                   p["gamma2"], p["beta2"])
    return layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])


@wrong("decoder_layer", """
    Your cross-attention reads the layer's INPUT X_dec instead of the output of the self-attention block. Each
    sub-block works on the running X: X ← LN2(X + CrossMHA(X, X_enc)) with X already updated by self-attention.""")
def cross_attention_reads_layer_input(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads, causal_mask(X_dec.shape[-1])),
                   p["gamma1"], p["beta1"])
    X = layer_norm(X + cross_attention(X_dec, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
    return layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])


@wrong("decoder_layer", """
    Your decoder layer never looks at the encoder: the second attention uses the decoder for keys and values too. The
    middle block is CROSS-attention: queries from the decoder's running X, keys and values from X_enc.""")
def encoder_output_unused(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    causal = causal_mask(X_dec.shape[-1])
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads, causal),
                   p["gamma1"], p["beta1"])
    X = layer_norm(X + multi_head_attention(X, X, p["cross_attn"], num_heads, causal), p["gamma2"], p["beta2"])
    return layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])


@alternative("cross_attention", "Written out with einsum and a loop over heads, not calling multi_head_attention.")
def cross_attention_einsum(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    Q = torch.einsum("ed,...dn->...en", params["Wq"], X_dec) + params["bq"][:, None]
    K = torch.einsum("ed,...dn->...en", params["Wk"], X_enc) + params["bk"][:, None]
    V = torch.einsum("ed,...dn->...en", params["Wv"], X_enc) + params["bv"][:, None]
    heads = []
    for h in range(num_heads):
        rows = slice(h * d, (h + 1) * d)
        scores = torch.einsum("...ck,...cq->...kq", K[..., rows, :], Q[..., rows, :]) / math.sqrt(d)
        if enc_mask is not None:
            scores = scores.masked_fill(~enc_mask, float("-inf"))
        weights = torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
        heads.append(V[..., rows, :] @ weights)
    return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]


@alternative("decoder_layer", "A list of (sub-block, norm) pairs run in order, causal mask built with triu.")
def decoder_block_list(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    causal = torch.ones(n, n, dtype=torch.bool).triu()
    blocks = [
        lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
        lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
        lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
    ]
    X = X_dec
    for k, block in enumerate(blocks, start=1):
        X = layer_norm(X + block(X), params[f"gamma{k}"], params[f"beta{k}"])
    return X


@alternative("decoder_layer", "Three explicit add & norm lines, computed in float64 and cast back.")
def decoder_float64(X_dec, X_enc, params, num_heads, enc_mask=None):
    to64 = lambda value: value.double() if isinstance(value, torch.Tensor) else value             # noqa: E731
    p = {key: {k: to64(v) for k, v in value.items()} if isinstance(value, dict) else to64(value)
         for key, value in params.items()}
    X, E = X_dec.double(), X_enc.double()
    X = layer_norm(X + multi_head_attention(X, X, p["self_attn"], num_heads, causal_mask(X.shape[-1])),
                   p["gamma1"], p["beta1"])
    X = layer_norm(X + cross_attention(X, E, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
    X = layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])
    return X.to(X_dec.dtype)
