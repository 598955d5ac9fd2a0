"""Many (deal, goal) cells at once: the batch kernel (``kernel/parallel.py``) runs the search
over them on every thread (numba prange).

One worker per thread, each with its own transposition table, takes the next cell from a
shared atomic counter whenever it is free (a fixed split of the cells would leave a thread
idle behind the other's long searches); no table is ever cleared: the table's stamp tells
entries of earlier searches apart.
"""

from __future__ import annotations

import numba
import numpy as np

from .goal import GOAL_LEN
from .play_rules import PlayRules
from .kernel.parallel import GOAL_FALSE, GOAL_SEARCH, GOAL_SKIP, _batch_kernel
from ..jit import in_cache
from .kernel.workspace import TT_BITS_DEFAULT
from .solver import Tables, check_key_fits


def _arr(a, dtype) -> np.ndarray:
    """``a`` as a C-ordered, writeable array of ``dtype`` (a copy only if needed): numba
    compiles the kernel afresh for every other layout or a read-only flag (about 20 s each
    on a cold cache)."""
    return np.require(a, dtype=dtype, requirements=("C", "W"))


def solve_cells(deals: np.ndarray, goals: np.ndarray, classes: np.ndarray, status: np.ndarray,
                pairs: np.ndarray, targets: np.ndarray, holds: np.ndarray | None = None,
                leader: int = 0, first_trick: int = 1, *, play_rules: PlayRules,
                workspace: Tables | None = None, order_by: np.ndarray | None = None,
                nodes_out: np.ndarray | None = None,
                tops: np.ndarray | None = None) -> np.ndarray:
    """Search ``g`` goals on each of ``n`` deals in parallel.

    deals: (n, 4) uint64 hands in seat order; goals: (n, g, GOAL_LEN) uint64 packed goals
    (``Goal.pack``); classes: (n, g, n_cards) int16 (``Goal.card_classes``); status: (n, g)
    int8 ``GOAL_SEARCH``/``GOAL_FALSE``/``GOAL_SKIP``; pairs: (g,) int8 searching pair of
    each goal column; targets: (n, g) int64, the goal's ``min_tricks``, or -1 for "the most
    counted tricks" (then the goal's other clauses must hold); holds: (n, g, n_cards) int8
    Gerots hold-until tricks or None; workspace: ``search.Tables`` with a row per thread,
    kept between calls (default: new small ones; allocating and clearing tables per call
    costs more than many small searches); order_by: (g,) expected cost of each column's
    searches: the costliest start first, so that no thread is left alone with a long search
    at the end (longest processing time first); nodes_out: (n, g) int64, filled with the
    search nodes of each cell (0 where not searched); tops: (n, g) int64, -1 (default) or,
    for a trick-count goal with target t, a u >= t: then only the targets t..u are searched
    (a bracket: the trick counts that some caller's threshold lies in).

    Returns (n, g) int64: 1/0 for a goal made / not made, the trick count for a -1 target,
    for a bracket t..u the most counted tricks in it the pair can force (t - 1 if not even
    t), -1 where status is ``GOAL_SKIP``. Threads: ``numba.set_num_threads``. Raises
    ``ValueError`` if a goal tells too many card classes apart for the table key.
    """
    n, g = status.shape
    if holds is None:
        holds = np.zeros((n, g, play_rules.n_cards), dtype=np.int8)
    if tops is None:
        tops = np.full((n, g), -1, dtype=np.int64)
    status = np.asarray(status)
    out = np.where(status == GOAL_SKIP, -1, 0).astype(np.int64)
    items = np.argwhere(status == GOAL_SEARCH)         # F-ordered: _arr below makes it C
    nodes = np.zeros((n, g), dtype=np.int64) if nodes_out is None else nodes_out
    nodes[:] = 0
    if items.shape[0] == 0:
        return out
    if order_by is not None:
        items = items[np.argsort(-np.asarray(order_by)[items[:, 1]], kind="stable")]
    check_key_fits(play_rules.n_cards, len(play_rules.suit_masks),
                   np.asarray(classes)[status == GOAL_SEARCH])
    ws = workspace
    if ws is None or ws.rows < numba.get_num_threads():
        ws = Tables(numba.get_num_threads(), 16 if workspace is None else ws.tt_bits)
    _batch_kernel(_arr(deals, np.uint64), int(leader), first_trick - 1, play_rules.record(),
                  play_rules.n_cards // 4,
                  _arr(goals, np.uint64), _arr(classes, np.int16), _arr(holds, np.int8),
                  _arr(items, np.int64), _arr(pairs, np.int8), _arr(targets, np.int64),
                  _arr(tops, np.int64), ws.tt_bits,
                  ws.tt_keys, ws.tt_stamp, ws.ctx, out,
                  nodes, min(numba.get_num_threads(), ws.rows))
    return out


def kernels_compiled() -> bool | None:
    """Does numba's cache hold the batch kernel compiled from this source? ``None`` if that
    cannot be told (``jit.in_cache``). Only for a "compiling" note."""
    return in_cache(_batch_kernel)


__all__ = ["solve_cells", "kernels_compiled", "Tables", "GOAL_SEARCH", "GOAL_FALSE",
           "GOAL_SKIP", "GOAL_LEN", "TT_BITS_DEFAULT"]
