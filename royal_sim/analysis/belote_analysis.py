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
when the pair takes every trick (its capot counts 252); the levels are null-window
``reaches`` tests walked up from 80, stopping at the first level not made, one
``CountSolver`` a trump sharing its table between the levels; then the exact ``V`` (only on
a deal where some level is made: its score needs it) by ``value`` from the bracket the walk
left. ``capot``: the pair wins all 8 tricks (a trick count reaching 8), tested only when
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

import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import numpy as np

from ..errors import ConstraintError, RoyalSimError
from .results import wilson
from .stopping import StoppingRule

LEVELS = tuple(range(80, 161, 10))
"""The points contracts of coinche."""
ROW_IDS = tuple(str(level) for level in LEVELS) + ("capot", "generale")
"""The contracts of a trump, as the JSON's ``id``."""
CONTRACT_VALUE = {**{str(level): level for level in LEVELS}, "capot": 250, "generale": 500}
TRUMPS = ("S", "H", "D", "C", "NT")
DEFAULT_SAMPLES = 200
"""Deals of an analysis on a fixed number of deals (``samples`` alone)."""
DEFAULT_CAP = 2000
"""The most deals of a precision-driven analysis when ``samples`` is not given."""
MAX_SAMPLES = 1_000_000
MAX_REJECTIONS = 100_000
"""Draws in a row breaking the ``voids`` facts after which they are called impossible."""
EXAMPLE = 'royal-sim analyze --game coinche "SJ S9 SA S10 HA HK D10 C7" --seat S'
OPTIONS = ()
BENCH = (("SJ S9 SA S10 HA HK D10 C7", "S", {}), ("HJ H9 HA SA S10 DK DQ C8", "W", {}))
"""Hands ``benchmarks/bench_games.py --analyze`` times: (hand, seat, options)."""
"""The game options (``game_analysis.GAME_OPTIONS``) this module takes."""


# -- the input ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """What one analysis is about, checked: the game, the hand (a mask of card ids) at
    ``seat``, the ``declarer`` (the taker; his pair ``side``), the ``leader`` of trick 1,
    the facts ``holds`` (seat → mask) and ``voids`` (seat → suit mask)."""

    game: object
    hand: int
    seat: int
    declarer: int
    leader: int
    holds: dict = field(default_factory=dict)
    voids: dict = field(default_factory=dict)
    facts: tuple = ()

    @property
    def side(self) -> tuple[int, int]:
        return (self.declarer, (self.declarer + 2) % 4)

    @property
    def pair(self) -> str:
        """The taker's pair as ``score_deal`` names it: ``NS`` or ``EW``."""
        from ..games.belote_scoring import PAIR_OF_SEAT

        return PAIR_OF_SEAT[self.seat_name(self.declarer)]

    def seat_name(self, seat: int) -> str:
        return self.game.seat_names[seat]


def _game(game):
    from .game_analysis import game_of

    return game_of(game)


def _setup(game, trump: str = "S"):
    return game.setup(trump=trump)


