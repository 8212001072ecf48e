"""Fifty-ninth blind batch of held-out implementations (prefix blind58_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_57.py) were only skimmed for
their entry names and emphasis paragraphs, so that no name repeats and the mechanisms differ from those already there.
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same
time (held_out_blind_59.py).

Emphasis: broadcasting and batch dimensions, in every exercise whose contract takes leading batch axes (softmax,
masking, attention, multihead, transformer_layer, cross_attention, patch_embedding, rnn_attention, positions,
pretraining, imagegpt, swin, davit, embeddings, and sparse_attention's global_token_mask). Wrong entries are right on
one sequence (most of them) and wrong once a batch axis, a second batch axis, a batch of one or a broadcast shape
appears: keepdim slips patched with unsqueeze(0) or left to a scalar (layer_norm, grid_attention); reductions over the
wrong axis only when batched (every axis but the last in softmax_cols and layer_norm, a softmax over dim=1 in
channel_attention, a row axis picked as 1 for "a batch", a channel sum over axis 0 in quantize_pixels); reshape where a
permute or movedim was needed (feed_forward, embed, patchify, patch_embedding, quantize_pixels, multi-head split
reshape(H, -1, N), rotary halves from reshape(2, -1, N)); statistics or memories shared across the batch (a column max,
a layer-norm fold into (B*D, N) rows, an encoder memory pooled over the batch, a batch-wide score maximum); masks
broadcast against the wrong axis (unsqueeze(-3) to pad ranks, mask matrices cycled with i % len, a mask unsqueezed
although the head axis was moved to the front, a vmap holding the mask fixed, a padding mask turned to the row layout,
an enc_mask expanded as if three-axis); a batch of one squeezed away or a batch axis added (softmax_cols, sdpa,
pixel_sequence, multi-head bias view(1, -1, 1), window_partition); shapes that only fit when sizes coincide (N_q = N_k
for a shared head shape, N_e = N_d for expand_as, D_s = D_h for expand_as); expand vs repeat (repeat_interleave of
[CLS], angle tables repeated over a flattened batch); einsum strings whose batch letters are missing or misplaced
(scores summed over the batch in sdpa and channel_attention, a head letter bound to the batch, context einsums without
the batch); positive axis numbers that fit exactly one batch axis (transpose(1, 2), movedim((1, 2), (2, 4)),
transpose(0, 1), transpose(0, -3), cat on dim 0, stack on a new axis 0, ids.shape[0], X.shape[1]). Right entries:
correct batched code written differently: einsum with the ellipsis kept, .mT transposes, explicit broadcast_shapes /
broadcast_to / expand then a loop or a fold over the flattened batch (with the features moved first), torch.func.vmap
over a broadcast batch, the head axis in front so the mask broadcasts unchanged, per-head and per-group loops,
Tensor.unfold for patches, windows and 2x2 blocks, permutations computed from the batch rank, torch.where with a
broadcast fill, F.embedding and F.one_hot with the last two axes swapped.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind58/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` added to its module, the entry's source replacing the function and
the stub's input checks substituted for the marker) and its exercise's visible tests were run on it: every right entry
passes them, and each wrong entry's comment says whether it does (21 of the 55 wrong entries pass them). Each
wrong entry's recorded input was run on the model answer and on the entry and both results printed (shapes, or the
largest difference, or the exception); each differs as its comment says. Every wrong entry but the two mlm_corrupt ones
was also run against the model answer on 240 random inputs grouped by batch shape ((), (1,), (2,), (3,), (2, 3), (1, 3),
(3, 1), (2, 1, 2)), which is where the "right unbatched / right for a batch of one" remarks come from. Right entries
were compared with the model answer on 400 random inputs per input dtype (float32 and float64) under both default dtypes
(float32 and float64): batch shapes as above and empty batches ((0,), (2, 0), (0, 3)), non-contiguous (transposed or
sliced) inputs, the same tensor passed as Q, K and V (and Xq = Xkv), masks of every broadcastable shape the contract
allows ((N_k, N_q), full, fewer leading axes, singleton axes, padding (B, N_k, 1)) with fully hidden query columns, N_q
!= N_k, scales up to 1000x, scores of ±1e4 and -inf columns (softmax), eps 0.0 (layer_norm, patch_merging), explicit
positions from -50 to 3000 and other bases (rotary), uint8 / int32 / int64 ids, state, encoder and mask batches that
broadcast against each other (rnn_attention); values and dtypes to 2e-4 (float32) or 1e-9 (float64) relative, inputs
left unchanged, and gradients of a random projection of every floating output with respect to every floating input and
weight (infinite input entries excluded) to float32 accuracy; quantize_pixels by the distance of the chosen colour (ties
within the expanded form's rounding accepted). mlm_corrupt's right entry (its draws come in another order) was checked
by invariants and frequencies on ids (4000,), (40, 100), (5, 8, 100), (1, 4000), empty, int32 and transposed, with
special ids as list, tuple, tensor and empty: shapes and dtypes, ids unchanged, labels exactly the originals where
chosen and -100 elsewhere, specials never chosen, the chosen fraction within 0.03 of mask_prob, 80 % [MASK] and 10 % +
10 %/V unchanged within 0.05, new draws from the same generator on the next call.

Judgement calls: the earlier batches already hold many batch-axis mistakes (batch 55's axis=0 and .T habits, batch 24's
broadcastable masks, the vmap and einsum batches), so ideas whose mechanism I found there were dropped: shared MLM draws
per row, the head mask with repeat instead of repeat_interleave, torch.outer global masks, W @ s matrix-vector products,
a 1x1 conv1d feed-forward, .T on batched tensors, view on non-contiguous inputs, the flattened-grid softmax over the
whole batch, the (B, n, 1) padding mask compared in three axes. Several wrong entries raise on the batched input instead
of returning a wrong value (a RuntimeError from broadcasting or a reshape); they are kept because the contract allows
that input, and where the same code is silently wrong when two sizes coincide (B = D, B = H, B = N) the comment says so.
blind58_apply_mask_flat_batch_cycles_mask_rows and blind58_additive_attention_scores_shifted_by_the_batch_maximum show
only on narrow inputs (a mask with a singleton axis after a real batch axis; states whose scores lie about 100 apart in
float32), found in 4 and 7 of 240 random inputs respectively. blind58_mlm_draws_shaped_rows_by_positions is right for
exactly the (B, N) ids the visible tests use; kept as wrong since ids (N,) are allowed. A right grid_attention entry
that normalised with exp(scores - logsumexp) was replaced: with v at 100x scale its float32 gradients were about 50
times further from the float64 truth than the model answer's (the relative error of exp(s - lse) grows with |s|), which
I could not be sure a float32-accuracy check accepts; the kept entry uses torch.softmax over the flattened cells. The
right pixel_sequence entry returns empty results for an empty batch where the model answer's reshape(..., -1) raises;
the contract does not name that case. No sampling, bpe, sparse_attention_cost or shifted_window_mask entries: those
functions take no batch axes.

Counts: 55 wrong, 35 right.
Wrong per function: {'additive_attention': 3, 'apply_mask': 2, 'attention_decoder_step': 2, 'average_pool_head': 1, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 3, 'layer_norm': 2, 'mlm_corrupt': 2, 'multi_head_attention': 6, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 2, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 2, 'quantize_pixels': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'softmax_cols': 4, 'transformer_layer': 3, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 2, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'softmax_cols': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_58 = {
    # The stability shift is the maximum of each column position over every matrix of the batch (rows of all of them
    # flattened together), not each column's own maximum: a column far below the same column of another batch item
    # underflows to zeros. scores (2, 3, 2) float32, item 0 all 200 (one 201), item 1 all 0: model item 1 = 1/3
    # everywhere, entry all zeros (max diff 1/3). Right without a batch axis. Passes the visible tests.
    "blind58_softmax_cols_shift_by_column_max_over_flattened_batch": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            n = scores.shape[-1]
            rows = scores.reshape(-1, n)                      # every row of every matrix, one column per query
            column_max = rows.amax(dim=0)                     # (N,): the largest entry of each column position
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Divides by a sum over every axis but the last (the queries), which for a matrix is the column sum and for a batch
    # also sums over the batch items: columns sum to 1 across the batch, not each. randn (2, 3, 4): max diff 0.45. Right
    # without a batch axis and with a batch of one. Fails the visible tests.
    "blind58_softmax_cols_normalised_over_every_axis_but_the_last": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            down_columns = tuple(range(scores.dim() - 1))     # every axis except the queries'
            column_sum = exps.sum(dim=down_columns, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Lifts a matrix to a batch of one, then squeezes axis 0 on the way out, so a real batch of one, (1, M, N), comes
    # back (M, N); and with two batch axes axis 1 is not the rows. randn (1, 3, 4): model (1, 3, 4), entry (3, 4); (2,
    # 3, M, N) is wrong too. Passes the visible tests.
    "blind58_softmax_cols_lifted_to_a_batch_then_squeezed": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            batched = scores if scores.dim() > 2 else scores.unsqueeze(0)   # always (B, M, N) inside
            column_max = batched.amax(dim=1, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(batched - column_max)
            column_sum = exps.sum(dim=1, keepdim=True)
            weights = exps / column_sum.masked_fill(column_sum == 0, 1.0)
            return weights.squeeze(0)                          # back to (M, N) for an unbatched call
'''),
    # Key positions placed on the middle axis and the lengths (B,) left to broadcast on the last: the result is (1, n,
    # B), the batch on the query axis. lengths [1, 3], n 4: model (2, 4, 1), entry (1, 4, 2). Right only for B = 1.
    # Fails the visible tests.
    "blind58_padding_mask_lengths_broadcast_on_the_last_axis": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)[None, :, None]     # (1, n, 1): keys down the middle axis
            return keys < lengths                                          # lengths fill the batch
'''),
    # Pads a mask with fewer axes than the scores by unsqueeze(-3), which inserts the new axis next to (N_k, N_q)
    # instead of in front, so a mask (3, N_k, N_q) over scores (2, 3, N_k, N_q) becomes (3, 1, N_k, N_q): a RuntimeError
    # (3 vs 2); over scores (3, 3, N_k, N_q) it silently applies mask[a] to scores[a, b] (model mask[b]). Right for
    # (N_k, N_q) and full-rank masks. Passes the visible tests.
    "blind58_apply_mask_rank_padded_with_unsqueeze_minus_three": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            while mask.dim() < scores.dim():
                mask = mask.unsqueeze(-3)                       # a missing batch axis in front of (N_k, N_q)
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Flattens the scores' batch and picks the mask matrix i % (number of mask matrices), which is right when the mask's
    # batch is a trailing part of the scores' (or 1) but not for a mask with a singleton axis after a real one: mask (2,
    # 1, 4, 5) over scores (2, 3, 4, 5) hides by mask[i % 2] instead of mask[i // 3] (entries -inf vs finite). Also what
    # multi_head_attention gives it for a padding mask (B, 1, N_k, 1) with B, H > 1. Passes the visible tests.
    "blind58_apply_mask_flat_batch_cycles_mask_rows": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            n_k, n_q = scores.shape[-2:]
            flat = scores.reshape(-1, n_k, n_q)
            masks = mask.reshape(-1, *mask.shape[-2:])           # the mask's own matrices
            hidden = [flat[i].masked_fill(~masks[i % masks.shape[0]], float("-inf")) for i in range(flat.shape[0])]
            return torch.stack(hidden).reshape(scores.shape)
'''),
    # The scores einsum '...dk,...dq->kq' leaves the ellipsis out of the output, so einsum sums the scores over the
    # batch: every item gets the same (N_k, N_q) weights, returned without batch axes. Q (2, 3, 4), K (2, 3, 5), V (2,
    # 2, 5): model weights (2, 5, 4), entry (5, 4); outputs differ by 0.62. Right unbatched. Fails the visible tests.
    "blind58_sdpa_scores_einsum_output_without_ellipsis": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # vmaps one-matrix attention over the flattened batch with in_dims=None for the mask, i.e. one mask for every item:
    # a mask with batch axes is broadcast whole inside each item. Q (2, 3, 4), K (2, 3, 5), V (2, 2, 5), mask (2, 5, 4):
    # model (2, 2, 4), entry RuntimeError from the reshape. Right for (N_k, N_q) masks and no mask. Passes the visible
    # tests.
    "blind58_sdpa_vmap_over_batch_with_mask_unmapped": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def one(q, k, v, m):
                scores = k.transpose(-2, -1) @ q / math.sqrt(q.shape[-2])
                if m is not None:
                    scores = apply_mask(scores, m)
                weights = softmax_cols(scores)
                return v @ weights, weights
            if Q.dim() == 2:
                return one(Q, K, V, mask)
            batch = Q.shape[:-2]
            flat = [X.reshape(-1, *X.shape[-2:]) for X in (Q, K, V)]
            out, weights = torch.func.vmap(one, in_dims=(0, 0, 0, None))(*flat, mask)   # one mask for the batch
            return out.reshape(*batch, *out.shape[-2:]), weights.reshape(*batch, *weights.shape[-2:])
'''),
    # Adds a batch axis to unbatched inputs and removes it with squeeze(0) unconditionally, so a genuine batch of one
    # loses its axis. Q (1, 3, 4), K (1, 3, 5), V (1, 2, 5): model (1, 2, 4) and (1, 5, 4), entry (2, 4) and (5, 4).
    # Passes the visible tests.
    "blind58_sdpa_unbatched_lift_squeezes_a_batch_of_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            unbatched = Q.dim() == 2
            if unbatched:
                Q, K, V = Q[None], K[None], V[None]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out = V @ weights
            return out.squeeze(0), weights.squeeze(0)          # drop the batch axis added above
'''),
    # Projects in nn.Linear's row layout, (..., N, D) @ W.T + b, and transposes back with the fixed axes (1, 2): right
    # for exactly one batch axis, an IndexError unbatched (X (4, 5)) and a scramble with two batch axes (X (2, 3, 4, 5):
    # ValueError from the attention's shape check). Fails the visible tests.
    "blind58_self_attention_row_projections_transposed_back_on_axes_one_two": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            rows = X.transpose(-2, -1)                           # (B, N, D): nn.Linear's layout
            Q = (rows @ Wq.T + bq).transpose(1, 2)
            K = (rows @ Wk.T + bk).transpose(1, 2)
            V = (rows @ Wv.T + bv).transpose(1, 2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Writes the head attention inline and scales by sqrt(Q.shape[1]): after split_heads that is D/H unbatched (H, D/H,
    # N) but H with a batch axis (B, H, D/H, N). Xq = Xkv (2, 6, 4), H = 2 (D/H = 3): outputs differ (scale 1/sqrt(2)
    # instead of 1/sqrt(3)). Right unbatched. Fails the visible tests.
    "blind58_mha_head_width_read_from_axis_one": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)   # (..., H, D/H, N_q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            from .masking import apply_mask
            from .softmax import softmax_cols
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[1])             # the head width D/H
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Splits heads with reshape(H, -1, N), which is right for one sequence but folds the batch into the head rows (head
    # h gets rows of several batch items, and scores mix items), then reshapes straight back. Xq = Xkv (2, 6, 4), H 2:
    # max diff 1.08. Right unbatched and for a batch of one. Fails the visible tests.
    "blind58_mha_heads_split_with_reshape_heads_first": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads_of(Y):
                return Y.reshape(num_heads, -1, Y.shape[-1])              # (H, D/H, N): head h = rows h*D/H ...
            Q = heads_of(linear(Xq, params["Wq"], params["bq"]))
            K = heads_of(linear(Xkv, params["Wk"], params["bk"]))
            V = heads_of(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            merged = heads.reshape(*Xq.shape[:-2], dim, Xq.shape[-1])
            return linear(merged, params["Wo"], params["bo"])
'''),
    # Moves the head axis to the front, (H, ..., D/H, N) (where a mask broadcasts as it is), but still unsqueezes the
    # mask at -3: a batched mask (B, N_k, N_q) becomes (B, 1, N_k, N_q) against (H, B, N_k, N_q), so item b's mask goes
    # to head b. B = H = 2, mask (2, 4, 4): max diff 2.8; B != H raises. Right for (N_k, N_q) masks. Passes the visible
    # tests.
    "blind58_mha_heads_in_front_mask_still_unsqueezed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).movedim(-3, 0)   # (H, ..., D/H, N_q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).movedim(-3, 0)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).movedim(-3, 0)
            if mask is not None:
                mask = mask.unsqueeze(-3)                                 # one mask for all heads
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads.movedim(0, -3)), params["Wo"], params["bo"])
'''),
    # Output projection by einsum over per-head blocks of Wo with 'ehd,h...dn->...en': the head letter is placed before
    # the ellipsis although heads are (..., H, D/H, N), so with a batch axis h binds the batch. Xq (3, 6, 4), H 3: max
    # diff 3.75; B != H raises. Right unbatched. Fails the visible tests.
    "blind58_mha_output_einsum_head_letter_before_ellipsis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)          # (..., H, D/H, N_q)
            Wo = params["Wo"].reshape(dim, num_heads, dim // num_heads)    # column block h of Wo reads head h
            out = torch.einsum("ehd,h...dn->...en", Wo, heads)
            return out + params["bo"][:, None]
'''),
    # Adds bo as bo.view(1, -1, 1), shaped for a (B, D, N) batch: an unbatched call gains a leading axis. Xq = Xkv (6,
    # 4): model (6, 4), entry (1, 6, 4). Right with batch axes. Fails the visible tests.
    "blind58_mha_output_bias_shaped_for_a_batch": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ merge_heads(heads) + params["bo"].view(1, -1, 1)   # (B, D, 1) against (B, D, N)
'''),
    # Computes the (..., H, D/H, N) head shape once from Xq and reshapes K and V to it too: N_k != N_q cannot be
    # reshaped (cross-attention). Xq (2, 6, 4), Xkv (2, 6, 5): model (2, 6, 4), entry RuntimeError. Right for
    # self-attention. Fails the visible tests.
    "blind58_mha_head_shape_computed_once_from_the_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, _, n = Xq.shape
            head_shape = (*batch, num_heads, dim // num_heads, n)          # (..., H, D/H, N) for Q, K and V
            Q = linear(Xq, params["Wq"], params["bq"]).reshape(head_shape)
            K = linear(Xkv, params["Wk"], params["bk"]).reshape(head_shape)
            V = linear(Xkv, params["Wv"], params["bv"]).reshape(head_shape)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(heads.reshape(*batch, dim, n), params["Wo"], params["bo"])
'''),
    # Mean and variance over every axis but the token axis: for a matrix the features, for a batch also the batch items
    # (statistics mixed across sequences). X (2, 4, 3): max diff 0.80. Right unbatched and for a batch of one. Passes
    # the visible tests.
    "blind58_layer_norm_statistics_over_every_axis_but_the_tokens": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            features = tuple(range(X.dim() - 1))                 # all but the token axis
            mean = X.mean(dim=features, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=features, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Reduces without keepdim and restores the axis with unsqueeze(0): (N,) -> (1, N) is right for a matrix, but (B, N)
    # -> (1, B, N) lines the batch up with the features. X (2, 4, 3): RuntimeError; X (4, 4, 3) (B = D): max diff 1.5,
    # silently. Right unbatched and for B = 1. Fails the visible tests.
    "blind58_layer_norm_mean_without_keepdim_unsqueezed_in_front": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2).unsqueeze(0)                   # (N,) -> a (1, N) row to broadcast down the columns
            variance = ((X - mean) ** 2).mean(dim=-2).unsqueeze(0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Folds the batch into columns with X.reshape(D, -1) without moving D first, so each 'column' mixes features of
    # different tokens and items, and reshapes back. X (2, 3, 4), F 5: max diff 18.7. Right unbatched and for a batch of
    # one. Passes the visible tests.
    "blind58_feed_forward_batch_folded_by_reshape_without_moving_features": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            dim = X.shape[-2]
            columns = X.reshape(dim, -1)                          # every token of every sequence as one (D, B*N)
            hidden = torch.relu(W1 @ columns + b1[:, None])
            out = W2 @ hidden + b2[:, None]
            return out.reshape(X.shape)
'''),
    # Runs both layer norms on the batch folded into rows, (B*D, N) with gamma and beta repeated: the statistics are
    # taken over all B*D rows, i.e. across the batch. X (2, 4, 3), H 2: max diff 0.54. Right unbatched and for a batch
    # of one. Passes the visible tests.
    "blind58_transformer_layer_norms_on_batch_folded_into_rows": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            dim, n = X.shape[-2:]
            copies = X.numel() // (dim * n)                        # how many sequences the batch holds

            def norm(Y, gamma, beta):                              # one call for the whole batch: (B*D, N)
                flat = layer_norm(Y.reshape(-1, n), gamma.repeat(copies), beta.repeat(copies))
                return flat.reshape(Y.shape)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Uses F.layer_norm on Y.transpose(0, 1), which puts the features last only for a matrix (the .T of a (D, N)
    # sequence); with a batch axis the tokens' axis is normalised against D. X (2, 4, 3): RuntimeError from
    # F.layer_norm; X (1, 4, 3) too. Right unbatched. Fails the visible tests.
    "blind58_transformer_layer_functional_norm_on_transpose_zero_one": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            import torch.nn.functional as F

            def norm(Y, gamma, beta):                              # F.layer_norm normalises the last axis
                return F.layer_norm(Y.transpose(0, 1), (Y.shape[-2],), gamma, beta, 1e-5).transpose(0, 1)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Expands enc_mask with expand(-1, -1, N_d), written for the padding mask (B, N_e, 1): a two-axis mask (N_e, N_d)
    # (or one with two batch axes) cannot be expanded that way. X_dec (2, 4, 5), X_enc (2, 4, 3), enc_mask (3, 5): model
    # (2, 4, 5), entry RuntimeError. Right for (B, N_e, 1) and (B, N_e, N_d). Passes the visible tests.
    "blind58_cross_attention_mask_expanded_as_a_three_axis_padding_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.expand(-1, -1, X_dec.shape[-1])     # (B, N_e, 1) -> (B, N_e, N_d)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Flattens the encoder states of the whole batch into one memory (D, B*N_e) for the keys and values, so every
    # decoder sequence attends to every item's encoder states. X_dec (2, 4, 5), X_enc (2, 4, 3), H 2, no mask: max diff
    # 2.06. Right unbatched and for a batch of one. Passes the visible tests.
    "blind58_cross_attention_encoder_batch_pooled_into_one_memory": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            from .attention import scaled_dot_product_attention
            dim = X_enc.shape[-2]
            memory = X_enc.movedim(-2, 0).reshape(dim, -1)            # the encoder states of the batch, (D, B*N_e)
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(memory, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(memory, params["Wv"], params["bv"]), num_heads)
            if enc_mask is not None:
                enc_mask = enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, enc_mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Expands X_enc to X_dec's shape to line up batch axes, which also demands N_e = N_d: X_dec (2, 4, 5), X_enc (2, 4,
    # 3): model (2, 4, 5), entry RuntimeError. Right when N_e = N_d. Fails the visible tests.
    "blind58_decoder_layer_encoder_expanded_as_the_decoder": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X_enc = X_enc.expand_as(X_dec)                            # line the batch axes up with the decoder's
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
    # Projects all patches of the batch as one (C*P*P, B*N) matrix, then reshapes (D, B*N) straight to (B, D, N) where a
    # (D, B, N) reshape and a transpose were needed. images (2, 3, 4, 4), P 2, D 5: max diff 10.2. Right for B = 1.
    # Fails the visible tests.
    "blind58_patch_embedding_batch_folded_then_unfolded_without_permute": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                     # (B, C*P*P, N)
            batch, features, n = patches.shape
            flat = patches.transpose(0, 1).reshape(features, batch * n)   # all the patches of the batch as columns
            tokens = (W @ flat + b[:, None]).reshape(batch, -1, n)     # back to (B, D, N)
            cls_column = cls_token[:, None].expand(batch, -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Builds one row per patch, (B*N, C*P*P), transposes to (C*P*P, B*N) and reshapes to (B, C*P*P, N): a reshape where
    # the batch had to be split off first. images (2, 3, 4, 4), P 2: max diff 3.0. Right for B = 1. Passes the visible
    # tests.
    "blind58_patchify_patch_rows_transposed_before_unflattening_batch": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            tiles = images.unfold(2, P, P).unfold(3, P, P)               # (B, C, H/P, W/P, P, P)
            rows = tiles.permute(0, 2, 3, 1, 4, 5).reshape(-1, channels * P * P)   # one row per patch, (B*N, C*P*P)
            return rows.T.reshape(batch, channels * P * P, -1)           # patches as columns
'''),
    # Tiles the [CLS] token with repeat_interleave(B) (each feature repeated B times in a row) where repeat was meant,
    # so the (B, D, 1) column holds c0, c0, c1, ... for B > 1. images (2, 3, 4, 4), P 2, D 5: max diff 1.95. Right for B
    # = 1. Passes the visible tests.
    "blind58_patch_embedding_cls_repeat_interleaved_over_batch": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)         # (B, D, N)
            batch, dim = tokens.shape[:2]
            cls_column = cls_token.repeat_interleave(batch).reshape(batch, dim, 1)   # one [CLS] per image
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Context as (weights * H).sum(-1) with weights (..., N) lacking the feature axis: right for one state (N,) * (D_h,
    # N), but a batch lines weights (B, N) up with (D_h, N). s (2, 2), H (2, 4, 5): RuntimeError (B = D_h would be
    # silent). Fails the visible tests.
    "blind58_additive_attention_context_weights_without_feature_axis": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (weights * H).sum(dim=-1)                      # sum_i weights_i h_i
            return weights, context
'''),
    # Shifts the scores by one maximum over the whole batch before exp: a state whose scores all lie far below another
    # state's underflows to weights of zero (then 0/0 is patched to zero). s (2, 2), H (2, 4, 5), v 100x: model weights
    # sum to 1 per state, entry one state's weights all zero (max diff about 1). Right unbatched. Passes the visible
    # tests.
    "blind58_additive_attention_scores_shifted_by_the_batch_maximum": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)           # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.max()                                        # shift for stability
            exps = torch.exp(scores - top) if torch.isfinite(top) else torch.zeros_like(scores)
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Subtracts scores.amax(dim=(-2, -1)) without keepdim: a scalar for one state, but (B,) against (B, H, W) lines the
    # batch up with the columns. s (2, 2), features (2, 4, 3, 3): RuntimeError; with B = W = 3 the wrong shift per
    # column changes the weights silently (max diff 0.06). Right unbatched. Fails the visible tests.
    "blind58_grid_attention_grid_maximum_without_keepdim": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                     # (..., D_a, 1, 1)
            cells = torch.einsum("ac,...chw->...ahw", U, features)
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(cells + query))   # (..., H, W)
            exps = torch.exp(scores - scores.amax(dim=(-2, -1)))
            weights = exps / exps.sum(dim=(-2, -1), keepdim=True)
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # Flattens the grid with features.flatten(1): (C, H*W) for one grid, but (B, C*H*W) for a batch. s (2, 2), features
    # (2, 4, 3, 3): model (2, 3, 3), entry ValueError from additive_attention's shape check. Right unbatched. Fails the
    # visible tests.
    "blind58_grid_attention_cells_flattened_from_axis_one": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(1)                                # (C, H*W): one column per cell
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Builds [s; c] with torch.cat([s, context]) (default dim 0): right for vectors, but batched states are concatenated
    # along the batch. s_prev (2, 2), y_prev (2, 3), H (2, 4, 5): model logits (2, 6), entry RuntimeError. Right
    # unbatched. Fails the visible tests.
    "blind58_decoder_step_readout_concatenated_on_axis_zero": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            readout = torch.cat([s, context])                          # [s; c]
            logits = readout @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Rejoins the rotated halves with torch.cat([...]) on dim 0: the rows for a matrix, the batch for a batch. Q = K (2,
    # 4, 3): model (2, 4, 3), entry (4, 2, 3). Right unbatched. Fails the visible tests.
    "blind58_rotary_halves_rejoined_on_axis_zero": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin])     # stack the halves
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Splits rows i and i + D/2 with X.reshape(2, -1, N) and repeats the angle table once per sequence: for a batch the
    # 'top half' is the first half of the batch. Q, K (2, 4, 3): max diff 2.5. Right unbatched and for a batch of one.
    # Fails the visible tests.
    "blind58_rotary_halves_split_on_the_flattened_batch": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).to(X.dtype)   # (D/2, N)
                copies = X.numel() // (dim * n)
                cos, sin = angles.cos().repeat(copies, 1), angles.sin().repeat(copies, 1)     # one table per sequence
                top, bottom = X.reshape(2, -1, n)                          # rows i and i + D/2
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin]).reshape(X.shape)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Excludes specials with (ids[None] != special[:, None]).all(0): right for ids (N,), but for ids (B, N) the specials
    # line up with the rows, so row b only excludes special b (or it raises when S != B). ids (2, 1200) with specials
    # [0, 1], mask_prob 0.5: 206 special positions chosen (model 0). Fails the visible tests.
    "blind58_mlm_specials_compared_along_the_first_axis": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = (ids[None] != special[:, None]).all(dim=0)    # (S, N): not equal to any special id
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Draws (ids.shape[0], ids.shape[-1]) uniforms, written for (B, N): unbatched ids (12,) give (12, 12) results, and
    # ids with two batch axes share draws along the first axis or raise. Right for (B, N). Passes the visible tests.
    "blind58_mlm_draws_shaped_rows_by_positions": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            shape = (ids.shape[0], ids.shape[-1])                     # (B, N): a draw per sequence and position
            chosen = eligible & (torch.rand(shape, generator=generator) < mask_prob)
            action = torch.rand(shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Folds images into (C, pixels) with reshape(C, -1) without moving C first: for a batch each 'pixel' mixes channels
    # of different pixels and images. images (2, 3, 2, 2), palette (3, 6): 5 of 8 ids differ. Right unbatched and for a
    # batch of one. Fails the visible tests.
    "blind58_quantize_pixels_channels_folded_with_reshape": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            channels, height, width = images.shape[-3:]
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(channels, -1)             # (C, pixels of every image)
            distances = (pixels[:, :, None] - palette.to(dtype)[:, None, :]).square().sum(dim=0)   # (pixels, K)
            return distances.argmin(dim=-1).reshape(*images.shape[:-3], height, width)
'''),
    # Moves the colour axis with transpose(0, -3), a swap, which equals movedim(0, -3) with at most one batch axis; with
    # two the batch axes come out reversed around C. ids (2, 3, 2, 2), palette (3, 6): model (2, 3, 3, 2, 2), entry (3,
    # 2, 3, 2, 2). Passes the visible tests.
    "blind58_dequantize_colour_axis_swapped_with_transpose": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.long()]                            # (C, ..., H, W)
            return colours.transpose(0, -3)                            # the colour axis before H, W
'''),
    # Makes the start column (ids.shape[0], 1), one per image of a (B, H, W) batch: an unbatched (H, W) image gets an
    # (H, 1) column against a (H*W,) sequence. ids (2, 2): model (4,), entry RuntimeError; two batch axes fail too.
    # Fails the visible tests.
    "blind58_pixel_sequence_start_column_sized_by_axis_zero": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.full((ids.shape[0], 1), sos_id, dtype=torch.long, device=ids.device)   # one per image
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # Averages by X.sum(-1) / X.shape[1]: N for a matrix (D, N), D with a batch axis. X (2, 3, 4), W (5, 3): pooled
    # features scaled by 4/3 (max diff 0.71). Right unbatched. Fails the visible tests.
    "blind58_average_pool_head_token_count_from_axis_one": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[1]                          # the mean over the N tokens
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Folds the batch with reshape(-1, C, ...) and returns (-1, nW, C, M*M): an unbatched grid gains a batch axis of one
    # and two batch axes merge. X (2, 4, 4), M 2: model (4, 2, 4), entry (1, 4, 2, 4). Right with one batch axis. Fails
    # the visible tests.
    "blind58_window_partition_batch_folded_never_unfolded": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(-1, channels, height // M, M, width // M, M)      # (B, C, a, p, b, q)
            grid = grid.permute(0, 2, 4, 1, 3, 5)                               # (B, a, b, C, p, q)
            return grid.reshape(-1, (height // M) * (width // M), channels, M * M)
'''),
    # movedim((1, 2), (2, 4)) counts from the front, which fits (B, a, b, C, p, q) only: unbatched windows are scrambled
    # and two batch axes too. windows (4, 2, 4), M 2, 4x4 grid: max diff 2.7. Right with one batch axis. Fails the
    # visible tests.
    "blind58_window_reverse_movedim_with_positive_axes": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)   # (B, a, b, C, p, q)
            grid = grid.movedim((1, 2), (2, 4))                                       # (B, C, a, p, b, q)
            return grid.reshape(*batch, channels, height, width)
'''),
    # Stacks the four blocks on a new axis 0 and flattens (0, 1): (4C, H/2, W/2) for one grid, but (4B, C, ...) for a
    # batch. X (2, 2, 4, 4): model (2, 4, 2, 2), entry RuntimeError (X (1, 2, 4, 4) too). Right unbatched. Fails the
    # visible tests.
    "blind58_patch_merging_blocks_stacked_on_a_new_first_axis": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.stack(blocks).flatten(0, 1)                  # (4C, H/2, W/2): block k's channels at k*C
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Scores by einsum '...gjn,...gin->gji' without the ellipsis in the output: the scores are summed over the batch, so
    # every item gets the same channel weights. X (2, 4, 5), G 2: max diff 0.40. Right unbatched and for a batch of one.
    # Passes the visible tests.
    "blind58_channel_attention_scores_einsum_drops_the_batch": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)     # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = torch.einsum("...gjn,...gin->gji", K, Q) * scale              # (G, keys, queries)
            weights = softmax_cols(scores)
            attended = torch.einsum("...gji,...gjn->...gin", weights, V)
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # torch.softmax(scores, dim=1), the keys axis of one (G, C/G, C/G) stack but the group axis once a batch axis is in
    # front. X (2, 4, 5), G 2: max diff 0.96; X (1, 4, 5) too. Right unbatched. Passes the visible tests.
    "blind58_channel_attention_softmax_over_axis_one": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale                   # (G, keys, queries)
            weights = torch.softmax(scores, dim=1)                     # over the keys
            attended = weights.transpose(-2, -1) @ V
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Looks up all ids at once, (D, B*N), and reshapes to (B, D, N) where the D axis had to move behind the batch: ids
    # (2, 4), omega (3, 6): max diff 1.97. Right unbatched and for a batch of one. Fails the visible tests.
    "blind58_embed_flat_lookup_reshaped_without_moving_features": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            columns = omega_e[:, token_ids.reshape(-1)]                 # (D, every id of the batch)
            return columns.reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # F.one_hot gives (..., N, V); transpose(0, -1) is the (V, N) transpose for one sequence but swaps the batch and
    # vocabulary axes of a batch. ids (2, 4), V 6: model (2, 6, 4), entry (6, 4, 2). Fails the visible tests.
    "blind58_one_hot_functional_transposed_first_with_last": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            rows = F.one_hot(token_ids, vocab_size)                     # (..., N, V)
            return rows.transpose(0, -1).to(dtype or torch.get_default_dtype())
'''),
    # Picks the rows' axis as 0 for a matrix and 1 otherwise, right with no or one batch axis and wrong with two: randn
    # (2, 3, 4, 5): the softmax runs over axis 1 (size 3), max diff 0.57. Passes the visible tests.
    "blind58_softmax_cols_axis_picked_for_one_batch_axis": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            axis = 0 if scores.dim() == 2 else 1                   # the rows: axis 0 of a matrix, 1 of a batch
            column_max = scores.amax(dim=axis, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=axis, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # is_global[..., None] | is_global: the query side has no key axis of its own, which broadcasts right for (N,) but
    # lines a batch (B, N) up with (N, 1). is_global (2, 3): RuntimeError; (3, 3) (B = N): 7 of 27 entries differ,
    # silently. Right unbatched. Fails the visible tests.
    "blind58_global_token_mask_query_side_broadcast_without_its_axis": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return is_global[..., None] | is_global                  # keys down the rows, queries along the columns
'''),
    # Context by einsum 'dn,...n->...d': the encoder states get no batch letters, so batched H (B, D_h, N) raises (s (2,
    # 2), H (2, 4, 5)); right when H is shared and only s is batched. Fails the visible tests.
    "blind58_additive_attention_context_einsum_encoder_unbatched": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.einsum("dn,...n->...d", H, weights)          # sum_i weights_i h_i
            return weights, context
'''),
    # Gives s_prev the context's batch axes with expand_as(context), which also demands D_s = D_h: s_prev (2,), H (4,
    # 5): model s (2,), entry RuntimeError. Right when D_s = D_h. Fails the visible tests.
    "blind58_decoder_step_state_expanded_as_the_context": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            h = s_prev.expand_as(context)                                  # give the state the context's batch axes
            x = torch.cat([y_prev.expand(*context.shape[:-1], -1), context], dim=-1)
            s = gru_step(x, h, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = torch.cat([s, context], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Context by einsum '...chw,hw->...c': the weights get no batch letters, so a batch of states fails. s (2, 2),
    # features (2, 4, 3, 3): model context (2, 4), entry RuntimeError. Right for one state. Fails the visible tests.
    "blind58_grid_attention_context_einsum_weights_without_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, _ = additive_attention(s, features.flatten(-2), W, U, v)
            weights = weights.unflatten(-1, (height, width))
            context = torch.einsum("...chw,hw->...c", features, weights)   # sum over the grid cells
            return weights, context
'''),
    # Broadcasts the palette as (C, 1, 1, K) and sums the squared differences over axis 0, the channels of one image but
    # the batch of a batch. images (2, 3, 2, 2), palette (3, 6): model (2, 2, 2), entry (3, 2, 2). Right unbatched.
    # Fails the visible tests.
    "blind58_quantize_pixels_channel_distance_summed_over_axis_zero": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            differences = images.to(dtype)[..., None] - palette.to(dtype)[:, None, None, :]   # (C, H, W, K)
            distances = differences.square().sum(dim=0)                   # over the channels
            return distances.argmin(dim=-1)
'''),
    # Transposes a padding mask (B, N, 1) to (B, 1, N), the row convention's key padding, which in this layout hides
    # queries instead of keys; it broadcasts silently because N_q = N_k in self-attention. X (2, 4, 3), H 2, mask
    # lengths [2, 1]: max diff 5.97. Right for (N, N) and (B, N, N) masks. Passes the visible tests.
    "blind58_transformer_layer_padding_mask_turned_to_row_layout": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None and mask.shape[-1] == 1:                  # a padding mask: (B, N, 1) -> (B, 1, N)
                mask = mask.transpose(-2, -1)
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
    # squeeze()s the ids first, dropping a batch of one ((1, 2, 2) gives (4,) instead of (1, 4)) and any image side of
    # length 1 ((1, 3) raises IndexError). Fails the visible tests.
    "blind58_pixel_sequence_ids_squeezed_first": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            ids = ids.squeeze()                                            # a (1, H, W) image is just (H, W)
            targets = ids.long().flatten(-2)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
}

RIGHT_BLIND_58 = {
    # torch.softmax over the last axis of the transpose; all -inf columns (NaN) replaced by zeros with torch.where.
    "blind58_right_softmax_cols_torch_softmax_on_transposed_nan_zeroed": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            weights = torch.softmax(scores.transpose(-2, -1), dim=-1).transpose(-2, -1)   # rows of the transpose
            return torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)  # all -inf columns
'''),
    # Loops over the flattened batch, one stable column softmax per matrix, stacked and reshaped back.
    "blind58_right_softmax_cols_flattened_batch_loop_of_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            m, n = scores.shape[-2:]
            flat = scores.reshape(-1, m, n)
            out = []
            for matrix in flat:
                top = matrix.amax(dim=0, keepdim=True)
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
                exps = (matrix - top).exp()
                total = exps.sum(dim=0, keepdim=True)
                out.append(exps / torch.where(total == 0, torch.ones_like(total), total))
            if not out:
                return scores.clone()
            return torch.stack(out).reshape(scores.shape)
'''),
    # torch.where(mask, scores, -inf): the result has the broadcast shape, which is the scores' (no mask adds axes).
    "blind58_right_apply_mask_where_with_broadcast_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = torch.full_like(scores, float("-inf"))
            return torch.where(mask, scores, hidden)              # mask broadcasts to the scores, never beyond
'''),
    # The mask broadcast to the scores' shape first, then masked_fill with its logical_not.
    "blind58_right_apply_mask_broadcast_to_then_masked_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            visible = torch.broadcast_to(mask, scores.shape)
            return scores.masked_fill(visible.logical_not(), float("-inf"))
'''),
    # Positions expanded to (B, n), compared with lengths (B, 1), query axis added last.
    "blind58_right_padding_mask_expanded_positions_then_query_axis": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            positions = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)   # (B, n)
            return (positions < lengths.unsqueeze(1)).unsqueeze(-1)
'''),
    # Query-major scores Q^T K transposed back with .mT, and the output as (weights^T V^T)^T: .mT on every batch rank.
    "blind58_right_sdpa_transposed_scores_then_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            query_major = Q.mT @ K / math.sqrt(Q.shape[-2])            # (..., N_q, N_k) = (K^T Q)^T
            scores = query_major.mT
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out = (weights.mT @ V.mT).mT                                # (V weights) via its transpose
            return out, weights
'''),
    # Broadcasts Q, K, V and the mask's batch axes explicitly, loops over the flattened batch, stacks and unflattens; an
    # empty batch gives empty results still on the graph.
    "blind58_right_sdpa_explicit_broadcast_and_batch_loop": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            shapes = [Q.shape[:-2], K.shape[:-2], V.shape[:-2]]
            if mask is not None:
                shapes.append(mask.shape[:-2])
            batch = torch.broadcast_shapes(*shapes)
            def flat(X):
                return X.expand(*batch, *X.shape[-2:]).reshape(-1, *X.shape[-2:])
            q, k, v = flat(Q), flat(K), flat(V)
            n_k, n_q = K.shape[-1], Q.shape[-1]
            m = flat(mask.expand(*mask.shape[:-2], n_k, n_q)) if mask is not None else None
            outs, ws = [], []
            for i in range(q.shape[0]):
                s = k[i].T @ q[i] / math.sqrt(Q.shape[-2])
                if m is not None:
                    s = apply_mask(s, m[i])
                w = softmax_cols(s)
                outs.append(v[i] @ w)
                ws.append(w)
            if not outs:                                                  # an empty batch: empty results
                w = (K.transpose(-2, -1) @ Q) * 0
                return V @ w, w
            return torch.stack(outs).reshape(*batch, V.shape[-2], n_q), torch.stack(ws).reshape(*batch, n_k, n_q)
'''),
    # Projects every token of the batch as one (D, B*N) matrix (features moved first), unfolds before attending.
    "blind58_right_self_attention_projections_on_folded_batch": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            *batch, dim, n = X.shape
            columns = X.movedim(-2, 0).reshape(dim, -1)               # (D, B*N): every token of the batch
            def project(W, b):
                Y = W @ columns + b[:, None]                          # (D_out, B*N)
                return Y.reshape(W.shape[0], *batch, n).movedim(0, -2)   # unfolded before attending
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # Head axis moved to the front (H, ..., D/H, N): a mask (..., N_k, N_q) lines up from the right with no unsqueeze.
    "blind58_right_mha_heads_in_front_mask_broadcasts_as_is": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).movedim(-3, 0)   # (H, ..., D/H, N_q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).movedim(-3, 0)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).movedim(-3, 0)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)      # (..., N_k, N_q) lines up from the right
            return linear(merge_heads(heads.movedim(0, -3)), params["Wo"], params["bo"])
'''),
    # One attention call per head on row blocks of the projections (mask broadcast as given), heads concatenated on -2.
    "blind58_right_mha_per_head_loop_on_row_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            width = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outs = []
            for h in range(num_heads):
                rows = slice(h * width, (h + 1) * width)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # Flattens the batch to one axis, broadcasts the mask to (*batch, N_k, N_q) before folding it, head axis at 1.
    "blind58_right_mha_batch_flattened_mask_broadcast_then_folded": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            batch = Xq.shape[:-2]
            n_q, n_k = Xq.shape[-1], Xkv.shape[-1]
            xq = Xq.reshape(-1, dim, n_q)
            xkv = Xkv.reshape(-1, dim, n_k)
            Q = split_heads(linear(xq, params["Wq"], params["bq"]), num_heads)   # (B, H, D/H, N_q)
            K = split_heads(linear(xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = torch.broadcast_to(mask, (*batch, n_k, n_q)).reshape(-1, 1, n_k, n_q)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            return out.reshape(*batch, dim, n_q)
'''),
    # torch.var_mean(correction=0, keepdim=True) and rsqrt; gamma, beta unsqueezed on the last axis.
    "blind58_right_layer_norm_var_mean_rsqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            variance, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return (X - mean) * torch.rsqrt(variance + eps) * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # Loops over the flattened batch: each matrix normalised down its columns, stacked and reshaped back.
    "blind58_right_layer_norm_per_column_loop_over_flat_batch": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            dim, n = X.shape[-2:]
            flat = X.reshape(-1, dim, n)
            out = []
            for matrix in flat:
                centred = matrix - matrix.mean(dim=0, keepdim=True)
                variance = (centred * centred).mean(dim=0, keepdim=True)
                out.append(centred / (variance + eps).sqrt() * gamma[:, None] + beta[:, None])
            if not out:
                return (X - X) + beta[:, None]
            return torch.stack(out).reshape(X.shape)
'''),
    # Moves D to the front before folding the batch into columns, (D, B*N); clamp(min=0) as ReLU; moves D back.
    "blind58_right_feed_forward_folded_columns_moved_back": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            *batch, dim, n = X.shape
            columns = X.movedim(-2, 0).reshape(dim, -1)                 # (D, B*N), features first
            hidden = (W1 @ columns + b1[:, None]).clamp(min=0)
            out = W2 @ hidden + b2[:, None]
            return out.reshape(W2.shape[0], *batch, n).movedim(0, -2)
'''),
    # The mask expanded to (..., N, N) once; the two sublayers as a list of (function, gain, shift) walked in order.
    "blind58_right_transformer_layer_sublayer_list_with_expanded_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                mask = mask.expand(*mask.shape[:-2], X.shape[-1], X.shape[-1])
            blocks = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            ]
            for block, g, b in blocks:
                if norm_first:
                    X = X + block(layer_norm(X, params[g], params[b]))
                else:
                    X = layer_norm(X + block(X), params[g], params[b])
            return X
'''),
    # enc_mask expanded to (..., N_e, N_d) keeping its own batch axes, then multi_head_attention.
    "blind58_right_cross_attention_mask_expanded_to_decoder_queries": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.expand(*enc_mask.shape[:-2], X_enc.shape[-1], X_dec.shape[-1])
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The causal mask built by broadcasting comparison and repeated over X_dec's batch axes (repeat, a copy per item).
    "blind58_right_decoder_layer_causal_mask_repeated_over_batch": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            positions = torch.arange(n, device=X_dec.device)
            causal = (positions[:, None] <= positions[None, :]).repeat(*X_dec.shape[:-2], 1, 1)   # (..., N_d, N_d)
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Tensor.unfold twice (B, C, H/P, W/P, P, P), grid axes moved before the channel, reshape, transpose.
    "blind58_right_patchify_tensor_unfold_permute": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            tiles = images.unfold(2, P, P).unfold(3, P, P)              # (B, C, H/P, W/P, P, P)
            rows = tiles.permute(0, 2, 3, 1, 4, 5).reshape(batch, -1, channels * P * P)   # (B, N, C*P*P)
            return rows.transpose(1, 2)
'''),
    # Patches projected with einsum 'dk,bkn->bdn', [CLS] expanded to (B, D) then unsqueezed, positions unsqueezed.
    "blind58_right_patch_embedding_einsum_cls_expanded": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                      # (B, C*P*P, N)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls_column = cls_token.expand(patches.shape[0], -1).unsqueeze(-1)   # (B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions.unsqueeze(0)
'''),
    # Broadcasts s, H and the mask to their common batch, flattens it, and vmaps one-state attention over it.
    "blind58_right_additive_attention_vmap_over_broadcast_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            n = H.shape[-1]
            shapes = [s.shape[:-1], H.shape[:-2]] + ([mask.shape[:-1]] if mask is not None else [])
            batch = torch.broadcast_shapes(*shapes)
            s_flat = s.expand(*batch, s.shape[-1]).reshape(-1, s.shape[-1])
            H_flat = H.expand(*batch, *H.shape[-2:]).reshape(-1, *H.shape[-2:])
            m_flat = (mask.expand(*batch, n).reshape(-1, n) if mask is not None
                      else torch.ones(s_flat.shape[0], n, dtype=torch.bool, device=H.device))

            def one(state, states, visible):
                e = v @ torch.tanh((W @ state)[:, None] + U @ states)     # (N,)
                e = torch.where(visible, e, torch.full_like(e, float("-inf")))
                w = softmax_cols(e[:, None])[:, 0]
                return w, states @ w

            weights, context = torch.func.vmap(one)(s_flat, H_flat, m_flat)
            return weights.reshape(*batch, n), context.reshape(*batch, H.shape[-2])
'''),
    # Scores by einsum over the grid; one torch.softmax over the flattened H*W cells per state; context by einsum.
    "blind58_right_grid_attention_einsum_torch_softmax_on_flat_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = torch.einsum("ad,...d->...a", W, s)[..., :, None, None]        # (..., D_a, 1, 1)
            cells = torch.einsum("ac,...chw->...ahw", U, features)
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(cells + query))    # (..., H, W)
            weights = torch.softmax(scores.flatten(-2), dim=-1).reshape(scores.shape)   # one softmax per grid
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # broadcast_shapes of s_prev, y_prev and the context; every piece expanded to it; the GRU written out by slices.
    "blind58_right_decoder_step_broadcast_shapes_then_cat": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
            h = s_prev.expand(*batch, -1)
            gates_x = x @ params["weight_ih"].T + params["bias_ih"]
            gates_h = h @ params["weight_hh"].T + params["bias_hh"]
            size = h.shape[-1]
            r = torch.sigmoid(gates_x[..., :size] + gates_h[..., :size])
            z = torch.sigmoid(gates_x[..., size:2 * size] + gates_h[..., size:2 * size])
            cand = torch.tanh(gates_x[..., 2 * size:] + r * gates_h[..., 2 * size:])
            s = (1 - z) * cand + z * h
            logits = torch.cat([s, context.expand(*batch, -1)], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # One (D, D) rotation matrix per position built in float64, applied by einsum 'ijn,...jn->...in'.
    "blind58_right_rotary_rotation_matrices_einsum": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]          # (D/2, N)
                cos, sin = angles.cos(), angles.sin()
                R = torch.zeros(dim, dim, n, dtype=torch.float64)                        # R[:, :, n] rotates column n
                idx = torch.arange(half)
                R[idx, idx] = cos
                R[idx + half, idx + half] = cos
                R[idx, idx + half] = -sin
                R[idx + half, idx] = sin
                return torch.einsum("ijn,...jn->...in", R.to(X.dtype), X)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Works on ids.reshape(-1): specials by broadcast comparison, index assignment into clones, reshaped back.
    "blind58_right_mlm_corrupt_on_flat_ids_reshaped_back": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            flat = ids.reshape(-1)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = (flat[:, None] != special[None, :]).all(dim=1)
            chosen = eligible & (torch.rand(flat.shape, generator=generator) < mask_prob)
            u = torch.rand(flat.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator, dtype=ids.dtype)
            corrupted = flat.clone()
            corrupted[chosen & (u < 0.8)] = mask_id
            swap = chosen & (u >= 0.8) & (u < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(flat.shape, -100, dtype=torch.long)
            labels[chosen] = flat[chosen].long()
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # Distances in the expanded form |x|^2 + |p|^2 - 2 x.p with an einsum over the channels (the contract accepts either
    # id where the expanded form's rounding decides).
    "blind58_right_quantize_expanded_form_einsum": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            cross = torch.einsum("...chw,ck->...hwk", x, p)                     # x . p for every pixel and colour
            distances = x.square().sum(dim=-3)[..., None] + p.square().sum(dim=0) - 2 * cross
            return distances.argmin(dim=-1)
'''),
    # Rows of the transposed palette indexed by the ids, (..., H, W, C), channel moved to -3.
    "blind58_right_dequantize_transposed_table_lookup": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.T[ids.long()]                                      # (..., H, W, C)
            return colours.movedim(-1, -3)
'''),
    # Targets cloned and shifted by slice assignment, the start id written into column 0.
    "blind58_right_pixel_sequence_shift_into_cloned_targets": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1])
            inputs = targets.clone()
            inputs[..., 1:] = targets[..., :-1]
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Projects every token (W @ X) and averages the logits: the mean commutes with W.
    "blind58_right_average_pool_head_project_then_average": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X).mean(dim=-1)                                        # the mean commutes with W
            return logits if b is None else logits + b
'''),
    # Tensor.unfold on H then W, (..., C, H/M, W/M, M, M), flattened to (..., C, nW, M*M) and transposed.
    "blind58_right_window_partition_double_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)            # (..., C, H/M, W/M, M, M)
            tiles = tiles.flatten(-2).flatten(-3, -2)             # (..., C, nW, M*M)
            return tiles.transpose(-3, -2)
'''),
    # unflatten nW and M*M, then a permutation built from the number of batch axes.
    "blind58_right_window_reverse_permute_counted_from_batch_rank": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            r = windows.dim() - 3                                   # how many batch axes
            channels = windows.shape[-2]
            grid = windows.unflatten(-3, (height // M, width // M)).unflatten(-1, (M, M))   # (..., a, b, C, p, q)
            order = list(range(r)) + [r + 2, r, r + 3, r + 1, r + 4]                       # (..., C, a, p, b, q)
            return grid.permute(order).reshape(*windows.shape[:-3], channels, height, width)
'''),
    # Tensor.unfold into 2x2 blocks (..., C, H/2, W/2, r, c), block axes moved before C column-major (c, r) so the
    # features come out top-left, bottom-left, top-right, bottom-right.
    "blind58_right_patch_merging_unfold_blocks_column_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.unfold(-2, 2, 2).unfold(-2, 2, 2)            # (..., C, H/2, W/2, r, c)
            blocks = blocks.movedim((-1, -2), (-5, -4))            # (..., c, r, C, H/2, W/2)
            merged = blocks.flatten(-5, -3)                        # feature (c*2 + r)*C + channel
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # One scaled_dot_product_attention per group on the transposed row blocks (its 1/sqrt(D_k) is 1/sqrt(N), the default
    # scale; an explicit scale is folded into Q), transposed back and concatenated.
    "blind58_right_channel_attention_group_loop_through_sdpa": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            width = channels // num_groups
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            if scale is not None:                                    # sdpa divides by sqrt(N): undo, then scale
                Q = Q * (scale * math.sqrt(tokens))
            groups = []
            for g in range(num_groups):
                rows = slice(g * width, (g + 1) * width)
                out, _ = scaled_dot_product_attention(Q[..., rows, :].mT, K[..., rows, :].mT, V[..., rows, :].mT)
                groups.append(out.mT)                                 # (..., C/G, N)
            return linear(torch.cat(groups, dim=-2), params["Wo"], params["bo"])
'''),
    # F.embedding with the transposed table gives (..., N, D); transpose(-2, -1).
    "blind58_right_embed_functional_embedding_rows_transposed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.embedding(token_ids, omega_e.T).transpose(-2, -1)     # (..., N, D) -> (..., D, N)
'''),
    # F.one_hot (..., N, V) with its last two axes swapped, cast to the requested or default dtype.
    "blind58_right_one_hot_functional_last_two_axes_swapped": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            rows = F.one_hot(token_ids, vocab_size)                          # (..., N, V)
            return rows.transpose(-2, -1).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # omega_e[:, ids] (D, ..., N), then a permutation built from the ids' rank that moves D before N.
    "blind58_right_embed_index_then_permute_counted_from_rank": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            k = token_ids.dim()
            columns = omega_e[:, token_ids]                                  # (D, ..., N)
            order = list(range(1, k)) + [0, k]                                # (..., D, N)
            return columns.permute(order)
'''),
}
