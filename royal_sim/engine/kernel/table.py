"""The transposition table (after DDS ``TransTableL.cpp``), at trick starts only.

The key is rank-relative (``_rel_key``: each suit's sequence of holder and goal class, each
hand's suit lengths, leader, goal progress, holders of the cards the goal names); the value
lower/upper bounds on the extra counted tricks the pair can force while meeting the goal's
other clauses (-1 = those clauses cannot be forced), so one table serves every trick target
of a goal. An entry fixes only the holders of its *relevant* cards (DDS's winning ranks,
Ginsberg's partition search): every node returns the cards whose ranks its value used, and
the entry holds for every position with the same suit lengths and the same holders of the
top cards of each suit down to the lowest relevant one (``_closure``). Entries are filed by
the holders of the top 0/4/8 trumps they fix (``TT_LEVELS``).
A lookup hashes the position at every level first and prefetches those buckets, so that
their cache misses overlap; an entry (bounds and move included) is one 128-byte row.
"""

from __future__ import annotations

import numpy as np

from ..goal import G_COUNT_TRICKS
from ...jit.bits import FAST_PEXT, _bit, _highest_bits, _lowbit_index, pdep, pext, popcount, prefetch
from .tricks import _count_future, _holder
from .workspace import C_REPL, U_UNPLAYED, W_NEED, W_TRICK
from ...jit import helper, kernel, kernel_no_refcount


SEQ_WORDS = 4          # key words 0-3: each suit's sequence of (holder, goal class)
KEY_WORDS = 8          # 4: lengths of hands 0, 1; 5: lengths of hands 2, 3, leader, progress;
                       # 6: the goal's named cards still out; 7: their holders
MAX_PINNED = 32        # named cards whose holders word 7 can hold
TT_MASK0 = KEY_WORDS   # entry words 8-11: which sequence bits the entry fixes
TT_DEPTH = KEY_WORDS + SEQ_WORDS     # entry word 12: relevant cards per suit (5 bits each)
TT_VAL = TT_DEPTH + 1  # entry word 13: the bounds and the move, a byte each (lo + 1 in bits
                       # 0-7, hi + 1 in 8-15, move + 1 in 16-23), read with the key words
TT_WORDS = 16          # words 14-15 unused: 128-byte rows, two cache lines (``Tables``)
TT_BUCKET = 64        # slots of a bucket; the entries of the current search fill a prefix
                      # (a smaller bucket replaces entries the search would find again)
# An entry fixes the holders of the top k cards of the hash suit (the trump suit, else suit
# 0), k varying; it is filed under the largest level <= k with those holders hashed in, and
# a lookup probes each level.
TT_LEVELS = (0, 4, 8)
KW_BUCKETS = KEY_WORDS  # the key's array goes on with each level's bucket start and tag,
KW_LEN = KEY_WORDS + 2 * len(TT_LEVELS)  # as a lookup hashed them (``_tt_lookup``)


MAX_CBITS = 4          # class bits of a card in the key (``solver.check_key_fits``)
# _STRIDE[w, p]: bits p, p + w, p + 2w, ... of a word (plane p of w-bit fields)
_STRIDE = np.array([[sum(1 << i for i in range(p, 64, w)) if 0 < w and p < w else 0
                     for p in range(2 + MAX_CBITS)] for w in range(3 + MAX_CBITS)],
                   dtype=np.uint64)


@helper
def _class_planes(planes, card_class, cbits):
    """``planes[2 + b]`` (b < cbits): the cards whose goal class has bit b set (the key's
    class bits, ``_rel_key``); ``planes`` (2 + MAX_CBITS,) uint64."""
    for b in range(cbits):
        planes[2 + b] = 0
    for c in range(card_class.shape[0]):
        for b in range(cbits):
            if (card_class[c] >> b) & 1:
                planes[2 + b] |= _bit(c)


@helper
def _length_words(hands, unplayed, suit_masks, leader, prog):
    """Key words 4-5 (``_rel_key``): each hand's length in each suit, 4 bits, 8 bits a suit
    (hands 0 and 1 in word 4, hands 2 and 3 in word 5), then the leader and the progress."""
    la = np.uint64(0)
    lb = np.uint64(0)
    for s in range(suit_masks.shape[0]):
        m = unplayed & suit_masks[s]
        sh = np.uint64(8 * s)
        la |= (np.uint64(popcount(hands[0] & m))
               | (np.uint64(popcount(hands[1] & m)) << np.uint64(4))) << sh
        lb |= (np.uint64(popcount(hands[2] & m))
               | (np.uint64(popcount(hands[3] & m)) << np.uint64(4))) << sh
    return la, lb | (np.uint64(leader) << np.uint64(40)) | (np.uint64(prog) << np.uint64(42))


