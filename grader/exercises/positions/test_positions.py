"""Hidden checks: ``relative_position_bucket`` (T5's buckets) and ``rotary_embedding`` (pairs i, i + D/2).

Buckets are integers: exact. The contract takes T5's logarithm in float32, which matters only where the real value
of log(d / (n/2)) / log(max_distance / (n/2)) · (n - n/2) is a whole number (d = 16, 32, 64 for T5's defaults):
the general checks leave those *boundary* distances out (they use 0 in their place), and one check asks for them
alone, so computing the logarithm another way costs only that check.

Rotary tolerance (``rotary_tol``), u = 2^-24: an angle p·θ_i computed in float32 is off by up to 3u·|p·θ_i| (θ_i's
power and the product), so cos and sin are off by that plus u; the rotated entry x_i cos - x_j sin adds 2u relative.
The bound is (|x_i| + |x_j|)·((3·max|p·θ| + 3)·u), four times, with max|x| for |x_i| + |x_j| ≤ 2 max|x|; at the
default positions (angles below N) that is about 1e-5, at positions near 5000 about 1e-3 (float32 angles there are
that coarse; computing them in float64 is better but not required). Scores K'ᵀQ' sum D such products: D·max|x|
times the entry bound, twice, plus D·u·max|x|² for the dot product.
"""
import functools
import math

import pytest
import torch

from grader.clauses import FLOAT64_FROM_FLOAT32, Case, Spec, clause_checks
from grader.diagnose import U32, Misconception
from grader.judge import EXACT, FLOAT_STEP_MISCOUNTS, Judge, Tolerance, generator, randn

# (bidirectional, num_buckets, max_distance): T5's defaults, smaller and larger tables, causal tables
BUCKET_CONFIGS = [(True, 32, 128), (False, 32, 128), (True, 16, 64), (True, 8, 20), (False, 16, 50),
                  (True, 64, 300), (False, 8, 100), (True, 32, 1000), (True, 4, 3),
                  (True, 31, 128), (False, 15, 64)]   # odd counts: a half of num_buckets // 2, as T5 computes it
# Tables where a boundary distance falls in another bucket when the logarithm is taken in float64 instead of float32
# (found by trying every even num_buckets up to 64 and max_distance up to 1024; at T5's own table both agree).
FLOAT32_DECIDES = [(True, 18, 128), (True, 40, 320), (True, 38, 196), (False, 20, 320), (False, 48, 81),
                   (False, 36, 392)]


def log_bucket(distance: int, bidirectional: bool, num_buckets: int, max_distance: int) -> float:
    """The real (float64) value whose floor picks a distant bucket, before exact + and the cap."""
    half = num_buckets // 2 if bidirectional else num_buckets
    exact = half // 2
    return math.log(distance / exact) / math.log(max_distance / exact) * (half - exact)


@functools.cache     # the same seeded offsets come back for every submission of a class
def is_boundary(distance: int, config: tuple) -> bool:
    """Whether rounding could decide this distance's bucket: a log value within 1e-4 of a whole number."""
    half = config[1] // 2 if config[0] else config[1]
    if distance < half // 2:
        return False
    value = log_bucket(distance, *config)
    return abs(value - round(value)) < 1e-4 and 0 < round(value) < half - half // 2   # log(1) = 0 is exact


def without_boundaries(offsets: torch.Tensor, config: tuple) -> torch.Tensor:
    """The offsets with every boundary distance replaced by 0."""
    boundary = torch.tensor([is_boundary(abs(o), config) for o in offsets.flatten().tolist()]).reshape(offsets.shape)
    return offsets.masked_fill(boundary, 0)


def boundary_offsets(config: tuple, reach: int = 2000) -> torch.Tensor:
    """Every boundary distance up to ``reach``, as offsets of both signs."""
    distances = [d for d in range(1, reach) if is_boundary(d, config)]
    return torch.tensor([sign * d for d in distances for sign in (1, -1)], dtype=torch.long)


def expect_buckets(judge: Judge, offsets: torch.Tensor, config: tuple):
    bidirectional, num_buckets, max_distance = config
    return judge.expect("relative_position_bucket", offsets, bidirectional, num_buckets, max_distance, tol=EXACT)


