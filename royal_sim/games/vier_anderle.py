"""Vier-Anderle (``seeds/004``; ``spec/other-games.md`` §1): 2 to 13 players, each alone, 4 cards
each from 38 cards (54 with more than 9 players), the undealt cards dead; must overtake by
default; tricks count, no card points.
"""

from __future__ import annotations

from ..engine.count_rules import DUTY_OVERTAKE, DUTY_TRUMP, Count, CountRules, trick_count
from .base import Dealt, Figure, Game, Setup, tarokk_rules
from .decks import Deck, tarokk_deck

PAGAT, SKIZ = 0, 21


class VierAnderle(Game):
    id = "vier-anderle"
    title = "Vier-Anderle"
    source = "seeds/004; spec/other-games.md §1"
    players = tuple(range(2, 14))
    default_players = 4
    goal = None

    def flag_names(self):
        return ("no_overtake", "pagat_over_skiz")

    def deck(self, setup: Setup) -> Deck:
        return tarokk_deck(54 if setup.players > 9 else 38)

    def hand_size(self, setup: Setup) -> int:
        return 4

    def rest_name(self) -> str:
        return "dead"

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0                # dealer's left leads

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        duty = DUTY_TRUMP | (0 if "no_overtake" in setup.flags else DUTY_OVERTAKE)
        upset = (PAGAT, SKIZ) if "pagat_over_skiz" in setup.flags else (-1, -1)
        return tarokk_rules(self, self.deck(setup), setup, duty, upset=upset)

    def count(self, setup: Setup) -> Count:
        return trick_count(self.deck(setup).n_cards, 4)

    def figures(self) -> list[Figure]:
        return [
            Figure("tricks", "ütés", {"per_trick": "pot // 4", "none": "- pot"},
                   "tricks(P) >= k (k = 1 … 4); a stayer with no trick pays the pot in"),
        ]
