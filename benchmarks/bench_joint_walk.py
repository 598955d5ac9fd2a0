"""One walk for many goals against separate searches (issue "the search", item 3): search
nodes of the same (deal, goal) cells, verdicts compared.

Runs the analysis's column search (``analysis.profile_columns``, as ``bench_columns.py``)
and keeps every kernel call's cells. The cells a joint walk can take (``joint_walk.py``:
goals of one clause kind, no trick target, no Gerots holds; in practice the captures, the
existentials and Honőr: about two thirds of the column nodes) are then searched again by
the joint walk, grouped by deal and kernel call, in three ways:

- ``one goal a walk``: the joint kernel with groups of one (a check: about the separate
  searches' nodes);
- ``same classes``: together the goals whose card classes split every suit alike (Banda ×4,
  the tarokk captures …), each group in one walk;
- ``all``: every such goal of the deal in one walk, its classes combined;
- ``one goal, all classes``: groups of one again, but each with the combined classes of
  ``all`` (what the combined classes cost without any sharing).

Prints per way the groups, the cells, the disagreements with the separate searches and
the nodes against theirs (``ratio``: joint / separate; below 1 the joint walk wins).
Node counts are deterministic.

Usage: python benchmarks/bench_joint_walk.py [--hand "XX XVII ..."] [--seat A_IND]
                                             [--samples 40] [--seed 1] [--rules gerots]
"""

from __future__ import annotations

import time

import click
import numpy as np


def _joinable(goal, target, hold) -> bool:
    from royal_sim.engine.goal import (G_CAPTURE, G_CAPTURE_ANY, G_EXIST1, G_EXIST2, G_LEAD0,
                                       G_MIN_TRICKS, G_RUN_LEN, G_SPLIT_TRICKS, G_TRICK0,
                                       MAX_TRICKS)
    if target != 0 or (hold is not None and hold.any()):
        return False
    if goal[G_TRICK0:G_TRICK0 + MAX_TRICKS].any() or goal[G_LEAD0:G_LEAD0 + MAX_TRICKS].any():
        return False
    if goal[G_RUN_LEN] or goal[G_SPLIT_TRICKS] or goal[G_MIN_TRICKS] or goal[G_EXIST2]:
        return False
    return (goal[G_CAPTURE] != 0) + (goal[G_EXIST1] != 0) + (goal[G_CAPTURE_ANY] != 0) == 1


def _suit_classes(classes, rules) -> np.ndarray:
    """One class per card telling apart what any of ``classes`` tells apart, numbered
    within each suit (classes only ever compare within a suit)."""
    out = np.zeros(rules.n_cards, dtype=np.int16)
    for sm in rules.suit_masks:
        sig = {}
        for c in range(rules.n_cards):
            if (int(sm) >> c) & 1:
                out[c] = sig.setdefault(tuple(int(x[c]) for x in classes), len(sig))
    return out


def _recorded_calls(hand, seat, samples, seed, rules):
    """Every kernel call of one column search: its arguments, verdicts and nodes."""
    import royal_sim.analysis.execute as execute
    from royal_sim.analysis import profile_columns
    from royal_sim.model.deal import parse_hand, parse_seat

    seat_ = parse_seat(seat)
    hand_ = parse_hand(hand, seat_)
    calls = []
    solve_cells = execute.solve_cells

    def recording(deals, goals, classes, status, pairs, targets, holds=None, **kw):
        out = solve_cells(deals, goals, classes, status, pairs, targets, holds, **kw)
        calls.append(dict(deals=np.array(deals), goals=np.array(goals),
                          classes=np.array(classes), status=np.array(status),
                          pairs=np.array(pairs), targets=np.array(targets),
                          holds=None if holds is None else np.array(holds), out=out.copy(),
                          nodes=kw["nodes_out"].copy(), leader=kw["leader"],
                          first_trick=kw["first_trick"]))
        return out

    execute.solve_cells = recording
    try:
        profile_columns(hand_, seat_, samples=samples, seed=seed, rules=rules)
    finally:
        execute.solve_cells = solve_cells
    return calls


