"""Tricks a side surely wins from a trick start (after DDS ``QuickTricks.cpp``): the top
trump run's sure tricks, the leader's quick tricks, and quick tricks through the partner's
hand; after the lead, the trick the side to play surely wins. Each is a lower bound valid
for any trick-taking rules, and returns the cards it used (whose ranks the bound depends
on).
"""

from __future__ import annotations

import numpy as np

from ...jit.bits import _above, _bit, _highbit_index, popcount
from .tricks import _holder, _opponent_ruffs, _partner_of
from ...jit import kernel_no_refcount


@kernel_no_refcount
def _sure_tricks(hands, pair_of, unplayed, trump_mask, trump_top, lows_ok):
    """Tricks the holders of the top trump sequence will surely win, and their pair side.

    The k highest trumps still out, all held by one pair, win every trick they fall in; one
    hand's cards fall in distinct tricks and a trick holds at most 2 cards of a pair, so that
    pair wins at least max(k_hand1, k_hand2, ceil(k / 2)) of the remaining tricks. With
    ``lows_ok`` (the pair free to play any legal card: no held cards, no lead obligation),
    a hand's trumps below the run go under its partner's run cards in every trick both must
    trump in, so two run cards fall in one trick only once those are gone: the pair wins
    at least k_hand1 + min(k_hand2, lower trumps of hand 1) tricks (and the same the other
    way round; after DDS's later tricks, two top trumps in two hands).
    Returns ``(tricks, seat_of_top_holder, cards whose ranks the count used)``: the run,
    or none when the other pair holds no trump (the count then rests on trump lengths, which
    the table key fixes); (0, -1, 0) without trumps out."""
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
    k = popcount(run)
    best = (k + 1) // 2
    for s in range(4):
        best = max(best, popcount(hands[s] & run))
    if theirs and lows_ok:
        # a hand's lower trumps go under its partner's run cards in a trick both must
        # trump in, so the two crash only once those are gone (DDS's later tricks)
        for s in range(4):
            if pair_of[s] == pair_of[holder0]:
                for s2 in range(4):
                    if s2 != s and pair_of[s2] == pair_of[s]:
                        a = popcount(hands[s] & run)
                        b = popcount(hands[s2] & run)
                        low = popcount(hands[s] & tr) - a
                        best = max(best, a + min(b, low))
    if theirs == 0:
        # the other pair holds no trump: the count rests on trump lengths only
        return best, holder0, np.uint64(0)
    return best, holder0, run


@kernel_no_refcount
def _quick_tricks(hands, leader, pair_of, suit_masks, trump):
    """Tricks the leader can cash one after another, keeping the lead (DDS quick tricks):
    first its trumps above every other trump still out (everyone with a trump must follow),
    then in each side suit its cards above every other card of the suit, as long as each
    opponent either follows suit or has no trump left (a void partner holding a trump might
    have to ruff and take the lead, so the partner must follow too unless trumpless).
    A lower bound on the tricks the leader's pair wins, valid for any trick-taking rules.
    Returns ``(tricks, the cards whose ranks the count used)``: the cards the leader
    cashes (each wins its trick when played in that order, trumps first), but none of a
    suit (or the trumps) that no other hand holds: any card of it wins, so the count rests
    on suit lengths alone (DDS's winning ranks leave such a suit out too)."""
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
                q = popcount(mine_t)    # no one else holds a trump: no rank matters
            else:
                hi = _highbit_index(oth_t)
                top = mine_t & _above(hi)
                q = popcount(top)
                used |= top
        for s in range(4):
            if popcount(hands[s] & tm) > q:
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
        k = popcount(top)
        if k == 0:
            continue
        for s in range(4):
            if s == leader or (tr_any & _bit(s)) == 0:
                continue
            n = popcount(hands[s] & sm)
            if n < k:
                k = n
        drop = popcount(top) - k
        while drop > 0:             # the k cards cashed are the top ones
            top &= top - np.uint64(1)
            drop -= 1
        if oth_s:                   # (no one else holds the suit: no rank matters)
            used |= top
        q += k
    n_me = popcount(me)
    return (q if q < n_me else n_me), used


@kernel_no_refcount
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
    partner = _partner_of(leader, pair_of)
    if partner < 0 or popcount(hands[partner]) <= q:
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
        if not ok or _opponent_ruffs(hands, leader, pair_of, sm, tm):
            continue                    # (an opponent void in the suit may, or must, trump)
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



@kernel_no_refcount
def _trick_goes_to(hands, pair_of, leader, nplayed, tc, trick_no, suit_of, suit_masks, trump):
    """With ``nplayed`` (1..3) cards of the trick down: does the side of the hand to play
    surely win the trick (DDS's quick tricks for the second hand, for the third hand too)?
    It does when the best card it can put on the trick (the one winning now, its hands'
    top cards of the led suit, their top trumps when void in it) beats the best the
    opponents can (the one winning now, their top cards of the led suit, their top trumps
    when void in it). Returns ``(a seat of that side or -1, the cards whose ranks the answer
    used)``: that best card when it beats a card of its own suit, else none (suit
    lengths only)."""
    zero = np.uint64(0)
    me = (leader + nplayed) & 3
    y = pair_of[me]
    led = tc[trick_no, 0]
    ls = suit_of[led]
    sm = suit_masks[ls]
    tm = suit_masks[trump] if trump >= 0 else zero
    best_y = -1         # strength: 128 + card a trump, 64 + card the led suit
    best_o = -1
    for k in range(4):
        s = (leader + k) & 3
        if k < nplayed:
            c = tc[trick_no, k]
            v = c + (128 if suit_of[c] == trump else (64 if suit_of[c] == ls else -999))
        else:
            f = hands[s] & sm
            if f:
                v = _highbit_index(f) + (128 if ls == trump else 64)
            elif hands[s] & tm:
                v = _highbit_index(hands[s] & tm) + 128
            else:
                v = -1
        if pair_of[s] == y:
            best_y = max(best_y, v)
        else:
            best_o = max(best_o, v)
    if best_y < 0 or best_y < best_o:
        return -1, zero
    if best_o >= 0 and (best_o >> 6) == (best_y >> 6):
        return me, _bit(best_y & 63)
    return me, zero
