"""The results ``analyze`` and ``advise`` return (``api``): a slem's row (``SlemRow``), an
analysis's report (``AnalysisReport``) and an advice (``AdviceReport``), each with the
fields of the command line's JSON (``.to_json()``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .advisor import BidSet, BidValue, KontraAdvice
from .analysis import Analysis, SlemResult
from .analysis.rounds import BY_INTERRUPT
from .model.cards import format_cards


@dataclass(frozen=True)
class SlemRow:
    """One slem (with its parameter) of an analysis: its chance (``result``) and, when it
    can be bid, its worth as the pair's only bid (``bid``: expected score, gain over not
    bidding). The attributes are the JSON row's fields. ``among``: how many candidate
    parameters this row is the best of (1 for a candidate row, a fixed parameter, or a slem
    without one)."""

    result: SlemResult
    bid: BidValue | None
    among: int = 1

    id = property(lambda self: self.result.slem.id)
    group = property(lambda self: self.result.slem.group)
    value = property(lambda self: self.result.slem.value)          # points
    probability = property(lambda self: self.result.probability)
    ci95 = property(lambda self: self.result.ci95)
    made = property(lambda self: self.result.made)
    deals = property(lambda self: self.result.n)
    bound = property(lambda self: self.result.bound)
    stopped = property(lambda self: self.result.stopped)    # precision, samples, time, …

    @property
    def param(self) -> str | None:
        """The parameter in notation (``SK``, ``H``); ``None`` for a slem without one, and
        for the best of several candidate parameters none of which is ever made (the best
        of zeros means nothing)."""
        if self.among > 1 and self.result.made == 0 and not self.result.bound:
            return None
        return self.result.to_json()["param"]

    @property
    def expected_score(self) -> float | None:
        """Mean points of the pair with this as its only bid, or ``None`` if not biddable."""
        return None if self.bid is None else self.bid.expected

    @property
    def gain(self) -> float | None:
        """``expected_score`` minus the no-bid mean (points)."""
        return None if self.bid is None else self.bid.gain

    @property
    def plain_gain(self) -> float | None:
        """value × p − failure cost × (1 − p), without consolatio or caps (points)."""
        return None if self.bid is None else self.bid.plain

    def to_json(self) -> dict:
        d = self.result.to_json()
        d["param"] = self.param
        for k in ("expected_score", "gain", "plain_gain"):
            v = getattr(self, k)
            d[k] = None if v is None else round(v, 3)
        return d


@dataclass(frozen=True)
class AnalysisReport:
    """What ``analyze`` found for a hand: ``slems`` (the best parameter of each slem) and
    ``candidates`` (every parameter searched), ``SlemRow``s; ``max_tricks``: how many deals
    the pair can force k tricks on, k = 0..10; ``known``: the facts the deals were sampled
    under, as text; ``announcements``: the hand announcements the hand can make; ``notes``:
    remarks on the request (slems left out). ``analysis`` holds the raw figures (deals,
    outcome arrays)."""

    analysis: Analysis
    igazitas: bool
    known: list[str]
    slems: list[SlemRow]
    candidates: list[SlemRow]
    announcements: list[str]
    notes: list[str] = field(default_factory=list)
    no_bid: float = 0.0
    unavailable: list[tuple[str, str]] = field(default_factory=list)

    hand = property(lambda self: format_cards(self.analysis.hand))
    seat = property(lambda self: self.analysis.seat.name)
    rules = property(lambda self: self.analysis.rules)
    samples = property(lambda self: self.analysis.samples)
    seed = property(lambda self: self.analysis.seed)

    @property
    def max_tricks(self) -> dict[str, int]:
        mt = self.analysis.max_tricks
        return {str(k): int((mt == k).sum()) for k in range(11)}

    precision = property(lambda self: self.analysis.precision)
    rounds = property(lambda self: self.analysis.rounds)
    deals_searched = property(lambda self: self.analysis.deals_searched)
    # slem key -> (its chance without the Gerots obligations, what binds)
    obligations = property(lambda self: self.analysis.obligations)

    @property
    def interrupted(self) -> bool:
        """Was the run stopped by Ctrl-C (the figures are those of the rounds finished)?"""
        return any(r.stopped == BY_INTERRUPT for r in self.analysis.candidates)

    def to_json(self) -> dict:
        """What ``royal-sim analyze --json`` prints."""
        return {"hand": self.hand, "seat": self.seat, "rules": self.rules,
                "igazitas": self.igazitas, "samples": self.samples, "seed": self.seed,
                "precision": self.precision, "rounds": self.rounds,
                "deals_searched": self.deals_searched, "interrupted": self.interrupted,
                "known": self.known, "no_bid": round(self.no_bid, 3),
                "slems": [r.to_json() for r in self.slems],
                "candidates": [r.to_json() for r in self.candidates],
                "unavailable": [{"id": i, "why": why} for i, why in self.unavailable],
                "obligations": [{"slem": k, "laza_probability": round(p, 6), "why": why}
                                for k, (p, why) in self.analysis.obligations.items()],
                "max_tricks": self.max_tricks, "announcements": self.announcements}


@dataclass(frozen=True)
class AdviceReport:
    """What ``advise`` found: ``bid_sets`` ranked by expected score, the ``baseline`` (no
    bid of yours: the partner's bids alone), ``partner_bids`` (the partner's bids' chances)
    and ``their_bids`` (kontra advice on the opponents' bids); ``candidates``: how many bids
    of yours were combined. ``report`` is the analysis behind it; ``interrupted``: the run
    was stopped by Ctrl-C (the sets are ranked on the rounds finished)."""

    report: AnalysisReport
    bid_sets: list[BidSet]
    baseline: BidSet
    partner_bids: list[SlemResult]
    their_bids: list[KontraAdvice]
    candidates: int

    interrupted = property(lambda self: self.report.interrupted)

    @property
    def recommended(self) -> BidSet | None:
        """The set ``advise``'s last line says to bid: the best set, when it has bids of
        its own and scores above the baseline on its deals; ``None``: bid nothing (more)."""
        best = self.bid_sets[0] if self.bid_sets else None
        if best is None or not best.bids or best.bids == self.baseline.bids or best.gain <= 0:
            return None
        return best

    def to_json(self) -> dict:
        """What ``royal-sim advise --json`` prints."""
        r = self.report
        return {"hand": r.hand, "seat": r.seat, "rules": r.rules, "igazitas": r.igazitas,
                "samples": r.samples, "seed": r.seed, "precision": r.precision,
                "rounds": r.rounds, "deals_searched": r.deals_searched, "known": r.known,
                "interrupted": self.interrupted,
                "partner_bids": [b.to_json() for b in self.partner_bids],
                "bid_sets": [b.to_json() for b in self.bid_sets],
                "baseline": self.baseline.to_json(),
                "their_bids": [k.to_json() for k in self.their_bids]}
