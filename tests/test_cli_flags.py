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
    counted in the tarokk total; an interrupted analysis with nothing done says so."""
    import subprocess
    import sys

    import royal_sim
    from royal_sim.cli.common import user_errors

    run = subprocess.run([sys.executable, "-m", "royal_sim.cli", "analyze", "XXII", "XX",
                          "--seat", "A_IND"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().endswith('quote it, e.g. "XXII XX XVIII XVI XIV IX IV SK SQ HK")')
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
