"""Belote and coinche scoring (``games.belote_scoring``, ``royal-sim score``): every worked
example of the source (``seeds/003``, Hebrew; the 15 rows of ``spec/other-games.md`` §7, the
trick counted in its text, the deal totals it states), the decisions of ``docs/belote.md``,
and malformed input (one line ``Error: …`` naming the option, exit code 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from royal_sim.cli import main
from royal_sim.errors import RoyalSimError
from royal_sim.games.base import GameError
from royal_sim.games.belote_scoring import (CAPOT, Contract, parse_contract, round_ten,
                                            score_deal, trick_points, trick_winner)

# The source's table, taker South (pair NS): (rules, library arguments, command line, NS, EW,
# result). "der" is the pair that took the last trick.
ROWS = [
    ("belote trump house: made with belote",
     dict(game="belote", points="82/70", der="NS", belote="NS"),
     "--game belote --points 82/70 --der NS --belote NS", 112, 70, "made"),
    ("belote trump house: dedans, the taker keeps his belote",
     dict(game="belote", points="66/86", der="EW", belote="NS"),
     "--game belote --points 66/86 --der EW --belote NS", 20, 162, "dedans"),
    ("belote trump house: litige, 81 set aside",
     dict(game="belote", points="71/81", der="NS"),
     "--game belote --points 71/81 --der NS", 0, 81, "litige"),
    ("belote trump house: the 81 set aside go to the next winner",
     dict(game="belote", points="90/62", der="NS", reserve=81),
     "--game belote --points 90/62 --der NS --reserve 81", 181, 62, "made"),
    ("belote trump house: capot",
     dict(game="belote", points="152/0", der="NS", capot="NS"),
     "--game belote --points 152/0 --der NS --capot NS", 252, 0, "capot"),
    ("belote trump house: declarations count for the contract",
     dict(game="belote", points="72/80", der="EW", announce=["NS:50"]),
     "--game belote --points 72/80 --der EW --announce NS:50", 122, 90, "made"),
    ("belote no trump house (ace 11)",
     dict(game="belote", points="56/64", der="NS", no_trump=True),
     "--game belote --points 56/64 --der NS --no-trump", 66, 64, "made"),
    ("belote no trump official (ace 19): fell",
     dict(game="belote", points="76/76", der="EW", no_trump=True, official=True),
     "--game belote --points 76/76 --der EW --no-trump --official", 0, 162, "dedans"),
    ("coinche house 100H made",
     dict(game="coinche", points="98/54", der="NS", contract="100H"),
     "--game coinche --points 98/54 --der NS --contract 100H", 208, 54, "made"),
    ("coinche official 100H made, rounded to tens",
     dict(game="coinche", points="98/54", der="NS", contract="100H", official=True),
     "--game coinche --points 98/54 --der NS --contract 100H --official", 210, 50, "made"),
    ("coinche house 100H coinché made",
     dict(game="coinche", points="98/54", der="NS", contract="100H", coinche=True),
     "--game coinche --points 98/54 --der NS --contract 100H --coinche", 520, 0, "made"),
    ("coinche house 100H surcoinché made",
     dict(game="coinche", points="98/54", der="NS", contract="100H", surcoinche=True),
     "--game coinche --points 98/54 --der NS --contract 100H --surcoinche", 1040, 0, "made"),
    ("coinche house 100H coinché fell",
     dict(game="coinche", points="80/72", der="EW", contract="100H", coinche=True),
     "--game coinche --points 80/72 --der EW --contract 100H --coinche", 0, 520, "dedans"),
    ("coinche house 250H capot made",
     dict(game="coinche", points="152/0", der="NS", capot="NS", contract="250H"),
     "--game coinche --points 152/0 --der NS --capot NS --contract 250H", 502, 0, "capot"),
    ("coinche official 250H capot coinché: 1000",
     dict(game="coinche", points="152/0", der="NS", capot="NS", contract="250H",
          coinche=True, official=True),
     "--game coinche --points 152/0 --der NS --capot NS --contract 250H --coinche --official",
     1000, 0, "capot"),
]
IDS = [r[0] for r in ROWS]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_the_table_has_the_sources_15_rows():
    assert len(ROWS) == 15


@pytest.mark.parametrize("label,kwargs,cli,ns,ew,result", ROWS, ids=IDS)
def test_each_row_of_the_sources_table_through_the_library(label, kwargs, cli, ns, ew,
                                                            result):
    s = score_deal(kwargs.pop("points"), taker="S", **kwargs)
    assert (s.NS, s.EW, s.result) == (ns, ew, result)
    assert s.taker_pair == "NS"


@pytest.mark.parametrize("label,kwargs,cli,ns,ew,result", ROWS, ids=IDS)
def test_each_row_of_the_sources_table_through_the_command(label, kwargs, cli, ns, ew,
                                                            result):
    r = run("score", "--taker", "S", *cli.split(), "--json")
    assert r.exit_code == 0, r.output + r.stderr
    lines = r.output.strip().splitlines()
    assert len(lines) == 1                      # one line of JSON
    out = json.loads(lines[0])
    assert (out["NS"], out["EW"], out["result"]) == (ns, ew, result)
    text = run("score", "--taker", "S", *cli.split())
    assert text.exit_code == 0, text.stderr
    assert text.output.splitlines()[:2] == [f"NS {ns}", f"EW {ew}"]
    assert text.output.splitlines()[2].startswith(result + ":")


def test_the_litige_row_sets_the_takers_81_aside_and_the_next_row_pays_them():
    tie = score_deal("71/81", taker="S", der="NS")
    assert tie.set_aside == 81 and tie.counted == {"NS": 81, "EW": 81}
    nxt = score_deal("90/62", taker="S", der="NS", reserve=tie.set_aside)
    assert (nxt.NS, nxt.reserve_to, nxt.set_aside) == (181, "NS", 0)
    out = json.loads(run("score", "--game", "belote", "--taker", "S", "--points", "71/81",
                         "--der", "NS", "--json").output)
    assert out["set_aside"] == 81


# -- the source's other worked examples ----------------------------------------------------

def test_the_worked_trick_counts_41_and_east_wins_it():
    """"South leads the ace of spades, West gives the 10, North the 7. East has no more
    spades and the opponent South is winning: East must trump. His jack of trumps wins the
    trick … 11 + 10 + 0 + 20 = 41 points." (hearts are trumps: East's jack of hearts)."""
    assert trick_points("SA S10 S7 HJ", "H") == 11 + 10 + 0 + 20 == 41
    assert trick_points(["♠A", "♠10", "♠7", "♥J"], "♥") == 41
    assert trick_winner("SA S10 S7 HJ", "H") == 3          # the 4th card: East's


