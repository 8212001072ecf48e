"""Thirty-second blind batch of held-out implementations (prefix blind31_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_29.py) were only skimmed for their entry names and header
decisions, and each idea here was checked against their ~2500 names so as not to repeat an entry (where an idea was
already taken, e.g. a parallel pre-LN block, top-k by torch.topk, the bucketize shift mask, it was dropped). Nothing
else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time
(held_out_blind_30.py).

Emphasis: a learner who optimises for speed or elegance. Wrong entries are the subtle slips of such code: as_strided
with packed strides (split_heads, merge_heads) or a Hankel view left unflipped (local and strided masks; the strided one
is right for stride 1, and stride 2 with n odd), einsum rotation blocks transposed (rotary by -angle, relative scores
intact), a vmap whose out_dims is undone by .mT, caches keyed too loosely (a data_ptr key that survives in-place
optimiser steps, a gather index keyed without the patch size), in-place writes that break autograd (the GRU's tanh
output) or corrupt a computation (sin_ before cos), fused calls with another default or meaning (baddbmm's beta=0
dropping the mask bias, addbmm summing over the batch, F.log_softmax's implicit dim, F.normalize's eps, instance_norm
over the wrong axis or refusing D = 1, Categorical's validation on an empty sequence, gru_cell without broadcasting,
Tensor.T on batched ids), algebraic folds that forget dead queries (the value bias moved to the output in
self-attention and multi-head attention) or do not hold at all (the same fold in channel attention, where the weights
mix rows), a softmax shift clamped at 0, a cos/sin table shared whenever the lengths match, decoder sublayers run in
parallel, a BPE merge list prefiltered once per word. Right entries are correct versions of the same tricks: as_strided
from the input's own strides, flipped Hankel/unfold masks, torch.gru_cell with the batch broadcast first, Categorical
with validation off, baddbmm with the mask as its beta=1 bias and for the feed-forward network, the value bias folded
only for live queries or scaled by the weight sums, a fully keyed gather-index cache, addcmul interpolation, a
new_empty buffer for patch merging, split input weights instead of concatenation in the decoder step, a rotary table
shared only for equal positions, vmap over columns with out_dims=-1, a cumsum column sum, a BPE merge skip that
tracks the word's current symbols.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind31/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (14 of the 26 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says. Every entry was
also compared with the model answer on a grid of inputs, once under each default dtype (float32, float64): float32
and float64 inputs (to 2e-5 and 1e-10 relative to the largest entry; exactly for masks, ids and strings), unbatched
and with one and two batch axes, non-contiguous inputs (transposes, slices, steps), broadcast, padding and dead-query
masks, sizes of 0 and 1, several head or group counts, arguments passed by name, the contract's ValueErrors (same
exception type on both sides), arguments left unchanged, and gradients of every floating-point input and parameter
with a random cotangent (to 1e-4 relative); every right entry matched everywhere, every wrong entry differed somewhere.

Judgement calls: blind31_layer_norm_instance_norm_on_token_rows_single_feature equals the model for every D >= 2 and
only raises (a ValueError from F.instance_norm) for D = 1, a width the contract allows; it is counted wrong.
blind31_sequence_log_prob_categorical_single_token_crash only fails on a one-token sequence (the empty sum 0).
blind31_gru_step_aten_gru_cell_flattened_unbroadcast only fails when x and h have different leading axes (the rnn
section's broadcasting rule; attention_decoder_step needs it for an unbatched state over a batched H).
blind31_self_attention_fused_weights_cached_by_data_ptr and blind31_patchify_gather_index_cached_without_patch_size
only differ across calls (a weight updated in place; another patch size on the same image shape): a grader that calls
each function once on fresh tensors cannot see them. blind31_self_attention_value_bias_added_after_weighting and
blind31_mha_value_bias_folded_into_output_bias only differ for a query that sees no key. The right
blind31_right_gru_step_aten_gru_cell_broadcast relies on torch.gru_cell (nn.GRUCell's kernel, which the contract
accepts), blind31_right_patchify_gather_index_cached_full_key keeps a cache on the function object, and
blind31_right_rotate_columns_vmap_over_columns relies on torch.func.vmap. Fewer entries than asked (about 55 / 35):
the time box, and most tricks of this emphasis were already taken by the earlier batches; no right entry is one I was
unsure of (one planned right entry, the value-bias fold in channel attention, turned out wrong under verification and
is a wrong entry here).

Counts: 26 wrong, 18 right.
Wrong per function: {'bpe_encode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'gru_step': 2, 'layer_norm': 3, 'local_mask': 1, 'merge_heads': 1, 'multi_head_attention': 1, 'patchify': 1, 'rotary_embedding': 1, 'rotate_columns': 2, 'scaled_dot_product_attention': 1, 'self_attention': 2, 'sequence_log_prob': 2, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'split_heads': 1, 'strided_mask': 1}.
Right per function: {'attention_decoder_step': 1, 'bpe_encode': 1, 'causal_mask': 1, 'feed_forward': 1, 'gru_step': 2, 'local_mask': 1, 'multi_head_attention': 1, 'patch_merging': 1, 'patchify': 1, 'rotary_embedding': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'split_heads': 1, 'strided_mask': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

After it came, one wrong entry was counted right (its reason at the top of RIGHT_BLIND_31):
blind31_layer_norm_instance_norm_on_token_rows_single_feature (D = 1 is an edge the contract leaves open).
"""
WRONG_BLIND_31 = {
    # Zero-copy split by as_strided with the strides of a packed (contiguous) tensor instead of Y's own: right for a
    # contiguous Y, wrong tokens for a transposed or sliced one (the contract allows any view). Y =
    # arange(8.).reshape(2, 4).mT (shape (4, 2), strides (1, 4)), H = 2: the model gives head 0 = [[0, 4], [1, 5]], the
    # entry [[0, 1], [2, 3]]. Passes the visible tests.
    "blind31_split_heads_as_strided_contiguous_strides": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # zero-copy: reinterpret the storage as (..., H, D/H, N) with the strides of a packed tensor
            *batch, dim, n = Y.shape
            head_dim = dim // num_heads
            strides, step = [], dim * n
            for size in reversed(batch):
                strides.insert(0, step)
                step *= size
            return Y.as_strided((*batch, num_heads, head_dim, n), (*strides, head_dim * n, n, 1))
'''),
    # torch.gru_cell (nn.GRUCell's kernel) on x and h each folded to (B, .): right when x and h have the same leading
    # axes, but the leading axes no longer broadcast (attention_decoder_step hands gru_step an unbatched s_prev with a
    # batched input when H is batched). x = [[1], [2]] (2, 1), h = [0.5] (1,), all weights ones, biases zero: the model
    # gives [[0.5706], [0.5368]], the entry raises RuntimeError (input batch size 2 vs hidden batch size 1). Passes the
    # visible tests.
    "blind31_gru_step_aten_gru_cell_flattened_unbroadcast": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # the fused ATen kernel takes (B, I) and (B, D): fold every leading axis into one batch axis
            out = torch.gru_cell(x.reshape(-1, x.shape[-1]), h.reshape(-1, h.shape[-1]),
                                 weight_ih, weight_hh, bias_ih, bias_hh)
            return out.reshape(*x.shape[:-1], h.shape[-1])
'''),
    # angles.sin_() writes the sines into the angle buffer to save memory, and the cosine rows are then taken of those
    # sines: cos(sin(angle)). sinusoidal_positions(2, 2): the model's row 1 is [1, 0.5403] (cos 0, cos 1), the entry's
    # [1, 0.6664] (cos(sin 1)). Fails the visible tests.
    "blind31_sinusoidal_sin_in_place_before_cos": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            inv_freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = torch.outer(inv_freq, positions)          # (ceil(D/2), N)
            table = torch.empty(dim, num_positions)
            table[0::2] = angles.sin_()                         # in place: no second (D/2, N) buffer
            table[1::2] = angles[: dim // 2].cos()
            return table
'''),
    # omega_e.T[ids].T: .T reverses ALL axes (deprecated for ndim != 2, but still allowed), so it is right for 1-D ids
    # and scrambles the axes of batched ones. omega_e (2, 3), ids (3, 4): the model's shape is (3, 2, 4), the entry's
    # (2, 4, 3). Fails the visible tests.
    "blind31_embed_dot_t_reverses_batch_axes": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e.T[token_ids].T        # rows of the transposed table, transposed back
'''),
    # F.instance_norm on X as (B, D, N): it normalises each FEATURE row over the N tokens, not each token column over
    # its D features. X = [[0, 2], [2, 2]], gamma 1, beta 0: the model gives [[-1, 0], [1, 0]], the entry [[-1, 1], [0,
    # 0]]. Fails the visible tests.
    "blind31_layer_norm_instance_norm_over_tokens": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # the fused kernel: instance_norm normalises each channel of a (B, C, L) tensor over its L entries
            D, N = X.shape[-2:]
            flat = torch.nn.functional.instance_norm(X.reshape(-1, D, N), eps=eps).reshape(X.shape)
            return gamma[:, None] * flat + beta[:, None]
