"""Blind held-out implementations (written without reading grader/ or tests/)."""
WRONG_BLIND = {
    # ------------------------------------------------------------------ softmax
    # PyTorch habit: normalises rows (one distribution per key) instead of columns.
    "blind_softmax_over_rows": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    return torch.softmax(scores, dim=-1)
'''),
    # Textbook formula without the max shift: overflows for entries of 1e4 in float32.
    "blind_softmax_no_max_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    exps = torch.exp(scores)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # torch.softmax on the right axis, but an all -inf column becomes NaN.
    "blind_softmax_torch_nan_fully_masked": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    return torch.softmax(scores, dim=-2)
'''),
    # Log-sum-exp by hand: -inf - (-inf) gives NaN on a fully masked column.
    "blind_softmax_logsumexp_nan_fully_masked": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    return torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
'''),
    # One global max instead of one per column: a low column underflows to all zeros.
    "blind_softmax_global_max": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    top = scores.max()
    if torch.isinf(top):
        top = torch.zeros_like(top)
    exps = torch.exp(scores - top)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Computes in float32 whatever the input dtype, then casts back.
    "blind_softmax_float32_inside": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    s = scores.float()
    m = s.amax(dim=-2, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    exps = torch.exp(s - m)
    total = exps.sum(dim=-2, keepdim=True)
    return (exps / total.masked_fill(total == 0, 1.0)).to(scores.dtype)
'''),
    # Shifts and exponentiates the caller's tensor in place.
    "blind_softmax_in_place": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max[column_max == float("-inf")] = 0.0
    scores.sub_(column_max)
    scores.exp_()
    total = scores.sum(dim=-2, keepdim=True)
    return scores / total.masked_fill(total == 0, 1.0)
'''),

    # ------------------------------------------------------------------ masking
    # torch.tril habit: key j visible to query i iff j >= i (the transposed layout).
    "blind_causal_mask_tril": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool))
'''),
    # Strictly earlier keys only: the diagonal is hidden.
    "blind_causal_mask_strict": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return keys < queries
'''),
    # A float 0/1 mask instead of a BoolTensor.
    "blind_causal_mask_float": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.triu(torch.ones(n, n))
'''),
    # Off by one: the key at index lengths[b] is also visible.
    "blind_padding_mask_off_by_one": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys <= lengths[:, None])[:, :, None]
'''),
    # Shape (B, 1, n): broadcasts over keys instead of queries.
    "blind_padding_mask_wrong_axis": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys < lengths[:, None])[:, None, :]
'''),
    # key_padding_mask habit: True marks padding.
    "blind_padding_mask_true_is_padding": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys >= lengths[:, None])[:, :, None]
'''),
    # Window edge excluded.
    "blind_local_mask_strict_window": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys).abs() < window
'''),
    # Only looks back (causal local window).
    "blind_local_mask_one_sided": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys >= 0) & (queries - keys <= window)
'''),
    # -1e9 instead of -inf.
    "blind_apply_mask_large_negative": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    return scores.masked_fill(~mask, -1e9)
'''),
    # masked_fill_ writes into the caller's scores.
    "blind_apply_mask_in_place": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    scores.masked_fill_(~mask, float("-inf"))
    return scores
'''),
    # BERT's additive extended attention mask.
    "blind_apply_mask_bert_additive": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    return scores + (1.0 - mask.to(scores.dtype)) * -10000.0
'''),
    # Hides the visible entries (nn.MultiheadAttention's True = blocked).
    "blind_apply_mask_inverted": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    return scores.masked_fill(mask, float("-inf"))
'''),

    # ------------------------------------------------------------------ attention
    "blind_sdpa_divides_by_dk": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / Q.shape[-2]
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    "blind_sdpa_no_scaling": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Scales by the value width; only differs when D_v != D_k.
    "blind_sdpa_scales_by_value_dim": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(V.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # sqrt(D_k) taken in float32 (tutorial style); exact only when D_k is a perfect square.
    "blind_sdpa_float32_sqrt_scale": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scale = torch.sqrt(torch.tensor(Q.shape[-2], dtype=torch.float32))
    scores = K.transpose(-2, -1) @ Q / scale
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Softmax over the queries (PyTorch's dim=-1).
    "blind_sdpa_softmax_over_queries": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    return V @ weights, weights
'''),
    # Multiplies the weights by the mask after the softmax and renormalises: NaN for a query that sees nothing.
    "blind_sdpa_mask_after_softmax_renormalised": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    weights = softmax_cols(scores)
    if mask is not None:
        weights = weights * mask
        weights = weights / weights.sum(dim=-2, keepdim=True)
    return V @ weights, weights
'''),
    # Masks after the softmax without renormalising.
    "blind_sdpa_mask_after_softmax": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    weights = softmax_cols(scores)
    if mask is not None:
        weights = weights.masked_fill(~mask, 0.0)
    return V @ weights, weights
'''),
    # Finite fill value: a query that sees no key gets uniform weights instead of zeros.
    "blind_sdpa_large_negative_fill": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Zeroes the masked scores instead of hiding them.
    "blind_sdpa_mask_multiplies_scores": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores * mask
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Transposes the mask as if it were PyTorch's (N_q, N_k) attn_mask.
    "blind_sdpa_mask_transposed": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask.transpose(-2, -1))
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # torch.softmax on the right axis: NaN output for a fully masked query.
    "blind_sdpa_torch_softmax_nan": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-2)
    return V @ weights, weights
'''),
    # Returns the weights in PyTorch's (N_q, N_k) layout.
    "blind_sdpa_weights_transposed": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights.transpose(-2, -1)
'''),
    # Copy-paste slip: keys projected with the query weights.
    "blind_self_attention_keys_use_query_weights": ("attention", "self_attention", '''
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
    Q = linear(X, Wq, bq)
    K = linear(X, Wq, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Forgets to pass the mask on.
    "blind_self_attention_drops_mask": ("attention", "self_attention", '''
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
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V)
'''),
    # Bias broadcast along the last (token) axis instead of as a column.
    "blind_self_attention_bias_as_row": ("attention", "self_attention", '''
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
    Q = Wq @ X + bq
    K = Wk @ X + bk
    V = Wv @ X + bv
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # Head h takes rows h, h + H, h + 2H, ... (view as (D/H, H) then transpose).
    "blind_mha_interleaved_heads": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")

    def split(Y):
        *batch, d, n = Y.shape
        return Y.reshape(*batch, d // num_heads, num_heads, n).transpose(-3, -2)

    Q = split(linear(Xq, params["Wq"], params["bq"]))
    K = split(linear(Xkv, params["Wk"], params["bk"]))
    V = split(linear(Xkv, params["Wv"], params["bv"]))
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(heads.transpose(-3, -2).reshape(*heads.shape[:-3], dim, -1), params["Wo"], params["bo"])
'''),
    # Scales by sqrt(D) instead of sqrt(D/H).
    "blind_mha_scale_by_model_dim": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    import math
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(dim)
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    heads = V @ softmax_cols(scores)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Adds the head axis in front: a batched (B, N_k, N_q) mask lines up B with the heads.
    "blind_mha_mask_head_axis_in_front": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(0)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Output projection without its bias.
    "blind_mha_missing_output_bias": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return params["Wo"] @ merge_heads(heads)
'''),
    # Correct split, but heads merged by transposing first (interleaves the head rows).
    "blind_mha_merge_transposed": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    merged = heads.transpose(-3, -2).reshape(*heads.shape[:-3], dim, heads.shape[-1])
    return linear(merged, params["Wo"], params["bo"])
