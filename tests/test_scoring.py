"""Scoring of finished deals (``royal_sim/scoring.py``) against spec §4, seed 000
"Kontrázás"/"Értékelés" (Gerots) and seed 002 "Kontra, rekontra"/"Igazítás" (laza).

Every expected number is computed by hand in a comment; values come from the spec §3
table (Gém 10, Kassza 20, Bridge 30, Oktáv 40, Mizer 50, Volát 60, Trull 3, Les 15,
Négy király 20, Csendes XXI-fogás 50, Obscur 5, Pagátfogás 30, XXI-fogás 125, Scala 125,
Golgota 150, Mariage 50, Légió 50, Flotta 20, Piros-fekete 25, Ultimó 10, Uhu 20).
"""

from __future__ import annotations

import pytest

from royal_sim.model.deal import Deal, Pair
from royal_sim.errors import RoyalSimError
from royal_sim.scoring import (BidSetError, DealOutcome, PairOutcome, ScoringError,
                               consolatio, consolatio_band, lapsed_bids, pair_holdings,
                               rules_supersede, score_deal, validate_bids)
from royal_sim.slems import Bid, BidError

FREE_CHAIN = ["gem", "kassza", "bridge", "oktav", "mizer", "volat"]


def attack(**kw) -> PairOutcome:
    """An attack pair with 12 tarokks and both honours (consolatio 40) unless overridden."""
    kw.setdefault("tarokks", 12)
    kw.setdefault("both_honours", True)
    return PairOutcome(**kw)


def score(att=None, dfn=None, rules="gerots", **kw):
    return score_deal(DealOutcome(att or attack(), dfn or PairOutcome()), rules, **kw)


# ---------------------------------------------------------------------------------------
# laza kontra / rekontra: the seed's worked numbers (seed 002 "Kontra, rekontra")

# (bid, made, rekontra, bidder's points, kontra pair's points) — without igazítás, so the
# deal's points are exactly the bid's and the kontra's
SEED_VECTORS = [
    # 30-point bid with kontra: made → bidder +30, kontra pair −min(30, 5) = −5
    ("bridge", True, False, 30, -5),
    # failed → bidder −min(30, 5) = −5, kontra pair +5
    ("bridge", False, False, -5, 5),
    # rekontra, made → bidder 30 + 2·5 = +40, kontra pair −5
    ("bridge", True, True, 40, -5),
    # rekontra, failed → bidder −5 − 2·5 = −15, kontra pair +5
    ("bridge", False, True, -15, 5),
    # Trull (3) with kontra: k = min(3, 5) = 3: made → +3, −3
    ("tous_les_trois", True, False, 3, -3),
    # failed → −min(3, 5) = −3, +3
    ("tous_les_trois", False, False, -3, 3),
    # rekontra, made → 3 + 2·3 = +9, −3
    ("tous_les_trois", True, True, 9, -3),
    # rekontra, failed → −3 − 2·3 = −9, +3
    ("tous_les_trois", False, True, -9, 3),
]


@pytest.mark.parametrize("bid, made, rekontra, bidder, kontra_pair", SEED_VECTORS)
@pytest.mark.parametrize("bidding_pair", [Pair.ATTACK, Pair.DEFENCE])
def test_laza_kontra_seed_vectors(bid, made, rekontra, bidder, kontra_pair, bidding_pair):
    po = PairOutcome(bids=[bid], made={bid: made}, kontra=[bid],
                     rekontra=[bid] if rekontra else [])
    pairs = {bidding_pair: po, bidding_pair.other: PairOutcome()}
    r = score_deal(DealOutcome(pairs[Pair.ATTACK], pairs[Pair.DEFENCE]), "laza",
                   igazitas=False)
    assert r[bidding_pair].points == bidder
    assert r[bidding_pair.other].points == kontra_pair


