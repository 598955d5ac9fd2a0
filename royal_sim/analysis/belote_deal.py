"""The input of a coinche or belote analysis: the contracts and trumps, the hand, seat,
declarer, leader, the facts and the bidding heard (``Setting``, ``setting``), and the deals
dealt from them (``deals``); ``belote_analysis`` searches them (its module doc says how)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ConstraintError
from .game_analysis import listed

LEVELS = tuple(range(80, 161, 10))
"""The points contracts of coinche."""
ROW_IDS = tuple(str(level) for level in LEVELS) + ("capot", "generale")
"""The contracts of a trump, as the JSON's ``id``."""
CONTRACT_VALUE = {**{str(level): level for level in LEVELS}, "capot": 250, "generale": 500}
TRUMPS = ("S", "H", "D", "C", "NT")
MAX_REJECTIONS = 100_000
"""Draws in a row breaking the ``voids`` facts after which they are called impossible."""

# -- the input ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """What one analysis is about, checked: the game, the hand (a mask of card ids) at
    ``seat``, the ``declarer`` (the taker; his pair ``side``), the ``leader`` of trick 1,
    the facts ``holds`` (seat → mask) and ``voids`` (seat → suit mask)."""

    game: object
    hand: int
    seat: int
    declarer: int
    leader: int
    holds: dict = field(default_factory=dict)
    voids: dict = field(default_factory=dict)
    facts: tuple = ()
    standing: "Standing | None" = None

    @property
    def side(self) -> tuple[int, int]:
        return (self.declarer, (self.declarer + 2) % 4)

    @property
    def pair(self) -> str:
        """The taker's pair as ``score_deal`` names it: ``NS`` or ``EW``."""
        from ..games.belote_scoring import PAIR_OF_SEAT

        return PAIR_OF_SEAT[self.seat_name(self.declarer)]

    def seat_name(self, seat: int) -> str:
        return self.game.seat_names[seat]


@dataclass(frozen=True)
class Standing:
    """The contract standing when the hand bids: ``contract`` (``belote_scoring.Contract``,
    its trump said) bid by ``declarer``; ``ours``: by the hand's partner (``--partner-bid``),
    else by an opponent (``--their-bid``). Passing leaves it to be played; a bid of the hand
    must be higher."""

    contract: object
    declarer: int
    ours: bool

    @property
    def row(self) -> str:
        """Its contract as a row id of ``ROW_IDS``."""
        return {250: "capot", 500: "generale"}.get(self.contract.value,
                                                   str(self.contract.value))


def _game(game):
    from .game_analysis import game_of

    return game_of(game)


def _setup(game, trump: str = "S"):
    return game.setup(trump=trump)


