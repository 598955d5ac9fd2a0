"""What every game of the sources gives the engine, the sampler and the commands: its deck and
notation, seats and sides, dealing, rules of play, the count and its threshold, and its figures.

A game is one module of ``royal_sim.games`` defining a ``Game`` subclass and registered in
``royal_sim.games.GAMES``; nothing outside it tests the game's name. Seats are 0 … n-1 in play
order (the order the cards go round); the commands show them as ``1`` … ``n`` unless the game
names them (belote's ``S W N E``). ``spec/other-games.md`` is the rule book of every game here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..engine.count_rules import DUTY_TRUMP, Count, CountRules
from ..errors import CardError, DealError, RoyalSimError
from ..jit.rng import next64, seed_state
from .decks import Deck, tarokk_deck


class GameError(RoyalSimError):
    """An unknown game, or an option or input a game does not take."""


@dataclass(frozen=True)
class Figure:
    """One figure (figura, bemondás) or threshold of a game: ``id`` (ASCII-folded, the spec's),
    ``name`` (the source's), ``values``: what it pays, as the spec's table gives it
    (``{"silent": 1, "announced": 2}``, ``{"original": 5, "valtozat": 3}``, …), ``text``: the
    spec's predicate."""

    id: str
    name: str
    values: dict
    text: str


@dataclass(frozen=True)
class Dealt:
    """One deal as the game deals it: ``hands`` (one mask a seat), ``piles``: the other
    places cards go, by name (``skart``, ``talon``, ``dead``, a seat's table piles …):
    name → mask, or for ordered piles name → list of card ids, top first."""

    hands: tuple[int, ...]
    piles: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    """The options of one game that change its play or count: ``players`` (seats),
    ``trump`` (a suit index or ``None``), ``flags``: the game's own (``no_overtake``, …)."""

    players: int
    trump: int | None = None          # a suit index, -1 no trump, None not given
    flags: frozenset = frozenset()


class Game:
    """A game: subclasses set the class attributes and override what differs.

    ``id``: the command line's ``--game`` id; ``title``; ``source``: the seed file and
    section; ``players``: the seat counts it is played with, ``default_players``;
    ``goal``: the declarer side's threshold on the count (``None`` where the game has none);
    ``trumps``: whether ``--trump`` is taken (belote, coinche).
    """

    id: str = ""
    title: str = ""
    source: str = ""
    players: tuple[int, ...] = (3,)
    default_players: int = 3
    goal: int | None = None
    trumps: bool = False
    seat_names: tuple[str, ...] | None = None

    # -- options -------------------------------------------------------------------------

    def setup(self, players: int | None = None, trump: str | None = None,
              flags=()) -> Setup:
        """Check the options against the game (a flag named twice included); raises
        ``GameError`` naming the option."""
        n = self.default_players if players is None else int(players)
        if n not in self.players:
            raise GameError(f"{self.id} is played by {_span(self.players)} players, not {n}",
                            argument="players")
        t = None
        if trump is not None:
            if not self.trumps:
                raise GameError(f"{self.id} takes no trump: the tarokks are trumps",
                                argument="trump")
            t = self.parse_trump(trump)
        flags = [str(f).strip().lower().replace("-", "_") for f in flags]  # as --option's
        twice = sorted({f for f in flags if flags.count(f) > 1})
        if twice:
            raise GameError(f"option {twice[0]} given twice", argument="option")
        flags = frozenset(flags)
        unknown = flags - set(self.flag_names())
        if unknown:
            known = ", ".join(self.flag_names()) or "none"
            raise GameError(f"{self.id} has no option {sorted(unknown)[0]!r} (its options: "
                            f"{known})", argument="option")
        return Setup(n, t, flags)

    def flag_names(self) -> tuple[str, ...]:
        """The game's own options (``Setup.flags``)."""
        return ()

    def parse_trump(self, text: str) -> int | None:
        raise GameError(f"{self.id} takes no trump", argument="trump")

    # -- deck, seats, notation -----------------------------------------------------------

    def deck(self, setup: Setup) -> Deck:
        raise NotImplementedError

    def hand_size(self, setup: Setup) -> int:
        raise NotImplementedError

    def seat_name(self, seat: int, setup: Setup) -> str:
        return self.seat_names[seat] if self.seat_names else str(seat + 1)

    def parse_seat(self, text, setup: Setup, what: str = "seat") -> int:
        """Seat index of ``text``: ``1`` … ``n`` or the game's names; ``GameError`` else."""
        t = str(text).strip().upper()
        if self.seat_names and t in self.seat_names:
            return self.seat_names.index(t)
        if t.isdigit() and 1 <= int(t) <= setup.players:
            return int(t) - 1
        names = (", ".join(self.seat_names) + " or " if self.seat_names else "") + \
            f"1 to {setup.players}"
        raise GameError(f"unknown seat {text!r} for {self.id} (seats: {names})",
                        argument=what)

    def declarer_side(self, declarer: int, setup: Setup) -> tuple[int, ...]:
        """The seats counting with the declarer (his alone, unless the game has pairs)."""
        return (declarer,)

    def default_leader(self, declarer: int, setup: Setup) -> int:
        """Who leads trick 1 (the game's rule; the felvevő unless said otherwise)."""
        return declarer

    def parse_deal(self, text: str, setup: Setup, table: int = 0, leader: int = 0,
                   seen: int = 0) -> Dealt:
        """The deal of ``text``: the hands, one a seat in play order, ``/`` between them.
        Every card in the deck, none twice (nor one of ``seen``, the cards on the table); at
        a trick start every hand the same size, with ``table`` cards on the table the seats
        that played to it one card fewer. ``DealError`` / ``CardError`` naming the game
        otherwise."""
        deck = self.deck(setup)
        parts = text.split("/")
        if len(parts) != setup.players:
            raise DealError(f"a {self.id} deal of {setup.players} players lists "
                            f"{setup.players} hands separated by '/', got {len(parts)}",
                            argument="deal")
        hands = []
        on_table = seen
        for i, part in enumerate(parts):
            m, seen = self._parse_part(part, deck, seen, on_table,
                                       f"seat {self.seat_name(i, setup)}")
            hands.append(m)
        self._check_sizes(hands, setup, table, leader)
        return Dealt(tuple(hands))

    def _parse_part(self, text: str, deck: Deck, seen: int, on_table: int = 0,
                    who: str = "a seat") -> tuple[int, int]:
        m = 0
        for c in deck.parse_cards(text):
            if on_table >> c & 1:
                raise CardError(f"{deck.card_names[c]} is on the table (--trick) and in the "
                                f"hand of {who} (a {self.id} deal)", argument="deal")
            if seen >> c & 1:
                raise CardError(f"{deck.card_names[c]} is dealt twice (a {self.id} deal)",
                                argument="deal")
            seen |= 1 << c
            m |= 1 << c
        return m, seen

    def _check_sizes(self, hands, setup: Setup, table: int, leader: int) -> None:
        n = setup.players
        if not any(hands):
            raise DealError(f"the {self.id} deal lists no cards: give the hands, one a seat "
                            "in play order, separated by '/'", argument="deal")
        played = {(leader + i) % n for i in range(table)}
        sizes = [int(h).bit_count() + (1 if s in played else 0) for s, h in enumerate(hands)]
        if len(set(sizes)) != 1 or sizes[0] == 0:
            shown = ", ".join(f"{self.seat_name(s, setup)}: {int(h).bit_count()}"
                              for s, h in enumerate(hands))
            extra = f" ({table} on the table)" if table else ""
            raise DealError(f"every {self.id} hand must hold the same number of cards"
                            f"{extra}; got {shown}", argument="deal")
        if sizes[0] > self.hand_size(setup):
            raise DealError(f"a {self.id} hand holds at most {self.hand_size(setup)} cards, "
                            f"got {sizes[0]}", argument="deal")

    def format_deal(self, dealt: Dealt, setup: Setup) -> str:
        """The deal in one line that ``parse_deal`` reads back (``solve``'s DEAL)."""
        deck = self.deck(setup)
        return " / ".join(deck.format_cards(int(h)) for h in dealt.hands)

    # -- dealing ---------------------------------------------------------------------------

    def deal(self, state: np.ndarray, setup: Setup) -> Dealt:
        """One deal by the game's dealing (``state``: the xoshiro state, advanced)."""
        deck = self.deck(setup)
        cards = shuffled(deck.n_cards, state)
        k = self.hand_size(setup)
        hands = tuple(_mask(cards[s * k:(s + 1) * k]) for s in range(setup.players))
        rest = cards[setup.players * k:]
        piles = {self.rest_name(): _mask(rest)} if len(rest) else {}
        return Dealt(hands, piles)

    def rest_name(self) -> str:
        """What the cards not dealt to the hands are called (``talon``, ``skart``, ``dead``)."""
        return "talon"

    # -- play and count --------------------------------------------------------------------

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        """The rules of play (``dealt``: the deal, where its piles are part of the rules)."""
        raise NotImplementedError

    def count(self, setup: Setup) -> Count:
        """The count of the game's main goal (card points and its trick terms)."""
        raise NotImplementedError

    def n_tricks(self, setup: Setup) -> int:
        return self.hand_size(setup)

    def goal_of(self, setup: Setup) -> int | None:
        """The declarer side's threshold on the count under ``setup``: ``goal``, unless an
        option or the trump changes it (Jókai's beginners' count, belote without trumps)."""
        return self.goal

    def figures(self) -> list[Figure]:
        return []


def _span(values) -> str:
    values = sorted(values)
    if len(values) > 2 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return " or ".join(str(v) for v in values)


def _mask(ids) -> int:
    m = 0
    for c in ids:
        m |= 1 << int(c)
    return m


def shuffled(n: int, state: np.ndarray) -> list[int]:
    """``0 … n-1`` in a uniformly random order (Fisher-Yates on the project's generator)."""
    out = list(range(n))
    for i in range(n - 1, 0, -1):
        j = (next64(state) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return out


def new_state(seed: int) -> np.ndarray:
    return seed_state(seed)


class TarokkGame(Game):
    """A game of the tarokk deck of ``deck_size`` cards (§0): tarokks trumps, void in the
    led suit a tarokk (§9), each seat alone, the card points of §0 with ``per_trick`` for
    every trick won. A game of other duties or counts overrides ``rules`` or ``count``."""

    deck_size: int = 42
    per_trick: int = 0

    def deck(self, setup: Setup) -> Deck:
        return tarokk_deck(self.deck_size)

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        return tarokk_rules(self, self.deck(setup), setup, DUTY_TRUMP)

    def count(self, setup: Setup) -> Count:
        return point_count(self.deck(setup), self.n_tricks(setup), self.per_trick)


def tarokk_rules(game: Game, deck: Deck, setup: Setup, duty: int, excuse: int = -1,
                 upset=(-1, -1), piles=None, to_hand: int = 0) -> CountRules:
    """The rules of a tarokk game: tarokks trumps, each seat its own team."""
    return CountRules(name=game.id, n_seats=setup.players, suit_of=deck.suit_of,
                      power=deck.power, trump=deck.tarokk, duty=duty,
                      team_of=np.arange(setup.players, dtype=np.int8),
                      card_names=deck.card_names, excuse=excuse, upset=tuple(upset),
                      piles=piles, to_hand=to_hand)


def point_count(deck: Deck, n_tricks: int, per_trick: int = 0, label: str = "points"
                ) -> Count:
    """The card points of ``deck`` with ``per_trick`` for every trick won."""
    return Count(points=deck.points.copy(),
                 trick_points=np.full(n_tricks, per_trick, dtype=np.int16), label=label)
