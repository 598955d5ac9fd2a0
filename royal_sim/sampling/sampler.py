"""Consistent deals: uniform random full deals that complete a known hand under constraints.

Source rule: ``spec/royal-tarokk.md`` §2 (dealing). XIX goes to ``A_ELF``, XX to ``A_IND``, the
other 38 cards are shuffled and dealt 10 to each hand; a deal in which some hand holds fewer
than 3 tarokks is void and redealt. So the target distribution is **uniform over all full
deals satisfying every constraint**: the user's known hand, the fixed XX/XIX, ≥ 3 tarokks per
hand, and whatever else is known per seat (``constraints.SeatConstraints``: cards held / not
held, tarokk count range, suit length ranges, voids — e.g. from announcements, spec §3
"jelentések"; ``SeatConstraints``, ``Constraints`` and ``parse_range`` are importable from here
too).

Two exact methods, chosen automatically (``method="auto"``):

- ``"rejection"``: place the cards whose seat is known, shuffle the rest into the free slots,
  reject deals that break a constraint, repeat. Exact by construction; fast when most
  proposals pass (with no constraint beyond the dealing rules about 95 % do).
- ``"exact"``: group the unknown cards into classes (suit × set of seats allowed to hold
  them); count, per suit, the ways to give each seat a number of that suit's cards (sums of
  products of multinomial coefficients, computed with Python ints), combine the suits under
  "each hand has 10 cards", then per deal draw a count profile with probability proportional
  to its number of deals (backwards through the counting tables) and deal each class's cards
  uniformly. Every deal thus has the same probability; the only approximation is that the
  exact integer counts (up to ~10²⁰) are stored as float64 for the draw, a relative error
  below 10⁻¹⁵ per weight, far beneath anything a sample can detect.

The counting also gives the exact number of consistent deals (``DealSampler.count``) and the
exact acceptance rate of the rejection proposal (``DealSampler.acceptance``); ``auto`` picks
rejection when the acceptance is at least ``REJECTION_MIN_ACCEPTANCE`` (see
``benchmarks/bench_sampling.py`` for the speeds behind that threshold). Impossible
constraints raise ``ConstraintError`` before any sampling.

Randomness: a xoshiro256** generator seeded through splitmix64, implemented in the kernels
with unbiased bounded integers (Lemire's method with rejection), so a seed gives the same
deals on any machine and numba/numpy version.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Sequence

import numpy as np

from ..model import cards as C
from ..jit.bits import popcount as _popcount
from ..jit import helper, in_cache, kernel
from ..jit.rng import _next, seed_state
from ..model.deal import FIXED_CARD, HAND_SIZE, MIN_TAROKKS, SEATS, Deal, Seat, check_hand, parse_seat
from ..errors import ConstraintError, DealError
from .constraints import SUIT_WORDS, SUITS, Constraints, SeatConstraints, parse_range

__all__ = [
    "SeatConstraints", "Constraints", "DealSampler", "SampleResult", "sample_deals",
    "parse_range", "kernels_compiled", "REJECTION_MIN_ACCEPTANCE", "MAX_REJECTION_ATTEMPTS", "METHODS",
]

MAX_DEALS = 10_000_000
"""Most deals one ``sample`` call returns (each is 32 bytes; more would risk memory)."""

METHODS = ("auto", "rejection", "exact")

REJECTION_MIN_ACCEPTANCE = 0.2
"""``auto`` uses rejection when at least this fraction of its proposals is accepted, else the
exact method. Measured (``benchmarks/bench_sampling.py``): rejection draws 3–8 times more
proposals per second than the exact method draws deals, so the break-even acceptance is
about 0.12–0.33."""

MAX_REJECTION_ATTEMPTS = 10**9
"""Default ceiling on rejection proposals per call (about two minutes on one core)."""
REJECTION_CHUNK = 2**20
"""Attempts per call of the rejection kernel (about a tenth of a second): an interrupt (Ctrl-C)
acts between calls; the deals do not depend on it."""

_SUIT_MASK = tuple(int(C.SUIT_MASKS[s]) for s in SUITS)
_BASE = HAND_SIZE + 1          # count vectors (one count 0..HAND_SIZE a seat) index _BASE**4 tables
_TABLE = _BASE ** 4


@helper(error_model="python")
def _below(s, n):
    """Uniform integer in ``0 .. n-1`` (``0 < n < 2**32``), unbiased (Lemire 2019)."""
    bound = np.uint64(n)
    m = (_next(s) >> np.uint64(32)) * bound
    low = m & np.uint64(0xFFFFFFFF)
    if low < bound:
        threshold = (np.uint64(0x100000000) - bound) % bound
        while low < threshold:
            m = (_next(s) >> np.uint64(32)) * bound
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@helper(error_model="python")
def _uniform(s):
    """Uniform float64 in [0, 1) with 53 random bits."""
    return np.float64(_next(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# --------------------------------------------------------------------------------------------
# kernels


@kernel(error_model="python")
def _rejection_kernel(n, state, out, forced, caps, cards, not_holds, lo, hi, checks,
                      suit_masks, max_attempts):
    """Fill ``out[:produced]`` ((n, 4) uint64) by rejection; return (produced, attempts).

    ``forced`` (4,) uint64 cards whose seat is known; ``caps`` (4,) int64 free slots per seat;
    ``cards`` (m,) int64 the other cards (m = caps.sum()), shuffled in place: with
    ``state``, what a next call continues from (a run in several calls draws the same
    deals as one call); ``not_holds`` (4,) uint64; ``lo``/``hi`` (4, 5) int64 inclusive
    count ranges per seat and suit of the full hand; ``checks`` (4, 5) bool which ranges
    can fail; stops after ``max_attempts`` proposals.
    """
    m = cards.shape[0]
    last = 3
    while last > 0 and caps[last] == 0:
        last -= 1
    hands = np.empty(4, dtype=np.uint64)
    produced = 0
    attempts = 0
    while produced < n and attempts < max_attempts:
        attempts += 1
        pos = 0
        for j in range(4):
            h = forced[j]
            if j == last:
                while pos < m:
                    h |= np.uint64(1) << np.uint64(cards[pos])
                    pos += 1
            else:
                for _ in range(caps[j]):
                    r = pos + _below(state, m - pos)
                    c = cards[r]
                    cards[r] = cards[pos]
                    cards[pos] = c
                    h |= np.uint64(1) << np.uint64(c)
                    pos += 1
            hands[j] = h
        ok = True
        for j in range(4):
            if hands[j] & not_holds[j]:
                ok = False
                break
            for s in range(5):
                if checks[j, s]:
                    k = _popcount(hands[j] & suit_masks[s])
                    if k < lo[j, s] or k > hi[j, s]:
                        ok = False
                        break
            if not ok:
                break
        if ok:
            for j in range(4):
                out[produced, j] = hands[j]
            produced += 1
    return produced, attempts


@helper(error_model="python")
def _vec_index(a0, a1, a2, a3):
    return a0 + 11 * (a1 + 11 * (a2 + 11 * a3))


@kernel(error_model="python")
def _pick_part(vec, idx, wt, q0, q1, rest_ways, total, total_idx, target):
    """Draw one part (a row ``q`` in ``q0:q1`` of ``vec``, a count vector) of the count
    vector ``total`` with probability ∝ ``wt[q] * rest_ways[total − vec[q]]`` (its own ways
    times the ways of dealing the rest); ``target`` is uniform in [0, sum of weights).
    Returns the row, or -1 when no part fits."""
    acc = 0.0
    pick = -1
    for q in range(q0, q1):
        if (vec[q, 0] > total[0] or vec[q, 1] > total[1] or vec[q, 2] > total[2]
                or vec[q, 3] > total[3]):
            continue
        w = wt[q] * rest_ways[total_idx - idx[q]]
        if w > 0.0:
            acc += w
            pick = q
            if acc > target:
                break
    return pick


@kernel(error_model="python")
def _exact_kernel(n, state, out, forced, caps, order, dk, sup_off, sup_vec, sup_idx, sup_w,
                  cls_off, cls_table, alloc_off, alloc_vec, alloc_idx, alloc_w, card_off,
                  cls_cards):
    """Fill ``out`` ((n, 4) uint64) with deals drawn by exact counting; return 0, or -1 if a
    table was inconsistent (never expected).

    Count vectors (cards per seat, each 0..10) are indexed ``a0 + 11 a1 + 121 a2 + 1331 a3``.
    ``dk`` (5, 11**4) float64: ``dk[k][T]`` = number of ways to deal the free cards of the
    suits ``order[0..k]`` with ``T`` of them per seat. Suit ``s``'s possible count vectors are
    rows ``sup_off[s]:sup_off[s+1]`` of ``sup_vec`` (rows of 4 int64) with index ``sup_idx`` and
    weight ``sup_w`` (ways). Classes of suit ``s`` are ``cls_off[s]:cls_off[s+1]``;
    ``cls_table[g][u]`` = ways to deal the suit's classes up to ``g`` with count vector ``u``;
    class ``g``'s own allocations are rows ``alloc_off[g]:alloc_off[g+1]`` (multinomial
    weight ``alloc_w``), its cards ``cls_cards[card_off[g]:card_off[g+1]]``, shuffled in
    place: with ``state``, what a next call continues from (``stream.sample_chunks``).
    """
    cards = cls_cards
    n_cls = cls_off[5]
    r = np.empty(4, dtype=np.int64)
    u = np.empty(4, dtype=np.int64)
    suit_vec = np.empty((5, 4), dtype=np.int64)
    alloc = np.empty((max(n_cls, 1), 4), dtype=np.int64)
    for i in range(n):
        # 1. how many free cards of each suit each seat gets, backwards over the suits
        for j in range(4):
            r[j] = caps[j]
        ri = _vec_index(r[0], r[1], r[2], r[3])
        for k in range(4, 0, -1):
            s = order[k]
            pick = _pick_part(sup_vec, sup_idx, sup_w, sup_off[s], sup_off[s + 1], dk[k - 1],
                              r, ri, _uniform(state) * dk[k, ri])
            if pick < 0:
                return -1
            for j in range(4):
                suit_vec[s, j] = sup_vec[pick, j]
                r[j] -= sup_vec[pick, j]
            ri -= sup_idx[pick]
        for j in range(4):
            suit_vec[order[0], j] = r[j]
        # 2. inside each suit, how many cards of each class each seat gets
        for s in range(5):
            g0 = cls_off[s]
            g1 = cls_off[s + 1]
            if g1 == g0:
                continue
            for j in range(4):
                u[j] = suit_vec[s, j]
            ui = _vec_index(u[0], u[1], u[2], u[3])
            for g in range(g1 - 1, g0, -1):
                pick = _pick_part(alloc_vec, alloc_idx, alloc_w, alloc_off[g],
                                  alloc_off[g + 1], cls_table[g - 1], u, ui,
                                  _uniform(state) * cls_table[g, ui])
                if pick < 0:
                    return -1
                for j in range(4):
                    alloc[g, j] = alloc_vec[pick, j]
                    u[j] -= alloc_vec[pick, j]
                ui -= alloc_idx[pick]
            for j in range(4):
                alloc[g0, j] = u[j]
        # 3. deal each class's cards uniformly (partial Fisher-Yates)
        for j in range(4):
            out[i, j] = forced[j]
        for g in range(n_cls):
            a = card_off[g]
            m = card_off[g + 1] - a
            last = 3
            while last > 0 and alloc[g, last] == 0:
                last -= 1
            pos = 0
            for j in range(last):
                for _ in range(alloc[g, j]):
                    rr = pos + _below(state, m - pos)
                    c = cards[a + rr]
                    cards[a + rr] = cards[a + pos]
                    cards[a + pos] = c
                    out[i, j] |= np.uint64(1) << np.uint64(c)
                    pos += 1
            while pos < m:
                out[i, last] |= np.uint64(1) << np.uint64(cards[a + pos])
                pos += 1
    return 0


# --------------------------------------------------------------------------------------------
# the sampler


def kernels_compiled(method: str) -> bool | None:
    """Does numba's cache hold the sampler's kernel of ``method`` (``"rejection"`` or
    ``"exact"``) compiled from this source? ``None`` if that cannot be told. Only for a
    "compiling" note."""
    return in_cache(_rejection_kernel if method == "rejection" else _exact_kernel)


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out = math.factorial(n)
    for p in parts:
        out //= math.factorial(p)
    return out


def _allocations(m: int, seats: Sequence[int], ub: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way (count vector of 4) to give ``m`` cards to ``seats``, at most ``ub[j]`` each."""
    vec = [0, 0, 0, 0]

    def rec(i: int, left: int):
        j = seats[i]
        if i == len(seats) - 1:
            if left <= ub[j]:
                vec[j] = left
                yield tuple(vec)
                vec[j] = 0
            return
        for k in range(min(left, ub[j]) + 1):
            vec[j] = k
            yield from rec(i + 1, left - k)
        vec[j] = 0

    if seats:
        yield from rec(0, m)
    elif m == 0:
        yield (0, 0, 0, 0)


