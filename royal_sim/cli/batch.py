"""The ``royal-sim batch`` command: many hands and deals from a file (see ``batch.py``)."""

from __future__ import annotations

import functools
import sys
import time
from pathlib import Path

import click

from ..errors import RoyalSimError


def _user_errors(fn):
    """``cli.user_errors``, looked up when the command runs (``cli`` imports this module)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from . import user_errors
        return user_errors(fn)(*args, **kwargs)

    return wrapper


@click.command("batch")
@click.argument("input_path", metavar="INPUT")
@click.option("-o", "--out", "out", required=True, metavar="FILE",
              help="Result file, CSV (.csv) or JSON lines (.jsonl, .ndjson): one row per "
                   "input and slem, plus max-tricks rows.")
@click.option("--samples", default=1000, show_default=True, type=int,
              help="Deals to sample per hand.")
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0, 2**64 - 1),
              help="Run seed; each hand's sampler seed is derived from it and the input's id "
                   "(written in the 'seed' column).")
@click.option("--rules", type=click.Choice(["gerots", "laza"]), default="gerots",
              show_default=True, help="Rule set for the slems' obligatory play.")
@click.option("--only", metavar="ID,...", help="Only these slems (ids, e.g. gem,volat,ultimo).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Cores to use (worker processes x search threads). Default: all cores.")
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
@_user_errors
def batch_command(input_path, out, samples, seed, rules, only, jobs, scheduler, resume, force,
                  strict, show_summary):
    """Analyse every hand and solve every deal of INPUT, writing rows to --out.

    INPUT is .txt (one 'HAND @ SEAT' or one deal, 4 hands separated by '/', per line; '#'
    comments), .jsonl/.ndjson ({"hand": ..., "seat": ..., "id": ...} or {"deal": ...,
    "id": ...}) or .csv (a header row with those columns). An input's id is its 'id' or
    'line N'. Hands are analysed as by 'royal-sim analyze' (double dummy, A_IND leads);
    deals are solved as by 'royal-sim solve' for both pairs.

    Rows are appended and flushed as each input finishes; after an interruption, rerun
    with --resume: the finished inputs are kept and the final file is the same as an
    uninterrupted run's. Bad lines are reported with their number and skipped.
    """
    from .. import batch as B
    from ..slems import catalogue as S
    from . import ProgressLines, compile_note, interrupt_code
    from ..analysis import MAX_SAMPLES
    if not 1 <= samples <= MAX_SAMPLES:
        raise RoyalSimError(f"--samples must be 1..{MAX_SAMPLES:,}, got {samples}")
    only_ids = None
    if only is not None:
        only_ids = tuple(s.id for s in S.parse_slem_list(only))
        if not only_ids:
            raise RoyalSimError("--only lists no slem (give ids like gem,volat,ultimo)")

    if Path(out).resolve() == Path(input_path).resolve():
        raise RoyalSimError(f"--out {out} is the input file")
    B.check_output(out, resume, force)          # before any skipped-line warning
    jobs_list, bad = B.read_inputs(input_path)
    if bad and strict:
        more = f" (and {len(bad) - 1} more bad line(s))" if len(bad) > 1 else ""
        raise RoyalSimError(f"{input_path} {bad[0]}{more}")
    for b in bad:
        click.echo(f"Skipped {input_path} {b}", err=True)
    if not jobs_list:
        raise RoyalSimError(f"no valid input in {input_path} ({len(bad)} bad line(s))")

    opts = B.BatchOptions(samples=samples, seed=seed, rules=rules, only=only_ids)
    state: dict = {}

    def on_start(n, result):
        where = (f"Dask scheduler {scheduler} ({result.workers} worker(s))" if scheduler else
                 f"{result.workers} process(es) x {result.threads} thread(s)")
        resumed = f", {result.resumed} already in {out}" if result.resumed else ""
        note = compile_note() if n and not scheduler else ""
        click.echo(f"{n} input(s) to run{resumed}; {where}{note}", err=True)
        state["t0"] = time.monotonic()
        if not sys.stderr.isatty():
            state["lines"] = ProgressLines(n, "inputs finished")
            return
        state["bar"] = bar = click.progressbar(
            length=n, label="inputs", file=sys.stderr, show_pos=True, show_eta=True,
            item_show_func=lambda s: s)
        bar.__enter__()

    def progress(job):
        if "lines" in state:
            state["lines"].update()
            return
        bar = state["bar"]
        rate = (bar.pos + 1) / max(time.monotonic() - state["t0"], 1e-9) * 60
        bar.update(1, f"{rate:.1f}/min")

    def on_error(job, reason):
        nl = "\n" if sys.stderr.isatty() else ""
        click.echo(f"{nl}Failed {input_path} line {job.line} ({job.id}): {reason}", err=True)

    def close_bar():
        bar = state.pop("bar", None)
        if bar is not None:
            bar.__exit__(None, None, None)

    try:
        result = B.run_batch(jobs_list, out, opts, n_jobs=jobs, scheduler=scheduler,
                             resume=resume, force=force, strict=strict, on_error=on_error,
                             on_start=on_start, progress=progress)
    except KeyboardInterrupt as e:
        close_bar()
        click.echo(f"Interrupted: the finished inputs are in {out}; rerun with --resume to "
                   "continue.", err=True)
        sys.exit(interrupt_code(e))
    finally:
        close_bar()

    parts = [f"{result.done} input(s) written to {out}"]
    if result.resumed:
        parts.append(f"{result.resumed} from an earlier run")
    if bad:
        parts.append(f"{len(bad)} bad line(s) skipped")
    if result.failed:
        parts.append(f"{len(result.failed)} input(s) failed")
    click.echo("Done: " + "; ".join(parts) + ".", err=True)
    if show_summary:
        click.echo(B.summary(B.load_rows(out)))
