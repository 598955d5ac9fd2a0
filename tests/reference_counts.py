"""A plain, obviously correct double-dummy reference for the count search, used only by the tests.

It plays a trick game straight from the words of ``spec/other-games.md`` §1, §2, §6 and §9
("Play rules", "Counts"), reading only the data fields of a ``CountRules`` (seats, suit and
power of each card, trump, duty bits, ``team_of``, the excuse, the upset pair, Strohmandli's
table piles and the cards that go to hand from them) and of a ``Count``
(card points, per-trick points, per-trick card requirement). It shares no code with the
kernel (``royal_sim.engine.kernel.count_search``): no equivalent cards, no bounds, no
windows, every legal card of every seat is tried.

- ``ref_legal``: the legal cards of the seat to play (a mask);
- ``ref_trick_winner``: the play position of the card winning a (partial) trick;
- ``ref_value``: minimax over single cards, the side maximising and every other seat
  minimising, memoised at trick starts on (hands, leader, trick); the value of a trick start
  (the points still to come) depends on nothing else;
- ``ref_card_values``: each legal card of the seat to play → the side's count after it.

Conventions (those of ``royal_sim.engine.counts.CountPosition``): ``hands`` one int mask a
seat in play order; ``leader`` the seat that led (or leads) the current trick; ``trick`` its
0-based absolute number (the count's per-trick terms are indexed by it); ``table`` the card
ids played to it so far, the leader's first; ``side`` a set of seats.
"""

from __future__ import annotations

from functools import lru_cache

from royal_sim.engine.count_rules import DUTY_BELOTE, DUTY_OVERTAKE, DUTY_TRUMP


