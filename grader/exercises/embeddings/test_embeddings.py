"""Hidden checks: ``one_hot`` (..., V, N), ``embed`` (..., D, N), ``sinusoidal_positions`` (D, N).

Tolerances: one-hot matrices and embedding lookups are exact (a lookup copies values; Ω_e @ T adds exact zeros), so
they get 4u of slack only for an implementation that multiplies. Sinusoids: a float32 frequency 10000^(-x) =
exp(-x·ln 10000) carries a relative error up to (|x·ln 10000| + 2)·u <= 12u, so the angle n·f is off by up to 12·n·u
absolute, and sin/cos by as much; we allow 32·N·u for positions n < N (2.5 times the bound).
"""
import contextlib

import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.judge import EXACT, FLOAT_STEP_MISCOUNTS, Judge, Tolerance, generator, randn
from grader.sandbox import LearnerError

LOOKUP_TOL = Tolerance.float32(4)

BATCHED_IDS = ("breaks_batching", "Your embed is right for one sequence of ids (N,) but raises for batched ids "
               "(..., N): something in it accepts only 1-D ids (index_select, a loop over the ids, .T). Index the "
               "columns with the ids of any shape, omega_e[:, token_ids] (D, ..., N), then move D next to N with "
               "movedim(0, -2); or flatten the ids and reshape the result back.")


@contextlib.contextmanager
def naming_a_crash(found: tuple[str, str]):
    """A crash of the learner's code inside is diagnosed as `found` (unless the crash probes found more)."""
    try:
        yield
    except LearnerError as error:
        if error.kind == "exception" and not error.todo and \
                not getattr(error, "diagnosis", None):
            error.diagnosis = found
        raise


@pytest.mark.grades("one_hot", weight=2)
def test_one_hot(learner):
    """Ids of shape (N,), (B, N) and (2, 3, N) give (..., V, N) columns of the identity, in the default float
    dtype; a vocabulary past a byte's 256 (no table of fixed size); a vocabulary larger than every id used (V
    comes from the argument, not from the ids), and no ids at all (N = 0 gives (V, 0))."""
    gen = generator(201)
    with Judge(learner, "embeddings") as judge:
        judge.expect("one_hot", torch.randint(0, 7, (9,), generator=gen), 7, tol=EXACT)
        judge.expect("one_hot", torch.randint(0, 5, (3, 4), generator=gen), 5, tol=EXACT)
        judge.expect("one_hot", torch.randint(0, 13, (2, 3, 6), generator=gen), 13, tol=EXACT)
        judge.expect("one_hot", torch.zeros(1, dtype=torch.long), 1, tol=EXACT)
        # past a byte vocabulary; small enough that a correct torch.eye(V)[:, ids] fits in memory
        judge.expect("one_hot", torch.tensor([0, 1100, 256, 300, 255, 512, 1199]), 1200, tol=EXACT)
        for _ in range(3):
            used = int(torch.randint(1, 6, (), generator=gen))
            vocab = used + int(torch.randint(1, 8, (), generator=gen))
            judge.expect("one_hot", torch.randint(0, used, (2, 5), generator=gen), vocab, tol=EXACT)
        judge.expect("one_hot", torch.zeros(0, dtype=torch.long), 4, tol=EXACT)   # a crash: breaks_empty_input


@pytest.mark.grades("one_hot")
def test_one_hot_dtype_argument(learner):
    """one_hot(..., dtype=...) returns that dtype (float64, float32; test_one_hot covers the default), and
    bfloat16 and float16 past the last whole number they hold exactly (V = 300 and 2100: ids compared in the output
    dtype collide there). Only floating dtypes: an integer dtype would reject correct code that fills in float
    values."""
    gen = generator(204)
    with Judge(learner, "embeddings") as judge:
        for dtype, shape in ((torch.float64, (2, 7)), (torch.float32, (5,)), (torch.float64, (2, 3, 4))):
            judge.expect("one_hot", torch.randint(0, 6, shape, generator=gen), 6, tol=EXACT, dtype=dtype)
        judge.expect("one_hot", torch.tensor([255, 256, 257, 299, 0]), 300, tol=EXACT, dtype=torch.bfloat16)
        judge.expect("one_hot", torch.tensor([2047, 2048, 2049, 2099]), 2100, tol=EXACT, dtype=torch.float16)


