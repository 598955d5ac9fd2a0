"""Turning probabilities into decisions: expected score per bid, the best bid set, kontra.

Source rules: ``spec/royal-tarokk.md`` §3 (raises, one trophy per pair) and §4 (scoring),
through ``scoring.score_deal``. Every figure is a mean over the sampled deals of the score
the user's pair gets on that deal, its consolatio and caps included; a bid counts as made on
a deal when the pair can force it double dummy (``analysis.py``).

Decisions:
- Each bid of a set is judged by its own double-dummy search: a set is scored as if every
  bid that can be forced alone is made together. This is optimistic when two bids compete
  for the same cards or tricks (the search of a combined goal is future work).
- Silent (csendes) slems and hand announcements are left out of the bid scores (they are
  not bids); the no-bid score is the consolatio alone.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from . import slems as S
from .analysis import Analysis, SlemResult
from .model.deal import Pair
from .model.ruleset import RuleSet
from .scoring import (BidSetError, DealOutcome, PairOutcome, consolatio_band,
                      pair_holdings_array, score_deal, validate_bids)

MIN_PROBABILITY = 0.02
MAX_BIDS = 3
"""The most bids of the user's own in a set by default (advise's ``--max-bids``)."""
MAX_STREAMS = 4       # deal streams whose scorers are kept (``Scorer.of``)
_STREAMS: dict = {}   # (id(stream), pair, rules, igazitas) -> (stream, Scorer of all of it)


class Scorer:
    """Scores of the user's pair on the sampled deals for given bids and outcomes (points),
    cached by everything ``score_deal`` looks at.

    deals: (n, 4) uint64; pair: the user's pair; rules/igazitas as ``score_deal``."""

    def __init__(self, deals: np.ndarray, pair: Pair, rules: RuleSet | str,
                 igazitas: bool = True):
        self.pair = pair
        self.rules = rules
        self.igazitas = igazitas
        tarokks, honours = pair_holdings_array(deals, pair)
        # the pair's tarokks matter through the attack's consolatio row alone: each deal
        # holds the pair's total standing for its row (``consolatio_band``), so the deals of
        # one row share their scores
        attack = tarokks if pair is Pair.ATTACK else 22 - tarokks
        band = consolatio_band(attack)
        self.tarokk_rows = (band if pair is Pair.ATTACK else 22 - band).astype(np.int64)
        self.honours = honours.astype(np.int64)
        self.other_honours = pair_holdings_array(deals, pair.other)[1].astype(np.int64)
        self._cache: dict = {}
        self.n = deals.shape[0]

    @classmethod
    def of(cls, analysis: Analysis, rules: RuleSet | str | None = None,
           igazitas: bool = True) -> "Scorer":
        """The scorer of ``analysis``'s searched deals (``rules`` default its own). The
        pair's holdings are read once per deal stream and the scores of ``score_deal`` kept
        with them (``_STREAMS``): the reports of a precision-driven run, one a round, share
        them, the deals of later rounds being a longer prefix of the same stream."""
        rules = analysis.rules if rules is None else rules
        stream, pair = analysis.deals, analysis.seat.pair
        key = (id(stream), pair, str(rules), bool(igazitas))
        hit = _STREAMS.get(key)
        if hit is None or hit[0] is not stream:
            if len(_STREAMS) >= MAX_STREAMS:
                _STREAMS.pop(next(iter(_STREAMS)))
            hit = _STREAMS[key] = (stream, cls(stream, pair, rules, igazitas))
        return hit[1]._prefix(analysis.searched_deals.shape[0])

    def _prefix(self, n: int) -> "Scorer":
        """The scorer of the first ``n`` deals, sharing this one's score cache."""
        s = copy.copy(self)
        s.n = n
        s.tarokk_rows, s.honours = self.tarokk_rows[:n], self.honours[:n]
        s.other_honours = self.other_honours[:n]
        return s

    def _one(self, bids: tuple[str, ...], made: tuple[bool, ...], tarokks: int, honours: bool,
             other_honours: bool, opp_bids: tuple[str, ...], opp_made: tuple[bool, ...],
             kontra: tuple[str, ...]) -> int:
        key = (bids, made, tarokks, honours, other_honours, opp_bids, opp_made, kontra)
        v = self._cache.get(key)
        if v is None:
            mine = PairOutcome(bids=bids, made=dict(zip(bids, made)), tarokks=tarokks,
                               both_honours=honours)
            theirs = PairOutcome(bids=opp_bids, made=dict(zip(opp_bids, opp_made)),
                                 kontra=frozenset(kontra), tarokks=22 - tarokks,
                                 both_honours=other_honours)
            out = (DealOutcome(attack=mine, defence=theirs) if self.pair is Pair.ATTACK
                   else DealOutcome(attack=theirs, defence=mine))
            v = self._cache[key] = score_deal(out, self.rules, self.igazitas)[self.pair].points
        return v

    def scores(self, bids: Sequence[str], outcomes: np.ndarray | None,
               opp_bids: Sequence[str] = (), opp_outcomes: np.ndarray | None = None,
               kontra: Sequence[str] = (), deals: int | None = None) -> np.ndarray:
        """(m,) points of the user's pair on the first m deals. outcomes: (m, len(bids)) made
        flags of the pair's bids (>0 = made); opp_outcomes likewise for the opponents' bids,
        of which ``kontra`` were kontra'd by the user's pair; m: the outcomes' rows (bids
        searched on a prefix of the deals, precision-driven), else ``deals``, else all."""
        given = outcomes if outcomes is not None else opp_outcomes
        n = self.n if deals is None else deals
        if given is not None:
            n = np.asarray(given).shape[0]
        k, ko = len(bids), len(opp_bids)
        # a deal's facts in one int: tarokk row, both honours (2 flags), then a bit a bid
        code = ((self.tarokk_rows[:n] << 2) | ((self.honours[:n] > 0) << 1)
                | (self.other_honours[:n] > 0)).astype(np.int64)
        for flags, m in ((outcomes, k), (opp_outcomes, ko)):
            if m:
                made = (np.asarray(flags).reshape(n, m) > 0).astype(np.int64)
                for j in range(m):
                    code = (code << 1) | made[:, j]
        uniq, inverse = np.unique(code, return_inverse=True)
        vals = np.empty(len(uniq), dtype=np.float64)
        for i, u in enumerate(uniq.tolist()):
            bits = tuple(bool(u >> (k + ko - 1 - j) & 1) for j in range(k + ko))
            head = u >> (k + ko)
            vals[i] = self._one(tuple(bids), bits[:k], head >> 2, bool(head >> 1 & 1),
                                bool(head & 1), tuple(opp_bids), bits[k:], tuple(kontra))
        return vals[inverse.reshape(-1)]


