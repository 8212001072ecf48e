"""Hundred-and-tenth blind batch of held-out implementations (prefix blind109_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never opened; their
failure messages were seen in pytest's output. The earlier blind batches (held_out_blind.py ... held_out_blind_105.py)
were only read for their entry names and the "Emphasis" paragraphs of their headers (and held_out_blind_90.py's header
for the format). Listings: tests/grader/ was listed once through `grep held_out_blind`, so only the batch file names
were shown, and exercises/tests/ was listed (file names only). Nothing else under grader/ or tests/ was opened, grepped
or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_106.py,
held_out_blind_107.py, held_out_blind_108.py).

Emphasis: vectorising a loop. A learner first wrote a correct loop (over batch items, heads, queries, columns,
positions, gates, windows, groups, words, beams or draws) and then replaced it with tensor operations. Wrong entries are
the slips of that rewrite, each right on one item, one head, one beam, one group or inputs whose items look alike:
reductions over the flattened batch instead of per item (the all -inf test of softmax_cols, layer-norm statistics over
X.reshape(-1, N), attention's blind-query flags, a padding mask's positions from one cumsum over B * n slots); one
stability shift for the whole batch or all groups (grid attention, channel attention: wrong only at large scores);
masked_select reshaped on the assumption of equal counts (cross-attention's visible encoder tokens, additive attention's
visible states); nonzero() reshaped to one hit per pixel (quantize_pixels on a tie); gather with the targets as a column
(sequence_log_prob) and top-p's keep flags gathered where they had to be scattered back (next_token_probs); torch.stack
on the wrong axis (flat-batch items in scaled dot-product attention, head outputs in multi-head attention, [CLS] copies
in patch_embedding); a broadcast along the wrong axis (stacked Q/K/V weights against the batch in self_attention, hidden
units against the batch in feed_forward); repeat and repeat_interleave confused (the shifted- window labels, the strided
mask's tiles, sinusoidal frequencies, apply_mask's mask matrices over flattened scores); unflatten in the wrong order
(GRU gates in attention_decoder_step); a flat beam index decoded in the wrong order (beam_search); items or tokens
joined into one sequence so they interact (the transformer layer without its block mask, channel attention on the
batch's tokens side by side, rotary's Q and K with run-on positions, train_bpe counting pairs on one stream of all
words); one range for every draw (nsp_pairs' sentence index below the longest document, clamped). Right entries are
correct rewrites in varied styles: columns as rows of one flat matrix (softmax_cols), statistics by a ones-row product
(layer_norm), heads as an einsum letter, an all-C x C channel score with a block-diagonal group mask, repeat /
repeat_interleave the right way round, gather with the targets as a row, top-p flags scattered back, a flat (beams, V)
candidate table decoded beam-major, one word stream with None separators (train_bpe, bpe_encode), all NSP draws up front
scaled by each range, unique / inverse for distinct colours and offsets, patchify through single-channel F.unfold, patch
merging through F.pixel_unshuffle reordered, the transformer layer on the batch's joined tokens with a block-diagonal
mask, F.pad with a negative crop for pixel_sequence, the global mask as the complement of an outer product, grid
attention with a per-grid shift, rotary on joined Q and K with their own positions; and a few loops kept as loops
(attention over query columns, additive attention over broadcast items, window_partition over window corners).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind109/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker) and
run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says whether it
does (15 of the 27 wrong entries pass them); for the failing wrong entries the first failing check was read to make sure
it fails for the intended reason, not a typo. Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says (nsp_pairs' by frequencies over 20 000 calls). The
"right on ..." claims were checked too: the swapped shifted-window labels equal the model answer for every square grid,
window and shift up to 3; the strided blocks for stride 1 and n <= stride; the repeated frequencies for D <= 2; the
broadcast feed-forward for batches of one; the gate-minor GRU for D_s = 1; the token-major beam decode with width 1 or
one step; apply_mask's interleaved masks for 2-D masks and masks with the scores' batch. Right entries were compared
with the model answer on random inputs under both default dtypes with float32 and float64 inputs (random shapes with 0-2
batch axes, edge sizes such as N_q = 0, N = 0, D = 1, empty batches of lengths, 1-pixel images), values to 1e-4 / 1e-9,
dtypes and shapes exactly, the contract's ValueErrors matched (D not divisible by H, odd D in rotary, odd grids, windows
not dividing the grid, 1-document NSP), gradients of every floating-point input and parameter to 1e-3 / 1e-8 (a random
linear functional of the finite outputs), and inputs checked unchanged afterwards: masks none / 2-D / batched / padding
(B, N_k, 1) / fewer leading axes / fully hidden query columns; additive attention with s or H unbatched and masks hiding
all positions; v and scores at 1000x scale; rotary with int64 and int32 positions and other bases; channel attention for
every divisor G and a given scale; shifted_window_mask over all small grids and shifts; beam_search on 150 random models
with rounded logits (ties), widths 0-4 (0 raising the ValueError), 0-4 steps, eos None or an id; next_token_probs on 300
random logits (rounded for ties, temperature 0, top_k up to V + 2, top_p 1e-9 to 1); train_bpe and bpe_encode on 150
random corpora and merge lists (merges containing "</w>" pieces); quantize_pixels with duplicated palette colours,
pixels equal to colours, mixed dtypes and empty images; bucket offsets of shapes with 0-2 axes, int32, both modes, odd
and even bucket counts; pixel_sequence for uint8 / int16 / int32 / int64 ids, 0-row images and a negative sos_id;
nsp_pairs by the label rate and partner frequencies over 15 000 calls (0.499 / 0.499 labels; partners within 0.004 of
the model answer's), the one-document ValueError and the generator advancing. The same comparison run on eight of the
wrong entries reported mismatches for each, as a check of the harness.

Judgement calls: blind109_grid_attention_scores_shifted_by_the_batch_maximum and
blind109_channel_attention_one_shift_for_all_groups are wrong only at large scores; I took v = 1000 (grid) and X of 100
(channel) as the contract's "a thousand times the usual scale".
blind109_quantize_pixels_nearest_flags_nonzero_one_per_pixel is wrong only on exact ties, where the contract accepts
either id; the entry returns neither but raises, so it stays wrong.
blind109_self_attention_stacked_weights_broadcast_against_batch raises for most batches and is silently wrong only when
the batch size is 3; blind109_feed_forward_hidden_units_broadcast_against_the_batch_axis likewise raises unless the
batch size is 1 or F. blind109_cross_attention_visible_encoder_tokens_masked_select_equal_counts is right for padding
masks with equal lengths and raises or mixes items otherwise; only (..., N_e, 1) masks take that path.
blind109_rotary_q_and_k_joined_positions_run_on is wrong only when no positions are given (it passes the visible tests).
Mechanisms that an earlier batch's entry name already showed for the same function were dropped (generate fed only the
new token, beams padded with eos, global masks from nonzero without the batch index, the multi-head mask repeated
instead of interleaved, the interleaved head split, rotary angles reshaped instead of transposed, the single max over
the whole softmax input, joined words in bpe_encode, windows stacked on axis 0, the per-head output bias, the flattened
pixel sequence), which is why the wrong count (27) is below the brief's 35; the right count (24) is above its 20. Right
entries: blind109_right_sdpa_query_loop_kept_stacked_on_the_query_axis handles N_q = 0 outside its loop, equal to the model answer there (the contract
leaves empty queries open); blind109_right_beam_search_flat_candidates_decoded_beam_major keeps -inf candidates (a model
may give -inf logits) and filters only the placeholder entries of finished beams.

Counts: 27 wrong, 24 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'beam_search': 1,
'channel_attention': 2, 'cross_attention': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 1,
'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_embedding': 1,
'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1,
'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'strided_mask': 1,
'train_bpe': 1, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 1,
'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'next_token_probs': 1,
'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1,
'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1,
'shifted_window_mask': 1, 'softmax_cols': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_109 = {
    # The all -inf guard, first a loop over the columns of one matrix, rewritten as one flag per column index taken over
    # the flattened batch: a column dead in one item but not in another keeps its -inf shift. Scores (2, 2, 2) with item
    # 0 = [[-inf, 0], [-inf, 1]], item 1 = zeros: item 0's first column, model [0, 0], entry [nan, nan]. Passes the
    # visible tests.
    "blind109_softmax_cols_dead_columns_found_over_flattened_batch": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            # one flag per column index: is the column all -inf?  (was a loop over the columns of one matrix)
            dead = torch.isneginf(scores).reshape(-1, scores.shape[-1]).all(dim=0)   # (N,)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(dead, torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            sums = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(dead, torch.ones_like(sums), sums)
'''),
    # Per-column statistics rewritten over X.reshape(-1, N): right for one sequence, but a batch's feature rows all feed
    # one mean per token index. X (2, 2, 1) = [[0, 2], [10, 14]] (columns), gamma 1, beta 0: model [[-1, 1], [-1, 1]],
    # entry [[-1.1358, -0.7863], [0.6116, 1.3106]]. Passes the visible tests.
    "blind109_layer_norm_statistics_over_flat_feature_rows_of_all_items": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            rows = X.reshape(-1, X.shape[-1])                 # the feature rows, (... * D, N)
            mean = rows.mean(dim=0)                           # one mean per token column
            variance = rows.var(dim=0, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # torch.softmax then a zero fill of blind queries, flagged per query index over the flattened batch
    # (mask.reshape(-1, N_q).any(0)): a query blind in item 0 but not in item 1 stays NaN. Q = K = zeros (2, 1, 2), V =
    # [[[1, 2]], [[3, 4]]], mask item 0 [[F, T], [F, T]], item 1 all True: item 0's output, model [0, 1.5], entry [nan,
    # 1.5]. Passes the visible tests.
    "blind109_sdpa_blind_queries_found_over_flattened_batch": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
                return V @ weights, weights
            weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-2)
            # queries that see no key get zero weights instead of NaN: one flag per query column
            blind = ~mask.reshape(-1, mask.shape[-1]).any(dim=0)
            weights = weights.masked_fill(blind, 0.0)
            return V @ weights, weights
'''),
    # The loop over flattened batch items kept, its results stacked on the last axis and reshaped: items are
    # interleaved. Q = K = zeros (2, 1, 1), V = [[[1], [2]], [[3], [4]]]: output columns, model [[1, 2], [3, 4]], entry
    # [[1, 3], [2, 4]]. Fails the visible tests.
    "blind109_sdpa_flat_batch_items_stacked_on_last_axis": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            n_k, d_v = K.shape[-1], V.shape[-2]
            Qs, Ks, Vs = Q.reshape(-1, d_k, n_q), K.reshape(-1, d_k, n_k), V.reshape(-1, d_v, n_k)
            masks = None if mask is None else mask.expand(*batch, n_k, n_q).reshape(-1, n_k, n_q)
            outputs, all_weights = [], []
            for b in range(Qs.shape[0]):
                scores = Ks[b].T @ Qs[b] / math.sqrt(d_k)
                if masks is not None:
                    scores = apply_mask(scores, masks[b])
                weights = softmax_cols(scores)
                outputs.append(Vs[b] @ weights)
                all_weights.append(weights)
            output = torch.stack(outputs, dim=-1).reshape(*batch, d_v, n_q)
            weights = torch.stack(all_weights, dim=-1).reshape(*batch, n_k, n_q)
            return output, weights
'''),
    # Three projections as one product with the weights stacked on a new leading axis, X not given the matching axis:
    # the stack axis broadcasts against the batch axis. X (2, 1, 1) = [[[1]], [[2]]], every weight [[1]], biases 0:
    # model output [[[1]], [[2]]], entry RuntimeError (size 3 against 2); with a batch of 3 it silently pairs item b
    # with projection b. Passes the visible tests.
    "blind109_self_attention_stacked_weights_broadcast_against_batch": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            if Wv.shape != Wq.shape:
                Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
                return scaled_dot_product_attention(Q, K, V, mask)
            # the three projections in one product: weights stacked on a new leading axis
            W = torch.stack([Wq, Wk, Wv])                    # (3, D_k, D)
            b = torch.stack([bq, bk, bv])[..., None]         # (3, D_k, 1)
            Q, K, V = (W @ X + b).unbind(-3)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # A loop over heads whose outputs are merged with torch.stack(dim=-2) and a reshape: head rows come out interleaved.
    # X = [[1], [2], [3], [4]] (D = 4, N = 1), identity weights, zero biases, 2 heads: model [1, 2, 3, 4], entry [1, 3,
    # 2, 4]. Fails the visible tests.
    "blind109_mha_head_outputs_stacked_on_the_row_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            width = dim // num_heads
            heads = [
                scaled_dot_product_attention(Q[..., h * width:(h + 1) * width, :], K[..., h * width:(h + 1) * width, :],
                                             V[..., h * width:(h + 1) * width, :], mask)[0]
                for h in range(num_heads)
            ]
            stacked = torch.stack(heads, dim=-2)                          # (..., D/H, H, N_q)
            merged = stacked.reshape(*stacked.shape[:-3], dim, stacked.shape[-1])
            return linear(merged, params["Wo"], params["bo"])
'''),
    # Every item's tokens joined into one (D, B*N) sequence so each sublayer is one call; the block-diagonal mask is
    # built only when a mask is given, so without one the items attend to each other. X (2, 2, 2), item 0 = [[1, 0], [0,
    # 1]], item 1 = [[2, 0], [0, 0]], identity weights, unit gains, zero biases, 1 head, norm_first=True: item 0, model
    # [[2.8884, -0.8884], [-0.8884, 2.8884]], entry [[2.8430, -0.6477], [-0.8430, 2.6477]]. Passes the visible tests.
    "blind109_transformer_layer_batch_tokens_joined_without_block_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            *batch, dim, n = X.shape
            items = math.prod(batch)
            # every token of every item as one column of a (D, items * N) sequence: one call per sublayer
            joined = X.reshape(items, dim, n).movedim(0, -2).reshape(dim, items * n)
            if mask is None:
                joined_mask = None
            else:
                per_item = mask.expand(*batch, n, n).reshape(items, n, n)
                joined_mask = torch.block_diag(*per_item.long()).bool()   # items only see their own tokens
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, joined_mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = joined + attend(layer_norm(joined, params["gamma1"], params["beta1"]))
                Y = Y + think(layer_norm(Y, params["gamma2"], params["beta2"]))
            else:
                Y = layer_norm(joined + attend(joined), params["gamma1"], params["beta1"])
                Y = layer_norm(Y + think(Y), params["gamma2"], params["beta2"])
            return Y.reshape(dim, items, n).movedim(1, 0).reshape(*batch, dim, n)
'''),
    # A padding enc_mask replaced by keeping each item's visible encoder tokens with masked_select and a reshape that
    # assumes every item keeps as many. D = 1, identity weights, X_dec zeros (2, 1, 1), X_enc [[1, 2, 3, 4]], [[5, 6, 7,
    # 8]], padding mask of lengths [1, 3]: model [1, 6], entry [3, 6.5]. Passes the visible tests.
    "blind109_cross_attention_visible_encoder_tokens_masked_select_equal_counts": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is None or enc_mask.shape[-1] != 1:
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            # a padding mask (..., N_e, 1): keep each item's visible encoder tokens, then attend without a mask
            keep = enc_mask[..., 0].expand(*X_enc.shape[:-2], X_enc.shape[-1])     # (..., N_e)
            dim = X_enc.shape[-2]
            visible = X_enc.masked_select(keep.unsqueeze(-2)).reshape(*X_enc.shape[:-2], dim, -1)
            return multi_head_attention(X_dec, visible, params, num_heads)
'''),
    # Key positions from a running count of ones over the flattened (B * n) slots, not per row: every row after the
    # first starts at b * n. padding_mask([2, 3], 3): model [[T, T, F], [T, T, T]], entry [[T, T, F], [F, F, F]]. Fails
    # the visible tests.
    "blind109_padding_mask_key_positions_cumsum_over_flattened_batch": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            batch = lengths.shape[0]
            # key positions counted by a running sum of ones, one slot per (sequence, key)
            positions = torch.ones(batch * n, dtype=torch.long, device=lengths.device).cumsum(0) - 1
            positions = positions.reshape(batch, n)
            return (positions < lengths[:, None])[:, :, None]
'''),
    # The masked loop over items rewritten as masked_select of the visible states, reshaped with the average count per
    # item. s zeros (2, 1), H [[1, 2, 3, 4]], W = U = [[1]], v = [0], mask [[T, F, F, F], [T, T, T, F]]: weights, model
    # [[1, 0, 0, 0], [1/3, 1/3, 1/3, 0]], entry [[0.5, 0, 0, 0], [0.5, 0.5, 0.5, 0]]. Fails the visible tests.
    "blind109_additive_attention_visible_states_masked_select_equal_counts": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)                                   # (..., D_a, 1)
            if mask is None:
                hidden = torch.tanh(U @ H + query)
                weights = torch.softmax((v.unsqueeze(-1) * hidden).sum(dim=-2), dim=-1)
                return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
            batch = torch.broadcast_shapes(s.shape[:-1], H.shape[:-2], mask.shape[:-1])
            Hb = H.expand(*batch, *H.shape[-2:])
            visible_mask = mask.expand(*batch, H.shape[-1])
            # keep the visible states of every item (was a loop over items), then a plain softmax over them
            items = max(1, visible_mask[..., 0].numel())
            count = int(visible_mask.sum()) // items
            Hv = Hb.masked_select(visible_mask.unsqueeze(-2)).reshape(*batch, H.shape[-2], count)
            hidden = torch.tanh(U @ Hv + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)                   # (..., count)
            visible_weights = torch.softmax(scores, dim=-1)
            context = (Hv @ visible_weights.unsqueeze(-1)).squeeze(-1)
            weights = torch.zeros(visible_mask.shape, dtype=visible_weights.dtype).masked_scatter(
                visible_mask, visible_weights)
            return weights, context
'''),
    # One stability shift for the whole batch (scores.max()) instead of one per grid: right at ordinary scales, 0/0 when
    # grids' scores lie far apart. s zeros (2, 1), features (2, 1, 2, 2) = -[[1, 2], [3, 4]] and 2 [[1, 2], [3, 4]], W =
    # U = [[1]], v = [1000]: item 0's weights, model [[1, 0], [0, 0]], entry all NaN. Passes the visible tests.
    "blind109_grid_attention_scores_shifted_by_the_batch_maximum": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                      # (..., C, N)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))           # (..., D_a, N)
            scores = torch.einsum("a,...an->...n", v, hidden)                  # (..., N)
            exps = torch.exp(scores - scores.max())                            # one shift for every grid at once
            weights = exps / exps.sum(dim=-1, keepdim=True)
            context = (cells * weights.unsqueeze(-2)).sum(dim=-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Q and K rotated in one call with K's columns appended after Q's; without given positions the count runs on, so K's
    # column j turns by N_q + j. Q = K = [[1], [0]]: K', model [1, 0], entry [0.5403, 0.8415]. Passes the visible tests
    # (every score still depends on positions through differences only).
    "blind109_rotary_q_and_k_joined_positions_run_on": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # one rotation for both: K's columns appended after Q's
            n_q, n_k = Q.shape[-1], K.shape[-1]
            if positions_q is None and positions_k is None:
                positions = None                                  # 0, 1, ... along the joined columns
            else:
                positions = torch.cat([torch.arange(n_q) if positions_q is None else positions_q,
                                       torch.arange(n_k) if positions_k is None else positions_k])
            rotated = rotate_columns(torch.cat([Q, K], dim=-1), positions, base)
            return rotated[..., :n_q], rotated[..., n_q:]
'''),
    # Every item's tokens side by side in one (C, B*N) matrix, so the channel scores sum over the whole batch's tokens.
    # C = 2, G = 1, identity weights, zero biases, X items [[1, 0], [0, 1]] and [[0, 1], [1, 0]]: item 0, model
    # [[0.6698, 0.3302], [0.3302, 0.6698]], entry [[0.8044, 0.1956], [0.1956, 0.8044]]. Passes the visible tests.
    "blind109_channel_attention_batch_tokens_joined_into_one_row": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            batch = X.shape[:-2]
            # the batch's tokens side by side: one (C, B * N) matrix, one attention call
            joined = X.movedim(-2, 0).reshape(channels, -1)
            Q = split_heads(linear(joined, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(joined, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(joined, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            out = linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
            return out.reshape(channels, *batch, tokens).movedim(0, -2)
'''),
    # The groups' column softmax written out with one shift, the item's largest score over all groups: a group whose
    # scores lie far below another's underflows to 0/0. X = [[100, 100], [1, 1]], C = G = 2, identity weights, zero
    # biases: model [[100, 100], [1, 1]], entry all NaN. Passes the visible tests.
    "blind109_channel_attention_one_shift_for_all_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale                           # (..., G, C/G, C/G)
            shift = scores.amax(dim=(-3, -2, -1), keepdim=True)                # the item's largest score
            exps = torch.exp(scores - shift)
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The double loop over rows and columns replaced by repeat / repeat_interleave, swapped: right whenever H = W (the
    # labels come out transposed, which gives the same mask), wrong otherwise. shifted_window_mask(2, 4, 2, 1), window
    # 0: model [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]], entry [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1,
    # 0], [0, 1, 0, 1]]. Passes the visible tests.
    "blind109_shifted_window_mask_row_flags_repeated_column_flags_interleaved": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = (torch.arange(height) + shift >= height).long()
            wrapped_columns = (torch.arange(width) + shift >= width).long()
            # the label of every raster token at once (was a double loop over rows and columns)
            labels = 2 * wrapped_rows.repeat(width) + wrapped_columns.repeat_interleave(height)     # (H * W,)
            labels = window_partition(labels.reshape(1, height, width), window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The loop over positions replaced by gather with the targets as a column (N-1, 1): every target is read from column
    # 0. Right for two ids. V = 3, model column n = [n, 0, 0], ids [0, 1, 2]: model -2.6501, entry -2.1972. Fails the
    # visible tests.
    "blind109_sequence_log_prob_target_index_as_a_column": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)                  # (V, N)
            targets = ids[1:].unsqueeze(-1)                                   # one target per scoring column
            return log_probs[:, :-1].gather(0, targets).sum()
'''),
    # Candidates scored as one (beams, V) table, flattened beam by beam, but the flat index decoded token-major (parent
    # = i % beams, token = i // beams): right while there is one beam. model(ids) = T[:, ids], T = [[0, -1, -2], [1, -1,
    # 2], [1, -1, 2]], prompt [0], width 2, 2 steps: model [0, 2, 1], entry [0, 1, 2]. Passes the visible tests.
    "blind109_beam_search_flat_candidates_decoded_token_major": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [prompt]
            scores = torch.zeros(1, dtype=torch.float64)
            finished = [False]
            for _ in range(max_new_tokens):
                rows = [None if done else torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        for ids, done in zip(beams, finished)]
                vocab = next(row for row in rows if row is not None).shape[0]
                stay = torch.zeros(vocab, dtype=torch.float64)                 # a finished beam: one candidate, itself
                table = torch.stack([stay if row is None else row for row in rows])   # (B, V)
                valid = torch.tensor([[True] * vocab if row is not None else [True] + [False] * (vocab - 1)
                                      for row in rows])
                flat = (scores[:, None] + table).reshape(-1)                   # all candidates, beam by beam
                order = torch.sort(flat, descending=True, stable=True).indices
                order = order[valid.reshape(-1)[order]][:beam_width]
                parents, tokens = order % len(beams), order // len(beams)
                new_beams, new_finished = [], []
                for parent, token in zip(parents.tolist(), tokens.tolist()):
                    if finished[parent]:
                        new_beams.append(beams[parent])
                        new_finished.append(True)
                    else:
                        new_beams.append(torch.cat([beams[parent], torch.tensor([token], dtype=prompt.dtype)]))
                        new_finished.append(token == eos_id)
                beams, scores, finished = new_beams, flat[order], new_finished
                if all(finished):
                    break
            return beams[0]
'''),
    # top-p's keep flags, computed in sorted order, brought back with keep_sorted[order] (a gather) instead of the
    # inverse permutation: right when the order is its own inverse (already sorted, a swap). logits [0, 2, 1], top_p
    # 0.7: model [0, 0.7311, 0.2689], entry [0.2689, 0, 0.7311]. Fails the visible tests.
    "blind109_next_token_probs_top_p_keep_gathered_not_scattered": ("sampling", "next_token_probs", '''
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
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # mass of the tokens ahead
                keep_sorted = before < top_p                                     # in sorted order
                keep = keep_sorted[order]                                        # back to id order
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Pair counting rewritten as one zip over all words' symbols in a single stream: pairs across word boundaries are
    # counted and learned. train_bpe("x y x y x y", 3): model [("x", "</w>"), ("y", "</w>")], entry [("x", "</w>"),
    # ("x</w>", "y"), ("x</w>", "y")]. Fails the visible tests.
    "blind109_train_bpe_pairs_counted_on_one_stream_of_all_words": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                # every word of the corpus in one symbol stream: one pass of zip counts every pair
                stream = [symbol for word in words for symbol in segmentation[tuple(word)]]
                pair_counts = Counter(zip(stream, stream[1:]))
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # All draws made at once; the sentence index drawn below the longest document's length for every pair and clamped to
    # the chosen document: its last sentence is favoured. documents [["a1", "a2"], ["b1", "b2", "b3", "b4"]], random
    # partners of b sentences over 20 000 calls: model a1 0.50 / a2 0.50, entry a1 0.25 / a2 0.75. Passes the visible
    # tests.
    "blind109_nsp_sentence_index_drawn_below_longest_document_then_clamped": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            sources = [(index, a, successor) for index, document in enumerate(documents)
                       for a, successor in zip(document, document[1:])]
            if not sources:
                return []
            count = len(sources)
            # every draw of the batch at once (was one coin and two draws per sentence)
            coins = torch.rand(count, generator=generator) < 0.5
            picks = torch.randint(len(documents) - 1, (count,), generator=generator)
            longest = max(len(document) for document in documents)
            positions = torch.randint(longest, (count,), generator=generator)
            pairs = []
            for (index, a, successor), coin, pick, position in zip(sources, coins.tolist(), picks.tolist(),
                                                                   positions.tolist()):
                if coin:
                    pairs.append((a, successor, 0))
                else:
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[min(position, len(other) - 1)], 1))
            return pairs
'''),
    # One [CLS] column per image built with torch.stack(dim=1) and a reshape: the copies interleave across images.
    # Images zeros (2, 1, 1, 1), P = 1, W zeros (2, 1), b zeros, cls [1, 2], positions zeros (2, 2): column 0, model
    # [[1, 2], [1, 2]], entry [[1, 1], [2, 2]]. Passes the visible tests.
    "blind109_patch_embedding_cls_copies_stacked_on_the_feature_axis": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)                # (B, D, N)
            batch, dim = tokens.shape[0], tokens.shape[1]
            cls_columns = torch.stack([cls_token] * batch, dim=1).reshape(batch, dim, 1)
            return torch.cat([cls_columns, tokens], dim=-1) + positions
'''),
    # The strided pattern as a tiled identity, with repeat_interleave where repeat was meant: blocks instead of tiles.
    # Right for stride 1 and n <= stride. strided_mask(4, 2): model [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0,
    # 1]], entry [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]]. Fails the visible tests.
    "blind109_strided_mask_identity_blocks_repeat_interleaved": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            tiles = -(-n // stride)                                            # ceil(n / stride)
            identity = torch.eye(stride, dtype=torch.bool)
            return identity.repeat_interleave(tiles, dim=0).repeat_interleave(tiles, dim=1)[:n, :n]
'''),
    # Each row pair's frequency spread to its two rows with repeat where repeat_interleave was meant: right for D <= 2.
    # sinusoidal_positions(2, 3), column 1: model [0.8415, 0.5403, 0.0022], entry [0.8415, 1.0, 0.8415]. Fails the
    # visible tests.
    "blind109_sinusoidal_pair_frequencies_repeated_not_interleaved": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            frequencies = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=dtype) / dim)   # one per row pair
            row_frequencies = frequencies.repeat(2)[:dim]                              # both rows of each pair
            angles = row_frequencies[:, None] * positions[None, :]
            even = (torch.arange(dim) % 2 == 0)[:, None]
            return torch.where(even, torch.sin(angles), torch.cos(angles))
'''),
    # argmin rewritten as the nonzero() of the flags of the nearest colours, reshaped assuming one per pixel: a tie
    # gives two. Images [[[0.5]]] (C = 1), palette [[0, 1]]: model [[0]], entry RuntimeError (shape [1, 1] for 2
    # elements). Fails the visible tests.
    "blind109_quantize_pixels_nearest_flags_nonzero_one_per_pixel": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]           # (..., H, W, C, 1)
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)      # (..., H, W, K)
            nearest = distances == distances.min(dim=-1, keepdim=True).values
            return nearest.nonzero()[:, -1].reshape(distances.shape[:-1])      # each pixel's colour id
'''),
    # Scores flattened to matrices and the mask's matrices spread over them with repeat_interleave where repeat was
    # meant: right for a 2-D mask or one with the scores' batch, wrong for a mask with fewer leading axes. Scores zeros
    # (2, 2, 1, 1), mask [T, F] shaped (2, 1, 1): model [0, -inf, 0, -inf], entry [0, 0, -inf, -inf]. Passes the visible
    # tests.
    "blind109_apply_mask_mask_items_repeat_interleaved_over_flat_scores": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            n_k, n_q = scores.shape[-2:]
            flat = scores.reshape(-1, n_k, n_q)
            masks = mask.expand(*mask.shape[:-2], n_k, n_q).reshape(-1, n_k, n_q)
            masks = masks.repeat_interleave(flat.shape[0] // masks.shape[0], dim=0)   # one mask per matrix
            return flat.masked_fill(~masks, float("-inf")).reshape(scores.shape)
'''),
    # Every hidden unit at once as (W1[:, :, None] * X[None]).sum(-2): right for one sequence (or a batch of one), the
    # hidden axis broadcasts against a batch axis. X (2, 1, 1) = [[[1]], [[2]]], W1 = [[1], [1]], W2 = [[1, 1]], zero
    # biases: model [2, 4], entry [3] (shape (1, 1, 1)). Fails the visible tests.
    "blind109_feed_forward_hidden_units_broadcast_against_the_batch_axis": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            # every hidden unit at once: each weight row times every column, summed over the features
            hidden = torch.relu((W1[:, :, None] * X[None]).sum(dim=-2) + b1[:, None])      # (F, N)
            return (W2[:, :, None] * hidden[None]).sum(dim=-2) + b2[:, None]              # (D, N)
'''),
    # The three gate slices replaced by one unflatten(-1, (D_s, 3)) where (3, D_s) was meant: right for D_s = 1. D_s =
    # 2, E = D_h = N = D_a = V = 1, zero weights and inputs, bias_ih = [0, 0, 100, 100, 0, 0] (update gates near 1): s,
    # model [0, 0], entry [0.5, 0]. Fails the visible tests.
    "blind109_decoder_step_gates_unflattened_gate_minor": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            size = s_prev.shape[-1]
            # the three gates side by side on a new axis (was three row slices of the products)
            gates_x = (x @ params["weight_ih"].T + params["bias_ih"]).unflatten(-1, (size, 3))
            gates_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).unflatten(-1, (size, 3))
            reset = torch.sigmoid(gates_x[..., 0] + gates_h[..., 0])
            update = torch.sigmoid(gates_x[..., 1] + gates_h[..., 1])
            candidate = torch.tanh(gates_x[..., 2] + reset * gates_h[..., 2])
            s = (1 - update) * candidate + update * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
}
RIGHT_BLIND_109 = {
    # Every column of every item transposed into a row of one flat matrix, softmaxed along rows with the dead-row
    # guards, and put back. Passes the visible tests.
    "blind109_right_softmax_cols_columns_as_rows_of_one_flat_matrix": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            rows = scores.transpose(-2, -1).reshape(-1, scores.shape[-2])     # every column of every item as a row
            row_max = rows.amax(dim=-1, keepdim=True)
            row_max = torch.where(torch.isneginf(row_max), torch.zeros_like(row_max), row_max)
            exps = torch.exp(rows - row_max)
            sums = exps.sum(dim=-1, keepdim=True)
            rows = exps / torch.where(sums == 0, torch.ones_like(sums), sums)
            return rows.reshape(*scores.shape[:-2], scores.shape[-1], scores.shape[-2]).transpose(-2, -1)
'''),
    # Mean and biased variance as products with a (1, D) row of 1/D made from X (new_full), for every batch at once.
    # Passes the visible tests.
    "blind109_right_layer_norm_statistics_by_a_ones_row_product": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            dim = X.shape[-2]
            average = X.new_full((1, dim), 1.0 / dim)                          # a row that averages the features
            mean = average @ X                                                 # (..., 1, N)
            centred = X - mean
            variance = average @ centred.square()
            return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    # A loop over query columns kept as a loop: each column attends on its own and the results are concatenated on the
    # query axis (the mask's last axis expanded first). Passes the visible tests.
    "blind109_right_sdpa_query_loop_kept_stacked_on_the_query_axis": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            n_q = Q.shape[-1]
            if mask is not None:
                mask = mask.expand(*mask.shape[:-1], n_q)
            if n_q == 0:
                scores = K.transpose(-2, -1) @ Q
                return V @ scores, scores
            outputs, columns = [], []
            for i in range(n_q):                                               # one query column at a time
                scores = (K.transpose(-2, -1) @ Q[..., i:i + 1]) / math.sqrt(Q.shape[-2])   # (..., N_k, 1)
                if mask is not None:
                    scores = scores.masked_fill(~mask[..., i:i + 1], float("-inf"))
                weights = softmax_cols(scores)
                columns.append(weights)
                outputs.append(V @ weights)
            return torch.cat(outputs, dim=-1), torch.cat(columns, dim=-1)
'''),
    # Heads as an einsum letter after unflatten(-2, (H, D/H)); the mask gains the head axis at -3. Passes the visible
    # tests.
    "blind109_right_mha_heads_as_an_einsum_letter": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            width = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (num_heads, width))     # (..., H, d, N_q)
            K = linear(Xkv, params["Wk"], params["bk"]).unflatten(-2, (num_heads, width))
            V = linear(Xkv, params["Wv"], params["bv"]).unflatten(-2, (num_heads, width))
            from .masking import apply_mask
            from .softmax import softmax_cols
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(width)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hdk,...hkq->...hdq", V, weights)
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Key positions from a running count of ones along each row (the per-row cumsum the wrong entry flattens). Passes
    # the visible tests.
    "blind109_right_padding_mask_running_count_per_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            ones = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device)
            positions = ones.cumsum(dim=-1) - 1                                # 0 .. n-1 in every row
            return (positions < lengths[:, None]).unsqueeze(-1)
'''),
    # A loop over the items of the broadcast batch kept as a loop (s, H and the mask expanded to it first), stacked
    # back. Passes the visible tests.
    "blind109_right_additive_attention_item_loop_over_broadcast_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            batch = torch.broadcast_shapes(s.shape[:-1], H.shape[:-2], () if mask is None else mask.shape[:-1])
            n = H.shape[-1]
            states = s.expand(*batch, s.shape[-1]).reshape(-1, s.shape[-1])
            grids = H.expand(*batch, *H.shape[-2:]).reshape(-1, *H.shape[-2:])
            visible = None if mask is None else mask.expand(*batch, n).reshape(-1, n)
            all_weights, contexts = [], []
            for b in range(states.shape[0]):
                hidden = torch.tanh(U @ grids[b] + (W @ states[b])[:, None])  # (D_a, N)
                scores = v @ hidden                                            # (N,)
                if visible is not None:
                    scores = scores.masked_fill(~visible[b], float("-inf"))
                weights = softmax_cols(scores[:, None])[:, 0]
                all_weights.append(weights)
                contexts.append(grids[b] @ weights)
            if not all_weights:
                weights = torch.zeros(*batch, n, dtype=H.dtype)
                return weights, torch.zeros(*batch, H.shape[-2], dtype=H.dtype)
            return (torch.stack(all_weights).reshape(*batch, n),
                    torch.stack(contexts).reshape(*batch, H.shape[-2]))
'''),
    # Einsums over the grid axes without flattening; the stability shift is each grid's own maximum. Passes the visible
    # tests.
    "blind109_right_grid_attention_shift_per_item_over_its_grid": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features)
                                + (s @ W.T)[..., :, None, None])               # (..., D_a, H, W)
            scores = torch.einsum("a,...ahw->...hw", v, hidden)                # (..., H, W)
            exps = torch.exp(scores - scores.amax(dim=(-2, -1), keepdim=True))  # one shift per grid
            weights = exps / exps.sum(dim=(-2, -1), keepdim=True)
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # Q and K rotated in one call on their joined columns, with each one's own positions (0 .. N - 1 when not given)
    # joined alike. Passes the visible tests.
    "blind109_right_rotary_q_and_k_joined_with_their_own_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            n_q, n_k = Q.shape[-1], K.shape[-1]
            positions = torch.cat([torch.arange(n_q) if positions_q is None else positions_q.long(),
                                   torch.arange(n_k) if positions_k is None else positions_k.long()])
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
            joined = torch.cat([Q.expand(*batch, *Q.shape[-2:]), K.expand(*batch, *K.shape[-2:])], dim=-1)
            rotated = rotate_columns(joined, positions, base)
            return rotated[..., :n_q], rotated[..., n_q:]
'''),
    # All C x C channel scores at once, with -inf outside each query's group (a block-diagonal mask) instead of a group
    # axis. Passes the visible tests.
    "blind109_right_channel_attention_block_diagonal_group_mask": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            group = torch.arange(channels) // (channels // num_groups)
            same_group = group[:, None] == group[None, :]                      # (C keys, C queries)
            scores = (K @ Q.transpose(-2, -1) * scale).masked_fill(~same_group, float("-inf"))
            weights = softmax_cols(scores)                                     # zero outside the query's group
            return linear(weights.transpose(-2, -1) @ V, params["Wo"], params["bo"])
'''),
    # The labels of all raster tokens from repeat_interleave of the row flags and repeat of the column flags. Passes the
    # visible tests.
    "blind109_right_shifted_window_mask_row_flags_interleaved_column_flags_repeated": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = (torch.arange(height) + shift >= height).long()
            wrapped_columns = (torch.arange(width) + shift >= width).long()
            labels = 2 * wrapped_rows.repeat_interleave(width) + wrapped_columns.repeat(height)   # raster order
            labels = window_partition(labels.reshape(1, height, width), window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # A loop over window corners kept as a loop, each window reshaped to (..., C, M*M) and stacked at -3. Passes the
    # visible tests.
    "blind109_right_window_partition_window_loop_stacked_before_channels": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = [X[..., r:r + M, c:c + M].reshape(*batch, channels, M * M)
                       for r in range(0, height, M) for c in range(0, width, M)]
            return torch.stack(windows, dim=-3)
'''),
    # F.pixel_unshuffle on the folded batch, then its (channel, row, column) features reordered to (column, row,
    # channel), which is the contract's block order. Passes the visible tests.
    "blind109_right_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            batch = X.shape[:-3]
            flat = X.reshape(math.prod(batch), channels, height, width)
            blocks = F.pixel_unshuffle(flat, 2)                        # (B, C * 4, H/2, W/2), order (c, row, column)
            blocks = blocks.unflatten(1, (channels, 2, 2))             # (B, C, dy, dx, H/2, W/2)
            blocks = blocks.permute(0, 3, 2, 1, 4, 5)                  # (B, dx, dy, C, ...): TL, BL, TR, BR
            merged = blocks.reshape(*batch, 4 * channels, height // 2, width // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # gather with the targets as a (1, N - 1) row under columns 0 .. N - 2. Passes the visible tests.
    "blind109_right_sequence_log_prob_target_index_as_a_row": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)                  # (V, N)
            targets = ids[1:].unsqueeze(0)                                    # (1, N - 1): row n-1 under column n-1
            return log_probs[:, :-1].gather(0, targets).sum()
'''),
    # Candidates as one (beams, V) float64 table (a finished beam keeps one valid entry, itself), a stable descending
    # sort of the flat table, invalid entries dropped, indices decoded beam-major. Passes the visible tests.
    "blind109_right_beam_search_flat_candidates_decoded_beam_major": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [prompt]
            scores = torch.zeros(1, dtype=torch.float64)
            finished = [False]
            for _ in range(max_new_tokens):
                rows = [None if done else torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        for ids, done in zip(beams, finished)]
                vocab = next(row for row in rows if row is not None).shape[0]
                stay = torch.zeros(vocab, dtype=torch.float64)                 # a finished beam: one candidate, itself
                table = torch.stack([stay if row is None else row for row in rows])   # (B, V)
                valid = torch.tensor([[True] * vocab if row is not None else [True] + [False] * (vocab - 1)
                                      for row in rows])
                flat = (scores[:, None] + table).reshape(-1)                   # all candidates, beam by beam
                order = torch.sort(flat, descending=True, stable=True).indices
                order = order[valid.reshape(-1)[order]][:beam_width]
                parents, tokens = order // vocab, order % vocab
                new_beams, new_finished = [], []
                for parent, token in zip(parents.tolist(), tokens.tolist()):
                    if finished[parent]:
                        new_beams.append(beams[parent])
                        new_finished.append(True)
                    else:
                        new_beams.append(torch.cat([beams[parent], torch.tensor([token], dtype=prompt.dtype)]))
                        new_finished.append(token == eos_id)
                beams, scores, finished = new_beams, flat[order], new_finished
                if all(finished):
                    break
            return beams[0]
'''),
    # Ranks by scattering arange into the sort order (top-k), and top-p's sorted keep flags scattered back to id order.
    # Passes the visible tests.
    "blind109_right_next_token_probs_top_p_keep_scattered_back": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                rank = torch.empty_like(order).scatter_(0, order, torch.arange(len(order)))
                probs = torch.where(rank < top_k, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # mass of the tokens ahead
                keep = torch.zeros_like(probs, dtype=torch.bool).scatter_(0, order, before < top_p)
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The distinct words in one stream with None between words, each pair weighted by its word's frequency; pairs
    # touching a separator are skipped. Passes the visible tests.
    "blind109_right_train_bpe_one_stream_with_word_separators": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                # the distinct words in one stream, a None between words; each pair weighted by its word's count
                stream, weights = [], []
                for word, frequency in word_counts.items():
                    stream.extend(segmentation[word] + [None])
                    weights.extend([frequency] * (len(segmentation[word]) + 1))
                pair_counts = Counter()
                for left, right, frequency in zip(stream, stream[1:], weights):
                    if left is not None and right is not None:
                        pair_counts[(left, right)] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # All words in one symbol list with None between them, so every merge runs once over the whole text and can never
    # join two words. Passes the visible tests.
    "blind109_right_bpe_encode_all_words_in_one_list_with_separators": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            stream = []
            for symbols in words:
                stream.extend(symbols + [None])                                # None never matches a merge pair
            for pair in merges:
                stream = merge_pair(stream, pair)
            return [symbol for symbol in stream if symbol is not None]
'''),
    # Every coin and draw made up front as float64 uniforms, each scaled by its own range (the number of other
    # documents, the chosen document's length). Passes the visible tests.
    "blind109_right_nsp_pairs_all_draws_at_once_scaled_by_each_length": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            sources = [(index, a, successor) for index, document in enumerate(documents)
                       for a, successor in zip(document, document[1:])]
            if not sources:
                return []
            count = len(sources)
            coins = torch.rand(count, generator=generator, dtype=torch.float64) < 0.5
            picks = (torch.rand(count, generator=generator, dtype=torch.float64) * (len(documents) - 1)).long()
            fractions = torch.rand(count, generator=generator, dtype=torch.float64)
            pairs = []
            for (index, a, successor), coin, pick, fraction in zip(sources, coins.tolist(), picks.tolist(),
                                                                   fractions.tolist()):
                if coin:
                    pairs.append((a, successor, 0))
                else:
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[int(fraction * len(other))], 1))
            return pairs
'''),
    # Distances computed once per distinct pixel colour (torch.unique(dim=0, return_inverse=True)), the ids spread back
    # through the inverse. Passes the visible tests.
    "blind109_right_quantize_pixels_distinct_colours_then_inverse": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                          # (..., H, W, C)
            flat = pixels.reshape(-1, pixels.shape[-1])
            if flat.shape[0] == 0:
                return torch.zeros(pixels.shape[:-1], dtype=torch.long)
            colours, inverse = torch.unique(flat, dim=0, return_inverse=True)  # each distinct colour once
            distances = (colours[:, :, None] - palette.to(dtype)).square().sum(dim=1)   # (U, K)
            nearest = distances.argmin(dim=-1)
            return nearest[inverse].reshape(pixels.shape[:-1])
'''),
    # Buckets computed once per distinct offset and spread back through unique's inverse. Passes the visible tests.
    "blind109_right_relative_position_bucket_distinct_offsets_then_inverse": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offsets, inverse = torch.unique(relative_position.long(), return_inverse=True)   # each offset once
            if bidirectional:
                half = num_buckets // 2
                base = (offsets > 0).long() * half
                distance = offsets.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offsets)
                distance = (-offsets).clamp(min=0)
            exact = half // 2
            far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact)
                           * (half - exact)).long()
            buckets = base + torch.where(distance < exact, distance, far.clamp(max=half - 1))
            return buckets[inverse].reshape(relative_position.shape)
'''),
    # Batch and channels folded into one axis of single-channel images, F.unfold, then reshaped (batch-major fold, so
    # channel-major features). Passes the visible tests.
    "blind109_right_patchify_images_folded_into_one_channel_stack": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            planes = images.reshape(batch * channels, 1, height, width)         # every channel its own image
            patches = F.unfold(planes, kernel_size=P, stride=P)               # (B * C, P * P, N)
            return patches.reshape(batch, channels * P * P, (height // P) * (width // P))
'''),
    # Every item's tokens joined into one (D, B*N) sequence, always with a block-diagonal mask holding each item's own
    # mask (all True when none is given). Passes the visible tests.
    "blind109_right_transformer_layer_batch_tokens_joined_with_block_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            *batch, dim, n = X.shape
            items = math.prod(batch)
            joined = X.reshape(items, dim, n).movedim(0, -2).reshape(dim, items * n)
            per_item = torch.ones(n, n, dtype=torch.bool) if mask is None else mask
            per_item = per_item.expand(*batch, n, n).reshape(items, n, n)
            item = torch.arange(items * n) // n
            same_item = item[:, None] == item[None, :]                         # keys of the query's own item only
            joined_mask = torch.zeros(items * n, items * n, dtype=torch.bool)
            joined_mask[same_item] = per_item.reshape(-1)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, joined_mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = joined + attend(layer_norm(joined, params["gamma1"], params["beta1"]))
                Y = Y + think(layer_norm(Y, params["gamma2"], params["beta2"]))
            else:
                Y = layer_norm(joined + attend(joined), params["gamma1"], params["beta1"])
                Y = layer_norm(Y + think(Y), params["gamma2"], params["beta2"])
            return Y.reshape(dim, items, n).movedim(1, 0).reshape(*batch, dim, n)
'''),
    # The shift as F.pad(targets, (1, -1), value=sos_id): one start token in front, the last pixel cropped. Passes the
    # visible tests.
    "blind109_right_pixel_sequence_padded_in_front_cropped_behind": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = F.pad(targets, (1, -1), value=sos_id)                     # start token in, last pixel out
            return inputs, targets
'''),
    # The complement of the outer product of the ordinary-token flags (1 iff neither token is global). Passes the
    # visible tests.
    "blind109_right_global_token_mask_complement_of_an_outer_product": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            ordinary = (~is_global).long()
            both_ordinary = ordinary.unsqueeze(-1) * ordinary.unsqueeze(-2)    # (..., N, N): 1 iff neither is global
            return both_ordinary == 0
'''),
}
