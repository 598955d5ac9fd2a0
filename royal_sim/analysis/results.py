"""What an analysis returns: the columns searched, each bid's outcome over the sampled deals
with its 95 % Wilson interval, and the whole ``Analysis``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..model.deal import Seat
from .. import slems as S


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval for k successes in n trials; (0, 1) when n = 0."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True)
class Column:
    """One thing to search on every deal: a slem with a parameter (or a relaxed bound)."""

    slem: S.Slem
    param: object
    relaxed: bool = False

    @property
    def key(self) -> str:
        return self.slem.id + ":*" if self.relaxed else S.slem_key(self.slem, self.param)


@dataclass
class SlemResult:
    """Outcome of one bid over the sampled deals: ``made`` of ``n`` deals (deals where the
    slem is undefined are not counted); ``bound``: the figure is an upper bound (relaxed search
    below ``RELAXED_SKIP``, exact candidates skipped); ``outcomes``: (deals,) int64, 1 made, 0
    not, -1 undefined on each deal it was searched on (the first deals of the sample: all of
    them, or, precision-driven, until it stopped); ``stopped``: why its search ended
    (``"samples"``: all the deals; ``"precision"``, ``"time"``, ``"interrupted"``: see
    ``rounds``; ``None`` while searched); ``interval``: the interval to report, when not the
    95 % Wilson interval (precision-driven: ``stopping.StoppingRule.interval``);
    ``stratified``: the ``strata.Estimate`` that gives ``probability`` and ``interval``
    where the column is estimated by strata (precision-driven runs), else ``None``."""

    slem: S.Slem
    param: object
    made: int
    n: int
    bound: bool = False
    outcomes: np.ndarray | None = field(default=None, repr=False)
    stopped: str | None = "samples"
    interval: tuple[float, float] | None = None
    stratified: object | None = None

    @classmethod
    def of_column(cls, col: Column, outcome: np.ndarray, stopped: str | None = "samples",
                  rule=None, strata=None) -> SlemResult:
        """The result of ``col`` from its (deals,) int64 outcomes; a relaxed column gives a
        bound without a parameter. ``rule``: the ``StoppingRule`` it was searched under;
        ``strata``: the column's ``strata.ColumnStrata`` (with a rule only)."""
        defined = outcome >= 0
        made, n = int((outcome == 1).sum()), int(defined.sum())
        interval = est = None
        if rule is not None:
            bounds = rule.decided_interval if stopped == "decided" else rule.interval
            est = None if strata is None or not n else strata.estimate(outcome, bounds)
            interval = bounds(made, n) if est is None else est.interval
        return cls(col.slem, None if col.relaxed else col.param, made, n,
                   bound=col.relaxed, outcomes=outcome, stopped=stopped,
                   interval=interval, stratified=est)

    @property
    def probability(self) -> float:
        """The share of its deals made, or the stratified estimate (``stratified``)."""
        if self.stratified is not None:
            return self.stratified.probability
        return self.made / self.n if self.n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95 % interval of ``probability`` (``interval``, else Wilson's)."""
        return self.interval if self.interval is not None else wilson(self.made, self.n)

    @property
    def key(self) -> str:
        return self.slem.id if self.param is None else S.slem_key(self.slem, self.param)

    def to_json(self) -> dict:
        lo, hi = self.ci95
        return {"id": self.slem.id,
                "param": None if self.param is None else S.format_param(self.slem, self.param),
                "group": self.slem.group, "value": self.slem.value,
                "probability": round(self.probability, 6), "ci95": [round(lo, 6), round(hi, 6)],
                "made": self.made, "deals": self.n, "bound": self.bound,
                "stopped": self.stopped, **self._strata_json()}

    def _strata_json(self) -> dict:
        """The stratified estimate's parts (``strata.Estimate``), where there is one."""
        e = self.stratified
        if e is None:
            return {}
        return {"stratified": {"proven_made": round(e.exact, 6),
                               "searched_weight": round(e.searched, 6),
                               "searched_made": e.made, "searched_deals": e.deals}}


@dataclass
class Analysis:
    """Result of ``analyze``: the best parameter of each slem (``best``), every candidate
    (``candidates``), the deals ((n, 4) uint64 hands in seat order) and the max-tricks
    distribution ((m,) int64 tricks of the user's pair on the first m deals: all of them,
    or in a precision-driven run the first round's);
    ``partner`` / ``opponent``: the bids heard, searched for their pair on the same deals;
    ``precision``: the half-width a precision-driven run stopped each slem at (``None``:
    every slem on all ``samples`` deals); ``rounds``: rounds searched; ``deals_searched``:
    deals searched at all (``samples`` at most); ``obligations``: slem key → (its chance
    without the Gerots obligations, which bind) for slems they make rare; ``nodes``: search
    nodes of the whole analysis (every column, filter, side search and the obligations'
    search), the same for the same request and code on any machine or thread count."""

    hand: int
    seat: Seat
    rules: str
    samples: int
    seed: int
    best: list[SlemResult]
    candidates: list[SlemResult]
    max_tricks: np.ndarray
    deals: np.ndarray
    sampling_method: str
    partner: list[SlemResult] = field(default_factory=list)
    opponent: list[SlemResult] = field(default_factory=list)
    precision: float | None = None
    rounds: int = 1
    deals_searched: int = 0
    obligations: dict[str, tuple[float, str]] = field(default_factory=dict)
    nodes: int = 0

    @property
    def searched_deals(self) -> np.ndarray:
        """The deals any slem was searched on: the first ``deals_searched`` of ``deals``."""
        return self.deals[:self.deals_searched] if self.deals_searched else self.deals
