"""Progress on stderr, one mechanism for every long command (analyze, advise, batch), and the
notes announcing a first compile of numba's kernels (``compile_note``, ``announce_compile``,
``compiling``) while the cache is cold. On a terminal the time since the start is shown and
moves every ``TICK`` seconds, drawn by a thread of its own, while nothing reports: the first
compile of the kernels takes up to a minute before the first deal is done."""

from __future__ import annotations

import sys
import threading
import time

import click

LOG_EVERY = 10.0
"""Seconds between progress lines on a stderr that is not a terminal (a log file)."""

BAR_WIDTH = 36
"""The widest a progress bar is drawn (click's default); narrower when the line needs the
room."""

TICK = 1.0
"""Seconds between two drawings of a bar or a waiting line on a terminal when nothing
reports: its clock moves (``elapsed_words``)."""


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


COUNT_COMPILE_TIME = "a minute or two"
"""The first compile of the count search's kernels (every game but royal) on 2 cores: 69 and
74 s for ``analyze --game coinche`` after a change to the kernels, about 80 s for a fresh
install's first ``solve --game`` (2026-12-06)."""

COUNT_COMPILE_NOTE = f" (compiling the count search first: once, {COUNT_COMPILE_TIME})"
"""The note of a first compile of the count search of the other games, shown when numba
starts compiling one of its kernels (``compile_watch``): the cache cannot say beforehand
which of them a run will call."""


class compile_watch:
    """``with compile_watch(on_start): ...``: ``on_start()`` is called once, from the
    compiling thread, when numba starts compiling a kernel of royal-sim inside the block (a
    cold cache); never when every kernel the block calls is loaded from the cache (numba's
    ``numba:compile`` event fires only for a compile)."""

    def __init__(self, on_start):
        from numba.core import event

        class _Listener(event.Listener):
            def on_start(listener, ev):
                fn = getattr(ev.data.get("dispatcher"), "py_func", None)
                if self._fired or not getattr(fn, "__module__", "").startswith("royal_sim"):
                    return
                self._fired = True
                on_start()

            def on_end(listener, ev):
                pass

        self._fired = False
        self._listener = _Listener()

    def __enter__(self) -> compile_watch:
        from numba.core import event
        event.register("numba:compile", self._listener)
        return self

    def __exit__(self, *exc) -> bool:
        from numba.core import event
        event.unregister("numba:compile", self._listener)
        return False


def announce_compile(note: str, what: str) -> None:
    """Print ``what`` + ``note`` on stderr (e.g. "Solving (compiling … first: once, under a
    minute)…") when there is a note (a cold cache); nothing otherwise."""
    if note:
        click.echo(f"{what}{note}...", err=True)


def elapsed_words(seconds: float) -> str:
    """A time since the start as the progress shows it: ``42 s``, ``3 min 05 s``,
    ``1 h 02 min``."""
    s = int(seconds)
    if s < 60:
        return f"{s} s"
    m, s = divmod(s, 60)
    if m < 60:
        return f"{m} min {s:02d} s"
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min"


class _Ticker:
    """Calls ``draw()`` every ``TICK`` seconds from a daemon thread, from ``start()`` to
    ``stop()`` (which waits for a drawing under way)."""

    def __init__(self, draw):
        self._draw = draw
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="royal-sim clock", daemon=True)

    def start(self) -> _Ticker:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stopped.wait(TICK):
            self._draw()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()


class compiling:
    """``with compiling(note, "Solving"): ...``: the work of a command that reports no
    progress (solve, review), announced when there is a ``note`` (a cold cache): off a
    terminal the line of ``announce_compile``; on a terminal that line followed by the time
    since the start, moving every ``TICK`` seconds until the block ends. Without a note,
    nothing."""

    def __init__(self, note: str, what: str):
        self.line = f"{what}{note}..." if note else ""
        self._ticker = None
        self._lock = threading.Lock()

    def __enter__(self) -> compiling:
        if not self.line:
            return self
        if not sys.stderr.isatty():
            click.echo(self.line, err=True)
            return self
        self._start = time.monotonic()
        self._draw()
        self._ticker = _Ticker(self._draw).start()
        return self

    def _draw(self) -> None:
        with self._lock:
            click.echo(f"\r{self.line} {elapsed_words(time.monotonic() - self._start)}",
                       err=True, nl=False)

    def __exit__(self, *exc) -> bool:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
            click.echo(err=True)
        return False


SHOW_AFTER = 2.0
"""Seconds a search runs on a terminal before ``SearchProgress`` shows it (a quick answer
draws nothing)."""


