"""Fifth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from the stubs' docstrings (exercises/), the model answers (solutions/), docs/contract.md and the
course registry's lessons, and after reading the three earlier blind batches (tests/grader/held_out_blind.py,
held_out_blind_2.py, held_out_blind_3.py) so as to repeat none of their names or ideas; nothing else under grader/ or
tests/ was opened, listed, grepped or run. Every entry was checked by its author against the model answer in a
scratch package (/tmp/blind4/check.py): each right one agrees on random inputs (float32, and float64 at a relative
tolerance of 1e-10; batched and doubly batched, N = 1, N_q != N_k, fully masked queries, ties, non-contiguous views;
gradients for every float input and weight; the same exceptions; inputs not mutated; the same output dtype); each wrong
one has a recorded input the contract allows on which it differs (a value, a shape, a dtype, a missing or extra
exception, a mutated argument, a gradient, a random stream). mlm_corrupt and nsp_pairs, whose draws are free, were
compared by statistics over many seeds, or on an input where the difference is deterministic.

Emphasis: mistakes that agree with the model answer on ordinary inputs and differ only on an edge the contract allows:
batch axes on only one argument, masks with batch axes, N = 1, N_q != N_k, H != W, a window as large as the grid,
extreme magnitudes, exact zeros, fully masked queries, non-contiguous (transposed, channels-last) inputs, uint8 ids,
arguments or params dicts written into, gradients cut for some argument or weight (.detach(), .data copies into
modules, torch.no_grad() caches, numpy round trips), float64 inputs losing float64 accuracy or float32 inputs coming
back float64, wrong defaults, state kept between calls, the random stream consumed differently, and missing or
wrongly typed ValueErrors; ports of public code (PyTorch's functional multi-head attention, Sennrich's subword-nmt,
fairseq's sinusoidal table, Swin's "no shift when the window covers the grid", XCiT's cross-covariance attention,
Hugging Face's next-sentence retries and beam hypotheses, GroupNorm(1, C) as a layer norm, KV-cache position
offsets); and a few plain mistakes written in a new way. Right entries use styles unlike the model answer
(torch.func.vmap, block-diagonal masks, pixel_unshuffle/pixel_shuffle, heapq, exclusive cumulative sums, XOR labels).
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind4_sparse_cost_offset_sums, moved to WRONG_BLIND_4 (see its comment).
"""
WRONG_BLIND_4 = {
    # Folds the batch axes with .view(-1, M, N): batch axes that are a permuted view (not mergeable in memory) raise a
    # RuntimeError (clause: inputs may be non-contiguous views; use reshape). Shows on
    # torch.randn(3, 2, 4, 5).transpose(0, 1).
    "blind4_softmax_view_fold_batch": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    *batch, m, n = scores.shape
    flat = scores.view(-1, m, n)
    column_max = flat.amax(dim=1, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(flat - column_max)
    column_sum = exps.sum(dim=1, keepdim=True)
    return (exps / column_sum.masked_fill(column_sum == 0, 1.0)).view(*batch, m, n)
'''),
    # Treats the normaliser as a constant (column_sum.detach()): the weights are right, their gradient misses the
    # -w w^T term (clause: differentiable in the scores). Shows on any random scores with a gradient.
    "blind4_softmax_detached_normaliser": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True).detach()
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Handles the -inf maximum with clamp(min=0) instead of replacing only -inf: a column whose entries are all very
    # negative (about -1e4) is no longer shifted, exp underflows to 0 everywhere and the column comes out zeros instead
    # of a distribution (clause: stable for entries of +-1e4). Shows on scores = -1e4 + randn(4, 3), float32.
    "blind4_softmax_max_clamped_at_zero": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True).clamp(min=0.0)
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Computes in float64 "for safety" and forgets to cast back: float32 scores give float64 weights (clause: float32
    # in, float32 out). Shows on any float32 input.
    "blind4_softmax_double_not_cast_back": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    wide = scores.double()
    column_max = wide.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(wide - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Repairs the NaN of -inf - (-inf) with nan_to_num(nan=0.0) after the shift: the dead column's entries become
    # exp(0) = 1 and it comes out uniform, 1/M, instead of zeros (clause: an all -inf column comes out all zeros).
    # Shows on scores (3, 2) with column 0 all -inf.
    "blind4_softmax_nan_to_num_after_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    shifted = torch.nan_to_num(scores - scores.amax(dim=-2, keepdim=True), nan=0.0)
    exps = shifted.exp()
    return exps / exps.sum(dim=-2, keepdim=True)
'''),

    # ------------------------------------------------------------------ masking
    # nanoGPT's block_size habit: the mask is cut from a fixed 256 x 256 table, so n > 256 gives a (256, 256) mask
    # (clause: BoolTensor (n, n) for any n). Shows on n = 300.
    "blind4_causal_mask_fixed_block_table": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    block_size = 256
    table = torch.ones(block_size, block_size, dtype=torch.bool).triu()
    return table[:n, :n]
'''),
    # Marks each sequence's last visible key at index lengths - 1 and fills backwards with a reversed cumsum: a length
    # of 0 indexes -1, the LAST key, so an empty sequence sees every key; a length above n raises IndexError (clause:
    # key j visible iff j < lengths[b]). Shows on lengths [0, 3], n = 4.
    "blind4_padding_mask_last_index_backfill": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    batch = lengths.shape[0]
    marks = torch.zeros(batch, n, dtype=torch.long, device=lengths.device)
    marks[torch.arange(batch, device=lengths.device), lengths - 1] = 1
    visible = marks.flip(-1).cumsum(-1).flip(-1) > 0
    return visible[:, :, None]
'''),
    # Arithmetic masking scores * keep + (1 - keep) * -inf: at visible entries (1 - 1) * -inf = 0 * -inf is NaN, so
    # every visible score becomes NaN (clause: scores unchanged where visible). Shows on any mask with a True entry.
    "blind4_apply_mask_arithmetic_inf": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    keep = mask.to(scores.dtype)
    return scores * keep + (1 - keep) * float("-inf")
'''),
    # Copies with scores.clone().detach() "so as not to touch the caller's tensor", then writes -inf by index: right
    # values, but no gradient reaches the scores (clause: differentiable, no .detach()). Shows on any scores with a
    # gradient.
    "blind4_apply_mask_clone_detach": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    out = scores.clone().detach()
    out[~mask.expand_as(out)] = float("-inf")
    return out
'''),

    # Returns weights.detach() "because they are only for plotting": no gradient flows back through the returned
    # weights (clause: differentiable in every float input, for every output). Shows on a loss that uses the weights.
    "blind4_sdpa_weights_detached_for_plots": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights.detach()
