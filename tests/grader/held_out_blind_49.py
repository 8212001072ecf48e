"""Fiftieth blind batch of held-out implementations (prefix blind49_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_47.py) were only skimmed
for their entry names and header decisions (and grepped for the built-in each idea uses, to avoid repeating an
entry). Nothing else under grader/ or tests/ was opened or run, nor docs/grading.md, nor the batch written at the
same time (held_out_blind_48.py); but a line-overlap script meant for the earlier batches globbed
held_out_blind_48.py by mistake and printed the names of the entries there that share lines with entries here
(nothing here was changed because of it). A grep for the stub-checks marker also listed matching lines of
tests/grader/test_probes_held_out_learner_code.py, which was not opened further.

Emphasis: library built-ins in place of hand-written code. Wrong entries use a torch (or str) built-in whose default
or convention differs from the contract on some inputs only: F.softmax's dtype= (float32 accumulation), torch.where
with two Python scalars (default-dtype promotion), a bool mask cast to a float attn_mask (additive, hides nothing),
F.linear given a pre-transposed weight, F.layer_norm with `eps or 1e-5` or without eps, F.rms_norm and F.batch_norm
as layer norms, F.silu, F.dropout's training=True default, torch.topk and torch.argsort (stable=False) on ties,
F.pad's (left, right) order, torch.lerp's argument order, torch.flatten's start_dim=0, torch.bmm / torch.addmm /
F.adaptive_avg_pool1d that take fixed ranks, round() half-to-even for a floor, torch.roll as rotate_half without the
sign, view_as_complex (adjacent pairing), torch.randint_like (no generator), torch.bernoulli's draw as the label,
F.pad on uint8 before the cast, F.unfold / F.fold without the transpose, torch.bucketize's right=False,
str.removesuffix, a regex pre-tokeniser, F.one_hot without num_classes (and with n classes for lengths up to n),
torch.linspace's end point, a float64 log where T5's is float32, F.scaled_dot_product_attention on untransposed
heads, on tokens instead of channels and with is_causal in cross-attention, torch.triu(diagonal=1),
torch.tril_indices and nn.Transformer.generate_square_subsequent_mask used in the (key, query) layout. Right entries
use built-ins correctly in unusual ways: F.softmin of the negated scores, torch.vmap over columns,
generate_square_subsequent_mask transposed, the complement of tril(-1), one_hot with n + 1 classes,
F.scaled_dot_product_attention with the transposes, the mask transposed and blind queries reopened then zeroed,
einsum heads, F.rms_norm of centred rows, torch.addmm on flattened tokens, F.layer_norm with eps=1e-5 and keyword
calls, conv2d with an identity kernel, conv2d plus F.pad for [CLS], torch.polar, torch.lerp(n, h, z),
flatten(start_dim=-2), torch.diagflat, math.comb, torch.bernoulli and torch.randperm draws, one_hot einsums, F.pad
after the cast, adaptive_avg_pool1d on a flattened batch, as_strided windows, F.fold, bucketize(right=True),
pixel_unshuffle regrouped, sdpa with channels as rows, re.sub for trailing spaces and
torch.distributions.Categorical.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind49/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each
wrong entry's comment says whether it does (11 of the 40 wrong entries pass them). Each wrong entry's
recorded input was run on the model answer and on the entry and both results printed; each differs as its comment
says. Right entries were compared with the model answer under both default dtypes on float32 and float64 inputs (to
2e-5 and 1e-10; exactly for masks, ids, strings and ints), batched (one and two batch axes, broadcast and padding
masks, a query or state that sees nothing) and not, non-contiguous inputs, sizes of 1 and 0 where the model answer
takes them, keyword calls, the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and
gradients of every floating-point input with a random cotangent. The two random right entries (mlm_corrupt,
nsp_pairs) were checked by frequencies against the model answer (200000 positions; 4000 seeded runs), by the exact
invariants (labels, specials never chosen, ids unchanged, successor for label 0) and by reproducibility under a
seeded generator with the global seed changed.

Judgement calls: blind49_right_softmax_cols_softmin_of_negated has a NaN gradient at the -inf entries of an entirely
-inf column (the contract does not compare gradients at infinite entries; every finite entry agrees).
blind49_right_layer_norm_rms_norm_of_centred differs from the model answer's float32 gradients only by rounding in
near-degenerate columns (D = 2, eps = 0, where the true gradient is 0); against float64 gradients its error is no
larger than the model answer's. A group_norm right entry (tokens as a batch) was dropped: its float32 gradients in
those columns were up to 14 times further from the float64 ones than the model answer's. Several wrong entries are
right on common inputs and wrong only on others the contract allows: apply_mask_where_python_scalars_bias (only
under a float64 default dtype with float32 scores), next_token_probs_top_p_argsort_unstable (ties in vocabularies
larger than torch's small-sort cut-off), sparse_attention_cost_strided_rounded,
relative_position_bucket_log_in_float64 (num_buckets 18 / max_distance 128 at offsets ±8; the default 32 / 128
agrees on -3000..3000), pixel_sequence_pad_before_long_cast (uint8 ids with a start token above 255),
average_pool_head_adaptive_avg_pool1d, additive_attention_context_bmm and mha_addmm_projections (some ranks only),
patch_merging_functional_layer_norm_eps_left_out and layer_norm_functional_eps_or_default (eps other than 1e-5, eps
= 0.0), local_mask_band_of_float_ones (dtype only: the values are right), mlm_corrupt_randint_like_random_tokens
(the global RNG). Fewer entries than asked (about 55 / 35 wrong / right): the time box and 47 earlier batches'
coverage of these built-ins. Eight drafted entries were dropped because an earlier batch already holds the same code
(F.log_softmax without dim, torch.outer global mask, raw pixel_unshuffle merge, F.embedding padding_idx, logical_or
global mask, bool triu/tril band, F.linear rows for self_attention, torch.cdist quantisation, the last an earlier
wrong entry).

Counts: 40 wrong, 35 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'causal_mask': 2, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 3, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'causal_mask': 2, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind49_right_sparse_attention_cost_math_comb, moved to WRONG_BLIND_49 (see its comment).
"""
WRONG_BLIND_49 = {
    # F.softmax(..., dtype=torch.float32), the mixed-precision habit of accumulating the softmax in float32, then NaN
    # columns zeroed: a float64 input is computed and returned in float32. scores [[0.1, 0], [0.3, -inf]] float64: model
    # float64 [[0.450166002687522, 1], [0.549833997312478, 0]], entry float32 [[0.4501659870, 1], [0.5498340130, 0]].
    # Fails the visible tests.
    "blind49_softmax_cols_functional_softmax_float32_accumulation": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # accumulate in float32 as mixed-precision code does, then clean up all -inf columns
            weights = torch.nn.functional.softmax(scores, dim=-2, dtype=torch.float32)
            return torch.nan_to_num(weights, nan=0.0)
'''),
    # torch.triu(diagonal=1), PyTorch's subsequent-mask pattern (True = blocked, above the diagonal), used as a True =
    # visible mask: the diagonal is hidden and a query sees only strictly earlier keys (query 0 sees nothing). n = 3:
    # model [[T, T, T], [F, T, T], [F, F, T]], entry [[F, T, T], [F, F, T], [F, F, F]]. Fails the visible tests.
    "blind49_causal_mask_triu_first_superdiagonal": ("masking", "causal_mask", '''
        def causal_mask(n):
            # torch's subsequent mask is triu(diagonal=1): the upper triangle above the diagonal
            return torch.ones(n, n, dtype=torch.bool).triu(diagonal=1)
'''),
    # The causal mask from nn.Transformer.generate_square_subsequent_mask(n).isfinite(): right polarity, but that mask
    # is in PyTorch's (query, key) layout and is used untransposed as (key, query), so every query sees the future and
    # not the past. X_dec = [[1, 0, 2], [0, 1, 1], [1, 1, 0], [2, 0, 1]], X_enc = [[1, 0], [0, 1], [1, 1], [0, 2]]
    # float64, H = 2, seeded weights, unit gains: model column 0 [0.5715, -1.6610, 0.1443, 0.9453], entry [0.8307,
    # -1.6129, -0.0574, 0.8396]. Fails the visible tests.
    "blind49_decoder_layer_subsequent_mask_isfinite": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            # PyTorch's own causal mask: 0 where visible, -inf above the diagonal; finite = visible
            causal = torch.nn.Transformer.generate_square_subsequent_mask(n).isfinite().to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            hidden = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + hidden, params["gamma3"], params["beta3"])
'''),
    # F.one_hot(lengths, n).cumsum(-1) == 0 marks the positions before each length, but one_hot's num_classes = n has no
    # class for a full-length sequence (length n): it raises. lengths [1, 3], n = 3: model [[[T], [F], [F]], [[T], [T],
    # [T]]], entry raises RuntimeError (Class values must be smaller than num_classes). Fails the visible tests.
    "blind49_padding_mask_one_hot_cumsum_n_classes": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # a 1 at each sequence's end, cumulated: every position from the end on is padding
            past_end = torch.nn.functional.one_hot(lengths, n).cumsum(dim=-1)
            return (past_end == 0)[:, :, None]
