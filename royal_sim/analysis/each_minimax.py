"""Strohmandli's minimax result-point difference (``spec/other-games.md`` §2, "new": one line of
play for every figure of both players at once).

Two players make a zero-sum game of it: seat ``me`` plays for the most of his result points
minus the other's, the other for the least, every card seen (double dummy, the piles' order
known), each player's figures counted at once at the end of play: játék, kassza, duplajáték
(card points ≥ 48, 60, 71), volát (every trick), pagátfogás (the other's I captured),
XXI-fogás (the other's XXI), tulétroá (I, XXI and skíz captured), négy király (the four kings),
uhu (trick n−1 won with II), pagátulti (trick n with I), valued in the chosen table, tulétroá
and négy király dropped with a volát, ``sum`` or ``highest`` (``each_figures.result_points``).

**Where.** A position's value depends on the whole play, not on points added trick by trick,
so the count search (``engine/kernel/count_search.py``) cannot search it; this is plain
alpha-beta in Python, memoised at trick starts on the hands, the leader and what the figures
still depend on (the points so far, who won a trick so far, who captured each figure card).
A full deal (21 tricks) is far past it: only a position of at most ``MAX_TRICKS`` tricks is
searched (``solve --game strohmandli`` on an ending); an ending is read as a game of its own
(its own points and tricks, the figure tricks n−1 and n its last two, a figure card not in
play not captured). Past ``max_nodes`` nodes the answer is undecided (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .each_figures import result_points

MAX_TRICKS = 8
"""The most tricks a position may have for the minimax difference (Python: some seconds)."""
MAX_NODES = 2_000_000
"""The default node limit of one minimax search."""
LEVELS = (48, 60, 71)


@dataclass(frozen=True)
class Minimax:
    """``value``: seat ``me``'s result points minus the other's on the minimax line, ``None``
    past the node limit; ``line``: that line's cards in play order (ids); ``made``: per seat
    (0-based) the figure ids made on the line; ``nodes``: the nodes searched."""

    value: int | None
    line: tuple[int, ...]
    made: tuple[tuple[str, ...], tuple[str, ...]]
    nodes: int


class _Limit(Exception):
    pass


def minimax_difference(game, setup, dealt, *, me: int = 0, leader: int = 0,
                       table: str = "valtozat", rule: str = "sum",
                       max_nodes: int = MAX_NODES) -> Minimax:
    """The minimax result-point difference of the position ``dealt`` (a ``games.Dealt``: the
    hands now, the piles' cards still there in the hands and the piles top first) with
    ``leader`` to lead, for seat ``me`` (module doc; §2).

    :raises ValueError: not two players, or more than ``MAX_TRICKS`` tricks to play, or hands
        of unequal sizes.
    """
    if setup.players != 2:
        raise ValueError("the minimax result-point difference is searched for two players "
                         f"(a zero-sum game), got {setup.players}")
    sizes = {int(h).bit_count() for h in dealt.hands}
    if len(sizes) != 1:
        raise ValueError(f"the hands hold different numbers of cards: {sorted(sizes)}")
    n = sizes.pop()
    if n > MAX_TRICKS:
        raise ValueError(f"the minimax difference is searched on at most {MAX_TRICKS} tricks "
                         f"(Python), got {n}: a full deal is too big")
    return _Search(game, setup, dealt, me, table, rule, max_nodes).run(leader, n)


class _Search:
    def __init__(self, game, setup, dealt, me, table, rule, max_nodes):
        deck = game.deck(setup)
        rules = game.rules(setup, dealt)
        self.suit = [int(x) for x in rules.suit_of]
        self.power = [int(x) for x in rules.power]
        self.trump = int(rules.trump)
        self.masks = [int(m) for m in rules.suit_masks]
        self.to_hand = int(rules.to_hand)
        self.piles = [[[int(c) for c in p if c >= 0] for p in seat] for seat in rules.piles]
        self.points = [int(p) for p in game.count(setup).points]
        name = deck.card_names.index
        self.I, self.II, self.XXI, self.XXII = (name(x) for x in ("I", "II", "XXI", "XXII"))
        self.kings = [c for c in range(deck.n_cards) if self.suit[c] != self.trump
                      and deck.card_names[c].endswith("K")]
        self.special = [self.I, self.XXI, self.XXII] + self.kings
        self.owner = {c: s for c in self.special for s in (0, 1) if dealt.hands[s] >> c & 1}
        self.values = {f.id: f.values.get(table) for f in game.figures()}
        self.rule, self.me, self.max_nodes = rule, me, max_nodes
        self.hands0 = tuple(int(h) for h in dealt.hands)
        self.nodes = 0
        self.memo: dict = {}

    # -- the rules -----------------------------------------------------------------------

    def playable(self, hand: int, seat: int) -> int:
        """§2: a pile's cards below its first card that is no tarokk or king lie face down."""
        out = hand
        for pile in self.piles[seat]:
            hidden = False
            for c in pile:
                if not hand >> c & 1:
                    continue
                if hidden:
                    out &= ~(1 << c)
                elif not self.to_hand >> c & 1:
                    hidden = True
        return out

    def legal(self, hand: int, seat: int, led: int | None) -> list[int]:
        h = self.playable(hand, seat)
        if led is not None:
            follow = h & self.masks[self.suit[led]]
            trumps = h & self.masks[self.trump]
            h = follow or trumps or h
        return [c for c in range(len(self.suit)) if h >> c & 1]

    def second_wins(self, a: int, b: int) -> bool:
        if self.suit[a] == self.suit[b]:
            return self.power[b] > self.power[a]
        return self.suit[b] == self.trump

    # -- the score -----------------------------------------------------------------------

    def score(self, state) -> tuple[int, tuple]:
        pts, won, caught, last2, last1 = state
        total = sum(self.points[c] for c in range(len(self.points))
                    if (self.hands0[0] | self.hands0[1]) >> c & 1)
        made = []
        for x in (0, 1):
            mine = pts if x == 0 else total - pts
            f = {lv: mine >= k for lv, k in zip(("jatek", "kassza", "duplajatek"), LEVELS)}
            f["volat"] = won == (1 << x)
            by = {c for c in self.special if caught.get(c) == x}
            f["pagatfogas"] = self.owner.get(self.I) == 1 - x and self.I in by
            f["xxi_fogas"] = self.owner.get(self.XXI) == 1 - x and self.XXI in by
            f["tuletroa"] = {self.I, self.XXI, self.XXII} <= by
            f["negy_kiraly"] = set(self.kings) <= by
            f["uhu"] = last2 == (x, self.II)
            f["pagatulti"] = last1 == (x, self.I)
            made.append(f)
        rp = [result_points(f, self.values, self.rule) for f in made]
        names = tuple(tuple(k for k, v in f.items() if v and self.values.get(k)) for f in made)
        return rp[0] - rp[1], names

    # -- the search (seat 0's view; ``me`` flips the sign) -------------------------------

    def run(self, leader: int, n: int) -> Minimax:
        state = (0, 0, {}, None, None)
        try:
            v = self.start(self.hands0, leader, n, state, -10 ** 6, 10 ** 6)
        except _Limit:
            return Minimax(None, (), ((), ()), self.nodes)
        line, made = self.line(leader, n, v)
        sign = 1 if self.me == 0 else -1
        if self.me == 1:
            made = (made[1], made[0])
        return Minimax(sign * v, tuple(line), made, self.nodes)

    def start(self, hands, leader, left, state, alpha, beta) -> int:
        """The value (seat 0's difference) of a trick start, ``left`` tricks to play."""
        pts, won, caught, last2, last1 = state
        if left == 0:
            return self.score(state)[0]
        key = (hands, leader, pts, won, tuple(sorted(caught.items())), last2, last1)
        lo, hi = self.memo.get(key, (-10 ** 6, 10 ** 6))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
        best = self.trick(hands, leader, left, state, alpha, beta)
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.memo[key] = (lo, hi)
        return best

    def count_node(self):
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise _Limit

    def trick(self, hands, leader, left, state, alpha, beta) -> int:
        self.count_node()
        other = 1 - leader
        maxing = leader == 0
        best = -10 ** 6 if maxing else 10 ** 6
        for a in self.legal(hands[leader], leader, None):
            h1 = list(hands)
            h1[leader] &= ~(1 << a)
            vb = 10 ** 6 if maxing else -10 ** 6        # the follower's best answer
            al, be = alpha, beta
            for b in self.legal(h1[other], other, a):
                self.count_node()
                h2 = list(h1)
                h2[other] &= ~(1 << b)
                v = self.start(tuple(h2), *self.after(leader, a, b, left, state), al, be)
                if maxing:                  # the follower (seat 1) minimises
                    vb = min(vb, v)
                    be = min(be, v)
                else:
                    vb = max(vb, v)
                    al = max(al, v)
                if al >= be:
                    break
            if maxing:
                best = max(best, vb)
                alpha = max(alpha, vb)
            else:
                best = min(best, vb)
                beta = min(beta, vb)
            if alpha >= beta:
                break
        return best

    def after(self, leader, a, b, left, state):
        """The next trick start's ``(leader, left, state)`` after cards ``a`` (led), ``b``."""
        pts, won, caught, last2, last1 = state
        winner = 1 - leader if self.second_wins(a, b) else leader
        card = b if winner != leader else a
        if winner == 0:
            pts += self.points[a] + self.points[b]
        caught = dict(caught)
        for c in (a, b):
            if c in self.owner:
                caught[c] = winner
        if left == 2:
            last2 = (winner, card)
        if left == 1:
            last1 = (winner, card)
        return winner, left - 1, (pts, won | 1 << winner, caught, last2, last1)

    def line(self, leader, n, value):
        """One line keeping ``value`` (seat 0's), each seat its lowest card id that does."""
        hands, state, out = self.hands0, (0, 0, {}, None, None), []
        self.max_nodes = 0
        for left in range(n, 0, -1):
            other = 1 - leader
            done = False
            for a in self.legal(hands[leader], leader, None):
                h1 = list(hands)
                h1[leader] &= ~(1 << a)
                answers = []
                for b in self.legal(h1[other], other, a):
                    h2 = list(h1)
                    h2[other] &= ~(1 << b)
                    nxt = self.after(leader, a, b, left, state)
                    answers.append((self.start(tuple(h2), *nxt, -10 ** 6, 10 ** 6), b,
                                    tuple(h2), nxt))
                pick = (min if leader == 0 else max)(v for v, *_ in answers)
                if pick == value:
                    b, hands, (leader, _, state) = next((b, h, x) for v, b, h, x in answers
                                                        if v == value)
                    out += [a, b]
                    done = True
                    break
            assert done, "no card keeps the minimax value"
        return out, self.score(state)[1]
