"""Classic belote's take decision (issue 46, item 3): holding 5 cards with a card turned up,
whether to take in the first round (the turned card's suit is trump) and which trump to name
in the second (another suit, or no trump), double dummy (``docs/belote.md#taking``).

The deals. The taker gets the turned card and 2 more, the others 3 more each (8 cards a
seat): the 26 cards the seat has not seen are dealt uniformly at random, 2 to the seat and
8 to each other seat (``belote_analysis.deals``: the hand's 5 and the turned card fixed,
``holds`` / ``voids`` facts on the other seats as coinche's).

One deal, one trump. The taker's pair (the seat and its partner) counts its card points
and the last trick's 10 against the best defence, all cards seen, the first trick led by S
(``--leader``). The contract is made when the pair's count with its belote is strictly
above the defence's (82 of 162 with a trump; 66 of 130 without, house aces of 11): one
null-window test (``belote_analysis.threshold`` at level 0); made, its exact count; not
made, one more test tells a tie (litige) from a fall (dedans); made, a capot test (all 8
tricks). The score is ``belote_scoring.score_deal``'s (belote, house rules, no
declarations): the taker's pair's score minus the defence's; passing scores 0 (the deal
goes to another taker or is redealt: double dummy cannot say which).

The figures: per trump, the chance of making it and of capot with 95 % intervals, and the
mean net score of taking; the first round's choice (take the turned suit or pass) and the
second's (the best other trump or pass), each against passing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import numpy as np

from . import belote_analysis as BA
from .results import wilson
from .stopping import DECIDED

DECIDES = True
"""Without ``samples`` or ``precision`` a trump whose take-or-pass is decided stops at ± 10
points (``stopping.DECIDED``): the command passes neither."""
EXAMPLE = 'royal-sim analyze --game belote "SJ S9 SA HK D10" --turned S10 --seat S'
BENCH = (("SJ S9 SA HK D10", "S", {"turned": "S10"}),)
"""Hands ``benchmarks/bench_games.py --analyze`` times: (hand, seat, options)."""
TRUMPS = ("S", "H", "D", "C", "NT")
ROW_IDS = ("made", "capot")


@dataclass(frozen=True)
class DealTake:
    """One deal under one trump: ``made``, ``tie`` (litige), ``capot``; ``points``: the
    pair's exact count when made (cards and the last trick), ``belote`` as
    ``belote_analysis.DealTrump``'s; ``score``: the taker's pair's net score."""

    trump: str
    made: bool
    tie: bool
    capot: bool
    points: int | None
    belote: int | None
    score: int


def search_take(ts: "BA.TrumpSearch", hands, s: "BA.Setting") -> DealTake:
    """Taking under ``ts.trump`` on one deal (module doc)."""
    from ..engine.count_rules import Count
    from ..engine.counts import CountPosition

    side = s.side
    pos = CountPosition(tuple(hands), s.leader)
    bel = BA.belote_of(hands, ts.belote, side)
    bel_t, bel_d = (20 if bel == 0 else 0), (20 if bel == 1 else 0)
    k = BA.threshold(0, ts.total, bel_t, bel_d)
    made = ts.solver.reaches(pos, side, ts.count, k)
    tie = capot = False
    points = None
    if made:
        points = ts.solver.value(pos, side, ts.count, guess=k)
        tricks = Count(points=np.zeros(32, np.int16), trick_points=np.ones(8, np.int16),
                       label="tricks")
        capot = ts.solver.reaches(pos, side, tricks, 8)
    elif (ts.total + bel_d - bel_t) % 2 == 0:     # a tie is a count of exactly k - 1
        tie = ts.solver.reaches(pos, side, ts.count, k - 1)
        points = k - 1 if tie else None
    score = net_take(s.seat_name(s.declarer), ts.trump, points, bel, capot, made, tie)
    return DealTake(ts.trump, made, tie, capot, points, bel, score)


@lru_cache(maxsize=None)
def net_take(taker: str, trump: str, points: int | None, belote: int | None, capot: bool,
             made: bool, tie: bool) -> int:
    """The taker's pair's belote score minus the defence's (``score_deal``, house rules, no
    declarations) from its count ``points`` (cards + the last trick; ``None`` when it
    fell: any count short of the tie)."""
    from ..games import belote_scoring as B

    tp = B.PAIR_OF_SEAT[taker]
    dp = "EW" if tp == "NS" else "NS"
    cards = B.CARD_POINTS_NO_TRUMP_HOUSE if trump == "NT" else B.CARD_POINTS
    if capot:
        pts, der = cards, tp
    elif made or tie:
        der = tp if points >= B.LAST_TRICK else dp
        pts = points - B.LAST_TRICK if der == tp else points
    else:       # fallen: the defence takes everything, whatever the taker's count
        pts, der = 0, dp
    bel = None if belote is None else (tp if belote == 0 else dp)
    got = B.score_deal({tp: pts, dp: cards - pts}, taker=taker, game="belote", der=der,
                       belote=bel, capot=tp if capot else None, no_trump=trump == "NT")
    want = "made" if made else ("litige" if tie else "dedans")
    if (got.result in ("made", "capot")) != made:
        raise AssertionError(f"{trump}: {want}, but score_deal says {got.result} "
                             f"({got.explanation})")
    return getattr(got, tp) - getattr(got, dp)


