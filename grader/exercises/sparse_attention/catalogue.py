"""``strided_mask``, ``global_token_mask`` and ``sparse_attention_cost``."""
import torch

from grader.catalogue import alternative, wrong


@wrong("strided_mask", """
    Your mask is off by one: it shows keys i, i ± (s + 1), ... — as if the stride were the number of keys skipped
    BETWEEN visible ones. The stride is the step itself: key j is visible iff (i - j) % s == 0, so stride 1 is the
    dense mask and stride 2 every other key.""")
def strided_off_by_one(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be >= 1, got {stride}")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets % (stride + 1) == 0


@wrong("strided_mask", """
    Your strided mask only looks back (keys i, i - s, i - 2s, ...), as the Sparse Transformer's causal heads do. The
    contract's strided pattern is symmetric: keys i ± s, i ± 2s, ... are all visible; combine it with causal_mask
    yourself when you need a decoder.""")
def strided_only_past_keys(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be >= 1, got {stride}")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return (offsets % stride == 0) & (offsets >= 0)


@wrong("strided_mask", """
    Your mask cuts the sequence into blocks of s tokens and lets each query see its own block (j // s == i // s):
    that is a blocked local pattern, not a strided one. Strided means the same position modulo s: (i - j) % s == 0.""")
def strided_as_blocks(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be >= 1, got {stride}")
    blocks = torch.arange(n) // stride
    return blocks[:, None] == blocks[None, :]


@wrong("global_token_mask", """
    Your mask only makes global tokens visible to everyone (their rows); a global token must also SEE everyone (its
    column is all True too): [j, i] = is_global[j] or is_global[i].""")
def global_keys_only(is_global):
    return is_global.unsqueeze(-1).expand(*is_global.shape, is_global.shape[-1])


@wrong("global_token_mask", """
    Your mask only lets global queries see everything (their columns); every query must also see the global tokens
    (their rows): [j, i] = is_global[j] or is_global[i].""")
def global_queries_only(is_global):
    return is_global.unsqueeze(-2).expand(*is_global.shape[:-1], is_global.shape[-1], is_global.shape[-1])


@wrong("global_token_mask", """
    You combined with AND: a pair is visible only when BOTH tokens are global, so ordinary tokens never reach a
    global one. A global token sees and is seen by every token: OR, is_global[j] | is_global[i].""")
def global_both_must_be_global(is_global):
    return is_global.unsqueeze(-1) & is_global.unsqueeze(-2)


@wrong("sparse_attention_cost", """
    Your local cost is n(2w + 1): it forgets that the windows of the first and last w queries are cut off by the
    ends of the sequence. Offset d holds n - |d| pairs, so the band has n(2w + 1) - w(w + 1) (with w capped at
    n - 1).""")
def local_cost_ignores_the_ends(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes or sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        return n * (2 * window + 1)
    if pattern == "strided":
        m = (n - 1) // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)


@wrong("sparse_attention_cost", """
    Your local cost does not cap the window: with w >= n every key is already visible, so the count is n², but
    n(2w + 1) - w(w + 1) keeps changing with w (and even falls). Use w = min(window, n - 1).""")
def local_cost_window_not_capped(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes or sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        return n * (2 * window + 1) - window * (window + 1)
    if pattern == "strided":
        m = (n - 1) // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)


@wrong("sparse_attention_cost", """
    Your causal cost is n²/2: it forgets the diagonal, where each query sees itself. Query i sees keys 0..i, i + 1
    of them, so the total is 1 + 2 + ... + n = n(n + 1)/2.""")
def causal_cost_half_square(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes or sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * n // 2
    if pattern == "local":
        w = min(window, n - 1)
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)


@wrong("sparse_attention_cost", """
    Your global cost is 2gn: the g global rows and the g global columns overlap in a g x g block that you counted
    twice. The pairs are all n² except the (n - g)² between two ordinary tokens: g(2n - g).""")
def global_cost_counts_the_corner_twice(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes or sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1)
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride
        return n * (2 * m + 1) - stride * m * (m + 1)
    return 2 * num_global * n


@wrong("sparse_attention_cost", """
    Your strided cost assumes every query sees n // s keys. Query i sees the keys at i, i ± s, ... that lie inside
    the sequence: ⌊i/s⌋ + ⌊(n - 1 - i)/s⌋ + 1 of them, which depends on where i sits. Count by offsets instead: the
    diagonal holds n pairs, offsets ±k·s hold n - k·s each, for k = 1 .. m = ⌊(n - 1)/s⌋.""")
def strided_cost_n_keys_per_stride(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes or sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1)
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        return n * (n // stride)
    return num_global * (2 * n - num_global)


@alternative("strided_mask", "Two loops filling a boolean matrix, stepping by the stride from each query.")
def strided_mask_loops(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer, got {stride}")
    mask = torch.zeros(n, n, dtype=torch.bool)
    for query in range(n):
        for key in range(query % stride, n, stride):
            mask[key, query] = True
    return mask


@alternative("strided_mask", "torch.remainder on a broadcast difference, built from one arange.")
def strided_mask_remainder(n, stride):
    if stride < 1:
        raise ValueError(f"stride: expected an integer >= 1, got {stride}")
    position = torch.arange(n)
    return torch.remainder(position.unsqueeze(0) - position.unsqueeze(1), stride).eq(0)


@alternative("global_token_mask", "torch.logical_or of the flags expanded both ways.")
def global_token_mask_logical_or(is_global):
    n = is_global.shape[-1]
    rows = is_global[..., :, None].expand(*is_global.shape, n)
    columns = is_global[..., None, :].expand(*is_global.shape[:-1], n, n)
    return torch.logical_or(rows, columns)


@alternative("global_token_mask", "De Morgan: a pair is hidden only if neither token is global.")
def global_token_mask_de_morgan(is_global):
    ordinary = (~is_global).long()
    return (ordinary.unsqueeze(-1) * ordinary.unsqueeze(-2)) == 0


@alternative("sparse_attention_cost", "Count another way: the pairs outside the band (local), the pairs within "
                                      "each residue class mod the stride (strided), the pairs between ordinary tokens "
                                      "(global), subtracted from n² where that is the shorter count.")
def cost_by_counting_pairs(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": 0, "causal": 0, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes:
        raise ValueError(f"pattern: unknown {pattern!r}")
    if sizes[pattern] is None:
        raise ValueError(f"pattern {pattern!r} needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return (n * n + n) // 2                          # the diagonal plus half of the rest
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * n - (n - w - 1) * (n - w)             # offsets beyond w: 2 (1 + ... + (n - w - 1))
    if pattern == "strided":
        per_class, longer = divmod(n, stride)            # tokens i = r (mod s): per_class or per_class + 1 of them
        return longer * (per_class + 1) ** 2 + (stride - longer) * per_class ** 2
    return n * n - (n - num_global) ** 2                 # every pair but those between two ordinary tokens


@alternative("sparse_attention_cost", "Sum over the offsets d: the diagonal d = i - j holds n - |d| pairs, each sum "
                                      "of an arithmetic series taken as (first + last) * count / 2.")
def cost_by_offsets(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return (n + 1) * n // 2                          # n + (n - 1) + ... + 1
    if pattern == "local" and window is not None:
        w = min(window, n - 1) if n else 0
        return n + w * (2 * n - w - 1)                   # n, then twice (n - 1) + ... + (n - w)
    if pattern == "strided" and stride is not None:
        m = (n - 1) // stride if n else 0
        return n + m * (2 * n - stride * (m + 1))        # n, then twice (n - s) + (n - 2s) + ... + (n - ms)
    if pattern == "global" and num_global is not None:
        return 2 * num_global * n - num_global * num_global
    raise ValueError(f"pattern {pattern!r}: unknown, or its size is missing")
