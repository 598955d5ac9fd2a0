"""The numba kernel (``royal_sim.engine.kernel.search``) agrees with the plain reference search
(``tests/reference.py``) on random small tarokk positions, for trick counts and for goals.

Positions are reachable endings: a random valid full deal (spec §2), then random legal tricks
from A_IND's lead until k tricks are left, the winner of the last trick leading (every tenth
position gets an arbitrary leader instead). Everything is seeded; a failure message lists each
disagreeing position in deal notation with its leader, first trick, pair and goal.
"""

from __future__ import annotations

import random

import pytest

from reference import play_random_tricks, random_tarokk_deal, ref_goal, ref_max_tricks
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal
from royal_sim import tarokk as search
from royal_sim.engine.goal import ALL_TRICKS, Goal
from royal_sim.tarokk import TAROKK_PLAY as R

SEED = 0x7A2044

# positions per number of tricks left: the reference's cost grows ~10x per trick
MAX_TRICKS_CASES = {1: 300, 2: 500, 3: 700, 4: 450, 5: 50}       # 2,000 positions
GOAL_POSITIONS = {1: 150, 2: 250, 3: 300, 4: 200, 5: 30}
GOALS_PER_POSITION = {1: 6, 2: 6, 3: 6, 4: 3, 5: 2}              # 4,860 goal checks


def random_positions(seed: int, k: int, n: int) -> list[tuple[tuple[int, ...], int, int]]:
    """``n`` reachable tarokk positions with ``k`` tricks left: (hands, leader, first_trick)."""
    rng = random.Random(seed * 100 + k)
    out = []
    for i in range(n):
        deal = random_tarokk_deal(rng)
        hands, leader, _ = play_random_tricks(rng, deal, 0, 10 - k, R)
        if i % 10 == 9:
            leader = rng.randrange(4)
        out.append((hands, leader, 11 - k))
    return out


def describe(hands, leader, first_trick, pair=None, goal=None) -> str:
    s = f"{Deal(tuple(hands))}  leader={leader} first_trick={first_trick}"
    if pair is not None:
        s += f" pair={pair}"
    if goal is not None:
        s += f" goal={goal!r}"
    return s


# --------------------------------------------------------------------------------------
# trick counts


@pytest.mark.parametrize("k", sorted(MAX_TRICKS_CASES))
def test_max_tricks_matches_reference(k):
    bad = []
    for hands, leader, first in random_positions(SEED, k, MAX_TRICKS_CASES[k]):
        want = ref_max_tricks(hands, leader, first, R, pair=0)
        got0 = search.max_tricks(hands, leader, first, R, pair=0)
        got1 = search.max_tricks(hands, leader, first, R, pair=1)
        if (got0, got1) != (want, k - want):
            bad.append(f"{describe(hands, leader, first)}: reference pair0={want} "
                       f"pair1={k - want}; kernel pair0={got0} pair1={got1}")
    assert not bad, f"{len(bad)} disagreements, e.g.\n" + "\n".join(bad[:5])


@pytest.mark.parametrize("k", [1, 2, 3])
def test_reference_is_zero_sum(k):
    """Self-check of the reference: what one pair can force, the other concedes."""
    for hands, leader, first in random_positions(SEED + 1, k, 100):
        assert (ref_max_tricks(hands, leader, first, R, 0)
                + ref_max_tricks(hands, leader, first, R, 1)) == k


# --------------------------------------------------------------------------------------
# goals

_HIGH_TAROKKS = C.mask_of(range(C.XVIII, C.SKIZ + 1))
_NAMED = (C.MATADORS, C.KINGS, C.TAROKKS, C.SUIT_CARDS, C.KIS_SZINES, C.RED, C.BLACK,
          C.PIKKS, C.TREFFS, C.KORS, C.KAROS, C.HONOURS, _HIGH_TAROKKS,
          C.QUEENS | C.KNIGHTS | C.JACKS)


def _random_mask(rng, remaining: int, mine: int) -> int:
    """A card mask as goals name them: a named set, one card or a few cards still out;
    half the time chosen to meet the searching pair's cards ``mine`` (else most goals are
    trivially false)."""
    pool = mine if rng.random() < 0.5 else remaining
    r = rng.random()
    if r < 0.4:
        named = [m for m in _NAMED if m & pool]
        return rng.choice(named) if named else rng.choice(_NAMED)
    cards = list(C.iter_bits(pool))
    if r < 0.7:
        return 1 << rng.choice(cards)
    return C.mask_of(rng.sample(cards, min(len(cards), rng.randint(2, 5))))


def _random_cards(rng, remaining: int) -> int:
    """A non-empty set of cards still out (capture clauses name only those)."""
    if rng.random() < 0.4:
        for m in rng.sample(_NAMED, len(_NAMED)):
            if m & remaining:
                return m & remaining
    cards = list(C.iter_bits(remaining))
    return C.mask_of(rng.sample(cards, min(len(cards), rng.choice((1, 1, 2, 3)))))


