"""Hand-built tarokk positions whose answers are worked out by hand (in the comments).

Each position is checked with the reference search (``tests/reference.py``) and the kernel.
Seats in play order: A_IND / D_ELF / D_IND / A_ELF (attack = A_IND + A_ELF = pair 0).
Card order inside a suit: K > Q > N > J > 10; every tarokk beats every suit card.
"""

from __future__ import annotations

import dataclasses

import pytest

from reference import ref_goal, ref_max_tricks
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal
from royal_sim import tarokk as search
from royal_sim.engine.goal import Goal
from royal_sim.tarokk import TAROKK_PLAY

# The same game without the duty to trump when void (bridge-like), to show where the
# must-trump rule of spec §2 decides a position.
FREE_RULES = dataclasses.replace(TAROKK_PLAY, name="tarokk-no-must-trump", must_trump=False)

A_IND, D_ELF, D_IND, A_ELF = range(4)
ATTACK, DEFENCE = 0, 1


def hands_of(text: str) -> tuple[int, ...]:
    return Deal.parse(text, check_rules=False).hands


def assert_tricks(text: str, leader: int, attack: int, rules=TAROKK_PLAY) -> None:
    """The attack can force exactly ``attack`` of the remaining tricks (and the defence the
    rest), by the reference and by the kernel."""
    hands = hands_of(text)
    k = C.popcount(hands[0])
    first = 11 - k
    assert ref_max_tricks(hands, leader, first, rules, ATTACK) == attack
    assert ref_max_tricks(hands, leader, first, rules, DEFENCE) == k - attack
    assert search.max_tricks(hands, leader, first, rules, pair=ATTACK) == attack
    assert search.max_tricks(hands, leader, first, rules, pair=DEFENCE) == k - attack


def assert_goal(text: str, leader: int, goal: Goal, pair: int, expected: bool,
                reference: bool = True) -> None:
    hands = hands_of(text)
    first = 11 - C.popcount(hands[0])
    if reference:
        assert ref_goal(hands, leader, first, goal, pair, TAROKK_PLAY) is expected
    assert search.solve_goal(hands, leader, first, goal, pair=pair) is expected


# --------------------------------------------------------------------------------------
# trivial: one trick


@pytest.mark.parametrize("text,attack", [
    # ♠K led; D_ELF is void in ♠ and holds I, so must trump: the pagát beats the king.
    ("SK / I / S10 / SJ", 0),
    # ♠K led; D_ELF is void in ♠ with no tarokk, discards ♥K (a king of another suit does
    # not win); nobody beats ♠K.
    ("SK / HK / S10 / SJ", 1),
    # ♠Q led; D_IND follows with ♠K, the highest card of the led suit.
    ("SQ / HK / SK / S10", 0),
    # Tarokk led: D_ELF follows with II, D_IND has none and throws ♠K, A_ELF's III wins.
    ("I / II / SK / III", 1),
    # ♥J led, nobody else has a heart or a tarokk: the lowest card wins its own suit.
    ("HJ / SK / CK / DK", 1),
])
def test_one_trick(text, attack):
    assert_tricks(text, A_IND, attack)


# --------------------------------------------------------------------------------------
# (a) the duty to trump when void


def test_must_trump_wastes_a_tarokk():
    # A_IND holds only spades and must lead one. D_ELF (void in ♠, holds V) must trump;
    # D_IND (no ♠, no tarokk) discards; A_ELF (void in ♠, holds I) must also trump and
    # cannot beat V. D_ELF then cashes ♥Q (A_ELF has no tarokk left to ruff it).
    # Attack 0. Without the duty, A_ELF would throw ♦N on trick 9 and ruff ♥Q with I
    # on trick 10 (or, if D_ELF discarded ♥Q, the spade would win trick 9): attack 1.
    text = "SN SJ / V HQ / HN DQ / I DN"
    assert_tricks(text, A_IND, 0)
    assert_tricks(text, A_IND, 1, rules=FREE_RULES)


# --------------------------------------------------------------------------------------
# (b) a squeeze


SQUEEZE = "XXII S10 DJ / SQ SN CK / HJ HN DN / SK SJ CQ"


def test_simple_squeeze():
    # Sure tricks: skíz and ♠K, two of three. D_ELF guards ♣ (♣K against A_ELF's ♣Q) and
    # ♠ (♠Q ♠N against ♠K ♠J: after ♠10 to ♠K, ♠Q beats ♠J). Nobody else holds a tarokk
    # or a ♠/♣ card that matters, so skíz wins trick 8 and D_ELF must discard *before* A_ELF:
    # - ♣K: A_ELF throws ♠J; ♠10 to ♠K, then ♣Q is good;
    # - ♠N: A_ELF throws ♣Q; ♠10 fetches ♠Q under ♠K, and ♠J is the last spade;
    # - ♠Q: A_ELF throws ♣Q; ♠10, ♠N, ♠K, and again ♠J is good.
    # Attack takes all 3.
    assert_tricks(SQUEEZE, A_IND, 3)
    assert_goal(SQUEEZE, A_IND, Goal(min_tricks=3), ATTACK, True)
    assert_goal(SQUEEZE, A_IND, Goal(min_tricks=1), DEFENCE, False)


