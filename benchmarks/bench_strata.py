"""What stratifying the deals would buy (issue 49, item 1), measured before building it.

Post-stratified on a variable of the deal with exact stratum weights, a slem's estimate has
the variance of the plain mean times ``1 - R²``, ``R²`` the share of the slem's variance
between the strata (the deals needed for ± 5 points shrink by the same factor). For each
hand of ``bench_analyze.py`` (or ``--hands``) this searches a fixed run of ``--deals``
deals and prints, per candidate variable, the median ``R²`` over the slems that vary and
the five slems it explains most. Variables: who holds the skíz, the XXI and the pagát (I)
when the hand does not, the partner's tarokk count, and the skíz × XXI owners together.

Control variates (item 2): the last line per hand regresses each slem's verdict on the
cheap figures of the deal jointly (``variates``: every seat's tarokk count and suit
lengths, the partner's kings, who holds the skíz, XXI and pagát; least squares), fitted on
half the deals and scored on the other half (an honest ``R²``: a fitted control variate
shrinks the variance by about that share, its mean known from as many sampled deals as
wanted, no search needed).

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


def variates(deals: np.ndarray, me: int) -> np.ndarray:
    """(n, k) float: the cheap figures of each deal a control variate could use (module
    doc), with a constant column."""
    from royal_sim.model import cards as C

    def count(mask: int, seat: int) -> np.ndarray:
        return np.array([(int(d) & mask).bit_count() for d in deals[:, seat]], dtype=float)

    cols = [np.ones(len(deals))]
    for seat in range(4):
        if seat == me:
            continue
        cols += [count(int(m), seat) for m in C.SUIT_MASKS]
    cols.append(count(C.KINGS, (me + 2) % 4))
    for name in ("XXII", "XXI", "I"):
        card = C.parse_card(name)
        if not int(deals[0, me]) >> card & 1:
            owner = _owner(deals, card)
            cols += [(owner == s).astype(float) for s in range(4) if s != me][:2]
    return np.stack(cols, axis=1)


def holdout_r2(y: np.ndarray, x: np.ndarray) -> float:
    """``R²`` of ``y`` on ``x`` by least squares fitted on the first half of the deals and
    scored on the second (0 or below: the variates buy nothing)."""
    h = len(y) // 2
    coef, *_ = np.linalg.lstsq(x[:h], y[:h], rcond=None)
    rest = y[h:]
    if rest.var() == 0:         # one verdict on every held-out deal: nothing to explain
        return 0.0
    return 1 - float(((rest - x[h:] @ coef) ** 2).mean()) / float(rest.var())


def r2(y: np.ndarray, f: np.ndarray) -> float:
    """The share of ``y``'s variance between the strata of ``f``."""
    within = sum((f == v).sum() * y[f == v].var() for v in np.unique(f)) / len(y)
    return 1 - within / y.var()


def _line(name: str, got: list, last: set, what: str = "") -> str:
    """One variable's line: the median ``R²`` over the slems, over those that set the
    default run's length (``last``), and the five it explains most."""
    def med(xs):
        return float(np.median(xs)) if xs else 0.0

    got.sort(key=lambda t: -t[1])
    top = ", ".join(f"{k} {x:.2f}" for k, x in got[:5])
    drivers = [x for k, x in got if k in last]
    return (f"  {name:20} median R2 {med([x for _, x in got]):.3f}{what} over {len(got)} "
            f"slems, {med(drivers):.3f} over the {len(drivers)} searched to the default "
            f"run's end; most: {top}")


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
        default = royal_sim.analyze(hand, seat, seed=args.seed).analysis
        last = {r.key for r in default.candidates if r.n == default.deals_searched}
        deals = np.asarray(res.searched_deals, dtype=np.uint64)
        me = next(s for s in range(4) if (deals[:, s] == deals[0, s]).all())   # the hand
        verdicts = []
        for row in report.candidates:
            o = row.result.outcomes
            if o is not None and len(o) == len(deals) and (o == 1).any() and (o != 1).any():
                verdicts.append((row.result.key, (o == 1).astype(float)))
        print(f"{hand} at {seat} ({label}), {len(deals)} deals; the default run searches "
              f"{len(last)} slems to its last deal ({default.deals_searched})")
        for name, f in features(deals, me).items():
            print(_line(name, [(k, r2(y, f)) for k, y in verdicts], last))
        x = variates(deals, me)
        print(_line("control variates", [(k, holdout_r2(y, x)) for k, y in verdicts], last,
                    f" (held out, {x.shape[1]} figures)"))


if __name__ == "__main__":
    main()
