"""The search loop (after DDS ``ABsearch.cpp``): one boolean AND/OR search proves or refutes a
goal for one pair, all cards visible; the most counted tricks are found by null-window
searches on a trick target, stepping from a greedy-playout guess, the table kept between
them.

At a trick start the bounds (``bounds.py``) and the table (``table.py``) may answer at once;
else the moves (``moves.py``) are tried one card per ply, and the goal's clauses are checked
after every trick (``tricks._score_trick``). After the lead, a trick the side to play
surely wins (``quick_tricks._trick_goes_to``) may decide the goal at once: a trick count met
or no longer possible, a required trick lost, a card to capture on the table lost.
Partitions prune moves too: after a move is refuted (or proved, at an AND node), a later
move of the same suit and class with no relevant card at or above either card leads to a
position of the same partition and is skipped.
"""

from __future__ import annotations

import numpy as np

from ..goal import (G_CAPTURE, G_CAPTURE_ANY, G_COUNT_TRICKS, G_LEAD0, G_RUN_LEN,
                    G_SPLIT_TRICKS, G_TRICK0)
from ...jit.bits import _bit, popcount
from .bounds import _trick_start_bounds
from .moves import _draws_trumps, _moves, _same_partition, _with_run
from .quick_tricks import _trick_goes_to
from .table import (KEY_WORDS, KW_LEN, MAX_CBITS, SEQ_WORDS, TT_DEPTH, _class_planes,
                    _depth_cards, _named_cards, _rel_key, _tt_lookup, _tt_store)
from .tricks import _legal, _score_trick, _trick_winner
from .workspace import (C_CUT0, C_FIRST0, C_NODES, C_REPL, C_STAMP, C_TRICK0, C_TSTART,
                        MAX_DEPTH, U_HAND, U_LEN, U_REL, U_SKIP, U_TWIN, U_UNPLAYED, W_IDX,
                        W_ISP, W_LEADER, W_LEN, W_N, W_NEED, W_NPLAYED, W_PCOUNT, W_PROG,
                        W_SEAT, W_TRICK)
from ...jit import kernel, kernel_no_refcount

# search phases of a ply
PH_ENTER, PH_NEXT, PH_RETURN, PH_CHILD = 0, 1, 2, 3


