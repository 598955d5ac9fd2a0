"""Running a batch: every job serially, in a pool of spawned worker processes or on a
Dask cluster, its rows appended to the output file as it finishes."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import sys
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..errors import RoyalSimError
from .inputs import Job
from .output import (CSV_HEADER, Existing, check_output, check_resumable, format_rows,
                      read_results, write_sorted)
from .rows import BatchOptions, max_threads, run_job

HANDSHAKE_GRACE = 5.0  # seconds beyond the connect timeout for Dask's handshake
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Dask scheduler before giving up."""
STOP_WAIT = 5.0       # seconds to wait for each stopped worker (and the pool manager) on Ctrl-C


@dataclass
class BatchResult:
    """Outcome of ``run_batch``: inputs done in this run, inputs already in the output
    (resumed), and the inputs that failed (job, reason)."""

    done: int = 0
    resumed: int = 0
    failed: list[tuple[Job, str]] = field(default_factory=list)
    workers: int = 1
    threads: int = 1


def _worker_init(parent: int) -> None:
    """A batch worker process: Ctrl-C is the parent's to handle (it stops the workers), and
    on Linux the worker is killed when the parent dies, even by SIGKILL (``prctl``
    PR_SET_PDEATHSIG), so that no idle worker is left behind."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        if os.getppid() != parent:          # the parent died before prctl
            os._exit(1)


def _serial(todo, opts) -> Iterator[tuple[Job, tuple]]:
    for job in todo:
        yield job, run_job(job, opts)


def _pool(todo, opts, workers) -> Iterator[tuple[Job, tuple]]:
    ex = cf.ProcessPoolExecutor(max_workers=workers,
                                mp_context=multiprocessing.get_context("spawn"),
                                initializer=_worker_init, initargs=(os.getpid(),))
    clean = False
    try:
        with _sigint_ignored():     # the workers are started with Ctrl-C ignored (below)
            futures = {ex.submit(run_job, job, opts): job for job in todo}
        for fut in cf.as_completed(futures):
            yield futures[fut], fut.result()
        clean = True
    finally:
        if clean:
            ex.shutdown(wait=True)
        else:               # interrupted: stop the workers now, drop the queued inputs
            _stop_pool(ex)


@contextlib.contextmanager
def _sigint_ignored():
    """Ctrl-C ignored in this process meanwhile (from the main thread only; elsewhere a
    no-op). Worker processes started meanwhile inherit the ignored signal through their
    exec, so an interrupt while they import (before ``_worker_init``) prints no traceback
    in them; the parent handles it once the workers are up."""
    import signal

    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, old)


def _stop_pool(ex) -> None:
    """Stop an interrupted pool: drop the queued inputs, terminate the workers and wait
    for the pool's manager thread, with Ctrl-C ignored meanwhile (a second interrupt
    there, or the manager thread left for the interpreter's exit to join, printed a
    traceback at exit)."""
    with _sigint_ignored():
        procs = list((getattr(ex, "_processes", None) or {}).values())
        ex.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            p.terminate()
        for p in procs:
            p.join(STOP_WAIT)
            if p.is_alive():            # deaf to SIGTERM: kill it
                p.kill()
                p.join(STOP_WAIT)
        manager = getattr(ex, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(STOP_WAIT)


def connect(address: str, timeout: float | None = None):
    """A ``distributed.Client`` for the scheduler at ``address``. Raises ``RoyalSimError``
    when ``distributed`` is not installed or the scheduler cannot be reached within
    ``timeout`` seconds (default ``CONNECT_TIMEOUT``)."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise RoyalSimError("scheduler needs the Dask 'distributed' package: install "
                            "royal-sim[distributed] (pip install 'royal-sim[distributed]')",
                            argument="scheduler") from None
    # in a thread with a deadline: a server that accepts the connection but never answers
    # Dask's handshake (the dashboard's port, any HTTP server) makes Client wait forever
    box: dict = {}

    def attempt():
        try:
            box["client"] = Client(address, timeout=timeout, set_as_default=False)
        except Exception as e:  # noqa: BLE001 - anything the connection attempt raises
            box["error"] = f"{type(e).__name__}: {e}".replace("\n", " ")

    t = threading.Thread(target=attempt, name="royal-sim connect", daemon=True)
    t.start()
    t.join(timeout + HANDSHAKE_GRACE)
    if "client" in box:
        return box["client"]
    reason = box.get("error") or (
        f"no Dask answer within {timeout + HANDSHAKE_GRACE:g} s: is it the scheduler's "
        f"address (port 8786 by default), not its dashboard's (8787) or another server?")
    # collect the half-built client now, while its event loop runs: collected at exit, it
    # waits 2 x timeout to close
    import gc
    gc.collect()
    raise RoyalSimError(f"cannot connect to the Dask scheduler at {address!r} ({reason})")


