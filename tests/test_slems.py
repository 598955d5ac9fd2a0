"""The slem catalogue (``royal_sim/slems/``) against spec §3: ids, values, groups, raises,
goal compilation, parameters and notation.

The strongest check is ``test_goal_matches_spec_predicate_on_random_plays``: an independent
evaluator of every spec §3 predicate, written straight from the table's wording, is compared
with the compiled ``Goal`` (judged by ``tests/reference.goal_holds``) on random complete plays,
in the full deal and in positions after 3 and 7 tricks.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from reference import goal_holds, play_random_tricks, random_tarokk_deal
from royal_sim.model import cards as C
from royal_sim import slems as S
from royal_sim.model.deal import Deal, Pair
from royal_sim.errors import RoyalSimError
from royal_sim.slems import (SLEMS, BidError, ParamKind, held_until, candidate_params,
                             compile_goal, parse_slem_key, slem_key, supersedes)
from royal_sim.engine.goal import ALL_TRICKS, Goal, tricks_goal
from royal_sim.tarokk import TAROKK_PLAY as R

SPEC = Path("/work/shared/spec/royal-tarokk.md")

# (id, value, group) transcribed from the spec §3 table
SPEC_TABLE = [
    ("vizi", 1, "biztató"), ("lamour", 1, "biztató"), ("angelo", 1, "biztató"),
    ("honor", 1, "biztató"), ("kopf", 2, "biztató"), ("tous_les_trois", 3, "biztató"),
    ("obscur", 5, "csendes"), ("les", 15, "csendes"), ("negy_kiraly", 20, "csendes"),
    ("csendes_xxi_fogas", 50, "csendes"),
    ("gem", 10, "szabad ütő"), ("kassza", 20, "szabad ütő"), ("bridge", 30, "szabad ütő"),
    ("oktav", 40, "szabad ütő"), ("mizer", 50, "szabad ütő"), ("volat", 60, "szabad ütő"),
    ("pikolo", 5, "kötött ütő"), ("city", 5, "kötött ütő"), ("centrum", 10, "kötött ütő"),
    ("kismadar", 20, "kötött ütő"), ("nagymadar", 30, "kötött ütő"),
    ("ultimo", 10, "magasító"), ("uhu", 20, "magasító"), ("sarkany", 30, "magasító"),
    ("griff", 40, "magasító"), ("turul", 50, "magasító"),
    ("facan", 20, "reptető"), ("solyom", 20, "reptető"),
    ("banda", 5, "színfogó"), ("flotta", 20, "színfogó"), ("piros_fekete", 25, "színfogó"),
    ("armada", 30, "színfogó"), ("legio", 50, "színfogó"),
    ("amazon", 5, "extra"), ("pagatfogas", 30, "extra"), ("erdelyi_facan", 60, "extra"),
    ("temesvari_facan", 60, "extra"), ("kolozsvari_facan", 60, "extra"),
    ("surrano", 60, "extra"), ("fonix", 60, "extra"),
    ("spadille", 30, "kis trófea"), ("manille", 30, "kis trófea"),
    ("dzsinn", 50, "kis trófea"), ("mariage", 50, "kis trófea"),
    ("xxi_fogas", 125, "alap trófea"), ("heja", 125, "alap trófea"),
    ("couleur", 125, "alap trófea"), ("scala", 125, "alap trófea"),
    ("golgota", 150, "nagy trófea"), ("kentaur", 150, "nagy trófea"),
    ("trojka", 150, "nagy trófea"), ("famille", 150, "nagy trófea"),
    ("betlehem", 150, "nagy trófea"), ("szfinx", 150, "nagy trófea"),
    ("quart", 175, "szuper trófea"), ("piramis", 175, "szuper trófea"),
    ("spectrum", 175, "szuper trófea"),
    ("stella", 200, "multi trófea"), ("full", 200, "multi trófea"),
    ("court", 200, "multi trófea"), ("grand", 200, "multi trófea"),
    ("harpia", 250, "ultra trófea"), ("gloria", 250, "ultra trófea"),
    ("triumf", 250, "ultra trófea"), ("royal", 300, "royal"),
]

KOTOTT = ["pikolo", "city", "centrum", "kismadar", "nagymadar"]
VOLAT_TROPHIES = ["scala", "quart", "piramis", "spectrum", "stella", "full", "court", "grand",
                  "harpia", "gloria", "triumf", "royal"]
# direct raise edges (higher, lower) of the spec list, parameters aside
SPEC_RAISES = {
    ("tous_les_trois", "kopf"), ("tous_les_trois", "honor"), ("kopf", "honor"),
    ("volat", "mizer"), ("mizer", "oktav"), ("oktav", "bridge"), ("bridge", "kassza"),
    ("kassza", "gem"),
    ("flotta", "piros_fekete"), ("flotta", "banda"), ("armada", "piros_fekete"),
    ("armada", "banda"), ("legio", "banda"), ("legio", "piros_fekete"), ("legio", "flotta"),
    ("legio", "armada"),
    ("spadille", "amazon"), ("manille", "amazon"), ("dzsinn", "manille"),
    ("mariage", "spadille"), ("mariage", "manille"),
    ("heja", "facan"), ("heja", "solyom"), ("famille", "couleur"), ("betlehem", "couleur"),
    ("szfinx", "spadille"), ("szfinx", "manille"),
    *(("scala", k) for k in KOTOTT),
    ("spectrum", "scala"), ("spectrum", "couleur"), *(("spectrum", k) for k in KOTOTT),
    ("stella", "heja"), *(("stella", k) for k in KOTOTT[1:]),
    ("full", "scala"), ("full", "trojka"), *(("full", k) for k in KOTOTT),
    ("court", "scala"), ("court", "famille"), ("court", "couleur"),
    *(("court", k) for k in KOTOTT),
    ("grand", "scala"), ("grand", "betlehem"), ("grand", "couleur"),
    *(("grand", k) for k in KOTOTT),
    ("golgota", "xxi_fogas"), ("golgota", "pagatfogas"),
    ("harpia", "xxi_fogas"), ("harpia", "pagatfogas"), ("harpia", "golgota"),
    ("harpia", "kentaur"), ("kentaur", "xxi_fogas"),
    ("gloria", "xxi_fogas"), ("gloria", "couleur"), ("gloria", "kentaur"),
    ("triumf", "xxi_fogas"), ("triumf", "trojka"),
    ("royal", "xxi_fogas"), ("royal", "golgota"), ("royal", "trojka"),
    ("uhu", "ultimo"), ("sarkany", "uhu"), ("griff", "sarkany"), ("turul", "griff"),
    *((t, "volat") for t in VOLAT_TROPHIES),
}

# A full deal (play order A_IND, D_ELF, D_IND, A_ELF). Attack: XX XVIII XIX and IV III,
# SK SQ HK, C10 CJ CN; defence: XXII XXI I II, S10 ...
DEAL1 = Deal.parse(
    "XX XVIII IV III SK SQ HK DJ C10 CJ / XXII XXI I II V VI HQ HN DK DQ / "
    "VII VIII IX X XI SN SJ S10 CK CQ / XIX XII XIII XIV XV XVI XVII CN HJ DN")
# Attack holds II, III, IV (II in the other hand), XVIII XIX XX XXII; defence XXI and I.
DEAL2 = Deal.parse(
    "XX XVIII XXII IV III SK SQ HK DJ C10 / XXI I V VI VII HQ HN DK DQ CJ / "
    "VIII IX X XI XII SN SJ S10 CK CQ / XIX II XIII XIV XV XVI XVII CN HJ DN")
A, D = Pair.ATTACK, Pair.DEFENCE


def b(*names: str) -> int:
    return C.mask_of(C.parse_card(n) for n in names)


def position(deal: Deal, played: str) -> tuple[int, ...]:
    """The hands of ``deal`` without the ``played`` cards."""
    gone = b(*played.split())
    return tuple(h & ~gone for h in deal.hands)


# ---------------------------------------------------------------------------------------
# the table


def test_every_spec_slem_with_value_and_group():
    assert [(s.id, s.value, s.group) for s in SLEMS.values()] == SPEC_TABLE
    assert len(SLEMS) == 65          # 70 bids of seed 000 minus the 5 jelentések


@pytest.mark.skipif(not SPEC.exists(), reason="spec file not available")
def test_table_matches_the_spec_file():
    """Re-read the §3 table of the spec itself (ids, group, values; one row may list
    several ids with comma-separated values)."""
    rows = []
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"[a-z_, ]+", cells[0]) and cells[0] != "id":
            ids = [i.strip() for i in cells[0].split(",")]
            values = [int(v) for v in cells[3].split(",")]
            rows += [(i, v, cells[2]) for i, v in zip(ids, values, strict=True)]
    assert rows == SPEC_TABLE


def test_names_fold_to_ids_and_lookup():
    for s in SLEMS.values():
        assert S.fold_name(s.name) == s.id
        assert S.get_slem(s.name) is s
    assert S.get_slem("Trull").id == "tous_les_trois"
    assert S.get_slem("GÉM").id == "gem"
    assert S.get_slem("xxi-fogás").id == "xxi_fogas"
    assert S.get_slem("Skála").id == "scala"
    with pytest.raises(BidError, match="unknown slem 'ulti'"):
        S.get_slem("ulti")


def test_slem_lists_read_names_of_several_words():
    ids = [s.id for s in S.parse_slem_list("Tous les trois, gem volat Négy király,gem")]
    assert ids == ["tous_les_trois", "gem", "volat", "negy_kiraly"]
    # every name of the table reads back whole, alone or in a space-separated list
    for s in SLEMS.values():
        assert S.parse_slem_list(s.name) == [s]
        assert S.parse_slem_list(f"gem {s.name} volat")[1:2] in ([s], [SLEMS["volat"]])
    with pytest.raises(BidError, match="unknown slem 'trois'"):
        S.parse_slem_list("gem, trois")
    assert S.parse_slem_list(" , ") == []


def test_trophies_silent_and_params():
    tiers = {s.id: s.trophy for s in SLEMS.values() if s.is_trophy}
    assert tiers["spadille"] == "kis" and tiers["royal"] == "royal"
    assert tiers["scala"] == "alap" and tiers["harpia"] == "ultra"
    assert len(tiers) == 4 + 4 + 6 + 3 + 4 + 3 + 1
    assert not SLEMS["erdelyi_facan"].is_trophy
    assert [s.id for s in SLEMS.values() if s.silent_only] == [
        "obscur", "les", "negy_kiraly", "csendes_xxi_fogas"]
    kinds = {s.id: s.param for s in SLEMS.values() if s.param is not ParamKind.NONE}
    assert kinds == {
        **{i: ParamKind.MAGASITO for i in ("ultimo", "uhu", "sarkany", "griff", "turul",
                                           "facan", "solyom")},
        **{i: ParamKind.MAGASITO2 for i in ("erdelyi_facan", "temesvari_facan",
                                            "kolozsvari_facan")},
        "heja": ParamKind.MAGASITO3, "stella": ParamKind.MAGASITO3,
        "banda": ParamKind.SUIT, "mariage": ParamKind.SUIT, "famille": ParamKind.SUIT,
        "court": ParamKind.SUIT, "dzsinn": ParamKind.BLACK_SUIT,
        "piros_fekete": ParamKind.RED_BLACK}


def test_volat_trophies_and_scoring_data():
    assert [s.id for s in SLEMS.values() if s.contains_volat] == ["volat", *VOLAT_TROPHIES]
    assert set(SLEMS["obscur"].void_if_bid_any) == {
        "gem", "kassza", "bridge", "oktav", "mizer", "volat", *VOLAT_TROPHIES}
    assert set(SLEMS["les"].void_if_bid_own) == {"pagatfogas", "golgota", "harpia", "royal"}
    assert set(SLEMS["csendes_xxi_fogas"].void_if_bid_own) == {
        "xxi_fogas", "golgota", "kentaur", "harpia", "gloria", "triumf", "royal"}
    for i in ("negy_kiraly", "banda", "flotta", "piros_fekete", "armada", "legio"):
        assert set(SLEMS[i].void_if_made_own) == set(VOLAT_TROPHIES)
    assert SLEMS["gem"].void_if_made_own == ()


# ---------------------------------------------------------------------------------------
# raises


def test_direct_raises_are_the_spec_list():
    edges = {(s.id, r.lower) for s in SLEMS.values() for r in s.raises}
    assert edges == SPEC_RAISES


def test_supersedes_with_parameters_and_chains():
    I, SK, H, Sp = C.PAGAT, C.parse_card("SK"), C.KOR, C.PIKK
    assert supersedes("uhu", I, "ultimo", I)
    assert not supersedes("uhu", I, "ultimo", SK)          # same card only
    assert supersedes("turul", SK, "ultimo", SK)           # through the chain
    assert not supersedes("ultimo", I, "uhu", I)
    assert supersedes("flotta", None, "banda", H)
    assert not supersedes("flotta", None, "banda", Sp)
    assert supersedes("armada", None, "banda", Sp)
    assert supersedes("legio", None, "banda", C.KARO)
    assert supersedes("flotta", None, "piros_fekete", (C.KOR, C.TREFF))
    assert not supersedes("piros_fekete", (C.KOR, C.PIKK), "flotta", None)
    assert supersedes("royal", None, "pagatfogas", None)    # Royal > Golgota > Pagátfogás
    assert supersedes("grand", None, "gem", None)           # via Volát
    assert supersedes("szfinx", None, "amazon", None)
    assert not supersedes("kentaur", None, "amazon", None)  # not in the list
    assert not supersedes("facan", I, "solyom", I)
    assert supersedes("heja", (I, SK, C.SAS), "facan", C.KANARI)   # spec: any parameter
    # Gerots reading: the színfogó chain by value, suits ignored
    assert supersedes("flotta", None, "banda", Sp, szinfogo_any_suit=True)
    assert supersedes("piros_fekete", (C.KOR, C.PIKK), "flotta", None, szinfogo_any_suit=True)
    assert not supersedes("flotta", None, "piros_fekete", (C.KOR, C.PIKK),
                          szinfogo_any_suit=True)
    assert set(S.raised_ids("mariage")) == {"spadille", "manille", "amazon"}


def test_bid_conflicts():
    bid = S.Bid.of
    assert S.bid_conflict(bid("facan", "I"), bid("solyom", "SK")) is not None
    assert S.bid_conflict(bid("temesvari_facan", "I,SK"),
                          bid("kolozsvari_facan", "II,III")) is not None
    assert S.bid_conflict(bid("banda", "S"), bid("banda", "C")) is not None
    assert S.bid_conflict(bid("flotta"), bid("banda", "S")) is not None
    assert S.bid_conflict(bid("flotta"), bid("banda", "H")) is None      # a raise
    assert S.bid_conflict(bid("xxi_fogas"), bid("trojka")) is not None   # two trophies
    assert S.bid_conflict(bid("ultimo", "I"), bid("ultimo", "SK")) is not None
    assert S.bid_conflict(bid("ultimo", "I"), bid("uhu", "SK")) is None
    assert S.bid_conflict(bid("gem"), bid("vizi")) is None


# ---------------------------------------------------------------------------------------
# goals: concrete masks


def attack_cards(deal=DEAL1):
    return deal.pair_cards(A)


def test_capture_goals():
    g = compile_goal("vizi", None, DEAL1, A)
    assert g.capture == b("XVIII") and not g.impossible and g.label == "vizi"
    assert compile_goal("honor", None, DEAL1, A).capture_any == b("XXII", "XXI")
    assert compile_goal("tous_les_trois", None, DEAL1, D).capture == b("XXII", "XXI", "I")
    g = compile_goal("les", None, DEAL1, A)
    assert g.capture == b("I") and not g.impossible
    assert compile_goal("les", None, DEAL1, D).impossible          # defence holds I itself
    assert compile_goal("xxi_fogas", None, DEAL1, D).impossible     # O's XXI: D holds XXI
    assert compile_goal("golgota", None, DEAL1, A).capture == b("XXI", "I")
    assert compile_goal("banda", "S", DEAL1, D).capture == C.PIKKS
    assert compile_goal("piros_fekete", "S,H", DEAL1, D).capture == C.PIKKS | C.KORS
    assert compile_goal("legio", None, DEAL1, D).capture == C.SUIT_CARDS
    assert compile_goal("negy_kiraly", None, DEAL1, A).capture == C.KINGS
    g = compile_goal("kentaur", None, DEAL1, A)
    assert g.capture == b("XXI") and g.exists == (C.KIS_SZINES & attack_cards(),)


def test_trick_count_goals():
    g = compile_goal("gem", None, DEAL1, D)
    assert (g.min_tricks, g.count_tricks) == (5, ALL_TRICKS)
    assert g == Goal(min_tricks=5, label="gem")
    assert g.pack().tolist() == tricks_goal(5).pack().tolist()
    assert compile_goal("volat", None, DEAL1, A).min_tricks == 10
    g = compile_goal("obscur", None, DEAL1, A)
    assert (g.min_tricks, g.count_tricks) == (5, 0b111111111)      # 5 of tricks 1..9


def test_kotott_and_magasito_goals():
    mine = attack_cards()
    g = compile_goal("pikolo", None, DEAL1, A)
    assert g.trick_req == {1: mine, 2: mine, 3: b("XVIII")}
    assert g.min_tricks == 0 and g.capture == 0
    assert compile_goal("pikolo", None, DEAL1, D).impossible       # XVIII is the attack's
    assert compile_goal("centrum", None, DEAL1, A).trick_req[5] == b("XX")
    assert compile_goal("kismadar", None, DEAL1, A).impossible     # XXI is the defence's
    assert compile_goal("ultimo", "IV", DEAL1, A).trick_req == {10: b("IV")}
    assert compile_goal("turul", "SK", DEAL1, A).trick_req == {6: b("SK")}
    assert compile_goal("solyom", "HK", DEAL1, A).trick_req == {2: b("HK")}
    assert compile_goal("erdelyi_facan", "SK,IV", DEAL1, A).trick_req == {1: b("SK"),
                                                                          2: b("IV")}
    assert compile_goal("kolozsvari_facan", (C.KAKADU, C.KANARI), DEAL1, A).trick_req == {
        2: b("III"), 4: b("IV")}
    assert compile_goal("heja", "IV,III,SK", DEAL1, A).trick_req == {
        1: b("IV"), 2: b("III"), 3: b("SK")}
    with pytest.raises(BidError, match="announced I is not a card of the attack pair"):
        compile_goal("ultimo", "I", DEAL1, A)
    with pytest.raises(BidError, match="XX is not a magasító"):
        compile_goal("ultimo", C.XX, DEAL1, A)


def test_last_tricks_and_existential_goals():
    mine = attack_cards()
    assert compile_goal("couleur", None, DEAL1, A).trick_req == {
        t: C.SUIT_CARDS & mine for t in (8, 9, 10)}
    assert compile_goal("trojka", None, DEAL1, A).impossible       # only IV, III
    assert compile_goal("surrano", None, DEAL1, A).trick_req == {9: b("IV", "III"),
                                                                 10: b("IV", "III")}
    assert compile_goal("fonix", None, DEAL1, A).trick_req == {9: b("SK", "HK"),
                                                               10: b("SK", "HK")}
    assert compile_goal("betlehem", None, DEAL1, A).impossible     # two kings for 3 tricks
    assert compile_goal("famille", "C", DEAL1, A).trick_req[8] == b("C10", "CJ", "CN")
    assert compile_goal("dzsinn", "C", DEAL1, A).trick_req == {10: b("C10")}
    assert compile_goal("dzsinn", "S", DEAL1, A).impossible        # S10 is the defence's
    assert compile_goal("mariage", "S", DEAL1, A).trick_req == {9: b("SK", "SQ"),
                                                                10: b("SK", "SQ")}
    assert compile_goal("mariage", "H", DEAL1, A).impossible       # HQ is the defence's
    assert compile_goal("amazon", None, DEAL1, A).exists == (C.KIS_SZINES & mine,)
    assert compile_goal("spadille", None, DEAL1, A).exists == (b("DJ", "HJ", "DN"),)
    assert compile_goal("manille", None, DEAL1, A).exists == (b("CJ", "CN"),)
    assert compile_goal("szfinx", None, DEAL1, A).exists == (b("DJ", "HJ", "DN"),
                                                            b("SQ", "CJ", "CN"))
    assert compile_goal("szfinx", None, DEAL1, D).exists == (b("HQ", "HN", "DQ"),
                                                            b("SN", "SJ", "CQ"))


def test_all_tricks_trophies():
    mine = attack_cards(DEAL2)
    g = compile_goal("royal", None, DEAL2, A)
    assert not g.impossible
    assert g.min_tricks == 10 and g.capture == b("XXI", "I")
    assert g.trick_req == {t: b("II", "III", "IV") for t in (8, 9, 10)}
    assert g.split_tricks == 0b1110000000
    # the same but II in A_IND's hand: the three matadors come from one hand
    hands = list(DEAL2.hands)
    hands[0] = hands[0] & ~b("C10") | b("II")
    hands[3] = hands[3] & ~b("II") | b("C10")
    assert compile_goal("royal", None, hands, A).impossible
    assert compile_goal("scala", None, DEAL2, A).impossible        # XXI is the defence's
    hands = list(DEAL2.hands)                                      # give A_ELF the XXI
    hands[1] = hands[1] & ~b("XXI") | b("XVII")
    hands[3] = hands[3] & ~b("XVII") | b("XXI")
    g = compile_goal("scala", None, hands, A)
    assert g.min_tricks == 10 and g.trick_req == {
        3: b("XVIII"), 4: b("XIX"), 5: b("XX"), 6: b("XXI"), 7: b("XXII")}
    g = compile_goal("stella", "SK,IV,II", hands, A)
    assert g.trick_req == {1: b("SK"), 2: b("IV"), 3: b("II"), 4: b("XIX"), 5: b("XX"),
                           6: b("XXI"), 7: b("XXII")}
    g = compile_goal("full", None, hands, A)
    assert g.trick_req[7] == b("XXII") and g.trick_req[8] == b("II", "III", "IV")
    for suit in "SCHD":                                             # 2 cards of each suit
        assert compile_goal("court", suit, hands, A).impossible
    assert compile_goal("grand", None, hands, A).impossible          # SK, HK for 3 tricks
    g = compile_goal("quart", None, DEAL2, A)
    assert (g.min_tricks, g.run_mask, g.run_len) == (10, C.SUIT_CARDS & mine, 4)
    assert compile_goal("piramis", None, DEAL2, A).impossible      # I is the defence's
    g = compile_goal("harpia", None, DEAL2, A)
    assert g.capture == b("XXI", "I") and g.exists == (C.KIS_SZINES & mine,)
    assert compile_goal("triumf", None, DEAL2, A).trick_req[8] == b("II", "III", "IV")


# ---------------------------------------------------------------------------------------
# positions


POS_AFTER_3 = position(DEAL1, "C10 CJ DJ  V VI DQ  VII VIII S10  XII XIII DN")


def test_position_leaves_out_what_names_earlier_tricks():
    assert compile_goal("pikolo", None, POS_AFTER_3, A) is None
    assert compile_goal("city", None, POS_AFTER_3, A, first_trick=4) is None
    for i in ("gem", "volat", "obscur", "scala", "quart", "royal", "harpia"):
        assert compile_goal(i, None, POS_AFTER_3, A) is None, i
    assert compile_goal("erdelyi_facan", "SK,IV", POS_AFTER_3, A) is None
    assert compile_goal("kolozsvari_facan", "SK,IV", POS_AFTER_3, A) is None  # trick 2


def test_position_keeps_later_tricks_and_cards_in_play():
    mine = POS_AFTER_3[0] | POS_AFTER_3[3]
    assert compile_goal("ultimo", "IV", POS_AFTER_3, A).trick_req == {10: b("IV")}
    assert compile_goal("vizi", None, POS_AFTER_3, A).capture == b("XVIII")
    assert compile_goal("negy_kiraly", None, POS_AFTER_3, D).capture == C.KINGS
    assert compile_goal("couleur", None, POS_AFTER_3, A).trick_req == {
        t: C.SUIT_CARDS & mine for t in (8, 9, 10)}
    assert compile_goal("couleur", None, POS_AFTER_3, A).trick_req[8] == b("SK", "SQ", "HK",
                                                                           "CN", "HJ")
    assert compile_goal("xxi_fogas", None, POS_AFTER_3, A).capture == b("XXI")
    with pytest.raises(BidError, match="start at trick 4, not 1"):
        compile_goal("ultimo", "IV", POS_AFTER_3, A, first_trick=1)


def test_position_leaves_out_cards_no_longer_in_play():
    pos = position(DEAL1, "XVIII SK C10  XXI V VI  VII VIII S10  XII XIII DN")
    assert compile_goal("vizi", None, pos, A) is None              # XVIII was played
    assert compile_goal("honor", None, pos, A) is None             # XXI was played
    assert compile_goal("xxi_fogas", None, pos, A) is None
    assert compile_goal("ultimo", "SK", pos, A) is None            # announced card played
    assert compile_goal("ultimo", "IV", pos, A) is not None
    assert compile_goal("banda", "S", pos, D) is None              # SK, S10 were played
    assert compile_goal("banda", "H", pos, D).capture == C.KORS
    # an existential is judged over the remaining tricks (issue "the search", item 5)
    mine3 = POS_AFTER_3[0] | POS_AFTER_3[3]
    assert compile_goal("amazon", None, POS_AFTER_3, A).exists == (C.KIS_SZINES & mine3,)
    assert compile_goal("mariage", "S", pos, A) is None
    pos2 = position(DEAL1, "XX SK HK  V VI XXII  VII VIII IX  XII XIII XIV")
    g = compile_goal("amazon", None, pos2, A)                      # all 14 small cards out
    assert g.exists == (C.KIS_SZINES & (pos2[0] | pos2[3]),)
    with pytest.raises(BidError, match="not a card of the attack pair"):
        compile_goal("ultimo", "II", pos2, A)                      # II in play, defence's


# ---------------------------------------------------------------------------------------
# obligatory play data


def test_held_until():
    assert held_until("pikolo") == {C.XVIII: 3}
    assert held_until("ultimo", "I") == {C.PAGAT: 10}
    assert held_until("dzsinn", "C") == {C.parse_card("C10"): 10}
    assert held_until("mariage", "S") == {C.parse_card("SK"): 9, C.parse_card("SQ"): 9}
    assert held_until("stella", "SK,IV,I") == {
        C.parse_card("SK"): 1, C.KANARI: 2, C.PAGAT: 3, C.XIX: 4, C.XX: 5, C.XXI: 6, C.SKIZ: 7}
    assert held_until("full") == {C.XVIII: 3, C.XIX: 4, C.XX: 5, C.XXI: 6, C.SKIZ: 7}
    assert held_until("couleur") == {} and held_until("surrano") == {}
    # Gerots "Rájátszás": kötött, magasító, reptető, the fácánok, Dzsinn, Mariage and the
    # trophies containing them
    assert {s.id for s in SLEMS.values() if s.obligatory_play} == {
        *KOTOTT, "ultimo", "uhu", "sarkany", "griff", "turul", "facan", "solyom",
        "erdelyi_facan", "temesvari_facan", "kolozsvari_facan", "dzsinn", "mariage",
        "heja", "scala", "spectrum", "stella", "full", "court", "grand"}


# ---------------------------------------------------------------------------------------
# parameters and notation


def test_candidate_params_counts():
    cards = b("IV", "I", "SK", "XX", "CQ")          # 2 matadors, 1 king
    assert candidate_params("ultimo", cards) == [C.KANARI, C.PAGAT, C.parse_card("SK")]
    assert len(candidate_params("erdelyi_facan", cards)) == 6
    assert (C.parse_card("SK"), C.PAGAT) in candidate_params("erdelyi_facan", cards)
    assert len(candidate_params("heja", cards)) == 6
    assert candidate_params("stella", b("IV", "I")) == []
    assert candidate_params("banda", 0) == [C.PIKK, C.TREFF, C.KOR, C.KARO]
    assert candidate_params("dzsinn", cards) == [C.PIKK, C.TREFF]
    assert len(candidate_params("piros_fekete", 0)) == 4
    assert candidate_params("gem", cards) == [None]
    assert len(candidate_params("heja", C.MAGASITOK)) == 8 * 7 * 6


def test_key_round_trip_every_slem_and_param():
    n = 0
    for s in SLEMS.values():
        for p in candidate_params(s, C.MAGASITOK):
            key = slem_key(s, p)
            assert parse_slem_key(key) == (s, p)
            assert S.Bid.parse(key) == S.Bid(s, p) and str(S.Bid(s, p)) == key
            n += 1
    assert n > 700
    assert slem_key("ultimo", C.PAGAT) == "ultimo:I"
    assert slem_key("banda", C.PIKK) == "banda:S"
    assert slem_key("piros_fekete", (C.PIKK, C.KOR)) == "piros_fekete:H,S"
    assert slem_key("erdelyi_facan", (C.parse_card("SK"), C.PAGAT)) == "erdelyi_facan:SK,I"
    assert slem_key("Tous les trois") == "tous_les_trois"
    assert parse_slem_key("Ultimó:pagát") == (SLEMS["ultimo"], C.PAGAT)
    assert parse_slem_key("piros_fekete:♠,♥")[1] == (C.KOR, C.PIKK)
    assert parse_slem_key("dzsinn:treff")[1] == C.TREFF


@pytest.mark.parametrize("key, message", [
    ("ulti", "unknown slem 'ulti'"),
    ("ultimo", "ultimo needs a parameter"),
    ("ultimo:XX", "XX is not a magasító"),
    ("ultimo:ZZ", "unknown card 'ZZ'"),
    ("ultimo:I,II", "announces 1 magasító"),
    ("erdelyi_facan:SK", "announces 2 magasító"),
    ("heja:I,II,III,IV", "announces 3 magasító"),
    ("erdelyi_facan:SK,SK", "only one trick"),
    ("gem:S", "gem takes no parameter"),
    ("banda:X", "unknown suit 'X'"),
    ("banda:S,C", "banda takes a suit"),
    ("banda:T", "banda takes a suit S, C, H or D, got T"),
    ("dzsinn:H", "dzsinn takes a black suit"),
    ("piros_fekete:H,D", "one red .* and one black"),
    ("piros_fekete:H", "a red and a black suit"),
    ("ultimo:", "ultimo needs one magasító"),
])
def test_key_errors(key, message):
    with pytest.raises(RoyalSimError, match=message):
        parse_slem_key(key)


def test_param_errors_from_python_values():
    with pytest.raises(BidError, match="takes no parameter"):
        slem_key("gem", 3)
    with pytest.raises(BidError, match="is not a magasító"):
        S.check_param("facan", C.XXI)
    with pytest.raises(BidError, match="announces 3"):
        S.check_param("stella", (C.PAGAT, C.SAS))
    assert S.check_param("piros_fekete", (C.TREFF, C.KARO)) == (C.KARO, C.TREFF)


# ---------------------------------------------------------------------------------------
# the compiled goal means the spec's predicate: random complete plays


def spec_predicate(sid, param, hands, pair, tricks) -> bool:
    """Spec §3 predicate of ``sid`` for ``pair`` over a complete play (10 ``Trick``s), written
    from the table's wording, independently of ``slems.py``; the existentials ("some trick")
    also over the remaining tricks of a position."""
    P = {int(s) for s in pair.seats}
    opp = 0
    for s in range(4):
        if s not in P:
            opp |= hands[s]
    won = {t.number: t.winner in P for t in tricks}
    wcard = {t.number: t.winning_card for t in tricks}
    captured = 0
    for t in tricks:
        if t.winner in P:
            captured |= t.mask

    def cap(*cards):
        return all(captured >> c & 1 for c in cards)

    def caps(mask):
        return captured & mask == mask

    def opp_cap(*cards):           # "P captures O's c"
        return all(opp >> c & 1 for c in cards) and cap(*cards)

    def with_(t, mask):            # P wins t with a card of mask
        return won[t] and mask >> wcard[t] & 1

    def some(mask):                # over the tricks given (the remaining ones of a position)
        return any(with_(t, mask) for t in won)

    n_won = sum(won.values())
    all10 = n_won == 10
    suit = lambda s: int(C.SUIT_MASKS[s])   # noqa: E731
    red_small = C.RED & (C.QUEENS | C.KNIGHTS | C.JACKS)
    black_small = C.BLACK & (C.QUEENS | C.KNIGHTS | C.JACKS)
    small = C.QUEENS | C.KNIGHTS | C.JACKS | C.TENS
    scala = all10 and all(with_(t, 1 << c) for t, c in
                          ((3, C.XVIII), (4, C.XIX), (5, C.XX), (6, C.XXI), (7, C.SKIZ)))

    def last3(mask):
        return all(with_(t, mask) for t in (8, 9, 10))

    def run4(mask):
        return any(all(with_(t, mask) for t in range(s, s + 4)) for s in range(1, 8))

    def first_to_5():
        mine = theirs = 0
        for t in range(1, 11):
            if won[t]:
                mine += 1
                if mine == 5:
                    return True
            else:
                theirs += 1
                if theirs == 5:
                    return False
        return False

    m = param if isinstance(param, tuple) else (param,)
    kotott = {"pikolo": (3, C.XVIII), "city": (4, C.XIX), "centrum": (5, C.XX),
              "kismadar": (6, C.XXI), "nagymadar": (7, C.SKIZ)}
    mag = {"ultimo": 10, "uhu": 9, "sarkany": 8, "griff": 7, "turul": 6, "facan": 1,
           "solyom": 2}
    free = {"gem": 5, "kassza": 6, "bridge": 7, "oktav": 8, "mizer": 9, "volat": 10}
    pairs = {"erdelyi_facan": (1, 2), "temesvari_facan": (1, 3), "kolozsvari_facan": (2, 4)}
    if sid in kotott:
        t, c = kotott[sid]
        return all(won[u] for u in range(1, t)) and with_(t, 1 << c)
    if sid in mag:
        return bool(with_(mag[sid], 1 << param))
    if sid in free:
        return n_won >= free[sid]
    if sid in pairs:
        return all(with_(t, 1 << c) for t, c in zip(pairs[sid], m))
    if sid == "mariage":
        kq = {C.parse_card(C.SUIT_LETTERS[param] + r) for r in "KQ"}
        return won[9] and won[10] and {wcard[9], wcard[10]} == kq
    ten = C.mask_of([C.parse_card(C.SUIT_LETTERS[param] + "10")]) if sid == "dzsinn" else 0
    return bool({
        "vizi": lambda: cap(C.XVIII), "lamour": lambda: cap(C.XIX),
        "angelo": lambda: cap(C.XX), "honor": lambda: cap(C.SKIZ) or cap(C.XXI),
        "kopf": lambda: cap(C.SKIZ, C.XXI), "tous_les_trois": lambda: cap(C.SKIZ, C.XXI, 0),
        "obscur": first_to_5, "les": lambda: opp_cap(C.PAGAT),
        "negy_kiraly": lambda: caps(C.KINGS), "csendes_xxi_fogas": lambda: opp_cap(C.XXI),
        "banda": lambda: caps(suit(param)), "flotta": lambda: caps(C.RED),
        "piros_fekete": lambda: caps(suit(param[0]) | suit(param[1])),
        "armada": lambda: caps(C.BLACK), "legio": lambda: caps(C.SUIT_CARDS),
        "amazon": lambda: some(small), "pagatfogas": lambda: opp_cap(C.PAGAT),
        "surrano": lambda: with_(9, C.MATADORS) and with_(10, C.MATADORS),
        "fonix": lambda: with_(9, C.KINGS) and with_(10, C.KINGS),
        "spadille": lambda: some(red_small),
        "manille": lambda: some(C.BLACK & (C.KNIGHTS | C.JACKS)),
        "dzsinn": lambda: with_(10, ten), "xxi_fogas": lambda: opp_cap(C.XXI),
        "heja": lambda: all(with_(t, 1 << c) for t, c in zip((1, 2, 3), m)),
        "couleur": lambda: last3(C.SUIT_CARDS), "scala": lambda: scala,
        "golgota": lambda: opp_cap(C.XXI, C.PAGAT),
        "kentaur": lambda: opp_cap(C.XXI) and some(small),
        "trojka": lambda: last3(C.MATADORS), "famille": lambda: last3(suit(param)),
        "betlehem": lambda: last3(C.KINGS),
        "szfinx": lambda: some(red_small) and some(black_small),
        "quart": lambda: all10 and run4(C.SUIT_CARDS),
        "piramis": lambda: all10 and run4(C.MATADORS),
        "spectrum": lambda: scala and last3(C.SUIT_CARDS),
        "stella": lambda: all10 and all(with_(t, 1 << c) for t, c in zip(
            range(1, 8), (*m, C.XIX, C.XX, C.XXI, C.SKIZ))),
        "full": lambda: scala and last3(C.MATADORS),
        "court": lambda: scala and last3(suit(param)),
        "grand": lambda: scala and last3(C.KINGS),
        "harpia": lambda: all10 and opp_cap(C.XXI, C.PAGAT) and some(small),
        "gloria": lambda: all10 and opp_cap(C.XXI) and last3(C.SUIT_CARDS),
        "triumf": lambda: all10 and opp_cap(C.XXI) and last3(C.MATADORS),
        "royal": lambda: (all10 and opp_cap(C.XXI, C.PAGAT) and last3(C.MATADORS)
                          and len({next(t.winner for t in tricks if t.number == u)
                                   for u in (8, 9, 10)}) > 1),
    }[sid]())


def test_goal_matches_spec_predicate_on_random_plays():
    rng = random.Random(0x510E)
    checked = {"full": 0, "position": 0, "impossible": 0, "true": 0}
    for _ in range(120):
        hands = random_tarokk_deal(rng)
        _, _, tricks = play_random_tricks(rng, hands, 0, 10, R)
        for pair in (A, D):
            mine = hands[pair.seats[0]] | hands[pair.seats[1]]
            for s in SLEMS.values():
                params = candidate_params(s, mine)
                for p in rng.sample(params, min(2, len(params))):
                    expected = spec_predicate(s.id, p, hands, pair, tricks)
                    checked["true"] += expected
                    for ft in (1, 4, 8):
                        gone = 0
                        for t in tricks[:ft - 1]:
                            gone |= t.mask
                        pos = tuple(h & ~gone for h in hands)
                        g = compile_goal(s, p, pos, pair)
                        if g is None:
                            assert ft > 1, s.id
                            continue
                        got = goal_holds(g, int(pair), tricks[ft - 1:], R)
                        want = expected
                        if ft > 1 and s.predicate.exists:    # judged from here (issue 14)
                            want = spec_predicate(s.id, p, hands, pair, tricks[ft - 1:])
                        assert got == want, (s.id, p, ft, str(Deal(hands)))
                        checked["full" if ft == 1 else "position"] += 1
                        checked["impossible"] += g.impossible
    assert checked["full"] > 10000 and checked["position"] > 5000
    assert checked["impossible"] > 1000 and checked["true"] > 1000
