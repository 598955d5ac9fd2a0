"""The bounds of the count search at a trick start (``count_search._count_ab``): the most and
the least the points still to come can give the side, cheap enough for every trick start.
A trick start whose bound cannot reach the window is cut without a search.

- ``_live_terms``: the trick terms still open (a term that needs a card no seat of the side
  holds is dead);
- ``_sure_points``: the card points and tricks each side surely takes, whatever anyone
  plays. The highest trump in a trick wins it, so a run of the highest live trumps held by
  one side wins every trick it is played to for that side, and of a seat's ``i`` highest
  trumps the other side's higher trumps can beat no more than their number (Hall's count).
  Each such trick also holds a card of every other seat, each worth at least the count's
  least card. The excuse and the withholdable card keep their points with their holder's
  side;
- ``_wins_the_rest``: the leader's side holds only cards nobody of the others can beat, so
  it takes every trick left (the search counts that at once, as the last trick).

Helpers of ``count_search``, inlined into its kernels; ``rules`` is ``CountRules.record()``.
"""

from __future__ import annotations

import numpy as np

from ...jit import helper
from ...jit.bits import _bit, popcount
from .count_play import _next_down, _window


@helper
def _live_terms(hands, side, n_seats, t, trick_points, trick_cards):
    """The most and the least the trick terms from trick ``t`` on can still add at a trick
    start: a term that needs a card of ``trick_cards`` counts only while a seat of the side
    holds one (the side wins that trick with it, so plays it then)."""
    held = np.uint64(0)
    for s in range(n_seats):
        if side[s]:
            held |= hands[s]
    pos = 0
    neg = 0
    for u in range(t, trick_points.shape[0]):
        tp = np.int64(trick_points[u])
        if trick_cards[u] != 0 and (trick_cards[u] & held) == 0:
            continue
        if tp > 0:
            pos += tp
        else:
            neg += tp
    return pos, neg


@helper
def _least_card(points, rules):
    """The fewest points of a card other than the excuse and the withholdable card (their
    points stay with their holder): what any other card of a trick brings its winner at
    least. 0 when no such card."""
    least = np.int64(-1)
    for c in range(points.shape[0]):
        if c == rules[7] or c == rules[14]:
            continue
        if least < 0 or points[c] < least:
            least = np.int64(points[c])
    return max(least, np.int64(0))


@helper
def _slots(ex_seat, wc_seat, seat):
    """How many of the excuse and the withholdable card (their holders, -1 where not live)
    may fall in the tricks of ``seat``'s cards: those another seat holds. Their points stay
    with their holder, so they bring those tricks no ``least``."""
    return (1 if ex_seat >= 0 and ex_seat != seat else 0) + \
        (1 if wc_seat >= 0 and wc_seat != seat else 0)


