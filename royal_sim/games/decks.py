"""The decks of the games: card ids, strength, notation (``spec/other-games.md`` §0, §9).

Card ids are grouped by suit and ascending in plain strength inside each suit. Tarokk decks
(38, 42, 54 cards): ids 0–21 the tarokks I … XXI and the skíz (``XXII``), then ♠ ♣ ♥ ♦, each
from its lowest pip up to J N Q K; the pips rank by number, black 10 > 9 > 8 > 7, red 4 > 3 >
2 > A (the ace lowest). The belote deck (32): ♠ ♥ ♦ ♣, each 7 8 9 J Q K 10 A (plain order);
under trumps its power is J 9 A 10 K Q 8 7 (``Deck.power_with``).

Notation: tarokks as royal tarokk writes them (``I`` … ``XXI``, ``XXII`` or ``skiz``, ``pagat``,
``1`` … ``22``); suit cards the suit (``S C H D`` or ``♠ ♣ ♥ ♦``) then the rank: ``K``, ``Q``
(``D``), ``N`` (``L``), ``J`` (``B``), pips ``10`` (``T``) ``9`` … ``2``, ``A`` (``1``); belote
ranks ``A 10 K Q J 9 8 7`` (``T`` = 10).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import numpy as np

from ..errors import CardError
from ..model.cards import ROMAN
from ..model.text import fold

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
_SYMBOL_LETTER = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_FOLD = str.maketrans({"\ufe0e": None, "\ufe0f": None,
                              "♤": "♠", "♧": "♣", "♡": "♥", "♢": "♦"})
_SPLIT = re.compile(r"[\s,]+")
_TAROKK_ALIASES = {"SKIZ": 21, "PAGAT": 0, "SAS": 1, "KAKADU": 2, "KANARI": 3}
_RANK_ALIASES = {"D": "Q", "L": "N", "B": "J", "T": "10", "1": "A"}


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck: ``card_names`` (canonical notation per id), ``suit_of`` (n,) int8,
    ``power`` (n,) int16 plain strength inside the suit, ``suit_letters`` (the notation's
    letter of each suit index, ``T`` for tarokks), ``points`` (n,) int16 card points
    (tarokk games §0; belote's plain points), ``tarokk``: the suit index of the tarokks or
    -1."""

    name: str
    card_names: tuple[str, ...]
    suit_of: np.ndarray
    power: np.ndarray
    suit_letters: tuple[str, ...]
    points: np.ndarray
    tarokk: int = -1
    _ids: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        ids = {name: i for i, name in enumerate(self.card_names)}
        if self.tarokk >= 0:
            for i in range(22):
                ids[str(i + 1)] = i
            ids.update(_TAROKK_ALIASES)
        object.__setattr__(self, "_ids", ids)

    @property
    def n_cards(self) -> int:
        return len(self.card_names)

    @property
    def full_mask(self) -> int:
        return (1 << self.n_cards) - 1

    def suit_mask(self, suit: int) -> int:
        return sum(1 << c for c in range(self.n_cards) if self.suit_of[c] == suit)

    def parse_card(self, token: str) -> int:
        """Card id of ``token``; ``CardError`` naming the token and the deck otherwise."""
        t = fold(token).translate(_SYMBOL_FOLD).upper()
        if t and t[0] in _SYMBOL_LETTER:
            t = _SYMBOL_LETTER[t[0]] + t[1:]
        if t in self._ids:
            return self._ids[t]
        if len(t) >= 2 and t[0] in "SCHD":
            rank = _RANK_ALIASES.get(t[1:], t[1:])
            if t[0] + rank in self._ids:
                return self._ids[t[0] + rank]
        raise CardError(f"unknown card {token!r}: not in the {self.name} deck "
                        f"({self.describe()})")

    def describe(self) -> str:
        """The deck's cards in a few words, for messages."""
        parts = []
        if self.tarokk >= 0:
            parts.append("tarokks I to XXI and XXII (skiz)")
        for s, letter in enumerate(self.suit_letters):
            if s == self.tarokk:
                continue
            ranks = [self.card_names[c][1:] for c in self.by_strength(self.suit_mask(s))]
            parts.append(letter + " " + " ".join(ranks))
        return "; ".join(parts)

    def parse_cards(self, text: str) -> list[int]:
        """Card ids of a space or comma separated list; a card twice is a ``CardError``."""
        out: list[int] = []
        for tok in (t for t in _SPLIT.split(text.strip()) if t):
            c = self.parse_card(tok)
            if c in out:
                raise CardError(f"duplicate card {self.card_names[c]}")
            out.append(c)
        return out

    def mask(self, text: str) -> int:
        m = 0
        for c in self.parse_cards(text):
            m |= 1 << c
        return m

    def by_strength(self, mask: int) -> list[int]:
        """The ids of ``mask``, by suit then strongest first."""
        ids = [c for c in range(self.n_cards) if mask >> c & 1]
        return sorted(ids, key=lambda c: (int(self.suit_of[c]), -int(self.power[c])))

    def format_cards(self, mask_or_ids) -> str:
        ids = (self.by_strength(int(mask_or_ids)) if isinstance(mask_or_ids, (int, np.integer))
               else list(mask_or_ids))
        return " ".join(self.card_names[c] for c in ids)

    def points_of(self, mask: int) -> int:
        return sum(int(self.points[c]) for c in range(self.n_cards) if mask >> c & 1)


