"""The search counters behind ``Solver.stats()`` / ``Tables.stats()``."""

import math

from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.play_rules import bridge_play_rules
from royal_sim.engine.solver import SearchStats, Solver, Tables


def test_stats_count_nodes_trick_starts_and_cutoffs():
    s = Solver(TAROKK_PLAY)
    s0 = s.stats()
    assert s0.nodes == 0 and s0.trick_starts == 0 and math.isnan(s0.first_move_rate(0))
    s.max_tricks((0x8860288920, 0x5310805401, 0x2485032084, 0xa54025a), 0, 1)
    st = s.stats() - s0
    assert isinstance(st, SearchStats)
    assert st.nodes == s.nodes > st.trick_starts > 0
    assert sum(st.nodes_per_trick) == st.nodes
    for k in range(4):
        assert 0 <= st.first_cutoffs[k] <= st.cutoffs[k]
        assert 0.0 <= st.first_move_rate(k) <= 1.0
    assert (st + s0) == st


def test_tables_stats_sum_rows():
    t = Tables(rows=2, tt_bits=10)
    t.ctx[0, 0] = 5
    t.ctx[1, 0] = 7
    assert t.stats().nodes == 12 == t.nodes


def test_bridge_stats():
    s = Solver(bridge_play_rules(0))
    hands = (0b1111 << 9, 0b1111 << 22, 0b1111 << 35, 0b1111 << 48)
    s.max_tricks(hands, 0, 10, 0)
    st = s.stats()
    assert st.trick_starts >= 1 and st.nodes >= st.trick_starts
