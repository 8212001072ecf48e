"""placeholder"""
WRONG_BLIND_32 = {
    "blind32_softmax_cols_math_exp_rebuilt_tensor": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # one column at a time, with Python floats, then a new tensor from the numbers
            M, N = scores.shape[-2], scores.shape[-1]
            flat = scores.reshape(-1, M, N)
            results = []
            for b in range(flat.shape[0]):
                out = torch.zeros(M, N)
                for n in range(N):
                    column = flat[b, :, n].tolist()
                    top = max(column) if column else 0.0
                    if top == float("-inf"):
                        top = 0.0
                    exps = [math.exp(v - top) for v in column]
                    total = sum(exps)
                    if total == 0:
                        total = 1.0
                    out[:, n] = torch.tensor([e / total for e in exps])
                results.append(out)
            return torch.stack(results).reshape(scores.shape)
'''),
    "blind32_layer_norm_column_loop_item_stats": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D, N = X.shape[-2], X.shape[-1]
            columns = X.movedim(-1, -2).reshape(-1, D)      # every token as a row
            rows = []
            for k in range(columns.shape[0]):
                x = columns[k]
                mean = x.mean().item()
                var = ((x - mean) ** 2).mean().item()
                rows.append((x - mean) / math.sqrt(var + eps))
            if rows:
                normed = torch.stack(rows).reshape(*X.shape[:-2], N, D).movedim(-1, -2)
            else:
                normed = X
            return gamma[:, None] * normed + beta[:, None]
'''),
    "blind32_sdpa_output_buffer_shaped_like_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            output = torch.zeros_like(Q)                 # one column per query
            for i in range(Q.shape[-1]):
                output[..., :, i] = V @ weights[..., :, i]
            return output, weights
'''),
    "blind32_gru_step_hidden_size_from_first_axis": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            D = h.shape[0]                               # the hidden size
            gi = x @ weight_ih.T + bias_ih
            gh = h @ weight_hh.T + bias_hh
            r = torch.sigmoid(gi[..., :D] + gh[..., :D])
            z = torch.sigmoid(gi[..., D:2 * D] + gh[..., D:2 * D])
            n = torch.tanh(gi[..., 2 * D:] + r * gh[..., 2 * D:])
            return (1 - z) * n + z * h
'''),
    "blind32_cross_attention_batch_loop_mask_per_item": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if X_dec.dim() == 2:
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            outputs = []
            for b in range(X_dec.shape[0]):
                m = None if enc_mask is None else enc_mask[b]
                outputs.append(multi_head_attention(X_dec[b], X_enc[b], params, num_heads, m))
            return torch.stack(outputs)
'''),
    "blind32_embed_column_list_stacked_no_empty_case": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = [omega_e[:, int(t)] for t in token_ids.reshape(-1)]
            table = torch.stack(columns, dim=1)          # (D, number of ids)
            return table.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    "blind32_sinusoidal_pair_loop_skips_odd_last_row": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            table = torch.zeros(dim, num_positions)
            for i in range(0, dim - 1, 2):               # one (sin, cos) pair of rows at a time
                for n in range(num_positions):
                    angle = n / 10000 ** (i / dim)
                    table[i, n] = math.sin(angle)
                    table[i + 1, n] = math.cos(angle)
            return table
'''),
    "blind32_next_token_probs_top_p_loop_strictly_above": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices.tolist()
                keep = torch.zeros_like(probs)
                for idx in order[:top_k]:
                    keep[idx] = 1.0
                probs = probs * keep
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices.tolist()
                keep = torch.zeros_like(probs)
                total = 0.0
                for idx in order:
                    keep[idx] = 1.0
                    total += probs[idx].item()
                    if total > top_p:
                        break
                probs = probs * keep
            return probs / probs.sum()
'''),
    "blind32_window_partition_window_reshaped_without_batch": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = []
            for r in range(0, height, M):
                for c in range(0, width, M):
                    block = X[..., :, r:r + M, c:c + M]
                    windows.append(block.reshape(channels, M * M))
            return torch.stack(windows, dim=-3)
'''),
    "blind32_shifted_window_mask_wrap_test_strict": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            labels = torch.zeros(height, width, dtype=torch.long)
            for h in range(height):
                for w in range(width):
                    row_wrapped = 1 if h + shift > height else 0
                    col_wrapped = 1 if w + shift > width else 0
                    labels[h, w] = 2 * row_wrapped + col_wrapped
            masks = []
            for r in range(0, height, M):
                for c in range(0, width, M):
                    lab = labels[r:r + M, c:c + M].reshape(-1)
                    masks.append(lab[:, None] == lab[None, :])
            return torch.stack(masks)
