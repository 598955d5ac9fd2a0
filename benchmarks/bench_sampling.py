"""Speed of the consistent-deal sampler (``royal_sim/sampling.py``), one core.

Prints:
- first-call compile time of the two kernels (fresh numba cache, in a child process) and the
  time to load them from the cache (second child process, same cache);
- counting set-up time and valid deals per second, rejection vs exact method, for
  (a) no constraint beyond the dealing rules, (b) a known hand, (c) the partner of ``A_IND``
  holding ≥ 9 tarokks (about 1 % rejection acceptance), with the exact/rejection ratio.

Run: ``/work/venv/bin/python benchmarks/bench_sampling.py [--scale 1.0]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from tabulate import tabulate

_CHILD = r"""
import json, time
t0 = time.perf_counter()
from royal_sim.sampling.sampler import DealSampler
t1 = time.perf_counter()
s = DealSampler()
t1b = time.perf_counter()
s.sample(1, 0, method="rejection")
t2 = time.perf_counter()
s.sample(1, 0, method="exact")
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "setup": t1b - t1, "rejection": t2 - t1b,
                  "exact": t3 - t2}))
"""


def kernel_load_times() -> tuple[dict, dict]:
    """(first call with an empty cache, first call with the cache filled), seconds."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        runs = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", _CHILD], env=env, check=True,
                                 capture_output=True, text=True).stdout
            runs.append(json.loads(out.strip().splitlines()[-1]))
    return runs[0], runs[1]


def rate(sampler, n: int, method: str, seed: int = 1) -> tuple[float, float, str]:
    """(valid deals per second, attempts per deal, method) — best of 3 runs."""
    sampler.sample(10, 0, method=method)  # warm (kernel already compiled)
    best = float("inf")
    for k in range(3):
        t = time.perf_counter()
        res = sampler.sample(n, seed + k, method=method)
        best = min(best, time.perf_counter() - t)
    return n / best, res.attempts / n, res.method


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply sample sizes")
    args = ap.parse_args()

    from royal_sim.model import cards as C
    from royal_sim.model.deal import Seat
    from royal_sim.sampling.sampler import Constraints, DealSampler

    cold, warm = kernel_load_times()
    print("Kernel load (first sample call in a new process, seconds):")
    print(tabulate([["compile (empty cache)", cold["rejection"], cold["exact"]],
                    ["load from cache", warm["rejection"], warm["exact"]]],
                   headers=["", "rejection kernel", "exact kernel"], floatfmt=".3f"))
    print(f"(import royal_sim.sampling {warm['import']:.3f} s, first DealSampler() "
          f"{warm['setup']:.3f} s; the first kernel loaded also initialises numba)\n")

    hand = C.mask_of(C.parse_cards("XX XVIII XV IX III SK SQ HN DK DJ"))
    cases = [
        ("no constraint", dict(), 2_000_000, 2_000_000),
        ("known hand (A_IND)", dict(hand=hand, seat=Seat.A_IND), 2_000_000, 2_000_000),
        ("A_ELF holds >= 9 tarokks", dict(constraints=Constraints.parse(tarokks=["A_ELF:9+"])),
         50_000, 1_000_000),
    ]
    rows = []
    for name, kwargs, n_rej, n_exact in cases:
        t = time.perf_counter()
        sampler = DealSampler(**kwargs)
        setup = time.perf_counter() - t
        r_rej, per_rej, _ = rate(sampler, max(1000, int(n_rej * args.scale)), "rejection")
        r_exa, _, _ = rate(sampler, max(1000, int(n_exact * args.scale)), "exact")
        rows.append([name, f"{sampler.acceptance:.4f}", f"{setup * 1e3:.0f}",
                     f"{r_rej:,.0f}", f"{r_rej * per_rej:,.0f}", f"{r_exa:,.0f}",
                     f"{r_exa / r_rej:.2f}", sampler.choose_method()])
    print("Valid deals per second, one core (best of 3):")
    print(tabulate(rows, headers=["case", "acceptance", "set-up ms", "rejection/s",
                                  "proposals/s", "exact/s", "exact/rejection", "auto picks"],
                   colalign=("left",) + ("right",) * 7))


if __name__ == "__main__":
    main()
