"""Hidden checks: ``next_token_probs``, ``generate``, ``sequence_log_prob`` and ``beam_search``.

Sampling is judged on the returned probability vector (which tokens survive each filter and with what probability)
and on seeded ``generate`` output: the learner's generator is ``torch.Generator().manual_seed(n)`` and the contract
fixes one ``torch.multinomial(probs, 1, generator=generator)`` per step, so the sampled ids must equal the
reference's exactly. The model is a ``TableModel`` (logits = table[:, ids] + pos[:, :N]), the same class here and in
the sandbox. Beam search is deterministic: exact ids.

Tolerances (u = 2^-24): a float32 softmax of logits l / T errs by (2·max|l/T| + V + 3)·u relative (see
test_softmax.py); renormalising after a filter adds V·u; twice that. ``sequence_log_prob`` sums N-1 log-softmax
values, each off by (2·max|l| + V + 3)·u absolute: four times N times that. Which tokens are kept must match
exactly; the inputs keep every cumulative sum at least 1e-3 away from p < 1 (checked by ``assert_clear_of_p``).

The checks use ``SamplingJudge`` (``sampling_judge.py``): the catalogue first, then this exercise's own readings of a
failure that the generic ones only call "different" (a dtype lost in one mode, log-probabilities read from the wrong
columns, draws that are not torch.multinomial's, a beam-search tie broken the other way, a crash at one token or at
max_new_tokens = 0).
"""
import math
from dataclasses import replace

import pytest
import torch

from grader.clauses import Case, Spec, clause_checks, register
from grader.diagnose import Misconception, agree
from grader.exercises.sampling.sampling_judge import SamplingJudge
from grader.judge import EXACT, Judge, Tolerance, call_text, generator, randn
from grader.sandbox.protocol import Seed, TableModel


def probs_tol(logits: torch.Tensor, temperature: float) -> Tolerance:
    top = float(logits.abs().max()) / (temperature or 1.0)
    return Tolerance.float32(2 * (2 * top + 2 * len(logits) + 3))


def table_model(gen, vocab: int, positions: int, scale: float = 2.0, context: str = "last") -> TableModel:
    """A random table model: a bigram model, or (context="sum") one whose columns read every earlier token."""
    return TableModel(randn(gen, vocab, vocab, scale=scale), randn(gen, vocab, positions, scale=scale / 4), context)


def clear_of_p(logits: torch.Tensor, temperature: float, top_k, top_p: float) -> bool:
    """Whether the reference's cumulative sums stay 1e-3 away from p, so float32 rounding cannot move the cut."""
    from reference.sampling import next_token_probs

    probs = next_token_probs(logits.double(), temperature, top_k, None)
    cumulative = torch.cumsum(torch.sort(probs, descending=True).values, dim=0)
    return bool(((cumulative - top_p).abs() > 1e-3).all())


def assert_clear_of_p(logits: torch.Tensor, temperature: float, top_k, top_p: float) -> None:
    """Instructor guard: a check that depended on rounding would be unfair (see ``clear_of_p``)."""
    assert clear_of_p(logits, temperature, top_k, top_p), "hidden-suite input too close to p; pick another seed"


def expect_probs(judge: Judge, logits, temperature=1.0, top_k=None, top_p=None):
    if top_p is not None and top_p < 1:
        assert_clear_of_p(logits, temperature, top_k, top_p)
    judge.expect("next_token_probs", logits, temperature, top_k, top_p, tol=probs_tol(logits, temperature))


@pytest.mark.grades("next_token_probs")
def test_temperature(learner):
    """softmax(logits / T) for T = 0.5, 1 and 2.5 (float32, and float64 kept as float64), and logits 200 apart at T =
    100: the temperature divides the logits, so every token keeps a share (softmax first, then p^(1/T), underflows
    to 0); logits near 100 at T = 0.5 and near -1000 at T = 2 (a shift by the largest logit rather than by the
    largest logit / T overflows); a vocabulary of one token (probabilities (1,), not a 0-d tensor); temperatures of
    0.02 and 0.01, sharp but not greedy; logits that look like probabilities (a one-hot, non-negative values summing
    to 1) are logits too."""
    gen = generator(901)
    with SamplingJudge(learner) as judge:
        logits = randn(gen, 12, scale=2.0)
        for temperature in (0.5, 1.0, 2.5):
            expect_probs(judge, logits, temperature)
        expect_probs(judge, randn(gen, 7, dtype=torch.float64, scale=2.0), 1.5)
        expect_probs(judge, torch.tensor([0.0, -200.0, -150.0, 5.0, -90.0]), 100.0)
        # the shift before exp is the largest of logits / T: shifting by the largest logit overflows at T < 1 (exp(2 *
        # 100 - 100)) and at T > 1 for logits far below zero (exp(-1000 / 2 + 1000))
        expect_probs(judge, torch.tensor([100.0, 90.0, 0.0, 95.0]), 0.5)
        expect_probs(judge, torch.tensor([-1000.0, -1010.0, -1200.0, -1003.0]), 2.0)
        expect_probs(judge, torch.tensor([0.3]), 1.0)
        # low temperatures, sharp but not greedy: a floor on T (max(T, 0.05)) flattens them
        expect_probs(judge, torch.tensor([0.0, 0.1, -0.05, 0.08]), 0.02)
        expect_probs(judge, torch.tensor([1.0, 1.03, 0.99], dtype=torch.float64), 0.01)
        # logits that happen to look like probabilities (non-negative, summing to 1: a one-hot, a softmax output)
        # are logits all the same
        expect_probs(judge, torch.tensor([0.0, 0.0, 1.0, 0.0]), 1.0)
        expect_probs(judge, torch.tensor([0.125, 0.5, 0.25, 0.125]), 0.5)


@pytest.mark.grades("next_token_probs")
def test_greedy_at_temperature_zero(learner):
    """temperature = 0 gives a one-hot on the arg-max, ties to the lowest id."""
    gen = generator(902)
    with SamplingJudge(learner) as judge:
        expect_probs(judge, randn(gen, 9), 0.0)
        expect_probs(judge, torch.tensor([1.0, 3.0, -2.0, 3.0, 3.0]), 0.0)


@pytest.mark.grades("next_token_probs")
def test_top_k(learner):
    """top-k keeps exactly k tokens (ties to the lower ids), renormalised: k = 1, 3, V; with tied logits, and with
    ten tied top logits among thirty (an unstable sort does not keep tied ids in order); no top_k over a vocabulary
    of 100 keeps every token (no default cut, such as Hugging Face's 50), and so does a k past V (k = V + 1, 5V);
    logits all far below -1e4 (the hidden ones must get no mass: -inf, not a large negative number)."""
    gen = generator(903)
    with SamplingJudge(learner) as judge:
        logits = randn(gen, 10, scale=2.0)
        for k in (1, 3, 10):
            expect_probs(judge, logits, 1.0, k)
        tied = torch.tensor([0.5, 2.0, 1.0, 2.0, 2.0, -1.0, 1.0])
        expect_probs(judge, tied, 1.0, 2)
        expect_probs(judge, tied, 0.8, 4)
        many_tied = torch.tensor([0.1] * 10 + [0.05] * 20).log()
        for k in (1, 3):
            expect_probs(judge, many_tied, 1.0, k)
        wide = randn(gen, 100, scale=2.0)
        judge.expect("next_token_probs", wide, tol=probs_tol(wide, 1.0))      # every argument left at its default
        for k in (11, 50):                                                     # k past V keeps every token
            expect_probs(judge, logits, 1.0, k)
        for k in (1, 3):          # every logit far below -1e4: hiding with a large finite number leaves them the mass
            expect_probs(judge, logits * 10 - 3e4, 1.0, k)