@dataclass
class BidValue:
    """A bid's worth over the sampled deals: ``expected``: mean points of the pair with this
    as its only bid; ``gain``: minus the no-bid mean; ``plain``: value × p − cost × (1 − p),
    cost the points a failure costs under the rules (no consolatio or caps)."""

    result: SlemResult
    expected: float
    gain: float
    plain: float


def failure_cost(value: int, rules: RuleSet | str, igazitas: bool) -> int:
    """Points a failed bid costs (spec §4: Gerots its value; laza min(value, 5) without
    igazítás)."""
    return min(value, 5) if rules == RuleSet.LAZA and not igazitas else value


def no_bid(analysis: Analysis, igazitas: bool = True) -> float:
    """Mean points of the user's pair bidding nothing, over the deals searched: the
    consolatio of its tarokks and honours (Gerots and laza with igazítás; spec §4)."""
    scorer = Scorer.of(analysis, igazitas=igazitas)
    return float(scorer.scores((), None).mean())


def bid_values(analysis: Analysis, igazitas: bool = True) -> dict[str, BidValue]:
    """``{bid key: BidValue}`` for every searched candidate that can be bid (not silent, not
    a relaxed bound) of ``analysis``."""
    scorer = Scorer.of(analysis, igazitas=igazitas)
    base = scorer.scores((), None)
    out = {}
    for r in analysis.candidates:
        if r.bound or r.slem.silent_only or r.outcomes is None or not len(r.outcomes):
            continue
        s = scorer.scores((r.key,), r.outcomes[:, None])
        p = r.probability
        cost = failure_cost(r.slem.value, analysis.rules, igazitas)
        out[r.key] = BidValue(r, float(s.mean()), float(s.mean()) - float(base[:len(s)].mean()),
                              r.slem.value * p - cost * (1 - p))
    return out


