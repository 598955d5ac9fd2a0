"""Speed of worlds from one seat's view (``royal_sim/cardplay/worlds.py``), one core.

A sample game (a deal from seed 2026, each card a random legal card from the same seed); at the
start of trick 1, trick 5 and trick 9 the seat to lead sees its hand and the record so far. For
each point prints the exact number of consistent worlds, the set-up time (reading the record,
counting the worlds: ``WorldSampler``), the worlds per second of ``sample`` (median of repeats,
after a warm-up call) and the method it drew by, and, when the worlds are few enough, the time
to enumerate them all. A mid-trick point (trick 5, third to play) is shown beside.

Run: ``python benchmarks/bench_worlds.py [--n 20000] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tabulate import tabulate

from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.solver import legal_cards, trick_winner
from royal_sim.model import cards as C
from royal_sim.model.deal import SEATS
from royal_sim.cardplay import WorldSampler
from royal_sim.sampling.sampler import sample_deals


def sample_game(seed: int) -> tuple[list[int], list[tuple[int, int]]]:
    """A deal and a record [(seat, card)] of 40 random legal cards."""
    rng = random.Random(seed)
    deal = [int(x) for x in sample_deals(1, seed).deals[0]]
    hands, record, leader, trick = list(deal), [], 0, []
    for _ in range(40):
        seat = (leader + len(trick)) % 4
        c = rng.choice(legal_cards(hands[seat], trick, TAROKK_PLAY))
        hands[seat] &= ~(1 << c)
        record.append((seat, c))
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, 0, TAROKK_PLAY)) % 4
            trick = []
    return deal, record


def point(deal, record, k):
    """(seat to play, its hand now, the record of the first k cards)."""
    played = record[:k]
    seat = record[k][0]
    hand = deal[seat] & ~sum(1 << c for s, c in played if s == seat)
    return seat, hand, played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000, help="worlds a sample call draws")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    deal, record = sample_game(args.seed)
    WorldSampler(0, deal[0]).sample(10, 0)           # compile / load the kernels
    rows = []
    for label, k in (("trick 1", 0), ("trick 5", 16), ("trick 5, 3rd", 18), ("trick 9", 32)):
        seat, hand, played = point(deal, record, k)
        setups, rates = [], []
        for r in range(args.repeat):
            t0 = time.perf_counter()
            ws = WorldSampler(seat, hand, played)
            t1 = time.perf_counter()
            w = ws.sample(args.n, r)
            t2 = time.perf_counter()
            setups.append(t1 - t0)
            rates.append(args.n / (t2 - t1))
        enum = ""
        if ws.enumerable:
            t0 = time.perf_counter()
            e = ws.enumerate()
            enum = f"{(time.perf_counter() - t0) * 1e3:.1f} ms ({len(e):,} worlds)"
        rows.append([label, SEATS[seat].name, C.format_cards(hand), f"{ws.count:,}",
                     f"{statistics.median(setups) * 1e3:.1f}",
                     f"{statistics.median(rates):,.0f}", w.drawn_by, enum or "-"])
    print(tabulate(rows, headers=["point", "seat", "hand", "worlds", "set-up ms",
                                  "worlds/s", "drawn by", "enumerate all"]))


if __name__ == "__main__":
    main()
