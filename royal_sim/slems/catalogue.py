"""The slem (bid) table: one row per slem, driving goals, values, raises and the CLI.

Source rule: ``spec/royal-tarokk.md`` §3 (table, raise relations, obligatory play), derived
from ``seeds/000`` (Gerots, sections "Biztató szlemek" … "Royal", "Rájátszás") and
``seeds/002`` (laza, "Emelési viszonyok"). Every slem of the spec table is one row of
``SLEMS`` (ordered as in the spec); the solver driver, scoring and the CLI read this table and
keep no list of names of their own.

A *bid* is a slem plus its parameter (``None``, announced magasító cards, a suit, …). Its
canonical notation is ``id`` or ``id:param`` (``gem``, ``ultimo:I``, ``banda:S``,
``piros_fekete:H,S``, ``erdelyi_facan:SK,I``); see ``params.slem_key`` /
``params.parse_slem_key``.

Parameter values (by ``ParamKind``): see ``params.py``.

Each slem's predicate is a ``Predicate`` record (an AND of the clauses of
``engine/goal.py``), written with card masks and *terms* that the parameter resolves
(``M1`` = the first announced magasító, ``SUIT_TERM`` = every card of the announced suit …;
``resolve_term``); ``goals.compile_goal`` turns it into the engine's ``Goal`` for one pair
and one position.

Interpretation decisions (where spec and sources leave room; raises: ``raises.py``,
positions: ``goals.py``):

- Obscur = P wins ≥ 5 of tricks 1–9 (first to five tricks; spec §3).
- "Volát-containing trophies" = the trophies needing all 10 tricks (Scala, Quart, Piramis,
  Spectrum, Stella, Full, Court, Grand, Hárpia, Gloria, Triumf, Royal); each raises Volát.
  Obscur's "no free-trick slem or trophy containing one was bid" is the same set plus
  Gém … Volát, by either pair ("a licitálás folyamán", seed 000).
- Mariage = tricks 9 and 10 each won with the K or the Q of s (two tricks need two cards).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable

from ..model import cards as C
from ..model.deal import N_TRICKS
from ..model.text import fold
from ..errors import RoyalSimError

TRICKS_1_TO_10 = (1 << N_TRICKS) - 1


class BidError(RoyalSimError):
    """An unknown slem, a malformed bid key or a parameter the slem cannot take."""


# ---------------------------------------------------------------------------------------
# what a slem announces


class ParamKind(Enum):
    """What a slem announces in the bidding besides its name (Gerots §"Bemondások")."""

    NONE = "none"
    MAGASITO = "magasito"        # one announced magasító (Ultimó … Turul, Fácán, Sólyom)
    MAGASITO2 = "magasito2"      # two ordered announced magasítók (the fácánok)
    MAGASITO3 = "magasito3"      # three ordered announced magasítók (Héja, Stella)
    SUIT = "suit"                # one suit (Banda, Mariage, Famille, Court)
    BLACK_SUIT = "black_suit"    # ♠ or ♣ (Dzsinn: only black suits have a 10)
    RED_BLACK = "red_black"      # one red and one black suit (Piros-fekete)

    @property
    def arity(self) -> int:
        """Number of announced magasító cards (0 for the other kinds)."""
        return {ParamKind.MAGASITO: 1, ParamKind.MAGASITO2: 2,
                ParamKind.MAGASITO3: 3}.get(self, 0)


BLACK_SUITS = (C.PIKK, C.TREFF)
RED_SUITS = (C.KOR, C.KARO)


# ---------------------------------------------------------------------------------------
# predicates

# Param-derived terms (strings) usable wherever a predicate takes a card set. A plain int is a
# constant card mask. A term that stands for specific cards ("named": one fixed card, an
# announced magasító, the announced ten, K and Q) must still be in play in a position.
M1, M2, M3 = "m1", "m2", "m3"        # the 1st/2nd/3rd announced magasító
SUIT_TERM = "suit"                   # every card of the announced suit
SUITS_TERM = "suits"                 # every card of both announced suits (Piros-fekete)
TEN_TERM = "ten"                     # the 10 of the announced (black) suit
KQ_TERM = "kq"                       # the K and the Q of the announced suit
ANY = C.FULL_MASK                    # any card ("P wins trick t")
_NAMED_TERMS = (M1, M2, M3, TEN_TERM, KQ_TERM)


def _b(*cards: int) -> int:
    return C.mask_of(cards)


@dataclass(frozen=True)
class Predicate:
    """A slem's predicate over a finished play, for the bidding pair P (spec §3).

    All clauses must hold (AND):

    - ``min_tricks``: P wins at least this many of the tricks in ``count_tricks`` (trick
      numbers 1…10; empty = every trick);
    - ``tricks``: ``(t, term)`` pairs: P wins trick t with a card of ``term``;
    - ``capture``: terms whose cards must all end in P's tricks;
    - ``capture_opp``: cards dealt to O that must end in P's tricks ("O's c": false when P
      holds one of them);
    - ``capture_any``: at least one of these cards ends in P's tricks;
    - ``exists``: for each mask, P wins some trick with a card of it (≤ 2, disjoint);
    - ``run``: ``(mask, n)``: P wins n consecutive tricks, each with a card of mask;
    - ``split_tricks``: the cards that win these tricks are not all from one hand (Royal).
    """

    min_tricks: int = 0
    count_tricks: tuple[int, ...] = ()
    tricks: tuple[tuple[int, object], ...] = ()
    capture: tuple[object, ...] = ()
    capture_opp: int = 0
    capture_any: int = 0
    exists: tuple[int, ...] = ()
    run: tuple[int, int] = (0, 0)
    split_tricks: tuple[int, ...] = ()

    @property
    def all_tricks(self) -> bool:
        """True when P must win all 10 tricks: the predicate "contains Volát"."""
        return self.min_tricks == N_TRICKS and not self.count_tricks

    def first_trick_named(self) -> int:
        """The earliest trick whose outcome the predicate depends on (11 if none).

        A trick count (without ``count_tricks``) or a run depends on every trick; captures and
        existentials depend on cards, not on trick numbers (see ``compile_goal``)."""
        firsts = [N_TRICKS + 1]
        if self.min_tricks or self.run[1]:
            firsts.append(min(self.count_tricks) if self.count_tricks else 1)
        firsts += [t for t, _ in self.tricks]
        firsts += list(self.split_tricks)
        return min(firsts)

    def named_tricks(self) -> tuple[tuple[int, object], ...]:
        """The ``(t, term)`` of ``tricks`` whose term stands for specific cards: one fixed
        card or a named term (an announced magasító, the announced ten, K and Q)."""
        return tuple((t, term) for t, term in self.tricks
                     if (isinstance(term, int) and C.popcount(term) == 1)
                     or term in _NAMED_TERMS)


def _wins(tricks: Iterable[int], term: object = ANY) -> tuple[tuple[int, object], ...]:
    return tuple((t, term) for t in tricks)


def resolve_term(term, param) -> tuple[int, bool]:
    """``(mask, named)`` of a predicate term under a canonical parameter (as
    ``params.check_param`` returns it): the card mask the term stands for, and whether it
    names specific cards (one card, an announced magasító, the ten, K and Q)."""
    if isinstance(term, int):
        return term, C.popcount(term) == 1
    if term in (M1, M2, M3):
        cards = param if isinstance(param, tuple) else (param,)
        return C.bit(cards[(M1, M2, M3).index(term)]), True
    if term == SUIT_TERM:
        return int(C.SUIT_MASKS[param]), False
    if term == SUITS_TERM:
        return int(C.SUIT_MASKS[param[0]]) | int(C.SUIT_MASKS[param[1]]), False
    if term == TEN_TERM:
        return C.bit(C.parse_card(C.SUIT_LETTERS[param] + "10")), True
    if term == KQ_TERM:
        letter = C.SUIT_LETTERS[param]
        return C.bit(C.parse_card(letter + "K")) | C.bit(C.parse_card(letter + "Q")), True
    raise AssertionError(term)


_RED_SMALL = C.RED & (C.QUEENS | C.KNIGHTS | C.JACKS)        # Spadille, Szfinx
_BLACK_NJ = C.BLACK & (C.KNIGHTS | C.JACKS)                  # Manille
_BLACK_SMALL = C.BLACK & (C.QUEENS | C.KNIGHTS | C.JACKS)    # Szfinx
_KOTOTT = ((3, C.XVIII), (4, C.XIX), (5, C.XX), (6, C.XXI), (7, C.SKIZ))
_SCALA_TRICKS = tuple((t, _b(c)) for t, c in _KOTOTT)
_LAST3 = (8, 9, 10)


def _kotott(t: int, card: int) -> Predicate:
    return Predicate(tricks=_wins(range(1, t)) + ((t, _b(card)),))


def _scala_and(last3_term: object | None = None) -> Predicate:
    extra = _wins(_LAST3, last3_term) if last3_term is not None else ()
    return Predicate(min_tricks=N_TRICKS, tricks=_SCALA_TRICKS + extra)


# ---------------------------------------------------------------------------------------
# raise edges (the relation: raises.py)


@dataclass(frozen=True)
class Raise:
    """One raise edge: the slem holding it supersedes ``lower`` (which then lapses).

    ``when`` restricts the lower bid's parameter: ``None`` = any parameter; ``"same"`` = the
    same parameter as the higher bid (Gerots magasító chain: same card); a frozenset = the
    lower bid's parameter must be one of these (Flotta > ♥/♦ Banda)."""

    lower: str
    when: object = None


