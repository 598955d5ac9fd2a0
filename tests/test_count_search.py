"""The count search (``royal_sim.engine.counts.CountSolver`` over ``kernel/count_search.py``)
agrees with the plain reference (``tests/reference_counts.py``, written from
``spec/other-games.md`` §1, §6, §9) on random endings of several rule sets.

Each ending: random hands of ``k`` cards a seat at a trick start (trick ``n_tricks - k``, so the
count's per-trick terms fall on the right tricks), a random leader, and in about half of them
1 … n-1 cards already played to the trick (random legal cards by the reference's rules). For
each ending and side (a single seat or a coalition) it checks

- ``value`` equals the reference's minimax value;
- ``reaches`` at that value is true and at value + 1 false;
- ``legal`` equals the reference's legal set of the seat to play;
- ``card_values`` equals the reference's value after each legal card.

and, on every fourth, that the engine's ``line`` plays only cards the reference finds legal
and optimal and counts the value. Besides: the legal sets and trick results the spec's words
give on single tricks (``SPEC_LEGAL``, ``SPEC_TRICKS``, checked on both), minimal endings
worked by hand (``MINIMAL``), and whole belote deals of 6 cards a hand (``value``).

Everything is seeded; a failure lists every disagreeing ending (cards by name, leader, trick,
table, side, both answers).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference_counts import (RefCount, RefGame, RefSolver, cards_of, mask_of, ref_legal,
                              ref_trick_result)
from royal_sim.engine.count_rules import (DUTY_BELOTE, DUTY_OVERTAKE, DUTY_TRUMP, Count,
                                          CountRules)
from royal_sim.engine.counts import CountPosition, CountSolver
from royal_sim.games.decks import belote_deck, belote_power_points, tarokk_deck

SEED = 0xC0047

PAGAT, UHU, XXI, SKIZ = 0, 1, 20, 21


# --------------------------------------------------------------------------------------
# rule sets


def tarokk_rules(name, deck_size, n_seats, duty=DUTY_TRUMP, excuse=-1, upset=(-1, -1),
                 reserved=-1):
    deck = tarokk_deck(deck_size)
    return deck, CountRules(name=name, n_seats=n_seats, suit_of=deck.suit_of.copy(),
                            power=deck.power.copy(), trump=deck.tarokk, duty=duty,
                            team_of=np.arange(n_seats, dtype=np.int8),
                            card_names=deck.card_names, excuse=excuse, upset=upset,
                            reserved=reserved)


def card_count(deck, n_tricks, trick_points=0, last=0, label=""):
    tp = np.full(n_tricks, trick_points, np.int16)
    tp[-1] += last
    return Count(points=deck.points.astype(np.int16), trick_points=tp, label=label)


def zero_count(n_cards, n_tricks, label="tricks", per=1):
    return Count(points=np.zeros(n_cards, np.int16),
                 trick_points=np.full(n_tricks, per, np.int16), label=label)


def pagatulti_count(n_cards, n_tricks):
    tp = np.zeros(n_tricks, np.int16)
    tc = np.zeros(n_tricks, np.uint64)
    tp[-1] = 1
    tc[-1] = np.uint64(1 << PAGAT)
    return Count(points=np.zeros(n_cards, np.int16), trick_points=tp, trick_cards=tc,
                 label="pagatulti")


def pagat_lost_count(n_cards, n_tricks):
    """§6 Droggn's failed pagátulti, from the side that beats it: the last trick won while
    it holds the I, whoever played it (``Count.trick_held``)."""
    tp = np.zeros(n_tricks, np.int16)
    th = np.zeros(n_tricks, np.uint64)
    tp[-1] = 1
    th[-1] = np.uint64(1 << PAGAT)
    return Count(points=np.zeros(n_cards, np.int16), trick_points=tp, trick_held=th,
                 label="pagat lost")


def uhu_pagatulti_count(n_cards, n_tricks):
    """Two figures in one count: trick n-1 won with II (uhu) and trick n with I (pagátulti),
    1 each; the masks differ from trick to trick."""
    tp = np.zeros(n_tricks, np.int16)
    tc = np.zeros(n_tricks, np.uint64)
    tp[-1] = 1
    tc[-1] = np.uint64(1 << PAGAT)
    tp[-2] = 1
    tc[-2] = np.uint64(1 << UHU)
    return Count(points=np.zeros(n_cards, np.int16), trick_points=tp, trick_cards=tc,
                 label="uhu+pagatulti")


def belote_rules(trump):
    deck = belote_deck()
    power, points = belote_power_points(deck, trump)
    rules = CountRules(name=f"belote {trump}", n_seats=4, suit_of=deck.suit_of.copy(),
                       power=power, trump=-1 if trump is None else trump, duty=DUTY_BELOTE,
                       team_of=np.array([0, 1, 0, 1], np.int8), card_names=deck.card_names)
    tp = np.zeros(8, np.int16)
    tp[-1] = 10
    return deck, rules, Count(points=points.astype(np.int16), trick_points=tp, label="belote")


def vier_rules(n_seats, upset=False, overtake=True, deck_size=38):
    duty = DUTY_TRUMP | (DUTY_OVERTAKE if overtake else 0)
    return tarokk_rules(f"vier-anderle {n_seats}{' upset' if upset else ''}", deck_size,
                        n_seats, duty=duty, upset=(PAGAT, SKIZ) if upset else (-1, -1))


class Case:
    """One rule set's endings: ``sizes`` the choice of cards a seat at the trick start,
    ``sides`` the kinds of side (``side_of``); ``force``: cards put in the deal each with
    probability ``force_p`` (the excuse, the upset pair, the pagát); ``pool``: the cards the
    rest of the deal is drawn from (default the whole deck)."""

    def __init__(self, id, deck, rules, count, n_tricks, sizes, n_endings, sides,
                 force=(), force_p=0.0, pool=None):
        self.id = id
        self.deck = deck
        self.rules = rules
        self.count = count
        self.n_tricks = n_tricks
        self.sizes = sizes
        self.n_endings = n_endings
        self.sides = sides
        self.force = force
        self.force_p = force_p
        self.pool = pool


SEAT_SIDES = ("single0", "coalition", "random_single", "random_coalition")
SUIT_CARDS_42 = tuple(range(22, 42))


def build_cases():
    cases = []
    for trump in (0, 1, 2, 3, None):
        deck, rules, count = belote_rules(trump)
        cases.append(Case(f"belote-{'SHDC'[trump] if trump is not None else 'NT'}", deck,
                          rules, count, 8, (2, 3, 3, 4), 60,
                          ("team02", "team13", "single0", "coalition")))
    deck, rules = tarokk_rules("tarokk42-3", 42, 3)
    cases.append(Case("tarokk42-3", deck, rules, card_count(deck, 12), 12, (3, 4, 4, 5), 60,
                      SEAT_SIDES, force=(PAGAT, XXI), force_p=0.3))
    cases.append(Case("jokai42-3", deck, rules, card_count(deck, 12, trick_points=-2), 12,
                      (3, 4, 4, 5), 60, SEAT_SIDES))
    # the pagát's last trick: few tarokks, so that the I can win it
    cases.append(Case("pagatulti42-3", deck, rules, pagatulti_count(42, 12), 12, (3, 4, 4),
                      60, SEAT_SIDES, force=(PAGAT,), force_p=0.9,
                      pool=SUIT_CARDS_42 + (1, 5, 9, 14, 19, 20, 21)))
    cases.append(Case("uhu+pagatulti42-3", deck, rules, uhu_pagatulti_count(42, 12), 12,
                      (2, 3, 4), 40, SEAT_SIDES, force=(PAGAT, UHU), force_p=0.9,
                      pool=SUIT_CARDS_42 + (5, 9, 14, 19, 20, 21)))
    deck, rules = tarokk_rules("droggn54-3", 54, 3, excuse=SKIZ)
    cases.append(Case("droggn54-3-excuse", deck, rules, card_count(deck, 17), 17,
                      (3, 4, 4, 5), 70, SEAT_SIDES, force=(SKIZ,), force_p=0.85))
    deck, rules = tarokk_rules("droggn54-2", 54, 2, excuse=SKIZ)
    cases.append(Case("droggn54-2-excuse", deck, rules, card_count(deck, 27), 27,
                      (3, 4, 5, 6), 40, ("single0", "coalition"), force=(SKIZ,),
                      force_p=0.85))
    # §6 the ulti card laid out: the pagát (playable only as the only legal card), the skíz
    # (an excuse that wins the trick it is played in, so the last)
    deck, rules = tarokk_rules("droggn54-3-pagat-out", 54, 3, excuse=SKIZ, reserved=PAGAT)
    cases.append(Case("droggn54-3-pagat-out", deck, rules, card_count(deck, 17), 17,
                      (3, 4, 4), 50, SEAT_SIDES, force=(PAGAT, SKIZ), force_p=0.9,
                      pool=tuple(range(22, 54)) + (1, 5, 9, 14, 19, 20)))
    cases.append(Case("droggn54-3-pagat-out-ulti", deck, rules, pagatulti_count(54, 17), 17,
                      (3, 4, 4), 40, SEAT_SIDES, force=(PAGAT, SKIZ), force_p=0.9,
                      pool=tuple(range(22, 54)) + (1, 5, 9, 14, 19, 20)))
    deck, rules = tarokk_rules("droggn54-3", 54, 3, excuse=SKIZ)
    cases.append(Case("droggn54-3-pagat-lost", deck, rules, pagat_lost_count(54, 17), 17,
                      (3, 4, 4), 50, SEAT_SIDES, force=(PAGAT, SKIZ), force_p=0.9,
                      pool=tuple(range(22, 54)) + (1, 5, 9, 14, 19, 20)))
    deck, rules = tarokk_rules("droggn54-3-skiz-out", 54, 3, excuse=SKIZ, reserved=SKIZ)
    cases.append(Case("droggn54-3-skiz-out", deck, rules, zero_count(54, 17), 17,
                      (3, 4, 4), 50, SEAT_SIDES, force=(SKIZ,), force_p=0.9))
    # the mizer's count (§3): -1 a trick won, no card points (the move ordering's own case)
    deck, rules = tarokk_rules("mizer54-3", 54, 3)
    cases.append(Case("mizer54-3", deck, rules, zero_count(54, 16, per=-1), 16, (3, 4, 4),
                      40, SEAT_SIDES))
    deck, rules = tarokk_rules("tarokk42-2", 42, 2)
    cases.append(Case("tarokk42-2", deck, rules, card_count(deck, 21), 21, (3, 4, 5, 6), 50,
                      ("single0", "coalition")))
    for n_seats, sizes, n in ((2, (3, 4, 4), 50), (3, (3, 4, 4), 40), (5, (2, 3, 3, 4), 30),
                              (9, (2, 2, 3), 20)):
        for upset in (False, True):
            deck, rules = vier_rules(n_seats, upset)
            cases.append(Case(f"vier{n_seats}{'-upset' if upset else ''}", deck, rules,
                              zero_count(38, 4), 4, sizes, n, SEAT_SIDES,
                              force=(PAGAT, SKIZ) if upset else (), force_p=0.7))
    # over 9 players the 54-card deck (§1), up to 13 seats
    for n_seats, upset in ((11, True), (13, False)):
        deck, rules = vier_rules(n_seats, upset, deck_size=54)
        cases.append(Case(f"vier{n_seats}-54{'-upset' if upset else ''}", deck, rules,
                          zero_count(54, 4), 4, (1, 2, 2), 15, SEAT_SIDES,
                          force=(PAGAT, SKIZ) if upset else (), force_p=0.7))
    deck, rules = vier_rules(5, upset=False, overtake=False)
    cases.append(Case("vier5-no-overtake", deck, rules, zero_count(38, 4), 4, (2, 3, 3, 4),
                      20, SEAT_SIDES))
    for n_seats, n in ((2, 40), (5, 30)):
        deck, rules = vier_rules(n_seats, upset=True)
        cases.append(Case(f"pagatulti-vier{n_seats}-upset", deck, rules,
                          pagatulti_count(38, 4), 4, (2, 3, 4), n, SEAT_SIDES,
                          force=(PAGAT, SKIZ), force_p=0.9,
                          pool=tuple(range(22, 38)) + (1, 5, 9, 19, 20)))
    return cases


CASES = build_cases()


# --------------------------------------------------------------------------------------
# endings


def side_of(kind, n, rng):
    """``single0``: seat 0 alone; ``coalition``: seats 1 … n-1; ``random_single``: one
    random seat; ``random_coalition``: every seat but a random one; ``team02``/``team13``:
    belote's pairs."""
    if kind == "single0":
        return frozenset({0})
    if kind == "coalition":
        return frozenset(range(1, n))
    if kind == "random_single":
        return frozenset({rng.randrange(n)})
    if kind == "random_coalition":
        out = rng.randrange(n)
        return frozenset(s for s in range(n) if s != out)
    if kind == "team02":
        return frozenset({0, 2})
    if kind == "team13":
        return frozenset({1, 3})
    raise ValueError(kind)


