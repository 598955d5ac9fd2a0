"""What the declarer games' analysis (``declarer_analysis``) knows without a search, or past
it: ``count_floor``, the least a side surely counts by the tricks its top tarokks win
(a test it proves needs no search, so no node limit); ``value_range``, the most a contract's
undecided deals (tests past the node limit, counted not made) could add to its value; and
``undecided_advice``, whether those deals could change the advice."""

from __future__ import annotations

from .declarer_turns import figure_pay, game_pay, mizer_pay


def count_floor(s, rules, v, count, n_tricks: int) -> int | None:
    """The least ``v``'s side counts on ``count`` from the deal's start, whatever the
    others play; ``None`` where this proof does not apply.

    The proof: every card is played, one a seat a trick; a tarokk of a side of one seat
    above every tarokk of the others (``T``; the excuse, which never wins, and a reserved
    card of the side aside) wins the trick it is played in, whenever that is: the tarokks
    are the trumps and nothing else beats it. So the side wins at least ``|T|`` tricks,
    those of its ``T`` cards, and they hold, from each other seat, ``|T|`` cards of its
    hand: at least its ``|T|`` cheapest (an opponent's excuse counts 0 for the side). Its
    own excuse counts to it whenever played; a trick's own points count at worst: below 0
    for any trick, above 0 the ``|T|`` smallest (where not bound to a named card); its
    other cards add points >= 0. Only where no card has points below 0, every hand holds a
    card a trick, no pile or upset pair plays and no other seat holds a reserved card."""
    deck = s.deck
    if len(v.side) != 1 or rules.piles is not None or tuple(rules.upset) != (-1, -1) or \
            rules.trump != deck.tarokk or (count.points < 0).any() or \
            any(h.bit_count() != n_tricks for h in v.hands):
        return None
    me = v.side[0]
    excuse, reserved = int(rules.excuse), int(rules.reserved)
    ex_bit = 1 << excuse if excuse >= 0 else 0
    res_bit = 1 << reserved if reserved >= 0 else 0
    tarokks = deck.suit_mask(deck.tarokk)
    mine = v.hands[me]
    others = [v.hands[x] for x in range(len(v.hands)) if x != me]
    theirs = 0
    for h in others:
        theirs |= h
    if theirs & res_bit:
        return None
    power = deck.power
    their_top = max((int(power[c]) for c in _cards(theirs & tarokks & ~ex_bit)), default=-1)
    top = [c for c in _cards(mine & tarokks & ~ex_bit & ~res_bit) if int(power[c]) > their_top]
    t = len(top)
    if not t:
        return None
    pts = count.points
    floor = sum(int(pts[c]) for c in top) + (int(pts[excuse]) if mine & ex_bit else 0)
    for h in others:
        gains = sorted(0 if c == excuse else int(pts[c]) for c in _cards(h))
        floor += sum(gains[:t])
    tp, tc, th = count.trick_points, count.trick_cards, count.trick_held
    above = []
    for j in range(n_tricks):
        floor += min(0, int(tp[j]))
        above.append(max(0, int(tp[j])) if int(tc[j]) == 0 and int(th[j]) == 0 else 0)
    return floor + sum(sorted(above)[:t])


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# -- the undecided deals ------------------------------------------------------------------------

def _swing(s, contract, fig: str) -> float:
    """The most one deal's payment of the row ``fig`` of ``contract`` can rise from not
    made (as an undecided deal is counted) to made: the best price made less the worst
    not made, over the opponents' count and kettős index the deal may have."""
    if contract.exchange == "mizer":
        return mizer_pay(s.game.id, s.players, True) - mizer_pay(s.game.id, s.players, False)
    total = s.deck.points_of(s.deck.full_mask) + int(s.game.count(s.setup).trick_points.sum())
    best = {"win": True, "level": 4, "pts": total, "match": True}
    worst = {"win": False, "level": -4, "pts": 0, "match": False}
    made, lost = [], []
    for n_opp in range(1, s.players):
        for index in ((contract.index,) if contract.index else range(0, 6)):
            if fig == "win":
                made.append(game_pay(s, contract, best, index, n_opp))
                lost.append(game_pay(s, contract, worst, index, n_opp))
                continue
            for got in (best, worst):
                for ok, into in ((True, made), (False, lost)):
                    figs = {fig: ok, "tarokkszam_n": 12 if ok else 9,
                            "pagatulti_failed": not ok}
                    into += [p for p in figure_pay(s, contract, fig, figs, got, index,
                                                   n_opp)[:2] if p is not None]
    return max(made) - min(lost) if made and lost else 0.0


def row_unknown(verdict: dict, contract_id: str, row_id: str) -> bool:
    """Did the test of the row ``row_id`` (``win`` or a figure id) of ``contract_id`` on a
    deal (``verdict``, ``declarer_analysis.search_deal``'s) pass its node limit (counted
    not made)?"""
    v = verdict[contract_id]
    return v["win_unknown"] if row_id == "win" else row_id in v["fig_unknown"]


def value_range(result, contract) -> tuple[float, float]:
    """``(lo, hi)`` of ``result.value(contract.id)``: ``lo`` as read (the undecided deals
    counted not made), ``hi`` with every undecided deal of every row of the contract at its
    best (``_swing``; twice that where the defence's kontra may double it)."""
    lo = result.value(contract.id)
    gain = sum(r.undecided / r.deals * _swing(result.setting, contract, r.id)
               for r in result.rows if r.contract is contract and r.undecided and r.deals)
    return lo, lo + gain * (2 if result.kontra else 1)


def undecided_advice(result, bids, choice) -> dict:
    """Whether the undecided deals could change the advice ``choice`` (a contract of
    ``bids``, or ``None`` for pass): ``{"undecided": False}``, or ``True`` with
    ``undecided_deals`` (the deals past the node limit in the choice's or those contracts'
    rows), ``deals`` and ``could_beat``: the contracts whose value with their undecided
    deals made at their best (``value_range``, a loose bound) passes the choice's as read,
    the highest bound first."""
    floor = result.value(choice.id) if choice is not None else 0.0
    rivals = {}
    for c in bids:
        if c is choice:
            continue
        lo, hi = value_range(result, c)
        if hi > lo and hi > floor + 1e-9:
            rivals[c.id] = hi
    if not rivals:
        return {"undecided": False}
    ids = set(rivals) | ({choice.id} if choice is not None else set())
    rows = [r for r in result.rows if r.contract.id in ids]
    n = sum(1 for j, v in enumerate(result.verdicts)
            if any(j < r.deals and row_unknown(v, r.contract.id, r.id) for r in rows))
    return {"undecided": True, "undecided_deals": n, "deals": result.deals,
            "could_beat": sorted(rivals, key=lambda i: -rivals[i])}
