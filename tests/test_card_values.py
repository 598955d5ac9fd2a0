"""Every card's value in any position (``Solver.card_values`` / ``card_goals``,
``engine.card_values.card_values_batch``) against the plain reference (``tests/reference.py``)
on reachable tarokk positions in the middle of tricks, and against DDS's every-card mode
(endplay ``solve_board``) on bridge positions.

Positions: a random valid deal, random legal tricks until k tricks are left, then 0-3 random
legal cards of the current trick. Goals are the random clauses of ``test_solver_reference``;
under "gerots" they carry obligations (held cards and a lead rule), under "laza" none.
``benchmarks/check_card_values.py`` runs the same checks on more positions.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference import (legal_cards as ref_legal, play_random_tricks, random_tarokk_deal,
                       ref_card_values)
from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.engine.card_values import NOT_LEGAL, card_values_batch
from royal_sim.engine.goal import Goal
from royal_sim.engine.play_rules import bridge_card, bridge_play_rules
from royal_sim.engine.solver import Solver, optimal_line
from royal_sim.model import cards as C
from test_solver_reference import random_goal

SEED = 0xCA4D5


def mid_trick_position(rng, k: int, rules=R):
    """(hands now, leader, first_trick, trick): k tricks left, 0-3 cards of the current
    trick already played (random legal cards)."""
    deal = random_tarokk_deal(rng)
    hands, leader, _ = play_random_tricks(rng, deal, 0, 10 - k, rules)
    hands = list(hands)
    trick: list[int] = []
    for j in range(rng.randrange(4)):
        seat = (leader + j) % 4
        c = rng.choice(ref_legal(rules, hands[seat], trick[0] if trick else None))
        trick.append(c)
        hands[seat] &= ~(1 << c)
    return tuple(hands), leader, 11 - k, tuple(trick)


def obligations(rng, hands, first: int, goal: Goal, pair: int) -> tuple[Goal, list[int]]:
    """Gerots-like obligations for ``goal``: a few of the pair's cards held until a later
    trick, and at times a lead rule for one trick."""
    mine = [c for s in range(4) if R.pair_of[s] == pair for c in C.iter_bits(hands[s])]
    hold = [0] * C.N_CARDS
    if not mine:
        return goal, hold
    for c in rng.sample(mine, min(len(mine), rng.randint(1, 3))):
        hold[c] = rng.randint(first, 10)
    if rng.random() < 0.5:
        lead = {rng.randint(first, 10): rng.choice((C.SUIT_CARDS, C.TAROKKS, C.KINGS,
                                                    1 << rng.choice(mine)))}
        goal = Goal(**{**goal.__dict__, "lead_req": lead})
    return goal, hold


def _cases(seed: int, n: int, ks) -> list:
    rng = random.Random(seed)
    return [(rng, *mid_trick_position(rng, rng.choice(ks)), rng.randrange(2)) for _ in range(n)]


class GoalsAgainstReference:
    """Every legal card's verdict (``Solver.card_goals``) against ``ref_card_values``,
    position by position: ``cards`` and ``made`` counted, each disagreement in ``bad``."""

    def __init__(self, solver: Solver):
        self.solver = solver
        self.cards = self.made = 0
        self.bad: list[str] = []

    def check(self, hands, leader, first, trick, pair, goal, hold=None, history=()) -> dict:
        """The kernel's verdicts of this position (card id → bool)."""
        got = self.solver.card_goals(hands, leader, first, goal, trick, pair, hold, history)
        want = ref_card_values(hands, leader, first, trick, R, pair, goal, hold, history)
        self.cards += len(want)
        self.made += sum(want.values())
        if got != want:
            self.bad.append(f"{hands} leader={leader} first={first} trick={trick} pair={pair}"
                            f" history={list(history)} goal={goal!r} hold={hold}: kernel "
                            f"{got}, reference {want}")
        return got

    def assert_agree(self, lo: float, hi: float) -> None:
        """No disagreement, and the share of cards keeping the goal within (lo, hi) (both
        answers tested)."""
        assert not self.bad, f"{len(self.bad)} disagree, e.g.\n" + "\n".join(self.bad[:5])
        assert lo < self.made / self.cards < hi