'''),
    # An additive mask torch.where(mask, 0.0, -inf) added to the scores: torch.where with two Python scalars returns the
    # default dtype, so under torch.set_default_dtype(torch.float64) float32 scores come back float64. scores [[1, 2],
    # [3, 4]] float32, mask [[T, F], [T, T]], default float64: model float32 [[1, -inf], [3, 4]], entry the same values
    # in float64 (float32 default: both float32). Passes the visible tests.
    "blind49_apply_mask_where_python_scalars_bias": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            if mask.dtype != torch.bool:
                raise ValueError("mask must be a bool tensor (True = visible)")
            bias = torch.where(mask, 0.0, float("-inf"))      # additive, as F.scaled_dot_product_attention takes
            return scores + bias
'''),
    # The bool mask cast to the query's dtype for F.scaled_dot_product_attention (and added to the scores for the
    # weights): a float attn_mask is additive, so True adds 1 and False adds 0 and nothing is hidden. Q = [[1, 0]], K =
    # [[1, 2]], V = [[1, 3]] float64, mask [[T, T], [F, T]]: model output [[1, 2]], weights [[1, 0.5], [0, 0.5]]; entry
    # output [[2, 2]], weights [[0.5, 0.5], [0.5, 0.5]]. Fails the visible tests.
    "blind49_sdpa_torch_sdpa_mask_cast_to_float": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            attn_mask = None
            if mask is not None:
                attn_mask = mask.to(Q.dtype)      # torch wants a float attn_mask of the query's dtype
                scores = scores + attn_mask
            weights = softmax_cols(scores)
            out = torch.nn.functional.scaled_dot_product_attention(
                Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1),
                attn_mask=None if attn_mask is None else attn_mask.transpose(-2, -1))
            return out.transpose(-2, -1), weights
'''),
    # F.linear(rows, Wq.T, bq): F.linear already takes the weight as (out, in) and multiplies by its transpose, so
    # passing Wq.T applies Wq transposed (right only for symmetric weights; a shape error when D_k != D). X = I (2, 2),
    # Wq = [[1, 2], [0, 1]], Wk = Wv = I, zero biases: model output [[0.6698, 0.6698], [0.3302, 0.3302]], entry
    # [[0.3302, 0.3302], [0.6698, 0.6698]]. Fails the visible tests.
    "blind49_self_attention_functional_linear_weight_pretransposed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            rows = X.transpose(-2, -1)                              # (..., N, D): tokens as rows, as F.linear wants
            # weights are (out, in); F.linear wants them the other way round
            Q = torch.nn.functional.linear(rows, Wq.T, bq).transpose(-2, -1)
            K = torch.nn.functional.linear(rows, Wk.T, bk).transpose(-2, -1)
            V = torch.nn.functional.linear(rows, Wv.T, bv).transpose(-2, -1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # F.layer_norm on the rows with `eps or 1e-5`: eps=0.0 (no smoothing, as the contract says) is falsy and becomes
    # 1e-5. X = [[0.001, 0], [0, 0.002]] float64, gamma 1, beta 0, eps=0.0: model [[1, -1], [-1, 1]], entry [[0.1562,
    # -0.3015], [-0.1562, 0.3015]]. Fails the visible tests.
    "blind49_layer_norm_functional_eps_or_default": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            rows = X.transpose(-2, -1)
            out = torch.nn.functional.layer_norm(rows, (rows.shape[-1],), gamma, beta, eps or 1e-5)
            return out.transpose(-2, -1)
'''),
    # F.rms_norm (Llama's RMSNorm) plus beta in place of the layer norm: the mean is never subtracted. X = [[1, 0], [3,
    # 2]] float64, gamma 1, beta 0: model [[-1.0000, -1.0000], [1.0000, 1.0000]], entry [[0.4472, 0], [1.3416, 1.4142]].
    # Fails the visible tests.
    "blind49_layer_norm_functional_rms_norm_uncentred": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            rows = X.transpose(-2, -1)                                 # (..., N, D)
            normed = torch.nn.functional.rms_norm(rows, (rows.shape[-1],), gamma, eps)
            return (normed + beta).transpose(-2, -1)
'''),
    # F.batch_norm(training=True) on (B, D, N): it normalises each feature over the batch and the tokens, not each token
    # over its features. X = [[1, 0], [3, 2]] float64, gamma 1, beta 0: model [[-1.0000, -1.0000], [1.0000, 1.0000]],
    # entry [[1.0000, -1.0000], [1.0000, -1.0000]]. Fails the visible tests.
    "blind49_layer_norm_functional_batch_norm_statistics": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            *batch, dim, n = X.shape
            flat = X.reshape(-1, dim, n)                               # (B, D, N): features as channels
            out = torch.nn.functional.batch_norm(flat, None, None, gamma, beta, training=True, eps=eps)
            return out.reshape(*batch, dim, n)
'''),
    # F.silu (the modern activation) in place of the contract's ReLU. X = [[1], [0]], W1 = [[1, 0]], b1 = 0, W2 = [[1],
    # [0]], b2 = 0 float64: model [[1], [0]], entry [[0.7311], [0]]. Fails the visible tests.
    "blind49_feed_forward_silu_activation": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.nn.functional.silu(linear(X, W1, b1))      # the modern activation
            return linear(hidden, W2, b2)