def _dask(todo, opts, client) -> Iterator[tuple[Job, tuple]]:
    from distributed import as_completed

    futures = {}
    try:
        for job in todo:
            futures[client.submit(run_job, job, opts, pure=False)] = job
        for fut in as_completed(list(futures), loop=client.loop):
            job = futures[fut]
            try:
                res = fut.result()
            except Exception as e:  # noqa: BLE001 - a worker without royal-sim, a lost worker
                raise RoyalSimError(f"the Dask cluster failed on line {job.line} ({job.id}): "
                                    f"{type(e).__name__}: {e}") from None
            yield job, res
    finally:
        for fut in futures:
            fut.cancel()
        client.close()



def run_batch(jobs: Sequence[Job], out: str | Path, opts: BatchOptions, *,
              n_jobs: int | None = None, scheduler: str | None = None, resume: bool = False,
              force: bool = False, strict: bool = False,
              on_error: Callable[[Job, str], None] | None = None,
              on_start: Callable[[int, BatchResult], None] | None = None,
              progress: Callable[[Job], None] | None = None) -> BatchResult:
    """Run every input and append its rows to ``out`` (CSV or JSON lines by extension).

    n_jobs: cores to use (default and at most all the machine's): inputs run in
    ``min(n_jobs, inputs)`` spawned worker processes with ``n_jobs // workers`` numba
    threads each, or in this process with ``n_jobs`` threads when one worker suffices;
    scheduler: a Dask scheduler address instead; resume: skip inputs whose rows ``out``
    already holds (an incomplete trailing group is dropped first); force: overwrite
    ``out``; strict: stop at the first input that fails (``RoyalSimError`` after the rows
    so far are written); on_error(job, reason): an input failed (it is skipped);
    on_start(todo, result): called once before the first input is run; progress(job): an
    input's rows are written.

    Each input's rows are written with one write call and flushed; when every input has
    run, the file is rewritten in input order. Raises ``RoyalSimError`` for an output that
    exists (without ``resume``/``force``), cannot be written, or holds other results, and
    for an unreachable scheduler. ``KeyboardInterrupt`` propagates after the workers are
    stopped; the rows written so far stay and can be resumed.
    """
    out = Path(out)
    fmt = check_output(out, resume, force)
    exists = out.exists()
    existing = Existing()
    if exists and resume:
        try:
            existing = read_results(out, fmt)
        except OSError as e:
            raise RoyalSimError(f"cannot read {str(out)!r}: {e.strerror or e}") from None
        check_resumable(out, existing, jobs, opts)
    todo = [j for j in jobs if j.id not in existing.groups]
    result = BatchResult(resumed=len(jobs) - len(todo))

    cores = os.cpu_count() or 1
    n_jobs = min(n_jobs or cores, cores)     # more processes than cores only slow it
    client = None
    if scheduler is not None:
        client = connect(scheduler)
        opts = replace(opts, threads=None)
        result.workers, result.threads = len(client.nthreads()), 0
    else:
        result.workers = max(1, min(n_jobs, len(todo)))
        # (numba runs at most NUMBA_NUM_THREADS threads, the machine's cores by default)
        result.threads = max(1, min(n_jobs // result.workers, max_threads()))
        opts = replace(opts, threads=result.threads)

    try:
        if exists and resume:
            with open(out, "r+b") as f:
                f.truncate(existing.keep)
            f = open(out, "a", encoding="utf-8", newline="")
            if fmt == "csv" and not existing.header:
                f.write(CSV_HEADER)
        else:
            f = open(out, "w", encoding="utf-8", newline="")
            if fmt == "csv":
                f.write(CSV_HEADER)
        f.flush()
    except OSError as e:
        if client is not None:
            client.close()
        raise RoyalSimError(f"cannot write {str(out)!r}: {e.strerror or e}") from None

    if on_start is not None:
        on_start(len(todo), result)
    if client is not None:
        runs = _dask(todo, opts, client)
    elif result.workers > 1:
        runs = _pool(todo, opts, result.workers)
    else:
        runs = _serial(todo, opts)
    try:
        with f:
            for job, (rows, err) in runs:
                if err is not None:
                    result.failed.append((job, err))
                    if on_error is not None:
                        on_error(job, err)
                    if strict:
                        raise RoyalSimError(f"line {job.line} ({job.id}): {err}")
                    continue
                f.write(format_rows(rows, fmt))
                f.flush()
                result.done += 1
                if progress is not None:
                    progress(job)
    finally:
        runs.close()
    write_sorted(out, fmt, [j.id for j in jobs])
    return result
