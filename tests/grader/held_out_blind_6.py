"""Seventh blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, the stubs' docstrings (exercises/), the model answers (solutions/) and the
course registry (course/registry.py), after reading the five earlier blind batch files (tests/grader/held_out_blind.py,
held_out_blind_2.py, held_out_blind_3.py, held_out_blind_4.py and held_out_blind_5.py) so as to repeat none of their
names or ideas, and to respect the entries they mark "counted right"; nothing else under grader/ or tests/ was
opened, listed, grepped or run. Every entry was checked by its author against the model answer in a scratch package
(/tmp/blind6/check.py: a copy of solutions/ with the entry's source appended to its module): each right one agrees on
random inputs (float32, and float64 at a relative tolerance of 1e-10; one and two batch axes, N = 1, N_q != N_k,
fully masked queries, ties, non-contiguous views with every axis reversed in memory; gradients with respect to every
float input and weight; the same ValueErrors; arguments unmodified; the same output dtype); each wrong one has a
recorded input the contract allows on which it differs (a value beyond tolerance, a shape, a dtype, a missing or
extra exception, a mutated argument, a gradient at a finite input, a random stream), named in its comment.
mlm_corrupt and nsp_pairs, whose draws are free, were compared by statistics over many seeds or on a deterministic
consequence of the draws (calls repeated under one seed).

Emphasis: mistakes that are realistic and show only on an input the contract allows: state kept between calls
(mutable default arguments and memo tables keyed by too little: shape, num_heads, id(), vocabulary size, width,
(height, width, window), context length, the ids of a prefix), default dtypes captured once, float32 constants met in
float64 arithmetic (torch.tensor(eps), torch.tensor(temperature), float32 log-softmax in beam scores), wrong optional
defaults carried over from public code (x-transformers' pre-norm, Hugging Face's top_k = 50, Llama 3's rope base,
GPT-2's block size), ties broken by an unstable sort, a flipped ascending sort or list.reverse(), exact-boundary and
empty cases (int of a true division past 2^53, an empty text, max_new_tokens = 0, a 3 x 4 grid), in-place operations
on tensors autograd saved (exp, softmax, tanh outputs), hand-written sigmoid/tanh overflowing, gradients cut on one
path only (a detached mean, keys from detached features), and composites whose arguments are swapped where the shapes
agree when they are square (Q and K, K and V, W and U, gamma and beta, [c; s], Flax kernels, Keras output kernels,
height for width, (B, C, W, H)). Right entries use styles unlike the model answer: torch.func.vmap, column loops in
log space, einsum with an ellipsis, a translated Keras port, activation checkpointing, packed K/V projections,
as_strided, gather, torch.roll of wrap flags, binomial closed forms, stable reverse sorts, functools.reduce, in-place
operations on fresh intermediates, and other but equally distributed orders of free random draws.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_6 = {
    # ------------------------------------------------------------------ softmax
    # The division is written in place on the exponentials (exps /= total). torch.exp saves its OUTPUT for backward,
    # so the forward values are right (dead columns included) but every backward pass raises "a variable needed for
    # gradient computation has been modified by an inplace operation" (clause: differentiable in every float input).
    # Shows on any scores (2, 3, 4) with requires_grad.
    "blind6_softmax_exps_divided_in_place": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
    exps = torch.exp(scores - column_max)
    total = exps.sum(dim=-2, keepdim=True)
    exps /= total.clamp(min=torch.finfo(scores.dtype).tiny)
    return exps
'''),
    # A column counts as dead when its max is below -1e9 ("masked entries are -inf or a large negative fill"), but a
    # live column of finite, very negative scores is then zeroed too (clause: only an all -inf column is zeros).
    # Shows on a float64 column [-2e9, -2e9 + 1, -2e9 - 1] (a proper softmax expected, all zeros returned).
    "blind6_softmax_dead_threshold_finite": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    dead = column_max < -1e9
    exps = torch.exp(scores - column_max.masked_fill(dead, 0.0))
    total = exps.sum(dim=-2, keepdim=True)
    return torch.where(dead, torch.zeros_like(exps), exps / total.masked_fill(total == 0, 1.0))
'''),


    # ------------------------------------------------------------------ attention
    # torch.softmax over the keys, then the NaN of fully masked queries cleaned with nan_to_num_ IN PLACE. torch.softmax
    # saves its output for backward, so the values are right but any backward raises (clause: differentiable).
    # Shows on any Q, K, V with requires_grad (mask or not).
    "blind6_sdpa_softmax_nan_to_num_in_place": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must have shape (..., D_k, N_k) to match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must have shape (..., D_v, N_k) to match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = torch.softmax(scores, dim=-2)
    weights.nan_to_num_(nan=0.0)
    return V @ weights, weights
'''),
    # fairseq-style incremental state kept in a mutable default argument, keyed by X's shape and dtype: the keys and
    # values of the FIRST X of a shape are reused for every later X of that shape (clause: the result is a function
    # of this call's arguments). Shows on a second call with another X (2, 4, 5) of the same shape.
    "blind6_self_attention_kv_cache_keyed_by_shape": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None, _incremental_state={}):
    key = (tuple(X.shape), X.dtype)
    if key not in _incremental_state:
        _incremental_state[key] = (linear(X, Wk, bk), linear(X, Wv, bv))
    K, V = _incremental_state[key]
    Q = linear(X, Wq, bq)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Queries and keys passed in each other's places (torch's F.scaled_dot_product_attention(query, key, value) order
    # misremembered); in self-attention the shapes always agree, so nothing fails, but the scores are Q^T K, the
    # transpose of K^T Q, and each softmax column mixes the wrong pairs (clause: softmax_cols(K^T Q / sqrt(D_k))).
    # Shows on any X (4, 5) with distinct Wq, Wk.
    "blind6_self_attention_q_k_swapped_in_call": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(K, Q, V, mask)
'''),
    # JAX/Flax port: flax.linen.Dense stores its kernel (in, out) and computes x @ kernel. Used with the course's
    # (out, in) weights the projection is Wq^T X; the shapes agree whenever D_k = D (square weights), so it runs
    # (clause: weights are (out, in), Q = Wq X + bq 1^T). Shows on X (4, 5) with Wq, Wk, Wv (4, 4) random.
    "blind6_self_attention_flax_kernel_layout": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    def dense(kernel, bias):
        return (X.transpose(-2, -1) @ kernel + bias).transpose(-2, -1)
    Q = dense(Wq, bq)
    K = dense(Wk, bk)
    V = dense(Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # lucidrains' vit-pytorch Attention: project_out = not (heads == 1 and dim_head == dim), to_out = nn.Identity()
    # otherwise. With one head of the full width the output projection Wo, bo is skipped (clause: the head outputs
    # always go through Wo @ . + bo). Shows on num_heads = 1.
    "blind6_mha_vit_pytorch_identity_out_one_head": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    merged = merge_heads(heads)
    project_out = not (num_heads == 1 and dim // num_heads == dim)
    return linear(merged, params["Wo"], params["bo"]) if project_out else merged
'''),
    # Per-head weight tables cached in a mutable default dict keyed by num_heads only: a second call with OTHER params
    # and the same number of heads reuses the first call's weights (clause: the result is a function of the params
    # given). Shows on two calls with different params, num_heads = 2.
    "blind6_mha_head_weights_cached_by_num_heads": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None, _head_weights={}):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    if num_heads not in _head_weights:
        hd = dim // num_heads
        _head_weights[num_heads] = tuple(
            (params["W" + s].reshape(num_heads, hd, dim), params["b" + s].reshape(num_heads, hd, 1)) for s in "qkv"
        )
    (Wq, bq), (Wk, bk), (Wv, bv) = _head_weights[num_heads]
    Q = torch.einsum("hjd,...dn->...hjn", Wq, Xq) + bq
    K = torch.einsum("hjd,...dn->...hjn", Wk, Xkv) + bk
    V = torch.einsum("hjd,...dn->...hjn", Wv, Xkv) + bv
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The 1/sqrt(D/H) scale folded into the query weight (an inference-time trick), but not into the query bias: the
    # queries become s Wq X + bq instead of s (Wq X + bq) (clause: each head scales its scores by 1/sqrt(D/H)).
    # Exact when bq = 0; shows on a nonzero bq.
    "blind6_mha_scale_folded_into_weight_not_bias": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    from .masking import apply_mask
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    scale = (dim // num_heads) ** -0.5
    Q = split_heads(linear(Xq, params["Wq"] * scale, params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    heads = V @ softmax_cols(scores)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Keys and values passed to scaled_dot_product_attention in each other's places: per head both are (D/H, N_k), so
    # the shapes always agree and it runs (clause: scores from K, outputs from V). Shows on any input with Wk != Wv.
    "blind6_mha_sdpa_keys_values_swapped": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, V, K, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Keras MultiHeadAttention port: kernels (D, H, D/H) for q, k, v and an output kernel (H, D/H, D) contracted with
    # "...hjn,hje->...en". The output kernel is built as Wo.reshape(H, D/H, D) with no transpose, which is Wo^T's
    # layout; D x D is square, so it runs (clause: Wo @ merged + bo). Shows on any input with a non-symmetric Wo.
    "blind6_mha_keras_output_kernel_untransposed": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    from .masking import apply_mask
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    hd = dim // num_heads
    def kernel(W):
        return W.transpose(0, 1).reshape(dim, num_heads, hd)
    query = torch.einsum("...dn,dhj->...hjn", Xq, kernel(params["Wq"])) + params["bq"].reshape(num_heads, hd, 1)
    key = torch.einsum("...dn,dhj->...hjn", Xkv, kernel(params["Wk"])) + params["bk"].reshape(num_heads, hd, 1)
    value = torch.einsum("...dn,dhj->...hjn", Xkv, kernel(params["Wv"])) + params["bv"].reshape(num_heads, hd, 1)
    query = query * (1.0 / math.sqrt(float(hd)))
    scores = torch.einsum("...hjk,...hjq->...hkq", key, query)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)
    attended = torch.einsum("...hjk,...hkq->...hjq", value, weights)
    output_kernel = params["Wo"].reshape(num_heads, hd, dim)
    return torch.einsum("...hjn,hje->...en", attended, output_kernel) + params["bo"][:, None]
'''),

    # ------------------------------------------------------------------ transformer_layer
    # eps kept as a tensor "buffer", torch.tensor(eps): that is float32 (9.99999975e-06), and although adding a 0-d
    # float32 tensor keeps a float64 variance float64, the constant itself is off by 2.5e-9 relative; for columns
    # whose variance is comparable to eps the result misses float64 accuracy (clause: float64 computed in float64).
    # Shows on float64 X * 1e-3 (variance ~1e-6), relative error ~1e-9.
    "blind6_layer_norm_eps_tensor_float32": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    eps = torch.tensor(eps)
    mean = X.mean(dim=-2, keepdim=True)
    variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # The column mean treated as a statistic and detached; the values are exact, but the gradient with respect to X
    # loses the -1/D path through the mean (clause: differentiable, autograd reaches every input; no .detach()).
    # Shows on the gradient w.r.t. X of any input.
    "blind6_layer_norm_mean_detached": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True).detach()
    variance = X.var(dim=-2, keepdim=True, correction=0)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # x-transformers port: its blocks are pre-norm unless told otherwise (pre_norm=True), so the default of
    # norm_first is True here (clause: post-LN is the default). Shows on any call that omits norm_first.
    "blind6_transformer_layer_x_transformers_pre_norm_default": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=True):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)
    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # d2l.ai's MultiHeadAttention builds W_q, W_k, W_v, W_o as nn.LazyLinear(num_hiddens, bias=False); the port drops
    # bq, bk, bv and bo (clause: Q = Wq X + bq, ..., Wo @ . + bo). Shows on nonzero biases.
    "blind6_cross_attention_d2l_bias_free": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(params["Wq"] @ X_dec, num_heads)
    K = split_heads(params["Wk"] @ X_enc, num_heads)
    V = split_heads(params["Wv"] @ X_enc, num_heads)
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return params["Wo"] @ merge_heads(heads)
'''),
    # The causal mask is moved next to the data with .to(X), the usual device idiom; but Tensor.to(tensor) also
    # takes X's dtype, so the mask becomes float and apply_mask refuses it (clause: decoder_layer works on every
    # valid input). Shows on any call (a ValueError from apply_mask's bool check on valid input).
    "blind6_decoder_layer_mask_to_x_casts_dtype": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X)
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),

    # ------------------------------------------------------------------ sampling
    # "Descending order" as an ascending stable argsort flipped: a flip reverses tied runs too, so among equal
    # probabilities the HIGHER id comes first and top-k / top-p keep the wrong one of a tie (clause: ties to lower
    # ids). Shows on logits [1, 1, 0], top_k = 1 (keeps id 1 instead of 0).
    "blind6_next_token_probs_flipped_ascending_argsort": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.argsort(probs, stable=True).flip(0)
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.argsort(probs, stable=True).flip(0)
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # torch.sort(descending=True) without stable=True: on CPU the unstable sort does not keep tied entries in id order
    # (ten equal probabilities come back as 1, 0, 9, 8, ...), so top-k keeps the wrong member of a tie (clause: ties
    # to lower ids). Shows on logits log([0.1] * 10 + [0.05] * 20), top_k = 1 (keeps id 1, not 0).
    "blind6_next_token_probs_unstable_sort": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        sorted_probs, order = torch.sort(probs, descending=True)
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        sorted_probs, order = torch.sort(probs, descending=True)
        cumulative = torch.cumsum(sorted_probs, dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # The temperature held as a tensor, torch.tensor(temperature): a float32 0-d tensor. Dividing float64 logits by it
    # keeps float64, but T = 0.7 is really 0.699999988, so every probability is off by ~1e-8 relative (clause:
    # float64 computed in float64). Shows on float64 logits randn(10) * 3, temperature = 0.7.
    "blind6_next_token_probs_temperature_tensor_float32": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / torch.tensor(temperature), dim=-1)
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
    # Hugging Face habit: logits cast to float32 "for a stable softmax" (logits.float()); float64 logits then give
    # float32 probabilities (clause: functions keep the dtype of their floating-point inputs). Shows on any float64
    # logits at temperature 1.
    "blind6_next_token_probs_softmax_in_float32": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits.float() / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        probs = torch.zeros_like(probs).index_copy(0, order[:num_kept], probs[order[:num_kept]])
    return probs / probs.sum()
'''),
    # Greedy by numpy's argsort()[-1] idiom (a stable ascending argsort): the LAST of tied maxima, i.e. the highest id
    # (clause: temperature 0 is a one-hot on the arg-max, ties to the lowest id). Shows on logits [2, 2, 1], T = 0.
    "blind6_next_token_probs_greedy_argsort_last": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argsort(logits, stable=True)[-1]] = 1.0
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
    return probs / probs.sum()
'''),
    # Hugging Face GenerationConfig's default top_k = 50 carried into the signature: with no top_k given, a
    # vocabulary over 50 is cut to its 50 most likely tokens (clause: top_k=None keeps every token). Shows on V = 100
    # random logits, top_k omitted.
    "blind6_next_token_probs_hf_top_k_50_default": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=50, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
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
    return probs / probs.sum()
'''),
    # nanoGPT's `logits = logits[:, -1, :] / temperature`, then the filters at temperature 1: at temperature 0 the
    # division gives +-inf and NaN, the softmax is NaN and torch.multinomial raises (clause: temperature 0 is greedy).
    # Shows on temperature = 0 with a model whose logits have both signs.
    "blind6_generate_divides_logits_by_temperature_first": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1] / temperature
        probs = next_token_probs(logits, 1.0, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # The column of the next-token scores is taken at the absolute position len(ids) - 1; without a crop that is the
    # last column, but once the context is cropped the model returns only context_size columns and the index runs
    # past the end (clause: each step reads the LAST column of the model's output on the cropped ids). Shows on a
    # prompt of 4 ids with context_size = 2 (IndexError).
    "blind6_generate_column_by_absolute_position": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, len(ids) - 1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # GPT-2's block size as the default context: context_size=None crops to the last 1024 ids (nanoGPT's
    # idx[:, -block_size:]) instead of feeding all of them (clause: all ids if None). Shows on a 1030-id prompt and a
    # model whose last column depends on the first id it is given (greedy, temperature 0).
    "blind6_generate_default_context_gpt2_block_size": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    block_size = 1024 if context_size is None else context_size
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids[-block_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # next_token_probs called positionally as (logits, temperature, top_p, top_k): top_k = 1 arrives as top_p = 1
    # (keep everything) and the draw is from the full distribution instead of the arg-max (clause: top_k keeps
    # exactly k tokens). Shows on top_k = 1 with a seeded generator (different ids drawn).
    "blind6_generate_filters_passed_swapped": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_p, top_k)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # New tokens collected in a list and stacked at the end: with max_new_tokens = 0 the list is empty and
    # torch.stack raises (clause: returns the prompt plus the tokens drawn, none here). Shows on max_new_tokens = 0.
    "blind6_generate_stacks_new_tokens": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    new_tokens = []
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)[0]
        new_tokens.append(next_id)
        ids = torch.cat([prompt, torch.stack(new_tokens)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return torch.cat([prompt, torch.stack(new_tokens).to(prompt.dtype)])
'''),
    # fairseq-like incremental state in a mutable default dict, keyed by the length of the context: a later call
    # (another model or prompt) reuses the logits cached by an earlier one (clause: each step calls the model).
    # Shows on two greedy calls with different models and prompts of the same length.
    "blind6_generate_incremental_state_default_dict": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None, _incremental_state={}):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        if len(context) not in _incremental_state:
            _incremental_state[len(context)] = model(context)[:, -1]
        logits = _incremental_state[len(context)]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Prefix log-probabilities memoised in a mutable default dict keyed by the ids alone: a second search with
    # ANOTHER model from the same prompt reads the first model's scores (clause: beams are scored by this model).
    # Shows on two calls, model A then model B, same prompt.
    "blind6_beam_search_prefix_cache_across_models": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None, _log_prob_cache={}):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    def next_log_probs(ids):
        key = tuple(ids.tolist())
        if key not in _log_prob_cache:
            _log_prob_cache[key] = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
        return _log_prob_cache[key]
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            for token, log_prob in enumerate(next_log_probs(ids)):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # "Sort by score, then reverse for descending": list.reverse() after an ascending stable sort also reverses
    # every run of ties, so the LATER beam and the HIGHER token win ties (clause: ties to the earlier beam, then the
    # lower token id). Shows on a model with uniform logits (V = 3), width 2, two steps (ids 2, 2 instead of 0, 0).
    "blind6_beam_search_sort_then_reverse_list": ("sampling", "beam_search", '''
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
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: candidate[0])
        candidates.reverse()
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ bpe
    # The list of merges is a mutable default argument that the function appends to: a second training run returns
    # the first run's merges followed by its own (clause: returns the merges learned from this corpus). Shows on
    # train_bpe("low low lower", 2) followed by train_bpe("newer newer", 2).
    "blind6_train_bpe_mutable_default_merges": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges, merges=[]):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
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
    # The best pair as the LAST element of an ascending sort by count: sorted() is stable, so among tied counts the
    # last is the pair seen LAST (clause: ties go to the pair whose first occurrence comes first). Shows on the
    # contract's worked example (low x5, lower x2, newer x6): first merge ("r", "</w>") instead of ("w", "e").
    "blind6_train_bpe_ascending_sort_takes_last": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
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
        best = sorted(pair_counts, key=pair_counts.get)[-1]
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # All words' symbols joined into one stream before replaying the merges ("fewer Python loops"): a merge whose left
    # half ends in "</w>" can then glue the end of one word to the start of the next (clause: each word is split and
    # merged on its own; any list of pairs is valid). Shows on merges [("a", "</w>"), ("a</w>", "b")], text "a b".
    "blind6_bpe_encode_whole_text_one_stream": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    symbols = [symbol for word in words for symbol in word]
    for pair in merges:
        symbols = merge_pair(symbols, pair)
    return symbols
'''),
    # Per-word token lists concatenated with functools.reduce and no initial value: an empty text (no words) makes
    # reduce raise TypeError (clause: any text without "</w>" is valid; "" encodes to []). Shows on text "".
    "blind6_bpe_encode_reduce_without_initial": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    import functools
    import operator
    def encode_word(symbols):
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        return symbols
    return functools.reduce(operator.add, [encode_word(word) for word in split_words(text, "text")])
'''),

    # ------------------------------------------------------------------ embeddings
    # An identity matrix per vocabulary size cached in a mutable default dict, built in the dtype of the FIRST call:
    # a later call asking for another dtype gets the cached one (clause: the dtype given, else the default float
    # dtype). Shows on one_hot(ids, 5) then one_hot(ids, 5, dtype=torch.float64) (float32 returned).
    "blind6_one_hot_identity_cached_by_size": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None, _identity={}):
    check_token_ids(token_ids, vocab_size)
    if vocab_size not in _identity:
        _identity[vocab_size] = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())
    return _identity[vocab_size][:, token_ids].movedim(0, -2)
'''),
    # The transposed table (rows = embeddings, nn.Embedding's layout) cached by id(omega_e): after the caller updates
    # omega_e in place (an optimiser step), the stale copy keeps being returned (clause: equals omega_e @ one_hot of
    # the current omega_e). Shows on embed(E, ids); E.add_(1) under no_grad; embed(E, ids).
    "blind6_embed_transposed_table_cached_by_id": ("embeddings", "embed", '''
def embed(omega_e, token_ids, _rows={}):
    check_token_ids(token_ids, omega_e.shape[-1])
    key = id(omega_e)
    if key not in _rows:
        _rows[key] = omega_e.transpose(0, 1).contiguous()
    return _rows[key][token_ids].movedim(-1, -2)
'''),
    # Tables memoised by (num_positions, dim) in a mutable default dict: a table built under the float32 default is
    # returned again after torch.set_default_dtype(torch.float64) (clause: the default float dtype of the call).
    # Shows on (6, 4) under float32, then (6, 4) under float64.
    "blind6_sinusoidal_cache_across_default_dtype": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim, _tables={}):
    key = (num_positions, dim)
    if key not in _tables:
        positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
        pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
        angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
        table = torch.empty(dim, num_positions)
        table[0::2] = torch.sin(angles)
        table[1::2] = torch.cos(angles[: dim // 2])
        _tables[key] = table
    return _tables[key]
'''),
    # CS231n / Annotated-Transformer PositionalEncoding(max_len): one table per width built once for
    # max(num_positions, 512) positions and sliced; a later, longer request gets only the first table's columns
    # (clause: returns (D, num_positions)). Shows on (10, 8) then (600, 8): shape (8, 512).
    "blind6_sinusoidal_table_cached_by_width": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim, _tables={}):
    if dim not in _tables:
        max_len = max(num_positions, 512)
        positions = torch.arange(max_len, dtype=torch.get_default_dtype())
        pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
        angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
        table = torch.empty(dim, max_len)
        table[0::2] = torch.sin(angles)
        table[1::2] = torch.cos(angles[: dim // 2])
        _tables[dim] = table
    return _tables[dim][:, :num_positions]
'''),

    # ------------------------------------------------------------------ positions
    # Buckets precomputed for the offsets -max_distance .. max_distance and looked up after clamping (right in
    # itself: every offset beyond max_distance lands in the last bucket), but the table is cached by
    # (num_buckets, max_distance) only: a causal call after a bidirectional one reads the bidirectional table
    # (clause: bidirectional=False puts positive offsets in bucket 0). Shows on offsets -3..3 bidirectional, then causal.
    "blind6_bucket_table_cache_ignores_bidirectional": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128, _tables={}):
    key = (num_buckets, max_distance)
    if key not in _tables:
        offset = torch.arange(-max_distance, max_distance + 1)
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
        _tables[key] = base + torch.where(distance < exact, distance, far)
    clamped = relative_position.long().clamp(-max_distance, max_distance)
    return _tables[key][clamped + max_distance]
'''),
    # cos/sin tables memoised by (D, positions, dtype) in a mutable default dict, but not by base: a call with another
    # base reuses the first call's angles (clause: theta_i = base^(-2i/D)). Shows on base 10000 then base 100, same
    # shapes.
    "blind6_rotary_cache_ignores_base": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0, _cos_sin={}):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        key = (dim, tuple(positions.tolist()), X.dtype)
        if key not in _cos_sin:
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            _cos_sin[key] = (angles.cos().to(X.dtype), angles.sin().to(X.dtype))
        cos, sin = _cos_sin[key]
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Llama 3's rope_theta = 500000 as the default base (clause: base=10000.0). Shows on any call that omits base.
    "blind6_rotary_llama3_base_default": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=500000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),

    # ------------------------------------------------------------------ rnn_attention
    # The tanh activations scaled by v in place (hidden.mul_(v[:, None])) before the sum: torch.tanh saves its output
    # for backward, so values are right but any backward raises (clause: differentiable in s, H, W, U, v). Shows on
    # any input with requires_grad.
    "blind6_additive_attention_tanh_scaled_in_place": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    hidden.mul_(v[:, None])
    scores = hidden.sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # tanh written from exponentials, (e^{2x} - 1) / (e^{2x} + 1), as in numpy tutorials: e^{2x} overflows for
    # x > 44 in float32 and inf / inf is NaN (clause: e_i = v^T tanh(W s + U h_i) for any finite input). Shows on
    # float32 inputs with U scaled so that U h reaches 60.
    "blind6_additive_attention_tanh_from_exp": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    pre = U @ H + (s @ W.T).unsqueeze(-1)
    e2 = torch.exp(2 * pre)
    hidden = (e2 - 1) / (e2 + 1)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # The GRU's three gate blocks split with .chunk(3) and chunk's default dim=0: right for one unbatched state, but
    # for a batch of states it cuts the batch instead of the gates (clause: leading batch dimensions). Shows on
    # s_prev (3, D_s) (a shape error).
    "blind6_decoder_step_chunk_default_dim": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    i_r, i_z, i_n = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3)
    h_r, h_z, h_n = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3)
    reset = torch.sigmoid(i_r + h_r)
    update = torch.sigmoid(i_z + h_z)
    candidate = torch.tanh(i_n + reset * h_n)
    s = (1 - update) * candidate + update * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # W and U passed to additive_attention in each other's places; its shape check passes whenever D_s = D_h, so the
    # mix-up runs silently (clause: e_i = v^T tanh(W s + U h_i)). Shows on D_s = D_h = 4 with random W, U.
    "blind6_decoder_step_w_u_swapped": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["U"], params["W"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # The new state assembled in place on the candidate, candidate.mul_(1 - z).add_(z * h): torch.tanh saved the
    # candidate for backward, so values are right and every backward raises (clause: differentiable). Shows on any
    # input with requires_grad.
    "blind6_decoder_step_candidate_updated_in_place": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    i_r, i_z, i_n = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
    h_r, h_z, h_n = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
    reset = torch.sigmoid(i_r + h_r)
    update = torch.sigmoid(i_z + h_z)
    candidate = torch.tanh(i_n + reset * h_n)
    s = candidate.mul_(1 - update).add_(update * s_prev)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # A hand-written sigmoid 1 / (1 + exp(-x)): the value is fine for very negative x (exp overflows to inf, 1/inf = 0)
    # but its backward is (-0) * (-inf) = NaN, where torch.sigmoid's gradient is 0 (clause: gradients at finite
    # inputs). Shows on float32 inputs with bias_ih's update rows at -200 (NaN gradient).
    "blind6_decoder_step_hand_written_sigmoid": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    def sigmoid(x):
        return 1 / (1 + torch.exp(-x))
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    i_r, i_z, i_n = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
    h_r, h_z, h_n = (s_prev @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=-1)
    reset = sigmoid(i_r + h_r)
    update = sigmoid(i_z + h_z)
    candidate = torch.tanh(i_n + reset * h_n)
    s = (1 - update) * candidate + update * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Luong's attentional read-out order [c; h] (context first) instead of the contract's [s; c]: W_out
    # (V, D_s + D_h) accepts both when D_s = D_h (clause: logits = W_out [s; c] + b_out). Shows on D_s = D_h = 4.
    "blind6_decoder_step_readout_context_first": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(context, s) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # The keys are computed from a detached copy of the feature grid (captioning code that precomputes U h once per
    # image under a stop-gradient); values are right and the context still reaches the features, but the gradient
    # through the scores is lost (clause: differentiable in every float input). Shows on the gradient w.r.t. features.
    "blind6_grid_attention_keys_from_detached_features": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    cells = features.flatten(-2)
    weights, _ = additive_attention(s, cells.detach(), W, U, v)
    context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
    return weights.unflatten(-1, (height, width)), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # The closed forms evaluated with true division and converted back, int(n * (n + 1) / 2): exact only while the
    # product fits a float64 mantissa (2^53) (clause: returns the exact int count). Shows on "causal" with
    # n = 134217729 (one less than the true count).
    "blind6_sparse_cost_int_of_true_division": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return int(n * (n + 1) / 2)
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return int(n * (2 * w + 1) - w * (w + 1))
    if pattern == "strided":
        m = int((n - 1) / stride) if n else 0
        return int(n * (2 * m + 1) - stride * m * (m + 1))
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ swin
    # The column wrap flags compare against the grid's HEIGHT (copied from the row line); identical on square grids
    # (clause: along each axis, index + shift >= size means wrapped). Shows on height 4, width 8, window 4, shift 2.
    "blind6_shifted_mask_column_flags_use_height": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= height
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Only the upper bound of the shift is checked (shift < window): a negative shift passes and gives a mask (all
    # True) instead of the ValueError (clause: ValueError unless 0 <= shift < M). Shows on shift = -1.
    "blind6_shifted_mask_no_lower_bound_on_shift": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if shift >= window:
        raise ValueError(f"shift must be smaller than the window {window}, got {shift}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Swin builds attn_mask once per block; here the masks are memoised in a mutable default dict by
    # (height, width, window), without the shift: a call with another shift returns the first call's mask (clause:
    # the mask of this shift). Shows on shift 0 then shift 2 (8 x 8 grid, window 4).
    "blind6_shifted_mask_cached_without_shift": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift, _masks={}):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    key = (height, width, window)
    if key not in _masks:
        wrapped_rows = torch.arange(height) + shift >= height
        wrapped_columns = torch.arange(width) + shift >= width
        labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
        labels = window_partition(labels[None], window)[:, 0]
        _masks[key] = labels[:, :, None] == labels[:, None, :]
    return _masks[key]
'''),
    # gamma and beta handed to layer_norm in each other's places; both are (4C,), so it runs (clause: layer norm with
    # gamma, beta, then W). Shows on any random gamma, beta.
    "blind6_patch_merging_gamma_beta_swapped": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), beta, gamma, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The evenness check written on the token count, (H * W) % 4: a 3 x 4 grid (12 tokens) passes and then fails
    # inside torch.cat with a RuntimeError (clause: ValueError if H or W is odd). Shows on X (1, 2, 3, 4).
    "blind6_patch_merging_checks_token_count": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if (height * width) % 4:
        raise ValueError(f"patch merging needs a grid of 2x2 blocks, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),

    # ------------------------------------------------------------------ imagegpt
    # The palette's converted copy cached by its shape and dtype in a mutable default dict (like a processor that
    # keeps its clusters): a second palette of the same shape is ignored (clause: nearest colour of THIS palette).
    # Shows on two calls with different (3, 8) palettes.
    "blind6_quantize_palette_cached_by_shape": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette, _palettes={}):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    key = (tuple(palette.shape), dtype)
    if key not in _palettes:
        _palettes[key] = palette.to(dtype)
    colours = _palettes[key]
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    return (pixels - colours).square().sum(dim=-2).argmin(dim=-1)
'''),

    # ------------------------------------------------------------------ patch_embedding
    # A channels-last round trip with the wrong inverse: permute(0, 2, 3, 1) to (B, H, W, C), then permute(0, 3, 2, 1)
    # "back", which gives (B, C, W, H): on square images the shapes agree and every patch is the transposed one
    # (clause: patches in row-major order, each flattened (channel, row, column)). Shows on images (2, 3, 4, 4), P = 2.
    "blind6_patch_embedding_channels_last_round_trip_transposed": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    channels_last = images.permute(0, 2, 3, 1)
    images = channels_last.permute(0, 3, 2, 1)
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),

    # ------------------------------------------------------------------ pretraining
    # The draws are made for ONE sequence of length N and broadcast over the batch (code written for ids (N,)): every
    # row gets the same chosen positions and actions (clause: every position is chosen independently). Shows by
    # statistics on ids (2, 40) without specials over 400 seeds: P(row 0 and row 1 both chosen at a position) is
    # 0.15 instead of 0.0225.
    "blind6_mlm_draws_shared_across_batch": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    n = ids.shape[-1]
    chosen = eligible & (torch.rand(n, generator=generator) < mask_prob)
    action = torch.rand(n, generator=generator)
    random_ids = torch.randint(0, vocab_size, (n,), generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # The examples are accumulated in a mutable default list: a second call returns the first call's examples too
    # (clause: one example per sentence with a successor in THESE documents). Shows on two calls (the second returns
    # 2 + 2 examples for documents with 2 pairs).
    "blind6_nsp_pairs_mutable_default_list": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None, pairs=[]):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
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
}

RIGHT_BLIND_6 = {
    # Written as a wrong one (scores summed in float32 tie two float64 continuations 1e-9 apart); counted right: an
    # earlier batch wrote .float() scores as right (sa_right_beam_stop_when_best_done), and the contract names no dtype
    # for beam scores.
    "blind6_beam_search_scores_in_float32": ("sampling", "beam_search", '''
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
            log_probs = torch.log_softmax(model(ids)[:, -1].float(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Written as a wrong one (without a generator, a fresh torch.Generator() with its fixed default seed, so the pairs
    # ignore torch.manual_seed); counted right: the contract does not say what generator=None means (see
    # blind6_mlm_generator_created_at_definition).
    "blind6_nsp_fresh_generator_when_none": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    generator = generator if generator is not None else torch.Generator()
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
    # Written as a wrong one (calls without a generator draw from a private generator made at definition time, so
    # torch.manual_seed does not govern them); counted right: the contract says all randomness comes from the generator
    # given and does not say what None means, so a private default stream is not forbidden.
    "blind6_mlm_generator_created_at_definition": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=torch.Generator().manual_seed(0), mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Written as a wrong one (clamp_ on the caller's lengths when a length exceeds n); counted right: lengths lie in
    # [0, n] (the reference raises ValueError past n), and on every such input clamp_ changes nothing.
    "blind6_padding_mask_clamps_lengths_in_place": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    lengths.clamp_(max=n)
    keys = torch.arange(n, device=lengths.device)
    return (keys[None, :] < lengths[:, None])[:, :, None]
'''),
    # ------------------------------------------------------------------ softmax
    # torch.func.vmap over the columns (in_dims=-1, out_dims=-1): the mapped function sees (..., M), softmaxes its
    # last axis with its own max shift, and sends an all -inf column to zeros by torch.where.
    "blind6_softmax_vmap_over_columns": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    def column_softmax(column):
        top = column.amax(dim=-1, keepdim=True)
        top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
        exps = torch.exp(column - top)
        total = exps.sum(dim=-1, keepdim=True)
        return exps / torch.where(total == 0, torch.ones_like(total), total)
    return torch.func.vmap(column_softmax, in_dims=-1, out_dims=-1)(scores)
'''),
    # An explicit Python loop over the columns (unbind on the last axis, stack back), each in log space: shifted by
    # its max, exp(x - logsumexp(x)), an all -inf column replaced before and zeroed after.
    "blind6_softmax_column_loop_log_space": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    columns = []
    for column in scores.unbind(dim=-1):
        dead = torch.isneginf(column).all(dim=-1, keepdim=True)
        safe = torch.where(dead, torch.zeros_like(column), column)
        shifted = safe - safe.amax(dim=-1, keepdim=True)
        log_weights = shifted - torch.logsumexp(shifted, dim=-1, keepdim=True)
        columns.append(torch.where(dead, torch.zeros_like(column), torch.exp(log_weights)))
    return torch.stack(columns, dim=-1)
'''),

    # ------------------------------------------------------------------ attention
    # Queries pre-scaled (a new tensor, Q * D_k^-0.5) before the product, masked by torch.where with -inf: the same
    # scores up to one rounding, and the argument is not touched.
    "blind6_sdpa_query_prescaled_where_mask": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must have shape (..., D_k, N_k) to match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must have shape (..., D_v, N_k) to match K")
    if mask is not None and mask.dtype != torch.bool:
        raise ValueError("mask must be a bool tensor")
    scores = K.transpose(-2, -1) @ (Q * Q.shape[-2] ** -0.5)
    if mask is not None:
        scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Projections by torch.einsum with an ellipsis for the batch axes, biases added as columns.
    "blind6_self_attention_einsum_projections": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    def project(W, b):
        return torch.einsum("kd,...dn->...kn", W, X) + b.unsqueeze(-1)
    return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),

    # ------------------------------------------------------------------ multihead
    # Keras MultiHeadAttention, ported with every convention translated: kernels (D, H, D/H) from W^T, the query scaled
    # by 1/sqrt(key_dim) before the dot product, Keras's query-major mask (..., N_q, N_k) built by transposing the
    # course's mask and transposed back, and the output kernel (H, D/H, D) from Wo^T.
    "blind6_mha_keras_port_translated": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    from .masking import apply_mask
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    hd = dim // num_heads
    def kernel(W):
        return W.transpose(0, 1).reshape(dim, num_heads, hd)
    query = torch.einsum("...dn,dhj->...hjn", Xq, kernel(params["Wq"])) + params["bq"].reshape(num_heads, hd, 1)
    key = torch.einsum("...dn,dhj->...hjn", Xkv, kernel(params["Wk"])) + params["bk"].reshape(num_heads, hd, 1)
    value = torch.einsum("...dn,dhj->...hjn", Xkv, kernel(params["Wv"])) + params["bv"].reshape(num_heads, hd, 1)
    query = query * (1.0 / math.sqrt(float(hd)))
    scores = torch.einsum("...hjk,...hjq->...hqk", key, query)
    if mask is not None:
        keras_mask = mask.transpose(-2, -1).unsqueeze(-3)
        scores = scores.masked_fill(~keras_mask, float("-inf"))
    weights = softmax_cols(scores.transpose(-2, -1))
    attended = torch.einsum("...hjk,...hkq->...hjq", value, weights)
    output_kernel = params["Wo"].transpose(0, 1).reshape(num_heads, hd, dim)
    return torch.einsum("...hjn,hje->...en", attended, output_kernel) + params["bo"][:, None]
'''),

    # ------------------------------------------------------------------ transformer_layer
    # relu applied in place on the fresh hidden activations (torch.relu_ on W1 X + b1): the addition does not save its
    # output for backward and relu_ saves its own result, so autograd is intact; the argument X is never written.
    "blind6_feed_forward_relu_in_place_on_hidden": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = W1 @ X + b1[:, None]
    torch.relu_(hidden)
    return W2 @ hidden + b2[:, None]
'''),
    # Mean and biased variance by torch.einsum contractions with an ellipsis, then one rsqrt.
    "blind6_layer_norm_einsum_moments": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    dim = X.shape[-2]
    mean = torch.einsum("...dn->...n", X).unsqueeze(-2) / dim
    centred = X - mean
    variance = torch.einsum("...dn,...dn->...n", centred, centred).unsqueeze(-2) / dim
    return torch.einsum("d,...dn->...dn", gamma, centred * torch.rsqrt(variance + eps)) + beta[:, None]
'''),
    # Activation checkpointing (torch.utils.checkpoint, use_reentrant=False) around each sub-block: the forward is
    # recomputed in backward, which gives the same values and the same gradients for every input and weight.
    "blind6_transformer_layer_activation_checkpointing": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    from torch.utils.checkpoint import checkpoint
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)
    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    def norm(Y, k):
        return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])
    if norm_first:
        X = X + checkpoint(lambda Y: attend(norm(Y, 1)), X, use_reentrant=False)
        return X + checkpoint(lambda Y: think(norm(Y, 2)), X, use_reentrant=False)
    X = checkpoint(lambda Y: norm(Y + attend(Y), 1), X, use_reentrant=False)
    return checkpoint(lambda Y: norm(Y + think(Y), 2), X, use_reentrant=False)
'''),

    # ------------------------------------------------------------------ cross_attention
    # Packed key/value projection (fairseq's encoder-decoder attention): [Wk; Wv] applied once to X_enc and split in
    # two, then heads as usual; the same numbers as two separate projections.
    "blind6_cross_attention_packed_kv_projection": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    kv = linear(X_enc, torch.cat([params["Wk"], params["Wv"]]), torch.cat([params["bk"], params["bv"]]))
    K, V = kv[..., :dim, :], kv[..., dim:, :]
    Q = linear(X_dec, params["Wq"], params["bq"])
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                            split_heads(V, num_heads), mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The causal mask as a lower-triangular matrix TRANSPOSED (tril(...).mT: [j, i] = tril[i, j] = (j <= i)), which
    # is exactly causal_mask; the three sub-blocks written as a loop over (sub-layer, norm index).
    "blind6_decoder_layer_tril_transposed_loop": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    self_mask = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).tril().mT
    sublayers = (
        lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask),
        lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
        lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
    )
    X = X_dec
    for k, sublayer in enumerate(sublayers, start=1):
        X = layer_norm(X + sublayer(X), params[f"gamma{k}"], params[f"beta{k}"])
    return X
'''),

    # ------------------------------------------------------------------ sampling
    # Log-space filters: log-probabilities from log_softmax, top-k and top-p by a stable argsort of the NEGATED
    # probabilities (ascending order of -p keeps tied ids in increasing order), kept tokens re-exponentiated and
    # renormalised.
    "blind6_next_token_probs_log_space_negated_argsort": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and top_k < 1:
        raise ValueError("top_k must be >= 1")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        return torch.zeros_like(logits).index_fill(0, torch.argmax(logits).reshape(1), 1.0)
    log_probs = torch.log_softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.argsort(-log_probs, stable=True)
        dropped = torch.ones_like(log_probs, dtype=torch.bool)
        dropped[order[:top_k]] = False
        log_probs = log_probs.masked_fill(dropped, float("-inf"))
        log_probs = log_probs - torch.logsumexp(log_probs, dim=-1)
    probs = log_probs.exp()
    if top_p is not None:
        order = torch.argsort(-probs, stable=True)
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Crop with Tensor.narrow(start, length) and a while loop that counts the tokens drawn; same model calls, same
    # multinomial draws in the same order.
    "blind6_generate_narrow_crop_while_loop": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    drawn = 0
    while drawn < max_new_tokens:
        if context_size is None:
            context = ids
        else:
            length = min(context_size, len(ids))
            context = ids.narrow(0, len(ids) - length, length)
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        drawn += 1
        if eos_id is not None and next_id.item() == eos_id:
            break
    return ids
'''),
    # sorted(..., reverse=True) is documented to keep the original order of equal elements (it is not sort-then-
    # reverse), so ties still go to the earlier beam, then the lower token id.
    "blind6_beam_search_sorted_reverse_is_stable": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
            candidates.extend(
                (score + lp, torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                for t, lp in enumerate(log_probs)
            )
        beams = sorted(candidates, key=lambda c: c[0], reverse=True)[:beam_width]
        if all(c[2] for c in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ bpe
    # The best pair as the FIRST element of a stable sort by decreasing count: among tied counts the pair inserted
    # first (the contract's tie rule), as max gives.
    "blind6_train_bpe_stable_sort_first": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
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
        best = sorted(pair_counts.items(), key=lambda item: -item[1])[0][0]
        merges.append(best)
        segmentation = {word: merge_pair(symbols, best) for word, symbols in segmentation.items()}
    return merges
'''),
    # functools.reduce(merge_pair, merges, symbols) per word, token lists joined with an initial [] (so an empty text
    # gives []).
    "blind6_bpe_encode_reduce_merges": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    import functools
    tokens = []
    for symbols in split_words(text, "text"):
        tokens += functools.reduce(merge_pair, merges, symbols)
    return tokens
'''),

    # ------------------------------------------------------------------ embeddings
    # One frequency per ROW, 10000^(2*(r // 2)/D), and torch.where picking sin on even rows and cos on odd rows: the
    # same angles (2*(r//2) is the pair's 2i, exact), computed in the default dtype.
    "blind6_sinusoidal_per_row_where": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    dtype = torch.get_default_dtype()
    rows = torch.arange(dim)
    exponent = (2 * torch.div(rows, 2, rounding_mode="floor")).to(dtype) / dim
    angles = torch.arange(num_positions, dtype=dtype)[None, :] / 10000 ** exponent[:, None]
    return torch.where((rows % 2 == 0)[:, None], torch.sin(angles), torch.cos(angles))
'''),

    # ------------------------------------------------------------------ positions
    # A bucket table over the offsets -max_distance .. max_distance (the T5 formula with the log in float32), looked
    # up after clamping the offsets into that range: every distance >= max_distance lands in the capped last bucket,
    # so clamping changes nothing; no caching between calls.
    "blind6_bucket_lookup_table_after_clamp": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = torch.arange(-max_distance, max_distance + 1)
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
    table = base + torch.where(distance < exact, distance, far)
    clamped = relative_position.long().clamp(-max_distance, max_distance)
    return table[clamped + max_distance]
'''),
    # rotate-half by torch.roll: rolling the D axis by D/2 puts row i + D/2 on row i and row i on row i + D/2, and a
    # sign vector (-1 on the top half) gives x cos + sign * roll(x) * sin, the halves pairing of the contract.
    "blind6_rotary_roll_half_with_signs": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = torch.cat([theta, theta])[:, None] * positions.to(torch.float64)[None, :]
        sign = torch.cat([-torch.ones(dim // 2, dtype=torch.float64), torch.ones(dim // 2, dtype=torch.float64)])
        cos = angles.cos().to(X.dtype)
        signed_sin = (sign[:, None] * angles.sin()).to(X.dtype)
        return X * cos + torch.roll(X, dim // 2, dims=-2) * signed_sin
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),

    # ------------------------------------------------------------------ patch_embedding
    # The positions copied per image (expand + clone, a new tensor), then the patch tokens and [CLS] added into their
    # columns in place: the clone is not an argument and the in-place additions on it keep autograd intact.
    "blind6_patch_embedding_accumulate_into_positions_copy": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    out = positions.expand(tokens.shape[0], -1, -1).clone()
    out[..., 1:] += tokens
    out[..., 0] += cls_token
    return out
'''),
    # Patches read with as_strided from a contiguous copy (explicit strides for (B, H/P, W/P, C, P, P)), then
    # flattened: the same column order as the reshape/permute of the model answer, differentiable through as_strided.
    "blind6_patchify_as_strided_on_contiguous_copy": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    x = images.contiguous()
    sb, sc, sh, sw = x.stride()
    view = x.as_strided((batch, height // P, width // P, channels, P, P), (sb, P * sh, P * sw, sc, sh, sw))
    return view.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),

    # ------------------------------------------------------------------ rnn_attention
    # Scores one position at a time in a Python loop (each e_i = v . tanh(W s + U h_i)), stacked, then a masked
    # softmax done with softmax_cols; context as an einsum.
    "blind6_additive_attention_per_position_loop": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    query = s @ W.transpose(0, 1)
    scores = torch.stack(
        [(torch.tanh(query + H[..., :, i] @ U.transpose(0, 1)) * v).sum(dim=-1) for i in range(H.shape[-1])],
        dim=-1,
    )
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = torch.einsum("...dn,...n->...d", H, weights)
    return weights, context
'''),
    # The context as a weighted sum over the grid cells, (features * weights[..., None, :, :]).sum((-2, -1)), instead
    # of a matrix product; the weights from one additive_attention over the flattened grid.
    "blind6_grid_attention_weighted_sum_over_cells": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    weights, _ = additive_attention(s, features.flatten(-2), W, U, v)
    grid_weights = weights.unflatten(-1, (height, width))
    context = (features * grid_weights.unsqueeze(-3)).sum(dim=(-2, -1))
    return grid_weights, context
'''),

    # ------------------------------------------------------------------ swin
    # Wrap flags made on the ORIGINAL grid (original index < shift is what wraps round) and moved by the same
    # torch.roll as the tokens: rolled index r holds original (r + shift) mod size, which is < shift iff
    # r + shift >= size; the 3x3 region labels follow, compared per window.
    "blind6_shifted_mask_rolled_wrap_flags": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    rows = torch.roll((torch.arange(height) < shift).long(), -shift, dims=0)
    columns = torch.roll((torch.arange(width) < shift).long(), -shift, dims=0)
    labels = (3 * rows[:, None] + columns[None, :])[None]
    windows = window_partition(labels, window)[:, 0]
    return windows.unsqueeze(-1) == windows.unsqueeze(-2)
'''),
    # The 2x2 blocks by one reshape to (..., C, H/2, 2, W/2, 2) and a permute that puts the column offset q outside
    # the row offset p (q, p, C): stacking order (0,0), (1,0), (0,1), (1,1) = TL, BL, TR, BR, the contract's order.
    "blind6_patch_merging_reshape_column_offset_outer": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    batch = X.shape[:-3]
    blocks = X.reshape(*batch, channels, height // 2, 2, width // 2, 2)
    nb = len(batch)
    order = list(range(nb)) + [nb + 4, nb + 2, nb, nb + 1, nb + 3]
    merged = blocks.permute(*order).reshape(*batch, 4 * channels, (height // 2) * (width // 2))
    tokens = layer_norm(merged, gamma, beta, eps)
    return (W @ tokens).reshape(*batch, 2 * channels, height // 2, width // 2)
'''),

    # ------------------------------------------------------------------ davit
    # The scale applied to the fresh query projection in place (Q.mul_(scale)): Q is a reshape of linear's output,
    # whose addition saved nothing for backward, so autograd is intact; the same scores up to one rounding.
    "blind6_channel_attention_query_scaled_in_place": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}")
    if tokens == 0:
        raise ValueError("X has no tokens")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    if scale is None:
        scale = tokens ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    Q.mul_(scale)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1))
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ imagegpt
    # Colours gathered along the palette's K axis with an expanded index (gather), reshaped back and the channel axis
    # moved before H, W; the range checks as the contract names them.
    "blind6_dequantize_gather_columns": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be integers, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    flat = ids.long().reshape(1, -1).expand(palette.shape[0], -1)
    colours = palette.gather(1, flat).reshape(palette.shape[0], *ids.shape)
    return colours.movedim(0, -3)
'''),

    # ------------------------------------------------------------------ pretraining
    # The same three draws in another order (replacement ids first, then the action, then the choice); the order of
    # the draws is free, and each has the contract's distribution, independently per position.
    "blind6_mlm_draws_in_reverse_order": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    action = torch.rand(ids.shape, generator=generator)
    chosen = torch.rand(ids.shape, generator=generator) < mask_prob
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    chosen &= ~torch.isin(ids, special)
    corrupted = ids.clone()
    corrupted[chosen & (action < 0.8)] = mask_id
    swap = chosen & (action >= 0.8) & (action < 0.9)
    corrupted[swap] = random_ids[swap]
    labels = torch.full_like(ids, -100, dtype=torch.long)
    labels[chosen] = ids.long()[chosen]
    return corrupted, labels
'''),
    # All coins flipped first (one per example), then the random sentences drawn in a second pass; other document
    # uniform among the others by index skipping, sentence uniform within it.
    "blind6_nsp_coins_first_then_draws": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: need at least two documents")
    slots = [(index, a, successor) for index, document in enumerate(documents)
             for a, successor in zip(document, document[1:])]
    coins = torch.rand(len(slots), generator=generator) < 0.5
    pairs = []
    for (index, a, successor), is_next in zip(slots, coins.tolist()):
        if is_next:
            pairs.append((a, successor, 0))
            continue
        pick = int(torch.randint(len(documents) - 1, (1,), generator=generator))
        other = documents[pick if pick < index else pick + 1]
        pairs.append((a, other[int(torch.randint(len(other), (1,), generator=generator))], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ sparse_attention
    # The closed forms with binomial coefficients: causal C(n+1, 2); local n(2w+1) - 2 C(w+1, 2); strided
    # n(2m+1) - 2s C(m+1, 2); all in exact integer arithmetic (math.comb is 0 for the empty cases).
    "blind6_sparse_cost_binomials": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    if pattern == "local" and window is None or pattern == "strided" and stride is None or (
            pattern == "global" and num_global is None):
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return math.comb(n + 1, 2)
    if pattern == "local":
        w = max(min(window, n - 1), 0)
        return n * (2 * w + 1) - 2 * math.comb(w + 1, 2)
    if pattern == "strided":
        m = max((n - 1) // stride, 0)
        return n * (2 * m + 1) - 2 * stride * math.comb(m + 1, 2)
    return num_global * (2 * n - num_global)
'''),
}
