"""``royal-sim solve|deal|slems --game ID`` for the games of ``royal_sim.games``
(``spec/other-games.md`` §9): a dealt deal pastes into ``solve``, the JSON's points add up to
the position's total counted here from the spec's card points, every card's count agrees with
the solve, a trick in progress, the figures, malformed input in one line, royal unchanged.

Full deals where the search is quick (belote, coinche, vier-anderle, módosított, troggu,
hármas); for droggn and strohmandli an ending cut from the dealt deal (every third card of
each hand).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from royal_sim.cli import main
from royal_sim.games import GAMES

OTHER = [g for g in GAMES if g != "royal"]
FULL = ("belote", "coinche", "vier-anderle", "modositott", "troggu", "harmas")
"""Games whose full deal of seed 1 solves in seconds at most (droggn, strohmandli: minutes)."""
TRUMP = {"belote": ["--trump", "H"], "coinche": ["--trump", "H"]}
HONOURS = {"I", "XXI", "XXII"}
FACE = {"K": 5, "Q": 4, "N": 3, "J": 2}
BELOTE_PLAIN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
BELOTE_TRUMP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def ok_json(*args) -> dict:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def card_points(game: str, card: str, trump: str = "H") -> int:
    """The spec's card points (§0, §9), written out apart from ``games.decks``."""
    if game in ("belote", "coinche"):
        table = BELOTE_TRUMP if card[0] == trump else BELOTE_PLAIN
        return table.get(card[1:], 0)
    if card[0] in "SCHD":
        return FACE.get(card[1:], 1)
    return 5 if card in HONOURS else 1


def cards_of(text: str) -> list[str]:
    return text.replace("/", " ").replace("|", " ").split()


def total(game: str, deal: str) -> int:
    """What both sides count from a deal or an ending at a trick start (§9 "Counts")."""
    cards = cards_of(deal)
    pts = sum(card_points(game, c) for c in cards)
    tricks = len(cards) // len(deal.split("/"))
    if game in ("belote", "coinche"):
        pts += 10                               # the last trick's 10
    if game == "harmas":
        pts -= 2 * tricks                       # Jókai's count in threes
    return pts


@pytest.fixture(scope="module")
def dealt() -> dict:
    """Per game: the JSON of ``deal --game ID --seed 1``."""
    return {g: ok_json("deal", "--game", g, "--seed", 1, "--json") for g in OTHER}


def position(game: str, dealt: dict) -> str:
    """The deal of seed 1 (a quick game), else ``ending``."""
    return dealt[game]["deals"][0] if game in FULL else ending(game, dealt)


def ending(game: str, dealt: dict) -> str:
    """An ending cut from the deal of seed 1: every third card of each hand (strohmandli: of
    the hand, the table piles dropped)."""
    line = dealt[game]["deals"][0]
    return " / ".join(" ".join(part.split("|")[0].split()[::3]) for part in line.split("/"))


# -- deal -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", OTHER)
def test_a_deal_holds_the_deck_once_and_its_text_line_is_its_json_line(game, dealt):
    from royal_sim.games import get_game

    g = get_game(game)
    out = dealt[game]
    assert out["game"] == game and out["seed"] == 1 and out["interrupted"] is False
    assert len(out["deals"]) == len(out["piles"]) == 1
    line, piles = out["deals"][0], out["piles"][0]
    setup = g.setup()
    in_piles = [c for name, p in piles.items() if not name.startswith("piles ")
                for c in cards_of(p if isinstance(p, str) else " ".join(p))]
    everything = cards_of(line) + in_piles
    assert sorted(everything) == sorted(g.deck(setup).card_names)
    hands = line.split("/")
    assert len(hands) == setup.players
    assert {len(cards_of(h)) for h in hands} == {g.hand_size(setup)}
    text = run("deal", "--game", game, "--seed", 1)
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert lines[0] == "Deal 1" and line in lines
    assert lines[-1].startswith("1 deal(s) of " + game) and lines[-1].endswith("seed 1")
    seat_lines = [ln for ln in lines[1:] if not ln.startswith(" ")][:setup.players]
    assert [ln.split()[0] for ln in seat_lines] == [g.seat_name(s, setup)
                                                    for s in range(setup.players)]
    assert all(len(ln) <= 80 for ln in lines if ln != line)


