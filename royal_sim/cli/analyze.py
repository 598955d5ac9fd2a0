"""``royal-sim analyze``: the chance of each slem for a hand; and what ``analyze`` and
``advise`` share (their options, running the analysis with its progress)."""

from __future__ import annotations

import os
import sys

import click

from .common import (OnceOptions, Whole, constraint_options, json_option, n_deals, only_option,
                     options, rules_option, seed_option, user_errors)
from .live import LiveTable
from ..format import fill, number, percent, say, table, terminal_width
from .progress import Progress, compile_note
from .table_play import play_sets, print_figures, table_options
from .view import fitted_view

EXAMPLE_HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
EXAMPLE_SEAT = "A_IND"

analysis_options = options(
    click.argument("hand", required=False, metavar="HAND"),
    click.option("--seat", metavar="SEAT", help="Your seat: A_IND, D_ELF, D_IND, A_ELF (or "
                 "indito, ellenelfogo, ellenindito, elfogo)."),
    click.option("--example", is_flag=True,
                 help=f"Use the built-in example hand ({EXAMPLE_HAND} at {EXAMPLE_SEAT})."),
    click.option("--precision", type=float, default=None, metavar="P",
                 help="Search each slem on new deals, round by round, until its 95% "
                      "interval is within +-P (0 < P <= 0.5; the default, 0.05 = +-5 "
                      "points, unless --samples is given alone)."),
    click.option("--samples", type=int, default=None, metavar="N",
                 help="Alone: every slem on exactly N deals (1 to 1,000,000), as in earlier "
                      "versions. With --precision or --time: the cap (at least the first "
                      "round's 42 deals; default 10,000)."),
    click.option("--time", "time_budget", type=float, default=None, metavar="SECONDS",
                 help="A time budget: no round starts after it; slems not yet settled are "
                      "marked (precision-driven, --samples then the cap)."),
    seed_option("Sampler seed (same seed, same deals, same figures)."),
    rules_option("Rule set: Gerots (obligatory play for announced cards) or laza (none)."),
    click.option("--igazitas/--no-igazitas", default=True, show_default=True,
                 help="Laza scoring with or without igazítás (consolatio)."),
    only_option("Only these slems (ids, e.g. gem,volat,ultimo; 'royal-sim slems')"),
    click.option("--param", "params", multiple=True, metavar="ID=PARAM",
                 help="Fix a slem's parameter instead of trying every candidate, e.g. "
                      "ultimo=SK (a magasító of your own hand), banda=S, "
                      "piros_fekete=H,S. Repeatable."),
    click.option("--partner-tarokks", metavar="RANGE",
                 help="Partner's tarokk count as heard (e.g. 8, 7-9): a sampling constraint."),
    click.option("--heard", multiple=True, metavar="SEAT:ANNOUNCEMENT",
                 help="An announcement heard from another seat, e.g. A_ELF:tarokkszam:9, "
                      "D_ELF:flush, D_IND:flush:S, A_ELF:matador: the sampled deals obey it. "
                      "Repeatable."),
    click.option("--jobs", type=Whole(min=1), default=None,
                 help="Cores to use (search threads), at most the machine's. Default: all "
                      "cores."),
    json_option,
    constraint_options,
)
"""The options shared by ``analyze`` and ``advise`` (hand, sampling, rules, facts)."""

game_options = options(
    click.option("--players", type=int, default=None, metavar="N",
                 help="Other games: the number of seats (Troggu 3-6, Vier-Anderle 2-13, "
                      "módosított 3 or 4, Strohmandli 2 or 3)."),
    click.option("--option", multiple=True, metavar="NAME",
                 help="Other games: a rule option of the game (docs/games.md; a name "
                      "the game lacks is refused with the list of its own). Repeatable."),
    click.option("--pot", type=int, default=None, metavar="P",
                 help="Vier-Anderle: the pot, for the stay-or-drop advice."),
    click.option("--stayers", default=None, metavar="SEATS",
                 help="Vier-Anderle: the seats that stay in (e.g. 1,3,4)."),
    click.option("--called", default=None, metavar="CARD",
                 help="Módosított hármas for 4: the tarokk the declarer calls (e.g. XX)."),
    click.option("--turned", default=None, metavar="CARD",
                 help="Belote: the turned card (e.g. HJ)."),
    click.option("--partner-bid", default=None, metavar="BID",
                 help="Coinche: your partner's bid (e.g. 100H)."),
    click.option("--their-bid", default=None, metavar="BID",
                 help="Coinche: the opponents' contract (e.g. 110S, with --declarer)."),
    click.option("--contract", default=None, metavar="NAME",
                 help="The declarer games: only this contract (e.g. szolo)."),
    click.option("--leader", default=None, metavar="SEAT",
                 help="Belote, coinche: who leads trick 1 (default: the game's rule; the "
                      "other games lead by their own rule, docs/games.md)."),
)
"""The options of ``analyze`` that only some of the other games take
(``analysis.game_analysis.GAME_OPTIONS``)."""


