"""The Python face (``royal_sim.analyze``, ``advise``, ``solve``): the notation players
write in, result objects whose ``to_json()`` is the command line's ``--json`` output."""

import json

import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.cli import main

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"
FULL_DEAL = ("XXI XX XI SQ SN SJ C10 HQ HN HJ / XVIII XV VI V IV S10 CN DK DN DJ / "
             "XXII XIII X VIII VII II CQ CJ HK DQ / XIX XVII XVI XIV XII IX III I SK CK")


def cli_json(*args) -> dict:
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_analyze_is_the_commands_json():
    report = royal_sim.analyze(HAND, "A_IND", samples=12, seed=4, only="gem,ultimo,volat",
                               rules="laza", heard=["D_ELF:flush:D"])
    assert report.to_json() == cli_json("analyze", HAND, "--seat", "A_IND", "--samples", "12",
                                        "--seed", "4", "--only", "gem,ultimo,volat",
                                        "--rules", "LAZA", "--heard", "D_ELF:flush:D")
    row = {r.id: r for r in report.slems}["ultimo"]
    assert row.param in ("IV", "SK", "HK") and row.deals == 12 and 0 <= row.probability <= 1
    no_bid = {round(r.expected_score - r.gain, 6) for r in report.slems if r.gain is not None}
    assert len(no_bid) == 1                 # every gain is over the same no-bid mean
    assert report.known == ["heard D_ELF:flush:D"] and report.seat == "A_IND"
    assert sum(report.max_tricks.values()) == 12


def test_advise_is_the_commands_json():
    advice = royal_sim.advise(HAND, "A_IND", samples=10, seed=2, only="gem,ultimo,uhu",
                              their_bids="xxi_fogas")
    assert advice.to_json() == cli_json("advise", HAND, "--seat", "A_IND", "--samples", "10",
                                        "--seed", "2", "--only", "gem,ultimo,uhu",
                                        "--their-bids", "xxi_fogas")
    assert advice.bid_sets[0].expected >= advice.bid_sets[-1].expected
    assert [k.result.slem.id for k in advice.their_bids] == ["xxi_fogas"]


def test_solve_is_the_commands_json():
    res = royal_sim.solve(ENDING, leader="D_ELF")
    assert res.to_json() == cli_json("solve", ENDING, "--leader", "D_ELF")
    assert (res.attack, res.defence) == (1, 2)


@pytest.mark.parametrize("call, argument", [
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=0), "samples"),
    (lambda: royal_sim.analyze(HAND, "A_IND", heard=["nonsense"]), "heard"),
    (lambda: royal_sim.analyze(HAND, "A_IND", rules="gerots", igazitas=False), "igazitas"),
    (lambda: royal_sim.advise(HAND, "A_IND", max_bids=9), "max_bids"),
    (lambda: royal_sim.solve(ENDING, first_trick=3), "first_trick"),
    # found by a fresh user: a ValueError, a truthy string taken as True, rules not checked
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, seed=-1), "seed"),
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, seed=2**70), "seed"),
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, seed="x"), "seed"),
    (lambda: royal_sim.analyze(HAND, "A_IND", rules="laza", igazitas="no"), "igazitas"),
    (lambda: royal_sim.analyze(HAND, "A_IND", rules="x"), "rules"),
    (lambda: royal_sim.solve(ENDING, rules="x"), "rules"),
    (lambda: royal_sim.solve(ENDING, first_trick="8"), "first_trick"),
    (lambda: royal_sim.analyze(5, "A_IND", samples=5), "hand"),       # was read as "V"
    (lambda: royal_sim.solve(None), "deal"),
    # found by a fresh user: a TypeError after the whole search, or naming an inner function
    (lambda: royal_sim.advise(HAND, "A_IND", samples=5, top=2.5), "top"),
    (lambda: royal_sim.advise(HAND, "A_IND", samples=5, max_bids=2.5), "max_bids"),
    (lambda: royal_sim.advise(HAND, "A_IND", samples=5, top="3"), "top"),
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, bogus=1), "bogus"),
    (lambda: royal_sim.advise(HAND, "A_IND", samples=5, bogus=1), "bogus"),
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, only="gem", jobs=0), "jobs"),
    # an AttributeError: analyze took request_analysis's parsed-bids parameter as an option
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, partner_bids="gem"), "partner_bids"),
    (lambda: royal_sim.advise(HAND, "A_IND", samples=5, notes=["x"]), "notes"),
    (lambda: royal_sim.analyze(HAND, "A_IND", samples=5, param="ultimo=SK",
                               params=["uhu=SK"]), "params"),
    # found by a fresh user: a TypeError, a ValueError, a seat index or a truthy string taken
    (lambda: royal_sim.solve(ENDING, foo=1), "foo"),
    (lambda: royal_sim.solve(ENDING, leader=4), "leader"),
    (lambda: royal_sim.solve(ENDING, leader=2), "leader"),
    (lambda: royal_sim.solve(ENDING, leader=True), "leader"),
    (lambda: royal_sim.solve(ENDING, leader="Q"), "leader"),
    (lambda: royal_sim.solve(FULL_DEAL, leader="A_ELF"), "leader"),    # trick 1: A_IND leads
    (lambda: royal_sim.solve(ENDING, slems="no"), "slems"),
    (lambda: royal_sim.solve(ENDING, no_slems="yes"), "no_slems"),
    (lambda: royal_sim.solve(ENDING, slems=True, no_slems=True), "no_slems"),
    # found by a user probe: a TypeError traceback for an unknown keyword
    (lambda: royal_sim.review(FULL_DEAL, play="XX", bogus=1), "bogus"),
    (lambda: royal_sim.suggest(HAND, "A_IND", bogus=1), "bogus"),
    (lambda: royal_sim.play(FULL_DEAL, bogus=1), "bogus"),
])
def test_bad_arguments_are_named(call, argument):
    with pytest.raises(royal_sim.RoyalSimError) as e:
        call()
    assert e.value.argument == argument and "\n" not in str(e.value)


