"""Worlds from one seat's view: the deals consistent with what one player knows at a point of
play, drawn uniformly or, when they are few, all of them.

Source rule: ``docs/rules.md#seats-and-dealing`` (XX to ``A_IND``, XIX to ``A_ELF``, ≥ 3 tarokks
in every dealt hand; ``spec/royal-tarokk.md`` §2), ``docs/rules.md#play`` (follow suit, else a
tarokk; the legality the engine applies: ``engine.solver.legal_cards`` with ``TAROKK_PLAY``),
``docs/rules.md#announcements`` (heard announcements as evidence) and the card facts of the
bids heard (``sampling.bids.bid_constraints``, as ``advise`` uses them). How worlds are drawn, for
players: ``docs/worlds.md``.

The reduction. A world is a deal as it was dealt (four 10-card hands) together with the record
of play; the holdings now are the dealt hands minus the cards each seat played. The record
fixes, for each seat, the cards it played (so its dealt hand holds them) and, at each of its
plays, the cards it cannot have held then (the cards whose presence would have made its card
illegal, derived from ``legal_cards``; see ``shown_absent``). A card a seat could not hold at
trick t and did not play before t is a card its dealt hand does not hold. So the worlds are
exactly the full deals in which the observer's dealt hand is its hand now plus its played cards,
every other seat holds its played cards and none of the cards its plays showed absent, and
the dealing rules, the given constraints, the heard announcements and the bids' card facts
hold. That is a plain ``Constraints`` problem of the deal sampler on the dealt hands, and the
map dealt → now (minus the played cards) is one-to-one for a fixed record, so drawing dealt
hands uniformly from the sampler (exact: ``sampling.sampler``, ``sampling.evidence``) draws
the worlds uniformly. No sampler of hands of unequal sizes is needed: a seat that already
played to the current trick simply has one more known card in its dealt hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from ..engine.play_rules import PlayRules
from ..engine.solver import legal_cards, trick_winner
from ..errors import ConstraintError, DealError, RoyalSimError
from ..model import cards as C
from ..model.deal import FIXED_CARD, HAND_SIZE, MIN_TAROKKS, SEATS, Seat, check_hand, parse_seat
from ..sampling.bids import bid_constraints
from ..sampling.constraints import Constraints
from ..sampling.enumeration import enumerate_evidence, enumeration_size
from ..sampling.evidence import EvidenceSampler
from ..slems import Bid
from ..tarokk import TAROKK_PLAY

__all__ = ["MAX_ENUMERATED", "Play", "WorldSampler", "Worlds", "replay", "shown_absent",
           "worlds"]

MAX_ENUMERATED = 100_000
"""``worlds`` returns every consistent world, each once, when there are at most ``n`` of them
and walking them takes at most this many deals; above, it samples."""


@dataclass(frozen=True)
class Play:
    """One card of the record: ``trick`` (1-based), ``position`` in the trick (0 = the lead),
    ``seat``, ``card`` (id) and ``before`` (the cards already in the trick, the lead first)."""

    trick: int
    position: int
    seat: int
    card: int
    before: tuple[int, ...]

    def describe(self) -> str:
        """``trick 3: D_ELF's HK``."""
        return f"trick {self.trick}: {SEATS[self.seat].name}'s {C.format_card(self.card)}"


def _seat(value, argument: str) -> int:
    try:
        if isinstance(value, (str, Seat)):
            return int(parse_seat(value))
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) \
                and 0 <= value < len(SEATS):
            return int(value)
    except DealError as e:
        raise DealError(str(e), argument=argument) from None
    raise DealError(f"{argument}: not a seat: {value!r}", argument=argument)


def _card(value, n_cards: int) -> int:
    if isinstance(value, str):
        try:
            return C.parse_card(value)
        except RoyalSimError as e:
            raise type(e)(f"played: {e}", argument="played") from None
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) \
            and 0 <= value < n_cards:
        return int(value)
    raise ConstraintError(f"played: not a card: {value!r}", argument="played")