def test_in_the_worked_trick_east_may_only_play_the_jack_of_hearts():
    """"East's hand: jack of hearts, king of diamonds. Allowed cards: jack of hearts." The
    seats play S, W, N, E (``games.belote``), South led; the engine's legal cards."""
    from royal_sim.engine.counts import CountPosition, CountSolver
    from royal_sim.games import get_game
    from royal_sim.games.decks import belote_deck

    game = get_game("belote")
    deck = belote_deck()
    solver = CountSolver(game.rules(game.setup(trump="H")), table_bits=10)
    # trick 7 of 8: S, W, N have played to it and hold one card each; East holds two
    hands = (deck.mask("D7"), deck.mask("D8"), deck.mask("C7"), deck.mask("HJ DK"))
    table = tuple(deck.parse_card(c) for c in ("SA", "S10", "S7"))
    legal = solver.legal(CountPosition(hands=hands, leader=0, trick=6, table=table))
    assert deck.format_cards(legal) == "HJ"
    # the duty is by who wins: with West's ace winning, East may keep his trump
    table = tuple(deck.parse_card(c) for c in ("S7", "SA", "S8"))
    legal = solver.legal(CountPosition(hands=hands, leader=0, trick=6, table=table))
    assert sorted(deck.format_cards(legal).split()) == ["DK", "HJ"]


def test_the_deal_totals_the_source_states():
    """"A deal with a trump is worth 162: 152 for the cards and 10 for the last trick";
    without trumps "11 by the house rules (a deal of 130) and 19 by the official rules (a
    deal of 162)"; "capot: a pair takes every trick and scores 252"."""
    assert score_deal("0/152", taker="S", der="EW").EW == 162
    assert score_deal("0/120", taker="S", der="EW", no_trump=True).EW == 130
    assert score_deal("0/152", taker="S", der="EW", no_trump=True, official=True).EW == 162
    assert score_deal("0/152", taker="S", capot="EW").EW == CAPOT == 252
    for pts, kw in (("76/76", dict(no_trump=True)), ("56/64", dict(no_trump=True,
                                                                    official=True))):
        with pytest.raises(GameError) as e:
            score_deal(pts, taker="S", der="NS", **kw)
        assert e.value.argument == "points"


# -- the decisions of docs/belote.md -------------------------------------------------------

def test_the_coinched_capot_reading_is_an_option():
    base = dict(taker="S", game="coinche", capot="NS", contract="250H", coinche=True)
    assert score_deal("152/0", official=True, **base).NS == 1000       # the source's row
    assert score_deal("152/0", official=True, capot_base=160, **base).NS == 820
    assert score_deal("152/0", **base).NS == 820                       # house: the formula
    assert score_deal("152/0", capot_base=250, **base).NS == 1000
    r = run("score", "--game", "coinche", "--taker", "S", "--points", "152/0", "--capot",
            "NS", "--contract", "250H", "--coinche", "--official", "--capot-base", "160",
            "--json")
    assert json.loads(r.output)["NS"] == 820
    # a fallen announced capot pays the defence the same: official (250 + 250) × 2
    fell = score_deal("150/2", taker="S", der="NS", game="coinche", contract="250",
                      coinche=True, official=True)
    assert (fell.NS, fell.EW, fell.result) == (0, 1000, "dedans")