SAME = "same"
"""``Raise.when`` for "the same parameter as the higher bid"."""


def _r(*lowers: str, when: object = None) -> tuple[Raise, ...]:
    return tuple(Raise(lo, when) for lo in lowers)


_KOTOTT_IDS = ("pikolo", "city", "centrum", "kismadar", "nagymadar")


# ---------------------------------------------------------------------------------------
# the table

TROPHY_TIERS = ("kis", "alap", "nagy", "szuper", "multi", "ultra", "royal")
"""Trophy tiers, lowest first (spec §3 groups "kis trófea" … "royal")."""

GROUPS = ("biztató", "csendes", "szabad ütő", "kötött ütő", "magasító", "reptető", "színfogó",
          "extra", "kis trófea", "alap trófea", "nagy trófea", "szuper trófea", "multi trófea",
          "ultra trófea", "royal")
"""The slem groups of spec §3, in table order (Hungarian, as in the source)."""


@dataclass(frozen=True)
class Slem:
    """One row of the catalogue (spec §3 table).

    ``id``: ASCII-folded Hungarian name; ``name``: Hungarian with accents; ``gloss``: English;
    ``group``: one of ``GROUPS``; ``value``: points; ``param``: what is announced with it;
    ``predicate``: the play goal; ``text``: the spec's predicate sentence; ``raises``: direct
    raise edges (the slems it supersedes); ``aliases``: other names (laza spellings);
    ``note``: scoring/bidding rules from the sources in words.

    Scoring data (derived from the table in ``_finish``, see the spec §3 notes):
    ``void_if_bid_any``: not scored if any pair bid one of these (Obscur: no free-trick slem
    or trophy containing one); ``void_if_bid_own``: silent slem not scored if its own pair
    bid one of these (Les, Csendes XXI-fogás are "unannounced"); ``void_if_made_own``: not
    scored beside one of these fulfilled by the same pair (Négy király and the színfogó
    slems beside a fulfilled Volát-containing trophy, seed 000).
    """

    id: str
    name: str
    gloss: str
    group: str
    value: int
    predicate: Predicate
    text: str
    param: ParamKind = ParamKind.NONE
    raises: tuple[Raise, ...] = ()
    aliases: tuple[str, ...] = ()
    note: str = ""
    void_if_bid_any: tuple[str, ...] = ()
    void_if_bid_own: tuple[str, ...] = ()
    void_if_made_own: tuple[str, ...] = ()

    @property
    def trophy(self) -> str | None:
        """Trophy tier (one of ``TROPHY_TIERS``) or ``None`` for a non-trophy slem."""
        if self.group == "royal":
            return "royal"
        if self.group.endswith(" trófea"):
            return self.group.split()[0]
        return None

    @property
    def trophy_rank(self) -> int:
        """0 for a non-trophy, 1 (kis) … 7 (royal) for a trophy."""
        t = self.trophy
        return 0 if t is None else TROPHY_TIERS.index(t) + 1

    @property
    def is_trophy(self) -> bool:
        return self.trophy is not None

    @property
    def silent_only(self) -> bool:
        """Csendes slems: never bid, scored when achieved (Gerots "Csendes szlemek")."""
        return self.group == "csendes"

    @property
    def contains_volat(self) -> bool:
        """True when the predicate requires all 10 tricks."""
        return self.predicate.all_tricks

    @property
    def obligatory_play(self) -> bool:
        """Gerots rájátszás applies: the bid announces cards for given tricks."""
        return bool(self.predicate.named_tricks())

    def __str__(self) -> str:
        return self.id


