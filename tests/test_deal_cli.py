"""The ``royal-sim deal`` command: output formats, reproducibility, constraints, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from royal_sim.model import cards as C
from royal_sim.cli import main
from royal_sim.model.deal import Deal, Seat

HAND = "XX XVIII XV IX III SK SQ HN DK DJ"


def run(*args):
    return CliRunner().invoke(main, ["deal", *args])


def json_deals(result):
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
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
