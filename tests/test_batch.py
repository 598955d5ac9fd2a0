"""The batch runner and ``royal-sim batch``: input formats, rows equal to the library's
figures, resuming after an interruption, local processes and a Dask cluster, bad input."""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from royal_sim import batch as B
from royal_sim.batch import run as batch_run
from royal_sim.analysis import analyze, solve_slems
from royal_sim.cli import main
from royal_sim.model.cards import NOTATION_HINT
from royal_sim.model.deal import Deal, Pair, Seat, parse_hand
from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.solver import Solver

HANDS = [
    ("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND"),
    ("XXI XV XII VIII VI II CK CN HQ DK", "D_ELF"),
    ("XVIII XIV XI IX IV III SN S10 CJ HJ", "D_IND"),
    ("XIX XVIII VI V CK CQ HN HJ DK DJ", "A_ELF"),
]
# a 5-card ending (A_IND leads trick 6): solved in a fraction of a second
POSITION = "XX X V SK DQ / XXII XV HN HJ DN / XII IX HK HQ DK / XIX XIV I C10 DJ"
ONLY = ("gem", "volat", "ultimo")
OPTS = B.BatchOptions(samples=4, seed=5, only=ONLY)

TXT = "\n".join([
    "# four hands and an ending",
    f"{HANDS[0][0]} @ {HANDS[0][1]}",
    "",
    f"{HANDS[1][0]} @ {HANDS[1][1]}   # trailing comment",
    f"{POSITION}",
    f"{HANDS[2][0]} @ {HANDS[2][1]}",
    f"{HANDS[3][0]} @ {HANDS[3][1]}",
]) + "\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def jobs_of(tmp_path, text=TXT, name="in.txt"):
    jobs, bad = B.read_inputs(write(tmp_path, name, text))
    assert bad == []
    return jobs


def groups(path: Path) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in B.load_rows(path):
        out.setdefault(r["id"], []).append(r)
    return out


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """An uninterrupted serial run of TXT, as CSV and as JSON lines."""
    d = tmp_path_factory.mktemp("clean")
    jobs = jobs_of(d)
    files = {}
    for ext in ("csv", "jsonl"):
        out = d / f"clean.{ext}"
        res = B.run_batch(jobs, out, OPTS, n_jobs=1)
        assert (res.done, res.resumed, res.failed) == (5, 0, [])
        files[ext] = out
    return jobs, files


# --- inputs ---------------------------------------------------------------------------


def test_read_text_inputs_ids_and_kinds(tmp_path):
    jobs = jobs_of(tmp_path)
    assert [(j.id, j.line, j.kind) for j in jobs] == [
        ("line 2", 2, "hand"), ("line 4", 4, "hand"), ("line 5", 5, "deal"),
        ("line 6", 6, "hand"), ("line 7", 7, "hand")]
    assert jobs[1].seat is Seat.D_ELF and jobs[1].hand == parse_hand(*HANDS[1])
    assert jobs[2].deal == Deal.parse(POSITION).hands


def test_jsonl_and_csv_inputs_read_like_text(tmp_path):
    objs = [{"hand": h, "seat": s, "id": f"h{i}"} for i, (h, s) in enumerate(HANDS)]
    objs.insert(2, {"deal": POSITION})
    jl = B.read_inputs(write(tmp_path, "in.ndjson",
                             "\n".join(json.dumps(o) for o in objs) + "\n"))
    csv_text = "id,hand,seat,deal\n" + "".join(
        f"{o.get('id', '')},{o.get('hand', '')},{o.get('seat', '')},{o.get('deal', '')}\n"
        for o in objs)
    cs = B.read_inputs(write(tmp_path, "in.csv", csv_text))
    assert jl[1] == [] and cs[1] == []
    # ids and line numbers are those of the file (the CSV header is line 1)
    assert [(j.id, j.line) for j in jl[0]] == [
        ("h0", 1), ("h1", 2), ("line 3", 3), ("h2", 4), ("h3", 5)]
    assert [(j.id, j.line) for j in cs[0]] == [
        ("h0", 2), ("h1", 3), ("line 4", 4), ("h2", 5), ("h3", 6)]
    txt = jobs_of(tmp_path)
    for jobs in (jl[0], cs[0]):
        assert [(j.kind, j.hand, j.seat, j.deal) for j in jobs] == \
            [(j.kind, j.hand, j.seat, j.deal) for j in txt]


def test_a_stray_quote_in_csv_spoils_its_own_line_only(tmp_path):
    # read whole, the csv module took every later line into the quoted field
    text = (f"id,hand,seat\n\"g,{HANDS[0][0]},{HANDS[0][1]}\n"
            f"h,{HANDS[1][0]},{HANDS[1][1]}\n\"i\",\"{HANDS[2][0]}\",{HANDS[2][1]}\n")
    jobs, bad = B.read_inputs(write(tmp_path, "in.csv", text))
    assert [(j.id, j.line) for j in jobs] == [("h", 3), ("i", 4)]
    assert [b.line for b in bad] == [2] and "quote" in bad[0].message
    with pytest.raises(B.RoyalSimError, match=r"CSV header \(line 1\) is not CSV"):
        B.read_inputs(write(tmp_path, "head.csv", f"\"id,hand,seat\nh,{HANDS[1][0]},A_IND\n"))


def test_lines_end_only_at_line_ends(tmp_path):
    # str.splitlines also splits at form feed, U+2028 ... (legal inside a JSON string); a
    # byte order mark inside a file (files put together) is dropped
    jl = "\n".join([json.dumps({"hand": HANDS[0][0], "seat": HANDS[0][1], "id": "a\u2028b"},
                               ensure_ascii=False),
                    json.dumps({"hand": HANDS[1][0], "seat": HANDS[1][1]})])
    jobs, bad = B.read_inputs(write(tmp_path, "in.jsonl", jl))
    assert bad == [] and [(j.id, j.line) for j in jobs] == [("a\u2028b", 1), ("line 2", 2)]
    txt = f"# a note\u2028 and more\r\n{HANDS[0][0]} @ {HANDS[0][1]}\r\nbad line\n"
    jobs, bad = B.read_inputs(write(tmp_path, "in.txt", txt))
    assert [(j.id, j.line) for j in jobs] == [("line 2", 2)] and [b.line for b in bad] == [3]
    cs = f"id,hand,seat\n\ufeffa,{HANDS[0][0]},{HANDS[0][1]}\n"
    jobs, bad = B.read_inputs(write(tmp_path, "in.csv", cs))
    assert bad == [] and [j.id for j in jobs] == ["a"]


def test_a_repeated_json_key_is_a_bad_line(tmp_path):
    text = (f'{{"hand": "{HANDS[0][0]}", "seat": "A_IND", "hand": "{HANDS[1][0]}"}}\n'
            + json.dumps({"hand": HANDS[1][0], "seat": HANDS[1][1]}) + "\n")
    jobs, bad = B.read_inputs(write(tmp_path, "in.jsonl", text))
    assert [j.line for j in jobs] == [2]
    assert [(b.line, b.message) for b in bad] == [(1, "key 'hand' given twice")]


