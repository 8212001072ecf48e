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


@alternative("cross_attention", "Projections split into (B, H, N, D/H) and torch's fused scaled_dot_product_attention "
             "(which gives a query that sees no key zero weights); the mask transposed to its row layout.")
def fused_row_layout(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")

    def heads(W, b, X):                                              # (..., D, N) -> (..., H, N, D/H)
        return (W @ X + b[:, None]).unflatten(-2, (num_heads, D // num_heads)).transpose(-2, -1)

    q = heads(params["Wq"], params["bq"], X_dec)
    k, v = heads(params["Wk"], params["bk"], X_enc), heads(params["Wv"], params["bv"], X_enc)
    mask = None if enc_mask is None else enc_mask.transpose(-2, -1).unsqueeze(-3)          # (..., 1, N_d, N_e)
    out = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)         # (..., H, N_d, D/H)
    return params["Wo"] @ out.transpose(-2, -1).flatten(-3, -2) + params["bo"][:, None]


@alternative("decoder_layer", "Row layout inside: transposed once, the layer norms and the feed-forward network with "
             "torch.nn.functional, the attentions through the contract functions, transposed back.")
def decoder_row_layout(X_dec, X_enc, params, num_heads, enc_mask=None):
    F = torch.nn.functional
    p, D = params, X_dec.shape[-2]
    rows = X_dec.transpose(-2, -1)                                                         # (..., N_d, D)
    causal = torch.ones(rows.shape[-2], rows.shape[-2], dtype=torch.bool).triu()

    def attend_self(Y):                                                                    # rows in, rows out
        X = Y.transpose(-2, -1)
        return multi_head_attention(X, X, p["self_attn"], num_heads, causal).transpose(-2, -1)

    def attend_encoder(Y):
        return cross_attention(Y.transpose(-2, -1), X_enc, p["cross_attn"], num_heads, enc_mask).transpose(-2, -1)

    rows = F.layer_norm(rows + attend_self(rows), (D,), p["gamma1"], p["beta1"], 1e-5)
    rows = F.layer_norm(rows + attend_encoder(rows), (D,), p["gamma2"], p["beta2"], 1e-5)
    thought = F.linear(F.relu(F.linear(rows, p["W1"], p["b1"])), p["W2"], p["b2"])
    return F.layer_norm(rows + thought, (D,), p["gamma3"], p["beta3"], 1e-5).transpose(-2, -1)


@wrong("cross_attention", """
    A decoder token that sees no encoder token (its enc_mask column is all False, e.g. an empty source sentence) comes
    out as NaN: a plain softmax over the keys turns a column of -inf into 0/0. The contract, inherited from
    scaled_dot_product_attention, gives it zero weights, so its output is bo. Build cross-attention on
    multi_head_attention (or softmax_cols), or zero those columns.""")
def nan_for_decoder_token_without_keys(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    d = D // num_heads
    split = lambda Y: Y.unflatten(-2, (num_heads, d))                              # noqa: E731
    Q = split(params["Wq"] @ X_dec + params["bq"][:, None])
    K = split(params["Wk"] @ X_enc + params["bk"][:, None])
    V = split(params["Wv"] @ X_enc + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
    if enc_mask is not None:
        scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
    heads = V @ torch.softmax(scores, dim=-2)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("cross_attention", """
    You hid masked encoder positions with -1e9 instead of -inf. A decoder token that sees at least one encoder token
    gets the same result, but one that sees NONE gets uniform weights over the hidden positions — the average of the
    padding's values — instead of zero weights and an output of bo. Mask with -inf (multi_head_attention does).""")
def encoder_mask_filled_with_large_negative(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    d = D // num_heads
    split = lambda Y: Y.unflatten(-2, (num_heads, d))                              # noqa: E731
    Q = split(params["Wq"] @ X_dec + params["bq"][:, None])
    K = split(params["Wk"] @ X_enc + params["bk"][:, None])
    V = split(params["Wv"] @ X_enc + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
    if enc_mask is not None:
        scores = scores.masked_fill(~enc_mask.unsqueeze(-3), -1e9)
    heads = V @ torch.softmax(scores, dim=-2)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("cross_attention", """
    Your keys come from the decoder and only the values from the encoder. In cross-attention both keys and values
    come from X_enc (the decoder asks, the encoder answers): K = Wk X_enc + bk, V = Wv X_enc + bv; only the queries
    come from X_dec.""")
def keys_from_decoder(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    d = D // num_heads
    split = lambda Y: Y.unflatten(-2, (num_heads, d))                              # noqa: E731
    Q = split(params["Wq"] @ X_dec + params["bq"][:, None])
    K = split(params["Wk"] @ X_dec + params["bk"][:, None])
    V = split(params["Wv"] @ X_enc + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
    if enc_mask is not None:
        scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
    heads = V @ torch.softmax(scores, dim=-2).nan_to_num(0.0)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("decoder_layer", """
    Your causal mask is the lower triangle (torch.tril, the row layout's causal mask), so each decoder token sees the
    tokens AFTER it, not before. Masks here are (N_k, N_q): key j is visible to query i iff j <= i, the upper
    triangle — use causal_mask(N_d).""")
def decoder_causal_mask_lower_triangle(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    n = X_dec.shape[-1]
    lower = torch.ones(n, n, dtype=torch.bool).tril()
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads, lower), p["gamma1"],
                   p["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
    return layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])


@wrong("decoder_layer", """
    You wrote a pre-LN decoder layer (X ← X + block(LN(X)), as in GPT-2). The contract's decoder layer is post-LN,
    like torch.nn.TransformerDecoderLayer's default: X ← LN_k(X + block(X)) for each of the three sub-blocks.""")
def decoder_pre_ln(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    causal = causal_mask(X_dec.shape[-1])
    Y = layer_norm(X_dec, p["gamma1"], p["beta1"])
    X = X_dec + multi_head_attention(Y, Y, p["self_attn"], num_heads, causal)
    X = X + cross_attention(layer_norm(X, p["gamma2"], p["beta2"]), X_enc, p["cross_attn"], num_heads, enc_mask)
    Y = layer_norm(X, p["gamma3"], p["beta3"])
    return X + feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])


@wrong("decoder_layer", """
    Your decoder layer runs the feed-forward network before the cross-attention. The order is: causal self-attention,
    cross-attention to the encoder, then the feed-forward network — each followed by its own add & norm (LN1, LN2,
    LN3 in that order).""")
def feed_forward_before_cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads, causal_mask(X_dec.shape[-1])),
                   p["gamma1"], p["beta1"])
    X = layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma2"], p["beta2"])
    return layer_norm(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma3"], p["beta3"])


@wrong("decoder_layer", """
    All three of your add & norm steps use gamma1/beta1. The decoder layer has three layer norms with their own
    parameters: LN1 after self-attention, LN2 after cross-attention, LN3 after the feed-forward network.""")
def decoder_one_layer_norm_shared(X_dec, X_enc, params, num_heads, enc_mask=None):
    p = params
    ln = lambda Y: layer_norm(Y, p["gamma1"], p["beta1"])                            # noqa: E731
    X = ln(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads, causal_mask(X_dec.shape[-1])))
    X = ln(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask))
    return ln(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]))
