"""Thirty-eighth blind batch of held-out implementations (prefix blind37_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md and docs/convention.md (the table mapping the column convention to
PyTorch's rows), the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks
marker) and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches (held_out_blind.py ...
held_out_blind_35.py) were only skimmed: their entry names were listed, and a few entries whose names came close to an
idea here were read (blind3 self_attention_functional_linear_rows, sinusoidal_rows_are_positions,
patch_embedding_positions_transposed; blind4 mha_torch_functional_port; blind12 global_token_mask_implicit_query_row;
blind17 rotary_hf_rotate_half_on_last_axis; blind25 right_layer_norm_functional_transposed), so that no entry repeats
one of them. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written
at the same time (held_out_blind_36.py).

Emphasis: code translated from the row-major convention (a sequence (B, N, D), x @ W.T + b, softmax over the last
axis, masks (N_q, N_k)) into the course's columns. Each entry starts from code a learner knows: nanoGPT,
nn.MultiheadAttention / F.multi_head_attention_forward, fairseq, Hugging Face's BERT, ViT, Swin and Llama, timm's
PatchEmbed and DaViT, the Annotated Transformer, d2l, the PyTorch seq2seq tutorial, Show, Attend and Tell, Keras Dense
kernels. It is then wrapped in transposes at the boundary or translated line by line. Most wrong entries carry a
translation slip that survives the shapes a learner usually tries:
- a mask rotated by flip(-2, -1) instead of transposed (right for causal, local and strided masks);
- mask.T, which reverses every axis (right for 2-D masks);
- softmax over dim 0 (right unbatched);
- F.linear on the columns (shapes fit only when N == D);
- weights returned query-major (N x N either way);
- HF's transpose_for_scores on the token axis (right for one head);
- F.multi_head_attention_forward fed batch-first rows (right unbatched);
- nanoGPT's transpose(1, 2) (right for one batch axis);
- Keras kernels x @ W with square weights;
- a course mask read as torch's memory_mask;
- the course layer norm fed the row view (shapes fit only when N == D);
- W_out @ [s; c] (right unbatched);
- d2l's context-first GRU input;
- Wa(query) as s @ W;
- one Llama cos/sin table for q and k (right for self-attention);
- (N, D) tables reshaped to (D, N) (right for N = 1);
- positions reshaped onto the features;
- Longformer / F.embedding with positive axes (right for one batch axis);
- F.layer_norm on X.T (right unbatched).
Right entries are honest translations (transpose in, run the row-major code, transpose out) in several styles.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind37/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests. Every right entry passes them; 4 of the 23 wrong
entries do too (sdpa_rows_port_mask_rotated_not_transposed, sdpa_rows_port_mask_dot_t,
self_attention_rows_weights_left_query_major, cross_attention_rows_port_x_at_w_without_transpose). The input recorded
in each wrong entry's comment was run on the model answer and on the entry, and both results printed: each differs as
its comment says, and the inputs on which an entry is claimed to agree were run too. Right entries were compared with
the model answer under both default dtypes (float32 and float64) on float32 and float64 inputs (to 2e-5 and 1e-10
relative to the result's scale; exactly for masks):
- unbatched, one and two batch axes (and broadcast batches for the rnn functions);
- N_q != N_k, N = 1, one head and H = D;
- masks 2-D, batched, (3, N_k, N_q) and (1, 3, N_k, N_q) over a (2, 3) batch, padding masks with a zero length,
  causal, local, and masks with a query that sees no key;
- non-contiguous inputs, the same tensor passed twice, keyword calls;
- the contract's ValueErrors (same outcome on both sides);
- arguments left unchanged;
- the gradient of every floating-point input and weight under a random cotangent.

Judgement calls:
- blind37_right_cross_attention_rows_port_torch_sdpa relies on F.scaled_dot_product_attention giving a query whose
  bool mask row is all False a zero output (and zero gradients). The installed torch (2.13) does, and the entry agrees
  with the model answer on every check above. Older torch versions returned NaN there, so the entry is right for this
  environment's torch, not for every one.
- blind37_mha_torch_functional_batch_first_forgotten is right on every unbatched call (this torch even handles dead
  queries), and wrong on every batched one.
- blind37_attention_decoder_step_readout_matvec_from_left, blind37_global_token_mask_longformer_positive_axes,
  blind37_embed_functional_embedding_transpose_one_two and blind37_layer_norm_functional_on_dot_t are wrong through a
  raise on some of the batch shapes the contract allows, and right (or also silently wrong) on others.
- blind37_decoder_layer_enc_mask_read_as_memory_mask is right whenever enc_mask is None or symmetric.
- blind37_right_shifted_mask_hf_img_mask_port_unguarded_shift looks as if it forgot HF's `shift_size > 0` guard, but
  Python's slices make shift 0 come out all True.
- Fewer entries than asked (about 55 / 35): the time box, and earlier batches already hold most of the obvious port
  slips for these functions.

Counts: 23 wrong, 21 right.
Wrong per function: {'attention_decoder_step': 3, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1,
'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'multi_head_attention': 3, 'one_hot': 1,
'patch_embedding': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 3, 'self_attention': 2,
'sinusoidal_positions': 1, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'causal_mask': 1,
'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 1, 'global_token_mask': 1, 'grid_attention': 1,
'local_mask': 1, 'multi_head_attention': 3, 'patch_embedding': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1,
'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_37 = {
    # The row-major port turns the course mask into torch's (N_q, N_k) layout with flip(-2, -1) (rotated by 180
    # degrees) instead of a transpose. For causal, local and strided masks the two agree, and so does every all-True
    # or persymmetric mask; any other mask hides the wrong entries, and a non-square one raises. Q = [[1, 0, 1], [0,
    # 1, 1]], K = [[1, 0, 2], [0, 1, 1]], V = [[1, 2, 3]], mask (3, 3) with key 0 hidden from every query: model
    # output [[2.8044, 2.5000, 2.8044]], entry [[2.2920, 2.2033, 0.0000]] (the rotation hides all of query 2 and
    # leaves key 0 visible). Passes the visible tests.
    "blind37_sdpa_rows_port_mask_rotated_not_transposed": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k = Q.transpose(-2, -1), K.transpose(-2, -1)                 # rows: (..., N, D_k)
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])       # (..., N_q, N_k), one row per query
            if mask is not None:
                # torch wants the mask the other way round: our (N_k, N_q) mask turned around
                scores = apply_mask(scores, mask.flip(-2, -1))
            weights = softmax_cols(scores.transpose(-2, -1))                # back to (..., N_k, N_q)
            return V @ weights, weights
'''),
    # The mask goes to rows with mask.T, which reverses every axis: right for a 2-D mask, wrong for a batched one. A
    # (B, N_k, N_q) mask becomes (N_q, N_k, B) and raises unless the sizes happen to line up. When they do, it is
    # silently wrong: B = N = 3, Q = [[1, 0, 1], [0, 1, 1]], K = [[1, 0, 2], [0, 1, 1]], V = [[1, 2, 3]] repeated
    # three times, padding_mask([1, 2, 3], 3) (3, 3, 1): model output[:, 0] = [[1, 1, 1], [1.3302, 1.6698, 1.5],
    # [2.2920, 2.2033, 2.5093]], entry [[2.2920, 2.5, 3]] three times. Passes the visible tests.
    "blind37_sdpa_rows_port_mask_dot_t": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q = Q.transpose(-2, -1)                                         # (..., N_q, D_k)
            scores = q @ K / math.sqrt(Q.shape[-2])                         # q k^T in rows: (..., N_q, N_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.T, float("-inf"))         # (N_k, N_q) -> (N_q, N_k)
            rows = torch.softmax(scores, dim=-1).nan_to_num(0.0)            # a query that sees nothing: zeros
            weights = rows.transpose(-2, -1)
            return V @ weights, weights
'''),
    # torch.softmax(scores, dim=0): "columns are normalised over dim 0" is right only for unbatched (N_k, N_q)
    # scores. With a batch, dim 0 is the batch axis. Q = [[1, 0, 1], [0, 1, 1]] and its columns reversed as a batch
    # of 2, K = [[1, 0, 2], [0, 1, 1]], V = [[1, 2, 3]] for both: model outputs [[2.2920, 2.2033, 2.5093], [2.5093,
    # 2.2033, 2.2920]], entry [[2.1512, 3, 3.8488], [3.8488, 3, 2.1512]]. Fails the visible tests.
    "blind37_sdpa_softmax_cols_as_dim_zero": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])       # (..., N_k, N_q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            # F.softmax(scores, dim=-1) normalises rows in PyTorch; our columns are normalised over dim 0
            weights = torch.softmax(scores, dim=0).nan_to_num(0.0)
            return V @ weights, weights
'''),
    # F.linear (x @ W.T + b, written for token rows) applied to the column matrix X without transposing it. The
    # shapes only work when N == D (then the bias runs along the token axis), and the values are wrong even then. X
    # = [[1, 2], [0, -1]], Wq = [[1, 2], [0, 1]], Wk = Wv = I, zero biases: model output [[1.6698, 1.6698],
    # [-0.6698, -0.6698]], entry [[1.9930, 1.8930], [-0.9930, -0.8930]]. It raises whenever N != D. Fails the
    # visible tests.
    "blind37_self_attention_functional_linear_on_columns": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            import torch.nn.functional as F
            # nn.Linear's functional form, weights stored (out, in) as in the course
            Q = F.linear(X, Wq, bq)
            K = F.linear(X, Wk, bk)
            V = F.linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # A row-major port that transposes the output back but returns the weights in torch's (N_q, N_k) layout. Self-
    # attention's weights are N x N, so the shape is right either way and only the values show it. X = [[1, 2], [0,
    # -1]], Wq = [[1, 2], [0, 1]], Wk = Wv = I, zero biases, causal_mask(2): model weights [[1, 0.3302], [0,
    # 0.6698]], entry [[1, 0], [0.3302, 0.6698]]. The outputs agree. Passes the visible tests.
    "blind37_self_attention_rows_weights_left_query_major": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            x = X.transpose(-2, -1)                                         # (..., N, D): tokens as rows
            q, k, v = x @ Wq.T + bq, x @ Wk.T + bk, x @ Wv.T + bv
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])       # (..., N_q, N_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
            weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
            return (weights @ v).transpose(-2, -1), weights                 # (N, N) weights: same shape either way
'''),
    # Hugging Face's transpose_for_scores (x.size()[:-1] + (heads, head_size)) ported to the column layout as
    # written. The last axis is now the token axis, so each head gets all D features of a block of N/H tokens,
    # scaled by 1/sqrt(D). With one head this is the model answer; with H > 1 it is wrong, and it raises unless H
    # divides N (or when a mask is given). Xq = Xkv = [[1, 0, 2, 1], [0, 1, 1, 3]], identity weights, zero biases, H
    # = 2: model [[1.4621, 1, 1.7616, 1.4621], [1.25, 2.4769, 2.4769, 2.9898]], entry [[0.6698, 0.3302, 1.5,
    # 1.0283], [0.3302, 0.6698, 2, 2.9434]]. H = 1 agrees. Fails the visible tests.
    "blind37_mha_hf_transpose_for_scores_on_token_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def transpose_for_scores(x):
                # Hugging Face's BertSelfAttention: x.size()[:-1] + (heads, head_size), then swap the middle axes
                new_shape = x.shape[:-1] + (num_heads, x.shape[-1] // num_heads)
                return x.reshape(new_shape).transpose(-3, -2)
            Q = transpose_for_scores(linear(Xq, params["Wq"], params["bq"]))
            K = transpose_for_scores(linear(Xkv, params["Wk"], params["bk"]))
            V = transpose_for_scores(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            context, _ = scaled_dot_product_attention(Q, K, V, mask)
            context = context.transpose(-3, -2)
            context = context.reshape(context.shape[:-2] + (-1,))
            return linear(context, params["Wo"], params["bo"])
'''),
    # F.multi_head_attention_forward called on (..., N, D) rows as if batch_first were set. That function takes (L,
    # B, E), so a batch (B, N, D) is read as sequence length B and batch N: tokens attend across the batch.
    # Unbatched (N, D) input is right; with the installed torch (2.13) even a dead query gets the output bias. Xq =
    # Xkv = [[[1, 0], [0, 1]], [[2, 1], [1, 3]]] (B = 2), identity weights, zero biases, H = 1: model [[[0.6698,
    # 0.3302], [0.3302, 0.6698]], [[1.5, 1.0283], [2, 2.9434]]], entry [[[1.6698, 0.8044], [0.6698, 2.6089]],
    # [[1.8930, 0.9930], [0.8930, 2.9859]]]. With a batch, a mask raises (attn_mask shape check) unless B == N.
    # Fails the visible tests.
    "blind37_mha_torch_functional_batch_first_forgotten": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            q, kv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)              # (..., N, D) as batch_first=True
            attn_mask = None if mask is None else ~mask.transpose(-2, -1)    # torch: (N_q, N_k), True = blocked
            out, _ = F.multi_head_attention_forward(
                q, kv, kv, q.shape[-1], num_heads,
                torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                torch.cat([params["bq"], params["bk"], params["bv"]]),
                None, None, False, 0.0, params["Wo"], params["bo"],
                training=False, need_weights=False, attn_mask=attn_mask)
            return out.transpose(-2, -1)
'''),
    # nanoGPT's view(B, T, nh, hs).transpose(1, 2) kept with positive axes. That is right for exactly one batch axis
    # (the capstone's (B, D, N)); unbatched it swaps the token and head-size axes; with two batch axes it mixes
    # heads across the second batch axis (silently when N_q == N_k, otherwise it raises). Unbatched Xq = Xkv = [[1,
    # 0, 2, 1], [0, 1, 1, 3]], identity weights, zero biases, H = 2: model [[1.4621, 1, 1.7616, 1.4621], [1.25,
    # 2.4769, 2.4769, 2.9898]], entry returns X unchanged ([[1, 0, 2, 1], [0, 1, 1, 3]]). The same tokens as a batch
    # (2, 2, 2) agree. Fails the visible tests.
    "blind37_mha_nanogpt_port_positive_head_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            hd = D // num_heads
            x, m = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)               # nanoGPT's (B, T, C)
            q = (x @ params["Wq"].T + params["bq"]).view(*batch, Nq, num_heads, hd).transpose(1, 2)
            k = (m @ params["Wk"].T + params["bk"]).view(*batch, Nk, num_heads, hd).transpose(1, 2)
            v = (m @ params["Wv"].T + params["bv"]).view(*batch, Nk, num_heads, hd).transpose(1, 2)
            att = q @ k.transpose(-2, -1) * (1.0 / math.sqrt(hd))            # (B, nh, T, T)
            if mask is not None:
                att = att.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
            att = torch.softmax(att, dim=-1).nan_to_num(0.0)
            y = (att @ v).transpose(1, 2).reshape(*batch, Nq, D)             # re-assemble all head outputs
            return (y @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # A Keras/Flax-style port on rows that uses x @ W + b with the course's (out, in) weights, i.e. Wᵀ. All the
    # matrices are (D, D), so no shape ever complains; the result is right only for symmetric weights. X_dec = [[1],
    # [0]], X_enc = [[1, 0, 2, 1], [0, 1, 1, 3]], Wq = [[1, 1], [0, 1]], the other weights I, zero biases, H = 1:
    # model [[1.3395], [1.2212]], entry [[1.2154], [2.0850]]. Passes the visible tests.
    "blind37_cross_attention_rows_port_x_at_w_without_transpose": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            dec, enc = X_dec.transpose(-2, -1), X_enc.transpose(-2, -1)      # (..., N, D): tokens as rows
            *batch, Nd, D = dec.shape
            Ne = enc.shape[-2]
            hd = D // num_heads
            def heads(x, n):
                return x.reshape(*batch, n, num_heads, hd).transpose(-3, -2)  # (..., H, n, hd)
            q = heads(dec @ params["Wq"] + params["bq"], Nd)                 # Dense layer: x @ kernel + bias
            k = heads(enc @ params["Wk"] + params["bk"], Ne)
            v = heads(enc @ params["Wv"] + params["bv"], Ne)
            scores = q @ k.transpose(-2, -1) / math.sqrt(hd)                 # (..., H, N_d, N_e)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
            w = torch.softmax(scores, dim=-1).nan_to_num(0.0)
            out = (w @ v).transpose(-3, -2).reshape(*batch, Nd, D)
            return (out @ params["Wo"] + params["bo"]).transpose(-2, -1)
'''),
    # enc_mask is taken for nn.TransformerDecoderLayer's memory_mask (N_d, N_e) and transposed "to the course
    # layout", so the course (N_e, N_d) mask reaches cross-attention transposed. That is right for None, all-True
    # and symmetric square masks; a padding mask (B, N_e, 1) becomes (B, 1, N_e) and hides queries instead of keys
    # (or raises when N_e != N_d). X_dec = [[[1, 0], [0, 2]]], X_enc = [[[1, 0], [3, 1]]], identity weights, unit
    # norms, padding_mask([1], 2): model [[[-0.6, -1], [0.6, 1]]], entry [[[1, -1], [-1, 1]]]. Fails the visible
    # tests.
    "blind37_decoder_layer_enc_mask_read_as_memory_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal_rows = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).tril()   # row = query
            self_mask = causal_rows.transpose(-2, -1)                                        # course: (N_k, N_q)
            # enc_mask plays nn.TransformerDecoderLayer's memory_mask (N_d, N_e): to the course layout
            memory_mask = None if enc_mask is None else enc_mask.transpose(-2, -1)
            x = X_dec
            x = layer_norm(x + multi_head_attention(x, x, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            x = layer_norm(x + multi_head_attention(x, X_enc, params["cross_attn"], num_heads, memory_mask),
                           params["gamma2"], params["beta2"])
            x = layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return x
'''),
    # The layer is ported as nn.TransformerEncoderLayer on the row view x = Xᵀ. Attention and the FFN are transposed
    # back and forth around the course functions, but the course layer_norm (which normalises axis -2, a column) is
    # called on the rows, so it normalises over the tokens, and gamma and beta run along the token axis. Only N == D
    # fits the shapes. X = [[1, 2], [0, -1]], identity weights, zero biases, gamma = [1, 2], beta = [0, 1], H = 1:
    # model [[1, 1], [-1, -1]], entry [[-1, 3], [1, -1]]. It raises for N != D. Fails the visible tests.
    "blind37_transformer_layer_course_norm_fed_row_view": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            x = X.transpose(-2, -1)                                          # nn.TransformerEncoderLayer's rows

            def sa_block(r):
                return multi_head_attention(r.transpose(-2, -1), r.transpose(-2, -1), params, num_heads,
                                            mask).transpose(-2, -1)

            def ff_block(r):
                return feed_forward(r.transpose(-2, -1), params["W1"], params["b1"], params["W2"],
                                    params["b2"]).transpose(-2, -1)

            def norm1(r):
                return layer_norm(r, params["gamma1"], params["beta1"])

            def norm2(r):
                return layer_norm(r, params["gamma2"], params["beta2"])

            if norm_first:
                x = x + sa_block(norm1(x))
                x = x + ff_block(norm2(x))
            else:
                x = norm1(x + sa_block(x))
                x = norm2(x + ff_block(x))
            return x.transpose(-2, -1)
'''),
    # The readout is written W_out @ [s; c] as in the column-vector formula. That is right for one unbatched state;
    # for a batch (B, D_s + D_h) the matmul raises (or, when B == D_s + D_h, multiplies the wrong axes). s = [1, 0],
    # y = [1], H = [[1, 0, 2], [0, 1, -1]], W = [[1, 2], [0, 1]], U = I, v = [1, -1], GRU weights 0.1, W_out = [[1,
    # 0, 0, 0], [0, 0, 0, 1]]: unbatched logits agree ([0.6816, -0.5091]); with s and y expanded to a batch of 3 the
    # model returns that row three times, and the entry raises RuntimeError (mat1 and mat2 shapes cannot be
    # multiplied). Fails the visible tests.
    "blind37_attention_decoder_step_readout_matvec_from_left": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context], dim=-1) + params["b_out"]   # W_out [s; c] + b_out
            return s, logits, weights
'''),
    # d2l's Seq2SeqAttentionDecoder order, torch.cat((context, x), dim=-1): the GRU input stacks the context first,
    # and the contract says [y_prev; c]. The shapes always fit. With the inputs above and weight_ih rows [[1, 0, 0],
    # [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 1]]: model s = [0.8746, 0.0355], entry s = [0.8797,
    # 0.2467]. Fails the visible tests.
    "blind37_attention_decoder_step_d2l_context_before_embedding": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            # d2l's Seq2SeqAttentionDecoder: x = torch.cat((context, x), dim=-1)
            x = stack(context, y_prev)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The PyTorch tutorial's BahdanauAttention ported inline with Wa(query) written s_prev @ W, i.e. Wᵀ s. The
    # shapes only work when D_a == D_s, and the result is right only for a symmetric W. Inputs as above (W = [[1,
    # 2], [0, 1]]): model weights [0.2785, 0.1062, 0.6153], entry [0.3274, 0.2592, 0.4134]. Fails the visible tests.
    "blind37_attention_decoder_step_tutorial_query_weight_untransposed": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            # the PyTorch tutorial's BahdanauAttention: Va(tanh(Wa(query) + Ua(keys))), keys as rows
            keys = H.transpose(-2, -1)                                        # (..., N, D_h)
            query = (s_prev @ params["W"]).unsqueeze(-2)                      # Wa(query): (..., 1, D_a)
            scores = torch.tanh(query + keys @ params["U"].T) @ params["v"]   # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (weights.unsqueeze(-2) @ keys).squeeze(-2)              # (..., D_h)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Llama's apply_rotary_pos_emb: one cos/sin table, built from positions_q (default arange(N_q)), rotates both q
    # and k. That is right for self-attention with default or equal positions; it ignores positions_k and raises
    # when N_k != N_q. Q = K = [[1, 1], [0, 0]], positions_q = [0, 1], positions_k = [5, 6]: model K' = [[0.2837,
    # 0.9602], [-0.9589, -0.2794]], entry K' = [[1, 0.5403], [0, 0.8415]]. Fails the visible tests.
    "blind37_rotary_llama_port_one_position_table_for_both": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # LlamaRotaryEmbedding: one cos/sin table from position_ids, applied to q and k alike
            dim = Q.shape[-2]
            position_ids = torch.arange(Q.shape[-1]) if positions_q is None else positions_q
            inv_freq = 1.0 / base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            freqs = position_ids.to(torch.float64)[:, None] * inv_freq[None, :]   # (N, D/2)
            emb = torch.cat([freqs, freqs], dim=-1)                               # (N, D)
            cos, sin = emb.cos().T.to(Q.dtype), emb.sin().T.to(Q.dtype)           # (D, N): our rows

            def rotate_half(x):
                x1, x2 = x[..., : dim // 2, :], x[..., dim // 2 :, :]
                return torch.cat([-x2, x1], dim=-2)

            return Q * cos + rotate_half(Q) * sin, K * cos + rotate_half(K) * sin
'''),
    # Llama's cos/sin tables (N, D) are made (D, N) with reshape instead of a transpose, so angles land on the wrong
    # feature rows and the wrong positions. That is right only for N = 1. Q = K = [[1, 1], [0, 0]]: model Q' = [[1,
    # 0.5403], [0, 0.8415]], entry [[1, 1], [0.8415, 0.8415]]. A single column at position 3 agrees. Fails the
    # visible tests.
    "blind37_rotary_llama_cos_table_reshaped_to_columns": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim = Q.shape[-2]
            inv_freq = 1.0 / base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)

            def rotate(x, positions):
                n = x.shape[-1]
                p = torch.arange(n) if positions is None else positions
                freqs = p.to(torch.float64)[:, None] * inv_freq[None, :]      # (N, D/2), as in Llama
                emb = torch.cat([freqs, freqs], dim=-1)                       # (N, D)
                cos = emb.cos().reshape(dim, n).to(x.dtype)                    # to the course's (D, N)
                sin = emb.sin().reshape(dim, n).to(x.dtype)
                rotated = torch.cat([-x[..., dim // 2 :, :], x[..., : dim // 2, :]], dim=-2)
                return x * cos + rotated * sin

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The Annotated Transformer's pe (max_len, d_model) returned as pe.view(dim, num_positions): a reshape, not a
    # transpose, so positions end up along the features. It is right when N = 1 (or D = 1). sinusoidal_positions(2,
    # 2): model [[0, 0.8415], [1, 0.5403]], entry [[0, 1], [0.8415, 0.5403]]. Fails the visible tests.
    "blind37_sinusoidal_annotated_pe_viewed_as_columns": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # the Annotated Transformer's PositionalEncoding: pe (max_len, d_model), one row per position
            pe = torch.zeros(num_positions, dim)
            position = torch.arange(0, num_positions).unsqueeze(1).to(pe.dtype)
            div_term = torch.exp(torch.arange(0, dim, 2).to(pe.dtype) * -(math.log(10000.0) / dim))
            pe[:, 0::2] = torch.sin(position * div_term)
            pe[:, 1::2] = torch.cos(position * div_term[: dim // 2])
            return pe.view(dim, num_positions)                              # the course wants (D, N)
'''),
    # Hugging Face's ViTEmbeddings on rows, with the course's (D, N + 1) position table made into (1, N + 1, D) by
    # reshape instead of a transpose, so positions are added along the features. The shapes always fit. images =
    # arange(4) as (1, 1, 2, 2), P = 2, W = ones(2, 4), b = 0, cls = 0, positions = [[0, 1], [10, 11]]: model [[[0,
    # 7], [10, 17]]], entry [[[0, 16], [1, 17]]]. Fails the visible tests.
    "blind37_patch_embedding_rows_port_positions_reshaped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # Hugging Face's ViTEmbeddings on rows: (B, N, D), [CLS] first, then + position_embeddings
            x = linear(patchify(images, patch_size), W, b).transpose(1, 2)          # (B, N, D)
            cls = cls_token.expand(x.shape[0], 1, -1)                               # (B, 1, D)
            x = torch.cat([cls, x], dim=1)                                          # (B, N + 1, D)
            x = x + positions.reshape(1, x.shape[1], x.shape[2])                    # (1, N + 1, D)
            return x.transpose(1, 2)
'''),
    # A Longformer-style is_global[:, None, :] | is_global[:, :, None] with positive axes. That is right for exactly
    # one batch axis (B, N); it raises for unbatched (N,) flags and gives a wrong shape for two batch axes.
    # is_global = [True, False]: model [[T, T], [T, F]], entry IndexError (too many indices); (1, 1, 2) flags: model
    # (1, 1, 2, 2), entry (1, 1, 1, 2) [[[[T, F]]]]. Fails the visible tests.
    "blind37_global_token_mask_longformer_positive_axes": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # Longformer-style: (batch, query, key); symmetric, so no transpose is needed
            return is_global[:, None, :] | is_global[:, :, None]
'''),
    # F.one_hot's (..., N, V) rows are made (..., V, N) by reshape instead of a transpose. That is right for N = 1
    # (and for some id patterns by chance). ids [1, 0], V = 3: model [[0, 1], [1, 0], [0, 0]], entry [[0, 1], [0,
    # 1], [0, 0]]. Fails the visible tests.
    "blind37_one_hot_functional_rows_reshaped_to_columns": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            rows = torch.nn.functional.one_hot(token_ids, vocab_size)              # (..., N, V)
            columns = rows.reshape(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
            return columns.to(dtype or torch.get_default_dtype())
'''),
    # Keras Dense (x @ kernel + bias) on the rows with the course's (out, in) weights, i.e. W1ᵀ and W2ᵀ. The shapes
    # only work when F == D, and the result is right only for symmetric weights. X = [[1], [2]], W1 = [[1, 0], [1,
    # 1]], W2 = I, zero biases: model [[1], [3]], entry [[3], [2]]. Fails the visible tests.
    "blind37_feed_forward_keras_dense_kernels_on_rows": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            x = X.transpose(-2, -1)                                         # (..., N, D)
            hidden = torch.relu(x @ W1 + b1)                                # Dense: x @ kernel + bias
            return (hidden @ W2 + b2).transpose(-2, -1)
'''),
    # F.embedding on the transposed table, then .transpose(1, 2) for (B, N, D) -> (B, D, N). That is right for one
    # batch axis of ids; it raises for unbatched ids (N,) and is wrong for two batch axes. omega_e = [[1, 2, 3], [4,
    # 5, 6]], ids [2, 0]: model [[3, 1], [6, 4]], entry IndexError (dimension out of range); ids [[2, 0]] agree.
    # Fails the visible tests.
    "blind37_embed_functional_embedding_transpose_one_two": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            # nn.Embedding's table is (V, D): look the rows up, then (B, N, D) -> (B, D, N)
            return torch.nn.functional.embedding(token_ids, omega_e.T).transpose(1, 2)
'''),
    # F.layer_norm on X.T (and back with .T). For an unbatched (D, N) that is the row view; for a batch, .T reverses
    # every axis, so the normalised axis is the batch. X = [[[1, 2], [3, 5]], [[0, 1], [1, 0]]] (B = D = 2), gamma
    # 1, beta 0: model [[[-1, -1], [1, 1]], [[-1, 1], [1, -1]]], entry [[[1, 1], [1, 1]], [[-1, -1], [-1, -1]]]. A
    # single (1, 2, 2) input raises (normalized_shape mismatch); unbatched agrees. Fails the visible tests.
    "blind37_layer_norm_functional_on_dot_t": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # F.layer_norm normalises the last axis, PyTorch's features: hand it the tokens as rows
            return torch.nn.functional.layer_norm(X.T, (X.shape[-2],), gamma, beta, eps).T
'''),
}

RIGHT_BLIND_37 = {
    # Right: transposes Q, K and V to rows, masks with the transposed mask, takes torch.softmax over the last axis,
    # and turns a dead query's NaN row into zeros (nan_to_num; masked_fill's backward zeroes the NaN gradient
    # there). Output and weights are transposed back.
    "blind37_right_sdpa_rows_port_torch_softmax_nan_to_num": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)   # rows: (..., N, D)
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])                 # (..., N_q, N_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))   # mask to (N_q, N_k)
            rows = torch.softmax(scores, dim=-1).nan_to_num(0.0)     # an all -inf row is NaN: no key, zeros
            return (rows @ v).transpose(-2, -1), rows.transpose(-2, -1)
'''),
    # Right: nn.MultiheadAttention's packed in_proj (the three weights concatenated) applied with F.linear to the
    # row view, split by the three output widths (D_v may differ from D_k), then the course attention on the
    # transposed pieces.
    "blind37_right_self_attention_rows_port_packed_in_proj": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            import torch.nn.functional as F
            in_proj_weight = torch.cat([Wq, Wk, Wv])                        # nn.MultiheadAttention's packing
            in_proj_bias = torch.cat([bq, bk, bv])
            qkv = F.linear(X.transpose(-2, -1), in_proj_weight, in_proj_bias)   # (..., N, 2 D_k + D_v)
            q, k, v = qkv.split([Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-1)
            return scaled_dot_product_attention(q.transpose(-2, -1), k.transpose(-2, -1), v.transpose(-2, -1),
                                                mask)
'''),
    # Right: nanoGPT's CausalSelfAttention translated with negative axes (so any number of batch axes works). The
    # mask is transposed to rows and gets a head axis, dead queries are zeroed with nan_to_num, and heads are re-
    # assembled before the output projection.
    "blind37_right_mha_nanogpt_rows_port_negative_axes": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            x, m = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)               # (..., T, C) rows
            T, C = x.shape[-2], x.shape[-1]
            S = m.shape[-2]
            hs = C // num_heads

            def heads(t, n):                                                 # (..., n, C) -> (..., nh, n, hs)
                return t.reshape(*t.shape[:-2], n, num_heads, hs).transpose(-3, -2)

            q = heads(x @ params["Wq"].T + params["bq"], T)
            k = heads(m @ params["Wk"].T + params["bk"], S)
            v = heads(m @ params["Wv"].T + params["bv"], S)
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))          # (..., nh, T, S)
            if mask is not None:
                att = att.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
            att = torch.softmax(att, dim=-1).nan_to_num(0.0)
            y = (att @ v).transpose(-3, -2)                                  # (..., T, nh, hs)
            y = y.reshape(*y.shape[:-2], C)
            return (y @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # Right: einsum on token-major (N, H, D/H) heads, with a softmax over keys written out (a detached max shift,
    # guarded for all -inf rows, and an empty sum guarded to 1). The output is projected straight back into columns
    # by the final einsum.
    "blind37_right_mha_rows_einsum_token_major": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            H = num_heads
            def proj(X, w, b):                                               # rows (..., N, H, D/H)
                y = torch.einsum("...dn,ed->...ne", X, params[w]) + params[b]
                return y.unflatten(-1, (H, y.shape[-1] // H))
            q, k, v = proj(Xq, "Wq", "bq"), proj(Xkv, "Wk", "bk"), proj(Xkv, "Wv", "bv")
            logits = torch.einsum("...qhd,...khd->...hqk", q, k) / math.sqrt(q.shape[-1])
            if mask is not None:
                logits = logits.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
            peak = logits.amax(dim=-1, keepdim=True)
            peak = torch.where(torch.isinf(peak), torch.zeros_like(peak), peak).detach()
            e = torch.exp(logits - peak)
            total = e.sum(dim=-1, keepdim=True)
            probs = e / torch.where(total == 0, torch.ones_like(total), total)
            out = torch.einsum("...hqk,...khd->...qhd", probs, v).flatten(-2)   # (..., N_q, D)
            return torch.einsum("...qd,ed->...eq", out, params["Wo"]) + params["bo"][:, None]
'''),
    # Right: rows projections; head h owns columns h*D/H ... of the row-major projections (PyTorch's layout), and
    # each head calls the course's scaled_dot_product_attention on the transposed slices with enc_mask as given.
    # Raises the divisibility ValueError itself.
    "blind37_right_cross_attention_rows_port_head_slices_course_sdpa": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import scaled_dot_product_attention
            dec, enc = X_dec.transpose(-2, -1), X_enc.transpose(-2, -1)      # (..., N, D) rows
            D = dec.shape[-1]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            hd = D // num_heads
            q = dec @ params["Wq"].T + params["bq"]
            k = enc @ params["Wk"].T + params["bk"]
            v = enc @ params["Wv"].T + params["bv"]
            outs = []
            for h in range(num_heads):
                cols = slice(h * hd, (h + 1) * hd)
                # the course's attention wants columns: hand it the transposed head slices
                o, _ = scaled_dot_product_attention(q[..., cols].transpose(-2, -1), k[..., cols].transpose(-2, -1),
                                                    v[..., cols].transpose(-2, -1), enc_mask)
                outs.append(o.transpose(-2, -1))                             # (..., N_d, hd)
            merged = torch.cat(outs, dim=-1)                                 # (..., N_d, D)
            return (merged @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # Right: nn.TransformerEncoderLayer's _sa_block / _ff_block structure on the row view, F.layer_norm over the
    # last (feature) axis with eps 1e-5, the course multi-head attention called on the transposed rows. Post-LN and
    # pre-LN.
    "blind37_right_transformer_layer_nn_encoder_layer_blocks_on_rows": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            import torch.nn.functional as F
            D = X.shape[-2]
            x = X.transpose(-2, -1)                                          # (..., N, D) as batch_first=True

            def _sa_block(r):
                cols = r.transpose(-2, -1)
                return multi_head_attention(cols, cols, params, num_heads, mask).transpose(-2, -1)

            def _ff_block(r):
                return F.linear(F.relu(F.linear(r, params["W1"], params["b1"])), params["W2"], params["b2"])

            def norm(r, k):
                return F.layer_norm(r, (D,), params[f"gamma{k}"], params[f"beta{k}"], 1e-5)

            if norm_first:
                x = x + _sa_block(norm(x, 1))
                x = x + _ff_block(norm(x, 2))
            else:
                x = norm(x + _sa_block(x), 1)
                x = norm(x + _ff_block(x), 2)
            return x.transpose(-2, -1)
'''),
    # Right: a rows port (query-major tril causal mask, transposed to the course's (N_k, N_q)). Every sublayer is
    # computed on rows with F.layer_norm and F.linear, and the course MHA is called with transposes at the boundary.
    "blind37_right_decoder_layer_rows_port_tril_mask_transposed": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            import torch.nn.functional as F
            n, D = X_dec.shape[-1], X_dec.shape[-2]
            # rows: query i may look at keys j <= i (lower triangle); the course wants (N_k, N_q)
            tgt_rows = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X_dec.device))
            self_mask = tgt_rows.transpose(0, 1)
            x = X_dec.transpose(-2, -1)                                       # (..., N_d, D)

            def ln(r, k):
                return F.layer_norm(r, (D,), params[f"gamma{k}"], params[f"beta{k}"], eps=1e-5)

            def mha(r, mem, p, m):
                return multi_head_attention(r.transpose(-2, -1), mem, p, num_heads, m).transpose(-2, -1)

            x = ln(x + mha(x, x.transpose(-2, -1), params["self_attn"], self_mask), 1)
            x = ln(x + mha(x, X_enc, params["cross_attn"], enc_mask), 2)
            ff = F.linear(torch.relu(F.linear(x, params["W1"], params["b1"])), params["W2"], params["b2"])
            x = ln(x + ff, 3)
            return x.transpose(-2, -1)
'''),
    # Right: the PyTorch tutorial's BahdanauAttention on key rows (F.linear for Wa, Ua and Va, no biases). The mask
    # is applied before F.softmax over positions, a fully masked state's NaN row is zeroed, and the context is
    # weights @ keys. Batch axes broadcast.
    "blind37_right_additive_attention_tutorial_rows_port": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            keys = H.transpose(-2, -1)                                       # (..., N, D_h): the tutorial's rows
            energy = torch.tanh(F.linear(s, W).unsqueeze(-2) + F.linear(keys, U))   # Wa(query) + Ua(keys)
            scores = F.linear(energy, v.unsqueeze(0)).squeeze(-1)           # Va(...): (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = F.softmax(scores, dim=-1).nan_to_num(0.0)              # a state that sees nothing: zeros
            context = (weights.unsqueeze(-2) @ keys).squeeze(-2)             # torch.bmm(weights, keys)
            return weights, context
'''),
    # Right: the course additive attention with the previous state, then nn.GRUCell's equations written with
    # F.linear on the broadcast [y_prev; c] rows (reset, update, new gate chunks, r inside the candidate's hidden
    # term), and the readout F.linear([s; c]).
    "blind37_right_attention_decoder_step_tutorial_rows_port": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)   # input_gru
            h = s_prev.expand(*batch, -1)
            gi = F.linear(x, params["weight_ih"], params["bias_ih"])
            gh = F.linear(h, params["weight_hh"], params["bias_hh"])
            i_r, i_z, i_n = gi.chunk(3, dim=-1)
            h_r, h_z, h_n = gh.chunk(3, dim=-1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            s = (1 - z) * n + z * h
            logits = F.linear(torch.cat([s, context.expand(*batch, -1)], dim=-1), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # Right: Show, Attend and Tell's Attention module: the grid moved channels-last and flattened to (H*W, C) pixel
    # rows in raster order, encoder_att + decoder_att, tanh, v, one softmax over all cells, and a weighted sum for
    # the context.
    "blind37_right_grid_attention_show_attend_tell_rows_port": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            h, w = features.shape[-2:]
            encoder_out = features.movedim(-3, -1).flatten(-3, -2)          # (..., H*W, C): pixels as rows
            att1 = encoder_out @ U.T                                        # encoder_att
            att2 = s @ W.T                                                  # decoder_att
            att = torch.tanh(att1 + att2.unsqueeze(-2)) @ v                 # full_att: (..., H*W)
            alpha = torch.softmax(att, dim=-1)
            context = (encoder_out * alpha.unsqueeze(-1)).sum(dim=-2)       # attention_weighted_encoding
            return alpha.unflatten(-1, (h, w)), context
'''),
    # Right: GPT-NeoX / Llama rotate_half on the last axis of the row view Qᵀ, with cos and sin tables (N, D) built
    # in float64 from the given (or default) positions and cast to the input dtype, then transposed back. Halves
    # pairing, as the contract requires.
    "blind37_right_rotary_neox_rows_port_float64_tables": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate_half(x):                                             # GPT-NeoX, on the last axis of rows
                x1, x2 = x.chunk(2, dim=-1)
                return torch.cat((-x2, x1), dim=-1)

            def apply(X, positions):
                rows = X.transpose(-2, -1)                                  # (..., N, D)
                d, n = rows.shape[-1], rows.shape[-2]
                t = torch.arange(n, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
                freqs = torch.outer(t, inv_freq)                            # (N, D/2)
                emb = torch.cat((freqs, freqs), dim=-1)
                cos, sin = emb.cos().to(X.dtype), emb.sin().to(X.dtype)
                return (rows * cos + rotate_half(rows) * sin).transpose(-2, -1)

            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Right: the Annotated Transformer's table (exp/log frequencies, rows = positions) with the cosine columns cut
    # to D // 2 so that an odd D works, returned transposed. In the default dtype.
    "blind37_right_sinusoidal_annotated_rows_port_transposed": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # the Annotated Transformer's pe (max_len, d_model), rows = positions; an odd D needs one cos fewer
            pe = torch.zeros(num_positions, dim)
            position = torch.arange(0, num_positions).unsqueeze(1).to(pe.dtype)
            div_term = torch.exp(torch.arange(0, dim, 2).to(pe.dtype) * -(math.log(10000.0) / dim))
            pe[:, 0::2] = torch.sin(position * div_term)
            pe[:, 1::2] = torch.cos(position * div_term[: dim // 2])
            return pe.T.contiguous()                                        # (D, N): positions as columns
'''),
    # Right: expands the mask to the scores' shape first (so 1-D, 0-d and padding masks transpose safely), then
    # fills the row view of the scores with -inf where the transposed mask is False, and transposes back. The stub's
    # bool check is kept.
    "blind37_right_apply_mask_rows_port_expanded_then_transposed": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            rows = scores.transpose(-2, -1)                                 # (..., N_q, N_k) as in PyTorch
            blocked = ~mask.expand_as(scores).transpose(-2, -1)             # the mask in the same layout
            return rows.masked_fill(blocked, float("-inf")).transpose(-2, -1)
'''),
    # Right: nanoGPT's tril buffer (row = query, 1 = may attend) viewed (1, 1, n, n); its [0, 0] transposed and
    # compared with 1 gives the course's bool (N_k, N_q) causal mask. n = 0 gives an empty (0, 0) mask.
    "blind37_right_causal_mask_nanogpt_bias_buffer_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # nanoGPT's buffer: torch.tril(torch.ones(T, T)).view(1, 1, T, T), row = query, 1 = may attend
            bias = torch.tril(torch.ones(n, n)).view(1, 1, n, n)
            return bias[0, 0].T == 1                                        # course: row = key
'''),
    # Right: the (query, key) mask built with negative axes, so any batch shape works, then transposed to (key,
    # query). The mask is symmetric, so the transpose is only for the record.
    "blind37_right_global_token_mask_longformer_rows_negative_axes": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (..., query, key): a query row is all visible if the query is global, a key column if the key is
            rows = is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
            return rows.transpose(-2, -1)                                   # (..., key, query)
'''),
    # Right: timm's row layout (N, C) and group split (N, G, C/G), but with the course's roles. Channel query i
    # against channel key j is qᵀk over the N tokens, with the softmax over the keys (the last axis in rows), and
    # the output is attn @ vᵀ, transposed back. Default scale N^-1/2, an explicit scale multiplies. The stub's
    # checks are kept.
    "blind37_right_channel_attention_timm_rows_port_course_roles": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            x = X.transpose(-2, -1)                                         # (..., N, C): timm's rows
            N, C = x.shape[-2], x.shape[-1]
            G = num_groups
            if scale is None:
                scale = N ** -0.5

            def groups(w, b):                                               # (..., G, N, C/G)
                y = x @ params[w].T + params[b]
                return y.unflatten(-1, (G, C // G)).transpose(-3, -2)

            q, k, v = groups("Wq", "bq"), groups("Wk", "bk"), groups("Wv", "bv")
            attn = (q.transpose(-2, -1) @ k) * scale                        # (..., G, C/G queries, C/G keys)
            attn = attn.softmax(dim=-1)
            out = (attn @ v.transpose(-2, -1)).transpose(-2, -1)            # (..., G, N, C/G)
            out = out.transpose(-3, -2).flatten(-2)                         # (..., N, C)
            return (out @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # Right: Hugging Face's SwinLayer img_mask region labels, HF's window_partition on (1, H, W, 1), and "difference
    # == 0" as visible, transposed to (nW, key, query). The mask is symmetric. It is ported without HF's `if
    # shift_size > 0`: with shift 0, slice(-M, -0) is empty and slice(-0, None) covers the grid, so every token gets
    # the last label and every entry is visible, as the contract says.
    "blind37_right_shifted_mask_hf_img_mask_port_unguarded_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # Hugging Face's SwinLayer.get_attn_mask without its `if shift_size > 0`: with shift 0 the last
            # slice covers the whole grid, so every token gets one label and everything is visible
            img_mask = torch.zeros((1, height, width, 1), dtype=torch.long)
            slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            count = 0
            for hs in slices:
                for ws in slices:
                    img_mask[:, hs, ws, :] = count
                    count += 1
            # HF's window_partition on (1, H, W, 1) -> (nW, M*M)
            m = img_mask.view(1, height // window, window, width // window, window, 1)
            mask_windows = m.permute(0, 1, 3, 2, 4, 5).reshape(-1, window * window)
            rows = (mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)) == 0   # HF: 0 = attend
            return rows.transpose(-2, -1)
'''),
    # Right: timm's PatchEmbed (F.conv2d with W reshaped to (D, C, P, P), stride P, flatten(2).transpose(1, 2)) on
    # rows; [CLS] concatenated on the token axis, and the position table transposed to (1, N + 1, D) before being
    # added. Returns (B, D, N + 1). Raises ValueError itself when P does not divide H or W (conv2d would silently
    # crop).
    "blind37_right_patch_embedding_timm_conv_rows_port": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            import torch.nn.functional as F
            B, C = images.shape[:2]
            if images.shape[-2] % patch_size or images.shape[-1] % patch_size:
                raise ValueError("H and W must be multiples of patch_size")
            kernel = W.reshape(W.shape[0], C, patch_size, patch_size)       # Conv2d(C, D, P, stride=P).weight
            x = F.conv2d(images, kernel, b, stride=patch_size)              # (B, D, H/P, W/P)
            x = x.flatten(2).transpose(1, 2)                                # timm PatchEmbed: (B, N, D)
            cls = cls_token.reshape(1, 1, -1).expand(B, -1, -1)
            x = torch.cat((cls, x), dim=1) + positions.transpose(0, 1).unsqueeze(0)   # pos_embed (1, N+1, D)
            return x.transpose(1, 2)
'''),
    # Right: the sliding-window band in the query-major layout (query - w <= key <= query + w), transposed. Equal to
    # the model answer for window 0, windows wider than n, and n = 0 or 1.
    "blind37_right_local_mask_longformer_band_rows_transposed": ("masking", "local_mask", '''
        def local_mask(n, window):
            # the sliding-window band in PyTorch's layout, row = query i, column = key j
            query = torch.arange(n).unsqueeze(1)
            key = torch.arange(n).unsqueeze(0)
            rows = (key >= query - window) & (key <= query + window)
            return rows.T.contiguous()                                      # course: row = key
'''),
    # Right: fairseq's MultiheadAttention layout. Batch axes are flattened, the input is permuted to (T, B, C), the
    # query is prescaled by hd^-1/2, the fold is view(T, B*H, hd).transpose(0, 1) (batch-major, head-minor), and bmm
    # is used. The mask is expanded to (B, 1, T, S) after transposing, dead queries are zeroed, and the output is
    # unfolded back to (..., D, N_q).
    "blind37_right_mha_fairseq_time_first_bmm": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            H, hd = num_heads, D // num_heads
            bsz = math.prod(batch)
            query = Xq.reshape(bsz, D, Nq).permute(2, 0, 1)                  # fairseq's (T, B, C)
            key = Xkv.reshape(bsz, D, Nk).permute(2, 0, 1)                   # (S, B, C)
            q = F.linear(query, params["Wq"], params["bq"]) * hd ** -0.5
            k = F.linear(key, params["Wk"], params["bk"])
            v = F.linear(key, params["Wv"], params["bv"])
            q = q.contiguous().view(Nq, bsz * H, hd).transpose(0, 1)         # (B*H, T, hd)
            k = k.contiguous().view(Nk, bsz * H, hd).transpose(0, 1)         # (B*H, S, hd)
            v = v.contiguous().view(Nk, bsz * H, hd).transpose(0, 1)
            attn_weights = torch.bmm(q, k.transpose(1, 2))                   # (B*H, T, S)
            if mask is not None:
                m = mask.expand(*batch, Nk, Nq).reshape(bsz, 1, Nk, Nq).transpose(-2, -1)   # (B, 1, T, S)
                attn_weights = attn_weights.view(bsz, H, Nq, Nk).masked_fill(~m, float("-inf"))
                attn_weights = attn_weights.view(bsz * H, Nq, Nk)
            attn_probs = torch.softmax(attn_weights, dim=-1).nan_to_num(0.0)
            attn = torch.bmm(attn_probs, v)                                  # (B*H, T, hd)
            attn = attn.transpose(0, 1).contiguous().view(Nq, bsz, D)
            attn = F.linear(attn, params["Wo"], params["bo"])                # out_proj, (T, B, C)
            return attn.permute(1, 2, 0).reshape(*batch, D, Nq)
'''),
    # Right (see the docstring: this depends on the torch version): F.scaled_dot_product_attention on (..., H, N,
    # hd) rows with attn_mask = enc_mask transposed, plus a head axis (True = takes part). The installed torch
    # (2.13) returns a zero output and zero gradients for a query whose mask row is all False, as the course does.
    # Divisibility is checked.
    "blind37_right_cross_attention_rows_port_torch_sdpa": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            import torch.nn.functional as F
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            hd = D // num_heads

            def heads(X, w, b):                                              # (..., H, N, hd)
                y = F.linear(X.transpose(-2, -1), params[w], params[b])
                return y.unflatten(-1, (num_heads, hd)).transpose(-3, -2)

            q = heads(X_dec, "Wq", "bq")
            k, v = heads(X_enc, "Wk", "bk"), heads(X_enc, "Wv", "bv")
            attn_mask = None if enc_mask is None else enc_mask.transpose(-2, -1).unsqueeze(-3)   # True = attend
            # torch (2.5 and later) gives a query that sees no key a zero output, as the course does
            out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)   # (..., H, N_d, hd)
            out = out.transpose(-3, -2).flatten(-2)                          # (..., N_d, D)
            return F.linear(out, params["Wo"], params["bo"]).transpose(-2, -1)
'''),
}
