"""The one number formatter of the text output: every figure the commands print goes
through ``number`` or ``percent``, so a column has one number of decimals and no figure
reads ``-0.0``; and ``table``, tabulate without its number parsing (which would reformat
the cells: ``71`` beside ``70.6``, ``-0.0`` as ``-0``, a gain's ``+`` dropped)."""

from __future__ import annotations

from typing import Sequence

POINTS = 1
"""Decimals of a score in points (E[score], gain, s.e.)."""
PERCENT = 1
"""Decimals of a probability shown as a percentage in a table."""


def number(x: float | None, decimals: int = POINTS, *, sign: bool = False,
           blank: str = "") -> str:
    """``x`` with ``decimals`` decimals (``sign``: a ``+`` before a positive figure), a
    figure that rounds to zero as ``0.0`` (never ``-0.0``), ``blank`` for ``None``."""
    if x is None:
        return blank
    r = round(float(x), decimals)
    if r == 0:
        r = 0.0                 # -0.0 and the negatives that round to it
    return f"{r:+.{decimals}f}" if sign and r != 0 else f"{r:.{decimals}f}"


MIN_SE_DEALS = 30
"""The fewest deals a standard error of a mean score is printed from. From fewer, the
spread of the deals is no estimate of the spread of the scores (7 deals all made give a
standard error of 0.0, a certainty the deals do not show): ``stderr_words`` prints ``n/a``
with the number of deals, and nothing is called tied with the best within one standard
error (docs/rules.md#few-deals)."""


def stderr_words(se: float, deals: int) -> str:
    """A mean's standard error ``se`` on ``deals`` deals as printed: ``1.3``, or
    ``n/a (7 deals)`` from fewer than ``MIN_SE_DEALS``."""
    if deals < MIN_SE_DEALS:
        return f"n/a ({deals} deal{'s' if deals != 1 else ''})"
    return number(se)


def percent(p: float | None, decimals: int = PERCENT, *, blank: str = "") -> str:
    """A probability (0..1) as ``12.5%`` with ``decimals`` decimals; ``blank`` for
    ``None``."""
    if p is None:
        return blank
    return number(100 * float(p), decimals) + "%"


def table(rows: Sequence[Sequence], headers: Sequence[str], align: Sequence[str] | None = None
          ) -> str:
    """``rows`` (cells already formatted: strings, or ints) under ``headers`` as tabulate's
    plain table, the cells printed as given; ``align``: ``left``/``right`` per column."""
    from tabulate import tabulate

    rows = [[str(c) for c in r] for r in rows]
    kw = {"colalign": tuple(align)} if align is not None and rows else {}
    return tabulate(rows, headers=list(headers), disable_numparse=True, **kw)


def width(text: str) -> int:
    """The widest line of ``text`` (characters)."""
    return max((len(line) for line in text.splitlines()), default=0)


GAP = 2
"""Spaces between two columns of ``table`` (tabulate's plain format)."""
HEAD_PAD = 2
"""Columns tabulate adds to a header's width (its ``MIN_PADDING``)."""


FILE_WIDTH = 80
"""Columns the text output fits when it goes to a file or a pipe."""


def terminal_width() -> int:
    """The width the text output fits: the terminal's columns when standard output is a
    terminal, else ``FILE_WIDTH`` (a log file read later, in a terminal or an editor).
    Programs read the ``--json`` output, whose lines are whole."""
    import shutil
    import sys

    return shutil.get_terminal_size().columns if sys.stdout.isatty() else FILE_WIDTH


def stderr_width() -> int | None:
    """The width messages on stderr are wrapped to: the terminal's columns when stderr is a
    terminal (the terminal would break a long line inside a word), else ``None`` (a log
    file: lines whole, to be searched)."""
    import shutil
    import sys

    return shutil.get_terminal_size().columns if sys.stderr.isatty() else None


def fill(text: str, width: int | None, indent: str = "") -> str:
    """``text`` wrapped to ``width`` columns (never inside a word: a docs anchor or a bid
    key stays whole), its continuation lines indented by ``indent``; ``width`` ``None``:
    unchanged."""
    import textwrap

    if width is None or len(text) <= width:
        return text
    lead = text[:len(text) - len(text.lstrip(" "))]
    return textwrap.fill(text, width=width, initial_indent="", subsequent_indent=lead + indent,
                         break_on_hyphens=False, break_long_words=False)


def say(text: str = "", width: int | None = None, indent: str = "  ") -> None:
    """Echo ``text`` (lines of prose) wrapped to ``width`` (``fill``)."""
    import click

    click.echo("\n".join(fill(line, width, indent) for line in text.split("\n")))


def _longest_word(text: str) -> int:
    return max((len(w) for w in text.split()), default=0)


def _cell_width(text: str) -> int:
    return max(len(line) for line in text.split("\n"))


def fitted(rows: Sequence[Sequence], headers: Sequence[str], align: Sequence[str],
           width: int | None, wrap: Sequence[str] = (), drop: Sequence[str] = ()) -> str:
    """``table`` at most ``width`` columns wide: the headers, then the cells of the
    columns named in ``wrap``, wrapped onto more lines (the widest column first, never
    inside a word; a cell may hold lines of its own, split at ``\\n``); when that is not
    enough, the columns named in ``drop`` left out in that order. As narrow as it gets
    when even that is wider; ``width`` ``None``: the whole table on one line a row."""
    from tabulate import tabulate

    keep = list(range(len(headers)))       # by index: two columns may share a header
    rows = [[str(c) for c in r] for r in rows]
    while True:
        cols = [headers[i] for i in keep]
        body = [[r[i] for i in keep] for r in rows]
        al = [align[i] for i in keep]
        if width is None:
            return table(body, cols, al)
        natural = [max([len(h) + HEAD_PAD] + [_cell_width(r[j]) for r in body])
                   for j, h in enumerate(cols)]
        least = [max([_longest_word(h) + HEAD_PAD] + [(_longest_word(r[j]) if h in wrap
                                                       else _cell_width(r[j]))
                                           for r in body]) for j, h in enumerate(cols)]
        cells = [max([_longest_word(h) + HEAD_PAD] + [_cell_width(r[j]) for r in body])
                 for j, h in enumerate(cols)]
        w = natural[:]
        for floor in (cells, least):    # the headers wrapped first, then the cells
            while sum(w) + GAP * (len(w) - 1) > width:
                j = max(range(len(w)), key=lambda k: (w[k] > floor[k], w[k]))
                if w[j] <= floor[j]:
                    break
                w[j] -= 1
        if sum(w) + GAP * (len(w) - 1) <= width or not any(c in drop for c in cols):
            limits = [x if x < n else None for x, n in zip(w, natural)]
            if all(x is None for x in limits):
                return table(body, cols, al)
            return tabulate(body, headers=cols, disable_numparse=True, colalign=tuple(al),
                            maxcolwidths=limits if body else None,
                            maxheadercolwidths=[x and x - HEAD_PAD for x in limits])
        keep.remove(next(i for c in drop for i in keep if headers[i] == c))
