"""Royal tarokk on the game-neutral engine: its rules of play as engine data, and the
double-dummy entry points with those rules as the default.

Source rule: ``docs/rules.md`` "Play" (``spec/royal-tarokk.md`` §2): follow suit; void → a
tarokk if holding one; tarokk led → a tarokk if able; no duty to overtake; the highest tarokk
wins, else the highest card of the led suit.
"""

from __future__ import annotations

import numpy as np

from .engine.goal import Goal
from .engine.solver import Solver
from .engine.play_rules import PlayRules
from .model import cards as C
from .model.deal import PAIR_OF_SEAT

TAROKK_PLAY = PlayRules(
    name="tarokk",
    suit_of=C.SUIT_OF.copy(),
    suit_masks=C.SUIT_MASKS.copy(),
    trump=C.TAROKK,
    must_trump=True,
    pair_of=np.array(PAIR_OF_SEAT, dtype=np.int8),
    card_names=C.CARD_NAMES,
)

_SOLVERS: dict[int, Solver] = {}


def default_solver(play_rules: PlayRules = TAROKK_PLAY) -> Solver:
    """A solver kept for ``play_rules`` (one per game and process, not thread-safe)."""
    s = _SOLVERS.get(id(play_rules))
    if s is None or s.play_rules is not play_rules:
        s = _SOLVERS[id(play_rules)] = Solver(play_rules)
    return s


def max_tricks(hands, leader: int = 0, first_trick: int = 1, play_rules: PlayRules = TAROKK_PLAY,
               pair: int = 0) -> int:
    """Most of the remaining tricks pair ``pair`` can force; see ``Solver.max_tricks``."""
    return default_solver(play_rules).max_tricks(hands, leader, first_trick, pair)


def solve_goal(hands, leader: int, first_trick: int, goal: Goal, pair: int = 0,
               play_rules: PlayRules = TAROKK_PLAY, hold=None) -> bool:
    """Can pair ``pair`` force ``goal``; see ``Solver.solve_goal``."""
    return default_solver(play_rules).solve_goal(hands, leader, first_trick, goal, pair, hold)
