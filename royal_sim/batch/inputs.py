"""Reading a batch input file into jobs (``Job``) and the lines that could not be read
(``BadLine``); the formats are described in ``royal_sim.batch``."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import RoyalSimError
from ..model import cards as C
from ..model.deal import Deal, Seat, parse_hand, parse_seat

INPUT_FORMATS = {".txt": "txt", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}


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


def format_of(path: Path, formats: dict[str, str], what: str) -> str:
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

