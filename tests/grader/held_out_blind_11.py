"""Twelfth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md and docs/learners.md, README.md, the course registry (course/registry.py),
the stubs (exercises/*.py), the learner-visible tests (exercises/tests/, run only as `pytest
exercises/tests/test_<module>.py --target <package>`), the model answers (solutions/), after reading the nine earlier
blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_9.py) for their
docstrings, entry names and "counted right" comments, so as to repeat none of their names or ideas and to respect
the decisions they record; nothing else under grader/ or tests/, not docs/grading.md, and not the batch written
alongside this one (held_out_blind_10.py) was opened, listed, grepped or run. The public projects the entries port
(minGPT, nanoGPT, the Annotated Transformer, Hugging Face's BERT/GPT-2/ViT/Swin/ImageGPT/T5/BART modelling code and
generation loop, timm, fairseq, lucidrains' vit-pytorch, d2l, Mesh TensorFlow, GPT-NeoX, Megatron, Longformer,
BigBird, openai/sparse_attention, Google BERT's create_pretraining_data, Sennrich et al.'s BPE snippet, the PyTorch
seq2seq tutorial) were recalled from memory, not consulted.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind11/pk/<name>/: a copy
of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests (visible.py); each wrong entry's comment says whether it passes them (28 of the 55 do). Each wrong entry's
recorded input was run on the model answer and on the entry and the difference printed (demos.py): a value, a
shape, a dtype, an exception or a missing ValueError, a mutated argument, a random stream or a distribution (by
frequencies), a stale cached result. Each right entry agrees with the model answer on batteries (check.py):
float32 and float64 (float64 to 1e-10 of the result's scale, float32 to 2e-5); no, one and two batch axes; N = 1;
N_q != N_k (and N_d != N_e); masks random, shared by a batch, as padding (B, N_k, 1), causal, and with fully masked
queries (including an all-False mask); Xq and Xkv the same tensor or not; the inputs made non-contiguous;
gradients with respect to every float input and weight (float64); the contract's ValueErrors; arguments unmodified;
output dtypes; the whole battery run twice (state between calls). generate was compared draw for draw with seeded
generators, the contexts the model saw included; beam_search on 8,640 battery cases (tied logits among them) plus
14,400 searches over random prefix models; mlm_corrupt by exact per-draw properties (specials never chosen,
labels, unchanged positions, dtypes, seeded reproducibility with the global RNG reseeded) and frequencies over
200,000 positions (|z| < 4.5). Every right entry passes the visible tests.

Emphasis: ports of well-known public code into the course's convention (tokens are columns; attention is
V softmax_cols(K^T Q / sqrt(D)); scores (N_k, N_q)). Wrong ones are the slips such a port makes: a layout
half-translated (Hugging Face's logits[:, -1, :] read as the last ROW, ImageGPT's reshape(-1, 3) on channels-first
pixels, HF Swin's concat axis turned into axis 1, ConvNeXt's channels-first dim 1, a mask put through .T, an
einops batch fold transposed whole); the source's constants where the contract says otherwise (T5's missing
1/sqrt(d), ConvNeXt's eps 1e-6, Swin's shift_size = M // 2, T5's decoder default bidirectional=False,
NeoX's rotary_pct, Google's max_predictions_per_seq, HF's strictly positive temperature, BART's GELU, timm's
qkv_bias=False); a feature the contract has that the source lacks (HF's _unmask_unattended and d2l's -1e6 for
fully masked queries, d2l's valid_lens for non-prefix masks, an extended key mask from the first query, fairseq's
folded mask without broadcasting, a packed projection chosen by shape, Megatron's per-head [k; v] layout, GPT-NeoX
positions sliced by length, BigBird's leading globals); and the composite functions' stage order (pre-LN halves,
ViT's layernorm_before/after misread, GPT-2's always-causal block, nanoGPT's GELU MLP in one branch, the decoder's
cross block keyed on the mask, BART's dropout left in training mode, the Annotated Transformer's mask batch axis,
finished hypotheses merged after the running beams, an eos step left unscored, HF's eos padding, HF's random
words laid over the masks, Google's consumed successor, Sennrich's regex without re.escape or its lookbehind, GPT-2's
pre-tokenizer). Right ones are faithful ports meeting the whole contract in those projects' styles (packed
in-projections, the Annotated Transformer translated, functional multi_head_attention_forward without weights,
fairseq's bmm with the mask broadcast first, HF's unmask-then-rezero, ViT/BERT layers, torch's square subsequent
mask transposed, fairseq's top-p scatter, minGPT's and HF's loops, Swin's HF mask and channels-last merging,
timm's row-layout channel attention, the tutorial's Bahdanau rows, Mesh TF's buckets, Llama's rotate_half on rows,
cdist without the matmul expansion, Sennrich's escaped regex). One entry written as wrong is counted right, with
its reason (blind11_right_beam_search_finished_beam_repeated_per_token).
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_11 = {
    # ------------------------------------------------------------------ multihead
    # nanoGPT's CausalSelfAttention ported onto F.scaled_dot_product_attention with its is_causal=True kept for the
    # no-mask case (a given mask is passed transposed, correctly). The contract's mask=None means every key is visible.
    # Differs on X = randn(4, 3) (seed 1), random params (seed 2), H = 2, no mask: output column 0 about 0.8 off (query
    # 0 sees only key 0). Fails the visible tests (test_two_heads_by_hand).
    "blind11_mha_nanogpt_sdpa_is_causal_default": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    F = torch.nn.functional
    # nanoGPT's CausalSelfAttention: (B, nh, T, hs) rows, then F.scaled_dot_product_attention(..., is_causal=True)
    q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads).transpose(-2, -1)
    k = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads).transpose(-2, -1)
    v = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads).transpose(-2, -1)
    if mask is None:
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    else:
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask.unsqueeze(-3).transpose(-2, -1))
    return linear(merge_heads(y.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # PyTorch's _in_projection_packed decides between the packed self-attention projection and the separate ones by `q
    # is k`; this port tests Xq.shape == Xkv.shape, so a cross-attention call whose query and key/value sequences have
    # the same shape projects keys and values from Xq. Differs on Xq = randn(4, 3) (seed 1), Xkv = randn(4, 3) (seed 3),
    # random params, H = 2: about 1.4 off. Passes the visible tests.
    "blind11_mha_packed_in_projection_when_shapes_equal": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    if Xq.shape == Xkv.shape:
        # PyTorch's _in_projection_packed: one packed projection for self-attention (it tests `q is k`)
        W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
        b = torch.cat([params["bq"], params["bk"], params["bv"]])
        Q, K, V = linear(Xq, W, b).chunk(3, dim=-2)
    else:
        Q = linear(Xq, params["Wq"], params["bq"])
        W = torch.cat([params["Wk"], params["Wv"]])
        b = torch.cat([params["bk"], params["bv"]])
        K, V = linear(Xkv, W, b).chunk(2, dim=-2)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                            split_heads(V, num_heads), mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # d2l's masked_softmax fills hidden scores with -1e6: a query whose mask column is all False gets uniform weights
    # over every key, so its output is Wo mean(V) + bo instead of bo (contract: such a query sees no key). Differs on X
    # = randn(4, 3), H = 2, a (3, 3) mask whose column 1 is all False: output column 1 is not bo, about 2 off. Passes
    # the visible tests.
    "blind11_mha_d2l_masked_softmax_fill_minus_1e6": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    import math
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        # d2l's masked_softmax: sequence_mask(X, valid_lens, value=-1e6), then softmax
        scores = scores.masked_fill(~mask.unsqueeze(-3), -1e6)
    return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # fairseq's one (bsz * num_heads) axis for bmm, with the mask reshaped to (-1, N_k, N_q) and repeated per head
    # without first broadcasting it to the batch: a mask shared by a batch (or a padding mask (B, N_k, 1)) no longer
    # lines up. Differs on X = randn(2, 4, 3) with the causal mask (3, 3), H = 2: RuntimeError instead of the (2, 4, 3)
    # output (and a RuntimeError for any (B, N_k, 1) padding mask). Passes the visible tests (their masked case is
    # unbatched).
    "blind11_mha_fairseq_mask_folded_without_broadcast": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    *batch, dim, n_q = Xq.shape
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    n_k = Xkv.shape[-1]
    head_dim = dim // num_heads
    # fairseq: one (bsz * num_heads) axis for bmm
    q = linear(Xq, params["Wq"], params["bq"]).reshape(-1, head_dim, n_q)
    k = linear(Xkv, params["Wk"], params["bk"]).reshape(-1, head_dim, n_k)
    v = linear(Xkv, params["Wv"], params["bv"]).reshape(-1, head_dim, n_k)
    if mask is not None:
        mask = mask.reshape(-1, n_k, n_q).repeat_interleave(num_heads, dim=0)   # one mask per (batch, head)
    out, _ = scaled_dot_product_attention(q, k, v, mask)
    return linear(out.reshape(*batch, dim, n_q), params["Wo"], params["bo"])
'''),
    # Megatron's fused key_value layout read from a torch-style cat([Wk, Wv]): the (2D, N) projection is viewed as
    # (heads, 2, D/H, N), a [k; v] pair per head, whereas the stacked weights hold all keys first. Right for one head;
    # with H = 2 head 0's values are head 1's keys. Differs on X = randn(4, 3), random params, H = 2: about 0.6 off.
    # Fails the visible tests (test_two_heads_by_hand).
    "blind11_mha_megatron_fused_kv_per_head_layout": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    kv = linear(Xkv, torch.cat([params["Wk"], params["Wv"]]), torch.cat([params["bk"], params["bv"]]))
    # Megatron's fused key_value: viewed as (..., heads, 2, head_dim, N), a [k; v] pair per head
    kv = kv.reshape(*kv.shape[:-2], num_heads, 2, head_dim, kv.shape[-1])
    K, V = kv[..., 0, :, :], kv[..., 1, :, :]
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The pre-LN branch is nanoGPT's Block with its MLP (c_fc, GELU, c_proj) written inline, the post-LN branch the
    # lecture's layer with the ReLU feed_forward: the contract's FFN is ReLU in both. Differs on X = randn(4, 3), random
    # layer params (D = 4, F = 6), H = 2, norm_first=True: about 0.34 off (post-LN equal). Passes the visible tests
    # (their pre-LN check has zero FFN weights, and GELU(0) = 0).
    "blind11_transformer_layer_nanogpt_block_gelu_mlp": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attn(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    if norm_first:
        # nanoGPT's Block: x = x + attn(ln_1(x)); x = x + mlp(ln_2(x)), MLP = c_fc, GELU, c_proj
        X = X + attn(layer_norm(X, params["gamma1"], params["beta1"]))
        hidden = torch.nn.functional.gelu(linear(layer_norm(X, params["gamma2"], params["beta2"]), params["W1"],
                                                 params["b1"]))
        return X + linear(hidden, params["W2"], params["b2"])
    X = layer_norm(X + attn(X), params["gamma1"], params["beta1"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), params["gamma2"],
                      params["beta2"])
'''),
    # Half-converted pre-LN: the attention sub-block is pre-LN, the FFN sub-block keeps the post-LN form LN2(X + FFN(X))
    # (contract: X + FFN(LN2(X))). Differs on X = randn(4, 3), random params, H = 2, norm_first=True: about 3.5 off.
    # Fails the visible tests (test_pre_ln_keeps_the_residual_stream).
    "blind11_transformer_layer_prenorm_ffn_left_post_ln": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    def norm1(Y):
        return layer_norm(Y, params["gamma1"], params["beta1"])

    def norm2(Y):
        return layer_norm(Y, params["gamma2"], params["beta2"])

    if norm_first:
        X = X + attend(norm1(X))
        X = norm2(X + think(X))          # the FFN sub-block still in its post-LN form
    else:
        X = norm1(X + attend(X))
        X = norm2(X + think(X))
    return X
'''),
    # Hugging Face ViTLayer for pre-LN with its norms mapped by name: layernorm_before (used before the attention) taken
    # as gamma2/beta2 and layernorm_after as gamma1/beta1, so LN1 and LN2 swap parameters (the BERT-style post-LN branch
    # is right). Differs on X = randn(4, 3), random params with gamma1 != gamma2, H = 2, norm_first=True: about 0.9 off.
    # Passes the visible tests (their gammas are all ones).
    "blind11_transformer_layer_vit_layernorm_before_after_misread": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attention(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def mlp(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        # Hugging Face ViTLayer, its two norms mapped by name: "layernorm_after" read as the norm after the
        # attention (gamma1), "layernorm_before" as the one before the MLP (gamma2)
        layernorm_before = (params["gamma2"], params["beta2"])
        layernorm_after = (params["gamma1"], params["beta1"])
        hidden_states = attention(layer_norm(X, *layernorm_before)) + X
        return mlp(layer_norm(hidden_states, *layernorm_after)) + hidden_states
    # BertLayer: attention.output.LayerNorm (1), output.LayerNorm (2)
    attention_output = layer_norm(attention(X) + X, params["gamma1"], params["beta1"])
    return layer_norm(mlp(attention_output) + attention_output, params["gamma2"], params["beta2"])
'''),
    # Hugging Face config confusion: attention_head_size = D // num_heads is passed where the head COUNT goes. The two
    # agree when D = H^2 (D = 4, H = 2, the visible tests' size). Differs on X = randn(8, 3), random params (D = 8, F =
    # 6), H = 2: 4 heads of width 2 instead of 2 of width 4, about 0.24 off; and D = 4, H = 3 gives a result (1 head)
    # instead of the ValueError. Passes the visible tests.
    "blind11_transformer_layer_head_size_passed_as_head_count": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    # Hugging Face config: attention_head_size = hidden_size // num_attention_heads
    attention_head_size = X.shape[-2] // num_heads

    def attend(Y):
        return multi_head_attention(Y, Y, params, attention_head_size, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ConvNeXt's channels_first LayerNorm (Hugging Face and timm), statistics over dim 1, the channel axis of (B, C,
    # ...): right for one batch axis (B, D, N), but for an unbatched (D, N) it normalises each feature over the tokens,
    # and with two batch axes over the second batch axis. Differs on X = [[1, 3], [10, 20], [0, 1]] (D = 3, N = 2),
    # gamma = 1, beta = 0: every row becomes [-1, 1]. Fails the visible tests (test_layer_norm_normalises_columns).
    "blind11_layer_norm_convnext_channels_first_dim_one": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    # ConvNeXt's LayerNorm(data_format="channels_first"): statistics over dim 1, the channels of (B, C, ...)
    u = X.mean(1, keepdim=True)
    s = (X - u).pow(2).mean(1, keepdim=True)
    x = (X - u) / torch.sqrt(s + eps)
    return gamma[:, None] * x + beta[:, None]
'''),
    # ------------------------------------------------------------------ cross_attention
    # Hugging Face's `if encoder_hidden_states is not None:` guard around the cross-attention block ported as `if
    # enc_mask is not None:`: without an encoder mask the decoder never reads the encoder (and LN2 is skipped). Differs
    # on X_dec = randn(4, 3), X_enc = randn(4, 5), random params, H = 2, enc_mask=None: about 1.2 off. Fails the visible
    # tests (test_decoder_layer_reads_the_encoder).
    "blind11_decoder_layer_cross_block_keyed_on_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    # Hugging Face: `if encoder_hidden_states is not None:` -- here keyed on the encoder mask
    if enc_mask is not None:
        read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
        X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # BartDecoderLayer's nn.functional.dropout(hidden_states, p=self.dropout, training=self.training) ported without the
    # training argument, whose default is True: p = 0.1 dropout on every call. Differs on any input, e.g. X_dec =
    # randn(4, 3), X_enc = randn(4, 5), H = 2: about 0.5 off, and two calls differ from each other. Fails the visible
    # tests (test_decoder_layer_is_causal_and_respects_padding).
    "blind11_decoder_layer_bart_functional_dropout_training": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    F = torch.nn.functional
    dropout = 0.1                       # BartConfig.dropout; F.dropout's training argument defaults to True
    residual = X_dec
    hidden_states = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal_mask(X_dec.shape[-1]))
    hidden_states = F.dropout(hidden_states, p=dropout)
    hidden_states = layer_norm(residual + hidden_states, params["gamma1"], params["beta1"])
    residual = hidden_states
    hidden_states = cross_attention(hidden_states, X_enc, params["cross_attn"], num_heads, enc_mask)
    hidden_states = F.dropout(hidden_states, p=dropout)
    hidden_states = layer_norm(residual + hidden_states, params["gamma2"], params["beta2"])
    residual = hidden_states
    hidden_states = feed_forward(hidden_states, params["W1"], params["b1"], params["W2"], params["b2"])
    hidden_states = F.dropout(hidden_states, p=dropout)
    return layer_norm(residual + hidden_states, params["gamma3"], params["beta3"])
'''),
    # The third sub-block in pre-LN form, X + FFN(LN3(X)), after two post-LN ones (contract: LN3(X + FFN(X)), as
    # nn.TransformerDecoderLayer(norm_first=False)). Differs on X_dec = randn(4, 3), X_enc = randn(4, 5), random params,
    # H = 2: about 2 off. Passes the visible tests.
    "blind11_decoder_layer_ffn_block_pre_ln": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    normed = layer_norm(X, params["gamma3"], params["beta3"])
    return X + feed_forward(normed, params["W1"], params["b1"], params["W2"], params["b2"])
'''),
    # The Annotated Transformer's subsequent_mask(size) is (1, size, size); transposed into the course layout but with
    # its leading batch axis kept, the mask adds a batch dimension of its own, so an unbatched decoder gets a (1, D,
    # N_d) result. Differs on X_dec = randn(4, 3), X_enc = randn(4, 5), H = 2: shape (1, 4, 3) instead of (4, 3)
    # (batched inputs agree). Fails the visible tests (test_decoder_layer_reads_the_encoder).
    "blind11_decoder_layer_annotated_subsequent_mask_batch_axis": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    def subsequent_mask(size):
        # The Annotated Transformer: attn_shape = (1, size, size); triu(ones, 1) == 0, rows are queries
        return torch.triu(torch.ones((1, size, size)), diagonal=1).type(torch.uint8) == 0

    tgt_mask = subsequent_mask(X_dec.shape[-1]).transpose(-2, -1)      # the course's (key, query) layout
    X = X_dec
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, tgt_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # Hugging Face's AttentionMaskConverter._unmask_unattended: a query that sees no key is allowed to see every key (to
    # keep SDPA kernels free of NaN), so it gets the mean of the values, not bo. Differs on X_dec = randn(2, 4, 3),
    # X_enc = randn(2, 4, 5), H = 2, enc_mask = padding_mask(tensor([5, 0]), 5): sequence 1 (no encoder tokens) is about
    # 2.2 off bo; sequence 0 agrees. Passes the visible tests.
    "blind11_cross_attention_hf_unmask_unattended": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None:
        # Hugging Face's AttentionMaskConverter._unmask_unattended: a query that sees no key is let attend to
        # every key (the memory-efficient SDPA path would return NaN for it)
        full = enc_mask.expand(*enc_mask.shape[:-2], X_enc.shape[-1], X_dec.shape[-1])
        enc_mask = full | ~full.any(dim=-2, keepdim=True)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # T5Attention's scores are not divided by sqrt(d) (T5 folds the scale into its initialisation); ported as is, the
    # course's 1/sqrt(D/H) is missing. Right for head width 1. Differs on X_dec = randn(4, 3), X_enc = randn(4, 5),
    # random params, H = 2 (width 2): about 0.1 off. Passes the visible tests.
    "blind11_cross_attention_t5_unscaled_scores": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear
    from .masking import apply_mask
    from .multihead import merge_heads, split_heads
    from .softmax import softmax_cols
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q          # T5Attention: no 1/sqrt(d) (folded into the initialisation)
    if enc_mask is not None:
        scores = apply_mask(scores, enc_mask.unsqueeze(-3))
    return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ sampling
    # Hugging Face's TemperatureLogitsWarper check ('temperature has to be a strictly positive float'): temperature 0,
    # the contract's greedy case, raises. Differs on next_token_probs(tensor([1, 3, 3, 0.5]), 0): ValueError instead of
    # [0, 1, 0, 0]. Fails the visible tests (test_temperature_zero_is_greedy_with_ties_to_the_lowest_id).
    "blind11_next_token_probs_hf_temperature_strictly_positive": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    # Hugging Face's TemperatureLogitsWarper: "`temperature` has to be a strictly positive float"
    if not temperature > 0:
        raise ValueError(f"`temperature` has to be a strictly positive float, but is {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    probs = torch.softmax(logits / temperature, dim=-1)
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # nanoGPT's top-k, logits[logits < v[:, [-1]]] = -inf, written into the logits in place (with exactly k kept), and
    # the division by the temperature skipped when it is 1: then the in-place fill lands in the CALLER's logits
    # (contract: arguments unchanged). Differs on next_token_probs(logits = tensor([1, 3, 2, 0.5]), 1.0, 2): the
    # probabilities agree, but the caller's logits become [-inf, 3, 2, -inf]. Passes the visible tests.
    "blind11_next_token_probs_nanogpt_top_k_fill_in_place": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    if temperature != 1.0:
        logits = logits / temperature          # nanoGPT: logits = logits[:, -1, :] / temperature
    if top_k is not None:
        order = torch.sort(logits, descending=True, stable=True).indices
        logits[order[top_k:]] = float("-inf")  # nanoGPT: logits[logits < v[:, [-1]]] = -float('Inf')
    probs = torch.softmax(logits, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Hugging Face's per-sequence padding after eos (next_tokens * unfinished + pad_token_id * (1 - unfinished), pad =
    # eos for GPT-2) kept, its stop once every sequence is finished dropped: the result runs to max_new_tokens with
    # trailing eos. Differs on the greedy cycle 0 -> 1 -> 2 -> 3, prompt [0], max_new_tokens 6, temperature 0, eos_id 2:
    # [0, 1, 2, 2, 2, 2, 2] instead of [0, 1, 2]. Fails the visible tests (test_greedy_generation_and_eos).
    "blind11_generate_hf_pads_finished_with_eos": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    unfinished = True
    for _ in range(max_new_tokens):
        if not unfinished:
            # Hugging Face: next_tokens * unfinished + pad_token_id * (1 - unfinished), pad_token_id = eos_token_id
            next_id = torch.tensor([eos_id], dtype=ids.dtype)
        else:
            context = ids if context_size is None else ids[-context_size:]
            probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
            next_id = torch.multinomial(probs, 1, generator=generator)
            if eos_id is not None and int(next_id) == eos_id:
                unfinished = False
        ids = torch.cat([ids, next_id.to(ids.dtype)])
    return ids
'''),
    # Hugging Face's outputs.logits[:, -1, :] (the last position is the last ROW of (B, N, V)) ported as
    # model(context)[-1]: in the course's (V, N) layout that is the last vocabulary entry's scores over the positions,
    # so the next id is drawn among the positions. Differs on the greedy cycle mod 5, prompt [0, 1], 3 tokens,
    # temperature 0: [0, 1, 0, 0, 0] instead of [0, 1, 2, 3, 4]. Fails the visible tests
    # (test_greedy_generation_and_eos).
    "blind11_generate_hf_last_position_as_last_row": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        next_token_logits = model(context)[-1]        # Hugging Face: outputs.logits[:, -1, :]
        probs = next_token_probs(next_token_logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # A candidate that ends in eos is given the beam's score WITHOUT the eos token's log-probability ('the hypothesis
    # ends here'); the contract scores a beam by its summed log-probabilities, eos included. Differs on a model with p(.
    # | [0]) = [.6, .3, .1 (eos)] and then [.9, .05, .05], beam 2, 2 steps, eos_id 2: returns [0, 2] instead of [0, 0,
    # 0]. Fails the visible tests (test_beam_search_beats_greedy).
    "blind11_beam_search_eos_step_not_scored": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                if token == eos_id:
                    candidates.append((score, extended, True))     # the hypothesis ends here: its score is final
                else:
                    candidates.append((score + log_prob, extended, False))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # ------------------------------------------------------------------ swin
    # Hugging Face's SwinPatchMerging concatenates on -1, the channel axis of (B, H, W, C); translated to 'the channel
    # axis of (B, C, H, W)', axis 1: right for exactly one batch axis. Differs on X = randn(2, 4, 4) (C = 2, unbatched),
    # random gamma, beta, W: RuntimeError instead of (4, 2, 2). Fails the visible tests (test_patch_merging_order).
    "blind11_patch_merging_hf_concat_axis_translated_to_one": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    # Hugging Face SwinPatchMerging on (B, H, W, C): torch.cat([x0, x1, x2, x3], -1), the channel axis;
    # the channels of a (B, C, H, W) grid are axis 1
    x0 = X[..., 0::2, 0::2]
    x1 = X[..., 1::2, 0::2]
    x2 = X[..., 0::2, 1::2]
    x3 = X[..., 1::2, 1::2]
    merged = torch.cat([x0, x1, x2, x3], 1)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ConvNeXt's downsampling LayerNorm(eps=1e-6) carried into the default (contract: eps=1e-5). Differs when eps is not
    # given, e.g. X = 0.01 * randn(2, 4, 4) (seed 1), random gamma, beta, W: about 0.47 off (equal when eps=1e-5 is
    # passed). Passes the visible tests.
    "blind11_patch_merging_convnext_downsample_eps_default": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-6):
    # ConvNeXt's downsampling LayerNorm(eps=1e-6) default carried over
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The four block views stacked on a new axis after the channels, torch.stack(..., dim=-3), and flattened: the 4C
    # features come channel-major (c0: TL, BL, TR, BR; c1: ...) instead of block-major (TL: c0..cC-1; BL: ...). Right
    # for one channel. Differs on X = randn(2, 2, 2) (C = 2), random gamma, beta, W: about 1.3 off. Passes the visible
    # tests (one channel there).
    "blind11_patch_merging_stacked_blocks_channel_major": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    blocks = torch.stack([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    merged = blocks.flatten(-4, -3)           # (..., C, 4, H/2, W/2) -> (..., 4C, H/2, W/2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Swin's shift_size = window_size // 2 for the shifted blocks: any shift > 0 is replaced by M // 2. Right when the
    # shift is M // 2 (window 2, shift 1, the visible tests). Differs on shifted_window_mask(4, 4, 4, 1): 92 of the 256
    # entries differ, e.g. [0, key 1, query 2] True in the contract, False here. Passes the visible tests.
    "blind11_shifted_mask_swin_shift_size_half_window": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    if shift > 0:
        shift = window // 2          # Swin: shift_size = 0 if (i % 2 == 0) else window_size // 2
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ davit
    # timm's ChannelAttention(dim, num_heads, qkv_bias=False): the query, key and value projections without bq, bk, bv
    # (the output projection keeps bo). Differs on X = randn(4, 3), random params, G = 2: about 0.67 off. Passes the
    # visible tests.
    "blind11_channel_attention_timm_qkv_bias_false": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    # timm's ChannelAttention(dim, num_heads=8, qkv_bias=False): qkv = nn.Linear(dim, 3 * dim, bias=False)
    Q = split_heads(params["Wq"] @ X, num_groups)
    K = split_heads(params["Wk"] @ X, num_groups)
    V = split_heads(params["Wv"] @ X, num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # timm's ChannelAttention in its row layout with the course's roles, but the final x.transpose(1, 2).reshape(B, N,
    # C) written without the transpose: (..., G, N, C/G) reshaped straight to (..., N, C) mixes groups and tokens. Right
    # for one group. Differs on X = randn(4, 3), random params, G = 2: about 0.8 off. Fails the visible tests
    # (test_explicit_scale).
    "blind11_channel_attention_timm_merge_without_head_transpose": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    # timm's ChannelAttention in its own row layout, x (..., N, C)
    x = X.transpose(-2, -1)
    batch = x.shape[:-2]
    W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
    b = torch.cat([params["bq"], params["bk"], params["bv"]])
    qkv = (x @ W.T + b).reshape(*batch, tokens, 3, num_groups, channels // num_groups)
    q, k, v = qkv.movedim(-3, 0).transpose(-3, -2).unbind(0)          # (..., G, N, C/G) each
    attention = (q.transpose(-1, -2) * scale) @ k                      # (..., G, query channel, key channel)
    attention = attention.softmax(dim=-1)
    x = (attention @ v.transpose(-1, -2)).transpose(-1, -2)            # (..., G, N, C/G)
    x = x.reshape(*batch, tokens, channels)                            # timm: x.transpose(1, 2).reshape(B, N, C)
    return (x @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # d2l's AdditiveAttention takes valid_lens; the port turns the boolean mask into valid_lens = mask.sum(-1) and shows
    # the first valid_lens positions: exact for prefix (padding) masks only. Differs on s = randn(3), H = randn(4, 5),
    # random W, U, v, mask [T, F, T, F, F]: positions 0 and 1 get the weight instead of 0 and 2. Fails the visible tests
    # (test_mask_and_a_fully_hidden_state).
    "blind11_additive_attention_d2l_valid_lens_from_mask": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    query = (s @ W.T).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
    if mask is not None:
        # d2l's AdditiveAttention takes valid_lens: the first valid_lens positions are visible
        valid_lens = mask.sum(dim=-1)
        positions = torch.arange(scores.shape[-1])
        scores = scores.masked_fill(positions >= valid_lens.unsqueeze(-1), float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # ------------------------------------------------------------------ pretraining
    # A tokenizer's special_tokens_mask for one encoded sequence ([CLS] first, [SEP] last) stands in for the special
    # ids: positions 0 and N-1 are never chosen, whatever they hold, and special ids elsewhere can be. Differs on ids
    # [5, 0, 6, 7, 0, 8], vocab 10, special_ids [0], mask_id 9, mask_prob 1: labels [-100, 0, 6, 7, 0, -100] instead of
    # [5, -100, 6, 7, -100, 8]. Fails the visible tests (test_mask_prob_one_chooses_every_ordinary_token).
    "blind11_mlm_special_positions_first_and_last": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    # the tokenizer's special_tokens_mask for one encoded sequence: [CLS] first, [SEP] last
    eligible = torch.ones(ids.shape, dtype=torch.bool)
    eligible[..., 0] = False
    eligible[..., -1] = False
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # DataCollatorForLanguageModeling.torch_mask_tokens ported without `& ~indices_replaced` on the random-word line:
    # half of ALL chosen tokens, [MASK]ed ones included, get a random word, so about 40 % [MASK], 50 % random, 10 %
    # unchanged (contract: 80/10/10). Differs on ids = full((1000, 100), 5), vocab 50, mask_id 1, mask_prob 1: [MASK]
    # fraction 0.41 instead of 0.80. Fails the visible tests (test_eighty_ten_ten).
    "blind11_mlm_hf_random_words_overwrite_masks": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    # DataCollatorForLanguageModeling.torch_mask_tokens with a generator
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    probability_matrix = torch.full(ids.shape, mask_prob)
    probability_matrix.masked_fill_(torch.isin(ids, special), 0.0)
    masked_indices = torch.bernoulli(probability_matrix, generator=generator).bool()
    labels = torch.where(masked_indices, ids.long(), IGNORE)
    inputs = ids.clone()
    indices_replaced = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & masked_indices
    inputs[indices_replaced] = mask_id
    indices_random = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & masked_indices
    random_words = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    inputs[indices_random] = random_words[indices_random]
    return inputs, labels
'''),
    # Google BERT's create_pretraining_data flag max_predictions_per_seq = 20: at most 20 chosen positions per sequence
    # (contract: every non-special position chosen independently with probability mask_prob). Differs on ids = full((4,
    # 200), 5), mask_prob 0.5: 20 chosen per row instead of about 100. Passes the visible tests.
    "blind11_mlm_google_max_predictions_per_seq": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    max_predictions_per_seq = 20              # Google BERT's create_pretraining_data flag
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    chosen = chosen & (chosen.long().cumsum(dim=-1) <= max_predictions_per_seq)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # Google's create_instances_from_document puts the unused segments back after a random next; this port does not, so
    # after a random pair the real successor is skipped and the document yields fewer examples (contract: one example
    # per sentence with a successor). Differs on documents [[a1, a2, a3, a4], [b1, b2]] with the generator seeded 0: 3
    # examples (a3 never appears as A) instead of 4. Fails the visible tests (test_nsp_pairs_structure).
    "blind11_nsp_google_random_next_consumes_successor": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        k = 0
        while k < len(document) - 1:
            a = document[k]
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, document[k + 1], 0))
                k += 1
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
                k += 2                      # create_instances_from_document: the real successor was not used
    return pairs
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Hugging Face's SwinPatchEmbeddings.maybe_pad: the image is padded right and bottom up to a multiple of P instead
    # of the contract's ValueError. Differs on images randn(1, 1, 3, 4), P = 2: patches (1, 4, 4) instead of ValueError.
    # Fails the visible tests (test_size_must_be_a_multiple_of_the_patch).
    "blind11_patchify_swin_maybe_pad": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    P = patch_size
    batch, channels, height, width = images.shape
    # Hugging Face SwinPatchEmbeddings.maybe_pad: pad right and bottom up to a multiple of the patch size
    pad_h, pad_w = (P - height % P) % P, (P - width % P) % P
    if pad_h or pad_w:
        images = torch.nn.functional.pad(images, (0, pad_w, 0, pad_h))
        height, width = height + pad_h, width + pad_w
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # lucidrains' current vit-pytorch patch embedding, Rearrange -> LayerNorm(patch_dim) -> Linear -> LayerNorm(dim),
    # with its two (unit, zero-shift) layer norms kept: the contract's patch embedding is W @ patches + b only. Differs
    # on images randn(1, 1, 4, 4), P = 2, D = 3, random W, b, cls, positions: about 2.8 off. Fails the visible tests
    # (test_patch_embedding_by_hand).
    "blind11_patch_embedding_vit_pytorch_patch_layernorms": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    F = torch.nn.functional
    patches = patchify(images, patch_size)                                   # (B, C*P*P, N)
    # vit-pytorch: Rearrange, nn.LayerNorm(patch_dim), nn.Linear(patch_dim, dim), nn.LayerNorm(dim)
    patches = F.layer_norm(patches.transpose(1, 2), (patches.shape[1],)).transpose(1, 2)
    tokens = linear(patches, W, b)
    tokens = F.layer_norm(tokens.transpose(1, 2), (tokens.shape[1],)).transpose(1, 2)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ positions
    # T5's decoder calls _relative_position_bucket with bidirectional=not is_decoder; the port's default is the
    # decoder's False (contract: bidirectional=True). Differs on relative_position_bucket(tensor([-3, -1, 0, 1, 3])):
    # [3, 1, 0, 0, 0] instead of [3, 1, 0, 17, 19]. Fails the visible tests (test_buckets_near_the_query).
    "blind11_bucket_decoder_default_unidirectional": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=False, num_buckets=32, max_distance=128):
    # T5Attention._relative_position_bucket as the decoder calls it: bidirectional=not self.is_decoder
    offset = relative_position.long()
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
    # GPT-NeoX / Pythia's partial rotary, rotary_ndims = int(head_size * rotary_pct) with rotary_pct = 0.25: only the
    # first D/4 rows are rotated (paired within them), the rest pass through (contract: all D rows, pairs i and i +
    # D/2). Differs on Q, K = randn(8, 3) (seed 1): rows 2..7 of Q' are left as they were, about 0.74 off. Fails the
    # visible tests (test_rotary_two_dimensions).
    "blind11_rotary_neox_rotary_pct_quarter": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    rotary_pct = 0.25                        # GPT-NeoX / Pythia: rotary_ndims = int(head_size * rotary_pct)

    def rotate(X, positions):
        rotary_ndims = int(X.shape[-2] * rotary_pct) // 2 * 2
        if rotary_ndims == 0:
            return X
        rotated = rotate_columns(X[..., :rotary_ndims, :], positions, base)
        return torch.cat([rotated, X[..., rotary_ndims:, :]], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # GPT-NeoX's RotaryEmbedding.forward(x, seq_len) returns cos_cached[:seq_len], sin_cached[:seq_len]: positions are
    # always 0 .. N - 1, and explicit positions_q / positions_k are ignored. Differs on Q, K = randn(4, 3) (seed 1) with
    # positions_q = tensor([5, 0, 9]): Q' about 1.9 off (default positions agree). Fails the visible tests
    # (test_rotary_two_dimensions).
    "blind11_rotary_neox_cache_sliced_by_length": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate(X):
        # GPT-NeoX RotaryEmbedding.forward(x, seq_len): cos_cached[:seq_len], sin_cached[:seq_len]
        dim, seq_len = X.shape[-2], X.shape[-1]
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
        t = torch.arange(seq_len, dtype=torch.float64)
        freqs = inv_freq[:, None] * t[None, :]
        cos, sin = freqs.cos().to(X.dtype), freqs.sin().to(X.dtype)
        x1, x2 = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-2)

    return rotate(Q), rotate(K)
'''),
    # The angle table built from base ** (2i / D) -- the wavelengths -- instead of inv_freq = base ** (-2i / D): equal
    # only for the first pair. Differs on Q, K = randn(4, 3) (seed 1), default positions and base: Q' about 0.4 off.
    # Fails the visible tests (test_rotary_pairs_rows_i_and_i_plus_half).
    "blind11_rotary_wavelengths_for_inverse_frequencies": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        freq = base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)    # "freq", not inv_freq
        angles = freq[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # Hugging Face's ImageGPT color_quantize does x.reshape(-1, 3) on channels-LAST images; ported as images.reshape(-1,
    # C) on the course's channels-first (..., C, H, W), each 'pixel' takes C consecutive values of one channel plane.
    # Right for one channel. Differs on a 1 x 3 image of pixels (1, 0), (3, 1), (1, 3) with the palette of exactly those
    # colours: [[2, 0, 2]] instead of [[0, 1, 2]]. Fails the visible tests (test_each_pixel_gets_its_nearest_colour).
    "blind11_quantize_hf_reshape_on_channels_first": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("the channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    channels = images.shape[-3]
    # Hugging Face ImageGPTImageProcessor.color_quantize: x = x.reshape(-1, 3) on channels-last images
    pixels = images.to(dtype).reshape(-1, channels)
    distances = (pixels[:, :, None] - palette.to(dtype)[None]).square().sum(dim=1)
    return distances.argmin(dim=1).reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # minGPT's CharDataset shift, x = dix[:-1], y = dix[1:], applied to the pixel ids: no start token, and both
    # sequences one shorter. Differs on [[1, 2, 3], [4, 5, 6]], sos_id 9: ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) instead of
    # ([9, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6]). Fails the visible tests
    # (test_pixel_sequence_is_raster_order_shifted_by_one).
    "blind11_pixel_sequence_mingpt_chunk_shift": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    chunk = ids.long().reshape(*ids.shape[:-2], -1)
    return chunk[..., :-1], chunk[..., 1:]          # minGPT's CharDataset: x = dix[:-1], y = dix[1:]
'''),
    # ------------------------------------------------------------------ sparse_attention
    # openai/sparse_attention's get_attn_mask ends with tf.cast(mask, tf.float32): a float 0/1 mask (contract:
    # BoolTensor). Differs on strided_mask(3, 2): float32 [[1, 0, 1], [0, 1, 0], [1, 0, 1]] instead of the bool mask
    # (and apply_mask rejects it). Fails the visible tests (test_strided_mask_by_hand).
    "blind11_strided_mask_openai_float_mask": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    # openai/sparse_attention get_attn_mask: q = range(n)[:, None], k = range(n)[None, :], then
    # mask = tf.cast(c, tf.float32)
    q = torch.arange(n)[:, None]
    k = torch.arange(n)[None, :]
    return (torch.remainder(q - k, stride) == 0).to(torch.float32)
'''),
    # BigBird's ITC layout puts the global tokens first: the port counts the global flags and opens the FIRST that many
    # positions, wherever the flags are. Differs on is_global [F, T, F, F]: row 1 (key 1) [T, F, F, F] instead of all
    # True. Fails the visible tests (test_global_token_mask_by_hand).
    "blind11_global_token_mask_bigbird_leading_globals": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    # BigBird's ITC layout: the first num_global_tokens positions are the global ones
    num_global = is_global.sum(dim=-1, keepdim=True)
    leading = torch.arange(is_global.shape[-1]) < num_global
    return leading.unsqueeze(-1) | leading.unsqueeze(-2)
'''),
    # ------------------------------------------------------------------ bpe
    # Sennrich et al.'s learn-BPE snippet (get_stats, merge_vocab with (?<!\S) ... (?!\S)) with re.escape left out: a
    # pair holding a regex metacharacter matches other symbols ('.' matches any). Differs on train_bpe('xa.a .a .a', 3):
    # [('.', 'a'), ('.a', '</w>'), ('.a', '.a</w>')] instead of [('.', 'a'), ('.a', '</w>'), ('x', 'a')] -- 'x a' was
    # merged into '.a'. Passes the visible tests (letters only).
    "blind11_train_bpe_sennrich_snippet_unescaped": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    import collections
    import re
    words = split_words(corpus, "corpus")
    vocab = {}
    for word in words:
        key = " ".join(word)
        vocab[key] = vocab.get(key, 0) + 1
    merges = []
    for _ in range(num_merges):
        pairs = collections.defaultdict(int)          # get_stats
        for word, freq in vocab.items():
            symbols = word.split()
            for i in range(len(symbols) - 1):
                pairs[symbols[i], symbols[i + 1]] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        bigram = " ".join(best)                       # merge_vocab, without re.escape
        p = re.compile(r"(?<!\\S)" + bigram + r"(?!\\S)")
        joined = "".join(best)
        vocab = {p.sub(lambda match: joined, word): freq for word, freq in vocab.items()}
    return merges
'''),
    # A lowercasing normaliser in front of training (a tokenizers pipeline with normalizers.Lowercase()): the contract's
    # words are corpus.split() as given. Differs on train_bpe('Hello hello HELLO', 1): [('h', 'e')] instead of [('e',
    # 'l')]. Passes the visible tests.
    "blind11_train_bpe_normaliser_lowercases": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    corpus = corpus.lower()              # a tokenizers pipeline's normalizers.Lowercase() in front of training
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Merges replayed with Sennrich's regex, escaped, but without its (?<!\S) lookbehind: 'a b' then also matches the
    # tail of a symbol ending in 'a'. Differs on bpe_encode('xab', [('x', 'a'), ('a', 'b')]): ['xab', '</w>'] instead of
    # ['xa', 'b', '</w>']. Passes the visible tests.
    "blind11_bpe_encode_regex_without_lookbehind": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    import re
    words = split_words(text, "text")
    tokens = []
    for word in words:
        w = " ".join(word)
        for pair in merges:
            p = re.compile(re.escape(" ".join(pair)) + r"(?!\\S)")    # Sennrich's (?<!\\S) left out
            joined = "".join(pair)
            w = p.sub(lambda match: joined, w)
        tokens.extend(w.split(" "))
    return tokens
'''),
    # GPT-2's pre-tokenizer (contractions, letter runs, digit runs, other symbols) in place of text.split(): punctuation
    # and "'t" become words of their own. Differs on bpe_encode("don't go,", []): ['d', 'o', 'n', '</w>', "'", 't',
    # '</w>', 'g', 'o', '</w>', ',', '</w>'] instead of ['d', 'o', 'n', "'", 't', '</w>', 'g', 'o', ',', '</w>']. Passes
    # the visible tests.
    "blind11_bpe_encode_gpt2_pretokenizer": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    import re
    split_words(text, "text")                           # the "</w>" check
    # GPT-2's pre-tokenizer (contractions, letters, digits, other symbols), Python re spelling
    pieces = re.findall(r"'(?:s|t|re|ve|m|ll|d)|[^\\W\\d_]+|\\d+|[^\\s\\w]+|_+", text)
    tokens = []
    for piece in pieces:
        symbols = list(piece) + [END_OF_WORD]
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # ------------------------------------------------------------------ more ports (multihead, layers, sampling, ...)
    # Hugging Face's extended attention mask is one (B, N_k) key mask broadcast over every query; this port builds it
    # from the course mask's first query column, mask[..., :, :1]. Exact for padding masks (B, N_k, 1), wrong for any
    # mask whose columns differ. Differs on X = randn(4, 3), H = 2 with the causal mask: column 0 agrees, column 2
    # (which should see keys 0..2) sees key 0 only, about 0.8 off. Passes the visible tests (they check column 0 under
    # the causal mask).
    "blind11_mha_hf_extended_mask_from_first_query": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    if mask is not None:
        # Hugging Face's get_extended_attention_mask: one (B, N_k) key mask broadcast over every query,
        # (B, 1, 1, N_k) -- here read from the mask's first query column
        mask = mask[..., :, :1]
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # GPT-2's Block for the pre-LN branch, whose attention is causal by construction (the registered bias buffer): the
    # causal mask is AND-ed into every pre-LN call, so mask=None does not mean 'every key visible' there. Differs on X =
    # randn(4, 3), random params, H = 2, norm_first=True, no mask: about 1.5 off (the last column, which sees everything
    # either way, agrees). Passes the visible tests (their pre-LN masked check is causal).
    "blind11_transformer_layer_gpt2_block_always_causal_prenorm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    from .masking import causal_mask

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        # GPT-2's Block (ln_1, attn, + residual, ln_2, mlp, + residual); its attention's bias buffer makes it causal
        causal = causal_mask(X.shape[-1])
        block_mask = causal if mask is None else mask & causal
        normed = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(normed, normed, params, num_heads, block_mask)
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # BartDecoderLayer's activation_fn = gelu (BartConfig.activation_function) in the decoder's FFN; the contract's
    # decoder layer is nn.TransformerDecoderLayer with ReLU. Differs on X_dec = randn(4, 3), X_enc = randn(4, 5), random
    # params, H = 2: about 0.08 off. Passes the visible tests (zero FFN weights there, GELU(0) = 0).
    "blind11_decoder_layer_bart_gelu_activation": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    # BartDecoderLayer: fc1, activation_fn (BartConfig.activation_function = "gelu"), fc2
    hidden = torch.nn.functional.gelu(linear(X, params["W1"], params["b1"]))
    return layer_norm(X + linear(hidden, params["W2"], params["b2"]), params["gamma3"], params["beta3"])
'''),
    # The eos test written `next_id.item() is eos_id`, the identity test beside `is not None`: CPython caches the small
    # ints -5..256, so it works for small ids and never fires for larger ones. Differs on a greedy cycle over V = 400
    # ids, prompt [297], max_new_tokens 6, temperature 0, eos_id 299: [297, ..., 303] instead of [297, 298, 299]. Passes
    # the visible tests (small eos ids).
    "blind11_generate_eos_compared_by_identity": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and next_id.item() is eos_id:      # `is`, as in the `is not None` beside it
            break
    return ids
'''),
    # Hugging Face keeps finished hypotheses apart from the running beams; this port merges them back in AFTER the
    # running candidates before the stable sort, so a finished beam loses a score tie to a later beam's extension
    # (contract: ties to the earlier beam). Differs on V = 3, eos 2, prompt [0], p(.|[0]) = [.4, .4, .2], p(.|[0,0]) =
    # [.25, .25, .5], p(.|[0,1]) = [.5, .5, 0], p(.|[0,1,0]) = [1, 0, 0] (others uniform), beam 2, 3 steps: [0, 1, 0, 0]
    # instead of [0, 0, 2] (equal scores log .4 + log .5). Passes the visible tests.
    "blind11_beam_search_finished_hypotheses_merged_last": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        running, done = [], []
        for score, ids, finished in beams:
            if finished:
                done.append((score, ids, True))             # Hugging Face keeps finished hypotheses apart
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                running.append((score + log_prob, extended, token == eos_id))
        candidates = running + done                         # ... and merges them in after the running beams
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # The scores always divided by sqrt(N) (attention's 1/sqrt(d) with the tokens as features) and an explicit scale
    # multiplied in on top, DaViT's self.scale 'as well' (contract: an explicit scale replaces the default). Differs on
    # X = randn(4, 3), random params, G = 2, scale=0.5: about 0.17 off (the default agrees, and scale=0 gives zero
    # scores either way). Passes the visible tests.
    "blind11_channel_attention_explicit_scale_on_top_of_default": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = K @ Q.transpose(-2, -1) / math.sqrt(tokens)     # attention's 1/sqrt(d), d = N here
    if scale is not None:
        scores = scores * scale                                # DaViT's self.scale, applied as well
    weights = softmax_cols(scores)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Bahdanau decoders compute Ua(keys) once per source sentence; this port caches U @ H per encoder tensor (the entry
    # holds H, so ids are not reused) without U in the key: a later call on the same H with other U reads the stale keys
    # (and attention_decoder_step inherits it). Differs on additive_attention(s, H, W, U, v) then additive_attention(s,
    # H, W, U2, v) (s = randn(3), H = randn(4, 5), U2 another randn(5, 4)): the second call's weights about 0.34 off.
    # Passes the visible tests.
    "blind11_additive_attention_processed_keys_cached": ("rnn_attention", "additive_attention", '''
_PROCESSED_KEYS = {}


def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    # Bahdanau decoders compute Ua(keys) once per source sentence, outside the decoding loop: kept per encoder
    # output (the entry holds H itself, so its id is not reused)
    entry = _PROCESSED_KEYS.get(id(H))
    if entry is None or entry[0] is not H:
        entry = (H, U @ H)
        _PROCESSED_KEYS[id(H)] = entry
    processed_keys = entry[1]
    scores = (v.unsqueeze(-1) * torch.tanh(processed_keys + (s @ W.T).unsqueeze(-1))).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # rearrange('b c (h p1) (w p2) -> (b h w) (c p1 p2)') -- one patch per row, the batch folded in -- then
    # rows.T.reshape(B, C*P*P, N): the transpose puts every image's patches side by side before the batch is split off,
    # so images mix. Right for one image. Differs on arange(32).reshape(2, 1, 4, 4), P = 2: image 0's first column [0,
    # 16, 1, 17] instead of [0, 1, 4, 5]. Passes the visible tests (one image each).
    "blind11_patchify_einops_batch_folded_rows_transposed": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    # einops: rearrange(images, 'b c (h p1) (w p2) -> (b h w) (c p1 p2)'), one patch per row, then the
    # rows turned into columns and the batch split off again
    rows = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    rows = rows.reshape(batch * (height // P) * (width // P), channels * P * P)
    return rows.T.reshape(batch, channels * P * P, -1)
'''),
    # Annotated-Transformer-style rows port (tokens as rows, scores (N_q, N_k)) that turns the course mask into the
    # rows' layout with mask.T: right for a 2-D mask, but .T reverses every axis of a batched mask. Differs on X =
    # randn(2, 4, 3), H = 2 with a random (2, 3, 3) mask: RuntimeError instead of the output (a padding mask (2, 3, 1)
    # fails too). Passes the visible tests.
    "blind11_mha_rows_port_mask_dot_T": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    import math
    from .softmax import softmax_cols
    d_model = Xq.shape[-2]
    if d_model % num_heads != 0:
        raise ValueError(f"the model width D={d_model} must be divisible by num_heads={num_heads}")
    d_k = d_model // num_heads

    def project(X, W, b):
        # the Annotated Transformer's lin(x).view(nbatches, -1, h, d_k).transpose(1, 2) on the tokens as rows
        rows = X.transpose(-2, -1) @ W.transpose(-2, -1) + b
        return rows.reshape(*rows.shape[:-1], num_heads, d_k).transpose(-3, -2)

    query = project(Xq, params["Wq"], params["bq"])
    key = project(Xkv, params["Wk"], params["bk"])
    value = project(Xkv, params["Wv"], params["bv"])
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)                   # (..., h, N_q, N_k)
    if mask is not None:
        scores = scores.masked_fill(~mask.T.unsqueeze(-3), float("-inf"))       # the mask in the rows' (N_q, N_k)
    p_attn = softmax_cols(scores.transpose(-2, -1)).transpose(-2, -1)
    x = (p_attn @ value).transpose(-3, -2)
    x = x.reshape(*x.shape[:-2], d_model)
    return (x @ params["Wo"].transpose(-2, -1) + params["bo"]).transpose(-2, -1)
'''),
}

RIGHT_BLIND_11 = {
    # ------------------------------------------------------------------ multihead
    # PyTorch's _in_projection_packed: one packed [Wq; Wk; Wv] projection when Xq is Xkv (the same tensor), a packed
    # [Wk; Wv] one otherwise, chunked back on the row axis: the same rows as three projections, and the identity test
    # only picks which product computes them.
    "blind11_right_mha_torch_in_projection_packed": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    # PyTorch's _in_projection_packed: one packed projection when query and key are the same tensor,
    # a packed key/value projection otherwise
    if Xq is Xkv:
        W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
        b = torch.cat([params["bq"], params["bk"], params["bv"]])
        Q, K, V = linear(Xq, W, b).chunk(3, dim=-2)
    else:
        Q = linear(Xq, params["Wq"], params["bq"])
        W = torch.cat([params["Wk"], params["Wv"]])
        b = torch.cat([params["bk"], params["bv"]])
        K, V = linear(Xkv, W, b).chunk(2, dim=-2)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                            split_heads(V, num_heads), mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The Annotated Transformer's MultiHeadedAttention translated: tokens as rows, view(..., h, d_k).transpose
    # (contiguous head rows), scores (N_q, N_k), the course mask transposed into that layout with mT (batched transpose)
    # and -inf instead of -1e9, the course's softmax over the keys so that a query that sees nothing gets zeros (and
    # bo).
    "blind11_right_mha_annotated_transformer_translated": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    import math
    from .softmax import softmax_cols
    d_model = Xq.shape[-2]
    if d_model % num_heads != 0:
        raise ValueError(f"the model width D={d_model} must be divisible by num_heads={num_heads}")
    d_k = d_model // num_heads

    def project(X, W, b):
        # lin(x).view(nbatches, -1, h, d_k).transpose(1, 2), the tokens as rows
        rows = X.transpose(-2, -1) @ W.transpose(-2, -1) + b
        return rows.reshape(*rows.shape[:-1], num_heads, d_k).transpose(-3, -2)      # (..., h, N, d_k)

    query = project(Xq, params["Wq"], params["bq"])
    key = project(Xkv, params["Wk"], params["bk"])
    value = project(Xkv, params["Wv"], params["bv"])
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)                          # (..., h, N_q, N_k)
    if mask is not None:
        # the Annotated Transformer fills -1e9; -inf here, and the course's softmax zeroes a query that sees nothing
        scores = scores.masked_fill(~mask.transpose(-2, -1).unsqueeze(-3), float("-inf"))
    p_attn = softmax_cols(scores.transpose(-2, -1)).transpose(-2, -1)               # over the keys
    x = p_attn @ value                                                               # (..., h, N_q, d_k)
    x = x.transpose(-3, -2)
    x = x.reshape(*x.shape[:-2], d_model)                                            # (..., N_q, D)
    return (x @ params["Wo"].transpose(-2, -1) + params["bo"]).transpose(-2, -1)
'''),
    # timm's qkv.reshape(B, N, 3, heads, head_dim) as stacked weights (3, H, D/H, D) contracted by einsum: head h of Q
    # is rows h*D/H .. of Wq X + bq, exactly the split_heads layout.
    "blind11_right_mha_timm_stacked_qkv_einsum": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads
    # timm's qkv.reshape(B, N, 3, num_heads, head_dim): the stacked weights split (3, heads, head_dim, D)
    W = torch.stack([params["Wq"], params["Wk"], params["Wv"]]).reshape(3, num_heads, head_dim, dim)
    b = torch.stack([params["bq"], params["bk"], params["bv"]]).reshape(3, num_heads, head_dim, 1)
    Q = torch.einsum("hed,...dn->...hen", W[0], Xq) + b[0]
    K = torch.einsum("hed,...dn->...hen", W[1], Xkv) + b[1]
    V = torch.einsum("hed,...dn->...hen", W[2], Xkv) + b[2]
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # torch.nn.functional.multi_head_attention_forward with need_weights=False (the fused SDPA path, which gives a fully
    # masked query zero attention, hence bo), separate projection weights, inputs folded to (L, B, E), the mask
    # expanded, transposed, inverted (True = NOT allowed there) and repeated per head in batch-major order.
    "blind11_right_mha_functional_forward_without_weights": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    *batch, dim, n_q = Xq.shape
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    n_k = Xkv.shape[-1]
    # torch.nn.functional.multi_head_attention_forward: (L, N, E) inputs, attn_mask True = NOT allowed,
    # (N * num_heads, L, S); need_weights=False runs the scaled_dot_product_attention kernel
    query = Xq.reshape(-1, dim, n_q).permute(2, 0, 1)
    key = Xkv.reshape(-1, dim, n_k).permute(2, 0, 1)
    attn_mask = None
    if mask is not None:
        full = mask.expand(*batch, n_k, n_q).reshape(-1, n_k, n_q)
        attn_mask = ~full.transpose(-2, -1).repeat_interleave(num_heads, dim=0)
    out, _ = torch.nn.functional.multi_head_attention_forward(
        query, key, key, dim, num_heads, None, torch.cat([params["bq"], params["bk"], params["bv"]]), None, None,
        False, 0.0, params["Wo"], params["bo"], training=False, need_weights=False, attn_mask=attn_mask,
        use_separate_proj_weight=True, q_proj_weight=params["Wq"], k_proj_weight=params["Wk"],
        v_proj_weight=params["Wv"])
    return out.permute(1, 2, 0).reshape(*batch, dim, n_q)
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Hugging Face's ViTLayer for pre-LN (layernorm_before = LN1, layernorm_after = LN2, residuals after attention and
    # MLP) and BertLayer for post-LN (LayerNorm(dense + input) twice), with functional dropout in eval mode
    # (training=False), which is the identity.
    "blind11_right_transformer_layer_hf_vit_and_bert_layers": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    F = torch.nn.functional

    def attention(hidden_states):
        return multi_head_attention(hidden_states, hidden_states, params, num_heads, mask)

    def intermediate(hidden_states):                 # dense + act ("relu" here)
        return torch.relu(linear(hidden_states, params["W1"], params["b1"]))

    def dropout(hidden_states):                      # hidden_dropout_prob, in eval mode
        return F.dropout(hidden_states, p=0.1, training=False)

    if norm_first:
        # ViTLayer: layernorm_before -> attention -> + residual; layernorm_after -> MLP -> + residual
        hidden_states = dropout(attention(layer_norm(X, params["gamma1"], params["beta1"]))) + X
        layer_output = intermediate(layer_norm(hidden_states, params["gamma2"], params["beta2"]))
        return dropout(linear(layer_output, params["W2"], params["b2"])) + hidden_states
    # BertLayer: BertSelfOutput = LayerNorm(dropout(attention) + input), BertOutput likewise around the FFN
    attention_output = layer_norm(dropout(attention(X)) + X, params["gamma1"], params["beta1"])
    layer_output = dropout(linear(intermediate(attention_output), params["W2"], params["b2"]))
    return layer_norm(layer_output + attention_output, params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # fairseq's encoder-decoder MultiheadAttention: q scaled by head_dim ** -0.5 after its bias (the same scores up to
    # rounding), batch and heads folded into one bmm axis with reshape, the encoder mask broadcast to (..., heads, N_e,
    # N_d) before folding, -inf fill and the course's softmax.
    "blind11_right_cross_attention_fairseq_encoder_attn_bmm": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear
    from .softmax import softmax_cols
    *batch, embed_dim, tgt_len = X_dec.shape
    if embed_dim % num_heads != 0:
        raise ValueError(f"the model width D={embed_dim} must be divisible by num_heads={num_heads}")
    src_len = X_enc.shape[-1]
    head_dim = embed_dim // num_heads
    scaling = head_dim ** -0.5
    # fairseq's MultiheadAttention(encoder_decoder_attention=True): q scaled after its bias, one bsz*heads axis
    q = (linear(X_dec, params["Wq"], params["bq"]) * scaling).reshape(-1, head_dim, tgt_len)
    k = linear(X_enc, params["Wk"], params["bk"]).reshape(-1, head_dim, src_len)
    v = linear(X_enc, params["Wv"], params["bv"]).reshape(-1, head_dim, src_len)
    attn_weights = torch.bmm(k.transpose(1, 2), q)                       # (bsz * heads, src_len, tgt_len)
    if enc_mask is not None:
        full = enc_mask.expand(*batch, src_len, tgt_len).unsqueeze(-3)
        full = full.expand(*batch, num_heads, src_len, tgt_len).reshape(-1, src_len, tgt_len)
        attn_weights = attn_weights.masked_fill(~full, float("-inf"))
    attn = torch.bmm(v, softmax_cols(attn_weights))                       # (bsz * heads, head_dim, tgt_len)
    return linear(attn.reshape(*batch, embed_dim, tgt_len), params["Wo"], params["bo"])
'''),
    # Hugging Face's _unmask_unattended (a query that sees nothing may see everything) followed by zeroing that query's
    # attention output before Wo: the output is then bo, as the contract wants; every other query's mask is untouched.
    # The zeroing multiplies by a constant 0/1 factor, so gradients agree too.
    "blind11_right_cross_attention_unmask_unattended_then_rezeroed": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    sees_any = None
    if enc_mask is not None:
        # Hugging Face's _unmask_unattended (a query that sees nothing attends everywhere), and afterwards its
        # attention output is zeroed, as the contract wants for such a query
        full = enc_mask.expand(*enc_mask.shape[:-2], X_enc.shape[-1], X_dec.shape[-1])
        sees_any = full.any(dim=-2, keepdim=True)                          # (..., 1, N_d)
        enc_mask = (full | ~sees_any).unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, enc_mask)
    attended = merge_heads(heads)
    if sees_any is not None:
        attended = attended * sees_any
    return linear(attended, params["Wo"], params["bo"])
'''),
    # torch.nn.TransformerDecoderLayer's _sa_block / _mha_block / _ff_block with
    # Transformer.generate_square_subsequent_mask (float, -inf above the diagonal, rows = queries) turned into the
    # course's boolean (key, query) mask by == 0 AND a transpose -- the step
    # blind5_decoder_layer_square_subsequent_untransposed left out.
    "blind11_right_decoder_layer_torch_square_subsequent_transposed": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    def generate_square_subsequent_mask(sz):
        # torch.nn.Transformer's: float, -inf above the diagonal, rows are queries
        return torch.triu(torch.full((sz, sz), float("-inf")), diagonal=1)

    tgt_mask = (generate_square_subsequent_mask(X_dec.shape[-1]) == 0).transpose(0, 1)   # bool, (key, query)

    def _sa_block(x):
        return multi_head_attention(x, x, params["self_attn"], num_heads, tgt_mask)

    def _mha_block(x, mem):
        return cross_attention(x, mem, params["cross_attn"], num_heads, enc_mask)

    def _ff_block(x):
        return feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"])

    x = X_dec                                                # TransformerDecoderLayer(norm_first=False)
    x = layer_norm(x + _sa_block(x), params["gamma1"], params["beta1"])
    x = layer_norm(x + _mha_block(x, X_enc), params["gamma2"], params["beta2"])
    return layer_norm(x + _ff_block(x), params["gamma3"], params["beta3"])
'''),
    # The Annotated Transformer's DecoderLayer with SublayerConnection in its post-LN form (norm(x + sublayer(x))) and
    # subsequent_mask(size)[0] -- its leading batch axis dropped (compare
    # blind11_decoder_layer_annotated_subsequent_mask_batch_axis) -- transposed into the (key, query) layout.
    "blind11_right_decoder_layer_annotated_sublayers_mask_indexed": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    def subsequent_mask(size):
        attn_shape = (1, size, size)
        return torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8) == 0

    tgt_mask = subsequent_mask(X_dec.shape[-1])[0].transpose(0, 1)     # drop the batch axis; (key, query)

    def sublayer(i, x, fn):
        # the Annotated Transformer's SublayerConnection in its post-LN form: norm(x + dropout(sublayer(x)))
        return layer_norm(x + fn(x), params[f"gamma{i + 1}"], params[f"beta{i + 1}"])

    x = X_dec
    x = sublayer(0, x, lambda x: multi_head_attention(x, x, params["self_attn"], num_heads, tgt_mask))
    x = sublayer(1, x, lambda x: cross_attention(x, X_enc, params["cross_attn"], num_heads, enc_mask))
    return sublayer(2, x, lambda x: feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]))
'''),
    # ------------------------------------------------------------------ sampling
    # fairseq's _sample_topp: mask = sorted cumsum < p, then the first token past it scattered in at index (number of
    # kept tokens), clamped to V - 1 -- the shortest prefix whose cumulative probability reaches p, the crossing token
    # included; a stable descending sort keeps ties in id order; greedy by index_fill.
    "blind11_right_next_token_probs_fairseq_topp_scatter": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        return torch.zeros_like(logits).index_fill(0, torch.argmax(logits).reshape(1), 1.0)
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool).index_fill(0, order[:top_k], True)
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        # fairseq's Sampling._sample_topp: keep the sorted tokens whose cumulative sum is below p, then the
        # first one past it (scattered in at the count of kept tokens)
        sorted_probs, sorted_indices = probs.sort(descending=True, stable=True)
        mask = sorted_probs.cumsum(dim=0).lt(top_p)
        last_included = mask.cumsum(dim=0)[-1:].clamp(0, mask.size(0) - 1)
        mask = mask.scatter(0, last_included, True)
        keep = torch.zeros_like(mask).scatter(0, sorted_indices, mask)
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # minGPT's generate loop: idx_cond = idx if it fits the block else its last block_size ids (none cropped when
    # context_size is None), the last COLUMN of the (V, N) logits, the course's next_token_probs, one
    # torch.multinomial(probs, 1, generator) per step, stop right after eos.
    "blind11_right_generate_mingpt_port": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    idx = prompt
    for _ in range(max_new_tokens):
        # minGPT: idx_cond = idx if idx.size(1) <= self.block_size else idx[:, -self.block_size:]
        idx_cond = idx if context_size is None or idx.size(0) <= context_size else idx[-context_size:]
        logits = model(idx_cond)[:, -1]                 # (V, N): the last position is the last column here
        probs = next_token_probs(logits, temperature, top_k, top_p)
        idx_next = torch.multinomial(probs, num_samples=1, generator=generator)
        idx = torch.cat((idx, idx_next.to(idx.dtype)), dim=0)
        if eos_id is not None and idx_next.item() == eos_id:
            break
    return idx
'''),
    # Hugging Face's _sample loop for one sequence: a while loop on an unfinished flag and the step count, the same
    # model calls on the (cropped) ids, the same multinomial draws in the same order, the flag cleared right after eos
    # is appended.
    "blind11_right_generate_hf_unfinished_flag": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    input_ids = prompt
    unfinished = True
    cur_len = 0
    while unfinished and cur_len < max_new_tokens:          # Hugging Face's _sample loop, one sequence
        model_inputs = input_ids if context_size is None else input_ids[-context_size:]
        next_token_scores = next_token_probs(model(model_inputs)[:, -1], temperature, top_k, top_p)
        next_tokens = torch.multinomial(next_token_scores, num_samples=1, generator=generator)
        input_ids = torch.cat([input_ids, next_tokens.to(input_ids.dtype)], dim=-1)
        cur_len += 1
        if eos_id is not None:
            unfinished = bool(next_tokens[0] != eos_id)
    return input_ids
'''),
    # Candidates as flat float64 tensors (score, beam, token; a finished beam as one candidate with token -1), ranked by
    # a stable descending torch.sort: candidates are laid out beam by beam, tokens in id order, so ties go to the
    # earlier beam, then the lower id, as in the model answer's stable list sort.
    "blind11_right_beam_search_flat_candidate_tensors": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [prompt]
    scores = torch.zeros(1, dtype=torch.float64)
    finished = [False]
    for _ in range(max_new_tokens):
        cand_scores, cand_beam, cand_token = [], [], []
        for b, ids in enumerate(beams):
            if finished[b]:                              # one candidate: itself, token -1
                cand_scores.append(scores[b:b + 1])
                cand_beam.append(torch.tensor([b]))
                cand_token.append(torch.tensor([-1]))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            cand_scores.append(scores[b] + log_probs)
            cand_beam.append(torch.full((log_probs.numel(),), b))
            cand_token.append(torch.arange(log_probs.numel()))
        all_scores = torch.cat(cand_scores)
        all_beams, all_tokens = torch.cat(cand_beam), torch.cat(cand_token)
        top = torch.sort(all_scores, descending=True, stable=True).indices[:beam_width]   # beam-major ties
        new_beams, new_finished = [], []
        for i in top.tolist():
            b, token = int(all_beams[i]), int(all_tokens[i])
            if token < 0:
                new_beams.append(beams[b])
                new_finished.append(True)
            else:
                new_beams.append(torch.cat([beams[b], torch.tensor([token], dtype=prompt.dtype)]))
                new_finished.append(token == eos_id)
        beams, scores, finished = new_beams, all_scores[top], new_finished
        if all(finished):
            break
    return beams[0]
'''),
    # Written as a wrong one (the loop over the vocabulary also runs for a finished beam, so it is carried over V times
    # and the copies can fill the beam); counted right: every copy has the finished beam's score, so the copies only
    # push out candidates scoring below it, whose descendants can never beat it (log-probabilities are <= 0), and among
    # equal scores the stable sort keeps the earlier beam first. The returned sequence agreed with the model answer on
    # 8,640 battery cases and 14,400 searches over 400 random prefix models (V = 3, 4, widths 1..5, rounded
    # probabilities for ties). It also calls the model on finished beams, which the contract allows.
    "blind11_right_beam_search_finished_beam_repeated_per_token": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                if finished:
                    candidates.append((score, ids, True))      # a finished beam is carried over unchanged
                    continue
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Hugging Face's causal-LM shift (logits[..., :-1, :] against labels[..., 1:]) in the column layout: log_softmax
    # over the vocabulary, columns 0 .. N-2 as rows, -nll_loss(reduction='sum'); a one-id sequence gives -0.0 in the
    # logits' dtype.
    "blind11_right_sequence_log_prob_shifted_nll_loss_sum": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)           # (V, N)
    # Hugging Face's causal-LM shift (logits[..., :-1, :], labels[..., 1:]) with positions as columns
    shift_log_probs = log_probs[:, :-1].transpose(0, 1)         # (N - 1, V)
    return -torch.nn.functional.nll_loss(shift_log_probs, ids[1:], reduction="sum")
'''),
    # ------------------------------------------------------------------ swin
    # Hugging Face's SwinPatchMerging done right: the grid moved channels-last, its four slices [0::2, 0::2], [1::2,
    # 0::2], [0::2, 1::2], [1::2, 1::2] (top-left, bottom-left, top-right, bottom-right) concatenated on the channel
    # axis, F.layer_norm over the 4C features with eps, F.linear without bias, channels moved back.
    "blind11_right_patch_merging_hf_channels_last_port": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    F = torch.nn.functional
    input_feature = X.movedim(-3, -1)                                  # Hugging Face's (..., H, W, C)
    input_feature_0 = input_feature[..., 0::2, 0::2, :]
    input_feature_1 = input_feature[..., 1::2, 0::2, :]
    input_feature_2 = input_feature[..., 0::2, 1::2, :]
    input_feature_3 = input_feature[..., 1::2, 1::2, :]
    merged = torch.cat([input_feature_0, input_feature_1, input_feature_2, input_feature_3], -1)
    merged = F.layer_norm(merged, (4 * channels,), gamma, beta, eps)   # self.norm
    return F.linear(merged, W).movedim(-1, -3)                         # self.reduction (no bias)
'''),
    # The 2x2 blocks gathered by a stride-2 convolution with a 0/1 selector kernel (output k*C + c copies channel c at
    # block offset k = TL, BL, TR, BR): every output is one input times 1 plus zeros, so exact; the batch axes folded
    # with reshape for conv2d.
    "blind11_right_patch_merging_selector_convolution": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    # a stride-2 convolution whose 0/1 kernel copies channel c of block position k to output k*C + c
    selector = torch.zeros(4 * channels, channels, 2, 2, dtype=X.dtype)
    for k, (row, column) in enumerate([(0, 0), (1, 0), (0, 1), (1, 1)]):   # TL, BL, TR, BR
        for c in range(channels):
            selector[k * channels + c, c, row, column] = 1.0
    batch = X.shape[:-3]
    merged = torch.nn.functional.conv2d(X.reshape(-1, channels, height, width), selector, stride=2)
    merged = merged.reshape(*batch, 4 * channels, height // 2, width // 2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Hugging Face's SwinLayer.get_attn_mask (nine slice regions of the rolled grid, labels differenced per window, -100
    # / 0) turned into the course's boolean mask by == 0 and a transpose to (key, query); with shift 0 the slices label
    # every token alike, giving all True, so HF's shift_size > 0 test is not needed.
    "blind11_right_shifted_mask_from_hf_additive_mask": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    # Hugging Face SwinLayer.get_attn_mask (with the shift_size > 0 test left out: shift 0 labels everything alike)
    img_mask = torch.zeros((1, height, width, 1))
    height_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
    width_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
    count = 0
    for height_slice in height_slices:
        for width_slice in width_slices:
            img_mask[:, height_slice, width_slice, :] = count
            count += 1
    mask_windows = window_partition(img_mask.permute(0, 3, 1, 2), window)[0, :, 0]      # (nW, M*M)
    attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)                    # [w, query, key]
    attn_mask = attn_mask.masked_fill(attn_mask != 0, -100.0).masked_fill(attn_mask == 0, 0.0)
    return (attn_mask == 0).transpose(-2, -1)                                            # bool, (key, query)
'''),
    # ------------------------------------------------------------------ davit
    # timm's ChannelAttention in its row layout (fused qkv, reshape (N, 3, G, C/G), permute) with the course's roles:
    # q^T k over the channels, softmax over the KEY channels (last axis), attention @ v^T, and the final transpose(1, 2)
    # before the reshape that blind11_channel_attention_timm_merge_without_head_transpose drops.
    "blind11_right_channel_attention_timm_fused_qkv_rows": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = tokens ** -0.5
    # timm's ChannelAttention in its row layout x (..., N, C), with the course's roles: a query channel's
    # weights run over the key channels (softmax over the last axis)
    x = X.transpose(-2, -1)
    batch = x.shape[:-2]
    W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
    b = torch.cat([params["bq"], params["bk"], params["bv"]])
    qkv = (x @ W.T + b).reshape(*batch, tokens, 3, num_groups, channels // num_groups)
    q, k, v = qkv.movedim(-3, 0).transpose(-3, -2).unbind(0)          # (..., G, N, C/G) each
    attention = ((q.transpose(-1, -2) * scale) @ k).softmax(dim=-1)    # (..., G, query channel, key channel)
    x = (attention @ v.transpose(-1, -2)).transpose(-1, -2)            # (..., G, N, C/G)
    x = x.transpose(-3, -2).reshape(*batch, tokens, channels)          # x.transpose(1, 2).reshape(B, N, C)
    return (x @ params["Wo"].T + params["bo"]).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Luong's 'concat' score v^T tanh(W_a [s; h_i]) with W_a = [W U]: the same sum W s + U h_i as one product on the
    # stacked (state, encoder state) columns, the batch axes of s and H broadcast first.
    "blind11_right_additive_attention_concat_weight": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    # Luong's "concat" score v^T tanh(W_a [s; h_i]) with W_a = [W U]: Bahdanau's W s + U h_i in one product
    W_a = torch.cat([W, U], dim=1)
    n = H.shape[-1]
    s_columns = s.unsqueeze(-1).expand(*s.shape, n)                               # (..., D_s, N)
    batch = torch.broadcast_shapes(s_columns.shape[:-2], H.shape[:-2])
    stacked = torch.cat([s_columns.expand(*batch, *s_columns.shape[-2:]), H.expand(*batch, *H.shape[-2:])], dim=-2)
    scores = v @ torch.tanh(W_a @ stacked)                                        # (..., N)
    if mask is not None:
        scores = torch.where(mask, scores, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The PyTorch seq2seq tutorial's BahdanauAttention, Va(tanh(Wa(query) + Ua(keys))) with the encoder states as rows,
    # context = weights @ keys; the course's softmax instead of F.softmax, so a state that sees nothing gets zero
    # weights and context.
    "blind11_right_additive_attention_pytorch_tutorial_rows": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    # the PyTorch seq2seq tutorial's BahdanauAttention: Va(tanh(Wa(query) + Ua(keys))), keys as rows
    keys = H.transpose(-2, -1)                                                     # (..., N, D_h)
    scores = torch.tanh((s @ W.T).unsqueeze(-2) + keys @ U.T) @ v                  # (..., N)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)    # the course's softmax: a blind state gets zeros
    context = (weights.unsqueeze(-2) @ keys).squeeze(-2)                           # torch.bmm(weights, keys)
    return weights, context
'''),
    # The GRU written from torch.nn.GRU's documented equations with its stacked weights split into (W_ir, W_iz, W_in)
    # and (W_hr, W_hz, W_hn), the reset gate applied to (W_hn h + b_hn): nn.GRUCell's cell, broadcast over the batch
    # axes of s_prev and [y_prev; c].
    "blind11_right_decoder_step_gru_documented_equations": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    hidden = params["weight_hh"].shape[1]
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x, h = stack(y_prev, context), s_prev                   # torch.cat((embedded, context), dim=-1)
    # torch.nn.GRU's documented equations on its stacked (W_ir|W_iz|W_in), (W_hr|W_hz|W_hn) and biases
    W_ir, W_iz, W_in = params["weight_ih"].split(hidden)
    W_hr, W_hz, W_hn = params["weight_hh"].split(hidden)
    b_ir, b_iz, b_in = params["bias_ih"].split(hidden)
    b_hr, b_hz, b_hn = params["bias_hh"].split(hidden)
    r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
    z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
    n = torch.tanh(x @ W_in.T + b_in + r * (h @ W_hn.T + b_hn))
    s = (1 - z) * n + z * h
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # ------------------------------------------------------------------ pretraining
    # Google-style: one instance (sequence) at a time, each position chosen with probability mask_prob, then the
    # 80/10/10 draw only for the chosen positions of that instance; the same distribution as the contract's, another
    # (free) order and number of draws. Checked by exact per-draw properties and frequencies over 200,000 positions (|z|
    # < 4.5).
    "blind11_right_mlm_per_instance_decisions": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    import math
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    n = ids.shape[-1]
    flat_ids = ids.reshape(math.prod(ids.shape[:-1]), n)
    eligible = ~torch.isin(flat_ids, special)
    corrupted = flat_ids.clone()
    labels = torch.full(flat_ids.shape, IGNORE, dtype=torch.long)
    for r in range(flat_ids.shape[0]):            # one instance at a time, as create_masked_lm_predictions
        chosen = eligible[r] & (torch.rand(n, generator=generator) < mask_prob)
        positions = chosen.nonzero().flatten()     # then the 80/10/10 draws for its chosen positions only
        action = torch.rand(len(positions), generator=generator)
        random_ids = torch.randint(vocab_size, (len(positions),), generator=generator, dtype=ids.dtype)
        labels[r, positions] = flat_ids[r, positions].long()
        row = corrupted[r]
        row[positions[action < 0.8]] = mask_id
        swap = (action >= 0.8) & (action < 0.9)
        row[positions[swap]] = random_ids[swap]
    return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # fairseq's MaskTokensDataset split: of the chosen tokens, rand_or_unmask_prob = 0.2 are set aside and halved into
    # random tokens and unmasked ones, the rest become [MASK]: 0.8 / 0.1 / 0.1, the contract's distribution in another
    # stream of draws.
    "blind11_right_mlm_fairseq_rand_or_unmask_split": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    # fairseq's MaskTokensDataset: choose by mask_prob, then split off rand_or_unmask_prob = 0.1 + 0.1 of the
    # chosen, half of which become random tokens and half stay unmasked
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    mask = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    rand_or_unmask = mask & (torch.rand(ids.shape, generator=generator) < 0.2)
    decision = torch.rand(ids.shape, generator=generator) < 0.5
    unmask = rand_or_unmask & decision
    rand_mask = rand_or_unmask & ~decision
    random_tokens = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(mask & ~rand_or_unmask, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(rand_mask, random_tokens, corrupted)
    corrupted = torch.where(unmask, ids, corrupted)
    labels = torch.where(mask, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Hugging Face's ViTPatchEmbeddings / ViTEmbeddings on tokens as rows: Conv2d with W.reshape(D, C, P, P) (Conv2d's
    # weight order, as the contract names it), flatten(2).transpose(1, 2), [CLS] expanded over the batch and
    # concatenated first, positions transposed to (N + 1, D), then back to columns (a non-contiguous view).
    "blind11_right_patch_embedding_hf_vit_embeddings_rows": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch_size, num_channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    hidden_size = W.shape[0]
    # ViTPatchEmbeddings: Conv2d(C, D, P, stride=P) then flatten(2).transpose(1, 2); ViTEmbeddings: [CLS] first,
    # then + position_embeddings (1, N + 1, D) -- all on tokens as rows, turned back to columns at the end
    kernel = W.reshape(hidden_size, num_channels, patch_size, patch_size)
    embeddings = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2).transpose(1, 2)
    cls_tokens = cls_token.reshape(1, 1, hidden_size).expand(batch_size, -1, -1)
    embeddings = torch.cat((cls_tokens, embeddings), dim=1)
    embeddings = embeddings + positions.transpose(0, 1)
    return embeddings.transpose(1, 2)
'''),
    # vit-pytorch's Rearrange written with reshape/permute in the course's (c p1 p2) patch order (the one Conv2d's
    # weight uses, unlike vit-pytorch's (p1 p2 c)), then Linear, the repeated cls token, cat and pos_embedding[:, :n +
    # 1], transposed back to columns.
    "blind11_right_patch_embedding_vit_pytorch_rearranged_rows": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    b_, c, height, width = images.shape
    p = patch_size
    if height % p or width % p:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={p}")
    h, w = height // p, width // p
    # vit-pytorch's Rearrange('b c (h p1) (w p2) -> b (h w) (p1 p2 c)') written with the course's (c p1 p2)
    # order, then Linear, repeat(cls_token, '1 1 d -> b 1 d'), cat, + pos_embedding[:, :(n + 1)]
    x = images.reshape(b_, c, h, p, w, p).permute(0, 2, 4, 1, 3, 5).reshape(b_, h * w, c * p * p)
    x = x @ W.T + b
    n = x.shape[1]
    cls_tokens = cls_token.expand(b_, 1, -1)
    x = torch.cat((cls_tokens, x), dim=1)
    x = x + positions.T[: n + 1]
    return x.transpose(1, 2)
'''),
    # ------------------------------------------------------------------ positions
    # Mesh TensorFlow's _relative_position_bucket: n = -relative_position, the upper half for n < 0 (keys after the
    # query), |n| bidirectionally or max(n, 0) causally, the log in float32 with the same operations in the same order
    # as T5, so boundary distances land in the same buckets.
    "blind11_right_bucket_mesh_tensorflow_port": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    # Mesh TensorFlow's _relative_position_bucket, n = -relative_position
    ret = torch.zeros_like(relative_position, dtype=torch.long)
    n = -relative_position.long()
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
    val_if_large = torch.minimum(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
    return ret + torch.where(is_small, n, val_if_large)
'''),
    # Hugging Face Llama's rotary embedding on tokens as rows: inv_freq = 1 / base^(2i/D) in float64, the angle table
    # repeated over both halves (cat((freqs, freqs))), x cos + rotate_half(x) sin with rotate_half = [-x2, x1]: the
    # contract's halves pairing, transposed back to columns.
    "blind11_right_rotary_hf_llama_rows": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate_half(x):
        x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
        return torch.cat((-x2, x1), dim=-1)

    def apply(X, position_ids):
        dim, n = X.shape[-2], X.shape[-1]
        if position_ids is None:
            position_ids = torch.arange(n)
        # LlamaRotaryEmbedding (in float64 here), apply_rotary_pos_emb on the tokens as rows
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(torch.float64) / dim))
        freqs = position_ids.to(torch.float64)[:, None] * inv_freq[None, :]        # (N, D/2)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos().to(X.dtype), emb.sin().to(X.dtype)
        x = X.transpose(-2, -1)
        return (x * cos + rotate_half(x) * sin).transpose(-2, -1)

    return apply(Q, positions_q), apply(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # torch.cdist with compute_mode='donot_use_mm_for_euclid_dist' (direct differences, not the |a|^2 - 2ab + |b|^2
    # expansion): the square root is monotone, so argmin picks the same colour, and equal squared distances give equal
    # distances, so ties still go to the lowest id.
    "blind11_right_quantize_cdist_without_matmul": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("the channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)                          # (..., H, W, C), channels last
    flat = pixels.reshape(-1, pixels.shape[-1])
    # Euclidean distances computed directly (no |a|^2 - 2ab + |b|^2 expansion); sqrt keeps the order and the ties
    distances = torch.cdist(flat, palette.to(dtype).T, compute_mode="donot_use_mm_for_euclid_dist")
    return distances.argmin(dim=-1).reshape(pixels.shape[:-1])
'''),
    # ------------------------------------------------------------------ sparse_attention
    # openai/sparse_attention's get_attn_mask builds (query, key) rows; its strided condition (q - k) % stride == 0
    # without the causal term, kept boolean and transposed to (key, query) (the pattern is symmetric anyway).
    "blind11_right_strided_mask_openai_query_rows_transposed": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    # openai/sparse_attention's get_attn_mask builds (query, key) rows; without its causal condition c1 the
    # strided condition is (q - k) % stride == 0; transposed to the course's (key, query) layout
    q = torch.arange(n)[:, None]
    k = torch.arange(n)[None, :]
    return ((q - k) % stride == 0).transpose(0, 1)
'''),
    # Longformer-style: per sequence, the global positions from nonzero() open their whole key row and query column in a
    # fresh boolean mask; the batch axes flattened for the loop and restored (an empty loop for an empty batch).
    "blind11_right_global_token_mask_longformer_index_fill": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    *batch, n = is_global.shape
    flat = is_global.reshape(-1, n)
    out = torch.zeros(flat.shape[0], n, n, dtype=torch.bool)
    for b in range(flat.shape[0]):
        index = flat[b].nonzero().squeeze(-1)         # Longformer: is_index_global_attn.nonzero()
        out[b, index, :] = True                       # global keys are seen by every query
        out[b, :, index] = True                       # global queries see every key
    return out.reshape(*batch, n, n)
'''),
    # ------------------------------------------------------------------ bpe
    # Sennrich et al. (2016)'s Algorithm 1: a vocabulary of space-separated symbol strings in first-appearance order,
    # get_stats in that order (so max's first maximum is the contract's tie rule), merge_vocab with re.escape and the
    # (?<!\S) / (?!\S) lookarounds (whole symbols only, leftmost non-overlapping), the replacement given as a function
    # so that backslashes in symbols stay literal.
    "blind11_right_train_bpe_sennrich_paper_regex": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    import collections
    import re
    words = split_words(corpus, "corpus")
    vocab = {}                                         # Sennrich et al. (2016), Algorithm 1
    for word in words:
        key = " ".join(word)
        vocab[key] = vocab.get(key, 0) + 1
    merges = []
    for _ in range(num_merges):
        pairs = collections.defaultdict(int)
        for word, freq in vocab.items():
            symbols = word.split()
            for i in range(len(symbols) - 1):
                pairs[symbols[i], symbols[i + 1]] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        bigram = re.escape(" ".join(best))
        p = re.compile(r"(?<!\\S)" + bigram + r"(?!\\S)")
        joined = "".join(best)
        vocab = {p.sub(lambda match: joined, word): freq for word, freq in vocab.items()}
    return merges
'''),
    # The merges replayed on each word with Sennrich's escaped regex and both lookarounds -- the same leftmost
    # non-overlapping merges as merge_pair -- skipping pairs that contain a space (no symbol holds one, so merge_pair
    # never applies them either).
    "blind11_right_bpe_encode_sennrich_regex_escaped": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    import re
    words = split_words(text, "text")
    tokens = []
    for word in words:
        w = " ".join(word)
        for pair in merges:
            if " " in pair[0] or " " in pair[1]:
                continue                               # no symbol holds a space: such a merge never applies
            p = re.compile(r"(?<!\\S)" + re.escape(" ".join(pair)) + r"(?!\\S)")
            joined = "".join(pair)
            w = p.sub(lambda match: joined, w)
        tokens.extend(w.split(" "))
    return tokens
'''),
    # A merge is replayed only when both of its halves are among the word's current symbols (otherwise merge_pair could
    # not apply it): the same tokens with fewer passes.
    "blind11_right_bpe_encode_skips_absent_pairs": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        present = set(symbols)
        for pair in merges:
            if pair[0] in present and pair[1] in present:     # otherwise the merge cannot apply
                symbols = merge_pair(symbols, pair)
                present = set(symbols)
        tokens.extend(symbols)
    return tokens
'''),
}