'''),
    # No divisibility check: reshape fails with a RuntimeError (or silently drops rows) instead of a ValueError.
    "blind_mha_no_divisibility_check": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Self-attention assumption: keys and values projected from Xq.
    "blind_mha_keys_from_queries": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xq, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xq, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    "blind_layer_norm_unbiased_variance": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    "blind_layer_norm_eps_outside_sqrt": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2, keepdim=True)
    std = X.std(dim=-2, keepdim=True, unbiased=False)
    return gamma[:, None] * (X - mean) / (std + eps) + beta[:, None]
'''),
    # Normalises each feature over the tokens (rows instead of columns).
    "blind_layer_norm_over_tokens": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-1, keepdim=True)
    variance = X.var(dim=-1, keepdim=True, correction=0)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Ignores the eps argument (hard-coded 1e-5).
    "blind_layer_norm_ignores_eps": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2, keepdim=True)
    variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + 1e-5) + beta[:, None]
'''),
    # GELU (GPT/BERT habit) instead of the contract's ReLU.
    "blind_feed_forward_gelu": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    return linear(torch.nn.functional.gelu(linear(X, W1, b1)), W2, b2)
'''),
    # ReLU also after the second layer.
    "blind_feed_forward_relu_on_output": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    return torch.relu(linear(torch.relu(linear(X, W1, b1)), W2, b2))
'''),
    # Pre-LN with the residual taken from the normalised stream.
    "blind_transformer_prenorm_residual_from_normalised": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    if norm_first:
        X = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(X, X, params, num_heads, mask)
        X = layer_norm(X, params["gamma2"], params["beta2"])
        return X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma2"], params["beta2"])
'''),
    # Ignores norm_first: always post-LN.
    "blind_transformer_ignores_norm_first": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma2"], params["beta2"])
'''),
    # Uses gamma1/beta1 for both norms.
    "blind_transformer_reuses_first_norm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    def norm(Y):
        return layer_norm(Y, params["gamma1"], params["beta1"])

    def ffn(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + multi_head_attention(norm(X), norm(X), params, num_heads, mask)
        return X + ffn(norm(X))
    X = norm(X + multi_head_attention(X, X, params, num_heads, mask))
    return norm(X + ffn(X))
'''),
    # Post-LN written as X + LN(sublayer(X)).
    "blind_transformer_norm_inside_residual": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    def ffn(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + multi_head_attention(*(2 * [layer_norm(X, params["gamma1"], params["beta1"])]), params, num_heads, mask)
        return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
    X = X + layer_norm(multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return X + layer_norm(ffn(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # Queries from the encoder, keys/values from the decoder.
    "blind_cross_attention_roles_swapped": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if enc_mask is not None:
        enc_mask = enc_mask.transpose(-2, -1)
    return multi_head_attention(X_enc, X_dec, params, num_heads, enc_mask)
'''),
    # The encoder mask is never applied.
    "blind_cross_attention_ignores_mask": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    return multi_head_attention(X_dec, X_enc, params, num_heads)
'''),
    # Transposes the encoder mask into PyTorch's (N_d, N_e) layout.
    "blind_cross_attention_mask_transposed": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if enc_mask is not None:
        enc_mask = enc_mask.transpose(-2, -1)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Self-attention without the causal mask.
    "blind_decoder_layer_no_causal_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads), params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # torch.tril causal mask: each query sees the future instead of the past.
    "blind_decoder_layer_causal_tril": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    n = X.shape[-1]
    future = torch.tril(torch.ones(n, n, dtype=torch.bool))
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, future),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # Cross-attention reads the decoder's original input instead of the updated stream.
    "blind_decoder_layer_cross_on_input": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    mask = causal_mask(X_dec.shape[-1])
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X_dec, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # Norms numbered in the wrong order (gamma2 after self-attention, gamma1 after cross-attention).
    "blind_decoder_layer_norms_swapped": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    mask = causal_mask(X.shape[-1])
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),

    # ------------------------------------------------------------------ sampling
    # No greedy branch: temperature 0 divides by zero.
    "blind_next_token_probs_no_greedy_branch": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
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
    # Top-p drops the token that crosses p.
    "blind_top_p_drops_crossing_token": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.clone()
        probs[order[top_k:]] = 0.0
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = max(int((cumulative < top_p).sum()), 1)
        probs = probs.clone()
        probs[order[num_kept:]] = 0.0
    return probs / probs.sum()
'''),
    # Top-p uses <=: a cumulative exactly equal to p keeps one token too many.
    "blind_top_p_exact_threshold_keeps_extra": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.clone()
        probs[order[top_k:]] = 0.0
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative <= top_p).sum()) + 1, len(probs))
        probs = probs.clone()
        probs[order[num_kept:]] = 0.0
    return probs / probs.sum()
'''),
    # Top-k by threshold (HF's TopKLogitsWarper): ties at the k-th value keep more than k tokens.
    "blind_top_k_threshold_keeps_ties": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    logits = logits / temperature
    if top_k is not None:
        kth = torch.topk(logits, min(top_k, logits.shape[-1])).values[-1]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    probs = torch.softmax(logits, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        probs = probs.clone()
        probs[order[num_kept:]] = 0.0
    return probs / probs.sum()
'''),
    # Top-p measured on the top-k probabilities before renormalising them.
    "blind_top_p_on_unrenormalised_top_k": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.clone()
        probs[order[top_k:]] = 0.0
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        probs = probs.clone()
        probs[order[num_kept:]] = 0.0
    return probs / probs.sum()
'''),
    # Temperature divides the probabilities, so renormalising cancels it.
    "blind_temperature_after_softmax": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits, dim=-1) / temperature
    probs = probs / probs.sum()
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.clone()
        probs[order[top_k:]] = 0.0
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        probs = probs.clone()
        probs[order[num_kept:]] = 0.0
    return probs / probs.sum()
