"""``royal-sim analyze --game coinche`` (issue 46, item 2): the contracts a coinche hand's pair
makes double dummy, their intervals and expected scores (``analysis.game_analysis``)."""

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner

from royal_sim.analysis import belote_analysis as GA
from royal_sim.analysis.results import wilson
from royal_sim.cli import main
from royal_sim.engine.count_rules import Count
from royal_sim.engine.counts import CountPosition, CountSolver

from text import unfold

ALL_SPADES = "SJ S9 SA S10 SK SQ S8 S7"
HAND = "SJ S9 SA S10 HA HK D10 C7"


def run(*args):
    return CliRunner().invoke(main, ["analyze", "--game", "coinche", *args])


@pytest.fixture(scope="module")
def eight_trumps():
    return GA.analyze_game(ALL_SPADES, "S", samples=12, seed=3)


def test_eight_trumps_make_capot_and_generale_on_every_deal(eight_trumps):
    rows = {(r.trump, r.id): r for r in eight_trumps.rows}
    for rid in GA.ROW_IDS:
        r = rows["S", rid]
        assert (r.made, r.deals, r.probability) == (12, 12, 1.0), rid
        assert r.interval == wilson(12, 12)
    # every deal: 252 + belote (SK SQ in the hand) + 250, the defence nothing
    assert rows["S", "capot"].expected_score == 522
    assert rows["S", "capot"].expected_score_coinche == (160 + 250) * 2 + 20
    assert rows["S", "generale"].expected_score == 252 + 20 + 500
    assert eight_trumps.advice()["bid"] == "500S"


def test_levels_equal_the_exact_count_of_the_same_deals():
    """The walk of null-window tests gives the level ``CountSolver.value`` gives, on the same
    deals (rebuilt from the seed); the capot and générale by exact trick counts."""
    n, seed = 20, 11
    result = GA.analyze_game(HAND, "W", declarer="N", samples=n, seed=seed)
    s = GA.setting(HAND, "W", declarer="N")
    game = s.game
    rebuilt = list(itertools.islice(GA.deals(s, seed), n))
    assert rebuilt == result.deals_list
    side = (2, 0)                                  # N and S: seats 2 and 0 (S W N E)
    tricks = Count(points=np.zeros(32, np.int16), trick_points=np.ones(8, np.int16))
    for hands, per_trump in zip(rebuilt, result.per_deal):
        assert hands[1] == s.hand
        for t, dt in zip(GA.TRUMPS, per_trump):
            setup = game.setup(trump=t)
            solver = CountSolver(game.rules(setup))
            pos = CountPosition(hands, 0)               # S leads trick 1
            v = solver.value(pos, side, game.count(setup))
            total = game.total(setup)
            capot = solver.value(pos, side, tricks) == 8
            alone = Count(points=np.zeros(32, np.int16), trick_points=np.ones(8, np.int16),
                          trick_cards=np.full(8, hands[2], np.uint64))
            generale = solver.value(pos, side, alone) == 8
            bel_t = bel_d = 0
            if t != "NT":
                k, q = game.deck(setup).parse_cards(f"{t}K {t}Q")
                for seat, h in enumerate(hands):
                    if h >> k & 1 and h >> q & 1:
                        bel_t, bel_d = (20, 0) if seat in side else (0, 20)
            made = [capot or (v + bel_t >= L and v + bel_t > total - v + bel_d)
                    for L in GA.LEVELS]
            level = max([L for L, m in zip(GA.LEVELS, made) if m] or [0])
            assert (dt.capot, dt.generale) == (capot, generale), (t, hands)
            assert dt.made == tuple(made) + (capot, generale), (t, hands)
            if not capot:
                assert dt.level == level, (t, hands)
            if dt.level:
                assert dt.points == v, (t, hands)


