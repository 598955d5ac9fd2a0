"""Card, hand, seat and deal notation (spec §1, §2): every accepted form, round trips, errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from royal_sim.model import cards as C
from royal_sim.model.deal import (Deal, Pair, Seat, check_hand, parse_hand, parse_pair, parse_seat)
from royal_sim.errors import CardError, DealError, RoyalSimError

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII"]


# ------------------------------------------------------------------------------------------
# card ids and card sets


def test_card_table():
    assert C.N_CARDS == 40 and len(C.CARD_NAMES) == 40
    assert [C.popcount(int(m)) for m in C.SUIT_MASKS] == [22, 5, 5, 4, 4]
    assert C.CARD_NAMES[:22] == tuple(ROMAN)
    assert C.CARD_NAMES[22:] == ("S10", "SJ", "SN", "SQ", "SK", "C10", "CJ", "CN", "CQ", "CK",
                                 "HJ", "HN", "HQ", "HK", "DJ", "DN", "DQ", "DK")
    assert (C.XIX, C.XX, C.XXI, C.SKIZ, C.PAGAT) == (18, 19, 20, 21, 0)
    assert C.popcount(C.KINGS) == 4 and C.popcount(C.MATADORS) == 4
    assert C.format_cards(C.HONOURS) == "XXII XXI"
    assert C.popcount(C.KIS_SZINES) == 14
    assert C.TAROKKS | C.SUIT_CARDS == C.FULL_MASK and not C.TAROKKS & C.SUIT_CARDS


def test_strength_is_ascending_inside_each_suit():
    for s in range(C.N_SUITS):
        ids = [c for c in range(40) if C.SUIT_OF[c] == s]
        assert ids == list(range(ids[0], ids[-1] + 1))
        assert [int(C.RANK_OF[c]) for c in ids] == list(range(1, len(ids) + 1))


# ------------------------------------------------------------------------------------------
# every notation form of spec §1


@pytest.mark.parametrize("i", range(22))
def test_tarokk_roman_and_arabic(i):
    assert C.parse_card(ROMAN[i]) == i
    assert C.parse_card(ROMAN[i].lower()) == i
    assert C.parse_card(str(i + 1)) == i
    assert C.format_card(i) == ROMAN[i]


@pytest.mark.parametrize("token, card", [
    ("skiz", C.SKIZ), ("skíz", C.SKIZ), ("SKÍZ", C.SKIZ), ("Skiz", C.SKIZ),
    ("pagat", C.PAGAT), ("pagát", C.PAGAT), ("PAGÁT", C.PAGAT),
    ("sas", C.SAS), ("SAS", C.SAS), ("kakadu", C.KAKADU), ("Kakadu", C.KAKADU),
    ("kanari", C.KANARI), ("kanári", C.KANARI), ("KANARI", C.KANARI),
])
def test_tarokk_names(token, card):
    assert C.parse_card(token) == card


SUIT_FORMS = {"S": ("S", "♠", "s"), "C": ("C", "♣", "c"), "H": ("H", "♥", "h"),
              "D": ("D", "♦", "d")}
RANK_FORMS = {"K": ("K", "k"), "Q": ("Q", "D", "q", "d"), "N": ("N", "L", "n", "l"),
              "J": ("J", "B", "j", "b"), "10": ("10", "T", "t")}


def suit_card_forms():
    for card in C.CARD_NAMES[22:]:
        suit, rank = card[0], card[1:]
        for s in SUIT_FORMS[suit]:
            for r in RANK_FORMS[rank]:
                yield s + r, card


@pytest.mark.parametrize("token, card", list(suit_card_forms()))
def test_suit_card_forms(token, card):
    assert C.format_card(C.parse_card(token)) == card


@pytest.mark.parametrize("token, card", [("\u2665\ufe0fK", "HK"), ("\u2660\ufe0e10", "S10")])
def test_suit_symbol_with_a_variation_selector(token, card):
    """Phones type ♥ as the emoji ♥️ (followed by U+FE0F)."""
    assert C.format_card(C.parse_card(token)) == card


def test_examples_of_spec():
    assert [C.format_card(C.parse_card(t)) for t in ("SK", "♥Q", "C10", "DJ", "SD")] == \
        ["SK", "HQ", "C10", "DJ", "SQ"]


def test_separators_and_case():
    ids = C.parse_cards("xxi,Skíz  sk, ♥q ,c10\tdj")
    assert [C.format_card(c) for c in ids] == ["XXI", "XXII", "SK", "HQ", "C10", "DJ"]
    assert C.parse_cards(" , ") == []


def test_format_is_strongest_first():
    mask = C.mask_of(C.parse_cards("DJ I SK XXII C10 HK S10 XX"))
    assert C.format_cards(mask) == "XXII XX I SK S10 C10 HK DJ"
    assert C.format_cards(C.parse_cards("DJ I SK")) == "I SK DJ"


@pytest.mark.parametrize("card", range(40))
def test_parse_format_identity_per_card(card):
    assert C.parse_card(C.format_card(card)) == card
    assert C.card_id(C.format_card(card)) == card


@pytest.mark.parametrize("token, message", [
    ("foo", "unknown card 'foo'"), ("H10", "red suits have no 10"), ("DT", "red suits"),
    ("0", "1..22"), ("23", "1..22"), ("01", "1..22"), ("S11", "'S11'"), ("XXIII", "'XXIII'"),
    ("K", "'K'"), ("SKK", "'SKK'"), ("", "empty"),
])
def test_bad_card_tokens(token, message):
    with pytest.raises(CardError, match=message):
        C.parse_card(token)


def test_bad_token_is_named_in_a_list_and_duplicates_rejected():
    with pytest.raises(CardError, match="unknown card 'SZ'"):
        C.parse_cards("XXI SK SZ")
    with pytest.raises(CardError, match="duplicate card XXI"):
        C.parse_cards("XXI SK 21")
    with pytest.raises(CardError, match="duplicate card SQ"):
        C.parse_cards("sq SD")
    with pytest.raises(CardError, match="out of range"):
        C.format_card(40)


@pytest.mark.parametrize("token, suit", [
    ("S", C.PIKK), ("♠", C.PIKK), ("pikk", C.PIKK), ("C", C.TREFF), ("treff", C.TREFF),
    ("h", C.KOR), ("kőr", C.KOR), ("♥", C.KOR), ("D", C.KARO), ("káró", C.KARO),
    ("tarokk", C.TAROKK),
])
def test_parse_suit(token, suit):
    assert C.parse_suit(token) == suit


def test_parse_suit_error():
    with pytest.raises(CardError, match="unknown suit 'X'"):
        C.parse_suit("X")


# ------------------------------------------------------------------------------------------
# property tests: random hands in random spellings

card_sets = st.sets(st.integers(0, 39), max_size=40)


def spellings(card: int) -> list[str]:
    name = C.CARD_NAMES[card]
    if card < 22:
        out = [name, name.lower(), str(card + 1)]
        out += {21: ["skiz", "skíz", "SKÍZ"], 0: ["pagat", "pagát"], 1: ["sas"],
                2: ["kakadu"], 3: ["kanari", "kanári"]}.get(card, [])
        return out
    return [s + r for s in SUIT_FORMS[name[0]] for r in RANK_FORMS[name[1:]]]


@given(card_sets)
def test_format_parse_round_trip(ids):
    mask = C.mask_of(ids)
    text = C.format_cards(mask)
    assert C.mask_of(C.parse_cards(text)) == mask
    assert C.format_cards(C.mask_of(C.parse_cards(text))) == text
    assert C.cards_of(mask) == C.parse_cards(text)


@given(card_sets, st.randoms(use_true_random=False))
def test_any_spelling_parses_to_the_same_set(ids, rnd):
    order = sorted(ids)
    rnd.shuffle(order)
    seps = [" ", ",", ", ", "  ", "\t", " ,"]
    text = "".join(rnd.choice(spellings(c)) + rnd.choice(seps) for c in order)
    assert C.mask_of(C.parse_cards(text)) == C.mask_of(ids)


# ------------------------------------------------------------------------------------------
# seats, hands, deals


@pytest.mark.parametrize("text, seat", [
    ("A_IND", Seat.A_IND), ("a_ind", Seat.A_IND), ("indito", Seat.A_IND), ("indító", Seat.A_IND),
    ("D_ELF", Seat.D_ELF), ("ellenelfogo", Seat.D_ELF), ("Ellenelfogó", Seat.D_ELF),
    ("d-ind", Seat.D_IND), ("ellenindító", Seat.D_IND), ("A_ELF", Seat.A_ELF),
    ("ELFOGÓ", Seat.A_ELF), (Seat.A_ELF, Seat.A_ELF),
])
def test_parse_seat(text, seat):
    assert parse_seat(text) is seat


def test_unknown_seat_is_named():
    with pytest.raises(DealError, match="unknown seat 'north'"):
        parse_seat("north")


def test_seats_and_pairs():
    assert [int(s) for s in Seat] == [0, 1, 2, 3]
    assert Seat.A_IND.partner is Seat.A_ELF and Seat.D_ELF.partner is Seat.D_IND
    assert Seat.D_IND.pair is Pair.DEFENCE and Seat.A_ELF.pair is Pair.ATTACK
    assert Pair.ATTACK.seats == (Seat.A_IND, Seat.A_ELF)
    assert parse_pair("defense") is Pair.DEFENCE and parse_pair("A") is Pair.ATTACK
    with pytest.raises(DealError, match="unknown pair"):
        parse_pair("north-south")
    assert str(Seat.D_ELF) == "D_ELF"


GOOD_HAND = "XX XVIII XV IX III SK SQ HN DK DJ"


def test_parse_hand():
    mask = parse_hand(GOOD_HAND, "A_IND")
    assert C.format_cards(mask) == GOOD_HAND
    assert parse_hand("xx,18 15 ix iii ♠k sd ♥l dk db", Seat.A_IND) == mask
    assert parse_hand(GOOD_HAND) == mask  # no seat: XX/XIX placement not checked


@pytest.mark.parametrize("text, seat, error, message", [
    ("XX XVIII XV IX III SK SQ HN DK", "A_IND", DealError, "9 cards, expected 10"),
    (GOOD_HAND + " DQ", "A_IND", DealError, "11 cards"),
    ("XX XVIII SK SQ SN SJ S10 HN DK DJ", "A_IND", DealError, "2 tarokks"),
    (GOOD_HAND, "D_ELF", DealError, "XX is dealt to A_IND; D_ELF cannot hold it"),
    ("XX XIX XV IX III SK SQ HN DK DJ", "A_IND", DealError, "XIX is dealt to A_ELF"),
    ("XXI XVIII XV IX III SK SQ HN DK DJ", "A_IND", DealError, "A_IND always holds XX"),
    ("XXI XVIII XV IX III SK SQ HN DK DJ", "A_ELF", DealError, "A_ELF always holds XIX"),
    ("XX XVIII XV IX III SK SQ HN DK DX", "A_IND", CardError, "unknown card 'DX'"),
    ("XX XVIII XV IX III SK SQ HN DK 20", "A_IND", CardError, "duplicate card XX"),
    (GOOD_HAND, "south", DealError, "unknown seat 'south'"),
])
def test_hand_errors(text, seat, error, message):
    with pytest.raises(error, match=message):
        parse_hand(text, seat)
    assert issubclass(error, RoyalSimError)


def test_check_hand_sizes():
    check_hand(C.mask_of(C.parse_cards("XXI XV I")), size=3)
    with pytest.raises(DealError, match="has 2 tarokks"):
        check_hand(C.mask_of(C.parse_cards("XXI XV SK")), size=3)


VALID_DEAL = ("XX XVIII XV IX III SK SQ HN DK DJ / XXII XVII XIV XI VIII SN CK CQ HK DQ / "
              "XXI XVI XIII X VI II SJ CN HQ DN / XIX XII VII V IV I S10 CJ C10 HJ")


def test_deal_notation_round_trip():
    d = Deal.parse(VALID_DEAL)
    assert str(d) == VALID_DEAL
    assert Deal.parse(str(d)) == d
    assert d.is_full and d.cards_per_hand == 10
    assert d.hand(Seat.D_IND) == parse_hand("XXI XVI XIII X VI II SJ CN HQ DN")
    assert d.pair_cards(Pair.ATTACK) == d.hands[0] | d.hands[3]
    assert Deal.from_array(list(d.hands)) == d
    assert d.listing().splitlines()[3] == "A_ELF  XIX XII VII V IV I S10 CJ C10 HJ"
    # input forms: any spelling, any order, commas
    alt = VALID_DEAL.replace("XXII", "skíz").replace("SQ", "♠D").replace(" ", ",")
    assert Deal.parse(alt) == d


@settings(max_examples=60)
@given(st.permutations(list(range(40))))
def test_random_deal_round_trip(perm):
    deal = Deal(tuple(C.mask_of(perm[10 * j:10 * j + 10]) for j in range(4)))
    again = Deal.parse(str(deal), check_rules=False)
    assert again == deal and str(again) == str(deal)


@given(st.integers(1, 9), st.permutations(list(range(40))))
def test_position_round_trip(k, perm):
    deal = Deal(tuple(C.mask_of(perm[10 * j:10 * j + k]) for j in range(4)))
    assert Deal.parse(str(deal), check_rules=False) == deal


@pytest.mark.parametrize("text, error, message", [
    ("XX XVIII / XXII XVII / XXI XVI", DealError, "4 hands separated by '/', got 3"),
    ("XX / XXII / XXI / XIX XII", DealError, "unequal sizes"),
    ("XX / XXII / XX / XIX", DealError, "card XX appears in two hands"),
    ("XX / XXII / XXI / XIX ZZ", CardError, "A_ELF: unknown card 'ZZ'"),
    ("XX XX / XXII I / XXI II / XIX III", CardError, "A_IND: duplicate card XX"),
    (" / / / ", DealError, "0 cards"),
    ("XVIII XX XV IX III SK SQ HN DK DJ / XXII XVII XIV XI VIII SN CK CQ HK DQ / "
     "XXI XVI XIII X VI II SJ CN HQ DN / XIX XII VII V IV I S10 CJ C10 HJ", None, None),
    ("XXI XVIII XV IX III SK SQ HN DK DJ / XXII XVII XIV XI VIII SN CK CQ HK DQ / "
     "XX XVI XIII X VI II SJ CN HQ DN / XIX XII VII V IV I S10 CJ C10 HJ", DealError,
     "A_IND always holds XX"),
    ("XX XVIII XV IX III SK SQ HN DK DJ / XXII XVII XIV XI VIII SN CK CQ HK DQ / "
     "XXI XVI XIII X VI II SJ CN HQ DN / XII VII V IV I S10 CJ C10 HJ XIX", None, None),
    ("XX XVIII XV IX III SK SQ HN DK DJ / XXII XVII XIV XI VIII SN CK CQ HK XIX / "
     "XXI XVI XIII X VI II SJ CN HQ DN / XII VII V IV I S10 CJ C10 HJ DQ", DealError,
     "XIX is dealt to A_ELF; D_ELF cannot hold it"),
    ("XX XVIII SN CK CQ SK SQ HN DK DJ / XXII XVII XIV XI VIII XV IX III HK DQ / "
     "XXI XVI XIII X VI II SJ CN HQ DN / XIX XII VII V IV I S10 CJ C10 HJ", DealError,
     "A_IND has 2 tarokks"),
])
def test_deal_errors(text, error, message):
    if error is None:
        Deal.parse(text)
        return
    with pytest.raises(error, match=message):
        Deal.parse(text)


def test_sampled_deals_round_trip():
    from royal_sim.sampling.sampler import sample_deals
    res = sample_deals(200, 3)
    for d in res:
        assert Deal.parse(str(d)) == d
        d.check_dealing_rules()
    rnd = random.Random(0)
    d = res.deal(rnd.randrange(200))
    assert Deal.parse(d.listing().replace("\n", " / ").replace("A_IND ", "")
                      .replace("D_ELF ", "").replace("D_IND ", "").replace("A_ELF ", "")) == d


# --- a suit card written rank first gets a hint (issue 16) ----------------------------


@pytest.mark.parametrize("token, hint", [
    ("KS", "SK"), ("ks", "SK"), ("QD", "DQ"), ("10S", "S10"), ("TC", "C10"), ("JH", "HJ"),
    ("NC", "CN"), ("BS", "SJ"), ("LD", "DN"), ("K♥", "HK"),
])
def test_a_rank_first_card_gets_a_did_you_mean_hint(token, hint):
    with pytest.raises(CardError) as e:
        C.parse_card(token)
    assert str(e.value) == f"unknown card {token!r} (did you mean {hint}?)"
    assert C.parse_card(hint) == C.parse_card(token[-1] + token[:-1])


def test_a_rank_first_red_ten_is_told_both_rules():
    with pytest.raises(CardError, match=r"unknown card '10H' \(the suit comes first, e.g. "
                                        r"HJ; red suits have no 10\)"):
        C.parse_card("10H")


@pytest.mark.parametrize("token, card", [
    ("skiz", C.SKIZ), ("pagat", C.PAGAT), ("sas", C.SAS), ("kakadu", C.KAKADU),
    ("kanari", C.KANARI), ("DD", C.card_id("DQ")), ("SD", C.card_id("SQ")),
])
def test_aliases_and_suit_first_cards_are_unaffected(token, card):
    assert C.parse_card(token) == card


def test_no_hint_for_tokens_that_are_no_swapped_card():
    for token in ("XQ", "KK", "ZS", "foo"):
        with pytest.raises(CardError) as e:
            C.parse_card(token)
        assert "did you mean" not in str(e.value)


def test_a_hand_names_the_rank_first_card_with_its_hint():
    with pytest.raises(CardError, match=r"unknown card 'KS' \(did you mean SK\?\)"):
        C.parse_cards("XXI KS SQ")


def test_card_set_terms_are_the_named_sets():
    terms = {t: m for t, m, _ in C.CARD_SET_TERMS}
    assert terms["matador"] == C.MATADORS and terms["honour (honőr)"] == C.HONOURS
    assert terms["magasító (raiser)"] == C.MAGASITOK == C.MATADORS | C.KINGS
    assert terms["small suit card (kis színes lap)"] == C.KIS_SZINES
    assert C.popcount(C.KIS_SZINES) == 14 and C.popcount(terms["suit card (színes lap)"]) == 18
    assert C.format_cards(terms["matador"]) == "IV III II I"


def test_deals_and_bids_print_as_the_call_that_reads_them_back():
    from royal_sim.slems import Bid

    bid = Bid.parse("ultimo:I")
    assert repr(bid) == "Bid.parse('ultimo:I')" and bid.format() == str(bid) == "ultimo:I"
    assert eval(repr(bid)) == bid
    text = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"
    deal = Deal.parse(text, check_rules=False)
    assert deal.format() == str(deal) == text
    assert repr(deal) == f"Deal.parse({text!r})"
    assert Deal.parse(deal.format(), check_rules=False) == deal
