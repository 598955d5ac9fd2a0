"""Reading a batch input file into jobs (``Job``), the lines that could not be read
(``BadLine``) and the keys or columns that were ignored (``Unknown``); the formats are
described in ``royal_sim.batch``."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import RoyalSimError
from ..model import cards as C
from ..model.deal import Deal, Seat, parse_hand, parse_seat

INPUT_FORMATS = {".txt": "txt", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
FIELDS = ("id", "hand", "seat", "deal", "leader", "first_trick", "record")
"""The keys (.jsonl) and columns (.csv) of an input; ``leader`` and ``first_trick`` only for
a deal (as ``royal-sim solve --leader --first-trick``); ``record``, a played game
(``cardplay.record`` notation), alone (with its ``id``)."""
DEAL_OPTIONS = ("leader", "first_trick")
"""The ``key=value`` items a .txt deal line takes after ``@``."""


@dataclass(frozen=True)
class Job:
    """One input: a hand at a seat (``kind == "hand"``), four hands (``"deal"``) or a
    played game to review (``"record"``).

    ``hand``: bit mask of the 10 cards; ``deal``: the 4 masks in seat order; ``leader``
    and ``first_trick``: of a deal, the seat leading and the number of the first trick to
    play (default ``A_IND`` and ``11 - cards per hand``; ``None`` for a hand, which is
    analysed with ``A_IND`` leading trick 1); of a record, its deal, leader and first
    trick; ``record``: of a record, its text in one-line canonical form
    (``GameRecord.format(one_line=True)``, checked card by card when read); ``line``: the
    input file's line number (1-based)."""

    id: str
    line: int
    kind: str
    hand: int = 0
    seat: Seat | None = None
    deal: tuple[int, int, int, int] | None = None
    leader: Seat | None = None
    first_trick: int | None = None
    record: str | None = None

    @property
    def text(self) -> str:
        """The input in canonical notation (``HAND @ SEAT``, the deal, or the record on one
        line): the ``input`` column of its rows."""
        if self.kind == "record":
            return self.record
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


@dataclass(frozen=True)
class Unknown:
    """A key (.jsonl) or column (.csv) that is not an input field and was ignored: its
    name, the first line it is on and on how many lines (a column: the header's line, 1)."""

    name: str
    line: int
    lines: int = 1
    what: str = "key"

    def __str__(self) -> str:
        more = f" (and on {self.lines - 1} more line(s))" if self.lines > 1 else ""
        return (f"line {self.line}: unknown {self.what} {self.name!r} ignored{more}; the "
                f"{self.what}s read are {', '.join(FIELDS)}")


@dataclass(frozen=True)
class Inputs:
    """A read input file: ``jobs`` (the valid inputs in file order), ``bad`` (the lines
    that could not be read) and ``unknown`` (keys or columns ignored, each once)."""

    jobs: list[Job]
    bad: list[BadLine]
    unknown: list[Unknown]


def format_of(path: Path, formats: dict[str, str], what: str) -> str:
    fmt = formats.get(path.suffix.lower())
    if fmt is None:
        raise RoyalSimError(f"unknown file format of {what} {str(path)!r}: use "
                            + ", ".join(formats))
    return fmt


def _make_job(line: int, id_, hand, seat, deal, leader=None, first_trick=None,
              record=None) -> Job:
    """A job from the fields of one input (strings or None; a JSON id or first_trick may
    be a number); raises ``RoyalSimError``."""
    for name, v in (("hand", hand), ("seat", seat), ("deal", deal), ("leader", leader),
                    ("record", record)):
        if v is not None and not isinstance(v, str):
            kind = ("a seat name such as \"D_ELF\"" if name in ("seat", "leader")
                    else "the record's text (\"deal: ...; play: ...\")" if name == "record"
                    else "a string in card notation")
            raise RoyalSimError(f"{name} must be {kind}, got "
                                f"{type(v).__name__} {json.dumps(v)[:40]}")
    if id_ is not None and (isinstance(id_, bool) or not isinstance(id_, (str, int))):
        raise RoyalSimError(f"id must be a string or a whole number, got {json.dumps(id_)[:40]}")
    ident = f"line {line}" if id_ is None or str(id_).strip() == "" else str(id_).strip()
    if any(ord(c) < 32 for c in ident):
        raise RoyalSimError(f"id {ident!r} contains a control character")
    blank = [v is None or str(v).strip() == "" for v in (hand, seat, deal, leader,
                                                          first_trick)]
    if record is not None and str(record).strip():
        if not all(blank):
            given = [n for n, b in zip(("hand", "seat", "deal", "leader", "first_trick"),
                                       blank) if not b]
            raise RoyalSimError(f"a record goes alone, but this input also gives "
                                f"{', '.join(given)}: a record's deal, leader and first_trick "
                                "are fields of the record ('deal: ...; leader: ...; "
                                "first_trick: ...'), and it has no hand or seat")
        return _record_job(ident, line, str(record))
    if not blank[2]:
        if not (blank[0] and blank[1]):
            raise RoyalSimError("give either a hand with its seat or a deal, not both")
        d = Deal.parse(str(deal))
        try:
            lead = Seat.A_IND if blank[3] else parse_seat(str(leader).strip())
        except RoyalSimError as e:
            raise RoyalSimError(f"leader: {e}") from None
        return Job(ident, line, "deal", deal=d.hands, leader=lead,
                   first_trick=_first_trick(d, None if blank[4] else first_trick, lead))
    if not (blank[3] and blank[4]):
        raise RoyalSimError("leader and first_trick are for a deal; a hand is analysed with "
                            "A_IND leading trick 1")
    if blank[0]:
        raise RoyalSimError("no hand or deal")
    if blank[1]:
        raise RoyalSimError("hand without seat")
    seat_ = parse_seat(str(seat).strip())
    return Job(ident, line, "hand", hand=parse_hand(str(hand), seat_), seat=seat_)


