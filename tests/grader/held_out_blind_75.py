WRONG_BLIND_75 = {
    # @@ train_bpe_pairs_from_sorted_unique
    "blind75_train_bpe_pairs_from_sorted_unique": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            counts = {}
            for word in words:
                key = tuple(word)
                counts[key] = counts.get(key, 0) + 1
            segmentation = {word: list(word) for word in counts}
            merges = []
            for _ in range(num_merges):
                # like MATLAB's unique(): the distinct pairs, sorted, then their counts
                pairs = sorted({pair for symbols in segmentation.values() for pair in zip(symbols, symbols[1:])})
                if not pairs:
                    break
                totals = [0] * len(pairs)
                for word, frequency in counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        totals[pairs.index(pair)] += frequency
                best = pairs[totals.index(max(totals))]     # first maximum, as [~, k] = max(totals)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # @@ train_bpe_merge_loop_range_1_to_n
    "blind75_train_bpe_merge_loop_range_1_to_n": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for k in range(1, num_merges):          # for k = 1:num_merges
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # @@ bpe_encode_merges_loop_drops_last
    "blind75_bpe_encode_merge_index_range_drops_last_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for k in range(1, len(merges)):      # k = 1:numel(merges), 1-based
                    symbols = merge_pair(symbols, merges[k - 1])
                tokens.extend(symbols)
            return tokens
'''),
    # @@ bpe_encode_strsplit_single_space
    "blind75_bpe_encode_strsplit_on_single_space": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if END_OF_WORD in text:
                raise ValueError("text must not contain </w>")
            tokens = []
            for word in text.split(" "):             # strsplit(text, ' ')
                symbols = list(word) + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # @@ bpe_decode_strtrim
    "blind75_bpe_decode_strtrim_both_ends": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return text.strip(" ")                   # strtrim(text)
'''),
    # @@ one_hot_one_based_rows_only
    "blind75_one_hot_one_based_rows_zero_based_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            rows = torch.arange(1, vocab_size + 1)          # v = 1:V
            matches = token_ids.unsqueeze(-2) == rows[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # @@ embed_ids_colon_column_major
    "blind75_embed_ids_flattened_column_major_reshaped_row_major": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            flat = token_ids.transpose(-1, -2).reshape(-1) if token_ids.dim() > 1 else token_ids   # ids(:)
            columns = omega_e[:, flat]                                   # Omega(:, ids(:))
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # @@ embed_minus_one
    "blind75_embed_ids_shifted_to_zero_based_again": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = omega_e[:, token_ids - 1]      # Omega(:, ids) with 1-based ids made 0-based
            return columns.movedim(0, -2)
'''),
    # @@ sinusoidal_one_based_pair_index
    "blind75_sinusoidal_pair_index_kept_one_based": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            table = torch.empty(dim, num_positions)
            n = torch.arange(num_positions, dtype=torch.get_default_dtype())
            for i in range(1, (dim + 1) // 2 + 1):           # i = 1:ceil(D/2)
                angle = n / 10000 ** (2 * i / dim)
                table[2 * i - 2] = torch.sin(angle)          # row 2i-1 in 1-based terms
                if 2 * i - 1 < dim:
                    table[2 * i - 1] = torch.cos(angle)
            return table
'''),
    # @@ sinusoidal_positions_one_to_n
    "blind75_sinusoidal_positions_one_to_n": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(1, num_positions + 1, dtype=torch.get_default_dtype())   # n = 1:N
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # @@ softmax_max_first_nonsingleton
    "blind75_softmax_cols_max_over_first_nonsingleton_dim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # max(S) works along the first dimension whose size is not 1
            dim = next((d for d, size in enumerate(scores.shape) if size != 1), 0)
            m = scores.amax(dim=dim, keepdim=True)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = torch.exp(scores - m)
            total = e.sum(dim=-2, keepdim=True)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # @@ softmax_sum_first_nonsingleton
    "blind75_softmax_cols_sum_over_first_nonsingleton_of_matrix": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            m = scores.amax(dim=-2, keepdim=True)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = torch.exp(scores - m)
            # sum(E) of the M x N matrix: down the columns, unless the matrix is a single row
            dim = -2 if e.shape[-2] != 1 else -1
            total = e.sum(dim=dim, keepdim=True)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # @@ causal_mask_keys_one_based
    "blind75_causal_mask_keys_one_based_queries_zero_based": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(1, n + 1)[:, None]       # j = (1:n)'
            queries = torch.arange(n)[None, :]           # i converted to 0-based
            return keys <= queries
