"""What a player sees first: the fitted default view of analyze (80 and 120 columns, live
and at the end), advise's rows that explain themselves, and the one number formatter."""

import io
import json
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from royal_sim.api import AdviceRequest, request_analysis
from royal_sim.cli import main
from royal_sim.cli.advise import bid_line, group_sets
from royal_sim.cli.analyze import fitted_text, recommendation
from royal_sim.format import number, percent, table
from royal_sim.cli.live import LiveTable
from royal_sim.cli.view import DROP_ORDER, worth_reading
from text import unfold

HAND = "XXII XXI XVII XV XI IV HK HQ HN DK"      # the hand, at D_IND
ADVISE = "XIX XVIII XVI XIII X VIII III CK CQ SK"


@pytest.fixture(scope="module")
def analysed():
    request = request_analysis(HAND, "D_IND", samples=42, seed=1)
    return request, request.run()


def test_numbers_have_one_format_and_no_negative_zero():
    assert [number(x) for x in (-0.04, -0.0, 0.04, 70.55, 71)] == ["0.0", "0.0", "0.0",
                                                                 "70.5", "71.0"]
    assert [number(x, sign=True) for x in (-0.04, 1.25, -1.26)] == ["0.0", "+1.2", "-1.3"]
    assert percent(0.905) == "90.5%" and percent(1) == "100.0%" and number(None) == ""
    # tabulate would print "71" beside "70.6" and "-0" for "-0.0": the cells stay as given
    assert table([["71.0", "+1.0"], ["70.6", "0.0"]], ["E", "g"]).splitlines()[2:] == [
        "71.0  +1.0", "70.6  0.0"]


def test_the_default_view_fits_80_columns_and_starts_with_advises_line(analysed):
    request, report = analysed
    advice = AdviceRequest(request, 5, 3).advice(report)
    line = bid_line(group_sets(advice.bid_sets), advice.baseline, False)
    assert recommendation(request, report) == line and line.startswith("Bid ")
    text = fitted_text(request, report, width=80)
    lines = text.splitlines()
    assert max(len(x) for x in lines) <= 80
    assert " ".join(lines[:3]).startswith(line[:60])          # the bid line first, wrapped
    header = next(x for x in lines if x.startswith("slem"))
    # at 80 columns the chance bar and the interval are dropped, in that order
    assert "chance" not in header and "95% CI" not in header
    assert header.split()[:2] == ["slem", "param"] and "gain" in header
    rows = worth_reading(report.slems)
    gains = [r.gain for r in rows if r.gain is not None and round(r.gain, 1) > 0]
    assert gains == sorted(gains, reverse=True) and gains        # best first
    assert all((r.gain or 0) > 0 or r.probability >= 0.2 for r in rows)
    gem = next(r for r in report.slems if r.id == "gem")
    gem_line = next(x for x in lines if x.startswith("Gém "))
    assert gem_line.split()[-1] == number(gem.gain, sign=True)
    assert gem_line.split()[-3] == percent(gem.probability)
    assert f"{len(report.slems) - len(rows)} more slems: --all" in " ".join(lines[-2:])


def test_at_120_columns_the_interval_and_bar_come_back(analysed):
    request, report = analysed
    text = fitted_text(request, report, width=120)
    header = next(x for x in text.splitlines() if x.startswith("slem"))
    assert "95% CI" in header and "chance" in header and "value" in header
    assert max(len(x) for x in text.splitlines()) <= 120
    assert DROP_ORDER[:2] == ("chance", "95% CI")


def test_the_live_view_fits_an_80x24_terminal(analysed):
    request, report = analysed
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True)

    def render(rep, width, height=None):
        return fitted_text(request, rep, width, height)

    with LiveTable(render, console=console) as live:
        live.update(report)
        drawn = live.table
    assert len(drawn.splitlines()) <= 23 and max(map(len, drawn.splitlines())) <= 80
    assert drawn.startswith("Bid ")


def test_the_full_table_when_the_output_is_not_a_terminal_or_with_all():
    args = ["analyze", HAND, "--seat", "D_IND", "--samples", "42", "--only", "gem,vizi"]
    for extra in ([], ["--all"]):
        text = CliRunner().invoke(main, [*args, *extra]).stdout
        assert "95% CI" in text and "chance" in text and "group" in text


def test_advise_top_counts_rows_and_explains_the_variants():
    args = ["advise", ADVISE, "--seat", "A_ELF", "--samples", "42", "--only",
            "vizi,lamour,angelo,kassza,facan,amazon,banda,ultimo,gem"]
    out = CliRunner().invoke(main, args).stdout.splitlines()
    rows = [x for x in out if re.match(r" *=?\d+  \S", x)]
    assert [x[:3].strip() for x in rows][:1] == ["1"] and len(rows) == 5
    legend = next(x for x in unfold("\n".join(out))
                  if x.startswith("same with small bids: the row's set"))
    assert "vizi" in legend and "added (+) or left out (-)" in legend
    assert "-0.0" not in "\n".join(out)
    two = CliRunner().invoke(main, [*args, "--top", "2"]).stdout.splitlines()
    assert len([x for x in two if re.match(r" *=?\d+  \S", x)]) == 2
    data = json.loads(CliRunner().invoke(main, [*args, "--top", "2", "--json"]).stdout)
    heads = [b for b in data["bid_sets"] if not any(
        set(b["bids"]) != set(h["bids"]) and _same_core(b["bids"], h["bids"])
        for h in data["bid_sets"][:data["bid_sets"].index(b)])]
    assert len(heads) == 2          # the sets of two rows: two heads and their variants
    assert all(0 <= b["p_made"] <= 1 for b in data["bid_sets"])
    assert ", ".join(data["bid_sets"][0]["bids"]) in rows[0]


def _same_core(a, b):
    from royal_sim.cli.advise import _core

    return _core(tuple(a)) == _core(tuple(b))


def test_a_note_when_the_best_set_rests_on_fewer_deals():
    from royal_sim.advisor import BidSet
    from royal_sim.cli.advise import _print_sets

    best = BidSet(("gem",), 70.0, 1.0, 0.1, deals=42, gain=5)
    rival = BidSet(("ultimo:SK",), 69.5, 1.0, 0.1, deals=400, gain=4)
    base = BidSet((), 65.0, 1.0, 0.0, deals=400)
    runner = CliRunner()
    import click

    @click.command()
    def show():
        _print_sets([(best, []), (rival, [])], base, False, 2)

    out = runner.invoke(show).stdout
    assert ("Note: the first set's E[score] rests on 42 deals (those all its bids were "
            "searched on), fewer than the 400 of ultimo:SK") in out
