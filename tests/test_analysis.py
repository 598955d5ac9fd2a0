"""The Monte Carlo driver and the analyze/solve commands."""

import json

import pytest
from click.testing import CliRunner

from royal_sim import slems as S
from royal_sim.analysis import analyze, wilson
from royal_sim.cli import main
from royal_sim.model.deal import Pair, Seat, parse_hand
from royal_sim.tarokk import TAROKK_PLAY
from royal_sim.engine.solver import Solver
from text import unfold

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
FULL_DEAL = ("XXI XX XI SQ SN SJ C10 HQ HN HJ / XVIII XV VI V IV S10 CN DK DN DJ / "
             "XXII XIII X VIII VII II CQ CJ HK DQ / XIX XVII XVI XIV XII IX III I SK CK")


def assert_counts_match_deal_by_deal(res, solver: Solver) -> None:
    """Each candidate's (made, n) of an attack analysis equals one-deal-at-a-time
    ``solve_goal`` searches on the same deals (laza rules: no play restrictions)."""
    for r in res.candidates:
        made = n = 0
        for row in res.deals:
            hands = [int(x) for x in row]
            goal = S.compile_goal(r.slem, r.param, hands, Pair.ATTACK)
            if goal is None:
                continue
            n += 1
            made += solver.solve_goal(hands, 0, 1, goal, int(Pair.ATTACK))
        assert (r.made, r.n) == (made, n), r.key


def test_wilson_known_values():
    # Wilson 95% for 0/10 is [0, 0.2775]; for 5/10 [0.2366, 0.7634]; for 10/10 [0.7225, 1]
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.27753, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.23659, abs=1e-4), pytest.approx(0.76341, abs=1e-4))
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.72247, abs=1e-4) and hi == 1.0


@pytest.mark.parametrize("only", [
    ["gem", "mizer", "volat", "pikolo", "ultimo", "banda", "pagatfogas", "obscur"],
    # implication chains: a stronger slem is searched only where the weaker one was made
    ["amazon", "spadille", "szfinx", "couleur", "famille", "betlehem", "fonix", "trojka",
     "surrano", "scala", "spectrum", "golgota", "xxi_fogas"],
])
def test_analyze_matches_deal_by_deal_search(only):
    """The parallel batch path, the trick-count shortcut and the implication skipping agree
    with one-deal-at-a-time searches (Solver.max_tricks / solve_goal) on the same deals."""
    hand = parse_hand(HAND, "A_IND")
    res = analyze(hand, Seat.A_IND, samples=10, seed=7, rules="laza", only=only)
    solver = Solver(TAROKK_PLAY)
    for i, row in enumerate(res.deals):
        hands = [int(x) for x in row]
        assert res.max_tricks[i] == solver.max_tricks(hands, 0, 1, int(Pair.ATTACK))
    assert_counts_match_deal_by_deal(res, solver)


def test_solve_batch_order_and_node_counts():
    """Neither the order items start in (longest first by ``order_by``) nor the number of
    threads taking them changes an answer or a cell's node count; the nodes of each
    searched cell are reported, none for skipped or known cells."""
    import numba
    import numpy as np
    from royal_sim.sampling.sampler import sample_deals
    from royal_sim.engine.cells import GOAL_FALSE, GOAL_SEARCH, GOAL_SKIP, solve_cells
    from royal_sim.model import cards as C
    from royal_sim.engine.goal import Goal, tricks_goal
    hand = parse_hand(HAND, "A_IND")
    deals = sample_deals(6, 1, hand, Seat.A_IND).deals
    goals = [tricks_goal(0), tricks_goal(6), Goal(exists=(C.KINGS,))]
    g = len(goals)
    packed = np.broadcast_to(np.array([x.pack() for x in goals]), (6, g, goals[0].pack().size))
    cls = np.broadcast_to(np.array([x.card_classes(40) for x in goals]), (6, g, 40))
    status = np.full((6, g), GOAL_SEARCH, dtype=np.int8)
    status[0, 1] = GOAL_SKIP
    status[1, 2] = GOAL_FALSE
    targets = np.array([[-1, 6, 0]] * 6, dtype=np.int64)
    pairs = np.zeros(g, dtype=np.int8)
    runs, counts, threads = [], [], numba.get_num_threads()
    try:
        for n_threads in sorted({1, threads}):
            numba.set_num_threads(n_threads)
            for order in (None, np.array([0.0, 1.0, 2.0]), np.array([2.0, 1.0, 0.0])):
                nodes = np.zeros((6, g), dtype=np.int64)
                runs.append(solve_cells(deals, packed, cls, status, pairs, targets,
                                        order_by=order, play_rules=TAROKK_PLAY, nodes_out=nodes))
                counts.append(nodes)
                assert (nodes[status == GOAL_SEARCH] > 0).all()
                assert (nodes[status != GOAL_SEARCH] == 0).all()
    finally:
        numba.set_num_threads(threads)
    assert all((r == runs[0]).all() for r in runs) and all((c == counts[0]).all() for c in counts)
    assert runs[0][0, 1] == -1 and runs[0][1, 2] == 0