'''),
    # Draws from the global RNG: the generator argument is ignored.
    "blind_generate_ignores_generator": ("sampling", "generate", '''
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
        next_id = torch.multinomial(probs, 1)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # `if eos_id and ...`: an eos id of 0 never stops generation.
    "blind_generate_eos_zero_falsy": ("sampling", "generate", '''
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
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id and int(next_id) == eos_id:
            break
    return ids
'''),
    # Crops the context to the first context_size tokens.
    "blind_generate_crops_from_start": ("sampling", "generate", '''
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
        context = ids if context_size is None else ids[:context_size]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Stops before appending eos: eos is not included.
    "blind_generate_drops_eos": ("sampling", "generate", '''
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
        next_id = torch.multinomial(probs, 1, generator=generator)
        if eos_id is not None and int(next_id) == eos_id:
            break
        ids = torch.cat([ids, next_id.to(ids.dtype)])
    return ids
'''),
    # Off by one: column n scores ids[n] instead of column n - 1.
    "blind_sequence_log_prob_same_column": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=0)
    positions = torch.arange(1, len(ids))
    return log_probs[ids[1:], positions].sum()
'''),
    # log_softmax over the positions instead of the vocabulary.
    "blind_sequence_log_prob_softmax_over_positions": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=-1)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),
    # Length-normalised scores (HF's length_penalty=1.0).
    "blind_beam_search_length_normalised": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        generated = lambda c: max(len(c[1]) - len(prompt), 1)
        candidates.sort(key=lambda c: -c[0] / generated(c))
        beams = candidates[:beam_width]
        if all(f for _, _, f in beams):
            break
    return beams[0][1]
'''),
    # A beam ending in eos keeps being extended.
    "blind_beam_search_extends_finished": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(0.0, prompt)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids in beams:
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if eos_id is not None and all(int(ids[-1]) == eos_id for _, ids in beams):
            break
    return beams[0][1]
'''),
    # Returns only the generated tokens, without the prompt.
    "blind_beam_search_without_prompt": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(f for _, _, f in beams):
            break
    return beams[0][1][len(prompt):]
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Reshape without moving the grid axes: columns are not patches.
    "blind_patchify_reshape_without_permute": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    num_patches = (height // patch_size) * (width // patch_size)
    return images.reshape(batch, channels * patch_size * patch_size, num_patches)
'''),
    # Each patch flattened channels-last (row, column, channel).
    "blind_patchify_channels_last": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 3, 5, 1)
    return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Patches in column-major order (top to bottom, then left to right).
    "blind_patchify_column_major_patches": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 4, 2, 1, 3, 5)
    return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # [CLS] appended as the last column.
    "blind_patch_embedding_cls_last": ("patch_embedding", "patch_embedding", '''
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
    return torch.cat([tokens, cls_column], dim=-1) + positions
'''),
    # Positions added to the patches only ([CLS] gets none, positions[:, 1:] skipped wrongly).
    "blind_patch_embedding_positions_before_cls": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1)
'''),
    # The patch bias is added to the [CLS] column as well.
    "blind_patch_embedding_bias_on_cls": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    tokens = W @ patchify(images, patch_size)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + b[:, None] + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # Softmax after masking with -inf via torch.softmax: NaN when a state sees nothing.
    "blind_additive_attention_nan_fully_masked": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    context = torch.einsum("...dn,...n->...d", H, weights)
    return weights, context
'''),
    # -1e9 fill: a state that sees nothing gets uniform weights.
    "blind_additive_attention_large_negative": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = torch.softmax(scores, dim=-1)
    context = torch.einsum("...dn,...n->...d", H, weights)
    return weights, context
'''),
    # Forgets the tanh.
    "blind_additive_attention_no_tanh": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    hidden = U @ H + (s @ W.T).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # Luong order: GRU first, then attention scored with the new state.
    "blind_decoder_step_attends_with_new_state": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    _, context_prev = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context_prev), s_prev, params["weight_ih"], params["weight_hh"],
                 params["bias_ih"], params["bias_hh"])
    weights, context = additive_attention(s, H, params["W"], params["U"], params["v"], mask)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # GRU input stacked as [context; embedding].
    "blind_decoder_step_input_order_swapped": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(context, y_prev), s_prev, params["weight_ih"], params["weight_hh"],
                 params["bias_ih"], params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # GRU update written h' = z n + (1 - z) h (the other common convention, not nn.GRUCell's).
    "blind_decoder_step_gru_update_swapped": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    r_x, z_x, n_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
    r_h, z_h, n_h = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
    r = torch.sigmoid(r_x + r_h)
    z = torch.sigmoid(z_x + z_h)
    n = torch.tanh(n_x + r * n_h)
    s = z * n + (1 - z) * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # One softmax per row of the grid instead of one over all cells.
    "blind_grid_attention_softmax_per_row": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    query = (s @ W.T)[..., :, None, None]
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
    scores = torch.einsum("a,...ahw->...hw", v, hidden)
    weights = torch.softmax(scores, dim=-1)
    context = torch.einsum("...chw,...hw->...c", features, weights)
    return weights, context
'''),
    # Flattens the grid column by column but unflattens row by row: weights land on the wrong cells.
    "blind_grid_attention_transposed_flatten": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.transpose(-2, -1).flatten(-2), W, U, v)
    return weights.unflatten(-1, (height, width)), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Sparse Transformer's causal habit: only earlier keys on the stride.
    "blind_strided_mask_causal_only": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError("stride must be positive")
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return ((queries - keys) % stride == 0) & (keys <= queries)
'''),
    # No stride check: stride 0 fails with a RuntimeError, negative strides are accepted.
    "blind_strided_mask_no_stride_check": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets % stride == 0
'''),
    # Same block instead of same residue: (i // s == j // s).
    "blind_strided_mask_blocks": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError("stride must be positive")
    positions = torch.arange(n)
    return positions[:, None] // stride == positions[None, :] // stride
'''),
    # AND instead of OR.
    "blind_global_token_mask_and": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    return is_global.unsqueeze(-1) & is_global.unsqueeze(-2)
'''),
    # Only global keys are visible; global queries do not see everything.
    "blind_global_token_mask_keys_only": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    return is_global.unsqueeze(-1).expand(*is_global.shape, is_global.shape[-1])
'''),
    # Window not capped at n - 1.
    "blind_sparse_cost_local_uncapped": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"{pattern!r} needs a size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        return n * (2 * window + 1) - window * (window + 1)
    if pattern == "strided":
        m = (n - 1) // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # Strided pairs counted on one side only (keys before the query), the factor 2 forgotten.
    "blind_sparse_cost_strided_one_sided": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"{pattern!r} needs a size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (m + 1) - stride * m * (m + 1) // 2
    return num_global * (2 * n - num_global)
