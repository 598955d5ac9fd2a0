"""One deal or ending of any game of ``royal_sim.games`` solved double dummy: the declarer
side's count against the coalition of all other seats (``spec/other-games.md`` §0, §9), the
tricks on one optimal line, every legal card's count.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.counts import CountPosition, CountSolver
from ..errors import DealError
from ..games.base import Dealt, Game, Setup


@dataclass
class GameSolution:
    """A solved position of ``game``: ``declarer``'s side counts ``points`` (the most it can,
    every card seen, the others playing together against it) of ``total`` still to come;
    ``line``: one optimal line, trick by trick ``(leader, [cards], winner)``; ``cards``: with
    ``--cards``, each legal card of the seat to play → the side's count after it."""

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

    @property
    def tricks(self) -> int:
        return sum(1 for _, _, w in self.line if w in self.side)

    def to_json(self) -> dict:
        g, s = self.game, self.setup
        out = {"game": g.id, "leader": g.seat_name(self.leader, s),
               "declarer": g.seat_name(self.declarer, s),
               "side": [g.seat_name(x, s) for x in self.side],
               "points": {"declarer": self.points, "opponents": self.total - self.points},
               "tricks": {"declarer": self.tricks,
                          "opponents": len(self.line) - self.tricks}}
        if g.trumps and s.trump is not None:
            out["trump"] = g.trump_name(s)
        if g.goal is not None:
            out["goal"] = {"points": g.goal, "made": self.points >= g.goal}
        if self.cards is not None:
            deck = g.deck(s)
            out["to_play"] = g.seat_name(self.to_play, s)
            out["cards"] = [{"card": deck.card_names[c], "points": v}
                            for c, v in sorted(self.cards.items(),
                                               key=lambda kv: (-kv[1] if self.to_play
                                                               in self.side else kv[1]))]
        return out


def solve_game(game: Game, setup: Setup, dealt: Dealt, *, declarer: int,
               leader: int | None = None, table: tuple[int, ...] = (),
               cards: bool = False, line: bool = True) -> GameSolution:
    """Solve the position of ``dealt`` (the hands now) with ``table`` on the table of the
    current trick, ``leader`` its leader (default the game's rule). Raises ``DealError`` for
    a card on the table that breaks the rules of play."""
    rules = game.rules(setup, dealt)
    count = game.count(setup)
    solver = CountSolver(rules)
    side = game.declarer_side(declarer, setup)
    lead = game.default_leader(declarer, setup) if leader is None else leader
    n = setup.players
    cards_left = max(int(h).bit_count() for h in dealt.hands)
    trick = game.n_tricks(setup) - cards_left
    pos = CountPosition(tuple(dealt.hands), lead, trick, ())
    deck = game.deck(setup)
    for c in table:                 # replay the trick so far under the rules
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
    value = solver.value(pos, side, count)
    total = _position_total(pos, count, rules.n_cards)
    values = solver.card_values(pos, side, count) if cards else None
    moves = _line(solver, pos, side, count, n) if line else []
    return GameSolution(game, setup, declarer, side, lead, value, total, moves, values,
                        pos.to_play)


def _position_total(pos: CountPosition, count, n_cards: int) -> int:
    """What the count of every seat adds up to from ``pos``: the points of the cards not yet
    in a finished trick and every trick's terms (each trick is someone's)."""
    pts = sum(int(count.points[c]) for c in range(n_cards) if pos.unplayed() >> c & 1)
    return pts + sum(int(x) for x in count.trick_points[pos.trick:])


def _line(solver: CountSolver, pos: CountPosition, side, count, n: int) -> list:
    """One optimal line, grouped by trick: ``[(leader, [cards], winner), …]``."""
    out, cur, lead = [], list(pos.table), pos.leader
    for c in solver.line(pos, side, count):
        cur.append(c)
        pos, _ = solver.play(pos, c, side, count)
        if len(cur) == n:
            out.append((lead, cur, pos.leader))
            cur, lead = [], pos.leader
    return out
