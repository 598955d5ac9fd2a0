"""Many deals at once: the kernel of ``search.py`` run over deals in parallel (numba prange).

Each thread keeps its own transposition table (indexed by ``numba.get_thread_id()``), so
deals are scheduled freely across threads and no table is ever cleared: the table's stamp
tells entries of earlier searches apart.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import njit, prange

from .goal import GOAL_LEN
from .rules import TAROKK_RULES, Rules
from .search import C_LEN, KEY_WORDS, MAX_DEPTH, MAX_MOVES, TT_BITS_DEFAULT, _solve

# goal status for one (deal, goal) cell of a batch
GOAL_SEARCH = 0      # search it
GOAL_FALSE = 1       # known false without search (impossible)
GOAL_SKIP = 2        # not defined for this deal (left out): result -1

MAX_TRICKS_ROW = -1  # pairs[j] >= 0 with this row kind: see solve_batch


@njit(parallel=True, cache=True)
def _batch_kernel(deals, leader, trick_no, suit_of, suit_masks, trump, must_trump, pair_of,
                  n_tricks, goals, classes, holds, status, pairs, targets, tt_bits,
                  n_threads, out):
    n = deals.shape[0]
    g = goals.shape[1]
    size = 1 << tt_bits
    tt_keys = np.zeros((n_threads, size, KEY_WORDS), dtype=np.uint64)
    tt_lo = np.zeros((n_threads, size), dtype=np.int8)
    tt_hi = np.zeros((n_threads, size), dtype=np.int8)
    tt_move = np.zeros((n_threads, size), dtype=np.int8)
    tt_stamp = np.zeros((n_threads, size), dtype=np.int64)
    ctx = np.zeros((n_threads, C_LEN), dtype=np.int64)
    moves = np.zeros((n_threads, MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    tc = np.zeros((n_threads, 16, 4), dtype=np.int64)
    hands_ws = np.zeros((n_threads, 4), dtype=np.uint64)
    for i in prange(n):
        tid = numba.get_thread_id()
        hands = hands_ws[tid]
        unplayed = np.uint64(0)
        k = 0
        for s in range(4):
            hands[s] = deals[i, s]
            unplayed |= deals[i, s]
        m = unplayed
        while m:
            m &= m - np.uint64(1)
            k += 1
        k //= 4
        for j in range(g):
            st = status[i, j]
            if st == GOAL_SKIP:
                out[i, j] = -1
                continue
            if st == GOAL_FALSE:
                out[i, j] = 0
                continue
            pairmask = np.zeros(4, dtype=np.bool_)
            for s in range(4):
                pairmask[s] = pair_of[s] == pairs[j]
            t = targets[i, j]
            if t < 0:
                lo, hi = 0, k          # max tricks
            else:
                lo, hi = t, t
            v = _solve(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
                       goals[i, j], classes[i, j], holds[i, j], n_tricks,
                       tt_keys[tid], tt_lo[tid], tt_hi[tid], tt_move[tid], tt_stamp[tid],
                       tt_bits, ctx[tid], moves[tid], tc[tid], leader, trick_no, 0, unplayed,
                       0, 0, lo, hi)
            if t < 0:
                out[i, j] = v
            else:
                out[i, j] = 1 if v == t else 0


def solve_batch(deals: np.ndarray, goals: np.ndarray, classes: np.ndarray, status: np.ndarray,
                pairs: np.ndarray, targets: np.ndarray, holds: np.ndarray | None = None,
                leader: int = 0, first_trick: int = 1, rules: Rules = TAROKK_RULES,
                tt_bits: int = 16) -> np.ndarray:
    """Search ``g`` goals on each of ``n`` deals in parallel.

    deals: (n, 4) uint64 hands in seat order; goals: (n, g, GOAL_LEN) uint64 packed goals
    (``Goal.pack``); classes: (n, g, n_cards) int16 (``Goal.card_classes``); status: (n, g)
    int8 ``GOAL_SEARCH``/``GOAL_FALSE``/``GOAL_SKIP``; pairs: (g,) int8 searching pair of
    each goal column; targets: (n, g) int64, the goal's ``min_tricks``, or -1 for "the most
    counted tricks" (then the goal's other clauses must hold); holds: (n, g, n_cards) int8
    Gerots hold-until tricks or None.

    Returns (n, g) int64: 1/0 for a goal made / not made, the trick count for a -1 target,
    -1 where status is ``GOAL_SKIP``. Threads: ``numba.set_num_threads``.
    """
    n, g = status.shape
    if holds is None:
        holds = np.zeros((n, g, rules.n_cards), dtype=np.int8)
    out = np.zeros((n, g), dtype=np.int64)
    if n == 0 or g == 0:
        return out
    _batch_kernel(np.ascontiguousarray(deals, dtype=np.uint64), int(leader), first_trick - 1,
                  rules.suit_of, rules.suit_masks, rules.trump, rules.must_trump,
                  rules.pair_of, rules.n_cards // 4,
                  np.ascontiguousarray(goals, dtype=np.uint64),
                  np.ascontiguousarray(classes, dtype=np.int16),
                  np.ascontiguousarray(holds, dtype=np.int8),
                  np.ascontiguousarray(status, dtype=np.int8),
                  np.ascontiguousarray(pairs, dtype=np.int8),
                  np.ascontiguousarray(targets, dtype=np.int64), tt_bits,
                  numba.get_num_threads(), out)
    return out


__all__ = ["solve_batch", "GOAL_SEARCH", "GOAL_FALSE", "GOAL_SKIP", "GOAL_LEN",
           "TT_BITS_DEFAULT"]
