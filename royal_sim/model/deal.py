"""Seats in play order, pairs, hands and deals, and the deal notation.

The rules: ``docs/rules.md#seats-and-dealing``. Seats are numbered in play order; partners
play consecutively (seat 0 leads trick 1, then both defenders, then seat 3):

===== ========= ========= ========== ============
index seat      pair      fixed card Hungarian
===== ========= ========= ========== ============
0     ``A_IND`` attack    XX         indító
1     ``D_ELF`` defence   –          ellenelfogó
2     ``D_IND`` defence   –          ellenindító
3     ``A_ELF`` attack    XIX        elfogó
===== ========= ========= ========== ============

Deal notation: the four hands in play order separated by ``/``, each hand in card notation
(``cards.py``), e.g. ``XX XVIII … / … / … / XIX …``. A *full deal* has 10 cards per hand; a
*position* (an ending) has the same number k ≤ 10 of cards in every hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Sequence

from . import cards as C
from ..errors import DealError, RoyalSimError
from .text import fold


class Seat(IntEnum):
    """The four seats, valued by play order (index 0 leads the first trick)."""

    A_IND = 0
    D_ELF = 1
    D_IND = 2
    A_ELF = 3

    @property
    def pair(self) -> "Pair":
        return Pair.ATTACK if self in (Seat.A_IND, Seat.A_ELF) else Pair.DEFENCE

    @property
    def partner(self) -> "Seat":
        return {Seat.A_IND: Seat.A_ELF, Seat.A_ELF: Seat.A_IND,
                Seat.D_ELF: Seat.D_IND, Seat.D_IND: Seat.D_ELF}[self]

    def __str__(self) -> str:
        return self.name


class Pair(IntEnum):
    ATTACK = 0
    DEFENCE = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.A_IND, Seat.A_ELF) if self is Pair.ATTACK else (Seat.D_ELF, Seat.D_IND)

    @property
    def label(self) -> str:
        return "attack" if self is Pair.ATTACK else "defence"

    @property
    def other(self) -> "Pair":
        """The opposing pair."""
        return Pair(1 - self)

    def __str__(self) -> str:
        return self.label


SEATS = tuple(Seat)
PAIR_OF_SEAT = tuple(int(s.pair) for s in SEATS)
"""``PAIR_OF_SEAT[seat]``: 0 attack, 1 defence."""

FIXED_CARD = {Seat.A_IND: C.XX, Seat.A_ELF: C.XIX}
"""Cards dealt before the shuffle: XX to the attacking indító, XIX to the attacking elfogó."""

MIN_TAROKKS = 3
"""Tarokks every hand is dealt at least (else the deal is void and dealt again)."""
N_TRICKS = 10
"""Tricks a deal: every trick takes one card of each hand, so also the cards of a hand."""
HAND_SIZE = N_TRICKS


def first_trick_of(cards_per_hand: int) -> int:
    """Number (1-based) of the trick a position with ``cards_per_hand`` cards in each hand
    starts with: the last trick is always trick ``N_TRICKS``."""
    return N_TRICKS + 1 - cards_per_hand

_SEAT_ALIASES = {
    "A_IND": Seat.A_IND, "INDITO": Seat.A_IND,
    "D_ELF": Seat.D_ELF, "ELLENELFOGO": Seat.D_ELF,
    "D_IND": Seat.D_IND, "ELLENINDITO": Seat.D_IND,
    "A_ELF": Seat.A_ELF, "ELFOGO": Seat.A_ELF,
}


def parse_seat(text: str | Seat) -> Seat:
    """Seat from ``A_IND``/``D_ELF``/``D_IND``/``A_ELF`` or the Hungarian aliases ``indito``,
    ``ellenelfogo``, ``ellenindito``, ``elfogo`` (case-insensitive, accents optional).

    Raises ``DealError`` for any other name.
    """
    if isinstance(text, Seat):
        return text
    try:
        return _SEAT_ALIASES[fold(text).upper().replace("-", "_")]
    except KeyError:
        raise DealError(
            f"unknown seat {text!r} (use A_IND, D_ELF, D_IND, A_ELF or indito, "
            "ellenelfogo, ellenindito, elfogo)") from None


def parse_pair(text: str) -> Pair:
    """``attack``/``defence`` (also ``defense``, ``A``, ``D``). Raises ``DealError``."""
    t = str(text).strip().lower()
    if t in ("attack", "a", "tamado"):
        return Pair.ATTACK
    if t in ("defence", "defense", "d", "vedo"):
        return Pair.DEFENCE
    raise DealError(f"unknown pair {text!r} (use attack or defence)")


def hand_size(hands: Sequence[int], error: type[RoyalSimError] = DealError) -> int:
    """The number k of cards in each of four hands (bit masks in seat order): the shape of a
    full deal or a position (``docs/rules.md#seats-and-dealing``: every hand has the same
    number of cards, 10 dealt).

    Raises ``error`` (a ``RoyalSimError`` class, default ``DealError``) for other than 4
    hands, hands of unequal size, or k outside 1..10."""
    if len(hands) != 4:
        raise error(f"a deal has 4 hands, got {len(hands)}")
    sizes = [C.popcount(h) for h in hands]
    if len(set(sizes)) != 1:
        detail = ", ".join(f"{s.name} {n}" for s, n in zip(SEATS, sizes))
        raise error(f"hands have unequal sizes ({detail})")
    if not 1 <= sizes[0] <= HAND_SIZE:
        raise error(f"hands have {sizes[0]} cards; a deal or position has 1..10 per hand")
    return sizes[0]


def check_hand(mask: int, seat: Seat | None = None, *, size: int = HAND_SIZE) -> None:
    """Check one hand of a full deal against the dealing rules
    (``docs/rules.md#seats-and-dealing``).

    ``mask``: bit mask of the hand. Raises ``DealError`` for a wrong card count, fewer than
    3 tarokks, XX/XIX in a seat that cannot hold it, or a missing XX/XIX for its fixed seat.
    """
    n = C.popcount(mask)
    where = f"hand {seat.name}" if seat is not None else "hand"
    if n != size:
        raise DealError(f"{where} has {n} card{'s' if n != 1 else ''}, expected {size}")
    t = C.popcount(mask & C.TAROKKS)
    if t < MIN_TAROKKS:
        raise DealError(f"{where} has {t} tarokk{'' if t == 1 else 's'}; every hand holds at "
                        f"least {MIN_TAROKKS}")
    if seat is None:
        return
    for fixed_seat, card in FIXED_CARD.items():
        held = bool(mask >> card & 1)
        if held and seat != fixed_seat:
            raise DealError(f"{C.format_card(card)} is dealt to {fixed_seat.name}; "
                            f"{seat.name} cannot hold it")
        if not held and seat == fixed_seat:
            raise DealError(f"{seat.name} always holds {C.format_card(card)}")


def parse_hand(text: str, seat: Seat | str | None = None) -> int:
    """Bit mask of a 10-card hand in card notation, checked by ``check_hand``.

    Raises ``CardError`` (bad token, duplicate) or ``DealError`` (count, tarokks, XX/XIX).
    """
    seat = parse_seat(seat) if seat is not None else None
    ids = C.parse_cards(text, "the hand" + (f" of {seat.name}" if seat is not None else ""))
    mask = C.mask_of(ids)
    check_hand(mask, seat)
    return mask


def parse_hands(text: str) -> list[int]:
    """The hands of deal notation (one hand a seat, in seat order, separated by ``/``) as
    card masks, with no rule checked. Raises ``DealError`` for another number of hands,
    ``CardError`` naming the seat of a bad card."""
    parts = str(text).split("/")
    if len(parts) != len(SEATS):
        raise DealError(f"a deal has {len(SEATS)} hands separated by '/', got {len(parts)} "
                        "part(s)")
    hands = []
    for seat, part in zip(SEATS, parts):
        try:
            hands.append(C.mask_of(C.parse_cards(part)))
        except C.CardError as e:
            raise type(e)(f"{seat.name}: {e}") from None
    return hands


@dataclass(frozen=True)
class Deal:
    """Four hands in play order as bit masks (``hands[seat]``); a full deal or a position.

    Build with ``Deal.parse(notation)`` or ``Deal(hands)``; ``str(deal)`` is the canonical
    notation and ``Deal.parse(str(deal)) == deal``.
    """

    hands: tuple[int, int, int, int]

    def __post_init__(self):
        hand_size(self.hands)
        object.__setattr__(self, "hands", tuple(int(h) for h in self.hands))
        seen = 0
        for seat, h in zip(SEATS, self.hands):
            if h & ~C.FULL_MASK:
                raise DealError("hand mask has bits outside the 40 cards")
            dup = seen & h
            if dup:
                raise DealError(f"card {C.format_card(next(C.iter_bits(dup)))} appears in two "
                                f"hands (again in {seat.name})")
            seen |= h

    @property
    def cards_per_hand(self) -> int:
        return C.popcount(self.hands[0])

    @property
    def is_full(self) -> bool:
        return self.cards_per_hand == HAND_SIZE

    def hand(self, seat: Seat | int) -> int:
        return self.hands[int(seat)]

    def pair_cards(self, pair: Pair) -> int:
        a, b = pair.seats
        return self.hands[a] | self.hands[b]

    def check_dealing_rules(self) -> None:
        """For a full deal: XX with A_IND, XIX with A_ELF, ≥3 tarokks per hand
        (``docs/rules.md#seats-and-dealing``).
        For a position: XX and XIX, if still in play, are in their fixed seats (the tarokk
        counts are not checked: cards may have been played).

        Raises ``DealError``."""
        if self.is_full:
            for seat in SEATS:
                check_hand(self.hands[seat], seat)
            return
        for fixed_seat, card in FIXED_CARD.items():
            for seat in SEATS:
                if seat != fixed_seat and self.hands[seat] >> card & 1:
                    raise DealError(f"{C.format_card(card)} is dealt to {fixed_seat.name}; "
                                    f"{seat.name} cannot hold it")

    @classmethod
    def parse(cls, text: str, *, check_rules: bool = True) -> "Deal":
        """Read deal notation (four hands in play order separated by ``/``).

        A full deal is also checked against the dealing rules unless ``check_rules`` is
        false.

        :raises CardError: a token that is no card, or a card given twice, naming it.
        :raises DealError: not four hands, or a deal the dealing rules forbid.
        """
        deal = cls(tuple(parse_hands(text)))
        if check_rules:
            deal.check_dealing_rules()
        return deal

    @classmethod
    def from_array(cls, row) -> "Deal":
        """From a length-4 sequence of uint64 masks (a row of the sampler's output)."""
        return cls(tuple(int(x) for x in row))

    def format(self) -> str:
        """The deal notation ``Deal.parse`` reads: the four hands in play order, ``/``
        between them."""
        return " / ".join(C.format_cards(h) for h in self.hands)

    __str__ = format

    def __repr__(self) -> str:
        return f"Deal.parse({self.format()!r})"

    def listing(self) -> str:
        """Multi-line listing, one seat per line."""
        return "\n".join(f"{seat.name:6} {C.format_cards(h)}" for seat, h in zip(SEATS, self.hands))