'''),
    # @@ padding_mask_reshape_not_transpose
    "blind75_padding_mask_n_by_b_reshaped_not_transposed": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(1, n + 1, device=lengths.device)[:, None]    # (1:n)'
            visible = keys <= lengths[None, :]                               # (n, B), as in MATLAB
            return visible.reshape(lengths.shape[0], n, 1)                   # reshape(visible, B, n, 1)
'''),
    # @@ local_mask_diagonals_range_exclusive
    "blind75_local_mask_diagonals_minus_w_to_w_exclusive": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window):             # d = -w:w
                if abs(d) < n:
                    mask |= torch.ones(n - abs(d), dtype=torch.bool).diag(d)
            return mask
'''),
    # @@ apply_mask_logical_indexing
    "blind75_apply_mask_logical_indexing_same_size_only": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.clone()
            out[~mask] = float("-inf")                   # S(~M) = -Inf
            return out
'''),
    # @@ sdpa_scale_size_q_1
    "blind75_sdpa_scale_from_size_q_1": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[0]                             # size(Q, 1)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # @@ sdpa_star_product
    "blind75_sdpa_output_by_star_as_matrix_product": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if V.shape[-1] == weights.shape[-1] and V.shape[-2] == weights.shape[-2]:
                return V * weights, weights              # A = V * W
            return V @ weights, weights
'''),
    # @@ self_attention_bias_matlab_column
    "blind75_self_attention_bias_added_as_matlab_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq                              # Q = Wq*X + bq (bq a column)
            K = Wk @ X + bk
            V = Wv @ X + bv
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # @@ mha_matlab_reshape
    "blind75_mha_heads_by_matlab_reshape_dh_h_n": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads

            def heads_of(Y):
                # MATLAB: reshape(Y, dh, H, N), then permute(Y, [2 1 3])
                *batch, _, n = Y.shape
                return Y.reshape(*batch, head_dim, num_heads, n).transpose(-3, -2)

            Q = heads_of(linear(Xq, params["Wq"], params["bq"]))
            K = heads_of(linear(Xkv, params["Wk"], params["bk"]))
            V = heads_of(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            *batch, _, _, n_q = out.shape
            merged = out.transpose(-3, -2).reshape(*batch, dim, n_q)
            return linear(merged, params["Wo"], params["bo"])
'''),
    # @@ mha_mask_repmat
    "blind75_mha_mask_repmat_along_first_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.repeat(num_heads, 1, 1)      # repmat(mask, [1 1 H]): one copy per head
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # @@ layer_norm_var_x_1
    "blind75_layer_norm_matlab_var_weight_1_as_unbiased_flag": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(-2, keepdim=True)                # mean(X, 1)
            sigma2 = X.var(-2, 1, keepdim=True)          # var(X, 1, 1): weight 1 = normalise by D
            return gamma[:, None] * (X - mu) / torch.sqrt(sigma2 + eps) + beta[:, None]
'''),
    # @@ layer_norm_dim0
    "blind75_layer_norm_column_stats_over_dim_0": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(0, keepdim=True)                 # mean(X): down each column
            sigma2 = ((X - mu) ** 2).mean(0, keepdim=True)
            return gamma[:, None] * (X - mu) / torch.sqrt(sigma2 + eps) + beta[:, None]
'''),
    # @@ ff_repmat_reshape
    "blind75_feed_forward_bias_tiled_then_row_major_reshape": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            n = X.shape[-1]
            B1 = b1.repeat(n).reshape(b1.shape[0], n)    # reshape(repmat(b1, N, 1), F, N)
            B2 = b2.repeat(n).reshape(b2.shape[0], n)
            hidden = torch.clamp(W1 @ X + B1, min=0)     # max(0, W1*X + B1)
            return W2 @ hidden + B2