class SearchProgress:
    """``with SearchProgress("Solving") as p: solve(..., progress=p.stage)``: a search that
    reports stages, not steps (``solve --game``), shown on stderr while it runs: what it
    searches and knows so far (``stage(words, solver)``), the nodes searched (the solver's,
    read while the search runs) and the time since the start; ``stop()`` stops it. On a
    terminal one line drawn anew every ``TICK`` seconds once the search has run
    ``SHOW_AFTER`` seconds; off a terminal a line every ``LOG_EVERY`` seconds. When numba
    starts compiling a kernel (``compile_watch``) the line ``what`` + ``COUNT_COMPILE_NOTE``
    is shown at once."""

    def __init__(self, what: str):
        self.what = what
        self.words = ""
        self._solver = None
        self._stopped = False
        self._tty = sys.stderr.isatty()
        self._start = self._last = time.monotonic()
        self._lock = threading.Lock()
        self._note = ""
        self._drawn = False
        self._ticker = None
        self._watch = compile_watch(self._compiling)

    def stage(self, words: str, solver) -> None:
        """A new stage: ``words`` (what is searched, what is known), ``solver`` searching
        (``.nodes`` so far, ``.stop()``)."""
        with self._lock:
            self.words, self._solver = words, solver
            stopped = self._stopped
        if stopped:
            solver.stop()

    def stop(self) -> None:
        """Stop the search under way (Ctrl-C) and every later one: the solvers' ``stop``."""
        with self._lock:
            self._stopped = True
            solver = self._solver
        if solver is not None:
            solver.stop()

    def _nodes(self) -> int:
        return 0 if self._solver is None else self._solver.nodes

    def _compiling(self) -> None:
        with self._lock:
            self._note = COUNT_COMPILE_NOTE
            if not self._tty:
                click.echo(f"{self.what}{self._note}...", err=True)
        self._tick()

    def line(self) -> str:
        """The progress line now."""
        elapsed = elapsed_words(time.monotonic() - self._start)
        known = f": {self.words}" if self.words else ""
        return f"{self.what}{self._note}{known}; {self._nodes():,} nodes, {elapsed}"

    def _tick(self) -> None:
        with self._lock:
            now = time.monotonic()
            if self._tty:
                if self._note or now - self._start >= SHOW_AFTER:
                    import shutil

                    width = shutil.get_terminal_size().columns - 1
                    click.echo(f"\r{self.line()[:width]:{width}}", err=True, nl=False)
                    self._drawn = True
            elif now - self._last >= LOG_EVERY:
                self._last = now
                click.echo(self.line(), err=True)

    def __enter__(self) -> SearchProgress:
        self._watch.__enter__()
        self._ticker = _Ticker(self._tick).start()
        return self

    def __exit__(self, *exc) -> bool:
        self._watch.__exit__(*exc)
        self._ticker.stop()
        if self._drawn:
            click.echo(err=True)
        return False