def setting(hand: str, seat: str, *, game="coinche", declarer: str | None = None,
            holds=(), voids=()) -> Setting:
    """The checked input of an analysis; ``RoyalSimError`` naming the argument: a card not
    in the 32 or given twice, not 8 cards, an unknown seat or suit, facts that contradict
    the hand or each other."""
    from ..errors import CardError

    g = _game(game)
    setup = _setup(g)
    deck = g.deck(setup)
    if not isinstance(hand, str) or not hand.strip():
        raise CardError("missing HAND: your 8 cards, e.g. \"SJ S9 SA S10 HA HK D10 C7\"",
                        argument="hand")
    try:
        ids = deck.parse_cards(hand)
    except CardError as e:
        raise CardError(f"{e} (HAND)", argument="hand") from None
    if len(ids) != g.hand_size(setup):
        raise CardError(f"HAND must be {g.hand_size(setup)} cards for {g.id}, got "
                        f"{len(ids)}: {deck.format_cards(ids)}", argument="hand")
    mine = sum(1 << c for c in ids)
    me = g.parse_seat(seat, setup, "seat")
    dec = me if declarer is None else _seat(g, declarer, setup, "declarer", "declarer")
    held: dict[int, int] = {}
    facts = []
    for item in _items(holds):
        who, cards = _fact(item, "holds", "SEAT:CARDS, e.g. W:SA,SK")
        s = _seat(g, who, setup, "holds", f"holds {item!r}")
        try:
            m = deck.mask(cards)
        except CardError as e:
            raise CardError(f"holds {item!r}: {e}", argument="holds") from None
        if not m:
            raise ConstraintError(f"holds {item!r} names no card", argument="holds")
        if s == me:
            raise ConstraintError(f"holds {item!r}: {g.seat_name(s, setup)} is your own "
                                  "seat (HAND says what it holds)", argument="holds")
        if m & mine:
            raise ConstraintError(f"holds {item!r}: {deck.format_cards(m & mine)} in your "
                                  "hand", argument="holds")
        for other, om in held.items():
            if other != s and m & om:
                raise ConstraintError(f"holds {item!r}: {deck.format_cards(m & om)} given to "
                                      f"{g.seat_name(other, setup)} as well",
                                      argument="holds")
        held[s] = held.get(s, 0) | m
        if held[s].bit_count() > 8:
            raise ConstraintError(f"holds: {g.seat_name(s, setup)} holds 8 cards, the facts "
                                  f"give it {held[s].bit_count()}", argument="holds")
        facts.append(f"{g.seat_name(s, setup)} holds {deck.format_cards(m)}")
    void: dict[int, int] = {}
    for item in _items(voids):
        who, suit = _fact(item, "void", "SEAT:SUIT, e.g. W:H")
        s = _seat(g, who, setup, "voids", f"`voids` {item!r}")
        letter = _suit(suit, deck, item)
        sm = deck.suit_mask(deck.suit_letters.index(letter))
        if s == me:
            raise ConstraintError(f"`voids` {item!r}: {g.seat_name(s, setup)} is your own seat "
                                  "(HAND says what it holds)", argument="voids")
        if held.get(s, 0) & sm:
            raise ConstraintError(f"`voids` {item!r}: the facts give {g.seat_name(s, setup)} "
                                  f"{deck.format_cards(held[s] & sm)}", argument="voids")
        void[s] = void.get(s, 0) | sm
        facts.append(f"{g.seat_name(s, setup)} void in {letter}")
    for s, vm in void.items():     # every seat must be able to take 8 cards
        allowed = deck.full_mask & ~mine & ~vm
        for other, om in held.items():
            if other != s:
                allowed &= ~om
        if allowed.bit_count() < 8:
            raise ConstraintError(f"`voids`: {g.seat_name(s, setup)} cannot be dealt 8 cards "
                                  "with these facts", argument="voids")
    return Setting(g, mine, me, dec, g.default_leader(dec, setup), held, void, tuple(facts))


def _seat(g, text: str, setup, argument: str, what: str) -> int:
    """``g.parse_seat`` with the option named in the message."""
    from ..games import GameError

    try:
        return g.parse_seat(text, setup, argument)
    except GameError as e:
        raise GameError(f"{what}: {e}", argument=argument) from None


def _items(values) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [str(v) for v in values]


def _fact(item: str, what: str, example: str) -> tuple[str, str]:
    who, sep, rest = item.partition(":")
    if not sep or not who.strip() or not rest.strip():
        arg = "voids" if what == "void" else what
        raise ConstraintError(f"{'`voids`' if what == 'void' else what} {item!r}: give "
                              f"{example}", argument=arg)
    return who.strip(), rest.strip()


def _suit(text: str, deck, item: str) -> str:
    from ..games.decks import SUIT_SYMBOLS

    t = text.strip().upper()
    t = {v: k for k, v in SUIT_SYMBOLS.items()}.get(t, t)
    if t not in deck.suit_letters:
        raise ConstraintError(f"`voids` {item!r}: unknown suit {text!r} (use S, H, D or C)",
                              argument="voids")
    return t


# -- the deals ---------------------------------------------------------------------------------