def test_laza_kontra_with_igazitas():
    # defence bids Bridge (30), kontra'd by the attack (12 tarokks, köpf: igazítás 40)
    def run(made, rekontra=False, **kw):
        dfn = PairOutcome(bids=["bridge"], made={"bridge": made}, kontra=["bridge"],
                          rekontra=["bridge"] if rekontra else [])
        r = score(dfn=dfn, rules="laza", **kw)
        return r.defence.subtotal - 60, r.attack.subtotal - 40

    # made: same as the seed (+30, −5); with rekontra (+40, −5)
    assert run(True) == (30, -5)
    assert run(True, True) == (40, -5)
    # failed with igazítás: the failure costs its value 30 (the 5-point failure cap is the
    # no-igazítás rule), kontra capped at 5: (−30, +5); rekontra: −30 − 10 = −40
    assert run(False) == (-30, 5)
    assert run(False, True) == (-40, 5)
    # option kontra_fail_cap: the spec's literal "Failed: bidder −min(value, 5)": (−5, +5)
    assert run(False, kontra_fail_cap=True) == (-5, 5)
    assert run(False, True, kontra_fail_cap=True) == (-15, 5)
    # kontra_cap_always=False: with igazítás the kontra moves the whole 30
    assert run(False, kontra_cap_always=False) == (-30, 30)
    assert run(True, kontra_cap_always=False) == (30, -30)
    # rekontra twice the uncapped kontra: 30 + 60 = +90, kontra pair −30
    assert run(True, True, kontra_cap_always=False) == (90, -30)
    # without igazítás the cap applies whatever kontra_cap_always says: (+30, −5)
    dfn = PairOutcome(bids=["bridge"], made={"bridge": True}, kontra=["bridge"])
    r = score(dfn=dfn, rules="laza", igazitas=False, kontra_cap_always=False)
    assert r.points == (-5, 30)


# ---------------------------------------------------------------------------------------
# consolatio / igazítás


@pytest.mark.parametrize("rules", ["gerots", "laza"])
@pytest.mark.parametrize("tarokks, both, expected", [
    (6, True, 60), (10, True, 60),        # Gerots 6–10 → 60; laza < 11 → 60
    (11, True, 50),                       # 11 → 50
    (12, True, 40), (16, True, 40),       # Gerots 12–16 → 40; laza > 11 → 40
    (6, False, 80), (10, False, 80),      # + 20 without köpf: 60 + 20
    (11, False, 70),                      # 50 + 20
    (12, False, 60), (16, False, 60),     # 40 + 20
])
def test_consolatio_table(rules, tarokks, both, expected):
    assert consolatio(Pair.ATTACK, tarokks, both, rules) == expected
    # through score_deal with no bids: attack = consolatio, defence = 60
    r = score(attack(tarokks=tarokks, both_honours=both), rules=rules)
    assert r.points == (expected, 60)


def test_consolatio_defence_and_items():
    assert consolatio(Pair.DEFENCE) == 60
    assert consolatio(Pair.DEFENCE, rules="laza") == 60
    r = score(attack(tarokks=11, both_honours=False))
    # 11 tarokks → 50, no köpf → +20: two items, 70
    assert r.attack.item("consolatio", "consolatio").points == 50
    assert r.attack.item("consolatio", "consolatio:no_kopf").points == 20
    assert r.attack.points == 70


def test_laza_without_igazitas_has_no_consolatio():
    r = score(PairOutcome(), rules="laza", igazitas=False)   # no tarokk data needed
    assert r.points == (0, 0)


def test_consolatio_errors():
    with pytest.raises(ScoringError, match="tarokk count"):
        consolatio(Pair.ATTACK, None, True)
    with pytest.raises(ScoringError, match="5 tarokks"):
        consolatio(Pair.ATTACK, 5, True)
    with pytest.raises(ScoringError, match="17 tarokks"):
        consolatio(Pair.ATTACK, 17, False, "laza")
    with pytest.raises(ScoringError, match="tarokk count"):
        score(PairOutcome(), rules="gerots")


