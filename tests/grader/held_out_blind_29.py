"""Thirtieth blind batch of held-out implementations (prefix blind29_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_27.py) were only skimmed for their entry names and header decisions, and each
idea here was checked against their names so as not to repeat an entry. Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_28.py).

Emphasis: the composite and later exercises (multi-head attention, the encoder and decoder layers, cross-attention,
rnn_attention, davit, swin, patch_embedding, positions) as a learner who ported code from a public repository would
write them: minGPT's and the Annotated Transformer's row-layout attention with the course mask left untransposed,
nn.MultiheadAttention's key-padding and True-is-blocked masks, vit-pytorch's bias-free to_qkv, Hugging Face's float32
softmax upcast and BERT's eps 1e-12, BART's pre-scaled query fed to a function that scales again, GPT-2's gelu MLP,
timm's pos_drop and functional dropout left in training mode, a dot-product scale carried into Bahdanau's score; and
the learner's own calls of earlier exercise functions with the wrong arguments (split_heads given the head size,
layer_norm given beta for gamma, gru_step given the biases swapped, additive_attention given W and U swapped,
rotate_columns given the other sequence's positions, cross_attention given one head, a negated mask). Right entries
are faithful ports (minGPT and BART in rows with the mask transposed and dead queries zeroed, d2l's additive
attention, torch's scaled_dot_product_attention with dead rows reopened then zeroed, timm's LayerNorm2d pattern,
pixel_unshuffle reordered for patch merging, Conv1d feed-forward, complex rotary) and re-arrangements of the
algebra (Wo as a sum over heads, per-head weight einsums, positions split between [CLS] and the patches).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind29/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (9 of the 29 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says (the two
dropout entries after torch.manual_seed(0)). Every entry, right or wrong, was also compared with the model answer on
a grid of float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks): one and two batch axes, broadcast and
padding masks, masks with a query that sees no key, sizes of 1, non-contiguous inputs, several head or group counts,
the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every
floating-point input and parameter with a random cotangent; every right entry matched everywhere, every wrong entry
differed somewhere.

Judgement calls: blind29_mha_hf_softmax_upcast_float32 differs only for float64 inputs (by about 5e-8: the float32
softmax), and blind29_transformer_layer_bert_eps_1e12 mostly only at float64 accuracy for well-scaled columns (by a
few 1e-6; more for columns of small variance); both break stated rules (float64 computed in float64; eps 1e-5).
blind29_decoder_layer_cross_attention_single_head equals the model for num_heads = 1, and
blind29_mha_dead_queries_zeroed_after_output_projection only differs when some query sees no key.
blind29_grid_attention_w_and_u_passed_swapped raises additive_attention's ValueError on valid inputs when D_s != C
and is silently wrong when D_s == C. The two dropout entries are random; they differ from the model on almost every
call. blind29_right_mha_torch_sdpa_dead_rows_reopened relies on torch.nn.functional.scaled_dot_product_attention
(the installed torch's math path in float64). Fewer entries than asked (about 55 / 35): the time box, and many
ideas for these functions were already taken by the earlier batches; no right entry is one I was unsure of.

Counts: 29 wrong, 23 right.
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 2, 'cross_attention': 3, 'decoder_layer': 4, 'grid_attention': 1, 'multi_head_attention': 9, 'patch_embedding': 1, 'rotary_embedding': 2, 'transformer_layer': 5}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'multi_head_attention': 4, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'transformer_layer': 2, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_29 = {
    # minGPT's CausalSelfAttention ported in rows (x @ W.T + b, heads by reshape + transpose, softmax(dim=-1)),
# but the course mask (N_k, N_q) is applied as is to the (N_q, N_k) scores: a causal mask becomes anti-causal, a
# rectangular one raises. Xq = Xkv = [[1, 0], [0, 2]], identity weights, zero biases, H = 1, mask causal_mask(2):
# the model gives [[1.0, 0.0558], [0.0, 1.8884]], the entry [[0.6698, 0.0], [0.6605, 2.0]]. Fails the visible tests.
    "blind29_mha_mingpt_rows_mask_untransposed": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # minGPT's CausalSelfAttention, ported in rows (tokens first) and transposed back at the end
            xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)          # (..., Nq, D), (..., Nk, D)
            d = xq.shape[-1]
            hs = d // num_heads

            def heads(x, W, b):
                y = x @ W.T + b                                             # (..., N, D)
                return y.reshape(*y.shape[:-1], num_heads, hs).transpose(-3, -2)   # (..., H, N, hs)

            q = heads(xq, params["Wq"], params["bq"])
            k = heads(xkv, params["Wk"], params["bk"])
            v = heads(xkv, params["Wv"], params["bv"])
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))   # (..., H, Nq, Nk)
            if mask is not None:
                visible = mask.unsqueeze(-3)            # the course mask used as is on (Nq, Nk) scores
                dead = ~visible.any(dim=-1, keepdim=True)
                att = att.masked_fill(~visible, float("-inf")).masked_fill(dead, 0.0)
                att = torch.softmax(att, dim=-1).masked_fill(dead, 0.0)
            else:
                att = torch.softmax(att, dim=-1)
            y = (att @ v).transpose(-3, -2)                                 # (..., Nq, H, hs)
            y = y.reshape(*y.shape[:-2], d)
            return (y @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # The module's attn_drop ported as torch.nn.functional.dropout(p=0.1), whose training flag defaults to True:
# random zeros and a 1/0.9 rescale on every call. Xq = Xkv = [[1, 0], [0, 2]], identity weights, zero biases, H = 1,
# after torch.manual_seed(0): the model gives [[0.6698, 0.0558], [0.6605, 1.8884]], the entry [[0.0, 0.0620],
# [0.7339, 0.0]]. Fails the visible tests.
    "blind29_mha_functional_dropout_on_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = torch.nn.functional.dropout(softmax_cols(scores), p=0.1)   # attn_drop, as in the ported module
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # vit-pytorch's to_qkv has bias=False, so bq, bk and bv are dropped (bo kept). Same inputs with every bias 1:
# the model gives [[2.5, 2.0283], [3.0, 3.9434]], the entry [[1.6698, 1.0558], [1.6605, 2.8884]]. Fails the visible
# tests.
    "blind29_mha_vit_pytorch_to_qkv_without_bias": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # vit-pytorch: to_qkv = nn.Linear(dim, inner_dim * 3, bias=False); to_out keeps its bias
            Q = split_heads(params["Wq"] @ Xq, num_heads)
            K = split_heads(params["Wk"] @ Xkv, num_heads)
            V = split_heads(params["Wv"] @ Xkv, num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # nn.MultiheadAttention's key_padding_mask habit: the mask is collapsed to one flag per key (visible to any
# query), so a causal mask hides nothing. Xq = Xkv = [[1, 0], [0, 2]], identity weights, zero biases, H = 1, mask
# causal_mask(2): the model gives [[1.0, 0.0558], [0.0, 1.8884]], the entry [[0.6698, 0.0558], [0.6605, 1.8884]].
# Fails the visible tests.
    "blind29_mha_mask_collapsed_to_key_padding": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # nn.MultiheadAttention habit: a per-key padding mask, so a key hidden from some queries but seen by
            # one is kept for all of them
            if mask is not None:
                mask = mask.any(dim=-1, keepdim=True).unsqueeze(-3)        # (..., 1, Nk, 1)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Hugging Face's softmax(..., dtype=torch.float32).to(query.dtype): a float64 input is computed through a
# float32 softmax, breaking the float64-accuracy rule (float32 inputs are unaffected). D = 4, H = 2, X = randn(4, 3)
# (Generator seed 1), weights and biases randn / 2 (seed 0): the outputs differ by up to 4.8e-8 in float64, far
# above float64 rounding. Fails the visible tests.
    "blind29_mha_hf_softmax_upcast_float32": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            # Hugging Face: softmax(dim=-1, dtype=torch.float32).to(query.dtype), here down the columns
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            weights = torch.softmax(scores, dim=-2, dtype=torch.float32)
            weights = torch.nan_to_num(weights, nan=0.0).to(Q.dtype)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # The 1/sqrt(D/H) scale folded into the query *input* (Wq (s Xq) + bq) instead of the projected query, so
# the query bias is left unscaled. Xq = Xkv = [[1, 0], [0, 2]], identity weights, every bias 1, H = 1: the model
# gives [[2.5, 2.0283], [3.0, 3.9434]], the entry [[2.4273, 2.0213], [3.1454, 3.9574]]. Passes the visible tests.
    "blind29_mha_query_input_scaled_before_projection": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            head_dim = Xq.shape[-2] // num_heads
            Q = split_heads(linear(Xq * head_dim ** -0.5, params["Wq"], params["bq"]), num_heads)  # scale folded early
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # nn.TransformerEncoderLayer's src_mask polarity (True = blocked) carried over: the layer hands ~mask to
# its multi_head_attention. X = [[1, 0, -1], [0, 2, 1]], identity attention weights, zero biases, W1 = W2 = I,
# gamma = [1, 2], beta = [0.5, 0], H = 1, mask causal_mask(3): the model gives [[1.5, -0.5, -0.5], [-2, 2, 2]], the
# entry [[-0.5, -0.5, -0.5], [2, 2, 2]]. Fails the visible tests.
    "blind29_transformer_layer_mask_negated_torch_polarity": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # nn.TransformerEncoderLayer's src_mask: True = not allowed to attend
            attn_mask = None if mask is None else ~mask

            def sa(Y):
                return multi_head_attention(Y, Y, params, num_heads, attn_mask)

            def ff(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + sa(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + ff(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + sa(X), params["gamma1"], params["beta1"])
            return layer_norm(X + ff(X), params["gamma2"], params["beta2"])
'''),
    # The learner's own layer_norm called as layer_norm(Y, beta, gamma). Same inputs as above, no mask: the
# model gives [[1.5, -0.5, -0.5], [-2, 2, 2]], the entry [[0.5, 0.5, 0.5], [2, 2, 2]]. Fails the visible tests.
    "blind29_transformer_layer_norm_gamma_beta_swapped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            p = params
            ln1 = lambda Y: layer_norm(Y, p["beta1"], p["gamma1"])
            ln2 = lambda Y: layer_norm(Y, p["beta2"], p["gamma2"])
            mha = lambda Y: multi_head_attention(Y, Y, p, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])
            if norm_first:
                X = X + mha(ln1(X))
                return X + ffn(ln2(X))
            X = ln1(X + mha(X))
            return ln2(X + ffn(X))
'''),
    # Post-LN with the FFN residual taken from the un-normalised sum X + MHA(X) while the FFN reads the
# normalised one. D = 4, F = 8, H = 2, X = randn(4, 3) (Generator seed 1), weights and biases randn / 2 (seed 0),
# gamma 1, beta 0: output [0, 0] is 1.550322 in the model, 1.539819 in the entry. Fails the visible tests.
    "blind29_transformer_layer_second_residual_from_unnormalised_sum": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attn = multi_head_attention
            if norm_first:
                X = X + attn(layer_norm(X, params["gamma1"], params["beta1"]),
                             layer_norm(X, params["gamma1"], params["beta1"]), params, num_heads, mask)
                h = layer_norm(X, params["gamma2"], params["beta2"])
                return X + feed_forward(h, params["W1"], params["b1"], params["W2"], params["b2"])
            s = X + attn(X, X, params, num_heads, mask)
            h = layer_norm(s, params["gamma1"], params["beta1"])
            out = s + feed_forward(h, params["W1"], params["b1"], params["W2"], params["b2"])   # residual from s, not h
            return layer_norm(out, params["gamma2"], params["beta2"])
'''),
    # BertConfig's layer_norm_eps = 1e-12 carried over instead of the contract's 1e-5. Same set-up with
# X * 1e-3: the outputs differ by up to 3.2e-6 in float64 (hidden below float32's tolerance for well-scaled columns,
# much larger for columns of small variance). Fails the visible tests.
    "blind29_transformer_layer_bert_eps_1e12": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            eps = 1e-12                                  # BertConfig.layer_norm_eps
            g1, b1, g2, b2 = params["gamma1"], params["beta1"], params["gamma2"], params["beta2"]
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = layer_norm(X, g1, b1, eps)
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)
                return X + ffn(layer_norm(X, g2, b2, eps))
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), g1, b1, eps)
            return layer_norm(X + ffn(X), g2, b2, eps)
'''),
    # Copy-paste slip in a written-out cross-attention: the values get the key bias bk. X_dec = X_enc =
# [[1, 0], [0, 2]], identity weights, zero biases except bk = [1, 1], H = 1: the model gives [[0.6698, 0.0558],
# [0.6605, 1.8884]], the entry [[1.6698, 1.0558], [1.6605, 2.8884]]. Passes the visible tests.
    "blind29_cross_attention_value_bias_copy_pasted_bk": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bk"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # BART's q_proj(h) * scaling kept, then handed to the course's scaled_dot_product_attention, which divides
# by sqrt(D/H) again. X_dec = X_enc = [[1, 0], [0, 2]], identity weights, zero biases, H = 1: the model gives
# [[0.6698, 0.0558], [0.6605, 1.8884]], the entry [[0.6225, 0.1192], [0.7551, 1.7616]]. Passes the visible tests.
    "blind29_cross_attention_bart_prescaled_query_into_sdpa": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            head_dim = X_dec.shape[-2] // num_heads
            scaling = head_dim ** -0.5
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]) * scaling, num_heads)  # BART: q_proj(h) * scaling
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)   # which divides by sqrt(head_dim) again
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Reuses transformer_layer (causal self-attention + FFN, norms 1 and 2) and puts the cross-attention after
# it: the FFN runs before the cross-attention. D = 4, F = 8, H = 2, X_dec = randn(4, 3), X_enc = randn(4, 5)
# (Generator seed 1), weights randn / 2 (seeds 0, 1, 2), gamma 1, beta 0: output [0, 0] is 1.695608 in the model,
# 1.646948 in the entry. Passes the visible tests.
    "blind29_decoder_layer_encoder_layer_then_cross": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .transformer_layer import transformer_layer
            n = X_dec.shape[-1]
            enc_style = dict(params["self_attn"], W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"],
                             gamma1=params["gamma1"], beta1=params["beta1"],
                             gamma2=params["gamma2"], beta2=params["beta2"])
            X = transformer_layer(X_dec, enc_style, num_heads, causal_mask(n).to(X_dec.device))  # self-attn + FFN
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # The subsequent-mask picture triu(ones, diagonal=1) used as True = visible: each query sees only the
# keys strictly before it (query 0 sees none). Same seeded set-up: output [0, 0] is 1.695608 in the model, 1.528488
# in the entry. Passes the visible tests.
    "blind29_decoder_layer_strict_causal_triu_diagonal_one": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X_dec.device), diagonal=1)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, future),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # memory_key_padding_mask polarity (True = padding) carried over: the decoder hands ~enc_mask to its
# cross_attention. Same seeded set-up with enc_mask = (arange(5) < 3)[:, None]: output [0, 0] is 1.687608 in the
# model, 1.711909 in the entry. Fails the visible tests.
    "blind29_decoder_layer_enc_mask_polarity_flipped": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            memory_mask = None if enc_mask is None else ~enc_mask     # memory_key_padding_mask: True = padding
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads,
                                                    causal_mask(n).to(X.device)), params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, memory_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # key_padding_mask polarity: masked_fill(mask, -inf) hides the visible positions. s = [1], H = [[1, 2, 3]],
# W = U = [[1]], v = [1], mask [T, T, F]: the model's weights are [0.4922, 0.5078, 0], the entry's [0, 0, 1]. Fails
# the visible tests.
    "blind29_additive_attention_mask_true_means_padding": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh((U @ H) + (s @ W.T)[..., None]))
            if mask is not None:
                e = e.masked_fill(mask, float("-inf"))      # key_padding_mask habit: True = padded
            weights = softmax_cols(e[..., None])[..., 0]
            return weights, (H * weights[..., None, :]).sum(-1)
'''),
    # The dot-product habit of dividing the scores by sqrt(D_a) carried into Bahdanau's MLP score. s = [1],
# H = [[1, 2, 3]], W = U = ones(4, 1), v = ones(4): the model's weights are [0.3045, 0.3448, 0.3507], the entry's
# [0.3188, 0.3392, 0.3421]. Passes the visible tests.
    "blind29_additive_attention_scaled_by_sqrt_attention_dim": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (W @ s[..., None]))                  # (..., D_a, N)
            scores = (v[:, None] * hidden).sum(-2) / math.sqrt(v.shape[0])   # scaled like dot-product attention
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., None])[..., 0]
            return weights, (H @ weights[..., None])[..., 0]
'''),
    # The learner's own gru_step called with bias_hh and bias_ih swapped (same shapes, so silent): b_hn moves
# out of the reset gate. s_prev = [0.5], y_prev = [1], H = [[1, 2, 3]], W = U = [[1]], v = [1], weight_ih and
# weight_hh all 0.1, bias_ih 0, bias_hh [0, 0, 1], W_out ones(1, 2), b_out 0: the model's new state is 0.5932, the
# entry's 0.6526. Fails the visible tests.
    "blind29_decoder_step_gru_biases_swapped_in_call": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            p = params
            weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, p["weight_ih"], p["weight_hh"], p["bias_hh"], p["bias_ih"])
            logits = stack(s, context) @ p["W_out"].T + p["b_out"]
            return s, logits, weights
'''),
    # src-mask-as-padding polarity: the decoder step hands ~mask to additive_attention. s_prev = y_prev = [1],
# H = [[1, 2, 3]], W = U = [[1]], v = [1], weight_ih ones(3, 2), weight_hh ones(3, 1), bias_ih [0, 0, 1], bias_hh 0,
# W_out ones(1, 2), b_out 0, mask [T, F, F]: the model's weights are [1, 0, 0] and logits [2.0], the entry's
# [0, 0.4989, 0.5011] and [3.5011]. Fails the visible tests.
    "blind29_decoder_step_mask_polarity_flipped": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            p = params
            pad = None if mask is None else ~mask              # src_mask as padding positions
            weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], pad)
            s = gru_step(stack(y_prev, context), s_prev, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
            logits = stack(s, context) @ p["W_out"].T + p["b_out"]
            return s, logits, weights
'''),
    # The learner's own rotate_columns called with the key positions for Q and the query positions for K.
# Q = K = [[1], [0]], positions_q = [1], positions_k = [0]: the model gives Q' = [[0.5403], [0.8415]], K' = [[1],
# [0]]; the entry the two swapped (and an error when N_q != N_k). Fails the visible tests.
    "blind29_rotary_positions_passed_crosswise": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return rotate_columns(Q, positions_k, base), rotate_columns(K, positions_q, base)
'''),
    # The learner's own additive_attention called with U in W's place and W in U's: silent when D_s == C, a
# ValueError otherwise. s = [1], features [[[0, 1], [2, 3]]], W = [[2]], U = [[0.5]], v = [1]: the model's weights
# are [[0.2446, 0.2501], [0.2523, 0.2530]], the entry's [[0.1636, 0.2764], [0.2800, 0.2801]]. Fails the visible
# tests.
    "blind29_grid_attention_w_and_u_passed_swapped": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            h, w = features.shape[-2:]
            # the keys' projection handed over first: additive_attention(s, H, W, U, v) takes W for the state
            weights, context = additive_attention(s, features.flatten(-2), U, W, v)
            return weights.unflatten(-1, (h, w)), context
'''),
    # timm's pos_drop ported as torch.nn.functional.dropout(p=0.1), training on by default. images ones(1, 1,
# 2, 2), P = 2, W = ones(1, 4), b = [0], cls_token = [1], positions zeros(1, 2), after torch.manual_seed(0): the model
# gives [[[1, 4]]], the entry [[[0, 4.4444]]]. Fails the visible tests.
    "blind29_patch_embedding_pos_drop_functional": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            x = linear(patchify(images, patch_size), W, b)                      # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).expand(x.shape[0], -1, -1)
            x = torch.cat((cls, x), dim=-1) + positions
            return torch.nn.functional.dropout(x, p=0.1)                        # timm's pos_drop, left on
'''),
    # The learner's own split_heads called with the head size D/H where it takes the head count: with D = 4,
# H = 1 it makes 4 heads of one row (and scales by 1). Xq = Xkv = 3 * eye(4)[:, :2], identity weights, zero
# biases: the model's column 0 is [2.967, 0.033, 0, 0], the entry's [2.9996, 1.5, 0, 0]. Fails the visible tests.
    "blind29_mha_split_heads_given_head_dim": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = Xq.shape[-2] // num_heads
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), head_dim)   # the size of a head, not the count
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), head_dim)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), head_dim)
            out, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Output projection written in the rows habit, Wo @ heads + bo: bo broadcasts along the token axis.
# D = 2, N = 1, Xq = Xkv = [[1], [0]], identity weights, biases 1: the model returns [[3], [2]] (2, 1), the entry
# [[3, 3], [2, 2]] (2, 2); for N != D (and N != 1) it raises. Fails the visible tests.
    "blind29_mha_output_bias_broadcast_on_tokens_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            out, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return params["Wo"] @ merge_heads(out) + params["bo"]     # rows habit: "+ bias" on the last axis
'''),
    # GPT-2's MLP (gelu, tanh approximation) in place of the contract's ReLU. Same seeded set-up as above:
# output [0, 0] is 1.550322 in the model, 1.543798 in the entry. Passes the visible tests.
    "blind29_transformer_layer_ffn_hidden_gelu_tanh": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            import torch.nn.functional as F
            def mlp(Y):   # GPT-2's MLP: c_fc, gelu (tanh approximation), c_proj
                return linear(F.gelu(linear(Y, params["W1"], params["b1"]), approximate="tanh"),
                              params["W2"], params["b2"])
            def attn(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                X = X + attn(ln1(X))
                return X + mlp(ln2(X))
            X = ln1(X + attn(X))
            return ln2(X + mlp(X))
'''),
    # The Annotated Transformer's attention() ported in rows, the encoder mask handed over in the course layout
# (N_e, N_d) where the rows need (N_d, N_e): wrong for square masks, an error for N_e != N_d. X_dec = X_enc =
# [[1, 0], [0, 2]], identity weights, zero biases, H = 1, enc_mask causal_mask(2): the model gives [[1.0, 0.0558],
# [0.0, 1.8884]], the entry [[0.6698, 0.0], [0.6605, 2.0]]. Fails the visible tests.
    "blind29_cross_attention_rows_port_mask_untransposed": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            import torch.nn.functional as F
            # Annotated Transformer's attention() in rows; the encoder mask handed over as the course holds it
            q_in, kv_in = X_dec.transpose(-2, -1), X_enc.transpose(-2, -1)
            D = q_in.shape[-1]
            d_k = D // num_heads
            def split(t):
                return t.reshape(*t.shape[:-1], num_heads, d_k).transpose(-3, -2)
            q = split(F.linear(q_in, params["Wq"], params["bq"]))
            k = split(F.linear(kv_in, params["Wk"], params["bk"]))
            v = split(F.linear(kv_in, params["Wv"], params["bv"]))
            scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)                 # (..., H, Nd, Ne)
            if enc_mask is not None:
                keep = enc_mask.unsqueeze(-3)                                  # (..., 1, Ne, Nd) used as (Nd, Ne)
                dead = ~keep.any(dim=-1, keepdim=True)
                scores = scores.masked_fill(~keep, float("-inf")).masked_fill(dead, 0.0)
                p_attn = scores.softmax(dim=-1).masked_fill(dead, 0.0)
            else:
                p_attn = scores.softmax(dim=-1)
            x = (p_attn @ v).transpose(-3, -2)
            x = x.reshape(*x.shape[:-2], D)
            return F.linear(x, params["Wo"], params["bo"]).transpose(-2, -1)
'''),
    # The learner's cross_attention call passes 1 head instead of num_heads. Same seeded set-up: output [0, 0]
# is 1.695608 in the model, 1.703510 in the entry (identical for H = 1). Passes the visible tests.
    "blind29_decoder_layer_cross_attention_single_head": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads,
                                                        causal_mask(n).to(X_dec.device)),
                           params["gamma1"], params["beta1"])
            # one head over the encoder, as in the Bahdanau lecture's single attention
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], 1, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # A query whose mask column is all False is zeroed after the output projection, where the contract
# gives it bo. Xq = Xkv = [[1, 0], [0, 2]], identity weights, every bias 1, mask [[F, T], [F, T]]: the model's column
# 0 is [1, 1] (= bo), the entry's [0, 0]. Passes the visible tests.
    "blind29_mha_dead_queries_zeroed_after_output_projection": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            out, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            y = linear(merge_heads(out), params["Wo"], params["bo"])
            if mask is not None:
                attended = mask.any(dim=-2, keepdim=True)          # (..., 1, Nq): the query sees some key
                y = y * attended                                     # a query that sees nothing outputs 0
            return y
'''),
    # Precedence slip: base ** (-2 * i // D) floor-divides integers, so every pair but the first turns at
# base^-1. D = 4, Q = K = [[0], [1], [0], [0]], positions [1]: the model's row 3 is sin(0.01) = 0.0100, the entry's
# sin(1e-4) = 0.0001 (D = 2 is unaffected). Fails the visible tests.
    "blind29_rotary_exponent_floor_division": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rope(X, pos):
                D, N = X.shape[-2:]
                pos = torch.arange(N) if pos is None else pos
                i = torch.arange(D // 2)
                theta = base ** (-2 * i // D).to(torch.float64)          # // binds before the float conversion
                ang = theta[:, None] * pos.to(torch.float64)[None, :]
                cos, sin = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                x1, x2 = X[..., : D // 2, :], X[..., D // 2:, :]
                return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-2)
            return rope(Q, positions_q), rope(K, positions_k)
'''),
}

RIGHT_BLIND_29 = {
    # Right: minGPT's attention in rows (x @ W.T + b, heads by reshape + transpose, softmax(dim=-1)) with
# the course mask transposed to (N_q, N_k) and a query that sees no key given zero weights (so its output is bo).
    "blind29_right_mha_mingpt_rows_port": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)          # (..., Nq, D), (..., Nk, D)
            d = xq.shape[-1]
            hs = d // num_heads

            def heads(x, W, b):
                y = x @ W.T + b
                return y.reshape(*y.shape[:-1], num_heads, hs).transpose(-3, -2)   # (..., H, N, hs)

            q = heads(xq, params["Wq"], params["bq"])
            k = heads(xkv, params["Wk"], params["bk"])
            v = heads(xkv, params["Wv"], params["bv"])
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))   # (..., H, Nq, Nk)
            if mask is not None:
                visible = mask.transpose(-2, -1).unsqueeze(-3)              # course (Nk, Nq) -> rows (Nq, Nk)
                dead = ~visible.any(dim=-1, keepdim=True)
                att = att.masked_fill(~visible, float("-inf")).masked_fill(dead, 0.0)
                att = torch.softmax(att, dim=-1).masked_fill(dead, 0.0)
            else:
                att = torch.softmax(att, dim=-1)
            y = (att @ v).transpose(-3, -2)
            y = y.reshape(*y.shape[:-2], d)
            return (y @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # Right: torch's F.scaled_dot_product_attention on (..., H, N, D/H) rows with the mask transposed (True =
# takes part); queries that see no key are let see everything (no NaN, gradients finite) and zeroed afterwards.
    "blind29_right_mha_torch_sdpa_dead_rows_reopened": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import torch.nn.functional as F
            def rows(X, W, b):                                   # (..., D, N) -> (..., H, N, D/H)
                Y = linear(X, W, b)
                return split_heads(Y, num_heads).transpose(-2, -1)
            q, k, v = rows(Xq, params["Wq"], params["bq"]), rows(Xkv, params["Wk"], params["bk"]), \\
                rows(Xkv, params["Wv"], params["bv"])
            attn_mask, dead = None, None
            if mask is not None:
                attn_mask = mask.transpose(-2, -1).unsqueeze(-3)                  # True = takes part, rows
                dead = ~attn_mask.any(dim=-1, keepdim=True)                        # queries that see nothing
                attn_mask = attn_mask | dead                                       # let them see all, zero them after
            out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)    # (..., H, Nq, D/H)
            if dead is not None:
                out = out.masked_fill(dead, 0.0)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Right: the weights reshaped per head, (H, D/H, D), and everything written as einsums; head h owns rows
# h*D/H.. of each projection, Wo's columns are split the same way, the mask gains its head axis by indexing.
    "blind29_right_mha_per_head_weight_einsum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .softmax import softmax_cols
            D = Xq.shape[-2]
            d = D // num_heads
            def proj(X, name):
                W = params["W" + name].reshape(num_heads, d, D)
                b = params["b" + name].reshape(num_heads, d, 1)
                return torch.einsum("hed,...dn->...hen", W, X) + b          # (..., H, d, N)
            Q, K, V = proj(Xq, "q"), proj(Xkv, "k"), proj(Xkv, "v")
            scores = torch.einsum("...hek,...heq->...hkq", K, Q) / math.sqrt(d)
            if mask is not None:
                scores = scores.masked_fill(~mask[..., None, :, :], float("-inf"))
            A = torch.einsum("...hek,...hkq->...heq", V, softmax_cols(scores))
            Wo = params["Wo"].reshape(D, num_heads, d)
            return torch.einsum("ohe,...heq->...oq", Wo, A) + params["bo"][:, None]
'''),
    # Right: Wo [A_1; ...; A_H] = sum_h Wo[:, head h] A_h, so a loop over heads, each with its row slices of the
# projections, the course's scaled_dot_product_attention and its column block of Wo, with bo added once.
    "blind29_right_mha_output_projection_summed_over_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = Xq.shape[-2] // num_heads
            m = None if mask is None else mask
            out = params["bo"][:, None]
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                Q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                K = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                V = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                A, _ = scaled_dot_product_attention(Q, K, V, m)
                out = out + params["Wo"][:, rows] @ A          # Wo [A_1; ...; A_H] = sum_h Wo[:, head h] A_h
            return out
'''),
    # Right: F.layer_norm over the feature axis (eps 1e-5) and F.linear / F.relu on transposed tokens, the
# learner's multi_head_attention called with mask by keyword; both post-LN and pre-LN orders.
    "blind29_right_transformer_layer_functional_rows": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            import torch.nn.functional as F
            D = X.shape[-2]
            def ln(Y, i):               # F.layer_norm over the features, with tokens as rows
                return F.layer_norm(Y.transpose(-2, -1), (D,), params[f"gamma{i}"], params[f"beta{i}"],
                                    eps=1e-5).transpose(-2, -1)
            def sa(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask=mask)
            def ff(Y):
                h = F.relu(F.linear(Y.transpose(-2, -1), params["W1"], params["b1"]))
                return F.linear(h, params["W2"], params["b2"]).transpose(-2, -1)
            if norm_first:
                X = X + sa(ln(X, 1))
                return X + ff(ln(X, 2))
            X = ln(X + sa(X), 1)
            return ln(X + ff(X), 2)
'''),
    # Right: the two sub-layers as (function, norm index) pairs, each applied as X + f(LN(X)) or LN(X + f(X)).
    "blind29_right_transformer_layer_sublayer_pairs_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "2"),
            ]
            for f, i in sublayers:
                norm = lambda Y: layer_norm(Y, params["gamma" + i], params["beta" + i])
                X = X + f(norm(X)) if norm_first else norm(X + f(X))
            return X
'''),
    # Right: BART's attention in rows, q_proj(h) * scaling with no second scale, the course mask transposed
# to (N_d, N_e), and decoder queries that see no encoder token given zero weights.
    "blind29_right_cross_attention_bart_rows_port": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            hidden, kv = X_dec.transpose(-2, -1), X_enc.transpose(-2, -1)     # BART's (..., tgt_len, D), (..., src_len, D)
            D = hidden.shape[-1]
            head_dim = D // num_heads
            scaling = head_dim ** -0.5
            def shape(t):
                return t.reshape(*t.shape[:-1], num_heads, head_dim).transpose(-3, -2)   # (..., H, len, head_dim)
            q = shape((hidden @ params["Wq"].T + params["bq"]) * scaling)
            k = shape(kv @ params["Wk"].T + params["bk"])
            v = shape(kv @ params["Wv"].T + params["bv"])
            w = q @ k.transpose(-2, -1)                                        # (..., H, tgt, src)
            if enc_mask is not None:
                allowed = enc_mask.transpose(-2, -1).unsqueeze(-3)
                dead = ~allowed.any(dim=-1, keepdim=True)
                w = w.masked_fill(~allowed, float("-inf")).masked_fill(dead, 0.0)
                w = torch.softmax(w, dim=-1).masked_fill(dead, 0.0)
            else:
                w = torch.softmax(w, dim=-1)
            out = (w @ v).transpose(-3, -2)
            out = out.reshape(*out.shape[:-2], D)
            return (out @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # Right: the causal mask as tril(ones).T (True where key j <= query i), and every earlier function called
# by keyword with the contract's parameter names.
    "blind29_right_decoder_layer_tril_transposed_keyword_calls": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, device=X_dec.device).tril().T.bool()     # [j, i]: j <= i
            sa = multi_head_attention(Xq=X_dec, Xkv=X_dec, params=params["self_attn"], num_heads=num_heads, mask=causal)
            x = layer_norm(X_dec + sa, gamma=params["gamma1"], beta=params["beta1"], eps=1e-5)
            ca = cross_attention(X_dec=x, X_enc=X_enc, params=params["cross_attn"], num_heads=num_heads,
                                 enc_mask=enc_mask)
            x = layer_norm(x + ca, gamma=params["gamma2"], beta=params["beta2"])
            ff = feed_forward(x, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            return layer_norm(x + ff, gamma=params["gamma3"], beta=params["beta3"])
'''),
    # Right: d2l's AdditiveAttention in rows (queries (.., 1, D_a) + keys (.., N, D_a), tanh, @ v), the mask
# as True = visible, a state that sees nothing given all-zero weights and context; batch axes broadcast.
    "blind29_right_additive_attention_d2l_rows_port": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # d2l's AdditiveAttention: queries (.., 1, D_s), keys (.., N, D_h), features = W_q q + W_k k, tanh, w_v
            queries = (s @ W.T)[..., None, :]                       # (..., 1, D_a)
            keys = H.transpose(-2, -1) @ U.T                        # (..., N, D_a)
            features = torch.tanh(queries + keys)                   # (..., N, D_a)
            scores = features @ v                                   # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
                blind = ~mask.any(dim=-1, keepdim=True)             # a state that sees no position
                scores = scores.masked_fill(blind, 0.0)
                weights = torch.softmax(scores, dim=-1).masked_fill(blind, 0.0)
            else:
                weights = torch.softmax(scores, dim=-1)
            context = (weights[..., None, :] * H).sum(dim=-1)      # (..., D_h)
            return weights, context
'''),
    # Right: nn.GRUCell's weights chunked into the reset, update and candidate blocks first; b_hn inside the
# reset product; n + z (h - n) is (1 - z) n + z h.
    "blind29_right_gru_step_separate_gate_weights": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            W_ir, W_iz, W_in = weight_ih.chunk(3, dim=0)
            W_hr, W_hz, W_hn = weight_hh.chunk(3, dim=0)
            b_ir, b_iz, b_in = bias_ih.chunk(3)
            b_hr, b_hz, b_hn = bias_hh.chunk(3)
            r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
            z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
            n = torch.tanh(x @ W_in.T + b_in + r * (h @ W_hn.T + b_hn))
            return n + z * (h - n)                                  # = (1 - z) n + z h
'''),
    # Right: the leading axes of s_prev, y_prev and the context broadcast with torch.broadcast_shapes before
# the two concatenations (embedding rows first, then the context; state first, then context for the read-out).
    "blind29_right_decoder_step_broadcast_then_cat": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            p = params
            weights, c = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask=mask)
            lead = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], c.shape[:-1])
            y = y_prev.expand(*lead, y_prev.shape[-1])
            cc = c.expand(*lead, c.shape[-1])
            h = s_prev.expand(*lead, s_prev.shape[-1])
            s = gru_step(torch.cat([y, cc], dim=-1), h, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
            logits = torch.nn.functional.linear(torch.cat([s, cc], dim=-1), p["W_out"], p["b_out"])
            return s, logits, weights
'''),
    # Right: rows i and i + D/2 as the complex number x_i + i x_{i+D/2} multiplied by e^{i p theta_i}, the
# angles in float64 and the complex dtype matching the input's precision.
    "blind29_right_rotary_complex_halves": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, pos):
                D, N = X.shape[-2], X.shape[-1]
                pos = torch.arange(N) if pos is None else pos
                inv = 1.0 / (base ** (torch.arange(0, D, 2, dtype=torch.float64) / D))
                ang = torch.outer(inv, pos.to(torch.float64))                      # (D/2, N)
                ctype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                rot = torch.polar(torch.ones_like(ang), ang).to(ctype)
                z = torch.complex(X[..., : D // 2, :], X[..., D // 2:, :]) * rot     # x_i + i x_{i+D/2}
                return torch.cat([z.real, z.imag], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right: timm's LayerNorm2d pattern: the feature axis moved last, F.layer_norm (biased variance, eps in
# the root), moved back.
    "blind29_right_layer_norm_timm_layernorm2d_style": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # timm's LayerNorm2d: move the feature axis last, F.layer_norm, move it back
            Y = torch.nn.functional.layer_norm(X.movedim(-2, -1), gamma.shape, gamma, beta, eps)
            return Y.movedim(-1, -2)
'''),
    # Right: the position-wise FFN as two kernel-size-1 convolutions over the token axis, batch axes folded
# with reshape (safe for non-contiguous input) and restored.
    "blind29_right_feed_forward_conv1d_kernel_one": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # the original "position-wise" FFN as two 1x1 convolutions over the token axis
            import torch.nn.functional as F
            lead, (D, N) = X.shape[:-2], X.shape[-2:]
            x = X.reshape(-1, D, N)
            h = F.relu(F.conv1d(x, W1.unsqueeze(-1), b1))
            y = F.conv1d(h, W2.unsqueeze(-1), b2)
            return y.reshape(*lead, W2.shape[0], N)
'''),
    # Right: the contract's equivalence, scaled_dot_product_attention(Q_g^T, K_g^T, V_g^T) transposed back; the
# default scale 1/sqrt(N) is what that function applies, and an explicit scale is honoured by multiplying Q by
# scale * sqrt(N).
    "blind29_right_channel_attention_course_sdpa_rescaled": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)    # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))          # the course's attention already divides by sqrt(N)
            out, _ = scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Right: H and W unflattened into (windows, M), the window-grid axes moved before C with an einsum permute,
# then reshaped to (..., nW, C, M*M) in raster order.
    "blind29_right_window_partition_einsum_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            g = X.unflatten(-1, (width // M, M)).unflatten(-3, (height // M, M))   # (..., C, a, p, b, q)
            g = torch.einsum("...capbq->...abcpq", g)
            return g.reshape(*batch, -1, channels, M * M)
'''),
    # Right: F.pixel_unshuffle gives per channel TL, TR, BL, BR; unflattening (C, row, col) and moving col, row
# before C gives the contract's TL, BL, TR, BR order block-major, then layer norm and W without bias.
    "blind29_right_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            import torch.nn.functional as F
            C = channels
            u = F.pixel_unshuffle(X, 2)                        # channel c*4 + 2*row + col: TL, TR, BL, BR per channel
            u = u.unflatten(-3, (C, 2, 2))                    # (..., C, row, col, h, w)
            u = u.movedim((-3, -4, -5), (-5, -4, -3))         # (..., col, row, C, h, w): TL, BL, TR, BR
            merged = u.flatten(-5, -3)                        # (..., 4C, h, w)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Right: positions 1..N added to the projected patches and position 0 to [CLS] before concatenation,
# which is the same sum.
    "blind29_right_patch_embedding_positions_split": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = linear(patchify(images, patch_size), W, b) + positions[:, 1:]     # patch tokens, positions 1..N
            cls = (cls_token + positions[:, 0])[:, None]                                 # [CLS] with position 0
            return torch.cat([cls.expand(patches.shape[0], -1, -1), patches], dim=-1)
'''),
    # Right: the cells flattened in raster order, the additive scores by einsum, one softmax over all H*W
# cells, the context as an einsum, the weights reshaped back to (..., H, W).
    "blind29_right_grid_attention_flat_einsum": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            cells = features.flatten(-2)                                           # (..., C, HW) raster order
            e = torch.einsum("a,...an->...n", v,
                             torch.tanh(torch.einsum("ac,...cn->...an", U, cells) + (s @ W.T)[..., :, None]))
            a = torch.softmax(e, dim=-1)                                           # one softmax over all cells
            context = torch.einsum("...cn,...n->...c", cells, a)
            return a.reshape(*a.shape[:-1], *features.shape[-2:]), context
'''),
    # Right: one projection, then a loop over heads calling scaled_dot_product_attention on each head's rows
# with the encoder mask, heads stacked on the feature axis in order, then Wo and bo; D % H checked.
    "blind29_right_cross_attention_head_loop_sdpa": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError("D must be divisible by num_heads")
            d = D // num_heads
            Q = linear(X_dec, params["Wq"], params["bq"])
            K = linear(X_enc, params["Wk"], params["bk"])
            V = linear(X_enc, params["Wv"], params["bv"])
            heads = []
            for h in range(num_heads):
                r = slice(h * d, (h + 1) * d)
                out, _ = scaled_dot_product_attention(Q[..., r, :], K[..., r, :], V[..., r, :], mask=enc_mask)
                heads.append(out)
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Right: key-global OR query-global as the elementwise maximum of the two broadcast uint8 flags.
    "blind29_right_global_token_mask_outer_maximum": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            g = is_global.to(torch.uint8)
            return torch.maximum(g[..., :, None], g[..., None, :]).bool()        # key global OR query global
'''),
    # Right: sum over tokens / N, then F.linear, which takes bias=None as no bias.
    "blind29_right_average_pool_head_functional_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]                      # (..., D)
            return torch.nn.functional.linear(pooled, W, b)           # b=None: no bias, as HF's ImageGPT head
'''),
    # Right: the groups as rows (query channel i, key channel j) with an einsum, softmax over the keys
# (the last axis here), the default scale 1/sqrt(N) or the one given.
    "blind29_right_channel_attention_rows_einsum": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = tokens ** -0.5 if scale is None else scale
            def groups(W, b):
                Y = torch.einsum("oc,...cn->...on", W, X) + b[:, None]
                return Y.unflatten(-2, (num_groups, channels // num_groups))     # (..., G, C/G, N)
            q, k, v = groups(params["Wq"], params["bq"]), groups(params["Wk"], params["bk"]), \\
                groups(params["Wv"], params["bv"])
            attn = torch.einsum("...gin,...gjn->...gij", q, k) * s          # (query channel i, key channel j)
            attn = attn.softmax(dim=-1)                                     # over the keys
            out = torch.einsum("...gij,...gjn->...gin", attn, v).flatten(-3, -2)
            return torch.einsum("oc,...cn->...on", params["Wo"], out) + params["bo"][:, None]
'''),
}
