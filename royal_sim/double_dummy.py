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
from .engine.rules import Rules
from .model import cards as C
from .model.deal import PAIR_OF_SEAT

TAROKK_RULES = Rules(
    name="tarokk",
    suit_of=C.SUIT_OF.copy(),
    suit_masks=C.SUIT_MASKS.copy(),
    trump=C.TAROKK,
    must_trump=True,
    pair_of=np.array(PAIR_OF_SEAT, dtype=np.int8),
    card_names=C.CARD_NAMES,
)

_SOLVERS: dict[int, Solver] = {}


def default_solver(rules: Rules = TAROKK_RULES) -> Solver:
    """A solver kept for ``rules`` (one per rule set and process, not thread-safe)."""
    s = _SOLVERS.get(id(rules))
    if s is None or s.rules is not rules:
        s = _SOLVERS[id(rules)] = Solver(rules)
    return s


def max_tricks(hands, leader: int = 0, first_trick: int = 1, rules: Rules = TAROKK_RULES,
               pair: int = 0) -> int:
    """Most of the remaining tricks pair ``pair`` can force; see ``Solver.max_tricks``."""
    return default_solver(rules).max_tricks(hands, leader, first_trick, pair)


def solve_goal(hands, leader: int, first_trick: int, goal: Goal, pair: int = 0,
               rules: Rules = TAROKK_RULES, hold=None) -> bool:
    """Can pair ``pair`` force ``goal``; see ``Solver.solve_goal``."""
    return default_solver(rules).solve_goal(hands, leader, first_trick, goal, pair, hold)
