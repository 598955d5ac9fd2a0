"""The Monte Carlo driver: the probability that the user's pair completes each slem.

Source rule: ``spec/royal-tarokk.md`` §5. For a hand and seat, deals consistent with
everything known are sampled (``sampling.py``); on each deal every slem and candidate
parameter is searched double dummy (``engine/``) for the user's pair, ``A_IND`` leading
trick 1; a slem's probability is the fraction of deals on which it is made, with a 95 %
Wilson interval (``results.py``). Double dummy is optimistic for the side that would have
to guess.

What is searched on each deal is planned in ``plan.py`` (columns, relaxed bounds,
implications, the shared late filter, the Gerots obligations) and run in ``execute.py``.
For slems with ordered triples of announced magasítók (Héja, Stella) the relaxed column
bounds every candidate from above; the exact candidates are searched only when that bound
reaches ``RELAXED_SKIP`` (1 %).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..model import cards as C
from ..model.deal import Pair, Seat
from ..sampling.sampler import Constraints, sample_deals
from .. import slems as S
from .execute import ClassCache, ColumnSearch, _Run, search_columns
from .plan import columns_for, plan_search
from .request import MAX_SAMPLES, check_rules, check_samples
from .rounds import BY_INTERRUPT, BY_SAMPLES, search_in_rounds
from .stopping import StoppingRule
from .results import Analysis, Column, SlemResult, wilson

__all__ = ["MAX_SAMPLES", "RELAXED_SKIP", "Analysis", "Column", "ColumnProfile",
           "SearchProfile", "SlemResult", "analyze", "bid_constraints", "check_samples",
           "columns_for", "profile_columns", "solve_slems", "wilson"]

RELAXED_SKIP = 0.01


def _side(ours: bool, verb: str) -> str:
    """Where a bid heard puts a card, for ``bid_constraints``' messages."""
    return f"{'in your pair' if ours else 'with the opponents'} ({verb}s it)"


def bid_constraints(hand: int, seat: Seat, constraints: Constraints | None,
                    partner_bids: Sequence = (), opponent_bids: Sequence = ()) -> Constraints:
    """Sampling constraints implied by bids heard (``slems.card_facts``), so the deals are
    ones where the bid could have been made:

    - partner's bid: its announced magasítók are in the partner's hand; the other cards it
      needs to win named tricks are in the user's pair (the partner's, if not the user's);
      the opponents' cards it captures are not in the pair;
    - an opponent's bid: every card it needs to win a named trick is the opponents'; the
      cards it captures from "O" are in the user's pair (the partner's, if not the user's).

    Raises ``ConstraintError`` when the user's own hand contradicts a bid, or when two bids
    put one card in both pairs (both pairs' bids need it, both capture it, or one pair's
    bid needs a card another of its bids captures), naming the two bids."""
    from ..errors import ConstraintError
    out = constraints if constraints is not None else Constraints()
    partner = seat.partner

    def fact(cond: bool, why: str):
        if not cond:
            raise ConstraintError(why)

    def facts(bids):
        """(bid, cards its pair must hold, its announced cards, cards it captures)."""
        out_ = []
        for bid in bids:
            tricks, own, opp = S.card_facts(bid.slem, bid.param)
            out_.append((bid, C.mask_of(tricks) | own, own, opp))
        return out_

    p_facts, o_facts = facts(partner_bids), facts(opponent_bids)
    # each card a bid places: in the user's pair ("ours") or the other ("theirs"), and why
    placed: dict[int, tuple[bool, str, str]] = {}
    placings = ([(True, "need", f"your partner's {b.key}", need & ~hand)
                 for b, need, _, _ in p_facts]
                + [(False, "capture", f"your partner's {b.key}", opp) for b, _, _, opp in p_facts]
                + [(False, "need", f"the opponents' {b.key}", need) for b, need, _, _ in o_facts]
                + [(True, "capture", f"the opponents' {b.key}", opp & ~hand)
                   for b, _, _, opp in o_facts])
    for is_ours, verb, who, mask in placings:
        for c in C.cards_of(mask):
            if c not in placed:
                placed[c] = (is_ours, verb, who)
                continue
            was_ours, was_verb, was_who = placed[c]
            name = C.format_card(c)
            fact(was_ours == is_ours,
                 f"{was_who} and {who} both need {name}: only one pair can hold it"
                 if verb == was_verb == "need" else
                 f"{was_who} puts {name} {_side(was_ours, was_verb)}, {who} puts it "
                 f"{_side(is_ours, verb)}: the bids heard contradict each other")

    for bid, need, own, opp in p_facts:
        fact(not own & hand, f"your partner cannot announce {bid.key}: you hold "
                             f"{C.format_cards(own & hand)}")
        fact(not opp & hand, f"your partner's {bid.key} can never be made: you hold "
                             f"{C.format_cards(opp & hand)}")
        needed = need & ~hand
        if needed:
            out = out.with_seat(partner, holds=needed)
        if opp:
            out = out.with_seat(partner, not_holds=opp)
    for bid, theirs, own, opp in o_facts:
        fact(not theirs & hand, f"the opponents cannot announce {bid.key}: you hold "
                                f"{C.format_cards(theirs & hand)}")
        if theirs:
            out = out.with_seat(partner, not_holds=theirs)
        if opp & ~hand:
            out = out.with_seat(partner, holds=opp & ~hand)
    return out