def test_a_repeated_csv_column_is_refused(tmp_path):
    # which of the two holds the value? (the later one won silently)
    text = f"hand,seat,Seat\n{HANDS[0][0]},{HANDS[0][1]},D_ELF\n"
    with pytest.raises(B.RoyalSimError, match="repeats the column seat"):
        B.read_inputs(write(tmp_path, "in.csv", text))


def test_bad_lines_are_reported_with_their_numbers(tmp_path):
    text = "\n".join([
        f"{HANDS[0][0]} @ {HANDS[0][1]}",
        "XX XQ @ A_IND",                                  # 2: bad card
        f"{HANDS[1][0]}",                                 # 3: neither '@' nor '/'
        f"{HANDS[1][0]} @ NORTH",                         # 4: bad seat
        f"{HANDS[1][0]} @ A_IND",                         # 5: D_ELF's hand lacks XX
        "XX / XXII / XII",                                # 6: 3 hands
    ]) + "\n"
    jobs, bad = B.read_inputs(write(tmp_path, "in.txt", text))
    assert [j.line for j in jobs] == [1]
    assert [b.line for b in bad] == [2, 3, 4, 5, 6]
    assert "XQ" in bad[0].message and "unknown seat" in bad[2].message
    assert "always holds XX" in bad[3].message and "4 hands" in bad[4].message
    jl = "\n".join([json.dumps({"hand": HANDS[0][0], "seat": "A_IND", "id": "x"}),
                    "{not json",
                    json.dumps({"hand": HANDS[1][0], "seat": "D_ELF", "id": "x"}),
                    json.dumps({"hand": HANDS[1][0]}),
                    json.dumps({"hand": HANDS[1][0], "seat": "D_ELF", "deal": POSITION}),
                    "[1, 2]"])
    jobs, bad = B.read_inputs(write(tmp_path, "in.jsonl", jl))
    assert [j.id for j in jobs] == ["x"]
    assert [(b.line, b.message.split(" (")[0]) for b in bad] == [
        (2, "not JSON"), (3, "id 'x' repeats line 1"), (4, "hand without seat"),
        (5, "give either a hand with its seat or a deal, not both"),
        (6, "not a JSON object")]
    # an explicit id that is another line's automatic id would push that line out
    jl = "\n".join([json.dumps({"hand": HANDS[0][0], "seat": "A_IND", "id": "line 2"}),
                    json.dumps({"hand": HANDS[1][0], "seat": "D_ELF"}),
                    json.dumps({"hand": HANDS[2][0], "seat": "D_IND", "id": "line 3"})])
    jobs, bad = B.read_inputs(write(tmp_path, "ids.jsonl", jl))
    assert [j.id for j in jobs] == ["line 2", "line 3"]
    assert [(b.line, b.message) for b in bad] == [
        (1, "id 'line 2' is the automatic id of line 2 (which has no id); choose another")]


# --- rows -----------------------------------------------------------------------------


def test_input_seed_depends_on_run_seed_and_id_only():
    s = B.input_seed(5, "line 2")
    assert s == B.input_seed(5, "line 2") and 0 <= s < 2**63
    assert len({s, B.input_seed(6, "line 2"), B.input_seed(5, "line 3")}) == 3


def test_hand_rows_are_the_analysis_of_the_derived_seed(clean):
    jobs, files = clean
    got = groups(files["csv"])
    for job in (j for j in jobs if j.kind == "hand"):
        rows = got[job.id]
        seed = B.input_seed(OPTS.seed, job.id)
        res = analyze(job.hand, job.seat, samples=OPTS.samples, seed=seed, only=ONLY)
        assert [r["slem"] for r in rows] == [r.slem.id for r in res.best] + [B.ADVICE,
                                                                           B.MAX_TRICKS_ROW]
        for row, r in zip(rows, res.best):
            assert (row["made"], row["deals"], row["bound"]) == (r.made, r.n, r.bound)
            assert row["probability"] == pytest.approx(r.probability, abs=1e-6)
            assert (row["ci_lo"], row["ci_hi"]) == pytest.approx(r.ci95, abs=1e-6)
            assert (row["seat"], row["pair"], row["seed"]) == \
                (job.seat.name, job.seat.pair.label, seed)
        mt = rows[-1]
        assert mt["tricks"] == pytest.approx(res.max_tricks.mean(), abs=1e-4)
        dist = dict(tok.split(":") for tok in mt["tricks_dist"].split())
        counts = {k: int((res.max_tricks == k).sum()) for k in range(11)}
        assert {int(k): int(n) for k, n in dist.items()} == \
            {k: n for k, n in counts.items() if n}


def test_deal_rows_are_the_solver_results(clean):
    jobs, files = clean
    rows = groups(files["jsonl"])["line 5"]
    d = Deal.parse(POSITION)
    attack = Solver(TAROKK_PLAY).max_tricks(d.hands, 0, 6, 0)
    assert [(r["pair"], r["tricks"]) for r in rows if r["slem"] == B.MAX_TRICKS_ROW] == \
        [("attack", attack), ("defence", 5 - attack)]
    for pair in Pair:
        want = {k: int(v) for k, v in solve_slems(d.hands, pair, leader=0,
                                                  first_trick=6).items()
                if k.split(":")[0] in ONLY}
        have = {r["slem"] + (f":{r['param']}" if r["param"] else ""): r["made"]
                for r in rows if r["pair"] == pair.label and r["slem"] != B.MAX_TRICKS_ROW}
        assert have == want and want
        # made counts deals (1 or 0 of deals = 1), as for hands, not true/false
        assert all(type(v) is int for v in have.values())


def test_csv_and_jsonl_hold_the_same_rows(clean):
    _, files = clean
    assert B.load_rows(files["csv"]) == B.load_rows(files["jsonl"])
    header = files["csv"].read_text().splitlines()[0]
    assert header == ",".join(B.COLUMNS)


def test_results_do_not_depend_on_input_order(tmp_path, clean):
    jobs, files = clean
    lines = TXT.splitlines()
    # reversed, with the ids of the clean run given explicitly ("line N" would change)
    objs = []
    for j in jobs:
        line = lines[j.line - 1].split("#")[0].strip()
        hand, _, seat = line.partition("@")
        o = {"deal": line} if j.kind == "deal" else {"hand": hand, "seat": seat}
        objs.append(dict(o, id=j.id))
    rev = write(tmp_path, "rev.jsonl", "\n".join(json.dumps(o) for o in objs[::-1]))
    out = tmp_path / "rev.csv"
    B.run_batch(B.read_inputs(rev)[0], out, OPTS, n_jobs=1)
    assert groups(out) == groups(files["csv"])
    assert list(groups(out)) == [j.id for j in jobs][::-1]     # the input's order


# --- resume ---------------------------------------------------------------------------


@pytest.mark.parametrize("ext", ["csv", "jsonl"])
def test_interrupted_run_resumes_to_the_same_file(tmp_path, clean, ext):
    jobs, files = clean
    out = tmp_path / f"out.{ext}"
    done = []

    def stop_after_two(job):
        done.append(job.id)
        if len(done) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        B.run_batch(jobs, out, OPTS, n_jobs=1, progress=stop_after_two)
    assert list(groups(out)) == done == ["line 2", "line 4"]
    res = B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)
    assert (res.resumed, res.done) == (2, 3)
    assert out.read_bytes() == files[ext].read_bytes()


