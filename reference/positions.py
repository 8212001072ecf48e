"""Relative positions: T5's bucketed attention bias and rotary embeddings (RoPE), in the column convention.

Absolute encodings add a column Π[:, n] to token n; relative ones make the attention *score* of a query and a key
depend on their offset. Two ways, both plugged into ``multi_head_attention`` as options:

* **T5 bias**: a learned scalar per head and per offset bucket is added to the score KᵀQ. The offset is
  key position − query position; offsets below ``num_buckets/4`` (bidirectional) get a bucket each, larger ones
  share logarithmically wider buckets up to ``max_distance``, beyond which all offsets share the last bucket.
* **Rotary** (RoPE): the rows of Q and K are taken in pairs and each pair is rotated by the angle p·θ_i, p the
  position; since rotations compose, (R_p q)ᵀ(R_m k) = qᵀ R_{m−p} k depends on the offset m − p only.
  **Pairing: halves.** Row i pairs with row i + D/2 (i < D/2), θ_i = base^(−2i/D), as Llama and GPT-NeoX (and
  Hugging Face) do; the RoFormer paper pairs adjacent rows (2i, 2i+1) instead — the two differ by a fixed
  permutation of the rows of the projections, and the contract accepts only the halves.
"""
from __future__ import annotations

import math

import torch

from ._shapes import check_positive_int, check_shape


def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    """Offsets (key position − query position), any shape -> T5's bucket ids in [0, num_buckets), same shape.

    Bidirectional: half of the buckets for keys after the query (offset > 0), half for the rest. Causal
    (``bidirectional=False``): only offsets ≤ 0 are told apart (a positive offset falls in bucket 0 with offset 0).
    Within a half of n buckets, distances 0 .. n/2 − 1 get their own bucket; a larger distance d gets
    n/2 + ⌊log(d / (n/2)) / log(max_distance / (n/2)) · (n − n/2)⌋, capped at n − 1. The logarithm is taken in
    float32, as T5 computes it, so boundary distances fall in T5's buckets.
    """
    if not isinstance(relative_position, torch.Tensor) or relative_position.dtype.is_floating_point \
            or relative_position.dtype == torch.bool:
        raise ValueError("relative_position: expected an integer tensor of offsets (key − query)")
    check_positive_int("num_buckets", num_buckets, minimum=4 if bidirectional else 2)  # ≥ 1 exact bucket a side
    check_positive_int("max_distance", max_distance)
    if max_distance <= num_buckets // (4 if bidirectional else 2):
        raise ValueError(f"max_distance: must exceed the {num_buckets // (4 if bidirectional else 2)} exactly "
                         f"bucketed distances, got {max_distance}")
    offset = relative_position.long()
    bucket = torch.zeros_like(offset)
    if bidirectional:
        num_buckets //= 2
        bucket = bucket + (offset > 0).long() * num_buckets           # keys after the query: the upper half
        distance = offset.abs()
    else:
        distance = (-offset).clamp(min=0)                              # only the past is told apart
    max_exact = num_buckets // 2
    log_ratio = torch.log(distance.float() / max_exact) / math.log(max_distance / max_exact)
    distant = max_exact + (log_ratio * (num_buckets - max_exact)).long()
    distant = distant.clamp(max=num_buckets - 1)
    return bucket + torch.where(distance < max_exact, distance, distant)


def relative_position_bias(table: torch.Tensor, num_queries: int, num_keys: int, bidirectional: bool = True,
                           max_distance: int = 128, query_offset: int = 0) -> torch.Tensor:
    """T5's bias: table (H, num_buckets) -> (H, N_k, N_q) with bias[h, j, i] = table[h, bucket(j − (i + offset))].

    ``query_offset`` shifts the query positions (a decoder step that sees ``query_offset`` earlier keys). Add it to
    each head's scores (``multi_head_attention(..., position_bias=...)``). Hugging Face's ``relative_attention_bias``
    embedding is (num_buckets, H): ``table = weight.T``.
    """
    check_shape("table", table, ("H", "num_buckets"), {}, batched=False)
    check_positive_int("num_queries", num_queries, minimum=0)
    check_positive_int("num_keys", num_keys, minimum=0)
    query = torch.arange(num_queries, device=table.device) + query_offset
    key = torch.arange(num_keys, device=table.device)
    buckets = relative_position_bucket(key[:, None] - query[None, :], bidirectional, table.shape[1], max_distance)
    return table[:, buckets]                                           # (H, N_k, N_q)


def rotary_angles(positions: torch.Tensor, dim: int, base: float = 10000.0) -> torch.Tensor:
    """positions (N,) integer, an even ``dim`` -> float64 angles (D/2, N): entry [i, n] = positions[n]·θ_i with
    θ_i = base^(−2i/D), the angle that turns the pair of rows (i, i + D/2) in column n."""
    check_positive_int("dim", dim)
    if dim % 2:
        raise ValueError(f"dim: rotary embeddings pair rows i and i + D/2, so D must be even, got D={dim}")
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64, device=positions.device) / dim)   # (D/2,)
    return theta[:, None] * positions.to(torch.float64)[None, :]


def _rotate(X: torch.Tensor, positions: torch.Tensor | None, base: float, name: str) -> torch.Tensor:
    """X (..., D, N) with rows i and i + D/2 rotated by positions[n]·θ_i in column n."""
    sizes: dict[str, int] = {}
    check_shape(name, X, ("D", "N"), sizes)
    dim, num = sizes["D"], sizes["N"]
    if dim % 2:
        raise ValueError(f"{name}: rotary embeddings pair rows i and i + D/2, so D must be even, got D={dim}")
    if positions is None:
        positions = torch.arange(num, device=X.device)
    elif (not isinstance(positions, torch.Tensor) or positions.shape != (num,) or positions.dtype.is_floating_point
          or positions.dtype == torch.bool):
        raise ValueError(f"positions of {name}: expected an integer tensor of shape ({num},)")
    # angles in float64, then cast: float32 results are correctly rounded even at large positions
    angle = rotary_angles(positions, dim, base)                                                    # (D/2, N)
    cos, sin = torch.cos(angle).to(X.dtype), torch.sin(angle).to(X.dtype)
    first, second = X[..., : dim // 2, :], X[..., dim // 2:, :]
    return torch.cat([first * cos - second * sin, second * cos + first * sin], dim=-2)


def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    """Rotary positions for queries Q (..., D, N_q) and keys K (..., D, N_k) -> (Q', K'), same shapes.

    In column n, rows i and i + D/2 (i < D/2) are rotated by the angle p_n·θ_i, θ_i = base^(−2i/D):
    x'_i = x_i cos − x_{i+D/2} sin, x'_{i+D/2} = x_{i+D/2} cos + x_i sin. Positions default to 0 .. N − 1; give
    ``positions_q`` (N_q,) for queries that come later than the first keys (decoding with a cache).
    Both Q and K are rotated: then every score K'ᵀQ' depends on the positions only through p_q − p_k.
    """
    if not isinstance(base, (int, float)) or isinstance(base, bool) or base <= 1:
        raise ValueError(f"base: expected a number > 1, got {base!r}")
    return _rotate(Q, positions_q, base, "Q"), _rotate(K, positions_k, base, "K")