def test_the_piles_are_the_games_places():
    h = ok_json("deal", "--game", "harmas", "--seed", 3, "--json")["piles"][0]
    assert list(h) == ["skart"] and [len(p.split()) for p in h["skart"]] == [2, 2, 2]
    t = ok_json("deal", "--game", "troggu", "--players", 5, "--seed", 3, "--json")
    assert t["players"] == 5 and len(t["piles"][0]["tapp"].split()) == 9
    assert {len(cards_of(h)) for h in t["deals"][0].split("/")} == {9}
    s = ok_json("deal", "--game", "strohmandli", "--players", 3, "--seed", 3, "--json")
    seats = s["deals"][0].split("/")
    assert [len(part.split("|")) for part in seats] == [4, 4, 4]      # hand + 3 piles
    assert [len(p.split()) for p in s["piles"][0]["piles 2"]] == [2, 2, 2]
    v = ok_json("deal", "--game", "vier-anderle", "--players", 10, "--seed", 3, "--json")
    assert len(v["piles"][0]["dead"].split()) == 54 - 40          # 54 cards over 9 players
    d = ok_json("deal", "--game", "droggn", "--seed", 3, "--count", 3, "--json")
    assert len(d["deals"]) == 3 and len(set(d["deals"])) == 3
    assert all(len(p["talon"].split()) == 3 for p in d["piles"])
    again = ok_json("deal", "--game", "droggn", "--seed", 3, "--count", 3, "--json")
    assert again["deals"] == d["deals"]


# -- solve ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", OTHER)
def test_the_dealt_line_pastes_into_solve_and_the_counts_add_up(game, dealt):
    deal = position(game, dealt)
    out = ok_json("solve", "--game", game, deal, "--json", *TRUMP.get(game, []))
    assert {"game", "leader", "declarer", "points", "tricks"} <= set(out)
    assert out["game"] == game and out["declarer"] == ("S" if game in TRUMP else "1")
    n_tricks = len(cards_of(deal)) // len(deal.split("/"))
    assert out["tricks"]["declarer"] + out["tricks"]["opponents"] == n_tricks
    if game == "vier-anderle":                  # no card points: tricks only
        assert out["points"] == {"declarer": 0, "opponents": 0}
        return
    assert out["points"]["declarer"] + out["points"]["opponents"] == total(game, deal)


def test_full_deals_total_the_deck_less_its_piles(dealt):
    """Belote with a trump 162; módosított 94 less the skart; troggu 106 less the tapp."""
    belote = ok_json("solve", "--game", "belote", dealt["belote"]["deals"][0], "--trump",
                     "S", "--json")
    assert sum(belote["points"].values()) == 162
    assert belote["goal"] == {"points": 82, "made": belote["points"]["declarer"] >= 82}
    for game, deck in (("modositott", 94), ("troggu", 106)):
        out = ok_json("solve", "--game", game, dealt[game]["deals"][0], "--json")
        (pile,) = dealt[game]["piles"][0].values()
        assert sum(out["points"].values()) == deck - sum(card_points(game, c)
                                                          for c in pile.split())


def test_the_best_card_counts_what_the_position_does(dealt):
    for game, deal, extra in (("belote", dealt["belote"]["deals"][0], TRUMP["belote"]),
                              ("modositott", ending("harmas", dealt), []),
                              ("droggn", ending("droggn", dealt), []),
                              ("strohmandli", ending("strohmandli", dealt), []),
                              ("vier-anderle", dealt["vier-anderle"]["deals"][0], [])):
        plain = ok_json("solve", "--game", game, deal, "--json", *extra)
        out = ok_json("solve", "--game", game, deal, "--json", "--cards", *extra)
        key = "tricks" if game == "vier-anderle" else "points"
        best = out["cards"][0]
        assert best["best"] and best[key] == plain[key]["declarer"] == out[key]["declarer"]
        values = [c[key] for c in out["cards"]]
        assert values == sorted(values, reverse=True)       # the declarer's seat: most first
        assert all(c["best"] == (c[key] == best[key]) for c in out["cards"])
        hand = deal.split("/")[0].split("|")[0].split()
        assert {c["card"] for c in out["cards"]} <= set(hand)


