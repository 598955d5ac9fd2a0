"""The count search: how many points one side counts from a position, every card visible, all
other seats playing together against it (``engine/count_rules.py``).

The Skat solvers' way (Kupferschmid & Helmert 2006; ``spec/other-games.md`` §0): an alpha-beta
search over the points still to come, one card per ply, for any number of seats; a null window
at a threshold answers "does the side count k?" (``_count_test``), tests halving the range
left give the exact count (``_count_value``). The two entry kernels release the GIL: one
``CountSolver`` a thread searches deals side by side (``analysis/game_rounds.py``). The
transposition table holds, per position at a trick start (the cards each seat still holds
and the leader), a lower and an upper bound of the points still to come, so one entry serves
every window and every later test of the same deal. Cards of one hand that no other live
card separates in their suit, and that the count treats alike (``Count.card_classes``), are
merged: the search tries one of them. A trick start is cut at once when its bounds
(``count_bounds``: the points left, less what the other side surely takes) cannot reach the
window, and counted at once when the leader's side surely wins every trick left. Where
both sides have two seats or more, a lead that cut at a ply is tried first there next time
(a killer move).

Records (tuples of arrays and ints, as the goal search's):

- ``COUNT_RULES``: ``CountRules.record()``;
- ``COUNT``: ``Count.record()``;
- ``COUNT_TABLE``: ``(tt (size, 4) uint64, ctx (CTX_LEN,) int64)``, a thread's own: an
  entry's ``TT_KEY1``, ``TT_KEY2`` (``_pattern_key``), ``TT_STAMP`` (its search's stamp, 0
  none) and ``TT_BOUNDS`` (the lower and upper bound and the move, ``_tt_pack``), 32 bytes:
  a bucket of two entries is one cache line.
"""

from __future__ import annotations

import numpy as np

from ...jit import helper, kernel, kernel_no_refcount
from ...jit.bits import _bit, _lowbit_index, popcount
from ..count_rules import SPECIAL
from .count_bounds import (_cashing, _least_card, _live_terms, _sure_points,
                           _wins_the_rest)
from .count_moves import _gen_moves
from .count_play import (_after_trick, _available, _offer, _seat, _t_legal, _trick_value,
                         _window, _withholds)

CTX_LEN = 8
X_NODES = 0       # ctx: nodes searched
X_STAMP = 1       # ctx: the current search's stamp (entries of older stamps are empty)
X_HITS = 2        # ctx: table answers
X_CUTS = 3        # ctx: trick starts cut by the points left
X_LIMIT = 4       # ctx: stop when X_NODES passes it (0: no limit)
X_FIRST = 5       # ctx[X_FIRST + i]: cut-offs by the move tried (i + 1)-th (the third on: i = 2)
ABORT = -(1 << 40)
"""What a search returns when it passed its node limit (``X_LIMIT``)."""

DEPTH = 66        # plies: 64 cards and the root
# ws columns (int64 per ply)
W_SEAT, W_NPLAYED, W_LEADER, W_TRICK, W_ACC, W_ALPHA, W_BETA, W_BEST = 0, 1, 2, 3, 4, 5, 6, 7
W_IDX, W_N, W_ISMAX, W_ALPHA0, W_BETA0, W_BESTMOVE, W_REM = 8, 9, 10, 11, 12, 13, 14
W_WH, W_OFF = 15, 16    # the withheld flag; the offer (``_offer``) or -1 (``CountRules.withhold``)
W_LEN = 17
# wsu columns (uint64 per ply)
U_HASH, U_UNPLAYED, U_HAND, U_K2 = 0, 1, 2, 3
U_LEN = 4

INF = 1 << 30
# aux rows (int64 scratch of the search)
A_OWNER, A_SUF_POS, A_SUF_NEG, A_SCORES, A_RUN, A_SEATS, A_SUF_LEAST = 0, 1, 2, 3, 4, 5, 6
A_SUF_ALL = 7
A_KILL = 8        # per ply: the lead that last cut there (``_gen_moves``'s killer)
A_SUF_NEGL = 9
A_BASE = 10       # per suit: its first card id where its ids run in order of strength, else -1
A_LEN = 11