_ROWS: list[Slem] = []


def _row(id, name, gloss, group, value, predicate, text, param=ParamKind.NONE, raises=(),
         aliases=(), note=""):
    _ROWS.append(Slem(id=id, name=name, gloss=gloss, group=group, value=value,
                      predicate=predicate, text=text, param=param, raises=tuple(raises),
                      aliases=tuple(aliases), note=note))


_PK = ParamKind

# biztató (seed 000 "Biztató szlemek")
_row("vizi", "Vizi", "capture XVIII", "biztató", 1, Predicate(capture=(_b(C.XVIII),)),
     "P captures XVIII")
_row("lamour", "L'amour", "capture XIX", "biztató", 1, Predicate(capture=(_b(C.XIX),)),
     "P captures XIX")
_row("angelo", "Angelo", "capture XX", "biztató", 1, Predicate(capture=(_b(C.XX),)),
     "P captures XX")
_row("honor", "Honőr", "capture an honour", "biztató", 1, Predicate(capture_any=C.HONOURS),
     "P captures skíz or XXI")
_row("kopf", "Köpf", "capture both honours", "biztató", 2, Predicate(capture=(C.HONOURS,)),
     "P captures skíz and XXI", raises=_r("honor"))
_row("tous_les_trois", "Tous les trois", "capture both honours and the pagát", "biztató", 3,
     Predicate(capture=(C.HONOURS | _b(C.PAGAT),)), "P captures skíz, XXI and I",
     raises=_r("kopf", "honor"), aliases=("Trull",))

