"""What a player reads: the no-bid score, one plain bid line, rows that explain themselves."""

import json

from click.testing import CliRunner

import royal_sim
from royal_sim.cli import main
from royal_sim.model import cards as C
from royal_sim.model.deal import Pair
from royal_sim.scoring import consolatio
from text import unfold

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
NO_SPADES = "XXI XVI XV XI VII V HK HQ DK DQ"        # D_ELF: no magasító, no spade


def _by_hand(report) -> float:
    """The no-bid score recomputed deal by deal: the consolatio of the pair's tarokks."""
    pair = Pair.ATTACK if report.seat in ("A_IND", "A_ELF") else Pair.DEFENCE
    total = 0
    for row in report.analysis.searched_deals:
        hands = [int(x) for x in row]
        a, b = pair.seats
        cards = hands[a] | hands[b]
        total += consolatio(pair, C.popcount(cards & C.TAROKKS),
                            cards & C.HONOURS == C.HONOURS, report.rules)
    return total / len(report.analysis.searched_deals)


def test_the_no_bid_score_is_the_consolatio():
    attack = royal_sim.analyze(HAND, "A_IND", samples=25, seed=4, only="gem,ultimo")
    assert attack.no_bid == _by_hand(attack) and attack.to_json()["no_bid"] == round(
        attack.no_bid, 3)
    gem = {r.id: r for r in attack.slems}["gem"]
    assert abs(gem.gain - (gem.expected_score - attack.no_bid)) < 1e-9
    defence = royal_sim.analyze(NO_SPADES, "D_ELF", samples=10, seed=1, only="gem")
    assert defence.no_bid == 60.0 == _by_hand(defence)        # the defence's consolatio
    text = CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND", "--samples", "25",
                                     "--seed", "4", "--only", "gem,ultimo"]).stdout
    assert f"No bid: E[score] {attack.no_bid:.1f} (the consolatio" in text


def test_a_slem_never_made_shows_no_parameter_and_missing_slems_say_why():
    report = royal_sim.analyze(NO_SPADES, "D_ELF", samples=20, seed=2, only="mariage,gem,heja")
    mariage = {r.id: r for r in report.slems}["mariage"]
    assert mariage.made == 0 and mariage.param is None
    assert [s for s in report.to_json()["slems"] if s["id"] == "mariage"][0]["param"] is None
    assert ("heja", "needs 3 magasítók of your own (I-IV or kings)") in report.unavailable
    r = CliRunner().invoke(main, ["analyze", NO_SPADES, "--seat", "D_ELF", "--samples", "20",
                                  "--seed", "2", "--only", "mariage,gem,heja"])
    line = [ln for ln in r.stdout.splitlines() if "Mariage" in ln][0]
    assert " S " not in line and " H " not in line
    assert "Not for your hand: Héja (needs 3 magasítók" in r.stdout


def test_advise_ends_with_the_best_set_in_one_line():
    args = ["advise", HAND, "--seat", "A_IND", "--samples", "30", "--seed", "3", "--only",
            "gem,ultimo,uhu,vizi,lamour,volat"]
    advice = royal_sim.advise(HAND, "A_IND", samples=30, seed=3,
                              only="gem,ultimo,uhu,vizi,lamour,volat")
    best = max(advice.bid_sets, key=lambda b: b.expected)
    assert advice.bid_sets[0].expected == best.expected
    last = unfold(CliRunner().invoke(main, args).stdout.strip())[-1]
    gain = best.expected - advice.baseline.expected
    assert last.startswith(f"Bid {', '.join(advice.bid_sets[0].bids)}: E[score] "
                           f"{best.expected:.1f}, {gain:+.1f} over no bid"), last
    data = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    assert data["bid_sets"][0]["bids"] == list(advice.bid_sets[0].bids)


def test_sets_differing_only_by_small_bids_are_one_row():
    from royal_sim.advisor import BidSet
    from royal_sim.cli.advise import group_sets

    sets = [BidSet(("gem", "vizi"), 70.2, 1.0, 0.1), BidSet(("gem",), 70.0, 1.0, 0.1),
            BidSet(("ultimo:SK",), 65.0, 1.0, 0.2), BidSet(("gem", "lamour"), 64.9, 1.0, 0.1)]
    groups = group_sets(sets)
    assert [(g.bids, [v.bids for v in vs]) for g, vs in groups] == [
        (("gem", "vizi"), [("gem",), ("gem", "lamour")]), (("ultimo:SK",), [])]


def test_a_slem_the_gerots_obligations_make_rare_gets_a_footnote():
    strong = "XXII XXI XIX XVIII XVI XV IV III II I"
    report = royal_sim.analyze(strong, "A_ELF", samples=30, seed=1, only="scala,volat")
    scala = {r.id: r for r in report.slems}["scala"]
    laza = royal_sim.analyze(strong, "A_ELF", samples=30, seed=1, only="scala",
                             rules="laza")
    p, why = report.analysis.obligations["scala"]
    assert scala.probability < 0.05 and p == laza.slems[0].probability >= 0.25
    assert "lead obligations" in why
    assert laza.analysis.obligations == {}
    text = CliRunner().invoke(main, ["analyze", strong, "--seat", "A_ELF", "--samples", "30",
                                     "--only", "scala,volat"]).stdout
    assert f"Gerots: Scala 0% here, but {p:.0%} of the same deals without its lead" in text


def test_the_obligation_footnotes_equal_a_full_laza_search_of_the_rare_slems():
    """The footnote's laza search drops a slem once it cannot reach 25 %: the footnotes are
    those of a laza analysis of every slem on the same deals."""
    from royal_sim import slems as S
    from royal_sim.analysis import OBLIGATION_LAZA, OBLIGATION_RARE

    strong = "XXII XXI XIX XVIII XVI XV IV III II I"
    report = royal_sim.analyze(strong, "A_ELF", samples=60, seed=2)
    laza = royal_sim.analyze(strong, "A_ELF", samples=60, seed=2, rules="laza")
    laza_p = {r.key: r.probability for r in laza.analysis.candidates if r.n}
    rare = [r.key for r in report.analysis.candidates
            if not r.bound and r.slem.param.arity != 3       # (not the exact candidates)
            and r.n and r.probability < OBLIGATION_RARE
            and (S.gerots_leads(r.slem, r.param) or S.held_until(r.slem, r.param))]
    expected = {k: laza_p[k] for k in rare if laza_p[k] >= OBLIGATION_LAZA}
    assert len(rare) > len(expected) > 0
    assert {k: p for k, (p, _) in report.analysis.obligations.items()} == expected


def test_sets_tied_with_the_best_within_a_standard_error_rank_equal():
    from royal_sim.advisor import BidSet
    from royal_sim.cli.advise import _rank

    # (on 400 deals: from fewer than MIN_SE_DEALS no set is tied, tests/test_few_deals.py)
    best = BidSet(("gem",), 70.0, 1.5, 0.1, deals=400)
    assert _rank(1, best, best) == "1"
    assert _rank(2, BidSet(("ultimo:SK",), 69.0, 1.0, 0.1, deals=400), best) == "=1"
    assert _rank(3, BidSet(("uhu:SK",), 67.0, 1.0, 0.1, deals=400), best) == "3"
