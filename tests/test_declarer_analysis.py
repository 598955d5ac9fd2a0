"""``royal-sim analyze --game harmas|modositott|troggu|droggn`` (issue 47): the declarer games
of source 004, each contract and figure double dummy, the payments, the exchange chosen on a
pilot set (``analysis.declarer_analysis``)."""

import itertools
import json

import pytest
from click.testing import CliRunner

from royal_sim.analysis import declarer_analysis as D
from royal_sim.analysis import declarer_deal as DD
from royal_sim.analysis.declarer_worker import Worker
from royal_sim.analysis.game_position import solve_game
from royal_sim.analysis.results import wilson
from royal_sim.cli import main
from royal_sim.games.base import Dealt

TOP12 = "XXII XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI"
LOW12 = "I II III IV V VI S10 C10 HA DA SJ CJ"
MIXED = "XXII XXI XX XIX XVIII XVII XVI XV SK SQ SN HA"
TROGGU_16 = "XXII XXI XX XIX XVIII XVII XVI XV XIV XIII SK SQ HK H4 C10 C9"
DROGGN_17 = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V"


def run(game, *args):
    return CliRunner().invoke(main, ["analyze", "--game", game, *args])


def rows(result):
    return {(r.contract.id, r.id): r for r in result.rows}


def test_twelve_highest_tarokks_make_volat_on_every_deal():
    result = D.analyze_game(TOP12, "1", game="harmas", samples=12, seed=4)
    got = rows(result)
    for c in ("szolo", "kettos"):
        for f in ("win", "volat", "tarokkszam"):
            r = got[c, f]
            assert (r.made, r.deals) == (12, 12), (c, f)
            assert r.interval == wilson(12, 12)
    # szóló won: 7 + 30 from each of the two; silent volát 5 each, announced 10 each
    assert got["szolo", "win"].expected_score == 74
    assert got["szolo", "volat"].expected_score == 10
    assert got["szolo", "volat"].expected_announced == 20
    assert got["szolo", "tarokkszam"].expected_announced == 6      # 12 tarokks: 3 each
    # the I, XXI and skíz: he holds XXI and the skíz, captures the I only on some deals
    assert got["kettos", "win"].expected_score == 14                # 2 + 5 each
    assert result.advice()["bid"] == "szolo"
    assert "volat" in result.advice()["announce"]


def test_seventeen_tarokks_make_super_mord_on_every_deal():
    result = D.analyze_game(DROGGN_17, "1", game="droggn", samples=6, seed=2,
                            contract="super_mord")
    r = rows(result)["super_mord", "win"]
    assert (r.made, r.deals, r.expected_score) == (6, 6, 164)


@pytest.mark.parametrize("game", ["harmas", "modositott"])
def test_the_lowest_cards_never_win(game):
    result = D.analyze_game(LOW12, "1", game=game, samples=10, seed=3)
    got = rows(result)
    for c in result.setting.contracts:
        if c.exchange != "mizer":
            assert got[c.id, "win"].made == 0, c.id
    lost = {"harmas": -(7 + 60) * 2, "modositott": -20 * 2}[game]
    assert got["szolo", "win"].expected_score == lost
    assert got["kettos1", "win"].expected_score == {"harmas": -7 * 2,
                                                    "modositott": -2 * 2}[game]
    assert result.advice()["bid"] == "pass"


@pytest.mark.parametrize("game, hand, declarer", [("modositott", MIXED, "2"),
                                                  ("harmas", MIXED, None)])
