"""Hundred-and-fourteenth blind batch of held-out implementations (prefix blind113_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; the folder exercises/tests/ was listed once (file names only). The earlier blind batches
(held_out_blind.py ... held_out_blind_109.py) were only skimmed for their entry names, emphases and header style (their
names were grepped by keyword per function to avoid repeating a mechanism). Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_110.py, held_out_blind_111.py, held_out_blind_112.py).

Emphasis: inlined composites. The learner does not call their own earlier functions inside a composite exercise but
writes every step out again (softmax, masking, the projections, head splitting and merging, layer norm, the
feed-forward, the patchify, the additive scores, the GRU cell, the sampling filters, merge_pair, one_hot), and one
inlined copy carries a slip their standalone function does not have. Wrong entries: multi-head attention with the
column softmax copied without its all -inf guard, with the mask applied to the weights after the softmax and
renormalised, with a merge that unbinds axis 0 as the heads (no batch axis assumed), with the scale made by
torch.sqrt(torch.tensor(d)) (a float32 constant in a float64 call) and with the scale folded into the caller's Wq in
place; self-attention masked by boolean index assignment (a 2-D mask indexes the batch axis) and shifted by one global
maximum; transformer layers whose inlined norm uses torch.var_mean's unbiased variance, a float32 eps tensor or an
in-place centring of the caller's X (pre-LN), or whose attention unpacks exactly one batch axis; decoder layers with
eps outside the root in the third norm only, a cross mask given its head axis at position 1, and the self-attention
copy scaled by the model width; cross-attention with torch.softmax's NaN for a blind decoder token and heads merged
by the row-convention transpose; generate with an inlined top-k threshold that keeps ties, a top-p that drops the
crossing token and greedy decoding as a tiny temperature (ties drawn); beam search with logits - max as its
log-softmax; train_bpe with a merge loop that steps by one after a merge and counts weighted once per occurrence of a
word (f squared); bpe_encode joining only a pair's first occurrence; pixel_sequence shifting inside a view of the
caller's int64 ids; patch_embedding with an unfold patchify left unpermuted; attention_decoder_step with an
unguarded softmax; grid_attention exponentiating without a shift; channel attention shifted by each key row's
maximum; patch_merging with norm statistics over dim 1. Right entries: the same composites written out in full and
correctly in varied styles: einsum throughout, head and group loops, torch.softmax with NaN columns zeroed, clamped
guards, a block list with one residual-and-norm loop, the sampling filters as nested helpers, an index-sorted beam
pool, dict-and-while BPE, index_select embeddings, a rolled pixel sequence, a pixels-before-grid patchify, a
hand-written GRU with gate slices, F.layer_norm on a channels-last view, a window partition as arithmetic,
rotate_half rotary embeddings and a torch.where-guarded additive softmax.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind113/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (20 of the 29 wrong entries pass them). Each wrong entry's recorded input was run through the
model answer and the entry and both results printed; each differs as its comment says (the generate entries by the
counts of 200 seeded draws, the in-place entries by the caller's tensors after the call). Right entries were compared
with the model answer under both default dtypes with float32 and float64 inputs (random shapes with 0-2 batch axes,
broadcast batch axes for the rnn_attention functions, edge sizes such as one key, one token, one head or group,
D = H, odd-D ValueErrors for rotary, D % H ValueErrors, scales 1 and 30, masks absent, 2-D, batched, with blind
queries and padding masks of length 0, self-attention given the same tensor twice), values to 1e-4 / 1e-10 and
dtypes exactly, the inputs checked unchanged, and the gradients of every floating-point input and parameter to 1e-3
(absolute 1e-3 / 1e-8) under grad mode and values under torch.no_grad(): 240-600 random cases per entry.
generate was compared on 800 random models and option sets (temperature 0 included, top_k beyond V, tiny top_p,
context_size, eos) for identical ids and the same generator state afterwards, beam_search on the same 800 models
(rounded logits for ties, widths 1-4, eos None / 0 / V-1) and its beam-width ValueError; train_bpe and bpe_encode on
500 random corpora and texts (repeated letters, tabs and newlines, combining marks, learned and random merge lists) and
their "</w>" ValueErrors.

Judgement calls: blind113_transformer_layer_inlined_norm_eps_as_float32_tensor differs from the model answer only in
float64 calls, by up to 1.4e-11 relative on unit-scale random features (20 draws of (2, 6, 5) with 2 heads) and 1e-9
on the recorded small-spread input; the contract asks float64 calls to be computed in float64 to float64 accuracy,
so I count it wrong, though on ordinary inputs the difference is small. blind113_mha_inlined_scale_folded_into_callers_query_weights returns the right
values on its first call and breaks the "functions leave their arguments unchanged" rule (and raises for weights
that require grad). blind113_pixel_sequence_inlined_shift_written_into_flattened_view returns right values and is
wrong only by writing into the caller's int64 ids. blind113_decoder_layer_inlined_cross_mask_head_axis_at_one is
right for batched and padding masks and wrong for a mask without a batch axis, which the contract allows ("(N_k,
N_q) ... over inputs of batch (2, 3)"). blind113_generate_inlined_greedy_as_tiny_temperature differs only on tied
maxima at temperature 0 (the contract's "ties to the lowest id"). A right multi-head entry first written with a
logsumexp-shifted softmax was rewritten (now blind113_right_mha_inlined_head_loop_clamped_sum) because its gradients
on saturated inputs (scores near 1000) differed from the model answer's by more than my tolerance in a few cases;
blind113_right_self_attention_inlined_torch_softmax_nan_to_zero (torch.softmax's backward) showed one such gradient
difference in its first 1080 comparisons (none in the next 1200) and was kept. Fewer wrong entries than the brief's
35 (29): several planned slips (an inlined GRU's reset gate, unbiased patch-merging variance, a float32 rotary
frequency table, a plain-reshape window partition in the Swin mask, a materialised sparse mask count, an embed
reshape without movedim) turned out to exist already in earlier batches for the same function and were dropped.

Counts: 29 wrong, 20 right.
Wrong per function: {'attention_decoder_step': 1, 'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 3, 'generate': 3, 'grid_attention': 1, 'multi_head_attention': 5, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'self_attention': 2, 'train_bpe': 2, 'transformer_layer': 4}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'generate': 1, 'grid_attention': 1, 'multi_head_attention': 2, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'rotary_embedding': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'train_bpe': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_113 = {
    # ------------------------------------------------------------------ multi_head_attention
    # The inlined column softmax (max shift, exp, divide) has no guard for a query whose keys are all hidden. X = [[1, 2],
    # [0, 1]] as Xq and Xkv, identity weights, zero biases but bo = [0.5, -0.5], 1 head, mask [[T, F], [T, F]]: model
    # column 1 [0.5, -0.5] (= bo), entry [nan, nan]. Passes the visible tests.
    "blind113_mha_inlined_softmax_without_blind_query_guard": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = params["Wq"] @ Xq + params["bq"][:, None]
            K = params["Wk"] @ Xkv + params["bk"][:, None]
            V = params["Wv"] @ Xkv + params["bv"][:, None]
            Q = Q.reshape(*Q.shape[:-2], num_heads, head_dim, Q.shape[-1])
            K = K.reshape(*K.shape[:-2], num_heads, head_dim, K.shape[-1])
            V = V.reshape(*V.shape[:-2], num_heads, head_dim, V.shape[-1])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            # the same softmax as my softmax_cols, written out -- but without its all -inf guard
            exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))
            weights = exps / exps.sum(dim=-2, keepdim=True)
            heads = V @ weights
            merged = heads.reshape(*heads.shape[:-3], dim, heads.shape[-1])
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # The mask is applied to the weights after an unmasked softmax, then each column is renormalised: a visible key whose
    # weight underflowed beside a hidden one gives 0 / 0. D = 1, 1 head, identity weights, zero biases, Xq = [[100]],
    # Xkv = [[100, -100]], mask [[F], [T]]: model [[-100]], entry [[nan]]. Passes the visible tests.
    "blind113_mha_inlined_mask_applied_to_weights_then_renormalised": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = (params["Wq"] @ Xq + params["bq"][:, None]).unflatten(-2, (num_heads, head_dim))
            K = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, head_dim))
            V = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, head_dim))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            weights = torch.softmax(scores, dim=-2)
            if mask is not None:
                # hide the keys now and renormalise each column so it sums to 1 again
                weights = weights * mask.unsqueeze(-3)
                weights = weights / weights.sum(dim=-2, keepdim=True)
            heads = V @ weights
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # The inlined merge is torch.cat(heads.unbind(0)), which takes axis 0 for the head axis: right without a batch axis
    # only. X = arange(8).reshape(2, 2, 2) / 4 as Xq and Xkv, identity weights, zero biases, 2 heads: model a (2, 2, 2)
    # result ([[0.125, 0.1289], [0.6328, 0.6367]] for item 0), entry raises RuntimeError. Fails the visible tests.
    "blind113_mha_inlined_merge_unbinds_axis_zero_as_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = params["Wq"] @ Xq + params["bq"][:, None]
            K = params["Wk"] @ Xkv + params["bk"][:, None]
            V = params["Wv"] @ Xkv + params["bv"][:, None]
            Q = Q.reshape(*Q.shape[:-2], num_heads, head_dim, Q.shape[-1])
            K = K.reshape(*K.shape[:-2], num_heads, head_dim, K.shape[-1])
            V = V.reshape(*V.shape[:-2], num_heads, head_dim, V.shape[-1])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            heads = V @ (exps / total.masked_fill(total == 0, 1.0))
            merged = torch.cat(heads.unbind(0), dim=0)  # stack the heads on top of each other
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # The scale is torch.sqrt(torch.tensor(head_dim)): an int tensor whose sqrt is made in the default dtype, so a float64
    # call under the float32 default divides by a float32-rounded sqrt(3). D = 3, 1 head, identity weights, zero biases,
    # X = [[1, 0], [0, 1], [1, 1]] float64: model [0.6404574756806275, ...], entry [0.6404574780667988, ...].
    # Passes the visible tests.
    "blind113_mha_inlined_scale_from_torch_sqrt_of_int_tensor": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Q = params["Wq"] @ Xq + params["bq"][:, None]
            K = params["Wk"] @ Xkv + params["bk"][:, None]
            V = params["Wv"] @ Xkv + params["bv"][:, None]
            Q = Q.reshape(*Q.shape[:-2], num_heads, head_dim, Q.shape[-1])
            K = K.reshape(*K.shape[:-2], num_heads, head_dim, K.shape[-1])
            V = V.reshape(*V.shape[:-2], num_heads, head_dim, V.shape[-1])
            scale = torch.sqrt(torch.tensor(head_dim))
            scores = K.transpose(-2, -1) @ Q / scale
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            heads = V @ (exps / total.masked_fill(total == 0, 1.0))
            merged = heads.reshape(*heads.shape[:-3], dim, heads.shape[-1])
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ self_attention
    # The inlined mask is `scores[~mask] = -inf`: a (N, N) mask on batched scores indexes the batch and key axes instead.
    # X = [[[1, 0], [0, 1]], [[2, 0], [1, 1]]], identity 2 x 2 weights, zero biases, causal mask [[T, T], [F, T]]: model
    # item-0 weights [[1, 0.3302], [0, 0.6698]], entry [[0.6698, 0.3302], [0.3302, 0.6698]] (item 0 unmasked, item 1 with
    # key 0 hidden from both queries). Passes the visible tests.
    "blind113_self_attention_inlined_mask_by_boolean_index_assignment": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = Wq @ X + bq[:, None]
            K = Wk @ X + bk[:, None]
            V = Wv @ X + bv[:, None]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores[~mask] = float("-inf")
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = (scores - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / torch.where(total == 0, torch.ones_like(total), total)
            return V @ weights, weights
'''),
    # The inlined softmax subtracts one maximum for the whole tensor (it cancels in exact arithmetic), so a column far
    # below it underflows to 0 / 1. X = [[[30, 0]], [[0, 0.1]]] (2 items, D = 1, N = 2), all weights 1, biases 0: model
    # item-1 output [[0.05, 0.05025]], entry [[0, 0]] (item 0's column 1: model 15, entry 0). Passes the visible tests.
    "blind113_self_attention_inlined_softmax_shifted_by_global_max": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = Wq @ X + bq[:, None]
            K = Wk @ X + bk[:, None]
            V = Wv @ X + bv[:, None]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            finite = scores[torch.isfinite(scores)]
            shift = finite.max() if finite.numel() else scores.new_zeros(())
            exps = torch.exp(scores - shift)  # one shift for the whole tensor: it cancels in every column
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return V @ weights, weights
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The inlined layer norm uses torch.var_mean, whose default variance is the unbiased one (divide by D - 1).
    # X = [[1, 0], [0, 1]], identity attention weights, zero biases, zero FFN, gamma 1, beta 0, 1 head: model
    # [[0.999995, -0.999995], ...], entry [[0.707103, -0.707103], ...]. Fails the visible tests.
    "blind113_transformer_layer_inlined_norm_var_mean_unbiased": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                var, mean = torch.var_mean(Y, dim=-2, keepdim=True)
                return gamma[:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + beta[:, None]

            def attend(Y):
                D, N = Y.shape[-2], Y.shape[-1]
                d = D // num_heads
                Q = (params["Wq"] @ Y + params["bq"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                K = (params["Wk"] @ Y + params["bk"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                V = (params["Wv"] @ Y + params["bv"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return params["Wo"] @ heads.reshape(*Y.shape[:-2], D, N) + params["bo"][:, None]

            def think(Y):
                hidden = torch.relu(params["W1"] @ Y + params["b1"][:, None])
                return params["W2"] @ hidden + params["b2"][:, None]

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # eps = torch.tensor(1e-5) is a float32 0-d tensor (9.99999974738e-06) that a float64 call adds to its variance.
    # X = 1e-4 * eye(2) float64, identity attention weights, zero biases, zero FFN, gamma 1, beta 0, 1 head: model
    # 0.9805759615280852, entry 0.9805759624809426 (1e-9 relative). Passes the visible tests.
    "blind113_transformer_layer_inlined_norm_eps_as_float32_tensor": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            eps = torch.tensor(1e-5)

            def norm(Y, gamma, beta):
                mean = Y.mean(dim=-2, keepdim=True)
                var = ((Y - mean) ** 2).mean(dim=-2, keepdim=True)
                return gamma[:, None] * (Y - mean) * torch.rsqrt(var + eps) + beta[:, None]

            def attend(Y):
                D, N = Y.shape[-2], Y.shape[-1]
                d = D // num_heads
                Q = (params["Wq"] @ Y + params["bq"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                K = (params["Wk"] @ Y + params["bk"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                V = (params["Wv"] @ Y + params["bv"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return params["Wo"] @ heads.reshape(*Y.shape[:-2], D, N) + params["bo"][:, None]

            def think(Y):
                hidden = torch.relu(params["W1"] @ Y + params["b1"][:, None])
                return params["W2"] @ hidden + params["b2"][:, None]

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The inlined norm centres with `Y -= mean`; in pre-LN its first call gets the caller's X. X = [[1, 2], [3, 5]], random
    # params, 1 head, norm_first=True: the caller's X is [[-1, -1.5], [1, 1.5]] after the call, and an X that requires
    # grad raises RuntimeError (post-LN norms only see fresh sums). Fails the visible tests.
    "blind113_transformer_layer_inlined_norm_centres_in_place": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                Y -= Y.mean(dim=-2, keepdim=True)  # centre (saves a copy)
                var = (Y * Y).mean(dim=-2, keepdim=True)
                return gamma[:, None] * Y / torch.sqrt(var + 1e-5) + beta[:, None]

            def attend(Y):
                D, N = Y.shape[-2], Y.shape[-1]
                d = D // num_heads
                Q = (params["Wq"] @ Y + params["bq"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                K = (params["Wk"] @ Y + params["bk"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                V = (params["Wv"] @ Y + params["bv"][:, None]).reshape(*Y.shape[:-2], num_heads, d, N)
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return params["Wo"] @ heads.reshape(*Y.shape[:-2], D, N) + params["bo"][:, None]

            def think(Y):
                hidden = torch.relu(params["W1"] @ Y + params["b1"][:, None])
                return params["W2"] @ hidden + params["b2"][:, None]

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The inlined attention unpacks `B, D, N = Y.shape` after lifting an unbatched input: right with no batch axis and
    # with one, not with two. X of shape (2, 1, 2, 2), random params, 1 head: model a (2, 1, 2, 2) result, entry raises
    # ValueError (too many values to unpack). Passes the visible tests.
    "blind113_transformer_layer_inlined_heads_unpack_one_batch_axis": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                mean = Y.mean(dim=-2, keepdim=True)
                var = Y.var(dim=-2, keepdim=True, unbiased=False)
                return gamma[:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + beta[:, None]

            def attend(Y):
                if Y.dim() == 2:
                    Y = Y.unsqueeze(0)  # a single sequence: give it a batch of one
                B, D, N = Y.shape
                d = D // num_heads
                Q = (params["Wq"] @ Y + params["bq"][:, None]).view(B, num_heads, d, N)
                K = (params["Wk"] @ Y + params["bk"][:, None]).view(B, num_heads, d, N)
                V = (params["Wv"] @ Y + params["bv"][:, None]).view(B, num_heads, d, N)
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                out = params["Wo"] @ heads.reshape(B, D, N) + params["bo"][:, None]
                return out.squeeze(0)

            def think(Y):
                hidden = torch.relu(params["W1"] @ Y + params["b1"][:, None])
                return params["W2"] @ hidden + params["b2"][:, None]

            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + think(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ decoder_layer
    # The first two inlined norms are right; the third divides by the standard deviation plus eps. D = 4, 1 head,
    # X_dec = randn(4, 3), X_enc = randn(4, 2) (seed 3), random params with gamma2 = 0.01 and W1 = 0: model column 0
    # [0.0858, 1.0240, 0.3592, -1.5707], entry [0.0858, 1.0246, 0.3593, -1.5714]. Passes the visible tests.
    "blind113_decoder_layer_inlined_third_norm_eps_outside_root": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def attend(Xq, Xkv, p, visible):
                D = Xq.shape[-2]
                d = D // num_heads
                Q = (p["Wq"] @ Xq + p["bq"][:, None]).unflatten(-2, (num_heads, d))
                K = (p["Wk"] @ Xkv + p["bk"][:, None]).unflatten(-2, (num_heads, d))
                V = (p["Wv"] @ Xkv + p["bv"][:, None]).unflatten(-2, (num_heads, d))
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if visible is not None:
                    scores = scores.masked_fill(~visible.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return p["Wo"] @ heads.flatten(-3, -2) + p["bo"][:, None]

            n = X_dec.shape[-1]
            causal = torch.arange(n)[:, None] <= torch.arange(n)[None, :]
            X = X_dec + attend(X_dec, X_dec, params["self_attn"], causal)
            mu = X.mean(dim=-2, keepdim=True)
            var = ((X - mu) ** 2).mean(dim=-2, keepdim=True)
            X = params["gamma1"][:, None] * (X - mu) / torch.sqrt(var + 1e-5) + params["beta1"][:, None]
            X = X + attend(X, X_enc, params["cross_attn"], enc_mask)
            mu = X.mean(dim=-2, keepdim=True)
            var = ((X - mu) ** 2).mean(dim=-2, keepdim=True)
            X = params["gamma2"][:, None] * (X - mu) / torch.sqrt(var + 1e-5) + params["beta2"][:, None]
            X = X + params["W2"] @ torch.relu(params["W1"] @ X + params["b1"][:, None]) + params["b2"][:, None]
            mu = X.mean(dim=-2, keepdim=True)
            sigma = ((X - mu) ** 2).mean(dim=-2, keepdim=True).sqrt()
            return params["gamma3"][:, None] * (X - mu) / (sigma + 1e-5) + params["beta3"][:, None]
'''),
    # The cross step gives enc_mask its head axis with enc_mask[:, None]: right for (B, N_e, N_d) and (B, N_e, 1) masks,
    # wrong for a mask without a batch axis. D = 4, 2 heads, N_e = 2, N_d = 3, the seed-3 inputs, enc_mask
    # [[T, T, F], [F, T, T]]: model column 0 [1.7618, -0.4995, -1.1021, -0.1627], entry [1.7033, -0.106, -1.1256,
    # -0.4611]; with 1 head it raises RuntimeError. Passes the visible tests.
    "blind113_decoder_layer_inlined_cross_mask_head_axis_at_one": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def norm(Y, gamma, beta):
                mean = Y.mean(dim=-2, keepdim=True)
                var = Y.var(dim=-2, keepdim=True, correction=0)
                return gamma[:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + beta[:, None]

            def attend(Xq, Xkv, p, visible):
                D = Xq.shape[-2]
                d = D // num_heads
                Q = (p["Wq"] @ Xq + p["bq"][:, None]).unflatten(-2, (num_heads, d))
                K = (p["Wk"] @ Xkv + p["bk"][:, None]).unflatten(-2, (num_heads, d))
                V = (p["Wv"] @ Xkv + p["bv"][:, None]).unflatten(-2, (num_heads, d))
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if visible is not None:
                    scores = scores.masked_fill(~visible, float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return p["Wo"] @ heads.flatten(-3, -2) + p["bo"][:, None]

            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool).triu()  # key j visible to query i iff j <= i
            X = norm(X_dec + attend(X_dec, X_dec, params["self_attn"], causal), params["gamma1"], params["beta1"])
            # the encoder mask is (B, N_e, N_d) or a padding mask (B, N_e, 1): the heads go after the batch axis
            cross_mask = None if enc_mask is None else enc_mask[:, None]
            X = norm(X + attend(X, X_enc, params["cross_attn"], cross_mask), params["gamma2"], params["beta2"])
            hidden = torch.relu(params["W1"] @ X + params["b1"][:, None])
            return norm(X + params["W2"] @ hidden + params["b2"][:, None], params["gamma3"], params["beta3"])
'''),
    # Both attentions are written out; the self-attention copy divides by sqrt(D), the cross copy rightly by sqrt(D/H).
    # D = 4, 2 heads, X_dec = randn(4, 3), X_enc = randn(4, 2) (seed 3), random params, no mask: the outputs differ by up
    # to 0.39 (model and entry agree only with 1 head). Passes the visible tests.
    "blind113_decoder_layer_inlined_self_block_scaled_by_model_width": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D = X_dec.shape[-2]
            d = D // num_heads

            def norm(Y, gamma, beta):
                mean = Y.mean(dim=-2, keepdim=True)
                var = Y.var(dim=-2, keepdim=True, correction=0)
                return gamma[:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + beta[:, None]

            def softmax_down(scores):
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                return exps / total.masked_fill(total == 0, 1.0)

            # masked self-attention, written out
            p = params["self_attn"]
            n = X_dec.shape[-1]
            Q = (p["Wq"] @ X_dec + p["bq"][:, None]).unflatten(-2, (num_heads, d))
            K = (p["Wk"] @ X_dec + p["bk"][:, None]).unflatten(-2, (num_heads, d))
            V = (p["Wv"] @ X_dec + p["bv"][:, None]).unflatten(-2, (num_heads, d))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(D)
            causal = torch.arange(n)[:, None] <= torch.arange(n)[None, :]
            scores = scores.masked_fill(~causal, float("-inf"))
            attended = p["Wo"] @ (V @ softmax_down(scores)).flatten(-3, -2) + p["bo"][:, None]
            X = norm(X_dec + attended, params["gamma1"], params["beta1"])

            # cross-attention, written out
            p = params["cross_attn"]
            Q = (p["Wq"] @ X + p["bq"][:, None]).unflatten(-2, (num_heads, d))
            K = (p["Wk"] @ X_enc + p["bk"][:, None]).unflatten(-2, (num_heads, d))
            V = (p["Wv"] @ X_enc + p["bv"][:, None]).unflatten(-2, (num_heads, d))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            read = p["Wo"] @ (V @ softmax_down(scores)).flatten(-3, -2) + p["bo"][:, None]
            X = norm(X + read, params["gamma2"], params["beta2"])

            hidden = torch.relu(params["W1"] @ X + params["b1"][:, None])
            return norm(X + params["W2"] @ hidden + params["b2"][:, None], params["gamma3"], params["beta3"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # The inlined softmax is torch.softmax(dim=-2), NaN for a decoder token that sees no encoder token. X_dec = [[1, 0],
    # [0, 1]], X_enc = [[1, 2], [2, 1]], identity weights, zero biases but bo = [0.5, -0.5], 1 head, enc_mask
    # [[T, F], [T, F]]: model column 1 [0.5, -0.5], entry [nan, nan]. Passes the visible tests.
    "blind113_cross_attention_inlined_softmax_without_blind_query_guard": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D = X_dec.shape[-2]
            d = D // num_heads
            Q = torch.einsum("ed,...dn->...en", params["Wq"], X_dec) + params["bq"][:, None]
            K = torch.einsum("ed,...dn->...en", params["Wk"], X_enc) + params["bk"][:, None]
            V = torch.einsum("ed,...dn->...en", params["Wv"], X_enc) + params["bv"][:, None]
            Q, K, V = (T.unflatten(-2, (num_heads, d)) for T in (Q, K, V))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            weights = torch.softmax(scores, dim=-2)  # down each column: one distribution per decoder token
            heads = V @ weights
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Heads are merged the row-convention way, transpose(-3, -2) then reshape, which interleaves their rows. D = 4, 2 heads,
    # identity weights, zero biases, X_dec = [[1, 0], [0, 1], [1, 1], [0, 2]], X_enc = [[1, 2], [2, 1], [0, 1], [1, 0]]:
    # model rows [1.6698, 1.3302], [1.3302, 1.6698], [0.6698, 0.3302], ..., entry rows 1 and 2 swapped.
    # Passes the visible tests.
    "blind113_cross_attention_inlined_heads_merged_by_transpose_reshape": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D, n_dec = X_dec.shape[-2], X_dec.shape[-1]
            d = D // num_heads
            batch = X_dec.shape[:-2]
            Q = (params["Wq"] @ X_dec + params["bq"][:, None]).reshape(*batch, num_heads, d, n_dec)
            K = (params["Wk"] @ X_enc + params["bk"][:, None]).reshape(*batch, num_heads, d, X_enc.shape[-1])
            V = (params["Wv"] @ X_enc + params["bv"][:, None]).reshape(*batch, num_heads, d, X_enc.shape[-1])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            heads = V @ (exps / total.masked_fill(total == 0, 1.0))   # (..., H, d, N_d)
            merged = heads.transpose(-3, -2).reshape(*batch, D, n_dec)  # heads side by side again
            return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ generate
    # The inlined top-k keeps every probability >= the k-th largest, so ties at the threshold survive. A model whose last
    # column is [1, 1, 0], prompt [0], one new token, top_k=1, seeds 0..199 of one generator: model draws 0 every time,
    # entry draws 0 102 times and 1 98 times. Fails the visible tests.
    "blind113_generate_inlined_top_k_threshold_keeps_ties": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[:, -1]
                if temperature == 0:
                    probs = torch.zeros_like(logits)
                    probs[logits.argmax()] = 1.0
                else:
                    probs = torch.softmax(logits / temperature, dim=-1)
                    if top_k is not None and top_k < probs.numel():
                        kth = probs.sort(descending=True).values[top_k - 1]
                        probs = torch.where(probs >= kth, probs, 0.0)  # keep everything at least as likely as the k-th
                        probs = probs / probs.sum()
                    if top_p is not None:
                        order = torch.sort(probs, descending=True, stable=True).indices
                        cumulative = probs[order].cumsum(0)
                        kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                        keep = torch.zeros_like(probs, dtype=torch.bool)
                        keep[order[:kept]] = True
                        probs = torch.where(keep, probs, 0.0)
                    probs = probs / probs.sum()
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # The inlined top-p keeps the sorted tokens with cumulative probability <= p (plus the first), dropping the crossing
    # token. Last column log([0.5, 0.3, 0.2]), top_p=0.7, 200 draws: model draws 0 and 1 (131 / 69), entry always 0.
    # Passes the visible tests.
    "blind113_generate_inlined_top_p_drops_crossing_token": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[:, -1]
                if temperature == 0:
                    probs = torch.zeros_like(logits)
                    probs[logits.argmax()] = 1.0
                else:
                    probs = torch.softmax(logits / temperature, dim=-1)
                    order = torch.sort(probs, descending=True, stable=True).indices
                    if top_k is not None:
                        keep = torch.zeros_like(probs, dtype=torch.bool)
                        keep[order[:top_k]] = True
                        probs = torch.where(keep, probs, 0.0)
                        probs = probs / probs.sum()
                    if top_p is not None:
                        order = torch.sort(probs, descending=True, stable=True).indices
                        cumulative = probs[order].cumsum(0)
                        keep_sorted = cumulative <= top_p
                        keep_sorted[0] = True  # always keep the most likely token
                        keep = torch.zeros_like(probs, dtype=torch.bool)
                        keep[order[keep_sorted]] = True
                        probs = torch.where(keep, probs, 0.0)
                    probs = probs / probs.sum()
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Greedy decoding inlined as a tiny temperature, max(temperature, 1e-6): tied maxima share the draw instead of the
    # lowest id winning. Last column [2, 2, 0], temperature=0, 200 draws: model always 0, entry 0 102 times and 1 98 times.
    # Passes the visible tests.
    "blind113_generate_inlined_greedy_as_tiny_temperature": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[:, -1]
                t = max(temperature, 1e-6)  # temperature 0 is the limit of a tiny temperature
                probs = torch.softmax(logits / t, dim=-1)
                order = torch.sort(probs, descending=True, stable=True).indices
                if top_k is not None:
                    keep = torch.zeros_like(probs, dtype=torch.bool)
                    keep[order[:top_k]] = True
                    probs = torch.where(keep, probs, 0.0)
                    probs = probs / probs.sum()
                if top_p is not None:
                    order = torch.sort(probs, descending=True, stable=True).indices
                    cumulative = probs[order].cumsum(0)
                    kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                    keep = torch.zeros_like(probs, dtype=torch.bool)
                    keep[order[:kept]] = True
                    probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # ------------------------------------------------------------------ beam_search
    # The inlined log-softmax is logits - max (the shift without the log-sum-exp), so beams are compared with
    # unnormalised scores. A model whose column for last token t is {0: [0, 0, 0], 1: [0, 10, 10], 2: [5, 0, 0]}[t],
    # prompt [0], beam_width 2, 2 steps: model [0, 1, 1], entry [0, 0, 0]. Fails the visible tests.
    "blind113_beam_search_inlined_log_softmax_without_logsumexp": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, done in beams:
                    if done:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids)[:, -1].double()
                    log_probs = logits - logits.max()  # log-softmax, shifted by the max for stability
                    for token in range(log_probs.numel()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + float(log_probs[token]), extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ train_bpe
    # The inlined merge loop steps by one after a merge too, so merges overlap and symbols are duplicated.
    # train_bpe("aaa", 2): model [("a", "a"), ("aa", "a")], entry [("a", "a"), ("aa", "aa")]. Fails the visible tests.
    "blind113_train_bpe_inlined_merge_steps_one_after_a_merge": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = {}
            for word in words:
                frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
            current = {word: list(word) for word in frequency}
            merges = []
            for _ in range(num_merges):
                counts = {}
                for word, f in frequency.items():
                    symbols = current[word]
                    for i in range(len(symbols) - 1):
                        pair = (symbols[i], symbols[i + 1])
                        counts[pair] = counts.get(pair, 0) + f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word, symbols in current.items():
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == best:
                            out.append(symbols[i] + symbols[i + 1])
                        else:
                            out.append(symbols[i])
                        i += 1
                    current[word] = out
            return merges
'''),
    # The inlined count loops over every word of the corpus and adds the word's frequency each time (f * f).
    # train_bpe("qab rab sab tab xy xy xy", 1): model [("a", "b")] (4 against 3), entry [("x", "y")] (9 against 4).
    # Fails the visible tests.
    "blind113_train_bpe_inlined_counts_weighted_per_occurrence_of_word": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from collections import Counter
            frequency = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in frequency}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word in words:  # every word of the corpus, weighted by how often it occurs
                    symbols = current[tuple(word)]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency[tuple(word)]
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word, symbols in current.items():
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and symbols[i] == best[0] and symbols[i + 1] == best[1]:
                            out.append(best[0] + best[1])
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    current[word] = out
            return merges
'''),
    # ------------------------------------------------------------------ bpe_encode
    # The inlined merge finds the pair with list.index and joins only its first occurrence in each word.
    # bpe_encode("abab", [("a", "b")]): model ["ab", "ab", "</w>"], entry ["ab", "a", "b", "</w>"].
    # Passes the visible tests.
    "blind113_bpe_encode_inlined_merge_joins_only_first_occurrence": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for a, b in merges:
                    pairs = list(zip(symbols, symbols[1:]))
                    if (a, b) in pairs:
                        i = pairs.index((a, b))
                        symbols = symbols[:i] + [a + b] + symbols[i + 2:]
                tokens += symbols
            return tokens
'''),
    # ------------------------------------------------------------------ pixel_sequence
    # The shift is written into ids.long().flatten(-2), which for contiguous int64 ids is a view of the caller's ids.
    # ids = [[1, 2], [3, 4]] (int64), sos_id 9: both return inputs [9, 1, 2, 3] and targets [1, 2, 3, 4], but the entry
    # leaves ids = [[9, 1], [2, 3]] (uint8 ids are copied by .long() and stay intact). Passes the visible tests.
    "blind113_pixel_sequence_inlined_shift_written_into_flattened_view": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.long().flatten(-2)         # raster order
            targets = flat.clone()
            inputs = flat
            inputs[..., 1:] = flat[..., :-1].clone()   # shift right by one ...
            inputs[..., 0] = sos_id                      # ... behind the start token
            return inputs, targets
'''),
    # ------------------------------------------------------------------ patch_embedding
    # The inlined patchify is images.unfold(2, P, P).unfold(3, P, P) reshaped without moving the grid axes behind C, P, P.
    # One 4 x 4 image arange(16), P = 2, W = eye(4), zero b, cls and positions: model's first patch column [0, 1, 4, 5],
    # entry's [0, 2, 8, 10]. Fails the visible tests.
    "blind113_patch_embedding_inlined_patchify_unfold_without_permute": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            B, C, H, Wd = images.shape
            P = patch_size
            patches = images.unfold(2, P, P).unfold(3, P, P)       # (B, C, H/P, W/P, P, P)
            patches = patches.reshape(B, C * P * P, (H // P) * (Wd // P))
            tokens = W @ patches + b[:, None]
            cls = cls_token[None, :, None].expand(B, -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ attention_decoder_step
    # The inlined additive attention uses torch.softmax over the masked scores: NaN for a state that sees no position.
    # s_prev = [0.5, -0.5], y_prev = [1], H = [[1, 2], [0, 1]], mask [F, F], random params (seed 0): model weights [0, 0]
    # and s [0.5009, -0.4512], entry weights [nan, nan] and s [nan, nan]. Passes the visible tests.
    "blind113_attention_decoder_step_inlined_attention_softmax_without_guard": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            W, U, v = params["W"], params["U"], params["v"]
            e = torch.tanh((U @ H) + (s_prev @ W.T)[..., :, None])            # (..., D_a, N)
            e = (v[:, None] * e).sum(dim=-2)                                  # (..., N)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(e, dim=-1)
            context = (H * weights[..., None, :]).sum(dim=-1)                 # (..., D_h)
            batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
            h = s_prev.expand(*batch, -1)
            gi = x @ params["weight_ih"].T + params["bias_ih"]
            gh = h @ params["weight_hh"].T + params["bias_hh"]
            i_r, i_z, i_n = gi.chunk(3, dim=-1)
            h_r, h_z, h_n = gh.chunk(3, dim=-1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            s = (1 - z) * n + z * h
            logits = torch.cat([s, context.expand(*batch, -1)], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ grid_attention
    # The inlined softmax exponentiates without a max shift ("tanh bounds e by sum |v|"), which overflows for a large v.
    # s = [0], features [[[1, -1], [0.5, 0]]], W = [[0]], U = [[1]], v = [1000]: model weights [[1, 0], [0, 0]] and
    # context [1], entry [[nan, 0], [nan, 0]] and [nan]. Passes the visible tests.
    "blind113_grid_attention_inlined_softmax_exp_without_shift": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, height, width = features.shape[-3:]
            cells = features.reshape(*features.shape[:-2], height * width)      # (..., C, H*W)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))           # (..., D_a, H*W)
            e = torch.einsum("a,...an->...n", v, hidden)                        # (..., H*W)
            exps = e.exp()          # e = v . tanh(...) is bounded by sum |v|, so exp cannot overflow
            weights = exps / exps.sum(dim=-1, keepdim=True)
            context = (cells * weights.unsqueeze(-2)).sum(dim=-1)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # ------------------------------------------------------------------ channel_attention
    # The inlined softmax shifts by each key row's maximum over the queries (amax(dim=-1)), not by a constant per column.
    # X = [[1, 0], [0, 2]], identity weights, zero biases, 1 group: model [[0.6698, 0.6605], [0.0558, 1.8884]], entry
    # [[0.9442, 0.1116], [0.3302, 1.3395]]. Passes the visible tests.
    "blind113_channel_attention_inlined_softmax_shift_by_key_row_max": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            g = channels // num_groups
            Q = (params["Wq"] @ X + params["bq"][:, None]).unflatten(-2, (num_groups, g))
            K = (params["Wk"] @ X + params["bk"][:, None]).unflatten(-2, (num_groups, g))
            V = (params["Wv"] @ X + params["bv"][:, None]).unflatten(-2, (num_groups, g))
            scores = K @ Q.transpose(-2, -1) * scale                      # (..., G, keys, queries)
            exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))  # stable softmax
            weights = exps / exps.sum(dim=-2, keepdim=True)               # each query's column sums to 1
            out = weights.transpose(-2, -1) @ V
            return params["Wo"] @ out.flatten(-3, -2) + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ patch_merging
    # The inlined norm takes its statistics over dim=1: the 4C features only with exactly one batch axis. Unbatched
    # X = [[[0, 1], [2, 3]], [[16, 25], [36, 49]]], gamma 1, beta 0, W picking features 0, 1, 4, 5: model
    # [-0.9499, -0.0288, -0.8923, 0.4893], entry [0, 0, 0, 0]. Fails the visible tests.
    "blind113_patch_merging_inlined_norm_statistics_over_dim_one": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3)                                   # (B, 4C, H/2, W/2)
            mean = merged.mean(dim=1, keepdim=True)                      # over the 4C features
            var = ((merged - mean) ** 2).mean(dim=1, keepdim=True)
            normed = (merged - mean) / torch.sqrt(var + eps)
            normed = normed * gamma[:, None, None] + beta[:, None, None]
            return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # The 1/sqrt(d) scale is folded into the query projection with `Wq *= ...` on the caller's own params["Wq"] and
    # params["bq"]. D = 4, 1 head, identity weights, zero biases, X = [[1, 2], [0, 1], [1, 0], [2, 2]]: the first call
    # equals the model (row 0 [1.5, 1.8176]) but leaves params["Wq"][0, 0] = 0.25, and a second call gives [1.5, 1.6792];
    # a Wq that requires grad raises RuntimeError. Passes the visible tests.
    "blind113_mha_inlined_scale_folded_into_callers_query_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Wq, bq = params["Wq"], params["bq"]
            Wq *= 1 / math.sqrt(head_dim)  # fold the 1/sqrt(d) scale into the query projection
            bq *= 1 / math.sqrt(head_dim)
            Q = (Wq @ Xq + bq[:, None]).unflatten(-2, (num_heads, head_dim))
            K = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, head_dim))
            V = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, head_dim))
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            heads = V @ (exps / total.masked_fill(total == 0, 1.0))
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
}

RIGHT_BLIND_113 = {
    # Everything written out with einsum (projections, scores, values, output), the guarded column softmax in between.
    # Passes the visible tests.
    "blind113_right_mha_fully_inlined_einsum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            Q = torch.einsum("oi,...in->...on", params["Wq"], Xq) + params["bq"][:, None]
            K = torch.einsum("oi,...in->...on", params["Wk"], Xkv) + params["bk"][:, None]
            V = torch.einsum("oi,...in->...on", params["Wv"], Xkv) + params["bv"][:, None]
            Q, K, V = (T.unflatten(-2, (num_heads, d)) for T in (Q, K, V))   # (..., H, d, N)
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(d)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / torch.where(total > 0, total, torch.ones_like(total))
            heads = torch.einsum("...hdk,...hkq->...hdq", V, weights)
            return torch.einsum("oi,...in->...on", params["Wo"], heads.flatten(-3, -2)) + params["bo"][:, None]
'''),
    # A loop over the heads' row slices, each with its own guarded softmax (a -inf maximum turned to 0 by nan_to_num, the
    # sum clamped at 1, which a visible column always reaches); heads concatenated in order. Passes the visible tests.
    "blind113_right_mha_inlined_head_loop_clamped_sum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            Q = params["Wq"] @ Xq + params["bq"].unsqueeze(-1)
            K = params["Wk"] @ Xkv + params["bk"].unsqueeze(-1)
            V = params["Wv"] @ Xkv + params["bv"].unsqueeze(-1)
            outputs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                scores = K[..., rows, :].transpose(-2, -1) @ Q[..., rows, :] / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask, float("-inf"))
                top = scores.max(dim=-2, keepdim=True).values
                top = torch.nan_to_num(top, neginf=0.0)               # a query that sees no key: no shift
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                weights = exps / torch.clamp(total, min=1.0)          # a visible column sums to >= 1; a blind one to 0
                outputs.append(V[..., rows, :] @ weights)
            return params["Wo"] @ torch.cat(outputs, dim=-2) + params["bo"].unsqueeze(-1)
'''),
    # Projections by torch.matmul, the mask by torch.where, torch.softmax down the columns with its NaN columns (a query
    # that sees nothing) set to 0. Passes the visible tests.
    "blind113_right_self_attention_inlined_torch_softmax_nan_to_zero": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = torch.matmul(Wq, X) + bq.unsqueeze(-1)
            K = torch.matmul(Wk, X) + bk.unsqueeze(-1)
            V = torch.matmul(Wv, X) + bv.unsqueeze(-1)
            scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(Wq.shape[0])
            if mask is not None:
                scores = torch.where(mask, scores, float("-inf"))
            weights = torch.softmax(scores, dim=-2).nan_to_num(nan=0.0)   # an all -inf column gives NaN: zero it
            return torch.matmul(V, weights), weights
'''),
    # The whole layer written out: a layer norm with the biased variance, the attention with the guarded softmax, a ReLU as
    # clamp(min=0), and both norm orders. Passes the visible tests.
    "blind113_right_transformer_layer_fully_inlined": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            D, N = X.shape[-2], X.shape[-1]
            d = D // num_heads
            p = params

            def ln(Y, which):
                mean = Y.mean(dim=-2, keepdim=True)
                centred = Y - mean
                var = (centred * centred).mean(dim=-2, keepdim=True)
                return p["gamma" + which][:, None] * centred / torch.sqrt(var + 1e-5) + p["beta" + which][:, None]

            def mha(Y):
                Q = (p["Wq"] @ Y + p["bq"][:, None]).unflatten(-2, (num_heads, d))
                K = (p["Wk"] @ Y + p["bk"][:, None]).unflatten(-2, (num_heads, d))
                V = (p["Wv"] @ Y + p["bv"][:, None]).unflatten(-2, (num_heads, d))
                scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
                if mask is not None:
                    scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = top.masked_fill(top == float("-inf"), 0.0)
                exps = (scores - top).exp()
                total = exps.sum(dim=-2, keepdim=True)
                heads = V @ (exps / total.masked_fill(total == 0, 1.0))
                return p["Wo"] @ heads.flatten(-3, -2) + p["bo"][:, None]

            def ffn(Y):
                return p["W2"] @ (p["W1"] @ Y + p["b1"][:, None]).clamp(min=0) + p["b2"][:, None]

            if norm_first:
                Y = X + mha(ln(X, "1"))
                return Y + ffn(ln(Y, "2"))
            Y = ln(X + mha(X), "1")
            return ln(Y + ffn(Y), "2")
'''),
    # The decoder layer written out as a list of three sub-blocks (causal self-attention, cross-attention, FFN), each
    # followed by the same residual and biased-variance norm in a loop (gamma1..3, beta1..3). Passes the visible tests.
    "blind113_right_decoder_layer_fully_inlined_block_list": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D, n = X_dec.shape[-2], X_dec.shape[-1]
            d = D // num_heads

            def attention(Xq, Xkv, p, visible):
                Q = (p["Wq"] @ Xq + p["bq"][:, None]).unflatten(-2, (num_heads, d))
                K = (p["Wk"] @ Xkv + p["bk"][:, None]).unflatten(-2, (num_heads, d))
                V = (p["Wv"] @ Xkv + p["bv"][:, None]).unflatten(-2, (num_heads, d))
                scores = (K.transpose(-2, -1) @ Q) / math.sqrt(d)
                if visible is not None:
                    scores = scores.masked_fill(~visible.unsqueeze(-3), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                weights = exps / torch.where(total == 0, torch.ones_like(total), total)
                return p["Wo"] @ (V @ weights).flatten(-3, -2) + p["bo"][:, None]

            def feed_forward(Y):
                return params["W2"] @ torch.relu(params["W1"] @ Y + params["b1"][:, None]) + params["b2"][:, None]

            causal = torch.arange(n).unsqueeze(1) <= torch.arange(n).unsqueeze(0)
            blocks = [
                lambda Y: attention(Y, Y, params["self_attn"], causal),
                lambda Y: attention(Y, X_enc, params["cross_attn"], enc_mask),
                feed_forward,
            ]
            X = X_dec
            for k, block in enumerate(blocks, start=1):
                Y = X + block(X)
                mean = Y.mean(dim=-2, keepdim=True)
                var = Y.var(dim=-2, keepdim=True, unbiased=False)
                X = params[f"gamma{k}"][:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + params[f"beta{k}"][:, None]
            return X
'''),
    # Heads by Tensor.split, the softmax guarded by clamps (the maximum at finfo.min, the sum at finfo.tiny) instead of
    # masked_fill. Passes the visible tests.
    "blind113_right_cross_attention_inlined_per_head_list": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D = X_dec.shape[-2]
            d = D // num_heads
            Q = params["Wq"] @ X_dec + params["bq"][:, None]
            K = params["Wk"] @ X_enc + params["bk"][:, None]
            V = params["Wv"] @ X_enc + params["bv"][:, None]
            heads = []
            for Qh, Kh, Vh in zip(Q.split(d, dim=-2), K.split(d, dim=-2), V.split(d, dim=-2)):
                scores = Kh.transpose(-2, -1) @ Qh / d ** 0.5
                if enc_mask is not None:
                    scores = scores.masked_fill(~enc_mask, float("-inf"))
                top = scores.amax(dim=-2, keepdim=True).clamp(min=torch.finfo(scores.dtype).min)
                exps = torch.exp(scores - top)
                total = exps.sum(dim=-2, keepdim=True)
                heads.append(Vh @ (exps / total.clamp(min=torch.finfo(scores.dtype).tiny)))
            return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]
'''),
    # The sampling filters written into generate as nested helpers (the same arithmetic as next_token_probs), the
    # sequence kept as a list of pieces concatenated once per step. Passes the visible tests.
    "blind113_right_generate_inlined_filter_pipeline": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            def keep_only(probs, order, count):
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                return torch.where(keep, probs, 0.0)

            def distribution(logits):
                if temperature == 0:
                    one_hot = torch.zeros_like(logits)
                    one_hot[torch.argmax(logits)] = 1.0
                    return one_hot
                probs = torch.softmax(logits / temperature, dim=-1)
                if top_k is not None:
                    probs = keep_only(probs, torch.sort(probs, descending=True, stable=True).indices, top_k)
                    probs = probs / probs.sum()
                if top_p is not None:
                    order = torch.sort(probs, descending=True, stable=True).indices
                    below = int((torch.cumsum(probs[order], dim=0) < top_p).sum())
                    probs = keep_only(probs, order, min(below + 1, probs.numel()))
                return probs / probs.sum()

            pieces = [prompt]
            length = prompt.shape[0]
            for _ in range(max_new_tokens):
                ids = torch.cat(pieces) if len(pieces) > 1 else pieces[0]
                pieces = [ids]
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                drawn = torch.multinomial(distribution(logits), 1, generator=generator)
                pieces.append(drawn.to(prompt.dtype))
                length += 1
                if eos_id is not None and drawn.item() == eos_id:
                    break
            return torch.cat(pieces) if len(pieces) > 1 else pieces[0]
'''),
    # The log-softmax written out as logits - logsumexp in float64, candidate scores from one tensor addition, ranked by
    # sorting indices on (-score, index). Passes the visible tests.
    "blind113_right_beam_search_inlined_log_softmax_tensor_scores": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(prompt, 0.0, False)]
            for _ in range(max_new_tokens):
                pool = []
                for ids, score, finished in beams:
                    if finished:
                        pool.append((ids, score, True))
                        continue
                    logits = model(ids)[:, -1].to(torch.float64)
                    log_probs = logits - torch.logsumexp(logits, dim=0)   # log-softmax written out
                    for token, value in enumerate((score + log_probs).tolist()):
                        pool.append((torch.cat([ids, ids.new_tensor([token])]), value, token == eos_id))
                ranked = sorted(range(len(pool)), key=lambda i: (-pool[i][1], i))
                beams = [pool[i] for i in ranked[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][0]
'''),
    # Counting and merging written out with plain dicts and while loops; the best pair by a strict `>` scan, which keeps
    # the first pair seen among ties. Passes the visible tests.
    "blind113_right_train_bpe_inlined_merge_and_counts": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1
            current = [(list(key), f) for key, f in frequency.items()]   # first-appearance order
            merges = []
            while len(merges) < num_merges:
                counts = {}
                for symbols, f in current:
                    for i in range(len(symbols) - 1):
                        pair = (symbols[i], symbols[i + 1])
                        counts[pair] = counts.get(pair, 0) + f
                if not counts:
                    break
                best, best_count = None, -1
                for pair, c in counts.items():     # strict > keeps the first pair seen among ties
                    if c > best_count:
                        best, best_count = pair, c
                merges.append(best)
                joined = best[0] + best[1]
                for k, (symbols, f) in enumerate(current):
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and symbols[i] == best[0] and symbols[i + 1] == best[1]:
                            out.append(joined)
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    current[k] = (out, f)
            return merges
'''),
    # The merge written out inside the encoder, with an early exit once a word is a single symbol. Passes the visible
    # tests.
    "blind113_right_bpe_encode_inlined_merge_rebuilds_words": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for left, right in merges:
                    if len(symbols) < 2:
                        break
                    merged, i = [], 0
                    while i < len(symbols):
                        if i < len(symbols) - 1 and symbols[i] == left and symbols[i + 1] == right:
                            merged.append(left + right)
                            i += 2
                        else:
                            merged.append(symbols[i])
                            i += 1
                    symbols = merged
                tokens.extend(symbols)
            return tokens
'''),
    # The lookup as index_select on the flattened ids, then the D axis moved in front of N. Passes the visible tests.
    "blind113_right_embed_index_select_of_flat_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)
            columns = omega_e.index_select(1, flat)                     # (D, number of ids)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # The shift as torch.roll (a new tensor) with the wrapped-around last pixel overwritten by the start token. Passes
    # the visible tests.
    "blind113_right_pixel_sequence_inlined_roll_then_start_token": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1]).to(torch.long)
            inputs = torch.roll(targets, shifts=1, dims=-1)   # a new tensor: the last pixel wraps to the front
            inputs[..., 0] = sos_id                            # ... and is replaced by the start token
            return inputs, targets
'''),
    # The patchify written out with the pixel axes before the grid axes, (B, C, P, P, H/P, W/P), which flattens straight
    # into (B, C*P*P, N); its own ValueError for H or W not a multiple of P. Passes the visible tests.
    "blind113_right_patch_embedding_inlined_patchify_pixels_before_grid": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            B, C, H, Wd = images.shape
            P = patch_size
            if H % P or Wd % P:
                raise ValueError(f"H={H} and W={Wd} must be multiples of patch_size={P}")
            grid = images.reshape(B, C, H // P, P, Wd // P, P).permute(0, 1, 3, 5, 2, 4)  # (B, C, p, q, a, b)
            patches = grid.reshape(B, C * P * P, (H // P) * (Wd // P))                    # rows (c, p, q), cols (a, b)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls = cls_token.reshape(1, -1, 1).expand(B, -1, 1)
            return torch.cat([cls, tokens], dim=2) + positions
'''),
    # Additive attention, the GRU cell (gate slices of the stacked weights, h' = n + z (h - n)) and the read-out written out
    # in one function, leading axes broadcast explicitly. Passes the visible tests.
    "blind113_right_attention_decoder_step_fully_inlined": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            p = params
            projected = torch.einsum("ad,...d->...a", p["W"], s_prev).unsqueeze(-1) + p["U"] @ H   # (..., D_a, N)
            scores = torch.einsum("a,...an->...n", p["v"], torch.tanh(projected))
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-1, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            context = torch.einsum("...hn,...n->...h", H, weights)

            batch = torch.broadcast_shapes(y_prev.shape[:-1], context.shape[:-1], s_prev.shape[:-1])
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
            h = s_prev.expand(*batch, -1)
            D_s = h.shape[-1]
            Wi, Wh, bi, bh = p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"]
            r = torch.sigmoid(x @ Wi[:D_s].T + bi[:D_s] + h @ Wh[:D_s].T + bh[:D_s])
            z = torch.sigmoid(x @ Wi[D_s:2 * D_s].T + bi[D_s:2 * D_s] + h @ Wh[D_s:2 * D_s].T + bh[D_s:2 * D_s])
            n = torch.tanh(x @ Wi[2 * D_s:].T + bi[2 * D_s:] + r * (h @ Wh[2 * D_s:].T + bh[2 * D_s:]))
            s = n + z * (h - n)
            readout = torch.cat([s, context.expand(*batch, -1)], dim=-1)
            return s, readout @ p["W_out"].T + p["b_out"], weights
'''),
    # The additive scores written out over the flattened grid, `v @ hidden` for the energies and torch.softmax over all
    # H*W cells at once. Passes the visible tests.
    "blind113_right_grid_attention_inlined_additive_scores": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2], features.shape[-1]
            cells = features.flatten(-2)                                            # (..., C, H*W), raster order
            hidden = torch.tanh((U @ cells) + (W @ s.unsqueeze(-1)))                # (..., D_a, H*W)
            scores = v @ hidden                                                     # (..., H*W)
            weights = torch.softmax(scores, dim=-1)                                 # one softmax over all cells
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)                   # (..., C)
            return weights.unflatten(-1, (height, width)), context
'''),
    # A loop over the channel groups' row slices with torch.softmax down each query column. Passes the visible tests.
    "blind113_right_channel_attention_inlined_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            Q = params["Wq"] @ X + params["bq"][:, None]
            K = params["Wk"] @ X + params["bk"][:, None]
            V = params["Wv"] @ X + params["bv"][:, None]
            width = channels // num_groups
            groups = []
            for g in range(num_groups):
                rows = slice(g * width, (g + 1) * width)
                scores = K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * factor   # (keys, queries)
                weights = torch.softmax(scores, dim=-2)                                   # down each query column
                groups.append(weights.transpose(-2, -1) @ V[..., rows, :])
            return params["Wo"] @ torch.cat(groups, dim=-2) + params["bo"][:, None]
'''),
    # The four blocks stacked on a new axis and flattened, then F.layer_norm on a channels-last view and `@ W.T`.
    # Passes the visible tests.
    "blind113_right_patch_merging_inlined_norm_channels_last": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = torch.stack([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                                 dim=-4)                                      # (..., 4, C, H/2, W/2)
            merged = blocks.flatten(-4, -3).movedim(-3, -1)                    # (..., H/2, W/2, 4C)
            normed = F.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return (normed @ W.T).movedim(-1, -3)                             # (..., 2C, H/2, W/2)
'''),
    # The window partition written as arithmetic: each token's grid row and column from its window number and its place
    # in the window, then the wrap labels compared. Passes the visible tests.
    "blind113_right_shifted_window_mask_inlined_window_coordinates": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            per_row = width // M
            k = torch.arange((height // M) * per_row)[:, None]          # window number
            t = torch.arange(M * M)[None, :]                             # token inside the window, raster order
            rows = (k // per_row) * M + t // M                           # (nW, M*M) grid row of each token
            cols = (k % per_row) * M + t % M
            label = (rows + shift >= height).long() * 2 + (cols + shift >= width).long()
            return label[:, :, None] == label[:, None, :]
'''),
    # The rotation written out as Llama's rotate_half: X * cos + [-bottom; top] * sin, the angles in float64 and cast to
    # the input's dtype. Passes the visible tests.
    "blind113_right_rotary_embedding_inlined_rotation_in_float64": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                half = D // 2
                pos = torch.arange(N, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                inv_freq = 1.0 / (base ** (torch.arange(half, dtype=torch.float64) * 2 / D))
                angle = inv_freq[:, None] * pos[None, :]                  # (D/2, N)
                cos = torch.cat([angle.cos(), angle.cos()]).to(X.dtype)   # (D, N)
                sin = torch.cat([angle.sin(), angle.sin()]).to(X.dtype)
                rotated_half = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)
                return X * cos + rotated_half * sin

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The guarded softmax over the positions written out with torch.where (mask, infinite maximum, zero sum).
    # Passes the visible tests.
    "blind113_right_additive_attention_inlined_where_guarded_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            energy = torch.tanh(U @ H + (W @ s.unsqueeze(-1)))               # (..., D_a, N)
            e = (energy * v[:, None]).sum(dim=-2)                            # (..., N)
            if mask is not None:
                e = torch.where(mask, e, float("-inf"))
            peak = e.amax(dim=-1, keepdim=True)
            peak = torch.where(torch.isinf(peak), torch.zeros_like(peak), peak)
            exps = torch.exp(e - peak)
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / torch.where(total == 0, torch.ones_like(total), total)
            return weights, (H * weights.unsqueeze(-2)).sum(dim=-1)
'''),
}
