"""Seventy-third blind batch of held-out implementations (prefix blind72_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_71.py) were only skimmed for
their entry names and header decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor the batches written at the same time (held_out_blind_73.py, held_out_blind_74.py).

Emphasis: fast paths for special inputs. Wrong entries add a shortcut that skips work when an input looks special, and
the shortcut (or the general path behind it) is wrong on some allowed input: a shortcut condition too broad (a window
of half the sequence taken as dense, equal shapes taken as self-attention, every query seeing some key taken as no
mask, a one-window grid taken as needing no shift mask, a stride of n - 1 taken as diagonal-only, k = V - 1 taken as
keeping all), a shortcut that ignores the mask where the single key, position, token or encoder token is hidden, one
that drops an argument (norm_first in a recursive call, a given scale, top_k under top_p = 1, eps = 0.0 and
scale = 0.0 read as "use the default"), the wrong dtype (float eye, F.one_hot's int64, a list of ints, default-dtype
zeros, scores.float()), the wrong shape (squeezed single token, batch of one, single patch, single feature, single
column grid, a missing nW axis, a (1, n, 1) padding mask, a (1, 1) mask for n = 0), weights detached from the graph by
an identity or zero weight shortcut, an aliased temperature-1 input shifted in place, a general path that only works
for full-shape masks or for 2-D masks, a crop decided once from the prompt, a width-1 greedy path that ignores eos, and
the BPE shortcuts for one-character words. Right entries use the same kinds of fast paths correctly: the result equal in
value, shape and dtype to the general path, freshly allocated (a clone, never an input), and on the graph wherever the
contract wants a gradient.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind72/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added and the entry's source
replacing the function, the stub's input checks substituted) and run against its exercise's visible tests: every right
entry passes them, and each wrong entry's comment says whether it does (40 of the 59 wrong entries pass them:
most of these shortcuts fire only on special inputs the visible tests do not try). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says (values, shape,
dtype, an exception, a gradient that is None, or the caller's logits changed). Right entries were compared with the
model answer on 120 random cases per function (60 under each default dtype), inputs float32 and float64 at 1, 1000
and 1e-3 scale, batch shapes (), (1,), (2,), (2, 3), broadcasting masks (all True, all False, random), the special
sizes each fast path targets (M = 1, N = 1, D = 1, D_k = 1, H = 1, G = 1, V = 1, K = 1, P = 1 and P = H = W, window 1,
shift 0, one 2x2 block, n = 0, stride >= n, k >= V, top_p = 1, temperature 0 and 1, zero positions, empty merges,
one-character words): values to 1e-4 (float32) / 1e-10 (float64) relative, exact shapes and dtypes, exact equality for
masks, ids, ints, strings and lists, inputs left unchanged, no input returned as the result, and gradients (a random
weighting of the finite outputs, backpropagated to every floating-point input and weight) within 1e-3, a missing
gradient counted as zero. generate was compared on 40 seeded runs (three calls on one generator, same ids and the same
generator state afterwards), beam_search on 80 random and tie-heavy models, nsp_pairs on 120 seeded document lists
(over two runs: the author's checker stopped on an empty document in the first, and a mixed re-run gave the rest).

Judgement calls: an aliased return on its own (returning the input tensor from a shortcut, as solutions/ does for
generate with max_new_tokens = 0) was not made a wrong entry, since the contract does not say results must be fresh;
the aliasing entry here is wrong because it then writes into the caller's logits. Right entries never return an input.
blind72_right_transformer_layer_single_token_value_path leaves Wq, bq, Wk, bk off the graph for one unmasked token,
where their true gradient is exactly zero (the single weight is 1), which the contract allows ("a weight whose true
gradient is zero ... may be left out"); if the grader demands a gradient tensor for every weight this entry would be
penalised. blind72_right_ntp_neutral_options_skipped skips top_p = 1, which keeps every positive token, where the
model answer's float cumulative sum can reach 1.0 early and drop tokens of probability below ~1e-7: the difference is
within float32 tolerance, and the skip is the contract's exact answer. blind72_decoder_layer_single_token_skips_self_
attention differs from the model answer only through LN1 (the skipped residual), so its differences can be small after
three layer norms, but they are far above float32 rounding. blind72_feed_forward_zero_second_weight_returns_bias and
blind72_layer_norm_identity_affine_skips_gamma_beta are right in value and wrong only in gradient (W2, gamma, beta
have nonzero true gradients there). Dropped: a softmax one-row shortcut returning ones_like built off the graph as a
right entry (its output would not require grad); an apply_mask shortcut returning full_like(-inf) for an all-False
mask as a right entry (same reason); a self_attention shortcut reusing Q as K when only the weights are equal, which
turned out right (a key bias does not change the column softmax); mlm_corrupt shortcuts for mask_prob = 0, whose
generator consumption I could not pin to the contract.

Counts: 59 wrong, 41 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 4, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'grid_attention': 1, 'layer_norm': 3, 'local_mask': 2, 'multi_head_attention': 3, 'next_token_probs': 5, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'shifted_window_mask': 2, 'sinusoidal_positions': 2, 'softmax_cols': 3, 'sparse_attention_cost': 2, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 2}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_72 = {
    # Fast path for a single key row (M = 1): "the softmax of one entry is 1", so it returns ones. A column whose
    # only key is hidden (-inf) must come out 0, not 1. softmax_cols(tensor([[0., -inf]])): model [[1., 0.]],
    # entry [[1., 1.]]. Passes the visible tests.
    "blind72_softmax_single_key_row_all_ones": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if scores.shape[-2] == 1:                      # one key: its weight is 1
                return torch.ones_like(scores)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Fast path when nothing is masked (no -inf anywhere): plain exp / sum, the max subtraction being "only needed
    # for the -inf columns". Overflows for large finite scores. softmax_cols(tensor([[1e4], [0.]])) in float32:
    # model [[1.], [0.]], entry [[nan], [0.]]. Fails the visible tests.
    "blind72_softmax_unmasked_fast_path_skips_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if not torch.isinf(scores).any():              # no masking: the simple formula
                exps = torch.exp(scores)
                return exps / exps.sum(dim=-2, keepdim=True)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Fast path when nothing is masked: torch.softmax on scores.float() "for speed". A float64 input comes back
    # float32 (and is computed in float32). softmax_cols(torch.randn(3, 4, dtype=torch.float64)).dtype: model
    # float64, entry float32. Fails the visible tests.
    "blind72_softmax_unmasked_fast_path_in_float32": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if not torch.isneginf(scores).any():
                return torch.softmax(scores.float(), dim=-2)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Shortcut for a mask that hides everything: "nothing is visible, so the scores are zero". The contract wants
    # -inf everywhere. apply_mask(torch.ones(2, 2), torch.zeros(2, 2, dtype=torch.bool)): model all -inf, entry
    # all 0. Passes the visible tests.
    "blind72_apply_mask_nothing_visible_returns_zeros": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if not mask.any():
                return torch.zeros_like(scores)
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Shortcut for an all-True mask returns scores.float(): right values, but a float64 input comes back float32.
    # apply_mask(torch.ones(2, 2, dtype=torch.float64), torch.ones(2, 2, dtype=torch.bool)).dtype: model float64,
    # entry float32. Passes the visible tests.
    "blind72_apply_mask_all_visible_returns_float32": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if mask.all():
                return scores.float()                      # nothing to hide
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Shortcut for an all-True mask returns a detached copy: the values are right but no gradient reaches the
    # scores. apply_mask(S, all-True mask).sum().backward() with S requiring grad: model S.grad = ones, entry
    # raises (the result does not require grad). Passes the visible tests.
    "blind72_apply_mask_all_visible_detached_copy": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if bool(mask.all()):
                return scores.detach().clone()
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # The general path indexes with the mask (out[~mask] = -inf), which needs a mask of the scores' full shape;
    # only the all-True fast path copes with a broadcasting mask. apply_mask(torch.zeros(2, 3, 3), causal (3, 3)):
    # model the masked scores, entry raises IndexError. Fails the visible tests.
    "blind72_apply_mask_general_path_needs_full_shape": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.clone()
            if mask.all():
                return out
            out[~mask] = float("-inf")
            return out
'''),
    # Tiny-size shortcut: n <= 1 gives the literal [[True]]; n = 0 then gives a (1, 1) mask, neither the (0, 0)
    # empty mask nor an exception. causal_mask(0).shape: model (0, 0), entry (1, 1). Passes the visible tests.
    "blind72_causal_mask_tiny_n_literal_one_by_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            if n <= 1:
                return torch.tensor([[True]])
            return torch.tril(torch.ones(n, n, dtype=torch.bool)).T
'''),
    # Shortcut when every sequence is full length returns one row (1, n, 1), "it broadcasts anyway"; the
    # contract's shape is (B, n, 1). padding_mask(tensor([3, 3]), 3).shape: model (2, 3, 1), entry (1, 3, 1).
    # Passes the visible tests.
    "blind72_padding_mask_full_lengths_one_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            if bool((lengths == n).all()):
                return torch.ones(1, n, 1, dtype=torch.bool, device=lengths.device)
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # Shortcut for window 0 returns torch.eye(n), a float tensor, not a bool mask. local_mask(3, 0).dtype: model
    # torch.bool, entry torch.float32. Passes the visible tests.
    "blind72_local_mask_zero_window_float_eye": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window == 0:
                return torch.eye(n)                        # every token sees only itself
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets.abs() <= window
'''),
    # Shortcut condition too broad: a window reaching half the sequence on each side is taken to cover everything.
    # local_mask(5, 3)[0, 4]: model False (|4 - 0| = 4 > 3), entry True. Passes the visible tests.
    "blind72_local_mask_half_width_window_all_visible": ("masking", "local_mask", '''
        def local_mask(n, window):
            if 2 * window >= n:                            # the band already spans the sequence
                return torch.ones(n, n, dtype=torch.bool)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets.abs() <= window
'''),
    # Single-key fast path (N_k = 1): the weight is 1 and the output is V, ignoring the mask; a query whose only
    # key is hidden must get weight 0 and output 0. sdpa(Q (2, 3), K (2, 1), V (4, 1), mask=tensor([[True, False,
    # True]])): model weights [[1, 0, 1]], entry [[1, 1, 1]]. Passes the visible tests.
    "blind72_sdpa_single_key_ignores_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if K.shape[-1] == 1:                           # one key: it takes all the weight
                weights = (K.transpose(-2, -1) @ Q) * 0 + 1
                return V @ weights, weights
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # The no-mask fast path calls torch.softmax on K^T Q and forgets the 1/sqrt(D_k) the masked path applies.
    # sdpa(Q, K, V) with D_k = 4 and no mask: model softmax(K^T Q / 2), entry softmax(K^T Q). Fails the visible
    # tests.
    "blind72_sdpa_no_mask_fast_path_unscaled": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
                return V @ weights, weights
            scores = apply_mask(scores / math.sqrt(Q.shape[-2]), mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Shortcut condition too broad: "if every query still sees some key there is nothing special to handle", so
    # the mask is dropped; it only needed to skip the all-hidden-column care, not the masking. sdpa with a causal
    # (3, 3) mask: model weights upper-triangular, entry dense. Fails the visible tests.
    "blind72_sdpa_mask_dropped_when_every_query_sees_a_key": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None and bool(mask.any(dim=-2).all()):
                mask = None                                # no empty column: plain softmax is fine
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Single-token fast path (N = 1): the output is V itself, returned squeezed to (..., D_v) and the weights to
    # (...,); the contract keeps the token axis. self_attention(X (4, 1), ...)[0].shape: model (4, 1), entry (4,).
    # Passes the visible tests.
    "blind72_self_attention_single_token_squeezed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            V = linear(X, Wv, bv)
            if X.shape[-1] == 1 and mask is None:          # one token attends only to itself
                return V.squeeze(-1), torch.ones(V.shape[:-2], dtype=V.dtype)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Single-head fast path: "one head needs no concatenation and no output projection", so Wo and bo are skipped.
    # multi_head_attention(X, X, params, 1): model Wo @ heads + bo, entry heads. Passes the visible tests.
    "blind72_mha_single_head_skips_output_projection": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            if num_heads == 1:
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                return out
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                    split_heads(V, num_heads), mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # A 2-D mask is passed as is (it broadcasts over heads); any other mask gets its head axis at position 1,
    # right for a (B, N_k, N_q) mask but not for a mask with two batch axes. Batch (2, 3), mask (1, 3, N_k, N_q):
    # model masks per (b, c), entry raises (the mask's 3 lines up with the batch axis). Passes the visible tests.
    "blind72_mha_batched_mask_head_axis_at_dim1": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() > 2:        # a 2-D mask already broadcasts over the heads
                mask = mask.unsqueeze(1)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Shortcut condition too broad: inputs of the same shape are taken for self-attention, so the keys and values
    # are projected from Xq. multi_head_attention(Xq (4, 3), Xkv (4, 3) a different tensor, params, 2): model
    # attends to Xkv, entry to Xq. Passes the visible tests.
    "blind72_mha_equal_shapes_treated_as_self_attention": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if Xq.shape == Xkv.shape:                      # self-attention: project the input once
                Xkv = Xq
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # `eps = eps or 1e-5`: an explicit eps=0.0 (no smoothing) is replaced by the default. layer_norm(X = [[1.],
    # [1.001]], ones, zeros, eps=0.0): model [[-1.], [1.]], entry about [[-0.16], [0.16]] (float32). Fails the
    # visible tests.
    "blind72_layer_norm_zero_eps_replaced_by_default": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            eps = eps or 1e-5
            mean = X.mean(dim=-2, keepdim=True)
            centred = X - mean
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # One-feature shortcut (D = 1: the result is beta) returns beta as a (1, 1) column, not broadcast to X's
    # shape. layer_norm(torch.randn(2, 1, 3), ones(1), zeros(1)).shape: model (2, 1, 3), entry (1, 1). Passes the
    # visible tests.
    "blind72_layer_norm_single_feature_returns_beta_column": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if X.shape[-2] == 1:                           # one feature normalises to 0: only beta is left
                return beta[:, None].clone()
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, unbiased=False)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Identity-affine shortcut: with gamma all ones and beta all zeros it returns the plain normalisation, so
    # gamma and beta drop off the graph although their gradients are not zero there. layer_norm(X, ones(D)
    # requiring grad, zeros(D) requiring grad).sum(): model gives gamma.grad = sum of the normalised X, entry
    # gamma.grad None. Passes the visible tests.
    "blind72_layer_norm_identity_affine_skips_gamma_beta": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            if bool((gamma == 1).all()) and bool((beta == 0).all()):
                return normalised                          # identity affine: nothing to do
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Zero-weight shortcut: with W2 all zero the output is b2 in every column, returned without W2 on the graph;
    # W2's true gradient (relu(W1 X + b1)) is not zero. feed_forward(X, W1, b1, zeros W2 requiring grad,
    # b2).sum().backward(): model W2.grad nonzero, entry W2.grad None. Passes the visible tests.
    "blind72_feed_forward_zero_second_weight_returns_bias": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            if not bool(W2.any()):                         # the second layer kills everything
                return b2[:, None] + torch.zeros_like(X)
            return linear(torch.relu(linear(X, W1, b1)), W2, b2)
'''),
    # Single-token fast path: with N = 1 the attention output is Wo (Wv x + bv) + bo whatever the scores, so the
    # attention call is skipped; but a mask hiding the only key makes the output bo. transformer_layer(X (4, 1),
    # params, 2, mask=tensor([[False]])): model uses bo, entry Wo (Wv x + bv) + bo. Passes the visible tests.
    "blind72_transformer_layer_single_token_ignores_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                if Y.shape[-1] == 1:                       # one token attends to itself with weight 1
                    return linear(linear(Y, params["Wv"], params["bv"]), params["Wo"], params["bo"])
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # All-visible shortcut calls itself without the mask, and also without norm_first: a pre-LN layer given an
    # all-True mask runs post-LN. transformer_layer(X, params, 2, mask=all True, norm_first=True): model pre-LN,
    # entry post-LN. Passes the visible tests.
    "blind72_transformer_layer_all_visible_recursion_drops_norm_first": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None and bool(mask.all()):
                return transformer_layer(X, params, num_heads)     # an all-True mask is no mask
            attended = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attended(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attended(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
            return X
'''),
    # Single-encoder-token fast path: with N_e = 1 every decoder query reads Wo (Wv x_enc + bv) + bo, so the
    # attention is skipped and enc_mask with it; a padding mask of length 0 must give bo. cross_attention(X_dec
    # (4, 3), X_enc (4, 1), params, 2, enc_mask=torch.zeros(1, 1, dtype=torch.bool)): model bo in every column,
    # entry the value path. Passes the visible tests.
    "blind72_cross_attention_single_encoder_token_ignores_enc_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if X_enc.shape[-1] == 1:                       # one encoder token: all weight on it
                values = params["Wv"] @ X_enc + params["bv"][:, None]
                out = params["Wo"] @ values + params["bo"][:, None]
                return out.expand(*out.shape[:-1], X_dec.shape[-1]) + 0 * X_dec
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Single-token shortcut: "one decoder token has nothing to mix with", so the self-attention block is skipped;
    # it still adds Wo (Wv x + bv) + bo before LN1. decoder_layer(X_dec (4, 1), X_enc (4, 3), params, 2): model
    # and entry differ in every entry. Passes the visible tests.
    "blind72_decoder_layer_single_token_skips_self_attention": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            if X.shape[-1] > 1:                            # a lone token has no one else to attend to
                attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
                X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            else:
                X = layer_norm(X, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # top_p = 1 fast path returns the tempered softmax at once, before top-k has run. next_token_probs(tensor([3.,
    # 2., 1.]), top_k=1, top_p=1.0): model [1, 0, 0], entry the full softmax. Passes the visible tests.
    "blind72_ntp_top_p_one_returns_before_top_k": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if top_p is not None and top_p >= 1.0:
                return torch.softmax(logits / temperature, dim=-1)    # keeps everything
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < len(probs):
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.clone()
                probs[order[top_k:]] = 0
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = probs.clone()
                probs[order[num_kept:]] = 0
            return probs / probs.sum()
'''),
    # Temperature-1 fast path aliases the logits (no division) and then shifts them by their max in place, so the
    # caller's logits change. next_token_probs(l) with l = tensor([1., 2., 3.]): both return the same
    # probabilities, but afterwards the model leaves l as [1, 2, 3], the entry makes it [-2, -1, 0]. Passes the
    # visible tests.
    "blind72_ntp_unit_temperature_shifts_caller_logits_in_place": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits if temperature == 1 else logits / temperature   # dividing by 1 is a copy for nothing
            scaled -= scaled.max()
            probs = torch.exp(scaled)
            probs = probs / probs.sum()
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                probs = torch.where(torch.isin(torch.arange(len(probs)), order[:top_k]), probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = torch.where(torch.isin(torch.arange(len(probs)), order[:num_kept]), probs, 0.0)
            return probs / probs.sum()
'''),
    # top_k = 1 fast path builds the one-hot with F.one_hot, an int64 tensor, not probabilities in the logits'
    # dtype. next_token_probs(tensor([1., 3., 2.]), top_k=1).dtype: model float32, entry int64. Fails the visible
    # tests.
    "blind72_ntp_top_one_one_hot_int64": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0 or top_k == 1:             # a single survivor: the arg-max
                return F.one_hot(torch.argmax(logits), logits.shape[-1])
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Greedy fast path makes its one-hot with torch.zeros(V): the default dtype, not the logits'.
    # next_token_probs( tensor([1., 3.], dtype=torch.float64), temperature=0).dtype: model float64, entry float32.
    # Passes the visible tests.
    "blind72_ntp_greedy_one_hot_default_dtype": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros(logits.shape[0])
                probs[int(logits.argmax())] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
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
    # Off by one in the top-k shortcut: k = V - 1 is taken to keep everything, but it drops the least likely
    # token. next_token_probs(tensor([3., 2., 1.]), top_k=2): model [0.731, 0.269, 0], entry the full softmax.
    # Fails the visible tests.
    "blind72_ntp_top_k_one_below_vocab_keeps_all": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < len(probs) - 1:
                order = torch.sort(probs, descending=True, stable=True).indices
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
    # The window test is made once, from the prompt: a prompt that already fits the window is never cropped, even
    # when the generated ids outgrow it. generate(model, prompt of 2 ids, 4, context_size=3): at the last steps
    # the model sees 3 ids in the model answer, 4 and 5 in the entry (different logits for a model that reads its
    # whole input). Fails the visible tests.
    "blind72_generate_crop_decided_once_from_prompt": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            crop = context_size is not None and len(prompt) > context_size   # short prompts need no cropping
            for _ in range(max_new_tokens):
                context = ids[-context_size:] if crop else ids
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Width-1 fast path runs greedy decoding but forgets that a beam ending in eos is finished: it goes on after
    # eos. beam_search(model whose arg-max is eos then 1, prompt [0], 1, 3, eos_id=2): model [0, 2], entry [0, 2,
    # x, y]. Passes the visible tests.
    "blind72_beam_width_one_greedy_ignores_eos": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if beam_width == 1:                            # one beam is greedy decoding
                ids = prompt
                for _ in range(max_new_tokens):
                    token = int(torch.argmax(model(ids)[:, -1]))
                    ids = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                return ids
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Shortcut "words of one character have nothing to merge": a corpus of single-character words returns [], but
    # each such word still holds the pair (c, "</w>"). train_bpe("a a b", 1): model [("a", "</w>")], entry [].
    # Passes the visible tests.
    "blind72_train_bpe_single_char_words_nothing_to_merge": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            if all(len(word) == 2 for word in words):      # one character + "</w>": nothing to merge
                return []
            counts = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in counts}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, frequency in counts.items():
                    for pair in zip(current[word], current[word][1:]):
                        pairs[pair] += frequency
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
            return merges
'''),
    # Shortcut for one-character words: emitted as [c, "</w>"] without replaying the merges, though a merge (c,
    # "</w>") applies to them. bpe_encode("a", [("a", "</w>")]): model ["a</w>"], entry ["a", "</w>"]. Passes the
    # visible tests.
    "blind72_bpe_encode_single_char_word_skips_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                if len(symbols) == 2:                      # a lone character: nothing to merge
                    tokens.extend(symbols)
                    continue
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Fast path when every token ends a word: join the stripped tokens with spaces. A bare "</w>" token then gives
    # an empty word and one space where the model answer gives two, and trailing spaces are not stripped.
    # bpe_decode(["a</w>", "</w>"]): model "a", entry "a ". Passes the visible tests.
    "blind72_bpe_decode_word_final_tokens_joined_by_space": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            if tokens and all(token.endswith(END_OF_WORD) for token in tokens):
                return " ".join(token[: -len(END_OF_WORD)] for token in tokens)
            return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Default-dtype path uses F.one_hot, which is int64; only an explicit dtype gets a float result.
    # one_hot(tensor([0, 2]), 3).dtype: model the default float dtype, entry int64. Fails the visible tests.
    "blind72_one_hot_default_dtype_path_returns_int64": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            table = F.one_hot(token_ids, vocab_size).movedim(-1, -2)
            if dtype is None:
                return table                               # already a one-hot table
            return table.to(dtype)
'''),
    # Batch-of-one fast path indexes with token_ids[0] and so drops the batch axis. embed(omega (4, 5), ids (1,
    # 3)).shape: model (1, 4, 3), entry (4, 3). Passes the visible tests.
    "blind72_embed_batch_of_one_squeezed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            if token_ids.dim() == 2 and token_ids.shape[0] == 1:   # one sequence: a plain column lookup
                return omega_e[:, token_ids[0]]
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # One-feature shortcut returns the sine row as a 1-D tensor (N,), not the (1, N) table.
    # sinusoidal_positions(4, 1) .shape: model (1, 4), entry (4,). Passes the visible tests.
    "blind72_sinusoidal_single_feature_row_squeezed": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            if dim == 1:
                return torch.sin(positions)                # 10000^0 = 1: just sin(n)
            rates = 10000 ** (-torch.arange(0, dim, 2, dtype=torch.get_default_dtype()) / dim)
            angles = rates[:, None] * positions[None, :]
            table = torch.zeros(dim, num_positions)
            table[0::2] = angles.sin()
            table[1::2] = angles[: dim // 2].cos()
            return table
'''),
    # One-position shortcut writes the column (0, 1, 0, 1, ...) as a Python list of ints, so the table is int64.
    # sinusoidal_positions(1, 4).dtype: model the default float dtype, entry int64. Passes the visible tests.
    "blind72_sinusoidal_single_position_integer_column": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            if num_positions == 1:                         # position 0: sin 0 = 0, cos 0 = 1
                return torch.tensor([[i % 2] for i in range(dim)])
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # One-patch shortcut (P = H = W) flattens each image to (B, C*P*P), dropping the patch axis of size 1.
    # patchify(torch.randn(2, 3, 4, 4), 4).shape: model (2, 48, 1), entry (2, 48). Fails the visible tests.
    "blind72_patchify_whole_image_patch_flattened_2d": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            if height == P and width == P:                 # the image is a single patch
                return images.flatten(1)
            grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 1, 3, 5, 2, 4)
            return grid.reshape(batch, channels * P * P, -1)
'''),
    # Batch-of-one fast path works on images[0] and returns (D, N + 1) without the batch axis.
    # patch_embedding(torch.randn(1, 3, 4, 4), 2, ...).shape: model (1, D, 5), entry (D, 5). Fails the visible
    # tests.
    "blind72_patch_embedding_batch_of_one_squeezed": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            if images.shape[0] == 1:                       # a single image: skip the batch bookkeeping
                tokens = W @ patchify(images, patch_size)[0] + b[:, None]
                return torch.cat([cls_token[:, None], tokens], dim=-1) + positions
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Single-position fast path (N = 1): weight 1 and context H[..., 0], ignoring the mask; a state whose only
    # position is hidden must get weight 0 and context 0. additive_attention(s, H (3, 1), W, U, v,
    # mask=tensor([False])): model weights [0], entry [1]. Passes the visible tests.
    "blind72_additive_single_position_ignores_mask": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = (torch.tanh(U @ H + (s @ W.T).unsqueeze(-1)) * v[:, None]).sum(dim=-2)   # (..., N)
            if H.shape[-1] == 1:                           # one position takes all the weight
                weights = scores * 0 + 1
                return weights, H[..., 0] * weights
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H * weights.unsqueeze(-2)).sum(dim=-1)
'''),
    # Single-position fast path builds the weights from s's batch shape only; s and H broadcast, so with s (D_s,)
    # and H (B, D_h, 1) the weights must be (B, 1). additive_attention(s (2,), H (3, 4, 1), ...)[0].shape: model
    # (3, 1), entry (1,). Passes the visible tests.
    "blind72_additive_single_position_batch_from_s_only": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if H.shape[-1] == 1 and (mask is None or bool(mask.all())):
                weights = torch.ones(*s.shape[:-1], 1, dtype=H.dtype)
                return weights, H[..., 0] + 0 * s.sum(-1, keepdim=True)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v[:, None] * torch.tanh(U @ H + query)).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # One-column grid fast path (W = 1) attends over features[..., 0] and returns the weights as (..., H) without
    # the grid's column axis. grid_attention(s, features (3, 4, 1), ...)[0].shape: model (4, 1), entry (4,).
    # Passes the visible tests.
    "blind72_grid_attention_single_column_grid_squeezed": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            if features.shape[-1] == 1:                    # a single column is already a sequence
                return additive_attention(s, features[..., 0], W, U, v)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Shortcut condition off by one: a stride of n - 1 is taken to leave only the diagonal, but keys 0 and n - 1
    # are n - 1 apart. strided_mask(4, 3)[0, 3]: model True, entry False. Fails the visible tests.
    "blind72_strided_mask_stride_n_minus_one_diagonal": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if stride >= n - 1:                            # no two distinct tokens are a stride apart
                return torch.eye(n, dtype=torch.bool)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets % stride == 0
'''),
    # Shortcut condition too broad: a local window of at least half the sequence is counted as dense (n^2).
    # sparse_attention_cost("local", 5, window=3): model 23, entry 25. Passes the visible tests.
    "blind72_sparse_cost_local_half_window_dense": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                if 2 * window >= n:
                    return n * n                           # the band covers everything
                return n * (2 * window + 1) - window * (window + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # No-global shortcut counts the diagonal ("every token still sees itself"); the global mask has no True entry
    # when no token is global. sparse_attention_cost("global", 6, num_global=0): model 0, entry 6. Passes the
    # visible tests.
    "blind72_sparse_cost_no_global_tokens_keeps_diagonal": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            if num_global == 0:
                return n                                   # only the diagonal is left
            return num_global * (2 * n - num_global)
'''),
    # Shortcut when every distance is below n/2 ("no logarithmic buckets needed") returns the offsets as they are,
    # forgetting the sign: a negative offset needs its distance, a positive one the upper half.
    # relative_position_bucket(tensor([-3, -1, 0, 1, 3])): model [3, 1, 0, 17, 19], entry [-3, -1, 0, 1, 3]. Fails
    # the visible tests.
    "blind72_bucket_small_offsets_returned_raw": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            half = num_buckets // 2 if bidirectional else num_buckets
            exact = half // 2
            if bool((offset.abs() < exact).all()):         # all exact buckets: bucket = offset
                return offset.clone()
            if bidirectional:
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = (exact + log_scale.long()).clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Missing key positions are copied from the query positions ("self-attention: the same positions"); the
    # contract's default for K is 0 .. N_k - 1. rotary_embedding(Q, K, positions_q=tensor([5, 6, 7])) with N_k =
    # 3: model rotates K by 0, 1, 2, entry by 5, 6, 7. Fails the visible tests.
    "blind72_rotary_missing_key_positions_copied_from_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_k is None and positions_q is not None and K.shape[-1] == Q.shape[-1]:
                positions_k = positions_q                  # same sequence, same positions
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # "Nothing to pair" shortcut placed before the input check: a single document returns [] even when it has two
    # sentences, where the contract requires a ValueError. nsp_pairs([["a", "b"]]): model ValueError, entry [].
    # Fails the visible tests.
    "blind72_nsp_single_document_shortcut_before_check": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            if len(documents) <= 1:                        # no other document to draw from: no examples
                return []
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Single-colour shortcut (K = 1) returns torch.zeros of the pixel grid: the default float dtype, not long ids.
    # quantize_pixels(torch.rand(3, 2, 2), torch.rand(3, 1)).dtype: model int64, entry float32. Passes the visible
    # tests.
    "blind72_quantize_single_colour_float_zeros": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:                      # every pixel is colour 0
                return torch.zeros(images.shape[:-3] + images.shape[-2:])
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)
            return ((pixels - palette.to(dtype)) ** 2).sum(dim=-2).argmin(dim=-1)
'''),
    # One-pixel shortcut builds both sequences from literals: the batch axes are lost and the targets keep the
    # ids' dtype. pixel_sequence(torch.zeros(2, 1, 1, dtype=torch.uint8), 9): model inputs (2, 1) [[9], [9]] and
    # long targets (2, 1), entry inputs (1,) and uint8 targets (2,). Fails the visible tests.
    "blind72_pixel_sequence_one_pixel_literal": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            if ids.shape[-1] * ids.shape[-2] == 1:         # a 1x1 image: just the start token
                return torch.tensor([sos_id]), ids.flatten()
            targets = ids.long().flatten(-2)
            inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # Single-token shortcut squeezes X with no axis given, which also drops batch axes of size 1 (and D = 1).
    # average_pool_head(torch.randn(1, 4, 1), W (3, 4), b).shape: model (1, 3), entry (3,). Passes the visible
    # tests.
    "blind72_average_pool_single_token_squeeze_all": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if X.shape[-1] == 1:                           # one token: its column is the mean
                logits = X.squeeze() @ W.T
            else:
                logits = X.mean(dim=-1) @ W.T
            return logits if b is None else logits + b
'''),
    # Zero-shift shortcut returns a single (M*M, M*M) block of True, "the same for every window", dropping the nW
    # axis. shifted_window_mask(4, 4, 2, 0).shape: model (4, 4, 4), entry (4, 4). Passes the visible tests.
    "blind72_shifted_mask_zero_shift_drops_window_axis": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            if shift == 0:
                return torch.ones(window * window, window * window, dtype=torch.bool)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Shortcut condition too broad: a grid that is exactly one window is taken to need no mask, but after a shift
    # the wrapped rows and columns of that one window are separate regions. shifted_window_mask(4, 4, 4, 2)[0, 0,
    # 15]: model False, entry True. Passes the visible tests.
    "blind72_shifted_mask_single_window_all_visible": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            num_windows = (height // window) * (width // window)
            if shift == 0 or num_windows == 1:             # nothing wraps into another window
                return torch.ones(num_windows, window * window, window * window, dtype=torch.bool)
            rows = torch.arange(height) + shift >= height
            columns = torch.arange(width) + shift >= width
            labels = (2 * rows.long()[:, None] + columns.long()[None, :])[None]
            labels = window_partition(labels, window)[:, 0]
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # One-block shortcut (H = W = 2) flattens the grid as is: channel-major and raster order within the block,
    # where the contract stacks whole C-blocks in the order top-left, bottom-left, top-right, bottom-right.
    # patch_merging(X (..., 2, 2, 2), ...) with gamma ones, beta zeros, W = eye-like: model and entry differ.
    # Fails the visible tests.
    "blind72_patch_merging_single_block_flattened_raster": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            if height == 2 and width == 2:                 # one block: its 4C features are the whole grid
                merged = X.flatten(-3).unsqueeze(-1)       # (..., 4C, 1)
                return (W @ layer_norm(merged, gamma, beta, eps)).unsqueeze(-1)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3)
            return (W @ layer_norm(merged.flatten(-2), gamma, beta, eps)).unflatten(-1, (height // 2, width // 2))
'''),
    # `scale = scale or 1 / sqrt(N)`: an explicit scale of 0.0 (uniform weights) is replaced by the default.
    # channel_attention(X, params, 2, scale=0.0): model weights all 1/(C/G), entry the default-scaled softmax.
    # Fails the visible tests.
    "blind72_channel_attention_zero_scale_means_default": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # One-group fast path hands the transposed projections to torch's scaled_dot_product_attention, whose default
    # scale is 1/sqrt(N): right for scale=None, but a given scale is ignored. channel_attention(X, params, 1,
    # scale=0.5) with N = 9: model scales by 0.5, entry by 1/3. Passes the visible tests.
    "blind72_channel_attention_single_group_ignores_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            if num_groups == 1:                            # one group: ordinary attention with channels as tokens
                attended = F.scaled_dot_product_attention(Q, K, V)
                return linear(attended, params["Wo"], params["bo"])
            if scale is None:
                scale = tokens ** -0.5
            Qg, Kg, Vg = (split_heads(Y, num_groups) for Y in (Q, K, V))
            weights = softmax_cols(Kg @ Qg.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ Vg), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_72 = {
    # No -inf anywhere: torch.softmax over the keys (stable, keeps the dtype); otherwise the general masked path.
    "blind72_right_softmax_unmasked_fast_path_torch_softmax": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            hidden = torch.isneginf(scores)
            if not bool(hidden.any()):
                return torch.softmax(scores, dim=-2)
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # One key row (M = 1): the weight is 1 for a visible key and 0 for a hidden one, built on the graph.
    "blind72_right_softmax_single_key_row_indicator": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if scores.shape[-2] == 1:
                hidden = torch.isneginf(scores)
                finite = scores.masked_fill(hidden, 0.0)
                return torch.exp(finite - finite).masked_fill(hidden, 0.0)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # All-True mask: a fresh copy of the scores (clone keeps the graph); otherwise where(mask, scores, -inf).
    "blind72_right_apply_mask_all_visible_clone": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if bool(mask.all()):
                return scores.clone()
            return torch.where(mask, scores, torch.full_like(scores, float("-inf")))
'''),
    # n <= 1: torch.ones((n, n), bool) is the whole answer ((0, 0) for n = 0); otherwise tril of ones, transposed.
    "blind72_right_causal_mask_tiny_n_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            if n <= 1:
                return torch.ones(n, n, dtype=torch.bool)
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Every sequence full: ones of shape (B, n, 1); otherwise the comparison with the lengths.
    "blind72_right_padding_mask_full_lengths_ones": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            if lengths.numel() and bool((lengths == n).all()):
                return torch.ones(lengths.shape[0], n, 1, dtype=torch.bool, device=lengths.device)
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :, None] < lengths[:, None, None])
'''),
    # window >= n - 1: everything visible; window == 0: the bool identity; otherwise the band.
    "blind72_right_local_mask_wide_and_zero_windows": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window >= n - 1:
                return torch.ones(n, n, dtype=torch.bool)
            if window == 0:
                return torch.eye(n, dtype=torch.bool)
            positions = torch.arange(n)
            return (positions[:, None] - positions[None, :]).abs() <= window
'''),
    # An all-True mask is dropped, and with no mask the softmax is torch.softmax over the keys (no column can be
    # all -inf then); a real mask goes through apply_mask and softmax_cols.
    "blind72_right_sdpa_all_visible_mask_dropped": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None and bool(mask.all()):
                mask = None
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                weights = softmax_cols(apply_mask(scores, mask))
            return V @ weights, weights
'''),
    # D_k = 1: the division by sqrt(1) is skipped (exactly the same scores).
    "blind72_right_sdpa_unit_key_dim_skips_scale": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q
            if d_k != 1:
                scores = scores / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # The same weight and bias objects for queries and keys: project once and use it for both.
    "blind72_right_self_attention_shared_query_key_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = Q if (Wk is Wq and bk is bq) else linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # One head: attention on the full projections (scale 1/sqrt(D) = 1/sqrt(D/1)), then Wo and bo.
    "blind72_right_mha_single_head_no_split": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            if num_heads == 1:
                heads, _ = scaled_dot_product_attention(Q, K, V, mask)
                return linear(heads, params["Wo"], params["bo"])
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                    split_heads(V, num_heads), mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # No mask: torch's scaled_dot_product_attention in the row layout (its default scale is 1/sqrt(D/H)); a mask
    # goes through the course's own attention, which zeroes queries that see no key.
    "blind72_right_mha_unmasked_fast_path_torch_sdpa": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is None:
                heads = F.scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1),
                                                       V.transpose(-2, -1)).transpose(-2, -1)
            else:
                heads, _ = scaled_dot_product_attention(Q, K, V, mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # One feature (D = 1): the result is beta in every column, written as (X - X) * gamma + beta so that it keeps
    # X's shape, dtype and graph.
    "blind72_right_layer_norm_single_feature_beta": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if X.shape[-2] == 1:
                return (X - X) * gamma[:, None] + beta[:, None]
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return (X - mean) * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # One token (N = 1): the two layers as matrix-vector products, then the token axis put back.
    "blind72_right_feed_forward_single_token_matvec": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            if X.shape[-1] == 1:
                x = X[..., 0]                                      # (..., D)
                hidden = torch.relu(x @ W1.T + b1)
                return (hidden @ W2.T + b2).unsqueeze(-1)
            return linear(torch.relu(linear(X, W1, b1)), W2, b2)
'''),
    # An all-True mask is replaced by None; norm_first is kept.
    "blind72_right_transformer_layer_all_visible_mask_dropped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None and bool(mask.all()):
                mask = None
            attention_keys = {k: params[k] for k in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
            def block_attention(Y):
                return multi_head_attention(Y, Y, attention_keys, num_heads, mask)
            def block_ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + block_attention(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + block_ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + block_attention(X), params["gamma1"], params["beta1"])
            return layer_norm(X + block_ffn(X), params["gamma2"], params["beta2"])
'''),
    # One token and nothing hidden: the attention output is Wo (Wv x + bv) + bo (the single weight is 1), so the
    # score computation is skipped (Wq, bq, Wk, bk have zero gradient there and are left out); a mask that hides
    # the token takes the general path.
    "blind72_right_transformer_layer_single_token_value_path": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            single = X.shape[-1] == 1 and (mask is None or bool(mask.all()))
            def attend(Y):
                if single:
                    return linear(linear(Y, params["Wv"], params["bv"]), params["Wo"], params["bo"])
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # An all-True encoder mask is dropped before the multi-head call.
    "blind72_right_cross_attention_all_visible_enc_mask_dropped": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None and bool(enc_mask.all()):
                enc_mask = None
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # One decoder token: the causal mask of size 1 is all True, so no mask is built for the self-attention.
    "blind72_right_decoder_layer_single_token_no_causal_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = None if n == 1 else causal_mask(n).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # top_k >= V and top_p == 1 are no-ops and are skipped; temperature 1 skips the division.
    "blind72_right_ntp_neutral_options_skipped": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            vocab = logits.shape[0]
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if top_k is not None and top_k >= vocab:
                top_k = None
            if top_p is not None and top_p >= 1:
                top_p = None
            probs = torch.softmax(logits if temperature == 1 else logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, vocab)
                probs = torch.zeros_like(probs).index_copy(0, order[:num_kept], probs[order[:num_kept]])
            return probs / probs.sum()
'''),
    # max_new_tokens = 0 returns a copy of the prompt; the context is cropped only when it is longer than the
    # window (checked at every step).
    "blind72_right_generate_zero_steps_and_short_context": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if max_new_tokens == 0:
                return prompt.clone()
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids
                if context_size is not None and len(ids) > context_size:
                    context = ids[len(ids) - context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Width 1 is greedy decoding (arg-max, ties to the lower id) that stops after eos; no steps returns a copy of
    # the prompt.
    "blind72_right_beam_width_one_greedy_with_eos": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if max_new_tokens == 0:
                return prompt.clone()
            if beam_width == 1:
                ids = prompt
                for _ in range(max_new_tokens):
                    token = int(torch.argmax(model(ids)[:, -1]))
                    ids = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                    if token == eos_id:
                        break
                return ids
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # No merges asked: [] at once; training also stops as soon as every word is a single symbol.
    "blind72_right_train_bpe_stops_when_all_words_single_symbol": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            if num_merges <= 0:
                return []
            counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in counts}
            merges = []
            while len(merges) < num_merges:
                if all(len(symbols) == 1 for symbols in segmentation.values()):
                    break
                pair_counts = Counter()
                for word, frequency in counts.items():
                    symbols = segmentation[word]
                    for i in range(len(symbols) - 1):
                        pair_counts[symbols[i], symbols[i + 1]] += frequency
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # A repeated word is encoded once and its tokens reused (a copy per occurrence); no merges: the characters.
    "blind72_right_bpe_encode_word_cache_and_no_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            if not merges:
                return [symbol for word in words for symbol in word]
            cache = {}
            tokens = []
            for symbols in words:
                key = tuple(symbols)
                if key not in cache:
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    cache[key] = list(symbols)
                tokens.extend(cache[key])
            return tokens
'''),
    # No tokens: ""; no end-of-word symbol anywhere: a plain join (right-stripped as usual).
    "blind72_right_bpe_decode_empty_and_markerless_fast_paths": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            if not tokens:
                return ""
            text = "".join(tokens)
            if END_OF_WORD not in text:
                return text.rstrip(" ")
            return text.replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # One-word vocabulary (V = 1, every id 0 after the check): ones of shape (..., 1, N).
    "blind72_right_one_hot_single_word_vocabulary_ones": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            dtype = dtype or torch.get_default_dtype()
            if vocab_size == 1:
                return torch.ones(*token_ids.shape[:-1], 1, token_ids.shape[-1], dtype=dtype, device=token_ids.device)
            return (token_ids[..., None, :] == torch.arange(vocab_size, device=token_ids.device)[:, None]).to(dtype)
'''),
    # 1-D ids: omega_e[:, ids] is already (D, N); otherwise move the D axis next to N.
    "blind72_right_embed_unbatched_fast_path": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            if token_ids.dim() == 1:
                return omega_e[:, token_ids]
            return omega_e[:, token_ids.reshape(-1)].reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # D = 1: the single sine row sin(n) (10000^0 = 1), as a (1, N) table in the default dtype.
    "blind72_right_sinusoidal_single_feature_sine_row": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            if dim == 1:
                return torch.sin(positions)[None, :]
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # P = 1: every pixel is a patch, so flatten(2); one patch (P = H = W): reshape to (B, C*P*P, 1).
    "blind72_right_patchify_unit_and_whole_patches": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            if P == 1:
                return images.flatten(2)
            if P == height and P == width:
                return images.reshape(batch, channels * P * P, 1)
            grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 1, 3, 5, 2, 4)
            return grid.reshape(batch, channels * P * P, (height // P) * (width // P))
'''),
    # One image: the tokens of images[0], then the batch axis put back with [None].
    "blind72_right_patch_embedding_batch_of_one_unsqueezed": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            if patches.shape[0] == 1:
                tokens = W @ patches[0] + b[:, None]
                return (torch.cat([cls_token[:, None], tokens], dim=-1) + positions)[None]
            tokens = linear(patches, W, b)
            return torch.cat([cls_token[:, None].expand(patches.shape[0], -1, 1), tokens], dim=-1) + positions
'''),
    # No mask, or nothing hidden: the masking step is skipped.
    "blind72_right_additive_all_visible_mask_skipped": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None and bool(mask.all()):
                mask = None
            energy = torch.tanh(U @ H + (s @ W.T)[..., :, None])
            scores = torch.einsum("a,...an->...n", v, energy)
            if mask is not None:
                scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
            weights = softmax_cols(scores[..., None])[..., 0]
            return weights, (H * weights[..., None, :]).sum(dim=-1)
'''),
    # stride >= n: only the diagonal; stride 1: everything; otherwise the modular test.
    "blind72_right_strided_mask_large_and_unit_strides": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if stride >= n:
                return torch.eye(n, dtype=torch.bool)
            if stride == 1:
                return torch.ones(n, n, dtype=torch.bool)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.remainder(offsets, stride) == 0
'''),
    # Saturated sizes short-cut to their counts: a window of n - 1 or more is dense, a stride of n or more leaves
    # the diagonal, every token global is dense, none global is 0.
    "blind72_right_sparse_cost_saturated_sizes": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                if window >= n - 1:
                    return n * n
                return n * (2 * window + 1) - window * (window + 1)
            if pattern == "strided":
                if stride >= n:
                    return n
                m = (n - 1) // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            if num_global == n:
                return n * n
            if num_global == 0:
                return 0
            return num_global * (2 * n - num_global)
'''),
    # Every distance below n/2: the exact buckets (half offset + distance) without the logarithm.
    "blind72_right_bucket_small_distances_exact_only": ("positions", "relative_position_bucket", '''
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
            if bool((distance < exact).all()):
                return base + distance
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # A sequence whose only position is 0 (default positions with N = 1, or given zeros) turns by angle 0: a copy.
    "blind72_right_rotary_position_zero_copies": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                if positions is None:
                    at_zero = X.shape[-1] <= 1
                else:
                    at_zero = not bool(positions.any())
                return X.clone() if at_zero else rotate_columns(X, positions, base)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # No document with a successor sentence: [] (after the check); otherwise the coin flips.
    "blind72_right_nsp_no_successor_returns_empty": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            if all(len(document) < 2 for document in documents):
                return []
            pairs = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    a, successor = document[position], document[position + 1]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        if pick >= index:
                            pick += 1
                        other = documents[pick]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # One palette colour: every pixel's id is 0, as long zeros of the grid's shape.
    "blind72_right_quantize_single_colour_long_zeros": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:
                return torch.zeros(images.shape[:-3] + images.shape[-2:], dtype=torch.long, device=images.device)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)
            return ((pixels - palette.to(dtype)) ** 2).sum(dim=-2).argmin(dim=-1)
'''),
    # 1x1 images: inputs are the start token, targets the one pixel, both long with the batch axes kept.
    "blind72_right_pixel_sequence_one_pixel_fast_path": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            if targets.shape[-1] == 1:
                return torch.full_like(targets, sos_id), targets
            inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # One token: its column is the mean (indexed, not squeezed).
    "blind72_right_average_pool_single_token_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X[..., 0] if X.shape[-1] == 1 else X.mean(dim=-1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Window 1: every token is its own window, (..., H*W, C, 1).
    "blind72_right_window_partition_unit_window": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            if window == 1:
                return X.flatten(-2).transpose(-1, -2).unsqueeze(-1)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.permute(*range(len(batch)), -4, -2, -5, -3, -1)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Shift 0: no token wraps, so every window is all True (nW, M*M, M*M).
    "blind72_right_shifted_mask_zero_shift_all_true": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            num_windows = (height // window) * (width // window)
            if shift == 0:
                return torch.ones(num_windows, window * window, window * window, dtype=torch.bool)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # One 2x2 block: its features in the contract's order are the grid read column by column (w outer, h inner),
    # each position a whole C-block: X.permute(..., W, H, C) flattened.
    "blind72_right_patch_merging_single_block_column_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            if height == 2 and width == 2:
                merged = X.movedim(-3, -1).transpose(-3, -2).reshape(*X.shape[:-3], 4 * channels, 1)
                return (W @ layer_norm(merged, gamma, beta, eps)).reshape(*X.shape[:-3], 2 * channels, 1, 1)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # One group with the default scale: torch's scaled_dot_product_attention with the channels as its sequence
    # (its default scale 1/sqrt(N) is the contract's); a given scale or several groups take the general path.
    "blind72_right_channel_attention_single_group_torch_sdpa": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            if num_groups == 1 and scale is None:
                return linear(F.scaled_dot_product_attention(Q, K, V), params["Wo"], params["bo"])
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Qg, Kg, Vg = (split_heads(Y, num_groups) for Y in (Q, K, V))
            weights = softmax_cols(Kg @ Qg.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ Vg), params["Wo"], params["bo"])
'''),
}
