"""A plain, obviously correct double-dummy reference for the count search, used only by the tests.

It plays a trick game straight from the words of ``spec/other-games.md`` §1, §2, §3, §6 and
§9 ("Play rules", "Counts"), reading only the data fields of a ``CountRules`` (seats, suit and
power of each card, trump, duty bits, ``team_of``, the excuse, the upset pair, Strohmandli's
table piles and the cards that go to hand from them, Troggu's withholdable skíz and the
points its holder offers by) and of a ``Count``
(card points, per-trick points, per-trick card requirement). It shares no code with the
kernel (``royal_sim.engine.kernel.count_search``): no equivalent cards, no bounds, no
windows, every legal card of every seat is tried.

- ``ref_legal``: the legal cards of the seat to play (a mask);
- ``ref_trick_winner``: the play position of the card winning a (partial) trick;
- ``ref_value``: minimax over single cards, the side maximising and every other seat
  minimising, memoised at trick starts on (hands, leader, trick) and the play history
  Troggu's skíz reads (withheld or not, the cards its holder has captured); the value of a
  trick start (the points still to come) depends on nothing else;
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
        # §3 Troggu: the skíz its holder may withhold, and the card points he offers by
        self.withhold = int(getattr(rules, "withhold", -1))
        self.withhold_void = bool(getattr(rules, "withhold_void", False))
        self.offers = tuple(int(x) for x in rules.offers()) if self.withhold >= 0 else ()

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


def ref_trick_winner(g: RefGame, cards, weak: int = -1) -> int:
    """Position (index into ``cards``, the leader's first) of the card that wins the trick as
    the cards stand; -1 when no card can win (no cards, or only the excuse).

    §9: the excuse never wins; the suit is set by the first card that is not the excuse; a
    trump beats every non-trump, the highest trump wins; without trumps the highest card of
    the led suit wins; a card of another suit never wins. §1 option (upset pair (low, high)):
    in a trick of trumps only (the excuse aside) holding both, ``low`` wins. §6: an excuse
    laid out as an ulti card (``reserved``) wins the trick it is played in. §3: a withheld
    skíz (``weak``) has lost its power: it never wins, and led, the next card sets the suit."""
    if g.excuse >= 0 and g.excuse == g.reserved and g.excuse in cards:
        return list(cards).index(g.excuse)       # §6 skízulti: the skíz laid out wins
    real = [(i, c) for i, c in enumerate(cards) if c != g.excuse and c != weak]
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


def ref_legal(g: RefGame, hand: int, table, leader: int, withheld: bool = False) -> int:
    """The legal cards (a mask) of ``hand``, the seat at play position ``len(table)`` of a
    trick led by ``leader`` with ``table`` played so far (§9 "Play rules"); §6: the ulti
    card laid out (``reserved``) is playable only when no other card may be played. §3
    Troggu: a skíz its holder withheld (``withheld``) stays in hand to the last trick and is
    no tarokk to play meanwhile; not yet withheld, where the tarokk he owes is the skíz
    (a tarokk led, or with the intro's option void in the suit led) he may put any other
    card instead, which withholds it (``ref_withholds``)."""
    w = g.withhold
    if w >= 0 and hand >> w & 1 and hand != 1 << w:
        if withheld:
            return _duty_legal(g, hand & ~(1 << w), table, leader)
        legal = _duty_legal(g, hand, table, leader)
        if ref_withholds(g, hand, table, leader, None):
            legal |= hand & ~(1 << w)
        return legal
    legal = _duty_legal(g, hand, table, leader)
    if g.reserved >= 0 and legal >> g.reserved & 1 and legal != 1 << g.reserved:
        legal &= ~(1 << g.reserved)
    return legal


def ref_withholds(g: RefGame, hand: int, table, leader: int, card) -> bool:
    """§3: the holder of the skíz (not withheld) owes it now (his duty leaves him only the
    skíz) on a tarokk lead, or with the option void in the suit led; and he plays ``card``,
    another card (``None``: any other)."""
    w = g.withhold
    if w < 0 or not hand >> w & 1 or card == w:
        return False
    real_table = [c for c in table if c != g.excuse]
    if not real_table or _duty_legal(g, hand, table, leader) != 1 << w:
        return False
    return g.is_trump(real_table[0]) or g.withhold_void


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
        self.trick_held = tuple(int(m) for m in count.trick_held)


def ref_trick_result(g: RefGame, k: RefCount, cards, leader: int, trick: int, side,
                     weak: int = -1, captured: int = 0) -> tuple[int, int]:
    """``(winner seat, points the side counts)`` of a complete trick (§9 "Counts"): the cards'
    points to the winner's side, the excuse's to the side of the seat that played it; the
    trick's own points to the winner's side when the trick needs no card or was won with one
    of ``trick_cards[trick]`` and, §6, holds a card of ``trick_held[trick]`` (where not 0,
    whoever played it). §3: a withheld skíz (``weak``) goes back to its holder's side,
    and the holder gives the winner his lowest captured card (``captured``, his tricks' cards:
    the fewest card points, of those the fewest in the count), none if he has captured none."""
    wpos = ref_trick_winner(g, cards, weak)
    assert wpos >= 0
    winner = (leader + wpos) % g.n
    got = 0
    for i, c in enumerate(cards):
        owner = (leader + i) % g.n if c in (g.excuse, weak) else winner
        if owner in side:
            got += k.points[c]
    if weak in cards and captured:
        holder = (leader + list(cards).index(weak)) % g.n
        given = min(cards_of(captured), key=lambda c: (g.offers[c], k.points[c]))
        if (holder in side) != (winner in side):
            got += k.points[given] if winner in side else -k.points[given]
    if winner in side:
        need = k.trick_cards[trick]
        held = k.trick_held[trick]                  # §6: a trick holding the card, by anyone
        if (need == 0 or need >> cards[wpos] & 1) and (held == 0 or held & mask_of(cards)):
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

    def _start_value(self, hands: tuple, leader: int, trick: int, hist: tuple) -> int:
        if not any(hands):
            return 0
        return self._mid(hands, leader, trick, (), hist)

    def _mid(self, hands: tuple, leader: int, trick: int, table: tuple, hist: tuple) -> int:
        """The points still to come from the position (the current trick's included);
        ``hist``: (the skíz withheld, its holder's captured cards), §3."""
        g = self.g
        seat = (leader + len(table)) % g.n
        legal = ref_legal(g, g.playable(hands[seat], seat), table, leader, hist[0])
        assert legal, "the seat to play has no card"
        best = None
        for c in cards_of(legal):
            v = self._after(hands, leader, trick, table, seat, c, hist)
            if best is None or (v > best if seat in self.side else v < best):
                best = v
        return best

    def _after(self, hands, leader, trick, table, seat, c, hist) -> int:
        g = self.g
        withheld, captured = hist
        withheld = withheld or ref_withholds(g, hands[seat], table, leader, c)
        hands2 = list(hands)
        hands2[seat] &= ~(1 << c)
        hands2 = tuple(hands2)
        table2 = table + (c,)
        if len(table2) < g.n:
            return self._mid(hands2, leader, trick, table2, (withheld, captured))
        weak = g.withhold if withheld else -1
        winner, got = ref_trick_result(g, self.k, table2, leader, trick, self.side, weak,
                                       captured)
        w = g.withhold
        if w >= 0 and hands2[winner] >> w & 1:
            captured |= mask_of(table2)             # the skíz's holder took the trick
        if w < 0 or not any(h >> w & 1 for h in hands2):
            withheld, captured = False, 0           # the skíz played: nothing more to hold
        return got + self.start_value(hands2, winner, trick + 1, (withheld, captured))

    def value(self, hands, leader: int, trick: int, table=(), withheld=False,
              captured=0) -> int:
        hands = tuple(int(h) for h in hands)
        table = tuple(int(c) for c in table)
        if not table:
            return self.start_value(hands, leader, trick, (withheld, captured))
        return self._mid(hands, leader, trick, table, (withheld, captured))

    def legal(self, hands, leader: int, table=(), withheld=False) -> int:
        seat = (leader + len(table)) % self.g.n
        return ref_legal(self.g, self.g.playable(int(hands[seat]), seat), tuple(table), leader,
                         withheld)

    def card_values(self, hands, leader: int, trick: int, table=(), withheld=False,
                    captured=0) -> dict[int, int]:
        hands = tuple(int(h) for h in hands)
        table = tuple(int(c) for c in table)
        seat = (leader + len(table)) % self.g.n
        return {c: self._after(hands, leader, trick, table, seat, c, (withheld, captured))
                for c in cards_of(self.legal(hands, leader, table, withheld))}


def ref_value(rules, count, hands, leader, trick, table, side) -> int:
    """The most the side counts from the position to the end against all other seats."""
    return RefSolver(rules, count, side).value(hands, leader, trick, table)


def ref_legal_cards(rules, hands, leader, table=(), withheld=False) -> int:
    """The legal cards (mask) of the seat to play."""
    g = RefGame(rules)
    seat = (leader + len(table)) % g.n
    return ref_legal(g, g.playable(int(hands[seat]), seat), tuple(table), leader, withheld)


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