def deals(s: Setting, seed: int):
    """The deals of an analysis, endless, in order: ``(hands)``, one mask a seat (play
    order), the hand at ``s.seat``; the same seed, the same deals."""
    from ..games.base import new_state, shuffled

    state = new_state(seed)
    others = [x for x in range(4) if x != s.seat]
    placed = 0
    for m in s.holds.values():
        placed |= m
    free = [c for c in range(32) if not (s.hand | placed) >> c & 1]
    room = [8 - s.holds.get(x, 0).bit_count() for x in others]
    while True:
        for _ in range(MAX_REJECTIONS):
            order = shuffled(len(free), state)
            hands = [0, 0, 0, 0]
            hands[s.seat] = s.hand
            i = 0
            for x, n in zip(others, room):
                m = s.holds.get(x, 0)
                for j in order[i:i + n]:
                    m |= 1 << free[j]
                hands[x] = m
                i += n
            if all(not hands[x] & vm for x, vm in s.voids.items()):
                yield tuple(hands)
                break
        else:
            raise ConstraintError(f"the facts ({'; '.join(s.facts)}) leave almost no deals: "
                                  f"{MAX_REJECTIONS:,} draws in a row broke them",
                                  argument="voids")


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
    level, proven, failed = 0, None, None
    all_made = True
    for L in LEVELS:
        k = threshold(L, ts.total, bel_t, bel_d)
        if k > ts.total:           # only a capot makes it (no trump: 140 of 130)
            break
        if (proven is not None and k <= proven) or ts.solver.reaches(pos, side, ts.count, k):
            level, proven = L, max(k, proven or 0)
        else:
            failed, all_made = k, False
            break
    points = None
    if level:
        points = ts.solver.value(pos, side, ts.count,
                                 guess=failed if failed is not None else ts.total)
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
    """One contract in one trump over the deals searched."""

    id: str
    trump: str
    made: int
    deals: int
    interval: tuple[float, float]
    expected_score: float
    expected_score_coinche: float

    @property
    def contract(self) -> int:
        return CONTRACT_VALUE[self.id]

    @property
    def probability(self) -> float:
        return self.made / self.deals if self.deals else 0.0

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
                "expected_score_coinche": round(self.expected_score_coinche, 3)}


@dataclass
class GameAnalysis:
    """The result of ``analyze_game``: every (trump, contract) ``rows`` (trumps in
    ``TRUMPS`` order, contracts in ``ROW_IDS`` order), ``per_deal``: for each deal searched
    its ``DealTrump`` a trump; ``seconds``: the time the searches took."""

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

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def searched_as(self) -> str:
        """What one deal is searched for (the benchmark line ``N deals x 5 trumps``)."""
        return f"{len(TRUMPS)} trumps"

    def ranked(self) -> list[Row]:
        """The rows best first: expected score, then the chance, then the lower contract."""
        order = {t: i for i, t in enumerate(TRUMPS)}
        return sorted(self.rows, key=lambda r: (-r.expected_score, -r.probability,
                                                r.contract, order[r.trump]))

    def advice(self) -> dict:
        """The bid with the best expected score, or ``pass`` (0) when none is above 0."""
        best = self.ranked()[0]
        out = {"baseline": {"bid": "pass", "expected_score": 0.0}}
        if best.expected_score <= 0:
            out.update({"bid": "pass", "id": None, "trump": None, "contract": None,
                        "probability": None, "expected_score": 0.0,
                        "expected_score_coinche": None, "gain": 0.0})
            return out
        out.update({"bid": f"{best.contract}{best.trump}", "id": best.id,
                    "trump": best.trump, "contract": best.contract,
                    "probability": round(best.probability, 6),
                    "expected_score": round(best.expected_score, 3),
                    "expected_score_coinche": round(best.expected_score_coinche, 3),
                    "gain": round(best.expected_score, 3)})
        return out

    def to_json(self) -> dict:
        s = self.setting
        g = s.game
        deck = g.deck(_setup(g))
        return {"game": g.id, "hand": deck.format_cards(s.hand), "seat": s.seat_name(s.seat),
                "declarer": s.seat_name(s.declarer),
                "pair": s.pair,
                "leader": s.seat_name(s.leader), "seed": self.seed, "deals": self.deals,
                "samples": self.samples, "precision": self.precision, "rounds": self.rounds,
                "known": list(s.facts), "double_dummy": True,
                "scoring": "coinche, house rules, no declarations; E[score]: the taker's "
                           "pair's score minus the defence's, pass = 0",
                "slems": [r.to_json() for r in self.rows], "advice": self.advice()}


def _check_counts(samples, precision) -> tuple[int, StoppingRule | None]:
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)):
        raise RoyalSimError(f"samples must be a whole number, got {samples!r}",
                            argument="samples")
    if precision is None:
        n = DEFAULT_SAMPLES if samples is None else samples
        if not 1 <= n <= MAX_SAMPLES:
            raise RoyalSimError(f"samples must be 1 to {MAX_SAMPLES:,}, got {n}",
                                argument="samples")
        return n, None
    rule = StoppingRule(precision, DEFAULT_CAP if samples is None else samples)
    if rule.cap > MAX_SAMPLES:
        raise RoyalSimError(f"samples must be at most {MAX_SAMPLES:,}, got {rule.cap}",
                            argument="samples")
    return rule.cap, rule


