"""Droggn (``seeds/004``; ``spec/other-games.md`` §6): three players, 54 cards, 17 a hand and a
talon of 3; the skíz is an excuse (playable any time, never wins, its 5 points stay with its
holder's side). The felvevő wins with 54 of 106.
"""

from __future__ import annotations

from ..engine.count_rules import DUTY_TRUMP, CountRules
from .base import Dealt, Figure, Setup, TarokkGame, tarokk_rules

SKIZ = 21


class Droggn(TarokkGame):
    id = "droggn"
    title = "Droggn"
    source = "seeds/004; spec/other-games.md §6"
    players = (3,)
    default_players = 3
    goal = 54
    deck_size = 54

    def flag_names(self):
        # nokontra: the analysis reads the uncontested payment (docs/games.md "Kontra");
        # tovabbi20: the announced pagátulti pays 40 (§6 Decision, an option)
        return ("nokontra", "tovabbi20")

    def hand_size(self, setup: Setup) -> int:
        return 17

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0                # the first receiver (§6 Decision)

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        return tarokk_rules(self, self.deck(setup), setup, DUTY_TRUMP, excuse=SKIZ)

    def figures(self) -> list[Figure]:
        return [
            Figure("win", "játék", {"ansager": 20, "solo": 40, "super": 80,
                                    "per_point": "1 each above 54"}, "pts(F) >= 54 of 106"),
            Figure("super_mord", "Super Mord", {"won": 164, "lost": 80},
                   "F wins all 17 tricks (bid)"),
            Figure("match", "Match", {"won": 134}, "F wins all tricks, no Mord bid"),
            Figure("pagatulti", "pagátulti", {"silent": 10, "announced": 20},
                   "P wins the last trick with I (the pagát laid face up when announced)"),
            Figure("skizulti", "skízulti", {"announced": 20},
                   "Super Mord only: the skíz laid out wins the last trick"),
            Figure("pagatfogas", "pagátfogás", {"won": 6}, "P captures O's I, not in Super Mord"),
        ]
