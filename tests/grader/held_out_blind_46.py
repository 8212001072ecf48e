"""Forty-seventh blind batch of held-out implementations (prefix blind46_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (what must be differentiable, how gradients are compared: float32
accuracy, gradients at infinite inputs not compared, any subgradient at a kink, the sampling functions exempt, a
weight whose true gradient is zero may be left out), docs/convention.md, the stubs (exercises/*.py: signatures and
input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_45.py) were only skimmed for their entry names and
header decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the
batch written at the same time (held_out_blind_47.py).

Emphasis: the backward pass. Every wrong entry has a right forward pass (checked against the model answer on every
input below) and a wrong or broken backward pass of a kind learners and coding assistants write: hand-written
torch.autograd.Function backwards with a slip (a row sum for a column sum, a lost keepdim, an untransposed weight,
a forgotten 1/sqrt(D_k), a dropped gradient of the returned weights, a missing mean term, a clamped instead of
masked ReLU gradient, an index assignment instead of index_add, a dropped gate gradient, a sign slip, a transposed
weights gradient), backwards that read state saved on the function object by the last call, torch.where with an
untaken branch that overflows (its 0 * inf poisons the taken one), a straight-through ReLU, sqrt(x*x) as |x| at an
exact zero, a log-sum-exp whose max is detached inside only (the gradient routed to each column's argmax), an
in-place write on a tensor autograd saved (weights after V @ weights, residuals added in place), inference_mode,
no_grad, numpy and torch.tensor copies, reentrant checkpointing, and weights that never get a gradient because they
were copied into modules (.data, load_state_dict, nn.Parameter, nn.ParameterDict, copy.deepcopy). Right entries
take unusual but correct backward routes: custom Functions with the right backward, where made safe by masking its
input first, non-reentrant checkpointing, fused buffers filled by slice assignment, in-place writes that invalidate
nothing, gradients exactly zero where the true gradient is zero.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind46/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests: every entry, wrong and right, passes them.
Each entry was compared with the model answer on float32 and float64 inputs (values to 2e-5 / 1e-10 relative to
scale, dtypes, shapes), batched (one and two batch axes, broadcast masks and padding masks) and unbatched, with
-inf scores, dead columns / queries / blind states, ties and zeros, large scales (x1000), exact-zero ReLU
pre-activations, constant columns, eps=0.0, D = 1, window and patch sizes of 1, arguments left unchanged, and the
gradient of every floating-point input (params dicts included) by torch.autograd.grad with a random cotangent (zero
at infinite outputs; gradients at infinite inputs not compared; None accepted only where the model's gradient is
zero). Right entries were also run under torch.set_default_dtype(torch.float64), on non-contiguous inputs, without
any input requiring grad, on x1000 inputs, and on the contract's ValueErrors (same outcome as the model). For each
wrong entry the recorded input was run on the model answer and on the entry (float64) and both gradients printed;
the state-dependent ones (..._reads_last_call) by two forward calls before one backward.

Judgement calls: blind46_right_linear_custom_backward_batch_axes_left_to_autograd returns gradients with the batch
axes still on and relies on autograd summing a gradient that is expandable to its input's shape (validate_outputs);
it matched the model on unbatched, one- and two-batch-axis inputs, so it is kept as right (a sibling layer_norm
entry of the same kind was dropped from the wrong list for that reason). blind46_right_mha_finfo_min_fill_then_where_dead_queries
fills hidden scores with finfo(dtype).min instead of -inf; its hidden weights underflow to exactly 0
for any scores the contract allows. blind46_decoder_layer_residuals_added_in_place fails only for unbatched calls
(a batched matmul saves a folded copy, so the in-place add invalidates nothing there); the capstone's (B, D, N) calls
would not see it. blind46_softmax_where_unshifted_fast_path and blind46_additive_attention_where_exp_of_unmasked_scores
need a column max of about 89 in float32 (710 in float64) or a blind state; blind46_softmax_custom_backward_reads_last_call
and blind46_layer_norm_custom_backward_reads_last_call are right when every call is followed by its own backward
and wrong as soon as two calls precede one backward (as in any model with more than one layer).
blind46_cross_attention_memory_projected_in_inference_mode raises in the forward pass as soon as X_dec or a weight
requires grad (RuntimeError: inference tensors cannot be saved for backward); without gradients it is right.
Fewer entries than asked (about 55 / 35): the time box; entries too close to earlier batches (reentrant checkpoint
of transformer_layer, key bias dropped, fused weights cached, nan_to_num_ in place, detached shifts) were left out.

Counts: 34 wrong, 28 right.
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 2, 'embed': 1, 'feed_forward': 4, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 2, 'linear': 1, 'multi_head_attention': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 3, 'sequence_log_prob': 2, 'softmax_cols': 4, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 2, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'linear': 1, 'multi_head_attention': 2, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 3, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_46 = {
    # ------------------------------------------------------------------ softmax
    # A hand-written autograd.Function: the forward is the model's, but the backward takes the inner product <g, y>
    # over the rows (dim=-1) instead of down each column. Recorded: float64 scores [[1, 2], [3, 0]], loss = output[0, 0]:
    # model gradient [[0.1050, 0], [-0.1050, 0]], entry [[0.1050, -0.1050], [0, 0]]. Passes the visible tests.
    "blind46_softmax_custom_backward_sums_rows": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            class _ColumnSoftmax(torch.autograd.Function):
                @staticmethod
                def forward(ctx, s):
                    top = s.amax(dim=-2, keepdim=True)
                    top = top.masked_fill(top == float("-inf"), 0.0)
                    exps = torch.exp(s - top)
                    total = exps.sum(dim=-2, keepdim=True)
                    weights = exps / total.masked_fill(total == 0, 1.0)
                    ctx.save_for_backward(weights)
                    return weights

                @staticmethod
                def backward(ctx, grad):
                    (weights,) = ctx.saved_tensors
                    # Jacobian-vector product of softmax: y * (g - <g, y>)
                    return weights * (grad - (grad * weights).sum(dim=-1, keepdim=True))

            return _ColumnSoftmax.apply(scores)
'''),
    # Custom backward whose column inner product drops keepdim: (..., N) lines up with (..., M, N) from the right, so it is
    # right for unbatched scores, raises for most batched ones and is silently wrong when the batch size equals M.
    # Recorded: float64 scores [[[1, 2], [3, 0]], [[0, 1], [2, 2]]], loss = output[0, 0, 0]: model gradient of the first
    # item [[0.1050, 0], [-0.1050, 0]] and zeros for the second, entry [[0.1050, 0], [0, 0]] and [[-0.0142, 0], [0, 0]];
    # (2, 3, 5, 4) scores raise RuntimeError in backward. Passes the visible tests.
    "blind46_softmax_custom_backward_sum_without_keepdim": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            class _ColumnSoftmax(torch.autograd.Function):
                @staticmethod
                def forward(ctx, s):
                    top = s.amax(dim=-2, keepdim=True)
                    top = top.masked_fill(top == float("-inf"), 0.0)
                    exps = torch.exp(s - top)
                    total = exps.sum(dim=-2, keepdim=True)
                    weights = exps / total.masked_fill(total == 0, 1.0)
                    ctx.save_for_backward(weights)
                    return weights

                @staticmethod
                def backward(ctx, grad):
                    (weights,) = ctx.saved_tensors
                    inner = (grad * weights).sum(dim=-2)          # one number per column
                    return weights * (grad - inner)

            return _ColumnSoftmax.apply(scores)
'''),
    # torch.where picks exp(scores) for columns whose max is below 50 in size and the shifted exp otherwise: the values
    # are right, but the untaken unshifted branch overflows to inf on a column with large scores and its backward (0 * inf)
    # puts NaN into the gradient of finite scores. Recorded: float64 scores [[800, 0], [1, 0]], loss = output[0, 0]: model
    # gradient [[0, 0], [0, 0]], entry [[nan, 0], [0, 0]] (float32 from scores of about 89). Passes the visible tests.
    "blind46_softmax_where_unshifted_fast_path": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            shift = column_max.masked_fill(column_max == float("-inf"), 0.0)
            # moderate columns need no shift; only shift where exp could overflow or underflow
            exps = torch.where(column_max.abs() < 50, torch.exp(scores), torch.exp(scores - shift))
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Custom backward that reads the weights from a dict on the function (the last forward call), not from ctx: right
    # when each call is followed by its own backward, wrong as soon as two calls precede one backward (every multi-layer
    # or multi-head model). Recorded: float64 s1 = [[1, 2], [3, 0]], s2 = zeros (2, 2), both forwarded, then the gradient
    # of the first call's output[0, 0]: model [[0.1050, 0], [-0.1050, 0]], entry [[0.25, 0], [-0.25, 0]] (s2's weights).
    # Passes the visible tests.
    "blind46_softmax_custom_backward_reads_last_call": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            state = softmax_cols.__dict__.setdefault("saved", {})

            class _ColumnSoftmax(torch.autograd.Function):
                @staticmethod
                def forward(ctx, s):
                    top = s.amax(dim=-2, keepdim=True)
                    top = top.masked_fill(top == float("-inf"), 0.0)
                    exps = torch.exp(s - top)
                    total = exps.sum(dim=-2, keepdim=True)
                    weights = exps / total.masked_fill(total == 0, 1.0)
                    state["weights"] = weights            # kept for the backward pass
                    return weights

                @staticmethod
                def backward(ctx, grad):
                    weights = state["weights"]
                    return weights * (grad - (grad * weights).sum(dim=-2, keepdim=True))

            return _ColumnSoftmax.apply(scores)
'''),
    # ------------------------------------------------------------------ attention
    # Custom backward for linear with grad_X = W @ grad instead of Wᵀ @ grad: it runs only for square W (the attention
    # projections are (D, D)), where it is silently wrong; other shapes raise in backward. Recorded: float64 X = [[1, 2],
    # [3, 4]], W = [[1, 2], [0, 1]], b = 0, loss = output[0, 0]: model X.grad [[1, 0], [2, 0]], entry [[1, 0], [0, 0]].
    # Passes the visible tests.
    "blind46_linear_custom_backward_untransposed_weight": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            class _Linear(torch.autograd.Function):
                @staticmethod
                def forward(ctx, X, W, b):
                    ctx.save_for_backward(X, W)
                    return W @ X + b[:, None]

                @staticmethod
                def backward(ctx, grad):
                    X, W = ctx.saved_tensors
                    grad_X = W @ grad
                    grad_W = (grad @ X.transpose(-2, -1)).reshape(-1, *W.shape).sum(dim=0)
                    grad_b = grad.sum(dim=-1).reshape(-1, W.shape[0]).sum(dim=0)
                    return grad_X, grad_W, grad_b

            return _Linear.apply(X, W, b)
'''),
    # After output = V @ weights, the weights are multiplied in place by the mask 'to report exact zeros': matmul saved
    # them for its backward, so any backward through a masked call raises RuntimeError (modified by an inplace
    # operation). Recorded: float64 Q = I (2, 2), K = [[1, 2, 0], [0, 1, 1]], V = [[1, 2, 3]], mask [[T, T], [T, F], [F, F]],
    # loss = output[0, 0]: model Q.grad [[0.1564, 0], [0.1564, 0]], entry RuntimeError. Passes the visible tests.
    "blind46_sdpa_weights_masked_in_place_after_output": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            output = V @ weights
            if mask is not None:
                weights.mul_(mask)        # report exactly zero weight on hidden keys
            return output, weights
'''),
    # Flash-attention-style custom backward that forgets the 1/sqrt(D_k) factor in the gradients of Q and K. Recorded:
    # float64 Q = I (2, 2), K = [[1, 2, 0], [0, 1, 1]], V = [[1, 2, 3]], no mask, loss = output[0, 0]: model Q.grad
    # [[-0.0546, 0], [0.1719, 0]], entry [[-0.0773, 0], [0.2431, 0]] (sqrt(2) times). Passes the visible tests.
    "blind46_sdpa_custom_backward_forgets_scale": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = 1 / math.sqrt(Q.shape[-2])

            class _Attention(torch.autograd.Function):
                @staticmethod
                def forward(ctx, Q, K, V):
                    scores = K.transpose(-2, -1) @ Q * scale
                    if mask is not None:
                        scores = apply_mask(scores, mask)
                    weights = softmax_cols(scores)
                    ctx.save_for_backward(Q, K, V, weights)
                    return V @ weights, weights

                @staticmethod
                def backward(ctx, grad_out, grad_weights):
                    Q, K, V, weights = ctx.saved_tensors
                    grad_V = grad_out @ weights.transpose(-2, -1)
                    d_weights = V.transpose(-2, -1) @ grad_out + grad_weights
                    d_scores = weights * (d_weights - (d_weights * weights).sum(dim=-2, keepdim=True))
                    grad_Q = K @ d_scores
                    grad_K = Q @ d_scores.transpose(-2, -1)
                    return grad_Q, grad_K, grad_V

            return _Attention.apply(Q, K, V)
'''),
    # Custom backward that ignores the gradient arriving at the returned weights ('for inspection only'): a caller that
    # trains through the weights (an attention loss, the grader's cotangent on both outputs) gets nothing from them.
    # Recorded: the inputs above, loss = weights[0, 0]: model Q.grad [[-0.0875, 0], [-0.1438, 0]], entry zeros. Passes the
    # visible tests.
    "blind46_sdpa_custom_backward_drops_weights_gradient": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = 1 / math.sqrt(Q.shape[-2])

            class _Attention(torch.autograd.Function):
                @staticmethod
                def forward(ctx, Q, K, V):
                    scores = K.transpose(-2, -1) @ Q * scale
                    if mask is not None:
                        scores = apply_mask(scores, mask)
                    weights = softmax_cols(scores)
                    ctx.save_for_backward(Q, K, V, weights)
                    return V @ weights, weights

                @staticmethod
                def backward(ctx, grad_out, grad_weights):
                    Q, K, V, weights = ctx.saved_tensors
                    # the weights are returned for inspection; only the output trains
                    grad_V = grad_out @ weights.transpose(-2, -1)
                    d_weights = V.transpose(-2, -1) @ grad_out
                    d_scores = weights * (d_weights - (d_weights * weights).sum(dim=-2, keepdim=True)) * scale
                    grad_Q = K @ d_scores
                    grad_K = Q @ d_scores.transpose(-2, -1)
                    return grad_Q, grad_K, grad_V

            return _Attention.apply(Q, K, V)
'''),
    # ------------------------------------------------------------------ multihead
    # Column softmax as exp(scores - lse) with lse = top + log(sum(exp(scores - top.detach()))): the value is right, but
    # the outer top keeps its gradient, which routes -sum_j g_j w_j to each column's argmax score (a max path that should
    # cancel). Recorded: float64 X (4, 3) and params D = 4 seeded (randn from generator seed 0: weights x0.5, biases x0.3), self-attention
    # with X passed twice, H = 2, loss = output[0, 0]: model Wq.grad starts [-0.0393, -0.1349, 0.2263, 0.0475], entry
    # [-0.0474, -0.1625, 0.2725, 0.0572]. Passes the visible tests.
    "blind46_mha_logsumexp_shift_detached_inside_only": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            # log-sum-exp over the keys, shifted by the column max for stability
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            lse = top + torch.log(torch.exp(scores - top.detach()).sum(dim=-2, keepdim=True))
            lse = lse.masked_fill(torch.isinf(lse), 0.0)        # a query that sees no key
            weights = torch.exp(scores - lse)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Custom layer-norm Function that stores x_hat and 1/std on the function object (layer_norm.saved) instead of ctx: the
    # backward uses the statistics of whichever call ran last (a transformer runs several norms before one backward).
    # Recorded: float64 X1 = [[1, 2], [3, 5], [0, 1]], X2 = [[0, 1], [2, -1], [1, 1]], gamma 1, beta 0, both forwarded, then
    # the gradient of the first call's output[0, 0]: model X1.grad column 0 [0.5154, -0.1718, -0.3436], entry [0.2041,
    # 0.2041, -0.4082]. Passes the visible tests.
    "blind46_layer_norm_custom_backward_reads_last_call": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            class _LayerNorm(torch.autograd.Function):
                @staticmethod
                def forward(ctx, X, gamma, beta):
                    mean = X.mean(dim=-2, keepdim=True)
                    inv_std = 1 / torch.sqrt(X.var(dim=-2, keepdim=True, correction=0) + eps)
                    x_hat = (X - mean) * inv_std
                    layer_norm.saved = (x_hat, inv_std, gamma)    # statistics for the backward pass
                    return gamma[:, None] * x_hat + beta[:, None]

                @staticmethod
                def backward(ctx, grad):
                    x_hat, inv_std, gamma = layer_norm.saved
                    g_hat = grad * gamma[:, None]
                    grad_X = inv_std * (g_hat - g_hat.mean(dim=-2, keepdim=True)
                                        - x_hat * (g_hat * x_hat).mean(dim=-2, keepdim=True))
                    axes = tuple(range(grad.dim() - 2)) + (grad.dim() - 1,)
                    return grad_X, (grad * x_hat).sum(dim=axes), grad.sum(dim=axes)

            return _LayerNorm.apply(X, gamma, beta)
'''),
    # Closed-form layer-norm backward without the - mean(g_hat) term (the gradient through the mean). Recorded: float64
    # X = [[1, 2], [3, 5], [0, 1]], gamma 1, beta 0, loss = output[0, 0]: model X.grad column 0 [0.5154, -0.1718, -0.3436],
    # entry [0.7827, 0.0954, -0.0764]. Passes the visible tests.
    "blind46_layer_norm_custom_backward_forgets_mean_term": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            class _LayerNorm(torch.autograd.Function):
                @staticmethod
                def forward(ctx, X, gamma, beta):
                    mean = X.mean(dim=-2, keepdim=True)
                    inv_std = 1 / torch.sqrt(X.var(dim=-2, keepdim=True, correction=0) + eps)
                    x_hat = (X - mean) * inv_std
                    ctx.save_for_backward(x_hat, inv_std, gamma)
                    return gamma[:, None] * x_hat + beta[:, None]

                @staticmethod
                def backward(ctx, grad):
                    x_hat, inv_std, gamma = ctx.saved_tensors
                    g_hat = grad * gamma[:, None]
                    grad_X = inv_std * (g_hat - x_hat * (g_hat * x_hat).mean(dim=-2, keepdim=True))
                    axes = tuple(range(grad.dim() - 2)) + (grad.dim() - 1,)
                    return grad_X, (grad * x_hat).sum(dim=axes), grad.sum(dim=axes)

            return _LayerNorm.apply(X, gamma, beta)
'''),
    # ReLU as pre + (relu(pre) - pre).detach(): the value is relu's exactly, the gradient the identity's (a
    # straight-through estimator), so negative pre-activations pass gradient. Recorded: float64 X = [[1], [-1]], W1 = I,
    # b1 = 0, W2 = [[1, 1]], b2 = 0, loss = output[0, 0]: model X.grad [[1], [0]], entry [[1], [1]]. Passes the visible
    # tests.
    "blind46_feed_forward_relu_straight_through": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = linear(X, W1, b1)
            hidden = pre + (torch.relu(pre) - pre).detach()      # relu's value, the identity's gradient
            return linear(hidden, W2, b2)
'''),
    # Custom ReLU whose backward clamps the incoming gradient at 0 instead of masking it by the input's sign. Recorded:
    # float64 X = [[1], [2]], W1 = I, b1 = 0, W2 = [[1, -1]], b2 = 0, loss = output[0, 0]: model X.grad [[1], [-1]], entry
    # [[1], [0]]. Passes the visible tests.
    "blind46_feed_forward_custom_relu_clamps_gradient": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            class _ReLU(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    ctx.save_for_backward(x)
                    return x.clamp(min=0)

                @staticmethod
                def backward(ctx, grad):
                    (x,) = ctx.saved_tensors
                    return grad.clamp(min=0)

            return linear(_ReLU.apply(linear(X, W1, b1)), W2, b2)
'''),
    # ReLU as (x + sqrt(x * x)) / 2: the values are exact, but at a pre-activation of exactly 0 (inputs of exactly zero
    # are in the contract) sqrt's backward is inf * 0 = NaN, not a subgradient. Recorded: float64 X = [[0], [2]], W1 = I,
    # b1 = 0, W2 = [[1, 1]], b2 = 0, loss = output[0, 0]: model X.grad [[0], [1]], entry [[nan], [nan]]. Passes the visible
    # tests.
    "blind46_feed_forward_relu_half_sum_sqrt_abs": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = linear(X, W1, b1)
            hidden = (pre + torch.sqrt(pre * pre)) / 2            # relu(x) = (x + |x|) / 2
            return linear(hidden, W2, b2)
'''),
    # nn.Linear modules whose .data is pointed at W1, b1, W2, b2: the values are right, but the gradients go to the
    # modules' own Parameters, never to the caller's tensors. Recorded: the inputs above, loss = output[0, 0]: model
    # W1.grad [[0, 0], [0, 2]], W2.grad [[0, 2]], entry None for both (and for b1, b2). Passes the visible tests.
    "blind46_feed_forward_linear_modules_weights_via_data": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            first = torch.nn.Linear(W1.shape[1], W1.shape[0])
            second = torch.nn.Linear(W2.shape[1], W2.shape[0])
            first.weight.data, first.bias.data = W1, b1
            second.weight.data, second.bias.data = W2, b2
            rows = X.transpose(-2, -1)                            # tokens as rows for nn.Linear
            return second(torch.relu(first(rows))).transpose(-2, -1)
'''),
    # The params dict wrapped in torch.nn.ParameterDict, which turns each tensor into a new Parameter (a detached leaf
    # sharing storage): the values are right, no entry of params gets a gradient (X still does). Recorded: float64 X (4,
    # 3) and layer params D = 4, F = 6 seeded, H = 2, loss = output[0, 0]: model Wq.grad starts [0.0208, -0.0699,
    # -0.0347], gamma2.grad [1.0290, 0, 0, 0], entry None for both. Passes the visible tests.
    "blind46_transformer_layer_params_in_parameter_dict": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            weights = torch.nn.ParameterDict(params)             # the layer's tensors together, like a module's

            def attend(Y):
                return multi_head_attention(Y, Y, dict(weights), num_heads, mask)

            def think(Y):
                return feed_forward(Y, weights["W1"], weights["b1"], weights["W2"], weights["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, weights["gamma1"], weights["beta1"]))
                return X + think(layer_norm(X, weights["gamma2"], weights["beta2"]))
            X = layer_norm(X + attend(X), weights["gamma1"], weights["beta1"])
            return layer_norm(X + think(X), weights["gamma2"], weights["beta2"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # Keys and values of the encoder memory projected under torch.inference_mode() ('fixed while decoding'): with weights
    # or X_dec requiring grad the attention product saves an inference tensor and the forward raises RuntimeError; with
    # only Wk requiring grad the output has no grad_fn. Recorded: float64 X_dec (4, 2), X_enc (4, 3), params D = 4
    # seeded, H = 2, only Wk requiring grad, loss = output[0, 0]: model Wk.grad starts [0.0318, 0.0138, 0.0212],
    # entry RuntimeError (no grad_fn); all inputs requiring grad: the entry's forward raises. Passes the visible tests.
    "blind46_cross_attention_memory_projected_in_inference_mode": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads

            if X_dec.shape[-2] % num_heads:
                raise ValueError(f"D={X_dec.shape[-2]} is not divisible by num_heads={num_heads}")
            # the encoder memory is fixed while the decoder runs: project it once, without autograd bookkeeping
            with torch.inference_mode():
                K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
                V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The cross-attention and feed-forward residuals added in place (X += ...) onto layer-norm outputs that the next
    # sub-block's projection saved for its backward: unbatched calls raise RuntimeError in backward (batched ones happen to
    # save a folded copy and survive). Recorded: float64 X_dec (4, 2), X_enc (4, 3), nested params D = 4 seeded, H = 2, no
    # mask, loss = output[0, 0]: model cross_attn Wq.grad starts [0.0056, -0.0101, -0.0039], entry RuntimeError.
    # Passes the visible tests.
    "blind46_decoder_layer_residuals_added_in_place": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal)
            X = layer_norm(X, params["gamma1"], params["beta1"])
            X += cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X, params["gamma2"], params["beta2"])
            X += feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X, params["gamma3"], params["beta3"])
'''),
    # copy.deepcopy(params) 'so the caller's nested dicts are never touched': deepcopy of a leaf makes a new leaf, so
    # the values are right and no weight of params gets a gradient. Recorded: the inputs above: model cross_attn
    # Wq.grad starts [0.0056, -0.0101, -0.0039], W1.grad [0.1840, -0.1254, ...], entry None for both. Passes the
    # visible tests.
    "blind46_decoder_layer_params_deep_copied": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            import copy

            p = copy.deepcopy(params)              # never touch the caller's nested dicts
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, p["self_attn"], num_heads, causal), p["gamma1"], p["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
            X = layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])
            return X
'''),
    # ------------------------------------------------------------------ embeddings
    # Custom lookup whose backward writes each id's gradient column by index assignment instead of index_add: a repeated
    # id keeps one of its gradients instead of their sum. Recorded: float64 omega_e = [[1, 2, 3], [4, 5, 6]], ids [2, 0, 2],
    # loss = output.sum(): model omega_e.grad [[1, 0, 2], [1, 0, 2]], entry [[1, 0, 1], [1, 0, 1]]. Passes the visible
    # tests.
    "blind46_embed_custom_backward_assigns_columns": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            class _Lookup(torch.autograd.Function):
                @staticmethod
                def forward(ctx, table):
                    ctx.table_shape = table.shape
                    return table[:, token_ids].movedim(0, -2)

                @staticmethod
                def backward(ctx, grad):
                    grad_table = grad.new_zeros(ctx.table_shape)
                    columns = grad.movedim(-2, 0).reshape(ctx.table_shape[0], -1)
                    grad_table[:, token_ids.reshape(-1)] = columns     # each id's column receives its gradient
                    return grad_table

            return _Lookup.apply(omega_e)
'''),
    # ------------------------------------------------------------------ patch_embedding
    # The patches cut in NumPy from images.detach().numpy() and wrapped back with torch.from_numpy: the values and dtype are
    # right, the result has no gradient. Recorded: float64 images arange(16) (1, 1, 4, 4), P = 2, loss = output[0, 0, 0]:
    # model images.grad [1, 0, 0, ...], entry RuntimeError (no grad_fn). Passes the visible tests.
    "blind46_patchify_numpy_round_trip": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            import numpy as np

            P = patch_size
            a = images.detach().cpu().numpy()
            a = a.reshape(batch, channels, height // P, P, width // P, P).transpose(0, 1, 3, 5, 2, 4)
            a = a.reshape(batch, channels * P * P, (height // P) * (width // P))
            return torch.from_numpy(np.ascontiguousarray(a)).to(images.device)
'''),
    # A Conv2d whose weight and bias are set to nn.Parameter(W.reshape(...)) and nn.Parameter(b): Parameter detaches, so
    # the values are right but W and b get no gradient (images, cls_token and positions do). Recorded: float64 images
    # arange(16) / 16 (1, 1, 4, 4), P = 2, W ones (2, 4), b [0, 1], cls [1, 1], positions 0, loss = output[0, :, 1].sum():
    # model W.grad starts [0, 0.0625, 0.25, 0.3125], b.grad [1, 1], entry None for both. Passes the visible tests.
    "blind46_patch_embedding_conv_weights_wrapped_in_parameters": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            D, C, P = W.shape[0], images.shape[1], patch_size
            conv = torch.nn.Conv2d(C, D, P, stride=P, dtype=W.dtype, device=W.device)
            conv.weight = torch.nn.Parameter(W.reshape(D, C, P, P))
            conv.bias = torch.nn.Parameter(b)
            tokens = conv(images).flatten(2)                       # (B, D, N), patches in raster order
            cls = cls_token[:, None].expand(images.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ rnn_attention
    # torch.where(mask, exp(scores - top), 0) with top the max over the visible scores: for a state that sees nothing
    # top is -inf, the untaken exp is inf, and its backward (0 * inf) sends NaN into s, H, W, U and v. The values are
    # right (zeros). Recorded: float64 s = [1, 0], H = [[1, 2, 3], [0, 1, 0]], W = U = I, v = [1, -1], mask all False, loss
    # = context.sum(): model s.grad [0, 0], entry [nan, nan]. Passes the visible tests.
    "blind46_additive_attention_where_exp_of_unmasked_scores": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is None:
                mask = torch.ones_like(scores, dtype=torch.bool)
            top = scores.masked_fill(~mask, float("-inf")).amax(dim=-1, keepdim=True)
            exps = torch.where(mask, torch.exp(scores - top), 0.0)   # hidden positions contribute nothing
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / total.clamp(min=torch.finfo(exps.dtype).tiny)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # With a mask, the weights are re-zeroed at hidden positions under torch.no_grad() ('tidy-up only'): the values are
    # right, but in the masked branch the weights leave the graph, so s, W, U and v get no gradient and H only its direct
    # one. Recorded: the inputs above with mask [T, T, F], loss = context.sum(): model s.grad [-0.0267, 0.2545], v.grad
    # [0.0136, 0.3342], entry None for both. Passes the visible tests.
    "blind46_additive_attention_masked_weights_tidied_under_no_grad": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            if mask is not None:
                with torch.no_grad():                     # tidy-up only: hidden positions exactly 0
                    weights = weights.masked_fill(~mask, 0.0)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # (1 - z) n + z h fused into a custom Function whose backward returns None for the update gate ('not a
    # parameter'): the update gate's weights and everything through z lose that part of the gradient. Recorded: float64
    # x = [1], h = [0.5], weight_ih = weight_hh = ones (3, 1), zero biases, loss = h'.sum(): model x.grad [-0.0160], h.grad
    # [0.7945], weight_ih.grad [0.0029, -0.0578, 0.0388], entry [0.0417], [0.8522], [0.0029, 0, 0.0388]. Passes the
    # visible tests.
    "blind46_gru_step_custom_interpolation_without_gate_gradient": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            class _Interpolate(torch.autograd.Function):
                # h' = (1 - z) * n + z * h in one fused op
                @staticmethod
                def forward(ctx, n, h, z):
                    ctx.save_for_backward(z)
                    return (1 - z) * n + z * h

                @staticmethod
                def backward(ctx, grad):
                    (z,) = ctx.saved_tensors
                    return grad * (1 - z), grad * z, None

            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return _Interpolate.apply(candidate, h, update)
'''),
    # The GRU as an nn.GRUCell filled with load_state_dict (which copies under no_grad): the values are right, the four
    # GRU weights get no gradient (attention and read-out weights do). Recorded: float64 D_s 2, E 1, D_h 2, D_a 2, V 3, N 3
    # seeded (generator seed 1), loss = logits.sum(): model weight_ih.grad max |.| 0.2933, W.grad
    # [-0.2302, 0.2849, -0.1597, 0.1977], entry weight_ih.grad None, W.grad equal. Passes the visible tests.
    "blind46_decoder_step_grucell_loaded_by_state_dict": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            size = params["weight_hh"].shape[1]
            cell = torch.nn.GRUCell(params["weight_ih"].shape[1], size, dtype=params["weight_ih"].dtype)
            cell.load_state_dict({k: params[k] for k in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")})
            x = stack(y_prev, context)
            h = s_prev.expand(*x.shape[:-1], size)
            s = cell(x.reshape(-1, x.shape[-1]), h.reshape(-1, size)).reshape(*x.shape[:-1], size)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The scoring MLP under torch.utils.checkpoint with use_reentrant=True and the cells as the only explicit input:
    # with frozen CNN features (not requiring grad) the scores come back without grad, so s, W, U, v get no gradient (the
    # context has no grad_fn at all); with features requiring grad, torch.autograd.grad raises (reentrant checkpoint is
    # incompatible with .grad()). Recorded: float64 s (3,), features (4, 2, 2) frozen, W (5, 3), U (5, 4), v (5,) seeded
    # (generator seed 2), context.sum().backward(): model v.grad starts [-0.0602, -0.0173, -0.0001], entry RuntimeError
    # (no grad_fn). Passes the visible tests.
    "blind46_grid_attention_scores_reentrant_checkpoint": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint

            height, width = features.shape[-2:]
            cells = features.flatten(-2)                          # (..., C, H*W)

            def score(cells):
                return (v[:, None] * torch.tanh(U @ cells + (s @ W.T)[..., :, None])).sum(dim=-2)

            e = checkpoint(score, cells, use_reentrant=True)     # recompute the (D_a, H*W) activations in backward
            weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # ------------------------------------------------------------------ positions
    # Custom rotation Function whose backward applies the transposed rotation to the first half but the forward one to
    # the second (x_{i+D/2} gets + g_i sin instead of - g_i sin). Recorded: float64 Q = [[1, 1], [0, 1]], K = [[1], [0]],
    # default positions, loss = Q'[:, 1].sum(): model Q.grad [[0, 1.3818], [0, -0.3012]], entry [[0, 1.3818], [0,
    # 1.3818]]. Passes the visible tests.
    "blind46_rotary_custom_backward_second_half_sign_slip": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            class _Rotate(torch.autograd.Function):
                @staticmethod
                def forward(ctx, X, cos, sin):
                    ctx.save_for_backward(cos, sin)
                    half = X.shape[-2] // 2
                    top, bottom = X[..., :half, :], X[..., half:, :]
                    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

                @staticmethod
                def backward(ctx, grad):
                    cos, sin = ctx.saved_tensors
                    half = grad.shape[-2] // 2
                    g_top, g_bottom = grad[..., :half, :], grad[..., half:, :]
                    # the transpose of the rotation
                    return torch.cat([g_top * cos + g_bottom * sin, g_bottom * cos + g_top * sin], dim=-2), None, None

            def tables(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                return angles.cos().to(X.dtype), angles.sin().to(X.dtype)

            return _Rotate.apply(Q, *tables(Q, positions_q)), _Rotate.apply(K, *tables(K, positions_k))
'''),
    # ------------------------------------------------------------------ imagegpt
    # The bias cast with torch.tensor(b, dtype=...) 'to match the logits' dtype': torch.tensor copies and detaches, so the
    # values are right but b gets no gradient. Recorded: float64 X = [[1, 3], [2, 4]], W = I, b = [0.5, -0.5], loss =
    # logits[0]: model b.grad [1, 0], entry None. Passes the visible tests.
    "blind46_average_pool_head_bias_rebuilt_with_torch_tensor": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = X.mean(dim=-1) @ W.T
            if b is not None:
                logits = logits + torch.tensor(b, dtype=logits.dtype)     # match the logits' dtype
            return logits
'''),
    # ------------------------------------------------------------------ swin
    # Windows copied block by block into X.new_empty(...) under torch.no_grad() ('pure copying'): the values are right,
    # the result has no gradient. Recorded: float64 X arange(16) (1, 4, 4), M = 2, loss = output[0, 0, 0]: model X.grad
    # [1, 0, 0, ...], entry RuntimeError (no grad_fn). Passes the visible tests.
    "blind46_window_partition_copied_under_no_grad": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows, cols = height // M, width // M
            out = X.new_empty(*batch, rows * cols, channels, M * M)
            with torch.no_grad():                                 # pure copying, nothing to differentiate
                for a in range(rows):
                    for c in range(cols):
                        block = X[..., a * M:(a + 1) * M, c * M:(c + 1) * M]
                        out[..., a * cols + c, :, :] = block.reshape(*batch, channels, M * M)
            return out
'''),
    # The norm as an nn.LayerNorm filled with load_state_dict({weight: gamma, bias: beta}): values right, gamma and beta
    # get no gradient (X and W do). Recorded: float64 X = arange(16) / 8 (1, 4, 4), gamma 1, beta 0, W ones (2, 4), loss =
    # output[0].sum(): model gamma.grad [-4.8503, 2.9102, -2.9102, 4.8503], beta.grad [4, 4, 4, 4], entry None for both.
    # Passes the visible tests.
    "blind46_patch_merging_layer_norm_module_loaded_by_state_dict": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3).movedim(-3, -1)            # (..., H/2, W/2, 4C)
            norm = torch.nn.LayerNorm(4 * channels, eps=eps, dtype=X.dtype, device=X.device)
            norm.load_state_dict({"weight": gamma, "bias": beta})
            return (norm(merged) @ W.T).movedim(-1, -3)
'''),
    # ------------------------------------------------------------------ davit
    # Custom group-attention Function whose backward forms the weights' gradient as grad @ Vᵀ ((C/G, C/G) either way,
    # so the shapes never complain) instead of V @ gradᵀ: the transpose of the right one. Recorded: float64 X = [[1, 2, 0],
    # [0, 1, 3]], params C = 2 seeded (generator seed 3), G = 1, loss = output[0, 0]: model X.grad [-0.1351, -0.0160,
    # -0.0344, -0.1982, -0.0413, -0.0460], entry [-0.1365, -0.0243, -0.0505, -0.2124, -0.0516, -0.0270]. Passes the
    # visible tests.
    "blind46_channel_attention_custom_backward_weights_gradient_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)

            class _GroupAttention(torch.autograd.Function):
                @staticmethod
                def forward(ctx, Q, K, V):
                    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
                    ctx.save_for_backward(Q, K, V, weights)
                    return weights.transpose(-2, -1) @ V

                @staticmethod
                def backward(ctx, grad):
                    Q, K, V, weights = ctx.saved_tensors
                    grad_V = weights @ grad
                    d_weights = grad @ V.transpose(-2, -1)
                    d_scores = weights * (d_weights - (d_weights * weights).sum(dim=-2, keepdim=True)) * scale
                    return d_scores.transpose(-2, -1) @ K, d_scores @ Q, grad_V

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            return linear(merge_heads(_GroupAttention.apply(Q, K, V)), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ sampling
    # The picked log-probabilities gathered into torch.tensor([...]) and summed: torch.tensor copies the values and drops
    # the graph, so the result has no gradient (sequence_log_prob trains the capstone's models). Recorded: model(ids) = A @
    # T[:, ids] with A = [[1, 0], [0, 1], [1, 1]], T = [[1, 0, 2], [0, 1, 1]] float64, ids [0, 2, 1]: model A.grad [-0.9118,
    # -0.2447, 1.6646, 0.9100, -0.7528, -0.6652], entry RuntimeError (no grad_fn). Passes the visible tests.
    "blind46_sequence_log_prob_picks_rebuilt_with_torch_tensor": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            picks = [log_probs[ids[n], n - 1] for n in range(1, len(ids))]
            return torch.tensor(picks, dtype=log_probs.dtype).sum()
'''),
    # log-softmax by lse = top + log(sum(exp(logits - top.detach()))): the value is right, but the outer top keeps its
    # gradient and adds -1 per scored column at that column's argmax logit. Recorded: the model above: model A.grad
    # [-0.9118, -0.2447, 1.6646, 0.9100, -0.7528, -0.6652], entry [-1.4118, -0.2447, 1.6646, 0.9100, -3.2528, -1.6652].
    # Passes the visible tests.
    "blind46_sequence_log_prob_logsumexp_shift_detached_inside_only": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            top = logits.amax(dim=0, keepdim=True)
            lse = top + torch.log(torch.exp(logits - top.detach()).sum(dim=0, keepdim=True))
            log_probs = logits - lse
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
}

RIGHT_BLIND_46 = {
    # Custom Function with the column softmax's vector-Jacobian product y * (g - sum_col(g * y)); a dead column has y = 0 and
    # gets gradient 0. Matches the model in values and gradients.
    "blind46_right_softmax_custom_function_column_vjp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            class _ColumnSoftmax(torch.autograd.Function):
                @staticmethod
                def forward(ctx, s):
                    top = s.amax(dim=-2, keepdim=True)
                    top = top.masked_fill(top == float("-inf"), 0.0)
                    exps = torch.exp(s - top)
                    total = exps.sum(dim=-2, keepdim=True)
                    weights = exps / total.masked_fill(total == 0, 1.0)
                    ctx.save_for_backward(weights)
                    return weights

                @staticmethod
                def backward(ctx, grad):
                    (weights,) = ctx.saved_tensors
                    # y * (g - <g, y>), the inner product taken down each column
                    return weights * (grad - (grad * weights).sum(dim=-2, keepdim=True))

            return _ColumnSoftmax.apply(scores)
'''),
    # torch.where made safe by masking its input first: all -inf columns are set to 0 before the shift and exp, so
    # neither branch holds NaN or inf, and where(dead, 0, weights) gives those columns zero values and zero gradients.
    "blind46_right_softmax_dead_columns_zeroed_before_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)     # columns that see nothing
            safe = scores.masked_fill(dead, 0.0)                       # finite before anything is exponentiated
            exps = torch.exp(safe - safe.amax(dim=-2, keepdim=True))
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return torch.where(dead, torch.zeros_like(weights), weights)
'''),
    # The model's computation inside torch.utils.checkpoint(use_reentrant=False): recomputed in backward, same values
    # and gradients, and works with torch.autograd.grad and with inputs that do not require grad.
    "blind46_right_softmax_nonreentrant_checkpoint": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            from torch.utils.checkpoint import checkpoint

            def body(s):
                top = s.amax(dim=-2, keepdim=True)
                top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
                exps = (s - top).exp()
                total = exps.sum(dim=-2, keepdim=True)
                return exps / torch.where(total == 0, torch.ones_like(total), total)

            return checkpoint(body, scores, use_reentrant=False)     # recomputed in backward, nothing stored
'''),
    # Custom linear whose backward returns grad_W (..., D_out, D_in) and grad_b (..., D_out) with the batch axes still on:
    # autograd reduces a gradient expandable to the input's shape by summing (validate_outputs), so W and b get the summed
    # gradients. Compared with the model on unbatched, one- and two-batch-axis inputs.
    "blind46_right_linear_custom_backward_batch_axes_left_to_autograd": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            class _Linear(torch.autograd.Function):
                @staticmethod
                def forward(ctx, X, W, b):
                    ctx.save_for_backward(X, W)
                    return W @ X + b[:, None]

                @staticmethod
                def backward(ctx, grad):
                    X, W = ctx.saved_tensors
                    grad_X = W.transpose(0, 1) @ grad
                    grad_W = grad @ X.transpose(-2, -1)       # (..., D_out, D_in): autograd sums the batch axes
                    grad_b = grad.sum(dim=-1)                 # (..., D_out): likewise
                    return grad_X, grad_W, grad_b

            return _Linear.apply(X, W, b)
'''),
    # Custom attention Function with the full backward: dV = dO Wᵀ, dW = Vᵀ dO plus the gradient arriving at the returned
    # weights, the column-softmax VJP, and the 1/sqrt(D_k) scale on dQ = K dS and dK = Q dSᵀ; masked and dead entries have
    # weight 0 and so gradient 0.
    "blind46_right_sdpa_custom_function_both_outputs": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale = 1 / math.sqrt(Q.shape[-2])

            class _Attention(torch.autograd.Function):
                @staticmethod
                def forward(ctx, Q, K, V):
                    scores = K.transpose(-2, -1) @ Q * scale
                    if mask is not None:
                        scores = apply_mask(scores, mask)
                    weights = softmax_cols(scores)
                    ctx.save_for_backward(Q, K, V, weights)
                    return V @ weights, weights

                @staticmethod
                def backward(ctx, grad_out, grad_weights):
                    Q, K, V, weights = ctx.saved_tensors
                    grad_V = grad_out @ weights.transpose(-2, -1)
                    d_weights = V.transpose(-2, -1) @ grad_out + grad_weights
                    d_scores = weights * (d_weights - (d_weights * weights).sum(dim=-2, keepdim=True)) * scale
                    return K @ d_scores, Q @ d_scores.transpose(-2, -1), grad_V

            return _Attention.apply(Q, K, V)
'''),
    # Scores, mask and column softmax recomputed in backward by a non-reentrant checkpoint that takes Q and K as explicit
    # inputs; V @ weights outside it. Same values and gradients as the model.
    "blind46_right_sdpa_checkpointed_weights": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint

            def attend(Q, K):
                scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                return softmax_cols(scores if mask is None else apply_mask(scores, mask))

            weights = checkpoint(attend, Q, K, use_reentrant=False)   # (N_k, N_q) recomputed in backward
            return V @ weights, weights
'''),
    # One linear with torch.cat([Wq, Wk, Wv]) and torch.cat([bq, bk, bv]), then row slices: cat and slicing are
    # differentiable, so every weight and bias gets its gradient.
    "blind46_right_self_attention_fused_projection_by_cat": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            d_k = Wq.shape[0]
            QKV = linear(X, torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))   # one product, three blocks of rows
            Q, K, V = QKV[..., :d_k, :], QKV[..., d_k:2 * d_k, :], QKV[..., 2 * d_k:, :]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Wk and Wv (and their biases) written into a new_empty buffer by slice assignment, outside no_grad: the copies are
    # recorded (CopySlices), so the gradient of the fused buffer flows back to params['Wk'] and params['Wv'].
    "blind46_right_mha_fused_kv_buffer_filled_by_slices": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wkv = params["Wk"].new_empty(2 * dim, dim)
            bkv = params["bk"].new_empty(2 * dim)
            Wkv[:dim], Wkv[dim:] = params["Wk"], params["Wv"]          # copies autograd records (CopySlices)
            bkv[:dim], bkv[dim:] = params["bk"], params["bv"]
            KV = linear(Xkv, Wkv, bkv)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(KV[..., :dim, :], num_heads)
            V = split_heads(KV[..., dim:, :], num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Hidden scores filled with finfo(dtype).min (finite), torch.softmax over the keys, then dead queries zeroed by
    # torch.where: both branches are finite, hidden keys get exactly 0 weight (exp underflows), and a dead query gets zero
    # weights and zero gradients, as in the model.
    "blind46_right_mha_finfo_min_fill_then_where_dead_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                visible = mask.unsqueeze(-3)
                scores = scores.masked_fill(~visible, torch.finfo(scores.dtype).min)   # finite: no NaN anywhere
                weights = torch.softmax(scores, dim=-2)
                weights = torch.where(visible.any(dim=-2, keepdim=True), weights, torch.zeros_like(weights))
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Layer norm (biased variance from the centred values) recomputed in backward by a non-reentrant checkpoint with X,
    # gamma, beta as explicit inputs; eps=0.0, D = 1 and constant columns behave as the model.
    "blind46_right_layer_norm_nonreentrant_checkpoint": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            from torch.utils.checkpoint import checkpoint

            def normalise(X, gamma, beta):
                centred = X - X.mean(dim=-2, keepdim=True)
                variance = (centred * centred).mean(dim=-2, keepdim=True)
                return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]

            return checkpoint(normalise, X, gamma, beta, use_reentrant=False)
'''),
    # Custom ReLU whose backward masks the gradient by x > 0 (subgradient 0 at exactly 0, which the contract accepts).
    "blind46_right_feed_forward_custom_relu_masked_gradient": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            class _ReLU(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    positive = x > 0
                    ctx.save_for_backward(positive)
                    return x * positive

                @staticmethod
                def backward(ctx, grad):
                    (positive,) = ctx.saved_tensors
                    return grad * positive             # subgradient 0 at exactly 0

            return linear(_ReLU.apply(linear(X, W1, b1)), W2, b2)
'''),
    # The (F, N) hidden activation recomputed in backward (non-reentrant checkpoint over X, W1, b1); same values and
    # gradients.
    "blind46_right_feed_forward_hidden_checkpointed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch.utils.checkpoint import checkpoint

            def hidden(X, W1, b1):
                return torch.relu(linear(X, W1, b1))             # (..., F, N): the big activation, recomputed

            return linear(checkpoint(hidden, X, W1, b1, use_reentrant=False), W2, b2)
'''),
    # Keys and values from one product with cat([Wk, Wv]) and chunked; the ValueError for D not divisible by the head
    # count is kept.
    "blind46_right_cross_attention_fused_kv_chunked": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads

            dim = X_dec.shape[-2]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            K, V = linear(X_enc, torch.cat([params["Wk"], params["Wv"]]),
                          torch.cat([params["bk"], params["bv"]])).chunk(2, dim=-2)
            Q = linear(X_dec, params["Wq"], params["bq"])
            heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                    split_heads(V, num_heads),
                                                    None if enc_mask is None else enc_mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The cross-attention sub-block (with its residual and layer norm) under a non-reentrant checkpoint; the closure's
    # parameters still get their gradients with the non-reentrant variant, also through torch.autograd.grad.
    "blind46_right_decoder_layer_cross_block_checkpointed": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from torch.utils.checkpoint import checkpoint

            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])

            def read(X, X_enc):
                return layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                                  params["gamma2"], params["beta2"])

            X = checkpoint(read, X, X_enc, use_reentrant=False)
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Custom lookup whose backward accumulates with index_add_, so a repeated id gets the sum of its gradients.
    "blind46_right_embed_custom_backward_index_add": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            class _Lookup(torch.autograd.Function):
                @staticmethod
                def forward(ctx, table):
                    ctx.table_shape = table.shape
                    return table[:, token_ids].movedim(0, -2)

                @staticmethod
                def backward(ctx, grad):
                    columns = grad.movedim(-2, 0).reshape(ctx.table_shape[0], -1)
                    # a repeated id accumulates the gradient of every place it was used
                    return grad.new_zeros(ctx.table_shape).index_add_(1, token_ids.reshape(-1), columns)

            return _Lookup.apply(omega_e)
'''),
    # Custom patchify whose backward is torch.nn.functional.fold with kernel = stride = P: the patches do not overlap, so
    # fold is exactly the adjoint (the inverse permutation) of the forward.
    "blind46_right_patchify_custom_function_fold_backward": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size

            class _Patchify(torch.autograd.Function):
                @staticmethod
                def forward(ctx, images):
                    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
                    return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)

                @staticmethod
                def backward(ctx, grad):
                    # patches do not overlap, so folding the columns back is the exact inverse
                    return torch.nn.functional.fold(grad, (height, width), P, stride=P)

            return _Patchify.apply(images)
'''),
    # The [CLS] column and the tokens written into tokens.new_empty(...) by slice assignment (recorded by autograd): W, b,
    # cls_token, images and positions all get their gradients.
    "blind46_right_patch_embedding_cls_written_into_new_empty": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)              # (B, D, N)
            out = tokens.new_empty(tokens.shape[0], tokens.shape[1], tokens.shape[2] + 1)
            out[:, :, 0] = cls_token                                          # slice writes are recorded by autograd
            out[:, :, 1:] = tokens
            return out + positions
'''),
    # torch.where made safe: hidden positions are replaced by 0 before exp (and the shift of a blind state by 0), so both
    # branches are finite; a blind state gets zero weights and zero gradients, as in the model.
    "blind46_right_additive_attention_scores_made_safe_before_exp": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            visible = torch.ones_like(scores, dtype=torch.bool) if mask is None else mask
            scores, visible = torch.broadcast_tensors(scores, visible)
            top = scores.masked_fill(~visible, float("-inf")).amax(dim=-1, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            safe = torch.where(visible, scores - top, torch.zeros_like(scores))   # finite everywhere
            exps = torch.where(visible, torch.exp(safe), torch.zeros_like(safe))
            total = exps.sum(dim=-1, keepdim=True)
            weights = exps / torch.where(total > 0, total, torch.ones_like(total))
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The fused (1 - z) n + z h Function with all three gradients: grad (1 - z), grad z and grad (h - n); autograd reduces
    # broadcast batch axes.
    "blind46_right_gru_step_custom_interpolation_full_backward": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            class _Interpolate(torch.autograd.Function):
                # h' = (1 - z) * n + z * h in one fused op
                @staticmethod
                def forward(ctx, n, h, z):
                    ctx.save_for_backward(n, h, z)
                    return (1 - z) * n + z * h

                @staticmethod
                def backward(ctx, grad):
                    n, h, z = ctx.saved_tensors
                    return grad * (1 - z), grad * z, grad * (h - n)

            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return _Interpolate.apply(candidate, h, update)
'''),
    # The additive attention under a non-reentrant checkpoint with s_prev, H, W, U, v as explicit inputs; the GRU and the
    # read-out as in the model.
    "blind46_right_decoder_step_attention_checkpointed": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint

            def attend(s_prev, H, W, U, v):
                return additive_attention(s_prev, H, W, U, v, mask)

            weights, context = checkpoint(attend, s_prev, H, params["W"], params["U"], params["v"],
                                          use_reentrant=False)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            return s, stack(s, context) @ params["W_out"].T + params["b_out"], weights
'''),
    # The counterpart of the wrong reentrant entry: use_reentrant=False with every tensor passed explicitly; gradients reach
    # s, W, U, v and the features, with frozen features too, and torch.autograd.grad works.
    "blind46_right_grid_attention_nonreentrant_checkpoint": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint

            height, width = features.shape[-2:]
            cells = features.flatten(-2)

            def score(s, cells, W, U, v):
                return (v[:, None] * torch.tanh(U @ cells + (s @ W.T)[..., :, None])).sum(dim=-2)

            e = checkpoint(score, s, cells, W, U, v, use_reentrant=False)
            weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Both rotated halves are computed from a clone before either is copied back into it: the products saved only cos and
    # sin, so the in-place copies invalidate nothing, and autograd records them (CopySlices).
    "blind46_right_rotary_halves_rewritten_in_place_on_clone": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                out = X.clone()
                top, bottom = out[..., :half, :], out[..., half:, :]
                new_top = top * cos - bottom * sin                # both halves computed before either is written
                new_bottom = bottom * cos + top * sin
                top.copy_(new_top)
                bottom.copy_(new_bottom)
                return out

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The mean as X @ (1/N, ..., 1/N), a vector made from X (its dtype and device); the bias added only when given.
    "blind46_right_average_pool_head_uniform_weights_matvec": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            n = X.shape[-1]
            uniform = X.new_full((n,), 1.0) / n                  # the mean as a product with a vector of 1/N
            logits = (X @ uniform) @ W.transpose(0, 1)
            return logits if b is None else logits + b
'''),
    # A permutation index cached per (H, W, M, device): only integer positions are cached, no tensor of a call's graph; the
    # gather X.flatten(-2)[..., order] is differentiable.
    "blind46_right_window_partition_gather_index_cached": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            cache = window_partition.__dict__.setdefault("index_cache", {})
            key = (height, width, M, str(X.device))
            if key not in cache:                                  # integer positions only: no autograd state
                rows = torch.arange(height, device=X.device)[:, None]
                cols = torch.arange(width, device=X.device)[None, :]
                window_id = (rows // M) * (width // M) + cols // M
                inside = (rows % M) * M + cols % M
                order = torch.argsort((window_id * M * M + inside).flatten())
                cache[key] = order
            tokens = X.flatten(-2)[..., cache[key]]               # (..., C, nW * M * M) window by window
            tokens = tokens.reshape(*batch, channels, (height // M) * (width // M), M * M)
            return tokens.movedim(-2, -3)
'''),
    # The windows' tokens put back by an out-of-place index_copy into a new_empty grid (every position written once):
    # index_copy is differentiable in its source.
    "blind46_right_window_reverse_index_copy_into_new_empty": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            *batch, count, channels, _ = windows.shape
            rows = torch.arange(height, device=windows.device)[:, None]
            cols = torch.arange(width, device=windows.device)[None, :]
            source = ((rows // M) * (width // M) + cols // M) * M * M + (rows % M) * M + cols % M
            flat = windows.movedim(-3, -2).reshape(*batch, channels, count * M * M)
            grid = windows.new_empty(*batch, channels, height * width)
            grid = grid.index_copy(-1, torch.argsort(source.flatten()), flat)   # out of place: differentiable
            return grid.unflatten(-1, (height, width))
'''),
    # Layer norm and projection of the merged tokens recomputed in backward (non-reentrant checkpoint over the merged
    # tokens, gamma, beta, W).
    "blind46_right_patch_merging_norm_and_projection_checkpointed": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint

            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)

            def norm_project(tokens, gamma, beta, W):
                return W @ layer_norm(tokens, gamma, beta, eps)

            out = checkpoint(norm_project, merged, gamma, beta, W, use_reentrant=False)
            return out.unflatten(-1, (height // 2, width // 2))
'''),
    # Custom group-attention Function with the right backward: dV = W dO, dW = V dOᵀ, the column-softmax VJP times the
    # scale, dQ = dSᵀ K, dK = dS Q. The counterpart of the wrong transposed entry.
    "blind46_right_channel_attention_custom_function_group_core": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)

            class _GroupAttention(torch.autograd.Function):
                @staticmethod
                def forward(ctx, Q, K, V):
                    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
                    ctx.save_for_backward(Q, K, V, weights)
                    return weights.transpose(-2, -1) @ V

                @staticmethod
                def backward(ctx, grad):
                    Q, K, V, weights = ctx.saved_tensors
                    grad_V = weights @ grad
                    d_weights = V @ grad.transpose(-2, -1)             # [j, i] = <V_j, grad_i>
                    d_scores = weights * (d_weights - (d_weights * weights).sum(dim=-2, keepdim=True)) * scale
                    return d_scores.transpose(-2, -1) @ K, d_scores @ Q, grad_V

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            return linear(merge_heads(_GroupAttention.apply(Q, K, V)), params["Wo"], params["bo"])
'''),
    # log-softmax with the column max detached in both places: a constant shift cancels in the value and in the gradient.
    # The counterpart of the wrong half-detached entry.
    "blind46_right_sequence_log_prob_logsumexp_shift_fully_detached": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            top = logits.amax(dim=0, keepdim=True).detach()      # a constant shift: it cancels in value and gradient
            lse = top + torch.log(torch.exp(logits - top).sum(dim=0, keepdim=True))
            log_probs = logits - lse
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
}
