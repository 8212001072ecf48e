"""``layer_norm`` (per column), ``feed_forward`` and the post-LN / pre-LN ``transformer_layer``."""
import torch

from grader.catalogue import alternative, wrong
from solutions.multihead import multi_head_attention
from solutions.transformer_layer import feed_forward, layer_norm


@wrong("layer_norm", """
    You added eps outside the square root: (x - mean) / (std + eps). The contract (and nn.LayerNorm) divides by
    sqrt(variance + eps). The two differ noticeably when a column's variance is small.""")
def eps_outside_sqrt(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    std = X.var(dim=-2, keepdim=True, unbiased=False).sqrt()
    return (X - mean) / (std + eps) * gamma[:, None] + beta[:, None]


@wrong("layer_norm", """
    Your layer norm ignores its eps argument (a hard-coded 1e-5 inside). Use the eps the caller passes:
    torch.sqrt(variance + eps) — models pick their own (1e-5, 1e-6, 1e-12, ...).""")
def eps_argument_ignored(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, unbiased=False)
    return (X - mean) / torch.sqrt(variance + 1e-5) * gamma[:, None] + beta[:, None]


@wrong("layer_norm", """
    You used the unbiased variance (dividing by D - 1, torch.var's default). Layer norm uses the biased variance,
    dividing by D: X.var(dim=-2, unbiased=False, keepdim=True), or ((X - mean) ** 2).mean(dim=-2).""")
def unbiased_variance(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True)
    return (X - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]


@wrong("layer_norm", """
    You normalised each ROW (a feature across tokens) instead of each column (one token across its D features). In
    the column convention take mean and variance over axis -2.""")
def normalised_over_tokens(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-1, keepdim=True)
    variance = X.var(dim=-1, keepdim=True, unbiased=False)
    return (X - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]


@wrong("feed_forward", """
    Your feed-forward network has no ReLU between the two layers, so it collapses to one linear map W2 W1. The
    contract is W2 relu(W1 X + b1 1ᵀ) + b2 1ᵀ.""")
def feed_forward_without_relu(X, W1, b1, W2, b2):
    return W2 @ (W1 @ X + b1[:, None]) + b2[:, None]


@wrong("feed_forward", """
    You applied the ReLU after the second layer too. Only the hidden layer is activated: W2 relu(W1 X + b1) + b2; the
    output must be able to be negative.""")
def feed_forward_relu_on_output(X, W1, b1, W2, b2):
    return torch.relu(W2 @ torch.relu(W1 @ X + b1[:, None]) + b2[:, None])


@wrong("transformer_layer", """
    Your post-LN and pre-LN are swapped. post-LN (norm_first=False, the lecture's four lines) normalises AFTER the
    residual sum: X ← LN1(X + MHA(X)); pre-LN (norm_first=True) normalises the sub-block's input:
    X ← X + MHA(LN1(X)).""")
def post_ln_and_pre_ln_swapped(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if not norm_first:
        X = X + multi_head_attention(layer_norm(X, p["gamma1"], p["beta1"]), layer_norm(X, p["gamma1"], p["beta1"]),
                                     p, num_heads, mask)
        return X + ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    In pre-LN your residual starts from the NORMALISED input: X ← LN(X) + MHA(LN(X)). The residual path must carry
    the un-normalised X: X ← X + MHA(LN1(X)), then X ← X + FFN(LN2(X)).""")
def residual_from_normalised_input(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = Y + multi_head_attention(Y, Y, p, num_heads, mask)
        Y = layer_norm(X, p["gamma2"], p["beta2"])
        return Y + ffn(Y)
    X = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    In post-LN you normalised the sub-block's output before adding the residual: X ← X + LN1(MHA(X)). Post-LN
    normalises the SUM: X ← LN1(X + MHA(X)), then X ← LN2(X + FFN(X)).""")
def post_ln_normalises_sublayer_only(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = X + multi_head_attention(Y, Y, p, num_heads, mask)
        return X + ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = X + layer_norm(multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return X + layer_norm(ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    Both of your layer norms use gamma1/beta1. The layer has two layer norms with their own parameters: LN1
    (gamma1, beta1) around attention and LN2 (gamma2, beta2) around the feed-forward network.""")
def one_layer_norm_shared(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = X + multi_head_attention(Y, Y, p, num_heads, mask)
        return X + ffn(layer_norm(X, p["gamma1"], p["beta1"]))
    X = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma1"], p["beta1"])


@alternative("layer_norm", "torch.nn.functional.layer_norm on the transposed input (features last).")
def functional_layer_norm(X, gamma, beta, eps=1e-5):
    rows = X.transpose(-2, -1)
    return torch.nn.functional.layer_norm(rows, (X.shape[-2],), gamma, beta, eps).transpose(-2, -1)


@alternative("layer_norm", "Centred once, the biased variance as the mean of squares, multiplied by rsqrt.")
def centred_rsqrt(X, gamma, beta, eps=1e-5):
    centred = X - X.mean(dim=-2, keepdim=True)
    normalised = centred * torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
    return normalised * gamma[:, None] + beta[:, None]


@alternative("feed_forward", "Row convention with torch.nn.functional.linear and clamp(min=0).")
def feed_forward_linear(X, W1, b1, W2, b2):
    rows = X.transpose(-2, -1)
    hidden = torch.nn.functional.linear(rows, W1, b1).clamp(min=0)
    return torch.nn.functional.linear(hidden, W2, b2).transpose(-2, -1)


@alternative("transformer_layer", "The four lines written out for each order, with explicit sub-block functions.")
def four_lines(X, params, num_heads, mask=None, norm_first=False):

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def ffn(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    def ln(k, Y):
        return layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"], 1e-5)

    if norm_first:
        X = X + attend(ln(1, X))
        return X + ffn(ln(2, X))
    X = ln(1, X + attend(X))
    return ln(2, X + ffn(X))


@alternative("transformer_layer", "A loop over (sub-block, norm index) pairs.")
def sublayer_loop(X, params, num_heads, mask=None, norm_first=False):
    blocks = [
        lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
        lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
    ]
    for k, block in enumerate(blocks, start=1):
        norm = lambda Y: layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"])      # noqa: E731
        X = X + block(norm(X)) if norm_first else norm(X + block(X))
    return X


@alternative("layer_norm", "torch.var_mean with correction=0 (the biased variance) in one call.")
def var_mean_biased(X, gamma, beta, eps=1e-5):
    variance, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]


@alternative("feed_forward", "einsum for both products, torch.nn.functional.relu between them.")
def feed_forward_einsum(X, W1, b1, W2, b2):
    hidden = torch.nn.functional.relu(torch.einsum("fd,...dn->...fn", W1, X) + b1[:, None])
    return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]


@alternative("transformer_layer", "torch.nn.TransformerEncoderLayer (training mode, dropout 0) run on the given "
             "parameters with torch.func.functional_call (so autograd reaches them); the bool mask inverted into "
             "PyTorch's True = hidden and repeated per head.")
def torch_encoder_layer(X, params, num_heads, mask=None, norm_first=False):
    p, D, N = params, X.shape[-2], X.shape[-1]
    layer = torch.nn.TransformerEncoderLayer(D, num_heads, dim_feedforward=p["W1"].shape[0], dropout=0.0,
                                             batch_first=True, norm_first=norm_first, dtype=X.dtype, device="meta")
    weights = {"self_attn.in_proj_weight": torch.cat([p["Wq"], p["Wk"], p["Wv"]]),
               "self_attn.in_proj_bias": torch.cat([p["bq"], p["bk"], p["bv"]]),
               "self_attn.out_proj.weight": p["Wo"], "self_attn.out_proj.bias": p["bo"],
               "linear1.weight": p["W1"], "linear1.bias": p["b1"], "linear2.weight": p["W2"], "linear2.bias": p["b2"],
               "norm1.weight": p["gamma1"], "norm1.bias": p["beta1"], "norm2.weight": p["gamma2"],
               "norm2.bias": p["beta2"]}
    batch = X.shape[:-2]
    rows = X.reshape(-1, D, N).transpose(1, 2)                                       # (B, N, D)
    hidden = None
    if mask is not None:
        hidden = ~mask.expand(*batch, N, N).reshape(-1, N, N).transpose(1, 2)       # (B, N_q, N_k), True = hidden
        hidden = hidden[0] if hidden.shape[0] == 1 else hidden.repeat_interleave(num_heads, dim=0)
    out = torch.func.functional_call(layer, weights, (rows,), {"src_mask": hidden})
    return out.transpose(1, 2).reshape(*batch, D, N)


@wrong("feed_forward", """
    You used GELU where the contract says ReLU. Both are common (the original Transformer and this course's layer use
    ReLU; BERT and GPT-2 use GELU), but they give different outputs: GELU(x) = x·Φ(x) is not zero for negative x.
    Use torch.relu between the two linear maps.""")
def feed_forward_gelu(X, W1, b1, W2, b2):
    return W2 @ torch.nn.functional.gelu(W1 @ X + b1[:, None]) + b2[:, None]


@wrong("feed_forward", """
    Your values are right, but no gradient reaches the weights: .data (or .detach()) cuts W1, b1, W2, b2 off from
    autograd, so a model built from this layer never trains them (the capstone trains exactly that). Use the tensors
    you are given as they are.""")
def feed_forward_weights_detached(X, W1, b1, W2, b2):
    W1, b1, W2, b2 = W1.data, b1.data, W2.data, b2.data
    return W2 @ torch.relu(W1 @ X + b1[:, None]) + b2[:, None]


@wrong("layer_norm", """
    You wrote RMSNorm: x / sqrt(mean(x²) + eps), without subtracting the mean. Layer norm centres each column first:
    (x - mean) / sqrt(var + eps), then γ and β. RMSNorm (LLaMA, T5) is a different normalisation.""")
def rms_norm_instead(X, gamma, beta, eps=1e-5):
    return X * torch.rsqrt(X.square().mean(dim=-2, keepdim=True) + eps) * gamma[:, None] + beta[:, None]


@wrong("layer_norm", """
    You normalised over the whole (D, N) matrix — one mean and one variance for all tokens together (like
    nn.LayerNorm([D, N])). Layer norm normalises each token (column) on its own, over its D features: reduce over
    dim=-2 only, keepdim=True.""")
def normalised_over_whole_sequence(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=(-2, -1), keepdim=True)
    variance = X.var(dim=(-2, -1), keepdim=True, unbiased=False)
    return (X - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]


@wrong("layer_norm", """
    You swapped γ and β: the normalised value is multiplied by γ (gamma, the gain) and shifted by β (beta, the bias),
    γ·x̂ + β, not β·x̂ + γ.""")
def gamma_beta_swapped(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, unbiased=False)
    return (X - mean) / torch.sqrt(variance + eps) * beta[:, None] + gamma[:, None]


@wrong("layer_norm", """
    Your layer norm computes in float32 even when X is float64 (X.float(), or a float32 nn.LayerNorm), then casts
    back: the dtype is right but only seven digits are. A float64 input must be normalised in float64.""")
def layer_norm_in_float32(X, gamma, beta, eps=1e-5):
    x = X.float()
    centred = x - x.mean(dim=-2, keepdim=True)
    normalised = centred * torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
    return (normalised * gamma.float()[:, None] + beta.float()[:, None]).to(X.dtype)


@wrong("transformer_layer", """
    Your layer ignores its mask: the self-attention is called without it, so a causal or padding mask has no effect.
    Pass mask on to multi_head_attention.""")
def layer_mask_ignored(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = X + multi_head_attention(Y, Y, p, num_heads)
        return X + ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, p, num_heads), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    Your feed-forward block has no residual connection: X ← LN2(FFN(X)) (or X ← FFN(LN2(X)) in pre-LN). Both
    sub-blocks add their result to their input: X ← LN2(X + FFN(X)) post-LN, X ← X + FFN(LN2(X)) pre-LN.""")
def feed_forward_without_residual(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = X + multi_head_attention(Y, Y, p, num_heads, mask)
        return ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = layer_norm(X + multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return layer_norm(ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    Your attention block has no residual connection: X ← LN1(MHA(X)) (or X ← MHA(LN1(X)) in pre-LN), so the layer
    forgets its input. Add it back: X ← LN1(X + MHA(X)) post-LN, X ← X + MHA(LN1(X)) pre-LN.""")
def attention_without_residual(X, params, num_heads, mask=None, norm_first=False):
    p = params
    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        Y = layer_norm(X, p["gamma1"], p["beta1"])
        X = multi_head_attention(Y, Y, p, num_heads, mask)
        return X + ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = layer_norm(multi_head_attention(X, X, p, num_heads, mask), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma2"], p["beta2"])


@wrong("transformer_layer", """
    Your layer computes its own attention with a plain softmax (torch.softmax over the keys), so a token whose mask
    column is all False — a query that sees no key — becomes NaN, and the layer norm spreads the NaN over its whole
    column. multi_head_attention already gives such a query zero weights (an attention output of bo): call it instead
    of re-implementing attention inside the layer.""")
def inline_attention_nan_without_keys(X, params, num_heads, mask=None, norm_first=False):
    import math

    p = params

    def attend(Y):
        D = Y.shape[-2]
        split = lambda Z: Z.unflatten(-2, (num_heads, D // num_heads))           # noqa: E731
        Q = split(p["Wq"] @ Y + p["bq"][:, None])
        K = split(p["Wk"] @ Y + p["bk"][:, None])
        V = split(p["Wv"] @ Y + p["bv"][:, None])
        scores = K.transpose(-2, -1) @ Q / math.sqrt(D // num_heads)
        if mask is not None:
            scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
        heads = V @ torch.softmax(scores, dim=-2)
        return p["Wo"] @ heads.flatten(-3, -2) + p["bo"][:, None]

    ffn = lambda Y: feed_forward(Y, p["W1"], p["b1"], p["W2"], p["b2"])           # noqa: E731
    if norm_first:
        X = X + attend(layer_norm(X, p["gamma1"], p["beta1"]))
        return X + ffn(layer_norm(X, p["gamma2"], p["beta2"]))
    X = layer_norm(X + attend(X), p["gamma1"], p["beta1"])
    return layer_norm(X + ffn(X), p["gamma2"], p["beta2"])
