"""Reading a batch input file into jobs (``Job``), the lines that could not be read
(``BadLine``) and the keys or columns that were ignored (``Unknown``); the formats are
described in ``royal_sim.batch``."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import MARKED, RoyalSimError
from ..model import cards as C
from ..model.deal import Deal, Seat, parse_hand, parse_seat
from ..model.text import fold

INPUT_FORMATS = {".txt": "txt", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
FIELDS = ("id", "hand", "seat", "deal", "leader", "first_trick", "record", "game",
          "declarer", "options")
"""The keys (.jsonl) and columns (.csv) of an input; ``leader`` and ``first_trick`` only for
a deal (as ``royal-sim solve --leader --first-trick``); ``record``, a played game
(``cardplay.record`` notation), alone (with its ``id``); ``game``, ``declarer`` and
``options`` only for a hand of another game (``game=ID``, ``GameOptions``)."""
DEAL_OPTIONS = ("leader", "first_trick")
"""The ``key=value`` items a .txt deal line takes after ``@``."""
INT_OPTIONS = ("players", "pot")
"""The game options that are whole numbers (``analyze --players N``, ``--pot P``); the
others are text (``option``: names)."""


@dataclass(frozen=True)
class Job:
    """One input: a hand at a seat (``kind == "hand"``), four hands (``"deal"``), a
    played game to review (``"record"``) or a hand of another game (``"game"``).

    ``hand``: bit mask of the 10 cards; ``deal``: the 4 masks in seat order; ``leader``
    and ``first_trick``: of a deal, the seat leading and the number of the first trick to
    play (default ``A_IND`` and ``11 - cards per hand``; ``None`` for a hand, which is
    analysed with ``A_IND`` leading trick 1); of a record, its deal, leader and first
    trick; ``record``: of a record, its text in one-line canonical form
    (``GameRecord.format(one_line=True)``, checked card by card when read); ``line``: the
    input file's line number (1-based). A hand of another game: ``game`` its id
    (``games.GAMES``, analysed: ``analysis.game_analysis.ANALYSES``), ``cards`` the hand
    and ``at`` the seat in the game's notation, ``declarer`` (``None``: the game's
    default), ``options`` the game options given (``GAME_OPTIONS`` names and their values
    as text, by name; ``option``'s values comma-separated, sorted)."""

    id: str
    line: int
    kind: str
    hand: int = 0
    seat: Seat | None = None
    deal: tuple[int, int, int, int] | None = None
    leader: Seat | None = None
    first_trick: int | None = None
    record: str | None = None
    game: str | None = None
    cards: str | None = None
    at: str | None = None
    declarer: str | None = None
    options: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        """The input in canonical notation (``HAND @ SEAT``, the deal, or the record on one
        line, or ``HAND @ SEAT game=ID key=value ...``, the keys sorted): the ``input``
        column of its rows."""
        if self.kind == "game":
            items = sorted(self.options + ((("declarer", self.declarer),)
                                           if self.declarer is not None else ()))
            return " ".join([f"{self.cards} @ {self.at} game={self.game}"]
                            + [f"{k}={v}" for k, v in items])
        if self.kind == "record":
            return self.record
        if self.kind == "hand":
            return f"{C.format_cards(self.hand)} @ {self.seat.name}"
        return str(Deal(self.deal))

    def game_kwargs(self) -> dict:
        """The keyword arguments of ``analysis.game_analysis.analyze_game`` beyond the hand,
        seat and game: ``declarer`` if given, and the options typed as ``analyze`` takes
        them (``players``, ``pot``: whole numbers; ``option``: a tuple of names; the rest
        text)."""
        kwargs = {} if self.declarer is None else {"declarer": self.declarer}
        for key, value in self.options:
            kwargs[key] = (tuple(value.split(",")) if key == "option"
                           else int(value) if key in INT_OPTIONS else value)
        return kwargs


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
    """The format of ``path`` by its suffix (a key of ``formats``); ``RoyalSimError`` for an
    empty name or an unknown suffix, naming ``what`` (``input``, ``output``)."""
    if not str(path).strip() or str(path) == ".":
        raise RoyalSimError(f"the {what} file name is empty: give a file name ending in "
                            + ", ".join(formats))
    fmt = formats.get(path.suffix.lower())
    if fmt is None:
        raise RoyalSimError(f"unknown file format of {what} {str(path)!r}: use "
                            + ", ".join(formats))
    return fmt


def _make_job(line: int, id_, hand, seat, deal, leader=None, first_trick=None,
              record=None, game=None, declarer=None, options=None) -> Job:
    """A job from the fields of one input (strings or None; a JSON id or first_trick may
    be a number; ``options`` a string of ``key=value`` items or a dict, ``_game_options``);
    raises ``RoyalSimError``."""
    other = isinstance(game, str) and game.strip() and fold(game).lower() != "royal"
    if other:
        # another game's seats are 1 … n: a JSON number names one as well as its text
        seat, declarer = (str(v) if isinstance(v, int) and not isinstance(v, bool) else v
                          for v in (seat, declarer))
    for name, v in (("hand", hand), ("seat", seat), ("deal", deal), ("leader", leader),
                    ("record", record), ("game", game)):
        if v is not None and not isinstance(v, str):
            kind = ("a seat number such as 1 (the game's seats 1 to n)" if other and
                    name == "seat" else "a seat name such as \"D_ELF\""
                    if name in ("seat", "leader")
                    else "the record's text (\"deal: ...; play: ...\")" if name == "record"
                    else "a game id such as \"coinche\"" if name == "game"
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
    if game is not None and game.strip() and fold(game).lower() != "royal":
        if not (blank[2] and blank[3] and blank[4]) or (record is not None
                                                         and str(record).strip()):
            raise RoyalSimError(f"game={game.strip()} is for a hand (HAND @ SEAT); a deal, "
                                "leader, first_trick or record is royal tarokk's")
        if blank[0]:
            raise RoyalSimError("no hand")
        if blank[1]:
            raise RoyalSimError("hand without seat")
        return _game_job(ident, line, game.strip(), str(hand), str(seat), declarer, options)
    extra = ([] if declarer is None or str(declarer).strip() == "" else ["declarer"]) + \
        list(_game_options(options))
    if extra:
        raise RoyalSimError(f"{extra[0]}= is for a hand of another game (add game=ID); "
                            "royal tarokk takes no declarer or options")
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


def _game_options(options) -> dict:
    """The game options of an input, by name (lower case, ``-`` as ``_``): ``options`` a
    string of ``key=value`` items (``_items``), a dict (a JSON object) or ``None``/blank
    (none). Raises ``RoyalSimError`` for anything else, or a name given twice."""
    if options is None or (isinstance(options, str) and not options.strip()):
        return {}
    if isinstance(options, str):
        return _items(options)
    if not isinstance(options, dict):
        raise RoyalSimError("options must be an object ({\"turned\": \"S10\"}) or a string of "
                            f"key=value items, got {type(options).__name__} "
                            f"{json.dumps(options)[:40]}")
    out: dict = {}
    for key, value in options.items():
        name = fold(key).lower().replace("-", "_")
        if name in out:
            raise RoyalSimError(f"option {name} given twice")
        out[name] = value
    return out


def item_words(e: RoyalSimError) -> str:
    """A library error in a batch line's words: an argument in backticks is its item
    (```turned``` → ``turned=``, ```turned='HJ'``` → ``turned=HJ``)."""
    return MARKED.sub(lambda m: f"{m.group(1)}={(m.group(2) or '').strip(chr(39))}",
                      str(e))


def _items(text: str) -> dict:
    """The ``key=value`` items of a game line (after a .txt line's seat, or an ``options``
    string), separated by spaces: names lower case with ``-`` as ``_``, values as given;
    ``option`` may repeat (a list of its values). Raises ``RoyalSimError`` for an item
    without ``=`` or value, or a key given twice."""
    out: dict = {}
    for item in re.sub(r"\s*=\s*", "=", text).split():
        key, eq, value = item.partition("=")
        key = fold(key).lower().replace("-", "_")
        if not eq or not value or not key:
            raise RoyalSimError(f"expected key=value items (game=ID, declarer=SEAT, "
                                f"turned=CARD ...), got {item!r}")
        if "=" in value:            # "game=harmas =x": spaces around '=' join the items
            raise RoyalSimError(f"expected key=value items (game=ID, declarer=SEAT, "
                                f"turned=CARD ...), got {item!r}: one '=' an item")
        if key == "option":
            out.setdefault("option", []).append(value)
        elif key in out:
            raise RoyalSimError(f"{key} given twice")
        else:
            out[key] = value
    return out


def _option_text(key: str, value) -> str:
    """A game option's value as the canonical input writes it: ``option`` its names
    (strings, lists of them, comma-separated; ASCII-folded), sorted and comma-joined;
    ``INT_OPTIONS`` a whole number's digits; the others their text. Raises
    ``RoyalSimError`` for a value of the wrong type, empty or with a space."""
    if key == "option":
        names: list[str] = []
        for v in (value if isinstance(value, (list, tuple)) else [value]):
            if not isinstance(v, str):
                raise RoyalSimError(f"option must be a name or a list of names, got "
                                    f"{json.dumps(v)[:40]}")
            names += [fold(n) for n in v.split(",") if n.strip()]
        if not names:
            raise RoyalSimError("option without a name")
        text = ",".join(sorted(names))      # one named twice: refused by check_options
    elif key in INT_OPTIONS:
        if isinstance(value, float) and value.is_integer():
            value = int(value)          # JSON 4.0, as 4 and "4"
        text = str(value).strip()
        if isinstance(value, bool) or not (isinstance(value, int)
                                           or re.fullmatch(r"[+-]?[0-9]+", text)):
            raise RoyalSimError(f"{key} must be a whole number, got {json.dumps(value)[:40]}")
        text = str(int(text))
    else:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise RoyalSimError(f"{key} must be text, got {json.dumps(value)[:40]}")
        text = str(value).strip()
        if not text:
            raise RoyalSimError(f"{key} without a value")
    if any(c.isspace() for c in text):
        raise RoyalSimError(f"{key}={text!r}: a value has no spaces (several names: "
                            "separated by commas)")
    return text


def _game_job(ident: str, line: int, game: str, hand: str, seat: str, declarer,
              options) -> Job:
    """The job of a hand of another game: the game known and analysed
    (``game_analysis.game_of``), the options its analysis takes
    (``game_analysis.options_taken``), the hand and seat in the game's notation
    (``_game_notation``), then the whole input checked by the module's ``analyze_game``
    asked for 0 deals: every module checks the hand, seat and options before the number of
    deals, so that only the count is refused. Raises ``RoyalSimError`` (``GameError`` for
    an unknown game, listing the ids, or one not analysed yet, listing those that are)."""
    from ..analysis.game_analysis import GAME_OPTIONS, game_of, options_taken
    from ..games import get_game

    g = game_of(get_game(game))
    given = _game_options(options)
    if isinstance(declarer, bool) or not isinstance(declarer, (str, int, type(None))):
        raise RoyalSimError(f"declarer must be a seat, got {json.dumps(declarer)[:40]}")
    declarer = None if declarer is None or not str(declarer).strip() else str(declarer)
    if "game" in given:
        raise RoyalSimError("game is its own key, not one of the options")
    if "declarer" in given:
        if declarer is not None:
            raise RoyalSimError("declarer given twice (as a key and among the options)")
        declarer = _option_text("declarer", given.pop("declarer"))
    taken = options_taken(g)
    keys = [k for k in taken if k == "declarer"] + sorted(k for k in taken if k != "declarer")
    for key in list(given) + (["declarer"] if declarer is not None else []):
        if key != "declarer" and key not in GAME_OPTIONS:
            raise RoyalSimError(f"unknown key {key!r} (a game line takes game, declarer, "
                                f"{', '.join(GAME_OPTIONS)})")
        if key not in keys:
            raise RoyalSimError(f"{g.id} does not take {key}= (it takes "
                                f"{', '.join(k + '=' for k in keys) or 'no option'})")
    texts = {k: _option_text(k, v) for k, v in given.items()}
    players = int(texts["players"]) if "players" in texts else None
    cards, at, declarer = _game_notation(g, hand, seat, declarer, players)
    job = Job(ident, line, "game", game=g.id, cards=cards, at=at, declarer=declarer,
              options=tuple(sorted(texts.items())))
    _check_game(job)
    return job


def _game_notation(g, hand: str, seat: str, declarer: str | None, players: int | None):
    """``(hand, seat, declarer)`` in the game's notation: the cards by the game's deck in
    its order (``Deck.format_cards``), the seats by their names (``Game.seat_name``); a
    hand the deck does not read as a list of cards (Strohmandli's piles), or a seat the
    game does not know, is kept as given with single spaces (the analysis names the
    error)."""
    try:
        setup = g.setup(players=players)
    except RoyalSimError:
        setup = None
    cards = " ".join(hand.split())
    if setup is not None:
        try:
            deck = g.deck(setup)
            cards = deck.format_cards(deck.mask(hand))
        except RoyalSimError:
            pass

    def seat_name(text):
        if text is None:
            return None
        try:
            return g.seat_name(g.parse_seat(text, setup), setup)
        except (RoyalSimError, AttributeError, TypeError):
            return text.strip()

    return cards, seat_name(seat), seat_name(declarer)


def _check_game(job: Job) -> None:
    """Check a game input by its analysis asked for 0 deals (``_game_job``); raises its
    ``RoyalSimError`` for anything but the number of deals."""
    from ..analysis.game_analysis import analyze_game

    try:
        analyze_game(job.cards, job.at, game=job.game, samples=0, precision=None, seed=1,
                     jobs=1, **job.game_kwargs())
    except RoyalSimError as e:
        if e.argument != "samples":
            raise


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
    """The fields (``FIELDS`` order) of a .txt line: ``HAND @ SEAT``, ``HAND @ SEAT
    game=ID key=value ...`` (``options`` a dict of the items but ``game`` and
    ``declarer``), ``DEAL``, ``DEAL @ leader=SEAT first_trick=N`` or a record on one line
    (``deal: ...; play: ...``: its first item a record field). Raises ``RoyalSimError``."""
    from ..cardplay.record import check_record_text

    if check_record_text(text):
        return None, None, None, None, None, None, text, None, None, None
    if text.count("@") > 1:
        raise RoyalSimError("more than one '@' (expected 'HAND @ SEAT' or 'DEAL @ "
                            "leader=SEAT')")
    head, at, tail = text.partition("@")
    if "/" in head:
        opts = _deal_options(tail) if at else {}
        return (None, None, None, head, opts.get("leader"), opts.get("first_trick"), None,
                None, None, None)
    if at and "=" not in tail:
        return None, head, tail.strip(), None, None, None, None, None, None, None
    if at:      # HAND @ SEAT game=ID key=value ...
        seat, _, rest = re.sub(r"\s*=\s*", "=", tail).strip().partition(" ")
        if "=" in seat:
            raise RoyalSimError(f"expected 'HAND @ SEAT key=value ...': the seat first, got "
                                f"{seat!r}")
        items = _items(rest)
        return (None, head, seat, None, None, None, None, items.pop("game", None),
                items.pop("declarer", None), items)
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
            bad.append(BadLine(line, item_words(e)))
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