'''),
    "blind32_patch_merging_block_loop_default_dtype_buffer": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.zeros(*X.shape[:-3], 4 * channels, height // 2, width // 2)
            for i in range(height // 2):
                for j in range(width // 2):
                    merged[..., :, i, j] = torch.cat([X[..., :, 2 * i, 2 * j], X[..., :, 2 * i + 1, 2 * j],
                                                      X[..., :, 2 * i, 2 * j + 1], X[..., :, 2 * i + 1, 2 * j + 1]],
                                                     dim=-1)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    "blind32_channel_attention_group_loop_dot_T": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            size = channels // num_groups
            parts = []
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                scores = K[..., rows, :] @ Q[..., rows, :].T * scale
                weights = softmax_cols(scores)
                parts.append(weights.T @ V[..., rows, :])
            return linear(torch.cat(parts, dim=-2), params["Wo"], params["bo"])
'''),
    "blind32_strided_mask_loop_absolute_multiples": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for j in range(n):
                for i in range(0, n, stride):            # every stride-th query
                    mask[j, i] = True
            return mask
'''),
    "blind32_mha_mask_unsqueezed_inside_head_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            hd = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            heads = []
            for h in range(num_heads):
                rows = slice(h * hd, (h + 1) * hd)
                if mask is not None:
                    mask = mask.unsqueeze(-3)            # the head axis
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                heads.append(out)
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    "blind32_merge_heads_cat_on_dim_zero": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            pieces = [heads[..., h, :, :] for h in range(heads.shape[-3])]
            return torch.cat(pieces, dim=0)
'''),
    "blind32_one_hot_flat_buffer_reshaped_without_moving": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            flat = token_ids.reshape(-1).tolist()
            out = torch.zeros(vocab_size, len(flat), dtype=dtype)
            for k, t in enumerate(flat):
                out[t, k] = 1
            return out.reshape(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
'''),
    "blind32_train_bpe_distinct_words_unweighted": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            distinct = list(dict.fromkeys(tuple(w) for w in words))
            segs = [list(w) for w in distinct]
            merges = []
            for _ in range(num_merges):
                counts = {}
                for symbols in segs:
                    for i in range(len(symbols) - 1):
                        pair = (symbols[i], symbols[i + 1])
                        counts[pair] = counts.get(pair, 0) + 1
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                segs = [merge_pair(s, best) for s in segs]
            return merges
'''),
    "blind32_patchify_zeros_buffer_default_dtype": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            rows, cols = height // P, width // P
            out = torch.zeros(batch, channels * P * P, rows * cols)
            for b in range(batch):
                for r in range(rows):
                    for c in range(cols):
                        patch = images[b, :, r * P:(r + 1) * P, c * P:(c + 1) * P]
                        out[b, :, r * cols + c] = patch.reshape(-1)
            return out
'''),
    "blind32_grid_attention_cell_scores_item_rebuilt": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, Hh, Ww = features.shape[-3:]
            flat_feat = features.reshape(-1, C, Hh * Ww)
            flat_s = s.expand(*features.shape[:-3], s.shape[-1]).reshape(-1, s.shape[-1])
            all_weights, all_context = [], []
            for b in range(flat_feat.shape[0]):
                query = W @ flat_s[b]
                scores = []
                for k in range(Hh * Ww):
                    scores.append((v @ torch.tanh(query + U @ flat_feat[b, :, k])).item())
                top = max(scores)
                exps = [math.exp(e - top) for e in scores]
                total = sum(exps)
                weights = torch.tensor([e / total for e in exps])
                all_weights.append(weights)
                all_context.append(flat_feat[b] @ weights.to(features.dtype))
            weights = torch.stack(all_weights).reshape(*features.shape[:-3], Hh, Ww)
            context = torch.stack(all_context).reshape(*features.shape[:-3], C)
            return weights, context
'''),
}

