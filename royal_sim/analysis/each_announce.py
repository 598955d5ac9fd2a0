"""Strohmandli's on-lead announcements, bejelentések of the original table
(``spec/other-games.md`` §2): Fej (2 honours) 1, Tulétroá (I, XXI, skíz) 2, Négy király (the
four kings) 4: the player is on lead, holds every card of the set in hand and leads one of
them; lost once a card of the set is played; one per lead; at most one of Fej and Tulétroá
a player (the decision of §2).

Double dummy, for one seat against the rest: can the seat come to lead a trick holding every
card of the set in hand (its playable cards: a pile's turned tarokks and kings count, its
face-down cards do not), whatever the others play, without playing a card of the set before?
An and-or search over the cards (``engine.counts.CountSolver``'s legal cards and tricks, the
piles turned as the engine turns them), memoised at trick starts, stopping past ``max_nodes``
nodes (``None``: undecided). Each announcement is its own best line, as every figure of the
analysis.
"""

from __future__ import annotations

from itertools import combinations


MAX_NODES = 5_000
"""The node limit of one announcement's search on one deal (Python)."""


class _Limit(Exception):
    pass


def sets_of(deck) -> dict:
    """Announcement id → the card sets (masks) any one of which makes it: Fej any two of the
    three honours, Tulétroá all three, Négy király the four kings."""
    honours = [deck.card_names.index(x) for x in ("I", "XXI", "XXII")]
    kings = [c for c in range(deck.n_cards) if deck.suit_of[c] != deck.tarokk
             and deck.card_names[c].endswith("K")]

    def m(cards):
        return sum(1 << c for c in cards)
    return {"fej": [m(p) for p in combinations(honours, 2)],
            "tuletroa_bejelentes": [m(honours)],
            "negy_kiraly_bejelentes": [m(kings)]}


def can_announce(solver, pos, me: int, cards: int, max_nodes: int = MAX_NODES) -> bool | None:
    """Can seat ``me`` come to lead at a trick start of ``pos`` (an
    ``engine.counts.CountPosition`` at a trick start) holding every card of mask ``cards``
    playable, against every other seat, without playing one of them before? ``None`` past
    ``max_nodes`` nodes. ``solver``: a ``CountSolver`` of the deal's rules (its piles)."""
    from ..engine.count_rules import trick_count

    if pos.hands[me] & cards != cards:
        return False
    count = trick_count(solver.rules.n_cards,
                        pos.trick + max(int(h).bit_count() for h in pos.hands))
    memo: dict = {}
    nodes = [0]

    def reach(p) -> bool:
        nodes[0] += 1
        if max_nodes and nodes[0] > max_nodes:
            raise _Limit
        if not p.table:
            if p.hands[me] & cards != cards or not any(p.hands):
                return False
            key = (p.hands, p.leader)
            if key in memo:
                return memo[key]
            if p.leader == me and solver.legal(p) & cards == cards:
                memo[key] = True
                return True
        legal = solver.legal(p)
        if p.to_play == me:
            legal &= ~cards             # a card of the set played: the announcement is lost
            got = any(reach(solver.play(p, c, (me,), count)[0]) for c in _ids(legal))
        else:
            got = all(reach(solver.play(p, c, (me,), count)[0]) for c in _ids(legal))
        if not p.table:
            memo[(p.hands, p.leader)] = got
        return got

    try:
        return reach(pos)
    except _Limit:
        return None


def _ids(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]
