"""Speed of the count search (``royal_sim.engine.counts``) on full deals of every game, beside
royal tarokk's and bridge's trick search (the goal search) from the same run.

For each game of ``royal_sim.games`` (but royal): ``--deals`` random full deals by the game's
dealing (fixed seed), the declarer seat 1 against the others; per deal the threshold search
(one null-window test at the game's goal: belote 82, hármas 34, módosított 48, droggn and
troggu 54, strohmandli 48, vier-anderle 1 trick) and the exact count (tests halving the range),
each on a fresh table, one thread, warm JIT. Prints one line a game::

    GAME: exact median X ms, threshold median Y ms, nodes N

(``nodes``: the exact search's median), then the 90th percentiles. Royal: the goal search's
``max_tricks`` for the attack on random valid deals; bridge: the same kernel on random
10-card positions with a trump (``bridge_play_rules``, as ``bench_solver.py``). Compile time is printed first (the count
kernels' first call: compile or cache load).

Targets (issue 45): belote exact ≤ 5 ms median (goal ≤ 1 ms), threshold ≤ 2 ms; hármas and
droggn threshold ≤ 50 ms median.

A search past ``--max-nodes`` (default 100,000,000, some 7 s) stops and counts as
``> limit`` (the line says how many did). Usage: ``python benchmarks/bench_games.py [--deals
20] [--heavy-deals 5] [--seed 1] [--games belote,harmas] [--max-nodes N] [--analyze]``.

``--analyze`` also times a default ``analyze`` (``game_analysis.analyze_game`` without
``samples`` or ``precision``: every figure within ± 5 points, the decided rows of coinche
and the declarer games ± 10,
all cores, warm: one small run first) of each hand its game's analysis module lists
in ``BENCH`` (``royal_sim.analysis.game_analysis.ANALYSES``; a module of several games
maps each game id to its hands), one line each::

    GAME analyze: S s (N deals, HAND at SEAT)
    coinche analyze: N deals x 5 trumps in S s

``--dealt-hands K`` times the default ``analyze`` of the declarer games (Jókai, módosított,
Troggu, Droggn) on dealt hands too, seat 1's hand of ``deal --game GAME --seed 1 … K``,
beside the same hand held to ± 5 points on every row (``precision=0.05``: the default run
before decided contracts stopped at ± 10), one line a hand::

    GAME analyze dealt K: S s (N deals); every row +-5%: S s (N deals); ratio R

(the second where the analysis names what a deal is searched for).

``--marginal K`` replays the game's own tests (``declarer_analysis.play_game``, the win
and what its payment needs) of two contracts on ``K`` deals of a marginal hand of each
declarer game (``MARGINAL``, the hands ``docs/games.md`` times), every test limited to
5,000,000 nodes; the nodes are deterministic, so two versions of the search compare
exactly::

    GAME marginal tests: nodes N, U of T games undecided, S s (K deals x CONTRACTS; limit L)

Targets: coinche ≤ 5 s (goal ≤ 2 s, issue 46); the declarer games and each-for-himself
≤ 10 s (goal ≤ 5 s, issues 47 and 48).
"""

from __future__ import annotations

import statistics
import time

import click

HEAVY = ("harmas", "modositott", "troggu", "droggn", "strohmandli")
"""Games whose full deals take seconds: measured on ``--heavy-deals`` deals."""


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _game_rows(game, n_deals, seed, threshold_only=False, max_nodes=0):
    """Per deal ``(threshold ms, exact ms, threshold nodes, exact nodes)``; a search that
    passes ``max_nodes`` counts as ``inf`` ms and nodes (the median then says ``>``)."""
    from royal_sim.engine.counts import CountPosition, CountSolver, SearchLimitError
    from royal_sim.games.base import new_state

    setup = game.setup(trump="H" if game.trumps else None)
    count = game.count(setup)
    goal = game.goal or 1
    state = new_state(seed)
    rows = []
    for _ in range(n_deals):
        dealt = game.deal(state, setup)
        rules = game.rules(setup, dealt)
        side = game.declarer_side(0, setup)
        pos = CountPosition(dealt.hands, game.default_leader(0, setup), 0, ())
        solver = CountSolver(rules, max_nodes=max_nodes)
        t0 = time.perf_counter()
        try:
            made = solver.reaches(pos, side, count, goal)
            thr = ((time.perf_counter() - t0) * 1e3, solver.nodes)
        except SearchLimitError:
            made, thr = None, (float("inf"), float("inf"))
        ex = (None, None)
        if not threshold_only:
            solver = CountSolver(rules, max_nodes=max_nodes)
            t1 = time.perf_counter()
            try:
                value = solver.value(pos, side, count)
                ex = ((time.perf_counter() - t1) * 1e3, solver.nodes)
                if made is not None and (value >= goal) != made:
                    raise SystemExit(f"{game.id}: threshold and exact disagree on a deal")
            except SearchLimitError:
                ex = (float("inf"), float("inf"))
        rows.append((thr[0], ex[0], thr[1], ex[1]))
    return rows