'''),
    # @@ decoder_layer_tril
    "blind75_decoder_layer_causal_mask_from_matlab_tril": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = torch.tril(torch.ones(n, n, dtype=torch.bool))   # tril(true(n)): query i sees keys j <= i
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # @@ top_p_find_as_count
    "blind75_next_token_probs_top_p_find_index_used_as_count": ("sampling", "next_token_probs", '''
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
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                crossing = torch.nonzero(torch.cumsum(sorted_probs, 0) >= top_p)
                # k = find(cumsum(p) >= top_p, 1): keep p(1:k)
                k = int(crossing[0]) if len(crossing) else len(probs)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:max(k, 1)]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # @@ top_k_threshold
    "blind75_next_token_probs_top_k_threshold_at_kth_sorted_value": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < len(probs):
                sorted_probs = torch.sort(probs, descending=True).values
                probs = torch.where(probs < sorted_probs[top_k - 1], 0.0, probs)   # p(p < s(k)) = 0
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
    # @@ ntp_naive_exp
    "blind75_next_token_probs_unshifted_exp_as_in_double": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            e = torch.exp(logits / temperature)          # p = exp(l/T) ./ sum(exp(l/T))
            probs = e / e.sum()
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
    # @@ generate_end_minus_c_plus_1
    "blind75_generate_context_from_end_minus_c_plus_1": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(max_new_tokens):
                if context_size is None or len(ids) <= context_size:
                    context = ids
                else:
                    context = ids[len(ids) - context_size + 1:]     # ids(end-c+1:end)
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # @@ generate_any_eos
    "blind75_generate_stops_when_any_id_is_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and bool((ids == eos_id).any()):    # if any(ids == eos), break
                    break
            return ids
'''),
    # @@ slp_loop_from_2
    "blind75_sequence_log_prob_loop_starts_at_two": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs[:0, 0].sum()
            for n in range(2, len(ids)):                 # for n = 2:N
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # @@ slp_sub2ind
    "blind75_sequence_log_prob_sub2ind_column_major_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)         # (V, N)
            vocab = log_probs.shape[0]
            columns = torch.arange(len(ids) - 1)
            linear_index = ids[1:] + columns * vocab                 # sub2ind([V N], ids(2:end), 1:N-1)
            return log_probs.reshape(-1)[linear_index].sum()
'''),
    # @@ beam_steps
    "blind75_beam_search_steps_range_1_to_max_exclusive": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for step in range(1, max_new_tokens):        # for step = 1:max_new_tokens
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # @@ patchify_im2col
    "blind75_patchify_pixels_within_patch_column_major_im2col": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            # im2col: each patch read down its columns, i.e. (channel, pixel column, pixel row)
            grid = grid.permute(0, 2, 4, 1, 5, 3)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # @@ patch_embedding_cls_repmat
    "blind75_patch_embedding_cls_repmat_d_by_b_reshaped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)               # (B, D, N)
            B, D = tokens.shape[0], tokens.shape[1]
            cls_columns = cls_token[:, None].repeat(1, B)                     # repmat(cls, 1, B): D x B
            cls_columns = cls_columns.reshape(B, D, 1)                        # reshape(cls, B, D, 1)
            return torch.cat([cls_columns, tokens], dim=-1) + positions
'''),
    # @@ additive_sum_dim0
    "blind75_additive_attention_scores_summed_over_dim_0": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)                   # (..., D_a, N)
            scores = (v[:, None] * hidden).sum(0)                # sum(v .* tanh(...)): down the columns
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # @@ grid_softmax_matrix
    "blind75_grid_attention_softmax_of_grid_matrix_per_column": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                            # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            E = torch.einsum("a,...ahw->...hw", v, hidden)                   # the H x W matrix of scores
            weights = softmax_cols(E)                                        # softmax(E)
            context = (features * weights.unsqueeze(-3)).sum(dim=(-2, -1))
            return weights, context
'''),
    # @@ decoder_step_cat_dim0
    "blind75_decoder_step_semicolon_stack_on_dim_0": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context], 0)                 # x = [y_prev; c]
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context], 0) + params["b_out"]   # W_out * [s; c] + b_out
            return s, logits, weights
'''),
    # @@ decoder_step_reset_before
    "blind75_decoder_step_gru_reset_before_multiplication": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            h = s_prev
            D = h.shape[-1]
            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ Wi[:D].T + bi[:D] + h @ Wh[:D].T + bh[:D])
            z = torch.sigmoid(x @ Wi[D:2 * D].T + bi[D:2 * D] + h @ Wh[D:2 * D].T + bh[D:2 * D])
            # gruLayer 'ResetGateMode', 'before-multiplication': the reset gate scales h before W_hn
            n = torch.tanh(x @ Wi[2 * D:].T + bi[2 * D:] + (r * h) @ Wh[2 * D:].T + bh[2 * D:])
            s = (1 - z) * n + z * h
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # @@ strided_range_stops_before_zero
    "blind75_strided_mask_downward_range_stops_before_zero": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                mask[list(range(i, n, stride)), i] = True        # keys i:s:n
                mask[list(range(i, 0, -stride)), i] = True       # keys i:-s:1
            return mask
'''),
    # @@ global_colon
    "blind75_global_token_mask_colon_flatten_outer_or": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            g = is_global.reshape(-1, 1)                 # g(:)
            return g | g.T                               # g(:) | g(:)'
