"""A trick game for the count search as plain arrays: any number of seats, any deck of up to
64 cards, play duties as flags, card points and per-trick terms as a count.

The goal search (``play_rules.PlayRules``, ``goal.Goal``) proves boolean goals of a pair, four
seats; the count search (``kernel/count_search.py``) finds how many points one side counts
from a position with every seat seeing every card, all other seats playing together against it
(``spec/other-games.md`` §0 "Double dummy"). A game (``royal_sim.games``) builds its
``CountRules`` (how a trick is played and won) and its ``Count`` (what a won trick is worth);
the engine tests no game's name.

Card ids: the game's own (``royal_sim.games.decks``); a card's strength inside its suit is
``power`` (higher wins), a trump beats every card of another suit, a card of neither the led
suit nor trumps never wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

MAX_SEATS = 13
"""Most seats a deal may have (Vier-Anderle, ``spec/other-games.md`` §1)."""
MAX_CARDS = 64
"""Most cards a deck may have: a set of cards is one ``uint64``."""
MAX_TRICKS = 32
"""Most tricks a deal may have (two-handed Strohmandli plays 21)."""
SPECIAL = 1000
"""``Count.card_classes``: a class from here on is one card's own, never merged."""

# duties (CountRules.duty bits)
DUTY_TRUMP = 1
"""Void in the led suit, play a trump if you have one (every tarokk game: "void → tarokk")."""
DUTY_OVERTAKE = 2
"""If a legal card would win the trick as it stands, play one of those (Vier-Anderle §1,
"felülütés is kötelező"); every seat but the leader."""
DUTY_BELOTE = 4
"""Belote's duties (``spec/other-games.md`` §9): trump led, a trump higher than every trump on
the table if you have one; a plain suit led and void, partner winning: any card, else a trump
(higher than every trump on the table if you can: surcouper, else any: sous-couper), with no
trump any card. Replaces ``DUTY_TRUMP``."""


@dataclass(frozen=True, eq=False)
class CountRules:
    """How a trick is played and won.

    ``n_seats``: 2 … 13, seats 0 … n-1 in play order; ``suit_of``: (n_cards,) int8 suit of each
    card; ``power``: (n_cards,) int16 strength inside its suit, higher wins; ``trump``: the trump
    suit's index or -1; ``duty``: ``DUTY_*`` bits; ``team_of``: (n_seats,) int8, the partnership
    of each seat (belote's "partner winning" duty only; others: each seat its own);
    ``excuse``: the card id of an excuse (Droggn's skíz, §6, §9: playable any time, never
    wins, its points stay with its holder's side; led, the next card sets the suit; no trump
    for the duty) or -1; ``upset``: (low, high) card ids where ``low`` beats ``high`` in a
    trick of trumps only holding both (Vier-Anderle's pagát over skíz, an option) or (-1, -1);
    ``card_names``: notation of each card id, for messages; ``piles``: (n_seats, n_piles,
    depth) int64 card ids of each seat's face-down table piles, top first, -1 past a pile's
    end (Strohmandli §2: a pile's top is played as a hand card, playing it turns the next; a
    turned card of ``to_hand`` (tarokks and kings) goes to hand and the next is turned), or
    ``None``; the piles' cards are also in their seat's hand mask; ``reserved``: the card id
    of an ulti card laid face up (Droggn's announced pagátulti or skízulti, §6: playable only
    as the only legal card, so in the last trick; the excuse so reserved wins the trick it
    is played in: the skíz laid out wins the last trick) or -1; ``withhold``: the card id of a
    top trump its holder may withhold (Troggu's skíz, §3: on a trump lead, his only trump, he
    may play another card instead; ``withhold_void``: also when void in a plain suit led, the
    intro's option) or -1. Withheld, the card is no trump and playable only as the last card
    of its hand; in the last trick it never wins (led, the next card sets the suit), its
    points stay with its holder's side, and the holder gives the trick's winner his captured
    card lowest in ``offer_points`` (the game's card points; of equal ones the lowest in the
    count), none if he has captured none (``kernel/count_search``: the withheld flag and
    that card are the search's play-history state).
    """

    name: str
    n_seats: int
    suit_of: np.ndarray
    power: np.ndarray
    trump: int
    duty: int
    team_of: np.ndarray
    card_names: tuple[str, ...]
    excuse: int = -1
    upset: tuple[int, int] = (-1, -1)
    piles: np.ndarray | None = None
    to_hand: int = 0
    reserved: int = -1
    withhold: int = -1
    withhold_void: bool = False
    offer_points: np.ndarray | None = None
    suit_masks: np.ndarray = field(init=False)

    def __post_init__(self):
        if not 2 <= self.n_seats <= MAX_SEATS:
            raise ValueError(f"n_seats must be 2..{MAX_SEATS}, got {self.n_seats}")
        n = len(self.suit_of)
        if not 1 <= n <= MAX_CARDS:
            raise ValueError(f"a deck holds 1..{MAX_CARDS} cards, got {n}")
        if len(self.power) != n or len(self.card_names) != n:
            raise ValueError("suit_of, power and card_names must have one entry a card")
        if len(self.team_of) != self.n_seats:
            raise ValueError("team_of must have one entry a seat")
        masks = np.zeros(int(self.suit_of.max()) + 1, dtype=np.uint64)
        for c, s in enumerate(self.suit_of):
            masks[s] |= np.uint64(1) << np.uint64(c)
        object.__setattr__(self, "suit_masks", masks)
        if self.piles is not None and self.piles.shape[0] != self.n_seats:
            raise ValueError("piles must have one row a seat")

    @property
    def pile_mask(self) -> int:
        """Every card lying in a table pile."""
        if self.piles is None:
            return 0
        return sum(1 << int(c) for c in self.piles.ravel() if c >= 0)

    @property
    def n_cards(self) -> int:
        return len(self.suit_of)

    def record(self) -> tuple:
        """The rules as the kernels take them (``kernel/count_search.COUNT_RULES``):
        ``(n_seats, suit_of, power, suit_masks, trump, duty, team_of, excuse, upset_low,
        upset_high, piles, to_hand, pile_mask, reserved, withhold, withhold_void,
        offer_points)``."""
        piles = (np.full((1, 1, 1), -1, np.int64) if self.piles is None
                 else self.piles.astype(np.int64))
        return (np.int64(self.n_seats), self.suit_of.astype(np.int8),
                self.power.astype(np.int16), self.suit_masks, np.int64(self.trump),
                np.int64(self.duty), self.team_of.astype(np.int8), np.int64(self.excuse),
                np.int64(self.upset[0]), np.int64(self.upset[1]), piles,
                np.uint64(self.to_hand), np.uint64(self.pile_mask), np.int64(self.reserved),
                np.int64(self.withhold), np.int64(1 if self.withhold_void else 0),
                self.offers())

    def offers(self) -> np.ndarray:
        """``offer_points`` as int16, zeros where not given."""
        if self.offer_points is None:
            return np.zeros(self.n_cards, np.int16)
        return self.offer_points.astype(np.int16)