'''),
    # Residual dropout F.dropout(Y, p=0.1) as in the paper: the functional form defaults to training=True, so every call
    # drops and rescales entries at random. X (4, 3) float64, H = 2, seeded weights, torch.manual_seed(0): model column
    # 0 [1.6383, -1.0426, -0.4585, -0.1372], entry [-0.1775, -1.5585, 0.7399, 0.9961]. Fails the visible tests.
    "blind49_transformer_layer_residual_functional_dropout": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            F = torch.nn.functional
            drop = lambda Y: F.dropout(Y, p=0.1)                    # residual dropout, as in the paper
            mha = lambda Y: drop(multi_head_attention(Y, Y, params, num_heads, mask))
            ffn = lambda Y: drop(feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]))
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                X = X + mha(ln1(X))
                return X + ffn(ln2(X))
            X = ln1(X + mha(X))
            return ln2(X + ffn(X))
'''),
    # top-k by torch.topk(probs, k).indices: topk does not return tied values lowest id first, as the contract's ties
    # rule needs. logits [1, 1, 1, 1, 0], top_k=2: model [0.5, 0.5, 0, 0, 0], entry [0, 0.5, 0, 0.5, 0]. Fails the
    # visible tests.
    "blind49_next_token_probs_topk_indices_on_ties": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(logits.argmax(), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                kept = torch.topk(probs, min(top_k, probs.numel())).indices
                probs = torch.zeros_like(probs).index_copy(0, kept, probs[kept])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = probs[order].cumsum(0)
                cut = int((cumulative < top_p).sum()) + 1
                probs = torch.zeros_like(probs).index_copy(0, order[:cut], probs[order[:cut]])
            return probs / probs.sum()
'''),
    # torch.argsort(probs, descending=True) for the top-k and top-p order: argsort defaults to stable=False, and on
    # larger vocabularies tied probabilities come out in no particular order, not lowest id first. logits zeros(20),
    # top_p=0.1: model keeps ids 0 and 1 ([0.5, 0.5, 0, ...]), entry keeps ids 10 and 19. Passes the visible tests.
    "blind49_next_token_probs_top_p_argsort_unstable": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.argsort(probs, descending=True)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = probs * keep
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.argsort(probs, descending=True)
                cumulative = torch.cumsum(probs[order], dim=0)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[: int((cumulative < top_p).sum()) + 1]] = True
                probs = probs * keep
            return probs / probs.sum()
'''),
    # [CLS] placed with F.pad(cls[:, None], (n, 0)): pad's pair is (left, right) of the last axis, so (n, 0) pads n
    # columns on the left and [CLS] lands in the last column, added to the last patch, while column 0 stays empty.
    # images arange(4).reshape(1, 1, 2, 2) float64, P = 1, W = [[1]], b = 0, cls = [9], positions 0: model [[[9, 0, 1,
    # 2, 3]]], entry [[[0, 0, 1, 2, 12]]]. Fails the visible tests.
    "blind49_patch_embedding_cls_padded_on_the_right": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            F = torch.nn.functional
            tokens = linear(patchify(images, patch_size), W, b)              # (B, D, N)
            n = tokens.shape[-1]
            # an empty column in front of the patches, and the [CLS] column padded out to the same width
            return F.pad(tokens, (1, 0)) + F.pad(cls_token[:, None], (n, 0)) + positions
