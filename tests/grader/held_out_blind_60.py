"""Sixty-first blind batch of held-out implementations (prefix blind60_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible
tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind
batches (held_out_blind.py ... held_out_blind_58.py) were only skimmed for their entry names, to avoid repeating one. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor
benchmarks/, nor the batches written at the same time (held_out_blind_59.py, held_out_blind_61.py).

Emphasis: code ported from TensorFlow / Keras / JAX / Flax / Trax / Haiku / Mesh TensorFlow and the original BERT, ViT,
Swin, ImageGPT and DaViT code, adapted to the column contract with the least change. Wrong entries keep a difference the
contract does not allow, or slip in the port: tf.nn.softmax's default axis -1, an unguarded or half-guarded
jax.nn.softmax-style shift, the TF tutorial's `-1e9 * mask` additive mask (finite hidden scores, uniform weights for a
query that sees nothing), Keras's `(1 - mask) * -inf` (NaN at visible entries), Trax's tril causal mask with query rows,
TF's look-ahead and padding masks where 1 = hidden, tf.sequence_mask's (B, 1, n) layout, `dk = tf.shape(k)[-1]` read
from the wrong axis, `tf.cast(dk, tf.float32)` (a float32 sqrt in a float64 path), Keras Dense kernels (in, out), Keras
MultiHeadAttention's (query, key) attention_mask and key_dim = model width, the TF tutorial's depth-major split_heads,
Flax's LayerNorm epsilon 1e-6 and Keras's 1e-3 hard-coded, tf.nn.moments on the last axis, a (1 + scale) Flax norm,
Flax's tanh-gelu FFN, the TF tutorial's epsilon=1e-6 encoder and decoder layers and its (v, k, q) MHA argument order,
a pre-LN layer carrying the encoder's final norm, tf.gather on axis 0, tf.one_hot's float32 default, the TF tutorial's
float32 position table and tensor2tensor's timescale increment over (num_timescales - 1), Mesh TF's relative buckets
without `n = -relative_position`, mesh-transformer-jax's rotate_every_two, HF-TF's top-p (remove > p, shifted) and
top-k threshold (ties kept), ViT-JAX's NHWC patches and big_vision's position embedding added before the class token,
original BERT's fixed number of predictions per sequence, its inclusive `rng.randint` ported to torch's exclusive high
(twice), its capped 10-try search for another document, ImageGPT's NHWC reshape and tf.gather without moving the colour
axis, tf.roll without the start token, Keras GlobalAveragePooling1D's axis 1, Swin's NHWC window partition with the
in-window axes swapped, Swin's region labels summed rather than counted, a positive-roll mask, keras.io's patch merging
without its norm, DaViT's own channel attention (k^T v scores mixing q), a float32 DaViT scale, the "Show, attend and
tell" NHWC reshape, Keras GRU(reset_after=False), the Sparse Transformer's causal strided pattern and a keys-only
Longformer global mask. Right entries: the same ports with every difference resolved (layouts transposed back, masks
inverted and transposed, kernels transposed, eps taken from the argument or fixed to the contract's, retry loops
unbounded, NHWC views moved back, the contract's scales).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind60/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's
comment says whether it does (11 of the 54 wrong entries pass them). Each wrong entry's recorded input was run on
the model answer and on the entry and both results printed; each differs as its comment says (the statistical ones,
mlm_corrupt and nsp_pairs, by counts over thousands of seeded draws). Right entries were compared with the model answer
on 300 random cases each under both default dtypes (float32 and float64 inputs, batch shapes (), (2,), (2, 3), (1, 2),
non-contiguous inputs, scales 1, 1000 and 1e-3, -inf scores and all -inf columns, random and broadcast masks with
all-False query columns, eps 0.0 and given eps, keyword arguments, sizes down to 0 or 1 where the contract allows, int32
and uint8 ids, ValueError cases raised alike): values to 1e-10 in float64 and 2e-4 in float32, dtypes and shapes equal,
and gradients of a random projection of the outputs to 1e-4 with no NaN at finite entries. Masks, buckets, windows and
ids were compared exactly. mlm_corrupt (draws in another order) was checked by its invariants and frequencies (chosen
fraction, 80 % mask, 10 % + 10 % split, ids unchanged, specials as list, tuple, tensor or empty, int32 ids, empty and
non-contiguous ids, new draws from one generator), nsp_pairs by its labels and by the spread of random second
sentences over the other documents (a one-sentence document included), against the model answer's counts.

Judgement calls: a Flax `use_fast_variance` layer_norm (max(0, E[x^2] - E[x]^2), the contract's accepted one-pass
variance) was dropped from the right entries: with eps=0.0 and two features it gave inf/NaN where the clamped variance
rounds to 0, and I could not settle whether that input counts as an offset thousands of times the spread.
blind60_channel_attention_davit_roles_fixed_query_rows differs from the model answer by up to ~2e-2 on float32 inputs of
scale 30 with scale=0.3, exactly as much as the model answer itself differs from its float64 result, so it was kept.
blind60_sdpa_tf_cast_dk_float32_sqrt and blind60_channel_attention_tf_cast_tokens_float32_scale are wrong only by
float64 accuracy (a float32-rounded constant), shown with D_k = 3 and N = 3; a power-of-four size hides them.
blind60_nsp_pairs_bert_ten_tries_for_other_document is wrong with probability 2^-10 per negative with two documents
(8 own-document negatives over 3000 seeds); blind60_next_token_probs_hf_tf_top_p_remove_greater_shifted only at an
exact cumulative tie with top_p. Both pass the visible tests.
blind60_transformer_layer_tf_tutorial_layernorm_eps_1e6 and blind60_decoder_layer_tf_tutorial_three_norms_eps_1e6
only show on nearly constant columns (variance ~1e-5). No sampling entries for generate or beam_search: tf.random.categorical ports change the draws but not obviously the
distribution, and I did not want entries I was unsure of. No right entries for next_token_probs (top-k tie order).

Counts: 54 wrong, 36 right.
Wrong per function: {'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'causal_mask': 2, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 4, 'mlm_corrupt': 2, 'multi_head_attention': 3, 'next_token_probs': 2, 'nsp_pairs': 2, 'one_hot': 1, 'padding_mask': 2, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 1, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'shifted_window_mask': 2, 'sinusoidal_positions': 2, 'softmax_cols': 3, 'strided_mask': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'causal_mask': 2, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_60 = {
    # tf.nn.softmax's default axis is -1; the port keeps it, so each ROW (key) sums to 1 instead of each column.
    # softmax_cols([[0., 0.], [0., 1.]]). Fails the visible tests.
    "blind60_softmax_cols_tf_nn_softmax_default_axis": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            # logits - reduce_max(logits, axis, keepdims=True), as tf.nn.softmax does on its default axis=-1
            shifted = scores - scores.amax(dim=-1, keepdim=True)
            exps = torch.exp(shifted)
            return exps / exps.sum(dim=-1, keepdim=True)
'''),
    # The TF tutorial's hand-written stable softmax: exp(x - max) / sum over axis -2, no guard for a column that is
    # all -inf (max = -inf, -inf - -inf = NaN). softmax_cols([[-inf], [-inf]]): model [[0], [0]], entry NaN.
    # Fails the visible tests.
    "blind60_softmax_cols_tf_tutorial_unguarded_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            m = torch.max(scores, dim=-2, keepdim=True).values
            e = torch.exp(scores - m)
            return e / torch.sum(e, dim=-2, keepdim=True)
'''),
    # JAX style: jnp.where(isfinite(max), max, 0) guards the shift, but the division is e / e.sum() with no guard:
    # an all -inf column gives 0/0 = NaN. softmax_cols(full((2, 1), -inf)). Fails the visible tests.
    "blind60_softmax_cols_jax_nn_softmax_initial_guard_only": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            m = scores.amax(dim=-2, keepdim=True)
            m = torch.where(torch.isfinite(m), m, torch.zeros_like(m))
            unnormalized = torch.exp(scores - m)
            return unnormalized / unnormalized.sum(dim=-2, keepdim=True)
'''),
    # TF transformer tutorial: `scaled_attention_logits += (mask * -1e9)`, ported as adding -1e9 where the mask is
    # False: hidden scores are finite (score - 1e9), not -inf. apply_mask(zeros(2, 2), eye(2, bool)): model -inf
    # off the diagonal, entry -1e9. Fails the visible tests.
    "blind60_apply_mask_tf_tutorial_minus_1e9_times_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = (~mask).to(scores.dtype)
            return scores + hidden * -1e9
'''),
    # Keras-style additive mask with 1 = attend: `scores + (1 - mask) * -inf`; at visible entries 0 * -inf = NaN.
    # apply_mask(zeros(2, 2), eye(2, bool)): model 0 on the diagonal, entry NaN. Fails the visible tests.
    "blind60_apply_mask_keras_one_minus_mask_times_inf": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            adder = (1.0 - mask.to(scores.dtype)) * float("-inf")
            return scores + adder
'''),
    # Trax's causal mask is tril(ones((n, n))) with rows = queries; ported unchanged, it is the transpose of the
    # course's (key, query) layout. causal_mask(2): model [[T, T], [F, T]], entry [[T, F], [T, T]].
    # Fails the visible tests.
    "blind60_causal_mask_trax_tril_query_rows": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            return torch.tril(torch.ones(n, n)) > 0
'''),
    # TF tutorial create_look_ahead_mask: 1 - band_part(ones, -1, 0) marks the HIDDEN entries (1 = masked); the port
    # returns it as bool (transposed to key rows) without inverting. causal_mask(2): model [[T, T], [F, T]], entry
    # [[F, F], [T, F]].
    # Fails the visible tests.
    "blind60_causal_mask_tf_look_ahead_one_means_hidden": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            band = torch.tril(torch.ones(n, n))          # tf.linalg.band_part(ones, -1, 0)
            return (1 - band).bool().T
'''),
    # tf.sequence_mask(lengths, n)[:, tf.newaxis, :]: the TF tutorial's (B, 1, n) layout; in the course the keys are
    # rows, so the result is (B, 1, n), not (B, n, 1). padding_mask(tensor([1, 2]), 3). Fails the visible tests.
    "blind60_padding_mask_tf_sequence_mask_newaxis_middle": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            row = torch.arange(n, device=lengths.device)
            seq_mask = row[None, :] < lengths[:, None]      # tf.sequence_mask
            return seq_mask[:, None, :]
'''),
    # TF create_padding_mask: `tf.cast(tf.math.equal(seq, 0), tf.float32)`, 1 = padding, kept as True = padding.
    # padding_mask(tensor([1]), 2): model [[[T], [F]]], entry [[[F], [T]]]. Fails the visible tests.
    "blind60_padding_mask_tf_one_marks_padding": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            positions = torch.arange(n, device=lengths.device)
            is_pad = positions[None, :] >= lengths[:, None]
            return is_pad[:, :, None]
'''),
    # TF tutorial: `dk = tf.cast(tf.shape(k)[-1], tf.float32)`: in TF's (seq, depth) layout the last axis of k is the
    # depth; ported unchanged to the column layout it reads N_k. Q, K of D_k = 2 with N_k = 3 (scales by sqrt 3).
    # Fails the visible tests.
    "blind60_sdpa_tf_tutorial_dk_from_last_axis_of_k": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            matmul_qk = K.transpose(-2, -1) @ Q
            dk = K.shape[-1]
            logits = matmul_qk / math.sqrt(dk)
            if mask is not None:
                logits = apply_mask(logits, mask)
            weights = softmax_cols(logits)
            return V @ weights, weights
'''),
    # TF tutorial additive mask kept: logits += (~mask) * -1e9, then softmax. A query whose mask column is all False
    # gets the unmasked softmax (all its keys shifted alike) instead of zeros. mask with one all-False column.
    # Passes the visible tests.
    "blind60_sdpa_tf_tutorial_additive_mask_dead_query_uniform": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            logits = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                logits = logits + (~mask).to(logits.dtype) * -1e9
            weights = softmax_cols(logits)
            return V @ weights, weights
'''),
    # `dk = tf.cast(tf.shape(k)[-1], tf.float32)` ported as a float32 tensor: sqrt(D_k) is taken in float32 and the
    # float64 scores are divided by a float32 rounding of sqrt(3). D_k = 3, float64 inputs: the weights differ by
    # ~5e-9, far above float64 accuracy. Passes the visible tests.
    "blind60_sdpa_tf_cast_dk_float32_sqrt": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            dk = torch.tensor(Q.shape[-2], dtype=torch.float32)
            logits = (K.transpose(-2, -1) @ Q) / torch.sqrt(dk).item()
            if mask is not None:
                logits = apply_mask(logits, mask)
            weights = softmax_cols(logits)
            return V @ weights, weights
'''),
    # Keras Dense: y = x @ kernel + bias with kernel (in, out); the port treats the course's (out, in) weights as a
    # Keras kernel, X^T @ W, for Q only (K and V were copied from the model answer). Non-symmetric Wq.
    # Fails the visible tests.
    "blind60_self_attention_keras_dense_kernel_query_only": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = (X.transpose(-2, -1) @ Wq + bq).transpose(-2, -1)      # Dense: inputs @ kernel + bias
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Keras MultiHeadAttention's attention_mask is (B, T, S) = (query, key), 1 = attend; a port that transposes the
    # course's (key, query) mask into Keras's layout before use and forgets that sdpa takes (key, query).
    # A causal mask over Nq = Nk = 3 becomes anti-causal. Fails the visible tests.
    "blind60_mha_keras_attention_mask_query_major": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                attention_mask = mask.transpose(-1, -2)        # Keras: (B, T, S)
                mask = attention_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Keras MultiHeadAttention(num_heads=H, key_dim=D): a port that sets key_dim to the model width and scales the
    # query by 1/sqrt(key_dim) = 1/sqrt(D), then calls an unscaled dot product. H = 2, D = 4.
    # Fails the visible tests.
    "blind60_mha_keras_key_dim_set_to_model_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            key_dim = Xq.shape[-2]
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            Q = Q * (1.0 / math.sqrt(float(key_dim)))
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # TF tutorial split_heads: reshape (batch, seq, d_model) to (batch, seq, H, depth); ported to rows as
    # reshape(..., depth, H, N) then moving H forward: head h gets rows h, h + H, ... (interleaved), not a
    # contiguous block. H = 2, D = 4, asymmetric weights. Passes the visible tests.
    "blind60_mha_tf_split_heads_depth_major_reshape": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def tf_split(Y):
                *batch, d, n = Y.shape
                return Y.reshape(*batch, d // num_heads, num_heads, n).transpose(-3, -2)
            def tf_merge(Y):
                *batch, h, depth, n = Y.shape
                return Y.transpose(-3, -2).reshape(*batch, h * depth, n)
            Q = tf_split(linear(Xq, params["Wq"], params["bq"]))
            K = tf_split(linear(Xkv, params["Wk"], params["bk"]))
            V = tf_split(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(tf_merge(heads), params["Wo"], params["bo"])
'''),
    # Flax nn.LayerNorm's epsilon=1e-6 hard-coded in place of the eps argument. layer_norm (eps defaulted) on a
    # column of variance 1e-4: (1e-4 + 1e-6) vs (1e-4 + 1e-5) differs by ~4 % in the result. Fails the visible tests.
    "blind60_layer_norm_flax_default_epsilon_1e6": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            epsilon = 1e-6                        # nn.LayerNorm(epsilon=1e-6), the module attribute of the Flax code
            mean = X.mean(dim=-2, keepdim=True)
            var = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            y = (X - mean) * torch.rsqrt(var + epsilon)
            return y * gamma[:, None] + beta[:, None]
'''),
    # tf.keras.layers.LayerNormalization's default epsilon 1e-3 hard-coded, eps ignored. Same input as above
    # (variance 1e-4): entry ~3x off (0.30 for 0.95). Fails the visible tests.
    "blind60_layer_norm_keras_default_epsilon_1e3": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            epsilon = 1e-3                        # tf.keras.layers.LayerNormalization()'s default
            mean, variance = X.mean(-2, keepdim=True), X.var(-2, keepdim=True, unbiased=False)
            inv = torch.rsqrt(variance + epsilon) * gamma[:, None]
            return X * inv + (beta[:, None] - mean * inv)
'''),
    # tf.nn.moments(x, axes=[-1]) kept from the (batch, seq, features) layout: in the column layout the last axis is
    # the tokens, so each feature row is normalised over the tokens. X (3, 2) random. Fails the visible tests.
    "blind60_layer_norm_tf_moments_last_axis": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-1, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-1, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Gemma/T5X-style Flax norm: scale applied as (1 + scale). gamma = ones gives 2x the normalised value.
    # Fails the visible tests.
    "blind60_layer_norm_flax_one_plus_scale": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            var = X.var(dim=-2, keepdim=True, correction=0)
            normed = (X - mean) / torch.sqrt(var + eps)
            return normed * (1 + gamma[:, None]) + beta[:, None]
'''),
    # Flax/BERT-TF feed-forward with gelu (jax.nn.gelu, approximate=True by default) in place of ReLU.
    # feed_forward on random weights: values differ wherever W1 X + b1 is not far from 0. Fails the visible tests.
    "blind60_feed_forward_flax_gelu_tanh_approximation": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            h = linear(X, W1, b1)
            h = 0.5 * h * (1 + torch.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h ** 3)))
            return linear(h, W2, b2)
'''),
    # TF transformer tutorial EncoderLayer: LayerNormalization(epsilon=1e-6), kept in the port (the contract's
    # layers use 1e-5). transformer_layer on a nearly constant input (column variance ~1e-5). Fails the visible tests.
    "blind60_transformer_layer_tf_tutorial_layernorm_eps_1e6": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"], eps=1e-6)
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"], eps=1e-6)
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(ln1(X))
                return X + ffn(ln2(X))
            out1 = ln1(X + mha(X))
            return ln2(out1 + ffn(out1))
'''),
    # Flax/T2T pre-LN encoder blocks end the stack with a final LayerNorm; the port puts that final norm inside the
    # layer (reusing LN2) when norm_first. transformer_layer(..., norm_first=True). Fails the visible tests.
    "blind60_transformer_layer_flax_pre_ln_with_encoder_final_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def ln(Y, k):
                return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])
            if not norm_first:
                X = ln(X + multi_head_attention(X, X, params, num_heads, mask), 1)
                return ln(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 2)
            Y = ln(X, 1)
            X = X + multi_head_attention(Y, Y, params, num_heads, mask)
            X = X + feed_forward(ln(X, 2), params["W1"], params["b1"], params["W2"], params["b2"])
            return ln(X, 2)
'''),
    # TF tutorial DecoderLayer calls `self.mha2(enc_output, enc_output, out1, padding_mask)` with the signature
    # (v, k, q, mask); ported to multi_head_attention(Xq, Xkv) in the TF argument order, the queries come from the
    # encoder. Nd = 2, Ne = 3: wrong shape. Fails the visible tests.
    "blind60_cross_attention_tf_tutorial_v_k_q_argument_order": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            v, k, q = X_enc, X_enc, X_dec
            return multi_head_attention(v, q, params, num_heads, enc_mask)
'''),
    # TF tutorial DecoderLayer: all three LayerNormalization(epsilon=1e-6). decoder_layer on nearly constant input.
    # Passes the visible tests.
    "blind60_decoder_layer_tf_tutorial_three_norms_eps_1e6": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            look_ahead = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            attn1 = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, look_ahead)
            out1 = layer_norm(attn1 + X_dec, params["gamma1"], params["beta1"], 1e-6)
            attn2 = cross_attention(out1, X_enc, params["cross_attn"], num_heads, enc_mask)
            out2 = layer_norm(attn2 + out1, params["gamma2"], params["beta2"], 1e-6)
            ffn = feed_forward(out2, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(ffn + out2, params["gamma3"], params["beta3"], 1e-6)
'''),
    # tf.gather(params, ids) gathers along axis 0; the port gathers rows of the (D, V) table, i.e. indexes the
    # feature axis with token ids. embed(arange(15.).reshape(5, 3), tensor([0, 2])): model (5, 2), entry (3, 2)
    # holding table rows 0 and 2. Fails the visible tests.
    "blind60_embed_tf_gather_default_axis_zero": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            gathered = omega_e[token_ids]          # tf.gather(omega_e, token_ids): (..., N, V)
            return gathered.transpose(-1, -2)
'''),
    # The TF tutorial's positional_encoding builds the table with np.float32 and tf.cast(..., tf.float32): the port
    # returns float32 whatever the default dtype. Under torch.set_default_dtype(torch.float64) the result is
    # float32. Passes the visible tests.
    "blind60_sinusoidal_tf_tutorial_float32_table": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            pos = torch.arange(num_positions, dtype=torch.float32)[None, :]
            i = torch.arange(dim, dtype=torch.float32)[:, None]
            angle_rates = 1 / torch.pow(torch.tensor(10000.0), (2 * (i // 2)) / float(dim))
            angles = pos * angle_rates
            table = angles.clone()
            table[0::2] = torch.sin(angles[0::2])
            table[1::2] = torch.cos(angles[1::2])
            return table
'''),
    # tensor2tensor get_timing_signal_1d: log_timescale_increment = log(max/min) / (num_timescales - 1), so the last
    # row pair reaches 1/10000 exactly, and sin/cos are interleaved here (the port fixed the concatenation but not the
    # timescales). sinusoidal_positions(3, 4): row 2 uses 1/10000 instead of 1/100. Fails the visible tests.
    "blind60_sinusoidal_t2t_increment_over_num_timescales_minus_one": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            num_timescales = (dim + 1) // 2
            increment = math.log(10000.0) / max(num_timescales - 1, 1)
            inv_timescales = torch.exp(torch.arange(num_timescales, dtype=torch.get_default_dtype()) * -increment)
            position = torch.arange(num_positions, dtype=torch.get_default_dtype())
            scaled = inv_timescales[:, None] * position[None, :]
            table = torch.zeros(dim, num_positions)
            table[0::2] = torch.sin(scaled)
            table[1::2] = torch.cos(scaled[: dim // 2])
            return table
'''),
    # Mesh TensorFlow's _relative_position_bucket starts with `n = -relative_position`; the port drops the negation,
    # so the upper half goes to keys BEFORE the query. relative_position_bucket(tensor([-3, 3])): model [3, 19],
    # entry [19, 3]. Fails the visible tests.
    "blind60_bucket_mesh_tf_without_negation": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            ret = torch.zeros_like(relative_position)
            n = relative_position.clone()
            if bidirectional:
                num_buckets //= 2
                ret = ret + (n < 0).long() * num_buckets
                n = n.abs()
            else:
                n = torch.clamp(n, min=0)
            max_exact = num_buckets // 2
            is_small = n < max_exact
            val_if_large = max_exact + (torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
                                        * (num_buckets - max_exact)).long()
            val_if_large = torch.clamp(val_if_large, max=num_buckets - 1)
            return ret + torch.where(is_small, n, val_if_large)
'''),
    # Mesh TF port, causal branch: `n = tf.maximum(n, 0)` written as clamping relative_position itself (no
    # negation): past keys (negative offsets) all fall into bucket 0. bidirectional=False on tensor([-5, 0, 5]):
    # model [5, 0, 0], entry [0, 0, 5]. Fails the visible tests.
    "blind60_bucket_mesh_tf_causal_clamps_unnegated": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            rp = relative_position.long()
            ret = torch.zeros_like(rp)
            if bidirectional:
                num_buckets //= 2
                ret += (rp > 0).long() * num_buckets
                n = rp.abs()
            else:
                n = torch.maximum(rp, torch.zeros_like(rp))
            max_exact = num_buckets // 2
            large = max_exact + (torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
                                 * (num_buckets - max_exact)).long()
            large = torch.minimum(large, torch.full_like(large, num_buckets - 1))
            return ret + torch.where(n < max_exact, n, large)
'''),
    # GPT-J / mesh-transformer-jax rotary: rotate_every_two pairs rows (2i, 2i+1) and repeats each frequency twice
    # (jnp.repeat) -- the RoFormer adjacent pairing the contract rejects. D = 4, positions 0..2.
    # Fails the visible tests.
    "blind60_rotary_mesh_transformer_jax_rotate_every_two": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def apply(X, positions):
                d, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
                sinusoid = inv_freq[:, None] * positions.to(torch.float64)[None, :]
                sin = torch.repeat_interleave(sinusoid.sin(), 2, dim=0).to(X.dtype)
                cos = torch.repeat_interleave(sinusoid.cos(), 2, dim=0).to(X.dtype)
                x1, x2 = X[..., 0::2, :], X[..., 1::2, :]
                rotated = torch.stack((-x2, x1), dim=-2).reshape(X.shape)
                return X * cos + rotated * sin
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # HF's TF top-p filter: remove where cumulative > top_p, shifted right by one. A token whose preceding cumulative
    # mass equals top_p exactly is kept, where the contract keeps only tokens needed to reach top_p.
    # next_token_probs(zeros(2), top_p=0.5): model [1, 0], entry [0.5, 0.5]. Passes the visible tests.
    "blind60_next_token_probs_hf_tf_top_p_remove_greater_shifted": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[torch.argmax(logits)] = 1.0
                return out
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, sorted_idx = torch.sort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(sorted_probs, dim=0)
                remove = cumulative > top_p
                remove = torch.cat([torch.zeros(1, dtype=torch.bool), remove[:-1]])
                drop = torch.zeros_like(remove)
                drop[sorted_idx] = remove
                probs = probs.masked_fill(drop, 0.0)
            return probs / probs.sum()
'''),
    # tf.math.top_k(logits, k) then the HF-TF threshold `logits < values[-1]` -> -inf; a tie at the k-th value
    # keeps every tied token. next_token_probs(tensor([1., 0., 0.]), top_k=2): model [e/(e+1), 1/(e+1), 0],
    # entry keeps all three. Fails the visible tests.
    "blind60_next_token_probs_tf_top_k_threshold_on_logits": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits / temperature
            if top_k is not None:
                k = min(top_k, scaled.shape[-1])
                kth = torch.topk(scaled, k).values[-1]
                scaled = torch.where(scaled < kth, torch.full_like(scaled, float("-inf")), scaled)
            probs = torch.softmax(scaled, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # ViT-JAX's patch embedding is a conv on NHWC images, so each patch is flattened in (row, column, channel)
    # order; the port moves the channels last before cutting patches. C = 2, P = 2: features in another order.
    # Fails the visible tests.
    "blind60_patchify_vit_jax_nhwc_pixel_major": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.permute(0, 2, 3, 1)                          # NHWC, as in the JAX code
            b, h, w, c = x.shape
            x = x.reshape(b, h // P, P, w // P, P, c).permute(0, 1, 3, 2, 4, 5)
            return x.reshape(b, (h // P) * (w // P), P * P * c).transpose(1, 2)
'''),
    # big_vision's ViT adds the position embedding to the patch tokens first and only then prepends the class
    # token, which gets no position; the port adds positions[:, 1:] to the patches and leaves column 0 as cls_token.
    # Any input: column 0 lacks positions[:, 0]. Fails the visible tests.
    "blind60_patch_embedding_big_vision_posemb_before_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            x = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            x = x + positions[:, 1:]                                # "with_posemb"
            cls = cls_token[None, :, None].expand(x.shape[0], -1, 1)
            return torch.cat([cls, x], dim=-1)
'''),
    # tf.one_hot's default dtype is float32; the port writes `dtype or torch.float32`, so under
    # torch.set_default_dtype(torch.float64) one_hot(tensor([0, 1]), 2) is float32, not float64.
    # Passes the visible tests.
    "blind60_one_hot_tf_one_hot_float32_default": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            on = token_ids[..., None] == torch.arange(vocab_size, device=token_ids.device)   # tf.one_hot: (..., N, V)
            return on.to(dtype or torch.float32).transpose(-1, -2)
'''),
    # Original BERT create_masked_lm_predictions: exactly num_to_predict = max(1, round(len * masked_lm_prob))
    # positions of each sequence, picked by shuffling the candidates, instead of an independent draw per position.
    # mlm_corrupt with mask_prob=0.0 still chooses one position per sequence (rows of 20: model 0 %, entry 5 %),
    # and the chosen count never varies.
    # Fails the visible tests.
    "blind60_mlm_corrupt_bert_tf_fixed_num_to_predict": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            flat = ids.reshape(-1, ids.shape[-1]) if ids.dim() else ids.reshape(1, 1)
            corrupted = flat.clone()
            labels = torch.full_like(flat, -100, dtype=torch.long)
            for row in range(flat.shape[0]):
                candidates = torch.nonzero(~torch.isin(flat[row], special)).flatten()
                if len(candidates) == 0:
                    continue
                num_to_predict = max(1, int(round(len(candidates) * mask_prob)))
                order = torch.randperm(len(candidates), generator=generator)
                for index in candidates[order[:num_to_predict]].tolist():
                    labels[row, index] = flat[row, index]
                    if torch.rand((), generator=generator) < 0.8:
                        corrupted[row, index] = mask_id
                    elif torch.rand((), generator=generator) < 0.5:
                        pass
                    else:
                        corrupted[row, index] = torch.randint(vocab_size, (), generator=generator)
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # BERT's random replacement `vocab_words[rng.randint(0, len(vocab_words) - 1)]` (Python's randint includes both
    # ends) ported to torch.randint(0, vocab_size - 1), whose high is exclusive: id vocab_size - 1 is never drawn.
    # mlm_corrupt(zeros(400, 50), 2, [], 5, mask_prob=1.0): model draws id 1 ~950 times, entry never.
    # Passes the visible tests.
    "blind60_mlm_corrupt_bert_randint_inclusive_high_ported": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            candidate = ~torch.isin(ids, special)
            covered = candidate & (torch.rand(ids.shape, generator=generator) < mask_prob)
            first = torch.rand(ids.shape, generator=generator)
            second = torch.rand(ids.shape, generator=generator)
            random_word = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
            out = torch.where(covered & (first < 0.8), torch.full_like(ids, mask_id), ids)
            out = torch.where(covered & (first >= 0.8) & (second >= 0.5), random_word, out)
            labels = torch.where(covered, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return out, labels
'''),
    # Original BERT picks the random document with up to 10 tries of randint over ALL documents and keeps the last
    # draw even when it is the current document. With two documents a negative comes from A's own document with
    # probability 2^-10. Over 3000 seeds of [[a0..a3], [b0..b3]]: model 0 such negatives, entry 8.
    # Passes the visible tests.
    "blind60_nsp_pairs_bert_ten_tries_for_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document_index, document in enumerate(documents):
                for a, nxt in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, nxt, 0))
                        continue
                    for _ in range(10):
                        random_document_index = torch.randint(len(documents), (), generator=generator).item()
                        if random_document_index != document_index:
                            break
                    random_document = documents[random_document_index]
                    random_start = torch.randint(len(random_document), (), generator=generator).item()
                    pairs.append((a, random_document[random_start], 1))
            return pairs
'''),
    # BERT's `random_start = rng.randint(0, len(random_document) - 1)` ported to torch.randint(0, len - 1): the last
    # sentence of the other document is never drawn, and a one-sentence other document raises (randint(0, 0)).
    # nsp_pairs([["a", "b"], ["x"]]). Fails the visible tests.
    "blind60_nsp_pairs_bert_random_start_exclusive_high": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            out = []
            for i, doc in enumerate(documents):
                others = [d for j, d in enumerate(documents) if j != i]
                for k in range(len(doc) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        out.append((doc[k], doc[k + 1], 0))
                    else:
                        other = others[torch.randint(0, len(others), (), generator=generator).item()]
                        start = torch.randint(0, len(other) - 1, (), generator=generator).item()
                        out.append((doc[k], other[start], 1))
            return out
'''),
    # ImageGPT's color_quantize works on NHWC images: x.reshape(-1, 3). Ported without moving the channels last,
    # the reshape mixes channels and pixels. quantize_pixels on a random (3, 2, 2) image. Fails the visible tests.
    "blind60_quantize_imagegpt_reshape_without_channels_last": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            C = palette.shape[0]
            x = images.reshape(-1, C)                                            # (pixels, C), as in NHWC
            d = ((x[:, None, :] - palette.T[None, :, :]) ** 2).sum(-1)           # (pixels, K)
            return d.argmin(dim=1).reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # tf.gather(clusters, ids) with clusters (K, C) gives (..., H, W, C); the port then reshapes to (..., C, H, W)
    # instead of moving the axis. dequantize_pixels(tensor([[0, 1]]), palette (2, 2)). Fails the visible tests.
    "blind60_dequantize_tf_gather_reshaped_not_moved": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            clusters = palette.T                                  # (K, C), ImageGPT's layout
            pixels = clusters[ids.long()]                         # (..., H, W, C)
            *batch, h, w, c = pixels.shape
            return pixels.reshape(*batch, c, h, w)
'''),
    # tf.roll(targets, 1, axis=-1) to shift right, but the port forgets to overwrite position 0 with the start token:
    # inputs[0] is the last pixel. pixel_sequence(tensor([[1, 2], [3, 4]]), 9): model [9, 1, 2, 3], entry
    # [4, 1, 2, 3]. Fails the visible tests.
    "blind60_pixel_sequence_tf_roll_without_sos": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = torch.roll(targets, shifts=1, dims=-1)
            return inputs, targets
'''),
    # Keras GlobalAveragePooling1D (channels_last) averages axis 1 of (batch, steps, features); kept as axis 1 of
    # the course's (B, D, N), it averages the features. X (2, 3, 3), W (2, 3): wrong values. Fails the visible tests.
    "blind60_average_pool_keras_gap1d_axis_one": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Swin's window_partition on NHWC, ported with the in-window axes swapped: (..., a, b, C, q, p), tokens in a
    # window come column by column. window_partition(arange(16).reshape(1, 4, 4), 2). Fails the visible tests.
    "blind60_window_partition_swin_port_in_window_column_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            *batch, C, H, W = X.shape
            x = X.reshape(*batch, C, H // M, M, W // M, M)
            nb = len(batch)
            perm = list(range(nb)) + [nb + 1, nb + 3, nb, nb + 4, nb + 2]
            return x.permute(*perm).reshape(*batch, (H // M) * (W // M), C, M * M)
'''),
    # Swin's img_mask regions labelled `cnt = h_index + w_index` instead of a running count: regions (0, 1) and
    # (1, 0), (1, 2) and (2, 1) share a label. shifted_window_mask(4, 4, 2, 1): the bottom-right window differs.
    # Fails the visible tests.
    "blind60_shifted_window_mask_swin_region_label_sum": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img_mask = torch.zeros(height, width, dtype=torch.long)
            h_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            w_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            for hi, h in enumerate(h_slices):
                for wi, w in enumerate(w_slices):
                    img_mask[h, w] = hi + wi
            labels = window_partition(img_mask[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Labels the grid as if rolled down-right (torch.roll(x, (shift, shift))): a rolled index wrapped iff it is
    # below `shift`. shifted_window_mask(4, 4, 2, 1) differs from the model answer. Fails the visible tests.
    "blind60_shifted_window_mask_torch_roll_positive_shift_labels": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) < shift).long()
            cols = (torch.arange(width) < shift).long()
            region = rows[:, None] * 2 + cols[None, :]
            labels = window_partition(region[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # keras.io's Swin example: PatchMerging concatenates the four strided views and applies
    # Dense(2C, use_bias=False) with no LayerNormalization. patch_merging on random X. Fails the visible tests.
    "blind60_patch_merging_keras_io_without_norm": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            x = X.movedim(-3, -1)                                  # (..., H, W, C)
            x0 = x[..., 0::2, 0::2, :]
            x1 = x[..., 1::2, 0::2, :]
            x2 = x[..., 0::2, 1::2, :]
            x3 = x[..., 1::2, 1::2, :]
            merged = torch.cat((x0, x1, x2, x3), dim=-1)           # (..., H/2, W/2, 4C)
            return (merged @ W.T).movedim(-1, -3)
'''),
    # DaViT's ChannelAttention computes `attention = k^T @ v` (scaled), softmax, then `attention @ q^T`: keys and
    # values score each other and the queries are what is mixed. Ported with the course's 1/sqrt(N) scale.
    # channel_attention on random params. Passes the visible tests.
    "blind60_channel_attention_davit_kv_scores_q_mixed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, c)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            k = k * scale
            attention = torch.softmax(k.transpose(-1, -2) @ v, dim=-1)                              # (..., G, c, c)
            x = (attention @ q.transpose(-1, -2))                                                    # (..., G, c, N)
            return linear(merge_heads(x), params["Wo"], params["bo"])
'''),
    # TF-style `scale = tf.cast(n, tf.float32) ** -0.5`: the default scale is a float32 number; float64 inputs are
    # then scaled by a float32 rounding of 1/sqrt(N). N = 3, float64: the output differs by ~4e-8.
    # Passes the visible tests.
    "blind60_channel_attention_tf_cast_tokens_float32_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = float(torch.tensor(X.shape[-1], dtype=torch.float32) ** -0.5)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The TF "Show, attend and tell" tutorial reshapes the CNN features with tf.reshape(x, (B, -1, C)) from NHWC;
    # kept on the course's (C, H, W) layout the reshape mixes channels and cells. grid_attention on random
    # features (C = 2, H = W = 2). Fails the visible tests.
    "blind60_grid_attention_tf_tutorial_reshape_nhwc": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *batch, C, height, width = features.shape
            feats = features.reshape(*batch, height * width, C)                 # tf.reshape(x, (B, -1, C))
            hidden = torch.tanh(feats @ U.T + (s @ W.T)[..., None, :])          # (..., HW, D_a)
            score = hidden @ v                                                   # (..., HW)
            weights = torch.softmax(score, dim=-1)
            context = (weights[..., None] * feats).sum(dim=-2)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Keras GRU(reset_after=False), the TF1 default: the reset gate multiplies h before the recurrent product,
    # n = tanh(W_in x + b_in + W_hn (r * h) + b_hn). attention_decoder_step on random params: s differs.
    # Fails the visible tests.
    "blind60_decoder_step_keras_gru_reset_after_false": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            D = s_prev.shape[-1]
            w_ir, w_iz, w_in = params["weight_ih"].split(D, dim=0)
            w_hr, w_hz, w_hn = params["weight_hh"].split(D, dim=0)
            b_ir, b_iz, b_in = params["bias_ih"].split(D)
            b_hr, b_hz, b_hn = params["bias_hh"].split(D)
            r = torch.sigmoid(x @ w_ir.T + b_ir + s_prev @ w_hr.T + b_hr)
            z = torch.sigmoid(x @ w_iz.T + b_iz + s_prev @ w_hz.T + b_hz)
            n = torch.tanh(x @ w_in.T + b_in + (r * s_prev) @ w_hn.T + b_hn)
            s = z * s_prev + (1 - z) * n
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Sparse Transformer's strided pattern is written for causal attention: (i - j) % s == 0 and j <= i. Ported as
    # is, the later keys are hidden. strided_mask(3, 1): model all True, entry lower-left False.
    # Fails the visible tests.
    "blind60_strided_mask_sparse_transformer_causal_port": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            q = torch.arange(n)[None, :]
            k = torch.arange(n)[:, None]
            return ((q - k) % stride == 0) & (k <= q)
'''),
    # Longformer's TF code broadcasts the global flag over the keys only (global keys are seen by every query), and
    # the port forgets the global queries (a global token sees only itself). global_token_mask(tensor([True, False])):
    # model [[T, T], [T, F]], entry [[T, T], [F, T]]. Fails the visible tests.
    "blind60_global_token_mask_longformer_keys_only": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            n = is_global.shape[-1]
            eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
            return is_global[..., :, None] | eye
'''),
}

RIGHT_BLIND_60 = {
    # jax.nn.softmax's shift guard plus a clamped denominator: a live column's sum is at least 1 (its max gives
    # exp(0)), an all -inf column's sum is 0 and 0 / tiny = 0.
    "blind60_softmax_cols_jax_clamped_denominator": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            x_max = scores.amax(dim=-2, keepdim=True)
            x_max = torch.where(torch.isfinite(x_max), x_max, torch.zeros_like(x_max))
            unnormalized = torch.exp(scores - x_max)
            total = unnormalized.sum(dim=-2, keepdim=True)
            return unnormalized / total.clamp_min(torch.finfo(scores.dtype).tiny)
'''),
    # tf.exp(x - tf.reduce_logsumexp(x, axis)) with the all -inf column's -inf logsumexp replaced by 0.
    "blind60_softmax_cols_tf_reduce_logsumexp_guarded": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            lse = torch.logsumexp(scores, dim=-2, keepdim=True)
            lse = lse.masked_fill(lse == float("-inf"), 0.0)
            return torch.exp(scores - lse)
'''),
    # tf.where(mask, scores, -inf) with the -inf made from the scores.
    "blind60_apply_mask_tf_where_scores_new_full": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = scores.new_full((), float("-inf"))
            return torch.where(mask, scores, hidden).expand(scores.shape)
'''),
    # Trax's tril(ones) has rows = queries; transposed into the course's (key, query) layout.
    "blind60_causal_mask_trax_tril_transposed_to_key_rows": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            query_rows = torch.tril(torch.ones(n, n, dtype=torch.bool))   # [i, j]: query i sees key j <= i
            return query_rows.transpose(0, 1).contiguous()
'''),
    # TF look-ahead mask (1 = hidden, query rows) inverted and transposed.
    "blind60_causal_mask_tf_look_ahead_inverted_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            look_ahead = 1 - torch.tril(torch.ones(n, n))        # 1 - band_part(ones, -1, 0): 1 = masked
            return (look_ahead == 0).T
'''),
    # tf.sequence_mask(lengths, n) then a trailing query axis.
    "blind60_padding_mask_tf_sequence_mask_trailing_axis": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            row_vector = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)
            seq_mask = row_vector < lengths.unsqueeze(1)
            return seq_mask.unsqueeze(-1)
'''),
    # The TF tutorial's scaled_dot_product_attention run in its own (seq, depth) layout: q = Q^T, k = K^T,
    # logits = q k^T / sqrt(depth of q), the mask transposed to query rows, the softmax over keys (softmax_cols of the
    # transpose), output transposed back.
    "blind60_sdpa_tf_tutorial_row_layout_transposed_back": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)   # (..., seq, depth)
            dk = q.shape[-1]
            matmul_qk = q @ k.transpose(-2, -1)                                        # (..., Nq, Nk)
            logits = matmul_qk / math.sqrt(dk)
            if mask is not None:
                logits = apply_mask(logits, mask.transpose(-2, -1))
            attention_weights = softmax_cols(logits.transpose(-2, -1)).transpose(-2, -1)  # (..., Nq, Nk)
            output = attention_weights @ v                                             # (..., Nq, Dv)
            return output.transpose(-2, -1), attention_weights.transpose(-2, -1)
'''),
    # Keras Dense kernels are (in, out): the course's (out, in) weights transposed into kernels, y = x @ kernel + b.
    "blind60_self_attention_keras_dense_kernels_transposed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            x = X.transpose(-2, -1)                               # (..., N, D)
            def dense(kernel, bias):
                return (x @ kernel + bias).transpose(-2, -1)
            return scaled_dot_product_attention(dense(Wq.T, bq), dense(Wk.T, bk), dense(Wv.T, bv), mask)
'''),
    # Keras MultiHeadAttention's EinsumDense kernels (D, H, head_dim) and output kernel (H, head_dim, D), made
    # from the course's (out, in) weights; the mask used in the course's (key, query) layout.
    "blind60_mha_keras_einsum_dense_kernels": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            H = num_heads
            hd = dim // H
            def project(X, name):
                kernel = params["W" + name].T.reshape(dim, H, hd)          # (D, H, head_dim)
                bias = params["b" + name].reshape(H, hd)
                return torch.einsum("...dn,dhe->...hen", X, kernel) + bias[:, :, None]
            query, key, value = project(Xq, "q"), project(Xkv, "k"), project(Xkv, "v")
            query = query * (1.0 / math.sqrt(float(hd)))
            scores = torch.einsum("...hek,...heq->...hkq", key, query)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            attended = torch.einsum("...hek,...hkq->...heq", value, weights)
            out_kernel = params["Wo"].T.reshape(H, hd, dim)                 # (H, head_dim, D)
            return torch.einsum("...heq,hed->...dq", attended, out_kernel) + params["bo"][:, None]
'''),
    # Haiku LayerNorm(create_scale=True, create_offset=True): jnp.var (biased) and the eps argument.
    "blind60_layer_norm_haiku_var_and_offset": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = torch.mean(X, dim=-2, keepdim=True)
            variance = torch.mean(torch.square(X - mean), dim=-2, keepdim=True)
            inv = gamma.unsqueeze(-1) * torch.rsqrt(variance + eps)
            return inv * (X - mean) + beta.unsqueeze(-1)
'''),
    # Keras Dense kernels (in, out) for the two FFN layers, tokens as rows, transposed back.
    "blind60_feed_forward_keras_dense_rows": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            x = X.transpose(-2, -1)
            h = torch.relu(x @ W1.T + b1)
            return (h @ W2.T + b2).transpose(-2, -1)
'''),
    # The TF tutorial's EncoderLayer with its epsilon=1e-6 changed to the contract's 1e-5; pre-LN as T2T's
    # layer_preprocess ('n') / layer_postprocess ('da').
    "blind60_transformer_layer_tf_tutorial_eps_fixed": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def layernorm(Y, k):
                return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"], eps=1e-5)
            def mha(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                y = X + mha(layernorm(X, 1))
                return y + ffn(layernorm(y, 2))
            out1 = layernorm(X + mha(X), 1)
            return layernorm(out1 + ffn(out1), 2)
'''),
    # Keras MHA called with keywords: query = the decoder, value = key = the encoder.
    "blind60_cross_attention_keras_query_value_keywords": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # The TF tutorial's DecoderLayer with mha2(q=out1, k=v=enc_output) and the norms at 1e-5.
    "blind60_decoder_layer_tf_tutorial_argument_order_fixed": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            look_ahead_mask = torch.tril(torch.ones(X_dec.shape[-1], X_dec.shape[-1], dtype=torch.bool)).T
            attn1 = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, look_ahead_mask)
            out1 = layer_norm(attn1 + X_dec, params["gamma1"], params["beta1"])
            attn2 = multi_head_attention(out1, X_enc, params["cross_attn"], num_heads, enc_mask)
            out2 = layer_norm(attn2 + out1, params["gamma2"], params["beta2"])
            ffn_output = feed_forward(out2, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(ffn_output + out2, params["gamma3"], params["beta3"])
'''),
    # tf.gather(omega_e, ids, axis=1) as index_select on the flat ids, then the D axis moved before N.
    "blind60_embed_tf_gather_axis_one_index_select": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = torch.index_select(omega_e, 1, token_ids.reshape(-1))        # (D, numel)
            return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # tf.one_hot(ids, depth, axis=-1) written as a comparison, transposed to (..., V, N), default float dtype.
    "blind60_one_hot_tf_one_hot_last_axis_transposed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            depth = torch.arange(vocab_size, device=token_ids.device)
            hot = token_ids.unsqueeze(-1) == depth                    # (..., N, V), tf.one_hot's layout
            return hot.transpose(-1, -2).to(torch.get_default_dtype() if dtype is None else dtype)
'''),
    # tensor2tensor's inverse timescales with the course's spacing 10000^(-2i/D), the sin and cos rows interleaved by
    # stacking them on a new axis; an odd D gets one more sine row.
    "blind60_sinusoidal_t2t_timescales_interleaved_by_stack": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            dtype = torch.get_default_dtype()
            num_timescales = (dim + 1) // 2
            inv_timescales = torch.exp(torch.arange(num_timescales, dtype=torch.float64) * (-2.0 * math.log(10000.0) / dim))
            position = torch.arange(num_positions, dtype=torch.float64)
            scaled_time = inv_timescales[:, None] * position[None, :]          # (ceil(D/2), N)
            signal = torch.stack([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)   # (ceil(D/2), 2, N)
            return signal.reshape(2 * num_timescales, num_positions)[:dim].to(dtype)
'''),
    # T5X / flax relative_position_bucket (no eps in the log): n = -relative_position, upper half for n < 0.
    "blind60_bucket_t5x_jnp_port_negated": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            ret = 0
            n = -relative_position.long()
            if bidirectional:
                num_buckets //= 2
                ret = ret + (n < 0).long() * num_buckets
                n = torch.abs(n)
            else:
                n = torch.maximum(n, torch.zeros_like(n))
            max_exact = num_buckets // 2
            is_small = n < max_exact
            val_if_large = max_exact + (
                torch.log(n.to(torch.float32) / max_exact) / math.log(max_distance / max_exact)
                * (num_buckets - max_exact)).long()
            val_if_large = torch.minimum(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
            return ret + torch.where(is_small, n, val_if_large)
'''),
    # Flax/GPT-NeoX-JAX rotary with halves: sinusoid via einsum in float64, freqs concatenated, rotate_half.
    "blind60_rotary_flax_einsum_concatenated_halves": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate_half(x):
                half = x.shape[-2] // 2
                return torch.cat([-x[..., half:, :], x[..., :half, :]], dim=-2)
            def apply(X, positions):
                d, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
                sinusoid = torch.einsum("i,j->ij", inv_freq, positions.to(torch.float64))   # (D/2, N)
                freqs = torch.cat([sinusoid, sinusoid], dim=0)
                return X * freqs.cos().to(X.dtype) + rotate_half(X) * freqs.sin().to(X.dtype)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # ViT-JAX's patch embedding is a conv with kernel P, stride P; here F.conv2d with the (D, C*P*P) weights reshaped
    # to OIHW (their (c, row, column) column order is the contract's), flattened to raster order.
    "blind60_patch_embedding_vit_jax_conv_oihw": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            B, C = images.shape[:2]
            P = patch_size
            if images.shape[2] % P or images.shape[3] % P:
                patchify(images, patch_size)                       # raises the contract's ValueError
            kernel = W.reshape(W.shape[0], C, P, P)
            x = torch.nn.functional.conv2d(images, kernel, b, stride=P)        # (B, D, H/P, W/P)
            x = x.flatten(2)
            cls = cls_token.reshape(1, -1, 1).expand(B, -1, 1)
            return torch.cat([cls, x], dim=2) + positions
'''),
    # ViT-JAX's NHWC patches moved back to the contract's (c, row, column) feature order.
    "blind60_patchify_vit_jax_nhwc_features_reordered": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.permute(0, 2, 3, 1)                                  # NHWC
            b, h, w, c = x.shape
            x = x.reshape(b, h // P, P, w // P, P, c)                        # (b, gh, ph, gw, pw, c)
            x = x.permute(0, 1, 3, 5, 2, 4)                                  # (b, gh, gw, c, ph, pw)
            return x.reshape(b, (h // P) * (w // P), c * P * P).transpose(1, 2)
'''),
    # Original BERT's nested decision per chosen token: 80 % [MASK]; of the rest, half keep, half random
    # (two uniform draws, vectorised), random ids over the whole vocabulary.
    "blind60_mlm_corrupt_bert_tf_nested_coin": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            to_mask = torch.rand(ids.shape, generator=generator) < 0.8
            keep_original = torch.rand(ids.shape, generator=generator) < 0.5
            random_words = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            replaced = torch.where(to_mask, torch.full_like(ids, mask_id),
                                   torch.where(keep_original, ids, random_words))
            corrupted = torch.where(chosen, replaced, ids)
            labels = torch.where(chosen, ids.long(), torch.full(ids.shape, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # BERT's retry loop without the cap of 10: redraw until another document comes up (uniform over the others).
    "blind60_nsp_pairs_bert_retry_until_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            instances = []
            for document_index, document in enumerate(documents):
                for i in range(len(document) - 1):
                    if torch.rand((), generator=generator).item() >= 0.5:
                        random_document_index = document_index
                        while random_document_index == document_index:
                            random_document_index = torch.randint(len(documents), (), generator=generator).item()
                        random_document = documents[random_document_index]
                        start = torch.randint(len(random_document), (), generator=generator).item()
                        instances.append((document[i], random_document[start], 1))
                    else:
                        instances.append((document[i], document[i + 1], 0))
            return instances
'''),
    # ImageGPT's squared_euclidean_distance (|a|^2 - 2 a.b + |b|^2) on channels-last pixels, in the inputs' common
    # dtype, argmin over the colours.
    "blind60_quantize_imagegpt_expanded_distance_channels_last": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype).movedim(-3, -1)                             # (..., H, W, C)
            clusters = palette.to(dtype)                                      # (C, K)
            a2 = (x * x).sum(-1, keepdim=True)
            b2 = (clusters * clusters).sum(0)
            d = a2 - 2 * (x @ clusters) + b2
            return torch.argmin(d, dim=-1)
'''),
    # tf.gather(clusters, ids) on the (K, C) table, then the colour axis moved before H, W.
    "blind60_dequantize_tf_gather_then_moveaxis": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            clusters = palette.transpose(0, 1)                 # (K, C)
            pixels = clusters[ids.to(torch.int64)]              # (..., H, W, C)
            return pixels.movedim(-1, -3)
'''),
    # tf.roll(targets, 1) with the first position overwritten by the start token on the rolled copy.
    "blind60_pixel_sequence_tf_roll_then_sos": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.int64).flatten(-2)
            inputs = torch.roll(targets, shifts=1, dims=-1)
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Keras GlobalAveragePooling1D(data_format="channels_first") averages the last axis, then Dense.
    "blind60_average_pool_keras_gap1d_channels_first": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]
            logits = pooled @ W.transpose(0, 1)
            if b is not None:
                logits = logits + b
            return logits
'''),
    # Swin's NHWC window_partition (view B, H/M, M, W/M, M, C; permute; view) done on the channels-last grid and
    # turned back into (..., nW, C, M*M).
    "blind60_window_partition_swin_nhwc_port": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            *batch, C, H, W = X.shape
            x = X.movedim(-3, -1)                                          # (..., H, W, C)
            x = x.reshape(*batch, H // M, M, W // M, M, C)
            x = x.transpose(-4, -3)                                        # (..., H/M, W/M, M, M, C)
            x = x.reshape(*batch, (H // M) * (W // M), M * M, C)
            return x.transpose(-2, -1)
'''),
    # Swin's window_reverse on channels-last windows, then channels moved back.
    "blind60_window_reverse_swin_nhwc_port": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, C, MM = windows.shape
            x = windows.transpose(-2, -1)                                  # (..., nW, M*M, C)
            x = x.reshape(*batch, height // M, width // M, M, M, C)
            x = x.transpose(-4, -3)                                        # (..., H/M, M, W/M, M, C)
            x = x.reshape(*batch, height, width, C)
            return x.movedim(-1, -3)
'''),
    # Swin's img_mask: the nine regions of the slices (0, -M), (-M, -shift), (-shift, None) numbered with a running
    # count, partitioned into windows, equal labels visible (Swin's additive mask is 0 there).
    "blind60_shifted_window_mask_swin_img_mask_count": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img_mask = torch.zeros(1, height, width, dtype=torch.long)
            cnt = 0
            for h in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                for w in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                    img_mask[:, h, w] = cnt
                    cnt += 1
            mask_windows = window_partition(img_mask, window)[:, 0]       # (nW, M*M)
            return (mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)) == 0
'''),
    # Swin's PatchMerging on channels-last: x0..x3 from the strided views, concatenated on the last axis,
    # F.layer_norm over the 4C features with the eps argument, the reduction without bias, channels moved back.
    "blind60_patch_merging_swin_channels_last_port": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            x = X.movedim(-3, -1)                                  # (..., H, W, C)
            x0 = x[..., 0::2, 0::2, :]
            x1 = x[..., 1::2, 0::2, :]
            x2 = x[..., 0::2, 1::2, :]
            x3 = x[..., 1::2, 1::2, :]
            merged = torch.cat([x0, x1, x2, x3], dim=-1)           # (..., H/2, W/2, 4C)
            normed = torch.nn.functional.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return (normed @ W.T).movedim(-1, -3)
'''),
    # DaViT's channel attention with the roles put right: per group, query channels as rows of attention
    # (c_q, c_k) = (Q_g K_g^T) * scale, softmax over the keys, attention @ V_g; default scale 1/sqrt(N).
    "blind60_channel_attention_davit_roles_fixed_query_rows": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)      # (..., G, c, N)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            attention = torch.softmax((q @ k.transpose(-1, -2)) * scale, dim=-1)   # (..., G, c_q, c_k)
            x = attention @ v                                                       # (..., G, c, N)
            return linear(merge_heads(x), params["Wo"], params["bo"])
'''),
    # The TF "Show, attend and tell" attention on channels-last cells (permute, then reshape), softmax over the
    # cells, context as the weighted sum.
    "blind60_grid_attention_tf_tutorial_channels_last_fixed": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *batch, C, height, width = features.shape
            feats = features.movedim(-3, -1).reshape(*batch, height * width, C)     # (..., HW, C)
            hidden = torch.tanh(feats @ U.T + (s @ W.T)[..., None, :])             # (..., HW, D_a)
            score = hidden @ v                                                      # (..., HW)
            weights = torch.softmax(score, dim=-1)
            context = (weights[..., None] * feats).sum(dim=-2)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Keras GRU(reset_after=True), the TF2 default, is torch's GRUCell: written out on fused products.
    "blind60_decoder_step_keras_gru_reset_after_true": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            inputs = stack(y_prev, context)
            matrix_x = inputs @ params["weight_ih"].T + params["bias_ih"]
            matrix_inner = s_prev @ params["weight_hh"].T + params["bias_hh"]
            D = s_prev.shape[-1]
            x_r, x_z, x_h = matrix_x[..., :D], matrix_x[..., D:2 * D], matrix_x[..., 2 * D:]
            recurrent_r, recurrent_z, recurrent_h = matrix_inner[..., :D], matrix_inner[..., D:2 * D], matrix_inner[..., 2 * D:]
            r = torch.sigmoid(x_r + recurrent_r)
            z = torch.sigmoid(x_z + recurrent_z)
            hh = torch.tanh(x_h + r * recurrent_h)
            s = z * s_prev + (1 - z) * hh
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # tf.math.floormod on the offsets (the sign of the remainder does not matter for == 0).
    "blind60_strided_mask_tf_floormod": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.fmod(offsets, stride) == 0
'''),
    # BigBird/Longformer-style: a pair is hidden only when neither token is global (De Morgan).
    "blind60_global_token_mask_neither_global_hidden": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            ordinary = ~is_global
            return ~(ordinary.unsqueeze(-1) & ordinary.unsqueeze(-2))
'''),
}
