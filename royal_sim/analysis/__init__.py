"""The Monte Carlo driver: the probability that the user's pair completes each slem.

Source rule: ``spec/royal-tarokk.md`` §5. For a hand and seat, deals consistent with
everything known are sampled (``sampling.py``); on each deal every slem and candidate
parameter is searched double dummy (``solver/``) for the user's pair, ``A_IND`` leading
trick 1; a slem's probability is the fraction of deals on which it is made, with a 95 %
Wilson interval. Double dummy is optimistic for the side that would have to guess.

Trick-count slems (Gém … Volát) come from one max-tricks search per deal. For slems with
ordered triples of announced magasítók (Héja, Stella) a relaxed goal (any magasító of the
bidder on each announced trick) is searched first; it bounds every candidate from above, and
the exact candidates are searched only when that bound reaches ``RELAXED_SKIP`` (1 %).
Columns that must win given tricks with suit cards (Főnix, Mariage, Couleur, Famille, …) share
one relaxed filter, "the pair wins those tricks with any suit card" (``_late_filter``): where
it fails they all fail, without their own search.
Under Gerots rules the bidding pair plays under the obligations of rájátszás: no announced
card before its trick, and the lead obligations of the target tricks
(``slems.gerots_leads``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numba
import numpy as np

from ..model import cards as C
from ..slems import catalogue as S
from ..model.deal import Pair, Seat
from ..errors import RoyalSimError
from ..sampling.sampler import Constraints, sample_deals
from ..scoring import RULES
from ..engine.cells import GOAL_FALSE, GOAL_SEARCH, GOAL_SKIP, solve_batch
from ..double_dummy import TAROKK_RULES
from ..engine.solver import Tables
from ..engine.goal import GOAL_LEN, Goal, tricks_goal

RELAXED_SKIP = 0.01
LATE_FILTER_MIN = 3   # columns sharing suit-card trick requirements before a shared filter
SUIT_CARDS = ((1 << C.N_CARDS) - 1) & ~int(C.SUIT_MASKS[C.TAROKK])
MAX_SAMPLES = 1_000_000   # deals per analysis (0.02-0.3 s each per core already)
N_CARDS = C.N_CARDS
CHUNK = 50  # deals per parallel batch (progress granularity)
ANALYSIS_TT_BITS = 18  # log2 table entries per thread (goal searches need them; 16 is 30 % slower)


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
    slem is undefined are not counted); ``bound``: the figure is an upper bound (relaxed
    search below ``RELAXED_SKIP``, exact candidates skipped)."""

    slem: S.Slem
    param: object
    made: int
    n: int
    bound: bool = False
    outcomes: np.ndarray | None = field(default=None, repr=False)

    @property
    def probability(self) -> float:
        return self.made / self.n if self.n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.made, self.n)

    @property
    def key(self) -> str:
        return self.slem.id if self.param is None else S.slem_key(self.slem, self.param)

    def to_json(self) -> dict:
        lo, hi = self.ci95
        return {"id": self.slem.id,
                "param": None if self.param is None else S.format_param(self.slem, self.param),
                "group": self.slem.group, "value": self.slem.value,
                "probability": round(self.probability, 6), "ci95": [round(lo, 6), round(hi, 6)],
                "made": self.made, "deals": self.n, "bound": self.bound}


@dataclass
class Analysis:
    """Result of ``analyze``: the best parameter of each slem (``best``), every candidate
    (``candidates``), the deals and max-tricks distribution."""

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


def _is_trick_count(goal: Goal) -> bool:
    return (not goal.trick_req and not goal.capture and not goal.capture_any and not goal.exists
            and not goal.run_len and not goal.split_tricks and not goal.impossible
            and goal.count_tricks & 0x3FF == 0x3FF)


def _relaxed_goal(goal: Goal, slem: S.Slem, param, bidder_mags: int) -> Goal:
    """Every trick of ``goal`` with an announced magasító may be won by any magasító of the
    bidder (the other clauses stay)."""
    trick_req = dict(goal.trick_req)
    for trick in S.magasito_tricks(slem):
        trick_req[trick] = bidder_mags
    return replace(goal, trick_req=trick_req, label=slem.id + ":*")


