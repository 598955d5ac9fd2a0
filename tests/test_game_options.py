"""The game options of ``analyze --game ID`` checked in one place
(``game_analysis.check_options``) for the command line, the Python face and ``batch`` lines:
an ``--option`` given twice, two options of one choice (Strohmandli's ``original|valtozat``,
``sum|highest``), a seat listed twice in ``--stayers`` or a ``--stayers`` naming none; each
one line naming the conflict, exit 2 (``solve``'s ``--option`` twice too)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from royal_sim import batch as B
from royal_sim.analysis.game_analysis import analyze_game
from royal_sim.cli import main
from royal_sim.errors import RoyalSimError

STROH = "XXII XXI XX XVIII XV XII IX SK SQ HK HN DJ | V CK SN | II HA | CQ"
VA = "XXI XIX SK HQ"
DROGGN = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI I"

BAD = [
    ("strohmandli", STROH, "1", {"option": ["original", "valtozat"]},
     "option original and valtozat exclude each other (strohmandli takes one of "
     "valtozat|original)"),
    ("strohmandli", STROH, "1", {"option": ["highest", "sum"]},
     "option highest and sum exclude each other (strohmandli takes one of sum|highest)"),
    ("strohmandli", STROH, "1", {"option": ["original", "Original"]},
     "option original given twice"),
    ("droggn", DROGGN, "1", {"option": ["tovabbi20", "tovabbi20"]},
     "option tovabbi20 given twice"),
    ("harmas", DROGGN.rsplit(" ", 5)[0], "1", {"option": ["kezdo", "kezdo"]},
     "option kezdo given twice"),
    ("vier-anderle", VA, "2", {"players": 4, "stayers": "2,2,3"},
     "stayers: seat 2 listed twice"),
    ("vier-anderle", VA, "2", {"players": 4, "stayers": "1,3,01"},
     "stayers: seat 01 listed twice"),
    ("vier-anderle", VA, "2", {"players": 4, "stayers": ""}, "stayers '' names no seat"),
    ("vier-anderle", VA, "2", {"players": 4, "stayers": "1,,3"},
     "stayers: an empty seat between commas in '1,,3'"),
    ("vier-anderle", VA, "2", {"players": 4, "option": ["no_overtake", "no-overtake"]},
     "option no_overtake given twice"),
]


def _flags(options: dict) -> list[str]:
    out = []
    for key, value in options.items():
        for v in (value if isinstance(value, list) else [value]):
            out += [f"--{key}", str(v)]
    return out


@pytest.mark.parametrize("game, hand, seat, options, said", BAD)
def test_the_command_line_refuses_in_one_line(game, hand, seat, options, said):
    out = CliRunner().invoke(main, ["analyze", "--game", game, hand, "--seat", seat,
                                    "--samples", "2", *_flags(options)])
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: --{said}"), lines


@pytest.mark.parametrize("game, hand, seat, options, said", BAD)
def test_the_python_face_refuses_naming_the_option(game, hand, seat, options, said):
    with pytest.raises(RoyalSimError) as e:
        analyze_game(hand, seat, game=game, samples=0, jobs=1, **options)
    assert str(e.value).startswith(said)
    assert e.value.argument == ("stayers" if "stayers" in said else "option")


@pytest.mark.parametrize("game, hand, seat, options, said", BAD)
def test_a_batch_line_gets_the_same_error(tmp_path, game, hand, seat, options, said):
    items = " ".join(f"{k}={v}" for k, vs in options.items()
                     for v in (vs if isinstance(vs, list) else [vs]) if v != "")
    if options.get("stayers") == "":
        items += " stayers=,"
        said = "stayers ',' names no seat"
    path = tmp_path / "in.txt"
    path.write_text(f"{hand} @ {seat} game={game} {items}\n", encoding="utf-8")
    got = B.load_inputs(str(path))
    assert got.jobs == [] and len(got.bad) == 1 and got.bad[0].message.startswith(said)


def test_one_option_of_each_choice_is_taken():
    for option in (["original", "highest"], ["valtozat", "sum"], ["highest"]):
        analyze_game(STROH, "1", game="strohmandli", samples=1, jobs=1, option=option)
    r = analyze_game(VA, "2", game="vier-anderle", players=4, stayers="1, 3", samples=1, jobs=1)
    assert r.setting.seats == (0, 1, 2)


def test_solve_refuses_an_option_given_twice():
    deal = "XXI XII IV HN / XX XVI CK HK / X V II DN / XIII I SQ DQ"
    for extra, said in ((["--option", "pagat_over_skiz", "--option", "pagat_over_skiz"],
                         "--option pagat_over_skiz given twice"),
                        (["--option", "no_overtake", "--no-overtake"],
                         "--no-overtake and --option no_overtake: one option given twice")):
        out = CliRunner().invoke(main, ["solve", "--game", "vier-anderle", deal, *extra])
        assert out.exit_code == 2 and out.output.strip() == f"Error: {said}", out.output


def test_an_option_is_read_in_any_case_as_everywhere():
    """``--option NOKONTRA`` as ``--contract SZOLO``: the game's setup folds the names."""
    from royal_sim.analysis import declarer_deal as DD

    s = DD.setting(DROGGN.rsplit(" ", 5)[0], "1", game="harmas", option=("NOKONTRA", "Kezdo"))
    assert s.setup.flags == frozenset({"nokontra", "kezdo"})