'''),
    # Projects the values AFTER attending, Wv (X w) + bv: equal to (Wv X + bv) w only when every weight column sums
    # to 1; a fully masked query (zero weights) gets bv instead of zeros (clause: a query that sees no key has zero
    # output). Shows on a mask whose column 0 is all False.
    "blind4_self_attention_values_projected_after": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    _, weights = scaled_dot_product_attention(Q, K, K, mask)
    output = Wv @ (X @ weights) + bv[:, None]
    return output, weights
'''),
    # nanoGPT's fused c_attn split into three equal chunks: right when D_v == D_k, wrong (or an error) when the
    # value width differs (clause: Wq, Wk (D_k, D), Wv (D_v, D)). Shows on D_k = 2, D_v = 4.
    "blind4_self_attention_fused_equal_chunks": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    W = torch.cat([Wq, Wk, Wv])
    b = torch.cat([bq, bk, bv])
    Q, K, V = linear(X, W, b).chunk(3, dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # Inference-style fused key/value weight built once under torch.no_grad(): right values, but no gradient reaches
    # Wk, Wv, bk or bv (clause: autograd must reach every weight, no torch.no_grad()). Shows on any input.
    "blind4_mha_fused_kv_weight_no_grad": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    with torch.no_grad():
        W_kv = torch.cat([params["Wk"], params["Wv"]])
        b_kv = torch.cat([params["bk"], params["bv"]])
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K, V = linear(Xkv, W_kv, b_kv).chunk(2, dim=-2)
    K, V = split_heads(K, num_heads), split_heads(V, num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Port onto torch.nn.functional.multi_head_attention_forward (the row layout, the mask inverted and transposed,
    # heads repeated): with its default need_weights=True it normalises with a plain softmax, so a query whose mask
    # column is all False gets NaN instead of the output bias bo (clause: such a query's attention output is bo).
    # Shows on a (N_k, N_q) mask with column 0 all False.
    "blind4_mha_torch_functional_port": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim, n_q, n_k = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    batch = torch.broadcast_shapes(Xq.shape[:-2], Xkv.shape[:-2])
    if mask is not None:
        batch = torch.broadcast_shapes(batch, mask.shape[:-2])
    query = Xq.expand(*batch, dim, n_q).reshape(-1, dim, n_q).permute(2, 0, 1)      # (N_q, B, D)
    memory = Xkv.expand(*batch, dim, n_k).reshape(-1, dim, n_k).permute(2, 0, 1)    # (N_k, B, D)
    attn_mask = None
    if mask is not None:
        hidden = ~mask.expand(*batch, n_k, n_q).reshape(-1, n_k, n_q)                 # True = not allowed
        attn_mask = hidden.transpose(-2, -1).repeat_interleave(num_heads, dim=0)      # (B * H, N_q, N_k)
    out, _ = torch.nn.functional.multi_head_attention_forward(
        query, memory, memory, dim, num_heads, None,
        torch.cat([params["bq"], params["bk"], params["bv"]]), None, None, False, 0.0,
        params["Wo"], params["bo"], training=False, attn_mask=attn_mask, use_separate_proj_weight=True,
        q_proj_weight=params["Wq"], k_proj_weight=params["Wk"], v_proj_weight=params["Wv"])
    return out.permute(1, 2, 0).reshape(*batch, dim, n_q)
'''),
    # The head scale written as a product of powers with one sign wrong, D^-1/2 * H^-1/2 = 1/sqrt(D H) instead of
    # 1/sqrt(D/H): right for one head only (clause: each head scales by 1/sqrt(D/H)). Shows on D = 8, 4 heads.
    "blind4_mha_scale_exponent_sign": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    from .masking import apply_mask
    from .softmax import softmax_cols
    scores = K.transpose(-2, -1) @ Q * (dim ** -0.5 * num_heads ** -0.5)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    heads = V @ softmax_cols(scores)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Output projection in the row layout without transposing the weight, (A^T Wo)^T = Wo^T A: uses Wo^T
    # (clause: Wo @ [heads] + bo with Wo stored (out, in)). Shows on any non-symmetric Wo.
    "blind4_mha_output_projection_row_layout": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    rows = merge_heads(heads).transpose(-2, -1)
    return (rows @ params["Wo"]).transpose(-2, -1) + params["bo"][:, None]
'''),
    # Mixed-precision habit: every parameter and input cast with .float() first, so float64 inputs give a float32
    # result (clause: float64 in, float64 out, held to float64 accuracy). Shows on any float64 input.
    "blind4_mha_params_cast_float": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    params = {name: value.float() for name, value in params.items()}
    Xq, Xkv = Xq.float(), Xkv.float()
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # "GroupNorm(1, C) is a LayerNorm" (PoolFormer's norm): F.group_norm with one group normalises each sequence over
    # its features AND its tokens together; equal to the per-token layer norm only when N = 1 (clause: per column).
    # Shows on X (8, 5).
    "blind4_layer_norm_group_norm_one_group": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    *batch, dim, num = X.shape
    flat = X.reshape(-1, dim, num)
    out = torch.nn.functional.group_norm(flat, 1, gamma, beta, eps)
    return out.reshape(*batch, dim, num)
'''),
    # BERT's layer_norm_eps = 1e-12 as the default: calls without eps differ from the contract's 1e-5 by a factor
    # sqrt(1 + 1e-5 / var), visible at float64 accuracy (clause: eps=1e-5 default). Shows on float64 X, eps omitted.
    "blind4_layer_norm_bert_eps_default": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-12):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, correction=0)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # b1 added after the ReLU instead of inside it: relu(W1 X) + b1 (clause: W2 relu(W1 X + b1) + b2). Shows on any
    # input with b1 != 0.
    "blind4_feed_forward_bias_after_relu": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = torch.relu(W1 @ X) + b1[:, None]
    return linear(hidden, W2, b2)
'''),
    # Pre-LN branch forgets the second norm: X + FFN(X) instead of X + FFN(LN2(X)); post-LN is right
    # (clause: pre-LN X <- X + FFN(LN2(X))). Shows on norm_first=True.
    "blind4_transformer_prenorm_ffn_unnormalised": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(X)
    else:
        X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
        X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
    return X
'''),
    # Memory habit X += attend(X) for the first residual: the values are right, but the caller's X is overwritten
    # (and a leaf X that requires grad raises) (clause: arguments unchanged). Shows on post-LN with any X.
    "blind4_transformer_residual_in_place": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
        return X
    X += attend(X)
    X = layer_norm(X, params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # Guesses the mask layout from its last size: a mask whose last axis equals N_e is taken for PyTorch's (N_d, N_e)
    # memory_mask and transposed. With N_d == N_e a proper (N_e, N_d) mask is transposed too (clause: enc_mask is
    # (..., N_e, N_d)). Shows on N_d = N_e = 4 and an asymmetric mask.
    "blind4_cross_attention_guesses_mask_layout": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None and enc_mask.shape[-1] == X_enc.shape[-1]:
        enc_mask = enc_mask.transpose(-2, -1)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Values projected from the decoder stream instead of the encoder: fails unless N_d == N_e and is silently wrong
    # then (clause: keys and values from the encoder). Shows on N_d = N_e = 3.
    "blind4_cross_attention_values_from_decoder": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_dec, params["Wv"], params["bv"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # "The encoder is frozen while decoding": X_enc.detach(), so no gradient reaches the encoder states (the capstone
    # translator trains its encoder through this) (clause: differentiable in every float input). Shows on any input.
    "blind4_cross_attention_encoder_detached": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    return multi_head_attention(X_dec, X_enc.detach(), params, num_heads, enc_mask)
'''),
    # The FFN reads the stream from before the cross-attention: LN3(X2 + FFN(X1)) (clause: X <- LN3(X + FFN(X)) with
    # the X after the cross-attention). Shows on any input.
    "blind4_decoder_layer_ffn_reads_pre_cross": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X1 = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                    params["gamma1"], params["beta1"])
    X2 = layer_norm(X1 + cross_attention(X1, X_enc, params["cross_attn"], num_heads, enc_mask),
                    params["gamma2"], params["beta2"])
    thought = feed_forward(X1, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X2 + thought, params["gamma3"], params["beta3"])
'''),
    # The cross-attention's keys and values computed once under torch.no_grad() (an inference memory cache): right
    # values, but no gradient reaches X_enc or the cross-attention's Wk, bk, Wv, bv (clause: autograd reaches every
    # weight). Shows on any input.
    "blind4_decoder_layer_memory_cache_no_grad": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    p = params["cross_attn"]
    with torch.no_grad():
        K = split_heads(linear(X_enc, p["Wk"], p["bk"]), num_heads)
        V = split_heads(linear(X_enc, p["Wv"], p["bv"]), num_heads)
    Q = split_heads(linear(X, p["Wq"], p["bq"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    X = layer_norm(X + linear(merge_heads(heads), p["Wo"], p["bo"]), params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Copy-paste slip in the third norm: gamma3 with beta2 (clause: LN3 uses gamma3, beta3). Shows whenever
    # beta2 != beta3.
    "blind4_decoder_layer_third_norm_beta2": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta2"])
'''),

    # ------------------------------------------------------------------ sampling
    # Temperature multiplies the logits instead of dividing them: right at T = 1 only (clause: temperature divides the
    # logits). Shows on temperature=0.5.
    "blind4_next_token_probs_temperature_multiplies": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits * temperature, dim=-1)
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
    # Accumulates in float64 (as the model answer's beam search does) and returns that: a float32 model gives a
    # float64 log-probability (clause: dtype of the model's logits kept). Shows on any float32 model.
    "blind4_sequence_log_prob_double_result": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids).double(), dim=0)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),
    # Hugging Face's beam hypotheses: a beam that ends in eos leaves the beam for a separate pool and the beam is
    # refilled with beam_width unfinished candidates, so finished beams no longer take up places (clause: a finished
    # beam competes for one of the beam_width places with its fixed score). Shows on a seeded random table model,
    # vocab 5, eos 0, beam width 3, 5 steps (another sequence, of another length).
    "blind4_beam_search_hf_finished_pool": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    running = [(0.0, prompt)]
    finished = []
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids in running:
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])))
        candidates.sort(key=lambda candidate: -candidate[0])
        running = []
        for score, ids in candidates:
            if eos_id is not None and int(ids[-1]) == eos_id:
                finished.append((score, ids))
            else:
                running.append((score, ids))
            if len(running) == beam_width:
                break
        if not running:
            break
    pool = finished + running
    best = max(range(len(pool)), key=lambda index: (pool[index][0], -index))
    return pool[best][1]
