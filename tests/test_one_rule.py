"""One rule for the parameter in table, JSON and batch; deal --json streams; the small
messages say what to type."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim import batch as B
from royal_sim.cli import main
from royal_sim.errors import RoyalSimError
from royal_sim.sampling.sampler import Constraints, _cached_sampler, normalise_hand_seat, \
    sample_deals
from royal_sim.sampling.stream import sample_chunks

ZERO = "XVIII XII XI VIII V SK CK CQ DQ DN"       # the issue's hand: Uhu never made


def test_a_never_made_slem_has_no_parameter_in_table_json_and_batch(tmp_path):
    args = dict(samples=42, seed=1, only="uhu,erdelyi_facan")
    report = royal_sim.analyze(ZERO, "D_ELF", **args)
    uhu = {r["id"]: r for r in report.to_json()["slems"]}["uhu"]
    assert uhu["made"] == 0 and uhu["param"] is None
    inp = tmp_path / "in.txt"
    inp.write_text(f"{ZERO} @ D_ELF\n")
    out = tmp_path / "out.csv"
    jobs, _ = B.read_inputs(inp)
    B.run_batch(jobs, out, B.BatchOptions(samples=42, seed=1, only=("uhu", "erdelyi_facan")),
                n_jobs=1)
    rows = {r["slem"]: r for r in B.load_rows(out)}
    assert rows["uhu"]["made"] == 0 and rows["uhu"]["param"] is None
    assert rows["uhu"]["gain"] is not None and rows["uhu"]["expected"] is not None


@pytest.mark.parametrize("method", ["rejection", "exact"])
def test_deals_drawn_in_chunks_are_the_deals_of_one_draw(method):
    for hand, seat in ((None, None), ("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND")):
        h, s = normalise_hand_seat(hand, seat)
        sampler = _cached_sampler(h, s, Constraints())
        whole = sampler.sample(50, 7, method=method)
        parts = list(sample_chunks(sampler, 50, 7, method=method, chunk=16))
        assert [len(p) for p in parts] == [16, 16, 16, 2]
        assert np.array_equal(np.concatenate([p.deals for p in parts]), whole.deals)
        if method == "exact":
            assert sum(p.attempts for p in parts) == whole.attempts == 50


def test_deal_json_streams_in_chunks_with_the_same_deals(monkeypatch):
    import royal_sim.cli.deal as D

    monkeypatch.setattr(D, "CHUNK", 3)
    r = CliRunner().invoke(main, ["deal", "--count", "7", "--seed", "11", "--json"])
    data = json.loads(r.stdout)
    want = sample_deals(7, 11)
    assert data == {"deals": [str(d) for d in want], "attempts": want.attempts,
                    "method": want.method, "seed": 11, "interrupted": False}
    text = CliRunner().invoke(main, ["deal", "--count", "7", "--seed", "11"]).stdout
    assert text.count("Deal ") == 7 and str(want.deal(6)) in text
    assert text.rstrip().endswith(f"7 deal(s), {want.attempts} attempt(s), method "
                                  f"{want.method}, seed 11")


def test_the_small_messages_say_what_to_type():
    r = CliRunner().invoke(main, ["analyze", "XXIII XX XVIII XVI XIV IX IV SK SQ HK",
                                  "--seat", "A_IND"])
    assert r.exit_code == 2 and "unknown card 'XXIII' (cards: tarokks I to XXII" in r.stderr
    assert "SK, C10, HQ, DJ" in r.stderr
    r = CliRunner().invoke(main, ["deal", "--seed", "abc"])
    assert r.exit_code == 2 and "'abc' is not a seed: it must be an integer" in r.stderr
    r = CliRunner().invoke(main, ["deal", "--seed", "0x10"])
    assert r.exit_code == 0 and r.stdout.rstrip().endswith("seed 16")
    with pytest.raises(RoyalSimError, match="hand must be a string or a list of cards"):
        royal_sim.analyze(42, "A_IND")


def test_the_sets_json_names_as_the_python_face():
    advice = royal_sim.advise("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND", samples=20,
                              seed=2, only="gem,ultimo,vizi")
    best = advice.bid_sets[0]
    data = advice.to_json()["bid_sets"][0]
    assert data["p_below_nobid"] == round(best.p_below_nobid, 4) == round(best.below_nobid, 4)
    assert data["p_made"] == round(best.p_made, 4)
    assert 0 < best.p_made <= 1


class _Index:
    """A stand-in for a numba dispatcher whose on-disk cache index holds ``sigs``."""

    def __init__(self, *sigs):
        index = {(s, "cpu"): "file" for s in sigs}
        self._cache = type("C", (), {"_cache_file": type(
            "F", (), {"_load_index": staticmethod(lambda: index)})()})()


def test_a_partly_cold_cache_announces_the_one_position_search(monkeypatch):
    """After the set-up line's analyze, the one-position search is cached only as the
    parallel search calls it (constant arguments typed as literals): solve compiles it
    again, 10-14 s, and says so."""
    import royal_sim.engine.cells as cells
    import royal_sim.engine.solver as search
    import royal_sim.sampling.sampler as sampler
    from royal_sim.cli import progress as P
    from royal_sim.jit import direct_call_cached

    inside = "(Array(uint64, 1, 'C'), int64, Literal[int](0), Literal[int](0))"
    direct = "(Array(uint64, 1, 'C'), int64, int64, int64)"
    assert direct_call_cached(_Index(inside)) is False
    assert direct_call_cached(_Index(inside, direct)) is True
    assert direct_call_cached(object()) is None
    monkeypatch.setattr(cells, "kernels_compiled", lambda: True)
    monkeypatch.setattr(sampler, "_rejection_kernel", _Index(direct))
    monkeypatch.setattr(search, "_solve", _Index(inside))
    note = P.compile_note(goal_search=True, trick_search=True)
    assert note == (f" (compiling the one-position search first: once, "
                    f"{P.TRICK_SEARCH_TIME})")
    monkeypatch.setattr(search, "_solve", _Index(inside, direct))
    assert P.compile_note(goal_search=True, trick_search=True) == ""
    monkeypatch.setattr(sampler, "_rejection_kernel", _Index())     # the sampler cold
    assert P.compile_note(goal_search=True) == (
        f" (compiling the deal sampler first: once, {P.SAMPLER_COMPILE_TIME})")
    monkeypatch.setattr(cells, "kernels_compiled", lambda: False)   # all cold
    assert P.compile_note() == f" (compiling the search kernels first: once, " \
                               f"{P.COMPILE_TIME})"
