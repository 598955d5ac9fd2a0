"""``royal-sim analyze --game ID``: a hand of another game than royal tarokk analysed by its
module (``analysis.game_analysis.ANALYSES``), as text within the terminal's width (the
table so far redrawn live on a terminal, as royal's) or ``--json`` (royal's shape: the
figures as rows under ``"slems"``).

``cli/analyze.py`` calls ``game_command`` when ``--game`` is not ``royal`` (or
``--declarer`` is given); royal's own options are refused here, one line each."""

from __future__ import annotations

import sys

import click

from ..format import say, terminal_width

ROYAL_ONLY = (("example", "--example"), ("time_budget", "--time"), ("rules", "--rules"),
              ("igazitas", "--igazitas/--no-igazitas"), ("only", "--only"),
              ("params", "--param"), ("partner_tarokks", "--partner-tarokks"),
              ("heard", "--heard"), ("not_holds", "--not-holds"),
              ("tarokks", "--tarokks"), ("suits", "--suit"), ("table_games", "--table"),
              ("table_worlds", "--table-worlds"))
"""``analyze``'s options that only royal tarokk takes (parameter name, flag)."""



def game_command(game_id: str, declarer: str | None, opts: dict) -> None:
    """Run ``analyze`` for ``--game game_id`` (not royal) from the command's options."""
    from ..analysis.game_analysis import (GAME_OPTIONS, analysis_module, analyze_game,
                                          default_run, game_of, text_module)
    from ..errors import RoyalSimError
    from .live import LiveTable
    from ..analysis.game_rounds import jobs_of
    from .common import jobs_used
    from .progress import COUNT_COMPILE_NOTE, Progress, compile_watch

    if game_id.strip().lower() == "royal":
        raise RoyalSimError("--declarer is for the other games (royal tarokk's roles are its "
                            "seats: --seat)", argument="declarer")
    game = game_of(game_id)
    ctx = click.get_current_context()
    given = [flag for name, flag in ROYAL_ONLY if _given(ctx, name)]
    if given:
        raise RoyalSimError(f"--game {game.id} does not take {', '.join(given)} (royal "
                            "tarokk's options)", argument="game")
    if opts["hand"] is None:
        raise RoyalSimError(f"missing HAND (your cards), e.g. {game_example(game)}",
                            argument="hand")
    if opts["seat"] is None:
        raise RoyalSimError(f"missing --seat, e.g. {game_example(game)}", argument="seat")
    samples, precision, decides = default_run(game, opts["samples"], opts["precision"])
    plan = getattr(analysis_module(game), "planned_deals", None)
    shown = plan(game.id, samples, precision) if plan else (samples, precision)
    text = text_module(game)
    every = bool(ctx.params.get("show_all"))
    extra = {k: opts.get(k) for k in GAME_OPTIONS}
    args = dict(game=game.id, declarer=declarer, samples=samples, precision=precision,
                seed=opts["seed"], holds=opts["holds"], voids=opts["voids"],
                jobs=min(opts["jobs"] or jobs_of(None), jobs_of(None)), **extra)
    live = not opts["as_json"] and sys.stdout.isatty() and (shown[1] is not None or decides)

    def render(result, width: int, height: int | None = None) -> str:
        return text.game_text(result, width, every=every)

    def started(show):
        """``show`` (deals done), the note of a --jobs above the cores first, once the
        work starts (after the input's errors)."""
        def progress(n: int) -> None:
            if n == 0 and not noted:
                noted.append(jobs_used(opts["jobs"], jobs_of(None)))
            show(n)
        return progress

    noted: list = []

    try:
        if live:
            with LiveTable(render) as table, compile_watch(
                    lambda: table.compiling(COUNT_COMPILE_NOTE)):
                result = analyze_game(opts["hand"], opts["seat"],
                                      progress=started(table.progress),
                                      on_update=table.update, **args)
        else:
            cap = shown[0] if shown[0] is not None else 2000
            until = ("every figure until +-5% (+-10% where decided)" if decides else
                     "" if shown[1] is None else f"every figure until +-{shown[1] * 100:g}%")
            with Progress(cap, "searching deals", until=until) as bar, compile_watch(
                    lambda: bar.compiling(COUNT_COMPILE_NOTE)):
                result = analyze_game(opts["hand"], opts["seat"], progress=started(bar.update),
                                      **args)
    except KeyboardInterrupt as e:      # the finished rounds' figures, then exit 130
        if getattr(e, "partial", None) is not None:
            _show(e.partial, opts["as_json"], render)
        raise
    _show(result, opts["as_json"], render)