'''),
    # Centred columns made unit length by F.normalize and scaled by sqrt(D): that is (x - mean) / sqrt(var) with
    # F.normalize's clamp (1e-12 on the norm) instead of eps = 1e-5 inside the root, so a column of small variance is
    # blown up to unit variance. X = [[0], [0.002]], gamma 1, beta 0: the model gives [[-0.3015], [0.3015]], the entry
    # [[-1], [1]] (and for unit-variance columns the two differ by about 5e-6, beyond float64 accuracy). Fails the
    # visible tests.
    "blind31_layer_norm_normalize_times_sqrt_d": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # unit-length centred columns times sqrt(D) are unit-variance columns (F.normalize has its own eps)
            centred = X - X.mean(dim=-2, keepdim=True)
            unit = torch.nn.functional.normalize(centred, dim=-2) * math.sqrt(X.shape[-2])
            return gamma[:, None] * unit + beta[:, None]
'''),
    # Per-pair 2x2 rotation blocks applied by einsum with the block's indices the wrong way round ("abin" built as
    # [[cos, sin], [-sin, cos]]): every column turns by -angle. Scores K'^T Q' still depend only on p_q - p_k (with the
    # sign flipped), so a relative-position check alone does not see it. X = [[1], [0]], positions [1], base 1e4: the
    # model gives [[0.5403], [0.8415]], the entry [[0.5403], [-0.8415]]. Fails the visible tests.
    "blind31_rotate_columns_einsum_transposed_rotation": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            half = dim // 2
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]          # (D/2, N)
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            # one 2x2 block per (i, n): R[a, b] over the pair (x_i, x_{i+D/2})
            R = torch.stack([torch.stack([cos, sin]), torch.stack([-sin, cos])])     # (2, 2, D/2, N)
            pairs = X.unflatten(-2, (2, half))                                       # (..., 2, D/2, N)
            return torch.einsum("abin,...bin->...ain", R, pairs).flatten(-3, -2)