@helper
def _rel_key_pext(kw, hands, unplayed, suit_masks, card_class, planes, cbits, leader, prog,
                  named):
    """``_rel_key`` a suit at a time: each bit of a card's (holder, class) field is a plane
    of the cards (``planes``: bit 0 and bit 1 of the holder's seat number, the class bits of
    ``_class_planes``), packed in suit order by PEXT and spread to every w-th bit by PDEP.
    The sequence is gathered in a register and each word written once."""
    w = 2 + cbits
    h1 = hands[1] | hands[3]
    h2 = hands[2] | hands[3]
    planes[0] = h1
    planes[1] = h2
    per = 64 // w                   # cards a 64-bit chunk holds
    acc = np.uint64(0)              # the sequence word being filled, ``fill`` bits of it
    fill = 0
    wi = 0
    for s in range(suit_masks.shape[0]):
        m = unplayed & suit_masks[s]
        n = popcount(m)
        done = 0
        while done < n:
            k = min(per, n - done)
            nb = k * w
            lim = ~np.uint64(0) if nb == 64 else (np.uint64(1) << np.uint64(nb)) - np.uint64(1)
            if cbits == 0:
                v = (pdep(pext(h1, m) >> np.uint64(done), _STRIDE[2, 0] & lim)
                     | pdep(pext(h2, m) >> np.uint64(done), _STRIDE[2, 1] & lim))
            else:
                v = np.uint64(0)
                for p in range(w):
                    v |= pdep(pext(planes[p], m) >> np.uint64(done), _STRIDE[w, p] & lim)
            acc |= v << np.uint64(fill)     # (fill < 64 always)
            if fill + nb >= 64:
                kw[wi] = acc
                wi += 1
                acc = v >> np.uint64(64 - fill) if fill > 0 else np.uint64(0)
                fill += nb - 64
            else:
                fill += nb
            done += k
    for i in range(wi, SEQ_WORDS):
        kw[i] = acc
        acc = np.uint64(0)
    kw[4], kw[5] = _length_words(hands, unplayed, suit_masks, leader, prog)
    nm = named & unplayed
    kw[6] = nm
    kw[7] = 0
    if popcount(named) <= MAX_PINNED:
        kw[7] = pdep(pext(h1, nm), _STRIDE[2, 0]) | pdep(pext(h2, nm), _STRIDE[2, 1])


@helper
def _rel_key_loop(kw, hands, unplayed, suit_masks, card_class, planes, cbits, leader, prog,
                  named):
    """``_rel_key`` card by card (where the CPU has no fast PEXT)."""
    w = 2 + cbits
    for i in range(KEY_WORDS):
        kw[i] = 0
    pos = 0
    h1 = hands[1] | hands[3]        # bit 0 of the holder's seat number
    h2 = hands[2] | hands[3]        # bit 1
    one = np.uint64(1)
    for s in range(suit_masks.shape[0]):
        m = unplayed & suit_masks[s]
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
    kw[4], kw[5] = _length_words(hands, unplayed, suit_masks, leader, prog)
    kw[6] = named & unplayed
    if popcount(named) <= MAX_PINNED:
        m = named & unplayed
        pos = 0
        while m:
            c = _lowbit_index(m)
            m &= m - np.uint64(1)
            kw[7] |= np.uint64(_holder(hands, _bit(c))) << np.uint64(pos)
            pos += 2


# _rel_key(kw, hands, unplayed, suit_masks, card_class, planes, cbits, leader, prog, named):
# write the position's rank-relative key into ``kw`` (KEY_WORDS,) uint64.
#
# Words 0-3: each suit's sequence of (holder, goal class) in strength order, lowest first
# (DDS's relative ranks: which lower cards were played no longer matters), 2 + cbits bits a
# card: the holder's seat number, then its class; words 4-5: each hand's length in each suit
# (4 bits), the leader and the goal progress; word 6: the cards the goal names
# (``_named_cards``) still out; word 7: their holders, 2 bits each (0 when more than
# ``MAX_PINNED`` are named). A table entry fixes words 4-7 and only the sequence bits of its
# relevant cards (``_tt_store``). ``planes`` (2 + MAX_CBITS,) uint64: work space, its class
# planes set by ``_class_planes`` for this ``card_class`` once per search. Same key from
# both versions; PEXT/PDEP (a suit at a time) where the CPU has them fast, else card by card.
_rel_key = _rel_key_pext if FAST_PEXT else _rel_key_loop



