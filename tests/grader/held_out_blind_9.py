"""Tenth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md and docs/learners.md, the model answers (solutions/), the stubs' input
checks (exercises/*.py), the visible tests (exercises/tests/, run only as `pytest exercises --target`), after reading
the seven earlier blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_7.py) for
their docstrings, entry names and "counted right" comments, so as to repeat none of their names or ideas; nothing
else under grader/ or tests/ was opened, listed, grepped or run, and held_out_blind_8.py was not read. Every entry was
checked against the model answer in a scratch package (/tmp/blind9/check.py, drive.py, cases.py, rand.py: a copy of
solutions/ with the entry's source appended to its module, the stub-check placeholder replaced by the stub's own
lines). Each right one agrees with the model answer on batteries of inputs: float32 and float64 (float64 at a relative
tolerance of 1e-10; float32 within 16 ulps of the result's scale, or -- where the model answer's own float32 rounding
is larger, e.g. saturated softmaxes -- no more than 4x the model answer's error against a float64 evaluation); no,
one and two batch axes; N = 1; N_q != N_k; fully masked queries; exact ties; +-1e4 scores; every float input made
non-contiguous (all axes reversed in memory); gradients with respect to every float input and weight at finite
inputs; the same ValueErrors; arguments unmodified; the same output dtype; repeated calls with changing arguments
(to catch caches). generate was compared draw for draw with seeded generators (and the contexts the model saw);
mlm_corrupt and nsp_pairs, whose draws are free, by exact per-draw properties and by frequencies over hundreds of
seeds (largest z-score about 2.2). Every right entry also passes the visible tests (`pytest exercises --target
mysub`). Each wrong one has a recorded input the contract allows on which it differs (a value, a dtype, an
exception, a NaN, a stale cached result, a distribution), named in its comment and re-run.

Emphasis: correct implementations a strict grader might wrongly reject -- log-space softmaxes shifted by the maximum
first, float64 internals returned in the input's dtype, torch.func.vmap over a flattened batch, F.linear on
transposed tokens, fused K/V projections, the head axis in front (the mask then broadcasts without an unsqueeze),
pre-scaled queries, chunked sums, loops over queries and flattened batches, identity and ViT convolutions,
nn.GRUCell through torch.func.functional_call on the meta device, searchsorted cut-offs, preallocated buffers,
gather minus logsumexp, iterative pair counts, Toeplitz indexing, expanded views, caches keyed by everything they
depend on, pixel_unshuffle reordered, unfold windows, rolled coordinates, F.embedding / F.one_hot, torch.polar,
other (free) orders and numbers of random draws -- and their near misses: the same styles with one slip (a logsumexp
taken without the shift that loses float32 precision at 1e4, or without a guard that NaNs on a fully masked query, a
cache keyed by too little, a chunk loop that drops the tail, a float64 path not cast back, a softmax over the wrong
axis of a transposed layout, a batch flattened without broadcasting, an uncast uint8 index).
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind9_right_sparse_cost_offset_loop, moved to WRONG_BLIND_9 (see its comment).
"""

WRONG_BLIND_9 = {
    # A chunked softmax (4 query columns at a time) whose loop runs range(N // 4): the last N % 4 columns are never
    # filled and stay 0. Differs on any float scores with N = 5 (last column all zeros instead of summing to 1), and on
    # every input with N < 4.
    "blind9_softmax_chunks_drop_tail": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    chunk = 4
    out = torch.zeros_like(scores)
    for c in range(scores.shape[-1] // chunk):
        block = scores[..., c * chunk:(c + 1) * chunk]
        top = block.amax(dim=-2, keepdim=True)
        top = top.masked_fill(torch.isneginf(top), 0.0)
        exps = torch.exp(block - top)
        total = exps.sum(dim=-2, keepdim=True)
        out[..., c * chunk:(c + 1) * chunk] = exps / total.masked_fill(total == 0, 1.0)
    return out
'''),
    # Computes in float64 for accuracy but forgets to cast back: a float32 input gives a float64 result. Differs in
    # dtype on torch.randn(3, 4) (float32 in, float64 out).
    "blind9_softmax_float64_not_cast_back": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    wide = scores.to(torch.float64)
    top = wide.amax(dim=-2, keepdim=True)
    top = top.masked_fill(torch.isneginf(top), 0.0)
    exps = torch.exp(wide - top)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # ------------------------------------------------------------------ masking
    # The identity's running sum taken down the rows (dim=0) instead of along them: [j, i] is True iff j >= i, the
    # transposed (anti-causal) mask. Differs on causal_mask(2): [0, 1] is False instead of True.
    "blind9_causal_mask_cumsum_wrong_axis": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.eye(n, dtype=torch.long).cumsum(dim=0) > 0
'''),
    # Caches the mask keyed by (lengths.shape, n) -- too little: the lengths' values are not in the key, so a second
    # call with other lengths of the same batch size returns the first call's mask. Differs on
    # padding_mask(tensor([1, 2]), 3) followed by padding_mask(tensor([2, 2]), 3): key 1 of sequence 0 stays hidden.
    "blind9_padding_mask_cache_keyed_by_shape": ("masking", "padding_mask", '''
_PADDING_MASKS = {}


def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    key = (tuple(lengths.shape), n)
    if key not in _PADDING_MASKS:
        keys = torch.arange(n, device=lengths.device)[None, :]
        _PADDING_MASKS[key] = (keys < lengths[:, None])[:, :, None]
    return _PADDING_MASKS[key]
'''),
    # ------------------------------------------------------------------ attention
    # Weights as exp(scores - logsumexp(scores)) with no guard: a query whose mask column is all False has
    # logsumexp -inf, and -inf - (-inf) is NaN. Differs on Q, K, V = randn(2, 3), randn(2, 3), randn(2, 3) with mask
    # = ones(3, 3, bool) whose column 0 is all False: weights[:, 0] and output[:, 0] are NaN instead of 0.
    "blind9_sdpa_logsumexp_unguarded": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
    return V @ weights, weights
'''),
    # Caches the projections keyed by X's storage address, shape, strides and dtype -- not by the weights: calling
    # again on the same X with other weights reuses the old Q, K, V. Differs on self_attention(X, Wq, ...) then
    # self_attention(X, 2 * Wq, ...) with the same X: the second call returns the first call's result.
    "blind9_self_attention_cache_keyed_by_input": ("attention", "self_attention", '''
_PROJECTIONS = {}


def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    key = (X.data_ptr(), tuple(X.shape), tuple(X.stride()), X.dtype)
    if key not in _PROJECTIONS:
        _PROJECTIONS[key] = (linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv))
    Q, K, V = _PROJECTIONS[key]
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # Puts the head axis first (H, ..., D/H, N) -- fine on its own, as a mask (..., N_k, N_q) then broadcasts behind
    # it -- but still unsqueezes the mask at -3 as for the head-last layout: a batched mask (B, N_k, N_q) becomes
    # (B, 1, N_k, N_q) and lines its B up against the head axis. Differs on Xq = Xkv = randn(3, 4, 5), H = 2, mask
    # = a (3, 5, 5) causal mask: RuntimeError (sizes 3 and 2 do not broadcast) instead of the output.
    "blind9_mha_heads_first_mask_still_unsqueezed": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    head_dim = dim // num_heads

    def heads_first(Y):
        return Y.reshape(*Y.shape[:-2], num_heads, head_dim, Y.shape[-1]).movedim(-3, 0)

    Q = heads_first(linear(Xq, params["Wq"], params["bq"]))
    K = heads_first(linear(Xkv, params["Wk"], params["bk"]))
    V = heads_first(linear(Xkv, params["Wv"], params["bv"]))
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    merged = heads.movedim(0, -3)
    merged = merged.reshape(*merged.shape[:-3], dim, merged.shape[-1])
    return linear(merged, params["Wo"], params["bo"])
