"""Thirty-third blind batch of held-out implementations (prefix blind32_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_31.py) were only skimmed for their entry names and header decisions, and ideas
already taken there (a float32 sqrt scale, d_k from the first axis, divmod by rows, a float division in the cost, the
log of a softmax, a flat view written by mlm_corrupt, ...) were dropped. Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_33.py).

Emphasis: the code of a beginner who is not fluent in torch, across the exercises: explicit Python loops over tokens,
heads, groups, batch items, pixels, windows and blocks; Python floats and ints mixed with tensors (.item(), tolist,
math.exp, int(...), torch.tensor(list) rebuilt from pieces); lists of tensors stacked or concatenated; buffers made with
torch.zeros / zeros_like / new_empty and filled; manual index arithmetic; helper functions of their own. Wrong entries
are the slips such code makes: batch axes (a size read from shape[0], .T on a batched tensor, a window reshaped to
(C, M*M), heads concatenated on dim 0, a flat one-hot buffer reshaped without moving V, a mask indexed per batch item,
a pixel loop over one image, a token loop over one sequence, columns stacked on dim 1, a context sum indexing the
batch), dtypes (buffers made without a dtype: float64 rounded to float32, a float mask), autograd (statistics taken
with .item(), weights rebuilt from Python floats), sizes (a pair loop to dim - 1, a random index to len - 1, a wrap test
with > instead of >=, a top-p loop stopping strictly above p, an output buffer shaped like Q, a 0-d tensor position times a Python
float, a [CLS] column for one image), empty inputs (a stack of
no columns), a mask growing inside the head loop, absolute multiples instead of offsets, unweighted BPE counts. Right
entries are slow but correct versions of the same habits: token, group, position, pixel, window and row loops, Python
sums over feature rows, buffers filled with slice or index assignment, lists stacked with an empty-case guard, a
stable reverse sort, a redraw loop, a per-call memo.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind32/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (10 of the 29 wrong entries pass them). Each wrong entry's recorded input was run
on the model answer and on the entry and both results printed; each differs as its comment says (nsp_pairs by seeded
counts far outside sampling noise). Right entries were compared with the model answer under both default dtypes
(float32, float64), on float32 and float64 inputs (to 2e-5 and 1e-10 relative to the largest entry; exactly for masks,
ids and strings), unbatched and with one and two batch axes, broadcast, padding and dead-query masks, non-contiguous
inputs, sizes of 0 and 1 where the model answer accepts them, sequences of 1000 tokens, arguments passed by name, the
contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every floating-point
input with a random cotangent; the random nsp_pairs entry by the frequencies of 4000 seeded calls; train_bpe and
bpe_encode on 300 random corpora and merge lists each; the masks exhaustively for small sizes.

Judgement calls: blind32_right_self_attention_token_loop_projections matches the model exactly in its outputs, but its
float32 gradients for N = 1000 differ from the model's by about 1e-6 relative (summation order of 2000 per-column
products; the key bias's gradient, truly zero, is rounding noise of 3e-5 on both sides): kept as right, as any
reordered float32 reduction does the same. blind32_embed_column_list_stacked_no_empty_case and
blind32_patch_merging_block_loop_default_dtype_buffer differ only on empty ids and at float64 accuracy respectively;
blind32_local_mask_loop_into_default_float_buffer has the right values in a float dtype (the contract asks for a
BoolTensor). blind32_right_bpe_encode_per_call_word_memo passes merges to merge_pair as given (converting them to
tuples would differ from the model answer on list pairs, which the contract does not ask for). A right rotary entry
(Python angle loop with int positions) matched the model but was dropped: at D = 64 and 1000 positions its
per-element loop took seconds per call, too close to a time limit I could not see. Fewer entries than the general
brief's 55 / 35: the time box; no right entry is one I was unsure of.

Counts: 29 wrong, 18 right.
Wrong per function: {'additive_attention': 1, 'channel_attention': 1, 'cross_attention': 1, 'embed': 1, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'local_mask': 1, 'merge_heads': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'split_heads': 1, 'strided_mask': 1, 'train_bpe': 1, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'bpe_encode': 1, 'channel_attention': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'merge_heads': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'quantize_pixels': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'strided_mask': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

After it came, one wrong entry was counted right (its reason at the top of RIGHT_BLIND_32):
blind32_embed_column_list_stacked_no_empty_case (no ids is an edge the contract leaves open).
"""
WRONG_BLIND_32 = {
    # Works column by column on Python floats (tolist, math.exp) and writes the numbers into a torch.zeros buffer made
    # without a dtype: the values are right, but autograd never reaches the scores and the result has the default dtype.
    # softmax_cols([[0, 1], [1, 0]] float64, requires_grad): the model returns float64 with a grad_fn, the entry float32
    # with requires_grad False. Passes the visible tests.
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
    # Takes each column's mean and variance as Python floats (.item()): the values are right but the gradient forgets
    # that the statistics depend on X. X = [[1, 0], [2, 0], [4, 3]], gamma 1, beta 0, backward of row 0 weighted by [1,
    # 0]: the model's grad column 0 is [0.229, -0.344, 0.115], the entry's [0.802, 0, 0]. Passes the visible tests.
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
    # Fills the output into torch.zeros_like(Q), which has D_k rows, not D_v: right only when D_v == D_k. Q (2, 3), K
    # (2, 4), V (5, 4): the model returns (5, 3), the entry raises RuntimeError. Fails the visible tests.
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
    # Reads the hidden size as h.shape[0]: right for one state, the batch size for a batch. x (3, 2), h (3, 4) with
    # nn.GRUCell-shaped weights (12, 2), (12, 4): the model returns (3, 4), the entry raises RuntimeError (gates cut at
    # 3). Fails the visible tests.
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
    # Loops over the batch and indexes the mask per item (enc_mask[b]): right for a (B, N_e, 1) padding mask, but a mask
    # shared by the batch, (N_e, N_d), loses a row axis. X_dec (2, 4, 3), X_enc (2, 4, 2), 2 heads, enc_mask (2, 3) [[T,
    # F, T], [T, T, F]]: the model returns the masked output, the entry raises IndexError (enc_mask[b] is (3,)). Passes
    # the visible tests.
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
    # The pair loop runs to dim - 1 (exclusive), so an odd D never writes its last sine row (left 0).
    # sinusoidal_positions(3, 3)[2]: the model's [0, 0.0022, 0.0043], the entry's [0, 0, 0]. Fails the visible tests.
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
    # Top-p loop stops only once the running sum is strictly above p: a prefix reaching exactly p keeps one token too
    # many. logits log([0.5, 0.25, 0.25]), top_p=0.5: the model returns [1, 0, 0], the entry [2/3, 1/3, 0]. Passes the
    # visible tests.
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
    # Reshapes each window to (C, M*M), dropping the batch axes: right for one grid only.
    # window_partition(arange(16.).reshape(2, 1, 2, 4), 2): the model returns (2, 2, 1, 4), the entry raises
    # RuntimeError. Fails the visible tests.
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
    # Tests wrap-around with index + shift > size instead of >=: the last rolled row and column are never flagged.
    # shifted_window_mask(4, 4, 2, 1)[3]: the model's is the 4x4 identity, the entry's all True. Fails the visible
    # tests.
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
    # Copies the 2x2 blocks into torch.zeros(...) made without a dtype: a float64 grid is rounded to float32 before the
    # layer norm (the result is float64 again through gamma, but with float32 accuracy). X randn(2, 4, 4) float64 (seed
    # 0), gamma 1, beta 0, W randn(4, 8): the outputs differ by 2.1e-7 (entry [0,0,0] -0.57644937 vs -0.57644942), far
    # above float64 accuracy. Passes the visible tests.
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
    # Transposes with .T, which reverses every axis of a batched tensor: right without batch axes only. X randn(2, 4,
    # 3), 2 groups: the model returns (2, 4, 3), the entry raises RuntimeError. Fails the visible tests.
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
    # Marks the queries whose own index is a multiple of the stride (i % s == 0), not the offset i - j. strided_mask(3,
    # 2): the model's row 1 is [F, T, F], the entry's [T, F, T]. Fails the visible tests.
    "blind32_strided_mask_loop_absolute_multiples": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for j in range(n):
                for i in range(0, n, stride):            # every stride-th query
                    mask[j, i] = True
            return mask
'''),
    # Adds the head axis to the mask inside the loop over heads, so it grows by one axis per head. Xq = Xkv randn(4, 3),
    # 2 heads, an all-True (3, 3) mask: the model returns (4, 3), the entry raises RuntimeError (head outputs of 3 and 4
    # dims). Fails the visible tests.
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
    # Concatenates the heads on dim 0: right for (H, D/H, N), but with a batch axis it stacks along the batch.
    # merge_heads(zeros(2, 3, 4, 5)): the model returns (2, 12, 5), the entry (6, 4, 5). Fails the visible tests.
    "blind32_merge_heads_cat_on_dim_zero": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            pieces = [heads[..., h, :, :] for h in range(heads.shape[-3])]
            return torch.cat(pieces, dim=0)
'''),
    # Fills a (V, B*N) buffer and reshapes it straight to (B, V, N) without moving the V axis: right without batch axes,
    # scrambled with them. one_hot([[0, 1], [2, 0]], 3)[0]: the model's [[1, 0], [0, 1], [0, 0]], the entry's [[1, 0],
    # [0, 1], [0, 1]]. Fails the visible tests.
    "blind32_one_hot_flat_buffer_reshaped_without_moving": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            flat = token_ids.reshape(-1).tolist()
            out = torch.zeros(vocab_size, len(flat), dtype=dtype)
            for k, t in enumerate(flat):
                out[t, k] = 1
            return out.reshape(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
'''),
    # Counts pairs over the distinct words once each, forgetting the word frequencies. The worked example (low x5, lower
    # x2, newer x6), 2 merges: the model [('w', 'e'), ('we', 'r')], the entry [('l', 'o'), ('lo', 'w')]. Fails the
    # visible tests.
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
    # Fills the patches into torch.zeros(...) made without a dtype: float64 images come back float32. patchify(randn(1,
    # 1, 2, 2) float64, 1): the model returns float64, the entry float32. Passes the visible tests.
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
    # Scores every cell with .item() and rebuilds the weights with torch.tensor(list): no gradient reaches W, U or v
    # through the weights, and they have the default dtype. s randn(2), features randn(3, 2, 2), W (4, 2), U (4, 3), v
    # (4,), all float64: the model's weights are float64 with a grad_fn, the entry's float32 without; under a float64
    # default, backward of sum(weights * [[0, 1], [2, 3]]) gives W a gradient in the model and None in the entry. Fails
    # the visible tests.
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
    # Reads D from Y.shape[0]: right for (D, N), the batch size with a batch axis. split_heads(arange(16.) .reshape(2,
    # 4, 2), 2): the model returns (2, 2, 2, 2), the entry (2, 2, 1, 2). Fails the visible tests.
    "blind32_split_heads_head_dim_from_first_axis": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            head_dim = Y.shape[0] // num_heads
            heads = [Y[..., h * head_dim:(h + 1) * head_dim, :] for h in range(num_heads)]
            return torch.stack(heads, dim=-3)
'''),
    # Projects token by token and stacks the columns on dim 1: right for (D, N), but with a batch axis the tokens land
    # before the features. X randn(2, 3, 4), W (3, 3), b (3,) for Q, K, V: the model returns (2, 3, 4), the entry raises
    # RuntimeError. Passes the visible tests.
    "blind32_self_attention_token_columns_stacked_on_dim_one": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                columns = [W @ X[..., :, n] + b for n in range(X.shape[-1])]
                return torch.stack(columns, dim=1)          # tokens side by side
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # Loops over one (C, H, W) image: images[:, h, w] indexes the batch axis when there is one. images (2, 3, 1, 2)
    # (image 0 black, image 1 white), palette [[0, 1]] x 3: the model returns [[[0, 0]], [[1, 1]]], the entry raises
    # IndexError. Fails the visible tests.
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
    # Builds the context as sum_i weights[i] * h_i: weights[i] is position i only without batch axes; with them it is
    # batch item i. s (3, 2), H (3, 4, 5): the model's context is (3, 4), the entry raises RuntimeError. Fails the
    # visible tests.
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
    # Loops over ids[i] as tokens: with a batch of sequences ids[i] is a row and int() fails. mlm_corrupt([[5, 6], [7,
    # 8]], 10, [0], 1, generator seed 0, mask_prob=0.5): the model returns labels [[5, -100], [7, 8]], the entry raises
    # ValueError. Fails the visible tests.
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
    # Draws the random sentence from randint(0, len - 1): the last sentence of the other document is never drawn.
    # documents [[a1, a2], [b1, b2]], 2000 calls, generator seed 0: the model's random B are a1 488, a2 521, b1 504, b2
    # 527, the entry's a1 1032, b1 1012 (never a2 or b2). Passes the visible tests.
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
    # Reads N from is_global.shape[0]: right for (N,), the batch size with a batch axis. global_token_mask([[T, F, F],
    # [F, F, T]]): the model returns (2, 3, 3), the entry raises RuntimeError. Fails the visible tests.
    "blind32_global_token_mask_size_from_first_axis": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            N = is_global.shape[0]
            keys = is_global.reshape(*is_global.shape[:-1], N, 1)
            queries = is_global.reshape(*is_global.shape[:-1], 1, N)
            return keys | queries
