"""Seventy-eighth blind batch of held-out implementations (prefix blind77_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`),
never read. The earlier blind batches (held_out_blind.py ... held_out_blind_74.py) were only skimmed for their entry
names (grepped for eps, clamp, nan, round, float32, assert, sort, finfo, diagonal and unmask names so that none is
repeated) and the header of held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor the batches written at the same time (held_out_blind_75.py, held_out_blind_76.py).

Emphasis: defensive code added "for safety". Wrong entries guard against problems the contract does not have, and the
guard changes a result the contract fixes: epsilons in denominators that need none (softmax sums, renormalised
attention weights, top-k/top-p renormalisation, division by the token count, sqrt(D_k + eps), sqrt(N + eps)), eps added
to the layer-norm variance twice or floored (eps=0.0 given), variance floors in hand-written norms, clamps on scores,
logits, hidden units, log-probabilities, previous states and sums (+-20, +-30, +-50, 1e4, 1e-10, 1e-12), nan_to_num that
also rewrites -inf, a max shift taken over the whole batch, a second unguarded renormalisation, rounding "to avoid float
noise" (weights, distances, beam scores, float formulas for counts), float32 casts "for stability", inputs normalised
that should not be (standardised tokens, unit-length encoder states, cosine Q/K, 0-255 pixel rescaling, standardised CNN
features, a second standardisation after layer norm), abs() of a gain that may be negative, clamps that replace a
contract ValueError, masks "repaired" (fully hidden queries unmasked, the diagonal forced visible), floors on
temperature, window, stride and mask_prob, `scale or default` with scale=0.0, assertions that reject valid inputs
(square masks, equal query/key lengths, power-of-two heads, square images and grids, 1-D ids, prompts longer than the
context, an exact probability sum of 1, a start id that is also a pixel id), and "just in case" deduplication and
sorting in BPE. Right entries guard in ways that change nothing the contract fixes: a max shift detached or applied
twice, denominators floored at finfo.tiny (which only acts on all-hidden columns), NaN replaced only where the contract
gives an all -inf column, weights clamped to [0, 1], dead queries zeroed again, variances clamped at 0, centring twice,
nan_to_num on finite results, float64 internals cast back, clamps of ids, lengths and windows that act only outside the
contract, masks ORed with a diagonal that is already visible, all-True masks dropped, assertions that only reject inputs
outside the contract (non-finite X, n = 0 where an exception is accepted, counts outside [0, n^2]).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind77/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's
visible tests: every right entry passes them, and each wrong entry's comment says whether it does (30 of the 64 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs as
its comment says. Right entries were compared with the model answer under both default dtypes on 80 random cases each
(float32 and float64 inputs, batch shapes (), (2,), (2, 3), scales 1, 1000 and 1e-3, masks of the shapes (N_k, N_q),
batched, (N_k, 1) and (1, N_q), all-False columns and fully masked states, all-True masks, the same tensor passed as
queries and keys, eps in {1e-5, 0, 1e-3, 1e-12}, scale in {None, 0.0, 0.5}, transposed inputs), values to 1e-5 (float32)
and 1e-12 (float64) relative to the output scale, gradients of every floating input and parameter to 1e-4 / 1e-10
(gradients at -inf inputs excluded, as the contract does); masks exactly over small sizes; sparse_attention_cost exactly
for every pattern, n = 0..11, 10**6 and 10**12 + 7, sizes 0..12; dequantize_pixels and embed also for their ValueErrors;
next_token_probs with ties, temperature 0 and 1e-3 and every top-k/top-p option; generate with three calls on one seeded
generator (same ids, same generator state afterwards); mlm_corrupt exactly equal for the same seed (it draws in the
model's order) with specials as list, tuple, tensor and empty and mask_prob 0, 0.15, 0.5, 1. The two layer-norm right
entries were also checked against an exact (fractions/decimal) layer norm in float64: their worst errors were 57 and 4
units of 2^-53 against the model answer's 85.

Judgement calls: several wrong entries are wrong only at float64 accuracy (the contract holds float64 results to
float64's unit roundoff): blind77_softmax_denominator_plus_1e_9, blind77_sdpa_scale_sqrt_dk_plus_eps,
blind77_next_token_probs_final_sum_plus_1e_8, blind77_average_pool_head_count_plus_1e_9 and
blind77_channel_attention_scale_from_tokens_plus_eps (relative errors 1e-9 to 1e-6); blind77_sdpa_weights_renormalised_with_1e_6
is also about 8 float32 ulps off. blind77_sdpa_weights_floored_at_1e_12 and blind77_next_token_probs_floored_at_1e_10
put 1e-12 / 1e-10 where the contract says exactly 0; I kept them as wrong (float64 shows them at once; the contract's
"probability 0" and "weights and output are zero" are exact statements). blind77_transformer_layer_residual_scaled_by_inverse_sqrt2
is far off in pre-LN but only 1e-6-relative off in post-LN (layer norm is scale-invariant up to eps). Wrong entries
built on a fixed tolerance (top-p within 1e-6 of p, quantize distances rounded to 4 decimals, beam scores rounded to 4
decimals) fail only on inputs placed near their thresholds; each comment gives one. The right entries with assertions
(blind77_right_causal_mask_asserts_positive_size: n = 0 is left open, an exception accepted;
blind77_right_sparse_cost_exact_with_range_assertion: a negative window or num_global > n, outside the contract, would
raise AssertionError; blind77_right_self_attention_asserts_finite_inputs and blind77_right_transformer_layer_mask_checked_bool:
non-finite X and non-boolean masks are outside the contract) rely on the contract's "only the named ValueErrors are
graded". blind77_right_softmax_torch_softmax_nan_replaced_by_where returns NaN gradients at the -inf entries of an all
-inf column (never at finite entries): the contract does not compare gradients at infinite inputs. The layer-norm right
entries' float32 gradients differ from the model answer's by up to a few float32 ulps of the gradient scale on
ill-conditioned columns (scale 1e-3, eps 1e-12), where the model's own float32 error is of the same size. Dropped: a
quantize_pixels entry comparing sqrt(d + 1e-12) (monotone, but sqrt's rounding can merge distances a little beyond the
contract's accepted rounding: unsure either way); an sdpa entry shifting scores by the max over all keys before masking
(it loses precision only when a hidden key's score dwarfs the visible ones, and I could not pin down whether the
contract's bound covers that); a relu written as torch.maximum(h, 0) (its 1/2 gradient at 0 is a subgradient, but I
did not want an entry resting on that); a rotary entry wrapping angles modulo 2 pi (float64 accuracy unclear).

Counts: 64 wrong, 38 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1,
'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 1,
'dequantize_pixels': 1, 'feed_forward': 2, 'generate': 2, 'grid_attention': 1, 'layer_norm': 4, 'local_mask': 1,
'mlm_corrupt': 1, 'multi_head_attention': 4, 'next_token_probs': 5, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging':
1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 2, 'scaled_dot_product_attention': 4, 'self_attention': 2,
'sequence_log_prob': 3, 'shifted_window_mask': 1, 'softmax_cols': 7, 'sparse_attention_cost': 1, 'strided_mask': 1,
'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1,
'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1,
'feed_forward': 1, 'generate': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1,
'multi_head_attention': 2, 'next_token_probs': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1,
'patchify': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1,
'sequence_log_prob': 1, 'shifted_window_mask': 1, 'softmax_cols': 4, 'sparse_attention_cost': 1, 'transformer_layer':
1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_77 = {
    # ------------------------------------------------------------------ softmax
    # Clamping the scores to [-50, 50] before the max shift flattens every score above 50 (or below -50): columns of
    # large scores lose their order. softmax_cols([[100], [60]]): model [1, 4.2e-18], entry [0.5, 0.5]. Fails the
    # visible tests.
    "blind77_softmax_scores_clamped_to_pm50_before_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            safe = scores.clamp(-50.0, 50.0)           # keep exp() in range whatever the max does
            column_max = safe.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(safe - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # exp(...).clamp(min=1e-12) gives every -inf entry a weight of 1e-12 instead of 0, and an all -inf column
    # becomes uniform instead of zeros. softmax_cols([[-inf], [-inf]]): model [0, 0], entry [0.5, 0.5]. Fails the
    # visible tests.
    "blind77_softmax_exps_floored_at_1e_12": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max).clamp(min=1e-12)   # no exact zeros, so never 0 / 0
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # + 1e-9 in the denominator (a shifted column sums to at least 1 or exactly 0, so no epsilon is needed) scales
    # every column by 1/(1 + 1e-9/sum): invisible in float32, about 1e-9 relative in float64. softmax_cols([[0],
    # [1]]) float64: model 0.7310585786300049, entry 0.7310585780955582. Fails the visible tests.
    "blind77_softmax_denominator_plus_1e_9": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            return exps / (exps.sum(dim=-2, keepdim=True) + 1e-9)   # epsilon: a masked column sums to 0
'''),
    # nan_to_num turns -inf into the dtype's most negative finite number, so an all -inf column has a finite max and
    # comes out uniform. softmax_cols([[-inf], [-inf]]): model [0, 0], entry [0.5, 0.5]. Fails the visible tests.
    "blind77_softmax_scores_nan_to_num_before_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            finite = torch.nan_to_num(scores)          # no inf - inf = nan below
            exps = torch.exp(finite - finite.amax(dim=-2, keepdim=True))
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # The second, unguarded renormalisation divides an all-zero column (an all -inf column) by its zero sum.
    # softmax_cols([[-inf], [-inf]]): model [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind77_softmax_renormalised_again_without_guard": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            weights = exps / column_sum.masked_fill(column_sum == 0, 1.0)
            return weights / weights.sum(dim=-2, keepdim=True)     # make sure the columns sum to exactly 1
'''),
    # torch.round(..., decimals=7) drops everything below 5e-8: float64 results keep only 7 decimals, and float32
    # weights below 5e-8 become 0. softmax_cols([[0], [1]]) float64: model 0.7310585786300049, entry 0.7310586.
    # Passes the visible tests.
    "blind77_softmax_rounded_to_seven_decimals": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            weights = exps / column_sum.masked_fill(column_sum == 0, 1.0)
            return torch.round(weights, decimals=7)                # drop float noise such as 0.30000000000000004
'''),
    # The computation runs in float32 and is cast back: float64 scores get float32 accuracy. softmax_cols([[0],
    # [1]]) float64: model 0.7310585786300049, entry 0.7310585975646973. Fails the visible tests.
    "blind77_softmax_upcast_to_float32_for_stability": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            work = scores.to(torch.float32)            # one stable precision for every caller
            column_max = work.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(work - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return (exps / column_sum.masked_fill(column_sum == 0, 1.0)).to(scores.dtype)
'''),
    # ------------------------------------------------------------------ masking
    # nan_to_num also replaces -inf, by the most negative finite number, so hidden scores are not -inf.
    # apply_mask([[1, 2]], [[True, False]]): model [1, -inf], entry [1, -3.4028e38]. Fails the visible tests.
    "blind77_apply_mask_result_passed_through_nan_to_num": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = scores.masked_fill(~mask, float("-inf"))
            return torch.nan_to_num(hidden)            # never hand NaN or inf to the softmax
'''),
    # Visible scores beyond +-1e4 are clamped (the contract keeps the scores unchanged where visible; 1000x scales
    # give such scores). apply_mask([[2e4, 2]], [[True, False]]): model [2e4, -inf], entry [1e4, -inf]. Passes the
    # visible tests.
    "blind77_apply_mask_scores_clamped_to_pm1e4": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            bounded = scores.clamp(-1e4, 1e4)          # the softmax is only stable up to 1e4
            return bounded.masked_fill(~mask, float("-inf"))
'''),
    # max(window, 1) turns the valid window 0 (the diagonal only) into a band of width 1. local_mask(3, 0): model
    # the identity, entry a tridiagonal band. Fails the visible tests.
    "blind77_local_mask_window_at_least_one": ("masking", "local_mask", '''
        def local_mask(n, window):
            window = max(window, 1)                    # a window of 0 would leave a token no neighbours
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).abs() <= window
'''),
    # ------------------------------------------------------------------ attention
    # Scores clamped to [-30, 30] lose their order above 30 (large inputs). Q=[[10]], K=[[10, 5]], V=[[1, 0]]: model
    # weights [1, 1.9e-22], entry [0.5, 0.5]. Passes the visible tests.
    "blind77_sdpa_scores_clamped_to_pm30": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])).clamp(-30.0, 30.0)   # exp(30) is safe
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Renormalising with + 1e-6 shrinks every column by 1/(1 + 1e-6): about 1e-6 relative, above float64 accuracy
    # (and a few float32 ulps). Q=[[1]], K=[[1, 0]], V=[[1, 0]] float64: model weights [0.7310585786300049, ...],
    # entry [0.7310578475721574, ...]. Fails the visible tests.
    "blind77_sdpa_weights_renormalised_with_1e_6": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            weights = weights / (weights.sum(dim=-2, keepdim=True) + 1e-6)   # re-normalise after masking
            return V @ weights, weights
'''),
    # Weights floored at 1e-12 give hidden keys weight 1e-12 and a query that sees no key a nonzero output
    # (contract: zero weights and zero output). Q=[[1]], K=[[1, 0]], V=[[5, 7]], mask all False, float64: model
    # output [[0]], weights [[0], [0]]; entry output [[1.2e-11]], weights [[1e-12], [1e-12]]. Fails the visible
    # tests.
    "blind77_sdpa_weights_floored_at_1e_12": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores).clamp(min=1e-12)           # no dead keys (log-safe weights)
            return V @ weights, weights
'''),
    # sqrt(D_k + 1e-6) instead of sqrt(D_k) rescales every score by about 1 - 5e-7/D_k: visible at float64 accuracy.
    # Q=[[1]], K=[[1, 0]], V=[[1, 0]] float64: model weights [0.7310585786300049, ...], entry [0.7310584803241006,
    # ...]. Fails the visible tests.
    "blind77_sdpa_scale_sqrt_dk_plus_eps": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2] + 1e-6)   # never divide by sqrt(0)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Standardising the input columns before the projections changes every result (the contract projects X itself).
    # X=[[1, 2], [3, 5]], identity weights, zero biases: model output [[1.993, 2.000], [4.986, 5.000]], entry
    # [[-0.707, -0.707], [0.707, 0.707]]. Fails the visible tests.
    "blind77_self_attention_inputs_standardised_first": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # normalise the tokens first so that the projections cannot blow up
            X = (X - X.mean(dim=-2, keepdim=True)) / (X.std(dim=-2, keepdim=True) + 1e-6)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The assertion rejects every broadcastable mask that is not (..., N, N), such as a padding mask (B, N, 1). X
    # (2, 4, 3), mask (2, 3, 1): model returns (2, 4, 3), entry raises AssertionError. Passes the visible tests.
    "blind77_self_attention_asserts_square_mask": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            n = X.shape[-1]
            if mask is not None:
                assert mask.shape[-2:] == (n, n), "self-attention mask must be (N, N)"
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # The assertion rejects cross-attention, where N_q and N_k differ (the contract allows any N_k). Xq (4, 2), Xkv
    # (4, 3), 2 heads: model returns (4, 2), entry raises AssertionError. Fails the visible tests.
    "blind77_mha_asserts_queries_and_keys_same_shape": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            assert Xq.shape == Xkv.shape, "queries and keys/values must have the same shape"
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # A query whose mask column is all False is given every key instead of none: its attention output should be bo
    # (zero heads), the entry attends to all keys. Xq (4, 2), Xkv (4, 3), mask [[T, F], [T, F], [T, F]]: model
    # column 1 = [-1.089, -0.267, 0.189, -0.219] (= bo), entry column 1 = column 0 = [9.601, 3.730, -46.972, 2.252].
    # Passes the visible tests.
    "blind77_mha_fully_masked_queries_unmasked": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask | ~mask.any(dim=-2, keepdim=True)    # a query that sees nothing would give NaN
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Q and K are L2-normalised per head before the scores (cosine attention), which changes every score whose
    # vectors are not unit length. X4[0], X4[1] (4x3 random), 2 heads: model column 0 = [-1.800, -0.461, -0.794,
    # -0.776], entry [-1.068, -0.069, -6.245, -0.351]. Fails the visible tests.
    "blind77_mha_queries_and_keys_l2_normalised": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            Q = Q / Q.norm(dim=-2, keepdim=True).clamp(min=1e-6)   # bounded dot products, no overflow
            K = K / K.norm(dim=-2, keepdim=True).clamp(min=1e-6)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The assertion rejects a head count that is not a power of two, such as D=6 with 3 heads (valid: 6 is divisible
    # by 3). Model returns (6, 2), entry raises AssertionError. Passes the visible tests.
    "blind77_mha_asserts_power_of_two_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            assert num_heads & (num_heads - 1) == 0, "use 1, 2, 4, 8 ... heads"
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # eps is added to the variance twice (once when it is computed, once inside the sqrt), so the column is divided
    # by sqrt(var + 2 eps). layer_norm([[1], [2]]): model [-0.99997997, 0.99997997], entry [-0.99995995,
    # 0.99995995]. Fails the visible tests.
    "blind77_layer_norm_eps_added_to_variance_twice": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True) + eps   # never zero
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # eps=0.0 (no smoothing) becomes 1e-8, which matters whenever the variance is not much larger than 1e-8 (tiny
    # inputs). layer_norm([[1e-5], [2e-5]], eps=0.0): model [-1, 1], entry [-0.0499, 0.0499]. Fails the visible
    # tests.
    "blind77_layer_norm_eps_floored_at_1e_8": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            eps = max(eps, 1e-8)                      # eps=0 would divide by zero on a constant column
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # gamma.abs() flips the sign of every negative gain (gamma may be any vector). layer_norm([[1], [2]], gamma=[-1,
    # 1]): model [1.0, 1.0] (times 0.99998), entry [-1.0, 1.0]. Passes the visible tests.
    "blind77_layer_norm_gamma_made_non_negative": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma.abs()[:, None] * normalised + beta[:, None]     # a scale is a magnitude
'''),
    # Standardising the normalised column a second time removes the eps correction: the result has unit variance
    # instead of var/(var + eps). layer_norm([[1], [2]]): model [-0.99997997, 0.99997997], entry [-0.99999499,
    # 0.99999499]. Fails the visible tests.
    "blind77_layer_norm_output_standardised_again": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            # make sure of unit variance before the affine part
            normalised = normalised / torch.sqrt(normalised.var(dim=-2, keepdim=True, correction=0) + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # The hidden layer is capped at 1e4, which large inputs exceed. feed_forward([[2e4]], W1=[[1]], b1=[0],
    # W2=[[1]], b2=[0]): model [[2e4]], entry [[1e4]]. Passes the visible tests.
    "blind77_feed_forward_hidden_capped_at_1e4": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(linear(X, W1, b1)).clamp(max=1e4)   # no overflow in the second product
            return linear(hidden, W2, b2)
'''),
    # ReLU with a threshold of 1e-6 zeroes every hidden value in (0, 1e-6] (tiny inputs). feed_forward([[5e-7]],
    # W1=[[1]], b1=[0], W2=[[1]], b2=[0]): model [[5e-7]], entry [[0]]. Passes the visible tests.
    "blind77_feed_forward_relu_threshold_1e_6": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = linear(X, W1, b1)
            hidden = torch.where(pre > 1e-6, pre, torch.zeros_like(pre))   # treat float noise as zero
            return linear(hidden, W2, b2)
'''),
    # Forcing the diagonal visible lets a query see itself where the mask hides it (a padded query under a padding
    # mask, or any mask with a False diagonal). X (2, 4, 3), padding mask lengths (2, 1) as (2, 3, 1): model batch 0
    # token 2 = [0.955, -1.390, -0.511, 0.945], entry [-1.689, 0.845, 0.224, 0.620]. Passes the visible tests.
    "blind77_transformer_layer_diagonal_forced_visible": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            n = X.shape[-1]
            if mask is not None:
                # every token may at least see itself, so no query is left without keys
                mask = mask | torch.eye(n, dtype=torch.bool, device=mask.device)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
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
    # Scaling the residual sums by 1/sqrt(2) changes the pre-LN stream outright (and post-LN results through eps). X
    # (2, 4, 3), 2 heads, norm_first=True: model batch 0 token 0 = [-4.519, 4.637, 1.813, 3.961], entry [-2.293,
    # 2.405, 1.114, 2.105]; post-LN differs from the 6th digit. Fails the visible tests.
    "blind77_transformer_layer_residual_scaled_by_inverse_sqrt2": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            scale = 2 ** -0.5                         # keep the residual stream's variance at 1
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = (X + attend(layer_norm(X, params["gamma1"], params["beta1"]))) * scale
                X = (X + think(layer_norm(X, params["gamma2"], params["beta2"]))) * scale
            else:
                X = layer_norm((X + attend(X)) * scale, params["gamma1"], params["beta1"])
                X = layer_norm((X + think(X)) * scale, params["gamma2"], params["beta2"])
            return X
'''),
    # ------------------------------------------------------------------ cross_attention
    # The assertion rejects broadcastable encoder masks, among them the padding mask (B, N_e, 1) that the contract
    # names as the example. X_dec, X_enc (2, 4, 3), enc_mask (2, 3, 1): model returns (2, 4, 3), entry raises
    # AssertionError. Fails the visible tests.
    "blind77_cross_attention_asserts_full_mask_shape": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                expected = (X_enc.shape[-1], X_dec.shape[-1])
                assert tuple(enc_mask.shape[-2:]) == expected, f"enc_mask must end in {expected}"
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The encoder states are rescaled to unit-length columns before the keys and values are projected. X_dec = X4,
    # X_enc = 3 * X4, 2 heads: model batch 0 token 0 = [-10.49, 2.97, -44.38, -0.25], entry [-2.47, 0.45, -9.10,
    # -0.06]. Fails the visible tests.
    "blind77_cross_attention_encoder_states_normalised": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the encoder output can have any scale: put every column at unit length first
            X_enc = X_enc / X_enc.norm(dim=-2, keepdim=True).clamp(min=1e-6)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The hand-written layer norms floor the variance at 1e-3, so small-scale columns (variance below 1e-3) are
    # divided by the wrong spread. X_dec = X_enc = X4[...] * 1e-2, weights * 1e-2: model batch 0 token 0 = [-1.0447,
    # 1.1294, -0.9449, 0.8603], entry [-1.0264, 1.1053, -0.9673, 0.8884]. Passes the visible tests.
    "blind77_decoder_layer_norms_with_eps_floor_1e_3": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def norm(Y, i):
                # guard the variance: a near-constant column must not explode
                mean = Y.mean(dim=-2, keepdim=True)
                variance = Y.var(dim=-2, keepdim=True, correction=0).clamp(min=1e-3)
                return params[f"gamma{i}"][:, None] * (Y - mean) / torch.sqrt(variance + 1e-5) + params[f"beta{i}"][:, None]
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X = norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask), 1)
            X = norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), 2)
            X = norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
            return X
'''),
    # ------------------------------------------------------------------ sampling
    # Temperatures below 0.05 are raised to 0.05, so low temperatures are not as sharp as asked.
    # next_token_probs([0, 0.1], temperature=0.01): model [4.5e-5, 0.99995], entry [0.119, 0.881]. Passes the
    # visible tests.
    "blind77_next_token_probs_temperature_floored_at_0_05": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / max(temperature, 0.05), dim=-1)   # tiny T overflows
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
    # Logits clamped to [-50, 50] lose their order above 50 (1000x-scale logits). next_token_probs([0, 60, 70]):
    # model [4.0e-31, 4.5e-5, 0.99995], entry [9.6e-23, 0.5, 0.5]. Passes the visible tests.
    "blind77_next_token_probs_logits_clamped_to_pm50": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax((logits / temperature).clamp(-50.0, 50.0), dim=-1)
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
    # The renormalisations divide by sum + 1e-8, so the probabilities sum to 1 - 1e-8: invisible in float32, wrong
    # at float64 accuracy. next_token_probs([0, 1]) float64: model [0.26894142136999516, 0.7310585786300049], entry
    # [0.26894141868058097, 0.7310585713194192]. Fails the visible tests.
    "blind77_next_token_probs_final_sum_plus_1e_8": ("sampling", "next_token_probs", '''
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
                probs = probs / (probs.sum() + 1e-8)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / (probs.sum() + 1e-8)        # never divide by zero
'''),
    # top-p stops at a cumulative sum within 1e-6 below p, so the crossing token is dropped when the cumulative
    # falls just short of p. probs [0.5, 0.2999995, 0.2000005] (float64 log-probs as logits), top_p=0.8: model keeps
    # all three, entry keeps two ([0.625, 0.375, 0]). Passes the visible tests.
    "blind77_next_token_probs_top_p_tolerance_1e_6": ("sampling", "next_token_probs", '''
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
                # a cumulative sum within float noise of p counts as reaching it
                num_kept = min(int((cumulative < top_p - 1e-6).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Probabilities floored at 1e-10 after the filters give the tokens removed by top-k or top-p a nonzero
    # probability. next_token_probs([0, 1, 2], top_k=1): model [0, 0, 1], entry [1e-10, 1e-10, 1]. Fails the visible
    # tests.
    "blind77_next_token_probs_floored_at_1e_10": ("sampling", "next_token_probs", '''
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            probs = probs.clamp(min=1e-10)             # keep every token log-safe for the caller
            return probs / probs.sum()
'''),
    # The exact-sum assertion rejects ordinary float32 distributions whose sum rounds to 1 - 6e-8 (multinomial does
    # not need an exact sum). A model whose last column is [0.5684, -1.0846, -1.3986], temperature 0.3: model
    # returns [0, 0, 0, 0], entry raises AssertionError at the first step. Passes the visible tests.
    "blind77_generate_asserts_probs_sum_to_exactly_one": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                assert float(probs.sum()) == 1.0, "next_token_probs must return a distribution"
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The assertion rejects prompts longer than context_size, which the contract crops to the last context_size
    # tokens. prompt [0, 1, 2], context_size=2, one new token: model returns 4 ids, entry raises AssertionError.
    # Passes the visible tests.
    "blind77_generate_asserts_prompt_fits_context": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if context_size is not None:
                assert len(prompt) <= context_size, "the prompt is longer than the model's context"
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # log(softmax.clamp(min=1e-12)) caps every token's surprise at 27.6 nats, wrong for probabilities below 1e-12
    # (large logits), and its gradient is 0 there. Logits [[0, 0], [40, 40]] (V=2), ids [0, 0]: model -40, entry
    # -27.631. Passes the visible tests.
    "blind77_sequence_log_prob_log_of_probs_clamped_1e_12": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids), dim=0)
            log_probs = torch.log(probs.clamp(min=1e-12))          # log(0) = -inf would poison the sum
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # The logits are cast to float32 first: float64 models get float32 accuracy. Logits [[0, 0], [1, 1]] float64,
    # ids [0, 0]: model -1.3132616875182228 (float64), entry -1.31326162815094 (float32 dtype, too). Fails the
    # visible tests.
    "blind77_sequence_log_prob_logits_cast_to_float32": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids).float()                # log-softmax in one well-tested precision
            log_probs = torch.log_softmax(logits, dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # The total is clamped at -1e4, wrong for very unlikely sequences (large logits or long sequences), and its
    # gradient is 0 there. Logits [[0, 0], [2e4, 2e4]], ids [0, 0]: model -2e4, entry -1e4. Passes the visible
    # tests.
    "blind77_sequence_log_prob_total_clamped_at_minus_1e4": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
            return total.clamp(min=-1e4)               # keep the score finite and comparable
'''),
    # Rounding summed log-probabilities to 4 decimals makes beams that differ by less than 5e-5 tie, and the tie
    # goes to the earlier beam or lower id instead of the higher score. Logits [0, 2e-5, -10] float64 at every step,
    # prompt [2], width 1, one step: model [2, 1], entry [2, 0]. Passes the visible tests.
    "blind77_beam_search_scores_rounded_to_4_decimals": ("sampling", "beam_search", '''
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
                        # round so that float noise cannot reorder beams that are really tied
                        candidates.append((round(score + log_prob, 4), extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ patch_embedding
    # The assertion rejects rectangular images (H and W need only be multiples of P). images (1, 1, 2, 4), P=2:
    # model (1, 4, 2), entry raises AssertionError. Fails the visible tests.
    "blind77_patchify_asserts_square_images": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            assert height == width, "ViT images are square"
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Images whose maximum exceeds 1 are divided by 255 (the contract embeds the pixels as given). images all 2.0
    # (1, 1, 2, 2), P=2, W=ones(1, 4): model token 1 = 8, entry 0.031. Fails the visible tests.
    "blind77_patch_embedding_pixels_rescaled_to_unit_range": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            if images.max() > 1:                       # 0-255 pixels: bring them into [0, 1] first
                images = images / 255.0
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Scores clamped to [-20, 20] lose their order above 20 (large v). s=[0], H=I2, W=[[0]], U=[[1, 0.5]], v=[100]:
    # model weights [1, 9.9e-14], entry [0.5, 0.5]. Passes the visible tests.
    "blind77_additive_attention_scores_clamped_to_pm20": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2).clamp(-20.0, 20.0)   # exp() stays in range
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Shifting by the max over the whole batch underflows every state whose scores lie about 100 below the batch's
    # maximum; those states get all-zero weights instead of a distribution. s=[[1], [-1]], H=I2, W=[[10]], U=0,
    # v=[100] (scores 76 and -76): model weights [[0.5, 0.5], [0.5, 0.5]], entry [[0.5, 0.5], [0, 0]]. Passes the
    # visible tests.
    "blind77_additive_attention_shift_by_max_over_whole_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.max()                          # one shift for the batch: enough to stop overflow
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / torch.where(total == 0, torch.ones_like(total), total)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The previous state is clamped to [-1, 1] before attending and before the GRU (the contract takes any s_prev).
    # s_prev=[3], y_prev=[0], H=[[1]], an update gate near 1: model s=[2.980], entry s=[0.993]. Fails the visible
    # tests.
    "blind77_attention_decoder_step_previous_state_clamped": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            s_prev = s_prev.clamp(-1.0, 1.0)            # a GRU state lives in (-1, 1)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The features are standardised per channel over the grid before scoring and before the context is taken (the
    # context must average the features themselves). s=[0], features [[[1, 2], [3, 7]]], W=0, U=[[1]], v=[1]: model
    # context [3.389], entry [0.592]. Fails the visible tests.
    "blind77_grid_attention_features_standardised_per_channel": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            flat = features.flatten(-2)
            # CNN activations can be huge: standardise each channel over the grid first
            flat = (flat - flat.mean(dim=-1, keepdim=True)) / (flat.std(dim=-1, keepdim=True) + 1e-5)
            weights, context = additive_attention(s, flat, W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # ------------------------------------------------------------------ imagegpt
    # Distances rounded to 4 decimals tie colours whose squared distances differ by less than 5e-5, far above the
    # expanded form's rounding for values near 1; the tie then goes to the lower id. pixel 0.5, palette [0.49998,
    # 0.50001]: model id 1, entry id 0. Passes the visible tests.
    "blind77_quantize_pixels_distances_rounded_to_4_decimals": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1)[..., :, None]
            distances = (pixels - palette).square().sum(dim=-2)
            # round away float noise so that equal colours tie to the lowest id
            return torch.round(distances, decimals=4).argmin(dim=-1)
'''),
    # Images with a maximum above 1 are mapped from 0-255 to [-1, 1] although the palette shares their colour space.
    # pixel 200, palette [0, 190, 255]: model id 1, entry id 0. Fails the visible tests.
    "blind77_quantize_pixels_images_rescaled_from_0_255": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if images.max() > 1:                        # raw 0-255 pixels: to the palette's [-1, 1]
                images = images / 127.5 - 1
            pixels = images.movedim(-3, -1)[..., :, None]
            return (pixels - palette).square().sum(dim=-2).argmin(dim=-1)
'''),
    # Out-of-range ids are clamped to [0, K-1] instead of raising the contract's ValueError. ids [[5]] with K=3:
    # model ValueError, entry returns palette column 2. Fails the visible tests.
    "blind77_dequantize_pixels_ids_clamped_instead_of_checked": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
            safe = ids.long().clamp(0, palette.shape[1] - 1)   # an out-of-range id becomes the nearest valid one
            return palette[:, safe].movedim(0, -3)
'''),
    # Dividing the sum by N + 1e-9 shrinks the mean by a relative 1e-9/N: invisible in float32, wrong at float64
    # accuracy. X=[[1, 2]] float64, W=[[1]]: model 1.5, entry 1.49999999925. Passes the visible tests.
    "blind77_average_pool_head_count_plus_1e_9": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / (X.shape[-1] + 1e-9)      # + eps: never divide by zero
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # The assertion rejects a start id that is also a pixel id (the contract allows any sos_id >= 0).
    # pixel_sequence([[0, 1]], 0): model ([0, 0], [0, 1]), entry raises AssertionError. Passes the visible tests.
    "blind77_pixel_sequence_asserts_sos_outside_pixel_ids": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            assert ids.numel() == 0 or sos_id > int(ids.max()), "the start token must not be a pixel id"
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # ------------------------------------------------------------------ swin
    # The assertion rejects rectangular grids (M need only divide H and W). X (1, 2, 4), window 2: model (2, 1, 4),
    # entry raises AssertionError. Fails the visible tests.
    "blind77_window_partition_asserts_square_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            assert height == width, "Swin grids are square"
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The shift is capped at window // 2, so shifts above half a window give another mask. shifted_window_mask(4, 4,
    # 4, 3): model 100 visible pairs, entry 64. Passes the visible tests.
    "blind77_shifted_window_mask_shift_capped_at_half_window": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            shift = min(shift, window // 2)             # Swin shifts by half a window at most
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # eps=0.0 becomes 1e-6, which matters when the merged features' variance is near 1e-6 or below (small inputs). X
    # (1, 2, 2) of values 1e-4 and 2e-4, eps=0.0: model [-1.0, -1.0] (first two outputs), entry [-0.0499, -0.0499].
    # Passes the visible tests.
    "blind77_patch_merging_eps_floored_at_1e_6": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, max(eps, 1e-6))   # never sqrt(0)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # scale=0.0 (a valid float: all scores 0, uniform weights) is treated as missing and replaced by 1/sqrt(N).
    # X4[0] (4, 3), 1 group, scale=0.0: outputs differ in every entry (model column 0 = [-2.854, 0.317, -6.252,
    # 1.625], entry [-5.034, 3.390, -16.221, 7.856]). Fails the visible tests.
    "blind77_channel_attention_zero_scale_replaced_by_default": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or 1 / math.sqrt(tokens)      # no scale (or a useless 0) -> the default
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The default scale 1/sqrt(N + 1e-6) is off by about 5e-7/N relative: invisible in float32, wrong at float64
    # accuracy. X4[0] float64, 1 group: model [0, 0] = 8.802118926319636, entry 8.802118983639895. Passes the
    # visible tests.
    "blind77_channel_attention_scale_from_tokens_plus_eps": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens + 1e-6)    # guard the square root
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ embeddings, sparse, bpe, pretraining
    # The assertion rejects batched ids (..., N), which the contract allows. one_hot([[0, 1]], 2): model (1, 2, 2),
    # entry raises AssertionError. Fails the visible tests.
    "blind77_one_hot_asserts_one_dimensional_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            assert token_ids.dim() == 1, "token_ids must be a sequence (N,)"
            matches = token_ids[None, :] == torch.arange(vocab_size, device=token_ids.device)[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # A stride below 1 is floored at 1 (the dense mask) instead of raising the contract's ValueError.
    # strided_mask(3, 0): model ValueError, entry an all-True (3, 3) mask. Fails the visible tests.
    "blind77_strided_mask_stride_floored_at_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            stride = max(int(stride), 1)                # a stride below 1 means dense
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # The counts are computed in floats and rounded: above 2^53 the float loses the last digits.
    # sparse_attention_cost('causal', 10**9 + 1): model 500000001500000001, entry 500000001500000000. Passes the
    # visible tests.
    "blind77_sparse_cost_float_formulas_rounded": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                count = float(n) ** 2
            elif pattern == "causal":
                count = n * (n + 1) / 2
            elif pattern == "local":
                w = min(window, n - 1) if n else 0
                count = n * (2 * w + 1) - w * (w + 1)
            elif pattern == "strided":
                m = (n - 1) // stride if n else 0
                count = n * (2 * m + 1) - stride * m * (m + 1)
            else:
                count = num_global * (2 * n - num_global)
            return int(round(count))                    # round away float noise from the division
'''),
    # Dropping repeated merges changes the result when an earlier merge builds a pair that a repeated merge then
    # joins (any list of pairs is valid). bpe_encode('abc', [('ab', 'c'), ('a', 'b'), ('ab', 'c')]): model ['abc',
    # '</w>'], entry ['ab', 'c', '</w>']. Passes the visible tests.
    "blind77_bpe_encode_duplicate_merges_dropped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            unique = list(dict.fromkeys(tuple(pair) for pair in merges))   # a repeated merge does nothing
            tokens = []
            for symbols in words:
                for pair in unique:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Sorting the pairs before max breaks count ties alphabetically instead of by first occurrence. train_bpe('ba',
    # 1): model [('b', 'a')], entry [('a', '</w>')]. Fails the visible tests.
    "blind77_train_bpe_pairs_sorted_before_max": ("bpe", "train_bpe", '''
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
                if not pair_counts:
                    break
                # sort first so that the result does not depend on dict order
                best = max(sorted(pair_counts), key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # mask_prob=0.0 (no masking, a valid probability) is raised to 0.01, so about 1 % of the positions are still
    # chosen. 990 ids, mask_prob=0.0, seed 0: model 0 chosen positions, entry 12. Passes the visible tests.
    "blind77_mlm_corrupt_mask_prob_kept_in_0_01_to_1": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            mask_prob = min(max(mask_prob, 0.01), 1.0)   # a probability of 0 would mask nothing to learn from
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
}

RIGHT_BLIND_77 = {
    # softmax_cols with the column max detached: the shift is a constant for autograd, and the gradient of
    # exp(s - c) / sum exp(s - c) for a constant c is the softmax gradient, so nothing changes.
    "blind77_right_softmax_max_shift_detached": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            shift = scores.detach().amax(dim=-2, keepdim=True)       # no gradient through the max
            shift = torch.where(torch.isinf(shift), torch.zeros_like(shift), shift)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # softmax_cols that subtracts the column max twice "to be sure": after the first shift the column max is 0
    # exactly (x - x == 0), so the second subtraction is exact.
    "blind77_right_softmax_max_subtracted_twice": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            first = scores.amax(dim=-2, keepdim=True)
            first = first.masked_fill(first == float("-inf"), 0.0)
            shifted = scores - first
            second = shifted.amax(dim=-2, keepdim=True)              # 0, or -inf for an all -inf column
            shifted = shifted - second.masked_fill(second == float("-inf"), 0.0)
            exps = shifted.exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # softmax_cols whose denominator is floored at the dtype's smallest normal number: after the max shift a
    # column sums to at least 1 or to exactly 0, so the floor only acts on all -inf columns (0 / tiny = 0).
    "blind77_right_softmax_sum_floored_at_finfo_tiny": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(column_max > float("-inf"), column_max, torch.zeros_like(column_max))
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True).clamp(min=torch.finfo(scores.dtype).tiny)
            return exps / total
'''),
    # softmax_cols by torch.softmax, with the NaN of an all -inf column replaced by 0 through torch.where.
    "blind77_right_softmax_torch_softmax_nan_replaced_by_where": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            weights = torch.softmax(scores, dim=-2)
            return torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
'''),
    # apply_mask on a clone, written in place with index_put-style masked_fill_, the mask cast to bool again
    # (already bool after the stub's check).
    "blind77_right_apply_mask_clone_then_masked_fill_in_place": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            result = scores.clone()                     # never touch the caller's scores
            result.masked_fill_(~mask.bool(), float("-inf"))
            return result
'''),
    # apply_mask with an explicit broadcast check that only rejects masks torch could not broadcast anyway.
    "blind77_right_apply_mask_broadcast_checked_then_where": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            torch.broadcast_shapes(mask.shape, scores.shape)          # raises for an incompatible mask
            return torch.where(mask, scores, torch.full_like(scores, float("-inf")))
'''),
    # padding_mask with the lengths clamped into [0, n]: lengths outside it are outside the contract.
    "blind77_right_padding_mask_lengths_clamped_into_range": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            lengths = lengths.clamp(0, n)               # a bad length cannot produce a bad mask
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # local_mask with the window capped at n (any window >= n - 1 already shows everything).
    "blind77_right_local_mask_window_capped_at_n": ("masking", "local_mask", '''
        def local_mask(n, window):
            window = min(window, n)                     # no need for a band wider than the sequence
            positions = torch.arange(n)
            return (positions[None, :] - positions[:, None]).abs() <= window
'''),
    # causal_mask that asserts a positive size: the contract leaves n = 0 open (an exception is accepted).
    "blind77_right_causal_mask_asserts_positive_size": ("masking", "causal_mask", '''
        def causal_mask(n):
            assert n > 0, "a causal mask needs at least one token"
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # sdpa that zeroes the weights of queries with no visible key a second time (softmax_cols already did): exact.
    "blind77_right_sdpa_dead_queries_zeroed_again": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if mask is not None:
                alive = mask.any(dim=-2, keepdim=True)                # (..., 1, N_q)
                weights = torch.where(alive, weights, torch.zeros_like(weights))
            return V @ weights, weights
'''),
    # sdpa with the weights clamped into [0, 1]: they already lie there, and clamp passes gradients at the bounds.
    "blind77_right_sdpa_weights_clamped_to_unit_interval": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores).clamp(0.0, 1.0)            # probabilities, whatever the rounding
            return V @ weights, weights
'''),
    # self_attention asserting that X is finite (every contract input is) before projecting.
    "blind77_right_self_attention_asserts_finite_inputs": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            assert bool(torch.isfinite(X).all()), "X holds inf or NaN"
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # multi-head attention with nan_to_num(nan=0.0) on the head outputs only (no posinf/neginf can occur there).
    "blind77_right_mha_head_outputs_nan_to_num": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.bool().unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            heads = torch.nan_to_num(heads, nan=0.0)    # a query that sees nothing contributes nothing
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # multi-head attention that drops an all-True mask (it hides nothing) and asserts head sizes after the check.
    "blind77_right_mha_all_visible_mask_dropped": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            assert dim // num_heads * num_heads == dim
            if mask is not None and bool(mask.all()):
                mask = None                             # nothing hidden: skip the masking work
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # layer_norm with the centred variance clamped at 0 (a no-op: a mean of squares is never negative).
    "blind77_right_layer_norm_variance_clamped_at_zero": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True).clamp(min=0.0)
            return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    # layer_norm that centres twice "to remove the mean's rounding": the second mean is rounding-sized, the
    # result is as accurate or better, and the gradient is the same function's.
    "blind77_right_layer_norm_centred_twice": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            centred = centred - centred.mean(dim=-2, keepdim=True)   # the residual mean, about 1 ulp
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred * torch.rsqrt(variance + eps) + beta[:, None]
'''),
    # feed_forward with nan_to_num on the output: finite in, finite out, so it never acts.
    "blind77_right_feed_forward_output_nan_to_num": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(W1 @ X + b1[:, None])
            return torch.nan_to_num(W2 @ hidden + b2[:, None])
'''),
    # transformer_layer asserting that the mask is boolean (the contract's masks are) and passing its result through
    # nan_to_num (finite already); the layer's arithmetic is the model's.
    "blind77_right_transformer_layer_mask_checked_bool": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                assert mask.dtype == torch.bool, "masks are boolean, True = visible"
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return torch.nan_to_num(X)
'''),
    # cross_attention that drops an all-True encoder mask: an all-visible mask changes no score.
    "blind77_right_cross_attention_all_true_mask_dropped": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None and bool(enc_mask.all()):
                enc_mask = None
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # decoder_layer whose causal mask is ORed with the identity: the diagonal is already visible, so it is exact.
    "blind77_right_decoder_layer_causal_mask_or_identity": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = causal_mask(n).to(X_dec.device) | torch.eye(n, dtype=torch.bool, device=X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # next_token_probs with probabilities clamped at 0 and NaN-cleaned before the last renormalisation: no-ops.
    "blind77_right_next_token_probs_clamped_at_zero_before_renormalising": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1.0
                return probs
            shifted = logits / temperature
            shifted = shifted - shifted.max()           # torch.softmax does this too; harmless twice
            probs = torch.softmax(shifted, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            probs = torch.nan_to_num(probs.clamp(min=0.0))
            return probs / probs.sum()
'''),
    # generate that cleans the distribution (nan_to_num, clamp at 0) before drawing: no-ops on valid probabilities,
    # so multinomial gets the same tensor and makes the same draws from the generator.
    "blind77_right_generate_probs_cleaned_before_multinomial": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                probs = torch.nan_to_num(probs, nan=0.0).clamp(min=0.0)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # sequence_log_prob computed in float64 "for stability" and cast back to the logits' dtype: at least as accurate.
    "blind77_right_sequence_log_prob_float64_then_cast_back": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            log_probs = torch.log_softmax(logits.double(), dim=0)
            picked = log_probs[ids[1:], torch.arange(len(ids) - 1)]
            return picked.sum().to(logits.dtype)
'''),
    # patch_embedding whose position table is sliced to the token count (it already has exactly N + 1 columns).
    "blind77_right_patch_embedding_positions_sliced_to_tokens": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            sequence = torch.cat([cls_column, tokens], dim=-1)
            return sequence + positions[:, : sequence.shape[-1]]    # in case the table is longer
'''),
    # patchify with a contiguous copy and a second divisibility assertion after the stub's ValueError.
    "blind77_right_patchify_contiguous_with_assertion": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            assert height % patch_size == 0 and width % patch_size == 0
            P = patch_size
            grid = images.contiguous().reshape(batch, channels, height // P, P, width // P, P)
            columns = grid.permute(0, 1, 3, 5, 2, 4).reshape(batch, channels * P * P, -1)
            return columns
'''),
    # additive_attention with a hand-written masked softmax whose denominator is floored at finfo.tiny: a state
    # that sees at least one position sums to >= 1, one that sees none sums to 0 and gets 0 / tiny = 0.
    "blind77_right_additive_attention_sum_floored_at_tiny": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-1, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top)).detach()
            exps = torch.exp(scores - top)
            weights = exps / exps.sum(dim=-1, keepdim=True).clamp(min=torch.finfo(exps.dtype).tiny)
            return weights, (H * weights.unsqueeze(-2)).sum(dim=-1)
'''),
    # grid_attention with its own softmax over the flattened cells, shifted by each state's own (detached) max.
    "blind77_right_grid_attention_per_state_detached_shift": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                            # (..., C, H*W)
            scores = (v[:, None] * torch.tanh(U @ cells + (s @ W.T)[..., None])).sum(dim=-2)
            scores = scores - scores.amax(dim=-1, keepdim=True).detach()   # each state's own max
            exps = scores.exp()
            weights = exps / exps.sum(dim=-1, keepdim=True)
            context = (cells @ weights[..., None]).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # attention_decoder_step with nan_to_num on the attention weights and context (both finite already).
    "blind77_right_attention_decoder_step_attention_nan_to_num": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            weights, context = torch.nan_to_num(weights), torch.nan_to_num(context)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # rotary_embedding whose cos/sin tables are clamped into [-1, 1] (they already lie there; constants, no grad).
    "blind77_right_rotary_tables_clamped_to_unit_range": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos = angles.cos().clamp(-1.0, 1.0).to(X.dtype)
                sin = angles.sin().clamp(-1.0, 1.0).to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # quantize_pixels with the distances computed in float64 whatever the inputs' dtype "for stability".
    "blind77_right_quantize_pixels_distances_in_float64": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.double().movedim(-3, -1).unsqueeze(-1)           # (..., H, W, C, 1)
            distances = (pixels - palette.double()).pow(2).sum(dim=-2)      # (..., H, W, K)
            return distances.argmin(dim=-1)
'''),
    # dequantize_pixels that clamps the ids into [0, K) after the stub's ValueError checks: a no-op.
    "blind77_right_dequantize_pixels_ids_clamped_after_checks": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            safe = ids.long().clamp(0, palette.shape[1] - 1)
            return palette[:, safe].movedim(0, -3)
'''),
    # average_pool_head dividing by max(N, 1): N >= 1 after the stub's check, so it is the mean.
    "blind77_right_average_pool_head_divided_by_max_n_1": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / max(X.shape[-1], 1)
            logits = (W @ pooled.unsqueeze(-1)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # shifted_window_mask ORed with the identity "so every token sees itself": the diagonal is already True.
    "blind77_right_shifted_window_mask_or_identity": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            columns = (torch.arange(width) + shift >= width).long()
            labels = window_partition((2 * rows[:, None] + columns[None, :])[None], window)[:, 0]
            mask = labels[:, :, None] == labels[:, None, :]
            return mask | torch.eye(window * window, dtype=torch.bool)
'''),
    # patch_merging with its layer norm computed in float64 and cast back (float64 inputs are unchanged).
    "blind77_right_patch_merging_norm_in_float64_cast_back": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)
            tokens = layer_norm(merged.double(), gamma.double(), beta.double(), eps).to(X.dtype)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # channel_attention with the default scale 1/sqrt(max(N, 1)): N >= 1 after the stub's check.
    "blind77_right_channel_attention_scale_from_max_n_1": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(max(tokens, 1))
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # embed that clamps the ids into [0, V) after the stub's range check: a no-op.
    "blind77_right_embed_ids_clamped_after_check": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            safe = token_ids.clamp(0, omega_e.shape[-1] - 1)
            return omega_e[:, safe].movedim(0, -2)
'''),
    # mlm_corrupt with mask_prob clamped into [0, 1] (a no-op for a probability), drawing in the model's order.
    "blind77_right_mlm_corrupt_mask_prob_clamped_to_unit_interval": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            mask_prob = min(max(float(mask_prob), 0.0), 1.0)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, IGNORE, dtype=torch.long))
            return corrupted, labels
'''),
    # sparse_attention_cost in exact integers with an assertion that the count is between 0 and n^2.
    "blind77_right_sparse_cost_exact_with_range_assertion": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                count = n * n
            elif pattern == "causal":
                count = n * (n + 1) // 2
            elif pattern == "local":
                w = min(window, n - 1) if n else 0
                count = n * (2 * w + 1) - w * (w + 1)
            elif pattern == "strided":
                m = (n - 1) // stride if n > 0 else 0
                count = n * (2 * m + 1) - stride * m * (m + 1)
            else:
                count = num_global * (2 * n - num_global)
            assert 0 <= count <= n * n, "a pattern cannot score more pairs than dense attention"
            return int(count)
'''),
}