'''),
    # Global rows and columns double-count the g x g block.
    "blind_sparse_cost_global_double_count": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"{pattern!r} needs a size")
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
    return 2 * num_global * n
'''),

    # ------------------------------------------------------------------ positions
    # Offset taken as query - key: the halves are swapped.
    "blind_bucket_sign_reversed": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = -relative_position.long()
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
    # Causal mode uses |offset|: keys after the query are not collapsed to 0.
    "blind_bucket_causal_uses_abs": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = relative_position.long()
    half = num_buckets // 2 if bidirectional else num_buckets
    base = torch.where(offset > 0, half, 0) if bidirectional else torch.zeros_like(offset)
    distance = offset.abs()
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # The log taken in float64: boundary distances land one bucket off.
    "blind_bucket_log_in_float64": ("positions", "relative_position_bucket", '''
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
    log_scale = torch.log(distance.double() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Far buckets not capped at n - 1.
    "blind_bucket_not_capped": ("positions", "relative_position_bucket", '''
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
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    return base + torch.where(distance < exact, distance, exact + log_scale.long())
'''),
    # RoFormer's adjacent pairing (2i, 2i + 1), which the contract rejects.
    "blind_rotary_adjacent_pairs": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")

    def rotate(X, positions):
        dim, num = X.shape[-2:]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        even, odd = X[..., 0::2, :], X[..., 1::2, :]
        out = torch.stack([even * cos - odd * sin, odd * cos + even * sin], dim=-2)
        return out.reshape(X.shape)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Frequencies base^(-i/D) (the 2 dropped).
    "blind_rotary_theta_missing_two": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")

    def rotate(X, positions):
        dim, num = X.shape[-2:]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(dim // 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Rotates the other way (sin sign flipped).
    "blind_rotary_sign_flipped": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")

    def rotate(X, positions):
        dim, num = X.shape[-2:]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos + bottom * sin, bottom * cos - top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # HF-style inv_freq and angles in float32 even for float64 inputs.
    "blind_rotary_angles_float32": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")

    def rotate(X, positions):
        dim, num = X.shape[-2:]
        if positions is None:
            positions = torch.arange(num)
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        angles = inv_freq[:, None] * positions.float()[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Only Q is rotated.
    "blind_rotary_keys_not_rotated": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")
    return rotate_columns(Q, positions_q, base), K.clone()
'''),

    # ------------------------------------------------------------------ pretraining
    # torch.rand without the generator: not reproducible from the seed.
    "blind_mlm_ignores_generator": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape) < mask_prob)
    action = torch.rand(ids.shape)
    random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Writes the corruption into ids itself.
    "blind_mlm_modifies_ids_in_place": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    labels = torch.where(chosen, ids.long(), -100)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    ids[chosen & (action < 0.8)] = mask_id
    swap = chosen & (action >= 0.8) & (action < 0.9)
    ids[swap] = random_ids[swap]
    return ids, labels
'''),
    # Labels keep the original id everywhere instead of -100 where not chosen.
    "blind_mlm_labels_everywhere": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, ids.long().clone()
'''),
    # Special tokens can be chosen too.
    "blind_mlm_specials_chosen": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    chosen = torch.rand(ids.shape, generator=generator) < mask_prob
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Labels only where [MASK] was written, not at the random/unchanged chosen positions.
    "blind_mlm_labels_only_masked": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    masked = chosen & (action < 0.8)
    corrupted = torch.where(masked, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(masked, ids.long(), -100)
    return corrupted, labels
'''),
    # Random replacement drawn with an independent 10 % instead of half of the remaining 20 %.
    "blind_mlm_random_split_wrong": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
    masked = chosen & (torch.rand(ids.shape, generator=generator) < 0.8)
    replaced = chosen & ~masked & (torch.rand(ids.shape, generator=generator) < 0.1)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(masked, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(replaced, random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # The random sentence may come from A's own document.
    "blind_nsp_same_document_allowed": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for document in documents:
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = documents[torch.randint(len(documents), (), generator=generator).item()]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # Labels the other way round: 1 = is next.
    "blind_nsp_labels_inverted": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 1))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 0))
    return pairs
'''),
    # Uniform over all sentences of the other documents, not a uniform document first.
    "blind_nsp_uniform_over_sentences": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        pool = [s for j, d in enumerate(documents) if j != index for s in d]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pairs.append((a, pool[torch.randint(len(pool), (), generator=generator).item()], 1))
    return pairs
'''),
    # Python's random module: ignores the generator.
    "blind_nsp_python_random": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    import random
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if random.random() < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = random.choice([d for j, d in enumerate(documents) if j != index])
                pairs.append((a, random.choice(other), 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Distances computed in float32.
    "blind_quantize_float32_distances": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("bad shapes")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = images.float().movedim(-3, -1)[..., :, None]
    return (pixels - palette.float()).square().sum(dim=-2).argmin(dim=-1)
'''),
    # L1 distance instead of squared Euclidean.
    "blind_quantize_l1_distance": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("bad shapes")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = images.movedim(-3, -1)[..., :, None]
    return (pixels - palette).abs().sum(dim=-2).argmin(dim=-1)
'''),
    # Channels-last result (..., H, W, C).
    "blind_dequantize_channels_last": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.is_floating_point() or ids.dtype == torch.bool:
        raise ValueError("ids must be integers")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    return palette.T[ids.long()]
'''),
    # No range check: negative ids silently wrap around.
    "blind_dequantize_no_range_check": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.is_floating_point() or ids.dtype == torch.bool:
        raise ValueError("ids must be integers")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # Keeps the integer dtype of ids (int32 in, int32 out) instead of long.
    "blind_pixel_sequence_keeps_dtype": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("no pixels")
    if sos_id < 0:
        raise ValueError("negative sos_id")
    targets = ids.flatten(-2)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=targets.dtype)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Column-major pixel order.
    "blind_pixel_sequence_column_major": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("no pixels")
    if sos_id < 0:
        raise ValueError("negative sos_id")
    targets = ids.long().transpose(-2, -1).flatten(-2)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Skips column 0 as if it were a [CLS] token.
    "blind_average_pool_skips_first_token": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.shape[-1] == 0:
        raise ValueError("no tokens")
    pooled = X[..., 1:].mean(dim=-1)
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),
    # Averages over the features instead of the tokens.
    "blind_average_pool_over_features": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.shape[-1] == 0:
        raise ValueError("no tokens")
    pooled = (W @ X).mean(dim=-2)
    return pooled if b is None else pooled + b
