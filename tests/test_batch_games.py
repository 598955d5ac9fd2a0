"""``batch`` input lines of the other games (``HAND @ SEAT game=ID key=value ...``): reading
them in the three formats, their rows against ``analyze_game``, closing advice rows, bad
lines, resume and the summary, beside royal inputs that stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from royal_sim import batch as B
from royal_sim.analysis import belote_analysis as BA
from royal_sim.analysis.game_analysis import ANALYSES, analyze_game
from royal_sim.batch.rows import advice_bids, game_param, input_seed
from test_batch import groups

ROYAL = ("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND")
POSITION = "XX X V SK DQ / XXII XV HN HJ DN / XII IX HK HQ DK / XIX XIV I C10 DJ"
COINCHE = ("SJ S9 SA S10 HA HK D10 C7", "S")
BELOTE = ("SJ S9 SA HK D10", "s", "S10")         # the seat in lower case: read as S
OPTS = B.BatchOptions(samples=3, seed=5, only=("gem",))
# one input a line, no comment, so that a line's number is the same in the three formats
LINES = [
    f"{ROYAL[0]} @ {ROYAL[1]}",
    f"{COINCHE[0]} @ {COINCHE[1]} game=coinche",
    f"{BELOTE[0]} @ {BELOTE[1]} game = Belote turned=S10",
    f"{COINCHE[0]} @ S game=tresette",
    f"{COINCHE[0]} @ S game=coinche turned=S10",
    POSITION,
]
TXT = "\n".join(LINES) + "\n"
OBJS = [
    {"hand": ROYAL[0], "seat": ROYAL[1]},
    {"hand": COINCHE[0], "seat": COINCHE[1], "game": "coinche"},
    {"hand": BELOTE[0], "seat": BELOTE[1], "game": "Belote", "options": {"turned": "S10"}},
    {"hand": COINCHE[0], "seat": "S", "game": "tresette"},
    {"hand": COINCHE[0], "seat": "S", "game": "coinche", "options": "turned=S10"},
    {"deal": POSITION},
]
BAD = [(4, "unknown game 'tresette' (games: "), (5, "coinche does not take turned= (it takes ")]


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def csv_text(objs) -> str:
    # every line given its id ('line N' of the text file: the CSV header is line 1)
    rows = ["id,hand,seat,deal,game,options"]
    for i, o in enumerate(objs, 1):
        opts = o.get("options", "")
        if isinstance(opts, dict):
            opts = " ".join(f"{k}={v}" for k, v in opts.items())
        rows.append(",".join([f"line {i}", o.get("hand", ""), o.get("seat", ""),
                              o.get("deal", ""), o.get("game", ""), opts]))
    return "\n".join(rows) + "\n"


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """The mixed file read, and run serially as CSV and as JSON lines."""
    d = tmp_path_factory.mktemp("games")
    got = B.load_inputs(write(d, "in.txt", TXT))
    files = {}
    for ext in ("csv", "jsonl"):
        out = d / f"out.{ext}"
        res = B.run_batch(got.jobs, out, OPTS, n_jobs=1)
        assert (res.done, res.resumed, res.failed) == (4, 0, [])
        files[ext] = out
    return got, files


def test_game_lines_read_with_canonical_text_and_bad_lines(clean):
    got, _ = clean
    assert [(j.line, j.kind) for j in got.jobs] == [(1, "hand"), (2, "game"), (3, "game"),
                                                     (6, "deal")]
    coinche, belote = got.jobs[1], got.jobs[2]
    assert coinche.text == "SA S10 SJ S9 HA HK D10 C7 @ S game=coinche"
    assert belote.text == "SA SJ S9 HK D10 @ S game=belote turned=S10"
    assert (belote.game, belote.cards, belote.at, belote.options) == (
        "belote", "SA SJ S9 HK D10", "S", (("turned", "S10"),))
    assert belote.game_kwargs() == {"turned": "S10"}
    assert [(b.line, b.message[:len(m)]) for b, (_, m) in zip(got.bad, BAD)] == BAD
    assert "coinche" in got.bad[0].message and "\n" not in got.bad[0].message
    assert got.bad[1].message.endswith("(it takes declarer=, leader=, partner_bid=, "
                                       "their_bid=)")


def test_jsonl_and_csv_game_inputs_read_as_the_text_file(tmp_path, clean):
    got, _ = clean
    jl = B.load_inputs(write(tmp_path, "in.jsonl", "\n".join(json.dumps(o) for o in OBJS)))
    cs = B.load_inputs(write(tmp_path, "in.csv", csv_text(OBJS)))
    assert jl.jobs == got.jobs and jl.unknown == [] and cs.unknown == []
    assert [j.text for j in cs.jobs] == [j.text for j in got.jobs]
    assert [j.line - 1 for j in cs.jobs] == [j.line for j in got.jobs]   # the header
    for bad in (jl.bad, [B.BadLine(b.line - 1, b.message) for b in cs.bad]):
        assert bad == got.bad


@pytest.mark.parametrize("line, reason", [
    (f"{COINCHE[0]} @ S game=coinche their_bid", "expected key=value items"),
    (f"{COINCHE[0]} @ S game=coinche colour=H", "unknown key 'colour'"),
    (f"{COINCHE[0]} @ S game=coinche declarer=W declarer=N", "declarer given twice"),
    (f"{COINCHE[0]} @ S game=coinche =x", "got 'game=coinche=x': one '=' an item"),
    (f"{BELOTE[0]} @ S game=belote", "missing turned=: the card turned up, e.g. turned=HJ"),
    (f"{COINCHE[0]} @ S game=coinche their_bid=100H",
     "their_bid=: say who bid it with declarer="),
    (f"{BELOTE[0]} @ S game=belote turned=S10 declarer=W", "belote does not take declarer="),
    (f"{COINCHE[0][:-3]} @ S game=coinche", "HAND must be 8 cards for coinche, got 7"),
    (f"{COINCHE[0]} @ Q game=coinche", "seat"),
    (f"{POSITION} @ game=coinche", "unknown deal option 'game'"),
    (f"{ROYAL[0]} @ A_IND turned=S10", "turned= is for a hand of another game"),
    (f"{ROYAL[0]} @ game=coinche A_IND", "the seat first"),
])
def test_bad_game_lines_say_why_in_one_line(tmp_path, line, reason):
    got = B.load_inputs(write(tmp_path, "in.txt", f"{ROYAL[0]} @ {ROYAL[1]}\n{line}\n"))
    assert len(got.jobs) == 1 and len(got.bad) == 1 and got.bad[0].line == 2
    assert reason in got.bad[0].message and "\n" not in got.bad[0].message


def test_a_game_not_analysed_yet_is_a_bad_line(tmp_path, monkeypatch):
    """A game of the registry without an analysis (as each was before its module came)."""
    monkeypatch.delitem(ANALYSES, "troggu")
    got = B.load_inputs(write(tmp_path, "in.txt", f"{COINCHE[0]} @ 1 game=troggu\n"))
    assert got.jobs == [] and "is not there yet (analysed: royal" in got.bad[0].message


def test_royal_inputs_keep_their_rows(tmp_path, clean):
    got, files = clean
    royal = [j for j in got.jobs if j.kind != "game"]
    out = tmp_path / "royal.csv"
    B.run_batch(royal, out, OPTS, n_jobs=1)
    mixed = groups(files["csv"])
    assert groups(out) == {j.id: mixed[j.id] for j in royal}
    lines = files["csv"].read_text().splitlines(keepends=True)
    royal_lines = out.read_text().splitlines(keepends=True)
    assert [ln for ln in lines if ",game," not in ln] == royal_lines


def test_game_rows_equal_the_analysis_and_close_with_advice(clean):
    got, files = clean
    g = groups(files["csv"])
    coinche, belote = got.jobs[1], got.jobs[2]
    for job in (coinche, belote):
        rows = g[job.id]
        assert {r["kind"] for r in rows} == {"game"} and {r["rules"] for r in rows} == {
            job.game}
        assert [r["slem"] for r in rows].count("advice") == 1 and rows[-1]["slem"] == "advice"
        assert {(r["seat"], r["input"], r["samples"], r["precision"], r["seed"])
                for r in rows} == {("S", job.text, 3, None, input_seed(5, job.id))}
        res = analyze_game(job.cards, job.at, game=job.game, samples=3, seed=input_seed(
            5, job.id), jobs=1, **job.game_kwargs()).to_json()
        assert [(r["slem"], r["probability"], [r["ci_lo"], r["ci_hi"]], r["made"],
                 r["deals"], r["expected"]) for r in rows[:-1]] == [
            (s["id"], s["probability"], s["ci95"], s["made"], s["deals"],
             s["expected_score"]) for s in res["slems"]]
        assert rows[-1]["bids"] == advice_bids(res["advice"]) and rows[-1]["deals"] == 3
    rows = g[coinche.id]
    assert [(r["slem"], r["param"]) for r in rows[:-1]] == [
        (c, t) for t in BA.TRUMPS for c in BA.ROW_IDS]
    adv = rows[-1]
    assert adv["bids"].endswith(tuple(BA.TRUMPS)) or adv["bids"] == "pass"
    assert adv["expected"] == adv["gain"] and adv["expected"] > 0   # the baseline is 0
    rows = g[belote.id]
    assert {(r["slem"], r["param"]) for r in rows[:-1]} == {
        (c, t) for t in ("S", "H", "D", "C", "NT") for c in ("made", "capot")}
    assert rows[-1]["bids"].startswith("round1:take ")      # 4 trumps with the turned S10: J 9 A 10
    assert rows[-1]["expected"] is None


def test_a_vier_anderle_advice_row_carries_staying_s_ev(tmp_path):
    # the advice's EV(stay) (spec §1, units of the pot) as expected, against dropping's 0
    got = B.load_inputs(write(tmp_path, "in.txt",
                              "XXI XX SK HK @ 2 game=vier-anderle players=4 pot=8\n"))
    out = tmp_path / "va.csv"
    B.run_batch(got.jobs, out, OPTS, n_jobs=1)
    rows = groups(out)[got.jobs[0].id]
    adv = rows[-1]
    res = analyze_game("XXI XX SK HK", "2", game="vier-anderle", players=4, pot=8, samples=3,
                       seed=input_seed(5, got.jobs[0].id), jobs=1).to_json()["advice"]
    assert adv["slem"] == "advice" and adv["bids"] == res["advice"]
    assert adv["expected"] == res["ev_stay"] and adv["gain"] == res["ev_stay"] - res["ev_drop"]


def test_a_strohmandli_advice_row_carries_the_expected_result_points(tmp_path):
    stroh = "XXII XXI XX XVIII XV XII IX SK SQ HK HN DJ | V CK SN | II HA | CQ"
    got = B.load_inputs(write(tmp_path, "in.txt", f"{stroh} @ 1 game=strohmandli\n"))
    out = tmp_path / "st.csv"
    B.run_batch(got.jobs, out, B.BatchOptions(samples=2, seed=5), n_jobs=1)
    adv = groups(out)[got.jobs[0].id][-1]
    res = analyze_game(stroh, "1", game="strohmandli", samples=2, jobs=1,
                       seed=input_seed(5, got.jobs[0].id)).to_json()["advice"]
    assert adv["slem"] == "advice" and adv["bids"] is None
    assert adv["expected"] == res["expected_result_points"]


def test_jsonl_output_holds_the_same_rows(clean):
    _, files = clean
    assert groups(files["jsonl"]) == groups(files["csv"])


@pytest.mark.parametrize("ext", ["csv", "jsonl"])
@pytest.mark.parametrize("cut", ["group", "advice"])
def test_resume_after_losing_a_game_group_gives_the_same_file(tmp_path, clean, ext, cut):
    got, files = clean
    data = files[ext].read_bytes()
    lines = data.splitlines(keepends=True)
    belote = [i for i, ln in enumerate(lines) if b"game=belote" in ln]
    out = tmp_path / f"out.{ext}"
    if cut == "group":      # the belote group gone, the deal's after it kept
        out.write_bytes(b"".join(ln for i, ln in enumerate(lines) if i not in belote))
    else:                   # interrupted before the belote group's closing advice row
        out.write_bytes(b"".join(lines[:belote[-1]]))
    res = B.run_batch(got.jobs, out, OPTS, n_jobs=1, resume=True)
    assert (res.done, res.resumed) == ((1, 3) if cut == "group" else (2, 2))
    assert out.read_bytes() == data


def test_resume_refuses_another_seed_or_game_input(tmp_path, clean):
    got, files = clean
    out = tmp_path / "out.csv"
    out.write_bytes(files["csv"].read_bytes())
    # a game input's kept rows must have the run's seed (its rows say so)
    game_only = [j for j in got.jobs if j.kind == "game"]
    with pytest.raises(B.RoyalSimError, match="not an input"):
        B.run_batch(game_only, out, OPTS, n_jobs=1, resume=True)
    lines = [ln for ln in files["csv"].read_text().splitlines(keepends=True)
             if ",game," in ln or ln.startswith("id,")]
    out.write_text("".join(lines))
    with pytest.raises(B.RoyalSimError, match=r"seed 0x[0-9a-f]+ there, 0x[0-9a-f]+ now"):
        B.run_batch(game_only, out, B.BatchOptions(samples=3, seed=6), n_jobs=1, resume=True)
    with pytest.raises(B.RoyalSimError, match="samples 3 there, 4 now"):
        B.run_batch(game_only, out, B.BatchOptions(samples=4, seed=5), n_jobs=1, resume=True)
    other = B.load_inputs(write(tmp_path, "other.txt", "\n".join(
        [LINES[0], LINES[1], LINES[2].replace("S10", "H10")]) + "\n")).jobs[1:]
    with pytest.raises(B.RoyalSimError, match="for another input .*turned=H10"):
        B.run_batch(other, out, OPTS, n_jobs=1, resume=True)
    # `only` does not apply to game inputs: another `only` keeps them
    res = B.run_batch(game_only, out, B.BatchOptions(samples=3, seed=5, only=("volat",)),
                      n_jobs=1, resume=True)
    assert (res.done, res.resumed) == (0, 2)


def test_summary_lists_each_game_input_within_the_width(clean):
    _, files = clean
    text = B.summary(B.load_rows(files["csv"]), 72)
    assert text.splitlines()[0] == ("1 hand input(s), 1 deal input(s), 2 input(s) of other "
                                    "games")
    assert "Other games: each input's advice" in text
    assert max(len(ln) for ln in text.splitlines()) <= 72
    table = text.split("Other games: each input's advice")[1]
    assert "coinche" in table and "belote" in table and "round1:take" in table


def test_param_and_bids_of_other_shapes():
    # the JSON shapes of the games being added (declarer games, Vier-Anderle,
    # Strohmandli): what tells their rows apart, and their advice's bid words
    assert game_param({"id": "win", "contract": "szolo", "index": None}) == "szolo"
    assert game_param({"id": "tricks", "param": 2, "reading": "maxn"}) == "2 maxn"
    assert game_param({"id": "capot", "trump": "H", "contract": 250}) == "H"
    assert game_param({"id": "80", "trump": "S", "contract": 80}) == "S"
    assert game_param({"id": "pagat"}) is None
    # Strohmandli with option=others: the other seat's rows apart from the seat's
    assert game_param({"id": "jatek", "reading": "paranoid", "seat": "2"}) == \
        "paranoid seat 2"
    assert advice_bids({"bid": "szolo", "contract": "szolo", "announce": ["pagat"]}) == \
        "szolo pagat"
    assert advice_bids({"advice": "stay", "ev_stay": 1.5}) == "stay"
    assert advice_bids({"baseline": {"bid": "pass"}, "round1": {"bid": "pass"},
                        "round2": {"bid": "H"}}) == "round1:pass round2:H"
    assert advice_bids({"expected_result_points": 3.0, "rule": "sum"}) is None


def test_a_json_number_names_a_game_seat(tmp_path):
    hand = "XXII XXI XX XIX XVIII XVII XVI XV XIV SK SQ HA"
    objs = [{"hand": hand, "seat": 2, "game": "harmas", "declarer": 1},
            {"hand": hand, "seat": "2", "game": "harmas", "declarer": "1"},
            {"hand": hand, "seat": True, "game": "harmas"}]
    got = B.load_inputs(write(tmp_path, "in.jsonl", "\n".join(json.dumps(o) for o in objs)))
    assert [j.text for j in got.jobs[:1]] == [j.text for j in got.jobs[1:2]]
    assert len(got.jobs) == 2 and got.jobs[0].at == "2"
    assert [b.message for b in got.bad] == ["seat must be a seat number such as 1 (the "
                                            "game's seats 1 to n), got bool true"]
