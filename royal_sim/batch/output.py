"""The output file: rows as CSV or JSON lines, reading back what a file holds (complete
groups, where an interrupted write stopped), the checks before resuming it and the final
rewrite in input order."""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from ..errors import RoyalSimError
from .. import slems as S
from .inputs import Job, format_of
from .rows import (ADVICE, COLUMNS, MAX_TRICKS_ROW, REVIEW_ROW, SUMMARY_ROWS, TABLE_ROW,
                   BatchOptions, input_seed, record_rules)

OUTPUT_FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}


def _is_closing(row: dict) -> bool:
    """The last row of an input's group: its (last) max-tricks row; a record's review row;
    another game's hand's advice row."""
    if row["kind"] == "record":
        return row["slem"] == REVIEW_ROW
    if row["kind"] == "game":
        return row["slem"] == ADVICE
    return row["slem"] == MAX_TRICKS_ROW and (row["kind"] == "hand" or row["pair"] == "defence")


def _csv_value(v) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def seed_text(seed: int | None) -> str | None:
    """A sampler seed as the files write it: hexadecimal text, ``0x69396ac4e8b7d4c8``
    (spreadsheets round a 19-digit number; ``--seed`` takes it as written)."""
    return None if seed is None else hex(seed)


def _seed_value(text) -> int | None:
    return None if text is None else int(text, 0) if isinstance(text, str) else int(text)


def _written(row: dict) -> dict:
    return {**row, "seed": seed_text(row["seed"])} if row.get("seed") is not None else row


def format_rows(rows: Sequence[dict], fmt: str) -> str:
    """Rows as text lines (``\\n``-terminated) in ``fmt`` (``csv`` without header, or
    ``jsonl``); the seed as text (``seed_text``)."""
    if fmt == "jsonl":
        return "".join(json.dumps(_written(r), ensure_ascii=False) + "\n" for r in rows)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for r in rows:
        r = _written(r)
        w.writerow([_csv_value(r[c]) for c in COLUMNS])
    return buf.getvalue()


CSV_HEADER = ",".join(COLUMNS) + "\n"
_ADDED = ("leader", "first_trick")
"""Columns added since the first file format (a deal's leader and first trick)."""
_SCORED = ("expected", "gain", "nobid", "bids")
"""Columns added since the second (the scores, the advice row)."""
_REVIEWED = ("trick", "card", "cost", "best", "bids_cost", "bid_detail")
"""Columns added since the third (the rows of a reviewed record)."""
_TABLED = ("dd_probability", "dd_expected", "dd_only", "table_only", "worlds")
"""Columns added since the fourth (the rows of bids played out at the table)."""
OLDER = ("was written by an older royal-sim (no leader and first_trick columns); use "
         "another `out` or `force=True` to start again")
OLDER_SCORES = ("was written by an older royal-sim (no expected, gain, nobid and bids "
                "columns); use another `out` or `force=True` to start again")
OLDER_RECORDS = ("was written by an older royal-sim (no trick, card, cost, best, bids_cost "
                 "and bid_detail columns: the rows of game records); use another `out` or "
                 "`force=True` to start again")
OLDER_TABLE = ("was written by an older royal-sim (no dd_probability, dd_expected, dd_only, "
               "table_only and worlds columns: the rows of bids played at the table); use "
               "another `out` or `force=True` to start again")
_FORMER = {tuple(c for c in COLUMNS
                 if c not in _ADDED + _SCORED + _REVIEWED + _TABLED): OLDER,
           tuple(c for c in COLUMNS if c not in _SCORED + _REVIEWED + _TABLED): OLDER_SCORES,
           tuple(c for c in COLUMNS if c not in _REVIEWED + _TABLED): OLDER_RECORDS,
           tuple(c for c in COLUMNS if c not in _TABLED): OLDER_TABLE}
_INTS = ("first_trick", "value", "made", "deals", "samples", "trick", "cost", "bids_cost",
         "dd_only", "table_only", "worlds")
_FLOATS = ("probability", "ci_lo", "ci_hi", "tricks", "precision", "expected", "gain",
           "nobid", "dd_probability", "dd_expected")


def parse_row(line: str, fmt: str) -> dict:
    """One output line back to a row dict (typed as written). Raises ``ValueError``."""
    if fmt == "jsonl":
        row = json.loads(line)
        for former, why in _FORMER.items():
            if isinstance(row, dict) and set(row) == set(former):
                raise ValueError(why)
        if not isinstance(row, dict) or set(row) != set(COLUMNS):
            raise ValueError("not a result row")
        row["seed"] = _seed_value(row["seed"])
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
        elif c == "seed":
            row[c] = _seed_value(v)
        elif c in _FLOATS:
            row[c] = float(v)
        else:
            row[c] = v
    return row