@pytest.mark.grades("next_token_probs")
def test_top_p(learner):
    """top-p keeps the shortest prefix (by decreasing probability) whose total reaches p, the crossing token
    included: p = 0.05 (one token), 0.5, 0.9, 1.0 (everything) and 1e-9 (the top token: 1 - p rounds to 1 in
    float32); p = 1.0 also where the float32 running total of
    the probabilities ends just below 1, so that no token "reaches" p (``short_of_one``); and float64 logits whose
    running total lies 5e-9 below p (a float64 input is decided in float64)."""
    gen = generator(904)
    with SamplingJudge(learner) as judge:
        logits = randn(gen, 12, scale=1.5)
        for top_p in (0.05, 0.5, 0.9, 1.0, 1e-9):     # a tiny p keeps the top token (1 - p rounds to 1)
            expect_probs(judge, logits, 1.0, None, top_p)
        expect_probs(judge, randn(gen, 20, scale=1.0), 1.3, None, 0.6)
        for logits in short_of_one(generator(905)):
            expect_probs(judge, logits, 1.0, None, 1.0)
        # float64 logits whose running total 0.5 + 0.3 lies 5e-9 below p: float64 keeps the third token, a float32
        # running total (0.5 + 0.3 rounds to 0.80000001) stops at two
        logits = torch.tensor([0.5, 0.3, 0.2], dtype=torch.float64).log()
        judge.expect("next_token_probs", logits, 1.0, None, 0.8 + 5e-9, tol=probs_tol(logits, 1.0).scaled(FLOAT64))


def short_of_one(gen: torch.Generator, count: int = 3) -> list[torch.Tensor]:
    """`count` float32 logits of sizes 7 to 1000 whose probabilities, sorted in decreasing order, add up to less than
    1 in a float32 running total, whether they come from torch.softmax or from exp / sum. Where the total lands
    depends on the CPU's vector kernels (AVX2 and AVX-512 round differently), so the inputs are found on the machine
    that grades rather than fixed."""
    def total(probs: torch.Tensor) -> float:
        return float(torch.cumsum(torch.sort(probs, descending=True).values, dim=0)[-1])

    found = []
    for attempt in range(400):
        logits = randn(gen, (7, 13, 50, 257, 1000)[attempt % 5], scale=1.5)
        exp = torch.exp(logits - logits.max())
        if total(torch.softmax(logits, dim=-1)) < 1 and total(exp / exp.sum()) < 1:
            found.append(logits)
            if len(found) == count:
                break
    assert found, "instructor guard: no logits whose float32 total ends below 1 on this machine; draw more"
    return found


@pytest.mark.grades("next_token_probs")
def test_top_k_then_top_p(learner):
    """top-k first, then top-p on the renormalised top-k distribution, then renormalise."""
    gen = generator(905)
    with SamplingJudge(learner) as judge:
        logits = randn(gen, 16, scale=1.0)
        expect_probs(judge, logits, 1.0, 6, 0.7)
        expect_probs(judge, logits, 0.7, 3, 0.5)
        expect_probs(judge, randn(gen, 16, scale=2.0), 1.2, 8, 0.85)


@pytest.mark.grades("next_token_probs")
def test_each_filter_at_its_neutral_value(learner):
    """Each filter at a value where it keeps everything (top_p = 1, top_k = V or more, temperature 1) while the
    others act: a shortcut for the neutral value must still apply the other filters, in float32 and float64."""
    gen = generator(919)
    with SamplingJudge(learner) as judge:
        for dtype in (torch.float32, torch.float64):
            for temperature, top_k, top_p in ((1.0, 3, 1.0), (0.7, 1, 1.0), (1.3, 12, 0.6), (1.0, 15, 0.8),
                                              (1.0, 4, None), (1.0, None, 1.0), (0.0, 12, 1.0)):
                logits = clear_logits(gen, 12, dtype, temperature, top_k, top_p)
                tol = probs_tol(logits, temperature)
                judge.expect("next_token_probs", logits, temperature, top_k, top_p,
                             tol=tol.scaled(4 * FLOAT64) if dtype == torch.float64 else tol)


def randint(gen, low: int, high: int) -> int:
    return int(torch.randint(low, high, (), generator=gen))


@pytest.mark.grades("next_token_probs")
def test_random_ties(learner):
    """Random logits on a coarse grid (many exact ties) with random temperature (0 included), top-k and top-p: ties
    go to the lower id everywhere — in greedy decoding, in top-k and at the top-p cut. Cases whose cumulative sums
    come within 1e-3 of p are skipped (drawn again), so float32 rounding never decides the cut."""
    gen = generator(911)
    with SamplingJudge(learner) as judge:
        done = 0
        while done < 20:
            vocab = randint(gen, 3, 13)
            logits = torch.randint(-3, 4, (vocab,), generator=gen).float() * 0.5
            temperature = (0.0, 0.6, 1.0, 1.7)[randint(gen, 0, 4)]
            top_k = randint(gen, 1, vocab + 1) if randint(gen, 0, 5) < 3 else None
            top_p = round(0.15 + 0.8 * float(torch.rand((), generator=gen)), 3) if randint(gen, 0, 5) < 3 else None
            if top_p is not None and temperature and not clear_of_p(logits, temperature, top_k, top_p):
                continue
            judge.expect("next_token_probs", logits, temperature, top_k, top_p, tol=probs_tol(logits, temperature))
            done += 1


def clear_logits(gen, vocab: int, dtype: torch.dtype, temperature: float, top_k, top_p) -> torch.Tensor:
    """Random logits whose top-p cut float rounding cannot move (drawn again until ``clear_of_p``)."""
    while True:
        logits = randn(gen, vocab, dtype=dtype, scale=2.0)
        if top_p is None or top_p >= 1 or temperature == 0 or clear_of_p(logits, temperature, top_k, top_p):
            return logits


