"""Progress on stderr, one mechanism for every long command (analyze, advise, batch), and the
notes announcing a first compile of numba's kernels (``compile_note``, ``announce_compile``)
while the cache is cold."""

from __future__ import annotations

import sys
import time

import click

LOG_EVERY = 10.0
"""Seconds between progress lines on a stderr that is not a terminal (a log file)."""


COMPILE_TIME = "under a minute"
"""How long the first compile of the search kernels takes on a 2-core machine, measured with
an empty ``NUMBA_CACHE_DIR``: ``solve`` of a 3-card ending 52 s (warm: 1.7 s), ``analyze
--example --samples 42`` 48 s (warm: 11 s), the machine shared with other work; the first
``max_tricks`` call alone 27-34 s (``benchmarks/bench_solver.py``)."""

SAMPLER_COMPILE_TIME = "a few seconds"
"""The first compile of the deal sampler's kernels (``deal``): 3 to 5 s on 2 cores."""

TRICK_SEARCH_TIME = "10 to 20 s"
"""The compile of the one-position search called from Python (``solve``) when the search
kernels are otherwise cached (after the set-up line's ``analyze``): 10-14 s on 2 cores."""


def compile_note(*, goal_search: bool = True, trick_search: bool = False,
                 card_search: bool = False) -> str:
    """`` (compiling ...)`` when numba's cache lacks a search kernel the command runs, with
    the time it takes, else ``""``: ``goal_search``, the parallel search over many deals
    (analyze, advise, batch, solve's slems; ``engine.cells.kernels_compiled``) and the deal
    sampler's; ``trick_search``, the one-position search of ``engine.solver.Solver``
    (solve), whose direct call is compiled apart from the one inside the parallel search
    (a part of the cache cold: the analysis kernels cached, this one not); ``card_search``,
    every card's value (``engine.card_values``: solve --cards, review)."""
    everything = f" (compiling the search kernels first: once, {COMPILE_TIME})"
    if card_search:
        from ..engine.card_values import kernels_compiled as cards_compiled
        if cards_compiled() is False:
            return everything
    if goal_search:
        from ..engine.cells import kernels_compiled
        if kernels_compiled() is False:
            return everything
    notes = []
    if trick_search:
        from ..engine.solver import kernels_compiled as solver_compiled
        if solver_compiled() is False:
            notes.append(f"compiling the one-position search first: once, "
                         f"{TRICK_SEARCH_TIME}")
    if goal_search:
        from ..sampling.sampler import kernels_compiled as sampler_compiled
        if sampler_compiled("rejection") is False:
            notes.append(f"compiling the deal sampler first: once, {SAMPLER_COMPILE_TIME}")
    return f" ({'; '.join(notes)})" if notes else ""


def sampler_note(method: str) -> str:
    """`` (compiling ...)`` when numba's cache lacks the deal sampler's kernel of ``method``
    (``rejection`` or ``exact``), else ``""``."""
    from ..sampling.sampler import kernels_compiled

    if kernels_compiled(method) is False:
        return f" (compiling the deal sampler first: once, {SAMPLER_COMPILE_TIME})"
    return ""


def announce_compile(note: str, what: str) -> None:
    """Print ``what`` + ``note`` on stderr (e.g. "Solving (compiling … first: once, under a
    minute)…") when there is a note (a cold cache); nothing otherwise."""
    if note:
        click.echo(f"{what}{note}...", err=True)


class Progress:
    """Progress of ``total`` steps, fed by ``update(n)`` (``n`` more steps done; 0: the
    work starts). Nothing is shown before the first ``update``, so an input error found
    before any work prints nothing but the error.

    On a terminal: a click bar labelled ``label``, at first followed by ``note`` (the
    kernels are compiling), with ``per_minute`` the rate in steps a minute beside it. Off a
    terminal (a log file): a line ``log_label: 0 of total`` + ``note`` when the work starts,
    if there is a note, then ``log_label: done of total`` at most every ``LOG_EVERY``
    seconds while steps remain (``log_label``: ``label`` by default). ``until``: the work
    ends when its rule says (``total`` is only a cap, e.g. a precision-driven analysis):
    the lines say ``done so far, until`` and the bar shows no time left.
    """

    def __init__(self, total: int, label: str, *, note: str = "", log_label: str = "",
                 per_minute: bool = False, until: str = ""):
        self.total, self.label, self.note, self.until = total, label, note, until
        self.log_label = log_label or label
        self.per_minute = per_minute
        self.done = 0
        self.bar = None
        self._tty = sys.stderr.isatty()
        self._start = self._last = time.monotonic()

    def update(self, n: int = 1) -> None:
        """``n`` more steps are done (0: the work starts)."""
        self.done += n
        if self._tty:
            self._update_bar(n)
        else:
            self._update_lines(n)

    def _update_lines(self, n: int) -> None:
        now = time.monotonic()
        if n == 0:
            if self.done == 0 and self.note:
                click.echo(f"{self.log_label}: 0 {self._of()}{self.note}", err=True)
        elif now - self._last >= LOG_EVERY and self.done < self.total:
            self._last = now
            click.echo(f"{self.log_label}: {self.done} {self._of()}", err=True)

    def _of(self) -> str:
        return f"so far, {self.until}" if self.until else f"of {self.total}"

    def _update_bar(self, n: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(
                length=self.total, label=self.label + self.note, file=sys.stderr,
                show_pos=True, show_eta=not self.until,
                item_show_func=(lambda s: s) if self.per_minute else None)
            self.bar.__enter__()
            if n == 0:
                self.bar.render_progress()
                return
        if n and self.bar.label != self.label:
            self.bar.label = self.label
        if self.per_minute and n:
            rate = (self.bar.pos + n) / max(time.monotonic() - self._start, 1e-9) * 60
            self.bar.update(n, f"{rate:.1f}/min")
        else:
            self.bar.update(n)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
            self.bar = None
        return False
