"""The precision-driven stopping rule (``royal_sim.analysis.stopping``): coverage of the
reported interval at the stop, by simulation; validation; determinism."""

import math

import numpy as np
import pytest

from royal_sim.analysis import wilson
from royal_sim.analysis.stopping import FIRST_LOOK, Z, Z_CENTRE, StoppingRule, bounds, z_of
from royal_sim.errors import RoyalSimError

PS = (0.0, 0.01, 0.05, 0.13, 0.3, 0.5, 0.8, 0.99)
PRECISIONS = (0.02, 0.05, 0.1)
STREAMS = 20_000
FLOOR = 0.95 - 3 * math.sqrt(0.95 * 0.05 / STREAMS)   # 0.9454


def stopped_coverage(looks, tables, p, streams, rng):
    """Run ``streams`` Bernoulli(p) streams through the looks; ``tables[j]`` is
    ``(lo, hi, settled)`` indexed by the made count at ``looks[j]`` (the last look must
    settle everything). Returns (coverage of the interval at the stop, mean deals)."""
    steps = np.diff(np.concatenate([[0], looks]))
    counts = np.cumsum(rng.binomial(steps, p, size=(streams, len(looks))), axis=1)
    width = looks[-1] + 1
    lo = np.stack([np.pad(t[0], (0, width - len(t[0]))) for t in tables])
    hi = np.stack([np.pad(t[1], (0, width - len(t[1]))) for t in tables])
    done = np.stack([np.pad(t[2], (0, width - len(t[2]))) for t in tables])
    j = np.arange(len(looks))
    first = np.argmax(done[j, counts], axis=1)               # first settled look per stream
    k = counts[np.arange(streams), first]
    covered = (lo[first, k] <= p) & (p <= hi[first, k])
    return covered.mean(), np.asarray(looks)[first].mean()


def rule_tables(rule):
    return [rule.table(n) for n in rule.looks()]


def plain_wilson_tables(looks, precision):
    """Plain 95 % Wilson for both the stopping test and the report, same looks."""
    out = []
    for n in looks:
        lo, hi = bounds(np.arange(n + 1), n, z=1.959963984540054, small_counts=False)
        out.append((lo, hi, ((hi - lo) / 2 <= precision + 1e-12) | (n == looks[-1])))
    return out


@pytest.mark.parametrize("precision", PRECISIONS)
def test_coverage_at_the_stop(precision):
    rule = StoppingRule(precision=precision)
    looks, tables = rule.looks(), rule_tables(rule)
    rng = np.random.default_rng(20261201)
    for p in PS:
        cov, deals = stopped_coverage(looks, tables, p, STREAMS, rng)
        assert cov >= FLOOR, (p, precision, cov, deals)


def test_plain_wilson_at_the_stop_fails():
    """The check can fail: plain Wilson, stopping on its own half-width, undercovers."""
    rng = np.random.default_rng(7)
    worst = []
    for precision in PRECISIONS:
        looks = StoppingRule(precision=precision).looks()
        tables = plain_wilson_tables(looks, precision)
        worst.append(min(stopped_coverage(looks, tables, p, STREAMS, rng)[0] for p in PS))
    assert min(worst) < FLOOR, worst


def test_settled_means_within_precision_or_at_the_cap():
    rule = StoppingRule()
    for made, deals in ((0, 42), (7, 180), (21, 180), (200, 400)):
        lo, hi = rule.interval(made, deals)
        assert rule.settled(made, deals) == ((hi - lo) / 2 <= 0.05), (made, deals)
    assert rule.settled(0, FIRST_LOOK) and not rule.settled(1, FIRST_LOOK)
    assert rule.settled(5000, 10_000) and rule.settled(3, 10_000)      # the cap
    assert not StoppingRule(precision=0.01).settled(2500, 5000)
    assert StoppingRule(precision=0.01, cap=5000).settled(2500, 5000)


