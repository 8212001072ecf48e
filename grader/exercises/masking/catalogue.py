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


@alternative("causal_mask", "The lower triangle of ones, transposed (the row layout's causal mask, turned into ours).")
def lower_triangle_transposed(n):
    return torch.ones(n, n, dtype=torch.bool).tril().T


@alternative("padding_mask", "A running count of positions compared with each length (a sequence mask by cumsum).")
def padding_by_cumsum(lengths, n):
    positions = torch.ones(len(lengths), n, dtype=torch.long).cumsum(dim=1)     # 1 .. n in every row
    return (positions <= lengths[:, None]).unsqueeze(-1)


@alternative("local_mask", "Distances between positions with torch.cdist (L1), compared with the window.")
def distance_matrix(n, window):
    positions = torch.arange(n, dtype=torch.float64)[:, None]
    return torch.cdist(positions, positions, p=1) <= window


@alternative("apply_mask", "An additive mask (0 where visible, -inf where hidden), as PyTorch builds from a bool mask.")
def additive_mask(scores, mask):
    additive = torch.zeros(mask.shape, dtype=scores.dtype).masked_fill(~mask, float("-inf"))
    return scores + additive


@wrong("causal_mask", """
    Your causal mask is a float tensor (torch.ones(n, n).triu() is float32). Masks are bool: True = visible. A float
    mask used with masked_fill or ~ fails or, worse, is read as scores to add. Build it from a bool tensor:
    torch.ones(n, n, dtype=torch.bool).triu().""")
def causal_mask_float(n):
    return torch.ones(n, n).triu()


@wrong("causal_mask", """
    Your causal mask lets each query see the NEXT token as well (triu(diagonal=-1)): key j is visible to query i iff
    j <= i + 1. During training that leaks the very token the model must predict. Key j is visible iff j <= i: the
    main diagonal and above, triu() with the default diagonal=0.""")
def causal_mask_sees_next_token(n):
    return torch.ones(n, n, dtype=torch.bool).triu(diagonal=-1)


@wrong("padding_mask", """
    Your padding mask has shape (B, n), one row per sequence, like Hugging Face's attention_mask. In this course a mask
    is laid out like the scores it hides, (..., N_k, N_q): give it a key axis and a query axis of size 1, (B, n, 1),
    so that it broadcasts over the queries.""")
def padding_mask_without_query_axis(lengths, n):
    return torch.arange(n)[None, :] < lengths[:, None]


@wrong("padding_mask", """
    Your mask keeps the LAST lengths[b] positions visible (left padding). The contract pads on the right: a sequence of
    length L occupies positions 0 .. L-1, so key j is visible iff j < lengths[b].""")
def padding_mask_from_the_end(lengths, n):
    return (torch.arange(n)[None, :] >= n - lengths[:, None]).unsqueeze(-1)


@wrong("local_mask", """
    You read window as the TOTAL width of the band (|i - j| <= window // 2). In the contract window is the distance on
    EACH side: key j is visible to query i iff |i - j| <= window, so the band is 2·window + 1 wide.""")
def local_window_read_as_total_width(n, window):
    offset = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offset.abs() <= window // 2


@wrong("apply_mask", """
    You added the most negative finite number (torch.finfo(dtype).min, as Hugging Face's additive masks do) instead of
    writing -inf. Hidden scores then stay finite, a query that sees no key gets uniform weights rather than zeros, and
    adding it to another very negative score overflows to -inf anyway. The contract asks for -inf exactly:
    scores.masked_fill(~mask, float("-inf")).""")
def apply_mask_adds_finfo_min(scores, mask):
    return scores + (~mask).to(scores.dtype) * torch.finfo(scores.dtype).min


@wrong("apply_mask", """
    You multiplied a 0/1 mask by -inf and added it: 0 · (-inf) is NaN, so every VISIBLE score becomes NaN. An
    additive mask must hold 0 where visible and -inf where hidden: build it with masked_fill (or torch.where), never
    by multiplying with infinity.""")
def apply_mask_multiplies_infinity(scores, mask):
    return scores + (~mask).to(scores.dtype) * float("-inf")
