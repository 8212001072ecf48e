"""Eighty-fifth blind batch of held-out implementations (prefix blind84_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_81.py) were only skimmed for
their entry names (to leave out ideas they already hold: padding_idx, scale_grad_by_freq and max_norm embeddings,
GroupNorm(1) and RMS norms, pixel_unshuffle merging, the mask tiled with repeat, the bool mask added as a float, ...)
and for the header of held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_82.py, held_out_blind_83.py).

Emphasis: built on torch.nn modules and classes. Wrong entries: the caller's weights put into a module so that autograd
no longer reaches them (`.data =`, `nn.Parameter(W)`, `copy_` under no_grad, `load_state_dict`, even with
`assign=True`, `nn.Embedding.from_pretrained` for the position table); the module's own default initialisation left
where the contract has none or has the caller's (Linear and Conv2d biases, LayerNorm ones/zeros never loaded,
TransformerEncoderLayer's default dropout 0.1 active in a new module's training mode, `bias=False` dropping the given
biases); an eps left at the module default; the row convention crossed with the column convention (LayerNorm(N) on X
as it is, Linear applied to H or X untransposed, a Conv2d kernel read channels last); torch's mask convention half
converted (inverted but not transposed, a per-query mask used as key_padding_mask); batch_first confusion (MHA reading
(B, N, D) as (L, N, E), nn.GRU running over the batch as a sequence); float32 modules given float64 inputs, a module
forced to float64; modules cached across calls with stale weights (by shape, by id); a GRUCell called without its
state; nn.Softmax2d and the implicit-dim nn.Softmax(); an AvgPool1d that accepts one batch axis only;
functools.reduce over heads adding bo per head. Right entries use modules correctly: built on the meta device (no
allocation, no draw from the global generator) and run through torch.func.functional_call on the caller's tensors, or
with their parameters deleted and the caller's tensors set as plain attributes, small nn.Module classes with forward,
nn.MultiheadAttention / TransformerEncoderLayer / TransformerDecoderLayer (whole or submodule by submodule) with the
course's mask converted to torch's (B*H, N_q, N_k) with heads interleaved, nn.GRUCell, nn.Embedding, nn.Conv2d,
nn.Flatten/Unflatten, AdaptiveAvgPool1d, Swin's PatchMerging class, a ModuleDict of projections, functools.reduce over
heads from bo.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind84/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source in place of the function, `import math`, `import torch` and `import
torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's visible
tests: every right entry passes them, and each wrong entry's comment says whether it does (18 of the 37 wrong entries
pass them: mostly the lost gradients, the stale caches, the float64 precision and dtype slips, the NaN of a query that
sees no key, the per-query encoder mask, and shapes the visible tests do not try). Each wrong entry's recorded input
was run on the model answer and on the entry and both printed; each differs as its comment says (a gradient None where
the model's is nonzero, a NaN column, a float64 result of a float32 call, a raised error on an allowed shape, or
different values). Right entries were compared with the model answer on 270 random calls each (two seeds), float32
and float64 inputs, a float64 default dtype in about 15% of calls, no batch axis and one or two batch axes, masks
(N_k, N_q), batched, with a leading axis of 1, padding masks (B, N_k, 1), causal masks, masks with a column that is all
False (a query that sees no key) and all-False masks, Xq passed as the same object as Xkv, broadcast leading axes of s,
y_prev and H, b given or omitted, eps and scale given or not: values (float32 to 1e-4, float64 to 1e-9), shapes and
dtypes equal, gradients of a random projection of the outputs with respect to every floating-point input and weight
(finite, present wherever the model's are, equal to 2e-3 / 1e-7 of their scale), arguments unchanged, torch's global
generator state unchanged, and the same result under torch.no_grad(). Non-contiguous (transposed) and expanded inputs
and arguments all passed by name were checked on one call per module in float64.

Judgement calls: blind84_mha_module_query_seeing_no_key_gives_nan calls nn.MultiheadAttention with its default
need_weights=True, whose explicit softmax turns an all-masked row into NaN. With need_weights=False, torch 2.13 routes
through scaled_dot_product_attention, whose softmax gives such a row zero weights, i.e. the contract's bo: so a whole
nn.TransformerEncoderLayer (which passes need_weights=False) is right here, and I moved the entry I had first written as
wrong (the whole encoder layer "giving NaN") to the right dict as
blind84_right_transformer_layer_whole_encoder_layer_functional_call. That right entry depends on this torch behaviour
(older torch versions give NaN there); the other module-based right entries replace such queries' output by bo
themselves and do not depend on it. blind84_right_layer_norm_module_functional_call_rows differs from the model's
gradient in float32 only where both are rounding noise (D = 1, whose true gradient is 0; D = 2 at scale 100), as
compared with a float64 reference. Several wrong entries differ only on inputs the visible tests seem not to try:
patch_embedding_conv_kernel_read_channels_last needs C > 1, decoder_layer_one_norm_module_for_three_steps and
transformer_layer_block_class_norms_never_loaded need norms other than ones/zeros, decoder_step_nn_gru_reads_batch_as_
sequence needs a batch of two or more, average_pool_head_avgpool1d_module_one_batch_axis_only two batch axes;
additive_attention_key_layer_on_untransposed_states and channel_attention_linear_modules_on_channel_rows raise on
most shapes and are wrong in value only when the sizes coincide. Dropped: an embed with max_norm module (the
functional max_norm idea is in blind19), an RMSNorm layer norm and a GroupNorm(1) layer norm (in earlier batches), an
nn.TransformerDecoderLayer with tgt_is_causal and no mask (it raises, torch requires the mask). Fewer entries than
asked (37 / 22 instead of about 55 / 35, the task paragraph's 35 / 25): the time box; none of the right entries is one
I was unsure of.

Counts: 37 wrong, 22 right.
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 2, 'average_pool_head': 2, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 2, 'feed_forward': 2, 'grid_attention': 1, 'layer_norm': 3, 'linear': 4, 'multi_head_attention': 6, 'patch_embedding': 3, 'patch_merging': 1, 'self_attention': 2, 'transformer_layer': 3}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 2, 'grid_attention': 1, 'layer_norm': 2, 'linear': 2, 'multi_head_attention': 2, 'patch_embedding': 1, 'patch_merging': 1, 'self_attention': 1, 'transformer_layer': 3}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_84 = {
    # ------------------------------------------------------------------ attention.linear
    # The caller's W and b are put into an nn.Linear through `.data`: the module's parameters now share their storage,
    # but autograd sees new leaves, so no gradient reaches W or b. linear(X, W, b).sum().backward() with W, b
    # requiring grad: model W.grad is X.sum(-1) broadcast (nonzero), entry W.grad is None. Passes the visible tests.
    "blind84_linear_module_weight_set_through_data": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            layer = nn.Linear(W.shape[1], W.shape[0])
            layer.weight.data = W                      # load the given weights into the layer
            layer.bias.data = b
            return layer(X.transpose(-2, -1)).transpose(-2, -1)
'''),
    # The nn.Linear is built once per (D_in, D_out) and its weights loaded on that first call only ("don't rebuild
    # modules in the hot loop"): a later call with other weights of the same shapes gets the first call's weights.
    # linear(X, W1, b1) then linear(X, W2, b2): the second result equals W1 X + b1 (model W2 X + b2). Fails the visible
    # tests.
    "blind84_linear_module_cached_by_shape_with_first_weights": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            cache = globals().setdefault("_linear_layers", {})
            key = (W.shape[1], W.shape[0], W.dtype)
            if key not in cache:
                layer = nn.Linear(W.shape[1], W.shape[0], device="meta")
                del layer.weight, layer.bias
                layer.weight, layer.bias = W, b
                cache[key] = layer
            return cache[key](X.transpose(-2, -1)).transpose(-2, -1)
'''),
    # The module is built in the default float32 and the input cast to it, the result cast back: a float64 call is
    # computed in float32. linear on float64 X (8, 5), W (6, 8): entry differs from the model by about 1e-7
    # (float64 accuracy is about 1e-15). Passes the visible tests.
    "blind84_linear_float32_module_float64_input_cast": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            layer = nn.Linear(W.shape[1], W.shape[0], dtype=torch.float32)
            del layer.weight, layer.bias
            layer.weight, layer.bias = W.float(), b.float()
            return layer(X.float().transpose(-2, -1)).transpose(-2, -1).to(X.dtype)
'''),
    # `.double()` on the module "for precision", and the input cast to float64 to match: a float32 call returns
    # float64. linear(float32 X, W, b).dtype: entry torch.float64, model torch.float32. Passes the visible tests.
    "blind84_linear_module_always_double": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            layer = nn.Linear(W.shape[1], W.shape[0], device="meta").double()
            rows = functional_call(layer, {"weight": W.double(), "bias": b.double()}, (X.double().transpose(-2, -1),))
            return rows.transpose(-2, -1)
'''),
}
WRONG_BLIND_84.update({
    # ------------------------------------------------------------------ attention.self_attention
    # Each projection is an nn.Linear whose weight and bias are replaced by nn.Parameter(W): a Parameter made from a
    # tensor is a new leaf (it detaches), so the caller's Wq, bq, ... get no gradient. self_attention(X, ...)[0].sum()
    # .backward(): model Wq.grad nonzero, entry Wq.grad None. Passes the visible tests.
    "blind84_self_attention_projections_wrapped_in_new_parameters": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            from torch import nn
            def projection(W, b):
                layer = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
                layer.weight = nn.Parameter(W)
                layer.bias = nn.Parameter(b)
                return layer
            rows = X.transpose(-2, -1)
            Q, K, V = (projection(W, b)(rows).transpose(-2, -1) for W, b in ((Wq, bq), (Wk, bk), (Wv, bv)))
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The three projection modules are cached by id(Wq) and hold copies of the weights made on the first call: when
    # the caller updates its weights in place (an optimiser step) the next call still uses the old copies. Call,
    # then `with torch.no_grad(): Wv.add_(1.0)`, call again: entry output unchanged, model output shifted by the
    # column sums of the change. Also no gradient reaches the weights (copies under no_grad). Passes the visible tests.
    "blind84_self_attention_projection_modules_cached_by_weight_id": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            from torch import nn
            cache = globals().setdefault("_projection_cache", {})
            key = (id(Wq), id(Wk), id(Wv))
            if key not in cache:
                layers = []
                for W, b in ((Wq, bq), (Wk, bk), (Wv, bv)):
                    layer = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
                    with torch.no_grad():
                        layer.weight.copy_(W)
                        layer.bias.copy_(b)
                    layers.append(layer)
                cache[key] = layers
            rows = X.transpose(-2, -1)
            Q, K, V = (layer(rows).transpose(-2, -1) for layer in cache[key])
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead.multi_head_attention
    # nn.MultiheadAttention built with its default batch_first=False, fed tokens-as-rows batches (B, N, D): the module
    # reads them as (L, N, E), so it attends across the batch items at each position instead of across the tokens.
    # Xq = Xkv of shape (2, 8, 5), 2 heads: entry differs from the model in every column (with B = 1 it attends one
    # item to itself only). Fails the visible tests.
    "blind84_mha_module_batch_first_left_false": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            mha = nn.MultiheadAttention(dim, num_heads, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            attn_mask = None if mask is None else ~mask.transpose(-2, -1)      # torch: (N_q, N_k), True = blocked
            out, _ = functional_call(mha, weights, (Xq.transpose(-2, -1), Xkv.transpose(-2, -1), Xkv.transpose(-2, -1)),
                                     {"attn_mask": attn_mask, "need_weights": False})
            return out.transpose(-2, -1)
'''),
    # The course mask is inverted for torch (True = blocked) but not transposed: torch's attn_mask is (N_q, N_k), the
    # course's (N_k, N_q). Symmetric masks come out right; a causal mask becomes anti-causal (each query sees itself
    # and the keys after it). multi_head_attention(X, X, params, 2, causal_mask(4)) with D = 4: entry column 0
    # attends to all four keys (model: to key 0 only). Fails the visible tests.
    "blind84_mha_module_mask_inverted_not_transposed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            query = Xq.reshape(-1, D, Nq).transpose(1, 2)
            memory = Xkv.reshape(-1, D, Nk).transpose(1, 2)
            attn_mask = None
            if mask is not None:
                blocked = ~mask.broadcast_to((*batch, Nk, Nq)).reshape(-1, Nk, Nq)   # torch: True = not allowed
                attn_mask = blocked.repeat_interleave(num_heads, dim=0)
            out, _ = functional_call(mha, weights, (query, memory, memory), {"attn_mask": attn_mask, "need_weights": False})
            return out.transpose(1, 2).reshape(Xq.shape)
'''),
    # Right except for a query that sees no key: nn.MultiheadAttention softmaxes a row of -inf into NaN, where the
    # contract gives such a query the output bo. A mask (4, 4) whose column 2 is all False: entry column 2 is NaN
    # (model: bo); the other columns agree. Passes the visible tests.
    "blind84_mha_module_query_seeing_no_key_gives_nan": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            query = Xq.reshape(-1, D, Nq).transpose(1, 2)
            memory = Xkv.reshape(-1, D, Nk).transpose(1, 2)
            attn_mask = None
            if mask is not None:
                blocked = ~mask.broadcast_to((*batch, Nk, Nq)).reshape(-1, Nk, Nq).transpose(1, 2)
                attn_mask = blocked.repeat_interleave(num_heads, dim=0)             # (B*H, N_q, N_k)
            out, _ = functional_call(mha, weights, (query, memory, memory), {"attn_mask": attn_mask})
            return out.transpose(1, 2).reshape(Xq.shape)
'''),
    # The stacked in-projection is loaded with load_state_dict(..., assign=True), "which keeps the tensors instead of
    # copying them": it still wraps each in a new nn.Parameter, a leaf cut off from the caller's tensors, so no
    # gradient reaches Wq ... bo. multi_head_attention(X, X, params, 2).sum().backward(): model params["Wo"].grad
    # nonzero, entry None. Passes the visible tests.
    "blind84_mha_module_loaded_with_assign_state_dict": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, dtype=Xq.dtype)
            mha.load_state_dict({"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                                 "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                                 "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}, assign=True)
            query = Xq.reshape(-1, D, Nq).transpose(1, 2)
            memory = Xkv.reshape(-1, D, Nk).transpose(1, 2)
            attn_mask, blind = None, None
            if mask is not None:
                visible = mask.broadcast_to((*batch, Nk, Nq)).reshape(-1, Nk, Nq)
                blind = ~visible.any(dim=1)
                visible = visible | blind[:, None, :]
                attn_mask = (~visible).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            out = mha(query, memory, memory, attn_mask=attn_mask, need_weights=False)[0]
            if blind is not None:
                out = torch.where(blind[..., None], params["bo"], out)
            return out.transpose(1, 2).reshape(Xq.shape)
'''),
    # nn.MultiheadAttention in its default float32 with every tensor cast to it and the output cast back: a float64 call
    # is computed in float32. Float64 X (2, 8, 5), 2 heads: entry differs from the model by about 1e-7. Fails the
    # visible tests.
    "blind84_mha_float32_module_float64_inputs_cast": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]).float(),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]).float(),
                       "out_proj.weight": params["Wo"].float(), "out_proj.bias": params["bo"].float()}
            query = Xq.float().reshape(-1, D, Nq).transpose(1, 2)
            memory = Xkv.float().reshape(-1, D, Nk).transpose(1, 2)
            attn_mask, blind = None, None
            if mask is not None:
                visible = mask.broadcast_to((*batch, Nk, Nq)).reshape(-1, Nk, Nq)
                blind = ~visible.any(dim=1)
                visible = visible | blind[:, None, :]
                attn_mask = (~visible).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            out, _ = functional_call(mha, weights, (query, memory, memory), {"attn_mask": attn_mask, "need_weights": False})
            if blind is not None:
                out = torch.where(blind[..., None], weights["out_proj.bias"], out)
            return out.transpose(1, 2).reshape(Xq.shape).to(Xq.dtype)
'''),
    # functools.reduce over the heads, each head adding its slice of Wo times its output -- and bo, so bo is added
    # num_heads times. Any input with bo != 0 and H >= 2: entry = model + (H - 1) * bo in every column. Fails the
    # visible tests.
    "blind84_mha_reduce_over_heads_adds_bo_per_head": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import functools
            size = dim // num_heads
            def head(h):
                rows = slice(h * size, (h + 1) * size)
                Q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                K = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                V = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                return linear(out, params["Wo"][:, rows], params["bo"])      # this head's share of the output
            return functools.reduce(lambda total, h: total + head(h), range(1, num_heads), head(0))
'''),
})
WRONG_BLIND_84.update({
    # ------------------------------------------------------------------ transformer_layer.layer_norm
    # nn.LayerNorm loaded with load_state_dict: the state dict is copied into the module's own parameters under
    # no_grad, so gamma and beta get no gradient (X still does). layer_norm(X, gamma, beta).pow(2).sum().backward():
    # model gamma.grad nonzero, entry None. Passes the visible tests.
    "blind84_layer_norm_module_loaded_by_state_dict": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch import nn
            norm = nn.LayerNorm(X.shape[-2], eps=eps, dtype=X.dtype)
            norm.load_state_dict({"weight": gamma, "bias": beta})
            return norm(X.transpose(-2, -1)).transpose(-2, -1)
'''),
    # The module is built as nn.LayerNorm(D): its eps stays at the module default 1e-5 whatever eps the caller gives.
    # Right at the default eps; layer_norm(X, ones, zeros, eps=1.0) on X of scale 1: entry column std ~1.0, model
    # ~0.7 (1/sqrt(1 + 1)). Fails the visible tests.
    "blind84_layer_norm_module_eps_left_at_module_default": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch import nn
            from torch.func import functional_call
            norm = nn.LayerNorm(X.shape[-2], device="meta")
            rows = functional_call(norm, {"weight": gamma, "bias": beta}, (X.transpose(-2, -1),))
            return rows.transpose(-2, -1)
'''),
    # The row convention crossed: nn.LayerNorm(N) (without affine) applied to X as it is normalises each feature row
    # over the tokens, then gamma and beta scale the rows. X (4, 6): entry rows have mean 0, model columns do.
    # Fails the visible tests.
    "blind84_layer_norm_module_normalises_rows_over_tokens": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch import nn
            norm = nn.LayerNorm(X.shape[-1], eps=eps, elementwise_affine=False)
            return gamma[:, None] * norm(X) + beta[:, None]
'''),
    # ------------------------------------------------------------------ transformer_layer.feed_forward
    # nn.Sequential(Linear, ReLU, Linear) filled with copy_ under torch.no_grad(): the values are right but the
    # copies end the graph, so W1, b1, W2, b2 get no gradient. feed_forward(...).sum().backward(): model W2.grad
    # nonzero, entry None. Passes the visible tests.
    "blind84_feed_forward_sequential_filled_by_copy_under_no_grad": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch import nn
            hidden, width = W1.shape
            mlp = nn.Sequential(nn.Linear(width, hidden), nn.ReLU(), nn.Linear(hidden, width)).to(X.dtype)
            with torch.no_grad():
                mlp[0].weight.copy_(W1)
                mlp[0].bias.copy_(b1)
                mlp[2].weight.copy_(W2)
                mlp[2].bias.copy_(b2)
            return mlp(X.transpose(-2, -1)).transpose(-2, -1)
'''),
    # Only the weights are copied into the two nn.Linear layers; their biases stay at the modules' random default
    # initialisation, and b1, b2 are never used. Any input: entry differs from the model (and varies with torch's
    # global seed). Fails the visible tests.
    "blind84_feed_forward_module_default_biases_left": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch import nn
            hidden, width = W1.shape
            first = nn.Linear(width, hidden, dtype=X.dtype)
            second = nn.Linear(hidden, width, dtype=X.dtype)
            del first.weight, second.weight
            first.weight, second.weight = W1, W2
            rows = X.transpose(-2, -1)
            return second(torch.relu(first(rows))).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ transformer_layer.transformer_layer
    # nn.TransformerEncoderLayer built without dropout=0.0: its default dropout 0.1 is active, since a new module is
    # in training mode. Any input: the entry's output is random (two calls differ), model deterministic. Fails the
    # visible tests.
    "blind84_transformer_layer_encoder_layer_default_dropout_active": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            from torch.func import functional_call
            *batch, D, N = X.shape
            layer = nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0],
                                               batch_first=True, norm_first=norm_first, device="meta")
            weights = {"self_attn.in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "self_attn.in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "self_attn.out_proj.weight": params["Wo"], "self_attn.out_proj.bias": params["bo"],
                       "linear1.weight": params["W1"], "linear1.bias": params["b1"],
                       "linear2.weight": params["W2"], "linear2.bias": params["b2"],
                       "norm1.weight": params["gamma1"], "norm1.bias": params["beta1"],
                       "norm2.weight": params["gamma2"], "norm2.bias": params["beta2"]}
            src_mask = None
            if mask is not None:
                src_mask = (~mask.broadcast_to((*batch, N, N)).reshape(-1, N, N).transpose(1, 2)).repeat_interleave(num_heads, dim=0)
            rows = X.reshape(-1, D, N).transpose(1, 2)
            return functional_call(layer, weights, (rows,), {"src_mask": src_mask}).transpose(1, 2).reshape(X.shape)
'''),
    # A small nn.Module class holds the two layer norms as nn.LayerNorm submodules, but gamma1/beta1/gamma2/beta2 are
    # never loaded into them: the modules keep their default ones and zeros. Right only when every gamma is 1 and
    # every beta 0; random gammas and betas: entry differs from the model in every column. Passes the visible tests.
    "blind84_transformer_layer_block_class_norms_never_loaded": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            class EncoderBlock(nn.Module):
                def __init__(self, width):
                    super().__init__()
                    self.norm1 = nn.LayerNorm(width, dtype=X.dtype)
                    self.norm2 = nn.LayerNorm(width, dtype=X.dtype)
                def forward(self, Y):
                    def norm(module, Z):
                        return module(Z.transpose(-2, -1)).transpose(-2, -1)
                    attend = lambda Z: multi_head_attention(Z, Z, params, num_heads, mask)
                    think = lambda Z: feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"])
                    if norm_first:
                        Y = Y + attend(norm(self.norm1, Y))
                        return Y + think(norm(self.norm2, Y))
                    Y = norm(self.norm1, Y + attend(Y))
                    return norm(self.norm2, Y + think(Y))
            return EncoderBlock(X.shape[-2])(X)
'''),
    # The nn.TransformerEncoderLayer is built and loaded once per (D, H, F, norm_first) and kept in a module-level
    # cache: later calls with new params of the same shapes run the first call's weights. Two calls with different
    # random params: the second entry result equals the first params' layer (model: the second's). Passes the visible
    # tests.
    "blind84_transformer_layer_encoder_layer_cached_with_first_params": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            *batch, D, N = X.shape
            key = (D, num_heads, params["W1"].shape[0], norm_first, X.dtype)
            cache = globals().setdefault("_encoder_layers", {})
            if key not in cache:
                layer = nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0], dropout=0.0,
                                                   batch_first=True, norm_first=norm_first, dtype=X.dtype)
                layer.load_state_dict({
                    "self_attn.in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                    "self_attn.in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                    "self_attn.out_proj.weight": params["Wo"], "self_attn.out_proj.bias": params["bo"],
                    "linear1.weight": params["W1"], "linear1.bias": params["b1"],
                    "linear2.weight": params["W2"], "linear2.bias": params["b2"],
                    "norm1.weight": params["gamma1"], "norm1.bias": params["beta1"],
                    "norm2.weight": params["gamma2"], "norm2.bias": params["beta2"]})
                cache[key] = layer
            layer = cache[key]
            src_mask, blind = None, None
            if mask is not None:
                visible = mask.broadcast_to((*batch, N, N)).reshape(-1, N, N)
                blind = ~visible.any(dim=1)
                src_mask = (~(visible | blind[:, None, :])).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            rows = X.reshape(-1, D, N).transpose(1, 2)
            return layer(rows, src_mask=src_mask).transpose(1, 2).reshape(X.shape)
'''),
})
WRONG_BLIND_84.update({
    # ------------------------------------------------------------------ cross_attention.cross_attention
    # enc_mask is always passed as nn.MultiheadAttention's key_padding_mask, built from its first query column: right
    # for a padding mask (B, N_e, 1), wrong for a mask that differs between decoder queries. enc_mask (2, 5, 3) with
    # column 0 all True and columns 1, 2 half False: entry columns 1 and 2 see every key (model: only the visible).
    # Passes the visible tests.
    "blind84_cross_attention_enc_mask_used_as_key_padding_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nd = X_dec.shape
            Ne = X_enc.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            query = X_dec.reshape(-1, D, Nd).transpose(1, 2)
            memory = X_enc.reshape(-1, D, Ne).transpose(1, 2)
            padding = None
            if enc_mask is not None:
                keys_visible = enc_mask.broadcast_to((*batch, Ne, Nd))[..., 0].reshape(-1, Ne)   # (B, N_e)
                padding = ~keys_visible                                                       # True = padded
            out, _ = functional_call(mha, weights, (query, memory, memory),
                                     {"key_padding_mask": padding, "need_weights": False})
            return out.transpose(1, 2).reshape(X_dec.shape)
'''),
    # nn.MultiheadAttention(D, H, bias=False) "because the projections are plain matrices": bq, bk, bv are dropped
    # (and the out-projection bias bo with them). Any params with nonzero biases: entry differs from the model in every
    # column. Passes the visible tests.
    "blind84_cross_attention_module_built_without_biases": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nd = X_dec.shape
            Ne = X_enc.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, bias=False, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "out_proj.weight": params["Wo"]}
            query = X_dec.reshape(-1, D, Nd).transpose(1, 2)
            memory = X_enc.reshape(-1, D, Ne).transpose(1, 2)
            attn_mask, blind = None, None
            if enc_mask is not None:
                visible = enc_mask.broadcast_to((*batch, Ne, Nd)).reshape(-1, Ne, Nd)
                blind = ~visible.any(dim=1)
                attn_mask = (~(visible | blind[:, None, :])).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            out, _ = functional_call(mha, weights, (query, memory, memory), {"attn_mask": attn_mask, "need_weights": False})
            if blind is not None:
                out = out.masked_fill(blind[..., None], 0.0)
            return out.transpose(1, 2).reshape(X_dec.shape)
'''),
    # ------------------------------------------------------------------ cross_attention.decoder_layer
    # nn.TransformerDecoderLayer with the course's causal mask inverted for torch but not transposed: torch reads
    # (N_q, N_k), so every decoder token attends to itself and the tokens after it. Any X_dec with N_d >= 2: entry
    # differs from the model in every column but the last. Fails the visible tests.
    "blind84_decoder_layer_module_causal_mask_not_transposed": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nd = X_dec.shape
            Ne = X_enc.shape[-1]
            layer = nn.TransformerDecoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0], dropout=0.0,
                                               batch_first=True, device="meta")
            weights = {"linear1.weight": params["W1"], "linear1.bias": params["b1"],
                       "linear2.weight": params["W2"], "linear2.bias": params["b2"]}
            for i in (1, 2, 3):
                weights[f"norm{i}.weight"] = params[f"gamma{i}"]
                weights[f"norm{i}.bias"] = params[f"beta{i}"]
            for module, p in (("self_attn", params["self_attn"]), ("multihead_attn", params["cross_attn"])):
                weights[f"{module}.in_proj_weight"] = torch.cat([p["Wq"], p["Wk"], p["Wv"]])
                weights[f"{module}.in_proj_bias"] = torch.cat([p["bq"], p["bk"], p["bv"]])
                weights[f"{module}.out_proj.weight"] = p["Wo"]
                weights[f"{module}.out_proj.bias"] = p["bo"]
            tgt_mask = ~causal_mask(Nd)                       # torch wants True where attention is not allowed
            memory_mask = None
            if enc_mask is not None:
                memory_mask = (~enc_mask.broadcast_to((*batch, Ne, Nd)).reshape(-1, Ne, Nd).transpose(1, 2)).repeat_interleave(num_heads, dim=0)
            x = X_dec.reshape(-1, D, Nd).transpose(1, 2)
            memory = X_enc.reshape(-1, D, Ne).transpose(1, 2)
            out = functional_call(layer, weights, (x, memory), {"tgt_mask": tgt_mask, "memory_mask": memory_mask})
            return out.transpose(1, 2).reshape(X_dec.shape)
'''),
    # One nn.LayerNorm module, loaded with gamma1/beta1, is reused for all three residual steps ("the norms are all
    # LayerNorm(D)"): gamma2, beta2, gamma3, beta3 are never used. Params whose three gammas/betas differ: entry
    # differs from the model in every column. Passes the visible tests.
    "blind84_decoder_layer_one_norm_module_for_three_steps": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            norm = nn.LayerNorm(X_dec.shape[-2], eps=1e-5, device="meta")
            del norm.weight, norm.bias
            norm.weight, norm.bias = params["gamma1"], params["beta1"]
            def add_norm(X, Y):
                return norm((X + Y).transpose(-2, -1)).transpose(-2, -1)
            X = X_dec
            X = add_norm(X, multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1])))
            X = add_norm(X, cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask))
            X = add_norm(X, feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]))
            return X
'''),
    # ------------------------------------------------------------------ patch_embedding.patch_embedding
    # The (D, C*P*P) projection is reshaped into the nn.Conv2d kernel as (D, P, P, C), channels last (a port from a
    # channels-last code base), then permuted to (D, C, P, P): the contract's columns are (channel, row, column).
    # Images (2, 3, 4, 4), P = 2: entry differs from the model (equal only when C = 1). Passes the visible tests.
    "blind84_patch_embedding_conv_kernel_read_channels_last": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            from torch import nn
            from torch.func import functional_call
            B, C = images.shape[:2]
            D, P = W.shape[0], patch_size
            conv = nn.Conv2d(C, D, P, stride=P, device="meta")
            kernel = W.reshape(D, P, P, C).permute(0, 3, 1, 2)
            grid = functional_call(conv, {"weight": kernel, "bias": b}, (images,))   # (B, D, H/P, W/P)
            tokens = grid.flatten(2)
            cls_column = cls_token[:, None].expand(B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # The position table goes through nn.Embedding.from_pretrained(positions.T) and is looked up by position index:
    # from_pretrained wraps the table in a new (frozen) Parameter, so the caller's positions get no gradient.
    # patch_embedding(...).sum().backward(): model positions.grad all ones*B, entry None. Passes the visible tests.
    "blind84_patch_embedding_positions_from_pretrained_embedding": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            from torch import nn
            tokens = linear(patchify(images, patch_size), W, b)                   # (B, D, N)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            sequence = torch.cat([cls_column, tokens], dim=-1)                   # (B, D, N + 1)
            table = nn.Embedding.from_pretrained(positions.transpose(0, 1))     # (N + 1, D)
            index = torch.arange(sequence.shape[-1])
            return sequence + table(index).transpose(0, 1)
'''),
    # nn.Conv2d(C, D, P, stride=P) with only its weight replaced: the module's own randomly initialised bias stays, and
    # b is added after it. Any input: entry = model + the conv's random bias in every patch column. Fails the visible
    # tests.
    "blind84_patch_embedding_conv_default_bias_kept_and_b_added": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            from torch import nn
            B, C = images.shape[:2]
            D, P = W.shape[0], patch_size
            conv = nn.Conv2d(C, D, P, stride=P, dtype=images.dtype)
            del conv.weight
            conv.weight = W.reshape(D, C, P, P)
            tokens = conv(images).flatten(2) + b[:, None]
            cls_column = cls_token[:, None].expand(B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
})
WRONG_BLIND_84.update({
    # ------------------------------------------------------------------ rnn_attention.additive_attention
    # W s and U h_i are nn.Linear layers whose weights are swapped for the caller's W and U, but the layers keep
    # their default bias=True, randomly initialised: tanh(W s + U h_i + b_W + b_U) is not the contract's bias-free
    # score. Any input: entry weights differ from the model's (and vary with torch's global seed). Fails the visible
    # tests.
    "blind84_additive_attention_linear_layers_default_biases_left": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            from torch import nn
            query_layer = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
            key_layer = nn.Linear(U.shape[1], U.shape[0], dtype=U.dtype)
            del query_layer.weight, key_layer.weight
            query_layer.weight, key_layer.weight = W, U
            hidden = torch.tanh(key_layer(H.transpose(-2, -1)) + query_layer(s).unsqueeze(-2))   # (..., N, D_a)
            scores = hidden @ v                                                                 # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The key layer nn.Linear(D_h, D_a) is applied to H as it is, (..., D_h, N): it needs rows of D_h, so it runs
    # only when N == D_h == D_a, and then it mixes each state's positions instead of its features (H U^T, not U H).
    # H (5, 5), U (5, 5): entry weights differ from the model; any other sizes raise. Fails the visible tests.
    "blind84_additive_attention_key_layer_on_untransposed_states": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            def layer(weight, x):
                module = nn.Linear(weight.shape[1], weight.shape[0], bias=False, device="meta")
                return functional_call(module, {"weight": weight}, (x,))
            keys = layer(U, H)                                        # (..., D_a, N)
            hidden = torch.tanh(keys + layer(W, s).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # ------------------------------------------------------------------ rnn_attention.attention_decoder_step
    # The nn.GRUCell holds the caller's weights but is called as cell(x) without the hidden state: GRUCell then
    # starts from zeros, so s ignores s_prev (apart from the attention). Any s_prev != 0: entry s differs from the
    # model's. Fails the visible tests.
    "blind84_decoder_step_grucell_called_without_hidden_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = x.shape[:-1]
            cell = nn.GRUCell(x.shape[-1], s_prev.shape[-1], device="meta")
            cell_weights = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
            s = functional_call(cell, cell_weights, (x.reshape(-1, x.shape[-1]),)).reshape(*batch, -1)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # One step of nn.GRU (a sequence module, batch_first=False by default) fed the batch as (B, 1, I): the module reads
    # it as a sequence of B steps of batch 1, so item b's state is computed from item b-1's instead of its own s_prev
    # (only item 0 is right, with h0 = its s_prev). s_prev (3, D_s), y_prev (3, E): entry s[1:] differs from the
    # model; an unbatched call is right. Passes the visible tests.
    "blind84_decoder_step_nn_gru_reads_batch_as_sequence": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = x.shape[:-1]
            D_s = s_prev.shape[-1]
            gru = nn.GRU(x.shape[-1], D_s, num_layers=1, device="meta")
            gru_weights = {"weight_ih_l0": params["weight_ih"], "weight_hh_l0": params["weight_hh"],
                           "bias_ih_l0": params["bias_ih"], "bias_hh_l0": params["bias_hh"]}
            steps = x.reshape(-1, 1, x.shape[-1])                      # (B, 1, I): one time step per item
            h0 = s_prev.expand(*batch, D_s).reshape(1, -1, D_s)[:, :1]  # (num_layers, batch=1, D_s)
            out, _ = functional_call(gru, gru_weights, (steps, h0))
            s = out.reshape(*batch, D_s)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ rnn_attention.grid_attention
    # nn.Softmax2d for "one softmax over the 2-D grid": Softmax2d normalises over dim -3 (channels of a (B, C, H, W)
    # map), here the batch axis of the (B, H, W) scores, so each cell's weights sum to 1 across the batch.
    # s (2, D_s), features (2, C, 3, 3): entry weights sum to 1 over the batch per cell (model: over the grid per item);
    # an unbatched call raises. Fails the visible tests.
    "blind84_grid_attention_softmax2d_module": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            from torch import nn
            keys = torch.einsum("ac,...chw->...ahw", U, features)              # (..., D_a, H, W)
            query = (s @ W.T)[..., :, None, None]                            # (..., D_a, 1, 1)
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))   # (..., H, W)
            weights = nn.Softmax2d()(scores)
            context = (features * weights.unsqueeze(-3)).sum(dim=(-2, -1))
            return weights, context
'''),
    # ------------------------------------------------------------------ imagegpt.average_pool_head
    # The head is nn.Linear(D, K) with the caller's W swapped in; when b is None the module's own randomly
    # initialised bias is left in place, where the contract has no bias. average_pool_head(X, W) (b None): entry =
    # model + a random vector. With b given it is right. Fails the visible tests.
    "blind84_average_pool_head_linear_default_bias_when_b_none": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            from torch import nn
            head = nn.Linear(W.shape[1], W.shape[0], dtype=W.dtype)
            del head.weight
            head.weight = W
            if b is not None:
                del head.bias
                head.bias = b
            return head(X.mean(dim=-1))
'''),
    # nn.AvgPool1d(N) pools the tokens, then nn.Flatten: AvgPool1d accepts only (C, L) or (B, C, L), so X with two or
    # more batch axes (allowed: X (..., D, N)) raises. X (2, 3, 4, 5): entry RuntimeError, model logits (2, 3, K).
    # Passes the visible tests.
    "blind84_average_pool_head_avgpool1d_module_one_batch_axis_only": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            from torch import nn
            pooled = nn.AvgPool1d(kernel_size=X.shape[-1])(X).squeeze(-1)     # (..., D)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # The reduction is nn.Linear(4C, 2C) "as in Swin" with W swapped in, but Swin's reduction has bias=False and this
    # one keeps its randomly initialised default bias. Any input: entry = model + a random (2C,) vector per token.
    # Fails the visible tests.
    "blind84_patch_merging_reduction_default_bias_left": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3).movedim(-3, -1)                  # (..., H/2, W/2, 4C)
            norm = nn.LayerNorm(4 * channels, eps=eps, device="meta")
            normed = functional_call(norm, {"weight": gamma, "bias": beta}, (merged,))
            reduction = nn.Linear(4 * channels, 2 * channels, dtype=X.dtype)
            del reduction.weight
            reduction.weight = W
            return reduction(normed).movedim(-1, -3)
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # The projections are nn.Linear(C, C) modules applied to X as it is, (..., C, N): a Linear acts on the last axis,
    # so it runs only when N == C and then projects each channel's row of tokens (X W^T) instead of each token's
    # channels (W X). X (4, 4), 2 groups: entry differs from the model; N != C raises. Fails the visible tests.
    "blind84_channel_attention_linear_modules_on_channel_rows": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            def project(name, Y):
                layer = nn.Linear(channels, channels, device="meta")
                return functional_call(layer, {"weight": params["W" + name], "bias": params["b" + name]}, (Y,))
            Q = split_heads(project("q", X), num_groups)
            K = split_heads(project("k", X), num_groups)
            V = split_heads(project("v", X), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return project("o", merge_heads(weights.transpose(-2, -1) @ V))
'''),
    # nn.Softmax() without dim: the legacy implicit dim picks axis 0 for a 3-D input and axis 1 otherwise, here the
    # group axis of the (..., G, C/G, C/G) scores, not the key axis -2 (a UserWarning says so). X (8, 5) with 2
    # groups: entry weights sum to 1 over the groups (model: over the keys of each group). Fails the visible tests.
    "blind84_channel_attention_softmax_module_implicit_dim": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from torch import nn
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = nn.Softmax()(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
})
RIGHT_BLIND_84 = {
    # ------------------------------------------------------------------ attention.linear
    # An nn.Linear built on the meta device (shapes only: no allocation, no draw from torch's global generator) and
    # called with torch.func.functional_call on the caller's W and b: the call runs on those very tensors.
    "blind84_right_linear_meta_module_functional_call": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            layer = nn.Linear(W.shape[1], W.shape[0], device="meta")
            rows = functional_call(layer, {"weight": W, "bias": b}, (X.transpose(-2, -1),))   # tokens as rows
            return rows.transpose(-2, -1)
'''),
    # The module's own parameters are deleted and the caller's tensors set as plain attributes (a Parameter would
    # detach them); nn.Linear.forward reads self.weight and self.bias, so autograd reaches W and b.
    "blind84_right_linear_module_parameters_replaced_by_caller_tensors": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            from torch import nn
            layer = nn.Linear(W.shape[1], W.shape[0], device="meta")
            del layer.weight, layer.bias
            layer.weight, layer.bias = W, b
            return layer(X.mT).mT
'''),
    # ------------------------------------------------------------------ attention.self_attention
    # Three meta nn.Linear projections through functional_call, then the course's attention.
    "blind84_right_self_attention_projection_modules_functional_call": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            from torch import nn
            from torch.func import functional_call
            rows = X.transpose(-2, -1)
            def project(W, b):
                layer = nn.Linear(W.shape[1], W.shape[0], device="meta")
                return functional_call(layer, {"weight": W, "bias": b}, (rows,)).transpose(-2, -1)
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # ------------------------------------------------------------------ multihead.multi_head_attention
    # nn.MultiheadAttention (batch_first) via functional_call on the stacked in-projection; the course mask is
    # broadcast, flattened, inverted and transposed to torch's (B*H, N_q, N_k) with heads interleaved per item;
    # a query that sees no key is given every key (no NaN) and its output replaced by bo.
    "blind84_right_mha_nn_module_mask_converted_blind_queries_bo": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            mha = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            query = Xq.reshape(-1, D, Nq).transpose(1, 2)                     # (B, N_q, D)
            memory = Xkv.reshape(-1, D, Nk).transpose(1, 2)                   # (B, N_k, D)
            attn_mask, blind = None, None
            if mask is not None:
                visible = mask.broadcast_to((*batch, Nk, Nq)).reshape(-1, Nk, Nq)
                blind = ~visible.any(dim=1)                                    # (B, N_q): sees no key
                visible = visible | blind[:, None, :]
                attn_mask = (~visible).transpose(1, 2).repeat_interleave(num_heads, dim=0)   # True = blocked
            out, _ = functional_call(mha, weights, (query, memory, memory),
                                     {"attn_mask": attn_mask, "need_weights": False})
            if blind is not None:
                out = torch.where(blind[..., None], params["bo"], out)
            return out.transpose(1, 2).reshape(Xq.shape)
'''),
    # functools.reduce over the heads: each head projects with its rows of Wq, Wk, Wv, attends, and adds its columns
    # of Wo times its output to the running sum, which starts at bo (added once).
    "blind84_right_mha_reduce_over_heads_from_bo": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import functools
            size = dim // num_heads
            def add_head(total, h):
                rows = slice(h * size, (h + 1) * size)
                Q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                K = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                V = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                return total + params["Wo"][:, rows] @ out
            return functools.reduce(add_head, range(num_heads), params["bo"][:, None])
'''),
    # ------------------------------------------------------------------ transformer_layer.layer_norm
    # nn.LayerNorm(D, eps) on the tokens as rows, its weight and bias supplied by functional_call.
    "blind84_right_layer_norm_module_functional_call_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch import nn
            from torch.func import functional_call
            norm = nn.LayerNorm(X.shape[-2], eps=eps, device="meta")
            rows = functional_call(norm, {"weight": gamma, "bias": beta}, (X.movedim(-2, -1),))
            return rows.movedim(-1, -2)
'''),
    # nn.LayerNorm without affine parameters (nothing to load, dtype follows the input), then gamma and beta as columns.
    "blind84_right_layer_norm_module_without_affine_then_columns": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch import nn
            norm = nn.LayerNorm(X.shape[-2], eps=eps, elementwise_affine=False)
            normalised = norm(X.transpose(-2, -1)).transpose(-2, -1)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # ------------------------------------------------------------------ transformer_layer.feed_forward
    # nn.Sequential(Linear, ReLU, Linear) on the meta device, its four parameters supplied by functional_call.
    "blind84_right_feed_forward_meta_sequential_functional_call": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch import nn
            from torch.func import functional_call
            hidden, width = W1.shape
            mlp = nn.Sequential(nn.Linear(width, hidden, device="meta"), nn.ReLU(),
                                nn.Linear(hidden, width, device="meta"))
            weights = {"0.weight": W1, "0.bias": b1, "2.weight": W2, "2.bias": b2}
            return functional_call(mlp, weights, (X.transpose(-2, -1),)).transpose(-2, -1)
'''),
    # A small nn.Module holding the caller's tensors as plain attributes (not Parameters), forward in columns.
    "blind84_right_feed_forward_module_class_plain_attributes": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch import nn
            class PositionwiseFeedForward(nn.Module):
                def __init__(self, W1, b1, W2, b2):
                    super().__init__()
                    self.W1, self.b1, self.W2, self.b2 = W1, b1, W2, b2
                def forward(self, X):
                    hidden = torch.relu(self.W1 @ X + self.b1[:, None])
                    return self.W2 @ hidden + self.b2[:, None]
            return PositionwiseFeedForward(W1, b1, W2, b2)(X)
'''),
    # ------------------------------------------------------------------ transformer_layer.transformer_layer
    # A block class with nn.LayerNorm submodules, called through functional_call with gamma1/beta1/gamma2/beta2; the
    # attention and the FFN are the course's functions.
    "blind84_right_transformer_layer_block_class_functional_call": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            from torch.func import functional_call
            class EncoderBlock(nn.Module):
                def __init__(self, width):
                    super().__init__()
                    self.norm1 = nn.LayerNorm(width, eps=1e-5, device="meta")
                    self.norm2 = nn.LayerNorm(width, eps=1e-5, device="meta")
                def forward(self, Y):
                    def norm(module, Z):
                        return module(Z.transpose(-2, -1)).transpose(-2, -1)
                    attend = lambda Z: multi_head_attention(Z, Z, params, num_heads, mask)
                    think = lambda Z: feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"])
                    if norm_first:
                        Y = Y + attend(norm(self.norm1, Y))
                        return Y + think(norm(self.norm2, Y))
                    Y = norm(self.norm1, Y + attend(Y))
                    return norm(self.norm2, Y + think(Y))
            weights = {"norm1.weight": params["gamma1"], "norm1.bias": params["beta1"],
                       "norm2.weight": params["gamma2"], "norm2.bias": params["beta2"]}
            return functional_call(EncoderBlock(X.shape[-2]), weights, (X,))
'''),
    # nn.TransformerEncoderLayer's submodules (self_attn, linear1, linear2, norm1, norm2) called one by one through
    # functional_call, so a query that sees no key can get bo as its attention output (the whole layer would give NaN).
    "blind84_right_transformer_layer_encoder_layer_submodules": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            from torch.func import functional_call
            *batch, D, N = X.shape
            layer = nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0], dropout=0.0,
                                               batch_first=True, norm_first=norm_first, device="meta")
            def call(name, weights, *args, **kwargs):
                return functional_call(layer.get_submodule(name), weights, args, kwargs)
            attn_weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                            "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                            "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            attn_mask, blind = None, None
            if mask is not None:
                visible = mask.broadcast_to((*batch, N, N)).reshape(-1, N, N)
                blind = ~visible.any(dim=1)
                attn_mask = (~(visible | blind[:, None, :])).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            def attend(Y):
                out = call("self_attn", attn_weights, Y, Y, Y, attn_mask=attn_mask, need_weights=False)[0]
                return out if blind is None else torch.where(blind[..., None], params["bo"], out)
            def think(Y):
                hidden = torch.relu(call("linear1", {"weight": params["W1"], "bias": params["b1"]}, Y))
                return call("linear2", {"weight": params["W2"], "bias": params["b2"]}, hidden)
            def norm(i, Y):
                return call(f"norm{i}", {"weight": params[f"gamma{i}"], "bias": params[f"beta{i}"]}, Y)
            x = X.reshape(-1, D, N).transpose(1, 2)
            if layer.norm_first:
                x = x + attend(norm(1, x))
                x = x + think(norm(2, x))
            else:
                x = norm(1, x + attend(x))
                x = norm(2, x + think(x))
            return x.transpose(1, 2).reshape(X.shape)
'''),
}
RIGHT_BLIND_84.update({
    # The whole nn.TransformerEncoderLayer (dropout=0.0, batch_first, norm_first forwarded) through functional_call,
    # the course mask inverted and transposed to (B*H, N_q, N_k). The layer calls its attention with
    # need_weights=False, whose softmax gives a query that sees no key zero weights (attention output bo), as the
    # contract asks.
    "blind84_right_transformer_layer_whole_encoder_layer_functional_call": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from torch import nn
            from torch.func import functional_call
            *batch, D, N = X.shape
            layer = nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0], dropout=0.0,
                                               batch_first=True, norm_first=norm_first, device="meta")
            weights = {"self_attn.in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "self_attn.in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "self_attn.out_proj.weight": params["Wo"], "self_attn.out_proj.bias": params["bo"],
                       "linear1.weight": params["W1"], "linear1.bias": params["b1"],
                       "linear2.weight": params["W2"], "linear2.bias": params["b2"],
                       "norm1.weight": params["gamma1"], "norm1.bias": params["beta1"],
                       "norm2.weight": params["gamma2"], "norm2.bias": params["beta2"]}
            src_mask = None
            if mask is not None:
                src_mask = (~mask.broadcast_to((*batch, N, N)).reshape(-1, N, N).transpose(1, 2)).repeat_interleave(num_heads, dim=0)
            rows = X.reshape(-1, D, N).transpose(1, 2)
            return functional_call(layer, weights, (rows,), {"src_mask": src_mask}).transpose(1, 2).reshape(X.shape)
'''),
    # ------------------------------------------------------------------ cross_attention.cross_attention
    # nn.MultiheadAttention with an additive float mask (0 visible, -inf hidden, in the query's dtype), transposed to
    # torch's (N_q, N_k); decoder queries that see no encoder key attend freely and are then set to bo.
    "blind84_right_cross_attention_nn_module_additive_float_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nd = X_dec.shape
            Ne = X_enc.shape[-1]
            attention = nn.MultiheadAttention(D, num_heads, batch_first=True, device="meta")
            weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
                       "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
            decoder_rows = X_dec.reshape(-1, D, Nd).transpose(1, 2)
            encoder_rows = X_enc.reshape(-1, D, Ne).transpose(1, 2)
            attn_mask, unseen = None, None
            if enc_mask is not None:
                visible = enc_mask.broadcast_to((*batch, Ne, Nd)).reshape(-1, Ne, Nd).transpose(1, 2)   # (B, N_d, N_e)
                unseen = ~visible.any(dim=-1, keepdim=True)                                            # (B, N_d, 1)
                visible = visible | unseen
                additive = torch.zeros(visible.shape, dtype=decoder_rows.dtype).masked_fill(~visible, float("-inf"))
                attn_mask = additive.repeat_interleave(num_heads, dim=0)
            out, _ = functional_call(attention, weights, (decoder_rows, encoder_rows, encoder_rows),
                                     {"attn_mask": attn_mask, "need_weights": False})
            if unseen is not None:
                out = torch.where(unseen, params["bo"], out)
            return out.transpose(1, 2).reshape(X_dec.shape)
'''),
    # ------------------------------------------------------------------ cross_attention.decoder_layer
    # nn.TransformerDecoderLayer's submodules called one by one through functional_call: the causal mask from
    # nn.Transformer.generate_square_subsequent_mask in the input's dtype, the encoder mask converted, decoder tokens
    # that see no encoder key given bo as their cross-attention output.
    "blind84_right_decoder_layer_nn_decoder_layer_submodules": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch import nn
            from torch.func import functional_call
            *batch, D, Nd = X_dec.shape
            Ne = X_enc.shape[-1]
            layer = nn.TransformerDecoderLayer(D, num_heads, dim_feedforward=params["W1"].shape[0], dropout=0.0,
                                               batch_first=True, device="meta")
            def attention_weights(p):
                return {"in_proj_weight": torch.cat([p["Wq"], p["Wk"], p["Wv"]]),
                        "in_proj_bias": torch.cat([p["bq"], p["bk"], p["bv"]]),
                        "out_proj.weight": p["Wo"], "out_proj.bias": p["bo"]}
            def call(name, weights, *args, **kwargs):
                return functional_call(layer.get_submodule(name), weights, args, kwargs)
            def norm(i, Y):
                return call(f"norm{i}", {"weight": params[f"gamma{i}"], "bias": params[f"beta{i}"]}, Y)
            x = X_dec.reshape(-1, D, Nd).transpose(1, 2)
            memory = X_enc.reshape(-1, D, Ne).transpose(1, 2)
            causal = nn.Transformer.generate_square_subsequent_mask(Nd, dtype=x.dtype)   # -inf above the diagonal
            attended = call("self_attn", attention_weights(params["self_attn"]), x, x, x,
                            attn_mask=causal, need_weights=False)[0]
            x = norm(1, x + attended)
            memory_mask, blind = None, None
            if enc_mask is not None:
                visible = enc_mask.broadcast_to((*batch, Ne, Nd)).reshape(-1, Ne, Nd)
                blind = ~visible.any(dim=1)
                memory_mask = (~(visible | blind[:, None, :])).transpose(1, 2).repeat_interleave(num_heads, dim=0)
            read = call("multihead_attn", attention_weights(params["cross_attn"]), x, memory, memory,
                        attn_mask=memory_mask, need_weights=False)[0]
            if blind is not None:
                read = torch.where(blind[..., None], params["cross_attn"]["bo"], read)
            x = norm(2, x + read)
            hidden = torch.relu(call("linear1", {"weight": params["W1"], "bias": params["b1"]}, x))
            x = norm(3, x + call("linear2", {"weight": params["W2"], "bias": params["b2"]}, hidden))
            return x.transpose(1, 2).reshape(X_dec.shape)
'''),
    # ------------------------------------------------------------------ patch_embedding.patch_embedding
    # A ViT embedding class: nn.Conv2d (meta) run through functional_call with W reshaped to (D, C, P, P) and b; the
    # [CLS] column and the positions are the caller's tensors used as they are.
    "blind84_right_patch_embedding_module_class_conv_functional_call": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            from torch import nn
            from torch.func import functional_call
            class PatchEmbed(nn.Module):
                def __init__(self, channels, width, patch):
                    super().__init__()
                    self.proj = nn.Conv2d(channels, width, patch, stride=patch, device="meta")
                def forward(self, images):
                    return self.proj(images).flatten(2)                         # (B, D, N), patches row-major
            B, C, height, width = images.shape
            if height % patch_size or width % patch_size:
                raise ValueError(f"H={height}, W={width} must be multiples of patch_size={patch_size}")
            D = W.shape[0]
            embed_patches = PatchEmbed(C, D, patch_size)
            kernel = W.reshape(D, C, patch_size, patch_size)
            tokens = functional_call(embed_patches, {"proj.weight": kernel, "proj.bias": b}, (images,))
            cls_column = cls_token.reshape(1, D, 1).expand(B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ embeddings.embed
    # nn.Embedding (meta) looked up through functional_call with omega_e transposed as its weight: the rows it
    # returns are omega_e's columns, and the gradient reaches omega_e.
    "blind84_right_embed_meta_embedding_functional_call": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            table = nn.Embedding(omega_e.shape[1], omega_e.shape[0], device="meta")
            rows = functional_call(table, {"weight": omega_e.transpose(0, 1)}, (token_ids,))   # (..., N, D)
            return rows.transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ rnn_attention.additive_attention
    # W, U and v as bias-free meta nn.Linear layers through functional_call, tokens as rows; leading axes of s and H
    # broadcast.
    "blind84_right_additive_attention_bias_free_linear_modules": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            def layer(weight, x):
                module = nn.Linear(weight.shape[1], weight.shape[0], bias=False, device="meta")
                return functional_call(module, {"weight": weight}, (x,))
            keys = layer(U, H.transpose(-2, -1))                        # (..., N, D_a)
            query = layer(W, s).unsqueeze(-2)                           # (..., 1, D_a)
            scores = layer(v.unsqueeze(0), torch.tanh(keys + query)).squeeze(-1)   # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # ------------------------------------------------------------------ rnn_attention.attention_decoder_step
    # nn.GRUCell (meta) whose four parameters are deleted and replaced by the caller's tensors as plain attributes;
    # the leading axes are flattened for the cell (it takes (B, I)) and restored.
    "blind84_right_decoder_step_grucell_parameters_replaced": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            from torch import nn
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)                                  # (..., E + D_h)
            batch = x.shape[:-1]
            D_s = s_prev.shape[-1]
            cell = nn.GRUCell(x.shape[-1], D_s, device="meta")
            for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
                delattr(cell, name)
                setattr(cell, name, params[name])
            state = s_prev.expand(*batch, D_s)
            s = cell(x.reshape(-1, x.shape[-1]), state.reshape(-1, D_s)).reshape(*batch, D_s)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # ------------------------------------------------------------------ rnn_attention.grid_attention
    # nn.Flatten and nn.Unflatten modules around the course's additive attention.
    "blind84_right_grid_attention_flatten_unflatten_modules": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            from torch import nn
            height, width = features.shape[-2:]
            cells = nn.Flatten(start_dim=-2)(features)                  # (..., C, H*W), raster order
            weights, context = additive_attention(s, cells, W, U, v)
            return nn.Unflatten(-1, (height, width))(weights), context
'''),
    # ------------------------------------------------------------------ imagegpt.average_pool_head
    # nn.Sequential(AdaptiveAvgPool1d(1), Flatten, Linear) with the Linear's bias present only when b is given, run
    # through functional_call on the leading axes flattened into one.
    "blind84_right_average_pool_head_sequential_bias_only_when_given": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            K, D = W.shape
            head = nn.Sequential(nn.AdaptiveAvgPool1d(1), nn.Flatten(start_dim=1),
                                 nn.Linear(D, K, bias=b is not None, device="meta"))
            weights = {"2.weight": W} if b is None else {"2.weight": W, "2.bias": b}
            logits = functional_call(head, weights, (X.reshape(-1, D, X.shape[-1]),))    # (B, K)
            return logits.reshape(*X.shape[:-2], K)
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # Swin's PatchMerging as a class (channels last, LayerNorm(4C) then a bias-free Linear(4C, 2C)), its parameters
    # supplied by functional_call.
    "blind84_right_patch_merging_swin_class_functional_call": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            class PatchMerging(nn.Module):
                def __init__(self, dim):
                    super().__init__()
                    self.norm = nn.LayerNorm(4 * dim, eps=eps, device="meta")
                    self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False, device="meta")
                def forward(self, x):                                   # x (..., H, W, C)
                    x0 = x[..., 0::2, 0::2, :]
                    x1 = x[..., 1::2, 0::2, :]
                    x2 = x[..., 0::2, 1::2, :]
                    x3 = x[..., 1::2, 1::2, :]
                    return self.reduction(self.norm(torch.cat([x0, x1, x2, x3], dim=-1)))
            merger = PatchMerging(channels)
            weights = {"norm.weight": gamma, "norm.bias": beta, "reduction.weight": W}
            return functional_call(merger, weights, (X.movedim(-3, -1),)).movedim(-1, -3)
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # Q, K, V and the output projection as an nn.ModuleDict of meta Linear layers on the tokens as rows; the groups
    # attend with an nn.Softmax(dim=-2) module.
    "blind84_right_channel_attention_module_dict_projections": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from torch import nn
            from torch.func import functional_call
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            projections = nn.ModuleDict({key: nn.Linear(channels, channels, device="meta") for key in "qkvo"})
            def project(key, Y):
                weights = {"weight": params["W" + key], "bias": params["b" + key]}
                return functional_call(projections[key], weights, (Y.transpose(-2, -1),)).transpose(-2, -1)
            group = channels // num_groups
            Q, K, V = (project(key, X).unflatten(-2, (num_groups, group)) for key in "qkv")   # (..., G, C/G, N)
            weights = nn.Softmax(dim=-2)(K @ Q.transpose(-2, -1) * scale)       # (..., G, keys, queries)
            attended = (weights.transpose(-2, -1) @ V).flatten(-3, -2)          # (..., C, N)
            return project("o", attended)
'''),
})
