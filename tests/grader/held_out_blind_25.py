"""Twenty-sixth blind batch of held-out implementations (prefix blind25_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (its general rules included: keyword calls under the stubs' parameter names,
masks that broadcast with fewer batch axes or axes of size 1, dtype kept, float64 computed in float64, arguments left
unchanged, gradients), the stubs (exercises/*.py: signatures and input-check lines) and the model answers (solutions/*.py)
of every exercise. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`; the opening of exercises/tests/plugin.py was read for --target), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_24.py) were consulted only for their "counted right" / "counted WRONG" decisions
(a gradient whose true value is zero may be missing; generator=None is open; only the distribution of mlm_corrupt and
nsp_pairs is graded; rstrip for bpe_decode is right; an empty batch is not graded) and searched by keyword for repeats
(one drafted wrong entry, F.embedding with padding_idx=0, repeated blind5_embed_padding_idx_zero and was dropped).
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same
time (held_out_blind_26.py). (A listing of tests/grader/ was printed once, when looking for the earlier batch files.)

Emphasis: mostly RIGHT entries in styles a grader could wrongly reject: torch.func.vmap (over columns, heads, pixels,
batch items), torch.func.functional_call on a meta-device nn.GRUCell, float32 inputs computed in float64 and cast back,
in-place operations on fresh intermediate tensors (masked_fill_, relu_, +=, scatter_, slice assignment into new_empty
buffers; never on inputs), caches of pure constant tables keyed by size, dtype and device and returning clones, helper
closures, classes with __call__ behind the function, generators, itertools (pairwise, product, islice, chain, repeat),
functools.reduce, a match statement, explicit Python loops over batch items, heads and windows with torch.stack / cat,
einsum everywhere, torch.nn.functional equivalents with the right conventions (one_hot, embedding, layer_norm, linear,
pad, cross_entropy), masks by torch.where, masked_fill and additive -inf, extra keyword-only parameters with defaults,
complex numbers for rotary. The WRONG entries are the same styles gone subtly wrong: caches keyed by shape only (the
window, the lengths' values, the mask's values, the dtype or the default dtype left out of the key), float64 internals
returned as float64, in-place writes that reach an input through a reshape view (only when the input is contiguous),
vmap over the wrong axis or over one batch axis only, a mask indexed per batch item (a size-1 batch axis), F.pad and
F.embedding without converting uint8 ids, a stub parameter made keyword-only or renamed, window bookkeeping that holds
only on square grids.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind25/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted; build.py) and run against its exercise's visible tests (runvis.py); every right entry passes
them, and each wrong entry's comment says whether it does. Each entry was then compared with the model answer by a
harness (harness.py, cases.py, t1.py ... t14.py) that calls both sides positionally and with every argument by keyword
under the stub's parameter names, compares values (float32 to 3e-5, float64 to 1e-11, exactly for ids, masks and
integers), shapes and dtypes, checks that the arguments are unchanged and that the same ValueErrors are raised, and
backpropagates a random weighting of the outputs into every floating-point input and parameter (gradients to 1e-4
relative). The batteries are named in each right entry's comment; the cached entries were also run in several orders
and under torch.set_default_dtype(torch.float64). The random functions were compared by statistics (mlm_corrupt,
nsp_pairs) or seeded draw for draw (generate). Each wrong entry's recorded input was run on both sides and the results
printed.

Judgement calls: blind25_cross_attention_mask_parameter_renamed repeats the idea of blind22's renamed SDPA mask on
another function (kept as the brief asks for keyword-call checks). blind25_rotary_table_cache_keyed_without_dtype,
blind25_sinusoidal_cache_keyed_by_size_only, blind25_local_mask_cache_keyed_by_n_only,
blind25_padding_mask_cache_keyed_by_shape, blind25_transformer_layer_bias_cached_by_mask_shape and
blind25_cross_attention_mask_cached_by_shape differ only on a second call after an earlier one in the same process.
blind25_mha_vmap_heads_over_wrong_axis differs only with a batch axis and a mask that carries it.
blind25_right_quantize_expanded_float64 may, in principle, break a near-tie differently from the model's direct
differences; the contract accepts either id there and none was seen. No right entry was kept with any recorded
difference.

Counts: 28 wrong, 56 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'channel_attention': 1, 'cross_attention': 2, 'dequantize_pixels': 2, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 2, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 2, 'feed_forward': 2, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 2, 'padding_mask': 2, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 2, 'relative_position_bucket': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_25 = {
    # Computed in float64 for accuracy and returned without the cast back: float32 scores give float64 weights
    # (clause: functions keep the dtype of their inputs). Recorded: any float32 scores, e.g. randn(1, 1): model
    # float32, entry float64. Fails the visible tests.
    "blind25_softmax_float64_inside_returned_wide": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            wide = scores.double()
            top = wide.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            exps = (wide - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # A band cache keyed by n alone (the window forgotten in the key): the first window asked for a size is
    # returned for every later window. Recorded: local_mask(3, 0) then local_mask(3, 1): the entry returns the
    # identity again, the model the tridiagonal band. Passes the visible tests.
    "blind25_local_mask_cache_keyed_by_n_only": ("masking", "local_mask", '''
        _BANDS = {}


        def local_mask(n, window):
            if n not in _BANDS:
                idx = torch.arange(n)
                _BANDS[n] = (idx[None, :] - idx[:, None]).abs() <= window
            return _BANDS[n].clone()
'''),
    # A mask cache keyed by the lengths' shape and n, not their values: a second batch of the same size gets the
    # first batch's mask. Recorded: padding_mask(tensor([3, 0, 5]), 5) then padding_mask(tensor([1, 4, 2]), 5):
    # the entry repeats the first mask. Passes the visible tests.
    "blind25_padding_mask_cache_keyed_by_shape": ("masking", "padding_mask", '''
        _PADS = {}


        def padding_mask(lengths, n):
            key = (tuple(lengths.shape), n)
            if key not in _PADS:
                _PADS[key] = (torch.arange(n)[None, :] < lengths[:, None])[:, :, None]
            return _PADS[key].clone()
'''),
    # masked_fill_ on scores.reshape(scores.shape), believed to be a copy; it is a view of a contiguous tensor,
    # so the caller's scores get the -inf written into them (a non-contiguous scores is copied and left alone).
    # Recorded: scores randn(4, 5) float32 and any mask with a False: scores modified. Passes the visible tests.
    "blind25_apply_mask_inplace_through_reshape_view": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.reshape(scores.shape)          # a view when scores is contiguous
            out.masked_fill_(~mask, float("-inf"))
            return out
'''),
    # A recursive loop over the first batch axis that indexes mask[b] whenever the mask has as many axes as Q: a
    # mask with a batch axis of size 1 (allowed, it broadcasts) is indexed past its end. Recorded: Q (3, 4, 6),
    # K (3, 4, 5), V (3, 3, 5), mask (1, 5, 6): model a result, entry IndexError. Passes the visible tests.
    "blind25_sdpa_batch_loop_indexes_mask_per_item": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if Q.dim() > 2:
                pairs = [scaled_dot_product_attention(Q[b], K[b], V[b],
                                                      mask if mask is None or mask.dim() < Q.dim() else mask[b])
                         for b in range(Q.shape[0])]
                return torch.stack([o for o, _ in pairs]), torch.stack([w for _, w in pairs])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Centres with `-=` on X.reshape(X.shape), a view of a contiguous X: the caller's X is overwritten with its
    # centred values (and a leaf X that requires grad raises). A non-contiguous X is copied by reshape and comes
    # out right. Recorded: X randn(4, 3) float32, gamma, beta randn(4): X modified. Fails the visible tests.
    "blind25_layer_norm_inplace_center_through_view": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X.reshape(X.shape)                 # a view of a contiguous X
            centred -= X.mean(dim=-2, keepdim=True)
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    # Upcasts everything to float64 'for accuracy' and forgets the cast back: float32 inputs give a float64
    # result. Recorded: X (4, 3), W1 (6, 4), b1 (6,), W2 (4, 6), b2 (4,) float32: model float32, entry float64.
    # Passes the visible tests.
    "blind25_feed_forward_float64_internals_not_cast_back": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            x = X.to(torch.float64)
            hidden = torch.relu(W1.double() @ x + b1.double()[:, None])
            return W2.double() @ hidden + b2.double()[:, None]
'''),
    # cos/sin tables cached by (D, positions, base) but not dtype: after a float32 call, a float64 call of the
    # same size multiplies by float32-rounded tables, so its result is float64 with float32 accuracy (clause: a
    # float64 input is computed in float64). Recorded: rotary_embedding on float32 Q (4, 3), K (4, 5), then on
    # float64 Q (4, 3), K (4, 5): max difference 2.6e-8 against the model. Passes the visible tests.
    "blind25_rotary_table_cache_keyed_without_dtype": ("positions", "rotary_embedding", '''
        _TRIG = {}


        def _trig(D, positions, base, like):
            key = (D, tuple(positions.tolist()), float(base))
            if key not in _TRIG:
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                _TRIG[key] = (angles.cos().to(like.dtype), angles.sin().to(like.dtype))
            return _TRIG[key]


        def _spin(X, positions, base):
            D, N = X.shape[-2:]
            positions = torch.arange(N) if positions is None else positions
            cos, sin = _trig(D, positions, base, X)
            a, b = X[..., : D // 2, :], X[..., D // 2:, :]
            return torch.cat([a * cos - b * sin, b * cos + a * sin], dim=-2)


        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return _spin(Q, positions_q, base), _spin(K, positions_k, base)
'''),
    # The table cache is keyed by (num_positions, dim) but not the default dtype it was built in: after
    # torch.set_default_dtype(torch.float64) the float32 table comes back. Recorded: sinusoidal_positions(4, 6)
    # under float32, then again under a float64 default: model float64, entry float32. Passes the visible tests.
    "blind25_sinusoidal_cache_keyed_by_size_only": ("embeddings", "sinusoidal_positions", '''
        _SINES = {}


        def sinusoidal_positions(num_positions, dim):
            if (num_positions, dim) not in _SINES:
                dtype = torch.get_default_dtype()
                pos = torch.arange(num_positions, dtype=dtype)
                two_i = torch.arange(0, dim, 2, dtype=dtype)
                angles = pos[None, :] / 10000 ** (two_i[:, None] / dim)
                table = torch.empty(dim, num_positions, dtype=dtype)
                table[0::2] = angles.sin()
                table[1::2] = angles[: dim // 2].cos()
                _SINES[(num_positions, dim)] = table
            return _SINES[(num_positions, dim)].clone()
'''),
    # Corrupts ids.reshape(-1), taken for a copy; for a contiguous ids it is a view, so ids itself is corrupted
    # (clause: ids is not modified); a non-contiguous ids is copied and left alone. Recorded: ids arange(2,
    # 22).reshape(2, 10), vocab 30, special [0, 1], mask_id 1, seed 0, mask_prob 0.5: ids modified. Fails the
    # visible tests.
    "blind25_mlm_corrupt_writes_through_flat_view": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            flat = ids.reshape(-1)                        # a view of a contiguous ids
            original = flat.clone()
            chosen = ~torch.isin(original, special) & (torch.rand(flat.shape, generator=generator) < mask_prob)
            action = torch.rand(flat.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator, dtype=ids.dtype)
            flat[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            flat[swap] = random_ids[swap]
            labels = torch.where(chosen, original.long(), -100)
            return flat.reshape(ids.shape).clone(), labels.reshape(ids.shape)
'''),
    # vmap of additive_attention over the grid's rows: one softmax per row instead of one over all H*W cells,
    # and the row contexts averaged. Recorded: s randn(3), features randn(4, 3, 4), W (5, 3), U (5, 4), v (5,):
    # max weight difference 0.50. Fails the visible tests.
    "blind25_grid_attention_vmap_softmax_per_row": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            per_row = torch.func.vmap(lambda rows: additive_attention(s, rows, W, U, v), in_dims=-2, out_dims=(-2, -1))
            weights, contexts = per_row(features)                # a softmax over each row separately
            height = features.shape[-2]
            return weights, contexts.sum(dim=-1) / height
'''),
    # Looks the colours up with a float64 one-hot product and returns the float64 result: a float32 palette
    # gives float64 pixels (clause: in the palette's dtype). Recorded: ids randint(0, 7, (4, 5)), palette
    # randn(3, 7) float32: model float32, entry float64. Passes the visible tests.
    "blind25_dequantize_one_hot_float64_returned": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            picks = torch.nn.functional.one_hot(ids.long(), palette.shape[1]).to(torch.float64)   # (..., H, W, K)
            return torch.einsum("ck,...hwk->...chw", palette.to(torch.float64), picks)
'''),
    # A mask cache keyed by the mask's shape: a later call with a different mask of the same shape reuses the
    # first one. Recorded: float64 X (4, 3), H = 2, a call with causal_mask(3), then one with an all-True (3, 3)
    # mask: max difference 0.22 from the model. Passes the visible tests.
    "blind25_transformer_layer_bias_cached_by_mask_shape": ("transformer_layer", "transformer_layer", '''
        _MASK_CACHE = {}


        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                key = tuple(mask.shape)
                if key not in _MASK_CACHE:
                    _MASK_CACHE[key] = mask.clone()
                mask = _MASK_CACHE[key]
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # vmap over axis 0 taken to be the head axis: right for unbatched inputs (axis 0 is the head axis) and for
    # batched ones without a mask (the inner call batches the heads anyway), but with a batch axis the mask is
    # then broadcast against (H, N_k, N_q). Recorded: Xq (3, 6, 4), Xkv (3, 6, 5), H = 2, mask (3, 5, 4): model
    # a result, entry RuntimeError. Passes the visible tests.
    "blind25_mha_vmap_heads_over_wrong_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            attend = lambda q, k, v: scaled_dot_product_attention(q, k, v, mask)[0]
            heads = torch.func.vmap(attend, in_dims=0, out_dims=0)(Q, K, V)   # axis 0 taken for the head axis
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Tensor.unfold twice, then the two window-grid axes transposed: windows listed column by column instead of
    # in raster order. Recorded: X randn(2, 4, 6), window 2: max difference 3.1. Fails the visible tests.
    "blind25_window_partition_unfold_grid_axes_swapped": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)           # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3).transpose(-5, -4)        # windows listed column by column
            return tiles.reshape(*tiles.shape[:-5], -1, tiles.shape[-3], M * M)
'''),
    # Scores computed in float64; the context is cast back but the weights are returned in float64. Recorded:
    # float32 s (3,), H (4, 6), W (5, 3), U (5, 4), v (5,): weights float64 instead of float32. Passes the
    # visible tests.
    "blind25_additive_attention_float64_weights_returned_wide": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            s64, H64 = s.double(), H.double()
            e = torch.einsum("a,...an->...n", v.double(),
                             torch.tanh(torch.einsum("ah,...hn->...an", U.double(), H64)
                                        + torch.einsum("as,...s->...a", W.double(), s64)[..., None]))
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(e[..., None])[..., 0]
            context = torch.einsum("...hn,...n->...h", H64, weights).to(H.dtype)
            return weights, context
'''),
    # Routes through scaled_dot_product_attention as the contract suggests, but transposes Q_g, K_g, V_g back
    # before the call, so the tokens attend to tokens within each group instead of channels to channels.
    # Recorded: X randn(6, 5), G = 2, seeded params: max difference 5.2. Fails the visible tests.
    "blind25_channel_attention_sdpa_transposes_cancelled": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-1, -2)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-1, -2)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-1, -2)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))
            out, _ = scaled_dot_product_attention(Q.transpose(-1, -2), K.transpose(-1, -2), V.transpose(-1, -2))
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # The four 2x2 block views stacked at dim=-3, after the channel axis, so the 4C features come channel-major
    # (c, block) instead of block-major (block, c); identical when C = 1. Recorded: X randn(2, 4, 6) (C = 2),
    # gamma, beta (8,), W (4, 8): max difference 6.0. Passes the visible tests.
    "blind25_patch_merging_stack_on_wrong_axis_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            quads = torch.stack([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                                dim=-3)                              # (..., C, 4, H/2, W/2): channel-major
            merged = quads.flatten(-4, -3).movedim(-3, -1)
            normed = torch.nn.functional.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return torch.einsum("ok,...hwk->...ohw", W, normed)
'''),
    # Crops the context to ids[-context_size - 1:], one token too many. Recorded: a model whose logits depend on
    # the first token of its context (logits = T[:, ids] + T.flip(0)[:, ids[:1]] + 0.1 n, T randn(3, 3) seed 3
    # times 2), prompt [1, 2, 0], 12 new tokens, context_size 2, generator seed 0: model [1, 2, 0, 2, 0, 2,
    # ...], entry [1, 2, 0, 0, 2, 0, ...]. Fails the visible tests.
    "blind25_generate_context_window_off_by_one_islice": ("sampling", "generate", '''
        import itertools


        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in itertools.repeat(None, max_new_tokens):
                context = ids if context_size is None else ids[-context_size - 1:]   # keeps one token too many
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                if eos_id is not None and int(token) == eos_id:
                    break
            return ids
'''),
    # vmap over one batch axis (the input flattened to (B, -1)): right for (N,) and (B, N), wrong for more batch
    # axes. Recorded: is_global (1, 1, 3): model (1, 1, 3, 3), entry (1, 3, 3); (2, 3, 4): entry RuntimeError.
    # Passes the visible tests.
    "blind25_global_token_mask_vmap_single_batch_axis": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            pair = lambda g: g[:, None] | g[None, :]
            if is_global.dim() == 1:
                return pair(is_global)
            return torch.func.vmap(pair)(is_global.reshape(is_global.shape[0], -1)).reshape(
                *is_global.shape[:1], is_global.shape[-1], is_global.shape[-1])
'''),
    # enc_mask cached with dict.setdefault keyed by its shape: a later padding mask of the same shape is
    # replaced by the first. Recorded: float64 X_dec (1, 4, 3), X_enc (1, 4, 5), H = 2, a call with
    # padding_mask([2], 5), then one with padding_mask([5], 5): max difference 1.1 from the model. Passes the
    # visible tests.
    "blind25_cross_attention_mask_cached_by_shape": ("cross_attention", "cross_attention", '''
        _ENC_MASKS = {}


        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = _ENC_MASKS.setdefault(tuple(enc_mask.shape), enc_mask.clone())
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # F.one_hot, then .float() when no dtype is given: float32 whatever the default dtype (clause: the default
    # float dtype). Recorded: ids randint(0, 6, (5,)), V = 6 under torch.set_default_dtype(torch.float64): model
    # float64, entry float32. Passes the visible tests.
    "blind25_one_hot_float_method_ignores_default_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = torch.nn.functional.one_hot(token_ids, vocab_size).movedim(-1, -2)
            return table.to(dtype) if dtype is not None else table.float()
'''),
    # F.pad(targets, (1, -1), value=sos_id) on the ids without converting them to long: uint8 images give uint8
    # inputs and targets, and an sos_id of 512 (ImageGPT's) cannot be stored. Recorded: ids randint(0, 200, (4,
    # 5)) uint8, sos 0: dtype uint8 instead of int64; sos 512: RuntimeError. Passes the visible tests.
    "blind25_pixel_sequence_pad_keeps_id_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2)
            return torch.nn.functional.pad(targets, (1, -1), value=sos_id), targets
'''),
    # F.embedding(ids, palette.t()) without ids.long(): fine for int64 and int32 ids, a RuntimeError for uint8
    # (and int16) ids, which the contract allows. Recorded: ids randint(0, 7, (4, 5)) uint8, palette randn(3,
    # 7): model a result, entry RuntimeError. Passes the visible tests.
    "blind25_dequantize_embedding_without_long": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return torch.nn.functional.embedding(ids, palette.t()).movedim(-1, -3)
'''),
    # Window k's grid position taken as divmod(k, H // M) (windows per column) instead of divmod(k, W // M):
    # right on square grids only. Recorded: windows randn(2, 1, 8, 1, 1), window 1, height 2, width 4: max
    # difference 1.5; windows (6, 2, 4), window 2, 4 x 6: RuntimeError. Fails the visible tests.
    "blind25_window_reverse_divmod_by_rows": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            grid = windows.new_empty(*windows.shape[:-3], windows.shape[-2], height, width)
            for k in range(windows.shape[-3]):
                r, c = divmod(k, height // M)                 # windows per column, not per row
                grid[..., r * M:(r + 1) * M, c * M:(c + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return grid
'''),
    # A rolled index r counted as wrapped when r + shift > size instead of >= size: the first wrapped row and
    # column are labelled with the unwrapped ones. Recorded: shifted_window_mask(4, 4, 2, 1): masks differ.
    # Fails the visible tests.
    "blind25_shifted_mask_wrap_test_strict": ("swin", "shifted_window_mask", '''
        import itertools


        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            masks = []
            for wr, wc in itertools.product(range(height // M), range(width // M)):
                cells = [(wr * M + p, wc * M + q) for p, q in itertools.product(range(M), range(M))]
                tag = [(r + shift > height, c + shift > width) for r, c in cells]
                masks.append([[tag[j] == tag[i] for i in range(M * M)] for j in range(M * M)])
            return torch.tensor(masks, dtype=torch.bool).reshape(-1, M * M, M * M)
'''),
    # norm_first made keyword-only (`*, norm_first=False`): the stub's signature takes it positionally, and a
    # caller passing all five arguments by position gets a TypeError (clause: parameters keep the names and
    # order of the stubs' signatures). Recorded: transformer_layer(X, params, 2, None, False) with X (6, 4):
    # TypeError. Passes the visible tests.
    "blind25_transformer_layer_norm_first_keyword_only": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, *, norm_first=False):
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            ln = lambda Y, k: layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])
            if norm_first:
                X = X + attend(ln(X, 1))
                return X + think(ln(X, 2))
            X = ln(X + attend(X), 1)
            return ln(X + think(X), 2)
'''),
    # The mask parameter named `mask` (as in multi_head_attention) instead of the stub's `enc_mask`: positional
    # calls work, cross_attention(..., enc_mask=m) raises TypeError (clause: a caller may pass any argument by
    # name). Recorded: X_dec (6, 4), X_enc (6, 5), H = 2, enc_mask=(5, 4) mask by keyword: TypeError. Fails the
    # visible tests.
    "blind25_cross_attention_mask_parameter_renamed": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, mask=None):
            return multi_head_attention(X_dec, X_enc, params, num_heads, mask)
'''),
}


RIGHT_BLIND_25 = {
    # Written as right. Computes in float64 and casts back to the scores' dtype (more accurate than float32;
    # -inf columns handled with torch.where). Agrees with the model on: float32/float64, batch (), (1,), (3,),
    # (2, 3), (2, 1, 2), sizes 1, non-contiguous, +-1e4, -inf entries and an all -inf column, gradients;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_softmax_float64_inside_cast_back": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            wide = scores.to(torch.float64)
            top = wide.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            exps = (wide - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            total = torch.where(total == 0, torch.ones_like(total), total)
            return (exps / total).to(scores.dtype)
'''),
    # Written as right. A one-column softmax vmapped twice (over the columns, then the flattened batch). Agrees
    # with the model on: float32/float64, batch (), (1,), (3,), (2, 3), (2, 1, 2), sizes 1, non-contiguous,
    # +-1e4, -inf entries and an all -inf column, gradients; positional and keyword calls, arguments unchanged.
    # Passes the visible tests.
    "blind25_right_softmax_vmap_over_columns": ("softmax", "softmax_cols", '''
        def _one_column(column):
            peak = column.max()
            peak = torch.where(torch.isneginf(peak), torch.zeros_like(peak), peak)
            e = torch.exp(column - peak)
            s = e.sum()
            return e / torch.where(s == 0, torch.ones_like(s), s)


        def softmax_cols(scores):
            flat = scores.reshape(-1, *scores.shape[-2:])
            out = torch.func.vmap(torch.func.vmap(_one_column, in_dims=1, out_dims=1))(flat)
            return out.reshape(scores.shape)
'''),
    # Written as right. An additive bias: zeros of the mask's shape, masked_fill_ (in place, on the fresh bias)
    # with -inf, added to the scores. Agrees with the model on: float32/float64, batches (), (3,), (2, 3), every
    # mask shape the contract allows (fewer axes, size-1 axes, (N_k, 1), (1, N_q)), non-contiguous, a non-bool
    # mask (ValueError both), gradients; positional and keyword calls, arguments unchanged. Passes the visible
    # tests.
    "blind25_right_apply_mask_additive_bias": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            bias = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
            bias.masked_fill_(~mask, float("-inf"))
            return scores + bias
'''),
    # Written as right. A nested list comprehension of Python booleans, reshaped so that n = 0 gives (0, 0).
    # Agrees with the model on: n = 0 ... 6; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_causal_mask_nested_generators": ("masking", "causal_mask", '''
        def causal_mask(n):
            rows = [[key <= query for query in range(n)] for key in range(n)]
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # Written as right. A fresh all-False buffer filled row by row with slice assignment (lengths clamped to [0,
    # n]). Agrees with the model on: lengths with 0, n and beyond n, B = 1 ... 4, repeated shapes; positional
    # and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_padding_mask_fresh_buffer_filled_per_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            out = torch.zeros(lengths.shape[0], n, 1, dtype=torch.bool, device=lengths.device)
            for row, length in enumerate(lengths.tolist()):
                out[row, : max(0, min(int(length), n))] = True
            return out
'''),
    # Written as right. A cache of bands keyed by (n, window), returning a clone. Agrees with the model on: n =
    # 0 ... 6 x window 0 ... 7, repeated calls; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_local_mask_cache_by_n_and_window": ("masking", "local_mask", '''
        _LOCAL_CACHE = {}


        def local_mask(n, window):
            key = (int(n), int(window))
            if key not in _LOCAL_CACHE:
                idx = torch.arange(n)
                _LOCAL_CACHE[key] = (idx[None, :] - idx[:, None]).abs() <= window
            return _LOCAL_CACHE[key].clone()
'''),
    # Written as right. F.one_hot with num_classes=V, the class axis moved before N, cast to dtype or the
    # default dtype. Agrees with the model on: ids of several shapes incl. (0,), dtype None, float32, float64,
    # float16 by keyword, under default float32 and float64, ids out of range (ValueError both); positional and
    # keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_one_hot_functional_moved": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = torch.nn.functional.one_hot(token_ids.long(), num_classes=vocab_size)
            return table.movedim(-1, -2).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # Written as right. F.embedding on omega_e transposed (no padding_idx, no max_norm), the feature axis moved
    # back. Agrees with the model on: float32/float64, ids of shapes (5,), (2, 3), (2, 1, 4), (1,), (0,), (3,
    # 0), non-contiguous, ids out of range (ValueError both), gradients; positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_embed_functional_embedding": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = torch.nn.functional.embedding(token_ids, omega_e.transpose(0, 1))   # (..., N, D)
            return rows.transpose(-1, -2)
'''),
    # Written as right. A table cache keyed by (num_positions, dim, default dtype), returning a clone. Agrees
    # with the model on: num_positions 0 ... 5, 7, 100, 1000 x dim 0 ... 6, 5, 16, 64, under a default float32
    # and float64; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_sinusoidal_cache_by_size_and_dtype": ("embeddings", "sinusoidal_positions", '''
        _TABLES = {}


        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            key = (num_positions, dim, dtype)
            if key not in _TABLES:
                pos = torch.arange(num_positions, dtype=dtype)
                two_i = torch.arange(0, dim, 2, dtype=dtype)
                angles = pos[None, :] / 10000 ** (two_i[:, None] / dim)
                table = torch.empty(dim, num_positions, dtype=dtype)
                table[0::2] = angles.sin()
                table[1::2] = angles[: dim // 2].cos()
                _TABLES[key] = table
            return _TABLES[key].clone()
'''),
    # Written as right. The mask expanded to the scores' shape, the batch flattened, an explicit loop with
    # torch.where and torch.stack. Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3),
    # D_k != D_v, N_k != N_q, sizes 1, every broadcastable mask shape with a query that sees nothing, non-
    # contiguous, gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_sdpa_loop_over_flat_batch_stack": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                mask = mask.expand(scores.shape)
            flat_s = scores.reshape(-1, *scores.shape[-2:])
            flat_v = V.reshape(-1, *V.shape[-2:])
            flat_m = None if mask is None else mask.reshape(-1, *mask.shape[-2:])
            outs, ws = [], []
            for b in range(flat_s.shape[0]):
                s = flat_s[b]
                if flat_m is not None:
                    s = torch.where(flat_m[b], s, torch.full_like(s, float("-inf")))
                w = softmax_cols(s)
                ws.append(w)
                outs.append(flat_v[b] @ w)
            out = torch.stack(outs).reshape(*batch, V.shape[-2], Q.shape[-1])
            return out, torch.stack(ws).reshape(*batch, K.shape[-1], Q.shape[-1])
'''),
    # Written as right. einsum everywhere, computed in float64 and cast back to the inputs' dtype. Agrees with
    # the model on: float32/float64, batches (), (1,), (3,), (2, 3), D_k != D_v, N_k != N_q, sizes 1, every
    # broadcastable mask shape with a query that sees nothing, non-contiguous, gradients; positional and keyword
    # calls, arguments unchanged. Passes the visible tests.
    "blind25_right_sdpa_einsum_float64_inside": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = (t.to(torch.float64) for t in (Q, K, V))
            scores = torch.einsum("...dk,...dq->...kq", k, q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores)
            out = torch.einsum("...vk,...kq->...vq", v, weights)
            return out.to(V.dtype), weights.to(Q.dtype)
'''),
    # Written as right. One fused projection (Wq, Wk, Wv stacked) split by sizes, behind a class with __call__.
    # Agrees with the model on: float32/float64, batches (), (3,), (2, 3), D_k != D_v, sizes 1, every
    # broadcastable mask shape, non-contiguous weights, gradients; positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_self_attention_fused_projection_class": ("attention", "self_attention", '''
        class _FusedSelfAttention:
            def __call__(self, X, weights, biases, sizes, mask):
                stacked = torch.cat(weights, dim=0) @ X + torch.cat(biases)[:, None]
                Q, K, V = torch.split(stacked, sizes, dim=-2)
                return scaled_dot_product_attention(Q, K, V, mask)


        _fused = _FusedSelfAttention()


        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            return _fused(X, (Wq, Wk, Wv), (bq, bk, bv), [Wq.shape[0], Wk.shape[0], Wv.shape[0]], mask)
'''),
    # Written as right. Weights reshaped to (H, D/H, D), einsum with an explicit head axis, masked_fill_ in
    # place on the fresh scores. Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3), H =
    # 1, 2, 4, N_k != N_q, sizes 1, every broadcastable mask shape with a blind query, D % H != 0 (ValueError
    # both), non-contiguous, gradients of inputs and params; positional and keyword calls, arguments unchanged.
    # Passes the visible tests.
    "blind25_right_mha_einsum_head_axis_inplace_fill": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            D = Xq.shape[-2]
            h, d = num_heads, D // num_heads
            Wq = params["Wq"].reshape(h, d, D)
            Wk = params["Wk"].reshape(h, d, D)
            Wv = params["Wv"].reshape(h, d, D)
            Q = torch.einsum("hed,...dn->...hen", Wq, Xq) + params["bq"].reshape(h, d, 1)
            K = torch.einsum("hed,...dn->...hen", Wk, Xkv) + params["bk"].reshape(h, d, 1)
            V = torch.einsum("hed,...dn->...hen", Wv, Xkv) + params["bv"].reshape(h, d, 1)
            from .softmax import softmax_cols
            scores = torch.einsum("...hek,...heq->...hkq", K, Q) / math.sqrt(d)
            if mask is not None:
                scores.masked_fill_(~mask.unsqueeze(-3), float("-inf"))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hek,...hkq->...heq", V, weights)
            merged = heads.reshape(*heads.shape[:-3], D, heads.shape[-1])
            return torch.einsum("od,...dn->...on", params["Wo"], merged) + params["bo"][:, None]
'''),
    # Written as right. torch.func.vmap of one head's attention over the head axis (-3), the mask captured in
    # the closure. Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3), H = 1, 2, 4, N_k
    # != N_q, sizes 1, every broadcastable mask shape with a blind query, D % H != 0 (ValueError both), non-
    # contiguous, gradients of inputs and params; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_mha_vmap_over_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)

            def one_head(q, k, v):
                return scaled_dot_product_attention(q, k, v, mask)[0]

            heads = torch.func.vmap(one_head, in_dims=-3, out_dims=-3)(Q, K, V)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Written as right. F.layer_norm on the transposed tokens-last view, transposed back. Agrees with the model
    # on: float32/float64, batches (), (1,), (3,), (2, 3), D = 1, N = 1, non-contiguous, eps by keyword,
    # gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_layer_norm_functional_transposed": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            tokens_last = X.transpose(-1, -2)
            out = torch.nn.functional.layer_norm(tokens_last, (X.shape[-2],), gamma, beta, eps)
            return out.transpose(-1, -2)
'''),
    # Written as right. einsum projections, relu_ in place on the fresh hidden tensor. Agrees with the model on:
    # float32/float64, batches (), (1,), (3,), (2, 3), sizes 1, non-contiguous, gradients; positional and
    # keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_feed_forward_einsum_inplace_relu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.einsum("fd,...dn->...fn", W1, X) + b1[:, None]
            hidden.relu_()
            return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # Written as right. A _Block class with __call__ looping over (sub-layer, norm index) pairs for both orders.
    # Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3), H = 1, 2, 4, N = 1, both norm
    # orders, every broadcastable mask shape, D % H != 0, gradients; positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_transformer_layer_block_class": ("transformer_layer", "transformer_layer", '''
        class _Block:
            def __init__(self, params, num_heads, mask):
                self.p, self.h, self.mask = params, num_heads, mask

            def attend(self, Y):
                return multi_head_attention(Y, Y, self.p, self.h, self.mask)

            def think(self, Y):
                return feed_forward(Y, self.p["W1"], self.p["b1"], self.p["W2"], self.p["b2"])

            def norm(self, Y, k):
                return layer_norm(Y, self.p[f"gamma{k}"], self.p[f"beta{k}"])

            def __call__(self, X, pre):
                steps = ((self.attend, 1), (self.think, 2))
                for sub, k in steps:
                    X = X + sub(self.norm(X, k)) if pre else self.norm(X + sub(X), k)
                return X


        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            return _Block(params, num_heads, mask)(X, norm_first)
'''),
    # Written as right. Projections written out, a Python loop over heads calling scaled_dot_product_attention
    # with enc_mask, torch.cat of the heads. Agrees with the model on: float32/float64, batches (), (1,), (3,),
    # (2, 3), N_e != N_d, sizes 1, every broadcastable enc_mask shape incl. (B, N_e, 1), D % H != 0, gradients;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_cross_attention_loop_over_heads_cat": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError("D must be divisible by num_heads")
            d = D // num_heads
            from .attention import scaled_dot_product_attention
            Q = params["Wq"] @ X_dec + params["bq"][:, None]
            K = params["Wk"] @ X_enc + params["bk"][:, None]
            V = params["Wv"] @ X_enc + params["bv"][:, None]
            pieces = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], enc_mask)
                pieces.append(out)
            return params["Wo"] @ torch.cat(pieces, dim=-2) + params["bo"][:, None]
'''),
    # Written as right. functools.reduce over a tuple of (sub-layer lambda, norm index). Agrees with the model
    # on: float32/float64, batches (), (1,), (3,), (2, 3), N_e != N_d, sizes 1, every broadcastable enc_mask
    # shape, gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_decoder_layer_reduce_over_sublayers": ("cross_attention", "decoder_layer", '''
        import functools


        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            sublayers = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), 1),
                (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
            )
            return functools.reduce(
                lambda Y, step: layer_norm(Y + step[0](Y), params[f"gamma{step[1]}"], params[f"beta{step[1]}"]),
                sublayers, X_dec)
'''),
    # Written as right. A Python generator yielding (ids, token) per draw, consumed with itertools.islice; same
    # draws as the model for a seed. Agrees with the model on: 3 models x 8 option sets (temperature 0.7 and 0,
    # top_k, top_p, eos_id, context_size) x max_new_tokens 0, 1, 5, 12 x 2 prompts x 3 seeds: identical ids;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_generate_from_generator_islice": ("sampling", "generate", '''
        import itertools


        def _draws(model, ids, temperature, top_k, top_p, generator, context_size):
            while True:
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                yield ids, int(token)


        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            steps = _draws(model, prompt, temperature, top_k, top_p, generator, context_size)
            for ids, token in itertools.islice(steps, max(max_new_tokens, 0)):
                if eos_id is not None and token == eos_id:
                    break
            return ids
'''),
    # Written as right. -F.cross_entropy(logits[:, :-1].T, ids[1:], reduction='sum'). Agrees with the model on:
    # float32/float64 models, N = 1, 2, 6, 10; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_sequence_log_prob_cross_entropy_sum": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            return -torch.nn.functional.cross_entropy(logits[:, :-1].transpose(0, 1), ids[1:], reduction="sum")
'''),
    # Written as right. A list comprehension of patch slices in raster order, reshaped and stacked as columns.
    # Agrees with the model on: float32/float64, several B, C, H != W, P = 1 and P = H, H = 0, non-contiguous,
    # gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_patchify_patch_loop_stack": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C = images.shape[:2]
            columns = [images[:, :, r:r + P, c:c + P].reshape(B, C * P * P)
                       for r in range(0, height, P) for c in range(0, width, P)]
            if not columns:
                return images.reshape(B, C * P * P, 0)
            return torch.stack(columns, dim=-1)
'''),
    # Written as right. einsum projection, [CLS] expanded and concatenated, positions added in place (+=) on the
    # fresh result. Agrees with the model on: float32/float64, several sizes incl. all 1, non-contiguous images
    # and W, gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_patch_embedding_einsum_prefilled_buffer": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, 1)
            out = torch.cat([cls, tokens], dim=-1)
            out += positions
            return out
'''),
    # Written as right. einsum for W s, U H and v, masking with torch.where, context by einsum. Agrees with the
    # model on: float32/float64, s and H with equal, missing and broadcasting batch axes ((2, 1) with (1, 3)),
    # masks with fewer axes and a state that sees nothing, N = 1, gradients; positional and keyword calls,
    # arguments unchanged. Passes the visible tests.
    "blind25_right_additive_attention_einsum_where": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None]
            keys = torch.einsum("ah,...hn->...an", U, H)
            e = torch.einsum("a,...an->...n", v, torch.tanh(keys + query))
            if mask is not None:
                e = torch.where(mask, e, torch.full_like(e, float("-inf")))
            weights = softmax_cols(e[..., :, None])[..., 0]
            context = torch.einsum("...hn,...n->...h", H, weights)
            return weights, context
'''),
    # Written as right. einsum over the (H, W) grid directly, torch.softmax over the flattened cells (no mask,
    # so no -inf). Agrees with the model on: float32/float64, broadcasting batch axes, H or W = 1, non-
    # contiguous, gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_grid_attention_joint_softmax_two_axes": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            cells = torch.einsum("ac,...chw->...ahw", U, features)
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(cells + query))
            flat = e.flatten(-2)
            weights = torch.softmax(flat, dim=-1).unflatten(-1, e.shape[-2:])
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # Written as right. An nn.GRUCell built on the meta device and run with torch.func.functional_call on the
    # given weights (the contract's accepted alternative), leading axes broadcast and flattened. Agrees with the
    # model on: float32/float64, broadcasting batch axes among s_prev, y_prev, H and the mask, gradients of
    # every parameter; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_decoder_step_functional_call_grucell": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
            x = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            h = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
            cell = torch.nn.GRUCell(x.shape[-1], h.shape[-1], device="meta")
            new = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
            s = torch.func.functional_call(cell, new, (x, h)).reshape(*batch, h.shape[-1])
            logits = torch.nn.functional.linear(stack(s, context), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # Written as right. A flat comprehension of (q - k) % stride == 0, reshaped to (n, n). Agrees with the model
    # on: n = 0 ... 7, stride 0 ... 8 (ValueError for 0 both); positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_strided_mask_list_comprehension": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            flat = [(q - k) % stride == 0 for k in range(n) for q in range(n)]
            return torch.tensor(flat, dtype=torch.bool).reshape(n, n)
'''),
    # Written as right. vmap over the flattened batch of ~(~g_j & ~g_i) (De Morgan). Agrees with the model on:
    # (N,), (1,), (0,), (2, 4), (2, 3, 4), (1, 1, 3), (3, 0), non-contiguous; positional and keyword calls,
    # arguments unchanged. Passes the visible tests.
    "blind25_right_global_token_mask_de_morgan_vmap": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            flat = is_global.reshape(math.prod(is_global.shape[:-1]), is_global.shape[-1])
            pair = torch.func.vmap(lambda g: ~(~g[:, None] & ~g[None, :]))(flat)
            return pair.reshape(*is_global.shape, is_global.shape[-1])
'''),
    # Written as right. Buckets accumulated with += on a fresh zeros tensor, the same float32 log order as T5.
    # Agrees with the model on: offsets -300 ... 300 and 2-D and 0-d offsets, both directions, buckets 32, 18,
    # 31, 8, 64 with max distances 128, 100, 20, 256, keyword calls, int32 offsets; positional and keyword
    # calls, arguments unchanged. Passes the visible tests.
    "blind25_right_bucket_accumulated_inplace": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            bucket = torch.zeros_like(offset)
            n = num_buckets
            if bidirectional:
                n = num_buckets // 2
                bucket += (offset > 0).long() * n
                distance = offset.abs()
            else:
                distance = (-offset).clamp(min=0)
            exact = n // 2
            scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
            far = (exact + scaled.long()).clamp(max=n - 1)
            bucket += torch.where(distance < exact, distance, far)
            return bucket
'''),
    # Written as right. Complex numbers x_i + i x_{i+D/2} multiplied by torch.polar(1, p theta) (the contract
    # allows it), complex64 for float32 and complex128 for float64. Agrees with the model on: float32/float64,
    # batches (), (1,), (3,), (2, 3), D = 2, 4, 8, N_q != N_k, positions up to 2000 and negative, base by
    # keyword, non-contiguous, odd D (ValueError both), gradients; positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_rotary_complex_halves": ("positions", "rotary_embedding", '''
        def _rotate_complex(X, positions, base):
            D, N = X.shape[-2:]
            if positions is None:
                positions = torch.arange(N)
            theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cdtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
            turn = torch.polar(torch.ones_like(angles), angles).to(cdtype)
            z = torch.complex(X[..., : D // 2, :], X[..., D // 2:, :]) * turn
            return torch.cat([z.real, z.imag], dim=-2)


        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return _rotate_complex(Q, positions_q, base), _rotate_complex(K, positions_k, base)
'''),
    # Written as right. cos/sin tables cached by (D, positions, base, dtype, device). Agrees with the model on:
    # float32/float64, batches (), (1,), (3,), (2, 3), D = 2, 4, 8, N_q != N_k, positions up to 2000 and
    # negative, base by keyword, non-contiguous, odd D (ValueError both), gradients; positional and keyword
    # calls, arguments unchanged. Passes the visible tests.
    "blind25_right_rotary_cached_tables_full_key": ("positions", "rotary_embedding", '''
        _COS_SIN = {}


        def _tables(D, positions, base, dtype, device):
            key = (D, tuple(positions.tolist()), float(base), dtype, str(device))
            if key not in _COS_SIN:
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                _COS_SIN[key] = (angles.cos().to(dtype=dtype, device=device), angles.sin().to(dtype=dtype, device=device))
            return _COS_SIN[key]


        def _turn(X, positions, base):
            D, N = X.shape[-2:]
            positions = torch.arange(N) if positions is None else positions
            cos, sin = _tables(D, positions, base, X.dtype, X.device)
            a, b = X[..., : D // 2, :], X[..., D // 2:, :]
            return torch.cat([a * cos - b * sin, b * cos + a * sin], dim=-2)


        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return _turn(Q, positions_q, base), _turn(K, positions_k, base)
'''),
    # Written as right. One uniform per position both chooses (u < p) and splits 80/10/10 (u < 0.8p, u < 0.9p):
    # the same distribution, other draws. Agrees with the model on: statistics over 200000 positions (chosen
    # rate, 80/10/10 split, uniform random ids incl. the original), special ids as list, tensor and empty,
    # mask_prob 0.15 and 0.5, shapes (7,), (2, 3, 4), (1,), (0,), non-contiguous ids, ids unchanged, labels
    # exactly at chosen positions; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_mlm_single_uniform_split": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids.long(), special)
            u = torch.rand(ids.shape, generator=generator)
            chosen = eligible & (u < mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            to_mask = chosen & (u < 0.8 * mask_prob)
            to_random = chosen & ~to_mask & (u < 0.9 * mask_prob)
            corrupted[to_mask] = mask_id
            corrupted[to_random] = random_ids[to_random]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # Written as right. itertools.pairwise, a coin from randint(2) and the other document picked from a list of
    # the others. Agrees with the model on: 3000 seeded runs: example order, label balance, uniform other
    # document and sentence; the ValueError and empty cases; positional and keyword calls, arguments unchanged.
    # Passes the visible tests.
    "blind25_right_nsp_itertools_pairwise": ("pretraining", "nsp_pairs", '''
        import itertools


        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def coin():
                return bool(torch.randint(2, (), generator=generator))

            def random_other(index):
                others = [d for k, d in enumerate(documents) if k != index]
                doc = others[int(torch.randint(len(others), (), generator=generator))]
                return doc[int(torch.randint(len(doc), (), generator=generator))]

            return [(a, b, 0) if coin() else (a, random_other(index), 1)
                    for index, document in enumerate(documents)
                    for a, b in itertools.pairwise(document)]
'''),
    # Written as right. The expanded |x|^2 + |p|^2 - 2 x.p in float64, argmin. Agrees with the model on:
    # float32/float64, palettes of 1, 4, 16, 512 colours, exact ties, a palette of the image's own pixels, batch
    # axes, non-contiguous, the four ValueErrors; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_quantize_expanded_float64": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            x = images.to(torch.float64).movedim(-3, -1)          # (..., H, W, C)
            p = palette.to(torch.float64)                          # (C, K)
            d = (x * x).sum(-1, keepdim=True) + (p * p).sum(0) - 2 * torch.einsum("...c,ck->...k", x, p)
            return d.argmin(dim=-1)
'''),
    # Written as right. F.embedding(ids.long(), palette.t()), channel axis moved before H, W. Agrees with the
    # model on: int64, int32, uint8 and int16 ids, shapes incl. (0, 3), non-contiguous ids and palette, ids out
    # of range and float ids (ValueError both), gradients; positional and keyword calls, arguments unchanged.
    # Passes the visible tests.
    "blind25_right_dequantize_functional_embedding": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = torch.nn.functional.embedding(ids.long(), palette.t())    # (..., H, W, C)
            return colours.movedim(-1, -3)
'''),
    # Written as right. F.pad with (1, -1) on the long targets: prepends sos_id and crops the last id. Agrees
    # with the model on: int64, uint8, int32 ids of several shapes, sos 0, 3, 512, non-contiguous, the
    # ValueErrors; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_pixel_sequence_pad_and_crop": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = torch.nn.functional.pad(targets, (1, -1), value=sos_id)
            return inputs, targets
'''),
    # Written as right. F.linear(X.mean(-1), W, b) (b may be None). Agrees with the model on: float32/float64,
    # batches (), (1,), (3,), (2, 3), b None or given, N = 0 and shape mismatch (ValueError both), gradients;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_average_pool_functional_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            return torch.nn.functional.linear(X.mean(dim=-1), W, b)
'''),
    # Written as right. Tensor.unfold twice (H then W), grid axes moved before C. Agrees with the model on:
    # float32/float64, H != W, window 1, window = side, batch axes, non-contiguous, window 0 and non-dividing
    # (ValueError both), gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_window_partition_tensor_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                          # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*tiles.shape[:-5], -1, tiles.shape[-3], M * M)
'''),
    # Written as right. A loop over windows writing into a fresh new_empty buffer by slice assignment. Agrees
    # with the model on: float32/float64, H != W, window 1, batch axes, non-contiguous, wrong nW and non-
    # dividing sides (ValueError both), gradients; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_window_reverse_slice_assign_buffer": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            per_row = width // M
            grid = windows.new_empty(*windows.shape[:-3], windows.shape[-2], height, width)
            for k in range(windows.shape[-3]):
                r, c = divmod(k, per_row)
                grid[..., r * M:(r + 1) * M, c * M:(c + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return grid
'''),
    # Written as right. Python lists built with itertools.product: each token tagged with (row wrapped, column
    # wrapped). Agrees with the model on: 7 grids (H != W incl.) x every shift 0 ... M, a non-dividing window
    # and a negative shift (ValueError both); positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_shifted_mask_itertools_product": ("swin", "shifted_window_mask", '''
        import itertools


        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            masks = []
            for wr, wc in itertools.product(range(height // M), range(width // M)):
                cells = [(wr * M + p, wc * M + q) for p, q in itertools.product(range(M), range(M))]
                tag = [(r + shift >= height, c + shift >= width) for r, c in cells]
                masks.append([[tag[j] == tag[i] for i in range(M * M)] for j in range(M * M)])
            return torch.tensor(masks, dtype=torch.bool).reshape(-1, M * M, M * M)
'''),
    # Written as right. torch.stack of the four views at dim=-4, flattened block-major, F.layer_norm channels-
    # last, einsum. Agrees with the model on: float32/float64, C = 1, 2, 3, batch axes, eps by keyword, non-
    # contiguous, odd sides and wrong shapes (ValueError both), gradients; positional and keyword calls,
    # arguments unchanged. Passes the visible tests.
    "blind25_right_patch_merging_stack_functional_ln": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            quads = torch.stack([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                                dim=-4)                              # (..., 4, C, H/2, W/2)
            merged = quads.flatten(-4, -3).movedim(-3, -1)           # (..., H/2, W/2, 4C)
            normed = torch.nn.functional.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return torch.einsum("ok,...hwk->...ohw", W, normed)
'''),
    # Written as right. scaled_dot_product_attention on Q_g^T, K_g^T, V_g^T, as the contract says is equivalent
    # (a given scale folded into Q). Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3),
    # G = 1, C/G, and between, N = 1, scale by keyword, non-contiguous, the three ValueErrors, gradients;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_channel_attention_via_sdpa_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-1, -2)   # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-1, -2)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-1, -2)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))
            from .attention import scaled_dot_product_attention
            out, _ = scaled_dot_product_attention(Q, K, V)          # (..., G, N, C/G)
            return linear(merge_heads(out.transpose(-1, -2)), params["Wo"], params["bo"])
'''),
    # Written as right. itertools.pairwise counting, itertools.repeat for the loop, max with counts.__getitem__.
    # Agrees with the model on: 45 corpora (random words from a small alphabet, whitespace variants, the worked
    # example, empty, '</w>') x num_merges 0, 1, 3, 10, 50; positional and keyword calls, arguments unchanged.
    # Passes the visible tests.
    "blind25_right_train_bpe_generator_pairs_counter": ("bpe", "train_bpe", '''
        import itertools


        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(map(tuple, words))
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in itertools.repeat(None, max(num_merges, 0)):
                counts = Counter()
                for w, f in freq.items():
                    for pair in itertools.pairwise(seg[w]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.__getitem__)
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Written as right. functools.reduce(merge_pair, merges, word) per word, chained with
    # itertools.chain.from_iterable. Agrees with the model on: merges learned, reversed, and the contract's
    # GPT-2 counter-example, empty text, '</w>' (ValueError both); positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_bpe_encode_chain_generator": ("bpe", "bpe_encode", '''
        import functools
        import itertools


        def bpe_encode(text, merges):
            # (the stub's input checks)
            return list(itertools.chain.from_iterable(functools.reduce(merge_pair, merges, w) for w in words))
'''),
    # Written as right. Split the concatenation on '</w>' and join with spaces, then rstrip(' '). Agrees with
    # the model on: 200 random token lists with '</w>' tokens in a row and first, and the contract's example;
    # positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_bpe_decode_split_join": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = "".join(tokens).split(END_OF_WORD)
            return " ".join(pieces).rstrip(" ")
'''),
    # Written as right. A match statement with the closed forms (math.comb for causal). Agrees with the model
    # on: n = 0 ... 11, 100, 1001 x every pattern with several window, stride, num_global values (window beyond
    # n), unknown pattern and missing sizes (ValueError both); positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_sparse_cost_match_closed_forms": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            match pattern:
                case "dense":
                    return n ** 2
                case "causal":
                    return math.comb(n + 1, 2)
                case "local":
                    w = min(window, n - 1)
                    return n * (2 * w + 1) - w * (w + 1)
                case "strided":
                    m = (n - 1) // stride
                    return n * (2 * m + 1) - stride * m * (m + 1)
                case _:
                    return num_global * (2 * n - num_global)
'''),
    # Written as right. An extra keyword-only parameter with a default, greedy via F.one_hot, keep masks built
    # by scatter_ on fresh tensors. Agrees with the model on: float32/float64, V = 1, 2, 5, 12, random, tied and
    # constant logits, temperature 1, 0.5, 2, 0, top_k None, 1, 2, 3, V, V + 4, top_p None, 0.1 ... 1.0, a -inf
    # logit, keyword calls (6924 calls); positional and keyword calls, arguments unchanged. Passes the visible
    # tests.
    "blind25_right_next_token_probs_scatter_keep_kwonly_extra": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None, *, _descending=True):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), V).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)

            def keep_first(p, count):
                order = torch.sort(p, descending=_descending, stable=True).indices
                keep = torch.zeros(V, dtype=torch.bool).scatter_(0, order[:count], True)
                return p.masked_fill(~keep, 0.0), order

            if top_k is not None:
                probs, _ = keep_first(probs, top_k)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=_descending, stable=True).indices
                below = int((torch.cumsum(probs[order], dim=0) < top_p).sum())
                probs, _ = keep_first(probs, min(below + 1, V))
            return probs / probs.sum()
'''),
    # Written as right. index_select on the flattened ids, reshaped and the feature axis moved. Agrees with the
    # model on: float32/float64, ids of shapes (5,), (2, 3), (2, 1, 4), (1,), (0,), (3, 0), non-contiguous, ids
    # out of range (ValueError both), gradients; positional and keyword calls, arguments unchanged. Passes the
    # visible tests.
    "blind25_right_embed_index_select_flat": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            picked = omega_e.index_select(1, token_ids.reshape(-1))          # (D, numel)
            return picked.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Written as right. torch.var_mean (correction=0) and rsqrt, with an extra keyword-only parameter. Agrees
    # with the model on: float32/float64, batches (), (1,), (3,), (2, 3), D = 1, N = 1, non-contiguous, eps by
    # keyword, gradients; positional and keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_layer_norm_var_mean_rsqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5, *, _axis=-2):
            variance, mean = torch.var_mean(X, dim=_axis, correction=0, keepdim=True)
            return (X - mean) * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # Written as right. F.linear on the tokens-last .mT view, transposed back. Agrees with the model on:
    # float32/float64, batches (), (1,), (3,), (2, 3), sizes 1, non-contiguous, gradients; positional and
    # keyword calls, arguments unchanged. Passes the visible tests.
    "blind25_right_feed_forward_functional_linear_mT": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            F = torch.nn.functional
            return F.linear(F.relu(F.linear(X.mT, W1, b1)), W2, b2).mT
'''),
    # Written as right. Buckets computed once per distinct offset (torch.unique, return_inverse) and looked up.
    # Agrees with the model on: offsets -300 ... 300 and 2-D and 0-d offsets, both directions, buckets 32, 18,
    # 31, 8, 64 with max distances 128, 100, 20, 256, keyword calls, int32 offsets; positional and keyword
    # calls, arguments unchanged. Passes the visible tests.
    "blind25_right_bucket_unique_values_lookup": ("positions", "relative_position_bucket", '''
        def _bucket_of(values, bidirectional, num_buckets, max_distance):
            n = num_buckets // 2 if bidirectional else num_buckets
            base = torch.where(values > 0, n, 0) if bidirectional else torch.zeros_like(values)
            d = values.abs() if bidirectional else (-values).clamp(min=0)
            exact = n // 2
            log_part = torch.log(d.float() / exact) / math.log(max_distance / exact) * (n - exact)
            return base + torch.where(d < exact, d, (exact + log_part.long()).clamp(max=n - 1))


        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            values, inverse = torch.unique(relative_position.long(), return_inverse=True)
            table = _bucket_of(values, bidirectional, num_buckets, max_distance)
            return table[inverse].reshape(relative_position.shape)
'''),
    # Written as right. vmap over the flattened pixels of a direct squared-difference argmin. Agrees with the
    # model on: float32/float64, palettes of 1, 4, 16, 512 colours, exact ties, a palette of the image's own
    # pixels, batch axes, non-contiguous, the four ValueErrors; positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_quantize_vmap_per_pixel": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pal = palette.to(dtype)
            pixels = images.to(dtype).movedim(-3, -1)                          # (..., H, W, C)
            flat = pixels.reshape(-1, pixels.shape[-1])
            nearest = torch.func.vmap(lambda x: ((x[:, None] - pal) ** 2).sum(0).argmin())(flat)
            return nearest.reshape(pixels.shape[:-1])
'''),
    # Written as right. einsum with an explicit group axis, in float64, torch.softmax over keys (no mask), cast
    # back. Agrees with the model on: float32/float64, batches (), (1,), (3,), (2, 3), G = 1, C/G, and between,
    # N = 1, scale by keyword, non-contiguous, the three ValueErrors, gradients; positional and keyword calls,
    # arguments unchanged. Passes the visible tests.
    "blind25_right_channel_attention_einsum_float64": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            G, c = num_groups, channels // num_groups
            s = 1 / math.sqrt(tokens) if scale is None else scale
            x = X.to(torch.float64)

            def project(name):
                W = params["W" + name].to(torch.float64).reshape(G, c, channels)
                b = params["b" + name].to(torch.float64).reshape(G, c, 1)
                return torch.einsum("gec,...cn->...gen", W, x) + b

            Q, K, V = project("q"), project("k"), project("v")
            scores = torch.einsum("...gjn,...gin->...gji", K, Q) * s
            weights = torch.softmax(scores, dim=-2)
            attended = torch.einsum("...gji,...gjn->...gin", weights, V).reshape(*X.shape[:-2], channels, tokens)
            out = torch.einsum("oc,...cn->...on", params["Wo"].to(torch.float64), attended)
            return (out + params["bo"].to(torch.float64)[:, None]).to(X.dtype)
'''),
    # Written as right. scatter_ of 1 into a fresh zeros tensor of the requested dtype. Agrees with the model
    # on: ids of several shapes incl. (0,), dtype None, float32, float64, float16 by keyword, under default
    # float32 and float64, ids out of range (ValueError both); positional and keyword calls, arguments
    # unchanged. Passes the visible tests.
    "blind25_right_one_hot_scatter_into_zeros": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                              dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return out.scatter_(-2, token_ids.long().unsqueeze(-2), 1.0)
'''),
    # Written as right. sin and cos stacked on a pair axis and interleaved by reshape, cut to D rows (odd D ends
    # with a sine). Agrees with the model on: num_positions 0 ... 5, 7, 100, 1000 x dim 0 ... 6, 5, 16, 64,
    # under a default float32 and float64; positional and keyword calls, arguments unchanged. Passes the visible
    # tests.
    "blind25_right_sinusoidal_interleaved_stack": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            angles = torch.arange(num_positions, dtype=dt)[None, :] / 10000 ** (torch.arange(0, dim, 2, dtype=dt)[:, None] / dim)
            pairs = torch.stack([angles.sin(), angles.cos()], dim=1)           # (ceil(D/2), 2, N)
            return pairs.reshape(2 * pairs.shape[0], num_positions)[:dim]
'''),
    # Written as right. An arange cache keyed by (n, device), compared with the lengths reshaped. Agrees with
    # the model on: lengths with 0, n and beyond n, B = 1 ... 4, repeated shapes; positional and keyword calls,
    # arguments unchanged. Passes the visible tests.
    "blind25_right_padding_mask_cached_arange_by_n_device": ("masking", "padding_mask", '''
        _RANGES = {}


        def padding_mask(lengths, n):
            key = (n, str(lengths.device))
            if key not in _RANGES:
                _RANGES[key] = torch.arange(n, device=lengths.device)
            return (_RANGES[key].reshape(1, n, 1) < lengths.reshape(-1, 1, 1))
'''),
}