def random_ending(rng, case, g):
    """``(hands, leader, trick, table)``: ``k`` cards a seat dealt at trick ``n_tricks - k``,
    then in half of the endings 1 … n-1 legal cards (by the reference) played to it."""
    n = case.rules.n_seats
    k = rng.choice(case.sizes)
    pool = list(case.pool if case.pool is not None else range(case.rules.n_cards))
    chosen = []
    for c in case.force:
        if rng.random() < case.force_p:
            chosen.append(c)
            if c in pool:
                pool.remove(c)
    chosen += rng.sample(pool, n * k - len(chosen))
    rng.shuffle(chosen)
    hands = [sum(1 << c for c in chosen[s * k:(s + 1) * k]) for s in range(n)]
    leader = rng.randrange(n)
    trick = case.n_tricks - k
    table = []
    if rng.random() < 0.5:
        m = rng.randrange(1, n)
        for i in range(m):
            seat = (leader + i) % n
            c = rng.choice(cards_of(ref_legal(g, hands[seat], tuple(table), leader)))
            hands[seat] &= ~(1 << c)
            table.append(c)
    return tuple(hands), leader, trick, tuple(table)


def describe(case, hands, leader, trick, table, side):
    names = case.rules.card_names
    hs = " / ".join(" ".join(names[c] for c in cards_of(h)) or "-" for h in hands)
    tb = " ".join(names[c] for c in table)
    return (f"[{case.id}] hands {hs}; leader {leader}, trick {trick}, table [{tb}], "
            f"side {sorted(side)}")