@kernel_no_refcount
def _search(hands, pairmask, play, goal, card_class, held, n_tricks_total, thr, cbits,
            named, planes, leader0, trick0, nplayed0, unplayed0, p_count0, prog0, target):
    """Can the searching pair force the goal with ``target`` counted tricks from this node?

    An iterative depth-first AND/OR search (numba cannot cache recursive functions), one
    card per ply. hands: (4,) uint64, mutated and restored; pairmask: (4,) bool, the
    searching pair's seats; ``play``: the game's rules of play (``PLAY_RECORD``);
    ``thr``: the thread's work arrays (``THREAD_RECORD``: its table, context, move lists,
    the work space per ply ws (MAX_DEPTH, W_LEN) int64 and wsu (MAX_DEPTH, U_LEN) uint64,
    the key buffers, and tc (n_tricks, 4) int64, the cards of each trick by play
    position); ``unplayed``: cards not played before the current trick (those on the table
    included); trick: 0-based absolute trick index; p_count: counted tricks won so far;
    prog: goal progress bits.

    Besides its value, every node returns the cards whose ranks its value depends on
    (``rel``): the winners of tricks contested within their suit, the cards behind a
    bound, the relevant cards of a table entry used, merged runs whole; an OR node that
    succeeds (an AND node that fails) keeps only the deciding child's cards. Trick starts
    are stored in the table for every position with the same relevant cards
    (``_closure``)."""
    suit_of, suit_masks, trump, must_trump, pair_of = play
    tt_keys, tt_stamp, tt_bits, ctx, moves, ws, wsu, keys, kw, mk, tc = thr
    stamp = ctx[C_STAMP]
    hs = trump if trump >= 0 else 0      # the table's hash suit (see TT_LEVELS)
    trump_mask = suit_masks[trump] if trump >= 0 else np.uint64(0)
    trump_top = np.int64(-1)   # typed, not a literal: one compiled callee, not two
    for c in range(64):
        if trump_mask & _bit(c):
            trump_top = c
    draw = _draws_trumps(goal)
    # a goal of counted tricks alone (bridge's): the second hand's sure trick may meet it
    pure = True
    for k in range(G_RUN_LEN + 1):      # required tricks, captures, existentials, runs
        if goal[k] != 0:
            pure = False
    if goal[G_SPLIT_TRICKS] != 0 or goal[G_CAPTURE_ANY] != 0:
        pure = False
    d = np.int64(0)
    ws[0, W_LEADER] = leader0
    ws[0, W_TRICK] = trick0
    ws[0, W_NPLAYED] = nplayed0
    ws[0, W_PCOUNT] = p_count0
    ws[0, W_PROG] = prog0
    wsu[0, U_UNPLAYED] = unplayed0
    phase = PH_ENTER
    r = np.bool_(False)
    rel = np.uint64(0)
    while True:
        if phase == PH_ENTER:
            ctx[C_NODES] += 1
            leader = ws[d, W_LEADER]
            trick_no = ws[d, W_TRICK]
            ctx[C_TRICK0 + trick_no] += 1
            nplayed = ws[d, W_NPLAYED]
            unplayed = wsu[d, U_UNPLAYED]
            p_count = ws[d, W_PCOUNT]
            prog = ws[d, W_PROG]
            need = target - p_count
            if need < 0:
                need = 0
            hint = -1
            if nplayed == 0:
                ctx[C_TSTART] += 1
                b, rel = _trick_start_bounds(hands, pairmask, pair_of, goal, n_tricks_total,
                                             trick_no, unplayed, need, prog, trump_mask,
                                             trump_top, leader, suit_masks, trump,
                                             held[trick_no + 1], must_trump)
                if b >= 0:
                    r = b == 1
                    phase = PH_RETURN
                    continue
                _rel_key(kw, hands, unplayed, suit_masks, card_class, planes, cbits, leader,
                         prog, named)
                lo, lo_j, hi, hi_j, hint = _tt_lookup(tt_keys, tt_stamp, stamp, kw, tt_bits,
                                                      unplayed, suit_masks, hs, 2 + cbits,
                                                      need)
                for k in range(KEY_WORDS):
                    keys[d, k] = kw[k]
                if need <= lo:
                    r = True
                    rel = _depth_cards(tt_keys[lo_j, TT_DEPTH], unplayed, suit_masks)
                    phase = PH_RETURN
                    continue
                if need > hi:
                    r = False
                    rel = _depth_cards(tt_keys[hi_j, TT_DEPTH], unplayed, suit_masks)
                    phase = PH_RETURN
                    continue
            seat = (leader + nplayed) & 3
            if nplayed > 0:
                # the side to play surely wins this trick: the pair, and the count met
                # (DDS's quick tricks for the second hand); the opponents, and too few
                # counted tricks left, a required trick lost or a card to capture on the
                # table (second and third hand: at the fourth, trying his cards costs no
                # more than the question). Asked only when its answer would decide.
                counted = (goal[G_COUNT_TRICKS] >> np.uint64(trick_no)) & np.uint64(1)
                win_ok = False
                lose_ok = False
                if pairmask[seat]:
                    win_ok = (pure and counted != 0 and need <= 1
                              and held[trick_no + 1] == 0)
                else:
                    lose_ok = goal[G_TRICK0 + trick_no] != 0
                    if not lose_ok and nplayed < 3 and goal[G_CAPTURE] != 0:
                        for k in range(nplayed):
                            if goal[G_CAPTURE] & _bit(tc[trick_no, k]):
                                lose_ok = True
                    if not lose_ok and counted != 0:
                        fut = goal[G_COUNT_TRICKS] >> np.uint64(trick_no)
                        lim = n_tricks_total - trick_no
                        if lim < 64:
                            fut &= (np.uint64(1) << np.uint64(lim)) - np.uint64(1)
                        lose_ok = need > popcount(fut) - 1
                if win_ok or lose_ok:
                    y, rel2 = _trick_goes_to(hands, pair_of, leader, nplayed, tc, trick_no,
                                             suit_of, suit_masks, trump)
                    if y >= 0 and (win_ok if pairmask[y] else lose_ok):
                        r = pairmask[y]
                        rel = rel2
                        phase = PH_RETURN
                        continue
            hand = hands[seat]
            led = tc[trick_no, 0] if nplayed > 0 else -1
            legal = _legal(hand, led, suit_masks, suit_of, trump, must_trump)
            is_p = pairmask[seat]
            ws[d, W_SEAT] = seat
            ws[d, W_ISP] = 1 if is_p else 0
            ws[d, W_NEED] = need
            wsu[d, U_HAND] = hand
            wsu[d, U_REL] = 0
            wsu[d, U_SKIP] = 0
            ws[d, W_N] = _moves(moves, d, hands, seat, leader, play, legal, unplayed,
                                card_class, tc, trick_no, nplayed, hint, held, trick_no + 1,
                                is_p,
                                goal[G_LEAD0 + trick_no] if nplayed == 0 else np.uint64(0),
                                goal[G_CAPTURE], draw)
            ws[d, W_IDX] = 0
            phase = PH_NEXT
        elif phase == PH_NEXT:
            i = ws[d, W_IDX]
            if i >= ws[d, W_N]:
                r = ws[d, W_ISP] == 0
                rel = wsu[d, U_REL]
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(thr, stamp, goal, n_tricks_total, d, r, np.int64(-1), rel,
                              suit_masks, named, cbits, hs)
                phase = PH_RETURN
                continue
            c = moves[d, i]
            if wsu[d, U_SKIP] & _bit(c):
                ws[d, W_IDX] += 1
                continue
            seat = ws[d, W_SEAT]
            hands[seat] = wsu[d, U_HAND] & ~_bit(c)
            trick_no = ws[d, W_TRICK]
            nplayed = ws[d, W_NPLAYED]
            tc[trick_no, nplayed] = c
            wsu[d, U_TWIN] = 0
            if nplayed < 3:
                ws[d + 1, W_LEADER] = ws[d, W_LEADER]
                ws[d + 1, W_TRICK] = trick_no
                ws[d + 1, W_NPLAYED] = nplayed + 1
                ws[d + 1, W_PCOUNT] = ws[d, W_PCOUNT]
                ws[d + 1, W_PROG] = ws[d, W_PROG]
                wsu[d + 1, U_UNPLAYED] = wsu[d, U_UNPLAYED]
                d += 1
                phase = PH_ENTER
            else:
                leader = ws[d, W_LEADER]
                ok, winner, pc2, prog2, tmask = _score_trick(
                    tc, leader, pairmask, suit_of, trump, goal, trick_no,
                    n_tricks_total, ws[d, W_PCOUNT], ws[d, W_PROG])
                # the winner's rank matters only if it beat a card of its own suit
                wc = tc[trick_no, (winner - leader) & 3]
                for k in range(4):
                    c2 = tc[trick_no, k]
                    if c2 != wc and suit_of[c2] == suit_of[wc]:
                        wsu[d, U_TWIN] = _bit(wc)
                        break
                if ok:
                    ws[d + 1, W_LEADER] = winner
                    ws[d + 1, W_TRICK] = trick_no + 1
                    ws[d + 1, W_NPLAYED] = 0
                    ws[d + 1, W_PCOUNT] = pc2
                    ws[d + 1, W_PROG] = prog2
                    wsu[d + 1, U_UNPLAYED] = wsu[d, U_UNPLAYED] & ~tmask
                    d += 1
                    phase = PH_ENTER
                else:
                    r = False
                    rel = np.uint64(0)
                    phase = PH_CHILD
        elif phase == PH_RETURN:
            if d == 0:
                return r
            d -= 1
            phase = PH_CHILD
        else:  # PH_CHILD: node d gets the value r (relevant cards rel) of its current move
            hands[ws[d, W_SEAT]] = wsu[d, U_HAND]
            c = moves[d, ws[d, W_IDX]]
            hand = wsu[d, U_HAND]
            rel = _with_run(rel | wsu[d, U_TWIN], c, hand, wsu[d, U_UNPLAYED], suit_masks,
                            suit_of, card_class)
            if r == (ws[d, W_ISP] == 1):
                ctx[C_CUT0 + ws[d, W_NPLAYED]] += 1
                if ws[d, W_IDX] == 0:
                    ctx[C_FIRST0 + ws[d, W_NPLAYED]] += 1
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(thr, stamp, goal, n_tricks_total, d, r, c, rel, suit_masks,
                              named, cbits, hs)
                phase = PH_RETURN
            else:
                wsu[d, U_REL] |= rel
                wsu[d, U_SKIP] |= _same_partition(c, rel, hand, named, suit_masks, suit_of,
                                                  card_class)
                ws[d, W_IDX] += 1
                phase = PH_NEXT


