"""Trick-start bounds: at every trick start, is the goal already met, or no longer possible?

Not enough counted tricks left; sure tricks of the top trump run and quick tricks of the
side on lead (``quick_tricks.py``) and a trick the other side surely wins (``later_tricks.py``)
against the tricks the goal needs; a pair wins at most
one trick per trump plus the fewest non-trumps of any hand; a required card no longer in
the pair's hands (and Hall's count: a card of its own for each required trick); trump
counts against tricks to be won without high trumps (``_too_many_over``, and a hand void in
a suit keeps its trumps to a suit-card trick, ``_suits_blocked``); an opponent's trump to
capture above all the pair's trumps; every suit of the pair's cards of E stopped by an
opponent's higher cards of it (``_stopped_suits``); met when the one clause left is "win a
trick with a card of E" and the pair's leader may lead an E card no one can beat.

The cuts every goal meets are inlined into ``_trick_start_bounds``; those only some goals
reach (the existential clauses, the counts on required tricks) are kernels of their own,
called only when the goal has such a clause: inlined, they doubled the bounds' compile
time (numba copies and types a helper's code at each call site).
"""

from __future__ import annotations

import numpy as np

from ..goal import (G_CAPTURE, G_CAPTURE_ANY, G_COUNT_TRICKS, G_EXIST1, G_EXIST2, G_LEAD0,
                    G_RUN_LEN, G_RUN_MASK, G_SPLIT_TRICKS, G_TRICK0)
from ...jit.bits import _above, _bit, _highbit_index, _highest_bits, _lowbit_index, popcount
from .later_tricks import _later_trick
from .quick_tricks import _pair_quick_tricks, _quick_tricks, _sure_tricks
from .tricks import P_ANY, P_EXIST1, P_EXIST2, P_RUN_DONE, P_RUN_SHIFT, _count_future
from ...jit import helper, kernel_no_refcount


@helper
def _req_top_trump(req, trump_mask, unplayed):
    """The highest trump still out that a trick requirement ``req`` lets win the trick;
    -1 if none, -2 if no requirement."""
    if req == 0:
        return -2
    tm = req & trump_mask & unplayed
    if tm == 0:
        return -1
    return _highbit_index(tm)


@helper
def _too_many_over(hands, h, q, left, trump_mask, unplayed):
    """Does some hand hold more trumps above ``h`` (all trumps if ``h`` = -1) than it can
    play outside ``q`` of the ``left`` tricks (one card a trick)? Returns ``(that, the
    cards the answer used)``: with ``h`` = -1 (or more tricks asked for than left) suit
    lengths only; else the lowest of the ``left - q + 1`` top trumps of such a hand (the
    holders of the trumps from it up show the hand holds that many above ``h``), of the
    hands the one whose card is highest (it fixes the fewest)."""
    zero = np.uint64(0)
    if h >= 0:
        over = trump_mask & unplayed & _above(h)
    else:
        over = trump_mask & unplayed
    k = left - q + 1                # trumps above h that cannot all be kept out
    if k <= 0:
        return True, zero
    found = False
    low = -1
    for s in range(4):
        m = hands[s] & over
        if popcount(m) >= k:
            if h < 0:
                return True, zero
            c = _lowbit_index(_highest_bits(m, k))
            if not found or c > low:
                low = c
            found = True
    if not found:
        return False, zero
    return True, _bit(low)


@kernel_no_refcount
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
            if (hands[s] & sm) == 0 and popcount(hands[s] & trump_mask) > room:
                blocked = True
                break
        if not blocked:
            return False
    return True


