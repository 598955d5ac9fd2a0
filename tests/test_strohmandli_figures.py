"""Strohmandli's table piles and figures against the plain reference (issue 48, "Verified";
``spec/other-games.md`` §2): ``tests/reference_counts.py`` plays the piles from the spec's words
(``RefGame.playable``), sharing no code with the kernel's ``_available`` nor with the
figures' search (``analysis/each_figures.search_figures``: its ladder, its cheap proofs and
the implications between figures).

- the legal cards of hand-built positions with piles (a card under a face-up pip lies face
  down; under a tarokk or king it is turned);
- an ending of every pile's three cards played out by ``solve_game`` (the ``solve`` command's
  line) is a legal game: every card legal by the reference, every pile turned as §2 says,
  each trick to the reference's winner, the points the reference's;
- the figures' verdicts of ``search_figures`` on random endings with piles are the reference's
  minimax verdicts, figure by figure.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference_counts import (RefCount, RefGame, RefSolver, cards_of, mask_of, ref_legal,
                              ref_trick_result, two_seat_tricks)
from royal_sim.analysis.each_deal import FIGURES, Setting
from royal_sim.analysis.each_figures import FigureSearch, figure_counts, search_figures
from royal_sim.analysis.game_position import solve_game
from royal_sim.engine.count_rules import trick_count
from royal_sim.engine.counts import CountPosition, CountSolver
from royal_sim.games import get_game
from royal_sim.games.base import Dealt, new_state

G = get_game("strohmandli")
SETUP = G.setup()
DECK = G.deck(SETUP)
T = G.n_tricks(SETUP)


def ids(text: str) -> list[int]:
    return DECK.parse_cards(text)


def mask(text: str) -> int:
    return sum(1 << c for c in ids(text))


def dealt_of(parts) -> Dealt:
    """``parts``: per seat ``(hand text, [pile texts top first])``; the hands hold the piles."""
    hands, piles = [], {}
    for s, (hand, ps) in enumerate(parts):
        hands.append(mask(hand) | sum(mask(p) for p in ps))
        piles[f"piles {s + 1}"] = [ids(p) for p in ps]
    return Dealt(tuple(hands), piles)


# -- legal cards -------------------------------------------------------------------------------

def test_a_card_under_a_face_up_pip_is_face_down_and_under_a_tarokk_it_is_turned():
    d = dealt_of([("HK", ["S10 II", "V CQ XX", ""]), ("XXI HQ XIX", ["DK", "C10", "DQ"])])
    rules = G.rules(SETUP, d)
    ref = RefGame(rules)
    solver = CountSolver(rules, table_bits=4)
    count = G.count(SETUP)
    pos = CountPosition(d.hands, 0, T - 6)
    # seat 1: HK, S10 (II below it face down), V (a tarokk: to hand, CQ turned, XX below it)
    assert solver.legal(pos) == ref.playable(d.hands[0], 0) == mask("HK S10 V CQ")
    after, _ = solver.play(pos, ids("S10")[0], (0,), count)
    assert solver.legal(after) == mask("XXI XIX")           # void in spades: a tarokk
    after, _ = solver.play(after, ids("XXI")[0], (0,), count)
    assert after.leader == 1
    # S10 played: II is turned and goes to hand, XX still lies under CQ
    mine = CountPosition(after.hands, 0, T - 5)
    assert solver.legal(mine) == ref.playable(after.hands[0], 0) == mask("HK II V CQ")
    led, _ = solver.play(after, ids("HQ")[0], (0,), count)
    assert solver.legal(led) == mask("HK")                    # follow suit
    assert ref_legal(ref, ref.playable(led.hands[0], 0), led.table, 1) == mask("HK")


# -- a game played out -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 11])
def test_solve_plays_an_ending_of_every_piles_cards_as_a_legal_game(seed):
    """Each seat: its last two cards in hand and its three piles of 3 as dealt (11 tricks)."""
    full = G.deal(new_state(seed), SETUP)
    hands, piles = [], {}
    for s in range(2):
        ps = full.piles[f"piles {s + 1}"]
        in_piles = sum(1 << c for p in ps for c in p)
        held = [c for c in range(DECK.n_cards) if (full.hands[s] & ~in_piles) >> c & 1]
        hands.append(sum(1 << c for c in held[-2:]) | in_piles)
        piles[f"piles {s + 1}"] = ps
    d = Dealt(tuple(hands), piles)
    sol = solve_game(G, SETUP, d, declarer=0)
    rules = G.rules(SETUP, d)
    ref = RefGame(rules)
    count = G.count(SETUP)
    k = RefCount(count)
    side = frozenset(sol.side)
    cur = list(d.hands)
    leader, got = sol.leader, 0
    assert len(sol.line) == 11
    for t, (lead, cards, winner) in enumerate(sol.line):
        assert lead == leader and len(cards) == 2
        for i, c in enumerate(cards):
            seat = (leader + i) % 2
            playable = ref.playable(cur[seat], seat)
            assert ref_legal(ref, playable, tuple(cards[:i]), leader) >> c & 1, \
                f"trick {t + 1}: {DECK.card_names[c]} is not legal for seat {seat + 1}"
            # a pile's card played is its pile's top: every card above it played already
            for p in piles[f"piles {seat + 1}"]:
                if c in p:
                    above = p[:p.index(c)]
                    assert all(not cur[seat] >> a & 1 or ref.to_hand >> a & 1 for a in above)
            cur[seat] &= ~(1 << c)
        w, pts = ref_trick_result(ref, k, list(cards), leader, T - 11 + t, side)
        assert w == winner
        leader, got = w, got + pts
    assert not any(cur)
    assert got == sol.points == RefSolver(rules, count, side).value(d.hands, sol.leader, T - 11)


# -- the figures -------------------------------------------------------------------------------

def _ending(rng: random.Random, n: int):
    """A random ending of ``n`` cards a seat (I, II, XXI, skíz and the kings likelier), some
    of each seat's cards in its piles."""
    special = ids("I II XXI XXII SK HK DK CK")
    pool = [c for c in range(DECK.n_cards) if c not in special]
    pick = rng.sample(special, rng.randint(3, 7))
    pick += rng.sample(pool, 2 * n - len(pick))
    rng.shuffle(pick)
    hands, piles = [], {}
    for s in range(2):
        mine = pick[s * n:(s + 1) * n]
        ps = [[], [], []]
        for c in mine[:rng.randint(0, min(n, 6))]:
            p = rng.randrange(3)
            if len(ps[p]) < 3:
                ps[p].append(c)
        hands.append(sum(1 << c for c in mine))
        piles[f"piles {s + 1}"] = ps
    return Dealt(tuple(hands), piles), rng.randrange(2), rng.randrange(2)


