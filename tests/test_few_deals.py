"""Figures from a handful of deals do not look exact, and a figure and its margin are printed
to the same precision (issue 50, point 7; docs/rules.md#few-deals)."""

import re

from click.testing import CliRunner

from royal_sim.advisor import BidSet
from royal_sim.cardplay.suggest import CardChoice, Suggestion
from royal_sim.cli import main
from royal_sim.cli.bidline import bid_line
from royal_sim.format import MIN_SE_DEALS, stderr_words
from royal_sim.cli.suggest import suggestion_text
from royal_sim.model import cards as C
from royal_sim.model.deal import Seat
from text import unfold

STRONG = "XXII XXI XX XVIII XVII XVI XV XIV XIII XII"


def test_a_standard_error_from_few_deals_is_not_printed():
    assert stderr_words(0.0, 7) == "n/a (7 deals)" and stderr_words(0.0, 1) == "n/a (1 deal)"
    assert stderr_words(1.26, MIN_SE_DEALS) == "1.3" and MIN_SE_DEALS == 30


def test_the_first_looks_bid_line_claims_no_certainty():
    """After 7 deals: 'E[score] 100.0, +51.4 ... (s.e. 0.0' read like certainty; the
    standard error is n/a, and no set is called as good within one (there is none)."""
    best = BidSet(("bridge", "ultimo:SK"), 100.0, 0.0, 0.0, deals=7, gain=51.4)
    rival = BidSet(("bridge", "uhu:SK"), 99.0, 0.0, 0.0, deals=7, gain=50.4)
    base = BidSet((), 48.6, 2.0, 0.0, deals=7)
    line = bid_line([(best, []), (rival, [])], base, False)
    assert "(s.e. n/a (7 deals); below no bid" in line
    assert "s.e. 0.0" not in line and "as good within one standard error" not in line
    # on enough deals, as before
    best42 = BidSet(best.bids, 100.0, 1.0, 0.0, deals=42, gain=51.4)
    rival42 = BidSet(rival.bids, 99.5, 1.0, 0.0, deals=42, gain=50.9)
    line = bid_line([(best42, []), (rival42, [])], BidSet((), 48.6, 2.0, 0.0, deals=42),
                    False)
    assert "(s.e. 1.0;" in line and "as good within one standard error: bridge, uhu:SK" in line


def test_advise_on_few_deals_prints_no_standard_error_and_no_ties():
    r = CliRunner().invoke(main, ["advise", STRONG, "--seat", "A_IND", "--samples", "7",
                                  "--only", "gem,volat,vizi"])
    assert r.exit_code == 0, r.output
    text = "\n".join(unfold(r.stdout))
    rows = [x for x in r.stdout.splitlines() if re.match(r" *=?\d+  \S", x)]
    assert rows and all("n/a" in x for x in rows), r.stdout
    assert not any(x.lstrip().startswith("=1") for x in rows)
    assert "s.e. 0.0" not in text and "(s.e. n/a (7 deals)" in text


def test_suggests_margin_agrees_with_the_figures_it_is_the_difference_of():
    """suggest printed -2.2 against -2.8 with 'margin +0.50': the margin is printed to the
    figures' decimal, as the difference of the figures printed."""
    xxi, xvii = C.parse_card("XXI"), C.parse_card("XVII")
    cards = [CardChoice(xxi, 5.0, 0.1, {}, -2.249, 0.6, True),
             CardChoice(xvii, 4.9, 0.1, {}, -2.751, 0.6)]
    sg = Suggestion(Seat.A_IND, 3, (), cards, 40, 1000, "sampled", "precision",
                    (0.502, 1.31), xvii)
    text = " ".join(unfold(suggestion_text(sg, 80)))
    assert "-2.2" in text and "-2.8" in text
    assert "margin over XVII +0.6 +- 1.3)" in text
    # without bids: tricks, to 2 decimals
    cards = [CardChoice(xxi, 5.004, 0.1, {}, None, None, True),
             CardChoice(xvii, 4.496, 0.1, {}, None, None)]
    sg = Suggestion(Seat.A_IND, 3, (), cards, 40, 1000, "sampled", "precision",
                    (0.508, 0.0912), xvii)
    text = " ".join(unfold(suggestion_text(sg, 80)))
    assert "5.00" in text and "4.50" in text and "margin over XVII +0.50 +- 0.09)" in text