DECIDED_Z = 1.96
"""A bid's gain is told apart from 0 when its mean is more than this many standard errors
from 0 (two-sided 95 %)."""
INDIFFERENT = 2.0
"""A bid whose gain lies within ± this many points (its mean ± ``DECIDED_Z`` standard
errors) is decided too: bidding it or not changes the expected score by less than that,
the difference advise does not search to tell two bid sets apart (``api.SEPARATION``).
Was 1 point: 2 stops a small bid near its break-even (value 5) at ~130 deals instead of
~280, the decided intervals' coverage unchanged (``benchmarks/bench_decided.py``: lowest
0.950)."""


def decided_bids(analysis: Analysis, igazitas: bool = True) -> set[str]:
    """The keys of the candidates still searched whose decision is taken: the gain over
    bidding nothing (the pair's points with the bid minus without, per deal, on the deals
    it was searched on, at least ``stopping.FIRST_LOOK``) is told apart from 0 (``|mean|
    > DECIDED_Z`` standard errors) or lies within ± ``INDIFFERENT`` points (``|mean| +
    DECIDED_Z`` standard errors below it). More deals would narrow its figures, not turn
    bid into pass or pass into bid by more than ``INDIFFERENT`` points. A silent slem (never bid: no
    decision rides on it) is decided as soon as it is searched; a relaxed bound never
    is."""
    from .analysis.stopping import FIRST_LOOK

    scorer = Scorer.of(analysis, igazitas=igazitas)
    base = scorer.scores((), None)
    out = set()
    for r in analysis.candidates:
        if r.bound or r.outcomes is None or r.stopped is not None:
            continue
        n = len(r.outcomes)
        if n < FIRST_LOOK:
            continue
        if r.slem.silent_only:
            out.add(r.key)
            continue
        gain = scorer.scores((r.key,), r.outcomes[:, None]) - base[:n]
        mean, se = float(gain.mean()), float(gain.std(ddof=1)) / np.sqrt(n)
        if abs(mean) > DECIDED_Z * se or abs(mean) + DECIDED_Z * se < INDIFFERENT:
            out.add(r.key)
    return out


def outclassed_bids(analysis: Analysis, igazitas: bool = True, max_bids: int = MAX_BIDS,
                    partner_bids: Sequence[SlemResult] = (),
                    sets: Sequence["BidSet"] | None = None) -> set[str]:
    """The keys of the candidates still searched that the best bid set leaves out, and that
    every set holding them scores below it: the best set found (``best_bid_sets``, at most
    ``max_bids`` of the user's bids beside ``partner_bids``) scores more than the best set
    found with the bid, by more than ``DECIDED_Z`` standard errors of their paired
    difference (on the deals both were scored on, at least ``stopping.FIRST_LOOK``). More
    deals would narrow the bid's figures, not put it into the advice (issue 49: "told apart
    from the best bid set"). A set is the beam's best with the bid, so a bid outclassed here
    may still be in a better set the beam did not reach: the figures stay honest, only the
    precision spent on it is less. ``sets``: those sets already ranked (every one,
    ``top=None``), else ranked here."""
    from .analysis.stopping import FIRST_LOOK

    if sets is None:
        sets = best_bid_sets(analysis, igazitas=igazitas, partner_bids=partner_bids,
                             top=None, max_bids=max_bids)
    if not sets:
        return set()
    best, first_with = sets[0], {}
    for b in sets:                      # ranked best first: the best set with each bid
        for k in b.bids:
            first_with.setdefault(k, b)
    out = set()
    for r in bid_candidates(analysis, partner_bids):
        b = first_with.get(r.key)
        if r.stopped is not None or r.key in best.bids or b is None:
            continue
        m = min(best.deals, b.deals)
        if m < FIRST_LOOK:
            continue
        d = best.scores[:m] - b.scores[:m]
        if float(d.mean()) > DECIDED_Z * float(d.std(ddof=1)) / math.sqrt(m):
            out.add(r.key)
    return out


