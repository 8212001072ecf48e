"""Eighty-seventh blind batch of held-out implementations (prefix blind86_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_84.py) were only skimmed for their entry names (to leave out
what they already hold: vmap over heads, columns, pixels and flat batches, GRUCell and module functional_call, custom
Functions for softmax, layer norm, rotary, embed and sdpa, reentrant checkpoints of a whole layer) and for the header
of held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor
benchmarks/, nor the batches written at the same time (held_out_blind_85.py, held_out_blind_87.py).

Emphasis: functional transforms and scripting. Wrong entries: torch.func.vmap with in_dims/out_dims slips (heads
stacked in front of the batch, rows stacked last in a nested vmap over grid cells, a mask mapped along its query axis
or with the batch when it has fewer axes or an axis of 1, a mask left unmapped that is per sequence, one vmap per batch
axis assumed to be exactly one, the leading axes of s and H assumed equal where they broadcast, query rows stacked as
rows), a batch of one squeezed away, an in-place shift inside vmap that writes the caller's tensor, randomness="same"
giving every row of an MLM batch the same draws; softmax as the gradient of logsumexp (torch.func.grad without the
all -inf guard; torch.autograd.grad on a detached copy, which cuts the graph); torch.jit.script-ed helpers whose
annotations narrow a float to an int (the sdpa scale, layer norm's eps, the rotary base, T5's log ratio written with
//), a helper default argument never overridden (dim=-1, bidirectional=True), float32 angles from .float(), and
`scale or default` for an optional float; torch.autograd.Function with a hand-written backward that is wrong
(straight-through ReLU, a mean without 1/N, a window partition undone by a plain reshape, a palette gradient not
moved channel-first); reentrant torch.utils.checkpoint with weights captured by the closure; functional_call on a
meta nn.GRUCell (one batch axis only) and on head-sliced meta nn.Linear weights cut interleaved. Right entries use
the same tools correctly: vmap over broadcast-then-flattened batches, over query columns, positions, grid cells,
groups, heads (out_dims=-3) and window-grid axes; vmap of functional_call over contiguous head weights on a meta
module; torch.func.grad of a guarded logsumexp; scripted helpers with float and Optional annotations and every
argument passed; custom Functions with full backwards (masked ReLU under a non-reentrant checkpoint, the token mean,
window_reverse's adjoint, the palette's index_add); a non-reentrant checkpoint with weights in the closure.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind86/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source in place of the function, `import math`, `import torch` and `import
torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's visible
tests: every right entry passes them, and each wrong entry's comment says whether it does (19 of the 30 wrong entries
pass them: the gradients (custom backwards, reentrant checkpoints, the detached autograd.grad), masks the visible tests
do not try with these functions (padding masks, masks with fewer or unit leading axes), two batch axes, a batch of
one, a non-square D_k, a fractional rotary base, a max_distance that exact does not divide, the input written in
place). Each wrong entry's recorded input was run on the model answer and on the entry and both printed; each differs
as its comment says (NaN, a raised error on an allowed input, a wrong shape, different values, a missing or different
gradient, identical rows of MLM labels). Right entries were compared with the model answer on at least 200 random calls
each (three seeds): float32 and float64 inputs, a float64 default dtype in about 15% of calls, no batch axis,
one or two batch axes and batch axes of 1, non-contiguous (transposed) inputs, masks (N_k, N_q), with fewer leading
axes, with leading axes of 1, padding masks (B, N_k, 1), masks with a query column all False, Xq passed as the same
object as Xkv, scores of -inf, all -inf columns, scores at 1000x scale and +-1e4, eps, scale (0.0 included), base,
bidirectional, num_buckets and max_distance given or not, int32 and uint8 palette ids: values (float32 to 2e-4,
float64 to 1e-9 of scale), shapes and dtypes equal, gradients of a random projection of the outputs with respect to
every floating-point input and weight equal to 2e-3 of their scale, arguments unchanged, the same call under
torch.no_grad() (which stays on), and torch's global generator state unchanged.

Judgement calls: the scripted entries (right and wrong) call torch.jit.script on a function nested in the entry, which
needs the function's source on disk (inspect.getsource): the harness writes the entry into a copy of the module file,
so it has it; a harness that exec'd the source from a string would make them raise. They compile on every call (about
2 to 6 ms; no cache kept between calls). blind86_mlm_corrupt_vmap_rows_randomness_same keeps every marginal rate right
(each position is chosen with probability mask_prob, split 80/10/10) and fails only the contract's independence across
rows; a check of per-position frequencies alone would pass it (the visible tests do fail it). The two reentrant
checkpoint entries give the right gradients through .backward() whenever X requires grad (the recomputation's own
backward accumulates into the captured weights); they are wrong when X does not require grad, and under
torch.autograd.grad. blind86_rotary_scripted_angles_in_float32 is off by about 1e-7 in float64 only. Dropped: a
next_token_probs entry with `top_p or 1.0` (top_p = 0 is outside the stub's checks, so no allowed input shows it), a
vmap-over-columns feed_forward transposed back with .mT (the same idea as blind31's rotate_columns entry), an
nn.MultiheadAttention functional_call (blind84 holds it), and a custom apply_mask backward that passes gradient through
hidden entries (the contract never compares it). Fewer entries than the brief's 55 / 35: the time box.

Counts: 30 wrong, 31 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'feed_forward': 1,
'grid_attention': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'patch_merging': 1,
'relative_position_bucket': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1,
'softmax_cols': 5, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 2, 'average_pool_head': 1, 'causal_mask': 1,
'channel_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'feed_forward': 2, 'grid_attention': 1,
'gru_step': 1, 'layer_norm': 2, 'multi_head_attention': 2, 'padding_mask': 1, 'patch_merging': 1,
'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1,
'sinusoidal_positions': 1, 'softmax_cols': 3, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_86 = {
    # softmax as the gradient of logsumexp (torch.func.grad, vmapped over the columns): right for finite columns, but a
    # column that is entirely -inf has logsumexp -inf and gradient exp(-inf - -inf) = NaN, not zeros. softmax_cols([[-inf,
    # 0], [-inf, 1]]): model column 0 = [0, 0], entry [nan, nan]. Fails the visible tests.
    "blind86_softmax_cols_grad_of_logsumexp_nan_on_hidden_column": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            from torch.func import grad, vmap
            log_partition = lambda column: torch.logsumexp(column, dim=0)
            rows, cols = scores.shape[-2:]
            columns = scores.movedim(-1, -2).reshape(-1, rows)           # every column as a vector
            weights = vmap(grad(log_partition))(columns)                  # d logsumexp / d s = softmax
            return weights.reshape(*scores.shape[:-2], cols, rows).movedim(-1, -2)
'''),
    # The vmapped column function shifts its column in place (c.sub_): under vmap the column is a view of the caller's
    # tensor (reshape of a contiguous input is a view), so the caller's scores are overwritten by the shifted scores, and
    # a leaf scores tensor that requires grad raises. softmax_cols(S) on a contiguous S = [[1., 2.], [3., 0.]]: model
    # leaves S unchanged, entry leaves S = [[-2., 0.], [0., -2.]]. Passes the visible tests.
    "blind86_softmax_cols_vmap_column_shifted_in_place": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def column(c):
                top = c.amax()
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
                c.sub_(top)                                    # shift in place: no copy per column
                e = c.exp()
                total = e.sum()
                return e / torch.where(total == 0, torch.ones_like(total), total)
            flat = scores.reshape(-1, *scores.shape[-2:])
            per_column = torch.vmap(column, in_dims=1, out_dims=1)
            return torch.vmap(per_column)(flat).reshape(scores.shape)
'''),
    # vmap nested twice for "the batch and the columns": right for (M, N) and (B, M, N), but with two batch axes the inner
    # vmap's in_dims=1 lands on the second batch axis's slice's M axis: scores (2, 3, M, N) are normalised over the 3
    # axis-1 entries of each (3, N)... slice instead of down each column. Any (2, 3, 4, 5) input: entry columns do not sum
    # to 1 (they sum to values like 0.4). Passes the visible tests.
    "blind86_softmax_cols_nested_vmap_assumes_one_batch_axis": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def column(c):
                top = c.amax()
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
                e = torch.exp(c - top)
                total = e.sum()
                return e / torch.where(total == 0, torch.ones_like(total), total)
            over_columns = torch.vmap(column, in_dims=1, out_dims=1)
            if scores.dim() == 2:
                return over_columns(scores)
            return torch.vmap(over_columns)(scores)          # the batch axis, then the columns
'''),
    # vmap nested once per batch axis, mapping the mask along with the scores whenever it has as many axes: a mask with
    # fewer leading axes, or with a leading axis of 1, is wrong. scores (2, 3, 4, 5) with mask (3, 4, 5): the mask is
    # handed whole to every (4, 5) slice and the result is (2, 3, 3, 4, 5); mask (1, 3, 4, 5): vmap raises (size 1 vs 2).
    # Passes the visible tests.
    "blind86_apply_mask_nested_vmap_maps_mask_only_at_full_rank": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            def hide(s, m):
                return torch.where(m, s, float("-inf"))
            fn = hide
            for _ in range(scores.dim() - 2):                 # one vmap per batch axis
                fn = torch.vmap(fn, in_dims=(0, 0 if mask.dim() == scores.dim() else None))
            return fn(scores, mask)
'''),
    # vmap over the query columns with the mask mapped along its last axis too: a mask whose query axis is broadcast (a
    # padding mask (B, N_k, 1)) has 1 column where vmap needs N_q, and vmap raises. Q, K, V (2, 4, 3) with mask
    # padding_mask([2, 3], 3) of shape (2, 3, 1): model returns, entry raises ValueError. Passes the visible tests.
    "blind86_sdpa_vmap_over_queries_maps_mask_columns": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            keys_t = K.transpose(-2, -1)

            def one_query(q, m):                             # q (..., D_k), m (..., N_k) or None
                s = (keys_t @ q.unsqueeze(-1)).squeeze(-1) / math.sqrt(d_k)   # (..., N_k)
                if m is not None:
                    s = s.masked_fill(~m, float("-inf"))
                w = softmax_cols(s.unsqueeze(-1)).squeeze(-1)
                return (V @ w.unsqueeze(-1)).squeeze(-1), w
            in_dims = (-1, None if mask is None else -1)
            return torch.vmap(one_query, in_dims=in_dims, out_dims=(-1, -1))(Q, mask)
'''),
    # A torch.jit.script-ed core whose scale parameter is annotated int (the learner wrote `scale: int` and then passed
    # int(math.sqrt(d_k)) to satisfy TorchScript): the scale is truncated unless D_k is a perfect square. D_k = 2 (Q, K, V
    # of shape (2, 3)): model scales by 1/sqrt(2), entry by 1/1 -- different weights. Passes the visible tests.
    "blind86_sdpa_scripted_core_scale_annotated_int": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            from typing import Optional

            def core(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: Optional[torch.Tensor],
                     root_dk: int):
                scores = K.transpose(-2, -1) @ Q / root_dk
                if mask is not None:
                    scores = scores.masked_fill(~mask, float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
                e = torch.exp(scores - top)
                total = e.sum(dim=-2, keepdim=True)
                weights = e / torch.where(total == 0, torch.ones_like(total), total)
                return V @ weights, weights
            return torch.jit.script(core)(Q, K, V, mask, int(math.sqrt(Q.shape[-2])))
'''),
    # The three projections run under torch.utils.checkpoint with use_reentrant=True and the weights captured by the
    # closure: the reentrant checkpoint only differentiates its explicit inputs, so when X does not require grad the
    # output has no graph at all and no weight gets a gradient (when X does, .backward() still reaches the weights as a
    # side effect of the recomputation, but torch.autograd.grad raises). X (2, 3) plain, weights requiring grad: model
    # output.sum().backward() fills Wq.grad, entry raises (element 0 does not require grad). Passes the visible tests.
    "blind86_self_attention_reentrant_checkpoint_weights_in_closure": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            from torch.utils.checkpoint import checkpoint

            def project(inp):
                return linear(inp, Wq, bq), linear(inp, Wk, bk), linear(inp, Wv, bv)
            Q, K, V = checkpoint(project, X, use_reentrant=True)        # recompute in backward, save memory
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The heads are vmapped over axis -3 of the split projections but stacked with out_dims=0 (in front of the batch axes)
    # and then reshaped as if they were at -3: right without batch axes, rows of different batch items and heads mixed
    # with them. Xq = Xkv of shape (2, 4, 3), 2 heads: entry output differs from the model's. Fails the visible tests.
    "blind86_mha_vmap_heads_stacked_in_front_of_batch": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)

            def one_head(q, k, v):
                return scaled_dot_product_attention(q, k, v, mask)[0]
            heads = torch.vmap(one_head, in_dims=(-3, -3, -3), out_dims=0)(Q, K, V)   # (H, ..., D/H, N_q)
            merged = heads.reshape(*Xq.shape[:-2], Xq.shape[-2], -1)
            return linear(merged, params["Wo"], params["bo"])
'''),
    # A torch.jit.script-ed layer norm whose eps is annotated int (TorchScript then refused the float 1e-5, so the call
    # site became int(eps)): eps is always 0. A column whose features are all equal has variance 0 and gives 0/0 = NaN;
    # otherwise the result is off by a relative 1e-5/(2 var). layer_norm(ones(3, 2), ones(3), zeros(3)): model zeros,
    # entry NaN. Fails the visible tests.
    "blind86_layer_norm_scripted_eps_annotated_int": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            def normalise(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: int) -> torch.Tensor:
                mean = X.mean(dim=-2, keepdim=True)
                var = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
                return gamma.unsqueeze(-1) * (X - mean) / torch.sqrt(var + eps) + beta.unsqueeze(-1)
            return torch.jit.script(normalise)(X, gamma, beta, int(eps))
'''),
    # Unbatched inputs get a batch axis of one for vmap, and the result is "unbatched" again with squeeze(0), which also
    # drops a real leading batch axis of size 1. X (1, 3, 2): model (1, 3, 2), entry (3, 2). Passes the visible tests.
    "blind86_layer_norm_vmap_squeeze_drops_batch_of_one": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            def one_sequence(x):                             # x (D, N)
                mean = x.mean(dim=0, keepdim=True)
                var = x.var(dim=0, keepdim=True, correction=0)
                return gamma[:, None] * (x - mean) / torch.sqrt(var + eps) + beta[:, None]
            if X.dim() == 2:
                X = X.unsqueeze(0)
            D, N = X.shape[-2:]
            out = torch.vmap(one_sequence)(X.reshape(-1, D, N)).reshape(X.shape)
            return out.squeeze(0)                            # undo the batch axis added above
'''),
    # A custom autograd.Function for the ReLU whose backward passes the gradient straight through (as for a straight-
    # through estimator): forward values are right, but W1, b1 and X get gradient from the inactive hidden units too. W1 =
    # [[1.]], b1 = [-5.], X = [[1.]], W2 = [[1.]], b2 = [0.]: model W1.grad = 0, entry W1.grad = 1. Passes the visible
    # tests.
    "blind86_feed_forward_custom_relu_straight_through_backward": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            class Relu(torch.autograd.Function):
                @staticmethod
                def forward(ctx, h):
                    return h.clamp(min=0)

                @staticmethod
                def backward(ctx, grad_out):
                    return grad_out                          # the ReLU's slope is 1 where it is active

            hidden = Relu.apply(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # The layer is vmapped over the leading batch axis with the mask unmapped (in_dims None): right for an (N, N) mask,
    # but a per-sequence mask (B, N, N) or a padding mask (B, N, 1) is given whole to every sequence, whose attention then
    # broadcasts it to a batch of B. X (2, 4, 3) with padding_mask([3, 1], 3): model (2, 4, 3), entry (2, 2, 4, 3). Passes
    # the visible tests.
    "blind86_transformer_layer_vmap_batch_mask_unmapped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def one(x):
                if norm_first:
                    h = layer_norm(x, params["gamma1"], params["beta1"])
                    x = x + multi_head_attention(h, h, params, num_heads, mask)
                    h = layer_norm(x, params["gamma2"], params["beta2"])
                    return x + feed_forward(h, params["W1"], params["b1"], params["W2"], params["b2"])
                x = layer_norm(x + multi_head_attention(x, x, params, num_heads, mask), params["gamma1"], params["beta1"])
                return layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                  params["gamma2"], params["beta2"])
            if X.dim() == 2:
                return one(X)
            out = torch.vmap(one)(X.reshape(-1, *X.shape[-2:]))       # the mask is the same for every sequence
            return out.reshape(*X.shape[:-2], *out.shape[1:])
'''),
    # Batched decoder inputs are vmapped over their first axis, the encoder mask mapped along with them when given: a mask
    # without that batch axis ((N_e, N_d), or a leading axis of 1) makes vmap map its N_e axis or raise. X_dec (2, 4, 3),
    # X_enc (2, 4, 5), enc_mask (5, 3): model (2, 4, 3), entry raises (vmap: size 5 vs 2). Passes the visible tests.
    "blind86_decoder_layer_vmap_maps_enc_mask_with_batch": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def one(x, enc, m):
                causal = causal_mask(x.shape[-1])
                x = layer_norm(x + multi_head_attention(x, x, params["self_attn"], num_heads, causal),
                               params["gamma1"], params["beta1"])
                x = layer_norm(x + cross_attention(x, enc, params["cross_attn"], num_heads, m),
                               params["gamma2"], params["beta2"])
                return layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                  params["gamma3"], params["beta3"])
            if X_dec.dim() == 2:
                return one(X_dec, X_enc, enc_mask)
            return torch.vmap(one, in_dims=(0, 0, None if enc_mask is None else 0))(X_dec, X_enc, enc_mask)
'''),
    # vmap over the batch axis of s and H together: the contract lets their leading axes broadcast (one decoder state
    # against a batch of encoder states, or s (B, 1, D_s) against H (1, T, D_h, N)), which vmap refuses or maps wrongly. s
    # (3,), H (2, 4, 5): model weights (2, 5), entry raises (s is vmapped over its D_s axis). Fails the visible tests.
    "blind86_additive_attention_vmap_assumes_equal_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            def one(s1, H1, m1):                            # s1 (D_s,), H1 (D_h, N), m1 (N,) or None
                e = v @ torch.tanh((W @ s1)[:, None] + U @ H1)
                if m1 is not None:
                    e = e.masked_fill(~m1, float("-inf"))
                w = softmax_cols(e[:, None])[:, 0]
                return w, H1 @ w
            fn = one
            for _ in range(H.dim() - 2):
                fn = torch.vmap(fn, in_dims=(0, 0, None if mask is None else 0))
            return fn(s, H, mask)
'''),
    # The grid's cells are scored with vmap nested over columns (inner) and rows (outer), but the outer vmap stacks the
    # rows at -1: e comes out (..., W, H), transposed. The softmax is still one over all the cells, but the (W, H) scores
    # are read back as (H, W), so the weights land on the wrong cells and the context pairs each weight with the wrong
    # cell's features. s (3,), features (2, 2, 3): model weights [.247, .246, .320, .087, .033, .067], entry [.247, .087,
    # .246, .033, .320, .067] (the transpose read in raster order), contexts differ. Passes the visible tests.
    "blind86_grid_attention_nested_vmap_rows_stacked_last": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = s @ W.T                                   # (..., D_a)
            def cell(h):                                      # h (..., C)
                return (torch.tanh(query + h @ U.T) * v).sum(-1)
            over_columns = torch.vmap(cell, in_dims=-1, out_dims=-1)              # (..., C, W) -> (..., W)
            e = torch.vmap(over_columns, in_dims=-2, out_dims=-1)(features)       # rows: (..., C, H, W) -> ?
            height, width = features.shape[-2:]
            weights = softmax_cols(e.flatten(-2).unsqueeze(-1)).squeeze(-1)
            context = (features.flatten(-2) @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # The softmax is taken as the gradient of logsumexp with torch.autograd.grad on a detached copy, without create_graph:
    # the values are right (all -inf columns guarded), but the result has no graph, so no gradient reaches the scores, and
    # through attention none reaches Q, K or the weights. scores (3, 2) requiring grad: model (w * c).sum().backward()
    # gives scores.grad, entry raises (the output does not require grad). Passes the visible tests.
    "blind86_softmax_cols_autograd_grad_of_logsumexp_detached": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            hidden = torch.isinf(scores) & (scores < 0)
            all_hidden = hidden.all(dim=-2, keepdim=True)          # columns that see nothing
            safe = scores.masked_fill(all_hidden, 0.0)
            with torch.enable_grad():
                s = safe.detach().requires_grad_(True)
                (weights,) = torch.autograd.grad(torch.logsumexp(s, dim=-2).sum(), s)
            return weights.masked_fill(all_hidden, 0.0)
'''),
    # A scripted helper written with the row-softmax default `dim: int = -1`, called without the dim: softmax along the
    # rows (over the queries) instead of down the columns. softmax_cols([[0., ln 3], [0., 0.]]): model [[.5, .75], [.5,
    # .25]], entry [[.25, .75], [.5, .5]]. Fails the visible tests.
    "blind86_softmax_cols_scripted_helper_default_dim_last": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def stable_softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
                top = x.amax(dim=dim, keepdim=True)
                top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
                e = torch.exp(x - top)
                total = e.sum(dim=dim, keepdim=True)
                return e / torch.where(total == 0, torch.ones_like(total), total)
            return torch.jit.script(stable_softmax)(scores)
'''),
    # rotate_columns as a TorchScript function whose base is annotated int (TorchScript refused 10000.0 for an int, so the
    # call became int(base)): a fractional base is truncated. rotary_embedding(Q, K, base=2.5) with Q, K (4, 3): model
    # rotates by 2.5^(-2i/D) per position, entry by 2^(-2i/D). Passes the visible tests.
    "blind86_rotary_scripted_base_annotated_int": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            from typing import Optional

            def rotate(X: torch.Tensor, positions: Optional[torch.Tensor], base: int) -> torch.Tensor:
                dim = X.shape[-2]
                n = X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = torch.pow(float(base), -torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos = angles.cos().to(X.dtype)
                sin = angles.sin().to(X.dtype)
                half = dim // 2
                top = X[..., :half, :]
                bottom = X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            rot = torch.jit.script(rotate)
            return rot(Q, positions_q, int(base)), rot(K, positions_k, int(base))
'''),
    # A scripted rotation that builds its angles with .float() (TorchScript's usual spelling of "to float"): the angles,
    # cos and sin are float32, so a float64 Q and K are rotated only to float32 accuracy (errors near 1e-7 for positions
    # of a few tens) where the contract computes float64 in float64. Q, K float64 (4, 50): entry differs from the model by
    # about 1e-6. Fails the visible tests.
    "blind86_rotary_scripted_angles_in_float32": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            from typing import Optional

            def rotate(X: torch.Tensor, positions: Optional[torch.Tensor], base: float) -> torch.Tensor:
                dim = X.shape[-2]
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                theta = torch.pow(base, -torch.arange(0, dim, 2).float() / dim)
                angles = theta[:, None] * positions.float()[None, :]
                cos = angles.cos().to(X.dtype)
                sin = angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            rot = torch.jit.script(rotate)
            return rot(Q, positions_q, base), rot(K, positions_k, base)
'''),
    # T5's buckets as a TorchScript function in which the log ratio was declared `ratio: int` and computed with //
    # (TorchScript would not assign max_distance / exact, a float, to it): log(max_distance // exact) is wrong whenever
    # exact does not divide max_distance. offsets [-53, -28], num_buckets 32, max_distance 100: model [13, 11], entry [14,
    # 12]. Passes the visible tests.
    "blind86_relative_bucket_scripted_log_ratio_floor_divided": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            def bucket(offset: torch.Tensor, bidirectional: bool, num_buckets: int,
                       max_distance: int) -> torch.Tensor:
                offset = offset.long()
                if bidirectional:
                    half = num_buckets // 2
                    base = torch.where(offset > 0, half, 0)
                    distance = offset.abs()
                else:
                    half = num_buckets
                    base = torch.zeros_like(offset)
                    distance = torch.clamp(-offset, min=0)
                exact = half // 2
                ratio: int = max_distance // exact
                log_scale = torch.log(distance.float() / exact) / math.log(ratio) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                return base + torch.where(distance < exact, distance, far)
            return torch.jit.script(bucket)(relative_position, bidirectional, num_buckets, max_distance)
'''),
    # The scripted bucket function has defaults, and the call passes num_buckets and max_distance by name but forgets
    # bidirectional, whose default True then always applies. offsets [-3, 3] with bidirectional=False: model [3, 0], entry
    # [3, 19]. Fails the visible tests.
    "blind86_relative_bucket_scripted_default_bidirectional_not_passed": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            def bucket(offset: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                       max_distance: int = 128) -> torch.Tensor:
                offset = offset.long()
                if bidirectional:
                    half = num_buckets // 2
                    base = torch.where(offset > 0, half, 0)
                    distance = offset.abs()
                else:
                    half = num_buckets
                    base = torch.zeros_like(offset)
                    distance = torch.clamp(-offset, min=0)
                exact = half // 2
                log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                return base + torch.where(distance < exact, distance, far)
            scripted = torch.jit.script(bucket)
            return scripted(relative_position, num_buckets=num_buckets, max_distance=max_distance)
'''),
    # The scripted group attention needs a float scale, and the call passes `scale or 1 / math.sqrt(N)`: an explicit
    # scale=0.0 (uniform weights within each group) is taken for "no scale given". channel_attention(X, params, 2,
    # scale=0.0) with X (4, 3): model averages each group's value rows, entry uses 1/sqrt(3). Fails the visible tests.
    "blind86_channel_attention_scripted_scale_or_default": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            def attend(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, scale: float) -> torch.Tensor:
                scores = K @ Q.transpose(-2, -1) * scale
                weights = torch.softmax(scores, dim=-2)
                return weights.transpose(-2, -1) @ V
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            out = torch.jit.script(attend)(Q, K, V, scale or 1 / math.sqrt(tokens))
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # A custom autograd.Function whose forward is right but whose backward undoes the partition with one reshape (no axis
    # moves): the gradient reaching X is scattered to the wrong grid cells whenever there is more than one window. X (1,
    # 4, 4) requiring grad, window 2, backward of (out * R).sum(): model X.grad = window_reverse(R), entry R reshaped to
    # (1, 4, 4). Passes the visible tests.
    "blind86_window_partition_custom_backward_plain_reshape": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window

            class Partition(torch.autograd.Function):
                @staticmethod
                def forward(ctx, grid):
                    ctx.grid_shape = grid.shape
                    g = grid.reshape(*batch, channels, height // M, M, width // M, M)
                    g = g.movedim((-4, -2), (-5, -4))
                    return g.reshape(*batch, (height // M) * (width // M), channels, M * M)

                @staticmethod
                def backward(ctx, grad):
                    return grad.reshape(ctx.grid_shape)          # the same elements, back in the grid's shape

            return Partition.apply(X)
'''),
    # The layer norm runs under a reentrant checkpoint with gamma and beta captured by the lambda: the reentrant
    # checkpoint differentiates only its explicit input (the merged tokens). When X requires grad, .backward() reaches
    # gamma and beta as a side effect of the recomputation, but torch.autograd.grad(loss, [gamma, X]) raises; when X does
    # not, gamma and beta get no gradient at all. X (2, 4, 4) plain, gamma, beta, W requiring grad: model gamma.grad
    # nonzero, entry gamma.grad None. Passes the visible tests.
    "blind86_patch_merging_reentrant_checkpoint_norm_weights_in_closure": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)
            tokens = checkpoint(lambda t: layer_norm(t, gamma, beta, eps), merged, use_reentrant=True)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # A custom autograd.Function for the mean over the tokens whose backward spreads the incoming gradient to every column
    # without dividing by N: forward right, X.grad N times too large (W and b are fine). X (3, 4) requiring grad: model
    # X.grad = W.T @ g / 4 per column, entry 4 times that. Passes the visible tests.
    "blind86_average_pool_head_custom_mean_backward_without_1_over_n": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            class TokenMean(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    ctx.n = x.shape[-1]
                    return x.sum(dim=-1) / ctx.n

                @staticmethod
                def backward(ctx, grad):
                    return grad.unsqueeze(-1).expand(*grad.shape, ctx.n)     # every column contributed

            pooled = TokenMean.apply(X)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # A custom autograd.Function for the palette lookup whose backward adds the gradient into the palette with index_add
    # over ids.flatten() but takes the gradient's values as grad.reshape(C, -1) (no movedim): with batch axes, the values
    # no longer line up with the ids. ids (2, 2, 2), palette (3, 5) requiring grad: model palette.grad differs from the
    # entry's. Passes the visible tests.
    "blind86_dequantize_custom_backward_gradient_not_channel_first": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.long()

            class Lookup(torch.autograd.Function):
                @staticmethod
                def forward(ctx, table):
                    return table[:, index].movedim(0, -3)

                @staticmethod
                def backward(ctx, grad):
                    channels = grad.shape[-3]
                    out = grad.new_zeros(channels, palette.shape[1])
                    return out.index_add(1, index.flatten(), grad.reshape(channels, -1))

            return Lookup.apply(palette)
'''),
    # The rows are corrupted by a vmapped function with randomness="same" (vmap refuses random draws by default): every
    # row of the batch then gets the same draws, so the same positions are chosen, masked and replaced in every row, where
    # the contract chooses every position independently. ids = 7 * ones(64, 40) with specials [0]: every row of the
    # entry's labels is identical (the model's rows differ). Fails the visible tests.
    "blind86_mlm_corrupt_vmap_rows_randomness_same": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)

            def one_row(row):
                chosen = ~torch.isin(row, special) & (torch.rand(row.shape, generator=generator) < mask_prob)
                action = torch.rand(row.shape, generator=generator)
                random_ids = torch.randint(0, vocab_size, row.shape, generator=generator, dtype=row.dtype)
                out = torch.where(chosen & (action < 0.8), torch.full_like(row, mask_id), row)
                out = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, out)
                return out, torch.where(chosen, row.long(), -100)
            if ids.dim() == 1:
                return one_row(ids)
            flat = ids.reshape(-1, ids.shape[-1])
            corrupted, labels = torch.vmap(one_row, randomness="same")(flat)
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # The mask is built by vmapping over the queries, but each query's key row is stacked as a row (out_dims=0): [i, j] =
    # (j <= i), the transpose of the contract's [j, i]. causal_mask(3): model upper triangle [[T, T, T], [F, T, T], [F, F,
    # T]], entry lower triangle. Fails the visible tests.
    "blind86_causal_mask_vmap_over_queries_stacked_as_rows": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(n)
            return torch.vmap(lambda query: keys <= query)(torch.arange(n))
'''),
    # Per-head projections by vmapping a meta nn.Linear through torch.func.functional_call over head weights, but the head
    # weights are cut as Wq.reshape(D/H, H, D).transpose(0, 1): head h gets rows h, H + h, ... (interleaved) instead of
    # the contiguous block h*D/H ... . Xq = Xkv (4, 3), 2 heads: entry output differs from the model's. Fails the visible
    # tests.
    "blind86_mha_vmap_functional_call_head_weights_interleaved": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch.func import functional_call
            head_dim = dim // num_heads
            proj = torch.nn.Linear(dim, head_dim, device="meta")

            def project(name, X):
                Wh = params["W" + name].reshape(head_dim, num_heads, dim).transpose(0, 1)   # (H, D/H, D)
                bh = params["b" + name].reshape(head_dim, num_heads).transpose(0, 1)        # (H, D/H)
                run = lambda w, b: functional_call(proj, {"weight": w, "bias": b}, (X.transpose(-2, -1),))
                return torch.vmap(run, out_dims=-3)(Wh, bh).transpose(-2, -1)              # (..., H, D/H, N)
            heads, _ = scaled_dot_product_attention(project("q", Xq), project("k", Xkv), project("v", Xkv),
                                                    None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # torch.func.functional_call on an nn.GRUCell built on the meta device with the given weights: nn.GRUCell takes (I,)
    # or (B, I) only, so a decoder state with two batch axes, or leading axes that broadcast, raises. s_prev (2, 3, 4),
    # y_prev (2, 3, 2), H (2, 3, 5, 6): model returns, entry raises (GRUCell: 1-D or 2-D input). Passes the visible tests.
    "blind86_decoder_step_functional_call_grucell_two_batch_axes": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            from torch.func import functional_call
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            cell = torch.nn.GRUCell(params["weight_ih"].shape[1], s_prev.shape[-1], device="meta")
            gru = {k: params[k] for k in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
            s = functional_call(cell, gru, (torch.cat([y_prev, context], dim=-1), s_prev))
            logits = torch.cat([s, context], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
}
RIGHT_BLIND_86 = {
    "blind86_right_softmax_cols_func_grad_of_guarded_logsumexp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            from torch.func import grad
            blind = (scores == float("-inf")).all(dim=-2, keepdim=True)     # columns that see no key
            safe = scores.masked_fill(blind, 0.0)
            weights = grad(lambda s: torch.logsumexp(s, dim=-2).sum())(safe)   # d/ds logsumexp = softmax
            return weights.masked_fill(blind, 0.0)
'''),
    "blind86_right_softmax_cols_scripted_helper_dim_passed": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def stable_softmax(x: torch.Tensor, dim: int) -> torch.Tensor:
                top = x.amax(dim=dim, keepdim=True)
                top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
                e = torch.exp(x - top)
                total = e.sum(dim=dim, keepdim=True)
                return e / torch.where(total == 0, torch.ones_like(total), total)
            return torch.jit.script(stable_softmax)(scores, -2)
'''),
    "blind86_right_softmax_cols_vmap_columns_of_flat_batch": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def column(c):
                top = c.amax()
                top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
                e = torch.exp(c - top)                        # a new tensor: the input is not touched
                total = e.sum()
                return e / torch.where(total == 0, torch.ones_like(total), total)
            rows, cols = scores.shape[-2:]
            flat = scores.reshape(-1, rows, cols)
            out = torch.vmap(torch.vmap(column, in_dims=1, out_dims=1))(flat)
            return out.reshape(scores.shape)
'''),
    "blind86_right_apply_mask_vmap_over_broadcast_flat_batch": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            full = torch.broadcast_to(mask, scores.shape)       # the mask never adds batch axes
            rows, cols = scores.shape[-2:]
            hide = lambda s, m: torch.where(m, s, torch.full_like(s, float("-inf")))
            out = torch.vmap(hide)(scores.reshape(-1, rows, cols), full.reshape(-1, rows, cols))
            return out.reshape(scores.shape)
'''),
    "blind86_right_apply_mask_scripted_masked_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            def hide(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                return scores.masked_fill(torch.logical_not(mask), float("-inf"))
            return torch.jit.script(hide)(scores, mask)
'''),
    "blind86_right_sdpa_vmap_over_queries_mask_broadcast_first": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            keys_t = K.transpose(-2, -1)                          # (..., N_k, D_k)
            if mask is not None:
                batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
                mask = torch.broadcast_to(mask, (*batch, K.shape[-1], Q.shape[-1]))

            def one_query(q, m):
                s = (keys_t @ q.unsqueeze(-1)) / math.sqrt(d_k)     # (..., N_k, 1): one column of scores
                if m is not None:
                    s = s.masked_fill(~m.unsqueeze(-1), float("-inf"))
                w = softmax_cols(s)
                return (V @ w).squeeze(-1), w.squeeze(-1)
            return torch.vmap(one_query, in_dims=(-1, None if mask is None else -1), out_dims=(-1, -1))(Q, mask)
'''),
    "blind86_right_sdpa_scripted_core_optional_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            from typing import Optional, Tuple

            def core(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor,
                     mask: Optional[torch.Tensor]) -> Tuple[torch.Tensor, torch.Tensor]:
                scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
                if mask is not None:
                    scores = scores.masked_fill(torch.logical_not(mask), float("-inf"))
                top = scores.amax(dim=-2, keepdim=True)
                top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
                e = torch.exp(scores - top)
                total = e.sum(dim=-2, keepdim=True)
                weights = e / torch.where(total == 0, torch.ones_like(total), total)
                return V @ weights, weights
            return torch.jit.script(core)(Q, K, V, mask)
'''),
    "blind86_right_self_attention_vmap_flat_batch_mask_broadcast": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            D, N = X.shape[-2:]
            batch = X.shape[:-2]

            def one(x, m):
                return scaled_dot_product_attention(linear(x, Wq, bq), linear(x, Wk, bk), linear(x, Wv, bv), m)
            flat = X.reshape(-1, D, N)
            if mask is None:
                out, weights = torch.vmap(lambda x: one(x, None))(flat)
            else:
                m = torch.broadcast_to(mask, (*batch, N, N)).reshape(-1, N, N)
                out, weights = torch.vmap(one)(flat, m)
            return out.reshape(*batch, -1, N), weights.reshape(*batch, N, N)
'''),
    "blind86_right_mha_vmap_functional_call_contiguous_head_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch.func import functional_call
            head_dim = dim // num_heads
            proj = torch.nn.Linear(dim, head_dim, device="meta")     # no storage, no draw from the global RNG

            def project(name, X):
                Wh = params["W" + name].reshape(num_heads, head_dim, dim)   # head h: rows h*D/H ... contiguous
                bh = params["b" + name].reshape(num_heads, head_dim)
                run = lambda w, b: functional_call(proj, {"weight": w, "bias": b}, (X.transpose(-2, -1),))
                return torch.vmap(run, out_dims=-3)(Wh, bh).transpose(-2, -1)   # (..., H, D/H, N)
            heads, _ = scaled_dot_product_attention(project("q", Xq), project("k", Xkv), project("v", Xkv),
                                                    None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind86_right_mha_vmap_heads_out_dims_minus_three": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)

            def one_head(q, k, v):
                return scaled_dot_product_attention(q, k, v, mask)[0]      # the mask broadcasts per head
            heads = torch.vmap(one_head, in_dims=(-3, -3, -3), out_dims=-3)(Q, K, V)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind86_right_layer_norm_scripted_eps_float": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            def normalise(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float) -> torch.Tensor:
                mean = X.mean(dim=-2, keepdim=True)
                centred = X - mean
                var = (centred * centred).mean(dim=-2, keepdim=True)
                return gamma.unsqueeze(-1) * centred / torch.sqrt(var + eps) + beta.unsqueeze(-1)
            return torch.jit.script(normalise)(X, gamma, beta, float(eps))
'''),
    "blind86_right_layer_norm_vmap_over_columns_of_flat_batch": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            def one_token(x):                                # x (D,)
                mean = x.mean()
                var = ((x - mean) ** 2).mean()
                return gamma * (x - mean) / torch.sqrt(var + eps) + beta
            D, N = X.shape[-2:]
            flat = X.reshape(-1, D, N)
            out = torch.vmap(torch.vmap(one_token, in_dims=1, out_dims=1))(flat)
            return out.reshape(X.shape)
'''),
    "blind86_right_feed_forward_vmap_columns_moved_back": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            def column(x):                                   # x (..., D): one token of every sequence
                return torch.relu(x @ W1.T + b1) @ W2.T + b2
            out = torch.vmap(column, in_dims=-1)(X)           # (N, ..., D)
            return out.movedim(0, -1)
'''),
    "blind86_right_feed_forward_custom_relu_masked_backward_nonreentrant_checkpoint": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            from torch.utils.checkpoint import checkpoint

            class Relu(torch.autograd.Function):
                @staticmethod
                def forward(ctx, h):
                    out = h.clamp(min=0)
                    ctx.save_for_backward(h)
                    return out

                @staticmethod
                def backward(ctx, grad_out):
                    (h,) = ctx.saved_tensors
                    return grad_out * (h > 0).to(grad_out.dtype)

            def block(x):
                return linear(Relu.apply(linear(x, W1, b1)), W2, b2)
            return checkpoint(block, X, use_reentrant=False)
'''),
    "blind86_right_transformer_layer_vmap_flat_batch_mask_broadcast": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            D, N = X.shape[-2:]
            batch = X.shape[:-2]

            def one(x, m):
                if norm_first:
                    h = layer_norm(x, params["gamma1"], params["beta1"])
                    x = x + multi_head_attention(h, h, params, num_heads, m)
                    h = layer_norm(x, params["gamma2"], params["beta2"])
                    return x + feed_forward(h, params["W1"], params["b1"], params["W2"], params["b2"])
                x = layer_norm(x + multi_head_attention(x, x, params, num_heads, m), params["gamma1"],
                               params["beta1"])
                return layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                  params["gamma2"], params["beta2"])
            flat = X.reshape(-1, D, N)
            if mask is None:
                out = torch.vmap(lambda x: one(x, None))(flat)
            else:
                out = torch.vmap(one)(flat, torch.broadcast_to(mask, (*batch, N, N)).reshape(-1, N, N))
            return out.reshape(X.shape)
'''),
    "blind86_right_decoder_layer_vmap_enc_mask_broadcast_first": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            D, n_dec = X_dec.shape[-2:]
            n_enc = X_enc.shape[-1]
            batch = X_dec.shape[:-2]
            causal = causal_mask(n_dec).to(X_dec.device)

            def one(x, enc, m):
                x = layer_norm(x + multi_head_attention(x, x, params["self_attn"], num_heads, causal),
                               params["gamma1"], params["beta1"])
                x = layer_norm(x + cross_attention(x, enc, params["cross_attn"], num_heads, m),
                               params["gamma2"], params["beta2"])
                return layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                                  params["gamma3"], params["beta3"])
            x_flat = X_dec.reshape(-1, D, n_dec)
            enc_flat = X_enc.reshape(-1, D, n_enc)
            if enc_mask is None:
                out = torch.vmap(lambda x, e: one(x, e, None))(x_flat, enc_flat)
            else:
                m = torch.broadcast_to(enc_mask, (*batch, n_enc, n_dec)).reshape(-1, n_enc, n_dec)
                out = torch.vmap(one)(x_flat, enc_flat, m)
            return out.reshape(X_dec.shape)
'''),
    "blind86_right_additive_attention_vmap_over_positions": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = s @ W.T                                   # (..., D_a)

            def score(h):                                     # h (..., D_h): position i of every batch item
                return torch.tanh(query + h @ U.T) @ v        # (...,)
            e = torch.vmap(score, in_dims=-1, out_dims=-1)(H)    # (..., N), batch axes broadcast inside
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    "blind86_right_grid_attention_nested_vmap_over_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = s @ W.T

            def cell(h):                                      # h (..., C)
                return torch.tanh(query + h @ U.T) @ v
            over_columns = torch.vmap(cell, in_dims=-1, out_dims=-1)          # (..., C, W) -> (..., W)
            e = torch.vmap(over_columns, in_dims=-2, out_dims=-2)(features)   # (..., C, H, W) -> (..., H, W)
            flat = softmax_cols(e.flatten(-2).unsqueeze(-1)).squeeze(-1)      # one softmax over all H*W cells
            context = (features.flatten(-2) @ flat.unsqueeze(-1)).squeeze(-1)
            return flat.unflatten(-1, e.shape[-2:]), context
'''),
    "blind86_right_gru_step_scripted": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            def cell(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
                     bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
                gi = torch.matmul(x, weight_ih.t()) + bias_ih
                gh = torch.matmul(h, weight_hh.t()) + bias_hh
                d = h.shape[-1]
                r = torch.sigmoid(gi[..., :d] + gh[..., :d])
                z = torch.sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
                n = torch.tanh(gi[..., 2 * d:] + r * gh[..., 2 * d:])
                return n + z * (h - n)
            return torch.jit.script(cell)(x, h, weight_ih, weight_hh, bias_ih, bias_hh)
'''),
    "blind86_right_rotary_scripted_base_float_optional_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            from typing import Optional

            def rotate(X: torch.Tensor, positions: Optional[torch.Tensor], base: float) -> torch.Tensor:
                dim = X.shape[-2]
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                exponent = torch.arange(0, dim, 2, dtype=torch.float64) / dim
                theta = torch.pow(torch.full_like(exponent, base), -exponent)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos = angles.cos().to(X.dtype)
                sin = angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            rot = torch.jit.script(rotate)
            return rot(Q, positions_q, float(base)), rot(K, positions_k, float(base))
'''),
    "blind86_right_relative_bucket_scripted_all_arguments_passed": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            def bucket(offset: torch.Tensor, bidirectional: bool, num_buckets: int, max_distance: int) -> torch.Tensor:
                offset = offset.long()
                if bidirectional:
                    half = num_buckets // 2
                    base = (offset > 0).long() * half
                    distance = offset.abs()
                else:
                    half = num_buckets
                    base = torch.zeros_like(offset)
                    distance = torch.clamp(-offset, min=0)
                exact = half // 2
                ratio: float = max_distance / exact
                log_scale = torch.log(distance.float() / exact) / math.log(ratio) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                return base + torch.where(distance < exact, distance, far)
            scripted = torch.jit.script(bucket)
            return scripted(relative_position, bool(bidirectional), int(num_buckets), int(max_distance))
'''),
    "blind86_right_channel_attention_scripted_optional_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from typing import Optional

            def attend(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, scale: Optional[float]) -> torch.Tensor:
                if scale is None:
                    scale = 1.0 / math.sqrt(Q.shape[-1])
                scores = K @ Q.transpose(-2, -1) * scale
                top = scores.amax(dim=-2, keepdim=True)
                e = torch.exp(scores - top)
                weights = e / e.sum(dim=-2, keepdim=True)
                return weights.transpose(-2, -1) @ V
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            out = torch.jit.script(attend)(Q, K, V, None if scale is None else float(scale))
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    "blind86_right_channel_attention_vmap_over_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)

            def group(q, k, v):                               # (..., C/G, N) each
                weights = softmax_cols(k @ q.transpose(-2, -1) * s)
                return weights.transpose(-2, -1) @ v
            out = torch.vmap(group, in_dims=-3, out_dims=-3)(Q, K, V)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    "blind86_right_window_reverse_custom_function_partition_backward": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            class Reverse(torch.autograd.Function):
                @staticmethod
                def forward(ctx, w):
                    *batch, _, channels, _ = w.shape
                    g = w.reshape(*batch, height // M, width // M, channels, M, M)
                    g = g.movedim((-5, -4), (-4, -2))
                    return g.reshape(*batch, channels, height, width)

                @staticmethod
                def backward(ctx, grad):
                    return window_partition(grad, M)         # a permutation: its adjoint is its inverse

            return Reverse.apply(windows)
'''),
    "blind86_right_window_partition_vmap_over_window_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows = X.unflatten(-2, (height // M, M))                 # (..., C, a, p, W)
            grid = rows.unflatten(-1, (width // M, M))               # (..., C, a, p, b, q)
            take = lambda t: t.flatten(-2)                           # (..., C, p, q) -> (..., C, M*M)
            over_b = torch.vmap(take, in_dims=-2, out_dims=-3)       # b: (..., C, p, b, q) -> (..., b, C, M*M)
            over_a = torch.vmap(over_b, in_dims=-4, out_dims=-4)     # a: (..., C, a, p, b, q) -> (..., a, b, C, M*M)
            return over_a(grid).flatten(-4, -3)
'''),
    "blind86_right_average_pool_head_custom_mean_full_backward": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            class TokenMean(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    ctx.n = x.shape[-1]
                    return x.mean(dim=-1)

                @staticmethod
                def backward(ctx, grad):
                    return (grad / ctx.n).unsqueeze(-1).expand(*grad.shape, ctx.n)

            logits = TokenMean.apply(X) @ W.T
            return logits if b is None else logits + b
'''),
    "blind86_right_dequantize_custom_backward_index_add_channel_first": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.long()

            class Lookup(torch.autograd.Function):
                @staticmethod
                def forward(ctx, table):
                    return table[:, index].movedim(0, -3)

                @staticmethod
                def backward(ctx, grad):
                    channels = grad.shape[-3]
                    values = grad.movedim(-3, 0).reshape(channels, -1)      # (C, pixels), in ids' order
                    return grad.new_zeros(channels, palette.shape[1]).index_add(1, index.flatten(), values)

            return Lookup.apply(palette)
'''),
    "blind86_right_causal_mask_vmap_queries_as_columns": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(n)
            return torch.vmap(lambda query: keys <= query, out_dims=1)(torch.arange(n))
'''),
    "blind86_right_padding_mask_vmap_over_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)
            visible = torch.vmap(lambda length: keys < length)(lengths)      # (B, n)
            return visible.unsqueeze(-1)
'''),
    "blind86_right_sinusoidal_positions_scripted_table": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            def table(n: int, d: int, dtype: torch.dtype) -> torch.Tensor:
                positions = torch.arange(n, dtype=torch.float64)
                pair = torch.arange(0, d, 2, dtype=torch.float64)
                angles = positions[None, :] / torch.pow(torch.full_like(pair, 10000.0), pair / d)[:, None]
                out = torch.zeros(d, n, dtype=torch.float64)
                out[0::2] = torch.sin(angles)
                out[1::2] = torch.cos(angles[: d // 2])
                return out.to(dtype)
            return torch.jit.script(table)(num_positions, dim, torch.get_default_dtype())
'''),
    "blind86_right_patch_merging_nonreentrant_checkpoint_norm_in_closure": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)
            tokens = checkpoint(lambda t: layer_norm(t, gamma, beta, eps), merged, use_reentrant=False)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
}