def test_pair_holdings_from_deal():
    att1 = "XX I II III IV V SK SQ SN SJ"            # 6 tarokks
    att2 = "XIX XXI VI VII S10 CK CQ CN CJ C10"      # 4 tarokks, XXI
    d1 = "XXII VIII IX X XI HK HQ HN HJ DK"          # skíz
    d2 = "XII XIII XIV XV XVI XVII XVIII DQ DN DJ"
    deal = Deal.parse(" / ".join([att1, d1, d2, att2]))
    # attack: 6 + 4 = 10 tarokks, XXI but not skíz; defence: 5 + 7 = 12, skíz but not XXI
    assert pair_holdings(deal, Pair.ATTACK) == (10, False)
    assert pair_holdings(deal.hands, Pair.DEFENCE) == (12, False)


def test_pair_holdings_of_many_deals_at_once():
    import numpy as np
    from royal_sim.sampling.sampler import sample_deals
    from royal_sim.scoring import pair_holdings_array
    deals = sample_deals(300, 4).deals
    for pair in Pair:
        tarokks, honours = pair_holdings_array(deals, pair)
        one = [pair_holdings([int(x) for x in row], pair) for row in deals]
        assert tarokks.tolist() == [t for t, _ in one]
        assert honours.tolist() == [h for _, h in one] and honours.any() and not honours.all()
    assert np.array_equal(pair_holdings_array(deals, Pair.ATTACK)[0]
                          + pair_holdings_array(deals, Pair.DEFENCE)[0], np.full(300, 22))


def test_a_tarokk_total_scores_as_its_consolatio_band():
    """score_deal reads the tarokk totals only through the consolatio rows, so the advisor
    may score every total of a row once (``consolatio_band``)."""
    import numpy as np
    assert [int(consolatio_band(t)) for t in range(6, 17)] == [10] * 5 + [11] + [12] * 5
    assert consolatio_band(np.array([6, 11, 16])).tolist() == [10, 11, 12]
    sets = [((), ()), (("gem",), ("vizi",)), (("ultimo:I", "honor"), ()),
            (("volat",), ("gem", "amazon"))]
    for rules, igazitas in (("gerots", True), ("laza", True), ("laza", False)):
        for bids, opp in sets:
            for made in (True, False):
                for t in range(6, 17):
                    for honours in (True, False):
                        def points(total):
                            att = PairOutcome(bids=bids, made={b: made for b in bids},
                                              tarokks=total, both_honours=honours)
                            dfc = PairOutcome(bids=opp, made={b: not made for b in opp},
                                              tarokks=22 - total, both_honours=False)
                            r = score_deal(DealOutcome(attack=att, defence=dfc), rules,
                                           igazitas)
                            return r[Pair.ATTACK].points, r[Pair.DEFENCE].points
                        assert points(t) == points(int(consolatio_band(t))), (rules, bids, t)


# ---------------------------------------------------------------------------------------
# raises


def test_volat_raise_lapses_the_free_chain():
    # Gerots: attack (40) bids Gém … Volát, Volát made: 40 + 60 = 100; without lapsing it
    # would be 40 + 10 + 20 + 30 + 40 + 50 + 60 = 250
    made = {b: True for b in FREE_CHAIN}
    r = score(attack(bids=FREE_CHAIN, made=made))
    assert r.attack.subtotal == 100
    assert r.attack.points == 100
    assert [i.label for i in r.attack.items if i.kind == "lapsed"] == FREE_CHAIN[:-1]
    assert all(i.points == 0 and "volat" in i.note
               for i in r.attack.items if i.kind == "lapsed")
    # laza without igazítás: only Volát, 60 (not 210)
    r = score(attack(bids=FREE_CHAIN, made=made), rules="laza", igazitas=False)
    assert r.attack.points == 60
    # Volát failed (the lower bids made): only Volát counts. Gerots 40 − 60 = −20 → floor 0;
    # laza without igazítás −min(60, 5) = −5 (not −5·… nor +150 for the lapsed made ones)
    made["volat"] = False
    assert score(attack(bids=FREE_CHAIN, made=made)).attack.points == 0
    r = score(attack(bids=FREE_CHAIN, made=made), rules="laza", igazitas=False)
    assert r.attack.points == -5


