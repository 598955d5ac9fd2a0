"""Coinche with ``--declarer`` an opponent and no bid standing: the analysis is of their
pair's contracts, so its advice is worded as theirs (``advice()["opponents"]``), not as a
bid of the seat's."""

from __future__ import annotations

from click.testing import CliRunner

from royal_sim.analysis.game_analysis import analyze_game
from royal_sim.cli import main

HAND = "SJ S9 SA S10 HA HK D10 C7"


def _text(*extra):
    out = CliRunner().invoke(main, ["analyze", "--game", "coinche", HAND, "--seat", "S",
                                    "--samples", "6", "--jobs", "1", *extra])
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_their_taker_is_not_advice_to_you():
    res = analyze_game(HAND, "S", game="coinche", declarer="W", samples=6, jobs=1)
    assert res.advice()["opponents"] is True
    text = _text("--declarer", "W")
    assert "their declarer W (pair EW)" in text
    assert "Recommended:" not in text
    assert "(the opponents' pair EW, W taking; not" in text
    assert "To answer a bid of theirs: --their-bid BID --declarer W." in text


def test_your_pair_and_their_standing_bid_keep_the_advice():
    assert "opponents" not in analyze_game(HAND, "S", game="coinche", declarer="N",
                                           samples=6, jobs=1).advice()
    assert "opponents" not in analyze_game(HAND, "S", game="coinche", declarer="W",
                                           their_bid="80D", samples=6, jobs=1).advice()
    assert "Recommended:" in _text("--declarer", "N")
    assert "Recommended:" in _text("--declarer", "W", "--their-bid", "80D")
