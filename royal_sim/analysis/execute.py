"""Running a ``SearchPlan``: the one place that packs the kernel's arrays (goals, card
classes, holds, status, targets) and calls ``engine.cells.solve_cells``.

Deals are searched in blocks of ``CHUNK``; on each block the late filter runs first (where
it fails, the columns depending on it are known false), then each implication level, the
columns of a level only where every column they imply was made. One set of transposition
tables serves every search of a run, and cells are handed out costliest column first (mean
nodes per cell so far): the order of the searches is part of the node counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numba
import numpy as np

from ..tarokk import TAROKK_PLAY
from ..engine.cells import GOAL_FALSE, GOAL_SEARCH, GOAL_SKIP, solve_cells
from ..engine.goal import GOAL_LEN, Goal
from ..engine.solver import Tables
from ..model.deal import Pair
from .plan import N_CARDS, BlockPlan, SearchPlan, plan_search
from .results import Column

CHUNK = 50  # deals per parallel batch (progress granularity)
ANALYSIS_TT_BITS = 18  # log2 table entries per thread (goal searches find their entries again)


class ClassCache:
    """Card classes of goals (``Goal.card_classes``), kept by the goal's named masks and
    holds: (n_cards,) int16 per goal. One cache may serve several searches."""

    def __init__(self):
        self.d: dict = {}

    def __call__(self, goal: Goal, hold: np.ndarray | None = None) -> np.ndarray:
        key = (tuple(goal.named_masks()), None if hold is None else hold.tobytes())
        v = self.d.get(key)
        if v is None:
            v = self.d[key] = goal.card_classes(N_CARDS, hold)
        return v


@dataclass(frozen=True)
class ColumnSearch:
    """Result of ``search_columns``: ``outcomes`` (n, columns) int64, 1 made, 0 not, -1
    undefined; ``max_tricks`` (n,) int64 of the pair; ``cells`` / ``nodes``: (1 + columns,)
    int64 cells searched and search nodes per column (column 0: max tricks);
    ``filter_cells`` / ``filter_nodes``: the same for the late filter."""

    outcomes: np.ndarray
    max_tricks: np.ndarray
    cells: np.ndarray
    nodes: np.ndarray
    filter_cells: int
    filter_nodes: int


@dataclass
class _Arrays:
    """The kernel's inputs for a block of b deals and g columns (``solve_cells``)."""

    goals: np.ndarray      # (b, g, GOAL_LEN) uint64
    classes: np.ndarray    # (b, g, n_cards) int16
    holds: np.ndarray      # (b, g, n_cards) int8
    status: np.ndarray     # (b, g) int8
    targets: np.ndarray    # (b, g) int64
    tops: np.ndarray       # (b, g) int64: the top of a bracket of trick counts, or -1
    from_max: np.ndarray   # (b, g) int64: tricks of column 0 making a trick-count slem, or -1
    same: np.ndarray       # (b, g) int64: the first column of the deal searching the same
    #                        goal with the same target and holds (itself if none is earlier)


def _pack(block: BlockPlan, classes: ClassCache) -> _Arrays:
    b, g = len(block.cells), len(block.cells[0])
    a = _Arrays(np.zeros((b, g, GOAL_LEN), dtype=np.uint64),
                np.zeros((b, g, N_CARDS), dtype=np.int16),
                np.zeros((b, g, N_CARDS), dtype=np.int8),
                np.full((b, g), GOAL_SEARCH, dtype=np.int8),
                np.zeros((b, g), dtype=np.int64), np.full((b, g), -1, dtype=np.int64),
                np.full((b, g), -1, dtype=np.int64),
                np.tile(np.arange(g, dtype=np.int64), (b, 1)))
    for i, row in enumerate(block.cells):
        first: dict[bytes, int] = {}
        for j, cell in enumerate(row):
            a.status[i, j] = cell.status
            a.from_max[i, j] = cell.from_max
            if cell.status != GOAL_SEARCH:
                continue
            a.goals[i, j] = cell.goal.pack()
            key = (a.goals[i, j].tobytes() + np.int64(cell.target).tobytes()
                   + np.int64(cell.top).tobytes()
                   + (b"" if cell.hold is None else cell.hold.tobytes()))
            a.same[i, j] = first.setdefault(key, j)
            a.classes[i, j] = classes(cell.goal, cell.hold)
            a.targets[i, j] = cell.target
            a.tops[i, j] = cell.top
            if cell.hold is not None:
                a.holds[i, j] = cell.hold
    return a


