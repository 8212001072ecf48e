"""Forty-first blind batch of held-out implementations (prefix blind40_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (what each function takes, returns and leaves unchanged), docs/convention.md,
docs/learners.md, README.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check lines,
substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only
run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_39.py) were only skimmed for their entry names and header decisions (names here
repeat none of theirs; a few earlier ideas were dropped when a name or the same mechanism already existed, e.g.
embed_from_pretrained_module, shifted_mask_hf_additive, right_one_hot_functional_transposed). Nothing else under
grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time
(held_out_blind_41.py).

Emphasis: the result object, not just its numbers. Wrong entries hand back the right values in the wrong object or
leave something behind: the wrong dtype (float masks and ids: causal, local, strided, global masks, T5 buckets, MLM
labels, generated ids; float64 from float32 through promoted params or a default-dtype bias; the default dtype instead
of the input's in softmax and dequantize; a float32-rounded scale from a 1-element default-dtype tensor; X.float() at
the end of a layer), the wrong container (tuple tokens, a dict of merges, Python lists, NumPy arrays, a generator, a
0-d tensor or a float where an int is due, 0-d tensor labels, (1,) instead of 0-d, extra results returned alongside,
a list of windows), the wrong shape of a result (a kept column axis, flat weights or tokens not unflattened, an
empty sequence that cannot be stacked), arguments changed (in-place transpose_, unsqueeze_, logical_not_, exp(...,
out=scores), -= through a reshape view, token lists rewritten, requires_grad_(False) on the caller's encoder output,
a transposed weight cached in the caller's params dict), gradients cut (torch.tensor copies, tolist round trips,
NumPy round trips, .data, detach of the target stream, of the new state or of the scores, inference_mode, an additive
log-mask that leaks gradient to hidden scores), .view on layouts it cannot fold, and an identity shortcut (K is Q)
that ignores positions_k. Right entries take unusual but legitimate routes about these: out= into preallocated bool or
long buffers, torch.empty/new_empty then copy_ or slice assignment, clone-then-in-place (masks, logits, residual
streams, ids), in-place ops on fresh intermediates only, contiguous copies before .view, a .view that only splits
axes, torch.from_numpy at the end, views and aliases the contract allows (a whole-grid window, P = 1 patches, the
scores themselves when nothing is hidden), lists converted to tuples, Python-int sums.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind40/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and its exercise's visible tests were run; every right entry passes them, and each wrong entry's
comment says whether it does (27 of the 57 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says. Every entry, wrong
and right, was also compared with the model answer by one battery: under both default dtypes (float32, float64), on
float32 and float64 inputs, batched (one and two batch axes, broadcast masks, padding and causal masks, a query or
state that sees nothing) and not, non-contiguous inputs (transposed, and batch axes stored transposed), sizes of 1 and
0 where the model answer accepts them, every argument passed by keyword once, the same tensor passed twice; comparing
the result's type, container, dtype, shape and values (2e-5 relative in float32, 1e-10 in float64, exact for masks,
ids, strings and ints), whether every argument (values, shape, dtype, requires_grad, dict keys, lists) is unchanged,
and the gradient of every floating-point input and parameter under a random cotangent (not for the three sampling
functions). Every right entry shows no difference there; every wrong entry shows its difference. Extra checks: the
right next_token_probs on tied, large and random logits over temperatures 0 to 2, k from 1 to beyond V and p from 0.1
to 1 (identical in both dtypes); the right generate on 240 seeded runs (torch.manual_seed and explicit generators,
temperature 0, top-k, top-p, eos, context_size), identical ids; the right sparse_attention_cost on n < 12 with every
window, stride and global count, and its ValueErrors; the right relative_position_bucket on offsets -2000..2000 for
both directions, 2 to 33 buckets and four max distances, identical.

Judgement calls: blind40_right_apply_mask_all_visible_returns_scores returns the caller's scores tensor itself when
the mask hides nothing; the contract forbids changing arguments, not returning them (it allows views for results
elsewhere), and the value and gradient are right, so it is counted right; a grader that demands a fresh tensor would
disagree. blind40_right_window_partition_full_window_flatten_view and blind40_right_patchify_unit_patch_flatten_shortcut
return views of the input, which the contract allows in so many words for the vision layouts.
blind40_right_patchify_split_with_view_only was first written as a wrong entry (.view on the caller's images) and
moved: a .view that only splits axes works for every stride, and the battery's transposed images confirmed it.
blind40_sparse_cost_true_division_float returns 10.0 where 10 is due: equal under ==, but the contract says int, so it
is counted wrong (likewise the 0-d tensor of blind40_sparse_cost_counted_from_mask_tensor and the 0-d tensor labels of
blind40_nsp_labels_as_zero_dim_tensors, which compare equal to ints value by value).
blind40_sinusoidal_positions_stacked_columns_no_empty_case is wrong only for num_positions = 0 (its values elsewhere agree to float32 accuracy, which the
contract accepts). Several wrong entries are wrong only under one default dtype (the default-dtype bias of
average_pool_head: float32 inputs under the float64 default) or only on a second call or for a later caller (the
inverted mask, the cached W_out_T, the rewritten token list, the overwritten scores under no_grad). The in-place
entries on leaves (transpose_, unsqueeze_) raise when the argument requires grad and change it when it does not; both
are shown. blind40_apply_mask_additive_log_mask differs only in the gradient at hidden entries, whose scores are finite
inputs (the contract's exemption covers infinite input entries only). No right entry is one I was unsure of.

Counts: 57 wrong, 41 right, as written; 55 wrong and 43 right as counted, two reclassified right by the grader's
maintainer (each with its reason above it; the per-function counts below are as written).
Wrong per function: {'additive_attention': 2, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 3, 'beam_search': 2, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 2, 'patch_embedding': 1, 'patch_merging': 2, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 4, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 3, 'sparse_attention_cost': 2, 'strided_mask': 2, 'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 2, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind40_right_sparse_cost_offset_sums_python_ints, moved to WRONG_BLIND_40 (see its comment).
"""
WRONG_BLIND_40 = {
    # Returns the tokens as a tuple, not the list the contract names (a tuple never equals a list).
    # bpe_encode('low lower', [('l', 'o'), ('lo', 'w')]): model ['low', '</w>', 'low', 'e', 'r', '</w>'], entry
    # the same tokens as a tuple. Fails the visible tests.
    "blind40_bpe_encode_returns_tuple": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = ()
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens += tuple(symbols)          # an immutable token sequence
            return tokens
'''),
    # Returns a dict {pair: count} in the order learned instead of the list of pairs: iterating it gives the
    # merges, but it is not a list[tuple[str, str]] and compares unequal to one. Lecture corpus (low x5, lower
    # x2, newer x6), 2 merges: model [('w', 'e'), ('we', 'r')], entry {('w', 'e'): 8, ('we', 'r'): 8}. Fails the
    # visible tests.
    "blind40_train_bpe_returns_merge_counts_dict": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = {}
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges[best] = counts[best]       # a dict keeps the order learned, and the counts for plotting
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Replaces '</w>' inside the caller's token list, element by element, before joining: the text is right, the
    # argument is changed. tokens = ['lo', 'w</w>', 'a</w>']: both return 'low a'; afterwards the model leaves
    # tokens as given, the entry leaves ['lo', 'w ', 'a ']. Passes the visible tests.
    "blind40_bpe_decode_rewrites_callers_tokens": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            for i, token in enumerate(tokens):
                tokens[i] = token.replace("</w>", " ")
            return "".join(tokens).rstrip(" ")
'''),
    # Rebuilds the embeddings from omega_e.T.tolist() with torch.tensor: values and dtype are right, the graph
    # to omega_e is cut; and empty ids (shape (0,)) fail in reshape(-1, 0). omega_e = [[1, 2, 3], [4, 5, 6]]
    # requiring grad, ids [2, 0]: both give [[3, 1], [6, 4]], the model's output requires grad, the entry's does
    # not; omega_e (2, 3) with ids of shape (0,): model (2, 0), entry raises RuntimeError. Passes the visible
    # tests.
    "blind40_embed_columns_rebuilt_from_tolist": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            table = omega_e.T.tolist()                                   # one list of D floats per token id
            flat_ids = token_ids.reshape(-1, token_ids.shape[-1]).tolist()
            rows = torch.tensor([[table[i] for i in seq] for seq in flat_ids], dtype=omega_e.dtype)  # (B, N, D)
            return rows.transpose(-1, -2).reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # Computes in float64, then casts to torch.get_default_dtype() instead of back to the scores' dtype: float64
    # scores under the float32 default come back float32, float32 scores under the float64 default come back
    # float64. scores [[0, 1], [1, 0]] float64, default float32: model float64 0.2689414213699951, entry float32
    # 0.2689414322376251. Passes the visible tests.
    "blind40_softmax_cols_cast_back_to_default_dtype": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            wide = scores.double()                                       # exact column sums
            top = wide.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = torch.exp(wide - top)
            sums = exps.sum(dim=-2, keepdim=True)
            weights = exps / torch.where(sums == 0, torch.ones_like(sums), sums)
            return weights.to(torch.get_default_dtype())
