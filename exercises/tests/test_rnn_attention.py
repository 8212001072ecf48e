"""Visible checks: additive attention, the GRU step, one decoder step and attention over a feature grid.

Everything is float64 on numbers of size about 1, so a correct answer agrees to a few 1e-16; ATOL leaves room for
a different order of the same additions (tanh, exp and a few sums of length <= 12).
"""
import math

import torch

from exercises.tests.checks import assert_close, assert_shape

ATOL = 1e-12
F64 = torch.float64


def tensor(values) -> torch.Tensor:
    return torch.tensor(values, dtype=F64)


def zero_attention(d_a: int, d_s: int, d_h: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """W = 0 and U = 0: every score is vᵀ tanh(0) = 0, so the weights are uniform."""
    return torch.zeros(d_a, d_s, dtype=F64), torch.zeros(d_a, d_h, dtype=F64), torch.ones(d_a, dtype=F64)


def test_equal_scores_give_the_mean_state(exercise):
    """All scores equal: weights 1/N each, and the context is the average of the encoder states (columns of H)."""
    H = tensor([[1.0, 2.0, 6.0], [0.0, -3.0, 3.0]])              # D_h = 2, N = 3
    weights, context = exercise.additive_attention(tensor([0.5, -1.0]), H, *zero_attention(4, 2, 2))
    assert_shape(weights, (3,), "weights for s (2,) and H (2, 3)", names=("N",))
    assert_close(weights, [1 / 3, 1 / 3, 1 / 3], ATOL, "weights with all scores equal", names=("N",))
    assert_close(context, [3.0, 0.0], ATOL, "context = the mean of the columns of H", names=("D_h",))


def test_scores_zero_and_log_3(exercise):
    """U reads the first row of H, so the hidden layer is tanh([0, 1]); v = ln 3 / tanh(1) makes the scores
    [0, ln 3], the weights [1/4, 3/4] and the context 1/4 h_1 + 3/4 h_2."""
    H = tensor([[0.0, 1.0], [10.0, 20.0]])
    W, U, v = torch.zeros(1, 3, dtype=F64), tensor([[1.0, 0.0]]), tensor([math.log(3) / math.tanh(1)])
    weights, context = exercise.additive_attention(tensor([7.0, 8.0, 9.0]), H, W, U, v)
    assert_close(weights, [0.25, 0.75], ATOL, "weights", names=("N",))
    assert_close(context, [0.75, 17.5], ATOL, "context", names=("D_h",))


def test_mask_and_a_fully_hidden_state(exercise):
    """A batch of 2 decoder states over one H: the first sees positions 0 and 2 (weights 1/2 each), the second sees
    nothing and gets all-zero weights and context (not NaN)."""
    H = tensor([[2.0, 100.0, 4.0]])
    mask = torch.tensor([[True, False, True], [False, False, False]])
    weights, context = exercise.additive_attention(torch.zeros(2, 3, dtype=F64), H, *zero_attention(2, 3, 1), mask)
    assert_shape(weights, (2, 3), "weights for s (2, 3) (a batch of 2) and H (1, 3)", names=("B", "N"))
    assert_close(weights, [[0.5, 0.0, 0.5], [0.0, 0.0, 0.0]], ATOL, "masked weights", names=("B", "N"))
    assert_close(context, [[3.0], [0.0]], ATOL, "masked context", names=("B", "D_h"))


def test_weights_sum_to_one_over_positions(exercise):
    """Random weights and a batch of 3 sequences: each state's weights are positive and sum to 1 over N."""
    gen = torch.Generator().manual_seed(0)
    s, H = torch.randn(3, 4, generator=gen, dtype=F64), torch.randn(3, 5, 6, generator=gen, dtype=F64)
    W, U, v = (torch.randn(7, 4, generator=gen, dtype=F64), torch.randn(7, 5, generator=gen, dtype=F64),
               torch.randn(7, generator=gen, dtype=F64))
    weights, context = exercise.additive_attention(s, H, W, U, v)
    assert_shape(context, (3, 5), "context for s (3, 4) and H (3, 5, 6)", names=("B", "D_h"))
    assert (weights > 0).all(), "softmax weights are positive"
    assert_close(weights.sum(dim=-1), [1.0, 1.0, 1.0], ATOL, "the sum of each state's weights over N", names=("B",))


def gru_weights(gen, input_size, hidden) -> tuple[torch.Tensor, ...]:
    return (torch.randn(3 * hidden, input_size, generator=gen, dtype=F64),
            torch.randn(3 * hidden, hidden, generator=gen, dtype=F64),
            torch.randn(3 * hidden, generator=gen, dtype=F64), torch.randn(3 * hidden, generator=gen, dtype=F64))


def test_gru_step_by_hand(exercise):
    """All weights 0: r = σ(b_ir + b_hr) = 1/2, z = σ(0) = 1/2, n = tanh(b_in + r·b_hn) = tanh(ln 3) = 0.8, so
    h' = (1 - z) n + z h = 0.4 + h/2."""
    b_ih, b_hh = torch.zeros(3, dtype=F64), torch.zeros(3, dtype=F64)
    b_ih[2], b_hh[2] = math.log(3) / 2, math.log(3)            # b_in + (1/2) b_hn = ln 3
    h = exercise.gru_step(torch.ones(2, dtype=F64), tensor([1.0]), torch.zeros(3, 2, dtype=F64),
                          torch.zeros(3, 1, dtype=F64), b_ih, b_hh)
    assert_close(h, [0.9], ATOL, "gru_step with zero weights", names=("D",))


def test_gru_step_matches_torch_grucell(exercise):
    """gru_step uses nn.GRUCell's layout (gates reset, update, candidate), so it equals a GRUCell holding the same
    weights, for a batch of 4."""
    gen = torch.Generator().manual_seed(1)
    params = gru_weights(gen, 5, 3)
    cell = torch.nn.GRUCell(5, 3, dtype=F64)
    with torch.no_grad():
        for name, value in zip(("weight_ih", "weight_hh", "bias_ih", "bias_hh"), params):
            getattr(cell, name).copy_(value)
    x, h = torch.randn(4, 5, generator=gen, dtype=F64), torch.randn(4, 3, generator=gen, dtype=F64)
    with torch.no_grad():
        assert_close(exercise.gru_step(x, h, *params), cell(x, h), ATOL, "gru_step vs nn.GRUCell", names=("B", "D"))


def decoder_params(gen, d_s=3, d_h=4, d_a=5, embed=2, vocab=6) -> dict[str, torch.Tensor]:
    weight_ih, weight_hh, bias_ih, bias_hh = gru_weights(gen, embed + d_h, d_s)
    return {"W": torch.randn(d_a, d_s, generator=gen, dtype=F64), "U": torch.randn(d_a, d_h, generator=gen, dtype=F64),
            "v": torch.randn(d_a, generator=gen, dtype=F64), "weight_ih": weight_ih, "weight_hh": weight_hh,
            "bias_ih": bias_ih, "bias_hh": bias_hh, "W_out": torch.randn(vocab, d_s + d_h, generator=gen, dtype=F64),
            "b_out": torch.randn(vocab, generator=gen, dtype=F64)}


def test_decoder_step_order(exercise):
    """The step attends with the PREVIOUS state, feeds [y_prev; c] to the GRU and reads out W_out [s; c] + b_out
    (checked against your own additive_attention and gru_step)."""
    gen = torch.Generator().manual_seed(2)
    p = decoder_params(gen)
    s_prev, y_prev = torch.randn(3, generator=gen, dtype=F64), torch.randn(2, generator=gen, dtype=F64)
    H = torch.randn(4, 7, generator=gen, dtype=F64)
    s, logits, weights = exercise.attention_decoder_step(s_prev, y_prev, H, p)
    assert_shape(s, (3,), "the new state", names=("D_s",))
    assert_shape(logits, (6,), "the logits", names=("V",))
    expected_weights, context = exercise.additive_attention(s_prev, H, p["W"], p["U"], p["v"])
    assert_close(weights, expected_weights, ATOL, "weights: additive_attention(s_prev, H, ...)", names=("N",))
    expected_s = exercise.gru_step(torch.cat([y_prev, context]), s_prev, p["weight_ih"], p["weight_hh"],
                                   p["bias_ih"], p["bias_hh"])
    assert_close(s, expected_s, ATOL, "s = gru_step([y_prev; c], s_prev)", names=("D_s",))
    assert_close(logits, p["W_out"] @ torch.cat([s, context]) + p["b_out"], ATOL, "logits = W_out [s; c] + b_out",
                 names=("V",))


def test_decoder_step_batched_with_mask(exercise):
    """A batch of 2 with a padding mask: shapes (2, D_s), (2, V), (2, N), and no weight on hidden positions."""
    gen = torch.Generator().manual_seed(3)
    p = decoder_params(gen)
    mask = torch.tensor([[True, True, False, False], [True, True, True, True]])
    s, logits, weights = exercise.attention_decoder_step(torch.randn(2, 3, generator=gen, dtype=F64),
                                                         torch.randn(2, 2, generator=gen, dtype=F64),
                                                         torch.randn(2, 4, 4, generator=gen, dtype=F64), p, mask)
    assert_shape(s, (2, 3), "s", names=("B", "D_s"))
    assert_shape(logits, (2, 6), "logits", names=("B", "V"))
    assert_close(weights[0, 2:], [0.0, 0.0], 0, "weights of the padding positions", names=("N",))


def test_grid_attention_one_softmax_over_all_cells(exercise):
    """Equal scores on a 2 x 3 grid: every cell gets 1/6 (not 1/3 per row or 1/2 per column); the context is the
    mean feature vector."""
    features = torch.arange(12, dtype=F64).reshape(2, 2, 3)                # C = 2, H = 2, W = 3
    weights, context = exercise.grid_attention(tensor([1.0]), features, *zero_attention(3, 1, 2))
    assert_shape(weights, (2, 3), "weights over a 2 x 3 grid", names=("H", "W"))
    assert_close(weights, torch.full((2, 3), 1 / 6, dtype=F64), ATOL, "grid weights with equal scores",
                 names=("H", "W"))
    assert_close(context, [2.5, 8.5], ATOL, "grid context = the mean feature vector", names=("C",))


def test_grid_attention_batched(exercise):
    """A batch of 2 feature maps (C=4, H=3, W=5): weights (2, 3, 5) summing to 1 over each whole grid."""
    gen = torch.Generator().manual_seed(4)
    W, U, v = (torch.randn(6, 3, generator=gen, dtype=F64), torch.randn(6, 4, generator=gen, dtype=F64),
               torch.randn(6, generator=gen, dtype=F64))
    weights, context = exercise.grid_attention(torch.randn(2, 3, generator=gen, dtype=F64),
                                               torch.randn(2, 4, 3, 5, generator=gen, dtype=F64), W, U, v)
    assert_shape(weights, (2, 3, 5), "weights", names=("B", "H", "W"))
    assert_shape(context, (2, 4), "context", names=("B", "C"))
    assert_close(weights.sum(dim=(-2, -1)), [1.0, 1.0], ATOL, "each grid's total weight", names=("B",))
