"""Scoring a finished deal of belote or coinche from each pair's card points, exactly as the
source (``seeds/003``, Hebrew; ``spec/other-games.md`` §7; ``docs/belote.md``).

Units: points. A deal with a trump holds 152 card points and the last trick's 10 (dix de der):
162. Without trumps the aces are 11 (house rules: 120 card points, 130 a deal) or 19
(official rules: 152, 162). Pairs ``NS`` and ``EW``; seats ``N E S W``.

The source's rules, translated (``docs/belote.md`` quotes them):

- each pair adds its cards, the last trick's 10, belote-rebelote (20) and the declarations it
  won; then the two sums are compared;
- the taker leads: each pair scores its points;
- dedans (the taker behind): "the defence takes the 162 points of the deal and its belote;
  the taker keeps only his belote";
- litige (a perfect tie): "the defence scores its points, and the taker's points are set
  aside and go to the pair that wins the next deal" (``reserve`` brings them in);
- capot: "a pair takes every trick and scores 252";
- coinche: the taker must also meet his contract; made: his points + the contract, the
  defence its points; made and coinched: (160 + contract) × 2 (× 4 surcoinched), the defence
  only its belote; fallen: the defence scores that, the taker only his belote. Official rules
  round to tens.

``score_deal`` is pure: it reads no state and keeps none. Impossible inputs raise
``GameError`` (a ``RoyalSimError``) naming the argument.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .base import GameError
from .belote import LAST_TRICK

SEATS = ("N", "E", "S", "W")
"""The seats as the command line names them; S and N are pair NS, E and W pair EW."""
PAIRS = ("NS", "EW")
PAIR_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}

CARD_POINTS = 152
"""Card points of a deal with a trump, and without trumps with the official ace of 19."""
CARD_POINTS_NO_TRUMP_HOUSE = 120
"""Card points without trumps, house rules (ace 11): a deal of 130 with the last trick."""
CAPOT = 252
"""A pair that takes every trick scores 252 (its 152 card points, the 10 of the last trick
and 90 more), in place of its card points and the last trick's 10."""
BELOTE = 20
"""Belote-rebelote: the K and Q of trumps in one hand; always kept by its pair."""
COINCHE_BASE = 160
"""The 160 of the coinche formulas: (160 + contract) × multiplier."""
CAPOT_BASE = 250
"""What an announced capot or générale counts in place of the 160 under official rules (the
capot's 252 rounded to tens): (250 + 250) × 2 = 1000, the source's last row."""
CAPOT_CONTRACT = 250
GENERALE_CONTRACT = 500
CONTRACTS = tuple(range(80, 161, 10)) + (CAPOT_CONTRACT, GENERALE_CONTRACT)
"""The contracts of coinche: 80 to 160 in tens, capot (250) and générale (500)."""

DECLARATIONS = {"tierce": 20, "cinquante": 50, "cent": 100, "carre": 100, "carre9": 150,
                "carrej": 200}
"""Declarations (annonces) and their points: tierce (three in sequence) 20, cinquante (four)
50, cent (five) 100; four of a kind: A, 10, K or Q 100, nines 150, jacks 200."""
DECLARATION_VALUES = (20, 50, 100, 150, 200)

TRUMPS = ("S", "H", "D", "C", "NT")
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

RESULTS = ("made", "capot", "generale", "litige", "dedans")
"""``made``: the taker's pair made it; ``capot``: made, taking every trick; ``generale``:
made, the taker alone taking every trick (coinche); ``litige``: a tie, the taker's points set
aside; ``dedans``: the contract fell (the defence scores the deal)."""

FALL_ANNOUNCE = ("all", "defence", "none")
COINCHE_TIE = ("fall", "litige")


def _error(message: str, argument: str) -> GameError:
    return GameError(message, argument=argument)


MAX_RESERVE = 10_000
"""The most points a reserve carries: a run of litiges sets aside a few hundred a deal."""


def round_ten(points: int) -> int:
    """``points`` rounded to the nearest ten, 5 upwards (official rules: 208 → 210,
    54 → 50, 85 → 90). The rounding scores; it never makes a contract (79 is not 80)."""
    return (points + 5) // 10 * 10