def fmt_cards(case, d):
    names = case.rules.card_names
    if isinstance(d, int):
        return "{" + " ".join(names[c] for c in cards_of(d)) + "}"
    return "{" + ", ".join(f"{names[c]}: {v}" for c, v in sorted(d.items())) + "}"


def check_ending(case, solver, ref, hands, leader, trick, table, side, line=False):
    """Every disagreement of the engine with the reference on one ending (strings)."""
    out = []
    pos = CountPosition(hands, leader, trick, table)
    want = ref.value(hands, leader, trick, table)
    got = solver.value(pos, side, case.count)
    where = describe(case, hands, leader, trick, table, side)
    if got != want:
        out.append(f"value {got} != reference {want}: {where}")
    if not solver.reaches(pos, side, case.count, want):
        out.append(f"reaches({want}) false at the reference value: {where}")
    if solver.reaches(pos, side, case.count, want + 1):
        out.append(f"reaches({want + 1}) true above the reference value: {where}")
    want_legal = ref.legal(hands, leader, table)
    got_legal = solver.legal(pos)
    if got_legal != want_legal:
        out.append(f"legal {fmt_cards(case, got_legal)} != reference "
                   f"{fmt_cards(case, want_legal)}: {where}")
    want_cv = ref.card_values(hands, leader, trick, table)
    got_cv = solver.card_values(pos, side, case.count)
    if got_cv != want_cv:
        out.append(f"card_values {fmt_cards(case, got_cv)} != reference "
                   f"{fmt_cards(case, want_cv)}: {where}")
    if line and not out:
        out += check_line(case, solver, ref, pos, side, want, where)
    return out


