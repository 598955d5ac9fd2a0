"""One walk for many goals: the experiment of issue "the search", item 3. Not used by the
analysis; ``bench_joint_walk.py`` measures it against the separate searches.

A group of boolean goals of one searching pair, each of a single clause kind (captures
only, one existential only, or "capture any" only), is searched together on one deal. A
node's value is a mask (the goals the pair forces); the goals still open are passed down:
an OR node (the pair to play) tries its next move only for the goals no earlier move
proved, an AND node only for those no earlier move refuted. A table entry holds a proven
and a disproven mask; bounds are per goal, at trick starts; a node's relevant cards are
those of the children that decided some goal (all children's, once a goal went the other
way). Equivalent cards, table keys and partitions use one card class per card for the
whole group (the goals' classes combined, suit by suit).

Goals of these kinds have no progress that outlives them: a capture fails when a card to
capture goes to the opponents, an existential or "capture any" goal is met by the trick
that satisfies it. So an open goal's progress is always 0, and the table key is the
position's alone.

Why it is not adopted (``bench_joint_walk.py --samples 40``, default hand, 575 cells, 0
disagreements): goals whose card classes coincide (Banda x4, Vizi, ...) walked together take
0.977 of the separate searches' nodes (1.005 once the separate searches decide a card to
capture on the table, which this walk does not); every goal of a deal together 2.7x; one goal
under the combined classes alone 3.2x. Each search is small because equivalent cards merge,
and which cards are equivalent is the goal's own: joining goals of different classes loses
that, and goals of one class share about 2 % of their trees.
"""

from __future__ import annotations

import numpy as np

from royal_sim.engine.goal import G_CAPTURE, G_CAPTURE_ANY, G_EXIST1
from royal_sim.jit.bits import _bit, _lowbit_index
from royal_sim.engine.kernel.bounds import _trick_start_bounds
from royal_sim.jit import helper, kernel, kernel_no_refcount
from royal_sim.engine.kernel.moves import _draws_trumps, _moves, _same_partition, _with_run
from royal_sim.engine.kernel.table import (KEY_WORDS, MAX_CBITS, SEQ_WORDS, TT_BUCKET,
                                           TT_DEPTH, TT_LEVELS, TT_MASK0, _class_planes,
                                           _closure, _depth_cards, _level_bucket,
                                           _named_cards, _rel_key, _rel_mask)
from royal_sim.engine.kernel.tricks import _legal, _trick_winner
from royal_sim.engine.kernel.workspace import (C_CUT0, C_FIRST0, C_NODES, C_REPL, C_STAMP,
                                               C_TRICK0, C_TSTART, MAX_DEPTH)

PH_ENTER, PH_NEXT, PH_RETURN, PH_CHILD = 0, 1, 2, 3

# int64 work space columns
GW_LEADER, GW_TRICK, GW_NPLAYED, GW_SEAT, GW_ISP, GW_N, GW_IDX = range(7)
GW_IN, GW_CUR, GW_ACC, GW_PREP, GW_TP, GW_TD, GW_BEST, GW_OPEN = range(7, 15)
GW_LEN = 15
# uint64 work space columns
GU_UNPLAYED, GU_HAND, GU_RELALL, GU_RELCUT, GU_RELPRE, GU_TWIN, GU_SKIP = range(7)
GU_LEN = 7


@helper
def _gscan(tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, stamp_tag, kw, base, open_, p, dm,
           rel, mv, unplayed, suit_masks):
    for j in range(base, base + TT_BUCKET):
        v = tt_stamp[j]
        if v != stamp_tag:
            if (v >> 32) != (stamp_tag >> 32):
                break
            continue
        if (tt_keys[j, 4] != kw[4] or tt_keys[j, 5] != kw[5] or tt_keys[j, 6] != kw[6]
                or tt_keys[j, 7] != kw[7]):
            continue
        if ((kw[0] & tt_keys[j, TT_MASK0]) != tt_keys[j, 0]
                or (kw[1] & tt_keys[j, TT_MASK0 + 1]) != tt_keys[j, 1]
                or (kw[2] & tt_keys[j, TT_MASK0 + 2]) != tt_keys[j, 2]
                or (kw[3] & tt_keys[j, TT_MASK0 + 3]) != tt_keys[j, 3]):
            continue
        known = p | dm
        newp = tt_pm[j] & open_ & ~known
        newd = tt_dm[j] & open_ & ~known
        if newp | newd:
            p |= newp
            dm |= newd
            rel |= _depth_cards(tt_keys[j, TT_DEPTH], unplayed, suit_masks)
        if mv < 0 and tt_move[j] >= 0:
            mv = tt_move[j]
    return p, dm, rel, mv


