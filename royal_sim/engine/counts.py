"""The count search's Python face: a position of any trick game, the side that counts, and its
count (``count_rules``) in; the exact count, a threshold's verdict, every legal card's count
and one line of optimal play out.

A position is the cards each seat holds, the leader of the current trick, its number (0-based
absolute, so that the count's per-trick terms apply to the right tricks) and the cards played
to it so far. The side is a set of seats; every other seat plays against it (the coalition of
``spec/other-games.md`` §0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .count_rules import Count, CountRules
from .kernel import count_search as K


class SearchLimitError(RuntimeError):
    """A search passed its node limit (``CountSolver.max_nodes``) before it had an answer
    (the caller says it in its own words: ``errors.SearchLimit``)."""


class SearchStopped(KeyboardInterrupt):
    """A search stopped by ``CountSolver.stop`` (Ctrl-C, from another thread): no answer."""


@dataclass(frozen=True)
class CountPosition:
    """``hands``: one mask a seat (Python ints); ``leader``: the seat that led (or leads) the
    current trick; ``trick``: its number, 0-based; ``table``: the card ids played to it so far,
    the leader's first. The play history a rule reads (``CountRules.withhold``, Troggu's
    skíz, §3): ``withheld``, its holder withheld it; ``captured``, the cards in its holder's
    tricks so far (whose lowest he would give the last trick's winner)."""

    hands: tuple[int, ...]
    leader: int = 0
    trick: int = 0
    table: tuple[int, ...] = ()
    withheld: bool = False
    captured: int = 0

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.table)) % len(self.hands)

    def unplayed(self) -> int:
        m = 0
        for h in self.hands:
            m |= h
        for c in self.table:
            m |= 1 << c
        return m