def check_line(case, solver, ref, pos, side, want, where):
    """The engine's line: every card legal by the reference and keeping the reference
    value for the seat that plays it; the points it counts add up to the value."""
    total = 0
    cards = solver.line(pos, side, case.count)
    for c in cards:
        cv = ref.card_values(pos.hands, pos.leader, pos.trick, pos.table)
        best = (max if pos.to_play in side else min)(cv.values())
        if c not in cv or cv[c] != best:
            return [f"line {fmt_cards(case, mask_of(cards))}: card {case.rules.card_names[c]} "
                    f"illegal or not optimal (reference {fmt_cards(case, cv)}): {where}"]
        pos, got = solver.play(pos, c, side, case.count)
        total += got
    if total != want or any(pos.hands):
        return [f"line counts {total} != reference {want}: {where}"]
    return []


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_endings_agree_with_reference(case):
    rng = random.Random(f"{SEED}-{case.id}")
    g = RefGame(case.rules)
    solver = CountSolver(case.rules, table_bits=14)
    failures = []
    checked = 0
    for i in range(case.n_endings):
        hands, leader, trick, table = random_ending(rng, case, g)
        for j, kind in enumerate(case.sides):
            side = side_of(kind, case.rules.n_seats, rng)
            ref = RefSolver(case.rules, case.count, side)
            failures += check_ending(case, solver, ref, hands, leader, trick, table, side,
                                     line=(i + j) % 4 == 0)
            checked += 1
    assert not failures, (f"{len(failures)} disagreements in {checked} checks:\n"
                          + "\n".join(failures[:20]))


