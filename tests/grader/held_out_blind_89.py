"""Ninetieth blind batch of held-out implementations (prefix blind89_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`),
never read. The earlier blind batches (held_out_blind.py ... held_out_blind_87.py) were only skimmed for their entry
names (grepped for the mechanisms below, to avoid repeating one) and for the header of held_out_blind_57.py. Nothing
else under grader/ or tests/ was opened, grepped or run (the listing of tests/grader/ showed its file names, nothing
was opened), nor docs/grading.md, benchmarks/, nor the batches written at the same time (held_out_blind_88.py,
held_out_blind_90.py).

Emphasis: two mistakes that cancel on ordinary inputs. Wrong entries: a transpose of the grid undone by an unflatten
that only fits square grids (patch_merging), sides swapped in a reshape (window_partition), row wrap flags reused for
columns (shifted_window_mask), all right for H = W; a scale slip H/sqrt(D) for 1/sqrt(D/H) right for H = 1; D_k read
after a row-convention transpose (right when D_k = N_q), a sum divided by D instead of N (right when D = N), weight
columns split at the wrong width (right when E = D_h or D_s = D_h), a head split with the decoder's length (right when
N_e = N_d); transpose(0, -1) with a softmax over axis 1 (right up to one batch axis), axes added from the front or at
position 1 (right for exactly no or one batch axis: global_token_mask, one_hot, additive_attention, the MHA mask,
quantize_pixels); two reshapes that undo each other only for one batch item (layer_norm, window_partition) or undo
each other always but misalign a per-item mask (heads before the batch in MHA); a sign flip compensated in one branch
only (causal buckets); a mask turned round by a shape guess (right for full masks, wrong for padding masks) or handed
to torch's sdpa in the course's layout (right for symmetric masks); a sine recovered from the cosine (right while
angles stay in [0, π]); position tables indexed by position (right for non-negative positions); defaults that the
usual call hides (query positions right-aligned to the keys, enc_mask not forwarded, weights shaped by the state's
batch). Right entries: code that looks like one of these and is not (two sign flips, two conjugations, two transposes
of the mask and the scores, Q/K roles and the product both swapped in self-attention, two quarter-power scales, groups
reshaped before the batch where no mask exists, a window capped at n, a residue shifted on both sides, labels rolled
with the tokens).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind89/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added and the entry's source
replacing the function, the stub's input checks substituted) and run against its exercise's visible tests: every right
entry passes them, and each wrong entry's comment says whether it does (10 of the 29 wrong entries
pass them). Each wrong entry's recorded inputs were run on the model answer and on the entry: on the "ordinary" input
the two agree (the cancellation) and on the recorded allowed input they differ as the comment says (max abs
difference, shape, or an exception where the model answer returns). Right entries were compared with the model answer
on random inputs in float32 and float64 (values to 1e-5 / 1e-11 relative, equal finiteness, int and bool results
exactly, then the gradients of a random projection of every floating output with respect to every floating input and
parameter, to 1e-4, no NaN at a finite entry): softmax_cols on 400 score tensors (0 to 2 batch axes, sizes 1 to 4,
entries to 1e4, random -inf masks including whole columns); scaled_dot_product_attention and self_attention on 400
calls each (D_k != D_v, N_q != N_k, Q at 1000x scale, masks (N_k, N_q), padding (B, N_k, 1), per-batch, dead queries);
multi_head_attention on 300 calls per entry (four entries) (H 1 to 3, self- and cross-attention with the same object passed twice,
masks of every broadcast form, dead queries); channel_attention on 300 calls (G 1 to 3, batch shapes up to (2, 3),
scale None, 0.3, 0 and the paper's); relative_position_bucket on 500 offset tensors (-300 ... 300, both modes, 4 to 64
buckets including odd counts, max_distance 20 ... 500); rotary_embedding on 400 calls per entry (D 2 to 8, N_q != N_k,
positions -50 ... 5000, bases 500 to 1e6); sparse_attention_cost exactly over every pattern, n = 0 ... 29, 10**6 and
10**12 + 7, every size 0 ... 34, None and 10**12 (same exceptions); strided_mask and shifted_window_mask exactly over
every n 0 ... 13 / stride -1 ... 15 and every M 1 ... 5, grid up to 4M x 4M, shift -1 ... M (same ValueErrors);
window_partition, window_reverse and patch_merging on 300 calls each (grids up to 3M x 3M, non-square, batch shapes,
eps 0 and 1e-3); sinusoidal_positions under both default dtypes for N up to 58 and D 1 ... 39 and for (5000, 64);
additive_attention and attention_decoder_step on 400 calls each (s broadcast against H, masks with dead states,
E != D_h != D_s).

Judgement calls: blind89_rotary_tables_indexed_by_position_negative_wrap and blind89_rotary_sine_from_cosine_by_pythagoras
are wrong for negative positions, which I took to be allowed ("integer tensors of shape (N,)" with no range); the
Pythagoras entry also fails at default positions from 4 on, the table entry only for negative ones.
blind89_layer_norm_unbiased_std_rescaled_single_feature_nan is wrong only for D = 1, which I took to be an allowed
width. blind89_grid_attention_weights_shaped_by_state_batch is wrong only when s broadcasts against the features
(an unbatched state over a batch of grids), which the contract allows ("leading batch dimensions broadcast").
blind89_right_sinusoidal_base_squared_to_pair_over_d computes the table in float64 and casts: under a float32 default
it differs from the model answer by up to 2.3e-4 at position 5000, because the model answer's float32 angles are the
less accurate ones (entry 3e-8 from a float64 table, model answer 2.3e-4); the contract asks for float32 accuracy.
Dropped: a right channel_attention normalising Q K^T with torch.softmax over the last axis and multiplying the weights
by V (forward exact, but its float32 gradients at 1000x scale were 40 times further from the float64 gradients than
the model answer's: 3.8e-3 against 9e-5 relative); a right and a wrong average_pool_head projecting before the mean
(the right one repeats blind14_right_average_pool_head_project_every_token_then_mean, the wrong mean(dim=1) repeats
blind12_average_pool_head_mean_over_dim_one); a right one_hot that was the model answer in other words. Mechanisms
that the earlier batches already hold were not written again: a global max in softmax_cols, interleaved heads or
groups, the decoder's causal mask sized by the encoder, the strided count with m = n // s, a mask multiplied in after
the softmax, finfo.min fills, the log-sum-exp softmax, patch_merging's eps not forwarded, the patchify sides swapped,
the patch embedding's batch folded without a permute, quantize_pixels' channels folded by reshape, the channel scale
given as `scale or default`, De Morgan global masks and the column-major grid round trip. Fewer entries than the
brief's 35 / 20: the time box and the overlap with the 87 earlier batches; no entry is one I was unsure of.

Counts: 29 wrong, 21 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'cross_attention': 1, 'decoder_layer': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'multi_head_attention': 5, 'one_hot': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 3, 'scaled_dot_product_attention': 3, 'shifted_window_mask': 1, 'softmax_cols': 1, 'window_partition': 2}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'channel_attention': 1, 'multi_head_attention': 4, 'patch_merging': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_89 = {
    # ------------------------------------------------------------------ embeddings.one_hot
    # Compares token_ids.unsqueeze(0) with the (V, 1) vocabulary: for 1-D ids (1, N) it is unsqueeze(-2), and a batch of
    # one (1, N) also comes out (1, V, N); ids (3, 5) with V = 3 give (1, 3, 5) instead of (3, 3, 5), ids (2, 5) with V
    # = 3 raise. Fails the visible tests.
    "blind89_one_hot_id_axis_unsqueezed_at_front": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)[:, None]   # (V, 1)
            matches = token_ids.unsqueeze(0) == vocabulary                           # (1, N) vs (V, 1)
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # ------------------------------------------------------------------ softmax.softmax_cols
    # Moves the last axis to the front with transpose(0, -1) and normalises over axis 1. For 2-D scores axis 1 of the
    # flipped tensor is the keys axis, and for 3-D scores (B, M, N) -> (N, M, B) it still is, so the two slips cancel up
    # to one batch axis; with two batch axes (A, B, M, N) -> (N, B, M, A) axis 1 is B and the softmax runs over the
    # batch. softmax_cols(randn(2, 3, 4, 5)): max diff 0.67 (2-D and 3-D: 0). Passes the visible tests.
    "blind89_softmax_cols_first_last_axes_swapped_softmax_dim1": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            flipped = scores.transpose(0, -1)                  # keys on axis 1, as in a (N, M) matrix
            flipped_max = flipped.amax(dim=1, keepdim=True)
            flipped_max = flipped_max.masked_fill(flipped_max == float("-inf"), 0.0)
            exps = torch.exp(flipped - flipped_max)
            sums = exps.sum(dim=1, keepdim=True)
            weights = exps / sums.masked_fill(sums == 0, 1.0)
            return weights.transpose(0, -1)
'''),
    # ------------------------------------------------------------------ attention.scaled_dot_product_attention
    # Turns the mask round whenever its last axis is not N_q (to accept PyTorch's (N_q, N_k) masks too). Every full
    # (N_k, N_q) mask is left alone, but a padding mask (B, N_k, 1) is turned into (B, 1, N_k) and hides queries instead
    # of keys: with N_q = N_k = 3, Q, K (2, 4, 3), V (2, 5, 3), mask [[T, T, F], [T, F, F]] as (2, 3, 1): max diff 1.57;
    # with N_q != N_k it raises. Causal and no mask: exact. Passes the visible tests.
    "blind89_sdpa_mask_orientation_guessed_from_last_axis": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                if mask.shape[-1] != scores.shape[-1]:     # given as (N_q, N_k), PyTorch's way round: turn it
                    mask = mask.transpose(-2, -1)
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Ports the row convention (transposes Q, K, V to tokens-as-rows) but keeps the course's "D_k = Q.shape[-2]" on the
    # transposed q, which is N_q: the scale is 1/sqrt(N_q). Equal when D_k = N_q (a square Q, a common hand test). Q (4,
    # 3), K (4, 6), V (3, 6): max diff 0.16 (Q (4, 4): 3e-17). Fails the visible tests.
    "blind89_sdpa_row_convention_dk_from_transposed_query_rows": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)   # rows are tokens now
            d_k = q.shape[-2]                                   # "D_k is Q.shape[-2]"
            scores = (q @ k.transpose(-2, -1)).transpose(-2, -1) / math.sqrt(d_k)  # back to (N_k, N_q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return (weights.transpose(-2, -1) @ v).transpose(-2, -1), weights
'''),
    # Flattens the batch of Q, K, V to one axis for torch.bmm and reshapes the mask the same way: right for no batch,
    # one batch axis, and masks that are 2-D or carry the full batch, but a mask that broadcasts over some batch axes no
    # longer lines up once the batch is flattened. Q (2, 3, 4, 3), K (2, 3, 4, 5), V (2, 3, 2, 5) with a mask (3, 5, 3)
    # or a padding mask (2, 1, 5, 1): entry raises, model returns (mask (5, 3) or (2, 3, 5, 3): 0). Passes the visible
    # tests.
    "blind89_sdpa_batch_flattened_mask_flattened_alike": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            q = Q.reshape(-1, d_k, n_q)                          # one batch axis, like torch.bmm wants
            k = K.reshape(-1, d_k, K.shape[-1])
            v = V.reshape(-1, V.shape[-2], V.shape[-1])
            scores = torch.bmm(k.transpose(1, 2), q) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask.reshape(-1, *mask.shape[-2:]))
            weights = softmax_cols(scores)
            output = torch.bmm(v, weights)
            return output.reshape(*batch, -1, n_q), weights.reshape(*batch, *weights.shape[-2:])
'''),
    # ------------------------------------------------------------------ multihead.multi_head_attention
    # Splits with reshape(H, *batch, D/H, N) and merges with the inverse reshape. Both reshapes only relabel whole (D/H,
    # N) blocks, the same way for Q, K and V, so without a mask, or with a mask that does not depend on the batch item,
    # every block still meets its own keys and comes back to its place: exact. A per-item mask (B, N_k, 1) or (B, N_k,
    # N_q) is then lined up with the wrong blocks once B >= 2 and H >= 2. X (2, 4, 3) self-attention, H = 2, padding
    # mask [[T, T, T], [T, F, F]] as (2, 3, 1): max diff 0.74 (H = 1, no mask or causal: 0). Passes the visible tests.
    "blind89_mha_heads_before_batch_block_reshape_per_item_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, _, n_q = Xq.shape
            n_k = Xkv.shape[-1]
            head_dim = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).reshape(num_heads, *batch, head_dim, n_q)
            K = linear(Xkv, params["Wk"], params["bk"]).reshape(num_heads, *batch, head_dim, n_k)
            V = linear(Xkv, params["Wv"], params["bv"]).reshape(num_heads, *batch, head_dim, n_k)
            # the head axis leads, so a mask (..., N_k, N_q) broadcasts over it as it is
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(heads.reshape(*batch, dim, n_q), params["Wo"], params["bo"])
'''),
    # Adds the head axis with unsqueeze(1), which is unsqueeze(-3) exactly for a mask with one batch axis (B, N_k, N_q)
    # or a padding mask (B, N_k, 1): those are exact. A 2-D mask (N_k, N_q) becomes (N_k, 1, N_q): with X (2, 4, 3), H =
    # 2 and a causal (3, 3) mask it raises; unbatched with D = 6, H = 3 = N it broadcasts silently (max diff 3.9). Fails
    # the visible tests.
    "blind89_mha_mask_head_axis_unsqueezed_at_one": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(1)          # (B, N_k, N_q) -> (B, 1, N_k, N_q): one mask for all heads
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Writes the per-head scale 1/sqrt(D/H) as H/sqrt(D) (the algebra slip sqrt(D/H) = sqrt(D)/H): the scores are scaled
    # by sqrt(H) too much. Agrees for H = 1 only. X (4, 3) self-attention, H = 2: max diff 0.096 (H = 1: 0). Fails the
    # visible tests.
    "blind89_mha_head_scale_sqrt_of_d_over_h_slipped_to_h_over_sqrt_d": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scale = num_heads / math.sqrt(dim)                  # 1 / sqrt(D / H), "= H / sqrt(D)"
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Hands the course's (N_k, N_q) mask to torch's scaled_dot_product_attention, whose attn_mask is (N_q, N_k) like its
    # transposed Q and K: the two layouts differ by a transpose, which is invisible for no mask and for symmetric masks
    # (local windows). X (2, 4, 3), H 2, causal (3, 3): max diff 0.88 (local window 1: 4e-16). Fails the visible tests.
    "blind89_mha_torch_sdpa_given_course_layout_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).transpose(-2, -1)   # rows = tokens
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).transpose(-2, -1)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).transpose(-2, -1)
            attn_mask = None if mask is None else mask.unsqueeze(-3)          # one mask for every head
            rows = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
            return linear(merge_heads(rows.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Splits W X into heads contiguously but the bias with reshape(D/H, H).T, which gives head h the entries h, h + H, h
    # + 2H, ...: the two layouts agree for H = 1, for one row per head (H = D), and for zero biases (a common hand
    # test). X (2, 4, 3) self-attention, random biases, H = 2: max diff 0.28 (zero biases, H = 1, H = 4: 0). Fails the
    # visible tests.
    "blind89_mha_projection_bias_split_per_head_interleaved": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads

            def project(X, name):
                heads = split_heads(params["W" + name] @ X, num_heads)              # (..., H, D/H, N)
                bias = params["b" + name].reshape(head_dim, num_heads).T[..., None]   # (H, D/H, 1)
                return heads + bias

            Q, K, V = project(Xq, "q"), project(Xkv, "k"), project(Xkv, "v")
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer.layer_norm
    # Takes torch's unbiased std and multiplies by sqrt((D-1)/D) to make it biased: the same variance for every D >= 2,
    # but with D = 1 the unbiased std is 0/0 = NaN and NaN * 0 stays NaN. layer_norm(randn(1, 3), gamma (1,), beta
    # (1,)): model beta, entry NaN (D = 4: 2e-16). Passes the visible tests.
    "blind89_layer_norm_unbiased_std_rescaled_single_feature_nan": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            mean = X.mean(dim=-2, keepdim=True)
            std = X.std(dim=-2, keepdim=True) * math.sqrt((d - 1) / d)   # torch's std is unbiased: undo it
            normalised = (X - mean) / torch.sqrt(std ** 2 + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Folds the batch into the tokens with X.reshape(D, -1) and unfolds with reshape(X.shape): for (D, N) and a batch of
    # one the two reshapes are identities, but for (B, D, N) with B >= 2 the first mixes feature rows of different items
    # into one column. X (2, 4, 3): max diff 1.9 ((4, 3) and (1, 4, 3): 0). Passes the visible tests.
    "blind89_layer_norm_batch_items_as_extra_tokens_reshape": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            columns = X.reshape(d, -1)                          # every token of every item as one column
            mean = columns.mean(dim=0, keepdim=True)
            variance = ((columns - mean) ** 2).mean(dim=0, keepdim=True)
            normalised = ((columns - mean) / torch.sqrt(variance + eps)).reshape(X.shape)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # ------------------------------------------------------------------ cross_attention.cross_attention
    # Splits V into heads with the decoder's token count n (K uses -1): the same as long as N_e = N_d, which a self-
    # attention-shaped test has. X_dec (2, 4, 3), X_enc (2, 4, 5), H 2: raises a reshape error (N_e = N_d = 3: 0). Fails
    # the visible tests.
    "blind89_cross_attention_keys_split_with_decoder_length": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            *batch, dim, n = X_dec.shape
            head_dim = dim // num_heads
            Q = (params["Wq"] @ X_dec + params["bq"][:, None]).reshape(*batch, num_heads, head_dim, n)
            K = (params["Wk"] @ X_enc + params["bk"][:, None]).reshape(*batch, num_heads, head_dim, -1)
            V = (params["Wv"] @ X_enc + params["bv"][:, None]).reshape(*batch, num_heads, head_dim, n)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            weights = torch.softmax(scores, dim=-2).nan_to_num(0.0)
            heads = (V @ weights).reshape(*batch, dim, n)
            return params["Wo"] @ heads + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ cross_attention.decoder_layer
    # Calls cross_attention without enc_mask, so the mask is None inside: exact for the usual call without one, but the
    # encoder's padding is attended to. X_dec (2, 4, 3), X_enc (2, 4, 5), H 2, enc_mask [[T]*5, [T, T, F, F, F]] as (2,
    # 5, 1): max diff 0.073 (no enc_mask: 0). Fails the visible tests.
    "blind89_decoder_layer_enc_mask_left_at_default": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1])
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # ------------------------------------------------------------------ rnn_attention.additive_attention
    # Adds the positions axis to W s with unsqueeze(1), which is unsqueeze(-2) only for states with exactly one batch
    # axis (B, D_s). s (D_s,) with H (D_h, N), or s (2, 3, D_s) with H (2, 3, D_h, N): raises (s (2, D_s), H (2, D_h,
    # N): 2e-16). Fails the visible tests.
    "blind89_additive_attention_state_unsqueezed_at_one": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(1)                      # (B, D_a) -> (B, 1, D_a): one row per state
            hidden = torch.tanh(H.transpose(-2, -1) @ U.T + query)   # (B, N, D_a)
            scores = hidden @ v                                 # (B, N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # ------------------------------------------------------------------ rnn_attention.attention_decoder_step
    # Splits weight_ih into its y and c columns at D_h instead of at E: the same split when E = D_h. With D_s 4, E 3,
    # D_h 4 (or E 4, D_h 3) it raises a shape error (D_s 3, E = D_h = 4: 0). Fails the visible tests.
    "blind89_decoder_step_input_weights_split_at_encoder_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            d_h = H.shape[-2]
            W_y, W_c = params["weight_ih"][:, :d_h], params["weight_ih"][:, d_h:]   # columns for y, then for c
            gates_x = y_prev @ W_y.T + context @ W_c.T + params["bias_ih"]
            gates_h = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r_x, z_x, n_x = gates_x.chunk(3, dim=-1)
            r_h, z_h, n_h = gates_h.chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Splits W_out into its s and c columns at D_h instead of at D_s: the same split when D_s = D_h. With D_s 3, D_h 4
    # (or D_s 4, D_h 3) it raises a shape error (D_s = D_h = 4: 9e-16). Fails the visible tests.
    "blind89_decoder_step_readout_weights_split_at_encoder_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            d_h = H.shape[-2]
            W_s, W_c = params["W_out"][:, :d_h], params["W_out"][:, d_h:]          # [s; c]: state columns first
            logits = s @ W_s.T + context @ W_c.T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ rnn_attention.grid_attention
    # Reshapes the weights with the state's batch dimensions, s.shape[:-1], instead of unflattening the last axis: right
    # whenever s carries the whole batch, but the contract lets s broadcast against the features. s (D_s,), features (2,
    # 4, 3, 4): model weights (2, 3, 4), entry raises (s (2, D_s): 0). Passes the visible tests.
    "blind89_grid_attention_weights_shaped_by_state_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.reshape(*s.shape[:-1], height, width), context
'''),
    # ------------------------------------------------------------------ sparse_attention.global_token_mask
    # Adds the axes from the front, is_global[:, None] | is_global[None, :], which is unsqueeze(-1) | unsqueeze(-2) for
    # a 1-D flag vector only. is_global (2, 5): model (2, 5, 5), entry (2, 2, 5) (1-D: exact). Fails the visible tests.
    "blind89_global_token_mask_front_indexing_unbatched_only": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            as_keys = is_global[:, None]                        # (N, 1)
            as_queries = is_global[None, :]                     # (1, N)
            return as_keys | as_queries
'''),
    # ------------------------------------------------------------------ positions.relative_position_bucket
    # Works with query - key (the sign flipped) and compensates in the bidirectional branch (upper half for a negative
    # flipped offset): the default bidirectional=True is exact. The causal branch copies T5's -min(offset, 0), which was
    # written for key - query, so with the flipped sign it keeps the keys after the query and zeroes the past.
    # bidirectional=False, offsets -20, -3, 3: model [17, 3, 0], entry [0, 0, 3]. Fails the visible tests.
    "blind89_bucket_offset_negated_compensated_only_bidirectional": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = -relative_position.long()                  # query - key: "how far back the key is"
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset < 0, half, 0)        # key after the query: offset negative here
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)          # as T5: -min(offset, 0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # ------------------------------------------------------------------ positions.rotary_embedding
    # Defaults the query positions to the last N_q key positions (arange(N_k - N_q, N_k)), as a KV-cache decoder would;
    # the contract's default is 0 ... N_q - 1. Identical whenever N_q = N_k (the usual self-attention call). Q (4, 2), K
    # (4, 5), no positions: max diff 3.3 (N_q = N_k = 5: 0). Passes the visible tests.
    "blind89_rotary_query_positions_right_aligned_to_keys": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            n_q, n_k = Q.shape[-1], K.shape[-1]
            if positions_k is None:
                positions_k = torch.arange(n_k)
            if positions_q is None:
                positions_q = torch.arange(n_k - n_q, n_k)     # the queries are the newest tokens (KV cache)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Builds cos/sin tables for positions 0 ... max|p| and indexes them with the positions: right for every non-negative
    # position, but a negative position indexes from the end of the table (Python's negative indexing) instead of
    # turning the other way. Positions -2 ... 2 for Q and K (4, 5): max diff 2.9 (3 ... 7: 0). The contract allows any
    # integer positions (see Judgement calls). Passes the visible tests.
    "blind89_rotary_tables_indexed_by_position_negative_wrap": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim = Q.shape[-2]
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = torch.arange(K.shape[-1])
            longest = 1 + max([int(p.abs().max()) for p in (positions_q, positions_k) if p.numel()] or [0])
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = torch.arange(longest, dtype=torch.float64)[:, None] * theta[None, :]   # (P, D/2) cache
            cos_table, sin_table = angles.cos(), angles.sin()

            def rotate(X, positions):
                cos = cos_table[positions].T.to(X.dtype)        # (D/2, N)
                sin = sin_table[positions].T.to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Gets the sine from the cosine as sqrt(1 - cos^2), which drops its sign: right while every angle p·θ_i lies in [0,
    # π] (positions 0 ... 3 with θ_0 = 1), wrong from position 4 on (sin 4 < 0) and for negative positions. Q, K (4, 5)
    # at the default positions: max diff 3.0 (N = 3: 6e-16). Fails the visible tests.
    "blind89_rotary_sine_from_cosine_by_pythagoras": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                cos = torch.cos(theta[:, None] * positions.to(torch.float64)[None, :])
                sin = torch.sqrt((1 - cos ** 2).clamp(min=0))          # sin² + cos² = 1
                cos, sin = cos.to(X.dtype), sin.to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt.average_pool_head
    # Divides the token sum by X.shape[-2] (D) instead of X.shape[-1] (N): agrees when D = N. X (2, 4, 6), W (3, 4), b
    # (3,): max diff 0.82 (X (2, 4, 4): 0). Fails the visible tests.
    "blind89_average_pool_head_sum_over_tokens_divided_by_features": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-2]                # the mean column
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ imagegpt.quantize_pixels
    # Broadcasts the palette as (C, 1, 1, K) and sums the channels over dim 0: both assume the image has no batch axis,
    # and for one image (C, H, W) they are right. images (2, 3, 4, 5), palette (3, 7): model (2, 4, 5), entry (3, 4, 5)
    # ((3, 4, 5): equal). Fails the visible tests.
    "blind89_quantize_palette_broadcast_from_front_sum_dim0": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            differences = images[..., None] - palette[:, None, None, :]    # (C, H, W, K) for one image
            distances = (differences ** 2).sum(dim=0)                    # over the channels
            return distances.argmin(dim=-1)
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # Transposes the grid so the 2x2 blocks read like text (which gives the contract's TL, BL, TR, BR order), but then
    # unflattens the transposed grid's tokens as (H/2, W/2) before transposing back: the two transposes cancel only when
    # H = W. X (2, 3, 4, 6): model (2, 6, 2, 3), entry (2, 6, 3, 2) (4x4: 0). Fails the visible tests.
    "blind89_patch_merging_transposed_grid_unflattened_by_height": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            Xt = X.transpose(-2, -1)                            # columns first: the blocks read like text now
            merged = torch.cat([Xt[..., 0::2, 0::2], Xt[..., 0::2, 1::2], Xt[..., 1::2, 0::2], Xt[..., 1::2, 1::2]],
                               dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2)).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ swin.shifted_window_mask
    # Reuses the row wrap flags for the columns ("same rule along the other axis"): the flags agree exactly when H = W,
    # so every square grid is right. shifted_window_mask(4, 8, 2, 1): model (8, 4, 4), entry (4, 4, 4) (8x8, M 4, shift
    # 2: equal). Passes the visible tests.
    "blind89_shifted_mask_column_flags_copied_from_rows": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = wrapped_rows                      # same rule along the other axis
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # Splits the sides as (W/M, M, H/M, M) instead of (H/M, M, W/M, M): the same reshape when H = W. X (2, 3, 4, 6), M =
    # 2: max diff 3.6 (4x4: 0). Fails the visible tests.
    "blind89_window_partition_height_width_swapped_in_reshape": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, width // M, M, height // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Stacks the batch's images into one tall image with X.reshape(C, -1, W), partitions it, and reshapes the windows
    # back to (*batch, nW, C, M*M): for one image (or a batch of one) both reshapes are identities, but with B >= 2 the
    # first reshape mixes channels and items. X (2, 3, 4, 6), M 2: max diff 4.0 ((3, 4, 6), (1, 3, 4, 6): 0). Fails the
    # visible tests.
    "blind89_window_partition_batch_stacked_as_tall_image": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tall = X.reshape(channels, -1, width)               # the batch's images stacked into one tall image
            grid = tall.reshape(channels, tall.shape[1] // M, M, width // M, M).permute(1, 3, 0, 2, 4)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
}

RIGHT_BLIND_89 = {
    # ------------------------------------------------------------------ embeddings.sinusoidal_positions
    # 10000^(2i/D) written as (10000²)^(i/D) with i the pair index of each row, computed in float64 and cast to the
    # default dtype.
    "blind89_right_sinusoidal_base_squared_to_pair_over_d": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pair = torch.arange(dim, dtype=torch.float64) // 2              # i for rows 2i and 2i + 1
            frequency = (10000.0 ** 2) ** (-pair / dim)                       # 1 / 10000^(2i/D)
            angles = frequency[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            odd = (torch.arange(dim) % 2 == 1)[:, None]
            return torch.where(odd, angles.cos(), angles.sin()).to(dtype)
'''),
    # ------------------------------------------------------------------ softmax.softmax_cols
    # Negates the scores, takes the column minimum, and negates back inside the exponent: two sign flips that cancel (an
    # all -inf column becomes +inf and is shifted by 0).
    "blind89_right_softmax_cols_max_as_minus_min_of_negated": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            flipped = -scores                                   # -inf becomes +inf
            lowest = flipped.amin(dim=-2, keepdim=True)         # = -(column max)
            lowest = lowest.masked_fill(lowest == float("inf"), 0.0)   # a column of -inf: shift by nothing
            exps = torch.exp(-(flipped - lowest))               # exp(scores - max), both signs undone
            sums = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(sums == 0, torch.ones_like(sums), sums)
'''),
    # Normalises the rows of the transposed scores and transposes back; a zero sum (a dead column) is clamped to the
    # dtype's smallest normal, so 0 / tiny = 0.
    "blind89_right_softmax_cols_rows_of_transpose_sum_clamped_to_tiny": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            rows = scores.transpose(-2, -1)                     # one row per query
            row_max = rows.amax(dim=-1, keepdim=True)
            row_max = torch.where(torch.isneginf(row_max), torch.zeros_like(row_max), row_max)
            exps = (rows - row_max).exp()
            totals = exps.sum(dim=-1, keepdim=True)
            return (exps / totals.clamp_min(torch.finfo(exps.dtype).tiny)).transpose(-1, -2)
'''),
    # ------------------------------------------------------------------ attention.scaled_dot_product_attention
    # Scores in PyTorch's (N_q, N_k) layout with the mask transposed to match, then transposed back before softmax_cols:
    # the two transposes of the mask and of the scores cancel for every shape.
    "blind89_right_sdpa_row_convention_mask_and_weights_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q = Q.transpose(-2, -1)                             # (..., N_q, D_k): PyTorch's rows
            k = K.transpose(-2, -1)
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])      # (..., N_q, N_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
            weights = softmax_cols(scores.transpose(-2, -1))    # back to (N_k, N_q) before normalising
            return V @ weights, weights
'''),
    # ------------------------------------------------------------------ attention.self_attention
    # Projects the keys first and calls them A, the queries B, and forms A^T B: both roles and the product are swapped,
    # which is K^T Q exactly when queries and keys come from the same X (as they always do here).
    "blind89_right_self_attention_query_key_weights_and_product_swapped": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            A = linear(X, Wk, bk)                               # the keys, but named first
            B = linear(X, Wq, bq)                               # the queries
            V = linear(X, Wv, bv)
            scores = A.transpose(-2, -1) @ B / math.sqrt(B.shape[-2])   # row j, column i: k_j . q_i
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # ------------------------------------------------------------------ multihead.multi_head_attention
    # torch's scaled_dot_product_attention on transposed heads with the mask transposed to (N_q, N_k) and given a head
    # axis; query rows that see no key are zeroed explicitly.
    "blind89_right_mha_torch_sdpa_rows_mask_transposed_and_unsqueezed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).transpose(-2, -1)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).transpose(-2, -1)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).transpose(-2, -1)
            attn_mask = None if mask is None else mask.transpose(-2, -1).unsqueeze(-3)   # (..., 1, N_q, N_k)
            if attn_mask is not None:
                attn_mask = attn_mask.expand(*torch.broadcast_shapes(attn_mask.shape[:-2], Q.shape[:-2]),
                                             Q.shape[-2], K.shape[-2])
            rows = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
            if attn_mask is not None:                           # a query row that sees no key reads nothing
                rows = rows.masked_fill(~attn_mask.any(dim=-1, keepdim=True), 0.0)
            return linear(merge_heads(rows.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Scales Q and K each by (D/H)^(-1/4), two 'wrong' constants whose product is the right 1/sqrt(D/H).
    "blind89_right_mha_query_and_key_each_scaled_by_fourth_root": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            head_dim = dim // num_heads
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads) * head_dim ** -0.25
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads) * head_dim ** -0.25
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q                    # the two quarter powers make 1 / sqrt(D/H)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Moves the head axis in front of the batch with movedim (not reshape), so the mask (..., N_k, N_q) lines up from
    # the right with the right batch item.
    "blind89_right_mha_heads_before_batch_with_mask_moved_alike": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).movedim(-3, 0)   # (H, ..., d, N)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).movedim(-3, 0)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).movedim(-3, 0)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)   # the mask lines up from the right
            return linear(merge_heads(heads.movedim(0, -3)), params["Wo"], params["bo"])
'''),
    # Adds each projection's bias after the head split, reshaped (H, D/H, 1) so that head h gets rows h*D/H ...
    # (h+1)*D/H - 1, the same rows as its weights.
    "blind89_right_mha_projection_bias_split_per_head_contiguous": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads

            def project(X, name):
                heads = split_heads(params["W" + name] @ X, num_heads)              # (..., H, D/H, N)
                return heads + params["b" + name].reshape(num_heads, head_dim, 1)    # head h: rows h*D/H ...

            Q, K, V = project(Xq, "q"), project(Xkv, "k"), project(Xkv, "v")
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ rnn_attention.additive_attention
    # Works with the states as rows (H transposed) and W s as a (..., 1, D_a) row, the context as a row vector product;
    # both transposes are consistent for every broadcast of s against H.
    "blind89_right_additive_attention_transposed_states_state_as_row": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-2)                     # (..., 1, D_a): a row, states are rows below
            hidden = torch.tanh(H.transpose(-2, -1) @ U.T + query)   # (..., N, D_a)
            scores = hidden @ v                                 # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (weights.unsqueeze(-2) @ H.transpose(-2, -1)).squeeze(-2)
            return weights, context
'''),
    # ------------------------------------------------------------------ rnn_attention.attention_decoder_step
    # Splits weight_ih at E and W_out at D_s (the right widths) instead of stacking the inputs, and writes the GRU out.
    "blind89_right_decoder_step_input_weights_split_at_embedding_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            e = y_prev.shape[-1]
            W_y, W_c = params["weight_ih"][:, :e], params["weight_ih"][:, e:]
            gates_x = y_prev @ W_y.T + context @ W_c.T + params["bias_ih"]
            gates_h = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r_x, z_x, n_x = gates_x.chunk(3, dim=-1)
            r_h, z_h, n_h = gates_h.chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            s = (1 - z) * n + z * s_prev
            d_s = s.shape[-1]
            logits = s @ params["W_out"][:, :d_s].T + context @ params["W_out"][:, d_s:].T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ sparse_attention.sparse_attention_cost
    # Caps the window at n instead of n - 1: n(2n+1) - n(n+1) = n², the same count as the cap at n - 1 (and 0 for n =
    # 0).
    "blind89_right_sparse_cost_local_window_capped_at_n": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n)          # w = n gives n(2n+1) - n(n+1) = n², the same as w = n - 1
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ sparse_attention.strided_mask
    # (|i - j| - 1) % s == s - 1: an off-by-one on both sides of the modulo that cancel (torch's % is non-negative, so
    # offset 0 gives s - 1).
    "blind89_right_strided_mask_residue_shifted_by_one_both_sides": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = (torch.arange(n)[None, :] - torch.arange(n)[:, None]).abs()
            return (offsets - 1) % stride == stride - 1        # |i - j| - 1 is one short of a multiple
'''),
    # ------------------------------------------------------------------ positions.relative_position_bucket
    # Works with query - key and flips both branches to match: the upper half for a negative flipped offset, and the
    # causal distance clamp(flipped, min=0).
    "blind89_right_bucket_offset_negated_compensated_in_both_branches": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            back = -relative_position.long()                    # query - key: how far back the key is
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(back < 0, half, 0)          # a key after the query: back < 0
                distance = back.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(back)
                distance = back.clamp(min=0)                    # keys after the query count as 0
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # ------------------------------------------------------------------ positions.rotary_embedding
    # Builds conj(x_i + i x_{i+D/2}), multiplies by e^{-i angle} and conjugates the product: the conjugations cancel,
    # giving (x_i + i x_{i+D/2}) e^{i angle}.
    "blind89_right_rotary_complex_conjugated_twice": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                half = dim // 2
                complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                z = torch.complex(X[..., :half, :], -X[..., half:, :])     # conj(x_i + i x_{i+D/2})
                turn = torch.polar(torch.ones_like(angles), -angles).to(complex_dtype)   # e^{-i angle}
                w = (z * turn).conj()                                        # = (x_i + i x_{i+D/2}) e^{i angle}
                return torch.cat([w.real, w.imag], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # rotate_half with the minus sign on the other half, cat([x2, -x1]), and then subtracted (x cos - rotate_half(x)
    # sin): the two sign errors cancel.
    "blind89_right_rotary_rotate_half_both_signs_flipped": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat(2, 1)   # (D, N)
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                swapped = torch.cat([bottom, -top], dim=-2)     # rotate_half with the sign on the other half
                return X * cos - swapped * sin                  # ... and subtracted: the two signs cancel
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # Transposes the grid so the 2x2 blocks read like text, which turns TL, TR, BL, BR of the transpose into the
    # contract's TL, BL, TR, BR; unflattens as (W/2, H/2) and transposes back.
    "blind89_right_patch_merging_transposed_grid_text_order_transposed_back": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            Xt = X.transpose(-2, -1)                            # (..., C, W, H): the blocks read like text now
            merged = torch.cat([Xt[..., 0::2, 0::2], Xt[..., 0::2, 1::2], Xt[..., 1::2, 0::2], Xt[..., 1::2, 1::2]],
                               dim=-3)                          # TL, BL, TR, BR of X
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (width // 2, height // 2)).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ swin.shifted_window_mask
    # Labels the original rows and columns that the roll carries round (index < shift) and rolls the labels like the
    # tokens: the same regions as flagging rolled index + shift >= size.
    "blind89_right_shifted_mask_labels_on_original_grid_then_rolled": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) < shift).long()        # original rows that the roll carries round
            columns = (torch.arange(width) < shift).long()
            labels = 2 * rows[:, None] + columns[None, :]       # labels of the unrolled grid
            labels = torch.roll(labels, (-shift, -shift), dims=(0, 1))   # rolled like the tokens
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # Gets (a, b, C, p, q) from (C, a, p, b, q) with three transposes instead of one movedim.
    "blind89_right_window_partition_three_transposes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)   # (C, a, p, b, q)
            grid = grid.transpose(-5, -4)                       # (a, C, p, b, q)
            grid = grid.transpose(-4, -2)                       # (a, b, p, C, q)
            grid = grid.transpose(-3, -2)                       # (a, b, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # ------------------------------------------------------------------ swin.window_reverse
    # Undoes the three transposes in the opposite order.
    "blind89_right_window_reverse_three_transposes_undone": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)   # (a, b, C, p, q)
            grid = grid.transpose(-3, -2).transpose(-4, -2).transpose(-5, -4)      # (C, a, p, b, q)
            return grid.reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # Puts the group axis in front of the batch with a plain reshape, which relabels whole (C/G, N) blocks the same way
    # for Q, K and V; there is no mask in channel attention, so the inverse reshape puts every block back: exact for
    # every batch shape.
    "blind89_right_channel_attention_groups_before_batch_block_reshape": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            *batch, _, _ = X.shape
            width = channels // num_groups
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"]).reshape(num_groups, *batch, width, tokens)
            K = linear(X, params["Wk"], params["bk"]).reshape(num_groups, *batch, width, tokens)
            V = linear(X, params["Wv"], params["bv"]).reshape(num_groups, *batch, width, tokens)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)     # no mask: blocks need not be in order
            attended = weights.transpose(-2, -1) @ V
            return linear(attended.reshape(*batch, channels, tokens), params["Wo"], params["bo"])
'''),
}