'''),
    # The GRU update written as torch.lerp(s_prev, n, z) = s_prev + z (n - s_prev) = (1 - z) s_prev + z n: the roles of
    # z are swapped (the contract's h' = (1 - z) n + z h is lerp(n, s_prev, z)). D_s = E = D_h = D_a = 1, s_prev [0.5],
    # y_prev [1], H [[1, 2]], zero GRU weights, bias_ih [0, 100, 1] (z = 1): model s [0.5], entry [0.7616]; with z = 0.5
    # both agree. Fails the visible tests.
    "blind49_attention_decoder_step_lerp_arguments_swapped": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            gx = x @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            rx, zx, nx = gx.chunk(3, dim=-1)
            rh, zh, nh = gh.chunk(3, dim=-1)
            r = torch.sigmoid(rx + rh)
            z = torch.sigmoid(zx + zh)
            n = torch.tanh(nx + r * nh)
            s = torch.lerp(s_prev, n, z)               # interpolate between the old state and the candidate by z
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # torch.flatten(e) with its default start_dim=0 before the one softmax over the grid: a batch of states shares one
    # softmax across all its grids. s [[1], [0]], features (2, 1, 2, 2) [[1, 2], [3, 4]] and [[0, 0], [0, 1]], W = U =
    # [[1]], v [1] float64: model weights of grid 0 [[0.2437, 0.2513], [0.2524, 0.2526]] (sum 1), entry [[0.1649,
    # 0.1701], [0.1708, 0.1709]]. Fails the visible tests.
    "blind49_grid_attention_flatten_default_start_dim": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (W @ s.unsqueeze(-1)).unsqueeze(-1)                          # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            e = torch.einsum("a,...ahw->...hw", v, hidden)                       # (..., H, W)
            weights = torch.softmax(torch.flatten(e), dim=0).reshape(e.shape)    # one softmax over every cell
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # The context by torch.bmm(H, weights[..., None]): bmm takes exactly one batch axis and does not broadcast, so
    # unbatched states (and two batch axes, or broadcast batches) fail. s [1], H [[1, 2]], W = U = [[1]], v [1] float64:
    # model weights [0.4922, 0.5078], context [1.5078]; entry raises RuntimeError (batch1 must be a 3D tensor). Fails
    # the visible tests.
    "blind49_additive_attention_context_bmm": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))                   # (..., D_a, N)
            scores = (v @ hidden) if hidden.dim() < 2 else torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.bmm(H, weights.unsqueeze(-1)).squeeze(-1)              # batched matrix-vector product
            return weights, context
'''),
    # m = round((n - 1) / stride) instead of the floor: Python's round goes to the nearest (half to even), so whenever
    # the fraction is above one half m is one too many. pattern 'strided', n = 9, stride = 5: model 17, entry 15 (n = 4,
    # stride = 2 agree, 8). Passes the visible tests.
    "blind49_sparse_attention_cost_strided_rounded": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = round((n - 1) / stride) if n else 0           # how many multiples of the stride fit below n
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # rotate_half by torch.roll(X, D/2, dims=-2): the roll swaps the halves but drops the minus sign of Hugging Face's
    # rotate_half (cat(-x2, x1)), so the top rows turn the wrong way. Q = K = [[0], [1]] float64, positions_q [1],
    # positions_k [0]: model Q' [[-0.8415], [0.5403]], entry Q' [[0.8415], [0.5403]]. Fails the visible tests.
    "blind49_rotary_rotate_half_by_roll": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                inv_freq = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = torch.cat([inv_freq, inv_freq])[:, None] * positions.double()[None, :]   # (D, N)
                swapped = torch.roll(X, shifts=dim // 2, dims=-2)                 # rotate_half: the halves swapped
                return X * angles.cos().to(X.dtype) + swapped * angles.sin().to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # torch.view_as_complex on the features split into (D/2, 2): that pairs adjacent rows (2i, 2i+1), RoFormer's
    # convention, which the contract explicitly does not accept. Q = K = [[1], [0], [0], [0]] float64, positions_q [1],
    # positions_k [0]: model Q' [[0.5403], [0], [0.8415], [0]], entry [[0.5403], [0.8415], [0], [0]]. Fails the visible
    # tests.
    "blind49_rotary_view_as_complex_adjacent_rows": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.double()[None, :]             # (D/2, N)
                rotor = torch.polar(torch.ones_like(angles), angles)
                pairs = torch.view_as_complex(X.transpose(-2, -1).unflatten(-1, (dim // 2, 2)).contiguous())
                turned = pairs * rotor.T.to(pairs.dtype)                            # (..., N, D/2)
                return torch.view_as_real(turned).flatten(-2).transpose(-2, -1)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The random replacement ids from torch.randint_like(ids, vocab_size), which has no generator argument: those draws
    # come from the global RNG, so a seeded generator no longer fixes the result. ids arange(4, 24).reshape(2, 10), V =
    # 1000, specials [0, 1], mask_id 3, mask_prob=1.0, Generator seeded 0, global seed 0 then 1: model equal on both
    # runs, entry position (0, 3) 760 then 368. Fails the visible tests.
    "blind49_mlm_corrupt_randint_like_random_tokens": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint_like(ids, vocab_size)                     # same shape and dtype as ids
            corrupted = torch.where(chosen & (action < 0.8), mask_id, ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, -100)
            return corrupted, labels
'''),
    # The coin drawn with torch.bernoulli is used as the label and a 1 keeps the successor: labels are swapped against
    # Hugging Face's convention (0 = is next). documents [['a', 'b'], ['c'], ['d']], Generator seeded 0: model [('a',
    # 'b', 0)], entry [('a', 'b', 1)]; over 4000 draws the entry labels every true successor 1 and every random sentence
    # 0. Fails the visible tests.
    "blind49_nsp_pairs_bernoulli_draw_as_label": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    label = int(torch.bernoulli(torch.tensor(0.5), generator=generator))   # the coin is the label
                    if label:
                        pairs.append((a, successor, label))
                    else:
                        others = [d for k, d in enumerate(documents) if k != index]
                        other = others[int(torch.randint(len(others), (), generator=generator))]
                        pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], label))
            return pairs
'''),
    # F.pad(flat[..., :-1], (1, 0), value=sos_id) on the ids before the cast to long: on uint8 ids (a common image
    # dtype, allowed by the contract) a start token above 255, such as ImageGPT's 512, does not fit. ids [[1, 2], [3,
    # 4]] uint8, sos_id 512: model inputs [512, 1, 2, 3], targets [1, 2, 3, 4]; entry raises RuntimeError (value cannot
    # be converted to type uint8_t without overflow). Passes the visible tests.
    "blind49_pixel_sequence_pad_before_long_cast": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.flatten(-2)                                               # (..., N), raster order
            inputs = torch.nn.functional.pad(flat[..., :-1], (1, 0), value=sos_id)
            return inputs.long(), flat.long()
'''),
    # F.adaptive_avg_pool1d(X, 1) for the mean: it takes only (D, N) or (B, D, N), so two batch axes fail. X ones(2, 1,
    # 1, 2) float64, W [[1]]: model [[[1]], [[1]]], entry raises RuntimeError (Expected 2 to 3 dimensions, but got
    # 4-dimensional tensor). Passes the visible tests.
    "blind49_average_pool_head_adaptive_avg_pool1d": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = torch.nn.functional.adaptive_avg_pool1d(X, 1).squeeze(-1)   # (..., D)
            return torch.nn.functional.linear(pooled, W, b)
'''),
    # F.unfold(X, M, stride=M) gives (B, C*M*M, nW); reshaping that straight to (nW, C, M*M) without moving nW in front
    # mixes windows and features (and unfold refuses integer grids). X arange(8).reshape(1, 2, 2, 2) float64, window 1:
    # model [[[[0], [4]], [[1], [5]], [[2], [6]], [[3], [7]]]], entry [[[[0], [1]], [[2], [3]], [[4], [5]], [[6],
    # [7]]]]. Fails the visible tests.
    "blind49_window_partition_unfold_columns_not_transposed": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            *batch, channels, height, width = X.shape
            M = window
            flat = X.reshape(-1, channels, height, width)
            cols = torch.nn.functional.unfold(flat, kernel_size=M, stride=M)       # (B, C*M*M, nW)
            return cols.reshape(*batch, -1, channels, M * M)
'''),
    # The region labels by torch.bucketize(arange(size), [size - M, size - shift]) with the default right=False: an
    # index equal to a boundary stays in the lower region, so every region starts one row (column) late. (2, 2, 2, 0):
    # model all True (shift 0), entry [[T, F, F, F], [F, T, F, F], [F, F, T, F], [F, F, F, T]]; (6, 6, 3, 1) differs in
    # 104 entries ((4, 4, 2, 1) happens to agree). Fails the visible tests.
    "blind49_shifted_window_mask_bucketize_left_boundaries": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                boundaries = torch.tensor([size - window, size - shift])
                return torch.bucketize(torch.arange(size), boundaries)          # 0, 1 or 2 per rolled index
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]      # (H, W)
            windows = window_partition(labels[None], window)[:, 0]              # (nW, M*M)
            return windows[:, :, None] == windows[:, None, :]
'''),
    # F.layer_norm over the 4C features without passing eps: torch's default 1e-5 is used whatever eps the caller gives.
    # X [[[0.001, 0], [0, 0.002]]] float64, gamma 1, beta 0, W = [[1, 0, 0, 0], [0, 1, 0, 0]], eps=0.0: model
    # [[[0.3015]], [[-0.9045]]], entry [[[0.0765]], [[-0.2294]]]. Passes the visible tests.
    "blind49_patch_merging_functional_layer_norm_eps_left_out": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3).movedim(-3, -1)                   # (..., H/2, W/2, 4C)
            normed = torch.nn.functional.layer_norm(merged, (merged.shape[-1],), gamma, beta)
            return torch.nn.functional.linear(normed, W).movedim(-1, -3)
'''),
    # str.removesuffix(' ') takes off one trailing space; a sample ending in several '</w>' tokens keeps the others (the
    # contract strips all trailing spaces). ['a</w>', '</w>']: model 'a', entry 'a ' . Passes the visible tests.
    "blind49_bpe_decode_removesuffix": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(tokens).replace("</w>", " ").removesuffix(" ")
'''),
    # Words from a GPT-style pre-tokeniser re.findall(r'\w+|[^\w\s]+') instead of corpus.split(): punctuation is split
    # off into words of its own. corpus 'hi! hi!', 3 merges: model [('h', 'i'), ('hi', '!'), ('hi!', '</w>')], entry
    # [('h', 'i'), ('hi', '</w>'), ('!', '</w>')]. Passes the visible tests.
    "blind49_train_bpe_pretokenizer_splits_punctuation": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import re
            if "</w>" in corpus:
                raise ValueError("corpus must not contain '</w>'")
            # GPT-style pre-tokenisation: runs of letters/digits, runs of other non-space characters
            words = Counter(tuple(w) + ("</w>",) for w in re.findall(r"\\w+|[^\\w\\s]+", corpus))
            segmentation = {w: list(w) for w in words}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, freq in words.items():
                    symbols = segmentation[w]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += freq
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                segmentation = {w: merge_pair(s, best) for w, s in segmentation.items()}
            return merges
