"""A played game as a record: the deal (or an ending, with its leader and first trick), the
bids each pair announced, and the cards in play order (``docs/play.md#game-records``).

Notation, one ``field: value`` item a line (or the items on one line separated by ``;``)::

    deal: XX XVIII ... / ... / ... / XIX ...
    leader: A_IND
    first_trick: 1
    rules: gerots
    attack: ultimo:I, gem
    defence: facan:SK
    play: XX XVIII XXII XIX | SK S10 SQ SN | ...

A long value may go on over more lines, each starting with a space (``format(width=...)``
folds it so). Only ``deal`` is required; ``leader`` defaults to A_IND, ``first_trick`` to
the one the hand sizes give, ``rules`` to none (the reader's choice), the bids to none,
``play`` to no card.
``|`` may separate tricks; where given, it must fall between tricks.
``GameRecord.parse(text)`` reads it, ``record.format()`` writes it back (canonical:
``GameRecord.parse(r.format()) == r``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Sequence

from .. import slems as S
from ..analysis.request import check_rules, parse_bids
from ..errors import DealError, RoyalSimError
from ..model import cards as C
from ..model.deal import Deal, Pair, Seat, parse_seat
from ..tarokk import TAROKK_PLAY
from ..engine.solver import trick_winner
from .position import N_SEATS, Position, revoke_reason, seat_to_play

FIELDS = ("deal", "leader", "first_trick", "rules", "attack", "defence", "play")
_FIELD_OF_ARGUMENT = {"leader": "leader", "seat": "leader", "first_trick": "first_trick",
                      "rules": "rules"}


class RecordError(DealError):
    """A game record that cannot be read or replayed (a bad field, a card not in the hand
    of the seat to play, a revoke, a trick of too many cards, a card after the last
    trick); the message names the trick, the seat and the card where one is at fault."""


@dataclass(frozen=True)
class PlayedCard:
    """One card of a replayed record: ``trick`` (1..10) and ``seat`` it was played in and
    by, and the ``position`` it was played from (``Position``, the card still in hand)."""

    trick: int
    seat: Seat
    card: int
    position: Position


@dataclass(frozen=True)
class GameRecord:
    """A played game (see the module doc). ``deal``: the four hands when the record starts
    (bit masks, equal sizes); ``leader`` leads trick ``first_trick``; ``bids``: the bids
    each pair announced (``slems.Bid``); ``play``: card ids in play order; ``rules``:
    ``"gerots"``, ``"laza"`` or ``None`` (not said)."""

    deal: tuple[int, int, int, int]
    leader: Seat = Seat.A_IND
    first_trick: int = 1
    bids: dict[Pair, tuple[S.Bid, ...]] = field(default_factory=dict)
    play: tuple[int, ...] = ()
    rules: str | None = None

    def __post_init__(self):
        bids = {p: tuple(self.bids.get(p, ())) for p in Pair}
        object.__setattr__(self, "bids", bids)

    def __eq__(self, other):
        if not isinstance(other, GameRecord):
            return NotImplemented
        return (self.deal, self.leader, self.first_trick, self.play, self.rules,
                {p: [b.key for b in v] for p, v in self.bids.items()}) == (
            other.deal, other.leader, other.first_trick, other.play, other.rules,
            {p: [b.key for b in v] for p, v in other.bids.items()})

    __hash__ = None

    @classmethod
    def of(cls, deal, play: Sequence[int] = (), *, leader: Seat | int | str = Seat.A_IND,
           first_trick: int | None = None, bids: dict | None = None,
           rules: str | None = None, tricks: Sequence[int] | None = None) -> "GameRecord":
        """Check and build a record. deal: a ``Deal`` or 4 bit masks; play: card ids;
        bids: pair → bids (``Bid`` or keys); tricks: where ``|`` fell (the number of cards
        before each), checked to fall between tricks. Raises ``RecordError`` (or the
        ``DealError``/``BidError`` of a bad deal, seat or bid) — ``replay`` checks the
        cards: it is run here."""
        from ..analysis.position import next_trick
        hands = tuple(int(h) for h in getattr(deal, "hands", deal))
        d = Deal(hands)
        d.check_dealing_rules()
        lead = Seat(leader) if isinstance(leader, int) else parse_seat(leader)
        start = next_trick(d.hands, first_trick, lead)
        if rules is not None:
            check_rules(rules)
        out = {}
        for p, bs in (bids or {}).items():
            p = Pair(p) if isinstance(p, int) else p
            out[p] = tuple(b if isinstance(b, S.Bid) else S.Bid.parse(str(b)) for b in bs)
        rec = cls(d.hands, lead, start, out, tuple(int(c) for c in play), rules)
        seats, error = [], None
        try:                # one replay: the seats of the cards, and the first card at fault
            for p in rec.replay():
                seats.append(p.seat)
        except RecordError as e:
            error = e
        # a misplaced '|' is named first: the cards after it may be read in the wrong trick
        check_bars(rec.play, seats, list(tricks or ()), rec.first_trick)
        if error is not None:
            raise error
        return rec

    @classmethod
    def parse(cls, text: str, defaults: dict | None = None) -> "GameRecord":
        """Read the notation of the module doc. ``defaults``: values of fields the text
        does not give (field name → notation, e.g. ``{"leader": "D_ELF"}``; ``None``
        values ignored), as a caller's options give them. Raises ``RecordError`` naming the
        field (an unknown or repeated field, a missing deal, a bad leader, first trick or
        rules in the text, a trick too long between ``|``, a card that cannot be played:
        trick, seat and card), or the ``CardError`` / ``DealError`` / ``BidError`` of a bad
        value (a default's keeps its ``argument``)."""
        items: dict[str, str] = {}
        key = None              # the field read last
        parts = [(i == 0, raw) for row in str(text).splitlines()
                 for i, raw in enumerate(row.split(";"))]
        for starts_row, raw in parts:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            # a row starting with a space that names no field: the value above goes on
            if starts_row and key is not None and raw[:1].isspace() and not _is_field(line):
                items[key] += " " + line
                continue
            if ":" not in line:
                raise RecordError(f"record line {line!r} is no 'field: value' item (fields: "
                                  f"{', '.join(FIELDS)})")
            key, value = line.split(":", 1)
            key = key.strip().lower().replace("-", "_")
            if key == "defense":
                key = "defence"
            if key not in FIELDS:
                raise RecordError(f"unknown record field {key!r} (fields: "
                                  f"{', '.join(FIELDS)})")
            if key in items:
                raise RecordError(f"record field {key!r} given twice")
            items[key] = value.strip()
        if "deal" not in items:
            raise RecordError("a record needs a 'deal: ...' field")
        written = set(items)
        for k, v in (defaults or {}).items():
            if v is not None and k not in items:
                items[k] = str(v)
        deal = Deal.parse(items["deal"], check_rules=False)
        first = None
        if items.get("first_trick"):
            try:
                first = int(items["first_trick"])
            except ValueError:
                raise RecordError(f"first_trick must be a trick number 1..10, got "
                                  f"{items['first_trick']!r}") from None
        bids = {p: parse_bids(items[p.label], p.label) if items.get(p.label) else []
                for p in Pair}
        play, bars = parse_play(items.get("play", ""))
        try:
            return cls.of(deal, play, leader=items.get("leader") or Seat.A_IND,
                          first_trick=first, bids=bids, rules=items.get("rules") or None,
                          tricks=bars)
        except RoyalSimError as e:     # (a RecordError of the play has no argument)
            field_ = _FIELD_OF_ARGUMENT.get(e.argument)
            if field_ in written:       # the text's value, not a caller's option
                raise RecordError(f"the record's '{field_}:' field: {e}") from None
            raise

    def format(self, one_line: bool = False, width: int | None = None) -> str:
        """The record in its notation (``parse``'s inverse): one field a line, or all on
        one line separated by ``; `` (a batch input line); tricks separated by ``|``.
        ``width``: a field wider than that many columns folded onto lines starting with
        two spaces (``parse`` reads them back)."""
        import textwrap

        items = [("deal", str(Deal(self.deal)))]
        if self.leader != Seat.A_IND or self.first_trick != 1:
            items += [("leader", self.leader.name), ("first_trick", str(self.first_trick))]
        if self.rules:
            items.append(("rules", self.rules))
        for p in Pair:
            if self.bids[p]:
                items.append((p.label, ", ".join(b.key for b in self.bids[p])))
        if self.play:
            items.append(("play", format_play(self.play)))
        if one_line:
            return "; ".join(f"{k}: {v}" for k, v in items)
        return "\n".join(f"{k}: {v}" if width is None else
                         textwrap.fill(f"{k}: {v}", width, subsequent_indent="  ",
                                       break_long_words=False, break_on_hyphens=False)
                         for k, v in items)

    def replay(self) -> Iterator[PlayedCard]:
        """Every card of ``play`` with the position it was played from, checked. Raises
        ``RecordError`` naming trick, seat and card for a card not in the hand of the seat
        to play (or on the table already), a revoke, or a card after the last trick."""
        hands = list(self.deal)
        leader = self.leader
        trick_no = self.first_trick
        trick: list[int] = []
        last = C.N_CARDS // N_SEATS
        for card in self.play:
            seat = seat_to_play(leader, len(trick))
            name = C.format_card(card)
            if trick_no > last:
                raise RecordError(f"play: {name} comes after the last trick (trick {last})")
            if not hands[seat] >> card & 1:
                where = next((s.name for s in Seat if hands[s] >> card & 1), None)
                why = (f"it is in {where}'s hand" if where else "it was played already")
                raise RecordError(f"trick {trick_no}, {seat.name}: {name} is not in "
                                  f"{seat.name}'s hand ({why})")
            why = revoke_reason(hands[seat], card, trick)
            if why:
                raise RecordError(f"trick {trick_no}, {seat.name}: {name} is a revoke ({why})")
            yield PlayedCard(trick_no, seat, card,
                             Position(tuple(hands), leader, trick_no, tuple(trick)))
            hands[seat] &= ~(1 << card)
            trick.append(card)
            if len(trick) == N_SEATS:
                leader = Seat(trick_winner(trick, int(leader), TAROKK_PLAY))
                trick = []
                trick_no += 1


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _is_field(line: str) -> bool:
    """Does ``line`` start a record field (``name: value``, a name of ``FIELDS``)?"""
    key = line.split(":", 1)[0].strip().lower().replace("-", "_")
    return ":" in line and key in (*FIELDS, "defense")


def parse_play(text: str) -> tuple[list[int], list[int]]:
    """Card ids of a play in card notation, and where its ``|`` fell (the number of cards
    before each). Raises ``CardError`` naming the token, ``RecordError`` for an empty trick
    (nothing before the first ``|`` or between two; one after the last ends the play)."""
    cards: list[int] = []
    bars: list[int] = []
    parts = str(text).split("|")
    for i, part in enumerate(parts):
        if i:
            bars.append(len(cards))
        if len(parts) > 1 and not part.split() and (i < len(parts) - 1 or not cards):
            where = ("before the first '|'" if i == 0 else
                     f"after the {_nth(i)} '|'" if i == len(parts) - 1 else
                     f"between the {_nth(i)} and the {_nth(i + 1)} '|'")
            raise RecordError(f"play: an empty trick, nothing {where} (a trick has {N_SEATS} "
                              "cards; '|' goes between tricks)")
        for t in C.tokens(part):
            try:
                cards.append(C.parse_card(t))
            except C.CardError as e:
                raise type(e)(f"play: {e}") from None
    return cards, bars


def check_bars(play: Sequence[int], seats: Sequence[Seat], bars: Sequence[int],
               first_trick: int = 1) -> None:
    """Each ``|`` falls between tricks: a stretch between two of them (or before the first)
    holds exactly one trick. ``play``: card ids in play order, ``seats``: who played each,
    as far as the play replays (a stretch whose first card did not replay is left to the
    replay's own error); ``bars``: the cards before each ``|`` (``parse_play``),
    ``first_trick``: the trick the play starts in. Raises ``RecordError`` naming the trick,
    the seat and the card at fault (the fifth card of a trick, or the card after a ``|``
    inside a trick)."""
    prev = 0
    for n in bars:
        size = n - prev
        if size == N_SEATS:
            prev = n
            continue
        if prev >= len(seats):
            return
        t = first_trick + prev // N_SEATS
        at = prev + min(size, N_SEATS)        # the card at fault
        card = C.format_card(play[at]) if at < len(play) else "?"
        # its seat: the trick's leader for a fifth card, else the seat whose turn it is
        seat = (seats[prev] if size > N_SEATS else seat_to_play(seats[prev], size)).name
        if size > N_SEATS:
            raise RecordError(f"trick {t}, {seat}: {card} is a fifth card in trick {t} "
                              f"({size} cards between '|'; a trick has {N_SEATS})")
        raise RecordError(f"trick {t}, {seat}: '|' before {card} ends trick {t} after "
                          f"{size} card{'s' if size != 1 else ''} (a trick has {N_SEATS})")


def format_play(play: Sequence[int]) -> str:
    """Cards in play order, ``|`` between tricks."""
    groups = [play[i:i + N_SEATS] for i in range(0, len(play), N_SEATS)]
    return " | ".join(" ".join(C.format_card(c) for c in g) for g in groups)


def check_record_text(text: str) -> bool:
    """Does ``text`` look like a record (a ``field:`` item) rather than deal notation? Its
    first item that is neither blank nor a ``#`` comment (``parse`` skips both) decides."""
    for row in str(text).splitlines():
        for raw in row.split(";"):
            line = raw.strip()
            if line and not line.startswith("#"):
                return _is_field(line)
    return False


__all__ = ["GameRecord", "PlayedCard", "RecordError", "RoyalSimError", "format_play",
           "parse_play", "check_record_text"]