def _suit_tricks(goal: Goal) -> frozenset:
    """The tricks ``goal`` requires the pair to win with a suit card (no tarokk allowed)."""
    return frozenset(t for t, m in goal.trick_req.items() if m and not m & ~SUIT_CARDS)


def _late_filter(req: list[list[frozenset]]) -> frozenset:
    """The trick set A of the shared relaxed filter for columns with suit-card requirements
    (``req[i][j]``: ``_suit_tricks`` of deal i, column j; empty where not searched): among the
    sets of two or more tricks, the one required (A ⊆ T) by the most columns, if at least
    ``LATE_FILTER_MIN``; else empty. The filter goal "the pair wins every trick of A with a
    suit card", searched without the Gerots restrictions, is implied by each such column."""
    per_col: dict[int, frozenset] = {}
    for row in req:
        for j, t in enumerate(row):
            if t and j not in per_col:
                per_col[j] = t
    best, count = frozenset(), 0
    for a in set(per_col.values()):
        n = sum(a <= t for t in per_col.values())
        if len(a) >= 2 and n >= LATE_FILTER_MIN and (n, len(a)) > (count, len(best)):
            best, count = a, n
    return best


def _holds_row(slem: S.Slem, param, rules: str, pair_cards: int) -> np.ndarray:
    """(n_cards,) int8: under Gerots, the trick before which the pair may not play each
    card the bid announces (magasítók and kötött cards alike); 0 elsewhere."""
    hold = np.zeros(N_CARDS, dtype=np.int8)
    if rules == "gerots":
        for card, trick in S.announced_holds(slem, param).items():
            if pair_cards >> card & 1:
                hold[card] = trick
    return hold


def columns_for(hand: int, only: Sequence[str] | None = None,
                fixed: dict[str, object] | None = None) -> list[Column]:
    """The columns to search: each slem (all, or ``only`` ids) with every parameter the user
    could announce from ``hand`` (magasítók of the hand, every suit), or the ``fixed`` one."""
    fixed = fixed or {}
    slems = [S.get_slem(i) for i in only] if only else list(S.SLEMS.values())
    cols: list[Column] = []
    for s in slems:
        if s.id in fixed:
            params = [fixed[s.id]]
        else:
            params = S.candidate_params(s, hand)
        if s.param.arity == 3 and s.id not in fixed:
            if params:
                cols.append(Column(s, params[0], relaxed=True))
            continue
        cols.extend(Column(s, p) for p in params)
    return cols


class _ClassCache:
    def __init__(self):
        self.d: dict = {}

    def __call__(self, goal: Goal, hold: np.ndarray | None = None) -> np.ndarray:
        key = (tuple(goal.named_masks()), None if hold is None else hold.tobytes())
        v = self.d.get(key)
        if v is None:
            v = self.d[key] = goal.card_classes(N_CARDS, hold)
        return v


_LEVELS_CACHE: dict = {}


def _implication_levels(cols: list[Column], rules: str) -> tuple[list[list[int]], list[int]]:
    """For each column, the columns it implies (``slems.implies``, with the Gerots holds of
    the stronger bid at least those of the weaker one), and search levels: a column is
    searched after every column it implies, and only where none of them failed. Cached by
    the columns and rules (it is pure Python and quadratic in the columns)."""
    key = (tuple(cols), rules)
    hit = _LEVELS_CACHE.get(key)
    if hit is None:
        hit = _LEVELS_CACHE[key] = _compute_levels(cols, rules)
    return hit


def _compute_levels(cols: list[Column], rules: str) -> tuple[list[list[int]], list[int]]:
    implied: list[list[int]] = [[] for _ in cols]
    holds = [{} if (c.relaxed or rules != "gerots") else S.announced_holds(c.slem, c.param)
             for c in cols]
    for j, hi in enumerate(cols):
        if hi.relaxed:
            continue
        for k, lo in enumerate(cols):
            if k == j or lo.relaxed or lo.slem.id == hi.slem.id:
                continue
            if not S.implies(hi.slem, hi.param, lo.slem, lo.param):
                continue
            if S.implies(lo.slem, lo.param, hi.slem, hi.param):
                continue  # equivalent predicates: search both
            if all(holds[j].get(c, 0) >= t for c, t in holds[k].items()):
                implied[j].append(k)
    level = [-1] * len(cols)

    def depth(j: int) -> int:
        if level[j] < 0:
            level[j] = 0 if not implied[j] else 1 + max(depth(k) for k in implied[j])
        return level[j]

    for j in range(len(cols)):
        depth(j)
    return implied, level