def cards_of(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class RefGame:
    """The rules as plain Python data (ints, tuples), read once from a ``CountRules``."""

    def __init__(self, rules):
        self.n = int(rules.n_seats)
        self.suit = tuple(int(s) for s in rules.suit_of)
        self.power = tuple(int(p) for p in rules.power)
        self.trump = int(rules.trump)
        self.duty = int(rules.duty)
        self.team = tuple(int(t) for t in rules.team_of)
        self.excuse = int(rules.excuse)
        self.upset = (int(rules.upset[0]), int(rules.upset[1]))
        self.reserved = int(getattr(rules, "reserved", -1))
        # Strohmandli's table piles (§2): per seat, each pile's cards top first
        self.piles = () if rules.piles is None else tuple(
            tuple(tuple(int(c) for c in pile if c >= 0) for pile in seat_piles)
            for seat_piles in rules.piles)
        self.to_hand = int(rules.to_hand)

    def playable(self, hand: int, seat: int) -> int:
        """The cards of ``hand`` the seat may play (§2): of each of its piles, the cards still
        there from the top down to the first that is no tarokk or king (the face-up top; a
        turned tarokk or king went to hand and the next card was turned); the cards below it
        lie face down."""
        if seat >= len(self.piles):
            return hand
        out = hand
        for pile in self.piles[seat]:
            left = [c for c in pile if hand >> c & 1]     # played ones are gone
            face_up = True
            for c in left:
                if not face_up:
                    out &= ~(1 << c)
                elif not self.to_hand >> c & 1:
                    face_up = False                      # this one lies face up, hides the rest
        return out

    def is_trump(self, c: int) -> bool:
        # the excuse is no trump for any duty or for winning (§9 droggn)
        return self.trump >= 0 and c != self.excuse and self.suit[c] == self.trump


# --------------------------------------------------------------------------------------
# who wins a trick


def ref_trick_winner(g: RefGame, cards) -> int:
    """Position (index into ``cards``, the leader's first) of the card that wins the trick as
    the cards stand; -1 when no card can win (no cards, or only the excuse).

    §9: the excuse never wins; the suit is set by the first card that is not the excuse; a
    trump beats every non-trump, the highest trump wins; without trumps the highest card of
    the led suit wins; a card of another suit never wins. §1 option (upset pair (low, high)):
    in a trick of trumps only (the excuse aside) holding both, ``low`` wins. §6: an excuse
    laid out as an ulti card (``reserved``) wins the trick it is played in."""
    if g.excuse >= 0 and g.excuse == g.reserved and g.excuse in cards:
        return list(cards).index(g.excuse)       # §6 skízulti: the skíz laid out wins
    real = [(i, c) for i, c in enumerate(cards) if c != g.excuse]
    if not real:
        return -1
    low, high = g.upset
    if low >= 0:
        held = [c for _, c in real]
        if low in held and high in held and all(g.is_trump(c) for c in held):
            return next(i for i, c in real if c == low)
    trumps = [(g.power[c], i) for i, c in real if g.is_trump(c)]
    if trumps:
        return max(trumps)[1]
    led = g.suit[real[0][1]]
    followers = [(g.power[c], i) for i, c in real if g.suit[c] == led]
    return max(followers)[1]


# --------------------------------------------------------------------------------------
# legal cards


def ref_legal(g: RefGame, hand: int, table, leader: int) -> int:
    """The legal cards (a mask) of ``hand``, the seat at play position ``len(table)`` of a
    trick led by ``leader`` with ``table`` played so far (§9 "Play rules"); §6: the ulti
    card laid out (``reserved``) is playable only when no other card may be played."""
    legal = _duty_legal(g, hand, table, leader)
    if g.reserved >= 0 and legal >> g.reserved & 1 and legal != 1 << g.reserved:
        legal &= ~(1 << g.reserved)
    return legal


def _duty_legal(g: RefGame, hand: int, table, leader: int) -> int:
    mine = cards_of(hand)
    if not mine:
        return 0
    seat = (leader + len(table)) % g.n
    has_excuse = g.excuse >= 0 and g.excuse in mine
    others = [c for c in mine if c != g.excuse]
    real_table = [c for c in table if c != g.excuse]
    if not real_table:
        # on lead, or the first card after a led excuse: free
        return hand
    if not others:
        return hand          # only the excuse left
    led = g.suit[real_table[0]]
    follow = [c for c in others if g.suit[c] == led]
    my_trumps = [c for c in others if g.is_trump(c)]
    table_trump_powers = [g.power[c] for c in real_table if g.is_trump(c)]
    top = max(table_trump_powers) if table_trump_powers else None

    def over(trumps):
        """the trumps higher than every trump on the table if any, else all of them"""
        if top is None:
            return trumps
        higher = [c for c in trumps if g.power[c] > top]
        return higher if higher else trumps

    if g.duty & DUTY_BELOTE:
        if follow:
            cand = over(follow) if led == g.trump else follow
        else:
            wpos = ref_trick_winner(g, table)
            wseat = (leader + wpos) % g.n
            if wpos >= 0 and g.team[wseat] == g.team[seat]:
                cand = others                      # partner winning: any card
            elif my_trumps:
                cand = over(my_trumps)             # surcouper, else sous-couper
            else:
                cand = others
    else:
        if follow:
            cand = follow
        elif (g.duty & DUTY_TRUMP) and my_trumps:
            cand = my_trumps
        else:
            cand = others
        if g.duty & DUTY_OVERTAKE:
            # every seat but the leader: a legal card that wins the trick as it stands
            pos = len(table)
            winners = [c for c in cand if ref_trick_winner(g, list(table) + [c]) == pos]
            if winners:
                cand = winners
    if has_excuse:
        cand = cand + [g.excuse]          # the excuse: any time
    return mask_of(cand)


# --------------------------------------------------------------------------------------
# a finished trick's count


class RefCount:
    def __init__(self, count):
        self.points = tuple(int(p) for p in count.points)
        self.trick_points = tuple(int(p) for p in count.trick_points)
        self.trick_cards = tuple(int(m) for m in count.trick_cards)


def ref_trick_result(g: RefGame, k: RefCount, cards, leader: int, trick: int, side
                     ) -> tuple[int, int]:
    """``(winner seat, points the side counts)`` of a complete trick (§9 "Counts"): the cards'
    points to the winner's side, the excuse's to the side of the seat that played it; the
    trick's own points to the winner's side when the trick needs no card or was won with one
    of ``trick_cards[trick]``."""
    wpos = ref_trick_winner(g, cards)
    assert wpos >= 0
    winner = (leader + wpos) % g.n
    got = 0
    for i, c in enumerate(cards):
        owner = (leader + i) % g.n if c == g.excuse else winner
        if owner in side:
            got += k.points[c]
    if winner in side:
        need = k.trick_cards[trick]
        if need == 0 or need >> cards[wpos] & 1:
            got += k.trick_points[trick]
    return winner, got


# --------------------------------------------------------------------------------------
# the search


class RefSolver:
    """Plain minimax for one ``CountRules``, one ``Count`` and one side (a set of seats)."""

    def __init__(self, rules, count, side):
        self.g = RefGame(rules)
        self.k = RefCount(count)
        self.side = frozenset(int(s) for s in side)
        self.start_value = lru_cache(maxsize=None)(self._start_value)

    def _start_value(self, hands: tuple, leader: int, trick: int) -> int:
        if not any(hands):
            return 0
        return self._mid(hands, leader, trick, ())

    def _mid(self, hands: tuple, leader: int, trick: int, table: tuple) -> int:
        """The points still to come from the position (the current trick's included)."""
        g = self.g
        seat = (leader + len(table)) % g.n
        legal = ref_legal(g, g.playable(hands[seat], seat), table, leader)
        assert legal, "the seat to play has no card"
        best = None
        for c in cards_of(legal):
            v = self._after(hands, leader, trick, table, seat, c)
            if best is None or (v > best if seat in self.side else v < best):
                best = v
        return best

    def _after(self, hands, leader, trick, table, seat, c) -> int:
        hands2 = list(hands)
        hands2[seat] &= ~(1 << c)
        hands2 = tuple(hands2)
        table2 = table + (c,)
        if len(table2) < self.g.n:
            return self._mid(hands2, leader, trick, table2)
        winner, got = ref_trick_result(self.g, self.k, table2, leader, trick, self.side)
        return got + self.start_value(hands2, winner, trick + 1)

    def value(self, hands, leader: int, trick: int, table=()) -> int:
        hands = tuple(int(h) for h in hands)
        table = tuple(int(c) for c in table)
        if not table:
            return self.start_value(hands, leader, trick)
        return self._mid(hands, leader, trick, table)

    def legal(self, hands, leader: int, table=()) -> int:
        seat = (leader + len(table)) % self.g.n
        return ref_legal(self.g, self.g.playable(int(hands[seat]), seat), tuple(table), leader)

    def card_values(self, hands, leader: int, trick: int, table=()) -> dict[int, int]:
        hands = tuple(int(h) for h in hands)
        table = tuple(int(c) for c in table)
        seat = (leader + len(table)) % self.g.n
        return {c: self._after(hands, leader, trick, table, seat, c)
                for c in cards_of(self.legal(hands, leader, table))}


def ref_value(rules, count, hands, leader, trick, table, side) -> int:
    """The most the side counts from the position to the end against all other seats."""
    return RefSolver(rules, count, side).value(hands, leader, trick, table)


def ref_legal_cards(rules, hands, leader, table=()) -> int:
    """The legal cards (mask) of the seat to play."""
    g = RefGame(rules)
    seat = (leader + len(table)) % g.n
    return ref_legal(g, g.playable(int(hands[seat]), seat), tuple(table), leader)


def two_seat_tricks(g: RefGame, hands, leader: int):
    """Every trick of a two-seat position with nobody on the table yet: per legal lead
    ``a`` (the piles' playable cards, ``RefGame.playable``), ``(a, answers)`` with
    ``answers`` a list of ``(b, hands after the trick, the trick's winner)`` for each legal
    answer ``b``."""
    other = 1 - leader
    for a in cards_of(ref_legal(g, g.playable(hands[leader], leader), (), leader)):
        h1 = list(hands)
        h1[leader] &= ~(1 << a)
        answers = []
        for b in cards_of(ref_legal(g, g.playable(h1[other], other), (a,), leader)):
            h2 = list(h1)
            h2[other] &= ~(1 << b)
            answers.append((b, tuple(h2), (leader + ref_trick_winner(g, [a, b])) % 2))
        yield a, answers