def test_squeeze_fails_with_threats_in_front_of_the_victim():
    # Same cards, attack hands swapped and A_ELF leading skíz: now A_IND must discard
    # from ♠K ♠J ♣Q *before* D_ELF, who then keeps the guard of the suit A_IND kept:
    # the defence always takes one trick (♣K or ♠Q). Attack 2.
    assert_tricks("SK SJ CQ / SQ SN CK / HJ HN DN / XXII S10 DJ", A_ELF, 2)


def test_no_squeeze_when_the_guards_are_split():
    # ♣K moved to D_IND (D_ELF gets an idle ♥J instead): each defender discards an idle
    # card on skíz, and it is A_ELF who must give up ♣Q or a spade. Attack 2.
    assert_tricks("XXII S10 DJ / SQ SN HJ / CK HN DN / SK SJ CQ", A_IND, 2)


# --------------------------------------------------------------------------------------
# (c) a defender forced to ruff partner's winner


def test_defender_forced_to_ruff_partners_winner():
    # D_ELF leads ♠K or ♣K, each a winner. D_IND, void in both with V, must ruff partner's
    # king and is left to lead ♦J at trick 10, which A_ELF's ♦K wins (A_ELF keeps ♦K: he
    # follows ♠ with ♠Q, or throws ♠Q on ♣K). Defence 1, attack 1. Without the duty,
    # D_IND would throw ♦J under ♠K and win trick 10 with ♣K or V: defence 2.
    text = "CQ DN / SK CK / V DJ / SQ DK"
    assert_tricks(text, D_ELF, 1)
    assert_tricks(text, D_ELF, 0, rules=FREE_RULES)


# --------------------------------------------------------------------------------------
# the leader holds the top tarokks


TOP = "XXII XXI XX / XIX XVIII SK / XVII I HK / II SQ DK"


def test_leader_with_top_tarokks_takes_everything():
    # A_IND leads his tarokks; everyone else must follow with lower tarokks while they
    # have them, then discard. Attack 3, in any order A_IND likes.
    assert_tricks(TOP, A_IND, 3)


@pytest.mark.parametrize("goal,pair,expected", [
    # skíz, XXI, XX on tricks 8, 9, 10 in that order (A_IND chooses the order)
    (Goal(trick_req={8: 1 << C.SKIZ, 9: 1 << C.XXI, 10: 1 << C.XX}), ATTACK, True),
    # a run of 3 tricks won with tarokks
    (Goal(run_mask=C.TAROKKS, run_len=3), ATTACK, True),
    # capture D_ELF's XIX and the defence's I (both fall under A_IND's tarokks)
    (Goal(capture=(1 << C.XIX) | (1 << C.PAGAT)), ATTACK, True),
    # win some trick with a king: A_IND has none and leads every trick
    (Goal(exists=(C.KINGS,)), ATTACK, False),
    # the winning cards of 9 and 10 from two hands: all come from A_IND
    (Goal(split_tricks=(1 << 8) | (1 << 9)), ATTACK, False),
    # the defence cannot win a trick, nor capture anything
    (Goal(min_tricks=1), DEFENCE, False),
    (Goal(capture_any=1 << C.card_id("SK")), DEFENCE, False),
    # ... but the empty goal holds for anybody
    (Goal(), DEFENCE, True),
])
def test_goals_with_top_tarokks(goal, pair, expected):
    assert_goal(TOP, A_IND, goal, pair, expected)


# --------------------------------------------------------------------------------------
# Royal-like split: tricks 9 and 10 won with matadors from two different hands

SPLIT = "IV SK / SJ S10 / SN HJ / III HK"


@pytest.mark.parametrize("goal,expected", [
    # ♠K first: both defenders must follow in ♠, A_ELF (void in ♠) must trump with III and
    # wins trick 9; A_ELF leads ♥K, A_IND (void in ♥) must trump with IV and wins trick 10.
    # Two matadors, from two hands.
    (Goal(trick_req={9: C.MATADORS, 10: C.MATADORS}, split_tricks=0b11 << 8), True),
    # (IV first would draw III under it and leave ♠K for trick 10: not a matador.)
    # The same with both tricks required from one hand is impossible: the tricks can only
    # be won by III (A_ELF) and IV (A_IND).
    (Goal(trick_req={9: 1 << C.KANARI, 10: 1 << C.KANARI}), False),
    # A_IND winning trick 10 with IV: yes (the ♠K-first line).
    (Goal(trick_req={10: 1 << C.KANARI}), True),
    # A_IND winning trick 10 with ♠K: yes too (the IV-first line).
    (Goal(trick_req={10: 1 << C.card_id("SK")}), True),
    # ... but not trick 9 with ♠K: III must trump it.
    (Goal(trick_req={9: 1 << C.card_id("SK")}), False),
])
def test_royal_like_split(goal, expected):
    assert_goal(SPLIT, A_IND, goal, ATTACK, expected)


