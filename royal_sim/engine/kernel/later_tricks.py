"""A trick the other side surely wins, from a trick start (after DDS ``LaterTricks.cpp``): the
bounds that matter when a side needs every trick still to play.

- Trumps, the side on lead holding the top trump: the other side wins a trick when it holds
  the second one in a hand with another trump, sitting right after the top trump's holder
  (until the other side wins a trick, the top trump's holder plays before that hand in
  every trick, and it plays the second trump whenever the top one did not fall before it
  in the trick, else a lower one); or, under rules with no must-trump (bridge), the second and third trumps, the
  second in a hand with another trump.
- No trumps left in any hand: the side on lead wins every trick only in suits whose top card
  it holds, at most the longer of its two hands in each of them; when those add up to fewer
  tricks than are left, the other side wins one.

Each returns the cards its answer used (the top cards of the suit whose holders it read).
"""

from __future__ import annotations

import numpy as np

from ...jit.bits import _bit, _highbit_index, popcount
from .tricks import _holder
from ...jit import kernel_no_refcount


@kernel_no_refcount
def _later_trick(hands, pair_of, unplayed, trump_mask, leader, suit_masks, must_trump,
                 n_left):
    """A seat whose side surely wins one of the ``n_left`` tricks left, or -1; and the cards
    whose ranks (holders) the answer used (``later_tricks.py``)."""
    zero = np.uint64(0)
    held = hands[0] | hands[1] | hands[2] | hands[3]
    tr = unplayed & trump_mask & held
    if tr != 0:
        if popcount(tr) < 2:
            return -1, zero
        t1 = _highbit_index(tr)
        h1 = _holder(hands, _bit(t1))
        rest = tr & ~_bit(t1)
        t2 = _highbit_index(rest)
        h2 = _holder(hands, _bit(t2))
        if (pair_of[h1] != pair_of[leader] or pair_of[h2] == pair_of[h1]
                or popcount(hands[h2] & trump_mask) < 2):
            return -1, zero
        if h1 == ((h2 + 3) & 3):
            return h2, _bit(t1) | _bit(t2)
        if must_trump:
            return -1, zero
        rest &= ~_bit(t2)
        if rest == 0:
            return -1, zero
        t3 = _highbit_index(rest)
        h3 = _holder(hands, _bit(t3))
        if pair_of[h3] == pair_of[h2]:
            return h2, _bit(t1) | _bit(t2) | _bit(t3)
        return -1, zero
    # no trump in any hand: the leader's side wins tricks only in suits it tops
    total = 0
    rel = zero
    other = -1
    for su in range(suit_masks.shape[0]):
        m = held & suit_masks[su]
        if m == 0:
            continue
        top = _highbit_index(m)
        h = _holder(hands, _bit(top))
        if pair_of[h] == pair_of[leader]:
            k = 0
            for s in range(4):
                if pair_of[s] == pair_of[leader]:
                    k = max(k, popcount(hands[s] & suit_masks[su]))
            total += k
        else:
            other = h
            if m != hands[h] & suit_masks[su]:      # (no one else holds it: lengths tell)
                rel |= _bit(top)
    if other >= 0 and total < n_left:
        return other, rel
    return -1, zero