'''),

    # ------------------------------------------------------------------ bpe
    # Incremental pair counts (subword-nmt's update_pair_statistics): counts stay right, but a pair whose count drops
    # to 0 is deleted and re-inserted at the END of the Counter, so ties are broken by insertion history, not by the
    # first occurrence in the current segmentation (clause: the tie rule). Shows on the contract's own corpus (low x5,
    # lower x2, newer x6): after ("w", "e") it learns ("r", "</w>") where the contract's example learns ("we", "r").
    "blind4_train_bpe_incremental_counts": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    pair_counts = Counter()
    for word, frequency in word_counts.items():
        symbols = segmentation[word]
        for pair in zip(symbols, symbols[1:]):
            pair_counts[pair] += frequency
    merges = []
    for _ in range(num_merges):
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word, frequency in word_counts.items():
            old = segmentation[word]
            new = merge_pair(old, best)
            if new == old:
                continue
            for pair in zip(old, old[1:]):
                pair_counts[pair] -= frequency
                if pair_counts[pair] == 0:
                    del pair_counts[pair]
            for pair in zip(new, new[1:]):
                pair_counts[pair] += frequency
            segmentation[word] = new
    return merges
'''),
    # Sennrich's learn_bpe: the end-of-word marker fused onto the last character from the start ("w</w>"), so pairs
    # (c, "</w>") are never counted and the merges differ (clause: each word is its characters followed by "</w>").
    # Shows on the contract's corpus low x5, lower x2, newer x6.
    "blind4_train_bpe_sennrich_fused_end_of_word": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word[:-2]) + (word[-2] + END_OF_WORD,) for word in words)
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
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # WordPiece-style greedy longest match against the vocabulary the merges build: with [("b", "c"), ("a", "b")]
    # "abc" becomes ab, c</w>... instead of a, bc, </w> (clause: the merges replayed one after another in order).
    # Shows on text "abc", merges [("b", "c"), ("a", "b")].
    "blind4_bpe_encode_longest_match": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    vocabulary = {symbol for word in words for symbol in word} | {a + b for a, b in merges}
    tokens = []
    for units in words:
        start = 0
        while start < len(units):
            end = len(units)
            while end > start + 1 and "".join(units[start:end]) not in vocabulary:
                end -= 1
            tokens.append("".join(units[start:end]))
            start = end
    return tokens
'''),
    # Forgets the final rstrip: every decoded text keeps the space of its last "</w>" (clause: strips trailing
    # spaces). Shows on ["lo", "w</w>"].
    "blind4_bpe_decode_keeps_trailing_space": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    return "".join(tokens).replace(END_OF_WORD, " ")
'''),

    # ------------------------------------------------------------------ embeddings
    # Checks only the upper bound of the ids: a negative id matches no row and silently gives an all-zero column
    # instead of a ValueError (clause: ValueError for ids outside [0, V)). Shows on ids [1, -1], V = 4.
    "blind4_one_hot_checks_upper_bound_only": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    if token_ids.numel() and int(token_ids.max()) >= vocab_size:
        raise ValueError(f"token_ids must be < {vocab_size}")
    vocabulary = torch.arange(vocab_size, device=token_ids.device)
    return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype or torch.get_default_dtype())
