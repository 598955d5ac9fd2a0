"""``royal-sim deal``: random valid deals, optionally completing a known hand."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading

import click

from .common import OnceOptions, Whole, constraint_options, seed_option, user_errors
from .games import game_option, players_option
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
@game_option
@players_option
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
def deal_command(game_id, players, count, seed, hand, seat, holds, not_holds, tarokks, suits,
                 voids, method, fmt, as_json):
    """Random valid deals, optionally completing your hand under known constraints.

    Deals are uniform over all deals with XX at A_IND, XIX at A_ELF, at least 3 tarokks in
    every hand (docs/rules.md#seats-and-dealing), and the given constraints.

    Text output: per deal, one line per seat (SEAT, then its 10 cards: the HAND of
    'royal-sim analyze HAND --seat SEAT'), then the deal in one line, the 4 hands separated
    by '/' (the DEAL of 'royal-sim solve DEAL', a deal line of a 'royal-sim batch' .txt
    file). --json: {"deals": [the '/' lines], "attempts", "method", "seed", "interrupted"}
    (stopped by Ctrl-C: the deals drawn so far, still valid JSON). Both are
    written as the deals are drawn, a few thousand at a time.

    --game ID deals another game by its own dealing (--players N where it varies): per
    deal one line a seat (seat 1 to n, or belote's S W N E; Strohmandli: the hand, then its
    three table piles top first after '|'), one a pile (skart, talon, tapp, dead cards),
    and the deal in one line (the DEAL of 'royal-sim solve --game ID DEAL'). --json:
    {"game", "players", "deals": [the lines], "piles": [per deal, name -> cards], "seed",
    "interrupted"}.
    """
    import json
    import secrets

    from .games import get_game, given, refuse

    ctx = click.get_current_context()
    game = get_game(game_id)
    if game.id != "royal":
        refuse(game, [f for f, name in (
            ("--hand", "hand"), ("--seat", "seat"), ("--holds", "holds"),
            ("--not-holds", "not_holds"), ("--tarokks", "tarokks"), ("--suit", "suits"),
            ("--void", "voids"), ("--method", "method")) if given(ctx, name)],
            "royal tarokk's options")
        if as_json and fmt == "text":
            raise click.UsageError("--json and --format text ask for two formats: give one")
        _deal_game(game, players, count, seed, fmt == "json" or as_json)
        return
    refuse(game, ["--players"] if given(ctx, "players") else [],
           "royal tarokk has four players")

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


# -- the other games (royal_sim.games) --------------------------------------------------------

MAX_DEALS = 10_000_000


def _game_deals(game, setup, seed: int, count: int):
    """``count`` deals of ``game`` from ``seed`` in chunks of ``CHUNK``: lists of ``Dealt``
    (the same deals for the same seed)."""
    from ..games.base import new_state

    state = new_state(seed)
    done = 0
    while done < count:
        n = min(CHUNK, count - done)
        yield [game.deal(state, setup) for _ in range(n)]
        done += n


def _deal_game(game, players, count, seed, as_json) -> None:
    """``deal --game ID``: deals by the game's dealing, text or JSON, written a chunk at a
    time. The JSON's ``piles`` follow its ``deals``: the deals are drawn twice from the
    seed (the deals' lines streamed first, then their piles); stopped by Ctrl-C, the piles
    of the deals written so far (while the piles are written: those written), still valid
    JSON."""
    import json
    import secrets

    from ..games import GameError
    from ..format import terminal_width
    from .games import game_setup, listing, piles_text, players_text

    if count > MAX_DEALS:
        raise GameError(f"count must be at most {MAX_DEALS:,}, got {count:,}",
                        argument="count")
    setup = game_setup(game, players)
    if seed is None:
        seed = secrets.randbits(63)
    if not as_json:
        width, i = terminal_width(), 0
        for part in _game_deals(game, setup, seed, count):
            out = []
            for d in part:
                i += 1
                out += [f"Deal {i}", listing(game, setup, d, width),
                        game.format_deal(d, setup), ""]
            click.echo("\n".join(out))
        click.echo(f"{i} deal(s) of {game.id}, {players_text(game, setup)}, seed {seed}")
        return

    def close(interrupted: bool) -> None:
        click.echo(f'], "seed": {seed}, "interrupted": {json.dumps(interrupted)}}}')
        sys.stdout.flush()

    done = {"deals": 0, "piles": 0}

    def write(what: str, fmt, total: int) -> None:
        for part in _game_deals(game, setup, seed, total):
            text = ", ".join(fmt(d) for d in part)
            with _signals_held():           # a chunk whole: the JSON closes after it
                click.echo(("" if done[what] == 0 else ", ") + text, nl=False)
                sys.stdout.flush()
                done[what] += len(part)

    def deal_line(d) -> str:
        return json.dumps(game.format_deal(d, setup))

    def piles(d) -> str:
        return json.dumps(piles_text(game, setup, d), ensure_ascii=False)

    with _signals_held():
        click.echo(json.dumps({"game": game.id, "players": setup.players})[:-1]
                   + ', "deals": [', nl=False)
    def open_piles() -> None:
        with _signals_held():
            click.echo('], "piles": [', nl=False)
            done["open"] = True

    done["open"] = False
    try:
        write("deals", deal_line, count)
        open_piles()
        write("piles", piles, count)
    except KeyboardInterrupt:       # Ctrl-C, SIGTERM: the piles of the deals written
        with _signals_held():
            if not done["open"]:
                open_piles()
                write("piles", piles, done["deals"])
            close(True)
        raise
    close(False)