# --------------------------------------------------------------------------------------
# a higher card of the suit held by an opponent does not stop a smaller one (bounds)

HIGHER = "SN CK / SK S10 / HK HQ / SQ SJ"


@pytest.mark.parametrize("goal,expected", [
    # A_IND leads ♠N: D_ELF plays before A_ELF. With ♠10, A_ELF's ♠Q wins at once; with ♠K,
    # A_ELF keeps ♠Q under it (♠J), D_ELF must lead ♠10 next and ♠Q wins trick 10.
    # A solver bound once took D_ELF's ♠K (with nothing but spades) as blocking ♠Q.
    (Goal(exists=(1 << C.card_id("SQ"),)), True),
    # ... but not on a fixed trick: D_ELF chooses which of the two tricks ♠K takes.
    (Goal(trick_req={9: 1 << C.card_id("SQ")}), False),
    (Goal(trick_req={10: 1 << C.card_id("SQ")}), False),
])
def test_higher_card_of_an_opponent_playing_first(goal, expected):
    assert_goal(HIGHER, A_IND, goal, ATTACK, expected)


# D_IND is void in ♠ and keeps a tarokk: any ♠ trick before its tarokks are gone is trumped.
VOID = "SK SN CK / SQ HK HQ / I II III / S10 CQ CN"


@pytest.mark.parametrize("goal,expected", [
    # ♠K cannot win trick 8, 9 or 10: D_IND holds only tarokks and must trump every ♠ lead
    (Goal(trick_req={8: 1 << C.card_id("SK")}), False),
    (Goal(trick_req={10: 1 << C.card_id("SK")}), False),
    (Goal(exists=(C.SUIT_CARDS,)), False),
    # nor can the attack take all three: D_IND trumps the first ♠ or ♣ trick
    (Goal(min_tricks=3), False),
])
def test_void_hand_with_tarokks_blocks_suit_tricks(goal, expected):
    assert_goal(VOID, A_IND, goal, ATTACK, expected)


# --------------------------------------------------------------------------------------
# a full deal, beyond the reference's reach: A_IND holds the ten highest tarokks


FULL = ("XXII XXI XX XIX XVIII XVII XVI XV XIV XIII / X IX VIII VII VI V IV III II I"
        " / XII XI SK SQ SN SJ S10 CK CQ CN / CJ C10 HK HQ HN HJ DK DQ DN DJ")


@pytest.mark.parametrize("goal,expected", [
    (Goal(min_tricks=10), True),
    # every trick is won with a tarokk, so runs of any length up to 10 (run lengths above
    # 7 need more than 3 bits of progress)
    (Goal(run_mask=C.TAROKKS, run_len=8), True),
    (Goal(run_mask=C.TAROKKS, run_len=9), True),
    (Goal(run_mask=C.TAROKKS, run_len=10), True),
    # Scala-like fixed cards on 3..7: A_IND picks the order
    (Goal(min_tricks=10, trick_req={3: 1 << C.XVIII, 4: 1 << C.XIX, 5: 1 << C.XX,
                                    6: 1 << C.XXI, 7: 1 << C.SKIZ}), True),
    # Pagátfogás: D_ELF must follow with tarokks until he is out: I falls to A_IND
    (Goal(capture=1 << C.PAGAT), True),
    # a trick won with a suit card: never (A_IND leads a tarokk every time)
    (Goal(exists=(C.SUIT_CARDS,)), False),
])
def test_full_deal_top_tarokks(goal, expected):
    hands = hands_of(FULL)
    assert search.max_tricks(hands, A_IND, 1, TAROKK_PLAY, pair=ATTACK) == 10
    assert search.solve_goal(hands, A_IND, 1, goal, pair=ATTACK) is expected


def test_goal_with_too_many_card_classes_is_refused():
    """The table key holds 6 bits per card for 40 cards: a goal telling more than 16 classes
    apart is refused with a clear error instead of corrupting the key."""
    # ten trick requirements over overlapping card sets give every card its own signature
    reqs = {t: sum(1 << c for c in range(40) if c >> (t % 6) & 1) for t in range(1, 11)}
    goal = Goal(trick_req=reqs)
    assert goal.card_classes(40).max() + 1 > 16
    hands = (0x8860288920, 0x5310805401, 0x2485032084, 0xa54025a)   # a valid full deal
    with pytest.raises(ValueError, match="classes of cards"):
        search.solve_goal(hands, 0, 1, goal)