'''),
    # nn.Embedding's (V, D) table obtained with reshape instead of a transpose: the numbers are re-flowed, not
    # transposed, so every embedding is scrambled unless D = 1 or V = 1 (clause: column v of omega_e is token v's
    # embedding). Shows on omega_e (3, 5).
    "blind4_embed_reshape_not_transpose": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    table = omega_e.reshape(omega_e.shape[1], omega_e.shape[0])
    return table[token_ids].movedim(-1, -2)
'''),
    # Range check against omega_e.shape[0] (D) instead of the vocabulary size: with D < V valid ids >= D raise a
    # ValueError, with D > V ids in [V, D) pass the check and fail with an IndexError (clause: ValueError exactly for
    # ids outside [0, V)). Shows on omega_e (3, 6), ids [4].
    "blind4_embed_range_checked_against_width": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[0])
    return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Cosines on the even rows and sines on the odd ones (clause: P[2i] = sin, P[2i+1] = cos; an odd D ends with a
    # sine row). Shows on any table with N > 1.
    "blind4_sinusoidal_cos_on_even_rows": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    dtype = torch.get_default_dtype()
    positions = torch.arange(num_positions, dtype=dtype)
    pair_index = torch.arange(0, dim, 2, dtype=dtype)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions)
    table[0::2] = torch.cos(angles)
    table[1::2] = torch.sin(angles[: dim // 2])
    return table
'''),
    # fairseq's SinusoidalPositionalEmbedding frequencies, exp(-k log(10000) / (half_dim - 1)), interleaved into the
    # contract's layout: the exponent's denominator is half_dim - 1, not D/2, and D = 2 divides by zero
    # (clause: 10000^(2i/D)). Shows on D = 8 and on D = 2.
    "blind4_sinusoidal_fairseq_denominator": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    dtype = torch.get_default_dtype()
    half = (dim + 1) // 2
    step = math.log(10000.0) / (half - 1)
    frequencies = torch.exp(torch.arange(half, dtype=dtype) * -step)
    angles = frequencies[:, None] * torch.arange(num_positions, dtype=dtype)[None, :]
    table = torch.empty(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),

    # ------------------------------------------------------------------ positions
    # Rounds the log-spaced position to the nearest bucket instead of flooring it (clause: n/2 + floor(...)). Shows
    # on offsets 0..127 with the defaults.
    "blind4_bucket_rounds_log_position": ("positions", "relative_position_bucket", '''
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
    far = torch.clamp(exact + log_scale.round().long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Halves the buckets in the causal mode too: a causal layer then uses only 16 of its 32 buckets, all exact
    # distances below 8 (clause: causal mode uses all num_buckets for offsets <= 0). Shows on offsets -20..0,
    # bidirectional=False.
    "blind4_bucket_causal_halved": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets // 2
    if bidirectional:
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # `offset = relative_position.long()` is taken for a copy and then offset.abs_() is applied in place: for a
    # LongTensor .long() returns the same tensor, so the caller's offsets lose their signs (clause: arguments
    # unchanged). Shows on offsets [-3, 2], bidirectional.
    "blind4_bucket_abs_in_place": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs_()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Frequencies indexed from pair 1: theta_i = base^(-2(i+1)/D), so the first pair no longer turns at one radian
    # per position (clause: theta_i = base^(-2i/D), i = 0 .. D/2 - 1). Shows on any Q, K with N > 1.
    "blind4_rotary_frequencies_from_one": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(2, dim + 1, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Rotates a clone in place half by half through a view: after the top half is overwritten, the bottom half's
    # update reads the ROTATED top (x'_{i+D/2} = x_{i+D/2} cos + x'_i sin) (clause: both halves from the original
    # values). Shows on any Q, K with a nonzero position.
    "blind4_rotary_sequential_update_reads_new_top": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        half = dim // 2
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        out = X.clone()
        top = out[..., :half, :]
        out[..., :half, :] = top * cos - out[..., half:, :] * sin
        out[..., half:, :] = out[..., half:, :] * cos + top * sin
        return out

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # KV-cache habit: default query positions are the LAST N_q of the N_k key positions (N_k - N_q .. N_k - 1), as
    # when decoding after a cache; right when N_q == N_k (clause: positions default to 0 .. N - 1 for each of Q and K).
    # Shows on N_q = 5, N_k = 7.
    "blind4_rotary_queries_aligned_to_keys_end": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    n_q, n_k = Q.shape[-1], K.shape[-1]
    if positions_k is None:
        positions_k = torch.arange(n_k)
    if positions_q is None:
        positions_q = torch.arange(n_k - n_q, n_k)
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),

    # ------------------------------------------------------------------ pretraining
    # Special ids held in a Python set and looked up with int(id): when special_ids is a LongTensor (allowed) the set
    # holds 0-d tensors, hashed by identity, so no id is ever found special and special tokens get chosen
    # (clause: special ids are never chosen). Shows on special_ids=torch.tensor([0, 1]), mask_prob=1.0.
    "blind4_mlm_special_ids_set_of_tensors": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = set(special_ids)
    eligible = torch.tensor([int(token) not in special for token in ids.reshape(-1).tolist()],
                            dtype=torch.bool).reshape(ids.shape)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Google BERT's per-sequence, per-position loops: `ids.shape[1]` assumes a (B, N) batch, so a single sequence
    # (N,) raises an IndexError (clause: ids (..., N), any number of leading axes). Shows on ids of shape (6,).
    "blind4_mlm_loops_over_batch_rows": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = {int(token) for token in torch.as_tensor(special_ids).reshape(-1).tolist()}
    corrupted = ids.clone()
    labels = torch.full(ids.shape, -100, dtype=torch.long)
    batch, length = ids.shape[0], ids.shape[1]
    for b in range(batch):
        for n in range(length):
            token = int(ids[b, n])
            if token in special or float(torch.rand((), generator=generator)) >= mask_prob:
                continue
            labels[b, n] = token
            action = float(torch.rand((), generator=generator))
            if action < 0.8:
                corrupted[b, n] = mask_id
            elif action < 0.9:
                corrupted[b, n] = int(torch.randint(vocab_size, (), generator=generator))
    return corrupted, labels
'''),
    # Random replacement that never returns the original id (draw from V - 1 values and skip the original): the
    # contract's uniform draw over [0, V) keeps the original with probability 1/V, so a chosen token stays unchanged
    # with probability 0.1 + 0.1/V, not 0.1 (clause: a uniform id from [0, vocab_size), it may equal the original).
    # Shows statistically with vocab_size = 2 over 600 seeds (unchanged 0.100 instead of 0.150 of the chosen).
    "blind4_mlm_random_never_original": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
    random_ids = random_ids + (random_ids >= ids).to(ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # The single-document check dropped: one document of two sentences returns a pair whenever the coin says "is
    # next" and fails in torch.randint(0) (a RuntimeError) otherwise, never the contract's ValueError. Shows on
    # [["a", "b"]] over seeds.
    "blind4_nsp_no_single_document_check": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # Hugging Face's TextDatasetForNextSentencePrediction: up to 10 draws of a random document, accepting the 10th
    # even if it is A's own; with two documents that happens with probability 2^-10 per random pair (clause: B from
    # another document). Shows on [["a0", "a1"], ["b0", "b1"]] over a few thousand seeds (label 1 with B from A's
    # own document).
    "blind4_nsp_hf_ten_retries": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                for _ in range(10):
                    pick = int(torch.randint(len(documents), (), generator=generator))
                    if pick != index:
                        break
                other = documents[pick]
                pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Accepts 8-bit images by mapping them to [-1, 1] (Hugging Face's feature extractor): uint8 images return ids
    # instead of the ValueError (clause: ValueError if either input is not floating point). Shows on uint8 images.
    "blind4_quantize_accepts_integer_images": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not palette.is_floating_point():
        raise ValueError("palette must be floating point")
    if not images.is_floating_point():
        images = images.to(palette.dtype) / 127.5 - 1
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    return (pixels - palette.to(dtype)).square().sum(dim=-2).argmin(dim=-1)
'''),
    # F.embedding on the transposed palette: it takes int64 and int32 indices only, so uint8 images of ids (the
    # common case the contract names) raise a RuntimeError (clause: ids of any integer dtype). Shows on uint8 ids.
    "blind4_dequantize_embedding_uint8": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    return torch.nn.functional.embedding(ids, palette.T).movedim(-1, -3)
'''),
    # Range check off by one (ids.max() > K): id K passes and fails in the indexing with an IndexError
    # (clause: ValueError for ids outside [0, K)). Shows on an id equal to K.
    "blind4_dequantize_range_off_by_one": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) > palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # Builds the start column with full_like in the ids' own dtype and casts to long at the end: uint8 ids with
    # ImageGPT's sos_id = 512 overflow and raise a RuntimeError (clause: ids of any integer dtype, results long).
    # Shows on uint8 ids, sos_id=512.
    "blind4_pixel_sequence_start_in_ids_dtype": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.reshape(*ids.shape[:-2], -1)
    inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
    return inputs.long(), targets.long()
'''),
    # The mean over tokens written as a sum divided by the wrong size, X.shape[-2] (D) instead of X.shape[-1] (N):
    # right only when D == N (clause: the mean of the N token columns). Shows on X (4, 6).
    "blind4_average_pool_divides_by_width": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.sum(dim=-1) / X.shape[-2]
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Gathers the patch pixels from the image flattened with .view(B, C, H*W): an image batch whose H and W axes are
    # not mergeable in memory (a spatially transposed view) raises a RuntimeError (clause: inputs may be
    # non-contiguous views; use reshape). Shows on torch.randn(2, 3, 6, 4).transpose(-2, -1), P = 2.
    "blind4_patchify_gather_from_flat_view": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height}, W={width} must be divisible by patch_size={patch_size}")
    P = patch_size
    rows = torch.arange(height).reshape(height // P, P)
    cols = torch.arange(width).reshape(width // P, P)
    index = (rows[:, None, :, None] * width + cols[None, :, None, :]).reshape(-1, P * P)   # (N, P*P)
    flat = images.view(batch, channels, height * width)
    patches = flat[:, :, index]                                                           # (B, C, N, P*P)
    return patches.permute(0, 2, 1, 3).reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # NumPy's sliding_window_view on images.detach().numpy(): the right patches in the right dtype, but a numpy round
    # trip, so no gradient reaches the images (clause: differentiable, no .detach()/.numpy()). Shows on any images
    # with a gradient.
    "blind4_patchify_numpy_sliding_window": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    import numpy as np
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height}, W={width} must be divisible by patch_size={patch_size}")
    P = patch_size
    array = images.detach().cpu().numpy()
    windows = np.lib.stride_tricks.sliding_window_view(array, (P, P), axis=(2, 3))[:, :, ::P, ::P]
    patches = windows.transpose(0, 2, 3, 1, 4, 5).reshape(batch, -1, channels * P * P)
    return torch.from_numpy(np.ascontiguousarray(patches)).transpose(1, 2)
'''),
    # F.unfold with the kernel size only: its stride defaults to 1, so patches overlap and there are
    # (H-P+1)(W-P+1) of them; right only for P = 1 (clause: non-overlapping P x P patches). Shows on P = 2.
    "blind4_patchify_unfold_stride_default": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height}, W={width} must be divisible by patch_size={patch_size}")
    return torch.nn.functional.unfold(images, patch_size)
'''),
    # A port from big_vision / Flax, whose conv kernels are (P, P, C, D): the flattened patch axis of W is read as
    # (row, column, channel) when W is turned into a conv kernel, so the weights meet the wrong pixels unless C = 1
    # (clause: W (D, C*P*P) in (channel, row, column) order, Conv2d(C, D, P, stride=P).weight.reshape(D, -1)).
    # Shows on C = 3.
    "blind4_patch_embedding_flax_kernel_order": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height}, W={width} must be divisible by patch_size={patch_size}")
    kernel = W.reshape(W.shape[0], patch_size, patch_size, channels).permute(0, 3, 1, 2)
    tokens = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2)
    cls_column = cls_token[:, None].expand(batch, -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Folds [CLS] into its position column in place (positions[:, 0] += cls_token, "precomputing cls + pos"): right
    # values, but the caller's positions are overwritten (and a positions leaf requiring grad raises) (clause:
    # arguments unchanged). Shows on any call.
    "blind4_patch_embedding_cls_folded_into_positions": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
    first = positions[:, 0]
    first += cls_token
    return torch.cat([first[None, :, None].expand(tokens.shape[0], -1, 1), tokens], dim=-1)
'''),
    # Preallocates the output with torch.empty(...) in the default dtype and fills it: float64 tokens are rounded to
    # float32 on the way in, and the sum with float64 positions comes back float64 with float32 accuracy
    # (clause: float64 computed in float64). Shows on float64 images and weights.
    "blind4_patch_embedding_preallocated_float32": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    out = torch.empty(tokens.shape[0], tokens.shape[1], tokens.shape[2] + 1)
    out[:, :, 0] = cls_token
    out[:, :, 1:] = tokens
    return out + positions
'''),
    # [CLS] as cls_token[None, :, None] without expanding it over the batch: torch.cat needs equal batch sizes, so
    # only B = 1 works (clause: images (B, C, H, W)). Shows on B = 2.
    "blind4_patch_embedding_cls_not_expanded": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    return torch.cat([cls_token[None, :, None], tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # (v^T tanh(...)) computed as a (..., 1, N) row and .squeeze()d: with N = 1 (one encoder state) or a batch axis
    # of size 1 the squeeze also drops those axes and the softmax fails or the shapes are wrong (clause: weights
    # (..., N)). Shows on H (1, 4, 3) and on N = 1.
    "blind4_additive_attention_squeeze_all": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v[None, :] @ hidden).squeeze()
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # The softmax written without the max shift, exp(e) / sum: scores are bounded by |v|_1, so a v with large
    # entries overflows exp and gives NaN weights (clause: weights = softmax of e; the course's softmax is stable).
    # Shows on v = 100 * randn(D_a), float32.
    "blind4_additive_attention_unshifted_exp": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    exps = torch.exp(scores)
    if mask is not None:
        exps = exps * mask
    total = exps.sum(dim=-1, keepdim=True)
    weights = exps / total.masked_fill(total == 0, 1.0)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # nn.GRUCell run through torch.func.functional_call with the given weights (gradients flow), but without folding
    # the batch axes: GRUCell takes (I,) or (B, I) only, so two leading batch axes raise (clause: s_prev (..., D_s),
    # any leading dimensions). Shows on s_prev (2, 3, D_s), y_prev (2, 3, E), H (2, 3, D_h, N).
    "blind4_decoder_step_grucell_two_batch_axes": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    cell = torch.nn.GRUCell(x.shape[-1], s_prev.shape[-1], device="meta")
    cell_weights = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    s = torch.func.functional_call(cell, cell_weights, (x, s_prev.expand(*x.shape[:-1], s_prev.shape[-1])))
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # The read-out uses the previous state: logits = W_out [s_prev; c] + b_out (clause: logits = W_out [s; c] + b_out
    # with the new state s). Shows on any input.
    "blind4_decoder_step_readout_previous_state": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s_prev, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # U applied to the grid as a 1x1 convolution (show-attend-tell style): conv2d takes (C, H, W) or (B, C, H, W)
    # only, so features with two batch axes raise (clause: features (..., C, H, W)). Shows on features
    # (2, 3, C, H, W).
    "blind4_grid_attention_conv1x1_keys": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    keys = torch.nn.functional.conv2d(features, U[:, :, None, None])
    hidden = torch.tanh(keys + (s @ W.T)[..., :, None, None])
    scores = (v[:, None, None] * hidden).sum(dim=-3)
    weights = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1).unflatten(-1, (height, width))
    context = (features * weights.unsqueeze(-3)).sum(dim=(-2, -1))
    return weights, context