@pytest.mark.parametrize("cut", ["mid-line", "mid-group", "header-only"])
def test_resume_drops_a_partly_written_group(tmp_path, clean, cut):
    jobs, files = clean
    data = files["csv"].read_bytes()
    lines = data.splitlines(keepends=True)
    if cut == "mid-line":       # 2 groups (header + 5 + 5 lines) and half a line
        partial = b"".join(lines[:11]) + lines[11][:20]
    elif cut == "mid-group":    # the first group, then 2 of the 5 rows of the second
        partial = b"".join(lines[:8])
    else:
        partial = lines[0][:10]
    out = tmp_path / "out.csv"
    out.write_bytes(partial)
    res = B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)
    assert res.resumed == {"mid-line": 2, "mid-group": 1, "header-only": 0}[cut]
    assert out.read_bytes() == data


def test_resume_refuses_a_partial_group_of_another_input(tmp_path, clean):
    # an incomplete last group is an interrupted write only for an input of this run;
    # for another id it is someone else's row, not to be dropped without a word
    jobs, files = clean
    lines = files["csv"].read_bytes().splitlines(keepends=True)
    out = tmp_path / "out.csv"
    out.write_bytes(b"".join(lines[:7]))        # the first group, 2 rows of the second
    with pytest.raises(B.RoyalSimError, match=f"results for '{jobs[1].id}', which is not an "
                                              "input"):
        B.run_batch([jobs[0], *jobs[2:]], out, OPTS, n_jobs=1, resume=True)
    assert out.read_bytes() == b"".join(lines[:7])


def test_resume_refuses_other_options_or_files(tmp_path, clean):
    jobs, files = clean
    out = tmp_path / "out.csv"
    out.write_bytes(files["csv"].read_bytes())
    # the seeds as the files write them (0x...), not 19-digit numbers
    with pytest.raises(B.RoyalSimError, match=r"other options .*seed 0x[0-9a-f]+ there, "
                                              r"0x[0-9a-f]+ now"):
        B.run_batch(jobs, out, B.BatchOptions(samples=4, seed=6, only=ONLY), n_jobs=1,
                    resume=True)
    with pytest.raises(B.RoyalSimError, match="another `only`"):
        B.run_batch(jobs, out, B.BatchOptions(samples=4, seed=5, only=[*ONLY, "kassza"]),
                    n_jobs=1, resume=True)
    with pytest.raises(B.RoyalSimError, match="not an input"):
        B.run_batch(jobs[:2], out, OPTS, n_jobs=1, resume=True)
    with pytest.raises(B.RoyalSimError, match="exists: use `resume=True`"):
        B.run_batch(jobs, out, OPTS, n_jobs=1)
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("a,b\n1,2\n")
    with pytest.raises(B.RoyalSimError, match="not a royal-sim batch output"):
        B.run_batch(jobs, foreign, OPTS, n_jobs=1, resume=True)
    res = B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)     # all done already
    assert (res.resumed, res.done) == (5, 0)
    assert out.read_bytes() == files["csv"].read_bytes()


def test_resume_accepts_hands_without_some_slems(tmp_path):
    """A hand with no magasító has no Ultimó row (nothing to announce): its finished rows
    are still taken as done on --resume, as are those of a hand that has one."""
    text = ("XXII XXI XX XVIII XVII XVI XV XIV XIII XII @ A_IND\n"
            f"{HANDS[0][0]} @ {HANDS[0][1]}\n")
    jobs = jobs_of(tmp_path, text)
    out = tmp_path / "out.csv"
    opts = B.BatchOptions(samples=2, seed=1, only=("gem", "ultimo"))
    B.run_batch(jobs, out, opts, n_jobs=1)
    rows = groups(out)
    assert {r["slem"] for r in rows["line 1"]} == {"gem", B.ADVICE, B.MAX_TRICKS_ROW}
    assert "ultimo" in {r["slem"] for r in rows["line 2"]}
    data = out.read_bytes()
    res = B.run_batch(jobs, out, opts, n_jobs=1, resume=True)
    assert (res.resumed, res.done) == (2, 0)
    assert out.read_bytes() == data


@pytest.mark.parametrize("old, new", [
    (f"{HANDS[0][0]} @ {HANDS[0][1]}", f"{HANDS[0][0].replace('HK', 'HQ')} @ A_IND"),  # hand
    (f"{HANDS[1][0]} @ {HANDS[1][1]}", f"{HANDS[1][0]} @ D_IND"),                       # seat
    (POSITION, POSITION.replace("SK DQ", "SK DN").replace("HJ DN", "HJ DQ")),           # deal
])
def test_resume_refuses_results_of_a_changed_input(tmp_path, clean, old, new):
    """An id whose hand, seat or deal changed since its rows were written is not taken as
    done: its old rows would be silently wrong."""
    jobs, files = clean
    out = tmp_path / "out.csv"
    out.write_bytes(files["csv"].read_bytes())
    assert old in TXT
    changed, bad = B.read_inputs(write(tmp_path, "in.txt", TXT.replace(old, new)))
    assert bad == [] and [j.id for j in changed] == [j.id for j in jobs]
    assert [j.text for j in changed] != [j.text for j in jobs]
    with pytest.raises(B.RoyalSimError, match="another input"):
        B.run_batch(changed, out, OPTS, n_jobs=1, resume=True)


def test_rows_name_their_input(clean):
    jobs, files = clean
    by_id = groups(files["jsonl"])
    for job in jobs:
        assert {r["input"] for r in by_id[job.id]} == {job.text}
    assert jobs[0].text == f"{HANDS[0][0]} @ {HANDS[0][1]}"


def test_a_failing_input_is_reported_and_skipped(tmp_path, clean, monkeypatch):
    jobs, files = clean
    real = B.run_job

    def run_job(job, opts):
        return (None, "boom") if job.id == "line 4" else real(job, opts)

    monkeypatch.setattr(batch_run, "run_job", run_job)
    seen = []
    res = B.run_batch(jobs, tmp_path / "out.csv", OPTS, n_jobs=1,
                      on_error=lambda j, m: seen.append((j.line, m)))
    assert seen == [(4, "boom")] and res.done == 4 and len(res.failed) == 1
    want = groups(files["csv"])
    del want["line 4"]
    assert groups(tmp_path / "out.csv") == want
    with pytest.raises(B.RoyalSimError, match="line 4 .*boom"):
        B.run_batch(jobs, tmp_path / "out.csv", OPTS, n_jobs=1, force=True, strict=True)


# --- summary --------------------------------------------------------------------------


