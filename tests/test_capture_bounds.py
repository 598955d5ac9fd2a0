"""Capture goals against the reference search: the capture sets are mostly cards of the
opponents, many of them not the top of their suit, on tarokk endings and on bridge positions,
and in the middle of a trick with cards to capture on the table (``search._search``: a card
to capture on the table of a trick the opponents surely win decides the goal). Written for a
trick-start bound that finds an opponent on lead winning a trick with a card the pair must
capture (these cases caught an unsound first version; the bound is not merged: it cost more
time than its nodes saved)."""

from __future__ import annotations

import random

import pytest

from reference import play_random_tricks, random_tarokk_deal, ref_goal
from royal_sim import tarokk as search
from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.goal import Goal
from royal_sim.engine.solver import Solver
from royal_sim.engine.play_rules import bridge_play_rules

SEED = 0xCA97
BRIDGE = [bridge_play_rules(t) for t in (None, 0, 1, 2, 3)]     # (one solver each)


def _capture(rng, hands, rules, pair, table: int = 0) -> int:
    """1-3 cards to capture: the opponents' (80 %) or any still out; with cards on the
    ``table`` (a mask), one of them in half the cases."""
    opp = 0
    for s in range(4):
        if int(rules.pair_of[s]) != pair:
            opp |= hands[s]
    pool = opp if rng.random() < 0.8 else hands[0] | hands[1] | hands[2] | hands[3] | table
    if table and rng.random() < 0.5:
        on = [c for c in range(rules.n_cards) if table >> c & 1]
        return _capture(rng, hands, rules, pair) | 1 << rng.choice(on)
    cards = [c for c in range(rules.n_cards) if pool >> c & 1]
    m = 0
    for c in rng.sample(cards, min(len(cards), rng.choice((1, 1, 2, 3)))):
        m |= 1 << c
    return m


def _check(cases, rng):
    bad, made = [], 0
    for rules, (hands, leader, first) in cases:
        pair = rng.randrange(2)
        goal = Goal(capture=_capture(rng, hands, rules, pair))
        want = ref_goal(hands, leader, first, goal, pair, rules)
        got = search.solve_goal(hands, leader, first, goal, pair=pair, play_rules=rules)
        made += want
        if got != want:
            bad.append(f"{[hex(h) for h in hands]} leader={leader} first={first} pair={pair}"
                       f" capture={goal.capture:#x}: reference {want}, kernel {got}")
    assert not bad, f"{len(bad)} of {len(cases)} disagree, e.g.\n" + "\n".join(bad[:5])
    assert 0 < made < len(cases)        # both answers occur


@pytest.mark.parametrize("k,n", [(2, 300), (3, 400), (4, 120)])
def test_tarokk_captures_match_reference(k, n):
    rng = random.Random(SEED + k)
    cases = []
    for i in range(n):
        hands, leader, _ = play_random_tricks(rng, random_tarokk_deal(rng), 0, 10 - k,
                                              TAROKK_PLAY)
        cases.append((TAROKK_PLAY,
                      (hands, rng.randrange(4) if i % 3 == 0 else leader, 11 - k)))
    _check(cases, rng)


@pytest.mark.parametrize("k,n", [(2, 300), (3, 300), (4, 80)])
def test_bridge_captures_match_reference(k, n):
    rng = random.Random(SEED + 10 + k)
    cases = []
    for _ in range(n):
        rules = rng.choice(BRIDGE)
        cards = list(range(52))
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[k * s:k * s + k]) for s in range(4))
        cases.append((rules, (hands, rng.randrange(4), 14 - k)))
    _check(cases, rng)


def test_captures_in_the_middle_of_a_trick_match_reference():
    """Every legal card's verdict (``Solver.card_goals``) with 1-3 cards of the trick down,
    the cards to capture often among them."""
    from test_card_values import GoalsAgainstReference, mid_trick_position

    rng = random.Random(SEED + 20)
    ref = GoalsAgainstReference(Solver(TAROKK_PLAY))
    while ref.cards < 600:
        hands, leader, first, trick = mid_trick_position(rng, rng.choice((2, 3, 4)))
        if not trick:
            continue
        pair = rng.randrange(2)
        table = sum(1 << c for c in trick)
        goal = Goal(capture=_capture(rng, hands, TAROKK_PLAY, pair, table))
        ref.check(hands, leader, first, trick, pair, goal)
    ref.assert_agree(0.1, 0.9)
