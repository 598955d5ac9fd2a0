"""One trick under the rules as data (``play_rules.PlayRules``: suit of each card, suit masks, trump
suit, must-trump): legal cards, who holds and who wins, and what a finished trick does to the
goal's clauses (``goal.Goal``: required tricks, captures, counted tricks, runs, splits), kept
as progress bits that the table key includes.
"""

from __future__ import annotations

import numpy as np

from ..goal import (G_CAPTURE, G_CAPTURE_ANY, G_COUNT_TRICKS, G_EXIST1, G_EXIST2, G_RUN_LEN,
                    G_RUN_MASK, G_SPLIT_TRICKS, G_TRICK0)
from ...jit.bits import _bit, popcount
from ...jit import helper, kernel_no_refcount


# progress bits (packed into the transposition key)
P_EXIST1 = 1
P_EXIST2 = 2
P_ANY = 4
P_RUN_DONE = 8
P_RUN_SHIFT = 4          # 4 bits run length so far (runs up to 15 tricks)
P_SPLIT_SHIFT = 8        # 3 bits: 0 none yet, 1..4 seat+1 of the first winner, 5 mixed
P_SPLIT_MIXED = 5


@helper
def _beats(c, w, suit_of, trump):
    """Does card ``c`` beat the currently winning card ``w``?"""
    sc = suit_of[c]
    sw = suit_of[w]
    if sc == sw:
        return c > w
    return sc == trump


@helper
def _legal(hand, led, suit_masks, suit_of, trump, must_trump):
    """Legal cards of ``hand`` when ``led`` (card id, or -1 on lead) opened the trick."""
    if led < 0:
        return hand
    follow = hand & suit_masks[suit_of[led]]
    if follow:
        return follow
    if must_trump and trump >= 0:
        tr = hand & suit_masks[trump]
        if tr:
            return tr
    return hand


@helper
def _holder(hands, b):
    """Seat (0..3) whose hand holds the card with bit ``b``; -1 if none (on the table)."""
    if hands[0] & b:
        return 0
    if hands[1] & b:
        return 1
    if hands[2] & b:
        return 2
    if hands[3] & b:
        return 3
    return -1


@helper
def _partner_of(seat, pair_of):
    """The seat of ``seat``'s partner (the other seat of its pair); -1 if it has none."""
    for k in range(1, 4):
        s2 = (seat + k) & 3
        if pair_of[s2] == pair_of[seat]:
            return s2
    return -1


@helper
def _opponent_ruffs(hands, seat, pair_of, sm, tm):
    """Does an opponent of ``seat`` hold no card of suit ``sm`` but a trump (``tm``, the
    trump suit's mask, 0 without trumps), so that he may (under must-trump rules: must)
    trump a lead of the suit?"""
    for s2 in range(4):
        if (pair_of[s2] != pair_of[seat] and (hands[s2] & sm) == 0
                and (hands[s2] & tm) != 0):
            return True
    return False


@kernel_no_refcount
def _count_future(mask, trick_no, n_tricks_total):
    """Number of tricks t >= trick_no (0-based absolute) set in trick-index ``mask``."""
    fut = mask >> np.uint64(trick_no)
    lim = n_tricks_total - trick_no
    if lim < 64:
        fut &= (np.uint64(1) << np.uint64(lim)) - np.uint64(1)
    return popcount(fut)


@helper
def _trick_winner(tc, trick_no, leader, suit_of, trump):
    """A finished trick (``tc[trick_no]``, cards by play position, ``leader`` first):
    ``(winning card, winner's seat, the trick's cards as a mask)``."""
    winning = tc[trick_no, 0]
    wpos = 0
    trick_mask = _bit(winning)
    for i in range(1, 4):
        c = tc[trick_no, i]
        trick_mask |= _bit(c)
        if _beats(c, winning, suit_of, trump):
            winning = c
            wpos = i
    return winning, (leader + wpos) & 3, trick_mask


@helper
def _score_trick(tc, leader, pairmask, suit_of, trump, goal, trick_no, n_tricks_total,
                 p_count, prog):
    """The fourth card is down: check the trick against the goal.

    Returns ``(ok, winner, p_count, prog, trick_mask)``; ``ok`` is false when the trick breaks
    a clause (a required trick lost or won with the wrong card, a must-capture card taken by
    the opponents, "not all from one hand" broken)."""
    winning, winner, trick_mask = _trick_winner(tc, trick_no, leader, suit_of, trump)
    p_wins = pairmask[winner]
    wb = _bit(winning)
    req = goal[G_TRICK0 + trick_no]
    if req != 0 and (not p_wins or (req & wb) == 0):
        return False, winner, p_count, prog, trick_mask
    if not p_wins and (goal[G_CAPTURE] & trick_mask) != 0:
        return False, winner, p_count, prog, trick_mask
    t_bit = np.uint64(1) << np.uint64(trick_no)
    if p_wins:
        if goal[G_COUNT_TRICKS] & t_bit:
            p_count += 1
        if goal[G_EXIST1] & wb:
            prog |= P_EXIST1
        if goal[G_EXIST2] & wb:
            prog |= P_EXIST2
        if goal[G_CAPTURE_ANY] & trick_mask:
            prog |= P_ANY
    run_len = np.int64(goal[G_RUN_LEN])
    if run_len > 0 and (prog & P_RUN_DONE) == 0:
        cur = (prog >> P_RUN_SHIFT) & 15
        if p_wins and (goal[G_RUN_MASK] & wb) != 0:
            cur += 1
        else:
            cur = 0
        prog &= ~(15 << P_RUN_SHIFT)
        if cur >= run_len:
            prog |= P_RUN_DONE
        else:
            prog |= cur << P_RUN_SHIFT
    split = goal[G_SPLIT_TRICKS]
    if split & t_bit:
        st = (prog >> P_SPLIT_SHIFT) & 7
        if st == 0:
            st = winner + 1
        elif st != P_SPLIT_MIXED and st != winner + 1:
            st = P_SPLIT_MIXED
        if _count_future(split, trick_no + 1, n_tricks_total) == 0 and st != P_SPLIT_MIXED:
            return False, winner, p_count, prog, trick_mask
        prog = (prog & ~(7 << P_SPLIT_SHIFT)) | (st << P_SPLIT_SHIFT)
    return True, winner, p_count, prog, trick_mask