'''),

    # ------------------------------------------------------------------ swin
    # Windows in column-major order over the grid of windows.
    "blind_window_partition_column_major_windows": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-2, -4), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Tokens inside a window in column-major order.
    "blind_window_partition_tokens_transposed": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4)).transpose(-2, -1)
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Plain reshape, no axis moves: not the inverse of window_partition.
    "blind_window_reverse_plain_reshape": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    *batch, _, channels, _ = windows.shape
    return windows.movedim(-2, -3).reshape(*batch, channels, height, width)
'''),
    # No check of nW: a wrong window count reshapes silently or fails with RuntimeError.
    "blind_window_reverse_no_count_check": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    M = window
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Wrap-around flagged for the first `shift` rows/columns (rolled down/right instead of up/left).
    "blind_shifted_mask_wrong_direction": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if not 0 <= shift < window:
        raise ValueError("need 0 <= shift < window")
    rows = (torch.arange(height) < shift).long()
    cols = (torch.arange(width) < shift).long()
    labels = 2 * rows[:, None] + cols[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Only the rows are labelled; the column wrap-around is ignored.
    "blind_shifted_mask_rows_only": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if not 0 <= shift < window:
        raise ValueError("need 0 <= shift < window")
    labels = (torch.arange(height) + shift >= height).long()[:, None].expand(height, width)
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # No shift range check.
    "blind_shifted_mask_no_shift_check": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    rows = (torch.arange(height) + shift >= height).long()
    cols = (torch.arange(width) + shift >= width).long()
    labels = window_partition((2 * rows[:, None] + cols[None, :])[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Raster order top-left, top-right, bottom-left, bottom-right.
    "blind_patch_merging_raster_order": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 0::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Unbiased variance in the merging layer norm.
    "blind_patch_merging_unbiased_norm": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    mean = merged.mean(dim=-3, keepdim=True)
    std = merged.std(dim=-3, keepdim=True)
    normed = (merged - mean) / torch.sqrt(std ** 2 + eps)
    normed = normed * gamma[:, None, None] + beta[:, None, None]
    return torch.einsum("oc,...chw->...ohw", W, normed)
'''),

    # ------------------------------------------------------------------ davit
    # The paper's 1/sqrt(C/G) used as the default scale.
    "blind_channel_attention_paper_scale": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if num_groups < 1 or channels % num_groups or tokens == 0:
        raise ValueError("bad num_groups or empty X")
    if scale is None:
        scale = (channels // num_groups) ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # weights @ V without the transpose.
    "blind_channel_attention_missing_transpose": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if num_groups < 1 or channels % num_groups or tokens == 0:
        raise ValueError("bad num_groups or empty X")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights @ V), params["Wo"], params["bo"])
'''),
    # timm layout (Q K^T) but the softmax runs over the queries.
    "blind_channel_attention_softmax_over_queries": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if num_groups < 1 or channels % num_groups or tokens == 0:
        raise ValueError("bad num_groups or empty X")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    attn = (Q @ K.transpose(-2, -1) * scale).softmax(dim=-2)
    return linear(merge_heads(attn @ V), params["Wo"], params["bo"])
'''),
    # Groups take every G-th channel.
    "blind_channel_attention_interleaved_groups": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if num_groups < 1 or channels % num_groups or tokens == 0:
        raise ValueError("bad num_groups or empty X")
    if scale is None:
        scale = 1 / math.sqrt(tokens)

    def groups(Y):
        return Y.unflatten(-2, (channels // num_groups, num_groups)).transpose(-3, -2)

    Q = groups(linear(X, params["Wq"], params["bq"]))
    K = groups(linear(X, params["Wk"], params["bk"]))
    V = groups(linear(X, params["Wv"], params["bv"]))
    out = softmax_cols(K @ Q.transpose(-2, -1) * scale).transpose(-2, -1) @ V
    return linear(out.transpose(-3, -2).flatten(-3, -2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ embeddings
    # F.one_hot layout (..., N, V).
    "blind_one_hot_rows_not_columns": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    return torch.nn.functional.one_hot(token_ids, vocab_size).to(dtype or torch.get_default_dtype())
'''),
    # The dtype argument is ignored (always float32).
    "blind_one_hot_ignores_dtype": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    return torch.nn.functional.one_hot(token_ids, vocab_size).transpose(-2, -1).float()
'''),
    # No range check: F.one_hot raises RuntimeError, not ValueError.
    "blind_one_hot_no_range_check": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    out = torch.nn.functional.one_hot(token_ids, vocab_size).transpose(-2, -1)
    return out.to(dtype or torch.get_default_dtype())
'''),
    # Works for (N,) ids but leaves D in front for batched ids.
    "blind_embed_batch_axis_not_moved": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e[:, token_ids]
'''),
    # nn.Embedding habit: rows (..., N, D).
    "blind_embed_rows": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e.T[token_ids]
'''),
    # Sines in the first half of the rows, cosines in the second (tensor2tensor layout).
    "blind_sinusoidal_halves_not_interleaved": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    return torch.cat([torch.sin(angles), torch.cos(angles[: dim // 2])], dim=0)
'''),
    # Frequency indexed by the row, not the row pair.
    "blind_sinusoidal_row_index_frequency": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    rows = torch.arange(dim, dtype=torch.get_default_dtype())[:, None]
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())[None, :]
    angles = positions / 10000 ** (rows / dim)
    table = torch.sin(angles)
    table[1::2] = torch.cos(angles[1::2])
    return table
'''),
    # Computed and returned in float64 regardless of the default dtype.
    "blind_sinusoidal_float64_result": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    positions = torch.arange(num_positions, dtype=torch.float64)
    pair_index = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),

    # ------------------------------------------------------------------ bpe
    # Overlapping merges: after a merge the scan moves by one.
    "blind_merge_pair_overlapping": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    merged = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            merged.append(symbols[i] + symbols[i + 1])
            if i + 2 == len(symbols):
                break
        else:
            merged.append(symbols[i])
        i += 1
    return merged
'''),
    # str.replace on the space-joined word: matches across symbol boundaries.
    "blind_merge_pair_string_replace": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    joined = " ".join(symbols)
    return joined.replace(" ".join(pair), "".join(pair)).split(" ")
'''),
    # Ties broken by the lexicographically largest pair.
    "blind_train_bpe_lexicographic_ties": ("bpe", "train_bpe", '''
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
        best = max(pair_counts.items(), key=lambda item: (item[1], item[0]))[0]
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Each distinct word counted once, not weighted by frequency.
    "blind_train_bpe_unweighted": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    segmentation = {}
    for word in words:
        segmentation.setdefault(tuple(word), list(word))
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for symbols in segmentation.values():
            pair_counts.update(zip(symbols, symbols[1:]))
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # No early stop: max() of an empty Counter raises once nothing is left to merge.
    "blind_train_bpe_no_early_stop": ("bpe", "train_bpe", '''
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
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Counter.most_common over a set-ordered count: ties follow hash order, not first appearance.
    "blind_train_bpe_sorted_pairs_ties": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = {}
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] = pair_counts.get(pair, 0) + frequency
        if not pair_counts:
            break
        best = sorted(pair_counts, key=lambda p: (-pair_counts[p], p))[0]
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Drops the end-of-word symbol from the tokens.
    "blind_bpe_encode_drops_end_of_word": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(t.replace(END_OF_WORD, "") for t in symbols if t != END_OF_WORD)
    return tokens
'''),
    # Applies the merges with str.replace on the space-joined word.
    "blind_bpe_encode_string_replace": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        joined = " ".join(symbols)
        for left, right in merges:
            joined = joined.replace(f"{left} {right}", left + right)
        tokens.extend(joined.split(" "))
    return tokens
'''),
    # strip() also removes leading spaces.
    "blind_bpe_decode_strip_both_sides": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    return "".join(tokens).replace(END_OF_WORD, " ").strip()
