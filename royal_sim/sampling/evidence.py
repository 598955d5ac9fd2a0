"""Announcements heard at the table as evidence for the deal sampler.

Source rule: ``spec/royal-tarokk.md`` §3 "Hand announcements" ("announcements made by other
players are constraints on the deal for sampling") and §2 (the sampling distribution is
uniform over the consistent deals); seed 000 "Jelentések". What one announcement says about
the announcer's hand is ``announcements.announcement_constraints``; this module turns those
``HandConstraint``s into sampled deals:

- the parts the sampler represents directly (``held`` → ``holds``, ``tarokks`` → the tarokk
  range, ``suit_len`` → suit lengths) are merged into the ``Constraints``;
- a disjunction (``one_of``: Flush or Vannak with the suit/rank unstated) is split into its
  cases, one ``Constraints`` per case; overlapping cases are made disjoint ("case i and none
  of the earlier cases"), their exact sizes by inclusion–exclusion (with ≥ 3 tarokks per hand
  two complete suits or two four-of-a-ranks never fit one hand, so for real announcements the
  cases are disjoint already);
- "at least one of a mask" (``min_from``: Matador) is counted as all − none (the "none" case is
  ``not_holds``) and drawn by rejection from the case's deals when at least
  ``FILTER_MIN_ACCEPTANCE`` of them pass, else split into disjoint cases (holds I; not I but
  II; not I, II but III; …).

Each resulting *part* is a plain ``Constraints`` (plus, for parts drawn by rejection, a
vectorised filter) whose exact number of qualifying deals is known from ``DealSampler.count``;
the parts are disjoint and together are exactly the consistent deals. A deal is drawn by
choosing a part with probability exactly proportional to that number (an unbiased
big-integer draw from the project's xoshiro256** generator) and then a uniform deal of that
part, so every consistent deal has the same probability: the sampling is exact, never
biased. Deals of one part are drawn together and put back into their slots, so the same seed
gives the same deals.

The user's own announcements are facts of the known hand, not evidence: hearing one from the
user's seat is an error, as is an announcement the user's hand rules out, two heard
announcements that contradict each other, or any combination that leaves no deal.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from dataclasses import dataclass, replace
from typing import Callable, Iterable, NamedTuple, Sequence

import numpy as np

from ..model import cards as C
from ..model.announcements import (AnnouncementError, Announcement, HandConstraint, RANK_MASKS,
                            announcement_constraints, announcement_key, check_param,
                            get_announcement, parse_announcement_key)
from ..model.deal import HAND_SIZE, MIN_TAROKKS, Seat, check_hand, parse_seat
from ..errors import ConstraintError, DealError, RoyalSimError
from .constraints import Constraints
from .sampler import (METHODS, MAX_REJECTION_ATTEMPTS, DealSampler, SampleResult,
                      normalise_hand_seat)
from ..jit.rng import next64, seed_state

__all__ = ["Heard", "parse_heard", "parse_heard_list", "EvidenceSampler",
           "sample_with_evidence", "evidence_sampler", "FILTER_MIN_ACCEPTANCE", "MAX_COUNTS"]

FILTER_MIN_ACCEPTANCE = 0.3
"""A "at least one of" fact (Matador) is drawn by rejection from its case's deals when at
least this fraction of them qualify; below, the case is split into disjoint sub-cases. Both
are exact; the threshold only trades sampler set-ups against rejected draws."""

MAX_COUNTS = 5000
"""Ceiling on exact counts (``DealSampler`` set-ups, about 1 ms each) for one set of heard
announcements; more raises ``ConstraintError``."""

_HELD_LABELS = {**{int(C.SUIT_MASKS[s]): C.SUIT_SYMBOLS[s] for s in C.PLAIN_SUITS},
                **{m: r for r, m in RANK_MASKS.items()}}
_NO_DEAL = "no deal satisfies the constraints and the heard announcements"
_HEARD_FORM = "SEAT:ANNOUNCEMENT[:PARAM], e.g. A_ELF:tarokkszam:9, D_ELF:flush, D_IND:vannak:Q"


# --------------------------------------------------------------------------------------------
# heard announcements


class Heard(NamedTuple):
    """One announcement heard from another player: ``seat`` (the announcer), ``announcement``
    (an ``announcements.Announcement``) and ``param`` (as ``announcements.check_param``;
    ``None`` for Matador and for an unstated Flush suit / Vannak rank). ``str()`` gives the
    command-line form, e.g. ``A_ELF:tarokkszam:9``."""

    seat: Seat
    announcement: Announcement
    param: object = None

    @property
    def key(self) -> str:
        return f"{self.seat.name}:{announcement_key(self.announcement, self.param)}"

    @property
    def constraint(self) -> HandConstraint:
        """What the announcement says about the announcer's 10-card hand."""
        return announcement_constraints(self.announcement, self.param)

    def describe(self) -> str:
        """Human form, e.g. ``Tarokkszám 9``, ``Flush ♠``, ``Színszám 3 ♥``."""
        return describe_announcement(self.announcement, self.param)

    def __str__(self) -> str:
        return self.key