@dataclass(frozen=True)
class Contract:
    """A coinche contract: ``value`` 80..160 in tens, 250 (capot) or 500 (générale), and its
    ``trump`` (``S H D C`` or ``NT``; ``None`` when not said)."""

    value: int
    trump: str | None = None

    @property
    def kind(self) -> str:
        """``points``, ``capot`` (250: the taker's pair takes every trick) or ``generale``
        (500: the taker alone takes every trick)."""
        return {CAPOT_CONTRACT: "capot", GENERALE_CONTRACT: "generale"}.get(self.value,
                                                                            "points")

    def __str__(self) -> str:
        return f"{self.value}{self.trump or ''}"


def parse_contract(text) -> Contract:
    """``100``, ``100H``, ``100♥``, ``90NT``, ``250S``, ``capot``, ``generaleH`` → a
    ``Contract``. Raises ``GameError`` (argument ``contract``) for a value not 80..160 in
    tens, 250 or 500, or an unknown trump."""
    if isinstance(text, Contract):
        value, trump = text.value, text.trump
    elif isinstance(text, int) and not isinstance(text, bool):
        value, trump = text, None
    else:
        raw = str(text).strip()
        t = raw.upper().replace(" ", "")
        for sym, letter in _SUIT_SYMBOLS.items():
            t = t.replace(sym, letter)
        for word, v in (("GENERALE", GENERALE_CONTRACT), ("GÉNÉRALE", GENERALE_CONTRACT),
                        ("CAPOT", CAPOT_CONTRACT)):
            if t.startswith(word):
                t = str(v) + t[len(word):]
        digits = len(t) - len(t.lstrip("0123456789"))
        if digits == 0:
            raise _error(f"contract must be a number 80 to 160 in tens, 250 (capot) or 500 "
                         f"(générale), with a trump S, H, D, C or NT, e.g. 100H; got {raw!r}",
                         "contract")
        value, suffix = int(t[:digits]), t[digits:]
        if suffix == "":
            trump = None
        elif suffix in TRUMPS:
            trump = suffix
        elif suffix in ("SA", "NOTRUMP"):
            trump = "NT"
        else:
            raise _error(f"contract {raw!r}: unknown trump {suffix!r} (use S, H, D, C or NT)",
                         "contract")
    if trump is not None and trump not in TRUMPS:
        raise _error(f"contract: unknown trump {trump!r} (use S, H, D, C or NT)", "contract")
    if value not in CONTRACTS:
        raise _error(f"contract must be 80 to 160 in tens, 250 (capot) or 500 (générale), "
                     f"got {value}", "contract")
    return Contract(value, trump)


def _pair(text, argument: str) -> str:
    t = str(text).strip().upper().replace("-", "").replace("/", "")
    t = {"SN": "NS", "WE": "EW"}.get(t, t)
    if t not in PAIRS:
        raise _error(f"{argument} must be a pair, NS or EW, got {text!r}", argument)
    return t


def _points(points) -> dict[str, int]:
    """``"82/70"``, ``(82, 70)`` or ``{"NS": 82, "EW": 70}`` → ``{"NS": 82, "EW": 70}``."""
    if isinstance(points, dict):
        try:
            pair = {_pair(k, "points"): v for k, v in points.items()}
            values = (pair["NS"], pair["EW"])
        except KeyError:
            raise _error(f"points must give NS and EW, got {points!r}", "points") from None
    elif isinstance(points, str):
        parts = points.replace(" ", "").split("/")
        if len(parts) != 2:
            raise _error(f"points must be the card points of NS and EW as NS/EW, e.g. 82/70; "
                         f"got {points!r}", "points")
        values = parts
    else:
        try:
            values = tuple(points)
        except TypeError:
            values = ()
        if len(values) != 2:
            raise _error(f"points must be two numbers, NS and EW, got {points!r}", "points")
    out = []
    for v in values:
        try:
            n = int(str(v).strip()) if not isinstance(v, int) else v
        except ValueError:
            raise _error(f"points must be whole numbers NS/EW, e.g. 82/70; got {points!r}",
                         "points") from None
        if isinstance(n, bool) or n < 0:
            raise _error(f"points cannot be negative or true/false, got {points!r}",
                         "points")
        out.append(n)
    return {"NS": out[0], "EW": out[1]}


