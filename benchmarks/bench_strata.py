"""What stratifying the deals would buy (issue 49, item 1), measured before building it.

Post-stratified on a variable of the deal with exact stratum weights, a slem's estimate has
the variance of the plain mean times ``1 - R²``, ``R²`` the share of the slem's variance
between the strata (the deals needed for ± 5 points shrink by the same factor). For each
hand of ``bench_analyze.py`` (or ``--hands``) this searches a fixed run of ``--deals``
deals and prints, per candidate variable, the median ``R²`` over the slems that vary and
the five slems it explains most. Variables: who holds the skíz, the XXI and the pagát (I)
when the hand does not, the partner's tarokk count, and the skíz × XXI owners together.

Figures only, no assertion. Usage: ``python benchmarks/bench_strata.py [--deals 800]
[--hands 0,1,3] [--seed 7]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_analyze import HANDS  # noqa: E402


def _owner(deals: np.ndarray, card: int) -> np.ndarray:
    bit = np.uint64(1) << np.uint64(card)
    return np.argmax((deals & bit) != 0, axis=1)


def features(deals: np.ndarray, me: int) -> dict[str, np.ndarray]:
    """The candidate strata of each deal: name -> (n,) int labels."""
    from royal_sim.model import cards as C

    partner = (me + 2) % 4
    count = np.array([(int(d) & C.TAROKKS).bit_count() for d in deals[:, partner]])
    out = {"partner's tarokks": count}
    owners = {}
    for name in ("XXII", "XXI", "I"):
        card = C.parse_card(name)
        if not int(deals[0, me]) >> card & 1:
            owners[name] = out[f"{name} held by"] = _owner(deals, card)
    if {"XXII", "XXI"} <= set(owners):
        out["XXII x XXI held by"] = owners["XXII"] * 4 + owners["XXI"]
    return out


def r2(y: np.ndarray, f: np.ndarray) -> float:
    """The share of ``y``'s variance between the strata of ``f``."""
    within = sum((f == v).sum() * y[f == v].var() for v in np.unique(f)) / len(y)
    return 1 - within / y.var()


def main() -> None:
    import royal_sim

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--hands", default="0,1,3")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    for i in (int(x) for x in args.hands.split(",")):
        seat, hand, label = HANDS[i]
        report = royal_sim.analyze(hand, seat, samples=args.deals, seed=args.seed)
        res = report.analysis
        deals = np.asarray(res.searched_deals, dtype=np.uint64)
        me = next(s for s in range(4) if (deals[:, s] == deals[0, s]).all())   # the hand
        print(f"{hand} at {seat} ({label}), {len(deals)} deals")
        for name, f in features(deals, me).items():
            got = []
            for row in report.candidates:
                o = row.result.outcomes
                if o is None or len(o) < len(deals):
                    continue
                y = (o == 1).astype(float)
                if y.var() > 0:
                    got.append((row.result.key, r2(y, f)))
            got.sort(key=lambda t: -t[1])
            med = float(np.median([x for _, x in got])) if got else 0.0
            top = ", ".join(f"{k} {x:.2f}" for k, x in got[:5])
            print(f"  {name:20} median R2 {med:.3f} over {len(got)} slems; most: {top}")


if __name__ == "__main__":
    main()
