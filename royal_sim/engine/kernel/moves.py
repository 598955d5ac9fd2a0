"""Move generation (after DDS ``Moves.cpp``): legal cards, the searching pair's obligations
(Gerots holds, the goal's lead restrictions), equivalent-card collapsing (cards of one hand
adjacent in strength among the cards still out merge into one move, unless the goal tells
them apart: ``card_class``), and move ordering (the table's best move; on lead a ruff for
the partner, then a low card to the partner's top card, then sure trumps, then, for a pair
that must win a trick with given cards, its low trumps (drawing the opponents' trumps), then
other sure winners, then low cards; following, the cheapest card that beats everything still
to come, else low; cards the goal has the pair capture first into a trick the side surely
wins).
"""

from __future__ import annotations

import numpy as np

from ..goal import G_EXIST1, G_EXIST2, G_TRICK0, MAX_TRICKS
from ...jit.bits import _above, _bit, _highbit_index, _lowbit_index
from .tricks import _beats, _opponent_ruffs, _partner_of
from ...jit import helper


@helper
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


@helper
def _draws_trumps(goal):
    """Does the goal have the pair win some trick with given cards (an existential clause,
    a required trick)? Then its low trumps are led early, to draw the opponents' trumps that
    would beat those cards (``_moves``)."""
    m = goal[G_EXIST1] | goal[G_EXIST2]
    for t in range(MAX_TRICKS):
        m |= goal[G_TRICK0 + t]
    return m != 0


@helper
def _moves(moves, d, hands, seat, leader, play, legal, unplayed, card_class, tc, tr, nplayed,
           hint, held, trick_no, is_p, lead_mask, cap, draw):
    """Fill ``moves[d]`` with the moves to try, best first; returns their number. ``play``:
    the rules of play (``workspace.PLAY_RECORD``).

    Equivalent cards (same suit, same goal class, no other unplayed card between them)
    collapse to the highest of the run. For the searching pair, ``held[trick_no]`` (1-based
    trick) are the cards it may not play unless nothing else is legal (Gerots: an announced
    card is not played before its trick; ``_held_masks``), and on lead ``lead_mask`` (if not
    0) is the set to lead from when holding any of it (Gerots lead obligations of a target
    trick). Ordering: the table's best move; on lead, a suit card the partner can ruff (he
    is void in the suit and holds a trump; the card is no sure winner), lowest first, then
    a card of a suit whose top card still out is the partner's, when no opponent can trump
    it (lowest first), then sure trumps, then, for the searching pair when ``draw``
    (``_draws_trumps``), its low trumps, lowest first, then other sure winners, then low
    cards; following, the cheapest card that beats everything still to come, else low.
    Cards the goal has the pair capture (``cap``) go first into a trick the player's side
    surely wins and last into one it does not win. (DDS's lead weights favour the partner's
    ruffs and top cards too; each rule was kept for its node counts.)
    Entries are packed as ``score * 64 + card`` while sorting."""
    suit_of, suit_masks, trump, must_trump, pair_of = play
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
    partner = np.uint64(0)      # the leader's partner's hand (for the ruff lead)
    tm = suit_masks[trump] if trump >= 0 else np.uint64(0)
    if nplayed == 0:
        ps = _partner_of(seat, pair_of)
        if ps >= 0:
            partner = hands[ps]
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
            above = suit_masks[suit_of[c]] & _above(c) & unplayed & ~hand
            if (suit_of[c] != trump and above != 0
                    and (partner & suit_masks[suit_of[c]]) == 0
                    and (partner & tm) != 0):
                s = 2500 - strength     # a ruff for the partner
            elif (suit_of[c] != trump and above != 0
                  and (partner & _bit(_highbit_index(above))) != 0
                  and not _opponent_ruffs(hands, seat, pair_of, suit_masks[suit_of[c]], tm)):
                s = 2200 - strength     # to the partner's top card
            elif above == 0:
                s = 2000 + strength if suit_of[c] == trump else 1000 + strength
            elif draw and is_p and suit_of[c] == trump:
                s = 1500 - strength     # drawing the opponents' trumps
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


@helper
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


@helper
def _with_run(rel, c, hand, unplayed, suit_masks, suit_of, card_class):
    """The relevant cards ``rel`` of move ``c`` (a run of ``hand``, ``_moves``): with the
    whole run when a card of it is relevant."""
    if rel & hand & suit_masks[suit_of[c]]:
        run = _run_of(c, hand, unplayed, suit_masks, suit_of, card_class)
        if rel & run:
            rel |= run
    return rel


@helper
def _same_partition(c, rel, hand, named, suit_masks, suit_of, card_class):
    """The later moves of ``hand`` that lead to a position of the same partition as move
    ``c`` with relevant cards ``rel``, so to the same value: of ``c``'s suit and class,
    with no relevant card at or above either card (none if ``c`` is a named card)."""
    out = np.uint64(0)
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
                    out |= _bit(c2)
    return out
