"""Hundred-and-eighth blind batch of held-out implementations (prefix blind107_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py (the functions and
their points), the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker)
and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches (held_out_blind.py ...
held_out_blind_105.py) were only skimmed: their entry names were collected with grep and their "Emphasis" paragraphs
printed with awk, and the header and first entries of held_out_blind_90.py were read for the style. Listing
tests/grader/ to find the batch files was done through a filter (`ls tests/grader/ | grep held_out_blind`), so only
batch-file names were shown. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor
benchmarks/, nor the batches written at the same time (held_out_blind_106.py, held_out_blind_108.py,
held_out_blind_109.py).

Emphasis: arithmetic properties of sizes. Every wrong entry is right whenever a size has a "nice" property that a
learner's own examples usually have, and wrong for an allowed size without it. Powers of two: column sums by tree
folding that drop an odd row (softmax_cols), a causal table doubled up to n rounded down to a power of two, 1/sqrt(D_k)
as 2^(-floor(log2 D_k)/2) (scaled dot-product attention), the head width as D >> log2(H) and the divisibility check as D
& (H - 1) (multi-head attention), a Hillis-Steele top-p scan with int(log2 V) steps, a flat beam index decoded with >>
log2 V and & (V - 1), T5's exact range tested with d >> log2(n/2), rotary partners found as i ^ (D/2), patch-grid sides
by a shift, random MLM ids and palette ids wrapped with & (V - 1) / & (K - 1), the other NSP document as index ^ r,
knockout rounds over the palette that drop an odd colour, pairwise means that carry an odd token column. Divisibility
and parity: FFN chunks of D hidden units that drop F % D of them (transformer_layer), positions reshaped into rows of
the stride (strided_mask), causal costs as n^2 // 2 + n // 2 and strided costs with s(m + 1) // 2 floored inside a
factor, sinusoidal exponents over the pair count rounded up (odd D). Sizes that coincide or compare: layer-norm sums
divided by the token count (D == N), GRU gates split at the encoder width (D_s == D_h), a local band whose slice start
goes negative when the window reaches n, BPE training capped at the number of distinct pairs before any merge. Right
entries handle every allowed size in the same spirit: tree sums that fold the odd row or column in (softmax, average
pool), the doubling build to the next power of two, a Toeplitz band with the window capped, heads and channel groups
sliced with divmod (odd widths, prime counts), FFN chunks with a short last chunk, closed-form costs from residue class
sizes with the window capped at n, a circulant strided mask on a side rounded up to a multiple of the stride,
rotate-half by flipping a (2, D/2) view (D/2 odd), sinusoidal pairs from torch.polar cropped to an odd D, knockout
rounds that carry the odd colour, windows rebuilt tile by tile on non-square grids, the three-region shifted-window
labels from coordinates (M = H, shift 0), T5's exact range tested as 2d < n (odd bucket counts), and a layer-norm
variance from pairwise differences (D = 1 included).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind107/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker) and
run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says whether it
does (11 of the 24 wrong entries pass them). Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says (mlm_corrupt by the set and share of random ids on 200
000 positions, nsp_pairs over 40 seeds). For 19 of the wrong entries a random comparison with the model answer
restricted to the "nice" sizes (powers of two, D == N, F a multiple of D, n a multiple of the stride, even n or stride,
windows below n, 32/16/64 buckets) found no difference in 80 calls each, and the unrestricted comparison found
differences for every one of them. Right entries were compared with the model answer on 240 calls each, 120 under each
default dtype, inputs float32 or float64 at random, 0-2 batch axes: values (1e-4 for float32, 1e-9 for float64), dtypes
and shapes exactly, the contract's ValueErrors matched, and gradients of every floating-point input (parameters
included) to 1e-3 / 1e-7; sizes included odd and prime key counts, token counts and palette sizes (1..9), n from 0 to
20, windows past n, strides past n and not dividing n, costs at n = 10**12 + k with huge windows and strides and missing
sizes, D not divisible by H, masks full, 2-D and padding-shaped (random, some query columns all hidden), self-attention
with the same tensor twice, F not a multiple of D in both norm orders, rotary D of 2, 6, 10 and odd D, positions given
for one side or both, other bases, sinusoidal D from 0 to 17, palettes with duplicated colours (ties), non-contiguous
windows, shifted masks for every M up to 4 on non-square grids with shift = M (ValueError), channel attention for every
divisor G with given scales (0.0 included), bucket counts from 4 to 40 in both modes. The bucket entry was also compared
exhaustively for offsets -2000..2000, bucket counts 4..69, both modes and five max_distance values.

Judgement calls: blind107_mha_divisibility_by_bit_mask replaces the stub's check on purpose (its source has no marker
line); it raises ValueError for D = 6, H = 3, which the contract allows, and a RuntimeError instead of the named
ValueError for D = 5, H = 3. Several wrong entries fail by an exception or a wrong shape rather than wrong values on the
sizes without the property (the rotary xor partner, patchify's shift, the strided reshape, the GRU gate split, the beam
index decode, the causal table rounded down); the contract fixes a result there, so I counted them. The NSP xor entry is
wrong only for document counts that are not powers of two and only on some draws (10 of 40 seeds on three documents);
the MLM bit-mask entry differs only in the distribution of its random tokens, which the contract grades.
blind107_train_bpe_merges_capped_at_initial_pair_types takes its size relation from num_merges against the number of
distinct pairs before training. blind107_right_bucket_exact_range_by_doubled_distance differs from the model answer only
where max_distance equals n // 2 (the log ratio divides by log 1 = 0 and the model answer returns a garbage bucket near
-2^63), which I took as outside the contract. Many size mechanisms I first planned were dropped because an earlier batch
already holds them for the same function (by name): the scale from N_k or D_v, fused QKV chunked in three, the decoder's
causal mask sized by the width or the encoder, embed and padding masks reshaped instead of moved, generate's negative
crop start, BPE merges right to left, the head width passed as the head count, cross-attention scaled by the encoder
length, the strided cost n^2 // s, rolled or tiled identities for the strided mask, T5's integer log ratio, quantizing
in chunks that drop the tail, beams capped at V, NSP from the next document, column-major pixel sequences, grid weights
unflattened width first, shifted-window labels by a plain reshape, the channel scale from all tokens of the batch,
window indices from the rows, a square window grid in window_reverse, math.isqrt scales. That saturation, and the time
box, is why there are fewer entries than the brief's aim (35 / 20).

Counts: 24 wrong, 16 right.
Wrong per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'causal_mask': 1, 'dequantize_pixels': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 2, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1}.
Right per function: {'average_pool_head': 1, 'causal_mask': 1, 'channel_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'multi_head_attention': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py."""
WRONG_BLIND_107 = {
    # ------------------------------------------------------------------ softmax
    # Column sums by pairwise (tree) folding: the bottom half is added onto the top half until one row is left, and
    # an odd row left over is dropped (exact for power-of-two key counts). softmax_cols(torch.zeros(3, 1)): model
    # [1/3, 1/3, 1/3], entry [0.5, 0.5, 0.5]. Passes the visible tests.
    "blind107_softmax_cols_tree_sum_drops_odd_row": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps
            while total.shape[-2] > 1:  # pairwise summation: fold the bottom half onto the top half
                half = total.shape[-2] // 2
                total = total[..., :half, :] + total[..., half:2 * half, :]
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # ------------------------------------------------------------------ masking
    # Builds the causal table by doubling [[C, 1], [0, C]] up to n rounded to a power of two, but rounds DOWN
    # (int(log2 n)) before cropping: right for n = 1, 2, 4, 8, ..., too small otherwise. causal_mask(3): model (3,
    # 3) upper triangle, entry (2, 2). Fails the visible tests.
    "blind107_causal_mask_doubling_rounds_size_down": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            size = 1 << int(math.log2(n)) if n > 0 else 0  # the doubling build needs a power of two
            mask = torch.ones(1, 1, dtype=torch.bool)
            while mask.shape[0] < size:
                m = mask.shape[0]
                top = torch.cat([mask, torch.ones(m, m, dtype=torch.bool)], dim=1)
                bottom = torch.cat([torch.zeros(m, m, dtype=torch.bool), mask], dim=1)
                mask = torch.cat([top, bottom], dim=0)
            return mask[:n, :n]
'''),
    # A Toeplitz band: one flag per offset i - j (index offset + n - 1), the slice [n-1-w, n+w] set True. For a
    # window of n or more the start is negative and Python counts it from the end. local_mask(3, 3): model all True,
    # entry True only at offset +2 ([0, 2]). Passes the visible tests.
    "blind107_local_mask_offset_vector_slice_start_negative": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            offsets = torch.zeros(2 * n - 1, dtype=torch.bool)  # entry k is the offset k - (n - 1)
            offsets[n - 1 - window: n + window] = True
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return offsets[queries - keys + n - 1]
'''),
    # ------------------------------------------------------------------ attention
    # 1/sqrt(D_k) taken as a power of two, 2^(-floor(log2 D_k)/2): exact for D_k = 1, 2, 4, 8, 16, 64, too large
    # otherwise. Q = K = [[1, 0], [0, 1], [0, 0]] (D_k = 3), V = [[1, 0]]: model weights column 0 [0.640, 0.360],
    # entry [0.670, 0.330]. Passes the visible tests.
    "blind107_sdpa_scale_from_floored_log2_width": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scale = 2.0 ** (-int(math.log2(d_k)) / 2)  # 1/sqrt(D_k) as an exact power of two
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # ------------------------------------------------------------------ multihead
    # The head width D/H computed as a shift, D >> log2(H) (H.bit_length() - 1): right for H = 1, 2, 4, 8; for D =
    # 6, H = 3 it scales by 1/sqrt(3). Xq = Xkv = arange(12).reshape(6, 2) / 2, identity weights, zero biases: model
    # column 0 [0.294, 1.294, 2.427, 3.427, 4.480, 5.480], entry [0.286, 1.286, 2.405, 3.405, 4.465, 5.465]. Passes
    # the visible tests.
    "blind107_mha_head_width_by_bit_shift": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            head_dim = dim >> (num_heads.bit_length() - 1)  # D / H as a shift
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The divisibility check written as a bit mask, D & (H - 1): the remainder only for power-of-two H. D = 6, H = 3
    # (allowed): model returns (6, N_q), entry raises ValueError; D = 5, H = 3: model ValueError, entry RuntimeError
    # from the reshape. Fails the visible tests.
    "blind107_mha_divisibility_by_bit_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if dim & (num_heads - 1):  # D % H for H = 2^k
                raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Mean and variance as sums over the features divided by X.shape[-1] (the token count): right when N == D.
    # layer_norm([[1], [3]], gamma=[1, 1], beta=[0, 0]) (D = 2, N = 1): model [-1.000, 1.000], entry [-0.949,
    # -0.316]. Fails the visible tests.
    "blind107_layer_norm_sums_divided_by_token_count": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            count = X.shape[-1]  # the number of entries each sum runs over
            mean = X.sum(dim=-2, keepdim=True) / count
            variance = ((X - mean) ** 2).sum(dim=-2, keepdim=True) / count
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # The feed-forward sub-layer computed in chunks of D hidden units (F // D chunks, to bound memory): the F % D
    # hidden units past the last whole chunk are dropped; right when D divides F (F = 4D). D = 3, F = 4, H = 1,
    # identity attention, W1 = [I; [1, 0, 0]], W2 = [I | e_3], zero biases, unit gains, X = [[1], [0], [0]]: model
    # [1.298, -1.136, -0.162], entry [1.414, -0.707, -0.707]. Passes the visible tests.
    "blind107_transformer_layer_ffn_chunks_of_width_drop_tail": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                width = Y.shape[-2]
                out = params["b2"][:, None]
                for c in range(params["W1"].shape[0] // width):  # hidden units in chunks of D
                    rows = slice(c * width, (c + 1) * width)
                    hidden = torch.relu(params["W1"][rows] @ Y + params["b1"][rows, None])
                    out = out + params["W2"][:, rows] @ hidden
                return out

            def norm1(Y):
                return layer_norm(Y, params["gamma1"], params["beta1"])

            def norm2(Y):
                return layer_norm(Y, params["gamma2"], params["beta2"])

            if norm_first:
                X = X + attend(norm1(X))
                X = X + think(norm2(X))
            else:
                X = norm1(X + attend(X))
                X = norm2(X + think(X))
            return X
'''),
    # ------------------------------------------------------------------ sampling
    # Top-p's running total by a Hillis-Steele scan with int(log2 V) doubling steps: a full prefix sum only when V
    # is a power of two; for V = 3 the last entry misses p_0. next_token_probs(log([0.5, 0.3, 0.2]), top_p=0.6):
    # model [0.625, 0.375, 0], entry [0.5, 0.3, 0.2]. Fails the visible tests.
    "blind107_next_token_probs_top_p_scan_log2_steps": ("sampling", "next_token_probs", '''
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
                running = probs[order]
                for step in range(int(math.log2(len(probs)))):  # parallel prefix sum: log2(V) doubling steps
                    shift = 1 << step
                    running = torch.cat([running[:shift], running[shift:] + running[:-shift]])
                num_kept = min(int((running < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Vectorised beam search over a flat (live beam, token) index decoded with bit operations, beam = idx >> log2 V,
    # token = idx & (V - 1): right when V is a power of two. A 3-token model (V = 3), width 1, one step: model
    # returns prompt + the best token, entry raises IndexError (flat index 2 decodes to beam 1). Passes the visible
    # tests.
    "blind107_beam_search_flat_index_decoded_by_bits": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = [(score, b, -1, ids, True) for b, (score, ids, finished) in enumerate(beams) if finished]
                live = [b for b, (_, _, finished) in enumerate(beams) if not finished]
                if live:
                    rows = torch.stack([torch.log_softmax(model(beams[b][1])[:, -1].double(), dim=0) for b in live])
                    vocab = rows.shape[1]
                    bits = vocab.bit_length() - 1
                    totals = (rows + torch.tensor([beams[b][0] for b in live], dtype=torch.float64)[:, None]).flatten()
                    for index, total in enumerate(totals.tolist()):
                        b, token = live[index >> bits], index & (vocab - 1)  # divmod by V with shifts
                        extended = torch.cat([beams[b][1], torch.tensor([token], dtype=prompt.dtype)])
                        candidates.append((total, b, token, extended, token == eos_id))
                candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
                beams = [(c[0], c[3], c[4]) for c in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The GRU gates split at the encoder's width D_h (H.shape[-2], "the hidden size") instead of the decoder state's
    # D_s: right when D_s == D_h. D_s = 2, D_h = 3: model returns (s, logits, weights), entry raises RuntimeError.
    # Fails the visible tests.
    "blind107_decoder_step_gates_split_at_encoder_width": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            hidden = H.shape[-2]  # the RNN's hidden size
            gates_x = stack(y_prev, context) @ params["weight_ih"].T + params["bias_ih"]
            gates_h = s_prev @ params["weight_hh"].T + params["bias_hh"]
            reset = torch.sigmoid(gates_x[..., :hidden] + gates_h[..., :hidden])
            update = torch.sigmoid(gates_x[..., hidden:2 * hidden] + gates_h[..., hidden:2 * hidden])
            candidate = torch.tanh(gates_x[..., 2 * hidden:] + reset * gates_h[..., 2 * hidden:])
            s = (1 - update) * candidate + update * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ sparse_attention
    # Residues from the positions reshaped into rows of `stride` (the column is the position mod stride): the
    # reshape needs n divisible by the stride. strided_mask(5, 2): model (5, 5) mask, entry RuntimeError. Fails the
    # visible tests.
    "blind107_strided_mask_positions_reshaped_into_rows_of_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            blocks = torch.arange(n).reshape(n // stride, stride)  # block b holds positions b*s .. b*s + s - 1
            residue = (blocks - blocks[:, :1]).reshape(-1)  # the offset inside the block: position mod stride
            return residue[:, None] == residue[None, :]
'''),
    # causal written as n^2/2 + n/2 with each half floored separately: exact for even n, one short for odd n.
    # sparse_attention_cost("causal", 3): model 6, entry 5. Passes the visible tests.
    "blind107_sparse_cost_causal_halves_floored_separately": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * n // 2 + n // 2  # the square's half plus the diagonal's half
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # strided written as n + 2m(n - s(m+1)/2) with the half floored inside the factor: exact when s or m + 1 is
    # even. sparse_attention_cost("strided", 7, stride=3): model 17, entry 19. Fails the visible tests.
    "blind107_sparse_cost_strided_half_floored_inside_factor": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * m * (n - stride * (m + 1) // 2)  # offsets ±s .. ±ms: 2 (n - ks) pairs each
            return n * n - (n - num_global) ** 2
'''),
    # ------------------------------------------------------------------ positions
    # "d < exact" tested with a shift, d >> log2(exact) == 0: right when n/2 is a power of two (32, 16, 64 buckets);
    # with 28 buckets exact = 7 and offsets of 4..6 go to the log branch. relative_position_bucket(tensor([-4]),
    # num_buckets=28): model [4], entry [6]. Passes the visible tests.
    "blind107_bucket_exact_range_by_bit_shift": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
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
            small = (distance >> int(math.log2(exact))) == 0  # distance < exact, as a shift
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(small, distance, far)
'''),
    # Each row's partner found by flipping the top bit, i ^ (D/2): that is i + D/2 (or i - D/2) only when D is a
    # power of two. D = 6: model rotates, entry raises IndexError (row 4's partner is 7). Passes the visible tests.
    "blind107_rotary_partner_row_by_xor_with_half": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                half = dim // 2
                rows = torch.arange(dim)
                partner = rows ^ half  # i <-> i + D/2
                sign = torch.where(rows < half, -1.0, 1.0).to(X.dtype)[:, None]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[rows % half][:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                return X * cos + sign * X[..., partner, :] * sin

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ embeddings
    # The frequency exponent 2i/D written as i / (number of row pairs), with the pair count rounded up: the same for
    # even D, wrong for odd D. sinusoidal_positions(2, 3)[2, 1]: model sin(10000^(-2/3)) = 0.002154, entry
    # sin(10000^(-1/2)) = 0.010000. Fails the visible tests.
    "blind107_sinusoidal_exponent_over_pair_count_rounded_up": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            pairs = (dim + 1) // 2  # row pairs; an odd D has one sine row left over
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            i = torch.arange(pairs, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (i[:, None] / pairs)  # 2i/D = i/(D/2)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # ------------------------------------------------------------------ patch_embedding
    # The patch grid's sides computed with a shift by log2(P) (P.bit_length() - 1): right for P = 1, 2, 4, 8, 16.
    # patchify(torch.zeros(1, 1, 6, 6), 3): model (1, 9, 4), entry RuntimeError (6 >> 1 = 3 patches a side). Passes
    # the visible tests.
    "blind107_patchify_grid_sides_by_bit_shift": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            shift = P.bit_length() - 1  # divide by P with a shift
            rows, cols = height >> shift, width >> shift
            grid = images.reshape(batch, channels, rows, P, cols, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, rows * cols, channels * P * P).transpose(1, 2)
'''),
    # ------------------------------------------------------------------ pretraining
    # The 10 % random tokens drawn as wide random integers masked into the vocabulary with & (V - 1): uniform only
    # when V is a power of two. 200 000 ids of 5, V = 10, mask_prob = 1, mask_id 99: model's random tokens other
    # than 5 cover 0..9 (9.0 % of positions), entry's only {0, 1, 8, 9} (10.0 %). Passes the visible tests.
    "blind107_mlm_random_ids_masked_with_vocab_minus_one": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            wide = torch.randint(0, 1 << 62, ids.shape, generator=generator, dtype=torch.int64)
            random_ids = (wide & (vocab_size - 1)).to(ids.dtype)  # wrap into [0, V) without a division
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The other document as index ^ r with r uniform in [1, L): a uniform choice among the others only when the
    # number of documents L is a power of two. nsp_pairs([["x"], ["a", "b"], ["c"]]) with seeds 0..39: model always
    # a pair, entry IndexError for 10 seeds (coin says "random" and r = 2: 1 ^ 2 = 3). Fails the visible tests.
    "blind107_nsp_other_document_by_xor_offset": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        offset = torch.randint(1, len(documents), (), generator=generator).item()
                        other = documents[index ^ offset]  # a non-zero xor never gives A's own document
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # Nearest colour by knockout rounds (colour i meets colour i + K/2, ties to the lower id), an odd colour out is
    # dropped: right for K = 512 or any power of two. Palette [[0, 1, 2]] (K = 3), pixel 2.0: model 2, entry 1.
    # Fails the visible tests.
    "blind107_quantize_pixels_knockout_drops_odd_colour": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)  # (..., H, W, K)
            ids = torch.arange(distances.shape[-1]).expand(distances.shape)
            while distances.shape[-1] > 1:
                half = distances.shape[-1] // 2
                left, right = distances[..., :half], distances[..., half:2 * half]
                left_ids, right_ids = ids[..., :half], ids[..., half:2 * half]
                take_right = (right < left) | ((right == left) & (right_ids < left_ids))
                distances = torch.where(take_right, right, left)
                ids = torch.where(take_right, right_ids, left_ids)
            return ids[..., 0]
'''),
    # Ids wrapped into the palette with & (K - 1) (ImageGPT's 512 colours): the identity on [0, K) only when K is a
    # power of two. dequantize_pixels([[1]], palette [[10, 20, 30]]): model [[[20]]], entry [[[10]]]. Fails the
    # visible tests.
    "blind107_dequantize_ids_wrapped_with_bit_mask": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.long() & (palette.shape[1] - 1)]  # keep ids inside the palette
            return colours.movedim(0, -3)
'''),
    # Mean by pairwise averaging rounds, an odd column carried to the next round: that column then weighs double.
    # Right for power-of-two N. average_pool_head([[0, 0, 3]], W=[[1]]): model [1.0], entry [1.5]. Fails the visible
    # tests.
    "blind107_average_pool_pairwise_means_carry_odd_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X
            while pooled.shape[-1] > 1:  # average neighbours pairwise (no large sums)
                half = pooled.shape[-1] // 2
                means = (pooled[..., :half] + pooled[..., half:2 * half]) / 2
                pooled = torch.cat([means, pooled[..., 2 * half:]], dim=-1)  # an odd column waits a round
            logits = (W @ pooled).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ bpe
    # The loop bound capped at the number of distinct pairs in the corpus before training ("no more merges than
    # pairs"), but merges create new pairs. train_bpe("aaaa", 3): model [("a", "a"), ("aa", "aa"), ("aaaa",
    # "</w>")], entry the first two. Fails the visible tests.
    "blind107_train_bpe_merges_capped_at_initial_pair_types": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            distinct_pairs = {pair for word in word_counts for pair in zip(word, word[1:])}
            merges = []
            for _ in range(min(num_merges, len(distinct_pairs))):  # never more merges than pairs
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
}
RIGHT_BLIND_107 = {
    # Pairwise (tree) column sums that fold the bottom half onto the top half, an odd last row added to row 0 each
    # round: exact sums for every key count M >= 1 (3, 5, 7, primes). Passes the visible tests.
    "blind107_right_softmax_cols_tree_sum_odd_row_folded_in": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps
            while total.shape[-2] > 1:
                half = total.shape[-2] // 2
                folded = total[..., :half, :] + total[..., half:2 * half, :]
                if total.shape[-2] % 2:  # the odd row joins the first one
                    folded = torch.cat([folded[..., :1, :] + total[..., -1:, :], folded[..., 1:, :]], dim=-2)
                total = folded
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # The doubling build [[C, 1], [0, C]] taken to the next power of two, 1 << (n - 1).bit_length(), then cropped:
    # any n (3, 5, 7, 1; n = 0 gives the empty (0, 0) table). Passes the visible tests.
    "blind107_right_causal_mask_doubled_to_next_power_of_two": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            size = 1 << max(n - 1, 0).bit_length()
            mask = torch.ones(1, 1, dtype=torch.bool)
            while mask.shape[0] < size:
                m = mask.shape[0]
                top = torch.cat([mask, torch.ones(m, m, dtype=torch.bool)], dim=1)
                bottom = torch.cat([torch.zeros(m, m, dtype=torch.bool), mask], dim=1)
                mask = torch.cat([top, bottom], dim=0)
            return mask[:n, :n]
'''),
    # A Toeplitz band indexed by offset + n - 1, with the window first capped at n - 1 so that the slice never
    # starts below 0: windows larger than the sequence give the all-True mask. Passes the visible tests.
    "blind107_right_local_mask_offset_vector_window_capped": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            if n == 0:
                return torch.zeros(0, 0, dtype=torch.bool)
            w = min(window, n - 1)
            offsets = torch.zeros(2 * n - 1, dtype=torch.bool)  # entry k is the offset k - (n - 1)
            offsets[n - 1 - w: n + w] = True
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return offsets[queries - keys + n - 1]
'''),
    # Heads one at a time, each head's rows found with divmod (D/H may be odd, H prime, H = D), scaled by its own
    # width, outputs concatenated in head order. Passes the visible tests.
    "blind107_right_mha_head_loop_with_divmod_widths": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim, remainder = divmod(dim, num_heads)
            assert remainder == 0
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for h in range(num_heads):
                rows = slice(h * head_dim, (h + 1) * head_dim)
                head, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(head)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # The feed-forward sub-layer in chunks of D hidden units with range(0, F, D), the last chunk shorter when D does
    # not divide F (F = 3, D = 2 included). Passes the visible tests.
    "blind107_right_transformer_layer_ffn_chunks_with_short_tail": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                width = Y.shape[-2]
                out = params["b2"][:, None]
                for start in range(0, params["W1"].shape[0], width):
                    rows = slice(start, start + width)  # the last chunk may be shorter
                    hidden = torch.relu(params["W1"][rows] @ Y + params["b1"][rows, None])
                    out = out + params["W2"][:, rows] @ hidden
                return out

            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # Dense, causal, local, strided and global counts in closed forms of their own: (n^2 + n) >> 1, the window
    # capped at n (offset n holds no pair), residue classes s*q^2 + r*(2q + 1), and n^2 - (n - g)^2; any n, stride
    # and window (windows past n, strides past n, n not divisible by the stride). Passes the visible tests.
    "blind107_right_sparse_cost_class_sizes_and_capped_window": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) >> 1
            if pattern == "local":
                w = min(window, n)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)  # r classes of q + 1 positions, stride - r classes of q
                return stride * q * q + r * (2 * q + 1)
            return n * n - (n - num_global) ** 2
