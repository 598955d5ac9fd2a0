"""The engine's Python face: a reusable ``Solver`` (one rule set, its own transposition
table), the ``Tables`` the kernels share between searches, and helpers to follow a line of
play (``legal_cards``, ``trick_winner``, ``optimal_line``). Knows no game: rules and goals come
as data (``play_rules.PlayRules``, ``goal.Goal``)."""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np

from .goal import Goal, tricks_goal
from ..jit import direct_call_cached
from .kernel.cards import NOT_LEGAL, _card_values, _score_history
from .kernel.search import _solve
from .kernel.table import MAX_CBITS, SEQ_WORDS, TT_BUCKET, TT_WORDS
from .kernel.tricks import _beats, _legal
from .kernel.workspace import (C_CUT0, C_FIRST0, C_LEN, C_NODES, C_TRICK0, C_TSTART,
                               MAX_DEPTH, MAX_MOVES, MAX_TRICKS, TT_BITS_DEFAULT)
from .play_rules import PlayRules


def check_key_fits(n_cards: int, n_suits: int, classes: np.ndarray) -> None:
    """The table key holds (holder, class) of every card in ``SEQ_WORDS`` words and 4-bit
    suit lengths of each hand for at most 5 suits: raise ``ValueError`` for rules or goal
    classes that would not fit (they would corrupt the key silently)."""
    n_cls = int(classes.max()) + 1 if classes.size else 1
    cbits = max(0, (n_cls - 1).bit_length())
    if n_cards * (2 + cbits) > 64 * SEQ_WORDS or cbits > MAX_CBITS:
        raise ValueError(f"a goal telling {n_cls} classes of cards apart does not fit the "
                         f"transposition key ({n_cards} cards)")
    if n_suits > 5 or n_cards > 64:
        raise ValueError("the kernel plays at most 5 suits and 64 cards")


@dataclass(frozen=True)
class SearchStats:
    """Search counters (since the tables were made; subtract two to measure a stretch).

    ``nodes``: every node searched (one card a ply); ``trick_starts``: nodes at a trick
    start (what DDS counts); ``nodes_per_trick[t]``: nodes in trick t (0-based, absolute);
    ``cutoffs[k]``: nodes at play position k (0 = the lead) decided before their last move
    (an OR node proved, an AND node refuted), ``first_cutoffs[k]``: of those, by the first
    move tried."""

    nodes: int
    trick_starts: int
    nodes_per_trick: tuple[int, ...]
    cutoffs: tuple[int, int, int, int]
    first_cutoffs: tuple[int, int, int, int]

    @classmethod
    def from_ctx(cls, ctx: np.ndarray) -> "SearchStats":
        c = np.asarray(ctx, dtype=np.int64).reshape(-1, C_LEN).sum(axis=0)
        return cls(int(c[C_NODES]), int(c[C_TSTART]),
                   tuple(int(x) for x in c[C_TRICK0:C_TRICK0 + MAX_TRICKS]),
                   tuple(int(x) for x in c[C_CUT0:C_CUT0 + 4]),
                   tuple(int(x) for x in c[C_FIRST0:C_FIRST0 + 4]))

    def _zip(self, other: "SearchStats", op) -> "SearchStats":
        return SearchStats(op(self.nodes, other.nodes),
                           op(self.trick_starts, other.trick_starts),
                           tuple(map(op, self.nodes_per_trick, other.nodes_per_trick)),
                           tuple(map(op, self.cutoffs, other.cutoffs)),
                           tuple(map(op, self.first_cutoffs, other.first_cutoffs)))

    def __sub__(self, other: "SearchStats") -> "SearchStats":
        return self._zip(other, operator.sub)

    def __add__(self, other: "SearchStats") -> "SearchStats":
        return self._zip(other, operator.add)

    def first_move_rate(self, position: int) -> float:
        """Share of the cut-offs at play ``position`` (0..3) made by the first move tried
        (nan if none)."""
        n = self.cutoffs[position]
        return self.first_cutoffs[position] / n if n else float("nan")


TT_BITS_MAX = 26    # 2**26 entries: 8.5 GiB a row