def _index(v: Sequence[int]) -> int:
    return v[0] + _BASE * (v[1] + _BASE * (v[2] + _BASE * v[3]))


def _convolve(a: dict, b: dict, lb: Sequence[int], ub: Sequence[int]) -> dict:
    """Sum-product of two count tables ``{vector: ways}``, keeping lb ≤ vector ≤ ub."""
    out: dict = {}
    for u, wu in a.items():
        for v, wv in b.items():
            t = (u[0] + v[0], u[1] + v[1], u[2] + v[2], u[3] + v[3])
            if (t[0] > ub[0] or t[1] > ub[1] or t[2] > ub[2] or t[3] > ub[3] or t[0] < lb[0]
                    or t[1] < lb[1] or t[2] < lb[2] or t[3] < lb[3]):
                continue
            out[t] = out.get(t, 0) + wu * wv
    return out


def _suit_tables(classes, lo_f, hi_f, s: int) -> tuple[dict, list[dict], list[dict]]:
    """Counting tables of suit ``s`` from its card classes (Python ints).

    Returns (support, tables, allocs): ``support`` {count vector: ways} of the suit's free
    cards per seat within ``lo_f``/``hi_f``; ``tables[i]`` {vector: ways} for classes 0..i
    together; ``allocs[i]`` {vector: multinomial} for class i alone. Raises
    ``ConstraintError`` when no count vector fits.
    """
    ub = [hi_f[j][s] for j in range(4)]
    table = {(0, 0, 0, 0): 1}
    tables, allocs = [], []
    for allowed, cs in classes:
        alloc = {v: _multinomial(len(cs), v) for v in _allocations(len(cs), allowed, ub)}
        table = _convolve(table, alloc, (0, 0, 0, 0), ub)
        tables.append(table)
        allocs.append(alloc)
    support = {v: w for v, w in table.items() if all(v[j] >= lo_f[j][s] for j in range(4))}
    if not support:
        free = sum(len(cs) for _, cs in classes)
        need = sum(lo_f[j][s] for j in range(4))
        room = sum(min(hi_f[j][s], sum(len(cs) for allowed, cs in classes if j in allowed))
                   for j in range(4))
        why = ""
        if need > free:
            why = (f": {free} of them are left to deal, the constraints ask for at "
                   f"least {need}")
        elif room < free:
            why = (f": {free} of them are left to deal, the constraints leave room for "
                   f"{room}")
        raise ConstraintError(f"the {SUIT_WORDS[s]} cannot be dealt within the constraints"
                              + why)
    return support, tables, allocs


