"""A card suggested from what one seat sees: every legal card valued over worlds drawn from
that seat's view (``worlds``), double dummy in each (``values``), as openschafkopf's
``suggest-card`` and GIB's card play do (perfect-information Monte Carlo).

For each legal card of the seat to play, over the worlds: the mean tricks its pair then
takes from the current trick (included) to the last; with bids announced, the chance each
bid is made and the pair's mean score under them. Cards are valued, scored and ranked as
``decide`` does (the objective and the tie rule: docs/play.md#how-a-card-is-chosen).

Worlds come in rounds (``FIRST_WORLDS``, then doubling) until the best card is told apart
from its rival, the best card that scores differently on some world (the 95 % interval
of their paired difference over the worlds excludes 0), or every card is equal on every
world so far, or that interval is within ``precision``
(default ``PRECISION``), or ``max_worlds`` are used; when the consistent worlds are few,
all of them are used once, in one round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..errors import DealError
from ..model import cards as C
from ..model.deal import Pair, Seat, parse_seat
from .decide import TRICK_POINTS, WorldValues, objective, rank, value_worlds
from .worlds import WorldSampler, replay

__all__ = ["FIRST_WORLDS", "PRECISION", "CardChoice", "Suggestion", "seats_of", "suggest_card"]

FIRST_WORLDS = 20
"""Worlds of the first round (then each round doubles the worlds used so far)."""
PRECISION = {"tricks": 0.1, "points": 1.0}
"""Default half-width of the best card's margin over its rival at which a run stops."""


@dataclass(frozen=True)
class CardChoice:
    """One legal card over the worlds: ``tricks`` the mean tricks of the mover's pair from the
    current trick (included), ``tricks_se`` its standard error; ``made``: bid label
    (``attack:gem``) → the share of worlds on which that bid is made after this card;
    ``expected``: the mover's pair's mean points (``None`` without bids), ``stderr`` its
    standard error; ``best``: the recommended card."""

    card: int
    tricks: float
    tricks_se: float
    made: dict[str, float]
    expected: float | None
    stderr: float | None
    best: bool = False

    def to_json(self) -> dict:
        out = {"card": C.format_card(self.card), "tricks": round(self.tricks, 3),
               "tricks_se": round(self.tricks_se, 3), "best": self.best}
        if self.expected is not None:
            out.update(expected=round(self.expected, 3), stderr=round(self.stderr, 3),
                       made={k: round(v, 4) for k, v in self.made.items()})
        return out


@dataclass(frozen=True)
class Suggestion:
    """``suggest_card``'s answer: ``cards`` every legal card, best first; ``worlds`` the
    worlds used, ``count`` how many are consistent, ``method`` ``enumerated`` or
    ``sampled``; ``stopped``: ``"told apart"``, ``"equal"`` (every legal card scores
    alike on every world), ``"precision"``, ``"worlds"`` (the cap or every consistent world),
    ``"one card"``, or ``"interrupted"`` (Ctrl-C: the best card so far); ``difference``:
    the best card's paired margin over the best card that scores differently on some world
    (touching cards are no rivals: ``rival``, ``None`` when there is none) and its 95 %
    half-width (in points, or tricks without bids)."""

    seat: Seat
    trick_number: int
    trick: tuple[int, ...]
    cards: list[CardChoice]
    worlds: int
    count: int
    method: str
    stopped: str
    difference: tuple[float, float] | None = None
    rival: int | None = None
    bids: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def best(self) -> CardChoice:
        return self.cards[0]

    def to_json(self) -> dict:
        return {"seat": self.seat.name, "trick_number": self.trick_number,
                "trick": [C.format_card(c) for c in self.trick],
                "card": C.format_card(self.best.card),
                "cards": [c.to_json() for c in self.cards],
                "worlds": self.worlds, "consistent_worlds": self.count,
                "method": self.method, "stopped": self.stopped,
                "interrupted": self.stopped == "interrupted",
                "difference": None if self.difference is None else
                [round(self.difference[0], 3), round(self.difference[1], 3)],
                "rival": None if self.rival is None else C.format_card(self.rival),
                "bids": {k: list(v) for k, v in self.bids.items()}}


def seats_of(cards: Sequence[int], leader: Seat = Seat.A_IND) -> list[tuple[Seat, int]]:
    """The record ``[(seat, card)…]`` of cards in play order from trick 1 (``leader``): each
    trick's winner leads the next, so the cards alone say who played them."""
    from ..engine.solver import trick_winner
    from ..tarokk import TAROKK_PLAY

    n = len(Seat)
    out, trick, lead = [], [], int(leader)
    for c in cards:
        out.append((Seat((lead + len(trick)) % n), int(c)))
        trick.append(int(c))
        if len(trick) == n:
            lead = (lead + trick_winner(trick, 0, TAROKK_PLAY)) % n
            trick = []
    return out


def _history(plays, n_seats: int) -> list[tuple[int, list[int]]]:
    """The finished tricks of a replayed record: ``[(leader, [cards in play order])…]``."""
    tricks: dict[int, list] = {}
    for p in plays:
        tricks.setdefault(p.trick, []).append(p)
    return [(ps[0].seat, [p.card for p in ps]) for _, ps in sorted(tricks.items())
            if len(ps) == n_seats]


