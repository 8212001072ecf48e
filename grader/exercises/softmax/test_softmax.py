"""Hidden checks of ``softmax_cols``: softmax over axis -2, each column sums to 1.

Tolerance (``softmax_tol``): softmax's relative condition number is max|s| — a relative change u in the scores moves
the weights by up to max|s|·u — so even a backward-stable float32 softmax (max trick, or log-sum-exp) may err by
about u·max|s|; the exp adds u, the column sum up to M·u, the division u. Relative error <= (2·max|s| + M + 3)·u,
doubled for safety (u = 2^-24, the float32 unit roundoff). For N(0, 3²) scores that is ~60u ≈ 4e-6; for the ±1e4
scores of the overflow check ~4e4·u ≈ 2.4e-3, still far below a wrong axis or a NaN.
"""
import pytest
import torch

from grader.clauses import FLOAT64_FROM_FLOAT32, Case, Spec, clause_checks, random_mask
from grader.judge import Judge, Tolerance, generator, randn


def softmax_tol(scores: torch.Tensor) -> Tolerance:
    finite = scores[torch.isfinite(scores)]
    largest = float(finite.abs().max()) if finite.numel() else 0.0
    return Tolerance.float32(2 * (2 * largest + scores.shape[-2] + 3))


def expect_softmax(judge: Judge, scores: torch.Tensor) -> None:
    judge.expect("softmax_cols", scores, tol=softmax_tol(scores))

SHAPES = [(5, 7), (1, 1), (1, 6), (6, 1), (4, 4), (3, 4, 5), (2, 3, 9, 2)]


@pytest.mark.grades("softmax_cols", weight=2)
def test_random_shapes_float32(learner):
    """Random float32 scores over many shapes (batched and unbatched, one row, one column) match the reference."""
    gen = generator(301)
    with Judge(learner, "softmax") as judge:
        for shape in SHAPES:
            expect_softmax(judge, randn(gen, *shape, scale=3.0))


@pytest.mark.grades("softmax_cols")
def test_float64_keeps_dtype(learner):
    """float64 scores give a float64 result with the same values."""
    gen = generator(302)
    with Judge(learner, "softmax") as judge:
        for shape in [(6, 3), (2, 5, 4)]:
            expect_softmax(judge, randn(gen, *shape, dtype=torch.float64, scale=3.0))


@pytest.mark.grades("softmax_cols")
def test_columns_are_probability_vectors(learner):
    """Every weight is >= 0 and every column sums to 1 (the sum's rounding is at most M·u; 64·M·u allowed), and the
    weights are the reference's: a result with these properties but other values (every column uniform, 1/M) earns
    nothing here."""
    gen = generator(303)
    with Judge(learner, "softmax") as judge:
        for shape in [(7, 3), (3, 8), (2, 5, 6)]:
            scores = randn(gen, *shape, scale=2.0)
            weights = judge.expect("softmax_cols", scores, tol=softmax_tol(scores))
            if not judge.last_has_expected_form():
                continue
            judge.require(bool((weights >= 0).all()), "some weights are negative: softmax weights lie in [0, 1]")
            sums = weights.double().sum(dim=-2)
            judge.require(bool(((sums - 1).abs() <= 64 * 2**-24 * shape[-2]).all()),
                          f"on a {shape} input the columns do not sum to 1 (each column is one query's weights)")