# csendes (seed 000 "Csendes szlemek")
_row("obscur", "Obscur", "first to five tricks (silent)", "csendes", 5,
     Predicate(min_tricks=5, count_tricks=tuple(range(1, 10))),
     "P is first to 5 tricks: P wins >= 5 of tricks 1-9",
     note="only if no free-trick slem (or trophy containing one) was bid by anyone")
_row("les", "Les", "catch the opponents' pagát unannounced (silent)", "csendes", 15,
     Predicate(capture_opp=_b(C.PAGAT)), "P captures O's I, unannounced")
_row("negy_kiraly", "Négy király", "capture all four kings (silent)", "csendes", 20,
     Predicate(capture=(C.KINGS,)), "P captures all four kings",
     note="counts with Volát or Légió, not beside a fulfilled Volát-containing trophy")
_row("csendes_xxi_fogas", "Csendes XXI-fogás", "catch the opponents' XXI unannounced (silent)",
     "csendes", 50, Predicate(capture_opp=_b(C.XXI)), "P captures O's XXI, unannounced")

# szabad ütő (seed 000 "Szabad ütő szlemek"): raise chain Gém < … < Volát
_FREE = (("gem", "Gém", 5, 10), ("kassza", "Kassza", 6, 20), ("bridge", "Bridge", 7, 30),
         ("oktav", "Oktáv", 8, 40), ("mizer", "Mizer", 9, 50), ("volat", "Volát", 10, 60))
for _i, (_id, _name, _k, _v) in enumerate(_FREE):
    _row(_id, _name, "all 10 tricks" if _k == 10 else f"{_k} tricks", "szabad ütő", _v,
         Predicate(min_tricks=_k), f"P wins >= {_k} tricks",
         raises=_r(_FREE[_i - 1][0]) if _i else (),
         aliases=("Bridzs",) if _id == "bridge" else ())
FREE_TRICK_IDS = tuple(f[0] for f in _FREE)

# kötött ütő (seed 000 "Kötött ütő szlemek")
for (_t, _card), _id, _name, _v in zip(
        _KOTOTT, _KOTOTT_IDS, ("Pikoló", "City", "Centrum", "Kismadár", "Nagymadár"),
        (5, 5, 10, 20, 30)):
    _row(_id, _name, f"tricks 1-{_t}, trick {_t} with {C.format_card(_card)}", "kötött ütő", _v,
         _kotott(_t, _card),
         f"P wins tricks 1-{_t}, trick {_t} with {C.format_card(_card)}")