def test_summary_values():
    row = B.result_row
    rows = [row(id="a", kind="hand", pair="attack", slem="gem", probability=0.5),
            row(id="a", kind="hand", pair="attack", slem=B.MAX_TRICKS_ROW,
                tricks_dist="7:1 9:3"),
            row(id="b", kind="hand", pair="defence", slem="gem", probability=1.0),
            row(id="b", kind="hand", pair="defence", slem=B.MAX_TRICKS_ROW, tricks_dist="9:4"),
            row(id="c", kind="deal", pair="attack", slem="gem", made=1),
            row(id="c", kind="deal", pair="defence", slem="gem", made=0),
            row(id="c", kind="deal", pair="attack", slem=B.MAX_TRICKS_ROW, tricks=7),
            row(id="c", kind="deal", pair="defence", slem=B.MAX_TRICKS_ROW, tricks=3)]
    text = B.summary(rows)
    assert text.startswith("2 hand input(s), 1 deal input(s)")
    lines = [ln.split() for ln in text.splitlines()]
    # per pair: the attack's and the defence's hands are not averaged together
    assert ["attack", "gem", "10", "1", "50.0%"] in lines
    assert ["defence", "gem", "10", "1", "100.0%"] in lines
    assert ["gem", "10", "1", "of", "1", "0", "of", "1"] in lines       # the deal inputs
    dist = {int(ln.split()[0]): ln.split()[1:] for ln in text.splitlines()[-2:]}
    assert dist == {7: ["1", "12.5%", "1", "100.0%"], 9: ["7", "87.5%", "0", "0.0%"]}
    assert "hands: the hand inputs of the pair that can bid the slem" in text
    assert "<=" not in text
    # a second attack hand: mean 60 %, standard error sd/sqrt(n) = 0.1414/1.414 = 10 %;
    # the mean gain of bidding gem alone +3.0; the recommended sets per pair
    more = rows + [row(id="e", kind="hand", pair="attack", slem="gem", probability=0.7,
                       gain=4.0),
                   row(id="e", kind="hand", pair="attack", slem=B.ADVICE, bids="gem",
                       nobid=40.0, gain=4.0),
                   row(id="a", kind="hand", pair="attack", slem=B.ADVICE, bids=None,
                       nobid=50.0, gain=0.0)]
    more[0] = {**more[0], "gain": 2.0}
    lines = [ln.split() for ln in B.summary(more).splitlines()]
    assert ["attack", "gem", "10", "2", "60.0%", "10.0%", "+3.0"] in lines
    assert ["attack", "2", "45.0", "+2.0", "1"] in lines
    # an upper bound among the hand rows makes the mean an upper bound, marked <=
    rows.append(row(id="a", kind="hand", pair="attack", slem="heja", probability=0.004,
                    bound=True))
    text = B.summary(rows)
    heja = next(ln for ln in text.splitlines() if ln.split()[1:2] == ["heja"])
    assert heja.split()[:5] == ["attack", "heja", "125", "1", "<=0.4%"]
    assert "<=: the mean includes upper bounds" in text
    # a second deal input, an ending on which vizi was not searched: gem of 2, vizi of 1
    # (was "of 2" for both, a count of deals never searched)
    rows += [row(id="d", kind="deal", pair="attack", slem="gem", made=0),
             row(id="d", kind="deal", pair="defence", slem="gem", made=0),
             row(id="c", kind="deal", pair="attack", slem="vizi", made=1),
             row(id="c", kind="deal", pair="defence", slem="vizi", made=0),
             row(id="d", kind="deal", pair="attack", slem=B.MAX_TRICKS_ROW, tricks=2)]
    text = B.summary(rows)
    lines = {ln.split()[0]: ln.split() for ln in text.splitlines() if ln.split()}
    assert lines["gem"][-6:] == ["1", "of", "2", "0", "of", "2"]
    assert lines["vizi"][-6:] == ["1", "of", "1", "0", "of", "1"]
    assert "deals: of the deal inputs on which the slem was searched" in text


# --- parallel and distributed ---------------------------------------------------------


def test_two_worker_processes_give_the_same_file(tmp_path, clean):
    jobs, files = clean
    out = tmp_path / "out.csv"
    res = B.run_batch(jobs, out, OPTS, n_jobs=99)      # at most the machine's cores
    cores = os.cpu_count() or 1
    assert (res.workers, res.done) == (min(cores, 5), 5) and res.workers * res.threads <= cores
    assert out.read_bytes() == files["csv"].read_bytes()


def test_dask_cluster_gives_the_same_file(tmp_path, clean):
    distributed = pytest.importorskip("distributed")
    jobs, files = clean
    out = tmp_path / "out.csv"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        res = B.run_batch(jobs, out, OPTS, scheduler=cluster.scheduler_address)
    assert (res.workers, res.done) == (2, 5)
    assert out.read_bytes() == files["csv"].read_bytes()