'''),
    # Outside autograd it writes exp(scores - max) into the caller's scores (out=scores) to save memory: the
    # weights are right, the argument is overwritten. scores [[0, 1], [1, 0]] without grad: both return
    # [[0.2689, 0.7311], [0.7311, 0.2689]]; the caller's scores afterwards: model [[0, 1], [1, 0]], entry
    # [[0.3679, 1], [1, 0.3679]]. Fails the visible tests.
    "blind40_softmax_cols_inference_exp_into_scores": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            if torch.is_grad_enabled() and scores.requires_grad:
                exps = torch.exp(scores - column_max)
            else:
                exps = torch.exp(scores - column_max, out=scores)        # inference: reuse the scores' memory
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Takes scores.reshape(-1, M, N) for a working copy and subtracts the maxima in place, but reshape of a
    # contiguous tensor is a view: without grad the caller's scores are shifted, with grad it raises. scores
    # [[0, 1], [1, 0]]: afterwards model leaves them, entry leaves [[-1, 0], [0, -1]]; the same scores requiring
    # grad: entry raises RuntimeError (a view of a leaf Variable that requires grad is being used in an in-place
    # operation). Passes the visible tests.
    "blind40_softmax_cols_shifted_in_reshaped_copy": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            work = scores.reshape(-1, *scores.shape[-2:])                # (B, M, N) working copy
            top = work.amax(dim=-2, keepdim=True)
            work -= top.masked_fill(top == float("-inf"), 0.0)
            exps = work.exp()
            total = exps.sum(dim=-2, keepdim=True)
            return (exps / total.masked_fill(total == 0, 1.0)).reshape(scores.shape)
'''),
    # torch.ones(n, n).triu(): the right pattern as a float tensor (1. and 0.), not a BoolTensor.
    # causal_mask(2): model [[True, True], [False, True]], entry [[1., 1.], [0., 1.]] float32. Fails the visible
    # tests.
    "blind40_causal_mask_float_triu_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n).triu()        # on and above the diagonal: key j <= query i
