"""A played game reviewed card by card, double dummy (``docs/play.md#review``): each card's
cost against the best card in its position, in tricks for the mover's pair and in the
announced bids it gave up (its own pair's, forced before it and no longer) or let the other
pair make (forced after it, not before); the cards that were best instead; totals per seat;
and the card that first cost each bid.

Every position is valued by ``values.card_values`` (the tricks of every legal card, and for
the announced bids whether each pair still forces them after each card), so the review of a
line that keeps every position's value costs nothing anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.request import check_rules
from ..model import cards as C
from ..model.deal import SEATS, Pair, Seat
from .record import GameRecord
from .values import card_values


@dataclass(frozen=True)
class BidCost:
    """An announced bid one card cost: ``bid`` key of pair ``pair`` (label); ``how``:
    ``"given up"`` (the mover's pair forced it before the card, not after) or
    ``"let make"`` (the other pair forces it after the card, not before); ``instead``: the
    cards that would have kept it from happening."""

    bid: str
    pair: str
    how: str
    instead: tuple[int, ...]

    def to_json(self) -> dict:
        return {"bid": self.bid, "pair": self.pair, "how": self.how,
                "instead": [C.format_card(c) for c in self.instead]}

    def text(self) -> str:
        """In words: ``let make defence pagatfogas (instead: III VI VII XIX)``."""
        instead = " ".join(C.format_card(c) for c in self.instead)
        return f"{self.how} {self.pair} {self.bid} (instead: {instead})"


@dataclass(frozen=True)
class ReviewedCard:
    """One card played: ``trick``, ``seat``, ``card``; ``cost``: tricks the mover's pair
    lost by it against the best card (0..tricks left); ``best``: the cards of most tricks
    for the mover's pair; ``tricks``: the tricks each pair takes from this trick on after
    the card (pair label → tricks); ``bids``: the announced bids it cost (``BidCost``)."""

    trick: int
    seat: Seat
    card: int
    cost: int
    best: tuple[int, ...]
    tricks: dict[str, int]
    bids: tuple[BidCost, ...] = ()

    def to_json(self) -> dict:
        return {"trick": self.trick, "seat": self.seat.name, "card": C.format_card(self.card),
                "cost": self.cost, "best": [C.format_card(c) for c in self.best],
                "tricks": dict(self.tricks), "bids": [b.to_json() for b in self.bids]}


@dataclass(frozen=True)
class Review:
    """The review of ``record``: ``cards`` (one ``ReviewedCard`` per card played, in play
    order); ``totals`` per seat: tricks lost and bids cost by its cards; ``first_cost``:
    bid key (``pair label:key``) → the first card that cost it (index into ``cards``) or
    ``None``; ``outcome``: ``pair label:key`` → does the pair force the bid after the last
    card reviewed (made, for a complete game); ``rules``: the rule set used."""

    record: GameRecord
    rules: str
    cards: list[ReviewedCard]
    first_cost: dict[str, int | None] = field(default_factory=dict)
    outcome: dict[str, bool] = field(default_factory=dict)

    @property
    def totals(self) -> dict[Seat, dict[str, int]]:
        out = {s: {"cost": 0, "bids": 0} for s in SEATS}
        for c in self.cards:
            out[c.seat]["cost"] += c.cost
            out[c.seat]["bids"] += len(c.bids)
        return out

    def to_json(self) -> dict:
        """``{"record", "rules", "cards": [...], "totals": {seat: {"cost", "bids"}},
        "bids": [{"pair", "bid", "first_cost": {"trick", "seat", "card"} | null,
        "forced_at_end"}]}``: what ``royal-sim review --json`` prints."""
        bids = []
        for key, i in self.first_cost.items():
            pair, bid = key.split(":", 1)
            first = None
            if i is not None:
                c = self.cards[i]
                first = {"trick": c.trick, "seat": c.seat.name, "card": C.format_card(c.card)}
            bids.append({"pair": pair, "bid": bid, "first_cost": first,
                         "forced_at_end": self.outcome.get(key)})
        return {"record": self.record.format(one_line=True), "rules": self.rules,
                "cards": [c.to_json() for c in self.cards],
                "totals": {s.name: v for s, v in self.totals.items()}, "bids": bids}


def review_record(record: GameRecord, *, rules: str | None = None) -> Review:
    """Review every card of ``record`` double dummy (see the module doc). rules:
    ``gerots`` or ``laza`` for the bids' obligatory play (default: the record's, else
    ``gerots``). Raises ``RoyalSimError`` for an unknown rule set."""
    rules = rules or record.rules or "gerots"
    check_rules(rules)
    announced = {p: tuple(b.key for b in record.bids[p]) for p in Pair}
    keys = [f"{p.label}:{k}" for p in Pair for k in announced[p]]
    first: dict[str, int | None] = {k: None for k in keys}
    outcome: dict[str, bool] = {}
    out: list[ReviewedCard] = []
    any_bid = any(announced.values())
    history: list[tuple[int, list[int]]] = []     # tricks played since the record's start
    trick_leader = None                           # the leader of the trick being played
    for i, pc in enumerate(record.replay()):
        if not pc.position.trick:
            if i:
                history.append((int(trick_leader), list(record.play[i - 4:i])))
            trick_leader = pc.position.leader
        cv = card_values(pc.position, rules=rules, slems=any_bid,
                         bids={p: record.bids[p] for p in Pair}, history=history)
        mover = pc.seat.pair
        played = cv.value(pc.card)
        top = max(v.tricks[mover.label] for v in cv.cards)
        costs = []
        if any_bid:
            for p in Pair:
                for k in announced[p]:
                    if k not in cv.searched[p.label]:
                        continue            # undefined here (a trick already played)
                    before = cv.forced(p, k)
                    after = k in played.slems[p.label]
                    if p is mover and before and not after:
                        keep = tuple(v.card for v in cv.cards if k in v.slems[p.label])
                        costs.append(BidCost(k, p.label, "given up", keep))
                    elif p is not mover and not before and after:
                        keep = tuple(v.card for v in cv.cards if k not in v.slems[p.label])
                        costs.append(BidCost(k, p.label, "let make", keep))
                    outcome[f"{p.label}:{k}"] = after
        for b in costs:
            key = f"{b.pair}:{b.bid}"
            if first[key] is None:
                first[key] = i
        out.append(ReviewedCard(pc.trick, pc.seat, pc.card, top - played.tricks[mover.label],
                                tuple(cv.best()), dict(played.tricks), tuple(costs)))
    return Review(record, rules, out, first, outcome)