def _announce(items) -> list[tuple[str, int]]:
    """``["NS:50", "EW:tierce"]`` or ``[("NS", 50)]`` → ``[("NS", 50), ("EW", 20)]``."""
    if isinstance(items, str):
        items = [items]
    out = []
    for item in items or ():
        if isinstance(item, str):
            pair, sep, value = item.partition(":")
            if not sep:
                raise _error(f"announce must be PAIR:POINTS, e.g. NS:50; got {item!r}",
                             "announce")
        else:
            try:
                pair, value = item
            except (TypeError, ValueError):
                raise _error(f"announce must be (pair, points), got {item!r}",
                             "announce") from None
        p = _pair(pair, "announce")
        v = str(value).strip().lower().replace("é", "e").replace("-", "").replace("_", "")
        if v in DECLARATIONS:
            n = DECLARATIONS[v]
        else:
            try:
                n = int(v)
            except ValueError:
                n = None
            if n not in DECLARATION_VALUES:
                raise _error(f"announce {item!r}: a declaration is 20 (tierce), 50 "
                             "(cinquante), 100 (cent, or four A, 10, K or Q), 150 (four 9s) "
                             "or 200 (four jacks); give one --announce for each", "announce")
        out.append((p, n))
    return out


@dataclass(frozen=True)
class Score:
    """A scored deal. ``NS``, ``EW``: what each pair scores (points); ``result``: one of
    ``RESULTS``; ``counted``: each pair's points before the rule (cards, the last trick's 10
    or the capot's 252, belote, declarations); ``set_aside``: points set aside for the winner
    of the next deal (a litige; the ``reserve`` given rides on); ``reserve_to``: the pair the
    ``reserve`` given went to (``None``: none given, or set aside again)."""

    NS: int
    EW: int
    result: str
    game: str
    taker: str
    taker_pair: str
    counted: dict = field(default_factory=dict)
    set_aside: int = 0
    reserve: int = 0
    reserve_to: str | None = None
    capot: str | None = None
    generale: bool = False
    contract: int | None = None
    trump: str | None = None
    multiplier: int = 1
    rules: str = "house"
    explanation: str = ""

    def as_dict(self) -> dict:
        """The score as ``--json`` prints it."""
        return {"NS": self.NS, "EW": self.EW, "result": self.result, "game": self.game,
                "taker": self.taker, "taker_pair": self.taker_pair,
                "counted": dict(self.counted), "set_aside": self.set_aside,
                "reserve": self.reserve, "reserve_to": self.reserve_to, "capot": self.capot,
                "generale": self.generale, "contract": self.contract, "trump": self.trump,
                "multiplier": self.multiplier, "rules": self.rules,
                "explanation": self.explanation}


