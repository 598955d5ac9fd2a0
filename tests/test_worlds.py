"""Worlds from one seat's view (``royal_sim.cardplay.worlds``) against an independent brute force.

The reference here does not use the reduction of ``cardplay.worlds`` (dealt hands with shown-absent
cards as sampler constraints): it deals the hidden cards in every possible way into the other
seats' holdings now, adds back the cards each seat played, and keeps the deals whose dealt
hands meet the dealing rules and on which every card of the record was legal when it was
played (``legal_cards`` on the holding of that moment). Statistical checks use fixed seeds, so
they are deterministic; the p-value floor is 1e-4 (``test_sampling``).
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.engine.solver import legal_cards, trick_winner
from royal_sim.errors import ConstraintError, DealError
from royal_sim.model import cards as C
from royal_sim.model.deal import FIXED_CARD, Seat
from royal_sim.cardplay import MAX_ENUMERATED, WorldSampler, replay, shown_absent, worlds
from royal_sim.sampling.evidence import parse_heard
from royal_sim.sampling.sampler import sample_deals

from test_sampling import P_FLOOR, chisquare_pvalue

A_IND, D_ELF, D_IND, A_ELF = Seat.A_IND, Seat.D_ELF, Seat.D_IND, Seat.A_ELF


def random_game(seed: int, n_cards: int):
    """A valid deal and ``n_cards`` random legal cards played from it: (dealt hands, holdings
    now, record [(seat, card)])."""
    rng = random.Random(seed)
    dealt = [int(x) for x in sample_deals(1, seed).deals[0]]
    now, record, leader, trick = list(dealt), [], 0, []
    for _ in range(n_cards):
        s = (leader + len(trick)) % 4
        c = rng.choice(legal_cards(now[s], trick, R))
        now[s] &= ~(1 << c)
        record.append((s, c))
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, 0, R)) % 4
            trick = []
    return dealt, now, record


def record_is_legal(dealt, record) -> bool:
    """Every card of ``record`` legal for its seat, replayed on the dealt hands."""
    hands, trick = list(dealt), []
    for seat, c in record:
        if not hands[seat] >> c & 1 or c not in legal_cards(hands[seat], trick, R):
            return False
        hands[seat] &= ~(1 << c)
        trick = [] if len(trick) == 3 else trick + [c]
    return True


def dealing_rules_hold(dealt) -> bool:
    return (all(C.popcount(h & C.TAROKKS) >= 3 for h in dealt)
            and all(dealt[s] >> c & 1 for s, c in FIXED_CARD.items()))


def brute_force(seat, hand, record, accept=lambda dealt: True, dealing_rules=True) -> set:
    """Every consistent world (dealt hands, a 4-tuple) by dealing the hidden cards every way."""
    played = [0] * 4
    for s, c in record:
        played[s] |= 1 << c
    sizes = [10 - C.popcount(played[s]) for s in range(4)]
    hidden = C.FULL_MASK & ~hand
    for m in played:
        hidden &= ~m
    others = [s for s in range(4) if s != seat]
    cards = list(C.iter_bits(hidden))
    out = set()
    for a in combinations(cards, sizes[others[0]]):
        rest = [c for c in cards if c not in a]
        for b in combinations(rest, sizes[others[1]]):
            now = [0] * 4
            now[seat] = hand
            now[others[0]] = C.mask_of(a)
            now[others[1]] = C.mask_of(b)
            now[others[2]] = C.mask_of(c for c in rest if c not in b)
            dealt = tuple(now[s] | played[s] for s in range(4))
            if ((not dealing_rules or dealing_rules_hold(dealt)) and record_is_legal(dealt, record)
                    and accept(dealt)):
                out.add(dealt)
    return out


def rows(a: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in r) for r in a]


# endings small enough to enumerate: (game seed, cards played, observer); trick 8 start (the
# first two: the dealing rule removes worlds there),
# mid-trick 8 and 9 (seats holding unequal numbers of cards), and mid-trick 7
ENDINGS = [(1, 28, 1), (10, 28, 2), (3, 28, 0), (3, 30, 1), (5, 29, 2), (7, 33, 3), (11, 31, 0),
           (13, 26, 2)]


@pytest.mark.parametrize("seed,n_cards,seat", ENDINGS)
def test_enumeration_is_every_consistent_world_once(seed, n_cards, seat):
    dealt, now, record = random_game(seed, n_cards)
    ws = WorldSampler(seat, now[seat], record)
    w = ws.worlds(10**6)
    assert w.method == "enumerated" and w.count == ws.count == len(w)
    got = rows(w.dealt)
    assert len(set(got)) == len(got)                       # each world once
    assert set(got) == brute_force(seat, now[seat], record)
    assert tuple(dealt) in set(got)                         # the real deal is one of them
    played = np.array([sum(1 << c for s, c in record if s == j) for j in range(4)],
                      dtype=np.uint64)
    assert (w.hands == w.dealt & ~played).all()
    assert (w.hands[:, seat] == now[seat]).all()


def test_the_brute_force_checks_bind():
    """The reference is not vacuous: on these endings the dealing rule and the legality of the
    record each remove worlds that the other facts allow."""
    dealt, now, record = random_game(1, 28)
    full = brute_force(0, now[0], record)
    assert len(brute_force(0, now[0], record, dealing_rules=False)) > len(full)
    loose = set()
    played = [sum(1 << c for s, c in record if s == j) for j in range(4)]
    hidden = C.FULL_MASK & ~now[0] & ~(played[0] | played[1] | played[2] | played[3])
    cards = list(C.iter_bits(hidden))
    for a in combinations(cards, 3):
        rest = [c for c in cards if c not in a]
        for b in combinations(rest, 3):
            d = (now[0] | played[0], C.mask_of(a) | played[1], C.mask_of(b) | played[2],
                 C.mask_of(c for c in rest if c not in b) | played[3])
            if dealing_rules_hold(d):
                loose.add(d)
    assert len(loose) > len(full)


@pytest.mark.parametrize("seed,n_cards,seat,heard", [(7, 33, 3, None), (5, 29, 2, None),
                                                     (3, 30, 1, "matador")])
def test_sampled_worlds_are_uniform(seed, n_cards, seat, heard):
    dealt, now, record = random_game(seed, n_cards)
    hd = ()
    if heard:   # an announcement the real deal allows, from the first other seat that can
        s = next(j for j in range(4) if j != seat and dealt[j] & C.MATADORS)
        hd = (parse_heard(f"{Seat(s).name}:{heard}"),)
    ws = WorldSampler(seat, now[seat], record, heard=hd)
    ref = sorted(brute_force(seat, now[seat], record,
                             accept=lambda d: all(h.constraint.satisfied_by(d[h.seat])
                                                  for h in hd)))
    assert ws.count == len(ref) and 5 <= len(ref) <= 2000
    n = 40 * len(ref)
    w = ws.sample(n, seed=1234)
    assert w.method == "sampled" and len(w) == n
    index = {d: i for i, d in enumerate(ref)}
    counts = np.zeros(len(ref))
    for d in rows(w.dealt):
        counts[index[d]] += 1                  # KeyError: a world outside the consistent set
    assert chisquare_pvalue(counts) > P_FLOOR


@pytest.mark.parametrize("n_cards", [0, 3, 17, 34])
def test_sampled_worlds_replay_the_record(n_cards):
    """Trick 1, mid-trick 1, mid-trick 5, trick 9: every world makes each played card legal,
    keeps XX/XIX with their seats while unplayed, has >= 3 tarokks in each dealt hand."""
    dealt, now, record = random_game(21, n_cards)
    for seat in range(4):
        w = worlds(seat, now[seat], record, n=300, seed=seat)
        assert len(w) == min(300, w.count)
        played = {c for _, c in record}
        for d, h in zip(rows(w.dealt), rows(w.hands)):
            assert record_is_legal(d, record)
            assert dealing_rules_hold(d)
            for s, c in FIXED_CARD.items():
                assert c in played or h[s] >> c & 1
            assert h[seat] == now[seat]
            assert [C.popcount(x) for x in h] == [C.popcount(x) for x in now]


def test_a_shown_void_is_respected():
    # trick 1: A_IND leads SK; D_ELF trumps with III and A_ELF with IV (both void in spades),
    # so the two spades A_IND cannot see (SN, S10) are with D_IND in every world
    hand = C.mask_of(C.parse_cards("XX XVIII XVII XVI XV XIV SQ HK HQ"))   # A_IND after SK
    record = [(A_IND, "SK"), (D_ELF, "III"), (D_IND, "SJ"), (A_ELF, "IV")]
    ws = WorldSampler(A_IND, hand, record)
    two = C.mask_of(C.parse_cards("SN S10"))
    assert ws.not_held[D_ELF] == ws.not_held[A_ELF] == two and ws.not_held[D_IND] == 0
    w = ws.worlds(2000, seed=3)
    assert ((w.hands[:, D_IND] & np.uint64(two)) == two).all()
    # without the shown voids (D_IND follows, the others still to play) SN, S10 go anywhere
    w = worlds(A_IND, hand, record[:3], n=2000, seed=3)
    assert ((w.hands[:, A_ELF] & np.uint64(two)) != 0).any()


def test_a_discard_shows_no_tarokk():
    hand = C.mask_of(C.parse_cards("XX XVIII XVII XVI XV XIV SQ SN S10"))
    record = [(A_IND, "SK"), (D_ELF, "III"), (D_IND, "HK")]
    # D_IND neither followed nor trumped: no tarokk at trick 1, a dealt hand of 0 tarokks
    with pytest.raises(ConstraintError, match=r"up to trick 1: D_IND's HK: D_IND then held no "
                                              r"tarokk, so it was dealt at most 0 .* at least 3"):
        WorldSampler(A_IND, hand, record)
    sk, tarokks, spades = C.parse_card("SK"), C.TAROKKS, int(C.SUIT_MASKS[C.PIKK])
    assert shown_absent(C.parse_card("HK"), [sk]) == (spades | tarokks) & ~(1 << sk)
    assert shown_absent(C.parse_card("III"), [sk]) == spades & ~(1 << sk)
    assert shown_absent(C.parse_card("SQ"), [sk]) == 0
    assert shown_absent(C.parse_card("HK"), [C.parse_card("V")]) == tarokks & ~(
        1 << C.parse_card("V"))
    assert shown_absent(C.parse_card("SQ"), []) == 0


def test_voids_in_every_world_of_a_game():
    """Each seat that did not follow suit holds none of the led suit from then on (and none of
    the tarokks when it did not trump), in every sampled world."""
    dealt, now, record = random_game(8, 24)
    plays, *_ = replay(record)
    w = worlds(A_ELF, now[A_ELF], record, n=500, seed=9)
    for p in plays:
        if not p.before:
            continue
        led = C.SUIT_OF[p.before[0]]
        if C.SUIT_OF[p.card] == led:
            continue
        later = sum(1 << q.card for q in plays if q.seat == p.seat and q.trick > p.trick)
        mask = int(C.SUIT_MASKS[led])
        if C.SUIT_OF[p.card] != C.TAROKK:
            mask |= C.TAROKKS
        assert not later & mask
        assert ((w.hands[:, p.seat] & np.uint64(mask)) == 0).all()


def test_inconsistent_records_raise_a_clear_error():
    dealt, now, record = random_game(3, 12)
    # a card of the record in the observer's hand
    s, c = record[5]
    with pytest.raises(ConstraintError, match="trick 2: .* is in the hand of"):
        WorldSampler((s + 1) % 4, now[(s + 1) % 4] | 1 << c, record)
    # out of turn
    bad = record[:5] + [record[6], record[5]] + record[7:]
    with pytest.raises(ConstraintError, match="was to play"):
        WorldSampler(0, now[0], bad)
    # a card played twice
    _, leader, _, _ = replay(record)
    with pytest.raises(ConstraintError, match="already played"):
        WorldSampler(0, now[0], record + [(leader, record[0][1])])
    # the observer's hand of the wrong size
    with pytest.raises(DealError, match="holds"):
        WorldSampler(0, now[0] & (now[0] - 1), record)
    # a card played against a constraint given on the dealt hands
    from royal_sim.sampling.constraints import Constraints
    s, c = record[1]
    cons = Constraints().with_seat(s, not_holds=1 << c)
    with pytest.raises(ConstraintError, match="the cards played contradict the constraints"):
        WorldSampler(0, now[0], record, constraints=cons)
    # XX played by another seat
    hand = C.mask_of(C.parse_cards("XIX XVIII XVII XVI XV XIV SQ SN S10 HK"))
    with pytest.raises(ConstraintError, match="XX is dealt to A_IND"):
        WorldSampler(A_ELF, hand, [(A_IND, "I"), (D_ELF, "XX")])


def test_a_revoke_names_the_trick_seat_and_card():
    # the observer A_IND led SK and still holds spades; D_ELF shows a spade void in trick 1 by
    # trumping, then plays a spade in trick 2
    hand = C.mask_of(C.parse_cards("XX XVIII XVII XVI XIV SN S10 HQ"))
    record = [(A_IND, "SK"), (D_ELF, "III"), (D_IND, "SJ"), (A_ELF, "IV"),
              (A_ELF, "XV"), (A_IND, "XXI"), (D_ELF, "SQ")]
    with pytest.raises(ConstraintError, match=r"trick 1: D_ELF's III is not a legal card "
                                              r"while holding SQ \(played in trick 2\)"):
        WorldSampler(A_IND, hand, record)
    # the observer's own revoke: it discarded while holding a card of the led suit
    hand = C.mask_of(C.parse_cards("XX XVIII XVII XVI XV XIV SN S10 HQ"))
    record = [(A_IND, "SK"), (D_ELF, "SQ"), (D_IND, "SJ"), (A_ELF, "HK")]
    with pytest.raises(ConstraintError, match="trick 1: A_ELF's HK is not a legal card while "
                                              r"holding .* \(in its hand\)"):
        WorldSampler(A_ELF, C.mask_of(C.parse_cards("XIX XI X IX VIII VII VI V S10")), record)


def test_bids_heard_apply_to_the_dealt_hands():
    dealt, now, record = random_game(7, 29)
    seat, partner = A_ELF, A_IND
    played = sum(1 << c for _, c in record)
    base = rows(WorldSampler(seat, now[seat], record).enumerate().dealt)
    # the partner's ultimo on a card still unseen: the card is in the partner's dealt hand
    card = next(C.iter_bits(dealt[partner] & (C.KINGS | C.MATADORS) & ~played))
    ws = WorldSampler(seat, now[seat], record, partner_bids=[f"ultimo:{C.format_card(card)}"])
    expect = {d for d in base if d[partner] >> card & 1}
    assert set(rows(ws.enumerate().dealt)) == expect and 0 < ws.count < len(base)
    # an opponent's ultimo on it: the card is not in the partner's hand
    ws = WorldSampler(seat, now[seat], record, opponent_bids=[f"ultimo:{C.format_card(card)}"])
    assert set(rows(ws.enumerate().dealt)) == set(base) - expect
    # the partner's ultimo on a card an opponent played contradicts the record
    opp = next(c for s, c in record if s in (D_ELF, D_IND) and (1 << c) & (C.KINGS | C.MATADORS))
    with pytest.raises(ConstraintError, match="bids heard contradict the record"):
        WorldSampler(seat, now[seat], record, partner_bids=[f"ultimo:{C.format_card(opp)}"])


def test_heard_announcements_apply_to_the_dealt_hands():
    """Színszám heard from D_ELF counts the suit in its dealt hand, played cards included;
    each count is the worlds of the brute force with that count, or an error when none."""
    dealt, now, record = random_game(7, 29)
    seat = A_ELF
    base = rows(WorldSampler(seat, now[seat], record).enumerate().dealt)
    seen_error = False
    for suit in C.PLAIN_SUITS:
        mask = int(C.SUIT_MASKS[suit])
        for k in range(2, (4 if suit in (C.PIKK, C.TREFF) else 3) + 1):
            heard = f"D_ELF:szinszam:{C.SUIT_LETTERS[suit]},{k}"
            expect = {d for d in base if C.popcount(d[D_ELF] & mask) == k}
            if expect:
                ws = WorldSampler(seat, now[seat], record, heard=[heard])
                assert set(rows(ws.enumerate().dealt)) == expect
            else:
                seen_error = True
                with pytest.raises(ConstraintError):
                    WorldSampler(seat, now[seat], record, heard=[heard])
    assert seen_error


def test_more_worlds_than_asked_are_sampled():
    dealt, now, record = random_game(3, 30)
    ws = WorldSampler(2, now[2], record)
    assert ws.count > 50
    w = ws.worlds(50, seed=1)
    assert w.method == "sampled" and len(w) == 50 and w.count == ws.count
    e = ws.worlds(ws.count, seed=1)
    assert e.method == "enumerated" and len(e) == ws.count
    assert ws.count <= MAX_ENUMERATED


def test_the_position_now():
    dealt, now, record = random_game(4, 14)
    plays, leader, trick, number = replay(record)
    assert number == 4 and len(trick) == 2 and [p.position for p in plays[12:]] == [0, 1]
    t3 = [c for _, c in record[8:12]]
    assert plays[12].seat == (plays[8].seat + trick_winner(t3, 0, R)) % 4 == leader
    w = worlds(3, now[3], record, n=5, seed=0)
    assert (w.leader, w.trick, w.trick_number, w.to_play) == (
        leader, trick, 4, (leader + 2) % 4)


def test_the_dealing_rule_counts_the_tarokks_played():
    """D_ELF follows three tarokk leads, then discards: dealt exactly 3 tarokks, consistent;
    discarding after two is not (every dealt hand holds at least 3)."""
    hand = C.mask_of(C.parse_cards("XX XVI XV XIV XIII I"))
    tricks = ["XXII II III IV", "XXI V VI VII", "XVIII VIII IX X", "XVII SK XI XII"]
    record = [(s, c) for t in tricks for s, c in zip(range(4), t.split())]
    w = worlds(A_IND, hand, record, n=1000, seed=5)
    assert w.count > 0
    assert ((w.hands[:, D_ELF] & np.uint64(C.TAROKKS)) == 0).all()
    assert (C.popcount_array(w.dealt[:, D_ELF] & np.uint64(C.TAROKKS)) == 3).all()
    tricks = ["XXII II III IV", "XXI V VI VII", "XVIII SK IX X"]
    record = [(s, c) for t in tricks for s, c in zip(range(4), t.split())]
    with pytest.raises(ConstraintError, match="trick 3: D_ELF's SK: .* dealt at most 2"):
        WorldSampler(A_IND, hand | 1 << C.parse_card("XVII"), record)


def test_sampled_worlds_place_each_card_as_the_exact_counts_say():
    """Mid-trick 5, too many worlds to list: where each of a few unseen cards lies in the
    sampled worlds against the exact share of worlds with it there (counted with the card
    added as a fact)."""
    from royal_sim.sampling.constraints import Constraints
    dealt, now, record = random_game(17, 18)
    seat = record[-1][0]
    ws = WorldSampler(seat, now[seat], record)
    assert not ws.enumerable
    w = ws.sample(20_000, seed=77)
    others = [j for j in range(4) if j != seat]
    hidden = [c for c in C.iter_bits(C.FULL_MASK & ~dealt[seat])
              if not any(c == x for _, x in record)]
    for c in hidden[::4]:
        exact = []
        for j in others:
            try:
                exact.append(WorldSampler(seat, now[seat], record,
                                          constraints=Constraints().with_seat(j, holds=1 << c)
                                          ).count)
            except ConstraintError:
                exact.append(0)
        assert sum(exact) == ws.count
        got = [int(((w.hands[:, j] >> np.uint64(c)) & np.uint64(1)).sum()) for j in others]
        keep = [i for i, e in enumerate(exact) if e]
        assert all(got[i] == 0 for i in range(3) if not exact[i])
        if len(keep) > 1:
            e = np.array([exact[i] for i in keep], float) / ws.count * len(w)
            assert chisquare_pvalue([got[i] for i in keep], e) > P_FLOOR