@pytest.mark.grades("one_hot")
def test_one_hot_rejects_ids_out_of_range(learner):
    """An id < 0 or >= V is a ValueError (valid ids still work)."""
    with Judge(learner, "embeddings") as judge:
        judge.expect("one_hot", torch.tensor([0, 2, 1]), 3, tol=EXACT)
        judge.expect_value_error("one_hot", torch.tensor([0, 3, 1]), 3, argument="token_ids (an id >= V)")
        judge.expect_value_error("one_hot", torch.tensor([[0, -1]]), 3, argument="token_ids (a negative id)")


@pytest.mark.grades("embed", weight=2)
def test_embed(learner):
    """embed(Ω_e, ids) = Ω_e @ one_hot(ids): column n is Ω_e[:, ids[n]]; batched ids, among them rows of
    consecutive ids starting at different ids, sorted, reversed and constant rows; float32 and float64; no ids (N =
    0) give (D, 0) (the contract leaves this open: raising there is accepted)."""
    gen = generator(202)
    with Judge(learner, "embeddings") as judge:
        judge.expect("embed", randn(gen, 4, 9), torch.randint(0, 9, (6,), generator=gen), tol=LOOKUP_TOL)
        with naming_a_crash(BATCHED_IDS):                       # right on one sequence, then batched ids
            judge.expect("embed", randn(gen, 3, 5), torch.randint(0, 5, (2, 7), generator=gen), tol=LOOKUP_TOL)
            judge.expect("embed", randn(gen, 6, 4, dtype=torch.float64),
                         torch.randint(0, 4, (2, 2, 3), generator=gen), tol=LOOKUP_TOL)
        judge.expect("embed", randn(gen, 1, 3), torch.tensor([2]), tol=LOOKUP_TOL)
        # runs of consecutive ids (positions 0, 1, 2, ... as ids), each row starting elsewhere; a sorted, a reversed
        # and a constant row
        judge.expect("embed", randn(gen, 3, 9), torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [2, 3, 4, 5]]),
                     tol=LOOKUP_TOL)
        judge.expect("embed", randn(gen, 2, 6), torch.tensor([[1, 3, 5, 5], [5, 4, 2, 0], [3, 3, 3, 3]]),
                     tol=LOOKUP_TOL)
        judge.expect_if_returns("embed", randn(gen, 4, 5), torch.zeros(0, dtype=torch.long), tol=LOOKUP_TOL)


@pytest.mark.grades("embed")
def test_embed_rejects_ids_out_of_range(learner):
    """An id outside [0, V) is a ValueError at both ends: -1 (which plain indexing would silently read as the last
    column) and V (which indexing rejects with an IndexError), alone and inside batched ids, and ids far outside;
    ids 0 and V - 1 still work."""
    gen = generator(207)
    with Judge(learner, "embeddings") as judge:
        omega = randn(gen, 4, 6)
        judge.expect("embed", omega, torch.tensor([[0, 5, 3], [5, 0, 0]]), tol=LOOKUP_TOL)
        for bad, what in ((-1, "a negative id, -1"), (6, "an id equal to V"), (-7, "an id below -V"),
                          (9, "an id above V")):
            ids = torch.randint(0, 6, (2, 3, 5), generator=gen)
            ids[int(torch.randint(0, 2, (), generator=gen)), int(torch.randint(0, 3, (), generator=gen)),
                int(torch.randint(0, 5, (), generator=gen))] = bad
            judge.expect_value_error("embed", omega, ids, argument=f"token_ids ({what})")
        judge.expect_value_error("embed", omega, torch.tensor([-1]), argument="token_ids (a negative id, -1)")
        judge.expect_value_error("embed", omega, torch.tensor([6]), argument="token_ids (an id equal to V)")


@pytest.mark.grades("embed")
def test_embed_gradient(learner):
    """The gradient reaching Ω_e is the cotangent's columns summed into the rows' token slots (float64)."""
    gen = generator(203)
    with Judge(learner, "embeddings") as judge:
        judge.expect_grad("embed", (randn(gen, 5, 6, dtype=torch.float64), torch.tensor([[1, 4, 1], [0, 5, 5]])), {},
                          [0], tol=Tolerance.float32(8, scale=4.0), seed=1)


