"""Analysing a coinche hand (issue 46, item 2): for 8 cards at a seat, the chance that the
taker's pair makes each contract in each trump, double dummy, and the expected score of
bidding it (``docs/belote.md#analysing-a-coinche-hand``).

The deals. The 24 cards the hand does not hold are dealt uniformly at random to the other
three seats, 8 each, on the project's generator (``games.base.new_state(seed)``,
``shuffled``): the cards a ``holds`` fact places are set aside first and the rest shuffled
into the seats' free places (uniform given those facts); a deal breaking a ``voids`` fact is
drawn again (rejection).

One deal, one trump. The taker's pair is the declarer and his partner (declarer + 2); the
first trick is led by the game's rule (``Game.default_leader``: S, seat 1, the source's
worked trick). Its count ``V`` is its card points and the last trick's 10 against the best
defence, all cards seen (``engine.counts``). A points contract ``L`` (80 … 160) is made when
the pair's count with its belote (20 when one of its seats holds the trump K and Q) reaches
``L`` and is strictly above the defence's (``belote_scoring.score_deal``: a tie falls), or
when the pair takes every trick (its capot counts 252). One null-window ``reaches`` test at
80's threshold; made, the exact ``V`` (its score needs it) by ``value``, whose tests share
the table (one ``CountSolver`` a trump), and every level follows from ``V``. ``capot``: the
pair wins all 8 tricks (a trick count reaching 8), tested only when
every level its points can reach is made; ``generale``: the declarer wins all 8 with his own
cards (the trick count with each trick counted only when won by one of the declarer's
cards: the partner plays along), tested only after a capot.

The figures. Each (trump, contract) row: made on ``made`` of ``deals`` deals, its 95 %
interval (``results.wilson`` on a fixed number of deals; precision-driven, the stopping
rule's own, ``stopping.StoppingRule.interval``, as ``analyze`` does for royal), and the
mean over the deals of the taker's pair's score minus the defence's under ``score_deal``
(coinche, house rules, no declarations), bid alone and coinched (×2). Passing scores 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import numpy as np

from .belote_deal import (CONTRACT_VALUE, LEVELS, ROW_IDS, TRUMPS, Setting, Standing, _setup,
                          deals, setting)
from .results import wilson
from .stopping import DECIDED, StoppingRule

DEFAULT_SAMPLES = 200
"""Deals of an analysis on a fixed number of deals (``samples`` alone)."""
DEFAULT_CAP = 2000
"""The most deals of a precision-driven analysis when ``samples`` is not given."""
EXAMPLE = 'royal-sim analyze --game coinche "SJ S9 SA S10 HA HK D10 C7" --seat S'
DECIDES = True
"""Without ``samples`` or ``precision`` the analysis stops a decided row at ± 10 points
(``DECIDED``): the command passes neither."""
BENCH = (("SJ S9 SA S10 HA HK D10 C7", "S", {}), ("HJ H9 HA SA S10 DK DQ C8", "W", {}))
"""Hands ``benchmarks/bench_games.py --analyze`` times: (hand, seat, options)."""


# -- one deal ----------------------------------------------------------------------------------

@dataclass
class TrumpSearch:
    """The searches of one trump, kept for the whole analysis: the count's solver (its
    table shared by the levels of a deal, then the trick counts of the capot and
    générale); ``belote``: the mask of the trump K and Q (0 without trumps)."""

    trump: str
    setup: object
    rules: object
    count: object
    total: int
    solver: object
    belote: int

    @classmethod
    def of(cls, game, trump: str) -> "TrumpSearch":
        from ..engine.counts import CountSolver

        setup = _setup(game, trump)
        rules = game.rules(setup)
        belote = 0 if trump == "NT" else game.deck(setup).mask(f"{trump}K {trump}Q")
        return cls(trump, setup, rules, game.count(setup), game.total(setup),
                   CountSolver(rules), belote)


@dataclass(frozen=True)
class DealTrump:
    """One deal under one trump: ``level`` the highest points contract made (0: none),
    ``points`` the pair's exact count (cards and the last trick's 10; ``None`` when no
    level is made: not searched), ``capot`` / ``generale``, ``belote`` the pair holding
    belote (0 the taker's, 1 the defence's, ``None``); ``made``: each row of ``ROW_IDS``."""

    trump: str
    level: int
    points: int | None
    capot: bool
    generale: bool
    belote: int | None
    made: tuple[bool, ...]


def belote_of(hands, belote: int, side) -> int | None:
    """The pair holding the trump K and Q (mask ``belote``) in one hand: 0 the taker's
    (``side``), 1 the defence's, ``None`` (no trump, or split)."""
    for seat, h in enumerate(hands):
        if belote and h & belote == belote:
            return 0 if seat in side else 1
    return None


