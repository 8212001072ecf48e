"""Seeded distribution checks: a random function's outputs reduced to counts, judged by exact binomial bounds, and
the catalogue variant whose counts match the learner's named (the method and the false-failure rate it gives are
in grader/exercises/pretraining/test_pretraining.py's docstring)."""
from __future__ import annotations

import math
from collections.abc import Callable

import torch

from grader import catalogue
from grader.diagnose import Misconception, evaluate, same_form

ALPHA = 1e-8            # per binomial test; see the module docstring for the suite's false-failure rate
MATCH_SIGMAS = 6.0      # two counts are consistent within this many standard deviations (naming only)


def binomial_interval(trials: int, p: float, alpha: float = ALPHA) -> tuple[int, int]:
    """(lo, hi) with P(X < lo) <= alpha/2 and P(X > hi) <= alpha/2 for X ~ Binomial(trials, p), from the exact pmf."""
    if trials == 0 or p <= 0:
        return 0, 0
    if p >= 1:
        return trials, trials
    k = torch.arange(trials + 1, dtype=torch.float64)
    log_pmf = (math.lgamma(trials + 1) - torch.lgamma(k + 1) - torch.lgamma(trials - k + 1)
               + k * math.log(p) + (trials - k) * math.log1p(-p))
    pmf = log_pmf.exp()
    below = pmf.cumsum(0)                                   # P(X <= k)
    above = pmf.flip(0).cumsum(0).flip(0)                   # P(X >= k)
    lo = int((below <= alpha / 2).sum())                    # P(X <= lo - 1) <= alpha/2
    hi = trials - int((above <= alpha / 2).sum())           # P(X >= hi + 1) <= alpha/2
    return lo, hi


Counts = dict[str, tuple[int, int]]                         # name -> (hits, trials)


def consistent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two (hits, trials) could come from one rate: equal where either rate is 0 or 1, else a two-sample
    test within MATCH_SIGMAS."""
    (x, n), (y, m) = a, b
    if n == 0 or m == 0:
        return n == m
    if x in (0, n) or y in (0, m):
        return x * m == y * n
    pooled = (x + y) / (n + m)
    return abs(x / n - y / m) <= MATCH_SIGMAS * math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))


def name_the_mistake(exercise: str, function: str, cases: list[tuple[tuple, dict]], count: Callable[[list], Counts],
                     learner_counts: Counts) -> tuple[str, str]:
    """The first wrong catalogue variant of ``function`` whose counts on the same calls are consistent with the
    learner's; a generic diagnosis if none is."""
    for variant in catalogue.variants(exercise, correct=False):
        if variant.function != function:
            continue
        module = catalogue.load(variant)
        try:
            results = [evaluate(getattr(module, function), args, kwargs) for args, kwargs in cases]
            theirs = count(results)
        except Exception:       # a variant that cannot run on these inputs does not explain them
            continue
        if set(theirs) == set(learner_counts) and all(consistent(learner_counts[k], theirs[k]) for k in theirs):
            return variant.name, variant.explanation
    return ("wrong_distribution", "Your results break a property or a probability that the contract fixes (see the "
            "message), and match no known mistake. Re-read the rules step by step: which positions may be chosen, "
            "with what probability, what a chosen token becomes, and what the labels hold.")


def judge_counts(exercise: str, function: str, cases, results, count: Callable[[list], Counts],
                 expected: dict[str, float], explain: dict[str, str]) -> None:
    """Fail (naming the mistake) unless every count lies in its binomial acceptance interval (exactly 0 or all
    for rates of 0 or 1)."""
    counts = count(results)
    problems = {}
    for name, p in expected.items():
        hits, trials = counts[name]
        lo, hi = binomial_interval(trials, p)
        if not lo <= hits <= hi:
            problems[name] = (f"{explain[name]}: {hits} of {trials} ({hits / max(trials, 1):.3f}), expected "
                              f"{'exactly ' if p in (0, 1) else 'about '}{p:.3g}")
    if problems:
        first, *more = problems.values()
        message = first + (f" (and {len(more)} more)" if more else "")
        name = name_the_mistake(exercise, function, cases, count, counts)
        if name[0] == "wrong_distribution" and set(problems) <= set(SEED_COUNTS):
            name = GENERATOR_NOT_USED
        raise Misconception(*name, message)


# Counts a check may take of seeded calls: a seed given twice, and two seeds.
SEED_COUNTS = ("same_seed_differs", "other_seed_same")
GENERATOR_NOT_USED = ("generator_not_used", "Your function does not take its randomness from the generator it is "
                      "given: the same seed should give the same result and another seed another result. Pass "
                      "generator=generator to every torch.rand / randint / multinomial / randperm you call, and do "
                      "not seed anything yourself (no torch.manual_seed, no torch.Generator() of your own, no "
                      "Python random).")


def name_by_form(exercise: str, function: str, cases: list[tuple[tuple, dict]], results: list,
                 expected: list) -> tuple[str, str] | None:
    """The first wrong catalogue variant of ``function`` whose results on the same calls have the learner's form
    (types, shapes, dtypes: values aside, since the draws may differ) where the learner's form differs from the
    reference's (``expected``); None if none has. For results of the wrong form, where counts cannot be taken."""
    for variant in catalogue.variants(exercise, correct=False):
        if variant.function != function:
            continue
        module = catalogue.load(variant)
        try:
            theirs = [evaluate(getattr(module, function), args, kwargs) for args, kwargs in cases[:len(results)]]
        except Exception:       # a variant that cannot run on these inputs does not explain them
            continue
        if all(same_form(mine, other) for mine, other in zip(results, theirs)) and \
                not all(same_form(mine, want) for mine, want in zip(results, expected)):
            return variant.name, variant.explanation
    return None