def test_generale_is_the_taker_alone_taking_every_trick():
    s = score_deal("152/0", taker="S", game="coinche", generale=True, contract="500S")
    assert (s.NS, s.EW, s.result, s.capot) == (752, 0, "generale", "NS")
    # the pair took every trick, but not the taker alone: the générale falls
    s = score_deal("152/0", taker="S", game="coinche", capot="NS", contract="500S")
    assert (s.NS, s.EW, s.result) == (0, 660, "dedans")
    assert score_deal("152/0", taker="S", game="coinche", generale=True, contract="500S",
                      coinche=True, official=True).NS == (250 + 500) * 2


def test_a_capot_contract_is_met_by_tricks_not_points():
    s = score_deal("150/2", taker="N", der="NS", game="coinche", contract="capot")
    assert (s.NS, s.EW, s.result) == (0, 410, "dedans")


def test_belote_is_kept_and_added_outside_the_coinche_multiplier():
    made = score_deal("64/88", taker="E", der="EW", belote="NS", game="coinche",
                      contract="80D", coinche=True)
    # EW (the taker's pair) 88 + 10 = 98 against NS 64 + 20: made, (160 + 80) × 2;
    # NS only its belote
    assert (made.EW, made.NS, made.result) == (480, 20, "made")
    fell = score_deal("64/88", taker="E", der="NS", belote="EW", game="coinche",
                      contract="120D", coinche=True)
    assert (fell.EW, fell.NS, fell.result) == (20, 560, "dedans")


def test_declarations_when_the_contract_falls():
    kw = dict(taker="S", der="EW", announce=["NS:20", "EW:50"])
    assert score_deal("70/82", **kw).EW == 162 + 70                 # all (default)
    assert score_deal("70/82", fall_announce="defence", **kw).EW == 162 + 50
    assert score_deal("70/82", fall_announce="none", **kw).EW == 162
    assert score_deal("70/82", **kw).NS == 0
    assert score_deal("70/82", game="coinche", contract="90", **kw).EW == 160 + 90 + 70
    # coinched, the declarations are left out: (160 + contract) × 2
    assert score_deal("70/82", game="coinche", contract="90", coinche=True, **kw).EW == 500


def test_a_litige_keeps_the_takers_belote_and_carries_the_reserve():
    s = score_deal("91/61", taker="W", der="EW", belote="EW")     # EW 61+10+20 = NS 91
    assert (s.EW, s.NS, s.result, s.set_aside) == (20, 91, "litige", 71)
    s = score_deal("71/81", taker="S", der="NS", reserve=40)
    assert (s.NS, s.EW, s.set_aside, s.reserve_to) == (0, 81, 121, None)
    s = score_deal("60/92", taker="S", der="NS", reserve=81)      # dedans: the defence wins
    assert (s.NS, s.EW, s.reserve_to) == (0, 162 + 81, "EW")


def test_a_coinche_tie_falls_unless_litige_is_chosen():
    kw = dict(taker="S", der="NS", game="coinche", contract="80")
    s = score_deal("71/81", **kw)
    assert (s.NS, s.EW, s.result) == (0, 240, "dedans")
    s = score_deal("71/81", coinche_tie="litige", **kw)
    assert (s.NS, s.EW, s.result, s.set_aside) == (0, 81, "litige", 161)


def test_official_rounding_is_half_up_and_never_makes_a_contract():
    assert [round_ten(x) for x in (54, 55, 208, 204, 85, 0)] == [50, 60, 210, 200, 90, 0]
    s = score_deal("69/83", taker="S", der="NS", game="coinche", contract="80",
                   official=True)                               # 79 is short of 80
    assert (s.NS, s.EW, s.result) == (0, 240, "dedans")
    s = score_deal("75/77", taker="S", der="NS", game="coinche", contract="80",
                   official=True)                               # 85 + 80 = 165 → 170
    assert (s.NS, s.EW) == (170, 80)


def test_belote_official_rules_do_not_round():
    """The source's official no-trump row scores 162, not 160: rounding is coinche's."""
    s = score_deal("80/72", taker="S", der="NS", no_trump=True, official=True)
    assert (s.NS, s.EW) == (90, 72)