def test_the_interval_contains_the_estimate_and_the_scores_follow_score_deal():
    from royal_sim.games.belote_scoring import score_deal

    result = GA.analyze_game(HAND, "S", samples=15, seed=5)
    for r in result.rows:
        lo, hi = r.interval
        assert 0 <= lo <= r.probability <= hi <= 1
        assert r.interval == wilson(r.made, r.deals)
    # a made 80 in a suit: points + contract against the defence's count
    row = next(r for r in result.rows if r.trump == "S" and r.id == "80")
    want = []
    for per_trump in result.per_deal:
        dt = per_trump[0]
        if not dt.made[0]:
            want.append(-(160 + 80) - (20 if dt.belote == 1 else 0)
                        + (20 if dt.belote == 0 else 0))
            continue
        if dt.capot:
            sc = score_deal("152/0", taker="S", game="coinche", capot="NS",
                            belote={0: "NS", 1: "EW"}.get(dt.belote), contract="80S")
        else:
            pts = dt.points - 10
            sc = score_deal(f"{pts}/{152 - pts}", taker="S", game="coinche", der="NS",
                            belote={0: "NS", 1: "EW"}.get(dt.belote), contract="80S")
        want.append(sc.NS - sc.EW)
    assert row.expected_score == pytest.approx(sum(want) / len(want))
    # ranked best first, the advice its first row (or pass)
    ranked = result.ranked()
    assert [r.expected_score for r in ranked] == sorted((r.expected_score for r in ranked),
                                                        reverse=True)
    best = ranked[0]
    advice = result.advice()
    assert advice["bid"] == (f"{best.contract}{best.trump}" if best.expected_score > 0
                             else "pass")


def test_same_seed_same_deals_and_the_facts_hold():
    s = GA.setting(HAND, "S", holds=["N:HJ,H9"], voids=["W:H", "E:D"])
    a = list(itertools.islice(GA.deals(s, 9), 30))
    assert a == list(itertools.islice(GA.deals(s, 9), 30))
    assert a != list(itertools.islice(GA.deals(s, 10), 30))
    deck = s.game.deck(s.game.setup(trump="S"))
    hj_h9 = deck.mask("HJ H9")
    for hands in a:
        assert sorted(h.bit_count() for h in hands) == [8] * 4
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1
        assert hands[0] == s.hand and hands[2] & hj_h9 == hj_h9
        assert not hands[1] & deck.suit_mask(1) and not hands[3] & deck.suit_mask(2)


def test_precision_stops_at_the_first_look_when_every_row_is_settled():
    from royal_sim.analysis.stopping import StoppingRule

    # +-20 points: every row settles on the stopping rule's first look, 42 deals
    result = GA.analyze_game(ALL_SPADES, "S", precision=0.2, seed=2)
    assert (result.deals, result.rounds, result.samples) == (42, 1, 2000)
    rule = StoppingRule(0.2, 2000)
    for r in result.rows:
        assert r.interval == rule.interval(r.made, 42)
        assert (r.interval[1] - r.interval[0]) / 2 <= 0.2