def setting(hand: str, seat: str, *, game="coinche", declarer: str | None = None,
            holds=(), voids=(), partner_bid=None, their_bid=None,
            leader: str | None = None, hand_size: int | None = None,
            seen: int = 0) -> Setting:
    """The checked input of an analysis; ``RoyalSimError`` naming the argument: a card not
    in the 32 or given twice, not 8 cards (``hand_size`` cards: belote's 5), an unknown
    seat or suit, facts that contradict the hand or each other. ``seen``: cards the seat
    will hold besides (a mask: belote's turned card, taken), added to ``Setting.hand``."""
    from ..errors import CardError

    g = _game(game)
    setup = _setup(g)
    deck = g.deck(setup)
    if not isinstance(hand, str) or not hand.strip():
        raise CardError("missing HAND: your 8 cards, e.g. \"SJ S9 SA S10 HA HK D10 C7\"",
                        argument="hand")
    try:
        ids = deck.parse_cards(hand)
    except CardError as e:
        raise CardError(f"{e} (HAND)", argument="hand") from None
    size = g.hand_size(setup) if hand_size is None else hand_size
    if len(ids) != size:
        raise CardError(f"HAND must be {size} cards for {g.id}, got "
                        f"{len(ids)}: {deck.format_cards(ids)}", argument="hand")
    mine = sum(1 << c for c in ids)
    if mine & seen:
        raise CardError(f"HAND holds {deck.format_cards(mine & seen)}, the turned card",
                        argument="hand")
    mine |= seen
    me = g.parse_seat(seat, setup, "seat")
    # --declarer is the taker of the hand's pair, or with --their-bid the opponent who bid
    dec = me if declarer is None or their_bid is not None else \
        _seat(g, declarer, setup, "declarer", "declarer")
    held: dict[int, int] = {}
    facts = []
    for item in listed(holds):
        who, cards = _fact(item, "holds", "SEAT:CARDS, e.g. W:SA,SK")
        s = _seat(g, who, setup, "holds", f"holds {item!r}")
        try:
            m = deck.mask(cards)
        except CardError as e:
            raise CardError(f"holds {item!r}: {e}", argument="holds") from None
        if not m:
            raise ConstraintError(f"holds {item!r} names no card", argument="holds")
        if s == me:
            raise ConstraintError(f"holds {item!r}: {g.seat_name(s, setup)} is your own "
                                  "seat (HAND says what it holds)", argument="holds")
        if m & mine:
            raise ConstraintError(f"holds {item!r}: {deck.format_cards(m & mine)} in your "
                                  "hand", argument="holds")
        for other, om in held.items():
            if other != s and m & om:
                raise ConstraintError(f"holds {item!r}: {deck.format_cards(m & om)} given to "
                                      f"{g.seat_name(other, setup)} as well",
                                      argument="holds")
        held[s] = held.get(s, 0) | m
        if held[s].bit_count() > 8:
            raise ConstraintError(f"holds: {g.seat_name(s, setup)} holds 8 cards, the facts "
                                  f"give it {held[s].bit_count()}", argument="holds")
        facts.append(f"{g.seat_name(s, setup)} holds {deck.format_cards(m)}")
    void: dict[int, int] = {}
    for item in listed(voids):
        who, suit = _fact(item, "void", "SEAT:SUIT, e.g. W:H")
        s = _seat(g, who, setup, "voids", f"`voids` {item!r}")
        letter = _suit(suit, deck, item)
        sm = deck.suit_mask(deck.suit_letters.index(letter))
        if s == me:
            raise ConstraintError(f"`voids` {item!r}: {g.seat_name(s, setup)} is your own seat "
                                  "(HAND says what it holds)", argument="voids")
        if held.get(s, 0) & sm:
            raise ConstraintError(f"`voids` {item!r}: the facts give {g.seat_name(s, setup)} "
                                  f"{deck.format_cards(held[s] & sm)}", argument="voids")
        void[s] = void.get(s, 0) | sm
        facts.append(f"{g.seat_name(s, setup)} void in {letter}")
    for s, vm in void.items():     # every seat must be able to take 8 cards
        allowed = deck.full_mask & ~mine & ~vm
        for other, om in held.items():
            if other != s:
                allowed &= ~om
        if allowed.bit_count() < 8:
            raise ConstraintError(f"`voids`: {g.seat_name(s, setup)} cannot be dealt 8 cards "
                                  "with these facts", argument="voids")
    lead = g.default_leader(dec, setup) if leader is None else \
        _seat(g, leader, setup, "leader", "leader")
    standing = _standing(g, setup, me, declarer, partner_bid, their_bid)
    facts += _bids_heard(g, setup, standing, partner_bid, their_bid)
    return Setting(g, mine, me, dec, lead, held, void, tuple(facts), standing)


def _standing(g, setup, me: int, declarer, partner_bid, their_bid) -> Standing | None:
    """The contract standing (``--partner-bid``, ``--their-bid`` with ``--declarer`` the
    opponent who bid it); the higher when both are given. ``GameError`` naming the option:
    a bid without its trump or not a coinche contract, ``--their-bid`` without an opponent
    as ``--declarer``, ``--partner-bid`` alone with an opponent as ``--declarer``, both
    bids of one value."""
    from ..games import GameError
    from ..games.belote_scoring import parse_contract

    bids = []
    for text, name, ours in ((partner_bid, "partner_bid", True),
                             (their_bid, "their_bid", False)):
        if text is None:
            continue
        flag = f"`{name}`"
        try:
            c = parse_contract(text)
        except GameError as e:
            raise GameError(f"{flag}: {e}", argument=name) from None
        if c.trump is None:
            raise GameError(f"{flag} {text!r}: say the trump, e.g. {c.value}H",
                            argument=name)
        if ours:
            if their_bid is None and declarer is not None:
                who = _seat(g, declarer, setup, "declarer", "declarer")
                if who % 2 != me % 2:
                    raise GameError(f"`partner_bid`: `declarer` {g.seat_name(who, setup)} is "
                                    "an opponent (your pair takes: you or your partner; an "
                                    "opponent's bid is `their_bid`)", argument="declarer")
            bids.append(Standing(c, (me + 2) % 4, True))
            continue
        if declarer is None:
            raise GameError("`their_bid`: say who bid it with `declarer` (an opponent's "
                            "seat)", argument="declarer")
        who = _seat(g, declarer, setup, "declarer", "declarer")
        if who % 2 == me % 2:
            raise GameError(f"`their_bid`: `declarer` {g.seat_name(who, setup)} is your "
                            f"pair's seat (name the opponent who bid {c})",
                            argument="declarer")
        bids.append(Standing(c, who, False))
    if len(bids) == 2 and bids[0].contract.value == bids[1].contract.value:
        raise GameError(f"`partner_bid` and `their_bid` are both {bids[0].contract.value}: "
                        "a bid must be higher than the one before", argument="their_bid")
    return max(bids, key=lambda b: b.contract.value) if bids else None


