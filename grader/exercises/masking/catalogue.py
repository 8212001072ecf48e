"""Boolean masks in the (N_k, N_q) layout, True = visible, and ``apply_mask``."""
import torch

from grader.catalogue import alternative, wrong


@wrong("causal_mask", """
    Your causal mask is transposed: it lets query i see the keys AFTER it. Scores are (N_k, N_q) — row j is a key,
    column i a query — so key j is visible to query i iff j <= i: True on and ABOVE the diagonal (torch.triu), not
    below it.""")
def causal_mask_transposed(n):
    return torch.ones(n, n, dtype=torch.bool).tril()


@wrong("causal_mask", """
    Your causal mask is inverted: True marks the hidden (future) keys. In this course True means VISIBLE (PyTorch's
    nn.MultiheadAttention uses the opposite convention): key j is visible to query i iff j <= i.""")
def causal_mask_inverted(n):
    return ~torch.ones(n, n, dtype=torch.bool).triu()


@wrong("causal_mask", """
    Your causal mask hides the diagonal: a query cannot see its own token. Causal attention forbids only the future:
    key j is visible to query i iff j <= i, so the diagonal is True.""")
def causal_mask_hides_diagonal(n):
    return torch.ones(n, n, dtype=torch.bool).triu(diagonal=1)


@wrong("padding_mask", """
    Your padding mask is off by one: with length L the visible keys are positions 0 .. L-1, i.e. j < L, not j <= L.""")
def padding_mask_off_by_one(lengths, n):
    return torch.arange(n)[None, :, None] <= lengths[:, None, None]


@wrong("padding_mask", """
    Your padding mask hides QUERIES (shape (B, 1, n)) instead of keys. Padding removes keys that do not exist: the
    mask must be (B, n, 1) — one row per key — so that it broadcasts over the queries (the columns).""")
def padding_mask_over_queries(lengths, n):
    return torch.arange(n)[None, None, :] < lengths[:, None, None]


@wrong("local_mask", """
    Your local mask only looks backwards (a causal window). A local window is symmetric: key j is visible to query i
    iff |i - j| <= window.""")
def local_mask_one_sided(n, window):
    offset = torch.arange(n)[None, :] - torch.arange(n)[:, None]          # i - j
    return (offset >= 0) & (offset <= window)


@wrong("local_mask", """
    Your local window is one too narrow: the contract keeps keys with |i - j| <= window (window = 0 still sees the
    token itself), not |i - j| < window.""")
def local_mask_strict(n, window):
    offset = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offset.abs() < window


@wrong("apply_mask", """
    You put -inf where the mask is True. True means VISIBLE: the hidden scores are those where the mask is False, so
    fill with -inf where ~mask.""")
def apply_mask_inverted(scores, mask):
    return scores.masked_fill(mask, float("-inf"))


@wrong("apply_mask", """
    You set hidden scores to 0, but exp(0) = 1 gives hidden keys real weight after the softmax. Hidden scores must be
    -inf so that their weight is exp(-inf) = 0.""")
def apply_mask_fills_zero(scores, mask):
    return scores.masked_fill(~mask, 0.0)


@wrong("apply_mask", """
    You filled hidden scores with a large negative number instead of -inf. The contract asks for -inf, for two
    reasons. A query that sees no key: with -1e9 every one of its scores is the same -1e9, so the softmax gives it a
    uniform average over keys it must not see, where -inf gives all-zero weights. And "large" is relative: -1e9 is
    exact in float32 and float64, but it overflows to -inf in float16, and a smaller constant such as -1e4 is not
    large next to real scores, so hidden keys keep some weight.""")
def apply_mask_large_negative(scores, mask):
    return scores.masked_fill(~mask, -1e9)


@alternative("causal_mask", "Comparison of a column of key positions with a row of query positions.")
def position_comparison(n):
    positions = torch.arange(n)
    return positions[:, None] <= positions[None, :]


@alternative("causal_mask", "Explicit double loop.")
def double_loop(n):
    mask = torch.zeros(n, n, dtype=torch.bool)
    for j in range(n):
        for i in range(n):
            mask[j, i] = j <= i
    return mask


@alternative("padding_mask", "Per-sequence loop filling the first `length` rows.")
def padding_loop(lengths, n):
    mask = torch.zeros(len(lengths), n, 1, dtype=torch.bool)
    for b, length in enumerate(lengths.tolist()):
        mask[b, :length, 0] = True
    return mask


@alternative("local_mask", "A band: triu(-window) & tril(window) of a matrix of ones.")
def band_of_ones(n, window):
    ones = torch.ones(n, n, dtype=torch.bool)
    return ones.triu(-window) & ones.tril(window)


@alternative("apply_mask", "torch.where with a -inf tensor, broadcast explicitly.")
def where_neg_inf(scores, mask):
    if mask is None:
        return scores
    return torch.where(mask, scores, torch.full_like(scores, float("-inf")))