def threshold(level: int, total: int, bel_t: int, bel_d: int) -> int:
    """The least count (cards + last trick) of the taker's pair that makes ``level``: its
    count with its belote reaches the contract and is strictly above the defence's."""
    ahead = (total + bel_d - bel_t) // 2 + 1
    return max(level - bel_t, ahead)


def search_deal(ts: TrumpSearch, hands, s: Setting) -> DealTrump:
    """The contracts the taker's pair makes on one deal under ``ts.trump`` (module doc)."""
    from ..engine.count_rules import Count
    from ..engine.counts import CountPosition

    side = s.side
    pos = CountPosition(tuple(hands), s.leader)
    bel = belote_of(hands, ts.belote, side)
    bel_t, bel_d = (20 if bel == 0 else 0), (20 if bel == 1 else 0)
    ks = [threshold(L, ts.total, bel_t, bel_d) for L in LEVELS]
    points = None
    if ts.solver.reaches(pos, side, ts.count, ks[0]):
        # made at 80: the exact count, its first test just above 80's threshold (fewer
        # nodes than a walk of the levels: 281k against 330k a deal of 5 trumps, 30 deals)
        points = ts.solver.value(pos, side, ts.count, guess=ks[0] + 1)
    level = max((L for L, k in zip(LEVELS, ks) if points is not None and points >= k
                 and k <= ts.total), default=0)
    # every level its points can reach made (no trump: 140 of 130 only by a capot)
    all_made = points is not None and all(k > ts.total or points >= k for k in ks)
    capot = generale = False
    if all_made:
        tricks = Count(points=np.zeros(32, np.int16), trick_points=np.ones(8, np.int16),
                       label="tricks")
        capot = ts.solver.reaches(pos, side, tricks, 8)
        if capot:
            points = ts.total
            mine = np.full(8, hands[s.declarer], np.uint64)
            alone = Count(points=np.zeros(32, np.int16), trick_points=np.ones(8, np.int16),
                          trick_cards=mine, label="tricks of the declarer")
            generale = ts.solver.reaches(pos, side, alone, 8)
    made = tuple((capot or level >= L) for L in LEVELS) + (capot, generale)
    return DealTrump(ts.trump, level, points, capot, generale, bel, made)


# -- the scores --------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def net_score(taker: str, trump: str, row: str, points: int | None, belote: int | None,
              capot: bool, generale: bool, made: bool, coinche: bool) -> int:
    """The taker's pair's score minus the defence's for contract ``row`` in ``trump``
    (``belote_scoring.score_deal``, coinche, house rules, no declarations), from the pair's
    count ``points`` (cards + the last trick; any count short of the contract when not
    ``made``)."""
    from ..games import belote_scoring as B

    tp = B.PAIR_OF_SEAT[taker]
    dp = "EW" if tp == "NS" else "NS"
    no_trump = trump == "NT"
    cards = B.CARD_POINTS_NO_TRUMP_HOUSE if no_trump else B.CARD_POINTS
    if capot:
        pts, der = cards, tp
    else:
        v = 0 if points is None else points
        der = tp if v >= B.LAST_TRICK else dp
        pts = v - B.LAST_TRICK if der == tp else v
    bel = None if belote is None else (tp if belote == 0 else dp)
    got = B.score_deal({tp: pts, dp: cards - pts}, taker=taker, game="coinche", der=der,
                       belote=bel, capot=tp if capot else None,
                       generale=generale and row == "generale",
                       contract=f"{CONTRACT_VALUE[row]}{trump}", coinche=coinche)
    if (got.result != "dedans") != made:       # the walk and the scorer disagree: a bug
        raise AssertionError(f"{row}{trump}: made={made} but score_deal says {got.result} "
                             f"({got.explanation})")
    return getattr(got, tp) - getattr(got, dp)


