"""Hidden checks of exercise 4: boolean masks in the (N_k, N_q) layout (True = visible) and ``apply_mask``.

Tolerance: none. Masks are booleans, and ``apply_mask`` only copies scores or writes -inf, so every result must equal
the reference exactly (dtype included).
"""
import pytest
import torch

from grader.suites.judge import EXACT, Judge, generator, randn


@pytest.mark.points(1)
def test_causal_mask(learner):
    """causal_mask(n)[j, i] is True iff key j <= query i, for n = 1, 2, 5, 9 (a bool tensor)."""
    with Judge(learner, "masking") as judge:
        for n in (1, 2, 5, 9):
            judge.expect("causal_mask", n, tol=EXACT)


@pytest.mark.points(1)
def test_padding_mask(learner):
    """padding_mask(lengths, n) is (B, n, 1), key j visible iff j < lengths[b]; lengths include 0 and n."""
    gen = generator(401)
    with Judge(learner, "masking") as judge:
        judge.expect("padding_mask", torch.tensor([3, 0, 6, 1]), 6, tol=EXACT)
        judge.expect("padding_mask", torch.tensor([1]), 1, tol=EXACT)
        judge.expect("padding_mask", torch.randint(0, 9, (5,), generator=gen), 8, tol=EXACT)


@pytest.mark.points(1)
def test_local_mask(learner):
    """local_mask(n, window) is True iff |i - j| <= window, including window 0 and a window wider than n."""
    with Judge(learner, "masking") as judge:
        for n, window in ((1, 0), (5, 0), (6, 1), (7, 2), (4, 5)):
            judge.expect("local_mask", n, window, tol=EXACT)


@pytest.mark.points(2)
def test_apply_mask(learner):
    """apply_mask writes -inf exactly where the mask is False and keeps every other score, with masks that
    broadcast: causal (N, N) over a batch, padding (B, N_k, 1) over queries, a full random mask; float32 and
    float64."""
    gen = generator(402)
    with Judge(learner, "masking") as judge:
        causal = torch.ones(5, 5, dtype=torch.bool).triu()
        judge.expect("apply_mask", randn(gen, 3, 5, 5), causal, tol=EXACT)
        padding = torch.arange(6)[None, :, None] < torch.tensor([2, 6, 4])[:, None, None]
        judge.expect("apply_mask", randn(gen, 3, 6, 4, dtype=torch.float64), padding, tol=EXACT)
        judge.expect("apply_mask", randn(gen, 4, 7), torch.rand(4, 7, generator=gen) < 0.5, tol=EXACT)


@pytest.mark.points(1)
def test_masked_softmax_hides_keys(learner):
    """Masked scores followed by a column softmax give hidden keys weight exactly 0 (the softmax is the reference's:
    this judges only what apply_mask produced)."""
    from reference.softmax import softmax_cols

    gen = generator(403)
    with Judge(learner, "masking") as judge:
        mask = torch.rand(6, 5, generator=gen) < 0.6
        mask[0] = True                                            # every query sees key 0
        masked = judge.call("apply_mask", randn(gen, 6, 5, scale=2.0), mask)
        if judge.last_has_expected_form():
            weights = softmax_cols(masked.double())
            judge.require(bool((weights[~mask] == 0).all()),
                          "after your apply_mask a softmax still gives hidden keys a positive weight: hidden scores "
                          "must be -inf")
