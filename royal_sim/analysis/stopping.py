"""Precision-driven sampling: how many deals a column (one slem) is searched on, and the interval
to report for it.

The rule. Deals come in rounds; ``StoppingRule.looks()`` are the cumulative deal counts at the
ends of the rounds: 42, 50, 60, 70, 90, 110, 130, … (each the previous one × 1.15 rounded up to
a multiple of 10), ending at the cap. They depend on the cap only, never on timing or thread
count. After each round a column whose interval is within ± ``precision`` (``settled``) is
searched no more; the cap ends every column. 42 is the fewest deals at which a column made on
none of them settles at the default precision (± 5 points).

The interval (``bounds``). The Wilson (1927) score interval at z = ``z_of(made / deals)``
instead of 1.96: ``Z`` = 2.15 where the share made is below 0.3 or above 0.7, ``Z_CENTRE``
= 2.01 where it is within 0.4-0.6, a straight line between (``z_of``); with the bound next
to 0 (and next to 1) taken from the exact Poisson limit when at most ``SMALL_COUNTS`` deals
are made (or missed), as always at the rule's looks: the modified Wilson interval of Brown,
Cai & DasGupta (2001, "Interval estimation for a binomial proportion"), which removes the
plain Wilson interval's coverage collapse near p = 0. The same interval is used by the
stopping test and reported, so a settled column's reported interval is within ± precision.

Why a z above 1.96. Stopping when the interval is narrow is data dependent: at small p a
stream that has run low settles early and its interval misses p from above (Armitage,
McPherson & Rowe 1969 for repeated looks at accumulating data). With plain Wilson at 1.96
the coverage at the stop falls to about 0.94 (0.939 at p = 0.13, ± 5 points; 0.935 at p =
0.01, ± 10 points), and to 0.84-0.89 at p of a few per mille, where one made deal puts the
plain Wilson lower bound above p. Near p = 1/2 the half-width hardly depends on the share
made (p(1 - p) is flat there), so the stop is nearly a fixed deal count and a fixed-n level
is nearly right: the smaller ``Z_CENTRE`` there lets a column near 50 % settle at ± 5
points on 400 deals instead of 460 (at ± 2 points on 2,600 instead of 2,990). Both z were
calibrated by exact computation of the coverage at the stop (dynamic programming over the
looks, as for group sequential designs, Jennison & Turnbull 2000, "Group Sequential Methods
with Applications to Clinical Trials") for precisions 0.01-0.5: ``Z`` the smallest of the
values tried (2.10, 2.12, 2.15), ``Z_CENTRE`` the largest that still settles a column at
50 % on 400 deals at ± 5 points, each keeping the coverage ≥ 0.95 at all p but isolated
discreteness dips (see ``interval``). The rule costs 1.0-1.2 × the deals of plain Wilson at
the stop (``benchmarks/bench_stopping.py``). Intervals valid at *every* look (a Bonferroni
split of 5 % over the looks, or a confidence sequence after Robbins 1970 and Howard et al.
2021) would also cover at any stopping time but need about twice the deals (Bonferroni:
1.8-2.3 ×); this rule's guarantee is for its own stopping time (and truncations of it, see
``interval``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import RoyalSimError

Z = 2.15              # normal quantile of the interval where few (or most) deals are made
Z_CENTRE = 2.01       # ... and where about half are (two-sided 96.8 % and 95.6 % for a fixed n)
CENTRE, EDGE = 0.1, 0.2   # |share made - 1/2| up to which Z_CENTRE holds, from which Z does
FIRST_LOOK = 42       # deals in the first round
GROWTH_PERMILLE = 1150  # each look is the previous one × 1.15 …
ROUND_TO = 10         # … rounded up to a multiple of 10
SMALL_COUNTS = 6      # made (or missed) counts 1..6 take the exact Poisson bound
POISSON_TAIL = 0.025  # one-sided tail of those Poisson bounds


DECIDED = 0.10
"""The half-width at which a column whose decision is taken stops (a bid's gain told apart
from 0: ``advisor.decided_bids``; a coinche contract below the best choice)."""
DECIDED_Z = 2.326
"""The normal quantile of a decided column's interval (98 %, wider than the rule's): the
stop looks at the column's own figures, which a 95 % interval at that look would not
cover at its nominal rate (``benchmarks/bench_decided.py``: 0.87 at the break-even chance;
with this one at least 0.950 over the grid)."""


def _poisson_lower(x: int, tail: float) -> float:
    """The mean λ with P(Poisson(λ) ≥ x) = tail, by bisection (x ≥ 1)."""
    lo, hi = 0.0, float(x)
    for _ in range(100):
        mid = (lo + hi) / 2
        below = math.exp(-mid) * sum(mid ** i / math.factorial(i) for i in range(x))
        lo, hi = (lo, mid) if 1 - below > tail else (mid, hi)
    return lo


_POISSON_LOWER = tuple(_poisson_lower(x, POISSON_TAIL) for x in range(1, SMALL_COUNTS + 1))


def z_of(share):
    """The rule's normal quantile for a column made on ``share`` of its deals (a float or
    a numpy array in [0, 1]): ``Z_CENTRE`` where |share - 1/2| ≤ ``CENTRE``, ``Z`` where it
    is ≥ ``EDGE``, linear between; symmetric in share ↔ 1 - share."""
    off = np.abs(np.asarray(share, dtype=float) - 0.5)
    return Z - (Z - Z_CENTRE) * np.clip((EDGE - off) / (EDGE - CENTRE), 0.0, 1.0)


def bounds(made, deals: int, z=None, small_counts: bool = True):
    """Modified Wilson score interval for ``made`` successes in ``deals`` trials.

    made: an int or an integer numpy array (0..deals); deals: int ≥ 1; z: normal quantile,
    a float or an array like ``made`` (1.96 gives the plain 95 % Wilson interval; default
    the rule's ``z_of(made / deals)``); small_counts: take the exact Poisson bound
    (``POISSON_TAIL`` one-sided) next to 0 when 1..``SMALL_COUNTS`` are made (and at most a
    seventh of the deals), and next to 1 when that many are missed, if it is wider (Brown,
    Cai & DasGupta 2001).
    Returns ``(lo, hi)``, probabilities in [0, 1], floats for an int ``made``, arrays for an
    array; (0, 1) when deals = 0. With ``small_counts=False`` and z = 1.96 this is
    ``royal_sim.analysis.wilson``. With the default z both bounds rise with ``made``."""
    k = np.asarray(made, dtype=float)
    if deals <= 0:
        lo, hi = np.zeros_like(k), np.ones_like(k)
        return (0.0, 1.0) if np.ndim(made) == 0 else (lo, hi)
    n = float(deals)
    p = k / n
    z = z_of(p) if z is None else np.asarray(z, dtype=float)
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = np.where(k == 0, 0.0, np.maximum(0.0, centre - half))
    hi = np.where(k == n, 1.0, np.minimum(1.0, centre + half))
    if small_counts:
        for x, lam in enumerate(_POISSON_LOWER[:int(deals) // 7], start=1):
            lo = np.where(k == x, np.minimum(lo, lam / n), lo)
            hi = np.where(k == n - x, np.maximum(hi, 1 - lam / n), hi)
    if np.ndim(made) == 0:
        return float(lo), float(hi)
    return lo, hi


def schedule(cap: int) -> list[int]:
    """Cumulative deal counts at the ends of the rounds: ``FIRST_LOOK``, then each the previous
    × 1.15 rounded up to a multiple of 10, while below ``cap``; the last one is ``cap``.
    Integer arithmetic only, so the same cap always gives the same looks."""
    looks = [min(FIRST_LOOK, cap)]
    while looks[-1] < cap:
        step = -(-looks[-1] * GROWTH_PERMILLE // (1000 * ROUND_TO)) * ROUND_TO
        looks.append(min(step, cap))
    return looks


@dataclass(frozen=True)
class StoppingRule:
    """When to stop searching a column, and what interval to report for it.

    precision: the half-width (a probability, 0.05 = ± 5 points) at which a column settles,
    in (0, 0.5]; cap: deals at which every column stops (the user's ``samples``), at least
    ``FIRST_LOOK``. Raises ``RoyalSimError`` (``argument="precision"`` or ``"samples"``) for
    values outside these ranges.

    Use: after the round that ends at ``looks()[j]``, a column made on ``made`` of its
    ``deals`` deals is searched on the next round unless ``settled(made, deals)``; report
    ``interval(made, deals)``. A column where the slem is undefined on some deals counts
    only the deals where it is defined; then its counts need not fall on the looks and the
    checked guarantee does not strictly apply (see ``interval``)."""

    precision: float = 0.05
    cap: int = 10_000

    def __post_init__(self):
        prec = self.precision
        if isinstance(prec, bool) or not isinstance(prec, (int, float, np.floating)):
            raise RoyalSimError(f"precision must be a number in (0, 0.5], got {prec!r}",
                                argument="precision")
        if not 0 < prec <= 0.5:
            raise RoyalSimError(f"precision must be in (0, 0.5], got {prec!r}",
                                argument="precision")
        cap = self.cap
        if isinstance(cap, bool) or not isinstance(cap, (int, np.integer)) or cap < FIRST_LOOK:
            raise RoyalSimError(f"samples must be at least {FIRST_LOOK} (the first round) with "
                                f"a precision or a time budget, got {cap!r}", argument="samples")

    def looks(self) -> list[int]:
        """The cumulative deal counts at the ends of the rounds, increasing, the last one
        ``cap`` (``schedule(cap)``); a function of ``cap`` alone."""
        return schedule(int(self.cap))

    def half_width(self, made: int, deals: int) -> float:
        """Half the width of ``interval(made, deals)`` (a probability)."""
        lo, hi = bounds(made, deals)
        return (hi - lo) / 2

    def settled(self, made: int, deals: int) -> bool:
        """Whether a column made on ``made`` of ``deals`` deals (0 ≤ made ≤ deals, deals ≥ 1)
        needs no more deals: it is ``precise``, or deals ≥ cap. Meant to be asked at the
        looks only; asking between them adds looks the calibration did not see."""
        return deals >= self.cap or self.precise(made, deals)

    def precise(self, made: int, deals: int) -> bool:
        """Whether the column's interval is as narrow as asked: deals ≥ ``FIRST_LOOK`` (the
        first round) and the interval within ± precision."""
        return self.narrow(bounds(made, deals), deals)

    def narrow(self, interval: tuple[float, float], deals: int,
               half: float | None = None) -> bool:
        """Whether a column searched on ``deals`` deals may stop with this ``(lo, hi)``
        interval (its own, or another estimate's, e.g. ``strata.Estimate.interval``):
        deals ≥ ``FIRST_LOOK`` and the interval within ± ``half`` (default the precision;
        ``DECIDED`` for a decided column)."""
        lo, hi = interval
        limit = self.precision if half is None else half
        return deals >= FIRST_LOOK and (hi - lo) / 2 <= limit + 1e-12

    def interval(self, made: int, deals: int) -> tuple[float, float]:
        """The interval to report for a column made on ``made`` of ``deals`` deals: ``(lo, hi)``,
        probabilities in [0, 1] (the modified Wilson interval at z = ``z_of(made / deals)``,
        see ``bounds``).

        Coverage (the probability that it contains the column's true probability):
        - stopped by this rule (settled at a look, or at the cap): ≥ 0.95, computed exactly
          for precisions 0.01-0.5 on 281 p in (0, 0.5] (the rule is symmetric in p ↔ 1 - p),
          apart from isolated discreteness dips to about 0.945 at some p (approximate
          binomial intervals all have them, fixed-n Wilson included; Brown, Cai & DasGupta
          2001); ``tests/test_stopping.py`` checks it by simulation, and
          ``benchmarks/bench_stopping.py`` prints the exact figures;
        - stopped at an earlier look by a time budget or an interruption whose moment does not
          depend on this column's results: this is the same rule with the cap at that look,
          and the same holds (checked exactly for caps from 42 to 3,000 deals). Report the
          last completed look; counting a partial round is a look the calibration did not
          see (close, not checked);
        - not covered: a stop chosen by looking at this column's figures, another schedule
          of looks, and joint coverage of several columns (each is 95 % on its own)."""
        return bounds(made, deals)

    def decided_interval(self, made: int, deals: int) -> tuple[float, float]:
        """The interval reported for a column stopped as decided (``DECIDED``): ``bounds``
        at ``DECIDED_Z``."""
        return bounds(made, deals, z=DECIDED_Z)

    def decided(self, made: int, deals: int) -> bool:
        """Whether a decided column may stop: at least ``FIRST_LOOK`` deals and its
        ``decided_interval`` within ± ``DECIDED``."""
        return self.narrow(self.decided_interval(made, deals), deals, DECIDED)

    def table(self, deals: int):
        """The whole look at once, for vectorised callers (simulations): arrays ``lo``,
        ``hi`` (floats) and ``settled`` (bools) indexed by made = 0..deals."""
        lo, hi = bounds(np.arange(deals + 1), deals)
        done = ((hi - lo) / 2 <= self.precision + 1e-12) & (deals >= FIRST_LOOK)
        return lo, hi, done | (deals >= self.cap)
