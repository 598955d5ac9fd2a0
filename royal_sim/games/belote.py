"""Belote and coinche (``seeds/003``, Hebrew; ``spec/other-games.md`` §7, §9): four seats in
two pairs, 32 cards, 8 tricks; the taker's pair counts card points under the trump and the
last trick's 10 (dix de der), 162 a deal with a trump.

Seats in the play order of the source's worked trick: S, W, N, E (seats 1 to 4); pairs NS
(seats S, N) and EW. Trumps ``S H D C``, or ``NT`` (no trump: aces 11, or 19 with the
``official`` option, §7).
"""

from __future__ import annotations

import numpy as np

from ..engine.count_rules import DUTY_BELOTE, Count, CountRules
from .base import Dealt, Figure, Game, GameError, Setup
from .decks import BELOTE_SUITS, SUIT_SYMBOLS, Deck, belote_deck, belote_power_points

LAST_TRICK = 10
"""Dix de der: the last trick's 10 points (§7)."""
_DECK = belote_deck()


class Belote(Game):
    id = "belote"
    title = "Belote"
    source = "seeds/003 (Hebrew); spec/other-games.md §7, §9"
    players = (4,)
    default_players = 4
    goal = 82
    trumps = True
    seat_names = ("S", "W", "N", "E")

    def flag_names(self):
        return ("official",)

    def parse_trump(self, text: str) -> int:
        t = str(text).strip().upper()
        t = {v: k for k, v in SUIT_SYMBOLS.items()}.get(t, t)
        if t in ("NT", "SA", "NO", "NONE"):
            return -1
        if t in BELOTE_SUITS:
            return BELOTE_SUITS.index(t)
        raise GameError(f"unknown trump {text!r} for {self.id} (use S, H, D, C or NT)",
                        argument="trump")

    def trump_name(self, setup: Setup) -> str:
        return "NT" if setup.trump == -1 else BELOTE_SUITS[setup.trump]

    def deck(self, setup: Setup) -> Deck:
        return _DECK

    def hand_size(self, setup: Setup) -> int:
        return 8

    def declarer_side(self, declarer: int, setup: Setup) -> tuple[int, ...]:
        return (declarer, (declarer + 2) % 4)

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0

    def _trump(self, setup: Setup) -> int | None:
        if setup.trump is None:
            raise GameError(f"{self.id} needs a trump: S, H, D, C or NT", argument="trump")
        return None if setup.trump < 0 else setup.trump

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        trump = self._trump(setup)
        power, _ = belote_power_points(_DECK, trump)
        return CountRules(name=self.id, n_seats=4, suit_of=_DECK.suit_of, power=power,
                          trump=-1 if trump is None else trump, duty=DUTY_BELOTE,
                          team_of=np.array([0, 1, 0, 1], np.int8),
                          card_names=_DECK.card_names)

    def count(self, setup: Setup) -> Count:
        trump = self._trump(setup)
        ace = 19 if "official" in setup.flags else 11
        _, points = belote_power_points(_DECK, trump, ace_no_trump=ace)
        tp = np.zeros(8, np.int16)
        tp[-1] = LAST_TRICK
        return Count(points=points, trick_points=tp, label="points")

    def total(self, setup: Setup) -> int:
        c = self.count(setup)
        return int(c.points.sum()) + LAST_TRICK

    def goal_of(self, setup: Setup) -> int | None:
        """Strictly ahead: more than half the deal's total (82 of 162; no trump, house aces
        11: 66 of 130)."""
        return self.total(setup) // 2 + 1

    def figures(self) -> list[Figure]:
        return [
            Figure("made", "contrat rempli", {"points": "card points + der"},
                   "the taker's pair, declarations and belote included, ends strictly ahead "
                   "(82 of 162 with a trump)"),
            Figure("capot", "capot", {"points": 252}, "the taker's pair wins all 8 tricks"),
            Figure("generale", "générale", {"coinche": 500},
                   "the taker alone wins all 8 tricks (coinche)"),
            Figure("belote", "belote-rebelote", {"points": 20},
                   "a seat holds the K and Q of trumps (kept by its pair even when the "
                   "contract falls)"),
        ]


class Coinche(Belote):
    id = "coinche"
    title = "Coinche (belote contrée)"
