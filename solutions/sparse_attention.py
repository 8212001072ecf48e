"""Model answer: sparse attention patterns (strided and global-token masks) and the number of pairs each scores."""
from __future__ import annotations

import torch

PATTERNS = ("dense", "causal", "local", "strided", "global")


def strided_mask(n: int, stride: int) -> torch.Tensor:
    """Strided mask (n, n) bool: [j, i] is True iff i - j is a multiple of stride (keys i, i ± stride, ...)."""
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    ### BEGIN SOLUTION  (todo: key positions as a column, query positions as a row; visible iff (i - j) % stride == 0)
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys) % stride == 0
    ### END SOLUTION


def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    """Global-token mask: is_global (..., N) bool -> (..., N, N) bool, [j, i] True iff token j or token i is global."""
    ### BEGIN SOLUTION  (todo: is_global as keys (..., N, 1) OR is_global as queries (..., 1, N))
    return is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
    ### END SOLUTION


def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    """The number of (key, query) pairs a pattern scores over n tokens: the True entries of its (n, n) mask.

    Shapes: none, an int from ints; pattern is "dense", "causal", "local" (window), "strided" (stride) or
    "global" (num_global).
    """
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        name = {"local": "window", "strided": "stride", "global": "num_global"}[pattern]
        raise ValueError(f"the {pattern!r} pattern needs {name}=...")
    ### BEGIN SOLUTION  (todo: count the mask's True entries by offsets d = i - j: n - |d| pairs at each offset)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2                       # offsets 0 .. n-1: n + (n-1) + ... + 1
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n + 2 * (w * n - w * (w + 1) // 2)   # offsets ±1 .. ±w hold n - 1, ..., n - w pairs each
    if pattern == "strided":
        m = (n - 1) // stride if n else 0             # the largest k with k * stride < n
        return n + 2 * (m * n - stride * m * (m + 1) // 2)
    return n * n - (n - num_global) ** 2              # every pair except those between two ordinary tokens
    ### END SOLUTION
