"""Eighty-first blind batch of held-out implementations (prefix blind80_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_79.py) were only skimmed for their entry names and Emphasis paragraphs (batches 10,
14, 15, 33, 44, 46 and 70 already hold caches by id, class-level autograd state and detached outputs in other functions;
the entries here avoid their names and functions where they overlap). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_81.py).

Emphasis: functions used inside a training loop. Wrong entries are right on a single fresh call (values and gradients,
float32 and float64) and go wrong in a use the contract allows when the capstone trains: a result buffer reused by
shape and overwritten by the next call (softmax_cols); state for backward kept outside ctx, so that two forwards and one
backward (gradient accumulation) mix the calls (layer_norm statistics in a dict by shape, a ReLU mask and embedding ids
on the class) or a second backward with retain_graph fails (a popped dict entry, a deleted ctx attribute); running
statistics used under no_grad (layer_norm); a token counter that shifts rotary positions on every later call; derived
weights cached by tensor id (query weights with the scale folded in, a fused QKV, cloned group weights, gamma/beta folded
into the merging weights, a [CLS]/bias/position table), which go stale after an optimiser's in-place step, raise
"backward through the graph a second time" when their graph saved tensors, and carry no graph at all when the first call
ran under no_grad; activations cached by input id (self-attention projections, Bahdanau keys U H, cross-attention K/V
from a reused encoder output); a mask's additive bias cached by id(mask) (a caller refilling its mask buffer); a params
sub-dict cached by id(params) (a functional update rebinding the entries); returned attention weights detached, which
only a loss on the weights notices; a pooling buffer that chains each call onto the previous call's graph. Right
entries keep or reuse things safely: custom autograd Functions with everything saved on ctx (softmax, layer norm, ReLU,
an index_add embedding lookup), constants and integer index tables cached by everything they depend on (a -inf scalar
per dtype, a growing causal buffer sliced and cloned, the longest sinusoidal table sliced and cloned, rotary
frequencies by width and base, patchify and patch-merging gather indices, a bool causal mask per size), call counters
that never feed the result, and fused or reshaped weights rebuilt from the live tensors on every call.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind80/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source in place
of the function, the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (19 of the 21 wrong entries pass them; one, blind80_mha_scaled_query_weights_cached_by_id, failed them in one
run and passed in another, through CPython id reuse). Each entry
and the model answer were then run side by side, in float32 and float64, with fresh leaf copies of the same weights and
data, through eight training-loop scenarios: a fresh call with a random-weighted loss on every output (values and
every gradient); two forwards and one backward (values of both results afterwards, gradients); three steps of
forward, backward and an in-place SGD step on the weights; backward twice with retain_graph=True; a call under
no_grad followed by a grad-mode call; a grad-mode call followed by a no_grad call; a mask buffer refilled in place
between two calls; the same data objects trained on for two steps; and the same params dict given new (rebound)
tensors between steps. Every right entry matched the model answer in all of them (1e-4 float32, 1e-9 float64; masks
exactly, and causal_mask and sinusoidal_positions over n = 0..100 and D = 1..64 under both default dtypes, with the
caller zeroing a returned tensor before the next call). Each wrong entry differs or raises in the scenario its comment
names and matches the model answer on the fresh call.

Judgement calls: blind80_apply_mask_additive_bias_cached_by_mask_id is shown deterministically by a caller refilling
its mask in place; it also fails through CPython id reuse when a freed mask's id comes back, which is not reproducible
run to run. blind80_transformer_layer_attention_params_cached_by_dict_id is right under in-place optimiser steps (the
cached sub-dict holds the same tensor objects) and wrong only when the caller rebinds the dict's entries; I kept it as
wrong because the contract lets a caller pass any dict of weights each call. blind80_sdpa_weights_returned_detached_for_logging
and blind80_grid_attention_weights_map_detached have right values and right gradients through the outputs, and differ
only for a loss that uses the returned weights (the contract's differentiability covers every floating-point result).
blind80_rotary_offset_counts_tokens_across_calls is right only on the first call in a process. I dropped a right
multi-head entry that cached weight views by id with a version check (a `.data` update does not bump the version
counter, and a view made under no_grad carries no graph), and a right additive-attention entry caching U H with a
version key (a cached graph cannot survive the first backward). Fewer entries than asked (the 35-minute box): 21
wrong and 16 right; no entry is one I was unsure of.

Counts: 21 wrong, 16 right.
Wrong per function: {'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 2, 'grid_attention': 1, 'layer_norm': 2, 'multi_head_attention': 1, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 2, 'softmax_cols': 2, 'transformer_layer': 1}.
Right per function: {'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'causal_mask': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'layer_norm': 2, 'multi_head_attention': 1, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'self_attention': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_80 = {
    # Returns one preallocated buffer per shape, filled with copy_: a second call of the same shape overwrites the
    # first call's result in place (its values change under the caller) and bumps the version autograd saved, so a
    # backward after two forwards (gradient accumulation), a second backward, or any call after a first one raises
    # 'Trying to backward through the graph a second time'. A single fresh call is right. Passes the visible tests.
    'blind80_softmax_cols_output_buffer_reused_by_shape': ('softmax', 'softmax_cols', '''
        _OUT = {}

        def softmax_cols(scores):
            key = (tuple(scores.shape), scores.dtype, scores.device)
            if key not in _OUT:                       # allocate the result once per shape, reuse it every step
                _OUT[key] = torch.empty(scores.shape, dtype=scores.dtype, device=scores.device)
            out = _OUT[key]
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            out.copy_(exps / total.masked_fill(total == 0, 1.0))
            return out
'''),
    # The weights are kept in a module dict and popped in backward: a second backward through the same graph
    # (loss.backward(retain_graph=True) then loss.backward()) raises KeyError. Right on every single backward. Passes the visible tests.
    'blind80_softmax_cols_saved_output_popped_in_backward': ('softmax', 'softmax_cols', '''
        _SAVED = {}

        class _ColumnSoftmax(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scores):
                column_max = scores.amax(dim=-2, keepdim=True)
                column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
                exps = torch.exp(scores - column_max)
                total = exps.sum(dim=-2, keepdim=True)
                weights = exps / total.masked_fill(total == 0, 1.0)
                _SAVED[id(ctx)] = weights             # freed in backward so the memory does not pile up
                return weights

            @staticmethod
            def backward(ctx, grad):
                weights = _SAVED.pop(id(ctx))
                return weights * (grad - (weights * grad).sum(dim=-2, keepdim=True))

        def softmax_cols(scores):
            return _ColumnSoftmax.apply(scores)
'''),
    # BatchNorm habit: under torch.no_grad() (treated as evaluation) it normalises with running averages of the
    # statistics of earlier grad-mode calls instead of each column's own mean and variance; wrong under no_grad after
    # any training call (and after a no_grad call, the next no_grad call reuses those scalars). Fresh calls are right. Passes the visible tests.
    'blind80_layer_norm_running_stats_used_under_no_grad': ('transformer_layer', 'layer_norm', '''
        _RUNNING = {}

        def layer_norm(X, gamma, beta, eps=1e-5):
            key = (X.shape[-2], X.dtype)
            if torch.is_grad_enabled() or key not in _RUNNING:
                mean = X.mean(dim=-2, keepdim=True)
                variance = X.var(dim=-2, keepdim=True, correction=0)
                with torch.no_grad():                 # track statistics for evaluation, as BatchNorm does
                    m, v = mean.mean(), variance.mean()
                    if key in _RUNNING:
                        old_m, old_v = _RUNNING[key]
                        m, v = 0.9 * old_m + 0.1 * m, 0.9 * old_v + 0.1 * v
                    _RUNNING[key] = (m, v)
            else:                                     # evaluation (no_grad): use the running statistics
                mean, variance = _RUNNING[key]
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Custom Function whose backward reads (xhat, rstd) from a module dict keyed by shape: with two forwards of the
    # same shape and one backward (gradient accumulation) the first call's gradient uses the second call's statistics. Passes the visible tests.
    'blind80_layer_norm_function_stats_in_dict_by_shape': ('transformer_layer', 'layer_norm', '''
        _STATS = {}

        class _Normalise(torch.autograd.Function):
            @staticmethod
            def forward(ctx, X, eps):
                mean = X.mean(dim=-2, keepdim=True)
                rstd = torch.rsqrt(X.var(dim=-2, keepdim=True, correction=0) + eps)
                xhat = (X - mean) * rstd
                _STATS[tuple(X.shape)] = (xhat, rstd)  # kept for backward
                ctx.shape = tuple(X.shape)
                return xhat

            @staticmethod
            def backward(ctx, grad):
                xhat, rstd = _STATS[ctx.shape]
                g_mean = grad.mean(dim=-2, keepdim=True)
                gx_mean = (grad * xhat).mean(dim=-2, keepdim=True)
                return rstd * (grad - g_mean - xhat * gx_mean), None

        def layer_norm(X, gamma, beta, eps=1e-5):
            return gamma[:, None] * _Normalise.apply(X, eps) + beta[:, None]
'''),
    # The -inf bias is cached by id(mask): a caller that refills its mask buffer in place between steps (or whose
    # new mask reuses a freed mask's id) gets the old pattern. Right on the first call with each mask object. Passes the visible tests.
    'blind80_apply_mask_additive_bias_cached_by_mask_id': ('masking', 'apply_mask', '''
        _BIAS = {}

        def apply_mask(scores, mask):
            # (the stub's input checks)
            key = (id(mask), scores.dtype, scores.device)
            if key not in _BIAS:                      # the same mask object comes back every step
                bias = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
                _BIAS[key] = bias.masked_fill(~mask, float("-inf"))
            return scores + _BIAS[key]
'''),
    # Default positions continue from a module-level count of tokens already seen (a KV-cache habit): only the first
    # call in the process starts at 0; every later call without explicit positions rotates by wrong angles. Fails the visible tests.
    'blind80_rotary_offset_counts_tokens_across_calls': ('positions', 'rotary_embedding', '''
        _SEEN = {"tokens": 0}

        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # positions continue from the tokens already seen (incremental decoding)
            offset = _SEEN["tokens"]
            if positions_q is None:
                positions_q = torch.arange(offset, offset + Q.shape[-1])
            if positions_k is None:
                positions_k = torch.arange(offset, offset + K.shape[-1])
            _SEEN["tokens"] = offset + K.shape[-1]
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Folds 1/sqrt(d) into Wq and bq once per weight id: after an optimiser step (in-place update) the cached copy
    # is stale (old values), its graph is freed after the first backward (the next backward raises), and a first call
    # under no_grad caches a copy with no graph, so later calls give Wq and bq no gradient. The visible tests failed in one run and passed in another (a freed Wq's id reused by a later test's weights hits the stale cache).
    'blind80_mha_scaled_query_weights_cached_by_id': ('multihead', 'multi_head_attention', '''
        _FOLDED = {}

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wq, bq = params["Wq"], params["bq"]
            key = (id(Wq), id(bq), num_heads)
            if key not in _FOLDED:                    # fold 1/sqrt(d) into the query projection once
                scale = (Wq.shape[0] // num_heads) ** -0.5
                _FOLDED[key] = (Wq * scale, bq * scale)
            Wq_s, bq_s = _FOLDED[key]
            Q = split_heads(linear(Xq, Wq_s, bq_s), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            from .softmax import softmax_cols
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The fused torch.cat([Wq, Wk, Wv]) is cached by the weights' ids: after an optimiser step it still holds the
    # old values (outputs and gradients wrong from the second step), and a first call under no_grad leaves the
    # projections without gradient for good. Passes the visible tests.
    'blind80_self_attention_fused_qkv_cached_by_weight_ids': ('attention', 'self_attention', '''
        _FUSED = {}

        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            key = (id(Wq), id(Wk), id(Wv), id(bq), id(bk), id(bv))
            if key not in _FUSED:                     # one matmul instead of three
                _FUSED[key] = (torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))
            W, b = _FUSED[key]
            Q, K, V = torch.split(linear(X, W, b), [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Memoises Q, K, V by id(X) and the weight ids: a caller that trains on the same batch tensor twice gets
    # stale projections after the optimiser step and 'backward through the graph a second time'; after a no_grad
    # call the projections have no graph at all. Passes the visible tests.
    'blind80_self_attention_projections_memoised_by_input_id': ('attention', 'self_attention', '''
        _PROJ = {}

        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            key = (id(X), id(Wq), id(Wk), id(Wv))
            if key not in _PROJ:                      # the same batch is attended again: reuse Q, K, V
                _PROJ[key] = (linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv))
            Q, K, V = _PROJ[key]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Custom ReLU whose mask is stored on the class: two forwards then one backward (gradient accumulation) use the
    # last forward's mask for both, so the first call's gradients are wrong. Passes the visible tests.
    'blind80_feed_forward_relu_mask_on_class': ('transformer_layer', 'feed_forward', '''
        class _ReLU(torch.autograd.Function):
            mask = None

            @staticmethod
            def forward(ctx, x):
                _ReLU.mask = x > 0
                return x * _ReLU.mask

            @staticmethod
            def backward(ctx, grad):
                return grad * _ReLU.mask

        def feed_forward(X, W1, b1, W2, b2):
            return linear(_ReLU.apply(linear(X, W1, b1)), W2, b2)
'''),
    # Custom ReLU that deletes its saved mask in backward: a second backward with retain_graph=True raises
    # AttributeError. Passes the visible tests.
    'blind80_feed_forward_relu_mask_deleted_after_backward': ('transformer_layer', 'feed_forward', '''
        class _ReLU(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.keep = x > 0
                return x * ctx.keep

            @staticmethod
            def backward(ctx, grad):
                keep = ctx.keep
                del ctx.keep                          # release the mask as soon as it is used
                return grad * keep

        def feed_forward(X, W1, b1, W2, b2):
            return linear(_ReLU.apply(linear(X, W1, b1)), W2, b2)
'''),
    # Custom lookup whose backward reads the ids from a class attribute: with gradient accumulation (two lookups,
    # one backward) the first call's gradient is scattered to the second call's ids. Passes the visible tests.
    'blind80_embed_lookup_ids_kept_on_class': ('embeddings', 'embed', '''
        class _Lookup(torch.autograd.Function):
            ids = None

            @staticmethod
            def forward(ctx, table, ids):
                _Lookup.ids = ids
                ctx.vocab = table.shape[-1]
                return table[:, ids].movedim(0, -2)

            @staticmethod
            def backward(ctx, grad):
                ids = _Lookup.ids
                g = grad.movedim(-2, 0).reshape(grad.shape[-2], -1)
                out = g.new_zeros(g.shape[0], ctx.vocab)
                return out.index_add(1, ids.reshape(-1), g), None

        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return _Lookup.apply(omega_e, token_ids)
'''),
    # Caches [cls + p_0, b + p_1..N] by the ids of b, cls_token and positions: after an optimiser step the table
    # is stale (old values), and if the first call ran under no_grad, b, cls_token and positions never get a gradient. Passes the visible tests.
    'blind80_patch_embedding_position_bias_table_cached_by_ids': ('patch_embedding', 'patch_embedding', '''
        _TABLE = {}

        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            key = (id(b), id(cls_token), id(positions))
            if key not in _TABLE:                     # [CLS] + p_0 and b + p_n do not depend on the images
                _TABLE[key] = torch.cat([(cls_token + positions[:, 0])[:, None], b[:, None] + positions[:, 1:]], 1)
            table = _TABLE[key]
            tokens = W @ patchify(images, patch_size)
            zero = tokens.new_zeros(tokens.shape[0], tokens.shape[1], 1)
            return torch.cat([zero, tokens], dim=-1) + table
'''),
    # Bahdanau's precomputed keys U H cached by id(H) and id(U): right within one decoding loop, but in a
    # training loop that reuses the encoder tensor the next step's backward raises (the cached graph was freed) and
    # the keys ignore the optimiser's update of U; after a no_grad call U gets no gradient. Passes the visible tests.
    'blind80_decoder_step_key_projection_cached_by_encoder_id': ('rnn_attention', 'attention_decoder_step', '''
        _KEYS = {}

        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            W, U, v = params["W"], params["U"], params["v"]
            key = (id(H), id(U))
            if key not in _KEYS:                      # U H is the same at every decoding step: compute it once
                _KEYS[key] = U @ H
            hidden = torch.tanh(_KEYS[key] + (s_prev @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Cross-attention keys and values cached per encoder tensor (a KV-cache): with frozen encoder features reused
    # across steps, the second backward raises and Wk, Wv updates are ignored; after a no_grad call Wk, bk, Wv, bv
    # get no gradient. Passes the visible tests.
    'blind80_decoder_layer_cross_keys_values_cached_by_encoder_id': ('cross_attention', 'decoder_layer', '''
        _MEMORY = {}

        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            p = params["cross_attn"]
            key = (id(X_enc), id(p["Wk"]), id(p["Wv"]))
            if key not in _MEMORY:                    # encoder keys and values: once per source, as in a KV cache
                _MEMORY[key] = (p["Wk"] @ X_enc + p["bk"][:, None], p["Wv"] @ X_enc + p["bv"][:, None])
            K, V = _MEMORY[key]
            from .softmax import softmax_cols
            D = X.shape[-2]
            heads = D // num_heads
            Q = (p["Wq"] @ X + p["bq"][:, None]).unflatten(-2, (num_heads, heads))
            Kh, Vh = K.unflatten(-2, (num_heads, heads)), V.unflatten(-2, (num_heads, heads))
            scores = Kh.transpose(-2, -1) @ Q / math.sqrt(heads)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            read = p["Wo"] @ (Vh @ softmax_cols(scores)).flatten(-3, -2) + p["bo"][:, None]
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Caches the attention sub-dict by id(params): a caller who updates its params dict functionally
    # (params[k] = params[k] - lr * grad, new tensors in the same dict) keeps training the old attention tensors:
    # stale values and no gradient for the new ones. In-place optimiser steps are unaffected. Passes the visible tests.
    'blind80_transformer_layer_attention_params_cached_by_dict_id': ('transformer_layer', 'transformer_layer', '''
        _ATTN = {}

        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if id(params) not in _ATTN:               # the attention sub-dict, built once per layer
                _ATTN[id(params)] = {k: params[k] for k in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
            attn = _ATTN[id(params)]
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = layer_norm(X, params["gamma1"], params["beta1"])
                X = X + multi_head_attention(Y, Y, attn, num_heads, mask)
                return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + multi_head_attention(X, X, attn, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Returns the weights detached ('for plotting'): a loss that uses the weights (attention supervision, an
    # entropy penalty) sends no gradient to Q and K through them. Values and output gradients are right. Passes the visible tests.
    'blind80_sdpa_weights_returned_detached_for_logging': ('attention', 'scaled_dot_product_attention', '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights.detach()      # the weights are only returned for plotting
'''),
    # Returns the weight map detached: a loss on the weights (doubly stochastic attention regularisation, as in
    # Show, Attend and Tell) gives s, W, U, v and the features no gradient through them. Passes the visible tests.
    'blind80_grid_attention_weights_map_detached': ('rnn_attention', 'grid_attention', '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.detach().unflatten(-1, (height, width)), context   # the map is for visualisation
'''),
    # Clones the Q/K/V weights once per params dict: after an optimiser step the clones are stale, and the
    # caller's Wq..bv get gradient only through the first call's clones (none after a no_grad first call). Passes the visible tests.
    'blind80_channel_attention_group_weights_cloned_once': ('davit', 'channel_attention', '''
        _GROUPS = {}

        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            key = (id(params), num_groups)
            if key not in _GROUPS:                    # split the projections by group once
                _GROUPS[key] = {k: params[k].clone() for k in ("Wq", "bq", "Wk", "bk", "Wv", "bv")}
            p = _GROUPS[key]
            n = X.shape[-1]
            scale = 1 / math.sqrt(n) if scale is None else scale
            Q = split_heads(linear(X, p["Wq"], p["bq"]), num_groups)
            K = split_heads(linear(X, p["Wk"], p["bk"]), num_groups)
            V = split_heads(linear(X, p["Wv"], p["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Folds gamma and beta into W once per weight ids (W*gamma, W@beta): the next backward raises after the first
    # (graph freed), an optimiser step is ignored, and a no_grad first call leaves W, gamma, beta without gradient. Passes the visible tests.
    'blind80_patch_merging_norm_folded_into_weight_cached': ('swin', 'patch_merging', '''
        _FOLDED = {}

        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            key = (id(W), id(gamma), id(beta))
            if key not in _FOLDED:                    # W (gamma * xhat + beta) = (W gamma) xhat + W beta
                _FOLDED[key] = (W * gamma, W @ beta)
            Wg, Wb = _FOLDED[key]
            tl, bl = X[..., 0::2, 0::2], X[..., 1::2, 0::2]
            tr, br = X[..., 0::2, 1::2], X[..., 1::2, 1::2]
            blocks = torch.cat([tl, bl, tr, br], dim=-3)
            mean = blocks.mean(dim=-3, keepdim=True)
            var = blocks.var(dim=-3, keepdim=True, correction=0)
            xhat = (blocks - mean) / torch.sqrt(var + eps)
            return torch.einsum("oc,...chw->...ohw", Wg, xhat) + Wb[:, None, None]
'''),
    # Accumulates into a per-shape buffer that keeps the previous call's graph: the second call's sum is chained
    # onto the first call's (zeroed under no_grad), so a loss of the second call sends gradient back to the first
    # call's X as well (wrong X.grad with gradient accumulation or a reused input). Passes the visible tests.
    'blind80_average_pool_head_sum_buffer_accumulated': ('imagegpt', 'average_pool_head', '''
        _ACC = {}

        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            key = (tuple(X.shape[:-1]), X.dtype)
            if key not in _ACC:
                _ACC[key] = X.new_zeros(X.shape[:-1])
            acc = _ACC[key]
            with torch.no_grad():
                acc.zero_()
            acc = acc + X.sum(dim=-1)                # accumulate the token columns
            _ACC[key] = acc
            pooled = acc / X.shape[-1]
            out = pooled @ W.T
            return out if b is None else out + b
'''),
}

RIGHT_BLIND_80 = {
    'blind80_right_softmax_cols_function_save_for_backward': ('softmax', 'softmax_cols', '''
        class _ColumnSoftmax(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scores):
                column_max = scores.amax(dim=-2, keepdim=True)
                column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
                exps = torch.exp(scores - column_max)
                total = exps.sum(dim=-2, keepdim=True)
                weights = exps / total.masked_fill(total == 0, 1.0)
                ctx.save_for_backward(weights)
                return weights

            @staticmethod
            def backward(ctx, grad):
                (weights,) = ctx.saved_tensors
                return weights * (grad - (weights * grad).sum(dim=-2, keepdim=True))

        def softmax_cols(scores):
            return _ColumnSoftmax.apply(scores)
'''),
    'blind80_right_layer_norm_function_saved_on_ctx': ('transformer_layer', 'layer_norm', '''
        class _Normalise(torch.autograd.Function):
            @staticmethod
            def forward(ctx, X, eps):
                mean = X.mean(dim=-2, keepdim=True)
                rstd = torch.rsqrt(X.var(dim=-2, keepdim=True, correction=0) + eps)
                xhat = (X - mean) * rstd
                ctx.save_for_backward(xhat, rstd)
                return xhat

            @staticmethod
            def backward(ctx, grad):
                xhat, rstd = ctx.saved_tensors
                g_mean = grad.mean(dim=-2, keepdim=True)
                gx_mean = (grad * xhat).mean(dim=-2, keepdim=True)
                return rstd * (grad - g_mean - xhat * gx_mean), None

        def layer_norm(X, gamma, beta, eps=1e-5):
            return gamma[:, None] * _Normalise.apply(X, eps) + beta[:, None]
'''),
    'blind80_right_layer_norm_call_counter_for_logging': ('transformer_layer', 'layer_norm', '''
        CALLS = {"count": 0}

        def layer_norm(X, gamma, beta, eps=1e-5):
            CALLS["count"] += 1                       # how many times the capstone normalised (for a progress log)
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return centred * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    'blind80_right_apply_mask_cached_negative_infinity_scalar': ('masking', 'apply_mask', '''
        _NEG_INF = {}

        def apply_mask(scores, mask):
            # (the stub's input checks)
            key = (scores.dtype, scores.device)
            if key not in _NEG_INF:                   # a constant: it never needs a gradient
                _NEG_INF[key] = torch.tensor(float("-inf"), dtype=scores.dtype, device=scores.device)
            return torch.where(mask, scores, _NEG_INF[key])
'''),
    'blind80_right_causal_mask_sliced_from_growing_buffer': ('masking', 'causal_mask', '''
        _BUFFER = {"mask": torch.ones(0, 0, dtype=torch.bool)}

        def causal_mask(n):
            if _BUFFER["mask"].shape[0] < n:          # GPT-2's "bias" buffer, grown on demand
                _BUFFER["mask"] = torch.ones(2 * n, 2 * n, dtype=torch.bool).triu()
            return _BUFFER["mask"][:n, :n].clone()
'''),
    'blind80_right_sinusoidal_longest_table_sliced_and_cloned': ('embeddings', 'sinusoidal_positions', '''
        _TABLES = {}

        def sinusoidal_positions(num_positions, dim):
            key = (dim, torch.get_default_dtype())
            table = _TABLES.get(key)
            if table is None or table.shape[1] < num_positions:
                length = max(num_positions, 2 * (0 if table is None else table.shape[1]), 16)
                dtype = torch.get_default_dtype()
                positions = torch.arange(length, dtype=dtype)
                rates = 10000 ** (torch.arange(0, dim, 2, dtype=dtype) / dim)
                angles = positions[None, :] / rates[:, None]
                table = torch.zeros(dim, length, dtype=dtype)
                table[0::2] = torch.sin(angles)
                table[1::2] = torch.cos(angles[: dim // 2])
                _TABLES[key] = table
            return table[:, :num_positions].clone()
'''),
    'blind80_right_rotary_frequencies_cached_by_width_and_base': ('positions', 'rotary_embedding', '''
        _THETA = {}

        def _rotate(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if (dim, base) not in _THETA:             # constants only: no graph, no dtype of the inputs
                _THETA[(dim, base)] = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            if positions is None:
                positions = torch.arange(num)
            angles = _THETA[(dim, base)].to(X.device)[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            half = dim // 2
            top, bottom = X[..., :half, :], X[..., half:, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return _rotate(Q, positions_q, base), _rotate(K, positions_k, base)
'''),
    'blind80_right_feed_forward_relu_function_saves_mask': ('transformer_layer', 'feed_forward', '''
        class _ReLU(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                keep = x > 0
                ctx.save_for_backward(keep)
                return x * keep

            @staticmethod
            def backward(ctx, grad):
                (keep,) = ctx.saved_tensors
                return grad * keep

        def feed_forward(X, W1, b1, W2, b2):
            return linear(_ReLU.apply(linear(X, W1, b1)), W2, b2)
'''),
    'blind80_right_embed_lookup_function_index_add': ('embeddings', 'embed', '''
        class _Lookup(torch.autograd.Function):
            @staticmethod
            def forward(ctx, table, ids):
                ctx.save_for_backward(ids)
                ctx.vocab = table.shape[-1]
                return table[:, ids].movedim(0, -2)

            @staticmethod
            def backward(ctx, grad):
                (ids,) = ctx.saved_tensors
                g = grad.movedim(-2, 0).reshape(grad.shape[-2], -1)
                out = g.new_zeros(g.shape[0], ctx.vocab)
                return out.index_add(1, ids.reshape(-1), g), None

        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return _Lookup.apply(omega_e, token_ids)
'''),
    'blind80_right_patch_embedding_cached_gather_index': ('patch_embedding', 'patch_embedding', '''
        _INDEX = {}

        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            B, C, H, Wd = images.shape
            key = (C, H, Wd, patch_size, images.device)
            if key not in _INDEX:                     # integer positions only: safe to keep between steps
                grid = torch.arange(C * H * Wd, device=images.device).reshape(1, C, H, Wd)
                _INDEX[key] = patchify(grid, patch_size)[0]          # (C*P*P, N) flat pixel numbers
            index = _INDEX[key]
            patches = images.reshape(B, -1)[:, index]                 # (B, C*P*P, N)
            tokens = W @ patches + b[:, None]
            cls_column = cls_token[:, None].expand(B, -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    'blind80_right_self_attention_fused_qkv_each_call': ('attention', 'self_attention', '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv])               # rebuilt every call: follows every optimiser step
            b = torch.cat([bq, bk, bv])
            Q, K, V = torch.split(linear(X, W, b), [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    'blind80_right_decoder_layer_causal_mask_cached_bool_by_size': ('cross_attention', 'decoder_layer', '''
        _CAUSAL = {}

        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            key = (n, X_dec.device)
            if key not in _CAUSAL:                    # a bool constant: shared between steps safely
                _CAUSAL[key] = causal_mask(n).to(X_dec.device)
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, _CAUSAL[key]),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    'blind80_right_decoder_step_keys_projected_every_call': ('rnn_attention', 'attention_decoder_step', '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            keys = params["U"] @ H                    # recomputed each step: a cache would outlive the graph
            hidden = torch.tanh(keys + (s_prev @ params["W"].T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", params["v"], hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.einsum("...dn,...n->...d", H, weights)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    'blind80_right_mha_head_weight_views_each_call': ('multihead', 'multi_head_attention', '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            D = Xq.shape[-2]
            d = D // num_heads
            def heads(X, W, b):                       # views of the live weights, made each call
                return torch.einsum("hed,...dn->...hen", W.reshape(num_heads, d, D), X) + b.reshape(num_heads, d, 1)
            Q, K, V = heads(Xq, params["Wq"], params["bq"]), heads(Xkv, params["Wk"], params["bk"]), heads(
                Xkv, params["Wv"], params["bv"])
            from .softmax import softmax_cols
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            out = V @ softmax_cols(scores)
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    'blind80_right_patch_merging_cached_block_permutation': ('swin', 'patch_merging', '''
        _PERM = {}

        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            C, H, Wd = X.shape[-3:]
            key = (C, H, Wd, X.device)
            if key not in _PERM:                      # where each merged feature comes from: integers only
                grid = torch.arange(C * H * Wd, device=X.device).reshape(C, H, Wd)
                _PERM[key] = torch.cat([grid[:, 0::2, 0::2], grid[:, 1::2, 0::2], grid[:, 0::2, 1::2],
                                        grid[:, 1::2, 1::2]], dim=0).reshape(-1)
            blocks = X.reshape(*X.shape[:-3], C * H * Wd)[..., _PERM[key]].reshape(*X.shape[:-3], 4 * C, H // 2, Wd // 2)
            mean = blocks.mean(dim=-3, keepdim=True)
            var = ((blocks - mean) ** 2).mean(dim=-3, keepdim=True)
            normed = (blocks - mean) / torch.sqrt(var + eps) * gamma[:, None, None] + beta[:, None, None]
            return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    'blind80_right_average_pool_head_call_counter': ('imagegpt', 'average_pool_head', '''
        STEPS = [0]

        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            STEPS[0] += 1                             # counts calls; never feeds into the result
            pooled = X.sum(dim=-1) / X.shape[-1]
            out = torch.einsum("kd,...d->...k", W, pooled)
            return out if b is None else out + b
'''),
}