def test_solve_batch_brackets_search_only_the_trick_counts_asked():
    """A bracket t..u (``tops``) gives the most tricks clipped to it, t - 1 below it: what
    a trick-count slem with a threshold in t..u reads, the same as from the max tricks."""
    import numpy as np
    from royal_sim.sampling.sampler import sample_deals
    from royal_sim.engine.cells import GOAL_SEARCH, solve_cells
    from royal_sim.engine.goal import tricks_goal
    hand = parse_hand(HAND, "A_IND")
    deals = sample_deals(8, 2, hand, Seat.A_IND).deals
    brackets = [(-1, -1), (5, 5), (5, 7), (0, 10), (3, 4), (9, 10), (6, 6)]
    g = len(brackets)
    goal = tricks_goal(0)
    packed = np.broadcast_to(goal.pack(), (8, g, goal.pack().size))
    cls = np.broadcast_to(goal.card_classes(40), (8, g, 40))
    status = np.full((8, g), GOAL_SEARCH, dtype=np.int8)
    targets = np.array([[t for t, _ in brackets]] * 8, dtype=np.int64)
    tops = np.array([[u for _, u in brackets]] * 8, dtype=np.int64)
    pairs = np.zeros(g, dtype=np.int8)
    nodes = np.zeros((8, g), dtype=np.int64)
    out = solve_cells(deals, packed, cls, status, pairs, targets, tops=tops,
                      play_rules=TAROKK_PLAY, nodes_out=nodes)
    best = out[:, 0]
    assert len(set(best.tolist())) > 2          # deals of several trick counts
    for j, (t, u) in enumerate(brackets[1:], 1):
        want = np.where(best < t, t - 1, np.minimum(best, u))
        assert np.array_equal(out[:, j], want), (t, u)
        for k in range(t, u + 1):               # each threshold read as from the max
            assert np.array_equal(out[:, j] >= k, best >= k)
    assert nodes[:, 1].sum() < nodes[:, 0].sum()    # one threshold: less than the max


def test_late_filter_picks_the_trick_set_most_columns_need():
    from royal_sim.analysis.plan import _late_filter
    f = frozenset
    row = [f({9, 10}), f({9, 10}), f({8, 9, 10}), f({10}), f(), f({8, 9, 10})]
    # {9, 10} is required by 4 columns, {8, 9, 10} by 2; single tricks do not count
    assert _late_filter([row]) == f({9, 10})
    assert _late_filter([[f({9, 10}), f({10}), f()]]) == f()      # fewer than 3 columns
    assert _late_filter([[f()] * 3]) == f()


def test_late_filter_keeps_the_answers():
    """Főnix, Mariage, Couleur and Famille share the filter "the pair wins 9 and 10 with suit
    cards"; where it fails they are not searched. Counts agree with per-deal searches."""
    hand = parse_hand("XXI XX XVII XV XIII SK SQ HK HQ DK", "A_IND")
    only = ["fonix", "mariage", "couleur", "famille"]
    res = analyze(hand, Seat.A_IND, samples=12, seed=3, rules="laza", only=only)
    assert_counts_match_deal_by_deal(res, Solver(TAROKK_PLAY))
    assert any(r.made for r in res.candidates)     # not a vacuous comparison


def test_analyze_is_deterministic_and_monotone():
    hand = parse_hand(HAND, "A_IND")
    only = ["gem", "kassza", "bridge", "oktav", "mizer", "volat"]
    a = analyze(hand, Seat.A_IND, samples=20, seed=3, only=only)
    b = analyze(hand, Seat.A_IND, samples=20, seed=3, only=only)
    assert [r.made for r in a.best] == [r.made for r in b.best]
    probs = [r.probability for r in a.best]
    assert probs == sorted(probs, reverse=True)  # Gém ⇐ Kassza ⇐ … ⇐ Volát


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_solve_json_position():
    # 1-card ending: A_IND leads XXII and wins; attack 1, defence 0.
    r = run("solve", "XXII / I / II / III", "--json", "--no-slems")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"leader": "A_IND", "first_trick": 10,
                                    "tricks": {"attack": 1, "defence": 0}}
    r = run("solve", "I / XXII / II / III", "--json", "--no-slems")
    assert json.loads(r.stdout)["tricks"] == {"attack": 0, "defence": 1}


