# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/embeddings.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 2 · Token embeddings and sinusoidal positions

Difficulty: ★☆☆ · Time: about 30 minutes

What
    Turn token ids into the matrix X that every later exercise works on. Each token id becomes a one-hot column of
    T (V x N); multiplying by the embedding matrix Omega_e (D x V) picks out that token's column: X = Omega_e T is
    (D x N), one column per token. Then add position information, because attention by itself cannot tell the
    first token from the last.

Why
    The one-hot product is the definition you can reason about; in code you never build T, you just index the
    columns of Omega_e. Both must agree exactly.

Formula
    one_hot:    T[v, n] = 1 if token_ids[n] == v else 0
    embed:      X = Omega_e @ T            (the same as Omega_e[:, token_ids])
    positions:  P[2i, n]   = sin(n / 10000^(2i / D))
                P[2i+1, n] = cos(n / 10000^(2i / D))     (an odd D ends with a sine row)
    Each pair of rows is a clock hand turning at its own speed; fast hands tell near positions apart, slow hands
    far ones.

Shapes
    token_ids (..., N) integers in [0, V)  ->  one_hot (..., V, N)  ->  embed (..., D, N)
    sinusoidal_positions(N, D) -> (D, N): one column per position, like a sequence of N tokens.

The classic trap
    Building (N, V) or (N, D) because that is what PyTorch's nn.Embedding returns. In this course tokens are
    *columns*: transpose your picture, not the data. Second trap: in the positions, i counts row *pairs*, so row 2i
    and row 2i + 1 share the frequency 1 / 10000^(2i / D).

Hints (one at a time)
    1. one_hot: compare token_ids with torch.arange(V) using broadcasting -- ids as (..., 1, N), vocabulary as (V, 1).
    2. embed: omega_e[:, token_ids] has shape (D, ..., N); `movedim(0, -2)` puts D where it belongs.
    3. positions: build the angles as a (ceil(D/2), N) table, then fill P[0::2] with sin and P[1::2] with cos of
       the first D // 2 rows.
"""
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

    The result has the default float dtype unless `dtype` is given. ValueError for ids outside [0, V).
    """
    check_token_ids(token_ids, vocab_size)
    raise NotImplementedError('one_hot: compare token_ids (..., 1, N) with torch.arange(V) as a (V, 1) column')


def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    """Look up embeddings: omega_e (D, V), token_ids (..., N) -> X (..., D, N), equal to omega_e @ one_hot(ids, V).

    The result keeps omega_e's dtype. ValueError for ids outside [0, V).
    """
    check_token_ids(token_ids, omega_e.shape[-1])
    raise NotImplementedError('embed: index the columns of omega_e with token_ids, then move the D axis next to N')


def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    """Sinusoidal position table P (D, N) in the default float dtype.

    P[2i, n] = sin(n / 10000^(2i/D)) and P[2i+1, n] = cos(n / 10000^(2i/D)); an odd D ends with a sine row.
    """
    raise NotImplementedError('sinusoidal_positions: angles[i, n] = n / 10000^(2i/D); sines go to the even rows, cosines to the odd rows')
