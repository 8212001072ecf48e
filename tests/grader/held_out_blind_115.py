"""Hundred-and-sixteenth blind batch of held-out implementations (prefix blind115_), written without reading grader/
or tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; listing exercises/tests/ to find their file names showed only those names. tests/grader/ was
listed once, through a filter that printed only the held_out_blind*.py names. The earlier blind batches
(held_out_blind.py ... held_out_blind_113.py) were only skimmed for their entry names (grepped for the mechanisms
planned here), emphases and header style. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_114.py,
held_out_blind_116.py, held_out_blind_117.py). (`git status` showed a modified file under grader/; it was not opened.)

Emphasis: pairs and groups of functions that must agree with each other. Every wrong entry is one member of a group
that is right on the inputs a learner tries and breaks an agreement the contract states, and its comment names that
agreement. Wrong entries: train_bpe learning every pair tied at the top count in one round (the merges no longer
replay the training segmentation) and train_bpe gluing "</w>" to the last character (merges bpe_encode can never
apply); bpe_encode splitting on single spaces with empty words dropped (a tab survives the round trip through
bpe_decode); window_reverse laying the windows on the most square grid (tall grids scrambled), window_partition reading
F.unfold's channel-major rows position-major (right for one channel), shifted_window_mask listing windows column by
column (not window_partition's order); patch_embedding flattening patches channels-last against patchify's weight
layout and cropping the position table for a square grid; split_heads stacking chunks on a new first axis (merge_heads
no longer undoes it once batched), multi_head_attention giving a 4-D mask its head axis at 1; padding_mask squared over
the queries; decoder_layer ANDing enc_mask into the causal self mask and handing the cross step enc_mask transposed;
transformer_layer's pre-LN attention taking keys and values from the raw stream; generate tempering the logits before
next_token_probs tempers them again; greedy next_token_probs sharing the mass among tied maxima (generate then draws);
beam_search scoring the eos step as free and breaking ties by token before beam; sequence_log_prob averaging instead of
summing and calling the model once per prefix; relative_position_bucket walking the first axis as ints (no 2-D offset
matrix for the bias); rotary_embedding aligning default query positions to the end of the keys; attention_decoder_step
inverting the mask it hands to additive_attention; grid_attention shaping the weights by the features' batch only;
channel_attention reshaping sdpa's output instead of transposing it; pixel_sequence shifting a batch as one stream;
embed multiplying by a default-dtype one_hot; sparse_attention_cost's strided and global counts that disagree with
their masks; mlm_corrupt labelling the changed positions instead of the chosen ones; nsp_pairs deriving the label by
comparing B with the successor. Right entries are group members in unusual styles that keep every agreement: bpe_decode
by two regular expressions; window_reverse by F.fold; window_partition by one raster-index gather; shifted_window_mask
from original-coordinate offsets partitioned with the module's window_partition; patch_embedding adding [CLS] by zero
padding; split_heads by unflatten and merge_heads by flatten (graded through multi_head_attention); multi-head attention
with the mask's head axis added by indexing; self_attention with one stacked QKV projection; scaled dot-product
attention through torch.softmax with NaN columns zeroed; generate tempering the logits itself and calling
next_token_probs at temperature 1; beam_search with an explicit (score, beam, token) rank key, and one stopping once the
leading beam is finished; sequence_log_prob as a negative summed cross-entropy; next_token_probs with kept flags in
sorted order scattered back; rotary_embedding by unbinding the two halves; dequantize_pixels by index_select;
quantize_pixels without the pixel's own norm; channel_attention through attention's sdpa on the transposed groups;
decoder_layer with a triu causal mask and a block loop; transformer_layer as a loop over its sub-layers; padding_mask
from a running count.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind115/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (10 of the 31 wrong entries pass them). Each wrong entry's recorded input was run on the
model answer and on the entry and both results printed; each differs as its comment says (generate's by frequencies
over 4000 seeded one-token draws, mlm_corrupt's over 20 000 positions, nsp_pairs' for the first seed whose coin draws,
sequence_log_prob's per-prefix entry by counting model calls, its values being equal), and for the entries that claim
a learner's case agrees this was checked too (wide grids for window_reverse, one channel for window_partition and the
channels-last patch embedding, tall images for the cropped position table, unbatched multi-head attention for
split_heads, post-LN for the pre-LN entry, 1-D offsets in both modes for the bucket loop, G = C for the channel
attention reshape). Right entries were compared with the model answer under both default dtypes on random inputs
(float32 and float64, 0-2 batch axes, edge sizes), values to 1e-4 / 1e-10 and dtypes exactly, ValueErrors matched, and
gradients of every floating-point input (parameters included) to 1e-3 / 1e-8 where the function is differentiable:
multi_head_attention (for split_heads, merge_heads and the mask entry) with self- and cross-attention, the same object
twice, 2-D, batched, padding, singleton-batch and 4-D masks and D not divisible by H; scaled dot-product attention with
1000x scores and fully masked queries; generate on 400 random models with every option (same ids and the same
generator state afterwards); both beam_search entries on 500 random models each (rounded logits for ties, eos None, 0,
1 or V - 1, zero steps); next_token_probs on 1200 logits (rounded for ties, temperature 0, top_k up to V + 2, top_p from
1e-9 to 1); sequence_log_prob with one-token ids and 100x logits; rotary with and without positions, other bases, odd
D; dequantize with int32, int16 and uint8 ids, float ids and out-of-range ids; quantize with mixed dtypes and pixels
equal to palette colours; channel_attention with every divisor, bad group counts and a given scale; decoder_layer and
transformer_layer (both orders) with and without masks; window_partition, window_reverse and shifted_window_mask over
rectangular grids, every shift and the shift = window ValueError; patch_embedding over rectangular images and
channels; padding_mask with n = 0 and lengths 0 and n. A few were also run under torch.no_grad().

Judgement calls: blind115_sequence_log_prob_one_model_call_per_prefix returns the right value on a causal model and is
wrong only against the contract's "one model call" (N - 1 calls, and one extra call for N = 1). The two
sparse_attention_cost entries are wrong for the counts the contract defines as the masks' True entries, but each is
right for the case a learner checks (stride 1, one global token).
blind115_decoder_layer_cross_mask_handed_over_query_major is right for symmetric masks and raises for a padding mask with N_e != N_d. blind115_window_partition_unfold_rows_read_
position_major also fails for integer grids (F.unfold has no Long kernel), so the shifted_window_mask of its package
fails too; its recorded input is a float grid. blind115_right_window_reverse_functional_fold folds integer windows in
float64 and casts back, exact for values below 2**53. blind115_right_quantize_without_the_pixel_norm ranks by
|p|^2 - 2 x.p, whose rounding is within the expanded form's, where the contract accepts either id.
blind115_right_beam_search_stops_when_best_beam_finished relies on log-probabilities being <= 0, so nothing behind a
finished leader can overtake it (a tie keeps the earlier, finished beam first). Dropped after grepping earlier names:
top-p on an unrenormalised top-k, a self_attention renormalising masked weights, the bucket log in float64, merge_heads
unbinding axis 0, a merge_heads by cat of unbind(-3) and a beam search by heapq (earlier batches hold them).

Counts: 31 wrong, 22 right.
Wrong per function: {'attention_decoder_step': 1, 'beam_search': 2, 'bpe_encode': 1, 'channel_attention': 1, 'decoder_layer': 2, 'embed': 1, 'generate': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_embedding': 2, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'sequence_log_prob': 2, 'shifted_window_mask': 1, 'sparse_attention_cost': 2, 'split_heads': 1, 'train_bpe': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'beam_search': 2, 'bpe_decode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'generate': 1, 'merge_heads': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'padding_mask': 1, 'patch_embedding': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'split_heads': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_115 = {
    # ------------------------------------------------------------------ bpe: train_bpe -> bpe_encode -> bpe_decode
    # Agreement broken: the merges train_bpe returns must be the ones the segmentation it trains on would learn one at a
    # time (replayed by bpe_encode they rebuild it); this entry learns every pair tied at the top count in one round,
    # without recounting between them. Worked example corpus (low x5, lower x2, newer x6), num_merges=2: model
    # [("w","e"), ("we","r")], entry [("w","e"), ("e","r")] (whose count is 0 once w e is merged). Fails the visible
    # tests.
    "blind115_train_bpe_learns_every_tied_pair_in_one_round": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            while len(merges) < num_merges:
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                top = max(pair_counts.values())
                # one pass per count level: every pair at the top count is learned now, in first-seen order
                for pair, count in pair_counts.items():
                    if count == top and len(merges) < num_merges:
                        merges.append(pair)
                        for word in segmentation:
                            segmentation[word] = merge_pair(segmentation[word], pair)
            return merges
'''),
    # Agreement broken: train_bpe's merges are keyed to the contract's words (list(word) + ["</w>"]); this entry, a
    # port of subword-nmt 0.1, glues the marker onto the last character from the start, so it learns merges such as
    # ("a", "b</w>") that bpe_encode's split (..., "b", "</w>") can never apply. train_bpe("ab ab", 1): model
    # [("a", "b")], entry [("a", "b</w>")]. Fails the visible tests.
    "blind115_train_bpe_marker_glued_to_last_character": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            # subword-nmt 0.1: the last character carries the end-of-word mark ("w</w>")
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
    # Agreement broken: bpe_decode(bpe_encode(t, m)) == " ".join(t.split()). The entry splits on single spaces and
    # drops the empty words two spaces make (right for "a  b"), so a tab or newline stays inside a word and comes
    # back. bpe_encode("a\\tb", []): model ["a", "</w>", "b", "</w>"], entry ["a", "\\t", "b", "</w>"] (decoded
    # "a\\tb", not "a b"). Fails the visible tests.
    "blind115_bpe_encode_space_split_with_empty_words_dropped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for word in text.split(" "):
                if not word:
                    continue  # two spaces in a row give an empty word
                symbols = list(word) + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # ------------------------------------------------------------------ swin: window_partition <-> window_reverse
    # Agreement broken: window_reverse(window_partition(X, M), M, H, W) == X. The entry lays the nW windows out on
    # the most square grid it can (rows = the largest divisor of nW up to sqrt(nW)) instead of H/M rows: right for
    # square and wide grids, wrong for tall ones. X = arange(8.).reshape(1, 4, 2), M = 2 (two windows, one above the
    # other): model gives X back, entry [[0, 1], [4, 5], [2, 3], [6, 7]]. Fails the visible tests.
    "blind115_window_reverse_window_rows_from_isqrt_of_count": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            rows = math.isqrt(num_windows)          # the windows tile a near-square grid
            while num_windows % rows:
                rows -= 1
            cols = num_windows // rows
            grid = windows.reshape(*batch, rows, cols, channels, M, M)   # (..., a, b, C, p, q)
            grid = grid.movedim((-5, -4), (-4, -2))                     # (..., C, a, p, b, q)
            return grid.reshape(*batch, channels, height, width)
'''),
    # Agreement broken: the round trip with window_reverse, for C > 1. F.unfold stacks its rows channel-major
    # (c, p, q); the entry reads them as (p, q, c), which is the same only for one channel (the label grids
    # shifted_window_mask partitions). X = arange(8.).reshape(2, 2, 2), M = 2: model [[[0, 1, 2, 3], [4, 5, 6, 7]]],
    # entry [[[0, 2, 4, 6], [1, 3, 5, 7]]]. Fails the visible tests.
    "blind115_window_partition_unfold_rows_read_position_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            flat = X.reshape(-1, channels, height, width)
            columns = F.unfold(flat, kernel_size=M, stride=M)                # (B', C*M*M, nW)
            windows = columns.reshape(flat.shape[0], M * M, channels, -1)    # one row per window position, then C
            windows = windows.permute(0, 3, 2, 1)                            # (B', nW, C, M*M)
            return windows.reshape(*batch, -1, channels, M * M)
'''),
    # Agreement broken: mask window k must be window k of window_partition (raster order over the grid of windows);
    # the entry lists the windows column by column, right only when the windows form one row or one column.
    # shifted_window_mask(4, 4, 2, 1)[1]: model row 0 [True, False, True, False] (a left|right split), entry row 0
    # [True, True, False, False] (the top/bottom split of window 2). Fails the visible tests.
    "blind115_shifted_window_mask_windows_listed_column_by_column": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            masks = []
            for c in range(width // M):
                for r in range(height // M):
                    block = labels[r * M:(r + 1) * M, c * M:(c + 1) * M].reshape(-1)
                    masks.append(block[:, None] == block[None, :])
            return torch.stack(masks)
'''),
    # ------------------------------------------------------------------ patch_embedding: patchify inside the embedding
    # Agreement broken: W (D, C*P*P) is laid out for patchify's (channel, row, column) order; the entry flattens
    # each patch as vit-pytorch does, (row, column, channel), which agrees only for one channel. images =
    # arange(8.).reshape(1, 2, 2, 2), P = 2, W = eye(8), b, cls, positions zero: column 1 model [0, 1, ..., 7], entry
    # [0, 4, 1, 5, 2, 6, 3, 7]. Passes the visible tests.
    "blind115_patch_embedding_patch_pixels_flattened_channels_last": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            B, C, H, Wd = images.shape
            P = patch_size
            grid = images.reshape(B, C, H // P, P, Wd // P, P)
            patches = grid.permute(0, 2, 4, 3, 5, 1).reshape(B, -1, P * P * C)   # "b (h w) (p1 p2 c)"
            tokens = patches @ W.T + b                                          # (B, N, D)
            cls = cls_token.expand(B, 1, -1)
            return (torch.cat([cls, tokens], dim=1) + positions.T).transpose(1, 2)
'''),
    # Agreement broken: the composite's position table must fit its own patchify. The entry crops the table to
    # (H/P)**2 + 1 columns, ViT's square-image habit: right for square images, a broadcast error for H < W. images
    # (1, 1, 2, 4), P = 2 (N = 2): model (1, D, 3), entry raises RuntimeError. Fails the visible tests.
    "blind115_patch_embedding_positions_cropped_for_a_square_grid": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)              # (B, D, N)
            side = images.shape[-2] // patch_size
            table = positions[:, : side * side + 1]                          # [CLS] + one column per patch
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + table
'''),
    # ------------------------------------------------------------------ multihead: split_heads / merge_heads / MHA
    # Agreement broken: merge_heads (the reshape) undoes split_heads only if the heads sit at axis -3; this split
    # stacks the chunks on a NEW FIRST axis (torch.stack's default), right for one unbatched sequence. Batched Xq
    # (2, 4, 3), H = 2, random params: model (2, 4, 3), entry the heads of both items mixed (same shape, values
    # differ: B = H); with B = 3 it raises. Fails the visible tests.
    "blind115_split_heads_chunks_stacked_on_first_axis": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # (the stub's input checks)
            return torch.stack(Y.chunk(num_heads, dim=-2))
'''),
    # Agreement broken: a mask (..., N_k, N_q) gains its head axis at position -3. The entry inserts it at axis 1,
    # the same place for 2-D and 3-D masks, but not for a 4-D mask over two batch axes. X (2, 3, 4, 2), H = 2, mask
    # (2, 3, 2, 2) all True: model the unmasked result, entry raises RuntimeError (3 against H = 2). Passes the
    # visible tests.
    "blind115_mha_mask_head_axis_inserted_at_one": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() > 2:
                mask = mask.unsqueeze(1)  # (B, N_k, N_q) -> (B, 1, N_k, N_q): one mask for all heads
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ masking: a mask and the attention that takes it
    # Agreement broken: padding_mask is (B, n, 1) so that every query, padding queries included, sees the real keys;
    # the entry also hides padding queries, (B, n, n), so a padded query gets zero output in attention.
    # padding_mask(tensor([1]), 2): model [[[True], [False]]], entry [[[True, False], [False, False]]]. Fails the
    # visible tests.
    "blind115_padding_mask_squared_over_queries": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            real = torch.arange(n, device=lengths.device)[None, :] < lengths[:, None]   # (B, n)
            return real[:, :, None] & real[:, None, :]   # a padding position neither sees nor is seen
'''),
    # ------------------------------------------------------------------ cross_attention: decoder_layer and its parts
    # Agreement broken: enc_mask belongs to the cross-attention step only; the entry also ANDs it into the causal
    # self-attention mask (possible when N_e = N_d). N_d = N_e = 3, enc_mask = padding_mask(tensor([2]), 3),
    # random weights: model and entry differ in column 2 (the self step of query 2 loses key 2). Fails the visible
    # tests.
    "blind115_decoder_layer_enc_mask_also_hides_decoder_keys": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            if enc_mask is not None:
                self_mask = self_mask & enc_mask  # padded positions hidden in both attentions
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Agreement broken: cross_attention's enc_mask is (..., N_e, N_d) like every mask here; the entry hands the cross
    # step enc_mask transposed ((N_d, N_e), the query-major layout), which is the same only for symmetric masks. N_d =
    # N_e = 2, enc_mask [[True, True], [False, True]], random weights: model and entry differ in both columns.
    # Fails the visible tests.
    "blind115_decoder_layer_cross_mask_handed_over_query_major": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            cross_mask = None if enc_mask is None else enc_mask.transpose(-2, -1)   # (queries, keys)
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, cross_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # ------------------------------------------------------------------ transformer_layer: the layer and its parts
    # Agreement broken at one option: pre-LN self-attention is MHA(LN1(X), LN1(X)); the entry's attention helper
    # takes the normalised tensor as queries and the raw stream as keys and values (post-LN is unaffected, where both
    # are X). norm_first=True, random X (4, 3), H = 2: model and entry differ. Passes the visible tests.
    "blind115_transformer_layer_pre_ln_keys_from_raw_stream": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            stream = X

            def attend(Y):
                return multi_head_attention(Y, stream, params, num_heads, mask)   # keys and values: the stream

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
    # ------------------------------------------------------------------ sampling: next_token_probs <-> generate
    # Agreement broken: generate's draws come from next_token_probs(last column, temperature, ...); the entry divides
    # the logits by the temperature itself and passes the temperature on, so it samples at T**2 (right at T = 1).
    # A model with constant logits [0, 1], temperature=0.5, max_new_tokens=1, 4000 seeded draws: token 1 drawn
    # 88.1 % (model, softmax([0, 2])) against 98.2 % (entry, softmax([0, 4])). Passes the visible tests.
    "blind115_generate_temperature_applied_before_and_inside": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature != 0:
                    logits = logits / temperature   # sharpen before filtering
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Agreement broken: greedy next_token_probs is a one-hot on the arg-max (ties to the lowest id), so generate at
    # temperature 0 is deterministic; the entry spreads the mass over every tied maximum, and generate then draws
    # among them. next_token_probs(tensor([1., 3., 3.]), temperature=0): model [0, 1, 0], entry [0, 0.5, 0.5]. Fails
    # the visible tests.
    "blind115_next_token_probs_greedy_mass_shared_by_tied_maxima": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                best = (logits == logits.max()).to(logits.dtype)
                return best / best.sum()   # the arg-max set, as a distribution
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
    # ------------------------------------------------------------------ sampling: sequence_log_prob <-> beam_search
    # Agreement broken (eos rule): a beam's score is the sum of its tokens' log-probabilities, eos included (what
    # sequence_log_prob gives the finished sequence); the entry lets the eos step cost nothing, so finishing is
    # free. Constant logits log([0.6, 0.3, 0.1]), eos_id=2, prompt [0], width 1, 2 steps: model [0, 0, 0], entry
    # [0, 2]. Fails the visible tests.
    "blind115_beam_search_eos_step_scored_free": ("sampling", "beam_search", '''
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
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        if token == eos_id:
                            candidates.append((score, extended, True))   # the end marker adds no content
                        else:
                            candidates.append((score + log_prob, extended, False))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Agreement broken (tie rule): equal scores go to the earlier beam, then the lower token; the entry sorts by
    # (score, last token), so a lower token of a later beam wins. V = 2, width 2, 2 steps, prompt [0]; the model's
    # column n is log([.5, .5]) at n = 0, then log([.2, .8]) after a 0 and log([.8, .2]) after a 1: [0, 0, 1] and
    # [0, 1, 0] tie; model [0, 0, 1], entry [0, 1, 0]. Passes the visible tests.
    "blind115_beam_search_ties_to_lower_token_before_earlier_beam": ("sampling", "beam_search", '''
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
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: (-candidate[0], int(candidate[1][-1])))   # ties: lower id
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Agreement broken (length rule): sequence_log_prob is the SUM that beam search ranks by; the entry averages
    # over the predicted tokens (right for N = 2, NaN for N = 1). Constant logits log([0.5, 0.25, 0.25]), ids
    # [0, 0, 1]: model log(.5) + log(.25) = -2.079, entry -1.040. Fails the visible tests.
    "blind115_sequence_log_prob_mean_over_predicted_tokens": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].mean()   # per-token log-likelihood
'''),
    # Agreement broken: "one model call" (column n - 1 of one call scores ids[n], as generate reads the last column
    # of each call); the entry calls the model once per prefix, as generate does, N - 1 calls (N = 1: none). Values
    # agree on a causal model; ids [0, 1, 2, 1]: model 1 call, entry 3 calls. Fails the visible tests.
    "blind115_sequence_log_prob_one_model_call_per_prefix": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            total = None
            for n in range(1, len(ids)):
                column = torch.log_softmax(model(ids[:n])[:, -1], dim=0)   # what generate saw before drawing ids[n]
                term = column[ids[n]]
                total = term if total is None else total + term
            if total is None:
                return model(ids)[:, :0].sum()   # no token to score: an empty sum in the logits' dtype
            return total
'''),
    # ------------------------------------------------------------------ positions: buckets, and the bias built from them
    # Agreement broken: the bias is built from an (N_k, N_q) offset matrix, so the buckets take "any shape"; the
    # entry walks the offsets as Python ints, which works for one row of offsets only.
    # relative_position_bucket(tensor([[-1, 1]])): model [[1, 17]], entry raises (a row cannot be an int). Fails the
    # visible tests.
    "blind115_relative_bucket_python_loop_over_first_axis": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            def bucket(offset):
                if bidirectional:
                    half = num_buckets // 2
                    base = half if offset > 0 else 0
                    distance = abs(offset)
                else:
                    half = num_buckets
                    base = 0
                    distance = max(-offset, 0)
                exact = half // 2
                if distance < exact:
                    return base + distance
                scaled = torch.log(torch.tensor(float(distance)) / exact) / math.log(max_distance / exact) * (half - exact)
                return base + min(exact + int(scaled), half - 1)

            return torch.tensor([bucket(int(offset)) for offset in relative_position], dtype=torch.long)
'''),
    # Agreement broken: rotated scores depend on p_q - p_k with the default positions 0..N-1 for BOTH; the entry
    # places default queries at the END of the keys (a KV cache's habit), right when N_q = N_k. Q = ones(2, 1),
    # K = ones(2, 3): model Q' = [[1], [1]] (position 0), entry Q' rotated by position 2: [[-1.325], [0.493]]. Passes
    # the visible tests.
    "blind115_rotary_default_queries_aligned_to_end_of_keys": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            num_q, num_k = Q.shape[-1], K.shape[-1]
            if positions_q is None and num_k > num_q:
                positions_q = torch.arange(num_k - num_q, num_k)   # the queries are the newest tokens
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # ------------------------------------------------------------------ rnn_attention: the step and its attention
    # Agreement broken: additive_attention's mask is True = visible and the step must pass it on as it is; the entry
    # inverts it on the way (key_padding_mask habit). s_prev, y_prev, H (4, 3) random, mask [True, True, False]: model
    # weights [w0, w1, 0], entry [0, 0, 1]. Fails the visible tests.
    "blind115_attention_decoder_step_mask_inverted_on_the_way": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            padding = None if mask is None else ~mask    # True where a position is padding
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], padding)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Agreement broken: grid_attention is additive_attention over the flattened grid, whose batch is s and features
    # broadcast together; the entry shapes the weights by the features' batch only. s (2, 3), features (1, 2, 2):
    # model weights (2, 2, 2), entry raises RuntimeError (reshape of 8 values into (2, 2)). Passes the visible tests.
    "blind115_grid_attention_weights_shaped_by_feature_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *batch, channels, height, width = features.shape
            weights, context = additive_attention(s, features.reshape(*batch, channels, height * width), W, U, v)
            return weights.reshape(*batch, height, width), context
'''),
    # ------------------------------------------------------------------ davit: channel attention and attention's sdpa
    # Agreement broken: channel attention is scaled_dot_product_attention(Q_g^T, K_g^T, V_g^T) TRANSPOSED BACK; the
    # entry reshapes sdpa's (..., G, N, C/G) output to (..., C, N) instead, right only when C/G = 1 or N = 1.
    # X (2, 3) random, G = 1: model and entry differ (entry rows mix tokens and channels). Fails the visible tests.
    "blind115_channel_attention_sdpa_output_reshaped_not_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))   # sdpa already divides by sqrt(N)
            attended, _ = scaled_dot_product_attention(Q, K, V)          # (..., G, N, C/G)
            return linear(attended.reshape(*X.shape[:-2], channels, tokens), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ imagegpt: pixel_sequence and the decoder it feeds
    # Agreement broken: inputs[n] must be what a causal decoder has seen before targets[n] of the SAME image; the
    # entry shifts the whole batch as one stream, so image 2 starts with image 1's last pixel instead of sos_id.
    # ids [[[1, 2]], [[3, 4]]], sos_id 9: model inputs [[9, 1], [9, 3]], entry [[9, 1], [2, 3]]. Passes the visible
    # tests.
    "blind115_pixel_sequence_batch_shifted_as_one_stream": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.long().reshape(-1)
            targets = flat.reshape(*ids.shape[:-2], -1)
            inputs = torch.cat([flat.new_full((1,), sos_id), flat[:-1]]).reshape(targets.shape)
            return inputs, targets
'''),
    # ------------------------------------------------------------------ embeddings: embed <-> one_hot
    # Agreement broken: embed equals omega_e @ one_hot(ids, V) IN OMEGA_E'S DTYPE; the entry multiplies by the
    # one-hot in the default dtype, which fails when the two dtypes differ. omega_e float64 (2, 3), ids [0, 2],
    # float32 default: model the two columns in float64, entry raises RuntimeError (Double @ Float). Fails the
    # visible tests.
    "blind115_embed_times_default_dtype_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e @ one_hot(token_ids, omega_e.shape[-1])   # the definition: Omega_e T
'''),
    # ------------------------------------------------------------------ sparse_attention: masks <-> their costs
    # Agreement broken: the cost is the number of True entries of strided_mask(n, s); the entry gives every query
    # m + 1 keys (the queries near the ends have fewer). sparse_attention_cost("strided", 3, stride=2): model 5,
    # entry 6 (right for stride 1 and for stride >= n). Fails the visible tests.
    "blind115_sparse_cost_strided_every_query_sees_m_plus_one_keys": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                return n * ((n - 1) // stride + 1) if n else 0   # keys i, i +- s, ... per query
            return num_global * (2 * n - num_global)
'''),
    # Agreement broken: the cost is the number of True entries of global_token_mask with g global tokens, g(2n - g);
    # the entry adds a full row and column per global token and removes only its diagonal entry, 2gn - g, right for
    # g = 1. sparse_attention_cost("global", 3, num_global=2): model 8, entry 10. Passes the visible tests.
    "blind115_sparse_cost_global_overlaps_of_global_pairs_counted_twice": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return 2 * num_global * n - num_global   # a row and a column per global token, its diagonal once
'''),
    # ------------------------------------------------------------------ pretraining: labels <-> corrupted ids
    # Agreement broken: labels hold the original id at exactly the CHOSEN positions, the 10 % kept unchanged (and
    # random ids equal to the original) included; the entry labels the positions that changed. ids = arange(5,
    # 20005), vocab 30000, no specials, mask_prob=1.0, seeded: model 0 positions labelled -100, entry 10.0 % of them.
    # Fails the visible tests.
    "blind115_mlm_labels_where_the_token_changed": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(corrupted != ids, ids.long(), IGNORE)   # the loss is on what was corrupted
            return corrupted, labels
'''),
    # Agreement broken: the label says which coin came up (0: B is the successor, 1: B was drawn from another
    # document); the entry derives it by comparing B with the successor, so a drawn sentence equal to the successor
    # gets label 0. documents [["a", "b"], ["b"]], a seed whose coin draws: model [("a", "b", 1)], entry
    # [("a", "b", 0)]. Passes the visible tests.
    "blind115_nsp_label_from_comparing_b_with_the_successor": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        b = successor
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        b = other[torch.randint(len(other), (), generator=generator).item()]
                    pairs.append((a, b, 0 if b == successor else 1))
            return pairs
'''),
}
RIGHT_BLIND_115 = {
    # bpe_decode by one regular-expression pass for the marker and one for the trailing run of spaces; keeps the
    # round trip with bpe_encode and leading or repeated spaces of sampled tokens. Passes the visible tests.
    "blind115_right_bpe_decode_two_regex_passes": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            import re
            text = re.sub(re.escape(END_OF_WORD), " ", "".join(tokens))
            return re.sub(r" +\\Z", "", text)
'''),
    # window_reverse as F.fold of the windows (kernel = stride = M), every leading axis folded into one batch axis
    # and restored: the exact inverse of window_partition on any grid, square or not. Passes the visible tests.
    "blind115_right_window_reverse_functional_fold": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            columns = windows.reshape(-1, num_windows, channels * M * M).transpose(1, 2)   # (B', C*M*M, nW)
            if not windows.is_floating_point():
                columns = columns.double()
            grid = F.fold(columns, output_size=(height, width), kernel_size=M, stride=M)  # (B', C, H, W)
            return grid.to(windows.dtype).reshape(*batch, channels, height, width)
'''),
    # window_partition by one gather with a precomputed raster index (window row, window column, row, column), so
    # it agrees with window_reverse and with the mask's window order on every grid. Passes the visible tests.
    "blind115_right_window_partition_one_index_gather": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows = torch.arange(height, device=X.device).reshape(height // M, 1, M, 1)
            cols = torch.arange(width, device=X.device).reshape(1, width // M, 1, M)
            index = (rows * width + cols).reshape(-1)                        # windows in raster order, then tokens
            tokens = X.reshape(*batch, channels, height * width)[..., index]    # (..., C, nW * M*M)
            return tokens.reshape(*batch, channels, -1, M * M).movedim(-3, -2)
'''),
    # shifted_window_mask from original-coordinate offsets: a rolled token's row moved by +shift or by
    # shift - H (wrapped); two tokens were neighbours iff their row and column offsets agree. The offsets are
    # partitioned with the module's own window_partition, so the window order is the one attention uses. Passes the
    # visible tests.
    "blind115_right_shifted_window_mask_offsets_partitioned_like_tokens": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height)
            cols = torch.arange(width)
            row_offset = (rows + shift) % height - rows                      # shift, or shift - H if wrapped
            col_offset = (cols + shift) % width - cols
            offsets = torch.stack([row_offset[:, None].expand(height, width),
                                   col_offset[None, :].expand(height, width)])   # (2, H, W): a 2-channel grid
            windows = window_partition(offsets, window)                      # (nW, 2, M*M)
            return (windows[:, :, :, None] == windows[:, :, None, :]).all(dim=1)
'''),
    # patch_embedding with the [CLS] column added by zero padding: the patch tokens padded on the left, cls_token
    # padded on the right, summed with the positions; patchify is the one the weights are laid out for. Passes the
    # visible tests.
    "blind115_right_patch_embedding_cls_by_zero_padding": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)       # (B, D, N)
            count = tokens.shape[-1]
            with_room = F.pad(tokens, (1, 0))                         # column 0 empty
            cls_column = F.pad(cls_token[:, None], (0, count))        # (D, N + 1), cls_token in column 0
            return with_room + cls_column + positions
'''),
    # split_heads by unflatten of the feature axis: merge_heads' reshape undoes it for any batch axes. Passes the
    # visible tests.
    "blind115_right_split_heads_unflatten": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # (the stub's input checks)
            return Y.unflatten(-2, (num_heads, -1))
'''),
    # merge_heads by flatten of the head and row axes, the exact inverse of split_heads' reshape. Passes the visible
    # tests.
    "blind115_right_merge_heads_flatten_head_and_row_axes": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # (the stub's input checks)
            return heads.flatten(-3, -2)
'''),
    # multi_head_attention with the head axis put into the mask by indexing, mask[..., None, :, :], which is axis -3
    # for every mask rank (2-D, padding (B, N_k, 1), 4-D over two batch axes). Passes the visible tests.
    "blind115_right_mha_mask_head_axis_by_indexing": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            project = lambda X, name: split_heads(linear(X, params["W" + name], params["b" + name]), num_heads)
            head_mask = None if mask is None else mask[..., None, :, :]
            heads, _ = scaled_dot_product_attention(project(Xq, "q"), project(Xkv, "k"), project(Xkv, "v"),
                                                    mask=head_mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # self_attention with one stacked projection [Wq; Wk; Wv] split by rows, then the module's attention (tied
    # weights, Wk is Wq, are concatenated as copies in the graph, so both names get their gradient). Passes the
    # visible tests.
    "blind115_right_self_attention_stacked_qkv_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            d_k, d_v = Wq.shape[0], Wv.shape[0]
            QKV = linear(X, torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))
            Q, K, V = QKV.split([d_k, d_k, d_v], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask=mask)
'''),
    # scaled_dot_product_attention with torch.softmax down the key axis and its NaN columns (every key hidden)
    # turned into zeros, which is what softmax_cols gives; the mask is applied with the module's apply_mask. Passes
    # the visible tests.
    "blind115_right_sdpa_torch_softmax_nan_columns_zeroed": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = torch.softmax(scores, dim=-2).nan_to_num(nan=0.0)
            return V @ weights, weights
'''),
    # generate that divides the logits by the temperature itself and calls next_token_probs at temperature 1 (0 stays
    # greedy): the same probabilities (x / T / 1 == x / T), the same multinomial draws. Passes the visible tests.
    "blind115_right_generate_tempers_before_next_token_probs": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature == 0:
                    probs = next_token_probs(logits, 0, top_k, top_p)
                else:
                    probs = next_token_probs(logits / temperature, 1.0, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # beam_search that ranks candidates with an explicit key (-score, beam rank, token id): the contract's tie rule
    # written out instead of relying on a stable sort; scores are float64 sums of log-probabilities. Passes the
    # visible tests.
    "blind115_right_beam_search_explicit_rank_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                ranked = []
                for rank, (score, ids, finished) in enumerate(beams):
                    if finished:
                        ranked.append(((-score, rank, -1), (score, ids, True)))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        extended = torch.cat([ids, ids.new_tensor([token])])
                        ranked.append(((-(score + log_prob), rank, token), (score + log_prob, extended, token == eos_id)))
                ranked.sort(key=lambda item: item[0])
                beams = [candidate for _, candidate in ranked[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # beam_search that stops as soon as the BEST beam is finished: the others score no more than it, extending them
    # can only lower their scores, and on a tie the finished beam stays first (it is the earlier beam). Passes the
    # visible tests.
    "blind115_right_beam_search_stops_when_best_beam_finished": ("sampling", "beam_search", '''
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
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if beams[0][2]:
                    break   # nothing behind it can overtake a finished leader
            return beams[0][1]
'''),
    # sequence_log_prob as minus the summed cross-entropy of columns 0..N-2 against ids[1:], one model call; an
    # empty sum (N = 1) is 0. Passes the visible tests.
    "blind115_right_sequence_log_prob_negative_cross_entropy": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)                                           # (V, N)
            return -F.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    # next_token_probs that keeps a boolean "kept" vector in sorted order and scatters it back to ids; sums are taken
    # in id order, as the filters' renormalisations are. Passes the visible tests.
    "blind115_right_next_token_probs_kept_flags_in_sorted_order": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return F.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            size = probs.shape[-1]
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                kept_sorted = torch.arange(size) < top_k
                kept = torch.zeros_like(kept_sorted).scatter(0, order, kept_sorted)
                probs = torch.where(kept, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                below = torch.cumsum(probs[order], dim=0) < top_p
                kept_sorted = torch.arange(size) <= int(below.sum())       # the crossing token too
                kept = torch.zeros_like(kept_sorted).scatter(0, order, kept_sorted)
                probs = torch.where(kept, probs, 0.0)
            return probs / probs.sum()
'''),
    # rotary_embedding with each column's two halves unbound from an unflattened view and stacked back: Q and K
    # turned by their own positions (0..N-1 by default), so K'^T Q' depends on p_q - p_k only. Passes the visible tests.
    "blind115_right_rotary_halves_unbound_and_stacked": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                dim, count = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(count)
                exponents = torch.arange(dim // 2, dtype=torch.float64) * 2 / dim
                angles = base ** -exponents[:, None] * positions.to(torch.float64)[None, :]   # (D/2, N)
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X.unflatten(-2, (2, dim // 2)).unbind(-3)
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # dequantize_pixels by index_select on the flattened ids, reshaped and the channel axis moved before H, W: the
    # inverse of quantize_pixels on a palette of distinct colours, for any integer dtype of ids. Passes the visible
    # tests.
    "blind115_right_dequantize_index_select_flat_ids": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.index_select(1, ids.reshape(-1).long())          # (C, numel)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # quantize_pixels minimising |p|^2 - 2 x.p (|x|^2 is the same for every colour of a pixel): the expanded
    # form's ranking, ties to the lowest id by argmin. Passes the visible tests.
    "blind115_right_quantize_without_the_pixel_norm": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                 # (..., H, W, C)
            colours = palette.to(dtype)
            scores = colours.square().sum(0) - 2 * (pixels @ colours)   # (..., H, W, K)
            return scores.argmin(dim=-1)
'''),
    # channel_attention as the contract's equivalence: attention's scaled_dot_product_attention on the transposed
    # groups (channels as tokens, the N token values as features, so its 1/sqrt(N) is the default scale), transposed
    # back; a given scale rescales the queries. Passes the visible tests.
    "blind115_right_channel_attention_through_sdpa_on_transposed_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            def groups(name):
                return split_heads(linear(X, params["W" + name], params["b" + name]), num_groups).transpose(-2, -1)
            Q, K, V = groups("q"), groups("k"), groups("v")                 # (..., G, N, C/G)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))
            attended, _ = scaled_dot_product_attention(Q, K, V)           # (..., G, N, C/G)
            return linear(merge_heads(attended.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # decoder_layer with the causal mask as the upper triangle of a boolean ones matrix (key j <= query i) and the
    # three sub-blocks as a loop over (block, norm) pairs. Passes the visible tests.
    "blind115_right_decoder_layer_triu_mask_and_block_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()
            blocks = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), "1"),
                (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), "2"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "3"),
            )
            X = X_dec
            for block, k in blocks:
                X = layer_norm(X + block(X), params["gamma" + k], params["beta" + k])
            return X
'''),
    # transformer_layer as a loop over its two sub-layers, each with its own norm, the order chosen per step. Passes
    # the visible tests.
    "blind115_right_transformer_layer_sublayer_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            sublayers = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            )
            for block, gamma, beta in sublayers:
                norm = lambda Y: layer_norm(Y, params[gamma], params[beta])
                X = X + block(norm(X)) if norm_first else norm(X + block(X))
            return X
'''),
    # padding_mask from a running count: position j (counted from 1) is real iff j <= length; (B, n, 1) so that it
    # broadcasts over the queries of the attention that takes it. Passes the visible tests.
    "blind115_right_padding_mask_running_count": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            counts = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device).cumsum(-1)
            return (counts <= lengths[:, None])[..., None]
'''),
}
