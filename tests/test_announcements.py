"""Hand announcements (``royal_sim/announcements.py``) on hand-built hands, against seed 000
"Jelentések" and spec §3."""

from __future__ import annotations

import random

import pytest

from reference import random_tarokk_deal
from royal_sim.model import cards as C
from royal_sim.model.announcements import (ANNOUNCEMENTS, AnnouncementError, HandConstraint,
                                     announcement_constraints, announcement_key,
                                     hand_announcements, hand_has, parse_announcement_key)
from royal_sim.model.deal import parse_hand


def hand(text: str) -> int:
    return parse_hand(text)


FLUSH_H = hand("XXII XXI I HK HQ HN HJ SK SQ S10")       # ♥ flush, 3 ♠, 3 tarokks, matador
QUEENS = hand("XX V VI SQ CQ HQ DQ CK C10 CJ")           # four queens, 4 ♣, 3 tarokks
TAROKKS9 = hand("XXII XXI XIX XVIII XVII XVI XV XIV XIII DK")  # 9 tarokks, no matador
FULL_SPADES = hand("IV III II SK SQ SN SJ S10 HK DK")     # ♠ flush, 3 matadors


def ids(h):
    return [announcement_key(a, p) for a, p in hand_announcements(h)]


def test_table_values():
    assert [(a.id, a.name, a.value) for a in ANNOUNCEMENTS.values()] == [
        ("szinszam", "Színszám", 0), ("tarokkszam", "Tarokkszám", 0), ("matador", "Matador", 0),
        ("flush", "Flush", 10), ("vannak", "Vannak", 20)]


def test_hand_announcements():
    assert ids(FLUSH_H) == ["szinszam:S,3", "matador", "flush:H"]
    assert ids(QUEENS) == ["szinszam:C,4", "vannak:Q"]           # 1 ♠, 1 ♥, 1 ♦: no Színszám
    assert ids(TAROKKS9) == ["tarokkszam:9"]
    assert ids(FULL_SPADES) == ["matador", "flush:S"]           # 1 ♥, 1 ♦; 5 ♠ is a Flush
    assert ids(hand("XX XIX XVIII HK HQ DK DQ DN SK CK")) == [
        "szinszam:H,2", "szinszam:D,3", "vannak:K"]                # all four kings
    assert ids(hand("I II III IV V VI VII VIII IX X")) == ["tarokkszam:10", "matador"]


def test_holds_and_hidden_params():
    assert hand_has("flush", None, FLUSH_H) and hand_has("flush", C.KOR, FLUSH_H)
    assert not hand_has("flush", C.PIKK, FLUSH_H)
    assert hand_has("vannak", "Q", QUEENS) and hand_has("vannak", None, QUEENS)
    assert not hand_has("vannak", "K", QUEENS) and not hand_has("vannak", None, FLUSH_H)
    assert hand_has("matador", None, FLUSH_H) and not hand_has("matador", None, TAROKKS9)
    assert hand_has("szinszam", (C.PIKK, 3), FLUSH_H)
    assert not hand_has("szinszam", (C.PIKK, 2), FLUSH_H)          # exact count
    assert hand_has("tarokkszam", 9, TAROKKS9) and not hand_has("tarokkszam", 8, TAROKKS9)


def test_constraints():
    assert announcement_constraints("tarokkszam", 9) == HandConstraint(tarokks=(9, 9))
    assert announcement_constraints("szinszam", "S,3") == HandConstraint(
        suit_len={C.PIKK: (3, 3)})
    assert announcement_constraints("flush", "S").held == C.PIKKS
    assert announcement_constraints("matador").min_from == ((C.MATADORS, 1),)
    assert announcement_constraints("vannak", "K").held == C.KINGS
    hidden = announcement_constraints("flush")
    assert {c.held for c in hidden.one_of} == {C.PIKKS, C.TREFFS, C.KORS, C.KAROS}
    assert hidden.satisfied_by(FLUSH_H) and not hidden.satisfied_by(QUEENS)


def test_constraints_agree_with_hand_announcements_on_random_hands():
    """A hand satisfies the constraint of every announcement it may make, and of no other
    stated parameter."""
    rng = random.Random(5)
    every = [(a, p) for a in ("szinszam",) for p in
             [(s, n) for s in (C.PIKK, C.TREFF) for n in (2, 3, 4)] +
             [(s, n) for s in (C.KOR, C.KARO) for n in (2, 3)]]
    every += [("tarokkszam", n) for n in (8, 9, 10)] + [("matador", None)]
    every += [("flush", s) for s in (C.PIKK, C.TREFF, C.KOR, C.KARO)]
    every += [("vannak", r) for r in "KQNJ"]
    seen = set()
    for _ in range(300):
        for h in random_tarokk_deal(rng):
            made = {announcement_key(a, p) for a, p in hand_announcements(h)}
            for a, p in every:
                key = announcement_key(a, p)
                assert (key in made) == announcement_constraints(a, p).satisfied_by(h), key
            seen |= made
    assert {"szinszam:S,4", "szinszam:H,3", "matador", "flush:S"} <= seen


def test_keys_and_errors():
    for key in ("szinszam:S,3", "tarokkszam:9", "matador", "flush", "flush:D", "vannak:N"):
        a, p = parse_announcement_key(key)
        assert announcement_key(a, p) == key
    assert parse_announcement_key("Színszám:3,♣")[1] == (C.TREFF, 3)
    assert parse_announcement_key("vannak:D")[1] == "Q"           # D = dáma
    for key, msg in [("szinszam:H,4", "4 kor cannot be announced"),
                     ("szinszam:S", "suit,count"), ("szinszam", "states a number"),
                     ("tarokkszam:7", "8, 9 or 10"), ("matador:I", "takes no parameter"),
                     ("vannak:10", "unknown rank"), ("flush:X", "unknown suit"),
                     ("jelentes", "unknown announcement")]:
        with pytest.raises(AnnouncementError, match=msg):
            parse_announcement_key(key)
