"""Stratified estimates of a slem's chance: the deals split by who holds the honours, each
part weighted by its exact share of the consistent deals (issue 49, item 1).

The strata. A deal's stratum is the pair holding each honour (skíz, XXI) that the user's
hand does not, and for a slem that captures the XVIII (Vizi) the XVIII's pair too: up to
four strata (eight), one when the hand holds them all. Their weights are exact: the
sampler counts the consistent deals with each key card in a pair's hands
(``exact_weights``), so no deal is spent learning them.

Proofs by stratum. In some strata a capture slem's verdict follows from who holds the cards
(``proven``): the highest tarokk of a trick wins it, so a tarokk is captured by the pair
that holds it and every tarokk above it, and never by the other (spec §2). Honőr is made
wherever the pair holds the skíz and never where the other pair holds both honours; only
the stratum "XXI ours, skíz theirs" is searched for an answer.

The estimate (``estimate``). With ``A`` the weight of the strata proven made and ``W`` the
weight of the strata not proven, a column's chance is ``A + W·q``, ``q`` the unproven
strata's share made, its interval ``A + W·[lo, hi]`` with ``[lo, hi]`` the stopping rule's
interval of ``q``: post-stratified over the unproven strata where each has deals enough,
else their pooled share. A column undefined on some deals (searched only where another was
made) is not stratified, nor is a fixed run (``--samples`` alone: the plain share).

Measured (``benchmarks/bench_strata.py --simulate 300 --hands 0,1,2,4``: runs resampled
from 2,000 searched deals a hand, the ± 5 rule per slem): over the 186 slems of four hands,
23 % fewer deals (29,673 → 22,881); Honőr 400 → 42-55, Köpf 176-400 → 42-74, Vizi 397-400
→ 165-248, Gém 247-400 → 223-310, the Bandas 5-25 % fewer; coverage lowest 0.927 over the
slems (plain: 0.927), mean 0.982 (plain: 0.981). Control variates on top (the cheap
figures of ``bench_strata``'s ``variates`` by regression): 9 % fewer deals again but
coverage down to 0.18 (Köpf), not kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..model import cards as C
from ..model.deal import PAIR_OF_SEAT, FIXED_CARD, Seat
from ..slems.catalogue import resolve_term

KEY_CARDS = (C.SKIZ, C.XXI, C.XVIII)
"""The cards whose holding pair makes the strata: the honours, and the XVIII for the
slems that capture it (``Strata.coarse``)."""
HONOURS_ONLY = (C.SKIZ, C.XXI)


@dataclass(frozen=True)
class Strata:
    """The strata of a hand's deals: ``keys``, the key cards not in the hand (``KEY_CARDS``
    order); stratum ``h`` puts key card ``keys[i]`` in pair ``(h >> i) & 1`` (0 attack, 1
    defence); ``weights``: (2 ** len(keys),) float, each stratum's exact share of the
    consistent deals (summing to 1); ``hand``, ``seat``: the user's."""

    hand: int
    seat: Seat
    keys: tuple[int, ...]
    weights: np.ndarray

    def labels(self, deals: np.ndarray) -> np.ndarray:
        """(n,) int64 stratum of each deal ((n, 4) uint64 hands in seat order)."""
        out = np.zeros(deals.shape[0], dtype=np.int64)
        for i, card in enumerate(self.keys):
            bit = np.uint64(1) << np.uint64(card)
            defence = ((deals[:, 1] | deals[:, 2]) & bit) != 0
            out |= defence.astype(np.int64) << i
        return out

    def known_sides(self, stratum: int) -> dict[int, int]:
        """``{card: pair}`` of every card whose pair is known in ``stratum``: the hand's,
        the fixed XIX and XX (attack), and the key cards."""
        sides = {c: int(self.seat.pair) for c in C.iter_bits(self.hand)}
        sides.update({card: PAIR_OF_SEAT[seat] for seat, card in FIXED_CARD.items()})
        sides.update({card: (stratum >> i) & 1 for i, card in enumerate(self.keys)})
        return sides

    def coarse(self, keep: tuple[int, ...]) -> "Strata":
        """The strata of the key cards in ``keep`` only, each the union of the strata
        that differ in the others (weights summed)."""
        idx = [i for i, card in enumerate(self.keys) if card in keep]
        weights = np.zeros(1 << len(idx))
        for h, w in enumerate(self.weights):
            weights[sum(((h >> i) & 1) << k for k, i in enumerate(idx))] += w
        return Strata(self.hand, self.seat, tuple(self.keys[i] for i in idx), weights)

    def columns(self, deals: np.ndarray, cols, pair: int) -> dict[int, "ColumnStrata"]:
        """``{j: ColumnStrata}`` for the columns of ``cols`` (``results.Column``s, ``j``
        1-based) bid by ``pair``, on the stream ``deals`` (a relaxed bound has none). A
        column is split by who holds the honours, and the XVIII too where it captures the
        XVIII (``captures``): more strata than its verdict depends on leave fewer deals
        in each (measured: Gém and Kassza need about 8 % more deals split by the XVIII)."""
        out, by_keys = {}, {}
        for j, col in enumerate(cols, 1):
            if col.relaxed:
                continue
            keys = KEY_CARDS if captures(col.slem.predicate, col.param) >> C.XVIII & 1 \
                else HONOURS_ONLY
            if keys not in by_keys:
                part = self.coarse(keys)
                by_keys[keys] = (part, part.labels(deals))
            part, labels = by_keys[keys]
            out[j] = ColumnStrata(labels, part.weights,
                                  part.verdicts(col.slem, col.param, pair))
        return out

    def verdicts(self, slem, param, pair: int) -> np.ndarray:
        """(strata,) int8: 1 where ``slem``/``param`` bid by ``pair`` is made on every deal
        of the stratum, 0 where on none, -1 where the cards alone do not tell (``proven``)."""
        out = np.full(len(self.weights), -1, dtype=np.int8)
        for h in range(len(self.weights)):
            got = proven(slem.predicate, param, pair, self.known_sides(h))
            if got is not None:
                out[h] = got
        return out