def _hand_and_seat(hand: str | None, seat: str | None, example: bool) -> tuple[str, str]:
    """HAND and --seat as given, or the example's; raises ``RoyalSimError`` if missing."""
    from ..errors import RoyalSimError
    from ..model.deal import parse_seat

    if example:
        if hand is not None:
            raise RoyalSimError("give either HAND or --example, not both")
        if seat is not None and parse_seat(seat).name != EXAMPLE_SEAT:
            raise RoyalSimError(f"--example is the hand of {EXAMPLE_SEAT} ({EXAMPLE_HAND}); "
                                "leave out --seat or give your own HAND")
        return EXAMPLE_HAND, EXAMPLE_SEAT
    if hand is None:
        raise RoyalSimError("missing HAND (your 10 cards) or --example")
    if seat is None:
        raise RoyalSimError("missing --seat (A_IND, D_ELF, D_IND or A_ELF)")
    return hand, seat


def analysis_request(opts: dict) -> dict:
    """The library's arguments (``api.request_analysis``) from the shared options."""
    hand, seat = _hand_and_seat(opts["hand"], opts["seat"], opts["example"])
    return dict(hand=hand, seat=seat, samples=opts["samples"], precision=opts["precision"],
                time=opts["time_budget"], seed=opts["seed"],
                rules=opts["rules"], igazitas=opts["igazitas"], only=opts["only"],
                params=opts["params"], holds=opts["holds"], not_holds=opts["not_holds"],
                tarokks=opts["tarokks"], suits=opts["suits"], voids=opts["voids"],
                partner_tarokks=opts["partner_tarokks"], heard=opts["heard"])


