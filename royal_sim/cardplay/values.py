"""Every legal card of the seat to play, valued double dummy in tarokk terms: the tricks each
pair then takes from the current trick (included) to the last, and the slems (bids) each
pair still forces after that card (``docs/play.md#card-values``).

Tricks and slems come from the engine's batch form (``engine.card_values.card_values_batch``,
many positions on all threads: the worlds of one decision in one call), with each bid's goal compiled as ``solve``
compiles it (``analysis.plan``: ``slems.compile_goal`` on the hands at the start of the
current trick, the Gerots obligations under ``rules="gerots"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numba
import numpy as np

from .. import slems as S
from ..analysis.plan import columns_for, plan_search
from ..analysis.position import PositionResult
from ..analysis.request import check_rules
from ..analysis.results import Column
from ..tarokk import TAROKK_PLAY
from ..engine.card_values import NOT_LEGAL, card_values_batch
from ..engine.cells import GOAL_FALSE, GOAL_SEARCH
from ..engine.solver import Tables
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
    in the position (a trick already played, a card out of play) are left out. The one-
    position case of ``slem_values_many``."""
    return slem_values_many([position], pair, cols, rules, [legal], [tricks], history)[0]


def slem_values_many(positions: Sequence[Position], pair: Pair, cols: Sequence[Column],
                     rules: str, legal: Sequence[Sequence[int]],
                     tricks: Sequence[dict[int, int]],
                     history=()) -> list[dict[str, dict[int, bool]]]:
    """``slem_values`` of many positions with one history (the worlds of one decision):
    one list entry per position, every searched goal of every position valued in one
    ``card_values_batch`` call on all threads."""
    won = _won(history, pair)
    outs: list[dict[str, dict[int, bool]]] = [{} for _ in positions]
    rows, where = [], []                    # (position index, column) of each searched goal
    plans = []
    for i, position in enumerate(positions):
        start, origin_leader, origin_first = _origin(position, history)
        pair_cards = start[pair.seats[0]] | start[pair.seats[1]]
        plan = plan_search(list(cols), pair, pair_cards, rules, int(origin_leader),
                           origin_first)
        plans.append(pair_cards)
        for col in cols:
            cell = plan._cell(col, start, pair_cards)       # the goal as solve compiles it
            if cell.status == GOAL_SEARCH:
                rows.append(cell)
                where.append((i, col))
            elif cell.status == GOAL_FALSE:
                outs[i][col.key] = {c: False for c in legal[i]}
            elif cell.from_max >= 0:
                outs[i][col.key] = {c: won + tricks[i][c] >= cell.from_max for c in legal[i]}
    if rows:
        ps = [positions[i] for i, _ in where]
        vals = card_values_batch(
            np.array([p.hands for p in ps], dtype=np.uint64), [int(p.leader) for p in ps],
            [p.trick_no for p in ps], [tuple(p.trick) for p in ps], play_rules=TAROKK_PLAY,
            goal=[r.goal for r in rows], hold=[r.hold for r in rows], pair=int(pair),
            history=[(int(ld), list(cs)) for ld, cs in history], workspace=_workspace())
        for (i, col), row in zip(where, vals):
            outs[i][col.key] = {c: bool(row[c]) for c in legal[i]}
    for i, position in enumerate(positions):
        exact: list[Column] = []
        for col in cols:
            if col.relaxed and col.key in outs[i]:
                if any(outs[i].pop(col.key).values()):
                    exact.extend(Column(col.slem, p)
                                 for p in S.candidate_params(col.slem, plans[i]))
                else:   # no card forces the bound: no candidate is forced
                    for p in S.candidate_params(col.slem, plans[i]):
                        outs[i][S.slem_key(col.slem, p)] = {c: False for c in legal[i]}
        if exact:
            outs[i].update(slem_values(position, pair, exact, rules, legal[i], tricks[i],
                                       history))
    return outs


_WORKSPACE: list = []


def _workspace() -> Tables:
    """Tables kept between the calls of this process (a row per thread; their stamps keep
    the searches apart)."""
    threads = numba.get_num_threads()
    if not _WORKSPACE or _WORKSPACE[0].rows < threads:
        _WORKSPACE[:] = [Tables(threads)]
    return _WORKSPACE[0]


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
    Raises ``RoyalSimError`` for an unknown rule set or slem. The one-position case of
    ``card_values_many``."""
    return card_values_many([position], rules=rules, slems=slems, only=only, bids=bids,
                            history=history)[0]


def card_values_many(positions: Sequence[Position], *, rules: str = "gerots",
                     slems: bool = True, only: Sequence[str] | None = None,
                     bids: dict[Pair, Sequence] | None = None,
                     history=()) -> list[CardValues]:
    """``card_values`` of many positions that share ``history`` (the worlds of one decision,
    as the table player and ``suggest`` value them), one ``CardValues`` each: the tricks of
    every position in one ``card_values_batch`` call on all threads, the goals of each pair
    in another. Raises as ``card_values``."""
    check_rules(rules)
    if not positions:
        return []
    raw = card_values_batch(
        np.array([p.hands for p in positions], dtype=np.uint64),
        [int(p.leader) for p in positions], [p.trick_no for p in positions],
        [tuple(p.trick) for p in positions], play_rules=TAROKK_PLAY, pair=int(Pair.ATTACK),
        workspace=_workspace())
    legal = [[int(c) for c in np.flatnonzero(row != NOT_LEGAL)] for row in raw]
    tricks = [{c: {"attack": int(row[c]), "defence": p.tricks_left - int(row[c])}
               for c in cs} for p, row, cs in zip(positions, raw, legal)]
    made: list | None = None
    searched: list | None = None
    if slems:
        made = [{c: {} for c in cs} for cs in legal]
        searched = [{} for _ in positions]
        for pair in Pair:
            if bids is not None:
                cols = _bid_columns(pair, bids.get(pair, ()))
                groups = [list(range(len(positions)))]
            else:   # each position's own columns (the bids its pair's cards allow)
                groups = [[i] for i in range(len(positions))]
            for group in groups:
                if bids is None:
                    origin = _origin(positions[group[0]], history)[0]
                    cols = columns_for(origin[pair.seats[0]] | origin[pair.seats[1]], only)
                by_key = slem_values_many(
                    [positions[i] for i in group], pair, cols, rules,
                    [legal[i] for i in group],
                    [{c: tricks[i][c][pair.label] for c in legal[i]} for i in group],
                    history)
                for i, keys in zip(group, by_key):
                    searched[i][pair.label] = tuple(keys)
                    for c in legal[i]:
                        made[i][c][pair.label] = tuple(k for k, v in keys.items() if v[c])
    out = []
    for i, p in enumerate(positions):
        mover = p.to_play.pair.label
        top = max(t[mover] for t in tricks[i].values())
        out.append(CardValues(p, [CardValue(c, tricks[i][c],
                                            None if made is None else made[i][c],
                                            tricks[i][c][mover] == top) for c in legal[i]],
                              None if searched is None else searched[i]))
    return out