'''),
    # A circulant of rolled identities on a side rounded UP to a multiple of the stride, then cropped to n: the
    # wrap-around lands on multiples of the stride only because the side is such a multiple (n = 5, stride 2 or 7
    # included). Passes the visible tests.
    "blind107_right_strided_mask_circulant_on_rounded_up_side": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            side = -(-n // stride) * stride
            eye = torch.eye(side, dtype=torch.bool)
            mask = torch.zeros(side, side, dtype=torch.bool)
            for k in range(side // stride):
                mask = mask | torch.roll(eye, shifts=k * stride, dims=1)
            return mask[:n, :n]
'''),
    # Rotate-half by flipping the (2, D/2) view of the rows: [x1; x2] -> [x2; x1], then signs; D = 2, 6, 10 (D/2
    # odd) as well as 4, 8. Passes the visible tests.
    "blind107_right_rotary_halves_swapped_by_flip_of_pair_view": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat(2, 1)  # (D, N)
                swapped = X.unflatten(-2, (2, half)).flip(-3).flatten(-3, -2)  # [x2; x1]
                sign = torch.cat([-torch.ones(half), torch.ones(half)]).to(X.dtype)[:, None]
                return X * angles.cos().to(X.dtype) + sign * swapped * angles.sin().to(X.dtype)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Sines and cosines from torch.polar as (cos, sin) pairs, reordered to (sin, cos), interleaved by a reshape and
    # cropped to D rows: odd D keeps its last sine row, exponent 2i/D throughout. Passes the visible tests.
    "blind107_right_sinusoidal_polar_pairs_interleaved_and_cropped": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            two_i = torch.arange(0, dim, 2, dtype=dtype)  # ceil(D/2) row pairs
            angles = positions[None, :] / 10000 ** (two_i[:, None] / dim)
            unit = torch.view_as_real(torch.polar(torch.ones_like(angles), angles))  # (pairs, N, [cos, sin])
            pairs = unit.flip(-1).movedim(-1, -2)  # (pairs, [sin, cos], N)
            return pairs.reshape(-1, num_positions)[:dim].contiguous()