def run_request(request, jobs: int | None, live: bool = False, render=None):
    """Run an ``api`` request (analysis or advice) on ``jobs`` threads (default all
    cores), its notes and progress on stderr; ``live``, on a terminal: the table so far
    (``render(report, width, height) -> str``) redrawn on stdout as the rounds end,
    instead of a bar."""
    import numba

    for note in request.notes:
        click.echo(f"Note: {note}", err=True)
    from .common import jobs_used

    threads = jobs_used(jobs, min(os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    precise = request.precision is not None
    if live and sys.stdout.isatty():
        with LiveTable(render, note=compile_note(),
                       goal=(lambda r: goal_words(request, r)[2]) if precise else None) as table:
            return request.run(progress=table.progress, on_update=table.update)
    sets = hasattr(request, "sets_apart")
    until = "" if not precise else until_words(request.precision, request.samples, sets)
    with Progress(request.samples, "searching deals", note=compile_note(), until=until) as bar:
        if not precise:
            return request.run(progress=bar.update)
        return request.run(progress=bar.update,
                           on_update=lambda report: bar.reach(*goal_words(request, report)))


def goal_words(request, report) -> tuple[int, int, str]:
    """How far a precision-driven run of ``request`` (analysis or advice) is toward what
    ends it, from its ``report`` so far: ``(done, total, words)``, the slems settled (every
    candidate parameter of the slem, as each is searched until settled) and, for an
    advice, the sets shown told apart from the best (``AdviceRequest.sets_apart``), e.g.
    ``40/65 slems settled, 2/4 sets apart``."""
    from ..analysis.stopping import FIRST_LOOK

    result = report.analysis

    def settled(r) -> bool:         # as the rule decides at the end of the round reported
        if r.stopped is not None:
            return True
        if not result.rounds:       # a first look: nothing settles before the round ends
            return False
        lo, hi = r.ci95
        return r.n == 0 or (r.n >= FIRST_LOOK and (hi - lo) / 2 <= result.precision + 1e-12)

    open_ = {r.result.slem.id for r in report.candidates if not settled(r.result)}
    ids = {r.result.slem.id for r in report.candidates}
    done, total = len(ids - open_), len(ids)
    words = f"{done}/{total} slems settled"
    apart = request.sets_apart() if hasattr(request, "sets_apart") else None
    if apart is not None:
        done, total = done + apart[0], total + apart[1]
        words += f", {apart[0]}/{apart[1]} sets apart"
    return done, total, words


def known_line(known: list[str]) -> str | None:
    """The facts the deals were sampled under (constraints, heard announcements, bids) as
    one line, or ``None`` without any."""
    return "Known: " + "; ".join(known) if known else None


@click.command("analyze", cls=OnceOptions)
@analysis_options
@click.option("--all", "show_all", is_flag=True,
              help="The full table of every slem (on a terminal the default view is the "
                   "recommendation and the slems worth reading, fitted to its width; the "
                   "full table is printed when the output is not a terminal).")
@table_options
@click.option("--game", "game_id", default="royal", show_default=True, metavar="ID",
              help="royal, or another game of 'royal-sim slems --game', e.g. coinche: HAND "
                   "is 8 cards, --seat N E S or W (docs/belote.md, docs/games.md).")
@click.option("--declarer", default=None, metavar="SEAT",
              help="Other games: the taker or felvevő (default --seat).")
@game_options
@user_errors
def analyze_command(show_all, table_games, table_worlds, game_id, declarer, **opts):
    """Probability that your pair completes each slem, holding HAND at --seat.

    HAND is your 10 cards, e.g. "XXII XX XVIII XVI XIV IX IV SK SQ HK". Deals consistent
    with it (and with any --holds/--void/--heard facts) are sampled and searched double
    dummy: a slem counts as made when your pair can force it with all cards visible, A_IND
    leading. Each slem shows its best parameter, the probability with its 95% interval, the
    deals it was searched on (by default each slem until its interval is within +-5
    points: --precision), and the expected score of bidding it alone (consolatio and caps
    included) and its gain over not bidding, whose score is shown. "<=" marks an upper
    bound (a relaxed search below 1%: the exact parameters were not searched). Double
    dummy is optimistic for the side that would have to guess; with --table N and --only,
    each bid is also played out alone at the table (PIMC) on N of the deals and its rate
    there shown beside double dummy on the same deals (docs/play.md#table-figures). The
    rules: docs/rules.md.
    """
    from ..errors import RoyalSimError

    if game_id.strip().lower() != "royal" or declarer is not None:
        from .analyze_game import game_command
        return game_command(game_id, declarer, opts)
    from ..analysis.game_analysis import GAME_OPTIONS
    from ..api import request_analysis

    for name in GAME_OPTIONS:
        if opts.pop(name, None) not in (None, ()):
            raise RoyalSimError(f"--{name.replace('_', '-')} is for the other games "
                                "(--game ID), not royal tarokk", argument=name)

    if table_games is not None and not opts["only"]:
        raise RoyalSimError("--table needs --only: the bids to play out at the table "
                            "(e.g. --only ultimo,xxi_fogas)", argument="table")
    request = request_analysis(**analysis_request(opts))
    fitted = not show_all and not opts["as_json"] and sys.stdout.isatty()

    def render(report, width: int, height: int | None = None) -> str:
        if not fitted:
            return analysis_text(report, terminal_width())
        return fitted_text(request, report, width, height)

    def last(report) -> str | None:     # the fitted view's recommendation, said again last
        return recommendation(request, report) if fitted else None

    try:
        report = run_request(request, opts["jobs"], live=not opts["as_json"], render=render)
    except KeyboardInterrupt as e:      # the finished rounds' table, then exit 130
        if getattr(e, "partial", None) is not None:
            _show(e.partial, opts["as_json"], render, last=last(e.partial))
        raise
    if table_games is None:
        _show(report, opts["as_json"], render, last=last(report))
        return
    sets, skipped = table_sets(report)
    figures = play_sets(report.analysis, sets, table_games, table_worlds,
                        opts["igazitas"]) if sets else []
    _show(report, opts["as_json"], render, figures, skipped, last=last(report))
    if len(figures) < len(sets) or any(f.interrupted for f in figures):
        raise KeyboardInterrupt


def table_sets(report) -> tuple[list, list[str]]:
    """The bids of an analysis ``report`` to play out at the table, each alone (its row's
    parameter): ``([((key,), ()), ...], [why a row is not played, ...])``. A slem that is
    never bid, a relaxed bound or a slem without a parameter (made on no deal) is not
    played."""
    from ..slems import Bid
    from ..slems.catalogue import ParamKind

    sets, skipped = [], []
    for row in report.slems:
        r = row.result
        if row.bid is None:
            skipped.append(f"{r.slem.name} (never bid)")
        elif r.bound:
            skipped.append(f"{r.slem.name} (a relaxed bound, no parameter searched)")
        elif r.slem.param is not ParamKind.NONE and row.param is None:
            skipped.append(f"{r.slem.name} (made on no deal: no parameter)")
        else:
            sets.append(((Bid.parse(r.key).key,), ()))
    return sets, skipped


def _show(report, as_json: bool, render, figures=None, skipped=(),
          last: str | None = None) -> None:
    """Print ``report`` (JSON or ``render``), and the ``figures`` at the table when
    played (``--table``: a ``"table"`` list in the JSON). ``last``: the fitted view's
    recommendation, printed again at the end when the screen is taller than the terminal
    (its first line would have scrolled off) or the figures follow the view."""
    import json
    import shutil

    if as_json:
        out = report.to_json()
        if figures is not None:
            out["table"] = [f.to_json() for f in figures]
            out["table_not_played"] = list(skipped)
        click.echo(json.dumps(out))
        return
    size = shutil.get_terminal_size()
    text = render(report, size.columns)
    click.echo(text)
    if figures is not None:
        width = terminal_width()
        click.echo()
        say(f"At the table (each bid alone, played out by PIMC on "
            f"{figures[0].n if figures else 0} of the deals):", width)
        print_figures(figures, f"your pair ({report.analysis.seat.pair.label})", width)
        if skipped:
            say("Not played: " + "; ".join(skipped) + ".", width)
    if last and (figures is not None or len(text.splitlines()) > size.lines - 1):
        say(last, size.columns)


def fitted_text(request, report, width: int = 80, height: int | None = None) -> str:
    """The default view on a terminal (``view.fitted_view``) of an analysis ``report`` of
    ``request``: ``recommendation``, then the hand, the deals, the seed, the no-bid score
    and the known facts, then the slems worth reading."""
    result = report.analysis
    about = [f"{report.hand} at {result.seat.name} ({result.seat.pair.label}); rules "
             f"{result.rules}; {deals_words(result)}; seed {result.seed}; no bid: "
             f"E[score] {number(report.no_bid)}."]
    if report.known:
        about.append(known_line(report.known))
    return fitted_view(report, recommendation(request, report), about, width, height)


def recommendation(request, report) -> str:
    """``advise``'s bid line for an analysis ``report`` of ``request`` (an
    ``api.AnalysisRequest``): its sets ranked as ``advise`` ranks them (default ``--top``
    and ``--max-bids``), on the same deals."""
    from ..api import AdviceRequest
    from .bidline import MAX_BIDS, TOP, bid_line, group_sets

    advice = AdviceRequest(request, TOP, MAX_BIDS).advice(report)
    return bid_line(group_sets(advice.bid_sets), advice.baseline,
                    bool(advice.partner_bids))


def _sampling_words(method: str) -> str:
    """The sampler's method label (``evidence``: ``cases:rejection+filter``) in words."""
    by_cases = method.startswith("cases:")
    m = method.removeprefix("cases:")
    filtered = m.endswith("+filter")
    m = m.removesuffix("+filter").replace("+", " and ")
    return (f"{m} sampling" + (" by cases of the announcements heard" if by_cases else "")
            + (", filtered by rejection" if filtered else ""))


def _bar(p: float, width: int = 20) -> str:
    full = int(round(p * width))
    return "#" * full + "." * (width - full)


def analysis_text(report, width: int | None = None) -> str:
    """An analysis report as the text table ``analyze`` prints (``--all``, or the output
    not a terminal): the table's lines whole, the prose around it wrapped to ``width``
    columns (``None``: lines whole)."""
    from .. import slems as S
    from ..model.cards import format_cards

    result, anns = report.analysis, report.announcements
    precise = result.precision is not None
    lines = [f"Hand {format_cards(result.hand)} at {result.seat.name} "
             f"({result.seat.pair.label}); rules {result.rules}; {deals_words(result)} "
             f"(seed {result.seed}, {_sampling_words(result.sampling_method)}); "
             f"double dummy, A_IND leads."]
    if report.known:
        lines.append(known_line(report.known))
    if len(result.max_tricks):
        counts = [int((result.max_tricks == k).sum()) for k in range(11)]
        n = len(result.max_tricks)
        on = (f" (on the first round's {n} deals)"
              if n < result.searched_deals.shape[0] else "")
        lines.append(f"Tricks your pair can force{on}: mean "
                     f"{float(result.max_tricks.mean()):.2f}; distribution "
                     + " ".join(f"{k}:{c}" for k, c in enumerate(counts) if c))
    headers = ["group", "slem", "param", "value", "probability", "95% CI", "chance",
               "E[score]", "gain"] + (["deals"] if precise else [])
    # (the cells are formatted here, by the one formatter: royal_sim/format.py)
    align = ("left",) * 3 + ("right", "right", "left", "left", "right", "right", "right")
    slem_table = table(_slem_rows(report.slems, precise), headers, align[:len(headers)])
    lines.append(slem_table)
    base = base_words(result.rules, report.igazitas)
    lines.append(f"No bid: E[score] {number(report.no_bid)} ("
                 + (f"the {base} your pair scores bidding nothing" if base else
                    "your pair scores nothing bidding nothing: laza without igazítás")
                 + "). E[score]: mean points of your pair with this as its "
                 f"only bid ({base + ' and caps' if base else 'caps'} included); gain: "
                 "E[score] minus the no-bid score on the same deals.")
    for key, (p, why) in result.obligations.items():
        row = next(r for r in report.candidates if r.result.key == key)
        lines.append(f"Gerots: {row.result.slem.name} {row.probability:.0%} here, but "
                     f"{p:.0%} of the same deals without its {why} "
                     "(docs/rules.md#obligations).")
    if report.unavailable:
        lines.append("Not for your hand: " + "; ".join(
            f"{S.get_slem(i).name} ({why})" for i, why in report.unavailable) + ".")
    silent = [r.result.slem.name for r in report.slems
              if r.bid is None and r.result.slem.silent_only]
    if silent:
        lines.append(f"Silent slems ({', '.join(silent)}) score when made but are never "
                     "bid: no E[score].")
    if precise:
        lines.append(_settled_words(report.slems, result.precision))
    elif result.deals_searched < result.samples:
        lines.append(f"Interrupted: every slem on the first {result.deals_searched:,} of the "
                     f"{result.samples:,} deals asked.")
    lines.append(announcements_words(anns))
    return "\n".join(line if line is slem_table else fill(line, width, "  ") for line in lines)


def base_words(rules, igazitas: bool) -> str:
    """What a pair scores bidding nothing under ``rules`` (a ``RuleSet`` or its name):
    ``consolatio`` (Gerots), ``igazítás`` (laza with it), ``""`` (laza without)."""
    name = str(getattr(rules, "value", rules)).lower()
    if "laza" not in name:
        return "consolatio"
    return "igazítás" if igazitas else ""


def announcements_words(keys) -> str:
    """The hand announcements (jelentések) a hand can make, named and explained: what they
    are, that E[score] leaves them out, where they are described."""
    from ..model.announcements import parse_announcement_key
    from ..sampling.evidence import describe_announcement

    if not keys:
        return "Hand announcements (jelentések) your hand can make: none."
    named = []
    for k in keys:
        a, p = parse_announcement_key(k)
        named.append(f"{k} ({describe_announcement(a, p)}"
                     + (f", {a.value} points)" if a.value else ")"))
    return ("Hand announcements (jelentések) your hand can make, scored when announced and "
            "left out of E[score] (docs/rules.md#announcements): " + ", ".join(named) + ".")


def _pm(precision: float) -> str:
    """A half-width in points: ``+-5%``, ``+-2.5%``."""
    return f"+-{precision * 100:g}%"


def until_words(precision: float, cap: int, sets: bool = False) -> str:
    """The stopping rule of a precision-driven run in words (``sets``: an advice, which
    also searches until the sets shown are told apart)."""
    return (f"each slem until {_pm(precision)}"
            + (" and the sets told apart" if sets else "") + f", at most {cap:,}")


def deals_words(result) -> str:
    """How many deals a result is on, in words (precision-driven: the rounds too)."""
    if result.precision is None:
        if result.deals_searched < result.samples:      # a fixed run interrupted
            return f"the first {result.deals_searched:,} of {result.samples:,} deals"
        return n_deals(result.samples)
    rounds = (f"in {result.rounds} round{'s' if result.rounds != 1 else ''}"
              if result.rounds else "so far, a first look")
    until = until_words(result.precision, result.samples)
    if any(r.stopped == "decided" for r in getattr(result, "candidates", ())):
        until = until.replace(f"until {_pm(result.precision)}",
                              f"until {_pm(result.precision)}, ~ decided +-10%")
    return f"{n_deals(result.deals_searched)} {rounds} ({until})"


_UNSETTLED = {None: "still searched", "time": "time budget used",
              "interrupted": "interrupted", "samples": "cap reached"}


def _settled_words(slems, precision: float) -> str:
    """The footnote of a precision-driven table: what ``*`` and ``~`` mark."""
    from ..analysis.stopping import DECIDED

    decided = [r for r in slems if r.result.stopped == "decided"]
    open_ = [r for r in slems if r.result.stopped not in ("precision", "decided")]
    words = []
    proven = [r.result.slem.name for r in slems if r.result.stratified is not None
              and r.result.stratified.searched < 1 - 1e-9]
    if proven:
        words.append(f"{', '.join(proven[:4])}{' …' if len(proven) > 4 else ''}: counted "
                     "exactly where who holds the honours decides them (by the exact share "
                     "of those deals), searched elsewhere; every slem's deals are weighted "
                     "by those shares (docs/rules.md, strata).")
    if decided:
        words.append(f"~ decided: {len(decided)} slems stopped within {_pm(DECIDED)} (a 98% "
                     "interval): the gain told apart from 0 or within 2 points of it, "
                     "silent, or below the best bid set in every set; more deals would not "
                     "turn bid into pass; --precision "
                     f"{precision:g} holds every slem to {_pm(precision)}.")
    if not open_:
        others = "other " if decided else ""
        return " ".join(words + [f"Every {others}slem settled: its interval is within "
                                 f"{_pm(precision)}."])
    why = sorted({_UNSETTLED.get(r.result.stopped, r.result.stopped) for r in open_})
    others = (f"; the others' intervals are within {_pm(precision)}"
              if len(open_) + len(decided) < len(slems) else "")
    return " ".join(words + [f"* not settled ({', '.join(why)}): {len(open_)} of "
                             f"{len(slems)} slems{others}."])


_MARKS = {"precision": "", "decided": " ~"}
"""The mark after a slem's deals in a precision-driven table (``*`` otherwise)."""


def _slem_rows(slems, precise: bool = False) -> list[list]:
    from ..slems import format_param

    rows = []
    group = None
    for row in slems:
        r, v = row.result, row.bid
        param = row.param
        lo, hi = r.ci95
        g = r.slem.group if r.slem.group != group else ""
        group = r.slem.group
        prob = ("<= " if r.bound else "") + percent(r.probability)
        rows.append([g, r.slem.name, "" if param is None else format_param(r.slem, r.param),
                     r.slem.value, prob, f"{percent(lo)} - {percent(hi)}", _bar(r.probability),
                     "" if v is None else number(v.expected),
                     "" if v is None else number(v.gain, sign=True)]
                    + ([f"{r.n}{_MARKS.get(r.stopped, ' *')}"] if precise else []))
    return rows
