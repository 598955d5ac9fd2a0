"""Nodes to decide each Strohmandli figure on full deals (issue 48; ``analysis/each_figures``).

The deals of a default ``analyze --game strohmandli`` (the benchmark hand of
``each_analysis.BENCH``, seat 1, seed 1; ``--deals`` of them), every figure searched as the
analysis searches it (``each_figures.search_figures``) with a node limit of ``--limit``
(default 20,000,000), or each figure its own test as before issue 48's search work
(``--alone``: ``each_figures.search_alone``, volát first, the ladder from the top). Prints
one line a figure::

    FIGURE: median N nodes, p90 N, max N, over 300k: K of D, undecided: U

(the announcements, searched in Python with ``--option original`` only, are not counted),
then the nodes and seconds of the whole run. Usage: ``python benchmarks/bench_figures.py
[--deals 20] [--limit N] [--alone] [--bits 18] [--seed 1]`` (``--bits``: the table's size,
2**bits entries).
"""

from __future__ import annotations

import argparse
import statistics
import time

from royal_sim.analysis import each_analysis as E
from royal_sim.analysis import each_figures as F
from royal_sim.analysis.each_deal import ANNOUNCEMENTS, FIGURES, deals, setting

SEARCHED = [f for f in FIGURES if f not in ANNOUNCEMENTS]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--limit", type=int, default=20_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alone", action="store_true")
    ap.add_argument("--bits", type=int, default=18)
    a = ap.parse_args()
    hand, seat, opts = E.BENCH["strohmandli"][0]
    s = setting(hand, seat, game="strohmandli", **opts)
    fs = F.FigureSearch.of(s, a.limit, a.bits)
    nodes = {f: [] for f in SEARCHED}
    undecided = {f: 0 for f in SEARCHED}
    t0 = time.perf_counter()
    gen = deals(s, a.seed)
    for _ in range(a.deals):
        dealt = next(gen)
        stats: dict = {}
        got = (F.search_alone if a.alone else F.search_figures)(fs, dealt, s, stats)
        for f, v in zip(FIGURES, got):
            if f not in nodes:
                continue
            nodes[f].append(stats.get(f, 0))
            undecided[f] += v == E.UNKNOWN
    secs = time.perf_counter() - t0
    for f in SEARCHED:
        xs = sorted(nodes[f])
        p90 = xs[int(0.9 * (len(xs) - 1))]
        print(f"{f}: median {statistics.median(xs):,.0f} nodes, p90 {p90:,}, max {xs[-1]:,}, "
              f"over 300k: {sum(x > 300_000 for x in xs)} of {len(xs)}, "
              f"undecided: {undecided[f]}")
    total = sum(sum(v) for v in nodes.values())
    print(f"total {total:,} nodes in {secs:.1f} s ({a.deals} deals)")


if __name__ == "__main__":
    main()