'''),
    # Unflattens the weights as (W, H): for a square grid the raster order makes this invisible, for H != W the
    # weights come back (..., W, H) (clause: weights (..., H, W)). Shows on a 2 x 3 grid.
    "blind4_grid_attention_unflatten_width_first": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)
    return weights.unflatten(-1, (width, height)), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Builds the mask diagonal by diagonal with range(0, n - 1, stride): the last offset n - 1 is never reached,
    # so the corner pairs (0, n-1) and (n-1, 0) are lost whenever stride divides n - 1, and n = 1 gives an empty mask
    # (clause: [j, i] True iff i - j is a multiple of stride). Shows on n = 5, stride 2, and on n = 1.
    "blind4_strided_mask_diagonal_range_off_by_one": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    mask = torch.zeros(n, n, dtype=torch.bool)
    for offset in range(0, n - 1, stride):
        band = torch.ones(n - offset).diag(offset).bool()
        mask |= band | band.T
    return mask
'''),
    # Over-eager check: a stride larger than n is rejected, though it is valid (only the diagonal is visible)
    # (clause: ValueError only if stride < 1). Shows on n = 3, stride 5.
    "blind4_strided_mask_rejects_stride_beyond_n": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1 or stride > n:
        raise ValueError(f"stride must lie in [1, n]; got {stride}")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets % stride == 0
'''),
    # Longformer's global attention always sits on a local window, so the diagonal (each token sees itself) is added;
    # the contract's global pattern alone hides ordinary tokens from themselves (clause: [j, i] True iff j or i is
    # global). Shows on is_global [True, False, False].
    "blind4_global_token_mask_adds_self": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
    return is_global.unsqueeze(-1) | is_global.unsqueeze(-2) | eye
'''),
    # Fixed axis numbers, unsqueeze(2) | unsqueeze(1): right for one (B, N) batch, an error for a single sequence (N,)
    # and a wrong mask with two batch axes (clause: is_global (..., N)). Shows on is_global of shape (3,).
    "blind4_global_token_mask_fixed_axes": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    return is_global.unsqueeze(2) | is_global.unsqueeze(1)
