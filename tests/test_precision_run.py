"""Precision-driven analysis (``analysis.rounds``): each slem searched round by round until
its interval is narrow enough, on a prefix of the same deal stream a fixed run searches."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.analysis.stopping import StoppingRule
from royal_sim.cli import main

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
# an implication chain, trick-count slems (from the max-tricks column) and a late filter
ONLY = "gem,volat,ultimo,amazon,spadille,szfinx,trojka,pagatfogas,xxi_fogas,tous_les_trois"


@pytest.fixture(scope="module")
def runs():
    fixed = royal_sim.analyze(HAND, "A_IND", samples=120, seed=3, only=ONLY, rules="laza")
    precise = royal_sim.analyze(HAND, "A_IND", samples=120, precision=0.1, seed=3,
                                only=ONLY, rules="laza")
    return fixed, precise


def test_each_slem_is_the_fixed_runs_prefix(runs):
    """Every slem's outcomes are those of the fixed run on the first deals of the same
    stream: the rounds change how many deals, never a verdict."""
    fixed, precise = runs
    by_key = {r.result.key: r.result for r in fixed.candidates}
    assert precise.precision == 0.1 and precise.rounds >= 1
    for row in precise.candidates:
        r = row.result
        m = len(r.outcomes)
        assert 0 < m <= 120
        assert np.array_equal(r.outcomes, by_key[r.key].outcomes[:m]), r.key
    # the max tricks on the first round's deals (then the trick-count slems read a search
    # of only the trick counts they ask about)
    m = len(precise.analysis.max_tricks)
    assert m == StoppingRule(0.1, 120).looks()[0] < precise.analysis.deals_searched
    assert np.array_equal(precise.analysis.max_tricks, fixed.analysis.max_tricks[:m])


def test_stopped_slems_report_the_rules_interval(runs):
    _, precise = runs
    rule = StoppingRule(0.1, 120)
    looks = rule.looks()
    for row in precise.slems:
        r = row.result
        assert r.stopped in ("precision", "samples")
        assert len(r.outcomes) in looks
        if r.stratified is None:        # else the strata's (tests/test_strata.py)
            assert r.ci95 == rule.interval(r.made, r.n)
        if r.stopped == "precision" and r.n:
            lo, hi = r.ci95
            assert (hi - lo) / 2 <= 0.1 + 1e-9
    assert {row.result.stopped for row in precise.slems} >= {"precision"}
    assert precise.deals_searched == max(len(r.result.outcomes) for r in precise.candidates)


def test_same_request_same_numbers():
    a = royal_sim.analyze(HAND, "A_IND", precision=0.2, seed=9, only="gem,ultimo,volat")
    b = royal_sim.analyze(HAND, "A_IND", precision=0.2, seed=9, only="gem,ultimo,volat")
    assert a.to_json() == b.to_json()


def test_a_time_budget_ends_with_the_round_that_passes_it():
    r = royal_sim.analyze(HAND, "A_IND", precision=0.02, time=1e-6, only="volat,pagatfogas")
    assert r.rounds == 1 and r.deals_searched == StoppingRule().looks()[0]
    assert {row.result.stopped for row in r.slems} <= {"time", "precision"}
    assert "time" in {row.result.stopped for row in r.slems}


def test_an_interrupted_run_keeps_the_finished_rounds():
    request = royal_sim.api.request_analysis(HAND, "A_IND", precision=0.02,
                                             only="volat,pagatfogas")
    seen = []

    def stop_after_two(report):
        if report.rounds == 2:
            seen.append(report)
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as e:
        request.run(on_update=stop_after_two)
    partial = e.value.partial
    assert partial.rounds == 2 and partial.deals_searched == StoppingRule().looks()[1]
    assert all(row.result.stopped in ("interrupted", "precision") for row in partial.slems)
    assert all(len(row.result.outcomes) <= partial.deals_searched for row in partial.slems)


def test_the_json_says_each_slems_deals_and_why_it_stopped():
    r = CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND", "--precision", "0.1",
                                  "--only", "gem,ultimo", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["precision"] == 0.1 and d["rounds"] >= 1 and d["samples"] == 10_000
    assert all(s["stopped"] in ("precision", "samples") and s["deals"] > 0
               for s in d["slems"])
    fixed = json.loads(CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND",
                                                 "--samples", "50", "--only", "gem",
                                                 "--json"]).stdout)
    assert fixed["precision"] is None and fixed["slems"][0]["stopped"] == "samples"
    assert fixed["slems"][0]["deals"] == 50


def test_a_time_budget_with_samples_is_precision_driven_with_that_cap():
    """--time makes a run precision-driven; --samples given with it is the cap (a fresh
    user read the help so; it was refused)."""
    d = json.loads(CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND", "--samples",
                                             "60", "--time", "600", "--only", "gem",
                                             "--json"]).stdout)
    assert d["precision"] == 0.05 and d["samples"] == 60
    assert d["slems"][0]["deals"] <= 60 and d["slems"][0]["stopped"] in ("precision", "samples")


@pytest.mark.parametrize("args, message", [
    (["--samples", "30", "--time", "5"], "--samples must be at least 42"),
    (["--precision", "0.7"], "--precision must be in (0, 0.5], got 0.7"),
    (["--precision", "0"], "--precision must be in (0, 0.5]"),
    (["--time", "-1"], "--time must be a positive, finite number of seconds"),
    (["--time", "inf"], "--time must be a positive, finite number of seconds"),
    (["--time", "abc"], "Invalid value for '--time'"),
    (["--samples", "30", "--precision", "0.05"], "--samples must be at least 42"),
])
def test_bad_precision_options(args, message):
    r = CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND", *args])
    assert r.exit_code == 2 and message in r.stderr, r.stderr


def test_advise_ranks_sets_on_the_deals_all_their_bids_were_searched_on():
    advice = royal_sim.advise(HAND, "A_IND", precision=0.1, samples=300, seed=2,
                              only="gem,ultimo,uhu,volat")
    deals = {row.id if row.param is None else f"{row.id}:{row.param}": row.deals
             for row in advice.report.candidates}
    assert advice.bid_sets and advice.report.precision == 0.1
    base = advice.baseline
    assert base.deals == advice.report.analysis.deals_searched
    for s in advice.bid_sets:
        assert all(b in deals for b in s.bids)
        # each set on the deals all its bids were searched on; its gain over no bid on
        # those same deals (the no-bid baseline itself is on every deal searched)
        assert s.deals == min(deals[b] for b in s.bids) == len(s.scores)
        assert s.gain == pytest.approx(float((s.scores - base.scores[:s.deals]).mean()))
        assert s.to_json()["deals"] == s.deals


def test_a_run_that_reaches_the_cap_says_so():
    """A slem whose interval is still wider than the precision at the cap is stopped by the
    cap (``samples``, marked ``*``), not said to be settled."""
    args = ["analyze", HAND, "--seat", "A_IND", "--only", "gem,volat,pagatfogas",
            "--precision", "0.01", "--samples", "60"]
    r = royal_sim.analyze(HAND, "A_IND", only="gem,volat,pagatfogas", precision=0.01,
                          samples=60)
    for row in r.slems:
        lo, hi = row.result.ci95
        assert row.result.stopped == ("precision" if (hi - lo) / 2 <= 0.01 else "samples")
    assert {row.result.stopped for row in r.slems} == {"samples"}
    out = CliRunner().invoke(main, args).stdout
    assert "* not settled (cap reached): 3 of 3 slems." in out and "Every slem" not in out


def test_batch_rows_carry_each_slems_deals_and_resume_keeps_the_precision(tmp_path):
    from royal_sim import batch as B

    src = tmp_path / "in.txt"
    src.write_text(f"{HAND} @ A_IND\n")
    out = tmp_path / "out.csv"
    opts = B.BatchOptions(precision=0.2, samples=200, only=("gem", "volat", "ultimo"))
    B.run_batch(B.read_inputs(src)[0], out, opts, n_jobs=1)
    rows = [r for r in B.load_rows(out) if r["slem"] not in (B.MAX_TRICKS_ROW, B.ADVICE)]
    report = royal_sim.analyze(HAND, "A_IND", precision=0.2, samples=200,
                               seed=rows[0]["seed"], only="gem,volat,ultimo")
    assert [(r["slem"], r["deals"], r["stopped"]) for r in rows] == [
        (row.id, row.deals, row.result.stopped) for row in report.slems]
    assert {r["precision"] for r in rows} == {0.2}
    with pytest.raises(B.RoyalSimError, match="other options"):
        B.run_batch(B.read_inputs(src)[0], out, B.BatchOptions(precision=0.1, samples=200,
                    only=("gem", "volat", "ultimo")), n_jobs=1, resume=True)


def test_interrupted_before_the_first_round_ends_shows_nothing():
    request = royal_sim.api.request_analysis(HAND, "A_IND", precision=0.05,
                                             only="volat,pagatfogas")

    def stop_at_once(report):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as e:
        request.run(on_update=stop_at_once)     # the first update: within the first round
    assert e.value.partial is None


def test_the_python_face_takes_lists_and_names_bad_arguments():
    r = royal_sim.analyze(HAND.split(), "A_IND", samples=5, only=["gem"], holds="D_ELF:XXI")
    assert [row.id for row in r.slems] == ["gem"] and r.known == ["D_ELF: holds XXI"]
    for kwargs, argument in ((dict(samples="many"), "samples"), (dict(samples=True), "samples"),
                             (dict(only=[1]), "only"), (dict(heard=[None]), "heard")):
        with pytest.raises(royal_sim.RoyalSimError) as e:
            royal_sim.analyze(HAND, "A_IND", **kwargs)
        assert e.value.argument == argument


def test_an_interrupted_advice_says_so():
    """Ctrl-C after the first round: the advice of the rounds finished is marked as such
    (text and JSON); before, it read like a finished one."""
    request = royal_sim.api.request_advice(HAND, "A_IND", precision=0.02, seed=3,
                                           only="gem,ultimo,uhu")

    def stop(report):
        if report.rounds >= 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as e:
        request.run(on_update=stop)
    advice = request.advice(e.value.partial)
    assert advice.interrupted and advice.to_json()["interrupted"] is True
    finished = royal_sim.advise(HAND, "A_IND", samples=42, seed=3, only="gem,ultimo,uhu")
    assert not finished.interrupted and finished.to_json()["interrupted"] is False


def test_a_first_look_is_not_said_to_be_zero_rounds():
    from types import SimpleNamespace

    from royal_sim.cli.analyze import deals_words

    look = SimpleNamespace(precision=0.05, samples=10_000, deals_searched=7, rounds=0)
    assert deals_words(look).startswith("7 deals so far, a first look (each slem until")
    done = SimpleNamespace(precision=0.05, samples=10_000, deals_searched=42, rounds=1)
    assert deals_words(done).startswith("42 deals in 1 round (")


def test_an_analysis_counts_its_nodes_the_same_on_any_thread_count():
    import royal_sim

    hand = "XX XVII XIII X VII V SK SQ HN DJ"
    runs = [royal_sim.analyze(hand, "A_IND", precision=0.1, only="amazon,banda,gem,scala",
                              jobs=jobs).analysis for jobs in (1, 2)]
    assert runs[0].nodes == runs[1].nodes > 0
    fixed = royal_sim.analyze(hand, "A_IND", samples=20, only="amazon").analysis
    assert 0 < fixed.nodes < runs[0].nodes


def test_an_interrupted_fixed_run_shows_its_finished_blocks(runs):
    """Ctrl-C in a ``--samples`` run: every slem on the deals of the blocks finished (the
    first deals of the same stream, so the fixed run's verdicts there), marked interrupted
    and said so in the table; before, such a run printed nothing."""
    from royal_sim.analysis.execute import CHUNK
    from royal_sim.cli.analyze import analysis_text

    fixed, _ = runs
    request = royal_sim.api.request_analysis(HAND, "A_IND", samples=120, seed=3, only=ONLY,
                                             rules="laza")
    seen = []

    def stop_after_a_block(n):
        seen.append(n)
        if sum(seen) >= CHUNK:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as e:
        request.run(progress=stop_after_a_block)
    part = e.value.partial
    assert part.analysis.deals_searched == CHUNK < 120 and part.interrupted
    by_key = {r.result.key: r.result for r in fixed.candidates}
    for row in part.candidates:
        r = row.result
        assert r.stopped == "interrupted"
        assert np.array_equal(r.outcomes, by_key[r.key].outcomes[:CHUNK]), r.key
    text = analysis_text(part)
    assert f"the first {CHUNK} of 120 deals" in text
    assert f"Interrupted: every slem on the first {CHUNK} of the 120 deals asked." in text
    assert json.loads(json.dumps(part.to_json()))["interrupted"] is True


def test_an_interrupted_fixed_advice_says_which_deals(capsys):
    from royal_sim.analysis.execute import CHUNK
    from royal_sim.cli.advise import _show

    request = royal_sim.api.request_advice(HAND, "A_IND", samples=120, seed=3,
                                           only="gem,ultimo")

    def stop(n):
        if n:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as e:
        request.run(progress=stop)
    advice = request.advice(e.value.partial)
    assert advice.interrupted and advice.report.analysis.deals_searched == CHUNK
    _show(advice, False)
    out = capsys.readouterr().out
    assert out.startswith(f"the first {CHUNK} of 120 deals")
    assert "* Interrupted: the sets are ranked on the deals finished; run again" in out


def test_a_kept_slem_is_reported_on_every_deal_it_was_searched_on():
    """A slem the caller keeps searched after it settles (advise: bid sets not yet told
    apart) reports every deal it was searched on, not its own early stop: its sets are
    scored on them."""
    from royal_sim.analysis import analysis_rounds
    from royal_sim.analysis.rounds import drive
    from royal_sim.model import cards as C
    from royal_sim.model.deal import Seat

    hand = C.mask_of(C.parse_cards(HAND))

    def run(keep):
        rounds = analysis_rounds(hand, Seat.A_IND, samples=300, precision=0.1, seed=3,
                                 only=["gem", "volat", "uhu"], rules="laza")
        return drive(rounds, lambda a: keep if a.rounds else None)

    alone, kept = run(None), run({"volat"})
    by_key = {r.key: r for r in alone.candidates}
    for r in kept.candidates:
        assert np.array_equal(r.outcomes[:by_key[r.key].n], by_key[r.key].outcomes)
    volat = next(r for r in kept.candidates if r.key == "volat")
    assert by_key["volat"].n < volat.n == kept.deals_searched


def test_by_default_a_slem_whose_gain_is_decided_stops_at_ten_points():
    """Without --precision a slem whose gain over not bidding is told apart from 0, or
    within 2 points of it, or a silent one, or one the best bid set leaves out
    (``advisor.outclassed_bids``), stops once its 98 % interval is within +-10
    (``stopping.DECIDED``), reported as such; with
    --precision every slem is held to it; each slem is still the fixed run's prefix."""
    from royal_sim.advisor import DECIDED_Z, INDIFFERENT, Scorer, best_bid_sets
    from royal_sim.analysis.stopping import DECIDED

    default = royal_sim.analyze(HAND, "A_IND", samples=400, seed=3, only=ONLY,
                                rules="laza", time=10_000)
    held = royal_sim.analyze(HAND, "A_IND", samples=400, precision=0.05, seed=3, only=ONLY,
                             rules="laza")
    assert {r.result.stopped for r in held.candidates} <= {"precision", "samples"}
    rule = StoppingRule(0.05, 400)
    res = default.analysis
    scorer = Scorer.of(res)
    base = scorer.scores((), None)
    decided = [row.result for row in default.candidates if row.result.stopped == "decided"]
    assert decided, "no slem decided: the test hand must have one"
    fixed = {r.result.key: r.result for r in held.candidates}
    for r in decided:
        lo, hi = r.ci95
        assert (hi - lo) / 2 <= DECIDED + 1e-12 and lo <= r.probability <= hi
        if r.stratified is None:        # else the strata's (tests/test_strata.py)
            assert r.ci95 == rule.decided_interval(r.made, r.n)
            assert not rule.precise(r.made, r.n)
        if not r.slem.silent_only:      # silent: no decision rides on it
            gain = scorer.scores((r.key,), r.outcomes[:, None]) - base[:r.n]
            mean, se = abs(gain.mean()), gain.std(ddof=1) / np.sqrt(r.n)
            best = best_bid_sets(res, top=1, max_bids=3)[0]
            assert (mean > DECIDED_Z * se or mean + DECIDED_Z * se < INDIFFERENT
                    or r.key not in best.bids)
        assert np.array_equal(r.outcomes, fixed[r.key].outcomes[:r.n])
    data = json.loads(CliRunner().invoke(main, ["analyze", HAND, "--seat", "A_IND",
                                                "--only", ONLY, "--rules", "laza",
                                                "--seed", "3", "--json"]).stdout)
    assert "decided" in {r["stopped"] for r in data["candidates"]}
