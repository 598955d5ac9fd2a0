"""The ``royal-sim deal`` command: output formats, reproducibility, constraints, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from royal_sim.model import cards as C
from royal_sim.cli import main
from royal_sim.model.deal import Deal, Seat
from text import unfold

HAND = "XX XVIII XV IX III SK SQ HN DK DJ"


def run(*args):
    return CliRunner().invoke(main, ["deal", *args])


def json_deals(result):
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return data, [Deal.parse(d) for d in data["deals"]]


def test_text_output():
    r = run("--count", "3", "--seed", "7")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Deal 1"
    assert [ln.split()[0] for ln in lines[1:5]] == ["A_IND", "D_ELF", "D_IND", "A_ELF"]
    assert sum(ln.startswith("Deal ") for ln in lines) == 3
    assert lines[-1].startswith("3 deal(s), ") and lines[-1].endswith("seed 7")
    seat_lines = [ln for ln in lines if ln[:5] in ("A_IND", "D_ELF", "D_IND", "A_ELF")]
    hands = [C.mask_of(C.parse_cards(ln[6:])) for ln in seat_lines[:4]]
    Deal(tuple(hands)).check_dealing_rules()


def test_json_output_and_seed_reproducibility():
    data, deals = json_deals(run("-n", "20", "--seed", "11", "--format", "json"))
    assert len(deals) == 20 and data["attempts"] >= 20 and data["seed"] == 11
    for d in deals:
        d.check_dealing_rules()
    again, _ = json_deals(run("-n", "20", "--seed", "11", "--format", "json"))
    other, _ = json_deals(run("-n", "20", "--seed", "12", "--format", "json"))
    assert again["deals"] == data["deals"] and other["deals"] != data["deals"]
    # the CLI shows the same deals as the library
    from royal_sim.sampling.sampler import sample_deals
    assert data["deals"] == [str(d) for d in sample_deals(20, 11)]


def test_json_flag_is_the_json_format():
    assert run("-n", "2", "--seed", "3", "--json").output == run(
        "-n", "2", "--seed", "3", "--format", "json").output


def test_default_seed_is_reported():
    data, _ = json_deals(run("--format", "json"))
    assert isinstance(data["seed"], int)
    again, _ = json_deals(run("--format", "json", "--seed", str(data["seed"])))
    assert again["deals"] == data["deals"]


def test_completes_a_known_hand_under_constraints():
    data, deals = json_deals(run(
        "-n", "50", "--seed", "3", "--format", "json",
        "--hand", "xx,18 15 ix iii ♠k sd ♥l dk db", "--seat", "indító",
        "--holds", "D_ELF:XXI", "--not-holds", "A_ELF:skiz",
        "--tarokks", "D_IND:6+", "--suit", "A_ELF:C:2-3", "--void", "D_ELF:H"))
    hand = C.mask_of(C.parse_cards(HAND))
    for d in deals:
        d.check_dealing_rules()
        assert d.hand(Seat.A_IND) == hand
        assert d.hand(Seat.D_ELF) >> C.XXI & 1 and not d.hand(Seat.D_ELF) & C.KORS
        assert not d.hand(Seat.A_ELF) >> C.SKIZ & 1
        assert C.popcount(d.hand(Seat.D_IND) & C.TAROKKS) >= 6
        assert 2 <= C.popcount(d.hand(Seat.A_ELF) & C.TREFFS) <= 3
    assert data["method"] in ("rejection", "exact")


def test_method_option():
    data, deals = json_deals(run("-n", "5", "--seed", "1", "--format", "json",
                                 "--tarokks", "D_ELF:9+", "--method", "rejection"))
    assert data["method"] == "rejection" and data["attempts"] > 5
    data, _ = json_deals(run("-n", "5", "--seed", "1", "--format", "json", "--tarokks",
                             "D_ELF:9+"))
    assert data["method"] == "exact" and data["attempts"] == 5


BAD = [
    (["--hand", "XX XVIII XV IX III SK SQ HN DK DZ", "--seat", "A_IND"], "unknown card 'DZ'"),
    (["--hand", "XX XVIII XV IX III SK SQ HN DK XX", "--seat", "A_IND"], "duplicate card XX"),
    (["--hand", "XX XVIII XV IX III SK SQ HN DK", "--seat", "A_IND"], "9 cards"),
    (["--hand", "XX XVIII SK SQ SN SJ S10 HN DK DJ", "--seat", "A_IND"], "2 tarokks"),
    (["--hand", HAND, "--seat", "D_ELF"], "XX is dealt to A_IND"),
    (["--hand", "XX XIX XV IX III SK SQ HN DK DJ", "--seat", "A_IND"], "XIX is dealt to A_ELF"),
    (["--hand", HAND, "--seat", "north"], "unknown seat 'north'"),
    (["--hand", HAND], "--hand needs --seat"),
    (["--seat", "A_IND"], "--seat needs --hand"),
    (["--holds", "D_ELF:XXI", "--holds", "D_IND:XXI"], "XXI cannot be held by both"),
    (["--holds", "D_ELF:XX"], "XX is dealt to A_IND"),
    (["--hand", HAND, "--seat", "A_IND", "--holds", "D_IND:SK"], "SK is in the known hand"),
    (["--tarokks", "D_ELF:11"], "D_ELF cannot hold 11 tarokks"),
    (["--tarokks", "D_ELF:11+"], "D_ELF cannot hold 11 tarokks: a hand has"),
    (["--tarokks", "D_ELF:2"], "every hand holds at least 3"),
    (["--tarokks", "D_ELF:4-5", "--tarokks", "D_ELF:7"], "contradictory tarokk counts"),
    (["--tarokks", "D_ELF:9+", "--tarokks", "D_IND:9+", "--tarokks", "A_IND:6+"],
     "need at least 27 tarokks"),
    (["--void", "A_IND:H,D", "--void", "D_ELF:H,D", "--void", "D_IND:H,D"],
     "no deal satisfies the constraints"),
    (["--void", "D_ELF:T"], "void in tarokks"),
    (["--void", "D_ELF:X"], "unknown suit 'X'"),
    (["--holds", "nobody:XXI"], "unknown seat 'nobody'"),
    (["--tarokks", "D_ELF"], "bad --tarokks value 'D_ELF'"),
    (["--tarokks", "D_ELF:many"], "bad tarokk range 'many'"),
    (["--suit", "D_ELF:S:9"], "cannot hold 9 pikk"),
    (["--count", "0"], "0"),
    (["--seed", "-1"], "-1"),
]


@pytest.mark.parametrize("args, message", BAD)
def test_bad_input_is_one_line_error_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    errors = [ln for ln in r.output.splitlines() if ln.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], r.output
    assert isinstance(r.exception, SystemExit)


def test_a_full_disk_is_one_error_line():
    import os
    import subprocess
    import sys
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "royal_sim.cli", "slems"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=120)
    assert (p.returncode, p.stderr) == (
        2, "Error: cannot write the output: No space left on device\n")


def test_no_command_shows_the_help_not_an_error():
    r = CliRunner().invoke(main, [])
    assert r.output.startswith("Usage: ") and "Error" not in r.output
    assert "analyze" in r.output


# --- commands that fit together (issue 16) ---------------------------------------------


def test_text_output_pastes_into_solve_and_analyze():
    """Each deal's '/' line is the DEAL of solve; a seat line's cards are the HAND of
    analyze at that seat."""
    r = run("--count", "2", "--seed", "7")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    deal_lines = [ln for ln in lines if ln.count(" / ") == 3]
    assert len(deal_lines) == 2
    blocks = r.output.split("\n\n")
    for block, line in zip(blocks, deal_lines):
        seats = [ln for ln in block.splitlines() if ln[:5] in ("A_IND", "D_ELF", "D_IND",
                                                               "A_ELF")]
        assert Deal.parse(line).listing() == "\n".join(seats)
    json_out = json.loads(run("--count", "2", "--seed", "7", "--json").output)
    assert deal_lines == json_out["deals"]
    # the first deal's line, pasted into solve, is that deal
    solved = CliRunner().invoke(main, ["solve", deal_lines[0], "--no-slems"])
    assert solved.exit_code == 0, solved.output
    assert solved.stdout.startswith(Deal.parse(deal_lines[0]).listing() + "\n")
    # a seat line's cards, pasted into analyze with that seat
    seat, cards = lines[1].split(None, 1)
    analysed = CliRunner().invoke(main, ["analyze", cards, "--seat", seat, "--samples", "2",
                                         "--only", "gem", "--json"])
    assert analysed.exit_code == 0, analysed.output


@pytest.mark.parametrize("args", [["--format", "text", "--json"],
                                  ["--json", "--format", "text"]])
def test_conflicting_output_options_are_an_error(args):
    r = run("--seed", "1", *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr == "Error: --json and --format text ask for two formats: give one\n"


def test_json_with_format_json_agrees():
    assert run("--seed", "1", "--json", "--format", "json").output == run(
        "--seed", "1", "--json").output


def test_a_cold_sampler_cache_is_announced_on_stderr(monkeypatch):
    import royal_sim.cli.progress as P
    import royal_sim.sampling.sampler as sampler
    monkeypatch.setattr(sampler, "kernels_compiled", lambda method: False)
    r = run("--seed", "1", "--json")
    assert r.exit_code == 0
    assert r.stderr == ("Sampling (compiling the deal sampler first: once, "
                        f"{P.SAMPLER_COMPILE_TIME})...\n")
    json.loads(r.stdout)
    monkeypatch.setattr(sampler, "kernels_compiled", lambda method: True)
    assert run("--seed", "1", "--json").stderr == ""


def test_a_rank_first_card_gets_its_hint_on_the_command_line():
    r = run("--hand", "XX XVIII XV IX III KS SQ HN DK DJ", "--seat", "A_IND")
    assert r.exit_code == 2
    assert r.stderr == "Error: unknown card 'KS' (did you mean SK?)\n"


# --- solve: labelled counts and the compile note ---------------------------------------

ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"


def test_solve_labels_what_it_counts():
    r = CliRunner().invoke(main, ["solve", ENDING, "--leader", "D_ELF"])
    assert r.exit_code == 0, r.output
    res = json.loads(CliRunner().invoke(main, ["solve", ENDING, "--leader", "D_ELF",
                                               "--json"]).output)
    for pair in ("attack", "defence"):
        made = res["slems"][pair]
        yes = [k for k, v in made.items() if v]
        line = next(ln for ln in unfold(r.stdout) if ln.startswith(f"The {pair} "))
        assert line == (f"The {pair} can force {len(yes)} of the {len(made)} slem bids "
                        f"searched for it: " + (", ".join(yes) or "none"))
    assert "D_ELF leads trick 8; double dummy: attack 1, defence 2" in r.stdout


def test_solve_announces_a_cold_compile_only(monkeypatch):
    import royal_sim.cli.progress as P
    import royal_sim.engine.cells as cells
    import royal_sim.engine.solver as solver
    monkeypatch.setattr(cells, "kernels_compiled", lambda: False)
    r = CliRunner().invoke(main, ["solve", ENDING, "--json"])
    assert r.exit_code == 0
    assert r.stderr == ("Solving (compiling the search kernels first: once, "
                        f"{P.COMPILE_TIME})...\n")
    assert P.COMPILE_TIME == "under a minute"
    monkeypatch.setattr(cells, "kernels_compiled", lambda: True)
    monkeypatch.setattr(solver, "kernels_compiled", lambda: True)
    assert CliRunner().invoke(main, ["solve", ENDING, "--json"]).stderr == ""
    # --no-slems runs the trick search only: its own kernel decides
    monkeypatch.setattr(cells, "kernels_compiled", lambda: False)
    assert CliRunner().invoke(main, ["solve", ENDING, "--no-slems"]).stderr == ""
    monkeypatch.setattr(solver, "kernels_compiled", lambda: False)
    assert "compiling" in CliRunner().invoke(main, ["solve", ENDING, "--no-slems"]).stderr


def test_solve_input_errors_come_before_the_compile_note(monkeypatch):
    import royal_sim.engine.cells as cells
    monkeypatch.setattr(cells, "kernels_compiled", lambda: False)
    r = CliRunner().invoke(main, ["solve", ENDING, "--first-trick", "3"])
    assert r.exit_code == 2 and r.stderr.startswith("Error: --first-trick 3 is impossible")
    assert "compiling" not in r.stderr


# --- slems: the glossary ---------------------------------------------------------------


def test_slems_prints_a_glossary_of_card_sets_after_the_table():
    r = CliRunner().invoke(main, ["slems"])
    assert r.exit_code == 0
    table, _, glossary = r.stdout.partition("Card sets the bids name (docs/rules.md#glossary):")
    assert "ultimo" in table and glossary
    rows = {ln.split("  ")[0]: ln for ln in glossary.splitlines()[3:] if ln and ln[0] != " "}
    for term in ("matador", "magasító (raiser)", "honour (honőr)",
                 "small suit card (kis színes lap)", "skíz (XXII)", "pagát (I)"):
        assert term in rows, term
    assert "IV III II I" in rows["matador"]
    assert "IV III II I SK CK HK DK" in rows["magasító (raiser)"]


def test_slems_off_a_terminal_keeps_the_gloss_readable():
    """At 80 columns the gloss was squeezed to 11 columns (295 lines for 65 slems): the
    group goes to a heading line above its slems, long names onto two lines, the gloss
    keeps 25 columns or more; every slem and group is still there."""
    from royal_sim.slems import SLEMS

    r = CliRunner().invoke(main, ["slems"])
    table = r.stdout.partition("Card sets the bids name")[0].rstrip("\n").splitlines()
    assert all(len(line) <= 80 for line in table)
    rule = table[1].split()
    assert len(rule[-1]) >= 25                          # the gloss column
    assert len(table) <= 2 * len(SLEMS) + 20
    firsts = [line.split("  ")[0].strip() for line in table[2:] if line and line[0] != " "]
    assert [i for i in firsts if not i.endswith(":")] == list(SLEMS)
    assert {i[:-1] for i in firsts if i.endswith(":")} >= {s.group for s in SLEMS.values()}


def test_slems_json_has_the_glossary():
    out = json.loads(CliRunner().invoke(main, ["slems", "--json"]).stdout)
    assert {s["id"] for s in out["slems"]} >= {"ultimo", "volat", "heja"}
    terms = {t["term"]: t for t in out["glossary"]}
    assert terms["honour (honőr)"]["cards"] == "XXII XXI"
    assert terms["small suit card (kis színes lap)"]["meaning"].startswith(
        "any Q, N, J or 10")
    assert terms["red / black"]["cards"] is None


def test_help_texts_cite_docs_rules_not_the_outside_spec():
    for cmd in ("slems", "deal", "solve", "batch"):
        text = CliRunner().invoke(main, [cmd, "--help"]).output
        assert "docs/rules.md" in text and "§" not in text, cmd


@pytest.mark.parametrize("signame, code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_json_stopped_by_ctrl_c_is_still_valid_json(tmp_path, signame, code):
    """Ctrl-C (or SIGTERM) in the middle of a long --json run: the array is closed after the
    deals written so far ("interrupted": true), exit code 130 (143), 'Interrupted.'."""
    import os
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "deals.json"
    with open(out, "w") as f:
        p = subprocess.Popen(
            [sys.executable, "-m", "royal_sim.cli", "deal", "--count", "10000000", "--json",
             "--seed", "1"], stdout=f, stderr=subprocess.PIPE, text=True,
            # (a shell's background job may have SIGINT ignored: Python then keeps it so)
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            give_up = time.monotonic() + 60
            while out.stat().st_size < 1000 and time.monotonic() < give_up \
                    and p.poll() is None:
                time.sleep(0.05)            # the first deals written (after any compile)
            time.sleep(0.3)
            p.send_signal(getattr(signal, signame))
            err = p.communicate(timeout=60)[1]
        finally:
            if p.poll() is None:
                p.kill()
    assert (p.returncode, err) == (code, "Interrupted.\n")
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and data["seed"] == 1
    from royal_sim.cli.deal import CHUNK
    assert 0 < len(data["deals"]) < 10_000_000 and len(data["deals"]) % CHUNK == 0
    assert json.loads(run("-n", "2", "--seed", "1", "--json").stdout)["interrupted"] is False
