"""Visible checks: sampling: temperature, top-k, top-p, generation, sequence log-probability and beam search.

The models are tiny bigram tables whose answers can be worked out by hand: a model maps ids (N,) to logits (V, N),
and column n scores the token after ids[n].
"""
import math

import torch

from exercises.tests.checks import assert_close, assert_shape

# float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
ATOL = 1e-12


def logits_of(probabilities: list[float]) -> torch.Tensor:
    return torch.tensor(probabilities, dtype=torch.float64).log()


class Bigram:
    """A model whose next-token distribution depends on the last token only: table[next, previous]."""

    def __init__(self, table: list[list[float]]):
        self.logits = torch.tensor(table, dtype=torch.float64).log()
        self.calls = 0

    def __call__(self, ids: torch.Tensor) -> torch.Tensor:
        self.calls += 1
        return self.logits[:, ids]  # (V, N)


# Tokens: 0 start, 1 "A", 2 "B", 3 eos. Column = previous token, row = next token.
BEAM_MODEL = [
    [0.05, 0.1, 0.05, 0.25],
    [0.5, 0.3, 0.05, 0.25],
    [0.4, 0.3, 0.1, 0.25],
    [0.05, 0.3, 0.8, 0.25],
]
CYCLE = [[0.1, 0.1, 0.1, 0.7], [0.7, 0.1, 0.1, 0.1], [0.1, 0.7, 0.1, 0.1], [0.1, 0.1, 0.7, 0.1]]  # 0->1->2->3->0


def test_plain_softmax(exercise):
    """Logits [0, ln 3] give [1/4, 3/4]."""
    assert_close(exercise.next_token_probs(logits_of([1, 3])), [0.25, 0.75], ATOL, "next_token_probs([0, ln 3])")


def test_temperature_divides(exercise):
    """Temperature 2 halves the logits: [0, 2 ln 3] -> [1/4, 3/4] (multiplying gives [1/82, 81/82])."""
    probs = exercise.next_token_probs(logits_of([1, 9]), temperature=2.0)
    assert_close(probs, [0.25, 0.75], ATOL, "next_token_probs(logits, temperature=2)")


def test_temperature_zero_is_greedy_with_ties_to_the_lowest_id(exercise):
    """Temperature 0 puts all probability on the arg-max; ids 1 and 2 tie, so id 1."""
    probs = exercise.next_token_probs(torch.tensor([1.0, 3.0, 3.0, 0.0]), temperature=0)
    assert_close(probs, [0.0, 1.0, 0.0, 0.0], 0, "next_token_probs(logits, temperature=0)")


def test_top_k(exercise):
    """Probabilities [.1, .4, .2, .3], top_k=2: keep ids 1 and 3 -> [0, 4/7, 0, 3/7]."""
    probs = exercise.next_token_probs(logits_of([0.1, 0.4, 0.2, 0.3]), top_k=2)
    assert_close(probs, [0.0, 4 / 7, 0.0, 3 / 7], ATOL, "next_token_probs(..., top_k=2) (ids, not positions)")


def test_top_k_ties_go_to_lower_ids(exercise):
    """Ids 1, 2, 3 tie; top_k=2 keeps ids 1 and 2."""
    probs = exercise.next_token_probs(torch.tensor([1.0, 2.0, 2.0, 2.0], dtype=torch.float64), top_k=2)
    assert_close(probs, [0.0, 0.5, 0.5, 0.0], ATOL, "next_token_probs(..., top_k=2) with ties")


def test_top_p_keeps_the_crossing_token(exercise):
    """[.5, .3, .2], top_p=0.7: 0.5 < 0.7, so 0.3 (the crossing token) is kept -> [5/8, 3/8, 0]."""
    probs = exercise.next_token_probs(logits_of([0.5, 0.3, 0.2]), top_p=0.7)
    assert_close(probs, [0.625, 0.375, 0.0], ATOL, "next_token_probs(..., top_p=0.7)")


def test_top_p_ties_go_to_lower_ids(exercise):
    """[.4, .3, .3], top_p=0.6: keep 0.4 and the first 0.3 (id 1) -> [4/7, 3/7, 0]."""
    probs = exercise.next_token_probs(logits_of([0.4, 0.3, 0.3]), top_p=0.6)
    assert_close(probs, [4 / 7, 3 / 7, 0.0], ATOL, "next_token_probs(..., top_p=0.6) with a tie")