'''),
    # @@ sparse_cost_double
    "blind75_sparse_cost_in_double_precision": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            n = float(n)                                  # every number a double
            if pattern == "dense":
                return int(n * n)
            if pattern == "causal":
                return int(n * (n + 1) / 2)
            if pattern == "local":
                w = min(float(window), n - 1) if n else 0.0
                return int(n * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = math.floor((n - 1) / stride) if n else 0.0
                return int(n * (2 * m + 1) - stride * m * (m + 1))
            return int(num_global * (2 * n - num_global))
'''),
    # @@ bucket_double_log
    "blind75_relative_bucket_log_in_double": ("positions", "relative_position_bucket", '''
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
            # log(double(d) / exact): doubles, as MATLAB computes
            log_scale = torch.log(distance.double() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # @@ rotary_freq_one_based
    "blind75_rotary_frequency_index_one_to_half": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                i = torch.arange(1, dim // 2 + 1, dtype=torch.float64)       # i = 1:D/2
                theta = base ** (-2 * i / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # @@ rotary_positions_one_to_n
    "blind75_rotary_default_positions_one_to_n": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(1, Q.shape[-1] + 1)     # p = 1:N
            if positions_k is None:
                positions_k = torch.arange(1, K.shape[-1] + 1)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # @@ mlm_labels_float
    "blind75_mlm_labels_from_ones_times_minus_100": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = -100 * torch.ones(ids.shape)            # labels = -100 * ones(size(ids))
            labels[chosen] = ids[chosen].to(labels.dtype)
            return corrupted, labels
'''),
    # @@ mlm_randperm
    "blind75_mlm_exactly_round_p_n_positions_by_randperm": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = (~torch.isin(ids, special)).reshape(-1, ids.shape[-1])
            flat_ids = ids.reshape(-1, ids.shape[-1])
            chosen = torch.zeros_like(eligible)
            for row in range(flat_ids.shape[0]):
                candidates = torch.nonzero(eligible[row]).flatten()          # find(eligible)
                k = round(mask_prob * len(candidates))
                pick = torch.randperm(len(candidates), generator=generator)[:k]   # randperm(n, k)
                chosen[row, candidates[pick]] = True
            chosen = chosen.reshape(ids.shape)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # @@ nsp_range_1_to_d
    "blind75_nsp_other_documents_from_range_1_to_d": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [k for k in range(1, len(documents)) if k != index]   # setdiff(1:D, index)
                for n in range(1, len(document)):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[n - 1], document[n], 0))
                    else:
                        other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        pairs.append((document[n - 1], other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # @@ quantize_reshape_back_matlab
    "blind75_quantize_ids_back_via_matlab_reshape": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            *batch, C, H, W = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(*batch, C, H * W)                  # reshape(img, C, [])
            d = ((pixels[..., :, :, None] - palette.to(dtype)[:, None, :]) ** 2).sum(dim=-3)   # (..., HW, K)
            ids = d.argmin(dim=-1)                                              # [~, ids] = min(d, [], 2)
            return ids.reshape(*batch, W, H).transpose(-1, -2)                  # reshape(ids, H, W)
'''),
    # @@ dequantize_colon
    "blind75_dequantize_ids_colon_column_major_reshaped_row_major": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = ids.long().transpose(-1, -2).reshape(-1)               # ids(:)
            colours = palette[:, flat]                                     # palette(:, ids(:))
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # @@ pixel_sequence_slice
    "blind75_pixel_sequence_inputs_slice_to_n_minus_2": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            N = targets.shape[-1]
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            inputs = torch.cat([start, targets[..., 0:N - 2]], dim=-1)     # [sos, targets(1:end-1)]
            return inputs, targets
'''),
    # @@ avgpool_dim2
    "blind75_average_pool_head_mean_dim_2_from_matlab": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=2)                        # mean(X, 2): along the rows, over the tokens
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # @@ window_partition_matlab_sizes
    "blind75_window_partition_matlab_size_order_in_reshape": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            # MATLAB: reshape(X, C, M, H/M, M, W/M), the fast index of each split first
            grid = X.reshape(*batch, channels, M, height // M, M, width // M)   # (..., C, p, a, q, b)
            grid = grid.permute(*range(len(batch)), *(len(batch) + k for k in (2, 4, 0, 1, 3)))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # @@ window_reverse_ceil
    "blind75_window_reverse_window_row_by_ceil_of_zero_based_k": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            per_row = width // M
            X = windows.new_zeros(*batch, channels, height, width)
            for k in range(num_windows):
                a = math.ceil(k / per_row)               # window row: ceil(k / nWc)
                b = k % per_row
                X[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
            return X
'''),
    # @@ shifted_circshift
    "blind75_shifted_mask_circshift_rolled_down_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # circshift(img, [shift shift]): rows 0..shift-1 are the ones that wrapped around
            wrapped_rows = torch.arange(height) < shift
            wrapped_columns = torch.arange(width) < shift
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # @@ patch_merging_channel_major
    "blind75_patch_merging_block_features_channel_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)               # (..., C, i, dh, j, dw)
            nb = len(batch)
            # reshape(X, 4C, ...) with C outermost, then the block read down its columns (dw, dh)
            blocks = blocks.permute(*range(nb), nb, nb + 4, nb + 2, nb + 1, nb + 3)   # (..., C, dw, dh, i, j)
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            tokens = layer_norm(merged, gamma, beta, eps)
            return (W @ tokens).reshape(*batch, 2 * C, H // 2, Wd // 2)
'''),
    # @@ channel_attention_scale_shape1
    "blind75_channel_attention_scale_from_shape_1_as_size_x_2": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[1])        # 1/sqrt(size(X, 2)): the number of tokens
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_75 = {
    "blind75_right_train_bpe_one_based_merge_counter": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            k = 1
            while k <= num_merges:                       # for k = 1:num_merges
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for p in range(1, len(symbols)):     # p = 1:numel(symbols)-1, pair (p, p+1)
                        pair_counts[(symbols[p - 1], symbols[p])] += frequency
                if len(pair_counts) == 0:
                    break
                best_count = max(pair_counts.values())
                best = next(pair for pair, count in pair_counts.items() if count == best_count)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
                k += 1
            return merges
'''),
    "blind75_right_bpe_encode_one_based_while_scan": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for left, right in merges:
                    out = []
                    i = 1                                    # 1-based position in symbols
                    n = len(symbols)
                    while i <= n:
                        if i < n and symbols[i - 1] == left and symbols[i] == right:
                            out.append(left + right)
                            i += 2
                        else:
                            out.append(symbols[i - 1])
                            i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    "blind75_right_bpe_decode_deblank_from_end": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            last = len(text)                             # like deblank: drop trailing blanks from `end`
            while last >= 1 and text[last - 1] == " ":
                last -= 1
            return text[:last]
'''),
    "blind75_right_one_hot_sub2ind_row_major_scatter": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            *batch, n = token_ids.shape
            flat_ids = token_ids.reshape(-1, n)                      # (B, N)
            table = torch.zeros(flat_ids.shape[0] * vocab_size * n, dtype=dtype or torch.get_default_dtype())
            b = torch.arange(flat_ids.shape[0])[:, None]
            col = torch.arange(n)[None, :]
            # sub2ind for a (B, V, N) array stored row-major: (b * V + v) * N + n
            table[((b * vocab_size + flat_ids) * n + col).reshape(-1)] = 1
            return table.reshape(*batch, vocab_size, n)