'''),
    # One fused projection for keys and values, cat([Wk, Wv]), but the two halves unpacked in the wrong order (V, K):
    # keys come from Wv and values from Wk. Differs on any input where Wk != Wv, e.g. D = 4, H = 2, random params.
    "blind9_mha_fused_kv_halves_swapped": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    W_kv = torch.cat([params["Wk"], params["Wv"]])
    b_kv = torch.cat([params["bk"], params["bv"]])
    V, K = linear(Xkv, W_kv, b_kv).split(dim, dim=-2)
    Q = linear(Xq, params["Wq"], params["bq"])
    Q, K, V = (split_heads(t, num_heads) for t in (Q, K, V))
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The FFN summed over chunks of 3 hidden units, but the loop bound range(0, F - 3, 3) skips the last chunk (and
    # every chunk when F <= 3). Differs on D = 4, F = 6, random weights: hidden units 3..5 never contribute.
    "blind9_feed_forward_chunk_loop_drops_tail": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    total = torch.zeros(*X.shape[:-2], W2.shape[0], X.shape[-1], dtype=X.dtype)
    for start in range(0, W1.shape[0] - 3, 3):
        stop = start + 3
        total = total + W2[:, start:stop] @ torch.relu(linear(X, W1[start:stop], b1[start:stop]))
    return total + b2[:, None]
'''),
    # Normalises in float64 for accuracy, then returns .float(): a float64 input comes back float32. Differs in dtype
    # (and accuracy) on float64 X = randn(4, 3), gamma = ones(4), beta = zeros(4).
    "blind9_layer_norm_float64_then_float": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    wide = X.to(torch.float64)
    mean = wide.mean(dim=-2, keepdim=True)
    variance = (wide - mean).square().mean(dim=-2, keepdim=True)
    normalised = (wide - mean) / torch.sqrt(variance + eps)
    return (gamma.to(torch.float64)[:, None] * normalised + beta.to(torch.float64)[:, None]).float()
'''),
    # ------------------------------------------------------------------ cross_attention
    # Causal self-attention written as a loop over queries, query i attending to the prefix X[..., :max(i, 1)] --
    # an off-by-one that hides each query from itself (query 0 kept on key 0 to avoid an empty prefix). Differs on
    # any decoder input with N_d >= 2, e.g. X_dec = randn(4, 3), X_enc = randn(4, 2), H = 2.
    "blind9_decoder_layer_prefix_loop_off_by_one": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    columns = [multi_head_attention(X[..., i:i + 1], X[..., :max(i, 1)], params["self_attn"], num_heads)
               for i in range(X.shape[-1])]
    X = layer_norm(X + torch.cat(columns, dim=-1), params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # Caches the encoder's keys and values keyed by id(X_enc) only (as if the encoder output were always read with
    # the same weights): the params are not in the key. Differs on cross_attention(X_dec, X_enc, p1, 2) then
    # cross_attention(X_dec, X_enc, p2, 2) with the same X_enc and p2's Wk, Wv different: the second reuses p1's.
    "blind9_cross_attention_kv_cache_keyed_by_encoder": ("cross_attention", "cross_attention", '''
_ENCODER_KV = {}


def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    key = id(X_enc)
    if key not in _ENCODER_KV:
        _ENCODER_KV[key] = (split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads),
                            split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads))
    K, V = _ENCODER_KV[key]
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ sampling
    # Caches the model's last-column logits keyed by (id(model), context length): two different contexts of one
    # length share an entry. Differs on model = a bigram table (logits of the next token depend on the last id),
    # generate(model, tensor([0]), 1, temperature=0) then generate(model, tensor([1]), 1, temperature=0): the second
    # call reuses the first's logits and emits token 0's successor.
    "blind9_generate_logits_cache_keyed_by_length": ("sampling", "generate", '''
_LAST_LOGITS = {}


def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        key = (id(model), len(context))
        if key not in _LAST_LOGITS:
            _LAST_LOGITS[key] = model(context)[:, -1]
        probs = next_token_probs(_LAST_LOGITS[key], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # log_softmax taken on .float() logits and cast back: float64 logits lose float64 accuracy. Differs on a model
    # returning float64 logits randn(1000, 20) * 5 (generator seed 0) with ids = randint(1000, (20,)) (seed 0): about 5e-8
    # relative error, where float64 accuracy (1e-10 here) is required.
    "blind9_sequence_log_prob_float32_log_softmax": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)
    log_probs = torch.log_softmax(logits.float(), dim=0).to(logits.dtype)
    return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # ------------------------------------------------------------------ patch_embedding
    # The patch embedding as a stride-P convolution (ViT's own way), but with the kernel's rows and columns
    # transposed (W.reshape(D, C, P, P).transpose(-1, -2)): pixels are weighted in (channel, column, row) order.
    # Differs on images = randn(1, 2, 4, 4), P = 2, random W (D = 3).
    "blind9_patch_embedding_conv_kernel_transposed": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    kernel = W.reshape(W.shape[0], channels, patch_size, patch_size).transpose(-1, -2)
    tokens = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2)
    cls_column = cls_token[:, None].expand(batch, -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # patchify as a convolution with an identity kernel, but the identity reshaped as (C*P*P, P, P, C) and permuted
    # to (C*P*P, C, P, P): each column comes out in (row, column, channel) order. Differs on images = randn(1, 3, 2,
    # 2), P = 2 (row 1 of the column is channel 1's top-left pixel instead of channel 0's top-right).
    "blind9_patchify_identity_conv_channels_last": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    # (the stub's input checks)
    P = patch_size
    size = channels * P * P
    eye = torch.eye(size, dtype=images.dtype, device=images.device).reshape(size, P, P, channels)
    return torch.nn.functional.conv2d(images, eye.permute(0, 3, 1, 2), stride=P).flatten(2)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # A GRUCell (via functional_call) on inputs flattened to 2-D, but the batch taken from each argument on its own
    # rather than broadcast: x has y_prev's batch, h has s_prev's. Differs when the leading dimensions broadcast,
    # e.g. s_prev (D_s,), y_prev (2, E), H (D_h, N): RuntimeError (batch 2 vs 1) instead of s (2, D_s).
    "blind9_decoder_step_grucell_no_broadcast": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = torch.cat([y_prev, context], dim=-1) if y_prev.shape[:-1] == context.shape[:-1] else stack(y_prev, context)
    size = s_prev.shape[-1]
    cell = torch.nn.GRUCell(x.shape[-1], size, device="meta")
    state = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    s = torch.func.functional_call(cell, state, (x.reshape(-1, x.shape[-1]), s_prev.reshape(-1, size)))
    s = s.reshape(*s_prev.shape[:-1], size)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Shifts by the maximum over ALL positions, hidden ones included, then multiplies the exps by the mask: when a
    # hidden position out-scores every visible one by more than float's exp range, the visible exps underflow to 0
    # and the weights come out all zero. Differs on s = zeros(1), W = zeros(4, 1), U = ones(4, 1), v = 100 * ones(4),
    # H = [[10., -10.]], mask = [False, True] (float32): weights [0, 0] instead of [0, 1].
    "blind9_additive_attention_max_over_hidden": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    if mask is not None:
        exps = exps * mask
    total = exps.sum(dim=-1, keepdim=True)
    weights = exps / total.masked_fill(total == 0, 1.0)
    return weights, (weights.unsqueeze(-2) * H).sum(dim=-1)
'''),
    # ------------------------------------------------------------------ sparse_attention
    # Counts pairs offset by offset, but the loop range(-(n - 1), n - 1) stops before the last offset d = n - 1
    # (one pair). Differs on sparse_attention_cost("dense", 3): 8 instead of 9 (and "causal", 3: 5 instead of 6).
    "blind9_sparse_cost_offset_loop_drops_last": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "global":
        return num_global * (2 * n - num_global)
    total = 0
    for d in range(-(n - 1), n - 1):
        if (pattern == "dense" or (pattern == "causal" and d >= 0) or (pattern == "local" and abs(d) <= window)
                or (pattern == "strided" and d % stride == 0)):
            total += n - abs(d)
    return total