@helper
def _required_tricks_cut(hands, goal, n_tricks_total, trick_no, unplayed, p_hands, left,
                         trump_mask, suit_masks, trump, must_trump):
    """The goal's required tricks ("the pair wins trick t with a card of R") still ahead:
    a required card no longer in the pair's hands, else the counts of
    ``_required_tricks_count_cut``. Returns ``(cut, cards the cut used, required tricks
    left, a lead obligation ahead)``."""
    zero = np.uint64(0)
    n_req = np.int64(0)    # typed, not a literal: one compiled callee, not two
    lead_rule = False
    req_cards = zero
    for t in range(trick_no, n_tricks_total):
        if goal[G_LEAD0 + t] != 0:
            lead_rule = True
        req = goal[G_TRICK0 + t]
        if req != 0:
            n_req += 1
            req_cards |= req
            if (req & p_hands) == 0:
                return True, zero, n_req, lead_rule
    if n_req == 0:
        return False, zero, n_req, lead_rule
    cut, rel = _required_tricks_count_cut(hands, goal, n_tricks_total, trick_no, unplayed,
                                          p_hands, left, trump_mask, suit_masks, trump,
                                          must_trump, n_req, req_cards)
    return cut, rel, n_req, lead_rule


@kernel_no_refcount
def _required_tricks_count_cut(hands, goal, n_tricks_total, trick_no, unplayed, p_hands,
                               left, trump_mask, suit_masks, trump, must_trump, n_req,
                               req_cards):
    """``n_req`` > 0 required tricks ahead, every one with a card of the pair: Hall's count
    (a card of its own for each required trick); a trump above every trump a required trick
    lets win beats its winner (``_too_many_over``); a suit-card trick whose suits are
    blocked (``_suits_blocked``). Returns ``(cut, cards the cut used)``. Compiled on its
    own (not inlined): only goals with required tricks reach it, and the trick-start bounds
    compile in half the time."""
    zero = np.uint64(0)
    # each required trick takes its own card of the pair (Hall's condition, whole set)
    if popcount(req_cards & p_hands) < n_req:
        return True, zero
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
            over, rel = _too_many_over(hands, h, q, left, trump_mask, unplayed)
            if over:
                return True, rel
            if h == -1 and must_trump:
                # won by a suit card: that suit is led and no tarokk falls in the
                # trick; each suit of the pair's candidate cards may be blocked
                # (``_suits_blocked``, with the t - trick_no tricks before trick t)
                if _suits_blocked(hands, goal[G_TRICK0 + t] & p_hands, t - trick_no,
                                  suit_masks, trump_mask, trump):
                    return True, zero
    return False, zero


@helper
def _trick_count_cut(hands, pairmask, pair_of, need, counted_left, left, unplayed,
                     trump_mask, trump_top, leader, suit_masks, trump, held_now, lead_rule,
                     must_trump):
    """The tricks each side surely wins: the top trump run (``_sure_tricks``), at most one
    trick per trump plus the fewest suit cards of any hand, quick tricks of the side on
    lead (the pair's own count only cards it may cash now, and none while a lead obligation
    is ahead). Returns ``(cut, cards the cut used, sure_p, rel_p, sure_o, rel_o, qt_o,
    rel_q)``: the pair's sure counted tricks beyond the uncounted ones and the opponents'
    sure tricks and quick tricks, each with the cards behind it."""
    zero = np.uint64(0)
    sure_p = 0
    sure_o = 0
    qt_o = 0
    rel_p = zero
    rel_o = zero
    rel_q = zero
    uncounted = left - counted_left
    if trump_top >= 0:
        # (the pair's lower trumps are counted as free to play only without restrictions)
        sure, holder, run = _sure_tricks(hands, pair_of, unplayed, trump_mask, trump_top,
                                          held_now == 0 and not lead_rule)
        if sure > 0:
            if pairmask[holder]:
                sure_p = sure - uncounted
                rel_p = run
            else:
                sure_o = sure
                rel_o = run
                if need > counted_left - max(0, sure - uncounted):
                    return True, run, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q
    if trump_mask != 0:
        # a pair wins at most one trick per tarokk it holds plus the tricks no tarokk
        # falls in, and in those every hand plays a suit card: at most the fewest suit
        # cards of any hand (suit lengths only)
        t_max = 0
        t_p = 0
        for s in range(4):
            k = popcount(hands[s] & trump_mask)
            if k > t_max:
                t_max = k
            if pairmask[s]:
                t_p += k
        t_o = popcount(unplayed & trump_mask) - t_p
        p_max = min(left, t_p + left - t_max)
        o_max = min(left, t_o + left - t_max)
        if need > p_max:
            return True, zero, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q
        if left - o_max - uncounted > sure_p:
            sure_p = left - o_max - uncounted
            rel_p = zero
        if left - p_max > sure_o:
            sure_o = left - p_max
            rel_o = zero
            if need > counted_left - max(0, sure_o - uncounted):
                return True, zero, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q
    if sure_o == 0 or sure_p <= 0:
        # a trick the other side surely wins (``later_tricks.py``); the pair's own only
        # while it may play any legal card
        s1, rel1 = _later_trick(hands, pair_of, unplayed, trump_mask, leader, suit_masks,
                                must_trump, left)
        if s1 >= 0:
            if pairmask[s1]:
                if held_now == 0 and not lead_rule and 1 - uncounted > sure_p:
                    sure_p = 1 - uncounted
                    rel_p = rel1
            elif sure_o == 0:
                sure_o = 1
                rel_o = rel1
                if need > counted_left - max(0, 1 - uncounted):
                    return True, rel1, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q
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
                return True, qcards, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q
    return False, zero, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q