def test_unreachable_scheduler_fails_fast(tmp_path, clean):
    pytest.importorskip("distributed")
    jobs, _ = clean
    with socket.socket() as s:          # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    t = time.monotonic()
    with pytest.raises(B.RoyalSimError, match="cannot connect to the Dask scheduler"):
        B.run_batch(jobs, tmp_path / "out.csv", OPTS, scheduler=f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - t < 10
    assert not (tmp_path / "out.csv").exists()


def test_a_server_that_never_answers_is_not_waited_for(monkeypatch):
    """A port that accepts connections but never speaks Dask (a dashboard, any HTTP
    server) used to make the Dask client wait forever."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(batch_run, "HANDSHAKE_GRACE", 1.0)
    with socket.socket() as s:          # listening (the kernel accepts), never answering
        s.bind(("127.0.0.1", 0))
        s.listen(4)
        port = s.getsockname()[1]
        t = time.monotonic()
        with pytest.raises(B.RoyalSimError, match="no Dask answer within 2 s"):
            B.connect(f"tcp://127.0.0.1:{port}", timeout=1.0)
        assert time.monotonic() - t < 5


def test_missing_distributed_is_a_clear_error(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(B.RoyalSimError, match=r"install royal-sim\[distributed\]"):
        B.connect("tcp://127.0.0.1:8786")


@pytest.mark.parametrize("ext", ["csv", "jsonl"])
@pytest.mark.parametrize("data", [bytes(range(256)) * 2, b"\x89PNG\r\n\x1a\n\0\0",
                                  b"\xff\xfe\0", b"hello"])
def test_resume_refuses_a_binary_or_foreign_output(tmp_path, data, ext):
    """--resume on a file that is not a batch output (binary, no newline at all): one
    error line, exit code 2, the file untouched (not truncated and overwritten)."""
    inp = write(tmp_path, "in.txt", f"{HANDS[0][0]} @ {HANDS[0][1]}\n")
    out = tmp_path / f"out.{ext}"
    out.write_bytes(data)
    r = run(str(inp), "-o", str(out), "--resume", "--samples", "4", "--only", "gem",
            "--jobs", "1")
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "is not a royal-sim batch output" in r.stderr and "Traceback" not in r.output
    assert out.read_bytes() == data


# --- the command ----------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, ["batch", *args])


def test_command_writes_rows_summary_and_skip_count(tmp_path, clean, monkeypatch):
    import royal_sim.cli.progress as cli
    monkeypatch.setattr(cli, "LOG_EVERY", 0.0)     # a progress line per input off a tty
    _, files = clean
    inp = write(tmp_path, "in.txt", TXT + "XX XQ @ A_IND\n")
    out = tmp_path / "out.jsonl"
    args = [str(inp), "-o", str(out), "--samples", "4", "--seed", "5", "--only",
            ",".join(ONLY), "--jobs", "1", "--summary"]
    r = run(*args)
    assert r.exit_code == 3, r.output          # finished, one input (a bad line) skipped
    assert out.read_bytes() == files["jsonl"].read_bytes()
    assert f"Skipped {inp} line 8: unknown card 'XQ'" in r.stderr
    assert "Done: 5 input(s) written" in r.stderr and "1 bad line(s) skipped" in r.stderr
    assert [f"inputs finished: {k} of 5" for k in range(1, 5)] == [
        ln for ln in r.stderr.splitlines() if ln.startswith("inputs finished")]
    assert r.stdout.startswith("4 hand input(s), 1 deal input(s)")
    assert any(ln.split()[:2] == ["attack", "volat"] for ln in r.stdout.splitlines())
    again = run(*args)          # told before the bad lines are read and reported
    assert again.exit_code == 2 and again.stderr.startswith("Error: ") and \
        "exists: use --resume" in again.stderr and "Skipped" not in again.stderr
    resumed = run(*args, "--resume")
    assert resumed.exit_code == 3 and "5 from an earlier run" in resumed.stderr
    assert out.read_bytes() == files["jsonl"].read_bytes()
    strict = run(*args, "--force", "--strict")
    assert strict.exit_code == 2
    assert strict.stderr == f"Error: {inp} line 8: unknown card 'XQ'{NOTATION_HINT}\n"


@pytest.mark.parametrize("case, message", [
    ("format", "unknown file format of input"),
    ("empty", "is empty"),
    ("missing", "not found"),
    ("out-format", "unknown file format of output"),
    ("out-empty", "the output file name is empty"),
    ("unwritable", "cannot write"),
    ("all-bad", "no valid input"),
    ("only", "unknown slem"),
    ("same", "is the input file"),
    ("utf-16", "not UTF-8 text"),
])
def test_bad_input_is_one_error_line(tmp_path, case, message):
    inp = write(tmp_path, "in.txt", TXT)
    out = tmp_path / "out.csv"
    if case == "format":
        inp = write(tmp_path, "in.xml", TXT)
    elif case == "empty":
        inp = write(tmp_path, "in.txt", "# nothing\n\n")
    elif case == "missing":
        inp = tmp_path / "nope.txt"
    elif case == "out-format":
        out = tmp_path / "out.xlsx"
    elif case == "out-empty":
        out = ""
    elif case == "unwritable":
        out = tmp_path / "no-such-dir" / "out.csv"
    elif case == "same":
        inp = out = write(tmp_path, "in.csv", "hand,seat\n" + ",".join(HANDS[0]) + "\n")
    elif case == "all-bad":
        inp = write(tmp_path, "in.txt", "XX XQ @ A_IND\n")
    elif case == "utf-16":
        inp = tmp_path / "in.csv"
        inp.write_text("hand,seat\n" + ",".join(HANDS[0]) + "\n", encoding="utf-16")
    extra = ["--only", "gemx"] if case == "only" else ["--only", "gem"]
    r = run(str(inp), "-o", str(out), "--samples", "2", "--jobs", "1", *extra)
    assert r.exit_code == 2
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("Error: ")]
    assert len(errors) == 1 and message in errors[0], r.stderr
    assert "Traceback" not in r.output


def test_jsonl_fields_of_the_wrong_type_are_bad_lines(tmp_path):
    hand = HANDS[0][0]
    text = "\n".join([
        json.dumps({"hand": hand.split(), "seat": "A_IND"}),
        json.dumps({"hand": 5, "seat": "A_IND"}),
        json.dumps({"id": ["a"], "hand": hand, "seat": "A_IND"}),
        json.dumps({"id": 7, "hand": hand, "seat": "A_IND"}),
    ]) + "\n"
    jobs, bad = B.read_inputs(write(tmp_path, "in.jsonl", text))
    assert [j.id for j in jobs] == ["7"]
    assert [b.line for b in bad] == [1, 2, 3]
    assert "hand must be a string" in str(bad[0]) and "got int 5" in str(bad[1])
    assert "id must be a string or a whole number" in str(bad[2])


def test_text_line_with_two_seats_or_spaces_around_the_seat(tmp_path):
    hand = HANDS[0][0]
    jobs, bad = B.read_inputs(write(tmp_path, "in.txt", f"{hand} @  A_IND \n"
                                                        f"{hand} @ A_IND @ D_IND\n"))
    assert [j.text for j in jobs] == [f"{hand} @ A_IND"]
    assert [b.line for b in bad] == [2] and "more than one '@'" in str(bad[0])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, prctl")
@pytest.mark.parametrize("sig", ["TERM", "KILL"])
def test_a_killed_batch_leaves_no_workers_behind(tmp_path, sig):
    """SIGTERM (kill, timeout) stops a batch like Ctrl-C: exit code 143, the resume hint,
    the workers stopped. SIGKILL of the parent takes its workers with it."""
    import signal
    import subprocess

    inp = tmp_path / "in.txt"
    inp.write_text("XX XVII XIII X VII V SK SQ HN DJ @ A_IND\n"
                   "XIX XXI XVIII XV IX IV II CK SJ HQ @ A_ELF\n")
    p = subprocess.Popen([sys.executable, "-m", "royal_sim.cli", "batch", str(inp), "-o",
                          str(tmp_path / "out.csv"), "--samples", "100000", "--jobs", "2"],
                         stderr=subprocess.PIPE, text=True)
    try:
        assert "input(s) to run" in p.stderr.readline()      # the workers are starting
        time.sleep(1.0)
        workers = _children(p.pid)
        assert workers
        p.send_signal(getattr(signal, "SIG" + sig))
        rc = p.wait(timeout=60)
        err = p.stderr.read()
    finally:
        p.kill()
    if sig == "TERM":
        assert rc == 143
        assert "rerun with --resume" in err and "Traceback" not in err
    deadline = time.monotonic() + 20
    while any(os.path.exists(f"/proc/{w}") and _state(w) != "Z" for w in workers):
        assert time.monotonic() < deadline, f"workers {workers} outlived the batch"
        time.sleep(0.2)


def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (OSError, IndexError, ValueError):
                pass
    return out


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


# --- endings with a leader, unknown keys, the exit code (issue 16) ----------------------

ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"      # 3 cards: trick 8
FULL_DEAL = ("XXI XX XI SQ SN SJ C10 HQ HN HJ / XVIII XV VI V IV S10 CN DK DN DJ / "
             "XXII XIII X VIII VII II CQ CJ HK DQ / XIX XVII XVI XIV XII IX III I SK CK")


def _solve_json(*args):
    r = CliRunner().invoke(main, ["solve", ENDING, "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _as_solved(rows):
    """A deal input's rows in the shape of ``royal-sim solve --json``."""
    out = {"tricks": {}, "slems": {"attack": {}, "defence": {}}}
    for r in rows:
        if r["slem"] == B.MAX_TRICKS_ROW:
            out["tricks"][r["pair"]] = r["tricks"]
        else:
            key = r["slem"] + (f":{r['param']}" if r["param"] else "")
            out["slems"][r["pair"]][key] = bool(r["made"])
    out["leader"], out["first_trick"] = rows[0]["leader"], rows[0]["first_trick"]
    return out


@pytest.fixture(scope="module")
def ending_files(tmp_path_factory):
    """The ending with D_ELF leading (and once without a leader), in the three formats."""
    d = tmp_path_factory.mktemp("endings")
    txt = write(d, "e.txt", f"{ENDING} @ leader=D_ELF\n{ENDING} @ first_trick = 8, "
                            f"leader= d_elf\n{ENDING}\n")     # (spaces around '=' too)
    jl = write(d, "e.jsonl", "\n".join(json.dumps(o) for o in [
        {"deal": ENDING, "leader": "D_ELF", "id": "line 1"},
        {"deal": ENDING, "leader": "D_ELF", "first_trick": 8, "id": "line 2"},
        {"deal": ENDING, "id": "line 3"}]) + "\n")
    cs = write(d, "e.csv", "deal,leader,first_trick,id\n"
                           f"{ENDING},D_ELF,,line 1\n{ENDING},D_ELF,8,line 2\n"
                           f"{ENDING},,,line 3\n")
    return {"txt": txt, "jsonl": jl, "csv": cs}


@pytest.mark.parametrize("fmt", ["txt", "jsonl", "csv"])
def test_an_ending_with_a_leader_is_solved_as_solve_leader(tmp_path, ending_files, fmt):
    """The issue's ending: D_ELF leading, the attack makes 1 trick and the defence 2 (as
    ``solve --leader D_ELF``), not A_IND's 2/1; the rows record the leader and trick."""
    jobs, bad = B.read_inputs(ending_files[fmt])
    assert bad == []
    assert [(j.leader, j.first_trick) for j in jobs] == [
        (Seat.D_ELF, 8), (Seat.D_ELF, 8), (Seat.A_IND, 8)]
    out = tmp_path / "out.jsonl"
    B.run_batch(jobs, out, B.BatchOptions(), n_jobs=1)
    got = groups(out)
    with_leader = _solve_json("--leader", "D_ELF")
    assert with_leader["tricks"] == {"attack": 1, "defence": 2}
    assert _as_solved(got["line 1"]) == with_leader == _as_solved(got["line 2"])
    assert _as_solved(got["line 3"]) == _solve_json()
    assert _solve_json()["tricks"] == {"attack": 2, "defence": 1}
    assert {(r["leader"], r["first_trick"]) for r in got["line 1"]} == {("D_ELF", 8)}


def test_resume_refuses_the_rows_of_another_leader(tmp_path, ending_files):
    out = tmp_path / "out.csv"
    jobs = B.read_inputs(ending_files["txt"])[0]
    B.run_batch(jobs, out, B.BatchOptions(only=("gem",)), n_jobs=1)
    res = B.run_batch(jobs, out, B.BatchOptions(only=("gem",)), n_jobs=1, resume=True)
    assert (res.resumed, res.done) == (3, 0)
    moved = write(tmp_path, "in.txt", ending_files["txt"].read_text().replace(
        "@ leader=D_ELF\n", "@ leader=D_IND\n", 1))
    with pytest.raises(B.RoyalSimError, match=r"'line 1' for another leader or first trick "
                                              r"\(D_ELF leading trick 8, now D_IND"):
        B.run_batch(B.read_inputs(moved)[0], out, B.BatchOptions(only=("gem",)), n_jobs=1,
                    resume=True)


def test_a_file_of_the_former_format_is_refused_with_its_reason(tmp_path):
    old = [c for c in B.COLUMNS if c not in ("leader", "first_trick", "expected", "gain",
                                             "nobid", "bids", "trick", "card", "cost",
                                             "best", "bids_cost", "bid_detail",
                                             "dd_probability", "dd_expected", "dd_only",
                                             "table_only", "worlds")]
    out = write(tmp_path, "old.csv", ",".join(old) + "\n")
    jobs = jobs_of(tmp_path, f"{ENDING}\n")
    with pytest.raises(B.RoyalSimError, match="older royal-sim .no leader and first_trick"):
        B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)
    row = {c: None for c in old}
    out = write(tmp_path, "old.jsonl", json.dumps(row) + "\n")
    with pytest.raises(B.RoyalSimError, match="older royal-sim"):
        B.run_batch(jobs, out, OPTS, n_jobs=1, resume=True)