TT_KEY1, TT_KEY2, TT_STAMP, TT_BOUNDS = 0, 1, 2, 3     # ``COUNT_TABLE``'s entry columns
TABLE_CTX = 1                                           # ``COUNT_TABLE``'s ctx


def new_table(bits: int = 19) -> tuple:
    """A thread's ``COUNT_TABLE`` of ``2**bits`` entries (32 bytes each)."""
    return np.zeros((1 << bits, 4), np.uint64), np.zeros(CTX_LEN, np.int64)


@helper
def _tt_pack(lo, hi, move):
    """An entry's ``TT_BOUNDS`` word: ``lo`` and ``hi`` (int16 range) and ``move`` (-1 …
    63), 16, 16 and 8 bits."""
    return (np.uint64(lo & 0xFFFF) | (np.uint64(hi & 0xFFFF) << np.uint64(16)) |
            (np.uint64(move & 0xFF) << np.uint64(32)))


@helper
def _tt_unpack(w):
    """``(lo, hi, move)`` of a ``TT_BOUNDS`` word (``_tt_pack``)."""
    lo = np.int64(w & np.uint64(0xFFFF))
    hi = np.int64((w >> np.uint64(16)) & np.uint64(0xFFFF))
    mv = np.int64((w >> np.uint64(32)) & np.uint64(0xFF))
    return (lo - 65536 if lo >= 32768 else lo, hi - 65536 if hi >= 32768 else hi,
            mv - 256 if mv >= 128 else mv)


@helper
def _mix(x):
    """splitmix64's finalizer: every input bit moves every output bit."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@helper
def _suit_bases(order, order_len, base):
    """``base[s]``: suit ``s``'s weakest card id where its ids run up one by one in order of
    strength (``order[s, k] == base + k``: the suit's cards are then a window of the card
    masks, walked by their bits), else -1."""
    for su in range(order_len.shape[0]):
        b = order[su, 0] if order_len[su] < 64 else -1
        for k in range(order_len[su] if b >= 0 else 0):
            if order[su, k] != b + k:
                b = -1
                break
        base[su] = b


@helper
def _pattern_key(hands, n_seats, leader, cls, order, order_len, owner, st, base):
    """Two 64-bit hashes of a trick start up to the cards' identities: per suit, the owner
    and class of each card still held, in order of strength, the leader and the play-history
    state ``st`` (0 none: the withheld flag and the offer). Positions with
    the same pattern play alike (cards of one class count alike and are not special), so
    one table entry serves them all (DDS's relative ranks, with the count's classes)."""
    for s in range(n_seats):
        m = hands[s]
        while m:
            low = m & (~m + np.uint64(1))
            owner[popcount(low - np.uint64(1))] = s
            m ^= low
    held = np.uint64(0)
    for s in range(n_seats):
        held |= hands[s]
    h1 = _mix(np.uint64(leader) + np.uint64(0x9E3779B97F4A7C15))
    h2 = _mix(np.uint64(leader) ^ np.uint64(0xC2B2AE3D27D4EB4F))
    # each held card's code (its owner, 4 bits, and class, 7 bits: a special class is 64 +
    # its card) packed five to a word, a word mixed in at a time: no code is 0, so a word
    # tells how many codes it holds, and a suit's end mixes in a mark
    for su in range(order_len.shape[0]):
        word = np.uint64(0)
        nw = 0
        # the held cards of the suit from its weakest: a window's bits, else its order
        win = _window(held, base, order_len, su, -1)
        k = np.int64(0)
        while True:
            if base[su] >= 0:
                if win == 0:
                    break
                c = base[su] + _lowbit_index(win)
                win &= win - np.uint64(1)
            else:
                if k >= order_len[su]:
                    break
                c = order[su, k]
                k += 1
                if not held & _bit(c):
                    continue
            cl = cls[c] if cls[c] < SPECIAL else 64 + cls[c] - SPECIAL
            word = (word << np.uint64(11)) | np.uint64(owner[c] * 128 + cl + 1)
            nw += 1
            if nw == 5:
                h1 = _mix(h1 ^ word)
                h2 = _mix(h2 + word * np.uint64(0x9FB21C651E98DF25))
                word = np.uint64(0)
                nw = 0
        if nw > 0:
            h1 = _mix(h1 ^ word)
            h2 = _mix(h2 + word * np.uint64(0x9FB21C651E98DF25))
        h1 = _mix(h1 ^ np.uint64(0xABCDEF))
        h2 = _mix(h2 + np.uint64(0x1234567))
    if st != 0:
        h1 = _mix(h1 ^ np.uint64(st))
        h2 = _mix(h2 + np.uint64(st) * np.uint64(0x9FB21C651E98DF25))
    return h1, h2


@helper
def _tt_slot(tt, stamp, key2, key1):
    """The table index holding the position of keys (``key1``, ``key2``: ``_pattern_key``)
    for this stamp, or the one to write it to, negated minus one (``-(i + 1)``): a bucket of
    two, an entry of an older stamp replaced first, else the bucket's second."""
    mask = np.uint64(tt.shape[0] - 2)
    i = np.int64(key1 & mask)
    for j in range(i, i + 2):
        if tt[j, TT_STAMP] == stamp and tt[j, TT_KEY1] == key1 and tt[j, TT_KEY2] == key2:
            return j
    if tt[i, TT_STAMP] != stamp:
        return -(i + 1)
    return -(i + 2)


