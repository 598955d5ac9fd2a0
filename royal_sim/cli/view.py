"""The default view of ``analyze`` on a terminal: what a player reads first, fitted to the
terminal's width (and, while the rounds run, its height).

First the one-line recommendation (``advise``'s bid line, from the same analysis), then the
slems worth reading, best first, then one line on the rest (``--all`` gives the full
table). A slem is worth reading when bidding it alone gains over not bidding, or when it is
made on at least ``USEFUL_CHANCE`` of the deals. When the columns do not fit the width,
they are dropped in ``DROP_ORDER`` (the chance bar first, then the 95 % interval, the
value, the deals, the expected score) rather than wrapped; the slem, its parameter, its
probability and its gain always stay."""

from __future__ import annotations

import textwrap

from ..format import number, percent, table, width as text_width

USEFUL_CHANCE = 0.2
"""A slem made on at least this share of the deals is shown even without a gain."""

COLUMNS = ("slem", "param", "value", "probability", "95% CI", "chance", "E[score]", "gain",
           "deals")
DROP_ORDER = ("chance", "95% CI", "value", "deals", "E[score]")
"""The columns dropped, in this order, while the table is wider than the terminal."""
_RIGHT = {"value", "probability", "E[score]", "gain", "deals"}
BAR = 10
"""Width of the chance bar in this view (characters)."""


def worth_reading(slems) -> list:
    """The rows (``api.SlemRow``) worth a first look, best first: a positive gain (the
    largest first), then made on at least ``USEFUL_CHANCE`` of the deals (the likeliest
    first); relaxed upper bounds only with a gain (they have none)."""
    gaining = [r for r in slems if r.gain is not None and round(r.gain, 1) > 0]
    likely = [r for r in slems if r not in gaining and not r.bound
              and r.probability >= USEFUL_CHANCE]
    return (sorted(gaining, key=lambda r: (-r.gain, -r.probability))
            + sorted(likely, key=lambda r: (-r.probability, -(r.gain or -1e9))))


def _bar(p: float, n: int = BAR) -> str:
    full = int(round(p * n))
    return "#" * full + "." * (n - full)


def _cells(row, precise: bool) -> dict[str, str]:
    r = row.result
    lo, hi = row.ci95
    return {"slem": r.slem.name, "param": row.param or "", "value": str(r.slem.value),
            "probability": ("<= " if row.bound else "") + percent(row.probability),
            "95% CI": f"{percent(lo)} - {percent(hi)}", "chance": _bar(row.probability),
            "E[score]": number(row.expected_score), "gain": number(row.gain, sign=True),
            "deals": (f"{r.n}{'' if r.stopped == 'precision' else ' *'}" if precise else "")}


def fitted_table(rows, precise: bool, width: int) -> str:
    """``rows`` as a table at most ``width`` columns wide (``DROP_ORDER``), or as narrow as
    it gets when even the kept columns are wider."""
    cols = [c for c in COLUMNS if precise or c != "deals"]
    cells = [_cells(r, precise) for r in rows]
    while True:
        text = table([[c[k] for k in cols] for c in cells], cols,
                     ["right" if k in _RIGHT else "left" for k in cols])
        drop = next((k for k in DROP_ORDER if k in cols), None)
        if text_width(text) <= width or drop is None:
            return text
        cols.remove(drop)


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width, break_on_hyphens=False) or [""]


def fitted_view(report, recommendation: str, about: list[str] = (), width: int = 80,
                height: int | None = None) -> str:
    """The default terminal view of an analysis ``report`` (``api.AnalysisReport``):
    ``recommendation`` (one line, wrapped to ``width``), the lines ``about`` the hand and
    the deals (wrapped), the slems worth reading (``worth_reading``) in a table at most ``width`` wide, and a
    line on the rest. ``height``: at most that many lines (the live view), the rows beyond
    it counted in the last line."""
    precise = report.analysis.precision is not None
    rows = worth_reading(report.slems)
    head = _wrap(recommendation, width) + [x for line in about for x in _wrap(line, width)]
    shown = rows
    if height is not None:
        room = max(1, height - len(head) - 2 - 2)   # header and rule; the last line(s)
        shown = rows[:room]
    body = fitted_table(shown, precise, width).splitlines() if shown else []
    more = len(report.slems) - len(shown)
    if not rows:
        tail = (f"No slem gains over no bid or is made on {percent(USEFUL_CHANCE, 0)} of "
                "the deals; --all shows every slem.")
    else:
        tail = (f"Best first: slems gaining over no bid, then those made on "
                f"{percent(USEFUL_CHANCE, 0)} or more. "
                + (f"{more} more slem{'s' if more != 1 else ''}: --all shows the full "
                   "table." if more else ""))
    if precise and any(r.result.stopped != "precision" for r in shown):
        tail += " * not settled yet."
    return "\n".join(head + body + _wrap(tail.strip(), width))
