"""``royal-sim advise``: the best bid sets for your pair and kontra advice."""

from __future__ import annotations

import click

from .analyze import (analysis_options, analysis_request, deals_words, known_line,
                      run_request)
from .common import OnceOptions, Whole, joined_lists, user_errors
from .bidline import (ALL_SETS, MAX_BIDS, SMALL_BID, TOP, _core, bid_line,  # noqa: F401
                      group_sets, tied)
from ..format import fitted, number, percent, say, stderr_words, terminal_width
from .table_play import play_sets, print_figures, table_options


@click.command("advise", cls=OnceOptions)
@analysis_options
@click.option("--partner-bids", metavar="KEY,...", multiple=True, callback=joined_lists,
              help="Bids your partner has made (e.g. ultimo:SK,gem): always in your pair's "
                   "set; announced cards become facts about the partner's hand. Repeatable.")
@click.option("--their-bids", metavar="KEY,...", multiple=True, callback=joined_lists,
              help="The opponents' bids (e.g. xxi_fogas,banda:H): the chance each fails and "
                   "the expected gain of a kontra. Repeatable.")
@click.option("--top", default=5, show_default=True, type=Whole(min=1),
              help="Rows of bid sets to show (a row's variants with small bids are one "
                   "row).")
@click.option("--max-bids", default=MAX_BIDS, show_default=True, type=Whole(1, 8),
              help="Most bids of your own in a set.")
@table_options
@user_errors
def advise_command(partner_bids, their_bids, top, max_bids, table_games, table_worlds,
                   **opts):
    """Best bid sets for your pair, ranked by expected score, and kontra advice.

    Each sampled deal is scored (consolatio, raises, caps: docs/rules.md#scoring-gerots and
    #scoring-laza) with every bid judged by its own double-dummy search; sets are legal
    together (raise chains, one trophy, not Fácán with Sólyom, színfogó bids only as
    raises of one another). Shows the expected score, its standard error and the chance of
    finishing below the no-bid score (with --partner-bids: below the score of the
    partner's bids alone, adding none of yours); sets that differ only by small bids
    (worth 3 points or less) are one row, a set tied with the best within one standard
    error is ranked =1; the last line says what to bid. Bids are judged
    one by one, so a set whose bids compete for the same tricks is scored optimistically.
    With --table N the first row's set and the no-bid baseline are also played out at the
    table (PIMC) on N of the deals: each bid's rate there beside double dummy, and whether
    the advice holds at the table.
    """
    from ..api import request_advice

    request = request_advice(partner_bids=partner_bids, their_bids=their_bids, top=top,
                             max_bids=max_bids, **analysis_request(opts))
    try:
        advice = run_request(request, opts["jobs"])
    except KeyboardInterrupt as e:      # the advice of the finished rounds, then exit 130
        if getattr(e, "partial", None) is not None:
            _show(request.advice(e.partial), opts["as_json"], request, top)
        raise
    if table_games is None:
        _show(advice, opts["as_json"], request, top)
        return
    groups, shown = shown_rows(request, advice, top)
    theirs = tuple(k.result.key for k in advice.their_bids)
    sets = [(groups[0][0].bids if groups else (), theirs), (advice.baseline.bids, theirs)]
    if sets[0][0] == sets[1][0]:
        sets = sets[:1]
    figures = play_sets(advice.report.analysis, sets, table_games, table_worlds,
                        advice.report.igazitas)
    _show(advice, opts["as_json"], request, top, table=figures)
    if any(f.interrupted for f in figures) or len(figures) < len(sets):
        raise KeyboardInterrupt


def shown_rows(request, advice, top: int):
    """The first ``top`` rows of bid sets (``group_sets``) of ``advice``: its sets ranked
    again, all of them, so that the small-bid variants do not count as rows; and the
    advice with ``bid_sets`` those of the rows shown."""
    import dataclasses

    every = request.advice(advice.report, listed=ALL_SETS)
    groups = group_sets(every.bid_sets)[:top]
    sets = [b for head, variants in groups for b in (head, *variants)]
    return groups, dataclasses.replace(advice, bid_sets=sets)