def of_sampling(hand: int, seat: Seat, constraints, sampler, total: int) -> Strata | None:
    """The ``Strata`` of the deals drawn by ``sampler`` (``None``: ``sample_deals``) for
    ``hand`` at ``seat`` under ``constraints``, of which there are ``total``; None when the
    sampler cannot count (a custom hook without a ``count`` attribute) or the hand holds
    every key card (one stratum)."""
    from ..errors import ConstraintError
    from ..sampling.sampler import DealSampler

    if sampler is None:
        def count_cons(cons):
            return DealSampler(hand, seat, cons).count
    elif callable(getattr(sampler, "count", None)):
        def count_cons(cons):
            return sampler.count(hand, seat, cons)
    else:
        return None

    def count(barred: dict[int, int]) -> int:
        cons = constraints
        try:
            for s, mask in barred.items():
                cons = cons.with_seat(s, not_holds=mask)
            return count_cons(cons)
        except ConstraintError:
            return 0

    if all(hand >> c & 1 for c in KEY_CARDS) or not total:
        return None
    return exact_weights(hand, seat, count, total)


def exact_weights(hand: int, seat: Seat, count: Callable[[dict[int, int]], int],
                  total: int) -> Strata | None:
    """The ``Strata`` of ``hand`` at ``seat``: ``count({seat_index: card_mask, …})`` gives
    the number of consistent deals where each of those seats holds none of those cards (0
    if none), ``total`` the number of all of them; a stratum is counted as the deals where
    the other pair's seats hold none of its key cards. A stratum no deal falls in has
    weight 0. None when the counts of the strata do not add up to ``total`` (a count that
    failed)."""
    keys = tuple(c for c in KEY_CARDS if not hand >> c & 1)
    counts = []
    for h in range(1 << len(keys)):
        barred: dict[int, int] = {}
        for i, card in enumerate(keys):
            for s in range(4):
                if s != int(seat) and PAIR_OF_SEAT[s] != (h >> i) & 1:
                    barred[s] = barred.get(s, 0) | 1 << card
        counts.append(count(barred))
    if sum(counts) != total:      # the strata split the deals: a count went wrong
        return None
    return Strata(hand, seat, keys, np.array([c / total for c in counts]))


def captures(pred, param) -> int:
    """The mask of the cards a predicate's capture clauses name."""
    mask = pred.capture_opp | pred.capture_any
    for term in pred.capture:
        mask |= resolve_term(term, param)[0]
    return mask


def _captured(card: int, pair: int, sides: dict[int, int]) -> int | None:
    """1 if ``pair`` captures ``card`` on every deal with these ``sides``, 0 if on none,
    None if the cards do not tell: a tarokk held by a pair together with every tarokk above
    it is that pair's (the highest tarokk wins its trick)."""
    if not (C.TAROKKS >> card & 1):
        return None
    holder = sides.get(card)
    if holder is None:
        return None
    if all(sides.get(t) == holder for t in C.iter_bits(C.TAROKKS & ~((2 << card) - 1))):
        return int(holder == pair)
    return None


def proven(pred, param, pair: int, sides: dict[int, int]) -> int | None:
    """The verdict of a slem's predicate ``pred`` (``catalogue.Predicate``, with its
    ``param``) for ``pair`` where the cards of ``sides`` (``{card: pair}``) are known to be
    held so: 1 made on every such deal, 0 on none, None when the holdings do not tell.
    Only the capture clauses are judged (every other clause leaves the verdict open unless a
    capture clause fails)."""
    verdicts = []
    for term in pred.capture:
        mask, _ = resolve_term(term, param)
        got = [_captured(c, pair, sides) for c in C.iter_bits(mask)]
        verdicts.append(0 if 0 in got else 1 if all(g == 1 for g in got) else None)
    if pred.capture_opp:
        cards = list(C.iter_bits(pred.capture_opp))
        if any(sides.get(c) == pair for c in cards):
            verdicts.append(0)            # "O's c" where P holds c: false
        elif any(_captured(c, pair, sides) == 0 for c in cards):
            verdicts.append(0)
        else:
            verdicts.append(None)
    if pred.capture_any:
        got = [_captured(c, pair, sides) for c in C.iter_bits(pred.capture_any)]
        verdicts.append(1 if 1 in got else 0 if all(g == 0 for g in got) else None)
    if (pred.min_tricks or pred.tricks or pred.exists or pred.run[1]
            or pred.split_tricks):
        verdicts.append(None)
    if 0 in verdicts:
        return 0
    if verdicts and all(v == 1 for v in verdicts):
        return 1
    return None