'''),
    # Returns the band as int64 (.long()) instead of bool. local_mask(3, 1): model bool [[T, T, F], [T, T, T],
    # [F, T, T]], entry int64 [[1, 1, 0], [1, 1, 1], [0, 1, 1]]. Passes the visible tests.
    "blind40_local_mask_long_from_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return (offsets.abs() <= window).long()
'''),
    # The scale is torch.tensor([float(D_k)]).rsqrt(), a 1-element tensor in the default dtype: under the
    # float32 default a float64 call is scaled by a float32-rounded 1/sqrt(D_k); under the float64 default a
    # float32 call is promoted and V @ weights raises. Q = [[0.3, -1.2], [0.7, 0.1], [2.0, 0.4]], K = [[1.1,
    # -0.5], [0.2, 0.9], [-0.3, 1.6]], V = [[1, 2]] in float64, default float32: weights[0, 0] model
    # 0.09977702501229586, entry 0.09977702855852395; the same in float32 under the float64 default: model
    # float32 results, entry raises RuntimeError (expected m1 and m2 to have the same dtype). Passes the visible
    # tests.
    "blind40_sdpa_scale_as_one_element_default_dtype_tensor": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = torch.tensor([float(Q.shape[-2])]).rsqrt()
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # K.transpose_(-2, -1) believed to return a transposed copy: it transposes the caller's K in place (its
    # shape changes), raises for a leaf that requires grad, and breaks self-attention where K is Q. Q ones (3,
    # 2), K ones (3, 4), V ones (1, 4): K's shape afterwards model (3, 4), entry (4, 3); Q = K = X (2, 3, 4)
    # with a causal mask: model returns, entry raises RuntimeError. Fails the visible tests.
    "blind40_sdpa_keys_transposed_in_place": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            keys_as_rows = K.transpose_(-2, -1)                          # (..., N_k, D_k)
            scores = keys_as_rows @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Hides scores with scores.masked_fill(mask.logical_not_(), -inf): logical_not_ flips the caller's mask in
    # place, so the output is right once and the mask is wrong afterwards. Q = K = ones (1, 2), V = [[1, 2]],
    # mask [[T, F], [T, T]]: both give output [[1.5, 2]]; the mask afterwards: model unchanged, entry [[F, T],
    # [F, F]]. Fails the visible tests.
    "blind40_sdpa_mask_inverted_in_place": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(mask.logical_not_(), float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Makes the bias columns with torch.tensor(b) (a detached copy, as the UserWarning says): values right, no
    # gradient reaches bq, bk, bv. X random (2, 3), Wq, Wk (2, 2), Wv (1, 2), zero biases, bq and bv requiring
    # grad, loss output.sum(): model grad bq [2.2178, 1.1700], grad bv [3.0]; entry's output does not require
    # grad at all. Passes the visible tests.
    "blind40_self_attention_biases_copied_with_torch_tensor": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            bq, bk, bv = (torch.tensor(b)[:, None] for b in (bq, bk, bv))    # bias columns
            Q = Wq @ X + bq
            K = Wk @ X + bk
            V = Wv @ X + bv
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Promotes the inputs and every parameter to float64 'for accuracy' and never casts back: a float32 call
    # returns float64. X (2, 3) float32, params (2, 2) float32, one head: model float32, entry float64. Passes
    # the visible tests.
    "blind40_mha_params_promoted_to_float64_returned_wide": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            p = {name: value.double() for name, value in params.items()}     # accumulate in double precision
            Q = split_heads(linear(Xq.double(), p["Wq"], p["bq"]), num_heads)
            K = split_heads(linear(Xkv.double(), p["Wk"], p["bk"]), num_heads)
            V = split_heads(linear(Xkv.double(), p["Wv"], p["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), p["Wo"], p["bo"])
'''),
    # gamma.unsqueeze_(-1) and beta.unsqueeze_(-1) to broadcast over the tokens: the caller's gain and shift
    # become (D, 1), and a leaf that requires grad raises. X [[1, 2], [3, 5]], gamma ones (2,), beta zeros (2,):
    # both return [[-1, -1], [1, 1]] (to eps); gamma's shape afterwards model (2,), entry (2, 1); with gamma
    # requiring grad the entry raises RuntimeError. Passes the visible tests.
    "blind40_layer_norm_gain_unsqueezed_in_place": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if gamma.dim() == 1:
                gamma.unsqueeze_(-1)                                     # (D, 1): broadcast over the tokens
                beta.unsqueeze_(-1)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma * (X - mean) / torch.sqrt(variance + eps) + beta
'''),
    # Returns (output, hidden) for inspection instead of the output alone. X [[1], [2]], W1 = W2 = I, zero
    # biases: model a (2, 1) tensor, entry a tuple of two tensors. Fails the visible tests.
    "blind40_feed_forward_returns_hidden_as_well": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(W1 @ X + b1[:, None])
            return W2 @ hidden + b2[:, None], hidden                    # the hidden layer too, for inspection
'''),
    # Ends with X.float(): a float64 layer comes back float32 (rounded to float32). X (4, 3) and params in
    # float64, 2 heads: model float64, entry float32. Fails the visible tests.
    "blind40_transformer_layer_result_cast_with_float": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X.float()
'''),
    # Runs the layer under torch.inference_mode() 'for speed': values right, the result is an inference tensor
    # with no graph, so no weight or input gets a gradient. X (4, 3) float32 requiring grad, params float32:
    # model output requires grad, entry's does not. Passes the visible tests.
    "blind40_transformer_layer_under_inference_mode": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            with torch.inference_mode():                                 # faster: no autograd bookkeeping
                def attend(Y):
                    return multi_head_attention(Y, Y, params, num_heads, mask)
                def think(Y):
                    return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
                if norm_first:
                    X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                    X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
                else:
                    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                    X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # Treats the encoder output as frozen memory: requires_grad_(False) on a leaf X_enc (which changes the
    # caller's tensor) and detach() otherwise, so no gradient reaches the encoder. X_dec (4, 2), X_enc (4, 3)
    # requiring grad, D = 4, 2 heads: X_enc.requires_grad afterwards model True, entry False (and X_enc gets no
    # gradient). Passes the visible tests.
    "blind40_cross_attention_encoder_requires_grad_switched_off": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # the encoder output is memory: read it, do not train through it
            memory = X_enc.requires_grad_(False) if X_enc.is_leaf else X_enc.detach()
            return multi_head_attention(X_dec, memory, params, num_heads, enc_mask)
'''),
    # Folds the batch axes with .view(-1, D, N), which needs a layout that can be merged: batch axes (2, 3)
    # stored transposed (a transpose(0, 1) of a (3, 2, 4, N) tensor): model returns (2, 3, 4, 2), entry raises
    # RuntimeError (view size is not compatible with input tensor's size and stride). Passes the visible tests.
    "blind40_cross_attention_batch_folded_with_view": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            D, N_d, N_e = X_dec.shape[-2], X_dec.shape[-1], X_enc.shape[-1]
            batch = X_dec.shape[:-2]
            dec = X_dec.view(-1, D, N_d)                                 # one batch axis
            enc = X_enc.view(-1, D, N_e)
            if enc_mask is not None and enc_mask.dim() > 2:
                enc_mask = enc_mask.expand(*batch, *enc_mask.shape[-2:]).reshape(-1, *enc_mask.shape[-2:])
            out = multi_head_attention(dec, enc, params, num_heads, enc_mask)
            return out.view(*batch, D, N_d)
'''),
    # Starts from X_dec.clone().detach() 'so the caller's tensor stays safe': values right, no gradient reaches
    # X_dec (the target embeddings). X_dec (4, 2) float64 requiring grad, X_enc (4, 3), 2 heads, loss output[:,
    # 0].sum(): model grad X_dec[:, 0] = [0.0769, -0.0316, -0.0294, 0.0396], entry's output has no graph to
    # X_dec. Passes the visible tests.
    "blind40_decoder_layer_target_stream_cloned_detached": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec.clone().detach()                                   # work on a copy: the caller's tensor stays safe
            self_mask = causal_mask(X.shape[-1])
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Computes the distribution in NumPy and returns an np.ndarray (float64) instead of a tensor. logits [1, 2,
    # 0] float32: model a float32 tensor, entry an ndarray of float64. Fails the visible tests.
    "blind40_next_token_probs_numpy_round_trip": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import numpy as np
            z = logits.detach().numpy().astype(np.float64)
            V = len(z)
            if temperature == 0:
                p = np.zeros(V)
                p[int(np.argmax(z))] = 1.0
                return p
            z = z / temperature
            p = np.exp(z - z.max())
            p /= p.sum()
            if top_k is not None:
                keep = np.zeros(V, dtype=bool)
                keep[np.argsort(-p, kind="stable")[:top_k]] = True
                p = np.where(keep, p, 0.0)
                p /= p.sum()
            if top_p is not None:
                order = np.argsort(-p, kind="stable")
                kept = min(int((np.cumsum(p[order]) < top_p).sum()) + 1, V)
                keep = np.zeros(V, dtype=bool)
                keep[order[:kept]] = True
                p = np.where(keep, p, 0.0)
            return p / p.sum()
'''),
    # At temperature 0 it returns a Python list one-hot; every other path returns a tensor. logits [1, 2, 0],
    # temperature 0: model tensor([0., 1., 0.]), entry [0.0, 1.0, 0.0]. Fails the visible tests.
    "blind40_next_token_probs_greedy_python_list": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                best = int(torch.argmax(logits))
                return [1.0 if token == best else 0.0 for token in range(len(logits))]
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Writes the ids into a torch.zeros buffer (default float dtype) and returns its filled part as it is: float
    # ids instead of a LongTensor. A model whose logits favour token 2, prompt [1, 2], 2 new tokens, temperature
    # 0: model tensor([1, 2, 2, 2]), entry tensor([1., 2., 2., 2.]). Fails the visible tests.
    "blind40_generate_float_buffer_returned": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            buffer = torch.zeros(len(prompt) + max_new_tokens)           # room for every token
            buffer[: len(prompt)] = prompt
            n = len(prompt)
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, n - context_size)
                logits = model(buffer[start:n].long())[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                buffer[n] = token.item()
                n += 1
                if eos_id is not None and int(token) == eos_id:
                    break
            return buffer[:n]
'''),
    # Gathers the picked log-probabilities as a (1, N-1) row and sums over its last axis: a (1,) tensor, not a
    # 0-d one. A model with constant logits [0, 1, 2, 0.5], ids [1, 2, 0]: model tensor(-3.0920), entry
    # tensor([-3.0920]). Fails the visible tests.
    "blind40_sequence_log_prob_gather_keepdim_shape_one": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)             # (V, N)
            picked = log_probs[:, :-1].gather(0, ids[1:].unsqueeze(0))   # (1, N - 1)
            return picked.sum(dim=-1)
