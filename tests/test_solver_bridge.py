"""The kernel plays contract bridge through ``bridge_play_rules`` and agrees with DDS (endplay).

Random bridge positions at a trick boundary: 13 cards dealt to each seat, then every hand cut
down at random to the same k cards. DDS gives the most tricks the side to lead can take; the
kernel must find the same for that side and the rest for the other side. The reference search
(``tests/reference.py``) is checked against DDS too on tiny positions, so the reference's
reading of the rules is itself tested by an independent program.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

dds = pytest.importorskip("endplay.dds")
endplay_types = pytest.importorskip("endplay.types")

from reference import ref_max_tricks  # noqa: E402
from royal_sim import tarokk as search  # noqa: E402
from royal_sim.engine.kernel import later_tricks as later  # noqa: E402
from royal_sim.engine.kernel import quick_tricks as quick  # noqa: E402
from royal_sim.engine.play_rules import (BRIDGE_RANKS, BRIDGE_SUITS, bridge_card,  # noqa: E402
                                    bridge_play_rules)

SEED = 0xB41D6E
N_TRUMP_POSITIONS = 320          # a trump suit
N_NOTRUMP_POSITIONS = 40
# cards per hand: mostly 6–8, fewer 9–10 (the kernel's bridge search grows ~10x per card)
HAND_SIZES = (6,) * 10 + (7,) * 10 + (8,) * 8 + (9,) * 3 + (10,) * 1
RULES = {t: bridge_play_rules(t) for t in (0, 1, 2, 3, None)}   # built once: the kernel keeps a
                                                          # solver (and its table) per PlayRules


def random_bridge_position(rng, k: int) -> tuple[int, int, int, int]:
    """Four k-card hands (bit masks, card id = suit*13 + rank) cut from a random deal."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        keep = rng.sample(cards[13 * seat:13 * seat + 13], k)
        hands.append(sum(1 << c for c in keep))
    return tuple(hands)


