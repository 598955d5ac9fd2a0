"""Troggu, Tapp-tarokk (``seeds/004``; ``spec/other-games.md`` §3): three to six players, one
felvevő against all, 54 cards; the Tapp (talon) and hands: 3 players 6/16, 4: 6/12, 5: 9/9,
6: 12/7. The felvevő counts his tricks and the skart: 106 in all, the game at 54.

The withheld skíz (§3): on a tarokk lead, a holder whose only tarokk is the skíz may play
another card; the skíz is then powerless, kept to the last trick and played there, goes back
to its holder, who gives that trick's winner his lowest captured card (the fewest card
points; none if he has captured none). ``--option skizvoid``: also when void in the suit
led (the intro's "tarokkot kellene raknia"). The engine's ``CountRules.withhold``.
"""

from __future__ import annotations

import dataclasses

from ..engine.count_rules import CountRules
from .base import Dealt, Figure, Setup, TarokkGame

SKIZ = 21
HAND = {3: 16, 4: 12, 5: 9, 6: 7}
"""Cards a hand by the number of players (§3); the rest is the Tapp."""


class Troggu(TarokkGame):
    id = "troggu"
    title = "Troggu (Tapp-tarokk)"
    source = "seeds/004; spec/other-games.md §3"
    players = (3, 4, 5, 6)
    default_players = 3
    goal = 54
    deck_size = 54

    def flag_names(self):
        # nokontra: the analysis reads the uncontested payment (docs/games.md "Kontra");
        # skizvoid: the skíz may be withheld when void in a suit led too (§3 option)
        return ("nokontra", "skizvoid")

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        deck = self.deck(setup)
        return dataclasses.replace(super().rules(setup, dealt), withhold=SKIZ,
                                   withhold_void="skizvoid" in setup.flags,
                                   offer_points=deck.points.copy())

    def hand_size(self, setup: Setup) -> int:
        return HAND[setup.players]

    def rest_name(self) -> str:
        return "tapp"

    def figures(self) -> list[Figure]:
        return [
            Figure("jatek", "játék", {"units": 1, "szolo": 2}, "pts(F) >= 54 of 106"),
            Figure("duplajatek", "duplajáték", {"units": 2, "szolo": 4}, "pts(F) >= 71"),
            Figure("volat", "volát", {"units": 4, "szolo": 8}, "F wins all tricks"),
            Figure("tuletroa", "tulétroá", {"silent": 1, "announced": 2},
                   "P captures I, XXI, skíz"),
            Figure("negy_kiraly", "négy király", {"silent": 1, "announced": 2},
                   "P captures the four kings"),
            Figure("pagatulti", "pagátulti", {"silent": 3, "announced": 6},
                   "P wins the last trick with I"),
            Figure("pagatfogas", "pagátfogás", {"silent": 1, "announced": 2},
                   "P captures O's I"),
            Figure("xxi_fogas", "XXI-fogás", {"silent": 2, "announced": 4},
                   "P captures O's XXI"),
            Figure("mizer", "mizer", {"units": 1}, "all pass: most tricks pays 1 each"),
        ]