def test_a_trick_in_progress_is_solved_as_the_card_that_led_it(dealt):
    """The count after S leads a card (``--cards`` of the deal) is the solve of the position
    with that card on the table; the opponents' seat to play lists its least first."""
    deal = dealt["belote"]["deals"][0]
    cards = ok_json("solve", "--game", "belote", deal, "--trump", "H", "--cards", "--json")
    for row in cards["cards"][:3]:
        c = row["card"]
        hands = deal.split("/")
        hands[0] = " ".join(x for x in hands[0].split() if x != c)
        now = " / ".join(h.strip() for h in hands)
        out = ok_json("solve", "--game", "belote", now, "--trump", "H", "--trick", c,
                      "--json", "--cards")
        assert out["trick"] == [c] and out["to_play"] == "W" and out["leader"] == "S"
        assert out["points"]["declarer"] == row["points"]
        assert sum(out["points"].values()) == 162
        assert sum(out["tricks"].values()) == 8
        values = [x["points"] for x in out["cards"]]
        assert values == sorted(values) and values[0] == row["points"]


def test_a_game_ending_in_text_fits_80_columns():
    """A 13-seat Vier-Anderle trick wraps between seats; the text names the sides, the
    counts, the goal and the line."""
    line = ok_json("deal", "--game", "vier-anderle", "--players", 13, "--seed", 1,
                   "--json")["deals"][0]
    r = run("solve", "--game", "vier-anderle", "--players", 13, line)
    assert r.exit_code == 0, r.output
    assert all(len(ln) <= 80 for ln in r.stdout.splitlines())
    assert "Declarer 1 alone against 2, 3" in r.stdout and "tricks: declarer" in r.stdout
    assert "points:" not in r.stdout
    r = run("solve", "--game", "modositott", "XII X IX V I / XI VIII VII IV II / "
            "XIX XVII XIV XIII III", "--cards")
    assert r.exit_code == 0, r.output
    text = r.stdout
    assert "points: declarer 0, opponents 19 of the 19 still to come" in text
    assert "goal 48: not made" in text and "tricks: declarer 0, opponents 5" in text
    assert "   8. 1 I  2 II  3 III  -> 3" in text
    assert all(len(ln) <= 80 for ln in text.splitlines())


def test_the_declarer_leader_and_options_reach_the_game():
    ending = "XIV XII XI / XV XIII X / XXII XXI XIX"
    out = ok_json("solve", "--game", "troggu", ending, "--declarer", 3, "--json")
    assert out["declarer"] == out["leader"] == "3" and out["side"] == ["3"]  # felvevő leads
    assert out["points"] == {"declarer": 17, "opponents": 0}
    assert out["tricks"] == {"declarer": 3, "opponents": 0}
    out = ok_json("solve", "--game", "troggu", ending, "--declarer", 3, "--leader", 1,
                  "--json")
    assert out["leader"] == "1" and out["points"]["declarer"] == 17
    # belote's seats by name or number; the declarer's pair
    b = "SJ S9 / SA S10 / HA HQ / H10 H7"
    assert ok_json("solve", "--game", "belote", b, "--trump", "S", "--declarer", "W",
                   "--json")["side"] == ["W", "E"]
    assert ok_json("solve", "--game", "belote", b, "--trump", "S", "--declarer", 3,
                   "--json")["side"] == ["N", "S"]
    # vier-anderle's must-overtake: III led, seat 1 must play XX (II would not win), unless
    # switched off (--no-overtake, --option no_overtake)
    va = ["solve", "--game", "vier-anderle", "--players", 3, "XX II / XXI I / SK",
          "--leader", 3, "--trick", "III", "--cards", "--json"]
    on = ok_json(*va)
    assert on["to_play"] == "1" and [c["card"] for c in on["cards"]] == ["XX"]
    off = ok_json(*va, "--no-overtake")
    assert sorted(c["card"] for c in off["cards"]) == ["II", "XX"]
    assert ok_json(*va, "--option", "no_overtake") == off
    # the pagát over the skíz in a trick of tarokks only (an option)
    pagat = ["solve", "--game", "vier-anderle", "--players", 3, "XXII / I / II", "--leader", 2,
             "--json"]
    assert ok_json(*pagat)["tricks"] == {"declarer": 1, "opponents": 0}
    assert ok_json(*pagat, "--option", "pagat_over_skiz")["tricks"] == {"declarer": 0,
                                                                        "opponents": 1}
    # harmas's beginners' count: no deductions, goal 48
    h = "XXI XX / XIX XVIII / XVII XVI"
    assert ok_json("solve", "--game", "harmas", h, "--json")["points"]["declarer"] == 10 - 4
    kezdo = ok_json("solve", "--game", "harmas", h, "--option", "kezdo", "--json")
    assert kezdo["points"]["declarer"] == 10 and kezdo["goal"]["points"] == 48
    # Strohmandli three-handed: játék is 32 (§2's 32/40/48), two-handed 48
    st = "XXII XXI I | | | / SK CK HK | | | / DK SQ CQ | | |"
    three = ok_json("solve", "--game", "strohmandli", "--players", 3, st, "--json")
    assert three["goal"]["points"] == 32 and three["points"]["declarer"] == 43



