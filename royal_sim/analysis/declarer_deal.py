"""The input of an analysis of a declarer game (Jókai, módosított, Troggu, Droggn): its
contracts and figures (``Contract``, ``contracts_of``), the hand, seat, declarer and
options (``Setting``, ``setting``), the deals dealt by the game (``deals``) and the exchange
of each contract on one deal (``Variant``, ``variant``, ``lay_away``); ``declarer_analysis``
searches them (its module doc says how)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardError, ConstraintError

MAX_REDRAWS = 10_000
"""Draws in a row after which the deals are called impossible (módosított's throw-ins)."""
TRICK_DEDUCTION_CONSTANT = 1
"""Jókai's kettős: the declarer's 2 discards count with −1 (§4)."""
I, XXI, SKIZ = 0, 20, 21
HONOURS = (I, XXI, SKIZ)


# -- contracts ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Contract:
    """One contract: ``id`` (``kettos1`` … ``kettos5``, ``kettos`` (the pair taken by the
    kept policy), ``szolo``, ``bemegyek``, ``ansager``, ``solo``, ``super``, ``super_mord``),
    ``name`` (the source's), ``exchange``: ``pair`` (a skart pair swapped), ``talon`` (the
    pile taken and as many laid away), ``none`` (the pile the declarer's unseen, or the
    allies'); ``index``: the kettős index (1 … 5, 0 the policy's); ``base``: Droggn's base;
    ``figures``: the figure ids searched; ``advised``: a bid the advice may name; ``ulti``:
    Droggn's jelentés announced with it (``pagatulti``, ``skizulti``: its card laid out,
    §6), ``""`` none. ``exchange`` ``mizer``: the all-pass game of Troggu and módosított
    (§3, §5), the seat alone against the others, no exchange."""

    id: str
    name: str
    exchange: str
    index: int = 0
    base: int = 0
    figures: tuple = ()
    advised: bool = True
    buy: bool = False
    ulti: str = ""

    @property
    def bid(self) -> str:
        """The contract bid (``solo`` for ``solo_pagatulti``): its exchange is the bid's."""
        return self.id[:-len(self.ulti) - 1] if self.ulti else self.id


FIGURES = {
    "harmas": ("volat", "tuletroa", "negy_kiraly", "pagatultimo", "xxi_fogas", "pagatfogas",
               "tarokkszam"),
    "modositott": ("volat", "tuletroa", "negy_kiraly", "pagatultimo", "xxi_fogas",
                   "pagatfogas", "tarokkszam"),
    "troggu": ("duplajatek", "volat", "tuletroa", "negy_kiraly", "pagatulti", "pagatfogas",
               "xxi_fogas"),
    "droggn": ("match", "pagatulti", "pagatfogas"),
}
"""The figures searched beside ``win``, by game (the spec's ids)."""

SILENT = {
    "harmas": {"volat": 5, "tuletroa": 1, "negy_kiraly": 1, "pagatultimo": 2, "xxi_fogas": 1,
               "pagatfogas": 1},
    "modositott": {"volat": 5, "tuletroa": 1, "negy_kiraly": 1, "pagatultimo": 5,
                   "xxi_fogas": 2, "pagatfogas": 1},
    "troggu": {"tuletroa": 1, "negy_kiraly": 1, "pagatulti": 3, "pagatfogas": 1,
               "xxi_fogas": 2},
    "droggn": {"pagatulti": 10, "pagatfogas": 6},
}
"""Silent figures' value (each opponent; Droggn the side amount)."""
ANNOUNCED = {
    "harmas": {"volat": (10, 10), "tuletroa": (2, 2), "negy_kiraly": (2, 2),
               "pagatultimo": (17, 32), "xxi_fogas": (2, 2), "pagatfogas": (2, 2)},
    "modositott": {"volat": (10, 10), "tuletroa": (2, 2), "negy_kiraly": (2, 2),
                   "pagatultimo": (10, 10), "xxi_fogas": (4, 4), "pagatfogas": (2, 2)},
    "troggu": {"tuletroa": (2, 2), "negy_kiraly": (2, 2), "pagatulti": (6, 6),
               "pagatfogas": (2, 2), "xxi_fogas": (4, 4)},
    "droggn": {"pagatulti": (20, 20), "skizulti": (20, 20)},
}
"""Announced figures: (won, lost) each opponent (Droggn the side amount)."""
ONE_PAYER = {"modositott": ("xxi_fogas",)}
"""Figures only the captured card's owner pays (módosított's XXI-fogás, §5)."""


MIZER = Contract("mizer", "mizer (all pass)", "mizer", advised=False)
"""Troggu's and módosított's all-pass game (§3, §5): its ``win`` row is the seat not
taking the most tricks (``declarer_turns.mizer_goal``)."""


def contracts_of(game_id: str) -> tuple[Contract, ...]:
    """The contracts of a game, lowest bid first (Droggn's with an announced ulti after
    their bid; the mizer last)."""
    figs = FIGURES[game_id]
    if game_id in ("harmas", "modositott"):
        fixed = tuple(Contract(f"kettos{i}", f"kettős {i}", "pair", i, advised=False)
                      for i in range(1, 6))
        return fixed + (Contract("kettos", "kettős", "pair", 0, figures=figs),
                        Contract("szolo", "szóló", "none", figures=figs)) + \
            ((MIZER,) if game_id == "modositott" else ())
    if game_id == "troggu":
        return (Contract("bemegyek", "bemegyek", "talon", figures=figs),
                Contract("szolo", "szóló", "none", figures=figs), MIZER)
    ulti = ("match", "pagatulti")      # the declarer holds the I: no pagátfogás of his
    return (Contract("ansager", "Ansager", "talon", base=20, figures=figs, buy=True),
            Contract("ansager_pagatulti", "Ansager + pagátulti", "talon", base=20,
                     figures=ulti, buy=True, ulti="pagatulti"),
            Contract("solo", "Solo", "talon", base=40, figures=figs),
            Contract("solo_pagatulti", "Solo + pagátulti", "talon", base=40, figures=ulti,
                     ulti="pagatulti"),
            Contract("super", "Super", "none", base=80, figures=figs),
            Contract("super_pagatulti", "Super + pagátulti", "none", base=80, figures=ulti,
                     ulti="pagatulti"),
            Contract("super_mord", "Super Mord", "none", base=80, figures=("pagatulti",)),
            Contract("super_mord_pagatulti", "Super Mord + pagátulti", "none", base=80,
                     figures=("pagatulti",), ulti="pagatulti"),
            Contract("super_mord_skizulti", "Super Mord + skízulti", "none", base=80,
                     figures=("skizulti",), ulti="skizulti"))


# -- the input ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """What one analysis is about, checked: the game and its ``setup``; the ``hand`` (a mask)
    at ``seat``; the ``declarer`` (0-based; the mizer has none: the seat plays it alone);
    the ``leader`` of trick 1 (the game's; the mizer's is its own, ``leader_of``);
    ``called`` (a card id, módosított for 4; ``None``: the default, the highest non-honour
    tarokk the declarer lacks after the exchange); ``contracts`` searched; ``warnings``."""

    game: object
    setup: object
    hand: int
    seat: int
    declarer: int
    leader: int
    called: int | None
    contracts: tuple
    warnings: tuple = ()

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def mizer_only(self) -> bool:
        """Only the mizer is searched (``--contract mizer``): no declarer, the seat alone."""
        return all(c.exchange == "mizer" for c in self.contracts)

    def seat_name(self, seat: int) -> str:
        return self.game.seat_name(seat, self.setup)

    @property
    def deck(self):
        return self.game.deck(self.setup)


def setting(hand: str, seat, *, game, declarer=None, players=None, option=(), called=None,
            contract=None, holds=(), voids=()) -> Setting:
    """The checked input; ``RoyalSimError`` naming the argument: a card not in the deck or
    twice, the wrong number of cards, an unknown seat, contract or called card, an option
    the game does not take, ``holds`` / ``voids`` (not taken by these games)."""
    from ..games import GameError
    from .game_analysis import game_of

    g = game_of(game)
    if g.id not in FIGURES:
        raise GameError(f"{g.id} is not a declarer game of source 004", argument="game")
    if holds:
        raise GameError(f"analyze --game {g.id} does not take --holds (the facts are not "
                        "sampled for the declarer games)", argument="holds")
    if voids:
        raise GameError(f"analyze --game {g.id} does not take --void (the facts are not "
                        "sampled for the declarer games)", argument="voids")
    setup = g.setup(players=players, flags=tuple(option or ()))
    deck = g.deck(setup)
    if not isinstance(hand, str) or not hand.strip():
        raise CardError(f"missing HAND: your {g.hand_size(setup)} cards", argument="hand")
    try:
        ids = deck.parse_cards(hand)
    except CardError as e:
        raise CardError(f"{e} (HAND)", argument="hand") from None
    if len(ids) != g.hand_size(setup):
        raise CardError(f"HAND must be {g.hand_size(setup)} cards for {g.id} of "
                        f"{setup.players} players, got {len(ids)}", argument="hand")
    mine = sum(1 << c for c in ids)
    me = g.parse_seat(seat, setup, "seat")
    try:
        dec = me if declarer is None else g.parse_seat(declarer, setup, "declarer")
    except GameError as e:
        raise GameError(f"declarer: {e}", argument="declarer") from None
    call = parse_called(g, setup, called)
    known = contracts_of(g.id)
    if contract is not None:
        from ..model.text import fold

        key = fold(str(contract)).lower().replace(" ", "_").replace("-", "_")
        picked = tuple(c for c in known if c.id == key or c.bid == key or
                       (key == "kettos" and c.exchange == "pair"))
        if not picked:
            raise GameError(f"contract: {g.id} has no contract {contract!r} (its contracts: "
                            f"{', '.join(c.id for c in known if c.advised)})",
                            argument="contract")
        known = picked
    if g.id == "troggu" and contract is None:
        # Troggu's mizer on request only (--contract mizer): its search of 16 tricks among
        # three seats alone takes some 1-10 M nodes a deal, ten times the contracts'
        known = tuple(c for c in known if c.exchange != "mizer")
    # Droggn's ulti: announced by the declarer when he holds its card (the seat's own hand)
    cards = {"pagatulti": I, "skizulti": SKIZ}
    known = tuple(c for c in known if not c.ulti or (dec == me and mine >> cards[c.ulti] & 1))
    if not known:
        raise GameError(f"contract: {contract} announces an ulti whose card the declarer "
                        "does not hold (or is not the seat)", argument="contract")
    if call is not None and all(c.exchange == "mizer" for c in known):
        raise GameError("`called`: the mizer is played when all pass: nobody calls a partner "
                        "(the seat plays alone against the others; leave it out)",
                        argument="called")
    if declarer is not None and all(c.exchange == "mizer" for c in known):
        raise GameError("`declarer`: the mizer is played when all pass: it has no declarer "
                        "(the seat plays alone against the others; leave out `declarer`)",
                        argument="declarer")
    warnings = []
    if g.id == "modositott" and _throws_in(mine, deck):
        warnings.append("your hand may throw in (bedobás, §5): a redeal is yours to ask for")
    return Setting(g, setup, mine, me, dec, g.default_leader(dec, setup), call, known,
                   tuple(warnings))


def parse_called(g, setup, called) -> int | None:
    """The called tarokk's card id (módosított for 4, §5), ``None`` where ``called`` is
    ``None``. ``GameError`` (argument ``called``) in any other game or for a card no tarokk
    or an honour; ``CardError`` for a card not in the deck."""
    from ..games import GameError

    if called is None:
        return None
    if g.id != "modositott" or setup.players != 4:
        raise GameError(f"called: only módosított for 4 players calls a partner "
                        f"(`game='modositott'` `players='4'`), not {g.id} of "
                        f"{setup.players}", argument="called")
    deck = g.deck(setup)
    try:
        call = deck.parse_card(str(called))
    except CardError as e:
        raise CardError(f"called: {e}", argument="called") from None
    if call in HONOURS or deck.suit_of[call] != deck.tarokk:
        raise GameError(f"called: the declarer calls a tarokk that is no honour (II to "
                        f"XX), not {deck.card_names[call]}", argument="called")
    return call


def called_card(hands, declarer: int, call: int | None) -> int:
    """Módosított for 4 (§5): the tarokk called, ``call`` or, ``None``, §5's default: the
    highest tarokk no honour the declarer lacks, read from his hand in ``hands``."""
    return _default_call(hands[declarer]) if call is None else call


def partner_side(hands, declarer: int, call: int | None) -> tuple[int, ...]:
    """Módosított for 4 (§5): the declarer's side, himself and the holder of the called
    tarokk (``called_card``); himself alone where he holds it or nobody does (played)."""
    call = called_card(hands, declarer, call)
    holder = next((x for x in range(len(hands)) if hands[x] >> call & 1), None)
    return (declarer,) if holder is None or holder == declarer else (declarer, holder)


def _throws_in(hand: int, deck) -> bool:
    """Módosított's bedobás (§5): the hand's only tarokks are XXI, I or both; or it holds
    all five cards of a suit."""
    tarokks = hand & deck.suit_mask(deck.tarokk)
    if tarokks and tarokks & ~((1 << I) | (1 << XXI)) == 0:
        return True
    for s in range(1, len(deck.suit_letters)):
        sm = deck.suit_mask(s)
        if hand & sm == sm:
            return True
    return False


# -- the deals ---------------------------------------------------------------------------------

def deals(s: Setting, seed: int):
    """The deals of an analysis, endless, in order: ``(hands, pile)``, ``hands`` one mask a
    seat (play order, ``s.hand`` at ``s.seat``), ``pile`` the hidden cards' ids in the order
    dealt (Jókai's and módosított's three skart pairs: ids 0-1, 2-3, 4-5); the same seed,
    the same deals."""
    from ..games.base import new_state, shuffled

    state = new_state(seed)
    deck = s.deck
    k = s.game.hand_size(s.setup)
    free = [c for c in range(deck.n_cards) if not s.hand >> c & 1]
    others = [x for x in range(s.players) if x != s.seat]
    redraw = s.game.id == "modositott"
    while True:
        for _ in range(MAX_REDRAWS):
            order = shuffled(len(free), state)
            cards = [free[j] for j in order]
            hands = [0] * s.players
            hands[s.seat] = s.hand
            for i, x in enumerate(others):
                for c in cards[i * k:(i + 1) * k]:
                    hands[x] |= 1 << c
            pile = tuple(cards[len(others) * k:])
            if not redraw or not any(_throws_in(hands[x], deck) for x in others):
                yield tuple(hands), pile
                break
        else:
            raise ConstraintError("almost every deal throws in", argument="hand")


# -- the exchange ------------------------------------------------------------------------------

LAY_AWAY = ("void", "bank")
"""The lay-away rules: ``void`` the shortest suits' cards first (cheapest first), ``bank``
the suit cards of most points first (the skart's points are the declarer's); tarokks last,
the lowest first; only cards the game lets him lay away."""


def _layable(game_id: str, hand: int, deck) -> list[int]:
    """The cards of ``hand`` the declarer may lay away: Jókai and módosított no 5-point card
    (§4); Troggu no honour or king, one king when he holds all four (§3); Droggn no honour,
    no king (a king only with a tarokk, §6: not among the candidates)."""
    kings = [c for c in range(deck.n_cards) if deck.card_names[c].endswith("K")
             and deck.suit_of[c] != deck.tarokk]
    out = []
    for c in range(deck.n_cards):
        if not hand >> c & 1:
            continue
        if game_id in ("harmas", "modositott"):
            if deck.points[c] == 5:
                continue
        elif c in HONOURS or c in kings:
            continue
        out.append(c)
    if game_id == "troggu" and all(hand >> kc & 1 for kc in kings):
        out.append(kings[0])            # one king, the last choice
    return out


def lay_away(rule: str, game_id: str, hand: int, n: int, deck) -> int:
    """The ``n`` cards ``rule`` (``LAY_AWAY``) lays away from ``hand`` (a mask)."""
    cards = _layable(game_id, hand, deck)
    length = {}
    for c in range(deck.n_cards):
        if hand >> c & 1:
            length[int(deck.suit_of[c])] = length.get(int(deck.suit_of[c]), 0) + 1
    last = cards[-1] if game_id == "troggu" and cards and deck.card_names[cards[-1]] \
        .endswith("K") and deck.suit_of[cards[-1]] != deck.tarokk else None

    def key(c):
        tarokk = deck.suit_of[c] == deck.tarokk
        s, p, w = int(deck.suit_of[c]), int(deck.points[c]), int(deck.power[c])
        if rule == "void":
            return (c == last, tarokk, length[s] if not tarokk else 0, p, w)
        return (c == last, tarokk, -p if not tarokk else 0, length[s], w)

    chosen = sorted(cards, key=key)[:n]
    if len(chosen) < n:
        raise AssertionError("too few cards to lay away")   # cannot happen (module doc)
    return sum(1 << c for c in chosen)


@dataclass(frozen=True)
class Variant:
    """One contract played on one deal: the ``hands`` after the exchange, the declarer's
    ``side``, ``banked`` points of the piles credited to the side, ``out``: the cards out
    of play, ``laid``: the cards the declarer laid away, ``index`` (kettős); ``reserved``:
    the ulti card laid out (``CountRules.reserved``) or -1; ``leader``: who leads trick 1
    when not the game's (the mizer's)."""

    hands: tuple
    side: tuple
    banked: int
    out: int
    laid: int = 0
    index: int = 0
    reserved: int = -1
    leader: int | None = None


def variant(s: Setting, hands, pile, contract: Contract, rule: str | None = None,
            pair: int | None = None, index: int = 0) -> Variant:
    """The position ``contract`` leaves on a deal (module doc)."""
    deck = s.deck
    gid = s.game.id
    d = s.declarer
    pile_mask = sum(1 << c for c in pile)
    hands = list(hands)
    laid = 0
    if contract.exchange == "pair":
        taken = pile[2 * pair:2 * pair + 2]
        whole = hands[d] | sum(1 << c for c in taken)
        laid = lay_away(rule, gid, whole, 2, deck)
        hands[d] = whole & ~laid
        rest = pile_mask & ~sum(1 << c for c in taken)
        banked = deck.points_of(laid)
        if gid == "harmas" and "kezdo" not in s.setup.flags:
            banked -= TRICK_DEDUCTION_CONSTANT
        out = rest | laid
    elif contract.exchange == "talon":
        whole = hands[d] | pile_mask
        laid = lay_away(rule, gid, whole, len(pile), deck)
        hands[d] = whole & ~laid
        if contract.buy:
            hands = _buy(s, hands, rule)
        banked = deck.points_of(laid)
        out = laid
    elif contract.exchange == "mizer":         # §3, §5: the pile out, the seat alone
        return Variant(tuple(hands), (s.seat,), 0, pile_mask, leader=mizer_leader(s))
    else:
        out = pile_mask
        banked = deck.points_of(pile_mask) if gid in ("troggu", "droggn") else 0
    reserved = {"pagatulti": I, "skizulti": SKIZ}.get(contract.ulti, -1)
    side = partner_side(hands, d, s.called) if calls_partner(s) else (d,)
    return Variant(tuple(hands), side, banked, out, laid, index, reserved)


def leader_of(s: Setting, contract: Contract) -> int:
    """Who leads trick 1 of ``contract``, as searched: the mizer's (``mizer_leader``), else
    the game's (``Setting.leader``)."""
    return mizer_leader(s) if contract.exchange == "mizer" else s.leader


