"""Text output fitted to 80 columns (the terminal's width on a terminal, ``FILE_WIDTH`` in a
file): tables wrap their headers and the cells that may wrap, prose wraps between words,
a folded game record reads back; and the messages of the play commands' inputs."""

import json
import re

from click.testing import CliRunner

from royal_sim.batch.summary import summary
from royal_sim.cardplay.record import GameRecord
from royal_sim.cli import main
from royal_sim.format import FILE_WIDTH, fitted, width
from text import unfold

HAND = "XIX XVIII XVI XIII X VIII III CK CQ SK"
DEAL = ("XXI XX XIII X V SK SJ CK CJ DQ / XXII XVIII XV XI VIII VI CQ HN HJ DN / "
        "XII IX IV III II SQ S10 HK HQ DK / XIX XVII XVI XIV VII I SN CN C10 DJ")
D_IND = "XII IX IV III II SQ S10 HK HQ DK"


def _run(*args):
    return CliRunner().invoke(main, list(args))


def _fits(text: str) -> None:
    wide = [line for line in text.splitlines() if len(line) > FILE_WIDTH]
    assert not wide, wide


def test_fitted_wraps_headers_then_the_wrapping_cells_then_drops():
    rows = [["1", "vizi, kassza, facan:III", "90.9", "+lamour -vizi 0.0,\n-vizi -1.6"],
            ["2", "kassza, facan:III, amazon", "89.4", ""]]
    head = ["#", "bids", "E[score]", "same with small bids"]
    al = ["right", "left", "right", "left"]
    whole = fitted(rows, head, al, None)
    assert "vizi, kassza, facan:III" in whole
    for w in (60, 48):
        text = fitted(rows, head, al, w, wrap=("bids",))
        assert width(text) <= w, text
        assert "+lamour -vizi 0.0," in text and "-vizi -1.6" in text   # a cell's lines kept
        assert "facan:III" in text and "kassza" in text
    # narrower than the kept columns allow: the droppable column goes
    text = fitted(rows, head, al, 30, wrap=("bids",), drop=("same with small bids",))
    assert "lamour" not in text and "90.9" in text and width(text) <= 30, text


def test_fitted_keeps_two_columns_of_one_header_apart():
    text = fitted([["II", "0.37", "2.8"]], ["card", "s.e.", "s.e."],
                  ["left", "right", "right"], 80)
    assert text.splitlines()[-1].split() == ["II", "0.37", "2.8"]


def test_advise_fits_80_columns_and_labels_the_sets_played():
    r = _run("advise", HAND, "--seat", "A_ELF", "--seed", "4", "--samples", "12",
             "--their-bids", "xxi_fogas", "--table", "1", "--table-worlds", "2")
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    lines = unfold(r.stdout)
    bid = next(x for x in lines if x.startswith(("Bid ", "Bid nothing")))
    assert "E[score]" in bid
    table = r.stdout.split("At the table (")[1]
    rows = [x for x in table.splitlines() if "defence xxi_fogas" in x]
    # their bid is played in both sets: each set's rows under its label
    assert len(rows) == 2 and rows[1].startswith("no bid   defence xxi_fogas"), rows
    assert any(x.startswith("advised  ") for x in table.splitlines())
    assert "advised: E[score] of your pair" in "\n".join(unfold(table))


def test_analyze_off_a_terminal_keeps_its_table_whole_and_wraps_the_prose():
    r = _run("analyze", "--example", "--samples", "6", "--only", "gem,vizi,les")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    top = next(i for i, x in enumerate(lines) if x.startswith("group "))
    end = next(i for i, x in enumerate(lines) if x.startswith("No bid: E[score]"))
    assert max(map(len, lines[top:end])) > FILE_WIDTH       # the full table: whole lines
    _fits("\n".join(lines[:top] + lines[end:]))             # the prose around it: wrapped
    text = "\n".join(unfold(r.stdout))
    assert "E[score]: mean points of your pair with this as its only bid" in text


