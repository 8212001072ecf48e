"""Ninety-fifth blind batch of held-out implementations (prefix blind94_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_90.py and
held_out_blind_93.py) were only skimmed for their entry names (extracted into a name list and grepped by keyword) and
their "Emphasis" paragraphs, and held_out_blind_90.py for the header style. Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_91.py, held_out_blind_92.py). One listing to disclose: `ls tests/grader/ | grep held_out` (to find the
batch files) also printed the name of one test file there whose name contains "held_out"; it was not opened.

Emphasis: number semantics of Python and torch. Wrong entries trust a rule that holds for the numbers a learner tried
and not for others the contract allows: truncation toward zero read as floor in range checks (.long() of id / V in
one_hot, Python int() of id / V in embed, torch.div(..., rounding_mode="trunc") in dequantize_pixels), a band test by a
truncated quotient (local_mask), floor written as ceil - 1 at an exact integer (T5 buckets), true division where an
integer was meant (T5's exact range for an odd half, the upper half as (sign + 1) / 2, a head width D / H passed to
reshape), math.fmod keeping the sign of a negative shift and % silently reducing a shift of a whole window
(shifted_window_mask), Python's round half to even for the number of sine rows, Decimal's 28-digit default context for
costs of 10^15 tokens, ^ as xor for a square, float32 1/7 times 21 not being an integer (strided_mask), integer floor
division by a zero length (padding_mask), bool() of 0 hiding the causal diagonal, 0 / 0 = NaN comparing False (the
decoder's causal mask), isnan never true for a -inf column maximum (softmax_cols), ~ as bitwise not on an int64
remainder (strided_mask) and on Python bools (norm_first, the NSP label), torch adding bool tensors as logical or (the
MLM 80/10/10 action), sum() of an empty generator being the int 0 (MLM specials), bernoulli refusing the int64 tensor
torch.full makes from an int mask_prob, math.log of an underflowed float32 probability and `is` on ints above 256
(beam_search), a negative position indexing a cos/sin table from its end (rotary), ** binding tighter than unary minus
and * and / (rotary frequencies, layer norm's (var + eps) ** -1/2), math.isqrt flooring the scale 1/sqrt(N)
(channel_attention), float relative frequencies breaking BPE's exact ties (0.1 + 0.2 > 0.3), and a product check that
cannot tell nW from M*M (window_reverse). Right entries use unusual but exact arithmetic: divmod residue classes and
integer complements for the sparse costs, bool-times-int and an explicit trunc division in T5's buckets, modular
partner rows for rotary, ceil as -(-D // 2), floor quotients for the causal and local masks, logical_not of an integer
remainder, 0 ** |id - v| for one-hot, flat indices d*V + id for embed, 1 / mask - 1 as an infinite penalty, a clamped
difference read as bool for padding, math.remainder, math.log plus math.gcd, (H | W) & 1 and math.lcm as checks, wrap
flags rolled with the grid, bernoulli of float(mask_prob), a clamp round trip as a range check, a start column from an
int64 0-d tensor, math.isclose(temperature, 0) (exact for zero), a token-total window-count check, math.isqrt only for
perfect squares, exact Fraction frequencies, and nan_to_num(neginf=0.0) on the column maximum.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind94/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (16 of the 32 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (mlm_corrupt's action entry by
frequencies on 200 000 positions; decoder_layer, transformer_layer and channel_attention by the largest difference of
the outputs on random weights). Right entries were compared with the model answer under both default dtypes (float32
and float64 inputs, 0-2 batch axes, edge sizes), values to 1e-5 / 1e-10, dtypes and shapes exactly, ValueErrors
matched, and gradients of every floating-point input (parameters included) to 1e-4 where the function is
differentiable: sparse_attention_cost on 800 calls (every pattern, n from 0 to 2**61 + 3, windows and strides beyond n,
missing sizes, unknown names); relative_position_bucket on 600 offset tensors (empty and 0-d ones, both modes, odd and
even bucket counts, max_distance 20-1000); rotary_embedding with and without positions, odd D and D = 0, int and float
bases; sinusoidal_positions for N 0..30 and D 0..17; causal, local (windows -3..14), strided (strides -1..20) and
padding masks (no lengths, lengths 0..n); one_hot with float16/32/64 and out-of-range ids; embed with transposed
tables and negative ids; apply_mask with broadcast and float masks and scores of exactly 0 and a thousand times the
usual scale; patchify, window_partition (windows -2..3), shifted_window_mask (shifts -1..M), patch_merging (eps 0,
odd sides), window_reverse (wrong window counts) and channel_attention (N 1..16, scale None, 0.5, 0); multi-head
attention with D not divisible by H; dequantize_pixels and pixel_sequence with int32 / int16 / uint8 ids, float ids,
sos ids of 2**53 + 1 and 2**62 + 1; next_token_probs on 600 logits (rounded for ties, temperature 0 and 0.0, top_k to
V + 3, top_p 1e-9 to 1); train_bpe on 600 random corpora; softmax_cols with 1e4 scores and partly or wholly -inf
columns; mlm_corrupt by its invariants and frequencies on 200 000 positions (mask_prob 0.15, 0.5 and the ints 0 and 1,
tensor / list / tuple / empty specials, int32 ids), where it also matched the model answer's draws for the same seed.

Judgement calls: blind94_rotary_negative_positions_wrap_in_table is wrong only for negative positions; the contract
takes any integer position tensor and promises scores that depend only on p_q - p_k, so I took negative positions as
allowed. blind94_sparse_cost_decimal_default_precision is exact at 10**12 (the contract's example) and wrong from
about 10**14 on, which "exact for every n" covers. The input-check entries (fmod and % for the shift, the product
count in window_reverse, the truncated quotients in one_hot, embed and dequantize_pixels) are wrong only because the
contract names those ValueErrors. blind94_padding_mask_floor_quotient_by_zero_length raises for a length of 0, which
the contract allows (lengths in [0, n]). blind94_mha_head_width_by_true_division fails on every input (a TypeError);
it is kept as the plainest / versus // slip. The right bucket entry truncates exactly as the model answer does
(toward zero), not floor, because the two differ when max_distance is below n/2. Fewer entries than the brief's 45 /
25 (32 / 24): the emphasis's mechanisms were already in earlier batches for many functions (negative slice starts and
`is` for eos in generate, nonzero for top-p, F.pad's float fill in pixel_sequence, truthy biases, bool-sum labels in
the Swin mask, area and and-not-or parity checks, a / w ratio in local_mask, gcd strided masks, bool addition for
global masks), and those were not written again.

Counts: 32 wrong, 24 right.
Wrong per function: {'beam_search': 2, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 3, 'multi_head_attention': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'relative_position_bucket': 3, 'rotary_embedding': 2, 'shifted_window_mask': 2, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 2, 'strided_mask': 2, 'train_bpe': 1, 'transformer_layer': 1, 'window_reverse': 1}.
Right per function: {'apply_mask': 1, 'causal_mask': 1, 'channel_attention': 1, 'dequantize_pixels': 1, 'embed': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_94 = {
    # The closed forms in decimal.Decimal "to stay exact", but Decimal's default context keeps 28 significant digits.
    # sparse_attention_cost("dense", 10**15 + 1): model 10**30 + 2 * 10**15 + 1, entry 1000000000000002000000000000000
    # (rounded to 28 digits). Passes the visible tests.
    "blind94_sparse_cost_decimal_default_precision": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            from decimal import Decimal
            N = Decimal(n)                       # exact decimal arithmetic instead of floats
            if pattern == "dense":
                return int(N * N)
            if pattern == "causal":
                return int(N * (N + 1) / 2)
            if pattern == "local":
                w = Decimal(min(window, n - 1) if n else 0)
                return int(N * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = Decimal((n - 1) // stride if n else 0)
                return int(N * (2 * m + 1) - stride * m * (m + 1))
            g = Decimal(num_global)
            return int(g * (2 * N - g))
'''),
    # n² written as n ^ 2, which in Python is bitwise xor. sparse_attention_cost("dense", 3): model 9, entry 1;
    # ("global", 4, num_global=1): model 7, entry -7 (^ binds looser than -: 4 ^ (2 - 3) ^ 2). Fails the visible tests.
    "blind94_sparse_cost_caret_as_power": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n ^ 2
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return n ^ 2 - (n - num_global) ^ 2
'''),
    # floor(x) written as ceil(x) - 1, which is one too small when x is an exact integer: at d = n/2 the log is 0.
    # relative_position_bucket(torch.tensor([-8, 8])): model [8, 24], entry [7, 23]. Fails the visible tests.
    "blind94_bucket_floor_as_ceil_minus_one": ("positions", "relative_position_bucket", '''
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + (torch.ceil(log_scale) - 1).long(), max=half - 1)   # the last boundary passed
            return base + torch.where(distance < exact, distance, far)
'''),
    # n/2 of the exact range taken with true division: for an odd half (30 or 31 buckets, half 15) exact is 7.5, so the
    # log scale starts from 7.5 and distance 7 counts as exact. relative_position_bucket(torch.tensor([-8, 8]),
    # num_buckets=30, max_distance=20): model [8, 23], entry [7, 22]. Passes the visible tests.
    "blind94_bucket_exact_half_true_division": ("positions", "relative_position_bucket", '''
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
            exact = half / 2                                    # half of the half
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp((exact + log_scale).long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The upper half picked with (sign + 1) / 2: true division gives 1/2 for offset 0, so offset 0 lands in the middle.
    # relative_position_bucket(torch.tensor([-1, 0, 1])): model [1, 0, 17], entry [1, 8, 17]. Fails the visible tests.
    "blind94_bucket_half_from_sign_true_division": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                upper = (torch.sign(offset) + 1) / 2            # 1 for keys after the query, 0 otherwise
                base = upper * half
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return (base + torch.where(distance < exact, distance, far)).long()
'''),
    # Hugging Face style cos/sin tables indexed by the positions: a negative position indexes the table from its end.
    # rotary_embedding(Q, K, positions_q=torch.tensor([-1, 0, 1]), positions_k=torch.tensor([0, 1, 2])) with Q, K of
    # ones (2, 3): model Q'[:, 0] = [cos 1 + sin 1, cos 1 - sin 1] = [1.382, -0.301], entry uses position 2
    # ([-1.325, 0.493]). Passes the visible tests.
    "blind94_rotary_negative_positions_wrap_in_table": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim = Q.shape[-2]
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = torch.arange(K.shape[-1])
            length = int(torch.cat([positions_q.reshape(-1), positions_k.reshape(-1)]).max()) + 1
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * torch.arange(length, dtype=torch.float64)[None, :]   # (D/2, L) table
            cos_table, sin_table = angles.cos(), angles.sin()

            def rotate(X, positions):
                cos = cos_table[:, positions].to(X.dtype)
                sin = sin_table[:, positions].to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # theta_i = base ** (-2i / D) typed as base ** -2 * i / D: ** binds tighter than *, so theta_i = i / (D base²).
    # rotary_embedding(Q, K) with D = 2, one column at position 1: model angle 1 (theta_0 = 1), entry angle 0
    # (theta_0 = 0): Q' of ones [cos 1 - sin 1, cos 1 + sin 1] = [-0.301, 1.382] vs [1, 1]. Fails the visible tests.
    "blind94_rotary_negative_exponent_precedence": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                i = torch.arange(dim // 2, dtype=torch.float64)
                theta = base ** -2 * i / dim                  # meant: base ** (-2 * i / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The number of sine rows taken as round(D / 2), trusting x.5 to round up; Python rounds half to even, so
    # round(2.5) = 2 and round(0.5) = 0. sinusoidal_positions(3, 5): model a (5, 3) table, entry RuntimeError (2 sine
    # rows for 3 slots); D = 3 and 7 happen to work. Fails the visible tests.
    "blind94_sinusoidal_sine_rows_by_round_half_up": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            num_sines = round(dim / 2)                    # D/2, rounded up for an odd D
            positions = torch.arange(num_positions, dtype=dtype)
            pair_index = torch.arange(num_sines, dtype=dtype) * 2
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions, dtype=dtype)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim - num_sines])
            return table
'''),
    # Own range check: every id divided by V must truncate to 0. .long() truncates toward zero, so -1 / V = -0.2
    # becomes 0 and negative ids pass (their column is all zeros). one_hot(torch.tensor([-1, 2]), 5): model
    # ValueError, entry [[0, 0], [0, 0], [0, 1], [0, 0], [0, 0]]. Fails the visible tests.
    "blind94_one_hot_range_check_by_truncated_quotient": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.numel() and (token_ids / vocab_size).long().abs().max() != 0:
                raise ValueError(f"token_ids must lie in [0, {vocab_size})")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Own range check with Python's int(), which truncates toward zero: int(-1 / V) == 0, so id -1 passes and indexes
    # the last column. embed(omega (2, 3), torch.tensor([-1])): model ValueError, entry omega[:, 2:3]. Passes the
    # visible tests.
    "blind94_embed_range_check_int_truncates_negative_quotient": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            V = omega_e.shape[-1]
            if token_ids.numel() and (int(token_ids.min() / V) != 0 or int(token_ids.max() / V) != 0):
                raise ValueError(f"token_ids must lie in [0, {V})")
            columns = omega_e[:, token_ids]
            return columns.movedim(0, -2)
'''),
    # Range check by the quotient id / K with rounding_mode="trunc": -1 / K truncates to 0, so negative ids pass and
    # index the palette from its end. dequantize_pixels(torch.tensor([[-1]]), palette (3, 4)): model ValueError,
    # entry palette[:, 3] as a 1x1 image. Passes the visible tests.
    "blind94_dequantize_range_by_truncating_division": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                                 f"{tuple(palette.shape)}")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
            if ids.numel() and torch.div(ids.long(), palette.shape[1], rounding_mode="trunc").any():
                raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
            colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    # Visible iff relu(i - j) is "true": bool() of 0 is False, so the diagonal (i = j, key = query) is hidden.
    # causal_mask(2): model [[T, T], [F, T]], entry [[F, T], [F, F]]. Fails the visible tests.
    "blind94_causal_mask_bool_of_clamped_offset": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).clamp(min=0).bool()       # non-negative offsets are visible
'''),
    # The band |d| <= w as "(d + w) / (2w + 1) truncates to 0"; .long() truncates toward zero, so offsets down to
    # -(3w + 1) pass too. local_mask(4, 1)[3, 0] (key 3, query 0, |d| = 3): model False, entry True. Fails the
    # visible tests.
    "blind94_local_mask_band_by_truncated_quotient": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            band = ((queries - keys + window) / (2 * window + 1)).long()   # 0 inside the band of width 2w + 1
            return band == 0
'''),
    # The multiple-of-stride test as frac(d * (1 / stride)) == 0: 1/7 is not exact in float32, and 21 * fl(1/7) has a
    # fractional part. strided_mask(22, 7)[0, 21]: model True, entry False (float32 default; under a float64 default
    # stride 49 fails). Passes the visible tests.
    "blind94_strided_mask_reciprocal_multiply_fraction": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return ((queries - keys) * (1 / stride)).frac() == 0    # a multiply is cheaper than a divide
'''),
    # "Not the remainder" written as ~ on the int64 remainder: ~ is bitwise, ~0 = -1 and ~r = -(r + 1), both
    # nonzero, so every entry is True. strided_mask(3, 2): model [[T, F, T], [F, T, F], [T, F, T]], entry all True.
    # Fails the visible tests.
    "blind94_strided_mask_bitwise_not_of_int_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (~((queries - keys) % stride)).bool()       # visible where the remainder is "not" set
'''),
    # Visible iff j // L == 0: right for L >= 1, but integer floor division by a length of 0 raises.
    # padding_mask(torch.tensor([2, 0]), 3): model [[T, T, F], [F, F, F]] (as (2, 3, 1)), entry RuntimeError
    # (ZeroDivisionError). Passes the visible tests.
    "blind94_padding_mask_floor_quotient_by_zero_length": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys // lengths[:, None] == 0)[:, :, None]   # j < L exactly when j // L is 0
'''),
    # Beam scores from math.log of softmax probabilities: a token whose float32 probability underflows to 0 makes
    # math.log raise. Model logits constant [0, -200] (V = 2), beam_search(model, torch.tensor([0]), 2, 1): model
    # [0, 0], entry ValueError (math domain error). Passes the visible tests.
    "blind94_beam_search_math_log_of_underflowed_probability": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    probs = torch.softmax(model(ids)[:, -1], dim=0)
                    for token, p in enumerate(probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + math.log(p), extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The eos test written token is eos_id: ints are only shared objects up to 256 in CPython, so an eos id of 300
    # never finishes a beam. Model whose logits favour token 300 (V = 301), beam_search(model, torch.tensor([0]), 1,
    # 3, eos_id=300): model [0, 300], entry [0, 300, 300, 300]. Passes the visible tests.
    "blind94_beam_search_eos_by_identity": ("sampling", "beam_search", '''
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
                        candidates.append((score + log_prob, extended, token is eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Hugging Face's torch.bernoulli(torch.full(shape, p)): a mask_prob given as an int (1 or 0, which the contract
    # allows for a float argument) makes an int64 tensor, and bernoulli refuses it. mlm_corrupt(ids, 10, [0], 9,
    # mask_prob=1): model every non-special position chosen, entry RuntimeError. Passes the visible tests.
    "blind94_mlm_bernoulli_of_full_int_probability": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            probability = torch.full(ids.shape, mask_prob)
            chosen = eligible & torch.bernoulli(probability, generator=generator).bool()
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Special positions counted with sum() of a generator: with no special ids the sum is the int 0, not a tensor,
    # and .bool() fails. mlm_corrupt(ids, 10, [], 9): model a normal corruption, entry AttributeError.
    # Passes the visible tests.
    "blind94_mlm_specials_by_sum_of_empty_generator": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            is_special = sum(ids == int(s) for s in special_ids)     # how many special ids each position equals
            eligible = ~is_special.bool()
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The 80/10/10 action as a sum of two comparisons expecting 0/1/2; torch adds bool tensors as logical or, so the
    # "keep" action (2) never happens and a chosen token becomes a random id 20 % of the time. On 200 000 positions
    # with mask_prob=1, V = 10: model 10.9 % of the chosen tokens unchanged (10 % kept plus random hits), entry 2.0 %
    # (only random ids that equal the original). Fails the visible tests.
    "blind94_mlm_action_from_added_bool_tensors": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            action = (u >= 0.8) + (u >= 0.9)                  # 0: [MASK], 1: random token, 2: keep
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action == 1), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The shift range checked as math.fmod(shift, window) == shift; fmod keeps the sign of the dividend, so a negative
    # shift passes. shifted_window_mask(4, 4, 2, -1): model ValueError, entry an all-True (4, 4, 4) mask.
    # Passes the visible tests.
    "blind94_shifted_mask_shift_range_by_fmod": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            _check_grid(height, width, window)
            if isinstance(shift, bool) or not isinstance(shift, int) or math.fmod(shift, window) != shift:
                raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The shift reduced modulo the window instead of checked ("a roll by a whole window is no roll"): Python's %
    # turns shift = window into 0 and -1 into window - 1. shifted_window_mask(4, 4, 2, 2): model ValueError, entry
    # all True. Passes the visible tests.
    "blind94_shifted_mask_shift_reduced_modulo_window": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            _check_grid(height, width, window)
            if isinstance(shift, bool) or not isinstance(shift, int):
                raise ValueError(f"shift must be an integer, got {shift!r}")
            shift %= window                                   # a cyclic shift only matters modulo the window
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # 1/sqrt(var + eps) typed as (var + eps) ** -1/2, which Python reads as ((var + eps) ** -1) / 2.
    # layer_norm(X = [[1.], [-1.]], gamma = 1, beta = 0, eps=0): model [[1], [-1]], entry [[0.5], [-0.5]].
    # Fails the visible tests.
    "blind94_layer_norm_inverse_sqrt_precedence": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            normalised = (X - mean) * (variance + eps) ** -1/2
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # The default scale 1 / sqrt(N) taken with math.isqrt, which floors: exact only when N is a perfect square.
    # channel_attention with N = 5 tokens: model scale 1/sqrt(5) = 0.447, entry 1/2 (outputs differ; N = 4 agrees).
    # Fails the visible tests.
    "blind94_channel_attention_scale_from_integer_square_root": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.isqrt(tokens)                # integer square root: no float rounding
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Pair counts kept as relative frequencies (count / number of words): float sums break exact ties, and
    # 0.1 + 0.2 > 0.3. train_bpe("cd cd cd ab abe abe p q r s", 1): model [("c", "d")] (count 3, first seen),
    # entry [("a", "b")] (1/10 + 2/10 = 0.30000000000000004 beats 3/10). Passes the visible tests.
    "blind94_train_bpe_counts_as_float_frequencies": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            total = sum(word_counts.values())
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_freqs = Counter()
                for word, count in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_freqs[pair] += count / total         # a relative frequency, as in the notes
                if not pair_freqs:
                    break
                best = max(pair_freqs, key=pair_freqs.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # "if ~norm_first" for "unless pre-LN": on a Python bool ~ is integer negation (~True = -2, ~False = -1), both
    # truthy, so the post-LN branch always runs. transformer_layer(..., norm_first=True): model the pre-LN layer,
    # entry the post-LN one (outputs differ). Fails the visible tests.
    "blind94_transformer_layer_bitwise_not_of_python_bool": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if ~norm_first:                                   # post-LN, the lecture's default
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            else:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            return X
'''),
    # The label as int(~is_next) with is_next a Python bool (from .item()): ~True = -2, ~False = -1, so labels are
    # -2 / -1 instead of 0 / 1. nsp_pairs([["a", "b"], ["c"]], generator seeded 0): model [("a", "b", 0)], entry
    # [("a", "b", -2)] (seed 1: [("a", "c", 1)] vs [("a", "c", -1)]). Fails the visible tests.
    "blind94_nsp_label_bitwise_not_of_python_bool": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    is_next = (torch.rand((), generator=generator) < 0.5).item()
                    if is_next:
                        b = successor
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        b = other[torch.randint(len(other), (), generator=generator).item()]
                    pairs.append((a, b, int(~is_next)))       # label 1 when B is not the next sentence
            return pairs
'''),
    # The window-count check as nW * (last axis) == H * W: a product cannot tell nW from M*M, so a (1, C, 16) stack
    # passes for a 4x4 grid of 2x2 windows (nW must be 4). window_reverse(torch.zeros(1, 3, 16), 2, 4, 4): model
    # ValueError, entry a (3, 4, 4) grid. Passes the visible tests.
    "blind94_window_reverse_count_check_by_product": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            _check_grid(height, width, window)
            M = window
            if windows.dim() < 3 or windows.shape[-3] * windows.shape[-1] != height * width:
                raise ValueError(f"windows must hold the {height * width} tokens of a {height}x{width} grid")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # The decoder's causal mask as j / i <= 1 on float positions: for query 0, 0 / 0 is NaN and NaN <= 1 is False, so
    # query 0 sees no key and its self-attention output is bo. decoder_layer on any input: model column 0 attends to
    # key 0, entry column 0 differs. Passes the visible tests.
    "blind94_decoder_layer_causal_by_position_ratio": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            positions = torch.arange(X.shape[-1], dtype=X.dtype)
            self_mask = positions[:, None] / positions[None, :] <= 1     # key j visible iff j / i <= 1
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # The all -inf column guarded with isnan on the maximum: a -inf maximum is not NaN, so -inf - -inf = NaN goes
    # through exp and the column comes out NaN. softmax_cols(torch.tensor([[-inf], [-inf]])): model [[0], [0]],
    # entry [[nan], [nan]]. Fails the visible tests.
    "blind94_softmax_guard_tests_max_for_nan": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isnan(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            bad = torch.isnan(column_sum) | (column_sum == 0)
            return exps / torch.where(bad, torch.ones_like(column_sum), column_sum)
'''),
    # The head width as D / H, a float in Python 3, passed to reshape. multi_head_attention on any input: model the
    # attention, entry TypeError (reshape wants ints). Fails the visible tests.
    "blind94_mha_head_width_by_true_division": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim / num_heads
            def split(Y):
                return Y.reshape(*Y.shape[:-2], num_heads, head_dim, Y.shape[-1])
            Q = split(linear(Xq, params["Wq"], params["bq"]))
            K = split(linear(Xkv, params["Wk"], params["bk"]))
            V = split(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_94 = {
    # Integer-only closed forms: (n² + n) >> 1, the local band as n² minus the two far triangles, and the strided
    # count by residue classes from divmod (r classes of q + 1 positions, stride - r of q). Passes the visible tests.
    "blind94_right_sparse_cost_residue_classes_by_divmod": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) >> 1
            if pattern == "local":
                far = max(n - window - 1, 0)              # offsets window+1 .. n-1 on each side
                return n * n - far * (far + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)                  # positions fall into stride residue classes
                return r * (q + 1) ** 2 + (stride - r) * q * q
            return n * n - (n - num_global) ** 2
'''),
    # T5's buckets with bool-times-int for the upper half, neg().clamp for the causal distance and an explicit
    # torch.div(..., rounding_mode="trunc") where T5 truncates (the log part unchanged, in float32). Passes the
    # visible tests.
    "blind94_right_bucket_bool_times_half_and_trunc_division": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0) * half                    # bool * int: 0 or half, int64
                distance = offset.abs()
            else:
                half = num_buckets
                base = offset * 0
                distance = offset.neg().clamp(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            steps = torch.div(log_scale, 1, rounding_mode="trunc")      # toward zero, as T5's .to(long)
            far = torch.clamp(exact + steps.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Rotary by index arithmetic on the rows: partner (r + D/2) % D, frequency index r % (D/2), sign
    # 2 * floor(r / (D/2)) - 1 (top half subtracts, bottom half adds). Passes the visible tests.
    "blind94_right_rotary_rows_by_modular_partner_index": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if dim == 0:
                    return X.clone()
                half = dim >> 1
                if positions is None:
                    positions = torch.arange(num)
                rows = torch.arange(dim)
                partner = (rows + half) % dim
                sign = 2 * torch.div(rows, half, rounding_mode="floor") - 1
                theta = base ** (-2 * (rows % half).to(torch.float64) / dim)            # (D,)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                return X * cos + sign.to(X.dtype)[:, None] * X[..., partner, :] * sin

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The count of sine rows as ceil(D / 2) = -(-D // 2), floor division of the negated width (integers only).
    # Passes the visible tests.
    "blind94_right_sinusoidal_sine_rows_by_negated_floor_division": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            num_sines = -(-dim // 2)                     # ceil(D / 2) without floats
            num_cosines = dim // 2
            positions = torch.arange(num_positions, dtype=dtype)
            pair_index = torch.arange(num_sines, dtype=dtype) * 2
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions, dtype=dtype)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[:num_cosines])
            return table
'''),
    # Key j <= query i written as floor((i - j) / n) == 0 (i - j lies in (-n, n)), floor division by max(n, 1).
    # Passes the visible tests.
    "blind94_right_causal_mask_floor_quotient_zero": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return torch.div(queries - keys, max(n, 1), rounding_mode="floor") == 0
'''),
    # |i - j| <= w as floor((w - |i - j|) / (n + |w| + 1)) == 0: the numerator never reaches the divisor and is
    # negative exactly outside the band (any integer window). Passes the visible tests.
    "blind94_right_local_mask_floor_quotient_of_slack": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            slack = window - (queries - keys).abs()
            return torch.div(slack, n + abs(window) + 1, rounding_mode="floor") == 0
'''),
    # logical_not of the int64 remainder: nonzero -> False, zero -> True (not ~, which would be bitwise).
    # Passes the visible tests.
    "blind94_right_strided_mask_logical_not_of_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return torch.logical_not((queries - keys) % stride)
'''),
    # One-hot as 0 ** |id - v|: integer powers of zero, 0 ** 0 = 1, then cast to the requested dtype.
    # Passes the visible tests.
    "blind94_right_one_hot_zero_to_the_distance": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            distance = (token_ids.unsqueeze(-2) - vocabulary[:, None]).abs()     # (..., V, N), int64
            return torch.pow(0, distance).to(dtype or torch.get_default_dtype())
'''),
    # Lookup through flat indices d * V + id into omega_e.reshape(-1) (a copy when omega_e is not contiguous).
    # Passes the visible tests.
    "blind94_right_embed_flat_index_arithmetic": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            D, V = omega_e.shape
            rows = torch.arange(D, device=token_ids.device).reshape(D, *([1] * token_ids.dim()))
            flat = rows * V + token_ids                           # (D, ..., N)
            return omega_e.reshape(-1)[flat].movedim(0, -2)
'''),
    # Masking by subtraction of 1 / mask - 1, which is 0 where visible and 1 / 0 = +inf where hidden.
    # Passes the visible tests.
    "blind94_right_apply_mask_reciprocal_penalty": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            penalty = 1 / mask.to(scores.dtype) - 1               # 0.0 or inf
            return scores - penalty
'''),
    # The padding mask as clamp(L - j, 0, 1) read as bool: 1 where j < L, 0 elsewhere. Passes the visible tests.
    "blind94_right_padding_mask_clamped_difference_as_bool": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (lengths[:, None] - keys).clamp(0, 1).bool()[:, :, None]
'''),
    # The divisibility check with math.remainder (IEEE remainder, quotient rounded half to even): zero exactly for
    # multiples, nonzero (possibly negative) otherwise. Passes the visible tests.
    "blind94_right_patchify_check_by_ieee_remainder": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if math.remainder(height, patch_size) or math.remainder(width, patch_size):
                raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Own checks: math.log(window) raises ValueError for M <= 0, and M divides a side iff gcd(side, M) == M.
    # Passes the visible tests.
    "blind94_right_window_partition_checks_by_log_and_gcd": ("swin", "window_partition", '''
        def window_partition(X, window):
            if X.dim() < 3:
                raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
            *batch, channels, height, width = X.shape
            if isinstance(window, bool) or not isinstance(window, int):
                raise ValueError(f"window must be a positive integer, got {window!r}")
            math.log(window)                                  # ValueError (math domain error) unless window >= 1
            if math.gcd(height, window) != window or math.gcd(width, window) != window:
                raise ValueError(f"window={window} must divide the grid's height and width")
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The wrap flags made on the original grid (index < shift) and rolled with the grid by torch.roll(-shift).
    # Passes the visible tests.
    "blind94_right_shifted_mask_flags_rolled_with_the_grid": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.roll(torch.arange(height) < shift, -shift)      # rolled row r held row r + shift
            wrapped_columns = torch.roll(torch.arange(width) < shift, -shift)
            labels = wrapped_rows.long()[:, None] * 2 + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The even-grid check as (H | W) & 1: the low bit of the or is set iff either side is odd. Passes the visible
    # tests.
    "blind94_right_patch_merging_parity_by_bitwise_or": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            if X.dim() < 3:
                raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
            channels, height, width = X.shape[-3:]
            if (height | width) & 1:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
                raise ValueError(f"with C={channels}: gamma, beta must be ({4 * channels},) and W ({2 * channels}, "
                                 f"{4 * channels})")
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The divisibility check as lcm(D, H) == D. Passes the visible tests.
    "blind94_right_mha_divisibility_by_lcm": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if math.lcm(dim, num_heads) != dim:
                raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Bernoulli choices from torch.full(shape, float(mask_prob)): the float() keeps an int mask_prob (0 or 1) a
    # floating-point probability. Passes the visible tests.
    "blind94_right_mlm_bernoulli_of_float_probability": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            probability = torch.full(ids.shape, float(mask_prob))
            chosen = eligible & torch.bernoulli(probability, generator=generator).bool()
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The range check as a clamp round trip in int64: ids are valid iff clamping them to [0, K - 1] changes nothing.
    # Passes the visible tests.
    "blind94_right_dequantize_range_by_clamp_round_trip": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                                 f"{tuple(palette.shape)}")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
            as_long = ids.long()
            if as_long.numel() and not torch.equal(as_long.clamp(0, palette.shape[1] - 1), as_long):
                raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
            return palette[:, as_long].movedim(0, -3)
'''),
    # The start column from a 0-d int64 tensor of sos_id expanded (exact for any int64 id, no float on the way).
    # Passes the visible tests.
    "blind94_right_pixel_sequence_start_from_int64_scalar": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.tensor(sos_id, dtype=torch.long, device=ids.device).expand(*targets.shape[:-1], 1)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The greedy test as math.isclose(temperature, 0): with its default abs_tol of 0 only an exact zero is close to
    # 0, so this is temperature == 0 (for 0, 0.0 and -0.0). Passes the visible tests.
    "blind94_right_next_token_probs_greedy_by_isclose_to_zero": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if math.isclose(temperature, 0):
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The window-count check as nW * M² == H * W together with the last axis == M² (then nW is (H/M)(W/M)).
    # Passes the visible tests.
    "blind94_right_window_reverse_count_by_token_total": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            _check_grid(height, width, window)
            M = window
            if windows.dim() < 3 or windows.shape[-1] != M * M or windows.shape[-3] * M * M != height * width:
                raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid of {M}x{M} windows")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # The default scale from math.isqrt when N is a perfect square (1 / r, exact), else 1 / math.sqrt(N): sqrt of
    # a perfect square is exact in IEEE arithmetic, so both give the same float. Passes the visible tests.
    "blind94_right_channel_attention_scale_isqrt_only_for_squares": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                root = math.isqrt(tokens)
                scale = 1 / root if root * root == tokens else 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Pair counts as exact relative frequencies (fractions.Fraction(count, total)): ties stay exact ties, so max
    # keeps the first-seen pair. Passes the visible tests.
    "blind94_right_train_bpe_frequencies_as_exact_fractions": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from fractions import Fraction
            word_counts = Counter(tuple(word) for word in words)
            total = sum(word_counts.values())
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_freqs = Counter()
                for word, count in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_freqs[pair] += Fraction(count, total)
                if not pair_freqs:
                    break
                best = max(pair_freqs, key=pair_freqs.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # The all -inf column handled with nan_to_num(neginf=0.0) on the maximum and a zero-sum guard.
    # Passes the visible tests.
    "blind94_right_softmax_max_nan_to_num_neginf_zero": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = torch.nan_to_num(scores.amax(dim=-2, keepdim=True), neginf=0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(column_sum == 0, torch.ones_like(column_sum), column_sum)
'''),
}