def describe_announcement(ann: str | Announcement, param=None) -> str:
    """``Tarokkszám 9``, ``Színszám 3 ♥``, ``Matador``, ``Flush``, ``Flush ♠``, ``Vannak Q``."""
    a = get_announcement(ann)
    p = check_param(a, param)
    if p is None:
        return a.name
    if a.id == "szinszam":
        return f"{a.name} {p[1]} {C.SUIT_SYMBOLS[p[0]]}"
    if a.id == "flush":
        return f"{a.name} {C.SUIT_SYMBOLS[p]}"
    return f"{a.name} {p}"


def parse_heard(text: str) -> Heard:
    """``SEAT:ANNOUNCEMENT[:PARAM]`` → ``Heard(seat, announcement, param)``.

    Seats as ``deal.parse_seat`` (``A_ELF``, ``elfogo`` …); the announcement and its parameter
    as ``announcements.parse_announcement_key``: ``tarokkszam:9``, ``szinszam:H,3``,
    ``matador``, ``flush`` or ``flush:S``, ``vannak`` or ``vannak:Q``. Raises ``DealError``
    (bad seat) or ``AnnouncementError`` (unknown announcement, bad or missing parameter),
    both ``RoyalSimError``s whose message quotes ``text``; a missing colon or an empty part
    raises ``RoyalSimError``. Each has ``argument="heard"``.
    """
    if not isinstance(text, str):
        raise _bad_heard(text, f"expected a string {_HEARD_FORM}")
    seat_text, colon, rest = text.partition(":")
    if not colon:
        raise _bad_heard(text, f"missing ':' (expected {_HEARD_FORM})")
    if not seat_text.strip():
        raise _bad_heard(text, f"missing seat (expected {_HEARD_FORM})")
    if not rest.partition(":")[0].strip():
        raise _bad_heard(text, f"missing announcement (expected {_HEARD_FORM})")
    try:
        seat = parse_seat(seat_text)
        ann, param = parse_announcement_key(rest.strip())
    except (DealError, AnnouncementError) as e:
        raise _bad_heard(text, str(e), type(e)) from None
    return Heard(seat, ann, param)


def _bad_heard(text, why: str, kind: type[RoyalSimError] = RoyalSimError) -> RoyalSimError:
    return kind(f"bad heard value {text!r}: {why}", argument="heard")


def parse_heard_list(texts: Iterable[str]) -> tuple[Heard, ...]:
    """``parse_heard`` of each string (e.g. a repeated ``--heard`` option)."""
    return tuple(parse_heard(t) for t in texts)


# --------------------------------------------------------------------------------------------
# facts about one seat's hand, as sampler facts and as vectorised tests