def _ms(x: float) -> str:
    return "> limit" if x == float("inf") else f"{x:.1f} ms"


def _n(x: float) -> str:
    return "> limit" if x == float("inf") else f"{x:,.0f}"


def _royal_and_bridge(n_deals, seed):
    import random

    from bench_solver import random_tarokk_deal
    from royal_sim.engine.play_rules import bridge_play_rules
    from royal_sim.engine.solver import Solver
    from royal_sim.tarokk import max_tricks

    rng = random.Random(seed)
    ms = []
    for _ in range(n_deals):
        hands = random_tarokk_deal(rng)
        t0 = time.perf_counter()
        max_tricks(hands, 0, 1)
        ms.append((time.perf_counter() - t0) * 1e3)
    solver = Solver(bridge_play_rules(0))
    bms = []
    for _ in range(n_deals):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[10 * s:10 * s + 10]) for s in range(4))
        t0 = time.perf_counter()
        solver.max_tricks(hands, 0, 4, 0)
        bms.append((time.perf_counter() - t0) * 1e3)
    return ms, bms


def _analyses(ids) -> None:
    """The ``--analyze`` lines (module doc)."""
    from royal_sim.analysis.game_analysis import ANALYSES, analysis_module, analyze_game

    for gid in ids:
        if gid not in ANALYSES:
            continue
        bench = getattr(analysis_module(gid), "BENCH", ())
        if isinstance(bench, dict):         # a module of several games: game id -> hands
            bench = bench.get(gid, ())
        for hand, seat, options in bench:
            analyze_game(hand, seat, game=gid, samples=5, **options)        # warm
            t0 = time.perf_counter()
            result = analyze_game(hand, seat, game=gid, **options)     # the default run
            sec = time.perf_counter() - t0
            print(f"{gid} analyze: {sec:.1f} s ({result.deals} deals, {hand} at {seat}"
                  f"{''.join(f', {k}={v}' for k, v in options.items())})", flush=True)
            per = getattr(result, "searched_as", "")
            if per:
                print(f"{gid} analyze: {result.deals} deals x {per} in {sec:.1f} s",
                      flush=True)


def _dealt(ids, k: int) -> None:
    """The ``--dealt-hands`` lines (module doc)."""
    from royal_sim.analysis.game_analysis import analyze_game
    from royal_sim.games import GAMES
    from royal_sim.games.base import new_state

    for gid in ids:
        if gid not in ("harmas", "modositott", "troggu", "droggn"):
            continue
        game = GAMES[gid]
        setup = game.setup()
        for seed in range(1, k + 1):
            hand = game.deck(setup).format_cards(game.deal(new_state(seed), setup).hands[0])
            runs = []
            for kw in ({}, {"precision": 0.05}):
                t0 = time.perf_counter()
                result = analyze_game(hand, "1", game=gid, **kw)
                runs.append((time.perf_counter() - t0, result.deals))
            (a, na), (b, nb) = runs
            print(f"{gid} analyze dealt {seed}: {a:.1f} s ({na} deals); every row +-5%: "
                  f"{b:.1f} s ({nb} deals); ratio {a / b:.2f}", flush=True)


MARGINAL = {
    "harmas": ("XXI XIX XVII XV XII X VIII V SK SQ HK HA", ("szolo", "kettos1")),
    "modositott": ("XXI XIX XVII XV XII X VIII V SK SQ HK HA", ("szolo", "kettos1")),
    "troggu": ("XXI XIX XVII XV XII X VIII V III SK SQ HK H4 C10 C9 DN",
               ("bemegyek", "szolo")),
    "droggn": ("XXII XXI XX XVIII XV XII X VIII V SK SQ HK H4 C10 D2 DK CQ",
               ("super", "solo")),
}
"""The marginal hands of ``docs/games.md`` (seat 1, the declarer) and two contracts each."""


