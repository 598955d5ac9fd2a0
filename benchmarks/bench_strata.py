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

With ``--simulate RUNS`` it measures the estimators themselves instead: a fixed run of
``--deals`` deals a hand (kept in ``--cache``) is the population, and ``RUNS`` precision
runs per slem are resampled from it (deals drawn with replacement, the ± 5 rule at the
looks of ``stopping.schedule``, the population's shares as the strata's weights). Per slem
(and in total) it prints the mean deals at the stop and the coverage of the population's
chance for: ``plain`` (the rule's interval of the share made), ``strata`` (what the default
run reports: ``analysis.strata``) and ``strata+cv`` (the strata with the control variates
above as a regression estimator, the variates' means the population's, its interval the
rule's at the effective deals: measured here, not built into the analysis).

Figures only, no assertion. Usage: ``python benchmarks/bench_strata.py [--deals 800]
[--hands 0,1,3] [--seed 7] [--simulate 300 --cache DIR]``.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import defaultdict
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


def population(i: int, deals: int, seed: int, cache: str | None) -> dict:
    """Hand ``i``'s fixed run of ``deals`` deals: ``{"seat", "hand", "deals" (n, 4),
    "cols": {key: (n,) outcomes}}`` (slems defined on every deal, relaxed bounds left out),
    kept in ``cache`` when given."""
    import royal_sim

    path = None if cache is None else Path(cache) / f"pool_{i}_{deals}_{seed}.pkl"
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    seat, hand, _ = HANDS[i]
    report = royal_sim.analyze(hand, seat, samples=deals, seed=seed)
    found = np.asarray(report.analysis.searched_deals, dtype=np.uint64)
    cols = {r.result.key: r.result.outcomes.astype(np.int8) for r in report.candidates
            if not r.result.bound and r.result.outcomes is not None
            and len(r.result.outcomes) == len(found)}
    got = dict(seat=seat, hand=hand, deals=found, cols=cols)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(got))
    return got


def _regression(y: np.ndarray, x: np.ndarray, mean_x: np.ndarray, bounds):
    """The control-variate (regression) estimate of ``y``'s mean with ``x``'s known mean,
    and the rule's interval at its effective deals; the plain share where the counts are
    small or the fit has too few deals."""
    n, made = len(y), int(y.sum())
    if made <= 6 or n - made <= 6 or n < 3 * x.shape[1]:
        return made / n, bounds(made, n)
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    p = float(np.clip(mean_x @ coef + resid.mean(), 1e-9, 1 - 1e-9))
    var = float(resid @ resid) / (n - x.shape[1]) / n
    eff = p * (1 - p) / max(var, 1e-12)
    return p, bounds(p * eff, eff)


def simulate(pop: dict, runs: int, totals: dict) -> None:
    """Resampled precision runs of every slem of ``pop`` (module doc); prints a line per
    slem that needs more than 100 deals (or covers below 0.95) and adds each slem's
    ``(mean deals, coverage)`` per estimator to ``totals``."""
    from royal_sim import slems as S
    from royal_sim.analysis import strata as ST
    from royal_sim.analysis.results import Column
    from royal_sim.analysis.stopping import StoppingRule, schedule
    from royal_sim.model import cards as C
    from royal_sim.model.deal import parse_seat

    rule = StoppingRule(0.05, 10_000)
    looks = [n for n in schedule(10_000) if n <= 600]
    seat, hand = parse_seat(pop["seat"]), C.mask_of(C.parse_cards(pop["hand"]))
    deals = pop["deals"]
    keys = tuple(c for c in ST.KEY_CARDS if not hand >> c & 1)
    labels = ST.Strata(hand, seat, keys, np.ones(1 << len(keys))).labels(deals)
    weights = np.bincount(labels, minlength=1 << len(keys)) / len(labels)
    strata = ST.Strata(hand, seat, keys, weights)
    names = [k for k, y in pop["cols"].items() if not (y < 0).any() and 0 < y.mean() < 1]
    by_col = strata.columns(deals, [Column(*S.parse_slem_key(k)) for k in names],
                            int(seat.pair))
    x = variates(deals, int(seat))
    strata_x = np.stack([labels == h for h in range(len(weights))][1:], axis=1)
    x = np.concatenate([x, strata_x.astype(float)], axis=1)
    mean_x = x.mean(axis=0)
    rng = np.random.default_rng(11)
    print(f"{pop['hand']} at {pop['seat']}: {len(deals):,} deals, strata weights "
          f"{np.round(weights, 3).tolist()}; {runs} resampled runs a slem")
    for j, key in enumerate(names, 1):
        y, col = pop["cols"][key].astype(np.int64), by_col[j]
        truth = y.mean()
        stop = {name: [] for name in ("plain", "strata", "strata+cv")}
        hit = dict.fromkeys(stop, 0)
        for _ in range(runs):
            idx = rng.integers(0, len(y), looks[-1])
            yy, ll, xx = y[idx], col.labels[idx], x[idx]
            for name in stop:
                for n in looks:
                    if name == "plain":
                        lo, hi = rule.interval(int(yy[:n].sum()), n)
                    elif name == "strata":
                        lo, hi = ST.estimate(yy[:n], ll[:n], col.weights, col.verdicts,
                                             rule.interval).interval
                    else:
                        _, (lo, hi) = _regression(yy[:n], xx[:n], mean_x, rule.interval)
                    if (hi - lo) / 2 <= rule.precision + 1e-12 or n == looks[-1]:
                        stop[name].append(n)
                        hit[name] += lo - 1e-9 <= truth <= hi + 1e-9
                        break
        got = {name: (float(np.mean(stop[name])), hit[name] / runs) for name in stop}
        for name, v in got.items():
            totals[name].append(v)
        if got["plain"][0] > 100 or min(c for _, c in got.values()) < 0.95:
            print(f"  {key:18} p {truth:.3f}: " + "; ".join(
                f"{name} {d:.0f} deals, coverage {c:.3f}" for name, (d, c) in got.items()))


def main() -> None:
    import royal_sim

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--hands", default="0,1,3")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--simulate", type=int, default=0, metavar="RUNS")
    ap.add_argument("--cache", default=None, help="a folder to keep the fixed runs in")
    args = ap.parse_args()
    if args.simulate:
        totals = defaultdict(list)
        for i in (int(x) for x in args.hands.split(",")):
            simulate(population(i, args.deals, args.seed, args.cache), args.simulate, totals)
        print(f"all hands: {len(totals['plain'])} slems; " + "; ".join(
            f"{name} {sum(d for d, _ in got):,.0f} deals, coverage lowest "
            f"{min(c for _, c in got):.3f} mean {np.mean([c for _, c in got]):.3f}"
            for name, got in totals.items()))
        return
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