def score_deal(points, *, taker, game: str = "belote", der=None, belote=None, announce=(),
               capot=None, generale: bool = False, reserve: int = 0, no_trump: bool = False,
               official: bool = False, contract=None, coinche: bool = False,
               surcoinche: bool = False, announcements: bool = True,
               fall_announce: str = "all", capot_base: int | None = None,
               coinche_tie: str = "fall") -> Score:
    """Score one finished deal of belote or coinche.

    ``points``: the card points each pair took, ``"NS/EW"`` (``"82/70"``), a pair of ints or
    ``{"NS": …, "EW": …}``; they add up to 152 with a trump, 120 without (house rules, ace
    11) or 152 (official, ace 19). ``taker``: the seat that took (``N E S W``); ``game``:
    ``belote`` or ``coinche``; ``der``: the pair that took the last trick (its 10; needed
    unless ``capot``, which implies it); ``belote``: the pair that held K and Q of trumps
    (+20, kept by its pair even when the contract falls); ``announce``: declarations
    ``["NS:50", …]`` (20, 50, 100, 150, 200, or a name from ``DECLARATIONS``), one item each;
    ``capot``: the pair that took every trick (252 in place of its card points and the
    last trick's 10); ``generale`` (coinche): the taker alone took every trick; ``reserve``:
    points set aside by an earlier litige, added to the winner of this deal; ``no_trump``:
    played without trumps; ``official``: official rules (ace 19 without trumps; coinche
    scores rounded to tens); ``contract`` (coinche): ``Contract``, ``100``, ``"100H"``,
    ``"250"`` (capot), ``"500"`` (générale); ``coinche``/``surcoinche``: ×2 / ×4.

    Options where the source is silent (``docs/belote.md``, decisions): ``announcements``
    (False: played without declarations, ``announce`` refused); ``fall_announce``: when
    the contract falls (not coinched), the defence adds ``all`` declarations (the source's
    "the defence takes everything"), only its own (``defence``) or ``none``;
    ``capot_base``: what a coinched or fallen capot / générale contract counts in place of
    the 160 (default 250 under official rules — the source's 1000 —, 160 under house
    rules, the source's formula); ``coinche_tie``: a coinche tie with the contract met is
    a ``fall`` (default) or a ``litige`` as in belote.

    Raises ``GameError`` naming the argument: an unknown game, seat or pair; points that are
    not two whole numbers adding up to the deal's card points; a capot pair without all the
    card points; a contract not 80..160 in tens, 250 or 500, or with an unknown trump; a
    contract, ``coinche``, ``surcoinche`` or ``generale`` in belote; coinche without a
    contract; ``coinche`` with ``surcoinche``; belote without a trump; a negative reserve.
    """
    g = str(game or "").strip().lower()
    if g not in ("belote", "coinche"):
        raise _error(f"game must be belote or coinche for scoring, got {game!r}", "game")
    is_coinche = g == "coinche"
    t = str(taker).strip().upper()
    if t in ("1", "2", "3", "4"):       # seats 1 to 4 in play order S W N E (spec §9)
        t = "SWNE"[int(t) - 1]
    if t not in SEATS:
        raise _error(f"taker must be a seat N, E, S or W (or 1 to 4: S W N E), got "
                     f"{taker!r}", "taker")
    tp = PAIR_OF_SEAT[t]
    dp = "EW" if tp == "NS" else "NS"
    if fall_announce not in FALL_ANNOUNCE:
        raise _error(f"fall_announce must be all, defence or none, got {fall_announce!r}",
                     "fall_announce")
    if coinche_tie not in COINCHE_TIE:
        raise _error(f"coinche_tie must be fall or litige, got {coinche_tie!r}",
                     "coinche_tie")
    if capot_base not in (None, COINCHE_BASE, CAPOT_BASE):
        raise _error(f"capot_base must be {CAPOT_BASE} or {COINCHE_BASE}, got {capot_base!r}",
                     "capot_base")

    # -- the contract and the trump --------------------------------------------------------
    c: Contract | None = None
    if is_coinche:
        if contract is None:
            raise _error("a coinche deal needs `contract`: 80 to 160 in tens, 250 (capot) or "
                         "500 (générale), with its trump, e.g. 100H", "contract")
        c = parse_contract(contract)
        if c.trump == "NT":
            no_trump = True
        elif c.trump is not None and no_trump:
            raise _error(f"contract {c} names a trump but `no_trump=True`: give NT or "
                         "drop one", "contract")
        if coinche and surcoinche:
            raise _error("`coinche=True` and `surcoinche=True`: give one (surcoinche is "
                         "coinched and coinched again)", "surcoinche")
    else:
        for name, given in (("contract", contract is not None), ("coinche", coinche),
                            ("surcoinche", surcoinche), ("generale", generale),
                            ("capot_base", capot_base is not None),
                            ("coinche_tie", coinche_tie != "fall")):
            if given:
                raise _error(f"`{name}` is for `game='coinche'` (belote has no contract)",
                             name)
    trump_deal = not no_trump
    total_cards = CARD_POINTS if trump_deal or official else CARD_POINTS_NO_TRUMP_HOUSE
    deal_total = total_cards + LAST_TRICK
    rules = "official" if official else "house"

    # -- the facts of the deal -------------------------------------------------------------
    pts = _points(points)
    if pts["NS"] + pts["EW"] != total_cards:
        kind = ("with a trump" if trump_deal else
                "without trumps, official rules (ace 19)" if official else
                "without trumps, house rules (ace 11)")
        raise _error(f"points {pts['NS']}/{pts['EW']} add up to {pts['NS'] + pts['EW']}: "
                     f"the card points of a deal {kind} add up to {total_cards} (the deal is "
                     f"{deal_total} with the last trick's {LAST_TRICK})", "points")
    cap = None if capot is None else _pair(capot, "capot")
    if generale:
        if cap is not None and cap != tp:
            raise _error(f"`generale=True` means the taker {t} took every trick, but capot "
                         f"{cap}", "capot")
        cap = tp
    if cap is not None:
        other = "EW" if cap == "NS" else "NS"
        if pts[other] != 0:
            said = (f"`generale=True` ({t} took every trick)" if generale and capot is None
                    else f"capot {cap}")
            raise _error(f"{said}: a pair that takes every trick has all "
                         f"{total_cards} card points, but the points give {other} "
                         f"{pts[other]}", "generale" if generale and capot is None else "capot")
    d = None if der is None else _pair(der, "der")
    if cap is not None:
        if d is not None and d != cap:
            raise _error(f"der {d}: the last trick is {cap}'s, who took every trick (capot)",
                         "der")
        d = cap
    if d is None:
        raise _error("der must say which pair took the last trick (its 10 points): NS or "
                     "EW", "der")
    bel = None if belote is None else _pair(belote, "belote")
    if bel is not None and not trump_deal:
        raise _error("belote (K and Q of trumps) needs a trump: none without trumps",
                     "belote")
    decl = _announce(announce)
    if decl and not announcements:
        raise _error("`announce` given, but the deal is played without declarations "
                     "(`announcements=False`)", "announce")
    if isinstance(reserve, bool) or not isinstance(reserve, int) or \
            not 0 <= reserve <= MAX_RESERVE:
        raise _error(f"reserve must be a whole number from 0 to {MAX_RESERVE:,}, got "
                     f"{reserve!r}", "reserve")

    belote_of = {p: BELOTE if bel == p else 0 for p in PAIRS}
    decl_of = {p: sum(n for q, n in decl if q == p) for p in PAIRS}
    counted = {}
    for p in PAIRS:
        if cap is None:
            base = pts[p] + (LAST_TRICK if d == p else 0)
        else:
            base = CAPOT if cap == p else 0
        counted[p] = base + belote_of[p] + decl_of[p]

    score = {p: 0 for p in PAIRS}
    set_aside = 0
    reserve_to = None
    mult = 1
    ahead = counted[tp] > counted[dp]
    tie = counted[tp] == counted[dp]
    fall_decl = {"all": decl_of["NS"] + decl_of["EW"], "defence": decl_of[dp],
                 "none": 0}[fall_announce]
    head = f"taker {t} ({tp}) counts {counted[tp]} against {counted[dp]}"

    if not is_coinche:
        if ahead:
            result = "capot" if cap == tp else "made"
            score[tp], score[dp] = counted[tp], counted[dp]
            why = f"{head}: ahead, each pair scores its points"
        elif tie:
            result = "litige"
            score[dp] = counted[dp]
            score[tp] = belote_of[tp]
            set_aside = counted[tp] - belote_of[tp]
            why = (f"{head}: a tie (litige), the defence scores its points, the taker's "
                   f"{set_aside} go to the winner of the next deal")
        else:
            result = "dedans"
            deal = CAPOT if cap == dp else deal_total
            score[dp] = deal + belote_of[dp] + fall_decl
            score[tp] = belote_of[tp]
            why = (f"{head}: behind, dedans: the defence scores the deal's {deal}"
                   + (" and its belote" if belote_of[dp] else "")
                   + (f" and {fall_decl} of declarations" if fall_decl else "")
                   + (", the taker keeps his belote" if belote_of[tp] else ""))
    else:
        mult = 4 if surcoinche else 2 if coinche else 1
        if c.kind == "capot":
            met = cap == tp
        elif c.kind == "generale":
            met = bool(generale)
        else:
            met = counted[tp] >= c.value
        use_capot_base = (CAPOT_BASE if official else COINCHE_BASE) if capot_base is None \
            else capot_base
        base = use_capot_base if c.kind != "points" else COINCHE_BASE
        say_mult = {1: "", 2: " (coinché ×2)", 4: " (surcoinché ×4)"}[mult]
        made_score = {}
        if mult == 1:
            made_score[tp], made_score[dp] = counted[tp] + c.value, counted[dp]
        else:
            made_score[tp] = (base + c.value) * mult + belote_of[tp]
            made_score[dp] = belote_of[dp]
        if official:
            made_score = {p: round_ten(v) for p, v in made_score.items()}
        if met and ahead:
            result = "generale" if generale else "capot" if cap == tp else "made"
            score.update(made_score)
            how = (f"points + contract = {counted[tp]} + {c.value}" if mult == 1 else
                   f"({base} + {c.value}) × {mult}" +
                   (" + belote" if belote_of[tp] else "") + "; the defence only its belote")
            why = f"{head}, contract {c}{say_mult} met: {how}"
        elif met and tie and coinche_tie == "litige":
            result = "litige"
            score[dp] = made_score[dp]
            score[tp] = belote_of[tp]
            set_aside = made_score[tp] - belote_of[tp]
            why = (f"{head}, contract {c}{say_mult}: a tie (litige), the defence scores "
                   f"{score[dp]}, the taker's {set_aside} go to the winner of the next deal")
        else:
            result = "dedans"
            fallen = (base + c.value) * mult + belote_of[dp]
            if mult == 1:
                fallen += fall_decl
            score[dp] = round_ten(fallen) if official else fallen
            score[tp] = belote_of[tp]
            failed = ("not every trick" if c.kind == "capot" and cap != tp else
                      "not every trick by the taker alone" if c.kind == "generale"
                      and not met else "short of the contract" if not met else
                      "not ahead")
            why = (f"{head}, contract {c}{say_mult}: {failed}, dedans: the defence scores "
                   f"({base} + {c.value}) × {mult}"
                   + (" + its belote" if belote_of[dp] else "")
                   + (f" + {fall_decl} of declarations" if mult == 1 and fall_decl else "")
                   + (", the taker keeps his belote" if belote_of[tp] else ""))
    if official and is_coinche:
        why += " (rounded to tens)"

    if reserve:
        winner = {"litige": None, "dedans": dp}.get(result, tp)
        if winner is None:
            set_aside += reserve
            why += f"; the {reserve} set aside before stay aside"
        else:
            score[winner] += reserve
            reserve_to = winner
            why += f"; the {reserve} set aside before go to {winner}"
    return Score(NS=score["NS"], EW=score["EW"], result=result, game=g, taker=t,
                 taker_pair=tp, counted=counted, set_aside=set_aside, reserve=reserve,
                 reserve_to=reserve_to, capot=cap, generale=bool(generale),
                 contract=None if c is None else c.value,
                 trump=("NT" if no_trump else None if c is None else c.trump),
                 multiplier=mult, rules=rules, explanation=why)


