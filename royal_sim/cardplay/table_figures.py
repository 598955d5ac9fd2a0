"""Table figures beside double dummy: a set of bids played out by PIMC (``pimc.play_deal``)
on analysed deals, each bid's make rate at the table against double dummy on the same
deals, the paired counts, and the pair's expected score both ways
(``docs/play.md#table-figures``).

Both figures come from the same games: ``double_dummy`` is whether the pair forces the bid
with every card seen (the engine's value of the deal's first position), ``table`` whether
the game PIMC played made it. The interval of the table rate is Wilson's 95 %
(``analysis.wilson``). A kontra is not played (the bids' values only).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from ..advisor import Scorer
from ..analysis import wilson
from ..model.deal import Pair
from ..slems import Bid
from .pimc import WORLDS, play_deal

__all__ = ["TableBid", "TableFigures", "table_figures"]


@dataclass(frozen=True)
class TableBid:
    """One bid over the games: ``n`` games; ``double_dummy`` / ``table`` how many made it
    each way; ``dd_only``: made double dummy, not at the table; ``table_only``: the
    reverse."""

    pair: Pair
    bid: str
    n: int
    double_dummy: int
    table: int
    dd_only: int
    table_only: int

    @property
    def dd_rate(self) -> float:
        return self.double_dummy / self.n if self.n else math.nan

    @property
    def table_rate(self) -> float:
        return self.table / self.n if self.n else math.nan

    @property
    def table_interval(self) -> tuple[float, float]:
        """Wilson's 95 % interval of the table rate."""
        return wilson(self.table, self.n)

    def to_json(self) -> dict:
        lo, hi = self.table_interval
        return {"pair": self.pair.label, "bid": self.bid, "games": self.n,
                "double_dummy": round(self.dd_rate, 4), "table": round(self.table_rate, 4),
                "table_ci95": [round(lo, 4), round(hi, 4)],
                "made_dd_not_table": self.dd_only, "made_table_not_dd": self.table_only}


@dataclass(frozen=True)
class TableFigures:
    """A bid set played out on ``n`` deals: ``bids`` (``TableBid`` per bid, both pairs'),
    the user's pair's mean score double dummy and at the table on those deals
    (``expected_dd``, ``expected_table``, with ``stderr_diff`` the standard error of the
    paired difference table − double dummy), ``worlds`` per decision, ``seed``,
    ``seconds``; ``interrupted``: stopped by Ctrl-C (the figures are those of the games
    finished); ``games``: the ``pimc.TableGame`` of each deal played."""

    own: tuple[str, ...]
    bids: list[TableBid]
    n: int
    expected_dd: float
    expected_table: float
    stderr_diff: float
    worlds: int
    seed: int
    seconds: float
    interrupted: bool = False
    games: list = field(default_factory=list, repr=False, compare=False)

    def to_json(self) -> dict:
        return {"set": list(self.own), "games": self.n, "worlds": self.worlds,
                "seed": self.seed, "bids": [b.to_json() for b in self.bids],
                "expected_double_dummy": round(self.expected_dd, 3),
                "expected_table": round(self.expected_table, 3),
                "difference_stderr": round(self.stderr_diff, 3),
                "seconds": round(self.seconds, 1), "interrupted": self.interrupted}


def table_figures(deals: np.ndarray, pair: Pair, own: Sequence, theirs: Sequence = (), *,
                  worlds: int = WORLDS, seed: int = 0, rules: str = "gerots",
                  igazitas: bool = True, double_dummy: Pair | None = None,
                  progress: Callable[[int], None] | None = None) -> TableFigures:
    """Play every deal of ``deals`` ((n, seats) uint64 full deals) out by PIMC with ``own``
    bids for ``pair`` and ``theirs`` for the other pair (``Bid``s or keys), the worlds of
    game i from ``seed + i``; ``double_dummy``: a pair that sees every hand while the other
    plays PIMC (``pimc.play_deal``; default both PIMC); ``progress`` is called with the
    games finished.

    Returns ``TableFigures`` (on the games finished when Ctrl-C stops the run: then
    ``interrupted``; without any bid no game is played, the score being the same both
    ways). Raises as ``pimc.play_deal``."""
    own = tuple(b if isinstance(b, Bid) else Bid.parse(str(b)) for b in own)
    theirs = tuple(b if isinstance(b, Bid) else Bid.parse(str(b)) for b in theirs)
    bids = {pair: own, pair.other: theirs}
    t0 = time.perf_counter()
    deals = np.asarray(deals, dtype=np.uint64)
    if not own and not theirs:      # nothing announced: the score needs no play
        s = Scorer(deals, pair, rules, igazitas).scores((), None, deals=len(deals))
        e = float(s.mean()) if len(deals) else math.nan
        return TableFigures((), [], len(deals), e, e, 0.0, int(worlds), int(seed),
                            time.perf_counter() - t0)
    games = []
    interrupted = False
    try:
        for i, deal in enumerate(deals):
            games.append(play_deal([int(h) for h in deal], bids=bids, worlds=worlds,
                                   seed=seed + i, rules=rules, igazitas=igazitas,
                                   double_dummy=double_dummy, review=False))
            if progress is not None:
                progress(len(games))
    except KeyboardInterrupt:
        interrupted = True
    n = len(games)
    rows = []
    flags: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
    for j, (p, b) in enumerate([(p, b) for p in (pair, pair.other) for b in bids[p]]):
        dd = np.array([g.bids[j].double_dummy for g in games], dtype=bool)
        tb = np.array([g.bids[j].table for g in games], dtype=bool)
        flags[(p, b.key)] = dd, tb
        rows.append(TableBid(p, b.key, n, int(dd.sum()), int(tb.sum()), int((dd & ~tb).sum()),
                             int((tb & ~dd).sum())))
    exp_dd = exp_tb = se = math.nan
    if n:
        sc = Scorer(deals[:n], pair, rules, igazitas)
        keys = [b.key for b in own], [b.key for b in theirs]

        def score(k: int) -> np.ndarray:
            mine = np.array([flags[(pair, key)][k] for key in keys[0]]).T.reshape(n, -1)
            other = np.array([flags[(pair.other, key)][k] for key in keys[1]]).T.reshape(n, -1)
            return sc.scores(keys[0], mine if keys[0] else None, keys[1],
                             other if keys[1] else None, deals=n)

        dd_s, tb_s = score(0), score(1)
        exp_dd, exp_tb = float(dd_s.mean()), float(tb_s.mean())
        d = tb_s - dd_s
        se = float(d.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    return TableFigures(tuple(b.key for b in own), rows, n, exp_dd, exp_tb, se, int(worlds),
                        int(seed), time.perf_counter() - t0, interrupted, games)
