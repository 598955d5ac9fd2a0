"""One deal or ending of any game of ``royal_sim.games`` solved double dummy: the declarer
side's count against the coalition of all other seats (``spec/other-games.md`` §0, §9), the
tricks on one optimal line, every legal card's count.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.counts import CountPosition, CountSolver, SearchLimitError, SearchStopped
from ..errors import DealError, SearchLimit
from ..games.base import Dealt, Game, Setup


@dataclass
class GameSolution:
    """A solved position of ``game``: ``declarer``'s side counts ``points`` (the most it can,
    every card seen, the others playing together against it) of ``total`` still to come;
    ``line``: one optimal line, trick by trick ``(leader, [cards], winner)``; ``cards``: with
    ``--cards``, each legal card of the seat to play → the side's count after it;
    ``table``: the cards already on the table of the current trick (``leader`` led it);
    ``to_play``: the seat to play now. A game without card points (Vier-Anderle) counts
    tricks: ``points`` is then the tricks the side forces, ``to_json`` says it as tricks."""

    game: Game
    setup: Setup
    declarer: int
    side: tuple[int, ...]
    leader: int
    points: int
    total: int
    line: list
    cards: dict | None
    to_play: int
    table: tuple[int, ...] = ()
    card_points: bool = True

    @property
    def tricks(self) -> int:
        """The side's tricks on ``line`` (the current trick included)."""
        return sum(1 for _, _, w in self.line if w in self.side)

    @property
    def best(self) -> int | None:
        """With ``cards``: the best card's count for the seat to play (the side's most or the
        others' least), equal to ``points``."""
        if not self.cards:
            return None
        pick = max if self.to_play in self.side else min
        return pick(self.cards.values())

    def to_json(self) -> dict:
        """``spec/other-games.md`` §9: ``game``, ``leader``, ``declarer``, ``side``,
        ``points`` (``declarer`` + ``opponents`` = the position's total; both 0 in a game
        without card points), ``tricks`` (on the line, adding to the tricks left), ``trump``
        (belote), ``goal`` (the game's threshold against ``points``: the piles not added),
        ``to_play``, ``trick`` (the cards on the table) and, with ``cards``, every legal card,
        the best first (``best``; ``points``, or ``tricks`` without card points)."""
        g, s = self.game, self.setup
        deck = g.deck(s)
        pts = ({"declarer": self.points, "opponents": self.total - self.points}
               if self.card_points else {"declarer": 0, "opponents": 0})
        out = {"game": g.id, "leader": g.seat_name(self.leader, s),
               "declarer": g.seat_name(self.declarer, s),
               "side": [g.seat_name(x, s) for x in self.side],
               "points": pts,
               "tricks": {"declarer": self.tricks,
                          "opponents": len(self.line) - self.tricks},
               "to_play": g.seat_name(self.to_play, s),
               "trick": [deck.card_names[c] for c in self.table]}
        if g.trumps and s.trump is not None:
            out["trump"] = g.trump_name(s)
        goal = g.goal_of(s)
        if goal is not None:
            out["goal"] = {"points": goal, "made": self.points >= goal}
        if self.cards is not None:
            best = self.best
            rows = []
            for c, v in self.ordered_cards():
                row = {"card": deck.card_names[c]}
                row.update({"points": v} if self.card_points else {"tricks": v, "points": 0})
                row["best"] = v == best
                rows.append(row)
            out["cards"] = rows
        return out

    def ordered_cards(self) -> list[tuple[int, int]]:
        """``cards`` as ``(card, count)``, the best for the seat to play first (then by id)."""
        mine = self.to_play in self.side
        return sorted((self.cards or {}).items(), key=lambda kv: -kv[1] if mine else kv[1])


MAX_NODES = 300_000_000
"""The default node limit of ``solve_game``'s value search and of each later search (some
20 to 40 s on one core)."""


@dataclass(frozen=True)
class Unsolved:
    """What ``solve_game`` had decided when a search passed its node limit: the declarer
    side's count lies in ``at_least`` … ``at_most`` (equal: the count was decided and the
    ``stage`` after it, ``"line"`` or ``"cards"``, was not); ``nodes`` searched in all."""

    at_least: int
    at_most: int
    stage: str
    nodes: int

    @property
    def decided(self) -> bool:
        return self.at_least == self.at_most


def solve_game(game: Game, setup: Setup, dealt: Dealt, *, declarer: int,
               leader: int | None = None, table: tuple[int, ...] = (),
               cards: bool = False, line: bool = True,
               max_nodes: int = MAX_NODES, progress=None,
               side: tuple[int, ...] | None = None) -> GameSolution:
    """Solve the position of ``dealt`` (the hands now) with ``table`` on the table of the
    current trick, ``leader`` its leader (default the game's rule). The count's search stops
    after ``max_nodes`` nodes in all, each later search (a card of the line, ``cards``) after
    ``max_nodes`` of its own (0: no limit). ``progress(words, solver)``, if given, is called
    as each stage starts: ``words`` what is searched and known so far (``"the count: 48 to
    71"``), ``solver`` the ``CountSolver`` searching (``.nodes`` so far and ``.stop()``, from
    another thread while a search runs). Raises ``DealError`` for a card on the table that
    breaks the rules of play, ``SearchLimit`` (argument ``max_nodes``) for a search past its
    limit, ``engine.counts.SearchStopped`` (a ``KeyboardInterrupt``) for a search stopped;
    both carry what was decided as ``.unsolved`` (``Unsolved``). ``side``: the seats
    counting with the declarer where the deal decides them (módosított's called partner,
    ``declarer_deal.partner_side``); default ``game.declarer_side``."""
    return _solve_game(game, setup, dealt, declarer, leader, table, cards, line, max_nodes,
                       progress or (lambda words, solver: None),
                       side or game.declarer_side(declarer, setup))


