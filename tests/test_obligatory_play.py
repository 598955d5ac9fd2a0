"""Gerots obligatory play (rájátszás): announced cards held back and lead obligations,
checked against the pure-Python reference and on a hand-built ending."""

import json
import random

import numpy as np
from click.testing import CliRunner

from royal_sim.model import cards as C
from royal_sim import slems as S
from royal_sim.cli import main
from royal_sim.model.deal import Pair
from royal_sim.engine.goal import Goal
from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.solver import Solver

from reference import play_random_tricks, random_tarokk_deal, ref_goal

# Uhu with the pagát (I wins trick 9), 2-card ending, A_IND on lead holding I and SJ, no
# other tarokk out. Laza: A_IND leads I, which wins. Gerots: at a matador's target trick
# the leader must lead a suit card (or a lower tarokk; there is none) when holding one, so
# A_IND must lead SJ, D_ELF wins it with SQ and Uhu fails.
ENDING = "I SJ / SQ HK / SK HQ / S10 DJ"


def test_lead_obligation_decides_uhu_in_an_ending():
    out = {}
    for rules in ("laza", "gerots"):
        r = CliRunner().invoke(main, ["solve", ENDING, "--rules", rules, "--json"])
        assert r.exit_code == 0, r.output
        out[rules] = json.loads(r.stdout)["slems"]["attack"]
    assert out["laza"]["uhu:I"] is True
    assert out["gerots"]["uhu:I"] is False


def test_gerots_leads_table():
    sk = C.parse_card("SK")
    assert S.gerots_leads("ultimo", sk) == {10: C.PIKKS}
    lower = C.SUIT_CARDS | C.mask_of(range(C.KAKADU))  # suit cards, II and I
    assert S.gerots_leads("sarkany", C.KAKADU) == {8: lower}
    assert S.gerots_leads("mariage", C.KOR) == {}
    assert set(S.gerots_leads("scala")) == {3, 4, 5, 6, 7}


def _random_restricted_goal(rng, hands, pair, first):
    seats = Pair(pair).seats
    mine = hands[seats[0]] | hands[seats[1]]
    tricks = list(range(first, 11))
    t = rng.choice(tricks)
    card = rng.choice(C.cards_of(mine))
    goal = Goal(trick_req={t: 1 << card},
                lead_req={rng.choice(tricks): rng.choice([C.SUIT_CARDS, C.TAROKKS, C.PIKKS,
                                                          C.SUIT_CARDS | 0b111])})
    hold = np.zeros(C.N_CARDS, dtype=np.int8)
    hold[card] = t
    # a second held card that the goal does not name (the table must not merge it away)
    other = rng.choice(C.cards_of(mine))
    if other != card:
        hold[other] = rng.choice(tricks)
    return goal, hold


def test_restrictions_agree_with_reference():
    rng = random.Random(20261130)
    solver = Solver(TAROKK_PLAY)
    checked = 0
    for _ in range(250):
        deal = random_tarokk_deal(rng)
        k = rng.choice([2, 3, 3, 4])
        hands, leader, _ = play_random_tricks(rng, deal, 0, 10 - k, TAROKK_PLAY)
        first = 11 - k
        pair = rng.randrange(2)
        goal, hold = _random_restricted_goal(rng, hands, pair, first)
        want = ref_goal(hands, leader, first, goal, pair, TAROKK_PLAY, hold=hold)
        got = solver.solve_goal(hands, leader, first, goal, pair, hold=hold)
        assert got == want, (hands, leader, first, goal, pair)
        checked += 1
    assert checked == 250


def test_held_cards_are_no_quick_tricks():
    """A_ELF leads trick 8 holding XVIII XVI (the top tarokks) and DK. Free to play, it
    draws D_ELF's two tarokks and cashes DK: all three tricks. With XVIII and XVI held back
    until trick 10, it must lead DK, D_ELF ruffs, and the pair cannot take all three (the
    quick-trick bound once counted the held tarokks as cashable)."""
    hands = [C.mask_of(C.parse_cards(h)) for h in
             ("DQ DN DJ", "XV XIV CK", "SJ CN HN", "XVIII XVI DK")]
    hold = np.zeros(C.N_CARDS, dtype=np.int8)
    hold[[C.card_id("XVIII"), C.card_id("XVI")]] = 10
    goal = Goal(min_tricks=3)
    solver = Solver(TAROKK_PLAY)
    assert solver.solve_goal(hands, 3, 8, goal, int(Pair.ATTACK))
    assert not solver.solve_goal(hands, 3, 8, goal, int(Pair.ATTACK), hold=hold)
    assert not ref_goal(hands, 3, 8, goal, int(Pair.ATTACK), TAROKK_PLAY, hold=hold)


def test_trick_counts_under_random_holds_agree_with_reference():
    rng = random.Random(11)
    solver = Solver(TAROKK_PLAY)
    for _ in range(60):
        deal = random_tarokk_deal(rng)
        k = rng.choice([3, 4])
        hands, leader, _ = play_random_tricks(rng, deal, 0, 10 - k, TAROKK_PLAY)
        first = 11 - k
        pair = rng.randrange(2)
        mine = [c for s in range(4) if TAROKK_PLAY.pair_of[s] == pair
                for c in C.iter_bits(hands[s])]
        hold = np.zeros(C.N_CARDS, dtype=np.int8)
        for c in rng.sample(mine, min(len(mine), rng.randint(1, 3))):
            hold[c] = rng.randint(first + 1, 10)
        for need in range(1, k + 1):
            goal = Goal(min_tricks=need)
            want = ref_goal(hands, leader, first, goal, pair, TAROKK_PLAY, hold=hold)
            got = solver.solve_goal(hands, leader, first, goal, pair, hold=hold)
            assert got == want, (hands, leader, first, need, pair, hold.tolist())


def test_kotott_card_is_held_back_under_gerots():
    # Pikoló (tricks 1-3, trick 3 with XVIII): under Gerots the pair may not play XVIII
    # before trick 3 (a kötött card is announced too, seed 000 "Rájátszás"); under laza it
    # may. The same for an announced magasító (Ultimó with I: not before trick 10).
    from royal_sim.analysis.plan import _holds_row
    mine = C.mask_of(range(C.N_TAROKKS))
    assert _holds_row(S.get_slem("pikolo"), None, "gerots", mine)[C.XVIII] == 3
    assert _holds_row(S.get_slem("pikolo"), None, "laza", mine)[C.XVIII] == 0
    assert _holds_row(S.get_slem("ultimo"), C.PAGAT, "gerots", mine)[C.PAGAT] == 10