@pytest.mark.grades("relative_position_bucket", weight=2)
def test_buckets_random_offsets(learner):
    """Random offsets (uniform up to ±40 and log-uniform up to ±5000) in tensors of 1 to 3 dimensions, for T5's
    table and 10 other (bidirectional, num_buckets, max_distance), odd bucket counts among them, with every
    optional argument left out (T5's encoder table: bidirectional) and with all but `bidirectional` (every offset
    up to ±300 and far ones: each default matters), tensors of no offsets (shapes (0,), (3, 0) and
    (0, 2, 3)), and offsets far beyond any table (from 32,768 to a million, both signs: the contexts of long
    documents): the reference's buckets, as a LongTensor."""
    gen = generator(1601)
    with Judge(learner, "positions") as judge:
        for index, config in enumerate(BUCKET_CONFIGS):
            shape = ((30,), (6, 7), (2, 3, 5))[index % 3]
            near = torch.randint(-40, 41, shape, generator=gen)
            far = (torch.exp(torch.rand(shape, generator=gen) * math.log(5000)).long()
                   * (torch.randint(0, 2, shape, generator=gen) * 2 - 1))
            expect_buckets(judge, without_boundaries(near, config), config)
            expect_buckets(judge, without_boundaries(far, config), config)
        # Every optional argument left out (T5's encoder table), then all but `bidirectional`: every offset up to
        # +-300 (each log-spaced bucket) and far ones, so that a default table of other sizes shows.
        every = torch.cat([torch.arange(-300, 301), far.flatten()])
        judge.expect("relative_position_bucket", without_boundaries(every, (True, 32, 128)), tol=EXACT)
        judge.expect("relative_position_bucket", without_boundaries(every, (False, 32, 128)), False, tol=EXACT)
        for empty in (torch.zeros(0, dtype=torch.long), torch.zeros(3, 0, dtype=torch.long),   # any shape: none too
                      torch.zeros(0, 2, 3, dtype=torch.long)):
            judge.expect("relative_position_bucket", empty, False, 16, 64, tol=EXACT)
        huge = torch.tensor([2**15, 40_000, 10**5, 10**6])
        for config in ((True, 32, 128), (False, 32, 128)):
            expect_buckets(judge, torch.cat([huge, -huge]), config)