'''),
    # ------------------------------------------------------------------ positions
    # Caches the cos/sin tables keyed by (N, D, base, dtype) -- not by the positions: a call with explicit positions
    # after one with the default positions of the same N reuses the default table. Differs on
    # rotary_embedding(Q, K) then rotary_embedding(Q, K, positions_q=arange(4) + 3) with Q, K = randn(4, 4).
    "blind9_rotary_cache_ignores_positions": ("positions", "rotary_embedding", '''
_ROTARY_TABLES = {}


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        key = (num, dim, float(base), X.dtype)
        if key not in _ROTARY_TABLES:
            pos = torch.arange(num) if positions is None else positions
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * pos.to(torch.float64)[None, :]
            _ROTARY_TABLES[key] = (angles.cos().to(X.dtype), angles.sin().to(X.dtype))
        cos, sin = _ROTARY_TABLES[key]
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A table of buckets by distance cached per half size only, ignoring max_distance: a later call with another
    # max_distance reads the first call's log-spaced buckets. Differs on relative_position_bucket(tensor([-40]))
    # (bucket 12) followed by relative_position_bucket(tensor([-40]), max_distance=64): 12 instead of 14.
    "blind9_bucket_table_cache_ignores_max_distance": ("positions", "relative_position_bucket", '''
_BUCKET_TABLES = {}


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
    size = int(distance.max()) + 1 if distance.numel() else 1
    table = _BUCKET_TABLES.get(half)
    if table is None or len(table) < size:
        exact = half // 2
        d = torch.arange(max(size, 2 * max_distance))
        log_scale = torch.log(d.float() / exact) / math.log(max_distance / exact) * (half - exact)
        table = torch.where(d < exact, d, torch.clamp(exact + log_scale.long(), max=half - 1))
        _BUCKET_TABLES[half] = table
    return base + table[distance]
'''),
    # ------------------------------------------------------------------ pretraining
    # One uniform u per position: chosen iff u < p -- right -- but the 80/10/10 split read from u itself instead of
    # u / p: a chosen u is below p = 0.15 < 0.8, so every chosen token becomes mask_id and none is randomised or
    # kept. Differs in distribution: over many seeds, the share of chosen positions left as mask_id is 1.0 instead
    # of 0.8 (e.g. ids = arange(5, 105) repeated 20 times, vocab 200, no specials).
    "blind9_mlm_single_uniform_not_rescaled": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    u = torch.rand(ids.shape, generator=generator)
    chosen = eligible & (u < mask_prob)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (u < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (u >= 0.8) & (u < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # One categorical draw per position over (not chosen, [MASK], random, keep), but with the weights
    # [1 - p, 0.8, 0.1, 0.1] -- the 80/10/10 not multiplied by p -- which multinomial renormalises: a position is
    # chosen with probability 1 / (2 - p) = 0.54 instead of 0.15. Differs in distribution on any batch of
    # non-special ids (share of labels != -100 about 0.54).
    "blind9_mlm_categorical_unscaled_weights": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    weights = torch.tensor([1 - mask_prob, 0.8, 0.1, 0.1])
    if ids.numel():
        outcome = torch.multinomial(weights.expand(ids.numel(), 4), 1, replacement=True,
                                    generator=generator).reshape(ids.shape)
    else:
        outcome = torch.zeros_like(ids)
    outcome = torch.where(eligible, outcome, torch.zeros_like(outcome))
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(outcome == 1, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(outcome == 2, random_ids, corrupted)
    labels = torch.where(outcome > 0, ids.long(), -100)
    return corrupted, labels
'''),
    # ------------------------------------------------------------------ imagegpt
    # dequantize through F.embedding on the ids as given: embedding only takes int32/int64 indices, so the uint8
    # images of ids the contract allows raise. Differs on ids = tensor([[0, 1]], dtype=uint8), palette = randn(3, 2):
    # RuntimeError instead of the (3, 1, 2) image.
    "blind9_dequantize_embedding_raw_ids": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    # (the stub's input checks)
    return torch.nn.functional.embedding(ids, palette.T).movedim(-1, -3)
'''),
    # The nearest colour searched 7 palette columns at a time with a running minimum, but updated on `<=`: a tie
    # between chunks goes to the later (higher) id. Differs on palette = zeros(3, 8) (all colours equal) and any
    # image: ids 7 instead of 0.
    "blind9_quantize_chunked_min_ties_to_last": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    # (the stub's input checks)
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    colours = palette.to(dtype)
    best = best_id = None
    for start in range(0, colours.shape[1], 7):
        distances = (pixels - colours[:, start:start + 7]).square().sum(dim=-2)
        index = distances.argmin(dim=-1)
        value = distances.gather(-1, index.unsqueeze(-1)).squeeze(-1)
        index = index + start
        if best is None:
            best, best_id = value, index
        else:
            better = value <= best
            best, best_id = torch.where(better, value, best), torch.where(better, index, best_id)
    return best_id
'''),
    # The token sum divided by the feature count D (X.shape[-2]) instead of the token count N. Differs whenever
    # D != N, e.g. X = randn(4, 3), W = randn(2, 4), b = None.
    "blind9_average_pool_divides_by_width": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    # (the stub's input checks)
    pooled = X.sum(dim=-1) / X.shape[-2]
    logits = torch.einsum("kd,...d->...k", W, pooled)
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # pixel_unshuffle gathers each 2x2 block, but its channel order is (c, row, column), c-major: taken as is, the
    # 4C features are not the contract's (top-left, bottom-left, top-right, bottom-right) blocks of C. Differs on
    # X = randn(1, 2, 2) (C = 1), gamma = ones(4), beta = zeros(4), W = randn(2, 4).
    "blind9_patch_merging_pixel_unshuffle_raw": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    # (the stub's input checks)
    merged = torch.nn.functional.pixel_unshuffle(X, 2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Finds the wrapped rows and columns from the rolled coordinates, but tests orig <= shift instead of orig < shift:
    # the rolled row holding original row `shift` (row 0, never wrapped) is labelled wrapped. Differs on
    # shifted_window_mask(4, 4, 2, 0): not all True.
    "blind9_shifted_mask_rolled_coordinates_off_by_one": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    # (the stub's input checks)
    wrapped_rows = torch.roll(torch.arange(height), -shift) <= shift
    wrapped_columns = torch.roll(torch.arange(width), -shift) <= shift
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ davit
    # Queries-first layout (scores[i, j] = q_i . k_j), whose softmax must run over the keys (dim=-1), taken over
    # dim=-2 (the queries) as for the course's key-row layout. Differs on X = randn(4, 3), random params, G = 2.
    "blind9_channel_attention_queries_first_softmax_wrong_axis": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = tokens ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = torch.einsum("...in,...jn->...ij", Q, K) * scale
    weights = torch.softmax(scores, dim=-2)
    return linear(merge_heads(torch.einsum("...ij,...jn->...in", weights, V)), params["Wo"], params["bo"])
'''),
    # Channel attention through scaled_dot_product_attention on the transposed groups (the contract's equivalence),
    # but the result merged without transposing it back: (..., G, N, C/G) merged gives (..., G*N, C/G). Differs on
    # X = randn(4, 3), G = 2: linear's ValueError (Wo (4, 4) cannot project the (6, 2) merge) instead of the output.
    "blind9_channel_attention_sdpa_output_not_transposed": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    from .attention import scaled_dot_product_attention
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    if scale is not None:
        Q = Q * (scale * math.sqrt(tokens))
    out, _ = scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
    return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ bpe
    # Caches each word's tokens keyed by the word alone -- not by the merges: encoding the same word under another
    # merge list returns the old tokens. Differs on bpe_encode("ab", [("a", "b")]) then bpe_encode("ab", []):
    # ["ab", "</w>"] instead of ["a", "b", "</w>"].
    "blind9_bpe_encode_word_cache_ignores_merges": ("bpe", "bpe_encode", '''
_WORD_TOKENS = {}


def bpe_encode(text, merges):
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        key = tuple(symbols)
        if key not in _WORD_TOKENS:
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            _WORD_TOKENS[key] = tuple(symbols)
        tokens.extend(_WORD_TOKENS[key])
    return tokens
'''),
    # Scans the pairs in first-seen order for the maximum but replaces the best on >=, so a tie goes to the pair seen
    # LAST. Differs on train_bpe("ab", 1): [("b", "</w>")] instead of [("a", "b")].
    "blind9_train_bpe_scan_ties_to_last": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    frequency = {}
    for word in words:
        frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
    segments = [[list(word), count] for word, count in frequency.items()]
    merges = []
    for _ in range(num_merges):
        counts, seen = {}, []
        for symbols, count in segments:
            for pair in zip(symbols, symbols[1:]):
                if pair not in counts:
                    counts[pair] = 0
                    seen.append(pair)
                counts[pair] += count
        if not seen:
            break
        best = seen[0]
        for pair in seen[1:]:
            if counts[pair] >= counts[best]:
                best = pair
        merges.append(best)
        for segment in segments:
            segment[0] = merge_pair(segment[0], best)
    return merges
'''),
    # ------------------------------------------------------------------ embeddings
    # Sines and cosines read from torch.polar's complex numbers with the parts swapped (real = cos put on the sine
    # rows). Differs on sinusoidal_positions(3, 4): row 0 is cos(n) instead of sin(n).
    "blind9_sinusoidal_polar_parts_swapped": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    unit = torch.polar(torch.ones_like(angles), angles)
    table = torch.empty(dim, num_positions)
    table[0::2] = unit.real
    table[1::2] = unit.imag[: dim // 2]
    return table
'''),
    # F.embedding on the transposed table without the given range check: an id outside [0, V) raises IndexError from
    # embedding, not the contract's ValueError. Differs on embed(randn(3, 5), tensor([5])).
    "blind9_embed_functional_no_range_check": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    return torch.nn.functional.embedding(token_ids, omega_e.T).movedim(-1, -2)
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # ------------------------------------------------------------------ sparse_attention
    # An iterative count: each offset d = i - j in -(n-1) .. n-1 holds n - |d| pairs; add those the pattern keeps
    # (the local window caps itself); "global" by its closed form. O(n) per call.
    "blind9_right_sparse_cost_offset_loop": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "global":
        return num_global * (2 * n - num_global)
    total = 0
    for d in range(-(n - 1), n):
        if (pattern == "dense" or (pattern == "causal" and d >= 0) or (pattern == "local" and abs(d) <= window)
                or (pattern == "strided" and d % stride == 0)):
            total += n - abs(d)
    return total