def _reference_verdicts(d: Dealt, me: int, leader: int, trick: int, counts: dict) -> tuple:
    rules = G.rules(SETUP, d)
    theirs = d.hands[1 - me]
    out = []
    ref = RefGame(rules)
    honours = ids("I XXI XXII")
    sets = {"fej": [mask_of(p) for p in ((honours[0], honours[1]), (honours[0], honours[2]),
                                         (honours[1], honours[2]))],
            "tuletroa_bejelentes": [mask_of(honours)],
            "negy_kiraly_bejelentes": [mask("SK CK HK DK")]}
    for fid in FIGURES:
        if fid in sets:
            out.append(int(any(_ref_announce(ref, d.hands, me, leader, m) for m in sets[fid])))
            continue
        cnt, k, _needs = counts[fid]
        if fid == "volat":
            cnt, k = trick_count(DECK.n_cards, T), T - trick
        # the figure's own words: the other's I / XXI (the search's other needs are proofs)
        card = {"pagatfogas": "I", "xxi_fogas": "XXI"}.get(fid)
        if card and not theirs >> ids(card)[0] & 1:
            out.append(0)
            continue
        v = RefSolver(rules, cnt, {me}).value(d.hands, leader, trick)
        out.append(int(v >= k))
    return tuple(out)


def _ref_announce(ref, hands, me: int, leader: int, cards: int) -> bool:
    """§2's announcement in the reference's words: ``me`` comes to lead a trick with every
    card of ``cards`` in hand and playable, having played none of them, whatever the other
    plays (two seats, every legal card tried)."""
    if hands[me] & cards != cards:
        return False
    if leader == me and ref.playable(hands[me], me) & cards == cards:
        return True
    if not hands[0]:
        return False
    other = 1 - leader
    results = []
    for a, answers in two_seat_tricks(ref, hands, leader):
        oks = [(a if leader == me else b) not in cards_of(cards)
               and _ref_announce(ref, h2, me, w, cards) for b, h2, w in answers]
        results.append(any(oks) if other == me else all(oks))
    return any(results) if leader == me else all(results)


