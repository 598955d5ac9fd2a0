"""Coverage and cost of the "decided" stop (issue 49, item 3): a slem whose gain over not
bidding is told apart from 0 stops at ± 10 points instead of ± 5.

The model: a bid's gain on a deal is ``a · made + b`` (its value won or lost, the
consolatio aside), so its mean gain is ``a · (p - p0)`` with ``p0 = -b / a``, the break-even
chance, and the rule of ``advisor.decided_bids`` (|mean gain| > 1.96 standard errors of the
per-deal gain) is |p̂ - p0| > 1.96 · sqrt(p̂ (1 - p̂) / (n - 1)); its other rule, the gain
within ± 1 point (``advisor.INDIFFERENT``), is a · (|p̂ - p0| + 1.96 · that) < 1, with ``a``
the gain's span (twice the slem's value: won or lost), printed per value. At each look of the stopping
rule (``stopping.StoppingRule``: 42, 50, 60 … deals) a column stops when its interval is
within ± 5 points, or when it is decided and its decided interval (``bounds`` at
``stopping.DECIDED_Z``, 98 %) is within ± 10 (``StoppingRule.decided``); the interval
reported is the one it stopped by. For each break-even ``p0`` and true ``p`` on a grid the
coverage of the interval reported at the stop and the mean deals are computed exactly
(dynamic programming over the looks: the chance of each made count at each look among the
runs not yet stopped), beside the rule without the decided stop, and beside the decided
stop reporting the rule's own (95 %) interval (``--plain``), which does not cover: the stop
looks at the figure. Figures only, no assertion.

Run: ``python benchmarks/bench_decided.py [--cap 2000]``. Coverage below 0.95 at some p is
the price of the decided stop; the lowest over the grid is printed per p0.
"""

from __future__ import annotations

import argparse
import math

import numpy as np
from tabulate import tabulate

from royal_sim.advisor import DECIDED_Z as TEST_Z
from royal_sim.advisor import INDIFFERENT
from royal_sim.analysis.stopping import DECIDED, DECIDED_Z, FIRST_LOOK, StoppingRule, bounds


def _pmf(m: int, p: float) -> np.ndarray:
    if p <= 0 or p >= 1:
        out = np.zeros(m + 1)
        out[0 if p <= 0 else m] = 1.0
        return out
    k = np.arange(m + 1)
    logc = np.array([math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1)
                     for i in k])
    return np.exp(logc + k * math.log(p) + (m - k) * math.log1p(-p))


def run(p: float, p0: float | None, rule: StoppingRule, plain: bool = False,
        value: float = 10.0) -> tuple[float, float]:
    """(coverage, mean deals) of the rule with the decided stop at break-even ``p0``
    (``None``: without it), for a column of true chance ``p`` and a slem of ``value``
    points; ``plain``: a decided column stops on, and reports, the rule's own interval."""
    looks = rule.looks()
    alive = np.array([1.0])            # chance of each made count, runs not yet stopped
    prev = 0
    cover = deals = 0.0
    for n in looks:
        alive = np.convolve(alive, _pmf(n - prev, p))
        prev = n
        made = np.arange(n + 1)
        lo, hi = bounds(made, n)
        dlo, dhi = (lo, hi) if plain else bounds(made, n, z=DECIDED_Z)
        precise = ((hi - lo) / 2 <= rule.precision + 1e-12) & (n >= FIRST_LOOK)
        decided = np.zeros(n + 1, bool)
        if p0 is not None and n >= FIRST_LOOK:
            ph = made / n
            se = np.sqrt(ph * (1 - ph) / max(n - 1, 1))
            told = np.abs(ph - p0) > TEST_Z * se
            indifferent = 2 * value * (np.abs(ph - p0) + TEST_Z * se) < INDIFFERENT
            decided = ~precise & (told | indifferent) & ((dhi - dlo) / 2 <= DECIDED + 1e-12)
        if n == looks[-1]:
            precise[:], decided[:] = True, False
        for stop, a, b in ((precise, lo, hi), (decided, dlo, dhi)):
            mass = alive * stop
            cover += float(mass[(a <= p) & (p <= b)].sum())
            deals += float(mass.sum()) * n
        alive = alive * ~(precise | decided)
        if alive.sum() < 1e-12:
            break
    return cover, deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cap", type=int, default=2000)
    ap.add_argument("--plain", action="store_true",
                    help="decided columns report the rule's 95%% interval (does not cover)")
    args = ap.parse_args()
    rule = StoppingRule(0.05, args.cap)
    ps = [round(x, 2) for x in np.arange(0.02, 0.99, 0.02)]
    base = [run(p, None, rule) for p in ps]
    rows = []
    for value in (1, 5, 20):
        for p0 in (0.1, 0.2, 0.35, 0.5, 0.65, 0.8):
            got = [run(p, p0, rule, args.plain, value) for p in ps]
            worst = min(range(len(ps)), key=lambda i: got[i][0])
            mean_d = sum(d for _, d in got) / len(got)
            mean_d0 = sum(d for _, d in base) / len(base)
            rows.append([value, p0, f"{got[worst][0]:.4f}", ps[worst], f"{mean_d:.0f}",
                         f"{mean_d0:.0f}", f"{mean_d / mean_d0:.2f}"])
    print("decided stop: lowest coverage over p in 0.02..0.98, mean deals over that grid")
    print(tabulate(rows, headers=["value", "break-even p0", "lowest coverage", "at p",
                                  "deals (decided)", "deals (+-5 only)", "ratio"]))
    print(f"without the decided stop: lowest coverage {min(c for c, _ in base):.4f} over the "
          "same grid")


if __name__ == "__main__":
    main()
