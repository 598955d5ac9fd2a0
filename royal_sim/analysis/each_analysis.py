"""Analysing a hand of a game without a declarer, each seat playing for himself (issue 48):
Vier-Anderle (``spec/other-games.md`` §1) and Strohmandli (§2), double dummy
(``docs/games.md``, "Analysing a hand" of each game).

**Vier-Anderle.** Your 4 cards at ``seat`` of ``players`` (2 to 13; 38 cards, 54 over 9); the
seats playing are ``stayers`` (default all; your seat always plays), the others dropped and
their cards are out. The cards you do not hold are shuffled on the project's generator
(``games.base.new_state(seed)``, ``shuffled``) and dealt 4 to each other stayer, the rest dead
(uniform). Trick 1 is led by the first stayer from seat 1 (the dealer's left, §1). One deal is
read two ways:

- ``paranoid``: your tricks against a coalition of every other stayer (§0's decision: the
  pessimistic bound), ``engine.counts.CountSolver.value`` on the trick count;
- ``maxn``: every seat plays for itself: each seat, yourself included, plays the card that
  gives it the most tricks of its own, all cards seen, and between cards equally good for it
  the one that leaves you the fewest (max^n, Luckhardt & Irani 1986, with ties broken
  against you: a subgame-perfect line, so never below the paranoid figure on a deal). Searched
  in Python on the engine's legal cards and trick winners (``CountSolver.legal``/``play``),
  memoised; a deal past ``MAXN_NODES`` nodes counts as unknown in that reading.

A lone stayer takes all 4 tricks (§1's decision). The pot: default an empty pot's, 1 unit
each (3 players: 2 each, §1); the stay-or-drop advice is the spec's EV(stay) =
E[t]·⌊pot/4⌋ − P(t = 0)·pot against 0 for dropping, on the paranoid reading (§0); the maxn
reading's EV beside it.

**Strohmandli.** HAND is your part of a deal in the game's notation (``games/strohmandli.py``):
your 12 cards (three-handed: 8), then ``|`` and each of your piles' cards seen, top first: the
turned tarokks and kings (gone to hand) and the face-up top; optionally ``/`` and the other
seats' parts in seat order, your part holding the hand and theirs only their piles' seen cards
(``| SQ | XIX | D2``). A pile's seen cards are tarokks and kings but the last (which is none,
unless the pile is all seen). Piles not given are unseen. The cards neither in your hand nor
seen are dealt uniformly to the others' hands and the piles' hidden places. The first receiver
(seat 1) leads; double dummy knows every pile's order (very optimistic, §2).

Each figure of §2 is a separate search for you against the rest (each figure its own best
line: a figure's chance is the chance you can make it, not that you make it beside the
others): játék, kassza, duplajáték (your card points ≥ 48, 60, 71; three-handed 32, 40, 48,
tested from the top: one made proves those below), volát (every trick), pagátfogás and
XXI-fogás (you capture the other's I / XXI: searched only where another seat holds it),
tulétroá (you capture I, XXI and skíz), négy király (you capture the four kings), uhu (you win
trick n−1 with II) and pagátulti (trick n with I), searched only where you hold the card.
Each search stops after ``max_nodes`` nodes (default ``MAX_NODES``): the figure is unknown on
that deal, its interval spans the unknown deals both ways. The expected result points: per
deal the figures made, their values in the ``valtozat`` (default: every figure of it is
searched) or ``original`` table (with its on-lead announcements, Fej, Tulétroá and Négy király,
searched as ``each_announce`` says; Fej not with Tulétroá's), tulétroá and négy király
dropped with a volát, ``sum`` (default) or ``highest`` (only the highest of játék < kassza <
duplajáték < volát) as ``--option`` says. How a deal's figures are searched:
``each_figures``. The minimax result-point difference (one line of play for every figure of
both players at once) is not computed here: ``each_minimax`` searches it on endings of at
most 8 tricks (``solve``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from ..errors import RoyalSimError
from .each_figures import (DEEPEN_NODES, UNKNOWN, FigureSearch, deepen, result_points,
                           search_seats)
from .each_deal import (ANNOUNCEMENTS, EXAMPLE_HANDS, FIGURES, MAX_TRICKS, READINGS, RULES,
                        TABLES, Setting, deals, setting)
from .results import wilson

EXAMPLE = 'royal-sim analyze --game vier-anderle "XXI XIX SK HQ" --seat 2 --players 4'
OPTION_CHOICES = {"strohmandli": (TABLES, RULES)}
"""The ``--option`` names of which an analysis takes one, per game
(``game_analysis.check_options``): Strohmandli's table and rule."""
BENCH = {"vier-anderle": ((EXAMPLE_HANDS["vier-anderle"], "2", {"players": 4}),),
         "strohmandli": ((EXAMPLE_HANDS["strohmandli"], "1", {}),)}