def test_lapsed_bid_needs_no_outcome_and_drops_its_kontra():
    # defence bids Gém (kontra'd) and Bridge; Bridge made, no outcome given for Gém.
    # Gerots: defence 60 + 30 = 90; the kontra on the lapsed Gém moves nothing: attack 40
    dfn = PairOutcome(bids=["gem", "bridge"], made={"bridge": True}, kontra=["gem"])
    r = score(dfn=dfn)
    assert r.points == (40, 90)
    assert r.defence.item("lapsed", "gem").note == "raised by bridge (kontra'd)"


def test_raise_rules_differ_between_rule_sets():
    ult, uhu = Bid.parse("ultimo:I"), Bid.parse("uhu:I")
    assert rules_supersede(uhu, ult, "gerots") and not rules_supersede(uhu, ult, "laza")
    flotta, pf = Bid.parse("flotta"), Bid.parse("piros_fekete:H,S")
    # laza list: Flotta > Piros-fekete; Gerots: by value, Piros-fekete (25) > Flotta (20)
    assert rules_supersede(flotta, pf, "laza") and not rules_supersede(pf, flotta, "laza")
    assert rules_supersede(pf, flotta, "gerots") and not rules_supersede(flotta, pf, "gerots")
    assert lapsed_bids([ult, uhu], "gerots") == {"ultimo:I": uhu}
    assert lapsed_bids([ult, uhu], "laza") == {}


def test_gerots_magasito_chain_vs_laza_both_count():
    # attack (40) bids Ultimó:I (failed) and Uhu:I (made).
    # Gerots: Uhu raises Ultimó on the same card: 40 + 20 = 60.
    # laza with igazítás: both count: 40 + 20 − 10 = 50 ("a többiért … pontlevonás jár")
    att = attack(bids=["ultimo:I", "uhu:I"], made={"ultimo:I": False, "uhu:I": True})
    assert score(att).attack.points == 60
    assert score(att, rules="laza").attack.points == 50


def test_szinfogo_raise_by_rule_set():
    # defence (60) bids Flotta (made) and Piros-fekete ♥♠ (failed).
    # Gerots: Piros-fekete (25) raises Flotta: 60 − 25 = 35.
    # laza: Flotta raises Piros-fekete: 60 + 20 = 80.
    dfn = PairOutcome(bids=["flotta", "piros_fekete:H,S"],
                      made={"flotta": True, "piros_fekete:H,S": False})
    assert score(dfn=dfn).defence.points == 35
    assert score(dfn=dfn, rules="laza").defence.points == 80


# ---------------------------------------------------------------------------------------
# failed bids


def test_failed_bid():
    att = attack(bids=["bridge"], made={"bridge": False})
    # Gerots: 40 − 30 = 10; laza with igazítás: 40 − 30 = 10; without: −min(30, 5) = −5
    assert score(att).attack.points == 10
    assert score(att, rules="laza").attack.points == 10
    assert score(att, rules="laza", igazitas=False).attack.points == -5


def test_laza_without_igazitas_negative_and_five_point_cap():
    # attack fails Bridge (30 → −5), Pagátfogás (30 → −5), Vizi (1 → −1) and makes
    # Honőr (1 → +1): −5 − 5 − 1 + 1 = −10
    att = attack(bids=["bridge", "pagatfogas", "vizi", "honor"],
                 made={"bridge": False, "pagatfogas": False, "vizi": False, "honor": True})
    r = score(att, rules="laza", igazitas=False)
    assert r.attack.points == -10
    assert r.attack.item("bid", "bridge").points == -5
    assert r.attack.item("bid", "vizi").points == -1
    # with igazítás: 40 − 30 − 30 − 1 + 1 = −20 → 0
    assert score(att, rules="laza").attack.points == 0


# ---------------------------------------------------------------------------------------
# silent slems and announcements


def test_silent_slems_scored_when_achieved():
    # defence (60): Les 15 + Négy király 20 = 95; Csendes XXI-fogás not achieved (False)
    dfn = PairOutcome(made={"les": True, "negy_kiraly": True, "csendes_xxi_fogas": False})
    r = score(dfn=dfn)
    assert r.defence.points == 95
    assert r.defence.item("silent", "les").points == 15
    # attack (12 tarokks but no köpf: 60): Csendes XXI-fogás 50 → 110 → capped 100
    r = score(attack(both_honours=False, made={"csendes_xxi_fogas": True}))
    assert r.attack.subtotal == 110
    assert r.attack.points == 100