def analyze(hand: int, seat: Seat, *, samples: int = 1000, seed: int = 0,
            rules: str = "gerots", only: Sequence[str] | None = None,
            fixed: dict[str, object] | None = None, constraints: Constraints | None = None,
            progress: Callable[[int], None] | None = None, partner_bids: Sequence = (),
            opponent_bids: Sequence = (), sampler: Callable | None = None,
            precision: float | None = None, deadline: float | None = None,
            on_round: Callable[[Analysis], None] | None = None,
            keep: Callable[[Analysis], set[str]] | None = None) -> Analysis:
    """Probability that the pair of ``seat`` completes each slem, holding ``hand``.

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
    (``rounds.search_in_rounds``, ``stopping.StoppingRule``; then ``samples`` must be at
    least the first round); deadline: a ``time.monotonic()`` value after which no new
    round starts; on_round: called after each round with the analysis so far; keep: given
    the analysis so far, the keys of slems to search on although settled. Interrupted
    (Ctrl-C), the ``KeyboardInterrupt`` carries the analysis of the finished rounds as
    ``.partial`` (a fixed run: of the blocks of deals finished, every slem on the same
    first deals and stopped ``"interrupted"``; ``None`` before any).

    Returns ``Analysis``. Raises ``RoyalSimError`` for bad arguments (``samples`` out of
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

    def analysis(found: _Found, side=None) -> Analysis:
        return Analysis(hand=hand, seat=seat, rules=rules, samples=samples, seed=seed,
                        best=_best(cols + extra_cols, found.results),
                        candidates=found.results, max_tricks=found.max_tricks, deals=deals,
                        sampling_method=sample.method, precision=precision,
                        rounds=found.rounds, deals_searched=found.deals,
                        nodes=found.nodes, **(side or {}))

    def search(columns, who, **hooks) -> _Found:
        return _search_found(deals, columns, who, hand, rules, classes, rule, deadline,
                             **hooks)

    extra_cols: list[Column] = []
    first = search(cols, pair, progress=progress, on_round=on_round, keep=keep,
                   view=analysis)
    nodes = [first.nodes]

    def more(columns, who) -> list[SlemResult]:
        """The results of a further search of ``columns`` (none: none), its nodes counted."""
        if not columns:
            return []
        found = search(columns, who)
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
        side["obligations"], footnote_nodes = _obligation_costs(deals, cols, first.results,
                                                                pair, hand, classes)
        nodes.append(footnote_nodes)
    return analysis(_Found(first.results + extra, first.max_tricks, first.rounds,
                           first.deals, sum(nodes)), side)


OBLIGATION_RARE = 0.05      # a Gerots chance below this …
OBLIGATION_LAZA = 0.25      # … against at least this under laza gets a footnote
# that laza search stops a slem between blocks of deals; none can stop before
# (1 - OBLIGATION_LAZA) of its deals, so that is the first block, then blocks of this many
OBLIGATION_BLOCK = 7


def _obligation_costs(deals: np.ndarray, cols: list[Column], results: list[SlemResult],
                      pair: Pair, hand: int, classes: ClassCache) -> dict[str, tuple]:
    """The slems the Gerots obligatory play makes rare, and the search nodes it took:
    ``({key: (laza chance, what binds: "lead obligations", "held cards" or both)}, nodes)``
    for each slem below ``OBLIGATION_RARE`` under Gerots that the pair makes on
    ``OBLIGATION_LAZA`` of the same deals without its obligations (one laza search of those
    slems on their deals; docs/rules.md#obligations).
    Each slem is searched on its own deals only, and no further once it can no longer
    reach ``OBLIGATION_LAZA`` there (its footnote is then known to be absent)."""
    rare = [(col, r) for col, r in zip(cols, results)
            if not col.relaxed and r.n and r.probability < OBLIGATION_RARE
            and (S.gerots_leads(col.slem, col.param) or S.held_until(col.slem, col.param))]
    if not rare:
        return {}, 0
    own = np.array([0] + [len(r.outcomes) for _, r in rare])   # (column 0: max tricks)
    run = _Run(plan_search([c for c, _ in rare], pair, hand, "laza"), classes)
    m = int(own.max())
    laza = np.full((m, own.shape[0]), -1, dtype=np.int64)
    start = 0
    while start < m:
        o = laza[:start]
        made, defined = (o == 1).sum(axis=0), (o >= 0).sum(axis=0)
        rest = np.maximum(own - start, 0)       # its deals still to search: all made at best
        active = (own > start) & (made + rest >= OBLIGATION_LAZA * (defined + rest))
        if not active[1:].any():
            break
        active[0] = False     # (searched where an active trick-count slem reads it)
        end = min(m, start + OBLIGATION_BLOCK if start else
                  max(OBLIGATION_BLOCK, math.ceil((1 - OBLIGATION_LAZA) * m)))
        laza[start:end] = run.block(deals[start:end], active)
        start = end
    out = {}
    for j, (col, r) in enumerate(rare, 1):
        o = laza[:len(r.outcomes), j]
        n = int((o >= 0).sum())
        p = float((o == 1).sum()) / n if n else 0.0
        if p >= OBLIGATION_LAZA:
            why = [w for w, has in (("lead obligations", S.gerots_leads(col.slem, col.param)),
                                    ("held cards", S.held_until(col.slem, col.param))) if has]
            out[col.key] = (p, " and ".join(why))
    return out, run.nodes


@dataclass(frozen=True)
class _Found:
    """The results of some columns: one ``SlemResult`` each, the max tricks on the deals
    searched for them, the rounds, the deals searched and the search nodes."""

    results: list[SlemResult]
    max_tricks: np.ndarray
    rounds: int
    deals: int
    nodes: int = 0


def _search_found(deals: np.ndarray, cols: list[Column], pair: Pair, hand: int, rules: str,
                  classes: ClassCache, rule: StoppingRule | None, deadline: float | None,
                  progress: Callable[[int], None] | None = None, view=None, on_round=None,
                  keep=None) -> _Found:
    """Search ``cols`` on every deal (``rule`` ``None``) or precision-driven; ``view``
    turns a ``_Found`` into what ``on_round`` and ``keep`` are given."""
    if rule is None:
        def fixed(found: ColumnSearch, stopped: str = BY_SAMPLES) -> _Found:
            return _Found(_results(cols, found.outcomes, stopped), found.max_tricks, 1,
                          found.outcomes.shape[0], int(found.nodes.sum()) + found.filter_nodes)

        try:
            return fixed(_search(deals, cols, pair, hand, rules, classes, progress))
        except KeyboardInterrupt as e:     # the finished blocks, every slem on the same deals
            if e.partial is not None:
                part = fixed(e.partial, BY_INTERRUPT)
                e.partial = view(part) if view else None
            raise
    plan = plan_search(cols, pair, hand, rules)

    def results(state) -> list[SlemResult]:
        return [SlemResult.of_column(col, state.column(j + 1), state.stopped[j + 1], rule)
                for j, col in enumerate(cols)]

    def found(state) -> _Found:
        return _Found(results(state), state.column(0), state.rounds, state.deals,
                      state.nodes)

    def round_done(state):
        on_round(view(found(state)))

    def kept(state) -> set[int]:
        keys = keep(view(found(state)))
        return {j + 1 for j, col in enumerate(cols) if col.key in keys}

    try:
        state = search_in_rounds(deals, plan, classes, rule, progress=progress,
                                 on_round=round_done if on_round else None,
                                 keep=kept if keep else None, deadline=deadline)
    except KeyboardInterrupt as e:
        e.partial = view(found(e.partial)) if view and e.partial is not None else None
        raise
    return found(state)


def _search(deals: np.ndarray, cols: list[Column], pair: Pair, user_hand: int, rules: str,
            classes: ClassCache, progress: Callable[[int], None] | None = None,
            leader: int = 0, first_trick: int = 1) -> ColumnSearch:
    plan = plan_search(cols, pair, user_hand, rules, leader, first_trick)
    return search_columns(deals, plan, classes, progress)


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
    out = _search(deals, cols, pair, pair_cards, rules, classes, None, leader,
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
        out2 = _search(deals, extra, pair, pair_cards, rules, classes, None, leader,
                       first_trick).outcomes
        result.update({col.key: bool(v) for col, v in zip(extra, out2[0]) if v >= 0})
    return result


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
    found = _search(deals, cols, seat.pair, hand, rules, ClassCache())
    seconds = time.perf_counter() - t
    per_col = [ColumnProfile(k, int(c), int(n)) for k, c, n in
               zip(["max_tricks"] + [c.key for c in cols], found.cells, found.nodes)]
    return SearchProfile(per_col[0], per_col[1:],
                         ColumnProfile("late filter", found.filter_cells, found.filter_nodes),
                         seconds)
