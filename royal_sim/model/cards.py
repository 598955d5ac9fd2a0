"""The 40 cards of royal tarokk: ids, strength, notation and named card sets.

The rules: ``docs/rules.md#cards`` (the pack, the order, the named sets, writing cards) and
``docs/rules.md#glossary`` (the terms, as ``CARD_SET_TERMS`` gives them).

Card ids are stable small integers, grouped by suit and ascending in strength inside
each suit, so that a set of cards is a ``uint64`` bit mask (bit ``id``) and "the cards
between two cards of one suit" is a contiguous run of bits:

====== ========================= =====================
ids    cards                     suit index
====== ========================= =====================
0–21   tarokks I … XXI, XXII     ``TAROKK`` = 0
22–26  ♠ 10, J, N, Q, K          ``PIKK`` = 1
27–31  ♣ 10, J, N, Q, K          ``TREFF`` = 2
32–35  ♥ J, N, Q, K              ``KOR`` = 3
36–39  ♦ J, N, Q, K              ``KARO`` = 4
====== ========================= =====================

Notation (input accepts every form of ``docs/rules.md#cards``, output uses the canonical
first form):
tarokks ``I`` … ``XXI`` and ``XXII`` (skíz), aliases ``skiz``/``skíz``, ``pagat``/``pagát``,
``sas``, ``kakadu``, ``kanari``/``kanári`` and Arabic ``1`` … ``22``; suit cards are a suit
letter (``S``/``♠``, ``C``/``♣``, ``H``/``♥``, ``D``/``♦``) followed by a rank (``K``, ``Q`` or
``D``, ``N`` or ``L``, ``J`` or ``B``, ``10`` or ``T``), e.g. ``SK``, ``♥Q``, ``C10``, ``SD``.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

import numpy as np

from ..errors import CardError
from .text import fold

N_CARDS = 40
N_TAROKKS = 22

# suit indices
TAROKK, PIKK, TREFF, KOR, KARO = 0, 1, 2, 3, 4
N_SUITS = 5
SUIT_LETTERS = ("T", "S", "C", "H", "D")  # "T" only used internally for the tarokk suit
SUIT_NAMES = ("tarokk", "pikk", "treff", "kor", "karo")
SUIT_SYMBOLS = ("", "♠", "♣", "♥", "♦")

_SUIT_RANKS = {PIKK: ("10", "J", "N", "Q", "K"), TREFF: ("10", "J", "N", "Q", "K"),
               KOR: ("J", "N", "Q", "K"), KARO: ("J", "N", "Q", "K")}

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII")


def _build_tables():
    names, suits, ranks = [], [], []
    for i, roman in enumerate(ROMAN):
        names.append(roman)
        suits.append(TAROKK)
        ranks.append(i + 1)
    for suit in (PIKK, TREFF, KOR, KARO):
        for r, rank in enumerate(_SUIT_RANKS[suit]):
            names.append(SUIT_LETTERS[suit] + rank)
            suits.append(suit)
            ranks.append(r + 1)
    return tuple(names), np.array(suits, dtype=np.int8), np.array(ranks, dtype=np.int8)


CARD_NAMES, SUIT_OF, RANK_OF = _build_tables()
"""``CARD_NAMES[id]`` canonical notation; ``SUIT_OF[id]`` suit index (int8, shape (40,));
``RANK_OF[id]`` strength inside the suit, 1 = weakest (tarokk rank = its number)."""

SUIT_MASKS = np.zeros(N_SUITS, dtype=np.uint64)
for _c in range(N_CARDS):
    SUIT_MASKS[SUIT_OF[_c]] |= np.uint64(1) << np.uint64(_c)
del _c

FULL_MASK = (1 << N_CARDS) - 1


def card_id(name: str) -> int:
    """Id of a card given in any accepted notation (see module doc); raises ``CardError``."""
    return parse_card(name)


def bit(card: int) -> int:
    """The one-card mask (Python int) of card id ``card``."""
    return 1 << card


def mask_of(cards: Iterable[int]) -> int:
    """Bit mask (Python int, fits uint64) of an iterable of card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Card ids in ``mask``, strongest first (tarokks XXII…I, then ♠, ♣, ♥, ♦ each K down)."""
    mask = int(mask)
    out = [c for c in range(N_CARDS) if mask >> c & 1]
    return sorted(out, key=_display_key)


def _display_key(c: int) -> tuple[int, int]:
    return (int(SUIT_OF[c]), -int(RANK_OF[c]))


def popcount(mask: int) -> int:
    """Number of cards in ``mask`` (a Python or numpy integer bit mask)."""
    return int(mask).bit_count()


def popcount_array(masks: np.ndarray) -> np.ndarray:
    """Number of cards in each mask of a uint64 array (int64, same shape)."""
    a = np.ascontiguousarray(masks, dtype=np.uint64)
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(a).astype(np.int64)
    return np.unpackbits(a.view(np.uint8).reshape(a.shape + (8,)), axis=-1).sum(
        axis=-1).astype(np.int64)


PLAIN_SUITS = (PIKK, TREFF, KOR, KARO)
"""The four suits besides the tarokks, in suit order."""
SUIT_SIZES = tuple(popcount(m) for m in SUIT_MASKS)
"""``SUIT_SIZES[suit]``: the number of cards of the suit in the pack (22, 5, 5, 4, 4)."""

TAROKKS = int(SUIT_MASKS[TAROKK])
PIKKS, TREFFS, KORS, KAROS = (int(SUIT_MASKS[s]) for s in (PIKK, TREFF, KOR, KARO))
SUIT_CARDS = PIKKS | TREFFS | KORS | KAROS
RED = KORS | KAROS
BLACK = PIKKS | TREFFS

PAGAT, SAS, KAKADU, KANARI = 0, 1, 2, 3
XVIII, XIX, XX, XXI, SKIZ = 17, 18, 19, 20, 21

MATADORS = mask_of((PAGAT, SAS, KAKADU, KANARI))
HONOURS = mask_of((XXI, SKIZ))
KINGS = mask_of(c for c in range(N_TAROKKS, N_CARDS) if CARD_NAMES[c].endswith("K"))
MAGASITOK = MATADORS | KINGS
KIS_SZINES = SUIT_CARDS & ~KINGS  # any Q, N, J, 10
QUEENS = mask_of(c for c in range(N_TAROKKS, N_CARDS) if CARD_NAMES[c].endswith("Q"))
KNIGHTS = mask_of(c for c in range(N_TAROKKS, N_CARDS) if CARD_NAMES[c].endswith("N"))
JACKS = mask_of(c for c in range(N_TAROKKS, N_CARDS) if CARD_NAMES[c].endswith("J"))
TENS = mask_of(c for c in range(N_TAROKKS, N_CARDS) if CARD_NAMES[c].endswith("10"))

NAMED_SETS = {
    "tarokks": TAROKKS, "matadors": MATADORS, "honours": HONOURS, "kings": KINGS,
    "magasitok": MAGASITOK, "kis_szines": KIS_SZINES, "red": RED, "black": BLACK,
    "pikk": PIKKS, "treff": TREFFS, "kor": KORS, "karo": KAROS,
}
"""The named card sets (``docs/rules.md#cards``) as Python-int bit masks (use ``np.uint64(m)``
in kernels)."""


CARD_SET_TERMS = (
    ("tarokk", TAROKKS, "one of the 22 trump cards, I … XXI and the skíz"),
    ("skíz (XXII)", bit(SKIZ), "the top tarokk; written XXII, 'skiz' accepted"),
    ("pagát (I)", bit(PAGAT), "the lowest tarokk; a matador, the target of Pagátfogás, Les, "
                              "Golgota and others"),
    ("kanári, kakadu, sas", mask_of((SAS, KAKADU, KANARI)),
     "II, III, IV: the other three matadors"),
    ("honour (honőr)", HONOURS, "skíz or XXI"),
    ("köpf", HONOURS, "both honours; a pair that did not hold köpf lacked skíz or XXI or both "
                      "(this raises the attack's consolatio by 20)"),
    ("matador", MATADORS, "one of IV, III, II, I; Surranó, Trojka, Piramis, Full, Triumf and "
                          "Royal need tricks won by matadors"),
    ("king (király)", KINGS, "K of any suit; Főnix, Betlehem and Grand need tricks won by "
                             "kings"),
    ("magasító (raiser)", MAGASITOK,
     "a matador or a king: the card announced for Ultimó … Turul, Fácán, Sólyom, the "
     "fácánok, Héja and Stella; it must be in your own hand (Héja and Stella need 3 "
     "magasítók of your own)"),
    ("small suit card (kis színes lap)", KIS_SZINES,
     "any Q, N, J or 10 (a suit card other than a king); used by Amazon, Kentaur and Hárpia"),
    ("suit card (színes lap)", SUIT_CARDS,
     "any of the 18 non-tarokks; used by Couleur, Quart, Spectrum and Gloria"),
    ("red / black", None, "♥ ♦ (4 cards each, no ten) / ♠ ♣ (5 cards each)"),
)
"""The card-set terms the bids name, as ``docs/rules.md#glossary`` defines them: (term,
bit mask of its cards or ``None``, meaning), for ``royal-sim slems``' glossary."""