'''),
    # F.one_hot(token_ids) with num_classes left at its default -1: the number of classes is read from the largest id,
    # not vocab_size. ids [0, 1], V = 3: model (3, 2) [[1, 0], [0, 1], [0, 0]], entry (2, 2) [[1, 0], [0, 1]]. Passes
    # the visible tests.
    "blind49_one_hot_functional_num_classes_inferred": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(token_ids)             # (..., N, V): the classes counted for me
            return hot.movedim(-1, -2).to(dtype or torch.get_default_dtype())
'''),
    # The exponents 2i/D from torch.linspace(0, 1, ceil(D/2)): linspace includes its end point, so the last pair gets
    # exponent 1 instead of (D - 2)/D (and the spacing is wrong for every D > 2). (2, 4): model row 2 [0, 0.0100] and
    # row 3 [1, 0.99995], entry row 2 [0, 0.0001] and row 3 [1, 1.0000]. Fails the visible tests.
    "blind49_sinusoidal_positions_linspace_exponents": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            half = (dim + 1) // 2
            exponents = torch.linspace(0, 1, half)                   # 2i/D for i = 0 .. half - 1
            frequencies = 10000.0 ** -exponents
            angles = frequencies[:, None] * torch.arange(num_positions)[None, :]
            table = torch.stack([angles.sin(), angles.cos()], dim=1).reshape(2 * half, num_positions)
            return table[:dim]
'''),
    # The log taken in float64 ('to be safe'): the contract takes it in float32 as T5 does, and where the scaled log is
    # an exact integer in real arithmetic the two roundings land in different buckets. offsets [-8, 8], num_buckets 18,
    # max_distance 128: model [5, 14], entry [4, 13] (the default 32/128 happens to agree on -3000..3000). Passes the
    # visible tests.
    "blind49_relative_position_bucket_log_in_float64": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                upper = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                upper = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            # the log in double precision, to be safe
            ratio = torch.log(distance.double().clamp(min=1) / exact) / math.log(max_distance / exact)
            far = (exact + (ratio * (half - exact)).long()).clamp(max=half - 1)
            return upper + torch.where(distance < exact, distance, far)
'''),
    # The projections by torch.addmm(b[:, None], W, X): addmm takes 2-D matrices only, so batched inputs fail. Xq = Xkv
    # = ones(1, 2, 1) float64, H = 1, seeded weights: model [[[1.1772], [0.8862]]], entry raises RuntimeError (mat2 must
    # be a matrix, got 3-D tensor). Fails the visible tests.
    "blind49_mha_addmm_projections": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def project(X, name):                      # b + W @ X in one fused call
                return torch.addmm(params["b" + name][:, None], params["W" + name], X)
            Q = split_heads(project(Xq, "q"), num_heads)
            K = split_heads(project(Xkv, "k"), num_heads)
            V = split_heads(project(Xkv, "v"), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return project(merge_heads(heads), "o")
'''),
    # F.scaled_dot_product_attention on the heads as they are, (..., D/H, N): torch reads rows as tokens, so the
    # features attend to each other, scaled by 1/sqrt(N), and a mask (N_k, N_q) does not fit. X = [[1, 2], [0, 1]]
    # float64, identity weights, zero biases, H = 1: model [[1.6698, 1.8930], [0.6698, 0.8930]], entry [[0.8930,
    # 1.8930], [0.6698, 1.6698]]. Fails the visible tests.
    "blind49_mha_torch_sdpa_columns_untransposed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)     # (..., H, D/H, N_q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            attn_mask = None if mask is None else mask.unsqueeze(-3)
            heads = torch.nn.functional.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The band torch.ones(n, n).tril(window).triu(-window) without dtype=torch.bool: the right pattern as a float
    # tensor, which apply_mask refuses (the contract returns a BoolTensor). (3, 1): model bool [[T, T, F], [T, T, T],
    # [F, T, T]], entry float32 [[1, 1, 0], [1, 1, 1], [0, 1, 1]]. Passes the visible tests.
    "blind49_local_mask_band_of_float_ones": ("masking", "local_mask", '''
        def local_mask(n, window):
            # a band: everything within `window` diagonals of the main one
            return torch.ones(n, n).tril(diagonal=window).triu(diagonal=-window)
'''),
    # F.fold wants (B, C*M*M, nW); the windows (nW, C, M*M) reshaped to that shape without moving nW last scramble
    # windows and features. windows arange(8).reshape(4, 2, 1) float64, window 1, 2 x 2 grid: model [[[0, 2], [4, 6]],
    # [[1, 3], [5, 7]]], entry [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]. Fails the visible tests.
    "blind49_window_reverse_fold_blocks_not_transposed": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, area = windows.shape
            flat = windows.reshape(-1, channels * area, num_windows)                 # (B, C*M*M, nW) for fold
            grid = torch.nn.functional.fold(flat, (height, width), kernel_size=window, stride=window)
            return grid.reshape(*batch, channels, height, width)
'''),
    # F.scaled_dot_product_attention on the transposed groups (tokens as the sequence, channels as features): that is
    # spatial attention over tokens within each group, not channels attending to channels. X = [[1, 0], [0, 2]] float64,
    # identity weights, zero biases, G = 1: model [[0.6698, 0.6605], [0.0558, 1.8884]], entry [[0.6698, 0.0558],
    # [0.6605, 1.8884]]. Fails the visible tests.
    "blind49_channel_attention_sdpa_tokens_as_sequence": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            tokens = X.shape[-1]
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)      # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            out = torch.nn.functional.scaled_dot_product_attention(
                Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1), scale=scale)   # (..., G, N, C/G)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # torch.tril_indices(n, n) read as (key, query) pairs with key <= query, but tril_indices lists row >= column: the
    # mask comes out transposed (the future is visible). n = 3: model [[T, T, T], [F, T, T], [F, F, T]], entry [[T, F,
    # F], [T, T, F], [T, T, T]]. Fails the visible tests.
    "blind49_causal_mask_tril_indices_filled": ("masking", "causal_mask", '''
        def causal_mask(n):
            mask = torch.zeros(n, n, dtype=torch.bool)
            rows, cols = torch.tril_indices(n, n)                   # the pairs (key, query) with key <= query
            mask[rows, cols] = True
            return mask
'''),
    # F.scaled_dot_product_attention with is_causal=True whenever no enc_mask is given, copied from the decoder's
    # self-attention: decoder query i may then read only encoder keys 0..i (torch aligns the causal triangle top-left).
    # X_dec = X_enc = I (2, 2) float64, identity weights, zero biases, H = 1: model [[0.6698, 0.3302], [0.3302,
    # 0.6698]], entry [[1, 0.3302], [0, 0.6698]]. Fails the visible tests.
    "blind49_cross_attention_sdpa_is_causal_copied_from_decoder": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            def rows(X, name):                                          # (..., H, N, D/H)
                return split_heads(linear(X, params["W" + name], params["b" + name]), num_heads).transpose(-2, -1)
            Q, K, V = rows(X_dec, "q"), rows(X_enc, "k"), rows(X_enc, "v")
            attn_mask = None if enc_mask is None else enc_mask.unsqueeze(-3).transpose(-2, -1)
            out = torch.nn.functional.scaled_dot_product_attention(
                Q, K, V, attn_mask=attn_mask, is_causal=attn_mask is None)   # the decoder never looks ahead
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # Closed forms through math.comb: causal C(n+1, 2); local n^2 minus the 2 C(n - w, 2) pairs beyond the band (w
    # capped at n - 1); strided n + 2 sum_k (n - k s); global n^2 - (n - g)^2; all ints.
    "blind49_right_sparse_attention_cost_math_comb": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return math.comb(n + 1, 2)                        # pairs j <= i
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * n - 2 * math.comb(n - w, 2)          # all pairs minus the two corners beyond the band
            if pattern == "strided":
                # offset k*s (k != 0) holds n - |k| s pairs
                return n + 2 * sum(n - k * stride for k in range(1, (n - 1) // stride + 1)) if n else 0
            return n * n - (n - num_global) ** 2
'''),
}

RIGHT_BLIND_49 = {
    # softmin(-s) is softmax(s) over dim=-2 (torch's stable kernel); an all -inf column becomes an all +inf one whose
    # softmin is NaN, replaced by zeros. Its gradient is NaN only at the -inf entries of such a column, which the
    # contract does not compare.
    "blind49_right_softmax_cols_softmin_of_negated": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # softmin(-s) is softmax(s); a column that is entirely -inf becomes +inf, whose softmin is NaN: zero it
            weights = torch.nn.functional.softmin(-scores, dim=-2)
            return torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
'''),
    # torch.vmap over the last axis hands each column (with any batch axes) to a stable one-column softmax that guards
    # the all -inf column; vmap puts the column axis back last.
    "blind49_right_softmax_cols_vmap_over_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def one_column(column):                                  # (..., M) with the column's entries last
                top = column.amax(dim=-1, keepdim=True)
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)   # an all -inf column
                e = torch.exp(column - top)
                total = e.sum(dim=-1, keepdim=True)
                return e / torch.where(total == 0, torch.ones_like(total), total)
            return torch.vmap(one_column, in_dims=-1, out_dims=-1)(scores)