'''),
    # Fills ones into torch.zeros(n, n) made without a dtype: a float 0/1 mask instead of a bool one. local_mask(3, 1):
    # the model returns torch.bool, the entry torch.float32 (and apply_mask refuses it). Passes the visible tests.
    "blind32_local_mask_loop_into_default_float_buffer": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n)
            for j in range(n):
                for i in range(n):
                    if abs(i - j) <= window:
                        mask[j, i] = 1
            return mask
'''),
    # Multiplies a given position, a 0-d int64 tensor (positions[n]), by a Python float: the angle is a default-dtype
    # float32 tensor before math.cos, so large positions lose accuracy (default positions, Python ints, are exact).
    # rotary_embedding(Q, Q, [0, 2999], [0, 2999]) with Q randn(64, 2) (seed 0): float64, row 33 of column 1 is
    # -0.5070787 in the model, -0.5071796 in the entry (max error 1.0e-4); float32, max error 1.4e-4. Fails the visible
    # tests.
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
    # Prepends the [CLS] column as (1, D, 1) without repeating it per image: right for a batch of one. images randn(2,
    # 1, 2, 2), P = 1, D = 3: the model returns (2, 3, 5), the entry raises RuntimeError (cat sizes 1 vs 2). Fails the
    # visible tests.
    "blind32_patch_embedding_cls_column_for_one_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = W @ patches + b.reshape(-1, 1)
            cls = cls_token.reshape(1, -1, 1)            # (1, D, 1)
            return torch.cat([cls, tokens], dim=2) + positions