@dataclass(frozen=True)
class _Fact:
    """A fact about the hand of ``seat``: holds ``holds``; tarokk count in ``tarokks``; suit
    lengths ``suit_len`` (``((suit, lo, hi), …)``); at least k of each mask (``min_from``);
    holds none of ``not_holds``. ``label`` names it in messages."""

    seat: int
    holds: int = 0
    not_holds: int = 0
    tarokks: tuple[int, int] = (0, HAND_SIZE)
    suit_len: tuple[tuple[int, int, int], ...] = ()
    min_from: tuple[tuple[int, int], ...] = ()
    label: str = ""

    @classmethod
    def of(cls, seat: int, hc: HandConstraint, label: str = "") -> "_Fact":
        if hc.one_of:
            raise ValueError("nested one_of is not supported")
        return cls(seat, holds=int(hc.held), tarokks=tuple(hc.tarokks),
                   suit_len=tuple(sorted((int(s), lo, hi) for s, (lo, hi) in hc.suit_len.items())),
                   min_from=tuple((int(m), int(k)) for m, k in hc.min_from), label=label)

    def seat_facts(self) -> dict:
        """Keyword facts for ``Constraints.with_seat`` (``min_from`` is not representable)."""
        if self.min_from:
            raise ValueError("an 'at least k of' fact is not a sampler constraint")
        lengths = [(0, HAND_SIZE)] * 4
        for s, lo, hi in self.suit_len:
            lengths[s - 1] = (lo, hi)
        return dict(holds=self.holds, not_holds=self.not_holds, tarokks=self.tarokks,
                    suit_lengths=tuple(lengths))

    def test(self, deals: np.ndarray) -> np.ndarray:
        """(n,) bool: which deals ((n, 4) uint64) satisfy the fact."""
        h = deals[:, self.seat]
        ok = (h & np.uint64(self.holds)) == np.uint64(self.holds)
        if self.not_holds:
            ok &= (h & np.uint64(self.not_holds)) == 0
        if self.tarokks != (0, HAND_SIZE):
            t = C.popcount_array(h & np.uint64(C.TAROKKS))
            ok &= (t >= self.tarokks[0]) & (t <= self.tarokks[1])
        for s, lo, hi in self.suit_len:
            k = C.popcount_array(h & C.SUIT_MASKS[s])
            ok &= (k >= lo) & (k <= hi)
        for m, k in self.min_from:
            ok &= C.popcount_array(h & np.uint64(m)) >= k
        return ok


def _with(cons: Constraints, fact: _Fact) -> Constraints:
    return cons.with_seat(fact.seat, **fact.seat_facts())


def _split_min(seat: int, mask: int, k: int) -> list[_Fact]:
    """Disjoint, exhaustive cases of "``seat`` holds at least ``k`` of ``mask``": for k = 1,
    the lowest card of ``mask`` held is c (holds c, not the lower ones); for k > 1, exactly
    the subset S (|S| ≥ k) is held."""
    cards = list(C.iter_bits(mask))
    if k <= 1:
        out, below = [], 0
        for c in cards:
            out.append(_Fact(seat, holds=1 << c, not_holds=below))
            below |= 1 << c
        return out
    out = []
    for r in range(k, len(cards) + 1):
        for sub in itertools.combinations(cards, r):
            m = C.mask_of(sub)
            out.append(_Fact(seat, holds=m, not_holds=mask & ~m))
    return out


# --------------------------------------------------------------------------------------------
# the project's generator, in Python, for exact big-integer draws


class _Rng:
    """The project's generator (``jit.rng``) seeded by ``seed``, drawing Python integers."""

    def __init__(self, seed: int):
        self.s = seed_state(seed)

    def next64(self) -> int:
        return next64(self.s)

    def below(self, n: int) -> int:
        """Uniform integer in ``0 .. n-1`` for any ``n`` ≥ 1, exactly (rejection on bits)."""
        if n <= 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            x, got = 0, 0
            while got < bits:
                x = (x << 64) | self.next64()
                got += 64
            x >>= got - bits
            if x < n:
                return x


# --------------------------------------------------------------------------------------------
# the sampler


class _TooManyCases(ConstraintError):
    """The case split would need more than ``MAX_COUNTS`` exact counts."""


@dataclass(frozen=True)
class _Item:
    seat: Seat
    hc: HandConstraint
    key: str
    desc: str


@dataclass(frozen=True)
class _Leaf:
    """A part of the consistent deals: the deals of ``constraints`` that pass ``requires``
    (all) and fail ``excludes`` (all). ``weight``: their exact number; ``count``: the number
    of deals of ``constraints``."""

    constraints: Constraints
    weight: int
    count: int
    requires: tuple[_Fact, ...] = ()
    excludes: tuple[_Fact, ...] = ()

    @property
    def filtered(self) -> bool:
        return bool(self.requires or self.excludes)

    def keep(self, deals: np.ndarray) -> np.ndarray:
        ok = np.ones(deals.shape[0], dtype=bool)
        for f in self.requires:
            ok &= f.test(deals)
        for f in self.excludes:
            ok &= ~f.test(deals)
        return ok