def test_modositott_for_four_counts_the_called_partner_with_the_declarer():
    # §5: the holder of the called tarokk plays with the declarer. Seat 1 leads SK, every
    # other seat trumps it (III, XX, IV: 8 points to 3), 3 leads DK, 1 trumps it with II (16
    # points): with 3 his partner, his side takes both tricks
    ending = "SK II / HK III / XX DK / CK IV"
    alone = ok_json("solve", "--game", "modositott", "--players", 4, ending, "--called",
                    "XVII", "--json")                   # played out: nobody holds it
    assert alone["side"] == ["1"] and alone["called"] == "XVII"
    assert alone["points"] == {"declarer": 16, "opponents": 8}
    default = ok_json("solve", "--game", "modositott", "--players", 4, ending, "--json")
    assert default["called"] == "XX" and default["side"] == ["1", "3"]  # §5: XX, 1 lacks it
    assert default["points"] == {"declarer": 24, "opponents": 0}
    with_2 = ok_json("solve", "--game", "modositott", "--players", 4, ending, "--called",
                     "III", "--json")
    assert with_2["side"] == ["1", "2"] and with_2["points"]["declarer"] == 16
    ending = "XXI SK / XX HK / XIX DK / XVIII CK"
    text = run("solve", "--game", "modositott", "--players", 4, ending, "--called", "XIX")
    assert "Declarer 1 with 3 (calling XIX) against 2, 4" in text.output
    for args in (["--players", 3, "XXI SK / XX HK / XIX DK"], ["--players", 4, ending]):
        r = run("solve", "--game", "modositott", *args, "--called", "SK" if
                args[1] == 4 else "XX")
        assert r.exit_code == 2 and r.output.count("\n") == 1 and "--called" in r.output
    r = run("solve", ending, "--called", "XX")
    assert r.exit_code == 2 and "does not take --called" in r.output


# -- slems ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", OTHER)
def test_slems_lists_the_games_figures(game):
    out = ok_json("slems", "--game", game, "--json")
    figures = GAMES[game].figures()
    assert out["game"] == game and [f["id"] for f in out["figures"]] == [f.id for f in figures]
    assert all(set(f) == {"id", "name", "values", "predicate"} for f in out["figures"])
    text = run("slems", "--game", game)
    assert text.exit_code == 0 and all(len(ln) <= 80 for ln in text.stdout.splitlines())
    assert all(f.id in text.stdout for f in figures)


# -- bad input --------------------------------------------------------------------------------

BELOTE = "SQ S9 / SA S10 / HA HQ / SJ S8"