def analyze_game(hand: str, seat: str, *, game="coinche", declarer: str | None = None,
                 samples: int | None = None, precision: float | None = None,
                 seed: int | None = 1, holds=(), voids=(), jobs: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 on_update: Callable[["GameAnalysis"], None] | None = None) -> GameAnalysis:
    """The chance that the taker's pair makes each coinche contract in each trump, holding
    ``hand`` (8 cards) at ``seat`` (``N E S W`` or 1-4 in play order S W N E), and the
    expected score of bidding it (module doc).

    declarer: the taker (default ``seat``); samples: deals (default 200), or with
    ``precision`` the cap (default 2,000); precision: search new deals round by round
    (``stopping.StoppingRule``'s looks) until every row's interval is within ± that;
    seed: the generator's (default 1); holds: ``"W:SA,SK"`` facts; voids: ``"W:H"`` facts;
    jobs: threads (default every core; the figures do not depend on it); progress: called
    with the number of deals finished as they finish; on_update: with the analysis so far
    after each round.

    :raises RoyalSimError: bad input, naming the argument.
    :raises KeyboardInterrupt: interrupted, with ``.partial`` the analysis of the rounds
        finished (``game_rounds``), ``None`` before any.
    """
    from .game_rounds import run_rounds

    s = setting(hand, seat, game=game, declarer=declarer, holds=holds, voids=voids)
    cap, rule = _check_counts(samples, precision)
    if seed is None:
        seed = 1
    taker = s.seat_name(s.declarer)
    looks = rule.looks() if rule else [cap]

    def new_worker():
        return [TrumpSearch.of(s.game, t) for t in TRUMPS]

    def search(searches, hands):
        row = tuple(search_deal(ts, hands, s) for ts in searches)
        return (row, np.array([m for dt in row for m in dt.made], np.int64),
                np.array([x for dt in row for x in _scores(dt, taker, False)], np.int64),
                np.array([x for dt in row for x in _scores(dt, taker, True)], np.int64))

    def result(done) -> GameAnalysis:
        return _analysis(s, seed, cap, precision, rule, done)

    def settled(verdicts) -> bool:
        n = len(verdicts)
        return rule is not None and all(rule.precise(int(m), n) for m in _made(verdicts))

    try:
        done = run_rounds(deals(s, seed), search, new_worker, looks, settled, jobs=jobs,
                          progress=progress,
                          on_update=(lambda d: on_update(result(d))) if on_update else None)
    except KeyboardInterrupt as e:
        partial = getattr(e, "partial", None)
        e.partial = None if partial is None else result(partial)
        raise
    return result(done)


def _made(verdicts) -> np.ndarray:
    """Deals made, per row (trumps in ``TRUMPS`` order, contracts in ``ROW_IDS`` order);
    a verdict is ``(DealTrump a trump, made, score, score coinché)``, the last three one
    number a row."""
    return _sum(verdicts, 1)


def _sum(verdicts, i: int) -> np.ndarray:
    return np.sum([v[i] for v in verdicts], axis=0) if verdicts else \
        np.zeros(len(TRUMPS) * len(ROW_IDS), np.int64)


def _analysis(s: Setting, seed: int, cap: int, precision, rule, done) -> GameAnalysis:
    """The ``GameAnalysis`` of the deals searched (``game_rounds.Rounds``)."""
    n = len(done.verdicts)
    made, score, doubled = (_sum(done.verdicts, i) for i in (1, 2, 3))
    rows = []
    for i in range(len(TRUMPS) * len(ROW_IDS)):
        t, r = TRUMPS[i // len(ROW_IDS)], ROW_IDS[i % len(ROW_IDS)]
        interval = rule.interval(int(made[i]), n) if rule else wilson(int(made[i]), n)
        rows.append(Row(r, t, int(made[i]), n, interval, float(score[i]) / n,
                        float(doubled[i]) / n))
    return GameAnalysis(s, seed, cap, precision, rows, [v[0] for v in done.verdicts],
                        done.rounds, done.seconds, list(done.deals), done.interrupted)