def suggest_card(seat: Seat | str, hand: int, played: Sequence = (), *,
                 bids: dict[Pair, Sequence] | None = None, rules: str = "gerots",
                 igazitas: bool = True, precision: float | None = None,
                 max_worlds: int = 320, seed: int = 0, heard=(),
                 progress: Callable[[int, int], None] | None = None,
                 on_update: Callable[[Suggestion], None] | None = None) -> Suggestion:
    """The card ``seat`` should play now, holding ``hand`` (bit mask, its cards now) after
    the record ``played`` (``(seat, card)`` in play order from trick 1, led by A_IND).

    bids: pair → the bids it announced (``slems.Bid``); rules / igazitas: the scoring;
    precision: stop once the best card's paired margin is known within ± this (points, or
    tricks without bids; default ``PRECISION``); seed: of the
    worlds; heard: announcements heard (``worlds``); progress: called with (worlds used,
    consistent worlds) after each round; on_update: called with the ``Suggestion`` so far
    (``stopped`` ``"still drawing"``) after each round that does not end the run (a live
    table). Interrupted (Ctrl-C, SIGTERM), the ``KeyboardInterrupt`` carries the answer of
    the rounds finished as ``.partial`` (``stopped`` ``"interrupted"``; ``None`` before the
    first).

    :raises ConstraintError: a record no deal fits (``worlds`` names the fact).
    :raises DealError: a bad seat or hand. :raises ValueError: ``max_worlds`` below 1.
    """
    seat = parse_seat(seat)
    if isinstance(max_worlds, bool) or not isinstance(max_worlds, int) or max_worlds < 1:
        raise ValueError(f"max_worlds must be a positive whole number, got {max_worlds!r}")
    bids = {p: tuple(bids.get(p, ())) for p in Pair} if bids else {p: () for p in Pair}
    plays, leader, trick, number = replay(played)
    if number > 10:
        raise ValueError("the record is a finished game: no card is left to play")
    now = Seat((int(leader) + len(trick)) % len(Seat))
    if now != seat:
        after = (f"trick {number}, after {' '.join(C.format_card(c) for c in trick)}" if trick
                 else "it leads trick 1" if number == 1
                 else f"it won trick {number - 1} and leads trick {number}")
        raise DealError(f"{now.name} is to play now ({after}), not "
                        f"{seat.name}: give `seat='{now.name}'`, or the cards played up to "
                        f"{seat.name}'s turn", argument="seat")
    n_seats = len(Seat)
    history = _history(plays, n_seats)
    mover = seat.pair
    scored = any(bids.values())
    labels = [f"{p.label}:{b.key}" for p in Pair for b in bids[p]]

    # the opponents' bids say where cards are; the pair's own may be the seat's own bids
    sampler = WorldSampler(seat, hand, played, heard=heard, opponent_bids=bids[mover.other])
    few = sampler.count <= max_worlds and sampler.enumerable
    values: WorldValues | None = None
    used, want, rounds_seed = 0, max_worlds if few else min(FIRST_WORLDS, max_worlds), seed

    def build(stopped: str) -> Suggestion:
        """The answer on the worlds so far (``values``, ``value``, ``order`` of this round)."""
        tricks = values.tricks
        m = tricks.shape[0]
        out = []
        for r, i in enumerate(order):
            se = float(tricks[:, i].std(ddof=1)) / math.sqrt(m) if m > 1 else 0.0
            made = {lab: float(values.made[lab][:, i].mean()) for lab in labels}
            exp = float((value[:, i] - TRICK_POINTS * tricks[:, i]).mean()) if scored \
                else None
            sd = (float(value[:, i].std(ddof=1)) / math.sqrt(m) if m > 1 else 0.0) \
                if scored else None
            out.append(CardChoice(values.cards[i], float(tricks[:, i].mean()), se, made,
                                  exp, sd, r == 0))
        return Suggestion(seat, number, tuple(trick), out, used, w.count, w.method, stopped,
                          diff, rival_card,
                          {p.label: tuple(b.key for b in bids[p]) for p in Pair})

    last: Suggestion | None = None          # the answer of the last round finished
    try:
        while True:
            w = sampler.worlds(want - used, rounds_seed)
            if int(w.to_play) != int(seat):
                raise ValueError(f"{Seat(int(w.to_play)).name} is to play now, not {seat.name}")
            got = value_worlds(w.hands, w.dealt, w.leader, w.trick_number, w.trick, bids, rules,
                               history)
            values = got if values is None else values.extend(got)
            used = len(values)
            if progress is not None:
                progress(used, w.count)
            cards = values.cards
            value = objective(values, mover, bids, rules, igazitas)
            order = rank(value, cards)
            diff = rival_card = None
            if len(cards) == 1:
                stopped = "one card"
                break
            # the best card's rival: the next card that scores differently on some world (a
            # card equal to the best on every world, as touching cards are, is no rival)
            top = value[:, order[0]]
            rival = next((j for j in order[1:] if (value[:, j] != top).any()), None)
            d = top - value[:, order[1] if rival is None else rival]
            half = 1.96 * float(d.std(ddof=1)) / math.sqrt(used) if used > 1 else math.inf
            diff = (float(d.mean()), half)
            rival_card = None if rival is None else cards[rival]
            last = build("interrupted")
            if w.enumerated or used >= max_worlds:
                stopped = "worlds"
                break
            if float(d.mean()) > half:
                stopped = "told apart"
                break
            if rival is None and used >= FIRST_WORLDS:
                stopped = "equal"
                break
            if half <= (PRECISION["points" if scored else "tricks"] if precision is None
                        else precision):
                stopped = "precision"
                break
            if on_update is not None:
                on_update(build("still drawing"))
            want = min(max_worlds, 2 * used)
            rounds_seed += 1
    except KeyboardInterrupt as e:      # Ctrl-C: the answer of the rounds finished
        e.partial = last
        raise
    return build(stopped)
