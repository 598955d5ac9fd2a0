"""``royal-sim deal``: random valid deals, optionally completing a known hand."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading

import click

from .common import OnceOptions, Whole, constraint_options, seed_option, user_errors
from .progress import announce_compile, sampler_note


CHUNK = 5_000
"""Deals drawn and written at a time."""


@contextlib.contextmanager
def _signals_held():
    """Hold Ctrl-C and SIGTERM until the block is done (a write not cut in the middle);
    where signals cannot be held (not POSIX, not the main thread), nothing."""
    hold = getattr(signal, "pthread_sigmask", None)
    if hold is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = hold(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        hold(signal.SIG_SETMASK, before)


@click.command("deal", cls=OnceOptions)
@click.option("-n", "--count", default=1, show_default=True, type=Whole(min=1),
              help="Number of deals (at most 10,000,000).")
@seed_option("Random seed; the same seed gives the same deals. Default: a fresh one, "
             "printed.", default=None)
@click.option("--hand", metavar="CARDS",
              help="Your 10 cards, e.g. 'XXII XX XV IX III SK SQ HN DK DJ'; the deals "
                   "complete it.")
@click.option("--seat", metavar="SEAT",
              help="Your seat (needed with --hand): A_IND, D_ELF, D_IND, A_ELF or indito, "
                   "ellenelfogo, ellenindito, elfogo.")
@constraint_options
@click.option("--method", type=click.Choice(["auto", "rejection", "exact"],
                                           case_sensitive=False), default="auto",
              show_default=True, help="Sampling method (all give the same distribution).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False),
              default=None, help="Output format.  [default: text]")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json (as in the "
              "other commands); an error with --format text.")
@user_errors
def deal_command(count, seed, hand, seat, holds, not_holds, tarokks, suits, voids, method,
                 fmt, as_json):
    """Random valid deals, optionally completing your hand under known constraints.

    Deals are uniform over all deals with XX at A_IND, XIX at A_ELF, at least 3 tarokks in
    every hand (docs/rules.md#seats-and-dealing), and the given constraints.

    Text output: per deal, one line per seat (SEAT, then its 10 cards: the HAND of
    'royal-sim analyze HAND --seat SEAT'), then the deal in one line, the 4 hands separated
    by '/' (the DEAL of 'royal-sim solve DEAL', a deal line of a 'royal-sim batch' .txt
    file). --json: {"deals": [the '/' lines], "attempts", "method", "seed", "interrupted"}
    (stopped by Ctrl-C: the deals drawn so far, still valid JSON). Both are
    written as the deals are drawn, a few thousand at a time.
    """
    import json
    import secrets

    from ..errors import ConstraintError
    from ..model.deal import parse_hand, parse_seat
    from ..sampling.sampler import Constraints, _cached_sampler
    from ..sampling.stream import sample_chunks

    if as_json and fmt == "text":
        raise click.UsageError("--json and --format text ask for two formats: give one")
    if hand is not None and seat is None:
        raise ConstraintError("--hand needs --seat (the seat of the known hand)")
    if seat is not None and hand is None:
        raise ConstraintError("--seat needs --hand (the cards of that seat)")
    seat_ = parse_seat(seat) if seat is not None else None
    hand_ = parse_hand(hand, seat_) if hand is not None else None
    constraints = Constraints.parse(holds=holds, not_holds=not_holds, tarokks=tarokks,
                                    suits=suits, voids=voids)
    if seed is None:
        seed = secrets.randbits(63)
    # the sampler sample_deals will use (cached): its method, for the compile note
    chosen = _cached_sampler(hand_, seat_, constraints).choose_method() \
        if method == "auto" else method
    announce_compile(sampler_note(chosen), "Sampling")
    # drawn and written a chunk at a time (the same deals as one draw): memory bounded by a
    # chunk, the first deals written at once
    chunks = sample_chunks(_cached_sampler(hand_, seat_, constraints), count, seed,
                           method=method, chunk=CHUNK)
    attempts, used = 0, chosen
    if fmt == "json" or as_json:
        def close(interrupted: bool) -> None:
            click.echo(f'], "attempts": {attempts}, "method": {json.dumps(used)}, '
                       f'"seed": {seed}, "interrupted": {json.dumps(interrupted)}}}')
            sys.stdout.flush()

        with _signals_held():
            click.echo('{"deals": [', nl=False)
        first = True
        try:
            for part in chunks:
                text = ", ".join(json.dumps(str(d)) for d in part)
                # a chunk is written whole (Ctrl-C waits for it): then the array can be
                # closed after it, the output valid JSON with the deals drawn so far
                with _signals_held():
                    attempts, used = attempts + part.attempts, part.method
                    if text:
                        click.echo(("" if first else ", ") + text, nl=False)
                        first = False
                    sys.stdout.flush()
        except KeyboardInterrupt:       # Ctrl-C, SIGTERM: close the JSON, then stop
            with _signals_held():
                close(True)
            raise
        close(False)
        return
    i = 0
    for part in chunks:
        attempts, used = attempts + part.attempts, part.method
        lines = []
        for d in part:
            i += 1
            lines += [f"Deal {i}", d.listing(), str(d), ""]
        click.echo("\n".join(lines))
    click.echo(f"{i} deal(s), {attempts} attempt(s), method {used}, seed {seed}")
