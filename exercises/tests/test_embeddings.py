"""Visible checks: one-hot columns, embedding lookup and sinusoidal positions, on cases written out by hand."""
import math

import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

# float32 tables of O(1) values: a correct answer is within a few float32 ulps (1.2e-7 each).
FLOAT32_ATOL = 1e-6


def test_one_hot_columns(exercise):
    """Column n of one_hot([2, 0, 1], 3) has its 1 in row ids[n]: tokens are columns."""
    T = exercise.one_hot(torch.tensor([2, 0, 1]), 3)
    expected = [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
    assert_close(T, expected, 0, "one_hot([2, 0, 1], 3)", names=("V", "N"))
    assert T.dtype == torch.get_default_dtype(), f"one_hot should default to {torch.get_default_dtype()}, got {T.dtype}"


def test_one_hot_batch_and_dtype(exercise):
    """ids (B, N) give (B, V, N); the dtype argument is honoured."""
    T = exercise.one_hot(torch.tensor([[0, 1, 1, 4], [3, 3, 2, 0]]), 5, dtype=torch.float64)
    assert_shape(T, (2, 5, 4), "one_hot of ids (2, 4) with V=5", names=("B", "V", "N"))
    assert T.dtype == torch.float64, f"dtype=torch.float64 was asked for, got {T.dtype}"
    assert_close(T.sum(dim=-2), torch.ones(2, 4), 0, "each column's sum (exactly one 1 per token)")
    assert T[1, 3, 0] == 1 and T[1, 2, 2] == 1 and T[0, 4, 3] == 1, "T[b, v, n] should be 1 where ids[b, n] == v"


def test_one_hot_rejects_ids_outside_the_vocabulary(exercise):
    """Ids must lie in [0, V): ValueError otherwise."""
    assert_shape(exercise.one_hot(torch.tensor([0, 2]), 3), (3, 2), "one_hot([0, 2], 3)")
    for bad in ([0, 3], [-1, 0]):
        with pytest.raises(ValueError):
            exercise.one_hot(torch.tensor(bad), 3)


def test_embed_picks_columns(exercise):
    """X = Omega_e T: column n of X is column ids[n] of Omega_e."""
    omega_e = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])  # D=2, V=3
    X = exercise.embed(omega_e, torch.tensor([2, 2, 0]))
    assert_close(X, [[3.0, 3.0, 1.0], [6.0, 6.0, 4.0]], 0, "embed(omega_e, [2, 2, 0])", names=("D", "N"))


def test_embed_batch_and_dtype(exercise):
    """ids (B, N) give (B, D, N), each batch entry embedded on its own, in omega_e's dtype."""
    omega_e = torch.arange(12, dtype=torch.float64).reshape(3, 4)  # D=3, V=4
    ids = torch.tensor([[3, 0], [1, 1]])
    X = exercise.embed(omega_e, ids)
    assert_shape(X, (2, 3, 2), "embed of ids (2, 2) with D=3", names=("B", "D", "N"))
    assert X.dtype == torch.float64, f"embed should keep omega_e's dtype float64, got {X.dtype}"
    assert_close(X[0], [[3.0, 0.0], [7.0, 4.0], [11.0, 8.0]], 0, "embed(...)[0], the columns 3 and 0")
    assert_close(X[1], [[1.0, 1.0], [5.0, 5.0], [9.0, 9.0]], 0, "embed(...)[1], the columns 1 and 1")


def test_sinusoidal_small_table(exercise):
    """D=4, N=3: rows sin(n), cos(n), sin(n/100), cos(n/100) since 10000^(2/4) = 100."""
    P = exercise.sinusoidal_positions(3, 4)
    expected = [
        [math.sin(n) for n in range(3)],
        [math.cos(n) for n in range(3)],
        [math.sin(n / 100) for n in range(3)],
        [math.cos(n / 100) for n in range(3)],
    ]
    assert_close(P, expected, FLOAT32_ATOL, "sinusoidal_positions(3, 4)", names=("D", "N"))


def test_sinusoidal_odd_dimension_ends_with_a_sine(exercise):
    """D=5: row 4 is sin(n / 10000^(4/5)), with no cosine partner."""
    P = exercise.sinusoidal_positions(6, 5)
    assert_shape(P, (5, 6), "sinusoidal_positions(6, 5)", names=("D", "N"))
    assert_close(P[4], [math.sin(n / 10000 ** (4 / 5)) for n in range(6)], FLOAT32_ATOL, "the last row (a sine)")


def test_sinusoidal_long_sequence(exercise):
    """N=2048: still the formula, up to float32 rounding of angles as large as 2047."""
    num_positions, dim = 2048, 8
    P = exercise.sinusoidal_positions(num_positions, dim)
    n = torch.arange(num_positions, dtype=torch.float64)
    angles = n / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float64)[:, None] / dim)
    expected = torch.stack([torch.sin(angles), torch.cos(angles)], dim=1).reshape(dim, num_positions)
    # Angles near 2047 are float32 numbers spaced 1.2e-4 apart, and the divisor's relative rounding (6e-8) grows to
    # another 1.2e-4 there: a correct float32 table drifts by about 2e-4. A wrong formula is off by O(1).
    assert_close(P.double(), expected, 5e-4, "sinusoidal_positions(2048, 8)", names=("D", "N"))
