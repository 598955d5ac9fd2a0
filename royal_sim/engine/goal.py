"""Goals: the boolean predicates the search proves or refutes, as a small record of masks.

Every slem of ``spec/royal-tarokk.md`` §3 is an AND of these clauses, all checked trick by
trick (``spec/goal-search-notes.md``):

- ``min_tricks``: the pair wins at least k of the tricks in ``count_tricks`` (bit t-1 = trick t);
- ``trick_req``: for trick t, the pair wins it and the winning card is in a mask;
- ``capture``: every card of a mask ends in a trick the pair wins;
- ``capture_any``: at least one card of a mask ends in a trick the pair wins (Honőr);
- ``exists``: for each mask (at most 2, pairwise disjoint), the pair wins some trick with a
  card of it;
- ``run_mask``/``run_len``: the pair wins ``run_len`` consecutive tricks, each with a card of
  ``run_mask``;
- ``split_tricks``: the cards winning these tricks do not all come from one hand (Royal).

Besides the clauses, a goal may restrict the searching pair's play (Gerots obligatory play,
rájátszás): ``lead_req`` maps a trick number to the cards the pair's leader of that trick
must lead from, when holding any.

Trick numbers are absolute (1 … 10 in tarokk), also in a position that starts later.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

MAX_TRICKS = 16
"""Most tricks a deal of any game the engine plays may have (the packed layout's trick slots)."""
# The packed layout (a uint64 array of GOAL_LEN) is compiled into the kernels; the kernel
# cache is keyed on this file too (``royal_sim/jit/compile.py``).
GOAL_LEN = 41
G_TRICK0 = 0          # G_TRICK0 + t-1: mask for trick t, 0 = no requirement
G_CAPTURE = 16
G_EXIST1 = 17
G_EXIST2 = 18
G_RUN_MASK = 19
G_RUN_LEN = 20
G_COUNT_TRICKS = 21
G_SPLIT_TRICKS = 22
G_MIN_TRICKS = 23
G_CAPTURE_ANY = 24
G_LEAD0 = 25          # G_LEAD0 + t-1: lead restriction for trick t, 0 = none

ALL_TRICKS = (1 << MAX_TRICKS) - 1


@dataclass(frozen=True)
class Goal:
    """A conjunction of clauses for the pair that searches (see module doc).

    Masks are Python ints over card ids; ``trick_req`` maps trick number (1-based) → mask.
    ``impossible`` marks a goal known false without search (it names a card the pair cannot
    capture or play); ``label`` is for messages only.
    """

    min_tricks: int = 0
    count_tricks: int = ALL_TRICKS
    trick_req: dict = field(default_factory=dict)
    capture: int = 0
    capture_any: int = 0
    exists: tuple = ()
    run_mask: int = 0
    run_len: int = 0
    split_tricks: int = 0
    lead_req: dict = field(default_factory=dict)
    impossible: bool = False
    label: str = ""

    def __post_init__(self):
        if len(self.exists) > 2:
            raise ValueError("a goal has at most 2 existential clauses")
        if len(self.exists) == 2 and self.exists[0] & self.exists[1]:
            raise ValueError("existential masks of one goal must be disjoint")
        for t in (*self.trick_req, *self.lead_req):
            if not 1 <= t <= MAX_TRICKS:
                raise ValueError(f"trick number {t} out of range")

    def __hash__(self):
        return hash((self.min_tricks, self.count_tricks, tuple(sorted(self.trick_req.items())),
                     self.capture, self.capture_any, self.exists, self.run_mask, self.run_len,
                     self.split_tricks, tuple(sorted(self.lead_req.items())),
                     self.impossible))

    def pack(self) -> np.ndarray:
        """The goal as a ``(GOAL_LEN,)`` uint64 array for the kernels."""
        g = np.zeros(GOAL_LEN, dtype=np.uint64)
        for t, m in self.trick_req.items():
            g[G_TRICK0 + t - 1] = np.uint64(m)
        g[G_CAPTURE] = np.uint64(self.capture)
        for i, m in enumerate(self.exists):
            g[G_EXIST1 + i] = np.uint64(m)
        g[G_RUN_MASK] = np.uint64(self.run_mask)
        g[G_RUN_LEN] = np.uint64(self.run_len)
        g[G_COUNT_TRICKS] = np.uint64(self.count_tricks)
        g[G_SPLIT_TRICKS] = np.uint64(self.split_tricks)
        g[G_MIN_TRICKS] = np.uint64(self.min_tricks)
        g[G_CAPTURE_ANY] = np.uint64(self.capture_any)
        for t, m in self.lead_req.items():
            g[G_LEAD0 + t - 1] = np.uint64(m)
        return g

    def named_masks(self) -> list[int]:
        """Every card mask the goal names (cards in them are not collapsed with others)."""
        return [*self.trick_req.values(), self.capture, self.capture_any, *self.exists,
                self.run_mask, *self.lead_req.values()]

    def card_classes(self, n_cards: int, hold=None) -> np.ndarray:
        """``(n_cards,)`` int16: cards with equal class are treated alike by this goal (and
        by the play restriction ``hold``, if given), so the search may merge them when
        adjacent in strength inside one hand, and the table may match positions that
        differ only in such cards."""
        masks = [m for m in self.named_masks() if m]
        sig = {}
        out = np.zeros(n_cards, dtype=np.int16)
        for c in range(n_cards):
            key = tuple((m >> c) & 1 for m in masks) + (0 if hold is None else int(hold[c]),)
            out[c] = sig.setdefault(key, len(sig))
        return out


def tricks_goal(k: int) -> Goal:
    """The pair wins at least ``k`` tricks."""
    return Goal(min_tricks=k, label=f">= {k} tricks")