def _normalise_heard(heard) -> list[_Item]:
    if heard is None:
        heard = ()
    if isinstance(heard, (str, Heard)):
        heard = (heard,)
    items: list[_Item] = []
    for h in heard:
        if isinstance(h, _Item):
            if not any(i.seat == h.seat and i.hc == h.hc for i in items):
                items.append(h)
            continue
        if isinstance(h, str):
            h = parse_heard(h)
        if isinstance(h, Heard) or (isinstance(h, tuple) and len(h) == 3):
            seat, ann, param = h
            seat = parse_seat(seat) if isinstance(seat, (str, Seat)) else Seat(int(seat))
            ann = get_announcement(ann)
            param = check_param(ann, param)
            h = Heard(seat, ann, param)
            item = _Item(seat, h.constraint, h.key, h.describe())
        elif isinstance(h, tuple) and len(h) == 2 and isinstance(h[1], HandConstraint):
            seat = parse_seat(h[0]) if isinstance(h[0], (str, Seat)) else Seat(int(h[0]))
            item = _Item(seat, h[1], f"{seat.name}:<constraint>", "the stated facts")
        else:
            raise RoyalSimError(f"not a heard announcement: {h!r} (expected {_HEARD_FORM})",
                                argument="heard")
        if any(i.seat == item.seat and i.hc == item.hc for i in items):
            continue
        items.append(item)
    return items