'''),
}

RIGHT_BLIND_9 = {
    # Written as wrong (exp(s - logsumexp(s)) in float32: the logsumexp of a column near 1e4 is rounded to float32's
    # spacing there, about 1e-3, so the weights of [[1e4, -1e4], [1e4 - 1, 0]] are off by about 2e-4); counted right: it
    # neither overflows nor gives NaN (torch.logsumexp shifts by the maximum inside), and its error is what a change of
    # the scores in their last float32 bit (1e4 * 2^-24) gives, the accuracy the contract asks for large scores and the
    # bound the hidden suite holds every softmax to. The visible test now asks that accuracy too (it asked 1e-6).
    "blind9_softmax_logsumexp_unshifted_float32": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    lse = torch.logsumexp(scores, dim=-2, keepdim=True)
    lse = torch.where(torch.isneginf(lse), torch.zeros_like(lse), lse)   # an all -inf column stays zero
    return torch.exp(scores - lse)
'''),
    # ------------------------------------------------------------------ softmax
    # Log-space softmax done safely: shift by the column max first (exact), take the logsumexp of the shifted column
    # (a number in [0, log M], so no float32 rounding at 1e4), exp(shifted - lse). All -inf columns: both guards
    # turn -inf into 0, so exp(-inf) = 0.
    "blind9_right_softmax_shifted_log_space": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    top = scores.amax(dim=-2, keepdim=True)
    top = top.masked_fill(torch.isneginf(top), 0.0)
    shifted = scores - top
    lse = torch.logsumexp(shifted, dim=-2, keepdim=True)
    lse = lse.masked_fill(torch.isneginf(lse), 0.0)
    return torch.exp(shifted - lse)
