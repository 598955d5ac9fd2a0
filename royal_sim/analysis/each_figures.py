"""Strohmandli's figures on one deal (``spec/other-games.md`` §2; ``each_analysis``'s module
doc says what each figure is and how the analysis counts them).

A figure is a threshold of a count (``engine.count_rules.Count``) for the seat against the
rest, answered by ``engine.counts.CountSolver.reaches`` with a node limit a search.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .each_deal import ANNOUNCEMENTS, FIGURES, LADDER, NOT_WITH_VOLAT, Setting

UNKNOWN = -1
"""A figure's verdict on a deal when its search passed the node limit."""


def figure_counts(g, setup) -> dict:
    """Strohmandli's figures as counts for the seat's side: id → (``Count``, threshold,
    ``needs``) where ``needs`` is pairs ``("mine" | "theirs", card)``: a card the seat must
    (not) hold for the figure to be possible at all (module doc)."""
    from ..engine.count_rules import Count

    deck = g.deck(setup)
    n, T = deck.n_cards, g.n_tricks(setup)
    ids = {name: deck.card_names.index(name) for name in ("I", "II", "XXI", "XXII")}
    kings = [c for c in range(n) if deck.suit_of[c] != deck.tarokk
             and deck.card_names[c].endswith("K")]

    def capture(cards):
        pts = np.zeros(n, np.int16)
        pts[list(cards)] = 1
        return Count(points=pts, trick_points=np.zeros(T, np.int16), label="captures")

    def trick_with(t, c):
        tp = np.zeros(T, np.int16)
        tc = np.zeros(T, np.uint64)
        tp[t], tc[t] = 1, np.uint64(1) << np.uint64(c)
        return Count(points=np.zeros(n, np.int16), trick_points=tp, trick_cards=tc,
                     label="trick won with a card")

    pts = g.count(setup)
    levels = (48, 60, 71) if setup.players == 2 else (32, 40, 48)
    return {
        "jatek": (pts, levels[0], ()), "kassza": (pts, levels[1], ()),
        "duplajatek": (pts, levels[2], ()),
        "volat": (Count(points=np.zeros(n, np.int16), trick_points=np.ones(T, np.int16),
                        label="tricks"), T, ()),
        "pagatfogas": (capture([ids["I"]]), 1, (("theirs", ids["I"]),)),
        "xxi_fogas": (capture([ids["XXI"]]), 1, (("mine", ids["XXII"]), ("theirs", ids["XXI"]))),
        "tuletroa": (capture([ids["I"], ids["XXI"], ids["XXII"]]), 3, (("mine", ids["XXII"]),)),
        "negy_kiraly": (capture(kings), len(kings), ()),
        "uhu": (trick_with(T - 2, ids["II"]), 1, (("mine", ids["II"]),)),
        "pagatulti": (trick_with(T - 1, ids["I"]), 1, (("mine", ids["I"]),)),
    }


def result_points(made: dict, values: dict, rule: str) -> int:
    """The result points of one deal's figures ``made`` (id → bool) with ``values`` (id →
    points, ``None`` not in the table), under ``rule`` (module doc)."""
    won = {f for f, m in made.items() if m and values.get(f)}
    if "volat" in won:
        won -= set(NOT_WITH_VOLAT)
    if "tuletroa_bejelentes" in won:       # at most one of Fej and Tulétroá (§2)
        won.discard("fej")
    if rule == "highest":
        top = [f for f in LADDER if f in won]
        won -= set(top[:-1])
    return sum(values[f] for f in won)


