"""What every command shares: one-line errors (exit code 2) that name the command line's
flags, Ctrl-C and SIGTERM, the click group class and the shared options."""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import sys

import click

from ..errors import MARKED, RoyalSimError, Terminated
from .streams import fit_streams

_FLAGS = {"opponent_bids": "--their-bids", "n_jobs": "--jobs", "suits": "--suit",
          "voids": "--void", "params": "--param"}


def flag(argument: str) -> str:
    """The command-line flag of a library argument: ``not_holds`` → ``--not-holds``,
    ``opponent_bids`` → ``--their-bids``."""
    return _FLAGS.get(argument, "--" + argument.replace("_", "-"))


def _say_marked(m: re.Match) -> str:
    name, value = m.group(1), m.group(2)
    if value == "False":
        return "--no-" + flag(name)[2:]
    if value and value != "True":
        return f"{flag(name)} {value[1:-1]}"
    return flag(name)


def flag_message(e: RoyalSimError) -> str:
    """A library error in the command line's words. Arguments in backticks become flags
    (```resume=True``` → ``--resume``, ```igazitas=False``` → ``--no-igazitas``,
    ```rules='laza'``` → ``--rules laza``); unless it is in backticks, the first mention of
    ``e.argument`` becomes its flag (``samples must be …`` → ``--samples must be …``)."""
    text = MARKED.sub(_say_marked, str(e))
    if e.argument and f"`{e.argument}" not in str(e):
        text = re.sub(rf"(?<![\w-]){re.escape(e.argument)}(?![\w=-])", flag(e.argument),
                      text, count=1)
    return text


def interrupt_code(e: KeyboardInterrupt) -> int:
    """Exit code of a run stopped by Ctrl-C (130) or SIGTERM (143), as shells report them."""
    return 143 if isinstance(e, Terminated) else 130


def jobs_used(jobs: int | None, most: int) -> int:
    """The threads a command searches on for ``--jobs``: ``jobs``, at most ``most`` (the
    machine's), every one of them by default; a ``jobs`` above ``most`` is not an error (the
    same command runs on a bigger machine), said in one note on stderr. ``batch`` says it on
    its start line, with its processes."""
    if jobs is not None and jobs > most:
        click.echo(f"Note: --jobs {jobs}, but this machine runs {most} thread(s) at most: "
                   f"searching on {most}.", err=True)
    return min(jobs or most, most)