@dataclass
class CountSolver:
    """One thread's count search for one game's ``rules`` (its table kept between calls
    while the side and the count stay). ``nodes`` counts the nodes of every call;
    ``max_nodes`` (0: none) bounds each call's nodes, past it ``SearchLimitError``.
    ``stop()`` (from another thread) ends the call under way and refuses every later one
    (``SearchStopped``)."""

    rules: CountRules
    table_bits: int = 19
    max_nodes: int = 0
    _table: tuple = field(init=False, repr=False)
    _order: np.ndarray = field(init=False, repr=False)
    _order_len: np.ndarray = field(init=False, repr=False)
    _record: tuple = field(init=False, repr=False)
    _stamped: tuple = field(init=False, repr=False, default=())
    stopped: bool = field(init=False, repr=False, default=False)

    def __post_init__(self):
        self._table = K.new_table(self.table_bits)
        n_suits = len(self.rules.suit_masks)
        self._order = np.zeros((n_suits, 64), np.int64)
        self._order_len = np.zeros(n_suits, np.int64)
        for s in range(n_suits):
            ids = [c for c in range(self.rules.n_cards) if self.rules.suit_of[c] == s]
            ids.sort(key=lambda c: int(self.rules.power[c]))
            self._order[s, :len(ids)] = ids
            self._order_len[s] = len(ids)
        self._record = self.rules.record()

    def stop(self) -> None:
        """Stop the search under way at its next node (the kernel reads its node limit at
        every node) and every later call of this solver: they raise ``SearchStopped``. Safe
        from another thread; the table stays as it is (its entries are facts)."""
        self.stopped = True
        self._table[K.TABLE_CTX][K.X_LIMIT] = 1

    @property
    def nodes(self) -> int:
        return int(self._table[K.TABLE_CTX][K.X_NODES])

    # -- the arrays of one call --------------------------------------------------------------

    def _args(self, pos: CountPosition, side, count: Count):
        n = self.rules.n_seats
        if len(pos.hands) != n:
            raise ValueError(f"a position of {self.rules.name} has {n} hands, "
                             f"got {len(pos.hands)}")
        hands = np.zeros(16, np.uint64)
        for s, h in enumerate(pos.hands):
            hands[s] = np.uint64(h)
        side_arr = np.zeros(16, np.bool_)
        for s in side:
            side_arr[s] = True
        tc = np.zeros((count.n_tricks, n), np.int64)
        for i, c in enumerate(pos.table):
            tc[pos.trick, i] = c
        # a table entry is a fact about a position under one side and count: kept while
        # they stay (the line of play, every card), a fresh stamp when they change
        key = (tuple(sorted(side)), count.points.tobytes(), count.trick_points.tobytes(),
               count.trick_cards.tobytes(), count.trick_held.tobytes())
        if key != self._stamped:
            self._stamped = key
            self._table[K.TABLE_CTX][K.X_STAMP] += 1
        ctx = self._table[K.TABLE_CTX]
        if self.stopped:
            raise SearchStopped("the search was stopped")
        ctx[K.X_LIMIT] = ctx[K.X_NODES] + self.max_nodes if self.max_nodes else 0
        if self.stopped:            # stop() between the check and the limit set: keep its limit
            ctx[K.X_LIMIT] = 1
        return (hands, side_arr, self._record, count.record(), self._table, self._order,
                self._order_len, count.card_classes(self.rules), np.int64(pos.leader),
                np.int64(pos.trick), np.int64(len(pos.table)), tc,
                np.uint64(pos.unplayed()), *self._history(pos, count))

    def _history(self, pos: CountPosition, count: Count) -> tuple:
        """The kernels' play-history state of ``pos``: the withheld flag and the offer
        (``kernel/count_play._offer``: the least ``(offer_points, points)`` of the holder's
        captures, packed; -1 none), ``(0, -1)`` once the withholdable card is played."""
        w = self.rules.withhold
        if w < 0 or not pos.unplayed() >> w & 1:
            return np.int64(0), np.int64(-1)
        return np.int64(1 if pos.withheld else 0), self._offer(pos.captured, count)

    def _offer(self, captured: int, count: Count) -> np.int64:
        offers = self.rules.offers()
        return np.int64(min((int(offers[c]) * 65536 + int(count.points[c]) + 32768
                             for c in range(self.rules.n_cards) if captured >> c & 1),
                            default=-1))

    def bounds(self, pos: CountPosition, count: Count) -> tuple[int, int]:
        """The least and the most the count can give from ``pos``: no card points and every
        negative trick term, every card's points and every positive one."""
        pts = sum(int(count.points[c]) for c in range(self.rules.n_cards)
                  if pos.unplayed() >> c & 1)
        tp = [int(x) for x in count.trick_points[pos.trick:]]
        return sum(x for x in tp if x < 0), pts + sum(x for x in tp if x > 0)

    def value(self, pos: CountPosition, side, count: Count, guess: int | None = None) -> int:
        """The most the side counts from ``pos`` against the rest (exact)."""
        lo, hi = self.bounds(pos, count)
        g = (lo + hi) // 2 if guess is None else guess
        return self._checked(K._count_value(*self._args(pos, side, count), np.int64(lo),
                                            np.int64(hi), np.int64(g)))

    def reaches(self, pos: CountPosition, side, count: Count, k: int) -> bool:
        """Does the side count at least ``k`` from ``pos`` against the rest?"""
        return bool(self._checked(K._count_test(*self._args(pos, side, count), np.int64(k))))

    def _checked(self, v) -> int:
        if v == K.ABORT and self.stopped:
            raise SearchStopped("the search was stopped")
        if v == K.ABORT:
            raise SearchLimitError(f"the search passed its limit of {self.max_nodes:,} nodes")
        return int(v)

    def legal(self, pos: CountPosition) -> int:
        """The legal cards of the seat to play (a mask)."""
        n = self.rules.n_seats
        tc = np.zeros((pos.trick + 1, n + 1), np.int64)
        for i, c in enumerate(pos.table):
            tc[pos.trick, i] = c
        return int(K._legal_cards(np.uint64(pos.hands[pos.to_play]), tc, np.int64(pos.trick),
                                  np.int64(len(pos.table)), np.int64(pos.leader),
                                  self._record, np.int64(1 if pos.withheld else 0)))

    def play(self, pos: CountPosition, card: int, side, count: Count
             ) -> tuple[CountPosition, int]:
        """The position after the seat to play plays ``card`` (legal), and the points the
        side counted with it (a trick it completed)."""
        seat = pos.to_play
        hands = list(pos.hands)
        hands[seat] &= ~(1 << card)
        table = pos.table + (card,)
        n = self.rules.n_seats
        tc = np.zeros((count.n_tricks, n + 1), np.int64)
        tc[pos.trick, :len(table)] = table
        withheld = pos.withheld or bool(K._withholding(
            np.uint64(pos.hands[seat]), np.int64(card), tc, np.int64(pos.trick),
            np.int64(len(pos.table)), self._record, np.int64(1 if pos.withheld else 0)))
        if len(table) < n:
            return CountPosition(tuple(hands), pos.leader, pos.trick, table, withheld,
                                 pos.captured), 0
        side_arr = np.zeros(16, np.bool_)
        for s in side:
            side_arr[s] = True
        w = self.rules.withhold
        weak = w if withheld and w in table else -1
        winner, val, cards = K._finish_trick(tc, np.int64(pos.trick), np.int64(pos.leader),
                                             side_arr, self._record, count.record(),
                                             np.int64(weak), self._offer(pos.captured, count))
        captured = pos.captured
        if w >= 0 and hands[int(winner)] >> w & 1:
            captured |= int(cards)
        if w < 0 or not any(h >> w & 1 for h in hands):
            withheld, captured = False, 0
        return (CountPosition(tuple(hands), int(winner), pos.trick + 1, (), withheld, captured),
                int(val))

    def card_values(self, pos: CountPosition, side, count: Count) -> dict[int, int]:
        """Every legal card of the seat to play → the side's count from ``pos`` after it
        (the points it completes included)."""
        out = {}
        legal = self.legal(pos)
        for c in range(self.rules.n_cards):
            if legal >> c & 1:
                nxt, got = self.play(pos, c, side, count)
                out[c] = got + (self.value(nxt, side, count) if any(nxt.hands) else 0)
        return out

    def line(self, pos: CountPosition, side, count: Count, value: int | None = None
             ) -> list[int]:
        """One line of optimal play from ``pos`` to the end (card ids in play order): each
        seat plays the lowest card id that keeps the value (``value``, the side's count from
        ``pos``, computed when not given). A card is tried with one null-window test instead
        of every legal card's exact count: the side's card keeps the value when the rest
        still reaches it, another seat's when the rest cannot exceed it."""
        if value is None:
            value = self.value(pos, side, count)
        out = []
        while any(pos.hands):
            mine = pos.to_play in side
            legal = self.legal(pos)
            for c in range(self.rules.n_cards):
                if not legal >> c & 1:
                    continue
                nxt, got = self.play(pos, c, side, count)
                rest = value - got
                if not any(nxt.hands):
                    keeps = rest == 0
                elif mine:
                    keeps = self.reaches(nxt, side, count, rest)
                else:
                    keeps = not self.reaches(nxt, side, count, rest + 1)
                if keeps:
                    break
            else:       # cannot happen: some legal card keeps the value
                raise AssertionError(f"no card keeps the count {value} in {pos}")
            out.append(c)
            pos, value = nxt, rest
        return out
