"""Hundred-and-first blind batch of held-out implementations (prefix blind100_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never opened. The earlier batches (held_out_blind.py, held_out_blind_2.py ... held_out_blind_99.py) were
only skimmed for their header style, their "Emphasis" paragraphs and their entry names: every name was extracted into
a scratch list and grepped by function and keyword before an entry was written, and a candidate was dropped when an
earlier name already described its mechanism for the same function. Nothing else under grader/ or tests/ was opened,
grepped, listed or run (`ls tests/grader/` listed the batch files to find them; the listing also showed the name
cheats/, never opened), nor docs/grading.md, benchmarks/, or the batches written at the same time
(held_out_blind_101.py, held_out_blind_102.py).

Emphasis: wrong code that keeps the invariants. Each wrong entry is wrong in its values on an allowed input, yet keeps
the generic properties a tester might check instead of comparing values: shape, dtype, boolean masks, columns that sum
to one, non-negative weights, shift invariance, permutation equivariance, unit-norm rotations, valid distributions,
idempotent quantisation, exactness on N = 1 / one head / one row / D = 2. Wrong entries: a softmax with temperature
sqrt(M) (exact when M = 1); a causal mask flipped on one axis (same total of visible pairs); scores shifted by each
key's row maximum before the column softmax; a residual added inside self-attention when D_v = D; heads prepended in a
loop (reversed before Wo, exact for one head); layer norm as RMS-then-centre (a wrong per-column gain) and with the
affine applied before normalising (exact for gamma = 1, beta = 0); post-LN with the FFN before the attention, and
pre-LN whose second norm reads the attention output (outputs still layer-normed); cross-attention that always shows
the first encoder key (never NaN); temperature applied as p^(1/T) (a valid distribution that loses underflowed
tokens); Bahdanau scores with v / |v|; grid weights factorised through row means (sum 1, exact for H = 1); T5 buckets
with the log divided by log(max_distance) (in range, monotone); rotary and sinusoidal frequency ladders 10000^(4i/D)
(norms and relative positions kept, first pair exact); an MLM random token redrawn to differ from the original; NSP
random sentences never drawn from a document's last sentence; luma-weighted colour distances for RGB (palette colours
still map to themselves); a shifted-window mask whose axis tests are joined by OR (symmetric, diagonal, all True at
shift 0); patch merging normalised per neighbour chunk; channel attention on rows centred over the tokens
(token-permutation equivariance kept). Right entries: correct code that looks suspicious to such checks: a softmax
shift taken under torch.no_grad(), apply_mask adding log(mask), attention with the keys centred over the tokens,
cross-attention with the key bias replaced by zeros, Wo applied as a sum over head blocks, beam search that prunes
each beam before the global sort, a quantizer that drops |x|^2, a pooling head that projects before averaging, the
grid softmax split into row log-sum-exps, MLM with one uniform for both choice and action, NSP by rejection sampling,
and library styles (complex phasors for rotary and sinusoidal tables, Tensor.unfold windows, Swin's region slices,
F.pixel_unshuffle, var_mean + addcmul, a loop over sub-blocks, residue classes for the strided cost, roll for the
pixel sequence, the row layout for channel attention).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind100/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input-check lines substituted for the
marker) and its exercise's visible tests were run on it: every right entry passes them, and each wrong entry's comment
says whether it does (9 of the 22 wrong entries pass them). Each wrong entry's recorded input was run through the
model answer and the entry and both results printed; they differ as the comment says (mlm_corrupt and nsp_pairs by
frequencies: 400 000 positions, 4000 calls). The random-input harness used for the right entries also reported
mismatches for the 16 deterministic wrong entries it had input generators for. Right entries were compared with the
model answer on 150 random inputs under each default dtype (float32 and float64 inputs, mixed for quantize_pixels, 0-2
batch axes, non-contiguous inputs, scales 0.1 to 1e4, exact zeros), values to 1e-4 / 1e-9 and dtypes and shapes
exactly, the contract's ValueErrors matched, inputs checked unchanged, and the gradients of every floating-point input
(parameter dicts included) compared to 1e-3 / 1e-8: softmax_cols with partly and wholly -inf columns and 1e4 scores;
attention, multi-head, cross-attention and transformer layers (both norm orders) with no mask, full, broadcast,
padding and dead-query masks, the same object as Xq and Xkv, D not divisible by H; layer_norm with D = 1, offset
features and other eps; rotary with and without positions (up to 5000), other bases, odd D; quantize_pixels with
pixels equal to palette colours and integer images; pixel_sequence with int16 / int32 / uint8 / transposed ids and a
negative sos_id; windows, shifted masks (every shift, shift = window), patch merging with eps, channel attention with
every divisor G and scale None / 0 / 0.5 / 1; sinusoidal tables for D 0..17; sparse_attention_cost for every pattern,
n up to 10**15, missing sizes and an unknown pattern; beam_search on 600 random table models (rounded logits for ties,
widths 0..4, 0..4 steps, eos None / 0 / V-1). mlm_corrupt and nsp_pairs were checked by their invariants and
frequencies against the model answer (choice rate, 80/10/10 split, uniform random ids, specials never chosen, int32
and non-contiguous ids, empty specials, mask_prob 0 and 1, reproducible with one seed and advancing the generator;
label rate, uniform other document and sentence, the one-document ValueError, tuples of the sentences as given).

Judgement calls: the brief aims at about 35 wrong entries; this batch has 22. The hundred earlier batches hold about
7000 entries, and most invariant-keeping mechanisms I listed first (left padding, strided blocks, XOR global masks,
unbiased or over-token layer norms, interleaved heads, incremental BPE counts, pooled NSP sentences, L1 quantisation,
value biases after the weighting, ReLU6, "theta without the factor two", ...) were already there under some name, so I
dropped them rather than repeat a mechanism for the same function. Some wrong entries keep only most of the listed
invariants: the OR mask keeps symmetry and the diagonal but not the count of visible keys, the per-chunk patch merging
and the centred channel attention are not exact on the smallest inputs either (one 2 x 2 block, one token), and the
additive entry gives NaN for v = 0 (as TensorFlow's normalised form would). The cross-attention entry (first encoder
key always visible) differs only where an enc_mask hides key 0 (a padding mask of length 0, or a general mask). The
temperature power entry differs visibly only where softmax(logits) underflows (spreads of about 100 in float32 at T >
1), an input the contract allows ("a thousand times the usual scale"). Right entries: the detached-shift softmax uses
torch.no_grad() only for the shift, which cancels: gradients equal the model answer's (checked); the cross-attention
entry without the key bias gives bk no gradient, which the contract allows for the key bias under the column softmax.
Three further right entries (causal, local and global masks in other styles) were written, checked and left out to
keep the batch weighted towards wrong entries.

Counts: 22 wrong, 21 right.
Wrong per function: {'additive_attention': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'grid_attention': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 2}.
Right per function: {'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_100 = {
    # Divides the scores by sqrt(M) (the number of keys) inside the softmax: a temperature that is not 1, so columns
    # still sum to 1, stay non-negative, shift-invariant, -inf -> 0, and M = 1 is exact. softmax_cols([[0.], [1.]]):
    # model [0.2689, 0.7311], entry [0.3302, 0.6698]. Fails the visible tests.
    "blind100_softmax_cols_scores_tempered_by_sqrt_key_count": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            num_keys = max(scores.shape[-2], 1)
            scaled = scores / math.sqrt(num_keys)  # keep long columns from saturating
            column_max = scaled.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scaled - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Converts PyTorch's lower-triangular (query, key) mask with flip(0) instead of a transpose: boolean, n(n+1)/2
    # visible pairs in total, [[True]] for n = 1, but query i sees keys 0 .. n-1-i. causal_mask(2): model [[T, T], [F,
    # T]], entry [[T, T], [T, F]]. Fails the visible tests.
    "blind100_causal_mask_lower_triangle_flipped_on_key_axis": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            lower = torch.tril(torch.ones(n, n, dtype=torch.bool))  # PyTorch's causal mask, queries as rows
            return lower.flip(0)  # turned round for the (key, query) layout
'''),
    # A "stability" shift subtracts each key's ROW maximum (over the queries) before the column softmax: weights still
    # sum to 1 per query and N_k = 1 is exact, but the shift differs between keys. Q = [[1., 2.]], K = [[0., 1.]], V =
    # [[0., 1.]]: model output [[0.7311, 0.8808]], entry [[0.2689, 0.5000]]. Fails the visible tests.
    "blind100_sdpa_scores_shifted_by_each_key_row_max": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            scores = scores - scores.amax(dim=-1, keepdim=True)  # keep the exponentials in range
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Adds the block's residual X to the output whenever D_v == D (the weights returned stay right, shapes too). X =
    # [[1.]], every weight 1, every bias 0: model output [[1.]], entry [[2.]]. Fails the visible tests.
    "blind100_self_attention_residual_added_when_widths_match": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            output, weights = scaled_dot_product_attention(Q, K, V, mask)
            if output.shape[-2] == X.shape[-2]:
                output = output + X  # the attention block's residual connection
            return output, weights
'''),
    # Stacks the heads in a loop that prepends each new head, so the heads reach Wo in reverse order; exact for one
    # head. Xq = Xkv = [[1.], [2.]], identity weights, zero biases, 2 heads: model [[1.], [2.]], entry [[2.], [1.]].
    # Fails the visible tests.
    "blind100_mha_head_outputs_prepended_in_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            stacked = None
            for h in range(num_heads):
                head = heads[..., h, :, :]
                stacked = head if stacked is None else torch.cat([head, stacked], dim=-2)
            return linear(stacked, params["Wo"], params["bo"])
'''),
    # Mixes RMSNorm and layer norm: divides by the root mean square, then centres. Each column keeps mean 0 and a
    # per-column constant gain, but the gain is 1/sqrt(var + mean^2). X = [[1.], [3.]], gamma 1, beta 0: model
    # [[-1.0000], [1.0000]], entry [[-0.4472], [0.4472]]. Fails the visible tests.
    "blind100_layer_norm_rms_scaled_then_centred": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            rms = torch.sqrt(X.square().mean(dim=-2, keepdim=True) + eps)
            scaled = X / rms
            normalised = scaled - scaled.mean(dim=-2, keepdim=True)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Applies gamma and beta first and normalises afterwards: every column still has mean 0 and variance 1, and with
    # gamma = 1, beta = 0 it is exact. X = [[1.], [3.]], gamma [2., 1.], beta 0: model [[-2.0000], [1.0000]], entry
    # [[-1.0000], [1.0000]]. Fails the visible tests.
    "blind100_layer_norm_affine_applied_before_normalising": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            shifted = gamma[:, None] * X + beta[:, None]
            mean = shifted.mean(dim=-2, keepdim=True)
            variance = shifted.var(dim=-2, keepdim=True, correction=0)
            return (shifted - mean) / torch.sqrt(variance + eps)
'''),
    # Post-LN with the two sub-blocks in the wrong order (FFN, then attention; pre-LN is right): output still
    # layer-normed. X = [[1.], [0.], [2.]], one head, F = 2, weights and biases randn from a generator seeded 0 (Wq, Wk,
    # Wv, Wo, bq, bk, bv, bo, W1, b1, W2, b2), gammas 1, betas 0: model [-0.5983, 1.4089, -0.8106], entry [-1.3997,
    # 0.8748, 0.5250]. Passes the visible tests.
    "blind100_transformer_layer_post_ln_ffn_block_before_attention": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + think(X), params["gamma1"], params["beta1"])
            return layer_norm(X + attend(X), params["gamma2"], params["beta2"])
'''),
    # Pre-LN whose second sub-block normalises the attention output instead of the updated stream (post-LN is right).
    # Same input and parameters as the entry above, norm_first=True: model [2.0249, 5.2495, 3.5818], entry [1.7048,
    # 5.2675, 3.5172]. Passes the visible tests.
    "blind100_transformer_layer_pre_ln_second_norm_of_attention": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if not norm_first:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                return layer_norm(X + think(X), params["gamma2"], params["beta2"])
            attended = attend(layer_norm(X, params["gamma1"], params["beta1"]))
            X = X + attended
            return X + think(layer_norm(attended, params["gamma2"], params["beta2"]))
'''),
    # ORs the first encoder key into every enc_mask so that no query is left without a key: never NaN, right shapes,
    # exact whenever key 0 is visible. X_dec zeros (2, 1), X_enc = [[1., 2.], [3., 4.]], identity weights, zero biases,
    # one head, enc_mask [[False], [True]]: model [[2.], [4.]], entry [[1.5], [3.5]]. Passes the visible tests.
    "blind100_cross_attention_first_encoder_key_always_visible": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None:
                first_key = torch.zeros(enc_mask.shape[-2], 1, dtype=torch.bool, device=enc_mask.device)
                first_key[0] = True
                enc_mask = enc_mask | first_key  # the encoder's first token (BOS): no query is left without a key
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Applies the temperature as p^(1/T) to softmax(logits): equal to softmax(logits / T) in exact arithmetic and a
    # valid distribution, but probabilities that underflowed stay 0. next_token_probs([0., -200.], temperature=100):
    # model [0.8808, 0.1192], entry [1., 0.]. Passes the visible tests.
    "blind100_next_token_probs_temperature_as_power_of_probs": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits, dim=-1)
            if temperature != 1:
                probs = probs ** (1.0 / temperature)  # p^(1/T) / sum = softmax(logits / T)
                probs = probs / probs.sum()
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
    # Scores with v / |v| (TensorFlow's normalize=True with g = 1): weights still sum to 1, masks still work. s = [0.],
    # H = [[0., 1.]], W = [[0.]], U = [[1.]], v = [2.]: model weights [0.1790, 0.8210], entry [0.3183, 0.6817]. Fails
    # the visible tests.
    "blind100_additive_attention_v_weight_normalised": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            direction = v / v.norm()  # Bahdanau's normalised form (TensorFlow's normalize=True, g = 1)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (direction.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Two-stage softmax: within each row, then across rows by the rows' MEAN score (not their log-sum-exp): the weights
    # still sum to 1 over the grid and H = 1 is exact. s = [0.], features [[[0., 2.], [1., 1.]]], W = [[0.]], U =
    # [[1.]], v = [1.]: model weights [[0.1265, 0.3317], [0.2709, 0.2709]], entry [[0.1189, 0.3117], [0.2847, 0.2847]].
    # Passes the visible tests.
    "blind100_grid_attention_rows_weighted_by_mean_score": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                                   # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            scores = torch.einsum("a,...ahw->...hw", v, hidden)                     # (..., H, W)
            within_row = torch.softmax(scores, dim=-1)                              # each row sums to 1
            row_share = torch.softmax(scores.mean(dim=-1), dim=-1)                  # the rows share the total
            weights = row_share[..., :, None] * within_row
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # Divides the log ratio by log(max_distance) instead of log(max_distance / exact): buckets stay integer, in range
    # and monotone, exact below n/2. relative_position_bucket([-20, -3, 0, 3]): model [10, 3, 0, 19], entry [9, 3, 0,
    # 19]. Fails the visible tests.
    "blind100_bucket_log_ratio_over_full_max_distance": ("positions", "relative_position_bucket", '''
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Multiplies the pair index 2i (already doubled by arange(0, D, 2)) by 2 again: theta = base^(-4i/D). Still a
    # rotation (norms kept), scores still depend on p_q - p_k only, D = 2 exact. Q = K = zeros(4, 2) with Q[1, 1] = 1:
    # model Q'[3, 1] = sin(0.01) = 0.0100, entry sin(0.0001) = 0.0001. Fails the visible tests.
    "blind100_rotary_frequency_exponent_doubled_twice": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                pair_index = torch.arange(0, dim, 2, dtype=torch.float64)        # 0, 2, 4, ...
                theta = base ** (-2 * pair_index / dim)                            # base^(-2i/D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Draws the 10 % random token uniformly from the V - 1 ids other than the original (the contract allows the
    # original). Choice rate, labels and the mask share are right. ids uniform in [0, 6), V = 7, specials [0, 1],
    # mask_id 6, 400 000 positions: a chosen token stays unchanged 11.5 % (model, 10 % + 10 %/V), 10.1 % (entry). Passes
    # the visible tests.
    "blind100_mlm_random_token_redrawn_to_differ_from_original": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
            random_ids = random_ids + (random_ids >= ids).to(ids.dtype)  # skip the original: a real replacement
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Draws the random B only among sentences that have a successor (other[:-1]; the whole document if it has one
    # sentence): labels 50/50, never the same document. Documents [a1 a2 a3], [b1 b2], [c1], [d1 .. d4]: for A = a1 with
    # label 1, B = b2 has frequency 0.18 (model) and 0 (entry), on 4000 calls. Passes the visible tests.
    "blind100_nsp_random_sentence_never_a_last_sentence": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        starts = other[:-1] or other  # sentences that could start a pair
                        pairs.append((a, starts[torch.randint(len(starts), (), generator=generator).item()], 1))
            return pairs
'''),
    # Weights the channels by luma (0.299, 0.587, 0.114) when C = 3: ids stay in range, palette colours still map to
    # themselves, C != 3 exact. Pixel (0, 0, 0), palette columns (1, 0, 0) and (0, 0.8, 0): model id 1 (distance 0.64 <
    # 1), entry id 0 (0.299 < 0.376). Passes the visible tests.
    "blind100_quantize_pixels_luma_weighted_distance_for_rgb": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            channel_weights = torch.ones(palette.shape[0], dtype=dtype, device=palette.device)
            if palette.shape[0] == 3:
                channel_weights = torch.tensor([0.299, 0.587, 0.114], dtype=dtype, device=palette.device)  # perceptual
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            differences = pixels - palette.to(dtype)
            distances = (differences.square() * channel_weights[:, None]).sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Reads "along each axis, both or neither wrapped" as rows agree OR columns agree: boolean, symmetric, True on the
    # diagonal, all True for shift 0. shifted_window_mask(4, 4, 2, 1)[3, 1, 0]: model False, entry True (36 vs 60 True
    # entries). Fails the visible tests.
    "blind100_shifted_window_mask_axis_tests_joined_by_or": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = (torch.arange(height) + shift >= height).long()
            wrapped_columns = (torch.arange(width) + shift >= width).long()
            row_flags = window_partition(wrapped_rows[None, :, None].expand(1, height, width), window)[:, 0]
            column_flags = window_partition(wrapped_columns[None, None, :].expand(1, height, width), window)[:, 0]
            same_rows = row_flags[:, :, None] == row_flags[:, None, :]
            same_columns = column_flags[:, :, None] == column_flags[:, None, :]
            return same_rows | same_columns
'''),
    # Layer-normalises each neighbour's C features separately (gamma, beta cut in four) instead of the 4C together. X =
    # [[[1., 2.], [3., 4.]]] (C = 1), gamma 1, beta 0, W = [[1, 0, 0, 0], [0, 1, 0, 0]]: model [[[-1.3416]],
    # [[0.4472]]], entry [[[0.]], [[0.]]]. Fails the visible tests.
    "blind100_patch_merging_layer_norm_per_neighbour_chunk": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            parts = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            gammas, betas = gamma.chunk(4), beta.chunk(4)
            normed = [layer_norm(part.flatten(-2), g, b, eps) for part, g, b in zip(parts, gammas, betas)]
            tokens = torch.cat(normed, dim=-2)                                  # (..., 4C, H/2 * W/2)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Centres each query and key row over the tokens first (a cross-covariance): still equivariant to permuting the
    # tokens, weights still sum to 1. X = [[1., 2., 4.], [0., 1., 0.]], identity weights, zero biases, one group: model
    # [[1.0000, 2.0000, 3.9999], [0.6405, 1.6405, 2.5618]], entry [[0.9472, 1.9472, 3.7888], [0.3595, 1.3595, 1.4382]].
    # Passes the visible tests.
    "blind100_channel_attention_rows_centred_as_covariance": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            Q = Q - Q.mean(dim=-1, keepdim=True)  # cross-covariance of the channels: centre each row first
            K = K - K.mean(dim=-1, keepdim=True)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Divides the doubled pair index 2i by the number of pairs (D/2): 10000^(4i/D). Values in [-1, 1], sin^2 + cos^2 = 1
    # per pair, position 0 and rows 0, 1 exact. sinusoidal_positions(2, 4)[2, 1]: model sin(0.01) = 0.0100, entry
    # sin(0.0001) = 0.0001. Fails the visible tests.
    "blind100_sinusoidal_exponent_over_pair_count": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            pair_index = torch.arange(0, dim, 2, dtype=dtype)        # 2i for every sine/cosine pair
            num_pairs = max((dim + 1) // 2, 1)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / num_pairs)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
}
RIGHT_BLIND_100 = {
    # Right: the max shift is computed under torch.no_grad(); it cancels, so values and gradients are exact; dead
    # columns via torch.where. Passes the visible tests.
    "blind100_right_softmax_cols_detached_column_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            with torch.no_grad():
                shift = scores.amax(dim=-2, keepdim=True)
                shift = torch.where(torch.isfinite(shift), shift, torch.zeros_like(shift))
            exps = torch.exp(scores - shift)  # the shift cancels, so it needs no gradient
            total = exps.sum(dim=-2, keepdim=True)
            return torch.where(total > 0, exps / torch.where(total > 0, total, torch.ones_like(total)), exps)
'''),
    # Right: adds log(mask) (0 or -inf) instead of filling; same values, gradient 1 at visible entries. Passes the
    # visible tests.
    "blind100_right_apply_mask_adds_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))  # log 1 = 0 where visible, log 0 = -inf where hidden
'''),
    # Right: centres the keys over the tokens first, which moves each query's column of scores by a constant that the
    # column softmax ignores (values and gradients equal). Passes the visible tests.
    "blind100_right_sdpa_keys_centred_over_tokens": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # Moving every key by the same vector adds one constant to each query's column of scores:
            # the column softmax does not see it, so the keys may as well be centred first.
            centred = K - K.mean(dim=-1, keepdim=True) if K.shape[-1] else K
            scores = centred.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: one head at a time with row blocks of Wq, Wk, Wv, and Wo applied as a sum over its column blocks instead of
    # concatenating the heads. Passes the visible tests.
    "blind100_right_mha_output_projection_summed_over_head_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            width = dim // num_heads
            output = params["bo"][:, None]
            for h in range(num_heads):
                rows = slice(h * width, (h + 1) * width)
                Qh = linear(Xq, params["Wq"][rows], params["bq"][rows])
                Kh = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                Vh = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                head, _ = scaled_dot_product_attention(Qh, Kh, Vh, mask)
                output = output + params["Wo"][:, rows] @ head  # Wo [h_1; ...; h_H] = sum_h Wo[:, block h] h_h
            return output
'''),
    # Right: torch.var_mean (biased), rsqrt and addcmul. Passes the visible tests.
    "blind100_right_layer_norm_var_mean_and_addcmul": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            variance, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return torch.addcmul(beta[:, None], gamma[:, None], (X - mean) * torch.rsqrt(variance + eps))
'''),
    # Right: both sub-blocks in one loop over (block, norm suffix), either norm order. Passes the visible tests.
    "blind100_right_transformer_layer_sub_blocks_in_a_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            blocks = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "2"),
            )
            for block, k in blocks:
                gamma, beta = params["gamma" + k], params["beta" + k]
                X = X + block(layer_norm(X, gamma, beta)) if norm_first else layer_norm(X + block(X), gamma, beta)
            return X
'''),
    # Right: replaces bk by zeros, which the column softmax cannot see (the contract lets the key bias go without a
    # gradient). Passes the visible tests.
    "blind100_right_cross_attention_key_bias_left_out": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            # q . bk is the same for every key of a query: the column softmax cancels it, so bk is not needed.
            without_key_bias = {**params, "bk": torch.zeros_like(params["bk"])}
            return multi_head_attention(X_dec, X_enc, without_key_bias, num_heads, enc_mask)
'''),
    # Right: keeps only each beam's best beam_width extensions (ranked by the same total score, ties to the lower id,
    # then put back in token order) before the stable global sort; the winners cannot change. Passes the visible tests.
    "blind100_right_beam_search_prunes_each_beam_first": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    totals = [score + lp for lp in log_probs]
                    # only this beam's best beam_width tokens can win a place; keep them in token order
                    best = sorted(sorted(range(len(totals)), key=lambda t: -totals[t])[:beam_width])
                    for token in best:
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((totals[token], extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Right: rows i and i + D/2 as one complex number, multiplied by e^{i p theta} from torch.polar. Passes the visible
    # tests.
    "blind100_right_rotary_complex_phasors": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                phase = torch.polar(torch.ones_like(angles), angles).to(complex_dtype)
                z = torch.complex(X[..., : dim // 2, :], X[..., dim // 2 :, :]) * phase
                return torch.cat([z.real, z.imag], dim=-2)

            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Right: ranks colours by |p|^2 - 2 x.p, leaving out |x|^2, which is the same for every colour of a pixel. Passes
    # the visible tests.
    "blind100_right_quantize_pixels_pixel_norm_dropped": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            colours = palette.to(dtype)
            pixels = images.to(dtype).movedim(-3, -1)                       # (..., H, W, C)
            # |x - p|^2 = |x|^2 + |p|^2 - 2 x.p and |x|^2 is the same for every colour of a pixel
            ranking = colours.square().sum(dim=0) - 2 * (pixels @ colours)   # (..., H, W, K)
            return ranking.argmin(dim=-1)
'''),
    # Right: inputs are the targets rolled right by one with the start token written over the wrapped pixel (roll makes
    # a new tensor). Passes the visible tests.
    "blind100_right_pixel_sequence_rolled_targets": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = targets.roll(1, dims=-1)       # a new tensor: the last pixel comes round to the front...
            inputs[..., 0] = sos_id                 # ...and is replaced by the start token
            return inputs, targets
'''),
    # Right: projects every token first and averages the logits (the head is linear). Passes the visible tests.
    "blind100_right_average_pool_head_projects_then_averages": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            per_token = torch.einsum("kd,...dn->...kn", W, X)   # every token's logits, then their mean
            logits = per_token.mean(dim=-1)
            return logits if b is None else logits + b
'''),
    # Right: two Tensor.unfold calls cut the grid into M x M tiles, one movedim, one reshape. Passes the visible tests.
    "blind100_right_window_partition_two_unfolds": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                         # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Right: the Swin code's nine region slices (0:-M, -M:-s, -s:) labelled 0..8, then equal labels per window. Passes
    # the visible tests.
    "blind100_right_shifted_window_mask_swin_region_slices": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            regions = torch.zeros(height, width, dtype=torch.long)
            if shift > 0:
                label = 0
                for rows in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                    for columns in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                        regions[rows, columns] = label
                        label += 1
            labels = window_partition(regions[None], window)[:, 0]          # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Right: F.pixel_unshuffle gives channels in (c, dy, dx) order; a permute to (dx, dy, c) gives top-left,
    # bottom-left, top-right, bottom-right. Passes the visible tests.
    "blind100_right_patch_merging_pixel_unshuffle": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = F.pixel_unshuffle(X, 2)                     # (..., 4C, H/2, W/2), channel c*4 + dy*2 + dx
            batch = blocks.shape[:-3]
            nb = len(batch)
            blocks = blocks.reshape(*batch, channels, 2, 2, height // 2, width // 2)      # (..., c, dy, dx, h, w)
            blocks = blocks.permute(*range(nb), nb + 2, nb + 1, nb, nb + 3, nb + 4)       # (..., dx, dy, c, h, w)
            merged = blocks.reshape(*batch, 4 * channels, (height // 2) * (width // 2))
            return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (height // 2, width // 2))
'''),
    # Right: the row layout (queries as rows, torch.softmax over the last axis, attention @ V), which is the transpose
    # of the contract's weights. Passes the visible tests.
    "blind100_right_channel_attention_row_layout_softmax_last_axis": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)   # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            attention = torch.softmax(Q @ K.transpose(-2, -1) * s, dim=-1)       # (..., G, queries, keys)
            return linear(merge_heads(attention @ V), params["Wo"], params["bo"])
'''),
    # Right: the table from torch.polar phasors in float64 (imag = sin, real = cos), interleaved by stack and reshape,
    # cast to the default dtype. Passes the visible tests.
    "blind100_right_sinusoidal_positions_from_phasors": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.float64)
            frequencies = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = frequencies[:, None] * positions[None, :]
            phasors = torch.polar(torch.ones_like(angles), angles)              # e^{i n w}: cos + i sin
            table = torch.stack([phasors.imag, phasors.real], dim=1)             # (pairs, 2, N): sin row, cos row
            return table.reshape(2 * len(frequencies), num_positions)[:dim].to(torch.get_default_dtype())
'''),
    # Right: other closed forms: causal and local as all pairs minus the missing ones, strided as a sum of squares over
    # the residue classes mod the stride. Passes the visible tests.
    "blind100_right_sparse_cost_residue_classes_and_complements": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * n - n * (n - 1) // 2                 # all pairs minus those with the key after the query
            if pattern == "local":
                far = max(n - min(window, n) - 1, 0)             # offsets beyond the window: (n-w-1)(n-w) pairs
                return n * n - far * (far + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)                         # r residues hold q + 1 tokens, the rest q
                return r * (q + 1) ** 2 + (stride - r) * q ** 2
            return num_global * (2 * n - num_global)
'''),
    # Right: one uniform per position decides both the choice (u < p) and the action (u < 0.8p mask, < 0.9p random).
    # Passes the visible tests.
    "blind100_right_mlm_one_uniform_for_choice_and_action": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            # one draw per position: [0, .8p) mask, [.8p, .9p) random token, [.9p, p) keep, [p, 1) not chosen
            u = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            chosen = eligible & (u < mask_prob)
            corrupted = torch.where(chosen & (u < 0.8 * mask_prob), torch.full_like(ids, mask_id), ids)
            randomised = chosen & (u >= 0.8 * mask_prob) & (u < 0.9 * mask_prob)
            corrupted = torch.where(randomised, random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # Right: the other document by rejection sampling (redraw while it is A's own), uniform over the others. Passes the
    # visible tests.
    "blind100_right_nsp_pairs_other_document_by_rejection": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = index
                    while pick == index:                        # uniform over the other documents
                        pick = int(torch.randint(len(documents), (), generator=generator))
                    other = documents[pick]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # Right: softmax within each row times a softmax over the rows' log-sum-exps, which is exactly one softmax over the
    # grid. Passes the visible tests.
    "blind100_right_grid_attention_row_logsumexp_then_rows": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            scores = torch.einsum("a,...ahw->...hw", v, hidden)
            # exp(e_hw - LSE) = softmax over w within row h, times softmax over h of the rows' log-sum-exps
            across_rows = torch.softmax(torch.logsumexp(scores, dim=-1), dim=-1)[..., :, None]
            weights = across_rows * torch.softmax(scores, dim=-1)
            return weights, torch.einsum("...hw,...chw->...c", weights, features)
'''),
}
