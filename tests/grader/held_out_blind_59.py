"""Sixtieth blind batch of held-out implementations (prefix blind59_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`),
never read. The earlier blind batches (held_out_blind.py ... held_out_blind_57.py) were only skimmed for their entry
names, so that no name repeats, and for the header layout. Nothing else under grader/ or tests/ was opened, grepped or
run, nor docs/grading.md or benchmarks/, nor the batch written at the same time (held_out_blind_58.py).

Emphasis: code an AI coding assistant writes from a stub's docstring alone, spread over all seventeen exercise modules:
idiomatic and confident, passing the obvious cases, but off the contract in one place. Wrong entries: the row-major /
Hugging Face habit in a single spot (K.shape[-1] as d_k, model(ids)[-1] as the last position, mean over dim=1, softmax
over dim=1, B, C, H, W = X.shape, permute(0, 3, 1, 2), flatten(2), ids[:, -n:], tril masks in the (query, key) layout,
channels-last pixel rows, memory_mask transposed, X.shape[1] as the token count); a library default or a borrowed
convention that differs (-1e9 and -10000 instead of -inf, float32 upcasting, nan_to_num before the softmax, timm's eps
1e-6, F.group_norm for a layer norm, GELU-tanh, F.cross_entropy's mean, F.one_hot's int64, HF's top-k threshold, Keras'
GRU gate order, tf.sequence_mask's maxlen, subword-nmt's min_frequency 2, tensor2tensor's sin/cos blocks, the PyTorch
tutorial's even-D-only table, vit-pytorch's (p1 p2 c) patch order, Mistral's causal sliding window); an edge handled the
usual way (a dead query's NaN weights, eos checked before appending, temperature 0 as an int one-hot, scale=0.0 taken as
missing, shift 0 short-cut with float ones, runs of spaces squeezed); invented defaults (a causal mask when none is
given, key positions defaulting to the query positions, eps not forwarded); and validation of inputs the contract
allows (a padding mask refused by multi-head attention). Right entries: the same assistant style where every clause
holds, mostly more compact or more library-heavy than the model answers (torch.eye indexing, F.embedding, F.unfold,
F.conv2d, F.pad with a negative crop, F.layer_norm, F.linear, torch.gru_cell, torch.searchsorted, logsumexp, einsum,
unflatten/movedim, a fused in-projection, Hugging Face's T5 bucket and Swin slice-region mask ports, HF's MLM bernoulli
chain, a single-uniform MLM split, math.comb and complement counts).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind59/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` added and the entry's source replacing the function, the stub's
input checks substituted) and run against its exercise's visible tests: every right entry passes them, and each wrong
entry's comment says whether it does (13 of the 55 wrong entries pass them). Each wrong entry's recorded input
was run on the model answer and on the entry and both results printed; each differs as its comment says (values,
shape, dtype, or an exception where the model answer returns). Right entries were compared with the model answer under
both default dtypes (float32 and float64), on float32 and float64 inputs, with a checker that also compares dtypes and
shapes, requires the same non-finite pattern, checks that inputs are left unchanged and backpropagates one random
cotangent to compare the gradients of every floating-point input and weight (NaN allowed only at infinite inputs):
bpe functions on 1500 random corpora (repeated whitespace, tabs, newlines, decomposed and non-ASCII characters,
punctuation) with learned and arbitrary merge lists, exact results and the "</w>" ValueError; masks and
strided/global masks and sparse_attention_cost exactly over n = 0..11 (cost also n = 10**6 and 10**12 + 7, every size
combination, unknown patterns, missing sizes, same ValueErrors, int type); relative_position_bucket exactly over
offsets -600..600 for 9 bucket counts (odd ones included), 4 max distances, both directions; softmax_cols on 1000
random score tensors with -inf entries, all -inf columns, +-1e4 scale and ties; attention, multi-head, layer and
decoder functions on 300-500 random cases each (batch shapes (), (2,), (2, 3), (1, 2); masks (N_k, N_q), full,
leading 1, padding (B, N_k, 1); the same tensor passed as Xq and Xkv; keyword calls; non-contiguous inputs; D not
divisible by H); layer_norm with eps 0, 1e-12, 1e-5, 0.1 and inputs at 1e-3 and 1e3 scale; next_token_probs on 4000
random logits (rounded for ties, all-equal logits, 1000x scale, temperatures 0 to 2, every top_k and top_p including
exactly reached cumulative sums, positional and keyword calls, the ValueErrors); generate with seeded generators (three
calls on one generator: same ids, and the same generator state afterwards except at temperature 0, where the contract
allows not drawing) and under torch.manual_seed; sequence_log_prob values and gradients through a parametrised model
(1 to 40 tokens, non-contiguous ids); beam_search on 500 random table models (rounded logits for ties, all-zero
logits, widths 1..5, 0..4 steps, eos None/0/1/V-1); rnn functions with broadcasting leading shapes and masks including
states that see no position; patch, image and swin functions on random shapes, id dtypes uint8/int16/int32/int64 and
their ValueErrors (shifted_window_mask exactly over every grid up to 4M x 4M, M = 1..4, shifts -1..M);
quantize_pixels accepting a different id only where the two squared distances agree to rounding; mlm_corrupt (its
draws differ from the model answer's) by its invariants and frequencies (ids unchanged, labels exactly at the chosen
positions, specials as list, tuple, tensor or empty never chosen, chosen fraction within 0.02 of mask_prob, 80 % mask
and 10 % + 10 %/V unchanged within 0.02, int32 ids kept int32, new draws on a second call, empty and non-contiguous
ids).

Judgement calls: blind59_channel_attention_query_rows_softmax_last (scores in the (queries, keys) layout, torch.softmax
over the last axis, weights @ V) was dropped: its values and float64 gradients equal the model answer's, but in float32
with inputs at 10x scale (a saturated softmax) its weight gradients were up to 1e-3 off the float64 reference where the
model answer's were within 1e-6, and I could not tell whether that is inside the grader's float32 bounds. The gradient
of layer_norm at D = 2 with eps = 0 is analytically zero and comes out as rounding noise in both the model answer and
blind59_layer_norm_f_layer_norm_gamma_shape_transposed; the gradient comparison was run on D >= 3 there (values were compared at D = 2
as well). blind59_generate_greedy_without_drawing leaves the generator untouched at temperature 0, which the contract
explicitly allows. A relative_position_bucket entry taking the logarithm in float64 was dropped: over 9 bucket counts and
7 max distances no offset below the cap changed bucket, so it could not be shown wrong. A beam_search entry that moves
finished beams to a separate list and keeps beam_width live beams (Hugging Face's BeamHypotheses) was dropped: a
finished beam only leaves the contract's kept places for better candidates and live scores only fall, so the returned
best sequence appears to be the same. Several wrong entries rest on shapes the visible tests may not try (unbatched or
doubly batched inputs, a padding mask for multi-head attention, N_k != D_k, D_k != D, eps given to patch_merging,
scale=0.0, temperature with top_p); each comment names the input that shows it. Many of the mistakes themselves
(-1e9 fills, HF's top-k threshold, Keras' gate order, the tensor2tensor layout) have relatives in earlier batches under
other names; the code and the exact variant here are new.

Counts: 55 wrong, 44 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'next_token_probs': 3, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 2, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 3, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 2, 'next_token_probs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_59 = {
    # Ties broken 'deterministically' by sorting on (-count, pair): the lexicographically smallest pair wins, not the
    # first seen. train_bpe("ba ab", 1): model [('b', 'a')], entry [('a', '</w>')]. Fails the visible tests.
    "blind59_train_bpe_ties_broken_by_smallest_pair": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            vocab = Counter(tuple(word) for word in words)
            merges = []
            for _ in range(num_merges):
                stats = Counter()
                for symbols, freq in vocab.items():
                    for pair in zip(symbols, symbols[1:]):
                        stats[pair] += freq
                if not stats:
                    break
                best = sorted(stats.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]   # deterministic tie-break
                merges.append(best)
                vocab = Counter({tuple(merge_pair(list(s), best)): f for s, f in vocab.items()})
            return merges
'''),
    # Stops once the best pair occurs fewer than twice, the min_frequency=2 default of subword-nmt's learn_bpe.py; the
    # contract merges until no pair is left. train_bpe("ab", 3): model [('a', 'b'), ('ab', '</w>')], entry []. Fails the
    # visible tests.
    "blind59_train_bpe_sennrich_min_frequency_default": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            min_frequency = 2                       # as subword-nmt: a pair seen once is not worth a symbol
            freqs = Counter(tuple(w) for w in words)
            segs = {w: list(w) for w in freqs}
            merges = []
            while len(merges) < num_merges:
                stats = Counter()
                for w, freq in freqs.items():
                    s = segs[w]
                    for i in range(len(s) - 1):
                        stats[s[i], s[i + 1]] += freq
                if not stats:
                    break
                best, count = stats.most_common(1)[0]
                if count < min_frequency:
                    break
                merges.append(best)
                segs = {w: merge_pair(s, best) for w, s in segs.items()}
            return merges
'''),
    # Puts the merges in a set and sweeps each word left to right, merging any adjacent pair in the set until nothing
    # changes: the order of the merges is lost. bpe_encode("abc", [("b", "c"), ("a", "b")]): model ['a', 'bc', '</w>'],
    # entry ['ab', 'c', '</w>']. Fails the visible tests.
    "blind59_bpe_encode_merge_set_single_sweep": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            known = set(map(tuple, merges))            # O(1) membership
            tokens = []
            for symbols in words:
                changed = True
                while changed:
                    changed = False
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) in known:
                            out.append(symbols[i] + symbols[i + 1])
                            i += 2
                            changed = True
                        else:
                            out.append(symbols[i])
                            i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    # Cleans the text up by squeezing runs of spaces into one (as tokenizers' clean-up does); the contract keeps the
    # spaces of "</w>" tokens in a row. bpe_decode(["a</w>", "</w>", "b</w>"]): model 'a  b', entry 'a b'. Passes the
    # visible tests.
    "blind59_bpe_decode_squeezes_repeated_spaces": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import re
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return re.sub(r" {2,}", " ", text).rstrip(" ")
'''),
    # F.one_hot gives int64 and .to(dtype=None) leaves it so: without a dtype the result is int64, not the default float
    # dtype. one_hot(tensor([0, 2]), 3).dtype: model torch.float32, entry torch.int64. Fails the visible tests.
    "blind59_one_hot_functional_to_dtype_none_stays_int64": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.one_hot(token_ids, vocab_size).transpose(-1, -2).to(dtype=dtype)
'''),
    # Looks the rows up from omega_e.T and swaps axes 1 and 2, assuming ids are (B, N): unbatched ids (N,) raise, and ids
    # with two batch axes (A, B, N) come out (A, N, B, D)-shaped garbage. embed(randn(3, 5), tensor([1, 4])): model (3,
    # 2), entry IndexError. Fails the visible tests.
    "blind59_embed_assumes_batch_first_transpose_one_two": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e.T[token_ids].transpose(1, 2)      # (B, N, D) -> (B, D, N)
'''),
    # The PyTorch tutorial's PositionalEncoding (div_term from exp(-log(10000) 2i/D), pe[:, 0::2] = sin, pe[:, 1::2] =
    # cos) transposed; with an odd D the cosine slice has one row fewer than div_term and the assignment raises.
    # sinusoidal_positions(4, 5): model a (5, 4) table, entry RuntimeError. Fails the visible tests.
    "blind59_sinusoidal_pytorch_tutorial_even_dim_only": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            position = torch.arange(num_positions).unsqueeze(1)
            div_term = torch.exp(torch.arange(0, dim, 2) * (-math.log(10000.0) / dim))
            pe = torch.zeros(num_positions, dim)
            pe[:, 0::2] = torch.sin(position * div_term)
            pe[:, 1::2] = torch.cos(position * div_term)
            return pe.T
'''),
    # tensor2tensor's get_timing_signal layout: all sines in the top half, all cosines below, instead of interleaved rows.
    # sinusoidal_positions(2, 4)[1, 1]: model cos(1) = 0.540, entry sin(0.01) = 0.0100. Fails the visible tests.
    "blind59_sinusoidal_tensor2tensor_sin_block_then_cos_block": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            half = (dim + 1) // 2
            pos = torch.arange(num_positions, dtype=torch.get_default_dtype())
            freqs = 10000 ** (-torch.arange(half, dtype=torch.get_default_dtype()) * 2 / dim)
            angles = freqs[:, None] * pos[None, :]
            return torch.cat([angles.sin(), angles.cos()[: dim // 2]], dim=0)
'''),
    # Computes the softmax in float32 'for stability' (the mixed-precision habit) and casts back: a float64 input loses
    # its precision. softmax_cols(float64 [[0.1], [0.2]]): model 0.47502081252106, entry 0.4750208258628845 (error 1e-8,
    # far above float64 accuracy). Fails the visible tests.
    "blind59_softmax_cols_upcast_to_float32": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            import torch.nn.functional as F
            weights = F.softmax(scores.float(), dim=-2)
            return weights.nan_to_num(0.0).to(scores.dtype)
'''),
    # nan_to_num on the scores first turns -inf into the dtype's lowest finite value, so a column that is entirely -inf
    # becomes uniform instead of zeros. softmax_cols([[-inf], [-inf]]): model [0, 0], entry [0.5, 0.5]. Fails the visible
    # tests.
    "blind59_softmax_cols_nan_to_num_before_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            finite = torch.nan_to_num(scores)            # -inf -> finfo.min, so no NaN can appear
            return torch.softmax(finite, dim=-2)
'''),
    # Shifts by the max of the whole tensor instead of each column's: a column far below the global max underflows to 0/0
    # (then zeroed). softmax_cols([[1e4, -1e4], [0, -1e4]]) (float32, within the contract's +-1e4): model column 1 [0.5,
    # 0.5], entry [0, 0]. Fails the visible tests.
    "blind59_softmax_cols_single_max_over_whole_tensor": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            shift = scores.max() if scores.numel() else scores.new_zeros(())
            if torch.isinf(shift):
                shift = scores.new_zeros(())
            exps = (scores - shift).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return torch.where(total > 0, exps / total, torch.zeros_like(exps))
'''),
    # Builds the key axis from lengths.max(), like tf.sequence_mask's default maxlen, ignoring n: the mask is too narrow
    # whenever every sequence is shorter than n. padding_mask(tensor([1, 2]), 4).shape: model (2, 4, 1), entry (2, 2, 1).
    # Passes the visible tests.
    "blind59_padding_mask_tf_sequence_mask_maxlen_default": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            maxlen = int(lengths.max()) if lengths.numel() else n
            positions = torch.arange(maxlen, device=lengths.device)
            return (positions[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # A Mistral-style sliding window: only keys at or before the query, at most `window` back; the contract's band is
    # symmetric (|i - j| <= window). local_mask(3, 1)[1, 0]: model True, entry False. Fails the visible tests.
    "blind59_local_mask_causal_sliding_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n).unsqueeze(1)
            queries = torch.arange(n).unsqueeze(0)
            return (keys <= queries) & (queries - keys <= window)
'''),
    # Old BERT's additive value -10000.0 instead of -inf: hidden scores stay finite, so a fully hidden column comes out
    # uniform after the softmax. apply_mask(tensor([[1.], [2.]]), tensor([[True], [False]])): model [1, -inf], entry [1,
    # -10000]. Fails the visible tests.
    "blind59_apply_mask_bert_minus_ten_thousand": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(mask.logical_not(), -10000.0)
'''),
    # Masks with -1e9 instead of -inf: a query whose mask column is all False gets uniform weights and the mean of the
    # values, where the contract gives zeros. Q = K = V = ones(1, 2), mask [[True, False], [True, False]]: model output
    # column 1 = 0, entry 1. Passes the visible tests.
    "blind59_sdpa_minus_1e9_fill_dead_query_averages_values": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(Q.size(-2))
            if mask is not None:
                scores = scores.masked_fill(~mask, -1e9)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # Scales by sqrt(K.shape[-1]), which is d_k in the row-major (N, d_k) layout but N_k here. Q = ones(2, 1), K =
    # arange(10.).reshape(2, 5), V = ones(1, 5): model weights [0.0026, 0.011, 0.045, 0.18, 0.76], entry [0.017, 0.041,
    # 0.10, 0.24, 0.60]. Right whenever N_k = D_k. Fails the visible tests.
    "blind59_sdpa_scale_from_last_axis_of_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = K.shape[-1]
            scores = K.transpose(-2, -1) @ Q / d_k ** 0.5
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Output from torch's fused F.scaled_dot_product_attention (transposed to rows), weights recomputed with torch.softmax
    # over dim=-2: a query with no visible key gets NaN weights (the kernel's output is 0 there). Q = K = V = ones(1, 2),
    # mask [[True, False], [True, False]]: model weights column 1 [0, 0], entry [nan, nan]. Passes the visible tests.
    "blind59_sdpa_torch_kernel_output_weights_nan_for_dead_query": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            attn_mask = None if mask is None else mask.transpose(-2, -1)
            out = F.scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1),
                                                 attn_mask=attn_mask)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            return out.transpose(-2, -1), torch.softmax(scores, dim=-2)
'''),
    # Writes the attention out itself and scales by sqrt(D), the model width of X, instead of sqrt(D_k), the width of the
    # projected queries. X (4, 3), Wq, Wk, Wv (2, 4): model weights column 0 [0.0076, 0.182, 0.810], entry [0.027, 0.251,
    # 0.722]. Right whenever D_k = D. Passes the visible tests.
    "blind59_self_attention_written_out_scaled_by_sqrt_of_x_rows": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq @ X + bq[:, None]
            K = Wk @ X + bk[:, None]
            V = Wv @ X + bv[:, None]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(X.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Defaults to a causal mask when mask is None (the decoder-only habit); the contract's default attends everywhere. X
    # (2, 4, 3) as Xq and Xkv, 2 heads, no mask: model and entry differ in every column but the last (e.g. 1.6985 vs
    # 1.9276). Fails the visible tests.
    "blind59_mha_causal_when_no_mask_given": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if mask is None:
                n_q, n_k = Xq.shape[-1], Xkv.shape[-1]
                mask = torch.arange(n_k)[:, None] <= torch.arange(n_q)[None, :]
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Validates that a mask ends in (N_k, N_q) and raises otherwise, so a padding mask (B, N_k, 1), which the contract
    # allows, is refused. X (2, 4, 3), 2 heads, mask (2, 3, 1): model a result, entry ValueError. Passes the visible
    # tests.
    "blind59_mha_requires_full_mask_shape": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if mask is not None and tuple(mask.shape[-2:]) != (Xkv.shape[-1], Xq.shape[-1]):
                raise ValueError(f"mask must be (..., N_k, N_q) = (..., {Xkv.shape[-1]}, {Xq.shape[-1]}), got {tuple(mask.shape)}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Reshapes the heads with B, D, N = Xq.shape, assuming exactly one batch axis: unbatched (D, N) inputs and two batch
    # axes raise. X (4, 3), 2 heads: model a (4, 3) result, entry ValueError (not enough values to unpack). Fails the
    # visible tests.
    "blind59_mha_unpacks_batch_width_length": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            B, D, n_q = Xq.shape
            n_k = Xkv.shape[-1]
            d = D // num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).reshape(B, num_heads, d, n_q)
            K = linear(Xkv, params["Wk"], params["bk"]).reshape(B, num_heads, d, n_k)
            V = linear(Xkv, params["Wv"], params["bv"]).reshape(B, num_heads, d, n_k)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(heads.reshape(B, D, n_q), params["Wo"], params["bo"])
'''),
    # F.group_norm with one group, taken for a layer norm: it normalises each sample over all its features and all its
    # tokens together, not each column (and an unbatched (D, N) input is read as D samples of N channels, raising unless D
    # = N). layer_norm(randn(2, 3, 4), ones(3), zeros(3)): model column means 0, entry column means such as 0.229, -0.056.
    # Fails the visible tests.
    "blind59_layer_norm_group_norm_single_group": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            import torch.nn.functional as F
            return F.group_norm(X, 1, gamma, beta, eps)
'''),
    # GPT-2's activation (GELU, tanh approximation) instead of the contract's ReLU. feed_forward with X = [[-1.]], W1 = W2
    # = [[1.]], zero biases: model 0, entry -0.1588. Fails the visible tests.
    "blind59_feed_forward_gpt2_gelu_new": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            import torch.nn.functional as F
            hidden = F.gelu(linear(X, W1, b1), approximate="tanh")
            return linear(hidden, W2, b2)
'''),
    # Layer norms with eps=1e-6, timm's ViT default (partial(nn.LayerNorm, eps=1e-6)); the contract's layer uses 1e-5.
    # Shows when a column's variance is comparable to eps: X (2, 4, 3) of scale 1e-3 with zero attention and FFN weights:
    # model [0.3145, 1.6053, -0.1578, ...], entry [0.3163, 1.6252, -0.2196, ...]. Fails the visible tests.
    "blind59_transformer_layer_timm_vit_norm_eps": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            eps = 1e-6
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"], eps)
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"], eps)
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(ln1(X))
                return X + ffn(ln2(X))
            X = ln1(X + mha(X))
            return ln2(X + ffn(X))
'''),
    # Transposes enc_mask to PyTorch's memory_mask layout (N_d, N_e) before calling multi_head_attention, which wants
    # (N_e, N_d): a padding mask (B, N_e, 1) becomes (B, 1, N_e) and hides the wrong entries. X_dec, X_enc (2, 4, 3),
    # enc_mask = padding mask of lengths [1, 3]: model batch 0 columns all equal (one key), entry not. Fails the visible
    # tests.
    "blind59_cross_attention_mask_turned_to_memory_mask_layout": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            memory_mask = None if enc_mask is None else enc_mask.transpose(-1, -2)   # (..., N_d, N_e)
            return multi_head_attention(X_dec, X_enc, params, num_heads, memory_mask)
'''),
    # Self-attention mask from torch.tril(ones(N, N)), nanoGPT's (query, key) layout, used as is in the (key, query)
    # layout: each position sees the future instead of the past. X_dec (4, 3), X_enc (4, 5), random params: model column 0
    # [-1.819, -0.823, ...], entry [-0.535, -0.666, ...]. Fails the visible tests.
    "blind59_decoder_layer_nanogpt_tril_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X_dec.device))
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Temperature 0 returns F.one_hot(argmax, V), an int64 tensor: the contract returns probabilities (float, the logits'
    # dtype). next_token_probs(tensor([1., 3., 2.]), temperature=0).dtype: model torch.float32, entry torch.int64. Fails
    # the visible tests.
    "blind59_next_token_probs_greedy_functional_one_hot_int64": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            if temperature == 0:
                return F.one_hot(logits.argmax(), logits.numel())
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
                order = torch.sort(probs, descending=True, stable=True).indices
            if top_p is not None:
                cum = probs[order].cumsum(0)
                n_keep = min(int((cum < top_p).sum()) + 1, probs.numel())
                probs = torch.zeros_like(probs).index_copy(0, order[:n_keep], probs[order[:n_keep]])
            return probs / probs.sum()
'''),
    # Top-k as Hugging Face's TopKLogitsWarper: every logit below the k-th largest value is removed, so tokens tied with
    # the k-th all stay; the contract keeps exactly k (ties to lower ids). next_token_probs(tensor([1., 1., 1., 0.]),
    # top_k=1): model [1, 0, 0, 0], entry [1/3, 1/3, 1/3, 0]. Fails the visible tests.
    "blind59_next_token_probs_top_k_value_threshold_keeps_ties": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[logits.argmax()] = 1
                return out
            scores = logits / temperature
            if top_k is not None:
                k = min(top_k, scores.numel())
                kth = torch.topk(scores, k).values[-1]
                scores = scores.masked_fill(scores < kth, float("-inf"))
            probs = torch.softmax(scores, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cum = torch.cumsum(probs[order], 0)
                n_keep = min(int((cum < top_p).sum()) + 1, probs.numel())
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:n_keep]] = True
                probs = probs * keep
            return probs / probs.sum()
'''),
    # Filters top-k and top-p on the raw softmax and applies the temperature afterwards; the contract measures top-p on
    # the tempered distribution. next_token_probs(tensor([2., 1., 0.]), temperature=2.0, top_p=0.6): model keeps 2 tokens
    # [0.622, 0.378, 0], entry keeps 1 [1, 0, 0]. Same as the model at temperature 1. Passes the visible tests.
    "blind59_next_token_probs_nucleus_before_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            keep = torch.ones_like(logits, dtype=torch.bool)
            order = torch.sort(logits, descending=True, stable=True).indices
            if top_k is not None:
                keep[order[top_k:]] = False
            if top_p is not None:
                base = torch.softmax(logits.masked_fill(~keep, float("-inf")), dim=-1)
                cum = torch.cumsum(base[order], 0)
                n_keep = min(int((cum < top_p).sum()) + 1, logits.numel())
                keep[order[n_keep:]] = False
            probs = torch.softmax((logits / temperature).masked_fill(~keep, float("-inf")), dim=-1)
            return probs / probs.sum()
'''),
    # nanoGPT's crop `ids if ids.size(-1) <= context_size else ids[:, -context_size:]`, written for (B, T) ids: on the
    # contract's 1-D ids the crop raises as soon as the sequence outgrows context_size. generate(model, tensor([1, 2, 3]),
    # 2, context_size=2): model returns 5 ids, entry IndexError. Fails the visible tests.
    "blind59_generate_nanogpt_crop_assumes_batch_axis": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                cond = ids if context_size is None or ids.size(-1) <= context_size else ids[:, -context_size:]
                probs = next_token_probs(model(cond)[:, -1], temperature, top_k, top_p)
                nxt = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat((ids, nxt.to(ids.dtype)), dim=-1)
                if eos_id is not None and nxt.item() == eos_id:
                    break
            return ids
'''),
    # Breaks as soon as the drawn token is eos_id, before appending it: the sequence ends without its eos, where the
    # contract includes it. With a model that always puts all its mass on token 0 and eos_id=0: model [prompt..., 0],
    # entry [prompt...]. Fails the visible tests.
    "blind59_generate_eos_checked_before_append": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.clone()
            for _ in range(max_new_tokens):
                window = out if context_size is None else out[-context_size:]
                probs = next_token_probs(model(window)[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
                token = torch.multinomial(probs, num_samples=1, generator=generator)
                if eos_id is not None and token.item() == eos_id:
                    break                                   # end of sequence
                out = torch.cat([out, token.to(out.dtype)])
            return out
'''),
    # Minus F.cross_entropy with its default reduction='mean': the average log-probability per predicted token, not the
    # sum. For a 4-token sequence the entry is the model's value divided by 3. Fails the visible tests.
    "blind59_sequence_log_prob_cross_entropy_default_mean": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            import torch.nn.functional as F
            logits = model(ids)                       # (V, N)
            return -F.cross_entropy(logits[:, :-1].T, ids[1:])
'''),
    # Reads the next-token scores as model(ids)[-1], the last row, as for Hugging Face's (N, V) logits; here that is token
    # V-1's score at every position, so the beams choose among positions, not tokens. A random table model with V = 5,
    # prompt [1, 2], width 2, 2 steps: model [1, 2, 4, 0], entry [1, 2, 1, 1]. Fails the visible tests.
    "blind59_beam_search_reads_last_row_of_logits": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(prompt, 0.0, False)]
            for _ in range(max_new_tokens):
                pool = []
                for ids, score, done in beams:
                    if done:
                        pool.append((ids, score, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[-1].double(), dim=-1)   # scores of the next token
                    for tok, lp in enumerate(log_probs.tolist()):
                        pool.append((torch.cat([ids, ids.new_tensor([tok])]), score + lp, tok == eos_id))
                pool.sort(key=lambda c: c[1], reverse=True)
                beams = pool[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][0]
'''),
    # vit-pytorch's rearrange 'b c (h p1) (w p2) -> b (h w) (p1 p2 c)': each patch flattened with the channel fastest, not
    # in (channel, row, column) order. patchify(arange(8.).reshape(1, 2, 2, 2), 2)[0, :, 0]: model [0, 1, 2, 3, 4, 5, 6,
    # 7], entry [0, 4, 1, 5, 2, 6, 3, 7]. Passes with one channel. Fails the visible tests.
    "blind59_patchify_vit_pytorch_pixels_then_channels": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.reshape(batch, channels, height // P, P, width // P, P)
            x = x.permute(0, 2, 4, 3, 5, 1)                      # b h w p1 p2 c
            return x.reshape(batch, -1, P * P * channels).transpose(1, 2)
'''),
    # Computes one grid side n = H // P and reshapes to (B, C, n, P, n, P), assuming square images: a non-square image
    # raises or scrambles. patchify(randn(1, 1, 2, 4), 2): model (1, 4, 2), entry RuntimeError. Fails the visible tests.
    "blind59_patchify_square_grid_assumed": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            n = height // P                                      # patches per side
            x = images.reshape(batch, channels, n, P, n, P).permute(0, 2, 4, 1, 3, 5)
            return x.reshape(batch, n * n, channels * P * P).transpose(1, 2)
'''),
    # Softmax over dim=1, the sequence axis of a batch-first (B, N) score matrix: right for exactly one batch axis, wrong
    # otherwise (unbatched (N,) scores raise, (A, B, N) scores are normalised over B). Unbatched s (3,), H (4, 5): model
    # weights summing to 1, entry IndexError. Fails the visible tests.
    "blind59_additive_attention_softmax_dim_one": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            energy = torch.tanh((W @ s.unsqueeze(-1)) + U @ H)          # (..., D_a, N)
            scores = torch.einsum("a,...an->...n", v, energy)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = F.softmax(scores, dim=1)
            if mask is not None:
                weights = weights.nan_to_num(0.0)
            context = torch.einsum("...n,...dn->...d", weights, H)
            return weights, context
'''),
    # Splits the GRU's stacked rows in Keras' kernel order (update, reset, candidate) instead of nn.GRUCell's (reset,
    # update, candidate): the update and reset gates swap parameters. Random parameters, D_s = 3: model s = [-1.746,
    # 1.002, 1.003], entry [0.884, 1.214, 1.441]. Fails the visible tests.
    "blind59_attention_decoder_step_keras_gate_order": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            gx = x @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            z_x, r_x, n_x = gx.chunk(3, dim=-1)                  # update, reset, candidate
            z_h, r_h, n_h = gh.chunk(3, dim=-1)
            z = torch.sigmoid(z_x + z_h)
            r = torch.sigmoid(r_x + r_h)
            n = torch.tanh(n_x + r * n_h)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # features.flatten(2) assumes a (B, C, H, W) batch: on an unbatched (C, H, W) grid it flattens only axis 2 (nothing),
    # so the grid's rows are read as its channels. grid_attention on unbatched features (3, 2, 4): model weights (2, 4),
    # entry ValueError from additive_attention's shape check. Fails the visible tests.
    "blind59_grid_attention_flatten_from_axis_two": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            h, w = features.shape[-2:]
            cells = features.flatten(2)                          # (B, C, H*W)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], h, w), context
'''),
    # Makes every stride-th key visible to every query (keys j with j % stride == 0, the 'summary' columns of a fixed
    # pattern) instead of the keys i, i +- stride, ... of each query. strided_mask(3, 2)[1, 1]: model True (offset 0),
    # entry False. Fails the visible tests.
    "blind59_strided_mask_summary_key_columns": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)
            return (keys % stride == 0)[:, None].expand(n, n).clone()
'''),
    # Adds the diagonal (every token sees itself, as Longformer's local window would), which the contract's global-only
    # mask does not have. global_token_mask(tensor([False, False])): model all False, entry the identity. Fails the
    # visible tests.
    "blind59_global_token_mask_with_identity_added": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
            return is_global[..., :, None] | is_global[..., None, :] | eye
'''),
    # Counts the global pattern as g full rows plus g full columns, 2gn, counting the g x g block between global tokens
    # twice; the contract's count is g(2n - g). sparse_attention_cost('global', 4, num_global=1): model 7, entry 8. Fails
    # the visible tests.
    "blind59_sparse_cost_global_row_and_column_sum": ("sparse_attention", "sparse_attention_cost", '''
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
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return 2 * num_global * n                 # global rows + global columns
'''),
    # Halves num_buckets before checking the direction, so a causal (bidirectional=False) bucket uses only half the
    # buckets with half the exact range. relative_position_bucket(tensor([-20]), bidirectional=False): model 17, entry 10.
    # Fails the visible tests.
    "blind59_bucket_half_taken_in_causal_mode_too": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rp = relative_position.long()
            n = num_buckets // 2
            if bidirectional:
                ret = (rp > 0).long() * n
                d = rp.abs()
            else:
                ret = torch.zeros_like(rp)
                d = (-rp).clamp(min=0)
            max_exact = n // 2
            large = max_exact + (torch.log(d.float() / max_exact) / math.log(max_distance / max_exact)
                                 * (n - max_exact)).long()
            large = torch.minimum(large, torch.full_like(large, n - 1))
            return ret + torch.where(d < max_exact, d, large)
'''),
    # When only positions_q is given, reuses it for the keys ('self-attention: same positions') instead of the contract's
    # default 0 ... N_k - 1. Q, K (4, 3), positions_q = [5, 6, 7]: model K' row 0 [-0.857, 1.865, 0.109], entry [-1.098,
    # 0.635, -1.051]. Fails the visible tests.
    "blind59_rotary_key_positions_default_to_query_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_k is None:
                positions_k = positions_q
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # rotate_half written as cat(x2, -x1) instead of cat(-x2, x1): every pair turns by -p theta, so scores depend on p_k -
    # p_q (the transposed offsets). Q = K = [[1], [0]] at positions_q = [1]: model Q' = [cos 1, sin 1], entry [cos 1, -sin
    # 1]. Fails the visible tests.
    "blind59_rotary_rotate_half_sign_flipped": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rope(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                pos = torch.arange(N) if positions is None else positions
                inv_freq = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = torch.outer(inv_freq, pos.to(torch.float64))
                ang = torch.cat([ang, ang]).to(X.dtype)                      # (D, N)
                x1, x2 = X[..., : D // 2, :], X[..., D // 2 :, :]
                rotated = torch.cat([x2, -x1], dim=-2)
                return X * ang.cos() + rotated * ang.sin()
            return rope(Q, positions_q), rope(K, positions_k)
'''),
    # Draws the 10 % random replacements from the non-special ids only; the contract draws uniformly from [0, vocab_size),
    # specials included. 20000 ids all 3, vocab_size=4, special_ids=[0, 1], mask_prob=1: fraction of positions turned into
    # 0 or 1, model 0.051 (expected 0.05), entry 0. Passes the visible tests.
    "blind59_mlm_random_replacement_skips_special_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            candidates = torch.tensor([t for t in range(vocab_size) if t not in set(special.tolist())], dtype=ids.dtype)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            random_ids = candidates[torch.randint(len(candidates), ids.shape, generator=generator)]
            corrupted = torch.where(chosen & (u < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (u >= 0.8) & (u < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids.long(), -100))
            return corrupted, labels
'''),
    # Draws the random B uniformly from the pooled sentences of all other documents, which weights a document by its
    # length; the contract draws a document uniformly, then a sentence of it. documents [[a, b], [c], [d0 .. d8]], 3000
    # calls: share of label-1 pairs with B = c, model 0.49 (expected 1/2), entry 0.11 (1/10). Passes the visible tests.
    "blind59_nsp_random_sentence_uniform_over_other_sentences": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for i, doc in enumerate(documents):
                pool = [s for j, other in enumerate(documents) if j != i for s in other]
                for a, b in zip(doc, doc[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, b, 0))
                    else:
                        pairs.append((a, pool[torch.randint(len(pool), (), generator=generator).item()], 1))
            return pairs
'''),
    # Hugging Face's ImageGPT feature extractor reshapes (H, W, C) images to (-1, C) rows; done on the contract's (C, H,
    # W) layout it mixes channels of different pixels. Pixels (0, 0, 0) and (1, 1, 1) as images (3, 1, 2), palette columns
    # (0,0,0), (1,1,1), (0,1,0), (1,0,0): model [[0, 1]], entry [[2, 1]]. Fails the visible tests.
    "blind59_quantize_pixels_hf_channels_last_rows": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            C = palette.shape[0]
            lead = images.shape[:-3]
            h, w = images.shape[-2:]
            rows = images.reshape(-1, C)                                  # one pixel per row
            d = (rows[:, None, :] - palette.T[None, :, :]).pow(2).sum(-1)
            return d.argmin(dim=1).reshape(*lead, h, w)
'''),
    # palette.T[ids] gives (..., H, W, C); permute(0, 3, 1, 2) moves C into place only for exactly one batch axis: an
    # unbatched (H, W) image raises. dequantize_pixels(tensor([[0, 1]]), palette (3, 2)): model (3, 1, 2), entry
    # RuntimeError. Fails the visible tests.
    "blind59_dequantize_pixels_permute_for_4d_batch": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette.T[ids.long()].permute(0, 3, 1, 2)
'''),
    # Builds inputs and targets in the ids' own dtype: a uint8 image gives uint8 sequences (and an sos_id above 255
    # wraps), where the contract returns int64. pixel_sequence(tensor([[1, 2]], dtype=uint8), 9)[1].dtype: model
    # torch.int64, entry torch.uint8. Passes the visible tests.
    "blind59_pixel_sequence_keeps_input_integer_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2)
            start = targets.new_full((*targets.shape[:-1], 1), sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Pools with X.mean(dim=1), the token axis of Hugging Face's (B, N, D) hidden states: right for an unbatched (D, N)
    # input, but for (B, D, N) it averages the features. X (2, 3, 3), W (4, 3), no bias: model [-0.212, 0.109, ...], entry
    # [0.498, 0.133, ...]. Fails the visible tests.
    "blind59_average_pool_head_hf_pooler_mean_dim1_then_matmul_wt": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Unpacks B, C, H, W = X.shape (one batch axis assumed): an unbatched (C, H, W) grid or two batch axes raise.
    # window_partition(randn(2, 4, 4), 2): model (4, 2, 4), entry ValueError. Fails the visible tests.
    "blind59_window_partition_unpacks_four_axes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            B, C, H, W = X.shape
            M = window
            x = X.reshape(B, C, H // M, M, W // M, M).permute(0, 2, 4, 1, 3, 5)
            return x.reshape(B, (H // M) * (W // M), C, M * M)
'''),
    # Short-cuts shift 0 with torch.ones(nW, M*M, M*M), a float tensor (the additive-mask habit), where the contract
    # returns a bool mask. shifted_window_mask(4, 4, 2, 0).dtype: model torch.bool, entry torch.float32. Passes the
    # visible tests.
    "blind59_shifted_window_mask_float_ones_when_unshifted": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            n_windows = (height // M) * (width // M)
            if shift == 0:
                return torch.ones(n_windows, M * M, M * M)
            rows = (torch.arange(height) >= height - M).long() + (torch.arange(height) >= height - shift).long()
            cols = (torch.arange(width) >= width - M).long() + (torch.arange(width) >= width - shift).long()
            labels = (3 * rows[:, None] + cols[None, :])[None]
            labels = window_partition(labels, M)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Calls layer_norm without passing eps, so the norm always uses 1e-5 whatever eps the caller gives.
    # patch_merging(randn(1, 2, 2), ones(4), zeros(4), W, eps=0.5): model [1.052, -0.059], entry [1.184, -0.066]. Passes
    # the visible tests.
    "blind59_patch_merging_layer_norm_called_without_eps": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]          # TL, BL, TR, BR
            merged = torch.cat(blocks, dim=-3).flatten(-2)
            out = W @ layer_norm(merged, gamma, beta)
            return out.reshape(*out.shape[:-1], height // 2, width // 2)
'''),
    # `scale = scale or 1 / sqrt(N)` treats an explicit scale=0.0 as missing; the contract's scale 0.0 gives uniform
    # weights within each group. channel_attention(X (4, 9), params, 2, scale=0.0): model and entry differ in every entry
    # (e.g. 1.3325 vs 1.7972). Fails the visible tests.
    "blind59_channel_attention_scale_or_default": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or tokens ** -0.5
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            attn = softmax_cols(k @ q.transpose(-1, -2) * scale)
            return linear(merge_heads(attn.transpose(-1, -2) @ v), params["Wo"], params["bo"])
'''),
    # Takes N from X.shape[1] for the default scale, the token axis of a (C, N) input but the channel axis of a batched
    # (B, C, N) one. channel_attention on X (2, 4, 9): model scale 1/3, entry 1/2. Passes the visible tests.
    "blind59_channel_attention_token_count_from_axis_one": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(X.shape[1])
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            attn = softmax_cols(k @ q.transpose(-1, -2) * scale)
            return linear(merge_heads(attn.transpose(-1, -2) @ v), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_59 = {
    # Pair counts in a Counter filled word by word in first-appearance order; most_common(1) is max() over insertion
    # order, so the first seen of the tied pairs wins. Segmentations are rebuilt with merge_pair.
    "blind59_train_bpe_counter_most_common_one": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(map(tuple, words))
            segs = [list(w) for w in freq]
            counts = list(freq.values())
            merges = []
            for _ in range(num_merges):
                stats = Counter()
                for seg, c in zip(segs, counts):
                    for pair in zip(seg, seg[1:]):
                        stats[pair] += c
                if not stats:
                    break
                (best, _), = stats.most_common(1)
                merges.append(best)
                segs = [merge_pair(seg, best) for seg in segs]
            return merges
'''),
    # Encodes each distinct word once per call (a dict cache local to the call, keyed by the word's characters) and
    # replays the merges in order on it.
    "blind59_bpe_encode_memoised_per_distinct_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            cache = {}
            tokens = []
            for symbols in words:
                key = tuple(symbols)
                if key not in cache:
                    for pair in merges:
                        symbols = merge_pair(symbols, tuple(pair))
                    cache[key] = list(symbols)
                tokens += cache[key]
            return tokens
'''),
    # Concatenates, swaps each end-of-word marker for a space, then drops trailing spaces only (never leading or inner
    # ones).
    "blind59_bpe_decode_removesuffix_loop": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            while text.endswith(" "):
                text = text.removesuffix(" ")
            return text
'''),
    # Columns of an identity matrix picked by the ids, then the V axis moved next to N; the dtype is the given one or the
    # default.
    "blind59_one_hot_identity_columns_indexed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return eye[:, token_ids].movedim(0, -2)
'''),
    # F.embedding on the transposed table (a (V, D) lookup), then the D axis moved before N.
    "blind59_embed_functional_embedding_of_transpose": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.embedding(token_ids, omega_e.T).movedim(-1, -2)
'''),
    # Angles by an outer product; sine and cosine rows stacked pairwise and flattened (sin_0, cos_0, sin_1, ...), the last
    # cosine cut off for an odd D.
    "blind59_sinusoidal_stacked_pairs_trimmed": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            inv = torch.pow(10000.0, -torch.arange(0, dim, 2, dtype=dt) / dim)
            angles = torch.outer(inv, torch.arange(num_positions, dtype=dt))
            return torch.stack([angles.sin(), angles.cos()], dim=1).reshape(-1, num_positions)[:dim]
'''),
    # torch.softmax over dim=-2, then columns whose entries are all -inf (NaN there) replaced by zeros with torch.where.
    "blind59_softmax_cols_torch_softmax_dead_columns_zeroed": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
            return torch.where(dead, torch.zeros_like(scores), torch.softmax(scores, dim=-2))
'''),
    # Shifts each column by its max (0 for an all -inf column), then exp(shifted - logsumexp(shifted)): the log-normaliser
    # lies in [0, log M], so nothing overflows and an all -inf column stays exp(-inf) = 0.
    "blind59_softmax_cols_logsumexp_of_shifted_scores": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            shifted = scores - top
            lse = torch.logsumexp(shifted, dim=-2, keepdim=True)
            lse = torch.where(torch.isneginf(lse), torch.zeros_like(lse), lse)
            return torch.exp(shifted - lse)
'''),
    # triu of a boolean all-True matrix: entry [j, i] is kept iff i >= j, key at or before query.
    "blind59_causal_mask_upper_triangle_of_bool_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # A band of a boolean all-True matrix between the diagonals -window and +window.
    "blind59_local_mask_band_triu_tril": ("masking", "local_mask", '''
        def local_mask(n, window):
            return torch.ones(n, n, dtype=torch.bool).triu(-window).tril(window)
'''),
    # torch.where with a Python -inf: the result keeps the scores' dtype and shape (the mask never adds axes).
    "blind59_apply_mask_where_with_scalar_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return torch.where(mask, scores, float("-inf"))
'''),
    # Scores by einsum over the feature axis times D_k ** -0.5, masked with apply_mask, softmax_cols, and the output by
    # einsum.
    "blind59_sdpa_einsum_scores_multiplied_by_rsqrt": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) * Q.shape[-2] ** -0.5
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # One fused projection (the rows of Wq, Wk, Wv stacked as in nn.MultiheadAttention's in_proj_weight), split back by
    # D_k, D_k, D_v, then scaled_dot_product_attention.
    "blind59_self_attention_fused_in_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv])
            b = torch.cat([bq, bk, bv])
            Q, K, V = torch.split(linear(X, W, b), [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask=mask)
'''),
    # Heads by unflatten(-2, (H, D/H)) (contiguous row blocks), scores and outputs by einsum with the head axis as a batch
    # axis, softmax_cols, flatten back and project.
    "blind59_mha_unflatten_heads_einsum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            H = num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (H, -1))
            K = linear(Xkv, params["Wk"], params["bk"]).unflatten(-2, (H, -1))
            V = linear(Xkv, params["Wv"], params["bv"]).unflatten(-2, (H, -1))
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = torch.einsum("...hdk,...hkq->...hdq", V, softmax_cols(scores))
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # A Python loop over heads: head h takes rows h*D/H to (h+1)*D/H of each projection, attends with the shared mask, and
    # the head outputs are concatenated on the feature axis.
    "blind59_mha_loop_over_row_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            d = dim // num_heads
            outs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # F.layer_norm on the transposed tensor (each token a row) over its last axis, with the given eps, then transposed
    # back.
    "blind59_layer_norm_f_layer_norm_gamma_shape_transposed": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            import torch.nn.functional as F
            return F.layer_norm(X.transpose(-1, -2), gamma.shape, gamma, beta, eps).transpose(-1, -2)
'''),
    # F.linear on the token rows (X transposed), ReLU as clamp_min(0), F.linear again, transposed back.
    "blind59_feed_forward_linear_rows_clamp": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            import torch.nn.functional as F
            rows = X.transpose(-1, -2)
            return F.linear(F.linear(rows, W1, b1).clamp_min(0), W2, b2).transpose(-1, -2)
'''),
    # The two sublayers with their norms in a table; one loop applies either the post-LN or the pre-LN residual rule.
    "blind59_transformer_layer_loop_over_sublayer_norm_pairs": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            )
            for block, g, b in sublayers:
                norm = lambda Y: layer_norm(Y, params[g], params[b], 1e-5)
                X = X + block(norm(X)) if norm_first else norm(X + block(X))
            return X
'''),
    # One multi_head_attention call with every argument by keyword: queries from X_dec, keys and values from X_enc.
    "blind59_cross_attention_keyword_call": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # Causal mask as the upper triangle of a boolean all-True matrix (key j <= query i); the three residual + layer-norm
    # steps as a list of (sublayer, norm index).
    "blind59_decoder_layer_triu_mask_and_step_list": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()
            steps = [
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), 1),
                (lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
            ]
            X = X_dec
            for sublayer, k in steps:
                X = layer_norm(X + sublayer(X), params[f"gamma{k}"], params[f"beta{k}"])
            return X
'''),
    # Stable descending sort; top-k keeps the first k of that order; top-p finds the crossing token with searchsorted
    # (side left: the first cumulative sum >= p) and keeps it, capped at V.
    "blind59_next_token_probs_searchsorted_left_crossing": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.zeros_like(logits).index_fill(0, logits.argmax().reshape(1), 1.0)
            probs = (logits / temperature).softmax(dim=0)
            if top_k is not None:
                order = probs.sort(descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = probs.sort(descending=True, stable=True).indices
                cum = probs[order].cumsum(dim=0)
                cut = int(torch.searchsorted(cum, cum.new_tensor([top_p]))[0]) + 1
                cut = min(cut, probs.numel())
                probs = torch.zeros_like(probs).index_copy(0, order[:cut], probs[order[:cut]])
            return probs / probs.sum()
'''),
    # At temperature 0 takes the arg-max directly (the contract allows not drawing there); otherwise draws with
    # torch.multinomial from the given generator; appends, then stops after eos.
    "blind59_generate_greedy_without_drawing": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids[-context_size:] if context_size is not None else ids
                logits = model(context)[:, -1]
                if temperature == 0:
                    token = logits.argmax().reshape(1)
                else:
                    token = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # log_softmax over the vocabulary axis, gather row ids[n] from column n - 1 (targets shifted left by one), sum.
    "blind59_sequence_log_prob_gather_shifted": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = model(ids).log_softmax(dim=0)[:, :-1]           # (V, N - 1)
            return log_probs.gather(0, ids[1:].unsqueeze(0)).sum()
'''),
    # Each candidate carries (score, beam index, token id); sorted by (-score, beam index, token) so ties go to the
    # earlier beam, then the lower id; a finished beam is re-entered with its own index and fixed score.
    "blind59_beam_search_explicit_tie_keys": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                pool = []
                for b, (score, ids, done) in enumerate(beams):
                    if done:
                        pool.append((-score, b, -1, ids, True))
                        continue
                    lp = torch.log_softmax(model(ids)[:, -1].to(torch.float64), dim=0).tolist()
                    for tok, value in enumerate(lp):
                        pool.append((-(score + value), b, tok, torch.cat([ids, ids.new_tensor([tok])]), tok == eos_id))
                pool.sort(key=lambda c: c[:3])
                beams = [(-neg, ids, done) for neg, _, _, ids, done in pool[:beam_width]]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # F.unfold with kernel and stride P: columns are patches in row-major order, each flattened as (channel, row, column).
    "blind59_patchify_functional_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # The projection as F.conv2d with W reshaped to (D, C, P, P) and stride P (the ViT Conv2d), flattened to (B, D, N);
    # [CLS] broadcast and concatenated as column 0; positions added.
    "blind59_patch_embedding_as_strided_conv": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            import torch.nn.functional as F
            B, C = images.shape[:2]
            kernel = W.reshape(W.shape[0], C, patch_size, patch_size)
            tokens = F.conv2d(images, kernel, b, stride=patch_size).flatten(2)       # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).expand(B, -1, -1)
            return torch.cat((cls, tokens), dim=2) + positions
'''),
    # Scores by einsum (v against tanh(U H + W s)), -inf for hidden positions, torch.softmax over the last axis, and a
    # state with no visible position set to zero weights by torch.where.
    "blind59_additive_attention_einsum_dead_rows_zeroed": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            proj_s = torch.einsum("as,...s->...a", W, s).unsqueeze(-1)          # (..., D_a, 1)
            proj_h = torch.einsum("ah,...hn->...an", U, H)                      # (..., D_a, N)
            e = torch.einsum("a,...an->...n", v, torch.tanh(proj_h + proj_s))
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            dead = torch.isneginf(e).all(dim=-1, keepdim=True)
            weights = torch.where(dead, torch.zeros_like(e), torch.softmax(e, dim=-1))
            context = torch.einsum("...n,...hn->...h", weights, H)
            return weights, context
'''),
    # additive_attention with the previous state; the GRU as torch.gru_cell (nn.GRUCell's kernel, differentiable in the
    # given weights) on the broadcast batch flattened to rows and reshaped back; logits from [s; c].
    "blind59_attention_decoder_step_torch_gru_cell_flattened": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
            x_rows = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            h_rows = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
            s = torch.gru_cell(x_rows, h_rows, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                               params["bias_hh"]).reshape(*batch, s_prev.shape[-1])
            logits = torch.cat([s, context.expand(*batch, context.shape[-1])], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Reshapes the grid to (..., C, H*W) cells in raster order, one additive_attention, weights reshaped back to (..., H,
    # W).
    "blind59_grid_attention_star_unpack_reshape_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *lead, C, h, w = features.shape
            weights, context = additive_attention(s, features.reshape(*lead, C, h * w), W, U, v)
            return weights.reshape(*weights.shape[:-1], h, w), context
'''),
    # torch.remainder of the query - key offsets (always non-negative for a positive stride) compared with 0.
    "blind59_strided_mask_remainder_of_offsets": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            pos = torch.arange(n)
            return torch.remainder(pos[None, :] - pos[:, None], stride).eq(0)
'''),
    # torch.logical_or of the key flags as a column and the query flags as a row.
    "blind59_global_token_mask_logical_or_broadcast": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return torch.logical_or(is_global.unsqueeze(-1), is_global.unsqueeze(-2))
'''),
    # Closed forms written as complements: local is n^2 minus the (n - w - 1)(n - w) pairs farther than w (w capped at n -
    # 1), global is n^2 minus the (n - g)^2 pairs of two ordinary tokens; strided sums n - ks over offsets +-ks in closed
    # form; causal is C(n + 1, 2).
    "blind59_sparse_cost_complement_counts": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return math.comb(n + 1, 2)
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * n - (n - w - 1) * (n - w)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + m * (2 * n - stride * (m + 1))
            return n * n - (n - num_global) ** 2
'''),
    # A line-by-line port of Hugging Face's T5Attention._relative_position_bucket (the log in float32, the cap with
    # torch.min against a full tensor).
    "blind59_bucket_transformers_t5_port": ("positions", "relative_position_bucket", '''
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
            relative_position_if_large = max_exact + (
                torch.log(relative_position.float() / max_exact)
                / math.log(max_distance / max_exact)
                * (num_buckets - max_exact)
            ).to(torch.long)
            relative_position_if_large = torch.min(
                relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
            )
            relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
            return relative_buckets
'''),
    # GPT-NeoX's rotate_half on the feature axis (cat(-x2, x1)), cos and sin of float64 angles duplicated over both halves
    # and cast to the input's dtype.
    "blind59_rotary_neox_rotate_half_float64_angles": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rope(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                pos = torch.arange(N) if positions is None else positions
                inv_freq = 1.0 / base ** (torch.arange(0, D, 2, dtype=torch.float64) / D)
                ang = torch.cat([inv_freq, inv_freq])[:, None] * pos.to(torch.float64)[None, :]
                x1, x2 = X[..., : D // 2, :], X[..., D // 2 :, :]
                return X * ang.cos().to(X.dtype) + torch.cat([-x2, x1], dim=-2) * ang.sin().to(X.dtype)
            return rope(Q, positions_q), rope(K, positions_k)
'''),
    # One uniform draw per position decides everything: u < p chosen; u < 0.8p [MASK]; 0.8p <= u < 0.9p random id; else
    # kept. That is chosen with probability p and 80/10/10 within the chosen, independently per position.
    "blind59_mlm_corrupt_single_uniform_split": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).flatten()
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            chosen = (u < mask_prob) & ~torch.isin(ids, special)
            to_mask = chosen & (u < 0.8 * mask_prob)
            to_random = chosen & ~to_mask & (u < 0.9 * mask_prob)
            corrupted = ids.masked_fill(to_mask, mask_id)
            corrupted = torch.where(to_random, random_ids, corrupted)
            labels = ids.long().masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # Hugging Face's DataCollatorForLanguageModeling chain with the given generator: bernoulli(p) on non-special
    # positions, bernoulli(0.8) of those for [MASK], bernoulli(0.5) of the rest for a random id.
    "blind59_mlm_corrupt_hf_bernoulli_chain": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            labels = ids.clone().long()
            prob = torch.full(ids.shape, mask_prob, dtype=torch.float64)
            special = torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1))
            prob.masked_fill_(special, 0.0)
            chosen = torch.bernoulli(prob, generator=generator).bool()
            labels[~chosen] = -100
            corrupted = ids.clone()
            replaced = torch.bernoulli(torch.full(ids.shape, 0.8, dtype=torch.float64), generator=generator).bool() & chosen
            corrupted[replaced] = mask_id
            rand = torch.bernoulli(torch.full(ids.shape, 0.5, dtype=torch.float64), generator=generator).bool() & chosen & ~replaced
            random_words = torch.randint(vocab_size, ids.shape, dtype=ids.dtype, generator=generator)
            corrupted[rand] = random_words[rand]
            return corrupted, labels
'''),
    # Hugging Face's squared distance in expanded form, |x|^2 - 2 x.p + |p|^2, in the promoted dtype, then argmin (the
    # contract accepts either id where two distances differ by less than this form's rounding).
    "blind59_quantize_pixels_expanded_square_distance": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pix = images.to(dtype).movedim(-3, -1)                       # (..., H, W, C)
            pal = palette.to(dtype)
            d = (pix * pix).sum(-1, keepdim=True) - 2 * pix @ pal + (pal * pal).sum(0)
            return d.argmin(dim=-1)
'''),
    # F.embedding of the ids (as int64) in the palette's transpose, the colour axis then moved before H and W.
    "blind59_dequantize_pixels_embedding_lookup": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.embedding(ids.long(), palette.T).movedim(-1, -3)
'''),
    # targets flattened as int64; inputs by F.pad with (1, -1): one sos_id in front, the last target cropped.
    "blind59_pixel_sequence_f_pad_negative_right_crop": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            import torch.nn.functional as F
            targets = ids.flatten(-2).long()
            return F.pad(targets, (1, -1), value=sos_id), targets
'''),
    # Token mean over the last axis, then F.linear (which takes b=None).
    "blind59_average_pool_head_functional_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            return F.linear(X.mean(dim=-1), W, b)
'''),
    # unflatten H into (H/M, M) and W into (W/M, M), move the two window-grid axes in front of C, flatten them and the two
    # in-window axes.
    "blind59_window_partition_unflatten_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            g = X.unflatten(-1, (width // M, M)).unflatten(-3, (height // M, M))   # (..., C, a, p, b, q)
            g = g.movedim(-4, -5).movedim(-2, -4)                                # (..., a, b, C, p, q)
            return g.flatten(-2).flatten(-4, -3)
'''),
    # The inverse steps: unflatten nW into (H/M, W/M) and M*M into (M, M), move the window-grid axes back beside their in-
    # window axes, reshape to the grid.
    "blind59_window_reverse_unflatten_movedim": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            g = windows.unflatten(-1, (M, M)).unflatten(-4, (height // M, width // M))   # (..., a, b, C, p, q)
            g = g.movedim(-3, -5).movedim(-3, -2)                                     # (..., C, a, p, b, q)
            return g.flatten(-2).flatten(-3, -2)
'''),
    # Hugging Face's img_mask built from the three slices per axis (0:-M, -M:-shift, -shift:), regions numbered,
    # partitioned into windows; visible iff two tokens share a region. With shift 0 the slices collapse to one region (all
    # True).
    "blind59_shifted_window_mask_hf_slice_regions": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img = torch.zeros(height, width, dtype=torch.long)
            slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            region = 0
            for hs in slices:
                for ws in slices:
                    img[hs, ws] = region
                    region += 1
            labels = window_partition(img[None], window)[:, 0]          # (nW, M*M)
            return labels.unsqueeze(2) == labels.unsqueeze(1)
'''),
    # scaled_dot_product_attention on the transposed groups (channels become columns, tokens features), which scales by
    # 1/sqrt(N); an explicit scale is folded into the queries as scale * sqrt(N).
    "blind59_channel_attention_via_sdpa_on_transposes": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-1, -2)   # (..., G, N, C/G)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-1, -2)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-1, -2)
            if scale is not None:
                q = q * (scale * math.sqrt(tokens))
            out, _ = scaled_dot_product_attention(q, k, v)
            return linear(merge_heads(out.transpose(-1, -2)), params["Wo"], params["bo"])
'''),
}