'''),
}

RIGHT_BLIND_32 = {
    # Written as a wrong one; counted right: embed with no ids (N = 0) is an edge the contract leaves open (the
    # embeddings suite accepts an exception there), so raising on it is accepted.
    # Stacks one column per id: torch.stack of an empty list fails, so ids with no tokens are refused. embed(randn(3,
    # 5), empty (0,) ids): the model returns (3, 0), the entry raises RuntimeError. Passes the visible tests.
    "blind32_embed_column_list_stacked_no_empty_case": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = [omega_e[:, int(t)] for t in token_ids.reshape(-1)]
            table = torch.stack(columns, dim=1)          # (D, number of ids)
            return table.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # A fresh buffer (new_empty + copy_, so the scores' dtype and autograd are kept), then -inf written through the mask
    # expanded to the scores' shape (broadcast masks included); the input is never written.
    "blind32_right_apply_mask_new_empty_copy_expanded_index": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            result = scores.new_empty(scores.shape)
            result.copy_(scores)
            hidden = ~mask.expand(scores.shape)
            result[hidden] = float("-inf")
            return result
'''),
    # Projects one token column at a time (W @ x_n + b, kept as (..., out, 1) columns) and concatenates on the last
    # axis: the same Q, K, V for any batch axes; attention itself is the course's. Slow (N small matrix products) but
    # correct; float32 gradients differ from the model's only in summation order.
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
    # One table column per id (int(t)), stacked on dim 1 and reshaped to (D, *ids.shape) before moving D next to N; no
    # ids at all give the empty slice omega_e[:, :0], so autograd still reaches omega_e.
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
    # Mean and biased variance as Python sums over the D feature rows (each (..., 1, N)), eps inside the square root:
    # the model answer's statistics in another summation order; D = 1 gives beta.
    "blind32_right_layer_norm_feature_row_python_sums": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            rows = [X[..., d:d + 1, :] for d in range(D)]
            mean = sum(rows) / D
            var = sum((r - mean) ** 2 for r in rows) / D
            normed = (X - mean) / torch.sqrt(var + eps)
            return gamma.reshape(D, 1) * normed + beta.reshape(D, 1)