def test_solve_json_slems_in_an_ending():
    # 3-card ending from trick 8, A_IND leading: the attack holds XXII XXI (A_IND) and wins
    # all three tricks. Les/Pagátfogás: D_ELF's I falls to the attack. XXI-fogás is impossible
    # for the attack (it holds XXI); the defence can force none of the capture slems.
    r = run("solve", "XXII XXI SK / I II SQ / III IV SN / V VI SJ", "--json",
            "--first-trick", "8")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["tricks"] == {"attack": 3, "defence": 0}
    att, dfc = out["slems"]["attack"], out["slems"]["defence"]
    assert att["kopf"] and att["tous_les_trois"] and att["les"] and att["pagatfogas"]
    assert att["ultimo:SK"] and not att["xxi_fogas"] and not att["couleur"]
    assert "gem" not in att and "pikolo" not in att  # name tricks before trick 8
    assert not any(dfc.values())


@pytest.mark.parametrize("args, needle", [
    (["solve", "XXII I / II / III / IV"], "unequal sizes"),
    (["solve", "XXII / I / II / III", "--leader", "NORTH"], "unknown seat"),
    (["solve", "XXII / I / II / III", "--first-trick", "11"], "is impossible"),
    (["solve", "XXII SK / I SQ / II SN / III SJ", "--first-trick", "3"], "next trick is trick 9"),
    (["solve", "XXII SK / I SQ / XX SN / III SJ"], "D_IND cannot hold it"),
    # found by a fresh user: a full deal solved with another seat leading trick 1
    (["solve", FULL_DEAL, "--leader", "D_IND"], "trick 1 is always led by A_IND"),
    (["analyze", HAND, "--seat", "A_IND", "--only", ","], "lists no slem"),
    (["analyze", HAND, "--seat", "A_IND", "--param", "ultimo=SK", "--param", "ultimo=IV"],
     "given twice"),
    (["analyze", HAND, "--seat", "A_IND", "--only", "gem", "--param", "ultimo=SK"],
     "not among the --only"),
    (["analyze", HAND, "--seat", "A_IND", "--param", "piros_fekete=H"], "got H"),
    (["analyze", HAND, "--seat", "A_IND", "--heard", "A_ELF:flush:S"], "you hold SK SQ"),
    (["analyze", HAND, "--seat", "A_IND", "--heard", "A_ELF:nosuch"], "unknown announcement"),
    (["analyze", HAND, "--seat", "A_IND", "--heard", "A_IND:matador"], "your own seat"),
    (["solve", "XXII / I / II / XXII"], "appears in two hands"),
    (["solve", "XXII / I / II / ZZ"], "unknown card 'ZZ'"),
    (["analyze", HAND, "--seat", "A_IND", "--only", "nosuch"], "nosuch"),
    (["analyze", HAND, "--seat", "A_IND", "--param", "ultimo=CK"], "cannot announce"),
    (["analyze", HAND, "--seat", "A_IND", "--samples", "0"], "--samples"),
    (["analyze", HAND, "--seat", "D_ELF"], "XX"),
    (["analyze", HAND], "--seat"),
    # click's own checks (types, ranges, choices, commands, arguments): one line too
    (["analyze", HAND, "--seat", "A_IND", "--seed", "-1"], "--seed"),
    (["analyze", HAND, "--seat", "A_IND", "--rules", "foo"], "'foo' is not one of"),
    (["frob"], "No such command 'frob'"),
    (["solve"], "Missing argument 'DEAL'"),
    (["deal", "-n", "0"], "0 is not in the range"),
    (["analyze", "--example", "--seat", "D_ELF"], "--example is the hand of A_IND"),
    (["analyze", "XXII XXI XX XVIII XVII XVI XV XIV XIII XII", "--seat", "A_IND", "--only",
      "ultimo,heja"], "your hand cannot announce them"),
])
def test_bad_input_is_one_line_error(args, needle):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and needle in lines[0], r.output
    assert "Traceback" not in r.output


