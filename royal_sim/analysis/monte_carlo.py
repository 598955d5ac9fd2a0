"""The Monte Carlo driver: the probability that the user's pair completes each slem.

Source rule: ``spec/royal-tarokk.md`` §5. For a hand and seat, deals consistent with
everything known are sampled (``sampling``); on each deal every slem and candidate
parameter is searched double dummy (``engine/``) for the user's pair, ``A_IND`` leading
trick 1; a slem's probability is the fraction of deals on which it is made, with a 95 %
Wilson interval (``results``). Double dummy is optimistic for the side that would have
to guess.

What is searched on each deal is planned in ``plan.py`` (columns, relaxed bounds,
implications, the shared late filter, the Gerots obligations) and run in ``execute.py``.
For slems with ordered triples of announced magasítók (Héja, Stella) the relaxed column
bounds every candidate from above; the exact candidates are searched only when that bound
reaches ``RELAXED_SKIP`` (1 %).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generator, Sequence

import numpy as np

from .. import slems as S
from ..model.deal import Pair, Seat
from ..sampling.bids import bid_constraints
from ..sampling.sampler import Constraints, sample_deals
from .execute import ClassCache, ColumnSearch, search_deals
from .obligations import obligation_costs
from .plan import columns_for, plan_search
from .request import check_rules, check_samples
from .results import Analysis, Column, SlemResult
from .rounds import BY_INTERRUPT, BY_SAMPLES, drive, rounds_of
from .stopping import StoppingRule
from .strata import Strata, of_sampling

__all__ = ["RELAXED_SKIP", "analysis_rounds", "analyze"]

RELAXED_SKIP = 0.01


def analyze(hand: int, seat: Seat, *, on_round: Callable[[Analysis], None] | None = None,
            **options) -> Analysis:
    """``analysis_rounds`` run to its end: the probability that the pair of ``seat``
    completes each slem, holding ``hand``; ``options`` as ``analysis_rounds`` takes them;
    on_round: called with the analysis so far after each block of the first round and
    after each round of a precision-driven run. Returns ``Analysis``; raises as
    ``analysis_rounds`` does."""
    answer = None if on_round is None else (lambda a: on_round(a))
    return drive(analysis_rounds(hand, seat, **options), answer)


def analysis_rounds(hand: int, seat: Seat, *, samples: int = 1000, seed: int = 0,
                    rules: str = "gerots", only: Sequence[str] | None = None,
                    fixed: dict[str, object] | None = None,
                    constraints: Constraints | None = None,
                    progress: Callable[[int], None] | None = None, partner_bids: Sequence = (),
                    opponent_bids: Sequence = (), sampler: Callable | None = None,
                    precision: float | None = None, deadline: float | None = None
                    ) -> Generator[Analysis, set[str] | None, Analysis]:
    """Probability that the pair of ``seat`` completes each slem, holding ``hand``, as a
    generator of the analysis so far that the caller drives (``rounds.drive``).

    hand: bit mask of the user's 10 cards; seat: the user's seat; samples: deals to sample
    (``check_samples``), the cap of a precision-driven run; seed: sampler seed; rules:
    ``"gerots"`` (obligatory play: announced cards held back) or ``"laza"``; only: slem
    ids to evaluate (default all); fixed: slem id → parameter to use instead of every
    candidate; constraints: what is known of the other hands; progress: called with 0 as
    the search starts, then with the number of deals finished after each batch;
    partner_bids / opponent_bids: ``slems.Bid``s already made, searched for their pair on
    the same deals (``Analysis.partner`` / ``.opponent``) and used as evidence
    (``bid_constraints``); sampler: ``f(n, seed, hand, seat, constraints) -> SampleResult``
    instead of ``sample_deals`` (e.g. with heard announcements).

    precision: ``None`` searches every slem on all ``samples`` deals; a half-width (0.05 =
    ± 5 points) searches each slem in rounds until its interval is that narrow
    (``rounds.rounds_of``, ``stopping.StoppingRule``; then ``samples`` must be at least
    the first round); deadline: a ``time.monotonic()`` value after which no new round
    starts. A precision-driven run yields the analysis so far after each block of the
    first round (``rounds`` 0) and after each round; the value sent back after a round is
    the keys of slems to search on although settled (the caller's own need: bid sets not
    yet told apart), each then reported on every deal it was searched on. Interrupted
    (Ctrl-C), the ``KeyboardInterrupt`` carries the analysis of the finished rounds as
    ``.partial`` (a fixed run: of the blocks of deals finished, every slem on the same
    first deals and stopped ``"interrupted"``; ``None`` before any).

    Returns (the generator's value) ``Analysis``. Raises ``RoyalSimError`` for bad arguments (``samples`` out of
    range, with ``argument="samples"``; ``precision``; unknown rules) and
    ``ConstraintError`` from the sampler or the bids.
    """
    check_samples(samples)
    check_rules(rules)
    rule = None if precision is None else StoppingRule(precision, samples)
    pair = seat.pair
    cols = columns_for(hand, only, fixed)
    constraints = bid_constraints(hand, seat, constraints, partner_bids, opponent_bids)
    sample = (sampler or sample_deals)(samples, seed, hand, seat, constraints)
    deals = sample.deals
    classes = ClassCache()
    strata = None if rule is None else of_sampling(hand, seat, constraints, sampler,
                                                   sample.count)

    def analysis(found: _Found, side=None) -> Analysis:
        return Analysis(hand=hand, seat=seat, rules=rules, samples=samples, seed=seed,
                        best=_best(cols + extra_cols, found.results),
                        candidates=found.results, max_tricks=found.max_tricks, deals=deals,
                        sampling_method=sample.method, precision=precision,
                        rounds=found.rounds, deals_searched=found.deals,
                        nodes=found.nodes, **(side or {}))

    def search(columns, who, **hooks):
        """A generator of the search of ``columns`` (``_found_rounds``)."""
        if rule is None:
            return _fixed_found(deals, columns, who, hand, rules, classes, **hooks)
        return _found_rounds(deals, columns, who, hand, rules, classes, rule, deadline,
                             strata=strata, **hooks)

    extra_cols: list[Column] = []
    first = yield from search(cols, pair, progress=progress, view=analysis)
    nodes = [first.nodes]

    def more(columns, who) -> list[SlemResult]:
        """The results of a further search of ``columns`` (none: none), its nodes counted."""
        if not columns:
            return []
        found = drive(search(columns, who))
        nodes.append(found.nodes)
        return found.results

    try:
        extra_cols = _exact_candidates(cols, first.results, hand)
        extra = more(extra_cols, pair)
        side = {label: more([Column(b.slem, b.param) for b in bids], who)
                for label, bids, who in (("partner", partner_bids, pair),
                                         ("opponent", opponent_bids, pair.other))}
    except KeyboardInterrupt as e:
        extra_cols = []
        e.partial = analysis(first)
        raise
    if rules == "gerots":
        side["obligations"], footnote_nodes = obligation_costs(deals, cols, first.results,
                                                                pair, hand, classes)
        nodes.append(footnote_nodes)
    return analysis(_Found(first.results + extra, first.max_tricks, first.rounds,
                           first.deals, sum(nodes)), side)


@dataclass(frozen=True)
class _Found:
    """The results of some columns: one ``SlemResult`` each, the max tricks on the deals
    searched for them, the rounds, the deals searched and the search nodes."""

    results: list[SlemResult]
    max_tricks: np.ndarray
    rounds: int
    deals: int
    nodes: int = 0


def _fixed_found(deals: np.ndarray, cols: list[Column], pair: Pair, hand: int, rules: str,
                 classes: ClassCache, progress: Callable[[int], None] | None = None,
                 view=None) -> Generator[Analysis, object, _Found]:
    """Search ``cols`` on every deal: a generator that yields nothing. Interrupted, the
    ``KeyboardInterrupt`` carries ``view`` of the finished blocks (every slem on the same
    deals, stopped ``"interrupted"``) as ``.partial``."""
    def fixed(found: ColumnSearch, stopped: str = BY_SAMPLES) -> _Found:
        return _Found(_results(cols, found.outcomes, stopped), found.max_tricks, 1,
                      found.outcomes.shape[0], int(found.nodes.sum()) + found.filter_nodes)

    try:
        return fixed(search_deals(deals, cols, pair, hand, rules, classes, progress))
    except KeyboardInterrupt as e:
        if e.partial is not None:
            e.partial = view(fixed(e.partial, BY_INTERRUPT)) if view else None
        raise
    yield   # (never reached: makes this a generator)


def _found_rounds(deals: np.ndarray, cols: list[Column], pair: Pair, hand: int, rules: str,
                  classes: ClassCache, rule: StoppingRule, deadline: float | None,
                  progress: Callable[[int], None] | None = None, view=None,
                  strata: Strata | None = None
                  ) -> Generator[Analysis, set[str] | None, _Found]:
    """Search ``cols`` precision-driven (``rounds.rounds_of``): yields ``view`` of the
    ``_Found`` so far at each look of the rounds (nothing without ``view``), takes back the
    keys of the columns to keep searching (or a ``rounds.RoundReply`` of keys: those and
    the keys decided), returns the ``_Found``. ``strata``: the deals' strata, by which
    every column but a relaxed bound is estimated (``strata.Strata.columns``)."""
    plan = plan_search(cols, pair, hand, rules)
    by_strata = {} if strata is None else strata.columns(deals, cols, int(pair))

    def found(state) -> _Found:
        results = [SlemResult.of_column(col, state.column(j + 1), state.stopped[j + 1], rule,
                                        by_strata.get(j + 1))
                   for j, col in enumerate(cols)]
        return _Found(results, state.column(0), state.rounds, state.deals, state.nodes)

    rounds = rounds_of(deals, plan, classes, rule, progress=progress, deadline=deadline,
                       strata=by_strata)
    try:
        state = next(rounds)
        while True:
            keys = None
            if view is not None:
                try:
                    keys = yield view(found(state))
                except KeyboardInterrupt as e:     # the caller's: the rounds' state with it
                    rounds.throw(e)
                    raise
            state = rounds.send(_columns_of(keys, cols))
    except StopIteration as end:
        return found(end.value)
    except KeyboardInterrupt as e:
        e.partial = view(found(e.partial)) if view and e.partial is not None else None
        raise


def _columns_of(reply, cols: list[Column]):
    """The caller's reply in keys as ``rounds_of`` takes it, in columns (1-based)."""
    from .rounds import RoundReply

    if not reply:
        return None

    def columns(keys) -> frozenset:
        return frozenset(j + 1 for j, col in enumerate(cols) if col.key in keys)

    if isinstance(reply, RoundReply):
        return RoundReply(columns(reply.keep), columns(reply.decided))
    return set(columns(reply))


def _results(cols: list[Column], outcomes: np.ndarray,
             stopped: str = BY_SAMPLES) -> list[SlemResult]:
    return [SlemResult.of_column(col, outcomes[:, j], stopped) for j, col in enumerate(cols)]


def _exact_candidates(cols: list[Column], results: list[SlemResult],
                      hand: int) -> list[Column]:
    """The exact candidates of the relaxed columns whose bound reaches ``RELAXED_SKIP``."""
    extra: list[Column] = []
    for col, res in zip(cols, results):
        if col.relaxed and res.n and res.probability >= RELAXED_SKIP:
            extra.extend(Column(col.slem, p) for p in S.candidate_params(col.slem, hand))
    return extra


def _best(cols: list[Column], results: list[SlemResult]) -> list[SlemResult]:
    """The best result of each slem, in the order of ``cols``: an exact figure before a
    bound, then the highest probability (the first of equals)."""
    best: dict[str, SlemResult] = {}
    for col, res in zip(cols, results):
        cur = best.get(col.slem.id)
        if cur is None or (cur.bound and not res.bound) or (
                cur.bound == res.bound and res.probability > cur.probability):
            best[col.slem.id] = res
    return [best[i] for i in dict.fromkeys(c.slem.id for c in cols)]
