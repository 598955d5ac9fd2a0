"""Heard announcements as sampler evidence (spec §3 "Hand announcements", §2 sampling).

Exact reference figures are computed here independently of ``royal_sim.sampling``: per-seat
forced cards, then an enumeration of tarokk splits with multinomial coefficients (Python
ints); "at least one of" and "one of" facts by enumerating where the few cards involved lie.
Statistical checks use fixed seeds (deterministic) and a p-value floor of 1e-4.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import erfc, exp, factorial, sqrt

import numpy as np
import pytest
from royal_sim.model import cards as C
from royal_sim.sampling import evidence as E
from royal_sim.model.announcements import AnnouncementError, HandConstraint, get_announcement
from royal_sim.model.deal import Seat
from royal_sim.errors import ConstraintError, DealError, RoyalSimError
from royal_sim.sampling.evidence import (EvidenceSampler, Heard, evidence_sampler, parse_heard,
                                parse_heard_list, sample_with_evidence)
from royal_sim.jit.rng import outputs, seed_state
from royal_sim.sampling.sampler import Constraints, sample_deals

P_FLOOR = 1e-4
U64 = np.uint64
A_IND, D_ELF, D_IND, A_ELF = Seat.A_IND, Seat.D_ELF, Seat.D_IND, Seat.A_ELF
FIXED = (1 << C.XX, 0, 0, 1 << C.XIX)


def mask(text: str) -> int:
    return C.mask_of(C.parse_cards(text))


def popcount(m: int) -> int:
    return bin(m).count("1")


def multinomial(n: int, parts) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


def split_counts(forced, accept=lambda full: True) -> dict:
    """{full tarokk counts per seat: number of full deals} with ``forced[j]`` in hand j (XX,
    XIX included by the caller), every hand ≥ 3 tarokks and ``accept(full counts)``."""
    caps = [10 - popcount(f) for f in forced]
    assert min(caps) >= 0
    known = forced[0] | forced[1] | forced[2] | forced[3]
    assert popcount(known) == sum(popcount(f) for f in forced)
    free_t = 22 - popcount(known & C.TAROKKS)
    free_s = 18 - popcount(known & C.SUIT_CARDS)
    kt = [popcount(f & C.TAROKKS) for f in forced]
    out: dict = {}
    for t3 in product(*(range(c + 1) for c in caps[:3])):
        t = t3 + (free_t - sum(t3),)
        if not 0 <= t[3] <= caps[3]:
            continue
        full = tuple(k + x for k, x in zip(kt, t))
        if min(full) < 3 or not accept(full):
            continue
        out[full] = out.get(full, 0) + multinomial(free_t, t) * multinomial(
            free_s, [c - x for c, x in zip(caps, t)])
    return out


def count_deals(forced, accept=lambda full: True) -> int:
    return sum(split_counts(forced, accept).values())


def with_user(hand: int, seat: Seat, extra=None) -> list[int]:
    forced = list(FIXED)
    forced[seat] |= hand
    for j, m in (extra or {}).items():
        forced[j] |= m
    return forced


def placements(cards: list[int], seats=(1, 2, 3)):
    """Every way to put ``cards`` into ``seats``: yields {seat: mask}."""
    for where in product(seats, repeat=len(cards)):
        extra: dict = {}
        for c, j in zip(cards, where):
            extra[j] = extra.get(j, 0) | 1 << c
        yield where, extra


def chi2_sf(x: float, dof: int) -> float:
    """P(chi-square(dof) > x): exact for 1 and 2 degrees of freedom, else the Wilson–Hilferty
    normal approximation (ample for a 1e-4 floor)."""
    if x <= 0:
        return 1.0
    if dof == 1:
        return erfc(sqrt(x / 2))
    if dof == 2:
        return exp(-x / 2)
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / sqrt(2 / (9 * dof))
    return 0.5 * erfc(z / sqrt(2))


def gof_pvalue(values, probs: dict) -> float:
    """Pearson goodness of fit of ``values`` to ``probs`` ({value: probability}); a value
    outside the support fails outright."""
    values = list(values)
    n = len(values)
    keys = sorted(probs)
    obs = np.array([sum(1 for v in values if v == k) for k in keys], dtype=float)
    assert obs.sum() == n, "a sampled value has probability 0"
    expected = np.array([float(probs[k]) for k in keys]) * n
    assert expected.min() >= 5, "test design: pool small bins"
    return chi2_sf(float(((obs - expected) ** 2 / expected).sum()), len(keys) - 1)


def test_chi2_approximation_near_tabulated_quantiles():
    for x, dof in [(3.841458820694124, 1), (5.991464547107979, 2)]:
        assert chi2_sf(x, dof) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=0.02)
    assert chi2_sf(27.87716487, 9) == pytest.approx(0.001, rel=0.1)
    assert chi2_sf(24.32189, 6) == pytest.approx(0.000456, rel=0.2)


def check_sample(res, sampler: EvidenceSampler, hand: int, seat: Seat):
    d = res.deals
    assert d.shape == (len(res), 4) and d.dtype == U64
    for row in d:
        hands = [int(x) for x in row]
        assert all(popcount(h) == 10 for h in hands)
        assert hands[0] | hands[1] | hands[2] | hands[3] == C.FULL_MASK
        assert hands[0] >> C.XX & 1 and hands[3] >> C.XIX & 1
        assert all(popcount(h & C.TAROKKS) >= 3 for h in hands)
        assert hands[seat] == hand
        for it in sampler.items:
            assert it.hc.satisfied_by(hands[it.seat]), it.key
        assert sampler.satisfied_by(hands)


# ------------------------------------------------------------------------------------------
# parsing


def test_parse_heard_forms():
    h = parse_heard("A_ELF:tarokkszam:9")
    assert h == (A_ELF, get_announcement("tarokkszam"), 9)
    assert isinstance(h, Heard) and h.seat is A_ELF and str(h) == "A_ELF:tarokkszam:9"
    assert h.describe() == "Tarokkszám 9"
    assert parse_heard("d_elf:Flush") == (D_ELF, get_announcement("flush"), None)
    assert parse_heard("ellenindito:flush:S").param == C.PIKK
    assert parse_heard("D_ELF:szinszam:H,3").param == (C.KOR, 3)
    assert parse_heard("D_ELF:szinszam:3,H").param == (C.KOR, 3)
    assert parse_heard("elfogo:Matador") == (A_ELF, get_announcement("matador"), None)
    assert parse_heard("D_IND:vannak:D").param == "Q"   # D = dáma
    assert parse_heard("D_IND:Színszám:♠,4").describe() == "Színszám 4 ♠"
    assert parse_heard("D_IND:flush:S").describe() == "Flush ♠"
    assert [str(x) for x in parse_heard_list(["A_ELF:matador", "D_IND:vannak"])] == [
        "A_ELF:matador", "D_IND:vannak"]


@pytest.mark.parametrize("text, error, message", [
    ("A_ELF", RoyalSimError, "missing ':'"),
    ("tarokkszam9", RoyalSimError, "missing ':'"),
    (":flush", RoyalSimError, "missing seat"),
    ("A_ELF:", RoyalSimError, "missing announcement"),
    ("A_ELF::9", RoyalSimError, "missing announcement"),
    ("B_ELF:flush", DealError, "unknown seat 'B_ELF'"),
    ("A_ELF:flash", AnnouncementError, "unknown announcement 'flash'"),
    ("A_ELF:tarokkszam", AnnouncementError, "states a number"),
    ("A_ELF:tarokkszam:7", AnnouncementError, "8, 9 or 10"),
    ("A_ELF:tarokkszam:x", AnnouncementError, "bad count 'x'"),
    ("A_ELF:szinszam:H,4", AnnouncementError, "cannot be announced"),
    ("A_ELF:szinszam:H", AnnouncementError, "suit,count"),
    ("A_ELF:flush:X", AnnouncementError, "unknown suit 'X'"),
    ("A_ELF:vannak:10", AnnouncementError, "unknown rank"),
    ("A_ELF:matador:3", AnnouncementError, "takes no parameter"),
])
def test_parse_heard_errors(text, error, message):
    with pytest.raises(error, match=message) as info:
        parse_heard(text)
    assert isinstance(info.value, RoyalSimError)
    if "missing" not in message:
        assert repr(text) in str(info.value)


def test_parse_heard_rejects_non_strings():
    with pytest.raises(RoyalSimError, match="expected a string"):
        parse_heard(3)


# ------------------------------------------------------------------------------------------
# exactness against independent counts

HAND5 = mask("XX XVIII XV X V SK SQ HK CK C10")          # A_IND, 5 tarokks


def test_partner_tarokkszam_count_and_marginal():
    hand, seat = HAND5, A_IND
    ref = split_counts(with_user(hand, seat), accept=lambda full: full[3] == 9)
    total = sum(ref.values())
    s = EvidenceSampler(hand, seat, None, ["A_ELF:tarokkszam:9"])
    assert s.count == total
    assert len(s.parts) == 1
    base = count_deals(with_user(hand, seat))
    assert Fraction(total, base) < Fraction(1, 10)          # the announcement matters
    res = s.sample(4000, 11)
    check_sample(res, s, hand, seat)
    assert res.count == total
    d_elf = [popcount(int(r[1]) & C.TAROKKS) for r in res.deals]
    probs: dict = {}
    for full, w in ref.items():
        probs[full[1]] = probs.get(full[1], 0) + Fraction(w, total)
    assert sorted(probs) == [3, 4, 5]      # 8 tarokks left for the two defenders
    assert gof_pvalue(d_elf, probs) > P_FLOOR


def test_single_part_is_exactly_the_plain_sampler():
    """A heard Tarokkszám is the same constraint as --tarokks: same deals for the seed."""
    a = sample_with_evidence(300, 5, HAND5, A_IND, None, ["A_ELF:tarokkszam:9"])
    b = sample_deals(300, 5, HAND5, A_IND, Constraints().with_seat(A_ELF, tarokks=(9, 9)))
    assert np.array_equal(a.deals, b.deals) and a.count == b.count and a.method == b.method
    c = sample_with_evidence(200, 5, HAND5, A_IND)
    assert np.array_equal(c.deals, sample_deals(200, 5, HAND5, A_IND).deals)


HAND_NO_SD = mask("XX XVIII XV X V IX VIII I CK HK")     # A_IND, void in ♠ and ♦


def test_flush_without_suit_case_weights():
    hand, seat = HAND_NO_SD, A_IND
    w = {s: count_deals(with_user(hand, seat, {1: int(C.SUIT_MASKS[s])}))
         for s in (C.PIKK, C.KARO)}
    s = EvidenceSampler(hand, seat, None, ["D_ELF:flush"])
    assert s.count == sum(w.values())
    assert len(s.parts) == 2
    n = 3000
    res = s.sample(n, 3)
    check_sample(res, s, hand, seat)
    assert res.method.startswith("cases:")

    def case(row):
        h = int(row[1])
        got = [x for x in (C.PIKK, C.KARO) if h & int(C.SUIT_MASKS[x]) == int(C.SUIT_MASKS[x])]
        assert len(got) == 1
        return got[0]
    cases = [case(r) for r in res.deals]
    total = sum(w.values())
    assert gof_pvalue(cases, {k: Fraction(v, total) for k, v in w.items()}) > P_FLOOR
    assert w[C.PIKK] != w[C.KARO]        # a real test of the weights, not of symmetry


def test_vannak_without_rank_counts():
    hand, seat = HAND_NO_SD, A_IND          # holds CK, HK: kings impossible for D_IND
    w = {r: count_deals(with_user(hand, seat, {2: m})) for r, m in
         (("Q", C.QUEENS), ("N", C.KNIGHTS), ("J", C.JACKS))}
    s = EvidenceSampler(hand, seat, None, ["D_IND:vannak"])
    assert s.count == sum(w.values()) and len(s.parts) == 3
    res = s.sample(600, 8)
    check_sample(res, s, hand, seat)


HAND_PAGAT = mask("XX XVIII XV X V IX VIII I SK C10")    # A_IND holds I; II, III, IV free


def matador_reference(hand, seat, target):
    """{number of matadors at ``target``: deals} over deals where it holds at least one."""
    free = [c for c in C.iter_bits(C.MATADORS) if not hand >> c & 1]
    seats = [j for j in range(4) if j != seat]
    out: dict = {}
    for where, extra in placements(free, seats):
        k = sum(1 for j in where if j == target)
        if k:
            out[k] = out.get(k, 0) + count_deals(with_user(hand, seat, extra))
    return out


@pytest.mark.parametrize("threshold, leaves", [(0.0, 1), (2.0, 3)])
def test_matador_exact_in_filter_and_split_modes(monkeypatch, threshold, leaves):
    monkeypatch.setattr(E, "FILTER_MIN_ACCEPTANCE", threshold)
    hand, seat = HAND_PAGAT, A_IND
    ref = matador_reference(hand, seat, D_ELF)
    total = sum(ref.values())
    s = EvidenceSampler(hand, seat, None, ["D_ELF:matador"])
    assert s.count == total
    assert len(s.parts) == leaves
    n = 3000
    res = s.sample(n, 21)
    check_sample(res, s, hand, seat)
    assert res.method.endswith("+filter") == (leaves == 1)
    ks = [popcount(int(r[1]) & C.MATADORS) for r in res.deals]
    assert gof_pvalue(ks, {k: Fraction(v, total) for k, v in ref.items()}) > P_FLOOR


def test_overlapping_cases_by_inclusion_exclusion():
    """A generic "one of" whose cases overlap (holds SQ, or SN, or DN): counted by
    inclusion–exclusion, drawn as disjoint cases "case i and none of the earlier ones"."""
    hand, seat = HAND_PAGAT, A_IND
    cards = [C.parse_card(c) for c in ("SQ", "SN", "DN")]
    hc = HandConstraint(one_of=tuple(HandConstraint(held=1 << c) for c in cards))
    ref: dict = {}
    for where, extra in placements(cards):
        at = tuple(i for i, j in enumerate(where) if j == D_ELF)
        if at:
            ref[at] = ref.get(at, 0) + count_deals(with_user(hand, seat, extra))
    total = sum(ref.values())
    s = EvidenceSampler(hand, seat, None, [(D_ELF, hc)])
    assert s.count == total
    res = s.sample(4000, 2)
    check_sample(res, s, hand, seat)
    assert "+filter" in res.method
    subsets = [tuple(i for i, c in enumerate(cards) if int(r[1]) >> c & 1) for r in res.deals]
    assert gof_pvalue(subsets, {k: Fraction(v, total) for k, v in ref.items()}) > P_FLOOR


def test_three_matadors_need_every_free_one():
    hand, seat = mask("XX XVIII XV X V IX VIII I SK C10"), A_IND
    s = EvidenceSampler(hand, seat, None, ["D_ELF:matador", "D_IND:matador", "A_ELF:matador"])
    # II, III, IV go one to each seat: 3! placements
    ref = sum(count_deals(with_user(hand, seat, extra))
              for where, extra in placements([1, 2, 3]) if sorted(where) == [1, 2, 3])
    assert s.count == ref
    check_sample(s.sample(200, 4), s, hand, seat)


def test_many_announcements_together(monkeypatch):
    hand, seat = mask("XX XVIII XV X V IX CK HK HQ HN"), A_IND
    heard = ["A_ELF:tarokkszam:8", "D_ELF:flush", "D_IND:matador", "D_IND:szinszam:C,2",
             "A_ELF:matador"]
    s = EvidenceSampler(hand, seat, None, heard)
    res = s.sample(1500, 9)
    check_sample(res, s, hand, seat)
    # the count does not depend on how the "at least one" facts are drawn
    for thr in (0.0, 2.0):
        monkeypatch.setattr(E, "FILTER_MIN_ACCEPTANCE", thr)
        assert EvidenceSampler(hand, seat, None, heard).count == s.count
    # reference: sum over the flush suit of (all − D_IND without matador − A_ELF without
    # matador + both without), tarokk counts and the club count enumerated
    free_m = [c for c in C.iter_bits(C.MATADORS)]
    ref = 0
    for suit in (C.PIKK, C.KARO):
        for where, extra in placements(free_m):
            if D_IND not in where or A_ELF not in where:
                continue
            extra = dict(extra)
            extra[1] = extra.get(1, 0) | int(C.SUIT_MASKS[suit])
            forced = with_user(hand, seat, extra)
            if popcount(forced[1]) > 10:
                continue
            ref += clubs_count(forced, D_IND, 2, lambda full: full[3] == 8)
    assert s.count == ref


def clubs_count(forced, seat, n_clubs, accept) -> int:
    """Deals with ``forced`` cards where ``seat`` holds exactly ``n_clubs`` clubs: place the
    free clubs explicitly, then count."""
    known = forced[0] | forced[1] | forced[2] | forced[3]
    free_c = [c for c in C.iter_bits(C.TREFFS) if not known >> c & 1]
    have = popcount(forced[seat] & C.TREFFS)
    total = 0
    for where, extra in placements(free_c, (0, 1, 2, 3)):
        if have + sum(1 for j in where if j == seat) != n_clubs:
            continue
        f2 = [f | extra.get(j, 0) for j, f in enumerate(forced)]
        if max(popcount(f) for f in f2) > 10:
            continue
        total += count_deals(f2, accept)
    return total


# ------------------------------------------------------------------------------------------
# determinism and plumbing


def test_same_seed_same_deals():
    heard = ["D_ELF:flush", "A_ELF:matador"]
    a = EvidenceSampler(HAND_NO_SD, A_IND, None, heard).sample(400, 77)
    b = EvidenceSampler(HAND_NO_SD, A_IND, None, heard).sample(400, 77)
    c = EvidenceSampler(HAND_NO_SD, A_IND, None, heard).sample(400, 78)
    assert np.array_equal(a.deals, b.deals) and a.attempts == b.attempts
    assert not np.array_equal(a.deals, c.deals)
    d = sample_with_evidence(400, 77, HAND_NO_SD, "A_IND", None, heard)
    assert np.array_equal(a.deals, d.deals)
    f = evidence_sampler(heard)
    assert np.array_equal(f(400, 77, HAND_NO_SD, A_IND, None).deals, a.deals)
    assert sample_with_evidence(0, 1, HAND_NO_SD, A_IND, None, heard).deals.shape == (0, 4)


def test_python_draws_follow_the_kernels_stream():
    rng = E._Rng(12345)
    assert [rng.next64() for _ in range(6)] == [int(x) for x in outputs(seed_state(12345), 6)]
    rng = E._Rng(1)
    draws = [rng.below(3 * 2 ** 70) for _ in range(2000)]
    assert min(draws) >= 0 and max(draws) < 3 * 2 ** 70
    assert gof_pvalue([x * 3 // (3 * 2 ** 70) for x in draws],
                      {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}) > P_FLOOR


def test_bad_arguments():
    s = EvidenceSampler(HAND_NO_SD, A_IND, None, ["D_ELF:flush"])
    with pytest.raises(ValueError, match="non-negative"):
        s.sample(-1, 0)
    with pytest.raises(ValueError, match="unknown method"):
        s.sample(1, 0, method="magic")
    with pytest.raises(ValueError, match="seed"):
        s.sample(1, -1)
    with pytest.raises(RoyalSimError, match="not a heard announcement"):
        EvidenceSampler(HAND_NO_SD, A_IND, None, [42])


# ------------------------------------------------------------------------------------------
# contradictions


@pytest.mark.parametrize("hand, heard, constraints, message", [
    (HAND5, ["A_IND:matador"], None, "A_IND is your own seat"),
    (HAND5, ["A_ELF:flush:S"], None, "A_ELF cannot announce Flush ♠: you hold SK SQ"),
    (mask("XX XVIII XV X V IX VIII I SK C10"), ["A_ELF:flush:S"], None,
     "^A_ELF cannot announce Flush ♠: you hold SK$"),
    (mask("XX XVIII XV SK SQ HK HQ CK C10 DJ"), ["D_ELF:flush"], None,
     "D_ELF cannot announce Flush: your hand rules out every case"),
    (HAND5, ["D_IND:vannak:K"], None, "D_IND cannot announce Vannak K: you hold SK CK HK"),
    (HAND_PAGAT, ["A_ELF:tarokkszam:9"], None,
     "A_ELF cannot announce Tarokkszám 9: you hold 8 tarokks, which leaves at most 8"),
    (HAND5, ["D_ELF:szinszam:S,4"], None,
     "D_ELF cannot announce Színszám 4 ♠: you hold 2 of the 5 ♠"),
    (mask("XX XVIII IV III II I SK HK CK DK"), ["D_ELF:matador"], None,
     "D_ELF cannot announce Matador: you hold IV III II I"),
    (HAND_NO_SD, ["D_ELF:flush:D", "D_IND:flush:D"], None,
     "heard D_ELF:flush:D and D_IND:flush:D contradict each other"),
    (HAND5, ["D_ELF:tarokkszam:9", "D_ELF:tarokkszam:8"], None,
     "heard D_ELF:tarokkszam:9 and D_ELF:tarokkszam:8 contradict each other: .*9-9 and 8-8"),
    (HAND5, ["D_ELF:tarokkszam:9", "D_IND:tarokkszam:8"], None,
     "contradict each other: .*at least 25 tarokks"),
    (mask("XX XVIII XV X V IX VIII SK CK HK"), ["D_ELF:flush", "D_IND:flush"], None,
     "heard D_ELF:flush and D_IND:flush contradict each other: no deal fits both"),
    (HAND5, ["D_ELF:tarokkszam:9"], Constraints().with_seat(D_ELF, tarokks=(3, 5)),
     "heard D_ELF:tarokkszam:9 contradicts the given constraints"),
    (HAND_NO_SD, ["D_ELF:flush"], Constraints().with_seat(D_IND, holds=mask("SK DK")),
     "heard D_ELF:flush contradicts the given constraints"),
    (mask("XX XVIII XV X V IX II I SK C10"), ["D_ELF:matador", "D_IND:matador",
                                             "A_ELF:matador"], None,
     "no deal is consistent .* heard announcements together"),
])
def test_contradictions(hand, heard, constraints, message):
    with pytest.raises(ConstraintError, match=message):
        EvidenceSampler(hand, A_IND, constraints, heard)


def test_errors_not_caused_by_the_heard_announcements(monkeypatch):
    # the constraints alone are impossible: their own message, not blamed on the heard ones
    with pytest.raises(ConstraintError, match="^D_ELF is said not to hold"):
        EvidenceSampler(HAND5, A_IND, Constraints().with_seat(D_ELF, holds=mask("DK"),
                                                               not_holds=mask("DK")),
                        ["A_ELF:matador"])
    with pytest.raises(DealError, match="has 9 cards"):
        EvidenceSampler(mask("XX XVIII XV X V SK SQ HK CK"), A_IND, None, ["A_ELF:matador"])
    monkeypatch.setattr(E, "MAX_COUNTS", 3)
    with pytest.raises(ConstraintError, match="too many cases"):
        EvidenceSampler(HAND_NO_SD, A_IND, None, ["D_ELF:flush", "A_ELF:matador"])


def test_contradictions_without_a_known_hand():
    with pytest.raises(ConstraintError, match="contradict each other"):
        EvidenceSampler(None, None, None, ["D_ELF:flush:S", "A_ELF:flush:S"])
    # a Tarokkszám 10 by a defender is possible (XX and XIX are with the attackers)
    s = EvidenceSampler(None, None, None, ["D_ELF:tarokkszam:10"])
    res = s.sample(50, 1)
    assert all(popcount(int(r[1]) & C.TAROKKS) == 10 for r in res.deals)