'''),
    # The complement of the strictly lower triangle (key j > query i) is j <= i, the contract's mask, as a bool tensor.
    "blind49_right_causal_mask_complement_of_strict_lower": ("masking", "causal_mask", '''
        def causal_mask(n):
            # hidden: keys strictly after the query, i.e. below the diagonal in (key, query) layout
            return ~torch.ones(n, n, dtype=torch.bool).tril(diagonal=-1)
'''),
    # nn.Transformer.generate_square_subsequent_mask is PyTorch's (query, key) float mask with -inf on the future; its
    # finite entries transposed are exactly key j <= query i.
    "blind49_right_causal_mask_subsequent_mask_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # PyTorch's (query, key) float mask, -inf on the future; finite = visible, then to (key, query)
            return torch.nn.Transformer.generate_square_subsequent_mask(n).isfinite().T.contiguous()
'''),
    # F.one_hot(lengths, n + 1) has a class for a full-length sequence; the cumulated one-hot is 0 exactly before the
    # length, so j < lengths[b], shaped (B, n, 1).
    "blind49_right_padding_mask_one_hot_cumsum_extra_class": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # a 1 at each length (class n for a full sequence), cumulated: positions at or after the length are padding
            past_end = torch.nn.functional.one_hot(lengths, n + 1).cumsum(dim=-1)[:, :n]
            return (past_end == 0).unsqueeze(-1)
'''),
    # torch.where(mask, scores, -inf) with a tensor and a Python scalar keeps the scores' dtype (no default-dtype
    # promotion) and broadcasts the mask like masked_fill; -inf where hidden.
    "blind49_right_apply_mask_where_scalar_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            if mask.dtype != torch.bool:
                raise ValueError("mask must be a bool tensor (True = visible)")
            # a Python float beside a tensor takes the tensor's dtype
            return torch.where(mask, scores, float("-inf"))
'''),
    # The weights by the course's own softmax; the output by torch's F.scaled_dot_product_attention on the transposes
    # with the mask transposed (True = takes part), a blind query given every key and its output zeroed afterwards by
    # torch.where, so neither its value nor its gradient depends on torch's fully-masked-row behaviour.
    "blind49_right_sdpa_torch_sdpa_output_softmax_weights": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            # torch's kernel in rows: (..., N_q, D), attn_mask (..., N_q, N_k) with True = takes part
            attn_mask = None
            if mask is not None:
                alive = mask.any(dim=-2, keepdim=True)                  # queries that see at least one key
                attn_mask = (mask | ~alive).transpose(-2, -1)           # a blind query sees everything, zeroed below
            out = torch.nn.functional.scaled_dot_product_attention(
                Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1), attn_mask=attn_mask)
            out = out.transpose(-2, -1)
            if mask is not None:
                out = torch.where(alive, out, torch.zeros_like(out))
            return out, weights
'''),
    # The weights split into (H, D/H, D) blocks give each head's rows h*D/H .. (h+1)*D/H in one einsum; scores K^T Q /
    # sqrt(D/H) per head, the mask given a head axis, column softmax, heads flattened in order, then Wo and bo.
    "blind49_right_mha_einsum_heads_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            H = num_heads
            def heads(X, name):                     # (H, D/H, D) weight blocks applied with one einsum
                Wh = params["W" + name].unflatten(0, (H, -1))
                bh = params["b" + name].unflatten(0, (H, -1))
                return torch.einsum("hed,...dn->...hen", Wh, X) + bh[..., None]
            Q, K, V = heads(Xq, "q"), heads(Xkv, "k"), heads(Xkv, "v")
            scores = torch.einsum("...hek,...heq->...hkq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            out = torch.einsum("...hek,...hkq->...heq", V, weights).flatten(-3, -2)
            return params["Wo"] @ out + params["bo"][:, None]
'''),
    # The RMS of a centred row is its biased standard deviation, and F.rms_norm puts eps inside the root and multiplies
    # by gamma; adding beta gives the layer norm (agrees with the model answer in values and, to float32 rounding,
    # gradients).
    "blind49_right_layer_norm_rms_norm_of_centred": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            rows = X.transpose(-2, -1)                                     # (..., N, D)
            centred = rows - rows.mean(dim=-1, keepdim=True)
            # RMS of a centred row = its biased standard deviation; rms_norm puts eps inside the root
            normed = torch.nn.functional.rms_norm(centred, (rows.shape[-1],), gamma, eps=eps)
            return (normed + beta).transpose(-2, -1)