def _ending_with_levels(rng, n):
    """A random ending of ``n`` tricks (``_ending``) and the figures' counts with the point
    levels of játék, kassza and duplajáték set at 35, 50 and 70 % of the points left (so
    that each ending tells them apart)."""
    d, me, leader = _ending(rng, n)
    counts = figure_counts(G, SETUP)
    left = sum(int(counts["jatek"][0].points[c]) for c in range(DECK.n_cards)
               if (d.hands[0] | d.hands[1]) >> c & 1)
    levels = sorted({max(1, round(left * x)) for x in (0.35, 0.5, 0.7)})
    while len(levels) < 3:
        levels.append(levels[-1] + 1)
    for fid, lv in zip(("jatek", "kassza", "duplajatek"), levels):
        counts[fid] = (counts[fid][0], lv, ())
    return d, me, leader, counts


@pytest.mark.parametrize("n, seed", [(4, 1), (5, 2), (6, 3)])
def test_the_figures_verdicts_are_the_references_on_endings(n, seed):
    rng = random.Random(seed)
    trick = T - n
    seen = {f: set() for f in FIGURES}
    for _ in range(12 if n < 6 else 6):
        d, me, leader, counts = _ending_with_levels(rng, n)
        fs = FigureSearch(G, SETUP, counts, 0, announce=True)
        s = Setting(G, SETUP, me, d.hands[me], (0, 1), leader)
        got = search_figures(fs, d, s, trick=trick)
        want = _reference_verdicts(d, me, leader, trick, counts)
        assert got == want, (G.format_deal(d, SETUP), me, leader)
        for f, v in zip(FIGURES, got):
            seen[f].add(v)
    # the endings tell figures apart: most are made somewhere and missed somewhere
    assert sum(len(v) == 2 for v in seen.values()) >= 5, seen
    assert np.all([v <= {0, 1} for v in seen.values()])


# -- full deals: the old search, the new one, the deepening --------------------------------

def test_full_deals_the_same_verdicts_by_the_ladder_the_figures_alone_and_deepened():
    """Where two searches both decide a figure they agree: ``search_figures`` (the ladder,
    the proofs), ``search_alone`` (every figure its own test, the way before) and ``deepen``
    from a tiny first limit; the deepening decides some figure the tiny limit left open."""
    from royal_sim.analysis.each_analysis import BENCH
    from royal_sim.analysis.each_deal import deals, setting
    from royal_sim.analysis.each_figures import UNKNOWN, deepen, search_alone

    hand, seat, opts = BENCH["strohmandli"][0]
    s = setting(hand, seat, game="strohmandli", **opts)
    gen = deals(s, 5)
    dealt = [next(gen) for _ in range(3)]
    wide = FigureSearch.of(s, 300_000)
    new = [search_figures(wide, d, s) for d in dealt]
    old = [search_alone(wide, d, s) for d in dealt]
    tiny = FigureSearch.of(s, 1_000)
    first = [search_figures(tiny, d, s) for d in dealt]
    deep = list(first)
    spent = deepen(tiny, s, dealt, deep, 2_000_000, jobs=2)
    assert 0 < spent <= 2_000_000
    opened = 0
    for a, b, f, g in zip(new, old, first, deep):
        for x in zip(a, b, f, g):
            known = [v for v in x if v != UNKNOWN]
            assert len(set(known)) <= 1, (a, b, f, g)
        opened += sum(1 for u, v in zip(f, g) if u == UNKNOWN and v != UNKNOWN)
    assert opened > 0


# -- the on-lead announcements (bejelentések, original table) ---------------------------------