def test_json_keys_and_text():
    out = run(ALL_SPADES, "--seat", "S", "--samples", "4", "--seed", "8", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {"game", "hand", "seat", "declarer", "seed", "deals", "slems",
            "advice"} <= set(data)
    assert (data["game"], data["seat"], data["declarer"], data["seed"], data["deals"]) == \
        ("coinche", "S", "S", 8, 4)
    assert len(data["slems"]) == 5 * 11
    assert {(r["trump"], r["id"]) for r in data["slems"]} == \
        {(t, i) for t in GA.TRUMPS for i in GA.ROW_IDS}
    for r in data["slems"]:
        assert {"id", "trump", "probability", "ci95", "deals", "expected_score",
                "expected_score_coinche"} <= set(r)
        assert r["ci95"][0] <= r["probability"] <= r["ci95"][1] and r["deals"] == 4
    assert data["advice"]["bid"] == "500S"
    text = run(ALL_SPADES, "--seat", "S", "--samples", "4", "--declarer", "N")
    assert text.exit_code == 0, text.output
    assert max(len(line) for line in text.stdout.splitlines()) <= 80
    lines = unfold(text.stdout)
    assert "declarer N (pair NS); 4 deals, seed 1; double dummy, S leads" in lines[0]
    # N declares, S holds the trumps: a capot of the pair, no générale of N alone
    assert lines[1].startswith("Recommended: 250S (capot), made on 100.0%")
    assert lines[2].split() == ["trump", "contract", "chance", "CI", "E[score]",
                                "alone", "coinché"]
    assert lines[4].split()[:3] == ["S", "capot", "100.0%"]
    assert not any(line.split()[:2] == ["S", "générale"] for line in lines)
    assert "coinche analyze: 4 deals x 5 trumps in" in text.stderr


def test_the_python_api():
    import royal_sim

    report = royal_sim.analyze(ALL_SPADES, "S", game="coinche", samples=2, void=["W:S"])
    assert isinstance(report, GA.GameAnalysis) and report.deals == 2
    with pytest.raises(royal_sim.RoyalSimError, match="rules"):
        royal_sim.analyze(ALL_SPADES, "S", game="coinche", rules="laza")


@pytest.mark.parametrize("args, said", [
    (["SJ S9 SA S10 HA HK D10 X7", "--seat", "S"], "unknown card 'X7'"),
    ([HAND + " C8", "--seat", "S"], "HAND must be 8 cards for coinche, got 9"),
    (["SJ S9 SA S10 HA HK D10", "--seat", "S"], "HAND must be 8 cards for coinche, got 7"),
    (["SJ S9 SA S10 HA HK D10 SJ", "--seat", "S"], "duplicate card SJ"),
    ([HAND, "--seat", "Q"], "unknown --seat 'Q'"),
    ([HAND, "--seat", "S", "--declarer", "X"], "--declarer: unknown seat 'X'"),
    ([HAND, "--seat", "S", "--void", "W:X"], "--void 'W:X': unknown suit 'X'"),
    ([HAND, "--seat", "S", "--void", "W:NT"], "unknown suit 'NT'"),
    ([HAND, "--seat", "S", "--holds", "W:ZZ"], "--holds 'W:ZZ': unknown card 'ZZ'"),
    ([HAND, "--seat", "S", "--holds", "W:SA"], "SA in your hand"),
    ([HAND, "--seat", "S", "--holds", "W:SK", "--void", "W:S"], "the facts give W SK"),
    ([HAND, "--seat", "S", "--samples", "0"], "--samples must be 1 to 1,000,000, got 0"),
    ([HAND, "--seat", "S", "--rules", "laza"], "does not take --rules"),
    ([HAND], "missing --seat"),
])
def test_malformed_input_is_one_line_exit_2(args, said):
    out = run(*args)
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and said in lines[0], lines


def test_other_games_and_royal_with_declarer_are_refused(monkeypatch):
    from royal_sim.analysis.game_analysis import ANALYSES

    monkeypatch.delitem(ANALYSES, "belote")     # a game before its analysis came
    out = CliRunner().invoke(main, ["analyze", "--game", "belote", HAND, "--seat", "S"])
    assert out.exit_code == 2 and "is not there yet" in out.output, out.output
    monkeypatch.undo()
    out = CliRunner().invoke(main, ["analyze", "XXII XX XVIII XVI XIV IX IV SK SQ HK",
                                    "--seat", "A_IND", "--declarer", "S"])
    assert out.exit_code == 2 and "--declarer is for the other games" in out.output
    out = CliRunner().invoke(main, ["analyze", "XXII XX XVIII XVI XIV IX IV SK SQ HK",
                                    "--seat", "A_IND", "--pot", "8"])
    assert out.exit_code == 2 and "--pot is for the other games" in out.output
    out = CliRunner().invoke(main, ["analyze", "--game", "coinche", HAND, "--seat", "S",
                                    "--pot", "8"])
    assert out.exit_code == 2 and "coinche does not take --pot" in out.output


def test_the_threads_do_not_change_a_figure():
    one = GA.analyze_game(HAND, "S", samples=12, seed=4, jobs=1)
    two = GA.analyze_game(HAND, "S", samples=12, seed=4, jobs=2)
    assert one.deals_list == two.deals_list
    assert [r.to_json() for r in one.rows] == [r.to_json() for r in two.rows]


def test_ctrl_c_keeps_the_deals_finished():
    seen = []

    def progress(n):
        seen.append(n)
        if sum(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        GA.analyze_game(HAND, "S", samples=12, seed=4, jobs=1, progress=progress)
    partial = info.value.partial
    assert partial.interrupted and partial.deals == 5     # finished before the Ctrl-C
    whole = GA.analyze_game(HAND, "S", samples=5, seed=4, jobs=1)
    assert [r.to_json() | {"stopped": None} for r in partial.rows] == \
        [r.to_json() | {"stopped": None} for r in whole.rows]
    assert {r.stopped for r in partial.rows} == {"interrupted"}
    # precision-driven: only whole rounds count, but for the first: before any look its
    # deals finished are a sample of a fixed size
    seen.clear()
    with pytest.raises(KeyboardInterrupt) as info:
        GA.analyze_game(HAND, "S", precision=0.05, seed=4, jobs=1, progress=progress)
    partial = info.value.partial
    assert partial.interrupted and partial.deals == 5 and partial.rounds == 0
    # the same figures; the interval the precision run's (``StoppingRule.interval``, a
    # wider one than a fixed run's Wilson)
    for r, w in zip(partial.rows, whole.rows):
        a, b = r.to_json(), w.to_json()
        assert a | {"stopped": None, "ci95": None} == b | {"stopped": None, "ci95": None}
        assert a["ci95"][0] <= b["ci95"][0] and b["ci95"][1] <= a["ci95"][1]


def test_partner_bid_is_passing_and_the_floor_of_a_bid():
    mine = GA.analyze_game(HAND, "S", samples=10, seed=6, jobs=1)
    res = GA.analyze_game(HAND, "S", samples=10, seed=6, jobs=1, partner_bid="100H")
    row = next(r for r in mine.rows if (r.trump, r.id) == ("H", "100"))
    st = res.standing
    # the partner's 100H is the pair's 100H: same deals made, passing is its score
    assert (st.made, st.deals) == (row.made, 10)
    assert st.pass_score == pytest.approx(row.expected_score)
    assert st.coinche_score is None
    assert all(r.biddable == (r.contract > 100) for r in res.rows)
    assert all(r.to_json() | {"biddable": True} == m.to_json() | {"biddable": True}
               for r, m in zip(res.rows, mine.rows))
    choices = res.choices()
    assert choices[0][1] == max(c[1] for c in choices)
    assert res.advice()["baseline"]["expected_score"] == round(st.pass_score, 3)


def test_their_bid_pass_and_coinche():
    res = GA.analyze_game(HAND, "S", samples=10, seed=6, jobs=1, their_bid="90D",
                          declarer="W")
    st = res.standing
    assert st.standing.declarer == 1 and not st.standing.ours
    assert res.setting.declarer == 0                  # the hand's own bids: S declares
    # from W's side: the same deals searched with W's pair as the taker's
    theirs = GA.analyze_game(HAND, "S", samples=10, seed=6, jobs=1, declarer="W")
    row = next(r for r in theirs.rows if (r.trump, r.id) == ("D", "90"))
    assert st.made == row.made
    assert st.pass_score == pytest.approx(-row.expected_score_plain)
    assert st.coinche_score == pytest.approx(-row.expected_score_coinche)
    assert {c[0] for c in res.choices()} >= {"pass", "coinche"}


@pytest.mark.parametrize("args, said", [
    (["--partner-bid", "85H"], "--partner-bid: contract must be 80 to 160"),
    (["--their-bid", "170S", "--declarer", "W"], "--their-bid: contract must be 80 to 160"),
    (["--partner-bid", "100"], "say the trump"),
    (["--their-bid", "100S"], "--their-bid: say who bid it with --declarer"),
    (["--their-bid", "100S", "--declarer", "N"], "is your pair's seat"),
    (["--partner-bid", "100H", "--declarer", "W"], "--partner-bid: --declarer W is an opponent"),
    (["--their-bid", "100X", "--declarer", "W"], "unknown trump 'X'"),
    (["--partner-bid", "100S", "--their-bid", "100H", "--declarer", "W"], "both 100"),
    (["--turned", "HJ"], "coinche does not take --turned"),
    (["--leader", "Q"], "leader: unknown seat 'Q'"),
])
def test_bids_refused(args, said):
    out = run(HAND, "--seat", "S", "--samples", "2", *args)
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], lines


# -- classic belote: the take decision -----------------------------------------------------

def test_belote_top_trumps_are_taken_and_made():
    from royal_sim.analysis import belote_take as BT

    res = BT.analyze_game("SJ S9 SA S10 SK", "S", turned="SQ", samples=6, seed=2)
    first = res.rows[0]
    assert (first.trump, first.round, first.made, first.deals) == ("S", 1, 6, 6)
    assert [r.trump for r in res.rows] == ["S", "H", "D", "C", "NT"]
    assert res.advice()["round1"]["bid"] == "take"
    for hands in res.deals_list:
        assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
        assert hands[0] & res.setting.hand == res.setting.hand    # the 5 and the turned
    # every deal's score is score_deal's of the searched count
    for take in (v[0] for v in res.per_deal):
        assert take.made and take.score == BT.net_take("S", "S", take.points, take.belote,
                                                       take.capot, True, False)


def test_belote_take_matches_the_exact_count():
    """Each deal's verdict under each trump from the exact count of a fresh solver: made
    strictly ahead with belote, a tie (litige) at exactly half, the count when made."""
    from royal_sim.analysis import belote_take as BT

    res = BT.analyze_game("HJ H9 SA D10 C7", "W", turned="HA", samples=5, seed=3, jobs=1)
    game = res.setting.game
    side = (1, 3)                                   # W and E
    for hands, row in zip(res.deals_list, res.per_deal):
        for take in row:
            setup = game.setup(trump=take.trump)
            v = CountSolver(game.rules(setup)).value(CountPosition(hands, 0), side,
                                                     game.count(setup))
            total = game.total(setup)
            bel_t = bel_d = 0
            if take.trump != "NT":
                k, q = game.deck(setup).parse_cards(f"{take.trump}K {take.trump}Q")
                for seat, h in enumerate(hands):
                    if h >> k & 1 and h >> q & 1:
                        bel_t, bel_d = (20, 0) if seat in side else (0, 20)
            assert take.made == (v + bel_t > total - v + bel_d)
            assert take.tie == (v + bel_t == total - v + bel_d)
            if take.made or take.tie:
                assert take.points == v


@pytest.mark.parametrize("args, said", [
    (["SJ S9 SA S10 SK", "--seat", "S"], "missing --turned"),
    (["SJ S9 SA S10 SK", "--seat", "S", "--turned", "SJ"], "the turned card"),
    (["SJ S9 SA S10 SK", "--seat", "S", "--turned", "ZZ"], "--turned: unknown card"),
    (["SJ S9 SA S10 SK S7", "--seat", "S", "--turned", "HA"], "HAND must be 5 cards"),
    (["SJ S9 SA S10 SK", "--seat", "S", "--turned", "HA", "--partner-bid", "100H"],
     "belote does not take --partner-bid"),
])
def test_belote_bad_input(args, said):
    out = CliRunner().invoke(main, ["analyze", "--game", "belote", *args, "--samples", "2"])
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], lines