'''),
    # The tokens flattened to rows, b1 + x W1^T by torch.addmm, ReLU by clamp(min=0), b2 + h W2^T, reshaped back (N = 0
    # too) and transposed to columns.
    "blind49_right_feed_forward_addmm_on_flattened_tokens": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.transpose(-2, -1)                                     # (..., N, D)
            flat = rows.reshape(-1, rows.shape[-1])                        # (B*N, D)
            hidden = torch.addmm(b1, flat, W1.T).clamp(min=0)              # b1 + x W1^T, then ReLU
            out = torch.addmm(b2, hidden, W2.T)
            return out.reshape(*rows.shape[:-1], W2.shape[0]).transpose(-2, -1)
'''),
    # F.layer_norm on the transposed sequence with eps=1e-5 is the per-column layer norm; the sublayers are called by
    # keyword in both the post-LN and the pre-LN order of the contract.
    "blind49_right_transformer_layer_functional_layer_norm_keyword_calls": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            F = torch.nn.functional
            def ln(Y, i):
                rows = F.layer_norm(Y.transpose(-2, -1), (Y.shape[-2],), weight=params[f"gamma{i}"],
                                    bias=params[f"beta{i}"], eps=1e-5)
                return rows.transpose(-2, -1)
            def attend(Y):
                return multi_head_attention(Xq=Y, Xkv=Y, params=params, num_heads=num_heads, mask=mask)
            def ffn(Y):
                return feed_forward(Y, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            if norm_first:
                X = X + attend(ln(X, 1))
                return X + ffn(ln(X, 2))
            X = ln(X + attend(X), 1)
            return ln(X + ffn(X), 2)
'''),
    # ones(n, n, bool).triu() is True where query i >= key j, the course's causal mask; then the three post-LN residual
    # steps in order.
    "blind49_right_decoder_layer_bool_triu_causal": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()   # key j <= query i
            steps = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), 1),
                (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
            )
            X = X_dec
            for block, i in steps:
                X = layer_norm(X + block(X), params[f"gamma{i}"], params[f"beta{i}"])
            return X
'''),
    # Heads as rows for F.scaled_dot_product_attention with the enc_mask transposed and given a head axis (True = takes
    # part); a query that sees no key is opened to all keys for the kernel and multiplied by 0 afterwards, so its
    # attention output is 0 and the result bo, as the contract says; ValueError when D is not divisible by H.
    "blind49_right_cross_attention_sdpa_heads_dead_queries_masked_out": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            F = torch.nn.functional
            if X_dec.shape[-2] % num_heads:
                raise ValueError(f"D={X_dec.shape[-2]} must be divisible by num_heads={num_heads}")
            def rows(X, name):                                            # (..., H, N, D/H)
                return split_heads(linear(X, params["W" + name], params["b" + name]), num_heads).transpose(-2, -1)
            Q, K, V = rows(X_dec, "q"), rows(X_enc, "k"), rows(X_enc, "v")
            attn_mask, alive = None, None
            if enc_mask is not None:
                m = enc_mask.unsqueeze(-3)                                   # (..., 1, N_e, N_d)
                alive = m.any(dim=-2, keepdim=True)                          # queries that see some key
                attn_mask = (m | ~alive).transpose(-2, -1)                   # (..., 1, N_d, N_e), True = takes part
            out = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask).transpose(-2, -1)
            if alive is not None:
                out = out * alive                                            # a query that sees nothing reads zero
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # omega_e @ one_hot by einsum with F.one_hot in the table's dtype: each output is one table entry times 1 plus
    # zeros, exact, and the gradient reaches every used column.
    "blind49_right_embed_einsum_functional_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(token_ids, omega_e.shape[-1]).to(omega_e.dtype)   # (..., N, V)
            return torch.einsum("dv,...nv->...dn", omega_e, hot)
'''),
    # torch.polar(1, angle) viewed as real gives (cos, sin) per angle; flipped to (sin, cos) and interleaved gives rows
    # sin, cos, sin, cos, ..., cut to D rows (an odd D ends with a sine), in the default dtype.
    "blind49_right_sinusoidal_positions_polar_interleaved": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pair = torch.arange(0, dim, 2, dtype=dtype)                          # 2i
            angles = torch.arange(num_positions, dtype=dtype)[None, :] / 10000 ** (pair[:, None] / dim)
            unit = torch.view_as_real(torch.polar(torch.ones_like(angles), angles))   # (ceil(D/2), N, 2): cos, sin
            table = unit.flip(-1).permute(0, 2, 1).reshape(2 * unit.shape[0], num_positions)   # sin, cos, sin, ...
            return table[:dim].contiguous()
'''),
    # A stride-P convolution with the identity kernel eye(C*P*P) reshaped to (C*P*P, C, P, P) copies pixel (c, r, s) of
    # each patch to channel c*P*P + r*P + s, the contract's order; flatten(2) lists the patches row-major. Exact (one 1,
    # the rest zeros).
    "blind49_right_patchify_conv2d_identity_kernel": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            C = images.shape[1]
            # output channel k copies input pixel k of the patch, in (channel, row, column) order
            eye = torch.eye(C * P * P, dtype=images.dtype, device=images.device).reshape(C * P * P, C, P, P)
            return torch.nn.functional.conv2d(images, eye, stride=P).flatten(2)
'''),
    # Conv2d with W reshaped to (D, C, P, P) and stride P is W @ patchify + b; F.pad(tokens, (1, 0)) leaves column 0
    # empty and F.pad(cls[:, None], (0, n)) puts [CLS] there; positions added; ValueError kept for sides that are not
    # multiples of P.
    "blind49_right_patch_embedding_conv2d_and_padded_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            F = torch.nn.functional
            D, C, P = W.shape[0], images.shape[1], patch_size
            if images.shape[-2] % P or images.shape[-1] % P:
                raise ValueError(f"H and W must be multiples of patch_size={P}; got {tuple(images.shape[-2:])}")
            tokens = F.conv2d(images, W.reshape(D, C, P, P), b, stride=P).flatten(2)      # (B, D, N)
            n = tokens.shape[-1]
            # an empty column in front of the patches, [CLS] padded out to the right: column 0 is [CLS]
            return F.pad(tokens, (1, 0)) + F.pad(cls_token[:, None], (0, n)) + positions
'''),
    # e = v^T tanh(U H + W s) by einsum; the masked softmax over N by torch.softmax, NaN (a state that sees nothing)
    # replaced by zeros, so its weights and context are 0; masked_fill sends no gradient back from hidden scores.
    "blind49_right_additive_attention_einsum_softmax_nan_zeroed": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(torch.einsum("ad,...dn->...an", U, H) + torch.einsum("as,...s->...a", W, s)[..., None])
            e = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(e, dim=-1)
            weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)   # a state seeing nothing
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # torch.lerp(n, s_prev, z) = n + z (s_prev - n) = (1 - z) n + z s_prev, the contract's GRU update; gates by F.linear
    # with nn.GRUCell's layout; read-out from [s; c].
    "blind49_right_attention_decoder_step_lerp_gru": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            F = torch.nn.functional
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            gx = F.linear(stack(y_prev, context), params["weight_ih"], params["bias_ih"])
            gh = F.linear(s_prev, params["weight_hh"], params["bias_hh"])
            rx, zx, nx = gx.chunk(3, dim=-1)
            rh, zh, nh = gh.chunk(3, dim=-1)
            r, z = torch.sigmoid(rx + rh), torch.sigmoid(zx + zh)
            n = torch.tanh(nx + r * nh)
            s = torch.lerp(n, s_prev, z)                  # n + z (h - n) = (1 - z) n + z h
            logits = F.linear(stack(s, context), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # flatten(start_dim=-2) joins only the grid's two axes, so one softmax runs over all H*W cells of each state's grid;
    # unflatten restores (H, W); context by einsum.
    "blind49_right_grid_attention_flatten_last_two": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)[..., None, None]                 # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            e = torch.einsum("a,...ahw->...hw", v, hidden)
            weights = torch.softmax(e.flatten(start_dim=-2), dim=-1).unflatten(-1, e.shape[-2:])
            return weights, torch.einsum("...chw,...hw->...c", features, weights)
