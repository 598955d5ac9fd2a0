"""Long searches of the other games as a user meets them (a fresh user's probe, issue 48):
``solve --game`` past ``--max-nodes`` prints what it decided and exits 3, with progress on
stderr while it searches; Ctrl-C stops a search under way (a numba kernel) at its next node;
the compile note shows only when numba compiles; ``--jobs`` above the cores is a note."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import threading
import time

import pytest
from click.testing import CliRunner

from royal_sim.analysis import game_rounds as GR
from royal_sim.cli import main
from royal_sim.cli import progress as P

FULL = ("XIX XVI XIII XII VI V I C10 HK HQ HN DN | HJ SN SJ | X XVIII S10 | II DJ XI / "
        "XXII XX XIV VII IV III CK CQ CJ DK DQ DA | HA SQ VIII | XV XVII XXI | IX SK CN")
"""A full Strohmandli deal (``deal --game strohmandli --seed 3``): its count's search runs
past 300,000,000 nodes."""
ENDING = "XIX XIII VI I HK HN / XXII XIV VII III CK CJ"
"""An ending of six tricks cut from ``FULL``'s hands."""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_past_max_nodes_solve_says_what_it_decided_and_exits_3():
    exact = run("solve", "--game", "strohmandli", ENDING, "--json")
    assert exact.exit_code == 0, exact.output
    value = json.loads(exact.stdout)["points"]["declarer"]
    for limit in (1, 30, 300):
        r = run("solve", "--game", "strohmandli", ENDING, "--json", "--max-nodes", limit)
        assert r.exit_code == 3, r.output
        got = json.loads(r.stdout)
        assert got["stopped"] == "max_nodes" and got["max_nodes"] == limit
        c = got["count"]
        assert c["unit"] == "points" and c["at_least"] <= value <= c["at_most"], (c, value)
        (line,) = r.stderr.splitlines()
        assert line.startswith("Stopped: a search passed --max-nodes") and "not decided" in line
    r = run("solve", "--game", "strohmandli", FULL, "--max-nodes", 200_000)
    assert r.exit_code == 3 and "Traceback" not in r.output
    assert "within the node limit" in r.stdout and "not decided" in r.stdout
    assert "--max-nodes 2,000,000" in r.stderr     # how to raise it


def test_a_long_solve_shows_its_progress_off_a_terminal(monkeypatch):
    monkeypatch.setattr(P, "LOG_EVERY", 0.0)
    monkeypatch.setattr(P, "TICK", 0.01)
    r = run("solve", "--game", "strohmandli", FULL, "--max-nodes", 3_000_000)
    assert r.exit_code == 3
    lines = [ln for ln in r.stderr.splitlines() if ln.startswith("Solving: ")]
    assert lines and all(re.search(r"; [\d,]+ nodes, \d+ s$", ln) for ln in lines), r.stderr
    assert "the declarer side's points: " in lines[-1]


def test_a_stopped_search_ends_at_its_next_node_and_refuses_more():
    from royal_sim.cli.games import game_setup
    from royal_sim.engine.counts import CountPosition, CountSolver, SearchStopped
    from royal_sim.games import get_game

    g = get_game("strohmandli")
    s = game_setup(g, None, None, (), False)
    d = g.parse_deal(FULL, s)
    solver = CountSolver(g.rules(s, d))
    pos = CountPosition(tuple(d.hands), 0)
    timer = threading.Timer(0.3, solver.stop)
    timer.start()
    with pytest.raises(SearchStopped):
        solver.reaches(pos, (0,), g.count(s), 24)      # past 300,000,000 nodes unstopped
    with pytest.raises(SearchStopped):
        solver.value(pos, (0,), g.count(s))


def test_ctrl_c_stops_the_searches_under_way():
    """The deals are searched off the main thread (even on one), so Ctrl-C reaches it while
    a kernel runs, and ``stop`` ends the searches under way: a search that would never end
    alone."""
    stopped = threading.Event()
    where = []

    class Worker:
        def stop(self):
            stopped.set()

    def search(worker, deal):
        where.append(threading.current_thread() is threading.main_thread())
        if deal == 2:
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
            assert stopped.wait(30), "never stopped"
            raise KeyboardInterrupt
        return deal

    with pytest.raises(KeyboardInterrupt) as info:
        GR.run_rounds(itertools.count(), search, Worker, [10], jobs=1,
                      stop=lambda w: w.stop())
    assert stopped.is_set() and not any(where)
    partial = info.value.partial            # deal 1 may end after the interrupt came
    assert partial is None or partial.deals in ([0], [0, 1])


