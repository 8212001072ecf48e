"""Model answer: relative positions: T5's offset buckets and rotary embeddings (pairing rows i and i + D/2)."""
from __future__ import annotations

import math

import torch


def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                             max_distance: int = 128) -> torch.Tensor:
    """T5's bucket of each offset (key position - query position): LongTensor (..., N), any shape -> the same shape.

    Bidirectional: buckets num_buckets/2 .. num_buckets-1 for offsets > 0, the rest for offsets <= 0. Causal: a
    positive offset counts as 0. Within a half of n buckets: distance d < n/2 is bucket d, larger distances share
    logarithmically wider buckets up to max_distance (the log taken in float32), capped at n - 1.
    """
    ### BEGIN SOLUTION  (todo: pick the half from the sign, then exact buckets below n/2, log-spaced ones above)
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)                # keys after the query use the upper half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)                  # keys after the query count as offset 0
    exact = half // 2
    # float32, as T5: distance 0 gives log(0) = -inf here, but torch.where picks the exact bucket for it
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
    ### END SOLUTION


def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    """Rotate rows i and i + D/2 of column n of X (..., D, N) by positions[n] * base^(-2i/D)."""
    ### BEGIN SOLUTION  (todo: angles (D/2, N) = theta[:, None] * positions[None, :]; rotate the two halves)
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)        # (D/2,)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]                # (D/2, N)
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    ### END SOLUTION


def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                     positions_k: torch.Tensor | None = None, base: float = 10000.0
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    """Rotary positions: Q (..., D, N_q), K (..., D, N_k) -> (Q', K') of the same shapes.

    In column n, rows i and i + D/2 turn by the angle p_n * base^(-2i/D); positions default to 0 .. N - 1, or are
    integer tensors (N_q,) and (N_k,). Then K'ᵀQ' depends on the positions only through p_q - p_k.
    """
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D (rows pair up); got shape {tuple(X.shape)}")
    ### BEGIN SOLUTION  (todo: rotate both: rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base))
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
    ### END SOLUTION
