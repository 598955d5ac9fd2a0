"""Solving one deal or position (an ending) double dummy: the tricks each pair can force and
the slems each pair can force, as ``royal-sim solve`` prints and batch deal rows record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..tarokk import TAROKK_PLAY
from ..engine.solver import Solver, optimal_line
from ..errors import DealError
from ..model.deal import N_TRICKS, Deal, Pair, Seat, first_trick_of, parse_seat
from .. import slems as S
from .execute import ClassCache, search_deals
from .plan import columns_for
from .request import check_rules
from .results import Column


@dataclass(frozen=True)
class PositionResult:
    """The double-dummy result of a position.

    ``leader``: the seat leading trick ``first_trick`` (1..10); ``attack`` / ``defence``:
    tricks each pair can force out of the ``cards`` tricks left (``attack + defence ==
    cards``); ``slems``: by pair label (``attack``, ``defence``), slem key (``id`` or
    ``id:param``) → whether that pair can force it, or ``None`` when not searched."""

    leader: Seat
    first_trick: int
    cards: int
    attack: int
    slems: dict[str, dict[str, bool]] | None = None

    @property
    def defence(self) -> int:
        return self.cards - self.attack

    def tricks(self, pair: Pair) -> int:
        """Tricks ``pair`` can force."""
        return self.attack if pair is Pair.ATTACK else self.defence

    def to_json(self) -> dict:
        """``{"leader", "first_trick", "tricks": {"attack", "defence"}[, "slems"]}``: what
        ``royal-sim solve --json`` prints."""
        out = {"leader": self.leader.name, "first_trick": self.first_trick,
               "tricks": {"attack": self.attack, "defence": self.defence}}
        if self.slems is not None:
            out["slems"] = self.slems
        return out


def next_trick(hands: Sequence[int], first_trick: int | None = None,
               leader: Seat | None = None) -> int:
    """The number of the trick a position starts with: ``11 - cards per hand`` (the last
    trick is always trick 10). ``first_trick``, when given, must be that number; ``leader``,
    when given, must be ``A_IND`` for a full deal (trick 1 is always led by the indító,
    docs/rules.md#obligations). Raises ``DealError`` (argument ``first_trick`` or
    ``leader``) when they are not, and for hands that are no position (see ``Deal``)."""
    k = Deal(tuple(hands)).cards_per_hand
    start = first_trick_of(k)
    if first_trick is not None and (isinstance(first_trick, bool)
                                    or not isinstance(first_trick, (int, np.integer))):
        raise DealError(f"first_trick must be a trick number 1..10, got {first_trick!r}",
                        argument="first_trick")
    if first_trick is not None and first_trick != start:
        raise DealError(f"first_trick {first_trick} is impossible: with {k} card"
                        f"{'s' if k != 1 else ''} per hand the next trick is trick {start} "
                        "(the last trick is always 10)", argument="first_trick")
    if start == 1 and leader is not None and Seat(leader) != Seat.A_IND:
        raise DealError(f"trick 1 is always led by A_IND (the indító), not {Seat(leader).name}; "
                        "a position after trick 1 may have any leader", argument="leader")
    return start


def solve_position(hands: Sequence[int], *, leader: Seat | int | str = 0,
                   first_trick: int | None = None, rules: str = "gerots", slems: bool = True,
                   only: Sequence[str] | None = None) -> PositionResult:
    """Solve a full deal or a position double dummy.

    hands: 4 card bit masks in seat order (A_IND, D_ELF, D_IND, A_ELF), 1..10 cards each,
    all the same size; leader: the seat leading the next trick (a ``Seat``, its index or
    name); first_trick: the number of that trick (default and only legal value: 11 - cards
    per hand); rules: ``gerots`` or ``laza`` (the slems' obligatory play); slems: also
    search which slems each pair can force (``analysis.solve_slems``), limited to the slem
    ids ``only`` (default all). Returns a ``PositionResult``. Raises ``DealError`` for bad
    hands, an unknown seat or an impossible ``first_trick``.
    """
    check_rules(rules)
    lead = Seat(leader) if isinstance(leader, int) else parse_seat(leader)
    start = next_trick(hands, first_trick, lead)
    attack = Solver(TAROKK_PLAY).max_tricks(hands, int(lead), start, int(Pair.ATTACK))
    made = None
    if slems:
        made = {p.label: solve_slems(hands, p, leader=int(lead), first_trick=start,
                                     rules=rules, only=only) for p in Pair}
    return PositionResult(lead, start, N_TRICKS + 1 - start, attack, made)


def optimal_play(hands: Sequence[int], *, leader: Seat | int = 0,
                 first_trick: int | None = None) -> list[tuple[int, list[int], int]]:
    """One optimal line of play of a position, trick by trick: ``[(leader seat, [4 card ids
    in play order], winner seat), …]`` (each side keeps the attack's trick value; see
    ``engine.solver.optimal_line``). Arguments and errors as ``solve_position``."""
    start = next_trick(hands, first_trick, Seat(int(leader)))
    return optimal_line(Solver(TAROKK_PLAY), hands, int(leader), start)


def solve_slems(hands: Sequence[int], pair: Pair, *, leader: int = 0, first_trick: int = 1,
                rules: str = "gerots", only: Sequence[str] | None = None) -> dict[str, bool]:
    """Which slems ``pair`` can force from a deal or position, double dummy.

    hands: 4 bit masks in seat order (equal sizes); leader: seat leading trick
    ``first_trick``; only: slem ids to search (default all). Every slem with every parameter
    the pair could announce (magasítók from the pair's cards, every suit) is a key ``id`` or
    ``id:param``; slems undefined in the position (a trick already played, a card no longer
    in play) are left out. Source: spec §3 and §5.
    """
    pair_cards = hands[pair.seats[0]] | hands[pair.seats[1]]
    cols = columns_for(pair_cards, only)
    deals = np.array([hands], dtype=np.uint64)
    classes = ClassCache()
    out = search_deals(deals, cols, pair, pair_cards, rules, classes, None, leader,
                  first_trick).outcomes
    result: dict[str, bool] = {}
    extra: list[Column] = []
    for col, v in zip(cols, out[0]):
        if v < 0:
            continue
        if col.relaxed:
            params = S.candidate_params(col.slem, pair_cards)
            if v == 1:
                extra.extend(Column(col.slem, p) for p in params)
            else:
                result.update({S.slem_key(col.slem, p): False for p in params})
            continue
        result[col.key] = bool(v)
    if extra:
        out2 = search_deals(deals, extra, pair, pair_cards, rules, classes, None, leader,
                       first_trick).outcomes
        result.update({col.key: bool(v) for col, v in zip(extra, out2[0]) if v >= 0})
    return result
