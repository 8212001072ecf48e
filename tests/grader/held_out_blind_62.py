"""Sixty-third blind batch of held-out implementations (prefix blind62_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_59.py) were only skimmed for their entry names (none is repeated) and for the
header's layout. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batches
written at the same time (held_out_blind_60.py, held_out_blind_61.py).

Emphasis: off-by-one and boundary arithmetic across the modules. Wrong entries: diagonals and bands one off (triu with
diagonal=1, band diagonals window - 1, a diagonal loop over range(stride, n - 1, stride)), positions counted from 1
with a strict comparison, closed-form costs at their boundaries (no cap on the window, m = ceil(n / s), the causal
diagonal left out), T5 buckets (the log cap at n instead of n - 1, the half rounded up for odd counts, offset 0 in the
upper half), rotary and sinusoidal frequency indices shifted by one and a partner row at i + D/2 - 1, bound checks with
> instead of >= (one_hot's V, dequantize's K), a max over all rows but the last, D_k read from axis 1 counted from the
front, the sample variance, a context sum over range(N - 1), pixel inputs sliced from the wrong end, a mean divided by
N - 1, Swin's wrap test strict, the shift replaced by window - shift and the wrapped band put at the start, [CLS]
appended last, NSP's range(len - 2) and an own-document skip with > instead of >=, MLM's random band running into the
keep band, top-p with <= top_p, a top-k threshold read one past the k-th, a context crop one id too long, step budgets
and beam lengths counted with the prompt, column n scoring token n, beam_width + 1 beams kept, BPE's pair loop missing
the (x, "</w>") pair, a merge scan that drops an unmerged last symbol, merges[:-1], and one trailing space stripped.
Right entries: the other convention used consistently (1-based positions with <=, last index inclusive, |i - j| <
w + 1, triu/tril bands, fmod's signed remainder, a diagonal loop over range(0, n, s), caps at n and m = n // s which
give the same totals, exact buckets for d <= n/2, 1-based frequency and row loops, reversed head loops, sample variance
rescaled (correction=0), 1-based context loops, roll-then-overwrite for the start token, Hugging Face's negative
slices and a two-region labelling for Swin's mask, unfold with step M, 1-based window loops, explicit slice stops,
split positions for [CLS], 1-based successor loops, MLM bands laid out in reverse, top-p by the exclusive cumulative
sum and by searchsorted + 1, 1-based step loops, beam steps indexed by the length with the prompt).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind62/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `from collections import Counter` and the entry's source appended
to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (4 of the 39 wrong entries pass them). Each wrong
entry's recorded input was run on the model answer and on the entry and both results printed; each differs as its
comment says. Right entries were compared with the model answer under both default dtypes and for float32 and float64
inputs, 60 random cases per combination: masks exactly (n = 0..11, windows 0..12, strides -1..13 with the same
ValueErrors); sparse_attention_cost exactly and as an int over every pattern, n in 0..40, 10**6 and 10**12 + 7, windows
and strides at n, n + 1 and 10**13, missing sizes and an unknown pattern; buckets for offsets -300..300 with 8, 16, 31,
32 and 33 buckets, both directions, max_distance 16..200; rotary with and without positions, batched, D = 2..8;
sinusoidal tables to 1e-6 for N = 0..9, D = 1..9; one_hot with out-of-range ids, empty ids and every dtype option;
attention, multi-head attention (H = 1..3, masks), layer norm (1000x scale, eps 0), additive attention (masks with
all-hidden states), patch merging, window partition/reverse (non-contiguous inputs) and patch embedding to float32 /
float64 accuracy, with their input gradients (and every multi-head parameter's gradient) compared in float64 and no
NaN; pixel_sequence and dequantize_pixels with uint8/int16/int32 ids and out-of-range ids; Swin masks for M = 1..4,
every shift, and shift = M for the ValueError; nsp_pairs and generate exactly equal under the same seed (two fresh
generators); sequence_log_prob and beam_search on a length- and id-dependent model (widths 0..4, 0..4 steps, eos
None/0/3); next_token_probs with ties, 1000x logits, every temperature, top_k 1..V + 2 and top_p including the exact
cumulative boundary 0.5/0.75 of (0.5, 0.25, 0.25); train_bpe, bpe_encode (tabs, arbitrary merge lists with "</w>") and
bpe_decode (leading, repeated and trailing "</w>") exactly. mlm_corrupt (same draws, other bands) by its invariants
and frequencies: int64 and int32 ids unchanged, labels exactly the chosen originals, specials as list, tuple, tensor or
empty never chosen, chosen fraction 0.30 at mask_prob 0.3, mask / keep / random 0.785 / 0.118 / 0.096 against the
expected 0.784 / 0.118 / 0.098 for V = 50 and mask_id 3, random ids over [0, V), empty ids, mask_prob 0 and 1.

Judgement calls: blind62_swin_mask_shift_replaced_by_window_minus_shift, blind62_bucket_half_rounded_up_for_odd_counts,
blind62_top_p_cumulative_at_most_p and blind62_bpe_decode_strips_one_trailing_space pass the visible tests; each is
wrong only where the contract's boundary is hit (a shift other than M/2, an odd bucket count, a cumulative sum equal to
top_p, two "</w>" at the end). blind62_dequantize_bound_check_id_equal_to_k_passes raises IndexError instead of the
contract's ValueError for an id equal to K and is otherwise right; kept as wrong since the ValueError is named in the
contract. blind62_top_k_threshold_read_one_past_kth also drops tokens tied with the k-th one, but its recorded input is
the IndexError at top_k = V. blind62_right_sparse_cost_caps_at_n_and_floor_n_over_s looks like two off-by-one slips, but
2n - 2s(m + 1) = 0 at both boundaries, so its totals are exact (checked to n = 10**12 + 7). Dropped: a
relative_position_bucket entry taking the log in float64 (the contract requires float32) because I could not exhibit a
boundary distance where it differs within the time box; a window_partition using unfold with step M - 1 (it only
crashes on shapes, not an interesting wrong result); an mlm_corrupt choosing with rand <= mask_prob (differs from the
contract only with probability 2^-24 per position at mask_prob 0); a right beam_search I first wrote looped
while len(beams[0]) < len(prompt) + max_new_tokens: when the best beam finishes early and another is still open it
never stops (it hung on the visible tests; my random check had missed it), so it was replaced by a loop over the
target lengths, and the hanging version was not kept as a wrong entry (a hang, not a result).
Fewer entries than asked (39 / 34 against about
55 / 35): the time box; no right entry is one I was unsure of.

Counts: 39 wrong, 34 right.
Wrong per function: {'additive_attention': 1, 'average_pool_head': 1, 'beam_search': 2, 'bpe_decode': 1, 'bpe_encode': 2, 'causal_mask': 1, 'dequantize_pixels': 1, 'generate': 2, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'next_token_probs': 2, 'nsp_pairs': 2, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'pixel_sequence': 1, 'relative_position_bucket': 3, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 3, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 3, 'strided_mask': 1, 'train_bpe': 1}.
Right per function: {'additive_attention': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'dequantize_pixels': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 2, 'sinusoidal_positions': 1, 'sparse_attention_cost': 2, 'strided_mask': 2, 'train_bpe': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_62 = {
    # Builds the causal mask with torch.triu(..., diagonal=1): that keeps j < i only, so no query sees its own key.
    # causal_mask(2): model [[T, T], [F, T]], entry [[F, T], [F, F]]. Fails the visible tests.
    "blind62_causal_mask_triu_diagonal_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
'''),
    # Counts key positions from 1 but keeps the strict comparison: key j is visible iff j + 1 < length, so the last
    # real key of every sequence is hidden. padding_mask(tensor([2]), 3)[0, :, 0]: model [T, T, F], entry [T, F, F].
    # Fails the visible tests.
    "blind62_padding_mask_one_based_keys_strict": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            positions = torch.arange(1, n + 1, device=lengths.device)
            return (positions[None, :] < lengths[:, None])[:, :, None]
'''),
    # The band is built from triu/tril with diagonals window - 1: |i - j| < window, the window's two outer diagonals
    # are dropped. local_mask(3, 1): model has the first off-diagonals True, entry is the identity.
    # Fails the visible tests.
    "blind62_local_mask_band_diagonals_window_minus_one": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return torch.triu(ones, diagonal=-(window - 1)) & torch.tril(ones, diagonal=window - 1)
'''),
    # Marks the visible offsets diagonal by diagonal with range(stride, n - 1, stride): the loop stops one offset
    # early, so offset n - 1 is never marked when stride divides n - 1. strided_mask(4, 3): model [3, 0] and [0, 3]
    # True, entry False. Fails the visible tests.
    "blind62_strided_mask_offset_loop_stops_before_n_minus_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.eye(n, dtype=torch.bool)
            for offset in range(stride, n - 1, stride):
                mask |= torch.diag(torch.ones(n - offset, dtype=torch.bool), offset)
                mask |= torch.diag(torch.ones(n - offset, dtype=torch.bool), -offset)
            return mask
'''),
    # Local cost without capping the window at n - 1: n(2w + 1) - w(w + 1) undercounts once w >= n + 1 (the band
    # runs off both ends). sparse_attention_cost("local", 3, window=5): model 9, entry 3. Fails the visible tests.
    "blind62_sparse_cost_local_window_never_capped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                return n * (2 * window + 1) - window * (window + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Counts the strided offsets as ceil(n / s) (how many strides "fit") instead of floor((n - 1) / s): one multiple
    # too many whenever s does not divide n. sparse_attention_cost("strided", 5, stride=2): model 13, entry 11.
    # Fails the visible tests.
    "blind62_sparse_cost_strided_m_as_ceil_n_over_s": ("sparse_attention", "sparse_attention_cost", '''
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
                m = -(-n // stride)
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Causal cost as the strict lower triangle n(n - 1)/2: the diagonal (each query's own key) is not counted.
    # sparse_attention_cost("causal", 4): model 10, entry 6. Fails the visible tests.
    "blind62_sparse_cost_causal_without_diagonal": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n - 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Caps the log-spaced buckets at n instead of n - 1: far offsets spill into the next half (or past the last
    # bucket). relative_position_bucket(tensor([-1000])): model 15, entry 16 (the first bucket of the upper half).
    # Fails the visible tests.
    "blind62_bucket_log_cap_at_half_not_half_minus_one": ("positions", "relative_position_bucket", '''
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Rounds the half up, (num_buckets + 1) // 2: with an odd bucket count the upper half starts one bucket late and
    # each half is one bucket wider. relative_position_bucket(tensor([1]), num_buckets=31): model 16, entry 17.
    # Passes the visible tests.
    "blind62_bucket_half_rounded_up_for_odd_counts": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = (num_buckets + 1) // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Puts offset 0 into the upper half (offset >= 0): the query's own key gets bucket n instead of 0.
    # relative_position_bucket(tensor([0])): model 0, entry 16. Fails the visible tests.
    "blind62_bucket_zero_offset_counted_as_after": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset >= 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # theta_i = base^(-2(i + 1)/D): the frequency index runs 1 .. D/2, so pair 0 does not turn at the angle p.
    # rotary_embedding on D = 2, N = 2, all-ones Q: model column 1 = (cos 1 - sin 1, cos 1 + sin 1) = (-0.30, 1.38),
    # entry (0.9999, 1.0001) (angle 1e-4). Fails the visible tests.
    "blind62_rotary_frequency_index_from_one": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                i = torch.arange(1, dim // 2 + 1, dtype=torch.float64)
                theta = base ** (-2 * i / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Pairs row i with row i + D/2 - 1 (the halves overlap by one row and the last row is never rotated).
    # rotary_embedding with D = 4: row 3 of the model's Q' is rotated, the entry's row 3 is unchanged.
    # Fails the visible tests.
    "blind62_rotary_partner_row_offset_half_minus_one": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top = X[..., :half, :]
                bottom = X[..., half - 1 : dim - 1, :]
                out = X.clone()
                out[..., :half, :] = top * cos - bottom * sin
                out[..., half - 1 : dim - 1, :] = bottom * cos + top * sin
                return out
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Uses the odd exponents 2i + 1 (torch.arange(1, D, 2)) in the frequencies: every row pair turns at the
    # next pair's slower speed. sinusoidal_positions(3, 4)[:, 1]: model (sin 1, cos 1, sin 0.01, cos 0.01),
    # entry (sin 0.1, cos 0.1, sin 0.001, cos 0.001). Fails the visible tests.
    "blind62_sinusoidal_exponents_odd_indices": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            exponents = torch.arange(1, dim + 1, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (exponents[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Its own range check tests ids > vocab_size: an id equal to V gets an all-zero column instead of a ValueError.
    # one_hot(tensor([3]), 3): model raises ValueError, entry returns zeros (3, 1). Fails the visible tests.
    "blind62_one_hot_check_allows_id_equal_to_v": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.numel() and (int(token_ids.min()) < 0 or int(token_ids.max()) > vocab_size):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype or torch.get_default_dtype())
'''),
    # Subtracts the max of every row but the last (scores[..., :-1, :]): when the last row holds a column's
    # largest entry the exponent overflows. softmax_cols(tensor([[0.], [100.]])) in float32: model (3.8e-44, 1),
    # entry (0, nan). Fails the visible tests.
    "blind62_softmax_max_over_rows_but_last": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if scores.shape[-2] > 1:
                column_max = scores[..., :-1, :].amax(dim=-2, keepdim=True)
            else:
                column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Reads D_k as Q.shape[1], counted from the front: right for a (B, Dk, Nq) batch, but for an unbatched
    # (Dk, Nq) query it scales by sqrt(Nq), and for (B, H, Dk, Nq) by sqrt(H). Q (4, 2) unbatched: the model scales
    # by 1/2, the entry by 1/sqrt(2) (Q = arange(8).reshape(4, 2) / 4, K = arange(12).reshape(4, 3) / 6: the weights
    # differ, 0.2543 vs 0.2246 in the first entry). Fails the visible tests.
    "blind62_attention_dk_read_from_axis_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[1])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Layer norm with the sample variance (divides by D - 1). layer_norm(tensor([[1.], [3.]]), ones, zeros):
    # model (-1, 1) (to 1e-5), entry (-0.707, 0.707). Fails the visible tests.
    "blind62_layer_norm_sum_of_squares_over_d_minus_one": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            dim = X.shape[-2]
            mean = X.sum(dim=-2, keepdim=True) / dim
            centred = X - mean
            variance = (centred * centred).sum(dim=-2, keepdim=True) / (dim - 1)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Sums the context over range(N - 1): the last encoder state never contributes (its weight is still in the
    # softmax). N = 2, equal scores (U = 0), H = [[1, 3]]: model context 2, entry 0.5. Fails the visible tests.
    "blind62_additive_context_loop_misses_last_state": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.zeros_like(H[..., 0] * weights[..., :1])
            for i in range(H.shape[-1] - 1):
                context = context + weights[..., i : i + 1] * H[..., i]
            return weights, context
'''),
    # Inputs taken from the wrong end of [sos, targets]: slicing [1:] instead of [:-1] returns the targets
    # themselves, so a decoder is shown the pixel it must predict. pixel_sequence(tensor([[1, 2]]), 9): model inputs
    # [9, 1], entry [1, 2]. Fails the visible tests.
    "blind62_pixel_sequence_drops_sos_not_last": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            inputs = torch.cat([start, targets], dim=-1)[..., 1:]
            return inputs, targets
'''),
    # Its own bound check uses > K: an id equal to K slips through and the indexing raises IndexError, not the
    # contract's ValueError. dequantize_pixels(tensor([[2]]), palette (3, 2)): model ValueError, entry IndexError.
    # Fails the visible tests.
    "blind62_dequantize_bound_check_id_equal_to_k_passes": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError("ids must be integers")
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) > palette.shape[1]):
                raise ValueError("ids must lie in [0, K)")
            return palette[:, ids.long()].movedim(0, -3)
'''),
    # Averages with sum / (N - 1) (a sample-mean confusion): the pooled vector is N/(N-1) times too large, and
    # a single token divides by zero. average_pool_head(ones (1, 2), W=[[1.]]): model 1, entry 2.
    # Fails the visible tests.
    "blind62_average_pool_divides_by_n_minus_one": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / (X.shape[-1] - 1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Flags a rolled row as wrapped when index + shift > size (strict): the first wrapped row (index size - shift)
    # is labelled with the unwrapped rows. shifted_window_mask(4, 4, 2, 1)[3]: model the identity (four regions),
    # entry all True. Fails the visible tests.
    "blind62_swin_mask_wrap_test_strict": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift > height
            wrapped_columns = torch.arange(width) + shift > width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Uses window - shift as the roll (HF's shift_size confused with the remainder): the wrapped band is
    # window - shift rows wide instead of shift. shifted_window_mask(4, 4, 4, 1)[0, :4, :4] (row 0 of the grid):
    # model separates column 3 from columns 0-2, entry separates column 0 from columns 1-3. Passes the visible tests.
    "blind62_swin_mask_shift_replaced_by_window_minus_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            if shift == 0:
                return torch.ones((height // window) * (width // window), window * window, window * window,
                                  dtype=torch.bool)
            roll = window - shift
            wrapped_rows = torch.arange(height) + roll >= height
            wrapped_columns = torch.arange(width) + roll >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Flags the first `shift` rows and columns as wrapped, as for a roll down and right (+shift): the opposite band.
    # shifted_window_mask(4, 4, 2, 1)[0]: model all True, entry the identity. Fails the visible tests.
    "blind62_swin_mask_wrapped_band_at_the_start": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) < shift
            wrapped_columns = torch.arange(width) < shift
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Appends [CLS] as the last column (after the N patches) and adds positions in that order: the class token is
    # column N, not 0. A 1x4x4 image, P = 2, W = ones, cls = -5, zero positions: model [-5, 10, 18, 42, 50], entry
    # [10, 18, 42, 50, -5]. Fails the visible tests.
    "blind62_patch_embedding_cls_appended_last": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([tokens, cls_column], dim=-1) + positions
'''),
    # Loops over range(len(document) - 2): the last sentence pair of every document gets no example.
    # nsp_pairs([["a", "b"], ["c", "d", "e"]]): model 3 examples, entry 1. Fails the visible tests.
    "blind62_nsp_pairs_range_len_minus_two": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for k in range(len(document) - 2):
                    a, successor = document[k], document[k + 1]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Skips A's own document with pick + (pick > index): when the draw equals A's index it is kept, so a
    # "random" B can come from A's own document and the last document is never drawn. With two documents, an
    # example of document 0 with label 1 always takes its B from document 0 (seed 0, documents [["a0", "a1"] * 20,
    # ["b0", "b1"]]: the model's label-1 B's of document 0 are b0/b1, the entry's a0/a1). Fails the visible tests.
    "blind62_nsp_pairs_skip_own_document_strict": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick > index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The 10 % random-token band runs to 1.0 (action >= 0.8), so the "keep" 10 % never happens: chosen tokens are
    # masked 80 % and replaced 20 %. 100 000 positions of id 7, V = 1000, mask_prob 0.5: chosen tokens left as 7,
    # model 0.102, entry 0.0. Fails the visible tests.
    "blind62_mlm_random_band_swallows_keep_band": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Top-p keeps every token whose inclusive cumulative sum is <= top_p, plus one: when a cumulative sum equals
    # top_p exactly, one token too many survives. next_token_probs(log([0.5, 0.25, 0.25]), top_p=0.5): model
    # (1, 0, 0), entry (2/3, 1/3, 0). Passes the visible tests.
    "blind62_top_p_cumulative_at_most_p": ("sampling", "next_token_probs", '''
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
                num_kept = min(int((cumulative <= top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Top-k as "strictly above the value one past the k-th", sorted[top_k]: with top_k >= V that index is past the
    # end. next_token_probs(zeros(3), top_k=3): model uniform (1/3 each), entry IndexError. Fails the visible tests.
    "blind62_top_k_threshold_read_one_past_kth": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                threshold = torch.sort(probs, descending=True).values[top_k]
                probs = torch.where(probs > threshold, probs, 0.0)
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
    # Crops the context to ids[-context_size - 1:], one id more than the model's window. With a model whose
    # logits depend on the context length and context_size=2, the sampled ids differ (prompt [1, 2, 3], 6 new
    # tokens, seed 3: model [..., 1, 3, 1, 0, 3, 1], entry [..., 3, 1, 0, 4, 2, 1]). Fails the visible tests.
    "blind62_generate_context_crop_one_too_long": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size - 1:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Counts the step budget with the prompt included: it stops once the whole sequence has max_new_tokens ids,
    # so a prompt of length N0 gets max_new_tokens - N0 new tokens. prompt of 2 ids, max_new_tokens=3: model 5 ids,
    # entry 3. Fails the visible tests.
    "blind62_generate_budget_counts_prompt": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            while len(ids) < max_new_tokens:
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Scores ids[n] with column n (no shift) and starts at n = 1: column n has already seen ids[n]. Any model whose
    # columns differ shows it (a length- and id-dependent model on [1, 2, 3]: model -10.52, entry -0.985).
    # Fails the visible tests.
    "blind62_sequence_log_prob_column_n_scores_token_n": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(1, len(ids))
            return log_probs[ids[1:], positions].sum()
'''),
    # Beam length counted with the prompt: the loop runs while the best beam is shorter than max_new_tokens, so a
    # prompt of N0 ids gets N0 fewer steps. prompt of 2 ids, max_new_tokens=3: model 5 ids, entry 3.
    # Fails the visible tests.
    "blind62_beam_search_steps_count_prompt": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            while len(beams[0][1]) < max_new_tokens:
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
    # Keeps beam_width + 1 candidates each step (slice end treated as inclusive): with width 1 it is no longer
    # greedy: it searches with width 2. A model whose logits depend on the ids, width 1, 3 steps from [1]: model
    # [1, 0, 0, 4], entry [1, 0, 3, 3]. Fails the visible tests.
    "blind62_beam_search_keeps_width_plus_one": ("sampling", "beam_search", '''
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
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[: beam_width + 1]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Counts pairs with range(len(symbols) - 2): the last pair of every word, (x, "</w>"), is never counted.
    # train_bpe("a a", 1): model [("a", "</w>")], entry []. Fails the visible tests.
    "blind62_train_bpe_pair_loop_skips_end_of_word_pair": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for i in range(len(symbols) - 2):
                        pair_counts[(symbols[i], symbols[i + 1])] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Its own merge scan walks i over range(len(symbols) - 1) and never appends the last symbol when the final
    # pair is not merged: the word's "</w>" (or last piece) is lost. bpe_encode("ab", [("a", "b")]): model
    # ["ab", "</w>"], entry ["ab"]. Fails the visible tests.
    "blind62_bpe_encode_scan_drops_unmerged_last_symbol": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for pair in merges:
                    merged = []
                    i = 0
                    while i < len(symbols) - 1:
                        if (symbols[i], symbols[i + 1]) == pair:
                            merged.append(symbols[i] + symbols[i + 1])
                            i += 2
                        else:
                            merged.append(symbols[i])
                            i += 1
                    symbols = merged
                tokens.extend(symbols)
            return tokens
'''),
    # Applies merges[:-1]: the last merge of the list is never replayed. bpe_encode("ab", [("a", "b"),
    # ("ab", "</w>")]): model ["ab</w>"], entry ["ab", "</w>"]. Fails the visible tests.
    "blind62_bpe_encode_last_merge_dropped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for pair in merges[:-1]:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Strips only one trailing space (text[:-1] when it ends with a space): tokens ending in two "</w>" keep a
    # space. bpe_decode(["a</w>", "</w>"]): model "a", entry "a ". Passes the visible tests.
    "blind62_bpe_decode_strips_one_trailing_space": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return text[:-1] if text.endswith(" ") else text
'''),
}

RIGHT_BLIND_62 = {
    # 1-based positions on both axes: key p visible to query q iff p <= q, the same comparison shifted by one.
    "blind62_right_causal_mask_one_based_positions": ("masking", "causal_mask", '''
        def causal_mask(n):
            positions = torch.arange(1, n + 1)
            return positions[:, None] <= positions[None, :]
'''),
    # Last visible key index is length - 1: key j visible iff j <= length - 1 (inclusive bound, used consistently).
    "blind62_right_padding_mask_last_index_inclusive": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)
            last_visible = lengths - 1
            return (keys[None, :] <= last_visible[:, None]).unsqueeze(-1)
'''),
    # Exclusive bound written as |i - j| < window + 1.
    "blind62_right_local_mask_exclusive_window_plus_one": ("masking", "local_mask", '''
        def local_mask(n, window):
            idx = torch.arange(n)
            return (idx[None, :] - idx[:, None]).abs() < window + 1
'''),
    # The band from triu/tril with diagonals -window and +window.
    "blind62_right_local_mask_triu_tril_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return torch.triu(ones, diagonal=-window) & torch.tril(ones, diagonal=window)
'''),
    # torch.fmod keeps the sign of i - j, but a multiple of s still leaves remainder 0, so the test is the same.
    "blind62_right_strided_mask_fmod_signed_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            idx = torch.arange(n)
            return torch.fmod(idx[None, :] - idx[:, None], stride) == 0
'''),
    # Diagonal by diagonal over range(0, n, stride): offsets 0, s, 2s, ... up to n - 1 included.
    "blind62_right_strided_mask_offset_loop_to_n": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(0, n, stride):
                diagonal = torch.ones(n - offset, dtype=torch.bool)
                mask |= torch.diag(diagonal, offset) | torch.diag(diagonal, -offset)
            return mask
'''),
    # Caps the window at n (not n - 1) and counts m = n // s (not (n - 1) // s): both give the same totals, since
    # the extra term is 2n - 2s(m + 1) = 0 exactly at those boundaries.
    "blind62_right_sparse_cost_caps_at_n_and_floor_n_over_s": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = n // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Counts by 1-based offsets d = 1 .. w: n + 2 * sum(n - d) = n + w(2n - w - 1); causal as sum 1..n.
    "blind62_right_sparse_cost_one_based_offset_sums": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n ** 2
            if pattern == "causal":
                return (n + 1) * n // 2
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n + w * (2 * n - w - 1)
            if pattern == "strided":
                m = max(0, (n - 1) // stride)
                # offsets k*s for k = 1..m hold n - k*s pairs on each side
                return n + 2 * m * n - stride * m * (m + 1)
            g = num_global
            return n * n - (n - g) * (n - g)
'''),
    # Exact buckets for d <= n/2 (inclusive): at d = n/2 the log branch gives n/2 + 0 anyway.
    "blind62_right_bucket_exact_branch_inclusive": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            log_part = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = (exact + log_part.long()).clamp(max=half - 1)
            return base + torch.where(distance <= exact, distance, far)
'''),
    # Frequencies with a 1-based index k = 1 .. D/2 written as base^(-2(k - 1)/D).
    "blind62_right_rotary_one_based_frequency_index": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                k = torch.arange(1, dim // 2 + 1, dtype=torch.float64)
                theta = base ** (-2 * (k - 1) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Row by row with 1-based row numbers r = 1 .. D: row r - 1 uses i = (r - 1) // 2, sine for odd r.
    "blind62_right_sinusoidal_one_based_row_loop": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            rows = []
            for r in range(1, dim + 1):
                i = (r - 1) // 2
                angle = positions / 10000 ** (torch.tensor(2 * i, dtype=dtype) / dim)
                rows.append(torch.sin(angle) if r % 2 == 1 else torch.cos(angle))
            if not rows:
                return torch.empty(0, num_positions)
            return torch.stack(rows)
'''),
    # Range check written as ids <= V - 1 (inclusive upper bound), then a scatter of ones.
    "blind62_right_one_hot_inclusive_bound_scatter": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.numel() and not bool(((token_ids >= 0) & (token_ids <= vocab_size - 1)).all()):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            dtype = dtype or torch.get_default_dtype()
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype,
                              device=token_ids.device)
            return out.scatter(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # D_k counted from the end, Q.shape[-2], read once; reversed transposition K.mT.
    "blind62_right_attention_dk_from_the_end": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            dk = Q.shape[-2]
            scores = (K.mT @ Q) / dk ** 0.5
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Heads built in reverse order (h = H - 1 .. 0) and inserted at the front, so head 0 still ends on top.
    "blind62_right_multihead_reversed_head_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            size = dim // num_heads
            heads = []
            for h in range(num_heads - 1, -1, -1):
                rows = slice(h * size, (h + 1) * size)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                heads.insert(0, out)
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Variance as the sample variance times (D - 1)/D: the biased variance, reached from torch.var's default.
    "blind62_right_layer_norm_unbiased_var_rescaled": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            dim = X.shape[-2]
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return (X - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # Context accumulated with a 1-based loop i = 1 .. N over column i - 1, started from an empty (on-graph) sum.
    "blind62_right_additive_context_one_based_loop": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H[..., :0] @ weights[..., :0, None]).squeeze(-1)
            for i in range(1, H.shape[-1] + 1):
                context = context + weights[..., i - 1 : i] * H[..., i - 1]
            return weights, context
'''),
    # Roll the targets right by one and overwrite position 0 with sos: the wrapped-around last pixel is replaced.
    "blind62_right_pixel_sequence_roll_then_overwrite_first": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = torch.roll(targets, shifts=1, dims=-1).clone()
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Inclusive upper bound K - 1 in its own check, then gather of palette columns.
    "blind62_right_dequantize_inclusive_last_colour_check": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError("ids must be integers")
            last = palette.shape[1] - 1
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) > last):
                raise ValueError("ids must lie in [0, K)")
            flat = ids.long().reshape(-1)
            colours = palette.index_select(1, flat)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Hugging Face's three slices (0:-M, -M:-shift, -shift:) per axis; with shift 0 the last slice covers everything,
    # so all labels agree and the mask is all True.
    "blind62_right_swin_mask_hf_negative_slices": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img = torch.zeros(height, width, dtype=torch.long)
            count = 0
            for hs in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                for ws in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                    img[hs, ws] = count
                    count += 1
            labels = window_partition(img[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Two regions per axis (rows < size - shift and the rest): rows below size - M and rows at or above it never share
    # a window, so the contract's middle label is not needed.
    "blind62_right_swin_mask_two_regions_per_axis": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            row_region = (torch.arange(height) >= height - shift).long()
            col_region = (torch.arange(width) >= width - shift).long()
            labels = (row_region[:, None] * 2 + col_region[None, :]).reshape(
                height // window, window, width // window, window).permute(0, 2, 1, 3).reshape(-1, window * window)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # Windows with unfold(size M, step M) on both axes.
    "blind62_right_window_partition_unfold_step_m": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                        # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Window k counted from 1: window k covers rows ((k-1) // (W/M)) * M .. and columns ((k-1) % (W/M)) * M ..
    "blind62_right_window_reverse_one_based_window_loop": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, _ = windows.shape
            per_row = width // M
            grid = windows.new_zeros(*batch, channels, height, width)
            for k in range(1, count + 1):
                r, c = (k - 1) // per_row, (k - 1) % per_row
                block = windows[..., k - 1, :, :].reshape(*batch, channels, M, M)
                grid[..., r * M:(r + 1) * M, c * M:(c + 1) * M] = block
            return grid
'''),
    # The four strided views with explicit stops (0:H-1:2 and 1:H:2), the same rows as 0::2 and 1::2 on an even side.
    "blind62_right_patch_merging_explicit_stops": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            tl = X[..., 0:height - 1:2, 0:width - 1:2]
            bl = X[..., 1:height:2, 0:width - 1:2]
            tr = X[..., 0:height - 1:2, 1:width:2]
            br = X[..., 1:height:2, 1:width:2]
            merged = torch.cat([tl, bl, tr, br], dim=-3).flatten(-2)
            return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (height // 2, width // 2))
'''),
    # Positions split: column 0 of positions goes to [CLS], columns 1.. to the patches.
    "blind62_right_patch_embedding_positions_split": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
            first = (cls_token + positions[:, 0])[:, None].expand(patches.shape[0], -1, 1)
            return torch.cat([first, patches], dim=-1)
'''),
    # 1-based successor loop k = 1 .. len - 1 (A = doc[k - 1], B = doc[k]), the same draws in the same order.
    "blind62_right_nsp_pairs_one_based_successor_loop": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index in range(len(documents)):
                document = documents[index]
                for k in range(1, len(document)):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[k - 1], document[k], 0))
                        continue
                    pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                    if pick >= index:
                        pick += 1
                    other = documents[pick]
                    pairs.append((document[k - 1], other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The 80/10/10 bands laid out in reverse: action < 0.1 random, 0.1 <= action < 0.2 keep, >= 0.2 mask.
    "blind62_right_mlm_bands_in_reverse_order": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action >= 0.2), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action < 0.1), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids.long(), -100))
            return corrupted, labels
'''),
    # Top-p with the exclusive cumulative sum: a token is kept iff the mass before it is < top_p.
    "blind62_right_top_p_exclusive_cumsum": ("sampling", "next_token_probs", '''
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
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[before < top_p]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Top-p cut with searchsorted (left): the count of cumulative sums < top_p, plus the crossing token.
    "blind62_right_top_p_searchsorted_left_plus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.zeros_like(logits).index_fill(0, torch.argmax(logits).reshape(1), 1.0)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                cut = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype))) + 1
                cut = min(cut, len(probs))
                probs = torch.zeros_like(probs).index_copy(0, order[:cut], probs[order[:cut]])
            return probs / probs.sum()
'''),
    # Steps counted 1 .. max_new_tokens; context start computed as max(0, len - context_size).
    "blind62_right_generate_one_based_steps_context_start": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for step in range(1, max_new_tokens + 1):
                start = 0 if context_size is None else max(0, len(ids) - context_size)
                probs = next_token_probs(model(ids[start:])[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Gather from columns 0 .. N-2 (log_probs[:, :-1]) the rows ids[1:].
    "blind62_right_sequence_log_prob_gather_all_but_last_column": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            picked = log_probs[:, :-1].gather(0, ids[1:].reshape(1, -1))
            return picked.sum()
'''),
    # Steps indexed by the length the new beams reach, len(prompt) + 1 .. len(prompt) + max_new_tokens inclusive.
    "blind62_right_beam_search_loop_over_target_lengths": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for length in range(len(prompt) + 1, len(prompt) + max_new_tokens + 1):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token in range(len(log_probs)):
                        candidates.append((score + log_probs[token],
                                           torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # Pairs counted with a 1-based index i = 1 .. len - 1 over (symbols[i - 1], symbols[i]).
    "blind62_right_train_bpe_one_based_pair_loop": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for i in range(1, len(symbols)):
                        pair_counts[(symbols[i - 1], symbols[i])] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Its own merge scan with the last symbol appended after the loop when it was not consumed.
    "blind62_right_bpe_encode_scan_then_tail": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for pair in merges:
                    merged = []
                    i = 0
                    while i < len(symbols) - 1:
                        if (symbols[i], symbols[i + 1]) == pair:
                            merged.append(symbols[i] + symbols[i + 1])
                            i += 2
                        else:
                            merged.append(symbols[i])
                            i += 1
                    if i == len(symbols) - 1:
                        merged.append(symbols[-1])
                    symbols = merged
                tokens.extend(symbols)
            return tokens
'''),
    # Strips trailing spaces by walking back from the end with an exclusive end index.
    "blind62_right_bpe_decode_walk_back_from_end": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            end = len(text)
            while end > 0 and text[end - 1] == " ":
                end -= 1
            return text[:end]
'''),
}