@dataclass
class BidSet:
    """A set of bids with its scores over the sampled deals: ``expected`` mean points,
    ``stderr`` its standard error, ``below_nobid`` the fraction of deals scoring below the
    no-bid score (with partner's bids: below the partner's bids alone, none of the user's)
    and ``gain`` the mean points over it, both on the set's own deals; ``scores``: (m,)
    points per deal, on the first m = ``deals`` deals (those all its bids were searched on:
    in a precision-driven run, sets differ in them).
    """

    bids: tuple[str, ...]
    expected: float
    stderr: float
    below_nobid: float
    scores: np.ndarray | None = field(default=None, repr=False, compare=False)
    p_made: float = 1.0     # the share of those deals on which every bid of it is made
    deals: int = 0
    gain: float = 0.0

    @property
    def p_below_nobid(self) -> float:
        """``below_nobid`` under its JSON name."""
        return self.below_nobid

    def to_json(self) -> dict:
        return {"bids": list(self.bids), "expected": round(self.expected, 3),
                "stderr": round(self.stderr, 3), "p_below_nobid": round(self.below_nobid, 4),
                "p_made": round(self.p_made, 4), "gain": round(self.gain, 3),
                "deals": self.deals}


def bid_candidates(analysis: Analysis, partner_bids: Sequence[SlemResult] = (),
                   min_probability: float = MIN_PROBABILITY) -> list[SlemResult]:
    """The user's bids ``best_bid_sets`` combines: every searched (not relaxed, not
    silent-only) candidate of ``analysis`` made on at least ``min_probability`` of the
    deals, other than the partner's bids."""
    taken = {f.key for f in partner_bids}
    return [r for r in analysis.candidates
            if not (r.bound or r.slem.silent_only or r.outcomes is None)
            and r.probability >= min_probability and r.key not in taken]


def best_bid_sets(analysis: Analysis, *, igazitas: bool = True,
                  partner_bids: Sequence[SlemResult] = (), top: int | None = 5,
                  max_bids: int = 4,
                  beam: int = 12, min_probability: float = MIN_PROBABILITY) -> list[BidSet]:
    """The bid sets the pair can legally make together, ranked by expected score (beam
    search over adding one bid at a time, at most ``max_bids`` of the user's own): the
    first ``top`` of them (``None``: every set scored).

    partner_bids: results for bids the partner has already made (always in the set);
    candidates: every searchable candidate of ``analysis`` made on at least
    ``min_probability`` of the deals. Legality: ``scoring.validate_bids`` (raise chains
    allowed, at most one trophy, Fácán with Sólyom and színfogó pairs refused); sets whose
    bids need one card to win two different tricks are legal (seed 002: "Pagát ulti és
    Pagát uhu") but never recommended, since bids are judged one by one and at most one of
    them can be made; nor is a set with a bid that changes no deal's score (a bid lapsing
    under a raise of the set, or a set at a cap), which would only repeat a smaller set.
    Raises ``BidSetError`` if the partner's bids are illegal together."""
    rules = analysis.rules
    fixed = tuple(partner_bids)
    fixed_bids = [S.Bid.parse(r.key) for r in fixed]
    validate_bids([r.key for r in fixed], rules)
    scorer = Scorer.of(analysis, rules, igazitas)
    n = scorer.n
    m0 = min((len(r.outcomes) for r in fixed), default=n)
    nobid = scorer.scores([r.key for r in fixed],
                          np.stack([r.outcomes[:m0] for r in fixed], axis=1) if fixed else None,
                          deals=m0)
    cands = bid_candidates(analysis, fixed, min_probability)
    # each result's key and parsed bid once (a key is formatted anew at every read)
    fixed_keys = [r.key for r in fixed]
    ckeys = [r.key for r in cands]
    cbids = [S.Bid.parse(k) for k in ckeys]

    deal_scores: dict[tuple[int, ...], np.ndarray] = {}

    def evaluate(idx: tuple[int, ...]) -> BidSet:
        # on the deals where every bid of the set was searched (a prefix of the deals)
        rs = list(fixed) + [cands[i] for i in idx]
        m = min((len(r.outcomes) for r in rs), default=n)
        outcomes = np.stack([r.outcomes[:m] for r in rs], axis=1) if rs else None
        keys = fixed_keys + [ckeys[i] for i in idx]
        s = scorer.scores(keys, outcomes, deals=m)
        deal_scores[idx] = s
        sd = float(s.std(ddof=1)) if m > 1 else 0.0
        made = (outcomes == 1).all(axis=1) if rs else [1]
        return BidSet(tuple(keys), float(s.mean()), sd / math.sqrt(max(m, 1)),
                      float((s < nobid[:m]).mean()), s, float(np.mean(made)), m,
                      float((s - nobid[:m]).mean()))

    seen: dict[frozenset, BidSet] = {frozenset(): evaluate(())}
    frontier = [()]
    for _ in range(max_bids):
        grown = []
        for idx in frontier:
            for i in range(len(cands)):
                if i in idx:
                    continue
                key = frozenset(idx + (i,))
                if key in seen:
                    continue
                keys = fixed_keys + [ckeys[j] for j in key]
                try:
                    validate_bids(keys, rules)
                except BidSetError:
                    seen[key] = None
                    continue
                if _adds_card_conflict([cbids[j] for j in key], fixed_bids):
                    seen[key] = None   # legal, but at most one of them can be made
                    continue
                seen[key] = evaluate(tuple(sorted(key)))
                if _repeats_a_subset(tuple(sorted(key)), deal_scores):
                    seen[key] = None   # a bid of it changes no deal's score (it lapses)
                    continue
                grown.append(tuple(sorted(key)))
        grown.sort(key=lambda k: -seen[frozenset(k)].expected)
        frontier = grown[:beam]
        if not frontier:
            break
    # equal expected scores (sets at a cap) go by the chance of making every bid
    sets = sorted((v for v in seen.values() if v is not None),
                  key=lambda b: (-b.expected, -b.p_made))
    return sets[:top]


