"""Seventieth blind batch of held-out implementations (prefix blind69_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_67.py, except held_out_blind_65.py) were only skimmed for
their entry names (to avoid repeating an idea already there: a global-max or row-max softmax shift, a column-mean or
first-row shift, the key bias dropped in multi-head attention, the value bias folded into bo, relu as (z + |z|) / 2,
the one-pass variance, T5 bucket log rewrites and the label-sum Swin mask were all taken) and the header example
(held_out_blind_57.py). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the
batches written at the same time (held_out_blind_65.py, held_out_blind_68.py). A plain `ls tests/grader` was run once at
the start, which showed file names there but opened none of them.

Emphasis: algebraic rewrites. Wrong entries rewrite a formula with an identity that holds only under a condition the
contract does not promise: shift invariance with a shift that is exact but not the maximum (column median, the
Cauchy-Schwarz bound, |v|_1, one shift shared by all heads or by all columns, each beam's own maximum), a scale moved
across the softmax, a mean of means over unequal halves (layer norm, average pooling), a variance without its
between-group term, biases moved across relu or folded where their path is not linear (query bias, value bias under
a zero attention column, beta forgotten, bias into the [CLS] column), linear maps merged across relu or a layer norm,
centring biases where no norm follows, a norm distributed over a residual sum, log-sum-exp or log of a sum split where
it does not factor, a wrong base change, the tanh addition formula and the polarization identity (exact, but 0/0 or
cancellation in float32), cos from sqrt(1 - sin^2), a power as a root of an overflowing power, a closed form used
outside its range. Right entries are rewrites that are identities on every allowed input: online (flash-style) softmax
normalisers over row blocks and key halves, (AB)^T = B^T A^T in a row-layout port, the value projection after the
average with the bias weighted by each column's total weight, Wo Wv merged per head, Wo as a sum of head blocks, Chan's
combination of two halves' statistics and the law of total variance, biases centred only right before a post-LN norm,
layer-norm affines folded into the next projections only where the norm output feeds nothing else, the key bias left
out as a column constant, b folded into the patch positions, a projected zero patch for [CLS], [W U][s; h], the grid
softmax as row marginal times row conditional, h + (1 - z)(n - h), a block split of the read-out, the value bias mixed
by the channel weights, |x|^2 dropped from the nearest-colour expansion, projecting before pooling, geometric
frequencies in float64, n^2 minus the far triangles, inclusion-exclusion for the global mask.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind69/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and `import torch.nn.functional as F` added, the entry's source
replacing the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (21 of the 43 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry and both printed; each differs as its
comment says (for the numerical ones, in the dtype the comment names). Right entries were compared with the model
answer on 150-300 random cases each in float64 and float32 (random batch shapes (), (2,), (2, 3), odd and even sizes,
sizes 1, masks of shape (N_k, N_q), batched and (N_k, 1) with fully hidden query columns, explicit eps, scale and
norm_first, state/encoder batch broadcasting in rnn_attention), values to 1e-8 (float64) / 2e-4 (float32), gradients
of a random projection of every output with respect to every floating input and weight to 1e-6 / 1e-3 (no NaN at a
finite entry); softmax_cols also at 1e4 scale with -inf entries and all -inf columns; the attention rewrites also with
inputs scaled by 30-100 in float32, where each entry's error against a float64 run of the model answer was compared
with the model answer's own float32 error (all within a small factor; see the judgement calls for the two dropped);
sinusoidal_positions for num_positions 0..57 and dim 0..40 under both default dtypes (shape, dtype, values; 2048 x 512
too); sparse_attention_cost exactly, as an int, for every pattern, n = 0..29, 10**6 and 10**12 + 7, sizes -3..34, the
missing-size and unknown-pattern ValueErrors; global_token_mask exactly on random bool tensors of shapes (0,), (1,),
(5,), (2, 4), (2, 3, 6), (3, 0).

Judgement calls: several wrong entries are wrong only numerically (the identity is exact): the Cauchy-Schwarz, |v|_1,
shared-head and all-column shifts underflow only when the scores sit far below the shift (about 100 in float32, 745 in
float64), the polarization identity only for long, nearly orthogonal float32 vectors (entries of 1e4), the tanh
addition formula only when both arguments saturate, the root-of-a-power only from D = 12 in float32 (D = 80 in
float64). I kept them as wrong because the contract allows large inputs (a thousand times the usual scale, softmax
stable at +-1e4) and holds float32 results to float32 accuracy, but each comment names the input. The half-means entries
are wrong only for odd sizes (and D = 1 or N = 1 give nan). Dropped as right because I could not be sure they stay
within the grader's float32 bounds: the self-attention and cross-attention scores as one merged bilinear form
X_enc^T (Wk^T Wq) X_dec (exact, but in float32 at 30x scale up to 30 times the model answer's error, since its
rounding scales with |X|^T |Wk^T| |Wq| |X| rather than |K|^T |Q|), the layer norm written as (gamma / sigma) X + (beta -
gamma mu / sigma) (cancellation for columns with a large mean), the first version of the key-halves merge (it
subtracted full log-sum-exps and lost about one ulp of the score magnitude; rewritten with rescaled sums). Dropped as
wrong: a local_mask by squared distances (wrong only for a negative window, which the contract may not mean to allow)
and T5 bucket rewrites (already in earlier batches). A next_token_probs that picks top-k on the raw logits was dropped
as right: it differs from the model answer when two distinct logits give equal probabilities. Fewer entries than
asked (43 wrong, 26 right instead of about 55 / 35): the time box, the earlier batches' coverage of the
simplest rewrites, and the entries dropped above; no right entry is one I was unsure of.

Counts: 43 wrong, 26 right.
Wrong per function: {'additive_attention': 3, 'apply_mask': 1, 'average_pool_head': 2, 'beam_search': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 2, 'feed_forward': 2, 'grid_attention': 2, 'layer_norm': 3, 'multi_head_attention': 3, 'next_token_probs': 2, 'patch_embedding': 1, 'patch_merging': 2, 'quantize_pixels': 1, 'scaled_dot_product_attention': 3, 'self_attention': 2, 'sequence_log_prob': 3, 'sinusoidal_positions': 2, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'transformer_layer': 3}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'multi_head_attention': 2, 'patch_embedding': 2, 'patch_merging': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'transformer_layer': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_69 = {
    # Shift invariance used with the column median: a valid shift in exact arithmetic, but exp overflows once the
# maximum exceeds the median by ~88 (float32). softmax_cols([[-1e4], [0], [1e4]]) in float32: model [0, 0, 1], entry
# [0, 0, nan]. Fails the visible tests.
    "blind69_softmax_cols_shift_by_column_median": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # any constant per column may be subtracted; the median is robust to one huge score
            centre = scores.median(dim=-2, keepdim=True).values
            centre = centre.masked_fill(torch.isinf(centre), 0.0)
            exps = torch.exp(scores - centre)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # min(s, log mask) is -inf where hidden but min(s, 0) where visible: the identity min(s, 0) = s holds only for
# s <= 0. apply_mask([[0.5]], [[True]]): model 0.5, entry 0. Fails the visible tests.
    "blind69_apply_mask_minimum_with_log_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # log(False) = -inf and min(s, -inf) = -inf: the log-mask as a ceiling on the scores
            return torch.minimum(scores, torch.log(mask.to(scores.dtype)))
'''),
    # Shifts every column by the Cauchy-Schwarz bound max|k| |q| / sqrt(d_k): constant along the keys, so exact in
# exact arithmetic, but when the bound far exceeds the true scores every exponent underflows. float32 Q = [[30], [0]],
# K = [[0, 0], [30, 31]], V = [[1, 2]]: model weights [0.5, 0.5], output 1.5; entry weights [0, 0], output 0.
# Passes the visible tests.
    "blind69_sdpa_shift_by_cauchy_schwarz_bound": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            # no column maximum: k.q <= |k| |q| (Cauchy-Schwarz), so subtracting max_k |k| * |q| / sqrt(d_k), the same
            # for every key of a column, keeps every exponent <= 0
            key_norm = K.norm(dim=-2).amax(dim=-1, keepdim=True)[..., None]      # (..., 1, 1)
            bound = key_norm * Q.norm(dim=-2, keepdim=True) / math.sqrt(d_k)     # (..., 1, N_q)
            exps = torch.exp(scores - bound)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return V @ weights, weights
'''),
    # Two chunks of keys each softmaxed alone and combined in proportion to their sizes (a mean of means): right
# only if both chunks have the same normaliser. Any random Q, K, V with N_k >= 2 differs (output and weights). Fails
# the visible tests.
    "blind69_sdpa_key_chunks_averaged_by_key_count": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            n_k = scores.shape[-2]
            cut = (n_k + 1) // 2
            # attend to each half of the keys on its own, then combine the halves in proportion to their sizes
            output, pieces = 0, []
            for rows in (slice(0, cut), slice(cut, n_k)):
                size = len(range(n_k)[rows])
                if size == 0:
                    continue
                part = softmax_cols(scores[..., rows, :]) * (size / n_k)
                pieces.append(part)
                output = output + V[..., rows] @ part
            weights = torch.cat(pieces, dim=-2)
            return output, weights
'''),
    # k.q from the polarization identity (|k|^2 + |q|^2 - |k - q|^2) / 2: exact in exact arithmetic, catastrophic
# cancellation in float32 for long, nearly orthogonal vectors. float32 Q = [[1e4], [0]], K = [[0, 1e-4], [1e4, 1e4]],
# V = [[1, 2]]: model weights [0.3302, 0.6698], entry [0.5, 0.5] (float64 agrees). Passes the visible tests.
    "blind69_sdpa_scores_by_polarization_identity": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            # k.q = (|k|^2 + |q|^2 - |k - q|^2) / 2, the dot product from squared lengths
            q2 = (Q * Q).sum(dim=-2, keepdim=True)                       # (..., 1, N_q)
            k2 = (K * K).sum(dim=-2).unsqueeze(-1)                       # (..., N_k, 1)
            gap = K.unsqueeze(-1) - Q.unsqueeze(-2)                      # (..., D_k, N_k, N_q)
            scores = (k2 + q2 - (gap * gap).sum(dim=-3)) / 2 / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Drops the query bias as if it shifted a column uniformly; it adds K^T bq, which varies along the keys (only
# the key bias is a per-column constant). X = [[1, 2]], all weights 1x1 identity, bq = [1], bk = bv = 0: model
# weights [[0.119, 0.047], [0.881, 0.953]], entry [[0.269, 0.119], [0.731, 0.881]]. Passes the visible tests.
    "blind69_self_attention_query_bias_dropped_as_column_shift": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # the query bias "adds the same amount to every score of a column", and softmax ignores that: leave it out
            Q = Wq @ X
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # (Wv X + bv 1^T) A = Wv (X A) + bv 1^T needs every column of A to sum to 1; a query that sees no key has a
# zero column, whose output must be 0. X = [[1, 2]], identity 1x1 weights, bv = [1], mask [[T, F], [T, F]]: model
# output [[2.73, 0]], entry [[2.73, 1]]. Passes the visible tests.
    "blind69_self_attention_value_projection_after_averaging_bias_outside": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            # (Wv X + bv 1^T) A = Wv (X A) + bv 1^T because each column of A sums to 1: average the tokens, then project
            averaged, weights = scaled_dot_product_attention(Q, K, X, mask)
            return linear(averaged, Wv, bv), weights
'''),
    # One softmax shift per query taken over all heads: constant along each head's keys, so exact in exact
# arithmetic, but a head whose scores are far below another head's underflows to all zeros. Xq = Xkv =
# [[30, 0], [0.1, 0.2]], identity weights, zero biases, 2 heads: model [[30, 15], [0.1503, 0.1505]], entry
# [[30, 15], [0, 0.1505]] (float32 and float64). Passes the visible tests.
    "blind69_mha_one_shift_per_query_shared_by_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])          # (..., H, N_k, N_q)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            # one shift per query for all heads at once: it is constant along every head's keys
            shift = scores.amax(dim=(-3, -2), keepdim=True)
            shift = shift.masked_fill(shift == float("-inf"), 0.0)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Wo @ [head_0; ...] is the SUM over heads of Wo's column blocks times the heads; the entry averages them, which
# divides the attention part by H. Any input with H >= 2 differs. Fails the visible tests.
    "blind69_mha_output_projection_as_mean_over_head_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)               # (..., H, D/H, N_q)
            head_dim = dim // num_heads
            # Wo @ [head_0; ...] split into Wo's column blocks, one per head, and combined over the heads
            blocks = params["Wo"].reshape(dim, num_heads, head_dim).transpose(0, 1)   # (H, D, D/H)
            return (blocks @ heads).mean(dim=-3) + params["bo"][:, None]
'''),
    # Moves 1/sqrt(D/H) from before the softmax to the output projection; a scale does not commute with the
# softmax. Xq = Xkv = [[1, 2], [0, 1]], identity weights, zero biases, 1 head: model [[1.670, 1.893], [0.670, 0.893]],
# entry [[1.224, 1.381], [0.517, 0.674]]. Fails the visible tests.
    "blind69_mha_head_scale_moved_onto_output_projection": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            # the 1/sqrt(D/H) factor is a scalar: apply it once, to the output projection
            scale = 1 / math.sqrt(dim // num_heads)
            return linear(merge_heads(V @ weights), params["Wo"] * scale, params["bo"])
'''),
    # The mean of two half-means is the mean only when the halves are equal, i.e. D even. D = 3,
# X = [[0], [0], [3]], gamma 1, beta 0: model [-0.707, -0.707, 1.414], entry [-1, -1, 1] (and D = 1 gives nan). Passes
# the visible tests.
    "blind69_layer_norm_mean_as_average_of_half_means": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # the mean over the features as the average of the two halves' means
            top, bottom = X.tensor_split(2, dim=-2)
            mean = (top.mean(dim=-2, keepdim=True) + bottom.mean(dim=-2, keepdim=True)) / 2
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # 1/sqrt(var + eps) = (1/sqrt(var)) sqrt(var/(var + eps)) needs var > 0: a constant column gives 0/0.
# X = [[2], [2]], gamma 1, beta 0: model [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind69_layer_norm_eps_factored_out_of_the_root": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)
            # 1 / sqrt(var + eps) = (1 / sqrt(var)) * sqrt(var / (var + eps)): the plain standardisation, then the
            # eps correction as a factor
            standard = centred / torch.sqrt(variance)
            return gamma[:, None] * standard * torch.sqrt(variance / (variance + eps)) + beta[:, None]
'''),
    # Scaling commutes with normalising only for one positive scalar; gamma is per feature, so normalising
# gamma * X is not gamma * LN(X). Any random X, gamma differ. Fails the visible tests.
    "blind69_layer_norm_gamma_moved_inside_the_statistics": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # scaling and normalising commute, so scale the features by gamma first and normalise the result
            scaled = gamma[:, None] * X
            mean = scaled.mean(dim=-2, keepdim=True)
            variance = scaled.var(dim=-2, keepdim=True, correction=0)
            return (scaled - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Merges W1 and W2 across the relu, valid only where every hidden pre-activation is >= 0. Any input with a
# negative pre-activation differs. Fails the visible tests.
    "blind69_feed_forward_two_linear_maps_merged_across_relu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # two linear maps in a row are one: W2 (W1 X + b1) + b2 = (W2 W1) X + (W2 b1 + b2)
            return linear(X, W2 @ W1, W2 @ b1 + b2)
'''),
    # Moves b1 across the relu (relu(z + b) != relu(z) + b). X = [[1]], W1 = W2 = [[1]], b1 = [-2], b2 = [0]:
# model 0, entry -1. Passes the visible tests.
    "blind69_feed_forward_hidden_bias_pushed_through_to_output_bias": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # the hidden bias moved out through W2: W2 relu(W1 X) + (W2 b1 + b2)
            return linear(torch.relu(W1 @ X), W2, W2 @ b1 + b2)
'''),
    # Centring bo and b2 is exact before a layer norm (post-LN) but not in pre-LN, where they enter the residual
# stream directly. Any pre-LN call with bo or b2 not constant differs. Fails the visible tests.
    "blind69_transformer_layer_pre_norm_biases_centred_too": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # a layer norm removes each column's mean over the features, so bo and b2 only matter through their
            # centred parts: centre them once for both orders
            p = dict(params)
            p["bo"] = params["bo"] - params["bo"].mean()
            p["b2"] = params["b2"] - params["b2"].mean()
            def attend(Y):
                return multi_head_attention(Y, Y, p, num_heads, mask)
            def think(Y):
                return feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, p["gamma1"], p["beta1"]))
                X = X + think(layer_norm(X, p["gamma2"], p["beta2"]))
            else:
                X = layer_norm(X + attend(X), p["gamma1"], p["beta1"])
                X = layer_norm(X + think(X), p["gamma2"], p["beta2"])
            return X
'''),
    # Folds LN1's gamma1, beta1 into W1, b1 (valid for the FFN's input) but the post-LN residual also carries
# LN1's output, and the entry adds the bare normalised tokens. Random float64 D = 4, 2 heads, gamma1 = [2, 1, 0.5, 1],
# beta1 = [0, 1, 0, 0]: outputs differ by up to 0.19. Passes the visible tests.
    "blind69_transformer_layer_post_norm_affine_folded_into_ffn_residual_bare": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            g1, be1 = params["gamma1"], params["beta1"]
            if norm_first:
                X = X + attend(layer_norm(X, g1, be1))
                return X + feed_forward(layer_norm(X, params["gamma2"], params["beta2"]), params["W1"], params["b1"],
                                        params["W2"], params["b2"])
            # LN1's gamma1 and beta1 folded into the FFN's first layer: W1 (g * N + b) + b1 = (W1 g) N + (W1 b + b1)
            N1 = layer_norm(X + attend(X), torch.ones_like(g1), torch.zeros_like(be1))
            thought = feed_forward(N1, params["W1"] * g1[None, :], params["b1"] + params["W1"] @ be1,
                                   params["W2"], params["b2"])
            return layer_norm(N1 + thought, params["gamma2"], params["beta2"])
'''),
    # Distributes the layer norm over the residual sum, LN(X + A) = LN(X) + LN(A) - beta, which is false.
# X = [[1, 0], [0, 2]], identity attention weights, zero biases, 1 head, identity FFN: model [[1, -1], [-1, 1]], entry
# [[2, -2], [-2, 2]]. Passes the visible tests.
    "blind69_transformer_layer_norm_distributed_over_residual_sum": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            def norm(Y, k):
                return layer_norm(Y, params["gamma" + k], params["beta" + k])
            if norm_first:
                X = X + attend(norm(X, "1"))
                return X + think(norm(X, "2"))
            # LN(X + A) = LN(X) + LN(A), minus the beta counted twice
            X = norm(X, "1") + norm(attend(X), "1") - params["beta1"][:, None]
            return norm(X, "2") + norm(think(X), "2") - params["beta2"][:, None]
'''),
    # Merges Wq and Wk per head into one bilinear form and drops every bias term as a shift; the bk terms are
# constant along the keys but X_enc^T Wk_h^T bq_h is not. Any input with bq != 0 differs (random float64 inputs).
# Passes the visible tests.
    "blind69_cross_attention_bilinear_scores_all_bias_terms_dropped": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .masking import apply_mask
            from .multihead import merge_heads, split_heads
            from .softmax import softmax_cols
            dim = X_dec.shape[-2]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            head_dim = dim // num_heads
            Wq = params["Wq"].reshape(num_heads, head_dim, dim)
            Wk = params["Wk"].reshape(num_heads, head_dim, dim)
            # K_h^T Q_h = X_enc^T (Wk_h^T Wq_h) X_dec; the bias terms "only shift the scores", so drop them all
            form = Wk.transpose(-2, -1) @ Wq                                   # (H, D, D)
            enc_rows = X_enc.transpose(-2, -1).unsqueeze(-3)                   # (..., 1, N_e, D)
            scores = enc_rows @ (form @ X_dec.unsqueeze(-3)) / math.sqrt(head_dim)
            if enc_mask is not None:
                scores = apply_mask(scores, enc_mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Folds gamma1, beta1 into the cross-attention's queries (valid) but then uses the bare normalised tokens as
# the residual, losing LN1's affine there. Any input with gamma1 != 1 or beta1 != 0 differs. Passes the visible tests.
    "blind69_decoder_layer_norm1_affine_folded_residual_left_bare": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            g1, be1 = params["gamma1"], params["beta1"]
            N1 = layer_norm(X + attended, torch.ones_like(g1), torch.zeros_like(be1))
            # gamma1, beta1 folded into the cross-attention's query map: Wq (g * N + b) + bq = (Wq g) N + (Wq b + bq)
            cross = dict(params["cross_attn"])
            cross["Wq"] = params["cross_attn"]["Wq"] * g1[None, :]
            cross["bq"] = params["cross_attn"]["bq"] + params["cross_attn"]["Wq"] @ be1
            read = multi_head_attention(N1, X_enc, cross, num_heads, enc_mask)
            X = layer_norm(N1 + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Centring is exact only for biases added right before a norm (bo, b2); bq changes the scores and bv reaches
# the norm as Wo bv, which centring bv does not shift by a constant. Random params with non-constant bq, bv differ.
# Passes the visible tests.
    "blind69_decoder_layer_every_attention_bias_centred": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # every sub-block ends in a layer norm, which removes the feature mean: centre the biases once
            def centred(block):
                return {k: (v - v.mean() if k.startswith("b") else v) for k, v in block.items()}
            self_p, cross_p = centred(params["self_attn"]), centred(params["cross_attn"])
            b2 = params["b2"] - params["b2"].mean()
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, self_p, num_heads, self_mask), params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, cross_p, num_heads, enc_mask), params["gamma2"],
                           params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], b2)
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Greedy as the limit T -> 0 with T = 1e-10: ties share the mass instead of going to the lowest id.
# next_token_probs([1, 1, 0], temperature=0.0): model [1, 0, 0], entry [0.5, 0.5, 0]. Fails the visible tests.
    "blind69_next_token_probs_greedy_as_tiny_temperature_limit": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            # greedy is the limit T -> 0 of softmax(logits / T): take a tiny temperature instead of a special case
            t = temperature if temperature > 0 else 1e-10
            probs = torch.softmax(logits / t, dim=-1)
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
    # Compares the cumulative probability on the log scale but takes log(p1 + p2 + ...) as log p1 + log p2 + ...
# next_token_probs([2, 1, 0], top_p=0.5): model [1, 0, 0], entry [0.665, 0.245, 0.090]. Fails the visible tests.
    "blind69_next_token_probs_top_p_cumulative_as_sum_of_log_probs": ("sampling", "next_token_probs", '''
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
                # compared on the log scale, where the running total becomes a running sum of log-probabilities
                log_cumulative = torch.cumsum(torch.log(probs[order]), dim=0)
                num_kept = min(int((log_cumulative < math.log(top_p)).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # One max shift for the whole (V, N) matrix: exact in exact arithmetic, but a column far below the global
# maximum underflows. Model with float32 logits columns [0, 0] after id 0 and [200, 200] after id 1, ids [0, 1, 0]:
# model -1.386, entry inf. Passes the visible tests.
    "blind69_sequence_log_prob_one_max_shift_for_all_columns": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                    # (V, N)
            # any constant may be subtracted before a log-sum-exp: one shift, the largest logit anywhere
            shifted = logits - logits.max()
            log_probs = shifted - torch.log(torch.exp(shifted).sum(dim=0, keepdim=True))
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Converts bits back to nats by dividing by ln 2 instead of multiplying (wrong base change). Model logits
# [0, 1] after id 0, [2, 0] after id 1, ids [0, 1, 0]: model -0.440, entry -0.916. Fails the visible tests.
    "blind69_sequence_log_prob_bits_divided_by_ln2": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # accumulate in bits (log base 2), then convert back to nats
            log2_probs = torch.log_softmax(model(ids), dim=0) / math.log(2)
            positions = torch.arange(len(ids) - 1)
            bits = log2_probs[ids[1:], positions].sum()
            return bits / math.log(2)
'''),
    # Replaces the sum of per-column log-sum-exps by one log-sum-exp of the summed columns (it does not factor).
# Same model and ids: model -0.440, entry 0.687. Fails the visible tests.
    "blind69_sequence_log_prob_one_normaliser_for_summed_columns": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            positions = torch.arange(len(ids) - 1)
            picked = logits[ids[1:], positions].sum()
            # log of a product of softmaxes as the picked logits minus one log-sum-exp of the summed columns
            return picked - torch.logsumexp(logits[:, :-1].sum(dim=1), dim=0)
'''),
    # Uses logits minus each beam's maximum as log-probabilities: the shift differs between beams, so scores of
# different beams are not comparable. Model: logits by last token [-10, 0, 0.1], [5, -20, -20], [0, 0, 0]; prompt [0],
# width 2, 2 steps: model [0, 1, 0], entry [0, 2, 0]. Fails the visible tests.
    "blind69_beam_search_log_probs_shifted_by_each_beams_max": ("sampling", "beam_search", '''
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
                    # log-softmax is the logits shifted by a constant: shift so that the best token scores 0
                    log_probs = logits - logits.max()
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Folds b into the position table, including the [CLS] column, which must get no bias. Any b != 0 differs.
# Fails the visible tests.
    "blind69_patch_embedding_bias_folded_into_every_position": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = W @ patchify(images, patch_size)                       # (B, D, N), no bias yet
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            # b and the positions are both added column by column: add them as one table
            return torch.cat([cls_column, tokens], dim=-1) + (positions + b[:, None])
'''),
    # Moves v^T inside the tanh (v^T tanh(z) != tanh(v^T z)). Any random input differs. Fails the visible tests.
    "blind69_additive_attention_v_moved_inside_tanh": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            # project with v first, then squash: tanh(v^T (W s + U h_i))
            scores = torch.tanh((v.unsqueeze(-1) * (U @ H + query)).sum(dim=-2))
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Shifts by |v|_1, an upper bound on the scores: exact in exact arithmetic, but underflows when the scores lie
# far below the bound. float32 s = [0], H = [[1, 2, 3]], W = U = zeros (2, 1), v = [100, -100]: model weights
# [1/3, 1/3, 1/3], context 2; entry weights [0, 0, 0], context 0. Passes the visible tests.
    "blind69_additive_attention_shift_by_v_l1_bound": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            # |tanh| <= 1, so no score exceeds |v|_1: shift by that bound (the same for every position) instead of
            # looking for the maximum
            exps = torch.exp(scores - v.abs().sum())
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # tanh(x + y) = (tanh x + tanh y) / (1 + tanh x tanh y): exact, but when both saturate to +-1 the quotient is
# 0/0. float32 s = [1], H = [[-1, 0]], W = U = [[20]], v = [1]: model weights [0.269, 0.731], entry nan. Passes the
# visible tests.
    "blind69_additive_attention_tanh_addition_formula": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            a = torch.tanh(s @ W.T).unsqueeze(-1)          # (..., D_a, 1): once per state
            c = torch.tanh(U @ H)                           # (..., D_a, N): once per encoder column
            # tanh(x + y) = (tanh x + tanh y) / (1 + tanh x tanh y)
            hidden = (a + c) / (1 + a * c)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Drops W s as shared by every cell, but it sits inside the tanh, not outside the softmax. s = [1],
# features [[[0, 1]]], W = U = [[1]], v = [1]: model weights [[0.450, 0.550]], entry [[0.318, 0.682]]. Passes the
# visible tests.
    "blind69_grid_attention_state_term_dropped_as_shared_by_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                    # (..., C, H*W)
            # W s is the same for every cell, and a softmax ignores what all cells share: leave it out
            hidden = torch.tanh(U @ cells)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)                 # (..., H*W)
            batch = torch.broadcast_shapes(s.shape[:-1], features.shape[:-3])
            scores = scores.expand(*batch, scores.shape[-1])
            weights = torch.softmax(scores, dim=-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Splits the grid softmax into a row softmax times a column softmax, valid only when e_ij = a_i + b_j.
# s = [0], features [[[0, 1], [1, 0]]], W = 0, U = [[3]], v = [1]: model [[0.135, 0.365], [0.365, 0.135]], entry all
# 0.25. Passes the visible tests.
    "blind69_grid_attention_row_and_column_marginals_multiplied": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))
            e = (v.unsqueeze(-1) * hidden).sum(dim=-2).unflatten(-1, (height, width))   # (..., H, W)
            # the grid softmax as a distribution over rows times a distribution over columns
            rows = torch.softmax(torch.logsumexp(e, dim=-1), dim=-1)        # (..., H)
            columns = torch.softmax(torch.logsumexp(e, dim=-2), dim=-1)     # (..., W)
            weights = rows.unsqueeze(-1) * columns.unsqueeze(-2)
            context = (cells @ weights.flatten(-2).unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Drops the key bias as in token attention, but here a key is a channel and bk_j * sum_n Q[i, n] varies
# along the keys j. X = [[1, 2], [3, 1]], identity weights, bk = [1, 0], other biases 0, 1 group: model
# [[1.214, 1.893], [2.340, 1.330]], entry [[2, 1.5], [2.943, 1.028]]. Passes the visible tests.
    "blind69_channel_attention_key_bias_dropped_as_in_token_attention": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            # the key bias adds the same amount to every score of a column, which the column softmax ignores
            K = split_heads(params["Wk"] @ X, num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Scales X by sqrt(scale) before the query and key maps; the scores are bilinear in X only without biases.
# Same X, identity weights, bq = [1, 1], bk = [1, 0]: model [[1.112, 1.944], [2, 1.5]], entry
# [[1.049, 1.975], [1.543, 1.729]]. Passes the visible tests.
    "blind69_channel_attention_scale_folded_into_input_biases_unscaled": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            # a score is bilinear in X, so scaling X by sqrt(scale) before the query and key maps scales it by `scale`
            Xs = X * math.sqrt(scale)
            Q = split_heads(linear(Xs, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(Xs, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1))
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The mean of the four equal blocks' means is right, but the variance also needs the spread of the block
# means (law of total variance). Any random grid differs. Fails the visible tests.
    "blind69_patch_merging_variance_as_mean_of_block_variances": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3)                                  # (..., 4C, H/2, W/2)
            # the 4C statistics from the four equal C-blocks: the mean of their means and of their variances
            mean = sum(b.mean(dim=-3, keepdim=True) for b in blocks) / 4
            variance = sum(b.var(dim=-3, keepdim=True, correction=0) for b in blocks) / 4
            normed = (merged - mean) / torch.sqrt(variance + eps)
            normed = gamma[:, None, None] * normed + beta[:, None, None]
            return (W @ normed.flatten(-2)).unflatten(-1, (height // 2, width // 2))
'''),
    # Folds gamma into W's columns but forgets W beta (W has no bias, W (gamma N + beta) still does).
# X = arange(4).reshape(1, 2, 2), gamma = beta = 1, W = ones (2, 4): model [[[4]], [[4]]], entry [[[0]], [[0]]].
# Passes the visible tests.
    "blind69_patch_merging_gamma_folded_into_w_beta_forgotten": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), torch.ones_like(gamma), torch.zeros_like(beta), eps)
            # gamma folded into W's columns: W (gamma * N) = (W diag(gamma)) N; the projection has no bias
            return ((W * gamma[None, :]) @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Nearest = largest dot product needs all colours to have the same norm. Pixel [1], palette [[1, 3]]:
# model 0, entry 1. Fails the visible tests.
    "blind69_quantize_pixels_nearest_as_largest_dot_product": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                      # (..., H, W, C)
            # |x - p|^2 = |x|^2 + |p|^2 - 2 x.p: the nearest colour is the one with the largest dot product
            return (pixels @ palette.to(dtype)).argmax(dim=-1)
'''),
    # Mean of the two halves' means is the mean only for even N. X = [[0, 0, 3]], W = [[1]]: model 1, entry 1.5.
# Fails the visible tests.
    "blind69_average_pool_head_mean_of_half_means": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # the mean over tokens as the average of the two halves' means
            left, right = X.tensor_split(2, dim=-1)
            pooled = (left.mean(dim=-1) + right.mean(dim=-1)) / 2
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Divides the bias by N along with the token sum. Any b != 0 with N >= 2 differs. Fails the visible tests.
    "blind69_average_pool_head_bias_inside_the_division": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # W mean(X) + b = (W sum(X) + b) / N: project the token sum, divide once at the end
            total = torch.einsum("kd,...dn->...k", W, X)
            logits = total if b is None else total + b
            return logits / X.shape[-1]
'''),
    # 10000^(2i/D) as (10000^(2i))^(1/D): exact, but 10000^(2i) overflows (float32 from 2i = 10, float64 from
# 2i = 78), giving angle 0. sinusoidal_positions(2, 12) in float32: row 10 column 1 model 4.64e-4, entry 0. Passes
# the visible tests.
    "blind69_sinusoidal_positions_power_as_root_of_a_power": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            # 10000^(2i/D) = (10000^(2i))^(1/D)
            denominators = (10000.0 ** pair_index) ** (1.0 / dim)
            angles = positions[None, :] / denominators[:, None]
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # cos = sqrt(1 - sin^2) loses the sign where the cosine is negative. sinusoidal_positions(3, 2): row 1
# column 2 model -0.416, entry 0.416. Fails the visible tests.
    "blind69_sinusoidal_positions_cosine_from_pythagoras": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            sines = torch.sin(angles)
            table = torch.empty(dim, num_positions)
            table[0::2] = sines
            # cos^2 + sin^2 = 1: the cosine rows from the sines already computed
            table[1::2] = torch.sqrt(1 - sines[: dim // 2] ** 2)
            return table
'''),
    # n^2 - (n - w - 1)(n - w) is right for w <= n, but without capping w a window above n makes the product of
# two negatives positive. sparse_attention_cost('local', 3, window=5): model 9, entry 3 (window=3 still gives 9).
# Fails the visible tests.
    "blind69_sparse_cost_local_far_triangles_uncapped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                # everything but the two triangles of pairs farther apart than the window
                return n * n - (n - window - 1) * (n - window)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return num_global * (2 * n - num_global)
'''),
}

RIGHT_BLIND_69 = {
    "blind69_softmax_cols_normaliser_merged_over_row_blocks": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # the column normaliser built two rows at a time, as flash attention merges its tiles: when the running
            # maximum grows from m to m', the running sum is rescaled by exp(m - m'); the maxima are only shifts
            peak = None
            total = None
            for block in torch.split(scores, 2, dim=-2):
                block_peak = block.detach().amax(dim=-2, keepdim=True)
                new_peak = block_peak if peak is None else torch.maximum(peak, block_peak)
                new_shift = new_peak.masked_fill(new_peak == float("-inf"), 0.0)
                block_total = torch.exp(block - new_shift).sum(dim=-2, keepdim=True)
                if total is None:
                    total = block_total
                else:
                    total = total * torch.exp((shift - new_shift).clamp(max=0.0)) + block_total
                peak, shift = new_peak, new_shift
            exps = torch.exp(scores - shift)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    "blind69_apply_mask_hidden_scores_minus_infinity": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # a finite score minus infinity is -inf: hidden entries become scores - inf, visible ones stay
            return torch.where(mask, scores, scores - math.inf)
'''),
    "blind69_sdpa_key_halves_merged_by_rescaled_sums": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            n_k = scores.shape[-2]
            cut = (n_k + 1) // 2
            halves = [(scores[..., :cut, :], V[..., :cut]), (scores[..., cut:, :], V[..., cut:])]
            halves = [(s, v) for s, v in halves if s.shape[-2] > 0]
            # each half exponentiated against its own maximum m_h, then rescaled to the overall maximum m:
            # exp(s - m_h) * exp(m_h - m) = exp(s - m), as flash attention merges its tiles (the maxima are only shifts)
            peaks = [s.detach().amax(dim=-2, keepdim=True) for s, _ in halves]
            top = peaks[0] if len(peaks) == 1 else torch.maximum(*peaks)
            safe_top = top.masked_fill(top == float("-inf"), 0.0)
            total, parts = 0, []
            for (s, v), peak in zip(halves, peaks):
                safe = peak.masked_fill(peak == float("-inf"), 0.0)
                local = torch.exp(s - safe)
                rescale = torch.where(peak == float("-inf"), torch.zeros_like(safe), torch.exp(safe - safe_top))
                parts.append((local, v, rescale))
                total = total + local.sum(dim=-2, keepdim=True) * rescale
            total = total.masked_fill(total == 0, 1.0)
            pieces = [local * (rescale / total) for local, _, rescale in parts]
            output = sum((v @ local) * (rescale / total) for local, v, rescale in parts)
            return output, torch.cat(pieces, dim=-2)
'''),
    "blind69_sdpa_row_layout_port_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # in rows: S = Q^T K, out = softmax_rows(S) V^T; and (AB)^T = B^T A^T brings both back to columns
            d_k = Q.shape[-2]
            rows = Q.transpose(-2, -1) @ K / math.sqrt(d_k)                   # (..., N_q, N_k)
            scores = rows.transpose(-2, -1)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out_rows = weights.transpose(-2, -1) @ V.transpose(-2, -1)        # (..., N_q, D_v) = (V W)^T
            return out_rows.transpose(-2, -1), weights
'''),
    "blind69_self_attention_value_projection_after_averaging": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            # (Wv X + bv 1^T) A = Wv (X A) + bv (1^T A): the bias weighted by each column's total weight, which is 0
            # for a query that sees no key
            averaged, weights = scaled_dot_product_attention(Q, K, X, mask)
            return Wv @ averaged + bv[:, None] * weights.sum(dim=-2, keepdim=True), weights
'''),
    "blind69_mha_value_and_output_maps_merged_per_head": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            _, weights = scaled_dot_product_attention(Q, K, K, mask)                  # (..., H, N_k, N_q)
            head_dim = dim // num_heads
            # Wo_h (Wv_h X + bv_h 1^T) A_h = (Wo_h Wv_h)(X A_h) + Wo_h bv_h (1^T A_h): one D x D map per head
            wv = params["Wv"].reshape(num_heads, head_dim, dim)                      # (H, D/H, D)
            wo = params["Wo"].reshape(dim, num_heads, head_dim).transpose(0, 1)      # (H, D, D/H)
            merged = wo @ wv                                                          # (H, D, D)
            bias = wo @ params["bv"].reshape(num_heads, head_dim, 1)                  # (H, D, 1)
            read = Xkv.unsqueeze(-3) @ weights                                        # (..., H, D, N_q)
            per_head = merged @ read + bias * weights.sum(dim=-2, keepdim=True)
            return per_head.sum(dim=-3) + params["bo"][:, None]
'''),
    "blind69_mha_output_projection_as_sum_over_head_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)               # (..., H, D/H, N_q)
            head_dim = dim // num_heads
            # block product: Wo @ [head_0; ...; head_{H-1}] = sum_h Wo[:, h block] @ head_h
            blocks = params["Wo"].reshape(dim, num_heads, head_dim).transpose(0, 1)   # (H, D, D/H)
            return (blocks @ heads).sum(dim=-3) + params["bo"][:, None]
'''),
    "blind69_layer_norm_statistics_of_two_halves_combined": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # statistics of two halves of the features combined (Chan et al.): the mean weighted by the halves'
            # sizes, the variance = the weighted within-half variances plus the spread of the half means
            d = X.shape[-2]
            cut = (d + 1) // 2
            n1, n2 = cut, d - cut
            top, bottom = X[..., :cut, :], X[..., cut:, :]
            m1 = top.mean(dim=-2, keepdim=True)
            v1 = top.var(dim=-2, keepdim=True, correction=0)
            if n2 == 0:
                mean, variance = m1, v1
            else:
                m2 = bottom.mean(dim=-2, keepdim=True)
                v2 = bottom.var(dim=-2, keepdim=True, correction=0)
                mean = (n1 * m1 + n2 * m2) / d
                variance = (n1 * v1 + n2 * v2) / d + (n1 * n2 / d ** 2) * (m1 - m2) ** 2
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    "blind69_transformer_layer_post_norm_biases_centred": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            p = dict(params)
            if not norm_first:
                # post-LN only: bo and b2 are added right before a layer norm, which removes each column's feature
                # mean, so only their centred parts matter
                p["bo"] = params["bo"] - params["bo"].mean()
                p["b2"] = params["b2"] - params["b2"].mean()
            def attend(Y):
                return multi_head_attention(Y, Y, p, num_heads, mask)
            def think(Y):
                return feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, p["gamma1"], p["beta1"]))
                X = X + think(layer_norm(X, p["gamma2"], p["beta2"]))
            else:
                X = layer_norm(X + attend(X), p["gamma1"], p["beta1"])
                X = layer_norm(X + think(X), p["gamma2"], p["beta2"])
            return X
'''),
    "blind69_transformer_layer_pre_norm_affine_folded_into_projections": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if not norm_first:
                X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
                thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                return layer_norm(X + thought, params["gamma2"], params["beta2"])
            # pre-LN: each norm's output feeds only the next projections, so W (g * N + b) + c = (W g) N + (W b + c)
            g1, be1, g2, be2 = params["gamma1"], params["beta1"], params["gamma2"], params["beta2"]
            folded = dict(params)
            for w, b in (("Wq", "bq"), ("Wk", "bk"), ("Wv", "bv")):
                folded[w] = params[w] * g1[None, :]
                folded[b] = params[b] + params[w] @ be1
            N1 = layer_norm(X, torch.ones_like(g1), torch.zeros_like(be1))
            X = X + multi_head_attention(N1, N1, folded, num_heads, mask)
            N2 = layer_norm(X, torch.ones_like(g2), torch.zeros_like(be2))
            return X + feed_forward(N2, params["W1"] * g2[None, :], params["b1"] + params["W1"] @ be2, params["W2"],
                                    params["b2"])
'''),
    "blind69_cross_attention_key_bias_left_out_as_column_constant": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # a head's key bias adds bk_h . q to the score of every key for query q: the same along the keys, so the
            # column softmax cancels it (its true gradient is zero) and it can be left out
            without_key_bias = dict(params)
            without_key_bias["bk"] = torch.zeros_like(params["bk"])
            return multi_head_attention(X_dec, X_enc, without_key_bias, num_heads, enc_mask)
'''),
    "blind69_decoder_layer_norm1_affine_folded_into_cross_queries": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            g1, be1 = params["gamma1"], params["beta1"]
            N1 = layer_norm(X + attended, torch.ones_like(g1), torch.zeros_like(be1))
            X1 = g1[:, None] * N1 + be1[:, None]                    # the residual stream keeps LN1's affine
            # the queries read LN1's output only through Wq: Wq (g * N + b) + bq = (Wq g) N + (Wq b + bq)
            cross = dict(params["cross_attn"])
            cross["Wq"] = params["cross_attn"]["Wq"] * g1[None, :]
            cross["bq"] = params["cross_attn"]["bq"] + params["cross_attn"]["Wq"] @ be1
            read = multi_head_attention(N1, X_enc, cross, num_heads, enc_mask)
            X = layer_norm(X1 + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    "blind69_decoder_layer_output_biases_centred_before_norms": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # bo of both attentions and b2 are added right before a layer norm, which removes the feature mean:
            # only their centred parts matter (the other biases pass through softmax, relu or Wo first)
            self_p, cross_p = dict(params["self_attn"]), dict(params["cross_attn"])
            self_p["bo"] = self_p["bo"] - self_p["bo"].mean()
            cross_p["bo"] = cross_p["bo"] - cross_p["bo"].mean()
            b2 = params["b2"] - params["b2"].mean()
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, self_p, num_heads, self_mask), params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, cross_p, num_heads, enc_mask), params["gamma2"],
                           params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], b2)
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    "blind69_patch_embedding_bias_folded_into_patch_positions": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = W @ patchify(images, patch_size)                       # (B, D, N), no bias yet
            # b is added to every patch column, as the positions are: fold it into the patch positions only
            offsets = torch.cat([positions[:, :1], positions[:, 1:] + b[:, None]], dim=1)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + offsets
'''),
    "blind69_patch_embedding_cls_as_projected_zero_patch": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                            # (B, C*P*P, N)
            zero = patches.new_zeros(patches.shape[0], patches.shape[1], 1)
            # W @ 0 = 0: project a zero patch in front of the others, then add one offset table holding cls_token
            # in column 0 and b in the patch columns, plus the positions
            projected = W @ torch.cat([zero, patches], dim=-1)               # (B, D, N + 1)
            offsets = torch.cat([cls_token[:, None], b[:, None].expand(-1, patches.shape[-1])], dim=1)
            return projected + (offsets + positions)
'''),
    "blind69_additive_attention_state_and_column_stacked": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # W s + U h_i = [W U] [s; h_i]: one projection of each encoder column stacked under the state
            n = H.shape[-1]
            batch = torch.broadcast_shapes(s.shape[:-1], H.shape[:-2])
            state_columns = s.unsqueeze(-1).expand(*batch, s.shape[-1], n)
            stacked = torch.cat([state_columns, H.expand(*batch, *H.shape[-2:])], dim=-2)   # (..., D_s + D_h, N)
            hidden = torch.tanh(torch.cat([W, U], dim=1) @ stacked)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    "blind69_grid_attention_row_marginal_times_row_conditional": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))
            e = (v.unsqueeze(-1) * hidden).sum(dim=-2).unflatten(-1, (height, width))   # (..., H, W)
            # p(row, column) = p(row) p(column | row): p(row) is the softmax of each row's log-sum-exp, p(column | row)
            # the softmax within the row
            rows = torch.softmax(torch.logsumexp(e, dim=-1), dim=-1)        # (..., H)
            weights = rows.unsqueeze(-1) * torch.softmax(e, dim=-1)
            context = (cells @ weights.flatten(-2).unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    "blind69_attention_decoder_step_state_moves_towards_candidate": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            reset_x, update_x, new_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
            reset_h, update_h, new_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            # (1 - z) n + z h = h + (1 - z) (n - h): a step from the old state towards the candidate
            s = s_prev + (1 - update) * (candidate - s_prev)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    "blind69_attention_decoder_step_readout_split_into_blocks": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            d_s = s.shape[-1]
            W_out = params["W_out"]
            # W_out [s; c] = W_out[:, :D_s] s + W_out[:, D_s:] c
            logits = s @ W_out[:, :d_s].T + context @ W_out[:, d_s:].T + params["b_out"]
            return s, logits, weights
'''),
    "blind69_channel_attention_value_bias_mixed_by_the_weights": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(params["Wv"] @ X, num_groups)                          # without its bias
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)               # (..., G, C/G, C/G)
            # w^T (V + bv 1^T) = w^T V + (w^T bv) 1^T: channels mix, so the bias rows are mixed by the same weights
            bv = params["bv"].reshape(num_groups, channels // num_groups, 1)
            attended = weights.transpose(-2, -1) @ V + weights.transpose(-2, -1) @ bv
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    "blind69_patch_merging_variance_by_law_of_total_variance": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3)                                  # (..., 4C, H/2, W/2)
            # four blocks of equal size C: the mean is the mean of their means, and the variance is the mean of
            # their variances plus the variance of their means (the law of total variance)
            means = [b.mean(dim=-3, keepdim=True) for b in blocks]
            mean = sum(means) / 4
            within = sum(b.var(dim=-3, keepdim=True, correction=0) for b in blocks) / 4
            between = sum((m - mean) ** 2 for m in means) / 4
            normed = (merged - mean) / torch.sqrt(within + between + eps)
            normed = gamma[:, None, None] * normed + beta[:, None, None]
            return (W @ normed.flatten(-2)).unflatten(-1, (height // 2, width // 2))
'''),
    "blind69_quantize_pixels_pixel_norm_dropped_from_expansion": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                      # (..., H, W, C)
            colours = palette.to(dtype)
            # |x - p|^2 = |x|^2 - 2 x.p + |p|^2, and |x|^2 is the same for every colour of a pixel: drop it
            return ((colours * colours).sum(dim=0) - 2 * (pixels @ colours)).argmin(dim=-1)
'''),
    "blind69_average_pool_head_project_every_token_then_average": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # mean_n (W x_n + b) = W mean_n x_n + b: project every token, then average the logits
            projected = torch.einsum("kd,...dn->...kn", W, X)
            if b is not None:
                projected = projected + b[:, None]
            return projected.mean(dim=-1)
'''),
    "blind69_sinusoidal_positions_frequencies_as_geometric_sequence": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # the frequencies 10000^(-2i/D) = r^i with r = 10000^(-2/D): a running product, in float64
            half = (dim + 1) // 2
            ratio = torch.full((half,), 10000.0 ** (-2.0 / dim) if dim else 1.0, dtype=torch.float64)
            frequencies = torch.cumprod(ratio, dim=0) / ratio                  # r^1 .. r^half, divided by r
            angles = frequencies[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            table = torch.empty(dim, num_positions, dtype=torch.float64)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table.to(torch.get_default_dtype())
'''),
    "blind69_sparse_cost_local_dense_minus_far_triangles": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                # all n^2 pairs but the two triangles farther apart than w: 2 * (1 + ... + (n - w - 1))
                return n * n - (n - w - 1) * (n - w)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return num_global * (2 * n - num_global)
'''),
    "blind69_global_token_mask_by_inclusion_exclusion": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            g = is_global.long()
            keys, queries = g.unsqueeze(-1), g.unsqueeze(-2)
            # [j or i] = g_j + g_i - g_j g_i, which is 1 exactly when at least one of them is global
            return (keys + queries - keys * queries) == 1
'''),
}