def test_belote_text_and_json():
    out = CliRunner().invoke(main, ["analyze", "--game", "belote", "SJ S9 SA HK D10",
                                    "--turned", "S10", "--seat", "S", "--samples", "3",
                                    "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["turned"] == "S10" and data["hand"] == "SA SJ S9 HK D10"
    assert {(r["id"], r["trump"]) for r in data["slems"]} == \
        {(i, t) for i in ("made", "capot") for t in ("S", "H", "D", "C", "NT")}
    assert {"round1", "round2", "baseline"} <= set(data["advice"])
    text = CliRunner().invoke(main, ["analyze", "--game", "belote", "SJ S9 SA HK D10",
                                     "--turned", "S10", "--seat", "S", "--samples", "3"])
    assert text.exit_code == 0, text.output
    assert max(len(line) for line in text.stdout.splitlines()) <= 80
    assert "Round 1: " in text.stdout and "Round 2: " in text.stdout


def test_decided_rows_stop_at_ten_points_and_the_best_is_held_to_five():
    """By default (neither samples nor precision) a row whose choice is told apart from the
    best stops at +-10; the best row and every row of an explicit --precision at +-5."""
    res = GA.analyze_game(HAND, "S", seed=3, jobs=1)
    rule = GA.StoppingRule(0.05, GA.DEFAULT_CAP)
    best = res.advice()
    assert res.decide and {r.stopped for r in res.rows} <= {"precision", "decided"}
    for r in res.rows:
        half = (r.interval[1] - r.interval[0]) / 2
        assert r.interval == (rule.decided_interval(r.made, r.deals) if r.stopped == "decided"
                              else rule.interval(r.made, r.deals))
        assert half <= (0.05 if r.stopped == "precision" else GA.DECIDED) + 1e-12
        if (r.trump, r.id) == (best["trump"], best["id"]):
            assert r.stopped == "precision"
    # a trump's rows share their deals: the first ones drawn
    for t in GA.TRUMPS:
        n = {r.deals for r in res.rows if r.trump == t}
        assert len(n) == 1
        k = n.pop()
        assert all((row[GA.TRUMPS.index(t)] is not None) == (i < k)
                   for i, row in enumerate(res.per_deal))
    assert any(r.stopped == "decided" for r in res.rows)
    strict = GA.analyze_game(HAND, "S", seed=3, precision=0.05, samples=60)
    assert not strict.decide and {r.stopped for r in strict.rows} == {"precision", "samples"}
    data = res.to_json()
    assert data["decided_precision"] == GA.DECIDED
    assert {r["stopped"] for r in data["slems"]} <= {"precision", "decided"}


def test_the_python_face_takes_a_list_of_cards():
    import royal_sim

    listed = royal_sim.analyze(HAND.split(), "S", game="coinche", samples=2, seed=4)
    said = royal_sim.analyze(HAND, "S", game="coinche", samples=2, seed=4)
    assert [r.to_json() for r in listed.rows] == [r.to_json() for r in said.rows]


def test_fifty_deals_count_as_solve_does():
    """Each analysed deal's count equals ``solve --game coinche``'s (``solve_game``, the
    command's search) of the same deal and trump: on 50 deals of the analysis the made
    levels and the exact points where a level is made (issue 46)."""
    from royal_sim.analysis.game_position import solve_game
    from royal_sim.games.base import Dealt

    result = GA.analyze_game(HAND, "S", samples=50, seed=12, jobs=1)
    game = result.setting.game
    checked = 0
    for hands, per_trump in zip(result.deals_list, result.per_deal):
        for dt in per_trump:
            setup = game.setup(trump=dt.trump)
            sol = solve_game(game, setup, Dealt(tuple(hands)), declarer=0, leader=0,
                             line=False)
            bel_t = 20 if dt.belote == 0 else 0
            bel_d = 20 if dt.belote == 1 else 0
            made = [sol.points + bel_t >= L and sol.points + bel_t > sol.total - sol.points
                    + bel_d for L in GA.LEVELS]
            assert [m or dt.capot for m in made] == list(dt.made[:len(GA.LEVELS)])
            if dt.level and not dt.capot:
                assert dt.points == sol.points
            checked += 1
    assert checked == 250


def test_an_interrupted_run_says_so_and_not_that_the_cap_was_reached():
    from royal_sim.cli.analyze_belote import game_text

    seen = []

    def progress(n):
        seen.append(n)
        if sum(seen) == 55:         # in the third round (looks 42, 50, 60)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        GA.analyze_game(HAND, "S", seed=4, jobs=1, progress=progress)
    partial = info.value.partial
    assert partial.interrupted and partial.deals == 50
    assert {r.stopped for r in partial.rows} <= {"precision", "decided", "interrupted"}
    assert "interrupted" in {r.stopped for r in partial.rows}
    text = game_text(partial, 80)
    assert "Interrupted: the figures are of the 50 deals" in text and "Cap reached" not in text


def test_both_bids_heard_are_said():
    res = GA.analyze_game(HAND, "S", samples=2, partner_bid="100H", their_bid="110S",
                          declarer="W")
    assert res.setting.facts == ("your partner bid 100H (below the standing contract: no "
                                 "figure depends on it)", "W bid 110S (standing)")
    assert res.standing.standing.declarer == 1 and not res.standing.standing.ours


def test_belote_trumps_decided_stop_at_ten_points():
    """By default a trump whose take-or-pass is decided stops with 98 % intervals within
    +-10; its deals are the first ones drawn; --precision holds every trump to +-5."""
    from royal_sim.analysis import belote_take as BT
    from royal_sim.analysis.stopping import DECIDED

    res = BT.analyze_game("SJ S9 SA HK D10", "S", turned="S10", seed=2)
    rule = GA.StoppingRule(0.05, GA.DEFAULT_CAP)
    assert res.decide and "decided" in {r.stopped for r in res.rows}
    for i, r in enumerate(res.rows):
        assert r.stopped in ("precision", "decided")
        assert all((row[i] is not None) == (k < r.deals) for k, row in enumerate(res.per_deal))
        if r.stopped == "decided":
            assert r.made_interval == rule.decided_interval(r.made, r.deals)
            assert (r.made_interval[1] - r.made_interval[0]) / 2 <= DECIDED + 1e-12
    held = BT.analyze_game("SJ S9 SA HK D10", "S", turned="S10", seed=2, precision=0.1,
                           samples=60)
    assert not held.decide and {r.stopped for r in held.rows} <= {"precision", "samples"}