@kernel_no_refcount
def _count_ab(hands, side, rules, count, table, order, order_len, cls, ws, wsu, moves, aux,
              tc, leader0, trick0, nplayed0, unplayed0, wh0, off0, alpha, beta):
    """Fail-soft alpha-beta: the points the side (``side`` (n_seats,) bool) counts from the
    position to the end, exact when inside ``alpha`` … ``beta``, else a bound beyond it.

    ``hands``: (n_seats,) uint64, the cards each seat holds (mutated and restored); ``tc``:
    (n_tricks, n_seats) int64, the cards of trick ``trick0`` played so far by position
    (``nplayed0`` of them, ``leader0`` first); ``unplayed0``: the cards in no finished trick
    (the hands and the table); ``order``: (n_suits, 64) int64, each suit's card ids from the
    weakest, ``order_len`` their number; ``cls``: ``Count.card_classes``; ``ws``, ``wsu``,
    ``moves``, ``aux``: the work space (``DEPTH`` plies; ``aux`` (A_LEN, 65) int64 scratch),
    allocated by the caller: the search allocates nothing. ``wh0``, ``off0``: the
    withheld flag and the offer (``_offer``, -1 none) at the position (``CountRules.withhold``;
    the play-history state each ply carries, in the table's key while the card is held)."""
    n_seats = rules[0]
    wcard = rules[14]
    tt, ctx = table
    points, trick_points, trick_cards = count[:3]
    n_tricks = trick_points.shape[0]
    # the withholdable card (§3): the least offer of all (once reached no capture changes
    # it; with no card points in the count the offer gives nothing: always that one), and
    # whether the count's points rise with the offer's order (``_reduce_safe``)
    settled = np.int64(-1)
    mono = True
    if wcard >= 0:
        any_pts = False
        n_cards = rules[1].shape[0]
        for c in range(n_cards):
            any_pts = any_pts or points[c] != 0
            for c2 in range(n_cards):
                if rules[16][c] < rules[16][c2] and points[c] > points[c2]:
                    mono = False
        for c in range(n_cards):
            settled = _offer(settled, c, rules, points, mono)
        if not any_pts:
            off0 = settled
        elif mono and off0 >= 0:
            off0 = off0 & 65535             # the caller's offer packs offer_points too
    stamp = np.uint64(ctx[X_STAMP])
    owner = aux[A_OWNER]
    base = aux[A_BASE]
    _suit_bases(order, order_len, base)
    # two sides of two seats or more (belote's pairs): the lead that cut at a ply is tried
    # first there next time (on 40 belote deals 24 % fewer nodes; in the declarer games,
    # one seat against the rest, it costs nodes: there the ordering stays the heuristic's)
    n_side = 0
    for s in range(n_seats):
        n_side += 1 if side[s] else 0
    pairs = n_side >= 2 and n_seats - n_side >= 2
    # the most and least the trick terms from trick t on can add
    suf_pos = aux[A_SUF_POS]
    suf_neg = aux[A_SUF_NEG]
    # with no term tied to a card, each trick's term at least the least positive one left
    # (``suf_least``: 0 where any left is 0 or below) comes with a sure trick
    suf_least = aux[A_SUF_LEAST]
    suf_all = aux[A_SUF_ALL]
    # with no term tied to a card, each trick's term at most minus the least negative one
    # left (``suf_negl``, as a positive number: 0 where any left is 0 or above): so much
    # less for each sure trick of the side, more for each of the others' (Jókai's -2)
    suf_negl = aux[A_SUF_NEGL]
    for suf in (suf_pos, suf_neg, suf_least, suf_all, suf_negl):
        suf[n_tricks] = 0
    plain_terms = True
    one_named = np.int64(-1)    # the one trick term naming a card, none held (else -2)
    for t in range(n_tricks - 1, -1, -1):
        tp = np.int64(trick_points[t])
        suf_pos[t] = suf_pos[t + 1] + (tp if tp > 0 else 0)
        suf_neg[t] = suf_neg[t + 1] + (tp if tp < 0 else 0)
        plain_terms = plain_terms and trick_cards[t] == 0 and count[3][t] == 0
        if count[3][t] != 0 or (trick_cards[t] != 0 and one_named != -1):
            one_named = np.int64(-2)
        elif trick_cards[t] != 0:
            one_named = np.int64(t)
        suf_least[t] = max(tp, 0) if t == n_tricks - 1 else min(max(tp, 0), suf_least[t + 1])
        suf_negl[t] = max(-tp, 0) if t == n_tricks - 1 else min(max(-tp, 0), suf_negl[t + 1])
        suf_all[t] = suf_all[t + 1] + tp
    # a trick term that needs a card (pagátulti's I) is dead once no seat of the side holds
    # one: the bounds at a trick start then leave it out (``_live_terms``)
    named = False
    for t in range(n_tricks):
        if trick_cards[t] != 0 and trick_points[t] != 0:
            named = True
    least = _least_card(points, rules)
    # the withholdable card's holder may hand over one captured card, of a sure trick too
    slack = np.int64(0)
    if wcard >= 0:
        for c in range(points.shape[0]):
            slack = max(slack, np.int64(points[c]))
    rem0 = 0                # the points of every card in no finished trick
    m = unplayed0
    while m:
        low = m & (~m + np.uint64(1))
        rem0 += points[popcount(low - np.uint64(1))]
        m ^= low
    d = 0
    ws[0, W_LEADER] = leader0
    ws[0, W_TRICK] = trick0
    ws[0, W_NPLAYED] = nplayed0
    ws[0, W_ACC] = 0
    ws[0, W_ALPHA] = alpha
    ws[0, W_BETA] = beta
    ws[0, W_REM] = rem0
    ws[0, W_WH] = wh0
    ws[0, W_OFF] = off0
    wsu[0, U_UNPLAYED] = unplayed0
    phase = 0     # 0 enter, 1 next move, 2 return, 3 child returned
    r = 0
    while True:
        if phase == 0:
            ctx[X_NODES] += 1
            if ctx[X_LIMIT] > 0 and ctx[X_NODES] > ctx[X_LIMIT]:
                # give the hands back as they were and stop
                while d > 0:
                    d -= 1
                    hands[ws[d, W_SEAT]] = wsu[d, U_HAND]
                return ABORT
            leader = ws[d, W_LEADER]
            t = ws[d, W_TRICK]
            nplayed = ws[d, W_NPLAYED]
            acc = ws[d, W_ACC]
            a = ws[d, W_ALPHA]
            b = ws[d, W_BETA]
            unplayed = wsu[d, U_UNPLAYED]
            hint = np.int64(-1)
            if nplayed == 0:
                if unplayed == 0 or t >= n_tricks:
                    r = acc
                    phase = 2
                    continue
                weak = np.int64(-1)
                st = np.int64(0)
                given = 0
                if wcard >= 0 and (unplayed & _bit(wcard)) != 0:
                    if ws[d, W_WH] != 0:
                        weak = wcard
                    st = (ws[d, W_WH] << 40) | (ws[d, W_OFF] + 1)
                    if ws[d, W_OFF] >= 0:
                        given = abs((ws[d, W_OFF] & 65535) - 32768)
                if popcount(unplayed) == n_seats:     # the last trick plays itself
                    for i in range(n_seats):
                        tc[t, i] = popcount(hands[_seat(leader, i, n_seats)] - np.uint64(1))
                    _w, val, _c = _trick_value(tc, t, leader, side, rules, count, weak,
                                               ws[d, W_OFF])
                    r = acc + val
                    phase = 2
                    continue
                if _terms_follow(hands, side, leader, n_seats, t, plain_terms, one_named,
                                 count) and _wins_the_rest(hands, side, leader, unplayed,
                                                           rules, ws[d, W_WH], order,
                                                           order_len):
                    # every trick left to the leader's side: every point but the others'
                    # excuse, every term; or none but the side's own excuse
                    keep = 0
                    ex = rules[7]
                    if ex >= 0 and (unplayed & _bit(ex)) != 0:
                        for s in range(n_seats):
                            if (hands[s] & _bit(ex)) != 0 and side[s] != side[leader]:
                                keep = points[ex]
                    r = acc + (ws[d, W_REM] - keep + suf_all[t] if side[leader] else keep)
                    phase = 2
                    continue
                fmax = ws[d, W_REM] + suf_pos[t] + given
                fmin = suf_neg[t] - given
                if named:
                    fpos, fneg = _live_terms(hands, side, n_seats, t, trick_points, trick_cards)
                    fmax = ws[d, W_REM] + fpos + given
                    fmin = fneg - given
                s_side, s_other, n_sure, n_lost = _sure_points(
                    hands, side, leader, unplayed, rules, points, order, order_len, least,
                    aux[A_SEATS], base)
                c_pts, c_tricks = _cashing(hands, side, leader, unplayed, rules, points,
                                           order, order_len, least, base)
                if side[leader]:
                    s_side += c_pts
                else:
                    s_other += c_pts
                # the withholdable card's holder may give the last trick's winner a card of
                # his captures, one of those sure points too: at most the fewest points of
                # his captures so far (``given``, counted above) where the count's points
                # rise with the offer's order, else any card's (``slack``)
                sl_side = 0
                sl_other = 0
                if wcard >= 0 and (unplayed & _bit(wcard)) != 0 and \
                        not (mono and ws[d, W_OFF] >= 0):
                    for s in range(n_seats):
                        if (hands[s] & _bit(wcard)) != 0:
                            if side[s]:
                                sl_side = slack
                            else:
                                sl_other = slack
                fmax -= max(s_other - sl_other, 0)
                fmin += max(s_side - sl_side, 0)
                if plain_terms:
                    # the sure tricks' terms (``suf_least``, ``suf_negl``); the cashed
                    # tricks' only where positive: the leader may choose not to cash them
                    won = n_sure + (c_tricks if side[leader] else 0)
                    lost = n_lost + (0 if side[leader] else c_tricks)
                    fmax -= lost * suf_least[t] + n_sure * suf_negl[t]
                    fmin += won * suf_least[t] + n_lost * suf_negl[t]
                if acc + fmax <= a:
                    ctx[X_CUTS] += 1
                    r = acc + fmax
                    phase = 2
                    continue
                if acc + fmin >= b:
                    ctx[X_CUTS] += 1
                    r = acc + fmin
                    phase = 2
                    continue
                k1, k2 = _pattern_key(hands, n_seats, leader, cls, order, order_len, owner,
                                      st, base)
                wsu[d, U_HASH] = k1
                wsu[d, U_K2] = k2
                j = _tt_slot(tt, stamp, k2, k1)
                if j >= 0:
                    lo, hi, mv = _tt_unpack(tt[j, TT_BOUNDS])
                    if acc + lo >= b:
                        ctx[X_HITS] += 1
                        r = acc + lo
                        phase = 2
                        continue
                    if acc + hi <= a:
                        ctx[X_HITS] += 1
                        r = acc + hi
                        phase = 2
                        continue
                    hint = mv
            seat = _seat(leader, nplayed, n_seats)
            hand = hands[seat]
            legal = _t_legal(_available(hand, seat, rules), tc, t, nplayed, leader, rules,
                             ws[d, W_WH])
            ws[d, W_SEAT] = seat
            ws[d, W_ISMAX] = 1 if side[seat] else 0
            ws[d, W_BEST] = -INF if side[seat] else INF
            ws[d, W_BESTMOVE] = -1
            ws[d, W_ALPHA0] = a
            ws[d, W_BETA0] = b
            wsu[d, U_HAND] = hand
            reduce = True
            if wcard >= 0 and (unplayed & _bit(wcard)) != 0 and ws[d, W_OFF] != settled:
                reduce = _reduce_safe(hands, side, n_seats, wcard, mono)
            if legal != 0 and (legal & (legal - np.uint64(1))) == 0:
                moves[d, 0] = popcount(legal - np.uint64(1))      # one card: no choice
                ws[d, W_N] = 1
            else:
                killer = aux[A_KILL, d] if pairs and nplayed == 0 else np.int64(-1)
                ws[d, W_N] = _gen_moves(moves, d, legal, hands, seat, unplayed, tc, t,
                                        nplayed, leader, side, hint, rules, count, cls, order,
                                        order_len, aux[A_SCORES], aux[A_RUN], reduce,
                                        killer, base)
            ws[d, W_IDX] = 0
            phase = 1
        elif phase == 1:
            i = ws[d, W_IDX]
            if i >= ws[d, W_N]:
                r = ws[d, W_BEST]
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(table, ws, wsu, d, r, stamp)
                phase = 2
                continue
            c = moves[d, i]
            seat = ws[d, W_SEAT]
            hands[seat] = wsu[d, U_HAND] & ~_bit(c)
            t = ws[d, W_TRICK]
            nplayed = ws[d, W_NPLAYED]
            tc[t, nplayed] = c
            ws[d + 1, W_ALPHA] = ws[d, W_ALPHA]
            ws[d + 1, W_BETA] = ws[d, W_BETA]
            wh = ws[d, W_WH]
            off = ws[d, W_OFF]
            if wcard >= 0 and wh == 0:
                wh = _withholds(wsu[d, U_HAND], c, tc, t, nplayed, rules, wh)
            ws[d + 1, W_WH] = wh
            ws[d + 1, W_OFF] = off
            if nplayed + 1 < n_seats:
                ws[d + 1, W_LEADER] = ws[d, W_LEADER]
                ws[d + 1, W_TRICK] = t
                ws[d + 1, W_NPLAYED] = nplayed + 1
                ws[d + 1, W_ACC] = ws[d, W_ACC]
                ws[d + 1, W_REM] = ws[d, W_REM]
                wsu[d + 1, U_UNPLAYED] = wsu[d, U_UNPLAYED]
            else:
                winner, val, cards = _trick_value(tc, t, ws[d, W_LEADER], side, rules, count,
                                                  wcard if wh != 0 else np.int64(-1), off)
                if wcard >= 0:
                    ws[d + 1, W_WH], ws[d + 1, W_OFF] = _after_trick(hands, winner, cards, wh,
                                                                     off, rules, points, mono)
                tp = 0
                m = cards
                while m:
                    low = m & (~m + np.uint64(1))
                    tp += points[popcount(low - np.uint64(1))]
                    m ^= low
                ws[d + 1, W_LEADER] = winner
                ws[d + 1, W_TRICK] = t + 1
                ws[d + 1, W_NPLAYED] = 0
                ws[d + 1, W_ACC] = ws[d, W_ACC] + val
                ws[d + 1, W_REM] = ws[d, W_REM] - tp
                wsu[d + 1, U_UNPLAYED] = wsu[d, U_UNPLAYED] & ~cards
            d += 1
            phase = 0
        elif phase == 2:
            if d == 0:
                return r
            d -= 1
            phase = 3
        else:
            seat = ws[d, W_SEAT]
            hands[seat] = wsu[d, U_HAND]
            c = moves[d, ws[d, W_IDX]]
            cut = False
            if ws[d, W_ISMAX] == 1:
                if r > ws[d, W_BEST]:
                    ws[d, W_BEST] = r
                    ws[d, W_BESTMOVE] = c
                    if r > ws[d, W_ALPHA]:
                        ws[d, W_ALPHA] = r
                        cut = r >= ws[d, W_BETA]
            else:
                if r < ws[d, W_BEST]:
                    ws[d, W_BEST] = r
                    ws[d, W_BESTMOVE] = c
                    if r < ws[d, W_BETA]:
                        ws[d, W_BETA] = r
                        cut = r <= ws[d, W_ALPHA]
            if cut:
                ctx[X_FIRST + min(ws[d, W_IDX], 2)] += 1
                if ws[d, W_NPLAYED] == 0:
                    aux[A_KILL, d] = c
                r = ws[d, W_BEST]
                if ws[d, W_NPLAYED] == 0:
                    _tt_store(table, ws, wsu, d, r, stamp)
                phase = 2
            else:
                ws[d, W_IDX] += 1
                phase = 1