@pytest.mark.parametrize("line, message", [
    (f"{ENDING} @ D_ELF", "got 'D_ELF'; did you mean leader=D_ELF?"),
    (f"{ENDING} @ leadr=D_ELF", "unknown deal option 'leadr'"),
    (f"{ENDING} @ leader=NORTH", "leader: unknown seat 'NORTH'"),
    (f"{ENDING} @ first_trick=1", "first_trick 1 is impossible: with 3 cards per hand the "
                                  "next trick is trick 8"),
    (f"{ENDING} @ first_trick=eight", "first_trick must be a whole number"),
    (f"{ENDING} @ first_trick=-8", "first_trick -8 is impossible"),     # (a whole number)
    (f"{ENDING} @ first_trick=--8", "first_trick must be a whole number"),
    (f"{ENDING} @ first_trick=\u00b2", "first_trick must be a whole number"),
    (f"{ENDING} @ first_trick 8", "got 'first_trick'; did you mean first_trick=VALUE?"),
    (f"{ENDING} @ leader = NORTH", "leader: unknown seat 'NORTH'"),     # not "leader=leader?"
    (f"{ENDING} @ leader=D_ELF leader=A_IND", "leader given twice"),
    (f"{FULL_DEAL} @ leader=D_IND", "trick 1 is always led by A_IND (the indító), not D_IND"),
    (f"{HANDS[0][0]} @ A_IND @ leader=D_ELF", "more than one '@'"),
])
def test_bad_deal_options_in_text_are_bad_lines(tmp_path, line, message):
    jobs, bad = B.read_inputs(write(tmp_path, "in.txt", f"{ENDING}\n{line}\n"))
    assert len(jobs) == 1 and [b.line for b in bad] == [2]
    assert message in bad[0].message


def test_a_leader_for_a_hand_is_a_bad_line(tmp_path):
    text = "\n".join(json.dumps(o) for o in [
        {"hand": HANDS[0][0], "seat": "A_IND", "leader": "D_ELF"},
        {"hand": HANDS[0][0], "seat": "A_IND", "first_trick": 1, "id": "b"},
        {"deal": ENDING, "first_trick": "8", "id": "c"},
        {"deal": ENDING, "leader": 1, "id": "d"},
        {"deal": ENDING, "first_trick": 8.0, "id": "e"},
        {"deal": ENDING, "first_trick": 8.5, "id": "f"}]) + "\n"
    jobs, bad = B.read_inputs(write(tmp_path, "in.jsonl", text))
    assert [(j.id, j.first_trick) for j in jobs] == [("c", 8), ("e", 8)]
    assert [b.line for b in bad] == [1, 2, 4, 6]
    assert "leader and first_trick are for a deal" in bad[0].message
    assert "leader must be a seat name such as \"D_ELF\", got int 1" in bad[2].message
    assert "first_trick must be a whole number, got 8.5" in bad[3].message


