"""Eighty-fourth blind batch of held-out implementations (prefix blind83_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, README.md, the stubs (exercises/*.py: signatures and
input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_81.py) were only skimmed: their entry names were collected
into one list and grepped for every idea below (default dtype, empty, zeros_like, new_full, float16/bfloat16, uint8,
requires_grad, finfo, floor, first item, ...) so that no name is repeated and the mechanisms differ where the earlier
coverage is dense; the header of held_out_blind_57.py and held_out_blind_81.py were read for the format. Nothing else
under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batches written at the same time
(held_out_blind_82.py, held_out_blind_84.py).

Emphasis: tensors created inside the function. Wrong entries: buffers and constants made without the input's dtype
(a scatter source of torch.ones in the default dtype, a top-k result and a running best distance in default-dtype
buffers that an index_put cannot fill with float64, an averaging row for a matmul mean, running column sums and a
[CLS] column from default-dtype zeros that promote float32 work to float64 under the float64 default, a table made
with new_empty from float64 angles, a causal bucket base from torch.zeros); buffers shaped by the wrong argument
(zeros_like of the key input for the heads, empty_like(Q) for the rotated K, default positions counted over D, an
all-True default mask D x D or N_e x N_e, a read-out buffer 2 * D_s wide, a context accumulated in H's batch shape, a
grid's weights reshaped to the features' batch, a patch-merging buffer with one batch axis, a square global mask
or-ed in place, the first sequence's length for every padding row); torch.empty left partly uninitialised (the lower
triangle of a causal mask, the last sine row of an odd D); wrong dtypes of created index and label tensors (uint8
positions wrapping around, region counts stored in a bool buffer, zeros_like of a bool mask as an additive bias,
labels started as a copy of the ids, int64 tensors overflowing in a closed form); fill values a dtype does not hold
as meant (torch.tensor(-1e40), -inf only in float32; finfo(float16).min); scales computed as ints (d_k ** (1 // 2),
1 // sqrt(N)); a 0-d mask where a later unsqueeze(-3) needs two axes; requires_grad set on a created buffer (then
written in place) or lost (weights copied with torch.tensor). Right entries create their tensors differently but
correctly: F.one_hot cast to the requested or default dtype, a row-major table returned transposed, new_zeros and
new_ones 0-d constants in torch.where, lengths.new_ones(n).cumsum(0) positions, a 0-d -inf in the scores' dtype for
masked_fill, a 0-d True mask inside scaled_dot_product_attention (where apply_mask broadcasts it) and a 1 x 1 True
encoder mask in decoder_layer, heads written into zeros_like of the projected queries, an averaging row made with
X.new_full, an N x N all-True default mask, F.one_hot greedy and scatter into zeros_like, a one-hot selector with a
0-d new_zeros, F.pad for a beam's child, the [CLS] column and the start token, an own softmax with new_zeros shift,
a read-out buffer of the broadcast batch and D_s + D_h columns, float64 default positions, bucketize region labels,
the DaViT scale as a tensor in X's dtype, labels from ids.new_full, a batched False buffer or-ed out of place, a
raster index table gathered, bucket bases from new_full/new_zeros, weights cast with .to (on the graph), and a 0-d
default-dtype zero in torch.max (a 0-d tensor never changes the result's dtype).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind83/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added, the entry's source in
place of the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (12 of the 35 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry in one script and both results
printed; each differs as its comment says (the two torch.empty entries show memory contents, which vary from run to
run). Right entries were compared with the model answer on 150 to 400 random calls each: the default dtype float32 or
float64 and the inputs float32 or float64 independently, about 15 % of the calls under torch.no_grad() (grad mode
checked afterwards), random batch shapes ((), (1,), (2,), (2, 3), (3, 1)) and non-contiguous inputs, masks of every
broadcast shape including all-False columns and states, scores with -inf and of scale 1e4, eps 0.0, large v, N = 0
where allowed (one_hot, padding_mask, global_token_mask, mlm_corrupt, sinusoidal_positions), odd D, the invalid
inputs of the ValueErrors (same exception class), the same tensor passed twice, int32/int16/uint8 ids where allowed,
sos 512 and 1024, bucket counts 8, 9, 31, 32, 64 and max distances 20, 128, 1000, shifts 0 .. M - 1 (and -1, M for the
ValueError), seeded generators (mlm_corrupt reproduces the model's draws exactly), beams with rounded (tied) logits;
results equal in shape, dtype and value (exactly for masks and ids, to 2e-5 / 1e-12 otherwise), and gradients of a
random projection of every floating output with respect to every floating input and parameter equal to 1e-4
(float32) / 1e-9 (float64).

Judgement calls: blind83_right_layer_norm_averaging_row_new_full_in_input_dtype takes the mean as X.new_full((D,),
1/D) @ X. A first version also took the variance that way; its float32 gradient at D = 2, eps 0.0 (where the true
gradient is zero and the model's gradient happens to be exactly that) was 6e-5 against inputs of scale 1e-3, i.e.
float32 noise on gradients of size 1e3, but not within 5x the model's own error, so the variance is now
centred.square().mean(): against float64 truth its float32 gradient error stays within 8x the model's own over 3000
random calls, D = 2 included; one of 400 float32 comparisons with the model at my 1e-4 bound still differed there,
and I kept the entry as right. blind83_decoder_layer_missing_encoder_mask_as_zero_dim_true was first written as a
right entry (a 0-d True mask is fine for apply_mask); the visible tests showed that multi_head_attention's
unsqueeze(-3) needs two axes, so it is a wrong entry and the right one uses a 1 x 1 mask. The two torch.empty entries
(causal mask, odd-D sine row) are wrong by contract whatever the memory holds, but their wrong values are not
reproducible; both fail the visible tests in our runs. blind83_mha_mask_broadcast_against_ones_of_heads is right for
unbatched masks and batched masks of batch 1; it is wrong (silently) only when the mask's batch equals H, and raises
for other batches. blind83_quantize_running_best_distance_in_default_dtype_buffer raises on float64 inputs under the
float32 default (index_put refuses the dtype); it was meant to round float64 distances through float32, which
torch 2.13 does not allow silently. blind83_cross_attention_params_recast_with_torch_tensor returns the right values
and only loses the weights' gradients. Dropped before writing: torch.full(..., -1e40) (it raises in float32 rather
than rounding to -inf), a top-p keep mask from zeros_like(sort indices) (torch.where refuses an int64 condition at
once, so no learner would keep it), a T5 log ratio made as a float32 tensor (float32 division by a double scalar
rounds the same way), and a softmax max written through an out= buffer (out= refuses autograd outright). Fewer
entries than the 55 / 35 of the common brief: this task asked for about 35 / 25 within 35-45 minutes.

Counts: 35 wrong, 26 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 2, 'attention_decoder_step': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'transformer_layer': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_83 = {
    # The scatter source torch.ones(index.shape) takes the default dtype, and scatter_ needs the table's dtype: any
    # requested dtype other than the default raises. one_hot(tensor([0, 2]), 3, dtype=torch.float64) under the float32
    # default: model the float64 one-hot [[1, 0], [0, 0], [0, 1]], entry RuntimeError (scatter(): Expected self.dtype to
    # be equal to src.dtype). Fails the visible tests.
    "blind83_one_hot_scatter_source_ones_in_default_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            index = token_ids.unsqueeze(-2)                                   # (..., 1, N)
            table = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype)
            return table.scatter_(-2, index, torch.ones(index.shape))         # a 1 in row token_ids[n] of column n
'''),
    # The angles are computed in float64 on purpose, but the table is made with angles.new_empty, so it is float64
    # whatever the default dtype: sinusoidal_positions(4, 6) under the float32 default is float64 (model float32; the
    # contract asks for the default dtype). Passes the visible tests.
    "blind83_sinusoidal_table_new_empty_from_float64_angles": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.float64)      # exact angles first
            pair_index = torch.arange(0, dim, 2, dtype=torch.float64)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = angles.new_empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # torch.empty(D, N) and only 2 * (D // 2) rows written: with an odd D the last sine row is whatever the memory held.
    # sinusoidal_positions(5, 7), last row: model [0.0, 0.00037, 0.00075, ...], entry [1.8e19, 4.6e-41, 1.8e19, ...] in
    # our run (any value; it can also be NaN or, by chance, zeros). Fails the visible tests.
    "blind83_sinusoidal_odd_dim_last_sine_row_left_empty": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pairs = dim // 2
            frequencies = 10000 ** (-2 * torch.arange(pairs, dtype=torch.get_default_dtype()) / dim)
            angles = frequencies[:, None] * positions[None, :]                # (D // 2, N)
            table = torch.empty(dim, num_positions)
            table[0 : 2 * pairs : 2] = torch.sin(angles)
            table[1::2] = torch.cos(angles)
            return table
'''),
    # The running column sums start from torch.zeros(N) in the default dtype; out-of-place additions promote, so float64
    # scores are fine, but under torch.set_default_dtype(torch.float64) float32 scores come out float64:
    # softmax_cols(float32 (2, 2)) -> model float32, entry float64. Passes the visible tests.
    "blind83_softmax_cols_running_column_sums_from_default_dtype_zeros": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = torch.zeros(scores.shape[-1])           # one running total per column
            for row in exps.unbind(dim=-2):
                column_sum = column_sum + row
            column_sum = column_sum.unsqueeze(-2)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # torch.empty(n, n, dtype=bool) with only the True entries (triu_indices) written: the lower triangle keeps whatever
    # bytes the memory held. causal_mask(4) after a freed buffer of ones: model
    # [[1,1,1,1],[0,1,1,1],[0,0,1,1],[0,0,0,1]], entry [[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,0,1]] (varies from run to
    # run). Fails the visible tests.
    "blind83_causal_mask_upper_triangle_written_into_torch_empty": ("masking", "causal_mask", '''
        def causal_mask(n):
            mask = torch.empty(n, n, dtype=torch.bool)
            rows, columns = torch.triu_indices(n, n)              # key j <= query i
            mask[rows, columns] = True
            return mask
'''),
    # The visible prefix is sliced with the first sequence's length for every row of the buffer. padding_mask(tensor([1,
    # 3]), 3)[..., 0]: model [[1, 0, 0], [1, 1, 1]], entry [[1, 0, 0], [1, 0, 0]]. Fails the visible tests.
    "blind83_padding_mask_prefix_of_first_length_for_every_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            mask = torch.zeros(len(lengths), n, 1, dtype=torch.bool, device=lengths.device)
            mask[:, : int(lengths[0])] = True                     # the visible prefix of the keys
            return mask
'''),
    # Positions made as uint8: i - j wraps around to 256 - (j - i) for a key after its query, and abs() of a uint8 does
    # nothing, so only keys at or before the query can be in the window. local_mask(3, 1): model
    # [[1,1,0],[1,1,1],[0,1,1]], entry [[1,1,0],[0,1,1],[0,0,1]] (and n > 256 raises). Fails the visible tests.
    "blind83_local_mask_offsets_wrap_around_in_uint8": ("masking", "local_mask", '''
        def local_mask(n, window):
            positions = torch.arange(n, dtype=torch.uint8)        # small ints: one byte each
            distance = (positions[None, :] - positions[:, None]).abs()
            return distance <= window
'''),
    # torch.tensor(-1e40) rounds to -inf in float32, which is why it looked right; under the float64 default it is the
    # finite -1e40, and float64 scores keep it. Default float64, scores float64 [[0.], [0.]], mask [[True], [False]]:
    # model [0.0, -inf], entry [0.0, -1e+40] (a query that sees no key then gets uniform weights in softmax_cols).
    # Passes the visible tests.
    "blind83_apply_mask_fill_tensor_minus_1e40_finite_under_float64_default": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = torch.tensor(-1e40)                          # below every float: rounds to -inf
            return torch.where(mask, scores, hidden)
'''),
    # zeros_like(mask) is a bool tensor: -inf stored in it becomes True, and scores + True adds 1 to the hidden scores
    # instead of -inf. apply_mask(zeros (2, 1), [[True], [False]]): model [0.0, -inf], entry [0.0, 1.0]. Fails the
    # visible tests.
    "blind83_apply_mask_additive_bias_zeros_like_the_bool_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            bias = torch.zeros_like(mask).masked_fill(~mask, float("-inf"))   # 0 where visible, -inf where hidden
            return scores + bias
'''),
    # The scale is d_k ** (1 // 2): 1 // 2 is the integer 0, so the scale is 1 and the scores are never divided. Q ones
    # (4, 1), K [[1, 0]] * 4, V [[0, 1]]: weights model [0.881, 0.119], entry [0.982, 0.018]. Fails the visible tests.
    "blind83_sdpa_square_root_exponent_floor_divided": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scale = d_k ** (1 // 2)                                # sqrt(d_k)
            scores = K.transpose(-2, -1) @ Q / scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # The per-head mask is made as torch.ones(H, 1, 1) & mask: right for an (N_k, N_q) mask, but a batched mask (B, N_k,
    # N_q) with B == H lines its batch axis up with the head axis (item b's mask goes to head b of every item), and
    # another B raises. D 4, H 2, X (2, 4, 3), mask (2, 3, 3) hiding keys 1, 2 of item 0: output[0, 0] model [-1.659,
    # -1.659, -1.659], entry [-2.538, -1.928, -2.528]. Passes the visible tests.
    "blind83_mha_mask_broadcast_against_ones_of_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                # one copy of the mask per head: (H, N_k, N_q)
                mask = torch.ones(num_heads, 1, 1, dtype=torch.bool, device=mask.device) & mask
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The buffer the heads are stacked into is zeros_like(Xkv): it has N_k columns, not N_q, so cross-attention with N_k
    # != N_q fails (self-attention is right). Xq (4, 3), Xkv (4, 5), H 2: model (4, 3), entry RuntimeError (expanded
    # size 5 vs 3). Fails the visible tests.
    "blind83_mha_heads_merged_into_zeros_like_key_input": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)     # (..., H, D/H, N_q)
            merged = torch.zeros_like(Xkv)                             # (..., D, N): the heads stacked again
            for h in range(num_heads):
                merged[..., h * head_dim : (h + 1) * head_dim, :] = heads[..., h, :, :]
            return linear(merged, params["Wo"], params["bo"])
'''),
    # The averaging row torch.full((D,), 1/D) takes the default dtype, and a matmul does not promote: float64 X under
    # the float32 default (or float32 X under the float64 default) raises. layer_norm(float64 (3, 2), ones, zeros):
    # model [1.413, -1.135], entry RuntimeError (expected m1 and m2 to have the same dtype). Fails the visible tests.
    "blind83_layer_norm_mean_by_default_dtype_averaging_row": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            dim = X.shape[-2]
            average = torch.full((dim,), 1.0 / dim)                     # mean over features = average @ X
            mean = (average @ X).unsqueeze(-2)
            centred = X - mean
            variance = (average @ (centred * centred)).unsqueeze(-2)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # With mask None an all-True mask is made, but sized D x D (X.shape[-2]) instead of N x N: it only broadcasts when D
    # == N. X (4, 3), H 2, no mask: model (4, 3), entry RuntimeError (size 4 vs 3). Passes the visible tests.
    "blind83_transformer_layer_missing_mask_sized_by_features": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is None:
                width = X.shape[-2]
                mask = torch.ones(width, width, dtype=torch.bool, device=X.device)   # nothing hidden
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # With enc_mask None the all-True encoder mask is made N_e x N_e instead of (N_e, N_d): it fails whenever the
    # decoder and encoder lengths differ. X_dec (4, 3), X_enc (4, 5), H 2: model (4, 3), entry RuntimeError (size 5 vs
    # 3). Fails the visible tests.
    "blind83_decoder_layer_missing_encoder_mask_square_in_encoder_length": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is None:
                n_enc = X_enc.shape[-1]
                enc_mask = torch.ones(n_enc, n_enc, dtype=torch.bool, device=X_enc.device)   # every encoder position
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # The top-k result is written into torch.zeros(V) in the default dtype; an index_put of float64 probabilities into
    # it raises (and under the float64 default float32 logits raise the same way). logits float64 [0.1, 0.2, 0.3, 0.4],
    # top_k=2: model float64 [0, 0, 0.475, 0.525], entry RuntimeError (Index put requires the source and destination
    # dtypes match). Fails the visible tests.
    "blind83_next_token_probs_top_k_kept_in_default_dtype_zeros": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                kept = torch.sort(probs, descending=True, stable=True).indices[:top_k]
                filtered = torch.zeros(len(probs))                 # outside the top k: probability 0
                filtered[kept] = probs[kept]
                probs = filtered / filtered.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The column range starts at -1 and pairs with all of ids, so ids[0] is also scored, by column -1 (the last column,
    # which has seen the whole sequence). Model table[:, ids] with a random (5, 5) table, ids [1, 3, 2]: model -2.721,
    # entry -6.786. Fails the visible tests.
    "blind83_sequence_log_prob_columns_arange_from_minus_one": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)      # (V, N)
            columns = torch.arange(-1, len(ids) - 1)              # column n - 1 scores ids[n]
            return log_probs[ids, columns].sum()
'''),
    # The [CLS] column is torch.zeros(B, D, 1) + cls_token[:, None]: exact, but the zeros take the default dtype, so
    # under the float64 default float32 inputs give a float64 column and torch.cat promotes the whole result. images (2,
    # 1, 4, 4) float32, P 2, default float64: model float32, entry float64. Passes the visible tests.
    "blind83_patch_embedding_cls_added_to_default_dtype_zeros": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            cls_column = torch.zeros(tokens.shape[0], tokens.shape[1], 1) + cls_token[:, None]   # (B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Hidden positions get finfo(float16).min = -65504, not -inf: a state that sees no position gets uniform weights and
    # the mean state as context instead of zeros (and a visible score below -65504, possible with a large v, loses to a
    # hidden one). s (3,), H (2, 4), mask all False: model weights [0, 0, 0, 0], context [0, 0]; entry [0.25]*4,
    # [-0.575, 0.089]. Fails the visible tests.
    "blind83_additive_attention_hidden_filled_with_float16_min": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)            # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, torch.finfo(torch.float16).min)   # safe in half precision too
            weights = torch.softmax(scores, dim=-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The context is accumulated in place into zeros_like(H[..., 0]), H's batch shape; when the state s has batch axes H
    # has not (they broadcast), the in-place add cannot grow it. s (6, 3), H (2, 4): model shapes (6, 4), (6, 2); entry
    # RuntimeError (output with shape [2] doesn't match the broadcast shape [6, 2]). Fails the visible tests.
    "blind83_additive_attention_context_accumulated_in_zeros_like_states": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.zeros_like(H[..., 0])                      # (..., D_h), one encoder state's shape
            for i in range(H.shape[-1]):
                context += weights[..., i, None] * H[..., i]
            return weights, context
'''),
    # The read-out input [s; c] is allocated with 2 * D_s columns, as if the context were as wide as the state: wrong
    # whenever D_h != D_s. D_s 3, E 2, D_h 4, N 7: model shapes (3,), (5,), (7,); entry RuntimeError (expanded size 3 vs
    # 4). Fails the visible tests.
    "blind83_decoder_step_readout_buffer_twice_the_state_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            width = s.shape[-1]
            readout_input = s.new_empty(*s.shape[:-1], 2 * width)          # [s; c]
            readout_input[..., :width] = s
            readout_input[..., width:] = context
            logits = readout_input @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The weights are reshaped to the features' batch shape, not to their own: when s has batch axes the grid has not,
    # the reshape fails. s (2, 3), features (2, 3, 4): model weights (2, 3, 4), entry RuntimeError (shape [3, 4] is
    # invalid for input of size 24). Passes the visible tests.
    "blind83_grid_attention_weights_reshaped_to_feature_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.reshape(*features.shape[:-3], height, width), context
'''),
    # The default positions are torch.arange(X.shape[-2]), one per feature row (D) instead of one per column (N): they
    # only broadcast when D == N (then the result is right). Q (4, 3), K (4, 5): model shapes (4, 3), (4, 5); entry
    # RuntimeError (size 3 vs 4). Fails the visible tests.
    "blind83_rotary_default_positions_counted_over_feature_rows": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-2])
            if positions_k is None:
                positions_k = torch.arange(K.shape[-2])
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Both rotations are written into torch.empty_like(Q): the rotated K needs N_k columns, so N_k != N_q fails (and N_k
    # = 1 broadcasts silently into N_q copies). Q (4, 3), K (4, 5): model (4, 3), (4, 5); entry RuntimeError (expanded
    # size 3 vs 5). Fails the visible tests.
    "blind83_rotary_key_result_in_empty_like_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim, half = Q.shape[-2], Q.shape[-2] // 2
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            rotated = []
            for X, positions in ((Q, positions_q), (K, positions_k)):
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                out = torch.empty_like(Q)                                  # Q and K have the same shape
                out[..., :half, :] = X[..., :half, :] * cos - X[..., half:, :] * sin
                out[..., half:, :] = X[..., half:, :] * cos + X[..., :half, :] * sin
                rotated.append(out)
            return rotated[0], rotated[1]
'''),
    # In causal mode the base is torch.zeros(offset.shape), a default-dtype float tensor, so the buckets come back as
    # float32 (float64 under that default) instead of a LongTensor; bidirectional mode is right.
    # relative_position_bucket(tensor([-3, 0, 2]), bidirectional=False): model int64, entry float32. Passes the visible
    # tests.
    "blind83_relative_bucket_causal_base_default_dtype_zeros": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros(offset.shape)                       # every offset in the one half
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The closed forms are evaluated on int64 tensors (exact, "unlike a float"), but they overflow silently past 2^63:
    # sparse_attention_cost("dense", 10**12): model 10**24, entry 2003764205206896640. Passes the visible tests.
    "blind83_sparse_cost_products_in_int64_tensors": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            N = torch.tensor(n)                                    # int64: exact, unlike a float
            if pattern == "dense":
                total = N * N
            elif pattern == "causal":
                total = N * (N + 1) // 2
            elif pattern == "local":
                w = torch.tensor(min(window, max(n - 1, 0)))
                total = N * (2 * w + 1) - w * (w + 1)
            elif pattern == "strided":
                m = torch.tensor(max(n - 1, 0) // stride)
                total = N * (2 * m + 1) - stride * m * (m + 1)
            else:
                total = num_global * (2 * N - num_global)
            return int(total)
'''),
    # labels start as a copy of ids and only the eligible positions not chosen are set to -100: special positions keep
    # their own id as a label. ids [[0, 5, 6, 7, 1]], V 10, specials [0, 1], seed 0 (mask_prob 0.15): model labels
    # [[-100, -100, 6, 7, -100]], entry [[0, -100, 6, 7, 1]]. Fails the visible tests.
    "blind83_mlm_labels_start_as_copy_of_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = ids.clone()                                   # the original ids, then -100 where not predicted
            labels[eligible & ~chosen] = IGNORE
            return corrupted, labels
'''),
    # The running best distance is torch.full(..., inf) in the default dtype; storing float64 distances into it by index
    # raises. images float64 zeros (1, 1, 1), palette [[sqrt(1 + 2e-9), sqrt(1 + 1e-9)]] float64: model [[1]], entry
    # RuntimeError (Index put requires the source and destination dtypes match). Passes the visible tests.
    "blind83_quantize_running_best_distance_in_default_dtype_buffer": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype)
            best_distance = torch.full(pixels.shape[:-3] + pixels.shape[-2:], float("inf"))
            best_id = torch.zeros(best_distance.shape, dtype=torch.long)
            for k in range(palette.shape[1]):
                colour = palette[:, k].to(dtype)[:, None, None]
                distance = (pixels - colour).square().sum(dim=-3)           # (..., H, W)
                closer = distance < best_distance                          # strict: ties keep the lower id
                best_distance[closer] = distance[closer]
                best_id[closer] = k
            return best_id
'''),
    # The default scale is 1 // math.sqrt(N): floor division gives 0.0 for every N >= 2 (1.0 for N = 1), so all scores
    # are 0 and each query channel averages its group. X [[1, 2, 3, 4], [4, 0, 1, 0]], identity weights, zero biases, G
    # 1: row 0 model [1.00003, 1.99998, 2.99998, 3.99996], entry [2.5, 1.0, 2.0, 2.0]. Fails the visible tests.
    "blind83_channel_attention_default_scale_floor_divided": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 // math.sqrt(tokens)                 # 1 / sqrt(N)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The grid is created with requires_grad=windows.requires_grad "to keep the gradient": a leaf that requires grad
    # cannot be written in place, so every call with windows that require grad raises (under no_grad it is right).
    # windows (4, 1, 4) requiring grad, M 2, 4 x 4: model (1, 4, 4), entry RuntimeError (a view of a leaf Variable that
    # requires grad is being used in an in-place operation). Passes the visible tests.
    "blind83_window_reverse_grid_created_with_requires_grad": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = torch.zeros(*batch, channels, height, width, dtype=windows.dtype,
                               requires_grad=windows.requires_grad)            # keep the gradient flowing
            per_row = width // M
            for k in range(windows.shape[-3]):
                r, c = divmod(k, per_row)
                grid[..., r * M : (r + 1) * M, c * M : (c + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return grid
'''),
    # The merged buffer is X.new_empty(X.shape[0], 4C, H/2, W/2), assuming exactly one batch axis: an unbatched grid (C,
    # H, W) gets a buffer with C as its batch axis (the blocks broadcast into it), two batch axes raise. X (2, 4, 4), C
    # 2: model (4, 2, 2), entry (2, 4, 2, 2). Fails the visible tests.
    "blind83_patch_merging_buffer_sized_by_first_axis": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = X.new_empty(X.shape[0], 4 * channels, height // 2, width // 2)    # (B, 4C, H/2, W/2)
            blocks = (X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2])
            for k, block in enumerate(blocks):
                merged[:, k * channels : (k + 1) * channels] = block
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The result is a single (N, N) buffer or-ed in place: an in-place or cannot grow it to the batch shape, so batched
    # flags raise. is_global (2, 3): model (2, 3, 3), entry RuntimeError (output with shape [3, 3] doesn't match the
    # broadcast shape [2, 3, 3]). Fails the visible tests.
    "blind83_global_token_mask_or_into_square_bool_buffer": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            mask = torch.zeros(n, n, dtype=torch.bool, device=is_global.device)
            mask |= is_global.unsqueeze(-1)                       # a global key: its whole row
            mask |= is_global.unsqueeze(-2)                       # a global query: its whole column
            return mask
'''),
    # The weights are copied with torch.tensor(value, dtype=...) to match the decoder's dtype: torch.tensor makes new
    # leaves without grad, so no gradient reaches any weight (values are right). X_dec (4, 3), X_enc (4, 4), H 2,
    # weights requiring grad, output.sum().backward(): model Wq.grad [-0.963, 0.122, -0.694, ...], entry RuntimeError
    # (element 0 of tensors does not require grad) -- with X_dec requiring grad too, Wq.grad stays None. Passes the
    # visible tests.
    "blind83_cross_attention_params_recast_with_torch_tensor": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the weights in the decoder's dtype, whatever they were stored in
            params = {name: torch.tensor(value, dtype=X_dec.dtype) for name, value in params.items()}
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The region counter 0..8 is stored in a bool buffer: region 0 becomes False and every other region True, so tokens
    # of different wrapped regions are taken for neighbours. shifted_window_mask(4, 4, 2, 1), window 3: model the
    # identity 4 x 4, entry all True. Fails the visible tests.
    "blind83_shifted_mask_region_counts_in_bool_buffer": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            regions = torch.zeros(height, width, dtype=torch.bool)      # region of every rolled token
            count = 0
            for rows in (slice(0, height - window), slice(height - window, height - shift), slice(height - shift, height)):
                for columns in (slice(0, width - window), slice(width - window, width - shift),
                                slice(width - shift, width)):
                    regions[rows, columns] = count
                    count += 1
            labels = window_partition(regions[None], window)[:, 0]        # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # With enc_mask None a 0-d True tensor is passed on as the encoder mask: apply_mask would broadcast it, but
    # multi_head_attention adds the head axis with mask.unsqueeze(-3), which a 0-d tensor does not have. X_dec (4, 3),
    # X_enc (4, 5), H 2, no mask: model (4, 3), entry IndexError (Dimension out of range). Fails the visible tests.
    "blind83_decoder_layer_missing_encoder_mask_as_zero_dim_true": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is None:
                enc_mask = torch.ones((), dtype=torch.bool, device=X_enc.device)   # every encoder position visible
            n = X_dec.shape[-1]
            positions = torch.arange(n, device=X_dec.device)
            self_mask = positions[:, None] <= positions[None, :]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
}


RIGHT_BLIND_83 = {
    "blind83_right_one_hot_functional_transposed_cast_to_requested_or_default": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            rows = F.one_hot(token_ids, vocab_size)                  # (..., N, V) int64
            return rows.transpose(-2, -1).to(torch.get_default_dtype() if dtype is None else dtype)
'''),
    "blind83_right_sinusoidal_row_major_buffer_returned_transposed": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)[:, None]          # (N, 1)
            exponents = torch.arange(0, dim, 2, dtype=dtype)[None, :] / dim        # (1, ceil(D/2))
            angles = positions / torch.pow(10000.0, exponents)                     # (N, ceil(D/2))
            table = torch.zeros(num_positions, dim, dtype=dtype)                   # row-major: one row per position
            table[:, 0::2] = angles.sin()
            table[:, 1::2] = angles[:, : dim // 2].cos()
            return table.T
'''),
    "blind83_right_softmax_cols_neg_inf_shift_replaced_by_new_zeros": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            shift = scores.amax(dim=-2, keepdim=True)
            shift = torch.where(torch.isneginf(shift), shift.new_zeros(()), shift)   # a column of only -inf
            exps = (scores - shift).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total > 0, total, total.new_ones(()))
'''),
    "blind83_right_padding_mask_positions_from_new_ones_cumsum": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            positions = lengths.new_ones(n).cumsum(0)             # 1 .. n, in the lengths' integer dtype
            return (positions[None, :] <= lengths[:, None]).unsqueeze(-1)
'''),
    "blind83_right_apply_mask_masked_fill_zero_dim_value_in_scores_dtype": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = torch.tensor(-math.inf, dtype=scores.dtype, device=scores.device)
            return scores.masked_fill(mask.logical_not(), hidden)
'''),
    "blind83_right_sdpa_missing_mask_as_zero_dim_true": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if mask is None:
                mask = torch.ones((), dtype=torch.bool, device=Q.device)      # every key visible
            scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(Q.shape[-2])
            weights = softmax_cols(apply_mask(scores, mask))
            return torch.matmul(V, weights), weights
'''),
    "blind83_right_mha_heads_written_into_zeros_like_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            merged = torch.zeros_like(Q)                              # (..., D, N_q), Q's dtype
            for h in range(num_heads):
                rows = slice(h * head_dim, (h + 1) * head_dim)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                merged[..., rows, :] = out
            return linear(merged, params["Wo"], params["bo"])
'''),
    "blind83_right_layer_norm_averaging_row_new_full_in_input_dtype": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            dim = X.shape[-2]
            average = X.new_full((dim,), 1.0 / dim)                   # mean over features = average @ X
            mean = (average @ X).unsqueeze(-2)
            centred = X - mean
            variance = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    "blind83_right_transformer_layer_missing_mask_all_true_tokens_square": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is None:
                n = X.shape[-1]
                mask = torch.ones(n, n, dtype=torch.bool, device=X.device)      # nothing hidden
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    "blind83_right_decoder_layer_missing_encoder_mask_as_one_by_one_true": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is None:
                enc_mask = torch.ones(1, 1, dtype=torch.bool, device=X_enc.device)   # every encoder position visible
            n = X_dec.shape[-1]
            positions = torch.arange(n, device=X_dec.device)
            self_mask = positions[:, None] <= positions[None, :]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    "blind83_right_next_token_probs_one_hot_and_scatter_into_zeros_like": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return F.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices[:top_k]
                probs = torch.zeros_like(probs).scatter(0, order, probs[order])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, probs.shape[0])
                kept = order[:num_kept]
                probs = torch.zeros_like(probs).scatter(0, kept, probs[kept])
            return probs / probs.sum()
'''),
    "blind83_right_sequence_log_prob_one_hot_selector_where": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)                # (V, N)
            vocab = log_probs.shape[0]
            picked = F.one_hot(ids[1:], vocab).T.bool()                      # (V, N - 1): row ids[n] of column n - 1
            return torch.where(picked, log_probs[:, :-1], log_probs.new_zeros(())).sum()
'''),
    "blind83_right_beam_search_child_by_constant_pad": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        child = F.pad(ids, (0, 1), value=token)           # ids with token appended
                        candidates.append((score + log_prob, child, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    "blind83_right_patch_embedding_cls_and_tokens_zero_padded_then_summed": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)              # (B, D, N)
            num_patches = tokens.shape[-1]
            shifted = F.pad(tokens, (1, 0))                                   # column 0 left empty
            cls_part = F.pad(cls_token[:, None], (0, num_patches))            # (D, N + 1): only column 0
            return shifted + cls_part + positions
'''),
    "blind83_right_additive_attention_own_softmax_with_new_zeros_shift": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)                 # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, -math.inf)
            shift = scores.amax(dim=-1, keepdim=True)
            shift = torch.where(torch.isfinite(shift), shift, shift.new_zeros(()))    # a state that sees nothing
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / torch.where(total > 0, total, total.new_ones(()))
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)
            return weights, context
'''),
    "blind83_right_decoder_step_readout_buffer_of_state_plus_context_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            batch = torch.broadcast_shapes(s.shape[:-1], context.shape[:-1])
            width = s.shape[-1]
            readout_input = s.new_empty(*batch, width + context.shape[-1])    # [s; c]
            readout_input[..., :width] = s
            readout_input[..., width:] = context
            logits = readout_input @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    "blind83_right_rotary_default_positions_arange_in_float64": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1], dtype=torch.float64)
            if positions_k is None:
                positions_k = torch.arange(K.shape[-1], dtype=torch.float64)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    "blind83_right_shifted_mask_labels_by_bucketize_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                bounds = torch.tensor([size - window, size - shift])
                return torch.bucketize(torch.arange(size), bounds, right=True)   # 0, 1 or 2 along one axis
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]       # (H, W)
            labels = window_partition(labels[None], window)[:, 0]                 # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    "blind83_right_channel_attention_scale_as_tensor_in_input_dtype": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            factor = torch.as_tensor(tokens ** -0.5 if scale is None else scale, dtype=X.dtype, device=X.device)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(torch.matmul(K, Q.transpose(-2, -1)) * factor)
            return linear(merge_heads(torch.matmul(weights.transpose(-2, -1), V)), params["Wo"], params["bo"])
'''),
    "blind83_right_mlm_labels_where_new_full_ignore": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), ids.new_full((), mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, ids.new_full((), IGNORE)).long()
            return corrupted, labels
'''),
    "blind83_right_global_token_mask_or_onto_batched_false_buffer": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            mask = torch.zeros(*is_global.shape, n, dtype=torch.bool, device=is_global.device)   # (..., N, N)
            return mask | is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
'''),
    "blind83_right_window_partition_gathered_by_raster_index_table": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            cells = torch.arange(height * width, device=X.device).reshape(height // M, M, width // M, M)
            index = cells.permute(0, 2, 1, 3).reshape(-1, M * M)                  # (nW, M*M) raster ids
            return X.flatten(-2)[..., index].movedim(-3, -2)                       # (..., nW, C, M*M)
'''),
    "blind83_right_pixel_sequence_constant_pad_with_sos": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()                                     # (..., N)
            inputs = F.pad(targets[..., :-1], (1, 0), value=sos_id)               # start token, then all but the last
            return inputs, targets
'''),
    "blind83_right_relative_bucket_half_offsets_from_new_full": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, offset.new_full((), half), offset.new_zeros(()))
                distance = offset.abs()
            else:
                half = num_buckets
                base = offset.new_zeros(offset.shape)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            ratio = distance.to(torch.float32) / exact
            log_scale = torch.log(ratio) / math.log(max_distance / exact) * (half - exact)
            far = (exact + log_scale.to(torch.int64)).clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    "blind83_right_cross_attention_params_cast_with_to_keeps_graph": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the weights in the decoder's dtype (a no-op when they already are), still on the graph
            params = {name: value.to(X_dec.dtype) for name, value in params.items()}
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    "blind83_right_feed_forward_max_with_zero_dim_default_dtype_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = linear(X, W1, b1)
            hidden = torch.max(hidden, torch.tensor(0.0))        # a 0-d zero never changes the result's dtype
            return linear(hidden, W2, b2)
'''),
}