# --------------------------------------------------------------------------------------
# the spec's own words on single tricks (both the reference and the engine)


def legal_of(deck, rules, hands_text, leader, table_text):
    """(reference legal, engine legal) of the seat to play, cards by name."""
    n = rules.n_seats
    table = tuple(deck.parse_cards(table_text))
    hands = [0] * n
    to_play = (leader + len(table)) % n
    hands[to_play] = deck.mask(hands_text)
    g = RefGame(rules)
    want = ref_legal(g, hands[to_play], table, leader)
    # the other seats' hands do not matter to the legal set: left empty
    solver = CountSolver(rules, table_bits=10)
    got = solver.legal(CountPosition(tuple(hands), leader, 0, table))
    return want, got


DROGGN = tarokk_rules("droggn", 54, 3, excuse=SKIZ)
VIER = vier_rules(4)
VIER_UPSET = vier_rules(4, upset=True)
VIER3 = vier_rules(3)
VIER3_UPSET = vier_rules(3, upset=True)
BELOTE_H = belote_rules(1)[:2]
BELOTE_NT = belote_rules(None)[:2]

SPEC_LEGAL = [
    # (rules, hand, leader, table, the spec's legal set)
    # droggn §6/§9: the excuse any time, led: the next card free; only tarokk the excuse: any
    ("droggn excuse led: next card free", DROGGN, "V SK", 0, "skiz", "V SK"),
    ("droggn excuse playable by a seat that can follow", DROGGN, "SQ V skiz", 0, "SK",
     "SQ skiz"),
    ("droggn void, only tarokk the excuse: any card", DROGGN, "skiz HK DA", 0, "SK",
     "skiz HK DA"),
    ("droggn tarokk led, only tarokk the excuse: any card", DROGGN, "skiz SK", 0, "V",
     "skiz SK"),
    ("droggn excuse led, second card sets the suit", DROGGN, "HQ V", 0, "skiz HK", "HQ"),
    ("droggn void: a tarokk", DROGGN, "V VI HK skiz", 0, "SK", "V VI skiz"),
    # vier-anderle §1: must overtake, every seat but the leader
    ("vier leader: any card", VIER, "SK V HJ", 0, "", "SK V HJ"),
    ("vier must overtake in suit", VIER, "SK SJ V", 0, "SQ", "SK"),
    ("vier cannot overtake: any of the suit", VIER, "SQ SJ V", 0, "SK", "SQ SJ"),
    ("vier void: a winning tarokk", VIER, "III XX HK", 0, "SK", "III XX"),
    ("vier overtake the tarokk on the table", VIER, "III XXI HK", 0, "SK XX", "XXI"),
    ("vier cannot overtake the tarokk: any tarokk", VIER, "III IV HK", 0, "SK XX", "III IV"),
    ("vier skiz led, no upset: nothing wins", VIER, "I V HK", 0, "skiz", "I V"),
    ("vier skiz led, upset: the pagat wins", VIER_UPSET, "I V HK", 0, "skiz", "I"),
    ("vier upset: skiz over a lone I is no win", VIER_UPSET, "V skiz HK", 0, "I", "V"),
    # belote §9
    ("belote trump led: higher trump", BELOTE_H, "HJ HA S7", 0, "H9", "HJ"),
    ("belote trump led: over partner's trump too", BELOTE_H, "HJ H8", 0, "HA H7", "HJ"),
    ("belote trump led, cannot go over: any trump", BELOTE_H, "H7 H8 S7", 0, "HJ", "H7 H8"),
    ("belote void, opponent winning, no trump on table: any trump", BELOTE_H,
     "H7 HJ D7", 0, "SA", "H7 HJ"),
    ("belote void, partner winning: any card", BELOTE_H, "H7 D7", 0, "SA S7", "H7 D7"),
    ("belote void, opponent trumped: surcouper", BELOTE_H, "HA HJ D7", 0, "S7 H9", "HJ"),
    ("belote void, opponent trumped, cannot over: sous-couper", BELOTE_H, "HA H8 D7", 0,
     "S7 H9", "HA H8"),
    ("belote void, partner trumped: any card", BELOTE_H, "HJ D7", 0, "S7 H9 S8", "HJ D7"),
    ("belote void, no trumps: any card", BELOTE_H, "D7 C8", 0, "S7 H9", "D7 C8"),
    ("belote plain led, follow: any of the suit", BELOTE_H, "SK S7 HJ", 0, "SA", "SK S7"),
    ("belote no trump, void: any card", BELOTE_NT, "H7 DA", 0, "SA", "H7 DA"),
]