@pytest.mark.grades("sinusoidal_positions", weight=2)
def test_sinusoidal_positions(learner):
    """Π[2i, n] = sin(n / 10000^(2i/D)), Π[2i+1, n] = cos(same); odd D ends with a sine row; (D, N) in the default
    float dtype — for D = 1 .. 16 and N = 1 .. 50, N = 300 (positions past 256, which bfloat16 rounds), N = 5001
    (past the 5,000 positions of the table the Annotated Transformer slices from), then 3 random
    sizes with N up to 300 and D up to 64, and the
    widths up to 256 where a float-step arange of the exponents, arange(0, 1, 2 / D), makes one value too many (D =
    98, 196, 206, 214: `FLOAT_STEP_MISCOUNTS`); N = 0 gives (D, 0) (the contract leaves this open: raising there is
    accepted)."""
    gen = generator(205)
    sizes = [(1, 1), (1, 4), (7, 1), (10, 6), (12, 7), (50, 16), (33, 9), (300, 8), (5001, 4)]
    sizes += [(int(torch.randint(51, 301, (), generator=gen)), int(torch.randint(17, 65, (), generator=gen)))
              for _ in range(3)]
    with Judge(learner, "embeddings") as judge:
        for n, dim in sizes + [(3, dim) for dim in FLOAT_STEP_MISCOUNTS]:
            judge.expect("sinusoidal_positions", n, dim, tol=Tolerance.float32(32 * n))
        judge.expect_if_returns("sinusoidal_positions", 0, 6, tol=EXACT)


FIXED_DTYPE = ("default_dtype_ignored: With no dtype given, the result must have torch's default float dtype, "
               "torch.get_default_dtype(): a course that calls torch.set_default_dtype(torch.float64) gets float64. "
               "Yours stays float32, so float32 is written into your function (a literal dtype=torch.float32, "
               ".float(), torch.FloatTensor). Use dtype or torch.get_default_dtype().")


def expect_in_default_float64(learner, diagnosis, function: str, cases: list[tuple], tol) -> None:
    """The learner's `function` on each case, first as usual (default float32), then with torch's default dtype set
    to float64 (in the sandbox and for the reference): results in float64, within `tol(*case)`; a result remembered
    from the first calls must not come back in the old dtype."""
    with Judge(learner, "embeddings") as judge:
        for args in cases:
            judge.expect(function, *args, tol=tol(*args))
    judge = Judge(learner, "embeddings")
    with judge.default_dtype(torch.float64), judge:  # the diagnosis on leaving the judge runs in float64 too
        for args in cases:
            result = judge.expect(function, *args, tol=tol(*args))
            if isinstance(result, torch.Tensor) and result.dtype == torch.float32:
                diagnosis.record(FIXED_DTYPE)


@pytest.mark.grades("one_hot")
def test_one_hot_follows_the_default_dtype(learner, diagnosis):
    """With torch.set_default_dtype(torch.float64) in force and no dtype given, one_hot returns float64 columns."""
    gen = generator(206)
    cases = [(torch.randint(0, 6, (7,), generator=gen), 6), (torch.randint(0, 4, (2, 5), generator=gen), 4)]
    expect_in_default_float64(learner, diagnosis, "one_hot", cases, lambda *_: EXACT)


@pytest.mark.grades("sinusoidal_positions")
def test_sinusoidal_positions_follow_the_default_dtype(learner, diagnosis):
    """With torch.set_default_dtype(torch.float64) in force, sinusoidal_positions returns a float64 table (to the
    float32 bound of test_sinusoidal_positions: the contract names the dtype, and a table computed in float32 and
    stored in the default dtype is still a correct one); each size is asked for under float32 first, so a table
    remembered from that call must not come back in the old dtype."""
    cases = [(9, 6), (40, 13), (10, 6)]
    expect_in_default_float64(learner, diagnosis, "sinusoidal_positions", cases,
                              lambda n, dim: Tolerance.float32(32 * n))


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def embed_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    vocab = 11
    omega = randn(gen, case.dim, vocab, dtype=case.dtype, scale=case.scale)
    return (omega, torch.randint(0, vocab, (*case.batch, case.n_q), generator=gen)), {}


def one_hot_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Ids (..., 5) of a vocabulary of 7."""
    return (torch.randint(0, 7, (*case.batch, 5), generator=gen), 7), {}


# one_hot's input is ids (nothing to differentiate): the general clauses give it non-contiguous ids only
def positions_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (int(torch.randint(1, 12, (), generator=gen)), int(torch.randint(1, 9, (), generator=gen))), {}


SPECS = {"sinusoidal_positions": Spec(positions_clause_inputs, lambda args, kwargs: Tolerance.float32(32 * args[0]),
                                      (), differentiable=False),
         # a lookup is exact, but a column of omega_e's gradient sums the cotangents of every occurrence of its id,
         # in an order of the implementation's choosing: the float32 bound of such a sum
         "embed": Spec(embed_inputs, lambda args, kwargs: Tolerance.float32(4 * (1 + args[1].numel())),
                       ("batching", "single_token", "float64", "large_magnitudes")),
         "one_hot": Spec(one_hot_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False)}
globals().update(clause_checks("embeddings", SPECS))
