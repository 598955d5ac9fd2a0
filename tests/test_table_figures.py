"""Table figures (``cardplay.table_figures``, ``--table`` of analyze and advise): the double-dummy
side of a table figure is the analysis's own figure on the same deals (the engine's value
of the deal's first position read by PIMC against the analysis search and its scoring), the
paired counts add up, a run without bids plays nothing, Ctrl-C keeps the games finished."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from royal_sim.cli import main
from royal_sim.model.deal import Deal, Pair
from royal_sim.cardplay.table_figures import table_figures

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"


def _run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def analysed():
    """analyze --samples 4 --table 4 of two bids: both figures on the same 4 deals."""
    r = _run("analyze", HAND, "--seat", "A_IND", "--seed", "4", "--samples", "4",
             "--only", "ultimo,xxi_fogas,tous_les_trois", "--table", "4",
             "--table-worlds", "6", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_double_dummy_side_is_the_analysis_figure(analysed):
    played = {f["set"][0]: f for f in analysed["table"]}
    for s in analysed["slems"]:
        key = s["id"] if s["param"] is None else f"{s['id']}:{s['param']}"
        f = played[key]
        (bid,) = f["bids"]
        assert bid["games"] == s["deals"] == 4
        assert bid["double_dummy"] == pytest.approx(s["probability"])
        assert f["expected_double_dummy"] == pytest.approx(s["expected_score"], abs=1e-3)


def test_paired_counts_add_up(analysed):
    for f in analysed["table"]:
        for b in f["bids"]:
            n = b["games"]
            assert round(b["double_dummy"] * n) - round(b["table"] * n) == \
                b["made_dd_not_table"] - b["made_table_not_dd"]
            lo, hi = b["table_ci95"]
            assert lo <= b["table"] <= hi


DEAL = ("XXII XX XVIII XVI XIV IX IV SK SQ HK / XI VI V II SN SJ CN C10 HQ HN / "
        "XXI X VIII VII I CJ HJ DK DQ DN / XIX XVII XV XIII XII III S10 CK CQ DJ")


def test_no_bid_plays_nothing():
    deals = np.array([Deal.parse(DEAL).hands], dtype=np.uint64)
    f = table_figures(deals, Pair.ATTACK, (), ())
    assert f.bids == [] and f.n == 1 and f.seconds < 5
    assert f.expected_dd == f.expected_table


def test_ctrl_c_keeps_the_games_finished():
    deals = np.array([Deal.parse(DEAL).hands] * 3, dtype=np.uint64)

    def stop(done):
        if done == 2:
            raise KeyboardInterrupt

    f = table_figures(deals, Pair.ATTACK, ("ultimo:IV",), worlds=4, progress=stop)
    assert f.interrupted and f.n == 2 and f.bids[0].n == 2


def test_table_needs_the_bids():
    r = _run("analyze", HAND, "--seat", "A_IND", "--samples", "4", "--table", "2")
    assert r.exit_code == 2 and "--table needs --only" in r.output


def test_advise_plays_its_set_and_says_if_it_holds():
    r = _run("advise", HAND, "--seat", "A_IND", "--seed", "4", "--samples", "3",
             "--table", "2", "--table-worlds", "4")
    assert r.exit_code == 0, r.output
    assert "At the table (2 of the deals" in r.output
    assert ("The advice holds at the table." in r.output
            or "At the table the advice changes" in r.output)
    assert max(len(line) for line in r.output.split("At the table (")[1].splitlines()) <= 80