def _show(advice, as_json: bool, request=None, top: int | None = None,
          table: list | None = None) -> None:
    """Print ``advice``: its first ``top`` rows (``shown_rows``; without a ``request``,
    the rows of its own sets), and the ``table`` figures (``TableFigures``: the first
    row's set, then the baseline) when played."""
    import json

    if request is None:
        groups = group_sets(advice.bid_sets)
    else:
        groups, advice = shown_rows(request, advice, top)
    if as_json:     # the sets of the rows shown: each row's set, then its variants
        out = advice.to_json()
        if table is not None:
            out["table"] = {"sets": [f.to_json() for f in table],
                            "advice_holds": _holds(table)}
        click.echo(json.dumps(out))
        return
    result, igazitas = advice.report.analysis, advice.report.igazitas
    width = terminal_width()
    say(f"{deals_words(result)}, rules {result.rules}"
        + ("" if result.rules == "gerots" else
           f" ({'with' if igazitas else 'without'} igazítás)")
        + "; expected points of your pair per deal, double dummy.", width)
    if advice.report.known:
        say(known_line(advice.report.known), width)
    _print_sets(groups, advice.baseline, bool(advice.partner_bids), advice.candidates, width,
                _no_candidate_words(advice.report))
    _print_kontras(advice.their_bids, width)
    if table is not None:
        _print_table(table, advice.report.analysis.seat.pair.label, width,
                     bool(advice.partner_bids))
    if advice.interrupted:
        say("* Interrupted: the sets are ranked on the "
            + ("rounds finished, not told apart as asked" if result.precision
               is not None else "deals finished") + "; run again for the full advice.", width)


def _holds(figures) -> bool | None:
    """Does the first row's set keep its edge over the baseline at the table (the same
    order of the two by expected score as double dummy on the same deals); ``None`` with
    one set or an interrupted run."""
    if len(figures) < 2 or any(f.interrupted for f in figures):
        return None
    top, base = figures
    return (top.expected_table > base.expected_table) == (top.expected_dd > base.expected_dd)


def _print_table(figures, pair_label: str, width: int | None, partner_bid: bool) -> None:
    click.echo()
    say(f"At the table ({figures[0].n} of the deals, played out by PIMC):", width)
    labels = ["advised", "partner's bids" if partner_bid else "no bid"][:len(figures)]
    print_figures(figures, f"your pair ({pair_label})", width, labels)
    holds = _holds(figures)
    if holds is not None:
        top, base = figures
        say("The advice holds at the table." if holds else
            f"At the table the advice changes: {', '.join(base.own) or 'no bid'} "
            f"scores {number(base.expected_table)} against "
            f"{number(top.expected_table)} for {', '.join(top.own)}.", width)


def _rank(i: int, b, best) -> str:
    """``1``, ``2`` …, or ``=1`` for a set tied with the best within one standard error
    (``bidline.tied``)."""
    return "=1" if i > 1 and tied(best, b) else str(i)


def _variant(v, b) -> str:
    """``+vizi -lamour +0.3``: the small bids set ``v`` adds to or drops from ``b``, and
    the difference in expected score."""
    change = ([f"+{k}" for k in v.bids if k not in b.bids]
              + [f"-{k}" for k in b.bids if k not in v.bids])
    return f"{' '.join(change)} {number(v.expected - b.expected, sign=True)}"


VARIANTS_SHOWN = 3  # small-bid variants written out in a row; the others counted


def _variants(variants, b, sep: str = ", ") -> str:
    """The row's ``same with small bids`` cell: its first ``VARIANTS_SHOWN`` variants,
    joined by ``sep`` (a line each in a table fitted to a terminal)."""
    text = sep.join(_variant(v, b) for v in variants[:VARIANTS_SHOWN])
    more = len(variants) - VARIANTS_SHOWN
    return text + (("\n" if "\n" in sep else " ") + f"(+{more} more)" if more > 0 else "")


