"""Held-out blind batch 38: refactoring slips, written without seeing the grader.

How it was written: by a helper session that read docs/contract.md, docs/learners.md, docs/convention.md, README.md,
course/registry.py, the stubs (exercises/*.py), the model answers (solutions/*.py) and the header of
tests/grader/held_out_blind_33.py (the format example) with its first entries. The other earlier batch files
(held_out_blind.py ... held_out_blind_37.py) were not read: names carry the blind38_ prefix, and whether an idea
repeats an earlier batch's entry was not checked. Nothing else under grader/ or tests/ was opened, grepped
or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_39.py).

Emphasis: refactoring slips. Each entry starts from a correct implementation (mostly the model answer) and
"cleans it up" the way a developer or a coding assistant would: inline a helper, fuse projections or matmuls into one
(a stacked QKV projection, the GRU's two products, einsum), replace a loop or the split/merge helpers with a
reshape, hoist a scale, cache a table (rotary cos/sin, encoded words), go in place for speed (exp_, sub_, index
assignment on a view of the input), replace masked_fill or torch.where with arithmetic, reorder "for stability"
(logsumexp), simplify algebraically (folded biases, std + eps, dropped |p|², summed region flags, a dropped abs, an
uncapped window). Wrong entries are refactors with a slip; right entries are refactors that are genuinely equivalent,
each comment saying why. Every exercise module is covered, the later ones (transformer_layer, cross_attention,
rnn_attention, positions, swin, davit, imagegpt, sparse_attention, sampling, pretraining, bpe) included.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind38/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted for the marker line) and run against its exercise's visible tests (pytest
exercises/tests/test_<module>.py --target p_<name>). Every right entry passes them; each wrong entry's comment says
whether it does (10 of the 37 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (nsp_other_document_bumped: by
counting 4000 seeded calls). Right entries were compared with the model answer under both default dtypes on float32
and float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids, tokens and strings): unbatched, one and two batch
axes, broadcast and padding masks, a query or state that sees nothing, non-contiguous inputs, edge sizes (1, and 0
where the model answer accepts it), the contract's ValueErrors (the same outcome on both sides), arguments left
unchanged, and gradients of every floating-point input with a random cotangent (1e-4). generate was compared on the
same ids under seeded generators (temperature 0, top-k, top-p, eos, context_size); mlm_single_uniform_draw draws
differently from the model answer for a seed, so its distribution was compared instead (100,000 positions: chosen
rate, 80/10/10 split, specials never chosen, labels, unchosen positions unchanged, ids unchanged).

Judgement calls: several wrong entries are right on the calls the visible tests make and wrong only on others the
contract allows: mha_fused_qkv_from_queries (right for self-attention, Xq is Xkv), channel_attention_scores_not_transposed
(right when Wq = Wk and bq = bk), transformer_layer_shared_norm_helper (right when gamma2/beta2 equal gamma1/beta1, as
at initialisation), mha_heads_interleaved_reshape (right for H = 1), and the two input-mutating entries
pixel_sequence_inplace_shift and layer_norm_inplace_centre (values right; pixel_sequence only mutates int64 images,
layer_norm only inputs that do not require grad). grid_attention_column_major_cells returns the right context and
misplaced weights. decoder_step_fused_gru_gates differs by little on its recorded input (0.9899 vs 0.9896) but is the
classic wrong GRU (reset gate on the input part too). An apply_mask written as scores + log(mask) was left out:
its values are right, but its gradient at hidden scores is the cotangent rather than 0, and I could not decide
whether that counts. top_p_reuses_first_sort relies on renormalisation by a positive constant keeping the order of
the kept tokens (two probabilities that round to the same value after the division are the only, measure-zero,
exception). Fewer entries than the 55 / 35 asked for: the time box.

Counts: 37 wrong, 26 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'feed_forward': 1, 'generate': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'next_token_probs': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_encode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'one_hot': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_38 = {
    # Refactored to in-place sub_/exp_ 'to save the temporaries': the result is right but the caller's scores are
    # overwritten with exp(s - max). scores [[0, 1], [1, 3]]: both return [[0.2689, 0.1192], [0.7311, 0.8808]];
    # afterwards the model leaves scores unchanged, the entry leaves [[0.3679, 0.1353], [1, 1]] (and a scores tensor
    # that requires grad raises). Fails the visible tests.
    "blind38_softmax_inplace_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = scores.sub_(column_max).exp_()          # in place: no temporary (..., M, N) buffers
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Max-shift-and-divide 'simplified' to exp(s - logsumexp(s)): an all -inf column gives -inf - (-inf) = NaN instead
    # of zeros. scores [[0, -inf], [1, -inf]]: model [[0.2689, 0], [0.7311, 0]], entry [[0.2689, nan], [0.7311, nan]].
    # Fails the visible tests.
    "blind38_softmax_logsumexp_form": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # exp(s - logsumexp(s)) is the stable one-liner: no max, no division
            return torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
'''),
    # masked_fill(-inf) replaced by torch.where with the dtype's lowest finite value 'to avoid inf arithmetic': hidden
    # scores are -3.4e38, not -inf, and an all-hidden column later softmaxes to uniform weights instead of zeros. scores
    # [[1, 2], [3, 4]], mask [[T, F], [T, T]]: model [[1, -inf], [3, 4]], entry [[1, -3.4028e38], [3, 4]]. Fails the
    # visible tests.
    "blind38_apply_mask_finfo_min": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # where instead of masked_fill; the dtype's lowest value avoids inf arithmetic downstream
            return torch.where(mask, scores, torch.finfo(scores.dtype).min)
'''),
    # The abs() dropped as redundant 'because the band is symmetric': every key before the query is visible however far
    # back. local_mask(3, 0): model the identity, entry the lower triangle [[1, 0, 0], [1, 1, 0], [1, 1, 1]]. Fails the
    # visible tests.
    "blind38_local_mask_abs_dropped": ("masking", "local_mask", '''
        def local_mask(n, window):
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]   # query - key
            return offsets <= window                                          # the band is symmetric anyway
'''),
    # Both matmuls rewritten as einsums; the output einsum is given weights.transpose(-2, -1) under the labels k, q, so
    # for N_k == N_q each query mixes with another query's weights (and N_k != N_q raises). Q [[1, 0]], K [[2, 0]], V
    # [[1, 5]]: model output [[1.4768, 3.0]], entry [[3.3808, 2.6192]]. Fails the visible tests.
    "blind38_sdpa_einsum_transposed_scores": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dq,...dk->...kq", Q, K) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights.transpose(-2, -1)), weights
'''),
    # split_heads replaced by one reshape to (..., D/H, H, N) and a transpose: head h gets rows h, h + H, h + 2H, ...
    # (interleaved) instead of the contiguous block h·D/H .. (h+1)·D/H (merged back consistently, so it is only a
    # regrouping, invisible when H = 1). Xq (4, 3), Xkv (4, 2) float64 from torch.manual_seed(0) randn, random weights,
    # H = 2: model column 0 [-0.2336, 1.2054, -1.4479, -1.0961], entry [-0.0908, 1.2249, -1.4071, -1.0589]. Passes the
    # visible tests.
    "blind38_mha_heads_interleaved_reshape": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            d = D // num_heads
            def heads(Y, n):
                # one reshape + transpose instead of split_heads
                return Y.reshape(*Y.shape[:-2], d, num_heads, n).transpose(-3, -2)
            Q = heads(params["Wq"] @ Xq + params["bq"][:, None], Nq)
            K = heads(params["Wk"] @ Xkv + params["bk"][:, None], Nk)
            V = heads(params["Wv"] @ Xkv + params["bv"][:, None], Nk)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            merged = out.transpose(-3, -2).reshape(*out.shape[:-3], D, Nq)
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # Q, K, V fused into one projection with a stacked in_proj weight, applied to Xq alone (the self-attention case):
    # keys and values come from the queries, so cross-attention ignores Xkv. Same inputs as above (Xq (4, 3), Xkv (4,
    # 2), H = 2): model column 0 [-0.2336, 1.2054, -1.4479, -1.0961], entry [8.0025, 4.6510, 1.1151, 4.3606]. Passes the
    # visible tests.
    "blind38_mha_fused_qkv_from_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # one fused projection for Q, K and V (as nn.MultiheadAttention's in_proj_weight)
            W_in = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            b_in = torch.cat([params["bq"], params["bk"], params["bv"]])
            Q, K, V = (W_in @ Xq + b_in[:, None]).chunk(3, dim=-2)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                    split_heads(V, num_heads), mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Attention inlined and the scale hoisted as 1/sqrt(D) from Xq's width instead of each head's 1/sqrt(D/H). Same
    # inputs as above: model column 0 [-0.2336, 1.2054, -1.4479, -1.0961], entry [-0.3233, 1.1726, -1.4722, -1.1597].
    # Fails the visible tests.
    "blind38_mha_inlined_scale_full_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            from .masking import apply_mask
            from .softmax import softmax_cols
            # attention inlined; the scale hoisted out of the per-head computation
            scale = 1.0 / math.sqrt(Xq.shape[-2])
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Mean and variance fused into torch.std_mean, and eps moved to the standard deviation: (X - mean) / (std + eps)
    # instead of / sqrt(var + eps). X = [[0], [0.01]] float64, gamma 1, beta 0: model [-0.8452, 0.8452], entry [-0.9980,
    # 0.9980]. Fails the visible tests.
    "blind38_layer_norm_std_plus_eps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # torch.std_mean does both reductions in one pass
            std, mean = torch.std_mean(X, dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / (std + eps) + beta[:, None]
'''),
    # Centres X in place (X.sub_(mean)) when X does not require grad, 'to save a copy at inference': the value is right,
    # the caller's X is overwritten with its centred copy. X = [[1, 2], [3, 5]], gamma 1, beta 0: both return [[-1, -1],
    # [1, 1]]; afterwards X is [[-1, -1.5], [1, 1.5]] under the entry. Fails the visible tests (through
    # transformer_layer's pre-LN residual).
    "blind38_layer_norm_inplace_centre": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            centred = X.sub_(mean) if not X.requires_grad else X - mean   # save a copy when not training
            variance = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred * torch.rsqrt(variance + eps) + beta[:, None]
'''),
    # The two biases 'folded together' as W2 relu(W1 X) + (W2 b1 + b2), which moves b1 outside the ReLU. X = [[1, -1]],
    # W1 = [[1]], b1 = [-2], W2 = [[1]], b2 = [0]: model [[0, 0]], entry [[-1, -2]]. Passes the visible tests.
    "blind38_feed_forward_bias_after_relu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # biases folded into one addition at the end: W2 (relu(W1 X) + b1) + b2 = W2 relu(W1 X) + (W2 b1 + b2)
            return W2 @ torch.relu(W1 @ X) + (W2 @ b1 + b2)[:, None]
'''),
    # The two norm helpers merged into one loop over the sublayers with a single norm() bound to gamma1/beta1: the
    # second norm uses LN1's gain and shift (the same as the model when both are ones and zeros, as freshly
    # initialised). X (4, 3) float64, random layer params with distinct gammas and betas, H = 2, post-LN: model column 0
    # [-0.5601, 0.2355, -1.4373, -0.6635], entry [-0.6267, -0.9129, 0.2297, 0.1029]. Passes the visible tests.
    "blind38_transformer_layer_shared_norm_helper": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def norm(Y):                       # one helper for both norms (they are the same operation)
                return layer_norm(Y, params["gamma1"], params["beta1"])
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            for sublayer in (attend, think):
                X = X + sublayer(norm(X)) if norm_first else norm(X + sublayer(X))
            return X
'''),
    # Refactored into one loop over (sublayer, gamma, beta); the pre-LN branch normalises X in place of the residual
    # stream (X = LN(X); X = X + f(X)), so the skip carries LN(X) instead of X. Same inputs, norm_first=True: model
    # column 0 [23.6524, -6.1561, 13.3658, 11.2838], entry [15.9046, -13.9872, 15.0932, 7.1024]. Fails the visible
    # tests.
    "blind38_transformer_layer_prenorm_residual_from_normed": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            steps = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            ]
            for sublayer, g, b in steps:
                if norm_first:
                    X = layer_norm(X, params[g], params[b])
                    X = X + sublayer(X)
                else:
                    X = layer_norm(X + sublayer(X), params[g], params[b])
            return X
'''),
    # Collapsed into three statements; the cross-attention residual adds the stale name X_dec instead of the output of
    # the first block: LN2(X_dec + cross(X)) instead of LN2(X + cross(X)). X_dec (4, 3), X_enc (4, 2) float64, random
    # weights (the cross-attention weights flipped), H = 2: model column 0 [-0.2136, -2.8422, 0.1665, -1.3110], entry
    # [-0.2133, -2.8415, 0.1606, -1.3067]. Passes the visible tests.
    "blind38_decoder_layer_stale_residual_name": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X_dec + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # softmax_cols(scores[..., None]) 'simplified' to torch.softmax(scores, -1): a state whose mask hides every position
    # gets NaN weights and context instead of zeros. s = [1, 0], H = [[1, 2], [3, 4]], random W, U, v, mask [False,
    # False]: model ([0, 0], [0, 0]), entry ([nan, nan], [nan, nan]). Fails the visible tests.
    "blind38_additive_attention_torch_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = v @ hidden                                     # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)                 # the library softmax over the positions
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # The GRU's two products fused into one matmul over [x; h] with [W_ih W_hh]: the reset gate then multiplies the
    # whole candidate pre-activation (tanh(r ⊙ (W_in x + b_in + W_hn h + b_hn))) instead of only its hidden part
    # (tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn))). s_prev [1, -1], y_prev [0.5], H [[1, 2], [0, 1]] float64, random
    # params (D_s = 2, E = 1, D_h = 2, D_a = 3, V = 3): model s [0.9899, -1.0000], entry [0.9896, -1.0000]. Fails the
    # visible tests.
    "blind38_decoder_step_fused_gru_gates": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            xh = stack(x, s_prev)
            # one matmul for both GRU products: [W_ih W_hh] [x; h] + b_ih + b_hh
            gates = xh @ torch.cat([params["weight_ih"], params["weight_hh"]], dim=1).T \\
                + params["bias_ih"] + params["bias_hh"]
            r_pre, z_pre, n_pre = gates.chunk(3, dim=-1)
            r, z = torch.sigmoid(r_pre), torch.sigmoid(z_pre)
            n = torch.tanh(n_pre * r)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The grid flattened after a transpose (column-major), then the weights reshaped row-major: the context is right (a
    # sum over all cells does not depend on their order) but each weight lands on another cell. s [1, 0], features
    # arange(12).reshape(2, 2, 3) / 4 float64, random W, U, v: model weights [[0.1896, 0.1804, 0.1709], [0.1615, 0.1528,
    # 0.1449]], entry [[0.1896, 0.1615, 0.1804], [0.1528, 0.1709, 0.1449]]. Passes the visible tests.
    "blind38_grid_attention_column_major_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)            # (..., C, H*W)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # torch.where(offset > 0, half, 0) replaced by the arithmetic half * (offset >= 0): offset 0 moves to the upper
    # half. offsets [-3, -1, 0, 1, 3]: model [3, 1, 0, 17, 19], entry [3, 1, 16, 17, 19]. Fails the visible tests.
    "blind38_bucket_sign_test_includes_zero": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = half * (offset >= 0).long()               # arithmetic instead of torch.where
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The cos/sin table cached in a module-level dict keyed by (D, N, base, dtype), leaving the positions out of the
    # key: K is rotated with Q's table when they share a shape, and later calls reuse stale positions. Q = K = [[1],
    # [0]], positions_q [0], positions_k [1]: model K' [0.5403, 0.8415], entry [1, 0]. Fails the visible tests.
    "blind38_rotary_cached_by_shape": ("positions", "rotary_embedding", '''
        _ROTARY_CACHE = {}

        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                key = (dim, num, base, X.dtype)
                if key not in _ROTARY_CACHE:                  # the cos/sin table depends only on the shape
                    pos = torch.arange(num) if positions is None else positions
                    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                    angles = theta[:, None] * pos.to(torch.float64)[None, :]
                    _ROTARY_CACHE[key] = (angles.cos().to(X.dtype), angles.sin().to(X.dtype))
                cos, sin = _ROTARY_CACHE[key]
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # movedim replaced by an explicit permute that puts the window-column axis before the window-row axis: windows come
    # out in column-major order over the grid of windows. X = arange(16).reshape(1, 4, 4), window 2: model windows
    # [0,1,4,5], [2,3,6,7], [8,9,12,13], [10,11,14,15]; entry swaps the second and third. Fails the visible tests.
    "blind38_window_partition_permute_grid_swapped": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            n = grid.dim()
            # permute instead of movedim: (..., C, a, p, b, q) -> (..., b, a, C, p, q)
            lead = list(range(n - 5))
            grid = grid.permute(*lead, n - 2, n - 4, n - 5, n - 3, n - 1)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The region label 2·row_wrapped + column_wrapped 'simplified' to row_wrapped + column_wrapped: the regions (wrapped
    # row, unwrapped column) and (unwrapped row, wrapped column) share label 1 and see each other in the corner window.
    # shifted_window_mask(4, 4, 2, 1)[3]: model the identity, entry also [1, 2] and [2, 1] True. Fails the visible
    # tests.
    "blind38_shifted_mask_summed_flags": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = (torch.arange(height) + shift >= height).long()
            wrapped_columns = (torch.arange(width) + shift >= width).long()
            labels = wrapped_rows[:, None] + wrapped_columns[None, :]     # one label per region
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The four strided views replaced by one reshape and movedim with the in-block axes in (row, column) order: features
    # stack TL, TR, BL, BR instead of the contract's TL, BL, TR, BR. X = [[[1, 2], [3, 4]]], gamma 1, beta 0, W = eye(2,
    # 4): model [-1.3416, 0.4472], entry [-1.3416, -0.4472]. Fails the visible tests.
    "blind38_patch_merging_reshape_row_major_blocks": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            # one reshape instead of four strided views: (..., C, H/2, p, W/2, q) -> (..., p, q, C, H/2, W/2)
            grid = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)
            n = grid.dim()
            blocks = grid.movedim((n - 3, n - 1), (n - 5, n - 4))
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (H // 2, Wd // 2))
'''),
    # The scale folded into Q and the scores written Q_g K_gᵀ (queries as rows) where the contract's (keys, queries)
    # layout is K_g Q_gᵀ; the column softmax then normalises over queries. Invisible when Wq = Wk and bq = bk (the
    # scores are symmetric). X = [[1, 0], [0, 1], [2, 0], [1, 1]] float64, Wq = Wv = Wo = I, Wk swapping channels 0 and
    # 1, zero biases, G = 1: model column 0 [1.2274, 1.0, 1.4898, 1.1698], entry [0.8302, 1.3395, 1.6089, 1.1698].
    # Passes the visible tests.
    "blind38_channel_attention_scores_not_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]) * scale, num_groups)   # scale folded into Q
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(Q @ K.transpose(-2, -1))
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The expanded distance |x|² − 2x·p + |p|² 'simplified' by dropping both |x|² (rightly: the same for every colour)
    # and |p|² (wrongly): the argmax of x·p is not the nearest colour. A one-channel pixel 0.1, palette [[0, 1]]: model
    # [[0]], entry [[1]]. Fails the visible tests.
    "blind38_quantize_dot_product_only": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            # |x - p|^2 = |x|^2 - 2 x.p + |p|^2; |x|^2 is the same for every colour, so only x.p matters
            similarity = torch.einsum("...chw,ck->...hwk", images.to(dtype), palette.to(dtype))
            return similarity.argmax(dim=-1)
'''),
    # The shift done in place on ids.long().flatten(-2) instead of a cat: for int64 ids that is a view of the caller's
    # image, which is overwritten with the inputs. ids [[1, 2], [3, 4]], sos 9: both return ([9, 1, 2, 3], [1, 2, 3,
    # 4]); afterwards ids is [[9, 1], [2, 3]] under the entry. Passes the visible tests.
    "blind38_pixel_sequence_inplace_shift": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            sequence = ids.long().flatten(-2)
            targets = sequence.clone()
            sequence[..., 1:] = targets[..., :-1]     # shift right in place instead of a cat
            sequence[..., 0] = sos_id
            return sequence, targets
'''),
    # Mean and projection swapped (project, then average) with the mean written sum / X.shape[-2] (D) instead of the
    # token count N. X = [[1, 2, 3]] (D = 1, N = 3), W = [[1]]: model [2], entry [6]. Fails the visible tests.
    "blind38_average_pool_divides_by_width": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X).sum(dim=-1) / X.shape[-2]      # project first, then average: one matmul
            return logits if b is None else logits + b
'''),
    # The per-pattern branches turned into a table of closed forms, dropping the cap w ≤ n − 1 of the local window.
    # sparse_attention_cost('local', 3, window=5): model 9, entry 3. Fails the visible tests.
    "blind38_local_cost_window_uncapped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            formulas = {
                "dense": lambda: n * n,
                "causal": lambda: n * (n + 1) // 2,
                "local": lambda: n * (2 * window + 1) - window * (window + 1),
                "strided": lambda: n * (2 * ((n - 1) // stride) + 1) - stride * ((n - 1) // stride) * ((n - 1) // stride + 1) if n else 0,
                "global": lambda: num_global * (2 * n - num_global),
            }
            return formulas[pattern]()
'''),
    # The one-hot at temperature 0 written as (logits == logits.max()): tied maxima all get 1 (and the vector no longer
    # sums to 1). logits [1, 3, 3], temperature 0: model [0, 1, 0], entry [0, 1, 1]. Fails the visible tests.
    "blind38_greedy_equality_mask": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return (logits == logits.max()).to(logits.dtype)     # one-hot without index assignment
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                probs = probs * torch.zeros_like(probs).index_fill(0, order[:top_k], 1.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = probs * torch.zeros_like(probs).index_fill(0, order[:num_kept], 1.0)
            return probs / probs.sum()
'''),
    # A preallocated output buffer instead of a cat per step; on eos the end index is set to the eos position, so the
    # eos token is dropped. A model whose next token is (last + 1) mod 4 with margin 50, prompt [0], eos_id 2,
    # temperature 0: model [0, 1, 2], entry [0, 1]. Fails the visible tests.
    "blind38_generate_buffer_drops_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            n0 = len(prompt)
            out = torch.empty(n0 + max_new_tokens, dtype=prompt.dtype)   # preallocated: no cat in the loop
            out[:n0] = prompt
            end = n0 + max_new_tokens
            for step in range(max_new_tokens):
                ids = out[: n0 + step]
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                out[n0 + step] = torch.multinomial(probs, 1, generator=generator)[0]
                if eos_id is not None and int(out[n0 + step]) == eos_id:
                    end = n0 + step
                    break
            return out[:end]
'''),
    # log_softmax + indexing replaced by -cross_entropy(logits[:, :-1].T, ids[1:]) with its default reduction='mean':
    # the average, not the sum, of the log-probabilities. All-zero logits with V = 2, ids [0, 1, 1]: model -1.3863,
    # entry -0.6931. Fails the visible tests.
    "blind38_sequence_log_prob_cross_entropy_mean": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            # the library's cross entropy does log_softmax + gather in one fused call
            return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:])
'''),
    # The two torch.where copies replaced by in-place index assignments on corrupted = ids.long(), which is ids itself
    # for int64 input: the caller's ids are corrupted too. ids [5, 6, 7, 8], V 10, special [0], mask_id 1, mask_prob 1,
    # generator seed 0: both return ([1, 1, 1, 6], [5, 6, 7, 8]); afterwards ids is [1, 1, 1, 6] under the entry. Fails
    # the visible tests.
    "blind38_mlm_inplace_on_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            labels = torch.where(chosen, ids.long(), -100)
            corrupted = ids.long()                             # in place below: no torch.where copies
            corrupted[chosen & (action < 0.8)] = mask_id
            replace = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[replace] = random_ids[replace]
            return corrupted, labels
'''),
    # The shifted draw over the other documents replaced by 'draw any document, step to the next if it is our own': the
    # document after A's own gets twice the probability. documents [[a0, a1], [b0], [c0]], 4000 calls from one seeded
    # generator: model draws b0 1026 and c0 1014 times, entry 1334 and 706. Passes the visible tests.
    "blind38_nsp_other_document_bumped": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def draw(n):
                return int(torch.randint(n, (), generator=generator))
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = draw(len(documents))
                    if pick == index:                       # simpler than the shifted draw: skip our own document
                        pick = (pick + 1) % len(documents)
                    other = documents[pick]
                    pairs.append((a, other[draw(len(other))], 1))
            return pairs
'''),
    # max(sorted(pair_counts), key=...) 'so the result does not depend on dict order': ties go to the lexicographically
    # smallest pair, not the first seen. The lecture corpus low×5 lower×2 newer×6, 2 merges: model [('w', 'e'), ('we',
    # 'r')], entry [('e', 'r'), ('er', '</w>')]. Fails the visible tests.
    "blind38_train_bpe_sorted_for_determinism": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
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
                # sorted so the result does not depend on dict order
                best = max(sorted(pair_counts), key=pair_counts.get)
                merges.append(best)
                segmentation = {word: merge_pair(symbols, best) for word, symbols in segmentation.items()}
            return merges
'''),
    # rstrip(' ') 'tidied' to strip(): leading spaces (from '</w>' tokens first, as a model's samples may give) are
    # removed too. ['</w>', 'a', '</w>', '</w>', 'b</w>']: model ' a  b', entry 'a  b'. Passes the visible tests.
    "blind38_bpe_decode_strip_both_ends": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(tokens).replace(END_OF_WORD, " ").strip()
'''),
    # A module-level cache of encoded words keyed by the word alone: a later call with other merges gets the first
    # call's tokens. bpe_encode('ab', [('a', 'b')]) then bpe_encode('ab', []): model ['ab', '</w>'] then ['a', 'b',
    # '</w>'], entry ['ab', '</w>'] twice. Fails the visible tests.
    "blind38_bpe_encode_word_cache_ignores_merges": ("bpe", "bpe_encode", '''
        _ENCODED = {}

        def bpe_encode(text, merges):
            tokens = []
            for symbols in split_words(text, "text"):
                word = "".join(symbols)
                if word not in _ENCODED:                 # words repeat: encode each distinct word once
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    _ENCODED[word] = symbols
                tokens.extend(_ENCODED[word])
            return tokens
'''),
    # The positions added to the patch tokens before the [CLS] column is prepended 'to save a copy': [CLS] never gets
    # positions[:, 0]. A 1×1 image of ones, P = 1, W = [[1]], b = [0], cls = [0], positions [[5, 7]]: model [[[5, 8]]],
    # entry [[[0, 8]]]. Fails the visible tests.
    "blind38_patch_embedding_positions_before_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # positions added to the patch tokens before the cat, the CLS column joins afterwards (saves a copy)
            tokens = W @ patchify(images, patch_size) + (b[:, None] + positions[:, 1:])
            return torch.cat([cls_token[:, None].expand(tokens.shape[0], -1, 1), tokens], dim=-1)
'''),
    # The power 10000^(2i/D) rewritten as exp((2i/D) log 10000) but multiplied where the model divides (the minus sign
    # of the inverse frequency lost): frequencies grow with i. sinusoidal_positions(2, 4)[:, 1]: model [0.8415, 0.5403,
    # 0.0100, 0.9999], entry [0.8415, 0.5403, -0.5064, 0.8623]. Fails the visible tests.
    "blind38_sinusoidal_angles_exp_form_wrong_sign": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            # 1 / 10000^(2i/D) = exp(-(2i/D) log 10000), computed with exp instead of a power
            inv_freq = torch.exp(torch.arange(0, dim, 2, dtype=dtype) * (math.log(10000.0) / dim))
            angles = positions[None, :] * inv_freq[:, None]
            table = torch.empty(dim, num_positions)
            table[0::2] = angles.sin()
            table[1::2] = angles[: dim // 2].cos()
            return table
'''),
}

RIGHT_BLIND_38 = {
    # Both masked_fill guards replaced by arithmetic: nan_to_num(neginf=0) maps an all -inf column's max to 0 exactly as
    # masked_fill does (a max of +inf or NaN is outside the contract), and column_sum + (column_sum == 0) adds exactly 1
    # where the sum is 0 and 0 elsewhere.
    "blind38_softmax_arithmetic_guards": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.nan_to_num(column_max, neginf=0.0)    # an all -inf column shifts by 0
            exps = (scores - column_max).exp()
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / (column_sum + (column_sum == 0).to(exps.dtype))   # + 1 exactly where the sum is 0
'''),
    # The 1/sqrt(D_k) moved from the (N_k, N_q) scores onto Q before an einsum for KᵀQ: the product is bilinear, so the
    # scores are equal up to rounding; masking, softmax and V @ weights are unchanged.
    "blind38_sdpa_scale_hoisted_onto_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q / math.sqrt(Q.shape[-2]))
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # split_heads/merge_heads replaced by unflatten(-2, (H, D/H)) and flatten(-3, -2) (the same contiguous blocks of
    # rows), linear by W @ X + b[:, None], and mask.unsqueeze(-3) by mask[..., None, :, :], which inserts the same axis
    # for masks of any rank.
    "blind38_mha_mask_head_axis_by_indexing": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            q = (params["Wq"] @ Xq + params["bq"][:, None]).unflatten(-2, (num_heads, d))
            k = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, d))
            v = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, d))
            heads, _ = scaled_dot_product_attention(q, k, v, None if mask is None else mask[..., None, :, :])
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # var_mean with correction=0 is the biased variance and the mean in one call; gamma is folded into rsqrt(var + eps)
    # before multiplying (X - mean): (X - μ)·(γ/σ) + β equals γ(X - μ)/σ + β up to rounding, eps still inside the square
    # root.
    "blind38_layer_norm_rsqrt_one_pass": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            scale = gamma[:, None] * torch.rsqrt(var + eps)            # fold gamma into the 1/std factor
            return (X - mean) * scale + beta[:, None]
'''),
    # Tokens moved to rows so F.linear (x Wᵀ + b) does each projection, with the ReLU as an in-place clamp_ on the fresh
    # hidden tensor (never an input), then transposed back: W2 relu(W1 X + b1) + b2 with any leading batch axes.
    "blind38_feed_forward_linear_on_transposes": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            F = torch.nn.functional
            hidden = F.linear(X.transpose(-2, -1), W1, b1).clamp_(min=0)   # tokens as rows; relu in place
            return F.linear(hidden, W2, b2).transpose(-2, -1)
'''),
    # The two sublayers in a loop with their own norm index (k bound per iteration through a default argument, so no
    # late-binding slip): post-LN X = LN_k(X + f(X)), pre-LN X = X + f(LN_k(X)), in the contract's order.
    "blind38_transformer_layer_sublayer_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "2"),
            )
            for sublayer, k in sublayers:
                norm = lambda Y, k=k: layer_norm(Y, params["gamma" + k], params["beta" + k])
                X = X + sublayer(norm(X)) if norm_first else norm(X + sublayer(X))
            return X
'''),
    # The three residual + layer-norm steps as a loop over (self-attention with the causal mask, cross-attention with
    # enc_mask, FFN), each followed by LN_i with gamma_i/beta_i; the residual uses the running X every time.
    "blind38_decoder_layer_zip_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            X = X_dec
            for i, block in enumerate(blocks, start=1):
                X = layer_norm(X + block(X), params[f"gamma{i}"], params[f"beta{i}"])
            return X
'''),
    # vᵀ tanh(W s + U h_i) for all i as one matvec v @ tanh(...) (v (D_a,) against (..., D_a, N)), W s as W @ s[...,
    # None], the masked softmax still softmax_cols on a column (so a fully hidden state gets zeros), and the context as
    # an einsum over the positions.
    "blind38_additive_attention_matvec": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = v @ torch.tanh(U @ H + (W @ s.unsqueeze(-1)))        # (..., N): v^T tanh(...) as one matvec
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-2).transpose(-2, -1)).squeeze(-1)
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # The GRU written with gate slices instead of chunk and the update as n + z (h - n), which equals (1 - z) n + z h
    # algebraically (and broadcasts the same way); attention with s_prev and the read-out as in the model answer.
    "blind38_decoder_step_gru_lerp_form": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            gi = stack(y_prev, context) @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            D = s_prev.shape[-1]
            r = torch.sigmoid(gi[..., :D] + gh[..., :D])
            z = torch.sigmoid(gi[..., D:2 * D] + gh[..., D:2 * D])
            n = torch.tanh(gi[..., 2 * D:] + r * gh[..., 2 * D:])
            s = n + z * (s_prev - n)                    # (1 - z) n + z h, one multiplication fewer
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Half-pairing written as the rotate_half form X·cos + rotate_half(X)·sin with the angle table repeated over both
    # halves: top' = top cos - bottom sin, bottom' = bottom cos + top sin, the contract's formula; angles still built in
    # float64 and cast to X's dtype.
    "blind38_rotary_rotate_half_form": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                pos = torch.arange(num) if positions is None else positions
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * pos.to(torch.float64)[None, :]).repeat(2, 1)   # (D, N)
                half = dim // 2
                rotated = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)      # rotate_half
                return X * angles.cos().to(X.dtype) + rotated * angles.sin().to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The single region label replaced by two window-partitioned flags (row wrapped, column wrapped) and the mask as the
    # AND of their equalities: both-or-neither along each axis, exactly the contract's definition.
    "blind38_shifted_mask_per_axis_comparisons": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height)[:, None].expand(height, width)
            cols = (torch.arange(width) + shift >= width)[None, :].expand(height, width)
            r = window_partition(rows[None].long(), window)[:, 0]          # (nW, M*M)
            c = window_partition(cols[None].long(), window)[:, 0]
            return (r[:, :, None] == r[:, None, :]) & (c[:, :, None] == c[:, None, :])
'''),
    # The four strided views replaced by one reshape to (..., C, H/2, p, W/2, q) and a movedim that puts q outside p
    # before C: the 4C features come out as (q, p) = (0, 0), (0, 1), (1, 0), (1, 1) = TL, BL, TR, BR, the contract's
    # order; layer norm and W @ unchanged.
    "blind38_patch_merging_single_reshape": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            # (..., C, H/2, p, W/2, q) -> (..., q, p, C, H/2, W/2): q outer, p inner gives TL, BL, TR, BR
            grid = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)
            n = grid.dim()
            blocks = grid.movedim((n - 1, n - 3), (n - 5, n - 4))
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (H // 2, Wd // 2))
'''),
    # Uses the contract's stated equivalence: scaled_dot_product_attention on the transposed groups (Q_gᵀ, K_gᵀ, V_gᵀ,
    # whose D_k is N, so the default scale 1/sqrt(N)), transposed back; a given scale is applied by pre-multiplying Q by
    # scale·sqrt(N) (scale 0 gives uniform weights in both).
    "blind38_channel_attention_via_sdpa": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))        # sdpa divides by sqrt(N); undo it for a given scale
            out, _ = scaled_dot_product_attention(Q, K, V)  # D_k = N: the default scale 1/sqrt(N)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # The shift as roll(1) (a new tensor, never a view of ids) whose first element, the wrapped-around last pixel, is
    # overwritten with sos_id: [sos, t0, ..., t_{N-2}]; a 1×1 image gives [sos].
    "blind38_pixel_sequence_roll_then_overwrite": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = targets.roll(1, dims=-1)        # a new tensor: last pixel wraps to the front ...
            inputs[..., 0] = sos_id                  # ... and is replaced by the start token
            return inputs, targets
'''),
    # Projection and mean swapped: W (mean_n x_n) = mean_n (W x_n) since both are linear; the bias is added once after
    # the mean.
    "blind38_average_pool_project_then_mean": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X).mean(dim=-1)            # mean and projection commute (both linear)
            return logits if b is None else logits + b
'''),
    # i - j is a multiple of s exactly when i and j have the same residue mod s, so comparing the residues (keys as a
    # column, queries as a row) gives the same mask; ValueError for stride < 1 from the stub's check.
    "blind38_strided_mask_residues": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residue = torch.arange(n) % stride
            return residue[:, None] == residue[None, :]     # i - j divisible by s  <=>  same residue mod s
'''),
    # The stable descending sort is done once and reused for top-p: top-k keeps the first k tokens of that order and
    # renormalising by a positive constant keeps their order (ties stay in id order), while the dropped tokens are zeros
    # after them, so the cumulative prefix is the same; top-k is written as ranks < k (ranks = order.argsort()),
    # torch.where as multiplication by the keep mask, greedy as one_hot(argmax) (first maximum).
    "blind38_top_p_reuses_first_sort": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(logits.argmax(), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices     # sorted once, reused below
            if top_k is not None:
                probs = probs * (torch.arange(len(probs)) < top_k)[order.argsort()]
                probs = probs / probs.sum()
            if top_p is not None:
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros(len(probs), dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = probs * keep
            return probs / probs.sum()
'''),
    # ids[-(context_size or 0):] crops to the last context_size ids and is all of ids when context_size is None
    # (ids[-0:] = ids[0:]); eos compared with next_id.item() == eos_id (never equal when eos_id is None); same draws as
    # the model answer for a seeded generator.
    "blind38_generate_context_slice_or_zero": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                logits = model(ids[-(context_size or 0):])[:, -1]     # ids[-0:] is all of ids
                next_id = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1,
                                            generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if next_id.item() == eos_id:
                    break
            return ids
'''),
    # Fancy indexing log_probs[ids[1:], arange(N - 1)] replaced by gather along the vocabulary axis of columns 0 .. N-2
    # with the (1, N-1) index ids[None, 1:]: the same entries, one model call; N = 1 sums nothing (0).
    "blind38_sequence_log_prob_gather": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = model(ids).log_softmax(dim=0)[:, :-1]        # columns 0 .. N-2
            return log_probs.gather(0, ids[None, 1:]).sum()
'''),
    # One uniform draw u does both jobs: chosen iff u < p (and not special), and given u < p, u/p is uniform on [0, 1),
    # so u < 0.8p is the 80 % [MASK] case and 0.8p ≤ u < 0.9p the 10 % random case; torch.where replaced by integer
    # arithmetic (ids + flag·(new − ids)). Only the distribution is graded (different draws from the model answer for a
    # seed).
    "blind38_mlm_single_uniform_draw": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            u = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            chosen = (u < mask_prob) & ~torch.isin(ids, special)
            # one draw does both jobs: given u < p, u / p is uniform on [0, 1)
            to_mask = chosen & (u < 0.8 * mask_prob)
            to_random = chosen & (u >= 0.8 * mask_prob) & (u < 0.9 * mask_prob)
            corrupted = ids + to_mask * (mask_id - ids) + to_random * (random_ids - ids)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Counter.most_common(1) is heapq.nlargest(1, ...), which for n = 1 is max(..., key=count): the first maximum in
    # insertion order, the contract's tie rule; the loop runs while fewer than num_merges merges are learned and stops
    # when no pair is left.
    "blind38_train_bpe_most_common": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            while len(merges) < num_merges:
                counts = Counter()
                for w, f in freq.items():
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] += f
                if not counts:
                    break
                (best, _), = counts.most_common(1)        # most_common(1) is max(): the first maximum
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Each distinct word is encoded once per call (a cache local to the call, so the merges are fixed while it lives);
    # repeated words reuse the same tokens, which is what replaying the merges on them would give.
    "blind38_bpe_encode_local_word_cache": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            cache = {}                                  # per call: the merges are fixed within it
            tokens = []
            for symbols in split_words(text, "text"):
                key = tuple(symbols)
                if key not in cache:
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    cache[key] = symbols
                tokens.extend(cache[key])
            return tokens
'''),
    # F.unfold with kernel and stride P returns (B, C·P·P, L): each column a block flattened in (channel, row, column)
    # order, blocks in row-major order, exactly the contract's layout (the order of Conv2d(C, D, P,
    # stride=P).weight.reshape(D, -1)); the stub's ValueError for H or W not divisible by P is kept.
    "blind38_patchify_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            # unfold's columns are (C, kh, kw)-flattened blocks in row-major block order: the same layout
            return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # Indexing the rows of Ω_eᵀ gives (..., N, D); transposing the last two axes gives (..., D, N), the same as Ω_e[:,
    # ids].movedim(0, -2).
    "blind38_embed_transposed_table": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e.T[token_ids].transpose(-2, -1)        # rows of Ω_eᵀ, then tokens back to columns
'''),
    # The slice assignments table[0::2] = sin, table[1::2] = cos replaced by stacking sin and cos on a new axis and
    # reshaping to interleave their rows; an odd D drops the last (extra) cosine row with [:dim], leaving a final sine
    # row. Same angle formula as the model answer, default dtype.
    "blind38_sinusoidal_stack_interleave": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            angles = positions[None, :] / 10000 ** (torch.arange(0, dim, 2, dtype=dtype)[:, None] / dim)
            # interleave sin/cos rows by stacking on a new axis; an odd D drops the last cosine row
            table = torch.stack([angles.sin(), angles.cos()], dim=1)            # (ceil(D/2), 2, N)
            return table.reshape(2 * angles.shape[0], num_positions)[:dim]
'''),
    # torch.nn.functional.one_hot gives (..., N, V) int64 with the same ones; movedim(-1, -2) puts V before N and .to()
    # gives the requested or default float dtype; the stub's range check raises first for ids outside [0, V).
    "blind38_one_hot_library_call": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            out = torch.nn.functional.one_hot(token_ids, vocab_size).movedim(-1, -2)
            return out.to(dtype or torch.get_default_dtype())
'''),
}
