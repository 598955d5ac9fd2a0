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