@pytest.mark.parametrize("args, needle", [
    (["solve", "--game", "bridge", "XXI"], "unknown --game 'bridge' (games: royal, "),
    (["solve", "--game", "troggu", "XXII ZZ / XXI XV / XIX XX"], "troggu: unknown card 'ZZ'"),
    (["solve", "--game", "coinche", "SQ S9 / SA S10 / HA HQ / SJ XXI", "--trump", "H"],
     "coinche: unknown card 'XXI': not in the 32-card belote deck"),
    (["solve", "--game", "harmas", "XXI / XX / XIX / XVIII"],
     "a harmas deal of 3 players lists 3 hands"),
    (["solve", "--game", "harmas", "XXI XVII / XX / XIX"],
     "every harmas hand must hold the same number of cards"),
    (["solve", "--game", "vier-anderle", "XXI I II III IV / XX SK SQ SN SJ / V VI VII VIII IX / "
      "X XI XII XIII XIV"], "a vier-anderle hand holds at most 4 cards"),
    (["solve", "--game", "droggn", "XXI XX / XXI XIX / XVIII XVII"],
     "XXI is dealt twice (a droggn deal)"),
    (["solve", "--game", "belote", BELOTE, "--trump", "H", "--trick", "SQ"],
     "SQ is on the table (--trick) and in the hand of seat S"),
    (["solve", "--game", "belote", "SQ / SA / HA HQ / SJ S8", "--trump", "H", "--trick",
      "S9"], "every belote hand must hold the same number of cards (1 on the table)"),
    (["solve", "--game", "belote", "S9 / SA S10 / HA HQ / SJ S8", "--trump", "H", "--trick",
      "S9"], "S9 is on the table (--trick) and in the hand of seat S"),
    (["solve", "--game", "belote", "S9 / SA / HA HQ / SJ S8", "--trump", "H", "--trick",
      "SQ HK"], "--trick: HK is not a legal card for seat W in belote"),
    (["solve", "--game", "belote", BELOTE, "--trump", "H", "--trick", "SQ SQ"],
     "belote --trick: duplicate card SQ"),
    (["solve", "--game", "belote", BELOTE, "--trump", "H", "--declarer", "X"],
     "--declarer: unknown seat 'X' for belote (seats: S, W, N, E or 1 to 4)"),
    (["solve", "--game", "troggu", "XXI / XX / XIX", "--leader", "4"],
     "--leader: unknown seat '4' for troggu (seats: 1 to 3)"),
    (["solve", "--game", "troggu", "XXI / XX / XIX", "--players", "7"],
     "--players: troggu is played by 3 to 6 players, not 7"),
    (["solve", "--game", "troggu", "XXI / XX / XIX", "--trump", "H"],
     "troggu takes no --trump"),
    (["solve", "--game", "belote", BELOTE], "belote needs a --trump: S, H, D, C or NT"),
    (["solve", "--game", "belote", BELOTE, "--trump", "X"], "unknown --trump 'X' for belote"),
    (["solve", "--game", "harmas", "XXI / XX / XIX", "--option", "volat"],
     "harmas has no --option 'volat' (its options: kezdo, nokontra)"),
    (["solve", "--game", "harmas", "XXI / XX / XIX", "--no-overtake"],
     "--game harmas does not take --no-overtake"),
    (["solve", "--game", "harmas", "XXI / XX / XIX", "--rules", "laza", "--first-trick", "3"],
     "--game harmas does not take --rules, --first-trick (royal tarokk's options)"),
    (["solve", "XXII / I / II / III", "--players", "4", "--declarer", "1"],
     "--game royal does not take --players, --declarer (the other games' options)"),
    (["deal", "--game", "tarot"], "unknown --game 'tarot'"),
    (["deal", "--game", "modositott", "--players", "5"],
     "--players: modositott is played by 3 or 4 players, not 5"),
    (["solve", "--game", "troggu", "XXI SK / XX SQ / XIX SN", "--option", "nokontra"],
     "does not take --option nokontra (it prices the payments of analyze"),
    (["solve", "--game", "droggn", "XXI SK / XX SQ / XIX SN", "--option", "tovabbi20"],
     "does not take --option tovabbi20"),
    (["deal", "--game", "troggu", "--hand", "XXI", "--seat", "1", "--void", "1:S"],
     "--game troggu does not take --hand, --seat, --void (royal tarokk's options)"),
    (["deal", "--players", "3"], "--game royal does not take --players"),
    (["deal", "--game", "droggn", "--count", "10000001"], "--count must be at most"),
    (["slems", "--game", "skat"], "unknown --game 'skat'"),
    (["slems", "--game", ""], "unknown --game ''"),
    (["slems", "--game", "vier anderle"], "unknown --game 'vier anderle' (games: "),
    (["slems", "--game", "troggu", "--game", "belote"], "--game given twice"),
    (["solve", "--game", "belote", "--trump", "H", "--max-nodes", "9" * 23, BELOTE],
     "--max-nodes"),
    (["solve", "--game", "belote", "--trump", "H", "--max-nodes", "0", BELOTE],
     "--max-nodes"),
    (["solve", "--game", "belote", "--trump", "H", " / / / "], "the belote deal lists no cards"),
    (["solve", "--game", "strohmandli", "XIX || / XXII ||"],
     "a strohmandli seat lists its 3 piles after its hand"),
])
def test_bad_input_is_one_line_naming_the_game(args, needle):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.output
    assert needle in lines[0], lines[0]