@pytest.mark.grades("next_token_probs")
def test_dtype_in_every_mode(learner):
    """The result keeps the logits' dtype in EVERY mode: float64 logits give float64 probabilities, to float64
    accuracy, greedy (temperature 0, alone and with top-k and top-p given), at another temperature, with top-k, top-p
    and both; float32 greedy with the filters given stays float32."""
    gen = generator(917)
    with SamplingJudge(learner) as judge:
        for temperature, top_k, top_p in ((0.0, None, None), (0.0, 3, 0.5), (1.0, 4, None), (1.0, None, 0.7),
                                          (0.8, 5, 0.6), (1.5, None, None)):
            logits = clear_logits(gen, 11, torch.float64, temperature, top_k, top_p)
            judge.expect("next_token_probs", logits, temperature, top_k, top_p,
                         tol=probs_tol(logits, temperature).scaled(4 * FLOAT64))
        expect_probs(judge, randn(gen, 8), 0.0, 2, 0.9)


@pytest.mark.grades("generate")
def test_generate_random_cases(learner):
    """Random models, prompts, lengths, temperatures, top-k and context sizes, with an eos id of random strength —
    the boundary ids 0 and V-1 as well as inner ones (0 is a valid id, not "no eos"): seeded generation gives the
    reference's ids exactly; and models whose columns read every earlier token (greedy and sampled, with and without
    a context size)."""
    gen = generator(912)
    with SamplingJudge(learner) as judge:
        for case in range(15):
            vocab = randint(gen, 3, 10)
            model = table_model(gen, vocab, 40)
            eos = (0, vocab - 1, randint(gen, 0, vocab))[case % 3]
            model.table[eos] += 2.0 * float(torch.rand((), generator=gen))
            prompt = torch.randint(0, vocab, (randint(gen, 1, 4),), generator=gen)
            kwargs = {"eos_id": eos, "generator": Seed(100 + case)}
            if randint(gen, 0, 2):
                kwargs["context_size"] = randint(gen, 1, 5)
            if randint(gen, 0, 2):
                kwargs["top_k"] = randint(gen, 1, vocab + 1)
            temperature = (0.0, 0.7, 1.0, 1.5)[randint(gen, 0, 4)]
            judge.expect("generate", model, prompt, randint(gen, 1, 12), temperature, tol=EXACT, **kwargs)
        # models whose columns read every earlier token: logits reused from an earlier step, or a context cropped one
        # token off, change the draws (a bigram model sees only the last token)
        gen = generator(913)
        for case in range(6):
            vocab = randint(gen, 3, 8)
            model = table_model(gen, vocab, 40, context="sum")
            prompt = torch.randint(0, vocab, (randint(gen, 1, 4),), generator=gen)
            kwargs = {"context_size": randint(gen, 2, 6)} if case % 2 else {}
            judge.expect("generate", model, prompt, randint(gen, 4, 12), (0.0, 1.0)[case % 3 == 2], tol=EXACT,
                         generator=Seed(200 + case), **kwargs)


@pytest.mark.grades("generate", weight=2)
def test_generate_seeded(learner):
    """Seeded generation gives the reference's ids exactly: plain sampling, temperature with top-k, top-p, greedy,
    and a temperature with top-p and with both filters (the temperature comes first, then the filters); three calls
    with one generator, which is one stream (each call goes on where the last one's draws ended); and plain sampling
    from logits in the thousands (the softmax shifted by the largest logit, or exp overflows)."""
    gen = generator(906)
    with SamplingJudge(learner) as judge:
        model = table_model(gen, 12, 24)
        prompt = torch.randint(0, 12, (3,), generator=gen)
        judge.expect("generate", model, prompt, 10, generator=Seed(1), tol=EXACT)
        judge.expect("generate", model, prompt, 8, 0.7, 5, generator=Seed(2), tol=EXACT)
        judge.expect("generate", model, prompt[:1], 12, top_p=0.8, generator=Seed(3), tol=EXACT)
        judge.expect("generate", model, prompt, 6, 0.0, generator=Seed(4), tol=EXACT)
        judge.expect("generate", model, prompt, 10, 2.0, None, 0.5, generator=Seed(5), tol=EXACT)
        judge.expect("generate", model, prompt[:2], 10, 0.6, 6, 0.85, generator=Seed(6), tol=EXACT)
        judge.expect_stream_continues("generate", model, prompt, 6, generator=Seed(7), exact=True)
        loud = table_model(generator(907), 6, 24, scale=1000.0)    # logits in the thousands: exp overflows unshifted
        judge.expect("generate", loud, prompt % 6, 5, generator=Seed(8), tol=EXACT)


@pytest.mark.grades("generate")
def test_generate_eos_and_context(learner):
    """Generation stops right after emitting eos_id (eos included), also for an eos id past 256 (an `is` comparison
    of ints works only for small ones); the model sees only the last context_size tokens."""
    gen = generator(907)
    with SamplingJudge(learner) as judge:
        model = table_model(gen, 8, 30)
        model.table[5] += 1.5                                 # make token 5 likely enough to end some runs early
        prompt = torch.randint(0, 8, (4,), generator=gen)
        for seed in range(4):
            judge.expect("generate", model, prompt, 12, eos_id=5, generator=Seed(10 + seed), tol=EXACT)
        judge.expect("generate", model, prompt, 10, context_size=3, generator=Seed(20), tol=EXACT)
        judge.expect("generate", model, prompt, 10, 1.0, 4, context_size=2, generator=Seed(21), tol=EXACT)
        wide = table_model(gen, 400, 16)                      # ids past 256, where `is` stops matching equal ints
        wide.table[299] += 4.0
        judge.expect("generate", wide, torch.tensor([297, 298]), 6, eos_id=299, generator=Seed(22), tol=EXACT)
        judge.expect("generate", wide, torch.tensor([297]), 6, 0.0, eos_id=299, tol=EXACT)


@pytest.mark.grades("generate")
def test_generate_without_a_generator_uses_torch_global_one(learner):
    """With no generator, the draws are torch.multinomial(probs, 1)'s from torch's global generator: after
    torch.manual_seed(n) the ids are the reference's after the same seed (plain sampling, a temperature with top-k,
    top-p; no greedy step, where drawing is optional), so a course's torch.manual_seed reproduces a text; and a second
    call goes on along that stream (it does not put the global generator back, as torch.random.fork_rng() would)."""
    gen = generator(927)
    model = table_model(gen, 10, 24)
    prompt = torch.randint(0, 10, (2,), generator=gen)
    for seed, (args, kwargs) in enumerate((((8,), {}), ((7, 0.8, 4), {}), ((6, 1.2, None, 0.85), {}))):
        judge = SamplingJudge(learner)
        with judge.global_seed(300 + seed), judge:      # a probe that calls again starts from the seed too
            judge.expect("generate", model, prompt, *args, tol=EXACT, **kwargs)
            if judge.problems and judge.names_nothing_specific() and agree(judge.call(
                    "generate", model, prompt, *args, generator=Seed(310 + seed), tol=EXACT, **kwargs),
                    judge.expected[-1], EXACT):
                raise Misconception("global_generator_not_used", "Your generate is right with a generator, but "
                                    "without one its draws do not come from torch's global generator: call "
                                    "torch.multinomial(probs, 1, generator=generator) with generator=None as it is "
                                    "(not a torch.Generator() of your own, not a fixed seed), so that "
                                    "torch.manual_seed(n) before the call reproduces the text.", judge.problems[0])
            judge.expect_stream_continues("generate", model, prompt, *args, times=2, exact=True, **kwargs)