@dataclass
class Existing:
    """What an output file already holds: complete groups (raw lines) by id, in file order,
    and the byte length of the part to keep (header and complete groups)."""

    groups: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, list[dict]] = field(default_factory=dict)
    keep: int = 0
    header: bool = False
    partial: str | None = None      # the id of an incomplete trailing group (not kept)


def read_results(path: Path, fmt: str) -> Existing:
    """Scan an output file: complete groups, and where an interrupted write left off (an
    incomplete trailing line or group is not kept). Raises ``RoyalSimError`` for a file
    that is not a batch output of this version or is damaged before its end."""
    data = path.read_bytes()
    ex = Existing()
    pos = 0
    _check_text(path, data, fmt)
    if fmt == "csv" and data:
        end = data.find(b"\n")
        if end < 0:             # an incomplete header: nothing written yet
            if not CSV_HEADER.encode().startswith(data):
                raise RoyalSimError(f"{str(path)!r} is not a royal-sim batch output (its "
                                    "header differs); use another `out` or `force=True`",
                                    argument="out")
            return ex
        header = data[:end + 1].decode("utf-8", "replace")
        why = _FORMER.get(tuple(header.rstrip("\r\n").split(",")))
        if why:
            raise RoyalSimError(f"{str(path)!r} {why}", argument="out")
        if header != CSV_HEADER:
            raise RoyalSimError(f"{str(path)!r} is not a royal-sim batch output (its header "
                                "differs); use another `out` or `force=True`", argument="out")
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
        except (ValueError, StopIteration) as e:
            why = str(e) if str(e) in _FORMER.values() else (f"line {lineno} is not a royal-sim batch "
                                                 "result row; use another `out` or "
                                                 "`force=True`")
            raise RoyalSimError(f"{str(path)!r} {why}", argument="out") from None
        if row["id"] != cur_id:
            if cur_lines:
                raise RoyalSimError(f"{str(path)!r} is damaged: the rows of {cur_id!r} end "
                                    f"before line {lineno}; use `force=True` to start again",
                                    argument="force")
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
    ex.partial = cur_id
    return ex


def _check_text(path: Path, data: bytes, fmt: str) -> None:
    """Refuse a file that cannot be a batch output being written: binary (a NUL byte, not
    UTF-8; a character cut at the very end is an interrupted write) or, JSON lines, a
    last incomplete line that is not the start of a row. Raises ``RoyalSimError``."""
    import codecs

    try:
        if b"\0" in data:
            raise UnicodeError
        codecs.getincrementaldecoder("utf-8")().decode(data, final=False)
    except UnicodeError:
        raise RoyalSimError(f"{str(path)!r} is not a royal-sim batch output (it is not "
                            "UTF-8 text); use another `out` or `force=True`",
                            argument="out") from None
    tail = data[data.rfind(b"\n") + 1:]
    if fmt == "jsonl" and tail and not tail.startswith(b"{"):
        raise RoyalSimError(f"{str(path)!r} is not a royal-sim batch output (its last line "
                            "is not a result row); use another `out` or `force=True`",
                            argument="out")


def load_rows(path: str | Path) -> list[dict]:
    """All complete result rows of an output file, in file order."""
    path = Path(path)
    ex = read_results(path, format_of(path, OUTPUT_FORMATS, "output"))
    return [r for rows in ex.rows.values() for r in rows]


