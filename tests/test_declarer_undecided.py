"""The declarer games' answers where searches pass their node limit: a side's top tarokks
prove its count without a search (``declarer_bounds.count_floor``, checked against the
search), and an advice that rests on undecided deals says so (``advice()["undecided"]``,
the recommendation line)."""

from __future__ import annotations

from royal_sim.analysis import declarer_analysis as DA
from royal_sim.analysis import declarer_worker as DW
from royal_sim.analysis.declarer_bounds import count_floor
from royal_sim.analysis.declarer_deal import deals, setting, variant
from royal_sim.analysis.game_analysis import analyze_game
from royal_sim.cli.analyze_declarer import game_text
from royal_sim.engine.counts import CountPosition

TOP17 = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI I"
HARMAS = "XXII XXI XX XIX XVIII XVII XVI XV XIV SK SQ HA"


def test_the_top_tarokks_prove_the_solo_game_without_a_search():
    """The probe's hand: 16 tarokks above every other but the excuse win their tricks, worth
    the game on every deal; proved at once, a node limit of 1 notwithstanding."""
    s = setting(TOP17, "1", game="droggn", contract="solo")
    w = DA.Worker.of(s)
    goal = s.game.goal_of(s.setup)
    solo = next(c for c in s.contracts if c.id == "solo")
    for _, (hands, pile) in zip(range(4), deals(s, 1)):
        v = variant(s, hands, pile, solo, "void")
        assert count_floor(s, w.solver_of(v).rules, v, w.count, w.n_tricks) >= goal - v.banked
        assert w.reaches(v, w.count, goal - v.banked, limit=1)
    assert w.limits == 0


def test_the_floor_is_reached_by_the_search():
    """Sound: the side counts the floor on each deal, searched (Jókai's szóló, with suit
    cards in hand and the -2 a trick)."""
    s = setting("XXII XXI XX XIX XVIII XVII XVI SK SQ HA HJ DN", "1", game="harmas",
                contract="szolo")
    w = DA.Worker.of(s)
    c = s.contracts[0]
    checked = 0
    for _, (hands, pile) in zip(range(3), deals(s, 3)):
        v = variant(s, hands, pile, c, "void")
        floor = count_floor(s, w.solver.rules, v, w.count, w.n_tricks)
        if floor is None:
            continue
        checked += 1
        assert w.solver.reaches(CountPosition(v.hands, s.leader), v.side, w.count, floor)
    assert checked


def test_count_floor_proves_nothing_for_a_side_of_two_or_without_a_top_tarokk():
    import dataclasses

    s = setting(TOP17, "1", game="droggn", contract="solo")
    w = DA.Worker.of(s)
    hands, pile = next(iter(deals(s, 1)))
    v = variant(s, hands, pile, s.contracts[0], "void")
    assert count_floor(s, w.solver.rules, v, w.count, w.n_tricks) is not None
    pair = dataclasses.replace(v, side=(0, 1))
    assert count_floor(s, w.solver.rules, pair, w.count, w.n_tricks) is None
    swapped = dataclasses.replace(v, hands=(v.hands[1], v.hands[0], v.hands[2]))
    assert count_floor(s, w.solver.rules, swapped, w.count, w.n_tricks) is None


def test_an_advice_resting_on_undecided_deals_says_so(monkeypatch):
    """Every search past a tiny node limit: pass is read, but the deals counted not made
    could make a contract better; the advice and its line say so."""
    monkeypatch.setattr(DW, "MAX_NODES", 30)
    r = analyze_game(HARMAS, "1", game="harmas", samples=3, jobs=1)
    a = r.advice()
    assert a["bid"] == "pass" and a["undecided"] is True
    assert a["undecided_deals"] == 3 and a["deals"] == 3 and "szolo" in a["could_beat"]
    assert r.to_json()["advice"]["undecided"] is True
    text = " ".join(game_text(r, 100).split())
    assert "Recommended: pass (0.0)" in text
    assert "Undecided: 3 of 3 deals past the node limit (counted as not made) could make" \
        in text and "better than pass: not a decided answer." in text


def test_a_decided_advice_is_not_flagged():
    r = analyze_game(HARMAS, "1", game="harmas", samples=3, jobs=1)
    assert r.limits == 0 and r.advice()["undecided"] is False
    assert "Undecided" not in game_text(r, 100)
