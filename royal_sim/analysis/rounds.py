"""Precision-driven search: a plan searched round by round, each column only until its
interval is as narrow as asked (``stopping.StoppingRule``).

The deals are one stream fixed by the seed; round j searches deals ``looks[j-1]`` to
``looks[j]`` of it (``StoppingRule.looks``: fixed by the cap alone, never by timing or
threads). After each round a column stops when it is settled and no column still searched
reads it: a column searched only where the columns it implies were made keeps them
searched, a trick-count slem keeps the max-tricks column, and the shared late filter runs
only where a column still searched depends on it. So every column is searched on a prefix
of the stream, and a dependent column never reads an outcome that was not computed. A
settled column searched on (for the columns that read it, or kept by the caller) is
reported on every deal it was searched on.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Generator, TypeVar

import numpy as np

from .execute import CHUNK, ClassCache, PlanRun
from .plan import SearchPlan
from .stopping import DECIDED, FIRST_LOOK, StoppingRule

Y, S, R = TypeVar("Y"), TypeVar("S"), TypeVar("R")

FIRST_BLOCK = 7      # the first block of the first round: a first table early
# why a column stopped
BY_PRECISION, BY_SAMPLES, BY_TIME, BY_INTERRUPT = "precision", "samples", "time", "interrupted"
BY_DECIDED = "decided"


@dataclass(frozen=True)
class RoundReply:
    """What the caller of ``rounds_of`` sends back after a round: ``keep``, columns to
    search on although settled; ``decided``, columns whose figure no longer changes what
    the caller does with it (a bid's gain told apart from 0): each stops ``BY_DECIDED`` as
    soon as its decided interval is within ± ``stopping.DECIDED``
    (``StoppingRule.decided``). Columns are 1-based, as in
    ``RoundsSearch.outcomes``."""

    keep: frozenset = frozenset()
    decided: frozenset = frozenset()


@dataclass
class RoundsSearch:
    """State and result of ``rounds_of``. ``outcomes`` (n, 1 + columns) int64: 1
    made, 0 not, -1 undefined or not searched (column 0: the pair's max tricks in the first
    round, later the result of a bracket search where a trick-count slem reads it
    (``SearchPlan.block``), -1 where not searched); ``stop`` (1 + columns,) int64: the
    deals (a prefix of the stream) each column is reported on; ``stopped``: why each
    stopped (``BY_…``), ``None`` while searched; ``rounds``: rounds finished; ``deals``:
    deals of the stream searched at all; ``nodes``: search nodes so far."""

    outcomes: np.ndarray
    stop: np.ndarray
    stopped: list
    rounds: int = 0
    deals: int = 0
    nodes: int = 0

    def column(self, j: int) -> np.ndarray:
        """Outcomes of column ``j`` (0: max tricks) on the deals it is reported on (while
        it is searched: on the deals so far)."""
        return self.outcomes[:self.stop[j] if self.stopped[j] else self.deals, j]


def _settled(rule: StoppingRule, out: np.ndarray, strata=None) -> str | None:
    """Why a column with these outcomes is settled: ``BY_PRECISION`` (its interval is
    within the precision), ``BY_SAMPLES`` (not, but on the cap's deals), ``None`` if it is
    not. One undefined on every deal of the first round and after is left (reported on 0
    deals, ``BY_PRECISION``: there is nothing to search). ``strata``: the column's
    ``strata.ColumnStrata``, whose estimate's interval is read where it applies."""
    n = int((out >= 0).sum())
    if n == 0:
        return BY_PRECISION if out.shape[0] >= FIRST_LOOK else None
    est = None if strata is None else strata.estimate(out, rule.interval)
    if est is not None:
        if rule.narrow(est.interval, out.shape[0]):
            return BY_PRECISION
        return BY_SAMPLES if out.shape[0] >= rule.cap else None
    made = int((out == 1).sum())
    if rule.precise(made, n):
        return BY_PRECISION
    return BY_SAMPLES if rule.settled(made, n) else None


def _decided(rule: StoppingRule, out: np.ndarray, strata=None) -> str | None:
    """``BY_DECIDED`` when a decided column may stop (``StoppingRule.decided``; with
    ``strata``, its stratified decided interval within ± ``stopping.DECIDED``)."""
    n = int((out >= 0).sum())
    est = None if strata is None else strata.estimate(out, rule.decided_interval)
    if est is not None:
        return BY_DECIDED if rule.narrow(est.interval, out.shape[0], DECIDED) else None
    return BY_DECIDED if rule.decided(int((out == 1).sum()), n) else None


def rounds_of(deals: np.ndarray, plan: SearchPlan, classes: ClassCache, rule: StoppingRule,
              *, progress: Callable[[int], None] | None = None,
              deadline: float | None = None, strata: dict | None = None
              ) -> Generator[RoundsSearch, set[int] | None, RoundsSearch]:
    """Search ``plan`` on ``deals`` ((cap, 4) uint64, the stream) round by round, as a
    generator the caller drives (``drive``): it yields the state after each block of the
    first round (``rounds`` still 0: a first look, no column settles there; the value sent
    back is not read) and after each round, where the value sent back is the set of columns
    (1-based, as in ``outcomes``) to search on although settled (the caller's own need,
    e.g. bid sets not yet told apart; ``None``: none), or a ``RoundReply`` (those and the
    columns decided). It returns the final state.

    rule: the stopping rule (its cap is ``len(deals)``); progress: called with 0, then with
    the deals finished after each block; deadline: ``time.monotonic()`` value after which no
    new round starts (its columns stop ``BY_TIME``); strata: ``{column: strata.ColumnStrata}``
    for the columns estimated by strata (1-based). Interrupted (Ctrl-C), the state keeps
    the last finished round: ``KeyboardInterrupt`` is raised with it as ``.partial``, every
    column still searched marked ``BY_INTERRUPT``.
    """
    n, g = deals.shape[0], len(plan.cols) + 1
    run = PlanRun(plan, classes)
    state = RoundsSearch(np.full((n, g), -1, dtype=np.int64), np.zeros(g, dtype=np.int64),
                         [None] * g)
    active = np.ones(g, dtype=bool)
    if progress is not None:
        progress(0)
    lo = 0
    try:
        for look in rule.looks():
            if deadline is not None and lo > 0 and time.monotonic() >= deadline:
                _stop(state, active, lo, BY_TIME)
                break
            start = lo
            while start < look:
                end = min(look, start + (FIRST_BLOCK if start == 0 else CHUNK))
                state.outcomes[start:end] = run.block(deals[start:end], active)
                state.nodes = run.nodes
                if progress is not None:
                    progress(end - start)
                if lo == 0 and end < look:
                    state.deals = end           # a first look before the first round ends
                    yield state
                start = end
            lo = state.deals = look
            state.rounds += 1
            reply = yield state
            if not isinstance(reply, RoundReply):
                reply = RoundReply(frozenset(reply or ()))
            active = _still_active(state, plan, rule, active, look, set(reply.keep),
                                   set(reply.decided), strata or {})
            if not active.any():
                break
        else:
            _stop(state, active, lo, BY_SAMPLES)
    except KeyboardInterrupt as e:       # the finished rounds; none: nothing to show
        _stop(state, active, lo, BY_INTERRUPT)
        e.partial = state if state.rounds else None
        raise
    return state


def drive(rounds: Generator[Y, S, R], answer: Callable[[Y], S] | None = None) -> R:
    """Run a generator of rounds (``rounds_of``, ``monte_carlo.analysis_rounds``) to its
    end, sending back ``answer`` of each value it yields (``None`` without ``answer``);
    returns the generator's value. An interrupt (Ctrl-C) in ``answer`` is thrown into the
    generator, so that it goes on with the finished rounds (``.partial``) as if it had come
    during the search."""
    try:
        got = next(rounds)
        while True:
            try:
                reply = None if answer is None else answer(got)
            except KeyboardInterrupt as e:
                rounds.throw(e)
                raise
            got = rounds.send(reply)
    except StopIteration as end:
        return end.value


def _stop(state: RoundsSearch, active: np.ndarray, at: int, why: str) -> None:
    for j in np.nonzero(active)[0]:
        if state.stopped[j] is None:
            state.stop[j], state.stopped[j] = at, why


def _still_active(state: RoundsSearch, plan: SearchPlan, rule: StoppingRule,
                  active: np.ndarray, look: int, keep: set[int],
                  decided: set[int] = frozenset(), strata: dict | None = None) -> np.ndarray:
    """The columns to search in the next round: the unsettled ones, ``keep``, and the
    columns they imply; a column of ``decided`` that may stop (``StoppingRule.decided``)
    is settled (``BY_DECIDED``); each column leaving is reported on the deals so far
    (``look``).
    The max-tricks column leaves after the first round: the trick-count slems still
    searched read a search of only the trick counts they ask about (``SearchPlan.block``),
    so the max tricks are reported on the first round's deals."""
    g = active.shape[0]
    want = np.zeros(g, dtype=bool)
    for j in range(1, g):
        if active[j] and state.stopped[j] is not None:
            state.stop[j] = look         # settled, but searched on: reported on these deals
    for j in range(1, g):
        if active[j] and state.stopped[j] is None:
            got = (strata or {}).get(j)
            why = _settled(rule, state.outcomes[:look, j], got)
            if why is None and j in decided:
                why = _decided(rule, state.outcomes[:look, j], got)
            if why:
                state.stop[j], state.stopped[j] = look, why
            else:
                want[j] = True
    for j in keep:
        want[j] = want[j] or active[j]
    changed = True
    while changed:
        changed = False
        for j in np.nonzero(want)[0]:
            reads = [k + 1 for k in plan.implied[j - 1]] if j > 0 else []
            for k in reads:
                if active[k] and not want[k]:
                    want[k] = changed = True
    if state.stopped[0] is None and not want[0]:
        state.stop[0], state.stopped[0] = look, BY_PRECISION
    return want