'''),
    # The model answer's arithmetic carried out in float64 and cast back to the input's dtype: float32 in gives
    # float32 out (correctly rounded, more accurate than a float32 path), float64 in stays float64 throughout.
    "blind9_right_softmax_float64_internals_cast_back": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    wide = scores.to(torch.float64)
    top = wide.amax(dim=-2, keepdim=True)
    top = top.masked_fill(torch.isneginf(top), 0.0)
    exps = torch.exp(wide - top)
    total = exps.sum(dim=-2, keepdim=True)
    return (exps / total.masked_fill(total == 0, 1.0)).to(scores.dtype)
'''),
    # torch.softmax over dim=-2 on scores whose dead (all -inf) columns are first refilled with 0, then those
    # columns zeroed again: no NaN is ever formed, and elsewhere it is torch's own stable softmax.
    "blind9_right_softmax_refill_dead_columns": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
    safe = scores.masked_fill(dead, 0.0)
    return torch.softmax(safe, dim=-2).masked_fill(dead, 0.0)
'''),
    # ------------------------------------------------------------------ masking
    # The running sum of the identity along each row is 1 from column j onward: [j, i] is True iff i >= j.
    "blind9_right_causal_mask_eye_cumsum": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.eye(n, dtype=torch.long).cumsum(dim=1) > 0
'''),
    # A one-hot of each length over n + 1 slots, cumulatively summed: 0 before the length, 1 from it on; visible
    # where still 0. Lengths lie in [0, n] (the reference raises past n).
    "blind9_right_padding_mask_one_hot_cumsum": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    past_end = torch.nn.functional.one_hot(lengths.long(), n + 1).cumsum(dim=-1)[:, :n]
    return (past_end == 0)[:, :, None]
'''),
    # In-place write on a fresh clone (never on the argument), with the mask expanded to the scores' shape (it never
    # has more dimensions than the scores); autograd records the index_put, giving zero gradient where hidden.
    "blind9_right_apply_mask_clone_index_put": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # (the stub's input checks)
    out = scores.clone()
    out[~mask.expand_as(scores)] = float("-inf")
    return out
'''),
    # ------------------------------------------------------------------ attention
    # Everything in float64, the output and weights cast back to the inputs' dtype: float32 results are correctly
    # rounded values of the exact ones; float64 inputs are computed in float64 as the contract requires.
    "blind9_right_sdpa_float64_internals_cast_back": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    q, k, v = (t.to(torch.float64) for t in (Q, K, V))
    scores = k.transpose(-2, -1) @ q / math.sqrt(q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return (v @ weights).to(Q.dtype), weights.to(Q.dtype)
'''),
    # torch.func.vmap of a single-sequence attention over the flattened batch; the mask (never with batch dimensions
    # of its own) is expanded to the full (..., N_k, N_q) first, an all-True 0-d mask standing in for None.
    "blind9_right_sdpa_vmap_over_flat_batch": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    batch = Q.shape[:-2]
    size = math.prod(batch)
    n_k, n_q = K.shape[-1], Q.shape[-1]

    def single(q, k, v, m):
        weights = softmax_cols(apply_mask(k.T @ q / math.sqrt(q.shape[0]), m))
        return v @ weights, weights

    if mask is None:
        mask = torch.ones((), dtype=torch.bool)
    m = mask.expand(*batch, n_k, n_q).reshape(size, n_k, n_q)
    out, weights = torch.func.vmap(single)(Q.reshape(size, *Q.shape[-2:]), K.reshape(size, *K.shape[-2:]),
                                           V.reshape(size, *V.shape[-2:]), m)
    return out.reshape(*batch, V.shape[-2], n_q), weights.reshape(*batch, n_k, n_q)
'''),
    # Projections with torch.nn.functional.linear on the tokens as rows (X transposed), transposed back: equal to
    # W @ X + b[:, None], returned as non-contiguous views, which the contract allows.
    "blind9_right_self_attention_functional_linear_rows": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    rows = X.transpose(-2, -1)
    Q = torch.nn.functional.linear(rows, Wq, bq).transpose(-2, -1)
    K = torch.nn.functional.linear(rows, Wk, bk).transpose(-2, -1)
    V = torch.nn.functional.linear(rows, Wv, bv).transpose(-2, -1)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # Keys and values from one fused projection cat([Wk, Wv]) split back in the right order (K first): the same
    # products row by row.
    "blind9_right_mha_fused_kv_projection": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    W_kv = torch.cat([params["Wk"], params["Wv"]])
    b_kv = torch.cat([params["bk"], params["bv"]])
    K, V = linear(Xkv, W_kv, b_kv).split(dim, dim=-2)
    Q = linear(Xq, params["Wq"], params["bq"])
    Q, K, V = (split_heads(t, num_heads) for t in (Q, K, V))
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The head axis moved to the FRONT, (H, ..., D/H, N): a mask (..., N_k, N_q) then broadcasts against the scores
    # (H, ..., N_k, N_q) as it is, with no unsqueeze (a mask never has more batch dimensions than the inputs).
    "blind9_right_mha_heads_as_leading_axis": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    head_dim = dim // num_heads

    def heads_first(Y):
        return Y.reshape(*Y.shape[:-2], num_heads, head_dim, Y.shape[-1]).movedim(-3, 0)

    Q = heads_first(linear(Xq, params["Wq"], params["bq"]))
    K = heads_first(linear(Xkv, params["Wk"], params["bk"]))
    V = heads_first(linear(Xkv, params["Wv"], params["bv"]))
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    merged = heads.movedim(0, -3)
    merged = merged.reshape(*merged.shape[:-3], dim, merged.shape[-1])
    return linear(merged, params["Wo"], params["bo"])
