"""What to search: the columns of an analysis and, on each deal, the goal of every column
with its status. Data only: nothing here calls the search kernel (``execute.py`` does).

A column is a slem with one parameter (``columns_for``). Slems with ordered triples of
announced magasítók (Héja, Stella) get one relaxed column first (``_relaxed_goal``: any
magasító of the bidder on each announced trick), an upper bound of every candidate.
Trick-count slems (Gém … Volát) are read from the max-tricks column (column 0) instead of
being searched. A column implying another one (``_implication_levels``) is searched at a
later level, only where the one it implies was made. Columns that must win given tricks
with suit cards share a relaxed filter per block of deals (``_late_filter``): where the
filter fails they all fail. Under Gerots rules the bidding pair plays under the
obligations of rájátszás: no announced card before its trick (``_holds_row``), and the lead
obligations of the target tricks (``slems.gerots_leads``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np

from ..engine.cells import GOAL_FALSE, GOAL_SEARCH, GOAL_SKIP
from ..engine.goal import Goal, tricks_goal
from ..model import cards as C
from ..model.deal import Pair
from .. import slems as S
from .results import Column

LATE_FILTER_MIN = 3   # columns sharing suit-card trick requirements before a shared filter
SUIT_CARDS = ((1 << C.N_CARDS) - 1) & ~int(C.SUIT_MASKS[C.TAROKK])
N_CARDS = C.N_CARDS
MAX_TRICKS_GOAL = tricks_goal(0)   # column 0: the most tricks the pair can take


def columns_for(hand: int, only: Sequence[str] | None = None,
                fixed: dict[str, object] | None = None) -> list[Column]:
    """The columns to search: each slem (all, or ``only`` ids) with every parameter the user
    could announce from ``hand`` (bit mask of cards; magasítók of the hand, every suit), or
    the ``fixed`` one (slem id → parameter). Raises ``BidError`` for an unknown id."""
    fixed = fixed or {}
    slems = [S.get_slem(i) for i in only] if only else list(S.SLEMS.values())
    cols: list[Column] = []
    for s in slems:
        if s.id in fixed:
            params = [fixed[s.id]]
        else:
            params = S.candidate_params(s, hand)
        if s.param.arity == 3 and s.id not in fixed:
            if params:
                cols.append(Column(s, params[0], relaxed=True))
            continue
        cols.extend(Column(s, p) for p in params)
    return cols


def _is_trick_count(goal: Goal) -> bool:
    return (not goal.trick_req and not goal.capture and not goal.capture_any and not goal.exists
            and not goal.run_len and not goal.split_tricks and not goal.impossible
            and goal.count_tricks & 0x3FF == 0x3FF)


def _relaxed_goal(goal: Goal, slem: S.Slem, param, bidder_mags: int) -> Goal:
    """Every trick of ``goal`` with an announced magasító may be won by any magasító of the
    bidder (the other clauses stay)."""
    trick_req = dict(goal.trick_req)
    for trick in S.magasito_tricks(slem):
        trick_req[trick] = bidder_mags
    return replace(goal, trick_req=trick_req, label=slem.id + ":*")


def _suit_tricks(goal: Goal) -> frozenset:
    """The tricks ``goal`` requires the pair to win with a suit card (no tarokk allowed)."""
    return frozenset(t for t, m in goal.trick_req.items() if m and not m & ~SUIT_CARDS)


def _late_filter(req: list[list[frozenset]]) -> frozenset:
    """The trick set A of the shared relaxed filter for columns with suit-card requirements
    (``req[i][j]``: ``_suit_tricks`` of deal i, column j; empty where not searched): among the
    sets of two or more tricks, the one required (A ⊆ T) by the most columns, if at least
    ``LATE_FILTER_MIN``; else empty. The filter goal "the pair wins every trick of A with a
    suit card", searched without the Gerots restrictions, is implied by each such column."""
    per_col: dict[int, frozenset] = {}
    for row in req:
        for j, t in enumerate(row):
            if t and j not in per_col:
                per_col[j] = t
    best, count = frozenset(), 0
    for a in set(per_col.values()):
        n = sum(a <= t for t in per_col.values())
        if len(a) >= 2 and n >= LATE_FILTER_MIN and (n, len(a)) > (count, len(best)):
            best, count = a, n
    return best