def _repeats_a_subset(idx: tuple[int, ...], deal_scores: dict) -> bool:
    """Does the set ``idx`` score on every deal as one of its subsets one bid smaller that
    was scored (``deal_scores``: sorted index tuple -> per-deal scores)? Then that bid
    changes nothing: it lapses under a raise, or the set is at a cap."""
    s = deal_scores[idx]
    for i in range(len(idx)):
        sub = deal_scores.get(idx[:i] + idx[i + 1:])
        if sub is not None and np.array_equal(s, sub[:len(s)]):
            return True
    return False


def _adds_card_conflict(own: Sequence, partner: Sequence) -> bool:
    """Does one of the user's bids ``own`` (``slems.Bid``) need a card to win another trick
    than a bid of the set does (``slems.card_trick_conflict``)? Conflicts among the
    partner's bids alone (already made) do not count: the user's bids are judged against
    them."""
    mine = list(own)
    for i, b in enumerate(mine):
        for o in [*partner, *mine[i + 1:]]:
            if S.card_trick_conflict([b, o]):
                return True
    return False


@dataclass
class KontraAdvice:
    """For one opponents' bid: ``p_fail`` (double dummy), ``gain`` = mean points of the
    user's pair with a kontra minus without."""

    result: SlemResult
    p_fail: float
    gain: float

    def to_json(self) -> dict:
        lo, hi = self.result.ci95
        return {"bid": self.result.key, "p_fail": round(self.p_fail, 4),
                "p_made_ci95": [round(lo, 4), round(hi, 4)],
                "kontra_gain": round(self.gain, 3)}


def kontra_advice(analysis: Analysis, their: Sequence[SlemResult], *,
                  igazitas: bool = True) -> list[KontraAdvice]:
    """Kontra advice for each opponents' bid (``their``: results of the opponents' pair on
    the same deals as ``analysis``)."""
    scorer = Scorer.of(analysis, igazitas=igazitas)
    out = []
    for r in their:
        o = r.outcomes[:, None]
        plain = scorer.scores((), None, (r.key,), o)
        kontra = scorer.scores((), None, (r.key,), o, kontra=(r.key,))
        out.append(KontraAdvice(r, 1.0 - r.probability, float((kontra - plain).mean())))
    return out


__all__ = ["Scorer", "BidValue", "bid_values", "BidSet", "best_bid_sets", "KontraAdvice",
           "decided_bids", "outclassed_bids",
           "kontra_advice", "failure_cost", "no_bid", "S"]