@dataclass
class TakeRow:
    """One trump over the deals: made / capot counts, intervals, the mean net score of
    taking; ``round``: 1 (the turned card's suit) or 2 (named); ``stopped``: why its search
    ended (``precision``, ``decided``: taking with it told apart from passing or within a
    point of it, both intervals 98 % within ± 10; ``samples``; ``interrupted``)."""

    trump: str
    round: int
    deals: int
    made: int
    capot: int
    made_interval: tuple[float, float]
    capot_interval: tuple[float, float]
    expected_score: float
    stopped: str = "samples"

    @property
    def probability(self) -> float:
        return self.made / self.deals if self.deals else 0.0

    def to_json(self) -> list[dict]:
        out = []
        for rid, m, (lo, hi) in (("made", self.made, self.made_interval),
                                 ("capot", self.capot, self.capot_interval)):
            out.append({"id": rid, "trump": self.trump, "round": self.round,
                        "probability": round(m / self.deals, 6) if self.deals else 0.0,
                        "ci95": [round(lo, 6), round(hi, 6)], "made": m,
                        "deals": self.deals,
                        "expected_score": round(self.expected_score, 3),
                        "stopped": self.stopped})
        return out


@dataclass
class TakeAnalysis:
    """The result of ``analyze_game`` for classic belote: ``rows`` one a trump (the turned
    suit first), ``per_deal`` each deal's ``DealTake`` a trump, ``turned`` the turned
    card's id."""

    setting: "BA.Setting"
    turned: int
    seed: int
    samples: int
    precision: float | None
    rows: list[TakeRow]
    per_deal: list
    rounds: int
    seconds: float
    deals_list: list = field(default_factory=list, repr=False)
    interrupted: bool = False
    decide: bool = False

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def searched_as(self) -> str:
        return f"{len(self.rows)} trumps"

    def advice(self) -> dict:
        """Round 1: take the turned suit or pass; round 2: the best other trump or pass;
        each by its mean net score against passing's 0."""
        first = self.rows[0]
        second = max(self.rows[1:], key=lambda r: r.expected_score)
        return {"baseline": {"bid": "pass", "expected_score": 0.0},
                "round1": {"bid": "take" if first.expected_score > 0 else "pass",
                           "trump": first.trump,
                           "expected_score": round(first.expected_score, 3),
                           "probability": round(first.probability, 6)},
                "round2": {"bid": second.trump if second.expected_score > 0 else "pass",
                           "trump": second.trump,
                           "expected_score": round(second.expected_score, 3),
                           "probability": round(second.probability, 6)}}

    def to_json(self) -> dict:
        s = self.setting
        g = s.game
        deck = g.deck(g.setup(trump="S"))
        return {"game": g.id, "hand": deck.format_cards(s.hand & ~(1 << self.turned)),
                "turned": deck.format_cards(1 << self.turned), "seat": s.seat_name(s.seat),
                "pair": s.pair, "leader": s.seat_name(s.leader), "seed": self.seed,
                "deals": self.deals, "samples": self.samples, "precision": self.precision,
                "rounds": self.rounds, "known": list(s.facts), "double_dummy": True,
                "interrupted": self.interrupted,
                "decided_precision": DECIDED if self.decide else None,
                "scoring": "belote, house rules, no declarations; E[score]: the taker's "
                           "pair's score minus the defence's, pass = 0",
                "slems": [x for r in self.rows for x in r.to_json()],
                "advice": self.advice()}


