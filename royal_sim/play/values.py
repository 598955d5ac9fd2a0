"""Every legal card of the seat to play, valued double dummy in tarokk terms: the tricks each
pair then takes from the current trick (included) to the last, and the slems (bids) each
pair still forces after that card (``docs/play.md#card-values``).

Tricks come from ``Solver.card_values``; slems from ``Solver``'s batch form
(``engine.card_values.card_values_batch``), with each bid's goal compiled as ``solve``
compiles it (``analysis.plan``: ``slems.compile_goal`` on the hands at the start of the
current trick, the Gerots obligations under ``rules="gerots"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .. import slems as S
from ..analysis.plan import columns_for, plan_search
from ..analysis.position import PositionResult
from ..analysis.request import check_rules
from ..analysis.results import Column
from ..tarokk import TAROKK_PLAY, default_solver
from ..engine.card_values import card_values_batch
from ..engine.cells import GOAL_FALSE, GOAL_SEARCH
from ..model import cards as C
from ..model.deal import Pair, Seat
from .position import Position


@dataclass(frozen=True)
class CardValue:
    """One legal card: ``tricks[pair label]`` the tricks each pair takes from the current
    trick (included) to the last if the card is played and the rest double dummy;
    ``slems[pair label]``: the bid keys (``id`` or ``id:param``) of those searched that the
    pair still forces after the card (``None``: slems not searched); ``best``: no card of
    the seat to play gives its pair more tricks."""

    card: int
    tricks: dict[str, int]
    slems: dict[str, tuple[str, ...]] | None
    best: bool

    def to_json(self) -> dict:
        out = {"card": C.format_card(self.card), "tricks": dict(self.tricks),
               "best": self.best}
        if self.slems is not None:
            out["slems"] = {k: list(v) for k, v in self.slems.items()}
        return out


@dataclass(frozen=True)
class CardValues:
    """Every legal card of ``position.to_play`` (``cards``, in card id order), and the bid
    keys searched for each pair (``searched``; ``None`` without slems)."""

    position: Position
    cards: list[CardValue]
    searched: dict[str, tuple[str, ...]] | None

    @property
    def to_play(self) -> Seat:
        return self.position.to_play

    def value(self, card: int) -> CardValue:
        """The value of ``card``; ``KeyError`` if it is not a legal card here."""
        for v in self.cards:
            if v.card == card:
                return v
        raise KeyError(card)

    def best(self) -> list[int]:
        """The best cards (most tricks for the seat to play's pair), card id order."""
        return [v.card for v in self.cards if v.best]

    def forced(self, pair: Pair, key: str) -> bool:
        """Does ``pair`` force bid ``key`` in the position itself (before the card): some
        card forces it if the seat to play is of ``pair``, every card if not."""
        made = [key in v.slems[pair.label] for v in self.cards]
        return any(made) if self.to_play.pair is pair else all(made)

    def position_result(self) -> PositionResult:
        """The position's own value from its cards' values (as ``solve`` without the cards
        reports it): the best card's tricks for the seat to play; a slem forced
        (``forced``) or not, for each bid key searched."""
        best = self.value(self.best()[0])
        slems = None if self.searched is None else {
            q.label: {k: self.forced(q, k) for k in self.searched[q.label]} for q in Pair}
        p = self.position
        return PositionResult(p.leader, p.trick_no, p.tricks_left, best.tricks["attack"],
                              slems)

    def to_json(self) -> dict:
        """``{"to_play", "leader", "trick_no", "trick", "cards": [CardValue.to_json()…]
        [, "slems_searched": {pair: [keys]}]}``: what ``royal-sim solve --cards --json``
        prints."""
        p = self.position
        out = {"to_play": p.to_play.name, "leader": p.leader.name, "trick_no": p.trick_no,
               "trick": [C.format_card(c) for c in p.trick],
               "cards": [v.to_json() for v in self.cards]}
        if self.searched is not None:
            out["slems_searched"] = {k: list(v) for k, v in self.searched.items()}
        return out


def _bid_columns(pair: Pair, bids) -> list[Column]:
    return [Column(S.get_slem(b.slem if hasattr(b, "slem") else b[0]),
                   b.param if hasattr(b, "param") else b[1]) for b in bids]


def _origin(position: Position, history) -> tuple[list[int], Seat, int]:
    """The hands, leader and number of the first trick of ``history`` (the position's own
    trick without one)."""
    start = list(position.start_hands)
    if not history:
        return start, position.leader, position.trick_no
    for ld, cards in history:
        for i, c in enumerate(cards):
            start[(int(ld) + i) % len(start)] |= 1 << c
    return start, Seat(int(history[0][0])), position.trick_no - len(history)


def _won(history, pair: Pair) -> int:
    from ..engine.solver import trick_winner
    return sum(Seat(trick_winner(list(cards), int(ld), TAROKK_PLAY)).pair is pair
               for ld, cards in history)


def slem_values(position: Position, pair: Pair, cols: Sequence[Column], rules: str,
                legal: Sequence[int], tricks: dict[int, int],
                history=()) -> dict[str, dict[int, bool]]:
    """For each column (a bid of ``pair``) defined in the position: bid key → card → does
    ``pair`` still force it after the card. ``tricks``: card → ``pair``'s tricks after it
    (the trick-count slems read them); history: the tricks played before the current one
    (``[(leader, [cards])…]``) that the bids judge too (from a record's start: the goals are
    compiled on the hands before its first trick). A relaxed column (Héja, Stella) is
    replaced by its exact candidates where some card forces its bound; columns undefined
    in the position (a trick already played, a card out of play) are left out."""
    start, origin_leader, origin_first = _origin(position, history)
    pair_cards = start[pair.seats[0]] | start[pair.seats[1]]
    won = _won(history, pair)
    plan = plan_search(list(cols), pair, pair_cards, rules, int(origin_leader), origin_first)
    out: dict[str, dict[int, bool]] = {}
    rows, row_cols = [], []
    for col in cols:
        cell = plan._cell(col, start, pair_cards)       # the goal as solve compiles it
        if cell.status == GOAL_SEARCH:
            rows.append(cell)
            row_cols.append(col)
        elif cell.status == GOAL_FALSE:
            out[col.key] = {c: False for c in legal}
        elif cell.from_max >= 0:
            out[col.key] = {c: won + tricks[c] >= cell.from_max for c in legal}
    if rows:
        n = len(rows)
        deals = np.array([position.hands] * n, dtype=np.uint64)
        vals = card_values_batch(deals, int(position.leader), position.trick_no,
                                 position.trick, play_rules=TAROKK_PLAY,
                                 goal=[r.goal for r in rows], hold=[r.hold for r in rows],
                                 pair=int(pair), history=[(int(ld), list(cs))
                                                          for ld, cs in history])
        for col, row in zip(row_cols, vals):
            out[col.key] = {c: bool(row[c]) for c in legal}
    exact: list[Column] = []
    for col in cols:
        if col.relaxed and col.key in out:
            if any(out.pop(col.key).values()):
                exact.extend(Column(col.slem, p) for p in S.candidate_params(col.slem,
                                                                              pair_cards))
            else:   # no card forces the bound: no candidate is forced
                for p in S.candidate_params(col.slem, pair_cards):
                    out[S.slem_key(col.slem, p)] = {c: False for c in legal}
    if exact:
        out.update(slem_values(position, pair, exact, rules, legal, tricks, history))
    return out


def card_values(position: Position, *, rules: str = "gerots", slems: bool = True,
                only: Sequence[str] | None = None,
                bids: dict[Pair, Sequence] | None = None, history=()) -> CardValues:
    """Every legal card of the seat to play in ``position``, valued double dummy.

    rules: ``gerots`` or ``laza`` (the slems' obligatory play); slems: also search which
    slems each pair still forces after each card: every bid ``solve`` searches (limited to
    the slem ids ``only``), or, with ``bids`` (pair → bids with ``slem`` and ``param``, as
    ``slems.Bid``, or (slem, param) pairs), those bids only; history: the tricks played
    before the current one, ``[(leader, [cards in play order])…]``, that the bids judge
    too (a game from its start: ``slem_values``). Returns ``CardValues``.
    Raises ``RoyalSimError`` for an unknown rule set or slem."""
    check_rules(rules)
    solver = default_solver(TAROKK_PLAY)
    p = position
    attack = solver.card_values(p.hands, int(p.leader), p.trick_no, p.trick, int(Pair.ATTACK))
    legal = sorted(attack)
    tricks = {c: {"attack": attack[c], "defence": p.tricks_left - attack[c]} for c in legal}
    mover = p.to_play.pair.label
    top = max(t[mover] for t in tricks.values())
    made = searched = None
    if slems:
        made = {c: {} for c in legal}
        searched = {}
        for pair in Pair:
            if bids is not None:
                cols = _bid_columns(pair, bids.get(pair, ()))
            else:
                origin = _origin(p, history)[0]
                cols = columns_for(origin[pair.seats[0]] | origin[pair.seats[1]], only)
            mine = {c: tricks[c][pair.label] for c in legal}
            by_key = slem_values(p, pair, cols, rules, legal, mine, history)
            searched[pair.label] = tuple(by_key)
            for c in legal:
                made[c][pair.label] = tuple(k for k, v in by_key.items() if v[c])
    return CardValues(p, [CardValue(c, tricks[c], None if made is None else made[c],
                                    tricks[c][mover] == top) for c in legal], searched)