@pytest.mark.grades("generate")
def test_generate_greedy_ties(learner):
    """Greedy generation (temperature 0, with and without a generator) breaks ties between equal maxima to the lowest
    id, as next_token_probs does: a model whose every column ties two or three tokens for the maximum."""
    with SamplingJudge(learner) as judge:
        calls = []
        for column in ([0.0, 2.0, 2.0, 1.0, 0.0], [3.0, 1.0, 3.0, 3.0], [1.0, 1.0]):
            vocab = len(column)
            model = TableModel(torch.tensor(column).repeat(vocab, 1).T.contiguous(), torch.zeros(vocab, 12))
            for prompt, steps, kwargs in ((torch.tensor([0, vocab - 1]), 4, {}), (torch.tensor([vocab - 1]), 3,
                                                                                  {"generator": Seed(5)})):
                calls.append((model, prompt, judge.expect("generate", model, prompt, steps, 0.0, tol=EXACT, **kwargs)))
        if judge.problems and all(only_maxima(*call) for call in calls):
            raise Misconception("greedy_ties_not_lowest", "Your greedy steps (temperature 0) pick a token of maximal "
                                "logit, but not the LOWEST id among tied maxima, as the contract says (and "
                                "torch.argmax does). A reversed sort, nonzero()[-1], a max over (logit, id) pairs or "
                                "a sampled one-hot with several ones break the tie otherwise.", judge.problems[0])


@pytest.mark.grades("generate")
def test_generate_filters_with_tied_logits(learner):
    """Sampled generation from models whose logits tie at the filters' edges, as next_token_probs's contract has it
    inside generate too: top-k keeps exactly k tokens (a tie at the k-th goes to the lower ids), top-p sorts tied
    tokens by id; 1 to 3 kept tokens, temperatures 1 and 0.7, each with several seeds (a filter that keeps every tie
    of the k-th logit draws the extra tokens now and then)."""
    with SamplingJudge(learner) as judge:
        for column, top_k, top_p in (([2.0, 1.0, 1.0, 0.0], 2, None), ([1.0, 1.0, 1.0, 0.0, 0.0], 1, None),
                                     ([0.0, 3.0, 1.0, 3.0, 1.0], 3, None), ([2.0, 2.0, 0.0, 2.0], None, 0.5),
                                     ([1.0, 0.0, 1.0, 1.0, 0.0], 2, 0.9)):
            vocab = len(column)
            model = TableModel(torch.tensor(column).repeat(vocab, 1).T.contiguous(), torch.zeros(vocab, 16))
            for seed, temperature in ((0, 1.0), (1, 0.7), (2, 1.0), (3, 0.7)):
                judge.expect("generate", model, torch.tensor([0]), 8, temperature, top_k, top_p,
                             generator=Seed(500 + seed), tol=EXACT)


def only_maxima(model: TableModel, prompt: torch.Tensor, result) -> bool:
    """Whether every token a greedy `result` adds after `prompt` has a maximal logit where it was chosen."""
    if not isinstance(result, torch.Tensor) or result.dim() != 1 or len(result) <= len(prompt) or \
            not torch.equal(result[:len(prompt)], prompt):
        return False
    for n in range(len(prompt), len(result)):
        logits = model(result[:n].long())[:, -1]
        if not 0 <= int(result[n]) < len(logits) or logits[int(result[n])] != logits.max():
            return False
    return True


@pytest.mark.grades("generate")
def test_generate_a_long_run(learner):
    """1,200 greedy tokens, more than Python's recursion limit (about 1,000 levels): no recursion per token. The same
    model's 20-token run comes first, so that code wrong on short runs fails there, where the call is cheap to
    diagnose."""
    gen = generator(919)
    with SamplingJudge(learner) as judge:
        model, prompt = table_model(gen, 3, 1210), torch.tensor([2, 0])
        judge.expect("generate", model, prompt, 20, 0.0, tol=EXACT)
        with judge.patience(4):
            judge.expect("generate", model, prompt, 1200, 0.0, tol=EXACT)


@pytest.mark.grades("generate")
def test_generate_max_new_tokens_bound(learner):
    """max_new_tokens bounds the new tokens, 0 included: 0 returns the prompt itself whatever the other arguments
    (nothing is drawn), 1 adds exactly one token (sampled, filtered, greedy without a generator)."""
    gen = generator(918)
    with SamplingJudge(learner) as judge:
        model = table_model(gen, 7, 24)
        prompt = torch.randint(0, 7, (3,), generator=gen)
        judge.expect("generate", model, prompt, 0, generator=Seed(30), tol=EXACT)
        judge.expect("generate", model, prompt[:1], 0, 0.0, 2, 0.9, int(prompt[0]), Seed(31), 1, tol=EXACT)
        judge.expect("generate", model, prompt, 1, generator=Seed(32), tol=EXACT)
        judge.expect("generate", model, prompt[:1], 1, 0.7, 3, 0.9, generator=Seed(33), context_size=2, tol=EXACT)
        judge.expect("generate", model, prompt, 1, 0.0, tol=EXACT)


@pytest.mark.grades("generate")
def test_generate_draws_once_per_step(learner):
    """The random stream: one torch.multinomial draw per new token, none after eos and none when max_new_tokens is 0.
    After the call the generator is where the reference leaves it (its next draw is the same), so the caller's later
    draws match: an extra draw (a torch.rand for a coin, a token drawn after eos) leaves it elsewhere. Greedy steps
    (temperature 0) are left out: there the one-hot has one outcome, and skipping the draw is as right as making it."""
    from reference.sampling import generate

    gen = generator(919)
    behind = []
    with SamplingJudge(learner) as judge:
        model = table_model(gen, 9, 24)
        model.table[4] += 1.0                                 # token 4 ends some runs early
        prompt = torch.randint(0, 9, (3,), generator=gen)
        for seed, (args, kwargs) in enumerate((((8,), {}), ((8, 0.8, 3, 0.9), {}), ((10,), {"eos_id": 4}),
                                               ((0,), {}), ((6, 1.3, 4), {}), ((5, 0.7), {"eos_id": 4}))):
            judge.expect("generate", model, prompt, *args, generator=Seed(40 + seed), tol=EXACT, **kwargs)
            stream = torch.Generator().manual_seed(40 + seed)
            generate(model, prompt.clone(), *args, generator=stream, **kwargs)
            if learner.streams != [int(torch.randint(0, 2**62, (), generator=stream))]:
                behind.append(call_text("generate", (model, prompt, *args), kwargs))
    if behind:
        raise Misconception("random_stream_differs", (
            "Your generate returns the right ids but leaves the generator elsewhere than one torch.multinomial(probs, "
            "1, generator=generator) per new token would: a step that draws more than once (an extra torch.rand for "
            "a coin, a draw of its own for the filters) or a draw after eos. The contract fixes the draws so that a "
            "caller's later draws from the same generator match."),
            f"after {behind[0]} the generator's next draw differs from the reference's"
            + (f" (and after {len(behind) - 1} more calls)" if len(behind) > 1 else ""))