class Tables:
    """Transposition tables, one row per thread (``rows``), kept between searches: the
    stamp in ``ctx[row, C_STAMP]`` tells entries of earlier searches apart, so they are
    never cleared. ``tt_bits``: log2 of each table's entries (2**18: 36 MB per row, 128-byte
    entries and an 8-byte stamp each), from log2 of a bucket's slots (``TT_BUCKET``: a
    smaller table would put a bucket past its end) to ``TT_BITS_MAX``; raises ``ValueError``
    outside that range, and for ``rows`` below 1."""

    def __init__(self, rows: int = 1, tt_bits: int = TT_BITS_DEFAULT):
        low = TT_BUCKET.bit_length() - 1
        if isinstance(tt_bits, bool) or not isinstance(tt_bits, (int, np.integer)) \
                or not low <= tt_bits <= TT_BITS_MAX:
            raise ValueError(f"tt_bits must be an integer from {low} to {TT_BITS_MAX}, "
                             f"got {tt_bits!r}")
        if isinstance(rows, bool) or not isinstance(rows, (int, np.integer)) or rows < 1:
            raise ValueError(f"rows must be a positive integer, got {rows!r}")
        size = 1 << int(tt_bits)
        self.tt_bits = tt_bits
        # rows of 128 bytes on 128-byte boundaries: an entry spans two cache lines
        raw = np.zeros(rows * size * TT_WORDS + 16, dtype=np.uint64)
        off = (-raw.ctypes.data % 128) // 8
        self.tt_keys = raw[off:off + rows * size * TT_WORDS].reshape(rows, size, TT_WORDS)
        self.tt_stamp = np.zeros((rows, size), dtype=np.int64)
        self.ctx = np.zeros((rows, C_LEN), dtype=np.int64)

    @property
    def rows(self) -> int:
        return self.ctx.shape[0]

    @property
    def nodes(self) -> int:
        return int(self.ctx[:, C_NODES].sum())

    def stats(self) -> SearchStats:
        """The search counters of all rows (``SearchStats``)."""
        return SearchStats.from_ctx(self.ctx)