# magasító (seed 000 "Magasító szlemek"): same-card raise chain Ultimó < … < Turul
_MAG = (("ultimo", "Ultimó", 10, 10), ("uhu", "Uhu", 9, 20), ("sarkany", "Sárkány", 8, 30),
        ("griff", "Griff", 7, 40), ("turul", "Turul", 6, 50))
for _i, (_id, _name, _t, _v) in enumerate(_MAG):
    _row(_id, _name, f"trick {_t} with an announced raiser", "magasító", _v,
         Predicate(tricks=((_t, M1),)), f"P wins trick {_t} with announced magasító m",
         param=_PK.MAGASITO, raises=_r(_MAG[_i - 1][0], when=SAME) if _i else (),
         note="a pair announces at most one magasító per trick")

# reptető (seed 000 "Reptető szlemek")
_row("facan", "Fácán", "trick 1 with an announced raiser", "reptető", 20,
     Predicate(tricks=((1, M1),)), "P wins trick 1 with announced magasító m",
     param=_PK.MAGASITO, note="not bid together with Sólyom")
_row("solyom", "Sólyom", "trick 2 with an announced raiser", "reptető", 20,
     Predicate(tricks=((2, M1),)), "P wins trick 2 with announced magasító m",
     param=_PK.MAGASITO, note="not bid together with Fácán")

# színfogó (seed 000 "Színfogó szlemek"; raises from the laza list)
_row("banda", "Banda", "capture a whole suit", "színfogó", 5, Predicate(capture=(SUIT_TERM,)),
     "P captures every card of suit s", param=_PK.SUIT)
_row("flotta", "Flotta", "capture all red cards", "színfogó", 20, Predicate(capture=(C.RED,)),
     "P captures all ♥ and ♦",
     raises=_r("piros_fekete") + _r("banda", when=frozenset(RED_SUITS)))
_row("piros_fekete", "Piros-fekete", "capture one red and one black suit", "színfogó", 25,
     Predicate(capture=(SUITS_TERM,)), "P captures all of r and all of b", param=_PK.RED_BLACK)
_row("armada", "Armada", "capture all black cards", "színfogó", 30,
     Predicate(capture=(C.BLACK,)), "P captures all ♠ and ♣",
     raises=_r("piros_fekete") + _r("banda", when=frozenset(BLACK_SUITS)))
_row("legio", "Légió", "capture all suit cards", "színfogó", 50,
     Predicate(capture=(C.SUIT_CARDS,)), "P captures all 18 suit cards",
     raises=_r("banda", "piros_fekete", "flotta", "armada"))

# extra (seed 000 "Extra szlemek")
_row("amazon", "Amazon", "win a trick with a small suit card", "extra", 5,
     Predicate(exists=(C.KIS_SZINES,)), "P wins some trick with a small suit card (Q, N, J, 10)",
     note="Gerots: if the partner separately bid a slem that needs a suit-card trick "
          "including an Amazon-type one, that slem raises Amazon, which then scores only "
          "with one more non-king suit trick")
_row("pagatfogas", "Pagátfogás", "catch the opponents' pagát", "extra", 30,
     Predicate(capture_opp=_b(C.PAGAT)), "P captures O's I")
_row("erdelyi_facan", "Erdélyi fácán", "tricks 1 and 2 with announced raisers", "extra", 60,
     Predicate(tricks=((1, M1), (2, M2))), "P wins tricks 1 and 2 with announced magasítók "
     "m1, m2", param=_PK.MAGASITO2)
_row("temesvari_facan", "Temesvári fácán", "tricks 1 and 3 with announced raisers", "extra",
     60, Predicate(tricks=((1, M1), (3, M2))), "P wins 1 and 3 with m1, m2",
     param=_PK.MAGASITO2, note="not bid together with Kolozsvári fácán")
_row("kolozsvari_facan", "Kolozsvári fácán", "tricks 2 and 4 with announced raisers", "extra",
     60, Predicate(tricks=((2, M1), (4, M2))), "P wins 2 and 4 with m1, m2",
     param=_PK.MAGASITO2, note="not bid together with Temesvári fácán")
