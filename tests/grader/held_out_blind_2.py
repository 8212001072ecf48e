"""Third blind batch of held-out implementations (written without reading grader/ or tests/).

Emphasis: mistakes that agree with the model answer on ordinary random inputs and differ only on an edge the
contract defines (batch axes, N_q != N_k, fully masked queries, exact thresholds and ties, odd sizes, ...), ports of
public code carrying that code's known differences, and correct alternatives in public-code styles.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_2 = {
    # ------------------------------------------------------------------ softmax
    # Clamps -inf to a huge negative before torch.softmax: an all -inf column becomes uniform instead of zeros.
    "blind2_softmax_clamp_then_torch": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    safe = scores.clamp(min=torch.finfo(scores.dtype).min)
    return torch.softmax(safe, dim=-2)
'''),
    # Softmax over dim=0: right for a single (M, N) matrix, wrong as soon as there is a batch axis.
    "blind2_softmax_dim0": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=0, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores - column_max)
    total = exps.sum(dim=0, keepdim=True)
    return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Asks torch.softmax for a float32 result: float64 in, float32 out.
    "blind2_softmax_float32_result": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(scores, dim=-2, dtype=torch.float32)
    return torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
'''),
    # Guards only the case where every column is fully masked; a single fully masked column among others is NaN.
    "blind2_softmax_guard_only_all_masked": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    if torch.isneginf(scores).all():
        return torch.zeros_like(scores)
    column_max = scores.amax(dim=-2, keepdim=True)
    exps = torch.exp(scores - column_max)
    return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # Shifts by the column mean instead of the max: overflows for entries of 1e4, NaN with -inf entries.
    "blind2_softmax_mean_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    shifted = scores - scores.mean(dim=-2, keepdim=True)
    exps = torch.exp(shifted)
    total = exps.sum(dim=-2, keepdim=True)
    return torch.nan_to_num(exps / total, nan=0.0)
'''),

    # ------------------------------------------------------------------ masking
    # nanoGPT's registered buffer: right values but shape (1, 1, n, n).
    "blind2_causal_mask_nanogpt_buffer": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool)).T.view(1, 1, n, n)
'''),
    # Forgets the query axis: (B, n) instead of (B, n, 1).
    "blind2_padding_mask_no_query_axis": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)[None, :]
    return keys < lengths[:, None]
'''),
    # Sizes the mask by the longest sequence, not by n: wrong shape when every sequence is shorter than n.
    "blind2_padding_mask_max_length": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    longest = max(int(lengths.max()), 1) if lengths.numel() else n
    keys = torch.arange(min(longest, n), device=lengths.device)[None, :]
    return (keys < lengths[:, None])[:, :, None]
'''),
    # uint8 mask (the pre-1.2 PyTorch habit) instead of bool.
    "blind2_padding_mask_uint8": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys < lengths[:, None]).to(torch.uint8)[:, :, None]
'''),
    # Builds the band diagonal by diagonal: fails when the window exceeds n (torch.ones of a negative size).
    "blind2_local_mask_diagonals": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    mask = torch.zeros(n, n, dtype=torch.bool)
    for offset in range(-window, window + 1):
        mask |= torch.diag(torch.ones(n - abs(offset), dtype=torch.bool), offset)[:n, :n]
    return mask
'''),
    # Boolean indexing needs a mask of the scores' full shape: broadcastable masks fail.
    "blind2_apply_mask_boolean_index": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    out = scores.clone()
    out[~mask] = float("-inf")
    return out
'''),

    # ------------------------------------------------------------------ attention
    # K.T reverses every axis: right for a single (D_k, N_k) matrix, wrong with batch axes.
    "blind2_sdpa_dot_T_batched": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = torch.matmul(K.T if K.dim() == 2 else K.permute(*range(K.dim() - 1, -1, -1)), Q)
    scores = scores / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # D_k read as Q.size(0): the batch size as soon as there is a batch axis.
    "blind2_sdpa_dk_from_first_axis": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(0)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Scales the queries in place (Q /= sqrt(D_k)): the caller's Q is modified.
    "blind2_sdpa_scales_query_in_place": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    Q /= math.sqrt(Q.shape[-2])
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Reshapes the mask to the scores' shape: broadcastable masks (padding (B, N_k, 1), 2-D on a batch) fail.
    "blind2_sdpa_mask_view_as_scores": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask.view(scores.shape))
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # F.scaled_dot_product_attention for the output, but its mask passed untransposed (our (N_k, N_q) layout).
    "blind2_sdpa_torch_sdpa_mask_untransposed": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    import torch.nn.functional as F
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    out = F.scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1),
                                         attn_mask=mask)
    return out.transpose(-2, -1), weights
'''),
    # Row-layout output (weightsᵀ Vᵀ) turned back with reshape instead of a transpose: right only if N_q or D_v is 1.
    "blind2_sdpa_reshape_not_transpose": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    rows = weights.transpose(-2, -1) @ V.transpose(-2, -1)        # (..., N_q, D_v)
    return rows.reshape(*rows.shape[:-2], V.shape[-2], Q.shape[-1]), weights
'''),
    # Projects with X.T @ W.T (row habit): .T reverses every axis of a batched X.
    "blind2_self_attention_row_projection_T": ("attention", "self_attention", '''
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
    rows = X.T if X.dim() == 2 else X.permute(*range(X.dim() - 1, -1, -1))
    Q = (rows @ Wq.T + bq).T if X.dim() == 2 else (rows @ Wq.T + bq).permute(*range(X.dim() - 1, -1, -1))
    K = (rows @ Wk.T + bk).T if X.dim() == 2 else (rows @ Wk.T + bk).permute(*range(X.dim() - 1, -1, -1))
    V = (rows @ Wv.T + bv).T if X.dim() == 2 else (rows @ Wv.T + bv).permute(*range(X.dim() - 1, -1, -1))
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # Head axis inserted at position 1: right for a batched (B, N_k, N_q) mask, wrong for a plain (N_k, N_q) one.
    "blind2_mha_mask_unsqueeze_1": ("multihead", "multi_head_attention", '''
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
        mask = mask.unsqueeze(1)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Splits heads with chunk(dim=0): right without batch axes, splits the batch otherwise.
    "blind2_mha_chunk_dim0": ("multihead", "multi_head_attention", '''
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
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    outputs = []
    for q, k, v in zip(Q.chunk(num_heads, dim=0), K.chunk(num_heads, dim=0), V.chunk(num_heads, dim=0)):
        out, _ = scaled_dot_product_attention(q, k, v, mask)
        outputs.append(out)
    return linear(torch.cat(outputs, dim=0), params["Wo"], params["bo"])
'''),
    # Reuses N_q for every reshape: fails (or scrambles) when N_k != N_q.
    "blind2_mha_one_n_for_all": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    *batch, dim, n = Xq.shape
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"]).reshape(*batch, num_heads, head_dim, n)
    K = linear(Xkv, params["Wk"], params["bk"]).reshape(*batch, num_heads, head_dim, n)
    V = linear(Xkv, params["Wv"], params["bv"]).reshape(*batch, num_heads, head_dim, n)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(heads.reshape(*batch, dim, n), params["Wo"], params["bo"])
'''),
    # Divisibility checked on Xq.shape[0]: no ValueError for a batched input with a bad head count.
    "blind2_mha_check_first_axis": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if Xq.shape[0] % num_heads != 0:
        raise ValueError(f"D must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Adds the head axis only to 3-D masks: a mask with two batch axes (B1, B2, N_k, N_q) lines up B2 with the heads.
    "blind2_mha_unsqueeze_only_3d_masks": ("multihead", "multi_head_attention", '''
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
    if mask is not None and mask.dim() == 3:
        mask = mask.unsqueeze(1)              # (B, N_k, N_q) -> (B, 1, N_k, N_q)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Pre-scales Q by 1/sqrt(D/H) (HF style) and then calls the function that scales again.
    "blind2_mha_double_scaling": ("multihead", "multi_head_attention", '''
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
    scale = (dim // num_heads) ** -0.5
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]) * scale, num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # The Annotated Transformer's LayerNorm: unbiased std and eps added to the std.
    "blind2_layer_norm_annotated_transformer": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(-2, keepdim=True)
    std = X.std(-2, keepdim=True)
    return gamma[:, None] * (X - mean) / (std + eps) + beta[:, None]
'''),
    # Statistics over dim=0: the features only when there is no batch axis.
    "blind2_layer_norm_dim0": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=0, keepdim=True)
    variance = ((X - mean) ** 2).mean(dim=0, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Mixed precision habit: statistics in float32, so a float64 input loses float64 accuracy.
    "blind2_layer_norm_float32_stats": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    X32 = X.float()
    mean = X32.mean(dim=-2, keepdim=True)
    variance = X32.var(dim=-2, keepdim=True, correction=0)
    normalised = ((X32 - mean) / torch.sqrt(variance + eps)).to(X.dtype)
    return gamma[:, None] * normalised + beta[:, None]
'''),
    # torch.addmm is 2-D only: right for (D, N), fails with batch axes.
    "blind2_feed_forward_addmm": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    hidden = torch.relu(torch.addmm(b1[:, None], W1, X))
    return torch.addmm(b2[:, None], W2, hidden)
'''),
    # ViT's layer-norm eps 1e-6 instead of the contract's 1e-5.
    "blind2_transformer_layer_eps_1e6": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    def mha(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def ffn(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + mha(layer_norm(X, params["gamma1"], params["beta1"], eps=1e-6))
        return X + ffn(layer_norm(X, params["gamma2"], params["beta2"], eps=1e-6))
    X = layer_norm(X + mha(X), params["gamma1"], params["beta1"], eps=1e-6)
    return layer_norm(X + ffn(X), params["gamma2"], params["beta2"], eps=1e-6)
'''),
    # Copy-paste slip: the pre-LN branch forgets the mask (post-LN is right).
    "blind2_transformer_layer_prenorm_drops_mask": ("transformer_layer", "transformer_layer", '''
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
        Y = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(Y, Y, params, num_heads)
        return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Port of PyTorch's layer with F.dropout(p=0.1): F.dropout's training defaults to True, so output is random.
    "blind2_transformer_layer_functional_dropout": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    import torch.nn.functional as F

    def sa(Y):
        return F.dropout(multi_head_attention(Y, Y, params, num_heads, mask), p=0.1)

    def ff(Y):
        return F.dropout(feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), p=0.1)

    if norm_first:
        X = X + sa(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + ff(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + sa(X), params["gamma1"], params["beta1"])
    return layer_norm(X + ff(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # Treats enc_mask as a (B, N_e) key-padding mask and adds a query axis: a proper (..., N_e, N_d) mask breaks.
    "blind2_cross_attention_mask_as_key_padding": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if enc_mask is not None:
        enc_mask = enc_mask[..., :, :1]
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Expands the mask with three sizes: works for (B, N_e, 1), fails for a 2-D or doubly batched mask.
    "blind2_cross_attention_expand_three_axes": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if enc_mask is not None:
        enc_mask = enc_mask.expand(-1, -1, X_dec.shape[-1])
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Causal mask sized by the encoder length: right only when N_d == N_e.
    "blind2_decoder_layer_causal_from_encoder": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    n = X_enc.shape[-1]
    self_mask = causal_mask(n)[: X_dec.shape[-1], : X_dec.shape[-1]] if n >= X_dec.shape[-1] else causal_mask(n)
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # Also applies the encoder mask to the decoder's self-attention.
    "blind2_decoder_layer_enc_mask_in_self_attention": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    self_mask = causal_mask(X_dec.shape[-1])
    if enc_mask is not None and enc_mask.shape[-2] == X_dec.shape[-1]:
        self_mask = self_mask & enc_mask
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # Causal mask sized by X_dec.shape[1]: N_d without a batch axis, D with one.
    "blind2_decoder_layer_causal_shape1": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    self_mask = causal_mask(X_dec.shape[1])
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # PyTorch's memory_mask confusion: the causal mask is also put on the cross-attention whenever N_e == N_d.
    "blind2_decoder_layer_causal_memory_mask": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    tgt_mask = causal_mask(X_dec.shape[-1])
    memory_mask = enc_mask
    if X_enc.shape[-1] == X_dec.shape[-1]:
        memory_mask = tgt_mask if enc_mask is None else tgt_mask & enc_mask
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, tgt_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, memory_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # GPT-style pre-LN decoder instead of the contract's post-LN.
    "blind2_decoder_layer_pre_ln": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    X = X_dec
    Y = layer_norm(X, params["gamma1"], params["beta1"])
    X = X + multi_head_attention(Y, Y, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = X + cross_attention(layer_norm(X, params["gamma2"], params["beta2"]), X_enc, params["cross_attn"], num_heads,
                            enc_mask)
    Y = layer_norm(X, params["gamma3"], params["beta3"])
    return X + feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
'''),

    # ------------------------------------------------------------------ sampling
    # Hugging Face's TopPLogitsWarper: ascending sort, so among tied probabilities the lower ids are dropped first.
    "blind2_top_p_hf_warper_ties": ("sampling", "next_token_probs", '''
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
    scores = logits / temperature
    if top_k is not None:
        k = min(top_k, scores.numel())
        order = torch.sort(scores, descending=True, stable=True).indices
        drop = torch.ones_like(scores, dtype=torch.bool)
        drop[order[:k]] = False
        scores = scores.masked_fill(drop, float("-inf"))
    if top_p is not None:
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_indices_to_remove = cumulative_probs <= (1 - top_p)
        sorted_indices_to_remove[-1:] = False
        indices_to_remove = sorted_indices_to_remove.scatter(0, sorted_indices, sorted_indices_to_remove)
        scores = scores.masked_fill(indices_to_remove, float("-inf"))
    return torch.softmax(scores, dim=-1)
'''),
    # top-k by torch.topk's indices: with ties at the k-th value, topk does not promise the lower ids.
    "blind2_top_k_topk_indices": ("sampling", "next_token_probs", '''
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
        k = min(top_k, probs.numel())
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[torch.topk(probs, k).indices] = True
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
    # top-p applied before top-k.
    "blind2_top_p_before_top_k": ("sampling", "next_token_probs", '''
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
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_p is not None:
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_k is not None:
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Greedy as a tiny temperature: tied maxima share the mass instead of going to the lowest id.
    "blind2_greedy_as_tiny_temperature": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    probs = torch.softmax(logits / max(temperature, 1e-10), dim=-1)
    if temperature == 0:
        return probs
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
    # The top-p cut is measured on softmax(logits), before the temperature: differs only when T != 1 and top_p is set.
    "blind2_top_p_ignores_temperature": ("sampling", "next_token_probs", '''
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
    plain = torch.softmax(logits, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        plain = torch.where(keep, plain, 0.0)
        probs, plain = probs / probs.sum(), plain / plain.sum()
    if top_p is not None:
        order = torch.sort(plain, descending=True, stable=True).indices
        cumulative = torch.cumsum(plain[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(plain))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Divides the caller's logits in place by the temperature.
    "blind2_next_token_probs_in_place_temperature": ("sampling", "next_token_probs", '''
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
    logits /= temperature
    probs = torch.softmax(logits, dim=-1)
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
    # nanoGPT's generate ported as is: it has no top-p, so top_p is silently ignored.
    "blind2_generate_nanogpt_no_top_p": ("sampling", "generate", '''
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
    idx = prompt
    for _ in range(max_new_tokens):
        idx_cond = idx if context_size is None or idx.size(0) <= context_size else idx[-context_size:]
        logits = model(idx_cond)[:, -1]
        probs = next_token_probs(logits, temperature, top_k)
        idx_next = torch.multinomial(probs, num_samples=1, generator=generator)
        idx = torch.cat((idx, idx_next.to(idx.dtype)))
        if eos_id is not None and idx_next.item() == eos_id:
            break
    return idx
'''),
    # while-loop on the last token: a prompt that ends with eos generates nothing.
    "blind2_generate_stops_on_prompt_eos": ("sampling", "generate", '''
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
    new = 0
    while new < max_new_tokens and (eos_id is None or int(ids[-1]) != eos_id):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        new += 1
    return ids
'''),
    # Crops the prompt once, before the loop: the cropped prefix is missing from the result and the context grows.
    "blind2_generate_crops_prompt_once": ("sampling", "generate", '''
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
    ids = prompt if context_size is None else prompt[-context_size:]
    for _ in range(max_new_tokens):
        probs = next_token_probs(model(ids)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Stops as soon as eos occurs anywhere in the ids: an eos inside the prompt ends generation after one token.
    "blind2_generate_eos_anywhere": ("sampling", "generate", '''
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
        if eos_id is not None and bool((ids == eos_id).any()):
            break
    return ids
'''),
    # log(softmax) instead of log_softmax: -inf for very unlikely tokens (logits of order 1e4).
    "blind2_sequence_log_prob_log_of_softmax": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    probs = torch.softmax(model(ids), dim=0)
    positions = torch.arange(len(ids) - 1)
    return torch.log(probs[ids[1:], positions]).sum()
'''),
    # Returns a Python float (.item()) instead of a 0-d tensor.
    "blind2_sequence_log_prob_item": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = 0.0
    for n in range(1, len(ids)):
        total += log_probs[ids[n], n - 1].item()
    return total
'''),
    # Calls the model on ids[:-1]: equal for a causal model, but the contract's model is any callable on ids.
    "blind2_sequence_log_prob_model_on_prefix": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    if len(ids) < 2:
        return torch.zeros(())
    log_probs = torch.log_softmax(model(ids[:-1]), dim=0)
    return log_probs.gather(0, ids[1:][None, :]).sum()
'''),

    # torch.topk over the flattened candidate scores: among tied scores topk does not keep the earlier beam/lower id.
    "blind2_beam_search_topk_ties": ("sampling", "beam_search", '''
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
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        scores = torch.tensor([c[0] for c in candidates], dtype=torch.float64)
        top = torch.topk(scores, min(beam_width, len(candidates))).indices.tolist()
        beams = [candidates[i] for i in top]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Returns a finished (eos-terminated) beam whenever one is kept, even if an unfinished beam scores higher.
    "blind2_beam_search_prefers_finished": ("sampling", "beam_search", '''
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
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    done = [ids for _, ids, finished in beams if finished]
    return done[0] if done else beams[0][1]
'''),
    # Hugging Face's max_length habit: max_new_tokens counted with the prompt included.
    "blind2_beam_search_length_includes_prompt": ("sampling", "beam_search", '''
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
    for _ in range(max(0, max_new_tokens - len(prompt))):
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
    # F.unfold without the divisibility check: silently drops the border instead of raising ValueError.
    "blind2_patchify_unfold_no_check": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # Assumes square images: the grid is (H/P) x (H/P).
    "blind2_patchify_assumes_square": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    side = height // P
    grid = images.reshape(batch, channels, side, P, -1, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, side * side, channels * P * P).transpose(1, 2)
'''),
    # Positions added to the patch tokens only; [CLS] gets none.
    "blind2_patch_embedding_cls_without_position": ("patch_embedding", "patch_embedding", '''
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
    # Written and tested on one image: a trailing squeeze drops the batch axis when B = 1.
    "blind2_patch_embedding_squeezes_single_image": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    tokens = torch.einsum("dk,bkn->bdn", W, patchify(images, patch_size)) + b[:, None]
    cls_column = cls_token.repeat(tokens.shape[0], 1).unsqueeze(-1)
    return (torch.cat([cls_column, tokens], dim=-1) + positions).squeeze(0)
'''),

    # ------------------------------------------------------------------ rnn_attention
    # torch.bmm for the context: needs exactly one batch axis.
    "blind2_additive_attention_bmm_context": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    query = (s @ W.T).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = torch.bmm(H, weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # W @ s: right for one state (D_s,), wrong for a batch of states (..., D_s).
    "blind2_additive_attention_W_at_s": ("rnn_attention", "additive_attention", '''
def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    query = (W @ s.unsqueeze(-1)) if s.dim() == 1 else (W @ s.transpose(-2, -1)).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # GRU without reset_after: r multiplies W_hn h but b_hn is added outside (the original Cho et al. / Keras v1 cell).
    "blind2_decoder_step_gru_bias_outside_reset": ("rnn_attention", "attention_decoder_step", '''
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
    n = torch.tanh(x @ W_in.T + b_in + r * (s_prev @ W_hn.T) + b_hn)
    s = (1 - z) * n + z * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # torch.cat without broadcasting the leading axes: fails when y_prev and the context have different batch shapes.
    "blind2_decoder_step_cat_no_broadcast": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = torch.cat([y_prev, context], dim=-1)
    s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
    logits = torch.cat([s, context], dim=-1) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # flatten(2): right for (B, C, H, W) only; a no-op without a batch axis, wrong with two.
    "blind2_grid_attention_flatten_2": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(2), W, U, v)
    return weights.reshape(*weights.shape[:-1], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Sparse Transformer's "strided" head pattern (local block of `stride` plus every stride-th key), not the contract's.
    "blind2_strided_mask_child_et_al": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return ((queries - keys).abs() < stride) | ((queries - keys) % stride == 0)
'''),
    # [:, None] | [None, :]: right for one sequence (N,), wrong for a batch (B, N).
    "blind2_global_token_mask_unbatched_indexing": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    return is_global[:, None] | is_global[None, :]
'''),
    # True division: float counts (n(n+1)/2 as 15.0).
    "blind2_sparse_cost_float_division": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) / 2
    if pattern == "local":
        if window is None:
            raise ValueError("local needs window")
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        if stride is None:
            raise ValueError("strided needs stride")
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    if num_global is None:
        raise ValueError("global needs num_global")
    return num_global * (2 * n - num_global)
'''),
    # `if not size`: window=0 or num_global=0 raise as if missing.
    "blind2_sparse_cost_zero_is_missing": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 1)
    if not size:
        raise ValueError(f"the {pattern!r} pattern needs its size")
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
    # offset >= 0 goes to the upper half: offset 0 lands in bucket n/2 instead of 0.
    "blind2_bucket_zero_in_upper_half": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset >= 0, half, 0)
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
    # KV-cache habit: K reuses Q's positions when positions_k is not given.
    "blind2_rotary_k_defaults_to_q_positions": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    if positions_k is None and positions_q is not None and len(positions_q) == K.shape[-1]:
        positions_k = positions_q
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # GPT-NeoX partial-rotary habit: an odd D leaves the last row unrotated instead of raising ValueError.
    "blind2_rotary_odd_dim_passthrough": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    def rot(X, positions):
        even = X.shape[-2] - X.shape[-2] % 2
        return torch.cat([rotate_columns(X[..., :even, :], positions, base), X[..., even:, :]], dim=-2)
    return rot(Q, positions_q), rot(K, positions_k)
'''),
    # Rotates the caller's tensors in place.
    "blind2_rotary_in_place": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    for X, positions in ((Q, positions_q), (K, positions_k)):
        X.copy_(rotate_columns(X, positions, base))
    return Q, K
'''),

    # ------------------------------------------------------------------ pretraining
    # randint(0, vocab_size - 1): the last id is never drawn as a random replacement.
    "blind2_mlm_random_excludes_last_id": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # mask_prob hard-coded to BERT's 0.15.
    "blind2_mlm_ignores_mask_prob": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < 0.15)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # Google BERT's create_pretraining_data: exactly round(p * eligible) positions per sequence, not independent draws.
    "blind2_mlm_fixed_count_per_sequence": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    flat_ids = ids.reshape(-1, ids.shape[-1])
    corrupted = flat_ids.clone()
    labels = torch.full_like(flat_ids, IGNORE, dtype=torch.long)
    for row in range(flat_ids.shape[0]):
        candidates = torch.nonzero(~torch.isin(flat_ids[row], special)).flatten()
        count = min(len(candidates), max(1, round(len(candidates) * mask_prob))) if len(candidates) else 0
        picked = candidates[torch.randperm(len(candidates), generator=generator)[:count]]
        for position in picked.tolist():
            labels[row, position] = flat_ids[row, position]
            u = torch.rand((), generator=generator).item()
            if u < 0.8:
                corrupted[row, position] = mask_id
            elif u < 0.9:
                corrupted[row, position] = int(torch.randint(vocab_size, (), generator=generator))
    return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # The random B is always the first sentence of the other document.
    "blind2_nsp_random_is_first_sentence": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[0], 1))
    return pairs
'''),
    # Over-eager check: one document raises even when it has a single sentence (nothing to pair).
    "blind2_nsp_single_document_always_raises": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2:
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
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Rejects floats but lets bool ids through as indices.
    "blind2_dequantize_accepts_bool": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.is_floating_point():
        raise ValueError(f"ids must be integer, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # ids.flatten(): flattens the batch axes too.
    "blind2_pixel_sequence_flatten_all": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("no pixels")
    if sos_id < 0:
        raise ValueError("sos_id must be >= 0")
    targets = ids.long().flatten()
    inputs = torch.cat([torch.tensor([sos_id]), targets[:-1]])
    return inputs, targets
'''),
    # No check of sos_id: a negative start token is accepted.
    "blind2_pixel_sequence_no_sos_check": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("no pixels")
    targets = ids.long().flatten(-2)
    inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
    return inputs, targets
'''),
    # No N = 0 check: the mean of no columns is NaN.
    "blind2_average_pool_no_empty_check": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    logits = X.mean(dim=-1) @ W.T
    return logits if b is None else logits + b
'''),

    # ------------------------------------------------------------------ swin
    # Hugging Face's additive attention mask (0 / -100) returned instead of a boolean mask.
    "blind2_shifted_mask_hf_additive": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if not 0 <= shift < window:
        raise ValueError("shift must satisfy 0 <= shift < window")
    img_mask = torch.zeros(height, width)
    count = 0
    for hs in (slice(0, -window), slice(-window, -shift), slice(-shift, None)) if shift else (slice(0, None),):
        for ws in (slice(0, -window), slice(-window, -shift), slice(-shift, None)) if shift else (slice(0, None),):
            img_mask[hs, ws] = count
            count += 1
    labels = window_partition(img_mask[None], window)[:, 0]
    attn_mask = labels.unsqueeze(1) - labels.unsqueeze(2)
    return attn_mask.masked_fill(attn_mask != 0, -100.0).masked_fill(attn_mask == 0, 0.0)
'''),
    # Unpacks exactly one batch axis (B, C, H, W): an unbatched grid or two batch axes fail.
    "blind2_window_partition_one_batch_axis": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    B, C, H, W = X.shape
    _check_grid(H, W, window)
    M = window
    x = X.view(B, C, H // M, M, W // M, M).permute(0, 2, 4, 1, 3, 5)
    return x.reshape(B, (H // M) * (W // M), C, M * M)
'''),
    # Off-by-one range check: shift == window is accepted.
    "blind2_shifted_mask_allows_shift_equal_window": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if not 0 <= shift <= window:
        raise ValueError(f"shift must satisfy 0 <= shift <= window={window}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Hugging Face's SwinPatchMerging pads an odd grid instead of raising ValueError.
    "blind2_patch_merging_pads_odd": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    channels, height, width = X.shape[-3:]
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    X = torch.nn.functional.pad(X, (0, width % 2, 0, height % 2))
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    rows, cols = merged.shape[-2:]
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (rows, cols))
'''),

    # ------------------------------------------------------------------ davit
    # timm's ChannelAttention formula (softmax(kᵀv) then applied to q): the roles of the queries and values swap.
    "blind2_channel_attention_timm_kv_first": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    if scale is None:
        scale = tokens ** -0.5
    q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
    k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
    v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
    k = k * scale
    attention = (k.transpose(-1, -2) @ v).softmax(dim=-1)
    x = (attention @ q.transpose(-1, -2))                                                   # (..., G, C/G, N)
    return linear(merge_heads(x), params["Wo"], params["bo"])
'''),
    # No N = 0 check: an empty token axis gives uniform weights instead of a ValueError.
    "blind2_channel_attention_no_empty_check": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if scale is None:
        scale = 1 / math.sqrt(max(tokens, 1))
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # `scale or default`: an explicit scale of 0.0 is replaced by 1/sqrt(N).
    "blind2_channel_attention_scale_falsy": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    scale = scale or 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Group check without `num_groups < 1`: 0 raises ZeroDivisionError and -1 slips through to a reshape error.
    "blind2_channel_attention_group_check_modulo_only": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    channels, tokens = X.shape[-2:]
    if channels % num_groups:
        raise ValueError("num_groups must divide C")
    if tokens == 0:
        raise ValueError("N = 0")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ embeddings
    # Default dtype hard-coded to float32 (ignores torch.set_default_dtype).
    "blind2_one_hot_float32_default": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    out = torch.nn.functional.one_hot(token_ids.long(), vocab_size).movedim(-1, -2)
    return out.to(dtype if dtype is not None else torch.float32)
'''),
    # Range check with .min()/.max() on an empty tensor: RuntimeError for empty ids.
    "blind2_one_hot_empty_range_check": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    if token_ids.min() < 0 or token_ids.max() >= vocab_size:
        raise ValueError("token ids out of range")
    matches = token_ids.unsqueeze(-2) == torch.arange(vocab_size)[:, None]
    return matches.to(dtype or torch.get_default_dtype())
'''),
    # index_select wants 1-D indices: batched ids fail.
    "blind2_embed_index_select_1d": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return torch.index_select(omega_e, 1, token_ids)
'''),
    # The Annotated Transformer's PositionalEncoding: fails for an odd D (one sine row more than cosines).
    "blind2_sinusoidal_annotated_transformer": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    import math
    pe = torch.zeros(num_positions, dim)
    position = torch.arange(0, num_positions).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, dim, 2) * -(math.log(10000.0) / dim))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe.T
'''),

    # ------------------------------------------------------------------ bpe
    # minbpe style: pairs counted over the whole corpus as one symbol stream, so pairs across word boundaries count.
    "blind2_train_bpe_minbpe_stream": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    stream = [symbol for word in split_words(corpus, "corpus") for symbol in word]
    merges = []
    for _ in range(num_merges):
        stats = {}
        for pair in zip(stream, stream[1:]):
            stats[pair] = stats.get(pair, 0) + 1
        if not stats:
            break
        pair = max(stats, key=stats.get)
        merges.append(pair)
        stream = merge_pair(stream, pair)
    return merges
'''),
    # Distinct words scanned most frequent first: tied pairs are broken by word frequency, not first appearance.
    "blind2_train_bpe_words_by_frequency": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    word_counts = Counter(tuple(word) for word in split_words(corpus, "corpus"))
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.most_common():
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
    # Splits the corpus itself and never checks for a literal "</w>".
    "blind2_train_bpe_no_end_of_word_check": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    word_counts = Counter(tuple(word) + ("</w>",) for word in corpus.split())
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
    # Drops exactly one trailing character, assuming the text always ends with "</w>".
    "blind2_bpe_decode_drop_last_char": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    return "".join(tokens).replace(END_OF_WORD, " ")[:-1]
'''),
    # Merges by slicing into the caller's list.
    "blind2_merge_pair_in_place": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    i = 0
    while i < len(symbols) - 1:
        if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
            symbols[i:i + 2] = [pair[0] + pair[1]]
        i += 1
    return symbols
'''),
    # Written as a right one; it runs the GRUCell under torch.no_grad(), so no gradient reaches s_prev, y_prev or H
    # (the grader caught it, the author's own check compared values only).
    "blind2_decoder_step_grucell_under_no_grad": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    D_s = s_prev.shape[-1]
    cell = torch.nn.GRUCell(x.shape[-1], D_s, dtype=x.dtype)
    with torch.no_grad():
        cell.weight_ih.copy_(params["weight_ih"])
        cell.weight_hh.copy_(params["weight_hh"])
        cell.bias_ih.copy_(params["bias_ih"])
        cell.bias_hh.copy_(params["bias_hh"])
        h = s_prev.expand(*x.shape[:-1], D_s)
        s = cell(x.reshape(-1, x.shape[-1]), h.reshape(-1, D_s)).reshape(h.shape)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
}

RIGHT_BLIND_2 = {
    # ------------------------------------------------------------------ softmax
    # torch.softmax, then zero the columns that were entirely -inf.
    "blind2_softmax_torch_zero_dead_columns": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
    return torch.softmax(scores, dim=-2).masked_fill(dead, 0.0)
'''),
    # exp(s - logsumexp), with the -inf log-sum-exp of a dead column replaced by 0.
    "blind2_softmax_guarded_logsumexp": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    lse = torch.logsumexp(scores, dim=-2, keepdim=True)
    lse = torch.where(torch.isneginf(lse), torch.zeros_like(lse), lse)
    return torch.exp(scores - lse)
'''),
    # ------------------------------------------------------------------ masking
    "blind2_causal_mask_not_strict_lower": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return ~torch.ones(n, n, dtype=torch.bool).tril(-1)
'''),
    "blind2_padding_mask_broadcast_compare": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    return lengths[:, None, None] > torch.arange(n, device=lengths.device)[None, :, None]
'''),
    "blind2_local_mask_le_ge": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    j = torch.arange(n).unsqueeze(1)
    i = torch.arange(n).unsqueeze(0)
    return (j <= i + window) & (j >= i - window)
'''),
    # Additive: a tensor of 0 / -inf added to the scores.
    "blind2_apply_mask_additive_neg_inf": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    bias = torch.zeros(mask.shape, dtype=scores.dtype).masked_fill(~mask, float("-inf"))
    return scores + bias
'''),
    # ------------------------------------------------------------------ attention
    # F.scaled_dot_product_attention with transposed inputs and mask; weights computed alongside.
    "blind2_sdpa_torch_functional": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    import torch.nn.functional as F
    if K.shape[-2] != Q.shape[-2] or V.shape[-1] != K.shape[-1]:
        raise ValueError("shapes disagree")
    scores = K.mT @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    out = F.scaled_dot_product_attention(Q.mT, K.mT, V.mT, attn_mask=None if mask is None else mask.mT)
    return out.mT, weights
'''),
    # log of the 0/1 mask as an additive bias (log 1 = 0, log 0 = -inf).
    "blind2_sdpa_log_mask_bias": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores + torch.log(mask.to(scores.dtype))
    weights = softmax_cols(scores)
    return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # Everything in PyTorch's row layout, transposed back at the end.
    "blind2_sdpa_row_layout": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    q, k, v = Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1)
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))          # (..., N_q, N_k)
    if mask is not None:
        att = att.masked_fill(~mask.transpose(-2, -1), float("-inf"))
    att = softmax_cols(att.transpose(-2, -1)).transpose(-2, -1)
    y = att @ v
    return y.transpose(-2, -1), att.transpose(-2, -1)
'''),
    # One fused projection of stacked weights, split afterwards.
    "blind2_self_attention_cat_weights_split": ("attention", "self_attention", '''
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
    W = torch.cat([Wq, Wk, Wv])
    b = torch.cat([bq, bk, bv])
    Q, K, V = torch.split(torch.matmul(W, X) + b.unsqueeze(-1), [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # F.scaled_dot_product_attention on (..., H, N, D/H), mask transposed and given a head axis.
    "blind2_mha_torch_sdpa": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    import torch.nn.functional as F
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("D must be divisible by num_heads")
    hd = D // num_heads

    def heads(X, W, b):
        rows = F.linear(X.transpose(-2, -1), W, b)                         # (..., N, D)
        return rows.unflatten(-1, (num_heads, hd)).transpose(-3, -2)       # (..., H, N, hd)

    q = heads(Xq, params["Wq"], params["bq"])
    k = heads(Xkv, params["Wk"], params["bk"])
    v = heads(Xkv, params["Wv"], params["bv"])
    attn_mask = None if mask is None else mask.transpose(-2, -1).unsqueeze(-3)
    y = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)   # (..., H, N_q, hd)
    y = y.transpose(-3, -2).flatten(-2)                                # (..., N_q, D)
    return F.linear(y, params["Wo"], params["bo"]).transpose(-2, -1)
'''),
    # Per-head weight slices and einsum, no reshaping of activations.
    "blind2_mha_weight_slices_einsum": ("multihead", "multi_head_attention", '''
def multi_head_attention(
    Xq: torch.Tensor,
    Xkv: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("D must be divisible by num_heads")
    hd = D // num_heads
    Wq = params["Wq"].reshape(num_heads, hd, D)
    Wk = params["Wk"].reshape(num_heads, hd, D)
    Wv = params["Wv"].reshape(num_heads, hd, D)
    Q = torch.einsum("hed,...dn->...hen", Wq, Xq) + params["bq"].reshape(num_heads, hd, 1)
    K = torch.einsum("hed,...dn->...hen", Wk, Xkv) + params["bk"].reshape(num_heads, hd, 1)
    V = torch.einsum("hed,...dn->...hen", Wv, Xkv) + params["bv"].reshape(num_heads, hd, 1)
    scores = torch.einsum("...hek,...heq->...hkq", K, Q) / hd ** 0.5
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    from .softmax import softmax_cols
    weights = softmax_cols(scores)
    heads = torch.einsum("...hek,...hkq->...heq", V, weights)
    Wo = params["Wo"].reshape(D, num_heads, hd)
    return torch.einsum("dhe,...heq->...dq", Wo, heads) + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ transformer_layer
    "blind2_layer_norm_var_mean": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    var, mean = torch.var_mean(X, dim=-2, keepdim=True, unbiased=False)
    return (X - mean) / (var + eps).sqrt() * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    "blind2_feed_forward_einsum_clamp": ("transformer_layer", "feed_forward", '''
def feed_forward(
    X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
) -> torch.Tensor:
    hidden = (torch.einsum("fd,...dn->...fn", W1, X) + b1[:, None]).clamp(min=0)
    return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # Sub-layers written as a list of (norm, block) pairs, like nn.TransformerEncoderLayer's _sa_block/_ff_block.
    "blind2_transformer_layer_block_list": ("transformer_layer", "transformer_layer", '''
def transformer_layer(
    X: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    mask: torch.Tensor | None = None,
    norm_first: bool = False,
) -> torch.Tensor:
    blocks = [
        ("1", lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)),
        ("2", lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])),
    ]
    for i, block in blocks:
        def norm(Y, i=i):
            return layer_norm(Y, params["gamma" + i], params["beta" + i], 1e-5)
        X = X + block(norm(X)) if norm_first else norm(X + block(X))
    return X
'''),
    # ------------------------------------------------------------------ cross_attention
    # The encoder mask broadcast explicitly to (..., N_e, N_d) first.
    "blind2_cross_attention_broadcast_mask": ("cross_attention", "cross_attention", '''
def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict[str, torch.Tensor],
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    if enc_mask is not None:
        shape = torch.broadcast_shapes(enc_mask.shape, (X_enc.shape[-1], X_dec.shape[-1]))
        enc_mask = enc_mask.broadcast_to(shape)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Causal mask from arange comparisons inline; sub-layers in a loop.
    "blind2_decoder_layer_loop": ("cross_attention", "decoder_layer", '''
def decoder_layer(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    params: dict,
    num_heads: int,
    enc_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    n = X_dec.shape[-1]
    positions = torch.arange(n)
    causal = positions.unsqueeze(1) <= positions.unsqueeze(0)
    steps = [
        lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
        lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
        lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
    ]
    X = X_dec
    for i, step in enumerate(steps, start=1):
        X = layer_norm(X + step(X), params[f"gamma{i}"], params[f"beta{i}"])
    return X
'''),
    # ------------------------------------------------------------------ sampling
    # argsort(-probs, stable) and a searchsorted top-p cut.
    "blind2_next_token_probs_searchsorted": ("sampling", "next_token_probs", '''
def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.numel()).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.argsort(probs, descending=True, stable=True)
        cut = torch.zeros_like(probs)
        cut[order[:top_k]] = 1.0
        probs = probs * cut
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.argsort(probs, descending=True, stable=True)
        cumulative = probs[order].cumsum(0)
        count = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype))[0]) + 1
        cut = torch.zeros_like(probs)
        cut[order[:count]] = 1.0
        probs = probs * cut
    return probs / probs.sum()
'''),
    # Python list of ints, tensor rebuilt each step.
    "blind2_generate_python_list": ("sampling", "generate", '''
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
    for _ in range(max_new_tokens):
        window = tokens if context_size is None else tokens[max(0, len(tokens) - context_size):]
        logits = model(torch.tensor(window, dtype=prompt.dtype))
        probs = next_token_probs(logits[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
        token = torch.multinomial(probs, 1, generator=generator).item()
        tokens.append(token)
        if token == eos_id:
            break
    return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    "blind2_sequence_log_prob_gather": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    logits = model(ids)[:, :-1]                                  # (V, N - 1)
    log_probs = logits - torch.logsumexp(logits, dim=0, keepdim=True)
    return log_probs.gather(0, ids[1:].unsqueeze(0)).sum()
'''),
    # Stops as soon as the best kept beam is finished (no later beam can beat it: scores only fall).
    "blind2_beam_search_stop_when_best_finished": ("sampling", "beam_search", '''
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
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids, dtype=prompt.dtype))[:, -1].double(), dim=0)
            for token, lp in enumerate(log_probs.tolist()):
                candidates.append((score + lp, ids + [token], token == eos_id))
        beams = sorted(candidates, key=lambda c: -c[0])[:beam_width]
        if beams[0][2]:
            break
    return torch.tensor(beams[0][1], dtype=prompt.dtype)
'''),
    # ------------------------------------------------------------------ patch_embedding
    # timm's PatchEmbed: a strided conv2d holding W, with the divisibility check kept.
    "blind2_patch_embedding_conv2d": ("patch_embedding", "patch_embedding", '''
def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    import torch.nn.functional as F
    B, C, H, Wd = images.shape
    if H % patch_size or Wd % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    x = F.conv2d(images, W.reshape(-1, C, patch_size, patch_size), b, stride=patch_size).flatten(2)
    x = torch.cat([cls_token.reshape(1, -1, 1).expand(B, -1, -1), x], dim=2)
    return x + positions
'''),
    # Tensor.unfold twice, then reorder.
    "blind2_patchify_tensor_unfold": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    B, C, H, W = images.shape
    P = patch_size
    if H % P or W % P:
        raise ValueError("H and W must be multiples of patch_size")
    patches = images.unfold(2, P, P).unfold(3, P, P)        # (B, C, H/P, W/P, P, P)
    patches = patches.permute(0, 1, 4, 5, 2, 3)             # (B, C, P, P, H/P, W/P)
    return patches.reshape(B, C * P * P, (H // P) * (W // P))
'''),
    # ------------------------------------------------------------------ rnn_attention
    "blind2_grid_attention_einsum": ("rnn_attention", "grid_attention", '''
def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    proj = torch.einsum("ac,...chw->...ahw", U, features) + torch.einsum("as,...s->...a", W, s)[..., :, None, None]
    e = torch.einsum("a,...ahw->...hw", v, torch.tanh(proj))
    weights = torch.softmax(e.flatten(-2), dim=-1).reshape(e.shape)
    context = torch.einsum("...chw,...hw->...c", features, weights)
    return weights, context
'''),
    # ------------------------------------------------------------------ sparse_attention
    "blind2_strided_mask_fmod": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    if stride < 1:
        raise ValueError("stride must be >= 1")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return torch.fmod(offsets, stride) == 0
'''),
    # Closed forms written as "all pairs minus the hidden ones".
    "blind2_sparse_cost_complements": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    needs = {"local": window, "strided": stride, "global": num_global}
    if pattern in needs and needs[pattern] is None:
        raise ValueError(f"{pattern} needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return (n * n + n) // 2
    if pattern == "local":
        w = max(0, min(window, n - 1))
        hidden = (n - w - 1) * (n - w) if n else 0          # pairs with |i - j| > w
        return n * n - hidden
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    g = num_global
    return n * n - (n - g) * (n - g)
'''),
    # ------------------------------------------------------------------ positions
    # Hugging Face's T5Attention._relative_position_bucket, ported as is.
    "blind2_bucket_hf_t5_port": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )
    relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets
'''),
    # Llama's rotate_half with cos/sin tables duplicated over both halves (angles in float64).
    "blind2_rotary_rotate_half": ("positions", "rotary_embedding", '''
def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    def apply(X, positions):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError("D must be even")
        D, N = X.shape[-2:]
        pos = torch.arange(N, dtype=torch.float64) if positions is None else positions.to(torch.float64)
        inv_freq = 1.0 / (base ** (torch.arange(0, D, 2, dtype=torch.float64) / D))
        freqs = torch.outer(inv_freq, pos)                       # (D/2, N)
        emb = torch.cat([freqs, freqs], dim=0)                    # (D, N)
        x1, x2 = X[..., : D // 2, :], X[..., D // 2:, :]
        rotated = torch.cat([-x2, x1], dim=-2)
        return X * emb.cos().to(X.dtype) + rotated * emb.sin().to(X.dtype)
    return apply(Q, positions_q), apply(K, positions_k)
'''),
    # ------------------------------------------------------------------ pretraining
    # Bernoulli draws in HF's spirit but a different order: first the keep/replace split, then the selection.
    "blind2_mlm_bernoulli_split_first": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
    chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob), dtype=torch.float64), generator=generator).bool()
    for special in torch.as_tensor(special_ids).reshape(-1).tolist():
        chosen &= ids != special
    corrupted = ids.clone()
    corrupted[chosen & (u < 0.8)] = mask_id
    replace = chosen & (u >= 0.8) & (u < 0.9)
    corrupted[replace] = random_ids[replace]
    labels = torch.full(ids.shape, IGNORE, dtype=torch.long)
    labels[chosen] = ids[chosen].long()
    return corrupted, labels
'''),
    # The other document drawn with randint over all others, then the sentence.
    "blind2_nsp_index_list": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("need at least two documents for random second sentences")
    out = []
    for i, doc in enumerate(documents):
        others = [j for j in range(len(documents)) if j != i]
        for n in range(len(doc) - 1):
            coin = torch.randint(2, (), generator=generator).item()
            if coin == 0:
                out.append((doc[n], doc[n + 1], 0))
            else:
                j = others[torch.randint(len(others), (), generator=generator).item()]
                k = torch.randint(len(documents[j]), (), generator=generator).item()
                out.append((doc[n], documents[j][k], 1))
    return out
'''),
    # ------------------------------------------------------------------ imagegpt
    # F.embedding on the palette's transpose.
    "blind2_dequantize_embedding": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be integers")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids out of range")
    return torch.nn.functional.embedding(ids.long(), palette.T).movedim(-1, -3)
'''),
    # roll the targets right by one and overwrite the first entry.
    "blind2_pixel_sequence_roll": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-2] == 0 or ids.shape[-1] == 0:
        raise ValueError("image without pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be a non-negative int")
    targets = ids.flatten(-2).to(torch.long)
    inputs = targets.roll(1, dims=-1)
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # F.linear on the mean.
    "blind2_average_pool_functional_linear": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and b.shape != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("N = 0")
    return torch.nn.functional.linear(X.sum(dim=-1) / X.shape[-1], W, b)
'''),
    # ------------------------------------------------------------------ swin
    # timm's SwinV1 PatchMerging reshape: (H/2, 2, W/2, 2, C) permuted so the column offset is outermost.
    "blind2_patch_merging_timm_reshape": ("swin", "patch_merging", '''
def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, C, H, Wd = X.shape
    if H % 2 or Wd % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * C,) or beta.shape != (4 * C,) or W.shape != (2 * C, 4 * C):
        raise ValueError("shapes disagree")
    x = X.movedim(-3, -1)                                              # (..., H, W, C)
    x = x.reshape(*batch, H // 2, 2, Wd // 2, 2, C)                    # (..., h, dy, w, dx, C)
    k = len(batch)
    x = x.permute(*range(k), k, k + 2, k + 3, k + 1, k + 4).flatten(-3)  # (..., h, w, dx*2C + dy*C + c)
    x = torch.nn.functional.layer_norm(x, (4 * C,), gamma, beta, eps)
    return torch.nn.functional.linear(x, W).movedim(-1, -3)
'''),
    # window_reverse via movedim with a single reshape per side.
    "blind2_window_reverse_unflatten": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    a, b = height // M, width // M
    if windows.dim() < 3 or windows.shape[-3] != a * b or windows.shape[-1] != M * M:
        raise ValueError("windows do not tile the grid")
    x = windows.unflatten(-1, (M, M)).unflatten(-4, (a, b))   # (..., a, b, C, p, q)
    x = x.movedim(-3, -5)                                      # (..., C, a, b, p, q)
    x = x.movedim(-2, -3)                                      # (..., C, a, p, b, q)
    return x.reshape(*x.shape[:-4], height, width)
'''),
    # Rolls index grids with torch.roll and flags the tokens whose original row/column index is below the shift.
    "blind2_shifted_mask_roll_indices": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or shift < 0 or shift >= window:
        raise ValueError("need 0 <= shift < window")
    rows = torch.roll(torch.arange(height), -shift)        # original row held by each rolled row
    cols = torch.roll(torch.arange(width), -shift)
    region = (rows < shift).long()[:, None] * 2 + (cols < shift).long()[None, :]
    windows = window_partition(region.unsqueeze(0), window).squeeze(-2)   # (nW, M*M)
    return windows.unsqueeze(-1) == windows.unsqueeze(-2)
'''),
    # ------------------------------------------------------------------ davit
    # The contract's equivalence: attention's scaled_dot_product_attention on transposed groups (N = D_k).
    "blind2_channel_attention_via_sdpa_transposed": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    from .attention import scaled_dot_product_attention
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    C, N = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or C % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if N == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (C, C):
            raise ValueError(f"{name} must be (C, C)")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (C,):
            raise ValueError(f"{name} must be (C,)")
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    if scale is not None:
        Q = Q * (scale * math.sqrt(N))
    out, _ = scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
    return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # One group at a time, timm-like row layout (q kᵀ over channels), softmax over the keys, concatenated.
    "blind2_channel_attention_group_loop_rows": ("davit", "channel_attention", '''
def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                      scale: float | None = None) -> torch.Tensor:
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    C, N = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or C % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if N == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (C, C):
            raise ValueError(f"{name} must be (C, C)")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (C,):
            raise ValueError(f"{name} must be (C,)")
    s = N ** -0.5 if scale is None else scale
    Q = linear(X, params["Wq"], params["bq"])
    K = linear(X, params["Wk"], params["bk"])
    V = linear(X, params["Wv"], params["bv"])
    g = C // num_groups
    outs = []
    for start in range(0, C, g):
        q, k, v = Q[..., start:start + g, :], K[..., start:start + g, :], V[..., start:start + g, :]
        attn = torch.softmax((q @ k.transpose(-2, -1)) * s, dim=-1)      # (..., queries, keys)
        outs.append(attn @ v)
    return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ embeddings
    # F.embedding on the transposed table (nn.Embedding's layout), then tokens back to columns.
    "blind2_embed_functional_embedding": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return torch.nn.functional.embedding(token_ids.long(), omega_e.T).movedim(-1, -2)
'''),
    # Columns of an identity matrix.
    "blind2_one_hot_eye_columns": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    eye = torch.eye(vocab_size, dtype=dtype if dtype is not None else torch.get_default_dtype())
    return eye[:, token_ids.long()].movedim(0, -2)
'''),
    # ------------------------------------------------------------------ bpe
    "blind2_bpe_decode_split_join": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    text = "".join(tokens)
    return " ".join(text.split(END_OF_WORD)).rstrip(" ")
'''),
    # A pure-function merge with an explicit index and a result list built from slices.
    "blind2_merge_pair_recursive": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    for i in range(len(symbols) - 1):
        if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
            return list(symbols[:i]) + [pair[0] + pair[1]] + merge_pair(symbols[i + 2:], pair)
    return list(symbols)
'''),
    # Written as a wrong one (Hugging Face's |a|^2 - 2ab + |b|^2 breaks exact ties of 8-bit colours by rounding);
    # counted right: the imagegpt suite accepts any id within rounding of the nearest, as its docstring says.
    "blind2_quantize_hf_expanded_distance_accepted": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = images.movedim(-3, -1)
    flat = pixels.reshape(-1, pixels.shape[-1])
    clusters = palette.T
    a2 = torch.sum(flat ** 2, dim=1)[:, None]
    b2 = torch.sum(clusters ** 2, dim=1)[None, :]
    ab = torch.matmul(flat, clusters.T)
    d = a2 - 2 * ab + b2
    return torch.argmin(d, dim=1).reshape(pixels.shape[:-1])
'''),
}