@helper
def _sure_points(hands, side, leader, unplayed, rules, points, order, order_len, least,
                 per_seat, base):
    """At a trick start (no card on the table): ``(the side's sure points, the others', the
    side's sure tricks, the others')``: card points and tricks each side takes however the
    play goes.

    - The excuse's and the withholdable card's points stay with their holder's side (played
      as a trump, the withholdable card is the highest one and wins: its side again).
    - The highest live trumps (the excuse aside), as far as one side holds them all, win
      their tricks for that side (the withholdable card among them counts as no winner):
      as many tricks as one seat holds of them, at the least.
      Their points are that side's; so is ``least`` for each other card of the tricks they
      win: one seat's run cards fall in tricks of their own (its most of them), ``n_seats``
      cards a trick, less the run's other cards, and the excuse and the withholdable card
      of another seat (their points stay with their holder).
    - The leader holding the whole run: leading it he draws every other seat's trumps when
      none holds more than his run (the excuse holder one more: he may play it to a round):
      their points for ``least``.
    - Below the run, Hall's count, seat by seat, for either side: a trump of a seat is
      beaten only by a higher trump of the other side in its trick, and each such trump
      beats one of the seat's at most, so of its ``i`` highest trumps at least ``i`` less
      the other side's trumps above the ``i``-th win their tricks for its side (the
      withholdable card counts as a trump above, never as a winner). Each such trick brings
      the fewest points of those ``i`` trumps, and ``least`` for each other card in it but
      the excuse and the withholdable card of another seat. A side's sure points are the
      most of the run's and of its seats' counts.

    Not where a trick's highest trump may lose it: an upset pair (``CountRules.upset``) or
    the excuse laid out (``reserved``: it wins its trick). ``per_seat``: (>= 4 n_seats,)
    int64 scratch; ``base``: ``count_search._suit_bases`` (a window suit's live trumps are
    walked by their bits)."""
    n_seats = rules[0]
    trump, excuse, up_lo, wcard = rules[4], rules[7], rules[8], rules[14]
    sure_side = np.int64(0)
    sure_other = np.int64(0)
    ex_seat = -1            # the holders of the excuse and the withholdable card, if live
    wc_seat = -1
    for c in (excuse, wcard):
        if c >= 0 and (unplayed & _bit(c)) != 0:
            for s in range(n_seats):
                if (hands[s] & _bit(c)) != 0:
                    if c == excuse:
                        ex_seat = s
                    else:
                        wc_seat = s
                    if side[s]:
                        sure_side += points[c]
                    else:
                        sure_other += points[c]
    if trump < 0 or up_lo >= 0 or (excuse >= 0 and rules[13] == excuse and
                                   (unplayed & _bit(excuse)) != 0):
        return sure_side, sure_other, np.int64(0), np.int64(0)
    # per_seat: the run's cards of each seat; its trumps below the run (not the leader's);
    # Hall's trumps of each seat so far and the fewest points among them
    for s in range(n_seats):
        per_seat[s] = 0
        per_seat[n_seats + s] = 0
        per_seat[2 * n_seats + s] = 0
        per_seat[3 * n_seats + s] = 1 << 20
    run = -1                # 1: the side holds the run, 0: the others
    n_run = 0
    pts = np.int64(0)
    in_run = True
    low_pts = np.int64(0)   # below the run: the trumps of seats not the leader's, their points
    n_low = np.int64(0)
    seen_side = np.int64(0)     # trumps of each side so far, from the highest
    seen_other = np.int64(0)
    h_side = np.int64(0)        # Hall's most sure points and tricks of a seat of each side
    h_other = np.int64(0)
    t_side = np.int64(0)
    t_other = np.int64(0)
    # the live trumps from the highest (the excuse aside)
    live = _window(unplayed, base, order_len, trump, excuse)
    k = order_len[trump]
    while True:
        c, live, k = _next_down(live, k, trump, base, order, unplayed, excuse)
        if c < 0:
            break
        b = _bit(c)
        holder = 0
        while holder < n_seats and (hands[holder] & b) == 0:
            holder += 1
        mine = side[holder]
        if c != wcard:
            i = per_seat[2 * n_seats + holder] + 1
            per_seat[2 * n_seats + holder] = i
            fewest = min(per_seat[3 * n_seats + holder], max(np.int64(points[c]), 0))
            per_seat[3 * n_seats + holder] = fewest
            won = i - (seen_other if mine else seen_side)
            if won > 0:
                got = won * fewest + max(won * (n_seats - 1) - _slots(ex_seat, wc_seat,
                                                                      holder), 0) * least
                if mine:
                    h_side = max(h_side, got)
                    t_side = max(t_side, won)
                else:
                    h_other = max(h_other, got)
                    t_other = max(t_other, won)
        if mine:
            seen_side += 1
        else:
            seen_other += 1
        sd = 1 if mine else 0
        if run < 0:
            run = sd
        elif sd != run:
            in_run = False
        if not in_run:
            if holder != leader:
                low_pts += points[c]
                n_low += 1
                per_seat[n_seats + holder] += 1
            continue
        if c == wcard:
            continue
        pts += points[c]
        n_run += 1
        per_seat[holder] += 1
    most = np.int64(0)
    top = 0
    for s in range(n_seats):
        if per_seat[s] > most:
            most = per_seat[s]
            top = s
    extra = most * n_seats - n_run - _slots(ex_seat, wc_seat, top)
    if extra > 0:
        pts += extra * least
    if extra > 0 and per_seat[leader] == n_run and (run == 1) == side[leader] and \
            rules[12] == 0:
        # the leader draws the trumps: leading his run he takes every trump of the other
        # seats (none can beat his) when none holds more than he leads (the excuse plays
        # for one round); not with table piles: a card of his run may lie face down
        longest = np.int64(0)
        for s in range(n_seats):
            if s != leader:
                held_ex = 1 if ex_seat == s else 0
                longest = max(longest, per_seat[n_seats + s] + held_ex)
        if longest <= n_run and n_low <= extra:
            pts += low_pts - n_low * least
    if run == 1:
        h_side = max(h_side, pts)
        t_side = max(t_side, most)
    elif run == 0:
        h_other = max(h_other, pts)
        t_other = max(t_other, most)
    return sure_side + h_side, sure_other + h_other, t_side, t_other


