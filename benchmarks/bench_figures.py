"""Nodes to decide each Strohmandli figure on full deals (issue 48; ``analysis/each_figures``).

The deals of a default ``analyze --game strohmandli`` (the benchmark hand of
``each_analysis.BENCH``, seat 1, seed 1; ``--deals`` of them), every figure searched as the
analysis searches it (``each_figures.search_figures``) with a node limit of ``--limit``
(default 20,000,000), or each figure its own test as before issue 48's search work
(``--alone``: ``each_figures.search_alone``, volát first, the ladder from the top), or with
the other seat's figures as ``--option others`` searches them (``--others``:
``each_figures.search_seats``, the seat's undecided filled by what the other's decide).
Prints one line a figure (``--others``: then one a figure of the other seat, ``other
FIGURE``)::

    FIGURE: median N nodes, p90 N, max N, over 300k: K of D, undecided: U

(the announcements, searched in Python with ``--option original`` only, are not counted),
then the nodes and seconds of the whole run. Usage: ``python benchmarks/bench_figures.py
[--deals 20] [--limit N] [--alone | --others] [--bits 18] [--seed 1]`` (``--bits``: the
table's size, 2**bits entries).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

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
    ap.add_argument("--others", action="store_true")
    ap.add_argument("--bits", type=int, default=18)
    a = ap.parse_args()
    hand, seat, opts = E.BENCH["strohmandli"][0]
    s = setting(hand, seat, game="strohmandli", **opts)
    fs = F.FigureSearch.of(s, a.limit, a.bits)
    seats = E.figure_seats(replace(s, others=True)) if a.others else [s]
    names = [(f, k) for k in range(len(seats)) for f in SEARCHED]
    nodes = {fk: [] for fk in names}
    undecided = {fk: 0 for fk in names}
    t0 = time.perf_counter()
    gen = deals(s, a.seed)
    for _ in range(a.deals):
        dealt = next(gen)
        stats: list = [{} for _ in seats]
        if a.alone:
            got = F.search_alone(fs, dealt, s, stats[0])
        else:
            got = F.search_seats(fs, dealt, seats, stats)
        for k in range(len(seats)):
            for f, v in zip(FIGURES, got[k * len(FIGURES):]):
                if (f, k) not in nodes:
                    continue
                nodes[f, k].append(stats[k].get(f, 0))
                undecided[f, k] += v == E.UNKNOWN
    secs = time.perf_counter() - t0
    for f, k in names:
        xs = sorted(nodes[f, k])
        p90 = xs[int(0.9 * (len(xs) - 1))]
        print(f"{'other ' if k else ''}{f}: median {statistics.median(xs):,.0f} nodes, "
              f"p90 {p90:,}, max {xs[-1]:,}, over 300k: {sum(x > 300_000 for x in xs)} of "
              f"{len(xs)}, undecided: {undecided[f, k]}")
    total = sum(sum(v) for v in nodes.values())
    print(f"total {total:,} nodes in {secs:.1f} s ({a.deals} deals)")


if __name__ == "__main__":
    main()
