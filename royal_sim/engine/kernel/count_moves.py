"""The move ordering of the count search (``count_search._count_ab``): which cards of a seat
are tried at a ply, and in what order.

- ``_gen_moves``: the seat's legal cards in runs (cards no other live card separates in their
  suit), one card of a run where the trick surely goes one way (skatsearch's
  ``reduce_unequal``, by its points) or where the count treats its cards alike, each scored
  by ``_score_move``: the table's move first, then the killer lead, winners, points onto a
  partner's trick, the cheapest card;
- ``_sure_side``: does the trick surely go to one side whatever the seats still to play do?
- ``_kept_back``: Troggu's withholdable skíz not worth trying while a card below it does
  as much.

Helpers of ``count_search``, inlined into its kernels; ``rules`` is ``CountRules.record()``.
"""

from __future__ import annotations

import numpy as np

from ...jit import helper
from ...jit.bits import _bit, _highbit_index
from ..count_rules import SPECIAL
from .count_play import _above, _available, _beats, _led_suit, _seat, _win_pos, _window


@helper
def _can_beat(hand, w, led, suit_of, power, suit_masks, trump, excuse):
    """Could a seat holding ``hand`` (its playable cards) beat card ``w`` in a trick led in
    suit ``led``, whatever its duties? (Every game here makes a seat follow suit.)"""
    h = hand
    if excuse >= 0:
        h &= ~_bit(excuse)
    follow = h & suit_masks[led]
    if follow != 0:
        if suit_of[w] != led:
            return False            # w is a trump over the led suit: following cannot beat it
        return _above(follow, power[w], power) != 0
    if trump < 0 or led == trump:
        return False
    tr = h & suit_masks[trump]
    if suit_of[w] != trump:
        return tr != 0
    return _above(tr, power[w], power) != 0


@helper
def _sure_side(hands, tc, t, nplayed, leader, c, seat, side, rules):
    """With card ``c`` played by ``seat`` now, does the trick surely go to the seat's side
    (1), surely to the other (-1), or can the seats still to play change that (0)? Sure when
    no seat to play of the side not winning could beat the winning card (a seat of the
    winning side that overtakes leaves it with a card nobody after can beat either)."""
    n_seats, suit_of, power, suit_masks, trump, duty, team_of, excuse, up_lo = rules[:9]
    if up_lo >= 0 or (excuse >= 0 and rules[13] == excuse):
        return 0
    tc[t, nplayed] = c
    wpos = _win_pos(tc, t, nplayed + 1, rules)
    if wpos < 0:
        return 0
    w = tc[t, wpos]
    wside = side[_seat(leader, wpos, n_seats)]
    led = _led_suit(tc, t, nplayed + 1, excuse, suit_of)
    for i in range(nplayed + 1, n_seats):
        s2 = _seat(leader, i, n_seats)
        if side[s2] != wside and _can_beat(_available(hands[s2], s2, rules), w, led, suit_of,
                                           power, suit_masks, trump, excuse):
            return 0
    return 1 if wside == side[seat] else -1


@helper
def _wins_now(c, tc, t, nplayed, wpos, rules):
    """Would card ``c``, played now at position ``nplayed`` (> 0), win the trick as it
    stands (``wpos``: ``_win_pos`` of the cards before it)? Without an upset pair or a
    reserved card, the card beating the one winning so far (the excuse never wins); else
    the whole trick read again."""
    if rules[8] < 0 and rules[13] < 0:
        if c == rules[7]:
            return False
        return wpos < 0 or _beats(c, tc[t, wpos], rules[1], rules[2], rules[4])
    tc[t, nplayed] = c
    return _win_pos(tc, t, nplayed + 1, rules) == nplayed


@helper
def _score_move(c, nplayed, top, wins, mate_wins, last, hint, rules, points, tp):
    """The move ordering's score of card ``c`` (higher first): the table's move; on lead a
    card no live card beats in its suit (most points first), else the cheapest; following, a
    winning card (``wins``: ``_wins_now``; the last hand: the most points; a trump: the
    lowest that wins; else the strongest), points onto a partner's trick, else the cheapest.
    Where a trick only costs (``tp``, the trick's term, below 0 and the card worth no
    points: the mizer's count) the weakest card first, one that does not win before one that
    does."""
    power = rules[2]
    if c == hint:
        return np.int64(1) << 40
    if tp < 0 and points[c] == 0:
        if nplayed > 0 and wins:
            return -(np.int64(1) << 20) - power[c]
        return -np.int64(power[c])
    if nplayed == 0:
        if top and c != rules[7]:
            return (1 << 20) + points[c] * 16 + power[c]
        return -points[c] * 64 - power[c]
    if mate_wins and not wins:
        return (1 << 18) + points[c] * 64 - power[c]
    if wins:
        if last:
            return (1 << 20) + points[c] * 64 - power[c]
        if rules[1][c] == rules[4]:         # a winning trump: the lowest that wins
            return (1 << 19) - power[c]
        return (1 << 19) + power[c] + points[c] * 4
    return -points[c] * 64 - power[c]