@pytest.mark.grades("generate")
def test_generate_context_sizes(learner):
    """The model sees the last context_size ids, and ALL of them while there are no more than context_size: a
    context larger than the prompt and everything generated, larger than the prompt only (cropping starts midway,
    also while fewer than half the window is filled), as long as the prompt, shorter, and a single id; with no
    context_size, all of a 1,030-id prompt (no block size of 1,024). The models' position biases are large, so a
    context of the wrong length changes the draws."""
    gen = generator(919)
    with SamplingJudge(learner) as judge:
        for case, (n0, steps, context_size) in enumerate(((2, 6, 12), (2, 8, 5), (3, 6, 4), (4, 6, 4), (5, 6, 2),
                                                          (1, 5, 1))):
            model = TableModel(randn(gen, 8, 8, scale=2.0), randn(gen, 8, 16, scale=2.0))
            prompt = torch.randint(0, 8, (n0,), generator=gen)
            top_k = (None, 5)[case % 2]
            judge.expect("generate", model, prompt, steps, 1.0, top_k, generator=Seed(40 + case),
                         context_size=context_size, tol=EXACT)
        model = TableModel(randn(gen, 8, 8, scale=2.0), randn(gen, 8, 1040, scale=4.0))
        judge.expect("generate", model, torch.randint(0, 8, (1030,), generator=gen), 3, 0.0, tol=EXACT)


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob(learner):
    """Σ_{n>=1} log p(ids[n] | ids[:n]), column n-1 scoring ids[n]; N = 1 gives 0; logits in the thousands (a token
    far less likely than the best has a large negative log-probability, never -inf); 40 ids, under a bigram model and
    a model whose columns read every earlier token; a vocabulary of one token (logits (1, N): every log-probability
    is 0); 1,500 ids."""
    gen = generator(908)
    with SamplingJudge(learner) as judge:
        for vocab, n, scale in ((10, 6, 2.0), (5, 2, 2.0), (7, 1, 2.0), (20, 15, 2.0), (10, 6, 3000.0)):
            model = table_model(gen, vocab, 16, scale)
            top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
            judge.expect("sequence_log_prob", model, torch.randint(0, vocab, (n,), generator=gen),
                         tol=Tolerance.float32(4 * n * (2 * top + vocab + 3)))
        gen = generator(909)   # 40 ids, and a model whose columns read every earlier token: no window may restart
        for context in ("last", "sum"):
            model = table_model(gen, 6, 48, context=context)
            top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
            judge.expect("sequence_log_prob", model, torch.randint(0, 6, (40,), generator=gen),
                         tol=Tolerance.float32(4 * 40 * (2 * top + 6 + 3)))
        model = table_model(gen, 1, 8)
        judge.expect("sequence_log_prob", model, torch.zeros(5, dtype=torch.long), tol=Tolerance.float32(64.0))
        model = table_model(gen, 5, 1600)   # a long sequence: no table or buffer of the learner's own may cap N
        top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
        judge.expect("sequence_log_prob", model, torch.randint(0, 5, (1500,), generator=gen),
                     tol=Tolerance.float32(4 * 1500 * (2 * top + 5 + 3)))


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob_calls_the_model_once(learner):
    """One model call on the whole sequence, as the contract says (column n - 1 of that call scores ids[n]): not a
    call per prefix (the same value from a causal model, at N times the cost), nor an extra call to read V first.
    Sequences of 2 to 40 ids (N = 1 may skip the model: its log-probability is 0)."""
    gen = generator(918)
    extra = []
    with SamplingJudge(learner) as judge:
        for vocab, n in ((8, 6), (5, 2), (9, 12), (7, 40)):
            model = table_model(gen, vocab, 48)
            ids = torch.randint(0, vocab, (n,), generator=gen)
            top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
            judge.expect("sequence_log_prob", model, ids, tol=Tolerance.float32(4 * n * (2 * top + vocab + 3)))
            if learner.model_calls != [1]:
                extra.append(f"{call_text('sequence_log_prob', (model, ids), {})} called the model "
                             f"{learner.model_calls[0] if learner.model_calls else 'an unknown number of'} times")
    if extra:
        raise Misconception("model_called_more_than_once", (
            "Your sequence_log_prob has the right value but calls the model more than once. One call on the whole "
            "sequence gives every column at once: column n - 1 scores ids[n], so log_softmax(model(ids), dim=0) "
            "holds every term of the sum. A call per prefix costs N times as much (and a model that is not causal "
            "would give other values)."), extra[0] + (f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""))


def beam_cases(gen):
    """(model, prompt, beam_width, max_new_tokens, eos_id): widths 1..4, with and without eos. With this seed
    (picked for it) every search of width >= 2 ends elsewhere than greedy decoding, and every search with eos ends
    elsewhere than a search that keeps extending finished beams."""
    cases = []
    for vocab, width, steps, eos in ((6, 1, 5, None), (6, 2, 5, None), (7, 3, 4, None), (5, 4, 6, None),
                                     (6, 3, 6, 2), (8, 2, 7, 0)):
        model = TableModel(randn(gen, vocab, vocab, scale=1.5), randn(gen, vocab, 16, scale=0.4))
        if eos is not None:
            model.table[eos] += 0.5                           # eos competitive: finished beams must compete
        cases.append((model, torch.randint(0, vocab, (2,), generator=gen), width, steps, eos))
    return cases