def _span(a: int, b: int) -> str:
    """A count range in words: ``2`` or ``2-4``."""
    return str(a) if a == b else f"{a}-{b}"


def _total_tables(supports, caps, lo_f, hi_f) -> tuple[list[int], list[dict]]:
    """Suits in processing order (largest table first) and, for k = 0..4, {vector: ways} of
    the free cards of suits ``order[0..k]`` per seat; states that the remaining suits could
    not complete to ``caps`` are dropped (for k = 4 only ``caps`` itself is kept)."""
    order = sorted(SUITS, key=lambda s: -len(supports[s]))
    totals = [supports[order[0]]]
    for k in range(1, 5):
        rest = order[k + 1:]
        lb = [caps[j] - sum(hi_f[j][s] for s in rest) for j in range(4)]
        ub = [caps[j] - sum(lo_f[j][s] for s in rest) for j in range(4)]
        totals.append(_convolve(totals[-1], supports[order[k]], lb, ub))
    return order, totals


def _dense(tables: list[dict]) -> np.ndarray:
    """(len(tables), 11**4) float64: ways by count-vector index."""
    out = np.zeros((len(tables), _TABLE), dtype=np.float64)
    for k, table in enumerate(tables):
        for v, w in table.items():
            out[k, _index(v)] = float(w)
    return out