def _bids_heard(g, setup, standing: Standing | None, partner_bid, their_bid) -> list[str]:
    """The bids heard as facts, the one standing last: ``your partner bid 100H``, ``W bid
    110S (standing)``; a lower bid is said too (it was heard), though only the standing
    contract changes a figure."""
    if standing is None:
        return []
    out = []
    for text, ours in ((partner_bid, True), (their_bid, False)):
        if text is None or ours == standing.ours:
            continue
        out.append(f"{'your partner' if ours else 'they'} bid {str(text).strip()} (below "
                   "the standing contract: no figure depends on it)")
    who = "your partner" if standing.ours else g.seat_name(standing.declarer, setup)
    return out + [f"{who} bid {standing.contract} (standing)"]


def _seat(g, text: str, setup, argument: str, what: str) -> int:
    """``g.parse_seat`` with the option named in the message."""
    from ..games import GameError

    try:
        return g.parse_seat(text, setup, argument)
    except GameError as e:
        raise GameError(f"{what}: {e}", argument=argument) from None


def _fact(item: str, what: str, example: str) -> tuple[str, str]:
    who, sep, rest = item.partition(":")
    if not sep or not who.strip() or not rest.strip():
        arg = "voids" if what == "void" else what
        raise ConstraintError(f"{'`voids`' if what == 'void' else what} {item!r}: give "
                              f"{example}", argument=arg)
    return who.strip(), rest.strip()


def _suit(text: str, deck, item: str) -> str:
    from ..games.decks import SUIT_SYMBOLS

    t = text.strip().upper()
    t = {v: k for k, v in SUIT_SYMBOLS.items()}.get(t, t)
    if t not in deck.suit_letters:
        raise ConstraintError(f"`voids` {item!r}: unknown suit {text!r} (use S, H, D or C)",
                              argument="voids")
    return t


# -- the deals ---------------------------------------------------------------------------------

def deals(s: Setting, seed: int):
    """The deals of an analysis, endless, in order: ``(hands)``, one mask a seat (play
    order), 8 cards each: the hand's seat holds ``s.hand`` (and, when that is fewer than 8
    cards, as classic belote's 5 and the turned card, the rest from the unseen cards); the
    same seed, the same deals."""
    from ..games.base import new_state, shuffled

    state = new_state(seed)
    base = [s.hand if x == s.seat else s.holds.get(x, 0) for x in range(4)]
    known = 0
    for m in base:
        known |= m
    free = [c for c in range(32) if not known >> c & 1]
    fill = [(x, 8 - base[x].bit_count()) for x in range(4) if x != s.seat]
    if base[s.seat].bit_count() < 8:        # the hand's own cards to come, drawn last
        fill.append((s.seat, 8 - base[s.seat].bit_count()))
    while True:
        for _ in range(MAX_REJECTIONS):
            order = shuffled(len(free), state)
            hands = list(base)
            i = 0
            for x, n in fill:
                m = base[x]
                for j in order[i:i + n]:
                    m |= 1 << free[j]
                hands[x] = m
                i += n
            if all(not hands[x] & vm for x, vm in s.voids.items()):
                yield tuple(hands)
                break
        else:
            raise ConstraintError(f"the facts ({'; '.join(s.facts)}) leave almost no deals: "
                                  f"{MAX_REJECTIONS:,} draws in a row broke them",
                                  argument="voids")