@helper
def _reduce_safe(hands, side, n_seats, wcard, mono):
    """May the move generator keep one card of a run by its points (``_gen_moves``) while
    the withholdable card's holder may still give a captured card? Where the count's points
    rise with the offer's order (``mono``: the card points themselves, a figure's cards of
    the most points; the card given is then one of the fewest points in the count) and the
    holder is alone on his side: the card of more points his side takes now costs it at
    most that much more in the offer; a partner of his taking the other card later could
    cost it more."""
    if not mono:
        return False
    for s in range(n_seats):
        if (hands[s] & _bit(wcard)) != 0:
            for s2 in range(n_seats):
                if s2 != s and side[s2] == side[s]:
                    return False
            return True
    return True


@helper
def _terms_follow(hands, side, leader, n_seats, t, plain_terms, one_named, count):
    """Where the leader's side wins every trick left (``_wins_the_rest``), does it count every
    trick term left? Yes with no term naming a card; with one (``one_named``: its trick, the
    pagátulti's last), where the leader, alone on his side, holds a card it names (he plays it
    to that trick and wins). The others' side winning them all counts no term: yes."""
    if plain_terms or not side[leader]:
        return True
    if one_named == -2:
        return False
    if one_named < t:
        return True
    for s in range(n_seats):
        if s != leader and side[s] and hands[s] != 0:
            return False
    return (hands[leader] & count[2][one_named]) != 0


