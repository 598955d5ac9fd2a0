"""``--table N`` of ``analyze`` and ``advise``: bids played out at the table by PIMC on N of
the analysed deals, beside double dummy on the same deals (``cardplay.table_figures``)."""

from __future__ import annotations

import click

from .common import Whole, options
from ..format import fitted, number, percent, say
from .progress import Progress

table_options = options(
    click.option("--table", "table_games", type=Whole(1, 10_000), default=None,
                 metavar="N",
                 help="Also play the bids out at the table (PIMC: every seat guesses the "
                      "hidden hands from what it has seen) on N of the analysed deals, and "
                      "show each bid's rate at the table beside double dummy (slow: about "
                      "1-2 s a deal and bid set)."),
    click.option("--table-worlds", type=Whole(1, 1000), default=20,
                 show_default=True, metavar="W",
                 help="Worlds each table decision is valued over."),
)
"""The options of the table figures."""


def play_sets(analysis, sets, n: int, worlds: int, igazitas: bool) -> list:
    """Play each of ``sets`` (``(own bid keys, their bid keys)``) out on the first ``n``
    deals of ``analysis`` (``table_figures``), one progress bar for all; returns the
    ``TableFigures`` finished. Ctrl-C ends the games: the figures of those finished are
    returned, the interrupted set marked."""
    from ..cardplay.table_figures import table_figures

    deals = analysis.searched_deals[:n]
    pair = analysis.seat.pair
    seed = int(analysis.seed) % 2 ** 32
    bar = Progress(len(sets) * len(deals), "playing at the table")
    out = []
    with bar:
        bar.update(0)
        for own, theirs in sets:
            fig = table_figures(deals, pair, own, theirs, worlds=worlds, seed=seed,
                                rules=analysis.rules, igazitas=igazitas,
                                progress=lambda done: bar.update(1))
            out.append(fig)
            if fig.interrupted:
                break
    return out


def print_figures(figures, pair_label: str, width: int | None = None,
                  labels: list[str] | None = None) -> None:
    """One table of the bids of every set: the rate double dummy and at the table (its
    95 % interval) and the paired counts; then per set the pair's expected score both
    ways, and the worlds and time; fitted to ``width`` columns (``None``: lines whole).
    ``labels``: a name per set (its first row in a ``set`` column), for sets that share
    bids (the other pair's bids are played in each)."""
    rows = []
    for i, f in enumerate(figures):
        for j, b in enumerate(f.bids):
            lo, hi = b.table_interval
            rows.append(([labels[i] if j == 0 else ""] if labels else [])
                        + [f"{b.pair.label} {b.bid}", percent(b.dd_rate),
                           percent(b.table_rate), f"{percent(lo)}-{percent(hi)}", b.dd_only,
                           b.table_only])
    if rows:
        click.echo(fitted(rows, (["set"] if labels else [])
                          + ["bid", "double dummy", "table", "table 95%", "dd only",
                             "table only"],
                          (["left"] if labels else [])
                          + ["left", "right", "right", "right", "right", "right"], width,
                          wrap=("set", "bid")))
    for i, f in enumerate(figures):
        say(
            (f"{labels[i]}: " if labels else "")
            + f"E[score] of {pair_label} bidding {', '.join(f.own) or 'nothing'}: "
            f"{number(f.expected_table)} at the table, {number(f.expected_dd)} double dummy "
            f"(difference s.e. {number(f.stderr_diff)}; {f.n} deals"
            + (", interrupted" if f.interrupted else "") + ").", width)
    if figures:
        worlds, seconds = figures[0].worlds, sum(f.seconds for f in figures)
        say(
            f"Double dummy: both pairs see all 40 cards. Table: every seat plays by PIMC, "
            f"valuing its cards over {worlds} worlds drawn from what it has seen "
            f"(docs/play.md#table-figures); {seconds:.0f} s. dd only: made double dummy, "
            "not at the table; table only: the reverse.", width)
