"""Módosított hármastarokk (``seeds/004``; ``spec/other-games.md`` §5): Jókai's game without
deductions, 94 points, the felvevő wins with 48; three players with 12 cards each and a skart
of 6, or four (meghívásos: a called partner) with 9 each.
"""

from __future__ import annotations

from .base import Figure, Setup, TarokkGame


class Modositott(TarokkGame):
    id = "modositott"
    title = "Módosított hármastarokk"
    source = "seeds/004; spec/other-games.md §5"
    players = (3, 4)
    default_players = 3
    goal = 48

    def flag_names(self):
        # nokontra: the analysis reads the uncontested payment (docs/games.md "Kontra")
        return ("nokontra",)

    def hand_size(self, setup: Setup) -> int:
        return 12 if setup.players == 3 else 9

    def rest_name(self) -> str:
        return "skart"

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0                # dealer's right leads (§5)

    def figures(self) -> list[Figure]:
        return [
            Figure("win", "játék", {"kettos": "2; lost 2/4/6/8/10", "szolo": 20},
                   "pts(F) >= 48 of 94; a tie loses"),
            Figure("tarokkszam", "tarokkszám", {"announced": "1/2/3"},
                   "holds(F, 10/11/12 tarokks)"),
            Figure("tuletroa", "tulétroá", {"announced": 2, "silent": 1},
                   "P captures I, XXI, skíz"),
            Figure("negy_kiraly", "négy király", {"announced": 2, "silent": 1},
                   "P captures the four kings"),
            Figure("pagatultimo", "pagátultimó", {"announced": 10, "silent": 5,
                                                  "failed": -10},
                   "P wins the last trick with I"),
            Figure("xxi_fogas", "XXI-fogás", {"announced": 4, "silent": 2},
                   "P captures O's XXI (owner and catcher only)"),
            Figure("pagatfogas", "pagátfogás", {"announced": 2, "silent": 1},
                   "P captures O's I"),
            Figure("volat", "volát", {"announced": 10, "silent": 5},
                   "P wins every trick; failed announced loses the game"),
        ]