class Solver:
    """Reusable double-dummy solver for one rule set (holds the transposition table).

    ``tt_bits``: log2 of the table's entries (2**18: 36 MB). Not thread-safe: use one
    solver per thread. ``nodes`` counts search nodes since creation.
    """

    def __init__(self, play_rules: PlayRules, tt_bits: int = TT_BITS_DEFAULT):
        play_rules.validate()
        self.play_rules = play_rules
        self.n_tricks = play_rules.n_cards // 4
        self.tables = Tables(1, tt_bits)
        self.ctx = self.tables.ctx[0]
        self.moves = np.zeros((MAX_DEPTH, MAX_MOVES), dtype=np.int64)
        self.tc = np.zeros((MAX_TRICKS, 4), dtype=np.int64)
        self._no_hold = np.zeros(play_rules.n_cards, dtype=np.int8)
        self._plain_classes = np.zeros(play_rules.n_cards, dtype=np.int16)

    @property
    def nodes(self) -> int:
        return int(self.ctx[C_NODES])

    def stats(self) -> SearchStats:
        """This solver's search counters since creation (``SearchStats``)."""
        return SearchStats.from_ctx(self.ctx)

    def _check(self, hands, leader: int, first_trick: int) -> tuple[np.ndarray, int]:
        h = np.array([int(x) for x in hands], dtype=np.uint64)
        if h.shape != (4,):
            raise ValueError("a position has 4 hands")
        sizes = {bin(int(x)).count("1") for x in h}
        if len(sizes) != 1:
            raise ValueError("hands have unequal sizes")
        k = sizes.pop()
        if not 0 <= int(leader) <= 3:
            raise ValueError(f"leader seat {leader} out of range 0..3")
        if not 1 <= first_trick <= self.n_tricks - k + 1:
            raise ValueError(f"first trick {first_trick} out of range 1..{self.n_tricks - k + 1}"
                             f" for {k} cards per hand")
        return h, k

    def _run(self, h, leader, first_trick, goal_arr, classes, hold, pair, lo, hi,
             trick_prefix=(), p_count=0):
        r = self.play_rules
        pairmask = np.array([int(p) == int(pair) for p in r.pair_of], dtype=np.bool_)
        unplayed = np.uint64(0)
        for x in h:
            unplayed |= x
        for i, c in enumerate(trick_prefix):
            self.tc[first_trick - 1, i] = c
            unplayed |= np.uint64(1) << np.uint64(c)
        return int(_solve(h, pairmask, r.record(), goal_arr, classes, hold, self.n_tricks,
                          self._table(), int(leader), first_trick - 1, len(trick_prefix),
                          unplayed, p_count, 0, lo, hi))

    def _table(self) -> tuple:
        """This solver's arrays as a kernel's ``TABLE_RECORD``."""
        t = self.tables
        return (t.tt_keys[0], t.tt_stamp[0], t.tt_bits, self.ctx, self.moves, self.tc)

    def max_tricks(self, hands, leader: int = 0, first_trick: int = 1, pair: int = 0) -> int:
        """Most of the remaining tricks pair ``pair`` can force, all cards visible.

        hands: 4 bit masks in seat order (equal sizes); leader: seat leading the current
        trick; first_trick: absolute 1-based number of that trick. Raises ``ValueError``."""
        h, k = self._check(hands, leader, first_trick)
        goal = tricks_goal(0).pack()
        return self._run(h, leader, first_trick, goal, self._plain_classes, self._no_hold,
                         pair, 0, k)

    def solve_goal(self, hands, leader: int, first_trick: int, goal: Goal, pair: int = 0,
                   hold=None) -> bool:
        """Can pair ``pair`` force ``goal`` from this position (all cards visible)?

        hold: optional (n_cards,) int8, the earliest trick (1-based) at which the pair may
        play each card (Gerots obligatory play); 0 = no restriction."""
        h, _ = self._check(hands, leader, first_trick)
        if goal.impossible:
            return False
        hold_arr = self._no_hold if hold is None else np.asarray(hold, dtype=np.int8)
        classes = goal.card_classes(self.play_rules.n_cards, None if hold is None else hold_arr)
        check_key_fits(self.play_rules.n_cards, len(self.play_rules.suit_masks), classes)
        t = goal.min_tricks
        return self._run(h, leader, first_trick, goal.pack(), classes, hold_arr, pair,
                         t, t) == t

    def check_position(self, hands, leader: int, first_trick: int,
                       trick=()) -> tuple[np.ndarray, np.ndarray, int]:
        """``check_position`` with this solver's rules."""
        return check_position(self.play_rules, hands, leader, first_trick, trick)

    def _values(self, h, leader, first_trick, pre, n_played, goal_arr, classes, hold, pair,
                target, p_count=0, prog=0) -> dict[int, int]:
        r = self.play_rules
        pairmask = np.array([int(p) == int(pair) for p in r.pair_of], dtype=np.bool_)
        out = np.zeros(r.n_cards, dtype=np.int64)
        _card_values(h, pairmask, r.record(), goal_arr, classes, hold, self.n_tricks,
                     self._table(), int(leader), first_trick - 1, pre, n_played, int(target),
                     int(p_count), int(prog), out)
        return {c: int(v) for c, v in enumerate(out) if v != NOT_LEGAL}

    def card_values(self, hands, leader: int, first_trick: int, trick=(),
                    pair: int = 0) -> dict[int, int]:
        """Every legal card of the seat to play, valued: card id → the tricks pair ``pair``
        takes from the current trick (included) to the last if that card is played and the
        rest is played double dummy (DDS ``SolveBoard``'s every-card mode; one table shared
        by the cards' searches).

        hands: a bit mask per seat, the hands now (see ``check_position``); leader: the seat
        that led (or leads) the current trick; first_trick: its absolute 1-based number;
        trick: the card ids already played to it, the leader's first. Raises ``ValueError``
        (``check_position``)."""
        h, pre, _ = self.check_position(hands, leader, first_trick, trick)
        return self._values(h, leader, first_trick, pre, len(tuple(trick)),
                            tricks_goal(0).pack(), self._plain_classes, self._no_hold, pair,
                            -1)

    def card_goals(self, hands, leader: int, first_trick: int, goal: Goal, trick=(),
                   pair: int = 0, hold=None, history=()) -> dict[int, bool]:
        """Every legal card of the seat to play: card id → can pair ``pair`` still force
        ``goal`` (counted from the current trick, included) if that card is played?

        Arguments as ``card_values``; hold as ``solve_goal`` takes it (Gerots obligatory
        play of the searching pair). A card of the searching pair that the goal's
        obligations forbid while it holds another legal card (a held card, a lead outside
        the lead rule) is ``False``: the obligation is broken. history: the tricks played
        before the current one that the goal judges too, ``[(leader, [cards in play
        order]), …]`` ending with trick ``first_trick - 1`` (``score_history``). Raises
        ``ValueError`` (``check_position``, ``check_key_fits``, ``score_history``)."""
        h, pre, _ = self.check_position(hands, leader, first_trick, trick)
        hold_arr = self._no_hold if hold is None else np.require(hold, np.int8, ("C", "W"))
        if goal.impossible:
            return {c: False for c in self._values(
                h, leader, first_trick, pre, len(tuple(trick)), tricks_goal(0).pack(),
                self._plain_classes, self._no_hold, pair, 0)}
        classes = goal.card_classes(self.play_rules.n_cards, None if hold is None else hold_arr)
        check_key_fits(self.play_rules.n_cards, len(self.play_rules.suit_masks), classes)
        ok, p_count, prog = score_history(self.play_rules, goal, pair, first_trick, history)
        v = self._values(h, leader, first_trick, pre, len(tuple(trick)), goal.pack(),
                         classes, hold_arr, pair, goal.min_tricks, p_count, prog)
        return {c: bool(x) and ok for c, x in v.items()}