def test_card_values_match_reference():
    solver = Solver(R)
    bad = []
    cases = _cases(SEED, 200, (1, 2, 3, 4))
    for _, hands, leader, first, trick, pair in cases:
        got = solver.card_values(hands, leader, first, trick, pair)
        want = ref_card_values(hands, leader, first, trick, R, pair)
        if got != want:
            bad.append(f"{hands} leader={leader} first={first} trick={trick} pair={pair}: "
                       f"kernel {got}, reference {want}")
    assert sum(len(t) for *_, t, _ in cases) > 200      # mostly in the middle of tricks
    assert not bad, f"{len(bad)} of {len(cases)} disagree, e.g.\n" + "\n".join(bad[:5])
    # the batch gives the same values, all positions in one call
    out = card_values_batch(np.array([c[1] for c in cases], dtype=np.uint64),
                            [c[2] for c in cases], [c[3] for c in cases],
                            [c[4] for c in cases], play_rules=R, pair=[c[5] for c in cases])
    for row, (_, hands, leader, first, trick, pair) in zip(out, cases):
        want = solver.card_values(hands, leader, first, trick, pair)
        assert {c: int(v) for c, v in enumerate(row) if v != NOT_LEGAL} == want


@pytest.mark.parametrize("rules", ["gerots", "laza"])
def test_card_goals_match_reference(rules):
    ref = GoalsAgainstReference(Solver(R))
    rows = []
    for rng, hands, leader, first, trick, pair in _cases(SEED + (rules == "laza"), 100,
                                                         (1, 2, 3)):
        full = tuple(h | sum(1 << c for i, c in enumerate(trick) if (leader + i) % 4 == s)
                     for s, h in enumerate(hands))
        goal = random_goal(rng, full, first, 11 - first, pair)
        hold = None
        if rules == "gerots":
            goal, hold = obligations(rng, hands, first, goal, pair)
        got = ref.check(hands, leader, first, trick, pair, goal, hold)
        rows.append((hands, leader, first, trick, pair, goal, hold, got))
    ref.assert_agree(0.1, 0.9)
    out = card_values_batch(np.array([r[0] for r in rows], dtype=np.uint64),
                            [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows],
                            play_rules=R, pair=[r[4] for r in rows], goal=[r[5] for r in rows],
                            hold=[r[6] for r in rows])
    for row, r in zip(out, rows):
        assert {c: bool(v) for c, v in enumerate(row) if v != NOT_LEGAL} == r[7]


def position_with_history(rng, k: int):
    """``mid_trick_position`` and the tricks played before it (1-3 of them, with their
    leaders), and the hands before the first of those."""
    deal = random_tarokk_deal(rng)
    m = rng.randint(1, min(3, 10 - k))
    hands, leader, _ = play_random_tricks(rng, deal, 0, 10 - k - m, R)
    origin = hands
    hands, leader, done = play_random_tricks(rng, hands, leader, m, R)
    history = [(t.leader, [t.cards[(t.leader + i) % 4] for i in range(4)]) for t in done]
    hands = list(hands)
    trick: list[int] = []
    for j in range(rng.randrange(4)):
        seat = (leader + j) % 4
        c = rng.choice(ref_legal(R, hands[seat], trick[0] if trick else None))
        trick.append(c)
        hands[seat] &= ~(1 << c)
    return tuple(hands), leader, 11 - k, tuple(trick), history, origin


@pytest.mark.parametrize("rules", ["gerots", "laza"])
def test_card_goals_with_history_match_reference(rules):
    """Goals judged over the whole play from an earlier trick (a game reviewed from its
    start): the tricks already played count, and may already have broken a clause."""
    ref = GoalsAgainstReference(Solver(R))
    rng = random.Random(SEED + 21 + (rules == "laza"))
    for _ in range(80):
        hands, leader, first, trick, history, origin = position_with_history(
            rng, rng.choice((1, 2, 3)))
        pair = rng.randrange(2)
        start = first - len(history)
        goal = random_goal(rng, origin, start, 11 - start, pair)
        hold = None
        if rules == "gerots":
            goal, hold = obligations(rng, hands, first, goal, pair)
        ref.check(hands, leader, first, trick, pair, goal, hold, history)
    ref.assert_agree(0.05, 0.95)


