"""A point of play: the hands as they are now, the leader and number of the current trick,
and the cards already played to it (``docs/play.md``).

A seat that has played to the current trick holds one card fewer than the seats still to
play. The trick's cards must have been legal plays from the hands they came from
(``docs/rules.md#play``: follow suit, else a tarokk if holding one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import DealError
from ..model import cards as C
from ..model.deal import SEATS, Deal, Seat, parse_hands, parse_seat
from ..tarokk import TAROKK_PLAY
from ..engine.solver import legal_cards

N_SEATS = len(SEATS)
N_TRICKS = C.N_CARDS // N_SEATS


def seat_to_play(leader: Seat, n_played: int) -> Seat:
    """The seat playing the next card of a trick led by ``leader`` with ``n_played`` on
    the table."""
    return SEATS[(int(leader) + n_played) % N_SEATS]


def revoke_reason(hand: int, card: int, trick: Sequence[int]) -> str | None:
    """Why ``card`` may not be played from ``hand`` (bit mask, holding the card) to a trick
    with ``trick`` on the table, or ``None`` if it may (``docs/rules.md#play``)."""
    if card in legal_cards(hand, list(trick), TAROKK_PLAY):
        return None
    led = C.SUIT_OF[trick[0]]
    if led == C.TAROKK:             # (holding a tarokk: the card is not one)
        return f"it must play a tarokk: {C.format_card(trick[0])} was led"
    if hand & int(C.SUIT_MASKS[led]):
        return f"it must follow {C.format_card(trick[0])}'s suit"
    return "it must play a tarokk (void in the suit led)"


@dataclass(frozen=True)
class Position:
    """``hands``: the four hands now (bit masks, seat order); ``leader``: the seat that led
    (or leads) the current trick ``trick_no`` (1..10); ``trick``: card ids on the table in
    play order, the leader's first (0..3 of them)."""

    hands: tuple[int, int, int, int]
    leader: Seat
    trick_no: int
    trick: tuple[int, ...] = ()

    @property
    def to_play(self) -> Seat:
        return seat_to_play(self.leader, len(self.trick))

    @property
    def start_hands(self) -> tuple[int, ...]:
        """The hands at the start of the current trick (the trick's cards given back)."""
        h = list(self.hands)
        for i, c in enumerate(self.trick):
            h[int(seat_to_play(self.leader, i))] |= 1 << c
        return tuple(h)

    @property
    def tricks_left(self) -> int:
        """Tricks from the current one (included) to the last."""
        return N_TRICKS + 1 - self.trick_no

    @classmethod
    def of(cls, hands: Sequence[int], leader: Seat | int | str = Seat.A_IND,
           first_trick: int | None = None, trick: Sequence[int] = ()) -> "Position":
        """Check and build a position. hands: 4 bit masks, the hands now; first_trick: the
        current trick's number (default: from the hand sizes); trick: the card ids on the
        table. Raises ``DealError`` (argument ``trick``, ``first_trick``, ``leader`` or none)
        for a trick of 4 or more cards, a card on the table and in a hand or
        played twice, hand sizes that do not fit the trick, a card of the trick its seat
        could not play (a revoke, naming trick, seat and card), a trick number the sizes
        do not allow, a full deal not led by A_IND, or a deal breaking the dealing rules."""
        from ..analysis.position import next_trick
        lead = Seat(leader) if isinstance(leader, int) else parse_seat(leader)
        hands = tuple(int(h) for h in hands)
        if len(hands) != N_SEATS:
            raise DealError(f"a deal has {N_SEATS} hands, got {len(hands)}")
        trick = tuple(int(c) for c in trick)
        if len(trick) >= N_SEATS:
            raise DealError(f"trick lists at most {N_SEATS - 1} cards (those before the seat "
                            f"to play; a trick has {N_SEATS}), got {len(trick)}",
                            argument="trick")
        if len(set(trick)) != len(trick):
            dup = next(c for c in trick if trick.count(c) > 1)
            raise DealError(f"trick lists {C.format_card(dup)} twice", argument="trick")
        for c in trick:
            for s in SEATS:
                if hands[s] >> c & 1:
                    raise DealError(f"trick lists {C.format_card(c)}, which is still in "
                                    f"{s.name}'s hand", argument="trick")
        sizes = [C.popcount(h) for h in hands]
        k = sizes[int(seat_to_play(lead, len(trick)))]
        want = [k - 1 if (int(s) - int(lead)) % N_SEATS < len(trick) else k for s in SEATS]
        if sizes != want or k < 1:
            played = ", ".join(seat_to_play(lead, i).name for i in range(len(trick)))
            got = ", ".join(f"{s.name} {n}" for s, n in zip(SEATS, sizes))
            raise DealError(
                f"hand sizes ({got}) do not fit the trick: "
                + (f"the seats that played to it ({played}) hold one card fewer than the "
                   "others" if trick else "every hand holds the same number of cards")
                + (", and the seat to play holds at least one" if k < 1 else ""))
        start = list(hands)
        for i, c in enumerate(trick):
            start[int(seat_to_play(lead, i))] |= 1 << c
        deal = Deal(tuple(start))
        deal.check_dealing_rules()
        n = next_trick(deal.hands, first_trick, lead)
        for i, c in enumerate(trick):
            seat = seat_to_play(lead, i)
            why = revoke_reason(start[int(seat)], c, trick[:i])
            if why:
                raise DealError(f"trick lists a revoke: in trick {n}, {seat.name} cannot "
                                f"play {C.format_card(c)} ({why})",
                                argument="trick")
        return cls(hands, lead, n, trick)

    @classmethod
    def parse(cls, deal: str, leader: Seat | int | str = Seat.A_IND,
              first_trick: int | None = None, trick: str | Sequence[str] = "") -> "Position":
        """From deal notation (four hands separated by ``/``, the hands now) and the trick's
        cards in card notation (a string or a list of tokens). Raises ``CardError`` or
        ``DealError`` (``of``)."""
        hands = parse_hands(deal)
        if not isinstance(trick, str):
            trick = " ".join(str(t) for t in trick)
        try:
            cards = C.parse_cards(trick)
        except C.CardError as e:
            raise type(e)(f"trick: {e}", argument="trick") from None
        return cls.of(hands, leader, first_trick, cards)

    def format_deal(self) -> str:
        """The hands now in deal notation (``/`` between seats)."""
        return " / ".join(C.format_cards(h) for h in self.hands)