def _search_columns(deals: np.ndarray, cols: list[Column], pair: Pair, user_hand: int,
                    rules: str, progress: Callable[[int], None] | None,
                    classes: _ClassCache, leader: int = 0, first_trick: int = 1,
                    profile: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Outcomes (n, len(cols)) int64 (1 made, 0 not, -1 undefined) and max tricks (n,)
    of ``pair``; ``user_hand``: the cards whose magasítók relaxed columns may use.

    Trick-count slems come from the max-tricks column; a column implying another one
    (``_implication_levels``) is searched only on deals where that one was made.
    ``profile``: if given, filled with column key (``max_tricks``, ``late filter``) → (cells
    searched, search nodes), for ``benchmarks/bench_columns.py``."""
    n = deals.shape[0]
    g = len(cols) + 1                     # column 0: max tricks of the pair
    mags = user_hand & C.MAGASITOK
    outcomes = np.zeros((n, len(cols)), dtype=np.int64)
    maxt = np.zeros(n, dtype=np.int64)
    pairs = np.full(g, int(pair), dtype=np.int8)
    plain = tricks_goal(0)
    plain_packed = plain.pack()
    plain_classes = classes(plain)
    implied, level = _implication_levels(cols, rules)
    workspace = Tables(max(1, numba.get_num_threads()), ANALYSIS_TT_BITS)
    n_levels = 1 + max(level, default=0)
    col_level = np.array([0] + level, dtype=np.int64)
    col_nodes = np.zeros(g)           # search nodes so far per column, for the item order
    col_count = np.zeros(g)
    filter_cost = [0, 0]              # cells and nodes of the late filter
    if progress is not None:
        progress(0)                   # the search starts (the first chunk compiles, if cold)
    for start in range(0, n, CHUNK):
        block = deals[start:start + CHUNK]
        b = block.shape[0]
        goals = np.zeros((b, g, GOAL_LEN), dtype=np.uint64)
        cls = np.zeros((b, g, N_CARDS), dtype=np.int16)
        holds = np.zeros((b, g, N_CARDS), dtype=np.int8)
        status = np.full((b, g), GOAL_SEARCH, dtype=np.int8)
        targets = np.zeros((b, g), dtype=np.int64)
        from_max = np.full((b, g), -1, dtype=np.int64)
        req = [[frozenset()] * len(cols) for _ in range(b)]
        for i in range(b):
            hands = [int(x) for x in block[i]]
            pair_cards = hands[pair.seats[0]] | hands[pair.seats[1]]
            goals[i, 0] = plain_packed
            cls[i, 0] = plain_classes
            targets[i, 0] = -1
            for j, col in enumerate(cols, 1):
                goal = S.compile_goal(col.slem, col.param, hands, pair, first_trick)
                if goal is None:
                    status[i, j] = GOAL_SKIP
                    continue
                if col.relaxed and not goal.impossible:
                    goal = _relaxed_goal(goal, col.slem, col.param, mags)
                if goal.impossible:
                    status[i, j] = GOAL_FALSE
                    continue
                if _is_trick_count(goal):
                    status[i, j] = GOAL_SKIP
                    from_max[i, j] = goal.min_tricks
                    continue
                if rules == "gerots" and not col.relaxed:
                    holds[i, j] = _holds_row(col.slem, col.param, rules, pair_cards)
                    leads = S.gerots_leads(col.slem, col.param)
                    if leads:
                        goal = replace(goal, lead_req=leads)
                goals[i, j] = goal.pack()
                cls[i, j] = classes(goal, holds[i, j] if rules == "gerots" else None)
                targets[i, j] = goal.min_tricks
                req[i][j - 1] = _suit_tricks(goal)
        late = _late_filter(req)
        if late:
            fgoal = Goal(trick_req={t: SUIT_CARDS for t in late}, label="late suit tricks")
            deps = np.array([[bool(t) and late <= t for t in row] for row in req])
            need = deps.any(axis=1)
            fnodes = np.zeros((b, 1), dtype=np.int64)
            fres = solve_batch(block, np.broadcast_to(fgoal.pack(), (b, 1, GOAL_LEN)),
                               np.broadcast_to(classes(fgoal), (b, 1, N_CARDS)),
                               np.where(need, GOAL_SEARCH, GOAL_SKIP).astype(np.int8)[:, None],
                               pairs[:1], np.zeros((b, 1), dtype=np.int64), leader=leader,
                               first_trick=first_trick, rules=TAROKK_RULES, workspace=workspace,
                               nodes_out=fnodes)
            filter_cost[0] += int(need.sum())
            filter_cost[1] += int(fnodes.sum())
            status[:, 1:][deps & (fres == 0)] = GOAL_FALSE
        res = np.full((b, g), -1, dtype=np.int64)
        for lv in range(n_levels):
            st = status.copy()
            st[:, col_level != lv] = GOAL_SKIP
            if lv > 0:
                for j in np.nonzero(col_level == lv)[0]:
                    for k in implied[j - 1]:
                        st[(res[:, k + 1] == 0) & (st[:, j] == GOAL_SEARCH), j] = GOAL_FALSE
            nodes = np.zeros((b, g), dtype=np.int64)
            r = solve_batch(block, goals, cls, st, pairs, targets, holds, leader=leader,
                            first_trick=first_trick, rules=TAROKK_RULES, workspace=workspace,
                            order_by=col_nodes / np.maximum(col_count, 1), nodes_out=nodes)
            searched = st == GOAL_SEARCH
            col_nodes += nodes.sum(axis=0)
            col_count += searched.sum(axis=0)
            sel = col_level == lv
            if lv == 0:  # trick-count slems, at any level, from the max-tricks column
                res[:, sel] = r[:, sel]
                res = np.where(from_max >= 0, (res[:, :1] >= from_max).astype(np.int64),
                               res)
            else:
                res[:, sel] = np.where(from_max[:, sel] >= 0, res[:, sel], r[:, sel])
        if profile is not None:         # column key -> (cells searched, search nodes)
            for j, key in enumerate(["max_tricks"] + [c.key for c in cols]):
                profile[key] = (int(col_count[j]), int(col_nodes[j]))
            profile["late filter"] = tuple(filter_cost)
        maxt[start:start + b] = res[:, 0]
        outcomes[start:start + b] = res[:, 1:]
        if progress is not None:
            progress(b)
    return outcomes, maxt


def bid_constraints(hand: int, seat: Seat, constraints: Constraints | None,
                    partner_bids: Sequence = (), opponent_bids: Sequence = ()) -> Constraints:
    """Sampling constraints implied by bids heard (``slems.card_facts``), so the deals are
    ones where the bid could have been made:

    - partner's bid: its announced magasítók are in the partner's hand; the other cards it
      needs to win named tricks are in the user's pair (the partner's, if not the user's);
      the opponents' cards it captures are not in the pair;
    - an opponent's bid: every card it needs to win a named trick is the opponents'; the
      cards it captures from "O" are in the user's pair (the partner's, if not the user's).

    Raises ``ConstraintError`` when the user's own hand contradicts a bid, or when a bid of
    the partner and one of the opponents need the same card."""
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
    ours, theirs_all = {}, {}
    for bid, need, _, _ in p_facts:
        for c in C.cards_of(need & ~hand):
            ours.setdefault(c, bid.key)
    for bid, need, _, _ in o_facts:
        for c in C.cards_of(need):
            theirs_all.setdefault(c, bid.key)
    both = [c for c in ours if c in theirs_all]
    fact(not both, "" if not both else
         f"your partner's {ours[both[0]]} and the opponents' {theirs_all[both[0]]} both need "
         f"{C.format_card(both[0])}: only one pair can hold it")

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
            opponent_bids: Sequence = (), sampler: Callable | None = None) -> Analysis:
    """Probability that the pair of ``seat`` completes each slem, holding ``hand``.

    hand: bit mask of the user's 10 cards; seat: the user's seat; samples: deals to sample
    (> 0); seed: sampler seed; rules: ``"gerots"`` (obligatory play: announced cards held
    back) or ``"laza"``; only: slem ids to evaluate (default all); fixed: slem id → parameter
    to use instead of every candidate; constraints: what is known of the other hands;
    progress: called with the number of deals finished after each batch; partner_bids /
    opponent_bids: ``slems.Bid``s already made, searched for their pair on the same deals
    (``Analysis.partner`` / ``.opponent``) and used as evidence (``bid_constraints``);
    sampler: ``f(n, seed, hand, seat, constraints) -> SampleResult`` instead of
    ``sample_deals`` (e.g. with heard announcements).

    Returns ``Analysis``. Raises ``RoyalSimError`` for bad arguments (``samples`` < 1,
    unknown rules) and ``ConstraintError`` from the sampler.
    """
    if not 1 <= samples <= MAX_SAMPLES:
        raise RoyalSimError(f"--samples must be 1..{MAX_SAMPLES:,}, got {samples}")
    if rules not in RULES:
        raise RoyalSimError(f"unknown rules {rules!r} (use gerots or laza)")
    pair = seat.pair
    cols = columns_for(hand, only, fixed)
    constraints = bid_constraints(hand, seat, constraints, partner_bids, opponent_bids)
    sample = (sampler or sample_deals)(samples, seed, hand, seat, constraints)
    deals = sample.deals
    classes = _ClassCache()
    outcomes, maxt = _search_columns(deals, cols, pair, hand, rules, progress, classes)

    results = [_result(col, outcomes[:, j]) for j, col in enumerate(cols)]
    # exact candidates of relaxed columns whose bound reaches the threshold
    extra_cols: list[Column] = []
    for col, res in zip(cols, results):
        if col.relaxed and res.n and res.probability >= RELAXED_SKIP:
            extra_cols.extend(Column(col.slem, p) for p in S.candidate_params(col.slem, hand))
    if extra_cols:
        out2, _ = _search_columns(deals, extra_cols, pair, hand, rules, None, classes)
        results += [_result(col, out2[:, j]) for j, col in enumerate(extra_cols)]

    best: dict[str, SlemResult] = {}
    for col, res in zip(cols + extra_cols, results):
        cur = best.get(col.slem.id)
        if cur is None or (cur.bound and not res.bound) or (
                cur.bound == res.bound and res.probability > cur.probability):
            best[col.slem.id] = res
    order = [c.slem.id for c in cols]
    best_list = [best[i] for i in dict.fromkeys(order)]
    side = {}
    for label, bids, who in (("partner", partner_bids, pair), ("opponent", opponent_bids,
                                                                  Pair(1 - int(pair)))):
        bcols = [Column(b.slem, b.param) for b in bids]
        side[label] = []
        if bcols:
            out, _ = _search_columns(deals, bcols, who, hand, rules, None, classes)
            side[label] = [_result(c, out[:, j]) for j, c in enumerate(bcols)]
    return Analysis(hand=hand, seat=seat, rules=rules, samples=samples, seed=seed,
                    best=best_list, candidates=results, max_tricks=maxt, deals=deals,
                    sampling_method=sample.method, **side)


def _result(col: Column, outcome: np.ndarray) -> SlemResult:
    defined = outcome >= 0
    made = int((outcome == 1).sum())
    return SlemResult(col.slem, None if col.relaxed else col.param, made, int(defined.sum()),
                      bound=col.relaxed, outcomes=outcome)


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
    classes = _ClassCache()
    out, _ = _search_columns(deals, cols, pair, pair_cards, rules, None, classes, leader,
                             first_trick)
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
        out2, _ = _search_columns(deals, extra, pair, pair_cards, rules, None, classes, leader,
                                  first_trick)
        result.update({col.key: bool(v) for col, v in zip(extra, out2[0]) if v >= 0})
    return result
