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

WRONG_BLIND_32.update({
    "blind32_split_heads_head_dim_from_first_axis": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            head_dim = Y.shape[0] // num_heads
            heads = [Y[..., h * head_dim:(h + 1) * head_dim, :] for h in range(num_heads)]
            return torch.stack(heads, dim=-3)
'''),
    "blind32_self_attention_token_columns_stacked_on_dim_one": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                columns = [W @ X[..., :, n] + b for n in range(X.shape[-1])]
                return torch.stack(columns, dim=1)          # tokens side by side
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    "blind32_quantize_pixel_grid_loop_unbatched_only": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            H, W = images.shape[-2], images.shape[-1]
            ids = torch.zeros(H, W, dtype=torch.long)
            for h in range(H):
                for w in range(W):
                    pixel = images[:, h, w]
                    distances = ((palette - pixel[:, None]) ** 2).sum(dim=0)
                    ids[h, w] = int(torch.argmin(distances))
            return ids
'''),
    "blind32_additive_attention_context_sum_indexes_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = s @ W.T
            scores = torch.stack([(torch.tanh(query + H[..., :, i] @ U.T) * v).sum(dim=-1)
                                  for i in range(H.shape[-1])], dim=-1)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = sum(weights[i] * H[..., :, i] for i in range(H.shape[-1]))
            return weights, context
'''),
    "blind32_mlm_corrupt_token_loop_assumes_one_sequence": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = [int(t) for t in special_ids]
            corrupted = ids.clone()
            labels = torch.full_like(ids, -100)
            for i in range(len(ids)):
                token = int(ids[i])
                if token in specials:
                    continue
                if torch.rand(1, generator=generator).item() >= mask_prob:
                    continue
                labels[i] = token
                action = torch.rand(1, generator=generator).item()
                if action < 0.8:
                    corrupted[i] = mask_id
                elif action < 0.9:
                    corrupted[i] = int(torch.randint(0, vocab_size, (1,), generator=generator))
            return corrupted, labels
'''),
    "blind32_nsp_pairs_random_sentence_index_minus_one": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for d in range(len(documents)):
                doc = documents[d]
                for k in range(len(doc) - 1):
                    if torch.rand(1, generator=generator).item() < 0.5:
                        pairs.append((doc[k], doc[k + 1], 0))
                    else:
                        other = d
                        while other == d:
                            other = int(torch.randint(0, len(documents), (1,), generator=generator))
                        last = len(documents[other]) - 1              # the last sentence's index
                        j = int(torch.randint(0, max(last, 1), (1,), generator=generator))
                        pairs.append((doc[k], documents[other][j], 1))
            return pairs
'''),
    "blind32_global_token_mask_size_from_first_axis": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            N = is_global.shape[0]
            keys = is_global.reshape(*is_global.shape[:-1], N, 1)
            queries = is_global.reshape(*is_global.shape[:-1], 1, N)
            return keys | queries
'''),
    "blind32_local_mask_loop_into_default_float_buffer": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n)
            for j in range(n):
                for i in range(n):
                    if abs(i - j) <= window:
                        mask[j, i] = 1
            return mask
'''),
})
RIGHT_BLIND_32.update({
    "blind32_right_nsp_pairs_redraw_until_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for d in range(len(documents)):
                doc = documents[d]
                for k in range(len(doc) - 1):
                    if torch.rand(1, generator=generator).item() < 0.5:
                        pairs.append((doc[k], doc[k + 1], 0))
                    else:
                        other = d
                        while other == d:                    # uniform over the other documents
                            other = int(torch.randint(0, len(documents), (1,), generator=generator))
                        sentences = documents[other]
                        j = int(torch.randint(0, len(sentences), (1,), generator=generator))
                        pairs.append((doc[k], sentences[j], 1))
            return pairs
'''),
    "blind32_right_global_token_mask_row_loop_index_fill": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            N = is_global.shape[-1]
            count = 1
            for size in is_global.shape[:-1]:
                count *= size
            rows = is_global.reshape(count, N)
            out = torch.zeros(rows.shape[0], N, N, dtype=torch.bool)
            for r in range(rows.shape[0]):
                flags = rows[r]
                out[r, flags, :] = True          # global keys: seen by every query
                out[r, :, flags] = True          # global queries: see every key
            return out.reshape(*is_global.shape, N)
'''),
    "blind32_right_dequantize_column_list_empty_guarded": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            columns = [palette[:, k] for k in ids.reshape(-1).tolist()]
            if columns:
                flat = torch.stack(columns, dim=-1)           # (C, number of pixels)
            else:
                flat = palette[:, :0]
            return flat.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    "blind32_right_bpe_encode_per_call_word_memo": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            done = {}                                   # this call's merges only
            tokens = []
            for symbols in words:
                key = tuple(symbols)
                if key not in done:
                    current = list(symbols)
                    for pair in merges:
                        current = merge_pair(current, pair)
                    done[key] = current
                tokens.extend(done[key])
            return tokens
'''),
})

WRONG_BLIND_32.update({
    "blind32_rotate_columns_tensor_position_times_python_float": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            D, N = X.shape[-2], X.shape[-1]
            half = D // 2
            if positions is None:
                positions = list(range(N))
            thetas = [base ** (-2 * i / D) for i in range(half)]
            out = X.clone()                             # every entry is overwritten below
            for n in range(N):
                p = positions[n]                         # an int, or a 0-d tensor when positions are given
                for i in range(half):
                    c, s = math.cos(p * thetas[i]), math.sin(p * thetas[i])
                    top, bottom = X[..., i, n], X[..., i + half, n]
                    out[..., i, n] = top * c - bottom * s
                    out[..., i + half, n] = bottom * c + top * s
            return out
'''),
    "blind32_patch_embedding_cls_column_for_one_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = W @ patches + b.reshape(-1, 1)
            cls = cls_token.reshape(1, -1, 1)            # (1, D, 1)
            return torch.cat([cls, tokens], dim=2) + positions
'''),
})
RIGHT_BLIND_32.update({
    "blind32_right_rotate_columns_python_angle_loop_int_positions": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            D, N = X.shape[-2], X.shape[-1]
            half = D // 2
            if positions is None:
                positions = list(range(N))
            else:
                positions = [int(p) for p in positions]
            thetas = [base ** (-2 * i / D) for i in range(half)]
            out = X.clone()                             # every entry is overwritten below
            for n in range(N):
                for i in range(half):
                    angle = positions[n] * thetas[i]       # a Python float: computed in double
                    c, s = math.cos(angle), math.sin(angle)
                    top, bottom = X[..., i, n], X[..., i + half, n]
                    out[..., i, n] = top * c - bottom * s
                    out[..., i + half, n] = bottom * c + top * s
            return out
'''),
    "blind32_right_patch_embedding_cls_repeated_per_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                 # (B, C*P*P, N)
            tokens = W @ patches + b.reshape(-1, 1)                # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).repeat(images.shape[0], 1, 1)
            return torch.cat([cls, tokens], dim=2) + positions
'''),
})