@dataclass
class FigureSearch:
    """One thread's searches of a Strohmandli analysis: the figures' counts, the node
    limit of one search (a deal's piles are part of its rules: one solver a deal)."""

    game: object
    setup: object
    counts: dict
    max_nodes: int
    table_bits: int = 18
    announce: bool = False
    """Search the on-lead announcements (the original table's; else their verdicts are 0)."""
    solver: object = None
    """The deal's solver under way (``stop``)."""
    stopped: bool = False

    def stop(self) -> None:
        """Stop this thread's search under way and its later ones (Ctrl-C, from another
        thread): they raise ``engine.counts.SearchStopped``."""
        self.stopped = True
        if self.solver is not None:
            self.solver.stop()

    def solver_for(self, dealt, max_nodes: int | None = None):
        """A solver for one deal (its piles are part of its rules), stopped if ``stop`` was
        called."""
        from ..engine.counts import CountSolver

        solver = CountSolver(self.game.rules(self.setup, dealt), table_bits=self.table_bits,
                             max_nodes=self.max_nodes if max_nodes is None else max_nodes)
        self.solver = solver
        if self.stopped:
            solver.stop()
        return solver

    @classmethod
    def of(cls, s: Setting, max_nodes: int, table_bits: int = 18) -> "FigureSearch":
        return cls(s.game, s.setup, figure_counts(s.game, s.setup), max_nodes, table_bits,
                   s.table == "original")


def search_alone(fs: FigureSearch, dealt, s: Setting, stats: dict | None = None
                 ) -> tuple[int, ...]:
    """Each figure of ``FIGURES`` on one deal (a ``games.Dealt``): 1 the seat can make it
    against the rest, 0 not, ``UNKNOWN`` past the node limit (module doc)."""
    from ..engine.counts import CountPosition, SearchLimitError

    solver = fs.solver_for(dealt)
    pos = CountPosition(tuple(dealt.hands), s.leader)
    side = (s.me,)
    mine = dealt.hands[s.me]
    got: dict = {}

    def test(fid):
        cnt, k, needs = fs.counts[fid]
        if fid in ("pagatfogas", "xxi_fogas", "uhu", "pagatulti"):
            whose, card = needs[-1]
            if (whose == "mine") != bool(mine >> card & 1):
                return 0
        before = solver.nodes
        try:
            return int(solver.reaches(pos, side, cnt, k))
        except SearchLimitError:
            return UNKNOWN
        finally:
            if stats is not None:
                stats[fid] = solver.nodes - before

    got["volat"] = test("volat")
    # the point ladder from the top: a level made proves those below (volát proves all)
    below = 1 if got["volat"] == 1 else None
    for fid in ("duplajatek", "kassza", "jatek"):
        got[fid] = below if below is not None else test(fid)
        if got[fid] == 1:
            below = 1
    return _the_rest(got, test, fs, solver, pos, s.me)