@pytest.mark.parametrize("parts, leader, want", [
    # seat 1 leads trick 1 holding XXI and the skíz in hand: Fej at once
    ([("XXI XXII HK", ["", "", ""]), ("V VI HQ", ["", "", ""])], 0, True),
    # seat 2 answers a tarokk lead with an honour (its only tarokks): lost before its lead
    ([("V VI HQ", ["", "", ""]), ("XXI XXII HK", ["", "", ""])], 0, False),
    # seat 2 holds every suit's king: any lead is won, then it leads holding both honours
    ([("SQ HQ DQ CQ CN HN", ["", "", ""]), ("XXI XXII SK HK DK CK", ["", "", ""])], 0, True),
    # on lead, but the skíz lies under the S10: playing it loses the lead to SQ/SN, and the
    # tarokk led then takes an honour
    ([("XXI SK", ["S10 XXII", "", ""]), ("SQ SN V VI", ["", "", ""])], 0, False),
    # the same with the S10 winning (the other holds no spade, no tarokk): the skíz turned
    ([("XXI SK", ["S10 XXII", "", ""]), ("HQ HN DQ DN", ["", "", ""])], 0, True),
])
def test_fej_is_announced_where_the_seat_comes_to_lead_holding_two_honours(parts, leader,
                                                                            want):
    from royal_sim.analysis.each_announce import can_announce

    d = dealt_of(parts)
    me = 0 if "XXI" in parts[0][0] else 1
    n = d.hands[0].bit_count()
    solver = CountSolver(G.rules(SETUP, d), table_bits=4)
    pos = CountPosition(d.hands, leader, T - n)
    assert can_announce(solver, pos, me, mask("XXI XXII")) is want
    assert can_announce(solver, pos, me, mask("I XXI XXII")) is False     # I not held


def test_highest_of_fej_and_tuletroa_counts_once():
    from royal_sim.analysis.each_figures import result_points

    vals = {f.id: f.values["original"] for f in G.figures()}
    made = {"fej": True, "tuletroa_bejelentes": True, "negy_kiraly_bejelentes": True}
    assert result_points(made, vals, "sum") == 2 + 4
    made["tuletroa_bejelentes"] = False
    assert result_points(made, vals, "sum") == 1 + 4


@pytest.mark.parametrize("n, seed", [(4, 4), (5, 5), (6, 6)])
def test_the_other_seats_verdicts_with_what_the_seats_decide_are_the_references(n, seed):
    """``--option others``: the other player's figures, searched with what the seat's
    verdicts decide of them (``other_given``: zero-sum points, its I captured), are the
    reference's on endings; the given verdicts are used on some."""
    from royal_sim.analysis.each_figures import other_given

    rng = random.Random(seed)
    trick = T - n
    used = 0
    for _ in range(12 if n < 6 else 6):
        d, me, leader, counts = _ending_with_levels(rng, n)
        fs = FigureSearch(G, SETUP, counts, 0)
        mine = search_figures(fs, d, Setting(G, SETUP, me, d.hands[me], (0, 1), leader),
                              trick=trick)
        given = other_given(fs, mine, d, trick)
        used += bool(given)
        other = 1 - me
        got = search_figures(fs, d, Setting(G, SETUP, other, d.hands[other], (0, 1), leader),
                             trick=trick, given=given)
        want = _reference_verdicts(d, other, leader, trick, counts)
        plain = [w if f not in ("fej", "tuletroa_bejelentes", "negy_kiraly_bejelentes")
                 else 0 for f, w in zip(FIGURES, want)]
        assert list(got) == plain, (G.format_deal(d, SETUP), me, leader, given)
    assert used


def test_tuletroa_holding_the_skiz_and_the_xxi_is_the_pagatfogas_of_the_reference():
    """The seat holding the skíz and the XXI, the other the I: tulétroá is pagátfogás (the
    search takes either verdict for both, ``each_figures._only_the_pagat``), and both are
    the reference's on endings, made on some and missed on others."""
    rng = random.Random(48)
    n, trick = 5, T - 5
    skiz, xxi, pagat = ids("XXII XXI I")
    seen = set()
    tried = 0
    while tried < 10:
        d, me, leader = _ending(rng, n)
        mine, theirs = d.hands[me], d.hands[1 - me]
        if not (mine >> skiz & 1 and mine >> xxi & 1 and theirs >> pagat & 1):
            continue
        tried += 1
        counts = figure_counts(G, SETUP)
        fs = FigureSearch(G, SETUP, counts, 0)
        s = Setting(G, SETUP, me, mine, (0, 1), leader)
        got = dict(zip(FIGURES, search_figures(fs, d, s, trick=trick)))
        want = dict(zip(FIGURES, _reference_verdicts(d, me, leader, trick, counts)))
        assert got["tuletroa"] == got["pagatfogas"] == want["pagatfogas"] == want["tuletroa"]
        seen.add(got["tuletroa"])
    assert seen == {0, 1}
