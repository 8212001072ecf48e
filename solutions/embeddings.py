"""Model answer: token embeddings and sinusoidal positions.

Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch


def check_token_ids(token_ids: torch.Tensor, vocab_size: int) -> None:
    """Raise ValueError unless every id in `token_ids` (..., N) lies in [0, vocab_size) (given, not an exercise)."""
    if token_ids.numel() and (int(token_ids.min()) < 0 or int(token_ids.max()) >= vocab_size):
        raise ValueError(
            f"token_ids must lie in [0, {vocab_size}) for a vocabulary of size {vocab_size}; "
            f"got values from {int(token_ids.min())} to {int(token_ids.max())}"
        )


def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    """One-hot columns: token_ids (..., N) -> T (..., V, N) with T[..., v, n] = 1 where token_ids[..., n] == v.

    The result has the default float dtype unless `dtype` (a floating-point dtype) is given. ValueError for ids outside [0, V).
    """
    check_token_ids(token_ids, vocab_size)
    ### BEGIN SOLUTION  (todo: compare token_ids (..., 1, N) with torch.arange(V) as a (V, 1) column)
    vocabulary = torch.arange(vocab_size, device=token_ids.device)
    matches = token_ids.unsqueeze(-2) == vocabulary[:, None]  # (..., 1, N) vs (V, 1) -> (..., V, N)
    return matches.to(dtype or torch.get_default_dtype())
    ### END SOLUTION


def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    """Look up embeddings: omega_e (D, V), token_ids (..., N) -> X (..., D, N), equal to omega_e @ one_hot(ids, V).

    The result keeps omega_e's dtype. ValueError for ids outside [0, V).
    """
    check_token_ids(token_ids, omega_e.shape[-1])
    ### BEGIN SOLUTION  (todo: index the columns of omega_e with token_ids, then move the D axis next to N)
    columns = omega_e[:, token_ids]  # (D, ..., N): column n is the embedding of token_ids[..., n]
    return columns.movedim(0, -2)
    ### END SOLUTION


def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    """Sinusoidal position table P (D, N) in the default float dtype.

    P[2i, n] = sin(n / 10000^(2i/D)) and P[2i+1, n] = cos(n / 10000^(2i/D)); an odd D ends with a sine row.
    """
    ### BEGIN SOLUTION  (todo: angles[i, n] = n / 10000^(2i/D); sines go to the even rows, cosines to the odd rows)
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())  # the values 2i, one per row pair
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)  # (ceil(D/2), N)

    table = torch.empty(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])  # an odd D has one sine row more than cosine rows
    return table
    ### END SOLUTION
