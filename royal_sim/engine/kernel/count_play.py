"""How a trick of the count search is played and won (``engine/count_rules.py``): the legal
cards under the rules' duties, the reserved card (§6) and the withholdable card (§3, Troggu's
skíz: ``_t_legal``, its play-history state ``_withholds``, ``_offer``, ``_after_trick``),
the winner of a trick and what it brings the side (``_trick_value``); a suit's live cards
walked down from its highest (``_window``, ``_next_down``). Helpers of ``count_search``,
inlined into its kernels; ``rules`` is ``CountRules.record()``."""

from __future__ import annotations

import numpy as np

from ...jit import helper
from ...jit.bits import _bit, _highbit_index, popcount


@helper
def _seat(leader, i, n_seats):
    """The seat ``i`` places after ``leader`` (``i`` from -1 to ``n_seats - 1``): ``(leader
    + i) % n_seats`` without a division (the search asks it at every node)."""
    x = leader + i
    if x >= n_seats:
        return x - n_seats
    if x < 0:
        return x + n_seats
    return x


@helper
def _window(cards, base, order_len, su, excuse):
    """The cards of mask ``cards`` in suit ``su`` as bits from 0, its weakest card's bit 0,
    where the suit's ids run up in strength (``base[su]`` >= 0:
    ``count_search._suit_bases``); the ``excuse`` (-1: none) left out. 0 for another suit."""
    sb = base[su]
    if sb < 0:
        return np.uint64(0)
    w = (cards >> np.uint64(sb)) & ((np.uint64(1) << np.uint64(order_len[su])) - np.uint64(1))
    if excuse >= sb and excuse < sb + order_len[su]:
        w &= ~_bit(excuse - sb)
    return w


@helper
def _next_down(live, k, su, base, order, unplayed, excuse):
    """The next live card of suit ``su`` walking it down from its highest, the ``excuse``
    aside: ``(card, live, k)``, card -1 past the weakest. A window suit takes the highest
    bit of ``live`` (``_window`` of the live cards, that bit then cleared); another steps
    ``k`` (start: the suit's length) down its ``order`` past the cards not in ``unplayed``."""
    if base[su] >= 0:
        if live == 0:
            return np.int64(-1), live, k
        hi = _highbit_index(live)
        return base[su] + hi, live & ~_bit(hi), k
    while k > 0:
        k -= 1
        c = order[su, k]
        if (unplayed & _bit(c)) != 0 and c != excuse:
            return c, live, k
    return np.int64(-1), live, np.int64(-1)


@helper
def _available(hand, seat, rules):
    """The cards of ``hand`` the seat may play: with table piles (Strohmandli, §2) a pile's
    cards below its first card still in the pile that is no tarokk or king are not turned
    yet (a turned tarokk or king goes to hand and the next card is turned)."""
    piles = rules[10]
    to_hand = rules[11]
    if rules[12] == 0 or seat >= piles.shape[0]:
        return hand
    locked = np.uint64(0)
    for p in range(piles.shape[1]):
        stop = False
        for k in range(piles.shape[2]):
            c = piles[seat, p, k]
            if c < 0:
                break
            b = _bit(c)
            if (hand & b) == 0:
                continue
            if stop:
                locked |= b
            elif (to_hand & b) == 0:
                stop = True
    return hand & ~locked


@helper
def _beats(c, w, suit_of, power, trump):
    """Does card ``c`` beat the card ``w`` winning so far?"""
    if suit_of[c] == suit_of[w]:
        return power[c] > power[w]
    return suit_of[c] == trump


@helper
def _win_pos(tc, t, n, rules):
    """Play position (0 … n-1) of the card winning trick ``t`` as its first ``n`` cards stand
    (the excuse never wins; the upset pair in a trick of trumps); -1 if no card can win."""
    return _win_pos_w(tc, t, n, rules, np.int64(-1))


@helper
def _win_pos_w(tc, t, n, rules, weak):
    """``_win_pos`` with card ``weak`` (a withheld skíz, §3) powerless: it never wins and,
    led, the next card sets the suit; -1 for none."""
    suit_of = rules[1]
    power = rules[2]
    trump = rules[4]
    excuse = rules[7]
    up_lo = rules[8]
    up_hi = rules[9]
    wpos = -1
    all_trump = True
    has_lo = -1
    has_hi = False
    for i in range(n):
        c = tc[t, i]
        if c == weak:
            continue
        if c == excuse:
            if c == rules[13]:
                return i            # the skíz laid out wins (skízulti, §6)
            continue
        if suit_of[c] != trump:
            all_trump = False
        if c == up_lo:
            has_lo = i
        if c == up_hi:
            has_hi = True
        if wpos < 0 or _beats(c, tc[t, wpos], suit_of, power, trump):
            wpos = i
    if up_lo >= 0 and all_trump and has_hi and has_lo >= 0:
        wpos = has_lo
    return wpos