# -- counting one trick (the source's "counting a trick") -------------------------------------

def _trick_cards(cards):
    from .decks import belote_deck

    deck = belote_deck()
    ids = deck.parse_cards(cards) if isinstance(cards, str) else [deck.parse_card(x)
                                                                  for x in cards]
    return deck, ids


def _trump_index(trump) -> int | None:
    from .belote import Belote

    t = Belote().parse_trump(trump)
    return None if t < 0 else t


def trick_points(cards, trump, official: bool = False) -> int:
    """The card points of one trick (``"SA S10 S7 HJ"`` or a list), with ``trump`` (``S H D
    C`` or ``NT``): "add up the four cards, the trumps by the trump table" (the source: ♠A
    11 + ♠10 10 + ♠7 0 + ♥J 20 = 41 with hearts trumps). The last trick's 10 is not in it.
    Raises ``CardError`` for an unknown card, ``GameError`` for an unknown trump."""
    from .decks import belote_power_points

    deck, ids = _trick_cards(cards)
    _, points = belote_power_points(deck, _trump_index(trump),
                                    ace_no_trump=19 if official else 11)
    return sum(int(points[c]) for c in ids)


def trick_winner(cards, trump) -> int:
    """The position (0 = the leader) of the card that wins the trick: the highest trump,
    else the highest card of the led suit (trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7);
    the source's trick ♠A ♠10 ♠7 ♥J, hearts trumps, goes to the 4th card (East). Raises
    ``CardError`` for an unknown card, ``GameError`` for an unknown trump or no card."""
    from .decks import belote_power_points

    deck, ids = _trick_cards(cards)
    if not ids:
        raise _error("a trick has at least one card", "cards")
    tr = _trump_index(trump)
    power, _ = belote_power_points(deck, tr)

    def key(i):
        c = ids[i]
        s = int(deck.suit_of[c])
        return (2 if tr is not None and s == tr else 1 if s == deck.suit_of[ids[0]] else 0,
                int(power[c]))

    return max(range(len(ids)), key=key)
