"""The double-dummy search kernel (numba) and its Python entry points.

One boolean AND/OR search proves or refutes a ``Goal`` (``goal.py``) for one pair, with all
cards visible; the maximum number of tricks is found by null-window searches on a trick
target, stepping from a greedy-playout guess, the transposition table kept between them.

Techniques, each in its own place below (after DDS, ``ABsearch.cpp``, ``Moves.cpp``,
``QuickTricks.cpp``, ``TransTableL.cpp``):

- ``_moves``: legal cards (follow suit; void → trump if ``must_trump``; trump led → trump if
  able), the searching pair's obligations (Gerots holds, the goal's lead restrictions),
  equivalent-card collapsing (cards of one hand adjacent in strength among the cards still
  out merge into one move, unless the goal tells them apart: ``card_class``), and move
  ordering (the table's best move; on lead sure winners first; following, the cheapest card
  that beats everything still to come, else low).
- ``_search``: the iterative AND/OR search (numba cannot cache recursive functions), one card
  per ply; the goal's clauses are checked after every trick (``_score_trick``).
- ``_trick_start_bounds``: at every trick start, goal met / no longer possible: not enough
  counted tricks left, sure tricks of the top trump run (``_sure_tricks``) and quick tricks
  of the side on lead (``_quick_tricks``, or through the partner's hand:
  ``_pair_quick_tricks``) against the tricks the goal needs, a pair wins at
  most one trick per trump plus the fewest non-trumps of any hand, a required card no
  longer in the pair's hands (and Hall's count: a card of its own for each required trick),
  trump counts against tricks to be won without high trumps (a trump above all a required
  or existential trick lets win must fall in another trick, ``_too_many_over``; a hand void
  in a suit keeps its trumps to a suit-card trick, ``_suits_blocked``), an opponent's trump
  to capture above all the pair's trumps; met when the one clause left is "win a trick
  with a card of E" and the pair's leader may lead an E card no one can beat.
- The transposition table (``Tables``), at trick starts only: the key is rank-relative
  (``_rel_key``: each suit's sequence of holder and goal class, each hand's suit lengths,
  leader, goal progress, holders of the cards the goal names), the value lower/upper bounds
  on the extra counted tricks the pair can force while meeting the goal's other clauses
  (−1 = those clauses cannot be forced), so one table serves every trick target of a goal.
  An entry fixes only the holders of its *relevant* cards (DDS's winning ranks, Ginsberg's
  partition search): every node returns the cards whose ranks its value used (winners of
  tricks contested within their suit, cards behind a bound or a table entry, merged runs
  whole), and the entry holds for every position with the same suit lengths and the same
  holders of the top cards of each suit down to the lowest relevant one (``_closure``).
  Entries are filed by the holders of the top 0/4/8 trumps they fix (``TT_LEVELS``).
- The same partitions prune moves: after a move is refuted (or proved, at an AND node), a
  later move of the same suit and class with no relevant card at or above either card leads
  to a position of the same partition and is skipped.
- ``_batch_kernel``: many (deal, goal) cells in parallel (a worker and a table per thread,
  dealing the cells in snake order).

Rules come as arrays (``rules.py``): the same kernel plays tarokk and bridge.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .bits import popcount as _popcount
from ..goal import (G_CAPTURE, G_CAPTURE_ANY, G_COUNT_TRICKS, G_EXIST1, G_EXIST2, G_LEAD0,
                   G_RUN_LEN, G_RUN_MASK, G_SPLIT_TRICKS, G_TRICK0, Goal, tricks_goal)
from ..rules import Rules

# The search kernels allocate nothing (their callers own every array), so they are
# compiled without numba's reference counting: its atomic increments and decrements on
# every array passed to a call took about two thirds of the search time. ``_nrt`` is
# numba's own (private) switch for this; a kernel that allocated under it would leak.
# error_model="numpy" (no Python exception checks on integer division: every divisor
# here is a nonzero constant) on all kernels makes a search compiled for a direct call
# the same code as one compiled inside the parallel batch kernel; before, whichever was
# compiled first into the cache fixed the code for both, and the batch ran 30 % slower
# when a direct call (``Solver``) came first.
# The helpers called at every node (``_legal``, ``_threat``, ``_moves``, ``_score_trick``,
# ``_run_of``) and the table key are inlined into the search (numba ``inline="always"``):
# 5-10 % less time per node; inlining the trick-start bounds or the table store as well
# was slower.
_no_refcount_jit = njit(cache=True, _nrt=False, error_model="numpy")

TT_BITS_DEFAULT = 18
MAX_DEPTH = 64          # cards in a deal (plies)
MAX_MOVES = 16

# progress bits (packed into the transposition key)
P_EXIST1 = 1
P_EXIST2 = 2
P_ANY = 4
P_RUN_DONE = 8
P_RUN_SHIFT = 4          # 4 bits run length so far (runs up to 15 tricks)
P_SPLIT_SHIFT = 8        # 3 bits: 0 none yet, 1..4 seat+1 of the first winner, 5 mixed
P_SPLIT_MIXED = 5

# per-ply work space columns (int64 ws / uint64 wsu) and search phases
W_LEADER, W_TRICK, W_NPLAYED, W_PCOUNT, W_PROG, W_SEAT, W_ISP, W_NEED, W_N, W_IDX = range(10)
W_LEN = 10
U_UNPLAYED, U_HAND, U_REL, U_TWIN, U_SKIP = 0, 1, 2, 3, 4
U_LEN = 5
PH_ENTER, PH_NEXT, PH_RETURN, PH_CHILD = 0, 1, 2, 3

# context array slots (int64)
C_NODES = 0
C_STAMP = 1
C_REPL = 2            # round-robin counter for replacing table entries in a full bucket
C_TRICK0 = 4          # C_TRICK0 + t: nodes at trick t (0-based), for profiling
C_LEN = 20

_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE = np.array([
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], dtype=np.int64)


@njit(cache=True, inline="always")
def _lowbit_index(m):
    low = m & (~m + np.uint64(1))
    return _DEBRUIJN_TABLE[np.int64((low * _DEBRUIJN) >> np.uint64(58))]


@njit(cache=True, inline="always")
def _bit(c):
    return np.uint64(1) << np.uint64(c)


@njit(cache=True, inline="always")
def _above(c):
    """The bits of the cards stronger than card ``c`` (higher ids), in any suit."""
    return ~((_bit(c) << np.uint64(1)) - np.uint64(1))


@njit(cache=True, inline="always")
def _beats(c, w, suit_of, trump):
    """Does card ``c`` beat the currently winning card ``w``?"""
    sc = suit_of[c]
    sw = suit_of[w]
    if sc == sw:
        return c > w
    return sc == trump


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _highbit_index(m):
    n = 0
    if m >> np.uint64(32):
        m >>= np.uint64(32)
        n += 32
    if m >> np.uint64(16):
        m >>= np.uint64(16)
        n += 16
    if m >> np.uint64(8):
        m >>= np.uint64(8)
        n += 8
    if m >> np.uint64(4):
        m >>= np.uint64(4)
        n += 4
    if m >> np.uint64(2):
        m >>= np.uint64(2)
        n += 2
    if m >> np.uint64(1):
        n += 1
    return n


@njit(cache=True, inline="always")
def _threat(hands, seat, leader, nplayed, pair_of, suit_masks, suit_of, trump, must_trump, led,
            winning):
    """The strongest card an opponent still to play in this trick could put on it
    (their top card of the led suit, else their top trump when they must trump), or the
    current winner if none beats it. Used only for move ordering."""
    best = winning
    for k in range(nplayed + 1, 4):
        s2 = (leader + k) & 3
        if pair_of[s2] == pair_of[seat]:
            continue
        h = hands[s2]
        f = h & suit_masks[suit_of[led]]
        if f == 0 and trump >= 0:
            f = h & suit_masks[trump]
        if f:
            c = _highbit_index(f)
            if _beats(c, best, suit_of, trump):
                best = c
    return best


@njit(cache=True, inline="always")
def _moves(moves, d, hands, seat, leader, pair_of, legal, unplayed, card_class, suit_masks,
           suit_of, trump, must_trump, tc, tr, nplayed, hint, held, trick_no, is_p, lead_mask,
           cap):
    """Fill ``moves[d]`` with the moves to try, best first; returns their number.

    Equivalent cards (same suit, same goal class, no other unplayed card between them)
    collapse to the highest of the run. For the searching pair, ``held[trick_no]`` (1-based
    trick) are the cards it may not play unless nothing else is legal (Gerots: an announced
    card is not played before its trick; ``_held_masks``), and on lead ``lead_mask`` (if not
    0) is the set to lead from when holding any of it (Gerots lead obligations of a target
    trick). Ordering: the table's best move; on lead, sure winners then low cards;
    following, the cheapest card that beats everything still to come, else low. Cards the
    goal has the pair capture (``cap``) go first into a trick the player's side surely wins
    and last into one it does not win.
    Entries are packed as ``score * 64 + card`` while sorting."""
    if is_p:
        allowed = legal & ~held[trick_no]
        if allowed:
            legal = allowed
        if lead_mask != 0 and (legal & lead_mask) != 0:
            legal &= lead_mask
    hand = hands[seat]
    winning = -1
    threat = -1
    secure = False
    if nplayed > 0:
        led = tc[tr, 0]
        winning = led
        win_seat = leader
        for i in range(1, nplayed):
            c = tc[tr, i]
            if _beats(c, winning, suit_of, trump):
                winning = c
                win_seat = (leader + i) & 3
        threat = _threat(hands, seat, leader, nplayed, pair_of, suit_masks, suit_of, trump,
                         must_trump, led, winning)
        secure = pair_of[win_seat] == pair_of[seat] and threat == winning
    n = 0
    m = legal
    prev = -1
    while m:
        c = _lowbit_index(m)
        m &= m - np.uint64(1)
        if prev >= 0 and suit_of[prev] == suit_of[c] and card_class[prev] == card_class[c]:
            between = (_bit(c) - np.uint64(1)) & _above(prev)
            if (between & unplayed) == 0:
                # c joins the run of prev; the run is represented by its top card
                moves[d, n - 1] = (moves[d, n - 1] - prev) + c
                prev = c
                continue
        strength = c + (100 if suit_of[c] == trump else 0)
        if nplayed == 0:
            above = suit_masks[suit_of[c]] & _above(c)
            if (above & unplayed & ~hand) == 0:
                s = 2000 + strength if suit_of[c] == trump else 1000 + strength
            else:
                s = -strength
        elif secure:
            s = 3000 if cap & _bit(c) else -strength
        elif _beats(c, threat, suit_of, trump) or (c == threat):
            s = 2000 - strength
        elif _beats(c, winning, suit_of, trump):
            s = 500 - strength
        else:
            s = -strength - (1000 if cap & _bit(c) else 0)
        moves[d, n] = s * 64 + c
        n += 1
        prev = c
    if hint >= 0:
        for i in range(n):
            if (moves[d, i] & 63) == hint:
                moves[d, i] += (1 << 20) * 64
    # insertion sort, best first
    for i in range(1, n):
        v = moves[d, i]
        j = i - 1
        while j >= 0 and moves[d, j] < v:
            moves[d, j + 1] = moves[d, j]
            j -= 1
        moves[d, j + 1] = v
    for i in range(n):
        moves[d, i] = moves[d, i] & 63
    return n


@_no_refcount_jit
def _count_future(mask, trick_no, n_tricks_total):
    """Number of tricks t >= trick_no (0-based absolute) set in trick-index ``mask``."""
    fut = mask >> np.uint64(trick_no)
    lim = n_tricks_total - trick_no
    if lim < 64:
        fut &= (np.uint64(1) << np.uint64(lim)) - np.uint64(1)
    return _popcount(fut)


SEQ_WORDS = 4          # key words 0-3: each suit's sequence of (holder, goal class)
KEY_WORDS = 8          # 4: lengths of hands 0, 1; 5: lengths of hands 2, 3, leader, progress;
                       # 6: the goal's named cards still out; 7: their holders
MAX_PINNED = 32        # named cards whose holders word 7 can hold
TT_MASK0 = KEY_WORDS   # entry words 8-11: which sequence bits the entry fixes
TT_DEPTH = KEY_WORDS + SEQ_WORDS     # entry word 12: relevant cards per suit (5 bits each)
TT_WORDS = TT_DEPTH + 1
TT_BUCKET = 64        # slots of a bucket; the entries of the current search fill a prefix
# An entry fixes the holders of the top k cards of the hash suit (the trump suit, else suit
# 0), k varying; it is filed under the largest level <= k with those holders hashed in, and
# a lookup probes each level.
TT_LEVELS = (0, 4, 8)


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _rel_key(kw, hands, unplayed, suit_masks, card_class, cbits, leader, prog, named):
    """Write the position's rank-relative key into ``kw`` (KEY_WORDS,) uint64.

    Words 0-3: each suit's sequence of (holder, goal class) in strength order, lowest first
    (DDS's relative ranks: which lower cards were played no longer matters); words 4-5: each
    hand's length in each suit (4 bits), the leader and the goal progress; word 6: the cards
    the goal names (``_named_cards``) still out; word 7: their holders, 2 bits each (0 when
    more than ``MAX_PINNED`` are named). A table entry fixes words 4-7 and only the sequence
    bits of its relevant cards (``_tt_store``)."""
    w = 2 + cbits
    for i in range(KEY_WORDS):
        kw[i] = 0
    pos = 0
    la = np.uint64(0)
    lb = np.uint64(0)
    h1 = hands[1] | hands[3]        # bit 0 of the holder's seat number
    h2 = hands[2] | hands[3]        # bit 1
    one = np.uint64(1)
    for s in range(suit_masks.shape[0]):
        m = unplayed & suit_masks[s]
        sh = np.uint64(8 * s)
        la |= (np.uint64(_popcount(hands[0] & m))
               | (np.uint64(_popcount(hands[1] & m)) << np.uint64(4))) << sh
        lb |= (np.uint64(_popcount(hands[2] & m))
               | (np.uint64(_popcount(hands[3] & m)) << np.uint64(4))) << sh
        if cbits == 0:
            # 2 bits a card: 32 cards a word, never straddling two words
            while m:
                c = np.uint64(_lowbit_index(m))
                m &= m - one
                v = ((h1 >> c) & one) | (((h2 >> c) & one) << one)
                kw[pos >> 6] |= v << np.uint64(pos & 63)
                pos += 2
            continue
        while m:
            c = _lowbit_index(m)
            m &= m - one
            v = (((h1 >> np.uint64(c)) & one) | (((h2 >> np.uint64(c)) & one) << one)
                 | (np.uint64(card_class[c]) << np.uint64(2)))
            word = pos >> 6
            off = pos & 63
            kw[word] |= v << np.uint64(off)
            if off + w > 64:
                kw[word + 1] |= v >> np.uint64(64 - off)
            pos += w
    kw[4] = la
    kw[5] = lb | (np.uint64(leader) << np.uint64(40)) | (np.uint64(prog) << np.uint64(42))
    kw[6] = named & unplayed
    if _popcount(named) <= MAX_PINNED:
        m = named & unplayed
        pos = 0
        while m:
            c = _lowbit_index(m)
            m &= m - np.uint64(1)
            kw[7] |= np.uint64(_holder(hands, _bit(c))) << np.uint64(pos)
            pos += 2


@_no_refcount_jit
def _rel_mask(mk, unplayed, suit_masks, cbits, rel):
    """Sequence bits (``_rel_key`` words 0-3) of the cards in ``rel`` into ``mk`` (4,);
    ``rel`` holds the top cards of each suit (``_closure``), whose bits end each suit's
    part of the sequence. Returns the number of ``rel`` cards of each suit, 5 bits per
    suit."""
    w = 2 + cbits
    for i in range(SEQ_WORDS):
        mk[i] = 0
    pos = 0
    depth = np.uint64(0)
    for s in range(suit_masks.shape[0]):
        m = unplayed & suit_masks[s]
        n = _popcount(m)
        k = _popcount(m & rel)
        depth |= np.uint64(k) << np.uint64(5 * s)
        # bits [pos + (n - k) * w, pos + n * w) are set
        lo = pos + (n - k) * w
        hi = pos + n * w
        while lo < hi:
            word = lo >> 6
            off = lo & 63
            take = min(64 - off, hi - lo)
            if take == 64:
                mk[word] = ~np.uint64(0)
            else:
                mk[word] |= ((np.uint64(1) << np.uint64(take)) - np.uint64(1)) << np.uint64(off)
            lo += take
        pos = hi
    return depth


@_no_refcount_jit
def _closure(rel, unplayed, suit_masks, named):
    """The relevant cards of a position (DDS's winning ranks, Ginsberg's partitions): in each
    suit every card still out from the lowest card of ``rel`` upwards (and of the goal's
    ``named`` cards, when too many for the key to fix their holders). Positions with the
    same holders (and classes) of these cards, of the named cards, and the same suit lengths
    in every hand have the same value: the other cards never win a trick against a card of
    their suit in the proof, so they are interchangeable small cards of one class."""
    out = np.uint64(0)
    r = rel & unplayed
    if _popcount(named) > MAX_PINNED:
        r |= named & unplayed
    for s in range(suit_masks.shape[0]):
        m = r & suit_masks[s]
        if m:
            low = m & (~m + np.uint64(1))
            out |= unplayed & suit_masks[s] & ~(low - np.uint64(1))
    return out


@_no_refcount_jit
def _depth_cards(depth, unplayed, suit_masks):
    """The cards an entry with ``depth`` (see ``_rel_mask``) fixes in this position: the top
    k cards still out of each suit."""
    out = np.uint64(0)
    for s in range(suit_masks.shape[0]):
        k = np.int64((depth >> np.uint64(5 * s)) & np.uint64(31))
        if k == 0:
            continue
        m = unplayed & suit_masks[s]
        drop = _popcount(m) - k
        while drop > 0:         # clear the lowest cards
            m &= m - np.uint64(1)
            drop -= 1
        out |= m
    return out


@njit(cache=True, error_model="numpy")
def _named_cards(card_class, hold, suit_masks):
    """Cards the goal (or the play restriction ``hold``) tells apart from the other cards of
    their suit: those outside their suit's most common class. A table entry fixes their
    holders (``_rel_key`` words 6-7), so the interchangeable small cards of an entry are
    all of one class."""
    n = card_class.shape[0]
    counts = np.zeros(n + 1, dtype=np.int64)
    named = np.uint64(0)
    for s in range(suit_masks.shape[0]):
        counts[:] = 0
        plain = -1
        for c in range(n):
            if suit_masks[s] & _bit(c):
                counts[card_class[c]] += 1
                if plain < 0 or counts[card_class[c]] > counts[plain]:
                    plain = card_class[c]
        for c in range(n):
            if (suit_masks[s] & _bit(c)) and (card_class[c] != plain or hold[c] > 0):
                named |= _bit(c)
    return named


@njit(cache=True, inline="always")
def _top_bits(kw, unplayed, suit_masks, hs, w, k):
    """Key sequence bits of the top ``k`` cards of suit ``hs`` (``k * w`` <= 64 bits)."""
    start = 0
    for s in range(hs):
        start += _popcount(unplayed & suit_masks[s])
    start = (start + _popcount(unplayed & suit_masks[hs]) - k) * w
    n = k * w
    if n == 0:
        return np.uint64(0)
    word = start >> 6
    off = start & 63
    v = kw[word] >> np.uint64(off)
    if off + n > 64:
        v |= kw[word + 1] << np.uint64(64 - off)
    if n < 64:
        v &= (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    return v


@njit(cache=True, inline="always")
def _tt_hash(kw, top, level, bits):
    h = (kw[4] * np.uint64(0x9E3779B97F4A7C15)) ^ (kw[5] * np.uint64(0xC2B2AE3D27D4EB4F)) ^ \
        (kw[6] * np.uint64(0x165667B19E3779F9)) ^ (kw[7] * np.uint64(0x94D049BB133111EB)) ^ \
        ((top + np.uint64(level)) * np.uint64(0xD6E8FEB86659FD93))
    h ^= h >> np.uint64(29)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    return np.int64(h >> np.uint64(64 - bits)) & ~np.int64(TT_BUCKET - 1), \
        np.int64((h >> np.uint64(8)) & np.uint64(0xFFFFFFFF))


@njit(cache=True, inline="always")
def _tt_lookup(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, stamp, kw, bits, unplayed,
               suit_masks, hs, w):
    """Every entry of the buckets that matches the position (same lengths, leader, progress
    and named cards; same holders of the entry's relevant cards) holds for it. Returns
    ``(lo, lo_slot, hi, hi_slot, move)``: the best lower and upper bounds with their slots
    (-1 if none) and a best-move hint."""
    lo = -1
    lo_j = -1
    hi = 127
    hi_j = -1
    mv = -1
    n_hs = _popcount(unplayed & suit_masks[hs])
    for level in TT_LEVELS:
        if level > n_hs:
            break
        base, tag = _tt_hash(kw, _top_bits(kw, unplayed, suit_masks, hs, w, level), level,
                             bits)
        lo, lo_j, hi, hi_j, mv = _tt_scan(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp,
                                          (stamp << 32) | tag, kw, base, lo, lo_j, hi, hi_j,
                                          mv)
    return lo, lo_j, hi, hi_j, mv


@njit(cache=True, inline="always")
def _tt_scan(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, stamp_tag, kw, base, lo, lo_j, hi,
             hi_j, mv):
    for j in range(base, base + TT_BUCKET):
        v = tt_stamp[j]
        if v != stamp_tag:
            if (v >> 32) != (stamp_tag >> 32):
                break               # entries of this search fill a prefix of the bucket
            continue
        if (tt_keys[j, 4] != kw[4] or tt_keys[j, 5] != kw[5] or tt_keys[j, 6] != kw[6]
                or tt_keys[j, 7] != kw[7]):
            continue
        if ((kw[0] & tt_keys[j, TT_MASK0]) != tt_keys[j, 0]
                or (kw[1] & tt_keys[j, TT_MASK0 + 1]) != tt_keys[j, 1]
                or (kw[2] & tt_keys[j, TT_MASK0 + 2]) != tt_keys[j, 2]
                or (kw[3] & tt_keys[j, TT_MASK0 + 3]) != tt_keys[j, 3]):
            continue
        if tt_lo[j] > lo:
            lo = tt_lo[j]
            lo_j = j
        if tt_hi[j] < hi:
            hi = tt_hi[j]
            hi_j = j
        if mv < 0 and tt_move[j] >= 0:
            mv = tt_move[j]
    return lo, lo_j, hi, hi_j, mv


@njit(cache=True, inline="always")
def _score_trick(tc, leader, pairmask, suit_of, trump, goal, trick_no, n_tricks_total,
                 p_count, prog):
    """The fourth card is down: check the trick against the goal.

    Returns ``(ok, winner, p_count, prog, trick_mask)``; ``ok`` is false when the trick breaks
    a clause (a required trick lost or won with the wrong card, a must-capture card taken by
    the opponents, "not all from one hand" broken)."""
    winning = tc[trick_no, 0]
    wpos = 0
    trick_mask = _bit(winning)
    for i in range(1, 4):
        c = tc[trick_no, i]
        trick_mask |= _bit(c)
        if _beats(c, winning, suit_of, trump):
            winning = c
            wpos = i
    winner = (leader + wpos) & 3
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


@_no_refcount_jit
def _sure_tricks(hands, pair_of, unplayed, trump_mask, trump_top):
    """Tricks the holders of the top trump sequence will surely win, and their pair side.

    The k highest trumps still out, all held by one pair, win every trick they fall in; one
    hand's cards fall in distinct tricks and a trick holds at most 2 cards of a pair, so that
    pair wins at least max(k_hand1, k_hand2, ceil(k / 2)) of the remaining tricks.
    Returns ``(tricks, seat_of_top_holder, cards of the run)``; (0, -1, 0) without trumps
    out."""
    tr = unplayed & trump_mask
    if tr == 0:
        return 0, -1, np.uint64(0)
    held = hands[0] | hands[1] | hands[2] | hands[3]
    tr &= held                  # (at trick starts every trump still out is in a hand)
    if tr == 0:
        return 0, -1, np.uint64(0)
    holder0 = _holder(hands, _bit(_highbit_index(tr)))
    mine = np.uint64(0)
    for s in range(4):
        if pair_of[s] == pair_of[holder0]:
            mine |= hands[s]
    theirs = tr & ~mine
    run = tr & mine
    if theirs:
        run &= _above(_highbit_index(theirs))
    k = _popcount(run)
    best = (k + 1) // 2
    for s in range(4):
        best = max(best, _popcount(hands[s] & run))
    return best, holder0, run


@_no_refcount_jit
def _quick_tricks(hands, leader, pair_of, suit_masks, trump):
    """Tricks the leader can cash one after another, keeping the lead (DDS quick tricks):
    first its trumps above every other trump still out (everyone with a trump must follow),
    then in each side suit its cards above every other card of the suit, as long as each
    opponent either follows suit or has no trump left (a void partner holding a trump might
    have to ruff and take the lead, so the partner must follow too unless trumpless).
    A lower bound on the tricks the leader's pair wins, valid for any trick-taking rules.
    Returns ``(tricks, the cards the leader cashes)``: each wins its trick when played in
    that order (trumps first)."""
    me = hands[leader]
    others = np.uint64(0)
    for s in range(4):
        if s != leader:
            others |= hands[s]
    q = 0
    used = np.uint64(0)
    tr_any = np.uint64(0)      # seats (bits) other than the leader still holding a trump
    if trump >= 0:
        tm = suit_masks[trump]
        mine_t = me & tm
        oth_t = others & tm
        if mine_t:
            if oth_t == 0:
                q = _popcount(mine_t)
                used |= mine_t
            else:
                hi = _highbit_index(oth_t)
                top = mine_t & _above(hi)
                q = _popcount(top)
                used |= top
        for s in range(4):
            if _popcount(hands[s] & tm) > q:
                tr_any |= _bit(s)
    for su in range(suit_masks.shape[0]):
        if su == trump:
            continue
        sm = suit_masks[su]
        mine_s = me & sm
        if mine_s == 0:
            continue
        oth_s = others & sm
        if oth_s == 0:
            top = mine_s
        else:
            hi = _highbit_index(oth_s)
            top = mine_s & _above(hi)
        k = _popcount(top)
        if k == 0:
            continue
        for s in range(4):
            if s == leader or (tr_any & _bit(s)) == 0:
                continue
            n = _popcount(hands[s] & sm)
            if n < k:
                k = n
        drop = _popcount(top) - k
        while drop > 0:             # the k cards cashed are the top ones
            top &= top - np.uint64(1)
            drop -= 1
        used |= top
        q += k
    n_me = _popcount(me)
    return (q if q < n_me else n_me), used


@_no_refcount_jit
def _pair_quick_tricks(hands, leader, pair_of, suit_masks, trump):
    """Quick tricks of the leader's pair: the leader's own (``_quick_tricks``), or, if more,
    a crossing: the leader leads a card of a suit in which the partner holds the top card
    still out, every opponent either follows suit or holds no trump (so the partner's card
    wins the trick whoever plays when), and the partner, now on lead, cashes its own quick
    tricks (DDS's quick tricks through the partner's hand). The crossing is counted
    pessimistically: each opponent following suit keeps its higher cards of the suit (plays
    its lowest), one void in it keeps all its cards. Returns ``(tricks, cards behind them)``
    (the partner's top card and the cards it cashes). ``hands`` is changed and restored."""
    q, used = _quick_tricks(hands, leader, pair_of, suit_masks, trump)
    partner = -1
    for s in range(4):
        if s != leader and pair_of[s] == pair_of[leader]:
            partner = s
    if partner < 0 or _popcount(hands[partner]) <= q:
        return q, used
    me = hands[leader]
    pt = hands[partner]
    tm = suit_masks[trump] if trump >= 0 else np.uint64(0)
    for su in range(suit_masks.shape[0]):
        sm = suit_masks[su]
        if (me & sm) == 0 or (pt & sm) == 0:
            continue
        w = _highbit_index(pt & sm)
        ok = True
        for s in range(4):
            if s == partner:
                continue
            if hands[s] & sm & _above(w):
                ok = False              # the partner's card is not the top one
            if (pair_of[s] != pair_of[leader] and (hands[s] & sm) == 0
                    and (hands[s] & tm) != 0):
                ok = False              # an opponent void in the suit may (must) trump
        if not ok:
            continue
        h0, h1, h2, h3 = hands[0], hands[1], hands[2], hands[3]
        for s in range(4):
            f = hands[s] & sm
            if s == partner:
                hands[s] &= ~_bit(w)
            elif f:
                hands[s] &= ~(f & (~f + np.uint64(1)))      # its lowest card of the suit
        q2, used2 = _quick_tricks(hands, partner, pair_of, suit_masks, trump)
        hands[0], hands[1], hands[2], hands[3] = h0, h1, h2, h3
        if 1 + q2 > q:
            q = 1 + q2
            used = used2 | _bit(w)
    return q, used


@njit(cache=True, inline="always")
def _req_top_trump(req, trump_mask, unplayed):
    """The highest trump still out that a trick requirement ``req`` lets win the trick;
    -1 if none, -2 if no requirement."""
    if req == 0:
        return -2
    tm = req & trump_mask & unplayed
    if tm == 0:
        return -1
    return _highbit_index(tm)


@njit(cache=True, inline="always")
def _too_many_over(hands, h, q, left, trump_mask, unplayed):
    """Does some hand hold more trumps above ``h`` (all trumps if ``h`` = -1) than it can
    play outside ``q`` of the ``left`` tricks (one card a trick)? The answer depends on the
    holders of ``h`` and the trumps above it (on suit lengths only when ``h`` = -1)."""
    if h >= 0:
        over = trump_mask & unplayed & _above(h)
    else:
        over = trump_mask & unplayed
    for s in range(4):
        if _popcount(hands[s] & over) > left - q:
            return True
    return False


@_no_refcount_jit
def _suits_blocked(hands, cards, room, suit_masks, trump_mask, trump):
    """Can none of the pair's suit cards ``cards`` win a trick after the next ``room``
    tricks? A suit card wins only a trick of its own suit with no tarokk in it, and a hand
    void in that suit must trump it (must-trump): the suit is blocked while some hand void
    in it holds a tarokk, so when it holds more than it can shed in ``room`` tricks.
    (Suit lengths only.) An opponent's higher card of the suit does not block it: it may
    have to play before the pair's card and cannot wait for it."""
    for su in range(suit_masks.shape[0]):
        sm = suit_masks[su]
        if su == trump or (cards & sm) == 0:
            continue
        blocked = False
        for s in range(4):
            if (hands[s] & sm) == 0 and _popcount(hands[s] & trump_mask) > room:
                blocked = True
                break
        if not blocked:
            return False
    return True


@_no_refcount_jit
def _trick_start_bounds(hands, pairmask, pair_of, goal, n_tricks_total, trick_no, unplayed,
                        need, prog, trump_mask, trump_top, leader, suit_masks, trump, held_now,
                        must_trump):
    """At a trick start: 1 if the goal is already met, 0 if it can no longer be met,
    -1 if the search must go on. Returns ``(that, cards whose ranks the answer used)``.

    ``held_now``: the cards the searching pair may not play in this trick (Gerots holds).
    The pair's own quick tricks count only cards it may cash now, and none while a lead
    obligation is ahead; the opponents' bounds hold whatever the pair's restrictions."""
    zero = np.uint64(0)
    p_hands = np.uint64(0)
    for s in range(4):
        if pairmask[s]:
            p_hands |= hands[s]
    left = n_tricks_total - trick_no            # tricks still to play
    counted_left = _count_future(goal[G_COUNT_TRICKS], trick_no, n_tricks_total)
    if need > counted_left:
        return 0, zero
    reqs_left = False
    n_req = 0
    lead_rule = False       # a lead obligation ahead (the pair's quick tricks do not count)
    req_cards = zero
    for t in range(trick_no, n_tricks_total):
        if goal[G_LEAD0 + t] != 0:
            lead_rule = True
        req = goal[G_TRICK0 + t]
        if req != 0:
            reqs_left = True
            n_req += 1
            req_cards |= req
            if (req & p_hands) == 0:
                return 0, zero
    if n_req > 0:
        # each required trick takes its own card of the pair (Hall's condition, whole set)
        if _popcount(req_cards & p_hands) < n_req:
            return 0, zero
        # a trump above every trump a required trick lets win beats its winner, in whoever's
        # hand: for each threshold h (the top trump still out some required trick lets win,
        # -1 for none), every hand must play its trumps above h outside the q required
        # tricks that let no trump above h win (``_too_many_over``)
        if trump_mask != 0:
            for t in range(trick_no, n_tricks_total):
                h = _req_top_trump(goal[G_TRICK0 + t], trump_mask, unplayed)
                if h == -2:
                    continue
                q = 0
                for t2 in range(trick_no, n_tricks_total):
                    h2 = _req_top_trump(goal[G_TRICK0 + t2], trump_mask, unplayed)
                    if h2 != -2 and h2 <= h:
                        q += 1
                if _too_many_over(hands, h, q, left, trump_mask, unplayed):
                    return 0, (_bit(h) if h >= 0 else zero)
                if h == -1 and must_trump:
                    # won by a suit card: that suit is led and no tarokk falls in the
                    # trick; each suit of the pair's candidate cards may be blocked
                    # (``_suits_blocked``, with the t - trick_no tricks before trick t)
                    if _suits_blocked(hands, goal[G_TRICK0 + t] & p_hands, t - trick_no,
                                      suit_masks, trump_mask, trump):
                        return 0, zero
    sure_p = 0
    sure_o = 0
    qt_o = 0
    rel_p = zero        # cards behind sure_p, sure_o and qt_o
    rel_o = zero
    rel_q = zero
    if need > 0 or n_req > 0:       # the trick bounds serve only these
        uncounted = left - counted_left
        if trump_top >= 0:
            sure, holder, run = _sure_tricks(hands, pair_of, unplayed, trump_mask, trump_top)
            if sure > 0:
                if pairmask[holder]:
                    sure_p = sure - uncounted
                    rel_p = run
                else:
                    sure_o = sure
                    rel_o = run
                    if need > counted_left - max(0, sure - uncounted):
                        return 0, run
        if trump_mask != 0:
            # a pair wins at most one trick per tarokk it holds plus the tricks no tarokk
            # falls in, and in those every hand plays a suit card: at most the fewest suit
            # cards of any hand (suit lengths only)
            t_max = 0
            t_p = 0
            for s in range(4):
                k = _popcount(hands[s] & trump_mask)
                if k > t_max:
                    t_max = k
                if pairmask[s]:
                    t_p += k
            t_o = _popcount(unplayed & trump_mask) - t_p
            p_max = min(left, t_p + left - t_max)
            o_max = min(left, t_o + left - t_max)
            if need > p_max:
                return 0, zero
            if left - o_max - uncounted > sure_p:
                sure_p = left - o_max - uncounted
                rel_p = zero
            if left - p_max > sure_o:
                sure_o = left - p_max
                rel_o = zero
                if need > counted_left - max(0, sure_o - uncounted):
                    return 0, zero
        if pairmask[leader]:
            qt = 0
            qcards = zero
            if not lead_rule:
                if held_now == 0:     # (a hold on a later trick implies one on this)
                    qt, qcards = _pair_quick_tricks(hands, leader, pair_of, suit_masks, trump)
                else:
                    mine = hands[leader]
                    hands[leader] = mine & ~held_now
                    qt, qcards = _quick_tricks(hands, leader, pair_of, suit_masks, trump)
                    hands[leader] = mine
        else:
            qt, qcards = _pair_quick_tricks(hands, leader, pair_of, suit_masks, trump)
        if qt > 0:
            if pairmask[leader]:
                if qt - uncounted > sure_p:
                    sure_p = qt - uncounted
                    rel_p = qcards
            else:
                qt_o = qt
                rel_q = qcards
                if qt > sure_o:
                    sure_o = qt
                    rel_o = qcards
                if need > counted_left - max(0, qt - uncounted):
                    return 0, qcards
    if n_req > 0:
        # the opponents' sure tricks leave too few tricks for the required ones
        if sure_o > 0 and n_req > left - sure_o:
            return 0, rel_o
        # the opponents lead and can cash the next tricks: a requirement among them fails
        if qt_o > 0:
            for t in range(trick_no, min(trick_no + qt_o, n_tricks_total)):
                if goal[G_TRICK0 + t] != 0:
                    return 0, rel_q
    met = (need <= 0 or need <= sure_p) and not reqs_left
    n_ex = 0                # existential clauses still pending (the last one's mask: ex)
    ex = zero
    ex1 = goal[G_EXIST1]
    if ex1 != 0 and (prog & P_EXIST1) == 0:
        if (ex1 & p_hands) == 0:
            return 0, zero
        n_ex += 1
        ex = ex1
    ex2 = goal[G_EXIST2]
    if ex2 != 0 and (prog & P_EXIST2) == 0:
        if (ex2 & p_hands) == 0:
            return 0, zero
        n_ex += 1
        ex = ex2
    if trump_mask != 0 and (ex1 != 0 and (prog & P_EXIST1) == 0
                            or ex2 != 0 and (prog & P_EXIST2) == 0):
        # each pending "wins some trick with a card of E" needs a trick of its own (the
        # masks are disjoint) with no trump above E's top trump in it (as above)
        h1 = _req_top_trump(ex1, trump_mask, unplayed) if (prog & P_EXIST1) == 0 else -2
        h2 = _req_top_trump(ex2, trump_mask, unplayed) if (prog & P_EXIST2) == 0 else -2
        for h in (h1, h2):
            if h == -2:
                continue
            q = (1 if h1 != -2 and h1 <= h else 0) + (1 if h2 != -2 and h2 <= h else 0)
            if _too_many_over(hands, h, q, left, trump_mask, unplayed):
                return 0, (_bit(h) if h >= 0 else zero)
    anym = goal[G_CAPTURE_ANY]
    if anym != 0 and (prog & P_ANY) == 0:
        if (anym & unplayed) == 0:
            return 0, zero
        met = False
    run_len = np.int64(goal[G_RUN_LEN])
    if run_len > 0 and (prog & P_RUN_DONE) == 0:
        cur = (prog >> P_RUN_SHIFT) & 15
        if cur + left < run_len:
            return 0, zero
        if cur + _popcount(goal[G_RUN_MASK] & p_hands) < run_len:
            return 0, zero
        met = False
    if (goal[G_CAPTURE] & unplayed) != 0:
        met = False
        # an opponent's tarokk to capture is taken only by a higher tarokk of the pair
        opp_t = goal[G_CAPTURE] & trump_mask & unplayed & ~p_hands
        if opp_t:
            x = _highbit_index(opp_t)
            if (p_hands & trump_mask & _above(x)) == 0:
                return 0, _bit(x)
    if _count_future(goal[G_SPLIT_TRICKS], trick_no, n_tricks_total) > 0:
        met = False
    if met and n_ex == 0:
        return 1, (rel_p if need > 0 else zero)
    if met and n_ex == 1 and need <= 0 and pairmask[leader]:
        # the one clause left is "win a trick with a card of ex": met now if the leader
        # may lead such a card that no one can beat (everyone else follows suit or holds
        # no trump; a trump above every other trump)
        cand = hands[leader] & ex & ~held_now
        if goal[G_LEAD0 + trick_no] != 0 and (hands[leader] & goal[G_LEAD0 + trick_no]):
            cand &= goal[G_LEAD0 + trick_no]
        for su in range(suit_masks.shape[0] - 1, -1, -1):   # (highest card ids first)
            sm = suit_masks[su]
            if (cand & sm) == 0:
                continue
            c = _highbit_index(cand & sm)       # (a lower one of the suit wins only if c does)
            if unplayed & ~hands[leader] & sm & _above(c):
                continue
            wins = True
            if (sm & trump_mask) == 0:
                for s in range(4):
                    if (s != leader and (hands[s] & sm) == 0
                            and (hands[s] & trump_mask) != 0):
                        wins = False
            if wins:
                return 1, _bit(c)
    if unplayed == 0:
        return 0, zero
    return -1, zero


@njit(cache=True, inline="always")
def _run_of(c, hand, unplayed, suit_masks, suit_of, card_class):
    """The cards of ``hand`` equivalent to ``c`` (same suit and class, no other card still
    out between them): the run ``_moves`` merged into the move ``c``."""
    run = _bit(c)
    sm = suit_masks[suit_of[c]]
    lo = c
    while True:
        below = unplayed & sm & (_bit(lo) - np.uint64(1))
        if below == 0:
            break
        nb = _highbit_index(below)
        if (hand & _bit(nb)) == 0 or card_class[nb] != card_class[c]:
            break
        run |= _bit(nb)
        lo = nb
    hi = c
    while True:
        above = unplayed & sm & _above(hi)
        if above == 0:
            break
        na = _lowbit_index(above)
        if (hand & _bit(na)) == 0 or card_class[na] != card_class[c]:
            break
        run |= _bit(na)
        hi = na
    return run


@_no_refcount_jit
def _search(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
            goal, card_class, held, n_tricks_total,
            tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, ctx, moves, ws, wsu, keys,
            kw, cbits, named, mk, tc, leader0, trick0, nplayed0, unplayed0, p_count0, prog0,
            target):
    """Can the searching pair force the goal with ``target`` counted tricks from this node?

    An iterative depth-first AND/OR search (numba cannot cache recursive functions), one
    card per ply. hands: (4,) uint64, mutated and restored; pairmask: (4,) bool, the
    searching pair's seats; tc: (n_tricks, 4) int64, cards of each trick by play position;
    ``unplayed``: cards not played before the current trick (those on the table included);
    trick: 0-based absolute trick index; p_count: counted tricks won so far; prog: goal
    progress bits. Work space per ply: ws (MAX_DEPTH, W_LEN) int64, wsu (MAX_DEPTH, U_LEN)
    uint64.

    Besides its value, every node returns the cards whose ranks its value depends on
    (``rel``): the winners of tricks contested within their suit, the cards behind a
    bound, the relevant cards of a table entry used, merged runs whole; an OR node that
    succeeds (an AND node that fails) keeps only the deciding child's cards. Trick starts
    are stored in the table for every position with the same relevant cards
    (``_closure``)."""
    stamp = ctx[C_STAMP]
    hs = trump if trump >= 0 else 0      # the table's hash suit (see TT_LEVELS)
    trump_mask = suit_masks[trump] if trump >= 0 else np.uint64(0)
    trump_top = -1
    for c in range(64):
        if trump_mask & _bit(c):
            trump_top = c
    d = 0
    ws[0, W_LEADER] = leader0
    ws[0, W_TRICK] = trick0
    ws[0, W_NPLAYED] = nplayed0
    ws[0, W_PCOUNT] = p_count0
    ws[0, W_PROG] = prog0
    wsu[0, U_UNPLAYED] = unplayed0
    phase = PH_ENTER
    r = False
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
                b, rel = _trick_start_bounds(hands, pairmask, pair_of, goal, n_tricks_total,
                                             trick_no, unplayed, need, prog, trump_mask,
                                             trump_top, leader, suit_masks, trump,
                                             held[trick_no + 1], must_trump)
                if b >= 0:
                    r = b == 1
                    phase = PH_RETURN
                    continue
                _rel_key(kw, hands, unplayed, suit_masks, card_class, cbits, leader, prog,
                         named)
                lo, lo_j, hi, hi_j, hint = _tt_lookup(tt_keys, tt_lo, tt_hi, tt_move,
                                                      tt_stamp, stamp, kw, tt_bits, unplayed,
                                                      suit_masks, hs, 2 + cbits)
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
            ws[d, W_N] = _moves(moves, d, hands, seat, leader, pair_of, legal, unplayed,
                                card_class, suit_masks, suit_of, trump, must_trump,
                                tc, trick_no, nplayed, hint, held, trick_no + 1, is_p,
                                goal[G_LEAD0 + trick_no] if nplayed == 0 else np.uint64(0),
                                goal[G_CAPTURE])
            ws[d, W_IDX] = 0
            phase = PH_NEXT
        elif phase == PH_NEXT:
            i = ws[d, W_IDX]
            if i >= ws[d, W_N]:
                r = ws[d, W_ISP] == 0
                rel = wsu[d, U_REL]
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, stamp, goal,
                              n_tricks_total, ws, wsu, keys, kw, d, r, -1, rel, suit_masks,
                              named, mk, cbits, hs, ctx)
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
            rel |= wsu[d, U_TWIN]
            hand = wsu[d, U_HAND]
            if rel & hand & suit_masks[suit_of[c]]:
                run = _run_of(c, hand, wsu[d, U_UNPLAYED], suit_masks, suit_of, card_class)
                if rel & run:
                    rel |= run
            if r == (ws[d, W_ISP] == 1):
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, stamp, goal,
                              n_tricks_total, ws, wsu, keys, kw, d, r, c, rel, suit_masks,
                              named, mk, cbits, hs, ctx)
                phase = PH_RETURN
            else:
                wsu[d, U_REL] |= rel
                # a later move of the same suit and class, with no relevant card at or
                # above either card, leads to a position of the same partition: same value
                if (named & _bit(c)) == 0:
                    sm = suit_masks[suit_of[c]]
                    rs = rel & sm
                    below = sm & ~named
                    if rs:
                        below &= (rs & (~rs + np.uint64(1))) - np.uint64(1)
                    if below & _bit(c):
                        m = below & hand
                        while m:
                            c2 = _lowbit_index(m)
                            m &= m - np.uint64(1)
                            if card_class[c2] == card_class[c]:
                                wsu[d, U_SKIP] |= _bit(c2)
                ws[d, W_IDX] += 1
                phase = PH_NEXT


@_no_refcount_jit
def _tt_store(tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, stamp, goal, n_tricks_total,
              ws, wsu, keys, kw, d, result, best, rel, suit_masks, named, mk, cbits, hs,
              ctx):
    """Record the value of the trick-start node at ply ``d`` as a bound on the extra
    counted tricks (see module doc), for every position with the same relevant cards
    (``_closure`` of ``rel``). Called at trick starts only (other plies are not stored)."""
    for i in range(KEY_WORDS):
        kw[i] = keys[d, i]
    need = ws[d, W_NEED]
    unplayed = wsu[d, U_UNPLAYED]
    clo = _closure(rel, unplayed, suit_masks, named)
    depth = _rel_mask(mk, unplayed, suit_masks, cbits, clo)
    k = _popcount(clo & suit_masks[hs])
    level = 0
    for lv in TT_LEVELS:
        if lv <= k:
            level = lv
    base, tag = _tt_hash(kw, _top_bits(kw, unplayed, suit_masks, hs, 2 + cbits, level),
                         level, tt_bits)
    stamp_tag = (stamp << 32) | tag
    slot = -1
    empty = -1
    for j in range(base, base + TT_BUCKET):
        if (tt_stamp[j] >> 32) != stamp:
            empty = j               # the first slot after this search's entries
            break
        if tt_stamp[j] != stamp_tag:
            continue
        if (tt_keys[j, TT_DEPTH] == depth and tt_keys[j, 4] == keys[d, 4]
                and tt_keys[j, 5] == keys[d, 5] and tt_keys[j, 6] == keys[d, 6]
                and tt_keys[j, 7] == keys[d, 7]
                and tt_keys[j, 0] == (keys[d, 0] & mk[0])
                and tt_keys[j, 1] == (keys[d, 1] & mk[1])
                and tt_keys[j, 2] == (keys[d, 2] & mk[2])
                and tt_keys[j, 3] == (keys[d, 3] & mk[3])):
            slot = j
            break
    if slot < 0:
        if empty >= 0:
            slot = empty
        else:
            ctx[C_REPL] += 1
            slot = base + (ctx[C_REPL] & (TT_BUCKET - 1))
        tt_stamp[slot] = stamp_tag
        for i in range(SEQ_WORDS):
            tt_keys[slot, i] = keys[d, i] & mk[i]
            tt_keys[slot, TT_MASK0 + i] = mk[i]
        for i in range(SEQ_WORDS, KEY_WORDS):
            tt_keys[slot, i] = keys[d, i]
        tt_keys[slot, TT_DEPTH] = depth
        tt_lo[slot] = -1
        tt_hi[slot] = _count_future(goal[G_COUNT_TRICKS], ws[d, W_TRICK], n_tricks_total)
        tt_move[slot] = -1
    if result:
        if need > tt_lo[slot]:
            tt_lo[slot] = need
    elif need - 1 < tt_hi[slot]:
        tt_hi[slot] = need - 1
    if best >= 0:
        tt_move[slot] = best


@njit(cache=True, error_model="numpy")
def _playout(hands0, pairmask, suit_of, suit_masks, trump, must_trump, pair_of, goal,
             card_class, held, n_tricks_total, tc0, leader, trick_no, nplayed, unplayed,
             moves):
    """Counted tricks the pair wins when every player plays the first card of the move
    ordering (a cheap guess for the first null-window target)."""
    hands = hands0.copy()
    tc = tc0.copy()
    count = 0
    while trick_no < n_tricks_total and unplayed != 0:
        while nplayed < 4:
            seat = (leader + nplayed) & 3
            led = tc[trick_no, 0] if nplayed > 0 else -1
            legal = _legal(hands[seat], led, suit_masks, suit_of, trump, must_trump)
            if legal == 0:
                return count
            _moves(moves, 0, hands, seat, leader, pair_of, legal, unplayed, card_class,
                   suit_masks, suit_of, trump, must_trump, tc, trick_no, nplayed, -1, held,
                   trick_no + 1, pairmask[seat],
                   goal[G_LEAD0 + trick_no] if nplayed == 0 else np.uint64(0), goal[G_CAPTURE])
            c = moves[0, 0]
            hands[seat] &= ~_bit(c)
            tc[trick_no, nplayed] = c
            nplayed += 1
        winning = tc[trick_no, 0]
        wpos = 0
        for i in range(4):
            c = tc[trick_no, i]
            unplayed &= ~_bit(c)
            if i > 0 and _beats(c, winning, suit_of, trump):
                winning = c
                wpos = i
        leader = (leader + wpos) & 3
        if pairmask[leader] and (goal[G_COUNT_TRICKS] >> np.uint64(trick_no)) & np.uint64(1):
            count += 1
        trick_no += 1
        nplayed = 0
    return count


@njit(cache=True, error_model="numpy")
def _held_masks(hold):
    """``(MAX_DEPTH,)`` uint64: entry t, the cards the searching pair may not play in trick t
    (1-based) while it has another legal card: those with ``hold[c] > t``."""
    held = np.zeros(MAX_DEPTH, dtype=np.uint64)
    for c in range(hold.shape[0]):
        for t in range(min(np.int64(hold[c]), MAX_DEPTH)):
            held[t] |= _bit(c)
    return held


@njit(cache=True, error_model="numpy")
def _solve(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
           goal, card_class, hold, n_tricks_total,
           tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, ctx, moves,
           tc, leader, trick_no, nplayed, unplayed, p_count, prog, lo, hi):
    """Largest target in ``lo..hi`` the pair can force (binary search of null-window
    searches sharing one table); ``lo - 1`` if not even ``lo``."""
    ctx[C_STAMP] += 1
    ws = np.zeros((MAX_DEPTH + 1, W_LEN), dtype=np.int64)
    wsu = np.zeros((MAX_DEPTH + 1, U_LEN), dtype=np.uint64)
    keys = np.zeros((MAX_DEPTH + 1, KEY_WORDS), dtype=np.uint64)
    mk = np.zeros(SEQ_WORDS, dtype=np.uint64)
    kw = np.zeros(KEY_WORDS, dtype=np.uint64)
    named = _named_cards(card_class, hold, suit_masks)
    held = _held_masks(hold)
    ncls = 0
    for c in range(card_class.shape[0]):
        if card_class[c] + 1 > ncls:
            ncls = card_class[c] + 1
    cbits = 0
    while (1 << cbits) < ncls:
        cbits += 1
    best = lo - 1
    mid = lo
    if hi > lo:
        # target stepping from a playout guess (DDS): null-window tests move up from the
        # guess while they succeed, down while they fail, all sharing one table
        g = p_count + _playout(hands, pairmask, suit_of, suit_masks, trump, must_trump,
                               pair_of, goal, card_class, held, n_tricks_total, tc, leader,
                               trick_no, nplayed, unplayed, moves)
        mid = min(max(g, lo), hi)
    while lo <= hi:
        if _search(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
                   goal, card_class, held, n_tricks_total,
                   tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, tt_bits, ctx, moves, ws, wsu, keys,
                   kw, cbits, named, mk, tc, leader, trick_no, nplayed, unplayed, p_count, prog,
                   mid):
            best = mid
            lo = mid + 1
            mid = lo
        else:
            hi = mid - 1
            mid = hi
    return best


# goal status for one (deal, goal) cell of a batch (see ``batch.solve_batch``)
GOAL_SEARCH = 0      # search it
GOAL_FALSE = 1       # known false without search (impossible)
GOAL_SKIP = 2        # not defined for this deal (left out): result -1


@njit(parallel=True, cache=True, error_model="numpy")
def _batch_kernel(deals, leader, trick_no, suit_of, suit_masks, trump, must_trump, pair_of,
                  n_tricks, goals, classes, holds, items, pairs, targets, tt_bits,
                  tt_keys, tt_lo, tt_hi, tt_move, tt_stamp, ctx, out, nodes, n_workers):
    """Search every (deal, goal) cell listed in ``items`` ((m, 2) int64) in parallel:
    ``n_workers`` workers (one per thread; numba's prange hands out fixed blocks of
    iterations, so a worker per thread deals the items itself) take the items in snake
    order, 0, 1, .., n-1, n-1, .., 1, 0, 0, 1, ..: listed longest first, the searches then
    balance. Worker ``w`` uses row ``w`` of the table arrays (kept between calls: the
    stamps in ``ctx`` tell old entries apart). ``out[i, j]``: the trick count for target
    -1, else 1/0; ``nodes[i, j]``: the search nodes it took."""
    moves = np.zeros((n_workers, MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    tc = np.zeros((n_workers, 16, 4), dtype=np.int64)
    hands_ws = np.zeros((n_workers, 4), dtype=np.uint64)
    pm_ws = np.zeros((n_workers, 4), dtype=np.bool_)
    for w in prange(n_workers):
        hands = hands_ws[w]
        pairmask = pm_ws[w]
        for q in range(items.shape[0]):
            r = q % (2 * n_workers)
            if (r if r < n_workers else 2 * n_workers - 1 - r) != w:
                continue
            i = items[q, 0]
            j = items[q, 1]
            unplayed = np.uint64(0)
            for s in range(4):
                hands[s] = deals[i, s]
                unplayed |= deals[i, s]
                pairmask[s] = pair_of[s] == pairs[j]
            k = _popcount(unplayed) // 4
            n0 = ctx[w, C_NODES]
            t = targets[i, j]
            if t < 0:
                lo, hi = 0, k          # max tricks
            else:
                lo, hi = t, t
            v = _solve(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
                       goals[i, j], classes[i, j], holds[i, j], n_tricks,
                       tt_keys[w], tt_lo[w], tt_hi[w], tt_move[w], tt_stamp[w],
                       tt_bits, ctx[w], moves[w], tc[w], leader, trick_no, 0, unplayed,
                       0, 0, lo, hi)
            if t < 0:
                out[i, j] = v
            else:
                out[i, j] = 1 if v == t else 0
            nodes[i, j] = ctx[w, C_NODES] - n0
