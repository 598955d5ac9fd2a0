"""The input of a Vier-Anderle or Strohmandli analysis: the seats that play, the pot, the
hand and the piles seen (``Setting``, ``setting``), and the deals dealt from them
(``deals``); ``each_analysis`` searches them (its module doc says how)."""

from __future__ import annotations

import re

from dataclasses import dataclass

import numpy as np

from ..errors import CardError, DealError, RoyalSimError
from .game_analysis import listed


EXAMPLE_HANDS = {"vier-anderle": "XXI XIX SK HQ",
                 "strohmandli": "XXII XXI XX XVIII XV XII IX SK SQ HK HN DJ | V CK SN | II HA | CQ"}
"""A hand of each game, for the errors' examples and the benchmark."""
MAX_TRICKS = 4
READINGS = ("paranoid", "maxn")
RULES = ("sum", "highest")
TABLES = ("valtozat", "original")
OTHERS = "others"
"""Strohmandli's analysis option: every other seat's figures too, on the same deals."""
LADDER = ("jatek", "kassza", "duplajatek", "volat")
"""Strohmandli's figures of which ``highest`` keeps the highest made (§2)."""
ANNOUNCEMENTS = ("fej", "tuletroa_bejelentes", "negy_kiraly_bejelentes")
"""Strohmandli's on-lead announcements of the original table (``each_announce``)."""
FIGURES = ("jatek", "kassza", "duplajatek", "volat", "pagatfogas", "xxi_fogas", "tuletroa",
           "negy_kiraly", "uhu", "pagatulti") + ANNOUNCEMENTS
"""Strohmandli's figures searched, in the order shown (ids of ``Strohmandli.figures``)."""
NOT_WITH_VOLAT = ("tuletroa", "negy_kiraly")