'''),
    "blind75_right_embed_flat_ids_reshaped_same_order": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            flat = token_ids.reshape(-1)                             # row-major both ways
            columns = omega_e.index_select(1, flat)                  # (D, numel)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    "blind75_right_sinusoidal_one_based_row_loop_converted": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            table = torch.zeros(dim, num_positions, dtype=dtype)
            n = torch.arange(num_positions, dtype=torch.float64)     # n = (1:N) - 1
            for k in range(1, dim + 1):                              # row k, 1-based
                i = (k - 1) // 2                                     # pair index, 0-based
                angle = n / 10000.0 ** (2 * i / dim)
                table[k - 1] = (torch.sin(angle) if k % 2 == 1 else torch.cos(angle)).to(dtype)
            return table
'''),
    "blind75_right_softmax_cols_max_along_first_matrix_dim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # max(S, [], 1) of each (M, N) matrix: dimension 1 of the matrix is -2 of the tensor
            m = torch.max(scores, dim=-2, keepdim=True).values
            m = torch.where(torch.isinf(m) & (m < 0), torch.zeros_like(m), m)
            e = torch.exp(scores - m)
            s = torch.sum(e, dim=-2, keepdim=True)
            return e / torch.where(s == 0, torch.ones_like(s), s)
'''),
    "blind75_right_causal_mask_one_based_both_sides": ("masking", "causal_mask", '''
        def causal_mask(n):
            j = torch.arange(1, n + 1).reshape(n, 1)     # (1:n)'
            i = torch.arange(1, n + 1).reshape(1, n)     # 1:n
            return j <= i