_TAROKK_ALIASES = {"skiz": 21, "pagat": 0, "sas": 1, "kakadu": 2, "kanari": 3}
_ROMAN_INDEX = {r: i for i, r in enumerate(ROMAN)}
_SUIT_CHARS = {"S": PIKK, "♠": PIKK, "C": TREFF, "♣": TREFF, "H": KOR, "♥": KOR,
               "D": KARO, "♦": KARO}
_RANK_ALIASES = {"K": "K", "Q": "Q", "D": "Q", "N": "N", "L": "N", "J": "J", "B": "J",
                 "10": "10", "T": "10"}
_SUIT_CARD_RE = re.compile(r"^([SCHD♠♣♥♦])(K|Q|D|N|L|J|B|10|T)$")


_SYMBOL_FOLD = str.maketrans({"\ufe0e": None, "\ufe0f": None,   # variation selectors (♥️)
                              "♤": "♠", "♧": "♣", "♡": "♥", "♢": "♦"})


def _fold(token: str) -> str:
    """Upper-case, accents stripped (``text.fold``), hollow suit symbols filled."""
    return fold(token).translate(_SYMBOL_FOLD).upper()


def parse_card(token: str) -> int:
    """Card id of one token in any notation of ``docs/rules.md#cards``, case-insensitive.

    Raises ``CardError`` naming the token when it is not a card; a suit card written rank
    first gets a hint (``KS``: "unknown card 'KS' (did you mean SK?)").
    """
    t = _fold(token)
    if not t:
        raise CardError("empty card token")
    if t.lower() in _TAROKK_ALIASES:
        return _TAROKK_ALIASES[t.lower()]
    if t in _ROMAN_INDEX:
        return _ROMAN_INDEX[t]
    if t.isdigit():
        n = int(t)
        if 1 <= n <= 22 and t == str(n):
            return n - 1
        raise CardError(f"unknown card {token!r}: tarokk numbers run 1..22")
    m = _SUIT_CARD_RE.match(t)
    if m:
        suit = _SUIT_CHARS[m.group(1)]
        rank = _RANK_ALIASES[m.group(2)]
        if rank not in _SUIT_RANKS[suit]:
            raise CardError(f"unknown card {token!r}: red suits have no 10")
        return CARD_NAMES.index(SUIT_LETTERS[suit] + rank)
    raise CardError(f"unknown card {token!r}{_rank_first_hint(t) or NOTATION_HINT}")


