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
