"""Royal tarokk behind the games' seam: the partnership game of ``spec/royal-tarokk.md``, four
seats A_IND, D_ELF, D_IND, A_ELF, 40 cards. Its own engine (the goal search of
``royal_sim.engine``) and its slem catalogue (``royal_sim.slems``) drive it; the commands keep
their royal options (``--rules``, the slems) under ``--game royal``.
"""

from __future__ import annotations

from .base import Game


class Royal(Game):
    id = "royal"
    title = "Royal tarokk"
    source = "seeds/000, seeds/002; spec/royal-tarokk.md"
    players = (4,)
    default_players = 4
    goal = None
    seat_names = ("A_IND", "D_ELF", "D_IND", "A_ELF")
    own_commands = True
    """The commands run royal tarokk through their own code (its slems, rules sets)."""