'''),
    # The OR of the diagonals i - j = offset for every offset that is a multiple of the stride, each made by
    # torch.diagflat; ValueError for stride < 1 kept (n = 0 returns an empty mask, which the contract leaves open).
    "blind49_right_strided_mask_sum_of_diagflats": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride < 1:
                raise ValueError("stride must be a positive integer")
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(-(n - 1), n):
                if offset % stride == 0:                  # the diagonal i - j = offset
                    mask |= torch.diagflat(torch.ones(n - abs(offset), dtype=torch.bool), offset)
            return mask
'''),
    # Pairs by halves as the complex number x_i + i x_{i+D/2}, multiplied by torch.polar(1, p theta_i) in complex128 for
    # float64 inputs (angles in float64): the real part is x_i cos - x_{i+D/2} sin, the imaginary part x_{i+D/2} cos +
    # x_i sin.
    "blind49_right_rotary_polar_on_halves": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]            # (D/2, N)
                ctype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                rotor = torch.polar(torch.ones_like(angles), angles).to(ctype)
                z = torch.complex(X[..., : dim // 2, :], X[..., dim // 2 :, :]) * rotor    # x_i + i x_{i+D/2}
                return torch.cat([z.real, z.imag], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Three torch.bernoulli draws from the generator: chosen with mask_prob (specials excluded), [MASK] with 0.8, then a
    # random id with 0.5 of the rest (0.1 overall) and unchanged otherwise; labels the original id at chosen positions.
    # Checked by frequencies on 200000 positions (chosen, 80/10/10 split, specials never chosen, ids unchanged) and by
    # reproducibility under a seeded generator with the global seed changed.
    "blind49_right_mlm_corrupt_bernoulli_draws": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids, special)
            probability = torch.full(ids.shape, float(mask_prob), dtype=torch.float64)
            chosen = torch.bernoulli(probability, generator=generator).bool() & eligible
            to_mask = torch.bernoulli(torch.full(ids.shape, 0.8, dtype=torch.float64), generator=generator).bool()
            to_random = torch.bernoulli(torch.full(ids.shape, 0.5, dtype=torch.float64), generator=generator).bool()
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & to_mask] = mask_id
            replace = chosen & ~to_mask & to_random
            corrupted[replace] = random_ids[replace]
            labels = torch.full_like(ids, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # A fair coin from torch.randint(2); the other document and its sentence each picked as the first element of a
    # torch.randperm drawn from the generator, which is uniform. Label and successor frequencies over 4000 seeded runs
    # match the model answer's; ValueError kept.
    "blind49_right_nsp_pairs_randperm_picks": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [d for k, d in enumerate(documents) if k != index]
                for a, successor in zip(document, document[1:]):
                    if torch.randint(2, (), generator=generator) == 0:
                        pairs.append((a, successor, 0))
                        continue
                    other = others[int(torch.randperm(len(others), generator=generator)[0])]
                    pairs.append((a, other[int(torch.randperm(len(other), generator=generator)[0])], 1))
            return pairs
'''),
    # F.one_hot of the ids (any integer dtype, cast to long) in the palette's dtype, contracted with the palette by
    # einsum: palette column ids[h, w] at every pixel, exact.
    "blind49_right_dequantize_pixels_einsum_one_hot": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(ids.long(), palette.shape[1]).to(palette.dtype)   # (..., H, W, K)
            return torch.einsum("ck,...hwk->...chw", palette, hot)
'''),
    # The ids cast to long first, then F.pad(targets[..., :-1], (1, 0), value=sos_id) puts the start token in front of
    # all targets but the last (any sos_id fits a long).
    "blind49_right_pixel_sequence_functional_pad_after_long": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = torch.nn.functional.pad(targets[..., :-1], (1, 0), value=sos_id)
            return inputs, targets
'''),
    # The batch axes flattened into one for F.adaptive_avg_pool1d(., 1), the mean over the N columns, reshaped back;
    # F.linear with the optional bias.
    "blind49_right_average_pool_head_adaptive_pool_on_flat_batch": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            dim, n = X.shape[-2:]
            pooled = torch.nn.functional.adaptive_avg_pool1d(X.reshape(-1, dim, n), 1)    # (B, D, 1)
            return torch.nn.functional.linear(pooled.reshape(*X.shape[:-2], dim), W, b)
'''),
    # An as_strided view of the contiguous grid with axes (window row, window column, channel, row, column) and strides
    # (M s_h, M s_w, s_c, s_h, s_w) is the window partition; reshape flattens it to (nW, C, M*M). Works on integer grids
    # too.
    "blind49_right_window_partition_as_strided": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.contiguous()
            *lead, s_c, s_h, s_w = grid.stride()
            # (..., a, b, C, p, q): window (a, b), channel, row and column inside the window
            view = grid.as_strided((*batch, height // M, width // M, channels, M, M),
                                   (*lead, M * s_h, M * s_w, s_c, s_h, s_w), grid.storage_offset())
            return view.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The windows (nW, C*M*M) transposed to (C*M*M, nW) are the columns F.fold expects; with kernel = stride = M the
    # blocks do not overlap, so fold places each window without summing.
    "blind49_right_window_reverse_functional_fold": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, area = windows.shape
            cols = windows.reshape(-1, num_windows, channels * area).transpose(-2, -1)   # (B, C*M*M, nW)
            grid = torch.nn.functional.fold(cols, (height, width), kernel_size=window, stride=window)
            return grid.reshape(*batch, channels, height, width)
'''),
    # torch.bucketize(arange(size), [size - M, size - shift], right=True) labels each rolled index 0, 1 or 2 exactly as
    # the contract's regions; equal labels in both axes within a window give the mask.
    "blind49_right_shifted_window_mask_bucketize_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):                     # 0 below size - M, 1 below size - shift, 2 from there on
                boundaries = torch.tensor([size - window, size - shift])
                return torch.bucketize(torch.arange(size), boundaries, right=True)
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # F.pixel_unshuffle stacks (c, row, column); unflattened and permuted to (column, row, c) it is the contract's order
    # top-left, bottom-left, top-right, bottom-right; F.layer_norm with the given eps over the 4C features, then
    # F.linear without bias.
    "blind49_right_patch_merging_pixel_unshuffle_regrouped": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            C = X.shape[-3]
            shuffled = torch.nn.functional.pixel_unshuffle(X, 2)             # (..., C*2*2, H/2, W/2): (c, row, col)
            blocks = shuffled.unflatten(-3, (C, 2, 2))                        # (..., C, row, col, H/2, W/2)
            merged = blocks.permute(*range(blocks.dim() - 5), -3, -4, -5, -2, -1).flatten(-5, -3)   # (col, row, c)
            rows = torch.nn.functional.layer_norm(merged.movedim(-3, -1), (4 * C,), gamma, beta, eps)
            return torch.nn.functional.linear(rows, W).movedim(-1, -3)
'''),
    # F.scaled_dot_product_attention with the channels of a group as the sequence and the N tokens as features: softmax
    # over keys of Q K^T * scale times V, whose default scale 1/sqrt(N) is the contract's default, and scale= passes a
    # given one.
    "blind49_right_channel_attention_torch_sdpa_channels_as_rows": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)      # (..., G, C/G, N): channels as rows
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            # rows are the sequence, the N tokens its features: torch's default scale is then 1/sqrt(N)
            out = torch.nn.functional.scaled_dot_product_attention(Q, K, V, scale=scale)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # After the '</w>' to space replacement, re.sub(' +\Z', '') removes only the run of spaces at the very end (leading
    # spaces, runs in the middle and other whitespace stay).
    "blind49_right_bpe_decode_regex_trailing_spaces": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import re
            return re.sub(r" +\\Z", "", "".join(tokens).replace("</w>", " "))
'''),
    # torch.distributions.Categorical over the columns 0 .. N-2 (as rows of logits) scores ids[1:]: log_prob is logits
    # minus their logsumexp, summed; a single id returns a 0 that stays on the graph.
    "blind49_right_sequence_log_prob_categorical_log_prob": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                              # (V, N)
            if len(ids) < 2:
                return logits[:, :0].sum()                                   # nothing to score: 0, still on the graph
            # one categorical distribution per column n - 1 (batch of N - 1 rows of V logits), scored at ids[n]
            dist = torch.distributions.Categorical(logits=logits[:, :-1].transpose(0, 1))
            return dist.log_prob(ids[1:]).sum()
'''),
}