def test_obscur_void_rule():
    # defence (60) first to five tricks: Obscur +5 = 65 when no free-trick slem was bid
    dfn = PairOutcome(made={"obscur": True})
    assert score(dfn=dfn).defence.points == 65
    # a bid that is no free-trick slem (Pagátfogás by the attack) does not void it
    att = attack(bids=["pagatfogas"], made={"pagatfogas": False})
    assert score(att, dfn).defence.points == 65
    # the opponents bid Gém: void (60); so does a Volát-containing trophy (Scala)
    for bid in ("gem", "scala"):
        r = score(attack(bids=[bid], made={bid: False}), dfn)
        assert r.defence.points == 60
        assert r.defence.item("void", "obscur").note == f"void: {bid} was bid"
    # a non-Volát trophy (Couleur) does not void it
    assert score(attack(bids=["couleur"], made={"couleur": False}), dfn).defence.points == 65
    # own Gém, even lapsed under Kassza, voids it: 60 + 20 (Kassza) = 80
    dfn = PairOutcome(bids=["gem", "kassza"], made={"kassza": True, "obscur": True})
    assert score(dfn=dfn).defence.points == 80


def test_les_void_when_announced_by_own_pair():
    # attack (40) catches the defence's pagát and bid Pagátfogás (made 30): Les void,
    # 40 + 30 = 70 (not 85)
    att = attack(bids=["pagatfogas"], made={"pagatfogas": True, "les": True})
    r = score(att)
    assert r.attack.points == 70
    assert r.attack.item("void", "les").points == 0
    # the opponents' Pagátfogás does not make it "announced": defence 60 + 15 = 75
    dfn = PairOutcome(made={"les": True})
    assert score(attack(bids=["pagatfogas"], made={"pagatfogas": False}), dfn) \
        .defence.points == 75


def test_negy_kiraly_and_szinfogo_void_beside_fulfilled_volat_trophy():
    # attack (40) makes Scala (125), Légió (50) and Négy király (20): both void beside the
    # fulfilled Volát-containing trophy: subtotal 40 + 125 = 165, capped at Scala's 125.
    # The kontra on the void Légió moves nothing (defence stays 60).
    att = attack(bids=["scala", "legio"], made={"scala": True, "legio": True,
                                                "negy_kiraly": True}, kontra=["legio"])
    r = score(att)
    assert r.attack.subtotal == 165
    assert r.attack.points == 125
    assert r.attack.item("void", "legio").points == 0
    assert r.attack.item("void", "negy_kiraly").points == 0
    assert r.defence.points == 60
    # beside Volát (not a trophy) both count: 40 + 60 + 50 + 20 = 170 → 100
    att = attack(bids=["volat", "legio"], made={"volat": True, "legio": True,
                                                "negy_kiraly": True})
    r = score(att)
    assert r.attack.subtotal == 170 and r.attack.points == 100
    # the failed Scala does not void them: 40 − 125 + 50 + 20 = −15 → 0
    att = attack(bids=["scala", "legio"], made={"scala": False, "legio": True,
                                                "negy_kiraly": True})
    assert score(att).attack.subtotal == -15


def test_announcements():
    # defence (60): Flush 10 + Vannak 20 + Matador 0 + Színszám 0 = 90
    dfn = PairOutcome(announcements=["flush", "vannak:Q", "matador", ("szinszam", (1, 3))])
    r = score(dfn=dfn)
    assert r.defence.points == 90
    assert r.defence.item("announcement", "vannak:Q").points == 20
    # laza without igazítás: 10 + 20 = 30
    assert score(dfn=dfn, rules="laza", igazitas=False).defence.points == 30


# ---------------------------------------------------------------------------------------
# caps, kontra limit, floor


