"""Ninety-sixth blind batch of held-out implementations (prefix blind95_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read; `ls exercises/tests` was run
once to find the test file names. The earlier blind batches (held_out_blind.py ... held_out_blind_94.py) were only
skimmed for their entry names, emphases and header style (held_out_blind_90.py for the shape of the file). Nothing
else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batch written
at the same time (held_out_blind_96.py).

Emphasis: unusual batch shapes the contract allows ("leading batch dimensions are allowed"; masks "broadcast to the
scores' shape ... lined up from the right: fewer leading axes, or axes of size 1 (`(3, N_k, N_q)` or
`(1, 3, N_k, N_q)` over inputs of batch `(2, 3)`, a padding mask `(B, N_k, 1)`)"; rnn_attention's "leading batch
dimensions broadcast"; relative_position_bucket's "any shape"). Wrong entries are right on no batch axis and (mostly)
one or two, and wrong on: three batch axes (softmax_cols lifted to four axes and unpacked as B, H, M, N; softmax_cols,
layer_norm (F.instance_norm), feed_forward (torch.bmm), quantize_pixels (einsum "bchw"), window_partition and
channel_attention (einsum "bgcn") folding exactly two axes with flatten(0, 1); scaled dot-product attention with batch
letters "bh"; embed's per-rank permutes with .T as fallback; dequantize_pixels' movedim ladder whose else is the
unbatched case); two batch axes (one_hot's movedim(-1, 1), pixel_sequence's inputs[:, 0], window_reverse's batch size
from shape[0], patch_merging written for (B, C, H, W), rotary cos/sin expanded to the first axis, global_token_mask's
unsqueeze(1), grid_attention's view(-1, H, W)); a batch of size 1 (squeeze(0) undoing a lift in self_attention,
squeeze() in average_pool_head, global_token_mask, relative_position_bucket and a padding mask in apply_mask); an
empty first axis of offsets (relative_position_bucket's stack over the first axis); masks whose leading axes differ
from the inputs' (apply_mask folding mask and scores separately, attention recursing over the first axis and indexing
the mask by it, multi-head attention adding the head axis only to 3-axis masks, a bmm fold repeating the mask h-major,
transformer_layer looping over the first axis with the whole mask, cross_attention vmapping a size-1 mask axis or
unsqueezing every batched mask at 1, decoder_layer flattening the inputs but not the mask, additive attention reshaping
a shared mask to the scores); and inputs whose leading axes broadcast against each other (additive attention's batch
read from H, the decoder step's from s_prev, grid_attention's cells flattened with the state's batch). Right entries
handle any batch in unusual ways: the key axis moved first (softmax_cols), torch.broadcast_tensors (apply_mask), a
reshape(-1) fold with the mask broadcast to the batch first (attention, transformer_layer), one vmap per batch axis
(self_attention), heads moved in front of the batch (multi-head attention), tokens as rows of one matrix (layer_norm),
one wide (D, B*N) matrix (feed_forward), ellipsis einsums (cross_attention, grid_attention, patch_merging), a mask
expanded to the batch (decoder_layer), scatter + movedim (one_hot), unbind recursion (embed), torch.broadcast_shapes
and one fold (additive_attention), De Morgan (global_token_mask), a rotation matrix per column (rotary_embedding),
pixels as rows (quantize_pixels), F.pad (pixel_sequence), tensordot (average_pool_head), a table of grid positions
(window_partition) and the transposed groups through scaled_dot_product_attention (channel_attention).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind95/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (32 of the 35 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (the mha bmm entry's numbers are
for torch.manual_seed(0) drawing X, then Wq, Wk, Wv, Wo, bq, bk, bv, bo). Right entries were compared with the model
answer under both default dtypes, float32 and float64 inputs, and batch shapes (), (2,), (2, 3), (1,), (2, 1, 3),
(1, 1, 1), (2, 1, 1, 2), (3, 1), with random sizes from 1 to 5: values to 1e-4 / 1e-9 (ids exactly), dtypes and
shapes exactly, the same exceptions, inputs left unchanged, and gradients of every floating-point input (parameters
included) to 1e-3 / 1e-8; masks of every broadcast form (none, (N_k, N_q), the full batch, (..., N_k, 1), fewer leading
axes, a leading 1, a size-1 axis in the middle, all False), multi-head attention with H = 1, 2, 4 and 3 (the
ValueError) and the same tensor twice, both norm orders, layer_norm with D = 1, eps = 0 and offsets of 100 times the
spread, one_hot with every dtype and an out-of-range id, embed with sliced ids, additive and grid attention with the
state's and the encoder's batches broadcasting each way, rotary with positions, another base and an odd D, quantize
with a pixel equal to a colour and mixed dtypes, pixel_sequence with uint8 / int32 ids and a negative sos_id,
average_pool_head with and without b, window_partition on long grids and a window that does not divide, patch_merging
with eps = 0, channel_attention with every divisor G, a given scale and a non-divisor; each also once under
torch.no_grad().

Judgement calls: batch axes of size 0 are used only where the contract says so (relative_position_bucket's "any
shape"): the general rule names leading batch dimensions but says other functions "say where they take empty inputs",
so an empty batch elsewhere was not taken as allowed, and blind95_right_embed_unbind_recursion raises on ids (0, N)
(no ids: left open for embed). Several wrong entries are already wrong with two batch axes (listed above), not only
three or four; the brief lists "folding exactly two batch axes" and "unsqueeze at a positive index" among the slips, so
I kept them. blind95_additive_attention_mask_reshaped_to_scores relies on a mask (N,) shared by a batch of states being
allowed: the general mask rule and rnn_attention's "leading batch dimensions broadcast" both say so.
blind95_relative_position_bucket_squeezes_offsets is wrong on any input with an axis of size 1 (a (1, N) offset row),
which "the same shape" forbids. Right entries: three first drafts whose names matched earlier batches' entries (an
index_select embed, a complex rotary, a double-unfold window_partition) were replaced by other mechanisms;
blind95_right_channel_attention_via_transposed_sdpa imports scaled_dot_product_attention inside its body (the model
answer's davit imports from attention), and two cross_attention entries import split_heads / linear the same way.

Counts: 35 wrong, 22 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 2, 'grid_attention': 2, 'layer_norm': 1, 'multi_head_attention': 2, 'one_hot': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'softmax_cols': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'one_hot': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'softmax_cols': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_95 = {
    # softmax_cols written for at most (B, H, M, N): the scores are lifted to four axes and unpacked as B, H, M, N;
    # five axes (three batch axes, "leading batch dimensions are allowed") fail. softmax_cols(torch.zeros(2, 1, 2, 3, 4)):
    # model all 1/3 of shape (2, 1, 2, 3, 4), entry raises ValueError (too many values to unpack). Passes the visible tests.
    "blind95_softmax_cols_lifted_to_four_axes_and_unpacked": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            x = scores
            while x.dim() < 4:
                x = x.unsqueeze(0)
            B, H, M, N = x.shape
            x = x.reshape(B * H, M, N)
            top = x.amax(dim=1, keepdim=True)
            top = torch.where(torch.isinf(top) & (top < 0), torch.zeros_like(top), top)
            e = torch.exp(x - top)
            total = e.sum(dim=1, keepdim=True)
            out = e / torch.where(total == 0, torch.ones_like(total), total)
            return out.reshape(scores.shape)
'''),
    # Folds (B, H) with flatten(0, 1) when the scores have four axes, then normalises over dim=1 (the key axis of a
    # 3-D (B*H, M, N) stack). With three batch axes the fold leaves four axes and dim=1 is a batch axis.
    # softmax_cols(torch.arange(24.).reshape(1, 2, 3, 2, 2)): model [0, 0, 0, :, 0] = [0.119, 0.881] (over the keys),
    # entry [0, 0, :, 0, 0] = [0.00033, 0.018, 0.982] (over the third batch axis). Passes the visible tests.
    "blind95_softmax_cols_flatten01_then_dim1": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            if scores.dim() == 2:
                x = scores.unsqueeze(0)
            elif scores.dim() == 3:
                x = scores
            else:
                x = scores.flatten(0, 1)  # (B, H, M, N) -> (B*H, M, N)
            top = x.amax(dim=1, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            e = torch.exp(x - top)
            total = e.sum(dim=1, keepdim=True)
            out = e / total.masked_fill(total == 0, 1.0)
            return out.reshape(scores.shape)
'''),
    # Folds scores and mask to 3-D stacks with reshape(-1, *shape[-2:]) before masked_fill: a mask with fewer (or
    # size-1) leading axes than the scores no longer lines up ("(3, N_k, N_q) or (1, 3, N_k, N_q) over inputs of
    # batch (2, 3)"). apply_mask(torch.zeros(2, 3, 2, 2), torch.ones(3, 2, 2, dtype=torch.bool)): model zeros
    # (2, 3, 2, 2), entry raises RuntimeError (6 vs 3). Passes the visible tests.
    "blind95_apply_mask_folds_mask_and_scores_separately": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            flat_scores = scores.reshape(-1, *scores.shape[-2:])
            flat_mask = mask.reshape(-1, *mask.shape[-2:])
            return flat_scores.masked_fill(~flat_mask, float("-inf")).reshape(scores.shape)
'''),
    # Drops "the extra batch axis" of a mask with mask.squeeze(): a padding mask (B, N_k, 1) of a batch of ONE
    # sequence becomes (N_k,) and then lines up with the queries ("a padding mask (B, N_k, 1)").
    # apply_mask(torch.zeros(1, 3, 2), torch.tensor([[[True], [True], [False]]])): model [[[0, 0], [0, 0], [-inf, -inf]]],
    # entry raises RuntimeError (size 3 vs 2). Fails the visible tests.
    "blind95_apply_mask_squeezes_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if mask.dim() > 2:
                mask = mask.squeeze()
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # einsum with one letter per batch axis taken from "bh": at most two batch axes get letters, so three batch
    # axes fail. scaled_dot_product_attention(Q, Q, Q) with Q = torch.ones(1, 1, 1, 2, 2): model output ones
    # (1, 1, 1, 2, 2), entry raises RuntimeError (einsum subscripts). Passes the visible tests.
    "blind95_sdpa_einsum_batch_letters_bh": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            b = "bh"[: Q.dim() - 2]
            scores = torch.einsum(f"{b}dk,{b}dq->{b}kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum(f"{b}vk,{b}kq->{b}vq", V, weights), weights
'''),
    # Recurses over the first batch axis and indexes a batched mask by the same b, as if every batched mask had the
    # inputs' leading axes: a mask (3, N_k, N_q) over inputs of batch (2, 3) ("it may have fewer leading axes")
    # gives item b the mask of sequence b. Q = K = V = torch.eye(2).expand(2, 3, 2, 2), mask = eye(2, bool) for
    # item 0 and ones for items 1, 2 of the (3,)-axis: model weights[1, 0] = eye, entry weights[1, 0] = full [[.5..]].
    # Passes the visible tests.
    "blind95_sdpa_recursion_indexes_mask_by_first_axis": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if Q.dim() > 2:
                outs, ws = [], []
                for b in range(Q.shape[0]):
                    m = mask
                    if mask is not None and mask.dim() > 2:
                        m = mask[b] if mask.shape[0] > 1 else mask[0]
                    o, w = scaled_dot_product_attention(Q[b], K[b], V[b], m)
                    outs.append(o)
                    ws.append(w)
                return torch.stack(outs), torch.stack(ws)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Lifts an unbatched X with unsqueeze(0) and undoes it with an unconditional squeeze(0): a batch axis of size 1
    # is dropped too. self_attention(X, I, 0, I, 0, I, 0) with X = torch.zeros(1, 2, 3), I = torch.eye(2), 0 = zeros(2):
    # model output (1, 2, 3) and weights (1, 3, 3), entry (2, 3) and (3, 3). Passes the visible tests.
    "blind95_self_attention_squeeze0_undoes_a_real_batch_of_one": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            if X.dim() == 2:
                X = X.unsqueeze(0)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            out, weights = scaled_dot_product_attention(Q, K, V, mask)
            return out.squeeze(0), weights.squeeze(0)
'''),
    # The head axis is added to a mask with unsqueeze(1) only when the mask has three axes (B, N_k, N_q); a mask
    # with two batch axes of its own ("(1, 3, N_k, N_q) over inputs of batch (2, 3)") is left without a head axis
    # and misaligns. Xq = Xkv = randn(2, 3, 4, 5), H = 2, mask = ones(1, 3, 5, 5, bool): model (2, 3, 4, 5), entry
    # raises RuntimeError (3 vs 2 at the head axis). Passes the visible tests.
    "blind95_mha_head_axis_only_for_three_axis_masks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() == 3:
                mask = mask.unsqueeze(1)  # (B, N_k, N_q) -> (B, 1, N_k, N_q)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Folds batch and heads into one bmm axis (b-major, B*H) but repeats a batched mask with .repeat(H, 1, 1)
    # (h-major): head 1 of sequence 0 gets sequence 1's mask and head 0 of sequence 1 gets sequence 0's. With one
    # sequence or a mask without batch axes it is right. Xq = Xkv = randn(2, 4, 3), H = 2, mask =
    # padding_mask(tensor([3, 1]), 3): model output[0, 0] = [3.71, 5.91, 2.85], entry [3.97, 3.65, 3.98] (torch.manual_seed(0)
    # draws). Passes the visible tests.
    "blind95_mha_bmm_fold_mask_repeated_not_interleaved": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            batch = Xq.shape[:-2]
            n_q, n_k = Xq.shape[-1], Xkv.shape[-1]
            head_dim = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).reshape(-1, head_dim, n_q)
            K = linear(Xkv, params["Wk"], params["bk"]).reshape(-1, head_dim, n_k)
            V = linear(Xkv, params["Wv"], params["bv"]).reshape(-1, head_dim, n_k)
            from .softmax import softmax_cols
            scores = torch.bmm(K.transpose(1, 2), Q) / math.sqrt(head_dim)
            if mask is not None:
                m = torch.broadcast_to(mask, (*batch, n_k, n_q)).reshape(-1, n_k, n_q)
                scores = scores.masked_fill(~m.repeat(num_heads, 1, 1), float("-inf"))
            heads = torch.bmm(V, softmax_cols(scores))
            return linear(heads.reshape(*batch, dim, n_q), params["Wo"], params["bo"])
'''),
    # Loops over the first axis of a 4-D X (a (B, S) batch of sequences) and hands every item the whole mask; a mask
    # with the same two batch axes then broadcasts against one item's single batch axis. X = randn(2, 3, 4, 5),
    # H = 2, mask = causal_mask(5).expand(2, 3, 5, 5): model (2, 3, 4, 5), entry (2, 2, 3, 4, 5). Passes the
    # visible tests.
    "blind95_transformer_layer_loops_first_axis_passes_whole_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            if X.dim() == 4:
                return torch.stack([transformer_layer(x, params, num_heads, mask, norm_first) for x in X])
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
    # Layer norm as F.instance_norm on the tokens-as-channels transpose (B, N, D): instance_norm normalises each
    # channel over the LAST axis only for a 3-D input. Four axes are folded with flatten(0, 1); with three batch axes
    # the folded tensor is still 4-D and instance_norm normalises over N and D together.
    # layer_norm(torch.arange(16.).reshape(1, 1, 2, 2, 4), ones(2), zeros(2)): model every column [-1, 1], entry
    # column [0, 0, 0, :, 0] = [-1.528, 0.218]. Passes the visible tests.
    "blind95_layer_norm_instance_norm_fold_two_axes": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            rows = X.transpose(-2, -1)  # (..., N, D): each token a channel of D values
            if rows.dim() == 2:
                flat = rows.unsqueeze(0)
            elif rows.dim() == 3:
                flat = rows
            else:
                flat = rows.flatten(0, 1)
            normed = F.instance_norm(flat, eps=eps).reshape(rows.shape).transpose(-2, -1)
            return gamma[:, None] * normed + beta[:, None]
'''),
    # A bmm path for 3-D stacks; a 4-D X (B, S, D, N) is folded with flatten(0, 1) first. Three batch axes leave a
    # 4-D tensor and torch.bmm refuses it. feed_forward(torch.zeros(1, 1, 1, 2, 3), eye(2), zeros(2), eye(2), zeros(2)):
    # model zeros (1, 1, 1, 2, 3), entry raises RuntimeError (batch1 must be a 3D tensor). Passes the visible tests.
    "blind95_feed_forward_bmm_after_flatten01": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            if X.dim() == 2:
                return W2 @ torch.relu(W1 @ X + b1[:, None]) + b2[:, None]
            Xb = X.flatten(0, 1) if X.dim() == 4 else X
            n = Xb.shape[0]
            hidden = torch.relu(torch.bmm(W1.expand(n, -1, -1), Xb) + b1[:, None])
            out = torch.bmm(W2.expand(n, -1, -1), hidden) + b2[:, None]
            return out.reshape(X.shape)
'''),
    # vmap over the first batch axis, with the enc_mask mapped too whenever it has as many axes as X_dec: a mask
    # whose first axis has size 1 ("(1, 3, N_k, N_q) over inputs of batch (2, 3)") cannot be mapped over 2 items.
    # X_dec = X_enc = randn(2, 3, 4, 5), H = 2, enc_mask = ones(1, 3, 5, 5, bool): model (2, 3, 4, 5), entry raises
    # ValueError (vmap sizes 2 and 1). Passes the visible tests.
    "blind95_cross_attention_vmap_maps_size1_mask_axis": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if X_dec.dim() <= 2:
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            if enc_mask is not None and enc_mask.dim() == X_dec.dim():
                f = torch.vmap(lambda d, e, m: cross_attention(d, e, params, num_heads, m), in_dims=(0, 0, 0))
                return f(X_dec, X_enc, enc_mask)
            f = torch.vmap(lambda d, e: cross_attention(d, e, params, num_heads, enc_mask), in_dims=(0, 0))
            return f(X_dec, X_enc)
'''),
    # Flattens the batch of both sequences to one axis (reshape(-1, D, N)) but passes enc_mask unchanged: a mask
    # with the inputs' two batch axes no longer lines up with the flat batch. X_dec = randn(2, 3, 4, 2),
    # X_enc = randn(2, 3, 4, 5), H = 2, enc_mask = ones(2, 3, 5, 1, bool): model (2, 3, 4, 2), entry raises
    # RuntimeError. Passes the visible tests.
    "blind95_decoder_layer_flattens_inputs_not_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D, n_d = X_dec.shape[-2:]
            X = X_dec.reshape(-1, D, n_d)
            E = X_enc.reshape(-1, D, X_enc.shape[-1])
            causal = causal_mask(n_d).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, E, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X.reshape(X_dec.shape)
'''),
    # F.one_hot gives (..., N, V); the vocabulary axis is moved with movedim(-1, 1) for a batch, (-1, 0) without:
    # right for one batch axis, wrong for two. one_hot(torch.tensor([[[0, 1, 1]], [[1, 0, 0]]]), 2): model shape
    # (2, 1, 2, 3), entry (2, 2, 1, 3). Passes the visible tests.
    "blind95_one_hot_vocab_axis_moved_to_position_1": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = F.one_hot(token_ids, vocab_size).to(dtype or torch.get_default_dtype())
            return table.movedim(-1, 0 if token_ids.dim() == 1 else 1)
'''),
    # F.embedding rows, turned to columns by a permute per rank (0, 1 and 2 batch axes) with .T as the fallback for
    # "the unbatched case": three batch axes reach .T, which reverses every axis.
    # embed(torch.eye(2), torch.zeros(1, 1, 1, 3, dtype=torch.long)): model shape (1, 1, 1, 2, 3), entry (2, 3, 1, 1, 1)
    # (with a UserWarning). Passes the visible tests.
    "blind95_embed_permute_per_rank_T_fallback": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = F.embedding(token_ids, omega_e.T)  # (..., N, D)
            if rows.dim() == 3:
                return rows.permute(0, 2, 1)
            if rows.dim() == 4:
                return rows.permute(0, 1, 3, 2)
            return rows.T
'''),
    # The state is expanded to the encoder's batch (s.expand(*H.shape[:-2], D_s)), so the batch is read from H
    # alone; "leading batch dimensions broadcast", and a state with more batch axes than H cannot be expanded to it.
    # s = randn(3, 2), H = randn(2, 4) (one sequence for three states): model weights (3, 4), entry raises RuntimeError.
    # Fails the visible tests.
    "blind95_additive_attention_batch_read_from_H": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            batch = H.shape[:-2]
            s = s.expand(*batch, s.shape[-1])
            hidden = torch.tanh(U @ H + (s @ W.T)[..., :, None])
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., None])[..., 0]
            context = torch.einsum("...n,...dn->...d", weights, H)
            return weights, context
'''),
    # The mask is reshaped to the scores' shape ("make sure they match"): a mask (N,) shared by a batch of states
    # ("a mask broadcasts to the scores' shape"; "leading batch dimensions broadcast") cannot be reshaped to (B, N).
    # s = randn(2, 3), H = randn(2, 4, 5), mask = tensor([1, 1, 1, 0, 0], bool): model weights (2, 5) with zeros at
    # 3, 4; entry raises RuntimeError (shape (2, 5) invalid for input of size 5). Passes the visible tests.
    "blind95_additive_attention_mask_reshaped_to_scores": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (W @ s.unsqueeze(-1))                     # (..., D_a, 1)
            hidden = torch.tanh(U @ H + query)
            scores = (v[:, None] * hidden).sum(dim=-2)        # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask.reshape(scores.shape), float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)
            return weights, context
'''),
    # [y_prev; c] built as torch.cat([y_prev.expand(*s_prev.shape[:-1], E), c]): the batch comes from s_prev, so an
    # unbatched decoder state over a batch of encoder sequences (allowed: leading batch dimensions broadcast) fails.
    # s_prev = randn(3), y_prev = randn(2), H = randn(4, 3, 5) with D_a = D_s = 3, V = 6: model s (4, 3),
    # entry raises RuntimeError (cat of (2,) and (4, 3)). Passes the visible tests.
    "blind95_attention_decoder_step_batch_from_state_only": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            batch = s_prev.shape[:-1]
            x = torch.cat([y_prev.expand(*batch, y_prev.shape[-1]), context], dim=-1)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = torch.cat([s, context], dim=-1) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Weights reshaped back with view(-1, H, W).squeeze(0): right without a batch or with one batch axis of size > 1,
    # wrong for a batch of one (the batch axis squeezed away) and for two batch axes (flattened).
    # grid_attention(randn(1, 2), randn(1, 3, 2, 2), randn(4, 2), randn(4, 3), randn(4)): model weights (1, 2, 2),
    # entry (2, 2). Passes the visible tests.
    "blind95_grid_attention_view_then_squeeze0": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.reshape(*features.shape[:-2], -1), W, U, v)
            return weights.reshape(-1, height, width).squeeze(0), context
'''),
    # is_global.squeeze() first, "in case the flags come as (1, N)": a batch axis of size 1 disappears.
    # global_token_mask(torch.tensor([[True, False]])): model shape (1, 2, 2), entry (2, 2). Passes the visible tests.
    "blind95_global_token_mask_squeezes_flags": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            g = is_global.squeeze() if is_global.dim() > 1 else is_global
            return g[..., :, None] | g[..., None, :]
'''),
    # Recurses over the first axis of tensors with more than two axes and stacks the results: an empty first axis
    # ("relative_position: LongTensor (any shape)") gives torch.stack([]). relative_position_bucket(
    # torch.zeros(0, 2, 3, dtype=torch.long)): model an empty (0, 2, 3) tensor, entry raises RuntimeError.
    # Passes the visible tests.
    "blind95_relative_position_bucket_stack_over_first_axis": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            if relative_position.dim() > 2:
                return torch.stack([relative_position_bucket(r, bidirectional, num_buckets, max_distance)
                                    for r in relative_position])
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = (exact + scaled.long()).clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The images are lifted to (B, C, H, W) (three axes get [None], five are folded with flatten(0, 1)) and the
    # distances use einsum "bchw,ck->bhwk": three batch axes stay 6-D and einsum fails.
    # quantize_pixels(torch.zeros(1, 1, 1, 3, 2, 2), torch.eye(3)): model zeros (1, 1, 1, 2, 2), entry raises
    # RuntimeError. Passes the visible tests.
    "blind95_quantize_pixels_einsum_after_two_axis_fold": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            lead = x.shape[:-3]
            if x.dim() == 3:
                x = x[None]
            elif x.dim() == 5:
                x = x.flatten(0, 1)
            diff = x.unsqueeze(-1) - p[None, :, None, None, :]                  # (B, C, H, W, K)
            dist = torch.einsum("bchwk,bchwk->bhwk", diff, diff)
            return dist.argmin(dim=-1).reshape(*lead, *images.shape[-2:])
'''),
    # The channel axis is put back by an if/elif ladder on ids.dim() (3 -> 1, 4 -> 2) with movedim(-1, 0) as the
    # "unbatched" else: three batch axes fall into the else. dequantize_pixels(torch.zeros(2, 1, 1, 2, 2,
    # dtype=torch.long), torch.eye(3)): model shape (2, 1, 1, 3, 2, 2), entry (3, 2, 1, 1, 2, 2). Passes the visible tests.
    "blind95_dequantize_pixels_movedim_ladder_else_unbatched": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.T[ids.long()]               # (..., H, W, C)
            if ids.dim() == 3:
                return colours.movedim(-1, 1)
            if ids.dim() == 4:
                return colours.movedim(-1, 2)
            return colours.movedim(-1, 0)
'''),
    # The start token is written with inputs[:, 0] for "a batch" (inputs[0] without one): with two batch axes [:, 0]
    # overwrites the first image of the second axis instead of the first column. pixel_sequence(torch.arange(8).
    # reshape(1, 2, 2, 2), 9): model inputs [[[9, 0, 1, 2], [9, 4, 5, 6]]], entry [[[9, 9, 9, 9], [7, 4, 5, 6]]].
    # Passes the visible tests.
    "blind95_pixel_sequence_start_written_at_positive_index": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = targets.roll(1, dims=-1)
            if inputs.dim() == 1:
                inputs[0] = sos_id
            else:
                inputs[:, 0] = sos_id
            return inputs, targets
'''),
    # The logits come out of W @ mean(keepdim) as (..., K, 1) and are flattened with squeeze() instead of squeeze(-1):
    # a batch of one loses its batch axis. average_pool_head(torch.ones(1, 2, 3), torch.ones(4, 2)): model
    # [[2, 2, 2, 2]] (1, 4), entry [2, 2, 2, 2] (4,). Fails the visible tests.
    "blind95_average_pool_head_squeeze_without_axis": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X.mean(dim=-1, keepdim=True)).squeeze()
            return logits if b is None else logits + b
'''),
    # Written for (B, C, H, W) with permute(0, 2, 4, 1, 3, 5); no batch is lifted with [None], two batch axes are
    # folded with flatten(0, 1); three batch axes stay 6-D and the reshape fails.
    # window_partition(torch.zeros(2, 3, 2, 1, 2, 2), 1): model zeros (2, 3, 2, 4, 1, 1), entry raises RuntimeError.
    # Passes the visible tests.
    "blind95_window_partition_flatten01_for_exactly_two_axes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            if X.dim() == 3:
                Y = X[None]
            elif X.dim() == 5:
                Y = X.flatten(0, 1)
            else:
                Y = X
            B = Y.shape[0]
            grid = Y.reshape(B, channels, height // M, M, width // M, M).permute(0, 2, 4, 1, 3, 5)
            out = grid.reshape(B, (height // M) * (width // M), channels, M * M)
            return out.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The batch size is read as windows.shape[0] when the windows have a batch axis: right for one batch axis,
    # wrong for two. window_reverse(torch.zeros(2, 3, 1, 1, 1), 1, 1, 1): model zeros (2, 3, 1, 1, 1), entry
    # raises RuntimeError (shape '[2, 1, 1, 1, 1, 1]' is invalid for input of size 6). Passes the visible tests.
    "blind95_window_reverse_batch_size_from_shape0": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            C = windows.shape[-2]
            nh, nw = height // M, width // M
            if windows.dim() == 3:
                grid = windows.reshape(nh, nw, C, M, M).permute(2, 0, 3, 1, 4)
                return grid.reshape(C, height, width)
            B = windows.shape[0]
            grid = windows.reshape(B, nh, nw, C, M, M).permute(0, 3, 1, 4, 2, 5)
            return grid.reshape(B, C, height, width)
'''),
    # Written for (B, C, H, W): an unbatched grid is lifted with [None] and unlifted with [0]; with two batch axes
    # X[:, :, 0::2, 0::2] strides the channel and row axes, not rows and columns.
    # patch_merging(torch.zeros(1, 1, 1, 2, 2), ones(4), zeros(4), ones(2, 4)): model zeros (1, 1, 2, 1, 1), entry
    # raises RuntimeError (torch.cat: sizes must match). Passes the visible tests.
    "blind95_patch_merging_written_for_four_axes": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            if X.dim() == 3:
                return patch_merging(X[None], gamma, beta, W, eps)[0]
            merged = torch.cat([X[:, :, 0::2, 0::2], X[:, :, 1::2, 0::2], X[:, :, 0::2, 1::2], X[:, :, 1::2, 1::2]],
                               dim=1)                                        # (B, 4C, H/2, W/2)
            rows = merged.permute(0, 2, 3, 1)                                 # (B, H/2, W/2, 4C)
            mean = rows.mean(dim=-1, keepdim=True)
            var = rows.var(dim=-1, keepdim=True, correction=0)
            rows = (rows - mean) / torch.sqrt(var + eps) * gamma + beta
            return (rows @ W.T).permute(0, 3, 1, 2)
'''),
    # A video batch (B, T, C, N) is folded with flatten(0, 1) and the groups are attended with einsum letters
    # "bgcn": three batch axes stay one axis too many. channel_attention(torch.zeros(1, 1, 1, 2, 3), params, 1) with
    # Wq..Wo = eye(2), bq..bo = zeros(2): model zeros (1, 1, 1, 2, 3), entry raises RuntimeError (einsum).
    # Passes the visible tests.
    "blind95_channel_attention_einsum_after_two_axis_fold": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            lead = X.shape[:-2]
            Y = X[None] if X.dim() == 2 else (X.flatten(0, 1) if X.dim() == 4 else X)
            G, c = num_groups, channels // num_groups
            Q = linear(Y, params["Wq"], params["bq"]).unflatten(-2, (G, c))
            K = linear(Y, params["Wk"], params["bk"]).unflatten(-2, (G, c))
            V = linear(Y, params["Wv"], params["bv"]).unflatten(-2, (G, c))
            weights = softmax_cols(torch.einsum("bgjn,bgin->bgji", K, Q) * scale)
            out = torch.einsum("bgji,bgjn->bgin", weights, V).flatten(-3, -2)
            return linear(out, params["Wo"], params["bo"]).reshape(*lead, channels, tokens)
'''),
    # cos and sin are expanded to the batch with expand(X.shape[0], ...) when X is batched: right for one batch axis,
    # wrong for two (the expanded axis lines up with the second batch axis). rotary_embedding(Q, Q) with
    # Q = randn(2, 1, 2, 3): model Q' (2, 1, 2, 3), entry (2, 2, 2, 3). Passes the visible tests.
    "blind95_rotary_cos_sin_expanded_to_first_axis": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                if X.dim() > 2:
                    cos = cos.expand(X.shape[0], -1, -1)
                    sin = sin.expand(X.shape[0], -1, -1)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Batched flags get their key and query axes with unsqueeze(1) and unsqueeze(-1): for (B, N) that is (B, 1, N)
    # and (B, N, 1), right; with two batch axes unsqueeze(1) lands between them.
    # global_token_mask(torch.zeros(2, 3, 4, dtype=torch.bool)): model (2, 3, 4, 4) all False, entry raises
    # RuntimeError (3 vs 4). Passes the visible tests.
    "blind95_global_token_mask_unsqueeze_at_1": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            if is_global.dim() == 1:
                return is_global[:, None] | is_global[None, :]
            return is_global.unsqueeze(-1) | is_global.unsqueeze(1)
'''),
    # The cells are flattened with the STATE's batch shape (features.reshape(*s.shape[:-1], C, -1)): an unbatched
    # state over a batch of grids ("leading batch dimensions broadcast") puts the cells of all images into one
    # softmax. grid_attention(randn(2), randn(3, 4, 2, 2), W, U, v) (D_a = 5): model weights (3, 2, 2), each image
    # summing to 1; entry raises RuntimeError (12 weights cannot be reshaped to (2, 2)). Passes the visible tests.
    "blind95_grid_attention_cells_flattened_with_state_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, height, width = features.shape[-3:]
            cells = features.reshape(*s.shape[:-1], C, -1)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Every batched enc_mask gets its head axis with unsqueeze(1), as for a (B, N_e, N_d) mask: a mask with the
    # inputs' two batch axes gets the head axis between them. X_dec = randn(2, 3, 4, 2), X_enc = randn(2, 3, 4, 5),
    # H = 2, enc_mask = ones(2, 3, 5, 1, bool): model (2, 3, 4, 2), entry raises RuntimeError. Passes the visible tests.
    "blind95_cross_attention_head_axis_unsqueeze1_every_batched_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            if X_dec.shape[-2] % num_heads:
                raise ValueError("D must be divisible by num_heads")
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            if enc_mask is not None and enc_mask.dim() > 2:
                enc_mask = enc_mask.unsqueeze(1)          # (B, N_e, N_d) -> (B, 1, N_e, N_d)
            heads, _ = scaled_dot_product_attention(Q, K, V, enc_mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The offsets are squeezed first ("T5 hands them over as (1, N_q, N_k)"): any axis of size 1 is lost, although
    # the result must have the input's shape. relative_position_bucket(torch.tensor([[-1, 0, 1]])): model [[1, 0, 17]]
    # (1, 3), entry [1, 0, 17] (3,). Passes the visible tests.
    "blind95_relative_position_bucket_squeezes_offsets": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.squeeze().long()
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
'''),
}
RIGHT_BLIND_95 = {
    # The key axis is moved to the front with movedim(-2, 0): every reduction is over dim 0 whatever the number of
    # batch axes, and the result is moved back.
    "blind95_right_softmax_cols_key_axis_moved_first": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            front = scores.movedim(-2, 0)                       # (M, ..., N)
            top = front.amax(dim=0)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            e = torch.exp(front - top)
            total = e.sum(dim=0)
            out = e / torch.where(total == 0, torch.ones_like(total), total)
            return out.movedim(0, -2)
'''),
    # The mask is broadcast against the scores with torch.broadcast_tensors (it never adds batch axes, so the
    # scores keep their shape), then torch.where.
    "blind95_right_apply_mask_broadcast_tensors_where": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            s, m = torch.broadcast_tensors(scores, mask)
            return torch.where(m, s, torch.full_like(s, float("-inf")))
'''),
    # All batch axes folded into one with reshape(-1, ...), the mask broadcast to the full batch first
    # (torch.broadcast_to) and folded the same way; torch.bmm; every result reshaped back.
    "blind95_right_sdpa_fold_all_axes_with_broadcast_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]
            d_k, n_q = Q.shape[-2:]
            n_k, d_v = K.shape[-1], V.shape[-2]
            q = Q.reshape(-1, d_k, n_q)
            k = K.reshape(-1, d_k, n_k)
            v = V.reshape(-1, d_v, n_k)
            scores = torch.bmm(k.transpose(1, 2), q) / math.sqrt(d_k)
            if mask is not None:
                full = torch.broadcast_to(mask, (*batch, n_k, n_q)).reshape(-1, n_k, n_q)
                scores = apply_mask(scores, full)
            weights = softmax_cols(scores)
            out = torch.bmm(v, weights)
            return out.reshape(*batch, d_v, n_q), weights.reshape(*batch, n_k, n_q)
'''),
    # One torch.vmap per batch axis around an unbatched core; the mask (if batched) is first broadcast to X's batch
    # plus (N, N) so that it can be mapped along with X.
    "blind95_right_self_attention_vmap_per_batch_axis": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            n = X.shape[-1]
            batch = X.shape[:-2]
            def core(x, m):
                q = Wq @ x + bq[:, None]
                k = Wk @ x + bk[:, None]
                v = Wv @ x + bv[:, None]
                return scaled_dot_product_attention(q, k, v, m)
            if mask is None:
                f = lambda x: core(x, None)
                for _ in batch:
                    f = torch.vmap(f)
                return f(X)
            full = torch.broadcast_to(mask, (*batch, n, n))
            f = core
            for _ in batch:
                f = torch.vmap(f)
            return f(X, full)
'''),
    # Heads moved in FRONT of the batch axes (movedim(-3, 0)): the mask (..., N_k, N_q) then broadcasts against
    # (H, ..., N_k, N_q) from the right without a head axis of its own; heads moved back before merging.
    "blind95_right_mha_heads_in_front_of_batch": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).movedim(-3, 0)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).movedim(-3, 0)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).movedim(-3, 0)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)     # (H, ..., D/H, N_q)
            return linear(merge_heads(heads.movedim(0, -3)), params["Wo"], params["bo"])
'''),
    # All batch axes and the tokens flattened into the rows of one (B*N, D) matrix (movedim + reshape), statistics
    # with torch.var_mean over dim 1, then reshaped and moved back.
    "blind95_right_layer_norm_tokens_as_rows_of_one_matrix": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            rows = X.movedim(-2, -1)                             # (..., N, D)
            flat = rows.reshape(-1, X.shape[-2])
            var, mean = torch.var_mean(flat, dim=1, keepdim=True, correction=0)
            normed = (flat - mean) / torch.sqrt(var + eps)
            out = normed * gamma + beta
            return out.reshape(rows.shape).movedim(-1, -2)
'''),
    # Every column of every batch item put side by side in one (D, B*N) matrix: the D axis moved to the front,
    # the rest flattened; two plain matrix products; the batch axes restored with unflatten and movedim.
    "blind95_right_feed_forward_one_wide_matrix": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            wide = X.movedim(-2, 0)                              # (D, ..., N)
            rest = wide.shape[1:]
            wide = wide.reshape(X.shape[-2], -1)
            out = W2 @ torch.relu(W1 @ wide + b1[:, None]) + b2[:, None]
            return out.reshape(out.shape[0], *rest).movedim(0, -2)
'''),
    # The batch is folded into one axis at the start (the mask broadcast to the batch and folded with it) and the
    # whole layer runs on 3-D tensors; the batch axes come back at the end.
    "blind95_right_transformer_layer_fold_batch_and_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            batch = X.shape[:-2]
            D, N = X.shape[-2:]
            Y = X.reshape(-1, D, N)
            m = None
            if mask is not None:
                m = torch.broadcast_to(mask, (*batch, N, N)).reshape(-1, N, N)
            def attend(Z):
                return multi_head_attention(Z, Z, params, num_heads, m)
            def think(Z):
                return feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = Y + attend(layer_norm(Y, params["gamma1"], params["beta1"]))
                Y = Y + think(layer_norm(Y, params["gamma2"], params["beta2"]))
            else:
                Y = layer_norm(Y + attend(Y), params["gamma1"], params["beta1"])
                Y = layer_norm(Y + think(Y), params["gamma2"], params["beta2"])
            return Y.reshape(*batch, D, N)
'''),
    # Written out with ellipsis einsums and unflatten(-2, (H, D/H)): no batch letters, so any number of batch axes;
    # the mask gains its head axis with unsqueeze(-3).
    "blind95_right_cross_attention_ellipsis_einsum": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .softmax import softmax_cols
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            h = D // num_heads
            Q = torch.einsum("ed,...dn->...en", params["Wq"], X_dec) + params["bq"][:, None]
            K = torch.einsum("ed,...dn->...en", params["Wk"], X_enc) + params["bk"][:, None]
            V = torch.einsum("ed,...dn->...en", params["Wv"], X_enc) + params["bv"][:, None]
            Q, K, V = (T.unflatten(-2, (num_heads, h)) for T in (Q, K, V))
            scores = torch.einsum("...ck,...cq->...kq", K, Q) / math.sqrt(h)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            weights = softmax_cols(scores)
            heads = torch.einsum("...ck,...kq->...cq", V, weights).flatten(-3, -2)
            return torch.einsum("ed,...dn->...en", params["Wo"], heads) + params["bo"][:, None]
'''),
    # The causal mask built as the upper triangle of ones (key j <= query i), and the enc_mask expanded to X_dec's
    # batch and (N_e, N_d) before use (a padding mask's query axis of 1 and missing batch axes filled in).
    "blind95_right_decoder_layer_expanded_enc_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n_d, n_e = X_dec.shape[-1], X_enc.shape[-1]
            causal = torch.ones(n_d, n_d, dtype=torch.bool, device=X_dec.device).triu()
            if enc_mask is not None:
                enc_mask = enc_mask.expand(*X_dec.shape[:-2], n_e, n_d)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # scatter of ones into a (..., N, V) zero tensor along the last axis, then movedim(-1, -2).
    "blind95_right_one_hot_scatter_then_movedim": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            out = torch.zeros(*token_ids.shape, vocab_size, dtype=dtype, device=token_ids.device)
            out = out.scatter(-1, token_ids.unsqueeze(-1), 1.0)
            return out.movedim(-1, -2)
'''),
    # Recursion over the leading axis with unbind and torch.stack; one sequence is a plain column lookup.
    "blind95_right_embed_unbind_recursion": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if token_ids.dim() > 1:
                return torch.stack([embed(omega_e, ids) for ids in token_ids.unbind(0)])
            return omega_e[:, token_ids]
'''),
    # The broadcast batch of s, H and the mask computed once with torch.broadcast_shapes; everything expanded to
    # it and folded into one axis; the results unfolded at the end.
    "blind95_right_additive_attention_broadcast_shapes_fold": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            D_s, (D_h, N) = s.shape[-1], H.shape[-2:]
            shapes = [s.shape[:-1], H.shape[:-2]] + ([mask.shape[:-1]] if mask is not None else [])
            batch = torch.broadcast_shapes(*shapes)
            s2 = s.expand(*batch, D_s).reshape(-1, D_s)
            H2 = H.expand(*batch, D_h, N).reshape(-1, D_h, N)
            hidden = torch.tanh((s2 @ W.T)[:, :, None] + U @ H2)                  # (B, D_a, N)
            scores = (hidden * v[:, None]).sum(dim=1)                            # (B, N)
            if mask is not None:
                scores = scores.masked_fill(~mask.expand(*batch, N).reshape(-1, N), float("-inf"))
            weights = softmax_cols(scores.T).T
            context = (H2 * weights[:, None, :]).sum(dim=-1)
            return weights.reshape(*batch, N), context.reshape(*batch, D_h)
'''),
    # Every cell scored by ellipsis einsums on the grid as it is (no flatten of the cells until the softmax), the
    # softmax over the flattened H*W cells through softmax_cols, the context by one more einsum.
    "blind95_right_grid_attention_ellipsis_einsums": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None])
            e = torch.einsum("a,...ahw->...hw", v, hidden)
            weights = softmax_cols(e.flatten(-2).unsqueeze(-1)).squeeze(-1).unflatten(-1, (height, width))
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # De Morgan: visible unless neither token is global, with ellipsis indexing on both sides.
    "blind95_right_global_token_mask_de_morgan": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            local = ~is_global
            return ~(local[..., :, None] & local[..., None, :])
'''),
    # One (D, D) rotation matrix per column, built in float64 and cast to the input's dtype, applied with the
    # ellipsis einsum "nij,...jn->...in": batch axes pass through.
    "blind95_right_rotary_matrix_per_column_einsum": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = positions.to(torch.float64)[:, None] * theta[None, :]          # (N, D/2)
                cos, sin = angles.cos(), angles.sin()
                R = torch.zeros(n, dim, dim, dtype=torch.float64)
                i = torch.arange(half)
                R[:, i, i] = cos
                R[:, i + half, i + half] = cos
                R[:, i, i + half] = -sin
                R[:, i + half, i] = sin
                return torch.einsum("nij,...jn->...in", R.to(X.dtype), X)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Every pixel of every image as a row of one (P, C) matrix (movedim + reshape), exact squared differences to
    # the K colours, argmin, reshaped to the batch and grid.
    "blind95_right_quantize_pixels_all_pixels_as_rows": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            C = images.shape[-3]
            rows = images.to(dtype).movedim(-3, -1).reshape(-1, C)             # (P, C)
            dist = (rows[:, :, None] - palette.to(dtype)[None]).square().sum(dim=1)   # (P, K)
            return dist.argmin(dim=1).reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # Start column by F.pad of the targets on the left with sos_id, then the last column dropped.
    "blind95_right_pixel_sequence_pad_left": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = F.pad(targets, (1, 0), value=sos_id)[..., :-1]
            return inputs, targets
'''),
    # tensordot of the pooled features with W over D: any number of leading axes.
    "blind95_right_average_pool_head_tensordot": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.tensordot(X.mean(dim=-1), W, dims=([-1], [1]))
            return logits if b is None else logits + b
'''),
    # A table of flat grid positions (nW, M*M), h*W + w of every window's tokens, indexes the flattened grid
    # (..., C, H*W) in one gather; movedim puts the window axis before C. Any dtype, any batch axes.
    "blind95_right_window_partition_position_table": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows = torch.arange(height).reshape(height // M, 1, M, 1)
            cols = torch.arange(width).reshape(1, width // M, 1, M)
            table = (rows * width + cols).reshape((height // M) * (width // M), M * M)   # (nW, M*M)
            picked = X.flatten(-2)[..., table]                                           # (..., C, nW, M*M)
            return picked.movedim(-2, -3)
'''),
    # The four block views stacked on a new axis before C and flattened into it (block-major order, as the
    # contract stacks them); transformer_layer's layer_norm on the flattened grid; W by an ellipsis einsum.
    "blind95_right_patch_merging_stack_then_flatten": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            views = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.stack(views, dim=-4).flatten(-4, -3)               # (..., 4C, H/2, W/2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Channel attention as scaled_dot_product_attention on the transposed groups (channels as columns): its
    # 1/sqrt(D_k) with D_k = N is the default scale; a given scale is folded into Q. Batch axes pass through.
    "blind95_right_channel_attention_via_transposed_sdpa": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))
            out, _ = scaled_dot_product_attention(Q.mT, K.mT, V.mT)            # (..., G, N, C/G)
            return linear(merge_heads(out.mT), params["Wo"], params["bo"])
'''),
}
