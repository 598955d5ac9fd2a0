"""A precision-driven analysis of the declarer games stops each row at its own look
(``declarer_analysis._Stops``): a row is read on the deals up to the look after which its
interval is within the precision, later deals do not search it."""

import itertools

import pytest

from royal_sim.analysis import declarer_analysis as D
from royal_sim.analysis.declarer_worker import Worker
from royal_sim.analysis.stopping import StoppingRule
from royal_sim.cli.analyze_declarer import game_text

MIXED = "XXII XXI XX XIX XVIII XVII XVI XV SK SQ SN HA"
DROGGN_17 = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V"
DROGGN_STRONG = "XXII XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI SK SQ HK H4 C10"


def by_key(result):
    return {(r.contract.id, r.id): r for r in result.rows}


def test_each_row_stops_at_a_look_where_it_is_precise_and_reads_its_first_deals():
    precision, cap = 0.05, 200
    result = D.analyze_game(MIXED, "1", game="harmas", precision=precision, samples=cap,
                            seed=3)
    rule = StoppingRule(precision, cap)
    looks = set(rule.looks())
    got = by_key(result)
    deals = {r.deals for r in result.rows}
    assert len(deals) > 1, "some rows stop before others on this hand"
    assert max(deals) == result.deals
    for key, r in got.items():
        assert r.deals in looks, key
        if r.deals < result.deals or result.deals < cap:
            assert rule.precise(r.made, r.deals), key
            assert rule.precise(r.made + r.undecided, r.deals), key
    # a row reads the first deals of the stream: the same as a fixed run of that many
    for n in sorted(deals):
        fixed = by_key(D.analyze_game(MIXED, "1", game="harmas", samples=n, seed=3))
        for key, r in got.items():
            if r.deals == n:
                f = fixed[key]
                assert (r.made, r.undecided) == (f.made, f.undecided), key
                assert r.expected_score == f.expected_score, key
                assert r.expected_announced == f.expected_announced, key


def test_a_stopped_row_is_not_searched():
    s = D.setting(MIXED, "1", game="harmas")
    deal = next(D.deals(s, 1))
    w = Worker.of(s)
    szolo = next(c for c in s.contracts if c.id == "szolo")
    active = {"szolo": {"volat"}}
    out = D.search_deal(w, deal, {}, active)
    assert set(out) == {"szolo", "limits"}
    assert set(out["szolo"]["figures"]) == {"volat"} == set(out["szolo"]["fig_pay"])
    full = D.search_deal(Worker.of(s), deal, {})
    assert out["szolo"]["figures"]["volat"] == full["szolo"]["figures"]["volat"]
    assert set(full["szolo"]["figures"]) == set(szolo.figures)


def test_a_figure_left_alone_does_not_search_the_game(monkeypatch):
    s = D.setting(MIXED, "1", game="harmas")
    deal = next(D.deals(s, 1))
    full = D.search_deal(Worker.of(s), deal, {})
    calls = []
    real = D.play_game
    monkeypatch.setattr(D, "play_game", lambda *a, **k: calls.append(a[2].id) or real(*a, **k))
    out = D.search_deal(Worker.of(s), deal, {}, {"szolo": {"tuletroa"}})
    assert calls == [] and out["szolo"]["pay"] is None
    assert out["szolo"]["figures"] == {"tuletroa": full["szolo"]["figures"]["tuletroa"]}
    # volát reads the game (a failed announced volát loses it): the game is searched
    out = D.search_deal(Worker.of(s), deal, {}, {"szolo": {"volat"}})
    assert calls == ["szolo"] and out["szolo"]["pay"] == full["szolo"]["pay"]
    assert out["szolo"]["fig_pay"]["volat"] == full["szolo"]["fig_pay"]["volat"]


def test_droggn_match_searched_without_the_brackets_is_the_same():
    """Where the game row has stopped its brackets of points are not searched; Match is
    then searched directly (every trick), with the same verdict."""
    for hand, seed in ((DROGGN_17, 2), (DROGGN_STRONG, 5)):
        s = D.setting(hand, "1", game="droggn")
        solo = next(c for c in s.contracts if c.id == "solo")
        for deal in itertools.islice(D.deals(s, seed), 3):
            v = D.variant(s, *deal, solo, "void")
            w = Worker.of(s)
            with_points = D.figure_tests(w, v, solo, D.play_game(w, v, solo))
            bare = D.play_game(w, v, solo, points=False)
            assert "match" not in bare
            without = D.figure_tests(w, v, solo, bare, frozenset({"match"}))
            assert without["match"] == with_points["match"]
            assert set(without) == {"match", "unknown"}
            if hand == DROGGN_17:
                assert without["match"]


