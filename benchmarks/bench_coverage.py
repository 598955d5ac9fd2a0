"""Coverage of the intervals a default ``analyze`` reports, against a long reference run
(issue 49): for each hand, a fixed run of ``--reference`` deals gives each slem's chance;
``--runs`` default runs (the decided stop on) with other seeds each report an interval per
slem; the share of runs whose interval holds the reference chance is printed per slem and
per why the slem stopped (``precision``: ± 5 points at 95 %; ``decided``: ± 10 at 98 %),
also split by the estimate behind the interval (``estimator``: strata with proofs,
post-stratified, pooled, plain).

The reference has its own error (8,000 deals: ± 1.1 points at 50 %), which lowers the
measured coverage a little. With ``--fixed-seeds K`` (default 20) it also checks that a
fixed ``--samples`` run stays unbiased: K fixed runs of ``--fixed-samples`` deals with other
seeds, per slem the mean of their chances against the reference, ``z`` = the difference
over the two means' standard errors; the share of slems with ``|z| > 1.96`` should be near
5 %. Figures only, no assertion. Usage: ``python benchmarks/bench_coverage.py [--hands
3,4] [--runs 100] [--reference 8000] [--cache DIR] [--fixed-seeds 20] [--fixed-samples 200]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_analyze import HANDS  # noqa: E402


def main() -> None:
    import royal_sim

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", default="3,4", help="indices into bench_analyze's HANDS")
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--reference", type=int, default=8000)
    ap.add_argument("--cache", default=None,
                    help="a folder to keep the reference runs' chances in (JSON), reused")
    ap.add_argument("--fixed-seeds", type=int, default=20)
    ap.add_argument("--fixed-samples", type=int, default=200)
    args = ap.parse_args()
    for i in (int(x) for x in args.hands.split(",")):
        seat, hand, label = HANDS[i]
        t0 = time.perf_counter()
        truth = reference(hand, seat, args.reference, args.cache)
        t1 = time.perf_counter()
        hit = defaultdict(int)
        seen = defaultdict(int)
        by_why = defaultdict(lambda: [0, 0])
        deals = 0
        for seed in range(1, args.runs + 1):
            rep = royal_sim.analyze(hand, seat, seed=seed)
            deals += rep.analysis.deals_searched
            for row in rep.candidates:
                r = row.result
                if r.bound or r.key not in truth or not r.n:
                    continue
                lo, hi = r.ci95
                ok = lo - 1e-12 <= truth[r.key] <= hi + 1e-12
                hit[r.key] += ok
                seen[r.key] += 1
                for why in (r.stopped, f"{r.stopped}, {estimator(r)}"):
                    by_why[why][0] += ok
                    by_why[why][1] += 1
        t2 = time.perf_counter()
        print(f"{seat} {hand} ({label}): reference {args.reference:,} deals in "
              f"{t1 - t0:.0f} s; {args.runs} default runs in {t2 - t1:.0f} s "
              f"(mean {deals / args.runs:.0f} deals)")
        for why, (ok, n) in sorted(by_why.items()):
            print(f"  stopped {why:28} coverage {ok / n:.3f} ({ok:,} of {n:,} intervals)")
        worst = sorted((hit[k] / seen[k], k) for k in seen)
        print("  lowest per slem: " + ", ".join(f"{k} {c:.2f}" for c, k in worst[:6]))
        if args.fixed_seeds > 1:
            unbiased(hand, seat, truth, args.reference, args.fixed_seeds, args.fixed_samples)


def estimator(r) -> str:
    """Which estimate gave a row's interval (``analysis.strata``): ``proofs`` (some strata
    proven, the rest estimated), ``strata`` (post-stratified, none proven), ``pooled`` (a
    plain share: the strata too small at the stop) or ``plain`` (no strata)."""
    e = r.stratified
    if e is None:
        return "plain"
    if e.searched < 1 - 1e-9:
        return "proofs"
    return "strata" if abs(e.effective - e.deals) > 1e-9 else "pooled"


def reference(hand: str, seat: str, deals: int, cache: str | None) -> dict:
    """Each slem's chance (not the relaxed bounds) on a fixed run of ``deals`` deals, seed
    999,999; kept in ``cache`` (a folder) when given, and read from it."""
    import json

    import royal_sim

    path = None if cache is None else Path(cache) / f"{seat}-{hand}-{deals}.json"
    if path is not None and path.exists():
        return json.loads(path.read_text())
    ref = royal_sim.analyze(hand, seat, samples=deals, seed=999_999)
    truth = {r.result.key: r.result.probability for r in ref.candidates if not r.result.bound}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(truth))
    return truth


def unbiased(hand: str, seat: str, truth: dict, reference: int, seeds: int,
             samples: int) -> None:
    """Print how far the mean chance of ``seeds`` fixed runs of ``samples`` deals lies
    from the reference, per slem, in standard errors (module doc)."""
    import math

    import numpy as np
    import royal_sim

    got = defaultdict(list)
    t = time.perf_counter()
    for seed in range(1001, 1001 + seeds):
        for row in royal_sim.analyze(hand, seat, seed=seed, samples=samples).candidates:
            r = row.result
            if not r.bound and r.key in truth and r.n == samples:
                got[r.key].append(r.probability)
    zs = []
    for key, ps in got.items():
        p = truth[key]
        se = math.sqrt(float(np.var(ps, ddof=1)) / len(ps) + p * (1 - p) / reference)
        if se > 0:
            zs.append((abs(float(np.mean(ps)) - p) / se, key))
    zs.sort(reverse=True)
    far = sum(z > 1.96 for z, _ in zs)
    print(f"  fixed runs: {seeds} seeds x {samples} deals in {time.perf_counter() - t:.0f} s; "
          f"|z| > 1.96 on {far} of {len(zs)} slems ({far / max(len(zs), 1):.1%}, 5 % "
          f"expected); largest: " + ", ".join(f"{k} {z:.1f}" for z, k in zs[:4]))


if __name__ == "__main__":
    main()