'''),
    # Joins tokens with spaces.
    "blind_bpe_decode_joins_with_spaces": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    return " ".join(t.replace(END_OF_WORD, "") for t in tokens).rstrip(" ")
'''),
}

RIGHT_BLIND = {
    # ------------------------------------------------------------------ softmax
    "blind_softmax_torch_then_nan_to_zero": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(scores, dim=-2)
    return torch.nan_to_num(weights, nan=0.0)
'''),
    "blind_softmax_transpose_and_where": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    rows = scores.transpose(-2, -1)
    top = rows.max(dim=-1, keepdim=True).values
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    exps = (rows - top).exp()
    total = exps.sum(dim=-1, keepdim=True)
    out = torch.where(total > 0, exps / torch.where(total > 0, total, torch.ones_like(total)), torch.zeros_like(exps))
    return out.transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ masking
    "blind_causal_mask_triu": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    "blind_padding_mask_loop": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    mask = torch.zeros(len(lengths), n, 1, dtype=torch.bool, device=lengths.device)
    for b, length in enumerate(lengths.tolist()):
        mask[b, : max(0, min(int(length), n)), 0] = True
    return mask
'''),
    "blind_local_mask_band": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).triu(-window).tril(window)
'''),
    "blind_apply_mask_where": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be a bool tensor")
    hidden = torch.full_like(scores, float("-inf"))
    return torch.where(mask, scores, hidden).expand_as(scores).clone()
'''),
    # ------------------------------------------------------------------ attention
    "blind_sdpa_einsum": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    if K.shape[-2] != Q.shape[-2] or V.shape[-1] != K.shape[-1]:
        raise ValueError("shapes of Q, K, V disagree")
    scores = torch.einsum("...dk,...dq->...kq", K, Q) / Q.shape[-2] ** 0.5
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores)
    return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    "blind_sdpa_manual_softmax_with_visible_count": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(Q.shape[-2])
    if mask is None:
        weights = torch.softmax(scores, dim=-2)
    else:
        scores = torch.where(mask, scores, torch.tensor(float("-inf"), dtype=scores.dtype))
        weights = torch.softmax(scores, dim=-2)
        sees_something = mask.expand_as(scores).any(dim=-2, keepdim=True)
        weights = torch.where(sees_something, weights, torch.zeros_like(weights))
    return torch.matmul(V, weights), weights
'''),
    "blind_self_attention_fused_projection": ("attention", "self_attention", '''
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
    W = torch.cat([Wq, Wk, Wv], dim=0)
    b = torch.cat([bq, bk, bv], dim=0)
    Q, K, V = linear(X, W, b).split([Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    "blind_mha_loop_over_heads": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    dim = Xq.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
    d = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    outputs = []
    for h in range(num_heads):
        rows = slice(h * d, (h + 1) * d)
        out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        outputs.append(out)
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    "blind_mha_unflatten_einsum": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads:
        raise ValueError("D must be divisible by num_heads")
    d = dim // num_heads
    Q = (params["Wq"] @ Xq + params["bq"][:, None]).unflatten(-2, (num_heads, d))
    K = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, d))
    V = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, d))
    scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / d ** 0.5
    if mask is not None:
        scores = scores.masked_fill(~mask[..., None, :, :], float("-inf"))
    heads = torch.einsum("...hdk,...hkq->...hdq", V, softmax_cols(scores))
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ transformer_layer
    "blind_layer_norm_functional": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    rows = torch.nn.functional.layer_norm(X.transpose(-2, -1), (X.shape[-2],), gamma, beta, eps)
    return rows.transpose(-2, -1)