def _scores(dt: DealTrump, taker: str, coinche: bool) -> list[int]:
    out = []
    for row, made in zip(ROW_IDS, dt.made):
        # a generale row's score counts the générale only when the contract is générale
        out.append(net_score(taker, dt.trump, row, dt.points if made else None, dt.belote,
                             dt.capot and made, dt.generale and made, made, coinche))
    return out


# -- the analysis ------------------------------------------------------------------------------

@dataclass
class Row:
    """One contract in one trump over the deals searched: made on ``made`` of ``deals``,
    the mean net score bid alone (``expected_score_plain``) and coinched by the defence
    (``expected_score_coinche``); ``biddable``: above the contract standing; ``stopped``:
    why its search ended: ``precision`` (its interval as narrow as asked), ``decided`` (its
    choice told apart from the best, the interval within ``DECIDED``), ``samples`` (the
    cap, or a fixed number of deals), ``interrupted`` (Ctrl-C before it stopped)."""

    id: str
    trump: str
    made: int
    deals: int
    interval: tuple[float, float]
    expected_score_plain: float
    expected_score_coinche: float
    biddable: bool = True
    stopped: str = "samples"

    @property
    def contract(self) -> int:
        return CONTRACT_VALUE[self.id]

    @property
    def probability(self) -> float:
        return self.made / self.deals if self.deals else 0.0

    @property
    def expected_score(self) -> float:
        """The expected score of bidding it: the defence coinches where that scores better
        for them on these deals (the lower of the two means; ``docs/belote.md``)."""
        return min(self.expected_score_plain, self.expected_score_coinche)

    @property
    def bid(self) -> str:
        """``100H``, ``250S (capot)``, ``500NT (generale)``."""
        name = f"{self.contract}{self.trump}"
        return name if self.id not in ("capot", "generale") else f"{name} ({self.id})"

    def to_json(self) -> dict:
        lo, hi = self.interval
        return {"id": self.id, "trump": self.trump, "contract": self.contract,
                "probability": round(self.probability, 6), "ci95": [round(lo, 6), round(hi, 6)],
                "made": self.made, "deals": self.deals,
                "expected_score": round(self.expected_score, 3),
                "expected_score_plain": round(self.expected_score_plain, 3),
                "expected_score_coinche": round(self.expected_score_coinche, 3),
                "biddable": self.biddable, "stopped": self.stopped}


@dataclass(frozen=True)
class StandingRow:
    """The contract standing over the deals: made on ``made`` of ``deals`` by its side, and
    the hand's pair's mean net score when it is played (``pass``) and, against an
    opponent's contract, when the hand's pair coinches it (``coinche``)."""

    standing: Standing
    made: int
    deals: int
    interval: tuple[float, float]
    pass_score: float
    coinche_score: float | None

    def to_json(self, s: "Setting") -> dict:
        lo, hi = self.interval
        return {"contract": str(self.standing.contract),
                "declarer": s.seat_name(self.standing.declarer),
                "ours": self.standing.ours,
                "probability": round(self.made / self.deals, 6) if self.deals else 0.0,
                "ci95": [round(lo, 6), round(hi, 6)], "deals": self.deals,
                "expected_score_pass": round(self.pass_score, 3),
                "expected_score_coinche": (None if self.coinche_score is None
                                           else round(self.coinche_score, 3))}


