"""Where an analysis spends its search: nodes and time per slem column for one hand.

Runs the analysis's own column search (``analysis.profile_columns``, with the implication
skipping and the shared late filter, as ``royal-sim analyze`` does) on ``--samples`` deals
and prints, per column, the cells searched, the mean search nodes per searched cell and
per deal, and the column's share of all nodes, heaviest first; then the wall time per deal.
Node counts are deterministic (same hand, seed and code, any thread count): they compare
two versions of the solver exactly, where this machine's timings drift by 20-40 %.

Usage: python benchmarks/bench_columns.py [--hand "XX XVII ..."] [--seat A_IND]
                                          [--samples 50] [--seed 1] [--rules gerots]
"""

from __future__ import annotations

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

    from royal_sim.analysis import profile_columns
    from royal_sim.model.deal import parse_hand, parse_seat

    seat_ = parse_seat(seat)
    hand_ = parse_hand(hand, seat_)
    profile_columns(hand_, seat_, samples=1, seed=seed, rules=rules)  # JIT
    profile = profile_columns(hand_, seat_, samples=samples, seed=seed, rules=rules)
    total = sum(p.nodes for p in profile.all) or 1
    rows = sorted((p for p in profile.all if p.cells), key=lambda p: -p.nodes)
    print(f"{hand} @ {seat}, {samples} deals (seed {seed}), {rules}, "
          f"{len(profile.columns)} columns")
    print(tabulate([(p.key, p.cells, f"{p.nodes / p.cells:,.0f}", f"{p.nodes / samples:,.0f}",
                     f"{100 * p.nodes / total:.1f}") for p in rows[:top]],
                   headers=["column", "cells searched", "nodes/cell", "nodes/deal", "% nodes"]))
    print(f"all columns: {total / samples:,.0f} nodes per deal; wall "
          f"{profile.seconds / samples * 1e3:.0f} ms per deal on this machine's threads "
          "(warm JIT)")


if __name__ == "__main__":
    main()