def search_figures(fs: FigureSearch, dealt, s: Setting, stats: dict | None = None,
                   trick: int = 0, given: dict | None = None) -> tuple[int, ...]:
    """Each figure of ``FIGURES`` on one deal (a ``games.Dealt``): 1 the seat can make it
    against the rest, 0 not, ``UNKNOWN`` past the node limit (module doc).

    One table for the deal: the point ladder and, where every card counts a point, volát
    (all the points) are tests of one count from the likeliest end, each test's table
    entries serving the next. Verdicts implied by others are not searched (volát makes
    every capture; a figure needing a card held by the wrong side fails: tulétroá and
    XXI-fogás need the skíz, the only card over the XXI; pagátfogás failed, so does
    tulétroá). ``stats``: figure id → nodes searched for it, filled in; ``trick``: the
    number (0-based) of the trick ``s.leader`` leads, an ending's (the hands then hold what
    is left, the piles' cards played gone from their hands; the ladder's levels as given
    in ``fs.counts``); ``given``: verdicts known without a search (``other_given``), taken
    as they are."""
    from ..engine.counts import CountPosition, SearchLimitError

    solver = fs.solver_for(dealt)
    pos = CountPosition(tuple(dealt.hands), s.leader, trick)
    side = (s.me,)
    mine = dealt.hands[s.me]
    theirs = 0
    for x, h in enumerate(dealt.hands):
        theirs |= h if x != s.me else 0
    got: dict = dict(given or {})
    stats = {} if stats is None else stats

    def possible(fid) -> bool:
        return all((mine if whose == "mine" else theirs) >> card & 1
                   for whose, card in fs.counts[fid][2])

    def test(fid, points=None, k=None):
        """The figure's search (``points``, ``k``: the ladder's count and level instead)."""
        cnt, k0, needs = fs.counts[fid]
        if not possible(fid):
            return 0
        before = solver.nodes
        try:
            if points is not None:
                cnt, k0 = points, k
            return int(solver.reaches(pos, side, cnt, k0))
        except SearchLimitError:
            return UNKNOWN
        finally:
            stats[fid] = stats.get(fid, 0) + solver.nodes - before

    # the ladder: levels (id, threshold) from the lowest; volát the top where it is a level
    pts = fs.counts["jatek"][0]
    levels = [(f, fs.counts[f][1]) for f in ("jatek", "kassza", "duplajatek")]
    total = sum(int(pts.points[c]) for c in range(len(pts.points)) if pos.unplayed() >> c & 1)
    if all(int(pts.points[c]) > 0 for c in range(len(pts.points)) if pos.unplayed() >> c & 1):
        levels.append(("volat", total))     # every card a point: all the points, all tricks
    lo, hi = -1, len(levels)                # levels[lo] made, levels[hi] not
    unknown: set = set()
    i = 1                                   # kassza first: each answer halves the rest
    if all(f in got for f, _ in levels):    # given
        levels, i = [], None
    while i is not None:
        fid, k = levels[i]
        v = test(fid, pts, k)
        if v == UNKNOWN:
            unknown.add(i)
        elif v:
            lo = i
        else:
            hi = i
        # next: the untested level next above the highest made (below the lowest missed)
        todo = [j for j in range(lo + 1, hi) if j not in unknown]
        i = None if not todo else todo[0] if v == 1 else todo[-1]
    for j, (fid, _) in enumerate(levels):
        got[fid] = 1 if j <= lo else 0 if j >= hi else UNKNOWN
    if "volat" not in got:
        got["volat"] = 0 if got["duplajatek"] == 0 else test("volat")
    if got["volat"] == 1:
        for fid in ("pagatfogas", "xxi_fogas", "tuletroa", "negy_kiraly"):
            cnt, k, _ = fs.counts[fid]
            got[fid] = int(possible(fid) and solver.bounds(pos, cnt)[1] >= k)
    for fid in ("pagatfogas", "xxi_fogas"):
        if fid not in got:
            got[fid] = test(fid)
    if "tuletroa" not in got:
        # the other's I (XXI) captured is part of tulétroá: that capture failed, so did it
        failed = [f for f in ("pagatfogas", "xxi_fogas")
                  if got[f] == 0 and theirs >> fs.counts[f][2][-1][1] & 1]
        if failed:
            got["tuletroa"] = 0
        elif _only_the_pagat(fs, mine, theirs):
            # the same game as pagátfogás: either verdict is the other's
            if got["pagatfogas"] == UNKNOWN:
                got["pagatfogas"] = test("tuletroa")
            got["tuletroa"] = got["pagatfogas"]
        else:
            got["tuletroa"] = test("tuletroa")
    return _the_rest(got, test, fs, solver, pos, s.me)


def _only_the_pagat(fs: FigureSearch, mine: int, theirs: int) -> bool:
    """Is tulétroá the capture of the other's I alone (pagátfogás)? The seat holds the skíz
    and the XXI, which win every trick they are played to (nothing beats the skíz, and the
    XXI loses only to it), and every card is played: the two are captured on every line,
    the I held by another seat is the whole figure."""
    skiz = fs.counts["tuletroa"][2][0][1]
    xxi = fs.counts["xxi_fogas"][2][-1][1]
    pagat = fs.counts["pagatfogas"][2][-1][1]
    return bool(mine >> skiz & 1 and mine >> xxi & 1 and theirs >> pagat & 1)