@dataclass
class GameAnalysis:
    """The result of ``analyze_game``: every (trump, contract) ``rows`` (trumps in
    ``TRUMPS`` order, contracts in ``ROW_IDS`` order), ``per_deal``: for each deal searched
    its ``DealTrump`` a trump; ``standing``: the standing contract's ``StandingRow`` (or
    ``None``); ``seconds``: the time the searches took."""

    setting: Setting
    seed: int
    samples: int
    precision: float | None
    rows: list[Row]
    per_deal: list[tuple[DealTrump, ...]]
    rounds: int
    seconds: float
    deals_list: list = field(default_factory=list, repr=False)
    interrupted: bool = False
    standing: StandingRow | None = None
    decide: bool = False

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def searched_as(self) -> str:
        """What one deal is searched for (the benchmark line ``N deals x 5 trumps``)."""
        return f"{len(TRUMPS)} trumps"

    def ranked(self) -> list[Row]:
        """The rows best first: biddable first, then the expected score, the chance, the
        lower contract."""
        order = {t: i for i, t in enumerate(TRUMPS)}
        return sorted(self.rows, key=lambda r: (not r.biddable, -r.expected_score,
                                                -r.probability, r.contract, order[r.trump]))

    def choices(self) -> list[tuple[str, float, Row | None]]:
        """What the hand can do, best first: ``(words, expected score, row)``: pass (the
        standing contract played, or 0), coinche (against an opponent's contract) and every
        biddable contract (``row``)."""
        st = self.standing
        out = [("pass", st.pass_score if st else 0.0, None)]
        if st is not None and st.coinche_score is not None:
            out.append(("coinche", st.coinche_score, None))
        out += [(r.bid, r.expected_score, r) for r in self.rows if r.biddable]
        keep = {w: i for i, (w, _, _) in enumerate(out)}
        return sorted(out, key=lambda c: (-c[1], keep[c[0]]))

    def advice(self) -> dict:
        """The choice with the best expected score (``choices``): a bid, ``pass`` or
        ``coinche``; ``baseline``: passing; ``gain``: over passing; ``opponents``: true
        where the taker (``declarer``, no bid standing) is an opponent, so that the choice
        is his pair's, not the seat's."""
        words, value, row = self.choices()[0]
        base = self.choices_baseline()
        out = {"baseline": {"bid": "pass", "expected_score": round(base, 3)},
               "bid": words if row is None else f"{row.contract}{row.trump}",
               "id": None if row is None else row.id,
               "trump": None if row is None else row.trump,
               "contract": None if row is None else row.contract,
               "probability": None if row is None else round(row.probability, 6),
               "expected_score": round(value, 3),
               "gain": round(value - base, 3)}
        s = self.setting
        if self.standing is None and s.declarer % 2 != s.seat % 2:
            out["opponents"] = True     # the taker is an opponent: their bid, not the seat's
        return out

    def choices_baseline(self) -> float:
        """The expected score of passing."""
        return self.standing.pass_score if self.standing else 0.0

    def to_json(self) -> dict:
        s = self.setting
        g = s.game
        deck = g.deck(_setup(g))
        return {"game": g.id, "hand": deck.format_cards(s.hand), "seat": s.seat_name(s.seat),
                "declarer": s.seat_name(s.declarer),
                "pair": s.pair,
                "leader": s.seat_name(s.leader), "seed": self.seed, "deals": self.deals,
                "samples": self.samples, "precision": self.precision, "rounds": self.rounds,
                "known": list(s.facts), "double_dummy": True, "interrupted": self.interrupted,
                "decided_precision": DECIDED if self.decide else None,
                "scoring": "coinche, house rules, no declarations; E[score]: the taker's "
                           "pair's score minus the defence's, the defence coinching where "
                           "that scores better for it; pass = the standing contract, or 0",
                "standing": None if self.standing is None else self.standing.to_json(s),
                "slems": [r.to_json() for r in self.rows], "advice": self.advice()}


