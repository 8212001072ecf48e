"""Hundred-and-ninth blind batch of held-out implementations (prefix blind108_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; their file names were seen in a listing of exercises/tests/. The earlier blind batches
(held_out_blind.py ... held_out_blind_105.py) were only skimmed for their entry names, emphases and header style, and
grepped for a few code fragments and name keywords to avoid repeating a mechanism for the same function (that dropped
planned entries: the top-k clamp below V, the temperature floor, eos 0 read as falsy, generate's context capped at the
prompt, the "other document may be own" NSP draw, patchify's unfold reshaped without a permute, F.one_hot cast to
float32, the rotary table from the query length, the decoder residual through .data, the state projection's full
transpose in additive attention, the log of T5 buckets in float64, the unsqueeze(1) head axis of masks). One listing
of tests/grader/ (`ls tests/grader/ | grep held_out`, to find the batch files) also showed the name of one other file
there; nothing in it was opened. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md,
nor benchmarks/, nor the batches written at the same time (held_out_blind_106.py, held_out_blind_107.py,
held_out_blind_109.py).

Emphasis: error-driven fixes. A learner ran their code, got an exception or a warning, and changed the code until the
message went away, without understanding it. Each wrong entry's comment names the message and the allowed input on
which the fix is wrong. Wrong entries: "Boolean value of Tensor with more than one value is ambiguous" silenced with
.any() (a fully masked column resets every column's max shift in softmax_cols; additive attention's blind-state
fallback fires only when the whole batch is blind) or .all() (T5 buckets: near offsets put through the log formula
when far ones are present), and by sorting beam tuples on (score, ids.tolist()) reversed (ties to the higher ids);
"a Tensor with 2 elements cannot be converted to Scalar" silenced with .nonzero()[0] (no top-p crossing when the
cumulative sum rounds below top_p = 1); shape mismatches silenced with .unsqueeze(1) on a column sum (softmax, right
for one batch axis only), K.transpose(0, 1) for Kᵀ (crashes on a batch), a bias expanded to X.shape[1] columns
(self-attention on a batch), unsqueeze(0) plus .squeeze() (multi-head attention with N_q = 1), .squeeze() of a
window stack (one window), .reshape(X.shape) where a transpose was needed (feed_forward), gamma and beta expanded over
the tokens to please F.layer_norm (whole-sequence statistics in the transformer layer), every mask of another shape
transposed (a padding mask in cross-attention), an encoder-sized causal mask sliced to the decoder (a longer decoder),
a batch axis added only to unbatched input where dim=1 or axes 2, 3 stay wrong (patch merging, channel attention with
two batch axes), .flatten() for torch.outer's 1-D rule (global-token masks), .unsqueeze(-1) on per-sequence MLM draws
(whole rows chosen together), and an even table of D + 1 rows for an odd D (sinusoidal frequencies); autograd errors
silenced with .detach() (apply_mask writes -inf into the caller's scores and loses the graph) and .data (layer_norm's
division invisible to autograd); dtype errors silenced with .float() (quantize_pixels and average_pool_head in
float32 for float64 inputs); ranges silenced with a modulo (top_k > V, sequence_log_prob's index n + 1, a uint8
start token 512, out-of-range embed ids) or a cap (a recursion depth in train_bpe's merge, a memory cap replaced by
the approximation n(2w + 1) in sparse_attention_cost); and the contract's ValueErrors silenced (patchify crops, a
try/except in bpe_encode), or an IndexError "fixed" with .strip() (bpe_decode loses a leading space). Right entries
are the same errors fixed correctly, in varied styles: .mT and negative axes, b.unsqueeze(-1), squeeze(0) of only the
added axis, select(-2, 0), F.linear on X.mT turned back with .mT, F.layer_norm with normalized_shape (D,) on token
rows, a causal mask from the decoder's length, min(top_k, V) and a guarded crossing, gather with an unsqueezed index,
a score-only sort key, mask.any(dim=-1, keepdim=True) with torch.where, logical_or of two broadcast axes, torch.where
over both bucket branches with a float32 log, a typed special-id tensor and per-position draws, a modular offset to
another document, int64 before the start token, X.new_ones, torch.softmax followed by nan_to_num, X.clone() before
in-place steps, F.embedding on the transposed table, endswith() for trailing spaces, and odd-D cosines cut instead of
D changed.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind108/pk/<name>/p_<name>/,
a copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (18 of the 32 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (mlm_corrupt's by counts on 20000
rows). Right entries were compared with the model answer under both default dtypes, on random float32 and float64
inputs with 0-2 batch axes and edge sizes (N = 1, D = 1 where allowed, N_q != N_k, H = 1, sizes of 0 where allowed),
values to 1e-4 / 1e-10 relative, shapes and dtypes exactly, the named ValueErrors matched, the inputs checked
unchanged, and gradients of every floating-point input (parameters included) to 1e-3 / 1e-9: softmax_cols with
scores up to 1e4 and columns partly or wholly -inf; attention, self-attention, multi-head attention (masks of fewer
batch axes, D not divisible by H, the same tensor as Xq and Xkv), layer_norm (offsets, scale 1000, eps 0 and 0.1),
feed_forward, transformer_layer (both norm orders), decoder_layer (padding enc_masks, N_d above and below N_e);
next_token_probs on 1200 random logits (rounded for ties, scales 0.1 to 100, temperature 0 and 1e-3, top_k 1..V+3,
top_p 1e-9 to 1); sequence_log_prob (N = 1, weights that require grad); beam_search on 400 random models (rounded and
all-zero logits for ties, widths 1-3, 0-3 steps, eos None / 0 / V-1); additive_attention with broadcast batches,
1000x encoder states and masks hiding none, some or all positions; relative_position_bucket on 404 offset tensors
(both modes, odd bucket counts, several max_distance); pixel_sequence over five integer dtypes and the ValueErrors;
average_pool_head with and without b and N = 0; shifted_window_mask over 1080 grids, windows and shifts (ValueErrors
included); channel_attention (every divisor G, a non-divisor, N = 0, a given scale); bpe_decode on 600 token lists
(leading, repeated and split markers); embed (out-of-range ids); sinusoidal_positions for N and D 0..11 and (100, 17).
mlm_corrupt equals the model answer exactly for the same seed (it draws in the same order) on 400 calls (list, tuple,
tensor and empty specials, non-contiguous ids, mask_prob 0 / 0.5 / 1), with the same generator state afterwards and
ids unchanged; nsp_pairs keeps the coins, labels, A sentences and generator state of the model answer for a seed, never
draws A's own document, and matches its frequencies of documents and sentences over 4000 calls. Layer_norm's and
softmax_cols' right entries were also run under torch.no_grad() and torch.inference_mode() and on an expanded X.

Judgement calls: blind108_embed_out_of_range_ids_wrapped_with_modulo, blind108_patchify_divisibility_value_error_...
and blind108_bpe_encode_marker_value_error_... drop a check on purpose (no stub-checks marker): they are wrong only
because the contract names those ValueErrors. blind108_next_token_probs_top_p_scalar_error_fixed_with_first_nonzero
is right except where the float cumulative sum ends just below top_p (top_p = 1.0 and logits such as [0, 1, 3]); I
count top_p = 1 as allowed (the contract's range is (0, 1]). blind108_decoder_layer_encoder_sized_causal_mask_...
is right whenever N_e >= N_d and fails only for a decoder longer than its encoder. blind108_quantize_pixels_cdist_...
differs only for float64 inputs whose colours are closer than float32 can tell apart; its example's two distances
differ by 2e-15, far above the float64 expanded-form rounding the contract tolerates (about 1e-16 there).
blind108_mlm_corrupt_batch_size_mismatch_... is right for one sequence and wrong in distribution for a batch.
Right entries: blind108_right_nsp_pairs_other_document_by_offset_modulo maps draws to documents differently from the
model answer (same distribution, same number of draws); the contract grades the distribution of a uniformly drawn
other document, so I count it right. blind108_right_softmax_cols_torch_softmax_nan_columns_zeroed_after has NaN
gradients only at the -inf entries of an all -inf column, which the contract does not compare.
blind108_right_bpe_decode_... first replaced "</w>" token by token; tokens that only join into "</w>" ("<", "/w>")
then differed from the model answer's concatenate-then-replace, so it was rewritten to concatenate first. Fewer wrong
entries than the brief's 35 (32) and more right ones (23) than its 20: several planned wrong mechanisms turned out to
exist already in earlier batches (listed above) and were dropped.

Counts: 32 wrong, 23 right (as written; one right mlm_corrupt entry was later counted wrong, see
blind108_mlm_corrupt_labels_in_the_ids_dtype).
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_108 = {
    # Silenced "Boolean value of Tensor with more than one value is ambiguous" (a Python `if` on the column maxima)
    # with .any(): one fully masked column resets the max shift of EVERY column to 0, so large scores overflow.
    # softmax_cols(float32 [[1e4, -inf], [9999, -inf]]): model [[0.731, 0], [0.269, 0]], entry [[nan, 0], [nan, 0]].
    # Passes the visible tests.
    "blind108_softmax_cols_ambiguous_max_test_any_resets_every_column": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            # `if column_max == float("-inf"):` raised "Boolean value of Tensor with more than one value is
            # ambiguous"; .any() made it run.
            if (column_max == float("-inf")).any():
                column_max = torch.zeros_like(column_max)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Silenced "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1" (a column
    # sum without keepdim on a (2, 3, 4) batch) with .unsqueeze(1): right for one batch axis only; unbatched, the
    # (N,) sums become a column. softmax_cols([[0, ln 3], [0, 0]]): model [[0.5, 0.75], [0.5, 0.25]], entry
    # [[0.5, 0.5], [0.75, 0.25]]. Fails the visible tests.
    "blind108_softmax_cols_batched_sum_mismatch_fixed_with_unsqueeze_1": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            # exps / exps.sum(dim=-2) raised "The size of tensor a (3) must match the size of tensor b (2) at
            # non-singleton dimension 1" on a (2, 3, 4) batch; unsqueeze(1) made it broadcast.
            column_sum = exps.sum(dim=-2).unsqueeze(1)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Silenced "a leaf Variable that requires grad is used in an in-place operation." with .detach(): the detached
    # tensor shares the caller's storage, so masked_fill_ writes -inf into the caller's scores and the result has no
    # graph. scores [[1, 2], [3, 4]] (requires grad), mask [[T, T], [F, T]]: model requires grad and leaves scores
    # alone, entry requires_grad=False and the caller's scores become [[1, 2], [-inf, 4]]. Passes the visible tests.
    "blind108_apply_mask_leaf_inplace_error_silenced_by_detach": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # scores.masked_fill_(...) raised "a leaf Variable that requires grad is used in an in-place
            # operation."; detaching first made the error go away.
            scores = scores.detach()
            scores.masked_fill_(~mask, float("-inf"))
            return scores
'''),
    # Silenced "mat1 and mat2 shapes cannot be multiplied" (K @ Q) with K.transpose(0, 1): the transpose of the
    # first two axes is Kᵀ only without a batch axis. Q, K, V of shape (2, 4, 3): model output (2, 4, 3), entry
    # RuntimeError "The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 0".
    # Fails the visible tests.
    "blind108_sdpa_matmul_shape_error_fixed_with_transpose_0_1": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            # K @ Q raised "mat1 and mat2 shapes cannot be multiplied (4x3 and 4x2)"; swapping the first two axes
            # made the unbatched example work.
            scores = K.transpose(0, 1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Silenced "The size of tensor a (3) must match the size of tensor b (4)" (a bias added without its column axis)
    # by expanding the bias to X.shape[1] columns: that is N only for an unbatched X. X (2, 4, 3), W (4, 4), b (4,):
    # model output (2, 4, 3), entry RuntimeError "The size of tensor a (3) must match the size of tensor b (4) at
    # non-singleton dimension 2". Passes the visible tests.
    "blind108_self_attention_bias_expanded_to_x_shape_1": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            def project(W, b):
                # W @ X + b raised "The size of tensor a (3) must match the size of tensor b (4) at non-singleton
                # dimension 1"; expanding b to X.shape[1] columns made it add.
                return W @ X + b.unsqueeze(1).expand(-1, X.shape[1])

            Q, K, V = project(Wq, bq), project(Wk, bk), project(Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Silenced a "Dimension out of range" on unbatched input with unsqueeze(0), undone by .squeeze() on the output,
    # which also drops an axis of size 1 the contract allows (N_q = 1, or D = 1). Xq (4, 1), Xkv (4, 3), H = 2:
    # model shape (4, 1), entry (4,). Passes the visible tests.
    "blind108_mha_unbatched_input_unsqueezed_then_squeezed_everywhere": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            unbatched = Xq.dim() == 2
            if unbatched:
                # an earlier version indexed the batch axis and raised "IndexError: Dimension out of range
                # (expected to be in range of [-2, 1], but got 2)" on a 2-D Xq
                Xq, Xkv = Xq.unsqueeze(0), Xkv.unsqueeze(0)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            return out.squeeze() if unbatched else out
'''),
    # Silenced "one of the variables needed for gradient computation has been modified by an inplace operation"
    # (dividing the centred X in place after squaring it) by dividing through .data: the values are right but autograd
    # never sees the division. X = [[0], [1], [2]] (requires grad), gamma 1, beta 0, d out[0, 0] / dX: model
    # [0.204, -0.408, 0.204], entry [0.667, -0.333, -0.333]. Passes the visible tests.
    "blind108_layer_norm_version_counter_error_dodged_with_data": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = (centred ** 2).mean(dim=-2, keepdim=True)
            # `centred /= ...` made backward raise "one of the variables needed for gradient computation has been
            # modified by an inplace operation"; dividing through .data silenced it.
            centred.data /= torch.sqrt(variance + eps)
            return gamma[:, None] * centred + beta[:, None]
'''),
    # Silenced a shape mismatch (the row-major result (..., N, D) where (..., D, N) was expected) with
    # .reshape(X.shape) where a transpose was needed. X = [[1, 2], [3, 4], [5, 6]], W1 = W2 = I, biases 0: model
    # [[1, 2], [3, 4], [5, 6]], entry [[1, 3], [5, 2], [4, 6]]. Fails the visible tests.
    "blind108_feed_forward_row_result_reshaped_instead_of_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            rows = X.transpose(-2, -1)                       # (..., N, D), the nn.Linear habit
            hidden = torch.relu(rows @ W1.T + b1)           # (..., N, F)
            out = hidden @ W2.T + b2                        # (..., N, D)
            # returning out failed "expected shape (..., D, N)"; a reshape to X's shape fixed the shape
            return out.reshape(X.shape)
'''),
    # Silenced "Expected weight to be of same shape as normalized_shape" (F.layer_norm over the last two axes) by
    # expanding gamma and beta over the tokens: the statistics are then taken over the whole (D, N) sequence, not per
    # column. X = [[0, 0], [1, 3]], zero attention and FFN weights, gammas 1, betas 0, H = 1: model [[-1, -1], [1, 1]],
    # entry [[-0.816, -0.816], [0, 1.633]]. Fails the visible tests.
    "blind108_transformer_layer_weight_shape_error_fixed_by_expanding_gamma": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                # F.layer_norm(Y, Y.shape[-2:], gamma, beta) raised "Expected weight to be of same shape as
                # normalized_shape, but got weight of shape [4] and normalized_shape = [4, 3]"; expanding gamma and
                # beta over the tokens made the shapes agree.
                shape = Y.shape[-2:]
                return F.layer_norm(Y, shape, gamma[:, None].expand(shape), beta[:, None].expand(shape), 1e-5)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Silenced a size mismatch from a row-major (N_d, N_e) mask by transposing every mask whose last two sizes are
    # not (N_e, N_d): a padding mask (B, N_e, 1) becomes (B, 1, N_e). X_dec (2, 4, 3), X_enc (2, 4, 5), padding mask
    # (2, 5, 1), H = 2: model shape (2, 4, 3), entry RuntimeError "The size of tensor a (5) must match the size of
    # tensor b (3) at non-singleton dimension 3". Fails the visible tests.
    "blind108_cross_attention_mask_transposed_when_shape_differs": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None and tuple(enc_mask.shape[-2:]) != (X_enc.shape[-1], X_dec.shape[-1]):
                # a (N_d, N_e) mask from a row-major tutorial raised "The size of tensor a (3) must match the size of
                # tensor b (5) at non-singleton dimension 3"; transposing any mask of another shape silenced it
                enc_mask = enc_mask.transpose(-2, -1)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Silenced "The size of tensor a (3) must match the size of tensor b (5)" (a causal mask built from the encoder's
    # length) by slicing it to the decoder's length: right when N_e >= N_d, too small when the decoder is longer.
    # X_dec (4, 5), X_enc (4, 3), H = 2: model shape (4, 5), entry RuntimeError "The size of tensor a (3) must match
    # the size of tensor b (5) at non-singleton dimension 2". Passes the visible tests.
    "blind108_decoder_layer_encoder_sized_causal_mask_sliced_to_fit": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n_dec = X_dec.shape[-1]
            # causal_mask(X_enc.shape[-1]) raised "The size of tensor a (3) must match the size of tensor b (5) at
            # non-singleton dimension 3"; slicing it to the decoder length made it fit.
            self_mask = causal_mask(X_enc.shape[-1])[:n_dec, :n_dec].to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Silenced "selected index k out of range" (torch.topk with top_k > V) by taking top_k modulo V, where the
    # contract keeps every token. next_token_probs([2, 1, 0], top_k=4): model [0.665, 0.245, 0.090], entry [1, 0, 0].
    # Passes the visible tests.
    "blind108_next_token_probs_top_k_out_of_range_wrapped_modulo_v": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                # torch.topk(probs, top_k) raised "selected index k out of range" for top_k > V
                k = top_k if top_k <= len(probs) else top_k % len(probs)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[torch.sort(probs, descending=True, stable=True).indices[:k]] = True
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
    # Silenced "a Tensor with 2 elements cannot be converted to Scalar" with .nonzero()[0].item(), the first
    # crossing of top_p; when rounding leaves the cumulative sum just below 1, top_p = 1 has no crossing.
    # next_token_probs(float32 [0, 1, 3], top_p=1.0): model [0.042, 0.114, 0.844], entry IndexError "index 0 is out
    # of bounds for dimension 0 with size 0". Passes the visible tests.
    "blind108_next_token_probs_top_p_scalar_error_fixed_with_first_nonzero": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[torch.sort(probs, descending=True, stable=True).indices[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                # (cumulative >= top_p).nonzero().item() raised "a Tensor with 2 elements cannot be converted to
                # Scalar"; taking the first row made it run
                crossing = (cumulative >= top_p).nonzero()[0].item()
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[: crossing + 1]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Silenced "IndexError: index 4 is out of bounds for dimension 0 with size 4" (one term per position, reading
    # ids[n + 1]) with a modulo, which adds a term scoring ids[0] after the last column. A model whose column depends
    # only on the last id, p(next | 0) = [.5, .5], p(next | 1) = [.2, .8], ids [0, 1]: model log .5 = -0.693, entry
    # log .5 + log .2 = -2.303. Fails the visible tests.
    "blind108_sequence_log_prob_index_error_wrapped_with_modulo": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            n = len(ids)
            # log_probs[ids[i + 1], i] for i in range(n) raised "IndexError: index 4 is out of bounds for dimension
            # 0 with size 4"; the modulo kept the index in range
            return torch.stack([log_probs[ids[(i + 1) % n], i] for i in range(n)]).sum()
'''),
    # Silenced "Boolean value of Tensor with more than one value is ambiguous" (sorting (score, ids, finished)
    # tuples compares the id tensors of tied scores) with a key of (score, ids.tolist()), reversed: ties now go to the
    # higher ids. Uniform logits over V = 3, prompt [0], width 1, one step: model [0, 0], entry [0, 2].
    # Fails the visible tests.
    "blind108_beam_search_tuple_sort_ambiguity_fixed_with_tolist_key": ("sampling", "beam_search", '''
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
                # sorted(candidates, reverse=True) raised "Boolean value of Tensor with more than one value is
                # ambiguous" on two equal scores; comparing the ids as lists made the sort work
                candidates = sorted(candidates, key=lambda c: (c[0], c[1].tolist()), reverse=True)
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Silenced the stub's own "ValueError: images (B, C, H, W) must have H and W divisible by patch_size" (the
    # contract names it) by cropping the image to whole patches. patchify(zeros (1, 1, 5, 4), 2): model ValueError,
    # entry a (1, 4, 4) tensor. Fails the visible tests.
    "blind108_patchify_divisibility_value_error_replaced_by_crop": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            # the stub's check raised "ValueError: images (B, C, H, W) must have H and W divisible by patch_size"
            # on a 30 x 30 image; cropping to whole patches replaced it
            P = patch_size
            height, width = height - height % P, width - width % P
            images = images[..., :height, :width]
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Silenced "Boolean value of Tensor with more than one value is ambiguous" (`if not mask.any(dim=-1)`) by
    # dropping dim=-1: the zero fallback only fires when the whole batch sees nothing, so one blind state in a batch
    # gets NaN. s (2, 1) zeros, H [[1, 2]], W = U = [[1]], v [1], mask [[T, T], [F, F]]: model weights
    # [[0.450, 0.550], [0, 0]], entry [[0.450, 0.550], [nan, nan]]. Fails the visible tests.
    "blind108_additive_attention_blind_state_test_any_over_whole_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                # `if not mask.any(dim=-1):` raised "Boolean value of Tensor with more than one value is
                # ambiguous"; dropping dim=-1 made it a single truth value
                if not mask.any():
                    weights = torch.zeros_like(scores)
                    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Silenced "outer: Expected 1-D argument self, but got 2-D" with .flatten(): a batch of flag rows becomes one
    # long sequence. is_global [[T, F, F], [F, F, T]]: model shape (2, 3, 3), entry (6, 6). Fails the visible tests.
    "blind108_global_token_mask_outer_1d_error_silenced_by_flatten": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            # torch.outer on a batch of flags raised "outer: Expected 1-D argument self, but got 2-D";
            # flattening the flags made it run
            ordinary = ~is_global.flatten()
            return ~torch.outer(ordinary, ordinary)
'''),
    # Silenced "DefaultCPUAllocator: not enough memory" (counting a built local mask) with a cap: past 4096 tokens
    # the lecture's approximation n(2w + 1) stands in for the exact count. sparse_attention_cost("local", 10**5,
    # window=3): model 699988, entry 700000. Fails the visible tests.
    "blind108_sparse_cost_local_memory_error_capped_with_approximation": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                if n <= 4096:
                    from .masking import local_mask
                    return int(local_mask(n, window).sum())
                # local_mask(10**6, w) raised "DefaultCPUAllocator: not enough memory"; beyond 4096 tokens the
                # lecture's n * (2w + 1) stands in
                return n * (2 * window + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # Silenced "Boolean value of Tensor with more than one value is ambiguous" (a scalar `if distance < exact`) with
    # .all(): a tensor mixing near and far offsets puts the near ones through the log formula too.
    # relative_position_bucket([-3, -100]): model [3, 15], entry [6, 15]. Fails the visible tests.
    "blind108_relative_bucket_scalar_branch_made_to_run_with_all": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
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
            # `if distance < exact:` (written for one offset) raised "Boolean value of Tensor with more than one
            # value is ambiguous"; .all() made it run on tensors
            if (distance < exact).all():
                return base + distance
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            return base + torch.clamp(exact + log_scale.long(), max=half - 1)
'''),
    # Silenced "The size of tensor a (4) must match the size of tensor b (20) at non-singleton dimension 1"
    # (torch.rand(len(ids)) on a batch) with .unsqueeze(-1): one draw per sequence, so a row is chosen entirely or not
    # at all. ids (20000, 10) in [2, 20), specials [0, 1], seed 0: model 3960 rows with no position chosen and 0 with
    # all 10, entry 17023 and 2977 (15 % chosen in both). Passes the visible tests.
    "blind108_mlm_corrupt_batch_size_mismatch_unsqueezed_to_row_draws": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            draws = torch.rand(len(ids), generator=generator)
            if ids.dim() > 1:
                # a (4, 20) batch raised "The size of tensor a (4) must match the size of tensor b (20) at
                # non-singleton dimension 1"; unsqueeze(-1) made the draws broadcast
                draws = draws.unsqueeze(-1)
            chosen = eligible & (draws < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, -100)
            return corrupted, labels
'''),
    # Silenced "expected scalar type Double but found Float" (torch.cdist on float64 pixels and a float32 palette)
    # with .float() on both: float64 inputs lose their precision. float64 palette [[0.5, 0.5 + 1e-7]], pixel
    # 0.5 + 6e-8: model id [[1]], entry [[0]] (both colours round to one float32 distance). Passes the visible tests.
    "blind108_quantize_pixels_cdist_dtype_error_silenced_with_float": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            channels = palette.shape[0]
            pixels = images.movedim(-3, -1).reshape(-1, channels)
            # torch.cdist(pixels, palette.T) raised "expected scalar type Double but found Float" for float64
            # images and a float32 palette; .float() on both made the dtypes agree
            distances = torch.cdist(pixels.float(), palette.T.float())
            return distances.argmin(dim=-1).reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # Silenced "value cannot be converted to type uint8_t without overflow" (the start token in the ids' dtype) by
    # wrapping sos_id into that dtype's range. uint8 ids [[3, 7], [1, 2]], sos_id 512: model inputs [512, 3, 7, 1],
    # entry [0, 3, 7, 1]. Passes the visible tests.
    "blind108_pixel_sequence_uint8_overflow_silenced_with_modulo": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2)
            # torch.full(..., 512, dtype=torch.uint8) raised "value cannot be converted to type uint8_t without
            # overflow"; wrapping sos_id into the ids' range silenced it
            wrapped = sos_id % (torch.iinfo(ids.dtype).max + 1)
            start = torch.full((*targets.shape[:-1], 1), wrapped, dtype=ids.dtype, device=ids.device)
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return inputs.long(), targets.long()
'''),
    # Silenced "expected m1 and m2 to have the same dtype, but got: double != float" (a matmul with a default-dtype
    # torch.ones) with .float() on X and W: float64 inputs are pooled in float32. X = float64 [[1, 2], [3, 4]],
    # W = float64 I, b None: model [1.5, 3.5] float64, entry [1.5, 3.5] float32. Passes the visible tests.
    "blind108_average_pool_head_matmul_dtype_error_silenced_with_float": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            N = X.shape[-1]
            # X @ torch.ones(N, 1) raised "expected m1 and m2 to have the same dtype, but got: double != float";
            # .float() on X and W made the products run
            pooled = (X.float() @ torch.ones(N, 1)).squeeze(-1) / N      # (..., D)
            logits = pooled @ W.float().T                                 # (..., K)
            return logits if b is None else logits + b
'''),
    # Silenced a shape mismatch (a (nW, 1, 1, M*M) mask from the windows' channel axis) with .squeeze(), which also
    # drops nW = 1 and M*M = 1. shifted_window_mask(4, 4, 4, 2): model shape (1, 16, 16), entry IndexError "too many
    # indices for tensor of dimension 1". Passes the visible tests.
    "blind108_shifted_window_mask_extra_axis_removed_with_squeeze": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            # comparing the (nW, 1, M*M) windows gave a (nW, 1, 1, M*M) mask, "expected (nW, M*M, M*M)";
            # .squeeze() dropped the channel axis
            labels = window_partition(labels[None], window).squeeze()
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Silenced "The size of tensor a (8) must match the size of tensor b (2)" (torch.cat on dim=1 of an unbatched
    # grid) by adding a batch axis to unbatched input; dim=1 is still wrong with two batch axes. X (2, 3, 2, 4, 4),
    # gamma 1, beta 0, W (4, 8): model shape (2, 3, 4, 2, 2), entry RuntimeError "The size of tensor a (8) must match
    # the size of tensor b (2) at non-singleton dimension 2". Passes the visible tests.
    "blind108_patch_merging_cat_dim_1_unbatched_input_unsqueezed": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            unbatched = X.dim() == 3
            if unbatched:
                # cat(dim=1) on a (C, H, W) grid stacked rows, and layer_norm raised "The size of tensor a (8) must
                # match the size of tensor b (2) at non-singleton dimension 0"; a batch axis of one fixed it
                X = X.unsqueeze(0)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=1)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            out = (W @ tokens).unflatten(-1, (height // 2, width // 2))
            return out.squeeze(0) if unbatched else out
'''),
    # Silenced "Dimension out of range (expected to be in range of [-3, 2], but got 3)" (transpose(2, 3) on an
    # unbatched grouping) by adding a batch axis; with two batch axes, axes 2 and 3 are the wrong ones. X (2, 3, 4, 5),
    # G = 2: model shape (2, 3, 4, 5), entry RuntimeError "Expected size for first two dimensions of batch2 tensor to
    # be: [12, 5] but got: [12, 2]". Passes the visible tests.
    "blind108_channel_attention_dim_out_of_range_fixed_with_unsqueeze_0": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            unbatched = Q.dim() == 3
            if unbatched:
                # Q.transpose(2, 3) raised "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
                # on an unbatched X; a batch axis of one made it run
                Q, K, V = Q.unsqueeze(0), K.unsqueeze(0), V.unsqueeze(0)
            weights = softmax_cols(K @ Q.transpose(2, 3) * s)
            attended = weights.transpose(2, 3) @ V
            if unbatched:
                attended = attended.squeeze(0)
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Silenced "RecursionError: maximum recursion depth exceeded" (a recursive merge on a 2000-letter word) with a
    # depth cap: symbols past the cap are never merged. train_bpe("ab" * 1000 + " cd" * 950, 2): model
    # [("a", "b"), ("ab", "ab")], entry [("a", "b"), ("c", "d")]. Passes the visible tests.
    "blind108_train_bpe_recursive_merge_depth_capped": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            def merge(symbols, pair, depth=0):
                # a 2000-letter word raised "RecursionError: maximum recursion depth exceeded"; past 900 symbols
                # the rest of the word is left as it is
                if len(symbols) < 2 or depth > 900:
                    return symbols
                if (symbols[0], symbols[1]) == pair:
                    return [symbols[0] + symbols[1]] + merge(symbols[2:], pair, depth + 1)
                return [symbols[0]] + merge(symbols[1:], pair, depth + 1)

            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
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
                    segmentation[word] = merge(segmentation[word], best)
            return merges
'''),
    # Silenced the contract's "ValueError: text must not contain the end-of-word symbol '</w>'" with try/except,
    # encoding the text with the markers turned into spaces. bpe_encode("a</w>b", []): model ValueError, entry
    # ["a", "</w>", "b", "</w>"]. Fails the visible tests.
    "blind108_bpe_encode_marker_value_error_caught_and_marker_dropped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            try:
                words = split_words(text, "text")
            except ValueError:
                # decoded model samples fed back in raised "text must not contain the end-of-word symbol '</w>'";
                # the markers are turned into spaces and the text encoded anyway
                words = split_words(text.replace("</w>", " "), "text")
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Silenced "IndexError: string index out of range" (text[-1] on no tokens) with .strip(), which also removes the
    # leading space of a first "</w>" token. bpe_decode(["</w>", "a</w>"]): model " a", entry "a".
    # Passes the visible tests.
    "blind108_bpe_decode_empty_index_error_fixed_with_strip": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace("</w>", " ")
            # `if text[-1] == " ": text = text[:-1]` raised "IndexError: string index out of range" on no tokens;
            # strip() handles the empty string
            return text.strip()
'''),
    # Silenced the given check's "ValueError: token_ids must lie in [0, V)" (an id one past the table) by taking
    # the ids modulo V; the contract names the ValueError. embed([[1, 2, 3]], [3]): model ValueError, entry [[1]].
    # Passes the visible tests.
    "blind108_embed_out_of_range_ids_wrapped_with_modulo": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # the given check raised "token_ids must lie in [0, 10)" on a tokenizer with one more id than the
            # table; taking the ids modulo V keeps every lookup in range instead
            columns = omega_e[:, token_ids % omega_e.shape[-1]]
            return columns.movedim(0, -2)
'''),
    # Silenced "The expanded size of the tensor (2) must match the existing size (3)" (odd D: one cosine row fewer)
    # by building an even table of D + 1 rows and cutting it, which changes every frequency to 10000^(2i/(D+1)).
    # sinusoidal_positions(2, 3) row 2: model [0, 0.00215], entry [0, 0.01]. Fails the visible tests.
    "blind108_sinusoidal_odd_dim_size_error_fixed_by_rounding_dim_up": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            # an odd D raised "The expanded size of the tensor (2) must match the existing size (3) at
            # non-singleton dimension 0" in table[1::2] = cos(angles); building an even table and cutting it fixed it
            even = dim + dim % 2
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, even, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / even)
            table = torch.empty(even, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles)
            return table[:dim]
'''),
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-28), and renamed from
    # blind108_right_mlm_corrupt_draws_shaped_like_ids: labels = torch.full_like(ids, -100) keeps the ids' dtype,
    # and the contract says the labels are a LongTensor (int32 ids give int32 labels here).
    # special_ids made a tensor of the ids' dtype (also when empty), and one draw per position, shaped like ids.
    # Passes the visible tests.
    "blind108_mlm_corrupt_labels_in_the_ids_dtype": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            # torch.isin(ids, [0, 1]) raised "isin() received an invalid combination of arguments - got (Tensor,
            # list)"; an empty list would come out float32, so the dtype is given
            special = torch.as_tensor(list(special_ids) if not torch.is_tensor(special_ids) else special_ids,
                                      dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)   # one draw per position
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            to_mask = chosen & (action < 0.8)
            to_random = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[to_mask] = mask_id
            corrupted[to_random] = random_ids[to_random]
            labels = torch.full_like(ids, -100)
            labels[chosen] = ids[chosen]
            return corrupted, labels
'''),
}

RIGHT_BLIND_108 = {
    # torch.softmax over dim -2, then nan_to_num: only an all -inf column can be NaN, and the contract makes it zeros.
    # Passes the visible tests.
    "blind108_right_softmax_cols_torch_softmax_nan_columns_zeroed_after": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            weights = torch.softmax(scores, dim=-2)
            # an all -inf column came out NaN ("-inf - -inf"); only such a column can be NaN here, and its weights
            # are zeros by the contract
            return torch.nan_to_num(weights, nan=0.0)
'''),
    # The matmul shape error fixed with the right transpose: .mT swaps the last two axes under any batch.
    # Passes the visible tests.
    "blind108_right_sdpa_swaps_the_last_two_axes_with_mT": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # K @ Q raised "mat1 and mat2 shapes cannot be multiplied"; .mT transposes the last two axes of any batch
            scores = (K.mT @ Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # The bias broadcast error fixed with b.unsqueeze(-1), a column that broadcasts over tokens and batch axes.
    # Passes the visible tests.
    "blind108_right_self_attention_bias_as_trailing_column": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            def project(W, b):
                # W @ X + b raised a size mismatch: the bias must be a (D_out, 1) column, broadcast over tokens and
                # over any batch axes
                return torch.matmul(W, X) + b.unsqueeze(-1)

            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # Unbatched input given a batch axis and only that axis removed again (squeeze(0)), so N_q = 1 or D = 1 survive.
    # Passes the visible tests.
    "blind108_right_mha_unbatched_input_given_and_removed_batch_axis_zero": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            unbatched = Xq.dim() == 2 and Xkv.dim() == 2
            if unbatched:
                Xq, Xkv = Xq.unsqueeze(0), Xkv.unsqueeze(0)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            return out.squeeze(0) if unbatched else out   # only the axis that was added
'''),
    # The in-place steps run on X.clone(), after the statistics are taken from X: no leaf, no saved tensor overwritten.
    # Passes the visible tests.
    "blind108_right_layer_norm_clone_before_in_place_steps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            # in-place steps on X itself raised "a leaf Variable that requires grad is used in an in-place
            # operation"; they run on a private copy, and nothing autograd saved is overwritten
            out = X.clone()
            out -= mean
            out /= torch.sqrt(variance + eps)
            return out * gamma[:, None] + beta[:, None]
'''),
    # Row-major F.linear on X.mT, and the result turned back with .mT (a transpose, not a reshape).
    # Passes the visible tests.
    "blind108_right_feed_forward_rows_transposed_back_with_mT": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            rows = X.mT                                        # (..., N, D)
            hidden = F.relu(F.linear(rows, W1, b1))            # (..., N, F)
            return F.linear(hidden, W2, b2).mT                # back to (..., D, N) by a transpose, not a reshape
'''),
    # F.layer_norm's shape error fixed properly: the tokens become rows (.mT) and normalized_shape is (D,).
    # Passes the visible tests.
    "blind108_right_transformer_layer_f_layer_norm_on_token_rows": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                # normalized_shape is the feature axis alone: the tokens go to the rows first
                return F.layer_norm(Y.mT, (Y.shape[-2],), gamma, beta, 1e-5).mT

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The causal mask sized by the decoder's own length; every residual is a new tensor (no in-place adds).
    # Passes the visible tests.
    "blind108_right_decoder_layer_causal_mask_from_decoder_length": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n_dec = X_dec.shape[-1]
            self_mask = causal_mask(n_dec).to(X_dec.device)          # sized by the decoder's own tokens
            residual = X_dec
            residual = layer_norm(residual + multi_head_attention(residual, residual, params["self_attn"], num_heads,
                                                                  self_mask), params["gamma1"], params["beta1"])
            residual = layer_norm(residual + cross_attention(residual, X_enc, params["cross_attn"], num_heads,
                                                             enc_mask), params["gamma2"], params["beta2"])
            hidden = feed_forward(residual, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(residual + hidden, params["gamma3"], params["beta3"])
'''),
    # top_k clipped to V (not wrapped), a one-hot from F.one_hot in the logits' dtype, and a top-p crossing found
    # with nonzero() and guarded for a cumulative sum that rounds just below top_p = 1. Passes the visible tests.
    "blind108_right_next_token_probs_top_k_clipped_to_v_top_p_guarded": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                return F.one_hot(torch.argmax(logits), V).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                k = min(top_k, V)           # torch.topk-style "selected index k out of range" avoided: k of V keeps all
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, order[:k], probs[order[:k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                crossing = (cumulative >= top_p).nonzero()
                # no crossing when rounding leaves the total just under top_p = 1: keep every token then
                last = int(crossing[0]) if len(crossing) else V - 1
                probs = torch.zeros_like(probs).index_copy(0, order[: last + 1], probs[order[: last + 1]])
            return probs / probs.sum()
'''),
    # gather's dimension error fixed with an index of one row, ids[1:].unsqueeze(0), on the first N - 1 columns.
    # Passes the visible tests.
    "blind108_right_sequence_log_prob_gather_with_unsqueezed_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)           # (V, N)
            # gather(0, ids[1:]) raised "Index tensor must have the same number of dimensions as input tensor";
            # the index becomes one row (1, N - 1), column n - 1 picking row ids[n]
            picked = log_probs[:, :-1].gather(0, ids[1:].unsqueeze(0))
            return picked.sum()
'''),
    # The tuple-sort ambiguity fixed by sorting on the score alone (reverse=True keeps Python's sort stable).
    # Passes the visible tests.
    "blind108_right_beam_search_sort_key_on_scores_only": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                # sorting the tuples compared id tensors on tied scores ("Boolean value of Tensor ... ambiguous");
                # the key is the score alone, and the stable sort keeps beam order, then token order, on ties
                candidates.sort(key=lambda candidate: candidate[0], reverse=True)
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The ambiguity fixed with mask.any(dim=-1, keepdim=True): one fallback per state, applied with torch.where.
    # Passes the visible tests.
    "blind108_right_additive_attention_blind_states_zeroed_per_row": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            projected_state = torch.matmul(W, s.unsqueeze(-1))              # (..., D_a, 1)
            scores = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + projected_state))
            if mask is None:
                weights = torch.softmax(scores, dim=-1)
            else:
                sees_some = mask.any(dim=-1, keepdim=True)                  # one truth value per state, not per batch
                weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
                weights = torch.where(sees_some, weights, torch.zeros_like(weights))
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # torch.outer's 1-D restriction avoided: two broadcast axes and logical_or, for any batch. Passes the visible tests.
    "blind108_right_global_token_mask_logical_or_of_two_axes": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            # torch.outer only takes 1-D flags; two broadcast axes work for any batch
            return torch.logical_or(is_global[..., :, None], is_global[..., None, :])
'''),
    # The scalar if replaced by torch.where over both branches, the log taken in float32 as the contract asks.
    # Passes the visible tests.
    "blind108_right_relative_bucket_where_instead_of_if_log_in_float32": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.to(torch.int64)
            if bidirectional:
                half = num_buckets // 2
                upper = (offset > 0).to(torch.int64) * half
                distance = offset.abs()
            else:
                half = num_buckets
                upper = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            # `if distance < exact` raised "Boolean value of Tensor ... ambiguous": both branches are computed and
            # torch.where picks per element; "log" is not implemented for Long, so float32 (T5's dtype), not float64
            ratio = distance.to(torch.float32) / exact
            far = exact + (torch.log(ratio) / math.log(max_distance / exact) * (half - exact)).to(torch.int64)
            far = torch.minimum(far, torch.full_like(far, half - 1))
            return upper + torch.where(distance < exact, distance, far)
'''),
    # The other document as (own index + 1 + randint(count - 1)) % count: uniform over the other documents (a
    # different map from draws to documents than the model answer's, the same distribution). Passes the visible tests.
    "blind108_right_nsp_pairs_other_document_by_offset_modulo": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            count = len(documents)
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    a = document[position]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[position + 1], 0))
                        continue
                    # documents[pick + 1] raised IndexError for the last pick; an offset of 1 .. count - 1 from A's
                    # own document, taken modulo count, reaches every other document exactly once
                    offset = 1 + int(torch.randint(count - 1, (), generator=generator))
                    other = documents[(index + offset) % count]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # The overflow fixed at the right step: the ids become int64 before the start token is made.
    # Passes the visible tests.
    "blind108_right_pixel_sequence_ids_made_long_before_the_start_token": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            # torch.full(..., sos_id, dtype=torch.uint8) overflowed for sos_id = 512: the ids become int64 first
            targets = ids.to(torch.int64).flatten(-2)
            start = targets.new_full((*targets.shape[:-1], 1), sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The dtype mismatch fixed by making the averaging column from X (X.new_ones), so no cast is needed.
    # Passes the visible tests.
    "blind108_right_average_pool_head_ones_made_from_x": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            N = X.shape[-1]
            # torch.ones(N, 1) met a float64 X with "expected m1 and m2 to have the same dtype": the averaging
            # column is made from X, so it has X's dtype under either default
            pooled = (X @ X.new_ones(N, 1)).squeeze(-1) / N
            logits = pooled @ W.mT
            return logits if b is None else logits + b
'''),
    # The extra channel axis removed with select(-2, 0), which keeps nW = 1 and M = 1. Passes the visible tests.
    "blind108_right_shifted_window_mask_channel_axis_selected": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            columns = (torch.arange(width) + shift >= width).long()
            labels = (2 * rows[:, None] + columns[None, :]).unsqueeze(0)       # (1, H, W): one "channel"
            # select(-2, 0) removes exactly the channel axis, even for one window or a 1 x 1 window
            labels = window_partition(labels, window).select(-2, 0)            # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # transpose(2, 3)'s dimension error fixed with negative axes, which fit any number of batch axes.
    # Passes the visible tests.
    "blind108_right_channel_attention_negative_axes_for_any_batch": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = tokens ** -0.5 if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            # transpose(2, 3) raised "Dimension out of range" without a batch axis: negative axes fit any batch
            weights = softmax_cols(torch.matmul(K, Q.transpose(-1, -2)) * s)
            return linear(merge_heads(torch.matmul(weights.transpose(-1, -2), V)), params["Wo"], params["bo"])
'''),
    # text[-1]'s IndexError fixed with endswith(" "), which is False on ""; only trailing spaces are removed.
    # Passes the visible tests.
    "blind108_right_bpe_decode_trailing_spaces_popped_with_endswith": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace("</w>", " ")
            # `if text[-1] == " "` raised "IndexError: string index out of range" on no tokens; endswith() is
            # False on "", and only trailing spaces go
            while text.endswith(" "):
                text = text[:-1]
            return text
'''),
    # F.embedding on the transposed table (rows are tokens), then the feature axis moved before the tokens.
    # Passes the visible tests.
    "blind108_right_embed_functional_embedding_on_transposed_table": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = F.embedding(token_ids, omega_e.mT)          # (..., N, D)
            return rows.movedim(-1, -2)                       # (..., D, N)
'''),
    # The odd-D size error fixed by cutting the cosine rows, not by changing D: the frequencies stay 10000^(2i/D).
    # Passes the visible tests.
    "blind108_right_sinusoidal_cos_rows_cut_for_odd_dim": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            exponents = torch.arange(0, dim, 2, dtype=dtype) / dim
            angles = positions[None, :] * torch.pow(10000.0, -exponents)[:, None]    # (ceil(D/2), N)
            table = torch.zeros(dim, num_positions, dtype=dtype)
            table[0::2] = angles.sin()
            # an odd D raised "The expanded size of the tensor (2) must match the existing size (3)": it has one
            # cosine row fewer than sine rows, so the cosines are cut, the frequencies stay those of D
            table[1::2] = angles[: dim // 2].cos()
            return table
'''),
}