_row("surrano", "Surranó", "last two tricks with matadors", "extra", 60,
     Predicate(tricks=_wins((9, 10), C.MATADORS)), "P wins tricks 9 and 10, each with a matador")
_row("fonix", "Főnix", "last two tricks with kings", "extra", 60,
     Predicate(tricks=_wins((9, 10), C.KINGS)), "P wins 9 and 10, each with a king")

# kis trófeák (seed 000 "Kis trófeák")
_row("spadille", "Spadille", "win a trick with a red Q, N or J", "kis trófea", 30,
     Predicate(exists=(_RED_SMALL,)), "P wins some trick with a red Q, N or J",
     raises=_r("amazon"))
_row("manille", "Manille", "win a trick with a black N or J", "kis trófea", 30,
     Predicate(exists=(_BLACK_NJ,)), "P wins some trick with a black N or J",
     raises=_r("amazon"))
_row("dzsinn", "Dzsinn", "last trick with the announced black 10", "kis trófea", 50,
     Predicate(tricks=((10, TEN_TERM),)), "P wins trick 10 with the 10 of s",
     param=_PK.BLACK_SUIT, raises=_r("manille"), aliases=("Dzsin",))
_row("mariage", "Mariage", "last two tricks with K and Q of the announced suit", "kis trófea",
     50, Predicate(tricks=_wins((9, 10), KQ_TERM)),
     "P wins tricks 9 and 10 with the K and the Q of s (either order)", param=_PK.SUIT,
     raises=_r("spadille", "manille"), aliases=("Mariázs",))

# alap trófeák (seed 000 "Alap trófeák")
_row("xxi_fogas", "XXI-fogás", "catch the opponents' XXI", "alap trófea", 125,
     Predicate(capture_opp=_b(C.XXI)), "P captures O's XXI")
_row("heja", "Héja", "tricks 1-3 with announced raisers", "alap trófea", 125,
     Predicate(tricks=((1, M1), (2, M2), (3, M3))),
     "P wins 1, 2, 3 with announced magasítók m1, m2, m3", param=_PK.MAGASITO3,
     raises=_r("facan", "solyom"))
_row("couleur", "Couleur", "last three tricks with suit cards", "alap trófea", 125,
     Predicate(tricks=_wins(_LAST3, C.SUIT_CARDS)), "P wins 8, 9, 10, each with a suit card")
_row("scala", "Scala", "all tricks and the five kötött tricks", "alap trófea", 125,
     _scala_and(), "P wins all 10; trick 3 with XVIII, 4 XIX, 5 XX, 6 XXI, 7 skíz",
     raises=_r(*_KOTOTT_IDS), aliases=("Skála",))

# nagy trófeák (seed 000 "Nagy trófeák")
_row("golgota", "Golgota", "catch the opponents' XXI and pagát", "nagy trófea", 150,
     Predicate(capture_opp=_b(C.XXI, C.PAGAT)), "P captures O's XXI and O's I",
     raises=_r("xxi_fogas", "pagatfogas"))
_row("kentaur", "Kentaur", "catch the opponents' XXI and win a trick with a small suit card",
     "nagy trófea", 150, Predicate(capture_opp=_b(C.XXI), exists=(C.KIS_SZINES,)),
     "P captures O's XXI and wins some trick with a small suit card", raises=_r("xxi_fogas"))
_row("trojka", "Trojka", "last three tricks with matadors", "nagy trófea", 150,
     Predicate(tricks=_wins(_LAST3, C.MATADORS)), "P wins 8, 9, 10, each with a matador")
_row("famille", "Famille", "last three tricks with cards of the announced suit", "nagy trófea",
     150, Predicate(tricks=_wins(_LAST3, SUIT_TERM)), "P wins 8, 9, 10, each with a card of s",
     param=_PK.SUIT, raises=_r("couleur"))
_row("betlehem", "Betlehem", "last three tricks with kings", "nagy trófea", 150,
     Predicate(tricks=_wins(_LAST3, C.KINGS)), "P wins 8, 9, 10, each with a king",
     raises=_r("couleur"))