'''),
    # Concatenates heads[..., h, :, :] on dim -2 in head order: head 0's rows on top, any batch axes kept.
    "blind32_right_merge_heads_cat_head_slices_last_axes": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            pieces = [heads[..., h, :, :] for h in range(heads.shape[-3])]
            return torch.cat(pieces, dim=-2)
'''),
    # Counts weighted pairs in first-seen word order into a dict (insertion-ordered), then sorts by count with
    # reverse=True: Python's sort stays stable with reverse, so the first pair seen wins a tie, as max over a Counter.
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
    # Squared distances per pixel, argmin (first minimum); the ids are rebuilt with dtype=torch.long, so an image
    # without pixels still returns a LongTensor of the right shape; the stub's checks are kept.
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
    # ReLU by writing 0 into the negative entries of a freshly computed hidden tensor (never an input): the add's
    # backward does not need its output, so autograd gives the relu gradient.
    "blind32_right_feed_forward_negatives_zeroed_by_index": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            hidden[hidden < 0] = 0
            return W2 @ hidden + b2[:, None]
'''),
    # Group by group (rows g*C/G ...), scores K_g Q_g^T * scale, softmax_cols, weights^T V_g written into a zeros_like
    # buffer (slice assignment keeps autograd), then Wo; default scale 1/sqrt(N); the stub's checks kept.
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
    # Fills the diagonals at offsets 0, +-s, +-2s, ... through diagonal views of a zero bool mask: exactly the pairs
    # with i - j a multiple of s; n = 0 gives (0, 0).
    "blind32_right_strided_mask_diagonal_views_filled": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(0, n, stride):
                mask.diagonal(d).fill_(True)
                mask.diagonal(-d).fill_(True)
            return mask
'''),
    # For each window (raster order), each token's pair of wrapped flags (index + shift >= size per axis); visible iff
    # the flags agree, the contract's own definition; O(nW (M*M)^2) Python but exact.
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
    # Scores e_i = v . tanh(W s + U h_i) one position at a time as tensors (batch axes broadcast), the mask as -inf, the
    # course's softmax_cols over the positions (dead states give zeros), context as a Python sum of weights_i h_i.
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
    # Sum over the token axis divided by N (the mean), then W @ pooled as a column, the bias only when given; the stub's
    # checks (N = 0, shapes) kept.
    "blind32_right_average_pool_head_sum_divided_matmul_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]                  # (..., D)
            logits = (W @ pooled.unsqueeze(-1)).squeeze(-1)       # (..., K)
            if b is not None:
                logits = logits + b
            return logits
'''),
    # A coin per sentence with a successor; for a random B it redraws a document index until it differs from A's
    # (uniform over the others), then a uniform sentence of it; the stub's single-document check kept. Compared with the
    # model on 4000 seeded calls: all 46 (A, label, B) frequencies within 2.2 standard deviations.
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
    # For each row of flags (batch axes flattened with a product computed by hand, so N = 0 and empty batches work),
    # sets the global keys' rows and the global queries' columns True.
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
    # One palette column per id (tolist works for every integer dtype), stacked and reshaped to (C, *ids.shape) with C
    # moved before H, W; no ids give palette[:, :0]; the stub's checks (integer dtype, range) kept.
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
    # Replays the merges in order on each distinct word once and reuses the result for repeats within the same call (the
    # memo is local, so it can never see another call's merges).
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
    # W @ patches + b as a column, the [CLS] column repeated once per image (B = 0 gives none), prepended as column 0,
    # then the positions added to every image.
    "blind32_right_patch_embedding_cls_repeated_per_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                 # (B, C*P*P, N)
            tokens = W @ patches + b.reshape(-1, 1)                # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).repeat(images.shape[0], 1, 1)
            return torch.cat([cls, tokens], dim=2) + positions
'''),
}