'''),
    "blind75_right_padding_mask_n_by_b_transposed": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(1, n + 1, device=lengths.device)[:, None]     # (1:n)'
            visible = keys <= lengths[None, :]                                # (n, B)
            return visible.T.reshape(lengths.shape[0], n, 1)                  # visible' then a query axis
'''),
    "blind75_right_local_mask_diagonals_inclusive": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window + 1):         # d = -w:w, both ends included
                if abs(d) < n:
                    mask = mask | torch.ones(n - abs(d), dtype=torch.bool).diag(d)
            return mask
'''),
    "blind75_right_apply_mask_plus_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))      # S + log(double(M)): 0 or -Inf
'''),
    "blind75_right_sdpa_size_from_end": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[Q.dim() - 2]                   # size(Q, ndims-1): the row count of each matrix
            scores = torch.matmul(K.transpose(-1, -2), Q) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights     # V * W in MATLAB is @ here
'''),
    "blind75_right_self_attention_bias_as_explicit_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq.reshape(-1, 1)               # bq as a D_k x 1 column
            K = Wk @ X + bk.reshape(-1, 1)
            V = Wv @ X + bv.reshape(-1, 1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    "blind75_right_mha_one_based_head_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            dh = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for h in range(1, num_heads + 1):            # rows (h-1)*dh+1 : h*dh in 1-based terms
                rows = slice((h - 1) * dh, h * dh)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    "blind75_right_layer_norm_var_weight_one_by_hand": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            mu = X.sum(dim=-2, keepdim=True) / D                     # mean(X, 1)
            sigma2 = ((X - mu) ** 2).sum(dim=-2, keepdim=True) / D   # var(X, 1, 1): divide by D
            return gamma.reshape(-1, 1) * ((X - mu) / torch.sqrt(sigma2 + eps)) + beta.reshape(-1, 1)
'''),
    "blind75_right_feed_forward_repmat_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            n = X.shape[-1]
            B1 = b1.repeat(n, 1).T                       # repmat(b1, 1, N), b1 a column
            B2 = b2.repeat(n, 1).T
            Z = W1 @ X + B1
            return W2 @ torch.clamp(Z, min=0) + B2       # max(0, Z)
'''),
    "blind75_right_transformer_layer_numbered_sublayers": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def sublayer(k, Y):
                if k == 1:
                    return multi_head_attention(Y, Y, params, num_heads, mask)
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            for k in range(1, 3):                        # k = 1:2
                gamma, beta = params[f"gamma{k}"], params[f"beta{k}"]
                if norm_first:
                    X = X + sublayer(k, layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + sublayer(k, X), gamma, beta)
            return X
'''),
    "blind75_right_decoder_layer_triu_mask_numbered_norms": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = torch.triu(torch.ones(n, n, dtype=torch.bool))   # triu(true(n)): key j <= query i
            X = X_dec
            for k in range(1, 4):                                        # k = 1:3
                if k == 1:
                    update = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
                elif k == 2:
                    update = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
                else:
                    update = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                X = layer_norm(X + update, params[f"gamma{k}"], params[f"beta{k}"])
            return X
'''),
    "blind75_right_next_token_probs_find_plus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[0]
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None and top_k < V:
                _, order = torch.sort(probs, descending=True, stable=True)
                probs = probs.clone()
                probs[order[top_k:]] = 0                 # p(order(k+1:end)) = 0
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                hits = torch.nonzero(torch.cumsum(sorted_probs, 0) >= top_p).flatten()
                count = int(hits[0]) + 1 if len(hits) else V          # k = find(..., 1): a 1-based count
                probs = probs.clone()
                probs[order[count:]] = 0
            return probs / probs.sum()
'''),
    "blind75_right_generate_one_based_window_start": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for t in range(1, max_new_tokens + 1):       # t = 1:max_new_tokens
                n = len(ids)
                first = 1 if context_size is None else max(1, n - context_size + 1)   # 1-based start
                logits = model(ids[first - 1:])[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id[0]) == eos_id:
                    break
            return ids