@dataclass(frozen=True, eq=False)
class Count:
    """What the side counts: ``points``: (n_cards,) int16, each card's points to the side whose
    trick holds it (the excuse's to its holder's side); ``trick_points``: (n_tricks,) int16,
    points for winning trick t (0-based absolute: belote's 10 for the last, Jókai's −2 for
    every trick, 1 a trick to count tricks); ``trick_cards``: (n_tricks,) uint64, where not 0
    trick t's points count only when won with a card of the mask (pagátulti: the last trick
    with I); ``trick_held``: (n_tricks,) uint64, where not 0 only when the trick holds a card
    of the mask, whoever played it (Droggn's failed pagátulti, §6: the opponents take the last
    trick with the I in it). ``label`` names the count in messages.
    """

    points: np.ndarray
    trick_points: np.ndarray
    trick_cards: np.ndarray | None = None
    label: str = ""
    trick_held: np.ndarray | None = None

    def __post_init__(self):
        if len(self.trick_points) > MAX_TRICKS:
            raise ValueError(f"a deal has at most {MAX_TRICKS} tricks")
        if self.trick_cards is None:
            object.__setattr__(self, "trick_cards",
                               np.zeros(len(self.trick_points), dtype=np.uint64))
        if self.trick_held is None:
            object.__setattr__(self, "trick_held",
                               np.zeros(len(self.trick_points), dtype=np.uint64))

    @property
    def n_tricks(self) -> int:
        return len(self.trick_points)

    def record(self) -> tuple:
        """``(points int16 (n_cards,), trick_points int16 (n_tricks,), trick_cards uint64,
        trick_held uint64)``."""
        return (self.points.astype(np.int16), self.trick_points.astype(np.int16),
                self.trick_cards.astype(np.uint64), self.trick_held.astype(np.uint64))

    def offer_monotone(self, rules: CountRules) -> bool:
        """Do the count's points rise with ``rules.offer_points`` (a card of fewer offer
        points never counts more)? Then the card a withheld skíz's holder gives is worth the
        fewest points of his captures in the count, whatever its offer points
        (``kernel/count_play._offer``); the card points and a figure's count of its cards
        (honours, kings: of the most card points) are."""
        offers = rules.offers()
        pts = self.points
        return not bool(((offers[:, None] < offers[None, :])
                         & (pts[:, None] > pts[None, :])).any())

    def card_classes(self, rules: CountRules) -> np.ndarray:
        """``(n_cards,)`` int16: cards the count treats alike (equal points, in no trick mask,
        not the excuse, an upset card, the reserved or withholdable card, a card a trick's
        points name or a card in a table pile: those have ``SPECIAL + id``; with a
        withholdable card, equal ``offer_points`` too), which the search merges when no
        other live card lies between them in their suit, and its table matches across
        positions (``kernel/count_search._pattern_key``)."""
        named = rules.pile_mask
        for m in (*self.trick_cards, *self.trick_held):
            named |= int(m)
        special = {rules.excuse, rules.reserved, rules.withhold, *rules.upset} | {
            c for c in range(rules.n_cards) if named >> c & 1}
        offers = rules.offers() if rules.withhold >= 0 and not self.offer_monotone(rules) \
            else np.zeros(rules.n_cards, np.int16)
        out = np.zeros(rules.n_cards, dtype=np.int16)
        sig: dict = {}
        for c in range(rules.n_cards):
            key = (int(self.points[c]), int(offers[c]))
            out[c] = SPECIAL + c if c in special else sig.setdefault(key, len(sig))
        return out


def trick_count(n_cards: int, n_tricks: int, label: str = "tricks") -> Count:
    """The count of tricks won: no card points, 1 a trick."""
    return Count(points=np.zeros(n_cards, dtype=np.int16),
                 trick_points=np.ones(n_tricks, dtype=np.int16), label=label)