@helper
def _tt_store(table, ws, wsu, d, r, stamp):
    """Store the value ``r`` of the trick start at ply ``d`` as bounds of the points still to
    come, against the window it was searched with; merged with what the entry held."""
    tt = table[0]
    fut = r - ws[d, W_ACC]
    key2 = wsu[d, U_K2]
    key1 = wsu[d, U_HASH]
    j = _tt_slot(tt, stamp, key2, key1)
    if j < 0:
        j = -j - 1
        tt[j, TT_KEY1] = key1
        tt[j, TT_KEY2] = key2
        tt[j, TT_STAMP] = stamp
        lo, hi, mv = np.int64(-32000), np.int64(32000), np.int64(-1)
    else:
        lo, hi, mv = _tt_unpack(tt[j, TT_BOUNDS])
    if r > ws[d, W_ALPHA0] and fut > lo:
        lo = fut
    if r < ws[d, W_BETA0] and fut < hi:
        hi = fut
    if ws[d, W_BESTMOVE] >= 0:
        mv = ws[d, W_BESTMOVE]
    tt[j, TT_BOUNDS] = _tt_pack(lo, hi, mv)


@kernel(nogil=True)
def _count_value(hands, side, rules, count, table, order, order_len, cls, leader, trick,
                 nplayed, tc, unplayed, wh, off, lo, hi, guess):
    """The exact count from the position, known to lie in ``lo`` … ``hi``: null-window tests
    sharing the table, the first at ``guess``, then halving what is left (each test's
    fail-soft bound narrows it further); ``ABORT`` past the node limit. ``table``'s stamp is
    the caller's."""
    ws = np.zeros((DEPTH, W_LEN), np.int64)
    wsu = np.zeros((DEPTH, U_LEN), np.uint64)
    moves = np.zeros((DEPTH, 64), np.int64)
    aux = np.zeros((A_LEN, 65), np.int64)
    aux[A_KILL] = -1
    g = min(max(guess, lo + 1), hi)
    while lo < hi:
        v = _count_ab(hands, side, rules, count, table, order, order_len, cls, ws, wsu, moves,
                      aux, tc, leader, trick, nplayed, unplayed, wh, off, g - 1, g)
        if v == ABORT:
            return v
        if v < g:
            hi = v
        else:
            lo = v
        g = (lo + hi + 1) // 2
    return lo