def replay(played: Iterable, leader: int = 0, play_rules: PlayRules = TAROKK_PLAY
           ) -> tuple[list[Play], int, tuple[int, ...], int]:
    """The record ``played`` (``(seat, card)`` pairs in play order; seats as ``Seat``, index or
    name, cards as ids or notation) read into tricks: trick 1 led by ``leader``, each trick's
    winner (``trick_winner`` under ``play_rules``) leading the next; as many seats as ``SEATS``.

    Returns ``(plays, leader_now, trick_now, trick_number)``: the ``Play``s, the leader of the
    current trick, the cards already played to it (a tuple, empty at a trick start) and its
    number (1-based; ``N_TRICKS + 1`` after the last trick). Only the trick structure is
    checked here, not what the cards say of the hands.

    :raises ConstraintError: (``argument="played"``) a card played twice, a card out of turn,
        more cards than the game has, or a pair that is not ``(seat, card)``.
    :raises DealError: a bad seat. :raises CardError: bad card notation.
    """
    n_seats = len(SEATS)
    plays: list[Play] = []
    trick: list[int] = []
    seen = 0
    number = 1
    for i, item in enumerate(played):
        try:
            seat_v, card_v = item
        except (TypeError, ValueError):
            raise ConstraintError(f"played[{i}]: expected a (seat, card) pair, got {item!r}",
                                  argument="played") from None
        seat, card = _seat(seat_v, "played"), _card(card_v, play_rules.n_cards)
        if number > HAND_SIZE:
            raise ConstraintError(f"played: more than {HAND_SIZE} tricks of cards",
                                  argument="played")
        to_play = (leader + len(trick)) % n_seats
        name = C.format_card(card)
        if seat != to_play:
            raise ConstraintError(f"trick {number}: {SEATS[seat].name} played {name}, but "
                                  f"{SEATS[to_play].name} was to play", argument="played")
        if seen >> card & 1:
            raise ConstraintError(f"trick {number}: {SEATS[seat].name} played {name}, "
                                  "which was already played", argument="played")
        seen |= 1 << card
        plays.append(Play(number, len(trick), seat, card, tuple(trick)))
        trick.append(card)
        if len(trick) == n_seats:
            leader = (leader + trick_winner(trick, 0, play_rules)) % n_seats
            trick = []
            number += 1
    return plays, leader, tuple(trick), number


def shown_absent(card: int, before: Sequence[int],
                 play_rules: PlayRules = TAROKK_PLAY) -> int:
    """Mask of the cards a seat cannot have held when it played ``card`` to a trick holding
    ``before`` (the lead first): each card ``x`` such that ``card`` is not legal in the hand
    {``card``, ``x``} (``legal_cards`` under ``play_rules``). For the duties of
    ``docs/rules.md#play`` (follow suit, else a tarokk) a card is illegal in a hand exactly
    when one other card of the hand forbids it, so this is the whole of what the play shows: a seat that did not
    follow suit held none of the led suit; one that played neither the led suit nor a tarokk
    held no tarokk either.

    :raises ValueError: rules of play under which ``card`` is illegal even in the largest
        hand this allows (their duties are not of that kind, and voids cannot be read this way).
    """
    key = (int(card), tuple(int(c) for c in before))
    kept, memo = _ABSENT.get(id(play_rules), (None, None))
    if kept is not play_rules:
        memo = {}
        _ABSENT[id(play_rules)] = (play_rules, memo)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _shown_absent(card, before, play_rules)
    return got


_ABSENT: dict[int, tuple[PlayRules, dict]] = {}   # id(rules) → (rules, {(card, before): mask})


def _shown_absent(card: int, before: Sequence[int], play_rules: PlayRules) -> int:
    trick = list(before)
    out = 0
    for x in range(play_rules.n_cards):
        if x == card or x in trick:
            continue
        if card not in legal_cards((1 << card) | (1 << x), trick, play_rules):
            out |= 1 << x
    widest = ((1 << play_rules.n_cards) - 1) & ~out & ~sum(1 << c for c in set(trick))
    if card not in legal_cards(widest, trick, play_rules):
        raise ValueError(f"play_rules {play_rules.name!r}: the legality of "
                         f"{C.format_card(card)} is not decided card by card; shown voids "
                         "cannot be derived")
    return out


@dataclass(frozen=True, eq=False)
class Worlds:
    """Worlds drawn by ``worlds`` / ``WorldSampler``.

    ``hands``: (m, 4) uint64, row = one world, column = seat in play order, value = the bit
    mask of that seat's holding now (the observer's column is its hand in every row);
    ``dealt``: (m, 4) uint64, the same worlds as dealt (holdings plus the cards played);
    ``method``: ``"enumerated"`` (every consistent world, each exactly once, m = ``count``) or
    ``"sampled"`` (m = n worlds drawn uniformly, independently, with replacement);
    ``drawn_by``: the sampler's method (``"rejection"``, ``"exact"``, ``"cases:…"``; ``""``
    when enumerated); ``count``: the exact number of consistent worlds; ``seed``.
    The position now: ``leader`` (seat leading the current trick), ``trick`` (cards already
    played to it), ``trick_number`` (1-based), ``to_play`` (the seat to play).
    """

    hands: np.ndarray
    dealt: np.ndarray
    method: str
    drawn_by: str
    count: int
    seed: int
    leader: int
    trick: tuple[int, ...]
    trick_number: int
    to_play: int

    def __len__(self) -> int:
        return self.hands.shape[0]

    @property
    def enumerated(self) -> bool:
        return self.method == "enumerated"