'''),
    # The masked scores fused into one torch.baddbmm(bias, K^T, Q, beta=0, alpha=1/sqrt(d_k)) call, beta=0 copied from
    # GPT-2's _upcast_and_reordered_attn (where the input is an empty buffer): beta=0 ignores the input, so the -inf
    # bias, i.e. the mask, is dropped. Q = K = ones(1, 2), V = [[1, 3]], mask [[T, T], [F, T]]: the model's output is
    # [[1, 2]], the entry's [[2, 2]]. Fails the visible tests.
    "blind31_sdpa_baddbmm_mask_bias_beta_zero": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k, n_q = Q.shape[-2:]
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
            bias = torch.zeros(*batch, n_k, n_q, dtype=Q.dtype)
            if mask is not None:
                bias = bias.masked_fill(~mask, float("-inf"))
            # one fused kernel: scores = bias + K^T Q / sqrt(d_k), as in GPT-2's _upcast_and_reordered_attn
            scores = torch.baddbmm(bias.reshape(-1, n_k, n_q), K.expand(*batch, d_k, n_k).reshape(-1, d_k, n_k).mT,
                                   Q.expand(*batch, d_k, n_q).reshape(-1, d_k, n_q), beta=0, alpha=d_k ** -0.5)
            weights = softmax_cols(scores.reshape(*batch, n_k, n_q))
            return V @ weights, weights
'''),
    # The stacked [Wq; Wk; Wv] and [bq; bk; bv] cached under the weights' data_ptr (with shape and dtype): an in-place
    # update of a weight (an optimiser step) keeps the address, so later calls reuse the stale stack (and its old
    # autograd graph); a freed weight's address can also be reused by a new tensor. X = [[1, 2]], Wq = Wk = Wv = [[1]],
    # zero biases: both give [[1.7311, 1.8808]]; after Wv.mul_(3) the model gives [[5.1932, 5.6424]], the entry still
    # [[1.7311, 1.8808]]. Passes the visible tests (each call there gets fresh weights).
    "blind31_self_attention_fused_weights_cached_by_data_ptr": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # stack the three projections once per set of weights and reuse the stack on later calls
            cache = self_attention.__dict__.setdefault("fused", {})
            key = tuple((t.data_ptr(), tuple(t.shape), t.dtype) for t in (Wq, bq, Wk, bk, Wv, bv))
            if key not in cache:
                cache[key] = (torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))
            W_all, b_all = cache[key]
            Q, K, V = torch.split(W_all @ X + b_all[:, None], [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # A precomputed gather index cached per image shape (C, H, W) but not per patch size: the second call with another P
    # on the same shape reuses the first P's index. images (1, 1, 4, 4): after patchify(images, 2), patchify(images, 4)
    # has shape (1, 16, 1) in the model and (1, 4, 4) in the entry. Passes the visible tests.
    "blind31_patchify_gather_index_cached_without_patch_size": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            cache = patchify.__dict__.setdefault("index", {})
            key = (channels, height, width)          # the gather index, computed once per image shape
            if key not in cache:
                pos = torch.arange(channels * height * width).reshape(channels, height // P, P, width // P, P)
                cache[key] = pos.permute(1, 3, 0, 2, 4).reshape(-1, channels * P * P).T   # (C*P*P, N)
            return images.reshape(batch, -1)[:, cache[key]]
'''),
    # torch.distributions.Categorical over the transposed logits: right for N >= 2, but with validation on (the default)
    # a one-token sequence, whose sum is empty, makes Categorical fail on the (0, V) logits. A model returning zeros (3,
    # N), ids [1]: the model gives 0.0, the entry raises RuntimeError (cannot reshape tensor of 0 elements). Passes the
    # visible tests.
    "blind31_sequence_log_prob_categorical_single_token_crash": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                   # (V, N)
            dist = torch.distributions.Categorical(logits=logits[:, :-1].T)
            return dist.log_prob(ids[1:]).sum()
'''),
    # torch.addbmm taken for torch.baddbmm: addbmm SUMS the per-item products over the batch, so every item gets the
    # batch's total; right for one item (the unbatched case folds to a batch of one). X = [[[1]], [[2]]] (2, 1, 1), W1 =
    # W2 = [[1]], zero biases: the model gives [1, 2], the entry [6, 6]. Passes the visible tests.
    "blind31_feed_forward_addbmm_sums_over_batch": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # fused multiply-add per layer, the batch folded into one axis
            D, N = X.shape[-2:]
            X3 = X.reshape(-1, D, N)
            B = X3.shape[0]
            hidden = torch.relu(torch.addbmm(b1[:, None], W1.expand(B, -1, -1), X3))
            out = torch.addbmm(b2[:, None], W2.expand(B, -1, -1), hidden.expand(B, -1, -1))
            return out.expand(B, D, N).reshape(X.shape)
'''),
    # The column shift clamped at 0 (meant to keep an all -inf column finite): a column whose scores are all far below
    # zero then underflows to zeros instead of its softmax. [[-200], [-201]] in float32: the model gives [0.7311,
    # 0.2689], the entry [0, 0] (also for [-1e4, -1e4 - 1], inside the contract's +-1e4). Passes the visible tests.
    "blind31_softmax_cols_shift_clamped_at_zero": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # shift by the column max, clamped at 0 so that an all -inf column shifts by 0 instead of -inf
            shift = scores.amax(dim=-2, keepdim=True).clamp(min=0)
            exps = (scores - shift).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total > 0, total, torch.ones_like(total))
'''),
    # bv added once to the output, since the weights of a column sum to 1: but a query that sees no key has all-zero
    # weights and must output zero, not bv. X = [[1, 1]], all weights [[1]], bv [5], other biases 0, mask [[T, F], [T,
    # F]] (query 1 sees nothing): the model's output is [[6, 0]], the entry's [[6, 5]]. Passes the visible tests.
    "blind31_self_attention_value_bias_added_after_weighting": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # the weights of a column sum to 1, so the value bias can be added once to the output
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            out, weights = scaled_dot_product_attention(Q, K, Wv @ X, mask)
            return out + bv[:, None], weights
'''),
    # The value bias folded into the output bias (bo + Wo bv), since each head's weights sum to 1: wrong for a query
    # that sees no key, whose attention output must be bo. D = 2, identity weights, bv = [1, 2], other biases 0, H = 1,
    # Xq = Xkv = ones(2, 2), mask [[T, F], [T, F]]: the model's column 1 is [0, 0], the entry's [1, 2]. Passes the
    # visible tests.
    "blind31_mha_value_bias_folded_into_output_bias": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # softmax columns sum to 1, so Wo (V + bv) w = Wo V w + Wo bv: fold bv into the output bias
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(params["Wv"] @ Xkv, num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"] + params["Wo"] @ params["bv"])
'''),
    # The token-attention fold (bias out of the weighted sum, into bo + Wo bv) carried over to channel attention, where
    # it does not hold: here the weights mix the ROWS of V, so bv enters as weights^T bv_g (each query channel gets a
    # weighted mix of the key channels' biases), not bv. C = 2, N = 2, X = I, identity weights, bv = [1, 0], other
    # biases 0, G = 1: the model gives [[1.3395, 1], [0.6605, 1]], the entry [[1.6698, 1.3302], [0.3302, 0.6698]].
    # Passes the visible tests.
    "blind31_channel_attention_value_bias_folded_into_output": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # no mask here: every query channel's weights sum to 1, so weights^T (V + bv 1^T) = weights^T V + bv_g 1^T
            # and Wo applied to the stacked bv is a constant column: fold it into the output bias
            N = X.shape[-1]
            if scale is None:
                scale = 1 / math.sqrt(N)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(params["Wv"] @ X, num_groups)
            weights = softmax_cols(K @ Q.mT * scale)
            attended = merge_heads(weights.mT @ V)
            return linear(attended, params["Wo"], params["bo"] + params["Wo"] @ params["bv"])
