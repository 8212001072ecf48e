"""Seventy-sixth blind batch of held-out implementations (prefix blind75_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_74.py) were only skimmed for their entry names (to avoid
repeating their ideas: column-major window and grid orders, cumsum-of-identity masks, fmod strides, rounded bucket
halves and one-based padding keys are left out or taken from another side) and for the header's layout
(held_out_blind_57.py). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md or
benchmarks/, nor the batches written at the same time (held_out_blind_76.py, held_out_blind_77.py).

Emphasis: habits carried over from MATLAB, Julia, R or Fortran. Wrong entries carry one habit into one function:
1-based indices converted on one side only or twice (vocabulary rows 1:V against 0-based ids, ids shifted by -1 once
more so id 0 wraps to the last column, pair indices and rotary frequencies left 1-based, positions 1:N, keys (1:n)'
against 0-based queries, ceil(k / nWc) for a 0-based window number, find()'s index used as a count), inclusive ranges
converted to exclusive ones (for k = 1:n as range(1, n) in train_bpe, bpe_encode and beam_search, d = -w:w, i:-s:1
stopping before 0, ids(end-c+1:end), targets(1:end-1), for n = 2:N), column-major reshape and flatten order (ids(:) read
down the columns then reshaped row-major in embed and dequantize_pixels, MATLAB's reshape(ids, H, W) in quantize, an
(n, B) mask reshaped instead of transposed, repmat'd biases and [CLS] columns reshaped, reshape(Y, dh, H, N) for heads,
reshape(X, C, M, H/M, M, W/M) for windows, im2col's within-patch order, channel-major 2x2 block features, sub2ind's
column-major linear index), MATLAB's default dimensions (max(S) and sum(E) along the first non-singleton dimension,
mean(X) and sum(v .* tanh) down dim 0, mean(X, 2) as dim=2, size(Q, 1) and size(X, 2) as shape[0] and shape[1],
softmax(E) of a grid matrix per column, [a; b] as cat on dim 0), `*` as the matrix product, MATLAB's var(X, 1) weight
read as torch's correction=1, strtrim for deblank, strsplit on ' ', sorted unique() for the candidate pairs, S(~M) =
-Inf logical indexing, tril(true(n)) as the causal mask, circshift's direction, gruLayer's 'before-multiplication'
reset mode, any(ids == eos), p(p < s(k)) = 0 for top-k, exp ./ sum(exp) without a shift, doubles everywhere (a sparse
cost past 2^53, the T5 bucket log in double), -100 * ones() labels, randperm(n, round(p n)) masking and setdiff(1:D, d)
converted as range(1, D). Right entries are written in the same style and converted correctly: explicit 1-based loops
and while scans, inclusive ranges with their + 1, sub2ind in row-major form, column-major flattening undone in the same
order, (n, B) masks transposed, repmat'd biases transposed, MATLAB's max(S, [], 1) as dim -2, var(X, 1) by hand,
triu(true(n)) in the key-query layout, find(...) + 1 for top-p, S + log(double(M)) for masking, one-based head, group
and gate-block loops, ind2sub loops over windows, labels circshifted back, a running minimum over colours, circshift
then the start token, the float32 (single) bucket log with fix(), floor-division cost formulas that need no n = 0
guard.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind75/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source
appended to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right
entry passes them, and each wrong entry's comment says whether it does (17 of the 57 wrong entries pass them). Each
wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs as
its comment says (mlm_corrupt's randperm entry and nsp_pairs' range entry by counts over 300 seeds; the bucket boundary
was found by a sweep of num_buckets 4..64, max_distance 4..400 and offsets -2000..2000). Right entries were compared
with the model answer on 150 random cases each, half under each default dtype (float32 and float64 inputs, batch
shapes (), (2,), (2, 3), (1, 2), masks of every allowed broadcast shape including all-False columns and padding masks,
-inf entries and 1000x / 1e4 scales, eps 0.0, sizes 0 and 1, windows and strides past n, sparse costs up to
10**12 + 7, bucket offsets in -3000..3000 with num_buckets 2..64 and max_distance 2..400, rotary positions int64 and
int32, palette ids uint8 / int16 / int32 / int64, rounded palettes and images for ties, sos ids up to 10**10, BPE texts
with tabs, repeated spaces and decomposed accents, temperatures 0 / 0.0 / 0.5 / 1 / 2.0 with top_k and top_p, generate
with seeded generators, eos ids and every context_size), exactly for integer, boolean and string results and to 1e-4
(float32) / 1e-10 (float64) otherwise, with the same exceptions; the differentiable ones also had their gradients
(every floating input and weight, the model's embedding for sequence_log_prob) compared on the same cases. The right
mlm_corrupt draws in the model answer's order and was checked equal to it for 400 seeds (ids int64 and int32, special
ids as list, tuple, tensor, range or empty, mask_prob 0 / 0.15 / 0.5 / 1, empty ids), with the generator left in the
same state; the right nsp_pairs gives the model answer's pairs for the same seed.

Judgement calls: blind75_sdpa_output_by_star_as_matrix_product keeps `*` only where the shapes allow it (D_v = N_k =
N_q) and uses @ elsewhere, so it is wrong only on square inputs; kept, since such inputs are allowed and a learner's own
square example would not reveal it. blind75_self_attention_bias_added_as_matlab_column,
blind75_mha_mask_repmat_along_first_axis, blind75_additive_attention_scores_summed_over_dim_0,
blind75_decoder_step_semicolon_stack_on_dim_0, blind75_average_pool_head_mean_dim_2_from_matlab,
blind75_window_reverse_window_row_by_ceil_of_zero_based_k and blind75_nsp_other_documents_from_range_1_to_d raise on
some allowed inputs and give wrong values on others (when a size happens to match); both count as wrong.
blind75_sinusoidal_* and the rotary entries differ far beyond float32 accuracy. blind75_relative_bucket_log_in_double
differs only at boundary distances (none with the default 32 / 128), which the contract pins by taking the log in
float32. blind75_right_apply_mask_plus_log_of_mask passes a gradient of 1 to hidden scores (masked_fill passes 0); the
contract does not compare gradients through an output entry that is infinite. Dropped: a beam_search right entry (not
enough time to test its tie order hard), a bucket entry rounding halves away from zero and a strided entry with rem
(earlier batches hold the same ideas), and a top-k entry with an unstable sort (its tie behaviour could not be shown on
CPU). Right entries: 42, more than asked, since each passed every check; wrong entries: 57.

Counts: 57 wrong, 42 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 2, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 2, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 2, 'next_token_probs': 3, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 2, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_75 = {
    # Candidate pairs come from a sorted unique() of the pairs, so a tie goes to the lexicographically first pair, not
    # the first seen. train_bpe('b a b a', 1): model [('b', '</w>')], entry [('a', '</w>')]. Fails the visible tests.
    "blind75_train_bpe_pairs_from_sorted_unique": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            counts = {}
            for word in words:
                key = tuple(word)
                counts[key] = counts.get(key, 0) + 1
            segmentation = {word: list(word) for word in counts}
            merges = []
            for _ in range(num_merges):
                # like MATLAB's unique(): the distinct pairs, sorted, then their counts
                pairs = sorted({pair for symbols in segmentation.values() for pair in zip(symbols, symbols[1:])})
                if not pairs:
                    break
                totals = [0] * len(pairs)
                for word, frequency in counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        totals[pairs.index(pair)] += frequency
                best = pairs[totals.index(max(totals))]     # first maximum, as [~, k] = max(totals)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # `for k = 1:num_merges` became range(1, num_merges): one merge too few. train_bpe('ab ab', 1): model [('a', 'b')],
    # entry []. Fails the visible tests.
    "blind75_train_bpe_merge_loop_range_1_to_n": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for k in range(1, num_merges):          # for k = 1:num_merges
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
    # `for k = 1:numel(merges)` became range(1, len(merges)) with merges[k - 1]: the last merge is never applied.
    # bpe_encode('ab', [('a', 'b')]): model ['ab', '</w>'], entry ['a', 'b', '</w>']. Fails the visible tests.
    "blind75_bpe_encode_merge_index_range_drops_last_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for k in range(1, len(merges)):      # k = 1:numel(merges), 1-based
                    symbols = merge_pair(symbols, merges[k - 1])
                tokens.extend(symbols)
            return tokens
'''),
    # strsplit(text, ' ') as text.split(' '): runs of spaces give empty words (a lone '</w>'), tabs and newlines do not
    # split. bpe_encode('a  b', []): model ['a', '</w>', 'b', '</w>'], entry ['a', '</w>', '</w>', 'b', '</w>']. Fails
    # the visible tests.
    "blind75_bpe_encode_strsplit_on_single_space": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if END_OF_WORD in text:
                raise ValueError("text must not contain </w>")
            tokens = []
            for word in text.split(" "):             # strsplit(text, ' ')
                symbols = list(word) + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # strtrim in place of deblank: leading spaces from leading '</w>' tokens are stripped too. bpe_decode(['</w>',
    # 'a</w>']): model ' a', entry 'a'. Passes the visible tests.
    "blind75_bpe_decode_strtrim_both_ends": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return text.strip(" ")                   # strtrim(text)
'''),
    # The vocabulary rows were made 1-based (1:V) but the ids were not: id v lights row v - 1 and id 0 lights nothing.
    # one_hot(tensor([0, 2]), 3): model rows 0 and 2 set, entry only row 1 of column 1. Fails the visible tests.
    "blind75_one_hot_one_based_rows_zero_based_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            rows = torch.arange(1, vocab_size + 1)          # v = 1:V
            matches = token_ids.unsqueeze(-2) == rows[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Omega(:, ids(:)) reads the ids down the columns (column-major), the result is reshaped back row-major: batched ids
    # come out scrambled (1-D ids are right). embed(arange(6.).reshape(1, 6), [[0, 1, 2], [3, 4, 5]]): model [[0, 1,
    # 2]], [[3, 4, 5]]; entry [[0, 3, 1]], [[4, 2, 5]]. Fails the visible tests.
    "blind75_embed_ids_flattened_column_major_reshaped_row_major": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            flat = token_ids.transpose(-1, -2).reshape(-1) if token_ids.dim() > 1 else token_ids   # ids(:)
            columns = omega_e[:, flat]                                   # Omega(:, ids(:))
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Ids already 0-based are 'converted' from 1-based once more (ids - 1): id 0 wraps to the last column, every other
    # id reads its left neighbour. embed(tensor([[1., 2., 3.]]), tensor([0])): model [[1.]], entry [[3.]]. Fails the
    # visible tests.
    "blind75_embed_ids_shifted_to_zero_based_again": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = omega_e[:, token_ids - 1]      # Omega(:, ids) with 1-based ids made 0-based
            return columns.movedim(0, -2)
'''),
    # The pair index i runs 1..ceil(D/2) and is used in 10000^(2i/D) without subtracting 1: every frequency is one step
    # too low. sinusoidal_positions(3, 2): model row 0 sin(n) = [0, 0.8415, 0.9093], entry [0, 1e-4, 2e-4]. Fails the
    # visible tests.
    "blind75_sinusoidal_pair_index_kept_one_based": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            table = torch.empty(dim, num_positions)
            n = torch.arange(num_positions, dtype=torch.get_default_dtype())
            for i in range(1, (dim + 1) // 2 + 1):           # i = 1:ceil(D/2)
                angle = n / 10000 ** (2 * i / dim)
                table[2 * i - 2] = torch.sin(angle)          # row 2i-1 in 1-based terms
                if 2 * i - 1 < dim:
                    table[2 * i - 1] = torch.cos(angle)
            return table
'''),
    # Positions n = 1:N: every column is shifted by one position. sinusoidal_positions(2, 2): model [[0, 0.8415], [1,
    # 0.5403]], entry [[0.8415, 0.9093], [0.5403, -0.4161]]. Fails the visible tests.
    "blind75_sinusoidal_positions_one_to_n": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(1, num_positions + 1, dtype=torch.get_default_dtype())   # n = 1:N
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # The stabilising max is taken like MATLAB's max(S), along the first non-singleton dimension: over a batch axis that
    # is the batch, so the shift is not constant down a column. softmax_cols of a (2, 2, 2) batch with a 1e4 entry in
    # the second matrix: model [[0.5, 0.5], [0.5, 0.5]], [[1, 0.5], [0, 0.5]]; entry [[0, 0.5], [1, 0.5]], [[0.5, 0.5],
    # [0.5, 0.5]]. Fails the visible tests.
    "blind75_softmax_cols_max_over_first_nonsingleton_dim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # max(S) works along the first dimension whose size is not 1
            dim = next((d for d, size in enumerate(scores.shape) if size != 1), 0)
            m = scores.amax(dim=dim, keepdim=True)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = torch.exp(scores - m)
            total = e.sum(dim=-2, keepdim=True)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # The normaliser is sum(E) of each matrix, which for a single key (M = 1, a 1 x N row) sums along the row.
    # softmax_cols(tensor([[0., 1.]])): model [[1, 1]], entry [[0.5, 0.5]]. Passes the visible tests.
    "blind75_softmax_cols_sum_over_first_nonsingleton_of_matrix": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            m = scores.amax(dim=-2, keepdim=True)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = torch.exp(scores - m)
            # sum(E) of the M x N matrix: down the columns, unless the matrix is a single row
            dim = -2 if e.shape[-2] != 1 else -1
            total = e.sum(dim=dim, keepdim=True)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # Keys made 1-based ((1:n)'), queries 0-based: j + 1 <= i, the diagonal is hidden. causal_mask(3): model upper
    # triangle with diagonal, entry strictly upper. Fails the visible tests.
    "blind75_causal_mask_keys_one_based_queries_zero_based": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(1, n + 1)[:, None]       # j = (1:n)'
            queries = torch.arange(n)[None, :]           # i converted to 0-based
            return keys <= queries
'''),
    # The (n, B) mask of MATLAB's (1:n)' <= lengths is reshaped to (B, n, 1) instead of transposed: with B > 1 and n > 1
    # the keys are scrambled. padding_mask(tensor([1, 3]), 3): model [T, F, F], [T, T, T]; entry [T, T, F], [T, F, T].
    # Fails the visible tests.
    "blind75_padding_mask_n_by_b_reshaped_not_transposed": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(1, n + 1, device=lengths.device)[:, None]    # (1:n)'
            visible = keys <= lengths[None, :]                               # (n, B), as in MATLAB
            return visible.reshape(lengths.shape[0], n, 1)                   # reshape(visible, B, n, 1)
'''),
    # d = -w:w became range(-w, w): the +w diagonal is missing. local_mask(3, 1): model the tridiagonal band, entry only
    # the diagonal and the one below. Fails the visible tests.
    "blind75_local_mask_diagonals_minus_w_to_w_exclusive": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window):             # d = -w:w
                if abs(d) < n:
                    mask |= torch.ones(n - abs(d), dtype=torch.bool).diag(d)
            return mask
'''),
    # S(~M) = -Inf as out[~mask] = -inf: boolean indexing lines the mask up from the left, so a broadcast mask with
    # fewer axes hits the wrong entries (or raises). apply_mask(zeros(2, 2, 2), [[T, F], [T, T]]): model -inf at [:, 0,
    # 1], entry -inf at [0, 1, :]. Fails the visible tests.
    "blind75_apply_mask_logical_indexing_same_size_only": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.clone()
            out[~mask] = float("-inf")                   # S(~M) = -Inf
            return out
'''),
    # D_k taken as size(Q, 1), i.e. Q.shape[0]: right for one (D_k, N_q) matrix, but for batched Q it is the batch size.
    # Q (2, 3, 4), K (2, 3, 5), V (2, 2, 5): the model scales by 1/sqrt(3), the entry by 1/sqrt(2) (output[0, 0, 0]:
    # 0.2396 vs 0.2680). Passes the visible tests.
    "blind75_sdpa_scale_from_size_q_1": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[0]                             # size(Q, 1)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # MATLAB's A = V * W kept as `*` where the shapes allow it (D_v = N_k = N_q): an elementwise product, silently
    # wrong; other shapes use @. Q, K, V all (3, 3): the model's output V @ weights differs from the entry's V * weights
    # in every entry. Passes the visible tests.
    "blind75_sdpa_output_by_star_as_matrix_product": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if V.shape[-1] == weights.shape[-1] and V.shape[-2] == weights.shape[-2]:
                return V * weights, weights              # A = V * W
            return V @ weights, weights
'''),
    # Wq*X + bq with bq thought of as a column: in torch the (D_k,) bias broadcasts along the last axis (the tokens), so
    # it raises unless N = D_k and is wrong when N = D_k. X (3, 2), D_k = D_v = 2: outputs and weights differ. Fails the
    # visible tests.
    "blind75_self_attention_bias_added_as_matlab_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq                              # Q = Wq*X + bq (bq a column)
            K = Wk @ X + bk
            V = Wv @ X + bv
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # MATLAB's reshape(Y, dh, H, N) (head h = rows h*dh..) translated with the sizes in MATLAB's order: torch's row-
    # major reshape gives head h the strided rows h, h + H, ... X (4, 3), 2 heads, random weights: every output entry
    # differs. Passes the visible tests.
    "blind75_mha_heads_by_matlab_reshape_dh_h_n": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads

            def heads_of(Y):
                # MATLAB: reshape(Y, dh, H, N), then permute(Y, [2 1 3])
                *batch, _, n = Y.shape
                return Y.reshape(*batch, head_dim, num_heads, n).transpose(-3, -2)

            Q = heads_of(linear(Xq, params["Wq"], params["bq"]))
            K = heads_of(linear(Xkv, params["Wk"], params["bk"]))
            V = heads_of(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            *batch, _, _, n_q = out.shape
            merged = out.transpose(-3, -2).reshape(*batch, dim, n_q)
            return linear(merged, params["Wo"], params["bo"])
'''),
    # repmat(mask, [1 1 H]) as mask.repeat(H, 1, 1): fine for an (N_k, N_q) mask, but a batched mask gets H*B on its
    # first axis and no head axis. X (2, 4, 3), 2 heads, padding mask (2, 3, 1): model a result, entry RuntimeError.
    # Passes the visible tests.
    "blind75_mha_mask_repmat_along_first_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.repeat(num_heads, 1, 1)      # repmat(mask, [1 1 H]): one copy per head
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # MATLAB's var(X, 1) (weight 1: divide by D) translated as correction=1, which is torch's unbiased (D - 1) variance.
    # layer_norm of a random (4, 3) X with random gamma, beta: every entry differs (-1.8227 vs -1.6544 at [0, 0]). Fails
    # the visible tests.
    "blind75_layer_norm_matlab_var_weight_1_as_correction_1": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(-2, keepdim=True)                # mean(X, 1)
            sigma2 = X.var(dim=-2, correction=1, keepdim=True)   # var(X, 1, 1): weight 1 = normalise by D
            return gamma[:, None] * (X - mu) / torch.sqrt(sigma2 + eps) + beta[:, None]
'''),
    # mean(X) and the variance along dim 0, right for one (D, N) matrix; for a batched X (B, D, N) the statistics are
    # taken over the batch. X (2, 4, 3): every entry differs. Passes the visible tests.
    "blind75_layer_norm_column_stats_over_dim_0": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(0, keepdim=True)                 # mean(X): down each column
            sigma2 = ((X - mu) ** 2).mean(0, keepdim=True)
            return gamma[:, None] * (X - mu) / torch.sqrt(sigma2 + eps) + beta[:, None]
'''),
    # The bias tiled with repeat(N) and reshaped to (F, N) as MATLAB's column-major reshape would: row-major, entry [f,
    # n] is b[(f*N + n) % F]. feed_forward(zeros(2, 2), zeros(2, 2), [1, 2], eye(2), zeros(2)): model [[1, 1], [2, 2]],
    # entry [[1, 2], [1, 2]]. Passes the visible tests.
    "blind75_feed_forward_bias_tiled_then_row_major_reshape": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            n = X.shape[-1]
            B1 = b1.repeat(n).reshape(b1.shape[0], n)    # reshape(repmat(b1, N, 1), F, N)
            B2 = b2.repeat(n).reshape(b2.shape[0], n)
            hidden = torch.clamp(W1 @ X + B1, min=0)     # max(0, W1*X + B1)
            return W2 @ hidden + B2
'''),
    # tril(true(n)) is MATLAB's causal mask with rows as queries; used as is in the (key, query) layout it lets each
    # query see the keys after it. X_dec (4, 3), X_enc (4, 2), 2 heads: outputs differ. Fails the visible tests.
    "blind75_decoder_layer_causal_mask_from_matlab_tril": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = torch.tril(torch.ones(n, n, dtype=torch.bool))   # tril(true(n)): query i sees keys j <= i
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # k = find(cumsum(p) >= top_p, 1) is a 1-based count in MATLAB; here the 0-based index is used as the count, so the
    # crossing token is dropped. next_token_probs([2., 1., 0.], top_p=0.9): model [0.7311, 0.2689, 0], entry [1, 0, 0].
    # Fails the visible tests.
    "blind75_next_token_probs_top_p_find_index_used_as_count": ("sampling", "next_token_probs", '''
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
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                crossing = torch.nonzero(torch.cumsum(sorted_probs, 0) >= top_p)
                # k = find(cumsum(p) >= top_p, 1): keep p(1:k)
                k = int(crossing[0]) if len(crossing) else len(probs)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:max(k, 1)]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # p(p < s(k)) = 0 with s the sorted probabilities: ties at the k-th value keep more than k tokens.
    # next_token_probs([1., 1., 0.], top_k=1): model [1, 0, 0], entry [0.5, 0.5, 0]. Fails the visible tests.
    "blind75_next_token_probs_top_k_threshold_at_kth_sorted_value": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < len(probs):
                sorted_probs = torch.sort(probs, descending=True).values
                probs = torch.where(probs < sorted_probs[top_k - 1], 0.0, probs)   # p(p < s(k)) = 0
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
    # exp(l/T) ./ sum(exp(l/T)) without the max shift, safe in MATLAB's doubles for small logits but overflowing in
    # float32 (and for 1000x logits in float64). next_token_probs(tensor([100., 0.])): model [1, 3.8e-44], entry [nan,
    # nan]. Passes the visible tests.
    "blind75_next_token_probs_unshifted_exp_as_in_double": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            e = torch.exp(logits / temperature)          # p = exp(l/T) ./ sum(exp(l/T))
            probs = e / e.sum()
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
    # ids(end-c+1:end) as ids[len(ids) - c + 1:]: the context holds c - 1 tokens. generate(model, [1, 2, 3], 1,
    # temperature=0, context_size=2) with a cumulative-sum linear model: model [1, 2, 3, 0], entry [1, 2, 3, 2]. Fails
    # the visible tests.
    "blind75_generate_context_from_end_minus_c_plus_1": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(max_new_tokens):
                if context_size is None or len(ids) <= context_size:
                    context = ids
                else:
                    context = ids[len(ids) - context_size + 1:]     # ids(end-c+1:end)
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # if any(ids == eos), break: an eos already in the prompt stops generation after the first new token.
    # generate(model, [0, 1], 3, eos_id=0, generator seeded 0): model [0, 1, 1, 1, 0], entry [0, 1, 1]. Passes the
    # visible tests.
    "blind75_generate_stops_when_any_id_is_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and bool((ids == eos_id).any()):    # if any(ids == eos), break
                    break
            return ids
'''),
    # for n = 2:N kept as range(2, N) in 0-based indices: the first scored token, ids[1], is skipped.
    # sequence_log_prob(model, [1, 2, 3]): model -8.6841, entry -6.4178. Fails the visible tests.
    "blind75_sequence_log_prob_loop_starts_at_two": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs[:0, 0].sum()
            for n in range(2, len(ids)):                 # for n = 2:N
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # sub2ind([V N], row, col) = row + col*V is a column-major linear index, used on torch's row-major flatten.
    # sequence_log_prob(model, [1, 2, 3]), V = 5: model -8.6841, entry -3.4940. Fails the visible tests.
    "blind75_sequence_log_prob_sub2ind_column_major_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)         # (V, N)
            vocab = log_probs.shape[0]
            columns = torch.arange(len(ids) - 1)
            linear_index = ids[1:] + columns * vocab                 # sub2ind([V N], ids(2:end), 1:N-1)
            return log_probs.reshape(-1)[linear_index].sum()
'''),
    # for step = 1:max_new_tokens became range(1, max_new_tokens): one step fewer. beam_search(model, [1], 2, 2): model
    # [1, 0, 1], entry [1, 0]. Fails the visible tests.
    "blind75_beam_search_steps_range_1_to_max_exclusive": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for step in range(1, max_new_tokens):        # for step = 1:max_new_tokens
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # im2col's order inside a patch: each patch read down its columns (channel, pixel column, pixel row) instead of
    # (channel, row, column). patchify(arange(4.).reshape(1, 1, 2, 2), 2): model column [0, 1, 2, 3], entry [0, 2, 1,
    # 3]. Fails the visible tests.
    "blind75_patchify_pixels_within_patch_column_major_im2col": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            # im2col: each patch read down its columns, i.e. (channel, pixel column, pixel row)
            grid = grid.permute(0, 2, 4, 1, 5, 3)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # repmat(cls, 1, B) gives a (D, B) matrix that is reshaped to (B, D, 1) row-major: with B > 1 the [CLS] columns are
    # scrambled. Two 2x2 one-channel images, P = 2, cls [1, 2, 3], zero weights: model CLS [1, 2, 3] twice, entry [1, 1,
    # 2] and [2, 3, 3]. Passes the visible tests.
    "blind75_patch_embedding_cls_repmat_d_by_b_reshaped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)               # (B, D, N)
            B, D = tokens.shape[0], tokens.shape[1]
            cls_columns = cls_token[:, None].repeat(1, B)                     # repmat(cls, 1, B): D x B
            cls_columns = cls_columns.reshape(B, D, 1)                        # reshape(cls, B, D, 1)
            return torch.cat([cls_columns, tokens], dim=-1) + positions
'''),
    # sum(v .* tanh(...)) with MATLAB's default (first) dimension as .sum(0): right for one state, but with a batch it
    # sums over the batch. s (2, 3), H (2, 4, 5): model a result, entry RuntimeError (or a wrong result when the batch
    # equals D_a). Fails the visible tests.
    "blind75_additive_attention_scores_summed_over_dim_0": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)                   # (..., D_a, N)
            scores = (v[:, None] * hidden).sum(0)                # sum(v .* tanh(...)): down the columns
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # softmax(E) of the H x W score matrix, which normalises each column of the grid, not the whole grid. s (3,),
    # features (4, 2, 2): model weights summing to 1 over the grid, entry each grid column summing to 1. Fails the
    # visible tests.
    "blind75_grid_attention_softmax_of_grid_matrix_per_column": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                            # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            E = torch.einsum("a,...ahw->...hw", v, hidden)                   # the H x W matrix of scores
            weights = softmax_cols(E)                                        # softmax(E)
            context = (features * weights.unsqueeze(-3)).sum(dim=(-2, -1))
            return weights, context
'''),
    # [y_prev; c] as torch.cat(..., 0): right for 1-D vectors, wrong for batched states (raises, or stacks the batch).
    # s_prev (2, 3), y_prev (2, 2), H (2, 4, 5): model a result, entry RuntimeError. Fails the visible tests.
    "blind75_decoder_step_semicolon_stack_on_dim_0": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context], 0)                 # x = [y_prev; c]
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context], 0) + params["b_out"]   # W_out * [s; c] + b_out
            return s, logits, weights
'''),
    # The GRU candidate written as MATLAB gruLayer's 'before-multiplication' reset mode, W_hn (r .* h) + b_hn, not
    # nn.GRUCell's r .* (W_hn h + b_hn). One random step: s and logits differ (s[0] 0.9509 vs 0.8654); weights agree.
    # Fails the visible tests.
    "blind75_decoder_step_gru_reset_before_multiplication": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            h = s_prev
            D = h.shape[-1]
            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ Wi[:D].T + bi[:D] + h @ Wh[:D].T + bh[:D])
            z = torch.sigmoid(x @ Wi[D:2 * D].T + bi[D:2 * D] + h @ Wh[D:2 * D].T + bh[D:2 * D])
            # gruLayer 'ResetGateMode', 'before-multiplication': the reset gate scales h before W_hn
            n = torch.tanh(x @ Wi[2 * D:].T + bi[2 * D:] + (r * h) @ Wh[2 * D:].T + bh[2 * D:])
            s = (1 - z) * n + z * h
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # keys i:-s:1 as range(i, 0, -s): the stop is exclusive, so key 0 is never reached from below. strided_mask(3, 2):
    # model [0, 2] True, entry [0, 2] False. Fails the visible tests.
    "blind75_strided_mask_downward_range_stops_before_zero": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                mask[list(range(i, n, stride)), i] = True        # keys i:s:n
                mask[list(range(i, 0, -stride)), i] = True       # keys i:-s:1
            return mask
'''),
    # g(:) | g(:)' flattens every batch axis into one sequence: right for (N,), wrong shape and values for batched
    # flags. global_token_mask of a (2, 3) mask: model (2, 3, 3), entry (6, 6). Fails the visible tests.
    "blind75_global_token_mask_colon_flatten_outer_or": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            g = is_global.reshape(-1, 1)                 # g(:)
            return g | g.T                               # g(:) | g(:)'
'''),
    # Every number a double, as in MATLAB: products above 2^53 lose their last digits. sparse_attention_cost('causal',
    # 10**9 + 1): model 500000001500000001, entry 500000001500000000. Passes the visible tests.
    "blind75_sparse_cost_in_double_precision": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            n = float(n)                                  # every number a double
            if pattern == "dense":
                return int(n * n)
            if pattern == "causal":
                return int(n * (n + 1) / 2)
            if pattern == "local":
                w = min(float(window), n - 1) if n else 0.0
                return int(n * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = math.floor((n - 1) / stride) if n else 0.0
                return int(n * (2 * m + 1) - stride * m * (m + 1))
            return int(num_global * (2 * n - num_global))
'''),
    # The log taken in double (MATLAB's default class), not float32 as T5 and the contract: boundary distances land one
    # bucket lower. relative_position_bucket(tensor([-64]), True, 18, 128): model 8, entry 7. Passes the visible tests.
    "blind75_relative_bucket_log_in_double": ("positions", "relative_position_bucket", '''
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
            exact = half // 2
            # log(double(d) / exact): doubles, as MATLAB computes
            log_scale = torch.log(distance.double() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # theta_i = base^(-2i/D) with i = 1:D/2 and no -1: every frequency shifted by one. Q, K (4, 3): every rotated column
    # after the first differs. Fails the visible tests.
    "blind75_rotary_frequency_index_one_to_half": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                i = torch.arange(1, dim // 2 + 1, dtype=torch.float64)       # i = 1:D/2
                theta = base ** (-2 * i / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Default positions 1:N (MATLAB's) instead of 0..N-1: K'ᵀQ' is unchanged, Q' and K' themselves are not.
    # rotary_embedding of two (2, 1) tensors: model leaves column 0 unrotated, entry rotates it by 1 radian. Fails the
    # visible tests.
    "blind75_rotary_default_positions_one_to_n": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(1, Q.shape[-1] + 1)     # p = 1:N
            if positions_k is None:
                positions_k = torch.arange(1, K.shape[-1] + 1)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # labels = -100 * ones(size(ids)): float labels (the default dtype), not LongTensor. mlm_corrupt(arange(10), 20,
    # [0], 1, generator seeded 0): same values, model int64, entry float32. Fails the visible tests.
    "blind75_mlm_labels_from_ones_times_minus_100": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = -100 * torch.ones(ids.shape)            # labels = -100 * ones(size(ids))
            labels[chosen] = ids[chosen].to(labels.dtype)
            return corrupted, labels
'''),
    # randperm(n, round(p*n)) picks exactly round(p*n) eligible positions per sequence instead of choosing each
    # independently; with 3 tokens and p = 0.15 nothing is ever chosen. ids [[5, 6, 7]] over 300 seeds: model chose 131
    # positions, entry 0. Passes the visible tests.
    "blind75_mlm_exactly_round_p_n_positions_by_randperm": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = (~torch.isin(ids, special)).reshape(-1, ids.shape[-1])
            flat_ids = ids.reshape(-1, ids.shape[-1])
            chosen = torch.zeros_like(eligible)
            for row in range(flat_ids.shape[0]):
                candidates = torch.nonzero(eligible[row]).flatten()          # find(eligible)
                k = round(mask_prob * len(candidates))
                pick = torch.randperm(len(candidates), generator=generator)[:k]   # randperm(n, k)
                chosen[row, candidates[pick]] = True
            chosen = chosen.reshape(ids.shape)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # setdiff(1:D, index) as range(1, D): document 0 is never drawn as the other document, and with two documents the
    # second has none (raises). Documents [[a0, a1], [b0, b1]]: model a result, entry RuntimeError; with three documents
    # A in document 1 always draws B from document 2 (150 of 150 label-1 pairs over 300 seeds). Passes the visible
    # tests.
    "blind75_nsp_other_documents_from_range_1_to_d": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [k for k in range(1, len(documents)) if k != index]   # setdiff(1:D, index)
                for n in range(1, len(document)):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[n - 1], document[n], 0))
                    else:
                        other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        j = torch.randint(len(other), (), generator=generator).item()
                        pairs.append((document[n - 1], other[j], 1))
            return pairs
'''),
    # Pixels flattened row-major, ids put back with MATLAB's reshape(ids, H, W) (fill (W, H) then transpose): the id
    # grid comes back transposed. quantize_pixels(tensor([[[0., 1.], [0., 0.]]]), tensor([[0., 1.]])): model [[0, 1],
    # [0, 0]], entry [[0, 0], [1, 0]]. Fails the visible tests.
    "blind75_quantize_ids_back_via_matlab_reshape": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            *batch, C, H, W = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(*batch, C, H * W)                  # reshape(img, C, [])
            d = ((pixels[..., :, :, None] - palette.to(dtype)[:, None, :]) ** 2).sum(dim=-3)   # (..., HW, K)
            ids = d.argmin(dim=-1)                                              # [~, ids] = min(d, [], 2)
            return ids.reshape(*batch, W, H).transpose(-1, -2)                  # reshape(ids, H, W)
'''),
    # palette(:, ids(:)) reads the ids down the columns, the colours are reshaped back row-major: the image comes back
    # transposed. dequantize_pixels(tensor([[0, 1], [0, 0]]), tensor([[0., 1.]])): model [[0, 1], [0, 0]], entry [[0,
    # 0], [1, 0]]. Fails the visible tests.
    "blind75_dequantize_ids_colon_column_major_reshaped_row_major": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = ids.long().transpose(-1, -2).reshape(-1)               # ids(:)
            colours = palette[:, flat]                                     # palette(:, ids(:))
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # targets(1:end-1) converted as targets[0:N-2] (end-1 read as an inclusive 0-based end): inputs one shorter than
    # targets. pixel_sequence([[1, 2], [3, 4]], 9): model inputs [9, 1, 2, 3], entry [9, 1, 2]. Fails the visible tests.
    "blind75_pixel_sequence_inputs_slice_to_n_minus_2": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            N = targets.shape[-1]
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            inputs = torch.cat([start, targets[..., 0:N - 2]], dim=-1)     # [sos, targets(1:end-1)]
            return inputs, targets
'''),
    # mean(X, 2) as X.mean(dim=2): the token axis only for 3-D X; an unbatched (D, N) X raises and a 4-D X averages over
    # D. X (1, 2, 3, 4), W (5, 3): model a (1, 2, 5) result, entry RuntimeError. Fails the visible tests.
    "blind75_average_pool_head_mean_dim_2_from_matlab": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=2)                        # mean(X, 2): along the rows, over the tokens
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # reshape(X, C, M, H/M, M, W/M) with MATLAB's fast-index-first order: in torch that splits each side as (M, H/M), so
    # windows are dilated, not contiguous. window_partition(arange(16.).reshape(1, 4, 4), 2): model window 0 [0, 1, 4,
    # 5], entry [0, 2, 8, 10]. Fails the visible tests.
    "blind75_window_partition_matlab_size_order_in_reshape": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            # MATLAB: reshape(X, C, M, H/M, M, W/M), the fast index of each split first
            grid = X.reshape(*batch, channels, M, height // M, M, width // M)   # (..., C, p, a, q, b)
            grid = grid.permute(*range(len(batch)), *(len(batch) + k for k in (2, 4, 0, 1, 3)))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The window row as ceil(k / nWc), MATLAB's formula for a 1-based k, applied to a 0-based k: window 1 goes to row 1.
    # window_reverse(arange(16.).reshape(4, 1, 4), 2, 4, 4): model the 4x4 grid, entry RuntimeError (window 3 lands off
    # the grid). Fails the visible tests.
    "blind75_window_reverse_window_row_by_ceil_of_zero_based_k": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            per_row = width // M
            X = windows.new_zeros(*batch, channels, height, width)
            for k in range(num_windows):
                a = math.ceil(k / per_row)               # window row: ceil(k / nWc)
                b = k % per_row
                X[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
            return X
'''),
    # circshift(img, [s s]) shifts down and right, so the wrapped rows are taken as the first s instead of the last s:
    # the masks of the first and last windows swap. shifted_window_mask(4, 4, 2, 1): model window 0 all True, entry
    # window 0 the identity (and window 3 all True). Fails the visible tests.
    "blind75_shifted_mask_circshift_rolled_down_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # circshift(img, [shift shift]): rows 0..shift-1 are the ones that wrapped around
            wrapped_rows = torch.arange(height) < shift
            wrapped_columns = torch.arange(width) < shift
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The 4C features stacked channel-major (c, then the block read down its columns) instead of block-major (the four
    # C-vectors one after another): only C = 1 agrees. X (2, 2, 2), gamma 1, beta 0, W the first four rows of eye(8):
    # model [1.4715, -0.7469, -1.6714, 0.5103], entry [1.4715, -1.6714, -0.0785, 0.6497]. Passes the visible tests.
    "blind75_patch_merging_block_features_channel_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)               # (..., C, i, dh, j, dw)
            nb = len(batch)
            # reshape(X, 4C, ...) with C outermost, then the block read down its columns (dw, dh)
            blocks = blocks.permute(*range(nb), nb, nb + 4, nb + 2, nb + 1, nb + 3)   # (..., C, dw, dh, i, j)
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            tokens = layer_norm(merged, gamma, beta, eps)
            return (W @ tokens).reshape(*batch, 2 * C, H // 2, Wd // 2)
'''),
    # The default scale 1/sqrt(size(X, 2)) as X.shape[1]: N for an unbatched (C, N) X, but C for a batched one. X (2, 4,
    # 3), 2 groups: model scales by 1/sqrt(3), entry by 1/sqrt(4); every entry differs. Passes the visible tests.
    "blind75_channel_attention_scale_from_shape_1_as_size_x_2": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[1])        # 1/sqrt(size(X, 2)): the number of tokens
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_75 = {
    "blind75_right_train_bpe_one_based_merge_counter": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            k = 1
            while k <= num_merges:                       # for k = 1:num_merges
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for p in range(1, len(symbols)):     # p = 1:numel(symbols)-1, pair (p, p+1)
                        pair_counts[(symbols[p - 1], symbols[p])] += frequency
                if len(pair_counts) == 0:
                    break
                best_count = max(pair_counts.values())
                best = next(pair for pair, count in pair_counts.items() if count == best_count)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
                k += 1
            return merges
'''),
    "blind75_right_bpe_encode_one_based_while_scan": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for left, right in merges:
                    out = []
                    i = 1                                    # 1-based position in symbols
                    n = len(symbols)
                    while i <= n:
                        if i < n and symbols[i - 1] == left and symbols[i] == right:
                            out.append(left + right)
                            i += 2
                        else:
                            out.append(symbols[i - 1])
                            i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    "blind75_right_bpe_decode_deblank_from_end": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            last = len(text)                             # like deblank: drop trailing blanks from `end`
            while last >= 1 and text[last - 1] == " ":
                last -= 1
            return text[:last]
'''),
    "blind75_right_one_hot_sub2ind_row_major_scatter": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            *batch, n = token_ids.shape
            flat_ids = token_ids.reshape(math.prod(batch), n)        # (B, N)
            table = torch.zeros(flat_ids.shape[0] * vocab_size * n, dtype=dtype or torch.get_default_dtype())
            b = torch.arange(flat_ids.shape[0])[:, None]
            col = torch.arange(n)[None, :]
            # sub2ind for a (B, V, N) array stored row-major: (b * V + v) * N + n
            table[((b * vocab_size + flat_ids) * n + col).reshape(-1)] = 1
            return table.reshape(*batch, vocab_size, n)
'''),
    "blind75_right_embed_flat_ids_reshaped_same_order": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            flat = token_ids.reshape(-1)                             # row-major both ways
            columns = omega_e.index_select(1, flat)                  # (D, numel)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    "blind75_right_sinusoidal_one_based_row_loop_converted": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            table = torch.zeros(dim, num_positions, dtype=dtype)
            n = torch.arange(num_positions, dtype=torch.float64)     # n = (1:N) - 1
            for k in range(1, dim + 1):                              # row k, 1-based
                i = (k - 1) // 2                                     # pair index, 0-based
                angle = n / 10000.0 ** (2 * i / dim)
                table[k - 1] = (torch.sin(angle) if k % 2 == 1 else torch.cos(angle)).to(dtype)
            return table
'''),
    "blind75_right_softmax_cols_max_along_first_matrix_dim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # max(S, [], 1) of each (M, N) matrix: dimension 1 of the matrix is -2 of the tensor
            m = torch.max(scores, dim=-2, keepdim=True).values
            m = torch.where(torch.isinf(m) & (m < 0), torch.zeros_like(m), m)
            e = torch.exp(scores - m)
            s = torch.sum(e, dim=-2, keepdim=True)
            return e / torch.where(s == 0, torch.ones_like(s), s)
'''),
    "blind75_right_causal_mask_one_based_both_sides": ("masking", "causal_mask", '''
        def causal_mask(n):
            j = torch.arange(1, n + 1).reshape(n, 1)     # (1:n)'
            i = torch.arange(1, n + 1).reshape(1, n)     # 1:n
            return j <= i
'''),
    "blind75_right_padding_mask_n_by_b_transposed": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(1, n + 1, device=lengths.device)[:, None]     # (1:n)'
            visible = keys <= lengths[None, :]                                # (n, B)
            return visible.T.reshape(lengths.shape[0], n, 1)                  # visible' then a query axis
'''),
    "blind75_right_local_mask_diagonals_inclusive": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window + 1):         # d = -w:w, both ends included
                if abs(d) < n:
                    mask = mask | torch.ones(n - abs(d), dtype=torch.bool).diag(d)
            return mask
'''),
    "blind75_right_apply_mask_plus_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))      # S + log(double(M)): 0 or -Inf
'''),
    "blind75_right_sdpa_size_from_end": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[Q.dim() - 2]                   # size(Q, ndims-1): the row count of each matrix
            scores = torch.matmul(K.transpose(-1, -2), Q) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights     # V * W in MATLAB is @ here
'''),
    "blind75_right_self_attention_bias_as_explicit_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq.reshape(-1, 1)               # bq as a D_k x 1 column
            K = Wk @ X + bk.reshape(-1, 1)
            V = Wv @ X + bv.reshape(-1, 1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    "blind75_right_mha_one_based_head_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            dh = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for h in range(1, num_heads + 1):            # rows (h-1)*dh+1 : h*dh in 1-based terms
                rows = slice((h - 1) * dh, h * dh)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    "blind75_right_layer_norm_var_weight_one_by_hand": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            mu = X.sum(dim=-2, keepdim=True) / D                     # mean(X, 1)
            sigma2 = ((X - mu) ** 2).sum(dim=-2, keepdim=True) / D   # var(X, 1, 1): divide by D
            return gamma.reshape(-1, 1) * ((X - mu) / torch.sqrt(sigma2 + eps)) + beta.reshape(-1, 1)
'''),
    "blind75_right_feed_forward_repmat_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            n = X.shape[-1]
            B1 = b1.repeat(n, 1).T                       # repmat(b1, 1, N), b1 a column
            B2 = b2.repeat(n, 1).T
            Z = W1 @ X + B1
            return W2 @ torch.clamp(Z, min=0) + B2       # max(0, Z)
'''),
    "blind75_right_transformer_layer_numbered_sublayers": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def sublayer(k, Y):
                if k == 1:
                    return multi_head_attention(Y, Y, params, num_heads, mask)
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            for k in range(1, 3):                        # k = 1:2
                gamma, beta = params[f"gamma{k}"], params[f"beta{k}"]
                if norm_first:
                    X = X + sublayer(k, layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + sublayer(k, X), gamma, beta)
            return X
'''),
    "blind75_right_decoder_layer_triu_mask_numbered_norms": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = torch.triu(torch.ones(n, n, dtype=torch.bool))   # triu(true(n)): key j <= query i
            X = X_dec
            for k in range(1, 4):                                        # k = 1:3
                if k == 1:
                    update = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
                elif k == 2:
                    update = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
                else:
                    update = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                X = layer_norm(X + update, params[f"gamma{k}"], params[f"beta{k}"])
            return X
'''),
    "blind75_right_next_token_probs_find_plus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[0]
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None and top_k < V:
                _, order = torch.sort(probs, descending=True, stable=True)
                probs = probs.clone()
                probs[order[top_k:]] = 0                 # p(order(k+1:end)) = 0
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                hits = torch.nonzero(torch.cumsum(sorted_probs, 0) >= top_p).flatten()
                count = int(hits[0]) + 1 if len(hits) else V          # k = find(..., 1): a 1-based count
                probs = probs.clone()
                probs[order[count:]] = 0
            return probs / probs.sum()
'''),
    "blind75_right_generate_one_based_window_start": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(1, max_new_tokens + 1):       # t = 1:max_new_tokens
                n = len(ids)
                first = 1 if context_size is None else max(1, n - context_size + 1)   # 1-based start
                logits = model(ids[first - 1:])[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id[0]) == eos_id:
                    break
            return ids
'''),
    "blind75_right_sequence_log_prob_sub2ind_row_major": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)         # (V, N), stored row-major
            N = log_probs.shape[1]
            columns = torch.arange(len(ids) - 1)
            return log_probs.reshape(-1)[ids[1:] * N + columns].sum()   # element (v, n) is v*N + n
'''),
    "blind75_right_patchify_one_based_patch_loops": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for r in range(1, height // P + 1):          # patch rows, top to bottom
                for c in range(1, width // P + 1):       # then left to right
                    patch = images[:, :, (r - 1) * P:r * P, (c - 1) * P:c * P]
                    columns.append(patch.reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    "blind75_right_patch_embedding_repmat_cls_b_by_d": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)               # (B, D, N)
            B = tokens.shape[0]
            cls_rows = cls_token.repeat(B, 1)                                 # (B, D): one row per image
            return torch.cat([cls_rows[:, :, None], tokens], dim=-1) + positions
'''),
    "blind75_right_additive_attention_v_transpose_times_tanh": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (W @ s.unsqueeze(-1)))   # W*s as a column, added to every column
            e = torch.matmul(v, hidden)                          # v' * tanh(...): (..., N)
            if mask is not None:
                e = torch.where(mask, e, torch.full_like(e, float("-inf")))
            weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)    # sum(H .* w', 2)
            return weights, context
'''),
    "blind75_right_grid_attention_column_major_flatten_and_back": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)           # features(:, :): cells down the columns
            weights, context = additive_attention(s, cells, W, U, v)
            # reshape(weights, H, W) in MATLAB's order: fill (W, H) row-major, then transpose
            return weights.unflatten(-1, (width, height)).transpose(-2, -1), context
'''),
    "blind75_right_decoder_step_gates_by_one_based_blocks": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)                                     # [y_prev; c]
            D = s_prev.shape[-1]

            def block(M, k):                                         # rows (k-1)*D+1 : k*D, 1-based
                return M[(k - 1) * D:k * D]

            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ block(Wi, 1).T + block(bi, 1) + s_prev @ block(Wh, 1).T + block(bh, 1))
            z = torch.sigmoid(x @ block(Wi, 2).T + block(bi, 2) + s_prev @ block(Wh, 2).T + block(bh, 2))
            n = torch.tanh(x @ block(Wi, 3).T + block(bi, 3) + r * (s_prev @ block(Wh, 3).T + block(bh, 3)))
            s = (1 - z) * n + z * s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    "blind75_right_strided_mask_inclusive_ranges_converted": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                mask[list(range(i, n, stride)), i] = True        # keys i:s:n
                mask[list(range(i, -1, -stride)), i] = True      # keys i:-s:1, down to index 0 included
            return mask
'''),
    "blind75_right_global_token_mask_column_or_row": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            as_column = is_global[..., :, None]          # g as an N x 1 column (keys)
            as_row = is_global[..., None, :]             # g' as a 1 x N row (queries)
            return as_column | as_row
'''),
    "blind75_right_sparse_cost_floor_formulas_in_integers": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1)                   # n = 0 gives w = -1 and a count of 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride                    # floor, not fix: n = 0 gives m = -1 and a count of 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    "blind75_right_bucket_single_precision_log_and_fix": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.int64)
            if bidirectional:
                n = num_buckets // 2                             # idivide(num_buckets, 2, 'floor')
                result = (offset > 0).to(torch.int64) * n
                d = offset.abs()
            else:
                n = num_buckets
                result = torch.zeros_like(offset)
                d = torch.maximum(-offset, torch.zeros_like(offset))
            exact = n // 2
            # single(): the log in float32, as T5; fix() truncates toward zero
            scaled = torch.log(d.to(torch.float32) / exact) / math.log(max_distance / exact) * (n - exact)
            far = exact + torch.trunc(scaled).to(torch.int64)
            far = torch.minimum(far, torch.full_like(far, n - 1))
            return result + torch.where(d < exact, d, far)
'''),
    "blind75_right_rotary_one_based_pairs_converted": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(1, N + 1) - 1                   # p = (1:N) - 1
                half = D // 2
                i = torch.arange(1, half + 1, dtype=torch.float64)           # i = 1:D/2
                theta = base ** (-2 * (i - 1) / D)
                angle = theta[:, None] * positions.to(torch.float64)[None, :]
                c, s = torch.cos(angle).to(X.dtype), torch.sin(angle).to(X.dtype)
                x1, x2 = X[..., :half, :], X[..., half:, :]                  # rows 1:D/2 and D/2+1:D
                return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind75_right_mlm_ismember_loop_over_specials": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            for special in torch.as_tensor(special_ids).reshape(-1).tolist():   # ~ismember(ids, special)
                eligible &= ids != special
            u = torch.rand(ids.shape, generator=generator)
            chosen = eligible & (u < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    "blind75_right_nsp_setdiff_others_converted": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            D = len(documents)
            pairs = []
            for d in range(1, D + 1):                                   # d = 1:D
                document = documents[d - 1]
                others = [k for k in range(1, D + 1) if k != d]         # setdiff(1:D, d)
                for n in range(1, len(document)):                       # n = 1:numel(document)-1
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[n - 1], document[n], 0))
                    else:
                        k = others[torch.randint(len(others), (), generator=generator).item()]
                        other = documents[k - 1]
                        j = torch.randint(len(other), (), generator=generator).item()
                        pairs.append((document[n - 1], other[j], 1))
            return pairs
'''),
    "blind75_right_quantize_running_min_over_colours": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype)
            P = palette.to(dtype)
            best = None
            ids = None
            for k in range(1, P.shape[1] + 1):                       # k = 1:K
                d = ((x - P[:, k - 1][:, None, None]) ** 2).sum(dim=-3)
                if best is None:
                    best = d
                    ids = torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d < best                                 # strict: ties stay with the lower id
                    best = torch.where(closer, d, best)
                    ids = torch.where(closer, torch.full_like(ids, k - 1), ids)
            return ids
'''),
    "blind75_right_dequantize_column_major_both_ways": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            swapped = ids.long().transpose(-1, -2)                       # read ids(:) down the columns
            colours = palette[:, swapped.reshape(-1)]                     # palette(:, ids(:))
            colours = colours.reshape(palette.shape[0], *swapped.shape)   # put back in the same order
            return colours.transpose(-1, -2).movedim(0, -3)
'''),
    "blind75_right_pixel_sequence_circshift_then_sos": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.long).flatten(-2)
            inputs = torch.roll(targets, 1, dims=-1)                     # circshift(targets, 1)
            inputs[..., 0] = sos_id                                      # then inputs(1) = sos
            return inputs, targets
'''),
    "blind75_right_average_pool_head_mean_last_dim": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=X.dim() - 1) / X.shape[-1]       # mean(X, 2) of each D x N matrix
            logits = torch.matmul(pooled, W.transpose(0, 1))
            if b is not None:
                logits = logits + b
            return logits
'''),
    "blind75_right_window_partition_ind2sub_row_major_loop": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            per_row = width // M
            windows = []
            for k in range(1, (height // M) * per_row + 1):       # k = 1:nW
                a = (k - 1) // per_row                            # window row (0-based)
                b = (k - 1) % per_row                             # window column
                block = X[..., a * M:(a + 1) * M, b * M:(b + 1) * M]
                windows.append(block.reshape(*batch, channels, M * M))
            return torch.stack(windows, dim=-3)
'''),
    "blind75_right_window_reverse_ind2sub_row_major_loop": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            per_row = width // M
            rows = []
            for a in range(1, height // M + 1):
                row = [windows[..., (a - 1) * per_row + b - 1, :, :].reshape(*batch, channels, M, M)
                       for b in range(1, per_row + 1)]
                rows.append(torch.cat(row, dim=-1))
            return torch.cat(rows, dim=-2)
'''),
    "blind75_right_shifted_mask_labels_circshifted_back": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # label the original grid: the first `shift` rows and columns are the ones that will wrap
            rows = (torch.arange(height) < shift).long()
            cols = (torch.arange(width) < shift).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = torch.roll(labels, shifts=(-shift, -shift), dims=(0, 1))   # circshift(labels, [-s -s])
            M = window
            out = []
            for a in range(height // M):
                for b in range(width // M):
                    w = labels[a * M:(a + 1) * M, b * M:(b + 1) * M].reshape(-1)
                    out.append(w[:, None] == w[None, :])
            return torch.stack(out)
'''),
    "blind75_right_patch_merging_column_major_block_reshape": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            nb = len(batch)
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)                      # (..., C, i, dh, j, dw)
            # the 2x2 block read down its columns: (dh, dw) = (0,0), (1,0), (0,1), (1,1); dh fastest, then C
            blocks = blocks.permute(*range(nb), nb + 4, nb + 2, nb, nb + 1, nb + 3)   # (..., dw, dh, C, i, j)
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            return (W @ layer_norm(merged, gamma, beta, eps)).reshape(*batch, 2 * C, H // 2, Wd // 2)
'''),
    "blind75_right_channel_attention_one_based_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])        # size(X, ndims): the number of tokens
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            cg = channels // num_groups
            groups = []
            for g in range(1, num_groups + 1):            # rows (g-1)*cg+1 : g*cg
                rows = slice((g - 1) * cg, g * cg)
                weights = softmax_cols(K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * scale)
                groups.append(weights.transpose(-2, -1) @ V[..., rows, :])
            return linear(torch.cat(groups, dim=-2), params["Wo"], params["bo"])
'''),
}