'''),
    # A dict of closed forms indexed by the pattern: an unknown pattern raises KeyError and a missing size a
    # TypeError, not the contract's ValueError. Shows on pattern "banded" and on ("local", window=None).
    "blind4_sparse_cost_dict_dispatch": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    def local():
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)

    def strided():
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)

    counts = {
        "dense": lambda: n * n,
        "causal": lambda: n * (n + 1) // 2,
        "local": local,
        "strided": strided,
        "global": lambda: num_global * (2 * n - num_global),
    }
    return counts[pattern]()
'''),
    # The number of stride offsets rounded up, m = ceil((n - 1) / s): when s does not divide n - 1 the extra offset
    # m*s > n - 1 is counted with a negative number of pairs (clause: m = floor((n - 1) / s)). Shows on n = 5,
    # stride 3 (model 9, this 7).
    "blind4_sparse_cost_strided_ceil": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = -(-(n - 1) // stride) if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ swin
    # Reads `window` as the number of windows per side (a num_windows / window_size mix-up) and derives
    # M = H // window: right exactly when H = window^2, e.g. a 4 x 4 grid with window 2, wrong windows otherwise
    # (clause: M = window, the window's side). Shows on a 4 x 4 grid with window 4 (M' = 1).
    "blind4_window_partition_window_count_mixup": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = height // window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M).movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Scatters the windows back into torch.zeros(...) in the default dtype: float64 windows come back float32
    # (clause: dtype kept). Shows on float64 windows.
    "blind4_window_reverse_zeros_default_dtype": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    *batch, _, channels, _ = windows.shape
    out = torch.zeros(*batch, channels, height, width)
    k = 0
    for a in range(height // M):
        for b in range(width // M):
            out[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
            k += 1
    return out
'''),
    # Infers the grid of windows as square (isqrt(nW) per side) instead of using height and width: a non-square grid
    # of windows fails to reshape (clause: window_reverse(windows, M, H, W) for any H, W that M divides). Shows on a
    # 4 x 6 grid, M = 2 (nW = 6).
    "blind4_window_reverse_square_window_grid": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    *batch, num_windows, channels, _ = windows.shape
    per_side = math.isqrt(num_windows)
    grid = windows.reshape(*batch, per_side, per_side, channels, M, M).movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Swin's own rule "if min(input_resolution) <= window_size: shift_size = 0" ported into the mask: a window as
    # large as the grid gives an all-True mask although the rolled grid wraps (clause: the mask of the given shift).
    # Shows on H = W = M = 4, shift 2.
    "blind4_shifted_mask_no_shift_when_window_covers_grid": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    if min(height, width) <= window:
        shift = 0
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Region labels as row flag + column flag: a token that wrapped only in its row and one that wrapped only in its
    # column both get label 1 and see each other (clause: visible iff the (row, column) labels agree). Shows on
    # H = W = 4, M = 4, shift 2 (the bottom-left and top-right quadrants of the single window).
    "blind4_shifted_mask_label_sum_collision": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Builds an nn.LayerNorm and copies gamma and beta in with .data.copy_: right values, but the module's parameters
    # are copies, so no gradient reaches gamma or beta (clause: autograd reaches every weight). Shows on any input.
    "blind4_patch_merging_layernorm_module_copy": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    norm = torch.nn.LayerNorm(4 * channels, eps=eps, dtype=X.dtype)
    norm.weight.data.copy_(gamma)
    norm.bias.data.copy_(beta)
    tokens = norm(merged.flatten(-2).transpose(-2, -1)).transpose(-2, -1)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The merged sequence unflattened as (W/2, H/2): invisible for square grids, a transposed shape for H != W
    # (clause: (..., 2C, H/2, W/2)). Shows on a 2 x 4 grid.
    "blind4_patch_merging_unflatten_swapped": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (width // 2, height // 2))
'''),

    # ------------------------------------------------------------------ davit
    # N read as X.shape[1], the (C, N) layout of one image: with a batch axis (B, C, N) that is C, so the default
    # scale becomes 1/sqrt(C) (clause: scale 1/sqrt(N), N = X.shape[-1]). Shows on X (2, 4, 9).
    "blind4_channel_attention_tokens_from_axis_one": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = X.shape[1] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # DaViT's fused qkv projection unflattened in the wrong order, (G, 3, C/G) instead of (3, G, C/G): right for one
    # group, mixes queries, keys and values across groups otherwise (clause: group g owns rows g*C/G .. of Q, K, V).
    # Shows on C = 4, G = 2.
    "blind4_channel_attention_fused_qkv_order": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    W_qkv = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
    b_qkv = torch.cat([params["bq"], params["bk"], params["bv"]])
    qkv = linear(X, W_qkv, b_qkv).unflatten(-2, (num_groups, 3, channels // num_groups))
    Q, K, V = qkv.unbind(-3)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # XCiT's cross-covariance attention ported in: the query and key rows are L2-normalised over the tokens before
    # the scores (XCiT then uses a learned temperature), which the contract's channel attention does not do
    # (clause: scores K_g Q_g^T * scale of the projected rows). Shows on any input.
    "blind4_channel_attention_xcit_normalised_rows": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = torch.nn.functional.normalize(split_heads(linear(X, params["Wq"], params["bq"]), num_groups), dim=-1)
    K = torch.nn.functional.normalize(split_heads(linear(X, params["Wk"], params["bk"]), num_groups), dim=-1)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The default scale computed once and cached on the function (a "lazy constant"): the first call's 1/sqrt(N) is
    # reused for every later N (clause: no state between calls; scale 1/sqrt(N) of this X). Shows on a call with
    # N = 9 followed by one with N = 4.
    "blind4_channel_attention_scale_cached": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = channel_attention.__dict__.setdefault("default_scale", 1 / math.sqrt(tokens))
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # 1 / math.isqrt(N): the integer square root floors, so only perfect squares N = 1, 4, 9, ... get the right
    # scale (clause: 1/sqrt(N)). Shows on X (4, 6), 2 groups.
    "blind4_channel_attention_integer_sqrt": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.isqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Copy-paste slip in the output projection: Wo with the query bias bq (clause: Wo [...] + bo). Shows whenever
    # bq != bo.
    "blind4_channel_attention_output_bias_bq": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bq"])
'''),
    # Folds the scale into the query projection by writing params["Wq"] and params["bq"] back into the caller's
    # dict: the first call is right, the dict is changed, and a second call with the same dict scales twice
    # (clause: arguments, params dicts included, unchanged). Shows on any call (params["Wq"] replaced).
    "blind4_channel_attention_scale_folded_into_params": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    params["Wq"] = params["Wq"] * scale
    params["bq"] = params["bq"] * scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1))
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Written as a wrong one (batch axes folded per argument with reshape(-1, ...) and bmm: Q batched over one
    # K, V fails); counted right at first: the contract does not make the batch axes of Q, K and V broadcast against
    # each other (only rnn_attention's arguments do). Counted WRONG since the twenty-fifth batch: the mask is folded
    # on its own too, and a mask may broadcast to the scores' shape with fewer batch axes or axes of 1 (the contract's
    # general rules): a (3, N_k, N_q) mask over inputs of batch (2, 3) raises here (the mask_broadcast clause).
    "blind4_sdpa_fold_batch_per_argument": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    batch = Q.shape[:-2]
    q = Q.reshape(-1, *Q.shape[-2:])
    k = K.reshape(-1, *K.shape[-2:])
    v = V.reshape(-1, *V.shape[-2:])
    scores = torch.bmm(k.transpose(1, 2), q) / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask.reshape(-1, *mask.shape[-2:]) if mask.dim() > 2 else mask)
    weights = softmax_cols(scores)
    output = torch.bmm(v, weights)
    return output.reshape(*batch, *output.shape[-2:]), weights.reshape(*batch, *weights.shape[-2:])
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # Counts by offsets d = i - j (n - |d| pairs each), summed explicitly; math.comb for the causal triangle.
    "blind4_sparse_cost_offset_sums": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n ** 2
    if pattern == "causal":
        return math.comb(n + 1, 2)
    if pattern == "local":
        w = max(0, min(window, n - 1))
        return n + 2 * sum(n - d for d in range(1, w + 1))
    if pattern == "strided":
        return n + 2 * sum(n - d for d in range(stride, n, stride))
    return n * n - (n - num_global) ** 2
'''),
}

RIGHT_BLIND_4 = {
    # Written as a wrong one (a one-pass variance cancels on float32 columns whose mean dwarfs their spread);
    # counted right: an earlier batch wrote the same formula as right (tl_right_one_pass_var_f32), and the contract
    # bounds no float32 error for such ill-conditioned columns.
    "blind4_layer_norm_one_pass_variance": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = (X * X).mean(dim=-2, keepdim=True) - mean * mean
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Written as a wrong one (greedy steps take argmax without torch.multinomial, so the generator is not advanced);
    # counted right: at temperature 0 the one-hot has a single outcome, and an earlier batch's author wrote the same
    # shortcut as right (generate_argmax_when_greedy); the contract now says skipping that draw is as right.
    "blind4_generate_greedy_skips_draw": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        if temperature == 0:
            next_id = torch.argmax(logits).reshape(1)
        else:
            probs = next_token_probs(logits, temperature, top_k, top_p)
            next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Written as a wrong one (the discarded 0/0 branch of torch.where sends NaN back to an all -inf column);
    # counted right: the gradient at an input of -inf is no part of the contract (the function is constant there, and
    # apply_mask's backward zeroes it), and the grader compares gradients only at finite inputs.
    "blind4_softmax_where_after_division_nan_grad": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return torch.where(column_sum > 0, exps / column_sum, torch.zeros_like(exps))
'''),
    # Written as a wrong one (K and V reshaped with the batch shape of Xq: one Xkv for a batch of queries fails);
    # counted right: the contract does not make Xq's and Xkv's batch axes broadcast (only rnn_attention's arguments do).
    "blind4_mha_batch_shape_from_queries": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    *batch, dim, n_q = Xq.shape
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    n_k = Xkv.shape[-1]
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"]).reshape(*batch, num_heads, head_dim, n_q)
    K = linear(Xkv, params["Wk"], params["bk"]).reshape(*batch, num_heads, head_dim, n_k)
    V = linear(Xkv, params["Wv"], params["bv"]).reshape(*batch, num_heads, head_dim, n_k)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(heads.reshape(*batch, dim, n_q), params["Wo"], params["bo"])
'''),
    # Written as a wrong one (an in-place masked_fill_ on the fresh scores raises for a (B, N_k, N_q) mask over
    # unbatched Q, K, V); counted right since the contract says a mask broadcasts to the scores' shape and never
    # adds batch dimensions of its own (the reference raises ValueError there): on every input the contract allows,
    # it is right.
    "blind4_sdpa_masked_fill_in_place_on_scores": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        if mask.dtype != torch.bool:
            raise ValueError("mask must be a bool tensor")
        scores.masked_fill_(~mask, float("-inf"))
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # ------------------------------------------------------------------ softmax
    # The shift taken from scores.detach(): a per-column constant has zero gradient through the softmax, so
    # detaching it changes nothing (unlike detaching the normaliser).
    "blind4_softmax_detached_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    shift = scores.detach().amax(dim=-2, keepdim=True)
    shift = torch.where(torch.isneginf(shift), torch.zeros_like(shift), shift)
    exps = torch.exp(scores - shift)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Dead (all -inf) columns replaced by zeros BEFORE torch.softmax and zeroed after: no NaN in the forward pass or
    # in the gradient, and torch.softmax is itself max-shifted.
    "blind4_softmax_torch_on_revived_columns": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
    safe = scores.masked_fill(dead, 0.0)
    return torch.softmax(safe, dim=-2).masked_fill(dead, 0.0)
'''),

    # ------------------------------------------------------------------ masking
    # The upper triangle including the diagonal: [j, i] with j <= i.
    "blind4_causal_mask_triu_of_ones": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Key positions counted from 1 by a cumulative sum: j < length  <=>  j + 1 <= length.
    "blind4_padding_mask_cumsum_positions": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    counted = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device).cumsum(-1)
    return (counted <= lengths[:, None]).unsqueeze(-1)
'''),
    # Squared distance against the squared window (both exact integers; window >= 0).
    "blind4_local_mask_squared_distance": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    positions = torch.arange(n)
    return (positions[None, :] - positions[:, None]) ** 2 <= window ** 2
'''),
    # A clone (in the graph) written by boolean index: hidden entries get -inf and zero gradient, as with masked_fill.
    "blind4_apply_mask_clone_index_put": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    out = scores.clone()
    out[~mask.expand_as(out)] = float("-inf")
    return out
'''),

    # ------------------------------------------------------------------ attention
    # One query at a time under torch.func.vmap over the query axis (in and out dims -1): each query's scores against
    # all keys, masked, softmax with the dead-query guard, then its output column; batch axes broadcast first.
    "blind4_sdpa_vmap_over_queries": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    if mask is not None and mask.dtype != torch.bool:
        raise ValueError("mask must be a bool tensor")
    scale = 1 / math.sqrt(Q.shape[-2])
    n_k, n_q = K.shape[-1], Q.shape[-1]
    shapes = [Q.shape[:-2], K.shape[:-2], V.shape[:-2]] + ([] if mask is None else [mask.shape[:-2]])
    batch = torch.broadcast_shapes(*shapes)
    Qb = Q.expand(*batch, *Q.shape[-2:])
    Kb = K.expand(*batch, *K.shape[-2:])
    Vb = V.expand(*batch, *V.shape[-2:])
    if mask is None:
        visible = torch.ones(*batch, n_k, n_q, dtype=torch.bool, device=Q.device)
    else:
        visible = mask.expand(*batch, n_k, n_q)

    def one_query(q, m):
        s = (Kb * q.unsqueeze(-1)).sum(dim=-2) * scale
        s = s.masked_fill(~m, float("-inf"))
        top = s.amax(dim=-1, keepdim=True)
        top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
        e = torch.exp(s - top)
        total = e.sum(dim=-1, keepdim=True)
        w = e / torch.where(total == 0, torch.ones_like(total), total)
        return (Vb * w.unsqueeze(-2)).sum(dim=-1), w

    return torch.func.vmap(one_query, in_dims=(-1, -1), out_dims=(-1, -1))(Qb, visible)
'''),
    # Values projected after attending, with the bias scaled by each query's weight sum: V w = Wv (X w) + bv (1^T w),
    # and 1^T w is 1 for a query that sees a key and 0 for one that sees none, so fully masked queries stay zero.
    "blind4_self_attention_project_after_with_weight_sums": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    _, weights = scaled_dot_product_attention(Q, K, K, mask)
    output = Wv @ (X @ weights) + bv[:, None] * weights.sum(dim=-2, keepdim=True)
    return output, weights
'''),

    # ------------------------------------------------------------------ multihead
    # Per-head weight slices (H, D/H, D) mapped with torch.func.vmap (out_dims=-3 puts the head axis before the rows);
    # each head projects with its rows of Wq, Wk, Wv and attends with the shared mask.
    "blind4_mha_vmap_over_head_weights": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads

    def one_head(Wq, bq, Wk, bk, Wv, bv):
        Q = Wq @ Xq + bq[:, None]
        K = Wk @ Xkv + bk[:, None]
        V = Wv @ Xkv + bv[:, None]
        return scaled_dot_product_attention(Q, K, V, mask)[0]

    slices = [params[name].unflatten(0, (num_heads, head_dim)) for name in ("Wq", "bq", "Wk", "bk", "Wv", "bv")]
    heads = torch.func.vmap(one_head, out_dims=-3)(*slices)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # The head axis moved to the front (movedim(-3, 0)), a Python loop over heads, outputs concatenated on the rows.
    "blind4_mha_heads_leading_axis_loop": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads

    def heads_first(Y):
        return Y.unflatten(-2, (num_heads, head_dim)).movedim(-3, 0)

    Q = heads_first(linear(Xq, params["Wq"], params["bq"]))
    K = heads_first(linear(Xkv, params["Wk"], params["bk"]))
    V = heads_first(linear(Xkv, params["Wv"], params["bv"]))
    outputs = [scaled_dot_product_attention(Q[h], K[h], V[h], mask)[0] for h in range(num_heads)]
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # Centring by the matrix I - 11^T/D, the biased variance as the mean square of the centred column, rsqrt.
    "blind4_layer_norm_centring_matrix": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    dim = X.shape[-2]
    centring = torch.eye(dim, dtype=X.dtype, device=X.device) - 1.0 / dim
    centred = centring @ X
    variance = (centred * centred).sum(dim=-2, keepdim=True) / dim
    return gamma[:, None] * centred * torch.rsqrt(variance + eps) + beta[:, None]
