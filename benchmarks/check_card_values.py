"""Every card's value against the references on many positions (more than the test suite's
``tests/test_card_values.py`` runs): tarokk positions in the middle of tricks against
``tests/reference.py`` (trick counts, and goals under both rule sets: "gerots" with held cards
and a lead rule, "laza" without), bridge positions against DDS's every-card mode (endplay).

Prints the positions checked, the cards valued and the disagreements of each part.

Usage: ``python benchmarks/check_card_values.py [--tricks 1000] [--goals 600] [--bridge 400]``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


@click.command()
@click.option("--tricks", default=1400, show_default=True, help="Trick-count positions.")
@click.option("--goals", default=700, show_default=True, help="Goal positions per rule set.")
@click.option("--bridge", "n_bridge", default=400, show_default=True,
              help="Bridge positions against DDS (0 to skip).")
@click.option("--seed", default=7, show_default=True)
def main(tricks: int, goals: int, n_bridge: int, seed: int) -> None:
    from reference import ref_card_values
    from royal_sim.tarokk import TAROKK_PLAY as R
    from royal_sim.engine.solver import Solver
    from test_card_values import mid_trick_position, obligations
    from test_solver_reference import random_goal

    solver = Solver(R)
    rng = random.Random(seed)
    total_mid = total_bad = 0
    bad = cards = mid = 0
    for _ in range(tricks):
        hands, leader, first, trick = mid_trick_position(rng, rng.choice((1, 2, 3, 4, 5)))
        pair = rng.randrange(2)
        got = solver.card_values(hands, leader, first, trick, pair)
        want = ref_card_values(hands, leader, first, trick, R, pair)
        bad += got != want
        cards += len(want)
        mid += bool(trick)
    print(f"tarokk trick counts: {tricks} positions ({mid} in the middle of a trick), "
          f"{cards} cards: {bad} disagreements with the reference")
    total_mid += mid
    total_bad += bad
    for rules in ("gerots", "laza"):
        bad = cards = mid = made = 0
        for _ in range(goals):
            hands, leader, first, trick = mid_trick_position(rng, rng.choice((1, 2, 3, 3, 4)))
            pair = rng.randrange(2)
            full = tuple(h | sum(1 << c for i, c in enumerate(trick) if (leader + i) % 4 == s)
                         for s, h in enumerate(hands))
            goal = random_goal(rng, full, first, 11 - first, pair)
            hold = None
            if rules == "gerots":
                goal, hold = obligations(rng, hands, first, goal, pair)
            got = solver.card_goals(hands, leader, first, goal, trick, pair, hold)
            want = ref_card_values(hands, leader, first, trick, R, pair, goal, hold)
            bad += got != want
            cards += len(want)
            made += sum(want.values())
            mid += bool(trick)
        print(f"tarokk goals, {rules}: {goals} positions ({mid} in the middle of a trick), "
              f"{cards} cards ({made} made): {bad} disagreements with the reference")
        total_mid += mid
        total_bad += bad
    print(f"tarokk, all: {total_mid} positions in the middle of a trick, {total_bad} "
          "disagreements")
    if n_bridge:
        from royal_sim.engine.play_rules import bridge_play_rules
        from reference import legal_cards
        from test_card_values import dds_card_values
        solvers = {t: Solver(bridge_play_rules(t)) for t in (0, 1, 2, 3, None)}
        bad = cards = mid = 0
        for _ in range(n_bridge):
            k = rng.choice((6, 7, 8, 9))
            deck = list(range(52))
            rng.shuffle(deck)
            start = [sum(1 << c for c in rng.sample(deck[13 * s:13 * s + 13], k))
                     for s in range(4)]
            leader, trump = rng.randrange(4), rng.choice((0, 1, 2, 3, None))
            hands, trick = list(start), []
            for j in range(rng.randrange(4)):
                seat = (leader + j) % 4
                c = rng.choice(legal_cards(solvers[trump].play_rules, hands[seat],
                                           trick[0] if trick else None))
                trick.append(c)
                hands[seat] &= ~(1 << c)
            seat = (leader + len(trick)) % 4
            got = solvers[trump].card_values(hands, leader, 14 - k, trick, seat % 2)
            want = dds_card_values(start, leader, trick, trump)
            bad += any(got.get(c) != v for c, v in want.items())
            cards += len(want)
            mid += bool(trick)
        print(f"bridge: {n_bridge} positions ({mid} in the middle of a trick), {cards} cards "
              f"valued by DDS: {bad} disagreements with DDS")


if __name__ == "__main__":
    main()
