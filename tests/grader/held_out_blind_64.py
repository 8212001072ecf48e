"""Sixty-fifth blind batch of held-out implementations (prefix blind64_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_62.py) were only skimmed for
their entry names and header layout (no name here repeats one of theirs). Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batch written at the same time
(held_out_blind_63.py).

Emphasis: numerical stability at the extremes the contract allows. Wrong entries: formulations that overflow or lose
accuracy on allowed inputs -- exponentials without the max shift (softmax_cols, next_token_probs at a small
temperature, generate, additive attention at 1000x scale, sequence/beam log normalisers at logits of 1000), the max
taken over the wrong set (one global max; the max taken before masking), fully masked columns turned NaN or uniform
(no guard, -inf clamped to -1e4, finfo.min and -1e4 fills), underflow made into -inf (log of a softmax, a product of
probabilities), eps misplaced (1e-9 added to a softmax sum, eps squared, eps added to the sum of squares, eps outside
a scaled norm, 1e-12 / 1e-10 inside a log), low-precision paths (float16/bfloat16 statistics, scores, angles,
positions, tables, running totals in top-p, the token mean, the quantize distance; float32 log_softmax, inverse
frequencies and sqrt(D_k) under float64 inputs; angles in the input dtype at large positions), T5's float32 log
replaced by a difference of logs or a float16 log, and closed forms whose values are right but whose gradients are NaN
at finite inputs (tanh as 1 - 2/(e^2x + 1), sigmoid as 1/(1 + e^-x), softmax as 1/sum exp(s_k - s_j)). Right entries:
stable formulations that differ from the model answers -- the max shift then subtracting log of the normaliser,
torch.softmax with nan_to_num, float64 inside then cast back (softmax, attention, additive attention, layer norm,
sequence log-probability), exp of a guarded log_softmax, Welford and shifted-data variances, double-precision angles
for sinusoidal and rotary tables (outer product, torch.polar, complex128, rotate_half), logsumexp-normalised beam
scores in float64, cross_entropy on the transposed logits, sigmoid as (1 + tanh(x/2)) / 2, a running mean.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind64/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source
appended to its module, the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (26 of the 49 wrong entries pass
them). Each wrong entry's recorded input was run on the model answer and on the entry and both printed; each differs
as its comment says (for the gradient entries, the gradient of the stated output). Right entries were compared with
the model answer under both default dtypes (the counts below are per default dtype) on float32 and float64 inputs, with inputs left unchanged, and gradients
(at finite entries; where the two differed beyond 1e-4 both were compared with a float64 evaluation of the model
answer and the entry was required to be no further from it): softmax_cols on 600 random score tensors (0-2 batch
axes, scores at 1, 1000 and 1e4 scale, +-1e4 mixtures, random -inf entries and all -inf columns); layer_norm (300) and
patch_merging (200) with offsets, 1000x and 1e-3 scales, constant columns, eps 1e-5 and 0.1; sinusoidal tables for
N up to 3000 and D 1..16 against a float64 evaluation of the formula (within 2e-7, in the default dtype); rotary on
300 cases with positions up to 2e5, base 500 and 10000, batch axes (to 1e-12 in float64); scaled_dot_product_attention
(500 each: 2-D, 3-D and padding masks, scores up to 1e4), additive attention (500 each: masks, v at 1000x scale),
grid attention (400), channel attention (400, scale given or not), attention_decoder_step (400, gate weights at 100x);
sequence_log_prob (400, float32/float64 models at 1x, 100x, 1000x scale, -inf logits, one-token ids, gradients into
the model's table); beam_search (300 random position-dependent models, rounded logits for ties, widths 1..4, 0..4
steps, eos None/0/V-1: identical sequences); quantize_pixels (800 palettes, default float32 only of 8-bit colours: the chosen colour's exact
distance equals the model's); average_pool_head (400, 1000x scale, bias or None).

Judgement calls: the contract accepts the one-pass variance in the input's precision, so no float32/float64 one-pass
entry is wrong here; the one-pass entry is wrong only because it runs in float16. A guarded exp(s - logsumexp(s))
softmax (and the same in attention, additive and grid attention) was dropped from the right entries: at scores of
1e3..1e4 in float32 its error (the rounding of a logsumexp near 1e4, up to ~5e-4 relative) sits at the edge of the
contract's "about 1e4 * 2^-24" and its gradients drifted from the model's; I could not say which side it falls on, so
the right entries subtract the max first and then log of a normaliser in [1, M]. A rotary entry reducing angles mod
2*pi in float64 was dropped (the rounding of 2*pi times 10^4 turns is ~1e-12, at the edge of float64 accuracy), and so
was a rotate_half entry using 1 / base^x instead of base^-x (1 ulp in theta, ~1e-11 at position 2e5). A log-space
next_token_probs right entry was dropped: at temperature 1e6 the probabilities are equal to within rounding and its
top-p cut landed one token away from the model's in 6 of 3000 cases. A beam_search entry taking log of a float32
softmax was dropped: the underflowed candidates tie at -inf, but I could not build a model where that changes the
returned sequence (the best continuation never underflows). blind64_softmax_cols_tiny_eps_in_denominator is wrong only
in float64 (1e-9 vanishes against a float32 sum of at least 1). blind64_rotary_angles_in_input_dtype and
blind64_rotary_float64_angles_cast_before_cos are exact in float64 and only wrong for float32 inputs at large
positions (the contract allows any integer positions). The three gradient entries (softmax_cols via
1/sum exp(s_k - s_j), grid_attention's tanh, the decoder step's sigmoid) have right values and NaN gradients at
finite inputs, which the contract calls wrong. Fewer entries than asked (about 55 / 35): the time box; no right entry
is one I was unsure of.

Counts: 49 wrong, 26 right, as written (the per-function counts below). After it came, two wrong ones were counted
right (each with its reason at the top of RIGHT_BLIND_64): rotary angles of float32 inputs computed in float32,
or in float64 and rounded to float32 before cos and sin. Counted: 47 wrong, 28 right.
Wrong per function: {'additive_attention': 3, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'generate': 1, 'grid_attention': 2, 'layer_norm': 4, 'next_token_probs': 5, 'patch_merging': 2, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 4, 'scaled_dot_product_attention': 4, 'sequence_log_prob': 5, 'sinusoidal_positions': 3, 'softmax_cols': 9}.
Right per function: {'additive_attention': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'grid_attention': 1, 'layer_norm': 3, 'patch_merging': 1, 'quantize_pixels': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 3, 'sequence_log_prob': 3, 'sinusoidal_positions': 2, 'softmax_cols': 4}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_64 = {
    # No max subtraction: exp(1e4) overflows to inf and inf/inf is NaN. softmax_cols([[1e4], [0.]]) float32: model [[1],
    # [0]], entry [[nan], [0]]. Fails the visible tests.
    "blind64_softmax_cols_exp_without_max_shift": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            exps = torch.exp(scores)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Shifts each column by the mean of its finite entries instead of the max: with entries 1e4 and -1e4 the mean is 0
    # and exp(1e4) overflows. softmax_cols([[1e4], [-1e4]]): model [[1], [0]], entry [[nan], [0]]. Fails the visible
    # tests.
    "blind64_softmax_cols_shift_by_column_mean": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            finite = torch.isfinite(scores)
            count = finite.sum(dim=-2, keepdim=True).clamp(min=1)
            centre = torch.where(finite, scores, torch.zeros_like(scores)).sum(dim=-2, keepdim=True) / count
            exps = torch.exp(scores - centre)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Stable for finite columns but an all -inf column gives -inf - (-inf) = NaN instead of zeros. softmax_cols([[-inf,
    # 1], [-inf, 0]]): model column 0 = [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind64_softmax_cols_max_shift_no_all_masked_guard": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # Subtracts one max over the whole tensor: a column whose entries all lie far below the global max underflows to all
    # zeros. softmax_cols([[1e4, -1e4], [0, -1e4 + 1]]): model column 1 = [0.269, 0.731], entry [0, 0]. Fails the
    # visible tests.
    "blind64_softmax_cols_one_global_max_for_all_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.max()
            if torch.isinf(top):
                top = torch.zeros_like(top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # exp(s - logsumexp(s)) with no guard: an all -inf column has logsumexp -inf and gives NaN. softmax_cols([[-inf, 1],
    # [-inf, 0]]): model column 0 = [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind64_softmax_cols_logsumexp_round_trip_unguarded": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            return torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
'''),
    # Exponentials and the division in float16, cast back: about 1e-3 relative error at ordinary scores.
    # softmax_cols([[0.1], [0.2], [0.3]]) float32: model 0.30060959, entry 0.30078125. Fails the visible tests.
    "blind64_softmax_cols_exps_in_float16": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp((scores - column_max).half())
            total = exps.sum(dim=-2, keepdim=True)
            return (exps / total.masked_fill(total == 0, 1.0)).to(scores.dtype)
'''),
    # Divides by sum + 1e-9: invisible in float32 (the sum is at least 1) but a relative error of about 1e-10 in
    # float64, far beyond float64 accuracy. softmax_cols([[0.1], [0.2], [0.3]]) float64: entry - model = [-1.1e-10,
    # -1.2e-10, -1.3e-10]. Fails the visible tests.
    "blind64_softmax_cols_tiny_eps_in_denominator": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            return exps / (exps.sum(dim=-2, keepdim=True) + 1e-9)
'''),
    # Clamps -inf to -1e4 to avoid NaN: a real score of -1e4 then ties with hidden keys, and an all -inf column becomes
    # uniform. softmax_cols([[-1e4, -inf], [-inf, -inf]]): model [[1, 0], [0, 0]], entry [[0.5, 0.5], [0.5, 0.5]]. Fails
    # the visible tests.
    "blind64_softmax_cols_neg_inf_clamped_to_minus_1e4": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            safe = scores.clamp(min=-1e4)
            exps = torch.exp(safe - safe.amax(dim=-2, keepdim=True))
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # w_j = 1 / sum_k exp(s_k - s_j) needs no max and gives right values (nan_to_num turns all -inf columns into 0), but
    # the backward pass through exp(s_k - (-inf)) = inf gives NaN gradients at the finite entries of any column holding
    # a -inf (and at spreads over ~88 in float32). Gradient of softmax_cols([[0.5], [-inf], [0.]]) summed over the
    # column, at the finite entries: model 0, entry nan. Passes the visible tests.
    "blind64_softmax_cols_sigmoid_of_logit_difference_sum": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # w_j = 1 / sum_k exp(s_k - s_j): no max needed, each term is a difference
            diffs = scores.unsqueeze(-3) - scores.unsqueeze(-2)      # (..., M, M, N): [j, k] = s_k - s_j
            weights = 1.0 / torch.exp(diffs).sum(dim=-2)
            return torch.nan_to_num(weights, nan=0.0)
'''),
    # Mean and variance computed in bfloat16: a column with an offset of 1 and a spread of 1e-3 loses its spread to
    # bfloat16 rounding. layer_norm([[1.0], [1.001], [1.002], [0.999]], ones, zeros): model [-0.149, 0.149, 0.447,
    # -0.447], entry [0, 0.316, 0.632, -0.316]. Fails the visible tests.
    "blind64_layer_norm_statistics_in_bfloat16": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            low = X.to(torch.bfloat16)
            mean = low.mean(dim=-2, keepdim=True)
            variance = ((low - mean) ** 2).mean(dim=-2, keepdim=True)
            normalised = (X - mean.to(X.dtype)) / torch.sqrt(variance.to(X.dtype) + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # sqrt(var + eps**2): the smoothing term is 1e-10, not 1e-5, which shows on nearly constant columns.
    # layer_norm([[0], [0.001], [0.002], [0.003]], ones, zeros): model [-0.447, -0.149, 0.149, 0.447], entry [-1.342,
    # -0.447, 0.447, 1.342]. Fails the visible tests.
    "blind64_layer_norm_eps_squared_inside_sqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            centred = X - mean
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / torch.sqrt(variance + eps * eps) + beta[:, None]
'''),
    # Normalises by sqrt(D) / sqrt(sum of squares + eps): eps is added to D times the variance, i.e. eps/D inside. Same
    # column as above: model [-0.447, -0.149, 0.149, 0.447], entry [-0.775, -0.258, 0.258, 0.775]. Fails the visible
    # tests.
    "blind64_layer_norm_eps_added_to_sum_of_squares": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            centred = X - X.mean(dim=-2, keepdim=True)
            sum_sq = (centred ** 2).sum(dim=-2, keepdim=True)
            normalised = centred * math.sqrt(d) / torch.sqrt(sum_sq + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # One-pass E[x^2] - E[x]^2 in float16 (the contract accepts one-pass only in the input's precision): an offset of 10
    # with a spread of 0.01 cancels to noise. layer_norm([[10], [10.01], [10.02], [10.03]], ones, zeros): model [-1.291,
    # -0.430, 0.430, 1.291], entry [-4.94, -1.78, 1.38, 4.55]. Fails the visible tests.
    "blind64_layer_norm_one_pass_moments_in_float16": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            h = X.half()
            mean = h.mean(dim=-2, keepdim=True)
            variance = (h * h).mean(dim=-2, keepdim=True) - mean * mean
            normalised = (X - mean.to(X.dtype)) * torch.rsqrt(variance.to(X.dtype).clamp(min=0) + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # The layer norm's mean and variance in bfloat16. patch_merging(1 + 0.001 * arange(8).reshape(2, 2, 2), ones(8),
    # zeros(8), eye(4, 8)): model [-0.896, 0.128, -0.384, 0.640], entry [0, 0.796, 0.398, 1.194]. Passes the visible
    # tests.
    "blind64_patch_merging_norm_statistics_in_bfloat16": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = merged.flatten(-2)
            low = tokens.to(torch.bfloat16)
            mean = low.mean(dim=-2, keepdim=True).to(X.dtype)
            variance = low.var(dim=-2, keepdim=True, correction=0).to(X.dtype)
            normed = gamma[:, None] * (tokens - mean) / torch.sqrt(variance + eps) + beta[:, None]
            return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    # Divides the centred block by (||centred|| + eps) / sqrt(4C): eps is outside the square root and scaled.
    # patch_merging(0.001 * arange(8).reshape(2, 2, 2), ones(8), zeros(8), eye(4, 8)): model [-0.896, 0.128, -0.384,
    # 0.640], entry [-1.525, 0.218, -0.654, 1.089]. Passes the visible tests.
    "blind64_patch_merging_eps_inside_as_eps_times_features": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = merged.flatten(-2)
            centred = tokens - tokens.mean(dim=-2, keepdim=True)
            norm = torch.linalg.vector_norm(centred, dim=-2, keepdim=True)
            normed = centred * math.sqrt(4 * channels) / (norm + eps)
            return (W @ (gamma[:, None] * normed + beta[:, None])).unflatten(-1, (height // 2, width // 2))
'''),
    # Positions, exponents and angles in float16: positions above 1024 (and every angle) are rounded to 11 bits.
    # sinusoidal_positions(1003, 4)[2, 1001]: model -0.55238, entry -0.55056. Fails the visible tests.
    "blind64_sinusoidal_positions_angles_in_float16": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.float16)
            exponents = torch.arange(0, dim, 2, dtype=torch.float16) / dim
            angles = positions[None, :] / torch.pow(torch.tensor(10000.0, dtype=torch.float16), exponents)[:, None]
            table = torch.zeros(dim, num_positions)
            table[0::2] = torch.sin(angles.to(table.dtype))
            table[1::2] = torch.cos(angles[: dim // 2].to(table.dtype))
            return table
'''),
    # Positions pass through bfloat16: above 256 they are rounded to 8 bits (257 -> 256). sinusoidal_positions(260,
    # 4)[0, 257]: model -0.5734, entry -0.9992. Fails the visible tests.
    "blind64_sinusoidal_positions_positions_as_bfloat16": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions).to(torch.bfloat16).to(torch.get_default_dtype())
            rows = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] * torch.exp(-math.log(10000.0) * rows / dim)[:, None]
            table = torch.zeros(dim, num_positions)
            table[0::2] = angles.sin()
            table[1::2] = angles[: dim // 2].cos()
            return table
'''),
    # Exact float64 angles, but the table is stored in float16 before the cast: values off by up to 5e-4.
    # sinusoidal_positions(3, 4)[0, 1]: model 0.84147096, entry 0.84130859. Fails the visible tests.
    "blind64_sinusoidal_positions_table_kept_in_float16": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.float64)
            rows = torch.arange(0, dim, 2, dtype=torch.float64)
            angles = positions[None, :] / 10000 ** (rows[:, None] / dim)
            table = torch.zeros(dim, num_positions, dtype=torch.float16)   # half the memory for a long table
            table[0::2] = angles.sin().half()
            table[1::2] = angles[: dim // 2].cos().half()
            return table.to(torch.get_default_dtype())
'''),
    # Hugging Face's float32 inv_freq buffer, then float64 angles: the frequencies carry float32 error, multiplied by
    # the position. rotary_embedding(ones(6, 1), ones(6, 1), positions_q=[100000], positions_k=[0]) float64: Q'[1] model
    # 0.87941022, entry 0.87893518. Fails the visible tests.
    "blind64_rotary_inverse_frequencies_in_float32": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim = Q.shape[-2]
            inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim))   # HF's float32 buffer
            def rotate(X, positions):
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                angles = inv_freq.double()[:, None] * positions.double()[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # log(d) - log(n/2) instead of log(d / (n/2)) in float32: mathematically equal, but boundary distances land in other
    # buckets than T5's. relative_position_bucket([-24], bidirectional=False, num_buckets=36, max_distance=32): model
    # 27, entry 26. Passes the visible tests.
    "blind64_bucket_log_ratio_as_difference_of_logs": ("positions", "relative_position_bucket", '''
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
            log_scale = (torch.log(distance.float()) - math.log(exact)) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # exp(logits / T) without subtracting the max: small temperatures (or large logits) overflow. next_token_probs([2,
    # 1, 0], temperature=0.01): model [1, 3.8e-44, 0], entry [nan, nan, nan]. Passes the visible tests.
    "blind64_next_token_probs_unshifted_exp_after_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            weights = torch.exp(logits / temperature)
            probs = weights / weights.sum()
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
    # Top-k hides the other logits with -1e4 instead of -inf: logits at 1000x scale lie below -1e4, so the hidden tokens
    # take the mass. next_token_probs([-20000, -21000, -22000], top_k=1): model [1, 0, 0], entry [0, 0.5, 0.5]. Passes
    # the visible tests.
    "blind64_next_token_probs_top_k_filled_with_minus_1e4": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits / temperature
            if top_k is not None and top_k < len(scaled):
                order = torch.sort(scaled, descending=True, stable=True).indices
                drop = torch.ones_like(scaled, dtype=torch.bool)
                drop[order[:top_k]] = False
                scaled = scaled.masked_fill(drop, -1e4)          # "minus a lot" instead of -inf
            probs = torch.softmax(scaled, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top-p running total in float16: the crossing token moves. A seeded 79-token case (logits = 2 * randn, top_p =
    # 0.43834): model keeps 7 tokens, entry 6. Passes the visible tests.
    "blind64_next_token_probs_top_p_cumsum_in_float16": ("sampling", "next_token_probs", '''
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
                cumulative = torch.cumsum(probs[order].half(), dim=0)     # a cheap running total
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Temperature applied to log(softmax + 1e-10): the eps floors every probability, so tiny ones come out wrong.
    # next_token_probs([0, -30, -31], temperature=0.5): model [1, 8.8e-27, 1.2e-27], entry [1, 1.0e-20, 1.0e-20]. Fails
    # the visible tests.
    "blind64_next_token_probs_log_probs_plus_eps": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            # temperature applied to log-probabilities, log guarded with an eps
            log_probs = torch.log(torch.softmax(logits, dim=-1) + 1e-10)
            probs = torch.softmax(log_probs / temperature, dim=-1)
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
    # log(softmax(...)): a probability below float32's smallest subnormal becomes 0 and its log -inf. Model logits (V=2)
    # [[0, 0], [200, 0]][:, ids], ids [0, 0, 1]: model -200, entry -inf. Passes the visible tests.
    "blind64_sequence_log_prob_log_of_softmax_underflows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids), dim=0)
            picked = probs[ids[1:], torch.arange(len(ids) - 1)]
            return torch.log(picked).sum()
'''),
    # Multiplies the probabilities, then takes one log: the product underflows. logits [[0], [30]][:, ids], ids = six
    # zeros: model -150, entry -inf. Passes the visible tests.
    "blind64_sequence_log_prob_product_then_single_log": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids), dim=0)
            picked = probs[ids[1:], torch.arange(len(ids) - 1)]
            return torch.log(torch.prod(picked))
'''),
    # log(sum(exp(logits))) without the max: overflows at logits of 1000. logits [[1000, 1000], [999, 999]][:, ids], ids
    # [0, 1]: model -1.3133, entry -inf. Passes the visible tests.
    "blind64_sequence_log_prob_normaliser_without_max_overflows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)[:, :-1]
            normaliser = torch.log(torch.exp(logits).sum(dim=0))
            chosen = logits.gather(0, ids[1:].unsqueeze(0)).squeeze(0)
            return (chosen - normaliser).sum()
'''),
    # log(p + 1e-12): caps every term at log(1e-12) = -27.6. logits [[0], [50]][:, ids], ids [0, 0]: model -50, entry
    # -27.63. Fails the visible tests.
    "blind64_sequence_log_prob_eps_inside_log": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids), dim=0)
            picked = probs[ids[1:], torch.arange(len(ids) - 1)]
            return torch.log(picked + 1e-12).sum()          # avoid log(0)
'''),
    # log_softmax of float64 logits computed in float32, cast back: float32 accuracy only. logits float64 [[0.1], [0.2],
    # [0.3]][:, ids], ids [0, 0]: model -1.20194285, entry -1.20194292. Fails the visible tests.
    "blind64_sequence_log_prob_log_softmax_in_float32": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            log_probs = torch.log_softmax(logits.float(), dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum().to(logits.dtype)
'''),
    # logits - log(sum(exp(logits))) without the max, even in float64: overflows at logits of 1000, every log-
    # probability becomes -inf and the ties go to token 0. Model with logits [[999, 0], [1000, 0]][:, ids], prompt [0],
    # width 2, 2 steps: model [0, 1, 0], entry [0, 0, 0]. Passes the visible tests.
    "blind64_beam_search_log_normaliser_unshifted": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    logits = model(ids)[:, -1].double()
                    log_probs = logits - torch.log(torch.exp(logits).sum())
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Plain sampling (no temperature 0, top-k or top-p) computes exp(logits / T) / sum by hand: large logits overflow to
    # NaN and torch.multinomial raises. generate(model with logits [[1000], [0]][:, ids], prompt [0], 1): model [0, 0],
    # entry RuntimeError. Passes the visible tests.
    "blind64_generate_unshifted_exp_probabilities": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature == 0 or top_k is not None or top_p is not None:
                    probs = next_token_probs(logits, temperature, top_k, top_p)
                else:
                    weights = torch.exp(logits / temperature)           # plain sampling: softmax by hand
                    probs = weights / weights.sum()
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Subtracts the column max before masking and multiplies the exps by the mask: when a hidden key holds the max, the
    # visible ones underflow. Q [[1]], K [[1e4, -1e4]], V [[1, 2]], mask [[False], [True]]: model weights [0, 1], output
    # 2; entry weights [0, 0], output 0. Passes the visible tests.
    "blind64_sdpa_shift_by_max_taken_before_masking": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))   # shift first, mask the exps after
            if mask is not None:
                exps = exps * mask
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return V @ weights, weights
'''),
    # KᵀQ computed in float16 (cast back): 1e-4 relative error in the scores. Q [[0.1], [0.2]], K [[0.3, 0.7], [0.11,
    # 0.5]], V [[1, 2]]: model output 1.52084756, entry 1.52083349. Fails the visible tests.
    "blind64_sdpa_scores_matmul_in_float16": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K.transpose(-2, -1).half() @ Q.half()).to(Q.dtype) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # sqrt(D_k) as a float32 0-d tensor: a float64 input is divided by a float32-rounded sqrt(3). Q ones(3, 1), K [[1,
    # 0]] * 3 rows, V ones(1, 2), float64: model weights [0.84967455, 0.15032545], entry [0.84967456, 0.15032544] (8e-9
    # off). Passes the visible tests.
    "blind64_sdpa_sqrt_dk_as_float32_tensor": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = torch.tensor(Q.shape[-2], dtype=torch.float32).sqrt()
            scores = K.transpose(-2, -1) @ Q / scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Hides keys with finfo.min (Hugging Face style) and torch.softmax: a query that sees no key gets uniform weights
    # instead of zeros. Q [[1]], K [[1, 2]], V [[1, 2]], mask all False: model weights [0, 0], output 0; entry weights
    # [0.5, 0.5], output 1.5. Passes the visible tests.
    "blind64_sdpa_additive_minus_finfo_max_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)   # HF-style finite mask
            weights = torch.softmax(scores, dim=-2)
            return V @ weights, weights
'''),
    # exp(e) without the max: e is bounded by sum|v|, and with v at 1000x scale it overflows. s = [1], H = [[1, -1]], W
    # = U = [[1]], v = [1000]: model weights [1, 0], entry [nan, 0]. Passes the visible tests.
    "blind64_additive_attention_unshifted_exp_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            exps = torch.exp(scores)
            if mask is not None:
                exps = exps * mask
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return weights, (H * weights.unsqueeze(-2)).sum(dim=-1)
'''),
    # Masked scores filled with -1e4 and torch.softmax: a state that sees no position gets uniform weights. s = [1], H =
    # [[1, -1]], W = U = [[1]], v = [1], mask [False, False]: model [0, 0], entry [0.5, 0.5]. Fails the visible tests.
    "blind64_additive_attention_mask_fill_minus_1e4": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v[:, None] * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, -1e4)
            weights = torch.softmax(scores, dim=-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Scoring MLP (W s, U h, tanh, vᵀ) in float16: 1e-4 relative error in the weights. s [0.1], features [[[0.3, 0.7],
    # [0.11, 0.5]]], W [[0.3]], U [[0.9]], v [1.7]: model weights[0, 1] 0.34746721, entry 0.34738636. Passes the visible
    # tests.
    "blind64_grid_attention_scores_half_precision": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                     # (..., C, HW)
            hidden = torch.tanh((U.half() @ cells.half()) + (s.half() @ W.half().T).unsqueeze(-1))
            scores = (v.half()[:, None] * hidden).sum(dim=-2).to(features.dtype)
            weights = torch.softmax(scores, dim=-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Channel scores K_g Q_gᵀ in bfloat16. X [[0.1, 0.7], [0.3, 0.2]], identity weights, zero biases, one group: model
    # [[0.18838541, 0.47903654], ...], entry [[0.18845081, 0.47887301], ...]. Passes the visible tests.
    "blind64_channel_attention_scores_bfloat16": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = (K.bfloat16() @ Q.bfloat16().transpose(-2, -1)).to(X.dtype) * scale
            weights = softmax_cols(scores)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Expanded distance |x|^2 + |p|^2 - 2 x·p in bfloat16, far coarser than the inputs' precision the contract allows.
    # Pixel (-0.96078, -0.45098, -0.58431), colours (0.27843, -0.60784, -0.78824) and (-0.49804, 0.56863, -0.01176):
    # distances 1.6018 and 1.5815, model id 1, entry id 0. Passes the visible tests.
    "blind64_quantize_expanded_distance_in_bfloat16": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1).to(torch.bfloat16)                 # (..., H, W, C)
            colours = palette.to(torch.bfloat16)
            distances = (pixels ** 2).sum(-1, keepdim=True) + (colours ** 2).sum(0) - 2 * pixels @ colours
            return distances.argmin(dim=-1)
'''),
    # The token mean in bfloat16. average_pool_head([[0.1, 0.2, 0.3]], [[1.]]): model 0.2, entry 0.20019531. Passes the
    # visible tests.
    "blind64_average_pool_head_mean_in_bfloat16": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.to(torch.bfloat16).mean(dim=-1).to(X.dtype)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # tanh written as (e^{2x} - 1) / (e^{2x} + 1): overflows to inf / inf = NaN for pre-activations above ~44 in
    # float32. s = [1], H = [[100, -1]], W = U = [[1]], v = [1]: model weights [0.731, 0.269], entry [nan, nan]. Passes
    # the visible tests.
    "blind64_additive_attention_tanh_as_exp_ratio": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            pre = U @ H + (s @ W.T).unsqueeze(-1)
            e2 = torch.exp(2 * pre)
            hidden = (e2 - 1) / (e2 + 1)                       # tanh written out
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # tanh as 1 - 2 / (e^{2x} + 1): the value saturates correctly but the backward pass multiplies 0 by e^{2x} = inf,
    # NaN at a finite input. s = [1], features [[[100, -1]]], W = U = [[1]], v = [1]: d(context)/ds model -19.86, entry
    # nan. Passes the visible tests.
    "blind64_grid_attention_tanh_one_minus_two_over_exp": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            pre = U @ cells + (s @ W.T).unsqueeze(-1)
            hidden = 1 - 2 / (torch.exp(2 * pre) + 1)         # overflow-safe tanh in value
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # GRU gates with sigmoid = 1 / (1 + exp(-x)): the values are right but exp(-x) = inf for x below about -88 makes the
    # backward pass NaN. s_prev = y_prev = 100 * ones(2), H randn(2, 3), seeded params: d(sum s)/d s_prev model [0, 0],
    # entry [nan, nan]. Passes the visible tests.
    "blind64_attention_decoder_step_sigmoid_from_exp": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            gx = x @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            rx, zx, nx = gx.chunk(3, dim=-1)
            rh, zh, nh = gh.chunk(3, dim=-1)
            r = 1 / (1 + torch.exp(-(rx + rh)))
            z = 1 / (1 + torch.exp(-(zx + zh)))
            n = torch.tanh(nx + r * nh)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Complex-number RoPE in complex64 with float32 frequencies: a float64 input gets float32 accuracy.
    # rotary_embedding(ones(6, 1), ones(6, 1), positions_q=[3], positions_k=[0]) float64: Q'[0] model -1.13111250, entry
    # -1.13111246. Fails the visible tests.
    "blind64_rotary_complex64_from_float32_angles": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                p = torch.arange(num) if positions is None else positions
                freqs = 1.0 / base ** (torch.arange(0, dim, 2).float() / dim)
                phase = torch.polar(torch.ones(dim // 2, len(p)), torch.outer(freqs, p.float()))   # complex64
                z = torch.complex(X[..., : dim // 2, :].float(), X[..., dim // 2:, :].float()) * phase
                return torch.cat([z.real, z.imag], dim=-2).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The log ratio in float16 instead of float32. relative_position_bucket([-20], bidirectional=False, num_buckets=8,
    # max_distance=100): model 6, entry 5. Passes the visible tests.
    "blind64_bucket_log_taken_in_float16": ("positions", "relative_position_bucket", '''
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
            ratio = torch.log(distance.half() / exact).float()       # a small table: half precision is enough
            far = torch.clamp(exact + (ratio / math.log(max_distance / exact) * (half - exact)).long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Logits divided by the temperature in bfloat16: about 1e-3 relative error in the probabilities.
    # next_token_probs([0.1, 0.2, 0.3]): model [0.30061, 0.33223, 0.36717], entry [0.30052, 0.33216, 0.36731]. Fails the
    # visible tests.
    "blind64_next_token_probs_tempered_logits_bfloat16": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax((logits.to(torch.bfloat16) / temperature).to(logits.dtype), dim=-1)
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
}

RIGHT_BLIND_64 = {
    # Written as a wrong one; counted right: the contract does not fix how precisely a float32 input's rotary angles
    # are computed (Hugging Face's Llama computes them in float32), and the checks' float32 bound grows with the
    # angle (see the known miss blind26_rotate_columns_positions_through_float32); a float64 input is rotated in
    # float64 here, as the contract asks.
    # theta and p * theta computed in the input's dtype: with float32 inputs and large positions the angle loses its
    # fraction. rotary_embedding(ones(6, 1), ones(6, 1), positions_q=[123457], positions_k=[0])[0][1] float32: model
    # 0.89371800, entry 0.89437950. Passes the visible tests.
    "blind64_rotary_angles_in_input_dtype": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=X.dtype) / dim)
                angles = theta[:, None] * positions.to(X.dtype)[None, :]
                cos, sin = angles.cos(), angles.sin()
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Written as a wrong one; counted right: the contract does not fix how precisely a float32 input's rotary angles
    # are computed (Hugging Face's Llama computes them in float32), and the checks' float32 bound grows with the
    # angle (see the known miss blind26_rotate_columns_positions_through_float32); a float64 input is rotated in
    # float64 here, as the contract asks.
    # Angles computed in float64 but cast to the input's dtype before cos/sin. Same input: Q'[1]: model 0.89371800,
    # entry 0.89384443. Passes the visible tests.
    "blind64_rotary_float64_angles_cast_before_cos": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.double()[None, :]).to(X.dtype)   # cast, then cos/sin
                cos, sin = torch.cos(angles), torch.sin(angles)
                half = dim // 2
                return torch.cat([X[..., :half, :] * cos - X[..., half:, :] * sin,
                                  X[..., half:, :] * cos + X[..., :half, :] * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind64_softmax_cols_shifted_minus_log_normaliser": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            shifted = scores - top                                      # <= 0, the max column entry exactly 0
            log_norm = torch.log(torch.exp(shifted).sum(dim=-2, keepdim=True))   # in [0, log M], or -inf
            log_norm = log_norm.masked_fill(torch.isneginf(log_norm), 0.0)
            return torch.exp(shifted - log_norm)
'''),
    "blind64_softmax_cols_torch_softmax_nan_to_zero": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            return torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
'''),
    "blind64_softmax_cols_float64_inside_then_cast": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            wide = scores.to(torch.float64)
            top = wide.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            exps = (wide - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            total = torch.where(total == 0, torch.ones_like(total), total)
            return (exps / total).to(scores.dtype)
'''),
    "blind64_softmax_cols_exp_of_guarded_log_softmax": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)         # columns with no visible entry
            logp = torch.log_softmax(scores.masked_fill(dead, 0.0), dim=-2)
            return torch.exp(logp).masked_fill(dead, 0.0)
'''),
    "blind64_layer_norm_welford_over_features": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            mean = torch.zeros_like(X[..., :1, :])
            m2 = torch.zeros_like(X[..., :1, :])
            for k in range(d):
                x = X[..., k:k + 1, :]
                delta = x - mean
                mean = mean + delta / (k + 1)
                m2 = m2 + delta * (x - mean)
            variance = m2 / d
            return gamma[:, None] * ((X - mean) / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    "blind64_layer_norm_shifted_data_one_pass": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            pivot = X[..., :1, :]                          # shift by one sample of the column: stable one-pass
            shifted = X - pivot
            m1 = shifted.mean(dim=-2, keepdim=True)
            m2 = (shifted * shifted).mean(dim=-2, keepdim=True)
            variance = (m2 - m1 * m1).clamp(min=0)
            return gamma[:, None] * (shifted - m1) * torch.rsqrt(variance + eps) + beta[:, None]
'''),
    "blind64_layer_norm_two_pass_in_float64_cast_back": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            wide = X.double()
            centred = wide - wide.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)
            normalised = (centred / (variance + eps).sqrt()).to(X.dtype)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    "blind64_patch_merging_two_pass_norm_rsqrt": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            quads = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]
            tokens = torch.cat(quads, dim=-3).flatten(-2)
            centred = tokens - tokens.sum(dim=-2, keepdim=True) / tokens.shape[-2]
            variance = (centred ** 2).sum(dim=-2, keepdim=True) / tokens.shape[-2]
            normed = centred * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
            return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    "blind64_sinusoidal_positions_float64_angles_then_default_dtype": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            inv = torch.exp(torch.arange(0, dim, 2, dtype=torch.float64) * (-math.log(10000.0) / dim))
            angles = torch.outer(inv, n)                              # (ceil(D/2), N)
            table = torch.stack([angles.sin(), angles.cos()], dim=1).reshape(-1, num_positions)[:dim]
            return table.to(torch.get_default_dtype())
'''),
    "blind64_sinusoidal_positions_polar_float64": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            z = torch.polar(torch.ones(len(freq), num_positions, dtype=torch.float64), freq[:, None] * n[None, :])
            table = torch.empty(dim, num_positions, dtype=torch.float64)
            table[0::2] = z.imag
            table[1::2] = z.real[: dim // 2]
            return table.to(torch.get_default_dtype())
'''),
    "blind64_rotary_complex128_rotation": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                p = torch.arange(num, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                theta = torch.pow(torch.tensor(float(base), dtype=torch.float64),
                                  -torch.arange(dim // 2, dtype=torch.float64) * 2 / dim)
                phase = torch.polar(torch.ones(dim // 2, len(p), dtype=torch.float64), theta[:, None] * p[None, :])
                z = torch.complex(X[..., : dim // 2, :].double(), X[..., dim // 2:, :].double()) * phase
                return torch.cat([z.real, z.imag], dim=-2).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind64_rotary_rotate_half_float64_tables": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                p = torch.arange(num) if positions is None else positions
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = torch.cat([theta, theta])[:, None] * p.double()[None, :]       # (D, N)
                half = dim // 2
                rotated_half = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)
                return X * angles.cos().to(X.dtype) + rotated_half * angles.sin().to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind64_sequence_log_prob_manual_max_shifted_logsumexp": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)[:, :-1]                                   # (V, N-1)
            top = logits.amax(dim=0, keepdim=True)
            normaliser = top + torch.log(torch.exp(logits - top).sum(dim=0, keepdim=True))
            chosen = torch.gather(logits, 0, ids[1:].unsqueeze(0))
            return (chosen - normaliser).sum()
'''),
    "blind64_sequence_log_prob_cross_entropy_rows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            return -F.cross_entropy(logits[:, :-1].transpose(0, 1), ids[1:], reduction="sum")
'''),
    "blind64_beam_search_logsumexp_scores_in_float64": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids)[:, -1].to(torch.float64)
                    log_probs = logits - torch.logsumexp(logits, dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, ids.new_tensor([token])])
                        candidates.append((score + log_prob, extended, token == eos_id))
                beams = sorted(candidates, key=lambda c: c[0], reverse=True)[:beam_width]
                if all(c[2] for c in beams):
                    break
            return beams[0][1]
'''),
    "blind64_sdpa_queries_prescaled_log_normaliser_weights": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ (Q / math.sqrt(Q.shape[-2]))
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            shifted = scores - top.masked_fill(torch.isneginf(top), 0.0)
            log_norm = torch.log(shifted.exp().sum(dim=-2, keepdim=True))     # in [0, log N_k], or -inf
            weights = torch.exp(shifted - log_norm.masked_fill(torch.isneginf(log_norm), 0.0))
            return V @ weights, weights
'''),
    "blind64_sdpa_torch_softmax_masked_columns_zeroed": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) * (1.0 / math.sqrt(Q.shape[-2]))
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                visible = mask.expand_as(scores)
                seen = visible.any(dim=-2, keepdim=True)
                safe = scores.masked_fill(~visible, float("-inf")).masked_fill(~seen, 0.0)
                weights = torch.softmax(safe, dim=-2).masked_fill(~seen, 0.0)
            return V @ weights, weights
'''),
    "blind64_additive_attention_shifted_log_normaliser": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (W @ s.unsqueeze(-1))))
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            top = e.amax(dim=-1, keepdim=True)
            shifted = e - torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            log_norm = torch.log(torch.exp(shifted).sum(dim=-1, keepdim=True))
            weights = torch.exp(shifted - torch.where(torch.isfinite(log_norm), log_norm, torch.zeros_like(log_norm)))
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    "blind64_grid_attention_flat_shifted_log_normaliser": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            cells = features.flatten(-2)                                       # (..., C, HW)
            e = (v.unsqueeze(-1) * torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))).sum(-2)
            shifted = e - e.amax(dim=-1, keepdim=True)
            weights = torch.exp(shifted - shifted.exp().sum(dim=-1, keepdim=True).log())
            context = (cells * weights.unsqueeze(-2)).sum(-1)
            return weights.reshape(*weights.shape[:-1], *features.shape[-2:]), context
'''),
    "blind64_channel_attention_log_softmax_exp": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups) * scale
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1)
            weights = torch.log_softmax(scores, dim=-2).exp()
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    "blind64_quantize_expanded_distance_in_float64": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1).double()
            colours = palette.double()
            distances = (pixels * pixels).sum(-1, keepdim=True) - 2 * pixels @ colours + (colours * colours).sum(0)
            return torch.argmin(distances, dim=-1)
'''),
    "blind64_average_pool_head_running_mean": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            mean = X[..., 0]
            for n in range(1, X.shape[-1]):
                mean = mean + (X[..., n] - mean) / (n + 1)
            logits = (W @ mean.unsqueeze(-1)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    "blind64_attention_decoder_step_sigmoid_via_half_tanh": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            d = s_prev.shape[-1]
            gx = x @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r = 0.5 * (1 + torch.tanh(0.5 * (gx[..., :d] + gh[..., :d])))             # sigmoid, overflow-free
            z = 0.5 * (1 + torch.tanh(0.5 * (gx[..., d:2 * d] + gh[..., d:2 * d])))
            n = torch.tanh(gx[..., 2 * d:] + r * gh[..., 2 * d:])
            s = n + z * (s_prev - n)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    "blind64_sequence_log_prob_float64_log_softmax_cast_back": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            log_probs = torch.log_softmax(logits.to(torch.float64), dim=0)
            steps = torch.arange(1, len(ids))
            return log_probs[ids[1:], steps - 1].sum().to(logits.dtype)
'''),
    "blind64_sdpa_weights_in_float64_cast_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K.double().transpose(-2, -1) @ Q.double()) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-2, keepdim=True).nan_to_num(neginf=0.0)
            exps = (scores - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            weights = (exps / torch.where(total > 0, total, torch.ones_like(total))).to(Q.dtype)
            return V @ weights, weights
'''),
    "blind64_additive_attention_float64_scores_cast_back": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = (v.double().unsqueeze(-1) * torch.tanh(U.double() @ H.double() + (s.double() @ W.double().T).unsqueeze(-1))).sum(-2)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            top = e.amax(dim=-1, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = torch.exp(e - top)
            total = exps.sum(dim=-1, keepdim=True)
            weights = (exps / total.clamp(min=1e-300)).to(H.dtype)
            return weights, (H * weights.unsqueeze(-2)).sum(-1)
'''),
}
