"""Analysing a hand of Vier-Anderle and Strohmandli (issue 48, ``analysis/each_analysis.py``):
known answers, agreement with ``solve_game`` and with the engine's legal cards, the max^n
reading never below the paranoid one, the sampling keeping what the seat sees, bad input one
line and exit 2, the JSON's shape."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from royal_sim.analysis import each_analysis as E
from royal_sim.analysis.game_analysis import analyze_game
from royal_sim.analysis.game_position import solve_game
from royal_sim.cli import main
from royal_sim.engine.counts import CountPosition
from royal_sim.games import Dealt, get_game

STROH = E.BENCH["strohmandli"][0][0]


def va(hand, seat="2", samples=30, **kw):
    return analyze_game(hand, seat, game="vier-anderle", samples=samples, jobs=1, **kw)


def test_the_skiz_takes_a_trick_on_every_deal():
    for players in (3, 4, 6):
        r = va("XXII SQ HN DJ", players=players)
        assert r.row("tricks", 1, "paranoid").made == 30
        row = r.row("tricks", 1, "maxn")        # a deal past the max^n limit is unknown
        assert row.made + row.unknown == 30 and row.made >= 25, players
        assert r.advice()["p_no_trick"] == 0


def test_four_botos_take_nothing():
    # a J is the lowest card of its suit: it wins only a trick it leads, and seat 2 never
    # leads unless it has won one
    r = va("SJ CJ HJ DJ", players=4)
    assert all(r.row("tricks", 1, x).made == 0 for x in ("paranoid", "maxn"))
    assert r.expected_tricks() == 0 and r.advice()["advice"] == "drop"
    assert r.ev_stay() == -4            # every deal trickless: the pot of 4 paid in
    s = E.setting("SJ CJ HJ DJ", "2", game="vier-anderle", players=4)
    deck = s.deck
    hands = tuple(deck.mask(h) for h in ("XXI XX XIX SK", "SJ CJ HJ DJ", "XVIII XVII CK HK",
                                         "XVI XV DK SQ"))
    assert E.search_tricks(E.TrickSearch.of(s), hands, s) == (0, 0)


def test_must_overtake_off_changes_the_tricks():
    on = E.setting("XX V SK SQ", "1", game="vier-anderle", players=3)
    off = E.setting("XX V SK SQ", "1", game="vier-anderle", players=3, option=("no-overtake",))
    hands = tuple(on.deck.mask(h) for h in ("XX V SK SQ", "XII X III CQ", "XIX I HN DJ"))
    got_on = E.search_tricks(E.TrickSearch.of(on), hands, on)
    got_off = E.search_tricks(E.TrickSearch.of(off), hands, off)
    assert got_on[0] == 2 and got_off[0] == 1       # the others forced to overtake
    g = get_game("vier-anderle")
    for setup, want in ((g.setup(3), 2), (g.setup(3, flags=("no_overtake",)), 1)):
        assert solve_game(g, setup, Dealt(hands), declarer=0).points == want


@pytest.mark.parametrize("players,option", [(4, ()), (5, ("pagat_over_skiz",)), (2, ())])
def test_each_deal_as_solve_game_and_maxn_not_below(players, option):
    r = va("XXI I SK HQ", "3" if players > 2 else "2", samples=12, players=players,
           option=option)
    g = get_game("vier-anderle")
    setup = g.setup(players, flags=option)
    for hands, (paranoid, maxn) in zip(r.deals_list, r.per_deal):
        sol = solve_game(g, setup, Dealt(hands), declarer=r.setting.seat)
        assert sol.points == paranoid
        assert maxn == E.UNKNOWN or maxn >= paranoid


def test_maxn_search_uses_the_engines_legal_cards_and_winners():
    import random

    rng = random.Random(4)
    for players, option in ((4, ()), (3, ("no_overtake",)), (5, ("pagat_over_skiz",))):
        s = E.setting("XXII I SK HQ", "1", game="vier-anderle", players=players,
                      option=option)
        ts = E.TrickSearch.of(s)
        for hands in [next(E.deals(s, seed)) for seed in range(1, 30)]:
            pos = CountPosition(hands, 0)
            for _ in range(4 * players):            # play the deal out at random
                legal = ts.solver.legal(pos)
                assert ts.legal(pos.hands[pos.to_play], pos.table) == legal
                card = rng.choice([c for c in range(ts.rules.n_cards) if legal >> c & 1])
                trick, leader = pos.table + (card,), pos.leader
                pos, _ = ts.solver.play(pos, card, (0,), ts.count)
                if len(trick) == players:           # a finished trick: the same winner
                    assert pos.leader == (leader + ts.winner(trick)) % players


def test_stayers_and_a_lone_stayer():
    r = va("XIX XVIII SK HQ", players=6, stayers="2,5")
    assert [s + 1 for s in r.setting.seats] == [2, 5]
    assert all(bin(h).count("1") == 4 for d in r.deals_list for h in d) and \
        all(len(d) == 2 for d in r.deals_list)
    lone = va("SJ CJ HJ DJ", players=4, stayers="2", samples=5)
    assert lone.expected_tricks() == 4 and lone.advice()["advice"] == "stay"
    # two players, the default pot of 2 pays no trick (⌊2/4⌋): four sure tricks win nothing,
    # lose nothing, so staying and dropping tie (it used to say drop)
    tie = va("XXII XXI XX XIX", seat="1", players=2, samples=4)
    assert tie.expected_tricks() == 4 and tie.advice()["advice"] == "either"


def test_strohmandli_deals_keep_what_the_seat_sees():
    s = E.setting(STROH, "1", game="strohmandli")
    g = E.deals(s, 3)
    deck = s.deck
    for _ in range(20):
        d = next(g)
        assert d.hands[0] & s.hand == s.hand
        assert d.hands[0] | d.hands[1] == deck.full_mask and not d.hands[0] & d.hands[1]
        piles = d.piles["piles 1"]
        assert [p[:len(seen)] for p, seen in zip(piles, s.seen[0])] == \
            [list(x) for x in s.seen[0]]
        assert all(len(p) == 3 for x in ("piles 1", "piles 2") for p in d.piles[x])
        assert bin(d.hands[1]).count("1") == 21


def test_strohmandli_figures_and_points():
    r = analyze_game(STROH, "1", game="strohmandli", samples=2, jobs=1, max_nodes=20_000,
                     option=("highest",))
    assert r.deals == 2 and [x.id for x in r.rows] == list(E.FIGURES[:10])   # no bejelentés
    # seat 1 holds I? no: pagátulti needs I in the seat's cards, uhu II (in its piles: yes)
    for dealt, v in zip(r.deals_list, r.per_deal):
        got = dict(zip(E.FIGURES, v))
        i_card = r.setting.deck.card_names.index("I")
        if not dealt.hands[0] >> i_card & 1:
            assert got["pagatulti"] == 0
        else:
            assert got["pagatfogas"] == 0
        if got["duplajatek"] == 1:
            assert got["kassza"] == got["jatek"] == 1
    vals = {"jatek": 1, "kassza": 2, "duplajatek": 4, "volat": 8, "tuletroa": 2, "uhu": 4}
    made = {"jatek": True, "kassza": True, "duplajatek": False, "volat": False,
            "tuletroa": True, "uhu": True}
    assert E.result_points(made, vals, "sum") == 1 + 2 + 2 + 4
    assert E.result_points(made, vals, "highest") == 2 + 2 + 4
    made["volat"] = made["duplajatek"] = True
    assert E.result_points(made, vals, "highest") == 8 + 4     # tulétroá not with volát
    assert r.to_json()["rule"] == "highest"


def test_strohmandli_others_are_the_other_seats_figures_on_the_same_deals():
    """``--option others``: the seat's rows as without it (or more decided: the other's
    verdicts decide some), then the other player's, each its own search on the same deals
    (as the seat were 2), never both making a point level on one deal (zero-sum), the
    expected points and their difference in the advice."""
    alone = analyze_game(STROH, "1", game="strohmandli", samples=3, jobs=1,
                         max_nodes=20_000)
    both = analyze_game(STROH, "1", game="strohmandli", samples=3, jobs=1, max_nodes=20_000,
                        option=("others",))
    n = len(E.FIGURES[:10])
    for a, b in zip(alone.per_deal, both.per_deal):    # the seat's: decided as alone, or more
        assert all(x == y for x, y in zip(a, b) if x != E.UNKNOWN)
    assert [x.id for x in both.rows[:n]] == [x.id for x in alone.rows]
    assert [x.id for x in both.rows[n:]] == list(E.FIGURES[:10])
    assert {x.seat for x in both.rows[n:]} == {"2"} and "seat" not in both.rows[0].to_json()
    from dataclasses import replace

    from royal_sim.analysis.each_figures import search_figures

    fs = E.FigureSearch.of(both.setting, 20_000)
    other = replace(both.setting, seat=1)
    for dealt, v in zip(both.deals_list, both.per_deal):
        mine, theirs = dict(zip(E.FIGURES, v)), dict(zip(E.FIGURES, v[len(E.FIGURES):]))
        assert not (mine["jatek"] == 1 and theirs["jatek"] == 1)
        searched = search_figures(fs, dealt, other)                # no proof given
        assert all(a == b for a, b in zip(v[len(E.FIGURES):], searched) if b != E.UNKNOWN)
    (o,) = both.advice()["others"]
    lo, hi = both.expected_points()
    olo, ohi = both.expected_points(1)
    assert o["seat"] == "2" and o["difference_range"] == [round(lo - ohi, 4),
                                                           round(hi - olo, 4)]
    r = run("analyze", "--game", "strohmandli", STROH, "--seat", 1, "--samples", 2,
            "--option", "others", "--jobs", 1)
    assert r.exit_code == 0, r.output
    assert "seat 2's" in r.stdout and "E[2]" in r.stdout


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("args,said", [
    (["--game", "vier-anderle", "XXI ZZ SK HQ", "--seat", "1"], "unknown card 'ZZ'"),
    (["--game", "vier-anderle", "XXI XX SK", "--seat", "1"], "HAND must be 4 cards"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "7"], "unknown --seat '7'"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--players", 14],
     "played by 2 to 13 --players, not 14"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--option", "bogus"],
     "no --option 'bogus'"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--pot", 0], "pot must be"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--pot", 10**23], "1 to 1,000,000"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--void", "2:S"],
     "does not take --void "),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--stayers", "1,9"],
     "stayers"),
    (["--game", "vier-anderle", "XXI XX SK HQ", "--seat", "1", "--called", "SK"],
     "does not take --called"),
    (["--game", "strohmandli", STROH, "--seat", "1", "--pot", 8], "does not take --pot"),
    (["--game", "strohmandli", STROH, "--seat", "1", "--stayers", "1"],
     "does not take --stayers"),
    (["--game", "strohmandli", "XXII XXI XX | V | II | CQ", "--seat", "1"],
     "12 cards held"),
    (["--game", "strohmandli", STROH.replace("II HA", "HA II"), "--seat", "1"],
     "HA is no tarokk or king"),
    (["--game", "strohmandli", STROH.replace("II HA", "II"), "--seat", "1"],
     "II is taken up"),
    (["--game", "strohmandli", STROH, "--seat", "3"], "unknown --seat '3'"),
    (["--game", "strohmandli", STROH.split("|")[0] + "| | |", "--seat", "1"],
     "at least its face-up top (the piles are turned before trick 1; piles not seen: leave "
     "out the '|' parts)"),
])
def test_bad_input_is_one_line_exit_2(args, said):
    out = run("analyze", *args)
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and said in lines[0], lines


def test_json_shape_and_text():
    out = run("analyze", "--game", "vier-anderle", "XXI XIX SK HQ", "--seat", "2",
              "--players", 5, "--samples", 20, "--pot", 9, "--json", "--jobs", 1)
    assert out.exit_code == 0, out.output
    got = json.loads(out.output.splitlines()[0])
    assert got["game"] == "vier-anderle" and got["deals"] == 20 and got["pot"] == 9
    rows = [(r["id"], r["param"], r["reading"]) for r in got["slems"]]
    for reading in ("paranoid", "maxn"):
        assert [p for i, p, x in rows if i == "tricks" and x == reading] == [1, 2, 3, 4]
    for r in got["slems"]:
        assert set(r) >= {"id", "param", "probability", "ci95", "deals"}
        assert r["ci95"][0] <= (r["probability"] or 0) <= r["ci95"][1]
    a = got["advice"]
    assert a["advice"] in ("stay", "drop") and a["per_trick"] == 2
    assert a["ev_stay"] == pytest.approx(a["expected_tricks"] * 2 - a["p_no_trick"] * 9,
                                         abs=1e-3)
    text = run("analyze", "--game", "vier-anderle", "XXI XIX SK HQ", "--seat", "2",
               "--samples", 20, "--jobs", 1)
    first = text.output.splitlines()
    assert any(line.startswith("Advice: ") for line in first)
    assert all(len(line) <= 80 for line in first if "analyze:" not in line)


def test_strohmandli_takes_a_precision_alone_with_its_cap():
    """Neither given: its 16 fixed deals; ``--precision`` alone: rounds up to 200 deals (it
    used to be dropped silently); Vier-Anderle as every game: precision-driven by default."""
    from royal_sim.analysis.each_analysis import (STROHMANDLI_CAP, STROHMANDLI_DEALS,
                                                  planned_deals)
    from royal_sim.analysis.game_analysis import DEFAULT_PRECISION, default_run

    assert default_run("strohmandli", None, None) == (None, None, False)
    assert planned_deals("strohmandli", None, None) == (STROHMANDLI_DEALS, None)
    assert planned_deals("strohmandli", *default_run("strohmandli", None, 0.2)[:2]) == \
        (STROHMANDLI_CAP, 0.2)
    assert planned_deals("strohmandli", 60, 0.2) == (60, 0.2)
    assert default_run("vier-anderle", None, None) == (None, DEFAULT_PRECISION, False)


def test_strohmandli_says_which_piles_it_dealt_at_random():
    """Piles not given are dealt (their tops too): the header says whose, since a player at
    the table sees every top."""
    hand = STROH.split("|")[0].strip()
    theirs = " / | DQ | C10 | HJ"
    for text, whose in ((hand, "seats 1, 2"), (STROH, "seat 2"), (STROH + theirs, None),
                        (hand + theirs, "yours")):
        out = run("analyze", "--game", "strohmandli", text, "--seat", 1, "--samples", 1,
                  "--jobs", 1)
        assert out.exit_code == 0, out.output
        said = " ".join(out.output.split())
        if whose is None:
            assert "Piles not given" not in said
        else:
            assert f"Piles not given ({whose}): their tops dealt at random too" in said