@kernel(nogil=True)
def _count_test(hands, side, rules, count, table, order, order_len, cls, leader, trick,
                nplayed, tc, unplayed, wh, off, k):
    """Does the side count at least ``k`` from the position? One null-window search: 1 or 0
    (``ABORT`` past the node limit)."""
    ws = np.zeros((DEPTH, W_LEN), np.int64)
    wsu = np.zeros((DEPTH, U_LEN), np.uint64)
    moves = np.zeros((DEPTH, 64), np.int64)
    aux = np.zeros((A_LEN, 65), np.int64)
    aux[A_KILL] = -1
    v = _count_ab(hands, side, rules, count, table, order, order_len, cls, ws, wsu, moves,
                  aux, tc, leader, trick, nplayed, unplayed, wh, off, k - 1, k)
    if v == ABORT:
        return v
    return np.int64(1) if v >= k else np.int64(0)


@kernel
def _legal_cards(hand, tc, trick, nplayed, leader, rules, wh):
    """The legal cards of ``hand`` at play position ``nplayed`` (a mask), its table piles'
    face-down cards left out (``_available``, as the search; ``wh``: the withholdable card
    is withheld); ``tc`` row ``trick`` is used as scratch past ``nplayed``."""
    seat = (leader + nplayed) % rules[0]
    return _t_legal(_available(hand, seat, rules), tc, trick, nplayed, leader, rules, wh)


@kernel
def _withholding(hand, c, tc, trick, nplayed, rules, wh):
    """Does playing ``c`` from ``hand`` withhold the withholdable card? (``_withholds``)"""
    return _withholds(hand, c, tc, trick, nplayed, rules, wh)


@kernel
def _finish_trick(tc, trick, leader, side, rules, count, weak, off):
    """The trick ``trick`` complete: ``(winner, points to the side, its cards)``; ``weak``,
    ``off``: the withheld card and the offer (``_trick_value``)."""
    return _trick_value(tc, trick, leader, side, rules, count, weak, off)
