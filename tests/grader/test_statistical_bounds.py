"""The acceptance intervals behind the seeded distribution checks (grader/exercises/pretraining): exact binomial
tails, checked against scipy, so the false-failure rate the suite states is the one it has."""
import pytest
from scipy.stats import binom

from grader.exercises.pretraining.seeded_counts import ALPHA, binomial_interval, consistent


@pytest.mark.parametrize("trials, p", [(116_000, 0.15), (17_000, 0.8025), (1_700, 4 / 38), (3_000, 0.85 ** 8),
                                       (9_000, 0.5), (1_000, 1 / 9), (40, 0.3), (5, 0.5)])
def test_interval_tails_are_at_most_half_alpha_and_tight(trials, p):
    lo, hi = binomial_interval(trials, p)
    assert binom.cdf(lo - 1, trials, p) <= ALPHA / 2 and binom.sf(hi, trials, p) <= ALPHA / 2
    if lo > 0:   # one step inside, the tail is larger than alpha/2: the interval is no wider than it must be
        assert binom.cdf(lo, trials, p) > ALPHA / 2
    if hi < trials:
        assert binom.sf(hi - 1, trials, p) > ALPHA / 2


def test_degenerate_rates_must_be_met_exactly():
    assert binomial_interval(50, 0.0) == (0, 0)
    assert binomial_interval(50, 1.0) == (50, 50)
    assert binomial_interval(0, 0.4) == (0, 0)


def test_consistency_of_two_counts():
    assert consistent((150, 1000), (160, 1000))            # within sampling error
    assert not consistent((150, 1000), (400, 1000))
    assert not consistent((0, 1000), (3, 1000))            # zero is zero
    assert consistent((0, 1000), (0, 10))


@pytest.mark.parametrize("values", [3, 4])
def test_repeats_of_independent_uniform_draws_are_binomial(values):
    """The repeat counts of the seeded checks (a random token or sentence equal to the one before it) are binomial:
    over 20,000 runs of 200 uniform draws, their mean and variance are those of Binomial(199, 1/values)."""
    import torch

    draws = torch.randint(0, values, (20_000, 200), generator=torch.Generator().manual_seed(5))
    repeats = (draws[:, 1:] == draws[:, :-1]).sum(dim=1).double()
    n, p = 199, 1 / values
    assert abs(repeats.mean().item() - n * p) < 0.1
    assert abs(repeats.var().item() / (n * p * (1 - p)) - 1) < 0.05