'''),
    # Row layout with F.linear and F.threshold(h, 0, 0) (the ReLU, with the same zero gradient at 0), back to columns.
    "blind4_feed_forward_threshold_rows": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    rows = torch.nn.functional.linear(X.transpose(-2, -1), W1, b1)
    hidden = torch.nn.functional.threshold(rows, 0.0, 0.0)
    return torch.nn.functional.linear(hidden, W2, b2).transpose(-2, -1)
'''),
    # One residual helper that knows both orders, applied to the attention block and then to the FFN block.
    "blind4_transformer_layer_residual_helper": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def sublayer(Y, block, gamma, beta):
        if norm_first:
            return Y + block(layer_norm(Y, params[gamma], params[beta]))
        return layer_norm(Y + block(Y), params[gamma], params[beta])

    Y = sublayer(X, lambda Z: multi_head_attention(Z, Z, params, num_heads, mask), "gamma1", "beta1")
    return sublayer(Y, lambda Z: feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"]),
                    "gamma2", "beta2")
'''),

    # ------------------------------------------------------------------ cross_attention
    # Attention over [X_dec, X_enc] with every decoder key hidden: the hidden keys get exactly zero weight (and zero
    # gradient), so this is cross-attention; a query that sees no encoder key sees no key at all and gets bo.
    "blind4_cross_attention_hidden_decoder_keys": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    n_d, n_e = X_dec.shape[-1], X_enc.shape[-1]
    batch = torch.broadcast_shapes(X_dec.shape[:-2], X_enc.shape[:-2])
    keys = torch.cat([X_dec.expand(*batch, *X_dec.shape[-2:]), X_enc.expand(*batch, *X_enc.shape[-2:])], dim=-1)
    if enc_mask is None:
        enc_mask = torch.ones(n_e, n_d, dtype=torch.bool, device=X_dec.device)
    enc_visible = enc_mask.expand(*enc_mask.shape[:-2], n_e, n_d)
    dec_hidden = torch.zeros(*enc_visible.shape[:-2], n_d, n_d, dtype=torch.bool, device=X_dec.device)
    return multi_head_attention(X_dec, keys, params, num_heads, torch.cat([dec_hidden, enc_visible], dim=-2))
'''),
    # A post-LN helper numbered by sub-layer and a causal mask from triu of ones.
    "blind4_decoder_layer_numbered_post_ln": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()

    def post(Y, update, k):
        return layer_norm(Y + update, params[f"gamma{k}"], params[f"beta{k}"])

    X = post(X_dec, multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal), 1)
    X = post(X, cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), 2)
    return post(X, feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
'''),

    # ------------------------------------------------------------------ sampling
    # index_fill for top-k, and top-p by an EXCLUSIVE cumulative sum (the mass before each token, built from the same
    # inclusive cumsum): a token is kept iff the mass before it is < p, which keeps exactly the crossing token.
    "blind4_next_token_probs_exclusive_cumsum": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.index_fill(0, order[top_k:], 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        inclusive = torch.cumsum(probs[order], dim=0)
        before = torch.cat([inclusive.new_zeros(1), inclusive[:-1]])
        probs = probs.index_fill(0, order[before >= top_p], 0.0)
    return probs / probs.sum()
'''),
    # torch.multinomial on the probabilities as a (1, V) row: the same draw from the same generator state.
    "blind4_generate_multinomial_on_row": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt.clone()
    steps = 0
    while steps < max_new_tokens:
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs.unsqueeze(0), 1, generator=generator)[0]
        ids = torch.cat([ids, token.to(ids.dtype)])
        steps += 1
        if eos_id is not None and token.item() == eos_id:
            break
    return ids
'''),
    # The picked logits minus the log-sum-exp of their columns (the first N - 1), by gather.
    "blind4_sequence_log_prob_gather_minus_logsumexp": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)[:, :-1]
    picked = logits.gather(0, ids[1:].unsqueeze(0)).squeeze(0)
    return (picked - torch.logsumexp(logits, dim=0)).sum()
'''),
    # heapq.nlargest over the candidates: documented as sorted(..., reverse=True)[:n], which is stable, so ties keep
    # the candidates' beam-then-token order.
    "blind4_beam_search_heapq_nlargest": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    import heapq
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
            for token, log_prob in enumerate(log_probs):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        beams = heapq.nlargest(beam_width, candidates, key=lambda candidate: candidate[0])
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ bpe
    # A plain dict of counts (insertion order = first occurrence) and an explicit scan keeping the first strict
    # maximum.
    "blind4_train_bpe_explicit_first_max": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    vocabulary = {}
    for word in words:
        vocabulary[tuple(word)] = vocabulary.get(tuple(word), 0) + 1
    segmentations = [list(word) for word in vocabulary]
    frequencies = list(vocabulary.values())
    merges = []
    for _ in range(num_merges):
        counts = {}
        for symbols, frequency in zip(segmentations, frequencies):
            for pair in zip(symbols, symbols[1:]):
                counts[pair] = counts.get(pair, 0) + frequency
        if not counts:
            break
        best = None
        for pair, count in counts.items():
            if best is None or count > counts[best]:
                best = pair
        merges.append(best)
        segmentations = [merge_pair(symbols, best) for symbols in segmentations]
    return merges