def analyze_game(hand: str, seat: str, *, game="belote", turned: str | None = None,
                 samples: int | None = None, precision: float | None = None,
                 seed: int | None = 1, holds=(), voids=(), leader: str | None = None,
                 jobs: int | None = None, progress: Callable[[int], None] | None = None,
                 on_update: Callable[[TakeAnalysis], None] | None = None) -> TakeAnalysis:
    """Whether to take, holding ``hand`` (5 cards) at ``seat`` (``N E S W``) with
    ``turned`` turned up (module doc). samples, precision, seed, holds, voids, leader,
    jobs, progress, on_update: as ``belote_analysis.analyze_game``.

    :raises RoyalSimError: bad input, naming the argument (no ``turned``, a turned card
        in the hand or not in the 32, not 5 cards …).
    :raises KeyboardInterrupt: with ``.partial`` (``game_rounds``).
    """
    from ..errors import CardError
    from .game_analysis import game_of
    from .game_rounds import deal_counts, run_analysis

    g = game_of(game)
    deck = g.deck(g.setup(trump="S"))
    if turned is None or not str(turned).strip():
        raise CardError("missing `turned`: the card turned up, e.g. `turned='HJ'`",
                        argument="turned")
    try:
        ids = deck.parse_cards(str(turned))
    except CardError as e:
        raise CardError(f"`turned`: {e}", argument="turned") from None
    if len(ids) != 1:
        raise CardError(f"`turned` is one card, got {len(ids)}", argument="turned")
    card = ids[0]
    s = BA.setting(hand, seat, game=g, holds=holds, voids=voids, leader=leader,
                   hand_size=5, seen=1 << card)
    decide = samples is None and precision is None
    cap, rule = deal_counts(samples, BA.DEFAULT_PRECISION if decide else precision,
                            default_samples=BA.DEFAULT_SAMPLES, cap=BA.DEFAULT_CAP)
    seed = 1 if seed is None else seed
    first = deck.suit_letters[deck.suit_of[card]]
    trumps = (first,) + tuple(t for t in TRUMPS if t != first)
    looks = rule.looks() if rule else [cap]
    active = [True] * len(trumps)

    def new_worker():
        return [BA.TrumpSearch.of(g, t) for t in trumps]

    def search(searches, hands):
        return tuple(search_take(ts, hands, s) if on else None
                     for ts, on in zip(searches, tuple(active)))

    def result(done) -> TakeAnalysis:
        return _analysis(s, card, trumps, seed, cap, rule, done, decide)

    def settled(verdicts) -> bool:
        if rule is None:
            return False
        states = _states(verdicts, len(trumps), rule, decide)
        active[:] = [a and st is None for a, st in zip(active, states)]
        return not any(active)

    return run_analysis(result, BA.deals(s, seed), search, new_worker, looks, settled,
                        jobs=jobs, progress=progress, on_update=on_update)


def _trump_deals(verdicts, i: int) -> list[DealTake]:
    """The deals a trump was searched on (the first ones drawn)."""
    return [v[i] for v in verdicts if v[i] is not None]


def _states(verdicts, k: int, rule, decide: bool) -> list[str | None]:
    """Each trump's state after a round: ``precision`` (its made and capot intervals as
    narrow as asked), ``decided`` (taking told apart from passing's 0, or within
    ``advisor.INDIFFERENT`` of it, by ``advisor.DECIDED_Z`` standard errors, and both
    rows' decided intervals within ``stopping.DECIDED``), ``None`` (to search on)."""
    from ..advisor import DECIDED_Z, INDIFFERENT
    from .stopping import FIRST_LOOK

    out = []
    for i in range(k):
        got = _trump_deals(verdicts, i)
        n = len(got)
        made, capot = sum(d.made for d in got), sum(d.capot for d in got)
        if n and rule.precise(made, n) and rule.precise(capot, n):
            out.append("precision")
            continue
        state = None
        if decide and n >= FIRST_LOOK:
            score = np.array([d.score for d in got], float)
            mean, se = abs(score.mean()), score.std(ddof=1) / np.sqrt(n)
            if (mean > DECIDED_Z * se or mean + DECIDED_Z * se < INDIFFERENT) and \
                    rule.decided(made, n) and rule.decided(capot, n):
                state = "decided"
        out.append(state)
    return out


def _analysis(s, card: int, trumps, seed: int, cap: int, rule, done,
              decide: bool = False) -> TakeAnalysis:
    states = _states(done.verdicts, len(trumps), rule, decide) if rule else \
        [None] * len(trumps)
    rows = []
    for i, t in enumerate(trumps):
        got = _trump_deals(done.verdicts, i)
        n = len(got)
        made, capot = sum(d.made for d in got), sum(d.capot for d in got)
        iv = (rule.decided_interval if states[i] == "decided" else rule.interval) if rule \
            else wilson
        rows.append(TakeRow(t, 1 if i == 0 else 2, n, made, capot, iv(made, n),
                            iv(capot, n), sum(d.score for d in got) / n if n else 0.0,
                            states[i] or ("interrupted" if done.interrupted else "samples")))
    return TakeAnalysis(s, card, seed, cap, None if rule is None else rule.precision, rows,
                        list(done.verdicts), done.rounds, done.seconds, list(done.deals),
                        done.interrupted, decide)