def search_seats(fs: FigureSearch, dealt, seats: list, stats: list | None = None
                 ) -> tuple[int, ...]:
    """The figures of each setting of ``seats`` (the analysed seat's first, then the
    others', ``each_analysis.figure_seats``) on one deal, ``FIGURES`` each one after the
    other. Two-handed, each seat's verdicts decide some of the other's (``other_given``):
    the other's search takes the seat's, and what the other's then decide fills the seat's
    undecided ones (a verdict decided is never changed). ``stats``: one dict a seat, filled
    as ``search_figures``' ."""
    stats = [{} for _ in seats] if stats is None else stats
    mine = search_figures(fs, dealt, seats[0], stats[0])
    if len(seats) == 1:
        return mine
    given = other_given(fs, mine, dealt)
    theirs = [search_figures(fs, dealt, x, st, given=given)
              for x, st in zip(seats[1:], stats[1:])]
    if len(theirs) == 1:
        back = other_given(fs, theirs[0], dealt)
        mine = tuple(back.get(f, v) if v == UNKNOWN else v for f, v in zip(FIGURES, mine))
    return sum(theirs, mine)


def other_given(fs: FigureSearch, mine: tuple, dealt, trick: int = 0) -> dict:
    """What the analysed seat's verdicts ``mine`` (``FIGURES`` order) decide of the other
    player's in a two-handed game, zero-sum, without a search: every card's points are one
    player's or the other's (the count's total ``T``), so the seat forcing ``k`` holds the
    other below ``T - k + 1``: a level the seat made (``jatek`` at 48 of 94 and up) leaves
    the other none of its point levels (48 and up: 94 - 48 < 48) and no volát; the seat
    capturing the other's I (pagátfogás made) leaves it no pagátulti (its I winning the
    last trick). ``dealt``: the hands now (``T``: their cards' points), ``trick`` the
    number (0-based) of the trick about to be led."""
    if fs.setup.players != 2:
        return {}
    got = dict(zip(FIGURES, mine))
    out: dict = {}
    pts = fs.counts["jatek"][0]
    left = dealt.hands[0] | dealt.hands[1]
    total = (sum(int(pts.points[c]) for c in range(len(pts.points)) if left >> c & 1)
             + int(pts.trick_points[trick:].sum()))
    made = [fs.counts[f][1] for f in ("jatek", "kassza", "duplajatek") if got[f] == 1]
    if made and all(total - max(made) < fs.counts[f][1] for f in ("jatek", "kassza",
                                                                  "duplajatek")):
        out.update({"jatek": 0, "kassza": 0, "duplajatek": 0, "volat": 0})
    if got["pagatfogas"] == 1:
        out["pagatulti"] = 0
    return out


def _the_rest(got: dict, test, fs: FigureSearch, solver, pos, me: int) -> tuple:
    """The verdicts of ``got`` completed: each figure not yet in it by ``test``, the
    announcements (0 unless searched), in ``FIGURES`` order."""
    for fid in FIGURES:
        if fid not in got and fid not in ANNOUNCEMENTS:
            got[fid] = test(fid)
    got.update(announcements(fs, solver, pos, me) if fs.announce
               else {f: 0 for f in ANNOUNCEMENTS})
    return tuple(got[f] for f in FIGURES)


def announcements(fs: FigureSearch, solver, pos, me: int) -> dict:
    """The on-lead announcements' verdicts from ``pos`` (a trick start): 1 where some set of
    the announcement can be announced, ``UNKNOWN`` where none can and a search passed its
    limit, else 0 (``each_announce``)."""
    from .each_announce import MAX_NODES, can_announce, sets_of

    out = {}
    for fid, sets in sets_of(fs.game.deck(fs.setup)).items():
        got = [can_announce(solver, pos, me, m, MAX_NODES if fs.max_nodes else 0)
               for m in sets]
        out[fid] = 1 if True in got else UNKNOWN if None in got else 0
    return out


# -- deepening: more nodes where few deals are undecided ---------------------------------------

DEEPEN_NODES = 0
"""The nodes a Strohmandli analysis spends by default after its deals' first searches on the
figures left undecided (``deepen``): none. Measured on the benchmark hand's 16 deals (28.5M
first-pass nodes, 92 of 160 figure verdicts undecided): 16M more nodes (+55 % time) decided
2 of them (négy király), 6M none; the Python face's ``deepen_nodes`` asks for it."""
DEEPEN_FACTOR = 4
"""Each deepening round's node limit: the last one's times this."""


