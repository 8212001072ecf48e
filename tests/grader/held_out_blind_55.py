"""Fifty-sixth blind batch of held-out implementations (prefix blind55_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_53.py) were only skimmed for their entry names and header decisions (the NumPy
entries of batches 4, 5, 7, 10, 12, 40, 46 and 48 were not repeated). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_54.py).

Emphasis: NumPy-first code. Wrong entries are what a learner who knows NumPy better than torch writes, or a NumPy
solution (a course's assignment, a blog's NumPy transformer, the TF tutorial, Hugging Face code in (H, W, C)) ported by
renaming calls: axis=0 / shape[0] / shape[1] / mean(axis=1) from 2-D (D, N) arrays that break on a batch axis; .T as
NumPy reads it (every axis reversed) on batched keys, ids, images, groups and row-convention FFNs; np.dot as tensordot;
np.einsum without '...'; np.tri vs np.triu; np.expand_dims on the wrong axis; np.take ported to torch.take (flattened);
np.split's section count given to torch.split (heads, rotary halves, windows, rows of windows); np.concatenate's
default axis 0 (heads, the decoder's [y; c]); np.repeat without an axis and torch's tiling repeat where
repeat_interleave was meant; np.argsort(p)[::-1] for descending ties (top-k, beam search); np.searchsorted side='right';
np.unique's sorted output in BPE; np.round instead of truncation and NumPy's float64 np.log in T5's buckets; torch.var
under np.var's keywords (unbiased); uint8 ids used as an index (NumPy indexes, torch masks); aliasing instead of
copies (b = a; b[mask] = ...; X += ...); np.random's global stream instead of the generator (generate, mlm_corrupt,
nsp_pairs); NumPy round trips that lose the dtype (float64 tables and probabilities) or autograd (softmax, embed);
np.int64 and true-division counts where an int is due; broadcasting a (D,) bias along the tokens; reshape(order='F')
undone in C order. Right entries are NumPy-style code that is correct: NumPy keyword names on torch ops, np.triu masks
via torch.from_numpy, torch.where with a -inf scalar, scores + log(mask), np.eye rows with .mT, index_select for
np.take, the TF tutorial's get_angles with explicit dtypes, '...' einsums, tensor_split/chunk for np.array_split /
np.split, repeat_interleave for np.repeat, unbiased=False, searchsorted side='left', take_along_axis as gather, stable
argsorts of -score, unfold for sliding_window_view, np.tile, a flat np.roll whose stray entries are overwritten, F order
both ways, fmod for mod, np.argmax over first-seen counts, clones before boolean assignment, generator-only draws.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind55/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and 20 of the
59 wrong entries do (each wrong comment says whether it does). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; they differ as the comment says (the generator entries by rerunning
with the same seed; the in-place entries by comparing the argument before and after). Right entries were compared with
the model answer under both default dtypes on float32 and float64 inputs (to 2e-5 and 1e-10 scaled by the result's
size; exactly for masks, ids, buckets and merges): no, one and two batch axes, broadcast batch axes (rnn_attention),
causal, random, padding and all-False masks (a query or state that sees nothing), N_q != N_k, D = H and H = 1, scores
scaled by 1000 and 1e4, eps = 0.0, odd D and one position, offsets -300..300 with 32, 31, 16, 8 and 4 buckets and
max_distance 128, 20 and 8 both ways, top_k of 1, 2, V and V + 3, top_p from 1e-6 to 1.0 with every temperature from
0 to 50, uint8 / int32 / transposed ids, non-contiguous inputs, every shift of several grids and windows, the
contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every floating-point
input under a random cotangent (to 2e-4 relative; no NaN at finite entries). mlm_corrupt and nsp_pairs by their
frequencies over 400000 ids and 4000 seeded calls (chosen 0.15, [MASK] 0.80, unchanged and random 0.10 each; label
rate 0.5, other documents equally often, never A's own), reproducibility under one seed and new draws on a reused
generator; sequence_log_prob through a parametrised causal model, value and gradient; beam_search against the model
answer on 2880 cases (random and rounded tables with ties, widths 1..5, 0..3 steps, eos None/0/2).

Judgement calls: blind55_right_pixel_sequence_flat_roll_then_overwrite returns empty tensors for a zero-size batch
(0, H, W), where the model answer itself raises in reshape(-1) (as batch 33 noted); it is kept as right. A NumPy
next_token_probs (float32 arithmetic in NumPy, stable argsort, cast back) was left out: on the exact boundary
[0.5, 0.3, 0.2] with top_k = 3, top_p = 0.8 NumPy's float32 sums land below 0.8 where torch's land above, so it keeps
a different number of tokens than the model answer; not a clear mistake, not clearly right.
blind55_bucket_log_in_float64_numpy_default
agrees with the model answer on the default 32 buckets / 128 and passes the visible tests; it differs where float64 and
float32 logarithms truncate differently (18 or 19 buckets with max_distance 128, 38 with 16, ...), which the contract's
"the logarithm taken in float32" rules out. blind55_next_token_probs_numpy_float64_probs only changes the dtype (a
sampling function needs no gradient). blind55_generate_np_random_choice, blind55_mlm_corrupt_numpy_global_rng and
blind55_nsp_pairs_numpy_random_state have the right distribution but ignore the generator ("all randomness comes from
generator"). blind55_sparse_cost_numpy_sum_int64 returns np.int64, equal to the int but not an int; the true-division
entry returns a float equal to it. Several wrong entries are right on unbatched inputs and wrong only with a batch
axis (axis-0 / shape[0] / .T / np.dot / np.concatenate entries), and blind55_mha_torch_split_given_section_count is
right whenever H = D/H (D = 4, H = 2); their recorded inputs avoid those cases. The wrong entries that pass the visible
tests: apply_mask_numpy_style_boolean_assignment, bucket_log_in_float64_numpy_default,
channel_attention_shape1_as_tokens, cross_attention_enc_mask_through_numpy, dequantize_uint8_ids_index_as_mask,
embed_numpy_fancy_index_round_trip, grid_attention_fortran_flatten_c_unflatten, layer_norm_axis0_from_2d_numpy,
mha_mask_tiled_with_repeat, next_token_probs_numpy_float64_probs, nsp_pairs_numpy_random_state,
patch_embedding_cls_repeat_without_axis, patch_merging_concatenate_last_axis_from_hwc, pixel_sequence_keeps_uint8_dtype,
rotary_numpy_cos_table_promotes, sdpa_scale_from_shape0, self_attention_np_dot_on_batched_x,
sinusoidal_numpy_float64_table, sparse_cost_true_division, top_p_searchsorted_side_right.

Counts: 59 wrong, 40 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'beam_search': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1,
'dequantize_pixels': 2, 'embed': 2, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1,
'layer_norm': 2, 'mlm_corrupt': 2, 'multi_head_attention': 3, 'next_token_probs': 3, 'nsp_pairs': 1, 'one_hot': 1,
'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 2, 'quantize_pixels': 1,
'relative_position_bucket': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 3, 'self_attention': 2,
'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'sparse_attention_cost':
2, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 2, 'average_pool_head': 1, 'beam_search': 1, 'causal_mask':
1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1,
'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention':
2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1,
'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1,
'sinusoidal_positions': 1, 'softmax_cols': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1,
'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_55 = {
    # softmax(x, axis=0) from a NumPy assignment on 2-D (M, N) scores, ported with axis=0: on batched scores it
    # normalises over the batch axis, not the keys. scores [[[0, 1], [1, 0]], [[2, 0], [0, 2]]] (2, 2, 2): model
    # [[[.2689, .7311], [.7311, .2689]], [[.8808, .1192], [.1192, .8808]]], entry [[[.1192, .7311], [.7311, .1192]],
    # [[.8808, .2689], [.2689, .8808]]]. Right on 2-D scores. Fails the visible tests (2 failing).
    "blind55_softmax_axis0_from_2d_numpy_assignment": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # ported from a NumPy assignment's softmax(x, axis=0) on a 2-D (M, N) array
            m = torch.amax(scores, axis=0, keepdims=True)
            m = torch.where(torch.isneginf(m), torch.zeros_like(m), m)
            e = torch.exp(scores - m)
            s = torch.sum(e, axis=0, keepdims=True)
            return e / torch.where(s == 0, torch.ones_like(s), s)
'''),
    # The softmax done in NumPy (np.asarray(..., dtype=float): float64) and wrapped back with torch.from_numpy: a
    # float32 input gives a float64 result, and no gradient reaches the scores. scores [[0, 1], [1, 0]] float32: model
    # float32 [[.2689, .7311], [.7311, .2689]] with a graph; entry the same values as float64 with requires_grad False.
    # Fails the visible tests (1 failing).
    "blind55_softmax_numpy_float64_round_trip": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            import numpy as np
            x = np.asarray(scores.detach().cpu().numpy(), dtype=float)     # NumPy's float64 default
            m = np.max(x, axis=-2, keepdims=True)
            m = np.where(np.isneginf(m), 0.0, m)
            e = np.exp(x - m)
            s = e.sum(axis=-2, keepdims=True)
            return torch.from_numpy(e / np.where(s == 0, 1.0, s))
'''),
    # np.tri(n) is ones at and BELOW the diagonal (j >= i): the transpose of the course's causal mask. causal_mask(3):
    # model [[T, T, T], [F, T, T], [F, F, T]], entry [[T, F, F], [T, T, F], [T, T, T]]. Fails the visible tests (1
    # failing).
    "blind55_causal_mask_np_tri_lower": ("masking", "causal_mask", '''
        def causal_mask(n):
            import numpy as np
            return torch.from_numpy(np.tri(n, dtype=bool))              # np.tri: ones at and below the diagonal
'''),
    # np.expand_dims(visible, axis=1) puts the new axis before the keys: (B, 1, n), a mask over queries, not (B, n, 1).
    # lengths [1, 2], n = 2: model [[[T], [F]], [[T], [T]]] (2, 2, 1), entry [[[T, F]], [[T, T]]] (2, 1, 2). Fails the
    # visible tests (1 failing).
    "blind55_padding_mask_expand_dims_axis1": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.arange(n)[None, :] < lengths[:, None]     # (B, n)
            return torch.unsqueeze(visible, 1)                          # np.expand_dims(visible, axis=1)
'''),
    # out = scores; out[~mask] = -inf, as in NumPy: out is the same tensor, so the caller's scores are overwritten (and
    # a leaf that requires grad raises). scores [[1, 2], [3, 4]], mask [[T, F], [T, T]]: the model returns a new [[1,
    # -inf], [3, 4]] and leaves scores as they were; the entry returns scores itself, now [[1, -inf], [3, 4]]. Passes
    # the visible tests.
    "blind55_apply_mask_numpy_style_boolean_assignment": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores                        # NumPy habit: out = scores; out[~mask] = -np.inf
            out[~mask.expand_as(scores)] = float("-inf")
            return out
'''),
    # np.eye(V)[ids] is (..., N, V); np.transpose (here .permute of every axis, what .T does in NumPy) reverses all
    # axes, which is the wanted (V, N) only for unbatched ids. ids [[0, 1, 2], [2, 2, 0]], V = 3: model (2, 3, 3) with
    # item 1 = [[0, 0, 1], [0, 0, 0], [1, 1, 0]], entry (3, 3, 2) (item-major order lost); ids (1, 3) give (3, 3, 1)
    # instead of (1, 3, 3). Fails the visible tests (1 failing).
    "blind55_one_hot_eye_rows_numpy_transpose": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            rows = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())[token_ids]   # (..., N, V)
            return rows.permute(*reversed(range(rows.dim())))     # np.transpose: every axis
'''),
    # The lookup done on omega_e.detach().numpy() and wrapped back with torch.from_numpy: right values, no gradient to
    # the embedding table. omega_e [[1, 2, 3], [4, 5, 6]] requiring grad, ids [2, 0]: both [[3, 1], [6, 4]]; the model's
    # result requires grad, the entry's does not. Passes the visible tests.
    "blind55_embed_numpy_fancy_index_round_trip": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            import numpy as np
            table = omega_e.detach().cpu().numpy()
            columns = table[:, token_ids.cpu().numpy()]                  # (D, ..., N)
            return torch.from_numpy(np.moveaxis(columns, 0, -2).copy())
'''),
    # np.take(omega_e, ids, axis=1) ported to torch.take, which indexes the FLATTENED table: every row reads row 0's
    # entries. omega_e [[1, 2, 3], [4, 5, 6]], ids [2, 0]: model [[3, 1], [6, 4]], entry [[3, 1], [3, 1]]. Fails the
    # visible tests (2 failing).
    "blind55_embed_torch_take_is_not_np_take": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            # np.take(omega_e, ids, axis=1) ported as torch.take, which indexes the flattened table
            D = omega_e.shape[0]
            flat = torch.take(omega_e, token_ids.reshape(-1)[None, :] + torch.zeros(D, 1, dtype=torch.long))
            return flat.reshape(D, *token_ids.shape).movedim(0, -2)
'''),
    # The table built in NumPy (float64 by default) and returned with torch.from_numpy: float64 whatever the default
    # dtype. sinusoidal_positions(2, 2) under the float32 default: model float32 [[0, .8415], [1, .5403]], entry the
    # same values as float64. Passes the visible tests.
    "blind55_sinusoidal_numpy_float64_table": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            import numpy as np
            pos = np.arange(num_positions)[None, :]
            i = np.arange(0, dim, 2)[:, None]
            angles = pos / np.power(10000, i / dim)
            table = np.zeros((dim, num_positions))                      # float64, NumPy's default
            table[0::2] = np.sin(angles)
            table[1::2] = np.cos(angles[: dim // 2])
            return torch.from_numpy(table)
'''),
    # The TF tutorial's exponent 2*(i//2) / d_model ported from Python-2 NumPy code as an integer division //: the
    # exponent is 0 for every row below D, so every pair turns at frequency 1. sinusoidal_positions(2, 4): model rows 2,
    # 3 = [0, .0100], [1, .9999]; entry rows 2, 3 = [0, .8415], [1, .5403]. Fails the visible tests (3 failing).
    "blind55_sinusoidal_py2_integer_division_exponent": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            pos = torch.arange(num_positions)[None, :]
            i = torch.arange(dim)[:, None]
            exponent = (2 * (i // 2)) // dim                            # Python 2's int / int, kept as //
            angles = pos / torch.pow(10000.0, exponent.to(torch.get_default_dtype()))
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles[0::2])
            table[1::2] = torch.cos(angles[1::2])
            return table
'''),
    # The NumPy assignment's einsum('dk,dq->kq') has no batch axes ('...' missing): batched Q, K, V raise. Q (2, 2, 3),
    # K (2, 2, 3), V (2, 1, 3) random: the model returns (2, 1, 3) outputs and (2, 3, 3) weights, the entry raises
    # RuntimeError (einsum: number of subscripts does not match). Right on unbatched inputs. Fails the visible tests (1
    # failing).
    "blind55_sdpa_einsum_2d_subscripts": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("dk,dq->kq", K, Q) / math.sqrt(Q.shape[-2])   # the NumPy assignment's 2-D einsum
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("dk,kq->dq", V, weights), weights
'''),
    # D_k read as Q.shape[0], right for a 2-D NumPy (D_k, N_q) array, the batch size for batched inputs. Q = [[1], [1]]
    # and K = [[2, 0], [0, 0]] repeated over a batch of 3, V = [[1, 0]]: model weights [.8044, .1956] per item (scale
    # 1/sqrt 2), entry [.7604, .2396] (scale 1/sqrt 3). Passes the visible tests.
    "blind55_sdpa_scale_from_shape0": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[0]                         # a 2-D NumPy array (D_k, N_q): shape[0] is D_k
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # K.T as NumPy reads it (every axis reversed, here written out as permute) instead of the last two: on a batch, keys
    # of one item are scored against queries of another (or the shapes fail). Q, K (2, 2, 2), V (2, 1, 2) random (seeds
    # 1, 2, 3): model output [[0.5399, 0.5668]], [[-0.3600, -0.2954]], entry [[0.5440, 0.5422]], [[-0.1069, -0.3371]].
    # Right on unbatched inputs. Fails the visible tests (1 failing).
    "blind55_sdpa_numpy_T_on_batched_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            Kt = K.permute(*reversed(range(K.dim())))      # K.T as NumPy reads it: every axis reversed
            scores = Kt @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # np.dot(W, X) ported with tensordot over W's last and X's second-to-last axis: for a batched X this gives (D_out,
    # B, N), the batch axis in the middle, so attention then runs over the wrong axes. X (2, 2, 3), Dk = 2, Dv = 1
    # random (seeds 4..10): model output (2, 1, 3), entry output (2, 2, 3) with other values. Right on unbatched X.
    # Passes the visible tests.
    "blind55_self_attention_np_dot_on_batched_x": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                # np.dot(W, X): sums W's last axis with X's second-to-last -> (D_out, ..., N)
                return torch.tensordot(W, X, dims=([1], [-2])) + b.reshape(-1, *([1] * (X.dim() - 1)))
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # W @ X + b with b (D_k,): NumPy (and torch) broadcasting lines b up with the LAST axis, the tokens, so bias entry n
    # is added to token n; it raises unless N = D_k. X = I (2x2), Wq = Wk = Wv = I, bq = bk = 0, bv = [1, 0]: model
    # output [[1.6698, 1.3302], [0.3302, 0.6698]], entry [[1.3395, 0.6605], [1.0000, 1.0000]]. Fails the visible tests
    # (2 failing).
    "blind55_self_attention_bias_broadcast_on_last_axis": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq            # NumPy broadcasting lines b up with the LAST axis (tokens), not the rows
            K = Wk @ X + bk
            V = Wv @ X + bv
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # np.split(Q, H, axis=-2) (H sections) ported as torch.split(Q, H, dim=-2), which makes sections of H rows: D/H
    # heads of width H. Same as the model when H = D/H. D = 6, H = 2, Xq = Xkv random (6, 2) (seed 1), params seeds
    # 0..7: model row 0 [0.7211, 0.7270], entry [0.8496, 0.8373]. Fails the visible tests (1 failing).
    "blind55_mha_torch_split_given_section_count": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            # np.split(Q, H, axis=-2) gives H sections; torch.split(Q, H) gives sections of H rows
            qs, ks, vs = (torch.split(T, num_heads, dim=-2) for T in (Q, K, V))
            heads = [scaled_dot_product_attention(q, k, v, mask)[0] for q, k, v in zip(qs, ks, vs)]
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # np.concatenate(heads) joins on axis 0, the rows of a 2-D head; with a batch axis it stacks the heads along the
    # batch, and the reshape back to Xq's shape interleaves items and heads. Xq = Xkv (2, 4, 2) random, H = 2: model
    # item 1 row 0 [0.2226, 0.2254], entry [0.0196, 0.0197]. Right on unbatched inputs. Fails the visible tests (1
    # failing).
    "blind55_mha_concatenate_heads_default_axis0": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            qs, ks, vs = (torch.chunk(T, num_heads, dim=-2) for T in (Q, K, V))
            heads = [scaled_dot_product_attention(q, k, v, mask)[0] for q, k, v in zip(qs, ks, vs)]
            stacked = torch.cat(heads, dim=0)       # np.concatenate(heads): axis 0, the rows of a 2-D head
            return linear(stacked.reshape(Xq.shape), params["Wo"], params["bo"])
'''),
    # Heads folded into one leading axis (batch*H, D/H, N), item-major, and the mask copied with torch's repeat
    # (np.tile) instead of np.repeat's repeat_interleave: head h of item b gets the mask of item (b*H + h) mod B. Xq =
    # Xkv (2, 4, 2) random, H = 2, mask (2, 2, 2) all True for item 0 and the identity for item 1: model item 0 row 0
    # [0.0887, 0.0874], entry [0.0547, 0.1077]. Right with one mask for the whole batch. Passes the visible tests.
    "blind55_mha_mask_tiled_with_repeat": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            D, Nq, Nk = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
            batch = Xq.shape[:-2]
            # heads folded into one leading axis, (batch * H, D/H, N), as in a NumPy implementation
            Q = linear(Xq, params["Wq"], params["bq"]).reshape(-1, D // num_heads, Nq)
            K = linear(Xkv, params["Wk"], params["bk"]).reshape(-1, D // num_heads, Nk)
            V = linear(Xkv, params["Wv"], params["bv"]).reshape(-1, D // num_heads, Nk)
            if mask is not None:
                mask = mask.broadcast_to(*batch, Nk, Nq).reshape(-1, Nk, Nq)
                mask = mask.repeat(num_heads, 1, 1)     # meant np.repeat(mask, H, axis=0); torch's repeat tiles
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(heads.reshape(*batch, D, Nq), params["Wo"], params["bo"])
'''),
    # np.var(x, axis) is ddof=0; torch.var(x, axis, keepdims) with the same NumPy keywords is the unbiased estimate. X =
    # [[1], [3]], gamma 1, beta 0: model [[-1.0000], [1.0000]], entry [[-0.7071], [0.7071]]. Fails the visible tests (3
    # failing).
    "blind55_layer_norm_torch_var_default_unbiased": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = torch.mean(X, axis=-2, keepdims=True)
            var = torch.var(X, axis=-2, keepdims=True)         # np.var's ddof=0 is not torch.var's default
            return gamma[:, None] * (X - mu) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # Mean and variance over axis 0, the features of a 2-D NumPy (D, N) array; on a batch axis 0 is the batch. X =
    # [[[1], [3]], [[0], [4]]], gamma 1, beta 0: model [[[-1], [1]], [[-1], [1]]], entry [[[1], [-1]], [[-1], [1]]].
    # Right on unbatched X. Passes the visible tests.
    "blind55_layer_norm_axis0_from_2d_numpy": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(axis=0)                                 # NumPy (D, N): the features are axis 0
            var = ((X - mu) ** 2).mean(axis=0)
            return gamma[:, None] * (X - mu) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # A NumPy blog's row convention (tokens as rows) via X.T, which reverses every axis of a batched X: the batch axis
    # becomes the feature axis. X (2, 2, 1) random, W1 random (2, 2) (seed 1), b1 = b2 = 0, W2 = I: model [[[0.9408],
    # [0]], [[..], [0.2188]]], entry [[[0.4376], [0]], [[..], [0.3351]]]; a batch of 3 raises. Right on unbatched X.
    # Fails the visible tests (1 failing).
    "blind55_feed_forward_row_convention_numpy_T": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # a NumPy blog's row convention, tokens as rows: X.T @ W1.T + b1, then back with .T
            XT = X.permute(*reversed(range(X.dim())))           # X.T in NumPy reverses every axis
            hidden = torch.clamp(XT @ W1.T + b1, min=0)
            out = hidden @ W2.T + b2
            return out.permute(*reversed(range(out.dim())))
'''),
    # Pre-LN written with X += ..., which in NumPy and torch alike writes into the caller's tensor (and raises for a
    # leaf that requires grad). X (4, 2) random, D = 4, H = 2, norm_first=True: the model leaves X unchanged; after the
    # entry's call X differs from its old value by up to 5.82; with X.requires_grad the entry raises RuntimeError (a
    # leaf Variable used in an in-place operation). Post-LN is right. Fails the visible tests (2 failing).
    "blind55_transformer_layer_augmented_assignment_in_place": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if norm_first:
                X += multi_head_attention(*(2 * [layer_norm(X, params["gamma1"], params["beta1"])]), params,
                                          num_heads, mask)           # NumPy's X += ... writes into the caller's array
                X += feed_forward(layer_norm(X, params["gamma2"], params["beta2"]), params["W1"], params["b1"],
                                  params["W2"], params["b2"])
                return X
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma2"], params["beta2"])
'''),
    # The NumPy blog's look-ahead mask np.triu(ones, k=1) == 0 is lower-triangular, right in the (query, key) layout and
    # transposed in the course's (key, query) one: each query sees the keys after it. X_dec (4, 2), X_enc (4, 3) random,
    # H = 2: model column 0 [-1.1751, -0.6996, 0.5057, 1.3690], entry [-1.1405, -0.7040, 0.4210, 1.4235]. Fails the
    # visible tests (1 failing).
    "blind55_decoder_layer_np_triu_k1_equals_zero": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            # the NumPy blog's look-ahead mask: np.triu(np.ones((n, n)), k=1) == 0, in (query, key) layout
            causal = torch.triu(torch.ones(n, n), diagonal=1) == 0
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # The enc_mask passed through NumPy as the one-sentence version did: np.broadcast_to(mask[0], (N_e, N_d)) keeps item
    # 0's mask for every item of the batch. X_dec (2, 4, 2), X_enc (2, 4, 3), H = 2, enc_mask = padding_mask([3, 1], 3):
    # model item 1 row 1 [3.3574, 3.3574], entry [2.6309, 2.7016]. Right with one sentence or equal lengths. Passes the
    # visible tests.
    "blind55_cross_attention_enc_mask_through_numpy": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            import numpy as np
            if enc_mask is not None:
                # np.broadcast_to(mask, (N_e, N_d)): the NumPy version had one sentence, no batch axis
                shape = (X_enc.shape[-1], X_dec.shape[-1])
                enc_mask = torch.from_numpy(np.broadcast_to(enc_mask.cpu().numpy()[0], shape).copy())
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # np.argsort(p)[::-1][:k] ported as a stable ascending argsort flipped: among tied probabilities the HIGHER id comes
    # first. logits [1, 1, 0], top_k = 1: model [1, 0, 0], entry [0, 1, 0]. Fails the visible tests (3 failing).
    "blind55_top_k_argsort_ascending_then_reversed": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                keep_ids = torch.argsort(probs, stable=True).flip(0)[:top_k]   # np.argsort(p)[::-1][:k]
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[keep_ids] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.argsort(probs, stable=True).flip(0)
                cumulative = torch.cumsum(probs[order], dim=0)
                n_keep = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:n_keep]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # np.searchsorted(cum, p, side='right') + 1 as the number of kept tokens: when a cumulative sum equals p exactly,
    # one token too many is kept. logits log [0.5, 0.25, 0.25] (cumulative [0.5, 0.75, 1.0] exactly), top_p = 0.5: model
    # [1, 0, 0], entry [0.6667, 0.3333, 0]; top_p = 0.75: model [0.6667, 0.3333, 0], entry [0.5, 0.25, 0.25]. Passes the
    # visible tests.
    "blind55_top_p_searchsorted_side_right": ("sampling", "next_token_probs", '''
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
                cut = torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype), side="right")
                n_keep = min(int(cut) + 1, len(probs))        # np.searchsorted(cum, p, side="right") + 1
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:n_keep]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The distribution computed in NumPy after .astype(np.float64) and returned with torch.from_numpy: float64 for
    # float32 logits. logits [0, 1] float32: model float32 [0.2689, 0.7311], entry the same values as float64. Passes
    # the visible tests.
    "blind55_next_token_probs_numpy_float64_probs": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import numpy as np
            z = logits.detach().cpu().numpy().astype(np.float64)
            if temperature == 0:
                probs = np.zeros_like(z)
                probs[np.argmax(z)] = 1.0
                return torch.from_numpy(probs)
            z = z / temperature
            p = np.exp(z - z.max())
            p = p / p.sum()
            if top_k is not None:
                order = np.argsort(-p, kind="stable")
                p[order[top_k:]] = 0.0
                p = p / p.sum()
            if top_p is not None:
                order = np.argsort(-p, kind="stable")
                n_keep = min(int((np.cumsum(p[order]) < top_p).sum()) + 1, len(p))
                p[order[n_keep:]] = 0.0
            return torch.from_numpy(p / p.sum())          # float64 whatever the logits were
'''),
    # Draws with np.random.choice, NumPy's global stream, instead of torch.multinomial with the generator: the result
    # does not depend on the generator. A (5, 5) random table model, prompt [0], 8 new tokens, generator seeded 1: the
    # model gives [0, 0, 0, 4, 0, 4, 1, 1, 0] twice; the entry gave [0, 4, 3, 2, 1, 3, 1, 3, 1] and then [0, 2, 3, 0, 0,
    # 0, 2, 2, 0] under the same seed. Fails the visible tests (1 failing).
    "blind55_generate_np_random_choice": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            import numpy as np
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                p = probs.detach().double().numpy()
                next_id = int(np.random.choice(len(p), p=p / p.sum()))     # NumPy's global stream
                ids = torch.cat([ids, torch.tensor([next_id], dtype=ids.dtype)])
                if eos_id is not None and next_id == eos_id:
                    break
            return ids
'''),
    # log_probs[ids[1:], :-1] pairs an index array with a slice: NumPy and torch take every column for each row, an
    # (N-1, N-1) block, not the diagonal pairs (ids[n], n-1). A model returning columns of a random (4, 4) table E[:,
    # ids] (seed 3), ids [0, 1, 2]: model -5.4091, entry -9.0228. Fails the visible tests (1 failing).
    "blind55_sequence_log_prob_array_and_slice_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[ids[1:], :-1].sum()        # meant pairs; an array with a slice takes every column
'''),
    # Candidates ranked with np.argsort(scores)[::-1] (a stable ascending sort, flipped): ties go to the later beam and
    # the higher token id. A model with all-zero logits over 3 tokens, prompt [0], beam width 2, 2 steps: model [0, 0,
    # 0], entry [0, 1, 2]. Fails the visible tests (1 failing).
    "blind55_beam_search_argsort_reversed_ties": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                scores = torch.tensor([c[0] for c in candidates], dtype=torch.float64)
                best = torch.argsort(scores, stable=True).flip(0)[:beam_width]   # np.argsort(s)[::-1][:k]
                beams = [candidates[int(i)] for i in best]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # A NumPy image is (H, W, C): the patch is flattened in (row, column, channel) order, not the contract's (channel,
    # row, column). images arange(8) as (1, 2, 2, 2), P = 2: model column [0, 1, 2, 3, 4, 5, 6, 7], entry [0, 4, 1, 5,
    # 2, 6, 3, 7]. Right for one channel. Fails the visible tests (1 failing).
    "blind55_patchify_channels_last_numpy_layout": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C, H, W = images.shape
            hwc = images.permute(0, 2, 3, 1)                     # a NumPy image is (H, W, C)
            patches = hwc.reshape(B, H // P, P, W // P, P, C).permute(0, 1, 3, 2, 4, 5)
            return patches.reshape(B, (H // P) * (W // P), P * P * C).transpose(1, 2)
'''),
    # np.repeat(cls, B) without an axis repeats each ENTRY B times (flattened), then reshaped to (B, D, 1): item b's
    # [CLS] is not cls_token. images zeros (2, 1, 2, 2), P = 2, W = 0, b = 0, cls_token [1, 2], positions 0: model item
    # 0 column 0 [1, 2], entry [1, 1] (item 1 [2, 2]). Right for a batch of one. Passes the visible tests.
    "blind55_patch_embedding_cls_repeat_without_axis": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)           # (B, D, N)
            B, D = tokens.shape[0], tokens.shape[1]
            cls = torch.repeat_interleave(cls_token, B).reshape(B, D, 1)  # np.repeat(cls, B): no axis, flattened
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # scipy.special.softmax's recipe (subtract the max, exp, divide) after np.where(mask, e, -inf): a state that sees no
    # position gets NaN weights and context instead of zeros. s, H, W, U, v random (D = 2, N = 3), mask all False: model
    # weights [0, 0, 0], context [0, 0]; entry NaN everywhere. Fails the visible tests (1 failing).
    "blind55_additive_attention_scipy_softmax_no_dead_guard": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.matmul(v, torch.tanh(U @ H + (s @ W.T)[..., :, None]))   # (..., N)
            if mask is not None:
                e = torch.where(mask, e, float("-inf"))
            # scipy.special.softmax(e, axis=-1): x - max, exp, divide
            ex = torch.exp(e - e.amax(axis=-1, keepdims=True))
            weights = ex / ex.sum(axis=-1, keepdims=True)
            return weights, (H @ weights[..., None])[..., 0]
'''),
    # torch.cat([y_prev, context]) without dim, as np.concatenate's default axis 0: fine for 1-D vectors, for a batch it
    # stacks the items (and raises unless E = D_h). Batch of 2 with E = D_h = D_s = 2 random (seeds 1..12): model s item
    # 1 [-0.3036, 0.8074], entry [-0.5980, -0.6504]. Fails the visible tests (1 failing).
    "blind55_decoder_step_concatenate_default_axis": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context])              # np.concatenate([y, c]): axis 0, fine for 1-D vectors
            s = gru_step(x.reshape(*context.shape[:-1], -1), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            sc = torch.cat([s, context])
            logits = sc.reshape(*s.shape[:-1], -1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Cells flattened in column-major order (reshape(order='F'), written as transpose then reshape) but the weights put
    # back in row-major order: the weights land on the wrong cells (the context, a sum, is right). s (2,), features (2,
    # 2, 3), W, U, v random (seeds 0..4): model weights [[.1318, .1025, .1835], [.1087, .3104, .1631]], entry [[.1318,
    # .1087, .1025], [.3104, .1835, .1631]]. Passes the visible tests.
    "blind55_grid_attention_fortran_flatten_c_unflatten": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).reshape(*features.shape[:-2], height * width)  # reshape(order="F")
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context                # order="C" back
'''),
    # np.logical_or.outer written with [:, None] and [None, :] (1-D indexing): for batched flags (B, N) it broadcasts
    # items against items, (B, B, N). is_global [[T, F], [F, F]]: model item 0 [[T, T], [T, F]], entry item 0 [[T, F],
    # [T, F]] (and the shape is (2, 2, 2) by accident; B = 3 gives (3, 3, 2)). Right on 1-D flags. Fails the visible
    # tests (1 failing).
    "blind55_global_token_mask_logical_or_2d_indexing": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return torch.logical_or(is_global[:, None], is_global[None, :])     # np.logical_or.outer for 1-D
'''),
    # Counts with np.sum and np.count_nonzero of a NumPy mask: the result is np.int64, not a Python int (isinstance(x,
    # int) is False). causal, n = 3: model 6 (int), entry np.int64(6); local, n = 3, window 1: model 7, entry
    # np.int64(7). Fails the visible tests (1 failing).
    "blind55_sparse_cost_numpy_sum_int64": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            import numpy as np
            if pattern == "dense":
                return np.int64(n) * n
            if pattern == "causal":
                return np.sum(np.arange(1, n + 1))            # n + (n-1) + ... + 1, an np.int64
            d = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :])
            if pattern == "local":
                return np.count_nonzero(d <= window) + np.int64(0)
            if pattern == "strided":
                return (d % stride == 0).sum()
            g = np.arange(n) < num_global
            return (g[:, None] | g[None, :]).sum()
'''),
    # n * (n + 1) / 2 with true division, as NumPy code writes it: a float for the causal count.
    # sparse_attention_cost('causal', 3): model 6, entry 6.0. Passes the visible tests.
    "blind55_sparse_cost_true_division": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) / 2                        # true division: a float
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # T5's bucket formula in NumPy, whose np.log works in float64 (NumPy's default): the contract takes the logarithm in
    # float32, as T5 does, and boundary distances land elsewhere. relative_position_bucket([-16, -8, 8], num_buckets=18,
    # max_distance=128): model [6, 5, 14], entry [5, 4, 13]. With 32 buckets and max_distance 128 the two agree. Passes
    # the visible tests.
    "blind55_bucket_log_in_float64_numpy_default": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            import numpy as np
            rp = relative_position.cpu().numpy().astype(np.int64)
            if bidirectional:
                n = num_buckets // 2
                ret = (rp > 0).astype(np.int64) * n
                d = np.abs(rp)
            else:
                n = num_buckets
                ret = np.zeros_like(rp)
                d = np.maximum(-rp, 0)
            max_exact = n // 2
            with np.errstate(divide="ignore"):
                large = max_exact + (np.log(d / max_exact) / np.log(max_distance / max_exact)
                                     * (n - max_exact)).astype(np.int64)      # float64, NumPy's default
            large = np.minimum(large, n - 1)
            return torch.from_numpy(ret + np.where(d < max_exact, d, large))
'''),
    # The log-spaced bucket rounded (np.round) instead of truncated (astype(int), T5's .to(long)). offsets [-10, 10,
    # 20], 32 buckets: model [8, 24, 26], entry [9, 25, 27]. Fails the visible tests (1 failing).
    "blind55_bucket_np_round_instead_of_truncation": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                ret = (offset > 0).long() * n
                d = offset.abs()
            else:
                n = num_buckets
                ret = torch.zeros_like(offset)
                d = (-offset).clamp(min=0)
            exact = n // 2
            scaled = torch.log(d.float() / exact) / math.log(max_distance / exact) * (n - exact)
            large = (exact + torch.round(scaled).nan_to_num(0.0, neginf=0.0)).long().clamp(max=n - 1)  # np.round
            return ret + torch.where(d < exact, d, large)
'''),
    # np.split(X, 2, axis=-2) (two halves) ported as torch.split(X, 2, dim=-2), pieces of 2 rows: unpacking two pieces
    # works only for D = 4. Q (8, 2), K (8, 2) random: the model returns (8, 2) rotations, the entry raises ValueError
    # (too many values to unpack). Right for D = 4. Fails the visible tests (2 failing).
    "blind55_rotary_torch_split_sizes_not_sections": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                p = torch.arange(N) if positions is None else positions
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = theta[:, None] * p.to(torch.float64)[None, :]
                cos, sin = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                top, bottom = torch.split(X, 2, dim=-2)            # meant np.split(X, 2, axis=-2): two halves
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # cos and sin tables made in NumPy (float64) and multiplied with a float32 Q: type promotion returns float64. Q, K
    # (2, 2) float32: model float32, entry float64 (values equal). Passes the visible tests.
    "blind55_rotary_numpy_cos_table_promotes": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            import numpy as np
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                p = np.arange(N) if positions is None else positions.cpu().numpy()
                ang = np.power(base, -np.arange(0, D, 2) / D)[:, None] * p[None, :]
                cos, sin = torch.from_numpy(np.cos(ang)), torch.from_numpy(np.sin(ang))   # float64 tables
                top, bottom = torch.chunk(X, 2, dim=-2)
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The draws from np.random (the global stream), not from the generator: the same seeded generator does not give the
    # same corruption. ids arange(2, 40), V 50, specials [0, 1], mask_id 49, generator seeded 0 twice: the model gives
    # the same labels both times; the entry chose positions [5, 6, 10, 11, 15, 22, 23, 25] and then [0, 3, 13, 19, 20,
    # 29, 30, 31]. Fails the visible tests (1 failing).
    "blind55_mlm_corrupt_numpy_global_rng": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            import numpy as np
            a = ids.cpu().numpy()
            special = np.asarray(special_ids if not torch.is_tensor(special_ids) else special_ids.cpu().numpy())
            chosen = ~np.isin(a, special) & (np.random.rand(*a.shape) < mask_prob)    # NumPy's global stream
            action = np.random.rand(*a.shape)
            out = a.copy()
            out[chosen & (action < 0.8)] = mask_id
            rand = chosen & (action >= 0.8) & (action < 0.9)
            out[rand] = np.random.randint(0, vocab_size, size=int(rand.sum()))
            labels = np.where(chosen, a, -100)
            return torch.from_numpy(out).to(ids.dtype), torch.from_numpy(labels).long()
'''),
    # corrupted = ids, then boolean-index assignment, as NumPy code that forgot .copy(): ids itself is overwritten. ids
    # arange(2, 40), V 50, specials [0, 1], mask_id 49, generator seeded 0: after the call ids has 49, 49, 19, 49 at
    # positions 2, 3, 12, 27; the model leaves ids unchanged. Fails the visible tests (3 failing).
    "blind55_mlm_corrupt_alias_not_copy": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            labels = torch.where(chosen, ids, -100).long()
            corrupted = ids                                   # NumPy habit: b = a is no copy either
            corrupted[chosen & (action < 0.8)] = mask_id
            rand = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[rand] = torch.randint(0, vocab_size, (int(rand.sum()),), generator=generator, dtype=ids.dtype)
            return corrupted, labels
'''),
    # The coin flips and picks from NumPy's global stream (np.random.rand, np.random.choice of np.delete(...)), not from
    # the generator: the distribution is right, but the generator has no effect. documents [[a0, a1, a2], [b0, b1]],
    # generator seeded 0 twice: the model gives the same list twice; the entry gave [(a0, a1, 0), (a1, a2, 0), (b0, b1,
    # 0)] and then [(a0, b1, 1), (a1, b0, 1), (b0, a0, 1)]. Passes the visible tests.
    "blind55_nsp_pairs_numpy_random_state": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            import numpy as np
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if np.random.rand() < 0.5:                  # NumPy's global stream, not the generator
                        pairs.append((a, successor, 0))
                    else:
                        others = np.delete(np.arange(len(documents)), index)
                        other = documents[int(np.random.choice(others))]
                        pairs.append((a, other[np.random.randint(len(other))], 1))
            return pairs
'''),
    # images.T, every axis reversed, to get channels last: for one image (C, H, W) becomes (W, H, C), and the ids come
    # out transposed. images [[[0, 1], [0, 0]]] (1, 2, 2), palette [[0, 1]]: model [[0, 1], [0, 0]], entry [[0, 0], [1,
    # 0]]. Fails the visible tests (4 failing).
    "blind55_quantize_numpy_T_reverses_axes": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.permute(*reversed(range(images.dim())))     # images.T: (W, H, C) for one image
            d = ((pixels[..., :, None] - palette) ** 2).sum(axis=-2)      # (W, H, K) [, batch axes first]
            ids = d.argmin(axis=-1)
            return ids.permute(*reversed(range(ids.dim()))) if ids.dim() > 2 else ids
'''),
    # palette[:, ids] with the ids as given: NumPy indexes with any integer array, but torch reads a uint8 (or bool)
    # index tensor as a mask. ids [[1, 0]] uint8, palette [[10, 20]]: model [[[20, 10]]], entry raises IndexError (too
    # many indices). Right for int64 and int32 ids. Passes the visible tests.
    "blind55_dequantize_uint8_ids_index_as_mask": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette[:, ids].movedim(0, -3)       # fine in NumPy for any integer dtype
'''),
    # palette.T[ids] is (..., H, W, C); .T back (every axis reversed) gives (C, W, H): a transposed image (and batch
    # axes moved to the end). ids [[0, 1], [0, 0]], palette [[10, 20]]: model [[[10, 20], [10, 10]]], entry [[[10, 10],
    # [20, 10]]]. Fails the visible tests (2 failing).
    "blind55_dequantize_palette_T_then_T": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            rows = palette.T[ids.long()]                               # (..., H, W, C)
            return rows.permute(*reversed(range(rows.dim())))           # .T back to channels first: (C, W, H, ...)
'''),
    # ids.ravel() flattens the batch too: one sequence of B*H*W ids with one start token. ids [[[1, 2]], [[3, 4]]], sos
    # 9: model inputs [[9, 1], [9, 3]], targets [[1, 2], [3, 4]]; entry inputs [9, 1, 2, 3], targets [1, 2, 3, 4]. Fails
    # the visible tests (1 failing).
    "blind55_pixel_sequence_ravel_flattens_batch": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().ravel()                                  # ids.ravel(): every axis
            inputs = torch.cat([torch.tensor([sos_id]), targets[:-1]])
            return inputs, targets
'''),
    # The targets keep the image's integer dtype, as NumPy's reshape does; the contract returns LongTensors. ids [[1,
    # 2]] uint8, sos 9: model inputs and targets int64; entry inputs int64 (promoted by the cat), targets uint8. Passes
    # the visible tests.
    "blind55_pixel_sequence_keeps_uint8_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], -1)                   # NumPy keeps the image's dtype
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The mean over axis 1, the tokens of a 2-D NumPy (D, N) array; with a batch axis that is the features. X [[[1, 3],
    # [2, 4]]] (1, 2, 2), W = I: model [[2, 3]], entry [[1.5, 3.5]]. Right on unbatched X. Fails the visible tests (1
    # failing).
    "blind55_average_pool_head_mean_axis1": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(axis=1)                    # NumPy (D, N): the tokens are axis 1
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # np.split(X, H // M, axis=-2) (H/M sections) ported as torch.split(X, H // M), pieces of H/M rows: windows of (H/M)
    # x (W/M) tokens, right only when H/M = M. X = arange(36) as (1, 6, 6), M = 2: model window 0 [0, 1, 6, 7], entry
    # window 0 [0, 1, 2, 6, 7, 8, 12, 13, 14]. Fails the visible tests (3 failing).
    "blind55_window_partition_split_with_section_count": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            rows = torch.split(X, height // window, dim=-2)        # np.split(X, H // M, axis=-2): H/M sections
            windows = [w for r in rows for w in torch.split(r, width // window, dim=-1)]
            return torch.stack([w.flatten(-2) for w in windows], dim=-3)
'''),
    # The rows of windows split with np.split's count habit, torch.split(windows, H // M) on the window axis: groups of
    # H/M windows, where a row of windows holds W/M of them. windows = window_partition(arange(8) as (1, 2, 4), 2), H =
    # 2, W = 4: model [[0, 1, 2, 3], [4, 5, 6, 7]], entry (1, 4, 2) [[0, 1], [4, 5], [2, 3], [6, 7]]. Right on square
    # grids. Fails the visible tests (1 failing).
    "blind55_window_reverse_split_rows_by_height": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            tiles = windows.unflatten(-1, (M, M))                              # (..., nW, C, M, M)
            rows = torch.split(tiles, height // M, dim=-4)                     # np.split(..., H // M, axis=-4)
            return torch.cat([torch.cat(row.unbind(-4), dim=-1) for row in rows], dim=-2)
'''),
    # Where each rolled cell came from computed with np.roll's sign habit, roll(arange, +shift) (down and right), while
    # the contract rolls up and left: the wrapped strip lands at the top and left. shifted_window_mask(4, 4, 2, 1):
    # model window 0 all True, entry window 0 the identity (and window 3 all True where the model's is the identity).
    # Fails the visible tests (1 failing).
    "blind55_shifted_window_mask_np_roll_positive_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # where each rolled cell came from, with np.roll's sign: a positive shift moves down and right
            rows = torch.roll(torch.arange(height), shift)
            cols = torch.roll(torch.arange(width), shift)
            wrapped_rows = rows > torch.arange(height)
            wrapped_cols = cols > torch.arange(width)
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Hugging Face's torch.cat([x0, x1, x2, x3], -1) concatenates channels in its (H, W, C) layout; kept as dim=-1 on
    # (C, H, W) it concatenates along the width, and the reshape to (4C, N) mixes tokens and channels. Right for C = 1.
    # X (2, 2, 2) random (seed 1), gamma 1, beta 0, W = first 4 rows of I8: model [1.0145, -0.6468, 0.1196, -2.2449],
    # entry [1.0145, 0.1196, 0.4259, 0.9548]. Passes the visible tests.
    "blind55_patch_merging_concatenate_last_axis_from_hwc": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            x0, x1 = X[..., 0::2, 0::2], X[..., 1::2, 0::2]
            x2, x3 = X[..., 0::2, 1::2], X[..., 1::2, 1::2]
            merged = torch.cat([x0, x1, x2, x3], dim=-1)     # HF's torch.cat(..., -1) was over channels in (H, W, C)
            h2, w2 = merged.shape[-2:]
            tokens = merged.reshape(*merged.shape[:-3], 4 * X.shape[-3], -1)
            out = W @ layer_norm(tokens, gamma, beta, eps)
            return out.reshape(*out.shape[:-1], height // 2, width // 2)
'''),
    # The layer norm inside written with NumPy's keywords, tokens.var(axis=-2, keepdims=True): torch's var is unbiased
    # where np.var is not. X [[[0, 0], [0, 4]]] (1, 2, 2), gamma 1, beta 0, W rows e0 and e3: model [[[-0.5773]],
    # [[1.7320]]], entry [[[-0.5]], [[1.5]]]. Fails the visible tests (1 failing).
    "blind55_patch_merging_np_var_ported_unbiased": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], -3)
            tokens = merged.flatten(-2)
            mu = tokens.mean(axis=-2, keepdims=True)
            var = tokens.var(axis=-2, keepdims=True)          # np.var(..., axis) is ddof=0; torch's is not
            normed = gamma[:, None] * (tokens - mu) / torch.sqrt(var + eps) + beta[:, None]
            return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    # Groups in a Python loop, transposes written as NumPy's .T (every axis reversed): right for an unbatched X (C, N),
    # wrong for a batch, where the batch axis is swapped with the channels. X (2, 4, 3) and (3, 4, 3) random, G = 2: the
    # model returns (2, 4, 3) and (3, 4, 3), the entry raises RuntimeError (size mismatch) on both. Fails the visible
    # tests (1 failing).
    "blind55_channel_attention_group_loop_with_T": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            g = channels // num_groups
            outs = []
            for i in range(num_groups):
                q, k, v = (T[..., i * g:(i + 1) * g, :] for T in (Q, K, V))
                w = softmax_cols(k @ q.permute(*reversed(range(q.dim()))) * scale)      # q.T, as in NumPy
                outs.append(w.permute(*reversed(range(w.dim()))) @ v)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # The default scale N ** -0.5 with N = X.shape[1], the tokens of a 2-D NumPy (C, N) array; with a batch axis
    # shape[1] is C. X (2, 4, 3) random, G = 2: model item 0 row 0 [-0.1503, -0.1435, -0.0361], entry [-0.1600, -0.1546,
    # -0.0419] (scale 1/2 instead of 1/sqrt 3). Right on unbatched X, or when C = N. Passes the visible tests.
    "blind55_channel_attention_shape1_as_tokens": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[1] ** -0.5                 # (C, N) in NumPy: shape[1] is N
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(torch.einsum("...in,...jn->...ij", K, Q) * scale)
            return linear(merge_heads(torch.einsum("...ji,...jn->...in", weights, V)), params["Wo"], params["bo"])
'''),
    # Pair counts through np.unique(..., return_counts) and np.argmax: np.unique sorts the pairs, so a tie goes to the
    # lexicographically smallest pair, not the first seen. The lecture's corpus (low x5, lower x2, newer x6), 2 merges:
    # model [(w, e), (we, r)], entry [(e, r), (er, </w>)]. Fails the visible tests (5 failing).
    "blind55_train_bpe_np_unique_sorted_ties": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import numpy as np
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in counts}
            merges = []
            for _ in range(num_merges):
                pairs, weights = [], []
                for w, f in counts.items():
                    for p in zip(seg[w], seg[w][1:]):
                        pairs.append(p)
                        weights.append(f)
                if not pairs:
                    break
                uniq, inverse = np.unique(np.array(pairs, dtype=object).astype(str), axis=0, return_inverse=True)
                totals = np.bincount(inverse.ravel(), weights=weights)
                best = tuple(str(s) for s in uniq[int(np.argmax(totals))])    # np.unique sorts: ties go to the smallest
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
}

RIGHT_BLIND_55 = {
    # NumPy's names (axis=, keepdims=, np.where(np.isneginf(m), 0, m)) on torch ops that accept them: column max, all
    # -inf columns guarded, zero sums divided by 1.
    "blind55_right_softmax_numpy_names_torch_ops": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            m = torch.amax(scores, axis=-2, keepdims=True)                 # np.max(x, axis=-2, keepdims=True)
            m = torch.where(torch.isneginf(m), torch.zeros_like(m), m)    # np.where(np.isneginf(m), 0, m)
            e = torch.exp(scores - m)
            s = torch.sum(e, axis=-2, keepdims=True)
            return e / torch.where(s == 0, torch.ones_like(s), s)
'''),
    # np.triu(np.ones((n, n), dtype=bool)) is True exactly where j <= i; torch.from_numpy keeps bool (a mask needs no
    # gradient and no float dtype).
    "blind55_right_causal_mask_np_triu_bool_from_numpy": ("masking", "causal_mask", '''
        def causal_mask(n):
            import numpy as np
            return torch.from_numpy(np.triu(np.ones((n, n), dtype=bool)))   # [j, i] True iff j <= i
'''),
    # The comparison arange(n)[None, :] < lengths[:, None] in NumPy, then [:, :, np.newaxis] for (B, n, 1); a bool mask
    # back through torch.from_numpy.
    "blind55_right_padding_mask_numpy_broadcast_compare": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            import numpy as np
            visible = np.arange(n)[None, :] < lengths.cpu().numpy()[:, None]   # (B, n)
            return torch.from_numpy(visible[:, :, np.newaxis]).to(lengths.device)
'''),
    # The band np.triu(ones, -w) & np.tril(ones, w) in torch: True iff -w <= i - j <= w.
    "blind55_right_local_mask_triu_tril_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return torch.triu(ones, diagonal=-window) & torch.tril(ones, diagonal=window)   # np.triu / np.tril band
'''),
    # The NumPy trick scores + log(mask): log 1 = 0 keeps a score, log 0 = -inf hides it; the mask is cast to the
    # scores' dtype and broadcasts as torch allows; the gradient to the scores is 1 everywhere (the hidden entries are
    # infinite outputs, not compared).
    "blind55_right_apply_mask_add_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))      # the NumPy trick: log(1) = 0, log(0) = -inf
'''),
    # np.where(mask, scores, -np.inf) as torch.where with a Python scalar: the scores' dtype is kept, the mask
    # broadcasts.
    "blind55_right_apply_mask_where_scalar_neg_inf": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return torch.where(mask, scores, -math.inf)          # np.where(mask, scores, -np.inf)
'''),
    # np.eye(V)[ids] is (..., N, V); .mT swaps only the last two axes (NumPy's .T would reverse them all). The stub's id
    # check is kept; dtype from the argument or the default.
    "blind55_right_one_hot_eye_rows_mT": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return eye[token_ids].mT                              # np.eye(V)[ids] is (..., N, V); swap the last two
'''),
    # np.take(omega_e, ids.ravel(), axis=1) as index_select on dim 1, reshaped to (D, ..., N) and the D axis moved next
    # to N; differentiable in omega_e.
    "blind55_right_embed_index_select_flat_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = torch.index_select(omega_e, 1, token_ids.reshape(-1))   # np.take(omega_e, ids.ravel(), axis=1)
            return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # The TF tutorial's get_angles, 2 * (i // 2) / D per row (the // intended: rows 2i and 2i+1 share a frequency), sin
    # on even rows and cos on odd rows via where; computed in float64 and cast to the default dtype explicitly.
    "blind55_right_sinusoidal_tf_get_angles_explicit_dtype": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=torch.float64)[None, :]
            i = torch.arange(dim)[:, None]
            rates = 1 / torch.pow(10000.0, (2 * (i // 2)).to(torch.float64) / dim)   # the TF tutorial's get_angles
            angles = pos * rates                                                      # (D, N)
            table = torch.where(i % 2 == 0, torch.sin(angles), torch.cos(angles))
            return table.to(dtype)
'''),
    # np.einsum with '...' for the batch axes: K^T Q as '...dk,...dq->...kq' and V @ weights as '...vk,...kq->...vq'.
    "blind55_right_sdpa_ellipsis_einsum": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # np.matmul broadcasts W over the batch; the bias made a column with reshape(-1, 1) (b[:, np.newaxis]).
    "blind55_right_self_attention_matmul_bias_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = torch.matmul(Wq, X) + bq.reshape(-1, 1)       # b[:, np.newaxis]
            K = torch.matmul(Wk, X) + bk.reshape(-1, 1)
            V = torch.matmul(Wv, X) + bv.reshape(-1, 1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # np.array_split(Q, H, axis=-2) is torch.tensor_split (a count of sections; equal when H divides D); heads attended
    # one by one and stacked back in order with cat on -2.
    "blind55_right_mha_tensor_split_sections": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            # np.array_split(Q, H, axis=-2) is torch.tensor_split (a number of sections), not torch.split
            heads = [scaled_dot_product_attention(q, k, v, mask)[0]
                     for q, k, v in zip(*(torch.tensor_split(T, num_heads, dim=-2) for T in (Q, K, V)))]
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Heads folded item-major into one leading axis, (batch*H, D/H, N), and the mask copied with repeat_interleave
    # (np.repeat's axis=0 semantics), so head h of item b gets item b's mask; batch shapes broadcast first.
    "blind55_right_mha_folded_heads_repeat_interleave": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            D, Nq, Nk = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
            batch = torch.broadcast_shapes(Xq.shape[:-2], Xkv.shape[:-2])
            Q = linear(Xq, params["Wq"], params["bq"]).expand(*batch, D, Nq).reshape(-1, D // num_heads, Nq)
            K = linear(Xkv, params["Wk"], params["bk"]).expand(*batch, D, Nk).reshape(-1, D // num_heads, Nk)
            V = linear(Xkv, params["Wv"], params["bv"]).expand(*batch, D, Nk).reshape(-1, D // num_heads, Nk)
            if mask is not None:
                mask = mask.broadcast_to(*batch, Nk, Nq).reshape(-1, Nk, Nq)
                mask = torch.repeat_interleave(mask, num_heads, dim=0)     # np.repeat(mask, H, axis=0)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(heads.reshape(*batch, D, Nq), params["Wo"], params["bo"])
'''),
    # np.var's ddof=0 as torch.var(..., unbiased=False); eps inside the square root.
    "blind55_right_layer_norm_var_unbiased_false": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = torch.mean(X, axis=-2, keepdims=True)
            var = torch.var(X, axis=-2, keepdims=True, unbiased=False)     # np.var's ddof=0
            return gamma[:, None] * (X - mu) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # The row convention with .mT (the last two axes only) instead of NumPy's .T; np.clip(h, 0, None) as
    # torch.clip(min=0).
    "blind55_right_feed_forward_row_convention_mT": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.mT                                          # tokens as rows, every batch axis kept
            hidden = torch.clip(rows @ W1.T + b1, min=0)         # np.clip(h, 0, None)
            return (hidden @ W2.T + b2).mT
'''),
    # X = X + ... makes new tensors (NumPy's X += would write into the caller's array); post-LN and pre-LN as the
    # contract's four lines.
    "blind55_right_transformer_layer_rebinding_not_in_place": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                Y = ln1(X)
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)   # X = X + ..., a new tensor
                return X + ffn(ln2(X))
            X = ln1(X + multi_head_attention(X, X, params, num_heads, mask))
            return ln2(X + ffn(X))
'''),
    # The causal mask as np.triu(np.ones((n, n), dtype=bool)), True where key j <= query i, the course's layout; a
    # constant bool mask on the CPU like the model answer's.
    "blind55_right_decoder_layer_np_triu_ones_bool": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            import numpy as np
            n = X_dec.shape[-1]
            causal = torch.from_numpy(np.triu(np.ones((n, n), dtype=bool)))   # key j <= query i
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # np.searchsorted(cum, p) with the default side='left' is the index of the first cumulative sum >= p, the crossing
    # token, so cut + 1 tokens are kept (the model answer's (cum < p).sum() + 1); stable descending argsort for ties;
    # index_fill zeroes the rest.
    "blind55_right_top_p_searchsorted_left": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.argsort(probs, descending=True, stable=True)
                probs = probs.index_fill(0, order[top_k:], 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.argsort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(probs[order], dim=0)
                # np.searchsorted(cum, p) (side="left"): the index of the first cumulative >= p, the crossing token
                cut = int(torch.searchsorted(cumulative, cumulative.new_tensor([top_p])))
                probs = probs.index_fill(0, order[min(cut + 1, len(probs)):], 0.0)
            return probs / probs.sum()
'''),
    # np.take_along_axis(logp[:, :-1], ids[None, 1:], axis=0) is torch.gather on dim 0: entry (ids[n], n - 1) for every
    # n, one model call.
    "blind55_right_sequence_log_prob_take_along_axis_gather": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)                      # (V, N)
            picked = torch.gather(log_probs[:, :-1], 0, ids[None, 1:])           # np.take_along_axis(..., axis=0)
            return picked.sum()
'''),
    # Candidates listed beam by beam, token by token, ranked by a stable argsort of -score (np.argsort(-s,
    # kind='stable')): ties keep the earlier beam, then the lower token; finished beams compete with their fixed score.
    "blind55_right_beam_search_stable_argsort_descending": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                scores = torch.tensor([c[0] for c in candidates], dtype=torch.float64)
                best = torch.argsort(-scores, stable=True)[:beam_width]     # np.argsort(-s, kind="stable")
                beams = [candidates[int(i)] for i in best]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # sliding_window_view with step P as two unfolds: (B, C, H/P, W/P, P, P); the grid axes first, then (C, row, column)
    # flattened, and .mT to columns.
    "blind55_right_patchify_unfold_sliding_windows": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            tiles = images.unfold(2, P, P).unfold(3, P, P)            # (B, C, H/P, W/P, P, P): sliding_window_view
            B, C, gh, gw = tiles.shape[:4]
            return tiles.permute(0, 2, 3, 1, 4, 5).reshape(B, gh * gw, C * P * P).mT
'''),
    # np.tile(cls[None, :, None], (B, 1, 1)) as torch.tile: every item gets the same [CLS] column (the gradient sums
    # over the batch).
    "blind55_right_patch_embedding_cls_tile": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            cls = torch.tile(cls_token[None, :, None], (tokens.shape[0], 1, 1))   # np.tile(cls, (B, 1, 1))
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # np.dot(v, hidden) as tensordot over v's axis and hidden's D_a axis (2-D) or matmul with v first (batched), both
    # (..., N); np.where(mask, e, -inf) and softmax_cols on the positions as one column (a dead state gets zeros).
    "blind55_right_additive_attention_tensordot_like_np_dot": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(torch.matmul(U, H) + torch.matmul(s, W.T)[..., :, None])   # (..., D_a, N)
            e = torch.tensordot(v, hidden, dims=([0], [-2])) if hidden.dim() == 2 else torch.matmul(v, hidden)
            if mask is not None:
                e = torch.where(mask, e, -math.inf)
            weights = softmax_cols(e[..., :, None])[..., 0]
            return weights, torch.matmul(H, weights[..., :, None])[..., 0]
'''),
    # Column-major (order='F') flattening and unflattening used consistently: the softmax over all cells and the context
    # (a sum) do not depend on the order, and the weights go back to their own cells.
    "blind55_right_grid_attention_fortran_order_both_ways": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)               # reshape(..., order="F")
            weights, context = additive_attention(s, cells, W, U, v)      # the context is a sum: any cell order
            return weights.unflatten(-1, (width, height)).transpose(-2, -1), context   # order="F" back
'''),
    # np.logical_or.outer written with [..., :, None] and [..., None, :], so batch axes stay batch axes.
    "blind55_right_global_token_mask_ellipsis_newaxis": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return torch.logical_or(is_global[..., :, None], is_global[..., None, :])
'''),
    # np.fmod (C's remainder, sign of the dividend) instead of np.mod: the result differs only in sign, and the test is
    # == 0; the stub's stride check is kept.
    "blind55_right_strided_mask_fmod_zero_test": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.fmod(offsets, stride) == 0        # np.fmod keeps the sign; zero is zero either way
'''),
    # T5's buckets NumPy-style with the dtypes spelled out: the log taken in float32 (as T5 and the contract), the
    # scaled value truncated with .to(int64) (astype), capped with minimum.
    "blind55_right_bucket_float32_explicit_numpy_style": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rp = relative_position.to(torch.int64)
            if bidirectional:
                n = num_buckets // 2
                ret = (rp > 0).to(torch.int64) * n
                d = torch.abs(rp)
            else:
                n = num_buckets
                ret = torch.zeros_like(rp)
                d = torch.maximum(-rp, torch.zeros_like(rp))
            max_exact = n // 2
            ratio = torch.log(d.to(torch.float32) / max_exact) / math.log(max_distance / max_exact)
            large = max_exact + (ratio * (n - max_exact)).to(torch.int64)      # astype(np.int64): truncation
            large = torch.minimum(large, torch.full_like(large, n - 1))
            return ret + torch.where(d < max_exact, d, large)
'''),
    # np.split(X, 2, axis=-2) (two sections) is torch.chunk, not torch.split; angles in float64, cast to X's dtype
    # before rotating the halves.
    "blind55_right_rotary_chunk_as_np_split": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                p = torch.arange(N) if positions is None else positions
                inv = torch.pow(base, -torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = inv[:, None] * p.to(torch.float64)[None, :]
                cos, sin = torch.cos(ang).to(X.dtype), torch.sin(ang).to(X.dtype)
                top, bottom = torch.chunk(X, 2, dim=-2)             # np.split(X, 2, axis=-2)
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # NumPy-style boolean-index assignment on a copy (ids.clone(), np.copy) with every draw from the generator: chosen
    # with probability mask_prob among non-special ids, then 80 / 10 / 10; labels -100 except at chosen positions.
    "blind55_right_mlm_corrupt_clone_then_boolean_assign": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            corrupted = ids.clone()                              # np.copy, not an alias
            corrupted[chosen & (action < 0.8)] = mask_id
            rand = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[rand] = torch.randint(0, vocab_size, (int(rand.sum()),), generator=generator, dtype=ids.dtype)
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # The other documents as np.delete(np.arange(n), index) written with torch.cat of two slices; coin flip, document
    # and sentence all drawn from the generator.
    "blind55_right_nsp_pairs_np_delete_with_generator": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            everyone = torch.arange(len(documents))
            for index, document in enumerate(documents):
                others = torch.cat([everyone[:index], everyone[index + 1:]])      # np.delete(np.arange(n), index)
                for a, successor in zip(document, document[1:]):
                    if float(torch.rand((), generator=generator)) < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = documents[int(others[torch.randint(len(others), (1,), generator=generator)])]
                        pairs.append((a, other[int(torch.randint(len(other), (1,), generator=generator))], 1))
            return pairs
'''),
    # The expanded distance |p|^2 - 2 x.p with np.einsum subscripts ('...chw,ck->...hwk'): |x|^2 is the same for every
    # colour of a pixel and is left out; argmin takes the lowest id of a tie; computed in the promoted dtype (the
    # contract accepts either id where the expanded form's rounding decides).
    "blind55_right_quantize_expanded_einsum_distance": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            # |x|^2 + |p|^2 - 2 x.p, as np.einsum writes it; |x|^2 is the same for every colour, so it is dropped
            cross = torch.einsum("...chw,ck->...hwk", x, p)
            return (torch.einsum("ck,ck->k", p, p) - 2 * cross).argmin(axis=-1)
'''),
    # The ids cast to int64 first (torch reads uint8 index tensors as masks, NumPy does not), palette.mT[ids] is (...,
    # H, W, C), and movedim(-1, -3) puts the channels before H, W.
    "blind55_right_dequantize_palette_mT_long_ids": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            rows = palette.mT[ids.to(torch.int64)]          # (..., H, W, C): astype(np.int64) first
            return torch.movedim(rows, -1, -3)
'''),
    # np.roll without an axis rolls the flattened array by one: every entry moves one place right within its row, except
    # the first of each row, which receives the previous row's last pixel and is overwritten with sos_id; so the result
    # equals the model answer's. int64 from the start.
    "blind55_right_pixel_sequence_flat_roll_then_overwrite": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.int64).flatten(-2)
            inputs = torch.roll(targets, 1)        # np.roll without an axis: the flattened array, rolled by one
            inputs[..., 0] = sos_id                # the only entries that came from another row are these
            return inputs, targets
'''),
    # np.dot(X.mean(axis=-1), W.T) with the tokens as the last axis whatever the batch axes; the bias only when given.
    "blind55_right_average_pool_head_mean_last_axis": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.matmul(X.mean(axis=-1), W.mT)         # np.dot(X.mean(axis=-1), W.T)
            return logits if b is None else logits + b
'''),
    # Two unfolds cut (..., C, H/M, W/M, M, M); the two window-grid axes moved before C and flattened in raster order,
    # the M x M tokens in raster order.
    "blind55_right_window_partition_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                        # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # A row of windows holds W/M windows: torch.split by that size (np.array_split would take H/M sections), windows of
    # a row joined along the width, rows along the height.
    "blind55_right_window_reverse_split_rows_by_width": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            tiles = windows.unflatten(-1, (M, M))                          # (..., nW, C, M, M)
            rows = torch.split(tiles, width // M, dim=-4)                   # W/M windows per row of windows
            return torch.cat([torch.cat(row.unbind(-4), dim=-1) for row in rows], dim=-2)
'''),
    # np.roll(arange(H), -shift) gives the original row of each rolled row (rolled up, as the contract); a row wrapped
    # iff its original index is smaller than its new one; labels compared within each window.
    "blind55_right_shifted_window_mask_rolled_coordinates": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.roll(torch.arange(height), -shift)     # original row of each rolled row (up by shift)
            cols = torch.roll(torch.arange(width), -shift)
            wrapped_rows = rows < torch.arange(height)           # it came from the top: it wrapped around
            wrapped_cols = cols < torch.arange(width)
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # np.stack of the four strided views on a new axis before C, in the contract's order (top-left, bottom-left, top-
    # right, bottom-right), reshaped to 4C features; layer norm with correction=0 and eps inside the square root; W
    # without bias.
    "blind55_right_patch_merging_stack_then_reshape": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = torch.stack([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                                 axis=-4)                          # (..., 4, C, H/2, W/2)
            merged = blocks.reshape(*X.shape[:-3], 4 * channels, (height // 2) * (width // 2))
            mu = merged.mean(axis=-2, keepdims=True)
            var = merged.var(axis=-2, keepdims=True, correction=0)
            normed = (merged - mu) / torch.sqrt(var + eps) * gamma[:, None] + beta[:, None]
            return (W @ normed).reshape(*X.shape[:-3], 2 * channels, height // 2, width // 2)
'''),
    # Scores K_g Q_g^T as einsum '...jn,...in->...ji' (keys j as rows), softmax over each query column, weights^T V_g as
    # '...ji,...jn->...in'; the default scale from X.shape[-1], the tokens.
    "blind55_right_channel_attention_einsum_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)   # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(torch.einsum("...jn,...in->...ji", K, Q) * scale)   # (keys j, queries i)
            return linear(merge_heads(torch.einsum("...ji,...jn->...in", weights, V)), params["Wo"], params["bo"])
'''),
    # np.argmax over the counts listed in first-seen order returns the first maximum, the contract's tie rule (np.unique
    # would sort them).
    "blind55_right_train_bpe_np_argmax_insertion_order": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import numpy as np
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for w, f in counts.items():
                    for p in zip(seg[w], seg[w][1:]):
                        pair_counts[p] += f
                if not pair_counts:
                    break
                keys = list(pair_counts)                          # first-seen order, not np.unique's sorted order
                best = keys[int(np.argmax([pair_counts[k] for k in keys]))]   # np.argmax: the first maximum
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
}
