"""Hidden checks: boolean masks in the (N_k, N_q) layout (True = visible) and ``apply_mask``.

Tolerance: none. Masks are booleans, and ``apply_mask`` only copies scores or writes -inf, so every result must equal
the reference exactly (dtype included); its gradient is the cotangent copied to the visible entries, exact too.

Sizes are random as well as hand-picked (n up to 40, windows from 0 to past n, lengths below, at and equal to n,
B == n), so a rule that only holds for small or square cases does not pass.
"""
from dataclasses import replace

import pytest
import torch

from grader.clauses import Case, Spec, clause_checks, random_mask
from grader.diagnose import Misconception
from grader.judge import EXACT, Judge, agree, generator, randn
from grader.sandbox import LearnerError

IN_PLACE = ("invariant_broken", ("Your function modifies its input tensor in place (masked_fill_, an indexed "
            "assignment, +=, ...). The caller's scores are then changed behind its back, and autograd refuses the "
            "in-place write on a tensor that requires grad. Work on a new tensor: scores.masked_fill(~mask, "
            "float(\"-inf\")) (no trailing underscore) or torch.where."))


def randint(gen: torch.Generator, low: int, high: int) -> int:
    """A random integer in [low, high]."""
    return int(torch.randint(low, high + 1, (), generator=gen))


@pytest.mark.grades("causal_mask")
def test_causal_mask(learner):
    """causal_mask(n)[j, i] is True iff key j <= query i, for n = 1, 2, 5, 9, 4 random n up to 40, n = 1100 (past
    the 1024-token buffer GPT-2's code cuts its mask from) and n = 2050 (past 2048, the last integer float16 holds
    exactly: positions kept in half precision compare neighbours as equal): a bool tensor; n = 0 gives a bool (0, 0)
    mask (the contract leaves n = 0 open: raising there is accepted)."""
    gen = generator(404)
    with Judge(learner, "masking") as judge:
        for n in (1, 2, 5, 9, *(randint(gen, 10, 40) for _ in range(4))):
            judge.expect("causal_mask", n, tol=EXACT)
        judge.expect_if_returns("causal_mask", 0, tol=EXACT)
        with judge.patience(4):                      # a correct double loop in Python takes seconds for 1100^2
            judge.expect("causal_mask", 1100, tol=EXACT)
            judge.expect("causal_mask", 2050, tol=EXACT)


@pytest.mark.grades("padding_mask")
def test_padding_mask(learner):
    """padding_mask(lengths, n) is (B, n, 1), key j visible iff j < lengths[b]; lengths include 0 and n, and
    random batches where every length is below n (n, not the longest length, sets the size) or B == n, n = 1100, and
    n = 3000 with lengths past 2048 (float16 holds whole numbers exactly only up to 2048);
    every length 0 and every length n; n = 0 and an empty batch give masks with no entries (the contract leaves these
    open: raising there is accepted)."""
    gen = generator(401)
    with Judge(learner, "masking") as judge:
        judge.expect("padding_mask", torch.zeros(3, dtype=torch.long), 5, tol=EXACT)
        judge.expect("padding_mask", torch.full((2,), 4), 4, tol=EXACT)
        judge.expect_if_returns("padding_mask", torch.zeros(2, dtype=torch.long), 0, tol=EXACT)
        judge.expect_if_returns("padding_mask", torch.zeros(0, dtype=torch.long), 3, tol=EXACT)
        judge.expect("padding_mask", torch.tensor([3, 0, 6, 1]), 6, tol=EXACT)
        judge.expect("padding_mask", torch.tensor([1]), 1, tol=EXACT)
        judge.expect("padding_mask", torch.randint(0, 9, (5,), generator=gen), 8, tol=EXACT)
        for _ in range(4):
            n = randint(gen, 2, 20)
            judge.expect("padding_mask", torch.randint(0, n, (randint(gen, 1, 6),), generator=gen), n, tol=EXACT)
        n = randint(gen, 3, 8)
        judge.expect("padding_mask", torch.randint(0, n + 1, (n,), generator=gen), n, tol=EXACT)
        judge.expect("padding_mask", torch.tensor([1100, 700]), 1100, tol=EXACT)      # longer than any fixed buffer
        judge.expect("padding_mask", torch.tensor([2049, 2999, 2051]), 3000, tol=EXACT)


@pytest.mark.grades("local_mask")
def test_local_mask(learner):
    """local_mask(n, window) is True iff |i - j| <= window, including window 0, n - 1 and wider than n, 5 random (n,
    window) up to n = 30, and n = 1100 and 2050 (past buffers of 1024 and 2048 tokens); n = 0 gives a bool (0, 0) mask
    (the contract leaves n = 0 open: raising there is accepted)."""
    gen = generator(405)
    with Judge(learner, "masking") as judge:
        judge.expect_if_returns("local_mask", 0, 2, tol=EXACT)
        for n, window in ((1, 0), (5, 0), (6, 1), (7, 2), (4, 5), (4, 3)):
            judge.expect("local_mask", n, window, tol=EXACT)
        for _ in range(5):
            n = randint(gen, 2, 30)
            judge.expect("local_mask", n, randint(gen, 0, n + 1), tol=EXACT)
        with judge.patience(4):                      # a correct double loop in Python takes seconds for 1100^2
            judge.expect("local_mask", 1100, 4, tol=EXACT)
            judge.expect("local_mask", 2050, 3, tol=EXACT)