@pytest.mark.parametrize("name, rd, hand, leader, table, spec", SPEC_LEGAL,
                         ids=[x[0] for x in SPEC_LEGAL])
def test_spec_legal_examples(name, rd, hand, leader, table, spec):
    deck, rules = rd
    want, got = legal_of(deck, rules, hand, leader, table)
    assert deck.format_cards(want) == deck.format_cards(deck.mask(spec)), "reference"
    assert deck.format_cards(got) == deck.format_cards(deck.mask(spec)), "engine"


SPEC_TRICKS = [
    # (rules, count, trick cards, leader, side, the spec's winner, the side's points)
    ("droggn excuse keeps its points", DROGGN, "skiz HK HQ", 0, {0}, 1, 5),
    ("droggn excuse: winner gets the rest", DROGGN, "skiz HK HQ", 0, {1}, 1, 9),
    ("droggn excuse played late never wins", DROGGN, "V VI skiz", 0, {2}, 1, 5),
    ("vier upset: all tarokks, I over skiz", VIER3_UPSET, "skiz I V", 0, {1}, 1, 1),
    ("vier upset: a suit card in it, skiz wins", VIER3_UPSET, "skiz I HK", 0, {0}, 0, 1),
    ("vier no upset: skiz wins", VIER3, "skiz I V", 0, {0}, 0, 1),
    ("belote trumped trick + last 10", BELOTE_H, "S7 H9 SA S8", 0, {1, 3}, 1, 14 + 11 + 10),
]


@pytest.mark.parametrize("name, rd, cards, leader, side, winner, pts", SPEC_TRICKS,
                         ids=[x[0] for x in SPEC_TRICKS])
