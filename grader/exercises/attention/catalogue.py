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
