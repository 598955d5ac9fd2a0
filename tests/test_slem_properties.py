"""Properties of the slem answers (``analysis.solve_slems``) on random deals and endings.

1. Monotonicity: where one predicate implies another for the same pair (spec §3), a made
   stronger slem must come with a made weaker one, on random valid deals (``sampling``) for
   both pairs: Volát ⇒ Mizer ⇒ … ⇒ Gém, Köpf ⇒ Honőr, Scala ⇒ Volát and the kötött, Légió ⇒
   the other színfogó, every Volát-containing trophy ⇒ Volát, Golgota ⇒ XXI-fogás, Royal ⇒
   Triumf ⇒ XXI-fogás, Full ⇒ Scala, Trojka, Spectrum ⇒ Scala, Couleur, and more below.
   Slems of equal predicates (Les and Pagátfogás, the two XXI-fogás) must agree, and the two
   pairs' answers must fit together (the game is zero-sum and determined).
2. Spot checks: random keys of those tables against a direct search of the compiled goal
   (``solver.search.solve_goal``), which uses none of the shortcuts of ``solve_slems``.
3. Endings: random plays from random deals down to 3–4 cards per hand; every slem answer of
   ``solve_slems`` for both pairs against the plain reference search (``tests/reference``) on
   the same compiled goal.

Laza rules throughout (no Gerots obligations: the comparisons are with plain searches).
"""

from __future__ import annotations

import functools
import os
import random

import pytest

from reference import play_random_tricks, ref_goal
from royal_sim.analysis import solve_slems
from royal_sim.model.deal import Deal, Pair
from royal_sim.sampling.sampler import sample_deals
from royal_sim.slems import SLEMS, candidate_params, compile_goal, parse_slem_key, slem_key
from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.tarokk import solve_goal

# solve_slems costs about 0.5-3 s per deal and pair on this machine (2 shared cores, often
# busy): 10 deals keep the file within a minute; SLEM_PROPERTY_DEALS=60 for a longer run
# (60 deals, both pairs: about 3 minutes).
N_DEALS = int(os.environ.get("SLEM_PROPERTY_DEALS", "10"))
SEED = 0x5E1E
DEALS = [tuple(int(x) for x in row) for row in sample_deals(N_DEALS, SEED).deals]
PAIRS = (Pair.ATTACK, Pair.DEFENCE)


@functools.lru_cache(maxsize=None)
def table(i: int, pair: int) -> dict:
    return solve_slems(DEALS[i], Pair(pair), rules="laza")


def family(r: dict, sid: str) -> dict:
    """The answers for slem ``sid`` under every parameter: {key: bool}."""
    return {k: v for k, v in r.items() if k == sid or k.startswith(sid + ":")}


# ---------------------------------------------------------------------------------------
# implications between parameterless slems (high ⇒ low), same pair

CHAIN = ("volat", "mizer", "oktav", "bridge", "kassza", "gem")
KOTOTT = ("pikolo", "city", "centrum", "kismadar", "nagymadar")
SUITS = "SCHD"
PLAIN_IMPLICATIONS = [
    *zip(CHAIN, CHAIN[1:]),
    ("obscur", "gem"),
    ("kopf", "honor"), ("tous_les_trois", "kopf"),
    ("scala", "volat"), *(("scala", k) for k in KOTOTT),
    ("legio", "armada"), ("legio", "flotta"), ("legio", "negy_kiraly"),
    *(("legio", f"banda:{s}") for s in SUITS),
    *(("legio", f"piros_fekete:{r},{b}") for r in "HD" for b in "SC"),
    ("armada", "banda:S"), ("armada", "banda:C"), ("flotta", "banda:H"), ("flotta", "banda:D"),
    *((f"piros_fekete:{r},{b}", f"banda:{x}") for r in "HD" for b in "SC" for x in (r, b)),
    ("golgota", "xxi_fogas"), ("golgota", "pagatfogas"),
    ("royal", "triumf"), ("triumf", "xxi_fogas"), ("triumf", "trojka"),
    ("royal", "golgota"),
    ("full", "scala"), ("full", "trojka"), ("spectrum", "scala"), ("spectrum", "couleur"),
    ("grand", "scala"), ("grand", "betlehem"), ("betlehem", "couleur"), ("betlehem", "fonix"),
    *((f"court:{s}", "scala") for s in SUITS), *((f"court:{s}", f"famille:{s}") for s in SUITS),
    *((f"famille:{s}", "couleur") for s in SUITS),
    ("trojka", "surrano"),
    ("harpia", "golgota"), ("harpia", "kentaur"), ("gloria", "couleur"),
    ("gloria", "xxi_fogas"),
    ("kentaur", "xxi_fogas"), ("kentaur", "amazon"),
    ("szfinx", "spadille"), ("szfinx", "amazon"), ("spadille", "amazon"),
    ("manille", "amazon"),
    *((f"dzsinn:{s}", "amazon") for s in "SC"),           # the 10 is a small card
    *((f"mariage:{s}", "amazon") for s in SUITS),         # one of the two tricks: the Q
    *((f"mariage:{s}", "spadille") for s in "HD"),
]
EQUIVALENT = [("les", "pagatfogas"), ("csendes_xxi_fogas", "xxi_fogas")]
VOLAT_TROPHIES = [s.id for s in SLEMS.values() if s.is_trophy and s.contains_volat]


