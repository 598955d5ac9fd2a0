"""Slem parameters: what a bid announces besides the slem, and the bid notation.

Source rule: ``spec/royal-tarokk.md`` §3 (notation), seed 000 "Bemondások" (announced
magasítók, suits). A *bid* is a slem plus its parameter; its canonical notation is ``id`` or
``id:param`` (``gem``, ``ultimo:I``, ``banda:S``, ``piros_fekete:H,S``,
``erdelyi_facan:SK,I``): ``slem_key`` / ``parse_slem_key``, ``Bid``.

Parameter values (by ``ParamKind``):

================ ==================================== =====================
kind             Python value                          notation
================ ==================================== =====================
``NONE``         ``None``                              ``gem``
``MAGASITO``     card id (a matador or a king)         ``ultimo:I``
``MAGASITO2/3``  tuple of distinct card ids, in trick  ``heja:I,II,SK``
                 order (m1 wins the first named trick)
``SUIT``         suit index ``cards.PIKK`` … ``KARO``  ``banda:S``
``BLACK_SUIT``   ``cards.PIKK`` or ``cards.TREFF``      ``dzsinn:C``
``RED_BLACK``    ``(red suit, black suit)``            ``piros_fekete:H,S``
================ ==================================== =====================
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from numbers import Integral

from ..model import cards as C
from .catalogue import BLACK_SUITS, RED_SUITS, BidError, ParamKind, Slem, get_slem


def _magasito_error(card: int) -> BidError:
    return BidError(f"{C.format_card(card)} is not a magasító (raisers: IV, III, II, I and "
                    "the kings)")


def check_param(slem: str | Slem, param=None):
    """Validate and normalise a parameter for ``slem``; a string is parsed by
    ``parse_param``. Returns the canonical value (see the module table); a red/black pair
    is returned as ``(red, black)`` in either input order. Raises ``BidError``."""
    s = get_slem(slem)
    if isinstance(param, str):
        return parse_param(s, param)
    kind = s.param
    if kind is ParamKind.NONE:
        if param is not None:
            raise BidError(f"{s.id} takes no parameter, got {param!r}")
        return None
    if param is None:
        raise BidError(f"{s.id} needs a parameter ({_param_help(kind)})")
    if kind.arity:
        cards = (param,) if kind is ParamKind.MAGASITO and not isinstance(param, (tuple, list)) \
            else tuple(param)
        if len(cards) != kind.arity:
            raise BidError(f"{s.id} announces {kind.arity} magasító(k), got {len(cards)}")
        out = []
        for c in cards:
            c = int(c)
            if not 0 <= c < C.N_CARDS:
                raise BidError(f"card id {c} out of range")
            if not C.MAGASITOK >> c & 1:
                raise _magasito_error(c)
            out.append(c)
        if len(set(out)) != len(out):
            raise BidError(f"{s.id}: an announced magasító can win only one trick "
                           f"({', '.join(C.format_card(c) for c in out)})")
        return out[0] if kind is ParamKind.MAGASITO else tuple(out)
    if kind is ParamKind.RED_BLACK:
        suits = tuple(int(x) for x in param) if isinstance(param, (tuple, list)) else ()
        if len(suits) != 2:
            shown = ",".join(_suit_str(x) for x in suits) if suits else repr(param)
            raise BidError(f"{s.id} takes a red and a black suit (e.g. H,S), got {shown}")
        red = [x for x in suits if x in RED_SUITS]
        black = [x for x in suits if x in BLACK_SUITS]
        if len(red) != 1 or len(black) != 1:
            raise BidError(f"{s.id} takes one red (H, D) and one black (S, C) suit, got "
                           f"{','.join(_suit_str(x) for x in suits)}")
        return (red[0], black[0])
    allowed = BLACK_SUITS if kind is ParamKind.BLACK_SUIT else C.PLAIN_SUITS
    if not isinstance(param, Integral) or int(param) not in allowed:
        shown = _suit_str(int(param)) if isinstance(param, Integral) else repr(param)
        raise BidError(f"{s.id} takes {_param_help(kind)}, got {shown}")
    return int(param)


def _suit_str(suit: int) -> str:
    return C.SUIT_LETTERS[suit] if 0 <= suit < C.N_SUITS else str(suit)


def _param_help(kind: ParamKind) -> str:
    return {ParamKind.MAGASITO: "one magasító card, e.g. I or SK",
            ParamKind.MAGASITO2: "two magasító cards in trick order, e.g. SK,I",
            ParamKind.MAGASITO3: "three magasító cards in trick order, e.g. IV,I,SK",
            ParamKind.SUIT: "a suit S, C, H or D",
            ParamKind.BLACK_SUIT: "a black suit S or C",
            ParamKind.RED_BLACK: "a red and a black suit, e.g. H,S",
            ParamKind.NONE: "no parameter"}[kind]


def parse_param(slem: str | Slem, text: str):
    """Parse a parameter in notation (``I``, ``SK,I``, ``S``, ``H,S``; cards and suits in any
    form ``cards.py`` accepts). Raises ``BidError`` naming the bad token."""
    s = get_slem(slem)
    toks = [t for t in str(text).replace(";", ",").split(",")]
    toks = [t.strip() for t in toks]
    if s.param is ParamKind.NONE:
        if str(text).strip():
            raise BidError(f"{s.id} takes no parameter, got {text!r}")
        return None
    if not str(text).strip() or any(not t for t in toks):
        raise BidError(f"{s.id} needs {_param_help(s.param)}, got {text!r}")
    try:
        if s.param.arity:
            values = [C.parse_card(t) for t in toks]
            return check_param(s, values[0] if s.param is ParamKind.MAGASITO and
                               len(values) == 1 else tuple(values))
        values = [C.parse_suit(t) for t in toks]
    except C.CardError as e:
        raise BidError(f"{s.id}: {e}") from None
    if s.param is ParamKind.RED_BLACK:
        return check_param(s, tuple(values))
    if len(values) != 1:
        raise BidError(f"{s.id} takes {_param_help(s.param)}, got {text!r}")
    return check_param(s, values[0])


def format_param(slem: str | Slem, param) -> str:
    """Canonical notation of a (valid) parameter: ``I``, ``SK,I``, ``S``, ``H,S``; ``""`` for
    none. Raises ``BidError`` for an invalid one."""
    s = get_slem(slem)
    param = check_param(s, param)
    kind = s.param
    if kind is ParamKind.NONE:
        return ""
    if kind is ParamKind.MAGASITO:
        return C.format_card(param)
    if kind.arity:
        return ",".join(C.format_card(c) for c in param)
    if kind is ParamKind.RED_BLACK:
        return ",".join(_suit_str(x) for x in param)
    return _suit_str(param)


def slem_key(slem: str | Slem, param=None) -> str:
    """Canonical bid notation ``id`` or ``id:param`` (``ultimo:I``, ``piros_fekete:H,S``).
    Raises ``BidError`` for an unknown slem or invalid parameter."""
    s = get_slem(slem)
    p = format_param(s, param)
    return f"{s.id}:{p}" if p else s.id


def parse_slem_key(text: str) -> tuple[Slem, object]:
    """Inverse of ``slem_key``: ``"ultimo:I"`` → ``(SLEMS["ultimo"], 0)``. The name may be
    any form ``get_slem`` accepts. Raises ``BidError``."""
    name, sep, p = str(text).partition(":")
    s = get_slem(name)
    if not sep and s.param is not ParamKind.NONE:
        raise BidError(f"{s.id} needs a parameter: {s.id}:<{_param_help(s.param)}>")
    return s, parse_param(s, p)


@dataclass(frozen=True)
class Bid:
    """A slem with its parameter; ``bid.format()`` (and ``str(bid)``) is the canonical key,
    ``Bid.parse`` its inverse; ``repr`` shows that call (``Bid.parse('ultimo:I')``). Build
    with ``Bid.of("ultimo", "I")`` to validate."""

    slem: Slem
    param: object = None

    @classmethod
    def of(cls, slem: str | Slem, param=None) -> "Bid":
        s = get_slem(slem)
        return cls(s, check_param(s, param))

    @classmethod
    def parse(cls, text: str) -> "Bid":
        """The bid of a key (``ultimo:I``, a name or alias as ``parse_slem_key`` reads it).

        :raises BidError: an unknown slem or a bad parameter, naming it."""
        return _parse_bid(cls, text)

    @functools.cached_property
    def key(self) -> str:
        """The canonical key (``slem_key``), formatted once per bid (scoring reads it for
        every bid of every deal it scores)."""
        return slem_key(self.slem, self.param)

    def format(self) -> str:
        """The canonical key, which ``Bid.parse`` reads back."""
        return self.key

    __str__ = format

    def __repr__(self) -> str:
        return f"Bid.parse({self.key!r})"


@functools.lru_cache(maxsize=4096)
def _parse_bid(cls, text: str) -> Bid:
    """``Bid.parse``, each key text parsed once (a ``Bid`` is immutable, so one object may
    serve every caller; errors are raised every time, not cached)."""
    return cls(*parse_slem_key(text))


def candidate_params(slem: str | Slem, available_cards: int) -> list:
    """Every parameter a pair could announce with ``slem``.

    available_cards: bit mask of the cards the announcing pair may name (its hands). Magasító
    kinds list the magasítók in it (strongest first: IV…I, then ♠♣♥♦ kings), as cards for
    one and as ordered tuples of distinct cards for two/three (n·(n−1)[·(n−2)] of them);
    suit kinds list every suit (♠ ♣ ♥ ♦), black suits, or the four (red, black) pairs,
    whatever the cards. ``[None]`` for a slem without parameter."""
    s = get_slem(slem)
    kind = s.param
    if kind is ParamKind.NONE:
        return [None]
    if kind.arity:
        mags = C.cards_of(int(available_cards) & C.MAGASITOK)
        if kind is ParamKind.MAGASITO:
            return mags
        return list(itertools.permutations(mags, kind.arity))
    if kind is ParamKind.SUIT:
        return list(C.PLAIN_SUITS)
    if kind is ParamKind.BLACK_SUIT:
        return list(BLACK_SUITS)
    return [(r, b) for r in RED_SUITS for b in BLACK_SUITS]