# -- tarokk decks ---------------------------------------------------------------------------

_TAROKK_SUITS = ("S", "C", "H", "D")
_PIPS = {38: {s: () for s in _TAROKK_SUITS},
         42: {"S": ("10",), "C": ("10",), "H": ("A",), "D": ("A",)},
         54: {"S": ("7", "8", "9", "10"), "C": ("7", "8", "9", "10"),
              "H": ("A", "2", "3", "4"), "D": ("A", "2", "3", "4")}}
HONOUR_POINTS = 5
FACE_POINTS = {"K": 5, "Q": 4, "N": 3, "J": 2}


@functools.lru_cache(maxsize=None)
def tarokk_deck(size: int) -> Deck:
    """The tarokk deck of ``size`` 38, 42 or 54 cards (§0): honours (I, XXI, skíz) 5 points,
    other tarokks 1, K 5, Q 4, N 3, J 2, a pip 1."""
    if size not in _PIPS:
        raise ValueError(f"a tarokk deck has 38, 42 or 54 cards, not {size}")
    names, suits, power, points = [], [], [], []
    for i, roman in enumerate(ROMAN):
        names.append(roman)
        suits.append(0)
        power.append(i + 1)
        points.append(HONOUR_POINTS if i in (0, 20, 21) else 1)
    for s, letter in enumerate(_TAROKK_SUITS, start=1):
        ranks = _PIPS[size][letter] + ("J", "N", "Q", "K")
        for r, rank in enumerate(ranks):
            names.append(letter + rank)
            suits.append(s)
            power.append(r + 1)
            points.append(FACE_POINTS.get(rank, 1))
    return Deck(name=f"{size}-card tarokk", card_names=tuple(names),
                suit_of=np.array(suits, np.int8), power=np.array(power, np.int16),
                suit_letters=("T",) + _TAROKK_SUITS, points=np.array(points, np.int16),
                tarokk=0)


# -- the belote deck ------------------------------------------------------------------------

BELOTE_SUITS = ("S", "H", "D", "C")
BELOTE_RANKS = ("7", "8", "9", "J", "Q", "K", "10", "A")          # plain order, weakest first
BELOTE_PLAIN_POINTS = {"7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
BELOTE_TRUMP_POINTS = {"7": 0, "8": 0, "9": 14, "J": 20, "Q": 3, "K": 4, "10": 10, "A": 11}
BELOTE_TRUMP_ORDER = ("7", "8", "Q", "K", "10", "A", "9", "J")    # weakest first


def belote_deck() -> Deck:
    """The 32 cards of belote (§9), plain points A 11, 10 10, K 4, Q 3, J 2."""
    names, suits, power, points = [], [], [], []
    for s, letter in enumerate(BELOTE_SUITS):
        for r, rank in enumerate(BELOTE_RANKS):
            names.append(letter + rank)
            suits.append(s)
            power.append(r + 1)
            points.append(BELOTE_PLAIN_POINTS[rank])
    return Deck(name="32-card belote", card_names=tuple(names),
                suit_of=np.array(suits, np.int8), power=np.array(power, np.int16),
                suit_letters=BELOTE_SUITS, points=np.array(points, np.int16))


def belote_power_points(deck: Deck, trump: int | None, ace_no_trump: int = 11
                        ) -> tuple[np.ndarray, np.ndarray]:
    """``(power, points)`` of the belote deck with ``trump`` (suit index) or none: the trump
    suit J 9 A 10 K Q 8 7 and J 20, 9 14; without trumps each ace ``ace_no_trump`` (11
    house, 19 official, §7)."""
    power = deck.power.copy()
    points = deck.points.copy()
    for c, name in enumerate(deck.card_names):
        rank = name[1:]
        if trump is not None and deck.suit_of[c] == trump:
            power[c] = BELOTE_TRUMP_ORDER.index(rank) + 1
            points[c] = BELOTE_TRUMP_POINTS[rank]
        elif trump is None and rank == "A":
            points[c] = ace_no_trump
    return power, points