def test_interval_is_wilson_with_exact_small_count_bounds():
    # plain 95 % Wilson: bounds(..., z=1.96, small_counts=False) is analysis.wilson
    for k, n in ((0, 10), (3, 40), (5, 10), (40, 40), (123, 1000)):
        assert bounds(k, n, 1.959963984540054, False) == pytest.approx(wilson(k, n))
    # the rule's interval is wider, and takes the Poisson bound for 1..6 made (or missed)
    rule = StoppingRule()
    for k, n in ((0, 50), (1, 50), (6, 50), (25, 50), (49, 50), (300, 1000)):
        lo, hi = rule.interval(k, n)
        wlo, whi = wilson(k, n)
        assert 0 <= lo <= wlo <= k / n <= whi <= hi <= 1
    assert rule.interval(1, 1000)[0] == pytest.approx(0.0253178 / 1000, rel=1e-5)
    for k in (0, 1, 6, 7, 300):                      # made ↔ missed is a mirror image
        lo, hi = rule.interval(k, 1000)
        assert rule.interval(1000 - k, 1000) == pytest.approx((1 - hi, 1 - lo))
    assert rule.interval(0, 1000)[0] == 0.0 and rule.interval(1000, 1000)[1] == 1.0


def test_z_is_smaller_near_one_half_and_the_bounds_rise_with_the_made_count():
    """z_of: Z_CENTRE within 0.4-0.6, Z outside 0.3-0.7, linear and symmetric between; the
    bounds of every look stay monotone in the made count, so one more made deal never
    lowers either bound."""
    assert z_of(0.5) == z_of(0.4) == z_of(0.6) == pytest.approx(Z_CENTRE)
    assert z_of(0.0) == z_of(0.3) == z_of(0.75) == pytest.approx(Z)
    assert z_of(0.35) == pytest.approx((Z + Z_CENTRE) / 2) == z_of(0.65)
    for n in StoppingRule().looks()[:20]:
        lo, hi = bounds(np.arange(n + 1), n)
        assert (np.diff(lo) >= -1e-12).all() and (np.diff(hi) >= -1e-12).all(), n
    # a column made on half its deals settles at ± 5 points on 400 deals (460 at z = Z)
    rule = StoppingRule()
    assert rule.settled(200, 400) and rule.settled(160, 400)
    lo, hi = bounds(200, 400, z=Z)
    assert (hi - lo) / 2 > 0.05


def test_looks_are_fixed_by_the_cap():
    rule = StoppingRule()
    looks = rule.looks()
    assert looks == StoppingRule(precision=0.02).looks() == StoppingRule().looks()
    assert looks[:8] == [42, 50, 60, 70, 90, 110, 130, 150] and looks[-1] == 10_000
    assert all(a < b for a, b in zip(looks, looks[1:]))
    assert StoppingRule(cap=1000).looks() == [n for n in looks if n < 1000] + [1000]
    assert StoppingRule(cap=FIRST_LOOK).looks() == [FIRST_LOOK]


@pytest.mark.parametrize("precision", [0, -0.1, 0.5000001, 1, float("nan"), "0.05", None])
def test_precision_outside_the_range_is_refused(precision):
    with pytest.raises(RoyalSimError) as err:
        StoppingRule(precision=precision)
    assert err.value.argument == "precision" and "precision" in str(err.value)


@pytest.mark.parametrize("cap", [0, 1, FIRST_LOOK - 1, 100.0, None])
def test_cap_below_the_first_round_is_refused(cap):
    with pytest.raises(RoyalSimError) as err:
        StoppingRule(cap=cap)
    assert err.value.argument == "samples" and "samples" in str(err.value)


def test_no_column_settles_before_the_first_round():
    rule = StoppingRule(precision=0.5)
    assert rule.interval(0, 0) == (0.0, 1.0)
    assert not rule.settled(0, 0) and not rule.settled(3, FIRST_LOOK - 1)
    assert not rule.table(FIRST_LOOK - 1)[2].any() and rule.table(FIRST_LOOK)[2].all()


def test_extreme_precisions_are_accepted():
    assert StoppingRule(precision=0.5).settled(21, 42)
    assert StoppingRule(precision=0.001, cap=FIRST_LOOK).looks() == [FIRST_LOOK]