def check_resumable(path: Path, ex: Existing, jobs: Sequence[Job],
                    opts: BatchOptions) -> None:
    """Whether the results ``ex`` read from ``path`` may be kept when ``jobs`` are run with
    ``opts``: every id an input of ``jobs`` with the same input text, options and slems
    (another game's hand: the same kind, game id in ``rules``, samples, precision and seed;
    ``only`` does not apply to it). Raises ``RoyalSimError`` when not."""
    from ..analysis import columns_for

    known = {j.id: j for j in jobs}

    def foreign(ident: str) -> RoyalSimError:
        return RoyalSimError(f"{str(path)!r} has results for {ident!r}, which is not an "
                             "input of this file; use another `out` or `force=True`",
                             argument="out")

    if ex.partial is not None and ex.partial not in known:     # not an interrupted input
        raise foreign(ex.partial)
    for ident, rows in ex.rows.items():
        job = known.get(ident)
        if job is None:
            raise foreign(ident)
        r = rows[-1]
        if r["input"] != job.text:
            raise RoyalSimError(f"{str(path)!r} holds results of {ident!r} for another input "
                                f"({r['input']!r}, now {job.text!r}); use another `out` or "
                                "`force=True`", argument="out")
        if job.kind == "deal" and (r["leader"], r["first_trick"]) != (
                job.leader.name, job.first_trick):
            raise RoyalSimError(f"{str(path)!r} holds results of {ident!r} for another "
                                f"leader or first trick ({r['leader']} leading trick "
                                f"{r['first_trick']}, now {job.leader.name} leading trick "
                                f"{job.first_trick}); use another `out` or `force=True`",
                                argument="out")
        want = (job.kind, record_rules(job, opts) if job.kind == "record"
                else job.game if job.kind == "game" else opts.rules)
        have = (r["kind"], r["rules"])
        if job.kind == "game":      # (rules: the game id)
            want += (opts.samples, opts.precision, input_seed(opts.seed, ident))
            have += (r["samples"], r["precision"], r["seed"])
        if job.kind == "hand":
            want += (opts.samples, opts.precision, input_seed(opts.seed, ident))
            have += (r["samples"], r["precision"], r["seed"])
            _check_table(path, ident, rows, opts)
        if want != have:
            names = ("kind", "rules", "samples", "precision", "seed")
            shown = [tuple(seed_text(v) if n == "seed" else v for n, v in zip(names, t))
                     for t in (have, want)]     # a seed as the files write it, 0x...
            diff = "; ".join(f"{n} {h} there, {w} now" for n, h, w in zip(names, *shown)
                             if h != w)
            raise RoyalSimError(f"{str(path)!r} was written with other options or inputs "
                                f"({ident!r}: {diff}); use the same options, another `out` "
                                "or `force=True`", argument="out")
        if job.kind in ("record", "game"):   # its announced bids / its game's rows,
            continue                        # whatever `only`
        slems = {row["slem"] for row in rows if row["slem"] not in SUMMARY_ROWS}
        allowed = set(opts.only) if opts.only else set(S.SLEMS)
        if job.kind == "hand":      # the slems the hand can bid
            allowed = {c.slem.id for c in columns_for(job.hand, opts.only)}
        if not (slems == allowed if job.kind == "hand" else slems <= allowed):
            raise RoyalSimError(f"{str(path)!r} was written with another `only` ({ident!r} "
                                f"has {', '.join(sorted(slems)) or 'no slem'}); use the same "
                                "options, another `out` or `force=True`", argument="out")


def _check_table(path: Path, ident: str, rows: list[dict], opts: BatchOptions) -> None:
    """A hand's rows kept on resume were played at the table as ``opts`` asks: table rows
    with the same worlds and the games ``opts.table`` plays (``--table N`` plays the first
    N of the deals searched, the most deals of a slem row), or none without ``--table``."""
    table = [r for r in rows if r["slem"] == TABLE_ROW]
    advised = any(r["slem"] == ADVICE and r["bids"] for r in rows)
    searched = max((r["deals"] for r in rows if r["slem"] not in SUMMARY_ROWS), default=0)
    have = None if not table else (table[0]["worlds"], table[0]["deals"])
    ok = (have is None and (opts.table is None or not advised)) or (
        have is not None and opts.table is not None
        and have == (opts.table_worlds, min(opts.table, searched)))
    if not ok:
        was = ("no table games" if have is None else
               f"{have[1]} table games at {have[0]} worlds")
        now = ("no table games" if opts.table is None else
               f"--table {opts.table} --table-worlds {opts.table_worlds}")
        raise RoyalSimError(f"{str(path)!r} was written with other table options ({ident!r}: "
                            f"{was} there, {now} now); use the same options, another `out` "
                            "or `force=True`", argument="out")


def write_sorted(path: Path, fmt: str, order: Sequence[str]) -> None:
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
            f.write(CSV_HEADER)
        for ident in want:
            f.write("".join(ex.groups[ident]))
    os.replace(tmp, path)


def check_output(out: str | Path, resume: bool = False, force: bool = False) -> str:
    """The output format (``csv`` or ``jsonl``) of ``out``, after the checks that need no
    input: a known extension, not both ``resume`` and ``force``, not a directory, an
    existing file only with ``resume`` or ``force``, an existing folder to write in.
    Raises ``RoyalSimError``."""
    out = Path(out)
    fmt = format_of(out, OUTPUT_FORMATS, "output")
    if resume and force:
        raise RoyalSimError("give either `resume=True` or `force=True`, not both",
                            argument="resume")
    exists = out.exists()
    if exists and out.is_dir():
        raise RoyalSimError(f"cannot write {str(out)!r}: it is a directory")
    if exists and not (resume or force):
        raise RoyalSimError(f"output file {str(out)!r} exists: use `resume=True` to continue it "
                            "or `force=True` to overwrite it")
    if not out.resolve().parent.is_dir():
        raise RoyalSimError(f"cannot write {str(out)!r}: no folder "
                            f"{str(out.resolve().parent)!r}")
    return fmt