"""Hands ``benchmarks/bench_games.py --analyze`` times, per game: (hand, seat, options)."""

DEFAULT_SAMPLES = 200
"""Deals of an analysis on a fixed number of deals (``samples`` alone)."""
DEFAULT_CAP = 2000
"""The most deals of a precision-driven Vier-Anderle analysis when ``samples`` is not given."""
STROHMANDLI_DEALS = 16
"""The deals of a Strohmandli analysis when neither ``samples`` nor ``precision`` is given:
a full deal's ten searches take about a second (``MAX_NODES`` each), so the ± 5 points of a
precision-driven run (400 deals near 50 %) are out of reach by default; the intervals are
the fixed-n Wilson ones and the text says they are wide."""
STROHMANDLI_CAP = 200
"""The most deals of a Strohmandli analysis given a ``precision`` and no ``samples`` (the
benchmark hand at ± 20 points ran to it: 49 s on two cores; ``--samples`` sets another cap,
at least ``stopping.FIRST_LOOK``)."""
MAX_NODES = 300_000
"""Strohmandli: the node limit of one figure's search on one deal (some 0.06 s)."""
MAXN_NODES = 50_000
"""Vier-Anderle: the node limit of one deal's max^n search (Python; some 0.3 s)."""
MAXN_SEATS = 6
"""Vier-Anderle: the most stayers the max^n reading is searched for (7 and more take seconds
a deal in Python: that reading is left out, the paranoid one stays)."""


# -- one deal: Vier-Anderle --------------------------------------------------------------------

@dataclass
class TrickSearch:
    """One thread's searches of a Vier-Anderle analysis: the rules of the seats playing
    (``game.rules`` with the seats cut to the stayers), the trick count, the solver."""

    rules: object
    count: object
    solver: object
    _order: list | None = None
    _apart: set = field(default_factory=set)
    _suit: list = field(default_factory=list)
    _power: list = field(default_factory=list)
    _suit_mask: list = field(default_factory=list)

    @classmethod
    def of(cls, s: Setting) -> "TrickSearch":
        from ..engine.count_rules import trick_count
        from ..engine.counts import CountSolver

        full = s.game.rules(s.setup)
        m = len(s.seats)
        rules = full if m == s.setup.players or m < 2 else replace(
            full, n_seats=m, team_of=np.arange(m, dtype=np.int8))
        return cls(rules, trick_count(s.deck.n_cards, MAX_TRICKS),
                   CountSolver(rules, table_bits=12))

    def stop(self) -> None:
        """Stop this thread's search under way and its later ones (Ctrl-C)."""
        self.solver.stop()

    def _arrays(self):
        r = self.rules
        self._suit = [int(x) for x in r.suit_of]
        self._power = [int(x) for x in r.power]
        self._suit_mask = [int(x) for x in r.suit_masks]
        ids = sorted(range(r.n_cards), key=lambda c: (self._suit[c], self._power[c]))
        self._order = [(c, self._suit[c]) for c in ids]
        self._apart = {c for c in r.upset if c >= 0}

    def winner(self, table) -> int:
        """The play position of the card winning ``table`` as it stands (a suit card of
        neither the led suit nor trumps never wins; the upset pair in a trick of trumps
        only, §1): ``kernel.count_search._win_pos`` for the tarokk duties."""
        if self._order is None:
            self._arrays()
        suit, power, trump = self._suit, self._power, self.rules.trump
        lo, hi = self.rules.upset
        w = 0
        for i in range(1, len(table)):
            c, b = table[i], table[w]
            if (power[c] > power[b]) if suit[c] == suit[b] else suit[c] == trump:
                w = i
        if lo >= 0 and hi in table and lo in table and all(suit[c] == trump for c in table):
            w = table.index(lo)
        return w

    def legal(self, hand: int, table) -> int:
        """The legal cards of ``hand`` on ``table`` (the current trick so far): follow the
        led suit, void a trump, else any; must-overtake (``DUTY_OVERTAKE``): the cards of
        those that would win the trick as it stands, if any (§1, §9)."""
        from ..engine.count_rules import DUTY_OVERTAKE, DUTY_TRUMP

        if self._order is None:
            self._arrays()
        if not table:
            return hand
        r = self.rules
        base = hand & self._suit_mask[self._suit[table[0]]]
        if not base:
            trumps = hand & self._suit_mask[r.trump] if r.duty & DUTY_TRUMP else 0
            base = trumps or hand
        if r.duty & DUTY_OVERTAKE:
            win, n = 0, len(table)
            m = base
            while m:
                low = m & -m
                c = low.bit_length() - 1
                if self.winner(tuple(table) + (c,)) == n:
                    win |= low
                m ^= low
            if win:
                base = win
        return base

    def representatives(self, legal: int, live: int) -> list[int]:
        """One card of each class of ``legal`` cards alike: cards of one suit with no
        card of ``live`` (the cards in hands and on the table) between them are alike
        for every seat's tricks (the same cards beat them and are beaten by them; the dead
        cards are never played); the upset pair's cards stay apart."""
        if self._order is None:
            self._arrays()
        order = self._order
        out, prev_suit, run = [], -1, False
        for c, suit in order:
            if not live >> c & 1:
                continue
            if legal >> c & 1:
                if not (run and suit == prev_suit) or c in self._apart:
                    out.append(c)
                run = c not in self._apart
            else:
                run = False
            prev_suit = suit
        return out