def analyze_game(hand: str, seat: str, *, game="coinche", declarer: str | None = None,
                 samples: int | None = None, precision: float | None = None,
                 seed: int | None = 1, holds=(), voids=(), partner_bid=None, their_bid=None,
                 leader: str | None = None, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 on_update: Callable[["GameAnalysis"], None] | None = None) -> GameAnalysis:
    """The chance that the taker's pair makes each coinche contract in each trump, holding
    ``hand`` (8 cards) at ``seat`` (``N E S W`` or 1-4 in play order S W N E), and the
    expected score of bidding it (module doc).

    declarer: the taker (default ``seat``), or with ``their_bid`` the opponent who bid it;
    partner_bid / their_bid: the contract standing (``"100H"``): passing plays it, a bid
    must be higher, and against theirs coinche is a choice; leader: who leads trick 1
    (default S). Deals: by default precision-driven, every row until its interval is within
    ± 5 points, a row whose choice is decided within ± 10 (``DECIDED``), at most 2,000;
    ``precision`` given: every row to it (the cap ``samples``, default 2,000);
    ``samples`` alone: exactly that many deals. seed: the generator's (default 1); holds:
    ``"W:SA,SK"`` facts; voids: ``"W:H"`` facts; jobs: threads (default every core; the
    figures do not depend on it); progress: called with the number of deals finished as
    they finish; on_update: with the analysis so far after each round.

    :raises RoyalSimError: bad input, naming the argument.
    :raises KeyboardInterrupt: interrupted, with ``.partial`` the analysis of the rounds
        finished (``game_rounds``), ``None`` before any.
    """
    from dataclasses import replace

    from .game_rounds import deal_counts, run_analysis

    s = setting(hand, seat, game=game, declarer=declarer, holds=holds, voids=voids,
                partner_bid=partner_bid, their_bid=their_bid, leader=leader)
    decide = samples is None and precision is None
    cap, rule = deal_counts(samples, DEFAULT_PRECISION if decide else precision,
                            default_samples=DEFAULT_SAMPLES, cap=DEFAULT_CAP)
    if seed is None:
        seed = 1
    taker = s.seat_name(s.declarer)
    looks = rule.looks() if rule else [cap]
    st = s.standing
    theirs = None if st is None else replace(s, declarer=st.declarer)
    active = [True] * len(TRUMPS)       # the trumps searched on the round's deals
    stand_t = None if st is None else TRUMPS.index(st.contract.trump)

    def new_worker():
        return [TrumpSearch.of(s.game, t) for t in TRUMPS]

    def search(searches, hands):
        on = tuple(active)
        row = tuple(search_deal(ts, hands, s) if a else None for ts, a in zip(searches, on))
        pad = [0] * len(ROW_IDS)
        return (row, np.array([m for dt in row for m in (dt.made if dt else pad)], np.int64),
                np.array([x for dt in row for x in (_scores(dt, taker, False) if dt else pad)],
                         np.int64),
                np.array([x for dt in row for x in (_scores(dt, taker, True) if dt else pad)],
                         np.int64),
                None if st is None or not on[stand_t] else
                _standing_deal(st, searches, hands, theirs), np.array(on, np.bool_))

    def result(done) -> GameAnalysis:
        return _analysis(s, seed, cap, precision if not decide else DEFAULT_PRECISION, rule,
                         done, decide)

    biddable = _biddable(s)

    def settled(verdicts) -> bool:
        if rule is None:
            return False
        active[:] = _open_trumps(Tally.of(verdicts, st), rule, decide, stand_t, biddable)
        return not any(active)

    return run_analysis(result, deals(s, seed), search, new_worker, looks, settled,
                        jobs=jobs, progress=progress, on_update=on_update)


DEFAULT_PRECISION = 0.05
"""The half-width every row is searched to by default (± 5 points)."""
DECIDED_Z = 1.96
"""A choice is decided when its mean score is below the best choice's by more than this
many standard errors of the paired difference (one-sided, on the deals both were searched
on, at least ``stopping.FIRST_LOOK`` of them)."""


def _standing_deal(st: Standing, searches, hands, s_theirs: Setting) -> tuple[int, int, int]:
    """The standing contract on one deal: ``(made, the hand's pair's net score when it is
    played, … when it is coinched)``; ``s_theirs``: the setting with its declarer."""
    t = st.contract.trump
    dt = search_deal(searches[TRUMPS.index(t)], hands, s_theirs)
    made = dt.made[ROW_IDS.index(st.row)]
    who = s_theirs.seat_name(st.declarer)
    args = (dt.points if made else None, dt.belote, dt.capot and made,
            dt.generale and made, made)
    sign = 1 if st.ours else -1
    return (int(made), sign * net_score(who, t, st.row, *args, False),
            sign * net_score(who, t, st.row, *args, True))


