"""What ``royal_sim.games`` and ``analysis.game_position`` give the commands: the goal under a
game's options, seat names in messages, the JSON of a game without card points, and the line
of optimal play found by null-window tests (the line of ``CountSolver.line``)."""

from __future__ import annotations

import pytest

from royal_sim.analysis.game_position import solve_game
from royal_sim.engine.counts import CountPosition, CountSolver
from royal_sim.games import GameError, get_game
from royal_sim.games.base import Dealt, new_state


def test_the_goal_follows_the_options():
    belote, harmas = get_game("belote"), get_game("harmas")
    assert belote.goal_of(belote.setup(trump="H")) == 82                   # of 162
    assert belote.goal_of(belote.setup(trump="NT")) == 66                  # of 130: aces 11
    assert belote.goal_of(belote.setup(trump="NT", flags=["official"])) == 82   # aces 19
    assert harmas.goal_of(harmas.setup()) == 34
    assert harmas.goal_of(harmas.setup(flags=["kezdo"])) == 48
    assert get_game("troggu").goal_of(get_game("troggu").setup(players=5)) == 54
    assert get_game("vier-anderle").goal_of(get_game("vier-anderle").setup()) is None


def test_named_seats_say_their_numbers_too():
    g = get_game("belote")
    s = g.setup(trump="S")
    assert g.parse_seat("3", s) == g.parse_seat("n", s) == 2
    with pytest.raises(GameError, match=r"seats: S, W, N, E or 1 to 4"):
        g.parse_seat("5", s)


def test_a_game_without_card_points_says_tricks():
    g = get_game("vier-anderle")
    s = g.setup(players=3)
    deck = g.deck(s)
    hands = tuple(deck.mask(h) for h in ("XXII I", "XXI SK", "XX HK"))
    sol = solve_game(g, s, Dealt(hands), declarer=1, cards=True)
    out = sol.to_json()
    # seat 1 leads against seat 2: XXII first draws XXI and I wins the last trick (seat 3
    # and seat 2 void); I first, seat 2 must overtake with XXI and wins a trick
    assert out["points"] == {"declarer": 0, "opponents": 0}
    assert out["tricks"] == {"declarer": 0, "opponents": 2}
    assert out["to_play"] == "1"
    assert [(c["card"], c["tricks"], c["best"]) for c in out["cards"]] == [
        ("XXII", 0, True), ("I", 1, False)]
    assert "goal" not in out


def _best_line(solver, pos, side, count):
    """The line by every legal card's exact count: each seat the lowest card id of the best
    value for it (what ``CountSolver.line`` finds with null-window tests)."""
    out = []
    while any(pos.hands):
        vals = solver.card_values(pos, side, count)
        best = (max if pos.to_play in side else min)(vals.values())
        c = min(c for c, v in vals.items() if v == best)
        out.append(c)
        pos, _ = solver.play(pos, c, side, count)
    return out


@pytest.mark.parametrize("game, seed, cut", [("belote", 4, 6), ("modositott", 2, 5),
                                             ("droggn", 5, 5), ("troggu", 6, 5),
                                             ("strohmandli", 7, 6), ("harmas", 8, 5)])
def test_the_line_is_the_solvers_line_and_keeps_the_count(game, seed, cut):
    g = get_game(game)
    s = g.setup(trump="D" if g.trumps else None)
    dealt = g.deal(new_state(seed), s)
    deck = g.deck(s)
    hands = tuple(sum(1 << c for c in [c for c in range(deck.n_cards) if h >> c & 1][-cut:])
                  for h in dealt.hands)
    sol = solve_game(g, s, Dealt(hands), declarer=seed % s.players)
    solver = CountSolver(g.rules(s))
    pos = CountPosition(hands, sol.leader, g.n_tricks(s) - cut)
    count = g.count(s)
    assert [c for _, cards, _ in sol.line for c in cards] == _best_line(solver, pos, sol.side,
                                                                        count)
    got = 0
    for leader, cards, winner in sol.line:
        for c in cards:
            pos, pts = solver.play(pos, c, sol.side, count)
            got += pts
        assert pos.leader == winner
    assert got == sol.points == solver.value(CountPosition(hands, sol.leader,
                                                           g.n_tricks(s) - cut),
                                             sol.side, count)