def test_unknown_keys_and_columns_are_reported_once_with_their_line(tmp_path):
    jl = write(tmp_path, "in.jsonl", "\n".join(json.dumps(o) for o in [
        {"deal": ENDING, "id": "a"},
        {"deal": ENDING, "id": "b", "leadr": "D_ELF"},
        {"deal": ENDING, "id": "c", "leadr": "D_IND", "note": "x"},
        {"deal": ENDING, "id": "d", "leadr": "A_ELF"}]) + "\n")
    got = B.load_inputs(jl)
    assert [j.id for j in got.jobs] == ["a", "b", "c", "d"] and got.bad == []
    assert [(u.name, u.line, u.lines) for u in got.unknown] == [("leadr", 2, 3), ("note", 3, 1)]
    assert str(got.unknown[0]).startswith("line 2: unknown key 'leadr' ignored (and on 2 "
                                          "more line(s))")
    cs = write(tmp_path, "in.csv", f"deal,Leader ,comment\n{ENDING},D_ELF,hi\n")
    got = B.load_inputs(cs)
    assert [(u.name, u.line, u.what) for u in got.unknown] == [("comment", 1, "column")]
    assert got.jobs[0].leader is Seat.D_ELF       # header names are case-insensitive

    out = tmp_path / "out.csv"
    r = run(str(jl), "-o", str(out), "--only", "gem", "--jobs", "1")
    assert r.exit_code == 0, r.output             # a warning, no input skipped
    warnings = [ln for ln in r.stderr.splitlines() if ln.startswith("Warning: ")]
    assert warnings == [f"Warning: {jl} line 2: unknown key 'leadr' ignored (and on 2 more "
                        "line(s)); the keys read are id, hand, seat, deal, leader, "
                        "first_trick, record, game, declarer, options",
                        f"Warning: {jl} line 3: unknown key 'note' ignored; the keys read "
                        "are id, hand, seat, deal, leader, first_trick, record, game, declarer, "
                        "options"]
    done = r.stderr.splitlines()[-1]
    assert done == (f"Done: 4 input(s) written to {out}; key(s) ignored: 'leadr' (line 2), "
                    "'note' (line 3).")