def test_each_deal_agrees_with_solve_game(game, hand, declarer):
    """The game's verdict on a deal is ``solve --game`` of the same position (the hands
    after the kept exchange, rebuilt from the seed) against the threshold less the piles."""
    n, seed = 4, 7
    result = D.analyze_game(hand, "1", game=game, declarer=declarer, samples=n, seed=seed)
    s = result.setting
    rebuilt = list(itertools.islice(D.deals(s, seed), n))
    assert rebuilt == result.deals_list
    goal = s.game.goal_of(s.setup)
    for deal, verdict in zip(rebuilt, result.verdicts):
        assert deal[0][s.seat] == s.hand
        for c in s.contracts:
            if c.index:
                continue
            rule, t = result.chosen.get(c.id, ("void", 0))
            pair, idx = D.taken_pair(s, deal[1], t) if c.exchange == "pair" else (None, 0)
            v = D.variant(s, *deal, c, rule, pair, idx)
            sol = solve_game(s.game, s.setup, Dealt(v.hands), declarer=s.declarer,
                             line=False)
            assert verdict[c.id]["win"] == (sol.points + v.banked >= goal), (c.id, deal)


def test_the_exchange_is_legal_and_chosen_once():
    s = D.setting(MIXED, "1", game="harmas")
    deck = s.deck
    for hands, pile in itertools.islice(D.deals(s, 5), 20):
        assert len(pile) == 6 and sum(h.bit_count() for h in hands) == 36
        for p in range(3):
            c = next(c for c in s.contracts if c.id == "kettos")
            v = D.variant(s, hands, pile, c, "void", p)
            assert v.laid.bit_count() == 2 and v.hands[0].bit_count() == 12
            assert all(deck.points[x] != 5 for x in range(deck.n_cards) if v.laid >> x & 1)
    # Droggn: no honour, no king laid away; Troggu lays away as many as the Tapp
    ds = D.setting(DROGGN_17, "1", game="droggn")
    hands, pile = next(D.deals(ds, 1))
    for rule in D.LAY_AWAY:
        v = D.variant(ds, hands, pile, ds.contracts[1], rule)
        laid = [ds.deck.card_names[x] for x in range(54) if v.laid >> x & 1]
        assert len(laid) == 3 and not {"I", "XXI", "XXII", "SK", "CK", "HK", "DK"} & set(laid)
    ts = D.setting("XXII XXI XX XIX XVIII SK SQ HK H4 C10 C9 DA", "1", game="troggu",
                   players=4)
    hands, pile = next(D.deals(ts, 1))
    v = D.variant(ts, hands, pile, ts.contracts[0], "bank")
    assert len(pile) == 6 and v.laid.bit_count() == 6 and v.hands[0].bit_count() == 12


def test_modositott_samples_no_throw_in_and_warns_for_the_seat():
    s = D.setting(MIXED, "2", game="modositott")
    deck = s.deck
    for hands, _ in itertools.islice(D.deals(s, 3), 200):
        for x in (0, 2):
            assert not DD._throws_in(hands[x], deck)
    w = D.setting("XXI I S10 SJ SN SQ SK C10 CJ HA HJ DA", "1", game="modositott")
    assert w.warnings and "throw in" in w.warnings[0]


def test_json_shape_and_text():
    out = run("modositott", MIXED, "--seat", "1", "--samples", "6", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {"game", "hand", "seat", "declarer", "deals", "slems", "advice",
            "exchange"} <= set(data)
    assert (data["game"], data["deals"]) == ("modositott", 6)
    ids = {(r["contract"], r["id"]) for r in data["slems"]}
    assert ("szolo", "win") in ids and ("kettos", "volat") in ids and ("kettos3", "win") in ids
    for r in data["slems"]:
        assert {"id", "contract", "probability", "ci95", "deals", "expected_score"} <= set(r)
        assert r["ci95"][0] <= r["probability"] <= r["ci95"][1] and r["deals"] == 6
    assert data["advice"]["bid"] in {"pass", "kettos", "szolo"}
    text = run("modositott", MIXED, "--seat", "1", "--samples", "6")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].startswith("Módosított hármastarokk, 3 players: hand")
    assert any(line.startswith("Recommended: ") for line in lines)
    assert "modositott analyze: 6 deals x 8 contracts in" in text.stderr