def check_position(play_rules: PlayRules, hands, leader: int, first_trick: int,
                   trick=()) -> tuple[np.ndarray, np.ndarray, int]:
    """Check a position that may be in the middle of a trick; returns ``(hands (seats,)
    uint64, trick (4,) int64 padded with -1, cards the seat to play holds)``.

    hands: a bit mask per seat, the hands now: the seats that played to the current
    trick (``trick``, the leader's card first) hold one card fewer than the others;
    first_trick: absolute 1-based number of the current trick. Raises ``ValueError`` for
    a trick of a full round of cards or more, a card of the trick still in a hand or
    played twice, a card that did not follow the rules of play (``legal_cards`` of the
    hand it came from), hand sizes that do not fit the trick, a seat or trick number
    out of range."""
    r = play_rules
    seats = len(r.pair_of)
    n_tricks = r.n_cards // seats
    h = np.array([int(x) for x in hands], dtype=np.uint64)
    if h.shape != (seats,):
        raise ValueError(f"a position has {seats} hands")
    if not 0 <= int(leader) < seats:
        raise ValueError(f"leader seat {leader} out of range 0..{seats - 1}")
    tr = [int(c) for c in trick]
    if len(tr) >= seats:
        raise ValueError(f"a trick in progress has at most {seats - 1} cards, got {len(tr)}")
    if len(set(tr)) != len(tr) or any(not 0 <= c < r.n_cards for c in tr):
        raise ValueError(f"the trick's cards {tr} are not distinct card ids")
    everything = 0
    for x in h:
        everything |= int(x)
    for c in tr:
        if everything >> c & 1:
            raise ValueError(f"card {r.card_names[c]} is on the table and in a hand")
    sizes = [bin(int(x)).count("1") for x in h]
    k = sizes[(int(leader) + len(tr)) % seats]
    want = [k - 1 if (s - int(leader)) % seats < len(tr) else k for s in range(seats)]
    if sizes != want:
        raise ValueError(f"hand sizes {sizes} do not fit a trick with {len(tr)} card(s) "
                         f"on the table led by seat {leader}: expected {want}")
    if k < 1:
        raise ValueError("the seat to play holds no card")
    if not 1 <= first_trick <= n_tricks - k + 1:
        raise ValueError(f"first trick {first_trick} out of range 1..{n_tricks - k + 1}"
                         f" for {k} cards in the hand to play")
    for i, c in enumerate(tr):
        s = (int(leader) + i) % seats
        if c not in legal_cards(int(h[s]) | 1 << c, tr[:i], r):
            raise ValueError(f"card {r.card_names[c]} of seat {s} did not follow the "
                             "rules of play")
    pre = np.full(4, -1, dtype=np.int64)
    pre[:len(tr)] = tr
    return h, pre, k


