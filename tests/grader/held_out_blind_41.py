"""Forty-second blind batch of held-out implementations (prefix blind41_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (its magnitudes: entries of +-1e4 for softmax_cols in float32, inputs a
thousand times the usual scale, exact zeros, -inf scores, queries that see no key; float64 held to float64 accuracy;
gradients at finite entries never NaN), the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_39.py) were only skimmed for their entry names and header decisions, to repeat
none of their entries. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the
batch written at the same time (held_out_blind_40.py).

Emphasis: formulas that are right in exact arithmetic and wrong in floating point on inputs the contract covers.
Wrong: an exponential that overflows or underflows where the stable form does not (1 / exp(lse - s), tanh as a ratio
of exponentials or as 1 - 2/(e^2x + 1), a grid softmax whose rows are combined through exp(row max), a shift by the
unscaled maximum, exp(-distance) similarities, the log of a product of probabilities), a scale applied after the
exponent as a power (exact values, NaN gradients where an exponential is 0), finite "masking" constants (log(mask +
1e-45), float16's -65504), a division by a masked sum clamped at 1e-12, a division by a column's max |x| or mean |x|
that is 0 for zero inputs, running sums in bfloat16 or in float32 for float64 inputs, a float32 reciprocal constant
for float64 features, half-precision positions, a probability threshold compared with probabilities computed another
way, and T5's bucket formula with its constants folded. Right: stable but unusual formulations (a shift by the
floored maximum, exp2 with log2 e folded into the scale, base-2 log-probabilities, logsumexp of row logsumexps, a
masked log-softmax, tanh through sigmoid, 1 - sigmoid(a) as sigmoid(-a), shift-then-scale, angles wrapped to one
turn, a guarded prescaled layer norm, float64 internals cast back, j / L < 1 as a padding test).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind41/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each
wrong entry's comment says whether it does (18 of the 22 wrong entries pass them). Each wrong entry's recorded
input was run on the model answer and on the entry and both results printed; each differs as its comment says (for
the gradient entries, both gradients were printed). Right entries were compared with the model answer under both
default dtypes on float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks and ids), batched (one and two
batch axes, broadcast masks, padding and causal masks, queries that see no key) and not, non-contiguous inputs,
sizes of 1 (and 0 where the model answer accepts them), a thousand times the usual scale, exact zeros, keyword
calls, the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every
floating-point input with a random cotangent (sequence_log_prob: through a model holding a leaf table, at 1x and
1000x scale).

Judgement calls: blind41_grid_attention_log_space_row_totals differs from the model answer by more than 2e-5 on
float32 inputs a thousand times the usual scale; against a float64 reference its error is smaller than the model
answer's (3.7e-4 against 8.4e-3), so it is kept as right. blind41_sequence_log_prob_base_two_normaliser differs from
the model answer by about one float32 ulp (1e-6 on -12.38). Borderline wrong entries, wrong by the contract but only
on narrow inputs: blind41_bucket_log_ratio_constant_folded (agrees at the default sizes; differs only at a few
boundary distances of unusual num_buckets / max_distance), blind41_ntp_top_p_cumsum_in_float32 (only float64 logits
whose cumulative probability lies within float32 rounding of top_p), blind41_average_pool_head_reciprocal_count_tensor
(only float64 inputs under a float32 default dtype), blind41_apply_mask_log_of_mask_plus_tiny and
blind41_sdpa_mask_fill_half_precision_min (the finite fill is visible on a query that sees no key, and otherwise only
at large scores). An `apply_mask` written as scores + log(mask) was dropped from the right entries: its values are
right, but its gradient at a hidden (finite) score is 1 where the model answer's is 0. Variance as E[x^2] - E[x]^2
was not used as a wrong entry (the contract accepts it). Fewer entries than asked (about 55 / 35): the time box and
the forty earlier batches' coverage of the obvious floating-point mistakes (unshifted softmax, -1e9 and finfo.min
masks, float32 internals, log of softmax, float32 angles and scales).

Counts: 22 wrong, 16 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'channel_attention': 1, 'cross_attention': 1, 'grid_attention': 1, 'layer_norm': 1, 'multi_head_attention': 1,
'next_token_probs': 4, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1,
'scaled_dot_product_attention': 2, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'channel_attention': 1, 'cross_attention': 1, 'embed': 1, 'grid_attention': 1, 'layer_norm': 1,
'multi_head_attention': 1, 'padding_mask': 1, 'quantize_pixels': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_41 = {
    # Weights as 1 / exp(logsumexp - s): the values are right (an overflowing exp gives 1/inf = 0), but the backward
    # pass multiplies 0 by inf wherever the gap exceeds exp's range, so the gradient is NaN at finite entries, and it is
    # NaN for the whole column as soon as the column holds one -inf. float32 [[0], [-100]]: model values [1, 3.8e-44],
    # entry [1, 0]; gradient of output[0, 0]: model [3.8e-44, -3.8e-44], entry [nan, nan]. [[1], [2], [-inf]]: model
    # gradient [0.1966, -0.1966, 0], entry [nan, nan, nan]. Passes the visible tests.
    "blind41_softmax_cols_reciprocal_of_exp_gap": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # weight_i = 1 / sum_j exp(s_j - s_i) = 1 / exp(lse - s_i): no division of two exponentials
            lse = torch.logsumexp(scores, dim=-2, keepdim=True)
            lse = lse.masked_fill(lse == float("-inf"), 0.0)      # an all -inf column: zeros, not NaN
            return 1.0 / torch.exp(lse - scores)
'''),
    # The column sums are accumulated in bfloat16 (8 significant bits): every weight is off by up to ~0.4% in any dtype.
    # [[0], [0.1], [0.2]] float32: model [0.300610, 0.332225, 0.367165], entry [0.301142, 0.332814, 0.367816]. Fails the
    # visible tests.
    "blind41_softmax_cols_normaliser_summed_in_bfloat16": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            # the exps lie in [0, 1]: a 16-bit sum is plenty and halves the memory of the reduction
            total = exps.to(torch.bfloat16).sum(dim=-2, keepdim=True).to(scores.dtype)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Adds log(mask + 1e-45) instead of -inf: 1e-45 is float32's smallest subnormal, so a hidden score becomes s - 103.3
    # (float64: s - 103.6), finite; a hidden key outranks visible scores below -103 and a query that sees no key gets
    # uniform weights. scores [[-200], [0]], mask [[True], [False]] float32: model [[-200], [-inf]], entry [[-200],
    # [-103.2789]] (softmax: model [1, 0], entry [0, 1]). Fails the visible tests.
    "blind41_apply_mask_log_of_mask_plus_tiny": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # add log(mask): 0 where visible, very negative where hidden; the tiny term keeps log() finite
            visible = mask.to(scores.dtype)
            return scores + torch.log(visible + 1e-45)
'''),
    # Applies 1/sqrt(d_k) after the exponent, exp(s - m) ** (1/sqrt(d_k)): equal in exact arithmetic, but an exponential
    # that underflows to 0 (a gap of more than ~104 in unscaled float32 scores, or a masked key) makes pow's backward 0
    # ** -0.5 = inf, and inf * 0 = NaN. Q = 10 * ones(4, 1), K = [[5, 0]] * 4, V = [[1, 2]] float32: outputs agree (1.0;
    # weights model [1, 3.8e-44], entry [1, 0]); gradient of output.sum() w.r.t. Q: model -9.8e-44 each, entry nan each.
    # Passes the visible tests.
    "blind41_sdpa_scale_as_power_of_shifted_exps": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask)
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            # exp(s / sqrt(d)) = exp(s) ** (1 / sqrt(d)): scale once, on the shifted exponentials
            exps = torch.exp(scores - top) ** (1.0 / math.sqrt(d_k))
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return V @ weights, weights
'''),
    # Masks with -65504 (float16's lowest value) instead of -inf: a hidden key wins over visible scores below -65504
    # (inputs a thousand times the usual scale), and a query that sees no key gets uniform weights and the mean of V
    # instead of zeros. Q = [[1, 1]], K = [[-1e5, 0]], V = [[1, 2]], mask [[True, False], [False, False]]: model output
    # [[1, 0]] with weights [[1, 0], [0, 0]], entry output [[2, 1.5]] with weights [[0, 0.5], [1, 0.5]]. Passes the
    # visible tests.
    "blind41_sdpa_mask_fill_half_precision_min": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                # -65504 is the lowest float16: finite in every dtype, so no -inf - -inf NaN for a query
                # that sees no key, and the same code runs under autocast
                scores = scores.masked_fill(~mask, -65504.0)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Softmax of the unscaled scores, then weights ** (1/sqrt(D/H)) renormalised (softmax(s/t) = softmax(s)^(1/t)
    # renormalised): values agree, but any weight that is exactly 0 (a masked key, or an underflow) gives pow's backward
    # 0 ** negative = inf and a NaN gradient. X = [[1, 2, 3], [0.5, -1, 0]] (D = 2, one head, seeded weights, zero
    # biases), causal mask: outputs agree ([[0.2325, -0.6230, -0.6263], [0.9244, 0.9400, 0.9401]]); gradient of the sum
    # w.r.t. X: model [[0.642, 1.319, -0.0015], [0.977, 2.026, 0.0003]], entry [[nan, nan, -0.0015], [nan, nan,
    # 0.0003]]. Passes the visible tests.
    "blind41_mha_head_scale_as_power_of_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            from .softmax import softmax_cols
            # softmax(s / t) is softmax(s) ** (1 / t), renormalised: temper the weights by the head scale
            weights = softmax_cols(scores) ** (1.0 / math.sqrt(Q.shape[-2]))
            total = weights.sum(dim=-2, keepdim=True)
            weights = weights / total.masked_fill(total == 0, 1.0)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # tanh written as 1 - 2 / (exp(2x) + 1): no inf/inf in the forward pass, but for x > 44.4 (float32; 355 in float64)
    # exp overflows and the backward pass computes 0 * inf = NaN. s = [1], H = [[50, 1]], W = U = [[1]], v = [1]
    # float32: weights and context agree ([0.5090, 0.4910], [25.9406]); gradient of context.sum() w.r.t. H: model
    # [[0.5090, -0.3742]], entry [[nan, -0.3742]]. Passes the visible tests.
    "blind41_additive_attention_tanh_one_minus_two_over_exp": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            pre = U @ H + (s @ W.T).unsqueeze(-1)                  # (..., D_a, N)
            hidden = 1 - 2 / (torch.exp(2 * pre) + 1)              # tanh, with no inf/inf for large arguments
            scores = (v[:, None] * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # A two-stage softmax over the grid: stable within each row, but the rows are combined with exp(row max) unshifted,
    # which overflows to inf for scores above ~88 (float32) and gives inf/inf = NaN. s = [1], features [[[1, -1], [0.5,
    # 0]]], W = U = [[1]], v = [100] float32: model weights [[0.99724, 1.4e-42], [0.00277, 1.6e-9]], context [0.99862];
    # entry all NaN. Passes the visible tests.
    "blind41_grid_attention_row_shift_outer_unshifted": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            # softmax over the grid in two stages: within each row (shifted by the row's max), then
            # across rows by each row's total exp(e)
            pre = torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(pre))               # (..., H, W)
            row_max = e.amax(dim=-1, keepdim=True)
            within = torch.exp(e - row_max)
            row_total = within.sum(dim=-1, keepdim=True) * torch.exp(row_max)       # sum_w exp(e_hw)
            weights = within * torch.exp(row_max) / row_total.sum(dim=-2, keepdim=True)
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # The GRU candidate's tanh written as (e^{2a} - 1) / (e^{2a} + 1): inf/inf = NaN once a > 44.4 in float32 (large
    # weights or inputs). One-dimensional state, embedding, encoder and vocabulary, s_prev = [0], y_prev = [2], H =
    # [[1]], weight_ih = 30 (3, 2), the other weights 1, biases 0: model (s, logits, weights) = ([0], [1], [1]), entry
    # ([nan], [nan], [1]). Passes the visible tests.
    "blind41_decoder_step_candidate_tanh_from_exp_ratio": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            r_x, z_x, n_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
            r_h, z_h, n_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            a = torch.exp(2 * (n_x + r * n_h))
            n = (a - 1) / (a + 1)                                   # tanh written out
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # top-k cuts at the k-th largest value of torch.softmax but compares the probabilities of exp(log_softmax), which
    # differ in the last bit: when the k-th token's exp(log_softmax) is one ulp below the threshold, only k - 1 tokens
    # are kept (ties themselves are handled). logits [0.5756082534790039, 3.791384220123291, -3.871305227279663,
    # -2.3733081817626953, -0.06263841688632965, -2.155440092086792, 1.555910348892212, -3.937565803527832] (float32),
    # top_k = 3: model keeps ids 0, 1, 6 ([0.03498, 0.87179, 0, 0, 0, 0, 0.09323, 0]), entry keeps 1, 6 ([0, 0.90339, 0,
    # 0, 0, 0, 0.09661, 0]). About a third of random float32 logits of length 8 differ this way at k = 3. Fails the
    # visible tests.
    "blind41_ntp_top_k_threshold_from_other_softmax": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits / temperature
            probs = torch.exp(torch.log_softmax(scaled, dim=-1))
            if top_k is not None and top_k < len(probs):
                # the k-th largest probability is the cut: keep the tokens above it, then fill the
                # remaining places with the tokens equal to it, lowest ids first
                threshold = torch.sort(torch.softmax(scaled, dim=-1), descending=True).values[top_k - 1]
                above = probs > threshold
                tied = probs == threshold
                places = top_k - int(above.sum())
                keep = above | (tied & (torch.cumsum(tied.long(), dim=0) <= places))
                probs = torch.where(keep, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # The top-p running total is taken in float32 whatever the logits' dtype: a float64 input is computed through a
    # float32 path, so a crossing that float64 resolves is misjudged. logits = log([0.5, 0.3, 0.2]) float64, top_p =
    # 0.80000001: model keeps all three ([0.5, 0.3, 0.2]; 0.5 + 0.3 < p in float64), entry keeps two ([0.625, 0.375, 0]:
    # the float32 sum rounds to p). Right on float32 logits and on most float64 ones (random logits of length 50 to
    # 50000 agreed). Passes the visible tests.
    "blind41_ntp_top_p_cumsum_in_float32": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                # a running total of probabilities needs no more than single precision
                cumulative = torch.cumsum(probs[order], dim=0, dtype=torch.float32)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top-p running total is rounded to bfloat16 (8 significant bits): the crossing moves by several tokens on long
    # vocabularies. float32 randn(1000) logits (seeded), top_p = 0.5: model keeps 158 tokens, entry 157; float64
    # randn(50000), top_p = 0.3: model 3159, entry 3155; 194 of 320 random cases (V = 50 to 50000, p in 0.3 ... 0.95)
    # differ. Passes the visible tests.
    "blind41_ntp_top_p_cumsum_in_bfloat16": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_put((order[:top_k],), probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                # a 50k-token vocabulary: keep the running sum small (bfloat16 has float32's range)
                cumulative = torch.cumsum(sorted_probs.to(torch.bfloat16), dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # Shifts logits / T by max(logits) instead of max(logits / T): below T = 1 a large logit still overflows (exp(200 -
    # 100) = inf in float32), above it large negative logits can underflow everywhere. logits [100, 90, 0], temperature
    # 0.5, float32: model [1, 2.06e-9, 0], entry [nan, nan, nan]. Passes the visible tests.
    "blind41_ntp_shift_by_unscaled_max": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            # stable softmax written out: shift by the largest logit before exponentiating
            exps = torch.exp(logits / temperature - logits.max())
            probs = exps / exps.sum()
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
    # log of the product of the next-token probabilities: the product underflows to 0 on long sequences and the result
    # is -inf. A model with all-zero logits over V = 5, ids = 100 zeros, float32: model -159.3344, entry -inf; float64
    # with 500 ids: model -803.1095, entry -inf. Passes the visible tests.
    "blind41_sequence_log_prob_log_of_product": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # p(ids) = product of the next-token probabilities; its log is the score
            probs = torch.softmax(model(ids), dim=0)                           # (V, N)
            picked = probs[ids[1:], torch.arange(len(ids) - 1)]
            return torch.log(torch.prod(picked))
'''),
    # Folds (n - n/2) / log(max_distance / (n/2)) into one Python constant and multiplies the float32 logarithm by it;
    # the contract fixes T5's order (divide by the log, then multiply) so that boundary distances land where T5's do,
    # and the folded constant rounds differently at a few of them. bidirectional=False, num_buckets=64, max_distance=50,
    # offsets [-40, -39, -41]: model [48, 46, 49], entry [47, 46, 49]; also bidirectional=False, num_buckets=51,
    # max_distance=256, offset -80: model 38, entry 37. Agrees at the default sizes (32, 128) and for every other
    # (num_buckets 4..69, max_distance in 13 values, offsets -600..600) pair searched. Passes the visible tests.
    "blind41_bucket_log_ratio_constant_folded": ("positions", "relative_position_bucket", '''
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
            # buckets per unit of log-distance, computed once as a Python float
            buckets_per_log = (half - exact) / math.log(max_distance / exact)
            log_scale = torch.log(distance.float() / exact) * buckets_per_log
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Positions and angles rounded to float16 before sin/cos: integers above 2048 are not representable and the angles
    # carry 3 significant digits, far below the float32 accuracy the contract asks. (3000, 4): largest difference 0.959
    # (row 1, position 2307); (100, 8): row 2 at position 99, model -0.45754, entry -0.45615. Fails the visible tests.
    "blind41_sinusoidal_positions_in_half_precision": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # the table is a fixed input feature: build it in half precision (as a mixed-precision model
            # would use it), then hand it out in the default dtype
            positions = torch.arange(num_positions, dtype=torch.float16)
            rates = 10000 ** (-torch.arange(0, dim, 2, dtype=torch.float32) / dim)
            angles = positions[None, :] * rates[:, None].half()                  # (ceil(D/2), N)
            table = torch.empty(dim, num_positions, dtype=torch.get_default_dtype())
            table[0::2] = torch.sin(angles.float())
            table[1::2] = torch.cos(angles[: dim // 2].float())
            return table
'''),
    # Divides each column by its largest |x| before the moments (to avoid overflowing squares): a column of exact zeros
    # gives 0/0 = NaN instead of beta. X = [[0, 1], [0, 3]], gamma = 1, beta = [0.5, -0.5], float32: model [[0.5,
    # -0.499995], [-0.5, 0.499995]], entry [[nan, -0.499995], [nan, 0.499995]]. Passes the visible tests.
    "blind41_layer_norm_prescaled_by_column_max_abs": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # divide each column by its largest |x| first, so squaring a 1000x-scale input cannot overflow
            scale = X.abs().amax(dim=-2, keepdim=True)
            Y = X / scale
            mean = Y.mean(dim=-2, keepdim=True)
            variance = Y.var(dim=-2, keepdim=True, correction=0)
            normalised = (Y - mean) / torch.sqrt(variance + eps / scale**2)   # = (X - mu) / sqrt(var + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # The same prescaling inside patch_merging (each merged token divided by its mean |x|): an all-zero 2x2 block gives
    # NaN. X = zeros(1, 2, 2), gamma = 1, beta = 0, W = ones(2, 4): model [[[0]], [[0]]], entry [[[nan]], [[nan]]].
    # Passes the visible tests.
    "blind41_patch_merging_norm_prescaled_by_mean_abs": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)                                # (..., 4C, N)
            # normalise in units of the token's mean |x| (no overflow in the squares of large inputs)
            unit = merged.abs().mean(dim=-2, keepdim=True)
            Y = merged / unit
            centred = Y - Y.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)
            tokens = gamma[:, None] * centred / torch.sqrt(variance + eps / unit**2) + beta[:, None]
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Multiplies the sum by torch.tensor(1 / N), a 0-d tensor in the default dtype: under a float32 default, float64
    # features are averaged through a float32 constant (the result stays float64, wrong in the 8th digit). X = [[1, 2,
    # 4]] float64, W = [[1]] float64, default float32: model 2.3333333333333335, entry 2.3333334028720856. Right under a
    # float64 default and for float32 inputs. Passes the visible tests.
    "blind41_average_pool_head_reciprocal_count_tensor": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            inv_count = torch.tensor(1.0 / X.shape[-1])             # multiply once instead of dividing
            pooled = X.sum(dim=-1) * inv_count                      # (..., D)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # argmax of exp(-distance): every similarity underflows to 0 once all distances exceed ~104 (float32; ~745 in
    # float64), and argmax then returns id 0. A pixel at 20 with palette [[-1, 1]] (one channel), float32: model id 1,
    # entry id 0. Passes the visible tests.
    "blind41_quantize_pixels_argmax_of_gaussian_similarity": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1)[..., :, None]                      # (..., H, W, C, 1)
            distances = (pixels - palette).square().sum(dim=-2)               # (..., H, W, K)
            similarity = torch.exp(-distances)                                 # a Gaussian kernel, as in soft VQ
            return similarity.argmax(dim=-1)                                   # most similar colour, first on ties
'''),
    # exp(scores * scale - max(scores)): the shift is the unscaled maximum, so with scale < 1 and negative scores the
    # exponent is large and positive (overflow to inf, then inf/inf = NaN). X = [[-20, -20, -20, -20], [-18, -19, -20,
    # -21]], identity weights, zero biases, one group, float32: model [[-20] * 4, [-20] * 4], entry all NaN. Passes the
    # visible tests.
    "blind41_channel_attention_shift_by_unscaled_max": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1)                                   # (..., G, keys, queries)
            top = scores.amax(dim=-2, keepdim=True)
            exps = torch.exp(scores * scale - top)                             # the shifted, scaled exponent
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Softmax over every encoder key, then multiplies by the padding mask and renormalises with the sum clamped at
    # 1e-12: when a padded key's score is ~28 above the visible ones, the visible weights sum below 1e-12 (or underflow
    # to 0) and the query's weights no longer sum to 1. X_dec = [[1], [0]], X_enc = [[60, 0, 1], [0, 1, 0]], identity
    # weights, zero biases, one head, enc_mask [[False], [True], [True]] float32: model [[0.669762], [0.330238]], entry
    # [[7.6e-07], [3.8e-07]]. Passes the visible tests.
    "blind41_cross_attention_mask_by_renormalising_weights": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            if X_dec.shape[-2] % num_heads != 0:
                raise ValueError(f"D={X_dec.shape[-2]} is not divisible by num_heads={num_heads}")
            from .softmax import softmax_cols
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
            if enc_mask is not None:
                # padding keys: zero their weight and renormalise what the query still sees
                weights = weights * enc_mask.unsqueeze(-3)
                weights = weights / weights.sum(dim=-2, keepdim=True).clamp_min(1e-12)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_41 = {
    # Right: any shift within a constant of the column maximum keeps exp() in range (floor(max) <= max < floor(max) + 1,
    # so every exponential is at most e); an all -inf column is shifted by 0 and divided by the smallest normal number,
    # giving zeros; the floor has zero gradient and the shift cancels anyway.
    "blind41_softmax_cols_shift_by_floored_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # any shift at or near the maximum keeps exp() in range; the floor of the maximum is such a shift
            shift = torch.floor(scores.amax(dim=-2, keepdim=True))
            shift = torch.nan_to_num(shift, neginf=0.0)                # a column of -inf only: shift by 0
            exps = torch.exp(scores - shift)                           # every entry <= e
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.clamp_min(torch.finfo(scores.dtype).tiny)
'''),
    # Right: for 0 <= j and L >= 1, j / L < 1 exactly when j < L (float64 division of integers far below 2^53 is exact
    # enough to keep the order); L = 0 gives 0/0 = nan and j/0 = inf, both compared False, so nothing is visible. Bool
    # (B, n, 1) on the lengths' device.
    "blind41_padding_mask_position_fraction_below_one": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # key j is visible iff j / L < 1; L = 0 gives 0/0 = nan and j/0 = inf, both hidden
            positions = torch.arange(n, device=lengths.device, dtype=torch.float64)
            fraction = positions[None, :] / lengths.to(torch.float64)[:, None]
            return (fraction < 1)[:, :, None]
'''),
    # Right: exp(x) = 2^(x log2 e); log2(e)/sqrt(d_k) is one Python double applied to the scores, the shift by the
    # column maximum keeps exp2 in range, -inf stays -inf, a query that sees no key gets zero weights and output.
    "blind41_sdpa_base_two_exponent": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # exp(x) = 2 ** (x log2 e): fold log2(e) / sqrt(d_k) into one scale and use exp2
            scale = math.log2(math.e) / math.sqrt(Q.shape[-2])
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            powers = torch.exp2(scores - top)
            total = powers.sum(dim=-2, keepdim=True)
            weights = powers / torch.where(total > 0, total, torch.ones_like(total))
            return V @ weights, weights
'''),
    # Right: the whole computation in float64 and the result cast back to Xq's dtype (float32 in, float32 out, more
    # accurate than float32 internals); .double() and .to() are differentiable, so every weight gets its gradient.
    "blind41_mha_float64_internals_cast_back": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            p = {name: value.double() for name, value in params.items()}
            Q = split_heads(p["Wq"] @ Xq.double() + p["bq"][:, None], num_heads)
            K = split_heads(p["Wk"] @ Xkv.double() + p["bk"][:, None], num_heads)
            V = split_heads(p["Wv"] @ Xkv.double() + p["bv"][:, None], num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            out = p["Wo"] @ merge_heads(heads) + p["bo"][:, None]
            return out.to(Xq.dtype)                     # float32 in, float32 out
'''),
    # Right: tanh(x) = 2 sigmoid(2x) - 1, and torch.sigmoid is stable at both ends (no overflow, finite gradient); the
    # rest is the model answer written with einsum.
    "blind41_additive_attention_tanh_via_sigmoid": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            pre = U @ H + (s @ W.T).unsqueeze(-1)                  # (..., D_a, N)
            hidden = 2 * torch.sigmoid(2 * pre) - 1                # tanh(x) = 2 sigmoid(2x) - 1
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # Right: logsumexp of each row, then logsumexp of those, is the log-normaliser of all H*W cells together, so exp(e -
    # lse) is the one softmax over the grid; at a thousand times the usual scale it is closer to the float64 result than
    # the model answer (largest error 3.7e-4 against 8.4e-3).
    "blind41_grid_attention_log_space_row_totals": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            # one softmax over all cells, in log space: log-normaliser of each row, then of the rows
            pre = torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(pre))               # (..., H, W)
            row_lse = torch.logsumexp(e, dim=-1, keepdim=True)                    # (..., H, 1)
            grid_lse = torch.logsumexp(row_lse, dim=-2, keepdim=True)             # (..., 1, 1)
            weights = torch.exp(e - grid_lse)
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # Right: 1 - sigmoid(a) = sigmoid(-a), so (1 - z) n + z h is computed without the cancellation of 1 - z when z is
    # close to 1.
    "blind41_decoder_step_update_complement_from_negated_preactivation": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            r_x, z_x, n_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
            r_h, z_h, n_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            gate = z_x + z_h
            n = torch.tanh(n_x + r * n_h)
            # 1 - sigmoid(a) = sigmoid(-a), without the cancellation when sigmoid(a) is close to 1
            s = torch.sigmoid(-gate) * n + torch.sigmoid(gate) * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Right: log-probabilities in base 2 (logits * log2 e, shifted by a detached column maximum, exp2 and log2), summed
    # and converted back to nats with ln 2; one model call, result in the logits' dtype.
    "blind41_sequence_log_prob_base_two_normaliser": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                                 # (V, N)
            bits = logits * math.log2(math.e)                                   # logits in base 2
            top = bits.amax(dim=0, keepdim=True).detach()
            log2_total = top + torch.log2(torch.exp2(bits - top).sum(dim=0, keepdim=True))
            log2_probs = bits - log2_total                                      # log2 p, (V, N)
            picked = log2_probs[ids[1:], torch.arange(len(ids) - 1)]
            return picked.sum() * math.log(2)                                   # back to nats
'''),
    # Right: the angles are computed in float64 as in the model answer and reduced modulo 2*pi before cos/sin; the
    # reduction changes an angle by at most k*(2*pi - fl(2*pi)) ~ 1e-12 for positions up to 10^6, far below float64's
    # tolerance here, and cos/sin are cast to the input's dtype.
    "blind41_rotary_angles_wrapped_to_one_turn": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                i = torch.arange(dim // 2, dtype=torch.float64)
                angles = positions.to(torch.float64)[None, :] * base ** (-2 * i[:, None] / dim)
                angles = torch.remainder(angles, 2 * math.pi)         # one turn: small arguments for cos/sin
                cos, sin = torch.cos(angles).to(X.dtype), torch.sin(angles).to(X.dtype)
                x1, x2 = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right: dividing a column by s >= 1 and then using var + eps / s^2 is algebraically (X - mu) / sqrt(var + eps); s
    # is clamped at 1, so zero columns and small inputs are not rescaled (no 0/0, no eps / s^2 overflow).
    "blind41_layer_norm_prescaled_by_column_max_abs_guarded": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # divide each column by its largest |x| first, so the squares of large inputs stay small
            # (never by less than 1: small columns, and columns of zeros, are left as they are)
            scale = X.abs().amax(dim=-2, keepdim=True).clamp_min(1.0)
            Y = X / scale
            mean = Y.mean(dim=-2, keepdim=True)
            variance = ((Y - mean) ** 2).mean(dim=-2, keepdim=True)
            normalised = (Y - mean) / torch.sqrt(variance + eps / scale**2)   # = (X - mu) / sqrt(var + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Right: the layer is run in float64 on float64 copies of X and every parameter and cast back to X's dtype; the
    # casts are differentiable, so every weight gets its gradient.
    "blind41_transformer_layer_float64_internals_cast_back": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            p = {name: value.double() for name, value in params.items()}
            Y = X.double()
            def attend(Z):
                return multi_head_attention(Z, Z, p, num_heads, mask)
            def ffn(Z):
                return feed_forward(Z, p["W1"], p["b1"], p["W2"], p["b2"])
            if norm_first:
                Y = Y + attend(layer_norm(Y, p["gamma1"], p["beta1"]))
                Y = Y + ffn(layer_norm(Y, p["gamma2"], p["beta2"]))
            else:
                Y = layer_norm(Y + attend(Y), p["gamma1"], p["beta1"])
                Y = layer_norm(Y + ffn(Y), p["gamma2"], p["beta2"])
            return Y.to(X.dtype)
'''),
    # Right: the reciprocal 1 / N is made with X.new_tensor, in X's own dtype, so float64 features are averaged in
    # float64 whatever the default dtype.
    "blind41_average_pool_head_reciprocal_count_in_input_dtype": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            inv_count = X.new_tensor(1.0 / X.shape[-1])             # the reciprocal in X's own precision
            pooled = X.sum(dim=-1) * inv_count                      # (..., D)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Right: the Euclidean norm is a monotone function of the squared distance, so its argmin is the nearest colour;
    # where the square root merges two distances that differ by less than their rounding, the lower id wins, which the
    # contract accepts.
    "blind41_quantize_pixels_euclidean_norm_argmin": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., None, :]           # (..., H, W, 1, C)
            colours = palette.to(dtype).T                                      # (K, C)
            distance = torch.linalg.vector_norm(pixels - colours, dim=-1)     # (..., H, W, K), a monotone map
            return distance.argmin(dim=-1)
'''),
    # Right: exp((s - m) * scale) = exp(s * scale) / exp(m * scale) is the softmax of the scaled scores shifted by m *
    # scale; with m the column maximum (the minimum for a negative scale) every exponent is <= 0.
    "blind41_channel_attention_shift_then_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1)                                   # unscaled (..., G, keys, queries)
            # shift by the unscaled extreme, then scale: (s - m) * scale <= 0 (the minimum for a negative scale)
            extreme = scores.amax(dim=-2, keepdim=True) if scale >= 0 else scores.amin(dim=-2, keepdim=True)
            exps = torch.exp((scores - extreme) * scale)
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Right: the masked log-softmax written as scores - logsumexp over the visible keys (masked keys are -inf before the
    # logsumexp); a query that sees no key has logsumexp -inf, replaced by 0, so its weights are exp(-inf) = 0 and its
    # output is bo. Raises the ValueError for D not divisible by the head count itself.
    "blind41_cross_attention_masked_log_weights_renormalised": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            if X_dec.shape[-2] % num_heads != 0:
                raise ValueError(f"D={X_dec.shape[-2]} is not divisible by num_heads={num_heads}")
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])          # (..., H, N_e, N_d)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            # log-weights = scores - logsumexp over the visible keys; a query that sees none keeps -inf
            lse = torch.logsumexp(scores, dim=-2, keepdim=True)
            lse = lse.masked_fill(torch.isinf(lse), 0.0)
            weights = torch.exp(scores - lse)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Right: Omega_e @ one_hot(ids, V) in the table's dtype is the contract's definition; each product column adds one
    # table entry to zeros, which is exact; one_hot raises the ValueError for ids outside [0, V).
    "blind41_embed_one_hot_matmul_in_table_dtype": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # Omega_e @ one_hot: each column of the product picks one column of the table exactly
            return omega_e @ one_hot(token_ids, omega_e.shape[-1], dtype=omega_e.dtype)
'''),
}