@kernel_no_refcount
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
        n = popcount(m)
        k = popcount(m & rel)
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


@kernel_no_refcount
def _closure(rel, unplayed, suit_masks, named):
    """The relevant cards of a position (DDS's winning ranks, Ginsberg's partitions): in each
    suit every card still out from the lowest card of ``rel`` upwards (and of the goal's
    ``named`` cards, when too many for the key to fix their holders). Positions with the
    same holders (and classes) of these cards, of the named cards, and the same suit lengths
    in every hand have the same value: the other cards never win a trick against a card of
    their suit in the proof, so they are interchangeable small cards of one class."""
    out = np.uint64(0)
    r = rel & unplayed
    if popcount(named) > MAX_PINNED:
        r |= named & unplayed
    for s in range(suit_masks.shape[0]):
        m = r & suit_masks[s]
        if m:
            low = m & (~m + np.uint64(1))
            out |= unplayed & suit_masks[s] & ~(low - np.uint64(1))
    return out


@kernel_no_refcount
def _depth_cards(depth, unplayed, suit_masks):
    """The cards an entry with ``depth`` (see ``_rel_mask``) fixes in this position: the top
    k cards still out of each suit."""
    out = np.uint64(0)
    for s in range(suit_masks.shape[0]):
        k = np.int64((depth >> np.uint64(5 * s)) & np.uint64(31))
        if k == 0:
            continue
        out |= _highest_bits(unplayed & suit_masks[s], k)
    return out


@kernel
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


@helper
def _top_bits(kw, unplayed, suit_masks, hs, w, k):
    """Key sequence bits of the top ``k`` cards of suit ``hs`` (``k * w`` <= 64 bits)."""
    start = 0
    for s in range(hs):
        start += popcount(unplayed & suit_masks[s])
    start = (start + popcount(unplayed & suit_masks[hs]) - k) * w
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


@helper
def _tt_hash(kw, top, level, bits):
    h = (kw[4] * np.uint64(0x9E3779B97F4A7C15)) ^ (kw[5] * np.uint64(0xC2B2AE3D27D4EB4F)) ^ \
        (kw[6] * np.uint64(0x165667B19E3779F9)) ^ (kw[7] * np.uint64(0x94D049BB133111EB)) ^ \
        ((top + np.uint64(level)) * np.uint64(0xD6E8FEB86659FD93))
    h ^= h >> np.uint64(29)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    return np.int64(h >> np.uint64(64 - bits)) & ~np.int64(TT_BUCKET - 1), \
        np.int64((h >> np.uint64(8)) & np.uint64(0xFFFFFFFF))


@helper
def _level_bucket(kw, unplayed, suit_masks, hs, w, level, bits):
    """``(bucket start, tag)`` of a position's key ``kw`` at table level ``level``: the
    key's words 4-7 and the holders of the top ``level`` cards of the hash suit ``hs``."""
    return _tt_hash(kw, _top_bits(kw, unplayed, suit_masks, hs, w, level), level, bits)


@helper
def _tt_lookup(tt_keys, tt_stamp, stamp, kw, bits, unplayed, suit_masks, hs, w, need):
    """Every entry of the buckets that matches the position (same lengths, leader, progress
    and named cards; same holders of the entry's relevant cards) holds for it. Returns
    ``(lo, lo_slot, hi, hi_slot, move)``: the best lower and upper bounds with their slots
    (-1 if none) and a best-move hint. Where several entries answer the search's ``need``
    (a lower bound of at least ``need``, an upper one below it), the one that fixes the
    fewest cards is taken: the node then returns fewer relevant cards."""
    lo = -1
    lo_j = -1
    hi = 127
    hi_j = -1
    mv = -1
    n_hs = popcount(unplayed & suit_masks[hs])
    n_levels = 1
    while n_levels < len(TT_LEVELS) and n_hs >= TT_LEVELS[n_levels]:
        n_levels += 1
    # the buckets of all levels first, each prefetched, then scanned (their misses overlap);
    # one loop over the levels, so the scan is compiled into the search once; kw (KW_LEN,)
    # keeps the buckets between the two loops
    for i in range(n_levels):
        b, t = _level_bucket(kw, unplayed, suit_masks, hs, w, TT_LEVELS[i], bits)
        prefetch(tt_stamp, b)
        kw[KW_BUCKETS + 2 * i] = b
        kw[KW_BUCKETS + 2 * i + 1] = t
    for i in range(n_levels):
        lo, lo_j, hi, hi_j, mv = _tt_scan(tt_keys, tt_stamp,
                                          (stamp << 32) | np.int64(kw[KW_BUCKETS + 2 * i + 1]),
                                          kw, np.int64(kw[KW_BUCKETS + 2 * i]), lo, lo_j, hi,
                                          hi_j, mv, need)
    return lo, lo_j, hi, hi_j, mv


