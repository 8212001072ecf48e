"""``one_hot`` (..., V, N), ``embed`` (..., D, N) and ``sinusoidal_positions`` (D, N)."""
import math

import torch

from grader.catalogue import alternative, wrong
from solutions.embeddings import check_token_ids, one_hot


@wrong("one_hot", """
    Your one-hot matrix has one ROW per token, shape (..., N, V), as torch.nn.functional.one_hot returns it. In the
    column convention each token is a COLUMN: the result must be (..., V, N). Move the new axis: .movedim(-1, -2).""")
def one_hot_tokens_as_rows(token_ids, vocab_size, dtype=None):
    return torch.nn.functional.one_hot(token_ids, vocab_size).to(dtype or torch.get_default_dtype())


@wrong("one_hot", """
    Your one-hot matrix is an integer (long) tensor, as torch.nn.functional.one_hot returns it. It is meant to be
    multiplied with float weights, so return the default float dtype (or the requested dtype): .to(dtype or
    torch.get_default_dtype()).""")
def one_hot_integer_dtype(token_ids, vocab_size, dtype=None):
    return torch.nn.functional.one_hot(token_ids, vocab_size).movedim(-1, -2)


@wrong("one_hot", """
    Your one_hot ignores its dtype argument: it always returns the default float dtype. one_hot(ids, V,
    dtype=torch.float64) must be float64 (embed and the later exercises multiply it with weights of that dtype, and
    mixing float32 with float64 is an error). Return matches.to(dtype or torch.get_default_dtype()).""")