def _record_job(ident: str, line: int, text: str) -> Job:
    """The job of a played game's record (``cardplay.record`` notation, one-line or one item a
    line): read and checked card by card (``GameRecord.parse``). Raises ``RoyalSimError``
    with the parser's one-line message (a revoke or a card not in hand names trick, seat and
    card), or for a record without a play (nothing to review)."""
    from ..cardplay.record import GameRecord

    rec = GameRecord.parse(text)
    if not rec.play:
        raise RoyalSimError("no card to review: the record has no 'play:' field (or no "
                            "card in it)")
    return Job(ident, line, "record", deal=rec.deal, leader=rec.leader,
               first_trick=rec.first_trick, record=rec.format(one_line=True))


def _first_trick(deal: Deal, value, leader: Seat) -> int:
    """The number of a deal's first trick: ``value`` (a whole number, its digits, or a whole
    float such as JSON's 8.0), which must be ``11 - cards per hand``, or that number when
    ``value`` is None; a full deal's ``leader`` must be A_IND (``next_trick``). Raises
    ``RoyalSimError``."""
    from ..analysis.position import next_trick

    if value is not None:
        if isinstance(value, float) and value.is_integer():
            value = int(value)          # JSON 8.0, as 8 and "8"
        text = str(value).strip()
        if isinstance(value, bool) or not (isinstance(value, int)
                                           or re.fullmatch(r"[+-]?[0-9]+", text)):
            raise RoyalSimError(f"first_trick must be a whole number, got "
                                f"{json.dumps(value)[:40]}")
        value = int(text)
    return next_trick(deal.hands, value, leader)


def _lines(text: str) -> list[str]:
    """A file's lines, split at its line ends only (``\\n``, ``\\r\\n``, ``\\r``), not at the
    other characters ``str.splitlines`` takes (form feed, U+2028 ...: a JSON string may hold
    one); a byte order mark inside the file (files put together) is dropped."""
    return text.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _no_repeated_key(pairs):
    """A JSON object's pairs as a dict; a key given twice is an error (which one holds the
    value?)."""
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise RoyalSimError(f"key {k!r} given twice")
        obj[k] = v
    return obj


def _deal_options(text: str) -> dict[str, str]:
    """The ``key=value`` items after a .txt deal's ``@`` (``leader=D_ELF first_trick=8``,
    separated by spaces or commas). Raises ``RoyalSimError``."""
    opts: dict[str, str] = {}
    text = re.sub(r"\s*=\s*", "=", text)       # "leader = D_ELF" as "leader=D_ELF"
    for item in (t for t in text.replace(",", " ").split() if t):
        key, eq, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not eq or not value.strip():
            hint = ("" if eq else f"; did you mean {key}=VALUE?" if key in DEAL_OPTIONS
                    else f"; did you mean leader={item}?")
            raise RoyalSimError(f"after a deal, '@' takes leader=SEAT and first_trick=N, "
                                f"got {item!r}{hint}")
        if key not in DEAL_OPTIONS:
            raise RoyalSimError(f"unknown deal option {key!r} (a deal takes leader=SEAT and "
                                "first_trick=N)")
        if key in opts:
            raise RoyalSimError(f"{key} given twice")
        opts[key] = value.strip()
    return opts