'''),
    # One cos/sin table built from the queries' positions and reused for the keys whenever N_q == N_k: wrong when
    # positions_q is given and positions_k is not (or they differ). Q = K = [[1], [0]], positions_q = [1], positions_k
    # default [0]: the model's K' is [1, 0], the entry's [0.5403, 0.8415]. Fails the visible tests.
    "blind31_rotary_table_shared_when_lengths_match": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # build the cos/sin table once when queries and keys have the same length
            D = Q.shape[-2]
            half = D // 2

            def table(n, positions):
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                return angles.cos(), angles.sin()

            def rotate(X, cs):
                cos, sin = cs[0].to(X.dtype), cs[1].to(X.dtype)
                top, bottom = X[..., :half, :], X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            tq = table(Q.shape[-1], positions_q)
            tk = tq if K.shape[-1] == Q.shape[-1] else table(K.shape[-1], positions_k)
            return rotate(Q, tq), rotate(K, tk)
'''),
    # The band profile over the 2n - 1 offsets read as sliding windows (unfold, a Hankel view u[j + i]) without the row
    # flip that makes it Toeplitz (u[i - j]): an anti-diagonal band. local_mask(3, 0): the model gives the identity, the
    # entry the anti-identity. Fails the visible tests.
    "blind31_local_mask_unfold_band_not_flipped": ("masking", "local_mask", '''
        def local_mask(n, window):
            # the band profile over the 2n - 1 offsets, read as n sliding rows of length n (no copy)
            u = (torch.arange(max(2 * n - 1, 0)) - (n - 1)).abs() <= window
            return u.unfold(0, n, 1) if n else torch.zeros(0, 0, dtype=torch.bool)
'''),
    # The periodic profile viewed with as_strided strides (1, 1) (a Hankel matrix, offset i + j - (n - 1)) without the
    # flip to i - j: equal to the model only when the two offsets agree modulo the stride for every j (stride 1, stride
    # 2 with n odd, or n <= 1), wrong otherwise. strided_mask(4, 2): the model gives [[1,0,1,0],[0,1,0,1],...], the
    # entry the complement [[0,1,0,1],[1,0,1,0],...]. Fails the visible tests.
    "blind31_strided_mask_hankel_view_not_flipped": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            # the periodic profile over the 2n - 1 offsets, viewed as an (n, n) matrix with strides (1, 1)
            offsets = torch.arange(max(2 * n - 1, 0)) - (n - 1)
            u = offsets.remainder(stride) == 0
            return u.as_strided((n, n), (1, 1))