def one_hot_ignores_dtype(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    return (token_ids.unsqueeze(-2) == torch.arange(vocab_size)[:, None]).to(torch.get_default_dtype())


@wrong("embed", """
    Your embeddings have one ROW per token, shape (..., N, D): you indexed the rows of Ω_eᵀ. In the column convention
    X = Ω_e T has one COLUMN per token: column n is Ω_e[:, ids[n]], shape (..., D, N).""")
def embed_tokens_as_rows(omega_e, token_ids):
    return omega_e.T[token_ids]


@wrong("sinusoidal_positions", """
    You put all the sines in the first half of the rows and all the cosines in the second half. The lecture's
    encoding interleaves them: row 2i is sin(n / 10000^(2i/D)) and row 2i+1 is cos of the SAME angle.""")
def sines_then_cosines(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = n[None, :] / 10000.0 ** (pairs[:, None] / dim)
    table = torch.cat([torch.sin(angles), torch.cos(angles[: dim // 2])])
    return table.to(torch.get_default_dtype())


@wrong("sinusoidal_positions", """
    Your frequencies use the row index k in the exponent (10000^(k/D)) for every row. A sine row 2i and the cosine row
    2i+1 after it share ONE frequency, 1 / 10000^(2i/D): use the even index 2i for both.""")
def exponent_uses_row_index(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    rows = torch.arange(dim, dtype=torch.float64)
    angles = n[None, :] / 10000.0 ** (rows[:, None] / dim)
    table = torch.where(rows[:, None] % 2 == 0, torch.sin(angles), torch.cos(angles))
    return table.to(torch.get_default_dtype())


@wrong("sinusoidal_positions", """
    Your table is (N, D), one row per position. In the column convention positions are columns, like tokens:
    Π has shape (D, N) so that it can be added to X (D, N).""")
def positions_as_rows(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = n[:, None] / 10000.0 ** (pairs[None, :] / dim)
    table = torch.empty(num_positions, dim, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angles)
    table[:, 1::2] = torch.cos(angles[:, : dim // 2])
    return table.to(torch.get_default_dtype())


@alternative("one_hot", "Columns of an identity matrix, picked by the ids.")
def identity_columns(token_ids, vocab_size, dtype=None):
    if token_ids.numel() and (token_ids.min() < 0 or token_ids.max() >= vocab_size):
        raise ValueError(f"token_ids: ids must lie in [0, {vocab_size})")
    eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())
    return eye[:, token_ids].movedim(0, -2)


@alternative("one_hot", "Comparison of a column of ids with a column of vocabulary indices (broadcasting).")
def broadcast_comparison(token_ids, vocab_size, dtype=None):
    if token_ids.numel() and (token_ids.min() < 0 or token_ids.max() >= vocab_size):
        raise ValueError(f"token_ids: ids must lie in [0, {vocab_size})")
    vocab = torch.arange(vocab_size)[:, None]                     # (V, 1)
    return (token_ids[..., None, :] == vocab).to(dtype or torch.get_default_dtype())


@alternative("embed", "The definition X = Ω_e T, with T the one-hot matrix.")
def matmul_with_one_hot(omega_e, token_ids):
    T = one_hot(token_ids, omega_e.shape[1], dtype=omega_e.dtype)
    return omega_e @ T


@alternative("embed", "Look up the column of Ω_e of each token, one sequence at a time, and stack.")
def column_lookup_loop(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    rows = token_ids.reshape(-1, token_ids.shape[-1])                                   # (B, N)
    sequences = [torch.stack([omega_e[:, int(t)] for t in ids], dim=-1) for ids in rows]   # B × (D, N)
    return torch.stack(sequences).reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])


@alternative("sinusoidal_positions", "Two plain Python loops with math.sin and math.cos.")
def python_loops(num_positions, dim):
    table = torch.zeros(dim, num_positions, dtype=torch.float64)
    for k in range(dim):
        frequency = 1.0 / 10000.0 ** ((k - k % 2) / dim)
        for n in range(num_positions):
            table[k, n] = math.sin(n * frequency) if k % 2 == 0 else math.cos(n * frequency)
    return table.to(torch.get_default_dtype())


@alternative("sinusoidal_positions", "exp/log form of the frequencies, computed in float32.")
def exp_log_frequencies(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float32)
    pairs = torch.arange(0, dim, 2, dtype=torch.float32)
    frequencies = torch.exp(-math.log(10000.0) * pairs / dim)
    angles = frequencies[:, None] * n[None, :]
    table = torch.zeros(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table


@alternative("one_hot", "torch.nn.functional.one_hot, its new last axis moved next to N, cast to the asked dtype.")
def functional_one_hot_moved(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    rows = torch.nn.functional.one_hot(token_ids, vocab_size)                 # (..., N, V)
    return rows.movedim(-1, -2).to(dtype or torch.get_default_dtype())


@alternative("embed", "Rows of Ω_eᵀ picked by the ids (the row layout's lookup), then the last two axes swapped.")
def rows_of_transpose_swapped(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e.T[token_ids].transpose(-2, -1)


@alternative("embed", "index_select on the flattened ids, reshaped back with the feature axis next to N.")
def index_select_flattened(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    columns = omega_e.index_select(1, token_ids.reshape(-1))                    # (D, B·N)
    return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)


@alternative("sinusoidal_positions", "sin and cos stacked pairwise and interleaved by a reshape; odd D drops the last "
             "cosine row.")
def interleaved_by_stacking(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = pairs.div(dim).mul(-math.log(10000.0)).exp()[:, None] * n[None, :]    # (ceil(D/2), N)
    table = torch.stack([angles.sin(), angles.cos()], dim=1).reshape(-1, num_positions)[:dim]
    return table.to(torch.get_default_dtype())


@wrong("embed", """
    Your embedding works for one sequence but not for a batch: omega_e[:, ids] with ids (B, N) has shape (D, B, N), the
    feature axis first. Move it next to the tokens: omega_e[:, ids].movedim(0, -2) gives (B, D, N).""")
def embed_batch_axis_not_moved(omega_e, token_ids):
    return omega_e[:, token_ids]


@wrong("embed", """
    You multiplied the embeddings by sqrt(D), as the Annotated Transformer's Embeddings module does before adding
    positions. That scale is a choice of that model, not part of an embedding lookup: embed returns Ω_e's columns as
    they are (X = Ω_e T).""")
def embed_scaled_by_sqrt_width(omega_e, token_ids):
    return omega_e[:, token_ids].movedim(0, -2) * math.sqrt(omega_e.shape[0])


@wrong("one_hot", """
    Your one-hot matrix is a bool tensor (the comparison ids == arange(V) itself). It must be numbers, to be multiplied
    with weights: cast the comparison, .to(dtype or torch.get_default_dtype()).""")
def one_hot_bool(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    return token_ids.unsqueeze(-2) == torch.arange(vocab_size)[:, None]


@wrong("sinusoidal_positions", """
    Your rows start with the cosine: row 2i is cos and row 2i+1 is sin. The encoding puts the sine first: row 2i is
    sin(n / 10000^(2i/D)) and row 2i+1 the cosine of the same angle (an odd D ends with a sine row).""")
def cosine_rows_first(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = n[None, :] / 10000.0 ** (pairs[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.cos(angles)
    table[1::2] = torch.sin(angles[: dim // 2])
    return table.to(torch.get_default_dtype())


@wrong("sinusoidal_positions", """
    Your exponent uses the pair index i (10000^(i/D)) where the formula has 2i (10000^(2i/D)). The frequencies then
    fall only to 1/100 instead of 1/10000 across the rows. Use the even row index 2i: torch.arange(0, D, 2) / D.""")
def exponent_uses_pair_index(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange((dim + 1) // 2, dtype=torch.float64)
    angles = n[None, :] / 10000.0 ** (pairs[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table.to(torch.get_default_dtype())


@wrong("sinusoidal_positions", """
    You multiplied the position by 10000^(2i/D) instead of dividing: the angles grow with the row instead of slowing
    down, so the high rows oscillate wildly. The angle is n / 10000^(2i/D) = n · exp(-(2i/D) · ln 10000).""")
def frequency_multiplied(num_positions, dim):
    n = torch.arange(num_positions, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = n[None, :] * 10000.0 ** (pairs[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table.to(torch.get_default_dtype())


@wrong("sinusoidal_positions", """
    Your positions start at 1. The first token is position 0: column 0 is sin(0) = 0 on the sine rows and cos(0) = 1 on
    the cosine rows. Use torch.arange(N), not torch.arange(1, N + 1).""")
def positions_start_at_one(num_positions, dim):
    n = torch.arange(1, num_positions + 1, dtype=torch.float64)
    pairs = torch.arange(0, dim, 2, dtype=torch.float64)
    angles = n[None, :] / 10000.0 ** (pairs[:, None] / dim)
    table = torch.empty(dim, num_positions, dtype=torch.float64)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table.to(torch.get_default_dtype())