def _rows(tables: list[dict]):
    """Tables {vector: ways} as rows: offsets (len+1,), vectors (m, 4), indices (m,) int64 and
    weights (m,) float64, each table's rows sorted by vector."""
    rows = [(v, w) for table in tables for v, w in sorted(table.items())]
    off = np.cumsum([0] + [len(t) for t in tables]).astype(np.int64)
    vec = np.array([v for v, _ in rows], dtype=np.int64).reshape(-1, 4)
    idx = np.array([_index(v) for v, _ in rows], dtype=np.int64)
    w = np.array([float(w) for _, w in rows], dtype=np.float64)
    return off, vec, idx, w


@dataclass(frozen=True, eq=False)
class SampleResult:
    """Deals drawn by ``sample_deals`` / ``DealSampler.sample``.

    ``deals``: (n, 4) uint64, row = one deal, column = seat in play order (``Seat``), value =
    the hand's bit mask (``cards.py``). ``attempts``: proposals drawn (rejection: accepted +
    rejected; exact: n). ``method``: ``"rejection"`` or ``"exact"``. ``seed``: the seed used.
    ``count``: exact number of consistent deals; ``acceptance``: exact fraction of rejection
    proposals that are consistent.
    """

    deals: np.ndarray
    attempts: int
    method: str
    seed: int
    count: int
    acceptance: float

    def __len__(self) -> int:
        return self.deals.shape[0]

    def deal(self, i: int) -> Deal:
        """Deal ``i`` as a ``Deal``."""
        return Deal.from_array(self.deals[i])

    def __iter__(self) -> Iterator[Deal]:
        return (self.deal(i) for i in range(len(self)))