'''),
    # Zero-copy merge by as_strided with packed strides: right for contiguous heads (what attention returns in the
    # model's pipeline), wrong rows for a non-contiguous view. heads = arange(4.).reshape(2, 2, 1).transpose(0, 1): the
    # model gives rows [0, 2, 1, 3], the entry [0, 1, 2, 3]. Passes the visible tests.
    "blind31_merge_heads_as_strided_packed_strides": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # zero-copy: the heads are stacked rows, so (H, D/H) is one axis of H * D/H rows in the packed layout
            *batch, num_heads, head_dim, n = heads.shape
            dim = num_heads * head_dim
            strides, step = [], dim * n
            for size in reversed(batch):
                strides.insert(0, step)
                step *= size
            return heads.as_strided((*batch, dim, n), (*strides, n, 1))
'''),
    # The interpolation done in the candidate's own buffer (candidate.mul_(1 - z).add_(z h)): the values are right, but
    # tanh saved its output for the backward pass, so backpropagation fails. x = [1], h = [0], all weights ones, biases
    # 0: both give h' = [0.2048]; the model's x.grad is [-0.0368], the entry's backward raises RuntimeError (a variable
    # needed for gradient computation has been modified by an inplace operation). Passes the visible tests.
    "blind31_gru_step_candidate_interpolated_in_place": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            # interpolate in the candidate's own buffer: no extra (..., D) tensor
            return candidate.mul_(1 - update).add_(update * h)
'''),
    # F.log_softmax without dim: for a 2-D tensor the implicit dim is 1, so the logits are normalised over the positions
    # instead of the vocabulary. A model returning [[0, 0], [0, 2]] (V = 2, N = 2), ids [0, 1]: the model gives -0.6931
    # (log 1/2), the entry -2.1269. Fails the visible tests.
    "blind31_sequence_log_prob_log_softmax_implicit_dim": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.nn.functional.log_softmax(model(ids))      # (V, N)
            return log_probs[:, :-1].gather(0, ids[None, 1:]).sum()
'''),
    # Self- and cross-attention both computed from the layer input X_dec ("they only read X_dec, run them side by
    # side"): the cross-attention queries must come from LN1(X_dec + self-attention). D = 4, random weights
    # (torch.Generator seed 0: the 8 + 8 attention tensors, W1 (6, 4), b1, W2 (4, 6), b2, gammas and betas, then X_dec
    # (4, 3), X_enc (4, 2)), H = 2: the model's column 0 is [0.5962, 0.3627, 1.1993, -1.6048], the entry's [0.5961,
    # 0.3630, 1.2011, -1.6041]; on the verification grid the differences reach 2.5. Passes the visible tests.
    "blind31_decoder_layer_cross_attention_reads_layer_input": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the two attentions only read X_dec, so they can run side by side (one pass over the input)
            N = X_dec.shape[-1]
            self_mask = torch.ones(N, N, dtype=torch.bool, device=X_dec.device).triu()
            attended = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask)
            read = cross_attention(X_dec, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X_dec + attended, params["gamma1"], params["beta1"])
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # vmap over the columns with the default out_dims=0 gives (N, ..., D), turned back with .mT: right for an unbatched
    # X (N, D).mT = (D, N), scrambled axes for a batched one. X (2, 2, 3), positions None: the model's shape is (2, 2,
    # 3), the entry's (3, 2, 2). Fails the visible tests.
    "blind31_rotate_columns_vmap_columns_out_first_transposed": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # rotate ONE column (..., D) at one position; vmap maps it over the N columns
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)

            def one(column, p):
                angle = theta * p.to(torch.float64)
                cos, sin = angle.cos().to(column.dtype), angle.sin().to(column.dtype)
                top, bottom = column[..., : dim // 2], column[..., dim // 2:]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-1)

            return torch.func.vmap(one, in_dims=(-1, 0))(X, positions).mT      # (N, ..., D) -> columns
'''),
    # The merge list filtered once per word to the merges whose two halves occur in the word's initial characters: a
    # merge whose half is itself made by an earlier merge is dropped. bpe_encode("abc", [("a", "b"), ("ab", "c")]): the
    # model gives ['abc', '</w>'], the entry ['ab', 'c', '</w>']. Fails the visible tests.
    "blind31_bpe_encode_merges_prefiltered_by_initial_symbols": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                # only the merges whose halves occur in the word can apply: skip the rest of the (long) list
                present = set(symbols)
                for pair in [m for m in merges if m[0] in present and m[1] in present]:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
}


RIGHT_BLIND_31 = {
    # Written as a wrong one; counted right: a layer norm over one feature (D = 1) is an edge the contract leaves
    # open (raising is accepted there, as torch's own instance_norm raises; a result must be beta), and the first
    # batch's layer_norm_by_instance_norm, a right one, does the same.
    # Written as a right one (instance_norm with the tokens as channels and the D features as the normalised axis IS
    # layer norm: biased variance, eps inside the root) but F.instance_norm refuses a normalised axis of size 1
    # ("Expected more than 1 spatial element when training"), so D = 1 raises instead of giving beta. X = [[1, 2, 3]] (D
    # = 1), gamma [2], beta [0.5]: the model gives [[0.5, 0.5, 0.5]], the entry raises ValueError. Equal to the model
    # for every D >= 2 (float32 and float64, batched, non-contiguous, gradients). Passes the visible tests.
    "blind31_layer_norm_instance_norm_on_token_rows_single_feature": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # instance_norm normalises each channel of (B, C, L) over L with the biased variance and eps inside
            # the root; with the tokens as channels (X transposed) and the D features as L, that is layer norm
            D, N = X.shape[-2:]
            rows = X.mT.reshape(-1, N, D)
            normed = torch.nn.functional.instance_norm(rows, eps=eps).reshape(*X.shape[:-2], N, D).mT
            return gamma[:, None] * normed + beta[:, None]
'''),
    # as_strided built from Y's own strides and storage offset: the D axis of stride s becomes (H, D/H) with strides (s
    # * D/H, s), every other axis keeps its stride, so transposed, sliced and stepped inputs are read right (a view).
    "blind31_right_split_heads_as_strided_from_strides": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # zero-copy view built from Y's own strides: the D axis (stride s) splits into H (stride s * D/H) and
            # D/H (stride s); every other axis keeps its stride, so any layout (transposes, slices) is read right
            *batch, dim, n = Y.shape
            head_dim = dim // num_heads
            *batch_strides, row_stride, col_stride = Y.stride()
            return Y.as_strided((*batch, num_heads, head_dim, n),
                                (*batch_strides, head_dim * row_stride, row_stride, col_stride),
                                Y.storage_offset())