def test_review_folds_the_record_and_it_reads_back():
    play = "V VI II VII | I XX VIII III | X XI IV XIV"
    r = _run("review", DEAL, "--play", play, "--attack-bids", "gem,banda:H",
             "--defence-bids", "vizi")
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    record = r.stdout.split("\nReview, double dummy")[0]
    assert record.splitlines()[1].startswith("  ")          # the deal goes on folded
    back = GameRecord.parse(record)
    assert back == GameRecord.parse(f"deal: {DEAL}; attack: gem, banda:H; defence: vizi; "
                                    f"play: {play}")
    assert "first cost by A_ELF I in trick 2" in "\n".join(unfold(r.stdout))
    # only a row of its own goes on a value: after ';' a misspelt field is still named
    r = _run("review", f"deal: {DEAL}; atack: gem; play: V VI II VII")
    assert r.exit_code == 2 and "unknown record field 'atack'" in r.output, r.output


def test_solve_cards_suggest_play_and_slems_fit():
    r = _run("solve", DEAL, "--cards")
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    # a card's line, the slems going on under the first one
    card = " ".join(re.split(r"\n  [* ] \S", r.stdout.split("\n  * V ")[1])[0].split())
    assert "attack: gem" in card and "kolozsvari_facan:DK,II" in card
    args = ["suggest", D_IND, "--seat", "D_IND", "--play", "V VI", "--attack-bids", "gem",
            "--worlds", "8"]
    r = _run(*args)
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    data = json.loads(_run(*args, "--json").stdout)
    best = next(c for c in data["cards"] if c["best"])
    row = next(x for x in r.stdout.splitlines() if x.startswith("*")).split()
    # the E[net] s.e. is its own column, not the tricks' s.e.
    assert row[1:6] == [best["card"], f"{best['tricks']:.2f}", f"{best['tricks_se']:.2f}",
                        f"{best['expected']:.1f}", f"{best['stderr']:.1f}"], (row, best)
    r = _run("play", DEAL, "--attack-bids", "gem", "--worlds", "2")
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    r = _run("slems")
    _fits(r.stdout)


def test_batch_summary_fits(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text(f"{HAND} @ A_ELF\n{DEAL}\ndeal: {DEAL}; attack: gem; play: V VI II VII\n")
    out = tmp_path / "out.csv"
    r = _run("batch", str(src), "-o", str(out), "--samples", "8", "--summary")
    assert r.exit_code == 0, r.output
    _fits(r.stdout)
    assert "mean probability" in "\n".join(unfold(r.stdout)) or "mean" in r.stdout
    from royal_sim.batch import load_rows
    rows = load_rows(out)
    assert width(summary(rows, 60)) <= 60 + 20          # the long slem keys stay whole
    assert width(summary(rows, None)) > 80


def test_play_inputs_say_what_to_type():
    r = _run("suggest", D_IND, "--seat", "D_IND", "--play", "V | VI")
    assert r.exit_code == 2 and "'|' before VI ends trick 1 after 1 card" in r.output
    r = _run("suggest", D_IND, "--seat", "D_IND", "--play", "V V")
    assert r.exit_code == 2 and "--played" not in r.output and "V" in r.output
    a = _run("suggest", D_IND, "--seat", "D_IND", "--play", "V,VI", "--json", "--worlds", "4")
    b = _run("suggest", D_IND, "--seat", "D_IND", "--play", "V VI", "--json", "--worlds", "4")
    assert a.exit_code == 0 and a.stdout == b.stdout
    r = _run("play", DEAL, "--open", "--double-dummy", "attack")
    assert r.exit_code == 2 and "give --open" in r.output and "--double-dummy" in r.output
    r = _run("advise", HAND, "--seat", "A_ELF", "--table", "abc")
    assert r.exit_code == 2 and "'abc' is not a whole number (1 to 10000)" in r.output
    r = _run("analyze", HAND, "--seat", "A_ELF", "--samples", "2", "--jobs", "999")
    assert r.exit_code == 0 and "--jobs 999, but this machine runs" in r.stderr
