"""Visible checks: T5's relative-position buckets (exact integers) and rotary embeddings (pairs i, i + D/2).

Buckets are compared exactly. Rotary results are float64 with angles below 10 radians: a correct answer agrees to
a few 1e-16, and ATOL leaves room for computing the angles or the rotation in another order.
"""
import math

import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

ATOL = 1e-12
F64 = torch.float64


def test_buckets_near_the_query(exercise):
    """32 buckets: offsets -3, -1, 0, 1, 3 (key - query) -> 3, 1, 0, 17, 19; keys after the query use the upper
    half (16 and up)."""
    buckets = exercise.relative_position_bucket(torch.tensor([-3, -1, 0, 1, 3]))
    assert isinstance(buckets, torch.Tensor) and buckets.dtype == torch.long, "buckets are a LongTensor"
    assert buckets.tolist() != [19, 17, 0, 1, 3], "the sign is flipped: the offset is key - query"
    assert buckets.tolist() == [3, 1, 0, 17, 19]


def test_buckets_far_away(exercise):
    """Distances from 8 on share logarithmic buckets: 8 -> 8, 16 -> 8 + ⌊log(2)/log(16)·8⌋ = 10, 128 and beyond are
    capped at the last bucket of their half (15, or 31 for keys after the query)."""
    buckets = exercise.relative_position_bucket(torch.tensor([[-8, 8, -16, 16], [-128, -1000, 1000, 0]]))
    assert_shape(buckets, (2, 4), "buckets of a (2, 4) tensor of offsets")
    assert buckets.tolist() == [[8, 24, 10, 26], [15, 15, 31, 0]]


def test_causal_buckets(exercise):
    """bidirectional=False: positive offsets (the future) count as 0; -20 -> 16 + ⌊log(20/16)/log(8)·16⌋ = 17."""
    buckets = exercise.relative_position_bucket(torch.tensor([5, -5, -15, -16, -20, -300]), bidirectional=False)
    assert buckets.tolist() == [0, 5, 15, 16, 17, 31]


def test_other_sizes(exercise):
    """8 buckets, max_distance 20, bidirectional: halves of 4, exact distances 0 and 1, then log buckets 2 and 3."""
    buckets = exercise.relative_position_bucket(torch.tensor([-1, -2, -9, -50, 2, 50]), num_buckets=8, max_distance=20)
    assert buckets.tolist() == [1, 2, 3, 3, 6, 7]


def test_rotary_two_dimensions(exercise):
    """D = 2 has one pair and θ_0 = 1: the query (1, 0) at position 2 turns by 2 radians; the key (0, 1) at the
    default position 0 stays."""
    Q, K = torch.tensor([[1.0], [0.0]], dtype=F64), torch.tensor([[0.0], [1.0]], dtype=F64)
    rotated_q, rotated_k = exercise.rotary_embedding(Q, K, positions_q=torch.tensor([2]))
    assert_close(rotated_q, [[math.cos(2)], [math.sin(2)]], ATOL, "Q' at position 2", names=("D", "N_q"))
    assert_close(rotated_k, [[0.0], [1.0]], ATOL, "K' at position 0", names=("D", "N_k"))


def test_rotary_pairs_rows_i_and_i_plus_half(exercise):
    """D = 4, base 100: θ = (1, 0.1). Rows 1 and 3 form the second pair: e_1 at position 5 turns by 0.5 into
    (0, cos 0.5, 0, sin 0.5). Pairing adjacent rows (0, 1), (2, 3) would move it into row 0 instead."""
    X = torch.zeros(4, 6, dtype=F64)
    X[1, 5] = 1.0                                                     # column 5 = position 5
    rotated, _ = exercise.rotary_embedding(X, X, base=100.0)
    assert_close(rotated[:, 5], [0.0, math.cos(0.5), 0.0, math.sin(0.5)], ATOL, "column 5 of Q'", names=("D",))


def test_rotary_scores_depend_on_offsets_only(exercise):
    """Shifting every query and key position by the same amount leaves every score K'ᵀQ' unchanged; so does the
    length of each column."""
    gen = torch.Generator().manual_seed(0)
    Q, K = torch.randn(2, 8, 5, generator=gen, dtype=F64), torch.randn(2, 8, 7, generator=gen, dtype=F64)
    pq, pk = torch.tensor([0, 3, 4, 9, 2]), torch.arange(7)
    rotated_q, rotated_k = exercise.rotary_embedding(Q, K, pq, pk)
    assert_shape(rotated_q, (2, 8, 5), "Q'", names=("B", "D", "N_q"))
    assert_shape(rotated_k, (2, 8, 7), "K'", names=("B", "D", "N_k"))
    shifted_q, shifted_k = exercise.rotary_embedding(Q, K, pq + 11, pk + 11)
    scores = rotated_k.transpose(-2, -1) @ rotated_q
    assert_close(shifted_k.transpose(-2, -1) @ shifted_q, scores, 1e-10, "scores after shifting all positions by 11",
                 names=("B", "N_k", "N_q"))
    assert_close(rotated_q.norm(dim=-2), Q.norm(dim=-2), ATOL, "column lengths of Q'", names=("B", "N_q"))


def test_rotary_needs_an_even_dimension(exercise):
    """Rows pair up, so an odd D is a ValueError (an even D works)."""
    assert exercise.rotary_embedding(torch.zeros(4, 3), torch.zeros(4, 3))[0].shape == (4, 3)
    with pytest.raises(ValueError):
        exercise.rotary_embedding(torch.zeros(3, 4), torch.zeros(3, 4))
