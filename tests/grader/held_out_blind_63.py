"""Sixty-fourth blind batch of held-out implementations (prefix blind63_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read; the one
slip: a grep for "target" in exercises/tests/plugin.py (the progress-board plugin) showed its option lines, nothing
about any check. The earlier blind batches (held_out_blind.py ... held_out_blind_62.py) were only skimmed for their
entry names and the header of held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md or benchmarks/, nor the batch written at the same time (held_out_blind_64.py).

Emphasis: copy-paste slips and parameter handling in the functions that take weights or parameter dicts. Wrong entries:
a projection line duplicated with one name left (Q from Wk, keys from Wq, V with bk or bq, bo from bv, the output
projection through Wv), parameter dict keys confused or shared between sub-blocks (the self-attention block reading
cross_attn, cross params merged so that self_attn wins, the cross block's Wo from the self block, one norm pair for all
three norms, gamma2 in the first pre-LN norm, beta1 in the second post-LN norm, beta keys lagging one block, biases
picked by size that collide when F == D, sorted() key order unpacked as Wq, Wk, Wv, Wo), a square weight used transposed
(Wq, Wv, Wo, W1, U, the patch projection, the pooling head), biases broadcast along the wrong axis only visible when
sizes differ (a bias tiled by reshape instead of transpose, b[None, :] rows, repeat_interleave for the [CLS] column),
the same slice used twice (a head's values sliced from its keys, every head's queries from head 0, the key rows of the
previous head, a group's keys from group 0, the bottom-left patch-merging view twice, the read-out's state half twice),
fused QKV weights or stacked biases unpacked in another order, the output projection applied twice, and a GRU whose
hidden side reuses the input side's bias, weight or gate order. Right entries: the same functions with other but correct
parameter plumbing (stacked QKV split by sizes or chunks, packed KV, loops over (W, b) pairs, per-head and per-group
weight-row slices, Wo applied as a sum of column blocks, itemgetter and comprehension unpacking, numbered-key loops,
dicts of norm pairs, {**self, **cross} merged the right way round, conv2d/unfold patch projections, functional layer
norms, gates from weight-row triples, DECODER_PARAMS-order unpacking).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind63/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source appended
to its module and the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (23 of the 58 wrong entries pass them). Each wrong
entry was run beside the model answer on random inputs (400 draws over shapes chosen to include the square and equal-
size cases: D = D_k = D_v, F = D, N = D, N_q = N_k, D_a = D_h, D_s = D_h, D = C·P·P, K = D, E + D_h = D_s, one and
several heads or groups, batches (), (2,), (2, 3), float32 and float64) until a result differed or raised, and the
square-only or size-dependent entries again on the exact inputs their comments name (and on the sizes where the comment
says they are right: one head, one group, one image, F != D, self-attention calls), printing both results. Right entries
were compared with the model answer on 400 random draws each (shapes as above, masks (N_k, N_q), batched, (B, N_k, 1)
padding masks and (..., N) masks for the RNN functions, masks with fully hidden query columns, eps 1e-5, 1e-3 and 0.0,
inputs at 1000x scale for layer_norm, float32 to 1e-4 and float64 to 1e-9), with gradients with respect to every
floating-point input and parameter in float64 (to 1e-6, no NaN), then 100 more draws under
torch.set_default_dtype(torch.float64) with non-contiguous inputs and weights, every argument passed by name, and the
inputs checked unchanged afterwards.

Judgement calls: a self-attention entry computing the keys with bq instead of bk was dropped: a key bias only adds a
per-query constant to the scores, which the column softmax cancels, so (with D_k the same) its outputs equal the model
answer's and the gradients of bq and bk are unchanged (bk's is zero in both; run on 200 float64 draws: outputs and
gradients within 3e-14); the same holds for multi_head_attention's key line. (In channel_attention the key bias is not
invariant, a key channel's bias meets the whole query row, but no entry was written for it.) The cross_attention entries
import linear, scaled_dot_product_attention, split_heads and merge_heads inside the function (from .attention /
.multihead), since solutions/cross_attention.py does not import them at module level. Several wrong entries raise on
most allowed shapes and are silently wrong only on the square ones (blind63_*_square_*, *_state_projected_with_u,
*_hidden_product_with_weight_ih, *_readout_state_half_twice, *_value_line_keeps_bk, *_pair_list_value_bias_bq,
feed_forward's b1/W1 slips): they are kept because the silent case is allowed by the contract and was shown.
blind63_mha_values_projected_from_queries is right for every self-attention call and only wrong for cross-attention with
N_q == N_k (it raises otherwise); blind63_transformer_layer_ffn_biases_picked_by_shape is only wrong when F == D;
blind63_patch_embedding_cls_tiled_with_repeat_interleave only with more than one image. Entry names were chosen not to
repeat earlier batches' names; a few ideas (value bias from the key line, keys through the query weights) exist in
earlier batches for other functions or in another form.

Counts: 58 wrong, 35 right.
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 4, 'average_pool_head': 1, 'channel_attention': 6, 'cross_attention': 4, 'decoder_layer': 7, 'feed_forward': 4, 'grid_attention': 2, 'layer_norm': 3, 'multi_head_attention': 10, 'patch_embedding': 3, 'patch_merging': 2, 'self_attention': 5, 'transformer_layer': 5}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'channel_attention': 2, 'cross_attention': 3, 'decoder_layer': 3, 'feed_forward': 3, 'grid_attention': 1, 'layer_norm': 3, 'multi_head_attention': 5, 'patch_embedding': 3, 'patch_merging': 2, 'self_attention': 3, 'transformer_layer': 3}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_63 = {
    # -- self_attention
    # The query line was copied from the key line and only the bias renamed: Q = Wk X + bq, so every score is (Wk x_j
    # + bk)ᵀ(Wk x_i + bq). Any random Wq != Wk. Passes the visible tests.
    "blind63_self_attention_query_projected_with_wk": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wk, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The value line copied from the key line keeps bk: V = Wv X + bk. Raises when Dv != Dk and, when Dv == Dk, adds
    # bk instead of bv to every output column (D=Dk=Dv=4, random biases). Fails the visible tests.
    "blind63_self_attention_value_line_keeps_bk": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bk)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Wq applied transposed (Wq.T @ X): raises unless Dk == D and projects with the wrong matrix then (D=Dk=Dv=4,
    # random non-symmetric Wq). Fails the visible tests.
    "blind63_self_attention_square_wq_transposed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = Wq.transpose(0, 1) @ X + bq[:, None]
            K = Wk @ X + bk[:, None]
            V = Wv @ X + bv[:, None]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The bias "column" is built by expanding b to (N, Dk) and reshaping to (Dk, N) instead of transposing: entry [i,
    # n] is b[(i*N + n) % Dk], right only when N == 1 (or Dk == 1). D=5, Dk=3, Dv=2, N=4 random (and D=5, Dk=Dv=3,
    # N=6): outputs differ. Passes the visible tests.
    "blind63_self_attention_bias_tiled_by_reshape": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            n = X.shape[-1]
            def project(W, b):
                return W @ X + b.expand(n, b.shape[0]).reshape(b.shape[0], n)
            Q = project(Wq, bq)
            K = project(Wk, bk)
            V = project(Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # A loop over (W, b) pairs whose third tuple was copy-pasted as (Wv, bq): raises when Dv != Dk and is wrong when
    # Dv == Dk (D=4, Dk=Dv=3). Fails the visible tests.
    "blind63_self_attention_pair_list_value_bias_bq": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = (linear(X, W, b) for W, b in ((Wq, bq), (Wk, bk), (Wv, bq)))
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # -- multi_head_attention
    # Head loop with slices copied from the key line: each head's values are the key rows of that head. D=4, H=2,
    # random params. Fails the visible tests.
    "blind63_mha_head_values_sliced_from_keys": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            d = dim // num_heads
            outs = []
            for h in range(num_heads):
                lo, hi = h * d, (h + 1) * d
                out, _ = scaled_dot_product_attention(Q[..., lo:hi, :], K[..., lo:hi, :], K[..., lo:hi, :], mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # The query slice was never updated from the first head: every head uses Q's rows 0 .. D/H with its own keys and
    # values. D=4, H=2. Right with one head. Fails the visible tests.
    "blind63_mha_every_head_queries_of_head_zero": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            d = dim // num_heads
            outs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                out, _ = scaled_dot_product_attention(Q[..., 0:d, :], K[..., rows, :], V[..., rows, :], mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # Output projection applied twice (once in a helper and again on return). Any random Wo. Fails the visible tests.
    "blind63_mha_output_projection_applied_twice": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def attend(q, kv):
                Q = split_heads(linear(q, params["Wq"], params["bq"]), num_heads)
                K = split_heads(linear(kv, params["Wk"], params["bk"]), num_heads)
                V = split_heads(linear(kv, params["Wv"], params["bv"]), num_heads)
                m = None if mask is None else mask.unsqueeze(-3)
                heads, _ = scaled_dot_product_attention(Q, K, V, m)
                return linear(merge_heads(heads), params["Wo"], params["bo"])
            out = attend(Xq, Xkv)
            return linear(out, params["Wo"], params["bo"])
'''),
    # Value weight used transposed (params["Wv"].mT @ Xkv): square (D, D) so it runs; any non-symmetric Wv. Fails the
    # visible tests.
    "blind63_mha_square_wv_transposed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(params["Wq"] @ Xq + params["bq"][:, None], num_heads)
            K = split_heads(params["Wk"] @ Xkv + params["bk"][:, None], num_heads)
            V = split_heads(params["Wv"].mT @ Xkv + params["bv"][:, None], num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ merge_heads(heads) + params["bo"][:, None]
'''),
    # Value line copied from the key line keeps bk: V = Wv Xkv + bk (all (D,), so it runs). Random bk != bv. Fails the
    # visible tests.
    "blind63_mha_value_projection_with_key_bias": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bk"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Values projected from the query input (a self-attention habit): raises when Nq != Nk and is wrong whenever Xq is
    # not Xkv (cross-attention with equal lengths); self-attention calls (Xkv is Xq) are right. D=4, H=2, Xq and Xkv
    # different (4, 3) tensors: outputs differ. Fails the visible tests.
    "blind63_mha_values_projected_from_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xq, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Weights unpacked from sorted keys: sorted() gives Wk, Wo, Wq, Wv, so "Wq" gets Wk, "Wk" Wo, "Wv" Wq and "Wo" Wv
    # (biases likewise). Any random params. Fails the visible tests.
    "blind63_mha_weights_unpacked_from_sorted_keys": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wq, Wk, Wv, Wo = (params[k] for k in sorted(params) if k.startswith("W"))
            bq, bk, bv, bo = (params[k] for k in sorted(params) if k.startswith("b"))
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, Wk, bk), num_heads)
            V = split_heads(linear(Xkv, Wv, bv), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), Wo, bo)
'''),
    # Fused QKV weights stacked in (q, k, v) order but unpacked as (q, v, k): keys and values swap. Any random params.
    # Fails the visible tests.
    "blind63_mha_fused_qkv_unpacked_q_v_k": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            W = torch.cat([params["Wq"], params["Wk"], params["Wv"]], dim=0)
            b = torch.cat([params["bq"], params["bk"], params["bv"]], dim=0)
            Wq, Wv, Wk = W.chunk(3, dim=0)
            bq, bv, bk = b.chunk(3, dim=0)
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, Wk, bk), num_heads)
            V = split_heads(linear(Xkv, Wv, bv), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Per-head weight slices with the key line's head index written h - 1: head h scores with the key weights of head
    # h - 1 (head 0 wraps to the last head). D=4, H=2: outputs differ; right with one head. Fails the visible tests.
    "blind63_mha_key_rows_of_previous_head": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            Wq = params["Wq"].reshape(num_heads, d, dim)
            Wk = params["Wk"].reshape(num_heads, d, dim)
            Wv = params["Wv"].reshape(num_heads, d, dim)
            bq = params["bq"].reshape(num_heads, d)
            bk = params["bk"].reshape(num_heads, d)
            bv = params["bv"].reshape(num_heads, d)
            outs = []
            for h in range(num_heads):
                Q = linear(Xq, Wq[h], bq[h])
                K = linear(Xkv, Wk[h - 1], bk[h - 1])
                V = linear(Xkv, Wv[h], bv[h])
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # Output bias added as a row (bo[None, :]), broadcast along the tokens: runs only when Nq == D (or Nq == 1) and
    # then adds bo[n] to column n. D=4, Nq=4, Nk=6, H=2: outputs differ; raises when Nq != D. Fails the visible tests.
    "blind63_mha_output_bias_as_row": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ merge_heads(heads) + params["bo"][None, :]
'''),
    # -- cross_attention
    # Queries projected with the key weights (the query line copied from the key line, only the input renamed). Any
    # random params. Passes the visible tests.
    "blind63_cross_attention_decoder_queries_through_wk": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            p = dict(params)
            p["Wq"], p["bq"] = params["Wk"], params["bk"]
            return multi_head_attention(X_dec, X_enc, p, num_heads, enc_mask)
'''),
    # Packed K/V projection whose bias was built as cat([bk, bk]): the values get the key bias. Random bk != bv.
    # Passes the visible tests.
    "blind63_cross_attention_packed_kv_bias_bk_twice": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            Wkv = torch.cat([params["Wk"], params["Wv"]], dim=0)
            bkv = torch.cat([params["bk"], params["bk"]], dim=0)
            K, V = linear(X_enc, Wkv, bkv).chunk(2, dim=-2)
            Q = linear(X_dec, params["Wq"], params["bq"])
            Q, K, V = (split_heads(T, num_heads) for T in (Q, K, V))
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Output projection written out with bo replaced by bv (copied from the value line). Random bv != bo. Passes the
    # visible tests.
    "blind63_cross_attention_output_bias_bv": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bv"])
'''),
    # Keys projected from the encoder with the query weight: K = Wq X_enc + bk. Random Wq != Wk. Passes the visible
    # tests.
    "blind63_cross_attention_encoder_keys_through_wq": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wq"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # -- decoder_layer
    # The self-attention block reads params["cross_attn"] (copied from the cross line); the cross block is right. Any
    # random params with different self/cross dicts. Passes the visible tests.
    "blind63_decoder_layer_self_block_reads_cross_params": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["cross_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # The cross block's parameters are merged as {**cross, **self}: the self-attention dict wins every key, so the
    # cross-attention runs with the self-attention weights. Fails the visible tests.
    "blind63_decoder_layer_cross_params_merged_self_wins": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_p = params["self_attn"]
            cross_p = {**params["cross_attn"], **self_p}
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, self_p, num_heads, causal), params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, cross_p, num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # The second norm reuses the first norm's parameters (gamma1, beta1): the norm line copied without renumbering.
    # Random gamma1 != gamma2. Passes the visible tests.
    "blind63_decoder_layer_second_norm_reuses_norm_one": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Norm parameters built as [(gamma1, beta1)] * 3: one pair shared by the three sub-blocks. Random gammas. Passes
    # the visible tests.
    "blind63_decoder_layer_one_norm_pair_multiplied": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            norms = [(params["gamma1"], params["beta1"])] * 3
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            blocks = [
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            X = X_dec
            for block, (gamma, beta) in zip(blocks, norms):
                X = layer_norm(X + block(X), gamma, beta)
            return X
'''),
    # Numbered keys in a loop, the beta index written max(i, 1) instead of i + 1: the three norms get (gamma1, beta1),
    # (gamma2, beta1), (gamma3, beta2). Random betas: outputs differ. Passes the visible tests.
    "blind63_decoder_layer_beta_keys_lag_one_block": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            blocks = [
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            X = X_dec
            for i, block in enumerate(blocks):
                X = layer_norm(X + block(X), params[f"gamma{i + 1}"], params[f"beta{max(i, 1)}"])
            return X
'''),
    # The cross-attention output goes through Wo a second time (the learner projected "read" again as in their own MHA
    # notes). Passes the visible tests.
    "blind63_decoder_layer_cross_output_projected_again": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            cross = params["cross_attn"]
            read = cross_attention(X, X_enc, cross, num_heads, enc_mask)
            read = cross["Wo"] @ read + cross["bo"][:, None]
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # -- transformer_layer
    # Post-LN second norm with beta1 (the shift not renumbered); pre-LN is right. Random beta1 != beta2. Passes the
    # visible tests.
    "blind63_transformer_layer_post_ln_second_shift_beta1": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            p = params
            if norm_first:
                Y = layer_norm(X, p["gamma1"], p["beta1"])
                X = X + multi_head_attention(Y, Y, p, num_heads, mask)
                X = X + feed_forward(layer_norm(X, p["gamma2"], p["beta2"]), p["W1"], p["b1"], p["W2"], p["b2"])
            else:
                X = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
                X = layer_norm(X + feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma2"], p["beta1"])
            return X
'''),
    # The attention sub-dict is built from a tuple of values where bo was copy-pasted as bv. Random bv != bo. Fails
    # the visible tests.
    "blind63_transformer_layer_attention_dict_bo_from_bv": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            names = ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo")
            values = (params["Wq"], params["Wk"], params["Wv"], params["Wo"],
                      params["bq"], params["bk"], params["bv"], params["bv"])
            attn = dict(zip(names, values))
            def mha(Y):
                return multi_head_attention(Y, Y, attn, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + mha(X), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Pre-LN branch: the first norm uses gamma2 (copied up from the second line); post-LN is right. norm_first=True,
    # D=4, F=8, random gammas: outputs differ (post-LN identical). Passes the visible tests.
    "blind63_transformer_layer_pre_ln_first_norm_gamma2": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma2"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # The FFN biases are picked from a dict keyed by their size ({len(b2): b2, len(b1): b1}): when F == D the second
    # key overwrites the first and both layers get b1. D=F=4: outputs differ; F != D is right. Passes the visible
    # tests.
    "blind63_transformer_layer_ffn_biases_picked_by_shape": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            hidden = params["W1"].shape[0]
            # pick each bias by its size
            by_size = {params["b2"].shape[0]: params["b2"], params["b1"].shape[0]: params["b1"]}
            b1, b2 = by_size[hidden], by_size[X.shape[-2]]
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], b1, params["W2"], b2)
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # The sub-blocks in a loop where the f-string index was hard-coded: both norms read "gamma1"/"beta1" via
    # f"gamma{1}". Random gamma2 != gamma1. Passes the visible tests.
    "blind63_transformer_layer_loop_index_hard_coded": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            for i, block in enumerate(blocks, start=1):
                gamma, beta = params[f"gamma{1}"], params[f"beta{1}"]
                if norm_first:
                    X = X + block(layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + block(X), gamma, beta)
            return X
'''),
    # -- feed_forward
    # Second layer's bias line copied from the first: W2 h + b1. Raises when F != D (D=3, F=5) and is wrong when F ==
    # D (D=F=4, random biases). Fails the visible tests.
    "blind63_feed_forward_output_bias_b1": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(W1 @ X + b1[:, None])
            return W2 @ hidden + b1[:, None]
'''),
    # W1 used transposed (W1.T @ X, the row formula ported halfway): raises when F != D and is wrong when F == D
    # (D=F=4, random W1). Fails the visible tests.
    "blind63_feed_forward_square_w1_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(W1.T @ X + b1.unsqueeze(-1))
            return W2 @ hidden + b2.unsqueeze(-1)
'''),
    # Hidden bias added as a row (b1[None, :]): (F, N) + (1, F) runs only when N == F (or F == 1) and then adds b1[n]
    # to token n. D=3, F=4, N=4: outputs differ; raises when N != F. Fails the visible tests.
    "blind63_feed_forward_hidden_bias_as_row": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = (W1 @ X + b1[None, :]).clamp_min(0)
            return W2 @ hidden + b2[:, None]
'''),
    # A loop over the (W, b) pairs built as zip((W1, W2), (b1, b1)): b1 in both layers. Raises when F != D, wrong when
    # F == D (D=F=4). Fails the visible tests.
    "blind63_feed_forward_zip_bias_tuple_b1_twice": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            Y = X
            layers = list(zip((W1, W2), (b1, b1)))
            for k, (W, b) in enumerate(layers):
                Y = W @ Y + b[:, None]
                if k < len(layers) - 1:
                    Y = torch.relu(Y)
            return Y
'''),
    # -- layer_norm
    # The shift line copied from the scale line: gamma * x̂ + gamma. Random gamma != beta. Fails the visible tests.
    "blind63_layer_norm_shift_by_gamma": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mu = X.mean(dim=-2, keepdim=True)
            xc = X - mu
            var = (xc * xc).mean(dim=-2, keepdim=True)
            return gamma[:, None] * xc / torch.sqrt(var + eps) + gamma[:, None]
'''),
    # The variance line copied from the mean line but with dim=-1: the centred squares are averaged over the tokens
    # instead of the features. D=3, N=5 random. Fails the visible tests.
    "blind63_layer_norm_variance_over_tokens_axis_copied": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            var = ((X - mean) ** 2).mean(dim=-1, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # -- patch_embedding
    # Projection weight used transposed (W.T @ patches): raises unless D == C*P*P and is wrong then (C=1, P=2, D=4,
    # random W). Fails the visible tests.
    "blind63_patch_embedding_square_weight_transposed": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = W.transpose(-2, -1) @ patches + b[:, None]
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # The [CLS] column's position taken from the patch positions (positions[:, 1:] sliced for both): cls gets
    # positions[:, 1] and the patches positions[:, 1:]. Fails the visible tests.
    "blind63_patch_embedding_cls_position_from_patch_slice": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
            cls = (cls_token + positions[:, 1]).reshape(1, -1, 1).expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1)
'''),
    # -- patch_merging
    # The four views copy-pasted: the top-right slice kept the bottom-left offsets (X[..., 1::2, 0::2] twice). Any
    # random grid. Fails the visible tests.
    "blind63_patch_merging_bottom_left_view_twice": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            x0 = X[..., 0::2, 0::2]
            x1 = X[..., 1::2, 0::2]
            x2 = X[..., 1::2, 0::2]
            x3 = X[..., 1::2, 1::2]
            merged = torch.cat([x0, x1, x2, x3], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The norm called with (gamma, gamma): the beta argument copy-pasted. Random beta. Fails the visible tests.
    "blind63_patch_merging_norm_shift_gamma": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]
            merged = torch.cat(blocks, dim=-3).flatten(-2)
            tokens = layer_norm(merged, gamma, gamma, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # -- channel_attention
    # Keys projected with the query weights (copied line, bias renamed only): scores Q_g (Wq x + bk)ᵀ. Random Wq !=
    # Wk. Passes the visible tests.
    "blind63_channel_attention_keys_through_wq": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wq"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The output projection uses Wv (copied from the value line) with bo. Random Wv != Wo. Passes the visible tests.
    "blind63_channel_attention_output_projection_wv": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wv"], params["bo"])
'''),
    # Group loop whose key slice was left at group 0's rows: every group's queries score group 0's keys (values
    # right). C=4, G=2. Right with one group. Passes the visible tests.
    "blind63_channel_attention_keys_of_group_zero": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            c = channels // num_groups
            outs = []
            for g in range(num_groups):
                rows = slice(g * c, (g + 1) * c)
                w = softmax_cols(K[..., :c, :] @ Q[..., rows, :].transpose(-2, -1) * scale)
                outs.append(w.transpose(-2, -1) @ V[..., rows, :])
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # Values with the key bias (V = Wv X + bk). Random bk != bv. Passes the visible tests.
    "blind63_channel_attention_value_bias_bk": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            Q, K, V = (split_heads(linear(X, params[w], params[b]), num_groups)
                       for w, b in (("Wq", "bq"), ("Wk", "bk"), ("Wv", "bk")))
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Square Wo applied transposed: Wo.T @ merged. Random non-symmetric Wo. Passes the visible tests.
    "blind63_channel_attention_square_wo_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return params["Wo"].T @ merge_heads(weights.transpose(-2, -1) @ V) + params["bo"][:, None]
'''),
    # -- additive_attention
    # U applied transposed (U.mT @ H): raises unless D_a == D_h and is wrong then (D_s=3, D_h=D_a=4, N=5). Fails the
    # visible tests.
    "blind63_additive_attention_square_u_transposed": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U.mT @ H + (W @ s.unsqueeze(-1)))
            scores = (v[:, None] * hidden).sum(-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The state projected with U as well (the W s line copied from U h): raises unless D_s == D_h and is wrong then
    # (D_s=D_h=4, D_a=3, N=5). Fails the visible tests.
    "blind63_additive_attention_state_projected_with_u": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            keys = U @ H
            query = U @ s.unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(keys + query)).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H * weights.unsqueeze(-2)).sum(-1)
'''),
    # -- grid_attention
    # U's einsum letters written "ca" for "ac" (U used transposed): raises unless D_a == C and is wrong then (D_s=3,
    # C=D_a=4, a 2x3 grid). Fails the visible tests.
    "blind63_grid_attention_einsum_u_letters_swapped": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            keys = torch.einsum("ca,...chw->...ahw", U, features)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))
            height, width = scores.shape[-2:]
            weights = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1).unflatten(-1, (height, width))
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # -- attention_decoder_step
    # GRU hidden-side bias copied from the input side: bias_ih used twice. Random bias_hh. Fails the visible tests.
    "blind63_decoder_step_hidden_bias_bias_ih": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_ih"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The hidden-side gate rows unpacked in a different order from the input side (r, n, z instead of r, z, n): update
    # and candidate hidden parts are crossed. Random params. Fails the visible tests.
    "blind63_decoder_step_hidden_gates_unpacked_r_n_z": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            xr, xz, xn = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
            hr, hn, hz = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
            r = torch.sigmoid(xr + hr)
            z = torch.sigmoid(xz + hz)
            n = torch.tanh(xn + r * hn)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The read-out weight split into its state and context halves with the context slice copied from the state slice
    # (W_out[:, :D_s] twice): raises when D_h != D_s and is wrong when D_h == D_s (D_s=D_h=4, E=2, D_a=3, V=5). Fails
    # the visible tests.
    "blind63_decoder_step_readout_state_half_twice": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            d_s = s.shape[-1]
            W_s = params["W_out"][:, :d_s]
            W_c = params["W_out"][:, :d_s]
            logits = s @ W_s.T + context @ W_c.T + params["b_out"]
            return s, logits, weights
'''),
    # -- average_pool_head
    # Square W applied from the wrong side (pooled @ W): raises unless K == D and is wrong then (X (2, 4, 3), W (4,
    # 4), random). Passes the visible tests.
    "blind63_average_pool_head_square_weight_from_the_right": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = X.mean(dim=-1) @ W
            return logits if b is None else logits + b
'''),

    # -- further entries: grid_attention, attention_decoder_step, patch_embedding, channel_attention, decoder_layer,
    # layer_norm
    # The state projected with U as well (the W line copied from the U line): raises unless D_s == C and is wrong then
    # (D_s=C=4, D_a=3, a 2x3 grid). Fails the visible tests.
    "blind63_grid_attention_state_projected_with_u": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                              # (..., C, H*W)
            hidden = torch.tanh(U @ cells + (U @ s.unsqueeze(-1)))
            scores = (v.unsqueeze(-1) * hidden).sum(-2)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # The GRU's hidden product written with weight_ih (the hidden line copied from the input line): runs only when E +
    # D_h == D_s and is then wrong (D_s=4, E=2, D_h=2); raises otherwise. Fails the visible tests.
    "blind63_decoder_step_hidden_product_with_weight_ih": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_ih"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The [CLS] column tiled over the batch with repeat_interleave instead of repeat: entry [b, d] is cls_token[(b*D +
    # d) // B], right only when B == 1. B=2, C=1, P=2, D=4: outputs differ (B=1 identical). Passes the visible tests.
    "blind63_patch_embedding_cls_tiled_with_repeat_interleave": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            batch = tokens.shape[0]
            cls = cls_token.repeat_interleave(batch).reshape(batch, -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # Weights stacked (q, k, v) but biases stacked (q, v, k): K gets bv and V gets bk. Random bk !=
    # bv. Passes the visible tests.
    "blind63_channel_attention_stacked_biases_order_differs": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            W = torch.stack([params["Wq"], params["Wk"], params["Wv"]])
            b = torch.stack([params["bq"], params["bv"], params["bk"]])[..., None]
            Q, K, V = (split_heads(t, num_groups) for t in (W @ X.unsqueeze(-3) + b).unbind(-3))
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The cross block's dict copied with the output projection taken from the self block (dict(cross,
    # Wo=self["Wo"])). Random self/cross Wo. Fails the visible tests.
    "blind63_decoder_layer_cross_wo_from_self_block": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_p = params["self_attn"]
            cross_p = dict(params["cross_attn"], Wo=self_p["Wo"])
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, self_p, num_heads, causal), params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, cross_p, num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # beta added as a row (beta.unsqueeze(0)) while gamma is a column: (D, N) + (1, D) runs only when N == D (or D ==
    # 1) and adds beta[n] to column n. D=N=4: outputs differ; other shapes raise or come out (D, D). Fails the visible
    # tests.
    "blind63_layer_norm_shift_as_row": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            var = X.var(dim=-2, unbiased=False, keepdim=True)
            return gamma.unsqueeze(-1) * (X - mean) / (var + eps).sqrt() + beta.unsqueeze(0)
'''),
}

RIGHT_BLIND_63 = {
    # -- self_attention
    "blind63_right_self_attention_stacked_qkv_split_by_sizes": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv], dim=0)
            b = torch.cat([bq, bk, bv], dim=0)
            Q, K, V = torch.split(W @ X + b[:, None], [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    "blind63_right_self_attention_loop_over_weight_bias_pairs": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            projected = []
            for W, b in ((Wq, bq), (Wk, bk), (Wv, bv)):
                projected.append(torch.einsum("od,...dn->...on", W, X) + b.unsqueeze(-1))
            return scaled_dot_product_attention(*projected, mask=mask)
'''),
    "blind63_right_self_attention_bias_tiled_through_transpose": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            n = X.shape[-1]
            def project(W, b):
                return W @ X + b.expand(n, b.shape[0]).transpose(0, 1)
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # -- multi_head_attention
    "blind63_right_mha_fused_qkv_chunks_in_order": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            W = torch.cat([params["Wq"], params["Wk"], params["Wv"]], dim=0)
            b = torch.cat([params["bq"], params["bk"], params["bv"]], dim=0)
            Wq, Wk, Wv = W.chunk(3, dim=0)
            bq, bk, bv = b.chunk(3, dim=0)
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, Wk, bk), num_heads)
            V = split_heads(linear(Xkv, Wv, bv), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind63_right_mha_per_head_weight_rows_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            outs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                Q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                K = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                V = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    "blind63_right_mha_output_as_sum_of_wo_column_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            total = params["bo"][:, None]
            for h in range(num_heads):
                lo, hi = h * d, (h + 1) * d
                out, _ = scaled_dot_product_attention(Q[..., lo:hi, :], K[..., lo:hi, :], V[..., lo:hi, :], mask)
                total = total + params["Wo"][:, lo:hi] @ out
            return total
'''),
    "blind63_right_mha_itemgetter_unpacking": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import operator
            Wq, Wk, Wv, Wo = operator.itemgetter("Wq", "Wk", "Wv", "Wo")(params)
            bq, bk, bv, bo = operator.itemgetter("bq", "bk", "bv", "bo")(params)
            Q, K, V = (split_heads(W @ X + b[:, None], num_heads)
                       for W, b, X in ((Wq, bq, Xq), (Wk, bk, Xkv), (Wv, bv, Xkv)))
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
            return Wo @ merge_heads(heads) + bo[:, None]
'''),
    "blind63_right_mha_per_head_weights_reshaped_einsum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            def heads_of(name, bias, X):
                W = params[name].reshape(num_heads, d, dim)
                b = params[bias].reshape(num_heads, d, 1)
                return torch.einsum("hed,...dn->...hen", W, X) + b
            Q = heads_of("Wq", "bq", Xq)
            K = heads_of("Wk", "bk", Xkv)
            V = heads_of("Wv", "bv", Xkv)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # -- cross_attention
    "blind63_right_cross_attention_packed_kv_split": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            Wkv = torch.cat([params["Wk"], params["Wv"]], dim=0)
            bkv = torch.cat([params["bk"], params["bv"]], dim=0)
            K, V = linear(X_enc, Wkv, bkv).chunk(2, dim=-2)
            Q = linear(X_dec, params["Wq"], params["bq"])
            Q, K, V = (split_heads(T, num_heads) for T in (Q, K, V))
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind63_right_cross_attention_keyword_dict_copy": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            p = {key: params[key] for key in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=p, num_heads=num_heads, mask=enc_mask)
'''),
    # -- decoder_layer
    "blind63_right_decoder_layer_blocks_with_numbered_norms": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            X = X_dec
            for i, block in enumerate(blocks, start=1):
                X = layer_norm(X + block(X), params[f"gamma{i}"], params[f"beta{i}"])
            return X
'''),
    "blind63_right_decoder_layer_zip_norm_pairs": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            gammas = [params["gamma1"], params["gamma2"], params["gamma3"]]
            betas = [params["beta1"], params["beta2"], params["beta3"]]
            norms = list(zip(gammas, betas))
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()
            X = X_dec
            g, b = norms[0]
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal), g, b)
            g, b = norms[1]
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), g, b)
            g, b = norms[2]
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), g, b)
            return X
'''),
    "blind63_right_decoder_layer_cross_params_merged_cross_wins": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_p = params["self_attn"]
            cross_p = {**self_p, **params["cross_attn"]}
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, self_p, num_heads, causal), params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, cross_p, num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # -- transformer_layer
    "blind63_right_transformer_layer_loop_over_sublayers": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = (
                ("1", lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)),
                ("2", lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])),
            )
            for k, sub in sublayers:
                gamma, beta = params["gamma" + k], params["beta" + k]
                if norm_first:
                    X = X + sub(layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + sub(X), gamma, beta)
            return X
'''),
    "blind63_right_transformer_layer_attention_dict_by_comprehension": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attn = {name: params[name] for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo")}
            W1, b1, W2, b2 = (params[name] for name in ("W1", "b1", "W2", "b2"))
            norm1 = (params["gamma1"], params["beta1"])
            norm2 = (params["gamma2"], params["beta2"])
            if norm_first:
                Y = layer_norm(X, *norm1)
                X = X + multi_head_attention(Y, Y, attn, num_heads, mask)
                X = X + feed_forward(layer_norm(X, *norm2), W1, b1, W2, b2)
                return X
            X = layer_norm(X + multi_head_attention(X, X, attn, num_heads, mask), *norm1)
            return layer_norm(X + feed_forward(X, W1, b1, W2, b2), *norm2)
'''),
    # -- feed_forward
    "blind63_right_feed_forward_loop_over_layer_pairs": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            Y = X
            layers = [(W1, b1), (W2, b2)]
            for k, (W, b) in enumerate(layers):
                Y = W @ Y + b[:, None]
                if k < len(layers) - 1:
                    Y = torch.relu(Y)
            return Y
'''),
    "blind63_right_feed_forward_functional_linear_on_rows": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.transpose(-2, -1)
            hidden = F.relu(F.linear(rows, W1, b1))
            return F.linear(hidden, W2, b2).transpose(-2, -1)
'''),
    "blind63_right_feed_forward_bias_column_by_reshape": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.einsum("fd,...dn->...fn", W1, X) + b1.reshape(-1, 1)
            hidden = torch.where(hidden > 0, hidden, torch.zeros_like(hidden))
            return torch.einsum("df,...fn->...dn", W2, hidden) + b2.reshape(-1, 1)
'''),
    # -- layer_norm
    "blind63_right_layer_norm_functional_on_rows": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            rows = X.transpose(-2, -1)
            out = F.layer_norm(rows, (X.shape[-2],), weight=gamma, bias=beta, eps=eps)
            return out.transpose(-2, -1)
'''),
    "blind63_right_layer_norm_var_mean_affine_pair": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            scale, shift = (p.unsqueeze(-1) for p in (gamma, beta))
            return (X - mean) * torch.rsqrt(var + eps) * scale + shift
'''),
    # -- patch_embedding
    "blind63_right_patch_embedding_conv2d_weight_reshaped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            c = images.shape[1]
            kernel = W.reshape(W.shape[0], c, patch_size, patch_size)
            tokens = F.conv2d(images, kernel, b, stride=patch_size).flatten(2)
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    "blind63_right_patch_embedding_positions_split_then_added": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            cls_pos, patch_pos = positions[:, :1], positions[:, 1:]
            tokens = W @ patchify(images, patch_size) + b[:, None] + patch_pos
            cls = (cls_token[:, None] + cls_pos).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1)
'''),
    # -- patch_merging
    "blind63_right_patch_merging_offsets_list": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            offsets = [(0, 0), (1, 0), (0, 1), (1, 1)]          # (row, column): TL, BL, TR, BR
            merged = torch.cat([X[..., r::2, c::2] for r, c in offsets], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    "blind63_right_patch_merging_block_reshape_functional_norm": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            h2, w2 = height // 2, width // 2
            blocks = X.reshape(*X.shape[:-2], h2, 2, w2, 2)             # (..., C, i, r, j, c)
            n = blocks.dim()
            # features ordered (c, r, C): TL (r0 c0), BL (r1 c0), TR (r0 c1), BR (r1 c1)
            blocks = blocks.permute(*range(n - 5), n - 4, n - 2, n - 1, n - 3, n - 5)  # (..., i, j, c, r, C)
            rows = blocks.reshape(*X.shape[:-3], h2, w2, 4 * channels)
            normed = F.layer_norm(rows, (4 * channels,), gamma, beta, eps)
            out = normed @ W.T                                            # (..., i, j, 2C)
            return out.movedim(-1, -3)
'''),
    # -- channel_attention
    "blind63_right_channel_attention_group_loop_weight_rows": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            c = channels // num_groups
            outs = []
            for g in range(num_groups):
                rows = slice(g * c, (g + 1) * c)
                Q = linear(X, params["Wq"][rows], params["bq"][rows])
                K = linear(X, params["Wk"][rows], params["bk"][rows])
                V = linear(X, params["Wv"][rows], params["bv"][rows])
                w = softmax_cols(K @ Q.transpose(-2, -1) * scale)
                outs.append(w.transpose(-2, -1) @ V)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    "blind63_right_channel_attention_stacked_qkv_split": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1.0 / math.sqrt(tokens)
            W = torch.stack([params["Wq"], params["Wk"], params["Wv"]])            # (3, C, C)
            b = torch.stack([params["bq"], params["bk"], params["bv"]])[..., None]  # (3, C, 1)
            qkv = W @ X.unsqueeze(-3) + b                                            # (..., 3, C, N)
            Q, K, V = (split_heads(t, num_groups) for t in qkv.unbind(-3))
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # -- additive_attention
    "blind63_right_additive_attention_einsum_projections": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)
            keys = torch.einsum("ah,...hn->...an", U, H)
            scores = torch.einsum("a,...an->...n", v, torch.tanh(keys + query.unsqueeze(-1)))
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-2).transpose(-2, -1)).squeeze(-1)
            context = torch.einsum("...hn,...n->...h", H, weights)
            return weights, context
'''),
    # -- grid_attention
    "blind63_right_grid_attention_einsum_over_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            keys = torch.einsum("ac,...chw->...ahw", U, features)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))
            height, width = scores.shape[-2:]
            weights = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1).unflatten(-1, (height, width))
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # -- attention_decoder_step
    "blind63_right_decoder_step_gate_triples_from_weight_rows": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            d = s_prev.shape[-1]
            gates = []
            for g in range(3):
                rows = slice(g * d, (g + 1) * d)
                gates.append((x @ params["weight_ih"][rows].T + params["bias_ih"][rows],
                              s_prev @ params["weight_hh"][rows].T + params["bias_hh"][rows]))
            (xr, hr), (xz, hz), (xn, hn) = gates
            r = torch.sigmoid(xr + hr)
            z = torch.sigmoid(xz + hz)
            n = torch.tanh(xn + r * hn)
            s = (1 - z) * n + z * s_prev
            W_s, W_c = params["W_out"].split([d, context.shape[-1]], dim=-1)
            logits = s @ W_s.T + context @ W_c.T + params["b_out"]
            return s, logits, weights
'''),
    # -- average_pool_head
    "blind63_right_average_pool_head_functional_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            return F.linear(X.mean(dim=-1), W, b)
'''),

    # -- further entries
    "blind63_right_decoder_step_params_unpacked_in_declared_order": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            W, U, v, w_ih, w_hh, b_ih, b_hh, W_out, b_out = (params[name] for name in DECODER_PARAMS)
            weights, context = additive_attention(s_prev, H, W, U, v, mask)
            s = gru_step(stack(y_prev, context), s_prev, w_ih, w_hh, b_ih, b_hh)
            logits = torch.einsum("vk,...k->...v", W_out, stack(s, context)) + b_out
            return s, logits, weights
'''),
    "blind63_right_transformer_layer_norm_pairs_dict": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            norms = {k: (params[f"gamma{k}"], params[f"beta{k}"]) for k in (1, 2)}
            def attn(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, *(params[k] for k in ("W1", "b1", "W2", "b2")))
            for k, block in ((1, attn), (2, ffn)):
                if norm_first:
                    X = X + block(layer_norm(X, *norms[k]))
                else:
                    X = layer_norm(X + block(X), *norms[k])
            return X
'''),
    "blind63_right_patch_embedding_unfold_then_einsum": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = F.unfold(images, kernel_size=patch_size, stride=patch_size)   # (B, C*P*P, N)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls = cls_token.repeat(tokens.shape[0], 1).unsqueeze(-1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    "blind63_right_layer_norm_affine_by_einsum": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            var = centred.pow(2).mean(dim=-2, keepdim=True)
            normed = centred / torch.sqrt(var + eps)
            return torch.einsum("d,...dn->...dn", gamma, normed) + beta.reshape(-1, 1)
'''),
    "blind63_right_cross_attention_heads_written_with_reshape": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            d = D // num_heads
            def heads(W, b, X):
                Y = W @ X + b[:, None]
                return Y.reshape(*Y.shape[:-2], num_heads, d, Y.shape[-1])
            Q = heads(params["Wq"], params["bq"], X_dec)
            K = heads(params["Wk"], params["bk"], X_enc)
            V = heads(params["Wv"], params["bv"], X_enc)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            m = scores.amax(dim=-2, keepdim=True)
            m = torch.where(torch.isfinite(m), m, torch.zeros_like(m))
            e = torch.exp(scores - m)
            total = e.sum(dim=-2, keepdim=True)
            weights = e / torch.where(total > 0, total, torch.ones_like(total))
            out = (V @ weights).reshape(*Q.shape[:-3], D, Q.shape[-1])
            return params["Wo"] @ out + params["bo"][:, None]
'''),
}
