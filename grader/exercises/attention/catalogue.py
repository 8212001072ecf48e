"""``scaled_dot_product_attention`` and ``self_attention`` (A = V softmax_cols(KᵀQ / sqrt(D_k)))."""
import torch

from grader.catalogue import alternative, wrong
from solutions.attention import scaled_dot_product_attention
from solutions.masking import apply_mask
from solutions.softmax import softmax_cols


@wrong("scaled_dot_product_attention", """
    You did not scale the scores by 1/sqrt(D_k). Dot products of D_k-dimensional vectors grow like sqrt(D_k); without
    the scale the softmax saturates and its gradients vanish. Use softmax_cols(KᵀQ / sqrt(D_k)).""")
def no_scaling(Q, K, V, mask=None):
    scores = K.transpose(-2, -1) @ Q
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You divided the scores by D_k instead of sqrt(D_k). The variance of a dot product of D_k unit-variance entries is
    D_k, so its standard deviation — the right scale — is sqrt(D_k).""")
def scaled_by_dk_not_sqrt(Q, K, V, mask=None):
    scores = K.transpose(-2, -1) @ Q / Q.shape[-2]
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You scaled AFTER the softmax. The 1/sqrt(D_k) belongs to the scores, before the softmax: dividing the weights
    afterwards only shrinks them, so columns no longer sum to 1 and the softmax is still saturated.""")
def scaled_after_softmax(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask)) / math.sqrt(Q.shape[-2])
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You applied the mask AFTER the softmax (zeroing hidden weights), so the visible weights of a query no longer sum
    to 1. Mask the scores with -inf BEFORE the softmax: softmax_cols(apply_mask(scores, mask)).""")
def mask_after_softmax(Q, K, V, mask=None):
    import math

    weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
    if mask is not None:
        weights = weights * mask
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    Your softmax runs over the queries (axis -1) instead of the keys. Scores are (N_k, N_q): each COLUMN belongs to
    one query and must sum to 1 over the keys, so normalise over axis -2 (softmax_cols).""")
def softmax_over_queries(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    weights = torch.softmax(scores if mask is None else apply_mask(scores, mask), dim=-1)
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You hid masked scores with a large negative number (-1e9, as in many PyTorch tutorials) instead of -inf. For a
    query that can see at least one key this is almost the same, but a query that sees NO key then gets uniform
    weights over the hidden keys instead of all-zero weights (and a fill like -1e4 is not large next to real
    scores; -1e9 overflows to -inf in float16). Use apply_mask, which writes -inf, and a softmax that turns an all
    -inf column into zeros.""")
def mask_filled_with_large_negative(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = softmax_cols(scores)
    return V @ weights, weights


@wrong("self_attention", """
    You scaled by sqrt(D), the width of X, instead of sqrt(D_k), the width of the queries and keys. The scores are dot
    products of D_k-dimensional vectors; D_k and D differ whenever Wq is not square.""")
def self_attention_scaled_by_model_width(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    import math

    Q = Wq @ X + bq[:, None]
    K = Wk @ X + bk[:, None]
    V = Wv @ X + bv[:, None]
    scores = K.transpose(-2, -1) @ Q / math.sqrt(X.shape[-2])
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return V @ weights, weights


@wrong("self_attention", """
    Your biases are missing (or added as a row): each projection is W X + b 1ᵀ, i.e. b[:, None] added to every column
    (token). Leaving out the biases changes queries, keys and values.""")
def self_attention_without_biases(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    return scaled_dot_product_attention(Wq @ X, Wk @ X, Wv @ X, mask)


@alternative("scaled_dot_product_attention", "Scale Q before the product, einsum for both products.")
def einsum_scaled_queries(Q, K, V, mask=None):
    import math

    scores = torch.einsum("...dk,...dq->...kq", K, Q / math.sqrt(Q.shape[-2]))
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return torch.einsum("...vk,...kq->...vq", V, weights), weights


@alternative("scaled_dot_product_attention", "torch.softmax on axis -2 and torch.where for the mask, no helpers.")
def torch_softmax_where(Q, K, V, mask=None):
    scores = (K / Q.shape[-2] ** 0.5).mT @ Q
    if mask is not None:
        scores = torch.where(mask, scores, float("-inf"))
    weights = torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
    return V @ weights, weights


@alternative("self_attention", "Projections written out with einsum and the bias broadcast by unsqueeze.")
def self_attention_einsum(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = torch.einsum("kd,...dn->...kn", Wq, X) + bq.unsqueeze(-1)
    K = torch.einsum("kd,...dn->...kn", Wk, X) + bk.unsqueeze(-1)
    V = torch.einsum("vd,...dn->...vn", Wv, X) + bv.unsqueeze(-1)
    return scaled_dot_product_attention(Q, K, V, mask)


@alternative("self_attention", "Row convention inside (X transposed, x W^T), transposed back at the end.")
def self_attention_row_convention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    rows = X.transpose(-2, -1)                                        # (..., N, D)
    Q = torch.nn.functional.linear(rows, Wq, bq).transpose(-2, -1)
    K = torch.nn.functional.linear(rows, Wk, bk).transpose(-2, -1)
    V = torch.nn.functional.linear(rows, Wv, bv).transpose(-2, -1)
    return scaled_dot_product_attention(Q, K, V, mask)


@alternative("scaled_dot_product_attention", "The output from torch's fused scaled_dot_product_attention (row layout, "
             "so transposed in and out); the weights, which it does not return, computed alongside.")
def fused_output_weights_alongside(Q, K, V, mask=None):
    rows = torch.nn.functional.scaled_dot_product_attention(
        Q.mT, K.mT, V.mT, attn_mask=None if mask is None else mask.mT)               # (..., N_q, D_v)
    scores = K.mT @ Q / Q.shape[-2] ** 0.5
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return rows.mT, weights


@wrong("scaled_dot_product_attention", """
    Your weights are right, but a query that sees no key sends NaN back into Q and K: with the mask added as -inf,
    its scores are all -inf, logsumexp of them is -inf, and the backward pass of logsumexp and of the addition
    divides 0 by 0. Its true gradient is zero (its weights are zeros whatever Q and K are). Hide the keys with
    masked_fill on the scores and guard the empty column before the exp, as softmax_cols does, so that autograd
    never meets 0/0.""")
def logsumexp_weights(Q, K, V, mask=None):
    scores = (K / Q.shape[-2] ** 0.5).transpose(-2, -1) @ Q
    if mask is not None:
        scores = scores + torch.zeros(mask.shape, dtype=scores.dtype).masked_fill(~mask, float("-inf"))
    log_norm = torch.logsumexp(scores, dim=-2, keepdim=True)
    log_norm = torch.where(torch.isneginf(log_norm), torch.zeros_like(log_norm), log_norm)
    weights = torch.exp(scores - log_norm)
    return V @ weights, weights


@alternative("self_attention", "One fused projection (as minGPT's c_attn): stack Wq, Wk, Wv, project once, split.")
def self_attention_fused_projection(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    W = torch.cat([Wq, Wk, Wv])                                       # (2·D_k + D_v, D)
    b = torch.cat([bq, bk, bv])
    Q, K, V = (W @ X + b[:, None]).split([len(bq), len(bk), len(bv)], dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)


@wrong("scaled_dot_product_attention", """
    You zeroed the hidden weights after the softmax and renormalised each column. On paper that equals masking first,
    but the softmax has already spent its range on the hidden keys: when a hidden key's score is much larger than the
    visible ones, every visible exp underflows to 0 and the column becomes 0/0 (or all zeros) instead of the softmax
    of the visible scores. Mask the scores with -inf BEFORE the softmax: softmax_cols(apply_mask(scores, mask)).""")
def mask_after_softmax_renormalised(Q, K, V, mask=None):
    import math

    weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
    if mask is not None:
        weights = weights * mask
        total = weights.sum(dim=-2, keepdim=True)
        weights = weights / torch.where(total == 0, torch.ones_like(total), total)
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    Your softmax runs in float32 whatever the input dtype (torch.softmax(..., dtype=torch.float32), copied from
    mixed-precision code that upcasts float16 for stability). For float64 inputs that is a DOWNcast: the weights keep
    only float32's seven digits. Compute in the input's dtype; upcasting is only ever to a wider type.""")