'''),
    # A regular expression strips the trailing spaces.
    "blind4_bpe_decode_regex_trailing": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    import re
    return re.sub(r" +$", "", "".join(tokens).replace(END_OF_WORD, " "))
'''),

    # ------------------------------------------------------------------ embeddings
    # The Annotated Transformer's div_term exp(-2i log(10000) / D), in the column layout, odd D handled.
    "blind4_sinusoidal_div_term": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    dtype = torch.get_default_dtype()
    position = torch.arange(num_positions, dtype=dtype)[None, :]
    div_term = torch.exp(torch.arange(0, dim, 2, dtype=dtype) * -(math.log(10000.0) / dim))[:, None]
    table = torch.zeros(dim, num_positions)
    table[0::2] = torch.sin(position * div_term)
    table[1::2] = torch.cos(position * div_term)[: dim // 2]
    return table
'''),
    # The contract's definition itself: omega_e times the one-hot columns (in omega_e's dtype), by einsum.
    "blind4_embed_einsum_one_hot": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    picks = one_hot(token_ids, omega_e.shape[-1], dtype=omega_e.dtype)
    return torch.einsum("dv,...vn->...dn", omega_e, picks)
'''),

    # ------------------------------------------------------------------ positions
    # The cos/sin tables built under torch.no_grad() (they depend on no input that needs a gradient), and the
    # rotation written as X * [cos; cos] + swap_halves(X) * [-sin; sin].
    "blind4_rotary_tables_no_grad_swap_halves": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def turn(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        half = dim // 2
        with torch.no_grad():
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = torch.outer(theta, positions.to(torch.float64))
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        swapped = torch.cat([X[..., half:, :], X[..., :half, :]], dim=-2)
        return X * torch.cat([cos, cos]) + swapped * torch.cat([-sin, sin])

    return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Distances clamped up to n/2 before the log (no log 0 = -inf anywhere); the exact branch is chosen as before.
    "blind4_bucket_clamp_before_log": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        upper = (offset > 0).long() * half
        distance = offset.abs()
    else:
        upper = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    safe = distance.clamp(min=exact)
    scaled = torch.log(safe.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = (exact + scaled.long()).clamp(max=half - 1)
    return upper + torch.where(distance < exact, distance, far)
'''),

    # ------------------------------------------------------------------ pretraining
    # One float64 uniform per position decides everything: chosen if u < p, [MASK] if u < 0.8p, random if
    # 0.8p <= u < 0.9p (given u < p, u/p is uniform, so the 80/10/10 split is exact), then the random ids.
    "blind4_mlm_single_uniform_split": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
    chosen = eligible & (u < mask_prob)
    to_mask = chosen & (u < 0.8 * mask_prob)
    to_random = chosen & (u >= 0.8 * mask_prob) & (u < 0.9 * mask_prob)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(to_mask, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(to_random, random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # The other document drawn among the first len - 1 indices, A's own index swapped for the last one: uniform over
    # the other documents.
    "blind4_nsp_swap_own_with_last": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    last = len(documents) - 1
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if float(torch.rand((), generator=generator)) < 0.5:
                pairs.append((a, successor, 0))
                continue
            pick = int(torch.randint(last, (), generator=generator))
            if pick == index:
                pick = last
            other = documents[pick]
            pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Squared distances accumulated channel by channel, (..., H, W, K), argmin over the colours.
    "blind4_quantize_channel_accumulation": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    distances = None
    for c in range(images.shape[-3]):
        difference = images[..., c, :, :].to(dtype)[..., None] - palette[c].to(dtype)
        distances = difference * difference if distances is None else distances + difference * difference
    return distances.argmin(dim=-1)
'''),
    # adaptive_avg_pool1d to one output per feature on the folded batch, then F.linear (b may be None).
    "blind4_average_pool_adaptive_pool": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    *batch, dim, num = X.shape
    pooled = torch.nn.functional.adaptive_avg_pool1d(X.reshape(-1, dim, num), 1).reshape(*batch, dim)
    return torch.nn.functional.linear(pooled, W, b)
'''),

    # ------------------------------------------------------------------ patch_embedding
    # pixel_unshuffle(images, P) puts each patch's (channel, row, column) values on the channel axis in exactly that
    # order; flattening the (H/P, W/P) grid gives the patches in raster order.
    "blind4_patchify_pixel_unshuffle": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height}, W={width} must be divisible by patch_size={patch_size}")
    return torch.nn.functional.pixel_unshuffle(images, patch_size).flatten(2)
'''),
    # [CLS] broadcast over the batch by adding zeros shaped like one token column.
    "blind4_patch_embedding_cls_plus_zero_column": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = cls_token[:, None] + torch.zeros_like(tokens[..., :1])
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # The GRU cell written from the fused gate products with the update in complement form h' = n + z (h - n).
    "blind4_decoder_step_gru_complement_form": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    size = s_prev.shape[-1]
    gi = x @ params["weight_ih"].T + params["bias_ih"]
    gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
    reset = torch.sigmoid(gi[..., :size] + gh[..., :size])
    update = torch.sigmoid(gi[..., size:2 * size] + gh[..., size:2 * size])
    candidate = torch.tanh(gi[..., 2 * size:] + reset * gh[..., 2 * size:])
    s = candidate + update * (s_prev - candidate)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # No mask in grid attention, so torch.softmax over the H*W cells is safe; scores and context by einsum.
    "blind4_grid_attention_einsum_torch_softmax": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    cells = features.flatten(-2)
    hidden = torch.tanh(torch.einsum("ac,...cn->...an", U, cells) + (s @ W.T)[..., :, None])
    weights = torch.softmax(torch.einsum("a,...an->...n", v, hidden), dim=-1)
    context = torch.einsum("...cn,...n->...c", cells, weights)
    return weights.unflatten(-1, (height, width)), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # A stride-periodic identity: [j, i] is visible iff i = j mod s, i.e. eye(s) tiled and cut to n x n.
    "blind4_strided_mask_tiled_identity": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    repeats = -(-n // stride)
    return torch.eye(stride, dtype=torch.bool).repeat(repeats, repeats)[:n, :n]
'''),
    # De Morgan: hidden iff neither the key nor the query is global.
    "blind4_global_token_mask_de_morgan": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    ordinary = ~is_global
    return ~(ordinary.unsqueeze(-1) & ordinary.unsqueeze(-2))
'''),

    # ------------------------------------------------------------------ swin
    # pixel_unshuffle(X, M) stacks each window's (channel, row, column) values on the channel axis; split C from
    # M*M, flatten the window grid in raster order and move it before C.
    "blind4_window_partition_pixel_unshuffle": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    blocks = torch.nn.functional.pixel_unshuffle(X, window)
    blocks = blocks.unflatten(-3, (channels, window * window)).flatten(-2)
    return blocks.movedim(-1, -3)
'''),
    # The exact inverse through pixel_shuffle: windows to (..., C*M*M, H/M, W/M), then shuffle the pixels back.
    "blind4_window_reverse_pixel_shuffle": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    blocks = windows.movedim(-3, -1).flatten(-3, -2).unflatten(-1, (height // M, width // M))
    return torch.nn.functional.pixel_shuffle(blocks, M)
'''),
    # Row and column wrap flags partitioned separately; visible iff neither flag differs (no XOR is set).
    "blind4_shifted_mask_xor_flags": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    rows = (torch.arange(height) + shift >= height)[:, None].expand(height, width)
    cols = (torch.arange(width) + shift >= width)[None, :].expand(height, width)
    r = window_partition(rows[None].long(), window)[:, 0].bool()
    c = window_partition(cols[None].long(), window)[:, 0].bool()
    return ~((r[:, :, None] ^ r[:, None, :]) | (c[:, :, None] ^ c[:, None, :]))
'''),

    # ------------------------------------------------------------------ davit
    # One C x C channel attention with a block-diagonal mask: channels of different groups are hidden (-inf), so
    # each softmax column only spreads over its own group, exactly the grouped attention.
    "blind4_channel_attention_block_diagonal_mask": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = linear(X, params["Wq"], params["bq"])
    K = linear(X, params["Wk"], params["bk"])
    V = linear(X, params["Wv"], params["bv"])
    group = torch.arange(channels, device=X.device) // (channels // num_groups)
    same_group = group[:, None] == group[None, :]
    weights = softmax_cols((K @ Q.transpose(-2, -1) * scale).masked_fill(~same_group, float("-inf")))
    return linear(weights.transpose(-2, -1) @ V, params["Wo"], params["bo"])
'''),
    # torch.func.vmap over the group axis (in and out dims -3) of a one-group channel attention.
    "blind4_channel_attention_vmap_groups": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)

    def grouped(W, b):
        return linear(X, params[W], params[b]).unflatten(-2, (num_groups, channels // num_groups))

    def one_group(q, k, v):
        weights = softmax_cols(k @ q.transpose(-2, -1) * scale)
        return weights.transpose(-2, -1) @ v

    out = torch.func.vmap(one_group, in_dims=-3, out_dims=-3)(grouped("Wq", "bq"), grouped("Wk", "bk"),
                                                                grouped("Wv", "bv"))
    return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
}
