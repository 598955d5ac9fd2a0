"""Hármas tarokk, Jókai's count (``seeds/004``, "Hármas tarokk"; ``spec/other-games.md`` §4): three
players, the felvevő alone against two, 42 cards: a skart of 6 (three pairs: top, middle,
bottom) and 12 a hand; the count in threes, card points less 2 for every trick, 66 in all.
"""

from __future__ import annotations

from ..engine.count_rules import Count
from .base import Dealt, Figure, Setup, TarokkGame, _mask, point_count, shuffled

TRICK_DEDUCTION = -2
"""Jókai's count: 2 points off for every trick won (§4)."""


class Harmas(TarokkGame):
    id = "harmas"
    title = "Hármas tarokk (Jókai)"
    source = "seeds/004 \"Hármas tarokk\"; spec/other-games.md §4"
    players = (3,)
    default_players = 3
    goal = 34

    def flag_names(self):
        # kezdo: the beginners' count, no deductions, 48 of 94; nokontra: the analysis
        # reads the uncontested payment (docs/games.md "Kontra")
        return ("kezdo", "nokontra")

    def hand_size(self, setup: Setup) -> int:
        return 12

    def rest_name(self) -> str:
        return "skart"

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0                # the first receiver, dealer's right (as §5)

    def deal(self, state, setup: Setup) -> Dealt:
        cards = shuffled(self.deck(setup).n_cards, state)
        skart = cards[:6]
        hands = tuple(_mask(cards[6 + 12 * s:18 + 12 * s]) for s in range(3))
        return Dealt(hands, {"skart": [skart[0:2], skart[2:4], skart[4:6]]})

    def goal_of(self, setup: Setup) -> int | None:
        return 48 if "kezdo" in setup.flags else self.goal       # 48 of 94 (§4)

    def count(self, setup: Setup) -> Count:
        per = 0 if "kezdo" in setup.flags else TRICK_DEDUCTION
        return point_count(self.deck(setup), 12, per)

    def figures(self) -> list[Figure]:
        return [
            Figure("win", "játék", {"kettos": "2 + 5 vigasztalás", "szolo": "7 + 30"},
                   "pts(F) - 2 tricks(F) - 1 >= 34 (kettős), pts(F) - 2 tricks(F) >= 34 "
                   "(szóló); a tie loses"),
            Figure("tarokkszam", "tarokkszám", {"announced": "1/2/3"},
                   "holds(F, 10/11/12 tarokks) after the exchange"),
            Figure("tuletroa", "tulétroá", {"announced": 2, "silent": 1},
                   "P captures I, XXI, skíz"),
            Figure("negy_kiraly", "négy király", {"announced": 2, "silent": 1},
                   "P captures the four kings"),
            Figure("pagatultimo", "pagátultimó", {"announced": "2+15, lost 2+30", "silent": 2},
                   "P wins trick 12 with I"),
            Figure("xxi_fogas", "XXI-fogás", {"announced": 2, "silent": 1},
                   "P captures O's XXI"),
            Figure("pagatfogas", "pagátfogás", {"announced": 2, "silent": 1},
                   "P captures O's I"),
            Figure("volat", "volát", {"announced": 10, "silent": 5}, "P wins all 12 tricks"),
        ]
