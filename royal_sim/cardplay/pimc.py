"""A deal played out at the table: each seat chooses its cards by perfect-information Monte
Carlo (PIMC, GIB's card play, as ben and skatsearch play): at each decision, worlds drawn from
what the seat has seen (``worlds.WorldSampler``: its hand, the play so far, the voids shown,
the dealing rules and the card facts of the bids heard), every legal card valued double
dummy in each world, and the card of the best mean objective played (``decide``). Beside it,
the same deal double dummy, so that each bid's result at the table is read against the
double-dummy one on the same deal (``docs/play.md#play-at-the-table``).

- An ending (a position after trick 1) is played from its start, its worlds the splits of
  the cards in play (``_EndingWorlds``).
- A seat with one legal card plays it without a search.
- A seat of a pair that plays double dummy (``open=True``: every seat) decides on the one true
  world: the double-dummy line, so an open game keeps ``solve``'s value on every deal.
- Obligatory play (Gerots, ``docs/rules.md#obligations``) is obeyed: while a bid of the
  mover's pair is live (not yet failed over the tricks played), the cards it announces are
  kept to their trick and the pair's leader of a target trick leads as the bid asks
  (``obliged_cards``, the engine's restriction of the bidding pair).
- The bids each seat has heard enter its worlds: the other pair's bids as an opponent's, its
  own pair's that announce a card the seat was not dealt as its partner's
  (``sampling.bids.bid_constraints``). Facts the true deal contradicts (a bid that could not
  have been made) are dropped for that seat, the opponents' first.
- Deterministic for a seed: the worlds of decision k are drawn from ``seed * 64 + k``
  (modulo 2**64).
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from .. import slems as S
from ..analysis.request import check_rules
from ..engine.solver import legal_cards, score_history, trick_winner
from ..errors import ConstraintError, RoyalSimError
from ..model import cards as C
from ..analysis.position import next_trick
from ..model.deal import SEATS, Deal, Pair, Seat, parse_seat
from ..tarokk import TAROKK_PLAY
from .decide import objective, rank, value_worlds
from .position import Position
from .record import GameRecord
from .review import Review, review_record
from .values import card_values
from .worlds import WorldSampler, shown_absent

__all__ = ["BidResult", "PlayedTrick", "TableGame", "obliged_cards", "play_deal"]

WORLDS = 20
"""Worlds a decision is valued over by default (GIB and ben use 20–100)."""


@dataclass(frozen=True)
class PlayedTrick:
    """One trick of the game: ``leader``, ``cards`` in play order from the leader,
    ``winner``."""

    leader: Seat
    cards: tuple[int, ...]
    winner: Seat

    def to_json(self) -> dict:
        return {"leader": self.leader.name, "cards": [C.format_card(c) for c in self.cards],
                "winner": self.winner.name}


@dataclass(frozen=True)
class BidResult:
    """An announced bid of ``pair``: ``double_dummy`` (the pair forces it on the deal with
    every card seen) and ``table`` (made in the game played)."""

    pair: Pair
    bid: str
    double_dummy: bool
    table: bool

    def to_json(self) -> dict:
        return {"pair": self.pair.label, "bid": self.bid, "double_dummy": self.double_dummy,
                "table": self.table}


@dataclass(frozen=True)
class TableGame:
    """One deal played out (``play_deal``): ``record`` (the deal, the bids, the cards),
    ``tricks`` (``PlayedTrick``), ``result`` (tricks each pair took, by pair label),
    ``double_dummy`` (tricks each pair forces with every card seen), ``bids`` (``BidResult``
    per announced bid), ``review`` (every card's cost against double dummy, or ``None``),
    ``worlds`` (per decision), ``seed``, ``pimc`` (the pairs that played PIMC), ``decisions``
    (cards chosen by a search; the others were the only legal card), ``seconds``."""

    record: GameRecord
    tricks: list[PlayedTrick]
    result: dict[str, int]
    double_dummy: dict[str, int]
    bids: list[BidResult]
    review: Review | None
    worlds: int
    seed: int
    pimc: tuple[Pair, ...]
    decisions: int
    seconds: float

    def costly_cards(self) -> list:
        """The reviewed cards that cost their pair tricks or a bid against double dummy."""
        return [] if self.review is None else [
            c for c in self.review.cards if c.cost or c.bids]

    def to_json(self) -> dict:
        """``{"tricks": [{"leader", "cards", "winner"}…], "result": {"attack", "defence"},
        "double_dummy": {…}, "bids": [{"pair", "bid", "double_dummy", "table"}…],
        "costly_cards": [review cards…], "totals", "record", "worlds", "seed", "pimc",
        "decisions", "seconds"}``: what ``royal-sim play --json`` prints."""
        out = {"tricks": [t.to_json() for t in self.tricks], "result": dict(self.result),
               "double_dummy": dict(self.double_dummy),
               "bids": [b.to_json() for b in self.bids],
               "record": self.record.format(one_line=True), "worlds": self.worlds,
               "seed": self.seed, "pimc": [p.label for p in self.pimc],
               "decisions": self.decisions, "seconds": round(self.seconds, 3)}
        if self.review is not None:
            rv = self.review.to_json()
            out["costly_cards"] = [c.to_json() for c in self.costly_cards()]
            out["totals"] = rv["totals"]
        return out


def obliged_cards(hand: int, trick: Sequence[int], trick_number: int, live: Sequence) -> int:
    """The legal cards (bit mask) the Gerots obligatory play of the ``live`` bids (``Bid``s of
    the mover's pair not yet failed) allows from ``hand`` with ``trick`` on the table in trick
    ``trick_number`` (1-based): an announced card is kept to its trick while another legal
    card exists; the leader of a target trick leads from the suit (or the lower tarokks) the
    bid asks, when holding one (``slems.held_until``, ``slems.gerots_leads``; the engine's
    restriction of the bidding pair, ``engine.kernel.cards``)."""
    allowed = C.mask_of(legal_cards(hand, list(trick), TAROKK_PLAY))
    for bid in live:
        held = sum(1 << c for c, t in S.held_until(bid.slem, bid.param).items()
                   if t > trick_number)
        if allowed & ~held:
            allowed &= ~held
        if not trick:
            lead = S.gerots_leads(bid.slem, bid.param).get(trick_number, 0)
            if allowed & lead:
                allowed &= lead
    return allowed


def _live(bids: Sequence, start: Sequence[int], pair: Pair, first: int, history) -> list:
    """The bids of ``pair`` not yet failed over the tricks of ``history`` (the goal compiled
    on the hands ``start`` of trick ``first``, judged by ``engine.solver.score_history``)."""
    out = []
    for b in bids:
        goal = S.compile_goal(b.slem, b.param, list(start), pair, first)
        if goal is None or goal.impossible:
            continue
        ok, _, _ = score_history(TAROKK_PLAY, goal, int(pair), first + len(history), history)
        if ok:
            out.append(b)
    return out


class _Seer:
    """One PIMC seat's worlds: the bid facts it reads (``module doc``) fixed at its first
    decision, the sampler rebuilt at each."""

    def __init__(self, seat: Seat, dealt_hand: int, bids: dict[Pair, tuple]):
        own = bids[seat.pair]
        self.partner = tuple(b for b in own
                             if S.card_facts(b.slem, b.param)[1] & ~dealt_hand)
        self.opponent = tuple(bids[seat.pair.other])
        self.seat = seat
        self.facts: tuple | None = None

    def sampler(self, hand: int, played) -> WorldSampler:
        tries = ([self.facts] if self.facts is not None else
                 [(self.partner, self.opponent), (self.partner, ()), ((), ())])
        for partner, opponent in tries:
            try:
                s = WorldSampler(self.seat, hand, played, partner_bids=partner,
                                 opponent_bids=opponent)
            except ConstraintError:
                continue
            self.facts = (partner, opponent)
            return s
        raise ConstraintError(f"{self.seat.name}: no world fits the play")  # not expected


MAX_LISTED = 20_000
"""An ending's worlds are listed (then all used when at most ``worlds``) when the hidden
cards split among the other seats in at most this many ways; above, drawn by rejection."""


class _EndingWorlds:
    """One seat's worlds in an ending (a position after trick 1, its earlier play unknown):
    the cards in play are known to every seat, so a world is a split of the cards the seat
    does not hold among the other seats in their hand sizes, every seat keeping the cards it
    played in the ending and none its plays showed absent (``worlds.shown_absent``), uniform
    over those splits (the ending carries no dealing facts)."""

    def __init__(self, seat: Seat, start: Sequence[int]):
        self.seat, self.start = seat, tuple(start)

    def worlds(self, hand: int, plays: Sequence[tuple[Seat, int, tuple]], n: int,
               seed: int) -> tuple[np.ndarray, np.ndarray]:
        """(now, start): (m, seats) hands now and at the ending's start; all splits when at
        most ``n`` (and they are listed), else ``n`` drawn uniformly (with replacement)."""
        others = [s for s in SEATS if s != self.seat]
        played = {s: 0 for s in SEATS}
        absent = {s: 0 for s in SEATS}
        for s, c, before in plays:
            played[s] |= 1 << c
            absent[s] |= shown_absent(c, before)
        hidden = [c for s in others for c in C.iter_bits(self.start[s] & ~played[s])]
        need = [C.popcount(self.start[s]) - C.popcount(played[s]) for s in others]
        rng = np.random.default_rng(seed)
        splits = self._listed(hidden, need, others, absent)
        if splits is not None:
            if not splits:
                raise ConstraintError(f"{self.seat.name}: no split of the ending fits the play")
            if len(splits) > n:
                splits = [splits[i] for i in rng.integers(0, len(splits), n)]
        else:
            splits = []
            cards = np.array(hidden)
            for _ in range(10_000 * n):
                perm = rng.permutation(cards)
                split, at = [], 0
                for s, k in zip(others, need):
                    m = C.mask_of(int(c) for c in perm[at:at + k])
                    at += k
                    split.append(m)
                if all(not m & absent[s] for s, m in zip(others, split)):
                    splits.append(split)
                    if len(splits) == n:
                        break
            if len(splits) < n:
                raise ConstraintError(f"{self.seat.name}: too few splits of the ending fit "
                                      "the play")
        now = np.zeros((len(splits), len(SEATS)), dtype=np.uint64)
        now[:, int(self.seat)] = hand
        for i, split in enumerate(splits):
            for s, m in zip(others, split):
                now[i, int(s)] = m
        start = now | np.array([played[s] for s in SEATS], dtype=np.uint64)[None, :]
        start[:, int(self.seat)] = self.start[self.seat]
        return now, start

    @staticmethod
    def _listed(hidden, need, others, absent) -> list | None:
        ways = math.factorial(len(hidden))
        for k in need:
            ways //= math.factorial(k)
        if ways > MAX_LISTED:
            return None
        out = []

        def walk(left: list[int], i: int, acc: list[int]) -> None:
            if i == len(others) - 1:
                m = C.mask_of(left)
                if not m & absent[others[i]]:
                    out.append(acc + [m])
                return
            for combo in itertools.combinations(left, need[i]):
                m = C.mask_of(combo)
                if m & absent[others[i]]:
                    continue
                walk([c for c in left if not m >> c & 1], i + 1, acc + [m])

        walk(list(hidden), 0, [])
        return out


def _pairs(x) -> tuple[Pair, ...]:
    if x is None:
        return ()
    if isinstance(x, (Pair, str)):
        x = (x,)
    return tuple(p if isinstance(p, Pair) else Pair[str(p).upper()] for p in x)


def play_deal(deal, *, bids: dict[Pair, Sequence] | None = None, worlds: int = WORLDS,
              seed: int = 0, rules: str = "gerots", igazitas: bool = True,
              open: bool = False, double_dummy: Sequence[Pair] | Pair | None = None,
              leader: Seat | int | str = Seat.A_IND, first_trick: int | None = None,
              review: bool = True,
              progress: Callable[[int, int], None] | None = None) -> TableGame:
    """Play ``deal`` out with PIMC seats (module doc).

    deal: a ``Deal`` or the four hands (bit masks): a full deal (``A_IND`` leads trick 1;
    the seats' worlds are drawn by ``worlds.WorldSampler``) or an ending (``leader`` leads
    trick ``first_trick``, as ``solve`` takes it; the worlds are the splits of the cards in
    play, ``_EndingWorlds``, and the bids are judged from the ending's start); bids: pair →
    the bids it announced (``slems.Bid`` or keys such as ``ultimo:I``); worlds: per decision
    (all consistent worlds when at most that many); seed: 0 ≤ seed < 2**64; rules /
    igazitas: the scoring the seats play for (``decide.objective``) and the obligations;
    open: every seat sees every hand (the game is then ``solve``'s line); double_dummy: the
    pair(s) that see every hand while the others play PIMC (the benchmarks' split); review:
    also review every card double dummy (``review.review_record``); progress: called with
    (cards played, cards of the game).

    Returns ``TableGame``. Raises ``RoyalSimError`` (``DealError``, ``BidError``) for a bad
    deal, bid, rule set, leader, first trick, ``worlds`` or ``seed``."""
    check_rules(rules)
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise RoyalSimError(f"worlds must be a positive whole number, got {worlds!r}",
                            argument="worlds")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) \
            or not 0 <= seed < 2 ** 64:
        raise RoyalSimError(f"seed must be a whole number 0 .. 2**64-1, got {seed!r}",
                            argument="seed")
    t0 = time.perf_counter()
    dealt = Deal(tuple(int(h) for h in getattr(deal, "hands", deal)))
    dealt.check_dealing_rules()
    lead = Seat(leader) if isinstance(leader, (int, np.integer)) else parse_seat(leader)
    first = next_trick(dealt.hands, first_trick, lead)
    full = first == 1
    bids = {p: tuple(b if isinstance(b, S.Bid) else S.Bid.parse(str(b))
                     for b in (bids or {}).get(p, ())) for p in Pair}
    seeing = set(Pair) if open else set(_pairs(double_dummy))
    n_seats = len(SEATS)
    hands = list(dealt.hands)
    start_arr = np.array([dealt.hands], dtype=np.uint64)
    seers = {s: _Seer(s, dealt.hands[s], bids) if full else _EndingWorlds(s, dealt.hands)
             for s in SEATS if s.pair not in seeing}
    played: list[tuple[Seat, int]] = []         # the game's cards, for the world samplers
    plays: list[tuple[Seat, int, tuple]] = []   # the same with the trick before each card
    history: list[tuple[int, list[int]]] = []
    tricks: list[PlayedTrick] = []
    trick: list[int] = []
    n_cards = sum(C.popcount(h) for h in dealt.hands)
    decisions = 0
    for k in range(n_cards):
        trick_number = first + len(history)
        seat = SEATS[(int(lead) + len(trick)) % n_seats]
        pair = seat.pair
        live = _live(bids[pair], dealt.hands, pair, first, history) \
            if rules == "gerots" else []
        allowed = obliged_cards(hands[seat], trick, trick_number, live)
        cards = list(C.iter_bits(allowed))
        if len(cards) == 1:
            card = cards[0]
        else:
            decisions += 1
            wseed = (int(seed) * 64 + k) % 2 ** 64     # (seeds 2**58 apart: the same game)
            if pair in seeing:
                now, then = np.array([hands], dtype=np.uint64), start_arr
            elif full:
                w = seers[seat].sampler(hands[seat], played).worlds(int(worlds), wseed)
                now, then = w.hands, w.dealt
            else:
                now, then = seers[seat].worlds(hands[seat], plays, int(worlds), wseed)
            values = value_worlds(now, then, int(lead), trick_number, trick, bids, rules,
                                  history)
            value = objective(values, pair, bids, rules, igazitas)
            order = [i for i in rank(value, values.cards) if allowed >> values.cards[i] & 1]
            card = values.cards[order[0]]
        played.append((seat, card))
        plays.append((seat, card, tuple(trick)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == n_seats:
            winner = Seat(trick_winner(trick, int(lead), TAROKK_PLAY))
            tricks.append(PlayedTrick(lead, tuple(trick), winner))
            history.append((int(lead), list(trick)))
            lead, trick = winner, []
        if progress is not None:
            progress(k + 1, n_cards)
    record = GameRecord.of(dealt, [c for _, c in played], leader=tricks[0].leader,
                           first_trick=first, bids=bids, rules=rules)
    result = {p.label: sum(t.winner.pair is p for t in tricks) for p in Pair}
    any_bid = any(bids.values())
    start = card_values(Position(dealt.hands, tricks[0].leader, first, ()), rules=rules,
                        slems=any_bid, bids=bids).position_result()
    results = []
    if any_bid:
        end = card_values(_end_position(tricks, first), rules=rules, bids=bids,
                          history=history[:-1]).cards[0]
        results = [BidResult(p, b.key, bool(start.slems[p.label].get(b.key, False)),
                             b.key in end.slems[p.label]) for p in Pair for b in bids[p]]
    rv = review_record(record, rules=rules) if review else None
    return TableGame(record, tricks, result,
                     {p.label: start.tricks(p) for p in Pair}, results, rv, int(worlds),
                     int(seed), tuple(p for p in Pair if p not in seeing), decisions,
                     time.perf_counter() - t0)


def _end_position(tricks: Sequence[PlayedTrick], first: int) -> Position:
    """The position of the game's last card: the last trick with all but its last card on
    the table, the last seat holding that card (its value there is the game's outcome)."""
    last = tricks[-1]
    n = len(last.cards)
    hands = [0] * n
    hands[(int(last.leader) + n - 1) % n] = 1 << last.cards[-1]
    return Position(tuple(hands), last.leader, first + len(tricks) - 1,
                    tuple(last.cards[:-1]))