def user_errors(fn):
    """Turn a ``RoyalSimError`` raised inside a command into one line ``Error: …`` on stderr
    (``flag_message``) and exit code 2 (click's own option errors also exit 2); Ctrl-C into
    "Interrupted." and exit code 130, without a traceback (with ``--json`` before any deal
    was searched: ``{"interrupted": true, "deals_searched": 0, "slems": []}`` on stdout,
    so that a script still reads JSON)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RoyalSimError as e:
            click.echo(f"Error: {flag_message(e)}", err=True)
            sys.exit(2)
        except KeyboardInterrupt as e:
            nothing = hasattr(e, "partial") and e.partial is None   # an analysis, none done
            try:    # a second Ctrl-C now would print it again (click's own "Interrupted.")
                click.echo(("\n" if sys.stderr.isatty() else "")
                           + ("Interrupted before the first deals were searched: nothing "
                              "to show." if nothing else "Interrupted."), err=True)
                ctx = click.get_current_context(silent=True)
                if nothing and ctx is not None and ctx.params.get("as_json"):
                    click.echo(json.dumps({"interrupted": True, "deals_searched": 0,
                                           "slems": []}))   # still JSON, and no figure
            except KeyboardInterrupt:
                pass
            sys.exit(interrupt_code(e))

    return wrapper


def _raise_terminated(signum, frame):
    raise Terminated()


class OnceOptions(click.Command):
    """A command whose single-value options are given once: a second ``--seat`` (or
    ``--samples``, ``--json``, ``--igazitas`` with ``--no-igazitas``) is an error, not the
    last one silently kept. Repeatable options (``multiple``) add up as before."""

    def parse_args(self, ctx, args):
        if not ctx.resilient_parsing:
            _, _, order = self.make_parser(ctx).parse_args(args=list(args))
            seen = set()
            for p in order:
                if isinstance(p, click.Option) and not p.multiple and not p.count:
                    if p.name in seen:
                        raise click.UsageError(f"{'/'.join(p.opts + p.secondary_opts)} "
                                               "given twice: give it once", ctx=ctx)
                    seen.add(p.name)
        return super().parse_args(ctx, args)


class OneLineErrors(click.Group):
    """A click group whose usage errors (bad option value, unknown command, missing
    argument) are one ``Error:`` line on stderr with exit code 2, like every other error of
    the tool, instead of click's usage block; SIGTERM stops a command as Ctrl-C does; text
    goes out in what stdout and stderr can write (``streams.fit_streams``); a pipe its
    reader closed early (``| head``) ends any command quietly with exit code 0, however
    much of its output was written before (``_reader_gone``)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        fit_streams()       # a stream that is not UTF gets what it can write, folded
        # SIGTERM (kill, timeout) stops a run the way Ctrl-C does: workers stopped, finished
        # batch inputs kept, no traceback
        try:
            previous = signal.signal(signal.SIGTERM, _raise_terminated)
        except ValueError:          # not the main thread: signals are not ours to handle
            previous = None
        try:
            return self._main(args, prog_name, complete_var, **extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:     # before click's own answer to it: exit code 1
            _reader_gone()

    def _main(self, args, prog_name, complete_var, **extra):
        _closed_streams()
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.format_message(), err=True)        # the help, not an error line
            sys.exit(e.exit_code)
        except click.ClickException as e:
            message = e.format_message()
            ctx = getattr(e, "ctx", None)
            takes_one = ctx is not None and any(isinstance(p, click.Argument)
                                                for p in ctx.command.params)
            if message.startswith("Got unexpected extra argument") and takes_one:
                message += (" (a hand or a deal is one argument: quote it, e.g. "
                            "\"XXII XX XVIII XVI XIV IX IV SK SQ HK\")")
            click.echo(f"Error: {message}", err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("Interrupted.", err=True)
            sys.exit(130)
        except OSError as e:
            _output_error(e)
        sys.exit(rv if isinstance(rv, int) else 0)


def _closed_streams() -> None:
    """A standard stream closed by the caller (``>&-``, ``2>&-``: Python's is ``None``).
    stderr: pointed at the null device, so that progress lines and notes are dropped and
    the output is still written; stdout: one error line and exit code 2, as when the
    output cannot be written (``_output_error``)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        click.echo("Error: cannot write the output: standard output is closed", err=True)
        sys.exit(2)


def _reader_gone() -> None:
    """stdout's reader closed the pipe (``| head -1``): it has read what it wanted, so the
    command ends as one whose output was all read, exit code 0 and nothing said; the
    output left is dropped (``_to_null``: Python's exit would flush into the closed pipe
    again)."""
    _to_null(sys.stdout)
    sys.exit(0)


def _to_null(*streams) -> None:
    """Point ``streams`` at the null device, so that Python's exit does not flush into a
    broken pipe again (a stream without a file descriptor is left)."""
    for stream in streams:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        except (OSError, ValueError):
            pass


def _output_error(e: OSError) -> None:
    """The output cannot be written (disk full, closed pipe) or a file cannot be read: one
    error line, exit code 2."""
    why = e.strerror or str(e)
    try:            # stderr may be the same closed pipe (2>&1 | head): then say nothing
        if e.filename:
            click.echo(f"Error: {why}: {e.filename}", err=True)
        else:
            click.echo(f"Error: cannot write the output: {why}", err=True)
    except OSError:
        pass
    if not e.filename:
        _to_null(sys.stdout, sys.stderr)
    sys.exit(2)


def options(*decorators):
    """One decorator applying click ``decorators`` in the order listed (top first)."""

    def apply(fn):
        for opt in reversed(decorators):
            fn = opt(fn)
        return fn

    return apply


constraint_options = options(
    click.option("--holds", multiple=True, metavar="SEAT:CARDS",
                 help="SEAT holds these cards, e.g. D_ELF:XXI,skiz. Repeatable."),
    click.option("--not-holds", multiple=True, metavar="SEAT:CARDS",
                 help="SEAT holds none of these cards. Repeatable."),
    click.option("--tarokks", multiple=True, metavar="SEAT:MIN-MAX",
                 help="Tarokk count of SEAT: N, MIN-MAX, MIN+ or -MAX, e.g. D_IND:8-10. "
                      "Repeatable."),
    click.option("--suit", "suits", multiple=True, metavar="SEAT:SUIT:MIN-MAX",
                 help="Length of a suit (S, C, H, D) in SEAT's hand, e.g. A_ELF:H:0-1. "
                      "Repeatable."),
    click.option("--void", "voids", multiple=True, metavar="SEAT:SUIT",
                 help="SEAT has no card of SUIT (S, C, H, D). Repeatable."),
)
"""The sampler's constraint options (facts about the other hands), shared by commands."""

json_option = click.option("--json", "as_json", is_flag=True,
                           help="Machine-readable output.")


def rules_option(help: str):
    """``--rules gerots|laza`` (default gerots) with the command's ``help``."""
    return click.option("--rules", type=click.Choice(["gerots", "laza"], case_sensitive=False),
                        default="gerots", show_default=True, help=help)


def joined_lists(ctx, param, given: tuple[str, ...]) -> str | None:
    """Callback of a repeatable comma-list option (``multiple=True``): the lists of every
    use joined into one, ``None`` when not given."""
    return ",".join(given) if given else None


def pair_bids_options(fn):
    """``--attack-bids`` and ``--defence-bids``: the bids each pair announced, comma lists
    of keys, repeatable (every use joined, ``None`` when not given)."""
    for side, example in (("defence", "xxi_fogas"), ("attack", "ultimo:I,gem")):
        fn = click.option(f"--{side}-bids", metavar="KEY,...", multiple=True,
                          callback=joined_lists,
                          help=f"Bids the {side} announced (e.g. {example}). Repeatable.")(fn)
    return fn


def only_option(help: str):
    """``--only ID,...``, repeatable: the lists of every use joined into one (``None`` when
    not given), so ``--only gem --only volat`` means ``--only gem,volat``."""
    return click.option("--only", metavar="ID,...", multiple=True, help=help + "; repeatable.",
                        callback=joined_lists)


class Whole(click.IntRange):
    """A whole number in a range, as ``click.IntRange``, whose message for text that is no
    number says so ("'abc' is not a whole number (1 to 10000)"), not "not a valid integer
    range"."""

    def convert(self, value, param, ctx):
        if not isinstance(value, int):
            try:
                int(str(value).strip())
            except ValueError:
                lo = 1 if self.min is None else self.min
                span = f"{lo} or more" if self.max is None else f"{lo} to {self.max}"
                self.fail(f"{value!r} is not a whole number ({span})", param, ctx)
        return super().convert(value, param, ctx)


class Seed(click.ParamType):
    """A seed: a whole number 0..2**64-1, decimal or, as batch files write it, hexadecimal
    (``0x69396ac4e8b7d4c8``)."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            try:
                n = int(str(value).strip(), 0)
            except ValueError:
                self.fail(f"{value!r} is not a seed: it must be an integer, e.g. 1, "
                          "12345 or 0x1f (0 to 2**64-1)", param, ctx)
        if not 0 <= n < 2**64:
            self.fail(f"{value} is not a seed: it must be 0 to 2**64-1", param, ctx)
        return n


def seed_option(help: str, default: int | None = 1):
    """``--seed`` (0..2**64-1, decimal or ``0x`` hexadecimal) with the command's ``help``
    and ``default``."""
    return click.option("--seed", type=Seed(), default=default,
                        show_default=default is not None, help=help)


def n_deals(n: int) -> str:
    """``1 deal``, ``5 deals``, ``2,260 deals``."""
    return f"{n} deal" if n == 1 else f"{n:,} deals"
