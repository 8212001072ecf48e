"""Token embeddings X = Ω_e T and positional encodings, in the column convention.

T is the one-hot matrix (V, N) of a token sequence: column n is the unit vector of token n. Multiplying by the
embedding matrix Ω_e (D, V) picks out column ``ids[n]`` of Ω_e, so ``embed`` is an index lookup.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape


def _check_ids(token_ids: torch.Tensor, vocab_size: int) -> None:
    if not isinstance(token_ids, torch.Tensor) or token_ids.dtype.is_floating_point or token_ids.dtype == torch.bool:
        raise ValueError("token_ids: expected an integer tensor of shape (..., N)")
    if token_ids.numel() and (token_ids.min() < 0 or token_ids.max() >= vocab_size):
        raise ValueError(f"token_ids: every id must lie in [0, {vocab_size}), got min {int(token_ids.min())} "
                         f"and max {int(token_ids.max())}")


def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    """(..., N) integer ids -> (..., V, N) one-hot columns, in ``dtype`` (default: torch's default float dtype)."""
    check_positive_int("vocab_size", vocab_size)
    _check_ids(token_ids, vocab_size)
    columns = torch.nn.functional.one_hot(token_ids.long(), vocab_size).movedim(-1, -2)  # (..., V, N)
    return columns.to(dtype or torch.get_default_dtype())


def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    """Ω_e (D, V), ids (..., N) -> X (..., D, N): column n is Ω_e[:, ids[n]] (equals ``omega_e @ one_hot(ids)``)."""
    check_shape("omega_e", omega_e, ("D", "V"), {}, batched=False)
    _check_ids(token_ids, omega_e.shape[1])
    return omega_e[:, token_ids.long()].movedim(0, -2)  # (D, ..., N) -> (..., D, N)


def sinusoidal_positions(num_positions: int, dim: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    """Π (D, N): Π[2i, n] = sin(n / 10000^(2i/D)), Π[2i+1, n] = cos(n / 10000^(2i/D)); odd D ends with a sine row.

    Computed in float64 and then cast, so float32 results are correctly rounded.
    """
    check_positive_int("num_positions", num_positions, minimum=0)
    check_positive_int("dim", dim)
    n = torch.arange(num_positions, dtype=torch.float64)
    even_rows = torch.arange(0, dim, 2, dtype=torch.float64)          # the 2i of each sin/cos pair
    angles = n[None, :] / 10000.0 ** (even_rows[:, None] / dim)      # (ceil(D/2), N)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table.to(dtype or torch.get_default_dtype())


def learned_positions(table: torch.Tensor, num_positions: int) -> torch.Tensor:
    """The first ``num_positions`` columns of a learned position table (D, N_max) -> (D, N)."""
    check_shape("table", table, ("D", "N_max"), {}, batched=False)
    if not 0 <= num_positions <= table.shape[1]:
        raise ValueError(f"num_positions: the table holds {table.shape[1]} positions, asked for {num_positions}")
    return table[:, :num_positions]