def _text_fields(text: str):
    """The fields (``FIELDS`` order) of a .txt line: ``HAND @ SEAT``, ``DEAL``, ``DEAL @
    leader=SEAT first_trick=N`` or a record on one line (``deal: ...; play: ...``: its
    first item a record field). Raises ``RoyalSimError``."""
    from ..cardplay.record import check_record_text

    if check_record_text(text):
        return None, None, None, None, None, None, text
    if text.count("@") > 1:
        raise RoyalSimError("more than one '@' (expected 'HAND @ SEAT' or 'DEAL @ "
                            "leader=SEAT')")
    head, at, tail = text.partition("@")
    if "/" in head:
        opts = _deal_options(tail) if at else {}
        return None, None, None, head, opts.get("leader"), opts.get("first_trick"), None
    if at:
        return None, head, tail.strip(), None, None, None, None
    raise RoyalSimError("expected 'HAND @ SEAT', a deal (4 hands separated by '/', "
                        "optionally '@ leader=SEAT first_trick=N') or a record ('deal: ...; "
                        "play: ...')")


def read_inputs(path: str | Path) -> tuple[list[Job], list[BadLine]]:
    """The valid inputs and the bad lines of a batch input file: ``load_inputs`` without the
    ignored keys and columns. Raises ``RoyalSimError`` as ``load_inputs``."""
    got = load_inputs(path)
    return got.jobs, got.bad


def load_inputs(path: str | Path) -> Inputs:
    """Read a batch input file (see ``royal_sim.batch``); the format is chosen by extension.

    Returns ``Inputs``: the valid inputs in file order; the bad lines (line number, reason):
    a hand or deal that does not parse, a record that does not (the record parser's
    message: a revoke or a card not in hand names trick, seat and card) or has no card, a
    missing field, a repeated id, an id that is the automatic id ('line N') of a line
    without one, a leader or first_trick for a hand or an impossible one; and the unknown
    keys (.jsonl) or columns (.csv) that were ignored, each
    once with its first line. Raises ``RoyalSimError`` for a missing or unreadable file, an
    unknown extension, a CSV header without the needed columns, with a column twice or
    not CSV (a stray quote), or a file with no input line at all (empty). A CSV line is read
    on its own: a stray quote makes that line bad, not the rest of the file.
    """
    path = Path(path)
    fmt = format_of(path, INPUT_FORMATS, "input")
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
    unknown: dict[str, list[int]] = {}       # key or column -> its lines
    if fmt == "csv":
        # a line at a time: no field spans lines, so a stray quote spoils its own line only
        # (read whole, the csv module would take the rest of the file into that field)
        header = None
        for line, raw in enumerate(_lines(text), 1):
            try:
                row = next(csv.reader([raw], strict=True), [])
            except csv.Error as e:
                if header is None:
                    raise RoyalSimError(f"{str(path)!r}: the CSV header (line {line}) is not "
                                        f"CSV: {e} (a stray or unclosed quote?)") from None
                records.append((line, f"not CSV: {e} (a stray or unclosed quote?)"))
                continue
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [h.strip().lower() for h in row]
                if ("deal" not in header and "record" not in header
                        and not {"hand", "seat"} <= set(header)):
                    raise RoyalSimError(f"{str(path)!r}: the CSV header needs the columns "
                                        f"hand,seat or deal or record (and optionally id; "
                                        f"for a deal leader, first_trick), got "
                                        f"{', '.join(repr(h) for h in header)}")
                twice = sorted({h for h in header if header.count(h) > 1 and h})
                if twice:
                    raise RoyalSimError(f"{str(path)!r}: the CSV header repeats the column"
                                        f"{'s' if len(twice) > 1 else ''} "
                                        f"{', '.join(twice)} (which one holds the value?)")
                for h in header:
                    if h not in FIELDS:
                        unknown.setdefault(h, [line])
                continue
            if len(row) > len(header):
                records.append((line, f"{len(row)} fields, the header has {len(header)}"))
                continue
            rec = dict(zip(header, row))
            records.append((line, tuple(rec.get(k) for k in FIELDS)))
    else:
        for line, raw in enumerate(_lines(text), 1):
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
                obj = json.loads(raw, object_pairs_hook=_no_repeated_key)
            except json.JSONDecodeError as e:
                records.append((line, f"not JSON ({e.msg})"))
                continue
            except RoyalSimError as e:
                records.append((line, str(e)))
                continue
            if not isinstance(obj, dict):
                records.append((line, "not a JSON object"))
                continue
            for k in obj:
                if k not in FIELDS:
                    unknown.setdefault(k, []).append(line)
            records.append((line, tuple(obj.get(k) for k in FIELDS)))
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
    what = "column" if fmt == "csv" else "key"
    return Inputs(jobs, bad, [Unknown(k, v[0], len(v), what) for k, v in unknown.items()])

