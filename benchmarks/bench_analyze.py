"""Wall time of an analysis (all slems) on 5 fixed hands (one per seat, a strong and a weak
one): the default precision-driven run against a fixed ``--samples`` run, in one process.

Per hand, warm (the kernels compiled by a first run): the default run's wall time, its
search nodes (``Analysis.nodes``: deterministic, so two versions of the code compare
exactly where the wall times drift), its deals per slem (min-max), the time until the
first table (the first look at the deals, ``on_update``), then the fixed run (every slem
on ``--fixed`` deals) and the ratio. The cold line is a first run in a fresh process with
an empty numba cache (compilation included). Wall times drift 20-40 % from run to run on
a loaded machine.

Usage: python benchmarks/bench_analyze.py [--fixed 1000] [--precision P] [--jobs 2]
                                          [--hands 0,1,2,3,4] [--no-cold]
Targets (2-core machine): the three average hands <= 20 s each (goal 5 s), first table
<= 3 s (goal 1 s).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

HANDS = [
    ("A_IND", "XX XVII XIII X VII V SK SQ HN DJ", "indito, average"),
    ("D_ELF", "XXI XV XII VIII VI II CK CN HQ DK", "ellenelfogo, average"),
    ("D_IND", "XVIII XIV XI IX IV III SN S10 CJ HJ", "ellenindito, average"),
    ("A_ELF", "XXII XXI XIX XVIII XVI XV IV III II I", "elfogo, strong"),
    ("A_IND", "XX VI V SJ S10 CJ C10 HJ DN DJ", "indito, weak"),
]


def cold_seconds(seat: str, hand: str, jobs: int) -> float:
    """A default analysis in a fresh process with an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cmd = [sys.executable, "-m", "royal_sim.cli", "analyze", hand, "--seat", seat,
               "--jobs", str(jobs), "--json"]
        t = time.perf_counter()
        done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode:
            sys.exit(f"analyze failed: {done.stderr.strip().splitlines()[-1]}")
        return time.perf_counter() - t


def timed(seat: str, hand: str, **options) -> tuple[float, float | None, object]:
    """(wall seconds, seconds until the first update, report) of one analysis."""
    import royal_sim

    first: list[float] = []
    t = time.perf_counter()
    request = royal_sim.api.request_analysis(hand, seat, **options)
    report = request.run(on_update=lambda r: first or first.append(time.perf_counter() - t))
    return time.perf_counter() - t, (first[0] if first else None), report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fixed", type=int, default=1000, help="deals of the fixed run")
    ap.add_argument("--precision", type=float, default=None,
                    help="hold every slem to this (default: the command's default run, "
                         "+-5 points and decided slems +-10)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--hands", default="0,1,2,3,4", help="indices into HANDS")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold-cache run")
    args = ap.parse_args()
    import numba

    import royal_sim.api  # noqa: F401  (the face, loaded before the timings)

    numba.set_num_threads(min(args.jobs, numba.config.NUMBA_NUM_THREADS))
    picks = [HANDS[int(i)] for i in args.hands.split(",")]
    if not args.no_cold:
        seat, hand, _ = picks[0]
        print(f"cold (empty numba cache, compilation included), {seat} {hand}: "
              f"{cold_seconds(seat, hand, args.jobs):.1f} s")
    held = {} if args.precision is None else {"precision": args.precision}
    timed(*picks[0][:2], samples=42, precision=0.05)          # warm the kernels
    how = ("the default run" if args.precision is None
           else f"precision +-{args.precision:g} for every slem")
    print(f"analyze, all slems, {args.jobs} thread(s): {how} (default cap) vs every slem "
          f"on {args.fixed} deals; column-deals: the deals summed over the slems searched")
    print(f"{'hand':44} {'default s':>9} {'nodes':>12} {'first s':>7} {'deals/slem':>11} "
          f"{'col-deals':>9} {'fixed s':>8} {'ratio':>6}")
    for seat, hand, what in picks:
        wall, first, report = timed(seat, hand, **held)
        deals = [r.deals for r in report.slems]
        columns = sum(r.result.n for r in report.candidates)
        fixed, _, _ = timed(seat, hand, samples=args.fixed)
        print(f"{seat + ' ' + hand + ' (' + what + ')':44.44} {wall:9.1f} "
              f"{report.analysis.nodes:12,} "
              f"{first if first is not None else float('nan'):7.1f} "
              f"{min(deals):>5}-{max(deals):<5} {columns:9,} {fixed:8.1f} {fixed / wall:5.1f}x")
    print("first s: until the first table (the first deals of the first round); "
          "targets: average hands <= 20 s (goal 5 s), first table <= 3 s (goal 1 s)")


if __name__ == "__main__":
    main()
