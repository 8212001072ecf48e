"""``multi_head_attention`` (head h = rows h·D/H .. (h+1)·D/H, scale 1/sqrt(D/H), then Wo)."""
import torch

from grader.catalogue import alternative, wrong
from solutions.attention import scaled_dot_product_attention
from solutions.masking import apply_mask
from solutions.softmax import softmax_cols


@wrong("multi_head_attention", """
    You forgot the output projection: after stacking the heads, multiply by Wo and add bo (Wo @ heads + bo 1ᵀ). Wo is
    what lets the heads' outputs mix.""")
def output_projection_forgotten(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return heads.flatten(-3, -2)


@wrong("multi_head_attention", """
    Each head scales by 1/sqrt(D), the model width; it should be 1/sqrt(D/H), the width of ONE head — the queries and
    keys a head compares are D/H-dimensional.""")
def scaled_by_model_width(Xq, Xkv, params, num_heads, mask=None):
    import math

    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(D)
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask.unsqueeze(-3)))
    return params["Wo"] @ (V @ weights).flatten(-3, -2) + params["bo"][:, None]


@wrong("multi_head_attention", """
    Your heads take every H-th row (rows h, h+H, h+2H, ...) instead of a contiguous block. Head h owns rows
    h·D/H .. (h+1)·D/H of the projected Q, K and V: reshape (D, N) to (H, D/H, N) — rows split by head first.""")
def heads_interleaved(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (D // num_heads, num_heads)).transpose(-3, -2)   # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    merged = heads.transpose(-3, -2).flatten(-3, -2)
    return params["Wo"] @ merged + params["bo"][:, None]


@wrong("multi_head_attention", """
    You split the heads with a reshape alone. Reshaping (D, N) straight to (H, N, D/H) — or the transposed (N, D) to
    (H, D/H, N) — mixes features of different tokens into one head. Split the feature axis only: (D, N) ->
    (H, D/H, N) with unflatten(-2, (H, D/H)), or transpose/permute after reshaping the token-major layout.""")
def heads_reshaped_without_permute(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")

    def split(Y):   # (..., D, N) -> token-major (..., N, D) -> reshaped straight to (..., H, D/H, N): no permute
        return Y.transpose(-2, -1).reshape(*Y.shape[:-2], num_heads, D // num_heads, Y.shape[-1])

    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    merged = heads.reshape(*heads.shape[:-3], heads.shape[-1], D).transpose(-2, -1)
    return params["Wo"] @ merged + params["bo"][:, None]


@wrong("multi_head_attention", """
    Your heads are averaged (or summed) instead of stacked. Each head returns D/H rows; stacking the H heads
    vertically in order gives back D rows, which Wo then mixes.""")
def heads_summed_not_stacked(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = params["Wv"] @ Xkv + params["bv"][:, None]
    _, weights = scaled_dot_product_attention(Q, K, V.unflatten(-2, (num_heads, D // num_heads)),
                                              None if mask is None else mask.unsqueeze(-3))
    return params["Wo"] @ (V.unsqueeze(-3) @ weights).mean(dim=-3) + params["bo"][:, None]


@alternative("multi_head_attention", "A loop over heads slicing rows h·D/H .. (h+1)·D/H, concatenated with torch.cat.")
def loop_over_heads(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    Q = params["Wq"] @ Xq + params["bq"][:, None]
    K = params["Wk"] @ Xkv + params["bk"][:, None]
    V = params["Wv"] @ Xkv + params["bv"][:, None]
    heads = [scaled_dot_product_attention(Q[..., h * d:(h + 1) * d, :], K[..., h * d:(h + 1) * d, :],
                                          V[..., h * d:(h + 1) * d, :], mask)[0] for h in range(num_heads)]
    return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]


@alternative("multi_head_attention", "Row convention: project, view as (N, H, d), permute, einsum, in float32.")
def einsum_row_convention(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    p = params
    xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)                              # (..., N, D)
    q = torch.nn.functional.linear(xq, p["Wq"], p["bq"]).unflatten(-1, (num_heads, d))   # (..., Nq, H, d)
    k = torch.nn.functional.linear(xkv, p["Wk"], p["bk"]).unflatten(-1, (num_heads, d))
    v = torch.nn.functional.linear(xkv, p["Wv"], p["bv"]).unflatten(-1, (num_heads, d))
    scores = torch.einsum("...khd,...qhd->...hkq", k, q) / d ** 0.5                       # (..., H, Nk, Nq)
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    weights = torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
    heads = torch.einsum("...hkq,...khd->...qhd", weights, v).flatten(-2)                # (..., Nq, D)
    return torch.nn.functional.linear(heads, p["Wo"], p["bo"]).transpose(-2, -1)