# -- the input ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """What one analysis is about, checked. ``game``, ``setup`` (the players and the
    game's flags), ``seat`` (0-based, of all seats), ``hand`` (mask of the seat's cards in
    hand, its piles' seen cards apart); ``seats``: the seats that play, in play order
    (Vier-Anderle's stayers; all seats in Strohmandli), ``leader``: the one leading trick 1
    (an index of ``seats``); ``pot`` (Vier-Anderle, units), ``rule``, ``table``
    (Strohmandli's ``sum|highest`` and ``valtozat|original``); ``seen``: per seat (of all
    seats) its piles' seen cards, top first (``None``: not seen); ``others``: Strohmandli
    also searches every other seat's figures on the same deals (``--option others``)."""

    game: object
    setup: object
    seat: int
    hand: int
    seats: tuple[int, ...]
    leader: int = 0
    pot: int | None = None
    rule: str = "sum"
    table: str = "valtozat"
    seen: tuple = ()
    others: bool = False

    @property
    def kind(self) -> str:
        """``"tricks"`` (Vier-Anderle) or ``"figures"`` (Strohmandli)."""
        return "figures" if hasattr(self.game, "pile_depth") else "tricks"

    @property
    def me(self) -> int:
        """The seat's index among ``seats`` (the position's seat)."""
        return self.seats.index(self.seat)

    def seat_name(self, seat: int) -> str:
        return self.game.seat_name(seat, self.setup)

    @property
    def deck(self):
        return self.game.deck(self.setup)

    def hand_text(self) -> str:
        """The hand as given (Strohmandli: with every seat's piles seen)."""
        deck = self.deck
        if self.kind == "tricks":
            return deck.format_cards(self.hand)
        parts = []
        for s in range(self.setup.players):
            text = deck.format_cards(self.hand) if s == self.seat else ""
            if self.seen[s] is not None:
                text += "".join(" | " + " ".join(deck.card_names[c] for c in p)
                                for p in self.seen[s])
            parts.append(text.strip())
        if all(self.seen[s] is None for s in range(len(self.seen)) if s != self.seat):
            return parts[self.seat]
        return " / ".join(parts)


MAX_POT = 10**6
"""The largest pot (units): far above any table's stake, and EV(stay) stays exact in a float."""


def setting(hand: str, seat: str, *, game, players=None, option=(), pot=None,
            stayers=None) -> Setting:
    """The checked input of an analysis; ``RoyalSimError`` naming the argument: a card not
    in the deck or given twice, a hand of the wrong size, an unknown seat, players out of
    the game's range, an option the game does not take, a pot outside 1 … ``MAX_POT``, a
    pile's seen cards that could not lie so (a card that is no tarokk or king above
    another)."""
    from ..games import GameError
    from .game_analysis import game_of

    g = game_of(game)
    flags = [str(o).strip().lower().replace("-", "_") for o in listed(option)]
    piles = hasattr(g, "pile_depth")
    rule, table, others = "sum", "valtozat", False
    if piles:
        for name, value in (("pot", pot), ("stayers", stayers)):
            if value is not None:
                raise GameError(f"analyze --game {g.id} does not take `{name}` (Vier-Anderle's)",
                                argument=name)
        if OTHERS in flags:
            others = True
            flags.remove(OTHERS)
        for f in [f for f in flags if f in RULES + TABLES]:
            if f in RULES:
                rule = f
            else:
                table = f
            flags.remove(f)
    try:
        setup = g.setup(players=players, flags=flags)
    except GameError as e:
        if e.argument == "option" and piles:
            raise GameError(f"{e}; analyze also takes {', '.join(RULES + TABLES)}, {OTHERS}",
                            argument="option") from None
        raise
    me = g.parse_seat(seat, setup, "seat")
    if not isinstance(hand, str) or not hand.strip():
        raise CardError(f"missing HAND: your cards, e.g. {EXAMPLE_HANDS[g.id]!r}",
                        argument="hand")
    if piles:
        mine, seen = _figures_hand(g, setup, hand, me)
        return Setting(g, setup, me, mine, tuple(range(setup.players)), 0, None, rule, table,
                       seen, others)
    deck = g.deck(setup)
    ids = _cards(deck, hand, g.id)
    if len(ids) != g.hand_size(setup):
        raise CardError(f"HAND must be {g.hand_size(setup)} cards for {g.id}, got {len(ids)}: "
                        f"{deck.format_cards(ids)}", argument="hand")
    seats = tuple(range(setup.players))
    if stayers is not None:
        given = set()
        for item in listed(stayers):
            parts = re.split(r"\s*,\s*|\s+", str(item).strip())
            if "" in parts and any(parts):
                raise GameError(f"stayers: an empty seat between commas in {str(item)!r} "
                                "(e.g. 1,3,4)", argument="stayers")
            for t in (x for x in parts if x):
                try:
                    at = g.parse_seat(t, setup, "stayers")
                except GameError as e:
                    raise GameError(f"stayers: {e}", argument="stayers") from None
                if at in given:
                    raise GameError(f"stayers: seat {t} listed twice", argument="stayers")
                given.add(at)
        if not given:
            raise GameError(f"stayers {','.join(listed(stayers))!r} names no seat: give the "
                            "seats that play (e.g. 1,3,4) or leave it out for every seat",
                            argument="stayers")
        seats = tuple(sorted(given | {me}))
    if pot is None:
        pot = setup.players * (2 if setup.players == 3 else 1)
    if isinstance(pot, bool) or not isinstance(pot, (int, np.integer)) or \
            not 1 <= pot <= MAX_POT:
        raise RoyalSimError(f"pot must be a whole number of units, 1 to {MAX_POT:,}, got "
                            f"{pot!r}", argument="pot")
    return Setting(g, setup, me, sum(1 << c for c in ids), seats, 0, int(pot))


def _cards(deck, text: str, game_id: str) -> list[int]:
    try:
        return deck.parse_cards(text)
    except CardError as e:
        raise CardError(f"{e} (HAND, {game_id})", argument="hand") from None


def _figures_hand(g, setup, text: str, me: int) -> tuple[int, tuple]:
    """Strohmandli's HAND (module doc): the hand mask and every seat's piles seen."""
    deck, n = g.deck(setup), setup.players
    parts = text.split("/")
    if len(parts) not in (1, n):
        raise DealError(f"HAND is your part ('CARDS | pile | pile | pile') or every seat's part "
                        f"in seat order separated by '/' ({n}), got {len(parts)} parts",
                        argument="hand")
    if len(parts) == 1:
        parts = ["" if s != me else parts[0] for s in range(n)]
    depth, used, seen, mine = g.pile_depth(setup), 0, [], 0
    for s, part in enumerate(parts):
        fields = part.split("|")
        hand_ids = _cards(deck, fields[0], g.id)
        if s == me:
            if len(hand_ids) != g.in_hand(setup):
                raise CardError(f"HAND must be {g.in_hand(setup)} cards held for {g.id} "
                                f"(then '|' and each pile's seen cards), got {len(hand_ids)}: "
                                f"{deck.format_cards(hand_ids)}", argument="hand")
            mine = sum(1 << c for c in hand_ids)
        elif hand_ids:
            raise DealError(f"seat {g.seat_name(s, setup)}'s part lists held cards "
                            f"({deck.format_cards(hand_ids)}): give only its piles' seen "
                            "cards, after '|'", argument="hand")
        if len(fields) == 1:
            seen.append(None)
            pile_ids = []
        elif len(fields) != 4:
            raise DealError(f"a {g.id} seat lists its 3 piles' seen cards after its held cards, "
                            f"each after a '|', got {len(fields) - 1}", argument="hand")
        else:
            pile_ids = [_cards(deck, f, g.id) for f in fields[1:]]
            for p in pile_ids:
                _check_pile(g, setup, deck, p, depth)
            seen.append(tuple(tuple(p) for p in pile_ids))
        for c in hand_ids + [c for p in pile_ids for c in p]:
            if used >> c & 1:
                raise CardError(f"{deck.card_names[c]} is given twice (HAND)",
                                argument="hand")
            used |= 1 << c
    return mine, tuple(seen)


def _check_pile(g, setup, deck, ids: list[int], depth: int) -> None:
    from ..games.strohmandli import TO_HAND

    if not ids:
        raise DealError("a pile's seen cards: at least its face-up top (the piles are "
                        "turned before trick 1; piles not seen: leave out the '|' parts)",
                        argument="hand")
    if len(ids) > depth:
        raise DealError(f"a {g.id} pile holds {depth} cards, got {len(ids)}", argument="hand")
    names = " ".join(deck.card_names[c] for c in ids)
    for c in ids[:-1]:
        if not TO_HAND >> c & 1:
            raise DealError(f"pile {names}: {deck.card_names[c]} is no tarokk or king, so "
                            "it would stay face up and hide the cards below", argument="hand")
    if TO_HAND >> ids[-1] & 1 and len(ids) < depth:
        raise DealError(f"pile {names}: {deck.card_names[ids[-1]]} is taken up, so the next "
                        "card is turned too: list it", argument="hand")


# -- the deals ---------------------------------------------------------------------------------

def deals(s: Setting, seed: int):
    """The deals of an analysis, endless, in order, the same seed the same deals.
    Vier-Anderle: ``hands``, one mask a seat of ``s.seats`` (play order), the hand at
    ``s.me``. Strohmandli: a ``games.Dealt`` (hands with their piles' cards, and the
    piles top first)."""
    from ..games.base import new_state, shuffled

    state = new_state(seed)
    deck = s.deck
    if s.kind == "tricks":
        free = [c for c in range(deck.n_cards) if not s.hand >> c & 1]
        while True:
            order = shuffled(len(free), state)
            hands, i = [], 0
            for x in s.seats:
                if x == s.seat:
                    hands.append(s.hand)
                    continue
                hands.append(sum(1 << free[j] for j in order[i:i + MAX_TRICKS]))
                i += MAX_TRICKS
            yield tuple(hands)
    yield from _pile_deals(s, state, shuffled)


def _pile_deals(s: Setting, state, shuffled):
    from ..games.base import Dealt

    g, setup, deck = s.game, s.setup, s.deck
    n, depth, k = setup.players, g.pile_depth(setup), g.in_hand(setup)
    known = s.hand
    for p in (p for sp in s.seen if sp is not None for p in sp):
        for c in p:
            known |= 1 << c
    free = [c for c in range(deck.n_cards) if not known >> c & 1]
    while True:
        order = iter([free[j] for j in shuffled(len(free), state)])
        hands, piles = [], {}
        for x in range(n):
            h = s.hand if x == s.seat else sum(1 << next(order) for _ in range(k))
            seat_piles = []
            for p in range(3):
                top = list(s.seen[x][p]) if s.seen[x] is not None else []
                top += [next(order) for _ in range(depth - len(top))]
                seat_piles.append(top)
                h |= sum(1 << c for c in top)
            hands.append(h)
            piles[f"piles {x + 1}"] = seat_piles
        yield Dealt(tuple(hands), piles)
