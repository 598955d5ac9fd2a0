"""Every card's value over many positions at once (``kernel.cards._card_values_batch``): the
positions may be in the middle of a trick, each with its own cards on the table, and each
with its own goal, so that one call values the cards of a decision on many sampled worlds,
or the cards of one position for many goals, on all threads.

One worker per thread, each with its own table row (``solver.Tables``), takes the next
position from a shared atomic counter; the cards of one position share one table stamp.
"""

from __future__ import annotations

from typing import Sequence

import numba
import numpy as np

from .goal import GOAL_LEN, Goal, tricks_goal
from .kernel.cards import NOT_LEGAL, _card_values_batch
from ..jit import in_cache
from .play_rules import PlayRules
from .solver import Tables, check_key_fits, check_position, score_history

__all__ = ["NOT_LEGAL", "card_values_batch", "kernels_compiled"]


def _per_position(x, n: int) -> list:
    """``x`` for each of ``n`` positions: a list or array of ``n`` values, or one value."""
    if isinstance(x, (list, tuple, np.ndarray)):
        return list(x)
    return [x] * n


def card_values_batch(deals, leader, first_trick, trick=(), *, play_rules: PlayRules,
                      goal: Goal | Sequence[Goal | None] | None = None,
                      hold=None, pair: int | Sequence[int] = 0, history=None,
                      histories=None, workspace: Tables | None = None) -> np.ndarray:
    """Every legal card's value in each of ``n`` positions, in parallel.

    deals: (n, seats) hands (bit masks) as they are now; leader, first_trick, pair: one
    value for all positions or a sequence of ``n`` (the seat that led the current trick,
    its absolute 1-based number, the pair valued); trick: the card ids on the table in play
    order, one sequence for all or a sequence of ``n`` sequences; goal: ``None`` (trick
    counts), a ``Goal`` for all, or a sequence of ``n`` (``None`` entries are trick
    counts); hold: ``None``, an (n_cards,) int8 array for all or a sequence of ``n``
    (Gerots hold-until tricks, as ``Solver.solve_goal``); history: ``None`` or the tricks
    before the current one that the goals judge too (``Solver.card_goals``), for all
    positions; histories: instead, one such list per position; workspace: ``Tables`` with
    a row per thread, kept between calls (default: new ones of 2**16 entries a row).

    Returns (n, n_cards) int64: for a trick-count position, the tricks the pair takes from
    the current trick (included) to the last after each card; for a goal, 1/0 (still
    forced or not after the card; a card the goal's obligations forbid the searching pair
    is 0); ``NOT_LEGAL`` (-1) for a card the seat to play cannot play. Same values as
    ``Solver.card_values`` / ``card_goals``. Raises ``ValueError`` for a position
    ``Solver.check_position`` refuses (the message names the position's index) and for a
    goal that does not fit the table key. Threads: ``numba.set_num_threads``."""
    deals = np.asarray(deals, dtype=np.uint64)
    n = deals.shape[0]
    leaders = _per_position(leader, n)
    firsts = _per_position(first_trick, n)
    # one trick for all (card ids) or one per position (sequences of card ids)
    per = len(trick) > 0 and all(isinstance(t, (list, tuple, np.ndarray)) for t in trick)
    tricks = list(trick) if per else [tuple(trick)] * n
    goals = list(goal) if isinstance(goal, (list, tuple)) else [goal] * n
    holds = list(hold) if isinstance(hold, (list, tuple)) else [hold] * n
    pairs = _per_position(pair, n)
    if histories is None:
        histories = [history or ()] * n
    elif history is not None:
        raise ValueError("give history (one for all positions) or histories, not both")
    p_counts = np.zeros(n, dtype=np.int64)
    progs = np.zeros(n, dtype=np.int64)
    if not len(leaders) == len(firsts) == len(tricks) == len(goals) == len(holds) \
            == len(pairs) == len(histories) == n:
        raise ValueError("leader, first_trick, trick, goal, hold and pair need one value "
                         f"or one per position ({n})")
    n_cards = play_rules.n_cards
    pre = np.full((n, 4), -1, dtype=np.int64)
    n_played = np.zeros(n, dtype=np.int64)
    packed = np.zeros((n, GOAL_LEN), dtype=np.uint64)
    classes = np.zeros((n, n_cards), dtype=np.int16)
    hold_arr = np.zeros((n, n_cards), dtype=np.int8)
    targets = np.full(n, -1, dtype=np.int64)
    impossible = np.zeros(n, dtype=bool)
    plain = tricks_goal(0).pack()
    for i in range(n):
        try:
            _, pre[i], _ = check_position(play_rules, deals[i], leaders[i], firsts[i], tricks[i])
        except ValueError as e:
            raise ValueError(f"position {i}: {e}") from None
        n_played[i] = len(tuple(tricks[i]))
        g = goals[i]
        if g is None or g.impossible:
            packed[i] = plain
            impossible[i] = g is not None
            targets[i] = -1 if g is None else 0
            continue
        if holds[i] is not None:
            hold_arr[i] = np.asarray(holds[i], dtype=np.int8)
        ok, p_counts[i], progs[i] = score_history(play_rules, g, pairs[i], firsts[i], histories[i])
        impossible[i] = not ok
        packed[i] = g.pack()
        classes[i] = g.card_classes(n_cards, None if holds[i] is None else hold_arr[i])
        targets[i] = g.min_tricks
    check_key_fits(n_cards, len(play_rules.suit_masks), classes)
    out = np.zeros((n, n_cards), dtype=np.int64)
    if n == 0:
        return out
    ws = workspace
    if ws is None or ws.rows < numba.get_num_threads():
        ws = Tables(numba.get_num_threads(), 16 if workspace is None else ws.tt_bits)
    _card_values_batch(deals, np.array(leaders, dtype=np.int64),
                       np.array(firsts, dtype=np.int64) - 1, pre, n_played, packed, classes,
                       hold_arr, np.array(pairs, dtype=np.int8), targets, p_counts, progs,
                       play_rules.record(), play_rules.n_cards // 4, ws.tt_bits, ws.tt_keys,
                       ws.tt_stamp, ws.ctx, out,
                       min(numba.get_num_threads(), ws.rows, n))
    out[impossible] = np.where(out[impossible] == NOT_LEGAL, NOT_LEGAL, 0)
    return out


def kernels_compiled() -> bool | None:
    """Does numba's cache hold the batch card-values kernel compiled from this source?
    ``None`` if that cannot be told. Only for a "compiling" note."""
    return in_cache(_card_values_batch)