'''),
    # torch.gru_cell is nn.GRUCell's kernel (gate order r, z, n; b_hn inside the reset product), which the contract
    # accepts; the leading axes are broadcast first and folded into one, so broadcasting x and h work; differentiable in
    # all six inputs.
    "blind31_right_gru_step_aten_gru_cell_broadcast": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # torch.gru_cell is nn.GRUCell's kernel (same gate order and bias placement); it wants (B, I) and
            # (B, D), so broadcast the leading axes first, then fold them into one
            batch = torch.broadcast_shapes(x.shape[:-1], h.shape[:-1])
            xs = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            hs = h.expand(*batch, h.shape[-1]).reshape(-1, h.shape[-1])
            return torch.gru_cell(xs, hs, weight_ih, weight_hh, bias_ih, bias_hh).reshape(*batch, h.shape[-1])
'''),
    # Categorical(logits=...) normalises by logsumexp over the vocabulary (one row per scored position) and log_prob
    # gathers the next id; validate_args=False lets a one-token sequence give the empty sum 0 like the model.
    "blind31_right_sequence_log_prob_categorical_unvalidated": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # Categorical normalises the logits with logsumexp over the last axis: one row per scored position;
            # validation off so that a one-token sequence (no position to score) gives the empty sum 0
            logits = model(ids)                                   # (V, N)
            dist = torch.distributions.Categorical(logits=logits[:, :-1].T, validate_args=False)
            return dist.log_prob(ids[1:]).sum()
'''),
    # baddbmm (one product per batch item plus the bias column) on the batch folded into one axis, relu_ on the fresh
    # hidden tensor (baddbmm does not need its output for the backward pass), reshaped back.
    "blind31_right_feed_forward_baddbmm_folded_batch": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # fused batched multiply-add (baddbmm: one product per batch item, plus the bias column)
            D, N = X.shape[-2:]
            X3 = X.reshape(-1, D, N)
            B = X3.shape[0]
            hidden = torch.baddbmm(b1[:, None], W1.expand(B, -1, -1), X3).relu_()
            out = torch.baddbmm(b2[:, None], W2.expand(B, -1, -1), hidden)
            return out.reshape(*X.shape[:-2], W2.shape[0], N)
'''),
    # The column sum taken as the last entry of a running sum down the column (the same sequential sum); dead columns
    # shifted by 0 and divided by 1, so they stay zero.
    "blind31_right_softmax_cols_cumsum_normaliser": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            exps = (scores - top).exp()
            total = exps.cumsum(dim=-2)[..., -1:, :]          # the last running sum is the column sum
            return exps / torch.where(total > 0, total, torch.ones_like(total))