def test_only_slems_the_hand_cannot_announce_are_named():
    r = CliRunner().invoke(
        main, ["analyze", "XXII XXI XX XVIII XVII XVI XV XIV XIII XII", "--seat", "A_IND",
               "--only", "gem,ultimo", "--samples", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert "left out ultimo: your hand cannot announce it" in r.stderr
    assert [x["id"] for x in json.loads(r.stdout)["slems"]] == ["gem"]


def test_analyze_json_shape():
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "5", "--only", "gem,ultimo",
            "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["seat"] == "A_IND" and out["samples"] == 5 and out["rules"] == "gerots"
    ids = [s["id"] for s in out["slems"]]
    assert ids == ["gem", "ultimo"]
    for s in out["slems"]:
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["probability"] <= hi <= 1
    assert "matador" in out["announcements"]


def test_analyze_heard_tarokkszam_changes_the_deals():
    # Partner announced Tarokkszám 9: every sampled deal gives A_ELF exactly 9 tarokks.
    from royal_sim.model import cards as C
    hand = parse_hand(HAND, "A_IND")
    from royal_sim.sampling.evidence import evidence_sampler, parse_heard
    res = analyze(hand, Seat.A_IND, samples=6, seed=1, only=["gem"],
                  sampler=evidence_sampler([parse_heard("A_ELF:tarokkszam:9")]))
    assert all(C.popcount(int(row[3]) & C.TAROKKS) == 9 for row in res.deals)
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "3", "--only", "gem",
            "--heard", "A_ELF:tarokkszam:9", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["known"] == ["heard A_ELF:tarokkszam:9"]


def test_progress_off_a_terminal_is_a_line_now_and_then(monkeypatch):
    import royal_sim.cli.progress as cli
    monkeypatch.setattr(cli, "LOG_EVERY", 0.0)
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "120", "--only", "gem",
            "--json")
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert lines and all(ln.startswith("searching deals: ") and ln.endswith(" of 120")
                         for ln in lines), lines
    json.loads(r.stdout)


def test_the_sampling_method_is_said_in_words():
    from royal_sim.cli.analyze import _sampling_words
    assert _sampling_words("exact") == "exact sampling"
    assert _sampling_words("cases:exact+rejection+filter") == (
        "exact and rejection sampling by cases of the announcements heard, filtered by "
        "rejection")
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "2", "--only", "gem", "--heard",
            "D_ELF:vannak")
    assert "cases:" not in r.stdout and "sampling" in unfold(r.stdout)[0]


def test_a_cold_cache_is_announced_before_the_search(monkeypatch):
    """The first run compiles the kernels (half a minute) before any deal is done: a line
    says so at once, off a terminal too; a warm run prints nothing."""
    import royal_sim.engine.cells as SB
    assert SB.kernels_compiled() in (True, False, None)
    monkeypatch.setattr(SB, "kernels_compiled", lambda: False)
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "3", "--only", "gem")
    assert r.exit_code == 0, r.output
    assert r.stderr == ("searching deals: 0 of 3 (compiling the search kernels first: once, "
                        "under a minute)\n")
    monkeypatch.setattr(SB, "kernels_compiled", lambda: True)
    assert run("analyze", HAND, "--seat", "A_IND", "--samples", "3", "--only",
               "gem").stderr == ""


def test_a_precision_driven_run_counts_its_deals_without_a_total(monkeypatch):
    """Precision-driven, the deals are counted "so far" and the cap named as a cap: the run
    ends when every slem is settled, usually long before it (not "0 of 10000")."""
    import royal_sim.engine.cells as SB
    monkeypatch.setattr(SB, "kernels_compiled", lambda: False)
    r = run("analyze", HAND, "--seat", "A_IND", "--precision", "0.3", "--only", "gem")
    assert r.exit_code == 0, r.output
    assert r.stderr == ("searching deals: 0 so far, each slem until +-30%, at most "
                        "10,000 (compiling the search kernels first: once, under a minute)\n")


def test_analyze_echoes_the_facts_it_sampled_under():
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "3", "--only",
            "Tous les trois, Négy király", "--void", "D_ELF:H", "--partner-tarokks", "5-8",
            "--heard", "D_IND:flush:D")
    assert r.exit_code == 0, r.output
    lines = unfold(r.stdout)            # (the header wraps off a terminal)
    assert lines[1] == ("Known: D_ELF: void H; A_ELF: tarokks 5-8; heard D_IND:flush:D"), lines
    assert "Tous les trois" in r.stdout and "Négy király" in r.stdout
    assert r.stderr == ""           # no progress label off a terminal
    r = run("analyze", HAND, "--seat", "A_IND", "--samples", "2", "--only", "gem", "--json")
    assert json.loads(r.stdout)["known"] == []
    assert "Known" not in run("analyze", HAND, "--seat", "A_IND", "--samples", "2",
                              "--only", "gem").stdout
