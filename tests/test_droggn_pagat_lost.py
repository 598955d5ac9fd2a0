"""Droggn's silent pagátulti failed (``spec/other-games.md`` §6: "Pagátulti silent ±10
(failed: pagát beaten in the last trick)"): the declarer pays 10 when the others can take the
last trick with his I in it whatever he plays; on hand-built deals whose answer is known."""

from royal_sim.analysis import declarer_analysis as D
from royal_sim.analysis import declarer_turns as T
from royal_sim.analysis.declarer_deal import Variant
from royal_sim.games.decks import tarokk_deck

DECK = tarokk_deck(54)
# the declarer (seat 2, not on lead) holds the I and the four lowest cards of every suit;
# seat 1 the spade and club courts, seat 3 the heart and diamond ones, nine tarokks each:
# each leads a court, the other trumps it and leads the next, the declarer must follow suit
# every time, so the I is his last card and the lowest tarokk of the last trick
TRAPPED = ("SK SQ SN SJ CK CQ CN CJ II III IV V VI VII VIII IX X",
           "I S7 S8 S9 S10 C7 C8 C9 C10 HA H2 H3 H4 DA D2 D3 D4",
           "HK HQ HN HJ DK DQ DN DJ XI XII XIII XIV XV XVI XVII XVIII XIX")
TALON = "XX XXI XXII"


def verdicts(hands):
    s = D.setting(hands[1], "2", game="droggn", contract="solo")
    solo = next(c for c in s.contracts if c.id == "solo")
    v = Variant(hands=tuple(DECK.mask(h) for h in hands), side=(1,), banked=0,
                out=DECK.mask(TALON))
    w = D.Worker.of(s)
    got = D.play_game(w, v, solo)
    figs = D.figure_tests(w, v, solo, got)
    return s, solo, got, figs, w


def test_the_pagat_trapped_to_the_last_trick_costs_ten():
    s, solo, got, figs, w = verdicts(TRAPPED)
    assert not got["win"] and not figs["pagatulti"]
    assert figs["pagatulti_failed"] and w.limits == 0
    assert T.figure_pay(s, solo, "pagatulti", figs, got, 0, 2) == (-10.0, None, None)


def test_a_second_tarokk_frees_the_pagat():
    """The declarer's S7 for seat 1's II: the 16th trick leaves him I and II, and any lead
    then lets him play the I (a tarokk led or a suit he lacks): not failed, 0."""
    hands = (TRAPPED[0].replace("II ", "S7 ", 1), TRAPPED[1].replace("S7", "II"), TRAPPED[2])
    s, solo, got, figs, w = verdicts(hands)
    assert not figs["pagatulti"] and not figs["pagatulti_failed"] and w.limits == 0
    assert T.figure_pay(s, solo, "pagatulti", figs, got, 0, 2) == (0.0, None, None)


def test_on_lead_at_trick_one_the_declarer_is_never_trapped():
    hands = TRAPPED[1], TRAPPED[0], TRAPPED[2]
    s = D.setting(hands[0], "1", game="droggn", contract="solo")
    v = Variant(hands=tuple(DECK.mask(h) for h in hands), side=(0,), banked=0,
                out=DECK.mask(TALON))
    assert not D.Worker.of(s).pagat_lost(v)
