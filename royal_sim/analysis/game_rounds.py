"""Deals searched round by round for the analyses of the other games (``--game``): the one
driver of ``game_analysis`` (belote, coinche), ``declarer_analysis`` (the declarer games of
source 004) and ``each_analysis`` (Vier-Anderle, Strohmandli).

A game's analysis gives the deals (an endless iterator, the same seed the same deals), a
``search(worker, deal) -> verdict`` for one deal and ``new_worker()`` making one thread's
solvers (``engine.counts.CountSolver`` keeps a table: one a thread). The deals of a round are
searched on ``jobs`` threads side by side (the count kernels release the GIL) and kept in
the order they were drawn, so a run's figures do not depend on the threads: each verdict is
a function of its deal alone (the table changes the nodes, never a value).

Rounds end at ``looks`` (``stopping.StoppingRule.looks()`` for a precision-driven run, one
look for a fixed number of deals); after each the caller's ``settled(verdicts)`` says whether
to stop. Interrupted (Ctrl-C), the ``KeyboardInterrupt`` carries ``.partial``: the ``Rounds``
of the rounds finished (a run of one look: its deals finished, a prefix of the deals drawn),
``None`` before any; no deal of an unfinished round is in a figure of a precision-driven
run, as the stopping rule's coverage asks (``StoppingRule.interval``), but for the first
round: before any look its finished deals are a prefix of a fixed size, as a fixed run's.
A second interrupt while the deals running finish (Ctrl-C again; ``timeout -s INT`` signals
the process and its group) stops the waiting only: the finished deals are kept all the same
(``stop_pool``).
The deals are searched on the pool's threads, never on the calling one, so an interrupt
reaches the caller at once, while a search (a numba kernel) runs; given ``stop(worker)``,
the interrupt stops every worker's search under way (``engine.counts.CountSolver.stop``),
which then ends without a verdict: Ctrl-C is answered within a node, not after the deal.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterator


@dataclass
class Rounds:
    """What a run searched: ``deals`` (in the order drawn) and their ``verdicts`` (one a
    deal), ``rounds`` finished, ``seconds`` of searching; ``interrupted``: cut short by
    Ctrl-C (the figures are of what is here)."""

    deals: list = field(default_factory=list)
    verdicts: list = field(default_factory=list)
    rounds: int = 0
    seconds: float = 0.0
    interrupted: bool = False


def jobs_of(jobs: int | None) -> int:
    """The threads to search on: ``jobs`` (at least 1) or every core, at most the machine's
    cores (more threads than cores only share them)."""
    cores = max(1, os.cpu_count() or 1)
    if jobs is None:
        return cores
    from ..errors import RoyalSimError

    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RoyalSimError(f"jobs must be a whole number of at least 1, got {jobs!r}",
                            argument="jobs")
    return min(jobs, cores)


def run_rounds(source: Iterator, search: Callable, new_worker: Callable, looks: list[int],
               settled: Callable[[list], bool] | None = None, *, jobs: int | None = None,
               progress: Callable[[int], None] | None = None,
               on_update: Callable[[Rounds], None] | None = None,
               stop: Callable[[object], None] | None = None) -> Rounds:
    """Search deals of ``source`` until a look after which ``settled(verdicts)`` is true, or
    the last look (module doc). ``progress(n)``: deals finished (called from this thread);
    ``on_update(rounds)``: after each round; ``stop(worker)``: stops a worker's search under
    way and its later ones, from this thread (on an interrupt).

    :raises KeyboardInterrupt: with ``.partial`` (module doc)."""
    threads = jobs_of(jobs)
    local = threading.local()
    workers: list = []

    def one(deal):
        worker = getattr(local, "worker", None)
        if worker is None:
            worker = local.worker = new_worker()
            workers.append(worker)
        return search(worker, deal)

    done = Rounds()
    start = time.perf_counter()
    if progress:
        progress(0)
    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="royal-sim-deal")
    batch: list = []
    got: list = []
    try:
        for look in looks:
            batch = [next(source) for _ in range(look - len(done.deals))]
            got = []
            # in the order drawn, on the pool: this thread waits, and Ctrl-C reaches it
            pending = [pool.submit(one, deal) for deal in batch]
            for f in pending:
                got.append(f.result())
                if progress:
                    progress(1)
            done.deals += batch
            done.verdicts += got
            done.rounds += 1
            done.seconds = time.perf_counter() - start
            if on_update:
                on_update(done)
            if settled is not None and settled(done.verdicts):
                break
    except KeyboardInterrupt as e:
        # the finished deals first: a second interrupt while the running deals finish
        # (Ctrl-C pressed again; ``timeout`` signals the process and its group) must not
        # lose them
        if (len(looks) == 1 or done.rounds == 0) and got:
            # a fixed run, or the first round of a precision-driven one: the prefix of its
            # deals finished, a sample of a fixed size (no look has read the deals yet)
            done.deals += batch[:len(got)]
            done.verdicts += got
        done.interrupted = True
        e.partial = done if done.deals else None
        if stop is not None:
            for w in list(workers):
                stop(w)
        stop_pool(pool)
        done.seconds = time.perf_counter() - start
        raise
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)
    return done


def stop_pool(pool: ThreadPoolExecutor) -> None:
    """Cancel the deals of ``pool`` not started and wait for those running (a search cannot
    be stopped midway); a further interrupt (Ctrl-C, SIGTERM) only stops the waiting, so the
    interrupt being handled goes on with what it carries (``.partial``)."""
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)


MAX_SAMPLES = 1_000_000
"""The most deals of an analysis of another game."""


def deal_counts(samples, precision, *, default_samples: int, cap: int):
    """The deals of an analysis: ``(n, None)`` for a fixed run of ``samples`` (default
    ``default_samples``) deals when ``precision`` is ``None``, else ``(cap, rule)``: the
    ``stopping.StoppingRule`` at ``precision`` with ``samples`` as its cap (default
    ``cap``). Raises ``RoyalSimError`` (argument ``samples`` or ``precision``) for a count
    that is not a whole number from 1 to ``MAX_SAMPLES`` or a precision out of range."""
    from ..errors import RoyalSimError
    from .stopping import StoppingRule

    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)):
        raise RoyalSimError(f"samples must be a whole number, got {samples!r}",
                            argument="samples")
    if precision is None:
        n = default_samples if samples is None else samples
        if not 1 <= n <= MAX_SAMPLES:
            raise RoyalSimError(f"samples must be 1 to {MAX_SAMPLES:,}, got {n}",
                                argument="samples")
        return n, None
    rule = StoppingRule(precision, cap if samples is None else samples)
    if rule.cap > MAX_SAMPLES:
        raise RoyalSimError(f"samples must be at most {MAX_SAMPLES:,}, got {rule.cap}",
                            argument="samples")
    return rule.cap, rule


def run_analysis(result: Callable[[Rounds], object], source: Iterator, search: Callable,
                 new_worker: Callable, looks: list[int],
                 settled: Callable[[list], bool] | None = None, *, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 on_update: Callable[[object], None] | None = None,
                 stop: Callable[[object], None] | None = None):
    """``run_rounds`` with its rounds turned into an analysis by ``result``: returns
    ``result(rounds)``, gives ``on_update`` the analysis after each round, and an interrupt
    carries the analysis of the rounds finished as ``.partial`` (``None`` before any)."""
    try:
        done = run_rounds(source, search, new_worker, looks, settled, jobs=jobs,
                          progress=progress, stop=stop,
                          on_update=(lambda d: on_update(result(d))) if on_update else None)
    except KeyboardInterrupt as e:
        partial = getattr(e, "partial", None)
        e.partial = None if partial is None else result(partial)
        raise
    return result(done)