def test_spec_trick_examples(name, rd, cards, leader, side, winner, pts):
    deck, rules = rd
    n = rules.n_seats
    ids = deck.parse_cards(cards)
    n_tricks = 8 if rules.name.startswith("belote") else 4
    if rules.name.startswith("belote"):
        count = belote_rules(int(rules.trump) if rules.trump >= 0 else None)[2]
    elif rules.name.startswith("vier"):
        count = zero_count(deck.n_cards, n_tricks)
    else:
        count = card_count(deck, n_tricks)
    trick = n_tricks - 1
    ref_winner, ref_pts = ref_trick_result(RefGame(rules), RefCount(count), ids, leader,
                                           trick, side)
    assert (ref_winner, ref_pts) == (winner, pts), "reference"
    hands = tuple(1 << ids[(s - leader) % n] for s in range(n))
    pos = CountPosition(hands, leader, trick, tuple(ids[:-1]))
    solver = CountSolver(rules, table_bits=10)
    nxt, got = solver.play(pos, ids[-1], side, count)
    assert (nxt.leader, got) == (winner, pts), "engine"


# --------------------------------------------------------------------------------------
# minimal endings, worked by hand from the spec (each a fresh solver, one call)

DROGGN2 = tarokk_rules("droggn54-2", 54, 2, excuse=SKIZ)
TAROKK3 = tarokk_rules("tarokk42-3", 42, 3)

MINIMAL = [
    # Droggn, 2 seats, 2 tricks left, seat 1 leads; seat 0 holds XVI and the excuse.
    # C7 led: excuse (+5, kept), then DK led and XVI wins it (+6) = 11; XVI first: +2, then
    # the excuse in the last trick (+5) = 7. DK led: XVI wins (+6), excuse last (+5) = 11.
    # Seat 0 counts 11 either way.
    ("droggn 2 seats, excuse", DROGGN2, card_count(DROGGN2[0], 27), "XVI skiz / C7 DK", 1, 25,
     {0}, 11),
    # 3 seats, card points, the coalition {1, 2} (the reference's value)
    ("tarokk42 3 seats, coalition", TAROKK3, card_count(TAROKK3[0], 12),
     "skiz SQ CK / XIII DN DK / I XIV XX", 0, 9, {1, 2}, 21),
    # Vier-Anderle, 5 seats, the upset pair, pagátulti count, seats 0 1 3 4 against seat 2
    # (the reference's value)
    ("vier5 upset pagatulti, coalition", vier_rules(5, upset=True), pagatulti_count(38, 4),
     "HN HK DN / II X DJ / skiz SQ HQ / CN CQ CK / I XX SJ", 4, 1, {0, 1, 3, 4}, 1),
    # uhu + pagátulti in one count (trick 10 with II, trick 11 with I), seat 1 leads.
    # A club lead would give 2 (seat 2 trumps with VI, seat 0 follows CQ, II wins trick 10
    # on seat 2's lead, I the last), so seat 1 leads HN: seat 2 must play VI and seat 0
    # (void) a tarokk under it; seat 0 gives the I, and II wins trick 10: 1 (giving the II
    # instead, the I wins trick 10 and the last trick is lost: 0). The value is 1; the
    # engine merges I and II (same class: zero points, both named) and tries only the II.
    ("uhu+pagatulti, I and II held together", TAROKK3, uhu_pagatulti_count(42, 12),
     "I II CQ / C10 CK HN / VI SN DJ", 1, 9, {0}, 1),
]


@pytest.mark.parametrize("name, rd, count, hands_text, leader, trick, side, want", MINIMAL,
                         ids=[x[0] for x in MINIMAL])
def test_minimal_endings(name, rd, count, hands_text, leader, trick, side, want):
    deck, rules = rd
    hands = tuple(deck.mask(h) for h in hands_text.split("/"))
    assert RefSolver(rules, count, side).value(hands, leader, trick) == want, "reference"
    got = CountSolver(rules, table_bits=12).value(CountPosition(hands, leader, trick), side,
                                                  count)
    assert got == want, f"engine {got}, expected {want}"


# --------------------------------------------------------------------------------------
# whole belote deals (value only; the plain reference takes 0.5-15 s for 6 cards a hand and
# about a minute for 8, so the deals are of 6)

FULL_DEAL_CARDS = 6