class DealSampler:
    """Uniform sampler over the full deals consistent with a known hand and constraints.

    ``hand``: the user's 10 cards as a bit mask or in card notation (``None``: nothing known,
    sample whole deals); ``seat``: the user's seat (``Seat``, index or name; required with a
    hand); ``constraints``: ``Constraints`` for the other seats (facts about the user's own
    seat must hold for ``hand``). Construction counts the consistent deals exactly (spec §2:
    uniform over deals with XX at ``A_IND``, XIX at ``A_ELF``, ≥ 3 tarokks per hand, plus the
    constraints) and raises ``ConstraintError`` (``CardError``/``DealError`` for a bad hand or
    seat) naming the problem when there is none.
    """

    def __init__(self, hand: int | str | None = None, seat: Seat | int | str | None = None,
                 constraints: Constraints | None = None):
        self.seat = None if seat is None else parse_seat(seat if isinstance(seat, (Seat, str))
                                                         else Seat(int(seat)))
        self.constraints = constraints if constraints is not None else Constraints()
        if not isinstance(self.constraints, Constraints):
            raise TypeError("constraints must be a Constraints")
        if hand is None:
            if self.seat is not None:
                raise ConstraintError(f"seat {self.seat.name} given without a hand")
            self.hand = None
        else:
            if self.seat is None:
                raise ConstraintError("a known hand needs its seat")
            if isinstance(hand, str):
                mask = C.mask_of(C.parse_cards(hand))
            else:
                mask = int(hand)
                if mask < 0 or mask & ~C.FULL_MASK:
                    raise DealError("hand mask has bits outside the 40 cards")
            check_hand(mask, self.seat)
            self.hand = mask
        self._setup()

    # -- counting ------------------------------------------------------------------------

    def _setup(self) -> None:
        forced = self._place_known_cards()
        lo, hi = self._count_ranges(forced)
        caps = [HAND_SIZE - C.popcount(f) for f in forced]
        free = C.FULL_MASK & ~(forced[0] | forced[1] | forced[2] | forced[3])
        # count ranges of the free cards per seat and suit
        known = [[C.popcount(forced[j] & _SUIT_MASK[s]) for s in SUITS] for j in range(4)]
        lo_f = [[max(0, lo[j][s] - known[j][s]) for s in SUITS] for j in range(4)]
        hi_f = [[min(hi[j][s] - known[j][s], caps[j]) for s in SUITS] for j in range(4)]
        classes = self._card_classes(free, hi_f)
        suit_tables = [_suit_tables(classes[s], lo_f, hi_f, s) for s in SUITS]
        supports = [support for support, _, _ in suit_tables]
        order, totals = _total_tables(supports, caps, lo_f, hi_f)
        count = totals[4].get(tuple(caps), 0)
        if count == 0:
            raise ConstraintError("no deal satisfies the constraints")

        self.count: int = count
        """Exact number of consistent full deals."""
        self.proposals: int = _multinomial(sum(caps), caps)
        """Number of deals the rejection proposal draws from (free cards into free slots)."""
        self.acceptance: float = float(Fraction(count, self.proposals))
        """Exact fraction of rejection proposals that are consistent."""
        self.n_classes: int = sum(len(c) for c in classes)
        """Number of card classes (suit × seats allowed to hold the card) of the exact method."""

        # arrays for the rejection kernel
        self._forced = np.array(forced, dtype=np.uint64)
        self._caps = np.array(caps, dtype=np.int64)
        self._free_cards = np.array(list(C.iter_bits(free)), dtype=np.int64)
        self._not_holds = np.array([c.not_holds for c in self.constraints.seats],
                                   dtype=np.uint64)
        self._lo = np.array(lo, dtype=np.int64)
        self._hi = np.array(hi, dtype=np.int64)
        self._checks = np.array([[lo[j][s] > 0 or hi[j][s] < min(C.SUIT_SIZES[s], HAND_SIZE)
                                  for s in SUITS] for j in range(4)], dtype=np.bool_)
        if self.seat is not None:
            self._checks[int(self.seat), :] = False   # the known hand was checked already
        self._suit_masks = C.SUIT_MASKS.astype(np.uint64)

        # arrays for the exact kernel (layout: see ``_exact_kernel``)
        self._order = np.array(order, dtype=np.int64)
        self._dk = _dense(totals)
        self._sup_off, self._sup_vec, self._sup_idx, self._sup_w = _rows(supports)
        cls_tables = [t for _, tables, _ in suit_tables for t in tables]
        cls_allocs = [a for _, _, allocs in suit_tables for a in allocs]
        self._cls_off = np.cumsum([0] + [len(c) for c in classes]).astype(np.int64)
        self._cls_table = _dense(cls_tables or [{}])
        self._alloc_off, self._alloc_vec, self._alloc_idx, self._alloc_w = _rows(cls_allocs)
        cls_cards = [cs for suit_classes in classes for _, cs in suit_classes]
        self._card_off = np.cumsum([0] + [len(cs) for cs in cls_cards]).astype(np.int64)
        self._cls_cards = np.array([c for cs in cls_cards for c in cs], dtype=np.int64)

    def _place_known_cards(self) -> list[int]:
        """Per seat, the mask of cards whose holder is known: XX/XIX, the known hand, the
        ``holds`` constraints. Raises ``ConstraintError`` on a contradiction."""
        cons = self.constraints.seats
        user = None if self.seat is None else int(self.seat)
        forced = [0, 0, 0, 0]
        for fseat, card in FIXED_CARD.items():
            forced[fseat] |= 1 << card
        if user is not None:
            forced[user] |= self.hand
        owner: dict[int, int] = {}
        for j in range(4):
            for c in C.iter_bits(cons[j].holds):
                name, sj = C.format_card(c), SEATS[j].name
                for fseat, card in FIXED_CARD.items():
                    if c == card and j != fseat:
                        raise ConstraintError(f"{name} is dealt to {fseat.name}; {sj} cannot "
                                              "hold it (docs/rules.md#seats-and-dealing)")
                if user is not None and j != user and self.hand >> c & 1:
                    raise ConstraintError(f"{name} is in the known hand of "
                                          f"{SEATS[user].name}; {sj} cannot hold it")
                if user is not None and j == user and not self.hand >> c & 1:
                    raise ConstraintError(f"the known hand of {sj} does not hold {name}, "
                                          "which the constraints say it holds")
                if c in owner and owner[c] != j:
                    raise ConstraintError(f"{name} cannot be held by both "
                                          f"{SEATS[owner[c]].name} and {sj}")
                owner[c] = j
            forced[j] |= cons[j].holds
        for j in range(4):
            clash = forced[j] & cons[j].not_holds
            if clash:
                raise ConstraintError(f"{SEATS[j].name} is said not to hold "
                                      f"{C.format_cards(clash)}, but must hold it")
            if C.popcount(forced[j]) > HAND_SIZE:
                raise ConstraintError(f"{SEATS[j].name} cannot hold {C.popcount(forced[j])} "
                                      f"known cards: a hand has {HAND_SIZE}")
        return forced

    def _count_ranges(self, forced: list[int]) -> tuple[list[list[int]], list[list[int]]]:
        """Inclusive (lo, hi) count of each suit in each full hand, (4, 5) lists, with the
        dealing rule (≥ 3 tarokks) applied. Raises ``ConstraintError`` naming a range that
        cannot be met on its own, per seat or per suit."""
        user = None if self.seat is None else int(self.seat)
        lo = [[0] * 5 for _ in range(4)]
        hi = [[0] * 5 for _ in range(4)]
        for j, cons in enumerate(self.constraints.seats):
            sj = SEATS[j].name
            for s in SUITS:
                a, b = cons.length_range(s)
                word = SUIT_WORDS[s]
                if s == C.TAROKK:
                    if b < MIN_TAROKKS:
                        raise ConstraintError(f"{sj} cannot hold {_span(a, b)} tarokk"
                                              f"{'' if (a, b) == (1, 1) else 's'}: every "
                                              f"hand holds at least {MIN_TAROKKS} (docs/rules.md#seats-and-dealing)")
                    a = max(a, MIN_TAROKKS)
                if a > HAND_SIZE:
                    raise ConstraintError(f"{sj} cannot hold {a} {word}: a hand has "
                                          f"{HAND_SIZE} cards")
                if a > C.SUIT_SIZES[s]:
                    raise ConstraintError(f"{sj} cannot hold {a} {word}: there are only "
                                          f"{C.SUIT_SIZES[s]}")
                known = C.popcount(forced[j] & _SUIT_MASK[s])
                if user == j and not a <= known <= b:
                    raise ConstraintError(f"the known hand of {sj} has {known} {word}, "
                                          f"outside the constraint {a}-{b}")
                if known > b:
                    raise ConstraintError(f"{sj} is known to hold {known} {word} "
                                          f"({C.format_cards(forced[j] & _SUIT_MASK[s])}), "
                                          f"more than the maximum {b}")
                lo[j][s], hi[j][s] = a, min(b, C.SUIT_SIZES[s], HAND_SIZE)
                if user == j:           # the user's hand is known card by card
                    lo[j][s] = hi[j][s] = known
            need = sum(lo[j])
            if need > HAND_SIZE:
                raise ConstraintError(f"{sj} would need at least {need} cards to meet its "
                                      f"minimum counts; a hand has {HAND_SIZE}")
            room = sum(hi[j])
            if room < HAND_SIZE:
                raise ConstraintError(f"{sj} can hold at most {room} cards under its "
                                      f"maximum counts; a hand has {HAND_SIZE}")
        for s in SUITS:
            need = sum(lo[j][s] for j in range(4))
            if need > C.SUIT_SIZES[s]:
                raise ConstraintError(f"the four hands need at least {need} {SUIT_WORDS[s]} "
                                      f"together, but there are {C.SUIT_SIZES[s]}")
            room = sum(hi[j][s] for j in range(4))
            if room < C.SUIT_SIZES[s]:
                raise ConstraintError(f"the four hands can hold at most {room} "
                                      f"{SUIT_WORDS[s]} together, but all {C.SUIT_SIZES[s]} "
                                      "are dealt")
        for s in SUITS:     # what the other suits' maximums leave a hand (voids: tarokks)
            need = sum(max(lo[j][s], HAND_SIZE - sum(hi[j][t] for t in SUITS if t != s))
                       for j in range(4))
            if need > C.SUIT_SIZES[s]:
                raise ConstraintError(f"the four hands need at least {need} {SUIT_WORDS[s]} "
                                      "together (counting the cards the maximums of the "
                                      f"other suits leave each hand), but there are "
                                      f"{C.SUIT_SIZES[s]}")
        return lo, hi

    def _card_classes(self, free: int, hi_f) -> list[list[tuple[tuple[int, ...], list[int]]]]:
        """Per suit, the free cards grouped by the tuple of seats allowed to hold them (seats
        with room for that suit that do not exclude the card), in a fixed order."""
        cons = self.constraints.seats
        classes = []
        for s in SUITS:
            groups: dict[tuple[int, ...], list[int]] = {}
            for c in C.iter_bits(free & _SUIT_MASK[s]):
                allowed = tuple(j for j in range(4)
                                if hi_f[j][s] > 0 and not cons[j].not_holds >> c & 1)
                if not allowed:
                    raise ConstraintError(f"no seat can hold {C.format_card(c)}: every seat "
                                          "that has room excludes it")
                groups.setdefault(allowed, []).append(c)
            classes.append(sorted(groups.items()))
        return classes

    # -- drawing -------------------------------------------------------------------------

    def choose_method(self) -> str:
        """``"rejection"`` if its exact acceptance is ≥ ``REJECTION_MIN_ACCEPTANCE``, else
        ``"exact"``."""
        return "rejection" if self.acceptance >= REJECTION_MIN_ACCEPTANCE else "exact"

    def sample(self, n: int, seed: int, *, method: str = "auto",
               max_attempts: int | None = None) -> SampleResult:
        """Draw ``n`` consistent deals, uniformly, reproducibly from ``seed`` (0 ≤ seed < 2**64).

        ``method``: ``"auto"`` (see ``choose_method``), ``"rejection"`` or ``"exact"`` (same
        distribution). ``max_attempts``: ceiling on rejection proposals (default
        ``10 n / acceptance + 10**6``, at most ``MAX_REJECTION_ATTEMPTS``); if the expected
        number of proposals exceeds it, or it is reached, raises ``ConstraintError`` (use the
        exact method). Returns a ``SampleResult`` with ``deals`` (n, 4) uint64. Raises
        ``ValueError`` for a bad ``n``, ``seed`` or ``method``.
        """
        n, state, method = self._check(n, seed, method)
        return self._fill(n, state, self._free_cards.copy(), self._cls_cards.copy(), seed,
                          method, max_attempts)

    def _check(self, n, seed, method) -> tuple[int, np.ndarray, str]:
        """``n``, the generator's state of ``seed`` and the method of ``sample``'s call."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
            raise ValueError(f"n must be a non-negative integer, got {n!r}")
        if n > MAX_DEALS:
            raise ConstraintError(f"{n:,} deals asked for; at most {MAX_DEALS:,} per call "
                                  f"({MAX_DEALS * 32 // 2**20} MiB of deals)")
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r} (use {', '.join(METHODS)})")
        return int(n), seed_state(seed), self.choose_method() if method == "auto" else method

    def _fill(self, n: int, state: np.ndarray, cards: np.ndarray, cls_cards: np.ndarray,
              seed: int, method: str, max_attempts: int | None) -> SampleResult:
        """``n`` deals drawn with the generator ``state`` and the free ``cards``
        (rejection) or ``cls_cards`` (exact), all advanced in place."""
        out = np.zeros((n, 4), dtype=np.uint64)
        if method == "rejection":
            if max_attempts is None:
                max_attempts = int(min(10 * n / self.acceptance + 10**6, MAX_REJECTION_ATTEMPTS))
            if n / self.acceptance > max_attempts:
                raise ConstraintError(
                    f"rejection would need about {n / self.acceptance:.3g} attempts for {n} "
                    f"deals (acceptance {self.acceptance:.3g}), over the ceiling "
                    f"{max_attempts}; use the exact method")
            # in calls of REJECTION_CHUNK attempts: Ctrl-C acts between them
            produced = attempts = 0
            while produced < n and attempts < max_attempts:
                p, a = _rejection_kernel(
                    n - produced, state, out[produced:], self._forced, self._caps, cards,
                    self._not_holds, self._lo, self._hi, self._checks, self._suit_masks,
                    min(REJECTION_CHUNK, max_attempts - attempts))
                produced += p
                attempts += a
            if produced < n:
                raise ConstraintError(
                    f"gave up after {attempts} attempts with {produced} of {n} deals "
                    f"(acceptance {self.acceptance:.3g}); use the exact method")
        else:
            status = _exact_kernel(
                n, state, out, self._forced, self._caps, self._order, self._dk, self._sup_off,
                self._sup_vec, self._sup_idx, self._sup_w, self._cls_off, self._cls_table,
                self._alloc_off, self._alloc_vec, self._alloc_idx, self._alloc_w,
                self._card_off, cls_cards)
            if status != 0:  # pragma: no cover - would be a bug in the tables
                raise RuntimeError("inconsistent counting tables in the exact sampler")
            attempts = n
        return SampleResult(deals=out, attempts=int(attempts), method=method, seed=int(seed),
                            count=self.count, acceptance=self.acceptance)


@functools.lru_cache(maxsize=64)
def _cached_sampler(hand, seat, constraints) -> DealSampler:
    return DealSampler(hand, seat, constraints)


def normalise_hand_seat(hand: int | str | None, seat: Seat | int | str | None
                        ) -> tuple[int | None, Seat | None]:
    """The user's hand as a bit mask (from notation or an int) and seat as a ``Seat`` (from a
    name or an index), ``None`` kept. Raises ``CardError``/``DealError`` for bad input."""
    if seat is not None and not isinstance(seat, Seat):
        seat = parse_seat(seat) if isinstance(seat, str) else Seat(int(seat))
    if isinstance(hand, str):
        hand = C.mask_of(C.parse_cards(hand))
    elif hand is not None:
        hand = int(hand)
    return hand, seat


def sample_deals(n: int, seed: int, hand: int | str | None = None,
                 seat: Seat | int | str | None = None, constraints: Constraints | None = None,
                 *, method: str = "auto", max_attempts: int | None = None) -> SampleResult:
    """``n`` full deals drawn uniformly from those consistent with ``hand`` at ``seat`` and
    ``constraints`` (spec §2; see ``DealSampler``), reproducibly from ``seed`` (0 ≤ seed <
    2**64).

    Returns ``SampleResult``: ``deals`` (n, 4) uint64 hand masks, rows = deals, columns =
    seats in play order; ``attempts``; ``method``. Raises ``ConstraintError`` for impossible
    constraints (or a rejection ceiling), ``CardError``/``DealError`` for a bad hand or seat.
    The counting set-up is cached for repeated calls with the same arguments.
    """
    hand, seat = normalise_hand_seat(hand, seat)
    sampler = _cached_sampler(hand, seat, constraints if constraints is not None
                              else Constraints())
    return sampler.sample(n, seed, method=method, max_attempts=max_attempts)
