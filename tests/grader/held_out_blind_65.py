"""Sixty-sixth blind batch of held-out implementations (prefix blind65_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_64.py) were only skimmed for
their entry names and header layout, to avoid repeating an entry (word caches that ignore the merges and top-k
thresholds that keep ties, for instance, were already there and are not repeated). Nothing else under grader/ or
tests/ was opened, grepped or run, nor docs/grading.md, benchmarks/, nor the batches written at the same time
(held_out_blind_66.py and held_out_blind_67.py).

Emphasis: memory-saving and streaming rewrites. Wrong entries are the slips such rewrites make: an online softmax
whose running sum (or running output, or running context) is not rescaled when a later block raises the maximum, in
softmax_cols, key-blocked attention, additive attention and a streamed log-sum-exp; a block that is entirely hidden
while the running maximum is still -inf (exp(-inf - (-inf)) = NaN); a last partial block skipped (tiles of a causal
mask, key blocks, token tiles of channel attention) or counted twice (softmax row sums), or counted as a full block
(layer-norm running sums); a slice not moved with its block (mask columns, causal columns, the residual, b1, biases of
a group, query flags, targets, mask of additive attention) or sliced on the wrong axis (an encoder mask sliced on its
keys, a broadcast axis of size 1 sliced); positions restarted in every block (local, strided, sinusoidal, rotary) or a
block index not offset (palette argmin, vocabulary one-hot); blocks that see too few keys (self-attention within its
own block, a decoder block without earlier tokens) or keys already transformed (a layer whose stream is replaced block
by block); separately normalised blocks (encoder blocks, grid bands, mean of block means); Chan's variance merge
without its between-block term; biases added once per block or head; odd heads dropped by a pairwise loop;
preallocated buffers in the default dtype; a fixed top-64 pool for top-p; a sliding generation window that slides
before it is full, or a "KV-cache" generator that feeds only the last token; per-beam pre-filtering to one token; a
stale Counter order in incremental BPE counts; corpora and texts read in fixed blocks that cut words. Right entries
are correct blocked or streaming versions of the same functions (any block size, including N smaller than one block
and N = 1).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind65/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's visible
tests: every right entry passes them, and each wrong entry's comment says whether it does (28 of the 52 wrong entries
pass them). Each wrong entry's recorded input was run on the model answer and on the entry and both results printed;
each differs as its comment says (a different value, a NaN, a different dtype, or an exception where the model answer
returns). Right entries were compared with the model answer under both default dtypes (float32 and float64), on
float32 and float64 inputs, mostly 200 random cases each (more for the sampling and BPE functions): random batch
shapes ((), (2,), (2, 3), (1, 2)), sizes from 1 (or 0 where the function takes it) up to past two blocks, masks of
every broadcastable kind (full, (N_k, N_q), causal, local, padding (B, N_k, 1), all-False columns), scores scaled up
to 1e4 and -inf entries, the same tensor passed as Q, K and V or as Xq and Xkv, arguments by name, the contract's
ValueErrors; gradients of every floating input and weight compared every few cases (no NaN at finite entries); exact
equality for masks (n = 0..19, every window and stride), ids, quantize ties (rounded colours, duplicated palette
columns) and embeddings; generate with one seeded generator over three calls (same ids, same model calls, same
generator state afterwards); beam search on models with rounded (tied) logits; train_bpe / bpe_encode / bpe_decode on
800-1500 random corpora with unusual whitespace (U+001C, U+0085, U+2028, U+3000, no-break space, CRLF), decomposed
characters and "<", "/", "w", ">" pieces, decode on arbitrary token sequences including ones that only form "</w>"
across a block boundary. Layer-norm right entries were also compared with an extended-precision (long double) ground
truth at offsets up to 1500 times the spread: their error matches the model answer's in both dtypes.

Judgement calls: blind65_right_layer_norm_chan_merge_feature_blocks (Chan's parallel merge) and the online-softmax
right entries (softmax_cols, key-blocked attention, additive attention, the streamed log-sum-exp) round differently
from the model answer by a few units of the last place: they agreed with it to 1e-11 (float64) and 1e-5 (float32)
on every random case, and the layer-norm merge's error against the long-double truth stayed within about 1.5 times
the model answer's own, so I kept them as right. blind65_right_next_token_probs_top_k_by_kthvalue_ties_filled keeps
the model answer's top-p step and renormalises after top-k even when k >= V, as the model answer does, so it is
bit-comparable; a top-p without a full sort (mass-before-token computed by comparison) was dropped because its
summation order can move the crossing token on exact boundaries. blind65_right_generate_preallocated_id_buffer treats
context_size = 0 as "all tokens", as the model answer's ids[-0:] does (the contract leaves 0 unspecified). Entries whose
slip only raises (blind65_apply_mask_query_blocks_slice_broadcast_axis, blind65_mha_query_blocks_mask_not_sliced,
blind65_cross_attention_decoder_blocks_mask_sliced_on_keys, blind65_patch_merging_image_loop_assumes_one_batch_axis)
raise on inputs the contract allows (a padding mask, a full mask with N_q larger than one block, an unbatched grid) and
are kept as wrong. blind65_sdpa_key_blocks_hidden_block_nan, blind65_additive_attention_online_hidden_block_nan and
blind65_softmax_online_row_blocks_masked_block_nan are right on every unmasked input and on masks whose first block
always has a visible key (a causal mask), so they show only with padding-at-front or local masks. A wrong
sparse_attention_cost that counts pairs block by block was not written: it would loop for minutes on the large n the
contract allows. Fewer wrong entries than asked (52 rather than about 55) to stay inside the time box; no entry is one
I was unsure of.

Counts: 52 wrong, 41 right.
Wrong per function: {'additive_attention': 3, 'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode':
1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 3, 'cross_attention': 2, 'decoder_layer': 2, 'embed': 1,
'feed_forward': 3, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1,
'multi_head_attention': 3, 'next_token_probs': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 5, 'self_attention': 1, 'sequence_log_prob': 2, 'sinusoidal_positions': 1,
'softmax_cols': 4, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 2}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode':
1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1,
'feed_forward': 2, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1,
'multi_head_attention': 2, 'next_token_probs': 1, 'one_hot': 1, 'patch_merging': 1, 'quantize_pixels': 2,
'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 2,
'sinusoidal_positions': 1, 'softmax_cols': 2, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_65 = {
    # Online (running max / running sum) softmax over blocks of 3 rows whose running sum is never rescaled when a later
    # block raises the column maximum: earlier terms stay measured against the old, smaller maximum. softmax_cols of
    # the column [0, 0, 0, 5]: model [0.0066, 0.0066, 0.0066, 0.980], entry [0.0017, 0.0017, 0.0017, 0.25]. Fails the visible tests.
    "blind65_softmax_online_row_blocks_sum_not_rescaled": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            block = 3
            running_max = scores.new_full((*scores.shape[:-2], 1, scores.shape[-1]), float("-inf"))
            running_sum = torch.zeros_like(running_max)
            for start in range(0, scores.shape[-2], block):
                rows = scores[..., start:start + block, :]
                new_max = torch.maximum(running_max, rows.amax(dim=-2, keepdim=True))
                shift = torch.where(new_max == float("-inf"), torch.zeros_like(new_max), new_max)
                running_sum = running_sum + torch.exp(rows - shift).sum(dim=-2, keepdim=True)
                running_max = new_max
            shift = torch.where(running_max == float("-inf"), torch.zeros_like(running_max), running_max)
            running_sum = torch.where(running_sum == 0, torch.ones_like(running_sum), running_sum)
            return torch.exp(scores - shift) / running_sum
'''),
    # Column sums accumulated in blocks of 4 rows, then the "remainder" rows added once more: range() already visits the
    # partial last block, so it is counted twice whenever M is not a multiple of 4. softmax_cols of the column
    # [0, 0, 0, 0, 0]: model 0.2 each, entry 1/6 each. Fails the visible tests.
    "blind65_softmax_row_blocks_tail_block_counted_twice": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            block = 4
            rows = scores.shape[-2]
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            total = torch.zeros_like(top)
            for start in range(0, rows, block):
                total = total + torch.exp(scores[..., start:start + block, :] - top).sum(dim=-2, keepdim=True)
            if rows % block:                      # the rows left over after the full blocks
                tail = scores[..., rows - rows % block:, :]
                total = total + torch.exp(tail - top).sum(dim=-2, keepdim=True)
            total = torch.where(total == 0, torch.ones_like(total), total)
            return torch.exp(scores - top) / total
'''),
    # Online softmax over blocks of 3 rows that guards the all -inf case only at the end: a block that is entirely -inf
    # while the running maximum is still -inf computes exp(-inf - (-inf)) = NaN, which then poisons the column.
    # softmax_cols of the column [-inf, -inf, -inf, 1]: model [0, 0, 0, 1], entry [nan, nan, nan, nan]. Fails the visible tests.
    "blind65_softmax_online_row_blocks_masked_block_nan": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            block = 3
            running_max = scores.new_full((*scores.shape[:-2], 1, scores.shape[-1]), float("-inf"))
            running_sum = torch.zeros_like(running_max)
            for start in range(0, scores.shape[-2], block):
                rows = scores[..., start:start + block, :]
                new_max = torch.maximum(running_max, rows.amax(dim=-2, keepdim=True))
                running_sum = running_sum * torch.exp(running_max - new_max) + torch.exp(rows - new_max).sum(
                    dim=-2, keepdim=True)
                running_max = new_max
            shift = torch.where(running_max == float("-inf"), torch.zeros_like(running_max), running_max)
            running_sum = torch.where(running_sum == 0, torch.ones_like(running_sum), running_sum)
            return torch.exp(scores - shift) / running_sum
'''),
    # Column blocks of 4 that share one maximum taken once over the whole tensor (to skip a max per block): a column
    # far below the global maximum underflows to all zeros. float32 scores [[0, 200], [0, 0]]: model column 0 is
    # [0.5, 0.5], entry [0, 0]. Fails the visible tests.
    "blind65_softmax_column_blocks_one_global_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.max() if scores.numel() else scores.new_zeros(())
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            pieces = []
            for start in range(0, max(scores.shape[-1], 1), 4):
                exps = torch.exp(scores[..., start:start + 4] - top)
                total = exps.sum(dim=-2, keepdim=True)
                pieces.append(exps / torch.where(total == 0, torch.ones_like(total), total))
            return torch.cat(pieces, dim=-1)
'''),
    # Masks blocks of 4 queries, slicing the mask's query axis with the block even when that axis has size 1 (a padding
    # mask (B, N_k, 1)): from the second block on the slice is empty and masked_fill cannot broadcast it.
    # apply_mask(scores (2, 5, 6), padding_mask(tensor([2, 5]), 5)): model fine, entry RuntimeError. Passes the visible tests.
    "blind65_apply_mask_query_blocks_slice_broadcast_axis": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            pieces = []
            for start in range(0, scores.shape[-1], 4):
                hidden = ~mask[..., start:start + 4]
                pieces.append(scores[..., start:start + 4].masked_fill(hidden, float("-inf")))
            return torch.cat(pieces, dim=-1)
'''),
    # Builds the band in blocks of 4 key rows but measures each key's position from the start of its block, so every
    # block repeats the first block's rows. local_mask(6, 1): model row 4 is True at queries 3..5, entry at 0..1. Passes the visible tests.
    "blind65_local_mask_key_blocks_positions_from_block_start": ("masking", "local_mask", '''
        def local_mask(n, window):
            queries = torch.arange(n)[None, :]
            blocks = []
            for start in range(0, n, 4):
                keys = torch.arange(min(4, n - start))[:, None]
                blocks.append((queries - keys).abs() <= window)
            return torch.cat(blocks, dim=0)
'''),
    # Fills the causal mask tile by tile (4 x 4) but only over the tiles that fit whole: with n not a multiple of 4 the
    # last rows and columns stay False. causal_mask(5): model [4, 4] True (and column 4 all True), entry all False
    # there. Fails the visible tests.
    "blind65_causal_mask_tiles_partial_last_tile_skipped": ("masking", "causal_mask", '''
        def causal_mask(n):
            tile = 4
            mask = torch.zeros(n, n, dtype=torch.bool)
            whole = n - n % tile
            for row in range(0, whole, tile):
                for col in range(0, whole, tile):
                    if row < col:
                        mask[row:row + tile, col:col + tile] = True
                    elif row == col:
                        mask[row:row + tile, col:col + tile] = torch.ones(tile, tile, dtype=torch.bool).triu()
            return mask
'''),
    # Strided mask built in blocks of 4 key rows with the key index restarted in each block. strided_mask(6, 3): model
    # row 4 True at queries 1 and 4, entry at 0 and 3. Passes the visible tests.
    "blind65_strided_mask_key_blocks_index_restarted": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            queries = torch.arange(n)[None, :]
            blocks = []
            for start in range(0, n, 4):
                keys = torch.arange(min(4, n - start))[:, None]
                blocks.append((queries - keys) % stride == 0)
            return torch.cat(blocks, dim=0)
'''),
    # Global-token mask built in blocks of 4 queries, but every block reads the first 4 tokens' flags for its queries
    # (the slice is not moved with the block). is_global = [F, F, F, F, T, F]: model column 4 all True, entry column 4
    # True only at key 4. Passes the visible tests.
    "blind65_global_token_mask_query_blocks_flags_not_moved": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            blocks = []
            for start in range(0, n, 4):
                width = min(4, n - start)
                blocks.append(is_global.unsqueeze(-1) | is_global[..., :width].unsqueeze(-2))
            return torch.cat(blocks, dim=-1)
'''),
    # Attention in blocks of 3 queries with the mask sliced from column 0 for every block instead of from the block's
    # start: later queries get the first queries' mask columns. N = 5 with causal_mask(5): model query 4 sees keys
    # 0..4, entry keys 0..1 (output column 4 differs). Passes the visible tests.
    "blind65_sdpa_query_blocks_mask_slice_not_offset": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            outputs, weights = [], []
            for start in range(0, max(Q.shape[-1], 1), 3):
                q = Q[..., start:start + 3]
                scores = K.transpose(-2, -1) @ q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    part = mask if mask.shape[-1] == 1 else mask[..., :q.shape[-1]]
                    scores = apply_mask(scores, part)
                w = softmax_cols(scores)
                outputs.append(V @ w)
                weights.append(w)
            return torch.cat(outputs, dim=-1), torch.cat(weights, dim=-1)
'''),
    # Query blocks written into preallocated result buffers made with torch.empty and no dtype: they take the default
    # dtype, so float64 inputs under a float32 default come back float32 (and the reverse). Float64 Q, K, V (2, 3)
    # under the float32 default: model float64, entry float32. Fails the visible tests.
    "blind65_sdpa_query_blocks_into_default_dtype_buffers": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            n_q, n_k = Q.shape[-1], K.shape[-1]
            output = torch.empty(*batch, V.shape[-2], n_q)
            weights = torch.empty(*batch, n_k, n_q)
            for start in range(0, n_q, 3):
                scores = K.transpose(-2, -1) @ Q[..., start:start + 3] / math.sqrt(Q.shape[-2])
                if mask is not None:
                    scores = apply_mask(scores, mask if mask.shape[-1] == 1 else mask[..., start:start + 3])
                w = softmax_cols(scores)
                weights[..., start:start + 3] = w
                output[..., start:start + 3] = V @ w
            return output, weights
'''),
    # FlashAttention-style pass over blocks of 3 keys that rescales the running denominator but not the running output
    # when a later block raises the maximum: earlier values keep their stale weight. The weights (second pass) are
    # right, the output is not. Q = [[1]], K = [[0, 0, 0, 5]], V = [[1, 1, 1, 0]]: model output 0.0198, entry 2.94.
    # Passes the visible tests.
    "blind65_sdpa_key_blocks_output_not_rescaled": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            block = 3
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            blocks = []
            for start in range(0, n_k, block):
                s = K[..., start:start + block].transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    s = s.masked_fill(~(mask if mask.shape[-2] == 1 else mask[..., start:start + block, :]),
                                      float("-inf"))
                blocks.append(s)
            m = Q.new_full((*batch, 1, Q.shape[-1]), float("-inf"))
            l = torch.zeros_like(m)
            acc = Q.new_zeros((*batch, V.shape[-2], Q.shape[-1]))
            for start, s in zip(range(0, n_k, block), blocks):
                new_m = torch.maximum(m, s.amax(dim=-2, keepdim=True))
                safe = torch.where(new_m == float("-inf"), torch.zeros_like(new_m), new_m)
                p = torch.exp(s - safe)
                l = l * torch.exp(m - safe) + p.sum(dim=-2, keepdim=True)
                acc = acc + V[..., start:start + block] @ p
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(s - safe) / denom for s in blocks], dim=-2)
            return acc / denom, weights
'''),
    # The same key-block pass with no guard for a block that is entirely hidden while the running maximum is still
    # -inf: exp(-inf - (-inf)) is NaN. Q, K, V (2, 8) with local_mask(8, 1): query 7's first key block (keys 0..2) is
    # hidden; model finite, entry NaN in column 7 (and in the weights). Passes the visible tests.
    "blind65_sdpa_key_blocks_hidden_block_nan": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            block = 3
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            blocks = []
            for start in range(0, n_k, block):
                s = K[..., start:start + block].transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    s = s.masked_fill(~(mask if mask.shape[-2] == 1 else mask[..., start:start + block, :]),
                                      float("-inf"))
                blocks.append(s)
            m = Q.new_full((*batch, 1, Q.shape[-1]), float("-inf"))
            l = torch.zeros_like(m)
            acc = Q.new_zeros((*batch, V.shape[-2], Q.shape[-1]))
            for start, s in zip(range(0, n_k, block), blocks):
                new_m = torch.maximum(m, s.amax(dim=-2, keepdim=True))
                alpha = torch.exp(m - new_m)
                p = torch.exp(s - new_m)
                l = l * alpha + p.sum(dim=-2, keepdim=True)
                acc = acc * alpha + V[..., start:start + block] @ p
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(s - safe) / denom for s in blocks], dim=-2)
            return acc / denom, weights
'''),
    # The key-block pass runs n_k // 3 blocks: a last partial block (or all keys, when N_k < 3) never enters the
    # running max, denominator or output. Q, K, V (2, 4) unmasked: model output = V @ softmax, entry drops key 3
    # (and with N_k = 2 returns zeros and weights of 0/1). Fails the visible tests.
    "blind65_sdpa_key_blocks_partial_block_skipped": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            block = 3
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            blocks = []
            for start in range(0, n_k, block):
                s = K[..., start:start + block].transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    s = s.masked_fill(~(mask if mask.shape[-2] == 1 else mask[..., start:start + block, :]),
                                      float("-inf"))
                blocks.append(s)
            m = Q.new_full((*batch, 1, Q.shape[-1]), float("-inf"))
            l = torch.zeros_like(m)
            acc = Q.new_zeros((*batch, V.shape[-2], Q.shape[-1]))
            for i in range(n_k // block):
                s = blocks[i]
                new_m = torch.maximum(m, s.amax(dim=-2, keepdim=True))
                safe = torch.where(new_m == float("-inf"), torch.zeros_like(new_m), new_m)
                alpha = torch.exp(m - safe)
                p = torch.exp(s - safe)
                l = l * alpha + p.sum(dim=-2, keepdim=True)
                acc = acc * alpha + V[..., i * block:(i + 1) * block] @ p
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(s - safe) / denom for s in blocks], dim=-2)
            return acc / denom, weights
'''),
    # Self-attention in blocks of 3 tokens that projects queries, keys and values from the block alone: each query
    # only sees the keys of its own block (block-diagonal attention). X (4, 5) unmasked: model weights dense, entry
    # zero outside the 3 x 3 and 2 x 2 diagonal blocks. Passes the visible tests.
    "blind65_self_attention_token_blocks_keys_from_own_block": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            n = X.shape[-1]
            batch = X.shape[:-2]
            outputs = []
            weights = X.new_zeros((*batch, n, n))
            for start in range(0, n, 3):
                end = min(start + 3, n)
                part = X[..., start:end]
                Q, K, V = linear(part, Wq, bq), linear(part, Wk, bk), linear(part, Wv, bv)
                block_mask = mask
                if block_mask is not None:
                    if block_mask.shape[-2] != 1:
                        block_mask = block_mask[..., start:end, :]
                    if block_mask.shape[-1] != 1:
                        block_mask = block_mask[..., start:end]
                out, w = scaled_dot_product_attention(Q, K, V, block_mask)
                outputs.append(out)
                weights[..., start:end, start:end] = w
            return torch.cat(outputs, dim=-1), weights
'''),
    # Streams the heads one at a time, adding each head's share Wo[:, rows] @ head to the output, but adds the output
    # bias bo inside the loop: it is counted H times. num_heads = 2, bo = ones: model = reference, entry larger by bo
    # in every column. Fails the visible tests.
    "blind65_mha_head_stream_output_bias_added_per_head": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            out = 0
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                k = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                v = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                head, _ = scaled_dot_product_attention(q, k, v, mask)
                out = out + params["Wo"][:, rows] @ head + params["bo"][:, None]
            return out
'''),
    # Keys and values projected once, queries in blocks of 3, but the whole mask is passed with every block: it no
    # longer lines up with the block's scores. N_q = 5 with causal_mask(5): model fine, entry RuntimeError (a
    # padding mask (B, N_k, 1) still works). Passes the visible tests.
    "blind65_mha_query_blocks_mask_not_sliced": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            pieces = []
            for start in range(0, max(Xq.shape[-1], 1), 3):
                Q = split_heads(linear(Xq[..., start:start + 3], params["Wq"], params["bq"]), num_heads)
                heads, _ = scaled_dot_product_attention(Q, K, V, mask)
                pieces.append(linear(merge_heads(heads), params["Wo"], params["bo"]))
            return torch.cat(pieces, dim=-1)
'''),
    # Runs the heads two at a time into a zero buffer with range(0, H - 1, 2): with an odd number of heads the last
    # head is never computed and stays zero (one head: the output is Wo @ 0 + bo). num_heads = 1 or 3: model =
    # reference, entry differs. Passes the visible tests.
    "blind65_mha_head_pairs_last_odd_head_skipped": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads = torch.zeros_like(Q)
            for h in range(0, num_heads - 1, 2):
                out, _ = scaled_dot_product_attention(Q[..., h:h + 2, :, :], K[..., h:h + 2, :, :],
                                                      V[..., h:h + 2, :, :], mask)
                heads[..., h:h + 2, :, :] = out
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Cross-attention over blocks of 3 encoder tokens, each block attended with its own softmax and the results
    # averaged by block size: separately normalised blocks are not one softmax over all the keys. N_e = 5: model =
    # reference, entry differs (any N_e > 3). Passes the visible tests.
    "blind65_cross_attention_encoder_blocks_softmaxed_separately": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            n_e = X_enc.shape[-1]
            total = 0
            for start in range(0, n_e, 3):
                part = enc_mask
                if part is not None and part.shape[-2] != 1:
                    part = part[..., start:start + 3, :]
                width = min(3, n_e - start)
                total = total + multi_head_attention(X_dec, X_enc[..., start:start + 3], params, num_heads,
                                                     part) * (width / n_e)
            return total
'''),
    # Decoder queries in blocks of 3 with the encoder mask sliced on its encoder (key) axis instead of its decoder
    # (query) axis. enc_mask = padding_mask(tensor([4, 2]), 5) (2, 5, 1): model fine, entry RuntimeError; a full
    # (N_e, N_d) mask gives wrong rows or a shape error. Fails the visible tests.
    "blind65_cross_attention_decoder_blocks_mask_sliced_on_keys": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            pieces = []
            for start in range(0, max(X_dec.shape[-1], 1), 3):
                part = None if enc_mask is None else enc_mask[..., start:start + 3, :]
                pieces.append(multi_head_attention(X_dec[..., start:start + 3], X_enc, params, num_heads, part))
            return torch.cat(pieces, dim=-1)
'''),
    # Decoder layer in blocks of 3 target tokens whose causal self-attention only looks at the block itself
    # (causal_mask of the block, keys from the block): a token no longer sees the earlier blocks. N_d = 5: model =
    # reference, entry differs from column 3 on. Passes the visible tests.
    "blind65_decoder_layer_query_blocks_self_attention_within_block": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            pieces = []
            for start in range(0, max(n, 1), 3):
                end = min(start + 3, n)
                X = X_dec[..., start:end]
                self_mask = causal_mask(end - start).to(X.device)
                X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                               params["gamma1"], params["beta1"])
                part = enc_mask
                if part is not None and part.shape[-1] != 1:
                    part = part[..., start:end]
                X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, part),
                               params["gamma2"], params["beta2"])
                X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                               params["gamma3"], params["beta3"])
                pieces.append(X)
            return torch.cat(pieces, dim=-1)
'''),
    # Decoder queries in blocks of 3 against all target keys, but the causal mask's columns are taken from 0 for every
    # block (not from the block's start): query 3 sees only key 0, query 4 keys 0..1. N_d = 5: model = reference,
    # entry differs from column 3 on. Passes the visible tests.
    "blind65_decoder_layer_query_blocks_causal_columns_not_offset": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            full_mask = causal_mask(n).to(X_dec.device)
            pieces = []
            for start in range(0, max(n, 1), 3):
                end = min(start + 3, n)
                X = X_dec[..., start:end]
                attended = multi_head_attention(X, X_dec, params["self_attn"], num_heads, full_mask[:, :end - start])
                X = layer_norm(X + attended, params["gamma1"], params["beta1"])
                part = enc_mask
                if part is not None and part.shape[-1] != 1:
                    part = part[..., start:end]
                X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, part),
                               params["gamma2"], params["beta2"])
                X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                               params["gamma3"], params["beta3"])
                pieces.append(X)
            return torch.cat(pieces, dim=-1)
'''),
    # Encoder layer in blocks of 3 queries whose residual is always the first block's columns (the slice is not moved
    # with the block). N = 5: model = reference, entry columns 3..4 use columns 0..1 of X as residual. Passes the visible tests.
    "blind65_transformer_layer_query_blocks_residual_not_moved": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            n = X.shape[-1]
            source = layer_norm(X, params["gamma1"], params["beta1"]) if norm_first else X
            pieces = []
            for start in range(0, max(n, 1), 3):
                width = min(3, n - start)
                x = X[..., :width]
                part = mask
                if part is not None and part.shape[-1] != 1:
                    part = part[..., start:start + 3]
                attended = multi_head_attention(source[..., start:start + 3], source, params, num_heads, part)
                if norm_first:
                    x = x + attended
                    x = x + feed_forward(layer_norm(x, params["gamma2"], params["beta2"]),
                                         params["W1"], params["b1"], params["W2"], params["b2"])
                else:
                    x = layer_norm(x + attended, params["gamma1"], params["beta1"])
                    x = layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                   params["gamma2"], params["beta2"])
                pieces.append(x)
            return torch.cat(pieces, dim=-1)
'''),
    # Encoder layer that replaces the stream block by block (blocks of 3) instead of keeping the input, reading keys and
    # values from the partly updated stream: blocks after the first attend to already-transformed columns. N = 5: model = reference,
    # entry differs from column 3 on (post-LN and pre-LN). Passes the visible tests.
    "blind65_transformer_layer_query_blocks_keys_from_updated_stream": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            n = X.shape[-1]
            stream = X.clone()
            for start in range(0, n, 3):
                source = layer_norm(stream, params["gamma1"], params["beta1"]) if norm_first else stream
                x = stream[..., start:start + 3]
                part = mask
                if part is not None and part.shape[-1] != 1:
                    part = part[..., start:start + 3]
                attended = multi_head_attention(source[..., start:start + 3], source, params, num_heads, part)
                if norm_first:
                    x = x + attended
                    x = x + feed_forward(layer_norm(x, params["gamma2"], params["beta2"]),
                                         params["W1"], params["b1"], params["W2"], params["b2"])
                else:
                    x = layer_norm(x + attended, params["gamma1"], params["beta1"])
                    x = layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                   params["gamma2"], params["beta2"])
                stream = torch.cat([stream[..., :start], x, stream[..., start + 3:]], dim=-1)
            return stream
'''),
    # Layer-norm statistics from running sums over blocks of 4 feature rows, dividing by 4 per block even for a
    # partial last block: with D not a multiple of 4 the mean and variance are too small. D = 5: model = reference,
    # entry differs. Fails the visible tests.
    "blind65_layer_norm_feature_blocks_count_full_blocks": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            total = 0
            total_sq = 0
            count = 0
            for start in range(0, X.shape[-2], 4):
                rows = X[..., start:start + 4, :]
                total = total + rows.sum(dim=-2, keepdim=True)
                total_sq = total_sq + rows.square().sum(dim=-2, keepdim=True)
                count += 4
            mean = total / count
            variance = total_sq / count - mean.square()
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Chan's parallel variance over blocks of 3 feature rows, merging the blocks' sums of squares without the
    # between-block term delta^2 n_a n_b / n: the variance misses the spread of the block means. D = 6 with rows
    # 0..2 = 0 and rows 3..5 = 1: model normalises to -1/+1, entry divides by sqrt(eps). Passes the visible tests.
    "blind65_layer_norm_chan_merge_without_delta_term": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = m2 = None
            count = 0
            for start in range(0, X.shape[-2], 3):
                rows = X[..., start:start + 3, :]
                k = rows.shape[-2]
                block_mean = rows.mean(dim=-2, keepdim=True)
                block_m2 = (rows - block_mean).square().sum(dim=-2, keepdim=True)
                if mean is None:
                    mean, m2, count = block_mean, block_m2, k
                    continue
                delta = block_mean - mean
                total = count + k
                mean = mean + delta * (k / total)
                m2 = m2 + block_m2
                count = total
            variance = m2 / count
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Feed-forward over blocks of 5 hidden units (W2[:, block] @ relu(W1[block] X + b1[block])), adding b2 with every
    # block: it is counted ceil(F / 5) times. F = 8: model = reference, entry larger by b2. Passes the visible tests.
    "blind65_feed_forward_hidden_blocks_b2_added_per_block": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            out = 0
            for start in range(0, W1.shape[0], 5):
                hidden = torch.relu(W1[start:start + 5] @ X + b1[start:start + 5, None])
                out = out + W2[:, start:start + 5] @ hidden + b2[:, None]
            return out
'''),
    # Feed-forward over blocks of 5 hidden units that slices b1 from 0 for every block (b1[:rows]) instead of with the
    # block. F = 8 with distinct b1 entries: model = reference, entry differs. Passes the visible tests.
    "blind65_feed_forward_hidden_blocks_b1_not_moved": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            out = b2[:, None]
            for start in range(0, W1.shape[0], 5):
                weights = W1[start:start + 5]
                hidden = torch.relu(weights @ X + b1[:weights.shape[0], None])
                out = out + W2[:, start:start + 5] @ hidden
            return out
'''),
    # Feed-forward over blocks of 4 tokens written into torch.empty(...) with no dtype: the result takes the default
    # dtype. Float64 X and weights under the float32 default: model float64, entry float32. Passes the visible tests.
    "blind65_feed_forward_token_blocks_into_default_dtype_buffer": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            out = torch.empty(*X.shape[:-2], W2.shape[0], X.shape[-1])
            for start in range(0, X.shape[-1], 4):
                hidden = torch.relu(linear(X[..., start:start + 4], W1, b1))
                out[..., start:start + 4] = linear(hidden, W2, b2)
            return out
'''),
    # Top-p without a full sort: only a fixed pool of the 64 most likely tokens (torch.topk) is considered, so when the
    # pool's mass stays below p the nucleus is cut at 64 tokens. 200 equal logits, top_p = 0.9: model keeps 180
    # tokens (1/180 each), entry 64 (1/64 each). Passes the visible tests.
    "blind65_next_token_probs_top_p_fixed_pool_of_64": ("sampling", "next_token_probs", '''
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
                pool = torch.topk(probs, min(64, probs.shape[-1]))
                cumulative = torch.cumsum(pool.values, dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, pool.values.shape[0])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[pool.indices[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Keeps a sliding context tensor and slides it by one after every draw (drop the first, append the new id) even
    # while it is still shorter than context_size: a prompt shorter than the context never grows its window.
    # prompt [1, 2], context_size = 4, greedy with a model whose last column reads the context length: model feeds 2,
    # 3, 4 tokens, entry 2, 2, 2 (different ids). Fails the visible tests.
    "blind65_generate_context_window_slid_before_full": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            window = prompt if context_size is None else prompt[-context_size:]
            new_ids = []
            for _ in range(max_new_tokens):
                logits = model(window)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
                new_ids.append(next_id)
                if context_size is None:
                    window = torch.cat([window, next_id])
                else:
                    window = torch.cat([window[1:], next_id])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return torch.cat([prompt, *new_ids])
'''),
    # "Only the last column is used, so only the last token is needed": with context_size None each step feeds just
    # the last id, as if the model kept a KV cache. A model whose logits depend on the whole prefix, greedy, prompt
    # [1, 2]: model and entry ids differ. Fails the visible tests.
    "blind65_generate_feeds_only_last_token": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids[-1:] if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Log-sum-exp of every column streamed over blocks of 5 vocabulary rows with a running maximum, but the running sum
    # is not rescaled when a later block raises the maximum. V = 10 with the largest logit in rows 5..9: model =
    # reference, entry differs. Passes the visible tests.
    "blind65_sequence_log_prob_vocab_blocks_lse_not_rescaled": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            running_max = running_sum = None
            for start in range(0, logits.shape[0], 5):
                rows = logits[start:start + 5]
                block_max = rows.amax(dim=0)
                running_max = block_max if running_max is None else torch.maximum(running_max, block_max)
                term = torch.exp(rows - running_max).sum(dim=0)
                running_sum = term if running_sum is None else running_sum + term
            lse = running_max + torch.log(running_sum)
            positions = torch.arange(len(ids) - 1)
            return (logits[ids[1:], positions] - lse[:-1]).sum()
'''),
    # Scores the positions in blocks of 4 columns but takes each block's targets from ids[1:] without moving the
    # slice (ids[1:width + 1]): blocks after the first score the first targets again. N = 7: model = reference,
    # entry differs (equal for N <= 5). Passes the visible tests.
    "blind65_sequence_log_prob_position_blocks_targets_not_moved": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            total = logits[:, :0].sum()
            n = len(ids) - 1
            for start in range(0, n, 4):
                end = min(start + 4, n)
                log_probs = torch.log_softmax(logits[:, start:end], dim=0)
                targets = ids[1:end - start + 1]
                total = total + log_probs[targets, torch.arange(end - start)].sum()
            return total
'''),
    # Beam search that saves memory by expanding each beam with its single best token before the global ranking:
    # two good continuations of one beam can no longer both survive. A 4-token model whose first step favours 1 then 2
    # and whose second step is flat after 1 but strongly favours 3 after 2; prompt [0], beam_width 2, 2 steps: model
    # [0, 2, 3], entry [0, 1, 0]. Fails the visible tests.
    "blind65_beam_search_each_beam_prefiltered_to_one_token": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for rank, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append((score, rank, -1, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    best = torch.sort(log_probs, descending=True, stable=True).indices[:1]
                    for token in sorted(best.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + float(log_probs[token]), rank, token, extended, token == eos_id))
                candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
                beams = [(c[0], c[3], c[4]) for c in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Additive attention streamed over blocks of 3 encoder states with a running maximum, but neither the running
    # denominator nor the running context is rescaled when a later block raises the maximum. s = [0], H = [[0, 0, 0, 0,
    # 1]], W = [[0]], U = [[1]], v = [10]: model weights [0.0005 x 4, 0.998], entry [0.0001 x 4, 0.25]. Fails the visible tests.
    "blind65_additive_attention_position_blocks_not_rescaled": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            n = H.shape[-1]
            blocks = []
            for start in range(0, n, 3):
                e = (v.unsqueeze(-1) * torch.tanh(U @ H[..., start:start + 3] + query)).sum(dim=-2)
                if mask is not None:
                    e = e.masked_fill(~mask[..., start:start + 3], float("-inf"))
                blocks.append(e)
            m = l = context = None
            for start, e in zip(range(0, n, 3), blocks):
                new_m = e.amax(dim=-1, keepdim=True) if m is None else torch.maximum(m, e.amax(dim=-1, keepdim=True))
                safe = torch.where(new_m == float("-inf"), torch.zeros_like(new_m), new_m)
                p = torch.exp(e - safe)
                part = (H[..., start:start + 3] @ p.unsqueeze(-1)).squeeze(-1)
                l = p.sum(dim=-1, keepdim=True) if l is None else l + p.sum(dim=-1, keepdim=True)
                context = part if context is None else context + part
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(e - safe) for e in blocks], dim=-1) / denom
            return weights, context / denom
'''),
    # Additive attention over blocks of 3 positions that slices the mask from position 0 for every block instead of
    # from the block's start. N = 5 with mask [T, F, T, T, T]: model hides position 1, entry hides position 4 (block 2
    # reads mask[0:2] = [T, F]). Fails the visible tests.
    "blind65_additive_attention_position_blocks_mask_not_moved": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            pieces = []
            for start in range(0, H.shape[-1], 3):
                e = (v.unsqueeze(-1) * torch.tanh(U @ H[..., start:start + 3] + query)).sum(dim=-2)
                if mask is not None:
                    e = e.masked_fill(~mask[..., :e.shape[-1]], float("-inf"))
                pieces.append(e)
            scores = torch.cat(pieces, dim=-1)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Online additive attention over blocks of 3 positions with no guard for a block that is entirely hidden before
    # any visible position: exp(-inf - (-inf)) = NaN. N = 5 with mask [F, F, F, T, T]: model weights [0, 0, 0, a, b],
    # entry NaN. Fails the visible tests.
    "blind65_additive_attention_online_hidden_block_nan": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            n = H.shape[-1]
            blocks = []
            for start in range(0, n, 3):
                e = (v.unsqueeze(-1) * torch.tanh(U @ H[..., start:start + 3] + query)).sum(dim=-2)
                if mask is not None:
                    e = e.masked_fill(~mask[..., start:start + 3], float("-inf"))
                blocks.append(e)
            m = l = context = None
            for start, e in zip(range(0, n, 3), blocks):
                block_max = e.amax(dim=-1, keepdim=True)
                new_m = block_max if m is None else torch.maximum(m, block_max)
                p = torch.exp(e - new_m)
                part = (H[..., start:start + 3] @ p.unsqueeze(-1)).squeeze(-1)
                if m is None:
                    l, context = p.sum(dim=-1, keepdim=True), part
                else:
                    alpha = torch.exp(m - new_m)
                    l = l * alpha + p.sum(dim=-1, keepdim=True)
                    context = context * alpha + part
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(e - safe) for e in blocks], dim=-1) / denom
            return weights, context / denom
'''),
    # Grid attention over bands of 2 rows, each band given its own softmax: the weights sum to 1 per band, not over
    # the grid. A 4 x 3 grid: model weights sum to 1, entry to 2. Fails the visible tests.
    "blind65_grid_attention_row_bands_softmaxed_separately": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            weights, context = [], 0
            for top in range(0, features.shape[-2], 2):
                band = features[..., top:top + 2, :].flatten(-2)
                e = (v.unsqueeze(-1) * torch.tanh(U @ band + query)).sum(dim=-2)
                w = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
                context = context + (band @ w.unsqueeze(-1)).squeeze(-1)
                weights.append(w.unflatten(-1, (-1, features.shape[-1])))
            return torch.cat(weights, dim=-2), context
'''),
    # Nearest colour with the palette streamed in blocks of 5 colours and a running minimum, but the block's argmin is
    # kept as an index within the block (start not added). 12 colours with a pixel nearest colour 7: model 7,
    # entry 2. Passes the visible tests.
    "blind65_quantize_palette_blocks_index_not_offset": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            colours = palette.to(dtype)
            best = best_id = None
            for start in range(0, colours.shape[1], 5):
                distances = (pixels - colours[:, start:start + 5]).square().sum(dim=-2)
                index = distances.argmin(dim=-1)
                value = distances.gather(-1, index.unsqueeze(-1)).squeeze(-1)
                if best is None:
                    best, best_id = value, index
                else:
                    better = value < best
                    best = torch.where(better, value, best)
                    best_id = torch.where(better, index, best_id)
            return best_id
'''),
    # Average pooling as the mean of the means of blocks of 4 token columns: a short last block gets the weight of a
    # full one. N = 5 with X = [[0, 0, 0, 0, 5]], W = [[1]]: model 1.0, entry 2.5. Passes the visible tests.
    "blind65_average_pool_head_mean_of_block_means": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            means = [X[..., start:start + 4].mean(dim=-1) for start in range(0, X.shape[-1], 4)]
            pooled = sum(means) / len(means)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Channel attention one group at a time (weight row blocks), slicing the three projection biases from row 0 for
    # every group (b[:size]) while the weight rows move with the group. C = 4, G = 2 with distinct biases: model =
    # reference, entry differs in the second group. Passes the visible tests.
    "blind65_channel_attention_group_stream_biases_not_moved": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            size = channels // num_groups
            out = params["bo"][:, None]
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                q = params["Wq"][rows] @ X + params["bq"][:size, None]
                k = params["Wk"][rows] @ X + params["bk"][:size, None]
                v = params["Wv"][rows] @ X + params["bv"][:size, None]
                weights = softmax_cols(k @ q.transpose(-2, -1) * scale)
                out = out + params["Wo"][:, rows] @ (weights.transpose(-2, -1) @ v)
            return out
'''),
    # Channel scores K_g Q_g^T accumulated over tiles of 3 tokens (the contraction axis), each tile scaled by
    # 1/sqrt(its own width) when no scale is given instead of 1/sqrt(N) once. N = 6: model = reference, entry scores
    # sqrt(2) times too large (equal for N <= 3). Fails the visible tests.
    "blind65_channel_attention_token_tiles_scaled_by_tile_width": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = 0
            for start in range(0, tokens, 3):
                k, q = K[..., start:start + 3], Q[..., start:start + 3]
                tile_scale = 1 / math.sqrt(k.shape[-1]) if scale is None else scale
                scores = scores + k @ q.transpose(-2, -1) * tile_scale
            weights = softmax_cols(scores)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Channel scores accumulated over whole tiles of 3 tokens only (range stops at N - N % 3): the last partial tile
    # is left out, and with N < 3 every score is 0. N = 4 or N = 2: model = reference, entry differs. Fails the visible tests.
    "blind65_channel_attention_token_tiles_partial_tile_dropped": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K[..., :0] @ Q[..., :0].transpose(-2, -1)
            for start in range(0, tokens - tokens % 3, 3):
                scores = scores + K[..., start:start + 3] @ Q[..., start:start + 3].transpose(-2, -1)
            weights = softmax_cols(scores * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Patch merging one image at a time (for b in range(X.shape[0])), the body written for one (C, H, W) image: an
    # unbatched grid (C, H, W) is looped over its channels and two batch axes slice the wrong axes. X (4, 4, 4)
    # unbatched, C = 4: model (8, 2, 2), entry raises. Fails the visible tests.
    "blind65_patch_merging_image_loop_assumes_one_batch_axis": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged_images = []
            for b in range(X.shape[0]):
                image = X[b]
                blocks = torch.cat([image[:, 0::2, 0::2], image[:, 1::2, 0::2], image[:, 0::2, 1::2],
                                    image[:, 1::2, 1::2]], dim=0)
                tokens = layer_norm(blocks.flatten(-2), gamma, beta, eps)
                merged_images.append((W @ tokens).unflatten(-1, (height // 2, width // 2)))
            return torch.stack(merged_images)
'''),
    # Embedding lookup as a sum over blocks of 4 vocabulary columns (omega_e[:, block] @ one-hot of the block), the
    # one-hot compared with arange(width) instead of arange(start, end): every block matches ids 0..3 again.
    # V = 6, ids [5]: model omega_e[:, 5], entry 0. Passes the visible tests.
    "blind65_embed_vocab_blocks_ids_not_offset": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            vocab = omega_e.shape[-1]
            out = None
            for start in range(0, vocab, 4):
                values = torch.arange(min(4, vocab - start), device=token_ids.device)
                hot = (token_ids.unsqueeze(-2) == values[:, None]).to(omega_e.dtype)
                part = omega_e[:, start:start + 4] @ hot
                out = part if out is None else out + part
            return out
'''),
    # Sinusoidal table built in blocks of 8 positions with the positions restarted at 0 in every block.
    # sinusoidal_positions(10, 4): model column 9 = position 9, entry column 9 = position 1. Fails the visible tests.
    "blind65_sinusoidal_position_blocks_restart_at_zero": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            rates = 10000 ** (torch.arange(0, dim, 2, dtype=dtype)[:, None] / dim)
            blocks = []
            for start in range(0, num_positions, 8):
                positions = torch.arange(min(8, num_positions - start), dtype=dtype)
                angles = positions[None, :] / rates
                block = torch.empty(dim, positions.shape[0], dtype=dtype)
                block[0::2] = torch.sin(angles)
                block[1::2] = torch.cos(angles[: dim // 2])
                blocks.append(block)
            return torch.cat(blocks, dim=-1)
'''),
    # Rotary embedding applied in blocks of 4 columns, the default positions restarted at 0 in every block (given
    # positions are sliced correctly). Q, K (4, 6) without positions: model column 5 rotated by position 5, entry by
    # position 1. Fails the visible tests.
    "blind65_rotary_column_blocks_default_positions_restart": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                pieces = []
                for start in range(0, max(n, 1), 4):
                    block = X[..., start:start + 4]
                    pos = torch.arange(block.shape[-1]) if positions is None else positions[start:start + 4]
                    angles = theta[:, None] * pos.to(torch.float64)[None, :]
                    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                    top, bottom = block[..., : dim // 2, :], block[..., dim // 2:, :]
                    pieces.append(torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2))
                return torch.cat(pieces, dim=-1)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Pair counts kept incrementally (only the words that hold the merged pair are recounted), but the next merge is
    # still max() over the long-lived Counter: its insertion order is the order pairs were first ever seen, not the
    # first occurrence in the current segmentation, so ties go to a stale pair. train_bpe("cb c", 4): model [(c, b),
    # (cb, </w>), (c, </w>)], entry [(c, b), (c, </w>), (cb, </w>)]. Fails the visible tests.
    "blind65_train_bpe_incremental_counts_stale_tie_order": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
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
                    symbols = segmentation[word]
                    if best not in list(zip(symbols, symbols[1:])):
                        continue
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] -= frequency
                        if pair_counts[pair] <= 0:
                            del pair_counts[pair]
                    symbols = merge_pair(symbols, best)
                    segmentation[word] = symbols
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
            return merges
'''),
    # Reads the corpus in blocks of 64 characters and splits each block on whitespace on its own: a word that crosses
    # a block boundary becomes two words. train_bpe("abcd " * 12 + "xyzabcdabcd", 6) ("xyzabcdabcd" crosses
    # position 64): model first merge (a, b), entry (b, c). Fails the visible tests.
    "blind65_train_bpe_corpus_blocks_split_words_at_boundary": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            words = []
            for start in range(0, len(corpus), 64):
                words.extend(list(word) + [END_OF_WORD] for word in corpus[start:start + 64].split())
            word_counts = Counter(tuple(word) for word in words)
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
    # Encodes the text streamed in blocks of 32 characters, each block split on whitespace on its own: a word across
    # a block boundary is encoded as two words (an extra "</w>"). bpe_encode("a" * 30 + " abcd", [("a", "b")]):
    # model [..., 'ab', 'c', 'd', '</w>'], entry [..., 'a', '</w>', 'b', 'c', 'd', '</w>']. Passes the visible tests.
    "blind65_bpe_encode_text_blocks_split_words_at_boundary": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for start in range(0, len(text), 32):
                for word in text[start:start + 32].split():
                    symbols = list(word) + [END_OF_WORD]
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    tokens.extend(symbols)
            return tokens
'''),
    # Decodes in blocks of 8 tokens and strips trailing spaces from every block: a word end that closes a block loses
    # its space. 9 tokens ["a", "</w>"] * 4 + ["b</w>"]: model "a a a a b", entry "a a a ab". Passes the visible tests.
    "blind65_bpe_decode_token_blocks_each_block_stripped": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = []
            for start in range(0, len(tokens), 8):
                text = "".join(tokens[start:start + 8]).replace(END_OF_WORD, " ")
                pieces.append(text.rstrip(" "))
            return "".join(pieces)
'''),
}


RIGHT_BLIND_65 = {
    "blind65_right_softmax_online_row_blocks_rescaled": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            block = 3
            running_max = scores.new_full((*scores.shape[:-2], 1, scores.shape[-1]), float("-inf"))
            running_sum = torch.zeros_like(running_max)
            for start in range(0, scores.shape[-2], block):
                rows = scores[..., start:start + block, :]
                new_max = torch.maximum(running_max, rows.amax(dim=-2, keepdim=True))
                shift = torch.where(new_max == float("-inf"), torch.zeros_like(new_max), new_max)
                running_sum = running_sum * torch.exp(running_max - shift) + torch.exp(rows - shift).sum(
                    dim=-2, keepdim=True)
                running_max = new_max
            shift = torch.where(running_max == float("-inf"), torch.zeros_like(running_max), running_max)
            running_sum = torch.where(running_sum == 0, torch.ones_like(running_sum), running_sum)
            return torch.exp(scores - shift) / running_sum
'''),
    "blind65_right_softmax_column_blocks_own_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            pieces = []
            for start in range(0, max(scores.shape[-1], 1), 4):
                columns = scores[..., start:start + 4]
                top = columns.amax(dim=-2, keepdim=True)
                top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
                exps = torch.exp(columns - top)
                total = exps.sum(dim=-2, keepdim=True)
                pieces.append(exps / torch.where(total == 0, torch.ones_like(total), total))
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_apply_mask_query_blocks_broadcast_axis_kept": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = ~mask
            pieces = []
            for start in range(0, max(scores.shape[-1], 1), 4):
                part = hidden if hidden.dim() == 0 or hidden.shape[-1] == 1 else hidden[..., start:start + 4]
                pieces.append(scores[..., start:start + 4].masked_fill(part, float("-inf")))
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_local_mask_key_blocks_global_positions": ("masking", "local_mask", '''
        def local_mask(n, window):
            queries = torch.arange(n)[None, :]
            blocks = [(queries - torch.arange(start, min(start + 4, n))[:, None]).abs() <= window
                      for start in range(0, n, 4)]
            return torch.cat(blocks, dim=0) if blocks else torch.zeros(0, 0, dtype=torch.bool)
'''),
    "blind65_right_causal_mask_tiles_with_partial_edges": ("masking", "causal_mask", '''
        def causal_mask(n):
            tile = 4
            mask = torch.zeros(n, n, dtype=torch.bool)
            for row in range(0, n, tile):
                for col in range(row, n, tile):
                    height, width = min(tile, n - row), min(tile, n - col)
                    if row == col:
                        mask[row:row + height, col:col + width] = torch.ones(height, width, dtype=torch.bool).triu()
                    else:
                        mask[row:row + height, col:col + width] = True
            return mask
'''),
    "blind65_right_strided_mask_key_blocks_global_index": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            queries = torch.arange(n)[None, :]
            blocks = [(queries - torch.arange(start, min(start + 4, n))[:, None]) % stride == 0
                      for start in range(0, n, 4)]
            return torch.cat(blocks, dim=0) if blocks else torch.zeros(0, 0, dtype=torch.bool)
'''),
    "blind65_right_global_token_mask_query_blocks": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            keys = is_global.unsqueeze(-1)
            blocks = [keys | is_global[..., start:start + 4].unsqueeze(-2)
                      for start in range(0, max(is_global.shape[-1], 1), 4)]
            return torch.cat(blocks, dim=-1)
'''),
    "blind65_right_sdpa_query_blocks_mask_sliced_with_block": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            keys = K.transpose(-2, -1)
            outputs, weights = [], []
            for start in range(0, max(Q.shape[-1], 1), 3):
                scores = keys @ Q[..., start:start + 3] / math.sqrt(Q.shape[-2])
                if mask is not None:
                    part = mask if mask.dim() == 0 or mask.shape[-1] == 1 else mask[..., start:start + 3]
                    scores = apply_mask(scores, part)
                w = softmax_cols(scores)
                outputs.append(V @ w)
                weights.append(w)
            return torch.cat(outputs, dim=-1), torch.cat(weights, dim=-1)
'''),
    "blind65_right_sdpa_key_blocks_flash_style_then_weights": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            block = 3
            n_k = K.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            blocks = []
            for start in range(0, n_k, block):
                s = K[..., start:start + block].transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    part = mask if mask.dim() < 2 or mask.shape[-2] == 1 else mask[..., start:start + block, :]
                    s = s.masked_fill(~part, float("-inf"))
                blocks.append(s)
            m = Q.new_full((*batch, 1, Q.shape[-1]), float("-inf"))
            l = torch.zeros_like(m)
            acc = Q.new_zeros((*batch, V.shape[-2], Q.shape[-1]))
            for start, s in zip(range(0, n_k, block), blocks):
                new_m = torch.maximum(m, s.amax(dim=-2, keepdim=True))
                safe = torch.where(new_m == float("-inf"), torch.zeros_like(new_m), new_m)
                alpha = torch.exp(m - safe)
                p = torch.exp(s - safe)
                l = l * alpha + p.sum(dim=-2, keepdim=True)
                acc = acc * alpha + V[..., start:start + block] @ p
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(s - safe) / denom for s in blocks], dim=-2)
            return acc / denom, weights
'''),
    "blind65_right_self_attention_query_blocks_shared_keys": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            outputs, weights = [], []
            for start in range(0, max(X.shape[-1], 1), 3):
                Q = linear(X[..., start:start + 3], Wq, bq)
                part = mask
                if part is not None and part.dim() > 0 and part.shape[-1] != 1:
                    part = part[..., start:start + 3]
                out, w = scaled_dot_product_attention(Q, K, V, part)
                outputs.append(out)
                weights.append(w)
            return torch.cat(outputs, dim=-1), torch.cat(weights, dim=-1)
'''),
    "blind65_right_mha_head_stream_output_accumulated": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            out = None
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                k = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                v = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                head, _ = scaled_dot_product_attention(q, k, v, mask)
                share = params["Wo"][:, rows] @ head
                out = share if out is None else out + share
            return out + params["bo"][:, None]
'''),
    "blind65_right_mha_query_blocks_keys_projected_once": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            pieces = []
            for start in range(0, max(Xq.shape[-1], 1), 3):
                Q = split_heads(linear(Xq[..., start:start + 3], params["Wq"], params["bq"]), num_heads)
                part = mask if mask is None or mask.shape[-1] == 1 else mask[..., start:start + 3]
                heads, _ = scaled_dot_product_attention(Q, K, V, part)
                pieces.append(linear(merge_heads(heads), params["Wo"], params["bo"]))
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_cross_attention_decoder_blocks_mask_query_axis": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            pieces = []
            for start in range(0, max(X_dec.shape[-1], 1), 3):
                part = enc_mask
                if part is not None and part.dim() > 0 and part.shape[-1] != 1:
                    part = part[..., start:start + 3]
                pieces.append(multi_head_attention(X_dec[..., start:start + 3], X_enc, params, num_heads, part))
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_decoder_layer_query_blocks_keys_up_to_block_end": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            pieces = []
            for start in range(0, max(n, 1), 3):
                end = min(start + 3, n)
                X = X_dec[..., start:end]
                self_mask = causal_mask(end)[:, start:end].to(X_dec.device)
                attended = multi_head_attention(X, X_dec[..., :end], params["self_attn"], num_heads, self_mask)
                X = layer_norm(X + attended, params["gamma1"], params["beta1"])
                part = enc_mask
                if part is not None and part.dim() > 0 and part.shape[-1] != 1:
                    part = part[..., start:end]
                X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, part),
                               params["gamma2"], params["beta2"])
                X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                               params["gamma3"], params["beta3"])
                pieces.append(X)
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_transformer_layer_query_blocks_both_orders": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            n = X.shape[-1]
            source = layer_norm(X, params["gamma1"], params["beta1"]) if norm_first else X
            pieces = []
            for start in range(0, max(n, 1), 3):
                x = X[..., start:start + 3]
                part = mask
                if part is not None and part.dim() > 0 and part.shape[-1] != 1:
                    part = part[..., start:start + 3]
                attended = multi_head_attention(source[..., start:start + 3], source, params, num_heads, part)
                if norm_first:
                    x = x + attended
                    x = x + feed_forward(layer_norm(x, params["gamma2"], params["beta2"]),
                                         params["W1"], params["b1"], params["W2"], params["b2"])
                else:
                    x = layer_norm(x + attended, params["gamma1"], params["beta1"])
                    x = layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                   params["gamma2"], params["beta2"])
                pieces.append(x)
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_layer_norm_chan_merge_feature_blocks": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = m2 = None
            count = 0
            for start in range(0, X.shape[-2], 3):
                rows = X[..., start:start + 3, :]
                k = rows.shape[-2]
                block_mean = rows.mean(dim=-2, keepdim=True)
                block_m2 = (rows - block_mean).square().sum(dim=-2, keepdim=True)
                if mean is None:
                    mean, m2, count = block_mean, block_m2, k
                    continue
                delta = block_mean - mean
                total = count + k
                mean = mean + delta * (k / total)
                m2 = m2 + block_m2 + delta.square() * (count * k / total)
                count = total
            variance = m2 / count
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    "blind65_right_layer_norm_token_blocks": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            pieces = []
            for start in range(0, max(X.shape[-1], 1), 4):
                x = X[..., start:start + 4]
                mean = x.mean(dim=-2, keepdim=True)
                variance = (x - mean).square().mean(dim=-2, keepdim=True)
                pieces.append(gamma[:, None] * ((x - mean) / torch.sqrt(variance + eps)) + beta[:, None])
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_feed_forward_token_blocks_cat": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pieces = [linear(torch.relu(linear(X[..., start:start + 4], W1, b1)), W2, b2)
                      for start in range(0, max(X.shape[-1], 1), 4)]
            return torch.cat(pieces, dim=-1)
'''),
    "blind65_right_feed_forward_hidden_blocks_accumulated": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            out = None
            for start in range(0, W1.shape[0], 5):
                hidden = torch.relu(W1[start:start + 5] @ X + b1[start:start + 5, None])
                part = W2[:, start:start + 5] @ hidden
                out = part if out is None else out + part
            return out + b2[:, None]
'''),
    "blind65_right_next_token_probs_top_k_by_kthvalue_ties_filled": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                k = min(top_k, probs.shape[-1])
                threshold = -torch.kthvalue(-probs, k).values
                above = probs > threshold
                tied = probs == threshold
                room = k - int(above.sum())
                keep = above | (tied & (torch.cumsum(tied.long(), dim=0) <= room))
                probs = torch.where(keep, probs, torch.zeros_like(probs))
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
    "blind65_right_generate_preallocated_id_buffer": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt.new_empty(prompt.shape[0] + max(max_new_tokens, 0))
            ids[:prompt.shape[0]] = prompt
            length = prompt.shape[0]
            for _ in range(max_new_tokens):
                start = 0 if not context_size else max(length - context_size, 0)
                logits = model(ids[start:length])[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids[length] = next_id[0]
                length += 1
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids[:length].clone()
'''),
    "blind65_right_generate_rolling_context_window": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            window = prompt if context_size is None else prompt[-context_size:]
            new_ids = []
            for _ in range(max_new_tokens):
                logits = model(window)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
                new_ids.append(next_id)
                window = torch.cat([window, next_id])
                if context_size is not None:
                    window = window[-context_size:]
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return torch.cat([prompt, *new_ids])
'''),
    "blind65_right_sequence_log_prob_vocab_blocks_online_lse": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            running_max = running_sum = None
            for start in range(0, logits.shape[0], 5):
                rows = logits[start:start + 5]
                block_max = rows.amax(dim=0)
                new_max = block_max if running_max is None else torch.maximum(running_max, block_max)
                shift = torch.where(new_max == float("-inf"), torch.zeros_like(new_max), new_max)
                term = torch.exp(rows - shift).sum(dim=0)
                running_sum = term if running_sum is None else running_sum * torch.exp(running_max - shift) + term
                running_max = new_max
            shift = torch.where(running_max == float("-inf"), torch.zeros_like(running_max), running_max)
            lse = shift + torch.log(running_sum)
            positions = torch.arange(len(ids) - 1)
            return (logits[ids[1:], positions] - lse[:-1]).sum()
'''),
    "blind65_right_sequence_log_prob_position_blocks": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            total = logits[:, :0].sum()
            n = len(ids) - 1
            for start in range(0, n, 4):
                end = min(start + 4, n)
                log_probs = torch.log_softmax(logits[:, start:end], dim=0)
                total = total + log_probs[ids[start + 1:end + 1], torch.arange(end - start)].sum()
            return total
'''),
    "blind65_right_beam_search_each_beam_prefiltered_to_width": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for rank, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append((score, rank, -1, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    best = torch.sort(log_probs, descending=True, stable=True).indices[:beam_width]
                    for token in sorted(best.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + float(log_probs[token]), rank, token, extended, token == eos_id))
                candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
                beams = [(c[0], c[3], c[4]) for c in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    "blind65_right_additive_attention_online_position_blocks": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            n = H.shape[-1]
            blocks = []
            for start in range(0, n, 3):
                e = (v.unsqueeze(-1) * torch.tanh(U @ H[..., start:start + 3] + query)).sum(dim=-2)
                if mask is not None:
                    part = mask if mask.dim() == 0 or mask.shape[-1] == 1 else mask[..., start:start + 3]
                    e = e.masked_fill(~part, float("-inf"))
                blocks.append(e)
            m = l = context = None
            for start, e in zip(range(0, n, 3), blocks):
                block_max = e.amax(dim=-1, keepdim=True)
                new_m = block_max if m is None else torch.maximum(m, block_max)
                safe = torch.where(new_m == float("-inf"), torch.zeros_like(new_m), new_m)
                p = torch.exp(e - safe)
                part = (H[..., start:start + 3] @ p.unsqueeze(-1)).squeeze(-1)
                if m is None:
                    l, context = p.sum(dim=-1, keepdim=True), part
                else:
                    alpha = torch.exp(m - safe)
                    l = l * alpha + p.sum(dim=-1, keepdim=True)
                    context = context * alpha + part
                m = new_m
            safe = torch.where(m == float("-inf"), torch.zeros_like(m), m)
            denom = torch.where(l == 0, torch.ones_like(l), l)
            weights = torch.cat([torch.exp(e - safe) for e in blocks], dim=-1) / denom
            return weights, context / denom
'''),
    "blind65_right_grid_attention_row_bands_one_softmax": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            query = (s @ W.T).unsqueeze(-1)
            bands = []
            for top in range(0, height, 2):
                band = features[..., top:top + 2, :].flatten(-2)
                bands.append((v.unsqueeze(-1) * torch.tanh(U @ band + query)).sum(dim=-2))
            scores = torch.cat(bands, dim=-1)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (features.flatten(-2) @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    "blind65_right_quantize_palette_blocks_running_argmin": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            colours = palette.to(dtype)
            best = best_id = None
            for start in range(0, colours.shape[1], 5):
                distances = (pixels - colours[:, start:start + 5]).square().sum(dim=-2)
                index = distances.argmin(dim=-1)
                value = distances.gather(-1, index.unsqueeze(-1)).squeeze(-1)
                index = index + start
                if best is None:
                    best, best_id = value, index
                else:
                    better = value < best
                    best = torch.where(better, value, best)
                    best_id = torch.where(better, index, best_id)
            return best_id
'''),
    "blind65_right_quantize_one_pixel_row_at_a_time": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            colours = palette.to(dtype)
            rows = []
            for h in range(images.shape[-2]):
                row = images[..., h, :].to(dtype).movedim(-2, -1)[..., :, None]
                rows.append((row - colours).square().sum(dim=-2).argmin(dim=-1))
            if not rows:
                return torch.zeros((*images.shape[:-3], 0, images.shape[-1]), dtype=torch.long)
            return torch.stack(rows, dim=-2)
'''),
    "blind65_right_average_pool_head_running_sum_of_blocks": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            total = None
            for start in range(0, X.shape[-1], 4):
                part = X[..., start:start + 4].sum(dim=-1)
                total = part if total is None else total + part
            logits = (total / X.shape[-1]) @ W.T
            return logits if b is None else logits + b
'''),
    "blind65_right_channel_attention_token_tiles_accumulated": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = None
            for start in range(0, tokens, 3):
                tile = K[..., start:start + 3] @ Q[..., start:start + 3].transpose(-2, -1)
                scores = tile if scores is None else scores + tile
            weights = softmax_cols(scores * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    "blind65_right_channel_attention_one_group_at_a_time": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            size = channels // num_groups
            out = None
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                q = linear(X, params["Wq"][rows], params["bq"][rows])
                k = linear(X, params["Wk"][rows], params["bk"][rows])
                v = linear(X, params["Wv"][rows], params["bv"][rows])
                weights = softmax_cols(k @ q.transpose(-2, -1) * scale)
                share = params["Wo"][:, rows] @ (weights.transpose(-2, -1) @ v)
                out = share if out is None else out + share
            return out + params["bo"][:, None]
'''),
    "blind65_right_patch_merging_one_row_pair_at_a_time": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            rows = []
            for i in range(0, height, 2):
                upper, lower = X[..., i, :], X[..., i + 1, :]
                merged = torch.cat([upper[..., 0::2], lower[..., 0::2], upper[..., 1::2], lower[..., 1::2]], dim=-2)
                rows.append(W @ layer_norm(merged, gamma, beta, eps))
            if not rows:
                return X.new_zeros((*X.shape[:-3], 2 * channels, 0, width // 2))
            return torch.stack(rows, dim=-2)
'''),
    "blind65_right_embed_vocab_blocks_one_hot_matmul": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            vocab = omega_e.shape[-1]
            out = None
            for start in range(0, vocab, 4):
                values = torch.arange(start, min(start + 4, vocab), device=token_ids.device)
                hot = (token_ids.unsqueeze(-2) == values[:, None]).to(omega_e.dtype)
                part = omega_e[:, start:start + 4] @ hot
                out = part if out is None else out + part
            return out
'''),
    "blind65_right_one_hot_vocab_blocks_cat": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            blocks = []
            for start in range(0, max(vocab_size, 1), 4):
                values = torch.arange(start, min(start + 4, vocab_size), device=token_ids.device)
                blocks.append((token_ids.unsqueeze(-2) == values[:, None]).to(dtype))
            return torch.cat(blocks, dim=-2)
'''),
    "blind65_right_sinusoidal_position_blocks": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            rates = 10000 ** (torch.arange(0, dim, 2, dtype=dtype)[:, None] / dim)
            blocks = []
            for start in range(0, max(num_positions, 1), 8):
                positions = torch.arange(start, min(start + 8, num_positions), dtype=dtype)
                angles = positions[None, :] / rates
                block = torch.empty(dim, positions.shape[0], dtype=dtype)
                block[0::2] = torch.sin(angles)
                block[1::2] = torch.cos(angles[: dim // 2])
                blocks.append(block)
            return torch.cat(blocks, dim=-1)
'''),
    "blind65_right_rotary_column_blocks_positions_sliced": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                pieces = []
                for start in range(0, max(n, 1), 4):
                    block = X[..., start:start + 4]
                    angles = theta[:, None] * positions[start:start + 4].to(torch.float64)[None, :]
                    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                    top, bottom = block[..., : dim // 2, :], block[..., dim // 2:, :]
                    pieces.append(torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2))
                return torch.cat(pieces, dim=-1)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind65_right_train_bpe_incremental_counts_first_occurrence_scan": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            pair_counts = Counter()
            for word, frequency in word_counts.items():
                symbols = segmentation[word]
                for pair in zip(symbols, symbols[1:]):
                    pair_counts[pair] += frequency
            merges = []
            for _ in range(num_merges):
                top = max(pair_counts.values(), default=0)
                if top <= 0:
                    break
                best = None
                for word in word_counts:
                    symbols = segmentation[word]
                    best = next((pair for pair in zip(symbols, symbols[1:]) if pair_counts[pair] == top), None)
                    if best is not None:
                        break
                merges.append(best)
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    if best not in list(zip(symbols, symbols[1:])):
                        continue
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] -= frequency
                    symbols = merge_pair(symbols, best)
                    segmentation[word] = symbols
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
            return merges
'''),
    "blind65_right_train_bpe_corpus_blocks_carry_partial_word": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            words = []
            carry = ""
            for start in range(0, len(corpus), 16):
                text = carry + corpus[start:start + 16]
                pieces = text.split()
                carry = pieces.pop() if pieces and not text[-1].isspace() else ""
                words.extend(list(word) + [END_OF_WORD] for word in pieces)
            if carry:
                words.append(list(carry) + [END_OF_WORD])
            word_counts = Counter(tuple(word) for word in words)
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
    "blind65_right_bpe_encode_words_streamed_by_regex": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            import re
            tokens = []
            for match in re.finditer(r"\\S+", text):
                symbols = list(match.group()) + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    "blind65_right_bpe_decode_token_blocks_marker_prefix_held_back": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = []
            pending = ""
            for start in range(0, len(tokens), 8):
                text = (pending + "".join(tokens[start:start + 8])).replace(END_OF_WORD, " ")
                held = next((k for k in (3, 2, 1) if text.endswith(END_OF_WORD[:k])), 0)
                pieces.append(text[:len(text) - held])
                pending = text[len(text) - held:]
            return ("".join(pieces) + pending).rstrip(" ")
'''),
}