@dataclass
class Tally:
    """The verdicts of the deals searched as arrays: ``made``, ``plain``, ``coinched``
    (deals × rows, trumps in ``TRUMPS`` order and contracts in ``ROW_IDS`` order; 0 where
    the row's trump was not searched), ``on`` (deals × trumps: searched), ``stand`` (the
    standing contract's made, pass and coinche scores on the deals its trump was searched
    on, × 3; ``None`` without one), ``ours``: the standing contract is the partner's. A
    trump searched on a deal was searched on every deal before it: its rows' deals are the
    first ``n`` drawn."""

    made: np.ndarray
    plain: np.ndarray
    coinched: np.ndarray
    on: np.ndarray
    stand: np.ndarray | None
    ours: bool = False

    @classmethod
    def of(cls, verdicts, standing: Standing | None) -> "Tally":
        k = len(TRUMPS) * len(ROW_IDS)
        if verdicts:
            made, plain, coinched = (np.array([v[i] for v in verdicts]) for i in (1, 2, 3))
            on = np.array([v[5] for v in verdicts])
        else:
            made = plain = coinched = np.zeros((0, k), np.int64)
            on = np.zeros((0, len(TRUMPS)), np.bool_)
        stand = None if standing is None else np.array(
            [v[4] for v in verdicts if v[4] is not None], np.int64).reshape(-1, 3)
        return cls(made, plain, coinched, on, stand, bool(standing and standing.ours))

    def deals(self) -> np.ndarray:
        """Deals searched, per row."""
        return np.repeat(self.on.sum(axis=0), len(ROW_IDS))

    def means(self) -> tuple[np.ndarray, np.ndarray]:
        """The mean score of each row, alone and coinché, over its deals (0 without)."""
        n = np.maximum(self.deals(), 1)
        return self.plain.sum(axis=0) / n, self.coinched.sum(axis=0) / n

    def stand_scores(self) -> tuple[float, float | None]:
        """Passing's and (against their contract) coinche's mean score; passing the
        partner's contract, the defence coinches where that scores better for it."""
        n = max(len(self.stand), 1)
        plain = float(self.stand[:, 1].sum()) / n
        coinched = float(self.stand[:, 2].sum()) / n
        return (min(plain, coinched), None) if self.ours else (plain, coinched)

    def choices(self, biddable: np.ndarray) -> tuple[np.ndarray, list]:
        """Each choice's score on each deal (NaN where not searched) and its key: every
        biddable row (its index; the column, alone or coinché, of the lower mean), ``pass``
        and, against their contract, ``coinche``."""
        n = len(self.on)
        on_rows = np.repeat(self.on, len(ROW_IDS), axis=1)
        plain_mean, coinched_mean = self.means()
        cols, keys = [], []
        for i in np.flatnonzero(biddable):
            src = self.plain if plain_mean[i] <= coinched_mean[i] else self.coinched
            cols.append(np.where(on_rows[:, i], src[:, i], np.nan))
            keys.append(int(i))
        if self.stand is None:
            cols.append(np.zeros(n))
            keys.append("pass")
        else:
            pad = np.full(n - len(self.stand), np.nan)
            p, c = self.stand[:, 1].astype(float), self.stand[:, 2].astype(float)
            if self.ours:
                cols.append(np.concatenate([p if p.mean() <= c.mean() else c, pad]))
                keys.append("pass")
            else:
                cols += [np.concatenate([p, pad]), np.concatenate([c, pad])]
                keys += ["pass", "coinche"]
        return np.column_stack(cols), keys

    def decided(self, biddable: np.ndarray) -> set:
        """The choices (row indices, ``pass``, ``coinche``) whose mean score is below the
        best choice's by more than ``DECIDED_Z`` standard errors of their paired
        difference."""
        from .stopping import FIRST_LOOK

        scores, keys = self.choices(biddable)
        if not len(scores):
            return set()
        with np.errstate(invalid="ignore"):
            means = np.array([np.nanmean(c) if np.isfinite(c).any() else -np.inf
                              for c in scores.T])
        best = int(np.argmax(means))
        out = set()
        for j, key in enumerate(keys):
            both = np.isfinite(scores[:, j]) & np.isfinite(scores[:, best])
            m = int(both.sum())
            if j == best or m < FIRST_LOOK:
                continue
            d = scores[both, j] - scores[both, best]
            if d.mean() + DECIDED_Z * d.std(ddof=1) / np.sqrt(m) < 0:
                out.add(key)
        return out