def _show(result, as_json: bool, render) -> None:
    import json

    if as_json:
        click.echo(json.dumps(result.to_json()))
    else:
        say(render(result, terminal_width()), None)
    per = getattr(result, "searched_as", "")     # what one deal is searched for
    per = f" x {per}" if per else ""
    click.echo(f"{result.setting.game.id} analyze: {result.deals} deals{per} in "
               f"{result.seconds:.1f} s", err=True)


def game_example(game) -> str:
    """An ``analyze`` command line for ``game`` (its module's ``EXAMPLE``)."""
    from ..analysis.game_analysis import analysis_module

    return getattr(analysis_module(game), "EXAMPLE", f"royal-sim analyze --game {game.id} "
                   "HAND --seat 1")


def _given(ctx: click.Context, name: str) -> bool:
    from click.core import ParameterSource

    src = ctx.get_parameter_source(name)
    return src is not None and src not in (ParameterSource.DEFAULT,
                                           ParameterSource.DEFAULT_MAP)


def deals_words(result, figures: str = "figure", decided: bool = False) -> str:
    """How many deals an analysis of another game is on, in words: ``400 deals in 14 rounds
    (every figure until +-5%, at most 2,000)`` (``figures``: what is held to the
    precision; ``decided``: decided ones at +-10%), or ``200 deals`` for a fixed run
    (``the first 11 of 40 deals`` when it was interrupted before the last)."""
    if result.precision is None:
        if getattr(result, "interrupted", False) and result.deals < result.samples:
            return f"the first {result.deals:,} of {result.samples:,} deals"
        return f"{result.deals:,} deals"
    rounds = f"{result.rounds} round{'s' if result.rounds != 1 else ''}"
    if not result.rounds:       # interrupted in the first round: its deals finished
        rounds = "the first round, interrupted"
    where = ", +-10% where decided" if decided else ""
    return (f"{result.deals:,} deals in {rounds} (every {figures} until "
            f"+-{result.precision * 100:g}%{where}, at most {result.samples:,})")


def interrupted_note(result, figures: str = "figures") -> str | None:
    """The footnote of a run interrupted (Ctrl-C) before it stopped (``result.interrupted``),
    saying which deals ``figures`` are of; ``None`` for a run that was not."""
    if not getattr(result, "interrupted", False):
        return None
    if result.precision is None:
        of = (f"the first {result.deals:,} of the {result.samples:,} deals asked"
              if result.deals < result.samples else f"all {result.deals:,} deals asked")
    elif not result.rounds:
        of = (f"the {result.deals:,} deals finished of the first round (a sample of that "
              "fixed size: no row was held to the precision)")
    else:
        rounds = f"{result.rounds} round{'s' if result.rounds != 1 else ''}"
        of = f"the {result.deals:,} deals of the {rounds} finished"
    return f"Interrupted: the {figures} are of {of}."


def cap_note(rows, precision: float | None, what: str = "rows'", hint: str = "") -> str | None:
    """The footnote of a precision-driven run whose cap left ``rows`` (with ``interval``)
    wider than ``precision``; ``None`` when none is (or a fixed run)."""
    if precision is None:
        return None
    wide = [r for r in rows if (r.interval[1] - r.interval[0]) / 2 > precision + 1e-12]
    if not wide:
        return None
    return (f"Cap reached: {len(wide)} {what} intervals are wider than "
            f"+-{precision * 100:g}%{hint}.")


def page(lines: list[str], table: str, notes: list[str], width: int | None) -> str:
    """The text of an analysis: ``lines`` (prose), the ``table``, the ``notes`` (prose),
    prose wrapped to ``width`` with a hanging indent."""
    from ..format import fill

    return "\n".join([fill(line, width, "  ") for line in lines] + [table]
                     + [fill(line, width, "  ") for line in notes if line])