@pytest.mark.grades("apply_mask", weight=2)
def test_apply_mask(learner):
    """apply_mask writes -inf exactly where the mask is False and keeps every other score, with masks that
    broadcast: causal (N, N) over a batch, padding (B, N_k, 1) over queries, a full random mask; float32 and
    float64; masks that show every key and masks that hide every key, over one and two batch axes; a mask (N_q,),
    one flag per query (lined up from the right, torch broadcasts a vector along the last axis), with N_k equal to
    N_q and not, and a 0-d mask; visible scores of exactly 0 (a zero query or key gives them) stay 0."""
    gen = generator(402)
    with Judge(learner, "masking") as judge:
        for visible in (True, False):
            judge.expect("apply_mask", randn(gen, 2, 4, 3), torch.full((4, 3), visible), tol=EXACT)
            judge.expect("apply_mask", randn(gen, 2, 2, 3, 5), torch.full((2, 1, 3, 1), visible), tol=EXACT)
        causal = torch.ones(5, 5, dtype=torch.bool).triu()
        judge.expect("apply_mask", randn(gen, 3, 5, 5), causal, tol=EXACT)
        padding = torch.arange(6)[None, :, None] < torch.tensor([2, 6, 4])[:, None, None]
        judge.expect("apply_mask", randn(gen, 3, 6, 4, dtype=torch.float64), padding, tol=EXACT)
        judge.expect("apply_mask", randn(gen, 4, 7), torch.rand(4, 7, generator=gen) < 0.5, tol=EXACT)
        zeros = randn(gen, 2, 6, 5).masked_fill(torch.rand(2, 6, 5, generator=gen) < 0.4, 0.0)   # a zero query or key
        judge.expect("apply_mask", zeros, torch.rand(6, 5, generator=gen) < 0.6, tol=EXACT)
        # masks with no key axis: lined up from the right, a vector's one axis is the queries', a 0-d mask is one flag
        for n_k in (3, 4):
            judge.expect("apply_mask", randn(gen, 2, n_k, 4), torch.tensor([True, False, True, False]), tol=EXACT)
        judge.expect("apply_mask", randn(gen, 3, 2), torch.tensor(False), tol=EXACT)


@pytest.mark.grades("apply_mask")
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


@pytest.mark.grades("apply_mask")
def test_apply_mask_gradient_and_inputs_untouched(learner):
    """Backpropagating through apply_mask: visible scores receive the cotangent, hidden ones nothing (the cotangent
    is 0 on hidden entries, as a softmax after the mask gives). The scores require grad, so an implementation that
    writes into its input (masked_fill_) fails here. float64, batched, broadcast masks; exact."""
    gen = generator(406)
    with Judge(learner, "masking") as judge:
        for shape, mask_shape in (((2, 5, 4), (5, 4)), ((3, 6, 5), (3, 6, 1)), ((2, 3, 4, 4), (4, 4))):
            scores = randn(gen, *shape, dtype=torch.float64)
            mask = torch.rand(mask_shape, generator=gen) < 0.6
            visible = mask.expand(shape)
            cotangent = randn(gen, *shape, dtype=torch.float64).masked_fill(~visible, 0.0)
            judge.expect("apply_mask", scores, mask, tol=EXACT)
            if judge.problems:
                return
            try:
                _, grads = learner.call_with_grad("masking", "apply_mask", (scores, mask), {}, [0], cotangent)
            except LearnerError as error:
                if error.kind == "exception" and "in-place" in error.message:
                    raise Misconception(*IN_PLACE, "apply_mask wrote into the scores it was given (an in-place "
                                        "operation on a tensor that requires grad)") from None
                raise
            grad = grads.get(0)
            judge.require(isinstance(grad, torch.Tensor) and agree(grad, cotangent, EXACT),
                          "the gradient of apply_mask is not the cotangent on the visible scores (and 0 on the hidden "
                          "ones): the visible scores must be passed through unchanged, with autograd")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def apply_mask_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    # scores are bilinear in the tokens (KᵀQ): inputs a thousand times larger give scores a million times larger
    scores = randn(gen, *case.batch, case.n_k, case.n_q, dtype=case.dtype, scale=case.scale ** 2)
    return (scores, random_mask(gen, replace(case, mask=case.mask or "random"), case.n_k, case.n_q)), {}


def padding_mask_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (torch.randint(0, case.n_k + 1, (4,), generator=gen), case.n_k), {}


def causal_mask_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (int(torch.randint(1, 12, (), generator=gen)),), {}


def local_mask_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (case.n_k, int(torch.randint(0, case.n_k + 1, (), generator=gen))), {}


# Masks from sizes: the general clauses give them fresh values and results of their own
SPECS = {"causal_mask": Spec(causal_mask_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "local_mask": Spec(local_mask_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "apply_mask": Spec(apply_mask_inputs, lambda args, kwargs: EXACT,
                            ("batching", "mask_broadcast", "single_token", "unequal_lengths", "float64",
                             "large_magnitudes", "fully_masked_query")),
         "padding_mask": Spec(padding_mask_inputs, lambda args, kwargs: EXACT, (), differentiable=False)}
globals().update(clause_checks("masking", SPECS))
