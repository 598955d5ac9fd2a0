"""The live table of a precision-driven run on a terminal: the table so far, redrawn in
place as the rounds end, with a status line whose clock moves every second (``rich``'s
``Live`` display on stdout redraws it from its own thread, the compile of the kernels and
long blocks of deals included). The final table is printed normally after it."""

from __future__ import annotations

import time

from rich.console import Console
from rich.live import Live
from rich.text import Text

from .progress import elapsed_words


class LiveTable:
    """``with LiveTable(render) as t: request.run(progress=t.progress, on_update=t.update)``;
    ``render(report, width, height) -> str`` gives the text of a report so far for a
    terminal of ``width`` columns and ``height`` lines (the status line takes one more);
    ``note`` (the cold compile's, ``progress.compile_note``) is shown until the first
    table. ``console``: rich's console to draw on (default: stdout's); ``unit``: what
    ``progress`` counts, in the status line; ``goal(report) -> str``: how far the run is
    toward what ends it (e.g. ``12/65 slems settled``), in the status line after each
    ``update``. The status line is drawn anew ``refresh_per_second`` times a second, so
    its clock moves while nothing reports (``elapsed_words``)."""

    def __init__(self, render, note: str = "", refresh_per_second: float = 1.0,
                 console: Console | None = None, unit: str = "deal searches", goal=None):
        self.render = render
        self.note = note
        self.unit = unit
        self.goal = goal
        self.console = console or Console()
        self.started = time.monotonic()
        self.done = 0
        self.table = ""
        self.reached = ""
        # the screen is computed at each refresh (get_renderable): the clock moves by itself
        self.live = Live(console=self.console, get_renderable=self._screen,
                         refresh_per_second=refresh_per_second, transient=True,
                         redirect_stdout=False, redirect_stderr=False)

    def __enter__(self) -> LiveTable:
        # with a compile note the display starts at once (the compile is the wait); else
        # at the first figure, so that an input error found first prints only the error
        self.shown = bool(self.note)
        if self.shown:
            self.live.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.shown:
            self.live.__exit__(*exc)

    def compiling(self, note: str) -> None:
        """The kernels started compiling (from any thread): ``note`` is shown until the
        first table, the display started at once (the compile is the wait)."""
        self.note = note
        self._draw()

    def progress(self, n: int) -> None:
        """Deals finished (``n`` more); the status line follows them."""
        self.done += n
        self._draw()

    def update(self, report) -> None:
        """A new table so far."""
        self.table = self.render(report, self.console.width, self.console.height - 1)
        if self.goal is not None:
            self.reached = self.goal(report)
        self._draw()

    def _draw(self) -> None:
        if not self.shown:
            self.shown = True
            self.live.__enter__()
        self.live.refresh()

    def status(self) -> str:
        """The status line now: what is done, the time since the start, what ends the run
        (``goal``), how to stop; shortened to one line of the console."""
        head = (f"searching: {self.done:,} {self.unit}, "
                f"{elapsed_words(time.monotonic() - self.started)}"
                + (f"; {self.reached}" if self.reached else ""))
        status = f"{head} (Ctrl-C stops; the table of the finished rounds is kept)"
        for shorter in (f"{head} (Ctrl-C stops)", head):  # one line, as the height counts it
            if len(status) > self.console.width:
                status = shorter
        return status[:self.console.width]

    def _screen(self) -> Text:
        """What the display shows (called by rich at each refresh, from its thread too)."""
        status = self.status()
        return Text(f"{self.table}\n{status}" if self.table else f"{status}{self.note}")
