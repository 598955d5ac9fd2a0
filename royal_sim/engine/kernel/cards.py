"""Every card's value (DDS ``SolveBoard``'s default mode): each legal card of the seat to
play, in any position (a trick start or the middle of a trick), valued by the searches of
``search.py`` with the rest played double dummy.

Cards equivalent to a stronger card valued before them (same suit and goal class, no card
of another hand in play between them) take its value without a search. The searches of
one position share one table stamp (``ctx[C_STAMP]`` is bumped once per
position, not once per card), so the trick starts one card's search stored serve the
others, as DDS keeps its table across the cards of a board. For trick counts, each card's
null-window steps start from the best value found so far (the first card's from a greedy
playout): only where the steps start changes, every value stays exact.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ..goal import G_LEAD0
from ...jit.bits import _bit, fetch_add, popcount
from .search import _held_masks, _playout, _search, _thread_record
from .table import MAX_CBITS, _class_planes, _named_cards
from .tricks import _legal, _score_trick
from .workspace import C_REPL, C_STAMP, MAX_DEPTH, MAX_MOVES, MAX_TRICKS
from ...jit import kernel

NOT_LEGAL = -1      # ``out[c]`` for a card the seat to play cannot play


@kernel
def _card_values(hands0, pairmask, play, goal, card_class, hold, n_tricks_total, table,
                 leader, trick_no, prefix, nplayed, target, p_count0, prog0, out):
    """Value every legal card of the seat to play; ``out`` (n_cards,) int64 is filled.
    ``play``: the rules of play (``PLAY_RECORD``); ``table``: the thread's own arrays
    (``TABLE_RECORD``; its trick cards are overwritten).

    hands0: (4,) uint64, the hands now (the seats that played to the current trick hold
    one card fewer), not mutated; leader: seat that led the current trick ``trick_no``
    (0-based, absolute); prefix: (>= nplayed,) int64, the cards on the table in play order;
    target: -1 for trick counts: ``out[c]`` = the counted tricks the pair (``pairmask``)
    takes from the current trick (included) to the last after card c, the rest double
    dummy; target t >= 0 for a goal: ``out[c]`` = 1 if the pair can still force the goal
    with t counted tricks after card c, else 0; a card the goal's play restrictions (Gerots
    holds and lead rule, ``hold``/``goal``) forbid the searching pair while it has another
    is 0 (the obligation broken). ``NOT_LEGAL`` for the other cards. p_count0, prog0: the
    counted tricks the pair won and the goal's progress bits before the current trick
    (``_score_history``; 0 for a goal judged from the current trick on)."""
    suit_of, suit_masks, trump, must_trump, pair_of = play
    thr = _thread_record(table)
    ctx, moves, tc = thr[3], thr[4], thr[10]
    n_cards = out.shape[0]
    for c in range(n_cards):
        out[c] = NOT_LEGAL
    ctx[C_STAMP] += 1
    ctx[C_REPL] = 0
    named = _named_cards(card_class, hold, suit_masks)
    held = _held_masks(hold)
    ncls = 0
    for c in range(card_class.shape[0]):
        if card_class[c] + 1 > ncls:
            ncls = card_class[c] + 1
    cbits = 0
    while (1 << cbits) < ncls:
        cbits += 1
    planes = np.zeros(2 + MAX_CBITS, dtype=np.uint64)
    _class_planes(planes, card_class, cbits)
    hands = hands0.copy()
    zero = np.int64(0)
    tc[:] = 0
    unplayed = np.uint64(0)
    for s in range(4):
        unplayed |= hands0[s]
    for i in range(nplayed):
        tc[trick_no, i] = prefix[i]
        unplayed |= _bit(prefix[i])
    seat = (leader + nplayed) & 3
    led = prefix[0] if nplayed > 0 else np.int64(-1)
    legal = _legal(hands0[seat], led, suit_masks, suit_of, trump, must_trump)
    allowed = legal
    if target >= 0 and pairmask[seat]:
        free = legal & ~held[trick_no + 1]
        if free:
            allowed = free
        lead_mask = goal[G_LEAD0 + trick_no] if nplayed == 0 else np.uint64(0)
        if lead_mask != 0 and (allowed & lead_mask) != 0:
            allowed &= lead_mask
    left = np.int64(popcount(hands0[seat]))   # tricks to play, the current one included
    guess = np.int64(-1)
    hand = hands0[seat]
    for c in range(n_cards - 1, -1, -1):      # strongest first (each suit)
        if (legal & _bit(c)) == 0:
            continue
        if (allowed & _bit(c)) == 0:
            out[c] = 0
            continue
        # a card equivalent to a stronger one already valued (same suit and goal class, no
        # card of another hand still in play between them) has its value: the search
        # would collapse them alike (``moves._moves``)
        u = c + 1
        while u < n_cards and suit_of[u] == suit_of[c] and (
                (allowed & _bit(u)) == 0 or card_class[u] != card_class[c]
                or hold[u] != hold[c]):
            if (unplayed & ~hand) & _bit(u):
                u = n_cards
                break
            u += 1
        if u < n_cards and suit_of[u] == suit_of[c] and out[u] != NOT_LEGAL:
            out[c] = out[u]
            continue
        hands[seat] = hands0[seat] & ~_bit(c)
        tc[trick_no, nplayed] = c
        ld = leader
        tn = trick_no
        n1 = nplayed + 1
        unp = unplayed
        pc = p_count0
        prog = prog0
        ok = True
        if nplayed == 3:
            ok, ld, pc, prog, tmask = _score_trick(tc, leader, pairmask, suit_of, trump, goal,
                                                   trick_no, n_tricks_total, p_count0, prog0)
            tn = trick_no + 1
            n1 = zero
            unp = unplayed & ~tmask
        if not ok:
            out[c] = 0
        elif target >= 0:
            v = _search(hands, pairmask, play, goal, card_class, held, n_tricks_total, thr,
                        cbits, named, planes, ld, tn, n1, unp, pc, prog, target)
            out[c] = 1 if v else 0
        else:
            lo = pc
            hi = pc + (left if nplayed < 3 else left - 1)
            if guess < 0:
                guess = pc + _playout(hands, pairmask, play, goal, card_class, held,
                                      n_tricks_total, tc, ld, tn, n1, unp, moves)
            mid = min(max(guess, lo), hi)
            best = lo - 1
            while lo <= hi:
                if _search(hands, pairmask, play, goal, card_class, held, n_tricks_total,
                           thr, cbits, named, planes, ld, tn, n1, unp, pc, prog, mid):
                    best = mid
                    lo = mid + 1
                    mid = lo
                else:
                    hi = mid - 1
                    mid = hi
            out[c] = best
            # the next card starts from the best value so far (the mover's side's best)
            if pairmask[seat]:
                if best > guess:
                    guess = best
            elif best < guess:
                guess = best
        hands[seat] = hands0[seat]
        tc[trick_no, nplayed] = 0
    return 0


@kernel
def _score_history(tricks, leaders, first, n_done, pairmask, suit_of, trump, goal,
                   n_tricks_total):
    """The goal over tricks already played: ``tricks`` (MAX_TRICKS, 4) int64, the cards of
    trick t (0-based, absolute) in play order for t in ``first .. first + n_done - 1``,
    ``leaders[t]`` its leader. Returns ``(ok, p_count, prog)``: false if a trick broke a
    clause; the counted tricks the pair won and the progress bits, as ``_search`` carries
    them into the next trick."""
    ok = True
    p_count = np.int64(0)
    prog = np.int64(0)
    for t in range(first, first + n_done):
        ok, _, p_count, prog, _ = _score_trick(tricks, leaders[t], pairmask, suit_of, trump,
                                               goal, np.int64(t), n_tricks_total, p_count,
                                               prog)
        if not ok:
            break
    return ok, p_count, prog


@kernel(parallel=True)
def _card_values_batch(deals, leaders, trick_nos, prefixes, nplayeds, goals, classes, holds,
                       pairs, targets, p_counts, progs, play, n_tricks, tt_bits, tt_keys,
                       tt_stamp, ctx, out, n_workers):
    """``_card_values`` of many positions on all threads: position i is ``deals[i]`` (4,)
    with ``leaders[i]``, ``trick_nos[i]`` (0-based), ``prefixes[i, :nplayeds[i]]`` on the
    table, valued for pair ``pairs[i]`` on goal ``goals[i]`` (``classes[i]``,
    ``holds[i]``) with ``targets[i]`` (-1: trick counts), from ``p_counts[i]`` and
    ``progs[i]`` (``_score_history``); ``out[i]`` (n_cards,) as
    ``_card_values`` fills it. One worker per thread takes the next position from a shared
    atomic counter and searches in its own table row (``tt_keys[w]``, ``ctx[w]``)."""
    pair_of = play[4]
    moves = np.zeros((n_workers, MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    tc = np.zeros((n_workers, MAX_TRICKS, 4), dtype=np.int64)
    hands_ws = np.zeros((n_workers, 16), dtype=np.uint64)
    pm_ws = np.zeros((n_workers, 128), dtype=np.bool_)
    next_item = np.zeros(1, dtype=np.int64)
    n = deals.shape[0]
    for w in prange(n_workers):
        hands = hands_ws[w, :4]
        pairmask = pm_ws[w, :4]
        while True:
            i = fetch_add(next_item, 1)
            if i >= n:
                break
            for s in range(4):
                hands[s] = deals[i, s]
                pairmask[s] = pair_of[s] == pairs[i]
            _card_values(hands, pairmask, play, goals[i], classes[i], holds[i], n_tricks,
                         (tt_keys[w], tt_stamp[w], tt_bits, ctx[w], moves[w], tc[w]),
                         leaders[i], trick_nos[i], prefixes[i], nplayeds[i], targets[i],
                         p_counts[i], progs[i], out[i])
    return 0