@helper
def _led_suit(tc, t, nplayed, excuse, suit_of):
    """The suit the trick is played in so far; -1 on lead or after the excuse alone."""
    for i in range(nplayed):
        c = tc[t, i]
        if c != excuse:
            return np.int64(suit_of[c])
    return np.int64(-1)


@helper
def _top_trump_on_table(tc, t, nplayed, suit_of, power, trump):
    """The power of the highest trump on the table; -1 if none."""
    top = -1
    for i in range(nplayed):
        c = tc[t, i]
        if suit_of[c] == trump and power[c] > top:
            top = power[c]
    return top


@helper
def _above(cards, top, power):
    """The cards of mask ``cards`` of power above ``top``."""
    out = np.uint64(0)
    m = cards
    while m:
        low = m & (~m + np.uint64(1))
        if power[popcount(low - np.uint64(1))] > top:
            out |= low
        m ^= low
    return out


@helper
def _higher_trumps(hand, top, suit_masks, power, trump):
    """The trumps of ``hand`` above power ``top``."""
    return _above(hand & suit_masks[trump], top, power)


@helper
def _c_legal(hand, tc, t, nplayed, leader, rules):
    """Legal cards of ``hand`` (the seat at play position ``nplayed`` of trick ``t``, led by
    ``leader``) under the rules' duties (``count_rules.DUTY_*``); the reserved card (an ulti
    card laid out, §6) only when it is the only one."""
    legal = _duty_legal(hand, tc, t, nplayed, leader, rules)
    reserved = rules[13]
    if reserved >= 0 and (legal & _bit(reserved)) != 0 and legal != _bit(reserved):
        legal &= ~_bit(reserved)
    return legal


@helper
def _t_legal(hand, tc, t, nplayed, leader, rules, wh):
    """``_c_legal`` with the withholdable card's rule (``CountRules.withhold``, Troggu's skíz,
    §3; ``wh``: it is withheld): withheld, it is no trump and playable only as the hand's
    last card; held as the seat's only trump where a trump is due, any other card too
    (``_may_withhold``), which withholds it."""
    w = rules[14]
    if w < 0 or (hand & _bit(w)) == 0:
        return _c_legal(hand, tc, t, nplayed, leader, rules)
    rest = hand & ~_bit(w)
    if rest == 0:
        return hand
    if wh != 0:
        return _c_legal(rest, tc, t, nplayed, leader, rules)
    legal = _c_legal(hand, tc, t, nplayed, leader, rules)
    if _may_withhold(hand, tc, t, nplayed, rules):
        legal |= rest
    return legal


@helper
def _may_withhold(hand, tc, t, nplayed, rules):
    """May the seat holding the withholdable card (not withheld) play another card for it
    now? When it is the seat's only trump and the trick was led with a trump (with
    ``withhold_void`` also: a plain suit the seat is void in)."""
    suit_of = rules[1]
    suit_masks = rules[3]
    trump = rules[4]
    if nplayed == 0 or trump < 0 or (hand & suit_masks[trump]) != _bit(rules[14]):
        return False
    led = _led_suit(tc, t, nplayed, rules[7], suit_of)
    if led < 0:
        return False
    if led == trump:
        return True
    return rules[15] != 0 and (hand & suit_masks[led]) == 0


@helper
def _withholds(hand, c, tc, t, nplayed, rules, wh):
    """Does the seat holding ``hand`` withhold the withholdable card by playing ``c`` (a
    legal card)? 1 or 0."""
    w = rules[14]
    if w < 0 or wh != 0 or c == w or (hand & _bit(w)) == 0:
        return np.int64(0)
    return np.int64(1) if _may_withhold(hand, tc, t, nplayed, rules) else np.int64(0)