NOTATION_HINT = (" (cards: tarokks I to XXII or 1 to 22, also skiz, pagat; suit cards the "
                 "suit S C H D then the rank K Q N J 10: SK, C10, HQ, DJ; the red suits "
                 "have no 10)")
"""What cards look like, said after a token that is none."""


_RANK_FIRST_RE = re.compile(r"^(K|Q|D|N|L|J|B|10|T)([SCHD♠♣♥♦])$")


def _rank_first_hint(t: str) -> str:
    """`` (did you mean SK?)`` for a folded token that is a suit card written rank first
    (``KS``, ``10S``, ``QD``); for a red ten (``10H``) the rule that red suits have none; else
    ``""``."""
    m = _RANK_FIRST_RE.match(t)
    if not m:
        return ""
    suit = _SUIT_CHARS[m.group(2)]
    rank = _RANK_ALIASES[m.group(1)]
    if rank not in _SUIT_RANKS[suit]:
        return f" (the suit comes first, e.g. {SUIT_LETTERS[suit]}J; red suits have no 10)"
    return f" (did you mean {SUIT_LETTERS[suit] + rank}?)"


def format_card(card: int) -> str:
    """Canonical notation of card id ``card`` (``XXII``, ``SK``, ``C10`` …)."""
    if not 0 <= int(card) < N_CARDS:
        raise CardError(f"card id {card} out of range 0..{N_CARDS - 1}")
    return CARD_NAMES[int(card)]