def _groups(calls, way, rules):
    """(call, deal, pair, columns, columns whose classes it uses) groups of joinable
    cells for one way of grouping."""
    from royal_sim.engine.cells import GOAL_SEARCH

    for call in calls:
        st, pairs = call["status"], call["pairs"]
        for i in range(st.shape[0]):
            for pair in sorted(set(pairs.tolist())):
                js = [j for j in range(st.shape[1])
                      if st[i, j] == GOAL_SEARCH and pairs[j] == pair
                      and _joinable(call["goals"][i, j], call["targets"][i, j],
                                    None if call["holds"] is None else call["holds"][i, j])]
                if way == "all":
                    parts = [js] if js else []
                elif way in ("one goal a walk", "one goal, all classes"):
                    parts = [[j] for j in js]
                else:
                    by = {}
                    for j in js:
                        key = _suit_classes([call["classes"][i, j]], rules).tobytes()
                        by.setdefault(key, []).append(j)
                    parts = list(by.values())
                for jj in parts:
                    yield call, i, pair, jj, (js if way == "one goal, all classes" else jj)


def _measure(calls, way, rules, tt_bits):
    from joint_walk import solve_group
    from royal_sim.engine.kernel.table import TT_WORDS
    from royal_sim.engine.kernel.workspace import C_LEN, C_NODES

    size = 1 << tt_bits
    tt_keys = np.zeros((size, TT_WORDS), dtype=np.uint64)
    tt_pm = np.zeros(size, dtype=np.int64)
    tt_dm = np.zeros(size, dtype=np.int64)
    tt_move = np.zeros(size, dtype=np.int8)
    tt_stamp = np.zeros(size, dtype=np.int64)
    ctx = np.zeros(C_LEN, dtype=np.int64)
    groups = cells = bad = separate = 0
    t0 = time.perf_counter()
    for call, i, pair, jj, cj in _groups(calls, way, rules):
        hands = call["deals"][i].astype(np.uint64)
        pairmask = np.array([rules.pair_of[s] == pair for s in range(4)])
        unplayed = np.uint64(hands[0] | hands[1] | hands[2] | hands[3])
        mask = solve_group(hands, pairmask, rules.suit_of, rules.suit_masks, rules.trump,
                           rules.must_trump, rules.pair_of,
                           np.ascontiguousarray(call["goals"][i, jj]),
                           _suit_classes([call["classes"][i, j] for j in cj], rules),
                           rules.n_cards // 4, tt_keys, tt_pm, tt_dm, tt_move, tt_stamp,
                           tt_bits, ctx, call["leader"], call["first_trick"] - 1, unplayed)
        groups += 1
        for k, j in enumerate(jj):
            cells += 1
            separate += int(call["nodes"][i, j])
            bad += int(((mask >> k) & 1) != call["out"][i, j])
    return groups, cells, bad, separate, int(ctx[C_NODES]), time.perf_counter() - t0


@click.command()
@click.option("--hand", default="XX XVII XIII X VII V SK SQ HN DJ", show_default=True)
@click.option("--seat", default="A_IND", show_default=True)
@click.option("--samples", default=40, show_default=True, type=click.IntRange(1, 10_000))
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0))
@click.option("--rules", default="gerots", show_default=True,
              type=click.Choice(["gerots", "laza"]))
def main(hand, seat, samples, seed, rules):
    from tabulate import tabulate

    from royal_sim.analysis.execute import ANALYSIS_TT_BITS
    from royal_sim.tarokk import TAROKK_PLAY

    calls = _recorded_calls(hand, seat, samples, seed, rules)
    rows = []
    for way in ("one goal a walk", "same classes", "all", "one goal, all classes"):
        groups, cells, bad, separate, joint, secs = _measure(calls, way, TAROKK_PLAY,
                                                             ANALYSIS_TT_BITS)
        rows.append((way, groups, cells, bad, f"{separate / samples:,.0f}",
                     f"{joint / samples:,.0f}", f"{joint / max(separate, 1):.3f}",
                     f"{secs:.1f}"))
    print(f"{hand} @ {seat}, {samples} deals (seed {seed}), {rules}: joinable cells "
          "(captures, existentials, Honőr; no holds)")
    print(tabulate(rows, headers=["way", "groups", "cells", "disagreements",
                                  "separate nodes/deal", "joint nodes/deal", "ratio",
                                  "joint s (1 thread, first incl. compile)"]))


if __name__ == "__main__":
    main()
