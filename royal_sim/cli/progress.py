"""Progress on stderr, one mechanism for every long command (analyze, advise, batch)."""

from __future__ import annotations

import sys
import time

import click

LOG_EVERY = 30.0
"""Seconds between progress lines on a stderr that is not a terminal (a log file)."""


def compile_note() -> str:
    """`` (compiling ...)`` when numba's cache lacks the search kernels, else ``""``."""
    from ..engine.cells import kernels_compiled

    if kernels_compiled() is False:
        return " (compiling the search kernels first: once, about half a minute)"
    return ""


class Progress:
    """Progress of ``total`` steps, fed by ``update(n)`` (``n`` more steps done; 0: the
    work starts). Nothing is shown before the first ``update``, so an input error found
    before any work prints nothing but the error.

    On a terminal: a click bar labelled ``label``, at first followed by ``note`` (the
    kernels are compiling), with ``per_minute`` the rate in steps a minute beside it. Off a
    terminal (a log file): a line ``log_label: 0 of total`` + ``note`` when the work starts,
    if there is a note, then ``log_label: done of total`` at most every ``LOG_EVERY``
    seconds while steps remain (``log_label``: ``label`` by default).
    """

    def __init__(self, total: int, label: str, *, note: str = "", log_label: str = "",
                 per_minute: bool = False):
        self.total, self.label, self.note = total, label, note
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
                click.echo(f"{self.log_label}: 0 of {self.total}{self.note}", err=True)
        elif now - self._last >= LOG_EVERY and self.done < self.total:
            self._last = now
            click.echo(f"{self.log_label}: {self.done} of {self.total}", err=True)

    def _update_bar(self, n: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(
                length=self.total, label=self.label + self.note, file=sys.stderr,
                show_pos=True, show_eta=True,
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