def test_vier_anderle_of_13_interrupted_keeps_its_finished_deals(monkeypatch):
    """Ctrl-C while deal 2 of 13 seats is searched stops it at once: the figures are of the
    first deal alone. (A deal of 13 seats takes milliseconds since the count search's
    bounds: deal 2 searches its position over and over until the stop reaches it.)"""
    from royal_sim.analysis import each_analysis as E

    search = E.search_tricks
    ended = []

    def interrupting(ts, hands, s):
        n = interrupting.n
        interrupting.n += 1
        if n != 1:
            return search(ts, hands, s)
        threading.Timer(0.3, lambda: signal.pthread_kill(
            threading.main_thread().ident, signal.SIGINT)).start()
        deadline = time.monotonic() + 20       # (a lost Ctrl-C fails the test, not hangs it)
        try:
            while time.monotonic() < deadline:
                search(ts, hands, s)
        except BaseException as e:
            ended.append(type(e).__name__)
            raise
        return search(ts, hands, s)

    interrupting.n = 0
    monkeypatch.setattr(E, "search_tricks", interrupting)
    r = run("analyze", "--game", "vier-anderle", "XXI XII IV HN", "--seat", 1, "--players",
            13, "--samples", 50, "--jobs", 1, "--json")
    assert r.exit_code == 130, r.output
    got = json.loads(r.stdout)
    assert got["interrupted"] and got["deals"] == 1
    assert ended == ["SearchStopped"]       # deal 2 stopped, not searched to its end


def test_the_compile_note_is_for_a_compile_only():
    from numba import njit

    from royal_sim.jit import kernel

    calls = []

    def fresh(x):
        return x + 1
    fresh.__module__ = "royal_sim.probe"
    with P.compile_watch(lambda: calls.append(1)):
        njit(fresh)(1)
        njit(fresh)(2)
    assert calls == [1]                     # once, however many compiles

    @kernel
    def cached(x):
        return x * 2
    cached(3)                               # compiled (or loaded) before the watch
    with P.compile_watch(lambda: calls.append(2)):
        cached(4)
    assert calls == [1]


def test_jobs_above_the_cores_is_a_note_in_every_analysis(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert GR.jobs_of(99) == 2 and GR.jobs_of(1) == 1 and GR.jobs_of(None) == 2
    r = run("analyze", "--game", "vier-anderle", "XXI XII IV HN", "--seat", 1, "--samples", 3,
            "--jobs", 99)
    assert r.exit_code == 0, r.output
    assert "Note: --jobs 99, but this machine runs 2 thread(s) at most: searching on 2." \
        in r.stderr
    r = run("analyze", "--game", "vier-anderle", "XXI XII IV HX", "--seat", 1, "--jobs", 99)
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1     # the error alone


def test_ctrl_c_in_a_long_solve_answers_at_once_with_what_was_decided(monkeypatch):
    """The search runs off the main thread: Ctrl-C stops it at its next node (a full
    deal's count runs past 300,000,000 nodes unstopped) and the bounds found are printed,
    exit 130."""
    stage = P.SearchProgress.stage
    stopped = []

    def staged(self, words, solver):
        if not stopped:
            stopped.append(solver)
            threading.Timer(0.5, lambda: signal.pthread_kill(
                threading.main_thread().ident, signal.SIGINT)).start()
        stage(self, words, solver)

    monkeypatch.setattr(P.SearchProgress, "stage", staged)
    r = run("solve", "--game", "strohmandli", FULL, "--json")
    assert r.exit_code == 130, r.output
    got = json.loads(r.stdout)
    assert got["stopped"] == "interrupted" and got["interrupted"] is True
    assert got["nodes"] < 300_000_000 and stopped[0].stopped
    assert 0 <= got["count"]["at_least"] <= got["count"]["at_most"] <= 94
    assert r.stderr.startswith("Interrupted (") and "not decided" in r.stderr
