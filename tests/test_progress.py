"""Progress on a terminal (issue 50): the clock moves while nothing reports (the first
compile of the kernels takes up to a minute before the first deal is done), and a
precision-driven run shows how far it is toward what ends it, not its steps against the
cap."""

import io
import re
import time

import pytest

import royal_sim.cli.live as L
import royal_sim.cli.progress as P


class Clock:
    """A ``time.monotonic`` moved by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self):
        return True


def wait_for(stream, text, seconds=5.0):
    """Wait until ``text`` is written to ``stream`` (drawn by a thread), or give up (the
    clock is counted in sleeps: ``time.monotonic`` is the test's)."""
    for _ in range(int(seconds / 0.02)):
        if text in stream.getvalue():
            break
        time.sleep(0.02)
    return stream.getvalue()


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(P.time, "monotonic", c)
    monkeypatch.setattr(P, "TICK", 0.02)
    monkeypatch.setenv("COLUMNS", "80")
    return c


def terminal(monkeypatch) -> Terminal:
    """stderr a terminal (set in the test: pytest's capture sets sys.stderr again between
    the fixtures and the test)."""
    t = Terminal()
    monkeypatch.setattr("sys.stderr", t)
    return t


def test_elapsed_words():
    assert [P.elapsed_words(s) for s in (0, 7.9, 59, 60, 65, 3599, 3725)] == [
        "0 s", "7 s", "59 s", "1 min 00 s", "1 min 05 s", "59 min 59 s", "1 h 02 min"]


def test_the_live_status_clock_moves_while_the_kernels_compile(monkeypatch):
    """analyze on a terminal: before any deal is done (the kernels compiling) the status
    line is drawn again every refresh, its time moving (it stood at '1 s' for 30 s)."""
    from rich.console import Console

    c = Clock()
    monkeypatch.setattr(L.time, "monotonic", c)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True)
    with L.LiveTable(lambda *a: "", note=" (compiling the search kernels first)",
                     console=console, refresh_per_second=50):
        assert "0 deal searches, 0 s" in wait_for(out, "0 deal searches, 0 s")
        c.now += 7
        assert "0 deal searches, 7 s" in wait_for(out, "0 deal searches, 7 s")
        c.now += 60
        assert "0 deal searches, 1 min 07 s" in wait_for(out, "1 min 07 s")
    assert "(compiling the search" in out.getvalue()


def test_the_bar_clock_moves_while_the_kernels_compile(clock, monkeypatch):
    """advise, batch, analyze with stdout not a terminal: the note on a line of its own,
    then a bar whose time since the start moves while no step is done."""
    stderr = terminal(monkeypatch)
    with P.Progress(42, "searching deals", note=" (compiling the search kernels first)") as bar:
        bar.update(0)
        clock.now += 5
        assert "0/42  5 s" in wait_for(stderr, "0/42  5 s")
        clock.now += 2
        bar.update(6)
        clock.now += 3
        bar.update(6)
        # the time left from the rate since the first steps, not counting the compile
        assert "12/42  10 s, about 15 s left" in wait_for(stderr, "about 15 s left")
    text = stderr.getvalue()
    assert text.startswith("searching deals (compiling the search kernels first)...\n")
    lines = re.sub(r"\x1b\[[?0-9;]*[a-zA-Z]", "", text).replace("\r", "\n").splitlines()
    assert all(len(x) < 80 for x in lines), lines


def test_solve_and_review_wait_with_a_moving_clock(clock, monkeypatch):
    stderr = terminal(monkeypatch)
    with P.compiling(" (compiling the search kernels first)", "Solving"):
        clock.now += 4
        wait_for(stderr, "first)... 4 s")
    text = stderr.getvalue()
    assert "\rSolving (compiling the search kernels first)... 0 s" in text
    assert "\rSolving (compiling the search kernels first)... 4 s" in text
    assert text.endswith("\n")
    # no note (a warm cache): nothing
    with P.compiling("", "Solving"):
        pass
    assert stderr.getvalue() == text