@kernel
def _playout(hands0, pairmask, play, goal, card_class, held, n_tricks_total, tc0, leader,
             trick_no, nplayed, unplayed, moves):
    """Counted tricks the pair wins when every player plays the first card of the move
    ordering (a cheap guess for the first null-window target); ``play``: ``PLAY_RECORD``."""
    suit_of, suit_masks, trump, must_trump, pair_of = play
    hands = hands0.copy()
    tc = tc0.copy()
    draw = _draws_trumps(goal)
    count = 0
    while trick_no < n_tricks_total and unplayed != 0:
        while nplayed < 4:
            seat = (leader + nplayed) & 3
            led = tc[trick_no, 0] if nplayed > 0 else -1
            legal = _legal(hands[seat], led, suit_masks, suit_of, trump, must_trump)
            if legal == 0:
                return count
            _moves(moves, 0, hands, seat, leader, play, legal, unplayed, card_class, tc,
                   trick_no, nplayed, -1, held, trick_no + 1, pairmask[seat],
                   goal[G_LEAD0 + trick_no] if nplayed == 0 else np.uint64(0), goal[G_CAPTURE],
                   draw)
            c = moves[0, 0]
            hands[seat] &= ~_bit(c)
            tc[trick_no, nplayed] = c
            nplayed += 1
        _, leader, tmask = _trick_winner(tc, trick_no, leader, suit_of, trump)
        unplayed &= ~tmask
        if pairmask[leader] and (goal[G_COUNT_TRICKS] >> np.uint64(trick_no)) & np.uint64(1):
            count += 1
        trick_no += 1
        nplayed = 0
    return count


