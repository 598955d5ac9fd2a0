"""Where a search spends its nodes, per column: ``profile_columns`` (for the benchmarks)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..model.deal import Seat
from ..sampling.sampler import sample_deals
from .execute import ClassCache, search_deals
from .plan import columns_for
from .request import check_rules, check_samples

__all__ = ["ColumnProfile", "SearchProfile", "profile_columns"]


@dataclass(frozen=True)
class ColumnProfile:
    """Where a search spends its nodes: ``cells`` (deal, column) searches of column ``key``
    (a column key, ``"max_tricks"`` or ``"late filter"``) took ``nodes`` search nodes."""

    key: str
    cells: int
    nodes: int


@dataclass(frozen=True)
class SearchProfile:
    """``profile_columns``: ``columns``, one per column of ``columns_for(hand)``; ``seconds``:
    wall time of the search (not of the sampling)."""

    max_tricks: ColumnProfile
    columns: list[ColumnProfile]
    late_filter: ColumnProfile
    seconds: float

    @property
    def all(self) -> list[ColumnProfile]:
        """The max-tricks column, every column, the late filter."""
        return [self.max_tricks, *self.columns, self.late_filter]


def profile_columns(hand: int, seat: Seat, *, samples: int = 50, seed: int = 1,
                    rules: str = "gerots") -> SearchProfile:
    """The column search of ``analyze`` (every slem, no constraints, implication skipping
    and the late filter included) on ``samples`` deals sampled with ``seed``, per column.

    hand: bit mask of the user's 10 cards; rules: ``"gerots"`` or ``"laza"``. Node counts
    are deterministic (same hand, seed and code, any thread count). Raises
    ``RoyalSimError`` as ``analyze`` does for ``samples`` and ``rules``."""
    check_samples(samples)
    check_rules(rules)
    deals = sample_deals(samples, seed, hand, seat).deals
    cols = columns_for(hand)
    t = time.perf_counter()
    found = search_deals(deals, cols, seat.pair, hand, rules, ClassCache())
    seconds = time.perf_counter() - t
    per_col = [ColumnProfile(k, int(c), int(n)) for k, c, n in
               zip(["max_tricks"] + [c.key for c in cols], found.cells, found.nodes)]
    return SearchProfile(per_col[0], per_col[1:],
                         ColumnProfile("late filter", found.filter_cells, found.filter_nodes),
                         seconds)