_SPLIT_RE = re.compile(r"[\s,]+")


def tokens(text: str) -> list[str]:
    """Split card notation on spaces and commas."""
    return [t for t in _SPLIT_RE.split(text.strip()) if t]


def parse_cards(text: str, where: str | None = None) -> list[int]:
    """Card ids of a space/comma separated list, in input order.

    Raises ``CardError`` for an unknown token or a card listed twice (``duplicate card
    XXII in {where}``, and the other name it was listed under: ``'skiz' is XXII``).
    """
    out: list[int] = []
    seen: set[int] = set()
    names: dict[int, str] = {}
    for tok in tokens(text):
        c = parse_card(tok)
        if c in seen:
            name = format_card(c)
            other = next((t for t in (names[c], tok) if t.upper() != name), None)
            raise CardError(f"duplicate card {name}" + (f" in {where}" if where else "")
                            + (f" ({other!r} is {name})" if other else ""))
        names[c] = tok
        seen.add(c)
        out.append(c)
    return out


def format_cards(mask_or_cards) -> str:
    """Canonical notation of a card set (mask or iterable of ids), strongest first."""
    if isinstance(mask_or_cards, (int, np.integer)):
        ids = cards_of(int(mask_or_cards))
    else:
        ids = sorted(mask_or_cards, key=_display_key)
    return " ".join(CARD_NAMES[c] for c in ids)


def parse_suit(token: str) -> int:
    """Suit index of a suit token: ``S``/``♠``/``pikk``, ``C``/``♣``/``treff``,
    ``H``/``♥``/``kor``, ``D``/``♦``/``karo``, ``T``/``tarokk``. Raises ``CardError``."""
    t = _fold(token)
    names = {"PIKK": PIKK, "TREFF": TREFF, "KOR": KOR, "KARO": KARO, "TAROKK": TAROKK,
             "T": TAROKK, "SPADES": PIKK, "CLUBS": TREFF, "HEARTS": KOR, "DIAMONDS": KARO}
    if t in _SUIT_CHARS:
        return _SUIT_CHARS[t]
    if t in names:
        return names[t]
    raise CardError(f"unknown suit {token!r} (use S, C, H, D or pikk, treff, kor, karo)")


def iter_bits(mask: int) -> Iterator[int]:
    mask = int(mask)
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
