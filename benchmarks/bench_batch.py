"""Throughput of ``royal-sim batch``: inputs per minute with 1 and 2 jobs, and the speed-up.

A fixed input file of 20 hands (5 deals of seed 2024, every seat) is analysed with small
``--samples``, all slems, by the command as a user runs it (a fresh process, warm numba
cache). ``--jobs 2`` runs the inputs in 2 worker processes with 1 numba thread each; for
comparison, the alternative of 1 process with 2 numba threads (parallel over the sampled
deals of one input) is timed in-process with ``--threads-too``.

Usage: python benchmarks/bench_batch.py [--hands 20] [--samples 10] [--threads-too]
Target (2-core machine): speed-up >= 1.8x with 2 jobs. "cores busy" (CPU time / wall time)
below the job count means the machine was shared: the speed-up is then not the program's.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def make_input(path: Path, hands: int) -> None:
    from royal_sim.model.cards import format_cards
    from royal_sim.model.deal import SEATS
    from royal_sim.sampling.sampler import sample_deals

    deals = sample_deals((hands + 3) // 4, 2024)
    lines = [f"{format_cards(d.hands[s])} @ {s.name}" for d in deals for s in SEATS]
    path.write_text("\n".join(lines[:hands]) + "\n")


def run(inp: Path, out: Path, samples: int, jobs: int) -> tuple[float, float]:
    """Wall time and CPU time (user + system, all processes) of one batch command."""
    cmd = [sys.executable, "-m", "royal_sim.cli", "batch", str(inp), "-o", str(out),
           "--samples", str(samples), "--seed", "1", "--jobs", str(jobs), "--force"]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def threads_in_process(inp: Path, samples: int, threads: int) -> float:
    from royal_sim import batch as B

    jobs, _ = B.read_inputs(inp)
    opts = B.BatchOptions(samples=samples, seed=1, threads=threads)
    B.run_job(jobs[0], opts)                                  # load the numba cache
    t = time.perf_counter()
    for job in jobs:
        B.run_job(job, opts)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--samples", type=int, default=10)
    ap.add_argument("--threads-too", action="store_true",
                    help="also time 1 process with 1 and 2 numba threads")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        inp = d / "hands.txt"
        make_input(inp, args.hands)
        head = inp.read_text().splitlines()[0]
        subprocess.run([sys.executable, "-m", "royal_sim.cli", "analyze", head.split("@")[0],
                        "--seat", head.split("@")[1].strip(), "--samples", "2"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"batch of {args.hands} hands, --samples {args.samples}, all slems, "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} before "
              "(wall time of the command, warm numba cache)")
        times = {}
        for jobs in (1, 2):
            out = d / f"out{jobs}.csv"
            times[jobs], cpu = run(inp, out, args.samples, jobs)
            print(f"--jobs {jobs}: {times[jobs]:7.1f} s  "
                  f"{args.hands / times[jobs] * 60:7.1f} inputs/min  "
                  f"(CPU {cpu:6.1f} s, {cpu / times[jobs]:.2f} cores busy)")
        same = (d / "out1.csv").read_bytes() == (d / "out2.csv").read_bytes()
        print(f"speed-up with 2 jobs: {times[1] / times[2]:.2f}x (target >= 1.8x); "
              f"outputs identical: {same}")
        if args.threads_too:
            t1 = threads_in_process(inp, args.samples, 1)
            t2 = threads_in_process(inp, args.samples, 2)
            print(f"alternative, 1 process (inputs only, no start-up): 1 numba thread "
                  f"{t1:.1f} s, 2 numba threads {t2:.1f} s, speed-up {t1 / t2:.2f}x")


if __name__ == "__main__":
    main()