'''),
    "blind_layer_norm_rsqrt": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    centred = X - X.mean(dim=-2, keepdim=True)
    variance = (centred * centred).mean(dim=-2, keepdim=True)
    return centred * torch.rsqrt(variance + eps) * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    "blind_feed_forward_functional_linear": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    F = torch.nn.functional
    rows = X.transpose(-2, -1)
    return F.linear(F.relu(F.linear(rows, W1, b1)), W2, b2).transpose(-2, -1)
'''),
    "blind_transformer_layer_inline": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    p = params
    if not norm_first:
        h = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
        return layer_norm(h + feed_forward(h, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma2"], p["beta2"])
    y = layer_norm(X, p["gamma1"], p["beta1"])
    h = X + multi_head_attention(y, y, p, num_heads, mask)
    z = layer_norm(h, p["gamma2"], p["beta2"])
    return h + feed_forward(z, p["W1"], p["b1"], p["W2"], p["b2"])
'''),
    # ------------------------------------------------------------------ cross_attention
    "blind_decoder_layer_triu_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    n = X_dec.shape[-1]
    past = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()
    steps = [
        (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, past), "1"),
        (lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), "2"),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "3"),
    ]
    X = X_dec
    for block, k in steps:
        X = layer_norm(X + block(X), params["gamma" + k], params["beta" + k])
    return X
'''),
    # ------------------------------------------------------------------ sampling
    "blind_next_token_probs_python_loops": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        return torch.nn.functional.one_hot(logits.argmax(), logits.shape[-1]).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    ranking = sorted(range(len(probs)), key=lambda v: (-float(probs[v]), v))
    if top_k is not None:
        drop = ranking[top_k:]
        probs = probs.clone()
        probs[drop] = 0
        probs = probs / probs.sum()
        ranking = sorted(range(len(probs)), key=lambda v: (-float(probs[v]), v))
    if top_p is not None:
        total, kept = 0.0, []
        for v in ranking:
            kept.append(v)
            total += float(probs[v])
            if total >= top_p:
                break
        keep = torch.zeros(len(probs), dtype=torch.bool)
        keep[kept] = True
        probs = probs * keep
    return probs / probs.sum()
'''),
    "blind_generate_slice_start": ("sampling", "generate", '''
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
    tokens = prompt.tolist()
    for step in range(max_new_tokens):
        start = 0 if context_size is None else max(0, len(tokens) - context_size)
        context = torch.tensor(tokens[start:], dtype=prompt.dtype)
        logits = model(context)
        probs = next_token_probs(logits[:, logits.shape[-1] - 1], temperature, top_k, top_p)
        token = torch.multinomial(probs, num_samples=1, generator=generator).item()
        tokens.append(token)
        if token == eos_id:
            break
    return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    "blind_sequence_log_prob_cross_entropy": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    logits = model(ids)
    return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    "blind_beam_search_explicit_keys": ("sampling", "beam_search", '''
def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    beams = [(0.0, prompt.tolist(), False)]
    for _ in range(max_new_tokens):
        pool = []
        for b, (score, seq, done) in enumerate(beams):
            if done:
                pool.append(((-score, b, -1), (score, seq, True)))
                continue
            logp = torch.log_softmax(model(torch.tensor(seq, dtype=prompt.dtype))[:, -1].double(), dim=0).tolist()
            for t, lp in enumerate(logp):
                pool.append(((-(score + lp), b, t), (score + lp, seq + [t], eos_id is not None and t == eos_id)))
        pool.sort(key=lambda item: item[0])
        beams = [item[1] for item in pool[:beam_width]]
        if all(done for _, _, done in beams):
            break
    return torch.tensor(beams[0][1], dtype=prompt.dtype)
'''),
    # ------------------------------------------------------------------ patch_embedding
    "blind_patchify_unfold": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    if images.shape[-2] % patch_size or images.shape[-1] % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    "blind_patch_embedding_einsum_repeat": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    patches = patchify(images, patch_size)
    tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[None, :, None]
    cls = cls_token.reshape(1, -1, 1).repeat(patches.shape[0], 1, 1)
    return torch.cat((cls, tokens), dim=2) + positions.unsqueeze(0)
'''),
    # ------------------------------------------------------------------ rnn_attention
    "blind_additive_attention_einsum": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    projected = torch.einsum("as,...s->...a", W, s)[..., None] + torch.einsum("ah,...hn->...an", U, H)
    scores = torch.einsum("a,...an->...n", v, torch.tanh(projected))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = torch.where(mask.any(dim=-1, keepdim=True), weights, torch.zeros_like(weights))
    context = torch.einsum("...hn,...n->...h", H, weights)
    return weights, context
'''),
    "blind_decoder_step_gru_by_weight_blocks": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    W_ir, W_iz, W_in = params["weight_ih"].chunk(3)
    W_hr, W_hz, W_hn = params["weight_hh"].chunk(3)
    b_ir, b_iz, b_in = params["bias_ih"].chunk(3)
    b_hr, b_hz, b_hn = params["bias_hh"].chunk(3)
    r = torch.sigmoid(x @ W_ir.T + b_ir + s_prev @ W_hr.T + b_hr)
    z = torch.sigmoid(x @ W_iz.T + b_iz + s_prev @ W_hz.T + b_hz)
    n = torch.tanh(x @ W_in.T + b_in + r * (s_prev @ W_hn.T + b_hn))
    s = (1 - z) * n + z * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    "blind_grid_attention_flat_softmax": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    query = (s @ W.T)[..., :, None, None]
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
    scores = torch.einsum("a,...ahw->...hw", v, hidden)
    weights = torch.softmax(scores.flatten(-2), dim=-1).unflatten(-1, scores.shape[-2:])
    context = torch.einsum("...chw,...hw->...c", features, weights)
    return weights, context
'''),
    # ------------------------------------------------------------------ sparse_attention
    "blind_strided_mask_remainder": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError("stride must be >= 1")
    positions = torch.arange(n)
    return torch.remainder(positions[:, None], stride) == torch.remainder(positions[None, :], stride)
'''),
    "blind_global_token_mask_logical_or": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    n = is_global.shape[-1]
    keys = is_global[..., :, None].expand(*is_global.shape, n)
    queries = is_global[..., None, :].expand(*is_global.shape[:-1], n, n)
    return torch.logical_or(keys, queries)
'''),
    "blind_sparse_cost_closed_forms": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    needs = {"dense": None, "causal": None, "local": window, "strided": stride, "global": num_global}
    if pattern not in needs:
        raise ValueError(f"unknown pattern {pattern!r}")
    if pattern in ("local", "strided", "global") and needs[pattern] is None:
        raise ValueError(f"pattern {pattern!r} needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = max(0, min(window, n - 1))
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = max(0, (n - 1) // stride)
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ positions
    "blind_rotary_complex": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for X in (Q, K):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")

    def rotate(X, positions):
        dim, num = X.shape[-2:]
        p = torch.arange(num, dtype=torch.float64) if positions is None else positions.to(torch.float64)
        theta = base ** (-2.0 * torch.arange(dim // 2, dtype=torch.float64) / dim)
        phase = torch.polar(torch.ones(dim // 2, num, dtype=torch.float64), theta[:, None] * p[None, :])
        z = torch.complex(X[..., : dim // 2, :], X[..., dim // 2:, :]) * phase.to(
            torch.complex64 if X.dtype == torch.float32 else torch.complex128)
        return torch.cat([z.real, z.imag], dim=-2).to(X.dtype)

    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind_bucket_masked_arithmetic": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    rel = relative_position.to(torch.long)
    n = num_buckets
    bucket = torch.zeros_like(rel)
    if bidirectional:
        n = n // 2
        bucket = bucket + (rel > 0).long() * n
        d = rel.abs()
    else:
        d = (-rel).clamp(min=0)
    max_exact = n // 2
    is_small = d < max_exact
    large = max_exact + (
        torch.log(d.float() / max_exact) / math.log(max_distance / max_exact) * (n - max_exact)
    ).to(torch.long)
    large = torch.minimum(large, torch.full_like(large, n - 1))
    return bucket + torch.where(is_small, d, large)
'''),
    # ------------------------------------------------------------------ pretraining
    "blind_mlm_huggingface_order": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.tensor([int(s) for s in torch.as_tensor(special_ids).reshape(-1).tolist()], dtype=ids.dtype)
    probability = torch.full(ids.shape, mask_prob, dtype=torch.float64)
    probability.masked_fill_(torch.isin(ids, special), 0.0)
    chosen = torch.bernoulli(probability, generator=generator).bool()
    labels = ids.clone().long()
    labels[~chosen] = -100
    corrupted = ids.clone()
    to_mask = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
    corrupted[to_mask] = mask_id
    to_random = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & chosen & ~to_mask
    random_words = torch.randint(vocab_size, ids.shape, dtype=ids.dtype, generator=generator)
    corrupted[to_random] = random_words[to_random]
    return corrupted, labels