def test_exit_code_tells_a_clean_run_from_one_that_skipped_inputs(tmp_path, monkeypatch):
    clean = write(tmp_path, "clean.txt", f"{ENDING}\n{ENDING} @ leader=D_ELF\n")
    r = run(str(clean), "-o", str(tmp_path / "a.csv"), "--only", "gem", "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1] == f"Done: 2 input(s) written to {tmp_path / 'a.csv'}."
    skipping = write(tmp_path, "skip.txt", f"{ENDING}\nXX XQ @ A_IND\n{ENDING} @ D_ELF\n"
                                           f"{ENDING} @ leader=D_IND\n")
    out = tmp_path / "b.csv"
    r = run(str(skipping), "-o", str(out), "--only", "gem", "--jobs", "1")
    assert r.exit_code == 3, r.output
    assert r.stderr.splitlines()[-1] == (
        f"Done: 2 input(s) written to {out}; 2 bad line(s) skipped. 2 of 4 input(s) done, "
        "2 skipped (exit code 3).")
    assert len(groups(out)) == 2
    # a failing input is skipped too
    real = B.run_job
    monkeypatch.setattr(batch_run, "run_job",
                        lambda job, opts: (None, "boom") if job.line == 2 else real(job, opts))
    r = run(str(clean), "-o", str(tmp_path / "c.csv"), "--only", "gem", "--jobs", "1")
    assert r.exit_code == 3
    assert "Failed" in r.stderr and r.stderr.splitlines()[-1].endswith(
        "1 input(s) failed. 1 of 2 input(s) done, 1 skipped (exit code 3).")
    # --strict still stops at the first bad line with exit code 2
    r = run(str(skipping), "-o", str(tmp_path / "d.csv"), "--only", "gem", "--strict")
    assert r.exit_code == 2 and r.stderr.startswith(f"Error: {skipping} line 2:")


def test_batch_help_documents_the_deal_options_and_exit_codes():
    text = run("--help").output
    assert "@ leader=SEAT first_trick=N" in text and "leader=D_ELF" in text
    assert "3 finished, but some inputs skipped" in text


def test_a_cold_cache_is_announced_with_the_measured_time(tmp_path, monkeypatch):
    import royal_sim.cli.progress as P
    import royal_sim.engine.cells as cells
    import royal_sim.engine.solver as solver
    inp = write(tmp_path, "in.txt", f"{ENDING}\n")
    monkeypatch.setattr(cells, "kernels_compiled", lambda: False)
    r = run(str(inp), "-o", str(tmp_path / "a.csv"), "--only", "gem", "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert ("1 input(s) to run; 1 process(es) x 1 thread(s) (compiling the search kernels "
            f"first: once, {P.COMPILE_TIME})") in r.stderr
    monkeypatch.setattr(cells, "kernels_compiled", lambda: True)
    monkeypatch.setattr(solver, "kernels_compiled", lambda: True)
    r = run(str(inp), "-o", str(tmp_path / "b.csv"), "--only", "gem", "--jobs", "1")
    assert "compiling" not in r.stderr


def test_an_interrupted_pool_leaves_no_thread_for_the_exit_to_join():
    """On Ctrl-C the pool's workers are terminated and its manager thread joined before the
    interrupt goes on (left to the interpreter's exit, a second interrupt there printed a
    traceback: 2 of 8 interrupted runs before)."""
    import concurrent.futures as cf
    import multiprocessing
    import time

    from royal_sim.batch import run as BR

    ex = cf.ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    futures = [ex.submit(time.sleep, 30) for _ in range(4)]
    while not futures[0].running():
        time.sleep(0.05)
    procs = list(ex._processes.values())
    BR._stop_pool(ex)
    # a killed process may close its sentinel an instant before it can be reaped (join
    # returns, is_alive is still True): wait for the reaping, with slack for a loaded machine
    deadline = time.monotonic() + 60
    while any(p.is_alive() for p in procs) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert procs and not any(p.is_alive() for p in procs)
    assert not ex._executor_manager_thread or not ex._executor_manager_thread.is_alive()


def test_rows_a_coach_can_rank_scores_advice_and_the_seed_as_text(clean):
    """Each slem row has the expected score and gain of bidding it alone (as analyze), each
    hand an advice row: advise's recommended set, its expected score and gain over no bid;
    the no-bid score on every hand row; the seed is hexadecimal text in the file."""
    import royal_sim

    jobs, files = clean
    got = groups(files["csv"])
    job = next(j for j in jobs if j.kind == "hand")
    seed = B.input_seed(OPTS.seed, job.id)
    hand, seat = job.text.split(" @ ")
    report = royal_sim.analyze(hand, seat, samples=OPTS.samples, seed=seed, only=ONLY)
    advice = royal_sim.advise(hand, seat, samples=OPTS.samples, seed=seed, only=ONLY)
    rows = {r["slem"]: r for r in got[job.id]}
    for s in report.slems:
        assert (rows[s.id]["expected"], rows[s.id]["gain"]) == (
            round(s.expected_score, 3), round(s.gain, 3))
        assert rows[s.id]["param"] == s.param and rows[s.id]["nobid"] == round(
            report.no_bid, 3)
    best = advice.recommended
    a = rows[B.ADVICE]
    if best is None:
        assert a["bids"] is None and a["gain"] == 0.0
    else:
        assert a["bids"].split() == list(best.bids) and a["gain"] == round(best.gain, 3)
        assert a["expected"] == round(best.expected, 3) and a["gain"] > 0
    text = files["csv"].read_text()
    assert f",{hex(seed)}," in text and f",{seed}," not in text
    assert f'"seed": "{hex(seed)}"' in files["jsonl"].read_text()


def test_a_rows_figures_add_up_on_its_own_deals(tmp_path):
    """Issue 50: in a precision-driven run a hand's rows differ in their deals (a slem
    settled at 42 deals, another searched on more); each row's nobid is on the row's
    deals, so expected - nobid = gain on every row (the advice row was 95.44 - 56.35 =
    39.09 against a gain of 39.28: nobid over all the hand's deals, gain over the set's)."""
    inp = write(tmp_path, "in.txt", f"{HANDS[0][0]} @ {HANDS[0][1]}\n")
    out = tmp_path / "out.csv"
    r = run(str(inp), "-o", str(out), "--precision", "0.1", "--only",
            "ultimo,facan,xxi_fogas,amazon", "--seed", "1", "--jobs", "1")
    assert r.exit_code == 0, r.output
    rows = groups(out)["line 1"]
    assert len({r["deals"] for r in rows}) > 1          # the rows' deals differ
    scored = [r for r in rows if r["expected"] is not None and r["gain"] is not None]
    assert {r["slem"] for r in scored} >= {"ultimo", "facan", B.ADVICE}
    for row_ in scored:
        assert abs(row_["expected"] - row_["nobid"] - row_["gain"]) <= 0.0015, row_
    assert len({r["nobid"] for r in scored}) > 1


def test_more_jobs_than_cores_is_said_on_the_start_line(tmp_path, monkeypatch):
    """--jobs above the machine's cores: the one start line says how many cores there are
    and how many workers run (no separate warning)."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    inp = write(tmp_path, "in.txt", f"{HANDS[0][0]} @ {HANDS[0][1]}\n")
    r = run(str(inp), "-o", str(tmp_path / "out.csv"), "--samples", "4", "--only", "gem",
            "--jobs", "64")
    assert r.exit_code == 0, r.output
    (start,) = [ln for ln in r.stderr.splitlines() if "to run" in ln]
    assert start.startswith("1 input(s) to run; 1 process(es) x ") and \
        "thread(s) (--jobs 64, but this machine has 2 core(s))" in start, start


def test_table_rows_play_the_recommended_set_as_table_figures_does(tmp_path):
    """``--table``: a ``table`` row per bid of a hand's recommended set, the figures of
    ``table_figures`` on the analysis's first deals (the same games); the counts add up;
    a resume with other table options is refused; ``--summary`` shows the bids."""
    from royal_sim.api import AdviceRequest, request_analysis
    from royal_sim.cardplay.table_figures import table_figures

    hand, seat = "XX XVII XIII X VII V SK SQ HN DJ", "A_IND"
    jobs = jobs_of(tmp_path, f"{hand} @ {seat}\n")
    opts = B.BatchOptions(samples=6, seed=3, only=("lamour", "gem"), table=3, table_worlds=4)
    out = tmp_path / "out.csv"
    B.run_batch(jobs, out, opts, n_jobs=1)
    rows = B.load_rows(out)
    advice = next(r for r in rows if r["slem"] == B.ADVICE)
    table = [r for r in rows if r["slem"] == B.TABLE_ROW]
    assert advice["bids"] and [r["bids"] for r in table] == advice["bids"].split()
    # the same analysis and games, by the library
    ad = AdviceRequest(request_analysis(hand, seat, samples=6, seed=advice_seed(rows),
                                        only="lamour,gem"), 5, 3).run()
    res = ad.report.analysis
    fig = table_figures(res.searched_deals[:3], res.seat.pair, ad.recommended.bids, (),
                        worlds=4, seed=int(res.seed) % 2 ** 32, igazitas=ad.report.igazitas)
    for r, b in zip(table, fig.bids):
        assert (r["deals"], r["made"], r["dd_only"], r["table_only"], r["worlds"]) == \
            (b.n, b.table, b.dd_only, b.table_only, 4)
        assert r["probability"] == round(b.table_rate, 6)
        assert r["dd_probability"] == round(b.dd_rate, 6)
        assert r["expected"] == round(fig.expected_table, 3)
        assert r["dd_expected"] == round(fig.expected_dd, 3)
        dd = round(r["dd_probability"] * r["deals"])
        assert dd - r["dd_only"] + r["table_only"] == r["made"]
    res_ok = B.run_batch(jobs, out, opts, n_jobs=1, resume=True)     # the same options
    assert (res_ok.resumed, res_ok.done) == (1, 0)
    for other in (B.BatchOptions(samples=6, seed=3, only=("lamour", "gem")),
                  B.BatchOptions(samples=6, seed=3, only=("lamour", "gem"), table=3,
                                 table_worlds=5),
                  B.BatchOptions(samples=6, seed=3, only=("lamour", "gem"), table=4,
                                 table_worlds=4),
                  B.BatchOptions(samples=6, seed=3, only=("lamour", "gem"), table=2,
                                 table_worlds=4)):
        with pytest.raises(B.RoyalSimError, match="other table options"):
            B.run_batch(jobs, out, other, n_jobs=1, resume=True)
    assert "played out at the table" in B.summary(rows)
    with pytest.raises(B.RoyalSimError, match="table must be 1 to 10,000"):
        B.BatchOptions(table=0)


def advice_seed(rows) -> int:
    """The sampler seed of a hand's rows (the ``seed`` column, ``0x…`` text or an int)."""
    s = rows[0]["seed"]
    return int(s, 16) if isinstance(s, str) else int(s)


def test_by_default_a_hand_row_stops_as_advise_does(tmp_path):
    """Neither --precision nor --samples: the hand is analysed as ``advise`` does by default
    (a decided slem at +-10 with 98 %: ``stopped`` ``decided``), its rows the advice's
    figures; --precision given holds every slem to it (issue 49 item 4)."""
    import royal_sim

    hand, seat = "XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND"
    only = ("gem", "volat", "ultimo", "amazon", "spadille", "szfinx", "trojka", "pagatfogas",
            "xxi_fogas", "tous_les_trois")
    assert B.BatchOptions().decide and not B.BatchOptions(precision=0.05).decide
    assert not B.BatchOptions(samples=100).decide
    jobs = jobs_of(tmp_path, f"{hand} @ {seat}\n")
    out = tmp_path / "out.jsonl"
    B.run_batch(jobs, out, B.BatchOptions(seed=5, only=only), n_jobs=1)
    rows = [r for r in groups(out)[jobs[0].id] if r["slem"] not in (B.ADVICE, "max_tricks")]
    assert "decided" in {r["stopped"] for r in rows}
    seed = B.input_seed(5, jobs[0].id)
    advice = royal_sim.advise(hand, seat, seed=seed, only=",".join(only))
    want = {(r.id, r.param): (r.deals, r.stopped) for r in advice.report.slems}
    assert {(r["slem"], r["param"]): (r["deals"], r["stopped"]) for r in rows} == want
    held = tmp_path / "held.jsonl"
    B.run_batch(jobs, held, B.BatchOptions(seed=5, only=only, precision=0.05), n_jobs=1)
    assert "decided" not in {r["stopped"] for r in groups(held)[jobs[0].id]}