def _param_implications(r: dict) -> list[tuple[str, str]]:
    """Implications between announced-card slems present in table ``r``."""
    out = []
    for key in r:
        sid, _, p = key.partition(":")
        m = p.split(",") if p else []
        if sid == "heja":
            out += [(key, f"erdelyi_facan:{m[0]},{m[1]}"), (key, f"temesvari_facan:{m[0]},{m[2]}"),
                    (key, f"facan:{m[0]}"), (key, f"solyom:{m[1]}")]
        elif sid == "stella":
            out += [(key, f"heja:{p}"), (key, "volat"), *((key, k) for k in KOTOTT[1:])]
        elif sid == "erdelyi_facan":
            out += [(key, f"facan:{m[0]}"), (key, f"solyom:{m[1]}")]
        elif sid == "temesvari_facan":
            out.append((key, f"facan:{m[0]}"))
        elif sid == "kolozsvari_facan":
            out.append((key, f"solyom:{m[0]}"))
        elif sid in VOLAT_TROPHIES:
            out.append((key, "volat"))
    return out


def check_implications(r: dict) -> list[str]:
    bad = []
    for hi, lo in PLAIN_IMPLICATIONS + _param_implications(r):
        if hi in r and lo in r and r[hi] and not r[lo]:
            bad.append(f"{hi} made but {lo} not")
    for a, b in EQUIVALENT:
        if a in r and b in r and r[a] != r[b]:
            bad.append(f"{a}={r[a]} but {b}={r[b]}")
    return bad


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.label)
def test_monotone_on_random_deals(pair):
    bad, seen = [], {}
    for i in range(N_DEALS):
        r = table(i, int(pair))
        for msg in check_implications(r):
            bad.append(f"deal {Deal(DEALS[i])}: {msg}")
        for key, v in r.items():
            seen.setdefault(key.partition(":")[0], set()).add(v)
    assert not bad, "\n".join(bad[:10])
    # the tables are full ones (every slem present) and the sample is not trivial
    assert set(seen) == set(SLEMS), set(SLEMS) - set(seen)
    assert seen["gem"] == {True, False}


def test_pairs_fit_together():
    """Zero-sum, determined game: the attack forces ≥ 5 tricks iff the defence cannot force
    6; exactly one pair is first to five (Obscur); a capture or trick goal cannot be forced
    by both pairs when they are exclusive."""
    bad = []
    for i in range(N_DEALS):
        a, d = table(i, 0), table(i, 1)
        s = str(Deal(DEALS[i]))
        if a["gem"] == d["kassza"]:
            bad.append(f"{s}: attack gem {a['gem']} vs defence kassza {d['kassza']}")
        if d["gem"] == a["kassza"]:
            bad.append(f"{s}: defence gem {d['gem']} vs attack kassza {a['kassza']}")
        if a["obscur"] == d["obscur"]:
            bad.append(f"{s}: obscur attack {a['obscur']} defence {d['obscur']}")
        for sid in ("vizi", "lamour", "angelo", "kopf", "legio", "negy_kiraly"):
            if a[sid] and d[sid]:
                bad.append(f"{s}: both pairs capture for {sid}")
        for key in family(a, "banda"):
            if a[key] and d[key]:
                bad.append(f"{s}: both pairs make {key}")
    assert not bad, "\n".join(bad[:10])


