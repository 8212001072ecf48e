"""Twenty-eighth blind batch of held-out implementations (prefix blind27_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (its sampling and pre-training paragraphs), the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py)
of every exercise. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_26.py) were only skimmed for
their entry names and header decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor the batch written at the same time.

Emphasis: a fair sample of what a class hands in, across all seventeen exercises: the ordinary slips of a learner who
followed the lecture: an axis (log-softmax over positions, d_k read from N_q, column-major cells, pixels or windows,
a query axis in the middle), a transpose (tril causal masks, a transposed encoder mask), a scale (1/sqrt(C/G) in
channel attention, base^(-i/D), eps outside the root, sum instead of mean), an off-by-one (< window, the top-p crossing
token, eos not kept), a forgotten bias or residual (bv, bo, b_hn outside the reset gate, the FFN residual, [CLS]'s
position), a mask on the wrong side (causal strided masks, the diagonal added to global masks, a missing head axis),
a dtype (float32 kept, a hard-coded float32 default, a default-dtype one-hot), a tie rule (largest pair, the
expanded-distance argmin), a default (`scale or default`, min_frequency = 2), conventions from public code
(tensor2tensor sinusoids, the textbook GRU, a channels-last patch, HF's 80/10/10 misread, the 'is next' label, row-major
patch merging, a roll down/right), and correct solutions in a learner's own words (torch.softmax with dead columns
filled, triu, expanded positions, where, F.layer_norm, F.unfold, the Swin code's nine regions, rotate_half, gather,
F.one_hot, a token loop, a remainder of |i - j|).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind27/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (8 of the 50 wrong entries pass them). Each wrong entry's recorded input was run
on the model answer and on the entry and both results printed; each differs as its comment says (the two random
functions by a seeded statistic far outside sampling noise). Right entries were compared with the model answer on
float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids and strings), batched (one and two batch axes,
broadcast masks) and not, sizes of 0 and 1, the contract's ValueErrors (same outcome on both sides), arguments left
unchanged, and gradients of every floating-point input with a random cotangent.

Judgement calls: blind27_softmax_cols_fill_dead_columns returns an empty tensor for M = 0 rows, where the model
answer itself raises IndexError (amax over an empty axis); this is not an input the model answer can be graded on, so
the entry is kept as right. blind27_quantize_pixels_expanded_distance differs only through float32 cancellation
(pixels far from 0); blind27_one_hot_always_float32 only when the default dtype is not float32;
blind27_mha_mask_without_head_axis only for a mask with batch axes (silently misaligned when B = H, an error
otherwise). Fewer entries than asked (about 55 / 35): the time box; no right entry is one I was unsure of.

Counts: 50 wrong, 12 right.
Wrong per function: {'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 2, 'embed': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 2, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 2, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 3, 'sparse_attention_cost': 1, 'split_heads': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'apply_mask': 1, 'bpe_decode': 1, 'causal_mask': 1, 'layer_norm': 1, 'one_hot': 1, 'padding_mask': 1, 'patchify': 1, 'rotate_columns': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'softmax_cols': 1, 'strided_mask': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_27 = {
    # Column sums taken without keepdim: (..., N) broadcasts back as (1, ..., N), right for a single matrix, wrong for
    # a batch. softmax_cols(arange(24.).reshape(2, 3, 4) / 5): the model returns the column softmaxes, the entry
    # raises RuntimeError (size 3 vs 2). Fails the visible tests.
    "blind27_softmax_cols_sum_without_keepdim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            e = torch.exp(scores - top)
            total = e.sum(dim=-2)          # (..., N): broadcasts back as (..., 1, N) only without batch axes
            total = torch.where(total == 0, torch.ones_like(total), total)
            return e / total
'''),
    # The log-sum-exp form: an all -inf column gives -inf - (-inf) = nan. On [[-inf, 1], [-inf, 2]] the model's column
    # 0 is zeros, the entry's NaN. Fails the visible tests.
    "blind27_softmax_cols_logsumexp_all_masked_column": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # the log-sum-exp form: stable for large scores, but a column of -inf gives -inf - (-inf) = nan
            return torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
'''),
    # Casts to float32 for the computation and never back: a float64 input gives a float32 result (dtype slip). Fails
    # the visible tests.
    "blind27_softmax_cols_computed_in_float32": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            s = scores.float()
            m = s.max(dim=-2, keepdim=True).values
            m = torch.nan_to_num(m, neginf=0.0)
            e = (s - m).exp()
            z = e.sum(dim=-2, keepdim=True)
            return e / torch.where(z > 0, z, torch.ones_like(z))
'''),
    # tril of ones: the (query, key) picture drawn on a (key, query) mask. causal_mask(3)[0, 1] is True in the model,
    # False here. Fails the visible tests.
    "blind27_causal_mask_tril_of_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.tril(torch.ones(n, n, dtype=torch.bool))
'''),
    # Off by one: |i - j| < window instead of <=. local_mask(4, 1) keeps only the diagonal. Fails the visible tests.
    "blind27_local_mask_strict_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            idx = torch.arange(n)
            dist = (idx[None, :] - idx[:, None]).abs()
            return dist < window
'''),
    # The query axis put second: (B, 1, n) instead of (B, n, 1). padding_mask(tensor([1, 3]), 3).shape is (2, 1, 3).
    # Fails the visible tests.
    "blind27_padding_mask_query_axis_in_middle": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.arange(n, device=lengths.device) < lengths.unsqueeze(-1)   # (B, n)
            return visible.unsqueeze(1)                                                # (B, 1, n)
'''),
    # Fills with -1e9 (a Hugging Face habit) instead of -inf: on zeros (2, 2) with mask [[T, F], [T, T]] the hidden
    # entry is -1e9, and an all-hidden column would get uniform weights instead of zeros. Fails the visible tests.
    "blind27_apply_mask_large_negative": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(~mask, -1e9)
'''),
    # Reads d_k from the wrong axis (Q.shape[-1] = N_q). Q (2, 3), K (2, 4): the weights differ (scaled by 1/sqrt(3)
    # instead of 1/sqrt(2)). Fails the visible tests.
    "blind27_sdpa_scale_from_query_count": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-1]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Multiplies the weights by the mask after the softmax, without renormalising. Q = K = ones(2, 2), mask [[T, T],
    # [F, T]]: the model's column 0 is [1, 0], the entry's [0.5, 0]. Fails the visible tests.
    "blind27_sdpa_mask_multiplied_after_softmax": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            weights = softmax_cols(scores)
            if mask is not None:
                weights = weights * mask      # hide the masked pairs (no renormalisation)
            return V @ weights, weights
'''),
    # Forgets the value bias bv (V = Wv @ X). X = I2, identity weights, zero bq, bk, bv = ones(2): every output entry
    # is 1 lower than the model's. Passes the visible tests.
    "blind27_self_attention_value_bias_forgotten": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = Wv @ X
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Reshapes to (D/H, H) then transposes: head h gets rows h, h + H, ... instead of a contiguous block.
    # split_heads(arange(8.).reshape(4, 2), 2): head 0 is rows 0 and 2 instead of 0 and 1. Fails the visible tests.
    "blind27_split_heads_interleaved_rows": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            *batch, dim, n = Y.shape
            return Y.reshape(*batch, dim // num_heads, num_heads, n).transpose(-3, -2)
'''),
    # Passes the mask to the batched attention without a head axis: a (B, N_k, N_q) mask lines up B with the head
    # axis. With B = H = 2, a padding mask (2, 3, 1) and random inputs (seed 0, D = 4, N = 3) the outputs differ.
    # Passes the visible tests.
    "blind27_mha_mask_without_head_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)   # the mask is broadcast as it comes
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The output projection without bo (Wo @ merged). Identity weights, bo = ones(2): every entry 1 lower. Fails the
    # visible tests.
    "blind27_mha_output_bias_forgotten": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ merge_heads(heads)
'''),
    # eps added to the standard deviation, not under the square root. X = [[0], [0.01]], eps = 0.1: model -0.0158 /
    # 0.0158, entry -0.0476 / 0.0476. Fails the visible tests.
    "blind27_layer_norm_eps_outside_sqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(dim=-2, keepdim=True)
            sigma = ((X - mu) ** 2).mean(dim=-2, keepdim=True).sqrt()
            return gamma[:, None] * (X - mu) / (sigma + eps) + beta[:, None]
'''),
    # Pre-LN branch copy-pasted: the FFN reads norm 1 (gamma1, beta1) again; gamma2, beta2 are never used. Random
    # params (seed 0, D = 4, H = 2, norm_first=True): outputs differ. Passes the visible tests.
    "blind27_transformer_layer_pre_ln_reuses_first_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + multi_head_attention(ln1(X), ln1(X), params, num_heads, mask)
                X = X + ffn(ln1(X))          # copy-pasted: the second norm is never used
                return X
            X = ln1(X + multi_head_attention(X, X, params, num_heads, mask))
            return ln2(X + ffn(X))
'''),
    # Post-LN: X = LN2(FFN(X)), the second residual forgotten. Random params (seed 0, D = 4, H = 2): outputs differ.
    # Fails the visible tests.
    "blind27_transformer_layer_ffn_residual_dropped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ln(Y, k):
                return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + multi_head_attention(ln(X, 1), ln(X, 1), params, num_heads, mask)
                return X + ffn(ln(X, 2))
            X = ln(X + multi_head_attention(X, X, params, num_heads, mask), 1)
            return ln(ffn(X), 2)           # the second residual is missing in the post-LN branch
'''),
    # The cross-attention reads with the layer's input X_dec instead of the output of the self-attention sub-block.
    # Random params (seed 0, D = 4, N_d = 3, N_e = 2, H = 2): outputs differ (columns 0 and 2). Passes the visible
    # tests.
    "blind27_decoder_layer_cross_queries_from_input": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = causal_mask(n).to(X_dec.device)
            h = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            # the cross-attention reads with the layer's input instead of the output of the first sub-block
            h = layer_norm(h + cross_attention(X_dec, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            f = feed_forward(h, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(h + f, params["gamma3"], params["beta3"])
'''),
    # Causal mask drawn as tril ((query, key) habit) on the (key, query) convention: each query sees the future. Same
    # random inputs: outputs differ. Fails the visible tests.
    "blind27_decoder_layer_causal_mask_transposed": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            # "lower triangle = the past", drawn as in the (query, key) convention
            self_mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X_dec.device))
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Transposes enc_mask to (N_d, N_e) ('queries first'). N_e = N_d = 2, mask [[T, T], [F, T]], random params (seed
    # 0): outputs differ (a padding mask (B, N_e, 1) would raise or mis-broadcast). Fails the visible tests.
    "blind27_cross_attention_mask_transposed": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.transpose(-2, -1)     # "queries first": (..., N_d, N_e) in the learner's head
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Nucleus kept as cumsum <= top_p: the crossing token is dropped. probs [0.5, 0.3, 0.2], top_p = 0.7: model
    # [0.625, 0.375, 0], entry [1, 0, 0]. Fails the visible tests.
    "blind27_top_p_drops_crossing_token": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[logits.argmax()] = 1.0
                return out
            p = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                idx = torch.sort(p, descending=True, stable=True).indices[top_k:]
                p = p.clone(); p[idx] = 0.0
                p = p / p.sum()
            if top_p is not None:
                sp, idx = torch.sort(p, descending=True, stable=True)
                keep = torch.cumsum(sp, 0) <= top_p        # the token that crosses top_p is dropped
                keep[0] = True
                p = p.clone(); p[idx[~keep]] = 0.0
            return p / p.sum()
'''),
    # log_softmax over the positions axis (dim=-1) instead of the vocabulary (dim 0). Logits sin(arange(12).reshape(3,
    # 4)), ids [0, 2, 1, 1]: -4.4524 vs -4.4145. Fails the visible tests.
    "blind27_sequence_log_prob_softmax_over_positions": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logp = torch.log_softmax(model(ids), dim=-1)
            return sum(logp[ids[n], n - 1] for n in range(1, len(ids))) + torch.zeros(())
'''),
    # Breaks on eos before appending it (the contract keeps eos). A model always preferring token 1 = eos at
    # temperature 0, prompt [0]: model [0, 1], entry [0]. Fails the visible tests.
    "blind27_generate_eos_not_appended": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.clone()
            for _ in range(max_new_tokens):
                ctx = out if context_size is None else out[-context_size:]
                probs = next_token_probs(model(ctx)[:, -1], temperature, top_k, top_p)
                nxt = torch.multinomial(probs, 1, generator=generator)
                if eos_id is not None and nxt.item() == eos_id:
                    break                       # stop at the end token, without keeping it
                out = torch.cat([out, nxt.to(out.dtype)])
            return out
'''),
    # Channels-last patch flattening (row, column, channel) instead of (channel, row, column). arange(8.).reshape(1,
    # 2, 2, 2), P = 2: column [0..7] vs [0, 4, 1, 5, ...]. Fails the visible tests.
    "blind27_patchify_pixels_before_channels": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.reshape(batch, channels, height // P, P, width // P, P)
            x = x.permute(0, 2, 4, 3, 5, 1)        # (B, gh, gw, P, P, C): a channels-last (HWC) patch
            return x.reshape(batch, -1, P * P * channels).transpose(1, 2)
'''),
    # Positions added to the patches only; [CLS] keeps no position (positions[:, 0] unused). ones image, W = ones,
    # positions = ones: [CLS] column 0 instead of 1. Fails the visible tests.
    "blind27_patch_embedding_cls_without_position": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1)     # [CLS] gets no position
'''),
    # Loops over grid columns outside grid rows: patches in column-major order. arange(16.).reshape(1, 1, 4, 4), P =
    # 2: patches 1 and 2 swapped. Fails the visible tests.
    "blind27_patchify_patches_column_major": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            cols = []
            for j in range(width // P):
                for i in range(height // P):
                    cols.append(images[:, :, i * P:(i + 1) * P, j * P:(j + 1) * P].reshape(batch, -1))
            return torch.stack(cols, dim=-1)
'''),
    # The textbook GRU h' = z n + (1 - z) h instead of nn.GRUCell's (1 - z) n + z h. x = 1, h = 0, unit weights:
    # 0.2048 vs 0.5568. Fails the visible tests.
    "blind27_gru_step_update_gate_swapped": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            gi = x @ weight_ih.T + bias_ih
            gh = h @ weight_hh.T + bias_hh
            D = h.shape[-1]
            r = torch.sigmoid(gi[..., :D] + gh[..., :D])
            z = torch.sigmoid(gi[..., D:2 * D] + gh[..., D:2 * D])
            n = torch.tanh(gi[..., 2 * D:] + r * gh[..., 2 * D:])
            return z * n + (1 - z) * h        # the textbook's convention, not nn.GRUCell's
'''),
    # b_hn added outside the reset gate (r * (W_hn h) + b_hn instead of r * (W_hn h + b_hn)). x = h = 0, bias_hh =
    # [-5, 0, 1]: 0.0033 vs 0.3808. Fails the visible tests.
    "blind27_gru_step_hidden_bias_outside_reset": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            W_ir, W_iz, W_in = weight_ih.chunk(3)
            W_hr, W_hz, W_hn = weight_hh.chunk(3)
            b_ir, b_iz, b_in = bias_ih.chunk(3)
            b_hr, b_hz, b_hn = bias_hh.chunk(3)
            r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
            z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
            n = torch.tanh(x @ W_in.T + b_in + b_hn + r * (h @ W_hn.T))   # b_hn left outside the reset gate
            return (1 - z) * n + z * h
'''),
    # Flattens the grid column by column (transpose then reshape) but unflattens the weights row by row. features
    # arange(6.).reshape(1, 2, 3), unit W, U, v: the weights are permuted. Passes the visible tests.
    "blind27_grid_attention_cells_column_major": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            H_, W_ = features.shape[-2:]
            cells = features.transpose(-2, -1).reshape(*features.shape[:-2], -1)   # column by column
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], H_, W_), context
'''),
    # Logits from [s_prev; c] instead of the new state [s; c]. Random params (seed 0): logits differ. Fails the
    # visible tests.
    "blind27_decoder_step_logits_from_previous_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s_prev, context) @ params["W_out"].T + params["b_out"]   # s_prev, not the new s
            return s, logits, weights
'''),
    # Adds the causal condition of the Sparse Transformer's decoder (j <= i) to a mask the contract defines on both
    # sides. strided_mask(3, 1): model all True, entry upper triangle. Fails the visible tests.
    "blind27_strided_mask_past_only": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            j = torch.arange(n).unsqueeze(1)
            i = torch.arange(n).unsqueeze(0)
            return ((i - j) % stride == 0) & (j <= i)      # the Sparse Transformer's causal variant
'''),
    # Adds the diagonal ('every token sees itself'), which the contract does not. is_global [T, F, F]: [1, 1] is False
    # in the model, True here. Fails the visible tests.
    "blind27_global_token_mask_plus_diagonal": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
            return is_global[..., :, None] | is_global[..., None, :] | eye   # "every token sees itself"
'''),
    # The local count's closed form without clamping the window to n - 1. ('local', 3, window=5): model 9, entry 3.
    # Fails the visible tests.
    "blind27_cost_local_window_not_clamped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = window
                return n + 2 * (w * n - w * (w + 1) // 2)     # assumes window < n
            if pattern == "strided":
                return sum(n - abs(d) for d in range(-(n - 1), n) if d % stride == 0)
            return n * n - (n - num_global) ** 2
'''),
    # Frequencies base^(-i/D) instead of base^(-2i/D) (i the pair index). ones(4, 2), base 100: row 1 and row 3 of
    # column 1 differ. Fails the visible tests.
    "blind27_rotary_theta_without_factor_two": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            d, n = X.shape[-2], X.shape[-1]
            pos = torch.arange(n) if positions is None else positions
            inv_freq = 1.0 / base ** (torch.arange(d // 2, dtype=torch.float64) / d)   # i/D instead of 2i/D
            ang = inv_freq[:, None] * pos.double()[None, :]
            c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
            a, b = X[..., : d // 2, :], X[..., d // 2 :, :]
            return torch.cat([a * c - b * s, b * c + a * s], dim=-2)
'''),
    # The upper half of the buckets for negative offsets instead of positive ones. offsets [-3, 0, 3]: model [3, 0,
    # 19], entry [19, 0, 3]. Fails the visible tests.
    "blind27_bucket_halves_swapped": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rel = relative_position.long()
            if bidirectional:
                num_buckets //= 2
                ret = (rel < 0).long() * num_buckets       # the upper half for keys before the query
                n = rel.abs()
            else:
                ret = torch.zeros_like(rel)
                n = (-rel).clamp(min=0)
            max_exact = num_buckets // 2
            large = max_exact + (torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
                                 * (num_buckets - max_exact)).long()
            large = torch.minimum(large, torch.full_like(large, num_buckets - 1))
            return ret + torch.where(n < max_exact, n, large)
'''),
    # Random-token branch drawn with probability 0.1 of the remaining 20 % (the paper's '10 %' read literally), not
    # 0.5: 2 % of chosen tokens instead of 10 %. 200000 ids, mask_prob 0.5, seed 1: fraction of chosen tokens replaced
    # by another non-mask id 0.101 (model) vs 0.020 (entry). Fails the visible tests.
    "blind27_mlm_random_branch_one_in_ten_of_rest": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = (torch.rand(ids.shape, generator=generator) < mask_prob) & ~torch.isin(ids, special)
            to_mask = chosen & (torch.rand(ids.shape, generator=generator) < 0.8)
            # HF draws 0.5 of the remaining 20 %; 0.1 here, read off the "10 %" of the paper
            to_random = chosen & ~to_mask & (torch.rand(ids.shape, generator=generator) < 0.1)
            out = ids.clone()
            out[to_mask] = mask_id
            out[to_random] = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)[to_random]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return out, labels
'''),
    # Labels flipped: 1 for 'is next' (the contract follows Hugging Face: 0). Documents [['a1','a2']*200,
    # ['b1','b2']], seed 0: pairs labelled 0 whose B comes from the same document: 200 (model) vs 0 (entry). Fails the
    # visible tests.
    "blind27_nsp_label_one_for_next": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            out = []
            for d, doc in enumerate(documents):
                for k in range(len(doc) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        out.append((doc[k], doc[k + 1], 1))      # "1 = is next", the intuitive label
                    else:
                        others = [e for e in range(len(documents)) if e != d]
                        o = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        out.append((doc[k], o[torch.randint(len(o), (), generator=generator).item()], 0))
            return out
'''),
    # Flattens after a transpose: column-major instead of raster order. arange(4).reshape(2, 2), sos 9: targets [0, 2,
    # 1, 3] instead of [0, 1, 2, 3]. Fails the visible tests.
    "blind27_pixel_sequence_column_major": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.transpose(-2, -1).reshape(*ids.shape[:-2], -1).long()
            sos = targets.new_full(targets.shape[:-1] + (1,), sos_id)
            return torch.cat([sos, targets[..., :-1]], dim=-1), targets
'''),
    # Sums the token columns instead of averaging them. X = ones(2, 3), W = ones(1, 2): 2 vs 6. Fails the visible
    # tests.
    "blind27_average_pool_head_sums_tokens": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = X.sum(dim=-1) @ W.T
            return logits if b is None else logits + b
'''),
    # Stacks the 2x2 block in row-major order (TL, TR, BL, BR) instead of the contract's (TL, BL, TR, BR).
    # arange(4.).reshape(1, 2, 2), W = first two rows of I4: second output -0.4472 vs 0.4472. Fails the visible tests.
    "blind27_patch_merging_row_major_blocks": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            parts = [X[..., r::2, c::2] for r in (0, 1) for c in (0, 1)]   # TL, TR, BL, BR
            merged = torch.cat(parts, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Flags the wrapped rows and columns of a roll down/right (index < shift) instead of up/left. (4, 4, window 2,
    # shift 1): window 0 all True in the model, only the diagonal here. Fails the visible tests.
    "blind27_shifted_window_mask_rolled_down_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) < shift       # the first rows took the wrap (a roll by +shift)
            cols = torch.arange(width) < shift
            region = rows.long()[:, None] * 2 + cols.long()[None, :]
            w = window_partition(region[None], window)[:, 0]
            return w[:, :, None] == w[:, None, :]
'''),
    # Moves the window-column axis before the window-row axis: windows in column-major order. arange(16.).reshape(1,
    # 4, 4), window 2: windows 1 and 2 swapped. Fails the visible tests.
    "blind27_window_partition_windows_column_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            g = X.reshape(*batch, channels, height // M, M, width // M, M)
            g = g.movedim((-2, -4), (-5, -4))                   # (..., b, a, C, p, q)
            return g.reshape(*batch, -1, channels, M * M)
'''),
    # Default scale 1/sqrt(C/G) (spatial attention's head width) instead of 1/sqrt(N). Random X (4, 3), G = 1, seed 0:
    # outputs differ. Fails the visible tests.
    "blind27_channel_attention_scale_from_group_width": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = (channels // num_groups) ** -0.5       # the spatial-attention habit: 1/sqrt(head dim)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # `scale or default`: an explicit scale=0.0 falls back to 1/sqrt(N) (should give uniform weights). Same random
    # inputs with scale=0.0: outputs differ. Fails the visible tests.
    "blind27_channel_attention_zero_scale_ignored": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or 1 / math.sqrt(tokens)          # a given scale of 0.0 falls back to the default
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # tensor2tensor's layout: all sines then all cosines instead of interleaved rows. sinusoidal_positions(2, 4): rows
    # 1 and 2 swapped. Fails the visible tests.
    "blind27_sinusoidal_sines_then_cosines": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=dt)
            i2 = torch.arange(0, dim, 2, dtype=dt)
            ang = pos[None, :] / 10000 ** (i2[:, None] / dim)
            return torch.cat([ang.sin(), ang[: dim // 2].cos()], dim=0)   # tensor2tensor layout: a block each
'''),
    # omega_e @ one_hot(ids, V) with the one-hot in the default dtype: a float64 table raises (float != double)
    # instead of returning float64. Fails the visible tests.
    "blind27_embed_through_default_dtype_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e @ one_hot(token_ids, omega_e.shape[-1])     # one_hot in the default dtype
'''),
    # Default dtype hard-coded as float32 instead of torch.get_default_dtype(). With the default dtype set to float64,
    # one_hot(tensor([1]), 2).dtype is float32 (model: float64). Passes the visible tests.
    "blind27_one_hot_always_float32": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype or torch.float32)
            out.scatter_(-2, token_ids.long().unsqueeze(-2), 1.0)
            return out
'''),
    # subword-nmt's min_frequency = 2: stops when the best pair occurs once; the contract learns up to num_merges
    # whatever the count. train_bpe('ab', 5): model [('a','b'), ('ab','</w>')], entry []. Fails the visible tests.
    "blind27_train_bpe_stops_below_two": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            vocab = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in vocab}
            merges = []
            while len(merges) < num_merges:
                stats = Counter()
                for w, f in vocab.items():
                    for a, b in zip(seg[w], seg[w][1:]):
                        stats[(a, b)] += f
                if not stats:
                    break
                best = max(stats, key=stats.get)
                if stats[best] < 2:
                    break                      # subword-nmt's min_frequency=2
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Ties broken by the larger pair (max over (count, pair)) instead of the first seen. train_bpe('ab', 1): model
    # [('a','b')], entry [('b','</w>')]. Fails the visible tests.
    "blind27_train_bpe_ties_to_largest_pair": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                stats = Counter()
                for w, f in freq.items():
                    for pair in zip(seg[w], seg[w][1:]):
                        stats[pair] += f
                if not stats:
                    break
                best = max(stats.items(), key=lambda kv: (kv[1], kv[0]))[0]   # ties: the larger pair
                merges.append(best)
                for w in seg:
                    seg[w] = merge_pair(seg[w], best)
            return merges
'''),
    # strip() instead of rstrip(' '): leading spaces from leading '</w>' tokens are lost. bpe_decode(['</w>',
    # 'a</w>']): model ' a', entry 'a'. Passes the visible tests.
    "blind27_bpe_decode_strip_both_ends": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(tokens).replace("</w>", " ").strip()
'''),
}

RIGHT_BLIND_27 = {
    # torch.softmax over dim -2 after replacing all -inf columns by zeros, then zeroing those columns (gradients there
    # are 0 as in the model).
    "blind27_softmax_cols_fill_dead_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)    # columns with nothing visible
            safe = scores.masked_fill(dead, 0.0)
            return torch.softmax(safe, dim=-2).masked_fill(dead, 0.0)
'''),
    # Upper triangle of ones (row = key, column = query).
    "blind27_causal_mask_triu_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            # row j = key, column i = query: visible on and above the diagonal
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Positions expanded to (B, n), compared with lengths as a column, query axis appended.
    "blind27_padding_mask_expanded_positions": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            pos = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)
            return (pos < lengths.unsqueeze(1)).unsqueeze(2)
'''),
    # torch.where with a 0-d -inf of the scores' dtype.
    "blind27_apply_mask_where_scalar": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = torch.tensor(float("-inf"), dtype=scores.dtype, device=scores.device)
            return torch.where(mask, scores, hidden).expand(scores.shape)
'''),
    # F.layer_norm on the transposed tokens (biased variance and eps under the root, as the contract).
    "blind27_layer_norm_functional_on_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            tokens_first = X.transpose(-2, -1)                       # (..., N, D): F.layer_norm normalises the last axis
            out = torch.nn.functional.layer_norm(tokens_first, (X.shape[-2],), gamma, beta, eps)
            return out.transpose(-2, -1)
'''),
    # F.unfold with kernel = stride = P: (channel, row, column) inside a patch and patches in raster order.
    "blind27_patchify_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            # unfold gives (B, C*P*P, L) with (channel, row, column) inside a patch and patches row by row
            return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # The Swin code's nine regions by slices (only when shift > 0), labels compared within each window; the extra cut
    # at size - window is a window boundary, so it changes no window's mask.
    "blind27_shifted_window_mask_region_slices": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            region = torch.zeros(height, width, dtype=torch.long)
            if shift > 0:                                        # the Swin code's nine regions
                cuts = lambda size: (slice(0, size - window), slice(size - window, size - shift), slice(size - shift, size))
                label = 0
                for hs in cuts(height):
                    for ws in cuts(width):
                        region[hs, ws] = label
                        label += 1
            tokens = window_partition(region.unsqueeze(0), window).squeeze(1)   # (nW, M*M)
            return tokens.unsqueeze(2) == tokens.unsqueeze(1)
'''),
    # Hugging Face's rotate_half form: X * [cos; cos] + [-bottom; top] * [sin; sin] (the same products and sums as the
    # model).
    "blind27_rotate_columns_rotate_half": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            half = X.shape[-2] // 2
            if positions is None:
                positions = torch.arange(X.shape[-1])
            inv = base ** (-torch.arange(0, 2 * half, 2, dtype=torch.float64) / (2 * half))
            ang = torch.outer(inv, positions.to(torch.float64))
            cos = torch.cat([ang.cos(), ang.cos()]).to(X.dtype)     # (D, N)
            sin = torch.cat([ang.sin(), ang.sin()]).to(X.dtype)
            rotated_half = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)
            return X * cos + rotated_half * sin
'''),
    # gather of the next ids from the log-softmax of columns 0 .. N-2.
    "blind27_sequence_log_prob_gather": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logp = model(ids).log_softmax(dim=0)[:, :-1]                     # columns 0 .. N-2
            return logp.gather(0, ids[1:].long().unsqueeze(0)).sum()
'''),
    # F.one_hot on long ids, then the vocabulary axis moved before N, cast to dtype or the default dtype.
    "blind27_one_hot_functional": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(token_ids.long(), vocab_size)    # (..., N, V)
            return hot.transpose(-1, -2).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # Per-token replacement, then trailing spaces removed one by one.
    "blind27_bpe_decode_token_loop": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = []
            for token in tokens:
                pieces.append(token.replace(END_OF_WORD, " "))
            text = "".join(pieces)
            while text.endswith(" "):
                text = text[:-1]
            return text
'''),
    # remainder(|i - j|, stride) == 0 from a view-broadcast offset table.
    "blind27_strided_mask_abs_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n).view(1, n) - torch.arange(n).view(n, 1)
            return torch.remainder(offsets.abs(), stride).eq(0)
'''),
    # Written as a wrong one; counted right (as the twenty-fourth batch's cdist entry): the contract lets
    # quantize_pixels return any colour within the rounding of the expanded distance |x|^2 + |p|^2 - 2 x.p.
    # Distances by |x|^2 - 2 x.p + |p|^2 (the ImageGPT code's expansion): cancellation in float32 picks a farther
    # colour. Pixel 1000.7691040039062 (float32), palette [[1000, 1000.5, 1001]]: model 2, entry 1. Passes the visible
    # tests.
    "blind27_quantize_pixels_expanded_distance": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype).movedim(-3, -1)                   # (..., H, W, C)
            p = palette.to(dtype)
            # |x - p|^2 = |x|^2 - 2 x.p + |p|^2, as in the ImageGPT code
            d = (x * x).sum(-1, keepdim=True) - 2 * x @ p + (p * p).sum(0)
            return d.argmin(dim=-1)
'''),
}