'''),
    # Scales the queries by 1/sqrt(D/H) before the product (as PyTorch's own MultiheadAttention does) and writes the
    # attention out with the course's softmax and mask: other rounding, the same function.
    "blind9_right_mha_prescaled_queries": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    import math
    from .masking import apply_mask
    from .softmax import softmax_cols
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads) / math.sqrt(dim // num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Statistics and normalisation in float64, the result cast back to X's dtype.
    "blind9_right_layer_norm_float64_cast_back": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    wide = X.to(torch.float64)
    mean = wide.mean(dim=-2, keepdim=True)
    variance = (wide - mean).square().mean(dim=-2, keepdim=True)
    normalised = (wide - mean) / torch.sqrt(variance + eps)
    return (gamma.to(torch.float64)[:, None] * normalised + beta.to(torch.float64)[:, None]).to(X.dtype)
'''),
    # The FFN summed over chunks of 3 hidden units (W2[:, c] relu(W1[c] X + b1[c])), the last partial chunk
    # included, then b2: the same sum in another order.
    "blind9_right_feed_forward_hidden_chunks": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    total = None
    for start in range(0, W1.shape[0], 3):
        stop = start + 3
        part = W2[:, start:stop] @ torch.relu(linear(X, W1[start:stop], b1[start:stop]))
        total = part if total is None else total + part
    return total + b2[:, None]
'''),
    # The two sub-layers as a list of (function, gamma, beta), one loop applying either residual form.
    "blind9_right_transformer_layer_sublayer_list": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    sublayers = [
        (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), params["gamma1"], params["beta1"]),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
         params["gamma2"], params["beta2"]),
    ]
    for sublayer, gamma, beta in sublayers:
        if norm_first:
            X = X + sublayer(layer_norm(X, gamma, beta))
        else:
            X = layer_norm(X + sublayer(X), gamma, beta)
    return X
'''),
    # ------------------------------------------------------------------ cross_attention
    # The encoder mask expanded to its full (..., N_e, N_d) before the call (an expanded view): same visibility.
    "blind9_right_cross_attention_mask_expanded_view": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None:
        enc_mask = enc_mask.expand(*enc_mask.shape[:-2], X_enc.shape[-1], X_dec.shape[-1])
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The batch flattened and looped over, each example attended on its own, then stacked and reshaped back; the
    # mask broadcast to the full (..., N_e, N_d) first.
    "blind9_right_cross_attention_loop_over_flat_batch": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    import math
    batch = X_dec.shape[:-2]
    size = math.prod(batch)
    dec = X_dec.reshape(size, *X_dec.shape[-2:])
    enc = X_enc.reshape(size, *X_enc.shape[-2:])
    masks = None
    if enc_mask is not None:
        masks = enc_mask.expand(*batch, X_enc.shape[-1], X_dec.shape[-1]).reshape(size, X_enc.shape[-1],
                                                                                 X_dec.shape[-1])
    outputs = [multi_head_attention(dec[b], enc[b], params, num_heads, None if masks is None else masks[b])
               for b in range(size)]
    return torch.stack(outputs).reshape(*batch, *X_dec.shape[-2:])
'''),
    # Causal self-attention as a loop over queries: query i attends, unmasked, to the prefix X[..., :i + 1] --
    # exactly the keys the causal mask leaves visible (hidden keys only ever add exp(-inf) = 0).
    "blind9_right_decoder_layer_prefix_loop": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    columns = [multi_head_attention(X[..., i:i + 1], X[..., :i + 1], params["self_attn"], num_heads)
               for i in range(X.shape[-1])]
    X = layer_norm(X + torch.cat(columns, dim=-1), params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # ------------------------------------------------------------------ sampling
    # top-p's cut found with torch.searchsorted on the (non-decreasing) cumulative sums: the first index whose sum
    # is >= p, i.e. the count of sums < p; p compared in the probabilities' dtype as the model answer's `<` does.
    "blind9_right_next_token_probs_searchsorted_cut": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    # (the stub's input checks)
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
        cut = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype)))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:min(cut + 1, len(probs))]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # A preallocated id buffer filled step by step; the model sees the (cropped) filled prefix, the same multinomial
    # draws in the same order, and the filled prefix is returned (a view of the buffer).
    "blind9_right_generate_preallocated_buffer": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    start = prompt.shape[0]
    buffer = torch.empty(start + max_new_tokens, dtype=prompt.dtype, device=prompt.device)
    buffer[:start] = prompt
    length = start
    for _ in range(max_new_tokens):
        ids = buffer[:length]
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        buffer[length] = next_id[0]
        length += 1
        if eos_id is not None and int(next_id) == eos_id:
            break
    return buffer[:length]
'''),
    # log p = logit picked with gather minus the column's logsumexp, summed over columns 0 .. N-2.
    "blind9_right_sequence_log_prob_gather_minus_logsumexp": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    scored = model(ids)[:, :-1]
    picked = scored.gather(0, ids[1:].unsqueeze(0)).squeeze(0)
    return (picked - torch.logsumexp(scored, dim=0)).sum()
'''),
    # ------------------------------------------------------------------ patch_embedding
    # patchify as a stride-P convolution with an identity kernel eye(C*P*P) reshaped (C*P*P, C, P, P): output
    # channel c*P*P + r*P + q copies pixel (c, r, q) of each patch, exactly (x * 1 plus zeros).
    "blind9_right_patchify_identity_conv": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    # (the stub's input checks)
    P = patch_size
    size = channels * P * P
    eye = torch.eye(size, dtype=images.dtype, device=images.device).reshape(size, channels, P, P)
    return torch.nn.functional.conv2d(images, eye, stride=P).flatten(2)
'''),
    # ViT's own patch embedding: Conv2d's weight is W.reshape(D, C, P, P) (the contract names this order), bias b,
    # stride P; then [CLS] and the positions.
    "blind9_right_patch_embedding_conv2d": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    kernel = W.reshape(W.shape[0], channels, patch_size, patch_size)
    tokens = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2)
    cls_column = cls_token[:, None].expand(batch, -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Scores by einsum, softmax in log space after the max shift, both guards for a state that sees nothing; the
    # context as a broadcast weighted sum.
    "blind9_right_additive_attention_log_space_guarded": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    scores = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T).unsqueeze(-1)))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True)
    top = top.masked_fill(torch.isneginf(top), 0.0)
    shifted = scores - top
    lse = torch.logsumexp(shifted, dim=-1, keepdim=True)
    lse = lse.masked_fill(torch.isneginf(lse), 0.0)
    weights = torch.exp(shifted - lse)
    return weights, (weights.unsqueeze(-2) * H).sum(dim=-1)