def _trick_bits(tricks) -> int:
    return sum(1 << (t - 1) for t in tricks)


def random_goal(rng, hands, first: int, k: int, pair: int) -> Goal:
    """1–3 random clauses for ``pair``, naming only tricks of the position and, for capture
    clauses, only cards still out."""
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    mine = 0
    for seat in range(4):
        if R.pair_of[seat] == pair:
            mine |= hands[seat]
    tricks = list(range(first, first + k))
    kw: dict = {}
    clauses = ("min", "req", "capture", "capture_any", "exists", "run", "split")
    for clause in rng.sample(clauses, rng.choice((1, 1, 1, 2, 2, 3))):
        if clause == "min":
            if rng.random() < 0.5:
                counted, n = ALL_TRICKS, k
            else:
                sub = rng.sample(tricks, rng.randint(1, k))
                counted, n = _trick_bits(sub), len(sub)
            kw["count_tricks"] = counted
            kw["min_tricks"] = rng.randint(0, n) + (rng.random() < 0.05)
        elif clause == "req":
            kw["trick_req"] = {t: _random_mask(rng, remaining, mine)
                               for t in rng.sample(tricks, min(k, rng.choice((1, 1, 1, 2, 3))))}
        elif clause == "capture":
            kw["capture"] = _random_cards(rng, remaining)
        elif clause == "capture_any":
            kw["capture_any"] = _random_cards(rng, remaining)
        elif clause == "exists":
            m1 = _random_mask(rng, remaining, mine)
            m2 = _random_mask(rng, remaining, mine) & ~m1
            kw["exists"] = (m1, m2) if m2 and rng.random() < 0.5 else (m1,)
        elif clause == "run":
            kw["run_len"] = rng.randint(1, k)
            kw["run_mask"] = _random_mask(rng, remaining, mine)
        elif clause == "split":
            size = rng.randint(2, k) if k >= 2 and rng.random() < 0.9 else 1
            split = rng.sample(tricks, size)
            kw["split_tricks"] = _trick_bits(split)
            if rng.random() < 0.5:   # Royal-like: the split tricks also need a card set
                m = _random_mask(rng, remaining, mine)
                kw["trick_req"] = {**kw.get("trick_req", {}), **{t: m for t in split}}
    return Goal(**kw)


class GoalChecks:
    """Kernel against reference on many goals: ``check`` one position and goal, then
    ``assert_agree`` (no disagreement, and a share of made goals in ``(lo, hi)``: a sample
    with one answer only proves little)."""

    def __init__(self):
        self.bad: list[str] = []
        self.outcomes: list[bool] = []

    def check(self, hands, leader, first, goal, pair, hold=None) -> None:
        want = ref_goal(hands, leader, first, goal, pair, R, hold=hold)
        got = search.solve_goal(hands, leader, first, goal, pair=pair, play_rules=R, hold=hold)
        self.outcomes.append(want)
        if got != want:
            held = "" if hold is None else f" hold={hold}"
            self.bad.append(f"{describe(hands, leader, first, pair, goal)}{held}: "
                            f"reference {want}, kernel {got}")

    def assert_agree(self, lo: float, hi: float) -> None:
        bad, n = self.bad, len(self.outcomes)
        assert not bad, f"{len(bad)} of {n} disagree, e.g.\n" + "\n".join(bad[:5])
        assert lo < sum(self.outcomes) / n < hi, sum(self.outcomes) / n


@pytest.mark.parametrize("k", sorted(GOAL_POSITIONS))
def test_goals_match_reference(k):
    rng = random.Random(SEED + 2 + k)
    checks = GoalChecks()
    for hands, leader, first in random_positions(SEED + 2, k, GOAL_POSITIONS[k]):
        for _ in range(GOALS_PER_POSITION[k]):
            pair = rng.randrange(2)
            checks.check(hands, leader, first, random_goal(rng, hands, first, k, pair), pair)
    checks.assert_agree(0.15, 0.85)


def test_goal_clauses_each_exercised():
    """Each clause kind appears often in the random goals, with both answers (k = 3)."""
    rng = random.Random(SEED + 3)
    seen: dict = {}
    for hands, leader, first in random_positions(SEED + 3, 3, 120):
        pair = rng.randrange(2)
        goal = random_goal(rng, hands, first, 3, pair)
        want = ref_goal(hands, leader, first, goal, pair, R)
        assert search.solve_goal(hands, leader, first, goal, pair=pair, play_rules=R) == want, \
            describe(hands, leader, first, pair, goal)
        for name, on in (("min", goal.min_tricks), ("req", goal.trick_req),
                         ("capture", goal.capture), ("capture_any", goal.capture_any),
                         ("exists", goal.exists), ("run", goal.run_len),
                         ("split", goal.split_tricks)):
            if on:
                seen.setdefault(name, set()).add(want)
    assert all(seen.get(name) == {True, False} for name in
               ("min", "req", "capture", "capture_any", "exists", "run", "split")), seen