def softmax_forced_to_float32(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores.float()).to(Q.dtype)
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    A query that sees no key (its mask column is all False) gets NaN: torch.softmax of a column of -inf is 0/0. The
    contract gives such a query all-zero weights and a zero output. Use softmax_cols, which returns zeros for an all
    -inf column (or replace the NaN columns by zeros).""")
def nan_for_query_without_keys(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-2)
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You return the weights in the row layout, (N_q, N_k) — one row per query, as torch code computes Q Kᵀ — although
    the output is right. In this course the weights are (..., N_k, N_q): row j is a key, column i a query, the layout
    of KᵀQ. Return weights.transpose(-2, -1) of your row-layout weights.""")
def weights_returned_in_row_layout(Q, K, V, mask=None):
    import math

    rows = Q.transpose(-2, -1) @ K / math.sqrt(Q.shape[-2])                          # (..., N_q, N_k)
    if mask is not None:
        rows = rows.masked_fill(~mask.transpose(-2, -1), float("-inf"))
    weights = torch.softmax(rows, dim=-1).nan_to_num(nan=0.0)
    return (weights @ V.transpose(-2, -1)).transpose(-2, -1), weights


@wrong("scaled_dot_product_attention", """
    You scaled by sqrt(N_k), the number of keys (K.shape[-1]), instead of sqrt(D_k), the length of each query and key
    vector (K.shape[-2] in the column layout: features are rows). The variance of a dot product grows with the number
    of terms summed, D_k.""")
def scaled_by_number_of_keys(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(K.shape[-1])
    weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
    return V @ weights, weights


@wrong("scaled_dot_product_attention", """
    You hid the keys where the mask is True. In this course True means VISIBLE (the opposite of the bool masks of
    torch.nn.MultiheadAttention and key_padding_mask, where True means "ignore"): hide where the mask is False,
    scores.masked_fill(~mask, float("-inf")).""")
def mask_read_as_hidden(Q, K, V, mask=None):
    import math

    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = scores.masked_fill(mask, float("-inf"))
    weights = softmax_cols(scores)
    return V @ weights, weights


@wrong("self_attention", """
    Your values are the inputs themselves (V = X): only queries and keys were projected. Values have their own
    projection, V = Wv X + bv 1ᵀ, which also sets the output width D_v.""")
def self_attention_values_not_projected(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    return scaled_dot_product_attention(Wq @ X + bq[:, None], Wk @ X + bk[:, None], X, mask)


@wrong("self_attention", """
    Your self_attention ignores its mask argument: every token sees every other, so a causal or padding mask has no
    effect. Pass it on: scaled_dot_product_attention(Q, K, V, mask).""")
def self_attention_mask_ignored(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    return scaled_dot_product_attention(Wq @ X + bq[:, None], Wk @ X + bk[:, None], Wv @ X + bv[:, None])
