"""Game records as batch inputs (issue 35, item 3): a record line (.txt), a ``record`` key
(.jsonl) or column (.csv) is reviewed card by card as ``royal-sim review`` reviews it; its
rows name the cards that cost something, the seats' totals, the announced bids; a bad
record is a bad line; resuming a cut file finishes it to the uninterrupted run's bytes."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from royal_sim import batch as B
from royal_sim.batch.output import _FORMER, _REVIEWED, _TABLED
from royal_sim.cli import main
from royal_sim.engine.solver import Solver, optimal_line, trick_winner
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal, Pair
from royal_sim.cardplay.position import revoke_reason
from royal_sim.cardplay.record import GameRecord
from royal_sim.tarokk import TAROKK_PLAY as R

# royal-sim deal --seed 1
DEAL = ("XXI XX XVII X IX SN S10 CN CJ DJ / XVIII XII XI VIII V SK CK CQ DQ DN / "
        "XXII XVI XV XIV XIII IV II SJ HN HJ / XIX VII VI III I SQ C10 HK HQ DK")
ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"      # a deal input beside them
OPTS = B.BatchOptions(samples=4, seed=5, only=("gem",))


def _best_play(solver, hands, play_so_far):
    """``play_so_far`` continued to the end, each card the lowest-id best card."""
    hands, leader, t, trick, out = list(hands), 0, 1, [], []

    def put(c):
        nonlocal leader, t, trick
        hands[(leader + len(trick)) % 4] &= ~(1 << c)
        trick.append(c)
        out.append(c)
        if len(trick) == 4:
            leader, trick, t = trick_winner(trick, leader, R), [], t + 1

    for c in play_so_far:
        put(c)
    while t <= 10:
        seat = (leader + len(trick)) % 4
        v = solver.card_values(hands, leader, t, trick, 0)
        best = max(v.values()) if R.pair_of[seat] == 0 else min(v.values())
        put(min(x for x, y in v.items() if y == best))
    return out


@pytest.fixture(scope="module")
def games():
    """The optimal line of deal 1 with bids announced (the defence's pagatfogas is let
    make by trick 1's last card, I: the trick-best line is not the bids'), the line with one
    deliberate
    mistake (the first card after trick 1 where another legal card gives the mover's pair
    fewer tricks) continued double dummy, and what that mistake costs."""
    solver = Solver(R)
    hands = Deal.parse(DEAL).hands
    line = [c for _, cs, _ in optimal_line(solver, hands, 0, 1, 0) for c in cs]
    good = GameRecord.of(hands, line, bids={Pair.ATTACK: ["ultimo:I"],
                                            Pair.DEFENCE: ["gem", "pagatfogas"]})
    h, ld, t, trick = list(hands), 0, 1, []
    for i, c in enumerate(line):
        seat = (ld + len(trick)) % 4
        v = solver.card_values(h, ld, t, trick, int(R.pair_of[seat]))
        worse = [x for x, y in v.items() if y < v[c]]
        if worse and i >= 4:
            mistake, cost = worse[0], v[c] - v[worse[0]]
            break
        h[seat] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            ld, trick, t = trick_winner(trick, ld, R), [], t + 1
    else:
        pytest.fail("no card of the optimal line has a worse alternative")
    bad_one = GameRecord.of(hands, _best_play(solver, hands, line[:i] + [mistake]))
    return good, bad_one, i, mistake, cost


def _swapped(rec: GameRecord, k: int, card: int) -> str:
    """``rec``'s one-line text with its ``k``-th card (0-based) swapped for ``card``."""
    play = list(rec.play)
    play[k] = card
    head = rec.format(one_line=True).rsplit("play: ", 1)[0]
    return head + "play: " + " ".join(C.format_card(c) for c in play)


def _bad_text(rec: GameRecord) -> str:
    """``rec`` with its 6th card (trick 2) swapped for a card of the next seat's hand."""
    pc = list(rec.replay())[5]
    return _swapped(rec, 5, C.cards_of(pc.position.hands[(pc.seat + 1) % 4])[0])


def _revoke_text(rec: GameRecord) -> tuple[str, str]:
    """``rec`` with the first card that has a revoke in its seat's hand swapped for it, and
    the start of the message ('trick T, SEAT: CARD is a revoke')."""
    for k, pc in enumerate(rec.replay()):
        hand = pc.position.hands[pc.seat]
        for c in C.cards_of(hand):
            if pc.position.trick and revoke_reason(hand, c, pc.position.trick):
                return _swapped(rec, k, c), (f"trick {pc.trick}, {pc.seat.name}: "
                                             f"{C.format_card(c)} is a revoke")
    pytest.fail("no revoke possible")