# -- royal is unchanged -------------------------------------------------------------------------

def test_royal_is_the_default_game():
    deal = ("XXI XX XVII X IX SN S10 CN CJ DJ / XVIII XII XI VIII V SK CK CQ DQ DN / "
            "XXII XVI XV XIV XIII IV II SJ HN HJ / XIX VII VI III I SQ C10 HK HQ DK")
    plain = run("solve", deal, "--no-slems", "--json")
    assert plain.exit_code == 0, plain.output
    assert json.loads(plain.stdout) == {"leader": "A_IND", "first_trick": 1,
                                        "tricks": {"attack": 3, "defence": 7}}
    assert run("solve", deal, "--no-slems", "--json", "--game", "ROYAL").stdout == plain.stdout
    assert run("deal", "--seed", 5, "--game", "royal").stdout == run("deal", "--seed",
                                                                     5).stdout
    assert run("slems", "--game", "royal").stdout == run("slems").stdout


def test_an_interrupted_json_deal_keeps_the_piles_of_the_deals_written(monkeypatch):
    """Ctrl-C while the deals are drawn: the deals written so far, their piles, still valid
    JSON, exit code 130."""
    import royal_sim.cli.deal as D
    from royal_sim.games import get_game

    game = get_game("troggu")
    calls = {"n": 0}
    real = type(game).deal

    def deal(self, state, setup):
        calls["n"] += 1
        if calls["n"] == 4:             # in the second chunk of the first pass
            raise KeyboardInterrupt
        return real(self, state, setup)

    monkeypatch.setattr(D, "CHUNK", 2)
    monkeypatch.setattr(type(game), "deal", deal)
    r = run("deal", "--game", "troggu", "--seed", 1, "--count", 5, "--json")
    assert r.exit_code == 130
    out = json.loads(r.stdout)
    assert out["interrupted"] is True and len(out["deals"]) == len(out["piles"]) == 2
    monkeypatch.undo()
    whole = ok_json("deal", "--game", "troggu", "--seed", 1, "--count", 5, "--json")
    assert whole["deals"][:2] == out["deals"] and whole["piles"][:2] == out["piles"]


@pytest.mark.parametrize("args", [
    ["slems", "--game", "droggn"],
    ["solve", "--game", "modositott", "XII X IX V I / XI VIII VII IV II / XIX XVII XIV XIII III",
     "--cards"],
    ["deal", "--game", "droggn", "--count", "50"],
])
def test_a_reader_closing_the_pipe_early_is_no_error(args):
    """``royal-sim slems --game droggn | head -1``: the reader has what it wanted; the
    command ends quietly with exit code 0 (click's own answer was exit code 1). Here the
    pipe is closed before the first line is written (``head`` closes it after its line)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    read, write = os.pipe()
    os.close(read)
    try:
        p = subprocess.run([sys.executable, "-m", "royal_sim.cli", *args], stdout=write,
                           stderr=subprocess.PIPE, text=True,
                           cwd=Path(__file__).resolve().parents[1])
    finally:
        os.close(write)
    assert (p.returncode, p.stderr) == (0, "")


@pytest.mark.parametrize("game, hand, seat, options", [
    ("coinche", "SJ S9 SA S10 HA HK D10 C7", "S", {}),
    ("droggn", "XXII XXI XX XIX XVIII XVII XVI XV XIV XIII XII I SK SQ HK H4 C10", "1", {}),
    ("strohmandli", "XXII XXI XX XVIII XV XII IX SK SQ HK HN DJ | V CK SN | II HA | CQ", "1",
     {"option": ["others"]}),
])
def test_a_game_analysis_fits_a_terminal_of_60_columns(game, hand, seat, options):
    """The tables wrap their long cells (contract names, intervals) and drop their detail
    columns to fit the terminal's width, as royal's do (they were 69 to 72 wide)."""
    from royal_sim.analysis.game_analysis import analyze_game, text_module

    result = analyze_game(hand, seat, game=game, samples=2, jobs=1, **options)
    text = text_module(game).game_text(result, 60)
    assert max(len(line) for line in text.splitlines()) <= 60