def pbn(hands, leader: int) -> str:
    """PBN deal string starting with the leader's hand (endplay's ``first`` is set apart)."""
    parts = []
    for seat in range(4):
        h = hands[seat]
        suits = []
        for s in range(4):
            ranks = [BRIDGE_RANKS[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1]
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def dds_max_tricks(hands, leader: int, trump: int | None) -> int:
    """Most tricks the side of ``leader`` (seat 0..3 = N, E, S, W) takes, by DDS."""
    T = endplay_types
    deal = T.Deal(pbn(hands, leader), first=T.Player(leader),
                  trump=T.Denom.nt if trump is None else T.Denom(trump))
    return max(tricks for _, tricks in dds.solve_board(deal))


def describe(hands, leader, trump) -> str:
    names = " / ".join(
        " ".join(BRIDGE_SUITS[c // 13] + BRIDGE_RANKS[c % 13] for c in range(52) if h >> c & 1)
        for h in hands)
    strain = "-" if trump is None else BRIDGE_SUITS[trump]
    return f"{names}  leader={'NESW'[leader]} trump={strain}"


def _cases(seed: int, n: int, trumps) -> list:
    rng = random.Random(seed)
    return [(random_bridge_position(rng, rng.choice(HAND_SIZES)), rng.randrange(4),
             rng.choice(trumps)) for _ in range(n)]


@pytest.mark.parametrize("trumps,n", [((0, 1, 2, 3), N_TRUMP_POSITIONS),
                                      ((None,), N_NOTRUMP_POSITIONS)], ids=["trump", "notrump"])
def test_max_tricks_matches_dds(trumps, n):
    bad = []
    for hands, leader, trump in _cases(SEED + len(trumps), n, trumps):
        k = bin(hands[0]).count("1")
        want = dds_max_tricks(hands, leader, trump)
        side = leader % 2
        rules = RULES[trump]
        got = search.max_tricks(hands, leader, 14 - k, rules, pair=side)
        got_other = search.max_tricks(hands, leader, 14 - k, rules, pair=1 - side)
        if (got, got_other) != (want, k - want):
            bad.append(f"{describe(hands, leader, trump)}: DDS {want} for the leader's side; "
                       f"kernel {got} (other side {got_other})")
    assert not bad, f"{len(bad)} of {n} disagree with DDS, e.g.\n" + "\n".join(bad[:5])


def test_reference_matches_dds_on_tiny_positions():
    """The reference's rules (follow suit, trumps, no duty to ruff) are bridge's rules."""
    rng = random.Random(SEED + 7)
    for _ in range(150):
        k = rng.randint(1, 3)
        hands = random_bridge_position(rng, k)
        leader = rng.randrange(4)
        trump = rng.choice((0, 1, 2, 3, None))
        want = dds_max_tricks(hands, leader, trump)
        assert ref_max_tricks(hands, leader, 14 - k, RULES[trump], pair=leader % 2) == want, \
            describe(hands, leader, trump)


def _hand(*cards: tuple[int, int]) -> int:
    return sum(1 << bridge_card(s, r) for s, r in cards)


def test_quick_tricks_through_the_partner():
    """North (leader) has only small spades; South holds the ace-king-queen of spades. North
    leads a small spade to South's ace (both defenders follow), and South cashes the king and
    queen: 3 quick tricks for North-South, though North alone has none. With East void in
    spades and holding a trump, the crossing does not count (East may ruff the ace)."""
    rules = bridge_play_rules(3)                          # clubs trumps (suit 3 in SHDC order)
    north = _hand((0, 0), (0, 1), (0, 2))            # S 2 3 4
    south = _hand((0, 12), (0, 11), (0, 10))         # S A K Q
    east = _hand((0, 3), (0, 4), (0, 5))             # S 5 6 7
    west = _hand((0, 6), (0, 7), (0, 8))             # S 8 9 10
    hands = np.array([north, east, south, west], dtype=np.uint64)
    own, _ = quick._quick_tricks(hands, 0, rules.pair_of, rules.suit_masks, rules.trump)
    both, cards = quick._pair_quick_tricks(hands, 0, rules.pair_of, rules.suit_masks,
                                            rules.trump)
    assert (own, both) == (0, 3)
    assert cards == south                             # the cards behind the bound
    assert list(hands) == [north, east, south, west]  # restored
    assert search.max_tricks(hands, 0, 11, rules, pair=0) == 3
    east_ruffs = np.array([north, _hand((1, 3), (1, 4), (3, 0)), south, west],   # H 5 6, C 2
                          dtype=np.uint64)
    both, _ = quick._pair_quick_tricks(east_ruffs, 0, rules.pair_of, rules.suit_masks,
                                        rules.trump)
    assert both == 0


def test_ranks_no_other_hand_could_beat_are_not_behind_the_bound():
    """A bound depends on a card's rank only where another hand could beat it (DDS's winning
    ranks): North's hearts, which no other hand holds or can ruff, count as quick tricks
    on their length alone; its spade ace above everyone's spades is behind the count. The
    top trump run of a pair whose opponents hold no trump counts on lengths alone."""
    rules = bridge_play_rules(3)                          # clubs trumps
    east = _hand((0, 3), (2, 4), (2, 5))             # S 5, D 6 7
    west = _hand((0, 6), (2, 7), (2, 8))             # S 8, D 9 10
    north = _hand((1, 0), (1, 1), (0, 12))           # H 2 3, S A
    south = _hand((0, 0), (2, 12), (2, 1))           # S 2, D A 3
    hands = np.array([north, east, south, west], dtype=np.uint64)
    tricks, cards = quick._quick_tricks(hands, 0, rules.pair_of, rules.suit_masks,
                                        rules.trump)
    assert (tricks, cards) == (3, _hand((0, 12)))    # S A, H 2, H 3: the ace's rank only
    assert search.max_tricks(hands, 0, 11, rules, pair=0) == 3
    north = _hand((3, 0), (1, 0), (1, 1))            # C 2, H 2 3
    south = _hand((3, 12), (2, 12), (2, 1))          # C A, D A 3
    hands = np.array([north, east, south, west], dtype=np.uint64)
    out = np.uint64(north | east | south | west)
    sure, holder, run = quick._sure_tricks(hands, rules.pair_of, out, rules.suit_masks[3],
                                           np.int64(bridge_card(3, 12)), True)
    assert (sure, holder, run) == (1, 2, 0)          # two trumps in two hands: at least one trick


def test_a_lower_trump_keeps_two_top_trumps_of_two_hands_apart():
    """North holds the ace of trumps and the deuce, South the king, East the three: led
    trumps, North plays the deuce under South's king, so the ace and king win two tricks
    (DDS's later tricks). Without the deuce, or with the pair's play restricted, one."""
    rules = bridge_play_rules(3)                          # clubs trumps
    north = _hand((3, 12), (3, 0), (1, 5))           # C A 2, H 7
    east = _hand((3, 1), (1, 6), (1, 7))             # C 3, H 8 9
    south = _hand((3, 11), (2, 2), (2, 3))           # C K, D 4 5
    west = _hand((1, 8), (1, 9), (2, 10))            # H 10 J, D Q
    hands = np.array([north, east, south, west], dtype=np.uint64)
    out = np.uint64(north | east | south | west)
    top = np.int64(bridge_card(3, 12))
    run = _hand((3, 12), (3, 11))
    assert quick._sure_tricks(hands, rules.pair_of, out, rules.suit_masks[3], top,
                              True) == (2, 0, run)
    assert quick._sure_tricks(hands, rules.pair_of, out, rules.suit_masks[3], top,
                              False)[0] == 1
    assert search.max_tricks(hands, 1, 11, rules, pair=0) >= 2    # East leads its trump
    hands[0] = _hand((3, 12), (1, 4), (1, 5))        # C A, H 6 7: no lower trump
    assert quick._sure_tricks(hands, rules.pair_of, np.uint64(int(out) & ~(1 << bridge_card(
        3, 0)) | 1 << bridge_card(1, 4)), rules.suit_masks[3], top, True)[0] == 1


def test_a_second_trump_behind_the_top_one_wins_a_trick():
    """North leads holding the ace of trumps; East, right after North, holds the king and
    the deuce: East plays the king whenever North did not play the ace before him, else
    the deuce, so East-West win a trick (DDS's later tricks). With the ace and queen in
    South, after East, North-South win every trick."""
    rules = bridge_play_rules(3)                          # clubs trumps
    east = _hand((3, 11), (3, 0), (1, 0))            # C K 2, H 2
    west = _hand((2, 0), (2, 1), (2, 2))             # D 2 3 4
    north = _hand((3, 12), (0, 12), (0, 11))         # C A, S A K
    south = _hand((0, 0), (1, 1), (1, 2))            # S 2, H 3 4
    hands = np.array([north, east, south, west], dtype=np.uint64)
    out = np.uint64(north | east | south | west)
    seat, cards = later._later_trick(hands, rules.pair_of, out, rules.suit_masks[3], 0,
                                     rules.suit_masks, rules.must_trump, 3)
    assert (seat, cards) == (1, _hand((3, 12), (3, 11)))
    assert search.max_tricks(hands, 0, 11, rules, pair=0) == dds_max_tricks(hands, 0, 3) == 2
    north = _hand((0, 12), (0, 11), (0, 10))         # S A K Q
    south = _hand((3, 12), (3, 10), (1, 1))          # C A Q, H 3
    hands = np.array([north, east, south, west], dtype=np.uint64)
    out = np.uint64(north | east | south | west)
    assert later._later_trick(hands, rules.pair_of, out, rules.suit_masks[3], 0,
                              rules.suit_masks, rules.must_trump, 3)[0] == -1
    assert search.max_tricks(hands, 0, 11, rules, pair=0) == dds_max_tricks(hands, 0, 3) == 3


def test_the_side_to_play_surely_wins_the_trick():
    """North leads a spade; East, void in spades, holds a trump: East-West win the trick, on
    suit lengths alone. When South (after East) is void too with a higher trump, they do
    not; when South's trump is lower, they do, and the rank of East's trump is behind it."""
    rules = bridge_play_rules(3)                          # clubs trumps
    north = _hand((0, 2), (0, 3))                    # S 4 5
    east = _hand((3, 5), (1, 0))                     # C 7, H 2
    south = _hand((0, 4), (1, 1))                    # S 6, H 3
    west = _hand((0, 5), (1, 2))                     # S 7, H 4
    tc = np.zeros((14, 4), dtype=np.int64)
    tc[0, 0] = bridge_card(0, 1)                     # S 3 led
    hands = np.array([north, east, south, west], dtype=np.uint64)
    args = (rules.suit_of, rules.suit_masks, rules.trump)
    assert quick._trick_goes_to(hands, rules.pair_of, 0, 1, tc, 0, *args) == (1, 0)
    hands[2] = _hand((3, 9), (1, 1))                 # S 6 -> C J: South overruffs
    assert quick._trick_goes_to(hands, rules.pair_of, 0, 1, tc, 0, *args)[0] == -1
    hands[2] = _hand((3, 1), (1, 1))                 # C 3: lower than East's C 7
    assert quick._trick_goes_to(hands, rules.pair_of, 0, 1, tc, 0, *args) == (
        1, 1 << bridge_card(3, 5))