@helper
def _offer(off, c, rules, points, mono):
    """The offer after card ``c`` joins the withholdable card's holder's captures: the
    least of ``off`` (-1 none) and ``c``'s ``(offer_points, points)`` packed; ``mono`` (the
    count's points rise with ``offer_points``: the card given is one of the fewest points
    in the count): ``(0, points)``."""
    p = np.int64(points[c]) + 32768
    if not mono:
        p += np.int64(rules[16][c]) * 65536
    if off < 0 or p < off:
        return p
    return off


@helper
def _duty_legal(hand, tc, t, nplayed, leader, rules):
    """``_c_legal`` before the reserved card's rule."""
    (n_seats, suit_of, power, suit_masks, trump, duty, team_of, excuse, up_lo, up_hi,
     piles, to_hand, pile_mask, reserved) = rules[:14]
    ex_bit = np.uint64(0)
    if excuse >= 0:
        ex_bit = hand & _bit(excuse)
    h = hand & ~ex_bit
    if h == 0:
        return ex_bit
    led = _led_suit(tc, t, nplayed, excuse, suit_of)
    if led < 0:
        return hand
    base = h & suit_masks[led]
    if duty & 4:        # belote
        if base != 0:
            if led == trump:
                hi = _higher_trumps(base, _top_trump_on_table(tc, t, nplayed, suit_of, power,
                                                              trump), suit_masks, power, trump)
                if hi != 0:
                    base = hi
        else:
            base = h
            if trump >= 0 and (h & suit_masks[trump]) != 0:
                wpos = _win_pos(tc, t, nplayed, rules)
                me = _seat(leader, nplayed, n_seats)
                wseat = _seat(leader, wpos, n_seats)
                if wpos < 0 or team_of[wseat] != team_of[me]:
                    base = h & suit_masks[trump]
                    hi = _higher_trumps(base, _top_trump_on_table(tc, t, nplayed, suit_of,
                                                                  power, trump),
                                        suit_masks, power, trump)
                    if hi != 0:
                        base = hi
    else:
        if base == 0:
            base = h
            if (duty & 1) and trump >= 0 and (h & suit_masks[trump]) != 0:
                base = h & suit_masks[trump]
        if duty & 2:    # must overtake: a card that would win the trick as it stands
            win = np.uint64(0)
            m = base
            while m:
                low = m & (~m + np.uint64(1))
                c = popcount(low - np.uint64(1))
                tc[t, nplayed] = c
                if _win_pos(tc, t, nplayed + 1, rules) == nplayed:
                    win |= low
                m ^= low
            if win != 0:
                base = win
    return base | ex_bit


@helper
def _trick_value(tc, t, leader, side, rules, count, weak, off):
    """A finished trick: ``(winner seat, the points it brings the side, its cards)``.
    ``weak``: the withheld card (its points to its holder's side, who gives the winner the
    card of the offer ``off``: its points change sides) or -1."""
    n_seats = rules[0]
    excuse = rules[7]
    points, trick_points, trick_cards, trick_held = count
    wpos = _win_pos_w(tc, t, n_seats, rules, weak)
    winner = _seat(leader, wpos, n_seats)
    val = 0
    cards = np.uint64(0)
    holder = -1
    for i in range(n_seats):
        c = tc[t, i]
        cards |= _bit(c)
        if c == excuse or c == weak:
            if side[_seat(leader, i, n_seats)]:
                val += points[c]
            if c == weak:
                holder = _seat(leader, i, n_seats)
        elif side[winner]:
            val += points[c]
    if holder >= 0 and off >= 0 and side[holder] != side[winner]:
        given = (off & 65535) - 32768
        val += given if side[winner] else -given
    if side[winner]:
        req = trick_cards[t]
        if (req == 0 or (req & _bit(tc[t, wpos])) != 0) and \
                (trick_held[t] == 0 or (trick_held[t] & cards) != 0):
            val += trick_points[t]
    return winner, val, cards


@helper
def _after_trick(hands, winner, cards, wh, off, rules, points, mono):
    """The withheld flag and the offer after a trick of ``cards`` won by ``winner``
    (``hands`` after it): the trick's cards join the offer when the winner still holds the
    withholdable card; once nobody holds it, none (0, -1)."""
    wb = _bit(rules[14])
    if (hands[winner] & wb) != 0:
        m = cards
        while m:
            low = m & (~m + np.uint64(1))
            off = _offer(off, popcount(low - np.uint64(1)), rules, points, mono)
            m ^= low
        return wh, off
    for s in range(rules[0]):
        if (hands[s] & wb) != 0:
            return wh, off
    return np.int64(0), np.int64(-1)
