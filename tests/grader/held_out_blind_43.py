"""Forty-fourth blind batch of held-out implementations (prefix blind43_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_41.py) were only skimmed (and their entries compared line by line with these, by
a script) so that none of their entries is repeated. Nothing else under grader/ or tests/ was opened, grepped or run,
nor docs/grading.md, nor the batch written at the same time (held_out_blind_42.py).

Emphasis: code tuned until the visible tests pass. Every wrong entry passes its exercise's visible tests and breaks
the contract where those tests do not look; the blind spots were found by experiment (about 60 deliberately broken
variants were run, and those the visible tests caught were dropped: among them causal masks sized by the encoder,
unmasked pre-LN, a pixel-major patch flatten, a missing top-k clamp, an interleaved channel grouping, uncapped local
costs, rotary keys at default positions). What is left: a special case for the test's layout (a feature axis, a scale
axis or a head split read from the rank, a mask given a head axis only at rank three, a padding-shaped enc_mask, a
square enc_mask read transposed, a softmax axis for at most one batch axis), for the test's sizes (a 64x64 causal
table, a band built from diagonals that needs window <= n, a key axis sized by the longest length, two heads, ids
that reach V - 1, wrapped columns flagged against the height, two documents), for the test's dtype (float32 under
the default dtype: one_hot, sinusoidal_positions, an additive apply_mask), for the test's values (ReLU6, pre-LN eps
1e-6, the third norm sharing gamma2, a hidden position that dominates after the softmax, a top-p sum that hits p
exactly, ties between beams, random ids avoiding the special range), for the test's models and calls (a prefix-only
model call, greedy decoding without a generator, a contiguous image, decoded text that always ends in "</w>").
Right entries: correct code in styles of their own (a patch loop, city-block distances, index_select, var_mean with
rsqrt and addcmul, einsum channel groups, a stable sort for the BPE tie rule, complex exponentials for the position
table and for RoPE, a row softmax of the transpose, an explicit beam tie key, pixel_unshuffle reordered, top-k on
the logits).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind43/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests: all 43 entries pass them. Each wrong entry's
recorded input was run on the model answer and on the entry and both results printed; each differs as its comment
says. Right entries were compared with the model answer under both default dtypes on float32 and float64 inputs (to
2e-5 and 1e-10; exactly for masks, ids, strings and counts), batched (one and two batch axes, broadcast, padding and
causal masks, a query that sees no key) and not, non-contiguous inputs, sizes of 1 (and 0 where the model answer
accepts them), a thousand times the usual scale (1e4 for softmax_cols), exact zeros, eps=0.0 and scale=0.0, keyword
calls, the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every
floating-point input with a random cotangent (not for the sampling, BPE, mask and count functions).

Judgement calls: blind43_sequence_log_prob_scores_prefix_only is wrong only for a model whose column n - 1 depends on
tokens after n - 1 (a non-causal callable); the contract defines the score through one call on ids, so it is kept
as wrong, but it is the most borderline entry. blind43_additive_attention_mask_after_softmax differs only when a
hidden position's score exceeds the visible ones by about 100 or more (the contract's thousand-times scale);
blind43_ntp_top_p_searchsorted_right only when a cumulative sum equals top_p exactly;
blind43_transformer_layer_pre_ln_hf_eps only where a column's variance is near eps (within float32 tolerance
elsewhere, but float64 is held to float64 accuracy); blind43_mlm_random_tokens_avoid_special_range and
blind43_nsp_other_document_is_previous only in distribution (the latter needs three or more documents). Dropped as unsure: a softmax
through logsumexp and an attention with log-space weights (float32 errors near the contract's 1e4 * 2^-24 bound,
gradient errors at a thousand times the scale), and a beam search that stops once the top beam is finished (it is
in fact right: scores only fall, so a finished top beam stays on top). The strided cost with m = n // s instead of
(n - 1) // s turned out right as well (the extra offset holds no pair) but repeats an earlier batch's entry, as did
nineteen other candidates (dropped). No right entry differs from the model answer on any input
the model answer accepts. Fewer entries than asked (about 55 / 35): the time box, the dropped candidates, and the
forty-odd earlier batches' coverage of these functions.

Counts: 28 wrong, 15 right, as written; 27 wrong and 16 right as counted (one reclassified right by the grader's
maintainer, with its reason above it; the per-function counts below are as written).
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'beam_search': 1, 'bpe_decode': 1, 'causal_mask': 1,
'cross_attention': 2, 'decoder_layer': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1,
'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 2, 'padding_mask': 1,
'pixel_sequence': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1,
'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 2}.
Right per function: {'additive_attention': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1,
'dequantize_pixels': 1, 'embed': 1, 'layer_norm': 1, 'local_mask': 1, 'next_token_probs': 1, 'patch_merging': 1,
'patchify': 1, 'rotary_embedding': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_43 = {
    # Builds the table with dtype=dtype or torch.float32 (a scatter into zeros): the visible tests run under the float32
    # default, so the missing default dtype never shows. Under torch.set_default_dtype(torch.float64), one_hot([1, 0],
    # 2): model float64 [[0, 1], [1, 0]], entry the same values in float32. Passes the visible tests.
    "blind43_one_hot_float32_unless_dtype_given": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            T = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype or torch.float32)
            return T.scatter(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # Normalises axis 0 for a matrix and axis 1 otherwise: right for (M, N) and (B, M, N), the layouts the visible tests
    # use, wrong with two batch axes. scores [[[[0, 1], [2, 0]]]] (1, 1, 2, 2): model [[0.1192, 0.7311], [0.8808,
    # 0.2689]], entry all ones (normalised over the size-1 axis). Passes the visible tests.
    "blind43_softmax_cols_dim_one_for_batched": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            axis = 0 if scores.dim() == 2 else 1
            top = scores.amax(dim=axis, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            e = torch.exp(scores - top)
            total = e.sum(dim=axis, keepdim=True)
            return e / torch.where(total > 0, total, torch.ones_like(total))
'''),
    # Slices a precomputed 64x64 upper-triangular table: right for every n <= 64 (all the visible tests use), a 64x64
    # mask for any larger n. causal_mask(65): model shape (65, 65), entry (64, 64). Passes the visible tests.
    "blind43_causal_mask_sliced_from_fixed_table": ("masking", "causal_mask", '''
        _TABLE = torch.ones(64, 64, dtype=torch.bool).triu()

        def causal_mask(n):
            return _TABLE[:n, :n].clone()
'''),
    # Adds one torch.diag(ones(n - |d|), d) per offset |d| <= window: fine while window <= n, but a window wider than
    # the sequence asks for a negative size. local_mask(2, 3): model all True (2, 2), entry RuntimeError (negative
    # dimension -1). Passes the visible tests.
    "blind43_local_mask_diagonal_sum_below_n": ("masking", "local_mask", '''
        def local_mask(n, window):
            band = torch.zeros(n, n)
            for d in range(-window, window + 1):
                band = band + torch.diag(torch.ones(n - abs(d)), d)
            return band > 0
'''),
    # Sizes the key axis by lengths.max() instead of n: right whenever some sequence is full (as in the visible tests),
    # too short otherwise. padding_mask([1, 2], 3): model (2, 3, 1) [[T, F, F], [T, T, F]], entry (2, 2, 1) [[T, F], [T,
    # T]]. Passes the visible tests.
    "blind43_padding_mask_width_from_longest_length": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            width = int(lengths.max()) if lengths.numel() else n
            return (torch.arange(width)[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # Reads D_k from axis 0 of an unbatched Q and axis 1 otherwise, the (B, D_k, N) layout of the tests: with two batch
    # axes it divides by sqrt(H). Q (1, 3, 2, 1) with column [1, 0], K columns [1, 0] and [0, 0], V [[0, 1]] (same in
    # every head): model weights [0.6698, 0.3302], output 0.3302; entry (scale 1/sqrt(3)) [0.6405, 0.3595], 0.3595.
    # Passes the visible tests.
    "blind43_sdpa_scale_read_from_axis_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[0] if Q.dim() == 2 else Q.shape[1]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Splits the heads with reshape(H, d, N) or reshape(B, H, d, N): right unbatched and with one batch axis, broken for
    # two. X (2, 1, 4, 2), H = 2, random weights: model returns (2, 1, 4, 2), entry raises RuntimeError (shape '[2, 2,
    # 0, 4]' is invalid). Passes the visible tests.
    "blind43_mha_split_handles_one_batch_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(Y):
                if Y.dim() == 2:
                    return Y.reshape(num_heads, Y.shape[0] // num_heads, Y.shape[1])
                return Y.reshape(Y.shape[0], num_heads, Y.shape[1] // num_heads, Y.shape[2])
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(out.reshape(Xq.shape[:-2] + (dim, Xq.shape[-1])), params["Wo"], params["bo"])
'''),
    # Normalises axis 0 of a matrix and axis 1 of anything else: right for (D, N) and (B, D, N), wrong with two batch
    # axes. X = [[1, 2], [3, 5]] as (1, 1, 2, 2), gamma 1, beta 0: model [[-1, -1], [1, 1]], entry all zeros (normalised
    # over the size-1 axis). Passes the visible tests.
    "blind43_layer_norm_feature_axis_from_rank": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            axis = 0 if X.dim() == 2 else 1
            mu = X.mean(dim=axis, keepdim=True)
            var = ((X - mu) ** 2).mean(dim=axis, keepdim=True)
            return gamma[:, None] * (X - mu) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # Pre-LN with GPT-2's layer-norm eps 1e-6 instead of the contract's 1e-5 (post-LN keeps 1e-5): invisible at float32
    # tolerance on well-spread columns, visible where a column's variance is near eps. X (4, 2) float64 with columns [1,
    # 1, 1, 1] and [0, 0, 0, 0.001], random weights, H = 2, norm_first=True: output [0, 1] model 0.1818, entry 0.0649
    # (largest difference 2.06). Passes the visible tests.
    "blind43_transformer_layer_pre_ln_hf_eps": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            if norm_first:
                # pre-LN as in GPT-2: eps 1e-6
                X = X + mha(layer_norm(X, params["gamma1"], params["beta1"], 1e-6))
                return X + ffn(layer_norm(X, params["gamma2"], params["beta2"], 1e-6))
            X = layer_norm(X + mha(X), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Top-p cut with searchsorted(cumulative, p, right=True) + 1: when a cumulative sum equals p exactly, the crossing
    # token is already in and one more is kept. logits log([0.5, 0.25, 0.25]), top_p = 0.5: model [1, 0, 0], entry
    # [0.6667, 0.3333, 0]. Passes the visible tests.
    "blind43_ntp_top_p_searchsorted_right": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[logits.argmax()] = 1
                return out
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < probs.numel():
                idx = torch.sort(probs, descending=True, stable=True).indices[top_k:]
                probs = probs.index_fill(0, idx, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_p, idx = torch.sort(probs, descending=True, stable=True)
                cum = sorted_p.cumsum(0)
                n_keep = min(int(torch.searchsorted(cum, torch.tensor([top_p], dtype=cum.dtype), right=True)) + 1,
                             probs.numel())
                probs = probs.index_fill(0, idx[n_keep:], 0.0)
            return probs / probs.sum()
'''),
    # The random B always comes from the previous document (documents[d - 1]): with two documents, as in the visible
    # tests, that is the only other document, so nothing shows; with three it is not uniform. documents [[a1, a2], [b1,
    # b2], [c1, c2]], seeds 0..5: the model's label-1 B for b1 is c1, c2, a1 (seeds 0, 1, 5), the entry's is always a
    # sentence of document a (a2, a1, a2). Passes the visible tests.
    "blind43_nsp_other_document_is_previous": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            out = []
            for d, doc in enumerate(documents):
                for k in range(len(doc) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        out.append((doc[k], doc[k + 1], 0))
                    else:
                        other = documents[d - 1]
                        j = torch.randint(len(other), (), generator=generator).item()
                        out.append((doc[k], other[j], 1))
            return out
'''),
    # Flattens with .view, which needs a contiguous image: ids = arange(6).reshape(2, 3).T (a (3, 2) transpose): model
    # targets [0, 3, 1, 4, 2, 5], inputs [9, 0, 3, 1, 4, 2] (sos 9); entry RuntimeError (view size is not compatible).
    # Passes the visible tests.
    "blind43_pixel_sequence_view_flatten": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            t = ids.long().view(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1])
            start = torch.full_like(t[..., :1], sos_id)
            return torch.cat([start, t[..., :-1]], -1), t
'''),
    # Flags wrapped columns with `+ shift >= height`: right on square grids (the visible tests), wrong when H != W.
    # shifted_window_mask(2, 4, 2, 1): model window 0 has two 2x2 True blocks and window 1 is the identity; the entry
    # gives them the other way round. Passes the visible tests.
    "blind43_shifted_window_mask_height_threshold_for_columns": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= height).long()
            lab = window_partition((2 * rows[:, None] + cols[None, :])[None], window)[:, 0]
            return lab[:, :, None] == lab[:, None, :]
'''),
    # Adds torch.where(mask, 0.0, -inf), a tensor of the default dtype: values right, but under a float64 default a
    # float32 score matrix comes back float64. scores zeros (2, 2) float32, mask [[T, F], [T, T]], default float64:
    # model float32 [[0, -inf], [0, 0]], entry float64. Passes the visible tests.
    "blind43_apply_mask_additive_where_default_dtype": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.where(mask, 0.0, float("-inf"))
'''),
    # Builds and returns the table in float32 always: right under the float32 default of the visible tests, wrong dtype
    # under a float64 default. sinusoidal_positions(2, 2) with default float64: model float64 [[0, 0.8415], [1,
    # 0.5403]], entry the same values in float32. Passes the visible tests.
    "blind43_sinusoidal_table_built_in_float32": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            pos = torch.arange(num_positions, dtype=torch.float32)[None, :]
            freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float32) / dim)
            out = torch.zeros(dim, num_positions, dtype=torch.float32)
            out[0::2] = torch.sin(freq[:, None] * pos)
            out[1::2] = torch.cos(freq[: dim // 2, None] * pos)
            return out
'''),
    # F.one_hot(token_ids) without num_classes: the table is max(id) + 1 rows, which equals V only when the ids reach V
    # - 1. one_hot([0, 1], 3): model (3, 2) [[1, 0], [0, 1], [0, 0]], entry (2, 2). Passes the visible tests.
    "blind43_one_hot_classes_inferred_from_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            T = torch.nn.functional.one_hot(token_ids)
            return T.transpose(-1, -2).to(dtype or torch.get_default_dtype())
'''),
    # Removes the last character instead of stripping trailing spaces: right for bpe_encode's output (which always ends
    # in "</w>"), wrong for a model's samples. ["lo", "w</w>", "er"]: model "low er", entry "low e". Passes the visible
    # tests.
    "blind43_bpe_decode_drops_last_character": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace("</w>", " ")
            return text[:-1] if text else text
'''),
    # Keeps only enc_mask[..., :1], the shape of a padding mask: right for (B, N_e, 1) masks (the visible tests), wrong
    # for a full (N_e, N_d) mask. X_dec, X_enc (2, 2) random, H = 1, enc_mask [[T, F], [T, T]]: model column 1 [0.3640,
    # 1.3676], entry [0.4629, 0.8640] (query 1 given query 0's mask). Passes the visible tests.
    "blind43_cross_attention_mask_first_query_column": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask[..., :1]          # a padding mask: one column for every query
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The third layer norm takes gamma2 (with beta3): invisible when the tests' gains are equal. X_dec = I (2, 2), X_enc
    # [[1, 2], [0, 1]], H = 1, gamma_i = i * [1, 2], zero biases: model [[3, -3], [-6, 6]], entry [[2, -2], [-4, 4]].
    # Passes the visible tests.
    "blind43_decoder_layer_third_norm_gamma2": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal_mask(n)),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma2"], params["beta3"])
'''),
    # Sorts candidates by (-score, sequence): ties go to the lexicographically smaller sequence, not the earlier beam.
    # Prompt [0], V = 3, first step logits [0, log 2, -inf], after token 1 logits [0, 0, -inf], after token 0 [0, -inf,
    # -inf]; width 2, 2 steps: beams [0, 1] (log 2/3) then [0, 0] (log 1/3), and three candidates tie exactly at log 1/3
    # (float64); model [0, 1, 0] (the earlier beam), entry [0, 0, 0]. Passes the visible tests.
    "blind43_beam_search_ties_to_smaller_sequence": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                cand = []
                for score, seq, done in beams:
                    if done:
                        cand.append((score, seq, True))
                        continue
                    lp = torch.log_softmax(model(torch.tensor(seq, dtype=prompt.dtype))[:, -1].double(), 0)
                    cand.extend((score + l, seq + [t], t == eos_id) for t, l in enumerate(lp.tolist()))
                cand.sort(key=lambda c: (-c[0], c[1]))
                beams = cand[:beam_width]
                if all(c[2] for c in beams):
                    break
            return torch.tensor(beams[0][1], dtype=prompt.dtype)
'''),
    # Adds the head axis only to a (B, N_k, N_q) mask (mask[:, None]); a mask with two batch axes is left without one. X
    # (2, 3, 4, 2), H = 2, mask [[T, F], [T, T]] expanded to (2, 3, 2, 2): model returns (2, 3, 4, 2), entry
    # RuntimeError (size 3 vs 2 at dimension 2). Passes the visible tests.
    "blind43_mha_mask_head_axis_for_rank_three_only": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() == 3:
                mask = mask[:, None]                    # (B, N_k, N_q) -> (B, 1, N_k, N_q)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # ReLU6 (hardtanh 0..6) instead of ReLU: equal while the hidden units stay below 6, as on the visible tests' inputs.
    # X = [[10]], W1 = W2 = [[1]], zero biases: model [[10]], entry [[6]]. Passes the visible tests.
    "blind43_feed_forward_hidden_capped_at_six": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            h = torch.nn.functional.hardtanh(W1 @ X + b1[:, None], 0.0, 6.0)
            return W2 @ h + b2[:, None]
'''),
    # Passes 2 heads to multi_head_attention whatever num_heads says (and defaults num_heads to 2), the count of the
    # visible tests. X (4, 3), random weights, num_heads=4: model column 0 [1.4502, -0.2605, 0.1540, -1.3436], entry
    # [1.3848, -0.4370, 0.3752, -1.3230]. Passes the visible tests.
    "blind43_transformer_layer_heads_fixed_at_two": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads=2, mask=None, norm_first=False):
            ln = lambda Y, k: layer_norm(Y, params["gamma" + k], params["beta" + k])
            mha = lambda Y: multi_head_attention(Y, Y, params, 2, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(ln(X, "1"))
                return X + ffn(ln(X, "2"))
            X = ln(X + mha(X), "1")
            return ln(X + ffn(X), "2")
'''),
    # Without a generator it takes the arg-max instead of drawing: the visible tests pass generators. Model logits [0,
    # 0.1] at every step, prompt [0], 8 tokens, torch.manual_seed(3), no generator: model [0, 0, 1, 1, 0, 0, 0, 1, 1],
    # entry [0, 1, 1, 1, 1, 1, 1, 1, 1]. Passes the visible tests.
    "blind43_generate_argmax_without_generator": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt
            for _ in range(max_new_tokens):
                window = out if context_size is None else out[-context_size:]
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                if generator is None:
                    token = probs.argmax().reshape(1)      # no generator given: be deterministic
                else:
                    token = torch.multinomial(probs, 1, generator=generator)
                out = torch.cat([out, token.to(out.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return out
'''),
    # Transposes a square enc_mask, reading it as (N_d, N_e): the visible tests use padding masks and masks with N_e !=
    # N_d, so it never fires there. The input of blind43_cross_attention_mask_first_query_column: model [[0.4126,
    # 0.3640], [1.1201, 1.3676]], entry [[0.4980, 0.4629], [0.6853, 0.8640]]. Passes the visible tests.
    "blind43_cross_attention_square_mask_transposed": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None and enc_mask.shape[-1] == enc_mask.shape[-2] != 1:
                enc_mask = enc_mask.transpose(-1, -2)     # (N_d, N_e) -> (N_e, N_d)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Softmax over every position, then zeroes the hidden ones and renormalises: right at ordinary scales, but a hidden
    # position that dominates underflows the visible ones to 0 first. s = [0], H = [[100, 0]], W = U = [[1]], v = [1000]
    # (a thousand times the usual scale), mask [F, T]: model weights [0, 1], entry [0, 0]. Passes the visible tests.
    "blind43_additive_attention_mask_after_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = v @ torch.tanh(U @ H + (s @ W.T)[..., None])
            w = softmax_cols(e[..., None])[..., 0]
            if mask is not None:
                w = w * mask
                total = w.sum(-1, keepdim=True)
                w = w / torch.where(total > 0, total, torch.ones_like(total))
            return w, (H * w[..., None, :]).sum(-1)
'''),
    # Random replacements drawn from [max(special) + 1, V) instead of [0, V): the contract's random token may equal a
    # special id. ids = 7 x 20000, V = 10, specials [0, 1, 2], mask_prob 1, seed 0: the model's corrupted ids hold 623
    # ids below 3, the entry's none. Passes the visible tests.
    "blind43_mlm_random_tokens_avoid_special_range": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            low = int(special.max()) + 1 if special.numel() else 0
            rnd = torch.randint(low, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            out = torch.where(chosen & (u < 0.8), torch.full_like(ids, mask_id), ids)
            out = torch.where(chosen & (u >= 0.8) & (u < 0.9), rnd, out)
            return out, torch.where(chosen, ids, -100)
'''),
}
RIGHT_BLIND_43 = {
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27): the contract's models are
    # causal (column n depends on ids[:n+1] only; the contract now says so), so one call on ids[:-1] scores
    # every ids[n] exactly as one call on ids does. Inputs ids[:-1] against targets ids[1:] is the usual way a
    # language model is scored and trained.
    # Calls the model on ids[:-1] ('the last token predicts nothing'): the same for a causal model, different for any
    # model whose columns see the whole sequence. Model logits [N, 0] in every column (N = its input length), ids [0,
    # 0]: model -0.1269 (log softmax([2, 0])[0]), entry -0.3133 (log softmax([1, 0])[0]). Passes the visible tests.
    "blind43_sequence_log_prob_scores_prefix_only": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids[:-1])                  # the last token predicts nothing
            lp = torch.log_softmax(logits, dim=0)
            return lp.gather(0, ids[1:][None]).sum()
'''),
    # Right: one column per patch, the patch rows outer and columns inner (row-major), each patch reshape(B, C*P*P) in
    # (channel, row, column) order; torch.stack on the last axis gives (B, C*P*P, N).
    "blind43_patchify_grid_loop_stacked": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for top in range(0, height, P):                 # patch rows, top to bottom
                for left in range(0, width, P):             # then left to right
                    columns.append(images[:, :, top:top + P, left:left + P].reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    # Right: torch.cdist with p=1 of positions as float64 points is |i - j| exactly (integers far below 2^53); <= window
    # as in the contract; n = 0 gives (0, 0).
    "blind43_local_mask_city_block_distance": ("masking", "local_mask", '''
        def local_mask(n, window):
            pos = torch.arange(n, dtype=torch.float64)[:, None]
            return torch.cdist(pos, pos, p=1) <= window
'''),
    # Right: index_select of the columns for the flattened ids, reshaped to (D, ..., N) and D moved before N; the stub's
    # check raises the ValueError; the result keeps omega_e's dtype and gradient.
    "blind43_embed_index_select_flat": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            cols = omega_e.index_select(1, token_ids.reshape(-1))                 # (D, numel)
            return cols.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Right: torch.var_mean with correction=0 is the biased variance; rsqrt(var + eps) keeps eps inside the root;
    # addcmul(beta, gamma, normalised) is gamma * normalised + beta.
    "blind43_layer_norm_var_mean_rsqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return torch.addcmul(beta[:, None], gamma[:, None], (X - mean) * torch.rsqrt(var + eps))
'''),
    # Right: unflatten(-2, (G, C/G)) is split_heads; the einsums give scores[j, i] = K_g[j] . Q_g[i] (keys as rows) and
    # out[i] = sum_j weights[j, i] V_g[j]; flatten merges the groups in order; an explicit scale, 0.0 included, is used
    # as given.
    "blind43_channel_attention_einsum_group_axes": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = 1 / math.sqrt(tokens) if scale is None else scale
            c = channels // num_groups
            def grouped(w, b):
                return linear(X, params[w], params[b]).unflatten(-2, (num_groups, c))   # (..., G, c, N)
            Q, K, V = grouped("Wq", "bq"), grouped("Wk", "bk"), grouped("Wv", "bv")
            scores = torch.einsum("...jn,...in->...ji", K, Q) * s                        # (..., G, keys, queries)
            weights = softmax_cols(scores)
            out = torch.einsum("...ji,...jn->...in", weights, V).flatten(-3, -2)
            return linear(out, params["Wo"], params["bo"])
'''),

    # Right: sorted() is stable, so sorting the pair counts (a dict filled in the tie rule's scan order) by -count and
    # taking the first is max's first maximum; merges replace non-overlapping pairs with merge_pair.
    "blind43_train_bpe_stable_sort_by_count": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = {}
            for w in words:
                freq[tuple(w)] = freq.get(tuple(w), 0) + 1
            current = {w: list(w) for w in freq}
            learned = []
            while len(learned) < num_merges:
                tally = {}
                for w, f in freq.items():
                    syms = current[w]
                    for k in range(len(syms) - 1):
                        tally[(syms[k], syms[k + 1])] = tally.get((syms[k], syms[k + 1]), 0) + f
                if not tally:
                    break
                best = sorted(tally.items(), key=lambda kv: -kv[1])[0][0]   # sorted is stable: first seen wins
                learned.append(best)
                current = {w: merge_pair(syms, best) for w, syms in current.items()}
            return learned
'''),
    # Right: exp(i * angle) holds cos in its real and sin in its imaginary part; rows stacked (sin, cos) per pair and
    # cut to D give the contract's table (an odd D ends with a sine row), computed in float64 and returned in the
    # default dtype.
    "blind43_sinusoidal_complex_exponential_rows": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            half = (dim + 1) // 2
            n = torch.arange(num_positions, dtype=torch.float64)
            freq = torch.pow(10000.0, -2.0 * torch.arange(half, dtype=torch.float64) / dim)
            z = torch.exp(1j * (freq[:, None] * n[None, :]))              # cos + i sin
            pairs = torch.stack([z.imag, z.real], dim=1)                  # (half, 2, N): sine row, cosine row
            return pairs.reshape(2 * half, num_positions)[:dim].to(torch.get_default_dtype())
'''),
    # Right: torch's softmax over the rows of the transpose is the column softmax (stable for +-1e4); a column that is
    # entirely -inf (NaN from torch) is replaced by zeros through torch.where, whose backward sends nothing into the NaN
    # branch.
    "blind43_softmax_cols_row_softmax_of_transpose": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            rows = torch.nn.functional.softmax(scores.transpose(-1, -2), dim=-1).transpose(-1, -2)
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)     # a column that sees nothing
            return torch.where(dead, torch.zeros_like(rows), rows)
'''),
    # Right: the contract's tie rule spelled out as a sort key (-score, beam rank, token id) instead of relying on a
    # stable sort; finished beams compete with their fixed score (token -1 keeps them before their own beam's
    # nonexistent extensions).
    "blind43_beam_search_explicit_tie_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                pool = []
                for rank, (score, seq, done) in enumerate(beams):
                    if done:
                        pool.append((score, rank, -1, seq, True))
                        continue
                    lp = torch.log_softmax(model(seq)[:, -1].double(), dim=0).tolist()
                    for tok, l in enumerate(lp):
                        pool.append((score + l, rank, tok, torch.cat([seq, seq.new_tensor([tok])]), tok == eos_id))
                pool.sort(key=lambda c: (-c[0], c[1], c[2]))
                beams = [(c[0], c[3], c[4]) for c in pool[:beam_width]]
                if all(b[2] for b in beams):
                    break
            return beams[0][1]
'''),
    # Right: v @ tanh(...) contracts D_a for any batch (a 1-d tensor on the left of matmul broadcasts); the einsum adds
    # W s as a column; the softmax runs over the N positions as one column; masked positions get weight 0 and a state
    # that sees none gets zeros.
    "blind43_additive_attention_vector_matmul_scores": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = v @ torch.tanh(U @ H + torch.einsum("as,...s->...a", W, s)[..., None])   # (..., N)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            w = softmax_cols(e.unsqueeze(-2).transpose(-1, -2)).transpose(-1, -2).squeeze(-2)
            return w, torch.einsum("...dn,...n->...d", H, w)
'''),
    # Right: the contract's complex form, rows i and i + D/2 as real and imaginary parts multiplied by e^{i p theta};
    # angles in float64 (as the model answer), the rotation cast to the input's complex dtype; the stub's check raises
    # the ValueError for an odd D.
    "blind43_rotary_complex_halves": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, pos):
                D, N = X.shape[-2], X.shape[-1]
                pos = torch.arange(N) if pos is None else pos
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                rot = torch.polar(torch.ones(D // 2, N, dtype=torch.float64), theta[:, None] * pos.double()[None, :])
                rot = rot.to(torch.complex64 if X.dtype == torch.float32 else torch.complex128)
                z = torch.complex(X[..., : D // 2, :], X[..., D // 2 :, :]) * rot
                return torch.cat([z.real, z.imag], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Right: index_select of the palette's columns for the flattened ids (any integer dtype, converted with .long()),
    # reshaped to (C, ..., H, W) and C moved before H, W; the stub's checks raise the ValueErrors.
    "blind43_dequantize_pixels_index_select": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            picked = palette.index_select(1, ids.reshape(-1).long())          # (C, numel)
            return picked.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Right: X @ (1/N, ..., 1/N) is the mean over the tokens; then W @ mean (written pooled @ W^T) and the bias when
    # given; the stub's checks raise for N = 0 and mismatched shapes.
    "blind43_average_pool_head_ones_vector": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            avg = X @ X.new_full((X.shape[-1],), 1.0 / X.shape[-1])       # (..., D)
            out = avg @ W.transpose(0, 1)
            return out if b is None else out + b
'''),
    # Right: pixel_unshuffle(X, 2) gives channel c's 2x2 block as (c, r, col); permuting to (col, r, c) stacks top-left,
    # bottom-left, top-right, bottom-right blocks of all C channels, the contract's order; then the layer norm and W @
    # without bias. Leading axes are folded with math.prod (a zero-size batch included).
    "blind43_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            lead = X.shape[:-3]
            Y = torch.nn.functional.pixel_unshuffle(X.reshape(math.prod(lead), channels, height, width), 2)
            Y = Y.reshape(-1, channels, 2, 2, height // 2, width // 2)                           # (B, C, r, c, h, w)
            Y = Y.permute(0, 3, 2, 1, 4, 5).reshape(*lead, 4 * channels, (height // 2) * (width // 2))
            return (W @ layer_norm(Y, gamma, beta, eps)).unflatten(-1, (height // 2, width // 2))
'''),
    # Right: top-k by setting the other logits to -inf before the softmax is the renormalised top-k distribution (the
    # stable sort keeps ties to lower ids); a k of V or more keeps every token; then top-p as in the contract, crossing
    # token included.
    "blind43_ntp_top_k_on_logits_before_softmax": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                p = torch.zeros_like(logits)
                p[logits.argmax()] = 1.0
                return p
            z = logits / temperature
            if top_k is not None:
                idx = torch.sort(z, descending=True, stable=True).indices[:top_k]
                z = torch.full_like(z, float("-inf")).index_copy(0, idx, z[idx])
            probs = torch.softmax(z, -1)
            if top_p is not None:
                sp, order = torch.sort(probs, descending=True, stable=True)
                keep = int((sp.cumsum(0) < top_p).sum()) + 1
                probs = torch.zeros_like(probs).index_copy(0, order[:keep], sp[:keep])
            return probs / probs.sum()
'''),
}
