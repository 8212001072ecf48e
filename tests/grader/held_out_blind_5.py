"""Sixth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, the stubs' docstrings (exercises/), the model answers (solutions/) and the
course registry's lessons, after reading the three earlier blind batch files (tests/grader/held_out_blind.py,
held_out_blind_2.py and held_out_blind_3.py) so as to repeat none of their names or ideas; nothing else under grader/
or tests/ was opened, listed, grepped or run (not the fourth blind batch either, written at the same time). Every
entry was checked by its author against the model answer in a scratch package (a copy of solutions/ with the entry's
source appended to its module): each right one agrees on random inputs (float32 and float64 at 1e-10 relative in
float64, batched, N = 1, N_q != N_k, fully masked queries, exact ties, non-contiguous views, gradients with respect to
every float input and weight, the same ValueErrors, arguments unmodified, the same output dtype); each wrong one has a
recorded input the contract allows on which it differs (a value beyond tolerance, a shape, a dtype, a missing or extra
ValueError, a mutated argument, a gradient, a random stream the contract fixes), named in its comment. mlm_corrupt
and nsp_pairs, whose draws are free, were compared by statistics over many seeds (5 sigma) and by their exact rules.

Theme: (1) faithful-looking ports of public code (Hugging Face, PyTorch's nn modules, timm, nanoGPT/minGPT, fairseq,
tensor2tensor, the Annotated Transformer, Show-Attend-Tell and Bahdanau tutorials, subword-nmt, Google's BERT
scripts) that carry their own conventions into this contract: row-major tokens, softmax over the last axis, masks
with True = hide, additive -1e4 / finfo.min / -100 masks, scaling choices, head split orders, KV-cache habits, T5
bucket rounding, Swin's channels-last layout, nn.Embedding(padding_idx); (2) composites whose mistake sits in one
stage and shows only with a batch, a mask, N_q != N_k, N = 1, float64 or a non-contiguous input, gradient cuts in one
weight, in-place writes to an argument, wrong output dtypes; (3) right alternatives that look unusual (einsum, loops,
torch.nn.functional with the right conventions, torch.func.functional_call around modules built from the given
tensors, log-sum-exp, pixel_unshuffle, identity convolutions, other but equivalent orderings of free random draws).
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_5 = {
    # ------------------------------------------------------------------ softmax
    # Port of a row-major softmax: torch.softmax(scores.T, dim=-1).T with NaN cleaned. On one (M, N) matrix .T is the
    # transpose, but on a batched (B, M, N) tensor .T reverses ALL axes, so the softmax runs over the batch axis
    # (clause: leading axes are a batch). Shows on scores (2, 3, 5, 4).
    "blind5_softmax_dot_T_row_major_port": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    flipped = scores.permute(*reversed(range(scores.dim())))
    weights = torch.softmax(flipped, dim=-1).permute(*reversed(range(scores.dim())))
    return torch.nan_to_num(weights, nan=0.0)
'''),
    # log_softmax then exp, but the NaN of a dead column is cleaned in LOG space: log-probability 0 -> weight 1, so an
    # all -inf column comes out all ones instead of zeros (clause: an all -inf column is zeros). Shows on any
    # scores with a fully -inf column.
    "blind5_softmax_log_space_nan_cleanup": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    log_weights = torch.log_softmax(scores, dim=-2)
    return torch.nan_to_num(log_weights, nan=0.0).exp()
'''),
    # The dead-column guard is written with a Python `if` on the whole tensor: when ANY column is all -inf, EVERY
    # column's shift becomes finfo.max, so the live columns underflow to 0 / (guarded) 0 = all zeros (clause: each
    # live column sums to 1). Shows on scores with one fully -inf column beside live ones.
    "blind5_softmax_global_dead_guard": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    if torch.isinf(column_max).any():
        column_max = torch.full_like(column_max, torch.finfo(scores.dtype).max)
    exps = torch.exp(scores - column_max)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # The max shift is made "safe" with clamp_ on the caller's tensor: -inf entries become finfo.min IN PLACE. The
    # values are right (dead columns are re-zeroed), but the argument is modified (clause: arguments unchanged), and a
    # leaf that requires grad makes it raise. Shows on any input holding -inf (mutated), any input with gradients.
    "blind5_softmax_clamp_in_place": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
    scores.clamp_(min=torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-2)
    return weights.masked_fill(dead, 0.0)
'''),

    # ------------------------------------------------------------------ masking
    # GPT-2 / nanoGPT port: the causal mask is cut from a buffer built once for block_size = 1024, so for n above the
    # block size the slice is silently (1024, 1024) (clause: causal_mask(n) is (n, n) for any n). Shows on n = 1100.
    "blind5_causal_mask_gpt2_block_buffer": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    block_size = 1024
    buffer = torch.ones(block_size, block_size, dtype=torch.bool).triu()
    return buffer[:n, :n]
'''),
    # Hugging Face attention_mask port: 1/0 as int64 instead of a BoolTensor (clause: padding_mask returns bool).
    # Shows on any lengths.
    "blind5_padding_mask_hf_long_attention_mask": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    positions = torch.arange(n, device=lengths.device)
    attention_mask = (positions[None, :] < lengths[:, None]).long()
    return attention_mask[:, :, None]
'''),
    # Hugging Face's newer masks: torch.where(mask, scores, finfo.min) instead of -inf (clause: -inf where not
    # visible). Shows on any mask with a False entry (-3.4e38 vs -inf).
    "blind5_apply_mask_hf_finfo_min": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    return torch.where(mask, scores, torch.finfo(scores.dtype).min)
'''),
    # fairseq habit: a 2-D mask is read as a (B, N_k) key-padding mask and given a query axis, mask[:, :, None]. A
    # (N_k, N_q) causal mask on (N_k, N_q) scores then broadcasts to (N_k, N_k, N_q) (clause: mask broadcastable to
    # the scores, same shape out). Shows on scores (5, 5) with the causal mask.
    "blind5_apply_mask_fairseq_key_padding_2d": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    if mask.dim() == 2:
        mask = mask[:, :, None]
    return scores.masked_fill(~mask, float("-inf"))
'''),

    # ------------------------------------------------------------------ attention
    # BERT's extended attention mask: (1 - mask) * -10000 added to the scores. A fully masked query gets uniform
    # weights (output = mean of V, not 0) and large scores beat the penalty (clause: fully masked query -> zero
    # weights and output). Shows on a mask with a fully masked column.
    "blind5_sdpa_bert_extended_mask_10000": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores + (1.0 - mask.to(scores.dtype)) * -10000.0
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # fairseq-style bmm over a flattened (batch * heads) axis made with Q.view(-1, D_k, N_q): a view cannot merge
    # batch axes whose strides do not nest, so a non-contiguous Q fails (clause: any tensor of the stated shape,
    # including views). Shows on Q (2, 3, 4, 5) made as a (3, 2, 4, 5) tensor transposed on its first two axes.
    "blind5_sdpa_bmm_view_flatten": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    batch = Q.shape[:-2]
    d_k, n_q, n_k, d_v = Q.shape[-2], Q.shape[-1], K.shape[-1], V.shape[-2]
    Qf = Q.view(-1, d_k, n_q)
    Kf = K.reshape(-1, d_k, n_k)
    Vf = V.reshape(-1, d_v, n_k)
    scores = torch.bmm(Kf.transpose(1, 2), Qf) / math.sqrt(d_k)
    scores = scores.reshape(*batch, n_k, n_q)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # nn.MultiheadAttention's packed in_proj: cat([Wq, Wk, Wv]) then chunk(3) -- equal thirds, right only when
    # D_v == D_k (clause: Wv (D_v, D) with its own D_v). Shows with D_k = 4, D_v = 6.
    "blind5_self_attention_packed_in_proj_chunk": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    in_proj_weight = torch.cat([Wq, Wk, Wv])
    in_proj_bias = torch.cat([bq, bk, bv])
    packed = linear(X, in_proj_weight, in_proj_bias)
    Q, K, V = packed.chunk(3, dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The query bias goes through a numpy round trip (bq.detach().numpy()): same values, no gradient reaches bq
    # (clause: autograd reaches every weight). Shows on any input: grad of bq is zero.
    "blind5_self_attention_bias_numpy_round_trip": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    bias_q = torch.from_numpy(bq.detach().cpu().numpy()).to(X.dtype)
    Q = linear(X, Wq, bias_q)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # Hugging Face port forgetting the transpose: row-major (B, N, D) reshaped straight to (B, H, N, D/H), so heads
    # mix tokens (clause: head h uses rows h*D/H.. of every token). Shows on any input with H > 1.
    "blind5_mha_view_heads_without_transpose": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    head_dim = dim // num_heads

    def heads(X, W, b):
        rows = linear(X, W, b).transpose(-2, -1)               # (..., N, D)
        n = rows.shape[-2]
        return rows.reshape(*rows.shape[:-2], num_heads, n, head_dim).transpose(-2, -1)   # (..., H, d, N)

    Q = heads(Xq, params["Wq"], params["bq"])
    K = heads(Xkv, params["Wk"], params["bk"])
    V = heads(Xkv, params["Wv"], params["bv"])
    if mask is not None:
        mask = mask.unsqueeze(-3)
    out, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # F.multi_head_attention_forward habit: batch and heads flattened to one axis (b*H + h) but a batched mask tiled
    # with mask.repeat(H, 1, 1) (index h*B + b), so batch b's queries get another sequence's mask (clause: the mask
    # applies to its own batch entry, every head). Shows with B = 2, H = 3 and a per-batch random mask.
    "blind5_mha_mask_repeat_not_interleave": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    batch = Q.shape[:-3]
    Qf, Kf, Vf = (T.reshape(-1, *T.shape[-2:]) for T in (Q, K, V))
    if mask is not None:
        m = mask.expand(*batch, K.shape[-1], Q.shape[-1]).reshape(-1, K.shape[-1], Q.shape[-1])
        mask = m.repeat(num_heads, 1, 1)
    out, _ = scaled_dot_product_attention(Qf, Kf, Vf, mask)
    out = out.reshape(*batch, num_heads, out.shape[-2], out.shape[-1])
    return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # The output bias is read through .data (a habit from weight-tying code): right values, no gradient for bo
    # (clause: autograd reaches every weight). Shows on any input: grad of bo is zero.
    "blind5_mha_output_bias_data": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"].data)
'''),
    # The head split is written for self-attention: every projection is reshaped with the QUERY length, so keys and
    # values of a different length fail (clause: N_q != N_k allowed). Shows on Nq = 3, Nk = 5 (RuntimeError).
    "blind5_mha_split_with_query_length": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    *batch, dim, n = Xq.shape
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    d = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"]).reshape(*batch, num_heads, d, n)
    K = linear(Xkv, params["Wk"], params["bk"]).reshape(*batch, num_heads, d, n)
    V = linear(Xkv, params["Wv"], params["bv"]).reshape(*batch, num_heads, d, n)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Scale folded into the query weights the way exported models do it, but in place: params["Wq"] and params["bq"]
    # are multiplied by 1/sqrt(d) on every call (clause: arguments unchanged; the second call is wrong too). Shows
    # on any call: params mutated.
    "blind5_mha_scale_folded_into_wq_in_place": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    from .masking import apply_mask
    from .softmax import softmax_cols
    scale = (dim // num_heads) ** -0.5
    with torch.no_grad():
        params["Wq"].mul_(scale)
        params["bq"].mul_(scale)
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask)
    heads = V @ softmax_cols(scores)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # T5LayerNorm port (RMS norm): no mean subtraction and no beta (clause: mean 0, biased variance, + beta). Shows
    # on any input.
    "blind5_layer_norm_t5_rms_port": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    variance = X.pow(2).mean(dim=-2, keepdim=True)
    return gamma[:, None] * (X * torch.rsqrt(variance + eps))
'''),
    # The variance is taken through numpy (X.detach().numpy().var(axis=-2)): the values are right, but the gradient
    # no longer flows through the variance, so d/dX is wrong (clause: differentiable in every input). Shows on any
    # input: grad of X differs.
    "blind5_layer_norm_variance_via_numpy": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = torch.from_numpy(X.detach().cpu().numpy().var(axis=-2, keepdims=True)).to(X.dtype)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # The FFN's first bias is used through .data (a leftover of weight initialisation code): no gradient reaches b1
    # (clause: autograd reaches every weight). Shows on any input: grad of b1 is zero.
    "blind5_feed_forward_b1_data": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = torch.relu(W1 @ X + b1.data[:, None])
    return W2 @ hidden + b2[:, None]
'''),
    # GPT-2's ln_f leaks into the layer: the pre-LN branch ends with one more layer norm (gamma2, beta2) (clause:
    # pre-LN is X + MHA(LN1 X); X + FFN(LN2 X), no final norm). Shows with norm_first=True.
    "blind5_transformer_layer_prenorm_final_ln": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
        return layer_norm(X, params["gamma2"], params["beta2"])
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Pre-LN residuals written with += on the input: the caller's X is overwritten (clause: arguments unchanged), and
    # with gradients on a leaf X it raises. Shows with norm_first=True on any input.
    "blind5_transformer_layer_prenorm_inplace_residual": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    if norm_first:
        X += multi_head_attention(*(2 * [layer_norm(X, params["gamma1"], params["beta1"])]), params, num_heads, mask)
        X += feed_forward(layer_norm(X, params["gamma2"], params["beta2"]), params["W1"], params["b1"], params["W2"],
                          params["b2"])
        return X
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma2"], params["beta2"])
'''),
    # The second norm's gain is detached (copied from a frozen-norm fine-tuning recipe): values right, no gradient
    # for gamma2 (clause: autograd reaches every weight). Shows on any post-LN input: grad of gamma2 is zero.
    "blind5_transformer_layer_gamma2_detached": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    gamma2 = params["gamma2"].detach()
    ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        X = X + multi_head_attention(*(2 * [layer_norm(X, params["gamma1"], params["beta1"])]), params, num_heads, mask)
        return X + ffn(layer_norm(X, gamma2, params["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + ffn(X), gamma2, params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # Hugging Face caches the cross-attention keys and values of the encoder output across decoding steps; this port
    # keys its cache by the encoder tensor alone, so a second call with the same X_enc but other params reuses stale
    # K, V (clause: a pure function of its arguments). Shows on two calls with the same X_enc and different params.
    "blind5_cross_attention_encoder_kv_cache": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None, _cache={}):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    key = (id(X_enc), tuple(X_enc.shape), X_enc.dtype, num_heads)
    if key not in _cache:
        _cache[key] = (split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads),
                       split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads))
    K, V = _cache[key]
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The encoder's keys and values are projected under torch.no_grad() ("the encoder output is fixed while
    # decoding"): forward values right, no gradient reaches Wk, bk, Wv, bv or X_enc (clause: differentiable in
    # every input and weight). Shows on any input: grad of Wk is zero.
    "blind5_cross_attention_kv_under_no_grad": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    with torch.no_grad():
        K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
        V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The cross-attention sub-block's residual reads the layer's INPUT X_dec instead of the output of the first
    # sub-block (a SublayerConnection wired to the wrong variable) (clause: X <- LN2(X + MHA_cross(X, X_enc))).
    # Shows on any input.
    "blind5_decoder_layer_cross_residual_from_input": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    self_mask = causal_mask(X_dec.shape[-1]).to(X_dec.device)
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X_dec + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # "The memory needs no gradient": X_enc.detach() before the cross-attention (clause: differentiable in every
    # float input -- the capstone's encoder trains through it). Shows on any input: grad of X_enc is zero.
    "blind5_decoder_layer_detached_memory": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    memory = X_enc.detach()
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, memory, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # PyTorch's generate_square_subsequent_mask gives a float mask, -inf above the diagonal in (query, key) layout;
    # this port turns it into bool with `== 0` and passes it on untransposed: key j visible to query i iff j >= i,
    # the anti-causal mask (clause: causal self-attention, key j <= query i). Shows on any N_d > 1.
    "blind5_decoder_layer_square_subsequent_untransposed": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    float_mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)   # (query, key)
    self_mask = float_mask == 0
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # The causal mask is built once and kept in a default argument (an attempt at nanoGPT's registered buffer), so a
    # later call with another N_d uses a mask of the wrong size (clause: a pure function; any N_d). Shows on calls
    # with N_d = 3, then 5.
    "blind5_decoder_layer_cached_causal_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None, _buffer=[]):
    if not _buffer:
        _buffer.append(causal_mask(X_dec.shape[-1]))
    n = X_dec.shape[-1]
    self_mask = _buffer[0][:n, :n]
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),

    # ------------------------------------------------------------------ sampling
    # Temperature applied to the probabilities (p ** (1/T), renormalised) instead of the logits: equal in exact
    # arithmetic, but softmax(logits) underflows first, so a token the hot distribution should keep gets 0 (clause:
    # temperature divides the logits). Shows on float32 logits [0, -200, -150, 5] with T = 100.
    "blind5_next_token_probs_temperature_on_probs": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits, dim=-1) ** (1.0 / temperature)
    probs = probs / probs.sum()
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Greedy decoding "fair to ties": temperature 0 spreads the mass evenly over all arg-max tokens instead of a
    # one-hot on the lowest id (clause: ties to the lowest id). Shows on logits [1, 3, 0.5, 3] with T = 0.
    "blind5_next_token_probs_greedy_splits_ties": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if temperature == 0:
        best = (logits == logits.max()).to(logits.dtype)
        return best / best.sum()
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Hugging Face's TopPLogitsWarper removes tokens whose cumulative probability in ASCENDING order is <= 1 - p;
    # this port writes the mirror image in descending order and keeps only tokens whose cumulative is <= p, i.e. the
    # crossing token is dropped unless it lands exactly on p (clause: the shortest prefix reaching p, crossing token
    # included). Shows on random logits with top_p = 0.5 (and it keeps at least one token).
    "blind5_top_p_cumulative_le_p_only": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        keep_sorted = cumulative <= top_p
        keep_sorted[0] = True
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[keep_sorted]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # KV-cache habit without a cache: after the first step only the newest token is fed to the model (as if its
    # past keys and values were stored), so a stateless model sees a one-token context (clause: each step calls the
    # model on the last context_size tokens, all if None). Shows on prompt [1, 2, 3], 6 new tokens, seed 0.
    "blind5_generate_feeds_only_new_token": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    step_input = prompt if context_size is None else prompt[-context_size:]
    for _ in range(max_new_tokens):
        logits = model(step_input)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        step_input = next_id.to(ids.dtype)
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Hugging Face's max_length counts the prompt: the loop stops when the whole sequence has max_new_tokens tokens
    # (clause: up to max_new_tokens NEW tokens). Shows on prompt [1, 2, 3] with max_new_tokens = 6 (3 new, not 6).
    "blind5_generate_max_length_includes_prompt": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    while len(ids) < max(max_new_tokens, len(prompt) + (1 if max_new_tokens else 0)):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Temperature applied AFTER the filters (the filters on the raw logits, then p ** (1/T) on the kept tokens), the
    # order of some older sampling loops: top-p then keeps the nucleus of the untempered distribution (clause: each
    # step uses next_token_probs, temperature first). Shows with T = 2, top_p = 0.5 (prompt [3], 10 tokens, seed 0).
    "blind5_generate_temperature_after_filters": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        if temperature == 0:
            probs = next_token_probs(logits, 0.0)
        else:
            probs = next_token_probs(logits, 1.0, top_k, top_p) ** (1.0 / temperature)
            probs = probs / probs.sum()
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Cropping with an off-by-one borrowed from a KV-cache loop: the last context_size + 1 tokens are fed (clause:
    # the last context_size tokens). Shows on context_size = 2 with a position-dependent model.
    "blind5_generate_crop_off_by_one": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-(context_size + 1):]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # The log-probabilities are summed into a Python float and wrapped with torch.tensor: a float64 model gives a
    # float32 result (clause: keep the floating dtype; float64 held to float64 accuracy). Shows on the float64 model
    # with ids of length 8.
    "blind5_sequence_log_prob_python_float_sum": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = 0.0
    for n in range(1, len(ids)):
        total += float(log_probs[ids[n], n - 1])
    return torch.tensor(total)
'''),
    # Hugging Face's beam search takes one first step outside the loop (the initial expansion), then loops
    # max_new_tokens - 1 times; with max_new_tokens = 0 it still appends a token (clause: stop after max_new_tokens
    # steps). Shows on max_new_tokens = 0.
    "blind5_beam_search_initial_step_outside_loop": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")

    def expand(beams):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, lp in enumerate(log_probs.tolist()):
                candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        return candidates[:beam_width]

    beams = expand([(0.0, prompt, False)])
    for _ in range(max_new_tokens - 1):
        if all(finished for _, _, finished in beams):
            break
        beams = expand(beams)
    return beams[0][1]
'''),
    # Tutorial beam search multiplying probabilities in float32 instead of summing log-probabilities: after a few
    # dozen steps every product underflows to 0, all beams tie, and ties go to the earliest beam and lowest token
    # (clause: beams scored by summed log-probabilities). Shows on a 50-token model, width 3, 40 steps.
    "blind5_beam_search_product_of_probs": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(torch.tensor(1.0), prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            probs = torch.softmax(model(ids)[:, -1].float(), dim=0)
            for token in range(len(probs)):
                candidates.append((score * probs[token], torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -float(c[0]))
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Finished beams are padded with eos on every later step, as Hugging Face pads finished hypotheses with the pad
    # token: their score stays fixed but the returned sequence grows trailing eos tokens (clause: a finished beam is
    # not extended). Shows with eos_id = 3 when an eos beam wins before the last step.
    "blind5_beam_search_pads_finished_with_eos": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, torch.cat([ids, torch.tensor([eos_id], dtype=ids.dtype)]), True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, lp in enumerate(log_probs.tolist()):
                candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Tensor.unfold twice gives (B, C, H/P, W/P, P, P); this port reshapes that straight to (B, C*P*P, N) without
    # moving the grid axes behind C, so columns mix patches (clause: column n is patch n in (c, row, col) order).
    # Shows on images (2, 3, 4, 6), P = 2.
    "blind5_patchify_unfold_reshape_no_permute": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    blocks = images.unfold(2, P, P).unfold(3, P, P)              # (B, C, H/P, W/P, P, P)
    return blocks.reshape(batch, channels * P * P, -1)
'''),
    # Patchify as a convolution with identity kernels, but the kernels are made by torch.eye in the default dtype:
    # float64 images then meet float32 weights and conv2d raises (clause: float64 computed in float64). Shows on
    # float64 images.
    "blind5_patchify_identity_conv_default_dtype": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    eye = torch.eye(channels * P * P).reshape(channels * P * P, channels, P, P)
    return torch.nn.functional.conv2d(images, eye, stride=P).flatten(2)
'''),
    # timm keeps pos_embed as an nn.Parameter; this port wraps the given positions in a new nn.Parameter, a fresh
    # leaf, so no gradient reaches the caller's positions (clause: autograd reaches every weight). Shows on any
    # input: grad of positions is zero.
    "blind5_patch_embedding_positions_new_parameter": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    pos_embed = torch.nn.Parameter(positions)
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + pos_embed
'''),
    # vit-pytorch's einops pattern 'b c (h p1) (w p2) -> b (h w) (p1 p2 c)' flattens each patch channels-LAST, which
    # does not match W (D, C*P*P) in (c, row, col) order (clause: the order of Conv2d's weight.reshape(D, -1)).
    # Shows on any image with C > 1.
    "blind5_patch_embedding_vit_pytorch_einops_order": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    P = patch_size
    B, C, H, Wd = images.shape
    if H % P or Wd % P:
        raise ValueError("H and W must be multiples of patch_size")
    x = images.reshape(B, C, H // P, P, Wd // P, P).permute(0, 2, 4, 3, 5, 1)   # b h w p1 p2 c
    patches = x.reshape(B, (H // P) * (Wd // P), P * P * C).transpose(1, 2)
    tokens = linear(patches, W, b)
    cls_column = cls_token[:, None].expand(B, -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # Masked softmax by multiplying: weights = softmax(e) * mask, renormalised by their sum. Partially masked states
    # are right, but a state that sees nothing divides 0 by 0 (clause: no visible position -> all-zero weights and
    # context). Shows on a fully masked batch entry.
    "blind5_additive_attention_multiply_then_renormalise": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = torch.einsum("a,...an->...n", v, hidden)
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights * mask
        weights = weights / weights.sum(dim=-1, keepdim=True)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # Luong's read-out: logits = W_out tanh([s; c]) + b_out (his "attentional hidden state") instead of the contract's
    # W_out [s; c] + b_out. Shows on any input.
    "blind5_decoder_step_luong_tanh_readout": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = torch.tanh(stack(s, context)) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # An nn.GRUCell is built and its weights replaced by nn.Parameter(params[...]) -- new leaves, so no gradient
    # reaches the given GRU weights (clause: autograd reaches every weight; calling a GRUCell holding THOSE weights
    # is fine). Shows on any input: grad of weight_ih is zero.
    "blind5_decoder_step_grucell_new_parameters": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    D_s = s_prev.shape[-1]
    cell = torch.nn.GRUCell(x.shape[-1], D_s, dtype=x.dtype)
    for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
        setattr(cell, name, torch.nn.Parameter(params[name]))
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    s = cell(x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1]),
             s_prev.expand(*batch, D_s).reshape(-1, D_s)).reshape(*batch, D_s)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Show-Attend-Tell port: the encoder output is (B, H, W, C) there, and encoder_out.view(B, -1, C) makes the
    # pixels; applied to (B, C, H, W) features the same reshape mixes channels and cells (clause: cell (h, w) is the
    # column features[..., :, h, w]). Shows on features with C > 1.
    "blind5_grid_attention_show_attend_tell_view": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    *batch, channels, height, width = features.shape
    pixels = features.reshape(*batch, height * width, channels).transpose(-2, -1)    # (..., C, HW)
    weights, context = additive_attention(s, pixels, W, U, v)
    return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # The grid is flattened with .view, which cannot merge H and W when they are not laid out row by row (clause:
    # non-contiguous inputs allowed). Shows on features (2, 4, 2, 3) made as a (2, 4, 3, 2) tensor with its last two
    # axes transposed.
    "blind5_grid_attention_view_flatten": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    *batch, channels, height, width = features.shape
    weights, context = additive_attention(s, features.view(*batch, channels, height * width), W, U, v)
    return weights.view(*weights.shape[:-1], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # "Tile the identity": torch.eye(stride).repeat(...) gives the residue pattern, but only on an n that is a
    # multiple of the stride (clause: any n). Shows on n = 7, stride 3 (shape (6, 6)).
    "blind5_strided_mask_tiled_identity": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError("stride must be positive")
    reps = max(n // stride, 0)
    return torch.eye(stride, dtype=torch.bool).repeat(reps, reps) if n >= stride else torch.eye(n, dtype=torch.bool)
'''),
    # BigBird/Longformer habit: every token also sees itself, so the diagonal is OR-ed in (clause: [j, i] True iff j
    # or i is global). Shows on is_global all False (model: all False; this: the identity).
    "blind5_global_token_mask_adds_diagonal": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
    return is_global.unsqueeze(-1) | is_global.unsqueeze(-2) | eye
'''),
    # Longformer-style: the positions of the global tokens are collected with nonzero() over the whole batch and
    # opened as rows and columns in every sequence, so a token global in one sequence becomes global in all of them
    # (clause: is_global (..., N) per sequence). Shows on a batched is_global (2, 3, 5).
    "blind5_global_token_mask_nonzero_positions_shared": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    mask = torch.zeros(*is_global.shape, n, dtype=torch.bool, device=is_global.device)
    positions = is_global.nonzero()[:, -1].unique()
    mask[..., positions, :] = True
    mask[..., :, positions] = True
    return mask
'''),
    # A dict of closed forms looked up with .get(pattern, ...) -- an unknown pattern silently costs 0 (clause:
    # ValueError for an unknown pattern). Shows on pattern "banded".
    "blind5_sparse_cost_unknown_pattern_zero": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    needs = {"local": window, "strided": stride, "global": num_global}
    if pattern in needs and needs[pattern] is None:
        raise ValueError(f"{pattern!r} needs its size argument")
    forms = {
        "dense": lambda: n * n,
        "causal": lambda: n * (n + 1) // 2,
        "local": lambda: n * (2 * min(window, max(n - 1, 0)) + 1) - min(window, max(n - 1, 0)) * (min(window, max(n - 1, 0)) + 1),
        "strided": lambda: n * (2 * ((n - 1) // stride) + 1) - stride * ((n - 1) // stride) * ((n - 1) // stride + 1) if n else 0,
        "global": lambda: num_global * (2 * n - num_global),
    }
    return forms.get(pattern, lambda: 0)()
'''),

    # ------------------------------------------------------------------ positions
    # Buckets rounded to the NEAREST integer (torch.round) instead of truncated like T5's .to(torch.long) (clause:
    # n/2 + floor(...)). Shows on offsets -300..300 with the default 32 buckets (e.g. offset -11: bucket 9, not 8).
    "blind5_bucket_round_to_nearest": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + torch.round(log_scale).long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Mesh-TensorFlow port returning int32 buckets (TF's default integer) instead of a LongTensor (clause: LongTensor
    # of the same shape). Shows on any offsets.
    "blind5_bucket_int32_mesh_tf": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    n = -relative_position.int()
    ret = torch.zeros_like(n)
    if bidirectional:
        num_buckets //= 2
        ret = ret + (n < 0).int() * num_buckets
        n = n.abs()
    else:
        n = torch.clamp(n, min=0)
    max_exact = num_buckets // 2
    is_small = n < max_exact
    val_if_large = max_exact + (torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
                                * (num_buckets - max_exact)).int()
    val_if_large = torch.clamp(val_if_large, max=num_buckets - 1)
    return ret + torch.where(is_small, n, val_if_large)
'''),
    # math.log(max_distance // max_exact): integer division inside the log -- the same for the default 128 / 8 but
    # not when max_distance is not a multiple of n/2 (clause: log(max_distance / (n/2))). Shows on max_distance = 100.
    "blind5_bucket_integer_ratio_in_log": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = (offset > 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    scaled = torch.log(distance.float() / exact) / math.log(max_distance // exact) * (half - exact)
    far = (exact + scaled.long()).clamp(max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # KV-cache convention: default query positions are the LAST N_q of the N_k key positions (the new tokens after a
    # cache), not 0 .. N_q - 1 (clause: positions default to 0 .. N - 1 for each). Shows on N_q = 2, N_k = 5.
    "blind5_rotary_queries_offset_by_cache": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    if positions_q is None and positions_k is None and K.shape[-1] > Q.shape[-1]:
        positions_q = torch.arange(K.shape[-1] - Q.shape[-1], K.shape[-1])
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # GPT-NeoX-style code with the base hard-coded to 10000 (clause: base argument). Shows on base = 500.
    "blind5_rotary_base_hard_coded": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    return rotate_columns(Q, positions_q, 10000.0), rotate_columns(K, positions_k, 10000.0)
'''),
    # Hugging Face's cos/sin cache built once for max_position_embeddings = 2048 and indexed by position: positions
    # beyond it raise (clause: any integer positions; defaults 0 .. N - 1 for any N). Shows on N = 3000 (and on the
    # explicit position 2000 it is fine).
    "blind5_rotary_cached_table_2048": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    dim = Q.shape[-2]
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    table = torch.arange(2048, dtype=torch.float64)[None, :] * theta[:, None]        # (D/2, 2048)
    cos_cached, sin_cached = table.cos(), table.sin()

    def rotate(X, positions):
        if positions is None:
            positions = torch.arange(X.shape[-1])
        cos, sin = cos_cached[:, positions].to(X.dtype), sin_cached[:, positions].to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),

    # ------------------------------------------------------------------ pretraining
    # Specials hard-coded the Hugging Face way as [CLS] and [SEP] only: special_ids[0] and special_ids[1] are
    # excluded, the others can be chosen (clause: special ids are never chosen). Shows with special_ids [0, 1, 2, 3]
    # (id 2 gets labels).
    "blind5_mlm_only_cls_and_sep_protected": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids).reshape(-1).tolist()
    cls_id, sep_id = special[0], special[1]
    eligible = (ids != cls_id) & (ids != sep_id)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # The "random token" is drawn from the batch itself (a shuffled copy of ids, an easy way to get in-vocabulary
    # tokens) instead of uniformly from [0, vocab_size) (clause: uniform over [0, V)). Shows by statistics on ids
    # with a skewed distribution: rare ids are under-represented among random replacements.
    "blind5_mlm_random_token_from_batch": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    flat = ids.reshape(-1)
    random_ids = flat[torch.randint(0, flat.numel(), ids.shape, generator=generator)]
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # DataCollatorForLanguageModeling port that drops "& masked_indices" from the random-word line: random words are
    # also written at positions that were never chosen (clause: positions not chosen are unchanged). Shows on any
    # seed: unchosen positions change.
    "blind5_mlm_hf_random_words_not_restricted": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    probability = torch.full(ids.shape, mask_prob)
    probability.masked_fill_(torch.isin(ids, special), 0.0)
    masked = torch.bernoulli(probability, generator=generator).bool()
    labels = torch.where(masked, ids.long(), -100)
    corrupted = ids.clone()
    replaced = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & masked
    corrupted[replaced] = mask_id
    random_words = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & ~replaced
    words = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted[random_words] = words[random_words]
    return corrupted, labels
'''),
    # The random replacement ids come from the global RNG (torch.randint without the generator), so two calls with
    # the same seeded generator differ (clause: all randomness comes from generator). Shows on two calls with seed 7.
    "blind5_mlm_random_ids_global_rng": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # The "random next sentence" always comes from the following document ((index + 1) mod D), not a uniformly drawn
    # other document (clause: a uniformly drawn other document). Shows by statistics with four documents.
    "blind5_nsp_random_from_next_document": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = documents[(index + 1) % len(documents)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # Google's create_pretraining_data picks random_start = rng.randint(0, len(doc) - 1) (inclusive); this port uses
    # torch.randint(len(doc) - 1), exclusive, so the last sentence of the other document is never drawn (and a
    # one-sentence document breaks) (clause: a uniformly drawn sentence). Shows by statistics / a 1-sentence document.
    "blind5_nsp_randint_exclusive_end": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                last = max(len(other) - 1, 1)
                pairs.append((a, other[torch.randint(last, (), generator=generator).item()], 1))
    return pairs
'''),
    # Sentences are normalised to lists on the way in (list(sentence)), so tuples of tokens come back as new list
    # objects (clause: sentences are returned as given). Shows on sentences that are tuples.
    "blind5_nsp_sentences_copied_to_lists": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    docs = [[list(sentence) if isinstance(sentence, tuple) else sentence for sentence in d] for d in documents]
    pairs = []
    for index, document in enumerate(docs):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(docs) - 1, (), generator=generator).item()
                other = docs[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # With a single document the random B falls back to the same document instead of raising (clause: ValueError if
    # some document has two sentences but there is only one document). Shows on [["x", "y"]].
    "blind5_nsp_single_document_fallback": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
                continue
            if len(documents) == 1:
                other = document
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
            pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Hugging Face's ImageGPT processor first maps pixels to [-1, 1] (pixel / 127.5 - 1); this port applies that
    # normalisation inside quantize_pixels although images and palette already share one colour space (clause: the
    # images as given). Shows on any images.
    "blind5_quantize_normalises_like_hf_processor": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = (images / 127.5 - 1).movedim(-3, -1)[..., :, None]
    return (pixels - palette).square().sum(dim=-2).argmin(dim=-1)
'''),
    # HF's squared_euclidean_distance without its |b|^2 term: argmin of |a|^2 - 2 a.b ranks colours by the dot
    # product, so bright colours win (clause: squared Euclidean distance). Shows on pixel 0.2 with colours 0.1 and
    # 1.0 (picks 1.0).
    "blind5_quantize_expansion_without_colour_norm": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = images.movedim(-3, -1)                                   # (..., H, W, C)
    a2 = (pixels ** 2).sum(dim=-1, keepdim=True)
    ab = pixels @ palette
    return (a2 - 2 * ab).argmin(dim=-1)
'''),
    # The channel check relies on broadcasting to fail: a palette with ONE channel broadcasts against C = 3 images
    # and quantizes silently (clause: ValueError if the channel counts differ). Shows on images (1, 3, 2, 2) with a
    # palette (1, 5).
    "blind5_quantize_channel_check_by_broadcasting": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    try:
        differences = images.movedim(-3, -1)[..., :, None] - palette
    except RuntimeError as error:
        raise ValueError("channel counts differ") from error
    return differences.square().sum(dim=-2).argmin(dim=-1)
'''),
    # The colours are looked up in numpy (palette.detach().numpy()[:, ids]): right values, no gradient reaches the
    # palette (clause: differentiable in every float input). Shows on any ids: grad of palette is zero.
    "blind5_dequantize_numpy_lookup": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be integers")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    colours = palette.detach().cpu().numpy()[:, ids.long().cpu().numpy()]
    return torch.from_numpy(colours).movedim(0, -3)
'''),
    # The start column is torch.full_like(targets[..., :1], sos_id) in the ids' own dtype: uint8 images cannot hold
    # ImageGPT's sos_id 512, and full_like raises an overflow RuntimeError (clause: any integer dtype of ids; inputs
    # start with sos_id, LongTensor). Shows on uint8 ids with sos_id = 512.
    "blind5_pixel_sequence_full_like_uint8": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.flatten(-2)
    start = torch.full_like(targets[..., :1], sos_id)
    inputs = torch.cat([start, targets[..., :-1]], dim=-1)
    return inputs.long(), targets.long()
'''),
    # Hugging Face's ImageGPT prepends the start token to the whole sequence and shifts inside the loss, so this port
    # returns inputs of length N + 1 (clause: inputs and targets both (..., H*W)). Shows on any image.
    "blind5_pixel_sequence_hf_prepend_full_length": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().flatten(-2)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets], dim=-1), targets
'''),
    # Written for a batch of images: ids.reshape(ids.shape[0], -1) flattens from axis 1, so an unbatched (H, W)
    # image stays (H, W) and a (B1, B2, H, W) batch loses an axis (clause: (..., H, W) -> (..., H*W)). Shows on an
    # unbatched (3, 4) image.
    "blind5_pixel_sequence_assumes_one_batch_axis": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().reshape(ids.shape[0], -1)
    start = torch.full((targets.shape[0], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[:, :-1]], dim=1), targets
'''),
    # Shapes are left to einsum: a bias of shape (1,) broadcasts silently instead of raising (clause: ValueError if
    # the shapes disagree). Shows on b of shape (1,) with K = 3.
    "blind5_average_pool_head_no_bias_shape_check": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.shape[-1] == 0:
        raise ValueError("no tokens to average")
    if W.shape[-1] != X.shape[-2]:
        raise ValueError("W must be (K, D)")
    logits = torch.einsum("kd,...d->...k", W, X.mean(dim=-1))
    return logits if b is None else logits + b
'''),

    # ------------------------------------------------------------------ swin
    # Hugging Face's window_partition works on (B, H, W, C): input.view(B, H/M, M, W/M, M, C). Applied unchanged to
    # the course's (..., C, H, W) grid it cuts the wrong axes (clause: token (h, w) is the column X[..., :, h, w]).
    # Shows on any grid with C > 1.
    "blind5_window_partition_hf_channels_last_port": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    x = X.reshape(-1, height, width, channels)                            # read as (B, H, W, C)
    x = x.reshape(-1, height // M, M, width // M, M, channels).permute(0, 1, 3, 2, 4, 5)
    windows = x.reshape(-1, (height // M) * (width // M), M * M, channels).transpose(-1, -2)
    return windows.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Height and width swapped in the window-grid reshape (correct on square grids, which is all Swin's default
    # configs use) (clause: window k covers rows (k // (W/M))*M ...). Shows on H = 4, W = 8, M = 2.
    "blind5_window_reverse_height_width_swapped": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows do not fit the grid")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, width // M, height // M, channels, M, M).transpose(-5, -4)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # HF's additive attn_mask is 0 where visible and -100 where not; converting it with `== -100` gives True where
    # HIDDEN (clause: True = visible). Shows on any shift > 0 (the unshifted 0 case is all False instead of True).
    "blind5_shifted_mask_hf_minus_100_inverted": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError("0 <= shift < window")
    img_mask = torch.zeros(1, height, width)
    count = 0
    for hs in (slice(0, -window), slice(-window, -shift or None), slice(-shift or height, None)):
        for ws in (slice(0, -window), slice(-window, -shift or None), slice(-shift or width, None)):
            img_mask[:, hs, ws] = count
            count += 1
    labels = window_partition(img_mask, window)[:, 0]                    # (nW, M*M)
    attn_mask = labels[:, None, :] - labels[:, :, None]
    attn_mask = attn_mask.masked_fill(attn_mask != 0, -100.0).masked_fill(attn_mask == 0, 0.0)
    return attn_mask == -100.0
'''),
    # A token is flagged as wrapped when it lies in the last WINDOW (r >= H - M) rather than the last `shift` rows
    # (r + shift >= H): the whole bottom-right window looks like one region (clause: wrapped iff index + shift >=
    # size). Shows on H = W = 4, M = 2, shift = 1.
    "blind5_shifted_mask_wrap_by_window": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError("0 <= shift < window")
    if shift == 0:
        n = (height // window) * (width // window)
        return torch.ones(n, window * window, window * window, dtype=torch.bool)
    rows = torch.arange(height) >= height - window
    cols = torch.arange(width) >= width - window
    labels = 2 * rows.long()[:, None] + cols.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Hugging Face's SwinPatchMerging slices input_feature[:, 0::2, 0::2, :] ... [:, 1::2, 0::2, :] on (B, H, W, C);
    # this port moves the channels last but swaps H and W on the way ((..., W, H, C)), so HF's x1 ("odd row") picks
    # the odd COLUMN and the block is stacked top-left, top-right, bottom-left, bottom-right (clause: TL, BL, TR,
    # BR). Shows on any grid, e.g. X (2, 3, 4, 6).
    "blind5_patch_merging_hf_channels_last_slices": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree")
    x = X.movedim(-3, -1).movedim(-2, -3)                              # (..., W, H, C): H and W swapped
    x0, x1 = x[..., 0::2, 0::2, :], x[..., 1::2, 0::2, :]
    x2, x3 = x[..., 0::2, 1::2, :], x[..., 1::2, 1::2, :]
    merged = torch.cat([x0, x1, x2, x3], dim=-1)                       # (..., W/2, H/2, 4C)
    tokens = merged.movedim(-1, -3).flatten(-2)                        # columns in (w, h) order
    out = W @ layer_norm(tokens, gamma, beta, eps)
    return out.unflatten(-1, (width // 2, height // 2)).transpose(-1, -2)
'''),
    # Swin V2's res-post-norm in patch merging: reduction first, then the layer norm on 2C features -- with the
    # contract's (4C,) gamma it cannot even broadcast (clause: layer norm over the 4C features, then W). Shows on
    # any grid (RuntimeError).
    "blind5_patch_merging_swinv2_norm_after_reduction": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    reduced = W @ merged.flatten(-2)
    return layer_norm(reduced, gamma, beta, eps).unflatten(-1, (height // 2, width // 2))
'''),
    # The layer-norm statistics are computed under torch.no_grad() (treated like BatchNorm's running statistics):
    # forward values right, gradient with respect to X wrong (clause: differentiable). Shows on any input: grad of X.
    "blind5_patch_merging_stats_without_grad": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2)
    with torch.no_grad():
        mean = tokens.mean(dim=-2, keepdim=True)
        std = torch.sqrt(tokens.var(dim=-2, keepdim=True, correction=0) + eps)
    normalised = gamma[:, None] * (tokens - mean) / std + beta[:, None]
    return (W @ normalised).unflatten(-1, (height // 2, width // 2))
'''),

    # ------------------------------------------------------------------ davit
    # Scores divided by N instead of sqrt(N) (a "mean over tokens" reading of the dot product) (clause: default
    # scale 1/sqrt(N)). Shows on any input with N > 1.
    "blind5_channel_attention_scale_by_n": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must divide C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} must be (C, C)")
    if scale is None:
        scale = 1 / tokens
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # timm's `B, N, C = x.shape` habit: N read as X.shape[1], which is N for an unbatched (C, N) input but C for a
    # batched (B, C, N) one (clause: scale 1/sqrt(N), batch axes allowed). Shows on X (2, 6, 5).
    "blind5_channel_attention_n_from_axis_1": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must divide C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} must be (C, C)")
    if scale is None:
        scale = X.shape[1] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The scale is folded into Wq and bq in place ("fuse the scale for inference"): the caller's params are
    # modified on every call (clause: arguments unchanged). Shows on any call.
    "blind5_channel_attention_scale_folded_in_place": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must divide C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} must be (C, C)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    with torch.no_grad():
        params["Wq"].mul_(scale)
        params["bq"].mul_(scale)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1))
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # X is flattened with .view(-1, C, N) for bmm: a view cannot merge batch axes whose strides do not nest (clause:
    # non-contiguous inputs allowed). Shows on X (2, 3, 6, 5) made as a (3, 2, 6, 5) tensor transposed on its first
    # two axes.
    "blind5_channel_attention_view_batch": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must divide C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} must be (C, C)")
    scale = 1 / math.sqrt(tokens) if scale is None else scale
    batch = X.shape[:-2]
    flat = X.view(-1, channels, tokens)
    G, d = num_groups, channels // num_groups
    Q = linear(flat, params["Wq"], params["bq"]).reshape(-1, G, d, tokens)
    K = linear(flat, params["Wk"], params["bk"]).reshape(-1, G, d, tokens)
    V = linear(flat, params["Wv"], params["bv"]).reshape(-1, G, d, tokens)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    out = (weights.transpose(-2, -1) @ V).reshape(-1, channels, tokens)
    return linear(out, params["Wo"], params["bo"]).reshape(*batch, channels, tokens)
'''),

    # ------------------------------------------------------------------ embeddings
    # torch.nn.functional.one_hot port: the (..., N, V) int64 result is transposed but never cast, so the one-hot is
    # a LongTensor (clause: default float dtype unless dtype is given). Shows on any ids without dtype.
    "blind5_one_hot_functional_left_long": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    table = torch.nn.functional.one_hot(token_ids, vocab_size).transpose(-1, -2)
    return table if dtype is None else table.to(dtype)
'''),
    # The Annotated Transformer's Embeddings.forward multiplies by sqrt(d_model) (clause: embed equals
    # omega_e @ one_hot). Shows on any ids.
    "blind5_embed_annotated_sqrt_d_model": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e[:, token_ids].movedim(0, -2) * math.sqrt(omega_e.shape[0])
'''),
    # nn.Embedding(padding_idx=0) port via F.embedding(..., padding_idx=0): the forward values are the same, but the
    # gradient never reaches column 0 of omega_e (clause: differentiable in omega_e). Shows on ids containing 0:
    # grad of omega_e[:, 0] is zero.
    "blind5_embed_padding_idx_zero": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    rows = torch.nn.functional.embedding(token_ids, omega_e.T, padding_idx=0)   # (..., N, D)
    return rows.transpose(-1, -2)
'''),
    # tensor2tensor's get_timing_signal_1d: log timescale increment log(10000) / (D/2 - 1), so frequency i is
    # 10000^(-i/(D/2-1)) instead of 10000^(-2i/D) (clause: Π[2i, n] = sin(n / 10000^(2i/D))). Shows on D = 4.
    "blind5_sinusoidal_tensor2tensor_timescales": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    num_timescales = (dim + 1) // 2
    increment = math.log(10000.0) / max(num_timescales - 1, 1)
    inv_timescales = torch.exp(torch.arange(num_timescales, dtype=torch.get_default_dtype()) * -increment)
    angles = inv_timescales[:, None] * torch.arange(num_positions, dtype=torch.get_default_dtype())[None, :]
    table = torch.empty(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),
    # fairseq's SinusoidalPositionalEmbedding numbers positions from padding_idx + 1 = 1, so column 0 holds position
    # 1 (clause: column n is position n, starting at 0). Shows on any table.
    "blind5_sinusoidal_positions_from_one": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    positions = torch.arange(1, num_positions + 1, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),

    # ------------------------------------------------------------------ bpe
    # Pairs counted once per distinct word type (a set of pairs per word, weighted by frequency): "aaa" then counts
    # one ("a", "a") instead of two, and the set also scrambles the tie order (clause: overlapping pairs counted,
    # ties by first occurrence). Shows on "aaa aaa bb bb ab".
    "blind5_train_bpe_set_of_pairs_per_word": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in sorted(set(zip(symbols, symbols[1:]))):
                pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # The merge replaces only the FIRST occurrence of the pair in each word (list.index, as in some toy tokenizers)
    # (clause: a merge replaces the non-overlapping occurrences, left to right). Shows on "abab abab cd cd cd".
    "blind5_train_bpe_merge_first_occurrence_only": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word, symbols in segmentation.items():
            for i in range(len(symbols) - 1):
                if (symbols[i], symbols[i + 1]) == best:
                    segmentation[word] = symbols[:i] + [symbols[i] + symbols[i + 1]] + symbols[i + 2:]
                    break
    return merges
'''),
    # subword-nmt's convention glues the end-of-word marker to the last character ("o</w>") instead of a separate
    # "</w>" symbol, so merges like ("o", "</w>") never apply (clause: each word is its characters followed by
    # "</w>"). Shows on "low lo" with the merges [("l","o"), ("o","</w>"), ("lo","w"), ("low","</w>")].
    "blind5_bpe_encode_subword_nmt_glued_end": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    split_words(text, "text")
    tokens = []
    for word in text.split():
        symbols = list(word[:-1]) + [word[-1] + END_OF_WORD]
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # Merges turned into a rank dict {pair: rank} and replayed in rank order: a pair listed twice keeps only its
    # LAST rank, so it is applied late (clause: any list of pairs, applied one after another in the order given).
    # Shows on "xab xab" with [("a","b"), ("x","a"), ("a","b")].
    "blind5_bpe_encode_rank_dict_duplicates": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    ordered = sorted(ranks, key=ranks.get)
    tokens = []
    for symbols in words:
        for pair in ordered:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # Tokens joined with a space each and the markers deleted, as for WordPiece output: "lo w</w>" decodes as
    # "lo w" (clause: concatenate, each "</w>" becomes a space). Shows on ["lo", "w</w>", "new", "er</w>"].
    "blind5_bpe_decode_wordpiece_spaces": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    return " ".join(token.replace(END_OF_WORD, "") for token in tokens).strip(" ")
'''),
}

RIGHT_BLIND_5 = {
    # Written as a wrong one (rstrip() strips a trailing tab too, where the contract says trailing spaces);
    # counted right: the tokens bpe_decode is given come from bpe_encode, whose words are split on whitespace, so
    # no token holds a tab or a newline, and on those rstrip() and rstrip(" ") agree (two other authors wrote a
    # trailing-whitespace regex as right).
    "blind5_bpe_decode_rstrip_all_whitespace": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    return "".join(tokens).replace(END_OF_WORD, " ").rstrip()
'''),
    # ------------------------------------------------------------------ softmax
    # The shift is detached: softmax is invariant to a per-column constant, so the gradient through the max is zero
    # anyway and this detach changes neither values nor gradients (a detach that is NOT on the way to a weight).
    "blind5_softmax_detached_column_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    shift = scores.detach().amax(dim=-2, keepdim=True)
    shift = torch.where(torch.isneginf(shift), torch.zeros_like(shift), shift)
    exps = torch.exp(scores - shift)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),

    # ------------------------------------------------------------------ masking
    # numpy's triu of a boolean matrix, brought back with torch.from_numpy: upper triangle = key j <= query i.
    "blind5_causal_mask_numpy_triu": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    import numpy as np
    return torch.from_numpy(np.triu(np.ones((n, n), dtype=bool)).copy())
'''),
    # Running count of positions: 1, 2, ..., n <= length  <=>  j < length.
    "blind5_padding_mask_cumsum_count": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    counts = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device).cumsum(dim=-1)
    return (counts <= lengths[:, None]).unsqueeze(-1)
'''),
    # A band of a boolean all-True matrix: triu(-w) keeps j - i <= w... i.e. i - j >= -w, tril(w) keeps i - j <= w.
    "blind5_local_mask_bool_triu_tril": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    full = torch.ones(n, n, dtype=torch.bool)
    return full.triu(-window) & full.tril(window)
'''),

    # ------------------------------------------------------------------ attention
    # Hugging Face's finfo.min fill, then the hidden weights re-zeroed with torch.where: a partly masked column is
    # unchanged (exp(finfo.min - max) is exactly 0) and a fully masked one, uniform after the softmax, becomes 0.
    "blind5_sdpa_finfo_min_then_rezeroed": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-2)
    if mask is not None:
        weights = torch.where(mask, weights, torch.zeros((), dtype=weights.dtype))
    return V @ weights, weights
'''),
    # Memory-efficient style: one query column at a time (its own slice of the mask, or the shared size-1 column of
    # a padding mask), outputs and weights concatenated back along the query axis.
    "blind5_sdpa_one_query_at_a_time": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    outputs, all_weights = [], []
    for i in range(Q.shape[-1]):
        scores = K.transpose(-2, -1) @ Q[..., i:i + 1] / math.sqrt(Q.shape[-2])          # (..., N_k, 1)
        if mask is not None:
            column = mask if mask.shape[-1] == 1 else mask[..., i:i + 1]
            scores = apply_mask(scores, column)
        weights = softmax_cols(scores)
        outputs.append(V @ weights)
        all_weights.append(weights)
    return torch.cat(outputs, dim=-1), torch.cat(all_weights, dim=-1)
'''),

    # ------------------------------------------------------------------ multihead
    # A faithful row-major (Hugging Face-style) port with the conventions translated: tokens as rows, F.linear,
    # view(..., N, H, d).transpose (contiguous head rows), scores (..., N_q, N_k) softmaxed over the last axis, the
    # course mask transposed, a fully masked query's NaN row set to zero, then back to columns.
    "blind5_mha_row_major_port_translated": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    F = torch.nn.functional
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    d = dim // num_heads
    xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)          # (..., N, D)

    def heads(x, W, b):
        y = F.linear(x, W, b)
        return y.reshape(*y.shape[:-1], num_heads, d).transpose(-3, -2)   # (..., H, N, d)

    q, k, v = heads(xq, params["Wq"], params["bq"]), heads(xkv, params["Wk"], params["bk"]), \\
        heads(xkv, params["Wv"], params["bv"])
    scores = q @ k.transpose(-2, -1) / math.sqrt(d)                   # (..., H, N_q, N_k)
    if mask is not None:
        scores = scores.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
    attn = torch.nan_to_num(torch.softmax(scores, dim=-1), nan=0.0)
    out = (attn @ v).transpose(-3, -2)                                # (..., N_q, H, d)
    out = out.reshape(*out.shape[:-2], dim)
    return F.linear(out, params["Wo"], params["bo"]).transpose(-2, -1)
'''),

    # ------------------------------------------------------------------ transformer_layer
    # torch.func.functional_call around an nn.LayerNorm built on the meta device, fed the given gamma and beta (no
    # copies); tokens as rows for the module, then back to columns. nn.LayerNorm uses the biased variance and eps
    # inside the square root.
    "blind5_layer_norm_functional_call_module": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    from torch.func import functional_call
    module = torch.nn.LayerNorm(X.shape[-2], eps=eps, device="meta", dtype=X.dtype)
    rows = functional_call(module, {"weight": gamma, "bias": beta}, (X.transpose(-2, -1),))
    return rows.transpose(-2, -1)
'''),
    # nn.Sequential(Linear, ReLU, Linear) on the meta device run with functional_call on the given weights, tokens as
    # rows.
    "blind5_feed_forward_functional_call_sequential": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    from torch.func import functional_call
    net = torch.nn.Sequential(torch.nn.Linear(W1.shape[1], W1.shape[0]), torch.nn.ReLU(),
                              torch.nn.Linear(W2.shape[1], W2.shape[0])).to("meta")
    weights = {"0.weight": W1, "0.bias": b1, "2.weight": W2, "2.bias": b2}
    return functional_call(net, weights, (X.transpose(-2, -1),)).transpose(-2, -1)
'''),
    # The Annotated Transformer's SublayerConnection, written for both orders: post-LN norm(x + f(x)), pre-LN
    # x + f(norm(x)), applied to the two sub-layers in turn.
    "blind5_transformer_layer_sublayer_connections": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def connection(x, sublayer, i):
        def norm(y):
            return layer_norm(y, params[f"gamma{i}"], params[f"beta{i}"])
        return x + sublayer(norm(x)) if norm_first else norm(x + sublayer(x))

    sublayers = [lambda y: multi_head_attention(y, y, params, num_heads, mask),
                 lambda y: feed_forward(y, params["W1"], params["b1"], params["W2"], params["b2"])]
    for i, sublayer in enumerate(sublayers, start=1):
        X = connection(X, sublayer, i)
    return X
'''),

    # ------------------------------------------------------------------ cross_attention
    # Head by head with slices of the weights (rows h*d .. (h+1)*d of Wq, Wk, Wv; columns of Wo), summing each
    # head's share of the output projection.
    "blind5_cross_attention_head_weight_slices": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import scaled_dot_product_attention
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    d = dim // num_heads
    out = params["bo"][:, None]
    for h in range(num_heads):
        rows = slice(h * d, (h + 1) * d)
        Q = params["Wq"][rows] @ X_dec + params["bq"][rows, None]
        K = params["Wk"][rows] @ X_enc + params["bk"][rows, None]
        V = params["Wv"][rows] @ X_enc + params["bv"][rows, None]
        head, _ = scaled_dot_product_attention(Q, K, V, enc_mask)
        out = out + params["Wo"][:, rows] @ head
    return out
'''),

    # ------------------------------------------------------------------ sampling
    # Everything in sorted space: one stable descending sort, top-k and top-p as masks on the sorted probabilities
    # (zeroed tails stay at the end, so the order the top-p step sees is the model answer's), then scattered back.
    "blind5_next_token_probs_sorted_space": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be positive")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    sorted_probs, order = torch.sort(probs, descending=True, stable=True)
    if top_k is not None:
        sorted_probs = torch.where(torch.arange(len(probs)) < top_k, sorted_probs, 0.0)
        sorted_probs = sorted_probs / sorted_probs.sum()
    if top_p is not None:
        cumulative = torch.cumsum(sorted_probs, dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        sorted_probs = torch.where(torch.arange(len(probs)) < num_kept, sorted_probs, 0.0)
    result = torch.zeros_like(probs).scatter(0, order, sorted_probs)
    return result / result.sum()
'''),
    # nanoGPT's loop shape: ids kept as a (1, N) batch row, idx[:, -block_size:], logits[:, -1] of the model's
    # output, and torch.multinomial on a (1, V) row -- one draw per step from the same generator, same stream.
    "blind5_generate_nanogpt_batch_row": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    idx = prompt[None, :]
    for _ in range(max_new_tokens):
        idx_cond = idx if context_size is None else idx[:, -context_size:]
        logits = model(idx_cond[0])[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        idx_next = torch.multinomial(probs[None, :], num_samples=1, generator=generator)   # (1, 1)
        idx = torch.cat((idx, idx_next.to(idx.dtype)), dim=1)
        if eos_id is not None and int(idx_next) == eos_id:
            break
    return idx[0]
'''),
    # gather the scored rows, subtract each column's log-sum-exp.
    "blind5_sequence_log_prob_gather_minus_lse": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)[:, :-1]                                    # columns 0 .. N-2 score ids[1:]
    picked = logits.gather(0, ids[1:][None, :]).squeeze(0)
    return (picked - torch.logsumexp(logits, dim=0)).sum()
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Patchify as a convolution with identity kernels in the images' own dtype: output channel k copies input element
    # k of the (c, row, col)-flattened patch, exactly (every other product is by 0).
    "blind5_patchify_identity_convolution": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    eye = torch.eye(channels * P * P, dtype=images.dtype, device=images.device)
    return torch.nn.functional.conv2d(images, eye.reshape(-1, channels, P, P), stride=P).flatten(2)
'''),
    # timm's PatchEmbed done right: the (D, C*P*P) weight reshaped (not viewed) to a Conv2d kernel, flatten(2), the
    # [CLS] column in front, positions added.
    "blind5_patch_embedding_timm_conv_reshape": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    kernel = W.reshape(W.shape[0], channels, patch_size, patch_size)
    tokens = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2)
    cls = cls_token.reshape(1, -1, 1).expand(batch, -1, -1)
    return torch.cat([cls, tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # Log-sum-exp over the N positions with the masked scores at -inf; a state that sees nothing has lse = -inf,
    # replaced by 0 so that its weights are exp(-inf) = 0.
    "blind5_additive_attention_log_sum_exp": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + torch.einsum("ad,...d->...a", W, s)[..., None]))
    if mask is not None:
        e = e.masked_fill(~mask, float("-inf"))
    lse = torch.logsumexp(e, dim=-1, keepdim=True)
    weights = torch.exp(e - lse.masked_fill(torch.isneginf(lse), 0.0))
    return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # The GRU by torch.gru_cell, the ATen op behind nn.GRUCell, called on the given weights with the batch flattened.
    "blind5_decoder_step_aten_gru_cell": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    D_s = s_prev.shape[-1]
    s = torch.gru_cell(x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1]),
                       s_prev.expand(*batch, D_s).reshape(-1, D_s),
                       params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
    s = s.reshape(*batch, D_s)
    logits = torch.cat([s, context.expand(*batch, context.shape[-1])], dim=-1) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Show-Attend-Tell done right: features moved channels-last (..., H, W, C), the cells flattened in raster order
    # and handed back to additive_attention as columns.
    "blind5_grid_attention_channels_last_then_columns": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    *batch, channels, height, width = features.shape
    cells = features.movedim(-3, -1).reshape(*batch, height * width, channels)     # (..., HW, C)
    weights, context = additive_attention(s, cells.transpose(-2, -1), W, U, v)
    return weights.reshape(*weights.shape[:-1], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # torch.remainder of the key-query offset.
    "blind5_strided_mask_remainder_of_offset": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError("stride must be positive")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return torch.remainder(offsets, stride) == 0
'''),
    # De Morgan on flags: a pair is hidden iff neither token is global, 1 - (1 - g_j)(1 - g_i).
    "blind5_global_token_mask_de_morgan_product": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    ordinary = (~is_global).long()
    return (ordinary.unsqueeze(-1) * ordinary.unsqueeze(-2)) == 0
'''),
    # Complements: local = n^2 minus the (n - w - 1)(n - w) pairs farther than w apart; global = n^2 minus the
    # ordinary-ordinary block; strided as the sum over the offsets k*s, |k| <= m, of n - |k| s, summed in closed form.
    "blind5_sparse_cost_complements_and_offsets": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"local": window, "strided": stride, "global": num_global}
    if pattern not in ("dense", "causal", "local", "strided", "global"):
        raise ValueError(f"unknown pattern {pattern!r}")
    if pattern in sizes and sizes[pattern] is None:
        raise ValueError(f"{pattern!r} needs its size argument")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return (n * n + n) // 2
    if pattern == "local":
        far = max(n - window - 1, 0)
        return n * n - far * (far + 1)
    if pattern == "strided":
        m = max(n - 1, 0) // stride
        return n + m * (2 * n - stride * (m + 1))              # n + 2 * sum_{k=1..m} (n - k s)
    return n * n - (n - num_global) * (n - num_global)
'''),

    # Looks like an off-by-one (m = n // s instead of (n - 1) // s) but is not: the two differ only when s divides n,
    # and then the extra offset m*s = n contributes n - n = 0 pairs; written as n(2m+1) - s m(m+1) it is the same
    # count.
    "blind5_sparse_cost_strided_floor_n_over_s": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"{pattern!r} needs its size argument")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = n // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ positions
    # RoFormer's adjacent-pair rotation applied after permuting the rows so that rows i and i + D/2 sit next to each
    # other, then permuted back: exactly the halves pairing.
    "blind5_rotary_adjacent_after_row_permutation": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")

    def rotate(X, positions):
        dim, n = X.shape[-2], X.shape[-1]
        half = dim // 2
        if positions is None:
            positions = torch.arange(n)
        perm = torch.stack([torch.arange(half), torch.arange(half) + half], dim=1).reshape(-1)   # 0, h, 1, h+1, ...
        Y = X[..., perm, :]
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        even, odd = Y[..., 0::2, :], Y[..., 1::2, :]
        rotated = torch.stack([even * cos - odd * sin, odd * cos + even * sin], dim=-2)   # (..., D/2, 2, N)
        rotated = rotated.reshape(*X.shape[:-2], dim, n)
        return rotated[..., torch.argsort(perm), :]

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),

    # ------------------------------------------------------------------ pretraining
    # One uniform per position does everything: chosen iff u < p, and given chosen, u / p is uniform on [0, 1), so
    # u < 0.8 p -> [MASK], 0.8 p <= u < 0.9 p -> random id, else kept. Same distribution, other draws.
    "blind5_mlm_single_uniform_draw": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    u = torch.rand(ids.shape, generator=generator)
    chosen = ~torch.isin(ids, special) & (u < mask_prob)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (u < 0.8 * mask_prob), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (u >= 0.8 * mask_prob) & (u < 0.9 * mask_prob), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # Choose every position with probability p first, then drop the specials (independent draws, so the non-special
    # positions are still chosen with probability p); the action by torch.multinomial over (0.8, 0.1, 0.1).
    "blind5_mlm_choose_then_drop_specials": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob)), generator=generator).bool()
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen &= ~torch.isin(ids, special)
    action = torch.multinomial(torch.tensor([0.8, 0.1, 0.1]), ids.numel(), replacement=True,
                               generator=generator).reshape(ids.shape)
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
    corrupted = ids.clone()
    corrupted[chosen & (action == 0)] = mask_id
    swap = chosen & (action == 1)
    corrupted[swap] = random_ids[swap]
    return corrupted, torch.where(chosen, ids.long(), torch.full_like(ids.long(), -100))
'''),
    # The other document as index + 1 + r (mod D) with r uniform on [0, D - 1): uniform over the other documents.
    "blind5_nsp_cyclic_offset_other_document": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for position in range(len(document) - 1):
            a = document[position]
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, document[position + 1], 0))
                continue
            offset = 1 + int(torch.randint(len(documents) - 1, (1,), generator=generator))
            other = documents[(index + offset) % len(documents)]
            pairs.append((a, other[int(torch.randint(len(other), (1,), generator=generator))], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # The palette times a one-hot of the ids (every product is by 0 or 1, so exact), channels moved before H, W.
    "blind5_dequantize_one_hot_product": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be integers")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    chooser = torch.nn.functional.one_hot(ids.long(), palette.shape[1]).to(palette.dtype)   # (..., H, W, K)
    return torch.einsum("ck,...hwk->...chw", palette, chooser)
'''),
    # Swin's head: AdaptiveAvgPool1d(1) over the tokens, then F.linear (bias or not).
    "blind5_average_pool_head_adaptive_pool_linear": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("no tokens to average")
    *batch, D, N = X.shape
    pooled = torch.nn.functional.adaptive_avg_pool1d(X.reshape(-1, D, N), 1).reshape(*batch, D)
    return torch.nn.functional.linear(pooled, W, b)
'''),

    # ------------------------------------------------------------------ swin
    # Explicit loops over the window grid, each window's M x M block flattened in raster order, stacked in raster
    # order of windows.
    "blind5_window_partition_loops": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    windows = [X[..., :, a * M:(a + 1) * M, b * M:(b + 1) * M].reshape(*batch, channels, M * M)
               for a in range(height // M) for b in range(width // M)]
    return torch.stack(windows, dim=-3)
'''),
    # The inverse by writing each window's block back into a fresh grid (index_put through slicing of a new tensor,
    # differentiable with respect to the windows).
    "blind5_window_reverse_fill_new_grid": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows do not fit the grid")
    *batch, _, channels, _ = windows.shape
    rows = []
    for a in range(height // M):
        blocks = [windows[..., a * (width // M) + b, :, :].reshape(*batch, channels, M, M) for b in range(width // M)]
        rows.append(torch.cat(blocks, dim=-1))
    return torch.cat(rows, dim=-2)
'''),
    # Original coordinates: rolled index r holds original index (r + shift) mod size, which is < shift exactly when
    # it wrapped around; tokens agree iff their (row wrapped, column wrapped) flags agree.
    "blind5_shifted_mask_original_coordinates": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError("0 <= shift < window")
    original_rows = (torch.arange(height) + shift) % height
    original_cols = (torch.arange(width) + shift) % width
    flags = torch.stack(torch.broadcast_tensors((original_rows < shift)[:, None], (original_cols < shift)[None, :]))
    windows = window_partition(flags.long(), window)                     # (nW, 2, M*M)
    same = windows[:, :, :, None] == windows[:, :, None, :]               # (nW, 2, keys, queries)
    return same.all(dim=1)
'''),
    # pixel_unshuffle gives channel c*4 + dy*2 + dx; regrouped to (dx, dy, c) it is exactly top-left, bottom-left,
    # top-right, bottom-right.
    "blind5_patch_merging_pixel_unshuffle": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree")
    batch = X.shape[:-3]
    blocks = torch.nn.functional.pixel_unshuffle(X.reshape(-1, channels, height, width), 2)   # (B, 4C, H/2, W/2)
    blocks = blocks.reshape(-1, channels, 2, 2, height // 2, width // 2)                   # (B, c, dy, dx, ...)
    merged = blocks.permute(0, 3, 2, 1, 4, 5).reshape(*batch, 4 * channels, height // 2, width // 2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),

    # ------------------------------------------------------------------ davit
    # einsum with named axes and a log-sum-exp softmax over the key channels.
    "blind5_channel_attention_einsum_log_sum_exp": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} must be (C, C)")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} must be (C,)")
    scale = tokens ** -0.5 if scale is None else scale
    G, d = num_groups, channels // num_groups

    def grouped(W, b):
        return (torch.einsum("cd,...dn->...cn", W, X) + b[:, None]).unflatten(-2, (G, d))   # (..., G, d, N)

    Q, K, V = grouped(params["Wq"], params["bq"]), grouped(params["Wk"], params["bk"]), grouped(params["Wv"], params["bv"])
    scores = torch.einsum("...gjn,...gin->...gji", K, Q) * scale          # (..., G, keys j, queries i)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
    out = torch.einsum("...gji,...gjn->...gin", weights, V).flatten(-3, -2)
    return torch.einsum("cd,...dn->...cn", params["Wo"], out) + params["bo"][:, None]
'''),

    # ------------------------------------------------------------------ embeddings
    # Row lookup in the transposed table (as nn.Embedding stores it), then the feature axis moved next to N.
    "blind5_embed_transposed_table_rows": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e.T[token_ids].transpose(-1, -2)
'''),

    # ------------------------------------------------------------------ bpe
    # Ties broken explicitly: each pair remembers the (word order, position) of its first occurrence in the current
    # segmentation, and the best pair is the max of (count, -first occurrence).
    "blind5_train_bpe_explicit_first_occurrence": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    order = {}
    frequency = {}
    for word in words:
        key = tuple(word)
        order.setdefault(key, len(order))
        frequency[key] = frequency.get(key, 0) + 1
    segmentation = {key: list(key) for key in order}
    merges = []
    for _ in range(num_merges):
        counts, first = {}, {}
        rank = 0
        for key in sorted(order, key=order.get):
            symbols = segmentation[key]
            for pair in zip(symbols, symbols[1:]):
                counts[pair] = counts.get(pair, 0) + frequency[key]
                if pair not in first:
                    first[pair] = rank
                rank += 1
        if not counts:
            break
        best = max(counts, key=lambda pair: (counts[pair], -first[pair]))
        merges.append(best)
        for key in segmentation:
            segmentation[key] = merge_pair(segmentation[key], best)
    return merges
'''),
    # Words encoded one at a time from a joined-string view: each merge re-scans the word's symbol list (no caching
    # across words), tokens appended per word.
    "blind5_bpe_encode_per_word_generator": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    def encode_word(symbols):
        for left, right in merges:
            out, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
                    out.append(left + right)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            symbols = out
        return symbols
    return [token for word in split_words(text, "text") for token in encode_word(word)]
'''),
}
