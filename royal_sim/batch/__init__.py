"""Batch analysis: many hands and deals from one file, one result row per input × slem.

Inputs (``read_inputs``), by the file's extension:

* ``.txt``: one ``HAND @ SEAT`` or one deal (4 hands separated by ``/``) per line; ``#``
  starts a comment, blank lines are ignored; the id of an input is ``line N``;
* ``.jsonl`` / ``.ndjson``: one object per line, ``{"hand": …, "seat": …, "id": …}`` or
  ``{"deal": …, "id": …}`` (``id`` optional, default ``line N``);
* ``.csv``: a header row, then the same columns (``hand``, ``seat``, ``deal``, ``id``).

A hand is analysed by ``analysis.analyze`` (sampled deals, each slem's best parameter); a
deal (a full deal or a position, ``A_IND`` leading) is solved for both pairs: max tricks
and ``analysis.solve_slems``. The sampler seed of a hand is ``input_seed(run seed, id)``, so
the figures do not depend on the order of the inputs, on parallelism or on resuming, and
the row's ``seed`` reproduces them with ``royal-sim analyze HAND --seat S --seed SEED``.

Output (``COLUMNS``), CSV or JSON lines by the extension of the output file; every row names
its input (``id`` and ``input``, the hand or deal in canonical notation). Per hand, one
row per slem (``probability``, 95 % Wilson ``ci_lo``/``ci_hi``, ``made`` of ``deals``) and a
``max_tricks`` row (``tricks``: mean tricks the hand's pair can force, ``tricks_dist``:
``k:count`` over the sampled deals); per deal, one row per pair × slem key (``made``: 1
or 0 of ``deals`` = 1: the column counts deals made for hands and deals alike) and a
``max_tricks`` row per pair (``tricks``). The ``max_tricks`` rows close an input's group,
which is written with one write call and flushed as the input finishes (in finishing
order); an interrupted file is resumed by dropping an incomplete trailing group, and a
finished run rewrites the file in input order, so the final file is the same whatever the
order, parallelism or interruptions.
"""

from __future__ import annotations

import concurrent.futures as cf
import csv
import hashlib
import io
import json
import multiprocessing
import os
import sys
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..model import cards as C
from ..slems import catalogue as S
from ..model.deal import Deal, Pair, Seat, parse_hand, parse_seat
from ..errors import RoyalSimError

COLUMNS = ("id", "input", "kind", "seat", "pair", "slem", "param", "value", "probability",
           "ci_lo", "ci_hi", "made", "deals", "bound", "tricks", "tricks_dist", "rules",
           "samples", "seed")
MAX_TRICKS = "max_tricks"
"""``slem`` of the row giving the tricks a pair can force; it closes an input's rows."""