class EvidenceSampler:
    """Uniform sampler over the full deals consistent with a known hand, ``constraints`` and
    announcements heard from the other players (spec §2, §3).

    ``hand``/``seat``/``constraints`` as ``sampling.DealSampler``; ``heard``: ``Heard``s,
    strings for ``parse_heard``, ``(seat, announcement, param)`` triples or ``(seat,
    HandConstraint)`` pairs; ``played``: the cards of ``hand`` its seat has played already (a
    hand as dealt, mid-game: the messages say those were played, not held). Construction counts the consistent deals exactly (``count``) and
    raises ``ConstraintError`` naming the problem when there are none: an announcement from
    the user's own seat, one the user's hand rules out ("A_ELF cannot announce Flush ♠: you
    hold SK"), one that contradicts the given constraints, two that contradict each other, or
    a combination that leaves no deal.

    Attributes: ``count`` (exact number of consistent deals), ``proposals`` and
    ``acceptance`` (``count / proposals``: the fraction of plain rejection proposals — free
    cards dealt into free slots around the cards known from the hand and the directly
    representable facts — that are consistent), ``base`` (the ``Constraints`` with the
    representable facts merged in), ``parts`` (the disjoint parts sampled separately).
    """

    def __init__(self, hand: int | str | None = None, seat: Seat | int | str | None = None,
                 constraints: Constraints | None = None, heard=(), *, played: int = 0,
                 _diagnose: bool = True):
        self.seat = None if seat is None else parse_seat(
            seat if isinstance(seat, (Seat, str)) else Seat(int(seat)))
        if isinstance(hand, str):
            hand = C.mask_of(C.parse_cards(hand))
        self.hand = None if hand is None else int(hand)
        self.played = 0 if self.hand is None else int(played) & self.hand
        if self.hand is not None and self.seat is not None:
            check_hand(self.hand, self.seat)     # DealError for a bad known hand
        self.constraints = constraints if constraints is not None else Constraints()
        self.items = _normalise_heard(heard)
        self._counts: dict[Constraints, int] = {}
        for it in self.items:
            self._check_item(it)
        try:
            self._build()
        except ConstraintError as e:
            if not _diagnose or isinstance(e, _TooManyCases):
                raise
            raise self._diagnose(e) from None

    # -- checks and messages -------------------------------------------------------------

    def _check_item(self, it: _Item) -> None:
        if self.seat is not None and it.seat == self.seat:
            raise ConstraintError(
                f"{it.key}: {it.seat.name} is your own seat; your own announcements are facts "
                "of your hand, not evidence about the other hands", argument="heard")
        if self.hand is None or self.seat is None:
            return
        why = self._hand_rules_out(it.seat, it.hc)
        if why:
            raise ConstraintError(f"{it.seat.name} cannot announce {it.desc}: {why}",
                                  argument="heard")

    def _hand_rules_out(self, seat: Seat, hc: HandConstraint) -> str | None:
        """Why the user's hand makes ``hc`` impossible for ``seat``, or ``None``."""
        hand = self.hand
        clash = hc.held & hand
        if clash:
            return self._yours(clash)
        t_user = C.popcount(hand & C.TAROKKS)
        cap = min(HAND_SIZE, C.N_TAROKKS - t_user - 2 * MIN_TAROKKS)
        if hc.tarokks[0] > cap:
            had = "were dealt" if self.played & C.TAROKKS else "hold"
            return (f"you {had} {t_user} tarokks, which leaves at most {cap} for {seat.name} "
                    f"(the other two hands hold at least {MIN_TAROKKS} each)")
        for s, (lo, _) in sorted(hc.suit_len.items()):
            mine = hand & int(C.SUIT_MASKS[s])
            if lo > C.SUIT_SIZES[s] - C.popcount(mine):
                had = "were dealt" if self.played & mine else "hold"
                return (f"you {had} {C.popcount(mine)} of the {C.SUIT_SIZES[s]} "
                        f"{C.SUIT_SYMBOLS[s]} ({self._yours(mine, cards_only=True)})")
        for m, k in hc.min_from:
            if C.popcount(m & ~hand) < k:
                return self._yours(m & hand)
        if hc.one_of:
            reasons = [self._hand_rules_out(seat, alt) for alt in hc.one_of]
            if all(reasons):
                cases = "; ".join(f"{_HELD_LABELS.get(alt.held, 'case')}: {r}"
                                  for alt, r in zip(hc.one_of, reasons))
                return f"your hand rules out every case ({cases})"
        return None

    def _yours(self, mask: int, cards_only: bool = False) -> str:
        """The user's cards ``mask`` in words: ``you hold SJ and already played SK``
        (``cards_only``: ``SJ; SK already played``)."""
        held, gone = mask & ~self.played, mask & self.played
        if cards_only:
            return "; ".join([C.format_cards(held)] * bool(held)
                             + [f"{C.format_cards(gone)} already played"] * bool(gone))
        if not held:
            return f"you already played {C.format_cards(gone)}"
        return f"you hold {C.format_cards(held)}" + (
            f" and already played {C.format_cards(gone)}" if gone else "")

    def _feasible(self, items: Sequence[_Item], constraints: Constraints) -> str | None:
        """``None`` if the items with ``constraints`` leave a deal, else the reason."""
        try:
            EvidenceSampler(self.hand, self.seat, constraints, list(items),
                            played=self.played, _diagnose=False)
        except ConstraintError as e:
            return str(e)
        return None

    def _diagnose(self, err: ConstraintError) -> ConstraintError:
        if not self.items or self._feasible([], self.constraints):
            return err          # the hand and constraints alone admit no deal
        free = Constraints()
        for it in self.items:
            why = self._feasible([it], free)
            if why:
                detail = "no deal allows it" if why == _NO_DEAL else why
                return ConstraintError(f"{it.seat.name} cannot announce {it.desc}: {detail}")
        if not self.constraints.is_free:
            for it in self.items:
                why = self._feasible([it], self.constraints)
                if why:
                    detail = "" if why == _NO_DEAL else f": {why}"
                    return ConstraintError(f"heard {it.key} contradicts the given constraints "
                                           f"({self.constraints.describe()}){detail}")
        for a, b in itertools.combinations(self.items, 2):
            why = self._feasible([a, b], free)
            if why:
                detail = "no deal fits both" if why == _NO_DEAL else why
                return ConstraintError(f"heard {a.key} and {b.key} contradict each other: "
                                       f"{detail}")
        keys = ", ".join(it.key for it in self.items) or "none"
        detail = "" if str(err) == _NO_DEAL else f": {err}"
        return ConstraintError(f"no deal is consistent with your hand, the constraints and the "
                               f"heard announcements together ({keys}){detail}")

    # -- counting ------------------------------------------------------------------------

    def _count(self, cons: Constraints) -> int:
        """Exact number of deals of ``cons`` (0 if contradictory), memoised."""
        got = self._counts.get(cons)
        if got is None:
            if len(self._counts) >= MAX_COUNTS:
                raise _TooManyCases(f"the heard announcements combine into too many cases "
                                    f"(over {MAX_COUNTS} exact counts)")
            try:
                got = DealSampler(self.hand, self.seat, cons).count
            except ConstraintError:
                got = 0
            self._counts[cons] = got
        return got

    def _count_with(self, cons: Constraints, facts: Iterable[_Fact]) -> int:
        try:
            for f in facts:
                cons = _with(cons, f)
        except ConstraintError:
            return 0
        return self._count(cons)

    def _build(self) -> None:
        base = self.constraints
        mins: list[_Fact] = []
        factors: list[list[_Fact]] = []
        for it in self.items:
            top = _Fact.of(int(it.seat), replace(it.hc, min_from=(), one_of=()))
            base = _with(base, top)
            for m, k in it.hc.min_from:
                f = _Fact(int(it.seat), min_from=((int(m), int(k)),))
                if f not in mins:
                    mins.append(f)
            if it.hc.one_of:
                alts = []
                for alt in it.hc.one_of:
                    f = _Fact.of(int(it.seat), alt, _HELD_LABELS.get(alt.held, ""))
                    if f.min_from:
                        raise ValueError("a one_of case with 'at least k of' is not supported")
                    alts.append(f)
                factors.append(alts)
        base_sampler = DealSampler(self.hand, self.seat, base)   # raises if impossible
        self._counts[base] = base_sampler.count
        self.base = base
        self.proposals: int = base_sampler.proposals

        # one_of: feasible alternatives, and which earlier ones can overlap each
        overlaps: list[list[list[int]]] = []
        for fi, alts in enumerate(factors):
            alts = [a for a in alts if self._count_with(base, [a]) > 0]
            if not alts:
                raise ConstraintError(_NO_DEAL)
            factors[fi] = alts
            overlaps.append([[j for j in range(i) if self._count_with(base, [alts[i], alts[j]])]
                             for i in range(len(alts))])

        # cases: one alternative per factor, contradictory combinations pruned
        combos: list[tuple[tuple[int, ...], Constraints]] = [((), base)]
        for alts in factors:
            nxt = []
            for choice, cons in combos:
                for i, a in enumerate(alts):
                    try:
                        c2 = _with(cons, a)
                    except ConstraintError:
                        continue
                    if self._count(c2):
                        nxt.append((choice + (i,), c2))
            combos = nxt

        leaves: list[_Leaf] = []
        for choice, cons in combos:
            excl = [factors[f][j] for f, i in enumerate(choice) for j in overlaps[f][i]]
            leaves.extend(self._case_leaves(cons, excl, mins))
        leaves = [leaf for leaf in leaves if leaf.weight > 0]
        total = sum(leaf.weight for leaf in leaves)
        if total == 0:
            raise ConstraintError(_NO_DEAL)
        self.parts: tuple[_Leaf, ...] = tuple(leaves)
        """The disjoint parts sampled separately (each a ``Constraints`` and a filter)."""
        self.count: int = total
        """Exact number of consistent full deals."""
        self.acceptance: float = total / self.proposals
        self._cum = list(itertools.accumulate(leaf.weight for leaf in leaves))

    def _excluded_count(self, cons: Constraints, excl: Sequence[_Fact],
                        extra: Sequence[_Fact] = ()) -> int:
        """Deals of ``cons`` ∧ ``extra`` satisfying none of ``excl`` (inclusion–exclusion)."""
        total = 0
        for r in range(len(excl) + 1):
            for sub in itertools.combinations(excl, r):
                total += (-1) ** r * self._count_with(cons, list(extra) + list(sub))
        return total

    def _case_leaves(self, cons: Constraints, excl: list[_Fact],
                     mins: list[_Fact]) -> list[_Leaf]:
        count = self._count(cons)
        excl_t = tuple(excl)
        if not mins:
            return [_Leaf(cons, self._excluded_count(cons, excl), count, excludes=excl_t)]
        if all(f.min_from[0][1] == 1 for f in mins):
            # at least one of each mask = Σ over subsets U of (−1)^|U| · (none of the masks in U)
            weight = 0
            for r in range(len(mins) + 1):
                for sub in itertools.combinations(mins, r):
                    none = [_Fact(f.seat, not_holds=f.min_from[0][0]) for f in sub]
                    weight += (-1) ** r * self._excluded_count(cons, excl, none)
            if weight == 0:
                return []
            if weight >= FILTER_MIN_ACCEPTANCE * count:
                return [_Leaf(cons, weight, count, requires=tuple(mins), excludes=excl_t)]
        # split every "at least" fact into disjoint sub-cases
        subs: list[tuple[Constraints, int]] = [(cons, count)]
        for f in mins:
            (mask, k), = f.min_from
            nxt = []
            for c, _ in subs:
                for part in _split_min(f.seat, mask, k):
                    try:
                        c2 = _with(c, part)
                    except ConstraintError:
                        continue
                    n2 = self._count(c2)
                    if n2:
                        nxt.append((c2, n2))
            subs = nxt
        return [_Leaf(c, self._excluded_count(c, excl), n, excludes=excl_t) for c, n in subs]

    # -- use -----------------------------------------------------------------------------

    def satisfied_by(self, hands: Sequence[int]) -> bool:
        """Whether four hands in play order (a full deal) meet the constraints and every heard
        announcement (the known hand and the dealing rules are not checked)."""
        hands = [int(h) for h in hands]
        return self.constraints.satisfied_by(hands) and all(
            it.hc.satisfied_by(hands[it.seat]) for it in self.items)

    def describe(self) -> str:
        heard = ", ".join(it.key for it in self.items) or "none"
        return (f"heard: {heard}; {self.count} consistent deals in {len(self.parts)} part(s)")

    def sample(self, n: int, seed: int, *, method: str = "auto",
               max_attempts: int | None = None) -> SampleResult:
        """Draw ``n`` consistent deals uniformly, reproducibly from ``seed`` (0 ≤ seed < 2**64).

        ``method`` (``"auto"``, ``"rejection"``, ``"exact"``) and ``max_attempts`` are passed
        to each part's ``DealSampler.sample``. Returns a ``SampleResult``: ``deals`` (n, 4)
        uint64; ``attempts`` (proposals drawn over all parts); ``method`` (the parts' method,
        prefixed ``cases:`` when the deals come from several parts and suffixed ``+filter``
        when a part was filtered by rejection); ``count``/``acceptance`` as this sampler's.
        With a single unfiltered part the deals are exactly those of ``sample_deals`` with
        ``base``. Raises ``ValueError`` for a bad ``n``, ``seed`` or ``method``,
        ``ConstraintError`` from a part's rejection ceiling.
        """
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
            raise ValueError(f"n must be a non-negative integer, got {n!r}")
        n = int(n)
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r} (use {', '.join(METHODS)})")
        rng = _Rng(seed)   # validates the seed
        leaves = self.parts
        if len(leaves) == 1 and not leaves[0].filtered:
            res = DealSampler(self.hand, self.seat, leaves[0].constraints).sample(
                n, seed, method=method, max_attempts=max_attempts)
            return replace(res, count=self.count, acceptance=self.acceptance)
        total = self.count
        if len(leaves) == 1:
            labels = np.zeros(n, dtype=np.int64)
        else:
            labels = np.array([bisect.bisect_right(self._cum, rng.below(total))
                               for _ in range(n)], dtype=np.int64)
        leaf_seeds = [rng.next64() for _ in leaves]
        out = np.zeros((n, 4), dtype=np.uint64)
        attempts, methods = 0, set()
        for li, leaf in enumerate(leaves):
            slots = np.flatnonzero(labels == li)
            if not len(slots):
                continue
            deals, att, meth = self._draw_leaf(leaf, len(slots), leaf_seeds[li], method,
                                               max_attempts)
            out[slots] = deals
            attempts += att
            methods.add(meth)
        label = "+".join(sorted(methods)) or "none"
        if len(leaves) > 1:
            label = "cases:" + label
        if any(leaf.filtered for leaf in leaves):
            label += "+filter"
        return SampleResult(deals=out, attempts=int(attempts), method=label, seed=int(seed),
                            count=self.count, acceptance=self.acceptance)

    def _draw_leaf(self, leaf: _Leaf, m: int, seed: int, method: str,
                   max_attempts: int | None) -> tuple[np.ndarray, int, str]:
        sampler = DealSampler(self.hand, self.seat, leaf.constraints)
        if not leaf.filtered:
            res = sampler.sample(m, seed, method=method, max_attempts=max_attempts)
            return res.deals, res.attempts, res.method
        acc = leaf.weight / leaf.count
        ceiling = MAX_REJECTION_ATTEMPTS if max_attempts is None else max_attempts
        if m / acc > ceiling:
            raise ConstraintError(f"filtering would need about {m / acc:.3g} deals for {m} "
                                  f"(acceptance {acc:.3g}), over the ceiling {ceiling}")
        rounds = _Rng(seed)
        got: list[np.ndarray] = []
        have, attempts, meth = 0, 0, "rejection"
        while have < m:
            need = m - have
            batch = min(int(math.ceil(need / acc * 1.1)) + 16, 1_000_000)
            res = sampler.sample(batch, rounds.next64(), method=method,
                                 max_attempts=max_attempts)
            attempts += res.attempts
            meth = res.method
            keep = res.deals[leaf.keep(res.deals)][:need]
            got.append(keep)
            have += keep.shape[0]
            if attempts > ceiling:
                raise ConstraintError(f"gave up filtering after {attempts} proposals with "
                                      f"{have} of {m} deals (acceptance {acc:.3g})")
        return np.concatenate(got), attempts, meth


