"""One thread's searches for the declarer games' analysis (``declarer_analysis``): the
solver of the game's rules (and of each ulti card laid out), the counts its tests read
(cards captured, tricks won, the last trick won with or lost holding a card), the tests
with their node limits, and the proofs that need no search (``sure``, ``count_floor``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .declarer_bounds import count_floor
from .declarer_deal import I, Setting, Variant

MAX_NODES = 2_000_000
"""Node limit of one test (some 0.3 s); past it the test counts as not made (``limits``)."""
BRACKET_NODES = 1_000_000
"""Node limit of a bracket test (past it: the bracket so far)."""


@dataclass
class Worker:
    """One thread's searches: the solver of the game's rules, its counts; ``limits``:
    tests past ``MAX_NODES``."""

    s: Setting
    solver: object
    count: object
    n_tricks: int
    limits: int = 0
    _counts: dict = field(default_factory=dict)
    _solvers: dict = field(default_factory=dict)
    _floors: dict = field(default_factory=dict)

    @classmethod
    def of(cls, s: Setting) -> "Worker":
        from ..engine.counts import CountSolver

        rules = s.game.rules(s.setup)
        return cls(s, CountSolver(rules, max_nodes=MAX_NODES), s.game.count(s.setup),
                   s.game.n_tricks(s.setup))

    def solver_of(self, v: Variant):
        """The solver of ``v``'s rules: the game's, or with its ulti card laid out (its own
        table, made at the first need)."""
        if v.reserved < 0:
            return self.solver
        if v.reserved not in self._solvers:
            import dataclasses

            from ..engine.counts import CountSolver

            self._solvers[v.reserved] = CountSolver(
                dataclasses.replace(self.solver.rules, reserved=v.reserved),
                max_nodes=MAX_NODES)
        return self._solvers[v.reserved]

    def reaches(self, v: Variant, count, k: int, top: int | None = None,
                limit: int | None = None) -> bool:
        """Does ``v``'s side count at least ``k`` on ``count`` (a test past ``limit`` nodes,
        default ``MAX_NODES``: no, counted in ``limits`` unless ``limit`` is the
        bracket's)? ``k`` may be below 0 (a count of negative trick terms: Jókai's, the
        mizer's). Proved without a search where ``count_floor`` reaches ``k``."""
        from ..engine.counts import CountPosition, SearchLimitError

        limit = MAX_NODES if limit is None else limit

        if k <= int(count.trick_points[count.trick_points < 0].sum()):
            return True             # the least the count gives
        if top is not None and k > top:
            return False
        floor = count_floor(self.s, self.solver_of(v).rules, v, count, self.n_tricks)
        if floor is not None and floor >= k:
            return True             # proved by the tricks its top tarokks surely win
        # a card laid out binds only its holder: what his side counts with it, it counts
        # without (not the skíz laid out: it wins its trick)
        free_key = (v.hands, v.side, v.leader, id(count))
        if v.reserved < 0 and self._floors.get(free_key, k - 1) >= k:
            return True
        pos = CountPosition(v.hands, self.s.leader if v.leader is None else v.leader)
        solver = self.solver_of(v)
        solver.max_nodes = limit
        try:
            made = solver.reaches(pos, v.side, count, k)
        except SearchLimitError:
            self.limits += limit != BRACKET_NODES
            return False
        if made and v.reserved >= 0 and v.reserved != solver.rules.excuse and \
                any(v.hands[x] >> v.reserved & 1 for x in v.side):
            self._floors[free_key] = max(k, self._floors.get(free_key, k))
        return made

    def new_deal(self) -> None:
        """Forget the last deal's proofs (``reaches``'s: what a variant with a card laid out
        counts, its free variant counts too)."""
        self._floors.clear()

    def all_tricks(self, v: Variant, last_with: int = 0) -> bool:
        """Does ``v``'s side win every trick (volát, Match, Super Mord; ``last_with``: the
        last with a card of that mask, the pagát laid out)? Proved at once where ``sure``
        says so (the search of such a hand's trick count can pass the node limit); else
        the test."""
        keep = v.reserved == I
        if (not last_with or keep and last_with == 1 << I) and self.sure(v, keep):
            return True
        if last_with:
            return self.reaches(v, self.tricks_count(last_with, every=True), self.n_tricks)
        return self.reaches(v, self.tricks_count(), self.n_tricks)

    def sure(self, v: Variant, keep_i: bool = False) -> bool:
        """Does ``v``'s side surely win every trick, by its cards alone? When it holds only
        tarokks, each above every tarokk of the others (the excuse aside: it never wins):
        any lead, a void hand must trump, and it wins. ``keep_i``: the same, the I apart,
        kept for the last trick (laid out, or the ulti): when besides no other seat holds
        more than ``n - 3`` tarokks, played to every trick but the first and one skíz they
        are gone by the last, which the I wins."""
        deck = self.s.deck
        rules = self.solver_of(v).rules
        tarokks = deck.suit_mask(deck.tarokk) & ~(1 << rules.excuse if rules.excuse >= 0
                                                  else 0)
        mine = theirs = 0
        for x in range(self.s.players):
            if x in v.side:
                mine |= v.hands[x]
            else:
                theirs |= v.hands[x]
        mine_t = mine & tarokks
        if keep_i and not mine >> I & 1:
            return False
        high = mine_t & ~(1 << I) if keep_i else mine_t
        if mine & ~mine_t or not high:
            return False
        low = min(int(deck.power[c]) for c in range(deck.n_cards) if high >> c & 1)
        if any(int(deck.power[c]) >= low for c in range(deck.n_cards)
               if (theirs & tarokks) >> c & 1):
            return False
        return not keep_i or all((v.hands[x] & tarokks).bit_count() <= self.n_tricks - 3
                                 for x in range(self.s.players) if x not in v.side)

    def cards_count(self, cards: int):
        """The count of ``cards`` captured: 1 each."""
        from ..engine.count_rules import Count

        if ("cards", cards) not in self._counts:
            pts = np.zeros(self.s.deck.n_cards, np.int16)
            for c in range(len(pts)):
                if cards >> c & 1:
                    pts[c] = 1
            self._counts["cards", cards] = Count(points=pts, trick_points=np.zeros(
                self.n_tricks, np.int16), label="captures")
        return self._counts["cards", cards]

    def tricks_count(self, last_with: int = 0, every: bool = False, per: int = 1):
        """Tricks won (``per`` each: -1 the mizer's); ``last_with``: only the last trick,
        won with a card of it; with ``every`` too, every trick and the last with it (a
        Super Mord with an announced pagátulti ends at its first lost trick, §6)."""
        from ..engine.count_rules import Count

        key = ("tricks", last_with, every, per)
        if key not in self._counts:
            n = self.n_tricks
            zero = np.zeros(self.s.deck.n_cards, np.int16)
            if last_with:
                tp = np.ones(n, np.int16) if every else np.zeros(n, np.int16)
                tp[-1] = 1
                tc = np.zeros(n, np.uint64)
                tc[-1] = np.uint64(last_with)
                cnt = Count(points=zero, trick_points=tp, trick_cards=tc, label="ulti")
            else:
                cnt = Count(points=zero, trick_points=np.full(n, per, np.int16),
                            label="tricks")
            self._counts[key] = cnt
        return self._counts[key]

    def pagat_lost(self, v: Variant) -> bool:
        """Droggn's silent pagátulti failed (§6: the pagát beaten in the last trick): can the
        others take the last trick with the declarer's I in it, whatever he plays? Not when
        he leads trick 1 (he may lead the I there). Past the node limit: yes (``limits``;
        the undecided deal counted at its worst, as a figure not made)."""
        import dataclasses

        from ..engine.count_rules import Count

        s = self.s
        d = s.declarer
        if not v.hands[d] >> I & 1 or (s.leader if v.leader is None else v.leader) == d:
            return False
        if "lost" not in self._counts:
            n = self.n_tricks
            tp = np.zeros(n, np.int16)
            tp[-1] = 1
            held = np.zeros(n, np.uint64)
            held[-1] = np.uint64(1 << I)
            self._counts["lost"] = Count(points=np.zeros(s.deck.n_cards, np.int16),
                                         trick_points=tp, trick_held=held, label="pagát lost")
        others = tuple(x for x in range(s.players) if x not in v.side)
        before = self.limits
        lost = self.reaches(dataclasses.replace(v, side=others), self._counts["lost"], 1)
        return lost or self.limits > before