@kernel_no_refcount
def _gstore(tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, tt_bits, stamp, keys, d, unplayed,
            pm, dm, best, rel, suit_masks, named, mk, cbits, hs, ctx):
    clo = _closure(rel, unplayed, suit_masks, named)
    depth = _rel_mask(mk, unplayed, suit_masks, cbits, clo)
    k = 0
    m = clo & suit_masks[hs]
    while m:
        m &= m - np.uint64(1)
        k += 1
    level = 0
    for lv in TT_LEVELS:
        if lv <= k:
            level = lv
    kw = keys[d]
    base, tag = _level_bucket(kw, unplayed, suit_masks, hs, 2 + cbits, level, tt_bits)
    stamp_tag = (stamp << 32) | tag
    slot = -1
    empty = -1
    for j in range(base, base + TT_BUCKET):
        if (tt_stamp[j] >> 32) != stamp:
            empty = j
            break
        if tt_stamp[j] != stamp_tag:
            continue
        if (tt_keys[j, TT_DEPTH] == depth and tt_keys[j, 4] == kw[4]
                and tt_keys[j, 5] == kw[5] and tt_keys[j, 6] == kw[6]
                and tt_keys[j, 7] == kw[7]
                and tt_keys[j, 0] == (kw[0] & mk[0])
                and tt_keys[j, 1] == (kw[1] & mk[1])
                and tt_keys[j, 2] == (kw[2] & mk[2])
                and tt_keys[j, 3] == (kw[3] & mk[3])):
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
            tt_keys[slot, i] = kw[i] & mk[i]
            tt_keys[slot, TT_MASK0 + i] = mk[i]
        for i in range(SEQ_WORDS, KEY_WORDS):
            tt_keys[slot, i] = kw[i]
        tt_keys[slot, TT_DEPTH] = depth
        tt_pm[slot] = 0
        tt_dm[slot] = 0
        tt_move[slot] = -1
    tt_pm[slot] |= pm
    tt_dm[slot] |= dm
    if best >= 0:
        tt_move[slot] = best


