"""Coverage of the intervals a default ``analyze`` reports, against a long reference run
(issue 49): for each hand, a fixed run of ``--reference`` deals gives each slem's chance;
``--runs`` default runs (the decided stop on) with other seeds each report an interval per
slem; the share of runs whose interval holds the reference chance is printed per slem and
per why the slem stopped (``precision``: ± 5 points at 95 %; ``decided``: ± 10 at 98 %),
also split by the estimate behind the interval (``estimator``: strata with proofs,
post-stratified, pooled, plain).

The reference has its own error (8,000 deals: ± 1.1 points at 50 %), which lowers the
measured coverage a little; the coverage is printed against two references: ``strata``,
the reference's deals post-stratified with the analysis's exact stratum weights (the
better estimate of the truth: a slem the strata nearly decide, as Honőr, has a stratified
interval whose edge is the truth, which a plain reference misses by its own noise), and
``plain``, the reference's share made. ``--cache`` keeps the reference and the runs. With ``--fixed-seeds K`` (default 20) it also checks that a
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
        truths = reference(hand, seat, args.reference, args.cache)
        t1 = time.perf_counter()
        runs = default_runs(hand, seat, args.runs, args.cache)
        t2 = time.perf_counter()
        deals = sum(run["deals"] for run in runs)
        print(f"{seat} {hand} ({label}): reference {args.reference:,} deals in "
              f"{t1 - t0:.0f} s; {args.runs} default runs in {t2 - t1:.0f} s "
              f"(mean {deals / args.runs:.0f} deals)")
        for name in ("strata", "plain"):
            print(f" against the {name} reference (module doc):")
            coverage(runs, truths[name])
        if args.fixed_seeds > 1:
            unbiased(hand, seat, truths["plain"], args.reference, args.fixed_seeds,
                     args.fixed_samples)


def coverage(runs: list, truth: dict) -> None:
    """Print the share of the runs' intervals that hold ``truth``, per why the slem stopped
    and the estimator behind it, and the lowest per slem."""
    hit, seen = defaultdict(int), defaultdict(int)
    by_why = defaultdict(lambda: [0, 0])
    for run in runs:
        for key, lo, hi, stopped, est in run["rows"]:
            if key not in truth:
                continue
            ok = lo - 1e-12 <= truth[key] <= hi + 1e-12
            hit[key] += ok
            seen[key] += 1
            for why in (stopped, f"{stopped}, {est}"):
                by_why[why][0] += ok
                by_why[why][1] += 1
    for why, (ok, n) in sorted(by_why.items()):
        print(f"  stopped {why:28} coverage {ok / n:.3f} ({ok:,} of {n:,} intervals)")
    worst = sorted((hit[k] / seen[k], k) for k in seen)
    print("  lowest per slem: " + ", ".join(f"{k} {c:.2f}" for c, k in worst[:6]))


def default_runs(hand: str, seat: str, runs: int, cache: str | None) -> list:
    """``runs`` default analyses (seeds 1 … runs): per run its deals and, per slem, ``(key,
    lo, hi, stopped, estimator)``; kept in ``cache`` when given."""
    import json

    import royal_sim

    path = None if cache is None else Path(cache) / f"runs-{seat}-{hand}-{runs}.json"
    if path is not None and path.exists():
        return json.loads(path.read_text())
    out = []
    for seed in range(1, runs + 1):
        rep = royal_sim.analyze(hand, seat, seed=seed)
        rows = [(r.key, *r.ci95, r.stopped, estimator(r)) for r in
                (row.result for row in rep.candidates) if not r.bound and r.n]
        out.append({"deals": rep.analysis.deals_searched, "rows": rows})
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(out))
    return out


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
    999,999: ``{"plain": {key: share made}, "strata": {key: chance}}``, the second
    post-stratified by the analysis's own strata (``analysis.strata``: each stratum's share
    made on the reference's deals, weighted by its exact weight; the plain share where a
    stratum has no deal). Kept in ``cache`` (a folder) when given, and read from it."""
    import json

    import numpy as np
    import royal_sim
    from royal_sim.analysis.results import Column
    from royal_sim.analysis.strata import of_sampling
    from royal_sim.model import cards as C
    from royal_sim.model.deal import parse_seat
    from royal_sim.sampling.sampler import Constraints, sample_deals

    path = None if cache is None else Path(cache) / f"{seat}-{hand}-{deals}-strata.json"
    if path is not None and path.exists():
        return json.loads(path.read_text())
    ref = royal_sim.analyze(hand, seat, samples=deals, seed=999_999)
    rows = [r.result for r in ref.candidates if not r.result.bound]
    plain = {r.key: r.probability for r in rows}
    strata = dict(plain)
    mask, where = C.mask_of(C.parse_cards(hand)), parse_seat(seat)
    total = sample_deals(1, 1, mask, where, Constraints()).count
    parts = of_sampling(mask, where, Constraints(), None, total)
    if parts is not None:
        found = np.asarray(ref.analysis.searched_deals, dtype=np.uint64)
        cols = parts.columns(found, [Column(r.slem, r.param) for r in rows],
                             int(where.pair))
        for j, r in enumerate(rows, 1):
            y, col = r.outcomes, cols.get(j)
            if col is None or y is None or len(y) != len(found) or (y < 0).any():
                continue
            shares = [(w, y[col.labels == h].mean()) for h, w in enumerate(col.weights)
                      if w > 0 and (col.labels == h).any()]
            if len(shares) == int((col.weights > 0).sum()):
                strata[r.key] = float(sum(w * m for w, m in shares))
    got = {"plain": plain, "strata": strata}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got))
    return got


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