@kernel
def _thread_record(table):
    """A search's ``THREAD_RECORD``: the thread's own arrays (``TABLE_RECORD``: table keys,
    stamps and size, context, move lists, trick cards) and a fresh work space per ply."""
    tt_keys, tt_stamp, tt_bits, ctx, moves, tc = table
    ws = np.zeros((MAX_DEPTH + 1, W_LEN), dtype=np.int64)
    wsu = np.zeros((MAX_DEPTH + 1, U_LEN), dtype=np.uint64)
    keys = np.zeros((MAX_DEPTH + 1, KEY_WORDS), dtype=np.uint64)
    kw = np.zeros(KW_LEN, dtype=np.uint64)
    mk = np.zeros(SEQ_WORDS, dtype=np.uint64)
    return (tt_keys, tt_stamp, tt_bits, ctx, moves, ws, wsu, keys, kw, mk, tc)


@kernel
def _held_masks(hold):
    """``(MAX_DEPTH,)`` uint64: entry t, the cards the searching pair may not play in trick t
    (1-based) while it has another legal card: those with ``hold[c] > t``."""
    held = np.zeros(MAX_DEPTH, dtype=np.uint64)
    for c in range(hold.shape[0]):
        for t in range(min(np.int64(hold[c]), MAX_DEPTH)):
            held[t] |= _bit(c)
    return held


@kernel
def _solve(hands, pairmask, play, goal, card_class, hold, n_tricks_total, table, leader,
           trick_no, nplayed, unplayed, p_count, prog, lo, hi):
    """Largest target in ``lo..hi`` the pair can force (binary search of null-window
    searches sharing one table); ``lo - 1`` if not even ``lo``. ``play``:
    ``PLAY_RECORD``; ``table``: the thread's own arrays (``TABLE_RECORD``)."""
    thr = _thread_record(table)
    tt_keys, tt_stamp, tt_bits, ctx, moves, ws, wsu, keys, kw, mk, tc = thr
    suit_masks = play[1]
    ctx[C_STAMP] += 1
    ctx[C_REPL] = 0     # the entries replaced in full buckets: this search's own sequence
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
    best = lo - 1
    mid = lo
    if hi > lo:
        # target stepping from a playout guess (DDS): null-window tests move up from the
        # guess while they succeed, down while they fail, all sharing one table
        g = p_count + _playout(hands, pairmask, play, goal, card_class, held, n_tricks_total,
                               tc, leader, trick_no, nplayed, unplayed, moves)
        mid = min(max(g, lo), hi)
    while lo <= hi:
        if _search(hands, pairmask, play, goal, card_class, held, n_tricks_total, thr, cbits,
                   named, planes, leader, trick_no, nplayed, unplayed, p_count, prog, mid):
            best = mid
            lo = mid + 1
            mid = lo
        else:
            hi = mid - 1
            mid = hi
    return best