'''),
    # V w = Wv X w + bv (1^T w): the bias is added scaled by each column's weight sum, which is 1 for a query that sees
    # a key and 0 for one that sees none, so dead queries still output zero.
    "blind31_right_self_attention_value_bias_scaled_by_weight_sums": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # V = Wv X + bv 1^T, so V w = Wv X w + bv (1^T w): the bias enters scaled by each column's weight sum
            # (1 for a query that sees a key, 0 for one that sees none)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            out, weights = scaled_dot_product_attention(Q, K, Wv @ X, mask)
            return out + bv[:, None] * weights.sum(dim=-2, keepdim=True), weights
'''),
    # u[k] = (k >= n - 1) read as the Hankel view u[j + i] (as_strided strides (1, 1)) and flipped along the rows: u[n -
    # 1 - j + i], True iff j <= i; n = 0 gives an empty (0, 0) mask.
    "blind31_right_causal_mask_hankel_as_strided_flipped": ("masking", "causal_mask", '''
        def causal_mask(n):
            # u[k] = (k >= n - 1) over k = 0 .. 2n-2; the Hankel view H[j, i] = u[j + i] (strides (1, 1)); flipping
            # the rows turns it into u[n - 1 - j + i], i.e. True iff i - j >= 0
            u = torch.arange(max(2 * n - 1, 0)) >= n - 1
            return u.as_strided((n, n), (1, 1)).flip(0)
'''),
    # The periodic profile over the offsets -(n-1) .. n-1 read as a Hankel view and flipped along the rows, so entry [j,
    # i] is the profile at i - j: True iff (i - j) % stride == 0; the stub's ValueError for stride < 1 kept.
    "blind31_right_strided_mask_hankel_as_strided": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            # one period pattern over the 2n - 1 offsets, read as an (n, n) Hankel view and flipped (offset i - j)
            offsets = torch.arange(max(2 * n - 1, 0)) - (n - 1)
            u = offsets.remainder(stride) == 0
            return u.as_strided((n, n), (1, 1)).flip(0)
'''),
    # The band profile |offset| <= window over the 2n - 1 offsets, unfolded into sliding rows (u[j + i]) and flipped
    # along the rows (u[i - j + n - 1]); n = 0 handled separately.
    "blind31_right_local_mask_unfold_band_flipped": ("masking", "local_mask", '''
        def local_mask(n, window):
            # the band profile over the 2n - 1 offsets; unfold gives the sliding rows u[j : j + n], i.e. u[j + i],
            # and flipping the rows makes it u[i - j + n - 1]
            u = (torch.arange(max(2 * n - 1, 0)) - (n - 1)).abs() <= window
            return u.unfold(0, n, 1).flip(0) if n else torch.zeros(0, 0, dtype=torch.bool)
'''),
    # One baddbmm call: scores = bias + (1/sqrt(d_k)) K^T Q with the default beta = 1, the bias 0 where visible and -inf
    # where hidden (exactly apply_mask's result); the course softmax_cols then zeroes dead columns; float64 stays
    # float64 (the bias is made with Q.new_zeros).
    "blind31_right_sdpa_baddbmm_additive_mask_bias": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k, n_q = Q.shape[-2:]
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
            bias = Q.new_zeros(*batch, n_k, n_q)
            if mask is not None:
                bias = bias.masked_fill(~mask, float("-inf"))      # 0 where visible, -inf where hidden
            # one fused kernel: scores = 1 * bias + (1/sqrt(d_k)) K^T Q (baddbmm's beta defaults to 1)
            scores = torch.baddbmm(bias.reshape(-1, n_k, n_q), K.expand(*batch, d_k, n_k).reshape(-1, d_k, n_k).mT,
                                   Q.expand(*batch, d_k, n_q).reshape(-1, d_k, n_q), alpha=d_k ** -0.5)
            weights = softmax_cols(scores.reshape(*batch, n_k, n_q))
            return V @ weights, weights
'''),
    # bv taken out of the per-head work: each head's weight column sums to 1 for a query that sees a key and to 0 for
    # one that sees none (the mask is shared by all heads), so Wo (V + bv 1^T) w = Wo V w + (Wo bv) * [query sees a
    # key]; the indicator comes from mask.any over the keys, and broadcast or padding masks keep their shape.
    "blind31_right_mha_value_bias_folded_for_live_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # every head's weight column sums to 1 for a query that sees a key and to 0 for one that sees none, so
            # Wo (V + bv 1^T) w = Wo V w + (Wo bv) * [query sees a key]: the value bias leaves the per-head work
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(params["Wv"] @ Xkv, num_heads)
            alive = None
            if mask is not None:
                alive = mask.any(dim=-2, keepdim=True)            # (..., 1, N_q)
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            folded = (params["Wo"] @ params["bv"])[:, None]       # (D, 1)
            if alive is not None:
                folded = folded * alive
            return params["Wo"] @ merge_heads(heads) + folded + params["bo"][:, None]
'''),
    # The gather index cached under everything it depends on (C, H, W and P); an index tensor of int64, so neither the
    # images' dtype nor the default dtype matters; gathering keeps the images' dtype and gradient.
    "blind31_right_patchify_gather_index_cached_full_key": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            cache = patchify.__dict__.setdefault("index", {})
            key = (channels, height, width, P)        # everything the gather index depends on
            if key not in cache:
                pos = torch.arange(channels * height * width).reshape(channels, height // P, P, width // P, P)
                cache[key] = pos.permute(1, 3, 0, 2, 4).reshape(-1, channels * P * P).T   # (C*P*P, N)
            return images.reshape(batch, -1)[:, cache[key]]
'''),
    # (1 - z) n + z h written as n + z (h - n) in one addcmul; the gates sliced from the two products (reset and update
    # summed before the sigmoid, b_hn inside the reset product).
    "blind31_right_gru_step_addcmul_interpolation": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            gates_x = x @ weight_ih.T + bias_ih
            gates_h = h @ weight_hh.T + bias_hh
            rz = torch.sigmoid(gates_x[..., : 2 * h.shape[-1]] + gates_h[..., : 2 * h.shape[-1]])
            reset, update = rz.chunk(2, dim=-1)
            candidate = torch.tanh(gates_x[..., 2 * h.shape[-1]:] + reset * gates_h[..., 2 * h.shape[-1]:])
            # (1 - z) n + z h = n + z (h - n), one fused multiply-add
            return torch.addcmul(candidate, update, h - candidate)
