"""Strohmandli's minimax result-point difference (``analysis/each_minimax.py``, §2 "new")
against a brute force that plays every legal card of both seats with no memo and no
cut-off, the piles and legal cards by ``tests/reference_counts.py``, and the figures scored
from §2's table in this file's own words; a hand-built ending with a known answer; the
``solve`` command's line."""

from __future__ import annotations

import random

import pytest

from reference_counts import RefGame, cards_of, two_seat_tricks
from royal_sim.analysis.each_minimax import MAX_TRICKS, minimax_difference
from royal_sim.games import get_game
from royal_sim.games.base import Dealt

G = get_game("strohmandli")
SETUP = G.setup()
DECK = G.deck(SETUP)
VALUES = {f.id: f.values["valtozat"] for f in G.figures()}
NAME = DECK.card_names.index
KINGS = [NAME(x) for x in ("SK", "CK", "HK", "DK")]


def ids(text: str) -> list[int]:
    return DECK.parse_cards(text)


def dealt_of(parts) -> Dealt:
    hands, piles = [], {}
    for s, (hand, ps) in enumerate(parts):
        hands.append(sum(1 << c for c in ids(hand) + [c for p in ps for c in ids(p)]))
        piles[f"piles {s + 1}"] = [ids(p) for p in ps]
    return Dealt(tuple(hands), piles)


def spec_result_points(x: int, tricks, hands0) -> int:
    """Seat ``x``'s result points of a play (``tricks``: (leader, cards, winner)) in the
    változat table under ``sum`` (§2), the position read as a game of its own."""
    owner = {c: s for s in (0, 1) for c in cards_of(hands0[s])}
    won = [cards for _, cards, w in tricks if w == x]
    mine = {c for cards in won for c in cards}
    pts = sum(int(G.count(SETUP).points[c]) for c in mine)
    made = set()
    for fid, k in (("jatek", 48), ("kassza", 60), ("duplajatek", 71)):
        if pts >= k:
            made.add(fid)
    if len(won) == len(tricks):
        made.add("volat")
    if owner.get(NAME("I")) == 1 - x and NAME("I") in mine:
        made.add("pagatfogas")
    if owner.get(NAME("XXI")) == 1 - x and NAME("XXI") in mine:
        made.add("xxi_fogas")
    if {NAME("I"), NAME("XXI"), NAME("XXII")} <= mine and "volat" not in made:
        made.add("tuletroa")
    if set(KINGS) <= mine and "volat" not in made:
        made.add("negy_kiraly")

    def won_with(t, card):
        lead, cards, w = tricks[t]
        return w == x and card in cards and cards[(w - lead) % 2] == card
    if len(tricks) >= 2 and won_with(-2, NAME("II")):
        made.add("uhu")
    if won_with(-1, NAME("I")):
        made.add("pagatulti")
    return sum(VALUES[f] for f in made)


def brute(d: Dealt, leader: int) -> int:
    """Seat 1's (index 0) result points minus seat 2's, both playing every legal card."""
    ref = RefGame(G.rules(SETUP, d))

    def play(hands, leader, tricks):
        if not any(hands):
            return (spec_result_points(0, tricks, d.hands)
                    - spec_result_points(1, tricks, d.hands))
        other = 1 - leader
        vals = []
        for a, answers in two_seat_tricks(ref, hands, leader):
            got = [play(h2, w, tricks + [(leader, (a, b), w)]) for b, h2, w in answers]
            vals.append(max(got) if other == 0 else min(got))
        return max(vals) if leader == 0 else min(vals)

    return play(tuple(d.hands), leader, [])


def test_a_known_ending_leads_the_II_first_for_uhu_pagatulti_and_volat():
    d = dealt_of([("II I", ["", "", ""]), ("HK SK", ["", "", ""])])
    r = minimax_difference(G, SETUP, d, me=0, leader=0)
    assert r.value == 4 + 6 + 8                    # uhu, pagátulti, volát (változat)
    assert r.line[0] == NAME("II") and set(r.made[0]) == {"uhu", "pagatulti", "volat"}
    # for the other seat: the same difference negated
    assert minimax_difference(G, SETUP, d, me=1, leader=0).value == -18
    assert brute(d, 0) == 18


def _ending(rng: random.Random, n: int) -> Dealt:
    special = ids("I II XXI XXII SK HK CK DK")
    pool = [c for c in range(DECK.n_cards) if c not in special]
    pick = rng.sample(special, rng.randint(min(3, 2 * n), min(6, 2 * n)))
    pick += rng.sample(pool, 2 * n - len(pick))
    rng.shuffle(pick)
    hands, piles = [], {}
    for s in range(2):
        mine = pick[s * n:(s + 1) * n]
        ps = [[], [], []]
        for c in mine[:rng.randint(0, n)]:
            ps[rng.randrange(3)].append(c)
        hands.append(sum(1 << c for c in mine))
        piles[f"piles {s + 1}"] = ps
    return Dealt(tuple(hands), piles)


@pytest.mark.parametrize("n, seed, count", [(2, 1, 20), (3, 2, 20), (4, 3, 6)])
def test_the_minimax_difference_is_the_brute_forces(n, seed, count):
    rng = random.Random(seed)
    values = set()
    for _ in range(count):
        d = _ending(rng, n)
        leader = rng.randrange(2)
        r = minimax_difference(G, SETUP, d, me=0, leader=leader)
        want = brute(d, leader)
        assert r.value == want, (G.format_deal(d, SETUP), leader)
        assert minimax_difference(G, SETUP, d, me=1, leader=leader).value == -want
        values.add(want)
    assert len(values) >= 3          # the endings tell results apart


def test_a_position_too_big_or_of_three_players_is_refused():
    full = Dealt(tuple((1 << 21) - 1 << (21 * s) for s in range(2)))
    with pytest.raises(ValueError, match=f"at most {MAX_TRICKS} tricks"):
        minimax_difference(G, SETUP, full)
    with pytest.raises(ValueError, match="two players"):
        minimax_difference(G, G.setup(players=3), full)


def test_solve_prints_it_for_an_ending_and_says_why_not_for_a_trick_in_progress():
    import json

    from click.testing import CliRunner

    from royal_sim.cli import main

    deal = "II I | | | / HK SK | | |"
    r = CliRunner().invoke(main, ["solve", "--game", "strohmandli", deal, "--json"])
    assert r.exit_code == 0, r.output
    mm = json.loads(r.stdout)["minimax_difference"]
    assert mm["value"] == 18 and mm["seat"] == "1" and mm["line"][0] == "II"
    assert sorted(mm["made"]["seat"]) == ["pagatulti", "uhu", "volat"]
    assert mm["made"]["other"] == []
    r = CliRunner().invoke(main, ["solve", "--game", "strohmandli", deal, "--declarer", "2"])
    assert r.exit_code == 0, r.output
    assert "Minimax result-point difference for 2" in r.output and "-18" in r.output
    r = CliRunner().invoke(main, ["solve", "--game", "strohmandli", "II | | | / HK SK | | |",
                                  "--trick", "I", "--json"])
    assert r.exit_code == 0, r.output
    mm = json.loads(r.stdout)["minimax_difference"]
    assert mm["value"] is None and mm["why"] == "a trick in progress"