@helper
def _gen_moves(moves, d, legal, hands, seat, unplayed, tc, t, nplayed, leader, side, hint,
               rules, count, cls, order, order_len, scores, run, reduce, killer, base):
    """The moves of ply ``d`` into ``moves[d]``, best first (the table's move ``hint`` first,
    then on lead the ``killer``: the lead that last cut at this ply, -1 none); returns their
    number.

    A run is the seat's legal cards of one suit that no other live card (another hand's, or
    on the table) separates. Cards of a run win and lose alike: where the trick surely goes to
    the seat's side, only the run's card of the most points is tried, where it surely goes to
    the other side the one of the fewest (skatsearch's ``reduce_unequal``: the card kept is
    worth as much later; not while ``reduce`` is false: a withholdable card's holder may
    still give a captured card, whose points the offer reads); else one card of each class
    in a row. Special cards (a class of their own: the excuse, named cards, pile cards,
    ``SPECIAL`` on) stand alone. ``base``: ``count_search._suit_bases`` (a window suit's
    live cards are found by their bits)."""
    n_seats, suit_of, power, suit_masks = rules[:4]
    points = count[0]
    hand = hands[seat]
    wpos = -1
    if nplayed > 0:
        wpos = _win_pos(tc, t, nplayed, rules)
    mate_wins = wpos >= 0 and side[_seat(leader, wpos, n_seats)] == side[seat]
    last = nplayed == n_seats - 1
    n = 0
    for s in range(suit_masks.shape[0]):
        if (legal & suit_masks[s]) == 0:
            continue
        top = True              # no live card above the run (on lead: it wins its suit)
        k = order_len[s] - 1
        live = _window(unplayed, base, order_len, s, -1)     # a window suit's live cards
        while k >= -1:
            # gather the next run, walking the suit down
            nr = 0
            while k >= 0:
                if base[s] >= 0:
                    # the next live card down: the window's highest bit up to k
                    left = live & ((np.uint64(2) << np.uint64(k)) - np.uint64(1))
                    if left == 0:
                        k = -1
                        continue
                    k = _highbit_index(left)
                    c = base[s] + k
                    b = _bit(c)
                else:
                    c = order[s, k]
                    b = _bit(c)
                    if (unplayed & b) == 0:
                        k -= 1
                        continue            # played in an earlier trick
                mine = (hand & b) != 0
                alone = cls[c] >= SPECIAL
                if mine and not alone and (legal & b) == 0:
                    k -= 1
                    continue                # the seat's own card it may not play now
                if not mine or alone:
                    if nr > 0:
                        break               # the run ends above this card
                    k -= 1
                    if (legal & b) != 0:
                        if c == rules[14] and _kept_back(c, k, order[s], legal, unplayed,
                                                         count, cls, rules):
                            continue        # the card below it does as much (the run wins
                            #                 as the card would: ``top`` stays)
                        run[0] = c          # a card of its own: a run of one
                        nr = 1
                        break
                    top = False
                    continue
                run[nr] = c
                nr += 1
                k -= 1
            if nr == 0:
                break
            sure = 0
            if nr > 1 and reduce:
                sure = _sure_side(hands, tc, t, nplayed, leader, run[0], seat, side, rules)
            for i in range(nr):
                c = run[i]
                keep = True
                if sure != 0:
                    for i2 in range(nr):
                        c2 = run[i2]
                        better = points[c2] > points[c] if sure > 0 else points[c2] < points[c]
                        if better or (points[c2] == points[c] and i2 < i):
                            keep = False
                            break
                elif i > 0 and cls[run[i - 1]] == cls[c]:
                    keep = False        # merged with the card above it
                if not keep:
                    continue
                wins = nplayed > 0 and _wins_now(c, tc, t, nplayed, wpos, rules)
                sc = _score_move(c, nplayed, top and i == 0, wins, mate_wins, last, hint,
                                 rules, points, count[1][t])
                if c == killer and c != hint:
                    sc = np.int64(1) << 39
                j = n
                while j > 0 and scores[j - 1] < sc:
                    scores[j] = scores[j - 1]
                    moves[d, j] = moves[d, j - 1]
                    j -= 1
                scores[j] = sc
                moves[d, j] = c
                n += 1
            top = False
    return n


@helper
def _kept_back(c, k, order_s, legal, unplayed, count, cls, rules):
    """Is the withholdable card ``c`` (Troggu's skíz) not worth trying now: the next live card
    below it in its suit (``order_s[k]`` down) is the seat's own, legal, an ordinary card
    (``cls``) alike in the count and the offer, and no trick's points name ``c``? Then
    playing that one and keeping ``c`` does all that playing ``c`` does (the tricks fall
    alike card for card: nothing between them beats one and not the other) and keeps the
    right to withhold (no upset pair plays)."""
    points, trick_cards, trick_held = count[0], count[2], count[3]
    if rules[8] >= 0:
        return False
    for t in range(trick_cards.shape[0]):
        if ((trick_cards[t] | trick_held[t]) & _bit(c)) != 0:
            return False
    while k >= 0:
        c2 = order_s[k]
        if (unplayed & _bit(c2)) != 0:
            return (legal & _bit(c2)) != 0 and cls[c2] < SPECIAL and \
                points[c2] == points[c] and rules[16][c2] == rules[16][c]
        k -= 1
    return False