def _marginal(ids, k: int, limit: int) -> None:
    """The ``--marginal`` lines (module doc)."""
    import itertools

    from royal_sim.analysis import declarer_worker as DW
    from royal_sim.analysis.declarer_analysis import play_game
    from royal_sim.analysis.declarer_deal import contracts_of, deals, setting, variant

    DW.MAX_NODES = limit
    for gid in ids:
        if gid not in MARGINAL:
            continue
        hand, cids = MARGINAL[gid]
        s = setting(hand, "1", game=gid)
        w = DW.Worker.of(s)
        w.solver.max_nodes = limit
        games = undecided = 0
        t0 = time.perf_counter()
        for hands, pile in itertools.islice(deals(s, 1), k):
            for cid in cids:
                contract = next(c for c in contracts_of(gid) if c.id == cid)
                v = variant(s, hands, pile, contract, rule="void", pair=0, index=1)
                before = w.limits
                play_game(w, v, contract, points=False)
                games += 1
                undecided += w.limits > before
        print(f"{gid} marginal tests: nodes {w.solver.nodes:,}, {undecided} of {games} "
              f"games undecided, {time.perf_counter() - t0:.1f} s ({k} deals x "
              f"{', '.join(cids)}; limit {limit:,})", flush=True)


@click.command()
@click.option("--deals", default=20, show_default=True, help="Full deals per light game.")
@click.option("--heavy-deals", default=5, show_default=True,
              help=f"Full deals per heavy game ({', '.join(HEAVY)}).")
@click.option("--seed", default=1, show_default=True)
@click.option("--games", default=None, help="Comma-separated game ids (default all).")
@click.option("--threshold-only", is_flag=True, help="Skip the exact counts.")
@click.option("--max-nodes", default=100_000_000, show_default=True,
              help="A search past this many nodes stops and counts as '> limit'.")
@click.option("--analyze", "analyses", is_flag=True,
              help="Also time a default analyze of each game's BENCH hands.")
@click.option("--dealt-hands", default=0, show_default=True, metavar="K",
              help="Also time the declarer games' default analyze of seat 1's hand of "
                   "deal seeds 1..K, beside every row held to +-5%.")
@click.option("--marginal", default=0, show_default=True, metavar="K",
              help="Also count the nodes of the declarer games' game tests on the "
                   "marginal hands, K deals each (node limit 5,000,000 a test).")
def main(deals, heavy_deals, seed, games, threshold_only, max_nodes, analyses,
         dealt_hands, marginal):
    from royal_sim.games import GAMES
    from royal_sim.engine.counts import CountPosition, CountSolver

    ids = [g for g in GAMES if g != "royal"] if not games else games.split(",")
    # compile (or load) the count kernels once, timed
    t0 = time.perf_counter()
    g = GAMES["belote"]
    s = g.setup(trump="H")
    d = g.deal(__import__("royal_sim.games.base", fromlist=["new_state"]).new_state(0), s)
    CountSolver(g.rules(s, d)).value(CountPosition(d.hands), (0, 2), g.count(s))
    print(f"count kernels: first call {time.perf_counter() - t0:.1f} s "
          "(compile, or load from the cache)", flush=True)
    for gid in ids:
        game = GAMES[gid]
        n = heavy_deals if gid in HEAVY else deals
        rows = _game_rows(game, n, seed, threshold_only, max_nodes)
        thr = [r[0] for r in rows]
        over = sum(1 for r in rows if r[0] == float("inf") or r[1] == float("inf"))
        tail = f"{n} deals" + (f", {over} past {max_nodes:,} nodes" if over else "")
        if not threshold_only:
            ex = [r[1] for r in rows]
            nodes = statistics.median(r[3] for r in rows)
            print(f"{gid}: exact median {_ms(statistics.median(ex))}, threshold median "
                  f"{_ms(statistics.median(thr))}, nodes {_n(nodes)}   (p90 exact "
                  f"{_ms(_pct(ex, 0.9))}, threshold {_ms(_pct(thr, 0.9))}; {tail})",
                  flush=True)
        else:
            nodes = statistics.median(r[2] for r in rows)
            print(f"{gid}: threshold median {_ms(statistics.median(thr))}, nodes "
                  f"{_n(nodes)}   (p90 {_ms(_pct(thr, 0.9))}; {tail})", flush=True)
    if analyses:
        _analyses(ids)
    if dealt_hands:
        _dealt(ids, dealt_hands)
    if marginal:
        _marginal(ids, marginal, 5_000_000)
    ms, bms = _royal_and_bridge(deals, seed)
    print(f"royal: max tricks median {statistics.median(ms):.2f} ms (p90 "
          f"{_pct(ms, 0.9):.2f} ms; {deals} deals)")
    print(f"bridge: max tricks median {statistics.median(bms):.2f} ms (p90 "
          f"{_pct(bms, 0.9):.2f} ms; {deals} deals)")


if __name__ == "__main__":
    main()