def _review_json(text: str) -> dict:
    r = CliRunner().invoke(main, ["review", text, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout.strip().splitlines()[-1])


def _expected_rows(review: dict) -> dict:
    """What the batch rows of a record should say, from ``royal-sim review --json``."""
    def detail(b):
        return f"{b['how']} {b['pair']} {b['bid']} (instead: {' '.join(b['instead'])})"

    cards = [(c["trick"], c["seat"], c["card"], c["cost"], " ".join(c["best"]),
              len(c["bids"]), "; ".join(detail(b) for b in c["bids"]) or None)
             for c in review["cards"] if c["cost"] or c["bids"]]
    seats = {s: (t["cost"], t["bids"]) for s, t in review["totals"].items()}
    bids = []
    for b in review["bids"]:
        sid, _, param = b["bid"].partition(":")
        first = b["first_cost"] or {}
        bids.append((b["pair"], sid, param or None, first.get("trick"), first.get("seat"),
                     first.get("card"),
                     None if b["forced_at_end"] is None else int(b["forced_at_end"])))
    return {"cards": cards, "seats": seats, "bids": bids}


def _got_rows(rows: list[dict]) -> dict:
    cards = [(r["trick"], r["seat"], r["card"], r["cost"], r["best"], r["bids_cost"],
              r["bid_detail"]) for r in rows if r["slem"] == B.CARD_ROW]
    seats = {r["seat"]: (r["cost"], r["bids_cost"]) for r in rows if r["slem"] == B.SEAT_ROW}
    bids = [(r["pair"], r["slem"], r["param"], r["trick"], r["seat"], r["card"], r["made"])
            for r in rows if r["slem"] not in (B.CARD_ROW, B.SEAT_ROW, B.REVIEW_ROW)]
    return {"cards": cards, "seats": seats, "bids": bids}


def _groups(path) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in B.load_rows(path):
        out.setdefault(r["id"], []).append(r)
    return out


@pytest.fixture(scope="module")
def files(games, tmp_path_factory):
    """A .txt and a .jsonl input with both records, a bad record and an ending, and the
    uninterrupted runs of each (CSV and JSON lines)."""
    good, bad_one, *_ = games
    d = tmp_path_factory.mktemp("records")
    bad = _bad_text(good)
    txt = d / "games.txt"
    txt.write_text("# last night's games\n"
                   f"{good.format(one_line=True)}\n"
                   f"{bad_one.format(one_line=True)}   # the one with the mistake\n"
                   f"{bad}\n"
                   f"{ENDING}\n", encoding="utf-8")
    jl = d / "games.jsonl"
    jl.write_text("\n".join(json.dumps(o) for o in [
        {"id": "good", "record": good.format()},             # one item a line
        {"id": "mistake", "record": bad_one.format(one_line=True)},
        {"id": "bad", "record": bad},
        {"id": "ending", "deal": ENDING}]) + "\n", encoding="utf-8")
    outs = {}
    for inp, ext in ((txt, "csv"), (jl, "jsonl"), (txt, "jsonl")):
        out = d / f"clean-{inp.suffix[1:]}.{ext}"
        res = B.run_batch(B.read_inputs(inp)[0], out, OPTS, n_jobs=1)
        assert (res.done, res.failed) == (3, [])
        outs[inp.suffix[1:], ext] = out
    return txt, jl, bad, outs


# --- inputs ---------------------------------------------------------------------------


def test_records_are_read_as_record_jobs_and_a_bad_one_is_a_bad_line(games, files):
    good, bad_one, i, mistake, _ = games
    txt, jl, bad, _ = files
    jobs, bad_lines = B.read_inputs(txt)
    assert [(j.id, j.kind) for j in jobs] == [
        ("line 2", "record"), ("line 3", "record"), ("line 5", "deal")]
    assert jobs[0].text == good.format(one_line=True) == jobs[0].record
    assert (jobs[0].deal, jobs[0].leader.name, jobs[0].first_trick) == (good.deal, "A_IND", 1)
    with pytest.raises(B.RoyalSimError) as e:
        GameRecord.parse(bad)
    assert [(b.line, b.message) for b in bad_lines] == [(4, str(e.value))]
    assert str(e.value).startswith("trick 2, ") and "is not in" in str(e.value)
    jobs_jl, bad_jl = B.read_inputs(jl)
    assert [(j.id, j.kind) for j in jobs_jl] == [
        ("good", "record"), ("mistake", "record"), ("ending", "deal")]
    assert [j.text for j in jobs_jl] == [j.text for j in jobs]   # the multi-line form too
    assert [(b.line, b.message) for b in bad_jl] == [(3, str(e.value))]


def test_a_csv_record_column_and_a_revoke(tmp_path, games):
    good, *_ = games
    revoke, message = _revoke_text(good)
    text = ("id,record,deal\n"
            f"g1,\"{good.format(one_line=True)}\",\n"
            f"g2,\"{revoke}\",\n"
            f"g3,\"{good.format(one_line=True)}\",{ENDING}\n")
    p = tmp_path / "in.csv"
    p.write_text(text, encoding="utf-8")
    jobs, bad = B.read_inputs(p)
    assert [j.id for j in jobs] == ["g1"]
    assert bad[0].line == 3 and bad[0].message.startswith(message)
    assert bad[1].line == 4 and "a record goes alone" in bad[1].message


# --- rows -----------------------------------------------------------------------------


def test_rows_are_the_review_of_the_record(games, files):
    good, bad_one, i, mistake, cost = games
    *_, outs = files
    got = _groups(outs["txt", "csv"])
    assert list(got) == ["line 2", "line 3", "line 5"]
    for ident, rec in (("line 2", good), ("line 3", bad_one)):
        rows = got[ident]
        assert _got_rows(rows) == _expected_rows(_review_json(rec.format(one_line=True)))
        assert all((r["id"], r["input"], r["kind"], r["rules"]) ==
                   (ident, rec.format(one_line=True), "record", "gerots") for r in rows)
        assert rows[-1]["slem"] == B.REVIEW_ROW and [r["slem"] for r in rows].count(
            B.REVIEW_ROW) == 1
    # the record with one mistake: exactly that card, at the cost the review gives
    (card,) = [r for r in got["line 3"] if r["slem"] == B.CARD_ROW]
    pc = list(bad_one.replay())[i]
    assert (card["trick"], card["seat"], card["card"], card["cost"]) == (
        pc.trick, pc.seat.name, C.format_card(mistake), cost)
    assert card["pair"] == pc.seat.pair.label and card["bid_detail"] is None
    seats = {r["seat"]: r["cost"] for r in got["line 3"] if r["slem"] == B.SEAT_ROW}
    assert seats == {s: (cost if s == pc.seat.name else 0) for s in seats} and len(seats) == 4
    # the tricks after the mistake, and at the end, are the tricks the replay takes
    wins = {"attack": 0, "defence": 0}
    for t in range(10):
        cards = list(bad_one.play[4 * t:4 * t + 4])
        leader = 0 if t == 0 else winner
        winner = trick_winner(cards, leader, R)
        wins["attack" if R.pair_of[winner] == 0 else "defence"] += 1
    end = got["line 3"][-1]
    assert end["tricks"] == wins["attack"] and end["cost"] == cost
    assert (end["trick"], end["card"]) == (10, C.format_card(bad_one.play[-1]))
    assert card["tricks"] == wins[card["pair"]]     # the rest was played double dummy
    # the attack's value at the start: the optimal line's (it costs no trick)
    seat_rows = [r for r in got["line 3"] if r["slem"] == B.SEAT_ROW]
    start = end["tricks"] + sum(r["cost"] if r["pair"] == "attack" else -r["cost"]
                                for r in seat_rows)
    assert start == got["line 2"][-1]["tricks"]
    # the good game: one card cost a bid (no trick); each announced bid with the card that
    # first cost it and whether its pair forces it after the last card
    (card,) = [r for r in got["line 2"] if r["slem"] == B.CARD_ROW]
    assert (card["trick"], card["seat"], card["pair"], card["cost"], card["bids_cost"]) == (
        1, "A_ELF", "attack", 0, 1)
    assert card["bid_detail"].startswith("let make defence pagatfogas (instead: ")
    bids = [r for r in got["line 2"] if r["slem"] in ("ultimo", "gem", "pagatfogas")]
    assert [(r["pair"], r["slem"], r["param"], r["deals"], r["card"]) for r in bids] == [
        ("attack", "ultimo", "I", 1, None), ("defence", "gem", None, 1, None),
        ("defence", "pagatfogas", None, 1, card["card"])]
    assert bids[2]["made"] == 1 and bids[2]["bid_detail"] == card["bid_detail"]


def test_csv_and_jsonl_hold_the_same_rows(files):
    *_, outs = files
    assert B.load_rows(outs["txt", "csv"]) == B.load_rows(outs["txt", "jsonl"])
    jl = _groups(outs["jsonl", "jsonl"])
    txt = _groups(outs["txt", "jsonl"])
    for a, b in (("good", "line 2"), ("mistake", "line 3"), ("ending", "line 5")):
        assert [{**r, "id": None} for r in jl[a]] == [{**r, "id": None} for r in txt[b]]


def test_the_summary_counts_the_records(files):
    *_, outs = files
    text = B.summary(B.load_rows(outs["txt", "csv"]))
    assert text.startswith("0 hand input(s), 1 deal input(s), 2 record input(s)")
    assert "Records reviewed double dummy" in text
    assert "announced bids forced after the last card: attack " in text


# --- resume ---------------------------------------------------------------------------


@pytest.mark.parametrize("ext", ["csv", "jsonl"])
@pytest.mark.parametrize("cut", ["mid-group", "mid-line"])
def test_resume_of_a_cut_file_finishes_it_to_the_same_file(tmp_path, files, ext, cut):
    txt, _, _, outs = files
    data = outs["txt", ext].read_bytes()
    lines = data.splitlines(keepends=True)
    first = len(_groups(outs["txt", ext])["line 2"]) + (ext == "csv")   # + the header
    keep = first + 2                      # the first record, two rows of the second
    partial = b"".join(lines[:keep]) + (lines[keep][:25] if cut == "mid-line" else b"")
    out = tmp_path / f"out.{ext}"
    out.write_bytes(partial)
    assert list(_groups(out)) == ["line 2"]          # the cut group is not read
    res = B.run_batch(B.read_inputs(txt)[0], out, OPTS, n_jobs=1, resume=True)
    assert (res.resumed, res.done) == (1, 2)
    assert out.read_bytes() == data


def test_resume_refuses_a_record_reviewed_with_other_rules(tmp_path, files):
    txt, _, _, outs = files
    out = tmp_path / "out.csv"
    out.write_bytes(outs["txt", "csv"].read_bytes())
    with pytest.raises(B.RoyalSimError, match="rules gerots there, laza now"):
        B.run_batch(B.read_inputs(txt)[0], out, B.BatchOptions(samples=4, seed=5,
                                                               only=("gem",), rules="laza"),
                    n_jobs=1, resume=True)


def test_a_file_without_the_record_columns_is_refused_with_its_reason(tmp_path, files):
    txt, *_ = files
    former = [c for c in B.COLUMNS if c not in _REVIEWED + _TABLED]
    assert tuple(former) in _FORMER
    jobs = B.read_inputs(txt)[0]
    out = tmp_path / "old.csv"
    out.write_text(",".join(former) + "\n", encoding="utf-8")
    with pytest.raises(B.RoyalSimError, match="older royal-sim .no trick, card, cost"):
        B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)
    out = tmp_path / "old.jsonl"
    out.write_text(json.dumps({c: None for c in former}) + "\n", encoding="utf-8")
    with pytest.raises(B.RoyalSimError, match="older royal-sim .no trick, card, cost"):
        B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)


def test_two_worker_processes_give_the_same_file(tmp_path, files):
    txt, _, _, outs = files
    out = tmp_path / "out.csv"
    res = B.run_batch(B.read_inputs(txt)[0], out, OPTS, n_jobs=2)
    assert res.workers == 2 or (os.cpu_count() or 1) < 2
    assert out.read_bytes() == outs["txt", "csv"].read_bytes()


# --- the command ----------------------------------------------------------------------


def test_command_reviews_records_reports_the_bad_one_and_exits_3(tmp_path, files):
    txt, _, bad, outs = files
    out = tmp_path / "out.csv"
    r = CliRunner().invoke(main, ["batch", str(txt), "-o", str(out), "--samples", "4",
                                  "--seed", "5", "--only", "gem", "--jobs", "1",
                                  "--summary"])
    assert r.exit_code == 3, r.output
    msg = str(pytest.raises(B.RoyalSimError, GameRecord.parse, bad).value)
    assert f"Skipped {txt} line 4: {msg}" in r.stderr
    assert "1 bad line(s) skipped" in r.stderr
    assert out.read_bytes() == outs["txt", "csv"].read_bytes()
    assert "2 record input(s)" in r.stdout
