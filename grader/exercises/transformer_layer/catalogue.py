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


@wrong("layer_norm", """
    Your layer norm computes in float32 whatever the input's dtype, then casts back: a float64 input keeps its dtype
    but not its accuracy (about 7 digits instead of 16), which the contract asks for. Compute in the input's own
    dtype (drop the .float() calls and the cast back).""")
def float32_rsqrt(X, gamma, beta, eps=1e-5):
    x = X.float()
    centred = x - x.mean(dim=-2, keepdim=True)
    normalised = centred * torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
    return (normalised * gamma.float()[:, None] + beta.float()[:, None]).to(X.dtype)


@alternative("layer_norm", "rsqrt of the biased variance, in the input's own dtype.")
def rsqrt_layer_norm(X, gamma, beta, eps=1e-5):
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