_row("szfinx", "Szfinx", "a trick with a red and another with a black Q, N or J",
     "nagy trófea", 150, Predicate(exists=(_RED_SMALL, _BLACK_SMALL)),
     "P wins one trick with a red Q/N/J and another with a black Q/N/J",
     raises=_r("spadille", "manille"))

# szuper trófeák (seed 000 "Szuper trófeák")
_row("quart", "Quart", "all tricks, four consecutive with suit cards", "szuper trófea", 175,
     Predicate(min_tricks=N_TRICKS, run=(C.SUIT_CARDS, 4)),
     "P wins all 10, four consecutive of them each with a suit card")
_row("piramis", "Piramis", "all tricks, four consecutive with matadors", "szuper trófea", 175,
     Predicate(min_tricks=N_TRICKS, run=(C.MATADORS, 4)),
     "P wins all 10, four consecutive of them each with a matador")
_row("spectrum", "Spectrum", "Scala and the last three tricks with suit cards",
     "szuper trófea", 175, _scala_and(C.SUIT_CARDS), "Scala, and 8, 9, 10 each with a suit card",
     raises=_r("scala", "couleur", *_KOTOTT_IDS), aliases=("Spektrum",))

# multi trófeák (seed 000 "Multi trófeák")
_row("stella", "Stella", "all tricks, 1-3 with announced raisers, 4-7 with XIX-skíz",
     "multi trófea", 200,
     Predicate(min_tricks=N_TRICKS, tricks=((1, M1), (2, M2), (3, M3)) + _SCALA_TRICKS[1:]),
     "P wins all 10; 1-3 with announced m1, m2, m3; 4 XIX, 5 XX, 6 XXI, 7 skíz",
     param=_PK.MAGASITO3, raises=_r("heja", *_KOTOTT_IDS[1:]))
_row("full", "Full", "Scala and the last three tricks with matadors", "multi trófea", 200,
     _scala_and(C.MATADORS), "Scala, and 8, 9, 10 each with a matador",
     raises=_r("scala", "trojka", *_KOTOTT_IDS))
_row("court", "Court", "Scala and the last three tricks with cards of the announced suit",
     "multi trófea", 200, _scala_and(SUIT_TERM), "Scala, and 8, 9, 10 each with a card of s",
     param=_PK.SUIT, raises=_r("scala", "famille", "couleur", *_KOTOTT_IDS))
_row("grand", "Grand", "Scala and the last three tricks with kings", "multi trófea", 200,
     _scala_and(C.KINGS), "Scala, and 8, 9, 10 each with a king",
     raises=_r("scala", "betlehem", "couleur", *_KOTOTT_IDS))

# ultra trófeák (seed 000 "Ultra trófeák")
_row("harpia", "Hárpia", "all tricks, catch XXI and pagát, a trick with a small suit card",
     "ultra trófea", 250,
     Predicate(min_tricks=N_TRICKS, capture_opp=_b(C.XXI, C.PAGAT), exists=(C.KIS_SZINES,)),
     "P wins all 10, captures O's XXI and O's I, wins some trick with a small suit card",
     raises=_r("xxi_fogas", "pagatfogas", "golgota", "kentaur"))
_row("gloria", "Gloria", "all tricks, catch XXI, last three with suit cards", "ultra trófea",
     250, Predicate(min_tricks=N_TRICKS, capture_opp=_b(C.XXI),
                    tricks=_wins(_LAST3, C.SUIT_CARDS)),
     "P wins all 10, captures O's XXI, 8-10 each with a suit card",
     raises=_r("xxi_fogas", "couleur", "kentaur"), aliases=("Glória",))
_row("triumf", "Triumf", "all tricks, catch XXI, last three with matadors", "ultra trófea", 250,
     Predicate(min_tricks=N_TRICKS, capture_opp=_b(C.XXI), tricks=_wins(_LAST3, C.MATADORS)),
     "P wins all 10, captures O's XXI, 8-10 each with a matador",
     raises=_r("xxi_fogas", "trojka"))

# royal (seed 000 "Royal")
_row("royal", "Royal", "all tricks, catch XXI and pagát, last three with matadors from two "
     "hands", "royal", 300,
     Predicate(min_tricks=N_TRICKS, capture_opp=_b(C.XXI, C.PAGAT),
               tricks=_wins(_LAST3, C.MATADORS), split_tricks=_LAST3),
     "P wins all 10, captures O's XXI and O's I, 8-10 each with a matador, those three "
     "matadors not all from one hand", raises=_r("xxi_fogas", "golgota", "trojka"))