def test_the_text_shows_each_rows_deals_when_they_differ():
    result = D.analyze_game(DROGGN_STRONG, "1", game="droggn", precision=0.05, samples=50,
                            seed=1)
    got = by_key(result)
    assert got["super", "win"].deals == 42 < got["super", "pagatfogas"].deals == 50
    lines = game_text(result, width=None).splitlines()
    head = next(line for line in lines if line.startswith("contract"))
    assert "deals" in head.split()
    # at 80 columns the prices the advice adds up stay and the deals column goes first
    narrow = game_text(result).splitlines()
    assert "deals" not in next(line for line in narrow if line.startswith("contract"))
    assert "--json's deals" in " ".join(" ".join(narrow).split())
    assert "A row is searched until its interval is within +-5%" in " ".join(
        " ".join(lines).split())


def test_a_contracts_deal_values_average_to_its_value():
    """``Stops.deal_values`` prices each deal as ``DeclarerAnalysis.value`` prices the means
    (the game, each figure silent or announced, the defence's kontra): their mean is the
    value, with kontra read and without (``--option nokontra``)."""
    from royal_sim.analysis.declarer_stops import Stops

    for game, hand, option in (("harmas", MIXED, ()), ("harmas", MIXED, ("nokontra",)),
                               ("droggn", DROGGN_STRONG, ())):
        result = D.analyze_game(hand, "1", game=game, samples=12, seed=2, option=option)
        stops = Stops(result.setting, True, result.kontra)
        for c in result.setting.contracts:
            if c.exchange == "mizer" or (c.exchange == "pair" and c.index):
                continue
            values = stops.deal_values(c, result.verdicts)
            assert len(values) == 12
            assert values.mean() == pytest.approx(result.value(c.id), abs=1e-9), (game, c.id)


def test_the_default_run_stops_a_decided_contract_at_ten_points():
    """Neither samples nor precision: every row to +-5 points, but the rows of a contract
    surely worse than the best choice (here the kettős against a szóló) stop at +-10 on a
    98 % interval, on fewer deals than +-5 takes."""
    from royal_sim.analysis.stopping import DECIDED, StoppingRule

    strong = "XXII XXI XX XIX XVIII XVII XVI XV XIV SK SQ HA"
    result = D.analyze_game(strong, "1", game="harmas", seed=1)
    assert result.decide and result.to_json()["decided_precision"] == DECIDED
    assert result.advice()["bid"] == "szolo"
    rule = StoppingRule(0.05, D.DEFAULT_CAP["harmas"])
    decided = [r for r in result.rows if r.stopped == "decided"]
    assert decided and {r.contract.id for r in decided} == {"kettos"}
    for r in decided:
        lo = rule.decided_interval(r.made, r.deals)[0]
        hi = rule.decided_interval(r.made + r.undecided, r.deals)[1]
        assert r.interval == (lo, hi) and r.deals < result.deals
        assert rule.decided(r.made, r.deals) and not rule.precise(r.made, r.deals)
    text = " ".join(game_text(result, 80).split())
    assert "+-10% where decided" in text and "rows stopped at +-10% (\"decided\"" in text
    assert "Cap reached" not in text
    # a run given its precision holds every row to it
    held = D.analyze_game(strong, "1", game="harmas", seed=1, precision=0.05)
    assert not held.decide and all(r.stopped != "decided" for r in held.rows)
    assert held.to_json()["decided_precision"] is None


def test_the_default_run_holds_the_mizer_beside_contracts_to_ten_points():
    """No advice reads the mizer (passing counts 0): beside the contracts its row stops at
    +-10 on a 98 % interval, as a decided contract's; asked for alone it is held to +-5."""
    from royal_sim.analysis.stopping import StoppingRule

    hand = "II III IV V VI VII SJ CJ HA HJ DA DJ"
    result = D.analyze_game(hand, "1", game="modositott", seed=1)
    rule = StoppingRule(0.05, D.DEFAULT_CAP["modositott"])
    (mizer,) = [r for r in result.rows if r.contract.exchange == "mizer"]
    assert mizer.stopped == "decided"
    assert rule.decided(mizer.made, mizer.deals) and not rule.precise(mizer.made, mizer.deals)
    text = " ".join(game_text(result, 80).split())
    assert "The mizer row stopped at +-10%" in text
    alone = D.analyze_game(hand, "1", game="modositott", seed=1, contract="mizer")
    (row,) = alone.rows
    assert row.stopped is None and rule.precise(row.made, row.deals)
    assert row.deals > mizer.deals