def search_tricks(ts: TrickSearch, hands, s: Setting) -> tuple[int, int]:
    """``(paranoid, maxn)``: your tricks on one deal (``hands``: one mask a seat of
    ``s.seats``) against the coalition and with every seat playing for itself (module doc);
    ``maxn`` is ``UNKNOWN`` past ``MAXN_NODES`` or over ``MAXN_SEATS`` stayers. A lone
    stayer takes all 4 tricks."""
    from ..engine.counts import CountPosition

    if len(hands) == 1:
        return MAX_TRICKS, MAX_TRICKS
    pos = CountPosition(tuple(hands), s.leader)
    paranoid = ts.solver.value(pos, (s.me,), ts.count)
    if len(hands) > MAXN_SEATS:
        return paranoid, UNKNOWN
    return paranoid, maxn_tricks(ts, pos, s.me, MAXN_NODES)


class _Budget(Exception):
    pass


def maxn_tricks(ts: TrickSearch, pos, me: int, max_nodes: int = MAXN_NODES) -> int:
    """Seat ``me``'s tricks from ``pos`` (a trick start or within a trick) when every seat
    plays for its own tricks, ties broken against ``me`` (module doc); ``UNKNOWN`` past
    ``max_nodes`` nodes. Legal cards and trick winners by ``TrickSearch.legal`` /
    ``winner`` (the engine's rules, checked against it in the tests)."""
    m = ts.rules.n_seats
    memo: dict = {}
    nodes = [0]
    zero = (0,) * m

    def value(hands, leader, table) -> tuple:
        key = (hands, leader, table)
        got = memo.get(key)
        if got is not None:
            return got
        nodes[0] += 1
        if max_nodes and nodes[0] > max_nodes:
            raise _Budget
        if not nodes[0] & 255 and ts.solver.stopped:    # Ctrl-C (run_rounds' stop)
            from ..engine.counts import SearchStopped
            raise SearchStopped("the search was stopped")
        seat = (leader + len(table)) % m
        best = None
        for c in ts.representatives(ts.legal(hands[seat], table), _live(hands, table)):
            h = hands[:seat] + (hands[seat] & ~(1 << c),) + hands[seat + 1:]
            tab = table + (c,)
            if len(tab) < m:
                v = value(h, leader, tab)
            else:
                w = (leader + ts.winner(tab)) % m
                v = value(h, w, ()) if h[0] else zero
                v = v[:w] + (v[w] + 1,) + v[w + 1:]
            if best is None or v[seat] > best[seat] or (v[seat] == best[seat]
                                                        and v[me] < best[me]):
                best = v
        memo[key] = best
        return best

    if not any(pos.hands):
        return 0
    try:
        return value(tuple(pos.hands), pos.leader, tuple(pos.table))[me]
    except _Budget:
        return UNKNOWN


