"""The CLI says a library error's arguments as its flags (``cli.common.flag_message``)."""

import pytest

from royal_sim.cli.common import flag_message
from royal_sim.errors import RoyalSimError


@pytest.mark.parametrize("message, argument, said", [
    ("samples must be 1..1,000,000, got 0", "samples", "--samples must be 1..1,000,000, got 0"),
    ("bad heard value 'A_ELF': missing ':'", "heard", "bad --heard value 'A_ELF': missing ':'"),
    ("bad suit value 'A_ELF:T:1': use `tarokks` for tarokks", "suit",
     "bad --suit value 'A_ELF:T:1': use --tarokks for tarokks"),
    ("bad void value 'D_ELF:T'", "void", "bad --void value 'D_ELF:T'"),
    ("bad not_holds value 'D_ELF'", "not_holds", "bad --not-holds value 'D_ELF'"),
    ("bad holds value 'D_ELF'", "holds", "bad --holds value 'D_ELF'"),
    ("bad tarokks value 'D_ELF:11+': D_ELF cannot hold 11 tarokks", "tarokks",
     "bad --tarokks value 'D_ELF:11+': D_ELF cannot hold 11 tarokks"),
    ("bad partner_tarokks '5-x'", "partner_tarokks", "bad --partner-tarokks '5-x'"),
    ("opponent_bids lists no bid", "opponent_bids", "--their-bids lists no bid"),
    ("param x: y is not among the `only` slems", "param",
     "--param x: y is not among the --only slems"),
    ("`igazitas=False` is a laza option; add `rules='laza'`", "igazitas",
     "--no-igazitas is a laza option; add --rules laza"),
    ("'out.csv' is damaged; use another `out` or `force=True`", "out",
     "'out.csv' is damaged; use another --out or --force"),
    ("no deal satisfies the constraints", None, "no deal satisfies the constraints"),
])
def test_arguments_are_said_as_flags(message, argument, said):
    assert flag_message(RoyalSimError(message, argument=argument)) == said


def test_only_is_repeatable_and_the_lists_are_joined():
    import click
    from click.testing import CliRunner
    from royal_sim.cli.common import only_option

    @click.command()
    @only_option("Only these slems")
    def cmd(only):
        click.echo(repr(only))

    said = CliRunner().invoke(cmd, ["--only", "gem", "--only", "volat,vizi"]).output.strip()
    assert said == "'gem,volat,vizi'"
    assert CliRunner().invoke(cmd, []).output.strip() == "None"