def leaders(s: Setting) -> tuple[int, int | None]:
    """The leaders of trick 1 searched for ``s``: the contracts' other than the mizer (the
    mizer's when it is alone), and the mizer's (``None``: the mizer is not searched)."""
    others = [c for c in s.contracts if c.exchange != "mizer"]
    mizer = None if len(others) == len(s.contracts) else mizer_leader(s)
    return (leader_of(s, others[0]) if others else mizer), mizer


def mizer_leader(s: Setting) -> int:
    """Who leads the mizer: the dealer's left (§3, §5), the dealer being the last seat in
    play order: Troggu (played to the left) seat 1, módosított (to the right) seat n-1."""
    return 0 if s.game.id == "troggu" else s.players - 2


def calls_partner(s: Setting) -> bool:
    """Does the declarer call a partner (módosított for 4, §5)?"""
    return s.game.id == "modositott" and s.players == 4


def call_json(s: Setting) -> dict:
    """``{"called": card}`` where the declarer calls (``None`` for §5's default); else
    nothing."""
    if not calls_partner(s):
        return {}
    return {"called": None if s.called is None else s.deck.card_names[s.called]}


def call_words(s: Setting) -> str | None:
    """Módosított for 4: the called tarokk as the header says it (``None`` in the other
    games): the card named, alone where the declarer holds it himself (this seat's hand:
    known), or §5's default, the highest tarokk no honour the declarer lacks."""
    if not calls_partner(s):
        return None
    if s.called is None:
        return ("calling the highest tarokk, no honour, the declarer lacks (§5's default; "
                "--called names one)")
    name = s.deck.card_names[s.called]
    if s.declarer == s.seat and s.hand >> s.called & 1:
        return f"calling {name}, in your hand: you play alone"
    return f"calling {name}: its holder partners the declarer"


def _default_call(hand: int) -> int:
    """The highest tarokk, no honour (XX … II), the declarer lacks (§5)."""
    for c in range(XXI - 1, I, -1):
        if not hand >> c & 1:
            return c
    return XXI - 1              # he holds them all: XX, his own, alone


def _buy(s: Setting, hands: list, rule: str) -> list:
    """Droggn's vásár (§6): the declarer names the highest tarokk he lacks (the skíz
    excepted) and gives its holder the first card ``rule`` would lay away next."""
    d = s.declarer
    want = next((c for c in range(XXI, I - 1, -1) if not hands[d] >> c & 1), None)
    holder = next((x for x in range(s.players) if x != d and want is not None
                   and hands[x] >> want & 1), None)
    if holder is None:
        return hands
    give = lay_away(rule, s.game.id, hands[d], 1, s.deck)
    hands = list(hands)
    hands[d] = (hands[d] & ~give) | (1 << want)
    hands[holder] = (hands[holder] & ~(1 << want)) | give
    return hands