'''),
    # Returns the best sequence as a Python list (.tolist()) instead of a LongTensor. The constant-logits model
    # above, prompt [1], beam 2, 2 steps: model tensor([1, 2, 2]), entry [1, 2, 2]. Fails the visible tests.
    "blind40_beam_search_returns_python_list_of_ids": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
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
            return beams[0][1].tolist()
'''),
    # Returns (ids, score) of the best beam instead of the ids alone. Same call: model tensor([1, 2, 2]), entry
    # (tensor([1, 2, 2]), -1.0920127798811448). Fails the visible tests.
    "blind40_beam_search_returns_ids_and_score": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
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
            best_score, best_ids, _ = beams[0]
            return best_ids, best_score
'''),
    # Passes the [CLS] token through NumPy (detach().numpy(), from_numpy): values right, no gradient reaches
    # cls_token. images ones (1, 1, 2, 2), P = 2, W ones (1, 4), b 0, cls_token 0 requiring grad, positions 0,
    # loss output.sum(): model grad cls_token [1.], entry's output has no graph to it. Passes the visible tests.
    "blind40_patch_embedding_cls_numpy_round_trip": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            cls = torch.from_numpy(cls_token.detach().numpy().copy())     # a plain array, then back
            cls_column = cls[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # s.unsqueeze_(-1) to make the state a column: the caller's s becomes (..., D_s, 1), and a leaf that
    # requires grad raises. s [1, 0], H [[1, 2, 0], [0, 1, 1]], W = U = I, v [1, -1]: both give weights [0.5368,
    # 0.2585, 0.2047]; s's shape afterwards model (2,), entry (2, 1). Fails the visible tests.
    "blind40_additive_attention_state_unsqueezed_in_place": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            s.unsqueeze_(-1)                                             # (..., D_s, 1): the state as a column
            hidden = torch.tanh(U @ H + W @ s)                           # (..., D_a, N)
            scores = (v[:, None] * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Builds the scores with torch.tensor([...]) from a list of 0-d tensors: the numbers survive, the graph does
    # not (no gradient to s, H, W, U, v through the weights); and it only handles one unbatched state. Same s
    # (requiring grad), H, W, U, v, loss context.sum(): model grad s [-0.0603, 0.1610], entry's context has no
    # graph to s; s (2, 2), H (2, 2, 3): model weights (2, 3), entry raises RuntimeError. Fails the visible
    # tests.
    "blind40_additive_attention_scores_tensor_of_zero_dim_list": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = W @ s
            e = torch.tensor([v @ torch.tanh(query + U @ H[:, i]) for i in range(H.shape[-1])])
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(e[:, None])[:, 0]
            return weights, H @ weights
'''),
    # Returns s.detach() (truncated backprop through time) as the new state: logits and weights keep their
    # graph, but a caller's next step cannot backpropagate into this one. s_prev (3,) requiring grad, y_prev
    # (2,), H (4, 5), random params: s.requires_grad model True, entry False. Passes the visible tests.
    "blind40_attention_decoder_step_state_returned_detached": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s.detach(), logits, weights                           # truncated backprop through time
'''),
    # Caches params['W_out'].T under a new key 'W_out_T' in the caller's dict and reads it on every later call:
    # the dict is changed, and a caller that replaces W_out gets logits from the stale weight. Random params:
    # after one call model's params has 9 keys, entry's 10; replacing W_out by zeros and calling again: model
    # logits[:3] [0.3309, 0.8108, 0.8100] (= W_out 0 plus b_out), entry [-1.3315, 1.3571, -0.4775]. Passes the
    # visible tests.
    "blind40_attention_decoder_step_caches_transposed_readout_in_params": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            if "W_out_T" not in params:
                params["W_out_T"] = params["W_out"].T                    # transpose once, reuse every step
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out_T"] + params["b_out"]
            return s, logits, weights
'''),
    # Returns the weights over the H*W cells flat (..., H*W) instead of (..., H, W). s [1, 0], features
    # arange(8).reshape(2, 2, 2) / 8, W = U = I, v [1, -1]: weights model (2, 2), entry (4,). Fails the visible
    # tests.
    "blind40_grid_attention_weights_left_flat": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)   # cells in raster order
            return weights, context
'''),
    # Returns the pattern as int32 (.int()) instead of bool. strided_mask(3, 2): model bool [[T, F, T], [F, T,
    # F], [T, F, T]], entry int32 [[1, 0, 1], [0, 1, 0], [1, 0, 1]]. Fails the visible tests.
    "blind40_strided_mask_int32_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return (offsets % stride == 0).int()
'''),
    # Computes the mask with NumPy and returns the np.ndarray (bool) instead of a BoolTensor. strided_mask(3,
    # 2): model a Tensor, entry an ndarray. Fails the visible tests.
    "blind40_strided_mask_numpy_modulo": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            import numpy as np
            offsets = np.arange(n)[None, :] - np.arange(n)[:, None]
            return offsets % stride == 0
'''),
    # torch.maximum of the flags as floats: the right pattern as a float tensor, not bool. is_global [True,
    # False]: model bool [[T, T], [T, F]], entry float32 [[1, 1], [1, 0]]. Passes the visible tests.
    "blind40_global_token_mask_float_maximum": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            flags = is_global.float()
            return torch.maximum(flags.unsqueeze(-1), flags.unsqueeze(-2))
'''),
    # Builds each mask and returns mask.sum(): the right count as a 0-d LongTensor instead of an int. ('causal',
    # 4): model 10, entry tensor(10). Fails the visible tests.
    "blind40_sparse_cost_counted_from_mask_tensor": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            if pattern == "dense":
                mask = torch.ones(n, n, dtype=torch.bool)
            elif pattern == "causal":
                mask = keys <= queries
            elif pattern == "local":
                mask = (queries - keys).abs() <= window
            elif pattern == "strided":
                mask = (queries - keys) % stride == 0
            else:
                is_global = torch.arange(n) < num_global
                mask = is_global[:, None] | is_global[None, :]
            return mask.sum()
