"""Ctrl-C in an analysis of another game (``analyze --game ID``): the deals finished are kept
and shown, text and ``--json``, each saying the run was interrupted (``"interrupted":
true``, exit 130), even when a second interrupt comes while the running deals finish (Ctrl-C
pressed again; ``timeout -s INT`` signals the process and its group: two SIGINTs)."""

from __future__ import annotations

import itertools
import json
import signal
import threading
import time

import pytest
from click.testing import CliRunner

from royal_sim.analysis import each_analysis as E
from royal_sim.analysis import game_rounds as GR
from royal_sim.cli import main
from royal_sim.cli import progress as P

TROGGU = "II III IV V VI VII S7 S8 C7 C8 HA H2 DA D2 SJ CJ"
STROH = "XXII XXI XX XVIII XV XII IX SK SQ HK HN DJ | V CK SN | II HA | CQ"


def _interrupt_main():
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


def test_a_second_interrupt_while_the_running_deals_finish_keeps_the_first_ones():
    """Deals 0-3 at once; deal 4 interrupts the main thread (waiting for it) and runs on;
    deal 5 interrupts it again while it waits for deals 4 and 5 to finish."""
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

    def search(worker, deal):
        if deal == 4:
            time.sleep(0.2)
            _interrupt_main()
            time.sleep(0.6)
        elif deal == 5:
            time.sleep(0.4)
            _interrupt_main()
            time.sleep(0.2)
        return deal

    with pytest.raises(KeyboardInterrupt) as info:
        GR.run_rounds(itertools.count(), search, lambda: None, [20], jobs=2)
    partial = info.value.partial
    assert partial is not None and partial.interrupted
    assert partial.deals == partial.verdicts == [0, 1, 2, 3]


def _ctrl_c_after(monkeypatch, n: int) -> None:
    """Ctrl-C in the main thread once ``n`` deals are finished (the progress bar's count)."""
    update = P.Progress.update

    def interrupted(self, k: int = 1) -> None:
        update(self, k)
        self.finished = getattr(self, "finished", 0) + k
        if self.finished >= n:
            raise KeyboardInterrupt

    monkeypatch.setattr(P.Progress, "update", interrupted)


@pytest.mark.parametrize("args", [
    ["--game", "troggu", TROGGU, "--seat", "1", "--contract", "mizer", "--samples", "6"],
    ["--game", "strohmandli", STROH, "--seat", "1", "--samples", "6"],
    ["--game", "vier-anderle", "XXI XIX SK HQ", "--seat", "2", "--samples", "6"],
])
def test_an_interrupted_game_run_says_so_in_text_and_json(monkeypatch, args):
    _ctrl_c_after(monkeypatch, 2)
    base = ["analyze", *args, "--jobs", "1"]
    out = CliRunner().invoke(main, base + ["--json"])
    assert out.exit_code == 130, out.output
    data = json.loads(out.stdout)
    assert data["interrupted"] is True and data["deals"] == 2 and data["samples"] == 6
    assert out.stderr.count("Interrupted.") == 1
    text = CliRunner().invoke(main, base)
    assert text.exit_code == 130
    assert "the first 2 of 6 deals" in text.stdout.replace("\n  ", " ")
    assert "Interrupted: the figures are of the first 2 of the 6 deals asked." in \
        text.stdout.replace("\n  ", " ")
    assert "Interrupted." not in text.stdout and text.stderr.count("Interrupted.") == 1


def test_a_precision_run_interrupted_does_not_say_its_cap_was_reached(monkeypatch):
    _ctrl_c_after(monkeypatch, 60)
    out = CliRunner().invoke(main, ["analyze", "--game", "vier-anderle", "XXI XIX SK HQ",
                                    "--seat", "2", "--precision", "0.001", "--samples", "100",
                                    "--jobs", "1"])
    assert out.exit_code == 130
    text = out.stdout.replace("\n  ", " ")
    assert "Interrupted: the figures are of the 50 deals of the 2 rounds finished." in text
    assert "Cap reached" not in text


@pytest.mark.parametrize("game, hand", [
    ("harmas", "XXI XX XVIII XV XII IX VI SK SQ CN HA DJ"),
    ("vier-anderle", "XXI XIX SK HQ"),
])
def test_a_precision_run_interrupted_in_its_first_round_keeps_the_deals_finished(
        monkeypatch, game, hand):
    """Before the first look no deal has been read: the deals finished are a sample of a
    fixed size, shown as such (not "nothing was searched")."""
    _ctrl_c_after(monkeypatch, 6)
    base = ["analyze", "--game", game, hand, "--seat", "1" if game == "harmas" else "2",
            "--jobs", "1"]
    out = CliRunner().invoke(main, base + ["--json"])
    assert out.exit_code == 130, out.output
    data = json.loads(out.stdout)
    assert data["interrupted"] is True and data["deals"] == 6 and data["slems"]
    assert all(r["deals"] == 6 for r in data["slems"] if "deals" in r)
    text = CliRunner().invoke(main, base)
    assert text.exit_code == 130
    said = " ".join(text.stdout.split())
    assert "6 deals in the first round, interrupted" in said
    assert "Interrupted: the figures are of the 6 deals finished of the first round" in said
    assert "nothing to show" not in text.stderr


def test_strohmandli_interrupted_while_deepening_keeps_every_deal(monkeypatch):
    """Ctrl-C while the undecided figures are searched again: every deal's verdicts stand
    (with the deepening's rounds finished), and the result says it was interrupted."""
    def deepen(fs, s, deals, verdicts, budget, jobs=1):
        e = KeyboardInterrupt()
        e.spent = 7
        raise e

    monkeypatch.setattr(E, "deepen", deepen)
    with pytest.raises(KeyboardInterrupt) as info:
        E.analyze_game(STROH, "1", game="strohmandli", samples=2, jobs=1, deepen_nodes=10**6)
    partial = info.value.partial
    assert partial.deals == 2 and partial.interrupted and partial.deepening_interrupted
    data = partial.to_json()
    assert data["interrupted"] is True and data["deepened_nodes"] == 7