def test_random_keys_match_direct_search():
    """``solve_slems`` (batched, with implication shortcuts and the max-tricks shortcut)
    against one direct search of the compiled goal, on random keys of every table, and on
    every made key."""
    rng = random.Random(SEED)
    bad, n, n_true = [], 0, 0
    for i in range(N_DEALS):
        for pair in PAIRS:
            r = table(i, int(pair))
            keys = rng.sample(sorted(r), 2) + [k for k, v in r.items() if v
                                               and not k.startswith(("gem", "kassza"))][:3]
            for key in keys:
                slem, param = parse_slem_key(key)
                goal = compile_goal(slem, param, DEALS[i], pair)
                want = not goal.impossible and solve_goal(DEALS[i], 0, 1, goal, int(pair))
                n += 1
                n_true += want
                if r[key] != want:
                    bad.append(f"{Deal(DEALS[i])} [{pair.label}] {key}: solve_slems {r[key]}, "
                               f"direct search {want}")
    assert not bad, "\n".join(bad[:10])
    assert n >= 4 * N_DEALS and n_true >= 2 * N_DEALS, (n, n_true)


# ---------------------------------------------------------------------------------------
# endings against the reference

N_POSITIONS = {3: 20, 4: 10}       # per number of cards left


@functools.lru_cache(maxsize=None)
def random_endings() -> tuple:
    rng = random.Random(SEED + 1)
    out = []
    for k, n in N_POSITIONS.items():
        rows = sample_deals(n, SEED + k).deals
        for row in rows:
            hands, leader, _ = play_random_tricks(rng, [int(x) for x in row], 0, 10 - k, R)
            out.append((tuple(hands), leader, 11 - k))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def ending_table(i: int, pair: int) -> dict:
    hands, leader, first = random_endings()[i]
    return solve_slems(hands, Pair(pair), leader=leader, first_trick=first, rules="laza")


def expected_keys(hands, pair, first_trick) -> set[str]:
    """Every bid the pair could announce that is defined in the position."""
    mine = hands[pair.seats[0]] | hands[pair.seats[1]]
    keys = set()
    for s in SLEMS.values():
        for p in candidate_params(s, mine):
            if compile_goal(s, p, hands, pair, first_trick) is not None:
                keys.add(slem_key(s, p))
    return keys


def test_endings_match_reference():
    """Every answer of solve_slems for a slem defined in the ending equals the reference
    search of the same compiled goal."""
    bad, n, n_true, slems_seen = [], 0, 0, set()
    for i, (hands, leader, first) in enumerate(random_endings()):
        for pair in PAIRS:
            r = ending_table(i, int(pair))
            where = f"{Deal(hands)} leader={leader} first_trick={first} [{pair.label}]"
            missing = expected_keys(hands, pair, first) - set(r)
            if missing:
                bad.append(f"{where}: missing {sorted(missing)}")
            for key, got in r.items():
                slem, param = parse_slem_key(key)
                goal = compile_goal(slem, param, hands, pair, first)
                if goal is None:          # see test_endings_leave_out_undefined_slems
                    continue
                want = ref_goal(hands, leader, first, goal, int(pair), R)
                n += 1
                n_true += want
                slems_seen.add(slem.id)
                if got != want:
                    bad.append(f"{where} {key}: solve_slems {got}, reference {want}")
    assert not bad, f"{len(bad)} of {n} disagree:\n" + "\n".join(bad[:10])
    assert n >= 300, n
    assert n_true >= 40, n_true
    assert len(slems_seen) >= 20, sorted(slems_seen)


UNDEFINED_BUG = ("solve_slems reports False for slems undefined in a position (e.g. Spectrum, "
                 "Royal, Gloria from trick 8) instead of leaving them out: "
                 "analysis._search_columns marks a column GOAL_FALSE when a column it implies "
                 "was not made, also where the column itself was GOAL_SKIP (undefined)")


def _undefined_bug_present() -> bool:
    """The bug of ``UNDEFINED_BUG`` (present at ccc7870, fixed in 0697ffb) on a small example: from
    trick 8, Couleur is defined (and lost: A_IND must win a trick with XXII), Spectrum is not,
    and the table must not list it. The xfail below applies only while this shows."""
    hands = Deal.parse("XXII SK SQ / XVIII HK HQ / I DK DQ / II CK CQ").hands
    return "spectrum" in solve_slems(hands, Pair.ATTACK, first_trick=8, rules="laza")


@pytest.mark.xfail(_undefined_bug_present(), strict=True, reason=UNDEFINED_BUG)
def test_endings_leave_out_undefined_slems():
    """solve_slems's contract: slems undefined in the position (a trick already played, a
    card no longer in play) are left out of the table."""
    bad = []
    for i, (hands, leader, first) in enumerate(random_endings()):
        for pair in PAIRS:
            extra = set(ending_table(i, int(pair))) - expected_keys(hands, pair, first)
            if extra:
                bad.append(f"{Deal(hands)} leader={leader} [{pair.label}]: {sorted(extra)}")
    assert not bad, "\n".join(bad[:5])