INPUT_FORMATS = {".txt": "txt", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
OUTPUT_FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
HANDSHAKE_GRACE = 5.0  # seconds beyond the connect timeout for Dask's handshake
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Dask scheduler before giving up."""


# ---------------------------------------------------------------------------------------
# inputs


@dataclass(frozen=True)
class Job:
    """One input: a hand at a seat (``kind == "hand"``) or four hands (``"deal"``).

    ``hand``: bit mask of the 10 cards; ``deal``: the 4 masks in seat order; ``line``: the
    input file's line number (1-based)."""

    id: str
    line: int
    kind: str
    hand: int = 0
    seat: Seat | None = None
    deal: tuple[int, int, int, int] | None = None

    @property
    def text(self) -> str:
        """The input in canonical notation (``HAND @ SEAT`` or the deal): the ``input``
        column of its rows."""
        if self.kind == "hand":
            return f"{C.format_cards(self.hand)} @ {self.seat.name}"
        return str(Deal(self.deal))


@dataclass(frozen=True)
class BadLine:
    """An input line that could not be read: its number and the reason."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def _format_of(path: Path, formats: dict[str, str], what: str) -> str:
    fmt = formats.get(path.suffix.lower())
    if fmt is None:
        raise RoyalSimError(f"unknown file format of {what} {str(path)!r}: use "
                            + ", ".join(formats))
    return fmt


def _make_job(line: int, id_, hand, seat, deal) -> Job:
    """A job from the fields of one input (strings or None; a JSON id may be a number);
    raises ``RoyalSimError``."""
    for name, v in (("hand", hand), ("seat", seat), ("deal", deal)):
        if v is not None and not isinstance(v, str):
            raise RoyalSimError(f"{name} must be a string in card notation, got "
                                f"{type(v).__name__} {json.dumps(v)[:40]}")
    if id_ is not None and (isinstance(id_, bool) or not isinstance(id_, (str, int))):
        raise RoyalSimError(f"id must be a string or a whole number, got {json.dumps(id_)[:40]}")
    ident = f"line {line}" if id_ is None or str(id_).strip() == "" else str(id_).strip()
    if any(ord(c) < 32 for c in ident):
        raise RoyalSimError(f"id {ident!r} contains a control character")
    blank = [v is None or str(v).strip() == "" for v in (hand, seat, deal)]
    if not blank[2]:
        if not (blank[0] and blank[1]):
            raise RoyalSimError("give either a hand with its seat or a deal, not both")
        d = Deal.parse(str(deal))
        return Job(ident, line, "deal", deal=d.hands)
    if blank[0]:
        raise RoyalSimError("no hand or deal")
    if blank[1]:
        raise RoyalSimError("hand without seat")
    seat_ = parse_seat(str(seat).strip())
    return Job(ident, line, "hand", hand=parse_hand(str(hand), seat_), seat=seat_)


def _text_fields(text: str):
    if "@" in text:
        if text.count("@") > 1:
            raise RoyalSimError("more than one '@' (expected 'HAND @ SEAT')")
        hand, _, seat = text.partition("@")
        return None, hand, seat.strip(), None
    if "/" in text:
        return None, None, None, text
    raise RoyalSimError("expected 'HAND @ SEAT' or a deal (4 hands separated by '/')")


def read_inputs(path: str | Path) -> tuple[list[Job], list[BadLine]]:
    """Read a batch input file (see the module docstring); the format is chosen by extension.

    Returns the valid inputs in file order and the bad lines (line number, reason): a hand
    or deal that does not parse, a missing field, a repeated id, an id that is the automatic
    id ('line N') of a line without one. Raises ``RoyalSimError``
    for a missing or unreadable file, an unknown extension, a CSV header without the needed
    columns, or a file with no input line at all (empty).
    """
    path = Path(path)
    fmt = _format_of(path, INPUT_FORMATS, "input")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RoyalSimError(f"input file {str(path)!r} not found") from None
    except UnicodeDecodeError as e:
        raise RoyalSimError(f"cannot read input file {str(path)!r}: not UTF-8 text ({e}); "
                            "save it as UTF-8") from None
    except OSError as e:
        raise RoyalSimError(f"cannot read input file {str(path)!r}: "
                            f"{e.strerror or e}") from None

    records: list[tuple[int, object]] = []   # (line, fields tuple or error message)
    if fmt == "csv":
        reader = csv.reader(io.StringIO(text, newline=""))
        header = None
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [h.strip().lower() for h in row]
                if "deal" not in header and not {"hand", "seat"} <= set(header):
                    raise RoyalSimError(f"{str(path)!r}: the CSV header needs the columns "
                                        f"hand,seat or deal (and optionally id), got "
                                        f"{','.join(header)}")
                continue
            if len(row) > len(header):
                records.append((line, f"{len(row)} fields, the header has {len(header)}"))
                continue
            rec = dict(zip(header, row))
            records.append((line, (rec.get("id"), rec.get("hand"), rec.get("seat"),
                                   rec.get("deal"))))
    else:
        for line, raw in enumerate(text.splitlines(), 1):
            if fmt == "txt":
                raw = raw.split("#", 1)[0]
            if not raw.strip():
                continue
            if fmt == "txt":
                try:
                    records.append((line, _text_fields(raw)))
                except RoyalSimError as e:
                    records.append((line, str(e)))
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as e:
                records.append((line, f"not JSON ({e.msg})"))
                continue
            if not isinstance(obj, dict):
                records.append((line, "not a JSON object"))
                continue
            records.append((line, tuple(obj.get(k) for k in ("id", "hand", "seat", "deal"))))
    if not records:
        raise RoyalSimError(f"input file {str(path)!r} is empty (no input line)")

    jobs: list[Job] = []
    bad: list[BadLine] = []
    first_line: dict[str, int] = {}

    def no_id(rec) -> bool:
        return rec[0] is None or str(rec[0]).strip() == ""

    auto = {f"line {line}": line for line, rec in records
            if not isinstance(rec, str) and no_id(rec)}
    for line, rec in records:
        if isinstance(rec, str):
            bad.append(BadLine(line, rec))
            continue
        try:
            job = _make_job(line, *rec)
        except RoyalSimError as e:
            bad.append(BadLine(line, str(e)))
            continue
        if not no_id(rec) and auto.get(job.id, line) != line:
            bad.append(BadLine(line, f"id {job.id!r} is the automatic id of line "
                                     f"{auto[job.id]} (which has no id); choose another"))
            continue
        if job.id in first_line:
            bad.append(BadLine(line, f"id {job.id!r} repeats line {first_line[job.id]}"))
            continue
        first_line[job.id] = line
        jobs.append(job)
    return jobs, bad


# ---------------------------------------------------------------------------------------
# one input


@dataclass(frozen=True)
class BatchOptions:
    """Options of a batch run: hands are analysed with ``samples`` deals each, seeded by
    ``input_seed(seed, id)``; ``only``: slem ids (default all); ``threads``: numba threads
    per input (None: the Dask worker's thread count)."""

    samples: int = 1000
    seed: int = 1
    rules: str = "gerots"
    only: tuple[str, ...] | None = None
    threads: int | None = 1


def input_seed(run_seed: int, ident: str) -> int:
    """Sampler seed (0 ≤ seed < 2**63) of the input ``ident`` in a run seeded ``run_seed``:
    a hash of both, so it depends on neither the input's position nor the other inputs."""
    digest = hashlib.blake2b(f"{run_seed}\x00{ident}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def _row(**values) -> dict:
    return {c: values.get(c) for c in COLUMNS}


def _max_threads() -> int:
    """The most threads numba runs (``NUMBA_NUM_THREADS``, the machine's cores by default)."""
    import numba
    return int(numba.config.NUMBA_NUM_THREADS)


_NUMBA_LOCK = threading.Lock()  # numba's workqueue layer cannot run two parallel kernels


def _set_threads(threads: int | None) -> None:
    import numba

    if threads is None:
        try:
            from distributed import get_worker
            w = get_worker()
            threads = getattr(w.state, "nthreads", None) or w.nthreads
        except Exception:  # noqa: BLE001 - not on a Dask worker
            threads = os.cpu_count() or 1
    numba.set_num_threads(max(1, min(int(threads), _max_threads())))


def _hand_rows(job: Job, opts: BatchOptions) -> list[dict]:
    import numpy as np

    from ..analysis import analyze

    seed = input_seed(opts.seed, job.id)
    res = analyze(job.hand, job.seat, samples=opts.samples, seed=seed, rules=opts.rules,
                  only=opts.only)
    common = dict(id=job.id, input=job.text, kind="hand", seat=job.seat.name,
                  pair=job.seat.pair.label, rules=opts.rules, samples=opts.samples, seed=seed)
    rows = []
    for r in res.best:
        lo, hi = r.ci95
        rows.append(_row(**common, slem=r.slem.id,
                         param=None if r.param is None else S.format_param(r.slem, r.param),
                         value=r.slem.value, probability=round(r.probability, 6),
                         ci_lo=round(lo, 6), ci_hi=round(hi, 6), made=r.made, deals=r.n,
                         bound=r.bound))
    counts = np.bincount(res.max_tricks, minlength=11)
    rows.append(_row(**common, slem=MAX_TRICKS, deals=int(len(res.max_tricks)),
                     tricks=round(float(res.max_tricks.mean()), 4),
                     tricks_dist=" ".join(f"{k}:{n}" for k, n in enumerate(counts) if n)))
    return rows


def _deal_rows(job: Job, opts: BatchOptions) -> list[dict]:
    from ..analysis import solve_slems
    from ..double_dummy import TAROKK_RULES
    from ..engine.solver import Solver

    deal = Deal(job.deal)
    k = deal.cards_per_hand
    first = 11 - k
    attack = Solver(TAROKK_RULES).max_tricks(deal.hands, 0, first, int(Pair.ATTACK))
    common = dict(id=job.id, input=job.text, kind="deal", rules=opts.rules)
    rows = []
    for pair in Pair:
        made = solve_slems(deal.hands, pair, leader=0, first_trick=first, rules=opts.rules,
                           only=opts.only)
        for key, ok in made.items():
            sid, _, param = key.partition(":")
            rows.append(_row(**common, pair=pair.label, slem=sid, param=param or None,
                             value=S.SLEMS[sid].value, made=int(bool(ok)), deals=1))
    for pair, tricks in ((Pair.ATTACK, attack), (Pair.DEFENCE, k - attack)):
        rows.append(_row(**common, pair=pair.label, slem=MAX_TRICKS, deals=1, tricks=tricks))
    return rows


def run_job(job: Job, opts: BatchOptions) -> tuple[list[dict] | None, str | None]:
    """Result rows of one input (``COLUMNS`` dicts, the ``max_tricks`` rows last), or
    ``(None, message)`` when the input fails with a ``RoyalSimError``. Runs anywhere: in
    this process, a pool worker or a Dask worker."""
    with _NUMBA_LOCK:
        _set_threads(opts.threads)
        try:
            rows = _hand_rows(job, opts) if job.kind == "hand" else _deal_rows(job, opts)
        except RoyalSimError as e:
            return None, str(e)
    return rows, None


# ---------------------------------------------------------------------------------------
# the output file


def _is_closing(row: dict) -> bool:
    """The last row of an input's group: its (last) max-tricks row."""
    return row["slem"] == MAX_TRICKS and (row["kind"] == "hand" or row["pair"] == "defence")


def _csv_value(v) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def format_rows(rows: Sequence[dict], fmt: str) -> str:
    """Rows as text lines (``\\n``-terminated) in ``fmt`` (``csv`` without header, or
    ``jsonl``)."""
    if fmt == "jsonl":
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for r in rows:
        w.writerow([_csv_value(r[c]) for c in COLUMNS])
    return buf.getvalue()


_CSV_HEADER = ",".join(COLUMNS) + "\n"
_INTS = ("value", "made", "deals", "samples", "seed")
_FLOATS = ("probability", "ci_lo", "ci_hi", "tricks")


def parse_row(line: str, fmt: str) -> dict:
    """One output line back to a row dict (typed as written). Raises ``ValueError``."""
    if fmt == "jsonl":
        row = json.loads(line)
        if not isinstance(row, dict) or set(row) != set(COLUMNS):
            raise ValueError("not a result row")
        return row
    cells = next(csv.reader([line]))
    if len(cells) != len(COLUMNS):
        raise ValueError("wrong number of fields")
    row: dict = {}
    for c, v in zip(COLUMNS, cells):
        if v == "":
            row[c] = None
        elif v in ("true", "false") and c in ("made", "bound"):
            row[c] = v == "true"
        elif c in _INTS:
            row[c] = int(v)
        elif c in _FLOATS:
            row[c] = float(v)
        else:
            row[c] = v
    return row


@dataclass
class _Existing:
    """What an output file already holds: complete groups (raw lines) by id, in file order,
    and the byte length of the part to keep (header and complete groups)."""

    groups: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, list[dict]] = field(default_factory=dict)
    keep: int = 0
    header: bool = False


def read_results(path: Path, fmt: str) -> _Existing:
    """Scan an output file: complete groups, and where an interrupted write left off (an
    incomplete trailing line or group is not kept). Raises ``RoyalSimError`` for a file
    that is not a batch output of this version or is damaged before its end."""
    data = path.read_bytes()
    ex = _Existing()
    pos = 0
    if fmt == "csv" and data:
        end = data.find(b"\n")
        if end < 0:             # an incomplete header: nothing written yet
            return ex
        if data[:end + 1].decode("utf-8", "replace") != _CSV_HEADER:
            raise RoyalSimError(f"{str(path)!r} is not a royal-sim batch output (its header "
                                "differs); use another --out or --force")
        pos = ex.keep = end + 1
        ex.header = True
    cur_id, cur_lines, cur_rows = None, [], []
    lineno = 1 if fmt == "csv" else 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            break               # incomplete last line
        lineno += 1
        text = data[pos:end + 1].decode("utf-8")
        try:
            row = parse_row(text, fmt)
        except (ValueError, StopIteration):
            raise RoyalSimError(f"{str(path)!r} line {lineno} is not a royal-sim batch result "
                                "row; use another --out or --force") from None
        if row["id"] != cur_id:
            if cur_lines:
                raise RoyalSimError(f"{str(path)!r} is damaged: the rows of {cur_id!r} end "
                                    f"before line {lineno}; use --force to start again")
            if row["id"] in ex.groups:
                raise RoyalSimError(f"{str(path)!r} has the id {row['id']!r} twice (again on "
                                    f"line {lineno})")
            cur_id = row["id"]
        cur_lines.append(text)
        cur_rows.append(row)
        pos = end + 1
        if _is_closing(row):
            ex.groups[cur_id], ex.rows[cur_id] = cur_lines, cur_rows
            ex.keep = pos
            cur_id, cur_lines, cur_rows = None, [], []
    return ex


def load_rows(path: str | Path) -> list[dict]:
    """All complete result rows of an output file, in file order."""
    path = Path(path)
    ex = read_results(path, _format_of(path, OUTPUT_FORMATS, "output"))
    return [r for rows in ex.rows.values() for r in rows]


def _check_resumable(path: Path, ex: _Existing, jobs: Sequence[Job],
                     opts: BatchOptions) -> None:
    from ..analysis import columns_for

    known = {j.id: j for j in jobs}
    for ident, rows in ex.rows.items():
        job = known.get(ident)
        if job is None:
            raise RoyalSimError(f"{str(path)!r} has results for {ident!r}, which is not an "
                                "input of this file; use another --out or --force")
        r = rows[-1]
        if r["input"] != job.text:
            raise RoyalSimError(f"{str(path)!r} holds results of {ident!r} for another input "
                                f"({r['input']!r}, now {job.text!r}); use another --out or "
                                "--force")
        want = (job.kind, opts.rules)
        have = (r["kind"], r["rules"])
        if job.kind == "hand":
            want += (opts.samples, input_seed(opts.seed, ident))
            have += (r["samples"], r["seed"])
        if want != have:
            raise RoyalSimError(f"{str(path)!r} was written with other options or inputs "
                                f"({ident!r}: kind, rules, samples, seed {have} here, "
                                f"{want} now); use the same options, another --out or --force")
        slems = {row["slem"] for row in rows if row["slem"] != MAX_TRICKS}
        allowed = set(opts.only) if opts.only else set(S.SLEMS)
        if job.kind == "hand":      # the slems the hand can bid
            allowed = {c.slem.id for c in columns_for(job.hand, opts.only)}
        if not (slems == allowed if job.kind == "hand" else slems <= allowed):
            raise RoyalSimError(f"{str(path)!r} was written with another --only ({ident!r} "
                                f"has {', '.join(sorted(slems)) or 'no slem'}); use the same "
                                "options, another --out or --force")


def _write_sorted(path: Path, fmt: str, order: Sequence[str]) -> None:
    """Rewrite ``path`` with its groups in ``order`` (ids not in ``order`` last, in file
    order), atomically, unless it already is in that order."""
    ex = read_results(path, fmt)
    rank = {ident: i for i, ident in enumerate(order)}
    ids = list(ex.groups)
    pos = {ident: i for i, ident in enumerate(ids)}
    want = sorted(ids, key=lambda i: (rank.get(i, len(rank)), pos[i]))
    if want == ids and ex.keep == path.stat().st_size:
        return
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        if fmt == "csv":
            f.write(_CSV_HEADER)
        for ident in want:
            f.write("".join(ex.groups[ident]))
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------
# running


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
        futures = {ex.submit(run_job, job, opts): job for job in todo}
        for fut in cf.as_completed(futures):
            yield futures[fut], fut.result()
        clean = True
    finally:
        if clean:
            ex.shutdown(wait=True)
        else:               # interrupted: stop the workers now, drop the queued inputs
            procs = list((getattr(ex, "_processes", None) or {}).values())
            ex.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.terminate()


def connect(address: str, timeout: float | None = None):
    """A ``distributed.Client`` for the scheduler at ``address``. Raises ``RoyalSimError``
    when ``distributed`` is not installed or the scheduler cannot be reached within
    ``timeout`` seconds (default ``CONNECT_TIMEOUT``)."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise RoyalSimError("--scheduler needs the Dask 'distributed' package: install "
                            "royal-sim[distributed] (pip install 'royal-sim[distributed]')") \
            from None
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


def check_output(out: str | Path, resume: bool = False, force: bool = False) -> str:
    """The output format (``csv`` or ``jsonl``) of ``out``, after the checks that need no
    input: a known extension, not both ``resume`` and ``force``, not a directory, an
    existing file only with ``resume`` or ``force``, an existing folder to write in.
    Raises ``RoyalSimError``."""
    out = Path(out)
    fmt = _format_of(out, OUTPUT_FORMATS, "output")
    if resume and force:
        raise RoyalSimError("give either --resume or --force, not both")
    exists = out.exists()
    if exists and out.is_dir():
        raise RoyalSimError(f"cannot write {str(out)!r}: it is a directory")
    if exists and not (resume or force):
        raise RoyalSimError(f"output file {str(out)!r} exists: use --resume to continue it or "
                            "--force to overwrite it")
    if not out.resolve().parent.is_dir():
        raise RoyalSimError(f"cannot write {str(out)!r}: no folder "
                            f"{str(out.resolve().parent)!r}")
    return fmt


def run_batch(jobs: Sequence[Job], out: str | Path, opts: BatchOptions, *,
              n_jobs: int | None = None, scheduler: str | None = None, resume: bool = False,
              force: bool = False, strict: bool = False,
              on_error: Callable[[Job, str], None] | None = None,
              on_start: Callable[[int, BatchResult], None] | None = None,
              progress: Callable[[Job], None] | None = None) -> BatchResult:
    """Run every input and append its rows to ``out`` (CSV or JSON lines by extension).

    n_jobs: cores to use (default all): inputs run in ``min(n_jobs, inputs)`` spawned
    worker processes with ``n_jobs // workers`` numba threads each, or in this process with
    ``n_jobs`` threads when one worker suffices; scheduler: a Dask scheduler address
    instead; resume: skip inputs whose rows ``out`` already holds (an incomplete trailing
    group is dropped first); force: overwrite ``out``; strict: stop at the first input that
    fails (``RoyalSimError`` after the rows so far are written); on_error(job, reason): an
    input failed (it is skipped); on_start(todo, result): called once before the first
    input is run; progress(job): an input's rows are written.

    Each input's rows are written with one write call and flushed; when every input has
    run, the file is rewritten in input order. Raises ``RoyalSimError`` for an output that
    exists (without ``resume``/``force``), cannot be written, or holds other results, and
    for an unreachable scheduler. ``KeyboardInterrupt`` propagates after the workers are
    stopped; the rows written so far stay and can be resumed.
    """
    out = Path(out)
    fmt = check_output(out, resume, force)
    exists = out.exists()
    existing = _Existing()
    if exists and resume:
        try:
            existing = read_results(out, fmt)
        except OSError as e:
            raise RoyalSimError(f"cannot read {str(out)!r}: {e.strerror or e}") from None
        _check_resumable(out, existing, jobs, opts)
    todo = [j for j in jobs if j.id not in existing.groups]
    result = BatchResult(resumed=len(jobs) - len(todo))

    n_jobs = n_jobs or os.cpu_count() or 1
    client = None
    if scheduler is not None:
        client = connect(scheduler)
        opts = replace(opts, threads=None)
        result.workers, result.threads = len(client.nthreads()), 0
    else:
        result.workers = max(1, min(n_jobs, len(todo)))
        # (numba runs at most NUMBA_NUM_THREADS threads, the machine's cores by default)
        result.threads = max(1, min(n_jobs // result.workers, _max_threads()))
        opts = replace(opts, threads=result.threads)

    try:
        if exists and resume:
            with open(out, "r+b") as f:
                f.truncate(existing.keep)
            f = open(out, "a", encoding="utf-8", newline="")
            if fmt == "csv" and not existing.header:
                f.write(_CSV_HEADER)
        else:
            f = open(out, "w", encoding="utf-8", newline="")
            if fmt == "csv":
                f.write(_CSV_HEADER)
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
    _write_sorted(out, fmt, [j.id for j in jobs])
    return result


# ---------------------------------------------------------------------------------------
# summary


def summary(rows: Sequence[dict]) -> str:
    """Tables across a batch's rows: per slem, the mean probability over the hand inputs
    that can bid it (± its standard error across inputs; ``<=`` when some are upper bounds
    of a relaxed search) and, over the deal inputs, how often each pair can force it (any
    parameter); then the distribution of max tricks (hands: over all sampled
    deals, the hand's pair; deals: the attack)."""
    import math

    from tabulate import tabulate

    hand_p: dict[str, list[float]] = {}
    deal_made: dict[str, dict[tuple[str, str], bool]] = {}
    hand_tricks = [0] * 11
    deal_tricks = [0] * 11
    hand_ids, deal_ids = set(), set()
    bounded: set[str] = set()       # slems with an upper-bound row among the hand rows
    order: dict[str, None] = {}
    for r in rows:
        if r["slem"] == MAX_TRICKS:
            if r["kind"] == "hand":
                hand_ids.add(r["id"])
                for tok in (r["tricks_dist"] or "").split():
                    k, n = tok.split(":")
                    hand_tricks[int(k)] += int(n)
            elif r["pair"] == "attack":
                deal_ids.add(r["id"])
                deal_tricks[int(r["tricks"])] += 1
            continue
        order.setdefault(r["slem"])
        if r["kind"] == "hand":
            hand_p.setdefault(r["slem"], []).append(float(r["probability"]))
            if r["bound"]:
                bounded.add(r["slem"])
        else:
            d = deal_made.setdefault(r["slem"], {})
            key = (r["id"], r["pair"])
            d[key] = d.get(key, False) or bool(r["made"])
    n_deals = len(deal_ids)
    headers = ["slem", "value"]
    if hand_ids:
        headers += ["hands", "mean probability", "± s.e."]
    if deal_ids:
        headers += ["deals: attack makes", "deals: defence makes"]
    table = []
    for sid in order:
        row = [sid, S.SLEMS[sid].value]
        if hand_ids:
            ps = hand_p.get(sid, [])
            if ps:
                m = sum(ps) / len(ps)
                se = (math.sqrt(sum((p - m) ** 2 for p in ps) / (len(ps) - 1) / len(ps))
                      if len(ps) > 1 else float("nan"))
                row += [len(ps), ("<=" if sid in bounded else "") + f"{m:.1%}",
                        "" if math.isnan(se) else f"{se:5.1%}"]
            else:
                row += [0, "", ""]
        if deal_ids:
            made = deal_made.get(sid, {})
            for pair in ("attack", "defence"):
                k = sum(v for (_i, p), v in made.items() if p == pair)
                row.append(f"{k} of {n_deals}")
        table.append(row)
    parts = [f"{len(hand_ids)} hand input(s), {n_deals} deal input(s)"]
    if table:
        notes = []
        if hand_ids:
            notes.append("hands: the hand inputs that can bid the slem")
        if bounded:
            notes.append("<=: the mean includes upper bounds (relaxed searches below 1 %)")
        parts.append(tabulate(table, headers=headers)
                     + "".join(f"\n{n}" for n in notes))
    theaders = ["tricks"]
    tot_h, tot_d = sum(hand_tricks), sum(deal_tricks)
    if tot_h:
        theaders += ["hands: sampled deals", "share"]
    if tot_d:
        theaders += ["deals (attack)", "share"]
    trows = []
    for k in range(11):
        if not (hand_tricks[k] or deal_tricks[k]):
            continue
        row = [k]
        if tot_h:
            row += [hand_tricks[k], f"{hand_tricks[k] / tot_h:6.1%}"]
        if tot_d:
            row += [deal_tricks[k], f"{deal_tricks[k] / tot_d:6.1%}"]
        trows.append(row)
    if trows:
        parts.append("Max tricks the pair can force (hands: the hand's pair over its sampled "
                     "deals; deals: the attack)\n" + tabulate(trows, headers=theaders))
    return "\n\n".join(parts)


__all__ = ["COLUMNS", "MAX_TRICKS", "BadLine", "BatchOptions", "BatchResult", "Job",
           "connect", "format_rows", "input_seed", "load_rows", "parse_row", "read_inputs",
           "read_results", "run_batch", "run_job", "summary"]
