"""Troggu's withheld skíz (``spec/other-games.md`` §3; ``CountRules.withhold``) in the count
search agrees with the plain reference (``tests/reference_counts.py``, taught the rule from
the spec's words): on a tarokk lead the holder whose only tarokk is the skíz may play another
card; the skíz is then powerless, kept to the last trick (led there, the next card sets the
suit), goes back to its holder, and he gives that trick's winner his lowest captured card (the
fewest card points; with none, nothing). The intro's option (``withhold_void``): also when
void in a plain suit led.

Random endings with a random play history (the skíz withheld or not, the cards its holder has
captured), the side a single seat or a coalition: ``value``, ``reaches`` at it and above,
``legal`` and ``card_values`` equal the reference's, and every fourth ending's ``line`` plays
the reference's optimal cards. Besides, single tricks and one ending worked by hand.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference_counts import RefGame, RefSolver, cards_of, mask_of, ref_legal, ref_withholds
from royal_sim.engine.count_rules import DUTY_TRUMP, Count, CountRules
from royal_sim.engine.counts import CountPosition, CountSolver
from royal_sim.games.decks import tarokk_deck

SEED = 0x5C12
SKIZ = 21
DECK = tarokk_deck(54)


def troggu_rules(n_seats=3, void=False):
    return CountRules(name=f"troggu{n_seats}{'-void' if void else ''}", n_seats=n_seats,
                      suit_of=DECK.suit_of.copy(), power=DECK.power.copy(), trump=DECK.tarokk,
                      duty=DUTY_TRUMP, team_of=np.arange(n_seats, dtype=np.int8),
                      card_names=DECK.card_names, withhold=SKIZ, withhold_void=void,
                      offer_points=DECK.points.copy())


def points_count(n_tricks):
    return Count(points=DECK.points.astype(np.int16),
                 trick_points=np.zeros(n_tricks, np.int16), label="points")


def capture_count(n_tricks, cards):
    """1 for each of ``cards`` (a figure's count: tulétroá's honours, the kings)."""
    pts = np.zeros(DECK.n_cards, np.int16)
    for c in DECK.parse_cards(cards):
        pts[c] = 1
    return Count(points=pts, trick_points=np.zeros(n_tricks, np.int16), label="captures")


def pagatulti_count(n_tricks):
    tp = np.zeros(n_tricks, np.int16)
    tc = np.zeros(n_tricks, np.uint64)
    tp[-1] = 1
    tc[-1] = np.uint64(1)
    return Count(points=np.zeros(DECK.n_cards, np.int16), trick_points=tp, trick_cards=tc,
                 label="pagatulti")


def mizer_count(n_tricks):
    return Count(points=np.zeros(DECK.n_cards, np.int16),
                 trick_points=np.full(n_tricks, -1, np.int16), label="mizer")


# few tarokks, so that the skíz is often its holder's only one
POOL = tuple(range(22, 54)) + (0, 4, 11, 19, 20)
CASES = [
    ("troggu3-points", troggu_rules(3), points_count(16), 16, (3, 4, 4, 5), 60),
    ("troggu3-void-points", troggu_rules(3, void=True), points_count(16), 16, (3, 4, 4), 50),
    ("troggu3-tuletroa", troggu_rules(3), capture_count(16, "I XXI XXII"), 16, (3, 4, 4), 40),
    ("troggu3-kings", troggu_rules(3), capture_count(16, "SK CK HK DK"), 16, (3, 4, 4), 40),
    ("troggu3-pagatulti", troggu_rules(3), pagatulti_count(16), 16, (3, 4, 4), 40),
    ("troggu3-mizer", troggu_rules(3), mizer_count(16), 16, (3, 4, 4), 40),
    ("troggu4-points", troggu_rules(4), points_count(12), 12, (3, 3, 4), 30),
]
SIDES = ("single0", "coalition", "random_single", "random_coalition")


def side_of(kind, n, rng):
    if kind == "single0":
        return frozenset({0})
    if kind == "coalition":
        return frozenset(range(1, n))
    one = rng.randrange(n)
    if kind == "random_single":
        return frozenset({one})
    return frozenset(s for s in range(n) if s != one)


def random_ending(rng, rules, n_tricks, sizes):
    """``(hands, leader, trick, table, withheld, captured)``: ``k`` cards a seat at trick
    ``n_tricks - k``, the skíz in a hand nine times in ten; a history (the skíz withheld in
    a third of those, its holder's captures of up to 4 cards of the rest in half); then in
    half of the endings 1 … n-1 cards played by the reference's rules (a withholding
    among them sets the flag)."""
    g = RefGame(rules)
    n = rules.n_seats
    k = rng.choice(sizes)
    pool = [c for c in POOL]
    chosen = [SKIZ] if rng.random() < 0.9 else []
    chosen += rng.sample(pool, n * k - len(chosen))
    rng.shuffle(chosen)
    hands = [sum(1 << c for c in chosen[s * k:(s + 1) * k]) for s in range(n)]
    rest = [c for c in range(DECK.n_cards) if c not in chosen]
    held = any(h >> SKIZ & 1 for h in hands)
    withheld = held and rng.random() < 0.33
    captured = mask_of(rng.sample(rest, rng.randrange(1, 5))) if held and \
        rng.random() < 0.5 else 0
    leader = rng.randrange(n)
    table = []
    if rng.random() < 0.5:
        for i in range(rng.randrange(1, n)):
            seat = (leader + i) % n
            c = rng.choice(cards_of(ref_legal(g, hands[seat], tuple(table), leader, withheld)))
            withheld = withheld or ref_withholds(g, hands[seat], tuple(table), leader, c)
            hands[seat] &= ~(1 << c)
            table.append(c)
    return tuple(hands), leader, n_tricks - k, tuple(table), withheld, captured


def names(mask_or_cards):
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(DECK.card_names[c] for c in cards) or "-"


def check(solver, ref, count, pos, side, line):
    out = []
    where = (f"hands {' / '.join(names(h) for h in pos.hands)}; leader {pos.leader}, trick "
             f"{pos.trick}, table [{names(pos.table)}], withheld {pos.withheld}, captured "
             f"[{names(pos.captured)}], side {sorted(side)}")
    want = ref.value(pos.hands, pos.leader, pos.trick, pos.table, pos.withheld, pos.captured)
    got = solver.value(pos, side, count)
    if got != want:
        out.append(f"value {got} != reference {want}: {where}")
    if not solver.reaches(pos, side, count, want) or solver.reaches(pos, side, count, want + 1):
        out.append(f"reaches disagrees with the reference value {want}: {where}")
    want_legal = ref.legal(pos.hands, pos.leader, pos.table, pos.withheld)
    if solver.legal(pos) != want_legal:
        out.append(f"legal [{names(solver.legal(pos))}] != [{names(want_legal)}]: {where}")
    want_cv = ref.card_values(pos.hands, pos.leader, pos.trick, pos.table, pos.withheld,
                              pos.captured)
    got_cv = solver.card_values(pos, side, count)
    if got_cv != want_cv:
        out.append(f"card_values {got_cv} != reference {want_cv}: {where}")
    if line and not out:
        total, p = 0, pos
        for c in solver.line(pos, side, count):
            cv = ref.card_values(p.hands, p.leader, p.trick, p.table, p.withheld, p.captured)
            best = (max if p.to_play in side else min)(cv.values())
            if cv.get(c) != best:
                return [f"line card {DECK.card_names[c]} not optimal {cv}: {where}"]
            p, got = solver.play(p, c, side, count)
            total += got
        if total != want:
            out.append(f"line counts {total} != reference {want}: {where}")
    return out


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_endings_agree_with_reference(case):
    cid, rules, count, n_tricks, sizes, n_endings = case
    rng = random.Random(f"{SEED}-{cid}")
    solver = CountSolver(rules, table_bits=14)
    failures, checked, withheld = [], 0, 0
    for i in range(n_endings):
        hands, leader, trick, table, wh, captured = random_ending(rng, rules, n_tricks, sizes)
        pos = CountPosition(hands, leader, trick, table, wh, captured)
        withheld += wh
        for j, kind in enumerate(SIDES):
            side = side_of(kind, rules.n_seats, rng)
            ref = RefSolver(rules, count, side)
            failures += check(solver, ref, count, pos, side, (i + j) % 4 == 0)
            checked += 1
    assert withheld >= n_endings // 6, "too few endings with the skíz withheld"
    assert not failures, (f"{len(failures)} disagreements in {checked} checks:\n"
                          + "\n".join(failures[:20]))


# -- the spec's words on single tricks --------------------------------------------------------

SPEC_LEGAL = [
    # (option void, hand, table led by seat 0, withheld, the legal set)
    (False, "XXII SK H2", "V", False, "XXII SK H2"),           # tarokk led: may withhold
    (False, "XXII XX SK", "V", False, "XXII XX"),              # another tarokk: no
    (False, "XXII SK H2", "SQ", False, "SK"),                  # follow suit as ever
    (False, "XXII HK H2", "SQ", False, "XXII"),                # void: the skíz (Decision)
    (True, "XXII HK H2", "SQ", False, "XXII HK H2"),           # void, the intro's option
    (False, "XXII SK H2", "V", True, "SK H2"),                 # withheld: kept, any other
    (False, "XXII HK H2", "SQ", True, "HK H2"),                # withheld: no tarokk for void
    (False, "XXII", "V", True, "XXII"),                        # the last trick: played
    (False, "XXII SK H2", "", False, "XXII SK H2"),            # on lead: any
    (False, "XXII SK H2", "", True, "SK H2"),                  # withheld, on lead: not it
]


@pytest.mark.parametrize("void,hand,table,withheld,want", SPEC_LEGAL)
def test_spec_legal(void, hand, table, withheld, want):
    rules = troggu_rules(3, void)
    played = tuple(DECK.parse_cards(table))
    hands = [0, 0, 0]
    hands[len(played)] = DECK.mask(hand)
    pos = CountPosition(tuple(hands), 0, 15, played, withheld)
    assert CountSolver(rules, table_bits=8).legal(pos) == DECK.mask(want)
    assert ref_legal(RefGame(rules), hands[len(played)], played, 0, withheld) == \
        DECK.mask(want)


def test_withheld_skiz_worked_by_hand():
    """Trick 15 of 16, seat 0 on lead with V SK, seat 1 XXII HA, seat 2 VI C7; seat 1 plays
    the mizer (-1 a trick he takes). Led the V, seat 1 withholds (HA): VI wins, seat 2 leads
    C7 to the last trick, the skíz is powerless: no trick, 0 (the skíz: XXII V VI, then HA
    wins the last, -2). So seat 0 leads SK: void, seat 1 must play the skíz (tarokk leads
    only), it wins, -1 (then V beats HA). With the intro's option he withholds there too
    (HA; VI trumps, the V wins the last): 0. Then the points: the skíz goes back to seat 1,
    who gives the last trick's winner his lowest captured card (of SQ S7 XX one of 1)."""
    count = mizer_count(16)
    hands = tuple(DECK.mask(h) for h in ("V SK", "XXII HA", "VI C7"))
    captured = DECK.mask("SQ S7 XX")
    pos = CountPosition(hands, 0, 14, (), False, captured)
    for void, want in ((False, -1), (True, 0)):
        rules = troggu_rules(3, void)
        solver = CountSolver(rules, table_bits=8)
        assert solver.value(pos, {1}, count) == want
        assert RefSolver(rules, count, {1}).value(hands, 0, 14, (), False, captured) == want
    solver = CountSolver(troggu_rules(3), table_bits=8)
    v_led = CountPosition((DECK.mask("SK"),) + hands[1:], 0, 14, tuple(DECK.parse_cards("V")),
                          False, captured)
    assert solver.card_values(v_led, {1}, count) == {SKIZ: -2, DECK.parse_cards("HA")[0]: 0}
    count = points_count(16)
    # the line where he withholds, played out: the last trick's count for seat 2
    after, _ = solver.play(pos, DECK.parse_cards("V")[0], {2}, count)
    after, _ = solver.play(after, DECK.parse_cards("HA")[0], {2}, count)
    assert after.withheld
    after, got = solver.play(after, DECK.parse_cards("VI")[0], {2}, count)
    assert (after.leader, got) == (2, 3)           # V HA VI: VI (seat 2) wins 1 + 1 + 1
    assert after.captured == captured              # seat 1 took nothing
    after, got = solver.play(after, DECK.parse_cards("C7")[0], {2}, count)
    after, got = solver.play(after, DECK.parse_cards("SK")[0], {2}, count)
    last = after
    after, got = solver.play(after, DECK.parse_cards("XXII")[0], {2}, count)
    # C7 led by seat 2 wins (SK no clubs, the skíz powerless): C7 1 + SK 5 + S7 or XX 1
    assert got == 7
    assert solver.play(last, SKIZ, {1}, count)[1] == 4        # the skíz 5, less the 1 given
    assert solver.play(last, SKIZ, {0}, count)[1] == 0