def _finish(rows: list[Slem]) -> dict[str, Slem]:
    """Add the table-derived data: Volát-containing trophies raise Volát; Obscur's and the
    silent slems' conditions; the ids that do not count beside a Volát trophy."""
    volat_trophies = tuple(s.id for s in rows if s.is_trophy and s.contains_volat)
    out: dict[str, Slem] = {}
    for s in rows:
        if s.id in volat_trophies:
            s = replace(s, raises=s.raises + (Raise("volat"),))
        if s.id == "obscur":
            s = replace(s, void_if_bid_any=FREE_TRICK_IDS + volat_trophies)
        if s.silent_only and s.predicate.capture_opp:
            # "unannounced": void when the own pair bid a slem catching the same O's card
            s = replace(s, void_if_bid_own=tuple(
                o.id for o in rows if not o.silent_only
                and o.predicate.capture_opp & s.predicate.capture_opp))
        if s.id == "negy_kiraly" or s.group == "színfogó":
            s = replace(s, void_if_made_own=volat_trophies)
        out[s.id] = s
    return out


SLEMS: dict[str, Slem] = _finish(_ROWS)
"""Every slem of spec §3 by id, in the spec's table order."""
SLEM_IDS: tuple[str, ...] = tuple(SLEMS)
del _ROWS, _i, _id, _name, _k, _v, _t, _card

NOT_TOGETHER: tuple[tuple[str, ...], ...] = (
    ("facan", "solyom"),
    ("temesvari_facan", "kolozsvari_facan"),
    tuple(s.id for s in SLEMS.values() if s.group == "színfogó"),
)
"""Sets of slems of which one pair bids at most one (seed 000: Fácán/Sólyom, Temesvári/
Kolozsvári fácán, all színfogó slems "együtt nem mondhatók be"). Besides: at most one trophy
per pair (raising replaces it), one magasító per trick per pair, each slem once per pair."""


# ---------------------------------------------------------------------------------------
# lookup by name


def fold_name(text: str) -> str:
    """ASCII-fold a Hungarian slem name to id form: ``"Csendes XXI-fogás"`` →
    ``"csendes_xxi_fogas"``, ``"L'amour"`` → ``"lamour"``."""
    plain = fold(text).lower().replace("'", "").replace("’", "")
    return "_".join(plain.replace("-", " ").replace("_", " ").split())


_LOOKUP: dict[str, str] = {}
for _s in SLEMS.values():
    for _n in (_s.id, _s.name, *_s.aliases):
        _LOOKUP[fold_name(_n)] = _s.id
del _s, _n


def get_slem(name: str | Slem) -> Slem:
    """The slem for an id, Hungarian name or alias (case/accents optional: ``"Gém"``,
    ``"xxi-fogas"``, ``"Trull"``). Raises ``BidError`` for an unknown name."""
    if isinstance(name, Slem):
        return name
    try:
        return SLEMS[_LOOKUP[fold_name(name)]]
    except KeyError:
        import difflib
        close = difflib.get_close_matches(fold_name(name), list(_LOOKUP), n=3)
        hint = f"; did you mean {', '.join(_LOOKUP[c] for c in close)}?" if close else ""
        raise BidError(f"unknown slem {name!r}{hint} ('royal-sim slems' lists them)") from None


def parse_slem_list(text: str) -> list[Slem]:
    """The slems of a comma- or space-separated list of ids, names or aliases, in order,
    each once. A name of several words (``"Tous les trois"``, ``"Négy király"``) is read
    whole: within each comma-separated part the longest run of words that names a slem
    is taken first. Raises ``BidError`` for a word that starts no slem name."""
    out: dict[str, Slem] = {}
    for part in str(text).split(","):
        words = part.split()
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                key = fold_name(" ".join(words[i:j]))
                if key in _LOOKUP:
                    out.setdefault(_LOOKUP[key], SLEMS[_LOOKUP[key]])
                    i = j
                    break
            else:
                get_slem(words[i])          # raises, naming the word
    return list(out.values())
