"""Every consistent deal, each exactly once: the sampler's counting tables walked in full
instead of drawn from.

Source rule: ``spec/royal-tarokk.md`` §2 (dealing), as ``sampler`` applies it. The exact method
of ``sampler.DealSampler`` counts the deals through three nested layers: how many free cards
of each suit each seat gets (a count vector per suit, the suits combined under "each hand has
its free slots"), inside a suit how many cards of each card class (suit × seats allowed to hold
the card) each seat gets, and inside a class which cards. A draw picks one branch at each layer
with probability proportional to its number of deals; ``enumerate_deals`` takes every branch
whose number of deals is positive. Distinct branches differ in some seat's count of a suit or
a class, or in the cards of a class, so no deal is produced twice, and every deal the counting
admits lies on one branch, so none is missed; the total is checked against the exact count.

``enumerate_evidence`` does the same over the disjoint parts of an
``evidence.EvidenceSampler`` (announcements heard), each part's filter applied.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ..errors import ConstraintError
from ..model import cards as C
from .constraints import SUITS
from .evidence import EvidenceSampler
from .sampler import DealSampler

__all__ = ["enumerate_deals", "enumerate_evidence", "enumeration_size"]

_B = 11     # count vectors are indexed a0 + 11 a1 + 121 a2 + 1331 a3, as in the sampler


def _index(v) -> int:
    return int(v[0]) + _B * (int(v[1]) + _B * (int(v[2]) + _B * int(v[3])))


def _fits(v, r) -> bool:
    return v[0] <= r[0] and v[1] <= r[1] and v[2] <= r[2] and v[3] <= r[3]


def _splits(cards: tuple[int, ...], alloc) -> list[tuple[int, int, int, int]]:
    """Every way to give ``alloc[j]`` of ``cards`` to seat j: (4,) masks."""
    out = []

    def rec(j: int, left: tuple[int, ...], masks: list[int]):
        if j == 3:
            masks[3] = C.mask_of(left)
            out.append(tuple(masks))
            return
        for pick in combinations(left, int(alloc[j])):
            masks[j] = C.mask_of(pick)
            rec(j + 1, tuple(c for c in left if c not in pick), masks)
        masks[j] = 0

    rec(0, cards, [0, 0, 0, 0])
    return out


class _Walker:
    """The counting tables of one ``DealSampler`` walked branch by branch."""

    def __init__(self, sp: DealSampler):
        self.sp = sp
        self.rows = {s: [(tuple(int(x) for x in sp._sup_vec[q]), int(sp._sup_idx[q]),
                          float(sp._sup_w[q])) for q in range(sp._sup_off[s], sp._sup_off[s + 1])]
                     for s in SUITS}
        self._suit_cache: dict[tuple[int, tuple], np.ndarray] = {}

    def profiles(self) -> list[dict[int, tuple]]:
        """Every per-suit count vector profile of the free cards with a positive count."""
        sp, order, dk = self.sp, [int(s) for s in self.sp._order], self.sp._dk
        out: list[dict[int, tuple]] = []
        vecs: dict[int, tuple] = {}

        def rec(k: int, r: tuple, ri: int):
            if k == 0:
                if dk[0, ri] > 0:
                    out.append({**vecs, order[0]: r})
                return
            s = order[k]
            for v, vi, w in self.rows[s]:
                if w > 0 and _fits(v, r) and dk[k - 1, ri - vi] > 0:
                    vecs[s] = v
                    rec(k - 1, tuple(a - b for a, b in zip(r, v)), ri - vi)
            vecs.pop(s, None)

        caps = tuple(int(x) for x in sp._caps)
        rec(4, caps, _index(caps))
        return out

    def suit_options(self, s: int, u: tuple) -> np.ndarray:
        """(k, 4) uint64: every way to deal suit ``s``'s free cards with ``u`` per seat."""
        key = (s, u)
        got = self._suit_cache.get(key)
        if got is not None:
            return got
        sp = self.sp
        g0, g1 = int(sp._cls_off[s]), int(sp._cls_off[s + 1])
        if g0 == g1:
            got = np.zeros((1, 4), dtype=np.uint64)
            self._suit_cache[key] = got
            return got
        cards = [tuple(int(c) for c in sp._cls_cards[sp._card_off[g]:sp._card_off[g + 1]])
                 for g in range(g1)]
        rows: list[tuple[int, int, int, int]] = []
        alloc: dict[int, tuple] = {}

        def deal(g: int, acc: tuple):
            if g == g1:
                rows.append(acc)
                return
            for split in _splits(cards[g], alloc[g]):
                deal(g + 1, tuple(a | b for a, b in zip(acc, split)))

        def rec(g: int, u_: tuple, ui: int):
            if g == g0:
                if sp._cls_table[g0, ui] > 0:
                    alloc[g0] = u_
                    deal(g0, (0, 0, 0, 0))
                return
            for q in range(sp._alloc_off[g], sp._alloc_off[g + 1]):
                v = tuple(int(x) for x in sp._alloc_vec[q])
                vi = int(sp._alloc_idx[q])
                if sp._alloc_w[q] > 0 and _fits(v, u_) and sp._cls_table[g - 1, ui - vi] > 0:
                    alloc[g] = v
                    rec(g - 1, tuple(a - b for a, b in zip(u_, v)), ui - vi)

        rec(g1 - 1, u, _index(u))
        got = np.array(rows, dtype=np.uint64).reshape(-1, 4)
        self._suit_cache[key] = got
        return got

    def deals(self) -> np.ndarray:
        blocks = []
        for prof in self.profiles():
            arr = self.sp._forced.reshape(1, 4).copy()
            for s in SUITS:
                opts = self.suit_options(s, prof[s])
                arr = (arr[:, None, :] | opts[None, :, :]).reshape(-1, 4)
            blocks.append(arr)
        return np.concatenate(blocks) if blocks else np.zeros((0, 4), dtype=np.uint64)