def test_the_commands_flag_names_and_jobs_are_options():
    import numba

    before = numba.get_num_threads()
    report = royal_sim.analyze(HAND, "A_IND", samples=5, only="ultimo", param="ultimo=SK",
                               void=["D_ELF:D"], jobs=1)
    assert [(r.id, r.param) for r in report.slems] == [("ultimo", "SK")]
    assert numba.get_num_threads() == before
    assert report.to_json() == royal_sim.analyze(HAND, "A_IND", samples=5, only="ultimo",
                                                 params=["ultimo=SK"],
                                                 voids=["D_ELF:D"]).to_json()


def test_a_bad_hand_is_one_error():
    with pytest.raises(royal_sim.RoyalSimError, match="2 cards"):
        royal_sim.analyze("XXII XX", "A_IND")


def test_a_parameter_never_made_is_shown_where_it_is_the_only_one():
    """The best of several candidate parameters none of which is made has no parameter (the
    best of zeros means nothing); a fixed parameter, and every candidate row, keep theirs
    (a fresh user's `--param ultimo=SK` showed a blank parameter)."""
    hand = "XXII XXI XVIII XVII XVI XV XIV I SK CK"
    out = royal_sim.analyze(hand, "D_IND", samples=4, only="ultimo,uhu",
                            params=["ultimo=SK"]).to_json()
    rows = {(r["id"], r["param"]) for r in out["slems"] if r["made"] == 0}
    cands = [r for r in out["candidates"] if r["id"] == "uhu"]
    assert ("ultimo", "SK") in rows
    assert len(cands) > 1 and all(r["param"] for r in cands)
    if all(r["made"] == 0 for r in cands):
        assert ("uhu", None) in rows


def test_solve_takes_the_four_hands_as_a_list():
    assert royal_sim.solve(ENDING.split(" / ")).to_json() == royal_sim.solve(ENDING).to_json()
    assert (royal_sim.solve(ENDING, no_slems=True).to_json()
            == royal_sim.solve(ENDING, slems=False).to_json())


def test_the_reports_attributes_carry_the_json_fields():
    report = royal_sim.analyze(HAND, "A_IND", samples=12, only="gem,ultimo")
    d = report.to_json()
    assert d["interrupted"] is report.interrupted is False
    assert report.obligations == {} and d["obligations"] == []
    for row, j in zip(report.slems, d["slems"]):
        assert row.stopped == j["stopped"] == "samples" and row.deals == j["deals"]


def test_play_stays_the_function_after_the_card_play_package_is_imported():
    """``royal_sim.play`` is the function that plays a deal out; importing the card-play
    package (as any review or suggest does) leaves it so."""
    import royal_sim.cardplay.record  # noqa: F401
    assert callable(royal_sim.play) and royal_sim.play.__module__ == "royal_sim.api"
    with pytest.raises(royal_sim.RoyalSimError, match="unknown option 'bogus' of play"):
        royal_sim.play(FULL_DEAL, bogus=1)
