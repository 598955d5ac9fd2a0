"""Expected scores, bid sets and kontra advice (advisor.py) and the advise command."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from royal_sim.advisor import Scorer, best_bid_sets, bid_values, kontra_advice
from royal_sim.analysis import analyze
from royal_sim.cli import main
from royal_sim.model.deal import Pair, Seat, parse_hand
from royal_sim.scoring import consolatio, pair_holdings
from royal_sim.slems import Bid
from text import unfold

# A_IND with the ten top tarokks but XIX (partner's): the attack wins all ten tricks on
# every deal (A_IND leads trumps from the top; XIX is his partner's), so Volát is made
# 100 % and Volát-based bids must dominate any set without them.
STRONG = "XXII XXI XX XVIII XVII XVI XV XIV XIII XII"
ONLY = ["gem", "kassza", "mizer", "volat", "pikolo", "city", "scala", "vizi", "honor",
        "kopf", "banda"]


@pytest.fixture(scope="module")
def strong():
    return analyze(parse_hand(STRONG, "A_IND"), Seat.A_IND, samples=8, seed=4, rules="gerots",
                   only=ONLY)


def test_no_bid_score_is_the_consolatio(strong):
    scorer = Scorer(strong.deals, Pair.ATTACK, "gerots")
    got = scorer.scores((), None)
    want = [consolatio(Pair.ATTACK, *pair_holdings([int(x) for x in row], Pair.ATTACK),
                       rules="gerots") for row in strong.deals]
    assert got.tolist() == want


def test_volat_is_made_everywhere_and_dominates(strong):
    probs = {r.key: r.probability for r in strong.candidates}
    assert probs["volat"] == 1.0
    values = bid_values(strong)
    # Gerots: consolatio + 60 for Volát, capped at 100
    assert values["volat"].expected == pytest.approx(
        np.mean([min(100, consolatio(Pair.ATTACK, *pair_holdings([int(x) for x in r],
                                                                   Pair.ATTACK)) + 60)
                 for r in strong.deals]))
    sets = best_bid_sets(strong, top=3, max_bids=3)
    assert any(k in ("volat", "scala") for k in sets[0].bids)
    no_volat = [b for b in sets if not any(k in ("volat", "scala") for k in b.bids)]
    assert all(b.expected <= sets[0].expected for b in no_volat)
    assert sets[0].below_nobid == 0.0


def test_bid_sets_are_legal_and_deterministic(strong):
    again = analyze(parse_hand(STRONG, "A_IND"), Seat.A_IND, samples=8, seed=4,
                    rules="gerots", only=ONLY)
    a = best_bid_sets(strong, top=5)
    b = best_bid_sets(again, top=5)
    assert [s.bids for s in a] == [s.bids for s in b]
    for s in a:
        assert sum(1 for k in s.bids if Bid.parse(k).slem.is_trophy) <= 1


def test_no_set_needs_one_card_on_two_tricks():
    # Ultimó and Fácán with the same IV are legal bids together, but IV wins one trick only:
    # the advisor never recommends them together.
    from royal_sim.slems import card_trick_conflict
    hand = parse_hand("XIX XXI XVII XVI XIV IX IV SK SQ HK", "A_ELF")
    res = analyze(hand, Seat.A_ELF, samples=3, seed=1, rules="laza",
                  only=["gem", "ultimo", "facan", "solyom"])
    for s in best_bid_sets(res, top=20, max_bids=3):
        assert card_trick_conflict([Bid.parse(k) for k in s.bids]) is None, s.bids


def test_bids_heard_are_facts_about_the_deal():
    # Partner's Ultimó with SK: SK is the partner's; an opponent's Uhu with HK: HK is not in
    # the user's pair; partner's Pagátfogás: I is not the partner's.
    hand = parse_hand("XX XVII XIII X VII V SQ HN DJ DK", "A_IND")
    res = analyze(hand, Seat.A_IND, samples=5, seed=8, only=["gem"],
                  partner_bids=[Bid.parse("ultimo:SK"), Bid.parse("pagatfogas")],
                  opponent_bids=[Bid.parse("uhu:HK")])
    from royal_sim.model import cards as C
    for row in res.deals:
        assert int(row[3]) >> C.parse_card("SK") & 1
        assert not int(row[3]) >> C.parse_card("HK") & 1
        assert not int(row[3]) >> C.PAGAT & 1
    assert [r.key for r in res.partner] == ["ultimo:SK", "pagatfogas"]
    assert [r.key for r in res.opponent] == ["uhu:HK"]


def test_kontra_on_an_impossible_opponent_bid():
    # The user holds skíz and XXI: the opponents can never capture "O's XXI" (XXI-fogás
    # fails on every deal); a kontra moves the 125 points, limited to 20 under Gerots.
    hand = parse_hand(STRONG, "A_IND")
    res = analyze(hand, Seat.A_IND, samples=6, seed=2, only=["gem"],
                  opponent_bids=[Bid.parse("xxi_fogas")])
    [k] = kontra_advice(res, res.opponent)
    assert k.p_fail == 1.0
    assert k.gain == pytest.approx(20.0)


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_advise_json():
    r = run("advise", STRONG, "--seat", "A_IND", "--samples", "4", "--only", "gem,volat,vizi",
            "--their-bids", "xxi_fogas", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["bid_sets"][0]["bids"] and "expected" in out["bid_sets"][0]
    assert out["their_bids"][0]["bid"] == "xxi_fogas"
    assert out["known"] == ["opponents bid xxi_fogas"]


def test_every_bid_of_a_proposed_set_changes_some_deals_score(strong):
    # the raise chain gem < kassza < mizer < volat: a set holding volat and gem scores as
    # volat alone (gem lapses); such repeats of a smaller set are not proposed
    sets = best_bid_sets(strong, top=20, max_bids=3)
    scorer = Scorer(strong.deals, Pair.ATTACK, "gerots")
    by_key = {r.key: r for r in strong.candidates}

    def scores(keys):
        return scorer.scores(list(keys), np.stack([by_key[k].outcomes for k in keys], axis=1)
                             if keys else None)

    assert any(len(b.bids) > 1 for b in sets)
    for b in sets:
        full = scores(b.bids)
        for k in b.bids:
            rest = [x for x in b.bids if x != k]
            assert not np.array_equal(full, scores(rest)), (b.bids, k)


def test_partner_bids_that_clash_on_a_card_still_leave_advice():
    # ultimo:CK and facan:CK both need the partner's CK (tricks 10 and 1): legal, at most
    # one made; the user's own bids are still proposed (before: only the partner's set)
    r = run("advise", STRONG, "--seat", "A_IND", "--samples", "4", "--only", "gem,volat,vizi",
            "--partner-bids", "ultimo:CK,facan:CK", "--json")
    assert r.exit_code == 0, r.output
    sets = json.loads(r.stdout)["bid_sets"]
    assert len(sets) > 1 and all(b["bids"][:2] == ["ultimo:CK", "facan:CK"] for b in sets)
    assert "Note: your partner's bids cannot all be made: CK cannot win" in r.stderr
    # a bid of the user's needing the partner's card for another trick is still never
    # proposed
    from royal_sim.advisor import _adds_card_conflict
    from royal_sim.slems import Bid
    assert _adds_card_conflict([Bid.parse("uhu:CK")], [Bid.parse("ultimo:CK")])
    assert not _adds_card_conflict([Bid.parse("gem")],
                                   [Bid.parse("ultimo:CK"), Bid.parse("facan:CK")])


def test_bids_with_a_parameter_of_several_parts_are_read_as_advise_prints_them():
    # the comma between bids also separates the parts of Piros-fekete's and Héja's
    # parameters: the key advise prints (piros_fekete:D,C) is accepted as such
    from royal_sim.analysis.request import bid_keys
    assert bid_keys("piros_fekete:D,C,heja:III,II,I, gem ultimo:SK") == [
        "piros_fekete:D,C", "heja:III,II,I", "gem", "ultimo:SK"]
    r = run("advise", STRONG, "--seat", "A_IND", "--samples", "3", "--only", "gem",
            "--partner-bids", "piros_fekete:D,C", "--their-bids", "heja:III,II,I", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["bid_sets"][0]["bids"][0] == "piros_fekete:D,C"
    bad = run("advise", STRONG, "--seat", "A_IND", "--samples", "3", "--only", "gem",
              "--partner-bids", "piros_fekete:D,X")
    assert bad.exit_code == 2 and "unknown suit 'X'" in bad.output


def test_advise_names_the_baseline_of_its_risk_column():
    args = ("advise", STRONG, "--seat", "A_IND", "--samples", "3", "--only", "gem,volat")
    assert "P(below no-bid)" in run(*args).stdout
    r = run(*args, "--partner-bids", "gem")
    assert "P(below partner's bids alone)" in r.stdout and "no-bid" not in r.stdout
    assert "Known: partner bid gem" in r.stdout


@pytest.mark.parametrize("args, needle", [
    (["--partner-bids", "facan:SK,solyom:SK"], "cannot be held by one pair"),
    (["--partner-bids", "gem,gem"], "gem"),
    (["--their-bids", "nosuch"], "unknown slem"),
    (["--their-bids", "ultimo:XXII"], "not a magasító"),
    (["--partner-bids", "les"], "csendes"),
    (["--partner-bids", ""], "lists no bid"),
    (["--partner-bids", "ultimo:XXII"], "not a magasító"),
    (["--partner-bids", "xxi_fogas"], "can never be made: you hold XXI"),
    (["--their-bids", "kismadar"], "you hold XXI"),
    (["--samples", "2000000"], "--samples must be 1..1,000,000"),
    (["--no-igazitas"], "laza option"),
    (["--partner-bids", "ultimo:I", "--their-bids", "ultimo:I"],
     "both need I: only one pair can hold it"),
])
def test_advise_bad_input(args, needle):
    samples = [] if "--samples" in args else ["--samples", "2"]     # (an option is given once)
    r = run("advise", STRONG, "--seat", "A_IND", *samples, "--only", "gem", *args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and needle in lines[0], r.output


@pytest.mark.parametrize("args, needle", [
    (["--partner-bids", "xxi_fogas", "--their-bids", "xxi_fogas"],
     "your partner's xxi_fogas puts XXI with the opponents (captures it), the opponents' "
     "xxi_fogas puts it in your pair (captures it): the bids heard contradict each other"),
    (["--partner-bids", "ultimo:I,pagatfogas"],
     "your partner's ultimo:I puts I in your pair (needs it), your partner's pagatfogas "
     "puts it with the opponents (captures it)"),
    (["--their-bids", "ultimo:I,pagatfogas"],
     "the opponents' ultimo:I puts I with the opponents (needs it), the opponents' "
     "pagatfogas puts it in your pair (captures it)"),
])
def test_advise_bids_that_put_a_card_in_both_pairs(args, needle):
    # The hand holds neither XXI nor I: only the two bids heard clash, and both are named
    # (the sampler's "said not to hold XXI, but must hold it" named neither).
    r = run("advise", "--example", "--samples", "2", "--only", "gem", *args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: " + needle), r.output
    assert lines[0].endswith(": the bids heard contradict each other")


def test_advise_bid_against_a_holder_given_names_both():
    # the opponents' XXI-fogás captures XXI from your pair; --holds gives it to D_ELF
    r = run("advise", "--example", "--samples", "2", "--only", "gem", "--their-bids",
            "xxi_fogas", "--holds", "D_ELF:XXI")
    assert r.exit_code == 2, r.output
    assert r.output.strip() == ("Error: the opponents' xxi_fogas puts XXI in your pair "
                                "(captures it), but the facts given put it in D_ELF's hand")


def test_advise_repeated_bid_options_add_up():
    # a second --partner-bids / --their-bids adds its bids (the last alone was kept: advice
    # for another auction, exit 0); two that clash are refused as one comma list is
    r = run("advise", "--example", "--samples", "2", "--only", "gem",
            "--partner-bids", "facan:CK", "--partner-bids", "solyom:I")
    assert r.exit_code == 2 and "facan and solyom are not bid together" in r.output, r.output
    r = run("advise", "--example", "--samples", "2", "--only", "gem",
            "--partner-bids", "gem", "--partner-bids", "volat",
            "--their-bids", "kassza", "--their-bids", "banda:H")
    assert r.exit_code == 0, r.output
    assert ("Known: partner bid gem; partner bid volat; opponents bid kassza; "
            "opponents bid banda:H") in "\n".join(unfold(r.output)), r.output


def test_advise_bids_in_one_pair_do_not_clash():
    # partner's Ultimó with I needs I in the pair; the opponents' Pagátfogás captures it
    # from the pair: consistent, so the advice runs on deals where the partner holds I.
    r = run("advise", "--example", "--samples", "2", "--only", "gem",
            "--partner-bids", "ultimo:I", "--their-bids", "pagatfogas")
    assert r.exit_code == 0, r.output


def test_defender_scores_use_the_attack_consolatio_too():
    # A defender's expected scores: the deal's scoring needs both pairs' holdings (the
    # defence consolatio is always 60 under Gerots).
    hand = parse_hand("XXI XV XII VIII VI II CK CN HQ DK", "D_ELF")
    res = analyze(hand, Seat.D_ELF, samples=4, seed=3, only=["gem", "vizi"])
    values = bid_values(res)
    scorer = Scorer(res.deals, Pair.DEFENCE, "gerots")
    assert scorer.scores((), None).tolist() == [60.0] * 4
    assert set(values) == {"gem", "vizi"}


def test_advise_shows_its_baseline_and_says_when_there_is_nothing_to_bid():
    args = ("advise", STRONG, "--seat", "A_IND", "--samples", "4", "--only", "gem,volat,vizi")
    out = json.loads(run(*args, "--json").stdout)
    base = out["baseline"]
    assert base["bids"] == [] and base["p_below_nobid"] == 0.0
    assert base in out["bid_sets"]              # (no bid) is among the 5 shown here
    r = run(*args, "--top", "1")                # the best set only: the baseline apart
    assert r.exit_code == 0, r.output
    assert f"No bid: E[score] {base['expected']:.1f}" in r.stdout
    # Les is silent only (never bid): the only row would be "(no bid)", now with a reason
    r = run("advise", STRONG, "--seat", "A_IND", "--samples", "4", "--only", "les")
    assert r.exit_code == 0, r.output
    assert "there is no bid to propose" in r.stdout
    assert ("The slems searched (Les) are silent: they score when made but are never bid"
            in "\n".join(unfold(r.stdout))), r.stdout


def test_a_scorer_kept_for_the_stream_scores_as_a_new_one():
    """Scorer.of keeps one scorer per deal stream (the reports of a precision-driven run,
    one a round, share it): on a prefix it scores as a scorer built on that prefix."""
    from dataclasses import replace
    res = analyze(parse_hand(STRONG, "A_IND"), Seat.A_IND, samples=8, seed=5,
                  rules="gerots", only=["gem", "volat", "vizi"])
    for n in (3, 8, 5):
        part = replace(res, deals_searched=n)
        kept, fresh = Scorer.of(part), Scorer(part.searched_deals, Pair.ATTACK, "gerots")
        assert kept.n == fresh.n == n
        for r in part.candidates:
            o = r.outcomes[:n, None]
            assert np.array_equal(kept.scores((r.key,), o), fresh.scores((r.key,), o))
        assert np.array_equal(kept.scores((), None), fresh.scores((), None))
    assert Scorer.of(res)._cache is Scorer.of(replace(res, deals_searched=4))._cache


def test_the_variants_a_row_does_not_write_out_are_reachable():
    """A row's '(+N more)' small-bid variants were shown nowhere: the note under the table
    says --json lists them, and the JSON's bid_sets hold every one (each row's set, then
    all its variants)."""
    import json as _json
    import re as _re

    from click.testing import CliRunner

    from royal_sim.cli import main
    from royal_sim.cli.advise import VARIANTS_SHOWN

    args = ["advise", "--example", "--samples", "100"]
    text = CliRunner().invoke(main, args).stdout
    more = [int(n) for n in _re.findall(r"\(\+(\d+) more\)", text)]
    assert more, text
    flat = " ".join(text.split())
    assert "'(+N more)': --json lists every variant" in flat
    sets = _json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)["bid_sets"]
    rows = len(_re.findall(r"^ *=?\d+  \S", text, _re.M))
    assert len(sets) >= rows + sum(m + VARIANTS_SHOWN for m in more)


def test_a_bid_every_set_of_it_scores_below_the_best_is_outclassed():
    """``outclassed_bids``: the bids still searched that the best set leaves out and whose
    best set scores below it by more than 1.96 s.e. of the paired difference; the Volát
    hand: none of the best set's bids, and every one of them beaten so on the deals."""
    import dataclasses
    import math

    from royal_sim.advisor import DECIDED_Z, outclassed_bids

    done = analyze(parse_hand(STRONG, "A_IND"), Seat.A_IND, samples=60, seed=4,
                   rules="gerots", only=ONLY)
    assert outclassed_bids(done) == set()       # a fixed run: nothing is still searched
    searched = dataclasses.replace(
        done, candidates=[dataclasses.replace(r, stopped=None) for r in done.candidates])
    out = outclassed_bids(searched, max_bids=3)
    sets = best_bid_sets(searched, top=None, max_bids=3)
    best = sets[0]
    assert out and not out & set(best.bids)
    for key in {r.key for r in searched.candidates} - set(best.bids):
        with_it = [b for b in sets if key in b.bids]
        if not with_it:
            assert key not in out
            continue
        d = best.scores - with_it[0].scores
        beaten = d.mean() > DECIDED_Z * d.std(ddof=1) / math.sqrt(len(d))
        assert (key in out) == beaten, key