def implied(fs: FigureSearch, dealt, s: Setting, got: dict) -> dict:
    """``got`` (figure id → verdict) with what its verdicts imply filled in: the ladder (a
    level made makes those below, one missed misses those above and volát), a failed capture
    of the other's I or XXI fails tulétroá, tulétroá made makes them."""
    out = dict(got)
    ladder = ("jatek", "kassza", "duplajatek", "volat")
    for i, fid in enumerate(ladder):
        if out[fid] == 1:
            for f in ladder[:i]:
                out[f] = 1
        if out[fid] == 0:
            for f in ladder[i + 1:]:
                out[f] = 0
    theirs = 0
    for x, h in enumerate(dealt.hands):
        theirs |= h if x != s.me else 0
    for fid in ("pagatfogas", "xxi_fogas"):
        card = fs.counts[fid][2][-1][1]
        if theirs >> card & 1:
            if out[fid] == 0:
                out["tuletroa"] = 0
            if out["tuletroa"] == 1:
                out[fid] = 1
    return out


def refine(fs: FigureSearch, dealt, s: Setting, verdicts: tuple, fid: str, limit: int
           ) -> tuple[tuple, int]:
    """``verdicts`` (``FIGURES`` order) of one deal with figure ``fid`` searched again with a
    node limit of ``limit`` (it stays ``UNKNOWN`` past it) and what that implies
    (``implied``); and the nodes it took."""
    from ..engine.counts import CountPosition, CountSolver, SearchLimitError

    solver = CountSolver(fs.game.rules(fs.setup, dealt), table_bits=fs.table_bits,
                         max_nodes=limit)
    cnt, k, _ = fs.counts[fid]
    got = dict(zip(FIGURES, verdicts[:len(FIGURES)]))
    try:
        got[fid] = int(solver.reaches(CountPosition(tuple(dealt.hands), s.leader),
                                      (s.me,), cnt, k))
    except SearchLimitError:
        return verdicts, solver.nodes
    got = implied(fs, dealt, s, got)
    # (the other seats' verdicts after the seat's, --option others: kept as they are)
    return tuple(got[f] for f in FIGURES) + tuple(verdicts[len(FIGURES):]), solver.nodes


def deepen(fs: FigureSearch, s: Setting, deals: list, verdicts: list, budget: int,
           jobs: int = 1) -> int:
    """Search the figures undecided on ``deals`` (``verdicts``: one tuple a deal, replaced
    in place) again with limits growing by ``DEEPEN_FACTOR`` from ``fs.max_nodes``, the
    figure undecided on the fewest deals first, while ``budget`` nodes last: a figure's
    round runs only when every one of its searches could take the whole limit. Same deals
    and budget, same verdicts, whatever ``jobs``. Returns the nodes spent.

    Interrupted (Ctrl-C), ``verdicts`` hold the figures' rounds finished (a figure's round
    replaces its verdicts only when all its searches are done) and the
    ``KeyboardInterrupt`` carries their nodes as ``.spent``; the searches not started are
    dropped."""
    from concurrent.futures import ThreadPoolExecutor

    from .game_rounds import stop_pool

    spent, limit = 0, max(fs.max_nodes, 1) * DEEPEN_FACTOR
    if fs.max_nodes == 0:
        return 0
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        while True:
            ran = False
            left = {f: [i for i, v in enumerate(verdicts) if v[j] == UNKNOWN]
                    for j, f in enumerate(FIGURES)}
            searched = (f for f in FIGURES if left[f] and f in fs.counts)
            for fid in sorted(searched, key=lambda f: len(left[f])):
                todo = [i for i in left[fid] if verdicts[i][FIGURES.index(fid)] == UNKNOWN]
                if not todo or spent + len(todo) * limit > budget:
                    continue
                ran = True
                res = list(pool.map(lambda i: refine(fs, deals[i], s, verdicts[i], fid, limit),
                                    todo))
                for i, (v, nodes) in zip(todo, res):
                    verdicts[i] = v
                    spent += nodes
            if not ran:
                break
            limit *= DEEPEN_FACTOR
    except KeyboardInterrupt as e:
        e.spent = spent
        stop_pool(pool)
        raise
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)
    return spent