'''),
    # Writes the halves with true division, so causal, local and strided costs come back as floats. ('causal',
    # 4): model 10, entry 10.0. Fails the visible tests.
    "blind40_sparse_cost_true_division_float": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) / 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) / 2)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) / 2)
            return n * n - (n - num_global) ** 2
'''),
    # Works on float distances throughout and returns the buckets as a float tensor (default dtype) instead of a
    # LongTensor. offsets [-3, -1, 0, 1, 3]: model tensor([3, 1, 0, 17, 19]), entry tensor([3., 1., 0., 17.,
    # 19.]). Fails the visible tests.
    "blind40_bucket_float_from_float_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).float() * half
                distance = offset.abs().float()
            else:
                half = num_buckets
                base = torch.zeros(offset.shape)
                distance = (-offset).clamp(min=0).float()
            exact = half // 2
            log_scale = torch.log(distance / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.floor(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # When K is the same object as Q it rotates once and returns the result twice, ignoring positions_k: wrong
    # whenever the two position vectors differ (identity says nothing about the call). X [[1, 1], [0, 0]] passed
    # as Q and K, positions_q [0, 0], positions_k [1, 1], base 1: K' model [[0.5403, 0.5403], [0.8415, 0.8415]],
    # entry [[1, 1], [0, 0]]. Passes the visible tests.
    "blind40_rotary_same_object_rotated_once": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            rotated_q = rotate_columns(Q, positions_q, base)
            if K is Q:
                return rotated_q, rotated_q                              # self-attention: rotate once
            return rotated_q, rotate_columns(K, positions_k, base)
'''),
    # labels = torch.where(chosen, ids, torch.tensor(-100.0)): the float ignore value promotes the labels to the
    # default float dtype. ids [5, 6, 7], vocab 10, special [0], mask_id 1, mask_prob 1, seeded generator:
    # labels model tensor([5, 6, 7]) (int64), entry tensor([5., 6., 7.]) (float32). Fails the visible tests.
    "blind40_mlm_labels_where_float_ignore": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, torch.tensor(-100.0))
            return corrupted, labels
'''),
    # Keeps each label as the 0-d LongTensor (coin >= 0.5).long() instead of an int (the draws are the model's,
    # so the pairs agree otherwise). documents [['a1', 'a2'], ['b1', 'b2']], generator seeded 0: model [('a1',
    # 'a2', 0), ('b1', 'a1', 1)], entry [('a1', 'a2', tensor(0)), ('b1', 'a1', tensor(1))]. Passes the visible
    # tests.
    "blind40_nsp_labels_as_zero_dim_tensors": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    label = (torch.rand((), generator=generator) >= 0.5).long()     # 1 = random second sentence
                    if label == 0:
                        pairs.append((a, successor, label))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], label))
            return pairs
'''),
    # A generator function (yield) instead of a list; and because the body runs only when iterated, the
    # single-document ValueError is not raised by the call. Two documents: model a list, entry a generator;
    # documents [['a1', 'a2']]: model raises ValueError, entry returns a generator. Fails the visible tests.
    "blind40_nsp_pairs_yields_examples": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        yield a, successor, 0
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        yield a, other[torch.randint(len(other), (), generator=generator).item()], 1
'''),
    # Flattens the grid with images.view(..., C, H*W), which fails for a non-contiguous image: images = zeros(1,
    # 3, 2).transpose(-1, -2) (C = 1, H = 2, W = 3), palette [[0, 1]]: model [[0, 0, 0], [0, 0, 0]], entry
    # raises RuntimeError (view size is not compatible ...). Passes the visible tests.
    "blind40_quantize_pixels_channels_flattened_with_view": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            flat = images.to(dtype).view(*images.shape[:-2], -1)                 # (..., C, H*W)
            differences = flat.transpose(-1, -2)[..., :, :, None] - palette.to(dtype)   # (..., H*W, C, K)
            ids = differences.square().sum(dim=-2).argmin(dim=-1)              # (..., H*W)
            return ids.view(*images.shape[:-3], *images.shape[-2:])
'''),
    # Keeps the pooled token as a column (keepdim=True) and returns W @ pooled + b[:, None]: (..., K, 1) instead
    # of (..., K). X [[1, 3], [2, 4]], W = I, b [0, 1]: model tensor([2., 4.]), entry tensor([[2.], [4.]]).
    # Fails the visible tests.
    "blind40_average_pool_head_column_matvec_kept": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1, keepdim=True)                        # (..., D, 1): the mean token, a column
            logits = W @ pooled                                          # (..., K, 1)
            return logits if b is None else logits + b[:, None]
'''),
    # Replaces a missing bias by torch.zeros(K) in the default dtype, a 1-d tensor that takes part in type
    # promotion: a float32 call under the float64 default returns float64. X [[1, 3], [2, 4]] float32, W [[1,
    # 0]] float32, b None, default float64: model [2.0] float32, entry [2.0] float64. Passes the visible tests.
    "blind40_average_pool_head_missing_bias_default_dtype_zeros": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if b is None:
                b = torch.zeros(W.shape[0])                              # no bias: add zeros
            return X.mean(dim=-1) @ W.T + b
'''),
    # Folds the batch axes with X.view(-1, D, N): X = ones(3, 2, 2, 4).transpose(0, 1) (batch (2, 3), D = 2, N =
    # 4), W ones (1, 2): model (2, 3, 1), entry raises RuntimeError (view size is not compatible ...). Passes
    # the visible tests.
    "blind40_average_pool_head_batch_folded_with_view": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            D, N = X.shape[-2:]
            logits = X.view(-1, D, N).mean(dim=-1) @ W.T                 # (B, K) with every batch axis folded
            if b is not None:
                logits = logits + b
            return logits.view(*X.shape[:-2], W.shape[0])
'''),
    # Computes the labels and the comparison in NumPy and returns the np.ndarray instead of a BoolTensor.
    # shifted_window_mask(2, 2, 2, 1): model a Tensor (1, 4, 4), entry an ndarray. Fails the visible tests.
    "blind40_shifted_window_mask_numpy_labels_array": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            import numpy as np
            rows = (np.arange(height) + shift >= height).astype(int)
            cols = (np.arange(width) + shift >= width).astype(int)
            labels = 2 * rows[:, None] + cols[None, :]                   # (H, W)
            M = window
            windows = labels.reshape(height // M, M, width // M, M).transpose(0, 2, 1, 3).reshape(-1, M * M)
            return windows[:, :, None] == windows[:, None, :]
'''),
    # Returns the merged tokens as a sequence (..., 2C, H/2 * W/2) without unflattening back to the grid. X
    # random (1, 2, 4), gamma ones (4,), beta zeros, W ones (2, 4): model (2, 1, 2), entry (2, 2). Fails the
    # visible tests.
    "blind40_patch_merging_tokens_left_flat": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3).flatten(-2)               # (..., 4C, H/2 * W/2)
            return W @ layer_norm(merged, gamma, beta, eps)              # (..., 2C, H/2 * W/2) tokens
'''),
    # Passes gamma.data and beta.data to the layer norm: values right, no gradient reaches the norm's gain and
    # shift. X [[[1, 2], [3, 5]]], gamma ones (4,) requiring grad, beta zeros, W = eye(2, 4), loss output.sum():
    # model grad gamma [-1.1832, 0.1690, 0, 0], entry's output has no graph to gamma. Passes the visible tests.
    "blind40_patch_merging_norm_gain_read_through_data": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3).flatten(-2)
            tokens = layer_norm(merged, gamma.data, beta.data, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Returns (output, weights), like scaled_dot_product_attention, instead of the output alone. X random (2,
    # 3), C = 2, one group: model a Tensor, entry a tuple. Fails the visible tests.
    "blind40_channel_attention_returns_weights_too": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            out = linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
            return out, weights                                          # like scaled_dot_product_attention
'''),
    # softmax_cols(scores.detach()): the attention pattern is a constant, so Wq, bq, Wk, bk (and X through Q and
    # K) get no gradient through the weights. X (2, 3), random params with Wq requiring grad, one group, loss
    # output.sum(): model grad Wq [[0.0644, 0.0373], [-0.0183, -0.0106]], entry's output has no graph to Wq.
    # Passes the visible tests.
    "blind40_channel_attention_weights_from_detached_scores": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale
            weights = softmax_cols(scores.detach())                      # the attention pattern as constants
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Returns a Python list of the (..., C, M*M) windows instead of one tensor (..., nW, C, M*M). X =
    # arange(8).reshape(1, 2, 4), M = 2: model a Tensor (2, 1, 4), entry a list of 2 tensors. Fails the visible
    # tests.
    "blind40_window_partition_returns_list_of_windows": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = []
            for a in range(height // M):
                for b in range(width // M):
                    windows.append(X[..., a * M:(a + 1) * M, b * M:(b + 1) * M].flatten(-2))   # (..., C, M*M)
            return windows
'''),
    # Casts the colours to torch.get_default_dtype() ('images are float') instead of keeping the palette's
    # dtype. ids [[1]], palette [[0.1, 0.3]] float64, default float32: model float64 0.3, entry float32
    # 0.30000001192092896. Passes the visible tests.
    "blind40_dequantize_pixels_colours_to_default_dtype": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.long()].movedim(0, -3)
            return colours.to(torch.get_default_dtype())                 # images are float
