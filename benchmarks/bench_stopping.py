"""Cost and coverage of the precision-driven stopping rule (``royal_sim/analysis/stopping.py``).

Prints, for each precision and true probability p: the rule's mean deals per column and the
coverage of its reported interval at the stop (simulated streams, and exact by dynamic
programming over the looks), the same for plain 95 % Wilson stopping on its own half-width
(same looks), and for Wilson at a Bonferroni level over the looks (valid at every look);
then the lowest exact coverage of the rule over a fine grid of p in (0, 1), with caps from
42 to 3,000 (time budgets and interruptions at a look); and one line comparing the mean
deals with a fixed 1000-deal run. Figures only, no assertion.

Run: ``PYTHONPATH=. /work/venv/bin/python benchmarks/bench_stopping.py [--streams 20000]``
"""

from __future__ import annotations

import argparse
import math
import time
from statistics import NormalDist

import numpy as np
from tabulate import tabulate

from royal_sim.analysis.stopping import StoppingRule, bounds

PS = (0.0, 0.01, 0.05, 0.13, 0.3, 0.5, 0.8, 0.99)
PRECISIONS = (0.02, 0.05, 0.1)
PLAIN_Z = 1.959963984540054


def tables_for(looks, precision, z, small_counts):
    """(lo, hi, settled) per look, indexed by made; the last look settles everything."""
    out = []
    for n in looks:
        lo, hi = bounds(np.arange(n + 1), n, z=z, small_counts=small_counts)
        out.append((lo, hi, ((hi - lo) / 2 <= precision + 1e-12) | (n == looks[-1])))
    return out


def simulate(looks, tables, p, streams, rng):
    """Coverage at the stop and mean deals of ``streams`` Bernoulli(p) streams."""
    steps = np.diff(np.concatenate([[0], looks]))
    counts = np.cumsum(rng.binomial(steps, p, size=(streams, len(looks))), axis=1)
    width = looks[-1] + 1
    pad = [np.stack([np.pad(t[i], (0, width - len(t[i]))) for t in tables]) for i in range(3)]
    lo, hi, done = pad
    first = np.argmax(done[np.arange(len(looks)), counts], axis=1)
    k = counts[np.arange(streams), first]
    return ((lo[first, k] <= p) & (p <= hi[first, k])).mean(), np.asarray(looks)[first].mean()


_LOGF = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, 1_000_001)))])


def _binomial_pmf(m, p):
    if p <= 0 or p >= 1:
        out = np.zeros(m + 1)
        out[0 if p <= 0 else m] = 1.0
        return out
    k = np.arange(m + 1)
    return np.exp(_LOGF[m] - _LOGF[k] - _LOGF[m - k] + k * math.log(p) + (m - k) * math.log1p(-p))


def exact(looks, tables, p):
    """Exact coverage at the stop and mean deals: the distribution of the made count over
    the streams still running, convolved with each round's binomial increment."""
    live, prev, cov, deals = np.array([1.0]), 0, 0.0, 0.0
    for n, (lo, hi, done) in zip(looks, tables):
        live = np.convolve(live, _binomial_pmf(n - prev, p))
        prev = n
        lo, hi, done = lo[:len(live)], hi[:len(live)], done[:len(live)]
        stop = np.where(done, live, 0.0)
        cov += stop[(lo <= p) & (p <= hi)].sum()
        deals += n * stop.sum()
        live = np.where(done, 0.0, live)
        nz = np.nonzero(live > 1e-16)[0]
        if len(nz) == 0:
            break
        live[nz[-1] + 1:] = 0.0
        live = live[:nz[-1] + 1]
    return cov, deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--streams", type=int, default=20_000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    rng = np.random.default_rng(1)
    means = {}
    for precision in PRECISIONS:
        rule = StoppingRule(precision=precision)
        looks = rule.looks()
        bonf_z = NormalDist().inv_cdf(1 - 0.025 / len(looks))
        kinds = {"rule": [rule.table(n) for n in looks],
                 "plain": tables_for(looks, precision, PLAIN_Z, False),
                 "bonf": tables_for(looks, precision, bonf_z, True)}
        rows = []
        for p in PS:
            row = [p]
            for kind, tables in kinds.items():
                cov, deals = simulate(looks, tables, p, args.streams, rng)
                row += [deals, cov]
                if kind == "rule":
                    row += list(exact(looks, tables, p))[::-1]
                means.setdefault((precision, kind), []).append(deals)
            rows.append(row)
        print(f"\nprecision ±{precision:g}: {len(looks)} looks {looks[:6]}…{looks[-1]}, "
              f"{args.streams:,} streams per p; Bonferroni z = {bonf_z:.3f}")
        print(tabulate(rows, floatfmt=("g", ".0f", ".4f", ".0f", ".4f", ".0f", ".4f", ".0f",
                                       ".4f"),
                       headers=["p", "rule deals", "rule cov", "exact deals", "exact cov",
                                "plain deals", "plain cov", "bonf deals", "bonf cov"]))
        print("  mean deals over these p: rule {:.0f}, plain Wilson {:.0f} (rule/plain {:.2f}),"
              " Bonferroni {:.0f}".format(
                  np.mean(means[precision, "rule"]), np.mean(means[precision, "plain"]),
                  np.mean(means[precision, "rule"]) / np.mean(means[precision, "plain"]),
                  np.mean(means[precision, "bonf"])))

    grid = np.concatenate([np.linspace(0.0005, 0.02, 40), np.linspace(0.02, 0.5, 241)])
    print("\nlowest exact coverage of the rule over 281 p in (0, 0.5] (mirror for p > 0.5):")
    for precision in (0.01, 0.02, 0.05, 0.1, 0.2, 0.5):
        for cap in ((10_000, 60, 340, 3000) if precision in (0.02, 0.05) else (10_000,)):
            rule = StoppingRule(precision=precision, cap=cap)
            looks = rule.looks()
            tables = [rule.table(n) for n in looks]
            cov = [exact(looks, tables, p)[0] for p in grid]
            i = int(np.argmin(cov))
            print(f"  ±{precision:<5g} cap {cap:>6,}: {cov[i]:.4f} at p = {grid[i]:.4f}")

    rule5 = np.mean(means[0.05, "rule"])
    print(f"\nat ±0.05, the mean over these p is {rule5:.0f} deals per column, "
          f"{1000 / rule5:.1f} × fewer than a fixed 1000-deal run "
          f"(±0.02: {np.mean(means[0.02, 'rule']):.0f}; ±0.1: {np.mean(means[0.1, 'rule']):.0f})")
    print(f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