@pytest.mark.grades("relative_position_bucket")
def test_buckets_of_small_offsets_alone(learner):
    """A bucket depends on its own offset only, so tensors holding only small offsets (every distance below the
    exact buckets', where a shortcut for "no logarithm needed" may return the offsets as they are), only one sign,
    or a single offset (0-d and of shape (1,)) get the buckets those offsets get among others: T5's table,
    bidirectional and causal, and a table of 8 buckets."""
    gen = generator(1603)
    with Judge(learner, "positions") as judge:
        for config in ((True, 32, 128), (False, 32, 128), (True, 8, 20)):
            exact = (config[1] // 2 if config[0] else config[1]) // 2
            small = torch.randint(-exact + 1, exact, (12,), generator=gen)
            for offsets in (small, small.abs(), -small.abs(), small.view(3, 4), small[:1], small[0]):
                expect_buckets(judge, offsets, config)


@pytest.mark.grades("relative_position_bucket")
def test_buckets_of_an_attention_grid(learner):
    """The (N_k, N_q) grid of offsets key - query that a T5 bias looks up: 40 keys and 30 queries (and a decoder
    step whose query sits at position 200), bidirectional and causal."""
    with Judge(learner, "positions") as judge:
        keys, queries = torch.arange(40), torch.arange(30)
        for config in ((True, 32, 128), (False, 32, 128)):
            expect_buckets(judge, without_boundaries(keys[:, None] - queries[None, :], config), config)
            expect_buckets(judge, without_boundaries(torch.arange(260)[:, None] - 200, config), config)


@pytest.mark.grades("relative_position_bucket")
def test_buckets_at_the_boundaries(learner):
    """Distances where a bucket begins exactly (d = 16, 32, 64 for T5's table): the logarithm is taken in float32 as
    T5 takes it, torch.log(d.float() / exact) / math.log(max_distance / exact) * (n - exact), then truncated; six
    more tables where a logarithm in float64 truncates to another bucket (e.g. d = 8, 16, 64 for 18 buckets up to
    128), those once more under torch.set_default_dtype(torch.float64)."""
    with Judge(learner, "positions") as judge:
        for config in BUCKET_CONFIGS + FLOAT32_DECIDES:
            offsets = boundary_offsets(config)
            if len(offsets):
                expect_buckets(judge, offsets, config)
        pairs = [(observation.result, want) for observation, want in zip(judge.observations, judge.expected)]
        if judge.problems and all(isinstance(got, torch.Tensor) and got.shape == want.shape and got.dtype == want.dtype
                                  and bool(((got - want).abs() <= 1).all()) for got, want in pairs):
            raise Misconception("bucket_boundary_rounding", "Your buckets are right except at distances where a "
                                "bucket begins exactly, where yours is one off: there the float32 rounding decides, "
                                "so the logarithm must be taken as T5 takes it, in float32 and in this order: "
                                "torch.log(d.float() / exact) / math.log(max_distance / exact) * (n - exact), then "
                                "truncated (multiplying before dividing, or float64, lands elsewhere).",
                                judge.problems[0])
        if judge.problems:
            return
        with judge.default_dtype(torch.float64):   # float32 whatever the default dtype (the offsets are integers)
            for config in FLOAT32_DECIDES:
                expect_buckets(judge, boundary_offsets(config), config)
        if judge.problems:   # right under the usual default
            raise Misconception("follows_the_default_dtype", "Your buckets are right under torch's usual default "
                                "dtype but not after torch.set_default_dtype(torch.float64), at distances where a "
                                "bucket begins exactly: the logarithm is taken in the default dtype there, as "
                                "d / exact does for integer tensors. Take it in float32 whatever the default: "
                                "torch.log(d.float() / exact).", judge.problems[0])


@pytest.mark.grades("relative_position_bucket")
def test_bucket_halves_and_order(learner):
    """On every offset from -300 to 300 (T5's table, boundaries left out): keys after the query use the upper half,
    mirror images differ by exactly n/2 there, buckets never shrink as the distance grows, and causally every key
    after the query shares bucket 0."""
    config = (True, 32, 128)
    offsets = without_boundaries(torch.arange(-300, 301), config)
    with Judge(learner, "positions") as judge:
        buckets = expect_buckets(judge, offsets, config)
        if judge.last_has_expected_form():
            after, before = buckets[301:], buckets[:300].flip(0)            # offsets 1..300 and -1..-300
            kept = (offsets[301:] != 0) & (offsets[:300].flip(0) != 0)      # boundary distances are left out
            judge.require(bool((after[kept] >= 16).all() and (buckets[:301] < 16).all()),
                          "keys after the query (offset > 0) must use buckets 16..31, the others 0..15")
            judge.require(bool((after[kept] - before[kept] == 16).all()),
                          "an offset +d and its mirror -d should fall in buckets exactly num_buckets/2 apart")
            judge.require(bool((before[kept].diff() >= 0).all()), "buckets shrink as the distance grows")
        causal = judge.expect("relative_position_bucket", offsets, False, 32, 128, tol=EXACT)
        if judge.last_has_expected_form():
            judge.require(bool((causal[301:] == 0).all()), "causal buckets: every key after the query is bucket 0")


def rotary_tol(*tensors: torch.Tensor, max_angle: float) -> Tolerance:
    """The module docstring's entry bound for these inputs, four times."""
    size = max(float(t.abs().max()) for t in tensors if t.numel())
    bound = 4 * 2 * size * (3 * max_angle + 3) * U32
    return Tolerance(rtol=bound, atol=bound)


def max_angle(n_q: int, n_k: int, positions=()) -> float:
    """The largest angle p·θ_0 = p (θ_0 = 1 for every base)."""
    largest = max([n_q, n_k] + [int(p.abs().max()) for p in positions if p is not None and p.numel()])
    return float(largest)


def expect_rotary(judge: Judge, Q, K, positions_q=None, positions_k=None, base=None):
    kwargs = {} if base is None else {"base": base}
    args = (Q, K) if positions_q is None and positions_k is None else (Q, K, positions_q, positions_k)
    tol = rotary_tol(Q, K, max_angle=max_angle(Q.shape[-1], K.shape[-1], (positions_q, positions_k)))
    if Q.dtype == torch.float64:   # float64 in, float64 accuracy (angles of given positions too: no float32 path)
        tol = tol.scaled(FLOAT64_FROM_FLOAT32)
    return judge.expect("rotary_embedding", *args, tol=tol, **kwargs)


# (batch, D, N_q, N_k): unbatched, batched, heads, N_q != N_k, D = 2, N = 1, a wide head
ROTARY_SHAPES = [((), 8, 6, 6), ((2,), 4, 5, 7), ((2, 3), 6, 4, 4), ((), 2, 3, 9), ((3,), 10, 1, 1),
                 ((), 64, 12, 10), ((2,), 16, 7, 3)]


@pytest.mark.grades("rotary_embedding", weight=2)
def test_rotary_random_shapes(learner):
    """Q' (..., D, N_q) and K' (..., D, N_k) match the reference at the default positions: unbatched, batched,
    batch and heads, N_q != N_k, D = 2, N = 1, D = 64, with bases 10000, 500 and 10 (float32), and bases that are no
    whole number (2.5 and 12345.6: a base read as an int is truncated); the same Q, K with
    the default base, then base 100 (angles remembered from a call must depend on its base); 300 tokens (default
    positions past 256, the last whole number bfloat16 holds) and 3,000 (past 2,048, where a base scaled with the
    length, as dynamic NTK scaling does, would begin); and 2 tokens at the widths where a float-step arange
    of the exponents makes one value too many (`FLOAT_STEP_MISCOUNTS`: D = 98, 196, 206, 214)."""
    gen = generator(1611)
    with Judge(learner, "positions") as judge:
        for index, (batch, dim, n_q, n_k) in enumerate(ROTARY_SHAPES):
            base = (None, 500.0, 10.0)[index % 3]
            expect_rotary(judge, randn(gen, *batch, dim, n_q), randn(gen, *batch, dim, n_k), base=base)
        for base in (2.5, 12345.6):
            expect_rotary(judge, randn(gen, 8, 5), randn(gen, 8, 7), base=base)
        Q, K = randn(gen, 8, 6), randn(gen, 8, 6)
        for base in (None, 100.0, None):
            expect_rotary(judge, Q, K, base=base)
        expect_rotary(judge, randn(gen, 4, 300), randn(gen, 4, 300))
        expect_rotary(judge, randn(gen, 4, 3000), randn(gen, 4, 2900))   # past 2048, where context tricks begin
        for dim in FLOAT_STEP_MISCOUNTS:
            expect_rotary(judge, randn(gen, dim, 2), randn(gen, dim, 2))


@pytest.mark.grades("rotary_embedding")
def test_rotary_given_positions_and_float64(learner):
    """Positions given explicitly — a decoder step at position 37 over keys 0..37, unordered and repeated positions,
    positions near 5000, positions for Q only (K then counts 0, 1, ... even when N_k == N_q) and for K only (Q
    counts 0, 1, ..., not the last keys' positions as a cache would), int32 and int16 positions, negative
    positions, and one tensor given as both Q and K (the same object, as self-attention passes it) with positions that
    differ — in float32 and float64 (float64 in, float64 out)."""
    gen = generator(1612)
    with Judge(learner, "positions") as judge:
        for dtype in (torch.float32, torch.float64):
            Q, K = randn(gen, 2, 8, 1, dtype=dtype), randn(gen, 2, 8, 38, dtype=dtype)
            expect_rotary(judge, Q, K, torch.tensor([37]), torch.arange(38))
            Q, K = randn(gen, 6, 5, dtype=dtype), randn(gen, 6, 4, dtype=dtype)
            expect_rotary(judge, Q, K, torch.tensor([3, 0, 3, 9, 1]), torch.tensor([7, 7, 2, 0]), base=100.0)
            Q, K = randn(gen, 3, 16, 3, dtype=dtype), randn(gen, 3, 16, 3, dtype=dtype)
            expect_rotary(judge, Q, K, torch.tensor([4998, 4999, 5000]), torch.tensor([0, 2500, 4999]))
            expect_rotary(judge, Q, K, torch.tensor([5, 6, 7]), None)       # K keeps its own default 0, 1, 2
            expect_rotary(judge, Q, K, None, torch.tensor([9, 3, 1]))       # and Q its own, with K's given
            # any integer tensor: int32 and int16 positions, negative positions (a rotation the other way)
            expect_rotary(judge, Q, K, torch.tensor([2, 0, 5], dtype=torch.int32),
                          torch.tensor([1, 1, 3], dtype=torch.int16))
            expect_rotary(judge, Q, K, torch.tensor([-1, 0, 1]), torch.tensor([-7, 3, -2]))
            # self-attention passes one tensor as Q and K (the same object): each still turns by its own positions
            expect_rotary(judge, Q, Q, torch.tensor([0, 1, 2]), torch.tensor([3, 4, 5]))
            expect_rotary(judge, Q, Q, None, torch.tensor([8, 1, 1]))


@pytest.mark.grades("rotary_embedding", weight=2)
def test_rotary_scores_depend_on_offsets_only(learner):
    """The point of rotary embeddings: shifting every query and key position by the same amount (17 and 250) leaves
    every score K'ᵀQ' unchanged, for random Q, K and positions; and each column keeps its length."""
    gen = generator(1613)
    with Judge(learner, "positions") as judge:
        for batch, dim, n_q, n_k in ((2,), 8, 5, 7), ((), 16, 6, 6), ((3,), 4, 2, 5):
            Q, K = randn(gen, *batch, dim, n_q), randn(gen, *batch, dim, n_k)
            positions_q = torch.randint(0, 30, (n_q,), generator=gen)
            positions_k = torch.randint(0, 30, (n_k,), generator=gen)
            size = max(float(Q.abs().max()), float(K.abs().max()))
            entry = rotary_tol(Q, K, max_angle=300.0)
            score_tol = Tolerance(0.0, 4 * dim * U32 * size * size + 2 * dim * size * entry.atol)
            rotated = expect_rotary(judge, Q, K, positions_q, positions_k)
            if not judge.last_has_expected_form():
                continue
            scores = (rotated[1].transpose(-2, -1) @ rotated[0]).double()
            for shift in (17, 250):
                shifted = judge.call("rotary_embedding", Q, K, positions_q + shift, positions_k + shift, tol=entry)
                if not judge.last_has_expected_form():
                    break
                judge.require_close((shifted[1].transpose(-2, -1) @ shifted[0]).double(), scores, score_tol,
                                    f"shifting every position by {shift} changed the scores K'ᵀQ': rotate BOTH Q and "
                                    "K, each column by its own position, so that only p_q - p_k matters")
            judge.require_close(rotated[0].double().norm(dim=-2), Q.double().norm(dim=-2), entry.scaled(dim),
                                "a rotation keeps each column's length, but yours changed some")


@pytest.mark.grades("rotary_embedding")
def test_rotary_gradients(learner):
    """Autograd through Q' gives the reference's gradient for Q (the backward rotation), with given positions;
    float64 inputs, the float32 bound eight times."""
    gen = generator(1614)
    with Judge(learner, "positions") as judge:
        for batch, dim, n in (((), 6, 5), ((2,), 8, 4)):
            Q, K = randn(gen, *batch, dim, n, dtype=torch.float64), randn(gen, *batch, dim, n, dtype=torch.float64)
            positions = torch.randint(0, 50, (n,), generator=gen)
            tol = rotary_tol(Q, K, max_angle=50.0).scaled(8.0)
            judge.expect_grad("rotary_embedding", (Q, K, positions, positions), {}, [0], tol=tol, seed=n)
            judge.expect_grad("rotary_embedding", (K, Q), {}, [0], tol=tol, seed=n + 1)


@pytest.mark.grades("rotary_embedding")
def test_rotary_rejects_odd_dimensions(learner):
    """An odd D cannot be split into pairs: ValueError, for Q and K together and for each alone (a valid call still
    works)."""
    gen = generator(1615)
    with Judge(learner, "positions") as judge:
        expect_rotary(judge, randn(gen, 4, 3), randn(gen, 4, 3))
        judge.expect_value_error("rotary_embedding", randn(gen, 5, 3), randn(gen, 5, 3), argument="Q and K (D = 5)")
        judge.expect_value_error("rotary_embedding", randn(gen, 2, 3, 4), randn(gen, 2, 3, 2),
                                 argument="Q and K (D = 3)")
        judge.expect_value_error("rotary_embedding", randn(gen, 4, 3), randn(gen, 3, 3), argument="K alone (D = 3)")
        judge.expect_value_error("rotary_embedding", randn(gen, 3, 3), randn(gen, 4, 3), argument="Q alone (D = 3)")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def rotary_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    Q = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    K = randn(gen, *case.batch, case.dim, case.n_k, dtype=case.dtype, scale=case.scale)
    return (Q, K), {}


def bucket_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Offsets (..., 5, 6) in [-40, 40], 16 buckets, distances capped at 32, both directions."""
    offsets = torch.randint(-40, 41, (*case.batch, 5, 6), generator=gen)
    return (offsets,), {"bidirectional": True, "num_buckets": 16, "max_distance": 32}


# relative_position_bucket maps integers to integers: the general clauses give it non-contiguous offsets only
SPECS = {"relative_position_bucket": Spec(bucket_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "rotary_embedding": Spec(
    rotary_inputs, lambda args, kwargs: rotary_tol(*args, max_angle=max_angle(args[0].shape[-1], args[1].shape[-1])),
    ("batching", "single_token", "unequal_lengths", "float64", "large_magnitudes"))}
globals().update(clause_checks("positions", SPECS))
