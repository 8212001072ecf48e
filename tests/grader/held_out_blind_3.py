"""Fourth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from the stubs' docstrings (exercises/), the model answers (solutions/), docs/contract.md and the
course registry's lessons, and after reading the two earlier blind batches so as to repeat none of their names or
ideas; nothing under grader/ or tests/ was opened, listed or run. Every entry was checked by its author against the
model answer in a scratch package: each right one agrees on random inputs (float32 and float64, batched, N = 1,
N_q != N_k, fully masked queries, ties, gradients included); each wrong one has a recorded input the contract allows
on which it differs (a value, a shape, a dtype, a missing or extra exception, a mutated argument, a gradient, a random
stream). mlm_corrupt and nsp_pairs, whose draws are free, were compared by statistics over many seeds instead.

Emphasis: mistakes that agree with the model answer on ordinary inputs and differ only on an edge the contract names
(a float64 input, a second batch axis, a mask with a batch axis, N_q != N_k, N = 1, max_new_tokens = 0, exact ties,
argument defaults such as eps or max_distance, int32 ids, non-contiguous inputs, shift = 0, odd D), ports of public
code (nanoGPT, Hugging Face, timm, Keras, GPT-J, GPT-2's BPE, subword-nmt, Google BERT's data script) that carry their
own conventions into this contract, a few gradient cuts, and correct alternatives in styles unlike the model answer.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_3 = {
    # ------------------------------------------------------------------ softmax
    # Shifts by each ROW's maximum (amax over dim=-1): not a per-column constant, so it does not cancel in the
    # column softmax (clause: softmax down each column).
    "blind3_softmax_row_max_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = row_max.masked_fill(row_max == float("-inf"), 0.0)
    exps = torch.exp(scores - row_max)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # keepdim forgotten: the (..., N) maxima and sums broadcast correctly against one (M, N) matrix but line up with
    # the wrong axis once there is a batch axis (clause: leading axes are a batch).
    "blind3_softmax_keepdim_forgotten": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2)
    column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
    exps = torch.exp(scores - column_max)
    total = exps.sum(dim=-2)
    return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Divides by (sum + 1e-8) to dodge the zero sum: invisible in float32, but in float64 every column sums to
    # about 1 - 1e-8 (clause: columns sum to 1; float64 held to float64 accuracy).
    "blind3_softmax_eps_in_denominator": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores - column_max)
    return exps / (exps.sum(dim=-2, keepdim=True) + 1e-8)
'''),

    # ------------------------------------------------------------------ masking
    # Hugging Face's "extended" padding mask expanded to a square (B, n, n), assuming as many queries as keys
    # (clause: shape (B, n, 1), broadcasting over the queries).
    "blind3_padding_mask_expanded_square": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)
    visible = keys[None, :] < lengths[:, None]
    return visible[:, :, None].expand(-1, -1, n)
'''),
    # Right values, but lengths.unsqueeze_(-1) reshapes the caller's lengths to (B, 1) (clause: arguments unchanged).
    "blind3_padding_mask_unsqueeze_in_place": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    lengths.unsqueeze_(-1)
    return (torch.arange(n, device=lengths.device) < lengths)[:, :, None]
'''),
    # Hugging Face's sliding_window convention, where 0 (or None) means "no window": window=0 gives the dense mask
    # instead of the diagonal (clause: True iff |i - j| <= window).
    "blind3_local_mask_zero_means_unlimited": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    if not window:
        return torch.ones(n, n, dtype=torch.bool)
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets.abs() <= window
'''),
    # Longformer's attention_window is the TOTAL width (window // 2 on each side); ported as is it halves the band
    # (clause: |i - j| <= window).
    "blind3_local_mask_longformer_total_width": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    one_side = window // 2
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets.abs() <= one_side
'''),
    # Hugging Face's `.float()` upcast before masking: float64 scores come back float32 (clause: dtype kept).
    "blind3_apply_mask_float_upcast": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    return scores.float().masked_fill(~mask, float("-inf"))
'''),

    # ------------------------------------------------------------------ attention
    # torch.bmm throughout: needs exactly one batch axis, so unbatched (D, N) inputs and doubly batched ones fail
    # (clause: any number of leading batch axes, including none).
    "blind3_sdpa_bmm_only": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = torch.bmm(K.transpose(1, 2), Q) / math.sqrt(Q.shape[1])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return torch.bmm(V, weights), weights
'''),
    # nanoGPT's `1.0 / math.sqrt(k.size(-1))` ported unchanged: in the column layout K.size(-1) is N_k, not D_k
    # (clause: scale 1/sqrt(D_k); agrees only when N_k == D_k).
    "blind3_sdpa_nanogpt_k_size_last": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    att = (K.transpose(-2, -1) @ Q) * (1.0 / math.sqrt(K.size(-1)))
    if mask is not None:
        att = apply_mask(att, mask)
    weights = softmax_cols(att)
    return V @ weights, weights
'''),
    # Divides the weights (after the softmax) by sqrt(D_k) instead of the scores: columns sum to 1/sqrt(D_k)
    # (clause: weights = softmax_cols(K^T Q / sqrt(D_k))).
    "blind3_sdpa_scales_after_softmax": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores) / math.sqrt(Q.shape[-2])
    return V @ weights, weights
'''),
    # Hugging Face's `softmax(..., dtype=torch.float32).to(query.dtype)`: float64 inputs get float32-accurate weights
    # (clause: a float64 input is computed in float64).
    "blind3_sdpa_softmax_upcast_float32": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores.float()).to(Q.dtype)
    return V @ weights, weights
'''),
    # GPT habit: with no mask given, applies a causal mask anyway (clause: mask=None means every key is visible).
    "blind3_self_attention_causal_by_default": ("attention", "self_attention", '''
def self_attention(
    X: torch.Tensor,
    Wq: torch.Tensor,
    bq: torch.Tensor,
    Wk: torch.Tensor,
    bk: torch.Tensor,
    Wv: torch.Tensor,
    bv: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    if mask is None:
        positions = torch.arange(X.shape[-1])
        mask = positions[:, None] <= positions[None, :]
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Copy-paste slip: the queries get the key bias bk (clause: Q = Wq X + bq 1^T). (The mirror slip, keys with bq,
    # would be harmless: a bias on the keys shifts each query's scores by a constant the softmax cancels.)
    "blind3_self_attention_query_gets_key_bias": ("attention", "self_attention", '''
def self_attention(
    X: torch.Tensor,
    Wq: torch.Tensor,
    bq: torch.Tensor,
    Wk: torch.Tensor,
    bk: torch.Tensor,
    Wv: torch.Tensor,
    bv: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = linear(X, Wq, bk)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # The mask is passed on without a head axis: a plain (N_k, N_q) mask still broadcasts, but a batched (B, N_k, N_q)
    # or padding (B, N_k, 1) mask lines B up with the heads (clause: the mask gains a head axis at -3).
    "blind3_mha_mask_without_head_axis": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # nanoGPT's `assert n_embd % n_head == 0`: an AssertionError (and nothing at all under python -O) instead of the
    # contract's ValueError.
    "blind3_mha_assert_divisible": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    assert Xq.shape[-2] % num_heads == 0, "n_embd must be divisible by n_head"
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Loop over heads that projects each head with its slice of Wo through linear(..., bo): bo is added H times
    # (clause: Wo [A_1; ...; A_H] + bo; right with one head only).
    "blind3_mha_output_bias_per_head": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    out = 0
    for h in range(num_heads):
        rows = slice(h * head_dim, (h + 1) * head_dim)
        head, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        out = out + linear(head, params["Wo"][:, rows], params["bo"])
    return out
'''),
    # nn.MultiheadAttention's return value ported: (output, weights averaged over heads) instead of the output alone
    # (clause: returns a tensor (..., D, N_q)).
    "blind3_mha_returns_weights_too": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, weights = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"]), weights.mean(dim=-3)
'''),
    # merge_heads as flatten(0, 1): right for one (H, D/H, N) stack, but with a batch axis it merges B with H, and
    # multi_head_attention then fails on batched inputs with more than one head (clause: leading axes are a batch).
    "blind3_merge_heads_flatten_front": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    return heads.flatten(0, 1)
'''),

    # ------------------------------------------------------------------ transformer_layer
    # gamma and beta broadcast as rows (PyTorch's (N, D) habit): an error unless N == D, silently wrong when N == D
    # (clause: gamma and beta scale the D features of every column).
    "blind3_layer_norm_gamma_as_row": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, correction=0)
    return gamma * (X - mean) / torch.sqrt(variance + eps) + beta
'''),
    # Centres with `X -= mean`: right values, but the caller's X is overwritten (clause: arguments unchanged).
    "blind3_layer_norm_centres_in_place": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2, keepdim=True)
    X -= mean
    variance = (X * X).mean(dim=-2, keepdim=True)
    return gamma[:, None] * X / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Old `.data` idiom on the weights: right values, but no gradient reaches W1, b1, W2, b2 (the course's rule that a
    # function uses the tensors it is given; the capstone and the gradient checks rely on it).
    "blind3_feed_forward_weights_data": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    W1, b1, W2, b2 = W1.data, b1.data, W2.data, b2.data
    hidden = torch.relu(W1 @ X + b1[:, None])
    return W2 @ hidden + b2[:, None]
'''),
    # Post-LN slip: the second residual adds the layer's input X instead of the output of the first sub-block
    # (clause: X <- LN2(X + FFN(X)) with the updated X).
    "blind3_transformer_layer_second_residual_from_input": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        Y = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return Y + think(layer_norm(Y, params["gamma2"], params["beta2"]))
    Y = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(Y), params["gamma2"], params["beta2"])
'''),
    # GPT-J / PaLM's parallel block for norm_first: attention and FFN both read the input, X + MHA(LN1 X) + FFN(LN2 X)
    # (clause: pre-LN is sequential, the FFN reads X + MHA(LN1(X))).
    "blind3_transformer_layer_parallel_prenorm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        return (X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                + think(layer_norm(X, params["gamma2"], params["beta2"])))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # PyTorch's memory_key_padding_mask convention (True = padding): the enc_mask is negated, so the padding is what
    # the decoder sees (clause: enc_mask True = visible).
    "blind3_cross_attention_mask_negated_torch_convention": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    key_padding = None if enc_mask is None else ~enc_mask
    return multi_head_attention(X_dec, X_enc, params, num_heads, key_padding)
'''),
    # Copy-paste slip: the cross-attention uses the self-attention's weights params["self_attn"]
    # (clause: params["cross_attn"] for the cross-attention).
    "blind3_decoder_layer_cross_uses_self_params": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["self_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # No residual around the cross-attention: X <- LN2(cross(X, X_enc)) (clause: X <- LN2(X + MHA_cross(...))).
    "blind3_decoder_layer_cross_without_residual": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    X = layer_norm(cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), params["gamma2"],
                   params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Reads the source first: cross-attention before the causal self-attention (clause: self, then cross, then FFN).
    "blind3_decoder_layer_cross_before_self": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), params["gamma1"],
                   params["beta1"])
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X + attended, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),

    # ------------------------------------------------------------------ sampling
    # The final renormalisation forgotten after top-p (it was done after top-k): the kept probabilities sum to less
    # than 1 whenever top-p drops a token (clause 4: renormalise so the kept probabilities sum to 1).
    "blind3_top_p_result_not_renormalised": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
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
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
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
    return probs
'''),
    # The greedy one-hot is built with torch.zeros(V), the default dtype: float64 logits give float32 probabilities
    # at temperature 0 only (clause: dtype kept).
    "blind3_greedy_one_hot_default_dtype": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros(logits.shape[-1])
        probs[torch.argmax(logits)] = 1.0
        return probs
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
    # Preallocates N0 + max_new_tokens ids and returns the whole buffer, so after an early eos the result ends with
    # padding zeros (clause: (N0 + n_new,), stops right after eos).
    "blind3_generate_returns_whole_buffer": ("sampling", "generate", '''
def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    n0 = prompt.shape[0]
    out = torch.zeros(n0 + max_new_tokens, dtype=prompt.dtype)
    out[:n0] = prompt
    for step in range(max_new_tokens):
        end = n0 + step
        start = 0 if context_size is None else max(0, end - context_size)
        probs = next_token_probs(model(out[start:end])[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        out[end] = next_id[0]
        if eos_id is not None and int(next_id) == eos_id:
            break
    return out
'''),
    # Samples by inverse CDF (torch.rand + searchsorted): the same distribution, but not the draws the contract names,
    # so a seeded generator gives other tokens (clause: torch.multinomial(probs, 1, generator=generator)).
    "blind3_generate_inverse_cdf_sampling": ("sampling", "generate", '''
def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        u = torch.rand((), generator=generator, dtype=probs.dtype)
        cdf = torch.cumsum(probs, dim=0)
        next_id = torch.searchsorted(cdf, u.reshape(1), right=True).clamp(max=len(probs) - 1)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # do-while loop (generate, then test the length): max_new_tokens=0 still appends one token
    # (clause: up to max_new_tokens tokens).
    "blind3_generate_do_while": ("sampling", "generate", '''
def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    ids = prompt
    while True:
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if (eos_id is not None and int(next_id) == eos_id) or len(ids) - len(prompt) >= max_new_tokens:
            return ids
'''),
    # Crops with ids[len(ids) - context_size:]: while the ids are shorter than context_size the start is negative and
    # the slice keeps only the last few ids (clause: all ids when there are no more than context_size).
    "blind3_generate_crop_negative_start": ("sampling", "generate", '''
def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[len(ids) - context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Average log-likelihood per predicted token (the training loss habit): equal to the sum only for N = 2, and NaN
    # for N = 1 (clause: the sum over n >= 1; 0 when there is nothing to predict).
    "blind3_sequence_log_prob_mean": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=0)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].mean()
'''),
    # Stacks a Python list of terms: torch.stack([]) raises for a single-token sequence, whose log-probability is 0
    # (clause: sum over n >= 1, an empty sum for N = 1).
    "blind3_sequence_log_prob_stack_terms": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=0)
    return torch.stack([log_probs[ids[n], n - 1] for n in range(1, len(ids))]).sum()
'''),
    # Accumulates into torch.zeros(()) in place: a float32 total for a float64 model (clause: dtype kept).
    "blind3_sequence_log_prob_float32_accumulator": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = torch.zeros(())
    for n in range(1, len(ids)):
        total += log_probs[ids[n], n - 1]
    return total
'''),
    # Early stopping as soon as ANY kept beam is finished: the best beam may be unfinished and would still grow
    # (clause: stop when every kept beam is finished or after max_new_tokens steps).
    "blind3_beam_search_stops_on_any_finished": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if any(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Sort key (-score, token): among tied scores the lower token id wins across beams, before the earlier beam
    # (clause: ties to the earlier beam, then the lower token id).
    "blind3_beam_search_ties_token_before_beam": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: (-c[0], int(c[1][-1])))
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Starts from beam_width copies of the prompt, all scored 0 (Hugging Face sets the copies after the first to -1e9
    # for this reason): the copies tie, so the beam collapses onto the greedy path (clause: beam search keeps the
    # beam_width best distinct candidates).
    "blind3_beam_search_duplicate_initial_beams": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False) for _ in range(beam_width)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Checks only the height: a width that P does not divide fails in reshape with a RuntimeError
    # (clause: ValueError if H or W is not a multiple of P).
    "blind3_patchify_checks_height_only": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size:
        raise ValueError(f"H={height} must be divisible by patch_size={patch_size}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Adds positions.T (a timm pos_embed (N + 1, D) habit): an error unless D == N + 1, silently transposed when it
    # is (clause: positions (D, N + 1)).
    "blind3_patch_embedding_positions_transposed": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions.T
'''),
    # Row-layout projection patches^T @ W without transposing W: fails unless D == C*P*P, and then uses W^T
    # (clause: W (D, C*P*P) applied as W @ patches).
    "blind3_patch_embedding_rows_times_W": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    rows = patchify(images, patch_size).transpose(1, 2)            # (B, N, C*P*P)
    tokens = (rows @ W + b).transpose(1, 2)                        # (B, D, N)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Re-wraps the [CLS] vector with torch.tensor(...): right values, no gradient reaches cls_token (the course's rule
    # that a function uses the tensors it is given; the lesson's "re-wrapping" trap).
    "blind3_patch_embedding_cls_rewrapped": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    import warnings
    tokens = linear(patchify(images, patch_size), W, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cls = torch.tensor(cls_token, dtype=tokens.dtype)
    cls_column = cls[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # W and U swapped (W on the encoder states, U on the decoder state): fails unless D_s == D_h, silently wrong when
    # they are equal (clause: e_i = v^T tanh(W s + U h_i)).
    "blind3_additive_attention_W_U_swapped": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    query = (s @ U.T).unsqueeze(-1)
    hidden = torch.tanh(W @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # Returns (context, weights), the order of most Bahdanau tutorials (clause: returns (weights, context)).
    "blind3_additive_attention_context_first": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    energy = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v.unsqueeze(-1) * energy).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    attn = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ attn.unsqueeze(-1)).squeeze(-1)
    return context, attn
'''),
    # Keras's gate order (update, reset, candidate) read from nn.GRUCell's stacked weights, which are (reset, update,
    # candidate): attention_decoder_step's new state is wrong (clause: gates stacked reset, update, candidate).
    "blind3_gru_step_keras_gate_order": ("rnn_attention", "gru_step", '''
def gru_step(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
             bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
    update_x, reset_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    update_h, reset_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    update = torch.sigmoid(update_x + update_h)
    reset = torch.sigmoid(reset_x + reset_h)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h
'''),
    # The reset gate applied to h before the product (Cho et al. 2014, Keras reset_after=False):
    # n = tanh(W_in x + b_in + W_hn (r * h) + b_hn) (clause: r multiplies (W_hn h + b_hn), as nn.GRUCell).
    "blind3_gru_step_reset_before_product": ("rnn_attention", "gru_step", '''
def gru_step(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
             bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    W_hr, W_hz, W_hn = weight_hh.chunk(3)
    b_hr, b_hz, b_hn = bias_hh.chunk(3)
    reset = torch.sigmoid(reset_x + h @ W_hr.T + b_hr)
    update = torch.sigmoid(update_x + h @ W_hz.T + b_hz)
    candidate = torch.tanh(new_x + (reset * h) @ W_hn.T + b_hn)
    return (1 - update) * candidate + update * h
'''),
    # Updates the state in place (h.mul_(z).add_(...), a memory habit from RNN loops): the caller's s_prev is
    # overwritten with s (clause: arguments unchanged).
    "blind3_decoder_step_state_updated_in_place": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    reset_x, update_x, new_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
    reset_h, update_h, new_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + torch.sigmoid(reset_x + reset_h) * new_h)
    s = s_prev.mul_(update).add_((1 - update) * candidate)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Unflattens the weights with the FEATURES' batch shape: when only s carries the batch (leading dimensions
    # broadcast between s and the grid) the reshape fails (clause: weights (..., H, W) with broadcast batch axes).
    "blind3_grid_attention_batch_from_features": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)
    return weights.reshape(*features.shape[:-3], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Guards only against stride == 0 (the division): a negative stride slips through and gives a mask
    # (clause: ValueError if stride < 1).
    "blind3_strided_mask_only_rejects_zero": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride == 0:
        raise ValueError("stride must not be zero")
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys) % stride == 0
'''),
    # ORs integer copies of the flags: an int32 mask instead of a bool one (clause: BoolTensor (..., N, N)).
    "blind3_global_token_mask_int_flags": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    flags = is_global.int()
    return flags.unsqueeze(-1) | flags.unsqueeze(-2)
'''),
    # Causal count without the diagonal, n(n - 1)/2 (clause: key j <= query i, n(n + 1)/2).
    "blind3_sparse_cost_causal_without_diagonal": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n - 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # Builds each mask and returns mask.sum(): a 0-d tensor, not a Python int (and n x n memory)
    # (clause: returns an int, in closed form).
    "blind3_sparse_cost_mask_sum_tensor": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    from .masking import causal_mask, local_mask
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        mask = torch.ones(n, n, dtype=torch.bool)
    elif pattern == "causal":
        mask = causal_mask(n)
    elif pattern == "local":
        mask = local_mask(n, window)
    elif pattern == "strided":
        mask = strided_mask(n, stride)
    else:
        mask = global_token_mask(torch.arange(n) < num_global)
    return mask.sum()
'''),
    # Checks only that "local" has its window: "strided" without stride or "global" without num_global end in a
    # TypeError (clause: ValueError for a missing size).
    "blind3_sparse_cost_checks_window_only": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    if pattern == "local" and window is None:
        raise ValueError("the 'local' pattern needs window=...")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ positions
    # max_exact taken as num_buckets // 2 instead of half of the half: right in the causal case, wrong bidirectionally
    # (clause: within a half of n buckets, distances below n/2 are exact).
    "blind3_bucket_exact_from_all_buckets": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = relative_position.long()
    exact = num_buckets // 2
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Python 3 true division for the half (num_buckets / 2): every bucket comes back as a float tensor
    # (clause: LongTensor of the same shape).
    "blind3_bucket_true_division_half": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets / 2
        base = torch.where(offset > 0, half, 0.0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half / 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # T5's default max_distance=128 hard-coded: agrees at the default, ignores the argument otherwise
    # (clause: log-spaced buckets up to max_distance).
    "blind3_bucket_ignores_max_distance": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
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
    log_scale = torch.log(distance.float() / exact) / math.log(128 / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Default positions 1 .. N: every score K'^T Q' is unchanged (only differences count), but Q' and K' are not
    # (clause: positions default to 0 .. N - 1).
    "blind3_rotary_default_positions_from_one": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    if positions_q is None:
        positions_q = torch.arange(1, Q.shape[-1] + 1)
    if positions_k is None:
        positions_k = torch.arange(1, K.shape[-1] + 1)
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # GPT-J's interleaved angle table (repeat_interleave) combined with NeoX's rotate_half pairing: row i gets the
    # angle of pair i // 2 instead of i mod D/2; right for D = 2 only (clause: rows i and i + D/2 turn by p theta_i).
    "blind3_rotate_columns_interleaved_table_half_pairs": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat_interleave(2, dim=0)   # (D, N)
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    rotated = torch.cat([-X[..., dim // 2:, :], X[..., : dim // 2, :]], dim=-2)
    return X * cos + rotated * sin
'''),
    # Angle table built (N, D/2) in the row layout: an error unless N == D/2 (and a blown-up shape for N = 1),
    # silently transposed when N == D/2 (clause: column n turns by positions[n] * theta_i).
    "blind3_rotate_columns_angles_positions_first": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = positions.to(torch.float64)[:, None] * theta[None, :]          # (N, D/2)
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),

    # ------------------------------------------------------------------ pretraining
    # Works on ids.long(): int32 ids come back as int64 corrupted ids (clause: corrupted has ids' dtype).
    "blind3_mlm_corrupted_as_long": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    tokens = ids.long()
    special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
    chosen = ~torch.isin(tokens, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator)
    corrupted = torch.where(chosen & (action < 0.8), mask_id, tokens)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, tokens, IGNORE)
    return corrupted, labels
'''),
    # Labels built with torch.where(chosen, ids, -100): they keep ids' dtype, int32 for int32 ids
    # (clause: labels LongTensor whatever ids' dtype).
    "blind3_mlm_labels_in_ids_dtype": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids, torch.full_like(ids, IGNORE))
    return corrupted, labels
'''),
    # Random replacements drawn only from the non-special ids (clause: uniform over [0, vocab_size), which may be a
    # special id).
    "blind3_mlm_random_avoids_specials": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    ordinary = torch.tensor([t for t in range(vocab_size) if t not in set(special.tolist())], dtype=ids.dtype)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = ordinary[torch.randint(0, len(ordinary), ids.shape, generator=generator)]
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # Hugging Face's collator misread: its bernoulli(0.5) on the 20 % not masked became bernoulli(0.1), so only 2 % of
    # the chosen tokens are randomised and 18 % kept (clause: 80 % mask, 10 % random, 10 % unchanged).
    "blind3_mlm_hf_random_fraction_misread": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & torch.bernoulli(torch.full(ids.shape, mask_prob),
                                                         generator=generator).bool()
    masked = chosen & torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool()
    randomised = chosen & ~masked & torch.bernoulli(torch.full(ids.shape, 0.1), generator=generator).bool()
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = ids.clone()
    corrupted[masked] = mask_id
    corrupted[randomised] = random_ids[randomised]
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # pytorch-pretrained-bert's ignore label -1 instead of -100 (clause: -100 everywhere not chosen).
    "blind3_mlm_ignore_label_minus_one": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -1)
    return corrupted, labels
'''),
    # Draws a document among ALL and, on hitting A's own, takes the next one: with three or more documents the one
    # after A's is twice as likely (clause: another document drawn uniformly).
    "blind3_nsp_own_document_bumped_to_next": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents), (), generator=generator).item()
                if pick == index:
                    pick = (pick + 1) % len(documents)
                other = documents[pick]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # One example for EVERY sentence: the last sentence of each document, which has no successor, always gets a random
    # B (clause: one example per sentence that has a successor in its document).
    "blind3_nsp_example_for_last_sentence_too": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for position, a in enumerate(document):
            has_next = position + 1 < len(document)
            if has_next and torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, document[position + 1], 0))
            elif len(documents) > 1:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # Google BERT's create_pretraining_data ends with rng.shuffle(instances): the examples come back shuffled
    # (clause: documents and sentences in order).
    "blind3_nsp_shuffles_examples": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    order = torch.randperm(len(pairs), generator=generator).tolist()
    return [pairs[i] for i in order]
'''),

    # ------------------------------------------------------------------ imagegpt
    # Reads the palette as Hugging Face's clusters (K, C), one ROW per colour: fails unless K == C (or K == 1),
    # silently wrong then (clause: palette (C, K), one column per colour).
    "blind3_quantize_palette_rows_as_colours": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    pixels = images.movedim(-3, -1).unsqueeze(-2)                 # (..., H, W, 1, C)
    distances = (pixels - palette).square().sum(dim=-1)          # palette read as (K, C)
    return distances.argmin(dim=-1)
'''),
    # Casts the palette to the images' dtype: float32 images against a float64 palette decide near ties in float32
    # (clause: the nearest colour; float64 inputs computed in float64).
    "blind3_quantize_palette_in_image_dtype": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    pixels = images.movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(images.dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),
    # Loop over colours keeping a colour when `d <= best`: exact ties go to the HIGHEST id (clause: ties to the
    # lowest id).
    "blind3_quantize_loop_ties_to_last": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)                    # (..., H, W, C)
    best = torch.full(pixels.shape[:-1], float("inf"), dtype=dtype)
    ids = torch.zeros(pixels.shape[:-1], dtype=torch.long)
    for k in range(palette.shape[1]):
        distance = (pixels - palette[:, k].to(dtype)).square().sum(dim=-1)
        closer = distance <= best
        best = torch.where(closer, distance, best)
        ids = torch.where(closer, k, ids)
    return ids
'''),
    # Indexes with the ids as given: uint8 ids (an integer type the contract accepts) are read as a boolean mask
    # and fail (clause: integer ids of any integer dtype).
    "blind3_dequantize_uint8_ids_as_mask": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    return palette[:, ids].movedim(0, -3)
'''),
    # Shifts the wrong way: inputs = targets[1:] followed by the start token (clause: inputs = [sos, targets[:-1]]);
    # agrees for a 1x1 image only.
    "blind3_pixel_sequence_shifted_left": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().flatten(-2)
    inputs = torch.cat([targets[..., 1:], torch.full_like(targets[..., :1], sos_id)], dim=-1)
    return inputs, targets
'''),
    # view() instead of reshape(): a non-contiguous image of ids (a transposed or cropped view) raises a RuntimeError
    # (clause: ids (..., H, W), any integer tensor).
    "blind3_pixel_sequence_view_needs_contiguous": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().view(*ids.shape[:-2], -1)
    inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
    return inputs, targets
'''),
    # `if b:` tests the bias tensor's truth value: a RuntimeError for any b with more than one class
    # (clause: b (K,) or None).
    "blind3_average_pool_bias_truthiness": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    logits = X.mean(dim=-1) @ W.T
    if b:
        logits = logits + b
    return logits
'''),

    # ------------------------------------------------------------------ swin
    # Drops the given _check_grid: a window that does not divide the grid fails in reshape (RuntimeError), window=0
    # with ZeroDivisionError (clause: ValueError if M < 1 or M does not divide H or W).
    "blind3_window_partition_without_grid_check": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    *batch, channels, height, width = X.shape
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Reads each window's M*M tokens back column-major (unflatten as (q, p)): every window is transposed, so
    # window_reverse(window_partition(X)) != X for M > 1 (clause: the inverse of window_partition).
    "blind3_window_reverse_window_transposed": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows do not tile the grid")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M).transpose(-2, -1)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Wrap test `r + shift > H` instead of `>=`: the first rolled row that came from row 0 is not flagged
    # (clause: rolled index r wrapped iff r + shift >= size).
    "blind3_shifted_mask_wrap_strict_inequality": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift > height
    wrapped_columns = torch.arange(width) + shift > width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The lesson's third trap: tokens labelled by the window they sat in BEFORE the roll, so tokens from two old
    # windows that now share a window are hidden from each other (clause: visible iff neither or both wrapped).
    "blind3_shifted_mask_old_window_labels": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    rows = (torch.arange(height) + shift) % height          # the original row of each rolled row
    cols = (torch.arange(width) + shift) % width
    labels = (rows // window)[:, None] * (width // window) + (cols // window)[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Requires 0 < shift: the unshifted layers' shift = 0 raises ValueError (clause: 0 <= shift < window is valid).
    "blind3_shifted_mask_rejects_zero_shift": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 < shift < window:
        raise ValueError(f"shift must be an integer with 0 < shift < window={window}, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # layer_norm called without eps: agrees at the default 1e-5, ignores any other eps (clause: eps passed on).
    "blind3_patch_merging_eps_not_passed": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),

    # ------------------------------------------------------------------ davit
    # Routes the groups through attention's scaled_dot_product_attention after multiplying Q by the scale: that
    # function divides by sqrt(N) again, so the default scale becomes 1/N (clause: scale = 1/sqrt(N) unless given).
    "blind3_channel_attention_scaled_twice_via_sdpa": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    from .attention import scaled_dot_product_attention
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
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    out, _ = scaled_dot_product_attention((Q * scale).transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
    return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Keeps the group and N checks but drops the parameter-shape checks: a bias of shape (1,) broadcasts silently
    # (clause: ValueError if a parameter's shape disagrees).
    "blind3_channel_attention_no_parameter_checks": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Tensor.split(num_groups) splits into pieces OF SIZE G (C/G groups), not into G groups (that is chunk): right
    # only when G * G == C (clause: group g owns rows g*C/G ... (g+1)*C/G - 1).
    "blind3_channel_attention_split_by_size": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
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
    s = 1 / math.sqrt(tokens) if scale is None else scale
    Q = linear(X, params["Wq"], params["bq"])
    K = linear(X, params["Wk"], params["bk"])
    V = linear(X, params["Wv"], params["bv"])
    outs = []
    for q, k, v in zip(Q.split(num_groups, dim=-2), K.split(num_groups, dim=-2), V.split(num_groups, dim=-2)):
        weights = softmax_cols(k @ q.transpose(-2, -1) * s)
        outs.append(weights.transpose(-2, -1) @ v)
    return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # The lesson's second trap: spatial attention inside each group (K_g^T Q_g, tokens attending to tokens, N x N)
    # instead of channels attending to channels (clause: scores K_g Q_g^T, (C/G, C/G)).
    "blind3_channel_attention_tokens_attend_tokens": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
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
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K.transpose(-2, -1) @ Q * scale)        # (..., G, N, N)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ embeddings
    # F.one_hot without num_classes infers V = max(id) + 1: too few rows whenever the top ids are absent, and an
    # error for empty ids (clause: (..., V, N) with V = vocab_size).
    "blind3_one_hot_num_classes_inferred": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    table = torch.nn.functional.one_hot(token_ids.long())
    return table.movedim(-1, -2).to(dtype or torch.get_default_dtype())
'''),
    # omega_e @ one_hot(ids, V) with one_hot in the default dtype: a float64 table meets a float32 one-hot and the
    # product fails (clause: the result keeps omega_e's dtype).
    "blind3_embed_one_hot_product_default_dtype": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e @ one_hot(token_ids, omega_e.shape[-1])
'''),
    # The given range check deleted: id -1 silently picks the last column (Python indexing) and id V raises an
    # IndexError (clause: ValueError for ids outside [0, V)).
    "blind3_embed_without_range_check": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    return omega_e[:, token_ids].movedim(0, -2)
'''),
    # The position table in PyTorch's (N, D) layout, positions as rows (clause: (D, N), columns are positions);
    # silently transposed when N == D.
    "blind3_sinusoidal_rows_are_positions": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())[:, None]
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())[None, :]
    angles = positions / 10000 ** (pair_index / dim)                  # (N, ceil(D/2))
    table = torch.empty(num_positions, dim)
    table[:, 0::2] = torch.sin(angles)
    table[:, 1::2] = torch.cos(angles[:, : dim // 2])
    return table
'''),
    # An odd D computed as the table for D + 1 with its last row dropped: the frequencies then use D + 1
    # (clause: 10000^(2i/D) with the given D; an odd D ends with a sine row).
    "blind3_sinusoidal_odd_dim_from_even_table": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    even = dim + dim % 2
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, even, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / even)
    table = torch.empty(even, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles)
    return table[:dim]
'''),
    # float32 hard-coded for the positions and the table: under torch.set_default_dtype(torch.float64) the table is
    # still float32 (clause: the default float dtype).
    "blind3_sinusoidal_float32_hard_coded": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    positions = torch.arange(num_positions, dtype=torch.float32)
    pair_index = torch.arange(0, dim, 2, dtype=torch.float32)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float32)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),

    # ------------------------------------------------------------------ bpe
    # corpus.split(" ") instead of corpus.split(): a newline or tab does not separate words (clause: words are
    # corpus.split(), whitespace).
    "blind3_train_bpe_split_on_space_only": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    split_words(corpus, "corpus")
    words = [list(word) + [END_OF_WORD] for word in corpus.split(" ") if word]
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
    # subword-nmt's --min-frequency 2: stops once the best pair occurs only once (clause: stop early only when no pair
    # is left).
    "blind3_train_bpe_min_frequency_two": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
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
        if pair_counts[best] < 2:
            break
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # The vocabulary built from set(corpus.split()): distinct words in hash order, not in order of first appearance,
    # so tied pairs are broken differently (clause: ties by first occurrence scanning words in order of appearance).
    "blind3_train_bpe_vocabulary_from_set": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    split_words(corpus, "corpus")
    tokens = corpus.split()
    vocab = {tuple(word) + (END_OF_WORD,): tokens.count(word) for word in set(tokens)}
    segmentation = {word: list(word) for word in vocab}
    merges = []
    for _ in range(num_merges):
        pair_counts = {}
        for word, frequency in vocab.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] = pair_counts.get(pair, 0) + frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # GPT-2's encoder: repeatedly merge the present pair of lowest rank. With a list where a later merge creates an
    # earlier one (("a", "bc") before ("b", "c")) it merges more than replaying the list in order
    # (clause: the merges applied one after another in the order learned).
    "blind3_bpe_encode_gpt2_lowest_rank": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    ranks = {}
    for rank, pair in enumerate(merges):
        ranks.setdefault(tuple(pair), rank)
    tokens = []
    for symbols in words:
        while len(symbols) > 1:
            best = min(zip(symbols, symbols[1:]), key=lambda pair: ranks.get(pair, float("inf")))
            if best not in ranks:
                break
            symbols = merge_pair(symbols, best)
        tokens.extend(symbols)
    return tokens
'''),
    # Matches on the joined text (a + b == pair[0] + pair[1]): ("ab", "c") is merged by the pair ("a", "bc"), which
    # crosses symbol boundaries; train_bpe and bpe_encode inherit it (clause: the pair's occurrences, symbol by symbol).
    "blind3_merge_pair_joined_text_match": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    target = pair[0] + pair[1]
    merged = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] + symbols[i + 1] == target:
            merged.append(target)
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged
'''),
    # Scans right to left: ["a", "a", "a"] becomes ["a", "aa"] instead of ["aa", "a"]; train_bpe inherits the
    # different segmentation (clause: non-overlapping occurrences, scanning left to right).
    "blind3_merge_pair_right_to_left": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    merged = []
    i = len(symbols) - 1
    while i >= 0:
        if i >= 1 and (symbols[i - 1], symbols[i]) == pair:
            merged.append(symbols[i - 1] + symbols[i])
            i -= 2
        else:
            merged.append(symbols[i])
            i -= 1
    return merged[::-1]
'''),
}

RIGHT_BLIND_3 = {
    # ------------------------------------------------------------------ softmax
    # nan_to_num turns a dead column's -inf maximum into 0; the denominators are clamped to the smallest normal
    # number, which leaves every live column (sum >= 1) untouched and divides a dead one's zeros by it.
    "blind3_softmax_nan_to_num_clamp_min": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    shift = torch.nan_to_num(scores.amax(dim=-2, keepdim=True), neginf=0.0)
    exps = (scores - shift).exp()
    return exps / exps.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
'''),
    # The online softmax of flash attention: one pass over the keys (rows) keeping a running column maximum and a
    # running sum rescaled whenever the maximum grows; a column that stays at -inf keeps a zero sum and comes out zero.
    "blind3_softmax_online_running_max": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    running_max = torch.full_like(scores[..., :1, :], float("-inf"))
    running_sum = torch.zeros_like(running_max)
    for j in range(scores.shape[-2]):
        row = scores[..., j:j + 1, :]
        new_max = torch.maximum(running_max, row)
        shift = new_max.masked_fill(torch.isneginf(new_max), 0.0)
        running_sum = running_sum * torch.exp(running_max - shift) + torch.exp(row - shift)
        running_max = new_max
    shift = running_max.masked_fill(torch.isneginf(running_max), 0.0)
    return torch.exp(scores - shift) / running_sum.masked_fill(running_sum == 0, 1.0)
'''),

    # ------------------------------------------------------------------ masking
    # An (n, n) grid of query indices compared with a column of key indices.
    "blind3_causal_mask_expand_compare": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    positions = torch.arange(n)
    return positions.expand(n, n) >= positions.unsqueeze(-1)
'''),
    # |i - j| as an L1 distance matrix between the (exactly representable) integer positions.
    "blind3_local_mask_cdist": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    positions = torch.arange(n, dtype=torch.float64)[:, None]
    return torch.cdist(positions, positions, p=1) <= window
'''),

    # ------------------------------------------------------------------ attention
    # guided-diffusion's QKVAttention: Q and K each scaled by D_k^(-1/4) before the product (same scores, smaller
    # intermediates).
    "blind3_sdpa_quarter_power_on_both": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scale = 1 / math.sqrt(math.sqrt(Q.shape[-2]))
    scores = (K * scale).transpose(-2, -1) @ (Q * scale)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Projections with F.linear on the row view X^T, turned back to columns.
    "blind3_self_attention_functional_linear_rows": ("attention", "self_attention", '''
def self_attention(
    X: torch.Tensor,
    Wq: torch.Tensor,
    bq: torch.Tensor,
    Wk: torch.Tensor,
    bk: torch.Tensor,
    Wv: torch.Tensor,
    bv: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    import torch.nn.functional as F
    rows = X.transpose(-2, -1)
    Q = F.linear(rows, Wq, bq).transpose(-2, -1)
    K = F.linear(rows, Wk, bk).transpose(-2, -1)
    V = F.linear(rows, Wv, bv).transpose(-2, -1)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # split_heads through the row layout: (..., N, D) -> (..., N, H, D/H) -> (..., H, D/H, N); the same heads.
    "blind3_split_heads_via_rows": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    rows = Y.transpose(-2, -1)
    rows = rows.unflatten(-1, (num_heads, rows.shape[-1] // num_heads))
    return rows.movedim(-3, -1)
'''),
    # Wo [A_1; ...; A_H] written as the sum over heads of Wo[:, head's columns] @ A_h, plus bo once.
    "blind3_mha_sum_of_head_projections": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    hd = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    out = params["bo"][:, None]
    for h in range(num_heads):
        r = slice(h * hd, (h + 1) * hd)
        head, _ = scaled_dot_product_attention(Q[..., r, :], K[..., r, :], V[..., r, :], mask)
        out = out + params["Wo"][:, r] @ head
    return out
'''),

    # ------------------------------------------------------------------ transformer_layer
    # Centre by sum / D, variance as an einsum of the centred columns, rsqrt and addcmul.
    "blind3_layer_norm_einsum_rsqrt_addcmul": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    D = X.shape[-2]
    centred = X - X.sum(dim=-2, keepdim=True) / D
    variance = torch.einsum("...dn,...dn->...n", centred, centred).unsqueeze(-2) / D
    return torch.addcmul(beta[:, None], gamma[:, None], centred * torch.rsqrt(variance + eps))
'''),
    # Layer norms by F.layer_norm on the row view; the two sub-blocks written out for each branch.
    "blind3_transformer_layer_functional_norm_rows": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    import torch.nn.functional as F

    def ln(Y, k):
        rows = Y.transpose(-2, -1)
        return F.layer_norm(rows, (rows.shape[-1],), params["gamma" + k], params["beta" + k], 1e-5).transpose(-2, -1)

    def sa(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def ff(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        h = X + sa(ln(X, "1"))
        return h + ff(ln(h, "2"))
    h = ln(X + sa(X), "1")
    return ln(h + ff(h), "2")
'''),

    # ------------------------------------------------------------------ cross_attention
    # Cross-attention written from the pieces (projections, heads, attention) instead of one MHA call.
    "blind3_cross_attention_from_pieces": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    if X_dec.shape[-2] % num_heads:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    out, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # enc_mask=None replaced by an explicit all-True (N_e, N_d) mask; the causal mask from aranges.
    "blind3_decoder_layer_explicit_full_enc_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    n_dec, n_enc = X_dec.shape[-1], X_enc.shape[-1]
    if enc_mask is None:
        enc_mask = torch.ones(n_enc, n_dec, dtype=torch.bool)
    positions = torch.arange(n_dec)
    self_mask = positions.unsqueeze(-1) <= positions
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),

    # ------------------------------------------------------------------ sampling
    # Ranks instead of index lists: rank[order] = 0..V-1, keep = rank < k (or < the top-p count); greedy from eye.
    "blind3_next_token_probs_rank_vector": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    V = logits.shape[-1]
    if temperature == 0:
        return torch.eye(V, dtype=logits.dtype)[int(torch.argmax(logits))]

    def ranks(p):
        order = torch.sort(p, descending=True, stable=True).indices
        r = torch.empty_like(order)
        r[order] = torch.arange(V)
        return order, r

    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        _, r = ranks(probs)
        probs = probs.masked_fill(r >= top_k, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order, r = ranks(probs)
        below = int((torch.cumsum(probs[order], dim=0) < top_p).sum())
        probs = probs.masked_fill(r > below, 0.0)
    return probs / probs.sum()
'''),
    # A preallocated buffer of N0 + max_new_tokens ids, returned cut to what was generated.
    "blind3_generate_preallocated_trimmed": ("sampling", "generate", '''
def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    n0 = prompt.shape[0]
    buffer = torch.empty(n0 + max_new_tokens, dtype=prompt.dtype)
    buffer[:n0] = prompt
    length = n0
    for _ in range(max_new_tokens):
        start = 0 if context_size is None else max(0, length - context_size)
        probs = next_token_probs(model(buffer[start:length])[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        buffer[length] = token[0]
        length += 1
        if eos_id is not None and int(token) == eos_id:
            break
    return buffer[:length].clone()
'''),
    # torch.distributions.Categorical over the first N - 1 columns (as rows), log_prob of the next ids, summed.
    "blind3_sequence_log_prob_categorical": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    logits = model(ids)[:, :-1].transpose(0, 1)               # (N - 1, V)
    dist = torch.distributions.Categorical(logits=logits, validate_args=False)
    return dist.log_prob(ids[1:]).sum()
'''),
    # Candidate scores in one float64 tensor per step, ranked by a stable descending torch.sort (ties keep the
    # candidates' beam-then-token order).
    "blind3_beam_search_stable_tensor_sort": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    seqs = [prompt]
    scores = torch.zeros(1, dtype=torch.float64)
    done = [False]
    for _ in range(max_new_tokens):
        cand_seqs, cand_scores, cand_done = [], [], []
        for seq, score, finished in zip(seqs, scores, done):
            if finished:
                cand_seqs.append(seq)
                cand_scores.append(score.reshape(1))
                cand_done.append(True)
                continue
            log_probs = torch.log_softmax(model(seq)[:, -1].detach().double(), dim=0)
            cand_scores.append(score + log_probs)
            for token in range(log_probs.shape[0]):
                cand_seqs.append(torch.cat([seq, torch.tensor([token], dtype=seq.dtype)]))
                cand_done.append(token == eos_id)
        flat = torch.cat(cand_scores)
        keep = torch.sort(flat, descending=True, stable=True).indices[:beam_width].tolist()
        seqs = [cand_seqs[i] for i in keep]
        scores = flat[keep]
        done = [cand_done[i] for i in keep]
        if all(done):
            break
    return seqs[0]
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Patches cut one by one in raster order of the grid and stacked as columns.
    "blind3_patchify_grid_loops": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be divisible by patch_size={patch_size}")
    P = patch_size
    columns = [images[:, :, r:r + P, c:c + P].reshape(batch, channels * P * P)
               for r in range(0, height, P) for c in range(0, width, P)]
    if not columns:
        return images.new_zeros(batch, channels * P * P, 0)
    return torch.stack(columns, dim=-1)
'''),
    # [CLS] placed by zero padding: tokens padded with an empty column 0, cls padded with N empty columns, added.
    "blind3_patch_embedding_pad_and_add_cls": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    import torch.nn.functional as F
    tokens = linear(patchify(images, patch_size), W, b)                 # (B, D, N)
    cls_column = F.pad(cls_token[:, None], (0, tokens.shape[-1]))        # (D, N + 1), zeros after column 0
    return F.pad(tokens, (1, 0)) + cls_column + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # torch.nn.GRUCell run through torch.func.functional_call with the given weights (the contract's accepted
    # alternative), so gradients reach every parameter; built on the meta device, it draws no random numbers.
    "blind3_decoder_step_grucell_functional_call": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    from torch.func import functional_call
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    D_s = s_prev.shape[-1]
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    x_rows = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
    h_rows = s_prev.expand(*batch, D_s).reshape(-1, D_s)
    cell = torch.nn.GRUCell(x.shape[-1], D_s, device="meta")
    weights_of_cell = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    s = functional_call(cell, weights_of_cell, (x_rows, h_rows)).reshape(*batch, D_s)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # torch.matmul all the way: v @ tanh(U H + W s) as a (1, D_a) row; mask by torch.where; context by a broadcast sum.
    "blind3_additive_attention_matmul_where": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    hidden = torch.tanh(torch.matmul(U, H) + torch.matmul(W, s.unsqueeze(-1)))    # (..., D_a, N)
    scores = torch.matmul(v, hidden)                                              # (..., N)
    if mask is not None:
        scores = torch.where(mask, scores, torch.tensor(float("-inf"), dtype=scores.dtype))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H * weights.unsqueeze(-2)).sum(dim=-1)
    return weights, context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # i - j is a multiple of s iff i and j leave the same remainder.
    "blind3_strided_mask_same_residue": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    residue = torch.arange(n) % stride
    return residue[:, None] == residue[None, :]
'''),
    # Logical or as the maximum of two bool tensors.
    "blind3_global_token_mask_maximum": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    return torch.maximum(is_global.unsqueeze(-1), is_global.unsqueeze(-2))
'''),
    # m = n // s and w capped at n instead of n - 1: the extra offsets (m*s = n, w = n) hold n - n = 0 pairs, so the
    # closed forms give the same counts.
    "blind3_sparse_cost_loose_caps": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n)
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = n // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ positions
    # `distance <= exact` for the exact branch: at d = n/2 the log branch gives n/2 + floor(log 1) = n/2 as well.
    "blind3_bucket_exact_boundary_inclusive": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        upper = (offset > 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        upper = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = (exact + scaled.long()).clamp(max=half - 1)
    return upper + torch.where(distance <= exact, distance, far)
'''),
    # One (D, D) block rotation matrix per position, applied with einsum.
    "blind3_rotary_rotation_matrices": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")

    def rotate(X, positions):
        D, N = X.shape[-2:]
        p = torch.arange(N) if positions is None else positions
        half = D // 2
        theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        angles = theta[:, None] * p.to(torch.float64)[None, :]            # (D/2, N)
        cos, sin = angles.cos().T.to(X.dtype), angles.sin().T.to(X.dtype)  # (N, D/2)
        R = torch.zeros(N, D, D, dtype=X.dtype)
        i = torch.arange(half)
        R[:, i, i] = cos
        R[:, i + half, i + half] = cos
        R[:, i, i + half] = -sin
        R[:, i + half, i] = sin
        return torch.einsum("nde,...en->...dn", R, X)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),

    # ------------------------------------------------------------------ pretraining
    # The 80/10/10 action drawn with torch.multinomial over three outcomes; selection by float64 uniforms.
    "blind3_mlm_multinomial_actions": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    specials = torch.as_tensor(special_ids).reshape(-1).to(ids.dtype)
    chosen = ~torch.isin(ids, specials) & (torch.rand(ids.shape, generator=generator, dtype=torch.float64) < mask_prob)
    count = ids.numel()
    action = torch.multinomial(torch.tensor([0.8, 0.1, 0.1], dtype=torch.float64), max(count, 1), replacement=True,
                               generator=generator)[:count].reshape(ids.shape)
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
    corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action == 1), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), torch.full(ids.shape, IGNORE, dtype=torch.long))
    return corrupted, labels
'''),
    # The other document by torch.multinomial with weight 0 on A's own, the sentence by multinomial on equal weights.
    "blind3_nsp_multinomial_weights": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for position in range(len(document) - 1):
            a = document[position]
            if torch.randint(2, (), generator=generator).item() == 0:
                pairs.append((a, document[position + 1], 0))
                continue
            others = torch.ones(len(documents), dtype=torch.float64)
            others[index] = 0.0
            j = int(torch.multinomial(others, 1, generator=generator))
            k = int(torch.multinomial(torch.ones(len(documents[j]), dtype=torch.float64), 1, generator=generator))
            pairs.append((a, documents[j][k], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # The same squared distances; the nearest colour by torch.max of the negated distances (first maximum).
    "blind3_quantize_max_of_negated": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)            # (..., H, W, C, 1)
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)      # (..., H, W, K)
    return torch.max(-distances, dim=-1).indices
'''),
    # index_select on the flattened ids, reshaped back.
    "blind3_dequantize_index_select": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    picked = torch.index_select(palette, 1, ids.reshape(-1).long())         # (C, P)
    return picked.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # F.pad with (1, -1): one start token in front, the last target cropped.
    "blind3_pixel_sequence_pad_and_crop": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().flatten(-2)
    inputs = torch.nn.functional.pad(targets, (1, -1), value=sos_id)
    return inputs, targets
'''),
    # Project every token, then average the logits (the mean commutes with the linear map).
    "blind3_average_pool_project_then_mean": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    logits = torch.einsum("kd,...dn->...k", W, X) / X.shape[-1]
    return logits if b is None else logits + b
'''),

    # ------------------------------------------------------------------ swin
    # Tensor.unfold twice, (..., C, a, b, p, q), then C moved after the window-grid axes.
    "blind3_window_partition_tensor_unfold": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    tiles = X.unfold(-2, M, M).unfold(-2, M, M)           # (..., C, a, b, p, q)
    tiles = tiles.movedim(-5, -3)                          # (..., a, b, C, p, q)
    return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Two wrap flags per token, partitioned as a 2-channel image; visible iff both flags agree.
    "blind3_shifted_mask_flag_channels": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    rows = (torch.arange(height) + shift >= height).long()
    cols = (torch.arange(width) + shift >= width).long()
    flags = torch.stack([rows[:, None].expand(height, width), cols[None, :].expand(height, width)])   # (2, H, W)
    windows = window_partition(flags, window)                                                       # (nW, 2, M*M)
    return (windows[:, :, :, None] == windows[:, :, None, :]).all(dim=1)
'''),
    # F.unfold with a 2x2 kernel, stride 2: features come (c, dy, dx); reordered to (dx, dy, c) = TL, BL, TR, BR.
    "blind3_patch_merging_functional_unfold": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, C, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * C,) or beta.shape != (4 * C,) or W.shape != (2 * C, 4 * C):
        raise ValueError("shapes disagree")
    blocks = torch.nn.functional.unfold(X.reshape(-1, C, height, width), kernel_size=2, stride=2)   # (P, 4C, L)
    blocks = blocks.unflatten(1, (C, 2, 2)).permute(0, 3, 2, 1, 4).flatten(1, 3)                  # (P, 4C, L)
    tokens = layer_norm(blocks, gamma, beta, eps)
    return (W @ tokens).reshape(*batch, 2 * C, height // 2, width // 2)
'''),

    # ------------------------------------------------------------------ davit
    # Groups as an unflattened axis and two einsums: scores[k, q] = K_k . Q_q, out[q] = sum_k weights[k, q] V_k.
    "blind3_channel_attention_einsum_groups": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
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
    s = 1 / math.sqrt(tokens) if scale is None else scale
    G = num_groups

    def grouped(name):
        return linear(X, params["W" + name], params["b" + name]).unflatten(-2, (G, channels // G))

    Q, K, V = grouped("q"), grouped("k"), grouped("v")
    weights = softmax_cols(torch.einsum("...gkn,...gqn->...gkq", K, Q) * s)
    out = torch.einsum("...gkq,...gkn->...gqn", weights, V)
    return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # torch's F.scaled_dot_product_attention with the channels as the sequence (queries as rows) and scale= given.
    "blind3_channel_attention_torch_sdpa_scale": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    import torch.nn.functional as F
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
    s = 1 / math.sqrt(tokens) if scale is None else scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)      # (..., G, C/G, N): rows are channels
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    out = F.scaled_dot_product_attention(Q, K, V, scale=s)                  # row i = sum_j softmax_j(q_i.k_j s) v_j
    return linear(merge_heads(out), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ embeddings
    # F.one_hot with num_classes, moved to columns and cast.
    "blind3_one_hot_functional": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    table = torch.nn.functional.one_hot(token_ids.long(), num_classes=vocab_size)
    return table.movedim(-1, -2).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # Unit complex numbers e^(i angle) by torch.polar: imaginary parts are the sines, real parts the cosines,
    # interleaved row by row and cut to D rows.
    "blind3_sinusoidal_polar_interleave": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    dtype = torch.get_default_dtype()
    positions = torch.arange(num_positions, dtype=dtype)
    pair_index = torch.arange(0, dim, 2, dtype=dtype)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)       # (ceil(D/2), N)
    clock = torch.polar(torch.ones_like(angles), angles)
    table = torch.stack([clock.imag, clock.real], dim=1).flatten(0, 1)       # sin, cos, sin, cos, ...
    return table[:dim]
'''),

    # ------------------------------------------------------------------ bpe
    # Counter.most_common(1): its ranking is stable, so among tied counts it returns the pair inserted first.
    "blind3_train_bpe_most_common": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    frequency = Counter(tuple(word) for word in words)
    current = {word: list(word) for word in frequency}
    merges = []
    while len(merges) < num_merges:
        counts = Counter()
        for word, times in frequency.items():
            symbols = current[word]
            for pair in zip(symbols, symbols[1:]):
                counts[pair] += times
        if not counts:
            break
        (best, _), = counts.most_common(1)
        merges.append(best)
        current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
    return merges
'''),
    # GPT-2-like per-word cache around the in-order replay (same word, same tokens).
    "blind3_bpe_encode_word_cache": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    cache = {}
    tokens = []
    for symbols in words:
        key = tuple(symbols)
        if key not in cache:
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            cache[key] = list(symbols)
        tokens.extend(cache[key])
    return tokens
'''),
}
