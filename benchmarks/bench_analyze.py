"""Wall time of ``royal-sim analyze`` on 5 fixed hands (one per seat, a strong and a weak
one), all slems, cold numba cache (first run incl. compilation) and warm cache.

Usage: python benchmarks/bench_analyze.py [--samples 1000] [--jobs 2]
Targets (2-core machine): <= 10 s warm per hand, first run incl. compilation <= 90 s.
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


def run(seat: str, hand: str, samples: int, jobs: int, cache: str) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    cmd = [sys.executable, "-m", "royal_sim.cli", "analyze", hand, "--seat", seat,
           "--samples", str(samples), "--jobs", str(jobs), "--json"]
    t = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode:
        sys.exit(f"analyze failed on {seat} {hand}: {done.stderr.strip().splitlines()[-1]}")
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        print(f"analyze, {args.samples} samples, all slems, {args.jobs} job(s)")
        print(f"{'hand':45} {'cold s':>8} {'warm s':>8}")
        for i, (seat, hand, what) in enumerate(HANDS):
            cold = run(seat, hand, args.samples, args.jobs, cache) if i == 0 else float("nan")
            warm = run(seat, hand, args.samples, args.jobs, cache)
            print(f"{seat + ' ' + hand + ' (' + what + ')':45.45} {cold:8.1f} {warm:8.1f}")
        print("cold = first run with an empty numba cache (includes compilation);"
              " targets: warm <= 10 s per hand, cold <= 90 s")


if __name__ == "__main__":
    main()