'''),
    # Knockout rounds for the nearest colour with an odd colour carried to the next round and ties broken by id: the
    # same ids as argmin for any palette size (3, 5, 7 colours). Passes the visible tests.
    "blind107_right_quantize_pixels_knockout_odd_colour_carried": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)  # (..., H, W, K)
            ids = torch.arange(distances.shape[-1]).expand(distances.shape)
            while distances.shape[-1] > 1:
                half = distances.shape[-1] // 2
                left, right = distances[..., :half], distances[..., half:2 * half]
                left_ids, right_ids = ids[..., :half], ids[..., half:2 * half]
                take_right = (right < left) | ((right == left) & (right_ids < left_ids))
                distances = torch.cat([torch.where(take_right, right, left), distances[..., 2 * half:]], dim=-1)
                ids = torch.cat([torch.where(take_right, right_ids, left_ids), ids[..., 2 * half:]], dim=-1)
            return ids[..., 0]
'''),
    # Token sums by pairwise folding with the odd column folded into the first, then one division by N: the mean for
    # any token count. Passes the visible tests.
    "blind107_right_average_pool_tree_sum_then_divide": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            count = X.shape[-1]
            total = X
            while total.shape[-1] > 1:
                half = total.shape[-1] // 2
                folded = total[..., :half] + total[..., half:2 * half]
                if total.shape[-1] % 2:
                    folded = torch.cat([folded[..., :1] + total[..., -1:], folded[..., 1:]], dim=-1)
                total = folded
            logits = (W @ (total / count)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # The grid rebuilt window by window: window k sits at (k // (W/M), k % (W/M)); rows of windows concatenated
    # along the width, then stacked along the height (non-square grids, one window, M = 1). Passes the visible
    # tests.
    "blind107_right_window_reverse_rows_of_tiles_concatenated": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            across, down = width // M, height // M
            tiles = windows.unflatten(-1, (M, M))  # (..., nW, C, M, M)
            rows = [torch.cat([tiles[..., a * across + b, :, :, :] for b in range(across)], dim=-1)
                    for a in range(down)]
            return torch.cat(rows, dim=-2)
'''),
    # The contract's three-region form per axis: 0 below size - M, 1 below size - shift, 2 above, computed for every
    # token of every window from its grid coordinates (M = H, shift 0 and non-square grids included). Passes the
    # visible tests.
    "blind107_right_shifted_window_mask_three_regions_from_coordinates": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window

            def regions(size):
                index = torch.arange(size)
                return (index >= size - M).long() + (index >= size - shift).long()  # 0, 1 or 2

            down, across = height // M, width // M
            p = torch.arange(M)
            row_of = (torch.arange(down)[:, None] * M + p[None, :])  # (down, M): grid row of window row p
            col_of = (torch.arange(across)[:, None] * M + p[None, :])  # (across, M)
            row_label = regions(height)[row_of]  # (down, M)
            col_label = regions(width)[col_of]  # (across, M)
            labels = 3 * row_label[:, None, :, None] + col_label[None, :, None, :]  # (down, across, M, M)
            labels = labels.reshape(down * across, M * M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Each group attends in the row convention (softmax over the last axis of Q_g K_g^T, then @ V_g), the group
    # slices found with divmod; any divisor G (1, C, primes). Passes the visible tests.
    "blind107_right_channel_attention_row_convention_group_slices": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            width, remainder = divmod(channels, num_groups)
            assert remainder == 0
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            groups = []
            for g in range(num_groups):
                rows = slice(g * width, (g + 1) * width)
                attention = torch.softmax(Q[..., rows, :] @ K[..., rows, :].transpose(-2, -1) * scale, dim=-1)
                groups.append(attention @ V[..., rows, :])  # (queries, keys) @ (keys, N)
            return linear(torch.cat(groups, dim=-2), params["Wo"], params["bo"])
'''),
    # The exact range tested as 2d < n instead of d < n // 2: for an odd n they differ only at d = n // 2, whose log
    # bucket is n // 2 + floor(log 1 ...) = n // 2 = d anyway, so every bucket count (odd ones, 31) agrees. Passes
    # the visible tests.
    "blind107_right_bucket_exact_range_by_doubled_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            n = num_buckets // 2 if bidirectional else num_buckets
            if bidirectional:
                base = (offset > 0).long() * n
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = n // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
            far = (exact + log_scale.long()).clamp(max=n - 1)
            return base + torch.where(2 * distance < n, distance, far)
'''),
    # The variance as half the mean squared difference over all feature pairs, sum_ij (x_i - x_j)^2 / (2 D^2): no
    # mean inside it, any D (D = 1 gives 0 and so beta; odd D; D = N or not). Passes the visible tests.
    "blind107_right_layer_norm_variance_from_pairwise_differences": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            dim = X.shape[-2]
            differences = X.unsqueeze(-3) - X.unsqueeze(-2)  # (..., D, D, N): x_i - x_j for every pair
            variance = differences.square().sum(dim=(-3, -2)).unsqueeze(-2) / (2 * dim * dim)
            mean = X.mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
}
