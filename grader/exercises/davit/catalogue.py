"""DaViT's ``channel_attention``: per group, weights = softmax_cols(K_g Q_gᵀ · scale) (C/G keys x C/G queries),
rows weightsᵀ V_g, groups stacked in order, then W_o; scale 1/sqrt(N) by default."""
import math

import torch

from grader.catalogue import alternative, wrong
from solutions.attention import linear, scaled_dot_product_attention
from solutions.multihead import merge_heads, multi_head_attention, split_heads
from solutions.softmax import softmax_cols


@wrong("channel_attention", """
    You scaled the scores by 1/sqrt(C/G), the number of channels per group, as the DaViT paper's code does. A score
    here is the dot product of two rows of N token values, so its spread grows like sqrt(N): the course's rule
    1/sqrt(D_k), with the tokens as the features, gives 1/sqrt(N). (The paper's choice is available through the
    `scale` argument; the default must be 1/sqrt(N).)""")
def scaled_by_group_width(X, params, num_groups, scale=None):
    channels = X.shape[-2]
    if scale is None:
        scale = (channels // num_groups) ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])


@wrong("channel_attention", """
    You scaled the scores by 1/sqrt(C), the total number of channels. The dot products compare rows of N token
    values, so the default scale is 1/sqrt(N) -- neither the channel count nor the group width.""")
def scaled_by_channel_count(X, params, num_groups, scale=None):
    if scale is None:
        scale = X.shape[-2] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])


@wrong("channel_attention", """
    You computed spatial attention: tokens attending to tokens (K^T Q is N x N). Channel attention swaps the roles of
    the axes: the channels are the tokens, so the scores compare channels with channels, K_g Q_g^T of size
    (C/G) x (C/G), each a dot product over the N tokens.""")
def spatial_attention_instead(X, params, num_groups, scale=None):
    return multi_head_attention(X, X, params, num_groups)


@wrong("channel_attention", """
    Your softmax normalises over the queries (each key's row sums to 1). The scores are (keys, queries): each query
    channel needs a distribution over the key channels, so every COLUMN must sum to 1 (softmax_cols, axis -2).""")
def channel_softmax_over_queries(X, params, num_groups, scale=None):
    if scale is None:
        scale = X.shape[-1] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = torch.softmax(K @ Q.transpose(-2, -1) * scale, dim=-1)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])


@wrong("channel_attention", """
    You multiplied weights @ V instead of weights^T @ V. The weights are (keys, queries): query channel i's weights
    are COLUMN i, so its output row is sum_j weights[j, i] * V_g[j] = (weights^T V_g)[i].""")
def weights_not_transposed(X, params, num_groups, scale=None):
    if scale is None:
        scale = X.shape[-1] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights @ V), params["Wo"], params["bo"])


@wrong("channel_attention", """
    Your groups take every G-th channel (rows g, g + G, g + 2G, ...). A group owns a contiguous block of rows,
    g*C/G ... (g+1)*C/G - 1, exactly as a head does in multi-head attention: a plain reshape (split_heads) makes the
    groups.""")
def groups_interleaved(X, params, num_groups, scale=None):
    if scale is None:
        scale = X.shape[-1] ** -0.5
    C, N = X.shape[-2:]

    def interleaved(Y):                                                   # (..., C, N) -> (..., G, C/G, N)
        return Y.reshape(*Y.shape[:-2], C // num_groups, num_groups, N).transpose(-3, -2)

    Q = interleaved(linear(X, params["Wq"], params["bq"]))
    K = interleaved(linear(X, params["Wk"], params["bk"]))
    V = interleaved(linear(X, params["Wv"], params["bv"]))
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    merged = (weights.transpose(-2, -1) @ V).transpose(-3, -2).reshape(*X.shape)
    return linear(merged, params["Wo"], params["bo"])


@wrong("channel_attention", """
    You left out the output projection: after stacking the groups back, the result is mixed by W_o and b_o, as in
    multi-head attention.""")
def no_output_projection(X, params, num_groups, scale=None):
    if scale is None:
        scale = X.shape[-1] ** -0.5
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return merge_heads(weights.transpose(-2, -1) @ V)


@alternative("channel_attention", "The contract's equivalence: scaled_dot_product_attention on the transposed "
                                  "groups (channels as columns), transposed back.")
def attention_on_transposed_groups(X, params, num_groups, scale=None):
    C, N = X.shape[-2:]
    if num_groups < 1 or C % num_groups or N == 0:
        raise ValueError("num_groups must divide C and X must have tokens")
    for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
        if tuple(params[name].shape) != ((C, C) if name[0] == "W" else (C,)):
            raise ValueError(f"params[{name!r}]: shape {tuple(params[name].shape)} does not fit C = {C}")
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
    if scale is not None:
        Q = Q * (scale * math.sqrt(N))                       # attention divides by sqrt(N) itself
    out, _ = scaled_dot_product_attention(Q, K, V)           # (..., G, N, C/G)
    return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])


@alternative("channel_attention", "Row convention inside: softmax over the last axis of Q_g K_g^T, then times V_g; "
                                  "einsum for the projections.")
def row_convention_einsum(X, params, num_groups, scale=None):
    C, N = X.shape[-2:]
    if num_groups < 1 or C % num_groups or N == 0:
        raise ValueError("num_groups must divide C and X must have tokens")
    for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
        if tuple(params[name].shape) != ((C, C) if name[0] == "W" else (C,)):
            raise ValueError(f"params[{name!r}]: shape {tuple(params[name].shape)} does not fit C = {C}")
    scale = 1 / math.sqrt(N) if scale is None else scale

    def project(which):
        Y = torch.einsum("oc,...cn->...on", params[f"W{which}"], X) + params[f"b{which}"][:, None]
        return Y.unflatten(-2, (num_groups, C // num_groups))

    Q, K, V = project("q"), project("k"), project("v")
    weights = torch.softmax(torch.einsum("...in,...jn->...ij", Q, K) * scale, dim=-1)      # (queries, keys)
    out = (weights @ V).flatten(-3, -2)
    return torch.einsum("oc,...cn->...on", params["Wo"], out) + params["bo"][:, None]


@alternative("channel_attention", "A loop over the groups, each a small attention between channel rows.")
def loop_over_groups(X, params, num_groups, scale=None):
    C, N = X.shape[-2:]
    if num_groups < 1 or C % num_groups or N == 0:
        raise ValueError("num_groups must divide C and X must have tokens")
    for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
        if tuple(params[name].shape) != ((C, C) if name[0] == "W" else (C,)):
            raise ValueError(f"params[{name!r}]: shape {tuple(params[name].shape)} does not fit C = {C}")
    scale = N ** -0.5 if scale is None else scale
    Q, K, V = (params[f"W{w}"] @ X + params[f"b{w}"][:, None] for w in "qkv")
    size = C // num_groups
    outputs = []
    for g in range(num_groups):
        rows = slice(g * size, (g + 1) * size)
        scores = K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * scale             # (keys, queries)
        weights = torch.softmax(scores, dim=-2)
        outputs.append(weights.transpose(-2, -1) @ V[..., rows, :])
    return params["Wo"] @ torch.cat(outputs, dim=-2) + params["bo"][:, None]