@kernel_no_refcount
def _search_group(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
                  goals, card_class, held, n_tricks_total,
                  tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, tt_bits, ctx, moves, ws, wsu,
                  keys, kw, cbits, named, mk, planes, tc, leader0, trick0, unplayed0, open0):
    """The goals of ``open0`` (bit g: row g of ``goals``) the pair can force from this trick
    start: a mask."""
    stamp = ctx[C_STAMP]
    hs = trump if trump >= 0 else 0
    trump_mask = suit_masks[trump] if trump >= 0 else np.uint64(0)
    trump_top = np.int64(-1)
    for c in range(64):
        if trump_mask & _bit(c):
            trump_top = c
    zero = np.uint64(0)
    d = np.int64(0)
    ws[0, GW_LEADER] = leader0
    ws[0, GW_TRICK] = trick0
    ws[0, GW_NPLAYED] = 0
    ws[0, GW_IN] = open0
    wsu[0, GU_UNPLAYED] = unplayed0
    phase = PH_ENTER
    rp = np.int64(0)
    rel = zero
    while True:
        if phase == PH_ENTER:
            ctx[C_NODES] += 1
            leader = ws[d, GW_LEADER]
            trick_no = ws[d, GW_TRICK]
            ctx[C_TRICK0 + trick_no] += 1
            nplayed = ws[d, GW_NPLAYED]
            unplayed = wsu[d, GU_UNPLAYED]
            open_ = ws[d, GW_IN]
            prep = np.int64(0)
            pred = np.int64(0)
            relpre = zero
            hint = -1
            if nplayed == 0:
                ctx[C_TSTART] += 1
                m = open_
                while m:
                    g = _lowbit_index(np.uint64(m))
                    m &= m - 1
                    b, rb = _trick_start_bounds(hands, pairmask, pair_of, goals[g],
                                                n_tricks_total, trick_no, unplayed, 0,
                                                np.int64(0), trump_mask, trump_top, leader,
                                                suit_masks, trump, held[trick_no + 1],
                                                must_trump)
                    if b == 1:
                        prep |= np.int64(1) << g
                        relpre |= rb
                    elif b == 0:
                        pred |= np.int64(1) << g
                        relpre |= rb
                open_ &= ~(prep | pred)
                if open_ == 0:
                    rp = prep
                    rel = relpre
                    phase = PH_RETURN
                    continue
                _rel_key(kw, hands, unplayed, suit_masks, card_class, planes, cbits, leader, 0,
                         named)
                for k in range(KEY_WORDS):
                    keys[d, k] = kw[k]
                n_hs = 0
                mh = unplayed & suit_masks[hs]
                while mh:
                    mh &= mh - np.uint64(1)
                    n_hs += 1
                tp = np.int64(0)
                td = np.int64(0)
                for level in TT_LEVELS:
                    if level > n_hs:
                        break
                    base, tag = _level_bucket(kw, unplayed, suit_masks, hs, 2 + cbits, level,
                                              tt_bits)
                    tp, td, relpre, hint = _gscan(tt_keys, tt_pm, tt_dm, tt_move, tt_stamp,
                                                  (stamp << 32) | tag, kw, base, open_, tp,
                                                  td, relpre, hint, unplayed, suit_masks)
                prep |= tp
                open_ &= ~(tp | td)
                if open_ == 0:
                    rp = prep
                    rel = relpre
                    phase = PH_RETURN
                    continue
            seat = (leader + nplayed) & 3
            hand = hands[seat]
            led = tc[trick_no, 0] if nplayed > 0 else -1
            legal = _legal(hand, led, suit_masks, suit_of, trump, must_trump)
            is_p = pairmask[seat]
            cap = zero
            draw = False
            m = open_
            while m:
                g = _lowbit_index(np.uint64(m))
                m &= m - 1
                cap |= goals[g, G_CAPTURE]
                draw = draw or _draws_trumps(goals[g])
            ws[d, GW_SEAT] = seat
            ws[d, GW_ISP] = 1 if is_p else 0
            ws[d, GW_PREP] = prep
            ws[d, GW_OPEN] = open_
            ws[d, GW_CUR] = open_
            ws[d, GW_ACC] = 0
            ws[d, GW_BEST] = -1
            wsu[d, GU_RELPRE] = relpre
            wsu[d, GU_HAND] = hand
            wsu[d, GU_RELALL] = 0
            wsu[d, GU_RELCUT] = 0
            wsu[d, GU_SKIP] = 0
            ws[d, GW_N] = _moves(moves, d, hands, seat, leader,
                                 (suit_of, suit_masks, trump, must_trump, pair_of), legal,
                                 unplayed, card_class, tc, trick_no, nplayed, hint, held,
                                 trick_no + 1, is_p, np.uint64(0), cap, draw)
            ws[d, GW_IDX] = 0
            phase = PH_NEXT
        elif phase == PH_NEXT:
            i = ws[d, GW_IDX]
            if i >= ws[d, GW_N]:
                cur = ws[d, GW_CUR]
                acc = ws[d, GW_ACC]
                if ws[d, GW_ISP] == 1:
                    ps = acc
                    ds = cur
                else:
                    ps = cur
                    ds = acc
                rels = wsu[d, GU_RELALL]
                if ws[d, GW_NPLAYED] == 0:
                    _gstore(tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, tt_bits, stamp, keys, d,
                            wsu[d, GU_UNPLAYED], ps, ds, ws[d, GW_BEST], rels, suit_masks,
                            named, mk, cbits, hs, ctx)
                rp = ws[d, GW_PREP] | ps
                rel = wsu[d, GU_RELPRE] | rels
                phase = PH_RETURN
                continue
            c = moves[d, i]
            if wsu[d, GU_SKIP] & _bit(c):
                ws[d, GW_IDX] += 1
                continue
            seat = ws[d, GW_SEAT]
            hands[seat] = wsu[d, GU_HAND] & ~_bit(c)
            trick_no = ws[d, GW_TRICK]
            nplayed = ws[d, GW_NPLAYED]
            tc[trick_no, nplayed] = c
            wsu[d, GU_TWIN] = 0
            ws[d, GW_TP] = 0
            ws[d, GW_TD] = 0
            cur = ws[d, GW_CUR]
            if nplayed < 3:
                ws[d + 1, GW_LEADER] = ws[d, GW_LEADER]
                ws[d + 1, GW_TRICK] = trick_no
                ws[d + 1, GW_NPLAYED] = nplayed + 1
                ws[d + 1, GW_IN] = cur
                wsu[d + 1, GU_UNPLAYED] = wsu[d, GU_UNPLAYED]
                d += 1
                phase = PH_ENTER
            else:
                winning, winner, tmask = _trick_winner(tc, trick_no, ws[d, GW_LEADER],
                                                       suit_of, trump)
                p_wins = pairmask[winner]
                wb = _bit(winning)
                for k in range(4):
                    c2 = tc[trick_no, k]
                    if c2 != winning and suit_of[c2] == suit_of[winning]:
                        wsu[d, GU_TWIN] = wb
                        break
                tp = np.int64(0)
                td = np.int64(0)
                m = cur
                while m:
                    g = _lowbit_index(np.uint64(m))
                    m &= m - 1
                    gb = np.int64(1) << g
                    if p_wins:
                        if (goals[g, G_EXIST1] & wb) or (goals[g, G_CAPTURE_ANY] & tmask):
                            tp |= gb
                    elif goals[g, G_CAPTURE] & tmask:
                        td |= gb
                ws[d, GW_TP] = tp
                ws[d, GW_TD] = td
                child = cur & ~(tp | td)
                if child == 0:
                    rp = np.int64(0)
                    rel = zero
                    phase = PH_CHILD
                else:
                    ws[d + 1, GW_LEADER] = winner
                    ws[d + 1, GW_TRICK] = trick_no + 1
                    ws[d + 1, GW_NPLAYED] = 0
                    ws[d + 1, GW_IN] = child
                    wsu[d + 1, GU_UNPLAYED] = wsu[d, GU_UNPLAYED] & ~tmask
                    d += 1
                    phase = PH_ENTER
        elif phase == PH_RETURN:
            if d == 0:
                return rp
            d -= 1
            phase = PH_CHILD
        else:  # PH_CHILD: the current move of node d has the value rp (cards rel)
            hands[ws[d, GW_SEAT]] = wsu[d, GU_HAND]
            c = moves[d, ws[d, GW_IDX]]
            hand = wsu[d, GU_HAND]
            rel = _with_run(rel | wsu[d, GU_TWIN], c, hand, wsu[d, GU_UNPLAYED], suit_masks,
                            suit_of, card_class)
            cur = ws[d, GW_CUR]
            childp = (ws[d, GW_TP] | rp) & cur
            if ws[d, GW_ISP] == 1:
                cut = childp
            else:
                cut = cur & ~childp
            wsu[d, GU_RELALL] |= rel
            if cut:
                ws[d, GW_ACC] |= cut
                cur &= ~cut
                ws[d, GW_CUR] = cur
                wsu[d, GU_RELCUT] |= rel
                ws[d, GW_BEST] = c
            if cur == 0:
                np_ = ws[d, GW_NPLAYED]
                ctx[C_CUT0 + np_] += 1
                if ws[d, GW_IDX] == 0:
                    ctx[C_FIRST0 + np_] += 1
                acc = ws[d, GW_ACC]
                relc = wsu[d, GU_RELCUT]
                if ws[d, GW_ISP] == 1:
                    ps = acc
                    ds = np.int64(0)
                else:
                    ps = np.int64(0)
                    ds = acc
                if np_ == 0:
                    _gstore(tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, tt_bits, stamp, keys, d,
                            wsu[d, GU_UNPLAYED], ps, ds, c, relc, suit_masks, named, mk,
                            cbits, hs, ctx)
                rp = ws[d, GW_PREP] | ps
                rel = wsu[d, GU_RELPRE] | relc
                phase = PH_RETURN
            else:
                wsu[d, GU_SKIP] |= _same_partition(c, rel, hand, named, suit_masks, suit_of,
                                                   card_class)
                ws[d, GW_IDX] += 1
                phase = PH_NEXT


