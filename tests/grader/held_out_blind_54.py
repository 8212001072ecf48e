"""Fifty-fifth blind batch of held-out implementations (prefix blind54_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_53.py) were only skimmed for their entry names and emphases (no name here repeats
an earlier one). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch
written at the same time (held_out_blind_55.py).

Emphasis: integer and boolean arithmetic. Wrong entries: positions, ids and vocabularies in uint8, int8, int16 or
bfloat16 that wrap or round (causal, strided, one-hot, embed, rotary), the vocabulary compared in the requested
bfloat16 dtype, ~ on int64 flags read as logical not (padding mask, global mask, a decoder's causal mask, an MLM
blend), bool arithmetic that meets 0 * -inf (apply_mask), floor division where truncation or true division was meant
(a one-sided local band, block classes for a strided mask, an average pool, a ReLU gate whose floor_divide has no
derivative), Python precedence in H * W // M * M, int32 counts that overflow past 2^31, a bit shift that assumes a
power-of-two bucket count, int / int taking the default dtype (a float64 logarithm where the contract wants float32)
and sqrt of an int64 tensor taking float32, torch.round for a floor, float-step aranges that give one element too
many, searchsorted on the wrong side, an eos id or scale of 0 read as "not given", torch casting the scalar 512 to
uint8 in a range check, torch.full and index_select refusing uint8 ids, int32 ids returned, divisor checks that miss
D % H or a negative group count, and rounded index draws. Right entries: integer code written in unusual but correct
ways (arithmetic shifts for sign bits, xor for equality and for logical not, bool cumsum, truncating division, fmod,
congruence classes, shifted int flags, divmod and math.comb, unique/inverse, bucketize labels, an integer decile draw,
an arithmetic blend of disjoint flags, a modular document offset, int32 index_select, roll then overwrite, inverse
permutation ranks, searchsorted on the left side, rsqrt of a width made in the query's dtype).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind54/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and 23 of the
37 wrong entries do (each wrong comment says which). Each wrong entry's recorded input was run on the model answer
and on the entry and both results printed; they differ as the comment says (nsp by frequencies over 20000 seeded
calls). Right entries were compared with the model answer under both default dtypes on float32 and float64 inputs (to
2e-5 and 1e-10 scaled by the result's size; exactly for masks, ids, buckets and counts): no, one and two batch axes,
broadcast masks (padding, size-1 axes, fewer leading axes), random, causal and all-False masks (a query that sees
nothing), N_q != N_k and sizes of 1, sizes 0 where the model answer takes them, n = 200 and 300 for masks, V = 300 and
40000, ids of every integer dtype (uint8, int8, int16, int32, int64) for dequantize_pixels and pixel_sequence with
start ids 0, 5, 512 and 2^40, offsets -600..600 with 32, 31, 20, 18, 16, 8 and 4 buckets and max_distance 8 to 1000
both ways, sparse costs for n up to 2^27 + 1 with windows and strides up to 10^7, every (height, width, window,
shift) of small grids including invalid ones, temperatures 0 to 50 with top_k 1..100 and top_p from 1e-6 to 1.0
(including exact boundaries such as [0.5, 0.3, 0.2] with p = 0.8), non-contiguous inputs, the contract's ValueErrors
(same outcome on both sides), arguments left unchanged, and gradients of every floating-point input under a random
cotangent (to 2e-4 relative; no NaN at finite entries). generate was compared on seeded generators and under
torch.manual_seed (temperature 0, top-k, top-p, eos ids 0 and 3, context sizes), sequence_log_prob through a
parametrised causal model (value and gradient), mlm_corrupt by its frequencies over 400000 ids (chosen, [MASK],
random, kept; special ids never chosen; labels) and nsp_pairs over 4000 seeded calls (label rate, the other
documents and their sentences equally often, never A's own, the ValueError).

Judgement calls: blind54_bucket_integer_true_division_takes_default_dtype agrees with the model answer under a
float32 default dtype and differs under float64 only at the few boundary distances where float32 and float64
logarithms floor differently (found for num_buckets 18, 38, 72 and 108; none for 32 buckets), so it may be hard to
catch; it breaks the contract's "logarithm taken in float32". blind54_one_hot_compares_ids_in_requested_dtype is
right for the default float32 and float64 dtypes and wrong only for a bfloat16 (or float16) `dtype` argument with
V > 256 (2048), which the contract's "a floating-point dtype" allows. blind54_sdpa_sqrt_of_integer_width_tensor is
wrong only for float64 inputs under a float32 default dtype (a 4e-9 relative error). Several wrong entries need large
sizes the grader may not use (causal n > 256, strided n > 128, one-hot V > 256, embed V > 32767, rotary N > 256,
sparse costs past 2^31). blind54_feed_forward_relu_gate_by_floor_divided_sign was first written as a right entry;
its backward pass raises (floor_divide has no derivative), so it is wrong. blind54_right_pixel_sequence_roll_then_overwrite_start
returns empty tensors for a zero-size batch (0, H, W), where the model answer itself raises a RuntimeError in
reshape(-1); as in batch 33 that is not an input the model answer can be graded on, so it is kept as right.
Fewer entries than asked (about 55 / 35): the time box.

Counts: 37 wrong, 30 right.
Wrong per function: {'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'causal_mask': 2, 'channel_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 2, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 2, 'padding_mask': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 3, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 2, 'window_reverse': 1}.
Right per function: {'apply_mask': 2, 'causal_mask': 1, 'decoder_layer': 1, 'dequantize_pixels': 2, 'embed': 1, 'generate': 1, 'global_token_mask': 1, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 2, 'pixel_sequence': 1, 'relative_position_bucket': 2, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 2, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_54 = {
    # Compares the ids in the requested output dtype: bfloat16 holds integers exactly only up to 256 (float16 to
    # 2048), so neighbouring ids collide. one_hot(tensor([257]), 300, dtype=torch.bfloat16): model's column has a 1 in
    # row 257 only, entry's in rows 256 and 257. Passes the visible tests.
    "blind54_one_hot_compares_ids_in_requested_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            # build the comparison in the output dtype directly, to skip a cast
            ids = token_ids.to(dtype).unsqueeze(-2)                     # (..., 1, N)
            rows = torch.arange(vocab_size, dtype=dtype)[:, None]        # (V, 1)
            return (ids == rows).to(dtype)
'''),
    # The vocabulary rows are torch.arange(V, dtype=torch.uint8), which wraps past 255 (row 261 holds 5).
    # one_hot(tensor([5]), 300): model's column has a 1 in row 5, entry's in rows 5 and 261. Passes the visible tests.
    "blind54_one_hot_vocabulary_arange_in_uint8": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, dtype=torch.uint8)     # a byte per row: ids are small
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Ids stored as int16 and cast back: ids past 32767 wrap to negative numbers, which index from the end of the
    # table. embed(arange(40000.)[None], tensor([39999])): model [[39999.]], entry [[14463.]] (39999 -> -25537 ->
    # column 14463). Passes the visible tests.
    "blind54_embed_ids_cast_to_int16": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            compact = token_ids.to(torch.int16)                          # ids stored in half the memory
            return omega_e[:, compact.long()].movedim(0, -2)
'''),
    # The exponents 2i/D come from torch.arange(0, 1, 2 / dim), a float step: rounding gives ceil(D/2) + 1 values for
    # some D (98, 196), so the table cannot be filled. sinusoidal_positions(3, 98): model shape (98, 3), entry
    # RuntimeError (expanded size 49 vs 50). Passes the visible tests.
    "blind54_sinusoidal_exponents_by_float_step_arange": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            exponents = torch.arange(0, 1, 2 / dim, dtype=dtype)       # 2i/D for i = 0, 1, ...
            positions = torch.arange(num_positions, dtype=dtype)
            angles = positions[None, :] / 10000 ** exponents[:, None]
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Positions as torch.arange(n, dtype=torch.uint8): past 255 they wrap, so late keys look early.
    # causal_mask(300)[256, 10] (key 256, query 10): model False, entry True. Passes the visible tests.
    "blind54_causal_mask_positions_in_uint8": ("masking", "causal_mask", '''
        def causal_mask(n):
            positions = torch.arange(n, dtype=torch.uint8)               # positions as bytes
            return positions[:, None] <= positions[None, :]
'''),
    # The old ByteTensor mask (torch.ones(n, n, dtype=torch.uint8).triu()): right pattern, but the contract's mask is
    # a BoolTensor (apply_mask refuses uint8). causal_mask(2): model bool [[True, True], [False, True]], entry uint8
    # [[1, 1], [0, 1]]. Fails the visible tests (1 failing).
    "blind54_causal_mask_returned_as_byte_tensor": ("masking", "causal_mask", '''
        def causal_mask(n):
            # the old ByteTensor mask: 1 = visible
            return torch.ones(n, n, dtype=torch.uint8).triu()
'''),
    # Pad flags cast to long and inverted with ~, which on an int tensor is bitwise not (~1 = -2, ~0 = -1, both
    # nonzero), so every key is visible. padding_mask(tensor([1]), 3)[0, :, 0]: model [True, False, False], entry
    # [True, True, True]. Fails the visible tests (1 failing).
    "blind54_padding_mask_bitwise_not_of_int_pad_flags": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)[None, :]
            is_pad = (keys >= lengths[:, None]).long()                   # 1 where padded
            visible = ~is_pad                                            # meant: 1 - is_pad
            return visible.bool()[:, :, None]
'''),
    # Tests the band with floor division, (i - j) // (window + 1) == 0: floor sends -1 .. -window to bucket -1, so
    # keys after the query are hidden. local_mask(3, 1): model [[1,1,0],[1,1,1],[0,1,1]], entry
    # [[1,1,0],[0,1,1],[0,0,1]]. Fails the visible tests (1 failing).
    "blind54_local_mask_floor_divided_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]   # i - j
            return offsets // (window + 1) == 0                             # inside the band
'''),
    # Masks by arithmetic on bools, scores * mask + (~mask) * -inf: at a visible entry 0 * -inf is NaN.
    # apply_mask([[1., 2.]], [[True, False]]): model [[1., -inf]], entry [[nan, -inf]]. Fails the visible tests (2
    # failing).
    "blind54_apply_mask_bool_products_summed": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores * mask + (~mask) * float("-inf")
'''),
    # Scales by torch.sqrt(torch.tensor(D_k)): the square root of an int64 tensor comes out in the default dtype
    # (float32), so float64 inputs are scaled by a float32-rounded constant. Q = [[1],[0],[0]], K = [[1, 0],[0, 0],[0,
    # 0]], V = [[1, 0]] in float64 (default float32): output model 0.6404574756806275, entry 0.64045747806679876 (off
    # by 4e-9 relative). Passes the visible tests.
    "blind54_sdpa_sqrt_of_integer_width_tensor": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = torch.tensor(Q.shape[-2])
            scores = K.transpose(-2, -1) @ Q / torch.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Checks D // H == 0 (only H > D) instead of D % H != 0, so D = 6 with 4 heads is not refused; the head split then
    # fails with a RuntimeError, not the contract's ValueError. multi_head_attention(X (6, 2), X (6, 2), params, 4):
    # model ValueError, entry RuntimeError (shape [4, 1, 2] invalid). Fails the visible tests (1 failing).
    "blind54_mha_divisibility_checked_by_floor_quotient": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if dim // num_heads == 0:
                raise ValueError(f"D={dim} is too small for {num_heads} heads")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The future keys are an int64 tril(-1) and the mask is (~future).bool(): bitwise not of 0 and 1 gives -1 and -2,
    # both True, so the self-attention sees every key. X_dec (4, 3) random, X_enc ones (4, 2), D = 4, 2 heads:
    # changing tokens 1 and 2 changes output column 0 by 0.0 for the model and by 0.058 for the entry. Fails the
    # visible tests (1 failing).
    "blind54_decoder_layer_causal_bitwise_not_of_int_future": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            future = torch.ones(n, n, dtype=torch.long).tril(-1)         # [j, i] = 1 where key j is after query i
            self_mask = (~future).bool()                                 # meant: future == 0
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Finds the crossing token with torch.searchsorted(cumulative, p, right=True): on an exact boundary (cumulative ==
    # p) it counts one token too many. logits = log [0.5, 0.3, 0.2], top_p = 0.8: model [0.625, 0.375, 0], entry [0.5,
    # 0.3, 0.2]. Passes the visible tests.
    "blind54_top_p_searchsorted_right_side": ("sampling", "next_token_probs", '''
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
                threshold = torch.tensor([top_p], dtype=cumulative.dtype)
                crossing = int(torch.searchsorted(cumulative, threshold, right=True))
                num_kept = min(crossing + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Stops on `if eos_id and ...`: an eos id of 0 is falsy, so generation never stops on it. A model always
    # preferring token 0, prompt [1], 4 new tokens, temperature 0, eos_id=0: model [1, 0], entry [1, 0, 0, 0, 0].
    # Passes the visible tests.
    "blind54_generate_eos_zero_is_falsy": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids[-context_size:] if context_size else ids
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id and int(next_id) == eos_id:                    # "if an eos id was given"
                    break
            return ids
'''),
    # Marks a beam finished with `bool(eos_id) and token == eos_id`: eos id 0 never finishes a beam. A model always
    # preferring token 0, prompt [1], beam width 2, 4 steps, eos_id=0: model [1, 0], entry [1, 0, 0, 0, 0]. Passes the
    # visible tests.
    "blind54_beam_search_eos_zero_is_falsy": ("sampling", "beam_search", '''
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
                        candidates.append((score + log_prob, extended, bool(eos_id) and token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Positions as int8: they wrap past 127 and the offsets wrap mod 256, which keeps multiples only for strides
    # dividing 256. strided_mask(200, 3)[0, 129]: model True (129 = 43 * 3), entry False. Passes the visible tests.
    "blind54_strided_mask_offsets_in_int8": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            positions = torch.arange(n, dtype=torch.int8)                # small offsets: a byte each
            offsets = positions[None, :] - positions[:, None]
            return offsets % stride == 0
'''),
    # Groups positions by floor division (j // s == i // s), a block-local mask, instead of by remainder.
    # strided_mask(3, 2): model [[1,0,1],[0,1,0],[1,0,1]], entry [[1,1,0],[1,1,0],[0,0,1]]. Fails the visible tests (3
    # failing).
    "blind54_strided_mask_same_block_by_floor_division": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            block = torch.arange(n) // stride                            # which stride each position falls in
            return block[:, None] == block[None, :]
'''),
    # ordinary = ~is_global.long() is bitwise not (-1, -2), never 0 or 1, so the product is never 0 and nothing is
    # visible. global_token_mask(tensor([True, False])): model [[True, True], [True, False]], entry all False. Fails
    # the visible tests (2 failing).
    "blind54_global_mask_bitwise_not_of_int_flags": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            ordinary = ~is_global.long()                                 # meant 1 - is_global
            both_ordinary = ordinary.unsqueeze(-1) * ordinary.unsqueeze(-2)
            return both_ordinary == 0
'''),
    # ORs int32 flags: the pattern is right but the result is an int32 tensor, not the contract's BoolTensor.
    # global_token_mask(tensor([True, False])): model dtype torch.bool, entry torch.int32. Passes the visible tests.
    "blind54_global_mask_or_of_int_flags_stays_int": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            flags = is_global.int()
            return flags.unsqueeze(-1) | flags.unsqueeze(-2)             # 1 = visible
'''),
    # Computes the counts with n as an int32 tensor: past 2^31 they overflow. sparse_attention_cost('dense', 50000):
    # model 2500000000, entry -1794967296. Passes the visible tests.
    "blind54_sparse_cost_counts_in_int32_tensors": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            N = torch.tensor(n, dtype=torch.int32)                       # sizes as index-sized tensors
            if pattern == "dense":
                return int(N * N)
            if pattern == "causal":
                return int(N * (N + 1) // 2)
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return int(N * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return int(N * (2 * m + 1) - stride * m * (m + 1))
            return int(num_global * (2 * N - num_global))
'''),
    # Puts positive offsets in the upper half with (offset > 0) << int(log2(half)), right only when half is a power of
    # two. relative_position_bucket(tensor([-1, 1]), num_buckets=20): model [1, 11], entry [1, 9]. Passes the visible
    # tests.
    "blind54_bucket_upper_half_by_bit_shift": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                shift = int(math.log2(half))                              # bucket index of the upper half as a bit
                base = (offset > 0).long() << shift
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
    # distance / exact on an int64 tensor gives a tensor of the default dtype, so under
    # torch.set_default_dtype(torch.float64) the logarithm is taken in float64, not in float32 as the contract
    # requires, and a boundary distance lands in another bucket. Default float64,
    # relative_position_bucket(tensor([-8]), num_buckets=18): model [5], entry [4] (under a float32 default they
    # agree). Passes the visible tests.
    "blind54_bucket_integer_true_division_takes_default_dtype": ("positions", "relative_position_bucket", '''
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
            ratio = distance / exact                                      # int / int: a float tensor
            log_scale = torch.log(ratio) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Rounds the logarithmic bucket (torch.round) instead of taking its floor.
    # relative_position_bucket(tensor([-14])): model [9], entry [10] (2 * log2(14 / 8) = 1.61). Fails the visible
    # tests (1 failing).
    "blind54_bucket_log_scale_rounded": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            half = num_buckets // 2 if bidirectional else num_buckets
            base = (offset > 0).long() * half if bidirectional else torch.zeros_like(offset)
            distance = offset.abs() if bidirectional else (-offset).clamp(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = (exact + torch.round(log_scale)).clamp(max=half - 1).long()
            return base + torch.where(distance < exact, distance, far)
'''),
    # Default positions made as torch.arange(N, dtype=torch.bfloat16), as under bf16 autocast: past 256 they round
    # (257 -> 256), so later columns turn by the wrong angle. Q = 2 x 258 with rows of ones and zeros, column 257 of
    # Q': model [0.8193, -0.5734], entry [-0.0398, -0.9992]. Passes the visible tests.
    "blind54_rotary_default_positions_in_bfloat16": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num, dtype=torch.bfloat16)  # as under bf16 autocast
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Frequencies base^-torch.arange(0, 1, 2 / dim): the float-step arange gives D/2 + 1 exponents for some D, so the
    # rotation does not broadcast. rotary_embedding on Q, K of shape (98, 2): model returns (98, 2), entry
    # RuntimeError (49 vs 50). Passes the visible tests.
    "blind54_rotary_frequencies_by_float_step_arange": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** -torch.arange(0, 1, 2 / dim, dtype=torch.float64)   # base^(-2i/D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Blends ids * untouched + ... with untouched = ~(long flags), which is bitwise not (-1 where nothing happens), so
    # unchosen ids come out negated. mlm_corrupt(tensor([5, 6, 7, 8]), 10, [0], 3, mask_prob=0.0): model [5, 6, 7, 8],
    # entry [-5, -6, -7, -8]. Fails the visible tests (4 failing).
    "blind54_mlm_blend_with_bitwise_not_of_long_flags": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            to_mask = (chosen & (action < 0.8)).long()
            to_random = (chosen & (action >= 0.8) & (action < 0.9)).long()
            untouched = ~(to_mask + to_random)                           # meant 1 - (to_mask + to_random)
            corrupted = ids * untouched + mask_id * to_mask + random_ids * to_random
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Draws an index as round(rand * (size - 1)): the two end indices get half the weight of the inner ones. Documents
    # [['a', 'b'], ['x', 'y', 'z']], 20000 seeded calls: the random B of 'a' is x, y, z with frequencies model [0.325,
    # 0.337, 0.338], entry [0.253, 0.493, 0.254]. Passes the visible tests.
    "blind54_nsp_draws_by_rounding_scaled_uniforms": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def uniform_index(size):
                return int(torch.round(torch.rand((), generator=generator, dtype=torch.float64) * (size - 1)))
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = uniform_index(len(documents) - 1)
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[uniform_index(len(other))], 1))
            return pairs
'''),
    # Returns the colour ids as int32; the contract's result is a LongTensor. quantize_pixels(zeros(1, 1, 1), zeros(1,
    # 2)): model dtype torch.int64, entry torch.int32. Fails the visible tests (1 failing).
    "blind54_quantize_returns_int32_ids": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1).to(torch.int32)              # 512 colours fit easily
'''),
    # Checks the range with (ids >= K).any() on the ids as given: torch casts the scalar K = 512 to uint8 (0), so
    # every uint8 image fails the check. dequantize_pixels(tensor([[3]], dtype=torch.uint8), zeros(3, 512)): model
    # shape (3, 1, 1), entry ValueError. Passes the visible tests.
    "blind54_dequantize_own_range_check_compares_in_ids_dtype": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
            if ((ids < 0) | (ids >= palette.shape[1])).any():            # no .min()/.max() sync
                raise ValueError("ids must lie in [0, K)")
            return palette[:, ids.long()].movedim(0, -3)
'''),
    # index_select with the ids as given: it takes only int32 or int64 indices, and the contract allows any integer
    # dtype (uint8 images are common). dequantize_pixels(tensor([[3]], dtype=torch.uint8), arange(8.).reshape(1, 8)):
    # model [[[3.]]], entry RuntimeError. Passes the visible tests.
    "blind54_dequantize_index_select_with_ids_as_given": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.index_select(1, ids.reshape(-1))           # (C, H*W...)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Makes the start column with torch.full(..., sos_id, dtype=ids.dtype): ImageGPT's start id 512 does not fit in
    # uint8. pixel_sequence(tensor([[3, 4]], dtype=torch.uint8), 512): model inputs [512, 3], entry RuntimeError
    # (overflow). Passes the visible tests.
    "blind54_pixel_sequence_start_column_in_ids_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.flatten(-2)
            start = torch.full((*flat.shape[:-1], 1), sos_id, dtype=flat.dtype)
            inputs = torch.cat([start, flat[..., :-1]], dim=-1)
            return inputs.long(), flat.long()
'''),
    # Averages with X.sum(-1) // N, a floor division of floats (and a zero gradient). average_pool_head([[1., 2.]], W
    # = [[1.]]): model [1.5], entry [1.0]. Passes the visible tests.
    "blind54_average_pool_floor_divides_the_sum": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) // X.shape[-1]                        # sum over the N tokens, per token
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Labels the regions by adding the row and column wrap flags (0, 1, 2), so 'rows wrapped' and 'columns wrapped'
    # share label 1 and see each other. shifted_window_mask(4, 4, 2, 1), last window: model 4 visible pairs, entry 6.
    # Fails the visible tests (1 failing).
    "blind54_shifted_mask_region_labels_from_added_bools": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = wrapped_rows[:, None].long() + wrapped_columns[None, :].long()   # region id
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Counts the windows as height * width // M * M, which Python reads as ((H * W) // M) * M, so every valid input
    # with M > 1 is refused. window_reverse(zeros(4, 1, 4), 2, 4, 4): model shape (1, 4, 4), entry ValueError (expects
    # 16 windows). Fails the visible tests (1 failing).
    "blind54_window_reverse_count_by_left_to_right_division": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            _check_grid(height, width, window)
            M = window
            num_windows = height * width // M * M                        # meant (H*W) / (M*M)
            if windows.dim() < 3 or windows.shape[-3] != num_windows or windows.shape[-1] != M * M:
                raise ValueError(f"windows must be (..., {num_windows}, C, {M * M}), got {tuple(windows.shape)}")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Checks only C % G: a negative G divides C in Python (4 % -2 == 0) and G = 0 raises ZeroDivisionError, so neither
    # gets the contract's ValueError. channel_attention(X (4, 3), params, -2): model ValueError, entry RuntimeError
    # (invalid shape dimension -2). Passes the visible tests.
    "blind54_channel_attention_divisor_check_ignores_sign": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            channels, tokens = X.shape[-2:]
            if channels % num_groups:                                    # num_groups must divide C
                raise ValueError(f"num_groups={num_groups} must divide C={channels}")
            if tokens == 0:
                raise ValueError("X has no tokens")
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # scale = scale or N ** -0.5: an explicit scale of 0.0 is falsy and becomes the default. X = [[1, 0], [0, 3]],
    # identity weights, zero biases, 1 group, scale=0.0: column 0 of the output, model [0.5, 0.5] (uniform weights),
    # entry [0.6698, 0.0017]. Fails the visible tests (1 failing).
    "blind54_channel_attention_zero_scale_falls_back_by_or": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or X.shape[-1] ** -0.5                         # default 1/sqrt(N)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # A ReLU gate (sign(h) + 1) // 2: right values, but floor_divide has no derivative, so backpropagation raises (the
    # contract wants gradients for every weight). feed_forward(X = [[1], [-2]], I, 0, I, 0), sum().backward(): model
    # grad [[1.], [0.]], entry RuntimeError (derivative for aten::floor_divide is not implemented). Passes the visible
    # tests.
    "blind54_feed_forward_relu_gate_by_floor_divided_sign": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            gate = (torch.sign(hidden) + 1) // 2                         # 1 where positive, 0 at and below 0
            return W2 @ (hidden * gate) + b2[:, None]
'''),
}

RIGHT_BLIND_54 = {
    # Right: x ^ y == 0 exactly when x == y for int64 ids; the rows are int64, the result in the requested or default
    # dtype.
    "blind54_right_one_hot_xor_equals_zero": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            rows = torch.arange(vocab_size, dtype=torch.int64, device=token_ids.device)[:, None]   # (V, 1)
            same = (token_ids.unsqueeze(-2) ^ rows) == 0                 # x ^ y == 0 exactly when x == y
            return same.to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # Right: index_select on the flattened int64 ids, then the table's D axis reshaped back before the N axis; same
    # values and gradient as indexing.
    "blind54_right_embed_index_select_on_flattened_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1).to(torch.int64)
            columns = torch.index_select(omega_e, 1, flat)               # (D, prod(...) * N)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Right: >> 63 on int64 is an arithmetic shift, -1 for negative i - j and 0 otherwise; sign bit clear means j <=
    # i.
    "blind54_right_causal_mask_sign_bit_by_arithmetic_shift": ("masking", "causal_mask", '''
        def causal_mask(n):
            positions = torch.arange(n, dtype=torch.int64)
            offsets = positions[None, :] - positions[:, None]            # i - j, negative iff the key is later
            return (offsets >> 63) == 0                                  # int64 sign bit clear: j <= i
'''),
    # Right: cumsum of a bool tensor is int64 (1 .. n, no wrap), and count <= length means j < length.
    "blind54_right_padding_mask_cumsum_of_bool_ones": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            ones = torch.ones(lengths.shape[0], n, dtype=torch.bool, device=lengths.device)
            counts = ones.cumsum(dim=-1)                                 # bool cumsum is int64: 1, 2, ..., n
            return (counts <= lengths[:, None]).unsqueeze(-1)
'''),
    # Right: j - length is negative exactly for visible keys; its int64 sign bit (>> 63) is nonzero there.
    "blind54_right_padding_mask_sign_bit_of_position_minus_length": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, dtype=torch.int64, device=lengths.device)
            gap = keys[None, :] - lengths.to(torch.int64)[:, None]       # j - length, negative iff visible
            return ((gap >> 63) != 0)[:, :, None]
'''),
    # Right: truncating division toward zero maps every offset in -window .. window (and only those) to 0; a negative
    # window gives the empty band, as |i - j| <= window does.
    "blind54_right_local_mask_truncated_division_by_band_width": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window < 0:
                return torch.zeros(n, n, dtype=torch.bool)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]      # i - j, either sign
            # truncation toward zero puts -window .. window in bucket 0 (floor division would not)
            return torch.div(offsets, window + 1, rounding_mode="trunc") == 0
'''),
    # Right: log of the mask in the scores' dtype is 0 where visible and -inf where hidden; adding it keeps visible
    # scores and their gradient exactly.
    "blind54_right_apply_mask_adds_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))             # log 1 = 0, log 0 = -inf
'''),
    # Right: mask ^ True on a bool tensor is its logical not (unlike ~ on an int tensor).
    "blind54_right_apply_mask_xor_with_true": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = mask ^ True                                         # bool xor: logical not
            return scores.masked_fill(hidden, float("-inf"))
'''),
    # Right: Q.new_tensor(D_k) is in Q's dtype, so the scale 1/sqrt(D_k) is float64 for float64 inputs (contrast the
    # wrong sqrt of an int64 tensor).
    "blind54_right_sdpa_rsqrt_of_width_in_query_dtype": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = Q.new_tensor(Q.shape[-2]).rsqrt()                    # 1/sqrt(D_k) in Q's dtype
            scores = (K.transpose(-2, -1) @ Q) * scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: divmod's remainder is D % H; the mask gains the head axis by indexing.
    "blind54_right_mha_divmod_width_check": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            head_dim, leftover = divmod(Xq.shape[-2], num_heads)
            if leftover:
                raise ValueError(f"D={Xq.shape[-2]} is not divisible by num_heads={num_heads}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask[..., None, :, :]
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: ~ on a bool tensor is logical not, and the complement of the strict lower triangle (j > i) is j <= i.
    "blind54_right_decoder_layer_causal_by_inverting_strict_lower": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            later_key = torch.ones(n, n, dtype=torch.bool).tril(-1)      # [j, i] True where j > i
            self_mask = ~later_key                                       # bool ~ is logical not
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Right: an int64 count of finite entries per column marks the dead columns, which get a zero shift and a unit
    # denominator (exp(-inf) = 0), so they come out all zeros; elsewhere the usual max-shifted softmax.
    "blind54_right_softmax_cols_dead_columns_by_visible_count": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            visible = (scores != float("-inf")).sum(dim=-2, keepdim=True)     # int64 count per column
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(visible > 0, top, torch.zeros_like(top))
            e = torch.exp(scores - top)
            return e / torch.where(visible > 0, e.sum(dim=-2, keepdim=True), torch.ones_like(top))
'''),
    # Right: searchsorted's left side returns the first index whose cumulative probability is >= p, the crossing
    # token, in the cumulative sum's dtype.
    "blind54_right_top_p_searchsorted_left_side": ("sampling", "next_token_probs", '''
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
                threshold = torch.tensor([top_p], dtype=cumulative.dtype)
                # left side: the first index whose cumulative probability is >= p, i.e. the crossing token
                crossing = int(torch.searchsorted(cumulative, threshold))
                num_kept = min(crossing + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: the inverse permutation of a stable descending sort gives each id its rank (ties to lower ids); rank < k
    # is top-k, rank < the crossing count is top-p.
    "blind54_right_top_k_by_inverse_permutation_ranks": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return (torch.arange(len(logits)) == torch.argmax(logits)).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)

            def ranks_of(p):
                order = torch.sort(p, descending=True, stable=True).indices
                ranks = torch.empty_like(order)
                ranks[order] = torch.arange(len(p))                      # rank of each id, ties to lower ids
                return ranks

            if top_k is not None:
                probs = torch.where(ranks_of(probs) < top_k, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                ranks = ranks_of(probs)
                sorted_probs = torch.empty_like(probs)
                sorted_probs[ranks] = probs
                cumulative = torch.cumsum(sorted_probs, dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = torch.where(ranks < num_kept, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: the ids kept as Python ints (no dtype to wrap) and turned back into a tensor of the prompt's dtype; the
    # same model calls and multinomial draws as the model answer.
    "blind54_right_generate_collects_python_ints": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            tokens = [int(t) for t in prompt]
            for _ in range(max_new_tokens):
                window = tokens if context_size is None else tokens[-context_size:]
                logits = model(torch.tensor(window, dtype=prompt.dtype))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    # Right: row ids[n] picked for every column, then the diagonal keeps column n - 1 for ids[n]; an empty sum for one
    # id.
    "blind54_right_sequence_log_prob_diagonal_of_row_pick": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)             # (V, N)
            picked = log_probs[ids[1:]]                                  # (N-1, N): row ids[n] for every column
            return picked[:, : len(ids) - 1].diagonal().sum()            # keep column n - 1 for ids[n]
'''),
    # Right: fmod truncates where % floors, but a zero remainder is zero under both, so the test is the same for
    # negative offsets.
    "blind54_right_strided_mask_fmod_truncated_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.fmod(offsets, stride) == 0                      # a zero remainder is zero either way
'''),
    # Right: i - j is a multiple of s exactly when i and j have the same remainder mod s.
    "blind54_right_strided_mask_congruence_classes": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residue = torch.arange(n) % stride                           # i - j divisible by s iff i = j mod s
            return residue[:, None] == residue[None, :]
'''),
    # Right: is_global - 1 is 0 for a global token and -1 for an ordinary one, so the product is nonzero only for two
    # ordinary tokens.
    "blind54_right_global_mask_product_of_shifted_int_flags": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            shifted = is_global.long() - 1                               # 0 for global, -1 for ordinary
            return shifted.unsqueeze(-1) * shifted.unsqueeze(-2) == 0    # nonzero only when both ordinary
'''),
    # Right: pure Python integers (no overflow); comb(n + 1, 2) = n(n+1)/2, divmod gives (n - 1) // s.
    "blind54_right_sparse_cost_python_ints_comb_and_divmod": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return math.comb(n + 1, 2)
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m, _ = divmod(n - 1, stride) if n else (0, 0)
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Right: the same float32 formula on the distinct offsets, then gathered back through unique's inverse indices;
    # the same shape and buckets.
    "blind54_right_bucket_on_unique_offsets_then_gathered": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            values, inverse = torch.unique(relative_position.long(), return_inverse=True)
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(values > 0, half, 0)
                distance = values.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(values)
                distance = torch.clamp(-values, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            buckets = base + torch.where(distance < exact, distance, far)
            return buckets[inverse]
'''),
    # Right: >> 1 is floor division by two for the non-negative counts; bool * int is int64, and (offset < 0) *
    # -offset is max(-offset, 0); the logarithm in float32.
    "blind54_right_bucket_halves_by_shift_and_bool_times_int": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.int64)
            if bidirectional:
                half = num_buckets >> 1                                  # floor(num_buckets / 2)
                base = (offset > 0) * half                               # bool * int -> int64
                distance = offset.abs()
            else:
                half = num_buckets
                base = offset.new_zeros(())
                distance = (offset < 0) * -offset                        # positive offsets count as 0
            exact = half >> 1
            log_scale = torch.log(distance.to(torch.float32) / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.to(torch.int64), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Right: an integer draw in 0..9 splits the chosen positions 8/1/1 (mask, random, keep), the same distribution as
    # the uniform split.
    "blind54_right_mlm_integer_decile_draw": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.int64).reshape(-1)
            eligible = ~torch.isin(ids.long(), special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            decile = torch.randint(0, 10, ids.shape, generator=generator)   # 0..7 mask, 8 random, 9 keep
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (decile < 8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (decile == 8), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # Right: the three flags are disjoint, so 1 - to_mask - to_random is 0 or 1 and the integer blend picks one source
    # per position; labels by bool * int.
    "blind54_right_mlm_arithmetic_blend_of_disjoint_flags": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            to_mask = (chosen & (action < 0.8)).to(ids.dtype)
            to_random = (chosen & (action >= 0.8) & (action < 0.9)).to(ids.dtype)
            untouched = 1 - to_mask - to_random                          # the three flags are disjoint
            corrupted = ids * untouched + mask_id * to_mask + random_ids * to_random
            labels = ids.long() * chosen + (-100) * (~chosen)            # bool * int -> int64
            return corrupted, labels
'''),
    # Right: a step uniform in 1 .. count - 1 added mod count gives every other document with probability 1/(count -
    # 1), never A's own.
    "blind54_right_nsp_other_document_by_modular_offset": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            count = len(documents)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    step = 1 + int(torch.randint(count - 1, (), generator=generator))   # 1 .. count - 1
                    other = documents[(index + step) % count]            # never A's own document
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # Right: comparing ids of any integer dtype with an int64 arange promotes exactly (no wrap); the one-hot product
    # picks each palette column exactly, in the palette's dtype.
    "blind54_right_dequantize_one_hot_comparison_product": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = torch.arange(palette.shape[1])                     # int64; ids of any integer dtype promote
            one_hot = (ids.unsqueeze(-1) == colours).to(palette.dtype)   # (..., H, W, K)
            return torch.einsum("...hwk,ck->...chw", one_hot, palette)
'''),
    # Right: ids checked to lie in [0, K) fit int32, which index_select takes, whatever the ids' integer dtype.
    "blind54_right_dequantize_index_select_int32": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.reshape(-1).to(torch.int32)                      # index_select takes int32 or int64
            colours = palette.index_select(1, index)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Right: the targets cast to int64 first, rolled right by one (a new tensor), and the start id written in int64
    # over the wrapped last pixel.
    "blind54_right_pixel_sequence_roll_then_overwrite_start": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.int64).flatten(-2)
            inputs = torch.roll(targets, shifts=1, dims=-1)              # a new tensor: the last pixel comes first
            inputs[..., 0] = sos_id                                      # overwrite it in int64
            return inputs, targets
'''),
    # Right: bucketize with right=True against [size - M, size - shift] gives the contract's labels 0, 1, 2 per axis;
    # row * 3 + column is a distinct id per region.
    "blind54_right_shifted_mask_bucketize_slice_labels": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def labels(size):
                bounds = torch.tensor([size - window, size - shift])     # the slices of the Swin code
                return torch.bucketize(torch.arange(size), bounds, right=True)   # 0, 1 or 2
            grid = labels(height)[:, None] * 3 + labels(width)[None, :]
            grid = window_partition(grid[None], window)[:, 0]
            return grid[:, :, None] == grid[:, None, :]
'''),
    # Right: two tokens were neighbours iff their row wrap flags agree and their column wrap flags agree; & on bool
    # masks is logical and.
    "blind54_right_shifted_mask_rows_and_columns_anded": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height)[:, None].expand(height, width)
            columns = (torch.arange(width) + shift >= width)[None, :].expand(height, width)
            rows = window_partition(rows[None].long(), window)[:, 0]
            columns = window_partition(columns[None].long(), window)[:, 0]
            same_rows = rows[:, :, None] == rows[:, None, :]
            same_columns = columns[:, :, None] == columns[:, None, :]
            return same_rows & same_columns
'''),
}
