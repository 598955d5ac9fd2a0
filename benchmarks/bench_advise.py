"""Wall time of a default ``advise`` on the hands of ``bench_analyze.py`` and the two hands
issue 49 names, against the same advice with every slem held to +-5 points (the rule before
issue 49's item 4: ``--precision 0.05``), in one process, warm.

Per hand: seconds, search nodes (deterministic: two versions of the code compare exactly
where the wall times drift), the deals the best set is scored on, its E[score] +- s.e.,
then the held run's seconds and nodes, the ratio of the seconds, and whether both runs
advise the same set. Wall times drift 20-40 % from run to run on a loaded machine.

Usage: python benchmarks/bench_advise.py [--hands 0,1,2,3,4,5,6] [--jobs 2]
Targets (2-core machine): a default advise <= 15 s on every hand (goal <= 10 s).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from bench_analyze import HANDS as ANALYZE_HANDS  # noqa: E402

HANDS = [(seat, hand, what, 1) for seat, hand, what in ANALYZE_HANDS] + [
    ("S", None, "the example hand", 1),
    ("A_ELF", "XIX XVIII XVI XIII X VIII III CK CQ SK", "elfogo, issue 49's slow one", 4),
]


def timed(seat: str, hand: str | None, seed: int, **options):
    """(wall seconds, advice) of one ``advise`` with these options."""
    from royal_sim.api import request_advice
    from royal_sim.cli.analyze import EXAMPLE_HAND, EXAMPLE_SEAT

    if hand is None:
        hand, seat = EXAMPLE_HAND, EXAMPLE_SEAT
    t = time.perf_counter()
    advice = request_advice(hand, seat, seed=seed, **options).run()
    return time.perf_counter() - t, advice


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--hands", default=",".join(str(i) for i in range(len(HANDS))),
                    help="indices into HANDS")
    args = ap.parse_args()
    import numba

    numba.set_num_threads(min(args.jobs, numba.config.NUMBA_NUM_THREADS))
    picks = [HANDS[int(i)] for i in args.hands.split(",")]
    timed("A_IND", HANDS[0][1], 1, samples=42)          # warm the kernels
    print(f"advise, default run vs every slem held to +-5 (--precision 0.05), "
          f"{args.jobs} thread(s)")
    print(f"{'hand':40} {'default s':>9} {'nodes':>12} {'best set (deals: E +- se)':>34} "
          f"{'held s':>7} {'held nodes':>12} {'ratio':>6} same")
    for seat, hand, what, seed in picks:
        wall, advice = timed(seat, hand, seed)
        held, held_advice = timed(seat, hand, seed, precision=0.05)
        best, old = advice.bid_sets[0], held_advice.bid_sets[0]
        label = f"{seat} {hand or 'example'} ({what}, seed {seed})"
        cell = f"{','.join(best.bids)} ({best.deals}: {best.expected:.1f}+-{best.stderr:.1f})"
        print(f"{label:40.40} {wall:9.1f} {advice.report.analysis.nodes:12,} {cell:>34.34} "
              f"{held:7.1f} {held_advice.report.analysis.nodes:12,} {held / wall:5.1f}x "
              f"{'yes' if set(best.bids) == set(old.bids) else 'no: ' + ','.join(old.bids)}")
    print("targets: a default advise <= 15 s on every hand (goal <= 10 s)")


if __name__ == "__main__":
    main()