def score_history(play_rules: PlayRules, goal: Goal, pair: int, first_trick: int,
                  history=()) -> tuple[bool, int, int]:
    """The goal over the tricks played before trick ``first_trick``: ``history``, ``[(leader
    seat, [cards in play order]), …]``, the last being trick ``first_trick - 1``. Returns
    ``(ok, counted tricks the pair won, progress bits)``; ``ok`` is false once a trick
    broke a clause (then no play can make the goal). Raises ``ValueError`` for a trick of
    another size or one numbered before trick 1."""
    seats = len(play_rules.pair_of)
    history = list(history)
    start = first_trick - len(history)
    if not history:
        return True, 0, 0
    if start < 1:
        raise ValueError(f"{len(history)} tricks cannot come before trick {first_trick}")
    tc = np.zeros((MAX_TRICKS, 4), dtype=np.int64)
    leaders = np.zeros(MAX_TRICKS, dtype=np.int64)
    for i, (ld, cards) in enumerate(history):
        if len(cards) != seats:
            raise ValueError(f"trick {start + i} of the history has {len(cards)} cards, not "
                             f"{seats}")
        tc[start - 1 + i, :seats] = cards
        leaders[start - 1 + i] = int(ld)
    pairmask = np.array([int(p) == int(pair) for p in play_rules.pair_of], dtype=np.bool_)
    ok, p_count, prog = _score_history(tc, leaders, start - 1, len(history), pairmask,
                                       play_rules.suit_of, play_rules.trump, goal.pack(),
                                       play_rules.n_cards // seats)
    return bool(ok), int(p_count), int(prog)


def kernels_compiled() -> bool | None:
    """Does numba's cache hold the one-position search of ``Solver`` compiled from this
    source for a call from Python (``jit.direct_call_cached``: the copy inside the parallel
    search does not serve it)? ``None`` if that cannot be told. Only for a "compiling"
    note."""
    return direct_call_cached(_solve)


def legal_cards(hand: int, trick: list[int], play_rules: PlayRules) -> list[int]:
    """Legal cards (ids, ascending) of ``hand`` when ``trick`` (cards so far) is on the table."""
    h = np.uint64(hand)
    led = trick[0] if trick else -1
    r = play_rules
    m = int(_legal(h, led, r.suit_masks, r.suit_of, r.trump, r.must_trump))
    return [c for c in range(r.n_cards) if m >> c & 1]


def trick_winner(cards: list[int], leader: int, play_rules: PlayRules) -> int:
    """Seat that wins a complete trick of 4 ``cards`` led by ``leader``."""
    w, pos = cards[0], 0
    for i, c in enumerate(cards[1:], 1):
        if _beats(c, w, play_rules.suit_of, play_rules.trump):
            w, pos = c, i
    return (leader + pos) & 3


def optimal_line(solver: Solver, hands, leader: int = 0, first_trick: int = 1,
                 pair: int = 0) -> list[tuple[int, list[int], int]]:
    """One optimal line of play, trick by trick: ``[(leader, [4 cards in play order],
    winner), …]``. Each player keeps the value (tricks for ``pair``) of the position
    (``Solver.card_values``); among equally good cards the lowest-id legal card is chosen."""
    rules = solver.play_rules
    h, k = solver._check(hands, leader, first_trick)
    hands = [int(x) for x in h]
    line = []
    for t in range(first_trick, first_trick + k):
        trick: list[int] = []
        for pos in range(4):
            seat = (leader + pos) & 3
            mine = int(rules.pair_of[seat]) == int(pair)
            values = solver.card_values(hands, leader, t, trick, pair)
            best_v = max(values.values()) if mine else min(values.values())
            best_c = min(c for c, v in values.items() if v == best_v)
            trick.append(best_c)
            hands[seat] &= ~(1 << best_c)
        w = trick_winner(trick, leader, rules)
        line.append((leader, trick, w))
        leader = w
    return line
