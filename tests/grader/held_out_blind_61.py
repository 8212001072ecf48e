"""Sixty-second blind batch of held-out implementations (prefix blind61_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_58.py) were only skimmed for their entry names (and, where a
name looked close, the comment of that one entry). Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md or benchmarks/, nor the batches written at the same time (held_out_blind_59.py, held_out_blind_60.py).

Emphasis: PyTorch API semantics that surprise. Wrong entries trust one of them wrongly: torch.max(x, 0) as an
elementwise max (it reduces and returns (values, indices)), torch.sort without stable=True and torch.topk(sorted=False)
as an ordering, torch.where with two Python scalars (default dtype) or a one-element tensor (which joins type
promotion), masked_fill_ on an argument, += on an argument and on an expand()ed tensor, in-place division of a tensor
saved for backward, torch.full with an int fill (int64 mask), torch.tensor on a tensor's values (a new leaf in the
default dtype), an int tensor divided by an int (default dtype), .T on batched tensors, .view after permute, Tensor.unfold
applied width first, F.fold's positional (output_size, kernel_size) swapped, F.pad's pairs read front to back,
chunk(2) as a split at a given size, torch.cat's default dim 0, squeeze() without a dim, einsum with '...' on one side
only, F.one_hot's int64 and .T, multinomial weighted by document lengths, argmin of a flipped tensor, torch.tensor of a
scalar list without batch axes. Right entries use the same APIs correctly: .mT, stable sorts, torch.maximum (subgradient
1/2 at 0), F.relu(inplace=True) on a fresh tensor, clamp(min=1) on a column sum (gradient passes at the boundary),
chunk(num_heads) for equal pieces, torch.split at the gate size, gather with a short index, a diagonal of gathered rows,
Tensor.unfold height then width, view_as_complex with the halves stacked last, full_like on a slice, squeeze(-1),
.view that only splits axes, torch.roll by -shift, out-of-place masked_fill, equal residues for the strided mask.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind61/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added, the entry's source in
place of the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (7 of the 29 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs
as its comment says (nsp_pairs by frequencies over 4000 seeded calls). Right entries were compared with the model
answer under both default dtypes (float32 and float64), about 10 000 checks in all: random shapes with 0 to 2 batch
axes, float32 and float64 inputs, non-contiguous inputs (transposes, permutes, strided slices, expanded views), masks
with fewer axes and all-False columns, -inf scores and all -inf columns, scores of 1e3 and 1e4, shared Q/K objects,
dtype and shape of every result, inputs left unchanged, the stubs' ValueErrors, and gradients of every floating input
(finite entries, 1e-4); exhaustively for shifted_window_mask (M = 1..4, sides up to 4M, every shift) and strided_mask
(n = 0..15, stride -1..17); mlm_corrupt exactly equal to the model answer for the same seed (it draws in the same
order), with list, tuple, tensor and empty special ids and mask_prob 0, 0.15, 0.5, 1; pixel_sequence on uint8, int16,
int32 and int64 ids with sos_id up to 2**40 + 3; window_partition on int64, expanded and permuted grids.

Judgement calls: about 30 drafted wrong entries and 35 drafted right ones were dropped because an earlier batch already
holds the same bug or the same construction under a near-identical name (among them: torch.var's unbiased default,
F.normalize's eps, topk and unstable argsort ties in top-k/top-p, the in-place temperature, torch.tensor of the
log-probability terms, float32 beam scores, split(3) for the gates, split(2) for the rotary halves, the int-division
bucket in the default dtype, uint8 ids as a boolean mask, pixel_sequence with .view or full in the ids' dtype, the
roll in the wrong direction for the Swin mask, pixel_unshuffle's channel-major order, bool * bool as AND, an int sum
== 1 as XOR, the global max instead of column maxima, and for right entries var_mean, F.layer_norm, logsumexp,
F.unfold, F.one_hot(...).mT, searchsorted, cumsum padding masks, polar rotary); hence fewer entries than asked.
blind61_window_partition_view_only_splits_axes was drafted as a wrong entry (.view on a non-contiguous grid) and moved
to the right ones: the view only splits H and W, which any strides allow, and it matched the model answer on 450 grids
(permuted, strided, expanded, int64). Some wrong entries show only on inputs the visible tests may not try:
blind61_additive_attention_dot_t_on_state_batch only with two or more batch axes;
blind61_apply_mask_where_with_one_element_default_dtype_tensor only with float32 scores under a float64 default (the
contract's "the grader calls every function once that way"); blind61_rotary_angles_from_int_division_default_dtype only
for float64 inputs under a float32 default (error about 2e-7, far above float64 accuracy); the two sort-order entries
(blind61_quantize_pixels_unstable_sort_first_index, blind61_next_token_probs_top_p_topk_unsorted) depend on the
installed CPU kernels (shown with torch 2.13: the sort keeps ties in order for small sizes, so the quantize entry needs
a large palette with ties); blind61_softmax_cols_exps_divided_in_place only in backward;
blind61_nsp_pairs_other_document_weighted_by_length only in distribution. blind61_feed_forward_maximum_with_zeros has
gradient 1/2 at a pre-activation of exactly 0, accepted as a subgradient by the contract.

Counts: 29 wrong, 18 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 2, 'average_pool_head': 2, 'channel_attention': 1, 'decoder_layer': 1, 'feed_forward': 1, 'mlm_corrupt': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 2, 'patch_embedding': 3, 'patchify': 2, 'pixel_sequence': 1, 'quantize_pixels': 2, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'softmax_cols': 1, 'transformer_layer': 1, 'window_reverse': 1}.
Right per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'feed_forward': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'patchify': 1, 'pixel_sequence': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 2, 'shifted_window_mask': 1, 'softmax_cols': 2, 'strided_mask': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_61 = {
    # Divides the exponentials in place: exp's backward needs its own output, which `/=` has overwritten, so
    # backward() raises "modified by an inplace operation". Forward values are right; any gradient through
    # softmax_cols(randn(3, 2, requires_grad=True)) fails. Passes the visible tests.
    "blind61_softmax_cols_exps_divided_in_place": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            exps /= torch.where(total == 0, torch.ones_like(total), total)
            return exps
'''),
    # masked_fill_ writes -inf into the caller's scores tensor (the returned tensor is the argument itself).
    # apply_mask(s, causal_mask(3)): the result is right, but s afterwards holds -inf below the diagonal.
    # Passes the visible tests.
    "blind61_apply_mask_masked_fill_underscore_mutates_scores": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill_(~mask, float("-inf"))
'''),
    # torch.max(h, 0) with an int is a reduction over dim 0 returning (values, indices), not max(h, 0) elementwise:
    # `[0]` gives the column maxima (N,) and the second layer then fails or broadcasts. feed_forward on X (3, 4),
    # F = 5: model (3, 4), entry raises a shape error. Fails the visible tests.
    "blind61_feed_forward_torch_max_with_zero_reduces": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.max(W1 @ X + b1[:, None], 0)[0]      # relu = max(h, 0)
            return W2 @ hidden + b2[:, None]
'''),
    # `X += ...` adds the attention output into the caller's X (and raises for a leaf that requires grad).
    # transformer_layer(X (4, 5), params, 2): the result is right but X afterwards holds X + MHA(X). Fails the
    # visible tests.
    "blind61_transformer_layer_residual_added_in_place": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ln(Y, k):
                return layer_norm(Y, params["gamma" + k], params["beta" + k])
            if norm_first:
                h = ln(X, "1")
                X += multi_head_attention(h, h, params, num_heads, mask)
                X = X + feed_forward(ln(X, "2"), params["W1"], params["b1"], params["W2"], params["b2"])
                return X
            X += multi_head_attention(X, X, params, num_heads, mask)
            X = ln(X, "1")
            X = ln(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), "2")
            return X
'''),
    # `.T` reverses every axis of a batched tensor (it is not a matrix transpose): K (B, Dk, Nk).T is
    # (Nk, Dk, B). Unbatched calls are right; Q, K, V of shape (2, 4, 3) raise a matmul shape error (or, for
    # the rare square shapes, give wrong scores). Fails the visible tests.
    "blind61_sdpa_dot_t_on_batched_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.T @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # torch.full with an int fill infers int64, and triu keeps it: apply_mask's ValueError fires for the non-bool
    # mask. decoder_layer on any input: model returns (D, Nd), entry raises ValueError. Fails the visible tests.
    "blind61_decoder_layer_causal_mask_full_of_int_ones": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.full((n, n), 1).triu()
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # torch.where(cond, 1.0, 0.0) with two Python scalars gives the default dtype, and `==` with the max marks every
    # tied maximum. Greedy on tensor([1., 3., 3.], dtype=float64): model [0, 1, 0] float64, entry [0, 1, 1] float32
    # (so not even a distribution). Fails the visible tests.
    "blind61_next_token_probs_greedy_where_scalars_ties": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.where(logits == logits.max(), 1.0, 0.0)
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
                order = torch.sort(probs, descending=True, stable=True).indices
            if top_p is not None:
                cumulative = torch.cumsum(probs[order], dim=0)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[: min(int((cumulative < top_p).sum()) + 1, len(probs))]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # topk(..., sorted=False) returns the k largest in no particular order, so the cumulative sum that should run
    # from the most probable token down runs in an arbitrary order. next_token_probs(arange(10.), top_p=0.5): model
    # keeps id 9 only, entry ids 5 and 9 (torch 2.13, CPU). Fails the visible tests.
    "blind61_next_token_probs_top_p_topk_unsorted": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.index_fill(0, order[top_k:], 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                values, order = torch.topk(probs, len(probs), sorted=False)
                n_keep = min(int((values.cumsum(0) < top_p).sum()) + 1, len(probs))
                probs = probs.index_fill(0, order[n_keep:], 0.0)
            return probs / probs.sum()
'''),
    # Tensor.unfold appends each window axis at the end in the order unfolded: unfolding W (dim 3) before H (dim 2)
    # leaves (..., P_col, P_row), so every patch is flattened column by column. patchify(arange(16.).reshape(1, 1,
    # 4, 4), 2)[0, :, 0]: model [0, 1, 4, 5], entry [0, 4, 1, 5]. Fails the visible tests.
    "blind61_patchify_tensor_unfold_width_first": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            blocks = images.unfold(3, P, P).unfold(2, P, P)     # (B, C, H/P, W/P, P, P)
            B, C, gh, gw = blocks.shape[:4]
            return blocks.permute(0, 2, 3, 1, 4, 5).reshape(B, gh * gw, C * P * P).transpose(1, 2)
'''),
    # .view on the permuted tensor: permute makes it non-contiguous and view cannot merge those axes, so every
    # image with more than one patch per row raises "view size is not compatible". patchify(zeros(1, 1, 4, 4), 2):
    # model (1, 4, 4), entry RuntimeError. Fails the visible tests.
    "blind61_patchify_view_after_permute": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.view(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
            return grid.view(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # positions.expand(B, ...) shares positions' memory: the in-place += then either raises (B > 1: several
    # elements share one location) or, for B = 1, writes the tokens into the caller's positions tensor.
    # patch_embedding with B = 2 raises; with B = 1 the result is right but positions changed. Fails the visible tests.
    "blind61_patch_embedding_adds_into_expanded_positions": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            out = positions.expand(tokens.shape[0], -1, -1)
            out[:, :, 1:] += tokens
            out[:, :, 0] += cls_token
            return out
'''),
    # torch.tensor on cls_token's values builds a new leaf in the default dtype: no gradient reaches cls_token, and
    # a float64 cls_token is rounded to float32. With B = 2 and only cls_token requiring grad, the model's summed
    # output gives cls_token.grad = 2 everywhere; the entry's output has no graph and backward() raises. Passes the
    # visible tests.
    "blind61_patch_embedding_cls_rebuilt_with_torch_tensor": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            cls = torch.tensor([[[v] for v in cls_token.tolist()]] * tokens.shape[0])   # (B, D, 1)
            return torch.cat([cls.to(tokens.dtype), tokens], dim=-1) + positions
'''),
    # chunk(2) cuts weight_ih's columns in two halves, which is [embedding | context] only when E == D_h.
    # D_s = 3, E = 2, D_h = 4: model returns; entry raises a matmul shape error (E == D_h gives the model's values).
    # Fails the visible tests.
    "blind61_attention_decoder_step_input_weights_chunked_in_halves": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            W_y, W_c = params["weight_ih"].chunk(2, dim=1)
            gx = y_prev @ W_y.T + context @ W_c.T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r_x, z_x, n_x = gx.chunk(3, dim=-1)
            r_h, z_h, n_h = gh.chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            s = (1 - z) * torch.tanh(n_x + r * n_h) + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # (W @ s.T).T is W s for one batch axis only: with s (2, 3, D_s), s.T is (D_s, 3, 2) and the product is not
    # per state. additive_attention with s (2, 3, D_s), H (2, 3, D_h, N): model returns, entry raises (or gives
    # wrong weights); with one batch axis it equals the model. Passes the visible tests.
    "blind61_additive_attention_dot_t_on_state_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (W @ s.T).T                                   # (..., D_a)
            hidden = torch.tanh(U @ H + query[..., None])
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., None])[..., 0]
            return weights, (H * weights[..., None, :]).sum(-1)
'''),
    # arange(0, D, 2) / D is an int tensor divided by an int: the default dtype (float32), so for float64 Q and K
    # under a float32 default the angles carry float32 error (about 1e-7 relative).
    # rotary_embedding(Q float64 (4, 200), K float64 (4, 200)) vs the model: differ by 1.9e-7, far above float64
    # accuracy. Fails the visible tests.
    "blind61_rotary_angles_from_int_division_default_dtype": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2:]
                p = torch.arange(num) if positions is None else positions
                inv_freq = 1.0 / base ** (torch.arange(0, dim, 2) / dim)
                angles = inv_freq[:, None] * p[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X.chunk(2, dim=-2)
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # masked_fill_ on `ids` writes the [MASK] ids into the caller's tensor (corrupted is ids itself).
    # mlm_corrupt(ids, ...) with a seeded generator: labels right, but ids afterwards equal corrupted. Fails the
    # visible tests.
    "blind61_mlm_corrupt_masked_fill_underscore_on_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            roll = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            labels = torch.where(chosen, ids, -100).long()
            corrupted = ids.masked_fill_(chosen & (roll < 0.8), mask_id)
            swap = chosen & (roll >= 0.8) & (roll < 0.9)
            corrupted = torch.where(swap, random_ids, corrupted)
            return corrupted, labels
'''),
    # multinomial over the other documents' SIZES picks a document in proportion to its sentences (a uniform
    # sentence of all other sentences), not a uniform document. Documents of 2, 1 and 9 sentences: for the first
    # document's pair, document 2 is drawn 9/10 of the time by the entry, 1/2 by the model (seeded runs of 4000
    # calls: 0.892 vs 0.474). Passes the visible tests.
    "blind61_nsp_pairs_other_document_weighted_by_length": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            sizes = torch.tensor([len(d) for d in documents], dtype=torch.float64)
            pairs = []
            for index, document in enumerate(documents):
                for a, b in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, b, 0))
                        continue
                    weights = sizes.clone()
                    weights[index] = 0
                    other = documents[int(torch.multinomial(weights, 1, generator=generator))]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # Searching from the end (argmin of the flipped distances, mapped back) gives ties to the HIGHEST id.
    # quantize_pixels(zeros(3, 1, 1), palette with two equal colours): model 0, entry 1. Fails the visible tests.
    "blind61_quantize_pixels_flipped_argmin_ties_high": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1)[..., None]                  # (..., H, W, C, 1)
            distances = ((pixels - palette) ** 2).sum(-2)               # (..., H, W, K)
            K = distances.shape[-1]
            return K - 1 - distances.flip(-1).argmin(-1)
'''),
    # "kd,...d->k..." puts the class axis FIRST: right for one image, transposed for a batch.
    # average_pool_head(X (2, 4, 3), W (5, 4)): model (2, 5), entry (5, 2). Fails the visible tests.
    "blind61_average_pool_head_einsum_class_axis_first": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.einsum("kd,...d->k...", W, X.mean(-1))
            return logits if b is None else logits + b
'''),
    # F.fold's positional order is (input, output_size, kernel_size): swapped, the grid is folded into an M x M
    # output with H x W kernels; right only when H == W == M. window_reverse of a 4x4 grid in 2x2 windows: model
    # (C, 4, 4), entry raises. Fails the visible tests.
    "blind61_window_reverse_fold_sizes_swapped": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, n_windows, channels, area = windows.shape
            columns = windows.reshape(-1, n_windows, channels * area).transpose(1, 2)
            grid = F.fold(columns, (window, window), (height, width), stride=window)
            return grid.reshape(*batch, channels, height, width)
'''),
    # `.T` on the batched (G, C/G, C/G) weights reverses all three axes instead of transposing each group's matrix:
    # channel_attention(X (4, 3), params, 2): the (2, 2, 2) weights are square, so the entry returns (4, 3) values that
    # differ from the model's by up to 11; with X (6, 3) and 2 groups it raises a shape error. Fails the visible tests.
    "blind61_channel_attention_dot_t_on_group_weights": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.mT * scale)
            return linear(merge_heads(weights.T @ V), params["Wo"], params["bo"])
'''),
    # F.one_hot returns int64 and `.T` reverses all axes: right values only for unbatched ids, and always float32
    # (not the default dtype or `dtype`). one_hot(ids (2, 3), 4): model (2, 4, 3), entry (4, 3, 2); and
    # one_hot(ids (3,), 4, dtype=float64).dtype: model float64, entry float32. Fails the visible tests.
    "blind61_one_hot_f_one_hot_dot_t_float": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            return F.one_hot(token_ids, vocab_size).T.float()
'''),

    # torch.cat's default dim is 0: for one state (E,) and (D_h,) that is the stack [y; c], but for a batch (B, E)
    # and (B, D_h) it stacks the batch rows instead of the features. attention_decoder_step with s_prev (2, D_s),
    # y_prev (2, E), H (2, D_h, N): model returns; entry raises a shape error (or mixes rows when E == D_h). Fails
    # the visible tests.
    "blind61_attention_decoder_step_cat_default_dim_zero": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context])
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context]) + params["b_out"]
            return s, logits, weights
'''),
    # squeeze() without a dim drops EVERY axis of size 1, batch axes included: one image in a batch of one,
    # X (1, D, N), gives logits (K,) instead of (1, K) (and K = 1 classes lose their axis too). Fails the visible tests.
    "blind61_average_pool_head_squeeze_without_dim": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1, keepdim=True)           # (..., D, 1)
            logits = (W @ pooled).squeeze()                 # (..., K)
            return logits if b is None else logits + b
'''),
    # torch.tensor([sos_id]) is one (1,) column for every image: torch.cat needs the batch axes too, so batched ids
    # (B, H, W) raise. pixel_sequence(ids (2, 2, 2), 5): model inputs (2, 4); entry RuntimeError. Fails the visible
    # tests.
    "blind61_pixel_sequence_start_tensor_without_batch_axes": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], -1).long()
            inputs = torch.cat([torch.tensor([sos_id]), targets[..., :-1]], dim=-1)
            return inputs, targets
'''),

    # expand gives a stride-0 view: writing the ones into it raises ("more than one element of the written-to tensor
    # refers to a single memory location") as soon as N > 1. one_hot(tensor([0, 2]), 3): model (3, 2), entry
    # RuntimeError (one token works). Fails the visible tests.
    "blind61_one_hot_writes_into_expanded_zeros": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, 1, dtype=dtype).expand(
                *token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
            out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
            return out
'''),
    # F.pad's pairs run from the LAST axis backwards: (0, 0, 1, 0) pads the feature axis D (one row on top), not
    # the token axis. patch_embedding with D = 5, N = 4: model (B, 5, 5); entry adds positions (5, 5) to a
    # (B, 6, 4) tensor and raises. Fails the visible tests.
    "blind61_patch_embedding_f_pad_pairs_read_front_to_back": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            padded = F.pad(tokens, (0, 0, 1, 0))                           # room for [CLS] at token 0
            cls_column = F.pad(cls_token[:, None], (0, tokens.shape[-1]))  # (D, N + 1)
            return padded + cls_column + positions
'''),
    # torch.tensor([-inf]) has a dimension, so it takes part in type promotion: it is made in the default dtype, and
    # float32 scores under a float64 default come back float64. apply_mask(float32 scores, mask) after
    # torch.set_default_dtype(torch.float64): model float32, entry float64. Passes the visible tests.
    "blind61_apply_mask_where_with_one_element_default_dtype_tensor": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return torch.where(mask, scores, torch.tensor([float("-inf")]))
'''),
    # torch.sort is not stable by default: among tied distances the first sorted index need not be the lowest
    # colour id. A palette of 600 colours where ids 5, 7 and 300..599 are all at distance 0 from the pixel: model
    # 5, entry 404 (torch 2.13, CPU). Passes the visible tests.
    "blind61_quantize_pixels_unstable_sort_first_index": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.movedim(-3, -1).unsqueeze(-1)                    # (..., H, W, C, 1)
            distances = ((pixels - palette) ** 2).sum(dim=-2)                # (..., H, W, K)
            return torch.sort(distances, dim=-1).indices[..., 0]
'''),
}

RIGHT_BLIND_61 = {

    # torch.softmax over dim -2 gives NaN only for an all -inf column (0/0); nan_to_num turns exactly those into 0.
    "blind61_softmax_cols_torch_softmax_nan_to_num": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            return torch.softmax(scores, dim=-2).nan_to_num(nan=0.0)
'''),
    # F.relu(inplace=True) on the fresh pre-activation: relu_ saves its output, and the addition before it saves
    # nothing it overwrites, so backward works.
    "blind61_feed_forward_relu_inplace_on_fresh_tensor": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = F.relu(W1 @ X + b1[:, None], inplace=True)
            return W2 @ hidden + b2[:, None]
'''),
    # torch.maximum against zeros: gradient 1/2 at exactly 0, a valid subgradient of ReLU's kink.
    "blind61_feed_forward_maximum_with_zeros": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = torch.matmul(W1, X) + b1.unsqueeze(-1)
            return torch.matmul(W2, torch.maximum(pre, torch.zeros_like(pre))) + b2.unsqueeze(-1)
'''),
    # .mT transposes the last two axes of a batched tensor (unlike .T).
    "blind61_sdpa_mt_and_where_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K.mT @ Q) * Q.shape[-2] ** -0.5
            if mask is not None:
                scores = torch.where(mask, scores, float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # chunk(num_heads) gives num_heads equal pieces (D is divisible by num_heads, checked above).
    "blind61_multi_head_chunk_count_then_stack": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(Y):
                return torch.stack(Y.chunk(num_heads, dim=-2), dim=-3)
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            out, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
            return linear(torch.cat(out.unbind(-3), dim=-2), params["Wo"], params["bo"])
'''),
    # gather accepts an index smaller than the input: row 0 of the index (ids[1:]) picks log_probs[ids[n+1], n].
    "blind61_sequence_log_prob_gather_short_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)        # (V, N)
            return torch.gather(log_probs, 0, ids[None, 1:]).sum()
'''),
    # Tensor.unfold on H, then on W: the window axes are appended as (P_row, P_col), in that order.
    "blind61_patchify_tensor_unfold_height_then_width": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            blocks = images.unfold(2, P, P).unfold(3, P, P)     # (B, C, H/P, W/P, P_row, P_col)
            blocks = blocks.permute(0, 1, 4, 5, 2, 3)           # (B, C, P_row, P_col, H/P, W/P)
            return blocks.reshape(batch, channels * P * P, -1)
'''),
    # torch.split with the piece SIZE D_s gives the three gates.
    "blind61_attention_decoder_step_split_by_gate_size": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            size = params["weight_hh"].shape[-1]
            gx = torch.split(stack(y_prev, context) @ params["weight_ih"].mT + params["bias_ih"], size, dim=-1)
            gh = torch.split(s_prev @ params["weight_hh"].mT + params["bias_hh"], size, dim=-1)
            r = torch.sigmoid(gx[0] + gh[0])
            z = torch.sigmoid(gx[1] + gh[1])
            n = torch.tanh(gx[2] + r * gh[2])
            s = torch.lerp(n, s_prev.expand_as(n), z)                  # (1 - z) n + z s_prev
            logits = stack(s, context) @ params["W_out"].mT + params["b_out"]
            return s, logits, weights
'''),
    # Out-of-place masked_fill on ids (a new tensor), then the random replacements.
    "blind61_mlm_corrupt_out_of_place_masked_fill": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = (torch.rand(ids.shape, generator=generator) < mask_prob) & ~torch.isin(ids, special)
            roll = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.masked_fill(chosen & (roll < 0.8), mask_id)
            corrupted = torch.where(chosen & (roll >= 0.8) & (roll < 0.9), random_ids, corrupted)
            labels = ids.long().masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # The wrapped flags are set on the ORIGINAL grid (its first `shift` rows and columns) and rolled by -shift, as
    # the grid is; a region label per token, windows, then label equality.
    "blind61_shifted_window_mask_roll_negative_flags": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.roll(torch.arange(height) < shift, -shift, dims=0)
            cols = torch.roll(torch.arange(width) < shift, -shift, dims=0)
            labels = rows.long()[:, None] * 2 + cols.long()[None, :]
            labels = window_partition(labels.unsqueeze(0), window).squeeze(-2)   # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # .mT on the batched weights: each group's matrix transposed.
    "blind61_channel_attention_mt": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.mT * scale)
            return linear(merge_heads(weights.mT @ V), params["Wo"], params["bo"])
'''),
    # .view is safe here although X may be a non-contiguous view: it only SPLITS H and W into (H/M, M) and
    # (W/M, M), which any strides allow; the one merge is done by reshape.
    "blind61_window_partition_view_only_splits_axes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.view(*batch, channels, height // M, M, width // M, M)
            grid = grid.permute(*range(len(batch)), -4, -2, -5, -3, -1)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),

    # log_probs[ids[1:]] picks whole rows (N - 1, N); row n - 1 at column n - 1 is log p(ids[n] | ids[:n]): the
    # diagonal.
    "blind61_sequence_log_prob_row_gather_then_diagonal": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)        # (V, N)
            return log_probs[ids[1:]].diagonal().sum()
'''),
    # view_as_complex needs (real, imag) on the LAST axis: the two halves are stacked there, so row i pairs with row
    # i + D/2 (not adjacent rows); angles in float64, the rotation in the input's precision class.
    "blind61_rotary_view_as_complex_halves_stacked_last": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2:]
                half = dim // 2
                p = torch.arange(num, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                theta = 1.0 / (base ** (torch.arange(half, dtype=torch.float64) * 2.0 / dim))
                angles = torch.outer(theta, p)                                   # (D/2, N)
                work = torch.float64 if X.dtype == torch.float64 else torch.float32
                pairs = torch.stack([X[..., :half, :], X[..., half:, :]], dim=-1).to(work).contiguous()
                turned = torch.view_as_complex(pairs) * torch.polar(torch.ones_like(angles), angles).to(
                    torch.complex128 if work == torch.float64 else torch.complex64)
                out = torch.view_as_real(turned)                                 # (..., D/2, N, 2)
                return torch.cat([out[..., 0], out[..., 1]], dim=-2).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # i - j is a multiple of s exactly when i and j have the same residue mod s.
    "blind61_strided_mask_equal_residues": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residue = torch.arange(n) % stride
            return residue[:, None] == residue[None, :]
'''),
    # squeeze(-1) removes only the pooled token axis, so batch axes of size 1 and K = 1 survive.
    "blind61_average_pool_head_squeeze_last_dim_only": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X.mean(dim=-1, keepdim=True)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # full_like on a slice of the long targets inherits their dtype, device and batch axes.
    "blind61_pixel_sequence_full_like_first_column": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),

    # After subtracting the column maximum every column with a finite score sums to at least 1, so clamp(min=1)
    # only turns an all -inf column's 0 into 1 (0 / 1 = 0). At the boundary (sum exactly 1: a single visible key)
    # clamp passes the gradient through, so backward is unchanged.
    "blind61_softmax_cols_column_sum_clamped_at_one": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            exps = torch.exp(scores - torch.where(top == float("-inf"), torch.zeros_like(top), top))
            return exps / exps.sum(dim=-2, keepdim=True).clamp(min=1.0)
'''),
}