@pytest.mark.grades("beam_search", weight=2)
def test_beam_search(learner):
    """Beam search on summed log-probabilities returns the reference's sequence exactly, for widths 1 to 4."""
    with SamplingJudge(learner) as judge:
        for model, prompt, width, steps, _ in beam_cases(generator(993))[:4]:
            judge.expect("beam_search", model, prompt, width, steps, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_max_new_tokens_bound(learner):
    """max_new_tokens bounds the steps, 0 included: 0 returns the prompt itself (no first expansion outside the
    loop), 1 adds exactly one token, with and without an eos."""
    gen = generator(995)
    with SamplingJudge(learner) as judge:
        model = TableModel(randn(gen, 6, 6, scale=1.5), randn(gen, 6, 16, scale=0.4))
        prompt = torch.randint(0, 6, (3,), generator=gen)
        for width in (1, 3):
            judge.expect("beam_search", model, prompt, width, 0, tol=EXACT)
            judge.expect("beam_search", model, prompt, width, 1, tol=EXACT)
            judge.expect("beam_search", model, prompt[:1], width, 0, 2, tol=EXACT)
            judge.expect("beam_search", model, prompt[:1], width, 1, 2, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_with_eos(learner):
    """A beam ending in eos_id is finished: not extended, competing with its fixed score; with an eos id past 256
    too (a vocabulary of 400), where `is` stops matching equal ints."""
    with SamplingJudge(learner) as judge:
        for model, prompt, width, steps, eos in beam_cases(generator(993))[4:]:
            judge.expect("beam_search", model, prompt, width, steps, eos, tol=EXACT)
        wide = table_model(generator(994), 400, 16)
        wide.table[299] += 4.0                                  # eos is likely: beams finish early
        judge.expect("beam_search", wide, torch.tensor([297, 298]), 3, 6, 299, tol=EXACT)


@pytest.mark.grades("beam_search", weight=2)
def test_beam_search_random_cases(learner):
    """Many random searches — vocabularies 3 to 8, widths 1 to 4, up to 7 steps, with and without an eos of random
    strength, models whose columns read every earlier token (a score cached by a beam's length and last token is
    stale there), and models with logits in the thousands (exp overflows) — return the reference's sequence exactly
    (scores are plain sums: no length normalisation)."""
    gen = generator(994)
    with SamplingJudge(learner) as judge:
        for _ in range(24):
            vocab = int(torch.randint(3, 9, (), generator=gen))
            model = TableModel(randn(gen, vocab, vocab, scale=1.5), randn(gen, vocab, 16, scale=0.4))
            eos = int(torch.randint(0, vocab, (), generator=gen)) if torch.rand((), generator=gen) < 0.75 else None
            if eos is not None:
                model.table[eos] += 2.0 * float(torch.rand((), generator=gen))
            width = int(torch.randint(1, 5, (), generator=gen))
            steps = int(torch.randint(1, 8, (), generator=gen))
            prompt = torch.randint(0, vocab, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen)
            judge.expect("beam_search", model, prompt, width, steps, eos, tol=EXACT)
        gen = generator(995)   # models whose columns read every earlier token: two beams ending alike still differ
        for _ in range(12):    # few tokens, wide beams, long searches: kept beams often end in the same token
            vocab = randint(gen, 2, 5)
            model = table_model(gen, vocab, 16, scale=1.0, context="sum")
            prompt = torch.randint(0, vocab, (randint(gen, 1, 3),), generator=gen)
            judge.expect("beam_search", model, prompt, 4, randint(gen, 10, 13), None, tol=EXACT)
        gen = generator(996)   # logits past 709: exp overflows even in float64, so log-probabilities need a shift
        for _ in range(4):     # by the largest logit (log_softmax); scores far apart, so no rounding decides a beam
            vocab = randint(gen, 3, 7)
            model = TableModel(randn(gen, vocab, vocab, scale=1000.0), randn(gen, vocab, 16, scale=100.0))
            prompt = torch.randint(0, vocab, (randint(gen, 1, 3),), generator=gen)
            judge.expect("beam_search", model, prompt, randint(gen, 1, 4), randint(gen, 2, 5), None, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_ties(learner):
    """Random models whose logits lie on a coarse grid, with duplicated rows (tied tokens) and duplicated columns
    (tied tokens lead to identical next-token distributions): many candidates have EXACTLY equal scores, and the
    contract's rule decides — ties to the earlier beam, then to the lower token id. One or two steps only: every
    score is then a sum of at most two log-probabilities, and x + y == y + x exactly, so equal scores are equal in
    any precision (with three terms the order of additions could split a tie by one rounding). Then three steps with
    an eos, where some tokens are followed by one certain token (log-probability exactly 0): a beam that finished
    ties with one that went on through a certain token, and the earlier beam wins."""
    gen = generator(913)
    with SamplingJudge(learner) as judge:
        for _ in range(20):
            vocab = randint(gen, 3, 7)
            base = torch.randint(-2, 3, (vocab, vocab), generator=gen).float()
            table = base[:, torch.randint(0, vocab, (vocab,), generator=gen)]
            table = table[torch.randint(0, vocab, (vocab,), generator=gen)].contiguous()
            model = TableModel(table, torch.zeros(vocab, 16))
            eos = randint(gen, 0, vocab) if randint(gen, 0, 3) == 0 else None
            prompt = torch.randint(0, vocab, (randint(gen, 1, 4),), generator=gen)
            judge.expect("beam_search", model, prompt, randint(gen, 1, 5), randint(gen, 1, 3), eos, tol=EXACT)
        for _ in range(60):                   # three steps, ties kept exact by rows whose next token is certain
            vocab = randint(gen, 3, 6)
            table = torch.randint(-1, 2, (vocab, vocab), generator=gen).float()[:, torch.randint(
                0, vocab, (vocab,), generator=gen)]
            for column in torch.nonzero(torch.rand(vocab, generator=gen) < 0.6).flatten().tolist():
                table[:, column] = -200.0                     # log-probability exactly 0 for one token, in float32
                table[randint(gen, 0, vocab), column] = 0.0
            model = TableModel(table.contiguous(), torch.zeros(vocab, 16))
            prompt = torch.randint(0, vocab, (randint(gen, 1, 3),), generator=gen)
            judge.expect("beam_search", model, prompt, randint(gen, 2, 5), 3, randint(gen, 0, vocab), tol=EXACT)


def tie_model(gen, vocab: int, tops: int) -> TableModel:
    """Every column of the table has `tops` maxima (logit 0) at random tokens and -60 elsewhere, no position bias: a
    softmax's sum is then exactly `tops` (e^-60 vanishes next to 1, in float32 as in float64), so EVERY context gives
    log-probabilities -log(tops) and -60 - log(tops), the same numbers at different tokens: candidates of different
    beams tie exactly, with different tokens."""
    table = torch.full((vocab, vocab), -60.0)
    for column in range(vocab):
        table[torch.randperm(vocab, generator=gen)[:tops], column] = 0.0
    return TableModel(table, torch.zeros(vocab, 8))


def two_level_model(gen, vocab: int) -> TableModel:
    """float64 columns of two kinds, -60 elsewhere: k tied maxima (k = 1, 2 or 4: log-probabilities 0, -log 2 or
    -log 4) or one token at probability 1/2 and two at 1/4 (logits 0, -log 2, -log 2). Every log-probability is then
    0, -log 2 or -log 4 = 2 · (-log 2) exactly (e^-60 vanishes in the sums), in float64 as in float32, so a beam that
    took 1/2 then 1/4 ties EXACTLY with one that took 1/4 then 1/2 (a + b == b + a), and the earlier beam may hold
    the lexicographically larger sequence."""
    table = torch.full((vocab, vocab), -60.0, dtype=torch.float64)
    for column in range(vocab):
        tokens = torch.randperm(vocab, generator=gen).tolist()
        if randint(gen, 0, 2) == 0 and vocab >= 3:
            table[tokens[0], column] = 0.0
            table[tokens[1:3], column] = -math.log(2.0)
        else:
            table[tokens[:min((1, 2, 4)[randint(gen, 0, 3)], vocab)], column] = 0.0
    return TableModel(table, torch.zeros(vocab, 8, dtype=torch.float64))


def beam_search_token_first(model, prompt, beam_width, max_new_tokens, eos_id=None,
                            order: str = "token_first") -> list[int]:
    """Instructor-side: beam search with ANOTHER tie rule, to keep only inputs on which the contract's rule decides
    the result: "token_first" (lower token id first, then earlier beam) or "sequence" (the lexicographically smaller
    sequence of ids first, as sorting (score, ids) tuples gives)."""
    beams = [(prompt.tolist(), 0.0, False)]
    for _ in range(max_new_tokens):
        if all(finished for _, _, finished in beams):
            break
        candidates = []
        for beam, (ids, score, finished) in enumerate(beams):
            if finished:
                candidates.append((ids, score, True, ids[-1], beam))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0).tolist()
            candidates += [(ids + [t], score + lp, t == eos_id, t, beam) for t, lp in enumerate(log_probs)]
        key = (lambda c: (-c[1], c[3], c[4])) if order == "token_first" else (lambda c: (-c[1], c[0]))
        beams = [c[:3] for c in sorted(candidates, key=key)[:beam_width]]
    return beams[0][0]


@pytest.mark.grades("beam_search")
def test_beam_search_near_ties(learner):
    """Logits that differ by a few hundred-thousandths (multiples of 3e-5, no two equal) and one step: the higher
    score wins however small the gap (rounding scores to a few decimals makes them tie, and the tie rule then picks
    the earlier beam or the lower id)."""
    gen = generator(914)
    with SamplingJudge(learner) as judge:
        for _ in range(12):
            vocab = randint(gen, 3, 7)
            table = torch.randperm(vocab * vocab, generator=gen).reshape(vocab, vocab).float() * 3e-5
            model = TableModel(table, torch.zeros(vocab, 16))
            prompt = torch.randint(0, vocab, (randint(gen, 1, 3),), generator=gen)
            judge.expect("beam_search", model, prompt, randint(gen, 1, 4), 1, None, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_ties_across_beams(learner):
    """Exact ties between candidates of DIFFERENT beams with different tokens, where the beam order and the token
    order disagree (models of `tie_model` and `two_level_model`; two steps, so every score is a sum of two
    log-probabilities and equal scores are equal in any precision): ties go to the earlier beam FIRST, then to the
    lower token id. Only inputs on which another order gives a different result are kept: 6 where the token-first
    order does, 4 where ordering the tied sequences lexicographically does."""
    from reference.sampling import beam_search

    with SamplingJudge(learner) as judge:
        for order, seed, wanted in (("token_first", 920, 6), ("sequence", 921, 4)):
            gen, done = generator(seed), 0
            while done < wanted:
                vocab = randint(gen, 3, 7)
                model = tie_model(gen, vocab, randint(gen, 1, min(3, vocab - 1) + 1)) if order == "token_first" \
                    else two_level_model(gen, vocab)
                prompt = torch.randint(0, vocab, (randint(gen, 1, 4),), generator=gen)
                eos = randint(gen, 0, vocab) if randint(gen, 0, 3) == 0 else None
                width, steps = randint(gen, 2, 5), 2
                if beam_search(model, prompt, width, steps, eos).tolist() == \
                        beam_search_token_first(model, prompt, width, steps, eos, order):
                    continue
                judge.expect("beam_search", model, prompt, width, steps, eos, tol=EXACT)
                done += 1


@pytest.mark.grades("beam_search")
def test_beam_search_long_sequences(learner):
    """48 steps over a flat 16-token distribution: a product of probabilities (~16^-48) underflows float32; summed
    log-probabilities do not."""
    gen = generator(910)
    with SamplingJudge(learner) as judge:
        model = table_model(gen, 16, 60, scale=0.3)
        judge.expect("beam_search", model, torch.tensor([3]), 2, 48, tol=EXACT)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob_gradients(learner):
    """The log-probability is differentiable in the model's weights (it is the training loss of a language model):
    the gradients of its table and position bias, float64, are the reference's."""
    gen = generator(917)
    with SamplingJudge(learner) as judge:
        for index, (vocab, n) in enumerate(((10, 6), (5, 2), (20, 15))):
            model = TableModel(randn(gen, vocab, vocab, dtype=torch.float64, scale=2.0),
                               randn(gen, vocab, 16, dtype=torch.float64, scale=0.5))
            top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
            tol = Tolerance.float32(4 * n * (2 * top + vocab + 3)).scaled(FLOAT64)
            judge.expect_grad("sequence_log_prob", (model, torch.randint(0, vocab, (n,), generator=gen)), {},
                              ["0/table", "0/pos"], tol=tol, seed=917 + index)


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob_float64_precision(learner):
    """A float64 model's log-probability is computed in float64 (the bound of test_sequence_log_prob with float64's
    unit roundoff 2^-53)."""
    gen = generator(916)
    with SamplingJudge(learner) as judge:
        for vocab, n in ((10, 6), (7, 1), (20, 15)):
            model = TableModel(randn(gen, vocab, vocab, dtype=torch.float64, scale=2.0),
                               randn(gen, vocab, 16, dtype=torch.float64, scale=0.5))
            top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
            judge.expect("sequence_log_prob", model, torch.randint(0, vocab, (n,), generator=gen),
                         tol=Tolerance.float32(4 * n * (2 * top + vocab + 3)).scaled(FLOAT64))


def trained_models(gen: torch.Generator, vocab: int, positions: int) -> list[TableModel]:
    """A module in the middle of training (weights that require grad, gradients accumulated, a frozen position table
    added by a forward hook, of a scale that matters), and one whose logits are a view of its own weights."""
    table, pos = randn(gen, vocab, vocab, scale=2.0), randn(gen, vocab, positions, scale=2.0)
    return [TableModel(table, pos, kind="trained"), TableModel(table, pos, "last", "weights_view", "trained")]


@pytest.mark.grades("generate")
def test_generate_with_models_in_training(learner):
    """Sampled (a temperature, top-k and top-p, seeded) and greedy generation with a model in the middle of training
    and one whose logits are a view of its weights: the reference's ids, and the model left as it was (which weights
    require grad, their values and dtype, their accumulated gradients; logits written into in place write into the
    model)."""
    gen = generator(931)
    with SamplingJudge(learner) as judge:
        for model in trained_models(gen, 7, 16):
            prompt = torch.randint(0, 7, (2,), generator=gen)
            judge.expect("generate", model, prompt, 6, 0.8, 4, 0.9, generator=Seed(40), tol=EXACT)
            judge.expect("generate", model, prompt, 5, 1.5, generator=Seed(41), tol=EXACT)
            judge.expect("generate", model, prompt, 5, 0.0, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_with_models_in_training(learner):
    """beam_search with a model in the middle of training and one whose logits are a view of its weights: the
    reference's ids, and the model left as it was."""
    gen = generator(932)
    with SamplingJudge(learner) as judge:
        for model in trained_models(gen, 6, 16):
            judge.expect("beam_search", model, torch.randint(0, 6, (2,), generator=gen), 2, 4, tol=EXACT)


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob_with_models_in_training(learner):
    """sequence_log_prob with a model in the middle of training and one whose logits are a view of its weights: the
    reference's value, and the model left as it was."""
    gen = generator(935)
    with SamplingJudge(learner) as judge:
        for model in trained_models(gen, 6, 16):
            ids = torch.randint(0, 6, (7,), generator=gen)
            judge.expect("sequence_log_prob", model, ids, tol=log_prob_tol((model, ids), {}))


def short_models(gen: torch.Generator):
    """(model, prompt, steps): models that take no more positions than the sequence needs (the prompt and every new
    token but the last)."""
    for prompt_length, steps in ((2, 3), (1, 5)):
        prompt = torch.randint(0, 5, (prompt_length,), generator=gen)
        yield table_model(gen, 5, prompt_length + steps - 1), prompt, steps


@pytest.mark.grades("generate")
def test_generate_with_a_model_of_just_enough_positions(learner):
    """A model that takes no more positions than the sequence needs: generate calls it on the tokens so far (sampled
    and greedy), never on a longer padded buffer."""
    with SamplingJudge(learner) as judge:
        for model, prompt, steps in short_models(generator(933)):
            judge.expect("generate", model, prompt, steps, 1.0, generator=Seed(50 + steps), tol=EXACT)
            judge.expect("generate", model, prompt, steps, 0.0, tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_with_a_model_of_just_enough_positions(learner):
    """A model that takes no more positions than the sequence needs: beam_search calls it on each beam so far."""
    with SamplingJudge(learner) as judge:
        for model, prompt, steps in short_models(generator(936)):
            judge.expect("beam_search", model, prompt, 2, steps, tol=EXACT)


# Columns that are probability vectors (non-negative, summing to 1) and columns of non-positive numbers (which look
# like log-probabilities but are not normalised): logits all the same, to go through the softmax.
LOOKALIKE_COLUMNS = ([1.0, 0.0, 0.0], [0.5, 0.25, 0.25, 0.0], [-1.0, -1.0], [-0.5, -2.0, -3.0])


def lookalike_model(column: list[float]) -> TableModel:
    vocab = len(column)
    return TableModel(torch.tensor(column).repeat(vocab, 1).T.contiguous(), torch.zeros(vocab, 12))


@pytest.mark.grades("generate")
def test_generate_logits_that_look_like_probabilities(learner):
    """Logits are logits whatever their values: columns that are probability vectors, or non-positive like
    log-probabilities, still go through the softmax (seeded sampling)."""
    with SamplingJudge(learner) as judge:
        for column in LOOKALIKE_COLUMNS:
            judge.expect("generate", lookalike_model(column), torch.tensor([0]), 8, generator=Seed(60 + len(column)),
                         tol=EXACT)


@pytest.mark.grades("beam_search")
def test_beam_search_logits_that_look_like_probabilities(learner):
    """Logits are logits whatever their values: columns that are probability vectors, or non-positive like
    log-probabilities, are log-softmaxed before they are summed."""
    with SamplingJudge(learner) as judge:
        for column in LOOKALIKE_COLUMNS:
            judge.expect("beam_search", lookalike_model(column), torch.tensor([0]), 2, 3, tol=EXACT)


@pytest.mark.grades("sequence_log_prob")
def test_sequence_log_prob_logits_that_look_like_probabilities(learner):
    """Logits are logits whatever their values (columns that are probability vectors, or non-positive like
    log-probabilities); and a vocabulary as large as the sequence is long ((V, N) square: a transpose meant for a
    (N, V) model would fit)."""
    with SamplingJudge(learner) as judge:
        for column in LOOKALIKE_COLUMNS:
            model, vocab = lookalike_model(column), len(column)
            ids = torch.tensor([0, vocab - 1, 0, 1 % vocab])
            judge.expect("sequence_log_prob", model, ids, tol=log_prob_tol((model, ids), {}))
        gen = generator(934)
        for vocab in (3, 5):
            model = table_model(gen, vocab, 8)
            ids = torch.randint(0, vocab, (vocab,), generator=gen)
            judge.expect("sequence_log_prob", model, ids, tol=log_prob_tol((model, ids), {}))


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

register("top_p_at_the_threshold",
         "top-p when a cumulative probability equals p exactly (equal logits, so every sum is exact): the shortest "
         "prefix that reaches p is kept, not one token more",
         lambda base: [replace(base, extra={"vocab": vocab, "top_p": keep / vocab})
                       for vocab in (4, 8) for keep in range(1, vocab)])
register("top_k_ties",
         "top-k when the k-th largest logit is tied: exactly k tokens are kept, ties going to the lower ids",
         lambda base: [replace(base, extra={"logits": logits, "top_k": k})
                       for logits, k in (([2.0, 1.0, 1.0, 1.0, 0.5], 2), ([1.0, 3.0, 1.0, 3.0, 1.0, 0.0], 1),
                                         ([0.5, 0.5, 0.5, 0.5], 3), ([2.0, 1.0, 2.0, 1.0, 1.0], 3))])


def probs_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    if "logits" in case.extra:
        logits = torch.tensor(case.extra["logits"], dtype=case.dtype)
    elif "vocab" in case.extra:
        logits = torch.zeros(case.extra["vocab"], dtype=case.dtype) + 0.75     # every softmax entry exactly 1/V
    else:
        logits = randn(gen, 9, dtype=case.dtype, scale=2.0 * case.scale)
    return (logits, case.extra.get("temperature", 1.0), case.extra.get("top_k"), case.extra.get("top_p")), {}


def log_prob_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (table_model(gen, 9, 16), torch.randint(0, 9, (case.n_q,), generator=gen)), {}


def log_prob_tol(args: tuple, kwargs: dict) -> Tolerance:
    model, ids = args
    top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
    return Tolerance.float32(4 * len(ids) * (2 * top + len(model.table) + 3))


def greedy_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Greedy decoding (no generator: A's very arguments are passed again, and a generator would have moved on)."""
    return (table_model(gen, 9, 16), torch.randint(0, 9, (3,), generator=gen), 6, 0.0), {}


def beam_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (table_model(gen, 7, 16, 1.5), torch.randint(0, 7, (2,), generator=gen), 3, 4), {}


# Sampling runs outside training: docs/contract.md does not ask it to be differentiable (sequence_log_prob is; its
# gradients have checks of their own above). The general clauses give every function fresh values and results of
# its own (a cache of ids or log-probabilities keyed by too little, or handed out as it is).
SPECS = {"next_token_probs": Spec(probs_inputs, lambda args, kwargs: probs_tol(args[0], args[1]),
                                  ("float64", "large_magnitudes", "top_p_at_the_threshold", "top_k_ties"),
                                  differentiable=False, modes=({}, {"temperature": 0.0}),   # and greedy
                                  options={"top_k": 4, "top_p": 0.9}),
         "sequence_log_prob": Spec(log_prob_inputs, log_prob_tol, (), differentiable=False),
         "generate": Spec(greedy_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "beam_search": Spec(beam_inputs, lambda args, kwargs: EXACT, (), differentiable=False)}
globals().update(clause_checks("sampling", SPECS))