@pytest.mark.grades("softmax_cols")
def test_large_scores_do_not_overflow(learner):
    """Scores of ±1e4 (plus unit noise) in float32 and float64, mixed within columns and as whole columns shifted by
    their own large offset: no inf or NaN, same weights as the reference (the max trick must be per column); and
    columns of finite scores near -2e9 (float64): a live column, however negative, is a softmax, not zeros (only
    an all -inf column is); float32 columns of scores between 80 and 88, each exp finite but not their sum (a shift
    skipped "while no exp overflows" is not enough)."""
    gen = generator(304)
    column_offsets = torch.tensor([1e4, -1e4, 5e3, -5e3, 0.0], dtype=torch.float64)
    with Judge(learner, "softmax") as judge:
        for dtype in (torch.float32, torch.float64):
            signs = torch.randint(0, 2, (6, 5), generator=gen).double() * 2 - 1
            mixed = 1e4 * signs + torch.randn(6, 5, generator=gen, dtype=torch.float64)
            shifted = column_offsets + torch.randn(6, 5, generator=gen, dtype=torch.float64)
            for scores in (mixed, shifted):
                expect_softmax(judge, scores.to(dtype))
        far = torch.tensor([[-2e9, 0.5], [-2e9 + 1, -30.0], [-2e9 - 1, 1.0]], dtype=torch.float64)
        judge.expect("softmax_cols", far, tol=softmax_tol(far).scaled(FLOAT64_FROM_FLOAT32))   # float64's bound
        # float32 scores just below exp's overflow (e^88.7): each exp is finite, their column sum is not
        near_limit = torch.cat([torch.full((3, 2), 87.9), 80.0 + 8.0 * torch.rand(4, 2, generator=gen)])
        expect_softmax(judge, near_limit)


@pytest.mark.grades("softmax_cols")
def test_minus_infinity_gets_zero_weight(learner):
    """-inf scores get weight 0; a column that is entirely -inf (a query that sees no key) comes out all zeros; a
    column of scores near 100 stays finite. Also random shapes (unbatched, batched, 4-D; float32 and float64) with
    random -inf entries and randomly placed fully hidden columns."""
    gen = generator(305)
    with Judge(learner, "softmax") as judge:
        scores = randn(gen, 2, 5, 4, scale=2.0)
        hidden = torch.rand(2, 5, 4, generator=gen) < 0.4
        hidden[0, :, 1] = True                                  # one fully hidden column
        hidden[1, 0, :] = False                                 # every other column keeps a visible key
        hidden[0, 0, [0, 2, 3]] = False
        scores[1, :, 2] += 100.0                                 # large but finite: exp(100) overflows float32
        expect_softmax(judge, scores.masked_fill(hidden, float("-inf")))
        for shape, dtype in (((6, 5), torch.float32), ((3, 4, 6), torch.float64), ((2, 2, 5, 3), torch.float32),
                             ((7, 2), torch.float64), ((4, 1, 3), torch.float32)):
            scores = randn(gen, *shape, dtype=dtype, scale=3.0)
            hidden = torch.rand(shape, generator=gen) < 0.5
            hidden |= torch.rand(*shape[:-2], 1, shape[-1], generator=gen) < 0.3   # whole columns hidden
            expect_softmax(judge, scores.masked_fill(hidden, float("-inf")))


@pytest.mark.grades("softmax_cols")
def test_gradient_matches_autograd(learner):
    """Backpropagating through the learner's softmax gives the reference's gradient (float64 inputs). The gradient
    w ⊙ (g - wᵀg) is built from the weights and the N(0, 1) cotangent g, so its error is the weights' times |g|
    (~3): the softmax tolerance with scale 4."""
    gen = generator(306)
    with Judge(learner, "softmax") as judge:
        for seed, shape in enumerate([(5, 3), (2, 4, 6)]):
            judge.expect_grad("softmax_cols", (randn(gen, *shape, dtype=torch.float64, scale=2.0),), {}, [0],
                              tol=Tolerance.float32(128, scale=4.0), seed=seed)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def softmax_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    scores = randn(gen, *case.batch, case.n_k, case.n_q, dtype=case.dtype, scale=3.0 * case.scale)
    mask = random_mask(gen, case, case.n_k, case.n_q)
    return (scores if mask is None else scores.masked_fill(~mask, float("-inf")),), {}


SPECS = {"softmax_cols": Spec(softmax_inputs, lambda args, kwargs: softmax_tol(args[0]),
                              ("batching", "single_token", "unequal_lengths", "float64", "large_magnitudes",
                               "fully_masked_query"))}
globals().update(clause_checks("softmax", SPECS))