def test_gerots_100_cap():
    # defence: 60 + Volát 60 + Les 15 = 135 → 100
    dfn = PairOutcome(bids=["volat"], made={"volat": True, "les": True})
    r = score(dfn=dfn)
    assert r.defence.subtotal == 135
    assert r.defence.item("cap").points == -35
    assert r.defence.points == 100
    # a kis trófea (Mariage ♠, 50) does not lift it: 60 + 50 = 110 → 100
    dfn = PairOutcome(bids=["mariage:S"], made={"mariage:S": True})
    assert score(dfn=dfn).defence.points == 100


def test_gerots_trophy_exception():
    # attack catches the defence's XXI, so no köpf: consolatio 40 + 20 = 60.
    # XXI-fogás made: 60 + 125 = 185 → at most the trophy's 125
    att = attack(both_honours=False, bids=["xxi_fogas"], made={"xxi_fogas": True})
    assert score(att).attack.points == 125
    # with a failed Bridge: 185 − 30 = 155 → 125 (the sum is capped, failures included)
    att = attack(both_honours=False, bids=["xxi_fogas", "bridge"],
                 made={"xxi_fogas": True, "bridge": False})
    assert score(att).attack.points == 125
    # option failed_after_cap: min(185, 125) − 30 = 95
    assert score(att, failed_after_cap=True).attack.points == 95
    # below the cap: 60 + 125 − 60 (Volát failed) − 30 (Pagátfogás failed) = 95, no cap;
    # option failed_after_cap: min(185, 125) − 90 = 35
    att = attack(both_honours=False, bids=["xxi_fogas", "volat", "pagatfogas"],
                 made={"xxi_fogas": True, "volat": False, "pagatfogas": False})
    assert score(att).attack.points == 95
    assert score(att, failed_after_cap=True).attack.points == 35
    # failed_after_cap also applies to the 100 cap: defence 60 + Volát 60 + Négy király 20
    # − Pagátfogás 30 = 110 → 100 by default;
    # option: min(140, 100) − 30 = 70
    dfn = PairOutcome(bids=["volat", "pagatfogas"],
                      made={"volat": True, "pagatfogas": False, "negy_kiraly": True})
    assert score(dfn=dfn).defence.points == 100
    assert score(dfn=dfn, failed_after_cap=True).defence.points == 70


def test_lapsed_trophy_gives_no_exception():
    # defence bids XXI-fogás then raises to Golgota (150). Golgota failed, XXI-fogás made
    # (lapsed): 60 − 150 = −90 → 0
    dfn = PairOutcome(bids=["xxi_fogas", "golgota"],
                      made={"xxi_fogas": True, "golgota": False})
    r = score(dfn=dfn)
    assert r.defence.points == 0
    assert r.defence.item("floor").points == 90


def test_gerots_kontra_transfer_and_20_point_limit():
    # attack's Bridge kontra'd by the defence
    att_fail = attack(bids=["bridge"], made={"bridge": False}, kontra=["bridge"])
    # failed: attack 40 − 30 = 10; defence 60 + 30 → the kontra gain capped at 20: 80
    r = score(att_fail)
    assert r.points == (10, 80)
    assert r.defence.item("kontra_limit").points == -10
    # made: attack 40 + 30 = 70; defence 60 − 30 = 30
    r = score(attack(bids=["bridge"], made={"bridge": True}, kontra=["bridge"]))
    assert r.points == (70, 30)
    # a small kontra under the limit: failed Gém (10): defence 60 + 10 = 70
    r = score(attack(bids=["gem"], made={"gem": False}, kontra=["gem"]))
    assert r.points == (30, 70)


def test_gerots_kontra_limit_gross_or_net():
    # defence kontras the attack's failed Bridge (+30) and made Honőr (−1):
    # gains 30 → limit −10; total 60 + 30 − 1 − 10 = 79
    att = attack(bids=["bridge", "honor"], made={"bridge": False, "honor": True},
                 kontra=["bridge", "honor"])
    assert score(att).defence.points == 79
    # net reading: net 29 → limit −9: 60 + 29 − 9 = 80
    assert score(att, kontra_limit_net=True).defence.points == 80
    # failed Bridge +30 and made Pagátfogás −30: gross gains 30 → limit −10:
    # 60 + 30 − 30 − 10 = 50; net 0 → no limit: 60
    att = attack(bids=["bridge", "pagatfogas"], made={"bridge": False, "pagatfogas": True},
                 kontra=["bridge", "pagatfogas"])
    assert score(att).defence.points == 50
    assert score(att, kontra_limit_net=True).defence.points == 60