'''),
    # Returns the weights as weights.detach().numpy() 'for plotting': the second result is an ndarray, without a
    # graph. Q = K = ones (1, 2), V [[1, 2]]: weights model a Tensor, entry an ndarray. Fails the visible tests.
    "blind40_sdpa_weights_returned_as_numpy_for_plotting": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights.detach().numpy()                 # the weights are for plotting
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # Right: the counts as sums of n - |d| over the visible offsets d, Python ints throughout; global as g(2n -
    # g) written as g n + (n - g) g.
    "blind40_right_sparse_cost_offset_sums_python_ints": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return sum(n - d for d in range(n))
            if pattern == "local":
                return sum(n - abs(d) for d in range(-n + 1, n) if abs(d) <= window)
            if pattern == "strided":
                return sum(n - abs(d) for d in range(-n + 1, n) if d % stride == 0)
            g = num_global
            return g * n + (n - g) * g
'''),
}

RIGHT_BLIND_40 = {
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27): its values are right, and
    # it differs only in the gradient that reaches a hidden score through an output of -inf. Such an output is a
    # constant: no caller sends a gradient back through it (the column softmax gives it 0), and the contract
    # compares no gradient through an infinite output, so adding -inf and masked_fill are both accepted.
    # Adds log(mask) (0 where visible, -inf where hidden), the additive-mask habit: values are right, but a
    # hidden score still gets the incoming gradient, where the function does not depend on it (model: 0). scores
    # [[1, 2], [3, 4]] requiring grad, mask [[T, F], [T, T]], cotangent of ones: both give [[1, -inf], [3, 4]];
    # grad model [[1, 0], [1, 1]], entry [[1, 1], [1, 1]]. Passes the visible tests.
    "blind40_apply_mask_additive_log_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))     # log 1 = 0 keeps a score, log 0 = -inf hides it
'''),
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27): it differs only by raising
    # for num_positions = 0, a size the contract leaves open for the functions that build a table or a mask from
    # an integer size (the empty result or an exception are both accepted), as it does for causal_mask(0) and
    # local_mask(0, w).
    # Stacks one column per position with torch.stack, so zero positions give an empty list to stack:
    # sinusoidal_positions(0, 4): model a (4, 0) table, entry raises RuntimeError (stack expects a non-empty
    # TensorList). Values elsewhere agree to float32 accuracy. Passes the visible tests.
    "blind40_sinusoidal_positions_stacked_columns_no_empty_case": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            columns = []
            for n in range(num_positions):
                column = []
                for row in range(dim):
                    angle = n / 10000 ** (2 * (row // 2) / dim)
                    column.append(math.sin(angle) if row % 2 == 0 else math.cos(angle))
                columns.append(torch.tensor(column))
            return torch.stack(columns, dim=1)
'''),
    # Right: the usual shifted softmax written into torch.empty_like(scores) with copy_, which is differentiable
    # and keeps the scores' dtype; -inf columns give zeros.
    "blind40_right_softmax_cols_copy_into_empty_like": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            peak = scores.amax(dim=-2, keepdim=True)
            peak = torch.where(peak == float("-inf"), torch.zeros_like(peak), peak)
            exps = (scores - peak).exp()
            total = exps.sum(dim=-2, keepdim=True)
            result = torch.empty_like(scores)
            result.copy_(exps / torch.where(total == 0, torch.ones_like(total), total))
            return result
'''),
    # Right: torch.le(keys, queries, out=...) into a preallocated (n, n) BoolTensor; no autograd is involved, so
    # out= is fine.
    "blind40_right_causal_mask_le_into_bool_buffer": ("masking", "causal_mask", '''
        def causal_mask(n):
            result = torch.empty(n, n, dtype=torch.bool)
            torch.le(torch.arange(n)[:, None], torch.arange(n)[None, :], out=result)
            return result
'''),
    # Right: the band computed in NumPy and returned through torch.from_numpy, which gives a BoolTensor (n, n)
    # (n = 0 included).
    "blind40_right_local_mask_numpy_band_from_numpy": ("masking", "local_mask", '''
        def local_mask(n, window):
            import numpy as np
            offsets = np.arange(n)[None, :] - np.arange(n)[:, None]
            return torch.from_numpy(np.abs(offsets) <= window)