'''),
    "blind75_right_sequence_log_prob_sub2ind_row_major": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)         # (V, N), stored row-major
            N = log_probs.shape[1]
            columns = torch.arange(len(ids) - 1)
            return log_probs.reshape(-1)[ids[1:] * N + columns].sum()   # element (v, n) is v*N + n
'''),
    "blind75_right_patchify_one_based_patch_loops": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for r in range(1, height // P + 1):          # patch rows, top to bottom
                for c in range(1, width // P + 1):       # then left to right
                    patch = images[:, :, (r - 1) * P:r * P, (c - 1) * P:c * P]
                    columns.append(patch.reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    "blind75_right_patch_embedding_repmat_cls_b_by_d": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)               # (B, D, N)
            B = tokens.shape[0]
            cls_rows = cls_token.repeat(B, 1)                                 # (B, D): one row per image
            return torch.cat([cls_rows[:, :, None], tokens], dim=-1) + positions
'''),
    "blind75_right_additive_attention_v_transpose_times_tanh": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (W @ s.unsqueeze(-1)))   # W*s as a column, added to every column
            e = torch.matmul(v, hidden)                          # v' * tanh(...): (..., N)
            if mask is not None:
                e = torch.where(mask, e, torch.full_like(e, float("-inf")))
            weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)    # sum(H .* w', 2)
            return weights, context
'''),
    "blind75_right_grid_attention_column_major_flatten_and_back": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)           # features(:, :): cells down the columns
            weights, context = additive_attention(s, cells, W, U, v)
            # reshape(weights, H, W) in MATLAB's order: fill (W, H) row-major, then transpose
            return weights.unflatten(-1, (width, height)).transpose(-2, -1), context
'''),
    "blind75_right_decoder_step_gates_by_one_based_blocks": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)                                     # [y_prev; c]
            D = s_prev.shape[-1]

            def block(M, k):                                         # rows (k-1)*D+1 : k*D, 1-based
                return M[(k - 1) * D:k * D]

            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ block(Wi, 1).T + block(bi, 1) + s_prev @ block(Wh, 1).T + block(bh, 1))
            z = torch.sigmoid(x @ block(Wi, 2).T + block(bi, 2) + s_prev @ block(Wh, 2).T + block(bh, 2))
            n = torch.tanh(x @ block(Wi, 3).T + block(bi, 3) + r * (s_prev @ block(Wh, 3).T + block(bh, 3)))
            s = (1 - z) * n + z * s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    "blind75_right_strided_mask_inclusive_ranges_converted": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                mask[list(range(i, n, stride)), i] = True        # keys i:s:n
                mask[list(range(i, -1, -stride)), i] = True      # keys i:-s:1, down to index 0 included
            return mask
'''),
    "blind75_right_global_token_mask_column_or_row": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            as_column = is_global[..., :, None]          # g as an N x 1 column (keys)
            as_row = is_global[..., None, :]             # g' as a 1 x N row (queries)
            return as_column | as_row
'''),
    "blind75_right_sparse_cost_floor_formulas_in_integers": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1)                   # n = 0 gives w = -1 and a count of 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride                    # floor, not fix: n = 0 gives m = -1 and a count of 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    "blind75_right_bucket_single_precision_log_and_fix": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.int64)
            if bidirectional:
                n = num_buckets // 2                             # idivide(num_buckets, 2, 'floor')
                result = (offset > 0).to(torch.int64) * n
                d = offset.abs()
            else:
                n = num_buckets
                result = torch.zeros_like(offset)
                d = torch.maximum(-offset, torch.zeros_like(offset))
            exact = n // 2
            # single(): the log in float32, as T5; fix() truncates toward zero
            scaled = torch.log(d.to(torch.float32) / exact) / math.log(max_distance / exact) * (n - exact)
            far = exact + torch.trunc(scaled).to(torch.int64)
            far = torch.minimum(far, torch.full_like(far, n - 1))
            return result + torch.where(d < exact, d, far)
'''),
    "blind75_right_rotary_one_based_pairs_converted": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(1, N + 1) - 1                   # p = (1:N) - 1
                half = D // 2
                i = torch.arange(1, half + 1, dtype=torch.float64)           # i = 1:D/2
                theta = base ** (-2 * (i - 1) / D)
                angle = theta[:, None] * positions.to(torch.float64)[None, :]
                c, s = torch.cos(angle).to(X.dtype), torch.sin(angle).to(X.dtype)
                x1, x2 = X[..., :half, :], X[..., half:, :]                  # rows 1:D/2 and D/2+1:D
                return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind75_right_mlm_ismember_loop_over_specials": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            for special in torch.as_tensor(special_ids).reshape(-1).tolist():   # ~ismember(ids, special)
                eligible &= ids != special
            u = torch.rand(ids.shape, generator=generator)
            chosen = eligible & (u < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    "blind75_right_nsp_setdiff_others_converted": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            D = len(documents)
            pairs = []
            for d in range(1, D + 1):                                   # d = 1:D
                document = documents[d - 1]
                others = [k for k in range(1, D + 1) if k != d]         # setdiff(1:D, d)
                for n in range(1, len(document)):                       # n = 1:numel(document)-1
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[n - 1], document[n], 0))
                    else:
                        k = others[torch.randint(len(others), (), generator=generator).item()]
                        other = documents[k - 1]
                        j = torch.randint(len(other), (), generator=generator).item()
                        pairs.append((document[n - 1], other[j], 1))
            return pairs