@dataclass(frozen=True)
class Estimate:
    """A stratified estimate: ``probability`` and ``interval`` (probabilities);
    ``exact``: the weight of the strata proven made (``A``); ``searched``: the weight of
    the strata not proven (``W``); ``made``/``deals``: the unproven strata's deals;
    ``effective``: the deals a plain share would need for the same variance (``deals``
    where the unproven strata are pooled)."""

    probability: float
    interval: tuple[float, float]
    exact: float
    searched: float
    made: int
    deals: int
    effective: float


@dataclass(frozen=True)
class ColumnStrata:
    """What a column's stratified estimate reads: ``labels`` (cap,) the stratum of each
    deal of the stream, ``weights`` and ``verdicts`` (``Strata.verdicts``) per stratum."""

    labels: np.ndarray
    weights: np.ndarray
    verdicts: np.ndarray

    def estimate(self, outcomes: np.ndarray, bounds: Callable) -> Estimate | None:
        """``estimate`` of the column's outcomes on the first deals of the stream."""
        return estimate(outcomes, self.labels[:len(outcomes)], self.weights, self.verdicts,
                        bounds)


MIN_STRATUM = 5
"""The fewest deals of each unproven stratum for post-stratifying them (else pooled)."""
SMALL_COUNTS = 6
SHRINK = 4
"""Post-stratified only with more than this many made and missed deals in the unproven
strata: with fewer the pooled share keeps the rule's exact Poisson bound next to 0 or 1
(``stopping.SMALL_COUNTS``)."""


def estimate(outcomes: np.ndarray, labels: np.ndarray, weights: np.ndarray,
             verdicts: np.ndarray, bounds: Callable) -> Estimate | None:
    """The stratified estimate of a column from its (n,) outcomes (1 made, 0 not, -1
    undefined) on deals of strata ``labels`` (n,), with the strata's exact ``weights`` and
    proven ``verdicts`` (``Strata.verdicts``; -1 where not proven); ``bounds(made, deals)``:
    the interval of a share (the stopping rule's; ``made`` and ``deals`` may be floats).
    None for a column undefined on some deal (not stratified).

    The unproven strata's share ``q`` is post-stratified (each stratum's share weighted
    by its exact weight; its variance from each stratum's share shrunk to (made + 1) /
    (deals + 2), so that a stratum made on all its deals still counts some variance) and
    its interval is the rule's at the effective deals (Korn & Graubard 1998: a binomial
    interval at the sample size with the same variance), where every unproven stratum
    has ``MIN_STRATUM`` deals and the counts are past ``SMALL_COUNTS``; else ``q`` is the
    pooled share of those deals with the rule's interval."""
    if (outcomes < 0).any():
        return None
    live = weights > 0
    exact = float(weights[live & (verdicts == 1)].sum())
    searched = float(weights[live & (verdicts < 0)].sum())
    if searched <= 1e-15:
        return Estimate(exact, (exact, exact), exact, 0.0, 0, 0, 0.0)
    open_ = (verdicts < 0)[labels]
    n = int(open_.sum())
    made = int((outcomes[open_] == 1).sum())
    post = _post_stratified(outcomes, labels, weights, np.flatnonzero(live & (verdicts < 0)),
                            made, n)
    if post is None:
        q, effective = (made / n if n else 0.5), float(n)
        lo, hi = bounds(made, n)
    else:
        q, effective = post
        lo, hi = bounds(q * effective, effective)
    return Estimate(exact + searched * q, (exact + searched * lo, exact + searched * hi),
                    exact, searched, made, n, effective)


def _post_stratified(outcomes: np.ndarray, labels: np.ndarray, weights: np.ndarray,
                     open_: np.ndarray, made: int, n: int) -> tuple[float, float] | None:
    """``(q, effective deals)`` of the unproven strata ``open_`` post-stratified, or None
    where they are pooled (``estimate``)."""
    if len(open_) < 2 or made <= SMALL_COUNTS or n - made <= SMALL_COUNTS:
        return None
    w = weights[open_] / weights[open_].sum()
    nh = np.array([(labels == h).sum() for h in open_], dtype=float)
    if (nh < MIN_STRATUM).any():
        return None
    xh = np.array([((labels == h) & (outcomes == 1)).sum() for h in open_], dtype=float)
    q = float((w * xh / nh).sum())
    shrunk = (xh + SHRINK * made / n) / (nh + SHRINK)
    var = float((w * w * shrunk * (1 - shrunk) / nh).sum())
    if not 0 < q < 1:
        return None
    return q, q * (1 - q) / var