@helper
def _stopped_suits(hands, pairmask, ex, p_hands, unplayed, suit_masks, trump):
    """Can no suit card of ``ex`` the pair holds ever win a trick (the pair holding no
    tarokk of ``ex``)? A suit is stopped by an opponent who holds, above each ``ex`` card of
    the pair in it, at least as many cards of it as each hand of the pair with such a card
    holds of it. He plays one of those in every trick of the suit (highest first), parts
    with a card of it in another trick only when all his cards are of it (the lowest
    first), and so has one above the pair's card in every trick of the suit the pair's card
    is in: each trick of the suit takes one card of it from him and from that hand of the
    pair, and when all his cards are of the suit, that hand has fewer cards left than he
    had. Each opponent stops one suit at most (an opponent stopping a suit for each hand of
    the pair could need to keep more cards than he holds; the suits of one hand of the
    pair would do, but that rarely adds a cut). Returns ``(stopped, the cards from the
    pair's lowest ``ex`` card of each suit up: the ranks the answer used)``. Which hands of
    the pair hold ``ex`` cards is then alike in every position the answer is stored for:
    below that card the pair holds only cards of another class, and every table entry fixes
    the holders of each suit's cards outside its most common class (``_named_cards``),
    so of the ``ex`` cards or of those."""
    zero = np.uint64(0)
    mine = ex & p_hands
    if mine == 0 or trump >= 0 and (mine & suit_masks[trump]) != 0:
        return False, zero
    n = 0               # suits to stop (two at most: one per opponent)
    first = 0           # the opponents who could stop the first of them (seat bits)
    rel = zero
    for su in range(suit_masks.shape[0]):
        sm = suit_masks[su]
        top = mine & sm
        if top == 0:
            continue
        c = _highbit_index(top)
        need = 0
        for s in range(4):
            if pairmask[s] and (hands[s] & top) != 0:
                k = popcount(hands[s] & sm)
                if k > need:
                    need = k
        ok = 0
        for o in range(4):
            if not pairmask[o]:
                m = hands[o] & sm
                if popcount(m & _above(c)) >= need:
                    ok |= 1 << o
        if ok == 0 or n == 2:
            return False, zero
        if n == 1 and ok == first and popcount(ok) == 1:
            return False, zero      # one opponent for both suits
        first = ok
        n += 1
        low = _lowbit_index(top)
        rel |= unplayed & sm & (_above(low) | _bit(low))
    return True, rel


@helper
def _exist_pending(goal, prog, i):
    """Is the goal's existential clause ``i`` (0, 1) still to be met?"""
    return goal[G_EXIST1 + i] != 0 and (prog & (P_EXIST1 if i == 0 else P_EXIST2)) == 0