def test_off_a_terminal_the_compile_line_is_written_once(clock, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr("sys.stderr", out)
    with P.compiling(" (compiling the search kernels first)", "Solving"):
        clock.now += 4
        time.sleep(0.1)
    assert out.getvalue() == "Solving (compiling the search kernels first)...\n"


# --- point 6: the bar of a precision-driven run fills toward what ends it ----------------


def test_a_run_that_ends_by_its_rule_fills_toward_it_not_the_cap(clock, monkeypatch):
    """advise's bar counted deals against the cap ('42/10000') and never filled, the run
    ending at 400: it fills as the slems settle and the sets are told apart, the deals
    counted 'so far'."""
    stderr = terminal(monkeypatch)
    until = "each slem until +-5% and the sets told apart, at most 10,000"
    with P.Progress(10_000, "searching deals", until=until) as bar:
        bar.update(0)
        bar.update(42)
        bar.reach(3, 4, "2/3 slems settled, 1/1 sets apart")
        text = wait_for(stderr, "42 so far, 2/3 slems settled, 1/1 sets apart")
        assert "42 so far, 2/3 slems settled, 1/1 sets apart" in text
        line = text.split("\r")[-1]
        assert "/10000" not in line and "/10,000" not in line
        filled = re.search(r"\[([#-]+)\]", line).group(1)
        assert filled.count("#") == int(0.75 * len(filled))


def test_the_cap_fills_the_bar_when_it_is_nearer(clock, monkeypatch):
    stderr = terminal(monkeypatch)
    with P.Progress(100, "searching deals", until="each slem until +-5%, at most 100") as bar:
        bar.update(90)
        bar.reach(0, 4, "0/4 slems settled")
        line = wait_for(stderr, "0/4").split("\r")[-1]
        filled = re.search(r"\[([#-]+)\]", line).group(1)
        assert filled.count("#") == int(0.9 * len(filled))


def test_off_a_terminal_the_lines_say_how_far_the_run_is(monkeypatch):
    from click.testing import CliRunner

    from royal_sim.cli import main

    monkeypatch.setattr(P, "LOG_EVERY", 0.0)
    r = CliRunner().invoke(main, ["advise", "XIX XVIII XVI XIII X VIII III CK CQ SK",
                                  "--seat", "A_ELF", "--precision", "0.1", "--only",
                                  "gem,vizi,kassza"])
    assert r.exit_code == 0, r.output
    # a cold kernel cache adds a compile note to the lines: not what is tested here
    lines = [re.sub(r" \(compiling[^)]*\)", "", x) for x in r.stderr.splitlines()]
    until = "each slem until +-10% and the sets told apart, at most 10,000"
    assert all(x.endswith(until) for x in lines), lines
    assert any("slems settled, " in x and "sets apart)" in x for x in lines), lines


def test_the_advice_says_how_many_sets_are_told_apart():
    from royal_sim.api import request_advice

    request = request_advice("XIX XVIII XVI XIII X VIII III CK CQ SK", "A_ELF",
                             precision=0.1, only="gem,vizi,kassza")
    seen = []
    request.run(on_update=lambda report: seen.append((report.analysis.rounds,
                                                      request.sets_apart())))
    assert all(apart is None for rounds, apart in seen if rounds == 0)
    after = [apart for rounds, apart in seen if rounds]
    assert after and all(0 <= a <= n for a, n in after)


def test_analyzes_live_status_says_how_many_slems_are_settled():
    from rich.console import Console

    from royal_sim.api import request_analysis
    from royal_sim.cli.analyze import goal_words

    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    live = L.LiveTable(lambda *a: "table", console=console, goal=lambda r: "2/3 slems settled")
    with live:
        live.update(None)
        assert "s; 2/3 slems settled (Ctrl-C stops" in live.status()
    request = request_analysis("XIX XVIII XVI XIII X VIII III CK CQ SK", "A_ELF",
                               precision=0.3, only="gem,vizi")
    seen = []
    report = request.run(on_update=lambda r: seen.append(goal_words(request, r)))
    assert seen[0] == (0, 2, "0/2 slems settled")      # a first look: none settled yet
    assert seen[-1] == goal_words(request, report) == (2, 2, "2/2 slems settled")