@helper
def _unpack_value(val):
    """``(lo, hi, move)`` of an entry's value word (``TT_VAL``)."""
    return (np.int64(val & np.uint64(255)) - 1,
            np.int64((val >> np.uint64(8)) & np.uint64(255)) - 1,
            np.int64((val >> np.uint64(16)) & np.uint64(255)) - 1)


@helper
def _pack_value(lo, hi, mv):
    """An entry's value word (``TT_VAL``) holding ``lo``, ``hi`` and ``move``."""
    return (np.uint64(lo + 1) | (np.uint64(hi + 1) << np.uint64(8))
            | (np.uint64(mv + 1) << np.uint64(16)))


@kernel_no_refcount
def _depth_sum(depth):
    """The number of cards an entry's ``depth`` (``_rel_mask``) fixes, over all suits.
    Compiled on its own: only ties between two answering entries reach it, and inlined at
    its four call sites it was 8 % of the search kernel's code."""
    t = np.int64(0)
    while depth:
        t += np.int64(depth & np.uint64(31))
        depth >>= np.uint64(5)
    return t


@helper
def _tt_scan(tt_keys, tt_stamp, stamp_tag, kw, base, lo, lo_j, hi,
             hi_j, mv, need):
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
        e_lo, e_hi, e_mv = _unpack_value(tt_keys[j, TT_VAL])
        if e_lo > lo and (lo < need or e_lo < need):
            lo = e_lo
            lo_j = j
        elif e_lo >= need and lo >= need and _depth_sum(tt_keys[j, TT_DEPTH]) < _depth_sum(
                tt_keys[lo_j, TT_DEPTH]):
            lo = e_lo       # (both answer: the one that fixes fewer cards)
            lo_j = j
        if e_hi < hi and (hi >= need or e_hi >= need):
            hi = e_hi
            hi_j = j
        elif e_hi < need and hi < need and _depth_sum(tt_keys[j, TT_DEPTH]) < _depth_sum(
                tt_keys[hi_j, TT_DEPTH]):
            hi = e_hi
            hi_j = j
        if mv < 0 and e_mv >= 0:
            mv = e_mv
    return lo, lo_j, hi, hi_j, mv


@kernel_no_refcount
def _tt_store(thr, stamp, goal, n_tricks_total, d, result, best, rel, suit_masks, named,
              cbits, hs):
    """Record the value of the trick-start node at ply ``d`` as a bound on the extra
    counted tricks (see module doc), for every position with the same relevant cards
    (``_closure`` of ``rel``). Called at trick starts only (other plies are not stored).
    ``thr``: the search's work arrays (``workspace.THREAD_RECORD``)."""
    tt_keys, tt_stamp, tt_bits, ctx, _, ws, wsu, keys, kw, mk, _ = thr
    for i in range(KEY_WORDS):
        kw[i] = keys[d, i]
    need = ws[d, W_NEED]
    unplayed = wsu[d, U_UNPLAYED]
    clo = _closure(rel, unplayed, suit_masks, named)
    depth = _rel_mask(mk, unplayed, suit_masks, cbits, clo)
    k = popcount(clo & suit_masks[hs])
    level = 0
    for lv in TT_LEVELS:
        if lv <= k:
            level = lv
    base, tag = _level_bucket(kw, unplayed, suit_masks, hs, 2 + cbits, level, tt_bits)
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
        e_lo, e_hi, e_mv = -1, _count_future(goal[G_COUNT_TRICKS], ws[d, W_TRICK],
                                             n_tricks_total), -1
    else:
        e_lo, e_hi, e_mv = _unpack_value(tt_keys[slot, TT_VAL])
    if result:
        if need > e_lo:
            e_lo = need
    elif need - 1 < e_hi:
        e_hi = need - 1
    if best >= 0:
        e_mv = best
    tt_keys[slot, TT_VAL] = _pack_value(e_lo, e_hi, e_mv)