def _holds_row(slem: S.Slem, param, rules: str, pair_cards: int) -> np.ndarray:
    """(n_cards,) int8: under Gerots, the trick before which the pair may not play each
    card the bid announces (magasítók and kötött cards alike); 0 elsewhere."""
    hold = np.zeros(N_CARDS, dtype=np.int8)
    if rules == "gerots":
        for card, trick in S.held_until(slem, param).items():
            if pair_cards >> card & 1:
                hold[card] = trick
    return hold


_LEVELS_CACHE: dict = {}


def _implication_levels(cols: list[Column], rules: str) -> tuple[list[list[int]], list[int]]:
    """For each column, the columns it implies (``slems.implies``, with the Gerots holds of
    the stronger bid at least those of the weaker one), and search levels: a column is
    searched after every column it implies, and only where none of them failed. Cached by
    the columns and rules (it is pure Python and quadratic in the columns)."""
    key = (tuple(cols), rules)
    hit = _LEVELS_CACHE.get(key)
    if hit is None:
        hit = _LEVELS_CACHE[key] = _compute_levels(cols, rules)
    return hit


def _compute_levels(cols: list[Column], rules: str) -> tuple[list[list[int]], list[int]]:
    implied: list[list[int]] = [[] for _ in cols]
    holds = [{} if (c.relaxed or rules != "gerots") else S.held_until(c.slem, c.param)
             for c in cols]
    for j, hi in enumerate(cols):
        if hi.relaxed:
            continue
        for k, lo in enumerate(cols):
            if k == j or lo.relaxed or lo.slem.id == hi.slem.id:
                continue
            if not S.implies(hi.slem, hi.param, lo.slem, lo.param):
                continue
            if S.implies(lo.slem, lo.param, hi.slem, hi.param):
                continue  # equivalent predicates: search both
            if all(holds[j].get(c, 0) >= t for c, t in holds[k].items()):
                implied[j].append(k)
    level = [-1] * len(cols)

    def depth(j: int) -> int:
        if level[j] < 0:
            level[j] = 0 if not implied[j] else 1 + max(depth(k) for k in implied[j])
        return level[j]

    for j in range(len(cols)):
        depth(j)
    return implied, level


@dataclass(frozen=True)
class Cell:
    """One column on one deal. ``status``: ``GOAL_SEARCH`` (search ``goal``), ``GOAL_FALSE``
    (known not made) or ``GOAL_SKIP`` (undefined on the deal, or a trick-count slem:
    ``from_max`` ≥ 0 tricks of the max-tricks column make it); ``hold``: (n_cards,) int8
    Gerots hold-until tricks, ``None`` under laza rules; ``target``: the goal's
    ``min_tricks``, -1 for "the most tricks" (column 0); ``top``: -1, or for column 0 the
    top of the bracket ``target``..``top`` of trick counts searched (``solve_cells``)."""

    status: int
    goal: Goal | None = None
    hold: np.ndarray | None = None
    target: int = 0
    from_max: int = -1
    top: int = -1

    @property
    def suit_tricks(self) -> frozenset:
        """The tricks a searched goal must win with a suit card (``_suit_tricks``)."""
        return _suit_tricks(self.goal) if self.status == GOAL_SEARCH else frozenset()


@dataclass(frozen=True)
class BlockPlan:
    """The cells of a block of deals: ``cells[i][j]``, deal i, column j (column 0: max
    tricks, then the plan's columns); ``late``: the shared filter goal (``_late_filter``) or
    ``None``; ``late_deps``: (deals, columns) bool, the columns that fail where it fails."""

    cells: list[list[Cell]]
    late: Goal | None
    late_deps: np.ndarray | None