RIGHT_BLIND_32 = {
    "blind32_right_apply_mask_new_empty_copy_expanded_index": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            result = scores.new_empty(scores.shape)
            result.copy_(scores)
            hidden = ~mask.expand(scores.shape)
            result[hidden] = float("-inf")
            return result
'''),
    "blind32_right_self_attention_token_loop_projections": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                columns = []
                for n in range(X.shape[-1]):
                    columns.append(W @ X[..., :, n].unsqueeze(-1) + b[:, None])   # (..., out, 1)
                return torch.cat(columns, dim=-1)
            Q = project(Wq, bq)
            K = project(Wk, bk)
            V = project(Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    "blind32_right_embed_column_list_empty_guarded": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = [omega_e[:, int(t)] for t in token_ids.reshape(-1)]
            if columns:
                table = torch.stack(columns, dim=1)
            else:
                table = omega_e[:, :0]
            return table.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    "blind32_right_layer_norm_feature_row_python_sums": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            rows = [X[..., d:d + 1, :] for d in range(D)]
            mean = sum(rows) / D
            var = sum((r - mean) ** 2 for r in rows) / D
            normed = (X - mean) / torch.sqrt(var + eps)
            return gamma.reshape(D, 1) * normed + beta.reshape(D, 1)
'''),
    "blind32_right_merge_heads_cat_head_slices_last_axes": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            pieces = [heads[..., h, :, :] for h in range(heads.shape[-3])]
            return torch.cat(pieces, dim=-2)
'''),
    "blind32_right_train_bpe_sorted_reverse_stable": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            order = list(dict.fromkeys(tuple(w) for w in words))
            freq = {w: 0 for w in order}
            for w in words:
                freq[tuple(w)] += 1
            segs = {w: list(w) for w in order}
            merges = []
            for _ in range(num_merges):
                counts = {}
                for w in order:
                    s = segs[w]
                    for i in range(len(s) - 1):
                        counts[(s[i], s[i + 1])] = counts.get((s[i], s[i + 1]), 0) + freq[w]
                if not counts:
                    break
                ranked = sorted(counts.items(), key=lambda kv: kv[1], reverse=True)   # stable: first seen wins
                best = ranked[0][0]
                merges.append(best)
                for w in order:
                    segs[w] = merge_pair(segs[w], best)
            return merges
'''),
    "blind32_right_quantize_pixel_loop_long_tensor_of_list": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            C = palette.shape[0]
            pixels = images.movedim(-3, -1).reshape(-1, C)
            ids = []
            for p in pixels:
                distances = ((palette - p[:, None]) ** 2).sum(dim=0)
                ids.append(int(torch.argmin(distances)))
            return torch.tensor(ids, dtype=torch.long).reshape(images.shape[:-3] + images.shape[-2:])
'''),
    "blind32_right_feed_forward_negatives_zeroed_by_index": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            hidden[hidden < 0] = 0
            return W2 @ hidden + b2[:, None]
'''),
    "blind32_right_channel_attention_group_loop_into_zeros_like": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            size = channels // num_groups
            out = torch.zeros_like(V)
            for g in range(num_groups):
                lo, hi = g * size, (g + 1) * size
                scores = K[..., lo:hi, :] @ Q[..., lo:hi, :].transpose(-2, -1) * scale
                weights = softmax_cols(scores)
                out[..., lo:hi, :] = weights.transpose(-2, -1) @ V[..., lo:hi, :]
            return linear(out, params["Wo"], params["bo"])
'''),
    "blind32_right_strided_mask_diagonal_views_filled": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(0, n, stride):
                mask.diagonal(d).fill_(True)
                mask.diagonal(-d).fill_(True)
            return mask
'''),
    "blind32_right_shifted_window_mask_window_loop_flags": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            masks = []
            for r0 in range(0, height, M):
                for c0 in range(0, width, M):
                    flags = []
                    for p in range(M):
                        for q in range(M):
                            flags.append((r0 + p + shift >= height, c0 + q + shift >= width))
                    m = torch.zeros(M * M, M * M, dtype=torch.bool)
                    for j in range(M * M):
                        for i in range(M * M):
                            m[j, i] = flags[j] == flags[i]
                    masks.append(m)
            return torch.stack(masks)
'''),
    "blind32_right_additive_attention_position_loop_tensor_terms": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = s @ W.T                                  # (..., D_a)
            terms = []
            for i in range(H.shape[-1]):
                hidden = torch.tanh(query + H[..., :, i] @ U.T)
                terms.append((hidden * v).sum(dim=-1))
            scores = torch.stack(terms, dim=-1)              # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = sum(weights[..., i:i + 1] * H[..., :, i] for i in range(H.shape[-1]))
            return weights, context
'''),
    "blind32_right_average_pool_head_sum_divided_matmul_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]                  # (..., D)
            logits = (W @ pooled.unsqueeze(-1)).squeeze(-1)       # (..., K)
            if b is not None:
                logits = logits + b
            return logits
'''),
}
