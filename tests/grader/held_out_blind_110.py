"""Hundred-and-eleventh blind batch of held-out implementations (prefix blind110_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_109.py) were read only for their entry names, their "Emphasis" paragraphs, the
header style of held_out_blind_90.py and, as this batch's emphasis asks, the sources of the RIGHT entries that are
mutated here (loaded with ast from the batch files). Nothing else under grader/ or tests/ was opened, grepped, listed or
run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_111.py,
held_out_blind_112.py, held_out_blind_113.py).

Emphasis: mutants of unusual correct code. Every entry is a single-point mutant of an earlier batch's RIGHT entry (not
of the model answer) written in an unusual style, and each comment names that entry and the mutation operator. Wrong
entries (non-equivalent mutants): a vmap in_dims/out_dims changed (softmax over rows, layer-norm tokens written back
as rows, multi-head heads stacked on the first axis); a comparison weakened or made strict (a cumsum softmax guard
total >= 0, a Hankel causal threshold, a sign-bit offset of T5 buckets at 0, a recursion's size-1 broadcast test in
batched attention, a rank mask keeping k + 1, a BPE reversed scan keeping the last tie); a constant moved by one (a
block-recursion base case, a conv1d window cap, a one-hot class count, a sign-bit shift of 1, the cost formula's
floor, a recursion's axis count in embed, a gather clamp in pixel_sequence); a loop or slice bound moved (a diagonal
loop, the quantizer's reversed colour scan, a sorted softmax shift by the second value, top-p's keep count capped
below V, a logsumexp normaliser shifted by one column); an axis, subscript or argument swapped (as_strided window and
pixel strides, a conv-transpose grid permutation, an unflatten of the merged grid, einsum subscripts in channel
attention and dequantisation, stacked sin/cos on axis 0, a heap tuple's rank and pair, the query and key biases,
the singleton softmax axis of additive attention, theta's arange step); an operator replaced (// -> % in a head
selector, | -> ^ in a parity test, & -> | under a De Morgan negation, all -> any for specials and for beam stopping,
rstrip -> strip, bit 1 -> bit 2, right=True -> right=False in bucketize, i += 2 -> i += 1 in a BPE scan, the scale by
N_k). Right entries (equivalent mutants, each comment saying why the mutation cannot change the behaviour): bounds and
constants moved where no allowed input reaches the difference (Hankel length floor, sign-bit shift 62, a ceil split,
a window cap of n - 1, best_count 0, the cost floor -1, labels times 4, an initial count), symmetric or commutative
swaps (flip(1) of a symmetric band, broadcast_shapes order, a reverse heapq.merge on the score), integer identities
(ranks > k - 1, D / H for divisible D, fmod vs remainder tested against 0, == 0 vs <= 0 on arange), a dropped cast
of a LongTensor, a default dtype reached through promotion, a one-hot slice from the end, a (1, 1) default mask,
torch.unique without sorting, setdefault, clamp(min=0) for relu, a strict recursion base case, the MLM random and
keep bands swapped (both of probability 0.1), and a variance as sum((x - m) x).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind110/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (11 of the 43 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (mlm_corrupt's by the chosen
fraction on 100 000 positions). Right entries were compared with the model answer on 300 random draws under each
default dtype with float32 and float64 inputs (1200 calls each): random shapes with 0-2 batch axes, sizes from 0 or 1,
scales 1 to 1000, offsets, masks (none, shared, broadcast, batched), D not divisible by H, eps 0 and 0.1, out-of-range
strides and shifts, missing cost sizes and unknown patterns, n up to 10**12 + 7, int32 / uint8 pixel ids, rounded
logits for ties, every top_k / top_p / temperature option, random BPE corpora and token lists, random beam models
(rounded logits) with and without eos; values to 1e-4 (float32) / 1e-9 (float64), dtypes and shapes exactly,
ValueErrors matched, inputs unchanged, and float64 gradients of every floating-point input and parameter to 1e-6 for
the attention, layer-norm, feed-forward and additive-attention entries. mlm_corrupt's right entry was checked by its
invariants and frequencies on 400 000 positions (chosen 0.2992 / mask 0.803 / random 0.096 / kept 0.120, as the model
answer's), generator advancing, mask_prob 0 and 1.

Judgement calls: blind110_right_layer_norm_tensordot_variance_against_input computes the same function as its source,
but its float32 rounding with a large common offset is worse than the two-pass variance (relative error eps * |m| /
sigma); on inputs offset by 5 to 500 times their spread its error stayed below that of the one-pass variance E[x^2] -
E[x]^2, which the contract accepts, so I kept it as right (flagged as the least certain). The sinusoidal right entry
differs from the model answer by up to 1e-6 in float32 (its source does the same: "values to float32 accuracy").
blind110_right_mlm_searchsorted_random_band_two changes which uniform draws pick the random token, so for one seed it
gives other tokens than its source; only the distribution is graded, and the two bands differ by 4e-8 in probability.
blind110_patch_merging_parity_by_xor is wrong only through the named ValueError (both sides odd raise RuntimeError).
blind110_sdpa_recursion_size_one_batch_axis_indexed is wrong only for a mask with a leading size-1 batch axis, which
the contract names ((1, 3, N_k, N_q) over batch (2, 3)). blind110_mha_vmap_heads_out_dims_leading is right without
batch axes and raises or mixes items with them. A mutant of shifted_window_mask's bucketize was first recorded on
shift 1, where it happens to agree with the model answer; its recorded input is now shift 0. Dropped before writing:
mutants that repeat an earlier batch's mechanism for the same function (row softmax by axis only, unbiased variance,
transposed causal masks, per-row grid softmax, swapped sin/cos) and a strict quantizer tie (exact ties may go to
either id under the contract's rounding rule).

Counts: 43 wrong, 24 right.
Wrong per function: {'additive_attention': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 2, 'channel_attention': 1, 'dequantize_pixels': 1, 'embed': 1, 'global_token_mask': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'next_token_probs': 2, 'one_hot': 1, 'padding_mask': 2, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 3, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'beam_search': 1, 'bpe_decode': 1, 'causal_mask': 3, 'feed_forward': 1, 'layer_norm': 1, 'local_mask': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'padding_mask': 2, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_110 = {
    # Mutant of blind25_right_softmax_vmap_over_columns, operator "vmap in_dims/out_dims changed" (1 -> 0 in the inner
    # vmap): each ROW is normalised and written back as a row. softmax_cols(torch.tensor([[0., 1.], [2., 3.]])): model
    # [[0.119, 0.119], [0.881, 0.881]], entry [[0.269, 0.731], [0.269, 0.731]]. Fails the visible tests.
    "blind110_softmax_nested_vmap_inner_dims_rows": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            def _one_column(column):
                peak = column.max()
                peak = torch.where(torch.isneginf(peak), torch.zeros_like(peak), peak)
                e = torch.exp(column - peak)
                s = e.sum()
                return e / torch.where(s == 0, torch.ones_like(s), s)

            flat = scores.reshape(-1, *scores.shape[-2:])
            out = torch.func.vmap(torch.func.vmap(_one_column, in_dims=0, out_dims=0))(flat)
            return out.reshape(scores.shape)
'''),
    # Mutant of blind31_right_softmax_cols_cumsum_normaliser, operator "relational operator weakened" (total > 0 ->
    # total >= 0): an all -inf column keeps its zero total and divides 0 by 0. softmax_cols(torch.tensor([[-inf],
    # [-inf]])): model [[0], [0]], entry [[nan], [nan]]. Fails the visible tests.
    "blind110_softmax_cumsum_total_guard_non_strict": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            exps = (scores - top).exp()
            total = exps.cumsum(dim=-2)[..., -1:, :]          # the last running sum is the column sum
            return exps / torch.where(total >= 0, total, torch.ones_like(total))
'''),
    # Mutant of blind7_right_softmax_sorted_top_as_shift, operator "slice bound moved" ([..., :1, :] -> [..., 1:2, :]):
    # the shift is the column's SECOND largest score, so exp overflows once the top leads by more than ~88 (float32).
    # softmax_cols(torch.tensor([[100.], [0.]])): model [[1], [3.8e-44]], entry [[nan], [0]]. Fails the visible tests.
    "blind110_softmax_sorted_second_value_as_shift": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            top = torch.sort(scores, dim=-2, descending=True).values[..., 1:2, :]
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Mutant of blind31_right_causal_mask_hankel_as_strided_flipped, operator "relational operator made strict" (>= n -
    # 1 -> > n - 1): the diagonal is lost (strictly earlier keys only). causal_mask(2): model [[T, T], [F, T]], entry
    # [[F, T], [F, F]]. Fails the visible tests.
    "blind110_causal_hankel_threshold_strict": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            u = torch.arange(max(2 * n - 1, 0)) > n - 1
            return u.as_strided((n, n), (1, 1)).flip(0)
'''),
    # Mutant of blind88_right_causal_mask_block_recursion_on_halves, operator "constant moved by one" in the base case
    # (n <= 1 -> n <= 2): a 2 x 2 block comes back all True, so every n >= 2 shows a later key. causal_mask(2): model
    # [[T, T], [F, T]], entry [[T, T], [T, T]]. Fails the visible tests.
    "blind110_causal_block_recursion_base_case_two": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            if n <= 2:
                return torch.ones(n, n, dtype=torch.bool)
            a = n // 2
            top = torch.cat([causal_mask(a), torch.ones(a, n - a, dtype=torch.bool)], dim=1)
            bottom = torch.cat([torch.zeros(n - a, a, dtype=torch.bool), causal_mask(n - a)], dim=1)
            return torch.cat([top, bottom], dim=0)
'''),
    # Mutant of blind16_right_local_mask_conv1d_of_identity, operator "constant moved" in the cap (min(window, n) ->
    # min(window, n - 2)): a window of n - 1 or more loses the two corner pairs (n = 1 gives a negative kernel size).
    # local_mask(3, 2): model all True, entry [0, 2] and [2, 0] False. Passes the visible tests.
    "blind110_local_conv1d_window_capped_at_n_minus_two": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            if n == 0:
                return torch.zeros(0, 0, dtype=torch.bool)
            w = min(window, n - 2)
            eye = torch.eye(n, dtype=torch.float64).unsqueeze(1)                 # (n, 1, n)
            kernel = torch.ones(1, 1, 2 * w + 1, dtype=torch.float64)
            return torch.nn.functional.conv1d(eye, kernel, padding=w).squeeze(1) > 0.5
'''),
    # Mutant of blind54_right_padding_mask_sign_bit_of_position_minus_length, operator "constant replaced" in the shift
    # (>> 63 -> >> 1): only gaps 0 and 1 (keys at length and length + 1) are hidden, keys from length + 2 on are shown.
    # padding_mask(torch.tensor([1]), 4)[0, :, 0]: model [T, F, F, F], entry [T, F, F, T]. Passes the visible tests.
    "blind110_padding_sign_bit_shift_by_one": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            keys = torch.arange(n, dtype=torch.int64, device=lengths.device)
            gap = keys[None, :] - lengths.to(torch.int64)[:, None]       # j - length, negative iff visible
            return ((gap >> 1) != 0)[:, :, None]
'''),
    # Mutant of blind9_right_padding_mask_one_hot_cumsum, operator "constant moved by one" (one_hot(..., n + 1) ->
    # one_hot(..., n)): a full-length sequence (length == n, allowed) has no class. padding_mask(torch.tensor([3]), 3):
    # model all True, entry raises RuntimeError (class values must be smaller than num_classes). Fails the visible
    # tests.
    "blind110_padding_one_hot_without_past_end_class": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            past_end = torch.nn.functional.one_hot(lengths.long(), n).cumsum(dim=-1)[:, :n]
            return (past_end == 0)[:, :, None]
'''),
    # Mutant of blind67_right_strided_mask_diagonals_loop, operator "loop bound moved" (range(0, n, stride) -> range(0,
    # n - 1, stride)): the outermost diagonals k = n - 1 are skipped when n - 1 is a multiple of the stride.
    # strided_mask(3, 2): model [0, 2] and [2, 0] True, entry False there. Fails the visible tests.
    "blind110_strided_diagonals_loop_stops_early": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for k in range(0, n - 1, stride):
                band = torch.ones(n - k, dtype=torch.bool)
                mask = mask | torch.diag(band, k) | torch.diag(band, -k)
            return mask
'''),
    # Mutant of blind9_right_sdpa_vmap_over_flat_batch, operator "variable replaced / axis changed" in the scale
    # (sqrt(q.shape[0]) -> sqrt(k.shape[1])): scores are divided by sqrt(N_k) instead of sqrt(D_k). Q = K = [[1, 0, 0]],
    # V = [[1, 2, 3]]: model weights column 0 [0.576, 0.212, 0.212], entry [0.471, 0.265, 0.265]. Fails the visible
    # tests.
    "blind110_sdpa_vmap_scale_by_key_count": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]
            size = math.prod(batch)
            n_k, n_q = K.shape[-1], Q.shape[-1]

            def single(q, k, v, m):
                weights = softmax_cols(apply_mask(k.T @ q / math.sqrt(k.shape[1]), m))
                return v @ weights, weights

            if mask is None:
                mask = torch.ones((), dtype=torch.bool)
            m = mask.expand(*batch, n_k, n_q).reshape(size, n_k, n_q)
            out, weights = torch.func.vmap(single)(Q.reshape(size, *Q.shape[-2:]), K.reshape(size, *K.shape[-2:]),
                                                   V.reshape(size, *V.shape[-2:]), m)
            return out.reshape(*batch, V.shape[-2], n_q), weights.reshape(*batch, n_k, n_q)
'''),
    # Mutant of blind44_right_sdpa_batch_recursion_mask_aligned_right, operator "relational operator weakened"
    # (T.shape[0] > 1 -> >= 1): a mask whose leading batch axis has size 1 is indexed by the item number instead of
    # broadcast. Q = K = V of shape (2, 2, 3), mask causal_mask(3)[None] (1, 3, 3): model returns, entry IndexError.
    # Passes the visible tests.
    "blind110_sdpa_recursion_size_one_batch_axis_indexed": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def item(T, b):
                if T is None or T.dim() < Q.dim():
                    return T
                return T[b] if T.shape[0] >= 1 else T[0]

            if Q.dim() > 2 and Q.shape[0] > 0:
                results = [scaled_dot_product_attention(item(Q, b), item(K, b), item(V, b), item(mask, b))
                           for b in range(Q.shape[0])]
                return torch.stack([o for o, _ in results]), torch.stack([w for _, w in results])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Mutant of blind14_right_mha_vmap_over_head_axis_of_projections, operator "vmap out_dims changed" (-3 -> 0): the
    # heads come out on the FIRST axis, which is the head axis only without batch axes. Xq = Xkv randn (2, 4, 3), 2
    # heads, randn params: outputs up to 28 in size, model and entry differ by up to 29 (item and head axes mixed).
    # Fails the visible tests.
    "blind110_mha_vmap_heads_out_dims_leading": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)   # (..., H, d, Nq)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)

            def one_head(q, k, v):
                return scaled_dot_product_attention(q, k, v, mask)[0]

            heads = torch.func.vmap(one_head, in_dims=-3, out_dims=0)(Q, K, V)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Mutant of blind18_right_mha_head_selector_einsum, operator "arithmetic operator replaced" (// (dim // num_heads)
    # -> % num_heads): head h owns the rows h, h + H, h + 2H, ... (interleaved) instead of a contiguous block. D = 4, H
    # = 2, randn X (4, 3) and params: outputs up to 28, model and entry differ by up to 2.4. Passes the visible tests.
    "blind110_mha_selector_heads_interleaved": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            selector = (torch.arange(dim) % num_heads == torch.arange(num_heads)[:, None]).to(Q.dtype)
            scores = torch.einsum("...dk,hd,...dq->...hkq", K, selector, Q) / math.sqrt(dim // num_heads)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)                                   # (..., H, N_k, N_q)
            heads = torch.einsum("...dk,hd,...hkq->...dq", V, selector, weights)
            return linear(heads, params["Wo"], params["bo"])
'''),
    # Mutant of blind11_right_mha_timm_stacked_qkv_einsum, operator "two indices swapped" (b[0] <-> b[1]): the queries
    # get the key bias and the keys the query bias. randn X (4, 3) and params (bq != bk), H = 2: outputs up to 28, model
    # and entry differ by up to 17. Passes the visible tests.
    "blind110_mha_timm_query_key_biases_swapped": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            W = torch.stack([params["Wq"], params["Wk"], params["Wv"]]).reshape(3, num_heads, head_dim, dim)
            b = torch.stack([params["bq"], params["bk"], params["bv"]]).reshape(3, num_heads, head_dim, 1)
            Q = torch.einsum("hed,...dn->...hen", W[0], Xq) + b[1]
            K = torch.einsum("hed,...dn->...hen", W[1], Xkv) + b[0]
            V = torch.einsum("hed,...dn->...hen", W[2], Xkv) + b[2]
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Mutant of blind86_right_layer_norm_vmap_over_columns_of_flat_batch, operator "vmap out_dims changed" (inner
    # out_dims 1 -> 0): every token comes back as a row, and the (B, N, D) result is reshaped to (..., D, N). X = [[1,
    # 2, 3], [3, 5, 4]], gamma = 1, beta = 0: model [[-1, -1, -1], [1, 1, 1]], entry [[-1, 1, -1], [1, -1, 1]]. Fails
    # the visible tests.
    "blind110_layer_norm_vmap_inner_out_dims_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            def one_token(x):                                # x (D,)
                mean = x.mean()
                var = ((x - mean) ** 2).mean()
                return gamma * (x - mean) / torch.sqrt(var + eps) + beta
            D, N = X.shape[-2:]
            flat = X.reshape(-1, D, N)
            out = torch.vmap(torch.vmap(one_token, in_dims=1, out_dims=0))(flat)
            return out.reshape(X.shape)
'''),
    # Mutant of blind9_right_next_token_probs_searchsorted_cut, operator "slice bound moved" (min(cut + 1, len(probs))
    # -> min(cut + 1, len(probs) - 1)): when the crossing token is the last one (top_p = 1, or a tail the sum needs), it
    # is dropped. next_token_probs(torch.zeros(3), top_p=1.0): model [1/3, 1/3, 1/3], entry [0.5, 0.5, 0]. Passes the
    # visible tests.
    "blind110_top_p_searchsorted_keep_capped_below_vocab": ("sampling", "next_token_probs", '''
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
                cut = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype)))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:min(cut + 1, len(probs) - 1)]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Mutant of blind17_right_next_token_probs_rank_scatter_top_k, operator "relational operator made strict" (ranks >=
    # top_k -> ranks > top_k): top-k keeps k + 1 tokens. next_token_probs(torch.tensor([2., 1., 0.]), top_k=1): model
    # [1, 0, 0], entry [0.731, 0.269, 0]. Fails the visible tests.
    "blind110_top_k_rank_mask_keeps_k_plus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            V = probs.shape[-1]
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                ranks = torch.empty_like(order).scatter_(0, order, torch.arange(V))     # rank of every token
                probs = probs.masked_fill(ranks > top_k, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, V)
                keep = torch.zeros(V, dtype=torch.bool).index_fill_(0, order[:num_kept], True)
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Mutant of blind76_right_beam_search_heapq_merge_per_beam_lists, operator "all -> any" in the stopping test: the
    # search stops as soon as ONE kept beam has emitted eos, while the best beam could still grow. A model whose next
    # token after any id has probabilities [0.3, 0.6, 0.1] (eos 0), prompt [1], width 2, 2 steps: model [1, 1, 1] (log
    # 0.36 beats log 0.3), entry [1, 1]. Passes the visible tests.
    "blind110_beam_heapq_stops_when_any_beam_finished": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            import itertools
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                per_beam = []
                for score, ids, finished in beams:
                    if finished:
                        per_beam.append([(score, ids, True)])
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    extensions = [(score + lp, torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                                  for t, lp in enumerate(log_probs)]
                    per_beam.append(sorted(extensions, key=lambda c: -c[0]))
                merged = heapq.merge(*per_beam, key=lambda c: -c[0])
                beams = list(itertools.islice(merged, beam_width))
                if any(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Mutant of blind99_right_train_bpe_heapq_first_seen_rank, operator "tuple elements swapped" ((-count, rank, pair)
    # -> (-count, pair, rank)): ties go to the alphabetically smallest pair, not the first seen. train_bpe("ba", 1):
    # model [("b", "a")], entry [("a", "</w>")]. Fails the visible tests.
    "blind110_train_bpe_heap_ties_by_pair_text": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import heapq
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1
            segmentation = {key: list(key) for key in frequency}
            merges = []
            while len(merges) < num_merges:
                counts, rank = {}, {}
                for key, freq in frequency.items():
                    symbols = segmentation[key]
                    for pair in zip(symbols, symbols[1:]):
                        if pair not in rank:
                            rank[pair] = len(rank)
                        counts[pair] = counts.get(pair, 0) + freq
                if not counts:
                    break
                heap = [(-count, pair, rank[pair]) for pair, count in counts.items()]
                heapq.heapify(heap)
                best = heapq.heappop(heap)[1]
                merges.append(best)
                segmentation = {key: merge_pair(symbols, best) for key, symbols in segmentation.items()}
            return merges
'''),
    # Mutant of blind76_right_train_bpe_reversed_scan_ge_keeps_first_max, operator "relational operator made strict"
    # (count >= best_count -> count > best_count): the reversed scan now keeps the LAST seen of the tied pairs.
    # train_bpe("ba", 1): model [("b", "a")], entry [("a", "</w>")]. Fails the visible tests.
    "blind110_train_bpe_reversed_scan_strict_keeps_last_tie": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                best, best_count = None, -1
                for pair, count in reversed(list(pair_counts.items())):
                    if count > best_count:
                        best, best_count = pair, count
                if best is None:
                    break
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Mutant of blind75_right_bpe_encode_one_based_while_scan, operator "constant moved by one" after a merge (i += 2 ->
    # i += 1): the right symbol of a merged pair is emitted again. bpe_encode("ab", [("a", "b")]): model ["ab", "</w>"],
    # entry ["ab", "b", "</w>"]. Fails the visible tests.
    "blind110_bpe_encode_one_based_scan_steps_one_after_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for left, right in merges:
                    out = []
                    i = 1                                    # 1-based position in symbols
                    n = len(symbols)
                    while i <= n:
                        if i < n and symbols[i - 1] == left and symbols[i] == right:
                            out.append(left + right)
                            i += 1
                        else:
                            out.append(symbols[i - 1])
                            i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    # Mutant of blind76_right_bpe_decode_recursive_halves, operator "method replaced" (rstrip -> strip): leading spaces
    # (a first "</w>" token) are stripped too. bpe_decode(["</w>", "a</w>"]): model " a", entry "a". Passes the visible
    # tests.
    "blind110_bpe_decode_recursive_halves_strips_both_ends": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            tokens = list(tokens)

            def join(lo, hi):
                if hi - lo <= 2:
                    return "".join(tokens[lo:hi])
                mid = (lo + hi) // 2
                return join(lo, mid) + join(mid, hi)

            return join(0, len(tokens)).replace(END_OF_WORD, " ").strip(" ")
'''),
    # Mutant of blind17_right_rotary_complex_halves_polar, operator "range step changed" (arange(0, D, 2) -> arange(0, D
    # // 2)): theta_i = base^(-i/D) instead of base^(-2i/D), wrong for D >= 4. Q = K = ones (4, 2): Q'[1, 1] model 0.990
    # (angle 0.01), entry 0.895 (angle 0.1). Fails the visible tests.
    "blind110_rotary_polar_frequency_exponent_step_one": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def apply(X, positions):
                D, N = X.shape[-2:]
                if positions is None:
                    positions = torch.arange(N)
                theta = base ** (-torch.arange(0, D // 2, dtype=torch.float64) / D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                phasor = torch.polar(torch.ones_like(angles), angles).to(complex_dtype)    # e^{i p theta}
                z = torch.complex(X[..., : D // 2, :], X[..., D // 2 :, :]) * phasor        # x_i + i x_{i+D/2}
                return torch.cat([z.real, z.imag], dim=-2)

            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Mutant of blind47_right_rotary_parity_by_bit_and, operator "constant replaced" (& 1 -> & 2): the parity test reads
    # the wrong bit, so D = 2 (even, allowed) raises ValueError and odd D = 3 passes. rotary_embedding(ones (2, 3), ones
    # (2, 3)): model returns, entry raises ValueError. Fails the visible tests.
    "blind110_rotary_parity_test_reads_bit_two": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            odd = [name for name, X in (("Q", Q), ("K", K)) if X.dim() < 2 or X.shape[-2] & 2]
            if odd:
                raise ValueError(f"{', '.join(odd)}: the feature count D must be even")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Mutant of blind24_right_bucket_unique_offsets_inverse_gather, operator "relational operator weakened" (values > 0
    # -> values >= 0): offset 0 is put in the upper half. relative_position_bucket(torch.tensor([-1, 0, 1])): model [1,
    # 0, 17], entry [1, 16, 17]. Fails the visible tests.
    "blind110_bucket_unique_offsets_zero_in_upper_half": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            values, inverse = torch.unique(relative_position.long(), return_inverse=True)   # each offset once
            half = num_buckets // 2 if bidirectional else num_buckets
            exact = half // 2
            if bidirectional:
                upper = (values >= 0).long() * half
                distance = values.abs()
            else:
                upper = torch.zeros_like(values)
                distance = (-values).clamp(min=0)
            ratio = torch.log(distance.float() / exact) / math.log(max_distance / exact)
            spread = (ratio * (half - exact)).long() + exact
            bucket = torch.where(distance < exact, distance, spread.clamp(max=half - 1))
            return (upper + bucket)[inverse]
'''),
    # Mutant of blind68_right_sinusoidal_einsum_outer_interleaved, operator "axis changed" (stack dim=1 -> dim=0): all
    # sine rows come first, then all cosine rows; right for D <= 2 only. sinusoidal_positions(2, 4) row 1: model cos(n)
    # = [1, 0.540], entry sin(n / 100) = [0, 0.010]. Fails the visible tests.
    "blind110_sinusoidal_einsum_stack_axis_zero": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=dtype)
            freq = 1.0 / 10000.0 ** (torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = torch.einsum("i,n->in", freq, pos)                       # (ceil(D/2), N)
            table = torch.stack([angles.sin(), angles.cos()], dim=0)           # (2, ceil(D/2), N)
            return table.reshape(-1, num_positions)[:dim]
'''),
    # Mutant of blind14_right_window_partition_as_strided_windows, operator "two arguments swapped" (strides M * sh, M *
    # sw -> M * sw, M * sh): the grid of windows is walked with the wrong steps. X = arange(16).reshape(1, 4, 4), window
    # 2: model window 1 = [2, 3, 6, 7], entry [8, 9, 12, 13]. Fails the visible tests.
    "blind110_window_partition_as_strided_grid_strides_swapped": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            x = X.contiguous()
            strides = x.stride()
            sc, sh, sw = strides[-3:]
            view = x.as_strided((*batch, height // M, width // M, channels, M, M),
                                (*strides[:-3], M * sw, M * sh, sc, sh, sw))
            return view.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Mutant of blind87_right_window_reverse_identity_conv_transpose, operator "permutation axes swapped" (permute(0, 3,
    # 4, 1, 2) -> permute(0, 3, 4, 2, 1)): the grid of windows is laid out transposed. windows of
    # window_partition(arange(16).reshape(1, 4, 4), 2): model the original grid, entry rows 0-1 = [[0, 1, 8, 9], [4, 5,
    # 12, 13]]. Fails the visible tests.
    "blind110_window_reverse_conv_transpose_grid_axes_swapped": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, tokens = windows.shape
            rows, columns = height // M, width // M
            if windows.numel() == 0:
                return windows.reshape(*batch, channels, height, width)
            kernel = torch.eye(tokens, dtype=windows.dtype, device=windows.device).reshape(tokens, 1, M, M)
            kernel = kernel.repeat(channels, 1, 1, 1)
            x = windows.reshape(math.prod(batch), rows, columns, channels, tokens).permute(0, 3, 4, 2, 1)
            x = x.reshape(-1, channels * tokens, rows, columns)
            grid = F.conv_transpose2d(x, kernel, stride=M, groups=channels)
            return grid.reshape(*batch, channels, height, width)
'''),
    # Mutant of blind14_right_patchify_as_strided_on_contiguous_copy, operator "two arguments swapped" (pixel strides
    # sh, sw -> sw, sh): each patch is flattened column by column. patchify(arange(4).reshape(1, 1, 2, 2), 2): model
    # [[0], [1], [2], [3]], entry [[0], [2], [1], [3]]. Fails the visible tests.
    "blind110_patchify_as_strided_pixel_strides_swapped": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.contiguous()
            sb, sc, sh, sw = x.stride()
            patches = x.as_strided((batch, height // P, width // P, channels, P, P),
                                   (sb, P * sh, P * sw, sc, sw, sh))
            return patches.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Mutant of blind94_right_patch_merging_parity_by_bitwise_or, operator "bitwise operator replaced" (| -> ^): a grid
    # with BOTH sides odd passes the parity check and fails later in torch.cat. X of shape (1, 3, 3): model ValueError,
    # entry RuntimeError. Passes the visible tests.
    "blind110_patch_merging_parity_by_xor": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            if X.dim() < 3:
                raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
            channels, height, width = X.shape[-3:]
            if (height ^ width) & 1:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
                raise ValueError(f"with C={channels}: gamma, beta must be ({4 * channels},) and W ({2 * channels}, "
                                 f"{4 * channels})")
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Mutant of blind94_right_patch_merging_parity_by_bitwise_or, operator "two arguments swapped" ((height // 2, width
    # // 2) -> (width // 2, height // 2)): right on square grids only. X of shape (1, 2, 4): model (2, 1, 2), entry (2,
    # 2, 1). Fails the visible tests.
    "blind110_patch_merging_unflatten_sides_swapped": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (width // 2, height // 2))
'''),
    # Mutant of blind49_right_shifted_window_mask_bucketize_right, operator "keyword flipped" (right=True ->
    # right=False): index size - M (and size - shift) is labelled with the region before it, which splits the last
    # window row and column even without a shift. shifted_window_mask(4, 4, 2, 0): model all True, entry 28 pairs False
    # (windows 1-3). Fails the visible tests.
    "blind110_shifted_mask_bucketize_left_boundaries": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                boundaries = torch.tensor([size - window, size - shift])
                return torch.bucketize(torch.arange(size), boundaries, right=False)
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # Mutant of blind76_right_quantize_reversed_scan_le_keeps_low_id, operator "loop bound moved" (range(K - 1, -1, -1)
    # -> range(K - 1, 0, -1)): colour 0 only competes as the starting value when K = 1, otherwise never.
    # quantize_pixels(zeros (1, 1, 1), palette [[0., 1.]]): model [[0]], entry [[1]]. Fails the visible tests.
    "blind110_quantize_reversed_scan_skips_colour_zero": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)
            palette = palette.to(dtype)
            best = ids = None
            for k in range(palette.shape[1] - 1, 0, -1):
                distance = (pixels - palette[:, k]).square().sum(dim=-1)
                if best is None:
                    best, ids = distance, torch.full(distance.shape, k, dtype=torch.long)
                    continue
                closer = distance <= best
                ids = torch.where(closer, k, ids)
                best = torch.where(closer, distance, best)
            return ids
'''),
    # Mutant of blind58_right_additive_attention_vmap_over_broadcast_batch, operator "axis changed" (e[:, None] ... [:,
    # 0] -> e[None, :] ... [0, :]): the column softmax runs over a length-1 axis, so every visible weight is 1. s =
    # [1.], H = [[1., 2.]], W = U = [[1.]], v = [1.]: model weights [0.492, 0.508], entry [1, 1]. Fails the visible
    # tests.
    "blind110_additive_vmap_softmax_over_singleton_axis": ("rnn_attention", "additive_attention", '''
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
                w = softmax_cols(e[None, :])[0, :]
                return w, states @ w

            weights, context = torch.func.vmap(one)(s_flat, H_flat, m_flat)
            return weights.reshape(*batch, n), context.reshape(*batch, H.shape[-2])
'''),
    # Mutant of blind14_right_channel_attention_group_loop_logsumexp, operator "einsum subscript swapped" (output
    # "...ji" -> "...ij"): the score matrix is built (queries, keys), so the softmax runs over queries. randn X (4, 5)
    # and params, one group: outputs up to 12, model and entry differ by up to 14. Passes the visible tests.
    "blind110_channel_logsumexp_scores_output_subscripts_swapped": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            size = channels // num_groups
            outputs = []
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                Q = torch.einsum("cd,...dn->...cn", params["Wq"][rows], X) + params["bq"][rows, None]
                K = torch.einsum("cd,...dn->...cn", params["Wk"][rows], X) + params["bk"][rows, None]
                V = torch.einsum("cd,...dn->...cn", params["Wv"][rows], X) + params["bv"][rows, None]
                scores = torch.einsum("...jn,...in->...ij", K, Q) * scale
                weights = torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
                outputs.append(torch.einsum("...ji,...jn->...in", weights, V))
            return torch.einsum("oc,...cn->...on", params["Wo"], torch.cat(outputs, dim=-2)) + params["bo"][:, None]
'''),
    # Mutant of blind94_right_sparse_cost_residue_classes_by_divmod, operator "constant moved by one" in the floor
    # (max(n - window - 1, 0) -> max(n - window - 1, 1)): a window of n - 1 or more still subtracts 2.
    # sparse_attention_cost("local", 3, window=5): model 9, entry 7. Fails the visible tests.
    "blind110_sparse_cost_divmod_far_floor_one": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) >> 1
            if pattern == "local":
                far = max(n - window - 1, 1)
                return n * n - far * (far + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)
                return r * (q + 1) ** 2 + (stride - r) * q * q
            return n * n - (n - num_global) ** 2
'''),
    # Mutant of blind25_right_global_token_mask_de_morgan_vmap, operator "logical operator replaced" (& -> | inside the
    # negation): ~(~a | ~b) is a AND b, so a pair is visible only when both tokens are global.
    # global_token_mask(torch.tensor([True, False])): model [[T, T], [T, F]], entry [[T, F], [F, F]]. Fails the visible
    # tests.
    "blind110_global_de_morgan_vmap_or_inside": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            flat = is_global.reshape(math.prod(is_global.shape[:-1]), is_global.shape[-1])
            pair = torch.func.vmap(lambda g: ~(~g[:, None] | ~g[None, :]))(flat)
            return pair.reshape(*is_global.shape, is_global.shape[-1])
'''),
    # Mutant of blind95_right_embed_unbind_recursion, operator "constant moved by one" (dim() > 1 -> dim() > 2): 2-D ids
    # (B, N) are indexed in one go, giving (D, B, N) instead of (B, D, N). embed(omega (2, 3), ids [[0, 1, 2]]): model
    # shape (1, 2, 3), entry (2, 1, 3). Fails the visible tests.
    "blind110_embed_unbind_recursion_from_three_axes": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if token_ids.dim() > 2:
                return torch.stack([embed(omega_e, ids) for ids in token_ids.unbind(0)])
            return omega_e[:, token_ids]
'''),
    # Mutant of blind75_right_one_hot_sub2ind_row_major_scatter, operator "operands swapped" in the linear index ((b * V
    # + id) * N + n -> (b * N + n) * V + id): the ones land in a (B, N, V) layout read as (B, V, N).
    # one_hot(torch.tensor([1, 0]), 3): model [[0, 1], [1, 0], [0, 0]], entry [[0, 1], [0, 1], [0, 0]]. Fails the
    # visible tests.
    "blind110_one_hot_sub2ind_token_major": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            *batch, n = token_ids.shape
            flat_ids = token_ids.reshape(math.prod(batch), n)        # (B, N)
            table = torch.zeros(flat_ids.shape[0] * vocab_size * n, dtype=dtype or torch.get_default_dtype())
            b = torch.arange(flat_ids.shape[0])[:, None]
            col = torch.arange(n)[None, :]
            table[((b * n + col) * vocab_size + flat_ids).reshape(-1)] = 1
            return table.reshape(*batch, vocab_size, n)
'''),
    # Mutant of blind19_right_sequence_log_prob_logsumexp_gather_float64_cast_back, operator "slice bound moved" ([:, :N
    # - 1] -> [:, 1:]): each picked logit of column n - 1 is normalised by column n's logsumexp. A model with logits
    # [[0, 0, 0], [0, 2, 5]] (V = 2, N = 3), ids [0, 1, 1]: model -0.820, entry -5.134. Passes the visible tests.
    "blind110_sequence_log_prob_lse_columns_shifted": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)
            wide = logits.double()
            picked = wide.gather(0, ids[1:].unsqueeze(0)).squeeze(0)               # (N - 1,)
            total = (picked - torch.logsumexp(wide[:, 1:], dim=0)).sum()
            return total.to(logits.dtype)
'''),
    # Mutant of blind99_right_mlm_searchsorted_action_bands, operator "all -> any" in the special-id test: with two or
    # more special ids every id differs from at least one of them, so specials become eligible (and with no special ids
    # nothing is). ids = [0, 1] * 50 000, special_ids [0, 1], vocab 10, mask_prob 0.5: model 0 chosen, entry about 50 %
    # of the positions chosen. Fails the visible tests.
    "blind110_mlm_searchsorted_specials_any": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = (ids.unsqueeze(-1) != special).any(dim=-1)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            bands = torch.tensor([0.8, 0.9], dtype=torch.float32)
            action = torch.searchsorted(bands, torch.rand(ids.shape, generator=generator).reshape(-1), right=True)
            action = action.reshape(ids.shape)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action == 1), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # Mutant of blind88_right_pixel_sequence_gather_previous_then_where_first, operator "constant moved by one"
    # (clamp(min=0) -> clamp(min=1)): position 1 reads targets[1] instead of targets[0], and a 1 x 1 image indexes past
    # the end. pixel_sequence(tensor([[5, 6, 7]]), 9) inputs: model [9, 5, 6], entry [9, 6, 6]. Fails the visible tests.
    "blind110_pixel_sequence_gather_previous_clamped_at_one": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            n = targets.shape[-1]
            previous = (torch.arange(n) - 1).clamp(min=1).expand(targets.shape)
            shifted = torch.gather(targets, -1, previous)
            first = torch.arange(n) == 0
            return torch.where(first, torch.tensor(sos_id, dtype=torch.long), shifted), targets
'''),
    # Mutant of blind68_right_dequantize_einsum_compared_one_hot, operator "einsum subscript swapped" ("...hwk" ->
    # "...whk"): the image comes back transposed (and a non-square image fails). dequantize_pixels(tensor([[0, 1], [0,
    # 0]]), palette [[0., 1.]]): model [[[0, 1], [0, 0]]], entry [[[0, 0], [1, 0]]]. Fails the visible tests.
    "blind110_dequantize_einsum_grid_subscripts_swapped": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = torch.arange(palette.shape[1], device=ids.device)
            hot = (ids.long().unsqueeze(-1) == colours).to(palette.dtype)         # (..., H, W, K)
            return torch.einsum("ck,...whk->...chw", palette, hot)
'''),
}
RIGHT_BLIND_110 = {
    # Equivalent mutant of blind31_right_causal_mask_hankel_as_strided_flipped, operator "constant moved" in the length
    # floor (max(2n - 1, 0) -> max(2n - 1, 1)): the two differ only at n = 0, where the (0, 0) view of a one-entry
    # vector is still empty. Passes the visible tests.
    "blind110_right_causal_hankel_length_floor_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            u = torch.arange(max(2 * n - 1, 1)) >= n - 1
            return u.as_strided((n, n), (1, 1)).flip(0)
'''),
    # Equivalent mutant of blind54_right_causal_mask_sign_bit_by_arithmetic_shift, operator "constant replaced" (>> 63
    # -> >> 62): for |i - j| < n < 2^62 the shift gives 0 exactly for i - j >= 0 and -1 for i - j < 0, as the sign bit
    # does. Passes the visible tests.
    "blind110_right_causal_sign_bit_shift_62": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            positions = torch.arange(n, dtype=torch.int64)
            offsets = positions[None, :] - positions[:, None]            # i - j, negative iff the key is later
            return (offsets >> 62) == 0
'''),
    # Equivalent mutant of blind88_right_causal_mask_block_recursion_on_halves, operator "constant moved" in the split
    # (n // 2 -> (n + 1) // 2): for n >= 2 both halves stay non-empty, and the block form is causal for any split.
    # Passes the visible tests.
    "blind110_right_causal_block_recursion_ceil_split": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            if n <= 1:
                return torch.ones(n, n, dtype=torch.bool)
            a = (n + 1) // 2
            top = torch.cat([causal_mask(a), torch.ones(a, n - a, dtype=torch.bool)], dim=1)
            bottom = torch.cat([torch.zeros(n - a, a, dtype=torch.bool), causal_mask(n - a)], dim=1)
            return torch.cat([top, bottom], dim=0)
'''),
    # Equivalent mutant of blind16_right_local_mask_conv1d_of_identity, operator "constant moved by one" in the cap
    # (min(window, n) -> min(window, n - 1)): no offset exceeds n - 1, so a window of n - 1 already shows every pair; n
    # = 0 returns before the cap. Passes the visible tests.
    "blind110_right_local_conv1d_window_capped_at_n_minus_one": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            if n == 0:
                return torch.zeros(0, 0, dtype=torch.bool)
            w = min(window, n - 1)
            eye = torch.eye(n, dtype=torch.float64).unsqueeze(1)                 # (n, 1, n)
            kernel = torch.ones(1, 1, 2 * w + 1, dtype=torch.float64)
            return torch.nn.functional.conv1d(eye, kernel, padding=w).squeeze(1) > 0.5
'''),
    # Equivalent mutant of blind31_right_local_mask_unfold_band_flipped, operator "axis changed" (flip(0) -> flip(1)):
    # flipping the columns reads u[j - i + n - 1] instead of u[i - j + n - 1], and the band |offset| <= window is
    # symmetric. Passes the visible tests.
    "blind110_right_local_unfold_band_flipped_columns": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            u = (torch.arange(max(2 * n - 1, 0)) - (n - 1)).abs() <= window
            return u.unfold(0, n, 1).flip(1) if n else torch.zeros(0, 0, dtype=torch.bool)
'''),
    # Equivalent mutant of blind54_right_padding_mask_sign_bit_of_position_minus_length, operator "cast removed"
    # (lengths.to(torch.int64) -> lengths): the contract's lengths are a LongTensor already. Passes the visible tests.
    "blind110_right_padding_sign_bit_cast_removed": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            keys = torch.arange(n, dtype=torch.int64, device=lengths.device)
            gap = keys[None, :] - lengths[:, None]                        # j - length, negative iff visible
            return ((gap >> 63) != 0)[:, :, None]
'''),
    # Equivalent mutant of blind9_right_padding_mask_one_hot_cumsum, operator "slice bound rewritten" ([:, :n] -> [:,
    # :-1]): the one-hot rows have n + 1 classes, so dropping the last keeps the first n. Passes the visible tests.
    "blind110_right_padding_one_hot_slice_from_end": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            past_end = torch.nn.functional.one_hot(lengths.long(), n + 1).cumsum(dim=-1)[:, :-1]
            return (past_end == 0)[:, :, None]
'''),
    # Equivalent mutant of blind31_right_strided_mask_hankel_as_strided, operator "function replaced" (remainder ->
    # fmod): the sign of a non-zero rest differs for negative offsets, but only "rest == 0" is tested, and fmod is 0
    # exactly for the multiples of the stride. Passes the visible tests.
    "blind110_right_strided_hankel_fmod": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(max(2 * n - 1, 0)) - (n - 1)
            u = offsets.fmod(stride) == 0
            return u.as_strided((n, n), (1, 1)).flip(0)
'''),
    # Equivalent mutant of blind9_right_sdpa_vmap_over_flat_batch, operator "shape constant changed" (the default mask
    # torch.ones(()) -> torch.ones(1, 1)): both expand to (*batch, N_k, N_q) with every entry True. Passes the visible
    # tests.
    "blind110_right_sdpa_vmap_default_mask_one_by_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]
            size = math.prod(batch)
            n_k, n_q = K.shape[-1], Q.shape[-1]

            def single(q, k, v, m):
                weights = softmax_cols(apply_mask(k.T @ q / math.sqrt(q.shape[0]), m))
                return v @ weights, weights

            if mask is None:
                mask = torch.ones(1, 1, dtype=torch.bool)
            m = mask.expand(*batch, n_k, n_q).reshape(size, n_k, n_q)
            out, weights = torch.func.vmap(single)(Q.reshape(size, *Q.shape[-2:]), K.reshape(size, *K.shape[-2:]),
                                                   V.reshape(size, *V.shape[-2:]), m)
            return out.reshape(*batch, V.shape[-2], n_q), weights.reshape(*batch, n_k, n_q)
'''),
    # Equivalent mutant of blind18_right_mha_head_selector_einsum, operator "// -> /" in the scale: D is divisible by H
    # (the stub's check), so D / H is the same integer as a float and sqrt gives the same number. Passes the visible
    # tests.
    "blind110_right_mha_selector_true_division_scale": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            selector = (torch.arange(dim) // (dim // num_heads) == torch.arange(num_heads)[:, None]).to(Q.dtype)
            scores = torch.einsum("...dk,hd,...dq->...hkq", K, selector, Q) / math.sqrt(dim / num_heads)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)                                   # (..., H, N_k, N_q)
            heads = torch.einsum("...dk,hd,...hkq->...dq", V, selector, weights)
            return linear(heads, params["Wo"], params["bo"])
'''),
    # Equivalent mutant of blind68_right_layer_norm_tensordot_ones_column, operator "operand replaced" in the variance
    # (centred * centred -> centred * X): sum (x - m) x = sum (x - m)^2 + m sum (x - m), and sum (x - m) = 0, so the
    # function (and its gradient) is the same; its rounding is that of a one-pass variance, which the contract accepts.
    # Passes the visible tests.
    "blind110_right_layer_norm_tensordot_variance_against_input": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            d = X.shape[-2]
            ones = X.new_ones(d)
            mean = torch.tensordot(X, ones, dims=([X.dim() - 2], [0])) / d        # (..., N)
            centred = X - mean.unsqueeze(-2)
            var = torch.tensordot(centred * X, ones, dims=([X.dim() - 2], [0])) / d
            normed = centred / torch.sqrt(var + eps).unsqueeze(-2)
            return torch.einsum("d,...dn->...dn", gamma, normed) + beta[:, None]
'''),
    # Equivalent mutant of blind17_right_feed_forward_pointwise_conv1d, operator "function replaced" (.relu() ->
    # .clamp(min=0)): the same values, and a subgradient at 0, which the contract accepts. Passes the visible tests.
    "blind110_right_feed_forward_conv1d_clamp_min_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            batch = X.shape[:-2]
            x = X.reshape(-1, X.shape[-2], X.shape[-1])
            h = torch.nn.functional.conv1d(x, W1.unsqueeze(-1), b1).clamp(min=0)
            y = torch.nn.functional.conv1d(h, W2.unsqueeze(-1), b2)
            return y.reshape(*batch, y.shape[-2], y.shape[-1])
'''),
    # Equivalent mutant of blind17_right_next_token_probs_rank_scatter_top_k, operator "relational operator and constant
    # moved together" (ranks >= top_k -> ranks > top_k - 1): ranks and top_k are integers. Passes the visible tests.
    "blind110_right_top_k_rank_mask_strict_minus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            V = probs.shape[-1]
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                ranks = torch.empty_like(order).scatter_(0, order, torch.arange(V))     # rank of every token
                probs = probs.masked_fill(ranks > top_k - 1, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, V)
                keep = torch.zeros(V, dtype=torch.bool).index_fill_(0, order[:num_kept], True)
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Equivalent mutant of blind99_right_train_bpe_heapq_first_seen_rank, operator "statement rewritten" (if pair not in
    # rank: rank[pair] = len(rank) -> rank.setdefault(pair, len(rank))): setdefault inserts only an absent key, with the
    # length taken before the insertion. Passes the visible tests.
    "blind110_right_train_bpe_heap_rank_setdefault": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import heapq
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1
            segmentation = {key: list(key) for key in frequency}
            merges = []
            while len(merges) < num_merges:
                counts, rank = {}, {}
                for key, freq in frequency.items():
                    symbols = segmentation[key]
                    for pair in zip(symbols, symbols[1:]):
                        rank.setdefault(pair, len(rank))
                        counts[pair] = counts.get(pair, 0) + freq
                if not counts:
                    break
                heap = [(-count, rank[pair], pair) for pair, count in counts.items()]
                heapq.heapify(heap)
                best = heapq.heappop(heap)[2]
                merges.append(best)
                segmentation = {key: merge_pair(symbols, best) for key, symbols in segmentation.items()}
            return merges
'''),
    # Equivalent mutant of blind76_right_train_bpe_reversed_scan_ge_keeps_first_max, operator "constant moved by one"
    # (best_count = -1 -> 0): every counted pair has a count >= 1 > 0, so the first scanned pair is still taken and "no
    # pair" still leaves best None. Passes the visible tests.
    "blind110_right_train_bpe_reversed_scan_initial_count_zero": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                best, best_count = None, 0
                for pair, count in reversed(list(pair_counts.items())):
                    if count >= best_count:
                        best, best_count = pair, count
                if best is None:
                    break
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Equivalent mutant of blind76_right_bpe_decode_recursive_halves, operator "relational operator made strict" in the
    # base case (hi - lo <= 2 -> hi - lo < 2): a two-token range now splits into two one-token ranges, whose
    # concatenation is the same string. Passes the visible tests.
    "blind110_right_bpe_decode_recursive_base_case_strict": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            tokens = list(tokens)

            def join(lo, hi):
                if hi - lo < 2:
                    return "".join(tokens[lo:hi])
                mid = (lo + hi) // 2
                return join(lo, mid) + join(mid, hi)

            return join(0, len(tokens)).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Equivalent mutant of blind24_right_bucket_unique_offsets_inverse_gather, operator "keyword added" (sorted=False in
    # torch.unique): whatever order the distinct offsets come in, the inverse indexes that order, so the gathered
    # buckets are the same. Passes the visible tests.
    "blind110_right_bucket_unique_offsets_unsorted": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            values, inverse = torch.unique(relative_position.long(), sorted=False, return_inverse=True)
            half = num_buckets // 2 if bidirectional else num_buckets
            exact = half // 2
            if bidirectional:
                upper = (values > 0).long() * half
                distance = values.abs()
            else:
                upper = torch.zeros_like(values)
                distance = (-values).clamp(min=0)
            ratio = torch.log(distance.float() / exact) / math.log(max_distance / exact)
            spread = (ratio * (half - exact)).long() + exact
            bucket = torch.where(distance < exact, distance, spread.clamp(max=half - 1))
            return (upper + bucket)[inverse]
'''),
    # Equivalent mutant of blind76_right_sinusoidal_rows_by_divmod, operator "keyword removed" (arange(...,
    # dtype=default) -> arange(...)): int64 positions divided by a Python float promote to the default dtype, with the
    # same (exact) position values. Passes the visible tests.
    "blind110_right_sinusoidal_divmod_integer_positions": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions)
            rows = []
            for row in range(dim):
                pair, is_cosine = divmod(row, 2)
                angles = positions / 10000 ** (2 * pair / dim)
                rows.append(torch.cos(angles) if is_cosine else torch.sin(angles))
            return torch.stack(rows) if rows else torch.zeros(0, num_positions)
'''),
    # Equivalent mutant of blind49_right_shifted_window_mask_bucketize_right, operator "constant replaced" (3 * row
    # label -> 4 * row label): labels are 0..2, so any factor of 3 or more keeps (row, column) labels apart. Passes the
    # visible tests.
    "blind110_right_shifted_mask_bucketize_labels_times_four": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                boundaries = torch.tensor([size - window, size - shift])
                return torch.bucketize(torch.arange(size), boundaries, right=True)
            labels = 4 * regions(height)[:, None] + regions(width)[None, :]
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # Equivalent mutant of blind58_right_additive_attention_vmap_over_broadcast_batch, operator "arguments swapped" in
    # torch.broadcast_shapes (s first -> H first): broadcasting is commutative. Passes the visible tests.
    "blind110_right_additive_vmap_broadcast_shapes_swapped": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            n = H.shape[-1]
            shapes = [H.shape[:-2], s.shape[:-1]] + ([mask.shape[:-1]] if mask is not None else [])
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
    # Equivalent mutant of blind94_right_sparse_cost_residue_classes_by_divmod, operator "constant replaced" in the
    # floor (max(n - window - 1, 0) -> max(n - window - 1, -1)): far * (far + 1) is 0 at both -1 and 0, and a larger far
    # is unchanged. Passes the visible tests.
    "blind110_right_sparse_cost_divmod_far_floor_minus_one": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) >> 1
            if pattern == "local":
                far = max(n - window - 1, -1)
                return n * n - far * (far + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)
                return r * (q + 1) ** 2 + (stride - r) * q * q
            return n * n - (n - num_global) ** 2
'''),
    # Equivalent mutant of blind99_right_mlm_searchsorted_action_bands, operator "constant replaced" (action == 1 ->
    # action == 2 for the random branch): bands 1 and 2 are [0.8, 0.9) and [0.9, 1), both of probability 0.1 (to float32
    # rounding, 4e-8), so random and kept tokens just swap bands; only the distribution is graded. Passes the visible
    # tests.
    "blind110_right_mlm_searchsorted_random_band_two": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = (ids.unsqueeze(-1) != special).all(dim=-1)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            bands = torch.tensor([0.8, 0.9], dtype=torch.float32)
            action = torch.searchsorted(bands, torch.rand(ids.shape, generator=generator).reshape(-1), right=True)
            action = action.reshape(ids.shape)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action == 2), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # Equivalent mutant of blind88_right_pixel_sequence_gather_previous_then_where_first, operator "relational operator
    # weakened" (== 0 -> <= 0): positions from arange are never negative. Passes the visible tests.
    "blind110_right_pixel_sequence_first_position_le_zero": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            n = targets.shape[-1]
            previous = (torch.arange(n) - 1).clamp(min=0).expand(targets.shape)
            shifted = torch.gather(targets, -1, previous)
            first = torch.arange(n) <= 0
            return torch.where(first, torch.tensor(sos_id, dtype=torch.long), shifted), targets
'''),
    # Equivalent mutant of blind76_right_beam_search_heapq_merge_per_beam_lists, operator "key negation moved into
    # reverse=True" in heapq.merge: each per-beam list is sorted by descending score, which is what a reverse merge on
    # the score expects, and heapq.merge still breaks equal keys by input order (earlier beam first). Passes the visible
    # tests.
    "blind110_right_beam_heapq_merge_reverse_on_score": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            import itertools
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                per_beam = []
                for score, ids, finished in beams:
                    if finished:
                        per_beam.append([(score, ids, True)])
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    extensions = [(score + lp, torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                                  for t, lp in enumerate(log_probs)]
                    per_beam.append(sorted(extensions, key=lambda c: -c[0]))
                merged = heapq.merge(*per_beam, key=lambda c: c[0], reverse=True)
                beams = list(itertools.islice(merged, beam_width))
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
}