@dataclass(frozen=True)
class SearchPlan:
    """What to search for ``pair`` on each deal: ``cols``, their implications
    (``implied[j]``: the columns column j implies) and search ``level``s; ``mags``: the
    magasítók relaxed columns may use; ``leader`` leads trick ``first_trick``."""

    cols: list[Column]
    pair: Pair
    rules: str
    mags: int
    leader: int
    first_trick: int
    implied: list[list[int]]
    level: list[int]

    def block(self, deals: np.ndarray, active: np.ndarray | None = None) -> BlockPlan:
        """The cells of ``deals`` ((b, 4) uint64 hands in seat order) and their late filter,
        chosen among these deals' cells. ``active``: (1 + columns,) bool, the columns to
        plan (default all); the others' cells are ``GOAL_SKIP``, their goals not compiled.
        The max-tricks column, if not active, is still searched on the deals where an
        active trick-count slem reads it, but only for the trick counts they ask about
        (``Cell.top``: from the lowest of their thresholds to the highest), so its result
        there tells them apart, not the most tricks."""
        skip = Cell(GOAL_SKIP)
        on = [True] * (1 + len(self.cols)) if active is None else [bool(x) for x in active]
        cells = [self._row([int(x) for x in hands], on, skip) for hands in deals]
        req = [[c.suit_tricks for c in row[1:]] for row in cells]
        late = _late_filter(req)
        if not late:
            return BlockPlan(cells, None, None)
        deps = np.array([[bool(t) and late <= t for t in row] for row in req])
        goal = Goal(trick_req={t: SUIT_CARDS for t in late}, label="late suit tricks")
        return BlockPlan(cells, goal, deps)

    def _row(self, hands: list[int], on: list[bool], skip: Cell) -> list[Cell]:
        pair_cards = hands[self.pair.seats[0]] | hands[self.pair.seats[1]]
        row = [self._cell(col, hands, pair_cards) if on[j] else skip
               for j, col in enumerate(self.cols, 1)]
        if on[0]:
            return [Cell(GOAL_SEARCH, MAX_TRICKS_GOAL, target=-1)] + row
        asked = [c.from_max for c in row if c.from_max >= 0]
        if not asked:
            return [skip] + row
        return [Cell(GOAL_SEARCH, MAX_TRICKS_GOAL, target=min(asked), top=max(asked))] + row

    def _cell(self, col: Column, hands: list[int], pair_cards: int) -> Cell:
        goal = S.compile_goal(col.slem, col.param, hands, self.pair, self.first_trick)
        if goal is None:
            return Cell(GOAL_SKIP)
        if col.relaxed and not goal.impossible:
            goal = _relaxed_goal(goal, col.slem, col.param, self.mags)
        if goal.impossible:
            return Cell(GOAL_FALSE)
        if _is_trick_count(goal):
            return Cell(GOAL_SKIP, from_max=goal.min_tricks)
        if self.rules != "gerots":
            return Cell(GOAL_SEARCH, goal, target=goal.min_tricks)
        if col.relaxed:
            return Cell(GOAL_SEARCH, goal, np.zeros(N_CARDS, dtype=np.int8), goal.min_tricks)
        leads = S.gerots_leads(col.slem, col.param)
        if leads:
            goal = replace(goal, lead_req=leads)
        hold = _holds_row(col.slem, col.param, self.rules, pair_cards)
        return Cell(GOAL_SEARCH, goal, hold, goal.min_tricks)


def plan_search(cols: list[Column], pair: Pair, user_hand: int, rules: str,
                leader: int = 0, first_trick: int = 1) -> SearchPlan:
    """The plan to search ``cols`` for ``pair``; ``user_hand``: bit mask of the cards whose
    magasítók relaxed columns may use; ``rules``: ``"gerots"`` or ``"laza"``; ``leader``:
    seat leading trick ``first_trick``."""
    implied, level = _implication_levels(cols, rules)
    return SearchPlan(cols, pair, rules, user_hand & C.MAGASITOK, leader, first_trick,
                      implied, level)
