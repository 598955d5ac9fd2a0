"""``royal-sim batch``: many hands, deals and game records from a file (see
``royal_sim.batch``).

Exit codes: 0, every input done (already in ``--out`` on ``--resume``, or run now); 3
(``EXIT_SKIPPED``), the run finished but skipped some inputs: bad lines, or inputs that
failed; 2, an error stopped the run (bad options, an unreadable input file, ``--strict`` and
a bad line or failing input); 130 / 143, interrupted by Ctrl-C / SIGTERM (rerun with
``--resume``). Unknown keys (.jsonl) or columns (.csv) are warnings: they do not change the
exit code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..errors import RoyalSimError
from .common import (OnceOptions, Whole, interrupt_code, only_option, rules_option, seed_option,
                     user_errors)
from .. import format as F
from ..format import terminal_width
from .progress import Progress, compile_note
from .table_play import table_options

EXIT_SKIPPED = 3
"""Exit code of a batch that finished but skipped inputs (bad lines, failed inputs)."""


@click.command("batch", cls=OnceOptions)
@click.argument("input_path", metavar="INPUT")
@click.option("-o", "--out", "out", required=True, metavar="FILE",
              help="Result file, CSV (.csv) or JSON lines (.jsonl, .ndjson): one row per "
                   "input and slem (its expected score and gain), per hand an 'advice' row "
                   "(the recommended set), then max-tricks rows; per game record, a row "
                   "per card that cost something, per seat, per announced bid, then a "
                   "review row; every column: docs/batch.md.")
@click.option("--precision", type=float, default=None, metavar="P",
              help="Search each slem of a hand until its 95% interval is within +-P (the "
                   "default, 0.05, unless --samples is given alone).")
@click.option("--samples", type=int, default=None, metavar="N",
              help="Alone: every slem of a hand on exactly N deals. With --precision: the "
                   "cap (default 10,000).")
@seed_option("Run seed; each hand's sampler seed is derived from it and the input's id "
             "(written in the 'seed' column).")
@rules_option("Rule set for the slems' obligatory play (a record's own 'rules:' wins).")
@only_option("Only these slems (ids, e.g. gem,volat,ultimo)")
@click.option("--jobs", type=Whole(min=1), default=None,
              help="Cores to use (worker processes x search threads), at most the "
                   "machine's. Default: all cores.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on a Dask distributed cluster, e.g. tcp://host:8786 (needs "
                   "royal-sim[distributed] here and royal-sim on the workers).")
@click.option("--resume", is_flag=True,
              help="Continue an interrupted run: keep the inputs already in --out.")
@click.option("--force", is_flag=True, help="Overwrite an existing --out.")
@click.option("--strict", is_flag=True,
              help="A bad input line or a failing input stops the run (exit 2) instead of "
                   "being skipped.")
@click.option("--summary", "show_summary", is_flag=True,
              help="Print tables across the batch: mean probability per slem, max tricks.")
@table_options
@user_errors
def batch_command(input_path, out, precision, samples, seed, rules, only, jobs, scheduler,
                  resume, force, strict, show_summary, table_games, table_worlds):
    """Analyse every hand, solve every deal and review every game record of INPUT,
    writing rows to --out.

    \b
    INPUT, one input a line:
      .txt   HAND @ SEAT, or a deal (4 hands separated by '/'), optionally
             followed by '@ leader=SEAT first_trick=N'; '#' starts a comment, e.g.
             XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ @ leader=D_ELF;
             or a game record on one line: 'deal: ...; defence: gem; play: ...';
             or a hand of another game: HAND @ SEAT game=ID key=value ..., e.g.
             SJ S9 SA HK D10 @ S game=belote turned=S10
      .jsonl {"hand": ..., "seat": ..., "id": ...} or {"deal": ..., "leader": ...,
             "first_trick": ..., "id": ...} or {"record": ..., "id": ...};
             another game: "game", "declarer", "options" (also .ndjson)
      .csv   a header row with those columns (id, hand, seat, deal, leader,
             first_trick, record, game, declarer, options), then one input a row

    An input's id is its 'id' or 'line N'. Hands are analysed as by 'royal-sim analyze'
    (double dummy, A_IND leads); deals are solved as by 'royal-sim solve' for both pairs,
    with 'royal-sim solve --leader --first-trick' taken from 'leader' (default A_IND) and
    'first_trick' (default and only legal value: 11 - cards per hand). Deal rows record
    both (columns leader, first_trick). Game records (docs/play.md#game-records) are
    reviewed card by card as by 'royal-sim review' (a bad record, such as a revoke, is a
    bad line naming trick, seat and card). A hand of another game is analysed as by
    'royal-sim analyze --game ID' (docs/batch.md#other-games; --only and --table do not
    apply). Unknown keys (.jsonl) or columns (.csv) are
    reported once, with their line, as warnings and ignored.

    With --table N each hand's recommended set is also played out at the table (PIMC:
    every seat guesses the hidden hands from what it has seen) on N of its analysed deals:
    a 'table' row per bid with its rate at the table beside double dummy on the same deals
    (docs/batch.md#table-rows).

    Rows are appended and flushed as each input finishes; after an interruption, rerun
    with --resume: the finished inputs are kept and the final file is the same as an
    uninterrupted run's. Bad lines are reported with their number and skipped.

    Exit codes: 0 every input done; 3 finished, but some inputs skipped (bad lines or
    failed inputs; the last line says how many); 2 an error stopped the run; 130/143
    interrupted (Ctrl-C/SIGTERM). Rules: docs/rules.md (#bids, #obligations,
    #double-dummy).
    """
    from dataclasses import replace

    from .. import batch as B
    from ..analysis.request import parse_only

    opts = B.BatchOptions(samples=samples, precision=precision, seed=seed, rules=rules,
                          table=table_games, table_worlds=table_worlds)
    if only is not None:
        opts = replace(opts, only=tuple(parse_only(only)))
    if Path(out).resolve() == Path(input_path).resolve():
        raise RoyalSimError(f"--out {out} is the input file")
    B.check_output(out, resume, force)          # before any skipped-line warning
    jobs_list, bad, unknown = _read_inputs(input_path, strict)
    progress = None
    earlier = 0

    def on_start(n, result):
        nonlocal progress, earlier
        earlier = result.resumed
        where = (f"Dask scheduler {scheduler} ({result.workers} worker(s))" if scheduler else
                 f"{result.workers} process(es) x {result.threads} thread(s)")
        cores = os.cpu_count() or 1
        if jobs is not None and jobs > cores and not scheduler:
            where += f" (--jobs {jobs}, but this machine has {cores} core(s))"
        resumed = f", {result.resumed} already in {out}" if result.resumed else ""
        # (deals also run the one-position trick search of royal-sim solve)
        kinds = {j.kind for j in jobs_list}
        note = compile_note(goal_search=bool(kinds & {"hand", "deal"}),
                            trick_search="deal" in kinds,
                            card_search="record" in kinds) if n and not scheduler else ""
        click.echo(f"{n} input(s) to run{resumed}; {where}{note}", err=True)
        progress = Progress(n, "inputs", log_label="inputs finished", per_minute=True)
        progress.update(0)

    def on_error(job, reason):
        nl = "\n" if sys.stderr.isatty() else ""
        click.echo(f"{nl}Failed {input_path} line {job.line} ({job.id}): {reason}", err=True)

    try:
        result = B.run_batch(jobs_list, out, opts, n_jobs=jobs, scheduler=scheduler,
                             resume=resume, force=force, strict=strict, on_error=on_error,
                             on_start=on_start, progress=lambda job: progress.update())
    except KeyboardInterrupt as e:
        # (the count, not the progress line: that one is redrawn at most every few seconds)
        done = 0 if progress is None else progress.done
        _close(progress)
        of = f" of {progress.total}" if progress is not None else ""
        more = f", and {earlier} from an earlier run," if earlier else ""
        # wrapped between words on a terminal (it would break '--resume' at its edge)
        click.echo(F.fill(f"Interrupted: {done}{of} input(s) finished{more} are in {out}; "
                          "rerun with --resume to continue.", F.stderr_width(), "  "),
                   err=True)
        sys.exit(interrupt_code(e))
    finally:
        _close(progress)
    skipped = _report(result, out, bad, unknown)
    if show_summary:
        click.echo(B.summary(B.load_rows(out), terminal_width()))
    if skipped:
        sys.exit(EXIT_SKIPPED)


def _close(progress: Progress | None) -> None:
    if progress is not None:
        progress.__exit__(None, None, None)


def _read_inputs(input_path: str, strict: bool):
    """The jobs, bad lines and unknown keys or columns of INPUT; the bad lines are reported
    (skipped), or with --strict the first is an error; the unknown keys or columns are
    warnings, each once. Raises ``RoyalSimError``."""
    from .. import batch as B

    got = B.load_inputs(input_path)
    jobs, bad = got.jobs, got.bad
    if bad and strict:
        more = f" (and {len(bad) - 1} more bad line(s))" if len(bad) > 1 else ""
        raise RoyalSimError(f"{input_path} {bad[0]}{more}")
    for u in got.unknown:
        click.echo(f"Warning: {input_path} {u}", err=True)
    for b in bad:
        click.echo(f"Skipped {input_path} {b}", err=True)
    if not jobs:
        raise RoyalSimError(f"no valid input in {input_path} ({len(bad)} bad line(s))")
    return jobs, bad, got.unknown


def _report(result, out: str, bad, unknown) -> int:
    """Print the run's last line: inputs written, resumed, skipped (bad lines, failed) and
    the keys or columns ignored. Returns the number of inputs skipped."""
    parts = [f"{result.done} input(s) written to {out}"]
    if result.resumed:
        parts.append(f"{result.resumed} from an earlier run")
    if bad:
        parts.append(f"{len(bad)} bad line(s) skipped")
    if result.failed:
        parts.append(f"{len(result.failed)} input(s) failed")
    if unknown:
        parts.append(f"{unknown[0].what}(s) ignored: "
                     + ", ".join(f"{u.name!r} (line {u.line})" for u in unknown))
    skipped = len(bad) + len(result.failed)
    total = result.done + result.resumed + skipped
    end = (f" {result.done + result.resumed} of {total} input(s) done, {skipped} skipped "
           f"(exit code {EXIT_SKIPPED})." if skipped else "")
    click.echo("Done: " + "; ".join(parts) + "." + end, err=True)
    return skipped