def test_a_fresh_users_slips_get_a_line_that_says_what_to_do(capsys):
    """An unquoted hand gets a hint to quote it; voids that leave a hand only tarokks are
    counted in the tarokk total; an interrupted analysis with nothing done says so (and
    with --json prints JSON with no figure)."""
    import json
    import subprocess
    import sys

    import click
    from click.testing import CliRunner

    import royal_sim
    from royal_sim.cli.common import user_errors

    run = subprocess.run([sys.executable, "-m", "royal_sim.cli", "analyze", "XXII", "XX",
                          "--seat", "A_IND"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().endswith('quote it, e.g. "XXII XX XVIII XVI XIV IX IV SK SQ HK")')
    run = subprocess.run([sys.executable, "-m", "royal_sim.cli", "slems", "foo"],
                         capture_output=True, text=True)      # (slems takes no argument)
    assert run.returncode == 2 and run.stderr.strip() == \
        "Error: Got unexpected extra argument (foo)"
    with pytest.raises(RoyalSimError, match="at least 23 tarokks together"):
        royal_sim.analyze("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND", samples=5,
                          voids="D_ELF:S,C,H,D")
    with pytest.raises(RoyalSimError, match="must be a number"):
        royal_sim.analyze("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND", precision="0.1")

    def stopped(partial):
        @user_errors
        def cmd():
            e = KeyboardInterrupt()
            if partial is not ...:
                e.partial = partial
            raise e
        with pytest.raises(SystemExit) as ex:
            cmd()
        assert ex.value.code == 130
        return capsys.readouterr().err.strip()

    assert stopped(None) == "Interrupted before the first deals were searched: nothing to show."
    assert stopped(...) == stopped("a report") == "Interrupted."
    # with --json, nothing searched is still JSON on stdout, with no figure in it
    cmd = click.Command("analyze", params=[click.Option(["--json", "as_json"], is_flag=True)],
                        callback=user_errors(lambda as_json: stopped_now()))

    def stopped_now():
        e = KeyboardInterrupt()
        e.partial = None
        raise e

    run = CliRunner().invoke(cmd, ["--json"])
    assert run.exit_code == 130
    assert json.loads(run.stdout) == {"interrupted": True, "deals_searched": 0, "slems": []}


def test_a_second_fresh_users_findings():
    """A suit parameter that names the tarokks says which suits there are (was "0 is not a
    suit"); the known facts show their ranges as they bind (at least 3 tarokks, at most a
    suit's cards); deal counts and kontra gains keep their separators and signs; a bid
    that another of the same bids raises lapses before the card-trick check (Uhu with CK
    over Ultimó with CK); slems=False with no_slems=False contradict each other."""
    from click.testing import CliRunner

    import royal_sim
    from royal_sim import api
    from royal_sim.cli.common import n_deals
    from royal_sim.model.announcements import AnnouncementError, parse_announcement_key
    from royal_sim.sampling.constraints import Constraints

    with pytest.raises(AnnouncementError, match="names a suit S, C, H or D, got 'T'"):
        parse_announcement_key("flush:T")
    with pytest.raises(AnnouncementError, match="names a suit S, C, H or D, got 'T'"):
        parse_announcement_key("szinszam:T,3")
    known = Constraints.parse(tarokks=["D_ELF:-4"], suits=["D_IND:H:0-9", "A_ELF:S:1-9"])
    assert known.describe() == "D_ELF: tarokks 3-4; A_ELF: S 1-5"
    assert n_deals(2260) == "2,260 deals" and n_deals(1) == "1 deal"
    hand = "XX XVII XIII X VII V SK SQ HN DJ"
    assert not api.request_advice(hand, "A_IND", partner_bids="ultimo:CK,uhu:CK").notes
    assert api.request_advice(hand, "A_IND", partner_bids="ultimo:CK,uhu:CK",
                              rules="laza").notes     # (no raise between them under laza)
    with pytest.raises(RoyalSimError, match="contradict each other"):
        royal_sim.solve("XXII XXI XX XIX XVIII XVII XVI XV XIV XIII / XII XI X IX VIII VII VI "
                        "SK SQ SN / V IV III II I SJ S10 CK CQ CN / CJ C10 HK HQ HN HJ DK DQ "
                        "DN DJ", slems=False, no_slems=False)
    from royal_sim.cli import main
    out = CliRunner().invoke(main, ["deal", "--help"]).output
    assert "at most 10,000,000" in out
    from royal_sim.sampling.sampler import MAX_DEALS
    assert f"{MAX_DEALS:,}" in out


def test_an_interrupted_batch_says_how_many_inputs_are_in_the_file(tmp_path, monkeypatch):
    """The count of finished inputs, not the last progress line (redrawn every few
    seconds only), and those of an earlier run."""
    from types import SimpleNamespace

    from click.testing import CliRunner

    from royal_sim import batch as B
    from royal_sim.cli import main

    def stopped_after_two(jobs, out, opts, *, on_start, progress, **kw):
        on_start(3, SimpleNamespace(workers=1, threads=1, resumed=1))
        progress(jobs[0])
        progress(jobs[1])
        raise KeyboardInterrupt

    monkeypatch.setattr(B, "run_batch", stopped_after_two)
    inp = tmp_path / "in.txt"
    inp.write_text("XX XVII XIII X VII V SK SQ HN DJ @ A_IND\n"
                   "XXI XV XII VIII VI II CK CN HQ DK @ D_ELF\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["batch", str(inp), "--out", str(tmp_path / "o.jsonl")])
    assert r.exit_code == 130
    assert ("Interrupted: 2 of 3 input(s) finished, and 1 from an earlier run, are in "
            f"{tmp_path / 'o.jsonl'}; rerun with --resume to continue.") in r.stderr


def test_batch_interrupted_on_a_terminal_wraps_between_words(tmp_path, monkeypatch):
    """On an 80-column terminal the Ctrl-C message of a batch wraps between words (it broke
    inside '--resume' at the terminal's edge); off a terminal its line stays whole."""
    from types import SimpleNamespace

    from click.testing import CliRunner

    from royal_sim import batch as B
    from royal_sim import format as F
    from royal_sim.cli import main

    def stopped_after_one(jobs, out, opts, *, on_start, progress, **kw):
        on_start(2, SimpleNamespace(workers=1, threads=1, resumed=0))
        progress(jobs[0])
        raise KeyboardInterrupt

    monkeypatch.setattr(B, "run_batch", stopped_after_one)
    monkeypatch.setattr(F, "stderr_width", lambda: 80, raising=False)
    inp = tmp_path / "in.txt"
    inp.write_text("XX XVII XIII X VII V SK SQ HN DJ @ A_IND\n"
                   "XXI XV XII VIII VI II CK CN HQ DK @ D_ELF\n", encoding="utf-8")
    out = tmp_path / ("a_rather_long_output_file_name_" * 2 + ".jsonl")
    r = CliRunner().invoke(main, ["batch", str(inp), "--out", str(out)])
    assert r.exit_code == 130
    said = r.stderr[r.stderr.index("Interrupted:"):].splitlines()
    assert len(said) > 1 and all(len(line) <= 80 for line in said if str(out) not in line)
    assert any("--resume" in line.split() for line in said)
    assert " ".join(" ".join(said).split()).startswith(
        f"Interrupted: 1 of 2 input(s) finished are in {out}; rerun with --resume to continue.")


@pytest.mark.parametrize("args, said", [
    (["analyze", "--example", "--seat", "A_IND", "--seat", "A_ELF"], "--seat given twice"),
    (["analyze", "--example", "--samples", "5", "--samples", "7"], "--samples given twice"),
    (["advise", "--example", "--igazitas", "--no-igazitas"],
     "--igazitas/--no-igazitas given twice"),
    (["slems", "--json", "--json"], "--json given twice"),
    (["deal", "--seed", "1", "--seed", "2"], "--seed given twice"),
])
def test_a_single_value_option_given_twice_is_an_error(args, said):
    """The last of two values was kept silently; repeatable options still add up."""
    from click.testing import CliRunner

    from royal_sim.cli import main

    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == f"Error: {said}: give it once", r.stderr


def test_every_command_takes_a_single_value_option_once():
    from royal_sim.cli import main
    from royal_sim.cli.common import OnceOptions

    assert all(isinstance(c, OnceOptions) for c in main.commands.values()), main.commands


def test_repeatable_options_still_add_up():
    from click.testing import CliRunner

    from royal_sim.cli import main

    r = CliRunner().invoke(main, ["analyze", "--example", "--samples", "2", "--only", "gem",
                                  "--only", "vizi", "--json"])
    assert r.exit_code == 0, r.output
