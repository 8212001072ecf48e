"""Hidden checks: ``strided_mask``, ``global_token_mask`` and ``sparse_attention_cost``.

Tolerance: none. Masks are booleans and costs are Python ints, so every result must equal the reference exactly
(dtype and type included). The masks carry no gradient and have no float dtype; the invariant checks run the
reference's attention under the learner's masks, in float64 (so the only question is which keys are visible).

Sizes are random as well as hand-picked: n from 1 to 40, strides from 1 to past n, windows from 0 to past n, 0 to n
global tokens; the costs are also asked at n up to 10⁶, where only a closed form (or a loop over n) can answer: an
n x n mask there would need a terabyte.

Diagnoses beyond the catalogue (``ReadingJudge``): a count of one pattern off by exactly n on every wrong case (the
diagonal left out or counted twice), or about half of it (one side of each query counted), and a global-token mask
that keeps one half of the rule (global tokens see everyone, or are seen by everyone) and breaks the other.
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.diagnose import UNSPECIFIC, Misconception, agree
from grader.judge import EXACT, Judge, generator, randn
from grader.sandbox import LearnerError

CLOSED_FORM = ("cost_builds_the_mask", "Your sparse_attention_cost ran out of memory or time on a long sequence: it "
               "seems to build the n x n mask (or loop over all n² pairs) to count it. The point of the cost is that "
               "sparse patterns need about n·(2w + 1) scores, not n²: count pairs by offset instead — the diagonal "
               "holds n pairs, offsets ±d hold n - d each — and sum those in closed form.")


class ReadingJudge(Judge):
    """A ``Judge`` that, when neither the catalogue nor the structural probes say more than "the result differs",
    asks this suite's own readings of the wrong results (``cost_reading``, ``global_mask_reading``): general
    statements about how a count or a mask is off, true of every wrong case of the call the message shows."""

    def diagnosis(self):
        found = super().diagnosis()
        if found is not None and found[0] in UNSPECIFIC:
            for reading in (cost_reading, global_mask_reading):
                better = reading(self)
                if better is not None:
                    return better
        return found


def wrong_calls(judge: Judge, function: str) -> list[tuple]:
    """(observation, expected) of every call of ``function`` that disagrees, the one the message shows first."""
    pairs = [(index, observation, want) for index, (observation, want) in
             enumerate(zip(judge.observations, judge.expected)) if observation.function == function
             and not agree(observation.result, want, observation.tol)]
    pairs.sort(key=lambda item: item[0] != judge.first_disagreement)
    return [(observation, want) for _, observation, want in pairs]


SYMMETRIC_PATTERNS = ("dense", "local", "strided")              # offsets +d and -d alike
WITH_THE_DIAGONAL = ("dense", "causal", "local", "strided")     # every query sees its own position


def cost_reading(judge: Judge) -> tuple[str, str] | None:
    """How the counts of the pattern the message shows are off, when every wrong count of that pattern is off the
    same way: by exactly n (the diagonal left out, or counted twice) or, for a symmetric pattern, by counting the
    keys on one side of each query only."""
    wrong = [(observation, want) for observation, want in wrong_calls(judge, "sparse_attention_cost")
             if type(observation.result) is int and type(want) is int]
    if not wrong:
        return None
    pattern = wrong[0][0].args[0]
    cases = [(observation.args[1], observation.result, want) for observation, want in wrong
             if observation.args[0] == pattern]
    if pattern in WITH_THE_DIAGONAL and all(got == want - n for n, got, want in cases):
        return "cost_diagonal_left_out", (
            f"Your {pattern!r} count is exactly n short on every case that differs: it leaves out the diagonal, where "
            "each query sees its own position as a key (offset 0 holds n pairs). The pattern includes it"
            + (": query i sees keys 0 .. i, i + 1 of them, n(n + 1)/2 in all." if pattern == "causal" else "."))
    if pattern in WITH_THE_DIAGONAL and all(got == want + n for n, got, want in cases):
        return "cost_diagonal_counted_twice", (
            f"Your {pattern!r} count is exactly n too large on every case that differs: the diagonal (offset 0, n "
            "pairs) is counted twice, once with each side. Count offset 0 once, then offsets ±d for d ≥ 1.")
    if pattern in SYMMETRIC_PATTERNS and all(2 * got in (want + n, want - n) for n, got, want in cases):
        return "cost_one_side_only", (
            f"Your {pattern!r} count is about half the right one: it counts the keys on one side of each query only "
            "(offsets d ≥ 0, keys before the query). The pattern is symmetric: offset +d and offset -d each hold "
            "n - |d| pairs, so every offset d ≠ 0 counts twice and the diagonal once.")
    return None


def global_mask_reading(judge: Judge) -> tuple[str, str] | None:
    """Which half of the global rule a wrong global-token mask breaks, when it breaks one and keeps the other:
    global tokens must be seen by every query (their rows all True) AND see every key (their columns all True)."""
    for observation, want in wrong_calls(judge, "global_token_mask")[:1]:
        got, flags = observation.result, observation.args[0]
        if not isinstance(got, torch.Tensor) or got.dtype != torch.bool or got.shape != want.shape:
            return None
        seen_by_all = bool((got | ~flags.unsqueeze(-1)).all())            # rows of global keys all True
        see_all = bool((got | ~flags.unsqueeze(-2)).all())                # columns of global queries all True
        extra = bool((got & ~want).any())
        more = (" Your mask also shows pairs of two ordinary tokens (the diagonal, say): the global-token pattern "
                "has none; combine it with local_mask or causal_mask for those." if extra else "")
        if see_all and not seen_by_all:
            return "global_tokens_not_seen_by_all", (
                "Your global tokens see every key, but ordinary queries do not all see the global tokens: the ROW "
                "of a global key must be all True too, [j, i] = is_global[j] or is_global[i]." + more)
        if seen_by_all and not see_all:
            return "global_tokens_do_not_see_all", (
                "Every query sees your global tokens, but a global query does not see every key: the COLUMN of a "
                "global query must be all True too, [j, i] = is_global[j] or is_global[i]." + more)
    return None


def randint(gen: torch.Generator, low: int, high: int) -> int:
    """A random integer in [low, high]."""
    return int(torch.randint(low, high + 1, (), generator=gen))


@pytest.mark.grades("strided_mask", weight=2)
def test_strided_mask(learner):
    """strided_mask(n, s)[j, i] is True iff i - j is a multiple of s: n = 1, stride 1 (dense), strides that divide n
    and that do not, a stride equal to n and one past n, 6 random (n, s) up to n = 40 (a bool tensor), and n = 2100
    with stride 700 (offsets past 2048, the last integer float16 holds, round to a multiple); strides 7, 11, 49 and
    97 over four multiples (their reciprocals are inexact in float32 and float64: a multiple times 1/s is no whole
    number); n = 0 gives a bool (0, 0) mask (the contract leaves this open: raising there is accepted)."""
    gen = generator(1501)
    with Judge(learner, "sparse_attention") as judge:
        judge.expect_if_returns("strided_mask", 0, 3, tol=EXACT)
        for n, stride in ((1, 1), (5, 1), (6, 2), (7, 3), (8, 4), (5, 5), (4, 7)):
            judge.expect("strided_mask", n, stride, tol=EXACT)
        for _ in range(6):
            n = randint(gen, 2, 40)
            judge.expect("strided_mask", n, randint(gen, 1, n + 2), tol=EXACT)
        judge.expect("strided_mask", 2100, 700, tol=EXACT)   # few bands: a right loop over the diagonals is fast
        for stride in (7, 11, 49, 97):   # 1/s inexact in floating point: k * (1 / s) need not be a whole number
            judge.expect("strided_mask", 4 * stride + 2, stride, tol=EXACT)


@pytest.mark.grades("strided_mask")
def test_strided_mask_rejects_bad_strides(learner):
    """A stride below 1 is a ValueError (a valid call still works), for sequences of one or two tokens too (a
    shortcut for a tiny n must not skip the check)."""
    with Judge(learner, "sparse_attention") as judge:
        judge.expect("strided_mask", 6, 2, tol=EXACT)
        judge.expect_value_error("strided_mask", 6, 0, argument="stride (0)")
        judge.expect_value_error("strided_mask", 5, -2, argument="stride (-2)")
        judge.expect_value_error("strided_mask", 1, 0, argument="stride (0, n = 1)")
        judge.expect_value_error("strided_mask", 2, -1, argument="stride (-1, n = 2)")


def dense_attention(Q, K, V, mask):
    from reference.attention import scaled_dot_product_attention

    return scaled_dot_product_attention(Q, K, V, mask)[0]


@pytest.mark.grades("strided_mask")
def test_dilated_window_hides_the_other_keys(learner):
    """A dilated window, local_mask(n, w·s) & strided_mask(n, s), used in attention: changing the keys and values
    that query i must not see (offsets that are not multiples of s, or farther than w·s) leaves its output
    unchanged, and changing a key it does see changes it."""
    from reference.masking import local_mask

    gen = generator(1502)
    with Judge(learner, "sparse_attention") as judge:
        for n, window, stride in ((12, 2, 3), (15, 1, 4), (9, 3, 2)):
            strided = judge.call("strided_mask", n, stride)
            if not judge.last_has_expected_form():
                continue
            mask = local_mask(n, window * stride) & strided
            Q, K, V = (randn(gen, 4, n, dtype=torch.float64) for _ in range(3))
            query = n // 2
            hidden = (torch.arange(n) - query).remainder(stride).ne(0) | (torch.arange(n) - query).abs().gt(
                window * stride)
            changed_K, changed_V = K.clone(), V.clone()
            changed_K[:, hidden] += 5.0
            changed_V[:, hidden] -= 5.0
            before = dense_attention(Q, K, V, mask)[:, query]
            after = dense_attention(Q, changed_K, changed_V, mask)[:, query]
            judge.require(torch.allclose(before, after, atol=1e-12),
                          "with your strided mask a query still sees keys whose offset is not a multiple of the "
                          "stride (changing them changed its output)")
            seen_K = K.clone()
            seen_K[:, (query + stride) % n] += 5.0
            judge.require(not torch.allclose(before, dense_attention(Q, seen_K, V, mask)[:, query], atol=1e-9),
                          "with your strided mask a query does not see the key one stride away")


def is_global_flags(gen, *shape: int, share: float = 0.3) -> torch.Tensor:
    return torch.rand(*shape, generator=gen) < share


@pytest.mark.grades("global_token_mask", weight=2)
def test_global_token_mask(learner):
    """global_token_mask(is_global)[..., j, i] is True iff token j or token i is global: one sequence, a batch, two
    batch axes, no global token and all global (each with none, one and two batch axes), N = 1, 4 random batches and N =
    2050 (past buffers of 2048 tokens); no tokens (N = 0, also batched) give masks with no entries (the contract leaves
    this open: raising there is accepted)."""
    gen = generator(1511)
    with ReadingJudge(learner, "sparse_attention") as judge:
        for flag in (False, True):
            for batch in ((), (3,), (2, 2)):
                judge.expect("global_token_mask", torch.full((*batch, 4), flag), tol=EXACT)
        judge.expect_if_returns("global_token_mask", torch.zeros(0, dtype=torch.bool), tol=EXACT)
        judge.expect_if_returns("global_token_mask", torch.zeros(2, 0, dtype=torch.bool), tol=EXACT)
        judge.expect("global_token_mask", torch.tensor([False, True, False, False, True]), tol=EXACT)
        judge.expect("global_token_mask", is_global_flags(gen, 3, 6), tol=EXACT)
        judge.expect("global_token_mask", is_global_flags(gen, 2, 3, 4), tol=EXACT)
        judge.expect("global_token_mask", torch.zeros(7, dtype=torch.bool), tol=EXACT)
        judge.expect("global_token_mask", torch.ones(2, 3, dtype=torch.bool), tol=EXACT)
        judge.expect("global_token_mask", torch.tensor([True]), tol=EXACT)
        for _ in range(4):
            judge.expect("global_token_mask", is_global_flags(gen, randint(gen, 1, 4), randint(gen, 2, 20)),
                         tol=EXACT)
        with judge.patience(4):                      # past buffers of 2048 tokens; a loop over tokens is allowed
            judge.expect("global_token_mask", is_global_flags(gen, 2050), tol=EXACT)


@pytest.mark.grades("global_token_mask")
def test_global_tokens_see_and_are_seen(learner):
    """Longformer's pattern, local_mask(n, w) | global_token_mask(is_global), used in attention: a global query's
    output is that of full attention (it sees every key); changing a global token's key changes every query's
    output; changing an ordinary key far from a query changes nothing for it."""
    from reference.masking import local_mask

    gen = generator(1512)
    with ReadingJudge(learner, "sparse_attention") as judge:
        n, window = 16, 1
        is_global = torch.zeros(n, dtype=torch.bool)
        is_global[[0, 9]] = True
        flags = judge.call("global_token_mask", is_global)
        if not judge.last_has_expected_form():
            return
        mask = local_mask(n, window) | flags
        Q, K, V = (randn(gen, 4, n, dtype=torch.float64) for _ in range(3))
        output = dense_attention(Q, K, V, mask)
        full = dense_attention(Q, K, V, None)
        judge.require(torch.allclose(output[:, [0, 9]], full[:, [0, 9]], atol=1e-12),
                      "a global token's query does not see every key: its row of the mask must be all True")
        changed = K.clone()
        changed[:, 9] += 3.0
        moved = (dense_attention(Q, changed, V, mask) - output).abs().amax(dim=0) > 1e-9
        judge.require(bool(moved.all()), "changing a global token's key did not change every query's output: every "
                      "query must see the global tokens")
        far = K.clone()
        far[:, 4] += 3.0                                            # ordinary token 4: outside query 13's window
        judge.require(torch.allclose(dense_attention(Q, far, V, mask)[:, 13], output[:, 13], atol=1e-12),
                      "an ordinary query sees an ordinary key outside its window: only global tokens are seen by all")


def cost_cases(gen, count: int, max_n: int) -> list[tuple[str, int, dict]]:
    cases = []
    for _ in range(count):
        n = randint(gen, 1, max_n)
        cases += [("dense", n, {}), ("causal", n, {}), ("local", n, {"window": randint(gen, 0, n + 2)}),
                  ("strided", n, {"stride": randint(gen, 1, n + 2)}), ("global", n, {"num_global": randint(gen, 0, n)})]
    return cases


@pytest.mark.grades("sparse_attention_cost", weight=2)
def test_cost_of_each_pattern(learner):
    """The number of scored pairs of each pattern, as a Python int: hand-picked edge cases (n = 1, window 0, a
    window at and past n - 1, a stride dividing n, past n, no and all global tokens) and 8 random n up to 60."""
    gen = generator(1521)
    with ReadingJudge(learner, "sparse_attention") as judge:
        edges = [("dense", 1, {}), ("causal", 1, {}), ("local", 1, {"window": 0}), ("local", 9, {"window": 0}),
                 ("local", 9, {"window": 8}), ("local", 9, {"window": 20}), ("local", 10, {"window": 3}),
                 ("strided", 1, {"stride": 1}), ("strided", 12, {"stride": 4}), ("strided", 13, {"stride": 4}),
                 ("strided", 7, {"stride": 7}), ("strided", 7, {"stride": 9}), ("global", 8, {"num_global": 0}),
                 ("global", 8, {"num_global": 8}), ("global", 30, {"num_global": 3})]
        for pattern, n, sizes in edges + cost_cases(gen, 8, 60):
            judge.expect("sparse_attention_cost", pattern, n, tol=EXACT, **sizes)


@pytest.mark.grades("sparse_attention_cost")
def test_cost_ignores_the_sizes_a_pattern_does_not_take(learner):
    """Each pattern reads its own size only: a window given to "causal", "dense", "strided" or "global", a stride to
    "local", and every size at once change nothing (each formula of the contract holds whatever else is passed)."""
    with ReadingJudge(learner, "sparse_attention") as judge:
        for pattern, n, sizes in (("causal", 6, {"window": 2}), ("dense", 5, {"stride": 2, "num_global": 1}),
                                  ("strided", 10, {"stride": 2, "window": 1}), ("global", 8, {"num_global": 2,
                                                                                             "window": 1}),
                                  ("local", 9, {"window": 2, "stride": 3}),
                                  ("local", 12, {"window": 3, "stride": 4, "num_global": 2}),
                                  ("strided", 12, {"stride": 5, "window": 2, "num_global": 3})):
            judge.expect("sparse_attention_cost", pattern, n, tol=EXACT, **sizes)


@pytest.mark.grades("sparse_attention_cost")
def test_cost_counts_the_masks(learner):
    """The cost is the number of True entries of the pattern's mask — local, strided and global-token masks, all
    correct ones (a mistake in the learner's strided_mask is charged to strided_mask alone) — for 5 random (n, size)
    each: the closed forms count what the masks show."""
    from reference.masking import local_mask
    from reference.sparse_attention import global_token_mask, strided_mask

    gen = generator(1522)
    with ReadingJudge(learner, "sparse_attention") as judge:
        for _ in range(5):
            n = randint(gen, 1, 30)
            window, stride, num_global = randint(gen, 0, n + 1), randint(gen, 1, n + 1), randint(gen, 0, n)
            local = judge.call("sparse_attention_cost", "local", n, window=window)
            judge.require(local == int(local_mask(n, window).sum()), f"the local cost for n={n}, window={window} is "
                          "not the number of True entries of local_mask(n, window)")
            strided = judge.call("sparse_attention_cost", "strided", n, stride=stride)
            judge.require(strided == int(strided_mask(n, stride).sum()), f"sparse_attention_cost('strided', {n}, "
                          f"stride={stride}) is not the number of True entries of strided_mask({n}, {stride})")
            flags = torch.randperm(n, generator=gen) < num_global
            cost = judge.call("sparse_attention_cost", "global", n, num_global=num_global)
            judge.require(cost == int(global_token_mask(flags).sum()), f"the global cost for n={n}, num_global="
                          f"{num_global} is not the number of True entries of a global-token mask")


@pytest.mark.grades("sparse_attention_cost")
def test_cost_at_long_lengths(learner):
    """Long sequences, where sparse patterns matter: n = 4096 with w = 128 (the benchmark's size), n = 100,000 and
    1,000,000 with windows, strides and global tokens of realistic sizes; exact ints, beyond 32 bits for n²."""
    with ReadingJudge(learner, "sparse_attention") as judge:
        cases = [("dense", 4096, {}), ("local", 4096, {"window": 128}), ("causal", 100_000, {}),
                 ("local", 100_000, {"window": 512}), ("strided", 100_000, {"stride": 256}),
                 ("global", 100_000, {"num_global": 16}), ("dense", 1_000_000, {}),
                 ("local", 1_000_000, {"window": 256}), ("strided", 1_000_000, {"stride": 1000})]
        for pattern, n, sizes in cases:
            try:
                judge.expect("sparse_attention_cost", pattern, n, tol=EXACT, **sizes)
            except LearnerError as error:
                if error.kind in ("memory", "timeout") or "alloc" in error.message.lower() \
                        or error.type_name == "MemoryError":
                    raise Misconception(*CLOSED_FORM, f"sparse_attention_cost({pattern!r}, {n:,}) ran out of "
                                        f"{'time' if error.kind == 'timeout' else 'memory'}") from None
                raise


@pytest.mark.grades("sparse_attention_cost")
def test_cost_exact_beyond_float_precision(learner):
    """Every pattern at n = 10^9 + 1 and 10^12 + 7 (a context of a million million tokens: only a closed form answers
    in time), odd sizes among them: the exact int, where a float holds integers exactly only up to 2^53 (≈ 9e15) and
    n(n + 1)/2 is far beyond it, so a count that goes through `/`, math.floor or float(n) loses its last digits; and
    n itself past 2^53 (10^16 + 3, 2^60 + 1), where even a quotient n / stride rounds before its int() is taken."""
    cases = [("causal", 10**9 + 1, {}), ("dense", 10**9 + 1, {}), ("local", 10**9 + 1, {"window": 4095}),
             ("strided", 10**9 + 1, {"stride": 3}), ("global", 10**9 + 1, {"num_global": 7}),
             ("causal", 10**12 + 7, {}), ("local", 10**12 + 7, {"window": 10**6 + 1}),
             ("strided", 10**12 + 7, {"stride": 999_983}), ("global", 10**12 + 7, {"num_global": 10**6 + 3}),
             ("strided", 10**16 + 3, {"stride": 2}), ("local", 10**16 + 3, {"window": 10**8 + 7}),
             ("causal", 2**60 + 1, {}), ("global", 2**60 + 1, {"num_global": 2**40 + 1})]
    # a closed form answers in microseconds: a loop is stopped after 2 s, and only this check fails
    with ReadingJudge(learner, "sparse_attention") as judge, judge.patience(0.2, give_up=False):
        for pattern, n, sizes in cases:
            try:
                got = judge.call("sparse_attention_cost", pattern, n, **sizes)
            except LearnerError as error:
                if error.kind == "timeout":
                    raise Misconception("cost_not_in_closed_form", "Your sparse_attention_cost takes longer than a "
                                        "call may on a long sequence: a loop over the n queries or offsets (or over "
                                        "the pairs) cannot count n = 10^12 tokens. Sum each arithmetic series in "
                                        "closed form, as the contract's formulas do: n(n + 1)/2 is one "
                                        "multiplication.", f"sparse_attention_cost({pattern!r}, {n:,}) ran out of "
                                        "time") from None
                raise
            # floats explain the first difference only: a formula off by n is off by as little, relatively, at 2^60
            first = not judge.problems
            judge.require_agreement(len(judge.observations) - 1)
            want = judge.expected[-1]
            if first and judge.problems and type(got) is int and got != want and abs(got - want) <= want * 2.0 ** -50:
                raise Misconception("cost_through_floats", "Your sparse_attention_cost is right for short sequences "
                                    "and off in the last digits for long ones: the count went through a float "
                                    "(n * (n + 1) / 2, math.floor((n - 1) / s), float(n) or math.sqrt), and a "
                                    "float64 holds integers exactly only up to 2^53. Keep to ints: // for the "
                                    "halving and the floor, which is exact here because n(n + 1) is even.",
                                    judge.problems[-1])


@pytest.mark.grades("sparse_attention_cost")
def test_cost_rejects_unknown_patterns_and_missing_sizes(learner):
    """An unknown pattern (a name that is none of the five, other spellings of theirs included, a part of one and
    the empty name), and each sized pattern without its size (also when another pattern's size is given), is a
    ValueError (a valid call still works)."""
    with ReadingJudge(learner, "sparse_attention") as judge:
        judge.expect("sparse_attention_cost", "local", 10, tol=EXACT, window=2)
        judge.expect_value_error("sparse_attention_cost", "banded", 10, argument="pattern ('banded')", window=2)
        judge.expect_value_error("sparse_attention_cost", "Dense", 10, argument="pattern ('Dense': names are exact)")
        judge.expect_value_error("sparse_attention_cost", "dilated", 10, argument="pattern ('dilated')", num_global=2)
        for part in ("loc", "stride", "glob", ""):   # a part of a name: a substring test would take it for a pattern
            judge.expect_value_error("sparse_attention_cost", part, 10, argument=f"pattern ({part!r}: a part of a name)",
                                     window=2, stride=2, num_global=1)
        judge.expect_value_error("sparse_attention_cost", "local", 10, argument="window (missing)")
        judge.expect_value_error("sparse_attention_cost", "strided", 10, argument="stride (missing)")
        judge.expect_value_error("sparse_attention_cost", "global", 10, argument="num_global (missing)")
        judge.expect_value_error("sparse_attention_cost", "local", 10, stride=2,
                                 argument="window (missing; a stride given instead)")
        judge.expect_value_error("sparse_attention_cost", "strided", 10, window=2, num_global=1,
                                 argument="stride (missing; other sizes given instead)")
        judge.expect_value_error("sparse_attention_cost", "global", 10, window=3,
                                 argument="num_global (missing; a window given instead)")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def strided_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (case.n_k, int(torch.randint(1, case.n_k + 1, (), generator=gen))), {}


def global_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (torch.rand(*case.batch, case.n_k, generator=gen) < 0.3,), {}


# Masks: the general clauses give them fresh values, non-contiguous flags and results of their own
def cost_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """A pattern (the mode) at a random n from 6 to 40 with its size argument: window 1 to 4, stride 2 to 5, or 1 to
    4 global tokens."""
    pattern, n = case.extra.get("pattern", "local"), randint(gen, 6, 40)
    size = {"local": ("window", randint(gen, 1, 4)), "strided": ("stride", randint(gen, 2, 5)),
            "global": ("num_global", randint(gen, 1, 4))}.get(pattern)
    return (pattern, n), dict([size]) if size else {}


SPECS = {"strided_mask": Spec(strided_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "global_token_mask": Spec(global_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "sparse_attention_cost": Spec(cost_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False,
                                       modes=tuple({"pattern": p} for p in ("dense", "causal", "local", "strided",
                                                                             "global")))}
globals().update(clause_checks("sparse_attention", SPECS))