def test_top_p_runs_on_the_renormalised_top_k(exercise):
    """[.1, .4, .2, .3], top_k=3 renormalises to [0, 4/9, 2/9, 3/9]; 4/9 >= 0.42, so top_p keeps id 1 alone."""
    probs = exercise.next_token_probs(logits_of([0.1, 0.4, 0.2, 0.3]), top_k=3, top_p=0.42)
    assert_close(probs, [0.0, 1.0, 0.0, 0.0], ATOL, "next_token_probs(..., top_k=3, top_p=0.42)")


def test_greedy_generation_and_eos(exercise):
    """Greedy on the cycle 0 -> 1 -> 2 -> 3 -> 0; with eos_id=3 generation stops right after emitting 3."""
    model = Bigram(CYCLE)
    ids = exercise.generate(model, torch.tensor([0]), 5, temperature=0)
    assert ids.tolist() == [0, 1, 2, 3, 0, 1], f"greedy generation gave {ids.tolist()}"
    assert ids.dtype == torch.long, f"generated ids should be torch.long, got {ids.dtype}"
    ids = exercise.generate(model, torch.tensor([0]), 5, temperature=0, eos_id=3)
    assert ids.tolist() == [0, 1, 2, 3], f"with eos_id=3 generation should stop after the 3, got {ids.tolist()}"


def test_context_size_crops_the_input(exercise):
    """A model that predicts its input length: with context_size=2 it never sees more than 2 tokens."""

    def length_model(ids: torch.Tensor) -> torch.Tensor:
        logits = torch.zeros(5, len(ids))
        logits[len(ids) % 5, -1] = 10.0
        return logits

    full = exercise.generate(length_model, torch.tensor([0]), 3, temperature=0)
    assert full.tolist() == [0, 1, 2, 3], f"without context_size the model sees 1, 2, 3 tokens; got {full.tolist()}"
    cropped = exercise.generate(length_model, torch.tensor([0]), 3, temperature=0, context_size=2)
    assert cropped.tolist() == [0, 1, 2, 2], f"with context_size=2 the model sees 1, 2, 2 tokens, got {cropped}"


def test_sampling_is_seeded_and_respects_top_k(exercise):
    """Same generator seed, same tokens; with top_k=2 on the cycle table every step picks one of the two best."""
    model = Bigram(CYCLE)
    first = exercise.generate(model, torch.tensor([0]), 20, top_k=2, generator=torch.Generator().manual_seed(7))
    again = exercise.generate(model, torch.tensor([0]), 20, top_k=2, generator=torch.Generator().manual_seed(7))
    assert_shape(first, (21,), "generate(prompt (1,), 20 new tokens)")
    assert first.tolist() == again.tolist(), "the same seed should give the same tokens: pass generator= to multinomial"
    for previous, token in zip(first.tolist(), first.tolist()[1:]):
        allowed = {(previous + 1) % 4, 1 if previous == 3 else 0}  # the 0.7 entry and the lowest-id 0.1
        assert token in allowed, f"after {previous}, top_k=2 allows only {sorted(allowed)}, got {token}"


def test_sequence_log_prob(exercise):
    """log p([0, 1, 1, 2]) = log .5 + log .3 + log .3, from one model call."""
    model = Bigram(BEAM_MODEL)
    log_prob = exercise.sequence_log_prob(model, torch.tensor([0, 1, 1, 2]))
    assert_close(log_prob, math.log(0.5 * 0.3 * 0.3), ATOL, "sequence_log_prob (column n-1 scores ids[n])")
    assert model.calls == 1, f"sequence_log_prob should call the model once, it called it {model.calls} times"


def test_beam_search_beats_greedy(exercise):
    """Width 1 is greedy: 0 A A (.5 x .3). Width 2 finds 0 B eos (.4 x .8 = .32)."""
    model = Bigram(BEAM_MODEL)
    greedy = exercise.beam_search(model, torch.tensor([0]), beam_width=1, max_new_tokens=2, eos_id=3)
    assert greedy.tolist() == [0, 1, 1], f"width 1: A (0.5), then a three-way tie at 0.3 -> lowest id; got {greedy}"
    best = exercise.beam_search(model, torch.tensor([0]), beam_width=2, max_new_tokens=2, eos_id=3)
    assert best.tolist() == [0, 2, 3], f"width 2 should find [0, 2, 3] with probability 0.32; got {best.tolist()}"


def test_finished_beams_are_not_extended(exercise):
    """With 3 steps, 0 B eos (.32) stays finished and still beats 0 A A A (.045)."""
    model = Bigram(BEAM_MODEL)
    best = exercise.beam_search(model, torch.tensor([0]), beam_width=2, max_new_tokens=3, eos_id=3)
    assert best.tolist() == [0, 2, 3], f"a beam ending in eos must not grow past it; got {best.tolist()}"