@functools.lru_cache(maxsize=32)
def _cached(hand, seat, constraints, heard) -> EvidenceSampler:
    return EvidenceSampler(hand, seat, constraints, heard)


def _heard_key(heard) -> tuple:
    if heard is None:
        return ()
    if isinstance(heard, (str, Heard)):
        heard = (heard,)
    return tuple(parse_heard(h) if isinstance(h, str) else h for h in heard)


def sample_with_evidence(n: int, seed: int, hand: int | str | None = None,
                         seat: Seat | int | str | None = None,
                         constraints: Constraints | None = None, heard=(), *,
                         method: str = "auto", max_attempts: int | None = None) -> SampleResult:
    """``n`` full deals drawn uniformly from those consistent with ``hand`` at ``seat``,
    ``constraints`` and every announcement in ``heard`` (see ``EvidenceSampler``), reproducibly
    from ``seed``. Same arguments as ``sampling.sample_deals`` plus ``heard`` (``Heard``s or
    ``SEAT:ANNOUNCEMENT`` strings). Returns ``SampleResult``; raises ``ConstraintError`` for a
    contradiction (see ``EvidenceSampler``), ``RoyalSimError`` subclasses for bad input. The
    counting set-up is cached for repeated calls with the same arguments."""
    hand, seat = normalise_hand_seat(hand, seat)
    sampler = _cached(hand, seat, constraints if constraints is not None else Constraints(),
                      _heard_key(heard))
    return sampler.sample(n, seed, method=method, max_attempts=max_attempts)


def evidence_sampler(heard, *, method: str = "auto") -> Callable[..., SampleResult]:
    """``f(n, seed, hand, seat, constraints) -> SampleResult`` drawing with ``heard`` as
    evidence: the ``sampler`` hook of ``analysis.analyze``, with ``f.count(hand, seat,
    constraints)`` the exact number of deals it draws from (``EvidenceSampler.count``; raises
    ``ConstraintError`` where there is none). The heard announcements are parsed (and parse
    errors raised) here."""
    heard = _heard_key(heard)

    def sample(n, seed, hand=None, seat=None, constraints=None):
        return sample_with_evidence(n, seed, hand, seat, constraints, heard, method=method)

    def count(hand, seat, constraints) -> int:
        """The number of deals ``sample`` draws from with these arguments (exact)."""
        hand, seat = normalise_hand_seat(hand, seat)
        return _cached(hand, seat, constraints, heard).count

    sample.count = count
    return sample