@helper
def _wins_the_rest(hands, side, leader, unplayed, rules, wh, order, order_len):
    """At a trick start: does the leader's side surely win every trick left? When each card
    its seats hold is above every card of the others in its suit (the excuse aside: it
    never wins), and the others hold no trump where it holds a plain card: every trick it
    leads it wins, whoever of it wins leads again. Not while it holds the excuse (led, it
    loses the trick) unless laid out (skízulti, §6: then it wins any trick it falls in), a
    withheld card (``wh``: no trump, never wins the last trick), an upset pair, or the
    others' excuse laid out."""
    n_seats, suit_masks = rules[0], rules[3]
    trump, excuse = rules[4], rules[7]
    if rules[8] >= 0 or (rules[14] >= 0 and wh != 0 and (unplayed & _bit(rules[14])) != 0):
        return False
    me = side[leader]
    mine_all = np.uint64(0)
    theirs_all = np.uint64(0)
    for s in range(n_seats):
        if side[s] == me:
            mine_all |= hands[s]
        else:
            theirs_all |= hands[s]
    if excuse >= 0:
        if (mine_all & _bit(excuse)) != 0 and rules[13] == excuse:
            mine_all &= ~_bit(excuse)       # laid out, it wins any trick it falls in
        elif (mine_all & _bit(excuse)) != 0 or ((theirs_all & _bit(excuse)) != 0 and
                                                rules[13] == excuse):
            return False
        theirs_all &= ~_bit(excuse)
    if trump >= 0 and (theirs_all & suit_masks[trump]) != 0 and \
            (mine_all & ~suit_masks[trump]) != 0:
        return False
    for su in range(suit_masks.shape[0]):
        mine = mine_all & suit_masks[su]
        theirs = theirs_all & suit_masks[su]
        if mine == 0 or theirs == 0:
            continue
        left = popcount(mine)
        for k in range(order_len[su] - 1, -1, -1):      # the suit from its highest card
            b = _bit(order[su, k])
            if (mine & b) != 0:
                left -= 1
                if left == 0:
                    break
            elif (theirs & b) != 0:
                return False
    return True


@helper
def _cashing(hands, side, leader, unplayed, rules, points, order, order_len, least, base):
    """At a trick start: ``(points, tricks)`` the leader's plain winners surely take when he
    cashes them before anything else. A card of his led is above every other card of its
    suit and every other seat holding a trump still holds the suit (must follow, cannot
    trump; under belote's duties his partner in the game, on his side, need not and will
    not): he wins and leads again, as often as that seat's length and his run of the
    suit's highest cards allow. Each such trick brings his card's points and ``least`` for
    every other card (one less when the others hold the excuse: played, it keeps its
    points). ``(0, 0)`` with an upset pair, the excuse laid out or table piles (a card of
    his may lie face down); his trumps are ``_sure_points``'s. (Where that one counts the
    trumps he draws first, the same winners cash after: nobody can trump them then.)
    ``base``: ``count_search._suit_bases`` (a window suit's live cards walked by their
    bits)."""
    n_seats, suit_of, power, suit_masks = rules[:4]
    trump, excuse = rules[4], rules[7]
    if rules[8] >= 0 or rules[12] != 0 or (excuse >= 0 and rules[13] == excuse and
                                           (unplayed & _bit(excuse)) != 0):
        return np.int64(0), np.int64(0)
    mine_all = hands[leader]
    free = (rules[5] & 4) != 0      # belote: a partner (``team_of``) winning, any card
    pts = np.int64(0)
    tricks = np.int64(0)
    for su in range(suit_masks.shape[0]):
        if su == trump or (mine_all & suit_masks[su]) == 0:
            continue
        k = np.int64(64)
        for s in range(n_seats):
            if s != leader and trump >= 0 and (hands[s] & suit_masks[trump]) != 0 and \
                    not (free and rules[6][s] == rules[6][leader] and side[s] == side[leader]):
                k = min(k, np.int64(popcount(hands[s] & suit_masks[su])))
        n = np.int64(0)
        # his run of the suit's highest live cards (the excuse aside)
        live = _window(unplayed, base, order_len, su, excuse)
        i = order_len[su]
        while n < k:
            c, live, i = _next_down(live, i, su, base, order, unplayed, excuse)
            if c < 0:
                break
            if (mine_all & _bit(c)) == 0:
                break
            pts += points[c]
            n += 1
        tricks += n
    if tricks > 0:
        pts += tricks * (n_seats - 1) * least
        if excuse >= 0 and (unplayed & _bit(excuse)) != 0 and (mine_all & _bit(excuse)) == 0:
            pts -= least
    return pts, tricks
