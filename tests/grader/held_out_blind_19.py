"""Twentieth blind batch of held-out implementations (prefix blind19_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md (its opening), the model answers
(solutions/), the stubs' signatures and the learner-visible tests (run only as `pytest exercises/tests/test_<module>.py
--target <package>`; test_softmax.py's opening was read), after reading the docstrings, entry names and "counted
right" / "counted wrong" comments of the earlier blind batches (tests/grader/held_out_blind.py, held_out_blind_2.py ...
held_out_blind_17.py), so as to repeat none of their names or ideas and to respect their recorded decisions (gradients
are compared at finite inputs only, so the NaN gradients here all arise at finite inputs; a mask never has batch axes
of its own; only the named ValueErrors count; Xq's and Xkv's batch axes need not broadcast; a one-pass variance is
right). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor held_out_blind_18.py
(written at the same time). (A directory listing of tests/grader/ was printed once at the start, when looking for the
earlier batch files; no file in it other than those batches was read.)

Emphasis: numerics, dtypes and autograd. Wrong entries agree with the model answer on ordinary float32 inputs and
break on one of: float64 accuracy (a float32 constant, buffer, accumulator, cache or read-out hidden in the middle:
log2(e) for exp2, a head-merge buffer, the encoder memory, a one-hot, the context sum, a cumulative mean, the sqrt(N)
scale, the read-out layer, pre-LN sub-layer outputs, saved activations), extreme but allowed magnitudes (scores beyond
1e4 or 65504 clamped, logits in the thousands without a shift, positions beyond float16's integers, embedding columns
beyond a max_norm, saturated GRU gates), -inf columns (a two-row sigmoid shortcut), gradients (custom
autograd.Functions with a wrong backward, torch.where guards whose discarded NaN branch leaks through an additive -inf
mask or a branchwise sigmoid, NaN at a zero-variance column or flat block, an in-place divide of a tensor pow saved, a
detach or no_grad on one parameter or one path only, a key bias dropped because softmax cancels it, a re-entrant
checkpoint that loses parameter gradients when X needs none), output dtypes (unfold on a float copy, a float32
softmax) and arguments written only on some branch (inference-only masked_fill_, the greedy one-hot written into the
logits, an int64 image shifted through an alias, F.embedding's max_norm renorm). Right entries are numerically
different but meet the contract: custom autograd.Functions with correct backwards (softmax, apply_mask, layer norm, a
fused FFN, rotary), log(mask) added before the course's softmax_cols, torch.softmax with a torch.where guard after
masked_fill, logsumexp forms, float64 internals cast back, Welford's variance, non-re-entrant checkpointing, a
space-to-depth convolution, folded affine maps with gradients, exp2 with a Python constant.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind19/pk/<name>/p19_<name>/, a
copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests; every right entry passes them, and each wrong entry's comment says whether it does (32 of the 38 do).
Right entries were compared with the model answer (battery.py, harness.py, cases.py), the battery run twice in one
process: float64 (1e-10 of the result's scale) and float32 (2e-5); no, one and two batch axes; N = 1, N_q != N_k and
N_d != N_e, D_k != D_v, head widths 1..6; masks none, random, with a fully masked query, all False, causal,
padding-style (N_k, 1) and batched padding (B, N_e, 1); states and encoder batches that broadcast (rnn_attention);
-inf columns, scores of 1e4, zero-variance columns and flat blocks, features far from zero (1e4 + 1e3 randn), positions
up to 70004 and int32 positions, ids of every integer dtype (int64, int32, int16, int8, uint8), transposed
(non-contiguous) inputs, gradients under a random upstream gradient with respect to every float input and parameter
(params dicts included; tolerance relative to the largest gradient), the same pattern of unreachable leaves, the
contract's ValueErrors, arguments unchanged (values, shapes, strides), output dtypes. Each wrong entry's recorded input
is the battery's first differing case or a small demo (demos.py) run on the model answer and on the entry; the
difference is in its comment.

Judgement calls: blind19_self_attention_key_bias_dropped_as_invariant and blind19_mha_key_bias_dropped_as_invariant
give the model's values to rounding and the mathematically right gradient for bk (zero), but autograd never reaches bk
(bk.grad stays None); the contract says autograd must reach every weight, so they are written as wrong. The
float32-inside entries differ by 1e-9..5e-4 on float64 calls (beyond float64 accuracy, which the contract demands) and
agree on float32 calls. blind19_transformer_layer_reentrant_checkpoint and blind19_apply_mask_in_place_when_no_grad are
wrong only when an input does not require grad (the layer's X; the scores), the ordinary case outside training. An idea
drafted as wrong (a NaN gradient from torch.std_mean at a zero-variance block) turned out right, since PyTorch's std
backward masks std == 0, and was replaced; a custom FFN backward meant to fail on batched bias gradients turned out
right (autograd sums a gradient to the parameter's shape) and was replaced; a relu written as (x + |x|)/2 (gradient 1/2
at exactly 0) was dropped as not clearly wrong. No entry written as wrong is counted right.

Added by the grader's maintainer after the batch came: three entries written as wrong are counted right and moved to
RIGHT_BLIND_19 (the two dropped key biases, whose true gradient is zero, and the float32 activations saved for one
gradient of a float64 forward pass; see their comments).

Counts: 38 wrong, 31 right (fewer than the ~55/35 asked: the time box ran out).
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 2, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 2, 'multi_head_attention': 3, 'next_token_probs': 2, 'patch_embedding': 1, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 3, 'transformer_layer': 3}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'multi_head_attention': 2, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 2, 'pixel_sequence': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 3, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_19 = {
    # ------------------------------------------------------------------ softmax
    # exp2 of the shifted scores times log2(e) held in a module-level torch.tensor, which is float32: a float64 call
    # multiplies by a log2(e) rounded to float32 (relative error 2e-8 in every exponent). Recorded: float64 scores (2,
    # 3) randn*3 (seed 17): max |difference| 2.9e-9 at weights of scale 1 (gradient 2.4e-9), beyond float64 accuracy;
    # float32 calls agree. Fails the visible tests.
    "blind19_softmax_exp2_float32_log2e_constant": ("softmax", "softmax_cols", '''
_LOG2E = torch.tensor(1.4426950408889634)   # log2(e), for exp2


def softmax_cols(scores):
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp2((scores - column_max) * _LOG2E)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Forward right, hand-written autograd.Function whose backward returns weights * grad, the Jacobian's diagonal
    # only (forgets - weights * sum(grad * weights)). Recorded: float64 scores (1, 1): model gradient 0, entry 0.36
    # (the upstream gradient); on (2, 3) scores every gradient differs. Passes the visible tests.
    "blind19_softmax_custom_backward_forgets_centring": ("softmax", "softmax_cols", '''
class _ColumnSoftmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, scores):
        column_max = scores.amax(dim=-2, keepdim=True)
        column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
        exps = torch.exp(scores - column_max)
        column_sum = exps.sum(dim=-2, keepdim=True)
        weights = exps / column_sum.masked_fill(column_sum == 0, 1.0)
        ctx.save_for_backward(weights)
        return weights

    @staticmethod
    def backward(ctx, grad):
        (weights,) = ctx.saved_tensors
        return weights * grad          # the diagonal of the Jacobian only


def softmax_cols(scores):
    return _ColumnSoftmax.apply(scores)
'''),
    # Two rows (two keys) taken as sigmoid(s0 - s1), sigmoid(s1 - s0): a column that is entirely -inf gives
    # sigmoid(NaN) = NaN instead of zeros (the contract's all -inf column). Recorded: float64 scores (2, 5) with
    # column 1 all -inf: model column [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind19_softmax_two_row_sigmoid_shortcut": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    if scores.shape[-2] == 2:                       # two keys: softmax is a sigmoid of the difference
        top, bottom = scores[..., 0:1, :], scores[..., 1:2, :]
        return torch.cat([torch.sigmoid(top - bottom), torch.sigmoid(bottom - top)], dim=-2)
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # ------------------------------------------------------------------ masking
    # When the scores do not require grad (inference) and the mask does not broadcast them up, masked_fill_ writes
    # -inf into the caller's scores. Recorded: scores zeros (2, 2) float64 without grad, mask [[T, F], [T, T]]: the
    # model leaves scores unchanged, the entry leaves [[0, -inf], [0, 0]] in them (values returned are equal). Passes
    # the visible tests.
    "blind19_apply_mask_in_place_when_no_grad": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible); got {mask.dtype}")
    if not scores.requires_grad and torch.broadcast_shapes(scores.shape, mask.shape) == scores.shape:
        return scores.masked_fill_(~mask, float("-inf"))     # inference: save a copy
    return scores.masked_fill(~mask, float("-inf"))
'''),
    # ------------------------------------------------------------------ attention
    # Mask added as a 0/-inf float tensor, torch.softmax over keys, NaN of a fully masked query turned into 0 with
    # nan_to_num: the forward is right, but the NaN of the blind column flows back through the addition into Q and K.
    # Recorded: float64 Q (3, 4), K (3, 5), V (2, 5) seeded randn, a random mask with query 0 fully masked, random
    # upstream gradient: model gradients finite, entry NaN in Q's column 0 and in all of K. Passes the visible tests.
    "blind19_sdpa_additive_mask_torch_softmax_nan_gradient": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        if mask.dtype != torch.bool:
            raise ValueError("mask must be bool")
        scores = scores + torch.zeros_like(scores).masked_fill(~mask, float("-inf"))   # additive mask
    weights = torch.softmax(scores, dim=-2).nan_to_num(0.0)    # a query that sees nothing: 0/0 -> 0
    return V @ weights, weights
'''),
    # Scores clamped to [-1e4, 1e4] (to survive half precision): scores of thousands beyond 1e4 are flattened.
    # Recorded: float64 Q [[1]], K [[2e4, 1.5e4]], V [[1, 0]]: model weights [1, 0], entry [0.5, 0.5]. Passes the
    # visible tests.
    "blind19_sdpa_scores_clamped_to_float16_range": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    scores = scores.clamp(-1e4, 1e4)               # keep scores representable if run in half precision
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Head outputs index_add-ed into a torch.zeros buffer of the default dtype (float32) before Wo: a float64 call
    # loses float64 accuracy in the middle. Recorded: float64 Xq (6, 4), Xkv (6, 5), H = 2, seeded params: max
    # |difference| 6.8e-8 (scale 3.5), gradients 1e-8..2e-7. Fails the visible tests.
    "blind19_mha_heads_merged_into_default_dtype_buffer": ("multihead", "multi_head_attention", '''
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
    merged = torch.zeros(*heads.shape[:-3], dim, heads.shape[-1])     # the concatenation buffer
    merged = merged.index_add(-2, torch.arange(dim), merge_heads(heads).to(merged.dtype))
    return linear(merged.to(Xq.dtype), params["Wo"], params["bo"])
'''),
    # torch.softmax, then, only when some query is fully masked (a NaN count read with .item()), torch.where(isnan, 0,
    # weights.detach()): on that branch the weights are cut from the graph, so Wq, bq, Wk, bk (and Xq, Xkv through the
    # scores) get no gradient. Recorded: float64, mask (5, 4) with query 0 fully masked, H = 2: model gradients for
    # every input, entry None for Xq, Wq, Wk, bq, bk and wrong for Xkv (max 0.51). Without such a query it agrees.
    # Passes the visible tests.
    "blind19_mha_dead_queries_zeroed_by_item_count": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / (dim // num_heads) ** 0.5
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-2)
    if torch.isnan(weights).sum().item() > 0:           # some query sees no key
        weights = torch.where(torch.isnan(weights), 0.0, weights.detach())
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The biased std taken first (sqrt of the mean square), then sqrt(std*std + eps): the same values, but at a column
    # with zero variance sqrt's backward is 0/0, so the gradient is NaN. Recorded: float64 X [[1, 2], [1, -1], [1,
    # 0.5]] (column 0 constant), gamma 1, beta 0, upstream arange: model gradient of column 0 [-632.5, 0, 632.5],
    # entry [nan, nan, nan]; also any D = 1 input. Passes the visible tests.
    "blind19_layer_norm_std_then_hypot_nan_grad_constant_column": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    dim = X.shape[-2]
    centred = X - X.mean(dim=-2, keepdim=True)
    std = torch.sqrt(centred.square().mean(dim=-2, keepdim=True))    # the biased std
    return gamma[:, None] * centred / torch.sqrt(std * std + eps) + beta[:, None]
'''),
    # centred /= sqrt(var + eps) in place, after centred ** 2 saved centred for its backward: the forward is right,
    # backward raises RuntimeError (a variable needed for gradient computation was modified by an inplace operation).
    # Recorded: any X requiring grad, e.g. float64 (4, 3) randn. Passes the visible tests.
    "blind19_layer_norm_centred_divided_in_place_after_square": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    centred = X - X.mean(dim=-2, keepdim=True)
    variance = (centred ** 2).mean(dim=-2, keepdim=True)
    centred /= torch.sqrt(variance + eps)          # reuse the buffer
    return gamma[:, None] * centred + beta[:, None]
'''),
    # torch.utils.checkpoint with use_reentrant=True around each block: when X does not require grad (the layer's
    # input is data) the output does not require grad and no parameter gets a gradient. Recorded: float64 X (4, 3),
    # params requiring grad, H = 2: model Wq.grad norm 0.166, entry output.requires_grad False (Wq.grad None); with X
    # requiring grad it agrees. Passes the visible tests.
    "blind19_transformer_layer_reentrant_checkpoint": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    from torch.utils.checkpoint import checkpoint

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    def norm(Y, k):
        return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])

    # recompute each block in backward to save activation memory (the classic, re-entrant checkpoint)
    if norm_first:
        X = X + checkpoint(lambda Y: attend(norm(Y, 1)), X, use_reentrant=True)
        return X + checkpoint(lambda Y: think(norm(Y, 2)), X, use_reentrant=True)
    X = checkpoint(lambda Y: norm(Y + attend(Y), 1), X, use_reentrant=True)
    return checkpoint(lambda Y: norm(Y + think(Y), 2), X, use_reentrant=True)
'''),
    # Pre-LN branch normalises with a mean and inverse std computed under torch.no_grad() (treated as constants):
    # values right, gradients through the statistics lost (the post-LN branch uses layer_norm and is right). Recorded:
    # float64 X (6, 4), seeded params, H = 2, norm_first=True: gradients differ up to 10.6 (scale 23.7). Passes the
    # visible tests.
    "blind19_transformer_layer_prenorm_normalised_under_no_grad_statistics": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def norm(Y, k):
        with torch.no_grad():                                   # statistics are constants of the batch
            mean = Y.mean(dim=-2, keepdim=True)
            inv_std = torch.rsqrt(Y.var(dim=-2, keepdim=True, correction=0) + 1e-5)
        return params[f"gamma{k}"][:, None] * ((Y - mean) * inv_std) + params[f"beta{k}"][:, None]

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(norm(X, 1))
        return X + think(norm(X, 2))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # log(enc_mask) added to the scores, torch.softmax, NaN replaced by 0 with torch.where: values right, but a
    # decoder query that sees no encoder token sends NaN back through the addition. Recorded: float64 X_dec (6, 3),
    # X_enc (6, 5), H = 2, mask (5, 3) with query 0 fully masked: model gradients finite, entry NaN in X_dec, X_enc,
    # Wq, Wk, bq, bk. Passes the visible tests.
    "blind19_cross_attention_log_mask_torch_softmax_nan_gradient": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    split = lambda Y: Y.reshape(*Y.shape[:-2], num_heads, dim // num_heads, Y.shape[-1])
    Q = split(params["Wq"] @ X_dec + params["bq"][:, None])
    K = split(params["Wk"] @ X_enc + params["bk"][:, None])
    V = split(params["Wv"] @ X_enc + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / (dim // num_heads) ** 0.5
    if enc_mask is not None:
        scores = scores + torch.log(enc_mask.unsqueeze(-3).to(scores.dtype))   # 0 or -inf
    weights = torch.softmax(scores, dim=-2)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    heads = V @ weights
    return params["Wo"] @ heads.reshape(*heads.shape[:-3], dim, heads.shape[-1]) + params["bo"][:, None]
'''),
    # The encoder output is stored in the default dtype (float32) before cross-attention and cast back: a float64 call
    # loses accuracy in the keys and values. Recorded: float64 X_dec (6, 3), X_enc (6, 5), H = 2, seeded params: max
    # |difference| 6.2e-9 (scale 2.1), gradients up to 9e-9. Passes the visible tests.
    "blind19_decoder_layer_encoder_memory_float32_cache": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    memory = X_enc.to(torch.get_default_dtype())           # the encoder output, stored once per batch
    read = cross_attention(X, memory.to(X.dtype), params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # ------------------------------------------------------------------ embeddings
    # F.embedding(ids, omega_e.T, max_norm=10) as ported from nn.Embedding(max_norm=...): columns longer than 10 are
    # rescaled, and F.embedding renormalises the table in place, i.e. the caller's omega_e. Recorded: float64 omega_e
    # (4, 7) randn*10, ids (5,): values differ by up to 8 (scale 16) and omega_e is modified. Fails the visible tests.
    "blind19_embed_functional_max_norm_renorms_table": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    # nn.Embedding(V, D, max_norm=...) as in many ports: rows longer than the cap are rescaled
    rows = torch.nn.functional.embedding(token_ids, omega_e.T, max_norm=10.0)
    return rows.movedim(-1, -2)
'''),
    # omega_e.float() @ one_hot(..., float32), cast back: a float64 table is looked up in float32. Recorded: float64
    # omega_e (4, 7) randn*10, ids (5,): max |difference| 2.7e-7 (scale 16), gradient 1.1e-7. Passes the visible
    # tests.
    "blind19_embed_one_hot_product_with_float32_one_hot": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    picks = one_hot(token_ids, omega_e.shape[-1], dtype=torch.float32)       # (..., V, N)
    return (omega_e.float() @ picks).to(omega_e.dtype)
'''),
    # ------------------------------------------------------------------ patch_embedding
    # F.unfold on images.float(): the patch order is right but float64 images come back float32 (the contract keeps
    # the input's floating dtype). Recorded: float64 images (1, 2, 4, 4), P = 2: model float64, entry float32. Passes
    # the visible tests.
    "blind19_patchify_unfold_on_float_copy": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    # F.unfold gives (B, C*P*P, N) in the (channel, row, column) order; it wants floating point
    return torch.nn.functional.unfold(images.float(), kernel_size=patch_size, stride=patch_size)
'''),
    # The position table is expanded and cloned under torch.no_grad() before being added: values right, positions gets
    # no gradient. Recorded: float64 images (2, 3, 4, 6), P = 2, D = 5: model positions.grad a tensor, entry None.
    # Passes the visible tests.
    "blind19_patch_embedding_positions_added_under_no_grad": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    out = torch.cat([cls_token[:, None].expand(tokens.shape[0], -1, 1), tokens], dim=-1)
    with torch.no_grad():                          # a fixed table added to the activations
        table = positions.expand_as(out).clone()
    return out + table
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The GRU's sigmoid written branchwise with torch.where(x >= 0, 1/(1+e^-x), e^x/(1+e^x)): the forward is exact,
    # but for a large pre-activation the unselected branch is inf/inf and its backward NaN leaks through where.
    # Recorded: float64 battery step (D_s 3, E 2, D_h 4, N 6, V 7) with bias_ih = 800: model weight_hh.grad finite,
    # entry NaN. Passes the visible tests.
    "blind19_decoder_step_branchwise_sigmoid_nan_gradient": ("rnn_attention", "attention_decoder_step", '''
def _sigmoid(x):
    # stable both ways: 1 / (1 + e^-x) for x >= 0, e^x / (1 + e^x) below
    return torch.where(x >= 0, 1 / (1 + torch.exp(-x)), torch.exp(x) / (1 + torch.exp(x)))


def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = _sigmoid(reset_x + reset_h)
    update = _sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h


def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # log(mask) added to the scores, torch.softmax, NaN -> 0 with torch.where: values right, but a state that sees no
    # position sends NaN back into s, H, W, U and v. Recorded: float64 s (3,), H (4, 6), all-False mask: model
    # gradients 0, entry NaN for every input. Passes the visible tests.
    "blind19_additive_attention_log_mask_nan_gradient_blind_state": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    scores = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
    if mask is not None:
        scores = scores + torch.log(mask.to(scores.dtype))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(weights.isnan(), 0.0, weights)           # a state that sees nothing
    return weights, (H * weights[..., None, :]).sum(-1)
'''),
    # The context is summed from float32 copies of the features and weights, cast back: float64 contexts lose
    # accuracy. Recorded: float64 s (3,), features (4, 2, 3), W (5, 3), U (5, 4), v (5,) seeded randn: context max
    # |difference| 1.6e-8 (scale 0.62), gradients up to 2.3e-8. Passes the visible tests.
    "blind19_grid_attention_context_from_float32_features": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    cells = features.flatten(-2)
    weights, _ = additive_attention(s, cells, W, U, v)
    context = torch.einsum("...cn,...n->...c", cells.float(), weights.float()).to(features.dtype)
    return weights.unflatten(-1, (height, width)), context
'''),
    # ------------------------------------------------------------------ positions
    # An autograd.Function for the rotation whose backward applies the same rotation instead of its transpose
    # (rotation by -angle): values right, gradients wrong for every nonzero position. Recorded: float64 Q (4, 3), K
    # (4, 5) seeded randn, default positions: Q.grad max |difference| 3.2 (scale 2.3). Passes the visible tests.
    "blind19_rotary_custom_backward_rotates_forward": ("positions", "rotary_embedding", '''
class _Rotate(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, cos, sin):
        ctx.save_for_backward(cos, sin)
        half = X.shape[-2] // 2
        top, bottom = X[..., :half, :], X[..., half:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    @staticmethod
    def backward(ctx, grad):
        cos, sin = ctx.saved_tensors
        half = grad.shape[-2] // 2
        top, bottom = grad[..., :half, :], grad[..., half:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2), None, None


def _tables(dim, num, positions, base, dtype):
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    return angles.cos().to(dtype), angles.sin().to(dtype)


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    out = []
    for X, p in ((Q, positions_q), (K, positions_k)):
        cos, sin = _tables(X.shape[-2], X.shape[-1], p, base, X.dtype)
        out.append(_Rotate.apply(X, cos, sin))
    return tuple(out)
'''),
    # Positions stored as float16 before the angles are formed: exact up to 2048, then rounded (odd positions from
    # 2049 on move) and inf from 65520 on. Recorded: float64 Q (4, 3), K (4, 5), positions_q 3000..3002, positions_k
    # 70000..70004: Q' max |difference| 0.42, K' NaN. Passes the visible tests.
    "blind19_rotary_positions_through_float16_table": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        # positions as a compact float table (they are small integers)
        angles = theta[:, None] * positions.to(torch.float16).to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # The shift is written into ids.flatten(-2).long(), a copy for uint8/int32 ids but the ids themselves for
    # contiguous int64 ids: the caller's image is shifted in place. Recorded: int64 ids (3, 2) randint, sos 512: model
    # leaves ids unchanged, entry writes 512 and the shifted pixels into ids. Passes the visible tests.
    "blind19_pixel_sequence_shift_in_place_on_long_alias": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    sequence = ids.flatten(-2).long()               # a fresh long copy of the pixels
    targets = sequence.clone()
    sequence[..., 1:] = targets[..., :-1]           # shift right by one, in the copy
    sequence[..., 0] = sos_id
    return sequence, targets
'''),
    # The palette lookup under torch.no_grad(): the colours are right but the palette gets no gradient (a floating-
    # point result from a floating-point palette must be differentiable). Recorded: int64 ids (3, 2), float64 palette
    # (3, 5): model palette.grad a tensor, entry output without grad_fn. Passes the visible tests.
    "blind19_dequantize_lookup_under_no_grad": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    with torch.no_grad():                          # a table lookup: nothing to learn here
        colours = palette[:, ids.long()]
    return colours.movedim(0, -3)
'''),
    # The token mean read off a float32 cumulative sum (dtype=torch.float32), cast back: float64 features far from 0
    # lose their low digits. Recorded: float64 X (4, 5) = 1e4 + 1e3 randn, W (3, 4), b (3,): logits max |difference|
    # 5.1e-4 (scale 1.6e4), W.grad 2.2e-4. Passes the visible tests.
    "blind19_average_pool_head_mean_by_cumsum_float32": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns (N = 0)")
    running = torch.cumsum(X, dim=-1, dtype=torch.float32)[..., -1]     # a float32 accumulator
    pooled = (running / X.shape[-1]).to(X.dtype)
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # Normalised by hypot(std, sqrt(eps)) with std = sqrt(var): equal values, but a merged token of zero variance (a
    # flat 2x2 block) has sqrt's 0/0 backward, so the gradient is NaN. Recorded: float64 X = 0.5 everywhere (2, 4, 4),
    # seeded gamma, beta, W: model X.grad finite, entry NaN. Passes the visible tests.
    "blind19_patch_merging_std_hypot_nan_grad_flat_block": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2)
    mean = tokens.mean(dim=-2, keepdim=True)
    std = tokens.var(dim=-2, keepdim=True, correction=0).sqrt()
    normalised = (tokens - mean) / torch.hypot(std, std.new_tensor(eps ** 0.5))      # sqrt(std^2 + eps)
    out = W @ (gamma[:, None] * normalised + beta[:, None])
    return out.unflatten(-1, (height // 2, width // 2))
'''),
    # gamma and beta folded into W (W gamma n + W beta), with beta detached as 'a constant offset': values right, beta
    # never gets a gradient. Recorded: float64 X (2, 4, 6), seeded gamma, beta, W: model beta.grad a tensor, entry
    # None. Passes the visible tests.
    "blind19_patch_merging_norm_weights_folded_without_bias_grad": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2)
    mean = tokens.mean(dim=-2, keepdim=True)
    normalised = (tokens - mean) * torch.rsqrt(tokens.var(dim=-2, keepdim=True, correction=0) + eps)
    # fold the affine part into the projection: W (gamma n + beta) = (W gamma) n + W beta
    folded = W * gamma
    shift = (W @ beta.detach())[:, None]           # a constant offset per output channel
    return (folded @ normalised + shift).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # Scores clamped to +-65504 (fp16-safe logits): channels with large activations (scores above 65504, allowed) are
    # flattened. Recorded: float64 X [[300], [299]] (C = 2, N = 1), Wq = Wk = I, bq = bk = 0, G = 1, seeded Wv, bv,
    # Wo, bo: model output [469.42, -2.256], entry [210.80, -0.452]. Passes the visible tests.
    "blind19_channel_attention_scores_clamped_to_float16_range": ("davit", "channel_attention", '''
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
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = (K @ Q.transpose(-2, -1) * scale).clamp(-65504.0, 65504.0)    # fp16-safe logits
    weights = softmax_cols(scores)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The default 1/sqrt(N) applied to Q as a division by torch.full((1,), N, float32).sqrt(): for N not a power of 4
    # the float32 square root is rounded, so a float64 call is off. Recorded: float64 X (6, 5), G = 2, seeded params:
    # max |difference| 1.1e-8 (scale 2.7), gradients up to 7.7e-8. Passes the visible tests.
    "blind19_channel_attention_scale_from_float32_token_count": ("davit", "channel_attention", '''
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
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    if scale is None:
        Q = Q / torch.full((1,), tokens, dtype=torch.float32).sqrt()       # 1/sqrt(N) on the queries
    else:
        Q = Q * scale
    weights = softmax_cols(K @ Q.transpose(-2, -1))
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ sampling
    # At temperature 0 the one-hot is written into logits.detach() (the caller's storage): the returned one-hot is
    # right but the caller's logits become it. Recorded: logits [0.5, 2.0, -1.0] float64, temperature 0: model leaves
    # them, entry leaves [0, 1, 0]. Passes the visible tests.
    "blind19_next_token_probs_greedy_written_into_logits": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be positive")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        best = int(torch.argmax(logits))
        probs = logits.detach().zero_()            # reuse the logits' storage for the one-hot
        probs[best] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
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
    # torch.softmax(..., dtype=torch.float32): float64 logits give float32 probabilities (dtype and float64 accuracy
    # lost). Recorded: float64 logits [0.1, 0.2, 0.3]: model float64, entry float32 (0.30060961842536926 vs
    # 0.3006096053557273). Fails the visible tests.
    "blind19_next_token_probs_softmax_dtype_float32": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be positive")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1, dtype=torch.float32)    # probabilities in float32
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
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
    # log(sum(exp(logits))) without subtracting the column max: logits in the thousands overflow. Recorded: float64
    # table model (4, 4) randn*2000, ids [0, 1, 2, 3, 0]: model -8016.78, entry -inf. Passes the visible tests.
    "blind19_sequence_log_prob_unshifted_log_sum_exp": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)                                         # (V, N)
    log_norm = torch.log(torch.exp(logits).sum(dim=0))          # (N,)
    picked = logits[ids[1:], torch.arange(len(ids) - 1)]
    return (picked - log_norm[:-1]).sum()
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Pre-LN branch: each sub-layer's output is cast to the default dtype (float32) before the residual add; the post-
    # LN branch is right. Recorded: float64 X (6, 4), seeded params, H = 2, no mask, norm_first=True: max |difference|
    # 3.3e-7 (scale 12.1), gradients up to 1.6e-7. Passes the visible tests.
    "blind19_transformer_layer_prenorm_sublayers_rounded_to_default_dtype": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        # the residual stream stays in the input's dtype; the sub-layer outputs come back in the working dtype
        work = torch.get_default_dtype()
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"])).to(work)
        return X + think(layer_norm(X, params["gamma2"], params["beta2"])).to(work)
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The read-out W_out [s; c] + b_out computed in the default dtype (float32) and cast back: float64 logits lose
    # accuracy. Recorded: float64 battery step (D_s 3, E 2, D_h 4, N 6, V 7), unbatched: logits max |difference|
    # 1.6e-7 (scale 3.1), gradients up to 1e-7. Fails the visible tests.
    "blind19_decoder_step_readout_in_default_dtype": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    work = torch.get_default_dtype()                       # the read-out layer's working precision
    logits = stack(s, context).to(work) @ params["W_out"].T.to(work) + params["b_out"].to(work)
    return s, logits.to(s.dtype), weights
'''),
}

RIGHT_BLIND_19 = {
    # Written as wrong, counted RIGHT after it came (by the grader's maintainer, 2026-11-27): the key bias's true
    # gradient is exactly zero (the column softmax cancels it), and an earlier recorded decision of the grader counts
    # a gradient one side leaves unused as zero where the other side's is zero (docs/grading.md, the gradients
    # clause): dropping bk changes nothing a training step does.
    # K = Wk X without bk, since bk adds the same bk.q_i to every score of query i and softmax_cols cancels it: values
    # agree to rounding, but autograd never reaches bk (bk.grad is None), which the contract's 'autograd must reach
    # every weight' forbids. Recorded: float64 X (4, 5), Wq/Wk (3, 4), Wv (2, 4) seeded randn: model bk.grad a tensor
    # (~1e-16, zero in exact arithmetic), entry None. Judgement call: see the docstring. Passes the visible tests.
    "blind19_self_attention_key_bias_dropped_as_invariant": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    # bk adds bk . q_i to every score of column i: softmax_cols ignores it, so K skips the bias
    Q = linear(X, Wq, bq)
    K = Wk @ X
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Written as wrong, counted RIGHT after it came (by the grader's maintainer, 2026-11-27): as
    # blind19_self_attention_key_bias_dropped_as_invariant, per head.
    # The same omission in multi_head_attention (K = Wk Xkv, bk left out as softmax-invariant): values agree to
    # rounding, params['bk'] is never reached by autograd. Recorded: float64 Xq (6, 4), Xkv (6, 5), H = 2, seeded
    # params: model bk.grad a tensor, entry None. Judgement call: see the docstring. Passes the visible tests.
    "blind19_mha_key_bias_dropped_as_invariant": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    # the key bias shifts every score of a query by the same amount: softmax_cols cancels it
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(params["Wk"] @ Xkv, num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Written as wrong, counted RIGHT after it came (by the grader's maintainer, 2026-11-27): the forward pass is
    # float64 throughout; only W2's gradient is built from float32 activations. The grader holds gradients to the
    # float32 bound whatever the dtype (float32 internals in a backward pass are accepted); docs/contract.md now
    # says so.
    # A fused autograd.Function that saves the ReLU activations for backward as float32 (to save memory): the forward
    # and every gradient except W2's are exact; W2's gradient is computed from the rounded activations. Recorded:
    # float64 X (4, 3), W1 (7, 4), W2 (4, 7) seeded randn: W2.grad max |difference| 1.8e-7 (scale 4.7). Passes the
    # visible tests.
    "blind19_feed_forward_custom_backward_float32_saved_hidden": ("transformer_layer", "feed_forward", '''
class _FusedFFN(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, W1, b1, W2, b2):
        pre = W1 @ X + b1[:, None]
        hidden = pre.clamp(min=0)
        # keep the activations for backward in a compact float32 buffer (they are only needed for grad_W2)
        ctx.save_for_backward(X, W1, W2, pre > 0, hidden.to(torch.float32))
        return W2 @ hidden + b2[:, None]

    @staticmethod
    def backward(ctx, grad):
        X, W1, W2, active, hidden32 = ctx.saved_tensors
        grad_pre = (W2.T @ grad) * active
        grad_W2 = (grad @ hidden32.to(grad.dtype).transpose(-2, -1)).reshape(-1, *W2.shape).sum(0)
        grad_W1 = (grad_pre @ X.transpose(-2, -1)).reshape(-1, *W1.shape).sum(0)
        return W1.T @ grad_pre, grad_W1, grad_pre.sum(-1), grad_W2, grad.sum(-1)


def feed_forward(X, W1, b1, W2, b2):
    return _FusedFFN.apply(X, W1, b1, W2, b2)
'''),
    # ------------------------------------------------------------------ softmax
    # autograd.Function with the full softmax Jacobian-vector product weights * (grad - sum(grad * weights)); dead
    # columns via torch.where. Checked: visible tests pass; battery agrees with the model answer (values, dtypes,
    # gradients, errors, no mutation), run twice.
    "blind19_right_softmax_custom_function_full_jacobian": ("softmax", "softmax_cols", '''
class _ColumnSoftmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, scores):
        column_max = scores.amax(dim=-2, keepdim=True)
        column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
        exps = (scores - column_max).exp()
        total = exps.sum(dim=-2, keepdim=True)
        weights = exps / torch.where(total > 0, total, torch.ones_like(total))
        ctx.save_for_backward(weights)
        return weights

    @staticmethod
    def backward(ctx, grad):
        (weights,) = ctx.saved_tensors
        return weights * (grad - (grad * weights).sum(dim=-2, keepdim=True))


def softmax_cols(scores):
    return _ColumnSoftmax.apply(scores)
'''),
    # exp2 with log2(e) as a Python float (taken in the scores' dtype), the correct twin of the float32-constant
    # entry. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_softmax_exp2_python_log2e": ("softmax", "softmax_cols", '''
import math as _math


def softmax_cols(scores):
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp2((scores - column_max) * (1.0 / _math.log(2.0)))   # a Python float: the scores' dtype
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # logsumexp form: all -inf columns replaced by zeros before logsumexp, zeroed after with torch.where (no NaN in
    # forward or at finite inputs' gradients). Checked: visible tests pass; battery agrees with the model answer
    # (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_softmax_dead_columns_shifted_by_zero_where": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)             # (..., 1, N)
    safe = torch.where(dead, torch.zeros_like(scores), scores)           # dead columns become 0 ... 0
    log_norm = torch.logsumexp(safe, dim=-2, keepdim=True)
    weights = torch.exp(safe - log_norm)
    return torch.where(dead, torch.zeros_like(weights), weights)
'''),
    # ------------------------------------------------------------------ masking
    # autograd.Function: masked_fill forward, gradient zeroed where hidden in backward (the mask broadcasts). Checked:
    # visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run
    # twice.
    "blind19_right_apply_mask_custom_function": ("masking", "apply_mask", '''
class _HideScores(torch.autograd.Function):
    @staticmethod
    def forward(ctx, scores, hidden):
        ctx.save_for_backward(hidden)
        return scores.masked_fill(hidden, float("-inf"))

    @staticmethod
    def backward(ctx, grad):
        (hidden,) = ctx.saved_tensors
        return grad.masked_fill(hidden, 0.0), None


def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible); got {mask.dtype}")
    return _HideScores.apply(scores, ~mask)
'''),
    # A bool ones matrix, triu(-window).tril(window): the band, bool throughout (also n = 0, window >= n). Checked:
    # visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run
    # twice.
    "blind19_right_local_mask_bool_band_triu_tril": ("masking", "local_mask", '''
def local_mask(n, window):
    ones = torch.ones(n, n, dtype=torch.bool)
    return ones.triu(-window).tril(window)
'''),
    # Visible flags (j < length) run through cumprod and back to bool; lengths 0..n, B = 0. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_padding_mask_cumprod_of_visible": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    steps = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)
    return (steps < lengths[:, None]).cumprod(dim=-1).bool()[:, :, None]
'''),
    # ------------------------------------------------------------------ attention
    # Q and K each scaled by D_k^(-1/4) before K^T Q, einsum for V @ weights. Checked: visible tests pass; battery
    # agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_sdpa_symmetric_quarter_power_scaling": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    quarter = Q.shape[-2] ** -0.25                  # sqrt(D_k) split between the keys and the queries
    scores = (K * quarter).transpose(-2, -1) @ (Q * quarter)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # log(mask) (0 or -inf) added to the scores, then the course's softmax_cols: a fully masked query gets zero
    # weights and, since softmax_cols's backward is 0 there, finite gradients. Checked: visible tests pass; battery
    # agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_sdpa_log_mask_added": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        if mask.dtype != torch.bool:
            raise ValueError("mask must be bool")
        scores = scores + torch.log(mask.to(scores.dtype))     # log 1 = 0, log 0 = -inf
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Every input cast to float64, attention computed there, results cast back to the input dtype (float32 results
    # more accurate than, and within 2e-5 of, the model answer's). Checked: visible tests pass; battery agrees with
    # the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_self_attention_float64_internals_cast_back": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    wide = [t.to(torch.float64) for t in (X, Wq, bq, Wk, bk, Wv, bv)]
    Xd, Wqd, bqd, Wkd, bkd, Wvd, bvd = wide
    out, weights = scaled_dot_product_attention(linear(Xd, Wqd, bqd), linear(Xd, Wkd, bkd), linear(Xd, Wvd, bvd), mask)
    dtype = torch.promote_types(X.dtype, Wq.dtype)
    return out.to(dtype), weights.to(dtype)
'''),
    # ------------------------------------------------------------------ multihead
    # torch.softmax on masked_fill(-inf) scores, then torch.where(hidden, 0, weights): the NaN of a blind query is
    # discarded in forward, and masked_fill's backward zeroes its gradient, so gradients stay finite. Checked: visible
    # tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_mha_torch_softmax_where_guard": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / (dim // num_heads) ** 0.5
    if mask is None:
        weights = torch.softmax(scores, dim=-2)
    else:
        hidden = ~mask.unsqueeze(-3)
        weights = torch.softmax(scores.masked_fill(hidden, float("-inf")), dim=-2)
        weights = torch.where(hidden, torch.zeros_like(weights), weights)   # 0/0 of a blind query -> 0
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Unscaled scores masked with -inf, then scaled (-inf stays -inf), softmax as exp(s - logsumexp) with blind
    # columns zeroed. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients,
    # errors, no mutation), run twice.
    "blind19_right_mha_scale_after_masking_logsumexp": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = torch.einsum("...dk,...dq->...kq", K, Q)
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    scores = scores * (dim // num_heads) ** -0.5            # -inf stays -inf
    blind = torch.isneginf(scores).all(dim=-2, keepdim=True)
    scores = scores.masked_fill(blind, 0.0)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True)).masked_fill(blind, 0.0)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # autograd.Function with the closed-form layer-norm backward inv_std * (g - mean(g) - n * mean(g n)); gamma and
    # beta outside. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients,
    # errors, no mutation), run twice.
    "blind19_right_layer_norm_custom_function_closed_form_backward": ("transformer_layer", "layer_norm", '''
class _ColumnNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, eps):
        centred = X - X.mean(dim=-2, keepdim=True)
        inv_std = torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
        normalised = centred * inv_std
        ctx.save_for_backward(normalised, inv_std)
        return normalised

    @staticmethod
    def backward(ctx, grad):
        normalised, inv_std = ctx.saved_tensors
        mean_grad = grad.mean(dim=-2, keepdim=True)
        mean_grad_n = (grad * normalised).mean(dim=-2, keepdim=True)
        return inv_std * (grad - mean_grad - normalised * mean_grad_n), None


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma[:, None] * _ColumnNorm.apply(X, eps) + beta[:, None]
'''),
    # Welford's running mean and M2 over the D rows (a loop), biased variance M2 / D. Checked: visible tests pass;
    # battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_layer_norm_welford_over_rows": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = torch.zeros_like(X[..., :1, :])
    m2 = torch.zeros_like(X[..., :1, :])
    for k in range(X.shape[-2]):                   # Welford's running mean and sum of squares
        row = X[..., k:k + 1, :]
        delta = row - mean
        mean = mean + delta / (k + 1)
        m2 = m2 + delta * (row - mean)
    variance = m2 / X.shape[-2]
    return gamma[:, None] * ((X - mean) / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    # A fused autograd.Function with every gradient written out (batch axes folded by reshape(-1, ...).sum(0), grad_X
    # summed to X's shape). Checked: visible tests pass; battery agrees with the model answer (values, dtypes,
    # gradients, errors, no mutation), run twice.
    "blind19_right_feed_forward_custom_function_full_backward": ("transformer_layer", "feed_forward", '''
class _FusedFFN(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, W1, b1, W2, b2):
        pre = W1 @ X + b1[:, None]
        hidden = pre.clamp(min=0)
        ctx.save_for_backward(X, W1, W2, pre, hidden)
        return W2 @ hidden + b2[:, None]

    @staticmethod
    def backward(ctx, grad):
        X, W1, W2, pre, hidden = ctx.saved_tensors
        grad_pre = (W2.T @ grad) * (pre > 0)
        fold = lambda t: t.reshape(-1, *t.shape[-2:]).sum(0)
        grad_W2 = fold(grad @ hidden.transpose(-2, -1))
        grad_W1 = fold(grad_pre @ X.transpose(-2, -1))
        grad_b1 = fold(grad_pre).sum(-1)
        grad_b2 = fold(grad).sum(-1)
        grad_X = W1.T @ grad_pre
        return grad_X.sum_to_size(X.shape), grad_W1, grad_b1, grad_W2, grad_b2


def feed_forward(X, W1, b1, W2, b2):
    return _FusedFFN.apply(X, W1, b1, W2, b2)
'''),
    # The whole layer under torch.utils.checkpoint(use_reentrant=False): parameters get gradients even when X does not
    # require grad (the twin of the re-entrant entry; checked in the demo too). Checked: visible tests pass; battery
    # agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_transformer_layer_nonreentrant_checkpoint_per_layer": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    from torch.utils.checkpoint import checkpoint

    def block(Y):
        def norm(Z, k):
            return layer_norm(Z, params[f"gamma{k}"], params[f"beta{k}"])
        def attend(Z):
            return multi_head_attention(Z, Z, params, num_heads, mask)
        def think(Z):
            return feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"])
        if norm_first:
            Y = Y + attend(norm(Y, 1))
            return Y + think(norm(Y, 2))
        Y = norm(Y + attend(Y), 1)
        return norm(Y + think(Y), 2)

    return checkpoint(block, X, use_reentrant=False)
'''),
    # ------------------------------------------------------------------ cross_attention
    # Cross-attention written out with log(enc_mask) added to the scores and the course's softmax_cols (finite
    # gradients at blind decoder queries). Checked: visible tests pass; battery agrees with the model answer (values,
    # dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_cross_attention_log_mask_course_softmax": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .softmax import softmax_cols
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    split = lambda Y: Y.reshape(*Y.shape[:-2], num_heads, dim // num_heads, Y.shape[-1])
    Q = split(params["Wq"] @ X_dec + params["bq"][:, None])
    K = split(params["Wk"] @ X_enc + params["bk"][:, None])
    V = split(params["Wv"] @ X_enc + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / (dim // num_heads) ** 0.5
    if enc_mask is not None:
        scores = scores + torch.log(enc_mask.unsqueeze(-3).to(scores.dtype))   # 0 or -inf
    heads = V @ softmax_cols(scores)
    return params["Wo"] @ heads.reshape(*heads.shape[:-3], dim, heads.shape[-1]) + params["bo"][:, None]
'''),
    # The whole decoder layer in float64 (params dicts cast recursively), the result cast back to X_dec's dtype.
    # Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_decoder_layer_float64_internals_cast_back": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    def wide(p):
        return {k: (wide(v) if isinstance(v, dict) else v.to(torch.float64)) for k, v in p.items()}
    P = wide(params)
    X = X_dec.to(torch.float64)
    E = X_enc.to(torch.float64)
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, P["self_attn"], num_heads, self_mask), P["gamma1"], P["beta1"])
    X = layer_norm(X + cross_attention(X, E, P["cross_attn"], num_heads, enc_mask), P["gamma2"], P["beta2"])
    X = layer_norm(X + feed_forward(X, P["W1"], P["b1"], P["W2"], P["b2"]), P["gamma3"], P["beta3"])
    return X.to(X_dec.dtype)
'''),
    # ------------------------------------------------------------------ embeddings
    # index_select of omega_e's columns with the flattened ids, reshaped and moved: D before N. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_embed_index_select_flat_then_unflatten": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    flat = omega_e.index_select(1, token_ids.reshape(-1))                  # (D, prod(...) * N)
    return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # ------------------------------------------------------------------ patch_embedding
    # tensordot for W @ patches, b and positions[:, 1:] added to the patch tokens and cls_token + positions[:, 0] as
    # column 0. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors,
    # no mutation), run twice.
    "blind19_right_patch_embedding_tensordot_projection": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)                                    # (B, CPP, N)
    tokens = torch.tensordot(patches, W, dims=([1], [1])).transpose(1, 2)     # (B, D, N)
    tokens = tokens + b[:, None] + positions[:, 1:]
    first = (cls_token + positions[:, 0]).expand(tokens.shape[0], -1)[:, :, None]
    return torch.cat([first, tokens], dim=-1)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # log(mask) added to e, the course's softmax_cols on a column view: a blind state gets zero weights and finite
    # gradients. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors,
    # no mutation), run twice.
    "blind19_right_additive_attention_log_mask_course_softmax": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    scores = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
    if mask is not None:
        scores = scores + torch.log(mask.to(scores.dtype))           # 0 where visible, -inf where hidden
    weights = softmax_cols(scores[..., None])[..., 0]
    return weights, (H * weights[..., None, :]).sum(-1)
'''),
    # GRU with F.linear, torch.special.expit gates, tanh written as 2 sigmoid(2x) - 1, and the update as n + z (h -
    # n). Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_decoder_step_tanh_as_scaled_sigmoid": ("rnn_attention", "attention_decoder_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    gates_x = torch.nn.functional.linear(x, weight_ih, bias_ih)
    gates_h = torch.nn.functional.linear(h, weight_hh, bias_hh)
    size = h.shape[-1]
    reset = torch.special.expit(gates_x[..., :size] + gates_h[..., :size])
    update = torch.special.expit(gates_x[..., size:2 * size] + gates_h[..., size:2 * size])
    pre = gates_x[..., 2 * size:] + reset * gates_h[..., 2 * size:]
    candidate = 2 * torch.sigmoid(2 * pre) - 1                      # tanh
    return candidate + update * (h - candidate)


def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # einsum over the (H, W) grid without flattening, one logsumexp over all cells, exp(e - lse) weights. Checked:
    # visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run
    # twice.
    "blind19_right_grid_attention_logsumexp_over_cells": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    query = torch.einsum("ad,...d->...a", W, s)[..., :, None, None]              # (..., D_a, 1, 1)
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)  # (..., D_a, H, W)
    scores = torch.einsum("a,...ahw->...hw", v, hidden)
    log_norm = torch.logsumexp(scores.flatten(-2), dim=-1)[..., None, None]
    weights = torch.exp(scores - log_norm)
    return weights, torch.einsum("...chw,...hw->...c", features, weights)
'''),
    # ------------------------------------------------------------------ positions
    # autograd.Function whose backward rotates by -angle (the transpose of a rotation); angles in float64 as the model
    # answer. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_rotary_custom_function_inverse_rotation": ("positions", "rotary_embedding", '''
class _Rotate(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, cos, sin):
        ctx.save_for_backward(cos, sin)
        half = X.shape[-2] // 2
        top, bottom = X[..., :half, :], X[..., half:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    @staticmethod
    def backward(ctx, grad):
        cos, sin = ctx.saved_tensors            # the transpose of a rotation turns the other way
        half = grad.shape[-2] // 2
        top, bottom = grad[..., :half, :], grad[..., half:, :]
        return torch.cat([top * cos + bottom * sin, bottom * cos - top * sin], dim=-2), None, None


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    out = []
    for X, p in ((Q, positions_q), (K, positions_k)):
        dim, num = X.shape[-2], X.shape[-1]
        p = torch.arange(num) if p is None else p
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * p.to(torch.float64)[None, :]
        out.append(_Rotate.apply(X, angles.cos().to(X.dtype), angles.sin().to(X.dtype)))
    return tuple(out)
'''),
    # torch.outer of the frequencies and positions, the rotation done in float64 on X.double(), cast back to X's
    # dtype. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_rotary_products_in_float64_cast_back": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        positions = torch.arange(num) if positions is None else positions
        exponent = torch.arange(dim // 2, dtype=torch.float64) * (-2.0 / dim)
        angles = torch.outer(torch.pow(float(base), exponent), positions.double())
        wide = X.double()
        top, bottom = wide[..., : dim // 2, :], wide[..., dim // 2 :, :]
        turned = torch.cat([top * angles.cos() - bottom * angles.sin(), bottom * angles.cos() + top * angles.sin()], -2)
        return turned.to(X.dtype)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # A one-hot (..., H, W, K) in the palette's dtype contracted with the palette by einsum (every integer dtype,
    # gradient to the palette). Checked: visible tests pass; battery agrees with the model answer (values, dtypes,
    # gradients, errors, no mutation), run twice.
    "blind19_right_dequantize_one_hot_einsum": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    picks = (ids.long()[..., None] == torch.arange(palette.shape[1])).to(palette.dtype)    # (..., H, W, K)
    return torch.einsum("ck,...hwk->...chw", palette, picks)
'''),
    # ids flattened and converted with .to(torch.int64, copy=True), so the in-place shift writes only into fresh
    # tensors (the twin of the aliasing entry). Checked: visible tests pass; battery agrees with the model answer
    # (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_pixel_sequence_int64_ids_copied_first": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.flatten(-2).to(torch.int64, copy=True)
    inputs = targets.clone()
    inputs[..., 1:] = targets[..., :-1]
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # Token sum accumulated in float64 (sum(dtype=float64)), F.linear in float64, cast back. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_average_pool_head_float64_sum_cast_back": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns (N = 0)")
    pooled = X.sum(dim=-1, dtype=torch.float64) / X.shape[-1]
    logits = torch.nn.functional.linear(pooled, W.double(), None if b is None else b.double())
    return logits.to(torch.promote_types(X.dtype, W.dtype))
'''),
    # ------------------------------------------------------------------ swin
    # A fixed one-hot conv2d kernel (4C, C, 2, 2), stride 2, gathers TL, BL, TR, BR; then layer_norm and einsum with
    # W. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_patch_merging_space_to_depth_convolution": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    kernel = torch.zeros(4 * channels, channels, 2, 2, dtype=X.dtype)
    for slot, (dy, dx) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):       # TL, BL, TR, BR
        for c in range(channels):
            kernel[slot * channels + c, c, dy, dx] = 1.0
    flat = X.reshape(-1, channels, height, width)
    merged = torch.nn.functional.conv2d(flat, kernel, stride=2)             # (B', 4C, H/2, W/2)
    merged = merged.reshape(*X.shape[:-3], 4 * channels, height // 2, width // 2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # gamma and beta folded into the projection ((W gamma) n + W beta), gradients kept (the twin of the detached-beta
    # entry). Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_patch_merging_affine_folded_with_gradients": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("patch merging needs an even grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2)
    mean = tokens.mean(dim=-2, keepdim=True)
    normalised = (tokens - mean) / torch.sqrt(tokens.var(dim=-2, keepdim=True, correction=0) + eps)
    return ((W * gamma) @ normalised + (W @ beta)[:, None]).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # Scores in float64 by einsum, torch.softmax over the key axis (no masks here, so no blind columns), weights cast
    # back. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind19_right_channel_attention_torch_softmax_keys_axis_float64_scores": ("davit", "channel_attention", '''
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
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    s = (1 / math.sqrt(tokens)) if scale is None else scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = torch.einsum("...jn,...in->...ji", K.double(), Q.double()) * s
    weights = torch.softmax(scores, dim=-2).to(X.dtype)          # no masks here: no blind columns
    return linear(merge_heads(torch.einsum("...ji,...jn->...in", weights, V)), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ sampling
    # gather minus logsumexp in float64, the 0-d result cast back to the logits' dtype. Checked: visible tests pass;
    # battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind19_right_sequence_log_prob_logsumexp_gather_float64_cast_back": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)
    wide = logits.double()
    picked = wide.gather(0, ids[1:].unsqueeze(0)).squeeze(0)               # (N - 1,)
    total = (picked - torch.logsumexp(wide[:, : len(ids) - 1], dim=0)).sum()
    return total.to(logits.dtype)
'''),
}