@kernel
def solve_group(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of, goals,
                card_class, n_tricks_total, tt_keys, tt_pm, tt_dm, tt_move, tt_stamp,
                tt_bits, ctx, leader, trick_no, unplayed):
    """The goals (rows of ``goals``) the pair forces from this trick start, as a mask."""
    ctx[C_STAMP] += 1
    ctx[C_REPL] = 0
    n_goals = goals.shape[0]
    ws = np.zeros((MAX_DEPTH + 1, GW_LEN), dtype=np.int64)
    wsu = np.zeros((MAX_DEPTH + 1, GU_LEN), dtype=np.uint64)
    keys = np.zeros((MAX_DEPTH + 1, KEY_WORDS), dtype=np.uint64)
    mk = np.zeros(SEQ_WORDS, dtype=np.uint64)
    kw = np.zeros(KEY_WORDS, dtype=np.uint64)
    moves = np.zeros((MAX_DEPTH, 16), dtype=np.int64)
    tc = np.zeros((16, 4), dtype=np.int64)
    hold = np.zeros(card_class.shape[0], dtype=np.int8)
    named = _named_cards(card_class, hold, suit_masks)
    held = np.zeros(MAX_DEPTH, dtype=np.uint64)
    ncls = 0
    for c in range(card_class.shape[0]):
        if card_class[c] + 1 > ncls:
            ncls = card_class[c] + 1
    cbits = 0
    while (1 << cbits) < ncls:
        cbits += 1
    planes = np.zeros(2 + MAX_CBITS, dtype=np.uint64)
    _class_planes(planes, card_class, cbits)
    open0 = (np.int64(1) << n_goals) - 1
    return _search_group(hands, pairmask, suit_of, suit_masks, trump, must_trump, pair_of,
                         goals, card_class, held, n_tricks_total,
                         tt_keys, tt_pm, tt_dm, tt_move, tt_stamp, tt_bits, ctx, moves, ws,
                         wsu, keys, kw, cbits, named, mk, planes, tc, leader, trick_no, unplayed,
                         open0)