'''),
    "blind_nsp_rejection_sampling": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("a random sentence needs another document")
    out = []
    for d, document in enumerate(documents):
        for k in range(len(document) - 1):
            if bool(torch.randint(2, (1,), generator=generator)):
                j = d
                while j == d:
                    j = int(torch.randint(len(documents), (1,), generator=generator))
                other = documents[j]
                out.append((document[k], other[int(torch.randint(len(other), (1,), generator=generator))], 1))
            else:
                out.append((document[k], document[k + 1], 0))
    return out
'''),
    # ------------------------------------------------------------------ imagegpt
    "blind_quantize_loop_over_colours": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0] or palette.shape[1] == 0:
        raise ValueError("channel mismatch or empty palette")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    x = images.to(dtype)
    best = None
    best_d = None
    for k in range(palette.shape[1]):
        d = ((x - palette[:, k].to(dtype)[:, None, None]) ** 2).sum(dim=-3)
        if best is None:
            best, best_d = torch.zeros_like(d, dtype=torch.long), d
        else:
            closer = d < best_d
            best = torch.where(closer, torch.full_like(best, k), best)
            best_d = torch.where(closer, d, best_d)
    return best
'''),
    "blind_pixel_sequence_pad": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-2] == 0 or ids.shape[-1] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be a non-negative int")
    targets = ids.flatten(-2).to(torch.long)
    inputs = torch.nn.functional.pad(targets[..., :-1], (1, 0), value=sos_id)
    return inputs, targets
'''),
    "blind_average_pool_matmul": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("no tokens")
    logits = (W @ X.mean(dim=-1, keepdim=True)).squeeze(-1)
    if b is not None:
        logits = logits + b
    return logits
'''),
    # ------------------------------------------------------------------ swin
    "blind_window_partition_permute": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, C, H, W = X.shape
    _check_grid(H, W, window)
    M = window
    k = len(batch)
    grid = X.reshape(*batch, C, H // M, M, W // M, M)
    order = list(range(k)) + [k + 1, k + 3, k, k + 2, k + 4]
    return grid.permute(*order).reshape(*batch, (H // M) * (W // M), C, M * M)
'''),
    "blind_shifted_mask_hf_slices": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError("need 0 <= shift < window")
    img = torch.zeros(height, width, dtype=torch.long)
    count = 0
    for rows in (slice(0, height - window), slice(height - window, height - shift), slice(height - shift, height)):
        for cols in (slice(0, width - window), slice(width - window, width - shift), slice(width - shift, width)):
            img[rows, cols] = count
            count += 1
    labels = window_partition(img[None], window)[:, 0]
    return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    "blind_patch_merging_functional_norm": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    C, H, Wd = X.shape[-3:]
    if H % 2 or Wd % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * C,) or beta.shape != (4 * C,) or W.shape != (2 * C, 4 * C):
        raise ValueError("shape mismatch")
    blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]
    merged = torch.cat(blocks, dim=-3).movedim(-3, -1)
    normed = torch.nn.functional.layer_norm(merged, (4 * C,), gamma, beta, eps)
    return torch.nn.functional.linear(normed, W).movedim(-1, -3)
'''),
    # ------------------------------------------------------------------ davit
    "blind_channel_attention_timm_layout": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    C, N = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or C % num_groups:
        raise ValueError("num_groups must divide C")
    if N == 0:
        raise ValueError("no tokens")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (C, C):
            raise ValueError(f"{name} must be (C, C)")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (C,):
            raise ValueError(f"{name} must be (C,)")
    s = N ** -0.5 if scale is None else scale
    q = (params["Wq"] @ X + params["bq"][:, None]).unflatten(-2, (num_groups, C // num_groups))
    k = (params["Wk"] @ X + params["bk"][:, None]).unflatten(-2, (num_groups, C // num_groups))
    v = (params["Wv"] @ X + params["bv"][:, None]).unflatten(-2, (num_groups, C // num_groups))
    attn = (q @ k.transpose(-2, -1) * s).softmax(dim=-1)
    out = (attn @ v).flatten(-3, -2)
    return params["Wo"] @ out + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ embeddings
    "blind_one_hot_scatter": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                      dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
    return out.scatter_(-2, token_ids.long().unsqueeze(-2), 1.0)
'''),
    "blind_embed_index_select": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    flat = torch.index_select(omega_e, 1, token_ids.reshape(-1))
    return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    "blind_sinusoidal_stack_interleave": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    dtype = torch.get_default_dtype()
    n = torch.arange(num_positions, dtype=dtype)
    rows = []
    for r in range(dim):
        i2 = r - r % 2
        angle = n / 10000 ** (torch.tensor(i2, dtype=dtype) / dim)
        rows.append(torch.sin(angle) if r % 2 == 0 else torch.cos(angle))
    return torch.stack(rows) if rows else torch.empty(0, num_positions)
'''),
    # ------------------------------------------------------------------ bpe
    "blind_train_bpe_over_all_words": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    merges = []
    while len(merges) < num_merges:
        counts = Counter()
        for symbols in words:
            counts.update(zip(symbols, symbols[1:]))
        if not counts:
            break
        best = counts.most_common(1)[0][0]
        merges.append(best)
        words = [merge_pair(symbols, best) for symbols in words]
    return merges
'''),
    "blind_merge_pair_for_loop_with_skip": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    out = []
    skip = False
    for i, symbol in enumerate(symbols):
        if skip:
            skip = False
            continue
        if i + 1 < len(symbols) and symbol == pair[0] and symbols[i + 1] == pair[1]:
            out.append(pair[0] + pair[1])
            skip = True
        else:
            out.append(symbol)
    return out
'''),
    "blind_bpe_decode_loop": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    pieces = []
    for token in tokens:
        pieces.append(token.replace(END_OF_WORD, " "))
    text = "".join(pieces)
    while text.endswith(" "):
        text = text[:-1]
    return text
'''),
    "blind_bpe_encode_merge_per_pair": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    for pair in merges:
        words = [merge_pair(word, pair) for word in words]
    return [token for word in words for token in word]
'''),
}