def test_optimal_line_keeps_the_value():
    """Each card of the line keeps the position's value: the first card's value is the
    most the attack can force, and the line's tricks add up to it."""
    solver = Solver(R)
    rng = random.Random(SEED + 5)
    for _ in range(5):
        deal = random_tarokk_deal(rng)
        hands, leader, _ = play_random_tricks(rng, deal, 0, 5, R)
        best = solver.max_tricks(hands, leader, 6, 0)
        line = optimal_line(solver, hands, leader, 6, 0)
        assert sum(R.pair_of[w] == 0 for _, _, w in line) == best
        values = solver.card_values(hands, leader, 6, (), 0).values()
        assert (max(values) if R.pair_of[leader] == 0 else min(values)) == best


def test_bad_positions_are_refused():
    solver = Solver(R)
    rng = random.Random(SEED + 9)
    hands, leader, first, _ = mid_trick_position(rng, 3)
    while True:
        hands, leader, first, trick = mid_trick_position(rng, 3)
        if len(trick) == 2:
            break
    seat = (leader + 2) % 4
    with pytest.raises(ValueError, match="hand sizes"):
        solver.card_values(hands, leader, first, trick[:1])
    with pytest.raises(ValueError, match="on the table and in a hand"):
        c = next(C.iter_bits(hands[seat]))
        solver.card_values(hands, leader, first, trick + (c,))
    with pytest.raises(ValueError, match="at most 3 cards"):
        solver.card_values(hands, leader, first, (1, 2, 3, 4))


# --------------------------------------------------------------------------------------
# bridge: DDS's every-card values

dds = pytest.importorskip("endplay.dds")
T = pytest.importorskip("endplay.types")


def _pbn(hands) -> str:
    from royal_sim.engine.play_rules import BRIDGE_RANKS
    return "N:" + " ".join(
        ".".join("".join(BRIDGE_RANKS[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1)
                 for s in range(4)) for h in hands)


def _endplay_card(c: int):
    from royal_sim.engine.play_rules import BRIDGE_RANKS, BRIDGE_SUITS
    return T.Card(BRIDGE_SUITS[c // 13] + BRIDGE_RANKS[c % 13])


def dds_card_values(hands_at_start, leader: int, trick, trump) -> dict[int, int]:
    """DDS's value of every card of the seat to play (``solve_board``, default mode): the
    tricks of that seat's side from the current trick on."""
    deal = T.Deal(_pbn(hands_at_start), first=T.Player(leader),
                  trump=T.Denom.nt if trump is None else T.Denom(trump))
    for c in trick:
        deal.play(_endplay_card(c))
    out = {}
    for card, tricks in dds.solve_board(deal):
        out[bridge_card(int(card.suit), int(card.rank).bit_length() - 3)] = tricks
    return out


def test_card_values_match_dds():
    rng = random.Random(SEED + 13)
    solvers = {t: Solver(bridge_play_rules(t)) for t in (0, 1, 2, 3, None)}
    bad, n, mid = [], 320, 0
    for _ in range(n):
        k = rng.choice((5, 6, 7, 8))
        cards = list(range(52))
        rng.shuffle(cards)
        start = [sum(1 << c for c in rng.sample(cards[13 * s:13 * s + 13], k))
                 for s in range(4)]
        leader, trump = rng.randrange(4), rng.choice((0, 1, 2, 3, None))
        rules = solvers[trump].play_rules
        hands, trick = list(start), []
        for j in range(rng.randrange(4)):
            seat = (leader + j) % 4
            c = rng.choice(ref_legal(rules, hands[seat], trick[0] if trick else None))
            trick.append(c)
            hands[seat] &= ~(1 << c)
        mid += bool(trick)
        seat = (leader + len(trick)) % 4
        got = solvers[trump].card_values(hands, leader, 14 - k, trick, seat % 2)
        want = dds_card_values(start, leader, trick, trump)
        # DDS lists one card of each run of equals: every card listed must agree, and
        # every legal card must be valued
        if any(got.get(c) != v for c, v in want.items()) or \
                set(got) != set(ref_legal(rules, hands[seat], trick[0] if trick else None)):
            bad.append(f"{_pbn(start)} leader={'NESW'[leader]} trump={trump} trick={trick}: "
                       f"kernel {got}, DDS {want}")
    assert mid > n // 2
    assert not bad, f"{len(bad)} of {n} disagree with DDS, e.g.\n" + "\n".join(bad[:5])
