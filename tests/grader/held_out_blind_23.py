"""Twenty-fourth blind batch of held-out implementations (prefix blind23_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md and docs/convention.md, course/registry.py's first entries, the stubs'
input checks (extracted by the build script) and the model answers (solutions/*.py) of all seventeen exercises; the
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`; the first lines of
test_bpe.py and the --target lines of exercises/tests/plugin.py were read to see how it works). The entry names of the
earlier blind batches (held_out_blind.py ... held_out_blind_22.py) were listed to keep every name new and to steer away
from the ideas already there; blind22's docstring and a few of its entries were read for the format and its recorded
decisions (generator=None is open; rstrip() for bpe_decode is right; extra ValueErrors only outside the contract; a
gradient whose true value is zero may be missing). Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor held_out_blind_24.py.

Emphasis: code an AI coding assistant plausibly produces from a docstring alone. Row-major habits carried into the
column convention (PyTorch's ~triu(ones, 1) mask as the causal mask, in causal_mask and decoder_layer; F.embedding rows
swapped on the wrong axes; gather along dim 1; ViT's cat on dim 1; timm's transpose-reshape merge of groups; x @ W.T
turned back with .T, which reverses every axis of a batch); torch functions with a subtly wrong argument
(torch.searchsorted right=True in top-p, torch.bucketize right=False in Swin's region labels and in T5's log buckets,
torch.split's size read as a count, F.layer_norm's normalized_shape on the token axis, F.fold's batch limit, eye.roll
wrapping diagonals, torch.cdist's matrix-product path, torch.topk's tie order, Categorical.sample without the
generator); einsum strings with two letters swapped (scores, multi-head operands, the feed-forward weight, Swin's
window grid, channel attention's weights); confident shortcuts (N_q == N_k in attention, multi-head and rotary; D even
in the sinusoidal table; one batch axis in one_hot, grid_attention, global_token_mask, pixel_sequence,
dequantize_pixels, average_pool_head, the decoder read-out and patch_merging; id 0 as padding in BERT masking; document
length as the NSP weight); and off-by-one boundaries (range(1, num_merges), a crop from the front, sentence pairs
stepping by two, a window capped at n // 2, a divisibility check on the area). Right entries are the same functions in
other styles: F.linear/F.embedding/F.layer_norm/F.pad/F.cross_entropy/F.scaled_dot_product_attention, einsum,
PyTorch's rows layout transposed back, bucketize and searchsorted with the correct side, triu/tril offsets, explicit
loops and dict scans, and Hugging Face's T5 bucket and rotate_half code.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind23/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted; build.py) and run against its exercise's visible tests; every right entry passes them, and
each wrong entry's comment says whether it does (16 of 50 pass). Each wrong entry's recorded input
was run on the model answer (solutions/) and on the entry and both results printed (demos.py; the random and tie cases
in demos2.py: same-seed generation, a uniform beam-search model, 20000 MLM positions, 4000 NSP seeds, a cdist
cancellation). Right entries were compared with the model answer on the batteries named in their comments
(battery.py): float32 to 2e-5 and float64 to 1e-11 (exactly for ids, masks, strings, ints), the same exception type
when either raises (the contract's ValueErrors included), arguments left unchanged, and, where the function is
differentiable, the gradients of every floating input and parameter under a random cotangent (to 1e-4 relative).

Judgement calls: blind23_right_channel_attention_torch_sdpa_scale relies on torch >= 2.1's scale= keyword of
F.scaled_dot_product_attention; its float32 gradients differ from the model's by float32 rounding only (relative
1.5e-7), float64 agrees. blind23_right_softmax_cols_shift_clamped_to_finfo_min was drafted as a wrong entry (clamped
shift and sum) and turned out right on every input tried, so it moved to the right list. A drafted wrong
dequantize_pixels (permute with negative indices) was right and was rewritten into the one-batch-axis version;
drafted wrong entries for padding_mask and local_mask were dropped as implausible. blind23_generate_categorical_
sample_ignores_generator differs only when a generator is given (the draws do not follow it); its distribution is
right. blind23_quantize_cdist_matmul_path differs only when cancellation in |x|^2 + |p|^2 - 2x.p turns a strict
nearest colour into a tie (found with large pixel values; random palettes in [0, 1] gave no difference).
blind23_beam_search_topk_over_flat_scores differs only on tied scores.

Counts: 50 wrong, 38 right (fewer than the ~55/35 asked: the time box).
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 2, 'nsp_pairs': 2, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'apply_mask': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'layer_norm': 1, 'local_mask': 1, 'merge_pair': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.
Exercises with a wrong entry: 17 (attention, bpe, cross_attention, davit, embeddings, imagegpt, masking, multihead, patch_embedding, positions, pretraining, rnn_attention, sampling, softmax, sparse_attention, swin, transformer_layer).

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_23 = {
    # A typo an assistant makes filling a plain dict: pair_counts[pair] = frequency instead of += (clause: counts
    # weighted by word frequency, overlapping pairs counted). train_bpe('aaa ab ab', 1): model [('a', 'a')] (count
    # 2, tied with ('a', 'b'), seen first), entry [('a', 'b')] (('a', 'a') counted once). Fails the visible tests.
    "blind23_train_bpe_pair_count_assigned_not_added": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = {}
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] = frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Off-by-one loop bound, range(1, num_merges) (clause: up to num_merges merges). train_bpe('ab', 1): model
    # [('a', 'b')], entry []. Fails the visible tests.
    "blind23_train_bpe_merges_range_minus_one": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(1, num_merges):
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
    # Encodes each distinct word once through a set (a 'cache' shortcut), losing repeats and the word order (clause:
    # the tokens of all words in order). bpe_encode('a b a', []): model ['a','</w>','b','</w>','a','</w>'], entry 4
    # tokens. Fails the visible tests.
    "blind23_bpe_encode_distinct_words_via_set": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for word in set(tuple(w) for w in words):
                symbols = list(word)
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # strip() where the contract says trailing spaces only (clause: a leading '</w>' gives a leading space, which
    # stays). bpe_decode(['</w>', 'a</w>']): model ' a', entry 'a'. Passes the visible tests.
    "blind23_bpe_decode_marker_replaced_then_stripped_both": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(token.replace(END_OF_WORD, " ") for token in tokens).strip()
'''),
    # The tutorial scatter_ into a (V, N) buffer, assuming the ids have no batch axis (clause: token_ids (..., N)).
    # one_hot([[0, 1], [2, 0]], 3): model (2, 3, 2), entry RuntimeError (index dims). Fails the visible tests.
    "blind23_one_hot_scatter_into_vocab_by_tokens": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            out = torch.zeros(vocab_size, token_ids.shape[-1], dtype=dtype or torch.get_default_dtype())
            return out.scatter_(0, token_ids.unsqueeze(0), 1.0)
'''),
    # F.embedding gives (..., N, D) rows; the assistant swaps axes 0 and -1 (right for 2-D, where it uses .T)
    # instead of the last two (clause: (..., D, N)). embed(randn(3, 4), [[0, 1], [2, 3]]): model (2, 3, 2), entry
    # (3, 2, 2) with the batch moved last. Fails the visible tests.
    "blind23_embed_functional_transpose_zero_minus_one": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            rows = torch.nn.functional.embedding(token_ids, omega_e.T)     # (..., N, D)
            return rows.transpose(0, -1) if rows.dim() > 2 else rows.T
'''),
    # The Annotated Transformer's pe[:, 0::2] / pe[:, 1::2] = sin/cos(position * div_term) written for an even D
    # (clause: an odd D ends with a sine row). sinusoidal_positions(4, 5): model a (5, 4) table, entry RuntimeError
    # (expanded size 2 vs 3). Even D agrees. Fails the visible tests.
    "blind23_sinusoidal_div_term_even_rows_only": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            position = torch.arange(num_positions, dtype=torch.get_default_dtype()).unsqueeze(1)
            div_term = torch.exp(torch.arange(0, dim, 2, dtype=torch.get_default_dtype()) * (-math.log(10000.0) / dim))
            pe = torch.zeros(num_positions, dim)
            pe[:, 0::2] = torch.sin(position * div_term)
            pe[:, 1::2] = torch.cos(position * div_term)
            return pe.T
'''),
    # torch.softmax(scores, dim=1): the column axis of a (B, M, N) batch, the row axis of an unbatched (M, N) matrix
    # (clause: softmax over axis -2 for (..., M, N)); NaN cleanup for dead columns. softmax_cols([[0, 1], [2, 0]]):
    # model columns [0.119, 0.881], [0.731, 0.269]; entry softmax along rows. Fails the visible tests.
    "blind23_softmax_cols_dim_one_nan_cleanup": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            weights = torch.softmax(scores, dim=1)
            return torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
'''),
    # PyTorch's blocked-future mask triu(ones, diagonal=1) negated, which is the row-per-query layout (clause: [j,
    # i] True iff j <= i, row = key). causal_mask(2): model [[T, T], [F, T]], entry [[T, F], [T, T]]. Fails the
    # visible tests.
    "blind23_causal_mask_not_triu_diagonal_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            blocked = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)   # PyTorch: True = future
            return ~blocked
'''),
    # einsum('...dk,...dq->...qk', K, Q): the output letters swapped, scores (N_q, N_k) in PyTorch's layout then
    # softmax_cols over queries; runs only when N_q == N_k. Q, K = randn(2, 2), V = randn(1, 2): model weights
    # [[0.525, 0.337], [0.475, 0.663]], entry [[0.823, 0.681], [0.177, 0.319]]; N_q != N_k raises. Fails the visible
    # tests.
    "blind23_sdpa_einsum_output_letters_swapped": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...qk", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # sqrt(K.size(-1)) copied from the row-major d_k = k.size(-1): here that is N_k, not D_k (clause: 1/sqrt(D_k)).
    # Q (2, 3), K (2, 4), V (1, 4) float64: outputs differ (model [-0.738, 0.114, -0.151], entry [-0.700, -0.034,
    # -0.274]). Agrees when N_k == D_k. Fails the visible tests.
    "blind23_sdpa_torch_matmul_kt_q_dk_from_k_width": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(K.size(-1))
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # Row-major projections (x @ W.T + b) turned back with .T, which reverses every axis of a batched tensor
    # (clause: leading batch dimensions allowed). X (2, 3, 4) batched: model output (2, 3, 4), entry RuntimeError
    # (sizes 3 vs 2); unbatched X agrees. Passes the visible tests.
    "blind23_self_attention_rows_then_dot_T": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            x = X.T if X.dim() == 2 else X.transpose(-2, -1)    # (..., N, D), PyTorch rows
            Q = (x @ Wq.T + bq).T
            K = (x @ Wk.T + bk).T
            V = (x @ Wv.T + bv).T
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # einsum('...hdk,...hdq->...hkq', Q, K): the string written for (K, Q) but the operands passed as (Q, K), so the
    # scores are transposed; runs only when N_q == N_k (a confident self-attention assumption). D = 4, H = 2, Xq =
    # Xkv = randn(4, 3): outputs differ (model column 0 [1.909, 6.242, 0.442, 3.077], entry [1.668, 5.786, 1.365,
    # 3.927]); N_q != N_k raises. Fails the visible tests.
    "blind23_mha_einsum_operands_swapped_under_key_query_string": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if dim % num_heads != 0:
                raise ValueError("D must be divisible by num_heads")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            from .masking import apply_mask
            from .softmax import softmax_cols
            scores = torch.einsum("...hdk,...hdq->...hkq", Q, K) / math.sqrt(dim // num_heads)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq->...hvq", V, weights)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # torch.split(Y, num_heads, dim=-2) takes a chunk SIZE, not a count: D/H heads of H rows each (clause: H heads
    # of D/H rows, scaled by 1/sqrt(D/H)). D = 8, H = 2: 4 heads of 2 rows, outputs differ (model [11.885, ...],
    # entry [-1.987, ...]); right only when D == H*H. Fails the visible tests.
    "blind23_mha_torch_split_size_as_head_count": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if dim % num_heads != 0:
                raise ValueError("D must be divisible by num_heads")
            Q = torch.stack(torch.split(linear(Xq, params["Wq"], params["bq"]), num_heads, dim=-2), dim=-3)
            K = torch.stack(torch.split(linear(Xkv, params["Wk"], params["bk"]), num_heads, dim=-2), dim=-3)
            V = torch.stack(torch.split(linear(Xkv, params["Wv"], params["bv"]), num_heads, dim=-2), dim=-3)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # F.layer_norm(X, (D,)) normalises the LAST axis: the assistant transposes only when N != D and so normalises
    # rows when the matrix is square (clause: per column). X = randn(3, 3): model [[-0.626, -0.602, -0.931], ...],
    # entry [[-0.686, 0.114, -2.855], ...]. Fails the visible tests.
    "blind23_layer_norm_functional_normalized_shape_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            if X.shape[-1] == D:
                return torch.nn.functional.layer_norm(X, (D,), gamma, beta, eps)
            return torch.nn.functional.layer_norm(X.transpose(-2, -1), (D,), gamma, beta, eps).transpose(-2, -1)
'''),
    # einsum('df,...dn->...fn', W1, X): the weight's letters swapped, W1 used transposed; runs only when F == D. X
    # (3, 2), W1, W2 (3, 3): model [[-0.509, 0.055], ...], entry [[-4.089, -0.244], ...]. Fails the visible tests.
    "blind23_feed_forward_einsum_weight_letters_swapped": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(torch.einsum("df,...dn->...fn", W1, X) + b1[:, None])
            return torch.einsum("fd,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # Pre-LN with the normalised input used only for keys and values; the queries come from the raw X (clause: X +
    # MHA(LN1(X)), one normalised input). D = 4, H = 2, X (4, 3), norm_first=True: outputs differ (model column 0
    # [-0.599, 12.822, 5.892, 6.140], entry [-0.569, 12.778, 5.913, 6.077]); post-LN agrees. Passes the visible
    # tests.
    "blind23_transformer_layer_prenorm_queries_unnormalised": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ln = lambda Y, i: layer_norm(Y, params[f"gamma{i}"], params[f"beta{i}"])
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                h = ln(X, 1)
                X = X + multi_head_attention(X, h, params, num_heads, mask)
                X = X + ffn(ln(X, 2))
            else:
                X = ln(X + multi_head_attention(X, X, params, num_heads, mask), 1)
                X = ln(X + ffn(X), 2)
            return X
'''),
    # The head axis added to enc_mask before calling multi_head_attention, which adds it again: an unbatched call
    # gains a leading axis and batched padding masks broadcast across the batch (clause: output (..., D, N_d)).
    # X_dec (4, 2), X_enc (4, 3), enc_mask (3, 2): model (4, 2), entry (1, 4, 2) with the same values. Fails the
    # visible tests.
    "blind23_cross_attention_mask_head_axis_added_twice": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.unsqueeze(-3)      # (..., 1, N_e, N_d): one mask for every head
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The self-attention mask built as ~triu(ones, 1), PyTorch's blocked-future mask negated, which in the course's
    # (key, query) layout lets each query see the FUTURE keys (clause: causal, key j <= query i). X_dec (4, 3),
    # X_enc (4, 2): outputs differ (model column 0 starts -0.1787, entry -0.1761); N_d = 1 agrees. Fails the visible
    # tests.
    "blind23_decoder_layer_not_triu_one_pytorch_blocked_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            N = X_dec.shape[-1]
            future = torch.triu(torch.ones(N, N, dtype=torch.bool), diagonal=1)   # PyTorch: True above = blocked
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, ~future),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # torch.searchsorted(cumulative, p, right=True): the first cumulative > p, so an exact hit keeps one token too
    # many (clause: shortest prefix with cumulative >= p). logits = log([0.5, 0.25, 0.25]), top_p=0.5: model [1, 0,
    # 0], entry [0.667, 0.333, 0]. Passes the visible tests.
    "blind23_next_token_probs_top_p_searchsorted_right": ("sampling", "next_token_probs", '''
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
                cumulative = torch.cumsum(sorted_probs, dim=0)
                cut = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype), right=True))
                num_kept = min(cut + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # nanoGPT's top-k, logits < topk(...).values[-1] masked, which keeps every token tied with the k-th (clause:
    # exactly k tokens, ties to lower ids); HF's top-p shift. logits [1, 1, 0], top_k=1: model [1, 0, 0], entry
    # [0.5, 0.5, 0]. Fails the visible tests.
    "blind23_next_token_probs_top_k_topk_then_top_p_on_logits": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            logits = logits / temperature
            if top_k is not None:
                k = min(top_k, logits.numel())
                kth = torch.topk(logits, k).values[-1]
                logits = logits.masked_fill(logits < kth, float("-inf"))
            probs = torch.softmax(logits, dim=-1)
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(sorted_probs, dim=0)
                remove = cumulative - sorted_probs >= top_p
                probs = probs.clone()
                probs[order[remove]] = 0.0
            return probs / probs.sum()
'''),
    # torch.distributions.Categorical(probs).sample(), which has no generator argument, so draws come from the
    # global RNG (clause: torch.multinomial(probs, 1, generator=generator)). A uniform model over V = 10, prompt
    # [0], 5 tokens, generator seeded 7 twice: model [0, 1, 6, 8, 5, 5] both times, entry [0, 1, 1, 9, 3, 4] then
    # [0, 0, 6, 0, 1, 8] (demos2.py). Fails the visible tests.
    "blind23_generate_categorical_sample_ignores_generator": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.distributions.Categorical(probs=probs).sample().reshape(1)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The crop taken from the front, ids[:context_size] (the first window), instead of the last context_size ids. A
    # model whose logits depend on the context's first token, prompt [0, 1, 2], 3 tokens, temperature 0,
    # context_size=2: model [0, 1, 2, 3, 2, 0], entry [0, 1, 2, 1, 1, 1]. Passes the visible tests.
    "blind23_generate_context_crop_keeps_first_window": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None or ids.size(0) <= context_size else ids[:context_size]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # gather along dim 1 (PyTorch's (N, V) habit) on the (V, N - 1) log-probabilities: picks row 0 at column ids[n]
    # (clause: row ids[n] of column n - 1). A bigram model over V = 5, ids [1, 2, 0]: model -2.704, entry
    # RuntimeError (index 2 out of bounds); when ids < N - 1 a wrong value. Fails the visible tests.
    "blind23_sequence_log_prob_gather_dim_one": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)[:, :-1]          # (V, N - 1)
            return log_probs.gather(1, ids[1:].unsqueeze(0)).sum()
'''),
    # torch.topk over the flattened candidate scores: among equal scores topk does not keep the earlier beam and
    # lower token (clause: ties to the earlier beam, then the lower id). A model with uniform logits over V = 6,
    # prompt [0], beam_width 2, 2 steps: model [0, 0, 0], entry [0, 5, 3] (demos2.py). Fails the visible tests.
    "blind23_beam_search_topk_over_flat_scores": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                scores, candidates = [], []
                for score, ids, finished in beams:
                    if finished:
                        scores.append(torch.tensor([score], dtype=torch.float64))
                        candidates.append([(ids, True)])
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    scores.append(score + log_probs)
                    candidates.append([(torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                                       for t in range(len(log_probs))])
                flat = torch.cat(scores)
                pool = [c for group in candidates for c in group]
                top = torch.topk(flat, min(beam_width, len(pool)))
                beams = [(float(s), *pool[i]) for s, i in zip(top.values, top.indices.tolist())]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The check written on the number of pixels, (H*W) % (P*P), instead of each side (clause: ValueError if H or W
    # is not a multiple of P). images (1, 1, 2, 8), P = 4: model ValueError, entry RuntimeError from reshape. Fails
    # the visible tests.
    "blind23_patchify_divisibility_checked_on_area": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if (height * width) % (patch_size * patch_size):
                raise ValueError(f"the image must split into whole {patch_size}x{patch_size} patches")
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # ViT's torch.cat((cls, x), dim=1), kept for the one-patch case where the assistant thought the token axis is 1:
    # with N = 1 the [CLS] column is stacked under the features (clause: [CLS] prepended as column 0). images (2, 1,
    # 2, 2), P = 2 (one patch): model (2, 3, 2), entry RuntimeError (6 vs 3); several patches agree. Passes the
    # visible tests.
    "blind23_patch_embedding_cls_cat_on_dim_one": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)                  # (B, D, N)
            cls = cls_token.reshape(1, 1, -1).expand(tokens.shape[0], 1, -1)     # (B, 1, D) as in ViT
            x = torch.cat([cls.transpose(1, 2), tokens], dim=1) if tokens.shape[-1] == 1 else                 torch.cat([cls.transpose(1, 2), tokens], dim=2)
            return x + positions
'''),
    # (W @ s.T).T for a batch of states: .T reverses all axes, right for s (D_s,) and (B, D_s), wrong with two batch
    # axes (clause: leading batch dimensions broadcast). s (2, 3, 3), H (2, 3, 5, 4): model weights (2, 3, 4), entry
    # RuntimeError (4 vs 3). Passes the visible tests.
    "blind23_additive_attention_state_projection_dot_T": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (W @ s.T).T.unsqueeze(-1)                        # (..., D_a, 1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The Show-Attend-Tell features.permute(0, 2, 3, 1).reshape(B, H*W, C), which needs exactly one batch axis
    # (clause: features (..., C, H, W)). s (3,), features (5, 2, 2): model weights (2, 2), entry RuntimeError
    # (permute dims). Fails the visible tests.
    "blind23_grid_attention_permute_assumes_batch_axis": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            B, C, height, width = features.shape[0], features.shape[1], features.shape[-2], features.shape[-1]
            cells = features.permute(0, 2, 3, 1).reshape(B, height * width, C).transpose(1, 2)   # (B, C, HW)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(B, height, width), context
'''),
    # The read-out as W_out @ [s; c] with .T for the batch: right for no or one batch axis, wrong with two (clause:
    # leading dimensions broadcast). s_prev (2, 2, 3), y_prev (2, 2, 2), H (5, 4): model logits (2, 2, 7), entry
    # RuntimeError. Passes the visible tests.
    "blind23_decoder_step_readout_matvec": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            readout = stack(s, context)
            logits = (params["W_out"] @ readout.T).T + params["b_out"]
            return s, logits, weights
'''),
    # Diagonals made with eye.roll(offset), which wraps around the corner: offsets i - j = k*s - n are added when n
    # is not a multiple of s (clause: True iff i - j is a multiple of s). strided_mask(5, 2): model row 0 [T, F, T,
    # F, T], entry row 0 all True. Agrees when s divides n. Fails the visible tests.
    "blind23_strided_mask_rolled_identity_sum": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            eye = torch.eye(n, dtype=torch.bool)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(0, n, stride):
                mask |= eye.roll(offset, dims=0) | eye.roll(-offset, dims=0)
            return mask
'''),
    # is_global.unsqueeze(1) | is_global.unsqueeze(2), written for a (B, N) batch (clause: is_global (..., N),
    # unbatched allowed). global_token_mask([T, F, F]): model a (3, 3) mask, entry IndexError. Fails the visible
    # tests.
    "blind23_global_token_mask_unsqueeze_one_two": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return is_global.unsqueeze(1) | is_global.unsqueeze(2)       # (B, N, 1) | (B, 1, N)
'''),
    # The window capped at n // 2 instead of n - 1 (clause: w capped at n - 1). sparse_attention_cost('local', 4,
    # window=3): model 16, entry 14. Fails the visible tests.
    "blind23_sparse_cost_local_window_capped_at_half": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n // 2)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # positions_k defaulted to positions_q, the self-attention assumption N_q == N_k (clause: each defaults to 0 ..
    # N - 1 of its own length). Q (4, 2), K (4, 3): model rotates both, entry RuntimeError (3 vs 2). Fails the
    # visible tests.
    "blind23_rotary_one_table_from_query_length": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = positions_q                      # keys and queries share positions in self-attention
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Hugging Face's inv_freq = 1 / base ** (arange(0, D, 2).float() / D) and float32 angles, whatever the input
    # dtype (clause: a float64 input is computed in float64). Q, K float64 (6, 2), positions_q [1000, 5000]: max
    # difference 2.0e-5. Fails the visible tests.
    "blind23_rotary_theta_float32_inv_freq": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))     # HF's float32 table
                angles = inv_freq[:, None] * positions.float()[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The log buckets found with torch.bucketize on the float64 boundaries exact * (max/exact) ** (k/(n - exact))
    # with right=False: a distance equal to a boundary stays in the lower bucket (clause: floor of the float32 log
    # formula). Offsets [-16, 16, 32, 64] with the defaults: model [10, 26, 28, 30], entry [9, 25, 27, 29]. Fails
    # the visible tests.
    "blind23_bucket_bucketize_boundaries_left": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            # distance d lands in bucket exact + k once d >= exact * (max_distance / exact) ** (k / (half - exact))
            k = torch.arange(1, half - exact)
            boundaries = exact * (max_distance / exact) ** (k.double() / (half - exact))
            far = exact + torch.bucketize(distance.double(), boundaries)
            return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))
'''),
    # Random replacement ids drawn from [1, V), the assistant's guess that id 0 is [PAD] (clause: uniform over [0,
    # vocab_size), it may equal a special id). ids = 20000 ones, V = 2, no specials, mask_prob 1: zeros in the
    # result, model 998 (about 5 %), entry 0 (demos2.py). Passes the visible tests.
    "blind23_mlm_random_ids_skip_zero_padding": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(1, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)  # 0 is [PAD]
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Sentences paired (0, 1), (2, 3), ... with range(0, len - 1, 2) (clause: one example per sentence that has a
    # successor). documents [['a','b','c'], ['d','e']]: model 3 examples, entry 2. Fails the visible tests.
    "blind23_nsp_pairs_non_overlapping_step_two": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for i in range(0, len(document) - 1, 2):
                    a = document[i]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[i + 1], 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The other document drawn by torch.multinomial with weights = document lengths (own document zeroed), so long
    # documents are favoured (clause: a uniformly drawn other document, then a uniform sentence). documents
    # [['a','b'], ['c'], [8 sentences]], 4000 seeds, label-1 pairs of 'a': B == 'c' model 1012/1974, entry 210/1974
    # (demos2.py). Passes the visible tests.
    "blind23_nsp_pairs_other_document_by_multinomial_of_ones": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        weights = torch.tensor([float(len(d)) for d in documents])
                        weights[index] = 0.0
                        other = documents[int(torch.multinomial(weights, 1, generator=generator))]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # ids.flatten(1) for batched images (right for (B, H, W)), but it folds the extra batch axes into the sequence
    # (clause: (..., H*W)). ids (1, 1, 2, 2): model shapes (1, 1, 4), entry (1, 4). Passes the visible tests.
    "blind23_pixel_sequence_flatten_from_axis_one": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(1) if ids.dim() > 2 else ids.long().flatten()
            start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # (W @ pooled.T).T: right for pooled (D,) and (B, D), wrong with two batch axes where .T reverses all axes. X
    # (2, 3, 3, 2), W (4, 3): model (2, 3, 4), entry (2, 4, 3) (the batch axes reversed). Passes the visible tests.
    "blind23_average_pool_head_matvec_transposed": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)                                 # (..., D)
            logits = (W @ pooled.T).T                               # (..., K)
            return logits if b is None else logits + b
'''),
    # palette.T[ids] then permute(0, 3, 1, 2) for a (B, H, W) batch and movedim(-1, 0) otherwise: with two batch
    # axes the channel axis goes first (clause: (..., C, H, W)). ids (1, 1, 1, 2), palette (3, 2): model (1, 1, 3,
    # 1, 2), entry (3, 1, 1, 1, 2). Passes the visible tests.
    "blind23_dequantize_palette_rows_permute_one_batch_axis": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            pixels = palette.T[ids.long()]                          # (..., H, W, C)
            return pixels.permute(0, 3, 1, 2) if pixels.dim() == 4 else pixels.movedim(-1, 0)   # (B, C, H, W) or (C, H, W)
'''),
    # einsum('...cypxq->...xycpq'): the window-grid letters swapped, windows in column-major order (clause: windows
    # in raster order over the grid of windows). X (1, 4, 4), M = 2: model windows 1 and 2 are (top-right, bottom-
    # left), entry (bottom-left, top-right). Fails the visible tests.
    "blind23_window_partition_einsum_grid_letters_swapped": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            *batch, C, H, W = X.shape
            M = window
            grid = X.reshape(*batch, C, H // M, M, W // M, M)
            windows = torch.einsum("...cypxq->...xycpq", grid)
            return windows.reshape(*batch, (H // M) * (W // M), C, M * M)
'''),
    # F.fold(columns, (H, W), M, stride=M): the inverse of F.unfold, which takes at most one batch axis (clause:
    # windows (..., nW, C, M*M)). windows (2, 3, 1, 1, 4), M = 2, H = W = 2: model (2, 3, 1, 2, 2), entry
    # RuntimeError (2D or 3D input expected). Passes the visible tests.
    "blind23_window_reverse_functional_fold": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, C, MM = windows.shape
            columns = windows.movedim(-3, -1).reshape(*batch, C * MM, nW)        # (..., C*M*M, L) as F.unfold gives
            return torch.nn.functional.fold(columns, (height, width), kernel_size=window, stride=window)
'''),
    # Region labels with torch.bucketize(arange(size), [size - M, size - shift]) and the default right=False: index
    # size - M lands in region 0, index size - shift in region 1 (clause: label 0 for index < H - M, 1 for < H -
    # shift, else 2). shifted_window_mask(4, 4, 2, 0): model all True, entry 28 False entries. Fails the visible
    # tests.
    "blind23_shifted_mask_bucketize_default_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                return torch.bucketize(torch.arange(size), torch.tensor([size - window, size - shift]))
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The four blocks concatenated on dim=1, the channel axis of a (B, C, H, W) batch (clause: grids (..., C, H, W),
    # unbatched allowed). X (1, 2, 2) unbatched: model (2, 1, 1) [-2.586, -1.549], entry (2, 4, 1) (blocks stacked
    # along H, each 'token' normalised over C only). Fails the visible tests.
    "blind23_patch_merging_cat_on_dim_one": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            x0 = X[..., 0::2, 0::2]
            x1 = X[..., 1::2, 0::2]
            x2 = X[..., 0::2, 1::2]
            x3 = X[..., 1::2, 1::2]
            merged = torch.cat([x0, x1, x2, x3], dim=1)                    # (B, 4C, H/2, W/2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, merged.shape[-2:])
'''),
    # einsum('...ij,...jn->...in', weights, V) with weights laid out (keys j, queries i): reads weights[i, j], the
    # transpose (clause: output row i = sum_j weights[j, i] V_g[j]). X (4, 3), G = 2: model row 0 [1.414, 0.828,
    # -0.360], entry [1.112, 1.082, -0.240]; agrees when C/G = 1. Passes the visible tests.
    "blind23_channel_attention_einsum_weights_letters_swapped": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(torch.einsum("...jn,...in->...ji", K, Q) * scale)    # (keys j, queries i)
            attended = torch.einsum("...ij,...jn->...in", weights, V)
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # timm's x.transpose(1, 2).reshape(B, N, C) translated as attended.transpose(-3, -2).reshape: the groups' rows
    # interleaved instead of stacked (clause: groups stacked back in order). X (4, 3), G = 2: model row 0 [2.026,
    # 1.915, -1.822], entry [-0.566, -2.124, -0.912]; agrees when G = 1 or C/G = 1. Fails the visible tests.
    "blind23_channel_attention_merge_groups_transposed_first": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            attended = weights.transpose(-2, -1) @ V                 # (..., G, C/G, N)
            merged = attended.transpose(-3, -2).reshape(*X.shape)     # timm: x.transpose(1, 2).reshape(B, N, C)
            return linear(merged, params["Wo"], params["bo"])
'''),
}


RIGHT_BLIND_23 = {
    # The column max clamped at finfo.min (so an all -inf column shifts by a finite number) and the sum clamped at
    # finfo.tiny. Drafted as wrong, found right: 30 cases (float32/float64, unbatched, (2,), (2, 1, 3), fully and
    # partly -inf columns, entries of 1e4, transposed views, 1x1) with gradients. Passes the visible tests.
    "blind23_right_softmax_cols_shift_clamped_to_finfo_min": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            shift = scores.amax(dim=-2, keepdim=True).clamp(min=torch.finfo(scores.dtype).min)
            exps = torch.exp(scores - shift)
            return exps / exps.sum(dim=-2, keepdim=True).clamp(min=torch.finfo(scores.dtype).tiny)
'''),
    # One pass with a pending symbol instead of an index. 28 cases: empty, one symbol, 'aaa', 'aaaa', 'abab',
    # reversed pairs, multi-character symbols. Passes the visible tests.
    "blind23_right_merge_pair_pending_symbol": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            out = []
            pending = None
            for symbol in symbols:
                if pending is not None and (pending, symbol) == pair:
                    out.append(pending + symbol)
                    pending = None
                else:
                    if pending is not None:
                        out.append(pending)
                    pending = symbol
            if pending is not None:
                out.append(pending)
            return out
'''),
    # Plain dicts with get(), a while loop, and an explicit first-maximum scan (strict >). 45 cases: the worked
    # example, 'aaa aa a', tabs and newlines, non-ASCII, empty corpus, single letter, ties; num_merges 0, 1, 3, 10,
    # 40; '</w>' in the corpus (ValueError on both). Passes the visible tests.
    "blind23_right_train_bpe_dict_get_strict_greater": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            frequency = {}
            for word in words:
                frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
            current = {word: list(word) for word in frequency}
            merges = []
            while len(merges) < num_merges:
                counts = {}
                for word, freq in frequency.items():
                    symbols = current[word]
                    for i in range(len(symbols) - 1):
                        key = (symbols[i], symbols[i + 1])
                        counts[key] = counts.get(key, 0) + freq
                if not counts:
                    break
                best, best_count = None, 0
                for key, count in counts.items():
                    if count > best_count:
                        best, best_count = key, count
                merges.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
            return merges
'''),
    # A generator of replaced tokens and a loop removing trailing spaces. 7 cases including [], ['</w>'] and the
    # contract's ['</w>', 'a', '</w>', '</w>', 'b</w>']. Passes the visible tests.
    "blind23_right_bpe_decode_generator_rstrip_space": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(" " if token == END_OF_WORD else token.replace(END_OF_WORD, " ") for token in tokens)
            while text.endswith(" "):
                text = text[:-1]
            return text
'''),
    # merge_pair over each word's list, tokens collected with +=. 45 cases: 8 texts by 5 merge lists (empty, GPT-2's
    # counterexample, pairs holding '</w>'), '</w>' in the text. Passes the visible tests.
    "blind23_right_bpe_encode_merge_loop_per_word_list": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            out = []
            for word in words:
                for left, right in merges:
                    word = merge_pair(word, (left, right))
                out += word
            return out
'''),
    # Columns of an identity matrix indexed by the ids, the vocabulary axis moved to -2. 22 cases: 1-D, 2-D, empty,
    # 3-D, transposed ids, out-of-range ids (ValueError on both), dtype None/float32/float64, under float32 and
    # float64 default dtypes. Passes the visible tests.
    "blind23_right_one_hot_eye_index_movedim": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return eye[:, token_ids].movedim(0, -2) if token_ids.dim() else eye[:, token_ids]
'''),
    # F.embedding on the transposed table, then the last two axes swapped. 16 cases (float32/float64, shapes as
    # one_hot's, ValueError cases) with gradients. Passes the visible tests.
    "blind23_right_embed_functional_embedding_mT": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            return torch.nn.functional.embedding(token_ids, omega_e.T).transpose(-1, -2)
'''),
    # The angle table repeat_interleave'd to one row per feature, cut to D, sin/cos chosen by torch.where on the row
    # parity. 20 cases: N in 0, 1, 5, 50, D in 1, 2, 3, 7, 8, under float32 and float64 default dtypes. Passes the
    # visible tests.
    "blind23_right_sinusoidal_repeat_interleave_rows": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            two_i = torch.arange(0, dim, 2, dtype=dtype)
            angles = torch.arange(num_positions, dtype=dtype)[None, :] / 10000 ** (two_i[:, None] / dim)
            angles = angles.repeat_interleave(2, dim=0)[:dim]            # row r uses pair r // 2
            odd = (torch.arange(dim) % 2 == 1)[:, None]
            return torch.where(odd, torch.cos(angles), torch.sin(angles))
'''),
    # torch.softmax(dim=-2) after filling dead (all -inf) columns with 0, zeroed again after. 30 cases as the other
    # softmax entry, with gradients. Passes the visible tests.
    "blind23_right_softmax_cols_torch_softmax_dead_guard": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
            weights = torch.softmax(scores.masked_fill(dead, 0.0), dim=-2)
            return weights.masked_fill(dead, 0.0)
'''),
    # ones(n, n).triu(diagonal=0): True where column (query) >= row (key). n = 0, 1, 2, 5, exactly. Passes the
    # visible tests.
    "blind23_right_causal_mask_ones_triu_diagonal_zero": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n, dtype=torch.bool).triu(diagonal=0)
'''),
    # Positions counted from 1 compared with <= lengths. 12 cases: lengths with 0, equal to n and beyond n, n = 0.
    # Passes the visible tests.
    "blind23_right_padding_mask_arange_from_one_le": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            return (torch.arange(1, n + 1, device=lengths.device) <= lengths.unsqueeze(-1)).unsqueeze(-1)
'''),
    # torch.triu(diagonal=-w) & torch.tril(diagonal=w). 20 cases: n 0, 1, 2, 6; w 0, 1, 2, 5, 10. Passes the visible
    # tests.
    "blind23_right_local_mask_triu_tril_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return torch.triu(ones, diagonal=-window) & torch.tril(ones, diagonal=window)
'''),
    # torch.where with a full_like tensor of -inf. 36 cases: float32/float64, batched masks (3, 4), (..., 3, 1),
    # (4,), 0-d, all False, a float mask (ValueError on both), with gradients. Passes the visible tests.
    "blind23_right_apply_mask_where_new_full": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return torch.where(mask, scores, torch.full_like(scores, float("-inf")))
'''),
    # Scores as (Q^T K)^T, PyTorch's layout transposed back. 56 cases: float32/float64, unbatched, (2,), (2, 1, 3),
    # N_q != N_k, 1x1, masks with a fully masked query and (N_k, 1) masks, D_k mismatch (ValueError on both), with
    # gradients. Passes the visible tests.
    "blind23_right_sdpa_query_rows_matmul_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(Q.transpose(-2, -1), K).transpose(-2, -1) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # F.linear on the transposed tokens, transposed back, mask passed by keyword. 36 cases (float32/float64,
    # batches, masks with a dead query) with gradients. Passes the visible tests.
    "blind23_right_self_attention_functional_linear_mT": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            F = torch.nn.functional
            rows = X.transpose(-2, -1)
            Q, K, V = (F.linear(rows, W, b).transpose(-2, -1) for W, b in ((Wq, bq), (Wk, bk), (Wv, bv)))
            return scaled_dot_product_attention(Q, K, V, mask=mask)
'''),
    # PyTorch's (..., H, N, d) head layout throughout, scores (N_q, N_k) with the mask and softmax transposed into
    # the course's functions. 120 cases: (D, H) in (4, 2), (6, 3), (4, 1), (4, 4) and (6, 4) (ValueError on both),
    # N_q != N_k, 1x1, masks with a dead query, float32/float64, batches, with gradients. Passes the visible tests.
    "blind23_right_mha_pytorch_heads_rows_layout": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            D = Xq.shape[-2]
            if D % num_heads:
                raise ValueError("D must be divisible by num_heads")
            d = D // num_heads
            from .masking import apply_mask
            from .softmax import softmax_cols
            def heads(X, W, b):                       # (..., D, N) -> (..., H, N, d), PyTorch's layout
                rows = torch.nn.functional.linear(X.transpose(-2, -1), W, b)
                return rows.unflatten(-1, (num_heads, d)).transpose(-3, -2)
            q = heads(Xq, params["Wq"], params["bq"])
            k = heads(Xkv, params["Wk"], params["bk"])
            v = heads(Xkv, params["Wv"], params["bv"])
            scores = (q @ k.transpose(-2, -1)) / math.sqrt(d)        # (..., H, N_q, N_k)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3).transpose(-2, -1))
            weights = softmax_cols(scores.transpose(-2, -1)).transpose(-2, -1)
            out = (weights @ v).transpose(-3, -2).flatten(-2)           # (..., N_q, D)
            return torch.nn.functional.linear(out, params["Wo"], params["bo"]).transpose(-2, -1)
'''),
    # torch.var_mean(unbiased=False). 13 cases: float32/float64, batches, eps 0.1, a constant column, with
    # gradients. Passes the visible tests.
    "blind23_right_layer_norm_var_mean_unbiased_false": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, unbiased=False)
            return (X - mean) / torch.sqrt(var + eps) * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # Two einsums with F.relu. 6 cases (float32/float64, batches) with gradients. Passes the visible tests.
    "blind23_right_feed_forward_einsum_clamp": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.einsum("fd,...dn->...fn", W1, X) + b1[:, None]
            hidden = torch.nn.functional.relu(hidden)
            return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # A loop over (sublayer, norm index) pairs with one conditional expression for pre- and post-LN. 24 cases:
    # float32/float64, batches, masks, norm_first both ways, with gradients. Passes the visible tests.
    "blind23_right_transformer_layer_sublayer_closures": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            blocks = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask=mask), "1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "2"),
            ]
            for block, i in blocks:
                norm = lambda Y: layer_norm(Y, params["gamma" + i], params["beta" + i], eps=1e-5)
                X = X + block(norm(X)) if norm_first else norm(X + block(X))
            return X
'''),
    # multi_head_attention called with every argument by keyword. 60 cases (shapes as the multihead entry, enc_mask
    # with a dead query) with gradients. Passes the visible tests.
    "blind23_right_cross_attention_keyword_call": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # ones(N, N).triu() causal mask and a loop over the three residual steps. 24 cases: N_d 1 and 3, enc_mask (2,
    # 1), float32/float64, batches, with gradients. Passes the visible tests.
    "blind23_right_decoder_layer_triu_ones_causal": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            N = X_dec.shape[-1]
            causal = torch.ones(N, N, dtype=torch.bool, device=X_dec.device).triu()   # [j, i] = j <= i
            steps = [
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), 1),
                (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
            ]
            X = X_dec
            for step, i in steps:
                X = layer_norm(X + step(X), params[f"gamma{i}"], params[f"beta{i}"])
            return X
'''),
    # Greedy via F.one_hot, top-k by zeroing the tail of a stable argsort (skipped when k >= V), top-p with
    # torch.searchsorted's default left side. 542 cases: 6 logit vectors (ties, an exact 0.5 boundary, -inf,
    # float32/float64), temperature 0/0.5/1, top_k None/1/2/3/20, top_p None/0.1/0.5/0.75/0.9/1; top_k 0 and top_p 0
    # (ValueError on both). Passes the visible tests.
    "blind23_right_next_token_probs_searchsorted_left": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), logits.numel()).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < probs.numel():
                order = torch.argsort(probs, descending=True, stable=True)
                probs = probs.clone()
                probs[order[top_k:]] = 0.0
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(sorted_probs, dim=0)
                first = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype)))
                probs = probs.clone()
                probs[order[first + 1:]] = 0.0
            return probs / probs.sum()
'''),
    # torch.multinomial on a one-row batch with the generator, a while loop, the window sliced from max(0, len -
    # context_size). 384 cases, each with a fresh generator of the same seed on both sides: prompts of 1 and 3 ids,
    # 0/1/5 new tokens, temperature 0 and 1, top_k None/2, eos None/3, context None/1/2/10: identical sequences.
    # Passes the visible tests.
    "blind23_right_generate_multinomial_row_batch": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.clone()
            step = 0
            while step < max_new_tokens:
                window = out if context_size is None else out[max(0, out.numel() - context_size):]
                probs = next_token_probs(model(window)[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
                token = torch.multinomial(probs.unsqueeze(0), num_samples=1, generator=generator)[0]
                out = torch.cat((out, token.to(out.dtype)))
                step += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return out
'''),
    # -F.cross_entropy(logits[:, :-1].T, ids[1:], reduction='sum'). 5 cases: one-token sequences (0 on both), a
    # float32 and a float64 model, with gradients. Passes the visible tests.
    "blind23_right_sequence_log_prob_negative_cross_entropy": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                              # (V, N)
            return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    # reshape then permute(0, 1, 3, 5, 2, 4) so that the channel and pixel axes come first. 41 cases:
    # float32/float64, B 1/2, C 1/3, non-square, P 1, 2, 3, non-multiples (ValueError on both), a transposed input,
    # with gradients. Passes the visible tests.
    "blind23_right_patchify_permute_channel_first": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C, H, W = images.shape
            grid = images.reshape(B, C, H // P, P, W // P, P).permute(0, 1, 3, 5, 2, 4)   # (B, C, p, q, a, b)
            return grid.reshape(B, C * P * P, (H // P) * (W // P))
'''),
    # einsum projection, [CLS] viewed and expanded, cat on dim 2, positions added in place on the new tensor. 8
    # cases with gradients. Passes the visible tests.
    "blind23_right_patch_embedding_expand_cat_add": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[None, :, None]
            cls = cls_token.view(1, -1, 1).expand(tokens.shape[0], -1, -1)
            x = torch.cat((cls, tokens), dim=2)
            x += positions
            return x
'''),
    # torch.remainder(j - i, s) == 0. 24 cases: n 0, 1, 5, 7; s -1 and 0 (ValueError on both), 1, 2, 3, 8. Passes
    # the visible tests.
    "blind23_right_strided_mask_remainder_of_difference": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            j = torch.arange(n).unsqueeze(1)
            i = torch.arange(n).unsqueeze(0)
            return torch.remainder(j - i, stride) == 0
'''),
    # torch.logical_or of the two broadcast views. 9 cases: unbatched, (2,), (2, 3); N 0, 1, 5. Passes the visible
    # tests.
    "blind23_right_global_token_mask_logical_or": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return torch.logical_or(is_global[..., :, None], is_global[..., None, :])
'''),
    # m = ceil(n / s) - 1 by negated floor division, w clamped to [0, n - 1], g n + (n - g) g. 268 cases: every
    # pattern, n 0, 1, 2, 7, 10, each size argument, missing sizes and an unknown pattern (ValueError on both).
    # Passes the visible tests.
    "blind23_right_sparse_cost_ceil_minus_one": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = -(-n // stride) - 1 if n else 0                 # ceil(n / s) - 1 = floor((n - 1) / s)
                return n * (2 * m + 1) - stride * m * (m + 1)
            g = num_global
            return g * n + (n - g) * g
'''),
    # Hugging Face's T5 _relative_position_bucket, line for line. 37 cases: offsets -300..299 in two shapes,
    # bidirectional both ways, 8/16/32 buckets, max_distance 20/64/128, int32 offsets: identical buckets. Passes the
    # visible tests.
    "blind23_right_bucket_hf_t5_port": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            relative_buckets = 0
            relative_position = relative_position.long()
            if bidirectional:
                num_buckets //= 2
                relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
                relative_position = torch.abs(relative_position)
            else:
                relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
            max_exact = num_buckets // 2
            is_small = relative_position < max_exact
            if_large = max_exact + (
                torch.log(relative_position.float() / max_exact)
                / math.log(max_distance / max_exact)
                * (num_buckets - max_exact)
            ).to(torch.long)
            if_large = torch.min(if_large, torch.full_like(if_large, num_buckets - 1))
            return relative_buckets + torch.where(is_small, relative_position, if_large)
'''),
    # Hugging Face's rotate_half form, X cos + rotate_half(X) sin with duplicated float64 tables. 96 cases:
    # float32/float64, batches, D 2, 4, 8 and 3 (ValueError on both), N_q != N_k, explicit positions and base, with
    # gradients. Passes the visible tests.
    "blind23_right_rotary_rotate_half": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def apply(X, positions):
                D, N = X.shape[-2:]
                p = torch.arange(N) if positions is None else positions
                inv_freq = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = torch.outer(inv_freq, p.to(torch.float64))
                cos = torch.cat([angles.cos(), angles.cos()]).to(X.dtype)
                sin = torch.cat([angles.sin(), angles.sin()]).to(X.dtype)
                rotated = torch.cat([-X[..., D // 2:, :], X[..., : D // 2, :]], dim=-2)
                return X * cos + rotated * sin
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # F.pad(targets, (1, 0), value=sos_id)[..., :-1]. 21 cases: int64, uint8, int32 with two batch axes, an empty
    # image, float and bool ids, a transposed view, sos 0, 9 and -1 (ValueError on both). Passes the visible tests.
    "blind23_right_pixel_sequence_functional_pad": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            inputs = torch.nn.functional.pad(targets, (1, 0), value=sos_id)[..., :-1]
            return inputs, targets
'''),
    # F.linear(X.mean(-1), W, b). 39 cases: float32/float64, batches, N 1 and 3, b None/random/zero, N = 0 and
    # mismatched shapes (ValueError on both), with gradients. Passes the visible tests.
    "blind23_right_average_pool_head_functional_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            return torch.nn.functional.linear(X.mean(dim=-1), W, b)
'''),
    # index_select on the flattened ids, reshaped and moved. 16 cases: int64, uint8, int32 batches, empty, out-of-
    # range, float ids (ValueError on both), a transposed view, float32/float64, with gradients. Passes the visible
    # tests.
    "blind23_right_dequantize_take_along_columns": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = ids.reshape(-1).long()
            colours = palette.index_select(1, flat)                         # (C, HW...)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Two unflattens and one permute computed from the number of batch axes. 73 cases: float32/float64, unbatched,
    # (2,), (2, 1, 3), C 1/3, M 1, 2, 3, 4, non-divisors, M = 0 and a 2-D input (ValueError on both), with
    # gradients. Passes the visible tests.
    "blind23_right_window_partition_unflatten_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            nb = X.dim() - 3
            g = X.unflatten(-1, (-1, M)).unflatten(-3, (-1, M))             # (..., C, a, p, b, q)
            g = g.permute(*range(nb), nb + 1, nb + 3, nb, nb + 2, nb + 4)   # (..., a, b, C, p, q)
            return g.flatten(-2).flatten(-4, -3)
'''),
    # Region labels by torch.bucketize(..., right=True). 36 cases: grids (4, 4, 2), (8, 4, 4), (6, 9, 3), (2, 2, 2),
    # (3, 3, 1), (4, 6, 4), shifts -1..4 (ValueError on both where out of range). Passes the visible tests.
    "blind23_right_shifted_mask_bucketize_right_true": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                return torch.bucketize(torch.arange(size), torch.tensor([size - window, size - shift]), right=True)
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The blocks listed by a comprehension (columns outer, rows inner), F.layer_norm channels-last and F.linear
    # without bias. 72 cases: float32/float64, batches, C 1/3, odd H (ValueError on both), eps 0.5, with gradients.
    # Passes the visible tests.
    "blind23_right_patch_merging_functional_layer_norm_channels_last": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]       # TL, BL, TR, BR
            merged = torch.cat(blocks, dim=-3).movedim(-3, -1)                  # (..., H/2, W/2, 4C)
            normed = torch.nn.functional.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return torch.nn.functional.linear(normed, W).movedim(-1, -3)
'''),
    # F.scaled_dot_product_attention on the groups (rows = channel queries, N features) with scale= given
    # explicitly. 96 cases: (C, N, G) in (4, 3, 2), (4, 1, 4), (6, 5, 3), (3, 7, 1), (1, 1, 1), N = 0 and non-
    # divisors (ValueError on both), default and scale 0.3, float32/float64, batches; values agree, float64
    # gradients agree, float32 gradients agree to float32 rounding (largest difference 3e-5 on a gradient of 199).
    # Passes the visible tests.
    "blind23_right_channel_attention_torch_sdpa_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)     # (..., G, C/G, N): rows = queries
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            out = torch.nn.functional.scaled_dot_product_attention(
                q, k, v, scale=(1 / math.sqrt(X.shape[-1]) if scale is None else scale))
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Written as a wrong one; counted right: the contract names no ValueError for apply_mask (its mask is bool by
    # contract, and only the ValueErrors it names are graded), so a 0/1 mask is outside it.
    # torch.where(mask.bool(), ...) accepts a 0/1 mask silently (clause: ValueError for a non-bool mask).
    # apply_mask(zeros(2, 2), tensor([[1, 0], [0, 1]])): model ValueError, entry [[0, -inf], [-inf, 0]]. Fails the
    # visible tests.
    "blind23_apply_mask_where_bool_cast_no_check": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            return torch.where(mask.bool(), scores, torch.tensor(float("-inf"), dtype=scores.dtype))
'''),
    # Written as a wrong one; counted right: the contract lets quantize_pixels return any colour within float
    # rounding of the nearest, the rounding of the expanded distance |x|^2 + |p|^2 - 2 x.p that public code
    # (Hugging Face's ImageGPT feature extractor) computes; at pixels of 1000 that rounding exceeds 0.004.
    # torch.cdist, whose default compute mode switches to the |x|^2 + |p|^2 - 2 x.p matrix product above 25 rows,
    # cancelling small differences into ties (clause: the nearest colour by squared distance). A 1x6x6 float32 image
    # of 1000.0, palette [[1000.0625, 1000.0]]: model id 1 (distance 0), entry id 0 (both distances 0 after
    # cancellation). Passes the visible tests.
    "blind23_quantize_cdist_matmul_path": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                      # (..., H, W, C)
            flat = pixels.reshape(-1, pixels.shape[-1])
            distances = torch.cdist(flat, palette.to(dtype).T)               # (HW, K)
            return distances.argmin(dim=-1).reshape(pixels.shape[:-1])
'''),
}