# --------------------------------------------------------------------------------------
# late tricks won without high trumps (the trump-count bounds of _trick_start_bounds)

def _late_mask(rng) -> int:
    """A trick or existential mask of the kind late slems name: suit cards (all, kings, a
    few), with or without one or a few low tarokks."""
    r = rng.random()
    if r < 0.3:
        return rng.choice((C.SUIT_CARDS, C.KINGS, C.KIS_SZINES, C.RED & C.SUIT_CARDS))
    suit = list(C.iter_bits(C.SUIT_CARDS))
    low = list(C.iter_bits(C.TAROKKS))[:8]
    m = C.mask_of(rng.sample(suit, rng.randint(2, 10)))
    if r < 0.6:
        return m
    if r < 0.85:
        return m | (1 << rng.choice(low))
    return C.mask_of(rng.sample(low, rng.randint(1, 3)))


@pytest.mark.parametrize("k", (3, 4, 5))
def test_late_suit_tricks_match_reference(k):
    """Goals needing the last tricks (or some tricks) won by suit cards or low tarokks, the
    kind the trump-count bounds cut: a hand with more high tarokks than tricks it can spare
    beats a required winner. Against the reference, with Gerots-like holds on some."""
    rng = random.Random(SEED + 10 + k)
    checks = GoalChecks()
    n = {3: 220, 4: 160, 5: 40}[k]
    for hands, leader, first in random_positions(SEED + 10, k, n):
        pair = rng.randrange(2)
        start = max(first, rng.choice((10, 10, 9, 8, rng.randint(first, 10))))
        m = _late_mask(rng)
        req = {t: (m if rng.random() < 0.6 else _late_mask(rng)) for t in range(start, 11)}
        if rng.random() < 0.35:     # one trick before the last (Uhu, Sárkány, Griff)
            req = {rng.randint(first, 9): m}
        exists: tuple = ()
        if rng.random() < 0.4:
            e1 = _late_mask(rng)
            e2 = _late_mask(rng) & ~e1
            exists = (e1, e2) if e2 and rng.random() < 0.5 else (e1,)
            if rng.random() < 0.6:
                req = {}
        goal = Goal(trick_req=req, exists=exists, min_tricks=rng.choice((0, 0, 1)))
        hold = None
        if rng.random() < 0.3:
            mine = [c for s in range(4) if R.pair_of[s] == pair for c in C.iter_bits(hands[s])]
            hold = [0] * C.N_CARDS
            for c in rng.sample(mine, 2):
                hold[c] = rng.randint(first + 1, 10)
        checks.check(hands, leader, first, goal, pair, hold)
    checks.assert_agree(0.03, 0.97)


@pytest.mark.parametrize("k", (2, 3))
def test_crowded_suit_endings_match_reference(k):
    """Endings (not necessarily reachable) dealt from one suit, a few other suit cards and
    a few low tarokks, so that hands hold little but that suit and tarokks and play before
    or after each other in every order: goals on tricks or some trick won with a card of
    the suit, against the reference. (A bound that let a higher card of an opponent block
    the suit was wrong exactly here: that opponent may have to play first.)"""
    rng = random.Random(SEED + 20 + k)
    checks = GoalChecks()
    for _ in range({2: 3000, 3: 1500}[k]):
        suit = rng.choice((C.PIKKS, C.TREFFS, C.KORS, C.KAROS))
        others = list(C.iter_bits(C.SUIT_CARDS & ~suit))
        n_t = rng.randint(0, 2)
        n_o = max(1, 4 * k - C.popcount(suit) - n_t)
        pool = (list(C.iter_bits(suit)) + rng.sample(others, n_o)
                + rng.sample(list(C.iter_bits(C.TAROKKS))[:6], n_t))
        cards = rng.sample(pool, 4 * k)
        hands = tuple(C.mask_of(cards[i * k:(i + 1) * k]) for i in range(4))
        leader, first, pair = rng.randrange(4), 11 - k, rng.randrange(2)
        mine = 0
        for seat in range(4):
            if R.pair_of[seat] == pair:
                mine |= hands[seat]
        target = (mine & suit) or suit
        m = 1 << rng.choice(list(C.iter_bits(target))) if rng.random() < 0.6 else target
        goal = rng.choice((Goal(exists=(m,)), Goal(exists=(m,)),
                           Goal(trick_req={rng.randint(first, 10): m}),
                           Goal(trick_req={t: suit for t in range(rng.randint(first, 10), 11)})))
        checks.check(hands, leader, first, goal, pair)
    checks.assert_agree(0.1, 0.9)