def test_kontra_counts_toward_the_100_cap():
    # defence 60 + Volát 60 = 120, + kontra on the attack's failed Gém +10 = 130 → 100
    att = attack(bids=["gem"], made={"gem": False}, kontra=["gem"])
    dfn = PairOutcome(bids=["volat"], made={"volat": True})
    r = score(att, dfn)
    assert r.defence.subtotal == 130 and r.defence.points == 100


def test_floor_at_zero():
    att = attack(bids=["volat"], made={"volat": False})
    # Gerots 40 − 60 = −20 → 0; laza with igazítás the same; without: −5
    r = score(att)
    assert r.attack.points == 0 and r.attack.item("floor").points == 20
    assert score(att, rules="laza").attack.points == 0
    assert score(att, rules="laza", igazitas=False).attack.points == -5


def test_laza_above_100_rule():
    # defence 60 + XXI-fogás 125 = 185 → max(100, 125) = 125
    dfn = PairOutcome(bids=["xxi_fogas"], made={"xxi_fogas": True})
    assert score(dfn=dfn, rules="laza").defence.points == 125
    # 60 + 125 − 30 (Pagátfogás) − 50 (Mizer) = 105 > 100 → max(100, 125) = 125, even
    # though the pair's points are 105 (spec: "the larger of 100 and its largest
    # fulfilled bid")
    dfn = PairOutcome(bids=["xxi_fogas", "pagatfogas", "mizer"],
                      made={"xxi_fogas": True, "pagatfogas": False, "mizer": False})
    r = score(dfn=dfn, rules="laza")
    assert r.defence.subtotal == 105 and r.defence.points == 125
    # no trophy: 60 + Volát 60 + Les 15 = 135 → max(100, 60) = 100
    dfn = PairOutcome(bids=["volat"], made={"volat": True, "les": True})
    assert score(dfn=dfn, rules="laza").defence.points == 100
    # without igazítás: 125 + Les 15 = 140 → 125; with cap_without_igazitas=False: 140
    dfn = PairOutcome(bids=["xxi_fogas"], made={"xxi_fogas": True, "les": True})
    assert score(dfn=dfn, rules="laza", igazitas=False).defence.points == 125
    assert score(dfn=dfn, rules="laza", igazitas=False,
                 cap_without_igazitas=False).defence.points == 140


def test_items_add_up_and_render():
    att = attack(bids=FREE_CHAIN, made={b: True for b in FREE_CHAIN}, announcements=["flush"])
    dfn = PairOutcome(bids=["pagatfogas"], made={"pagatfogas": False}, kontra=["pagatfogas"])
    r = score(att, dfn)
    for ps in (r.attack, r.defence):
        assert ps.points == sum(i.points for i in ps.items)
    # attack: 40 + 60 + 10 + 30 (kontra) = 140 → kontra limit −10 → 130 → cap −30 → 100
    assert r.attack.points_of("kontra") == 30
    assert r.attack.item("kontra_limit").points == -10
    assert r.attack.item("cap").points == -30
    # defence: 60 − 30 = 30
    assert r.points == (100, 30)
    text = str(r)
    assert "raised by volat" in text and "kontra pagatfogas" in text
    d = r.to_dict()
    assert d["attack"]["points"] == 100 and d["rules"] == "gerots"
    assert {"kind": "bid", "label": "pagatfogas", "points": -30,
            "note": "failed, value 30"} in d["defence"]["items"]


# ---------------------------------------------------------------------------------------
# errors of score_deal and DealOutcome


