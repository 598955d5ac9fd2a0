"""One decision over worlds: every legal card of the seat to play valued double dummy in each
world (``values.card_values_many``: the worlds of a decision in one batch on all threads) and
scored for the mover's pair under the bids announced; the card of the best mean is chosen.
``suggest`` (a card for a player) and ``pimc`` (the table player) decide this way.

The objective of a card in one world (``docs/play.md#how-a-card-is-chosen``): without bids,
the tricks the mover's pair then takes from the current trick (included) to the last; with
bids, its pair's points less the other pair's (``advisor.Scorer``: the rule set's scoring of
the whole deal as dealt in that world, each announced bid made where its pair still forces it
after the card, consolatio included) plus ``TRICK_POINTS`` a trick, so that cards of equal
score are told apart by their tricks. The chosen card has the best mean; ties go to the lowest
card id (``rank``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..advisor import Scorer
from ..model.deal import Pair, Seat
from .position import Position
from .values import card_values_many

__all__ = ["TRICK_POINTS", "WorldValues", "objective", "rank", "value_worlds"]

TRICK_POINTS = 0.001
"""With bids, a trick counts this many points (it tells apart cards of equal score)."""


@dataclass(frozen=True)
class WorldValues:
    """The cards of one decision valued in each world: ``cards`` the legal cards (id order);
    ``tricks`` (worlds, cards) the mover's pair's tricks from the current trick; ``made``:
    bid label (``attack:gem``) → (worlds, cards) bool, the bid still forced after the card;
    ``dealt`` (worlds, seats) the worlds as dealt (the scores read them)."""

    cards: list[int]
    tricks: np.ndarray
    made: dict[str, np.ndarray]
    dealt: np.ndarray

    def __len__(self) -> int:
        return self.tricks.shape[0]

    def extend(self, other: "WorldValues") -> "WorldValues":
        """These worlds and ``other``'s (the same decision)."""
        return WorldValues(self.cards, np.concatenate([self.tricks, other.tricks]),
                           {k: np.concatenate([v, other.made[k]]) for k, v in self.made.items()},
                           np.concatenate([self.dealt, other.dealt]))


def value_worlds(hands: np.ndarray, dealt: np.ndarray, leader: int, trick_number: int,
                 trick: Sequence[int], bids: dict[Pair, Sequence], rules: str,
                 history=()) -> WorldValues:
    """Every legal card of the seat to play valued in each world.

    hands: (worlds, seats) the holdings now; dealt: (worlds, seats) the same worlds as dealt;
    leader, trick_number (1-based), trick: the current trick, the same in every world (the
    seat to play's hand is too); bids: pair → its announced bids (``slems.Bid``); rules:
    ``gerots`` or ``laza``; history: the tricks played before the current one
    (``[(leader, [cards])…]``), which the bids judge too. Raises as ``card_values``."""
    positions = [Position(tuple(int(x) for x in h), Seat(int(leader)), int(trick_number),
                          tuple(int(c) for c in trick)) for h in hands]
    mover = positions[0].to_play.pair
    scored = any(bids.get(p) for p in Pair)
    cvs = card_values_many(positions, rules=rules, slems=scored,
                           bids={p: tuple(bids.get(p, ())) for p in Pair}, history=history)
    cards = [v.card for v in cvs[0].cards]
    tricks = np.array([[v.tricks[mover.label] for v in cv.cards] for cv in cvs], dtype=float)
    made = {}
    if scored:
        for p in Pair:
            for b in bids.get(p, ()):
                made[f"{p.label}:{b.key}"] = np.array(
                    [[b.key in v.slems[p.label] for v in cv.cards] for cv in cvs], dtype=bool)
    return WorldValues(cards, tricks, made, np.asarray(dealt, dtype=np.uint64))


def objective(values: WorldValues, mover: Pair, bids: dict[Pair, Sequence], rules: str,
              igazitas: bool = True) -> np.ndarray:
    """(worlds, cards) each card's objective in each world (module doc): tricks without
    bids, else the mover's pair's points less the other pair's plus ``TRICK_POINTS`` a
    trick."""
    own = [b.key for b in bids.get(mover, ())]
    theirs = [b.key for b in bids.get(mover.other, ())]
    if not own and not theirs:
        return values.tricks.copy()
    n = len(values)
    mine_s, theirs_s = (Scorer(values.dealt, p, rules, igazitas) for p in (mover, mover.other))
    out = np.empty_like(values.tricks)
    for i in range(len(values.cards)):
        a = np.array([values.made[f"{mover.label}:{k}"][:, i] for k in own],
                     dtype=np.int64).T.reshape(n, -1) if own else None
        b = np.array([values.made[f"{mover.other.label}:{k}"][:, i] for k in theirs],
                     dtype=np.int64).T.reshape(n, -1) if theirs else None
        out[:, i] = mine_s.scores(own, a, theirs, b) - theirs_s.scores(theirs, b, own, a)
    return out + TRICK_POINTS * values.tricks


def rank(value: np.ndarray, cards: Sequence[int]) -> list[int]:
    """Column indices of ``value`` (worlds, cards) best first: the highest mean, ties to the
    lowest card id."""
    means = value.mean(axis=0)
    return sorted(range(len(cards)), key=lambda i: (-means[i], cards[i]))
