"""Many (deal, goal) cells on all threads: a worker and a table per thread, each taking the
next cell from a shared atomic counter when it is free (numba's prange hands out fixed
blocks of iterations, which left one thread idle behind the other's long searches).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ...jit.bits import fetch_add, popcount
from .search import _solve
from .workspace import C_NODES, MAX_DEPTH, MAX_MOVES, MAX_TRICKS
from ...jit import kernel


# goal status for one (deal, goal) cell of a batch (see ``engine.cells.solve_cells``)
GOAL_SEARCH = 0      # search it
GOAL_FALSE = 1       # known false without search (impossible)
GOAL_SKIP = 2        # not defined for this deal (left out): result -1


@kernel(parallel=True)
def _batch_kernel(deals, leader, trick_no, play, n_tricks, goals, classes, holds, items,
                  pairs, targets, tops, tt_bits, tt_keys, tt_stamp, ctx, out, nodes,
                  n_workers):
    """Search every (deal, goal) cell listed in ``items`` ((m, 2) int64) in parallel:
    ``n_workers`` workers (one per thread; numba's prange hands out fixed blocks of
    iterations, so a worker per thread deals the items itself). Each free worker takes the
    next item of the list from a shared atomic counter: listed longest first, the searches
    then balance (longest processing time first). Worker ``w`` uses row ``w`` of the table
    arrays (kept between calls: the stamps in ``ctx`` tell old entries apart, and each
    search replaces entries in its own sequence, so a cell's nodes do not depend on the
    worker or the thread count).
    ``out[i, j]``: the trick count for target -1 (the most the pair can force); for a
    target t with ``tops[i, j]`` = -1, 1/0 (made or not); with ``tops[i, j]`` = u >= t,
    the most counted tricks in t..u the pair can force, t - 1 if not even t (only the
    bracket is searched). ``nodes[i, j]``: the search nodes it took. ``play``: the rules
    of play (``PLAY_RECORD``)."""
    pair_of = play[4]
    moves = np.zeros((n_workers, MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    tc = np.zeros((n_workers, MAX_TRICKS, 4), dtype=np.int64)
    # rows of 128 bytes: no two workers write to one cache line (each writes its own at
    # every node)
    hands_ws = np.zeros((n_workers, 16), dtype=np.uint64)
    pm_ws = np.zeros((n_workers, 128), dtype=np.bool_)
    next_item = np.zeros(1, dtype=np.int64)
    for w in prange(n_workers):
        hands = hands_ws[w, :4]
        pairmask = pm_ws[w, :4]
        while True:
            q = fetch_add(next_item, 1)
            if q >= items.shape[0]:
                break
            i = items[q, 0]
            j = items[q, 1]
            unplayed = np.uint64(0)
            for s in range(4):
                hands[s] = deals[i, s]
                unplayed |= deals[i, s]
                pairmask[s] = pair_of[s] == pairs[j]
            k = popcount(unplayed) // 4
            n0 = ctx[w, C_NODES]
            t = targets[i, j]
            u = tops[i, j]
            if t < 0:
                lo, hi = 0, k          # max tricks
            elif u >= 0:
                lo, hi = t, min(u, k)  # a bracket of trick counts
            else:
                lo, hi = t, t
            v = _solve(hands, pairmask, play, goals[i, j], classes[i, j], holds[i, j], n_tricks,
                       (tt_keys[w], tt_stamp[w], tt_bits, ctx[w], moves[w], tc[w]), leader,
                       trick_no, 0, unplayed, 0, 0, lo, hi)
            if t < 0 or u >= 0:
                out[i, j] = v
            else:
                out[i, j] = 1 if v == t else 0
            nodes[i, j] = ctx[w, C_NODES] - n0
