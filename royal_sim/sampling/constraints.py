"""What is known about the hands besides the dealing rules: per-seat constraints for the
deal sampler, and their reading from command-line strings.

Source rule: ``spec/royal-tarokk.md`` §2 (dealing: 10 cards a hand, at least 3 tarokks), §3
(hand announcements, "jelentések", as constraints for sampling). ``SeatConstraints`` holds
one seat's facts (cards held / not held, tarokk count range, suit length ranges, voids);
``Constraints`` the four seats'; ``Constraints.parse`` and ``parse_range`` read the
``SEAT:…`` strings.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..model import cards as C
from ..model.deal import HAND_SIZE, MIN_TAROKKS, SEATS, Seat, parse_seat
from ..errors import ConstraintError, RoyalSimError

SUITS = (C.TAROKK, C.PIKK, C.TREFF, C.KOR, C.KARO)
"""Suit indices, tarokks first: the order of count ranges (``cards.TAROKK`` … ``KARO``)."""
SUIT_WORDS = ("tarokks", "pikk", "treff", "kor", "karo")
"""How messages count the cards of each suit (``SUIT_WORDS[suit]``)."""
_DEFAULT_RANGE = (0, HAND_SIZE)


def _check_range(rng, what: str) -> tuple[int, int]:
    try:
        lo, hi = (int(x) for x in rng)
    except (TypeError, ValueError):
        raise ConstraintError(f"{what}: expected a (min, max) pair, got {rng!r}") from None
    if lo < 0 or hi < 0:
        raise ConstraintError(f"{what}: negative count in {lo}-{hi}")
    if lo > hi:
        raise ConstraintError(f"{what}: empty range {lo}-{hi}")
    return lo, hi


@dataclass(frozen=True)
class SeatConstraints:
    """What is known about one seat's hand beyond the dealing rules (spec §2, §3 jelentések).

    ``holds``: bit mask of cards the seat is known to hold; ``not_holds``: bit mask of cards it
    is known not to hold; ``tarokks``: inclusive ``(min, max)`` tarokk count (the dealing rule
    "at least 3" applies on top); ``suit_lengths``: inclusive ``(min, max)`` number of cards
    of pikk, treff, kőr, káró (a 4-tuple of pairs, in that order); ``voids``: suit indices
    (``cards.PIKK`` … ``cards.KARO``) the seat holds no card of. Counts are cards of the
    full 10-card hand. Raises ``ConstraintError`` for an empty range or a bad suit.
    """

    holds: int = 0
    not_holds: int = 0
    tarokks: tuple[int, int] = _DEFAULT_RANGE
    suit_lengths: tuple[tuple[int, int], ...] = (_DEFAULT_RANGE,) * 4
    voids: frozenset[int] = frozenset()

    def __post_init__(self):
        for name in ("holds", "not_holds"):
            m = int(getattr(self, name))
            if m < 0 or m & ~C.FULL_MASK:
                raise ConstraintError(f"{name} mask has bits outside the 40 cards")
            object.__setattr__(self, name, m)
        object.__setattr__(self, "tarokks", _check_range(self.tarokks, "tarokk count"))
        if len(self.suit_lengths) != 4:
            raise ConstraintError("suit_lengths needs 4 (min, max) pairs: pikk, treff, kor, karo")
        object.__setattr__(self, "suit_lengths", tuple(
            _check_range(r, f"{SUIT_WORDS[s]} length")
            for s, r in zip(C.PLAIN_SUITS, self.suit_lengths)))
        voids = frozenset(int(s) for s in self.voids)
        if C.TAROKK in voids:
            raise ConstraintError(f"no hand is void in tarokks: every hand holds at least "
                                  f"{MIN_TAROKKS} (docs/rules.md#seats-and-dealing)")
        bad = [s for s in voids if s not in C.PLAIN_SUITS]
        if bad:
            raise ConstraintError(f"unknown suit index {bad[0]} in voids")
        object.__setattr__(self, "voids", voids)

    def length_range(self, suit: int) -> tuple[int, int]:
        """Inclusive ``(min, max)`` count of ``suit`` (0 = tarokks) in the hand as constrained
        here (voids applied; the dealing rule's 3 tarokks not applied)."""
        lo, hi = self.tarokks if suit == C.TAROKK else self.suit_lengths[suit - 1]
        if suit in self.voids:
            hi = 0
            if lo > 0:
                raise ConstraintError(f"void in {SUIT_WORDS[suit]} but at least {lo} of them")
        return lo, hi

    @property
    def is_free(self) -> bool:
        """True when nothing beyond the dealing rules is known."""
        return self == SeatConstraints()

    def merge(self, other: "SeatConstraints") -> "SeatConstraints":
        """Both sets of facts at once: masks united, ranges intersected, voids united."""
        def meet(a, b, what):
            if a == _DEFAULT_RANGE or b == _DEFAULT_RANGE:
                return b if a == _DEFAULT_RANGE else a
            lo, hi = max(a[0], b[0]), min(a[1], b[1])
            if lo > hi:
                raise ConstraintError(f"contradictory {what}s {a[0]}-{a[1]} and {b[0]}-{b[1]}")
            return lo, hi
        return SeatConstraints(
            holds=self.holds | other.holds, not_holds=self.not_holds | other.not_holds,
            tarokks=meet(self.tarokks, other.tarokks, "tarokk count"),
            suit_lengths=tuple(meet(a, b, f"{SUIT_WORDS[s]} length") for s, a, b in
                               zip(C.PLAIN_SUITS, self.suit_lengths, other.suit_lengths)),
            voids=self.voids | other.voids)

    def satisfied_by(self, hand: int) -> bool:
        """Whether the 10-card hand ``hand`` (bit mask) meets these facts."""
        hand = int(hand)
        if hand & self.holds != self.holds or hand & self.not_holds:
            return False
        for s in SUITS:
            lo, hi = self.length_range(s)
            if not lo <= C.popcount(hand & int(C.SUIT_MASKS[s])) <= hi:
                return False
        return True

    def describe(self) -> str:
        """Short notation of the facts, e.g. ``holds XXI; tarokks 5-10; void H``."""
        parts = []
        if self.holds:
            parts.append(f"holds {C.format_cards(self.holds)}")
        if self.not_holds:
            parts.append(f"not {C.format_cards(self.not_holds)}")
        # (the ranges as they bind: at least MIN_TAROKKS tarokks, at most a suit's cards)
        lo, hi = max(self.tarokks[0], MIN_TAROKKS), self.tarokks[1]
        if (lo, hi) != (MIN_TAROKKS, HAND_SIZE):
            parts.append(f"tarokks {lo}-{hi}")
        for s, (lo, hi) in zip(C.PLAIN_SUITS, self.suit_lengths):
            hi = min(hi, C.SUIT_SIZES[s])
            if (lo, hi) != (0, C.SUIT_SIZES[s]):
                parts.append(f"{C.SUIT_LETTERS[s]} {lo}-{hi}")
        if self.voids:
            parts.append("void " + ",".join(C.SUIT_LETTERS[s] for s in sorted(self.voids)))
        return "; ".join(parts) or "-"


_RANGE_RE = re.compile(r"^\s*(\d+)?\s*(-|\+)?\s*(\d+)?\s*$")


def parse_range(text: str, what: str = "range") -> tuple[int, int]:
    """``(min, max)`` from ``N``, ``MIN-MAX``, ``MIN+`` / ``MIN-`` (at least) or ``-MAX``.

    Raises ``ConstraintError`` naming ``text``.
    """
    m = _RANGE_RE.match(str(text))
    if not m or not (m.group(1) or m.group(3)) or (m.group(2) == "+" and m.group(3)):
        raise ConstraintError(f"bad {what} {text!r}: expected N, MIN-MAX, MIN+ or -MAX")
    lo_s, sep, hi_s = m.groups()
    if not sep:
        return _check_range((int(lo_s), int(lo_s)), f"{what} {text!r}")
    lo = int(lo_s) if lo_s else 0
    hi = int(hi_s) if hi_s else max(lo, HAND_SIZE)    # MIN+ above 10: the hand's check says
    return _check_range((lo, hi), f"{what} {text!r}")


_FORMS = {"holds": "SEAT:CARDS", "not_holds": "SEAT:CARDS", "tarokks": "SEAT:MIN-MAX",
          "void": "SEAT:SUIT"}


def _split_seat(text: str, argument: str, parts: int = 2) -> list[str]:
    """``SEAT:…`` split into ``parts`` non-empty pieces. Raises ``ConstraintError`` naming
    ``text`` and ``argument`` (``bad holds value …``)."""
    pieces = str(text).split(":", parts - 1)
    if len(pieces) != parts or not all(p.strip() for p in pieces):
        form = "SEAT:SUIT:MIN-MAX" if parts == 3 else _FORMS.get(argument, "SEAT:…")
        raise ConstraintError(f"bad {argument} value {text!r}: "
                              f"expected {form}", argument=argument)
    return pieces


@contextmanager
def _about(argument: str):
    """Give a ``RoyalSimError`` raised inside the ``argument`` it is about (if it names none);
    its type and message stay."""
    try:
        yield
    except RoyalSimError as e:
        if e.argument is None:
            e.argument = argument
        raise


@dataclass(frozen=True)
class Constraints:
    """Per-seat facts for the sampler: ``seats[seat]`` is a ``SeatConstraints`` (play order).

    Build directly, with ``Constraints().with_seat(seat, ...)``, or from command-line strings
    with ``Constraints.parse``.
    """

    seats: tuple[SeatConstraints, ...] = (SeatConstraints(),) * 4

    def __post_init__(self):
        if len(self.seats) != 4 or not all(isinstance(s, SeatConstraints) for s in self.seats):
            raise ConstraintError("Constraints needs 4 SeatConstraints in play order")
        object.__setattr__(self, "seats", tuple(self.seats))

    def __getitem__(self, seat: Seat | int | str) -> SeatConstraints:
        return self.seats[int(parse_seat(seat) if isinstance(seat, str) else seat)]

    def with_seat(self, seat: Seat | int | str, **facts) -> "Constraints":
        """A copy with ``facts`` (``SeatConstraints`` fields) merged into ``seat``'s facts."""
        i = int(parse_seat(seat) if isinstance(seat, str) else seat)
        seats = list(self.seats)
        try:
            seats[i] = seats[i].merge(SeatConstraints(**facts))
        except ConstraintError as e:
            raise ConstraintError(f"{SEATS[i].name}: {e}") from None
        return Constraints(tuple(seats))

    @property
    def is_free(self) -> bool:
        return all(s.is_free for s in self.seats)

    def satisfied_by(self, hands: Sequence[int]) -> bool:
        """Whether four hands in play order meet every seat's facts (dealing rules not
        checked: see ``Deal.check_dealing_rules``)."""
        return all(c.satisfied_by(h) for c, h in zip(self.seats, hands))

    def known(self) -> list[str]:
        """Each seat's facts in words (``SeatConstraints.describe``), seats with none
        binding left out: ``["D_ELF: void H", …]``."""
        return [f"{seat.name}: {d}" for seat, c in zip(SEATS, self.seats)
                if (d := c.describe()) != "-"]

    def describe(self) -> str:
        return "; ".join(self.known()) or "none"

    @classmethod
    def parse(cls, *, holds: Iterable[str] = (), not_holds: Iterable[str] = (),
              tarokks: Iterable[str] = (), suits: Iterable[str] = (),
              voids: Iterable[str] = ()) -> "Constraints":
        """Constraints from command-line strings (each option may repeat; facts for one seat
        combine):

        - ``holds``: ``SEAT:CARDS``, e.g. ``D_ELF:XXI,skiz`` (the seat holds those cards);
        - ``not_holds``: ``SEAT:CARDS`` (the seat holds none of them);
        - ``tarokks``: ``SEAT:RANGE``, e.g. ``D_ELF:8-10``, ``A_ELF:5``, ``D_IND:6+``;
        - ``suits``: ``SEAT:SUIT:RANGE``, e.g. ``D_IND:H:3-4`` (suit ``S C H D`` or names);
        - ``voids``: ``SEAT:SUIT[,SUIT…]``, e.g. ``A_ELF:D``.

        Seats as in ``deal.parse_seat``; cards as in ``cards.parse_cards``; ranges as in
        ``parse_range``. Raises ``ConstraintError``/``CardError``/``DealError`` naming the bad
        string, its ``argument`` the option it came in: ``"holds"``, ``"not_holds"``,
        ``"tarokks"``, ``"suit"`` or ``"void"``.
        """
        out = cls()
        for text in holds:
            with _about("holds"):
                seat, cards = _split_seat(text, "holds")
                out = out.with_seat(parse_seat(seat), holds=C.mask_of(C.parse_cards(cards)))
        for text in not_holds:
            with _about("not_holds"):
                seat, cards = _split_seat(text, "not_holds")
                out = out.with_seat(parse_seat(seat),
                                    not_holds=C.mask_of(C.parse_cards(cards)))
        for text in tarokks:
            with _about("tarokks"):
                seat, rng = _split_seat(text, "tarokks")
                out = out.with_seat(parse_seat(seat), tarokks=parse_range(rng, "tarokk range"))
        for text in suits:
            with _about("suit"):
                seat, suit, rng = _split_seat(text, "suit", 3)
                s = C.parse_suit(suit)
                if s == C.TAROKK:
                    raise ConstraintError(f"bad suit value {text!r}: use `tarokks` for "
                                          "tarokks", argument="suit")
                lengths = [_DEFAULT_RANGE] * 4
                lengths[s - 1] = parse_range(rng, f"{SUIT_WORDS[s]} range")
                out = out.with_seat(parse_seat(seat), suit_lengths=tuple(lengths))
        for text in voids:
            with _about("void"):
                seat, suit_list = _split_seat(text, "void")
                suits_ = frozenset(C.parse_suit(t) for t in C.tokens(suit_list))
                if C.TAROKK in suits_:
                    raise ConstraintError(f"bad void value {text!r}: no hand is void in "
                                          f"tarokks (every hand holds at least {MIN_TAROKKS})")
                out = out.with_seat(parse_seat(seat), voids=suits_)
        return out