def test_four_players_call_a_partner():
    s = D.setting("XXII XXI XIX XVIII SK SQ SN HA DA", "1", game="modositott", players=4,
                  called="XX")
    c = next(c for c in s.contracts if c.id == "szolo")
    for hands, pile in itertools.islice(D.deals(s, 2), 10):
        v = D.variant(s, hands, pile, c)
        holder = next((x for x in range(4) if hands[x] >> 19 & 1), None)
        assert v.side == ((0, holder) if holder is not None else (0,))
    # the header and the JSON say what is called (the default too), and a card of one's own
    assert DD.call_words(s) == "calling XX: its holder partners the declarer"
    own = D.setting("XXII XXI XX XVIII SK SQ SN HA DA", "1", game="modositott", players=4,
                    called="XX")
    assert DD.call_words(own) == "calling XX, in your hand: you play alone"
    dflt = D.setting("XXII XXI XX XVIII SK SQ SN HA DA", "1", game="modositott", players=4)
    assert "§5's default" in DD.call_words(dflt)
    assert DD.call_words(D.setting(MIXED, "1", game="harmas")) is None


def test_interrupted_keeps_the_rounds_finished():
    def stop(partial):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as e:
        D.analyze_game(MIXED, "1", game="modositott", precision=0.05, contract="szolo",
                       on_update=stop)
    assert e.value.partial.deals == 42 and e.value.partial.interrupted


@pytest.mark.parametrize("game, args, said", [
    ("harmas", ["XXII XXI X7", "--seat", "1"], "unknown card 'X7'"),
    ("harmas", [MIXED.replace("HA", "S9"), "--seat", "1"], "unknown card 'S9'"),
    ("harmas", ["XXII XXI XX", "--seat", "1"], "HAND must be 12 cards for harmas"),
    ("harmas", [MIXED, "--seat", "4"], "unknown --seat '4'"),
    ("harmas", [MIXED, "--seat", "1", "--called", "XX"], "--called: only módosított"),
    ("harmas", [MIXED, "--seat", "1", "--option", "foo"], "no --option 'foo'"),
    ("modositott", [MIXED, "--seat", "1", "--holds", "2:SK"], "does not take --holds"),
    ("modositott", [MIXED, "--seat", "1", "--players", "5"], "3 or 4 --players, not 5"),
    ("modositott", ["XXII XX XIX XVIII SK SQ SN HA DA", "--seat", "1", "--players", "4",
                    "--called", "XXI"],
     "no honour"),
    ("troggu", [MIXED, "--seat", "1"], "HAND must be 16 cards for troggu of 3 players"),
    ("troggu", [TROGGU_16, "--seat", "1", "--contract", "kettos"], "no contract 'kettos'"),
    ("troggu", [TROGGU_16, "--seat", "1", "--pot", "4"], "does not take --pot"),
    ("troggu", [TROGGU_16, "--seat", "1", "--players", "4"], "12 cards for troggu of 4"),
    ("droggn", [DROGGN_17, "--seat", "1", "--players", "4"], "3 --players, not 4"),
    ("droggn", [DROGGN_17, "--seat", "0"], "unknown --seat '0'"),
    ("droggn", [DROGGN_17, "--seat", "1", "--declarer", "9"], "unknown seat '9'"),
    ("droggn", [DROGGN_17, "--seat", "1", "--samples", "0"], "--samples must be 1 to"),
])
def test_bad_input_is_one_line_and_exit_2(game, args, said):
    out = run(game, *args)
    assert out.exit_code == 2, out.output
    err = [line for line in out.output.splitlines() if line.startswith("Error:")]
    assert len(err) == 1 and said in err[0], out.output
    assert "Traceback" not in out.output