@pytest.mark.parametrize("trump", [0, 2, None], ids=["S", "D", "NT"])
def test_full_belote_deals(trump):
    deck, rules, count = belote_rules(trump)
    rng = random.Random(f"{SEED}-full-{trump}")
    solver = CountSolver(rules)
    k = FULL_DEAL_CARDS
    cards = list(range(32))
    rng.shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[s * k:(s + 1) * k]) for s in range(4))
    leader = rng.randrange(4)
    trick = 8 - k
    total = sum(int(count.points[c]) for c in cards[:4 * k]) + 10
    case = Case("belote-full", deck, rules, count, 8, (k,), 1, ())
    side = frozenset({0, 2})
    want = RefSolver(rules, count, side).value(hands, leader, trick)
    pos = CountPosition(hands, leader, trick)
    where = describe(case, hands, leader, trick, (), side)
    assert solver.value(pos, side, count) == want, where
    # zero-sum: the other pair counts the rest
    assert solver.value(pos, frozenset({1, 3}), count) == total - want, where
    assert solver.reaches(pos, side, count, want), where
    assert not solver.reaches(pos, side, count, want + 1), where


# --------------------------------------------------------------------------------------
# the kernels' two ways through a suit, and the table's entry


def _reversed_tarokks(deck, rules, count):
    """The same game with the tarokks' card ids reversed (the XXI id 0 …): the tarokk suit's
    ids then run down in strength, so the kernels walk it by its order, not its bits."""
    import dataclasses

    perm = np.array([21 - c if c < 22 else c for c in range(rules.n_cards)])
    inv = np.argsort(perm)
    rev = dataclasses.replace(rules, name=rules.name + " reversed", suit_of=rules.suit_of[inv],
                              power=rules.power[inv],
                              card_names=[rules.card_names[i] for i in inv])
    rcount = Count(points=count.points[inv], trick_points=count.trick_points,
                   label=count.label)
    return perm, rev, rcount


@pytest.mark.parametrize("name", ["tarokk42-3", "jokai42-3"])
def test_a_suit_not_in_id_order_searches_alike(name):
    """A suit whose card ids run up in strength is walked by its mask's bits
    (``count_search._suit_bases``), any other by the suit's order: with the tarokks' ids
    reversed every trick start counts the same, in the same nodes."""
    from royal_sim.engine.kernel import count_search as K

    case = next(c for c in CASES if c.id == name)
    perm, rev, rcount = _reversed_tarokks(case.deck, case.rules, case.count)
    plain, other = CountSolver(case.rules), CountSolver(rev)
    bases = np.zeros(65, np.int64)
    K._suit_bases(other._order, other._order_len, bases)
    assert bases[case.rules.trump] == -1 and (bases[1:5] >= 0).all()
    rng = random.Random(f"{SEED}-reversed-{name}")
    for _ in range(12):
        k = rng.choice((4, 5, 6))
        cards = rng.sample(range(case.rules.n_cards), 3 * k)
        hands = tuple(sum(1 << c for c in cards[s * k:(s + 1) * k]) for s in range(3))
        moved = tuple(sum(1 << int(perm[c]) for c in cards[s * k:(s + 1) * k])
                      for s in range(3))
        leader, side = rng.randrange(3), frozenset({rng.randrange(3)})
        n0, r0 = plain.nodes, other.nodes
        want = plain.value(CountPosition(hands, leader, 12 - k), side, case.count)
        got = other.value(CountPosition(moved, leader, 12 - k), side, rcount)
        assert got == want
        assert other.nodes - r0 == plain.nodes - n0


def test_a_table_entry_packs_its_bounds_and_move():
    """An entry's bounds and move share one word (``count_search._tt_pack``): every value of
    their ranges comes back as it went in."""
    from royal_sim.engine.kernel import count_search as K

    for lo, hi, mv in ((-32000, 32000, -1), (0, 0, 0), (-1, 1, 63), (-32768, 32767, -128),
                       (17, -5, 5)):
        w = K._tt_pack(np.int64(lo), np.int64(hi), np.int64(mv))
        assert tuple(int(x) for x in K._tt_unpack(w)) == (lo, hi, mv)