def test_outcome_errors():
    with pytest.raises(ScoringError, match="Gerots rules have kontra only"):
        score(dfn=PairOutcome(bids=["gem"], made={"gem": True}, kontra=["gem"],
                              rekontra=["gem"]))
    with pytest.raises(ScoringError, match="igazitas=False is a laza option"):
        score(igazitas=False)
    with pytest.raises(ScoringError, match="unknown rules 'tarock'"):
        score(rules="tarock")
    with pytest.raises(ScoringError, match="kontra on kassza, which the defence pair did not"):
        score(dfn=PairOutcome(bids=["gem"], made={"gem": True}, kontra=["kassza"]))
    with pytest.raises(ScoringError, match="rekontra on gem, which was not kontra'd"):
        score(dfn=PairOutcome(bids=["gem"], made={"gem": True}, rekontra=["gem"]),
              rules="laza")
    with pytest.raises(ScoringError, match="no outcome for the attack pair's bid ultimo:I"):
        score(attack(bids=["ultimo:I"]))
    with pytest.raises(ScoringError, match="do not add up to 22"):
        DealOutcome(attack(tarokks=12), PairOutcome(tarokks=9))
    with pytest.raises(ScoringError, match="attack pair cannot hold 17 tarokks"):
        DealOutcome(attack(tarokks=17))
    with pytest.raises(ScoringError, match="both pairs cannot hold both"):
        DealOutcome(attack(), PairOutcome(both_honours=True))
    with pytest.raises(ScoringError, match="Obscur"):
        DealOutcome(attack(made={"obscur": True}), PairOutcome(made={"obscur": True}))
    with pytest.raises(BidError):
        PairOutcome(made={"nosuchslem": True})
    with pytest.raises(ScoringError, match="needs a DealOutcome"):
        score_deal(attack())
    # consistent data is accepted
    DealOutcome(attack(tarokks=12), PairOutcome(tarokks=10, both_honours=False))


# ---------------------------------------------------------------------------------------
# the bid-set validator


def test_validate_bids_accepts_chains():
    assert [b.key for b in validate_bids(FREE_CHAIN)] == FREE_CHAIN
    # a trophy with its raise (Golgota > XXI-fogás, Pagátfogás), plus unrelated bids
    validate_bids(["xxi_fogas", "golgota", "pagatfogas", "gem", "facan:I", "banda:S"])
    # Gerots: színfogó bids raise one another whatever the suits
    validate_bids(["flotta", "banda:S"], "gerots")
    validate_bids(["ultimo:I", "uhu:I"], "laza")       # laza: both may be bid, both count


@pytest.mark.parametrize("bids, rules, match", [
    (["obscur"], "gerots", "obscur is a csendes"),
    (["gem", "les"], "laza", "les is a csendes"),
    (["gem", "gem"], "gerots", "gem and gem .*gem is bid at most once"),
    (["ultimo:I", "ultimo:SK"], "gerots", "ultimo:I and ultimo:SK .*at most once"),
    (["banda:S", "banda:C"], "gerots", "banda:S and banda:C .*at most once"),
    (["facan:I", "solyom:II"], "gerots", "facan:I and solyom:II .*not bid together"),
    (["temesvari_facan:I,II", "kolozsvari_facan:III,IV"], "laza", "not bid together"),
    (["flotta", "banda:S"], "laza", "flotta and banda:S .*not bid together"),
    (["armada", "banda:H"], "laza", "armada and banda:H .*not bid together"),
    (["xxi_fogas", "couleur"], "gerots", "xxi_fogas and couleur .*at most one trophy"),
    (["golgota", "kentaur"], "laza", "at most one trophy"),
    (["spadille", "manille"], "gerots", "at most one trophy"),
])
def test_validate_bids_errors(bids, rules, match):
    with pytest.raises(BidSetError, match=match):
        validate_bids(bids, rules)


def test_validator_errors_are_royal_sim_errors_and_used_by_score_deal():
    with pytest.raises(BidError):
        validate_bids(["gem:S"])                    # Gém takes no parameter
    with pytest.raises(BidError):
        validate_bids(["nosuchslem"])
    with pytest.raises(ScoringError, match="unknown rules"):
        validate_bids(["gem"], "tarock")
    assert issubclass(BidSetError, ScoringError) and issubclass(ScoringError, RoyalSimError)
    with pytest.raises(BidSetError, match="at most one trophy"):
        score(dfn=PairOutcome(bids=["xxi_fogas", "couleur"],
                              made={"xxi_fogas": True, "couleur": True}))
