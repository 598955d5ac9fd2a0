"""Hand announcements (jelentések): facts of a dealt hand, scored when announced.

Source rule: ``spec/royal-tarokk.md`` §3 "Hand announcements", seed 000 "Jelentések"
(Gerots). One table, ``ANNOUNCEMENTS``, like the slem catalogue in ``slems/catalogue.py``:

============== ================ ===== ===================================================
id             name             value holds when (10-card hand)
============== ================ ===== ===================================================
``szinszam``   Színszám         0     exactly n cards of the named suit: n ∈ {2, 3} for
                                      ♥/♦, n ∈ {2, 3, 4} for ♠/♣
``tarokkszam`` Tarokkszám       0     exactly 8, 9 or 10 tarokks (the number is stated)
``matador``    Matador          0     at least one of I, II, III, IV
``flush``      Flush            10    every card of one suit (the suit is not stated)
``vannak``     Vannak           20    the four cards of one rank K, Q, N or J (the rank is
                                      not stated)
============== ================ ===== ===================================================

Reading of Színszám (seed 000: "kézben lévő 2,3 káró, 2,3 kőr, 2,3,4 treff vagy 2,3,4 pikk
lap bemondása … Mindig pontos színszámot kell közölni. Egy játékos több színszám
bemondással is élhet."): an announcement is *one suit with its exact count* ("3 pikk"),
the suit named; the count is 2 or 3 for a red suit (4 cards) and 2, 3 or 4 for a black suit
(5 cards), i.e. at least 2 and short of the whole suit (the whole suit is a Flush); a player
may make one Színszám per suit, so several. Tarokkszám likewise states the exact number.
Matador, Flush and Vannak do not name the card, suit or rank ("A matadorok nevét,
mennyiségét nem lehet közölni", "A színjel nevét tilos közölni", "A figura nevét nem lehet
bemondani"): heard from another player they constrain the hand only as a disjunction.

Parameters: Színszám ``(suit, n)`` (notation ``szinszam:S,3``), Tarokkszám ``n``
(``tarokkszam:9``), Matador none; Flush a suit and Vannak a rank (``"K"``, ``"Q"``, ``"N"``,
``"J"``) are *hidden*: optional, known to the holder only (``flush``, or ``flush:S``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from . import cards as C
from ..errors import RoyalSimError
from .text import fold


class AnnouncementError(RoyalSimError):
    """An unknown announcement, a malformed key or a parameter it cannot take."""


class AnnParam(Enum):
    """Parameter of an announcement."""

    NONE = "none"
    SUIT_COUNT = "suit_count"   # (suit index, exact count), stated
    COUNT = "count"             # exact tarokk count, stated
    SUIT = "suit"               # hidden: the complete suit
    RANK = "rank"               # hidden: the rank held four times


@dataclass(frozen=True)
class Announcement:
    """One row of ``ANNOUNCEMENTS``: ``id`` (ASCII), ``name`` (Hungarian), ``gloss``
    (English), ``value`` (points, scored when announced), ``param`` kind, ``param_stated``
    (whether the parameter is said aloud), ``text`` (the rule)."""

    id: str
    name: str
    gloss: str
    value: int
    param: AnnParam
    param_stated: bool
    text: str

    def __str__(self) -> str:
        return self.id


ANNOUNCEMENTS: dict[str, Announcement] = {a.id: a for a in (
    Announcement("szinszam", "Színszám", "suit count", 0, AnnParam.SUIT_COUNT, True,
                 "exactly 2 or 3 cards of a red suit, or 2, 3 or 4 of a black suit"),
    Announcement("tarokkszam", "Tarokkszám", "tarokk count", 0, AnnParam.COUNT, True,
                 "exactly 8, 9 or 10 tarokks"),
    Announcement("matador", "Matador", "holds a matador", 0, AnnParam.NONE, False,
                 "at least one matador (I, II, III, IV)"),
    Announcement("flush", "Flush", "a complete suit", 10, AnnParam.SUIT, False,
                 "every card of one suit"),
    Announcement("vannak", "Vannak", "four of a rank", 20, AnnParam.RANK, False,
                 "the four cards of one rank (K, Q, N or J)"),
)}
"""Every hand announcement of spec §3 / seed 000 "Jelentések", by id."""

SZINSZAM_COUNTS = {C.PIKK: (2, 3, 4), C.TREFF: (2, 3, 4), C.KOR: (2, 3), C.KARO: (2, 3)}
"""Counts a Színszám may state, per suit (seed 000)."""
TAROKKSZAM_COUNTS = (8, 9, 10)
RANK_MASKS = {"K": C.KINGS, "Q": C.QUEENS, "N": C.KNIGHTS, "J": C.JACKS}
"""The ranks that come four times (the 10 only twice), as card masks."""


def _fold(text: str) -> str:
    return fold(text).lower().replace(" ", "_")


def get_announcement(name: str | Announcement) -> Announcement:
    """By id or Hungarian name (case/accents optional). Raises ``AnnouncementError``."""
    if isinstance(name, Announcement):
        return name
    key = _fold(name)
    for a in ANNOUNCEMENTS.values():
        if key in (a.id, _fold(a.name)):
            return a
    raise AnnouncementError(f"unknown announcement {name!r} (ids: {', '.join(ANNOUNCEMENTS)})")


def _rank(text: str) -> str:
    t = str(text).strip().upper()
    t = {"D": "Q", "L": "N", "B": "J"}.get(t, t)
    if t not in RANK_MASKS:
        raise AnnouncementError(f"unknown rank {text!r} for Vannak (use K, Q, N or J)")
    return t


def check_param(ann: str | Announcement, param=None):
    """Validate and normalise a parameter (a string is parsed by ``parse_param``).

    Színszám ``(suit, n)`` with n allowed for that suit; Tarokkszám 8, 9 or 10; Matador
    ``None``; Flush a suit or ``None`` (unknown); Vannak a rank letter or ``None``.
    Raises ``AnnouncementError``."""
    a = get_announcement(ann)
    if isinstance(param, str):
        return parse_param(a, param)
    if a.param is AnnParam.NONE:
        if param is not None:
            raise AnnouncementError(f"{a.id} takes no parameter, got {param!r}")
        return None
    if a.param is AnnParam.SUIT_COUNT:
        try:
            suit, n = (int(x) for x in param)
        except (TypeError, ValueError):
            raise AnnouncementError(f"szinszam takes (suit, count), got {param!r}") from None
        if suit not in SZINSZAM_COUNTS:
            raise AnnouncementError(f"szinszam: {suit!r} is not a suit")
        if n not in SZINSZAM_COUNTS[suit]:
            raise AnnouncementError(
                f"szinszam: {n} {C.SUIT_NAMES[suit]} cannot be announced (allowed: "
                f"{', '.join(map(str, SZINSZAM_COUNTS[suit]))})")
        return (suit, n)
    if a.param is AnnParam.COUNT:
        if param not in TAROKKSZAM_COUNTS:
            raise AnnouncementError(f"tarokkszam states 8, 9 or 10 tarokks, got {param!r}")
        return int(param)
    if param is None:
        return None
    if a.param is AnnParam.SUIT:
        if param not in C.PLAIN_SUITS:
            raise AnnouncementError(f"flush: {param!r} is not a suit")
        return int(param)
    return _rank(param)


def _plain_suit(a: Announcement, text: str) -> int:
    """The plain suit ``text`` names (``C.parse_suit``; the tarokks are not one here)."""
    suit = C.parse_suit(text)
    if suit not in C.PLAIN_SUITS:
        raise AnnouncementError(f"{a.id} names a suit S, C, H or D, got {text!r}")
    return suit


def parse_param(ann: str | Announcement, text: str):
    """Parse a parameter: ``S,3`` (Színszám), ``9`` (Tarokkszám), ``S`` (Flush), ``Q``
    (Vannak), ``""`` for none/unknown. Raises ``AnnouncementError``."""
    a = get_announcement(ann)
    text = str(text).strip()
    if not text:
        if a.param in (AnnParam.SUIT_COUNT, AnnParam.COUNT):
            example = "szinszam:S,3" if a.param is AnnParam.SUIT_COUNT else "tarokkszam:9"
            raise AnnouncementError(f"{a.id} states a number, e.g. {example}")
        return None
    try:
        if a.param is AnnParam.SUIT_COUNT:
            parts = [p.strip() for p in text.split(",")]
            if len(parts) != 2:
                raise AnnouncementError(f"szinszam takes suit,count (e.g. S,3), got {text!r}")
            if parts[0].isdigit():
                parts.reverse()
            if not parts[1].isdigit():
                raise AnnouncementError(f"szinszam: bad count {parts[1]!r}")
            return check_param(a, (_plain_suit(a, parts[0]), int(parts[1])))
        if a.param is AnnParam.COUNT:
            if not text.isdigit():
                raise AnnouncementError(f"tarokkszam: bad count {text!r}")
            return check_param(a, int(text))
        if a.param is AnnParam.SUIT:
            return check_param(a, _plain_suit(a, text))
        if a.param is AnnParam.RANK:
            return _rank(text)
    except C.CardError as e:
        raise AnnouncementError(f"{a.id}: {e}") from None
    raise AnnouncementError(f"{a.id} takes no parameter, got {text!r}")


def format_param(ann: str | Announcement, param) -> str:
    a = get_announcement(ann)
    param = check_param(a, param)
    if param is None:
        return ""
    if a.param is AnnParam.SUIT_COUNT:
        return f"{C.SUIT_LETTERS[param[0]]},{param[1]}"
    if a.param is AnnParam.SUIT:
        return C.SUIT_LETTERS[param]
    return str(param)


def announcement_key(ann: str | Announcement, param=None) -> str:
    """``szinszam:S,3``, ``tarokkszam:9``, ``matador``, ``flush`` / ``flush:S``."""
    a = get_announcement(ann)
    p = format_param(a, param)
    return f"{a.id}:{p}" if p else a.id


def parse_announcement_key(text: str) -> tuple[Announcement, object]:
    """Inverse of ``announcement_key``. Raises ``AnnouncementError``."""
    name, _, p = str(text).partition(":")
    a = get_announcement(name)
    return a, parse_param(a, p)


def _suit_len(hand: int, suit: int) -> int:
    return C.popcount(hand & int(C.SUIT_MASKS[suit]))


def hand_has(ann: str | Announcement, param, hand: int) -> bool:
    """Does ``hand`` (bit mask) qualify for the announcement? A hidden parameter ``None``
    means "for some suit/rank". Raises ``AnnouncementError`` for a bad parameter."""
    return announcement_constraints(ann, param).satisfied_by(hand)


def hand_announcements(hand: int) -> list[tuple[Announcement, object]]:
    """Every announcement a 10-card ``hand`` (bit mask) may make, with its parameter (hidden
    ones filled in: the flush suit, the Vannak rank), in table order; Színszám once per
    qualifying suit. (With ≥ 3 tarokks a hand holds at most one Flush and one Vannak.)"""
    hand = int(hand)
    out: list[tuple[Announcement, object]] = []
    A = ANNOUNCEMENTS
    for suit in C.PLAIN_SUITS:
        n = _suit_len(hand, suit)
        if n in SZINSZAM_COUNTS[suit]:
            out.append((A["szinszam"], (suit, n)))
    t = C.popcount(hand & C.TAROKKS)
    if t in TAROKKSZAM_COUNTS:
        out.append((A["tarokkszam"], t))
    if hand & C.MATADORS:
        out.append((A["matador"], None))
    for suit in C.PLAIN_SUITS:
        m = int(C.SUIT_MASKS[suit])
        if hand & m == m:
            out.append((A["flush"], suit))
    for rank, m in RANK_MASKS.items():
        if hand & m == m:
            out.append((A["vannak"], rank))
    return out


@dataclass(frozen=True)
class HandConstraint:
    """What hearing an announcement implies about the announcer's 10-card hand.

    All given parts must hold: ``held`` (mask of cards certainly in the hand); ``tarokks``
    (inclusive range of the tarokk count); ``suit_len`` (``{suit index: (lo, hi)}``);
    ``min_from`` (``((mask, k), …)``: at least k cards of each mask); ``one_of`` (a
    disjunction: at least one of these constraints holds too; empty = none)."""

    held: int = 0
    tarokks: tuple[int, int] = (0, 10)
    suit_len: dict = field(default_factory=dict)
    min_from: tuple[tuple[int, int], ...] = ()
    one_of: tuple["HandConstraint", ...] = ()

    def __hash__(self):
        return hash((self.held, self.tarokks, tuple(sorted(self.suit_len.items())),
                     self.min_from, self.one_of))

    def satisfied_by(self, hand: int) -> bool:
        """Does ``hand`` (bit mask) satisfy the constraint?"""
        hand = int(hand)
        if hand & self.held != self.held:
            return False
        lo, hi = self.tarokks
        if not lo <= C.popcount(hand & C.TAROKKS) <= hi:
            return False
        for suit, (lo, hi) in self.suit_len.items():
            if not lo <= _suit_len(hand, suit) <= hi:
                return False
        if any(C.popcount(hand & m) < k for m, k in self.min_from):
            return False
        return not self.one_of or any(c.satisfied_by(hand) for c in self.one_of)


def announcement_constraints(ann: str | Announcement, param=None) -> HandConstraint:
    """The ``HandConstraint`` implied by hearing ``ann`` with ``param`` from a player.

    Examples: ``("tarokkszam", 9)`` → ``tarokks=(9, 9)``; ``("szinszam", (PIKK, 3))`` →
    ``suit_len={PIKK: (3, 3)}``; ``("flush", PIKK)`` → ``held`` = all 5 spades;
    ``("flush", None)`` → ``one_of`` the four complete suits; ``("matador", None)`` →
    ``min_from=((MATADORS, 1),)``; ``("vannak", "Q")`` → ``held`` = the four queens.
    Raises ``AnnouncementError`` for a bad parameter. Source: seed 000 "Jelentések"."""
    a = get_announcement(ann)
    param = check_param(a, param)
    if a.id == "szinszam":
        suit, n = param
        return HandConstraint(suit_len={suit: (n, n)})
    if a.id == "tarokkszam":
        return HandConstraint(tarokks=(param, param))
    if a.id == "matador":
        return HandConstraint(min_from=((C.MATADORS, 1),))
    if a.id == "flush":
        suits = (param,) if param is not None else C.PLAIN_SUITS
        masks = [int(C.SUIT_MASKS[s]) for s in suits]
    else:  # vannak
        masks = [RANK_MASKS[r] for r in ((param,) if param is not None else RANK_MASKS)]
    if len(masks) == 1:
        return HandConstraint(held=masks[0])
    return HandConstraint(one_of=tuple(HandConstraint(held=m) for m in masks))