'''),
    # The contract's accepted alternative: an nn.GRUCell (built on the meta device, so no random initialisation)
    # called with the params through torch.func.functional_call, on inputs broadcast to one batch and flattened.
    "blind9_right_decoder_step_grucell_functional_call": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    import math
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    size = s_prev.shape[-1]
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    count = math.prod(batch)
    cell = torch.nn.GRUCell(x.shape[-1], size, device="meta")
    state = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    flat_x = x.expand(*batch, x.shape[-1]).reshape(count, x.shape[-1])
    flat_h = s_prev.expand(*batch, size).reshape(count, size)
    s = torch.func.functional_call(cell, state, (flat_x, flat_h)).reshape(*batch, size)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Scores per cell by einsum over the grid, one softmax over the flattened H*W cells, context as a weighted sum
    # over both grid axes.
    "blind9_right_grid_attention_einsum_cells": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    # (the stub's input checks)
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None])
    scores = (v[:, None, None] * hidden).sum(dim=-3)
    weights = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1).reshape(scores.shape)
    return weights, (weights.unsqueeze(-3) * features).sum(dim=(-2, -1))
'''),
    # A Toeplitz mask: the 2n - 1 offsets' visibility computed once, then indexed by i - j + n - 1.
    "blind9_right_strided_mask_toeplitz_index": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    # (the stub's input checks)
    pattern = (torch.arange(max(2 * n - 1, 0)) - (n - 1)) % stride == 0
    index = torch.arange(n)[None, :] - torch.arange(n)[:, None] + (n - 1)
    return pattern[index]
'''),
    # is_global expanded along the queries (an expanded view, [j, i] = g[j]) OR its transpose ([j, i] = g[i]).
    "blind9_right_global_token_mask_expand_transpose": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    keys = is_global.unsqueeze(-1).expand(*is_global.shape, is_global.shape[-1])
    return keys | keys.transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ positions
    # A table of buckets by distance, cached under the full key (half size, max_distance), computed with the same
    # float32 formula element by element and indexed by distance; distances past the table use the formula directly.
    "blind9_right_bucket_cached_distance_table": ("positions", "relative_position_bucket", '''
_BUCKET_TABLES = {}


def _distance_buckets(distance, half, max_distance):
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return torch.where(distance < exact, distance, far)


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
    key = (half, max_distance)
    if key not in _BUCKET_TABLES:
        _BUCKET_TABLES[key] = _distance_buckets(torch.arange(4 * max(max_distance, half, 16)), half, max_distance)
    table = _BUCKET_TABLES[key]
    inside = distance < len(table)
    looked_up = table[torch.where(inside, distance, 0)]
    return base + torch.where(inside, looked_up, _distance_buckets(distance, half, max_distance))
'''),
    # Hugging Face's rotate_half form: X * cos + rotate_half(X) * sin with the angles repeated for both halves,
    # rotate_half = [-bottom; top]; the same products and sums as the pairwise formula.
    "blind9_right_rotary_rotate_half": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        angles = torch.cat([angles, angles], dim=0)
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        half = dim // 2
        rotated = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)
        return X * cos + rotated * sin

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # cos/sin tables cached under the full key (the positions' values, D, base, dtype).
    "blind9_right_rotary_tables_cached_full_key": ("positions", "rotary_embedding", '''
_ROTARY_TABLES = {}


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        pos = torch.arange(num) if positions is None else positions
        key = (tuple(pos.tolist()), dim, float(base), X.dtype)
        if key not in _ROTARY_TABLES:
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * pos.to(torch.float64)[None, :]
            _ROTARY_TABLES[key] = (angles.cos().to(X.dtype), angles.sin().to(X.dtype))
        cos, sin = _ROTARY_TABLES[key]
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ pretraining
    # One uniform u per position: chosen iff u < p, and given that, u / p is uniform on [0, 1), so it splits the
    # chosen 80/10/10 -- the same distribution with one draw fewer (the draw order is free).
    "blind9_right_mlm_single_uniform_split": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    u = torch.rand(ids.shape, generator=generator)
    chosen = eligible & (u < mask_prob)
    action = u / mask_prob if mask_prob > 0 else u
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # One categorical draw per position over (not chosen, [MASK], random, keep) with weights
    # (1 - p, 0.8p, 0.1p, 0.1p); specials forced to "not chosen".
    "blind9_right_mlm_categorical_outcomes": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    weights = torch.tensor([1 - mask_prob, 0.8 * mask_prob, 0.1 * mask_prob, 0.1 * mask_prob], dtype=torch.float64)
    if ids.numel():
        outcome = torch.multinomial(weights.expand(ids.numel(), 4), 1, replacement=True,
                                    generator=generator).reshape(ids.shape)
    else:
        outcome = torch.zeros(ids.shape, dtype=torch.long)
    outcome = torch.where(eligible, outcome, torch.zeros_like(outcome))
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(outcome == 1, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(outcome == 2, random_ids, corrupted)
    labels = torch.where(outcome > 0, ids.long(), -100)
    return corrupted, labels
'''),
    # All the coins drawn up front in one call, then the random partners drawn in order: the same distribution,
    # another (free) order of draws.
    "blind9_right_nsp_coins_drawn_up_front": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    # (the stub's input checks)
    slots = [(index, a, successor) for index, document in enumerate(documents)
             for a, successor in zip(document, document[1:])]
    coins = (torch.rand(len(slots), generator=generator) < 0.5).tolist() if slots else []
    pairs = []
    for (index, a, successor), heads in zip(slots, coins):
        if heads:
            pairs.append((a, successor, 0))
        else:
            pick = int(torch.randint(len(documents) - 1, (), generator=generator))
            other = documents[pick + (pick >= index)]
            pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # The nearest colour found 7 palette columns at a time with a running minimum updated only on a strictly
    # smaller distance (argmin within a chunk keeps its first): ties stay with the lowest id.
    "blind9_right_quantize_chunked_running_min": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    # (the stub's input checks)
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    colours = palette.to(dtype)
    best = best_id = None
    for start in range(0, colours.shape[1], 7):
        distances = (pixels - colours[:, start:start + 7]).square().sum(dim=-2)
        index = distances.argmin(dim=-1)
        value = distances.gather(-1, index.unsqueeze(-1)).squeeze(-1)
        index = index + start
        if best is None:
            best, best_id = value, index
        else:
            better = value < best
            best, best_id = torch.where(better, value, best), torch.where(better, index, best_id)
    return best_id
'''),
    # F.embedding on the ids converted to int64 with the palette transposed as its (K, C) table, channel axis moved
    # before H, W; differentiable in the palette.
    "blind9_right_dequantize_functional_embedding": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    # (the stub's input checks)
    return torch.nn.functional.embedding(ids.long(), palette.T).movedim(-1, -3)
'''),
    # targets rolled right by one (a new tensor) and its first entry overwritten with the start token in place.
    "blind9_right_pixel_sequence_roll_then_set_start": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    # (the stub's input checks)
    targets = ids.flatten(-2).long()
    inputs = targets.roll(1, dims=-1)
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # Project every token first, then average the logits (W is linear, so mean and W commute).
    "blind9_right_average_pool_project_then_mean": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    # (the stub's input checks)
    logits = (W @ X).mean(dim=-1)
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # Two unfolds (rows, then columns) give (..., C, H/M, W/M, M, M); C moved behind the window grid, flattened.
    "blind9_right_window_partition_double_unfold": ("swin", "window_partition", '''
