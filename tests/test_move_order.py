"""Move ordering on lead (``engine.kernel.moves._moves``): the order changes only how many
nodes a search visits, never its answer (the reference and DDS tests check the answers);
these check the order itself on hand-built positions."""

from __future__ import annotations

import numpy as np
import pytest

from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.engine.goal import Goal
from royal_sim.engine.kernel.moves import _draws_trumps, _moves
from royal_sim.engine.kernel.workspace import MAX_DEPTH, MAX_MOVES
from royal_sim.model import cards as C

A_IND, D_ELF, D_IND, A_ELF = range(4)


def _mask(text: str) -> int:
    return C.mask_of(C.card_id(t) for t in text.split())


def lead_order(hands: list[str], seat: int, is_p: bool, draw: bool = False) -> list[str]:
    """The cards ``seat`` would lead, in the order tried, at the start of trick 8."""
    h = np.array([_mask(x) for x in hands], dtype=np.uint64)
    unplayed = np.uint64(int(h[0] | h[1] | h[2] | h[3]))
    moves = np.zeros((MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    n = _moves(moves, 0, h, seat, seat, R.record(), h[seat], unplayed,
               np.zeros(R.n_cards, dtype=np.int16), np.zeros((16, 4), dtype=np.int64), 7, 0, -1,
               np.zeros(MAX_DEPTH, dtype=np.uint64), 8, is_p, np.uint64(0), np.uint64(0),
               draw)
    return [C.CARD_NAMES[c] for c in moves[0, :n]]


# A_IND leads; his partner A_ELF has no spade but a tarokk; D_ELF holds the SK over his SQ
HANDS = ["SQ HK IV", "SK V VI", "DK DQ DN", "CK CQ VII"]


@pytest.mark.parametrize("is_p", [True, False])
def test_a_suit_the_partner_ruffs_is_led_first(is_p):
    # (the same for either side: the leader's own partner ruffs)
    assert lead_order(HANDS, A_IND, is_p)[0] == "SQ"


def test_no_ruff_lead_when_the_partner_follows_or_has_no_trump():
    follows = ["SQ HK IV", "SK V VI", "DK DQ DN", "S10 CQ VII"]
    assert lead_order(follows, A_IND, True)[0] != "SQ"
    no_trump = ["SQ HK IV", "SK V VI", "DK DQ VII", "CK CQ DN"]
    assert lead_order(no_trump, A_IND, True)[0] != "SQ"


def test_a_sure_winner_is_no_ruff_lead():
    # the SK is the top spade still out: a sure winner, led as such, not as a ruff
    hands = ["SK HK IV", "SQ V VI", "DK DQ DN", "CK CQ VII"]
    order = lead_order(hands, A_IND, True)
    assert order.index("HK") < order.index("IV")      # sure winners before low trumps


def test_a_low_card_to_the_partners_top_card_is_led_early():
    # A_ELF holds the DK, the top diamond still out, and both opponents hold a diamond
    hands = ["S10 DJ IV", "SK DN VI", "SJ DQ V", "SQ DK VII"]
    assert lead_order(hands, A_IND, True)[0] == "DJ"
    # not when an opponent could trump it (D_IND has no diamond but a tarokk)
    ruffed = ["S10 DJ IV", "SK DN VI", "SJ CQ V", "SQ DK VII"]
    assert lead_order(ruffed, A_IND, True)[0] == "S10"


def test_a_pair_that_must_win_with_given_cards_draws_trumps_first():
    # no ruff for the partner (A_ELF follows spades): the sure HK comes before the low IV
    # unless the goal has the pair win a trick with given cards (then IV, drawing trumps)
    hands = ["S10 HK IV", "SK V VI", "DK DQ DN", "SQ CQ VII"]
    plain = lead_order(hands, A_IND, True, draw=False)
    drawing = lead_order(hands, A_IND, True, draw=True)
    assert plain.index("HK") < plain.index("IV")
    assert drawing.index("IV") < drawing.index("HK")
    # the opponents' order does not change with it
    assert lead_order(hands, A_IND, False, draw=True) == plain


def test_which_goals_draw_trumps():
    def drawn(goal: Goal) -> bool:
        return bool(_draws_trumps(goal.pack()))

    assert drawn(Goal(exists=(C.KIS_SZINES,)))                     # Amazon
    assert drawn(Goal(trick_req={10: _mask("SK")}))                # Ultimó
    assert not drawn(Goal(capture=C.PIKKS))                        # Banda
    assert not drawn(Goal(min_tricks=5))                           # Gém
