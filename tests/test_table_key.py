"""The transposition key (``engine/kernel/table.py``): the PEXT/PDEP version of ``_rel_key``
writes the same key as the card-by-card one, on tarokk and bridge positions with 1 to 16
goal classes, cards already played and named cards; the layout checks refuse class counts
the key cannot hold; the tables refuse sizes a bucket does not fit."""

import numpy as np
import pytest
from numba import njit

from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.jit.bits import FAST_PEXT
from royal_sim.engine.kernel.table import (KEY_WORDS, MAX_CBITS, _class_planes, _rel_key,
                                           _rel_key_loop, _rel_key_pext)
from royal_sim.engine.play_rules import bridge_play_rules
from royal_sim.engine.solver import Solver, Tables, check_key_fits


@njit
def _keys(pext, hands, unplayed, suit_masks, card_class, cbits, leader, prog, named):
    """Keys of every position (row of ``hands``/``unplayed``), by one of the two versions."""
    out = np.zeros((hands.shape[0], KEY_WORDS), dtype=np.uint64)
    planes = np.zeros(2 + MAX_CBITS, dtype=np.uint64)
    _class_planes(planes, card_class, cbits)
    for i in range(hands.shape[0]):
        if pext:
            _rel_key_pext(out[i], hands[i], unplayed[i], suit_masks, card_class, planes, cbits,
                          leader[i], prog[i], named[i])
        else:
            _rel_key_loop(out[i], hands[i], unplayed[i], suit_masks, card_class, planes, cbits,
                          leader[i], prog[i], named[i])
    return out


def _positions(rules, n, rng):
    """``n`` random trick-start positions: equal hands of 1..n_cards/4 cards, the rest
    played; a random leader, goal progress and set of named cards."""
    hands = np.zeros((n, 4), dtype=np.uint64)
    for i in range(n):
        perm = rng.permutation(rules.n_cards)
        k = int(rng.integers(1, rules.n_cards // 4 + 1))
        for s in range(4):
            for c in perm[s * k:(s + 1) * k]:
                hands[i, s] |= np.uint64(1) << np.uint64(c)
    unplayed = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    named = np.array([int(rng.integers(0, 1 << 20)) << int(rng.integers(0, 20))
                      for _ in range(n)], dtype=np.uint64)
    return (hands, unplayed, rng.integers(0, 4, n).astype(np.int64),
            rng.integers(0, 8, n).astype(np.int64), named)


@pytest.mark.skipif(not FAST_PEXT, reason="this CPU has no fast PEXT: the key is built card "
                    "by card (_rel_key_loop) and the PEXT version cannot run")
@pytest.mark.parametrize("rules,n_classes", [(TAROKK_PLAY, 1), (TAROKK_PLAY, 2),
                                             (TAROKK_PLAY, 3), (TAROKK_PLAY, 5),
                                             (TAROKK_PLAY, 16), (bridge_play_rules(0), 1),
                                             (bridge_play_rules(None), 3), (bridge_play_rules(2), 4)])
def test_pext_key_is_the_card_by_card_key(rules, n_classes):
    rng = np.random.default_rng(n_classes)
    card_class = rng.integers(0, n_classes, rules.n_cards).astype(np.int16)
    cbits = (n_classes - 1).bit_length()
    check_key_fits(rules.n_cards, len(rules.suit_masks), card_class)
    pos = _positions(rules, 400, rng)
    a = _keys(True, *pos[:2], rules.suit_masks, card_class, cbits, *pos[2:])
    b = _keys(False, *pos[:2], rules.suit_masks, card_class, cbits, *pos[2:])
    assert (a == b).all()
    assert (a[:, 0] != 0).any() and (a[:, 4] != 0).all()     # a key was written


def test_rel_key_is_one_of_the_two():
    assert _rel_key is (_rel_key_pext if FAST_PEXT else _rel_key_loop)


def test_key_refuses_more_class_bits_than_it_holds():
    # 32 cards: 32 x (2 + 5) bits fit the 4 words, but a card holds at most MAX_CBITS
    with pytest.raises(ValueError):
        check_key_fits(32, 4, np.array([0, 2 ** (MAX_CBITS + 1) - 1], dtype=np.int16))
    with pytest.raises(ValueError):
        check_key_fits(TAROKK_PLAY.n_cards, 5, np.arange(17, dtype=np.int16))
    check_key_fits(TAROKK_PLAY.n_cards, 5, np.arange(16, dtype=np.int16))


@pytest.mark.parametrize("tt_bits", [-1, 0, 5, 27, 2.5, "18", True, None])
def test_tables_refuse_sizes_a_bucket_does_not_fit(tt_bits):
    # below 2**6 entries a 64-slot bucket would run past the table's end
    with pytest.raises(ValueError, match="tt_bits must be an integer from 6 to 26"):
        Tables(1, tt_bits)


@pytest.mark.parametrize("rows", [0, -1, 1.5])
def test_tables_refuse_no_rows(rows):
    with pytest.raises(ValueError, match="rows must be a positive integer"):
        Tables(rows, 10)


def test_smallest_table_gives_the_same_answers():
    # the smallest table (one bucket) replaces entries all the time: values stay exact
    small, big = Solver(TAROKK_PLAY, tt_bits=6), Solver(TAROKK_PLAY)
    hands = (0x8860288920, 0x5310805401, 0x2485032084, 0xa54025a)
    for leader in range(4):
        assert small.max_tricks(hands, leader, 1) == big.max_tricks(hands, leader, 1)
    assert small.nodes > big.nodes