'''),
    "blind75_right_quantize_running_min_over_colours": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype)
            P = palette.to(dtype)
            best = None
            ids = None
            for k in range(1, P.shape[1] + 1):                       # k = 1:K
                d = ((x - P[:, k - 1][:, None, None]) ** 2).sum(dim=-3)
                if best is None:
                    best = d
                    ids = torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d < best                                 # strict: ties stay with the lower id
                    best = torch.where(closer, d, best)
                    ids = torch.where(closer, torch.full_like(ids, k - 1), ids)
            return ids
'''),
    "blind75_right_dequantize_column_major_both_ways": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            swapped = ids.long().transpose(-1, -2)                       # read ids(:) down the columns
            colours = palette[:, swapped.reshape(-1)]                     # palette(:, ids(:))
            colours = colours.reshape(palette.shape[0], *swapped.shape)   # put back in the same order
            return colours.transpose(-1, -2).movedim(0, -3)
'''),
    "blind75_right_pixel_sequence_circshift_then_sos": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.long).flatten(-2)
            inputs = torch.roll(targets, 1, dims=-1)                     # circshift(targets, 1)
            inputs[..., 0] = sos_id                                      # then inputs(1) = sos
            return inputs, targets
'''),
    "blind75_right_average_pool_head_mean_last_dim": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=X.dim() - 1) / X.shape[-1]       # mean(X, 2) of each D x N matrix
            logits = torch.matmul(pooled, W.transpose(0, 1))
            if b is not None:
                logits = logits + b
            return logits
'''),
    "blind75_right_window_partition_ind2sub_row_major_loop": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            per_row = width // M
            windows = []
            for k in range(1, (height // M) * per_row + 1):       # k = 1:nW
                a = (k - 1) // per_row                            # window row (0-based)
                b = (k - 1) % per_row                             # window column
                block = X[..., a * M:(a + 1) * M, b * M:(b + 1) * M]
                windows.append(block.reshape(*batch, channels, M * M))
            return torch.stack(windows, dim=-3)
'''),
    "blind75_right_window_reverse_ind2sub_row_major_loop": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            per_row = width // M
            rows = []
            for a in range(1, height // M + 1):
                row = [windows[..., (a - 1) * per_row + b - 1, :, :].reshape(*batch, channels, M, M)
                       for b in range(1, per_row + 1)]
                rows.append(torch.cat(row, dim=-1))
            return torch.cat(rows, dim=-2)
'''),
    "blind75_right_shifted_mask_labels_circshifted_back": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # label the original grid: the first `shift` rows and columns are the ones that will wrap
            rows = (torch.arange(height) < shift).long()
            cols = (torch.arange(width) < shift).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = torch.roll(labels, shifts=(-shift, -shift), dims=(0, 1))   # circshift(labels, [-s -s])
            M = window
            out = []
            for a in range(height // M):
                for b in range(width // M):
                    w = labels[a * M:(a + 1) * M, b * M:(b + 1) * M].reshape(-1)
                    out.append(w[:, None] == w[None, :])
            return torch.stack(out)
'''),
    "blind75_right_patch_merging_column_major_block_reshape": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            nb = len(batch)
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)                      # (..., C, i, dh, j, dw)
            # the 2x2 block read down its columns: (dh, dw) = (0,0), (1,0), (0,1), (1,1); dh fastest, then C
            blocks = blocks.permute(*range(nb), nb + 4, nb + 2, nb, nb + 1, nb + 3)   # (..., dw, dh, C, i, j)
            merged = blocks.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
            return (W @ layer_norm(merged, gamma, beta, eps)).reshape(*batch, 2 * C, H // 2, Wd // 2)
'''),
    "blind75_right_channel_attention_one_based_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])        # size(X, ndims): the number of tokens
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            cg = channels // num_groups
            groups = []
            for g in range(1, num_groups + 1):            # rows (g-1)*cg+1 : g*cg
                rows = slice((g - 1) * cg, g * cg)
                weights = softmax_cols(K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * scale)
                groups.append(weights.transpose(-2, -1) @ V[..., rows, :])
            return linear(torch.cat(groups, dim=-2), params["Wo"], params["bo"])
'''),
}