class Progress:
    """Progress of ``total`` steps, fed by ``update(n)`` (``n`` more steps done; 0: the
    work starts). Nothing is shown before the first ``update``, so an input error found
    before any work prints nothing but the error.

    On a terminal: ``label`` and ``note`` on a line when there is a note (the kernels are
    compiling), then a click bar labelled ``label``, with ``per_minute`` the rate in steps
    a minute beside it, the time since the start and (a fixed total) the time left. Off a
    terminal (a log file): a line ``log_label: 0 of total`` + ``note`` when the work starts,
    if there is a note, then ``log_label: done of total`` at most every ``LOG_EVERY``
    seconds while steps remain (``log_label``: ``label`` by default). ``until``: the work
    ends when its rule says (``total`` is only a cap, e.g. a precision-driven analysis):
    the lines say ``done so far, until`` and the bar shows no time left; ``reach`` then says
    how far the run is toward what ends it (the bar fills with it, or with the steps
    against the cap when that is nearer). On a terminal the bar is drawn anew every
    ``TICK`` seconds while nothing reports (the kernels compiling), its time moving.
    """

    def __init__(self, total: int, label: str, *, note: str = "", log_label: str = "",
                 per_minute: bool = False, until: str = ""):
        self.total, self.label, self.note, self.until = total, label, note, until
        self.log_label = log_label or label
        self.per_minute = per_minute
        self.done = 0
        self.bar = None
        self.reached: tuple[int, int, str] | None = None
        self._tty = sys.stderr.isatty()
        self._start = self._last = time.monotonic()
        self._lock = threading.RLock()
        self._ticker = None
        self._first: tuple[float, int] | None = None   # (when, steps) the first steps were done
        self._begun = False

    def update(self, n: int = 1) -> None:
        """``n`` more steps are done (0: the work starts)."""
        with self._lock:
            self._begun = True
            self.done += n
            if n and self._first is None:
                self._first = (time.monotonic(), self.done)
            if self._tty:
                self._update_bar(n)
            else:
                self._update_lines(n)

    def compiling(self, note: str) -> None:
        """The kernels started compiling (from any thread, after the work started):
        ``note`` is shown, on a line of its own (the bar is drawn again under it)."""
        with self._lock:
            self.note = note
            if not self._tty and self._begun:       # (else the start's line says it)
                click.echo(f"{self.log_label}: {self.done} {self._of()}{note}", err=True)
            elif self.bar is not None:
                click.echo(f"\r\033[K{self.label}{note}...", err=True)
                self._render()

    def reach(self, done: int, total: int, words: str) -> None:
        """How far a run that ends by its rule (``until``) is toward its end: ``done`` of
        ``total`` things settled, said in ``words`` (e.g. ``40/65 slems settled``). The bar
        fills with ``done / total`` (or the steps against the cap, when nearer); the lines
        off a terminal add the words."""
        with self._lock:
            self.reached = (done, max(total, 1), words)
            if self.bar is not None:
                self._render()

    def _show_reached(self) -> None:
        """The bar as far as the run is toward its end: by its rule (``reach``) or by the
        cap (``total`` steps), whichever is nearer."""
        done, total, _ = self.reached
        near = max(done / total, self.done / max(self.total, 1))
        self.bar.show_pos = self.bar.show_percent = False
        self.bar.length, self.bar.pos = 1000, min(int(1000 * near), 1000)

    def _render(self) -> None:
        """Draw the bar, as wide as the line leaves room for (at most ``BAR_WIDTH``)."""
        import shutil

        from click._compat import term_len

        if self.reached:
            self._show_reached()
        self.bar.width = 0
        room = shutil.get_terminal_size().columns - 1 - term_len(self.bar.format_progress_line())
        self.bar.width = max(0, min(BAR_WIDTH, room))
        self.bar.render_progress()

    def _update_lines(self, n: int) -> None:
        now = time.monotonic()
        if n == 0:
            if self.done == 0 and self.note:
                click.echo(f"{self.log_label}: 0 {self._of()}{self.note}", err=True)
        elif now - self._last >= LOG_EVERY and self.done < self.total:
            self._last = now
            click.echo(f"{self.log_label}: {self.done} {self._of()}", err=True)

    def _of(self) -> str:
        if not self.until:
            return f"of {self.total}"
        return f"so far ({self.reached[2]}), {self.until}" if self.reached else \
            f"so far, {self.until}"

    def _info(self) -> str:
        """What the bar shows after it: the steps so far and how far the run is toward
        its end when the bar fills with that (``reach``), the rate, the time since the
        start and (a fixed total) the time left."""
        elapsed = time.monotonic() - self._start
        bits = [f"{self.done:,} so far, {self.reached[2]}"] if self.reached else []
        if self.per_minute:
            bits.append(f"{self.done / max(elapsed, 1e-9) * 60:.1f}/min")
        bits.append(elapsed_words(elapsed))
        if not self.until and self._first is not None and self._first[1] < self.done < self.total:
            # the rate since the first steps were done (not the compile before them)
            t, d = self._first
            left = (time.monotonic() - t) / (self.done - d) * (self.total - self.done)
            bits[-1] += f", about {elapsed_words(left)} left"
        return "  ".join(bits)

    def _update_bar(self, n: int) -> None:
        if self.bar is None:
            if self.note:       # a line of its own: the bar's line fits the terminal
                click.echo(f"{self.label}{self.note}...", err=True)
            self.bar = click.progressbar(
                length=self.total, label=self.label, file=sys.stderr,
                show_pos=True, show_eta=False, width=BAR_WIDTH,
                item_show_func=lambda _: self._info())
            self.bar.entered = True     # (click's __enter__ draws it: at its full width)
            self._ticker = _Ticker(self._tick).start()
            if n == 0:
                self._render()
                return
        if self.reached:                # the bar follows what ends the run, not the steps
            self._render()
        else:
            self.bar.make_step(n)       # (update's step, then our drawing)
            self._render()

    def _tick(self) -> None:
        with self._lock:
            if self.bar is not None:
                self._render()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        with self._lock:
            if self.bar is not None:
                self.bar.__exit__(*exc)
                self.bar = None
        return False
