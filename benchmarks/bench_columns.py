"""Where an analysis spends its search: nodes and time per slem column for one hand.

Runs the analysis's own column search (``analysis._search_columns``, with the implication
skipping and the shared late filter, as ``royal-sim analyze`` does) on ``--samples`` deals
and prints, per column, the cells searched, the mean search nodes per searched cell and
per deal, and the column's share of all nodes, heaviest first; then the wall time per deal.
Node counts are deterministic (same hand, seed and code, any thread count): they compare
two versions of the solver exactly, where this machine's timings drift by 20-40 %.

Usage: python benchmarks/bench_columns.py [--hand "XX XVII ..."] [--seat A_IND]
                                          [--samples 50] [--seed 1] [--rules gerots]
"""

from __future__ import annotations

import time

import click


@click.command()
@click.option("--hand", default="XX XVII XIII X VII V SK SQ HN DJ", show_default=True)
@click.option("--seat", default="A_IND", show_default=True)
@click.option("--samples", default=50, show_default=True, type=click.IntRange(1, 100_000))
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0))
@click.option("--rules", default="gerots", show_default=True,
              type=click.Choice(["gerots", "laza"]))
@click.option("--top", default=25, show_default=True, help="Columns to list.")
def main(hand, seat, samples, seed, rules, top):
    from tabulate import tabulate

    from royal_sim.analysis import _ClassCache, _search_columns, columns_for
    from royal_sim.model.deal import parse_hand, parse_seat
    from royal_sim.sampling.sampler import sample_deals

    seat_ = parse_seat(seat)
    hand_ = parse_hand(hand, seat_)
    deals = sample_deals(samples, seed, hand_, seat_).deals
    cols = columns_for(hand_)
    _search_columns(deals[:1], cols, seat_.pair, hand_, rules, None, _ClassCache())  # JIT
    profile: dict = {}
    t = time.perf_counter()
    _search_columns(deals, cols, seat_.pair, hand_, rules, None, _ClassCache(),
                    profile=profile)
    wall = time.perf_counter() - t
    total = sum(nodes for _, nodes in profile.values()) or 1
    rows = sorted(((key, cells, nodes) for key, (cells, nodes) in profile.items() if cells),
                  key=lambda r: -r[2])
    print(f"{hand} @ {seat}, {samples} deals (seed {seed}), {rules}, {len(cols)} columns")
    print(tabulate([(key, cells, f"{nodes / cells:,.0f}", f"{nodes / samples:,.0f}",
                     f"{100 * nodes / total:.1f}") for key, cells, nodes in rows[:top]],
                   headers=["column", "cells searched", "nodes/cell", "nodes/deal", "% nodes"]))
    print(f"all columns: {total / samples:,.0f} nodes per deal; wall {wall / samples * 1e3:.0f}"
          " ms per deal on this machine's threads (warm JIT)")


if __name__ == "__main__":
    main()
