"""Forty-third blind batch of held-out implementations (prefix blind42_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from the five lecture notes the course is built from (/work/shared/seeds/*.txt: 000 the KCL week 14
in the column convention, 001 the USAAIO study page in PyTorch's row convention, 002 the applied-ML module, 003 the ML-I
week, 004 the multimodal generative-AI lecture), docs/contract.md, the stubs (exercises/*.py: signatures and
input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_41.py) were only skimmed for their entry names and header
decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written
at the same time (held_out_blind_43.py).

Emphasis: a learner who follows the lecture notes literally. Wrong: what a careful reader of one note writes where
that note and the contract disagree, each comment naming the note and the passage: layouts copied from the row-
convention notes (torch's one_hot rows, an nn.Embedding lookup reshaped into columns, the drill's lower-triangular
causal table, a (B, 1, n) padding mask, weights left query-major, Q = X W with (out, in) weights, x' = [z] W^O, a
last-axis layer norm, channels-last patch flattening), softmax(E, dim=1) taken literally, scales from the wrong width
(sqrt(D) for self-attention, sqrt(d_model) for heads, the group width for DaViT) or none (the matrix form before the
scaling fix, slide 40's cross-attention), the study page's pre-LN block as the default and in the decoder, its GELU,
its even-only position buffer, "0 mean and 1 standard deviation" with torch's std, the BPE walk without "</w>",
"mask 15% of tokens" (all [MASK]; an exact share per row), NSP's "does B follow A" as label 1 and a random sentence
of the whole corpus, P(t_1) charged as uniform, ViT's steps 1-4 before the <cls> token, a softmax after ImageGPT's
linear head, a per-row grid softmax, two published GRU variants (reset before the product, the update gate on the new
state), RoPE's adjacent pairs, 2x2 patches concatenated in reading order, global tokens as key-only hubs. Right: the
notes' different-looking formulations transposed or rearranged correctly (row-form attention, projections, FFN,
layer norm and the study page's multi-head module ported back to columns, per-head parameter slices, the MLP line
as a column loop, three add-and-norms, positions split around [CLS], patch loops, the alignment loop, the chain rule
as a loop, rotate_half, the 80/10/10 recipe as nested coin flips, a tuple-based version of the study page's BPE loop).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind42/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each
wrong entry's comment says whether it does (3 of the 36 wrong entries pass them). Each wrong entry's recorded
input was run on the model answer and on the entry and both results printed (for mlm_corrupt and nsp_pairs, counts
over 1000 seeded calls); each differs as its comment says. Right entries were compared with the model answer under
both default dtypes on float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks and ids), batched (one and two
batch axes, broadcast and padding masks, causal masks, queries or states that see nothing) and not, non-contiguous
inputs, sizes of 1, a thousand times the usual scale, keyword calls, the contract's ValueErrors (same outcome on both
sides), arguments left unchanged, and gradients of every floating-point input with a random cotangent; train_bpe on
the worked example and 300 random corpora for 0-60 merges; mlm_corrupt and nsp_pairs by their distributions (100 000
positions; 3000 calls), mask_prob 0 and 1, determinism under a seeded generator, and the single-document ValueError.

Judgement calls: blind42_grid_attention_note_flattened_cells differs from the model answer by 2.04e-5 (relative) on
float32 inputs a thousand times the usual scale; against a float64 reference its error is 3.8e-7 and the model
answer's 1.0e-3, so it is kept as right. Several wrong entries agree with the model answer on common inputs and differ
only where the note's reading and the contract part: blind42_sinusoidal_note_buffer_even_dim_only (odd D only),
blind42_self_attention_scaled_by_model_width (only when D_k != D), blind42_mha_scaled_by_model_width and
blind42_cross_attention_note_slide_formula_unscaled (any H; with H = D the latter scales by 1 and agrees),
blind42_mlm_corrupt_note_fifteen_percent_of_each_row (a distribution entry: its expected share is right, the count per
row is not random), blind42_sdpa_note_weights_left_query_major (right output, transposed weights). The two GRU entries
are published GRU formulations (Cho et al.'s original candidate; the z-on-new-state convention), wrong only because
the contract names torch.nn.GRUCell's. Fewer entries than asked (about 55 / 35): the time box, and the forty-two
earlier batches' coverage of the obvious row/column and scaling mistakes; no entry I was unsure of went in.

Counts: 36 wrong, 29 right, as written; 37 wrong and 28 right as counted (one reclassified wrong by the grader's
maintainer, with its reason above it; the per-function counts below are as written).
Wrong per function: {'attention_decoder_step': 2, 'average_pool_head': 1, 'causal_mask': 1, 'channel_attention': 1,
'cross_attention': 1, 'decoder_layer': 2, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1,
'layer_norm': 2, 'mlm_corrupt': 2, 'multi_head_attention': 3, 'nsp_pairs': 2, 'one_hot': 1, 'padding_mask': 1,
'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2,
'self_attention': 2, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'train_bpe': 1,
'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1,
'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2,
'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'sinusoidal_positions': 1,
'softmax_cols': 1, 'train_bpe': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_42 = {
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-27): the contract gives labels
    # as a LongTensor whatever the ids' dtype, and ids.masked_fill keeps the ids' dtype, so int32 ids give int32
    # labels (the catalogue's mlm_labels_in_ids_dtype). The author's checks used int64 ids only.
    # The 80/10/10 recipe as nested coin flips (Hugging Face's draw order): chosen ~ Bernoulli(mask_prob) among non-
    # special positions, [MASK] ~ Bernoulli(0.8) of those, random ~ Bernoulli(0.5) of the rest; the same distribution as
    # the contract (checked on 100 000 positions: chosen 0.149, masked 0.812 of the chosen), ids unchanged, labels -100
    # elsewhere, all draws from the generator.
    "blind42_mlm_corrupt_note_nested_coin_flips": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # 15% of the ordinary tokens are chosen; of those 80% -> [MASK], half the rest -> random, rest kept
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            ordinary = ~torch.isin(ids, special)
            chosen = ordinary & torch.bernoulli(torch.full(ids.shape, float(mask_prob)), generator=generator).bool()
            to_mask = chosen & torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool()
            to_random = chosen & ~to_mask & torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool()
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[to_mask] = mask_id
            corrupted[to_random] = random_ids[to_random]
            labels = ids.masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # Follows the study page's (001) BPE walk-through, which leaves the end-of-word marker out "for brevity": words are
    # split into bare characters, so no pair with "</w>" is ever counted or merged. The contract appends "</w>" to every
    # word in training. corpus "ab ab", num_merges=2: model [('a', 'b'), ('ab', '</w>')], entry [('a', 'b')]. Fails the
    # visible tests.
    "blind42_train_bpe_note_marker_omitted": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            # the worked example leaves the end-of-word marker out "for brevity"
            vocab = Counter(tuple(word) for word in corpus.split())
            segmentation = {word: list(word) for word in vocab}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, freq in vocab.items():
                    symbols = segmentation[word]
                    for a, b in zip(symbols, symbols[1:]):
                        pairs[(a, b)] += freq
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Keeps torch's one_hot layout from the study page's row convention (001): one row per token, (..., N, V). The
    # week-14 notes (000) and the contract put tokens in columns, T (..., V, N). ids [0, 2], V=3: model [[1, 0], [0, 0],
    # [0, 1]] (3, 2), entry [[1, 0, 0], [0, 0, 1]] (2, 3). Fails the visible tests.
    "blind42_one_hot_note_rows_are_tokens": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            # T has one row per token and one column per vocabulary entry, as torch's one_hot lays it out
            return torch.nn.functional.one_hot(token_ids, vocab_size).to(dtype or torch.get_default_dtype())
'''),
    # Looks the ids up in the table as the study page's nn.Embedding holds it (rows = tokens, via omega_e.T), then turns
    # (..., N, D) into (..., D, N) with reshape instead of a transpose, scrambling the entries. omega_e =
    # arange(6).reshape(2, 3), ids [0, 1, 2]: model [[0, 1, 2], [3, 4, 5]], entry [[0, 3, 1], [4, 2, 5]]. Fails the
    # visible tests.
    "blind42_embed_rows_reshaped_to_columns": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            table = omega_e.T                               # (V, D): one row per token, as nn.Embedding stores it
            rows = table[token_ids]                         # (..., N, D)
            return rows.reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # Copies the study page's (001) SinusoidalPE buffer, which assumes an even d_model: pe[:, 1::2] = cos(pos * div) has
    # one column too many for an odd D. The contract covers odd D (a final sine row). sinusoidal_positions(2, 3): model
    # [[0, 0.8415], [1, 0.5403], [0, 0.0022]], entry raises RuntimeError (expanded size mismatch). Even D agree. Fails
    # the visible tests.
    "blind42_sinusoidal_note_buffer_even_dim_only": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            pe = torch.zeros(num_positions, dim)
            pos = torch.arange(num_positions).unsqueeze(1).float()
            div = torch.exp(torch.arange(0, dim, 2).float() * (-math.log(10000.0) / dim))
            pe[:, 0::2] = torch.sin(pos * div)
            pe[:, 1::2] = torch.cos(pos * div)
            return pe.T.to(torch.get_default_dtype())
'''),
    # Takes the multimodal lecture's (004) "softmax(E, dim=1)" literally. There E is (N_q, N_x) with queries as rows, so
    # dim=1 runs over the keys; in the course's (..., N_k, N_q) layout dim=1 of a 2-D matrix is the query axis, and on
    # batched input it is whatever axis 1 happens to be. The contract normalises axis -2. [[0, ln 3], [0, 0]]: model
    # [[0.5, 0.75], [0.5, 0.25]], entry [[0.25, 0.75], [0.5, 0.5]]. Fails the visible tests.
    "blind42_softmax_cols_note_dim_one": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # the lecture's softmax(E, dim=1)
            shift = scores.amax(dim=1, keepdim=True)
            shift = shift.masked_fill(torch.isinf(shift), 0.0)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=1, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Copies the study page's (001) drill table (row = the query position t, 1 where the column is <= t: lower
    # triangular). The course's masks have keys as rows ([j, i] True iff j <= i: upper triangular), as the week-14 notes
    # (000) draw it. causal_mask(2): model [[True, True], [False, True]], entry [[True, False], [True, True]]. Fails the
    # visible tests.
    "blind42_causal_mask_note_rows_are_queries": ("masking", "causal_mask", '''
        def causal_mask(n):
            # the drill's lower-triangular table: row t may look at columns 0..t
            rows = torch.arange(n)[:, None]
            cols = torch.arange(n)[None, :]
            return cols <= rows
'''),
    # Builds the padding mask for the study page's (B, queries, keys) scores: (B, 1, n) with the key axis last. The
    # contract's scores are (N_k, N_q), so a padding mask is (B, n, 1). lengths [1, 2], n=2: model (2, 2, 1) [[[True],
    # [False]], [[True], [True]]], entry (2, 1, 2) [[[True, False]], [[True, True]]]. Fails the visible tests.
    "blind42_padding_mask_key_axis_last": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # scores are (B, queries, keys) in the notes: the key axis goes last, one row broadcast over queries
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None])[:, None, :]
'''),
    # Writes the matrix form as the week-14 notes (000) first give it, A = V softmax(K^T Q), and the same unscaled form
    # as the ML-I week (003) writes it (the scaling is only a footnote there); the contract divides by sqrt(D_k). Q =
    # [[1], [1]], K = [[1, 0], [1, 0]], V = [[0, 1]]: model weights [0.8044, 0.1956], output 0.1956; entry weights
    # [0.8808, 0.1192], output 0.1192. Fails the visible tests.
    "blind42_sdpa_note_slide_unscaled": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q                 # A = V softmax(K^T Q), as in the matrix form
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Ports the study page's row-form attention (001: Q K^T, softmax over the last axis, weights @ V) by transposing the
    # inputs, and transposes the output back but not the weights: they come out (N_q, N_k), queries as rows, where the
    # contract returns (N_k, N_q). Q = [[1, 0]], K = [[1, 2, 0]], V = [[1, 2, 3]]: outputs agree ([[1.8453, 2.0]]),
    # model weights (3, 2) [[0.2447, 0.3333], [0.6652, 0.3333], [0.0900, 0.3333]], entry (2, 3) [[0.2447, 0.6652,
    # 0.0900], [0.3333, 0.3333, 0.3333]]. Fails the visible tests.
    "blind42_sdpa_note_weights_left_query_major": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)   # rows are tokens
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])               # (N_q, N_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
            weights = softmax_cols(scores.transpose(-2, -1)).transpose(-2, -1)      # each query row sums to 1
            out = weights @ v
            return out.transpose(-2, -1), weights
'''),
    # Scales by sqrt of the input width D, as the ML-I week's (003) footnote has it ("normalised by sqrt(D)"); the
    # contract scales by sqrt(D_k), the query/key width, which differs whenever Wq is not square. X = [[1, 0], [0, 1],
    # [1, 1], [0, 0]] (D=4), Wq = [[1, 1, 0, 0]], Wk = [[1, 0, 1, 0]], Wv = [[1, 2, 0, 0]], zero biases (D_k = 1): model
    # weights [0.7311, 0.2689] per query, output 1.2689; entry weights [0.6225, 0.3775], output 1.3775. Passes the
    # visible tests.
    "blind42_self_attention_scaled_by_model_width": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(X.shape[-2])   # "normalised by sqrt(D)"
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Applies the applied-ML module's (002) Q = X W_Q literally to row tokens, rows @ Wq, with the course's (out, in)
    # weights: that computes Wq^T X, not Wq X (and crashes unless Wq is square). X = I2, Wq = [[0, 1], [0, 0]], Wk = Wv
    # = I2, zero biases: model weights [[0.5, 0.6698], [0.5, 0.3302]], entry [[0.3302, 0.5], [0.6698, 0.5]] (the outputs
    # equal the weights here). Fails the visible tests.
    "blind42_self_attention_note_x_times_w": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            rows = X.transpose(-2, -1)                      # (..., N, D): Q = X W_Q with tokens as rows
            Q = (rows @ Wq + bq).transpose(-2, -1)
            K = (rows @ Wk + bk).transpose(-2, -1)
            V = (rows @ Wv + bv).transpose(-2, -1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Reads the multimodal lecture's (004) "Input X, split into h chunks" as splitting the input rows: head h projects
    # only rows h*D/H.. of X with the diagonal block Wq[h, h] of each matrix. The contract projects all of X with the
    # full Wq and splits the projected rows. X = [[1, 0, 2], [0, 1, -1], [2, 1, 0], [-1, 0, 1]] (Xq its first two
    # columns), params from torch.Generator().manual_seed(0) (randn / sqrt(D), biases randn * 0.3), H=2: output[0, 0]
    # model 0.0045, entry -0.2526. Fails the visible tests.
    "blind42_mha_note_input_split_into_chunks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            D = Xq.shape[-2]
            d = D // num_heads
            heads = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                xq, xkv = Xq[..., rows, :], Xkv[..., rows, :]        # "input X, split into h chunks"
                q = params["Wq"][rows, rows] @ xq + params["bq"][rows, None]
                k = params["Wk"][rows, rows] @ xkv + params["bk"][rows, None]
                v = params["Wv"][rows, rows] @ xkv + params["bv"][rows, None]
                out, _ = scaled_dot_product_attention(q, k, v, mask)
                heads.append(out)
            return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]
'''),
    # Combines the heads as the ML-I week (003) writes it, x' = [z^1 ... z^H] W^O with W^O (D'H x D): the concatenated
    # rows times Wo, i.e. Wo^T applied to the columns; the contract stores Wo (out, in) and applies Wo @ heads. Same X,
    # params and H as blind42_mha_note_input_split_into_chunks: output[0, 0] model 0.0045, entry 0.2005. Fails the
    # visible tests.
    "blind42_mha_note_output_weight_in_by_out": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            concat = merge_heads(heads).transpose(-2, -1)            # rows [z^1 ... z^H]
            return (concat @ params["Wo"] + params["bo"]).transpose(-2, -1)   # x' = [z^1 ... z^H] W^O
'''),
    # Scales every head by 1/sqrt(D), the model width (the week-14 notes' (000) D_q read as D); the contract scales by
    # the head width 1/sqrt(D/H). Same X, params and H as blind42_mha_note_input_split_into_chunks: output[0, 1] model
    # 0.0363, entry 0.0312. Fails the visible tests.
    "blind42_mha_scaled_by_model_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            D = Xq.shape[-2]
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(D)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Takes the study page's (001) pre-LN block as the default and uses post-LN only when norm_first=True (the flag's
    # meaning flipped). The contract's default is post-LN (the week-14 notes' (000) four lines) and pre-LN is
    # norm_first. X = [[1, 0, 2], [0, 1, -1]], one head, attention params from seed 0, W1 (3, 2) and W2 (2, 3) randn
    # from seed 1, zero FFN biases, unit gains, zero shifts: model [[1, -1, 1], [-1, 1, -1]], entry [[0.7411, 0.5681,
    # 1.7410], [0.0523, 0.6315, -0.9477]]. Fails the visible tests.
    "blind42_transformer_layer_note_pre_ln_default": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # the study page's block is pre-LN and calls it the modern default; post-LN only on request
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def mlp(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            post_ln = norm_first
            if post_ln:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                return layer_norm(X + mlp(X), params["gamma2"], params["beta2"])
            X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
            return X + mlp(layer_norm(X, params["gamma2"], params["beta2"]))
'''),
    # Uses GELU between the two linear maps, as the study page's (001) block does; the contract (and the applied-ML
    # module's (002) FFN formula) uses ReLU. X = [[1], [-1]], W1 = I2, b1 = 0, W2 = [[1, 1]], b2 = 0: model [[1.0]],
    # entry [[0.6827]]. Fails the visible tests.
    "blind42_feed_forward_note_gelu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.nn.functional.gelu(linear(X, W1, b1))     # Linear -> GELU -> Linear
            return linear(hidden, W2, b2)
'''),
    # Normalises the last axis, as nn.LayerNorm(d_model) does on the study page's (B, T, d); in the course's (..., D, N)
    # layout the last axis is the tokens, so it normalises each feature across tokens. X = [[1, 3], [2, 5]], gamma 1,
    # beta 0: model [[-1, -1], [1, 1]], entry [[-1, 1], [-1, 1]]. Fails the visible tests.
    "blind42_layer_norm_note_last_axis": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # nn.LayerNorm(d_model) normalises the last axis
            mean = X.mean(dim=-1, keepdim=True)
            var = X.var(dim=-1, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # Follows the ML-I week (003) wording ("0 mean and 1 standard deviation") with torch's default X.std (unbiased,
    # divide by D - 1) and eps added to the standard deviation; the contract uses the biased variance with eps inside
    # the square root. X = [[1, 3], [2, 5]], gamma 1, beta 0: model [[-1, -1], [1, 1]], entry [[-0.7071, -0.7071],
    # [0.7071, 0.7071]]. Fails the visible tests.
    "blind42_layer_norm_note_unit_standard_deviation": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # each token's dimensions to 0 mean and 1 standard deviation
            mean = X.mean(dim=-2, keepdim=True)
            std = X.std(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / (std + eps) + beta[:, None]
'''),
    # Builds the decoder layer in the study page's (001) pre-LN order (normalise, sublayer, add), three times; the
    # contract's decoder layer is post-LN like torch.nn.TransformerDecoderLayer(norm_first=False). X_dec = the first two
    # columns of X = [[1, 0, 2], [0, 1, -1], [2, 1, 0], [-1, 0, 1]], X_enc = X, one head, self_attn / cross_attn params
    # from seeds 1 / 2, W1 = W2 = I4, zero biases, unit gains: output[1, 0] model 0.4849, entry 2.3419. Fails the
    # visible tests.
    "blind42_decoder_layer_note_pre_ln_block": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            Y = layer_norm(X, params["gamma1"], params["beta1"])
            X = X + multi_head_attention(Y, Y, params["self_attn"], num_heads, causal)
            Y = layer_norm(X, params["gamma2"], params["beta2"])
            X = X + cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask)
            Y = layer_norm(X, params["gamma3"], params["beta3"])
            return X + feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
'''),
    # Masks the decoder's self-attention with the study page's (001) lower-triangular table (torch.tril), which in the
    # course's (N_k, N_q) layout lets each query see the keys after it and hides the ones before (except itself). The
    # contract's causal mask is [j, i] True iff j <= i (upper triangular here). Same inputs as
    # blind42_decoder_layer_note_pre_ln_block: output[0, 0] model -1.5461, entry -1.1153. Fails the visible tests.
    "blind42_decoder_layer_note_lower_triangular_self_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            lower = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X_dec.device))   # 1 0 0 / 1 1 0 / 1 1 1
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, lower),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Writes cross-attention from the week-14 notes' (000) slide-40 formula, output V Softmax[K^T Q], with heads but
    # without the 1/sqrt(D/H) scaling; the contract's cross-attention is multi_head_attention (scaled). Same X, params
    # and H as blind42_mha_note_input_split_into_chunks (X_dec the first two columns, X_enc all of X): output[0, 0]
    # model 0.0045, entry -0.0057. Passes the visible tests.
    "blind42_cross_attention_note_slide_formula_unscaled": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .masking import apply_mask
            from .softmax import softmax_cols
            D, n_d = X_dec.shape[-2:]
            n_e = X_enc.shape[-1]
            d = D // num_heads
            Q = (params["Wq"] @ X_dec + params["bq"][:, None]).unflatten(-2, (num_heads, d))
            K = (params["Wk"] @ X_enc + params["bk"][:, None]).unflatten(-2, (num_heads, d))
            V = (params["Wv"] @ X_enc + params["bv"][:, None]).unflatten(-2, (num_heads, d))
            scores = K.transpose(-2, -1) @ Q                          # Softmax[K^T Q]
            if enc_mask is not None:
                scores = apply_mask(scores, enc_mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Follows the week-14 notes' (000) factorisation P(t_1) prod P(t_n | t_<n) and, with no column to predict t_1,
    # charges it the uniform log(1/V). The contract sums only n >= 1 (the first token is given). A model returning zero
    # logits (V=4) and ids [0, 1, 2]: model -2.7726 (= 2 log(1/4)), entry -4.1589. Fails the visible tests.
    "blind42_sequence_log_prob_note_uniform_first_factor": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # P(t_1) * prod P(t_n | t_<n): nothing predicts t_1, so it gets the uniform 1/V
            logits = model(ids)
            log_probs = torch.log_softmax(logits, dim=0)
            total = log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
            return total - math.log(logits.shape[0])
'''),
    # Follows the multimodal lecture's (004) ViT steps 1-4 (split, flatten, embed, add positions), adding positions[:,
    # :N] to the patches, and only then prepends the <cls> column without a position. The contract prepends [CLS] and
    # adds positions (D, N+1) to all N+1 columns. images zeros (1, 1, 2, 2), P=2, W = zeros (1, 4), b = 0, cls = [5],
    # positions [[1, 2]]: model [[[6, 2]]], entry [[[5, 1]]]. Fails the visible tests.
    "blind42_patch_embedding_note_positions_before_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # 1. split  2. flatten  3. linear embedding  4. add positional embeddings; then the <cls> token
            tokens = linear(patchify(images, patch_size), W, b)
            tokens = tokens + positions[:, : tokens.shape[-1]]
            cls = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1)
'''),
    # Flattens each patch pixel by pixel with the channels last (the row-convention image (H, W, C) the study page's
    # "flatten each patch to a 768-dim vector" suggests); the contract flattens in (channel, row, column) order. images
    # = arange(8).reshape(1, 2, 2, 2), P=2: model column [0, 1, 2, 3, 4, 5, 6, 7], entry [0, 4, 1, 5, 2, 6, 3, 7]. Fails
    # the visible tests.
    "blind42_patchify_note_flatten_channels_last": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C, H, W_ = images.shape
            pixels = images.permute(0, 2, 3, 1)                          # (B, H, W, C) image rows
            grid = pixels.reshape(B, H // P, P, W_ // P, P, C).permute(0, 1, 3, 2, 4, 5)
            return grid.reshape(B, (H // P) * (W_ // P), P * P * C).transpose(1, 2)   # 16*16*3 = 768 per patch
'''),
    # Ends with the softmax the week-14 notes (000) put after ImageGPT's linear layer ("average the pixel embeddings,
    # then a linear layer with softmax"); the contract's head returns the logits W mean + b. X = [[1, 3]], W = [[1],
    # [0]], b None: model [2, 0], entry [0.8808, 0.1192]. Fails the visible tests.
    "blind42_average_pool_head_note_softmax_probabilities": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)                                   # average the pixel embeddings
            logits = pooled @ W.T
            if b is not None:
                logits = logits + b
            return torch.softmax(logits, dim=-1)                      # linear layer with softmax
'''),
    # Normalises e_{t,i,j} over its last index j only (each grid row its own softmax), reading the multimodal lecture's
    # (004) softmax(e_{t,:}) as acting on the last axis; the contract takes one softmax over all H*W cells. s = [0], a
    # 1-channel 2x2 grid [[1, 0], [0, 0]], W = [[0]], U = [[1]], v = [1]: model weights [[0.4165, 0.1945], [0.1945,
    # 0.1945]], context 0.4165; entry [[0.6817, 0.3183], [0.5, 0.5]], context 0.6817. Fails the visible tests.
    "blind42_grid_attention_note_softmax_over_last_index": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(
                torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]))
            weights = softmax_cols(e.transpose(-2, -1)).transpose(-2, -1)     # a = softmax(e_{t,i,:})
            context = (features * weights.unsqueeze(-3)).sum(dim=(-2, -1))
            return weights, context
'''),
    # Writes the GRU candidate in the variant of Cho et al.'s paper, n = tanh(W_in x + b_in + W_hn (r * h) + b_hn), with
    # the reset gate applied before the hidden product; the contract (nn.GRUCell) applies it after, r * (W_hn h + b_hn).
    # s_prev = [1, -1], y_prev = [0.5], H = I2, params randn from torch.Generator().manual_seed(0) in the order W (2,
    # 2), U (2, 2), v (2,), weight_ih (6, 3), weight_hh (6, 2), bias_ih, bias_hh (6,), W_out (2, 4), b_out (2,): s model
    # [0.9937, -0.5206], entry [0.9986, -0.7864] (weights agree). Fails the visible tests.
    "blind42_decoder_step_gru_reset_inside_product": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            D = s_prev.shape[-1]
            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ Wi[:D].T + bi[:D] + s_prev @ Wh[:D].T + bh[:D])
            z = torch.sigmoid(x @ Wi[D:2 * D].T + bi[D:2 * D] + s_prev @ Wh[D:2 * D].T + bh[D:2 * D])
            n = torch.tanh(x @ Wi[2 * D:].T + bi[2 * D:] + (r * s_prev) @ Wh[2 * D:].T + bh[2 * D:])   # W (r * h)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Uses the GRU update in the other common convention, h' = z * n + (1 - z) * h (the update gate lets new content
    # in); the contract (nn.GRUCell) has h' = (1 - z) * n + z * h. Same inputs as
    # blind42_decoder_step_gru_reset_inside_product: s model [0.9937, -0.5206], entry [-0.2241, -0.7948]. Fails the
    # visible tests.
    "blind42_decoder_step_gru_update_weights_new_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            gi = stack(y_prev, c) @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            ir, iz, i_n = gi.chunk(3, dim=-1)
            hr, hz, h_n = gh.chunk(3, dim=-1)
            r, z = torch.sigmoid(ir + hr), torch.sigmoid(iz + hz)
            n = torch.tanh(i_n + r * h_n)
            s = z * n + (1 - z) * s_prev                      # the update gate lets the new content in
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Reads the study page's (001) "rotates pairs of dimensions" as adjacent pairs (2i, 2i+1), RoFormer's layout; the
    # contract pairs rows i and i + D/2 and says the adjacent pairing is not accepted. Q = [[0, 1], [0, 0], [0, 0], [0,
    # 0]] (e_0 at position 1), K = e_0: Q' column 1 model [0.5403, 0, 0.8415, 0], entry [0.5403, 0.8415, 0, 0]. Fails
    # the visible tests.
    "blind42_rotary_note_adjacent_pairs_rotated": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2:]
                if positions is None:
                    positions = torch.arange(N)
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                even, odd = X[..., 0::2, :], X[..., 1::2, :]            # pairs of dimensions (2i, 2i+1)
                out = torch.stack([even * cos - odd * sin, odd * cos + even * sin], dim=-2)   # (..., D/2, 2, N)
                return out.reshape(X.shape)                             # back to rows 2i, 2i+1
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Follows the applied-ML module's (002) "randomly mask 15% of tokens": every chosen token becomes [MASK], with no
    # 10% random / 10% kept. ids = arange(4, 24) (1, 20), V=30, no specials, mask_id 0, mask_prob 1.0, seed 0: model
    # masks 15 of the 20 chosen, entry all 20. Fails the visible tests.
    "blind42_mlm_corrupt_note_every_choice_masked": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # randomly mask 15% of tokens, predict the original tokens
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            corrupted = ids.masked_fill(chosen, mask_id)
            labels = torch.where(chosen, ids, torch.full_like(ids, -100))
            return corrupted, labels
'''),
    # Reads "mask 15% of tokens" as an exact share: round(0.15 * the row's ordinary tokens) positions per row, chosen
    # without replacement, then the 80/10/10 split. The contract chooses each position independently with probability
    # mask_prob. ids [[5, 6, 7]] (no specials among them), 1000 calls from one seeded generator: model chooses at least
    # one position in 370 calls, entry in 0 (round(0.45) = 0); over 20 ordinary tokens the entry always chooses exactly
    # 3. Passes the visible tests.
    "blind42_mlm_corrupt_note_fifteen_percent_of_each_row": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # "mask 15% of tokens": exactly that share of each sequence's ordinary tokens
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            keys = torch.rand(ids.shape, generator=generator).masked_fill(~eligible, 2.0)
            count = (eligible.sum(dim=-1, keepdim=True).double() * mask_prob).round().long()
            rank = keys.argsort(dim=-1).argsort(dim=-1)
            chosen = eligible & (rank < count)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, torch.full_like(ids, -100))
            return corrupted, labels
'''),
    # Labels as the applied-ML module's (002) question reads ("does B follow A?": 1 when it does); the contract uses
    # Hugging Face's convention, 0 = is next. documents [["a1", "a2"], ["b1", "b2"]], generator seed 0: model [('a1',
    # 'a2', 0), ('b1', 'a1', 1)], entry [('a1', 'a2', 1), ('b1', 'a1', 0)]. Fails the visible tests.
    "blind42_nsp_pairs_note_label_one_is_next": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # the task: predict whether B follows A -- 1 when it does
            examples = []
            for d, document in enumerate(documents):
                others = [e for e in range(len(documents)) if e != d]
                for a, b in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        examples.append((a, b, 1))
                    else:
                        other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        examples.append((a, other[torch.randint(len(other), (), generator=generator).item()], 0))
            return examples
'''),
    # Draws the random B from all sentences of the corpus, as the module (002) leaves it unsaid; the contract draws it
    # from a uniformly drawn other document. documents [["a1", "a2", "a3"], ["b1"]], 1000 calls: model's label-1 B is
    # always "b1" (995 times), entry's is "a1"/"a2"/"a3" 773 times and "b1" 234 times. Fails the visible tests.
    "blind42_nsp_pairs_note_random_sentence_of_corpus": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # B is either the sentence that follows A or a random sentence
            pool = [sentence for document in documents for sentence in document]
            examples = []
            for document in documents:
                for a, b in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        examples.append((a, b, 0))
                    else:
                        examples.append((a, pool[torch.randint(len(pool), (), generator=generator).item()], 1))
            return examples
'''),
    # Concatenates each 2x2 group in reading order (top-left, top-right, bottom-left, bottom-right), the natural reading
    # of the week-14 notes' (000) "concatenating 2x2 patches"; the contract (the Swin paper, Hugging Face) stacks top-
    # left, bottom-left, top-right, bottom-right. X = arange(4).reshape(1, 2, 2), gamma 1, beta 0, W = eye(2, 4): model
    # [[-1.3416], [0.4472]], entry [[-1.3416], [-0.4472]]. Fails the visible tests.
    "blind42_patch_merging_note_concat_reading_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # concatenate each 2x2 group of patches, read left to right and top to bottom
            blocks = [X[..., r::2, c::2] for r in (0, 1) for c in (0, 1)]
            merged = torch.cat(blocks, dim=-3)
            h, w = merged.shape[-2:]
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (h, w))
'''),
    # Reads the week-14 notes' (000) global tokens as "shared hubs" every token reads from: [j, i] True iff key j is
    # global, so a global query does not see every key. The contract makes it symmetric (j or i global). is_global
    # [True, False]: model [[True, True], [True, False]], entry [[True, True], [False, False]]. Fails the visible tests.
    "blind42_global_token_mask_note_hubs_as_keys": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # global tokens are shared hubs every token can read from
            n = is_global.shape[-1]
            return is_global.unsqueeze(-1).expand(*is_global.shape, n)
'''),
    # Scales by 1/sqrt(C/G), the group width, treating a group like a head of the week-14 notes' (000) multi-head
    # attention (1/sqrt(D_q) with D_q the per-head width); the contract's default is 1/sqrt(N), the length of the rows
    # that are dotted. X = [[1, 0, 2], [0, 1, -1], [2, 1, 0], [-1, 0, 1]] (C=4, N=3), params from seed 0, G=1: output[0,
    # 0] model -0.4648, entry -0.4896. Fails the visible tests.
    "blind42_channel_attention_note_scale_by_group_width": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            C = X.shape[-2]
            if scale is None:
                scale = (C // num_groups) ** -0.5          # 1/sqrt(D_q) with D_q the per-group width, as a head
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_42 = {
    # The study page's (001) loop (get_pairs, max(pairs, key=pairs.get), merge) kept, but on tuples of symbols with
    # "</w>" appended, so a merge replaces whole adjacent symbols left to right; a dict keeps words in order of first
    # appearance, so ties go as the contract says. Same merges as the model answer on the worked example and 300 random
    # corpora.
    "blind42_train_bpe_note_vocab_of_symbol_tuples": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            # the study page's loop (get_pairs, merge, max(pairs, key=pairs.get)) on tuples of symbols, so a merge
            # can never glue pieces of two different symbols together
            vocab = {}
            for word in corpus.split():
                key = tuple(word) + ("</w>",)
                vocab[key] = vocab.get(key, 0) + 1
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for symbols, freq in vocab.items():
                    for a, b in zip(symbols, symbols[1:]):
                        pairs[(a, b)] += freq
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                new_vocab = {}
                for symbols, freq in vocab.items():
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == best:
                            out.append(symbols[i] + symbols[i + 1])
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    key = tuple(out)
                    new_vocab[key] = new_vocab.get(key, 0) + freq
                vocab = new_vocab
            return merges
'''),
    # torch's row-layout one_hot (001) transposed into columns, in the requested or the default dtype; the stub's range
    # check runs first.
    "blind42_one_hot_note_rows_transposed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            rows = torch.nn.functional.one_hot(token_ids, vocab_size)     # (..., N, V): torch's row layout
            return rows.transpose(-2, -1).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # The table turned into the study page's (V, D) nn.Embedding rows, indexed, and the (..., N, D) result transposed
    # (not reshaped) into columns; keeps omega_e's dtype and gradient.
    "blind42_embed_note_table_rows_transposed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            E = omega_e.transpose(0, 1)              # (V, D), the study page's E, one row per vocabulary entry
            return E[token_ids].transpose(-2, -1)    # (..., N, D) -> (..., D, N)
'''),
    # The study page's (001) exp(-2i ln(10000)/d) buffer built (N, D) in float64, with the cosine columns cut to D // 2
    # so an odd D ends with a sine row, transposed and cast to the default dtype.
    "blind42_sinusoidal_note_div_term_transposed": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # the study page's buffer (max_len, d_model) with div = exp(-2i ln(10000) / d), then transposed
            pos = torch.arange(num_positions, dtype=torch.float64)[:, None]
            div = torch.exp(torch.arange(0, dim, 2, dtype=torch.float64) * (-math.log(10000.0) / dim))
            pe = torch.zeros(num_positions, dim, dtype=torch.float64)
            pe[:, 0::2] = torch.sin(pos * div)
            pe[:, 1::2] = torch.cos(pos * div[: dim // 2])
            return pe.T.to(torch.get_default_dtype())
'''),
    # The week-14 notes' a_{j,i} = exp(s_{j,i}) / sum_m exp(s_{m,i}) computed on the transpose (one row per query) with
    # the column maximum subtracted and an all -inf column sent to zeros, then transposed back.
    "blind42_softmax_cols_note_weight_formula_rows": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # a_{j,i} = exp(s_{j,i}) / sum_m exp(s_{m,i}), computed on the transpose (one row per query i)
            rows = scores.transpose(-2, -1)
            top = rows.max(dim=-1, keepdim=True).values
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            e = (rows - top).exp()
            z = e.sum(dim=-1, keepdim=True)
            z = torch.where(z > 0, z, torch.ones_like(z))
            return (e / z).transpose(-2, -1)
'''),
    # The study page's masked_fill(mask == 0, -inf): for a bool mask, mask == 0 is exactly ~mask; the stub's dtype check
    # keeps the ValueError for non-bool masks.
    "blind42_apply_mask_note_masked_fill_eq_zero": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(mask == 0, float("-inf"))      # the study page's line; False == 0
'''),
    # The study page's lower-triangular drill table (queries as rows) transposed into the course's keys-as-rows layout:
    # [j, i] True iff j <= i.
    "blind42_causal_mask_note_table_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # the drill's table has queries as rows (lower triangular); the course wants keys as rows
            table = torch.ones(n, n).tril().bool()
            return table.transpose(0, 1).contiguous()
'''),
    # The notes' row form (E = Q K^T / sqrt(d), softmax over the last axis, Y = A V) on transposed inputs, the mask
    # transposed to (N_q, N_k), and both the output and the weights transposed back; a query that sees no key gets zero
    # weights (0 / tiny) and zero output.
    "blind42_sdpa_note_row_form_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)   # (N, d) rows, as in the notes
            E = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])                     # (N_q, N_k)
            if mask is not None:
                E = E.masked_fill(~mask.transpose(-2, -1), float("-inf"))
            top = E.amax(dim=-1, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            A = torch.exp(E - top)
            A = A / A.sum(dim=-1, keepdim=True).clamp_min(torch.finfo(A.dtype).tiny)  # softmax(E, dim=-1)
            Y = A @ v                                                                # Y = A V
            return Y.transpose(-2, -1), A.transpose(-2, -1)
'''),
    # The applied-ML module's Q = X W_Q with tokens as rows, written with the course's (out, in) weights as X^T Wq^T +
    # b, then transposed back to columns: the same Q, K, V as linear().
    "blind42_self_attention_note_row_projections_transposed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            rows = X.transpose(-2, -1)                          # tokens as rows: Q = X W_Q^T + b
            Q = (rows @ Wq.transpose(0, 1) + bq).transpose(-2, -1)
            K = (rows @ Wk.transpose(0, 1) + bk).transpose(-2, -1)
            V = (rows @ Wv.transpose(0, 1) + bv).transpose(-2, -1)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The study page's MultiHeadAttention module (view(T, H, d).transpose) ported in rows, with the course's (N_k, N_q)
    # mask transposed and given a head axis, scaling by sqrt(D/H), zero weights for a query that sees no key, and the
    # result turned back into columns.
    "blind42_mha_note_module_port_in_rows": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # the study page's module in rows (..., T, D), view(..., T, H, d).transpose, then back to columns
            xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)
            D = xq.shape[-1]
            d = D // num_heads
            def proj(x, w, b):
                y = x @ params[w].T + params[b]                               # nn.Linear
                return y.reshape(*y.shape[:-1], num_heads, d).transpose(-3, -2)   # (..., H, T, d)
            q, k, v = proj(xq, "Wq", "bq"), proj(xkv, "Wk", "bk"), proj(xkv, "Wv", "bv")
            scores = q @ k.transpose(-2, -1) / math.sqrt(d)                   # (..., H, T_q, T_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-1, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            w = torch.exp(scores - top)
            w = w / torch.where(w.sum(dim=-1, keepdim=True) > 0, w.sum(dim=-1, keepdim=True), torch.ones_like(top))
            out = (w @ v).transpose(-3, -2)                                    # (..., T_q, H, d)
            out = out.reshape(*out.shape[:-2], D)
            return (out @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # The week-14 notes' per-head Omega_qh, Omega_kh, Omega_vh taken as row slices h*D/H .. of Wq, Wk, Wv (and of the
    # biases), each head through scaled_dot_product_attention (scale sqrt(D/H) from its own width), the heads stacked
    # vertically in order, then Omega_c = Wo.
    "blind42_mha_note_per_head_parameter_slices": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # each head has its own Omega_qh, Omega_kh, Omega_vh: rows h*D/H .. of the full matrices;
            # the head outputs are stacked vertically and mixed by Omega_c
            d = Xq.shape[-2] // num_heads
            outputs = []
            for h in range(num_heads):
                r = slice(h * d, (h + 1) * d)
                Qh = linear(Xq, params["Wq"][r], params["bq"][r])
                Kh = linear(Xkv, params["Wk"][r], params["bk"][r])
                Vh = linear(Xkv, params["Wv"][r], params["bv"][r])
                Ah, _ = scaled_dot_product_attention(Qh, Kh, Vh, mask)
                outputs.append(Ah)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # The applied-ML module's FFN(x) = ReLU(x W1 + b1) W2 + b2 on row tokens with the (out, in) weights transposed, ReLU
    # as clamp(min=0); transposed back to columns.
    "blind42_feed_forward_note_row_formula_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # FFN(x) = ReLU(x W1 + b1) W2 + b2 for row tokens, with (out, in) weights transposed into place
            x = X.transpose(-2, -1)
            hidden = torch.clamp(x @ W1.transpose(0, 1) + b1, min=0)
            return (hidden @ W2.transpose(0, 1) + b2).transpose(-2, -1)
'''),
    # nn.LayerNorm's own functional on the study page's row layout: the D axis moved last, F.layer_norm (biased
    # variance, eps inside the square root), moved back.
    "blind42_layer_norm_note_functional_on_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # nn.LayerNorm(d_model) normalises the last axis of (..., T, D): move D there and back
            rows = X.transpose(-2, -1)
            out = torch.nn.functional.layer_norm(rows, (rows.shape[-1],), gamma, beta, eps)
            return out.transpose(-2, -1)
'''),
    # The week-14 notes' four lines with line 3 taken literally, x_i <- x_i + MLP(x_i) column by column; pre-LN when
    # norm_first. The same values as the batched FFN.
    "blind42_transformer_layer_note_per_token_mlp_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # the lecture's four lines; line 3 literally column by column: x_i <- x_i + MLP(x_i)
            def mlp_each_column(Y):
                columns = [feed_forward(Y[..., :, i:i + 1], params["W1"], params["b1"], params["W2"], params["b2"])
                           for i in range(Y.shape[-1])]
                return torch.cat(columns, dim=-1)
            def ln(Y, k):
                return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])
            if norm_first:
                Y = ln(X, 1)
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)
                return X + mlp_each_column(ln(X, 2))
            X = X + multi_head_attention(X, X, params, num_heads, mask)
            X = ln(X, 1)
            X = X + mlp_each_column(X)
            return ln(X, 2)
'''),
    # The week-14 notes' slide-40 formulas (Q from the decoder, K and V from the encoder) with the projections written
    # out, head by head through the scaled scaled_dot_product_attention, stacked and mixed by Wo; enc_mask broadcasts
    # over heads as it does in the model answer.
    "blind42_cross_attention_note_slide_formula_scaled": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # Q from the decoder, K and V from the encoder, one scaled head at a time, heads stacked, then Omega_c
            from .attention import scaled_dot_product_attention
            D = X_dec.shape[-2]
            d = D // num_heads
            Q = params["Wq"] @ X_dec + params["bq"][:, None]
            K = params["Wk"] @ X_enc + params["bk"][:, None]
            V = params["Wv"] @ X_enc + params["bv"][:, None]
            heads = [scaled_dot_product_attention(Q[..., h * d:(h + 1) * d, :], K[..., h * d:(h + 1) * d, :],
                                                  V[..., h * d:(h + 1) * d, :], enc_mask)[0]
                     for h in range(num_heads)]
            return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]
'''),
    # The week-14 notes' "X <- X + sublayer; X <- LayerNorm(X)" applied three times (masked self-attention, cross-
    # attention, FFN); the causal mask written as triu (key j <= query i), which is the contract's causal_mask.
    "blind42_decoder_layer_note_three_add_norms": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the lecture's "X <- X + sublayer; X <- LayerNorm(X)" three times: masked self, cross, MLP
            n = X_dec.shape[-1]
            future_hidden = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()   # key j <= query i
            steps = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, future_hidden),
                lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            X = X_dec
            for k, sublayer in enumerate(steps, start=1):
                X = X + sublayer(X)
                X = layer_norm(X, params[f"gamma{k}"], params[f"beta{k}"])
            return X
'''),
    # The multimodal lecture's steps in its order (positions added to the patches first), with the [CLS] column given
    # its own position 0 before it is prepended: the same as adding positions (D, N+1) after prepending.
    "blind42_patch_embedding_note_positions_split_around_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # steps 1-4 (split, flatten, embed, add positions) on the patches, then the <cls> column with its own
            # position 0 in front
            tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
            cls = (cls_token + positions[:, 0])[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1)
'''),
    # The lecture's "split into patches, flatten" as a loop over the grid in raster order, each patch reshaped in
    # (channel, row, column) order and stacked as a column; the stub's divisibility check first.
    "blind42_patchify_note_patch_loop": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            # 1. split the image into patches, 2. flatten each (channel, row, column), one column per patch
            P = patch_size
            B, C, H, W_ = images.shape
            columns = [images[:, :, r:r + P, c:c + P].reshape(B, C * P * P)
                       for r in range(0, H, P) for c in range(0, W_, P)]
            return torch.stack(columns, dim=-1)
'''),
    # The multimodal lecture's e_{t,i} = f_att(s_{t-1}, h_i) one encoder state at a time, then the softmax over the
    # positions (mask first, a state that sees nothing gets zeros) and c = sum_i a_i h_i as a running sum; batch axes
    # broadcast.
    "blind42_additive_attention_note_alignment_loop": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # e_{t,i} = f_att(s_{t-1}, h_i) one encoder state at a time, a = softmax(e), c = sum_i a_i h_i
            Ws = s @ W.transpose(0, 1)
            e = torch.stack([torch.tanh(Ws + H[..., :, i] @ U.transpose(0, 1)) @ v for i in range(H.shape[-1])],
                            dim=-1)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            a = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            c = sum(a[..., i:i + 1] * H[..., :, i] for i in range(H.shape[-1]))
            return a, c
'''),
    # e_{t,i,j} over the flattened cells and one softmax over all of them, as the lecture's a_{t,:} = softmax(e_{t,:});
    # W s added as a column. Judgement call: on float32 inputs a thousand times the usual scale it differs from the
    # model answer by 2.04e-5 (relative), just above 2e-5; against a float64 reference its error is 3.8e-7 where the
    # model answer's is 1.0e-3, so it is kept as right.
    "blind42_grid_attention_note_flattened_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            # e_{t,i,j} = f_att(s, h_{i,j}); a_{t,:} = softmax(e_{t,:}) over every cell; c = sum_{i,j} a h
            C, Hh, Ww = features.shape[-3:]
            cells = features.reshape(*features.shape[:-2], Hh * Ww)                   # (..., C, H*W)
            e = v @ torch.tanh(U @ cells + (W @ s.unsqueeze(-1)))                     # (..., H*W)
            a = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (cells @ a.unsqueeze(-1)).squeeze(-1)
            return a.reshape(*a.shape[:-1], Hh, Ww), context
'''),
    # The multimodal lecture's order (score with s_{t-1}, then s_t = g(y_{t-1}, s_{t-1}, c_t), then f(s_t, c_t)), the
    # GRUCell written gate by gate from row slices of weight_ih / weight_hh, the update as n + z (s_prev - n) = (1 - z)
    # n + z s_prev.
    "blind42_decoder_step_note_gates_sliced": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            # e from the previous state s_{t-1}; then s_t = g(y_{t-1}, s_{t-1}, c_t); then f(s_t, c_t)
            a, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            D = s_prev.shape[-1]
            def gate(k, h):
                rows = slice(k * D, (k + 1) * D)
                return (x @ params["weight_ih"][rows].T + params["bias_ih"][rows],
                        h @ params["weight_hh"][rows].T + params["bias_hh"][rows])
            xr, hr = gate(0, s_prev)
            xz, hz = gate(1, s_prev)
            xn, hn = gate(2, s_prev)
            r = torch.sigmoid(xr + hr)
            z = torch.sigmoid(xz + hz)
            n = torch.tanh(xn + r * hn)
            s = n + z * (s_prev - n)                          # = (1 - z) n + z s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]        # f(s_t, c_t)
            return s, logits, a
'''),
    # The week-14 notes' chain rule as a loop: for n >= 1, column n - 1's logit of ids[n] minus its logsumexp; a single
    # id gives 0 in the logits' dtype.
    "blind42_sequence_log_prob_note_chain_rule_loop": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # log P(t_1..t_N) given t_1: sum over n >= 2 of log P(t_n | t_1..t_{n-1}), one factor at a time
            logits = model(ids)
            total = logits.new_zeros(())
            for n in range(1, len(ids)):
                column = logits[:, n - 1]
                total = total + column[ids[n]] - torch.logsumexp(column, dim=0)
            return total
'''),
    # "Average the embeddings, then a linear layer" (week-14 notes, ImageGPT) with the softmax left to the loss: sum /
    # N, W @ mean as a column, bias when given; the stub's checks first.
    "blind42_average_pool_head_note_mean_then_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # average the token embeddings, then a linear layer (no softmax: the head returns logits)
            mean = X.sum(dim=-1) / X.shape[-1]
            out = (W @ mean.unsqueeze(-1)).squeeze(-1)
            return out + b if b is not None else out
'''),
    # Concatenating each 2x2 group via one reshape into (block, offset) axes with the column offset outermost, which
    # gives the contract's top-left, bottom-left, top-right, bottom-right order, then layer_norm and W.
    "blind42_patch_merging_note_concat_in_paper_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # concatenate each 2x2 group: split rows and columns into (block, offset), offsets ordered column
            # offset first, so (0,0), (1,0), (0,1), (1,1) = top-left, bottom-left, top-right, bottom-right
            *lead, C, H, W_ = X.shape
            blocks = X.reshape(*lead, C, H // 2, 2, W_ // 2, 2)               # (..., C, i, dr, j, dc)
            blocks = blocks.movedim((-1, -3), (-5, -4))                     # (..., dc, dr, C, i, j)
            merged = blocks.reshape(*lead, 4 * C, H // 2, W_ // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).reshape(*lead, W.shape[0], H // 2, W_ // 2)
'''),
    # The week-14 notes' DaViT sentence taken literally: channels are the tokens (rows) and the N patches their
    # features, so each group is row-form attention softmax(Q_g K_g^T / sqrt(N), dim=-1) V_g; the transpose of the
    # contract's softmax_cols(K_g Q_g^T) form. An explicit scale is used as given.
    "blind42_channel_attention_note_channels_as_row_tokens": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # channels are the tokens and the N patches their features: row-form attention per group,
            # softmax(Q_g K_g^T * scale, dim=-1) V_g with one row per channel
            C, N = X.shape[-2:]
            g = C // num_groups
            if scale is None:
                scale = N ** -0.5
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for k in range(num_groups):
                r = slice(k * g, (k + 1) * g)
                E = Q[..., r, :] @ K[..., r, :].transpose(-2, -1) * scale      # (queries, keys)
                A = torch.softmax(E, dim=-1)
                outs.append(A @ V[..., r, :])
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # "Rotate pairs of dimensions" in the contract's halves pairing via x cos + rotate_half(x) sin, rotate_half(x) =
    # [-x_2; x_1], angles in float64 cast to the input dtype.
    "blind42_rotary_note_rotate_half_form": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # "rotate pairs of dimensions by an angle proportional to position", pairing i with i + D/2:
            # x' = x cos + rotate_half(x) sin, rotate_half(x) = [-x_2; x_1]
            def apply(X, p):
                D, N = X.shape[-2:]
                p = torch.arange(N) if p is None else p
                inv = 1.0 / base ** (torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = torch.cat([inv, inv])[:, None] * p.double()[None, :]        # (D, N)
                x1, x2 = X[..., : D // 2, :], X[..., D // 2:, :]
                return X * ang.cos().to(X.dtype) + torch.cat([-x2, x1], dim=-2) * ang.sin().to(X.dtype)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # The notes' hubs read both ways: the key-side mask OR its transpose, i.e. j global or i global; batch axes kept.
    "blind42_global_token_mask_note_hubs_both_ways": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # a hub is read by every query (key j global) and reads every key (query i global)
            n = is_global.shape[-1]
            as_key = is_global.unsqueeze(-1).expand(*is_global.shape, n)
            return as_key | as_key.transpose(-2, -1)
'''),
    # Label 0 for the true successor (Hugging Face), otherwise a uniform sentence of a uniform other document drawn from
    # the list without A's document; it even draws in the model answer's order, giving the same pairs for a seed.
    "blind42_nsp_pairs_note_other_document_list": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # label 0 = B follows A (Hugging Face); otherwise a random sentence of a random other document, label 1
            out = []
            for d, doc in enumerate(documents):
                others = list(documents[:d]) + list(documents[d + 1:])
                for i in range(len(doc) - 1):
                    if float(torch.rand(1, generator=generator)) < 0.5:
                        out.append((doc[i], doc[i + 1], 0))
                    else:
                        other = others[int(torch.randint(0, len(others), (1,), generator=generator))]
                        out.append((doc[i], other[int(torch.randint(0, len(other), (1,), generator=generator))], 1))
            return out
'''),
}