def test_the_defence_capot_and_declarations_beside_a_capot():
    s = score_deal("0/152", taker="S", capot="EW", belote="NS")
    assert (s.NS, s.EW, s.result, s.capot) == (20, 252, "dedans", "EW")
    s = score_deal("152/0", taker="S", capot="NS", announce=["NS:100", "EW:20"])
    assert (s.NS, s.EW, s.result) == (352, 20, "capot")


def test_contracts_and_declarations_parse():
    assert parse_contract("100♥") == Contract(100, "H")
    assert parse_contract("capot") == Contract(250, None)
    assert parse_contract("générale NT") == Contract(500, "NT")
    assert parse_contract(120) == Contract(120, None)
    s = score_deal("56/64", taker="S", der="NS", game="coinche", contract="80NT",
                   announce=[("NS", "tierce")])
    assert (s.NS, s.trump) == (86 + 80, "NT")


def test_without_declarations_an_announce_is_refused():
    with pytest.raises(GameError) as e:
        score_deal("82/70", taker="S", der="NS", announce=["NS:50"], announcements=False)
    assert e.value.argument == "announce"


@pytest.mark.parametrize("kwargs,argument", [
    (dict(points="80/80", der="NS"), "points"),
    (dict(points="82/70"), "der"),
    (dict(points="82/70", der="NS", taker="X"), "taker"),
    (dict(points="82/70", der="NS", game="royal"), "game"),
    (dict(points="82/70", der="NS", contract="100"), "contract"),
    (dict(points="82/70", der="NS", game="coinche"), "contract"),
    (dict(points="82/70", der="NS", game="coinche", contract="105"), "contract"),
    (dict(points="82/70", der="NS", game="coinche", contract="100H", coinche=True,
          surcoinche=True), "surcoinche"),
    (dict(points="82/70", der="NS", generale=True), "generale"),
    (dict(points="82/70", der="NS", capot="NS"), "capot"),
    (dict(points="152/0", der="EW", capot="NS"), "der"),
    (dict(points="82/70", der="NS", belote="NE"), "belote"),
    (dict(points="82/70", der="NS", announce=["NS:30"]), "announce"),
    (dict(points="82/70", der="NS", reserve=-1), "reserve"),
    (dict(points="-2/154", der="NS"), "points"),
])
def test_impossible_inputs_raise_naming_the_argument(kwargs, argument):
    kwargs.setdefault("taker", "S")
    with pytest.raises(RoyalSimError) as e:
        score_deal(kwargs.pop("points"), **kwargs)
    assert isinstance(e.value, GameError) and e.value.argument == argument


@pytest.mark.parametrize("args,said", [
    ("--game coinche --taker S --points 98/54 --der NS --contract 85", "--contract"),
    ("--game coinche --taker S --points 98/54 --der NS --contract 170", "--contract"),
    ("--game coinche --taker S --points 98/54 --der NS --contract 100X",
     "--contract '100X': unknown trump"),
    ("--game belote --taker Q --points 82/70 --der NS", "--taker"),
    ("--game belote --taker S --points 80/80 --der NS", "--points 80/80 add up to 160"),
    ("--game coinche --taker S --points 98/54 --der NS --contract 100H --coinche "
     "--surcoinche", "--coinche and --surcoinche"),
    ("--game coinche --taker S --points 98/54 --der NS --coinche", "--contract"),
    ("--game belote --taker S --points 82/70 --der NS --generale",
     "--generale is for --game coinche"),
    ("--game belote --taker S --points 82/70 --der EN", "--der"),
    ("--game belote --taker S --points 82-70 --der NS", "--points"),
    ("--game belote --taker S --points 56/64 --der NS --no-trump --belote NS", "--belote"),
    ("--game belote --points 82/70 --der NS", "--taker"),
    ("--game belote --taker S --points 82/70 --der NS --der EW", "--der given twice"),
    ("--game coinche --taker S --points 90/62 --contract 80H --generale",
     "--generale (S took every trick): a pair that takes every trick"),
])
def test_malformed_input_is_one_error_line_naming_the_option(args, said):
    r = run("score", *args.split())
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and said in lines[0], r.stderr


def test_the_text_fits_80_columns_off_a_terminal():
    """The explanation is prose: wrapped to the width (80 off a terminal), not one line."""
    r = run("score", "--game", "belote", "--taker", "S", "--points", "71/81", "--der", "NS")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, lines
    assert "litige" in lines[2] and len(lines) > 3


def test_the_taker_by_seat_number():
    """Seats 1 to 4 are S W N E (spec §9), as the other commands take them."""
    from royal_sim.games.belote_scoring import score_deal

    for number, name in zip("1234", "SWNE"):
        a = score_deal("82/70", taker=number, der="NS")
        b = score_deal("82/70", taker=name, der="NS")
        assert (a.NS, a.EW, a.result) == (b.NS, b.EW, b.result)
