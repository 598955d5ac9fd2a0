"""The live table of a precision-driven run on a terminal: the table so far, redrawn in
place (at most once a second) as the rounds end, with a status line; drawn by ``rich``'s
``Live`` display on stdout. The final table is printed normally after it."""

from __future__ import annotations

import time

from rich.console import Console
from rich.live import Live
from rich.text import Text


class LiveTable:
    """``with LiveTable(render) as t: request.run(progress=t.progress, on_update=t.update)``;
    ``render(report, width, height) -> str`` gives the text of a report so far for a
    terminal of ``width`` columns and ``height`` lines (the status line takes one more);
    ``note`` (the cold compile's, ``progress.compile_note``) is shown until the first
    table. ``console``: rich's console to draw on (default: stdout's); ``unit``: what
    ``progress`` counts, in the status line."""

    def __init__(self, render, note: str = "", refresh_per_second: float = 1.0,
                 console: Console | None = None, unit: str = "deal searches"):
        self.render = render
        self.note = note
        self.unit = unit
        self.console = console or Console()
        self.live = Live(Text(f"searching the first {unit.split()[0]} …"), console=self.console,
                         refresh_per_second=refresh_per_second, transient=True,
                         redirect_stdout=False, redirect_stderr=False)
        self.started = time.monotonic()
        self.done = 0
        self.table = ""

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

    def progress(self, n: int) -> None:
        """Deals finished (``n`` more); the status line follows them."""
        self.done += n
        self._draw()

    def update(self, report) -> None:
        """A new table so far."""
        self.table = self.render(report, self.console.width, self.console.height - 1)
        self._draw()

    def _draw(self) -> None:
        if not self.shown:
            self.shown = True
            self.live.__enter__()
        status = (f"searching: {self.done:,} {self.unit}, "
                  f"{time.monotonic() - self.started:.0f} s (Ctrl-C stops; the table of the "
                  "finished rounds is kept)")
        if len(status) > self.console.width:        # one line, as the height counts it
            status = status.split(" (")[0] + " (Ctrl-C stops)"
        self.live.update(Text(f"{self.table}\n{status}" if self.table
                              else f"{status}{self.note}"))