def enumerate_deals(sampler: DealSampler, limit: int | None = None) -> np.ndarray:
    """Every full deal consistent with ``sampler`` (its hand, seat and constraints, spec §2),
    each exactly once, in a fixed order: ``(sampler.count, 4)`` uint64 hand masks, columns =
    seats in play order.

    ``limit``: most deals to enumerate. :raises ConstraintError: when ``sampler.count``
    exceeds ``limit``. :raises RuntimeError: if the walk disagrees with the exact count (a
    bug in the tables, never expected).
    """
    if limit is not None and sampler.count > limit:
        raise ConstraintError(f"{sampler.count:,} consistent deals, over the limit {limit:,} "
                              "to enumerate", argument="limit")
    out = _Walker(sampler).deals()
    if out.shape[0] != sampler.count:  # pragma: no cover - would be a bug in the tables
        raise RuntimeError(f"enumerated {out.shape[0]} deals, counted {sampler.count}")
    return out


def enumeration_size(sampler: EvidenceSampler) -> int:
    """How many deals ``enumerate_evidence`` walks: the consistent deals plus those its
    filtered parts drop (Matador's "at least one of" drawn by filtering)."""
    return sum(leaf.count if leaf.filtered else leaf.weight for leaf in sampler.parts)


def enumerate_evidence(sampler: EvidenceSampler, limit: int | None = None) -> np.ndarray:
    """Every full deal consistent with ``sampler`` (hand, constraints and the announcements
    heard), each exactly once: ``(sampler.count, 4)`` uint64, the parts in their order.

    ``limit``: most deals to walk (``enumeration_size``). :raises ConstraintError: over
    ``limit``. :raises RuntimeError: if the walk disagrees with the exact count (a bug).
    """
    size = enumeration_size(sampler)
    if limit is not None and size > limit:
        raise ConstraintError(f"{size:,} deals to walk, over the limit {limit:,} to "
                              "enumerate", argument="limit")
    blocks = []
    for leaf in sampler.parts:
        deals = enumerate_deals(DealSampler(sampler.hand, sampler.seat, leaf.constraints))
        blocks.append(deals[leaf.keep(deals)] if leaf.filtered else deals)
    out = np.concatenate(blocks) if blocks else np.zeros((0, 4), dtype=np.uint64)
    if out.shape[0] != sampler.count:  # pragma: no cover - would be a bug
        raise RuntimeError(f"enumerated {out.shape[0]} deals, counted {sampler.count}")
    return out
