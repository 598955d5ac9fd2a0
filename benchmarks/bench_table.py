"""Double dummy against the table: the five ``bench_analyze`` hands, each with the bid set
``advise`` recommends (or, where it recommends no bid, its best set with bids), played out
by PIMC on the advice's own deals (``cardplay.table_figures``; ``docs/play.md#table-figures``).

Per hand and bid: the make rate double dummy and at the table on the same deals, with the
2x2 counts (made both ways, double dummy only, table only, neither); the same deals and
seeds at W = 5, 10, 20, 40 worlds a decision (where the rate stops moving; on the first
``--sweep-deals``); the sides split (only the bidding pair plays PIMC while the other sees
every hand, and the reverse: who gains from seeing); seconds per played deal beside one
double-dummy solve of the same deal (``ratio``). Up to three deals where the two figures
disagree are printed with the command that replays them (``royal-sim play``).

Usage: python benchmarks/bench_table.py [--deals 200] [--sweep-deals 40] [--worlds 20]
                                        [--sweeps 5,10,40] [--hands 0,1,2,3,4] [--seed 1]
The run is long (about 1-2 s a played deal and bid set on 2 cores at W = 20).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
from tabulate import tabulate

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_analyze import HANDS  # noqa: E402


def advised_set(seat: str, hand: str, deals: int, seed: int):
    """(the advice's analysis, the set to play, why that set) on ``deals`` fixed deals."""
    import royal_sim

    advice = royal_sim.advise(hand, seat, samples=deals, seed=seed)
    best = advice.recommended
    if best is not None:
        return advice, best.bids, "recommended"
    with_bids = [s for s in advice.bid_sets if s.bids]
    if not with_bids:
        return advice, (), "no set with bids"
    return advice, with_bids[0].bids, "advice is no bid; its best set with bids"


def counts(figures) -> list[list]:
    """Per bid: the rates and the 2x2 counts of ``figures`` (a ``TableFigures``)."""
    rows = []
    for j, b in enumerate(figures.bids):
        dd = np.array([g.bids[j].double_dummy for g in figures.games], dtype=bool)
        tb = np.array([g.bids[j].table for g in figures.games], dtype=bool)
        lo, hi = b.table_interval
        rows.append([f"{b.pair.label} {b.bid}", b.n, f"{b.dd_rate:.1%}", f"{b.table_rate:.1%}",
                     f"{lo:.1%}-{hi:.1%}", f"{b.table_rate - b.dd_rate:+.1%}",
                     int((dd & tb).sum()), int((dd & ~tb).sum()), int((~dd & tb).sum()),
                     int((~dd & ~tb).sum())])
    return rows


def rates(figures, n: int | None = None) -> list[float]:
    """The table rate of each bid on the first ``n`` games of ``figures``."""
    games = figures.games[:n]
    return [sum(g.bids[j].table for g in games) / len(games) for j in range(len(figures.bids))]


def dd_rates(figures, n: int | None = None) -> list[float]:
    games = figures.games[:n]
    return [sum(g.bids[j].double_dummy for g in games) / len(games)
            for j in range(len(figures.bids))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="deals played per hand")
    ap.add_argument("--sweep-deals", type=int, default=40,
                    help="of those, the first N played again at each W and split sides")
    ap.add_argument("--worlds", type=int, default=20, help="W of the main comparison")
    ap.add_argument("--sweeps", default="5,10,40", help="the other W values")
    ap.add_argument("--hands", default="0,1,2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    import royal_sim
    from royal_sim.model.deal import Deal, parse_seat
    from royal_sim.cardplay.table_figures import table_figures

    sweeps = [int(w) for w in args.sweeps.split(",") if w]
    total_games = total_seconds = 0.0
    solve_seconds = []
    overall = []
    for h in (int(i) for i in args.hands.split(",")):
        seat, hand, label = HANDS[h]
        t = time.perf_counter()
        advice, bids, why = advised_set(seat, hand, args.deals, args.seed)
        t_advice = time.perf_counter() - t
        analysis = advice.report.analysis
        pair = parse_seat(seat).pair
        theirs = tuple(k.result.key for k in advice.their_bids)
        deals = analysis.searched_deals[:args.deals]
        print(f"\n## {label}: {hand} at {seat} ({pair.label}); set {', '.join(bids) or '-'} "
              f"({why}); advice on {len(deals)} deals, {t_advice:.0f} s", flush=True)
        if not bids:
            continue
        main_fig = table_figures(deals, pair, bids, theirs, worlds=args.worlds,
                                 seed=args.seed)
        total_games += main_fig.n
        total_seconds += main_fig.seconds
        print(f"W = {args.worlds}, both pairs PIMC, {main_fig.n} deals, "
              f"{main_fig.seconds / main_fig.n:.2f} s a played deal")
        print(tabulate(counts(main_fig), ["bid", "deals", "double dummy", "table",
                                          "table 95%", "table - dd", "both", "dd only",
                                          "table only", "neither"]))
        print(f"E[score] of the {pair.label}: double dummy {main_fig.expected_dd:.1f}, "
              f"table {main_fig.expected_table:.1f} (difference "
              f"{main_fig.expected_table - main_fig.expected_dd:+.1f}, s.e. "
              f"{main_fig.stderr_diff:.1f})")
        overall.extend((label, r[0], r[2], r[3], r[5]) for r in counts(main_fig))
        for g in main_fig.games[:3]:        # one double-dummy solve of the same deals
            t = time.perf_counter()
            royal_sim.solve(Deal(g.record.deal).format(), slems=False)
            solve_seconds.append(time.perf_counter() - t)
        shown = 0
        for i, g in enumerate(main_fig.games):
            off = [b for b in g.bids if b.double_dummy != b.table]
            if off and shown < 3:
                shown += 1
                what = ", ".join(f"{b.bid} {'made' if b.table else 'failed'} at the table, "
                                 f"{'made' if b.double_dummy else 'failed'} double dummy"
                                 for b in off)
                flags = (f"--{pair.label}-bids {','.join(bids)}"
                         + (f" --{pair.other.label}-bids {','.join(theirs)}" if theirs else ""))
                print(f"  disagrees: {what}: royal-sim play \"{Deal(g.record.deal).format()}\" "
                      f"{flags} --worlds {args.worlds} --seed {args.seed + i}")
        m = min(args.sweep_deals, main_fig.n)
        if m == 0:
            continue
        sub = deals[:m]
        rows = [[f"W = {args.worlds} (the run above)"] + [f"{r:.1%}" for r in rates(main_fig, m)]
                + [f"{main_fig.seconds / main_fig.n:.2f}"]]
        for w in sweeps:
            f = table_figures(sub, pair, bids, theirs, worlds=w, seed=args.seed)
            rows.append([f"W = {w}"] + [f"{r:.1%}" for r in rates(f)] + [f"{f.seconds / m:.2f}"])
        for who, dd in ((f"{pair.label} sees all, {pair.other.label} PIMC", pair),
                        (f"{pair.label} PIMC, {pair.other.label} sees all", pair.other)):
            f = table_figures(sub, pair, bids, theirs, worlds=args.worlds, seed=args.seed,
                              double_dummy=dd)
            rows.append([who] + [f"{r:.1%}" for r in rates(f)] + [f"{f.seconds / m:.2f}"])
        rows.append(["double dummy (both see all)"] + [f"{r:.1%}" for r in dd_rates(main_fig, m)]
                    + [""])
        print(f"The first {m} deals, same seeds:")
        print(tabulate(rows, ["play"] + [f"{b.pair.label} {b.bid}" for b in main_fig.bids]
                       + ["s a deal"]), flush=True)
    print("\n## Summary (W = %d, both pairs PIMC)" % args.worlds)
    print(tabulate(overall, ["hand", "bid", "double dummy", "table", "table - dd"]))
    if total_games:
        per = total_seconds / total_games
        one = float(np.median(solve_seconds))
        print(f"seconds per played deal: {per:.2f} (W = {args.worlds}); one double-dummy "
              f"solve of a deal {one:.3f} s; ratio {per / one:.1f}x")


if __name__ == "__main__":
    main()