'''),
    # Right: a (B, n, 1) BoolTensor of False, each row set True up to its length (lengths read as Python ints).
    "blind40_right_padding_mask_zeros_filled_per_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            mask = torch.zeros(len(lengths), n, 1, dtype=torch.bool)
            for row, length in enumerate(lengths.tolist()):
                mask[row, :length] = True
            return mask
'''),
    # Right (an alias the contract allows): when every entry is visible it returns the scores tensor itself,
    # which is the right value and passes the gradient through unchanged; otherwise masked_fill.
    "blind40_right_apply_mask_all_visible_returns_scores": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if bool(mask.all()):
                return scores                                            # nothing to hide
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Right: the mask is cloned before logical_not_, so the in-place inversion touches only the function's own
    # copy.
    "blind40_right_sdpa_mask_cloned_then_inverted_in_place": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                hidden = mask.clone()
                hidden.logical_not_()                                    # on our own copy
                scores = scores.masked_fill(hidden, float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: one stacked projection, then split into Q, K, V views (non-contiguous is fine; autograd reaches
    # every weight and bias through cat).
    "blind40_right_self_attention_stacked_weights_split_views": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            weight = torch.cat([Wq, Wk, Wv], dim=0)
            bias = torch.cat([bq, bk, bv], dim=0)
            qkv = weight @ X + bias[:, None]
            Q, K, V = qkv.split([Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)   # views, not copies
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Right: .contiguous() before each .view, so the head split and merge work for any input layout; the output
    # projection written out.
    "blind40_right_mha_contiguous_heads_then_view": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            def project(X, W, b):
                Y = (W @ X + b[:, None]).contiguous()
                return Y.view(*Y.shape[:-2], num_heads, head_dim, Y.shape[-1])
            Q = project(Xq, params["Wq"], params["bq"])
            K = project(Xkv, params["Wk"], params["bk"])
            V = project(Xkv, params["Wv"], params["bv"])
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
            heads = heads.contiguous()
            merged = heads.view(*heads.shape[:-3], dim, heads.shape[-1])
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # Right: mul_ and add_ in place on a tensor the function made itself (centred * scale), never on X, gamma or
    # beta; autograd handles the in-place ops.
    "blind40_right_layer_norm_in_place_on_fresh_centred": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)                   # a fresh tensor, ours to overwrite
            scale = torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
            out = centred * scale
            out.mul_(gamma[:, None])
            out.add_(beta[:, None])
            return out
'''),
    # Right: add_ and relu_ in place on the fresh products W1 @ X and W2 @ hidden only; gradients reach every
    # weight.
    "blind40_right_feed_forward_chained_in_place_on_fresh_products": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = (W1 @ X).add_(b1.unsqueeze(-1)).relu_()            # in place on the fresh product only
            return (W2 @ hidden).add_(b2.unsqueeze(-1))
'''),
    # Right: each residual sum is made by cloning the stream and adding in place (+=) on the clone; nothing a
    # saved tensor depends on is overwritten, X itself is untouched.
    "blind40_right_transformer_layer_residual_clone_then_add_in_place": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def mha(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                update = mha(layer_norm(X, params["gamma1"], params["beta1"]))
                stream = X.clone()
                stream += update
                update = ffn(layer_norm(stream, params["gamma2"], params["beta2"]))
                out = stream.clone()
                out += update
                return out
            stream = X.clone()
            stream += mha(X)
            stream = layer_norm(stream, params["gamma1"], params["beta1"])
            update = ffn(stream)
            summed = stream.clone()
            summed += update
            return layer_norm(summed, params["gamma2"], params["beta2"])
'''),
    # Right: contiguous copies of the inputs (harmless, differentiable) and the mask passed by keyword.
    "blind40_right_cross_attention_contiguous_copies_keyword_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            return multi_head_attention(X_dec.contiguous(), X_enc.contiguous(), params, num_heads, mask=enc_mask)
'''),
    # Right: the causal mask as torch.ones(n, n, dtype=bool).triu_() (in place on a fresh tensor; True on and
    # above the diagonal, key j <= query i); cross-attention through multi_head_attention directly.
    "blind40_right_decoder_layer_causal_ones_triu_in_place": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool).triu_()         # key j <= query i: on and above the diagonal
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Right: temperature, top-k (-inf) and top-p (0) applied in place on a clone of the logits or on fresh
    # probabilities; the greedy one-hot is written into the clone, so it keeps the logits' dtype.
    "blind40_right_next_token_probs_logits_clone_filled_in_place": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            work = logits.clone()                                        # ours to overwrite
            if temperature == 0:
                best = torch.argmax(work)
                work.zero_()
                work[best] = 1.0
                return work
            work.div_(temperature)
            probs = torch.softmax(work, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs[order[top_k:]] = 0.0
                probs /= probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                kept = min(int((probs[order].cumsum(dim=0) < top_p).sum()) + 1, len(probs))
                probs[order[kept:]] = 0.0
            return probs / probs.sum()
'''),
    # Right: a LongTensor buffer from prompt.new_empty, filled step by step with the drawn ids, and a clone of
    # the filled prefix returned; the draws are the model answer's.
    "blind40_right_generate_preallocated_long_buffer_cloned_prefix": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            buffer = prompt.new_empty(len(prompt) + max_new_tokens)      # long, like the prompt
            buffer[: len(prompt)] = prompt
            n = len(prompt)
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, n - context_size)
                probs = next_token_probs(model(buffer[start:n])[:, -1], temperature, top_k, top_p)
                buffer[n : n + 1] = torch.multinomial(probs, 1, generator=generator)
                n += 1
                if eos_id is not None and int(buffer[n - 1]) == eos_id:
                    break
            return buffer[:n].clone()
'''),
    # Right: gather of the (V, N-1) log-probabilities by the next ids, summed to a 0-d tensor (also for N = 1,
    # where the sum of nothing is 0).
    "blind40_right_sequence_log_prob_gather_row_summed": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)[:, :-1]     # (V, N - 1): column n - 1 scores ids[n]
            return log_probs.gather(0, ids[1:].unsqueeze(0)).sum()      # a 0-d tensor, also for N = 1
'''),
    # Right: P = 1 makes every pixel a patch, and images.flatten(-2) is then exactly (B, C, H*W) in raster order
    # (a view, which the contract allows); other P as the model.
    "blind40_right_patchify_unit_patch_flatten_shortcut": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            if patch_size == 1:
                return images.flatten(-2)                                # every pixel is a patch of C values
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Right although it uses .view on the caller's images: the view only splits H and W into (H/P, P) and (W/P,
    # P), which is possible for any strides, and the merging step after the permute uses reshape.
    "blind40_right_patchify_split_with_view_only": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.view(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Right: an output buffer from tokens.new_empty, [CLS] and the projected patches written into it by slice
    # assignment (differentiable copies), then + positions.
    "blind40_right_patch_embedding_new_empty_slice_assign": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            out = tokens.new_empty(tokens.shape[0], tokens.shape[1], tokens.shape[2] + 1)
            out[:, :, 0] = cls_token
            out[:, :, 1:] = tokens
            return out + positions
'''),
    # Right: masking with torch.where and a 0-d scores.new_tensor(-inf) (same dtype, no promotion), the softmax
    # through a transposed column view, einsum contractions.
    "blind40_right_additive_attention_where_new_tensor_neg_inf": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (W @ s.unsqueeze(-1)))          # (..., D_a, N)
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = torch.where(mask, scores, scores.new_tensor(float("-inf")))
            weights = softmax_cols(scores.unsqueeze(-2).transpose(-1, -2)).transpose(-1, -2).squeeze(-2)
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # Right: W_out [s; c] computed as two products with W_out's column blocks, which broadcasts the leading
    # dimensions without stacking.
    "blind40_right_attention_decoder_step_readout_split_weight_columns": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            d_s = s.shape[-1]
            W_out = params["W_out"]
            logits = s @ W_out[:, :d_s].T + context @ W_out[:, d_s:].T + params["b_out"]   # W_out [s; c] in two halves
            return s, logits, weights
'''),
    # Right: a contiguous copy of the grid before .view, so the flattening works for any layout; the weights
    # reshaped back to (..., H, W).
    "blind40_right_grid_attention_contiguous_flatten_then_view": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.contiguous().view(*features.shape[:-2], height * width)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Right: torch.eq(remainder, 0, out=...) into a preallocated BoolTensor; remainder is non-negative for
    # negative offsets, as % is.
    "blind40_right_strided_mask_eq_into_bool_buffer": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            result = torch.empty(n, n, dtype=torch.bool)
            torch.eq(torch.remainder(offsets, stride), 0, out=result)
            return result
'''),
    # Right: the key flags expanded to (..., N, N), cloned into the function's own buffer, then |= the query
    # flags in place.
    "blind40_right_global_token_mask_clone_or_in_place": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            keys = is_global.unsqueeze(-1).expand(*is_global.shape, n).clone()   # our own (..., N, N) buffer
            keys |= is_global.unsqueeze(-2)
            return keys