class PlanRun:
    """One search of a plan: the tables shared by all its kernel calls, and the cells and
    nodes per column so far (the cost order of the cells)."""

    def __init__(self, plan: SearchPlan, classes: ClassCache):
        g = len(plan.cols) + 1
        self.plan, self.classes = plan, classes
        self.pairs = np.full(g, int(plan.pair), dtype=np.int8)
        self.workspace = Tables(max(1, numba.get_num_threads()), ANALYSIS_TT_BITS)
        self.col_level = np.array([0] + plan.level, dtype=np.int64)
        self.n_levels = 1 + max(plan.level, default=0)
        self.col_nodes = np.zeros(g)
        self.col_count = np.zeros(g)
        self.filter_cost = [0, 0]

    @property
    def nodes(self) -> int:
        """Search nodes of this run so far, its late filters included."""
        return int(self.col_nodes.sum()) + self.filter_cost[1]

    def _solve(self, deals, goals, classes, status, pairs, targets, holds=None, order_by=None,
               tops=None):
        nodes = np.zeros(status.shape, dtype=np.int64)
        r = solve_cells(deals, goals, classes, status, pairs, targets, holds,
                        leader=self.plan.leader, first_trick=self.plan.first_trick,
                        play_rules=TAROKK_PLAY, workspace=self.workspace, order_by=order_by,
                        nodes_out=nodes, tops=tops)
        return r, nodes

    def late_filter(self, deals: np.ndarray, block: BlockPlan, status: np.ndarray) -> None:
        """Search the block's late filter where a column depends on it; mark those columns
        ``GOAL_FALSE`` in ``status`` (b, g) where it fails."""
        b = deals.shape[0]
        need = block.late_deps.any(axis=1)
        fres, fnodes = self._solve(
            deals, np.broadcast_to(block.late.pack(), (b, 1, GOAL_LEN)),
            np.broadcast_to(self.classes(block.late), (b, 1, N_CARDS)),
            np.where(need, GOAL_SEARCH, GOAL_SKIP).astype(np.int8)[:, None],
            self.pairs[:1], np.zeros((b, 1), dtype=np.int64))
        self.filter_cost[0] += int(need.sum())
        self.filter_cost[1] += int(fnodes.sum())
        status[:, 1:][block.late_deps & (fres == 0)] = GOAL_FALSE

    def block(self, chunk: np.ndarray, active: np.ndarray | None = None) -> np.ndarray:
        """Search a block of deals ((b, 4) uint64): its cells (``plan.block``), the late
        filter where a column depends on it, then the levels. ``active``: (g,) bool, the
        columns to search (default all; the others' results are -1). Returns the (b, g)
        int64 results; column 0: the max tricks where active, else, on the deals where an
        active trick-count slem reads it, its bracket's result (``SearchPlan.block``)."""
        block = self.plan.block(chunk, active)
        a = _pack(block, self.classes)
        if block.late is not None:     # (chosen among the active columns' cells)
            self.late_filter(chunk, block, a.status)
        return self.levels(chunk, a)

    def levels(self, deals: np.ndarray, a: _Arrays) -> np.ndarray:
        """(b, g) int64 results of the block, level by level: a column is searched only where
        every column it implies was made; trick-count slems from column 0."""
        b, g = a.status.shape
        res = np.full((b, g), -1, dtype=np.int64)
        known: dict[tuple[int, int], int] = {}   # (deal, a.same) -> outcome of that search
        for lv in range(self.n_levels):
            sel = self.col_level == lv
            st = self._level_status(a.status, res, lv)
            copies = _share_identical(st, a.same, known)
            r, nodes = self._solve(deals, a.goals, a.classes, st, self.pairs, a.targets,
                                   a.holds, self.col_nodes / np.maximum(self.col_count, 1),
                                   a.tops)
            for (i, j), k in copies.items():
                r[i, j] = known[i, a.same[i, j]] if k < 0 else r[i, k]
            for i, j in zip(*np.nonzero((st == GOAL_SEARCH) | (st == GOAL_FALSE))):
                known.setdefault((int(i), int(a.same[i, j])), int(r[i, j]))
            self.col_nodes += nodes.sum(axis=0)
            self.col_count += (st == GOAL_SEARCH).sum(axis=0)
            if lv == 0:  # trick-count slems, at any level, from the max-tricks column
                res[:, sel] = r[:, sel]
                res = np.where(a.from_max >= 0, (res[:, :1] >= a.from_max).astype(np.int64),
                               res)
            else:
                res[:, sel] = np.where(a.from_max[:, sel] >= 0, res[:, sel], r[:, sel])
        return res

    def _level_status(self, status: np.ndarray, res: np.ndarray, lv: int) -> np.ndarray:
        st = status.copy()
        st[:, self.col_level != lv] = GOAL_SKIP
        if lv > 0:
            for j in np.nonzero(self.col_level == lv)[0]:
                for k in self.plan.implied[j - 1]:
                    st[(res[:, k + 1] == 0) & (st[:, j] == GOAL_SEARCH), j] = GOAL_FALSE
        return st


