"""The stopped-suit bound of "win some trick with a card of E" (Amazon: a small suit card):
an opponent who holds, above the pair's E cards of a suit, as many cards of it as each hand
of the pair holds keeps them all out of the tricks they could win
(``bounds._stopped_suits``). Hand-built endings with known answers, then random
endings against the reference search."""

from __future__ import annotations

import random

import numpy as np

from reference import ref_goal
from royal_sim import tarokk as search
from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.engine.goal import Goal
from royal_sim.engine.kernel.bounds import _stopped_suits
from royal_sim.model import cards as C

SEED = 0x5709
MANILLE = C.BLACK & (C.KNIGHTS | C.JACKS)      # a black N or J: fewer than the suit's others
SPADILLE = C.RED & (C.QUEENS | C.KNIGHTS | C.JACKS)


def _hand(names: str) -> int:
    return C.mask_of(C.card_id(x) for x in names.split())


def _stopped(hands, pair: int, ex: int):
    hands = np.array(hands, dtype=np.uint64)
    pairmask = np.array([int(p) == pair for p in R.pair_of], dtype=np.bool_)
    p_hands = np.uint64(0)
    unplayed = np.uint64(0)
    for s in range(4):
        unplayed |= hands[s]
        if pairmask[s]:
            p_hands |= hands[s]
    return _stopped_suits(hands, pairmask, np.uint64(ex), p_hands, unplayed, R.suit_masks,
                          R.trump)


def _both(hands, ex: int, leader: int = 0):
    """(bound says stopped, kernel's verdict, reference's verdict) for the attack."""
    goal = Goal(exists=(ex,))
    first = 11 - C.popcount(hands[0])
    return (bool(_stopped(hands, 0, ex)[0]),
            search.solve_goal(hands, leader, first, goal, pair=0, play_rules=R),
            ref_goal(hands, leader, first, goal, 0, R))


def test_an_opponent_above_and_as_long_stops_the_suit():
    """A_IND's ♥N and A_ELF's ♥J against D_ELF's ♥K ♥Q: whoever leads hearts, D_ELF has a
    higher heart for the trick (and A_IND's ♠Q and A_ELF's ♠10 meet D_IND's ♠K alike)."""
    hands = (_hand("HN SQ I"), _hand("HK HQ II"), _hand("SK III V"), _hand("HJ S10 IV"))
    assert _both(hands, C.KIS_SZINES) == (True, False, False)
    stopped, rel = _stopped(hands, 0, C.KIS_SZINES)
    # the ranks used: each suit from the pair's lowest card of E up (which hands hold
    # E cards sets the lengths to meet)
    assert int(rel) == _hand("HK HQ HN HJ SK SQ S10")


def test_the_stopper_needs_as_many_cards_above_as_the_pairs_hands_hold():
    """D_ELF's ♥K over A_IND's lone ♥N stops hearts, his ♥J below it notwithstanding: the
    first heart trick takes A_IND's ♥N and D_ELF plays the king on it. A_IND with two
    hearts against D_ELF's one above: A_IND's first heart draws the king, the second
    wins."""
    lone = (_hand("HN SK DK"), _hand("HK HJ DQ"), _hand("S10 SJ DN"), _hand("SN DJ SQ"))
    ex = _hand("HN")
    assert _both(lone, ex) == (True, False, False)
    longer = (_hand("HN HJ SK"), _hand("HK S10 SJ"), _hand("SQ SN DJ"),
              _hand("DK DQ DN"))
    assert _both(longer, ex) == (False, True, True)


def test_the_lengths_to_meet_are_those_of_the_hands_holding_e():
    """A_ELF's ♠J ♠10 (not in E) do not count: only A_IND's lone ♠N can win, and D_ELF's
    ♠K takes the first spade trick, where A_IND must play it."""
    hands = (_hand("SN DK DQ"), _hand("SK HK HQ"), _hand("SQ HN HJ"), _hand("SJ S10 DN"))
    assert _both(hands, _hand("SN")) == (True, False, False)


def test_one_opponent_stops_one_suit_only():
    """D_ELF holds the top spade and the top heart over A_IND's ♠Q and ♥N: he cannot
    keep both for the last trick, so no cut (D_IND holds neither suit)."""
    hands = (_hand("SQ HN I"), _hand("SK HK II"), _hand("III IV V"), _hand("VI VII VIII"))
    assert not _stopped(hands, 0, C.KIS_SZINES)[0]
    assert _stopped(hands, 0, _hand("SQ"))[0]      # one suit alone: stopped


def test_a_tarokk_of_e_in_the_pairs_hands_turns_it_off():
    hands = (_hand("HN I II"), _hand("HK HQ III"), _hand("IV V VI"), _hand("VII VIII IX"))
    assert _stopped(hands, 0, _hand("HN"))[0]
    assert not _stopped(hands, 0, _hand("HN I"))[0]


def _suit_ending(rng, k: int):
    """Four hands of ``k`` cards from two or three suits and a few tarokks, so that suit
    lengths and the order of play vary and stoppers are common."""
    suits = rng.sample((C.PIKKS, C.TREFFS, C.KORS, C.KAROS), rng.choice((2, 2, 3)))
    pool = [c for m in suits for c in C.iter_bits(m)]
    pool += rng.sample(list(C.iter_bits(C.TAROKKS)), max(0, 4 * k - len(pool)) +
                       rng.randint(0, 3))
    cards = rng.sample(pool, 4 * k)
    return tuple(C.mask_of(cards[i * k:(i + 1) * k]) for i in range(4))


def test_small_card_tricks_match_reference():
    """Random 3- to 5-card endings, "win a trick with a small suit card" (Amazon, Manille,
    Spadille) or with one suit's cards, for either pair and any leader: kernel against reference, and the
    bound, where it says stopped, never on a goal the reference finds makeable."""
    rng = random.Random(SEED)
    bad, made, fired = [], 0, 0
    n = 0
    for k, count in ((3, 2000), (4, 600), (5, 60)):
        for _ in range(count):
            hands = _suit_ending(rng, k)
            leader, pair = rng.randrange(4), rng.randrange(2)
            ex = rng.choice((C.KIS_SZINES, C.KIS_SZINES, C.SUIT_CARDS, MANILLE, SPADILLE,
                             rng.choice((C.PIKKS, C.TREFFS, C.KORS, C.KAROS)) & C.KIS_SZINES))
            goal = Goal(exists=(ex,))
            want = ref_goal(hands, leader, 11 - k, goal, pair, R)
            got = search.solve_goal(hands, leader, 11 - k, goal, pair=pair, play_rules=R)
            stopped = bool(_stopped(hands, pair, ex)[0])
            n += 1
            made += want
            fired += stopped
            if got != want or (stopped and want):
                bad.append(f"{[C.cards_of(h) for h in hands]} leader {leader} pair {pair} "
                           f"ex {ex:#x}: reference {want}, kernel {got}, stopped {stopped}")
    assert not bad, f"{len(bad)} of {n} disagree, e.g.\n" + "\n".join(bad[:5])
    assert 0.15 < made / n < 0.85, made / n
    assert fired > n // 20, fired          # the bound is exercised