@kernel_no_refcount
def _existential_cut(hands, pairmask, goal, prog, p_hands, unplayed, left, trump_mask,
                     suit_masks, trump):
    """The pending "win some trick with a card of E" clauses: an E no longer in the pair's
    hands, too many trumps above E's top trump to keep out of the tricks they need
    (``_too_many_over``), or every suit of the pair's E cards stopped by an opponent
    (``_stopped_suits``). Returns ``(cut, cards the cut used, clauses pending, the last
    pending one's mask)``. Compiled on its own (not inlined): the trick-start bounds compile
    in half the time, and goals with no existential clause never call it."""
    zero = np.uint64(0)
    n_ex = 0
    ex = zero
    ex1 = goal[G_EXIST1]
    if _exist_pending(goal, prog, 0):
        if (ex1 & p_hands) == 0:
            return True, zero, n_ex, ex
        n_ex += 1
        ex = ex1
    ex2 = goal[G_EXIST2]
    if _exist_pending(goal, prog, 1):
        if (ex2 & p_hands) == 0:
            return True, zero, n_ex, ex
        n_ex += 1
        ex = ex2
    if trump_mask != 0 and n_ex > 0:
        # each pending "wins some trick with a card of E" needs a trick of its own (the
        # masks are disjoint) with no trump above E's top trump in it (as above)
        h1 = _req_top_trump(ex1, trump_mask, unplayed) if (prog & P_EXIST1) == 0 else -2
        h2 = _req_top_trump(ex2, trump_mask, unplayed) if (prog & P_EXIST2) == 0 else -2
        for h in (h1, h2):
            if h == -2:
                continue
            q = (1 if h1 != -2 and h1 <= h else 0) + (1 if h2 != -2 and h2 <= h else 0)
            over, rel = _too_many_over(hands, h, q, left, trump_mask, unplayed)
            if over:
                return True, rel, n_ex, ex
    for i in range(2):
        if _exist_pending(goal, prog, i):
            stopped, rel = _stopped_suits(hands, pairmask, goal[G_EXIST1 + i], p_hands,
                                          unplayed, suit_masks, trump)
            if stopped:
                return True, rel, n_ex, ex
    return False, zero, n_ex, ex


@helper
def _unbeatable_lead(hands, leader, ex, held_now, lead_mask, unplayed, suit_masks,
                     trump_mask):
    """A card of ``ex`` the leader may lead that no one can beat (everyone else follows
    suit or holds no trump; a trump above every other trump), or -1."""
    cand = hands[leader] & ex & ~held_now
    if lead_mask != 0 and (hands[leader] & lead_mask):
        cand &= lead_mask
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
            return c
    return -1


@kernel_no_refcount
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
    cut, rel, n_req, lead_rule = _required_tricks_cut(
        hands, goal, n_tricks_total, trick_no, unplayed, p_hands, left, trump_mask,
        suit_masks, trump, must_trump)
    if cut:
        return 0, rel
    sure_p = 0
    rel_p = zero        # cards behind sure_p
    if need > 0 or n_req > 0:       # the trick bounds serve only these
        cut, rel, sure_p, rel_p, sure_o, rel_o, qt_o, rel_q = _trick_count_cut(
            hands, pairmask, pair_of, need, counted_left, left, unplayed, trump_mask,
            trump_top, leader, suit_masks, trump, held_now, lead_rule, must_trump)
        if cut:
            return 0, rel
        if n_req > 0:
            # the opponents' sure tricks leave too few tricks for the required ones
            if sure_o > 0 and n_req > left - sure_o:
                return 0, rel_o
            # the opponents lead and can cash the next tricks: a requirement among them
            if qt_o > 0:
                for t in range(trick_no, min(trick_no + qt_o, n_tricks_total)):
                    if goal[G_TRICK0 + t] != 0:
                        return 0, rel_q
    met = (need <= 0 or need <= sure_p) and n_req == 0
    n_ex = 0
    ex = zero
    if _exist_pending(goal, prog, 0) or _exist_pending(goal, prog, 1):
        # (out of line: only goals with an existential clause pending pay the call)
        cut, rel, n_ex, ex = _existential_cut(hands, pairmask, goal, prog, p_hands, unplayed,
                                              left, trump_mask, suit_masks, trump)
        if cut:
            return 0, rel
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
        if cur + popcount(goal[G_RUN_MASK] & p_hands) < run_len:
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
        # may lead such a card that no one can beat
        c = _unbeatable_lead(hands, leader, ex, held_now, goal[G_LEAD0 + trick_no], unplayed,
                             suit_masks, trump_mask)
        if c >= 0:
            return 1, _bit(c)
    if unplayed == 0:
        return 0, zero
    return -1, zero