def _limit(game: Game, unsolved: Unsolved, max_nodes: int) -> SearchLimit:
    e = SearchLimit(f"{game.id}: a search passed `max_nodes` ({max_nodes:,} nodes) before it "
                    "had an answer (a full deal of some games takes minutes): solve an ending "
                    "with fewer cards, or raise `max_nodes` (0: no limit)",
                    argument="max_nodes")
    e.unsolved = unsolved
    return e


def replay_trick(game: Game, setup: Setup, dealt: Dealt, *, declarer: int,
                 leader: int | None = None, table: tuple[int, ...] = (),
                 side: tuple[int, ...] | None = None) -> CountPosition:
    """The position of ``dealt`` (the hands now) with ``table`` replayed onto the current
    trick under the game's rules, ``leader`` its leader (default the game's rule), ``side``
    as ``solve_game``'s. Raises ``DealError`` (argument ``trick``) for a card of ``table``
    that breaks them."""
    solver = CountSolver(game.rules(setup, dealt), table_bits=4)
    count = game.count(setup)
    side = side or game.declarer_side(declarer, setup)
    lead = game.default_leader(declarer, setup) if leader is None else leader
    cards_left = max(int(h).bit_count() for h in dealt.hands)
    pos = CountPosition(tuple(dealt.hands), lead, game.n_tricks(setup) - cards_left, ())
    deck = game.deck(setup)
    for c in table:
        seat = pos.to_play
        h = list(pos.hands)
        h[seat] |= 1 << c
        pos = CountPosition(tuple(h), pos.leader, pos.trick, pos.table)
        if not solver.legal(pos) >> c & 1:
            raise DealError(f"{deck.card_names[c]} is not a legal card for seat "
                            f"{game.seat_name(seat, setup)} in {game.id} here (the trick so "
                            f"far: {deck.format_cards(pos.table) or 'none'})",
                            argument="trick")
        pos, _ = solver.play(pos, c, side, count)
    return pos


def _solve_game(game, setup, dealt, declarer, leader, table, cards, line, max_nodes,
                progress, side):
    rules = game.rules(setup, dealt)
    count = game.count(setup)
    solver = CountSolver(rules, max_nodes=max_nodes)
    pos = replay_trick(game, setup, dealt, declarer=declarer, leader=leader, table=table,
                       side=side)
    lo, hi = solver.bounds(pos, count)
    unit = "points" if count.points.any() else "tricks"
    goal = game.goal_of(setup)
    guess = goal if goal is not None and lo < goal <= hi else None
    try:
        while lo < hi:          # the count: null-window tests, the goal first, then halving
            g = guess if guess is not None else (lo + hi + 1) // 2
            guess = None
            progress(f"the declarer side's {unit}: {lo} to {hi} so far", solver)
            solver.max_nodes = max_nodes and max(1, max_nodes - solver.nodes)
            if solver.reaches(pos, side, count, g):
                lo = g
            else:
                hi = g - 1
    except SearchLimitError:
        raise _limit(game, Unsolved(lo, hi, "count", solver.nodes), max_nodes) from None
    except SearchStopped as e:
        e.unsolved = Unsolved(lo, hi, "count", solver.nodes)
        raise
    value = lo
    solver.max_nodes = max_nodes
    stage = "cards"
    try:
        values = None
        if cards:
            progress(f"the declarer side's {unit}: {value}; every legal card", solver)
            values = solver.card_values(pos, side, count)
        stage = "line"
        progress(f"the declarer side's {unit}: {value}; one optimal line", solver)
        moves = _line(solver, pos, side, count, setup.players, value) if line else []
    except SearchLimitError:
        raise _limit(game, Unsolved(value, value, stage, solver.nodes), max_nodes) from None
    except SearchStopped as e:
        e.unsolved = Unsolved(value, value, stage, solver.nodes)
        raise
    total = _position_total(pos, count, rules.n_cards)
    lead = game.default_leader(declarer, setup) if leader is None else leader
    return GameSolution(game, setup, declarer, side, lead, value, total, moves, values,
                        pos.to_play, tuple(table), bool(count.points.any()))


def _position_total(pos: CountPosition, count, n_cards: int) -> int:
    """What the count of every seat adds up to from ``pos``: the points of the cards not yet
    in a finished trick and every trick's terms (each trick is someone's)."""
    pts = sum(int(count.points[c]) for c in range(n_cards) if pos.unplayed() >> c & 1)
    return pts + sum(int(x) for x in count.trick_points[pos.trick:])


def _line(solver: CountSolver, pos: CountPosition, side, count, n: int, value: int) -> list:
    """One optimal line from ``pos`` (the side counts ``value`` from it), grouped by trick:
    ``[(leader, [cards], winner), …]``, the current trick first (``CountSolver.line``)."""
    out, cur, lead = [], list(pos.table), pos.leader
    for c in solver.line(pos, side, count, value):
        cur.append(c)
        pos, _ = solver.play(pos, c, side, count)
        if len(cur) == n:
            out.append((lead, cur, pos.leader))
            cur, lead = [], pos.leader
    return out