def _share_identical(st: np.ndarray, same: np.ndarray,
                     known: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    """Identical goals once: a cell to search whose goal (with target and holds) was
    already decided on its deal (``known``, by deal and ``same`` group), or is searched in
    this call by an earlier column, is not searched; ``st`` (b, g) is set to ``GOAL_SKIP``
    there. Returns {(deal, column): column searched now, or -1 for one known before}."""
    copies: dict[tuple[int, int], int] = {}
    now: dict[tuple[int, int], int] = {}
    for i, j in zip(*np.nonzero(st == GOAL_SEARCH)):
        key = (int(i), int(same[i, j]))
        if key in known:
            copies[int(i), int(j)] = -1
        elif key in now:
            copies[int(i), int(j)] = now[key]
        else:
            now[key] = int(j)
            continue
        st[i, j] = GOAL_SKIP
    return copies


def search_columns(deals: np.ndarray, plan: SearchPlan, classes: ClassCache,
                   progress: Callable[[int], None] | None = None) -> ColumnSearch:
    """Search ``plan`` on ``deals`` ((n, 4) uint64 hands in seat order) in blocks of
    ``CHUNK``; ``classes``: card classes, possibly shared with other searches; ``progress``:
    called with 0 as the search starts (the first block compiles the kernel, if cold), then
    with the deals finished after each block. Returns ``ColumnSearch``. Raises
    ``ValueError`` (``solve_cells``) if a goal tells too many card classes apart.
    Interrupted (Ctrl-C), the ``KeyboardInterrupt`` carries the ``ColumnSearch`` of the
    blocks finished (the first deals) as ``.partial``, ``None`` if none was."""
    n = deals.shape[0]
    run = PlanRun(plan, classes)
    outcomes = np.zeros((n, len(plan.cols)), dtype=np.int64)
    maxt = np.zeros(n, dtype=np.int64)

    def found(m: int) -> ColumnSearch:
        return ColumnSearch(outcomes[:m], maxt[:m], run.col_count.astype(np.int64),
                            run.col_nodes.astype(np.int64), *run.filter_cost)

    done = 0
    try:
        if progress is not None:
            progress(0)
        for start in range(0, n, CHUNK):
            chunk = deals[start:start + CHUNK]
            res = run.block(chunk)
            maxt[start:start + len(chunk)] = res[:, 0]
            outcomes[start:start + len(chunk)] = res[:, 1:]
            done = start + len(chunk)
            if progress is not None:
                progress(len(chunk))
    except KeyboardInterrupt as e:
        e.partial = found(done) if done else None
        raise
    return found(n)


def search_deals(deals: np.ndarray, cols: list[Column], pair: Pair, user_hand: int, rules: str,
                 classes: ClassCache, progress: Callable[[int], None] | None = None,
                 leader: int = 0, first_trick: int = 1) -> ColumnSearch:
    """Search ``cols`` for ``pair`` on every deal of ``deals`` ((n, 4) uint64) from the
    position ``leader``/``first_trick`` (``plan.plan_search`` then ``search_columns``)."""
    plan = plan_search(cols, pair, user_hand, rules, leader, first_trick)
    return search_columns(deals, plan, classes, progress)