'''),
    # The four strided views copied into a buffer from X.new_empty (X's dtype, not the default one) in the contract's
    # order; slice assignment is differentiable, the buffer is fresh, and the layer norm and W follow as in the model.
    "blind31_right_patch_merging_blocks_copied_into_new_empty": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            C = channels
            merged = X.new_empty(*X.shape[:-3], 4 * C, height // 2, width // 2)   # X's dtype and device
            merged[..., 0 * C:1 * C, :, :] = X[..., 0::2, 0::2]      # top-left
            merged[..., 1 * C:2 * C, :, :] = X[..., 1::2, 0::2]      # bottom-left
            merged[..., 2 * C:3 * C, :, :] = X[..., 0::2, 1::2]      # top-right
            merged[..., 3 * C:4 * C, :, :] = X[..., 1::2, 1::2]      # bottom-right
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # W_ih [y; c] computed as W_ih[:, :E] y + W_ih[:, E:] c and W_out [s; c] as W_out[:, :D] s + W_out[:, D:] c: no
    # concatenation, and the leading axes broadcast through the additions; the GRU written out in nn.GRUCell's form; the
    # stub's missing-parameter ValueError kept.
    "blind31_right_decoder_step_input_weight_split_by_columns": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            # W_ih [y; c] = W_ih[:, :E] y + W_ih[:, E:] c: no concatenation, and the two parts broadcast
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            E = y_prev.shape[-1]
            D = s_prev.shape[-1]
            W_ih, W_hh = params["weight_ih"], params["weight_hh"]
            gates_x = y_prev @ W_ih[:, :E].T + context @ W_ih[:, E:].T + params["bias_ih"]
            gates_h = s_prev @ W_hh.T + params["bias_hh"]
            reset = torch.sigmoid(gates_x[..., :D] + gates_h[..., :D])
            update = torch.sigmoid(gates_x[..., D:2 * D] + gates_h[..., D:2 * D])
            candidate = torch.tanh(gates_x[..., 2 * D:] + reset * gates_h[..., 2 * D:])
            s = (1 - update) * candidate + update * s_prev
            W_out = params["W_out"]
            logits = s @ W_out[:, :D].T + context @ W_out[:, D:].T + params["b_out"]
            return s, logits, weights
'''),
    # One cos/sin table when the query and key positions are equal (the default positions with N_q == N_k, or equal
    # tensors), else two; angles in float64 like the model, cast to each input's dtype.
    "blind31_right_rotary_table_shared_when_positions_agree": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # one cos/sin table when queries and keys sit at the same positions (self-attention), else two
            D = Q.shape[-2]
            half = D // 2
            pq = torch.arange(Q.shape[-1]) if positions_q is None else positions_q
            pk = torch.arange(K.shape[-1]) if positions_k is None else positions_k
            theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)

            def table(positions):
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                return angles.cos(), angles.sin()

            tq = table(pq)
            tk = tq if pk.shape == pq.shape and torch.equal(pk, pq) else table(pk)

            def rotate(X, cs):
                cos, sin = cs[0].to(X.dtype), cs[1].to(X.dtype)
                top, bottom = X[..., :half, :], X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, tq), rotate(K, tk)
'''),
    # The rotation of one column (..., D) at one position, mapped over the N columns by torch.func.vmap with
    # in_dims=(-1, 0) and out_dims=-1 (the columns stay last); angles in float64 cast to X's dtype; differentiable.
    "blind31_right_rotate_columns_vmap_over_columns": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # write the rotation of ONE column (..., D) at one position, and let vmap map it over the N columns
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)          # (D/2,)

            def one(column, p):                                   # column (..., D), p a 0-d position
                angle = theta * p.to(torch.float64)
                cos, sin = angle.cos().to(column.dtype), angle.sin().to(column.dtype)
                top, bottom = column[..., : dim // 2], column[..., dim // 2:]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-1)

            return torch.func.vmap(one, in_dims=(-1, 0), out_dims=-1)(X, positions)
'''),
    # Skips a merge whose halves are not both symbols of the word right now (merge_pair would leave the word unchanged)
    # and refreshes the set after each merge that may have applied, so merges built from earlier merges still fire.
    "blind31_right_bpe_encode_skips_merges_absent_from_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                present = set(symbols)                 # kept up to date: merges create new symbols
                for left, right in merges:
                    if left in present and right in present:
                        symbols = merge_pair(symbols, (left, right))
                        present = set(symbols)
                tokens.extend(symbols)
            return tokens
'''),
}