'''),
    # Right: the buckets written by torch.where(..., out=torch.empty_like(offset)), then the upper half added in
    # place on that fresh LongTensor; the log in float32 as T5.
    "blind40_right_bucket_where_out_into_empty_like": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                upper = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                upper = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            ratio = distance.to(torch.float32) / exact
            far = exact + (torch.log(ratio) / math.log(max_distance / exact) * (half - exact)).long()
            far = far.clamp(max=half - 1)
            result = torch.empty_like(offset)
            torch.where(distance < exact, distance, far, out=result)
            result += upper
            return result
'''),
    # Right: each of Q and K cloned, then its two halves overwritten by slice assignment from the original (not
    # from the clone); autograd follows the copies.
    "blind40_right_rotary_clone_then_half_slices_assigned": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                h = D // 2
                p = torch.arange(N) if positions is None else positions
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = theta[:, None] * p.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                out = X.clone()
                out[..., :h, :] = X[..., :h, :] * cos - X[..., h:, :] * sin
                out[..., h:, :] = X[..., h:, :] * cos + X[..., :h, :] * sin
                return out
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right: ids cloned before boolean-index assignment of [MASK] and random ids; labels a fresh int64 tensor of
    # -100 with the chosen ids written in; the draws are the model answer's.
    "blind40_right_mlm_clone_then_index_assign": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()                                      # ours to edit; ids stays as given
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Right: each example built as a list and edited, then converted to a tuple; the result is a list of tuples
    # and the draws are the model answer's.
    "blind40_right_nsp_pairs_lists_converted_to_tuples": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            rows = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    row = [document[position], document[position + 1], 0]
                    if torch.rand((), generator=generator).item() >= 0.5:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        row[1:] = [other[torch.randint(len(other), (), generator=generator).item()], 1]
                    rows.append(row)
            return [tuple(row) for row in rows]
'''),
    # Right: pixels moved to rows with a contiguous copy before .view, so any layout works; ids viewed back to
    # (..., H, W), int64 from argmin (ties to the lowest id).
    "blind40_right_quantize_pixels_contiguous_rows_then_view": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            C = images.shape[-3]
            rows = images.to(dtype).movedim(-3, -1).contiguous().view(-1, C)      # one pixel per row
            distances = (rows[:, :, None] - palette.to(dtype)[None]).square().sum(dim=1)   # (pixels, K)
            return distances.argmin(dim=1).view(*images.shape[:-3], *images.shape[-2:])
'''),
    # Right: torch.gather of the palette's columns with the flat ids expanded over the channels, reshaped to (C,
    # ..., H, W) and moved; keeps the palette's dtype, gradient to the palette.
    "blind40_right_dequantize_gather_flat_ids_expanded": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            C = palette.shape[0]
            flat = ids.long().reshape(1, -1).expand(C, -1)               # (C, pixels)
            colours = torch.gather(palette, 1, flat)                     # (C, pixels)
            return colours.reshape(C, *ids.shape).movedim(0, -3)
'''),
    # Right: targets cast to long first, then F.pad puts sos_id in front of all but the last target; both
    # results int64.
    "blind40_right_pixel_sequence_functional_pad_start": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            inputs = torch.nn.functional.pad(targets[..., :-1], (1, 0), value=sos_id)
            return inputs, targets
'''),
    # Right: the pooled column (..., D, 1), W @ it, then squeeze(-1) back to (..., K) before the bias.
    "blind40_right_average_pool_head_keepdim_matmul_squeezed": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X.mean(dim=-1, keepdim=True)).squeeze(-1)     # (..., K, 1) -> (..., K)
            return logits if b is None else logits + b
'''),
    # Right: when one window covers the grid, X.flatten(-2).unsqueeze(-3) is (..., 1, C, H*W) in raster order (a
    # view, allowed); otherwise a permute-based partition.
    "blind40_right_window_partition_full_window_flatten_view": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            if M == height and M == width:
                return X.flatten(-2).unsqueeze(-3)                       # one window: the whole grid
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.permute(*range(len(batch)), -4, -2, -5, -3, -1)  # (..., a, b, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Right: a grid from windows.new_empty filled window by window with slice assignment (differentiable), in
    # the window order of the contract.
    "blind40_right_window_reverse_new_empty_filled_per_window": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            *batch, _, channels, _ = windows.shape
            grid = windows.new_empty(*batch, channels, height, width)
            per_row = width // M
            for k in range(windows.shape[-3]):
                a, b = divmod(k, per_row)
                grid[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return grid
'''),
    # Right: the region labels compared with torch.eq(..., out=...) into a preallocated (nW, M*M, M*M)
    # BoolTensor.
    "blind40_right_shifted_window_mask_eq_into_bool_buffer": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = (2 * rows[:, None] + cols[None, :])                 # (H, W)
            labels = labels.reshape(height // M, M, width // M, M).permute(0, 2, 1, 3).reshape(-1, M * M)
            result = torch.empty(labels.shape[0], M * M, M * M, dtype=torch.bool)
            torch.eq(labels[:, :, None], labels[:, None, :], out=result)
            return result
'''),
    # Right: the concatenated blocks made contiguous before .view, and the projected tokens viewed back to the
    # half-size grid (W @ gives a contiguous result).
    "blind40_right_patch_merging_cat_contiguous_then_view": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).contiguous()
            tokens = merged.view(*merged.shape[:-2], -1)                 # (..., 4C, H/2 * W/2)
            out = W @ layer_norm(tokens, gamma, beta, eps)
            return out.view(*out.shape[:-1], height // 2, width // 2)
'''),
    # Right: each group's mixed rows written by slice assignment into a buffer from V.new_empty, then the output
    # projection; the scale is 1/sqrt(N) unless given.
    "blind40_right_channel_attention_groups_written_into_new_empty": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            Q = params["Wq"] @ X + params["bq"][:, None]
            K = params["Wk"] @ X + params["bk"][:, None]
            V = params["Wv"] @ X + params["bv"][:, None]
            size = channels // num_groups
            mixed = V.new_empty(V.shape)
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                weights = softmax_cols(K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * factor)
                mixed[..., rows, :] = weights.transpose(-2, -1) @ V[..., rows, :]
            return params["Wo"] @ mixed + params["bo"][:, None]
'''),
    # Right: the same element-wise replacement as the wrong entry, but on list(tokens), a copy; the caller's
    # list stays as given.
    "blind40_right_bpe_decode_copies_tokens_before_editing": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = list(tokens)                                        # our own list to edit
            for i, piece in enumerate(pieces):
                pieces[i] = piece.replace("</w>", " ")
            return "".join(pieces).rstrip(" ")
'''),
    # Right: rows of omega_e.T indexed by the ids, then viewed as (..., D, N) with a transpose (a non-contiguous
    # result, allowed); dtype and gradient of omega_e kept.
    "blind40_right_embed_row_table_index_transposed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e.T[token_ids].transpose(-1, -2)               # rows (..., N, D), viewed as (..., D, N)
'''),
    # Right: torch.eq into a preallocated bool buffer (..., V, N), then cast to the given dtype or the default
    # one.
    "blind40_right_one_hot_eq_into_bool_buffer_then_cast": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hits = torch.empty(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=torch.bool)
            torch.eq(token_ids.unsqueeze(-2), torch.arange(vocab_size)[:, None], out=hits)
            return hits.to(torch.get_default_dtype() if dtype is None else dtype)
'''),
}