def window_partition(X, window):
    # (the stub's input checks)
    M = window
    tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
    tiles = tiles.movedim(-5, -3)                          # (..., H/M, W/M, C, M, M)
    return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # A fresh buffer filled window by window with slice assignment (autograd records each copy).
    "blind9_right_window_reverse_fill_buffer": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    # (the stub's input checks)
    *batch, count, channels, _ = windows.shape
    grid = windows.new_zeros(*batch, channels, height, width)
    per_row = width // M
    for k in range(count):
        r, c = divmod(k, per_row)
        grid[..., r * M:(r + 1) * M, c * M:(c + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
    return grid
'''),
    # Wrapped rows found from the rolled coordinates: rolling arange by -shift gives the original index at each
    # rolled position; it wrapped iff that original index is < shift.
    "blind9_right_shifted_mask_rolled_coordinates": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    # (the stub's input checks)
    wrapped_rows = torch.roll(torch.arange(height), -shift) < shift
    wrapped_columns = torch.roll(torch.arange(width), -shift) < shift
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # pixel_unshuffle's (c, row, column) channels reordered to (column, row, c): blocks (0,0), (1,0), (0,1), (1,1)
    # in (row, column) = top-left, bottom-left, top-right, bottom-right, each of C.
    "blind9_right_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    # (the stub's input checks)
    blocks = torch.nn.functional.pixel_unshuffle(X, 2).unflatten(-3, (channels, 2, 2))   # (..., C, dy, dx, h, w)
    merged = blocks.movedim((-3, -4, -5), (-5, -4, -3)).flatten(-5, -3)                  # (..., dx, dy, C) -> 4C
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # The contract's equivalence taken literally: scaled_dot_product_attention on the transposed groups (D_k = N,
    # so its 1/sqrt(D_k) is the default scale), transposed back; a given scale folded into Q.
    "blind9_right_channel_attention_via_sdpa_transposed": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    from .attention import scaled_dot_product_attention
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    if scale is not None:
        Q = Q * (scale * math.sqrt(tokens))
    out, _ = scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
    return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Queries-first scores (i, j) = q_i . k_j with torch.softmax over the keys (dim=-1), then weights @ V_g: the
    # transpose of the course's layout throughout, the same numbers.
    "blind9_right_channel_attention_queries_first_einsum": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = tokens ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = torch.einsum("...in,...jn->...ij", Q, K) * scale
    weights = torch.softmax(scores, dim=-1)
    return linear(merge_heads(torch.einsum("...ij,...jn->...in", weights, V)), params["Wo"], params["bo"])
'''),
    # The model answer's computation in float64, cast back to X's dtype at the end.
    "blind9_right_channel_attention_float64_internals": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    wide = {name: value.to(torch.float64) for name, value in params.items()}
    x = X.to(torch.float64)
    Q = split_heads(linear(x, wide["Wq"], wide["bq"]), num_groups)
    K = split_heads(linear(x, wide["Wk"], wide["bk"]), num_groups)
    V = split_heads(linear(x, wide["Wv"], wide["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    out = linear(merge_heads(weights.transpose(-2, -1) @ V), wide["Wo"], wide["bo"])
    return out.to(X.dtype)
'''),
    # ------------------------------------------------------------------ bpe
    # Pair counts and first-seen order kept by hand (a dict and a list), the best chosen by a strict > scan in
    # first-seen order: the contract's tie rule without Counter.
    "blind9_right_train_bpe_first_seen_scan": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    frequency = {}
    for word in words:
        frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
    segments = [[list(word), count] for word, count in frequency.items()]
    merges = []
    for _ in range(num_merges):
        counts, seen = {}, []
        for symbols, count in segments:
            for pair in zip(symbols, symbols[1:]):
                if pair not in counts:
                    counts[pair] = 0
                    seen.append(pair)
                counts[pair] += count
        if not seen:
            break
        best = seen[0]
        for pair in seen[1:]:
            if counts[pair] > counts[best]:
                best = pair
        merges.append(best)
        for segment in segments:
            segment[0] = merge_pair(segment[0], best)
    return merges
'''),
    # A deque consumed from the left: a symbol joins with the next one when they form the pair (both consumed).
    "blind9_right_merge_pair_deque": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    from collections import deque
    pending = deque(symbols)
    merged = []
    while pending:
        symbol = pending.popleft()
        if pending and (symbol, pending[0]) == pair:
            merged.append(symbol + pending.popleft())
        else:
            merged.append(symbol)
    return merged
'''),
    # re.sub of the escaped end-of-word symbol, then rstrip of spaces.
    "blind9_right_bpe_decode_regex_sub": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    import re
    return re.sub(re.escape(END_OF_WORD), " ", "".join(tokens)).rstrip(" ")
'''),
    # Per-word results cached under the full key (the merges' reprs and the word).
    "blind9_right_bpe_encode_word_cache_full_key": ("bpe", "bpe_encode", '''
_WORD_TOKENS = {}


def bpe_encode(text, merges):
    words = split_words(text, "text")
    merges_key = tuple(repr(pair) for pair in merges)
    tokens = []
    for symbols in words:
        key = (merges_key, tuple(symbols))
        if key not in _WORD_TOKENS:
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            _WORD_TOKENS[key] = tuple(symbols)
        tokens.extend(_WORD_TOKENS[key])
    return tokens
'''),
    # ------------------------------------------------------------------ embeddings
    # torch.nn.functional.one_hot (..., N, V), V moved before N (a non-contiguous view, then converted).
    "blind9_right_one_hot_functional_movedim": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    hot = torch.nn.functional.one_hot(token_ids.long(), vocab_size)
    return hot.movedim(-1, -2).to(dtype or torch.get_default_dtype())
'''),
    # F.embedding with the table transposed to (V, D), after the given range check; D moved before N.
    "blind9_right_embed_functional_embedding": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return torch.nn.functional.embedding(token_ids, omega_e.T).movedim(-1, -2)
'''),
    # Angles, sines and cosines in float64, the table cast to the default dtype: correctly rounded float32 values
    # (the float32 formula's angle rounding, up to |angle| * 2^-24, is avoided).
    "blind9_right_sinusoidal_float64_then_default_dtype": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    positions = torch.arange(num_positions, dtype=torch.float64)
    pair_index = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table.to(torch.get_default_dtype())
'''),
    # Sines and cosines as the imaginary and real parts of torch.polar(1, angle).
    "blind9_right_sinusoidal_polar": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    unit = torch.polar(torch.ones_like(angles), angles)
    table = torch.empty(dim, num_positions)
    table[0::2] = unit.imag
    table[1::2] = unit.real[: dim // 2]
    return table
'''),
}