def test_a_search_past_its_limit_is_undecided_not_a_loss(monkeypatch):
    """A test that passes its node limit leaves the deal undecided: the row's interval
    covers it either way (it was an interval of a loss before), the JSON counts it, the
    stopping rule waits for the wider interval; the chance still counts it as not made."""
    from royal_sim.engine.counts import CountSolver, SearchLimitError

    def past_the_limit(self, pos, side, count, k):
        raise SearchLimitError("past the limit")

    monkeypatch.setattr(CountSolver, "reaches", past_the_limit)
    result = D.analyze_game(MIXED, "1", game="harmas", samples=20, seed=3, jobs=1)
    assert result.limits > 0
    for r in result.rows:
        if r.id == "win":
            assert (r.made, r.undecided) == (0, 20)
            lo, hi = r.interval
            assert lo == 0.0 and hi == 1.0
            assert r.to_json()["undecided"] == 20
    text = run("harmas", MIXED, "--seat", "1", "--samples", "3").stdout
    assert "passed their node limit: undecided" in " ".join(text.split())


def test_a_made_figure_is_never_undecided():
    """A made verdict is proven (its test passed the threshold), so a deal is made or
    undecided, never both, even where another test of the same game passed its limit
    (Troggu's ladder)."""
    result = D.analyze_game(TROGGU_16, "1", game="troggu", samples=8, seed=1, jobs=1)
    for r in result.rows:
        assert r.made + r.undecided <= r.deals
        lo, hi = r.interval
        assert 0.0 <= lo <= r.probability <= hi <= 1.0


def test_the_pagat_laid_out_lends_its_proofs_to_the_silent_game(monkeypatch):
    """Droggn's games with the pagát laid out are searched first; a count they reach, the
    same game without it reaches too (the card binds only the declarer), so that test is
    not searched again (``Worker.reaches``): same rows with and without, fewer searches."""
    from royal_sim.analysis import declarer_worker as DW
    from royal_sim.engine.counts import CountSolver

    hand = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII SK HK I"
    calls = []
    real = CountSolver.reaches

    def counted(self, *a):
        calls.append(1)
        return real(self, *a)

    monkeypatch.setattr(CountSolver, "reaches", counted)
    kept = D.analyze_game(hand, "1", game="droggn", samples=6, seed=2, jobs=1).to_json()
    n_kept = len(calls)

    class Forget(dict):
        def __setitem__(self, key, value):
            pass

    monkeypatch.setattr(DW.Worker, "new_deal", lambda self: setattr(self, "_floors", Forget()))
    calls.clear()
    searched = D.analyze_game(hand, "1", game="droggn", samples=6, seed=2, jobs=1).to_json()
    assert kept["slems"] == searched["slems"]
    assert n_kept < len(calls)


def test_troggu_past_its_limit_at_54_does_not_search_53(monkeypatch):
    """Troggu's ladder: a game test (54) past its node limit is as hard one point less, and
    past the limit it would count as not reached all the same: 53 is not searched, the
    ladder goes on at 36 (a test that is decided is searched as before)."""
    from royal_sim.engine.counts import CountSolver, SearchLimitError

    hand = "XXII XIV XII VI SQ SJ S10 S7 CN C10 C9 H3 HA DK D3 DA"
    s = D.setting(hand, "1", game="troggu")
    c = next(c for c in s.contracts if c.id == "bemegyek")
    deal = next(D.deals(s, 1))
    v = D.variant(s, *deal, c, "void")
    real = CountSolver.reaches
    for hard in (True, False):
        asked = []

        def reaches(self, pos, side, count, k, hard=hard, asked=asked):
            asked.append(k + v.banked)
            if hard and k + v.banked == 54:
                raise SearchLimitError("past the limit")
            return real(self, pos, side, count, k)

        monkeypatch.setattr(CountSolver, "reaches", reaches)
        got = D.play_game(Worker.of(s), v, c)
        assert got["win_unknown"] is hard and not got["win"]
        assert asked[:1] == [54] and (53 in asked) is not hard and 36 in asked