def _bids(bids, argument: str) -> tuple[Bid, ...]:
    out = []
    for b in bids or ():
        if isinstance(b, str):
            try:
                b = Bid.parse(b)
            except RoyalSimError as e:
                raise type(e)(f"{argument}: {e}", argument=argument) from None
        if not isinstance(b, Bid):
            raise RoyalSimError(f"{argument}: not a bid: {b!r}", argument=argument)
        out.append(b)
    return tuple(out)


class WorldSampler:
    """The worlds consistent with what ``seat`` knows at a point of play, counted exactly at
    construction and drawn uniformly (``sample``), all listed (``enumerate``), or either as
    they are many or few (``worlds``).

    ``seat``: the observer (``Seat``, index or name); ``hand``: its holding now (bit mask or
    notation; 10 minus the cards it played); ``played``: the record, ``(seat, card)`` pairs in
    play order (see ``replay``); ``constraints``: facts about the dealt hands (as for
    ``analyze``: holds, not-holds, counts, voids); ``heard``: announcements heard from other
    seats (as ``sampling.evidence.EvidenceSampler``: ``Heard``s or ``SEAT:ANNOUNCEMENT``
    strings); ``partner_bids`` / ``opponent_bids``: bids heard from the observer's partner /
    the opponents (``Bid``s or keys such as ``ultimo:SK``), their card facts applied by
    ``sampling.bids.bid_constraints``; ``leader``: the seat leading trick 1 (``A_IND``);
    ``play_rules``: the engine's rules of play the record is judged by (``PlayRules``).

    Uniformity: every world is one full deal meeting a set of per-seat facts (module
    docstring), the sampler draws those deals exactly uniformly (``sampling.sampler``; with
    announcements, ``sampling.evidence``: disjoint parts drawn in proportion to their exact
    sizes), and subtracting the fixed played cards maps them one-to-one onto the worlds.

    Attributes: ``count`` (exact number of consistent worlds), ``dealt_hand`` (the observer's
    dealt hand), ``played_by`` (per seat, the mask of cards it played), ``not_held`` (per seat,
    the hidden cards its plays showed it was not dealt), ``plays`` (``Play``s), ``leader``,
    ``trick``, ``trick_number``, ``to_play`` (the position now), ``evidence`` (the
    ``EvidenceSampler`` of the dealt hands).

    :raises ConstraintError: when no deal fits, naming what is inconsistent: a card of the
        record that contradicts a card the same seat is known to have held then (a revoke), a
        fixed card (XX, XIX) played by another seat, the first card after which no deal fits
        the record, heard announcements or bids that contradict the record.
    :raises DealError: a bad seat, or a hand of the wrong size or that breaks the dealing
        rules together with the cards its seat played. :raises CardError: bad notation.
    """

    def __init__(self, seat, hand, played: Iterable = (), *,
                 constraints: Constraints | None = None, heard=(), partner_bids=(),
                 opponent_bids=(), leader=Seat.A_IND, play_rules: PlayRules = TAROKK_PLAY):
        self.seat = _seat(seat, "seat")
        self.play_rules = play_rules
        n_seats = len(SEATS)
        if isinstance(hand, str):
            hand = C.mask_of(C.parse_cards(hand))
        hand = int(hand)
        if hand < 0 or hand >> play_rules.n_cards:
            raise DealError("hand mask has bits outside the cards", argument="hand")
        self.hand = hand
        self.constraints = constraints if constraints is not None else Constraints()
        self.heard = (heard,) if isinstance(heard, str) else tuple(heard or ())
        self.partner_bids = _bids(partner_bids, "partner_bids")
        self.opponent_bids = _bids(opponent_bids, "opponent_bids")
        plays, self.leader, self.trick, self.trick_number = replay(
            played, _seat(leader, "leader"), play_rules)
        self.plays = plays
        self.to_play = (self.leader + len(self.trick)) % n_seats
        self._check_cards(n_seats)
        self._read_plays(n_seats)
        record = self._record_constraints(len(plays))
        bid_constraints(self.dealt_hand, Seat(self.seat), self.constraints,  # their own errors
                        self.partner_bids, self.opponent_bids)
        try:
            cons = bid_constraints(self.dealt_hand, Seat(self.seat), record,
                                   self.partner_bids, self.opponent_bids)
            self.evidence = EvidenceSampler(self.dealt_hand, Seat(self.seat), cons, self.heard,
                                            played=self.played_by[self.seat])
        except ConstraintError as e:
            raise self._diagnose(e) from None
        self.count: int = self.evidence.count
        """Exact number of consistent worlds."""

    # -- set-up and messages -------------------------------------------------------------

    def _check_cards(self, n_seats: int) -> None:
        """The record's cards against the hand and the fixed cards; the dealt hand."""
        hand, plays, me = self.hand, self.plays, SEATS[self.seat].name
        played_by = [0] * n_seats
        for p in plays:
            played_by[p.seat] |= 1 << p.card
            if hand >> p.card & 1:
                raise ConstraintError(f"{p.describe()} is in the hand of {me}",
                                      argument="played")
            for fseat, fcard in FIXED_CARD.items():
                if p.card == fcard and p.seat != fseat:
                    raise ConstraintError(f"{p.describe()}: {C.format_card(fcard)} is dealt "
                                          f"to {fseat.name} (docs/rules.md#seats-and-dealing)",
                                          argument="played")
        self.played_by = tuple(played_by)
        own = C.popcount(played_by[self.seat])
        if C.popcount(hand) != HAND_SIZE - own:
            raise DealError(f"hand of {me} has {C.popcount(hand)} cards, but {me} holds "
                            f"{HAND_SIZE - own} now ({HAND_SIZE} dealt, {own} played)",
                            argument="hand")
        self.dealt_hand = hand | played_by[self.seat]
        try:
            check_hand(self.dealt_hand, Seat(self.seat))
        except DealError as e:
            raise DealError(f"{me}'s hand with the cards it played: {e}",
                            argument="hand") from None

    def _read_plays(self, n_seats: int) -> None:
        """What each play shows: the cards its seat did not hold then (``_facts``,
        ``not_held``); a play that contradicts a card the seat is known to have held raises."""
        play_rules, plays, played_by = self.play_rules, self.plays, self.played_by
        known = list(played_by)
        known[self.seat] = self.dealt_hand
        hidden = ((1 << play_rules.n_cards) - 1) & ~self.dealt_hand
        for m in played_by:
            hidden &= ~m
        before = [0] * n_seats
        not_held = [0] * n_seats
        self._facts: list[tuple[int, int]] = []     # per play, (seat, hidden cards not held)
        for p in plays:
            absent = shown_absent(p.card, p.before, play_rules)
            clash = absent & known[p.seat] & ~before[p.seat]
            if clash:
                x = next(C.iter_bits(clash))
                later = next((q for q in plays if q.card == x), None)
                where = f"played in trick {later.trick}" if later else "in its hand"
                raise ConstraintError(f"{p.describe()} is not a legal card while holding "
                                      f"{C.format_card(x)} ({where})", argument="played")
            mask = absent & hidden
            before[p.seat] |= 1 << p.card
            if p.seat != self.seat:
                not_held[p.seat] |= mask
            self._facts.append((p.seat, mask))
        self.not_held = tuple(not_held)

    def _record_constraints(self, k: int | None) -> Constraints:
        """The given constraints with the cards each seat played (``k is None``: not even
        those) and what the first ``k`` plays showed it did not hold, on the dealt hands."""
        cons = self.constraints
        if k is None:
            return cons
        for j, m in enumerate(self.played_by):
            if j != self.seat and m:
                cons = cons.with_seat(j, holds=m)
        for seat, mask in self._facts[:k]:
            if seat != self.seat and mask:
                cons = cons.with_seat(seat, not_holds=mask)
        return cons

    def _others_played(self, seat: int) -> int:
        """Cards the other seats than ``seat`` played."""
        return sum(m for j, m in enumerate(self.played_by) if j != seat)

    def _diagnose(self, err: ConstraintError) -> ConstraintError:
        """The first thing no deal fits: the record card by card, then heard, then bids."""
        seat = Seat(self.seat)

        def fits(cons, heard=()) -> str | None:
            try:
                EvidenceSampler(self.dealt_hand, seat, cons, heard,
                                played=self.played_by[self.seat])
            except ConstraintError as e:
                return str(e)
            return None

        why = fits(self._record_constraints(None))
        if why:
            return ConstraintError(f"no deal fits the hand of {seat.name} and the "
                                   f"constraints: {why}")
        why = fits(self._record_constraints(0))
        if why:
            return ConstraintError(f"the cards played contradict the constraints: {why}",
                                   argument="played")
        for k in range(1, len(self.plays) + 1):
            why = fits(self._record_constraints(k))
            if why:
                p = self.plays[k - 1]
                where = p.describe()
                cons = self._record_constraints(k)[p.seat]
                most = C.popcount(C.TAROKKS & ~cons.not_holds & ~self.dealt_hand
                                  & ~self._others_played(p.seat))
                if p.seat != self.seat and most < MIN_TAROKKS:
                    why = (f"{SEATS[p.seat].name} then held no tarokk, so it was dealt at most "
                           f"{most} (those it played before); every hand holds at least "
                           f"{MIN_TAROKKS} (docs/rules.md#seats-and-dealing)")
                return ConstraintError(f"no deal fits the record up to {where}: {why}",
                                       argument="played")
        record = self._record_constraints(len(self.plays))
        if self.heard and (why := fits(record, self.heard)):
            return ConstraintError(f"the heard announcements contradict the record: {why}",
                                   argument="heard")
        if self.partner_bids or self.opponent_bids:
            return ConstraintError(f"the bids heard contradict the record: {err}")
        return err  # pragma: no cover - every fact was tried above

    # -- drawing -------------------------------------------------------------------------

    def _worlds(self, dealt: np.ndarray, method: str, drawn_by: str, seed: int) -> Worlds:
        played = np.array(self.played_by, dtype=np.uint64)
        return Worlds(hands=dealt & ~played[None, :], dealt=dealt, method=method,
                      drawn_by=drawn_by, count=self.count, seed=int(seed), leader=self.leader,
                      trick=self.trick, trick_number=self.trick_number, to_play=self.to_play)

    def sample(self, n: int, seed: int) -> Worlds:
        """``n`` worlds drawn uniformly and independently (with replacement), reproducibly from
        ``seed`` (0 ≤ seed < 2**64). :raises ValueError: a bad ``n`` or ``seed``.
        :raises ConstraintError: a sampler's rejection ceiling (not expected)."""
        res = self.evidence.sample(n, seed)
        return self._worlds(res.deals, "sampled", res.method, seed)

    @property
    def enumerable(self) -> bool:
        """Whether ``enumerate`` walks at most ``MAX_ENUMERATED`` deals."""
        return enumeration_size(self.evidence) <= MAX_ENUMERATED

    def enumerate(self) -> Worlds:
        """Every consistent world, each exactly once, in a fixed order (``count`` rows).
        :raises ConstraintError: more than ``MAX_ENUMERATED`` deals to walk."""
        return self._worlds(enumerate_evidence(self.evidence, MAX_ENUMERATED), "enumerated",
                            "", 0)

    def worlds(self, n: int, seed: int = 0) -> Worlds:
        """Every consistent world once when there are at most ``n`` (and they are
        ``enumerable``), else ``n`` drawn uniformly from ``seed``.
        :raises ValueError: a bad ``n`` or ``seed``."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n must be a positive integer, got {n!r}")
        if self.count <= n and self.enumerable:
            w = self.enumerate()
            return self._worlds(w.dealt, "enumerated", "", seed)
        return self.sample(int(n), seed)


def worlds(seat, hand, played: Iterable = (), n: int = 100, seed: int = 0, *,
           constraints: Constraints | None = None, heard=(), partner_bids=(),
           opponent_bids=(), leader=Seat.A_IND,
           play_rules: PlayRules = TAROKK_PLAY) -> Worlds:
    """Worlds consistent with what ``seat`` knows: its hand now (``hand``), the record
    ``played`` (``(seat, card)`` in play order, trick 1 led by ``leader``), the voids the play
    has shown, the dealing rules on the dealt hands, ``constraints``, ``heard`` announcements
    and the card facts of the bids heard (arguments as ``WorldSampler``).

    Returns ``Worlds``: when at most ``n`` worlds are consistent, every one of them exactly
    once (``method="enumerated"``); else ``n`` drawn uniformly from ``seed``
    (``method="sampled"``); ``hands`` (m, 4) uint64 holdings now, ``dealt`` as dealt,
    ``count`` the exact number of consistent worlds.

    :raises ConstraintError: a record, hand, constraints, announcements or bids no deal fits
        (the message names the first inconsistent fact).
    :raises DealError: a bad seat, or a hand of the wrong size or against the dealing rules.
    :raises CardError: bad card notation. :raises ValueError: a bad ``n`` or ``seed``.
    """
    return WorldSampler(seat, hand, played, constraints=constraints, heard=heard,
                        partner_bids=partner_bids, opponent_bids=opponent_bids,
                        leader=leader, play_rules=play_rules).worlds(n, seed)