def _live(hands, table) -> int:
    m = 0
    for h in hands:
        m |= h
    for c in table:
        m |= 1 << c
    return m


def figure_seats(s: Setting) -> list[Setting]:
    """The settings whose figures a Strohmandli analysis searches on each deal: ``s``, then
    with ``s.others`` each other seat's (the same deals; a deal's verdicts are theirs one
    after the other, ``FIGURES`` each)."""
    return [s] + ([replace(s, seat=x) for x in s.seats if x != s.seat] if s.others else [])


# -- the analysis ------------------------------------------------------------------------------

@dataclass
class Row:
    """One figure over the deals searched: ``id``, ``param`` (a trick count), ``reading``
    (``paranoid`` / ``maxn``; Strohmandli: ``paranoid``), made on ``made`` and unknown on
    ``unknown`` of ``deals`` deals, ``interval`` (95 %, spanning the unknown deals both
    ways), ``value`` (Strohmandli: its result points in the chosen table)."""

    id: str
    param: int | None
    reading: str
    made: int
    unknown: int
    deals: int
    interval: tuple[float, float]
    value: int | None = None
    seat: str | None = None
    """Strohmandli with ``--option others``: the other seat whose figure this is (``None``:
    the analysed seat's)."""

    @property
    def probability(self) -> float | None:
        """Made over the deals decided (``None`` when none is)."""
        known = self.deals - self.unknown
        return self.made / known if known else None

    def to_json(self) -> dict:
        lo, hi = self.interval
        p = self.probability
        out = {"id": self.id, "param": self.param, "reading": self.reading,
               "probability": None if p is None else round(p, 6),
               "ci95": [round(lo, 6), round(hi, 6)], "made": self.made,
               "unknown": self.unknown, "deals": self.deals}
        if self.value is not None:
            out["value"] = self.value
            out["expected_points"] = None if p is None else round(p * self.value, 3)
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass
class EachAnalysis:
    """The result of ``analyze_game``: ``rows`` (Vier-Anderle: at least K tricks, K = 1 … 4,
    then exactly K, K = 0 … 4, paranoid then maxn; Strohmandli: each of ``FIGURES``),
    ``per_deal``: each deal's verdict (``search_tricks``' pair, ``search_figures``' tuple),
    ``seconds``: the searching time; ``interrupted``: Ctrl-C came before the run stopped
    (the figures are of the deals finished: ``game_rounds``)."""

    setting: Setting
    seed: int
    samples: int
    precision: float | None
    rows: list[Row]
    per_deal: list
    rounds: int
    seconds: float
    max_nodes: int = MAX_NODES
    interrupted: bool = False
    deals_list: list = field(default_factory=list, repr=False)
    deepened: int = 0
    """Strohmandli: the nodes spent searching undecided figures again (``deepen``)."""
    deepening_interrupted: bool = False
    """Strohmandli: Ctrl-C came while the undecided figures were searched again, after
    every deal was searched (``interrupted`` too): the figures left undecided stay so."""

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def searched_as(self) -> str:
        """What one deal is searched for (the benchmark's ``N deals x …``)."""
        if self.setting.kind == "tricks":
            return "2 readings"
        return f"{len(self.rows)} figures"      # (every seat's, with --option others)

    def row(self, id: str, param=None, reading: str = "paranoid") -> Row:
        return next(r for r in self.rows if r.id == id and r.param == param
                    and r.reading == reading)

    # Vier-Anderle

    def tricks_of(self, reading: str) -> list[int]:
        """Your tricks on each deal decided in ``reading``."""
        i = READINGS.index(reading)
        return [v[i] for v in self.per_deal if v[i] != UNKNOWN]

    def expected_tricks(self, reading: str = "paranoid") -> float | None:
        t = self.tricks_of(reading)
        return sum(t) / len(t) if t else None

    def ev_stay(self, reading: str = "paranoid") -> float | None:
        """EV(stay) = E[t]·⌊pot/4⌋ − P(t = 0)·pot, units (§1)."""
        t = self.tricks_of(reading)
        if not t:
            return None
        pot = self.setting.pot
        return sum(t) / len(t) * (pot // 4) - sum(1 for x in t if x == 0) / len(t) * pot

    # Strohmandli

    def values(self) -> dict:
        """Figure id → its result points in the chosen table (``None``: not in it)."""
        table = self.setting.table
        return {f.id: f.values.get(table) for f in self.setting.game.figures()}

    def expected_points(self, k: int = 0) -> tuple[float, float] | None:
        """The mean result points over the deals of ``figure_seats``' ``k``-th seat (0: the
        analysed one): the unknown figures as not made, as made."""
        if not self.per_deal:
            return None
        vals, rule = self.values(), self.setting.rule
        lo = hi = 0
        at = k * len(FIGURES)
        for v in self.per_deal:
            mine = v[at:at + len(FIGURES)]
            lo += result_points({f: x == 1 for f, x in zip(FIGURES, mine)}, vals, rule)
            hi += result_points({f: x != 0 for f, x in zip(FIGURES, mine)}, vals, rule)
        return lo / self.deals, hi / self.deals

    def others_points(self) -> list[dict]:
        """With ``--option others``, per other seat: its expected result points (range as
        ``expected_points``) and yours less its (the range's ends against each other)."""
        out = []
        mine = self.expected_points()
        for k, x in enumerate(figure_seats(self.setting)[1:], 1):
            e = self.expected_points(k)
            out.append({"seat": self.setting.seat_name(x.seat),
                        "expected_result_points_range": [_r(e[0]), _r(e[1])] if e else None,
                        "difference_range": ([_r(mine[0] - e[1]), _r(mine[1] - e[0])]
                                             if e else None)})
        return out

    def advice(self) -> dict:
        """Vier-Anderle: ``stay`` when EV(stay) > 0 on the paranoid reading (§0), ``drop``
        (0) when below, ``either`` when it is 0 (a pot under 4 pays no trick: staying with
        a sure trick wins nothing, loses nothing); the maxn reading's figures beside it.
        Strohmandli (nothing to bid): the expected result points (``expected_points``), the
        rule and table."""
        s = self.setting
        if s.kind == "tricks":
            ev = self.ev_stay("paranoid")
            out = {"advice": _stay_or_drop(ev) or "drop",
                   "reading": "paranoid", "pot": s.pot, "per_trick": s.pot // 4,
                   "expected_tricks": _r(self.expected_tricks("paranoid")),
                   "p_no_trick": _r(1 - self.row("tricks", 1).probability
                                    if self.deals else None),
                   "ev_stay": _r(ev), "ev_drop": 0.0}
            ev_n = self.ev_stay("maxn")
            out["maxn"] = {"advice": _stay_or_drop(ev_n),
                           "expected_tricks": _r(self.expected_tricks("maxn")),
                           "ev_stay": _r(ev_n)}
            return out
        e = self.expected_points()
        return {"expected_result_points": _r(e[0]) if e else None,
                "expected_result_points_range": [_r(e[0]), _r(e[1])] if e else None,
                "others": self.others_points(),
                "rule": s.rule, "table": s.table, "minimax_difference": None,
                "note": "each figure searched on its own (its own best line); the minimax "
                        "result-point difference is not computed on full deals (solve "
                        "computes it on endings of at most 8 tricks: each_minimax)"}

    def to_json(self) -> dict:
        s = self.setting
        out = {"game": s.game.id, "hand": s.hand_text(), "seat": s.seat_name(s.seat),
               "players": s.setup.players, "options": sorted(s.setup.flags),
               "leader": s.seat_name(s.seats[s.leader]), "seed": self.seed,
               "deals": self.deals, "samples": self.samples, "precision": self.precision,
               "rounds": self.rounds, "double_dummy": True, "interrupted": self.interrupted}
        if s.kind == "tricks":
            out.update({"stayers": [s.seat_name(x) for x in s.seats], "pot": s.pot,
                        "readings": {"paranoid": "your tricks against a coalition of every "
                                     "other stayer (the pessimistic bound)",
                                     "maxn": "every seat maximises its own tricks, ties "
                                     "against you (max^n)"}})
        else:
            out.update({"rule": s.rule, "table": s.table, "max_nodes": self.max_nodes,
                        "deepened_nodes": self.deepened,
                        "deepening_interrupted": self.deepening_interrupted,
                        "reading": "each figure alone, you against the rest, double dummy "
                                   "knowing the piles' order"})
        out["slems"] = [r.to_json() for r in self.rows]
        out["advice"] = self.advice()
        return out


def _r(x, d: int = 4):
    return None if x is None else round(float(x), d)


def _stay_or_drop(ev: float | None) -> str | None:
    """The advice of EV(stay) against dropping's 0: ``stay``, ``drop`` or ``either``."""
    if ev is None:
        return None
    return "stay" if ev > 0 else "drop" if ev < 0 else "either"


def own_default(game) -> bool:
    """Does the analysis of ``game`` run its own default when neither ``samples`` nor
    ``precision`` is given (``game_analysis.default_run``)? Strohmandli: its fixed
    ``STROHMANDLI_DEALS`` deals."""
    return (game if isinstance(game, str) else game.id) == "strohmandli"


def planned_deals(game_id: str, samples, precision) -> tuple:
    """``(samples, precision)`` as the analysis of ``game_id`` runs them: Strohmandli
    with neither searches ``STROHMANDLI_DEALS`` deals (a full deal's searches take about a
    second), with a ``precision`` alone up to ``STROHMANDLI_CAP`` deals; the other games as
    given."""
    if game_id == "strohmandli" and samples is None:
        return (STROHMANDLI_DEALS, None) if precision is None else (STROHMANDLI_CAP, precision)
    return samples, precision


def analyze_game(hand: str, seat: str, *, game, declarer=None, samples: int | None = None,
                 precision: float | None = None, seed: int | None = 1, holds=(), voids=(),
                 jobs: int | None = None, progress: Callable[[int], None] | None = None,
                 on_update: Callable[["EachAnalysis"], None] | None = None,
                 players: int | None = None, option=(), pot: int | None = None,
                 stayers=None, max_nodes: int = MAX_NODES,
                 deepen_nodes: int = DEEPEN_NODES) -> EachAnalysis:
    """Vier-Anderle: your tricks' chances (at least K, exactly K; paranoid and maxn) and
    the stay-or-drop advice; Strohmandli: each figure's chance and the expected result
    points, holding ``hand`` at ``seat`` (``1`` … ``n``) (module doc).

    players: seats (Vier-Anderle 2-13, default 4; Strohmandli 2 or 3); option: the game's
    flags (``no_overtake``, ``pagat_over_skiz``; Strohmandli ``sum|highest``,
    ``valtozat|original``); pot: units (Vier-Anderle, default an empty pot's); stayers:
    seats that play (Vier-Anderle, ``"1,3"``; yours added); samples: deals (default 200;
    Strohmandli ``STROHMANDLI_DEALS``, any precision then unused), or with ``precision``
    the cap (default 2,000); precision: rounds until every paranoid row's interval is
    within ± that; seed (default 1); jobs: threads (the figures do not depend on it);
    progress, on_update: as ``game_rounds.run_rounds``; max_nodes: Strohmandli's limit of
    one search (0: none); deepen_nodes: Strohmandli's nodes for searching the figures left
    undecided again with growing limits (``each_figures.deepen``; 0: none).

    :raises RoyalSimError: bad input, naming the argument (``declarer``, ``holds``,
        ``voids``: refused, each plays for himself and no facts are taken).
    :raises KeyboardInterrupt: with ``.partial`` the analysis of the rounds finished.
    """
    from ..games import GameError
    from .game_rounds import deal_counts, run_analysis

    for name, flag, value in (("declarer", "--declarer", declarer),
                              ("holds", "--holds", holds), ("voids", "--void", voids)):
        if value not in (None, (), [], ""):
            raise GameError(f"analyze --game {game if isinstance(game, str) else game.id} "
                            f"does not take {flag} (each seat plays for himself; no "
                            "facts about the others' hands)", argument=name)
    s = setting(hand, seat, game=game, players=players, option=option, pot=pot,
                stayers=stayers)
    for name, value in (("max_nodes", max_nodes), ("deepen_nodes", deepen_nodes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RoyalSimError(f"{name} must be a whole number >= 0, got {value!r}",
                                argument=name)
    tricks = s.kind == "tricks"
    samples, precision = planned_deals(s.game.id, samples, precision)
    cap, rule = deal_counts(samples, precision, default_samples=DEFAULT_SAMPLES,
                            cap=DEFAULT_CAP)
    seed = 1 if seed is None else seed
    looks = rule.looks() if rule else [cap]

    if tricks:
        def new_worker():
            return TrickSearch.of(s)

        def search(ts, hands):
            return search_tricks(ts, hands, s)
    else:
        def new_worker():
            return FigureSearch.of(s, max_nodes)

        def search(fs, dealt):
            return search_seats(fs, dealt, figure_seats(s))

    def result(done) -> EachAnalysis:
        return _analysis(s, seed, cap, precision, rule, done, max_nodes)

    def settled(verdicts) -> bool:
        if rule is None:
            return False
        from .stopping import FIRST_LOOK

        rows = _analysis(s, seed, cap, precision, rule, _Done(verdicts), max_nodes).rows
        return len(verdicts) >= FIRST_LOOK and all(
            (r.interval[1] - r.interval[0]) / 2 <= precision + 1e-12 for r in rows
            if r.id != "tricks_exactly" and r.reading == "paranoid")

    last: list = []

    def kept(done) -> EachAnalysis:
        last[:] = [done]
        return result(done)

    got = run_analysis(kept, deals(s, seed), search, new_worker, looks, settled, jobs=jobs,
                       progress=progress, on_update=on_update, stop=lambda w: w.stop())
    if tricks or not deepen_nodes or not last:
        return got
    from .game_rounds import jobs_of

    import time

    done, start = last[0], time.perf_counter()
    verdicts = list(done.verdicts)

    def deepened(spent: int, interrupted: bool) -> EachAnalysis:
        out = result(_Done(verdicts, done.deals, done.rounds,
                           done.seconds + time.perf_counter() - start, interrupted))
        out.deepened, out.deepening_interrupted = spent, interrupted
        return out

    try:
        spent = deepen(FigureSearch.of(s, max_nodes), s, done.deals, verdicts, deepen_nodes,
                       jobs_of(jobs))
    except KeyboardInterrupt as e:  # every deal searched; the deepening's rounds finished
        e.partial = deepened(getattr(e, "spent", 0), True)
        raise
    return deepened(spent, False)


@dataclass
class _Done:
    verdicts: list
    deals: list = field(default_factory=list)
    rounds: int = 0
    seconds: float = 0.0
    interrupted: bool = False


def _analysis(s: Setting, seed, cap, precision, rule, done, max_nodes) -> EachAnalysis:
    """The ``EachAnalysis`` of the deals searched (``game_rounds.Rounds``)."""
    v = done.verdicts
    n = len(v)

    def interval(made, unknown):
        f = rule.interval if rule else wilson
        if n == 0:
            return (0.0, 1.0)
        return f(made, n)[0], f(made + unknown, n)[1]

    rows = []
    if s.kind == "tricks":
        readings = READINGS if len(s.seats) <= MAXN_SEATS else READINGS[:1]
        for i, reading in enumerate(readings):
            unknown = sum(1 for x in v if x[i] == UNKNOWN)
            for k in range(1, MAX_TRICKS + 1):
                made = sum(1 for x in v if x[i] != UNKNOWN and x[i] >= k)
                rows.append(Row("tricks", k, reading, made, unknown, n,
                                interval(made, unknown)))
            for k in range(MAX_TRICKS + 1):
                made = sum(1 for x in v if x[i] == k)
                rows.append(Row("tricks_exactly", k, reading, made, unknown, n,
                                interval(made, unknown)))
    else:
        values = {f.id: f.values.get(s.table) for f in s.game.figures()}
        for k, x in enumerate(figure_seats(s)):
            for i, fid in enumerate(FIGURES, k * len(FIGURES)):
                if fid in ANNOUNCEMENTS and s.table != "original":
                    continue                # the original table's only, searched there
                made = sum(1 for d in v if d[i] == 1)
                unknown = sum(1 for d in v if d[i] == UNKNOWN)
                rows.append(Row(fid, None, "paranoid", made, unknown, n,
                                interval(made, unknown), values.get(fid) or 0,
                                None if k == 0 else s.seat_name(x.seat)))
    return EachAnalysis(s, seed, cap, precision, rows, list(v), done.rounds, done.seconds,
                        max_nodes, done.interrupted, list(done.deals))
