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


@alternative("multi_head_attention", "Row convention: project, view as (N, H, d), permute, einsum.")
def einsum_row_convention(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    p = params
    xq, xkv = Xq.transpose(-2, -1), Xkv.transpose(-2, -1)                                # (..., N, D)
    q = torch.nn.functional.linear(xq, p["Wq"], p["bq"]).unflatten(-1, (num_heads, d))   # (..., Nq, H, d)
    k = torch.nn.functional.linear(xkv, p["Wk"], p["bk"]).unflatten(-1, (num_heads, d))
    v = torch.nn.functional.linear(xkv, p["Wv"], p["bv"]).unflatten(-1, (num_heads, d))
    scores = torch.einsum("...khd,...qhd->...hkq", k, q) / d ** 0.5                       # (..., H, Nk, Nq)
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    weights = torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
    heads = torch.einsum("...hkq,...khd->...qhd", weights, v).flatten(-2)                # (..., Nq, D)
    return torch.nn.functional.linear(heads, p["Wo"], p["bo"]).transpose(-2, -1)


@alternative("multi_head_attention", "Heads folded into the batch axis, (B·H, D/H, N), and torch.bmm for both "
             "products.")
def heads_folded_into_batch(Xq, Xkv, params, num_heads, mask=None):
    import math

    D, nq, nk = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    batch = Xq.shape[:-2]
    Q = (params["Wq"] @ Xq + params["bq"][:, None]).expand(*batch, D, nq).reshape(-1, d, nq)     # (B·H, d, Nq)
    K = (params["Wk"] @ Xkv + params["bk"][:, None]).expand(*batch, D, nk).reshape(-1, d, nk)
    V = (params["Wv"] @ Xkv + params["bv"][:, None]).expand(*batch, D, nk).reshape(-1, d, nk)
    scores = torch.bmm(K.transpose(1, 2), Q) / math.sqrt(d)                                    # (B·H, Nk, Nq)
    if mask is not None:
        hidden = ~mask.unsqueeze(-3).expand(*batch, num_heads, nk, nq).reshape(-1, nk, nq)
        scores = scores.masked_fill(hidden, float("-inf"))
    heads = torch.bmm(V, softmax_cols(scores)).reshape(*batch, D, nq)
    return params["Wo"] @ heads + params["bo"][:, None]


@alternative("multi_head_attention", "Each head projects with its own row block of Wq, Wk, Wv; Wo applied as a sum of "
             "per-head column blocks.")
def per_head_weight_blocks(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    d = D // num_heads
    out = params["bo"][:, None]
    for h in range(num_heads):
        rows = slice(h * d, (h + 1) * d)
        Q = params["Wq"][rows] @ Xq + params["bq"][rows, None]
        K = params["Wk"][rows] @ Xkv + params["bk"][rows, None]
        V = params["Wv"][rows] @ Xkv + params["bv"][rows, None]
        head, _ = scaled_dot_product_attention(Q, K, V, mask)
        out = out + params["Wo"][:, rows] @ head
    return out


@alternative("multi_head_attention", "torch.nn.MultiheadAttention run on the given parameters with "
             "torch.func.functional_call (so autograd reaches them), called with need_weights=False (its fused path "
             "gives a query that sees no key zero weights, as the contract does).")
def torch_module_without_weights(Xq, Xkv, params, num_heads, mask=None):
    D, nq, nk = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
    if D % num_heads:
        raise ValueError(f"num_heads: D={D} is not divisible by {num_heads}")
    module = torch.nn.MultiheadAttention(D, num_heads, batch_first=True, dtype=Xq.dtype, device="meta")
    weights = {"in_proj_weight": torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
               "in_proj_bias": torch.cat([params["bq"], params["bk"], params["bv"]]),
               "out_proj.weight": params["Wo"], "out_proj.bias": params["bo"]}
    batch = Xq.shape[:-2]
    q = Xq.reshape(-1, D, nq).transpose(1, 2)                                     # (B, Nq, D)
    kv = Xkv.reshape(-1, D, nk).transpose(1, 2)
    hidden = None
    if mask is not None:                                                          # True = NOT allowed, (B·H, Nq, Nk)
        hidden = ~mask.expand(*batch, nk, nq).reshape(-1, nk, nq).transpose(1, 2)
        hidden = hidden.repeat_interleave(num_heads, dim=0) if hidden.shape[0] > 1 else hidden[0]
    out, _ = torch.func.functional_call(module, weights, (q, kv, kv), {"attn_mask": hidden, "need_weights": False})
    return out.transpose(1, 2).reshape(*batch, D, nq)


@wrong("multi_head_attention", """
    Your values are right, but no gradient reaches the weights Wq, Wk, Wv, Wo and the biases: they are cut off from
    autograd (a .detach() or .data on them, or, as here, copying them into torch.nn.MultiheadAttention's own
    parameters under torch.no_grad()), so a model built from this function never trains them. Use the tensors you
    are given; to run a torch module on them, torch.func.functional_call(module, {"in_proj_weight":
    torch.cat([Wq, Wk, Wv]), ...}, (q, k, v)).""")
def weights_cut_from_autograd(Xq, Xkv, params, num_heads, mask=None):
    D, nq, nk = Xq.shape[-2], Xq.shape[-1], Xkv.shape[-1]
    module = torch.nn.MultiheadAttention(D, num_heads, batch_first=True, dtype=Xq.dtype)
    with torch.no_grad():
        module.in_proj_weight.copy_(torch.cat([params["Wq"], params["Wk"], params["Wv"]]))
        module.in_proj_bias.copy_(torch.cat([params["bq"], params["bk"], params["bv"]]))
        module.out_proj.weight.copy_(params["Wo"])
        module.out_proj.bias.copy_(params["bo"])
    batch = Xq.shape[:-2]
    q, kv = Xq.reshape(-1, D, nq).transpose(1, 2), Xkv.reshape(-1, D, nk).transpose(1, 2)
    hidden = None
    if mask is not None:
        hidden = ~mask.expand(*batch, nk, nq).reshape(-1, nk, nq).transpose(1, 2)
        hidden = hidden.repeat_interleave(num_heads, dim=0) if hidden.shape[0] > 1 else hidden[0]
    out, _ = module(q, kv, kv, attn_mask=hidden, need_weights=False)
    return out.transpose(1, 2).reshape(*batch, D, nq)


@wrong("multi_head_attention", """
    Your multi-head attention computes in float32 even when its inputs are float64 (a .float() on the inputs or the
    parameters, then a cast back): the result has the right dtype but only float32's seven digits. Compute in the
    dtype you were given; a float64 input must give float64 accuracy.""")
def computed_in_float32_inside(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    p = {key: value.float() for key, value in params.items()}
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(p["Wq"] @ Xq.float() + p["bq"][:, None])
    K = split(p["Wk"] @ Xkv.float() + p["bk"][:, None])
    V = split(p["Wv"] @ Xkv.float() + p["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return (p["Wo"] @ heads.flatten(-3, -2) + p["bo"][:, None]).to(Xq.dtype)


@wrong("multi_head_attention", """
    A query that sees no key (its mask column is all False) comes out as NaN: a plain softmax over the keys
    (torch.softmax, or torch.nn.MultiheadAttention asked for its weights) turns a column of -inf into 0/0.
    scaled_dot_product_attention handles it — weights and head output 0 — so the multi-head output of such a query is
    just bo. Call scaled_dot_product_attention (or softmax_cols), or zero the NaN columns.""")
def heads_nan_for_query_without_keys(Xq, Xkv, params, num_heads, mask=None):
    import math

    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    heads = V @ torch.softmax(scores, dim=-2)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("multi_head_attention", """
    You hid masked scores with -1e9 (as the Annotated Transformer does, masked_fill(mask == 0, -1e9)) instead of -inf.
    A query that sees at least one key gets the same result, but a query that sees NO key gets uniform weights over
    the hidden keys — the average of their values — instead of zero weights (its output must be bo). Mask with -inf,
    and give an all -inf column zero weights (scaled_dot_product_attention does both).""")
def heads_mask_filled_with_large_negative(Xq, Xkv, params, num_heads, mask=None):
    import math

    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), -1e9)
    heads = V @ softmax_cols(scores)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("multi_head_attention", """
    You zeroed the hidden weights after the softmax and renormalised. On paper that equals masking first, but when a
    hidden key's score is much larger than the visible ones every visible exp underflows to 0 and the query's weights
    become 0/0 (or zero). Mask the scores with -inf BEFORE the softmax, as scaled_dot_product_attention does.""")
def heads_masked_after_softmax(Xq, Xkv, params, num_heads, mask=None):
    import math

    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
    if mask is not None:
        weights = weights * mask.unsqueeze(-3)
        total = weights.sum(dim=-2, keepdim=True)
        weights = weights / torch.where(total == 0, torch.ones_like(total), total)
    return params["Wo"] @ (V @ weights).flatten(-3, -2) + params["bo"][:, None]


@wrong("multi_head_attention", """
    You left out the output bias bo: the output projection is Wo · heads + bo 1ᵀ, the bias added to every column.""")
def output_bias_forgotten(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return params["Wo"] @ heads.flatten(-3, -2)


@wrong("multi_head_attention", """
    Your keys and values come from Xq, so your function is self-attention only. The queries are projected from Xq,
    the keys and values from Xkv: the two differ in cross-attention (and N_q may differ from N_k).""")
def keys_and_values_from_queries(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xq + params["bk"][:, None])
    V = split(params["Wv"] @ Xq + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]


@wrong("multi_head_attention", """
    You split the heads correctly but merged them back in the wrong order: transposing (H, D/H) before flattening
    interleaves the heads' rows (row h + H·r) instead of stacking head 0 on top of head 1. Merge with the inverse of
    the split: heads.flatten(-3, -2), i.e. reshape (..., H, D/H, N) to (..., D, N).""")
def heads_merged_interleaved(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError("num_heads must divide D")
    split = lambda Y: Y.unflatten(-2, (num_heads, D // num_heads))          # noqa: E731
    Q = split(params["Wq"] @ Xq + params["bq"][:, None])
    K = split(params["Wk"] @ Xkv + params["bk"][:, None])
    V = split(params["Wv"] @ Xkv + params["bv"][:, None])
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
    return params["Wo"] @ heads.transpose(-3, -2).flatten(-3, -2) + params["bo"][:, None]