def _biddable(s: Setting) -> np.ndarray:
    floor = 0 if s.standing is None else s.standing.contract.value
    return np.array([CONTRACT_VALUE[r] > floor for _ in TRUMPS for r in ROW_IDS])


def _states(tally: Tally, rule: StoppingRule | None, decide: bool,
            biddable: np.ndarray) -> tuple[list[str | None], str | None]:
    """Each row's state and the standing contract's (``None`` without one): ``precision``
    (its interval within the rule's precision), ``decided`` (its choice decided, the
    interval within ``DECIDED``; a row not a bid below the standing contract counts as
    decided, the standing contract when passing, and against their contract coinche, are)
    or ``None`` (to search on)."""
    decided = tally.decided(biddable) if decide and rule is not None else set()

    def state(made: int, n: int, is_decided: bool) -> str | None:
        if rule is None or n == 0:
            return None
        if rule.precise(made, n):
            return "precision"
        if decide and is_decided and rule.decided(made, n):
            return "decided"
        return None

    n = tally.deals()
    made = tally.made.sum(axis=0)
    rows = [state(int(made[i]), int(n[i]), i in decided or not biddable[i])
            for i in range(len(n))]
    standing = None
    if tally.stand is not None:
        choices = {"pass"} if tally.ours else {"pass", "coinche"}
        standing = state(int(tally.stand[:, 0].sum()), len(tally.stand), choices <= decided)
    return rows, standing


def _open_trumps(tally: Tally, rule: StoppingRule, decide: bool, stand_t: int | None,
                 biddable: np.ndarray) -> list[bool]:
    """The trumps to search on the next round's deals: those with a row still open
    (``_states``) or the standing contract's while it is; a trump stopped is never
    searched again."""
    states, standing = _states(tally, rule, decide, biddable)
    was_on = tally.on[-1] if len(tally.on) else np.ones(len(TRUMPS), np.bool_)
    out = []
    for t in range(len(TRUMPS)):
        rows = states[t * len(ROW_IDS):(t + 1) * len(ROW_IDS)]
        want = any(x is None for x in rows)
        if t == stand_t and tally.stand is not None:
            want = want or standing is None
        out.append(bool(want and was_on[t]))
    return out


def _analysis(s: Setting, seed: int, cap: int, precision, rule, done,
              decide: bool = False) -> GameAnalysis:
    """The ``GameAnalysis`` of the deals searched (``game_rounds.Rounds``)."""
    tally = Tally.of(done.verdicts, s.standing)
    biddable = _biddable(s)
    n = tally.deals()
    made = tally.made.sum(axis=0)
    plain, coinched = tally.means()
    states, standing_state = _states(tally, rule, decide, biddable)
    rows = []
    for i in range(len(TRUMPS) * len(ROW_IDS)):
        t, r = TRUMPS[i // len(ROW_IDS)], ROW_IDS[i % len(ROW_IDS)]
        k, m = int(n[i]), int(made[i])
        interval = ((rule.decided_interval(m, k) if states[i] == "decided" else
                     rule.interval(m, k)) if rule else wilson(m, k)) if k else (0.0, 1.0)
        rows.append(Row(r, t, m, k, interval, float(plain[i]), float(coinched[i]),
                        bool(biddable[i]),
                        states[i] or ("interrupted" if done.interrupted else "samples")))
    standing = None
    st = s.standing
    if st is not None and len(tally.stand):
        m, k = int(tally.stand[:, 0].sum()), len(tally.stand)
        pass_score, coinche_score = tally.stand_scores()
        decided = standing_state == "decided"
        standing = StandingRow(st, m, k, (rule.decided_interval(m, k) if decided else
                                          rule.interval(m, k)) if rule else wilson(m, k),
                               pass_score, coinche_score)
    return GameAnalysis(s, seed, cap, precision, rows, [v[0] for v in done.verdicts],
                        done.rounds, done.seconds, list(done.deals), done.interrupted,
                        standing, decide)