def _no_candidate_words(report) -> str:
    """Why no slem searched can be bid, for the remark when there is none."""
    from ..advisor import MIN_PROBABILITY

    rows = report.candidates
    silent = [r.result.slem.name for r in rows if r.result.slem.silent_only]
    if rows and len(silent) == len(rows):
        return (f"The slems searched ({', '.join(silent)}) are silent: they score when made "
                "but are never bid, so there is no bid to propose.")
    return (f"None of the slems searched is made on at least {MIN_PROBABILITY:.0%} of the "
            "deals (relaxed upper bounds and silent-only slems are not bid), so there is no "
            "bid to propose.")


def _print_sets(groups, baseline, partner_bid: bool, n_cands: int,
                width: int | None = None, none_words: str = "") -> None:
    """The rows of bid sets (``group_sets``), what their columns mean, the remarks and the
    bid line, fitted to ``width`` columns (``None``: lines whole)."""
    sets = [b for head, variants in groups for b in (head, *variants)]
    # a precision-driven run scores each set on the deals all its bids were searched on
    own = any(b.deals != baseline.deals for b in sets)
    below = "P(below partner's bids alone)" if partner_bid else "P(below no-bid)"
    sep = ", " if width is None else ",\n"
    small = any(variants for _, variants in groups)     # the column only when it has a cell
    click.echo(fitted([[_rank(i, b, groups[0][0]), ", ".join(b.bids) or "(no bid)",
                        number(b.expected), stderr_words(b.stderr, b.deals),
                        percent(b.below_nobid)]
                       + ([_variants(variants, b, sep)] if small else [])
                       + ([b.deals] if own else [])
                       for i, (b, variants) in enumerate(groups, 1)],
                      ["#", "bids", "E[score]", "s.e.", below]
                      + (["same with small bids"] if small else [])
                      + (["deals"] if own else []),
                      ["right", "left", "right", "right", "right"]
                      + (["left"] if small else []) + (["right"] if own else []), width,
                      wrap=("bids", "s.e.")))
    if small:
        keys = sorted({k for head, variants in groups for v in variants
                       for k in set(v.bids) ^ set(head.bids)})
        hidden = any(len(variants) > VARIANTS_SHOWN for _, variants in groups)
        say(f"same with small bids: the row's set with a small bid (worth {SMALL_BID} "
            f"points or less: {', '.join(keys)}) added (+) or left out (-), and its "
            "E[score] minus the row's"
            + ("; '(+N more)': --json lists every variant (bid_sets: each row's set, then "
               "its variants)." if hidden else "."), width)
    if own and groups:
        best = groups[0][0]
        rivals = [b for b, _ in groups[1:] if b.deals > best.deals]
        if rivals:
            most = max(rivals, key=lambda b: b.deals)
            say(f"Note: the first set's E[score] rests on {best.deals} deals (those "
                f"all its bids were searched on), fewer than the {most.deals} of "
                f"{', '.join(most.bids) or '(no bid)'}: its figure is the less sure.", width)
    if baseline not in sets:
        who = "Your partner's bids alone" if partner_bid else "No bid"
        on = f" on {baseline.deals} deals" if own else ""
        say(f"{who}: E[score] {number(baseline.expected)} (s.e. "
            f"{stderr_words(baseline.stderr, baseline.deals)}){on}.", width)
    if n_cands == 0:
        say(none_words, width)
    say(bid_line(groups, baseline, partner_bid), width)


def _print_kontras(kontras, width: int | None = None) -> None:
    if kontras:
        click.echo()
        click.echo(fitted([[k.result.key, percent(k.p_fail), number(k.gain, sign=True)]
                           for k in kontras], ["their bid", "P(fails)", "kontra gain"],
                          ["left", "right", "right"], width))
