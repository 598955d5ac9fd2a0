"""Analysing a hand of the declarer games of source 004 (issue 47): Jókai-hármas (``harmas``),
módosított hármas (``modositott``), Troggu (``troggu``) and Droggn (``droggn``); for a hand at
a seat, per contract, the chance of the game and of each figure double dummy, and the
expected payment to the declarer (felvevő) under the spec's tables
(``spec/other-games.md`` §3 to §6; ``docs/games.md``, "Analysing a hand").

The deals. The cards the seat does not hold are dealt uniformly at random (the project's
generator, ``games.base.new_state(seed)``, ``shuffled``) into the other hands and the
hidden pile, as the game deals them: Jókai and módosított a skart of 6 in three pairs (top,
middle, bottom), Troggu the Tapp (6, 6, 9, 12 cards for 3 to 6 players), Droggn a talon of
3. Módosított: a deal where another seat could throw in (bedobás: its only tarokks XXI, I
or both; all five cards of a suit) is drawn again (§5 Decision); a warning when the seat
itself could.

One deal, one contract. The exchange gives the declarer's hand, the cards laid away (his,
their points a constant), the pile out of play (its points the constant of its owner:
Troggu's and Droggn's Tapp/talon the declarer's, Jókai's unused skart pairs the allies')
and, módosított for 4, the called partner (the holder of ``called``; the declarer alone
when he holds it or it lies in the skart). The count (``Game.count``) is searched with
null-window tests (``CountSolver.reaches``) for the game's threshold less the constants,
the declarer's side against the coalition of every other seat; each figure is one more
test on a count of its own: volát / Match / Super Mord a trick count reaching every
trick, a capture (tulétroá, négy király, XXI-fogás, pagátfogás) the count of the named
cards, pagátulti the last trick won with the I (``Count.trick_cards``); tarokkszám is a
fact of the hand after the exchange. A figure that cannot be made (the card out of play,
the pagát not the declarer's) is not searched. A test passing ``MAX_NODES`` nodes is
undecided: its row's interval covers the deal either way (``Row.undecided``; the stopping
rule holds both ends, the made and the made or undecided, to its precision), its chance and
payment count it as not made (``limits``; the text says how many). A precision-driven run
stops each row on its own (``declarer_stops.Stops``): searched until its interval is within
the precision (the default run: ± 10 points once its contract is decided, surely not the
best choice), then read on its deals so far; Droggn's brackets of points only while the
game row runs.

The exchange, a decision (§0 "Double dummy"): the lay-away rules of ``LAY_AWAY`` (a
heuristic shortlist, legal under each game's restriction), for Jókai and módosított also
the pair to take (the first pair seen worth at least ``t`` card points, ``t`` of
``PAIR_WORTH``; the pairs are seen top, middle, bottom, then top and middle again, the
index pricing a lost kettős), for Droggn's Ansager the buy (the highest tarokk he lacks,
for his first card to lay away), are scored on one set of ``PILOT_DEALS`` deals of their
own (seed + ``PILOT_SEED``): the candidate with the best mean payment is kept for the
whole analysis, never the best per deal.

Payments (the declarer's total from every opponent: the tables' "each" times the
opponents; Droggn's side amount X as it is). Jókai: kettős won 2 + 5 each, lost 2/4/8/16/32
by index + 5; szóló 7 + 30 won, 7 + 60 lost. Módosított: kettős 2, lost 2/4/6/8/10; szóló
±20. Troggu: 1 at 54, 2 at 71, 4 volát, the same lost (the opponents' 54, 71 or every
trick), 53 nothing; szóló doubles. Droggn: Ansager/Solo/Super 20/40/80 + 2 a point above
54 (the points a lower bound: the highest of 54, 64, 74 … reached), Match 134, lost the
base; Super Mord 164, lost 80. Figures silent (the rows' ``expected_score``) and announced
(``expected_score_announced``: won the announced value, failed its loss; a failed volát
also loses the game); ``declarer_turns`` prices them (``game_pay``, ``figure_pay``).

The turns (``declarer_turns``; ``docs/games.md``): Droggn's ulti announced is a contract of
its own (``Contract.ulti``: ``solo_pagatulti`` …, its card laid out, ``Variant.reserved``:
every test of it under that rule); kontra: the defence doubles the game or an announced
figure whose mean is below 0 for the declarer (``Row.expected_kontra``, the number read
unless ``--option nokontra``); the mizer (``MIZER``): the seat holding his tricks below his
fair share against the others loading him; Troggu's withheld skíz is a rule of play
(``CountRules.withhold``: every test plays it). Not counted: the opponents' silent figures
and jelentések.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .declarer_bounds import row_unknown, undecided_advice
from .declarer_deal import (HONOURS, LAY_AWAY, SKIZ, XXI, Contract, I, Setting, Variant,
                            call_json, deals, lay_away, leaders, setting, variant)
from .declarer_turns import (figure_pay, game_kontra_part, game_pay, mizer_most, mizer_pay,
                             n_opponents, with_kontra, with_rekontra)
from .declarer_stops import Stops, row_keys, row_made
from .declarer_worker import BRACKET_NODES, Worker
from .results import wilson
from .stopping import DECIDED

EXAMPLE = ('royal-sim analyze --game harmas "XXII XXI XX XIX XVIII XVII XVI XV XIV SK SQ HA" '
           "--seat 1")
BENCH = {
    "harmas": (("XXII XXI XX XIX XVIII XVII XVI XV XIV SK SQ HA", "1", {}),),
    "modositott": (("XXII XXI XX XIX XVIII XVII XVI XV SK SQ SN HA", "1", {}),),
    "troggu": (("XXII XXI XX XIX XVIII XVII XVI XV XIV XIII SK SQ HK H4 C10 C9", "1", {}),),
    "droggn": (("XXII XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI SK SQ HK H4 C10", "1",
                {}),),
}
"""Hands ``benchmarks/bench_games.py --analyze`` times, by game: (hand, seat, options)."""

DECIDES = True
"""Without ``samples`` or ``precision`` (the command passes neither) the analysis holds
every row to ± 5 points but stops the rows of a contract decided, surely not the best
choice, at ± 10 (``declarer_stops``; coinche's way)."""
DEFAULT_SAMPLES = 100
"""Deals of an analysis on a fixed number of deals (``samples`` alone)."""
DEFAULT_CAP = {"harmas": 2000, "modositott": 2000, "troggu": 400, "droggn": 200}
"""The most deals of a precision-driven analysis when ``samples`` is not given (Troggu's
and Droggn's deals take 10 to 100 times a Jókai deal's search)."""
PILOT_DEALS = 24
"""Deals the exchange's candidates are scored on (fewer when the analysis has fewer)."""
PILOT_SEED = 1_000_003
PAIR_WORTH = (0, 3, 5, 7, 9)
"""Jókai, módosított: take the first skart pair worth at least this many card points."""
DROGGN_STEP = 20
"""Droggn's points above 54 are bracketed by tests 20 apart (54, 74, 94: a lower bound, at
most 19 points short; the exact count of a full Droggn deal takes minutes)."""
MATCH_FROM = 94
NEEDS_GAME = frozenset({"volat", "duplajatek"})
"""Figures read from the game's tests (Troggu's ladder; a failed announced volát loses the
game): searched, they need the game searched too."""
MIZER_NODES = 10_000_000
"""Node limit of the mizer's test (a Troggu deal of 16 tricks takes up to some 10 M nodes,
1.5 s; a módosított one far fewer)."""



# -- one deal ----------------------------------------------------------------------------------

def _total(s: Setting) -> int:
    deck = s.deck
    return deck.points_of(deck.full_mask) + int(s.game.count(s.setup).trick_points.sum())


def play_game(w: Worker, v: Variant, contract: Contract, points: bool = True) -> dict:
    """The game's own tests on one variant: ``win`` and what its payment needs (Troggu's
    ladder: ``level`` -2 … 2, 4 or -4 for volát; Droggn's points ``pts``, a lower bound:
    the highest of 54, 74, 94 reached (``DROGGN_STEP``; ``points`` false: 54 only), and
    ``match``: every trick); ``win_unknown``: the win test passed its node limit (``win``
    then says not made: undecided), ``unknown``: some test did."""
    s = w.s
    gid = s.game.id
    goal = s.game.goal_of(s.setup)
    top = _total(s)
    before = w.limits
    if gid == "droggn" and contract.bid == "super_mord":
        win = w.all_tricks(v)
        unknown = not win and w.limits > before
        return {"win": win, "win_unknown": unknown, "unknown": unknown}
    win = w.reaches(v, w.count, goal - v.banked, top)
    out = {"win": win, "win_unknown": not win and w.limits > before}    # made: proven
    if gid == "troggu":
        if win:
            level = 1
            if w.reaches(v, w.count, 71 - v.banked, top):
                level = 4 if w.all_tricks(v) else 2
        elif not out["win_unknown"] and w.reaches(v, w.count, 53 - v.banked, top):
            # (past its limit at 54, not searched at 53: one point less is as hard, and
            # past the limit it counts as not reached all the same)
            level = 0
        elif w.reaches(v, w.count, 36 - v.banked, top):
            level = -1
        else:
            level = -2 if w.reaches(v, w.tricks_count(), 1) else -4
        out["level"] = level
    elif gid == "droggn" and win:
        pts = goal
        while points and pts + DROGGN_STEP <= top and \
                w.reaches(v, w.count, pts + DROGGN_STEP - v.banked, top, BRACKET_NODES):
            pts += DROGGN_STEP
        out["pts"] = pts
        if points:
            # every trick gives at least 94 (106 less an opponent's skíz): tested only then
            out["match"] = pts >= MATCH_FROM and w.all_tricks(v)
    out["unknown"] = w.limits > before       # some test of the game's passed its limit
    return out


def figure_tests(w: Worker, v: Variant, contract: Contract, got: dict,
                 only: frozenset | None = None) -> dict:
    """Each figure of ``contract`` on ``v`` (``only``: those of it, default all): ``True``
    made, ``False`` not (module doc); ``got``: ``play_game``'s, whose tests Troggu's ladder
    and Droggn's Match reuse (Match searched here where ``got`` has no bracket of points);
    ``"unknown"``: the figures whose test passed its node limit (said not made:
    undecided)."""
    s = w.s
    deck = s.deck
    d = s.declarer
    theirs = 0
    for x in range(s.players):
        if x not in v.side:
            theirs |= v.hands[x]
    kings = sum(1 << c for c in range(deck.n_cards) if deck.card_names[c].endswith("K")
                and deck.suit_of[c] != deck.tarokk)
    out = {}
    unknown = set()
    for f in contract.figures:
        if only is not None and f not in only:
            continue
        before = w.limits
        if "level" in got and f in ("volat", "duplajatek"):
            out[f] = got["level"] == 4 if f == "volat" else got["level"] >= 2
        elif f == "match":
            # every trick is at least 94 points: Match needs no test of the game first
            out[f] = bool(got["match"]) if "match" in got else \
                got.get("win", True) and w.all_tricks(v)
        elif f == "volat":
            out[f] = w.all_tricks(v)
        elif f in ("tuletroa", "negy_kiraly"):
            cards = sum(1 << c for c in HONOURS) if f == "tuletroa" else kings
            out[f] = not cards & v.out and w.reaches(v, w.cards_count(cards),
                                                     cards.bit_count())
        elif f in ("xxi_fogas", "pagatfogas"):
            c = XXI if f == "xxi_fogas" else I
            out[f] = bool(theirs >> c & 1) and w.reaches(v, w.cards_count(1 << c), 1)
        elif f in ("pagatultimo", "pagatulti") and contract.ulti and \
                contract.bid == "super_mord":
            # §6: with an announced pagátulti a Super Mord ends at its first lost trick
            # and the ulti fails: every trick, the last with the I
            out[f] = w.all_tricks(v, 1 << I)
        elif f in ("pagatultimo", "pagatulti"):
            out[f] = bool(v.hands[d] >> I & 1) and (w.sure(v, True) or
                                                     w.reaches(v, w.tricks_count(1 << I), 1))
            if s.game.id == "droggn" and f != contract.ulti and not out[f]:
                out["pagatulti_failed"] = w.pagat_lost(v)       # silent, -10 (§6)
        elif f == "skizulti":
            # the skíz laid out wins the last trick (§6), announced only with a Super Mord,
            # which ends at its first lost trick (as with the pagátulti): every trick, the
            # last won by the skíz
            out[f] = bool(v.hands[d] >> SKIZ & 1) and (
                w.all_tricks(v, 1 << SKIZ) if contract.bid == "super_mord"
                else w.reaches(v, w.tricks_count(1 << SKIZ), 1))
        elif f == "tarokkszam":
            n = (v.hands[d] & deck.suit_mask(deck.tarokk)).bit_count()
            out[f] = n >= 10
            out["tarokkszam_n"] = n
        from_game = ("level" in got and f in ("volat", "duplajatek")) or \
            (f == "match" and "match" in got)
        if not out[f] and (w.limits > before or (from_game and got.get("unknown"))):
            unknown.add(f)          # (made is proven: a test passed its threshold)
    out["unknown"] = frozenset(unknown)
    return out


def _pair_worth(s: Setting, pile, p: int) -> int:
    return s.deck.points_of(sum(1 << c for c in pile[2 * p:2 * p + 2]))


def taken_pair(s: Setting, pile, t: int) -> tuple[int, int]:
    """The (pair, index) the policy ``t`` takes: the first of the views top, middle, bottom
    whose pair is worth ≥ ``t`` card points, else the fifth view (the middle pair)."""
    for i in range(3):
        if _pair_worth(s, pile, i) >= t:
            return i, i + 1
    return 1, 5


def _one(w: Worker, v: Variant, contract: Contract, rows=None) -> dict:
    """A contract's verdict on one variant: the game, its payment, the figures; ``rows``:
    the row ids (``win``, figure ids) still searched (``Stops``), default all. The game's
    tests run for its figures too, but its payment's brackets of points only for ``win``:
    where that row has stopped, its entries here are a lower bound no row reads."""
    s = w.s
    n_opp = n_opponents(s, v)
    only = None if rows is None else frozenset(f for f in contract.figures if f in rows)
    if only is not None and "win" not in rows and not only & NEEDS_GAME:
        got: dict = {}          # the game row stopped and no figure left reads its tests
        out = {"win": False, "win_unknown": False, "pay": None, "kontra": None}
    else:
        got = play_game(w, v, contract, points=rows is None or "win" in rows)
        pay = game_pay(s, contract, got, v.index, n_opp)
        out = {"win": got["win"], "win_unknown": got["win_unknown"], "pay": pay,
               "kontra": game_kontra_part(s.game.id, contract, pay, n_opp)}
    figs = figure_tests(w, v, contract, got, only)
    shown = [f for f in contract.figures if only is None or f in only]
    out["figures"] = {f: figs[f] for f in shown}
    out["fig_unknown"] = figs["unknown"]
    out["fig_pay"] = {f: figure_pay(s, contract, f, figs, got, v.index, n_opp) for f in shown}
    return out


def _mizer(w: Worker, v: Variant) -> dict:
    """The mizer on one deal (§3, §5; ``declarer_turns``): ``win`` the seat surely takes
    fewer than his fair share of the tricks (``mizer_most``) against every other seat
    playing together to give him as many as they can; ``tricks`` how many at most (the
    least he can hold them to), ``None`` past the node limit."""
    s = w.s
    before = w.limits
    cnt = w.tricks_count(per=-1)
    most = mizer_most(w.n_tricks, s.players)
    win = w.reaches(v, cnt, -most, limit=MIZER_NODES)
    unknown = not win and w.limits > before
    return {"win": win, "win_unknown": unknown, "pay": mizer_pay(s.game.id, s.players, win),
            "kontra": 0.0, "figures": {}, "fig_unknown": frozenset(), "fig_pay": {}}


def pilot_deal(w: Worker, deal) -> dict:
    """The exchange's candidates on one deal of the pilot set: contract id → candidate →
    the game's payment (Jókai and módosított: rule → the game won with each pair)."""
    hands, pile = deal
    s = w.s
    out = {}
    for c in s.contracts:
        if c.exchange in ("none", "mizer") or (c.exchange == "pair" and c.index) or c.ulti:
            continue
        per = {}
        for rule in LAY_AWAY:
            if c.exchange == "pair":
                per[rule] = tuple(play_game(w, variant(s, hands, pile, c, rule, p), c)["win"]
                                  for p in range(3))
            else:
                v = variant(s, hands, pile, c, rule)
                got = play_game(w, v, c, points=False)
                per[rule] = game_pay(s, c, got, 0, n_opponents(s, v))
        out[c.id] = per
    return out


def choose(s: Setting, pilot: list) -> dict:
    """The kept candidate of each contract with an exchange: the best mean payment over
    the pilot deals (``pilot``: ``(deal, pilot_deal verdict)``): contract id → ``(rule,
    t)`` (``t`` the pair policy's worth, ``None`` for the other games)."""
    out = {}
    for c in s.contracts:
        if c.exchange in ("none", "mizer") or (c.exchange == "pair" and c.index) or c.ulti:
            continue
        best = None
        for rule in LAY_AWAY:
            for t in (PAIR_WORTH if c.exchange == "pair" else (None,)):
                total = 0.0
                for (hands, pile), verdict in pilot:
                    if t is None:
                        total += verdict[c.id][rule]
                    else:
                        p, idx = taken_pair(s, pile, t)
                        got = {"win": verdict[c.id][rule][p]}
                        n_opp = n_opponents(s, variant(s, hands, pile, c, rule, p))
                        total += game_pay(s, c, got, idx, n_opp)
                if best is None or total > best[0] + 1e-9:
                    best = (total, rule, t)
        out[c.id] = (best[1], best[2])
    return out


def search_deal(w: Worker, deal, chosen: dict, active: dict | None = None) -> dict:
    """Every contract of the analysis on one deal under the kept exchange (``chosen``):
    contract id → ``{"win", "pay", "figures", "fig_pay"}`` (``_one``); the fixed kettős
    indexes the game only; ``"limits"``: tests past the node limit. ``active``: contract
    id → the row ids still searched (``Stops.active``; a contract not in it is not
    searched), default every row."""
    hands, pile = deal
    s = w.s
    before = w.limits
    out = {}
    pairs = {}
    w.new_deal()
    # a game with its ulti laid out first: what it reaches, the silent one reaches too
    # (``Worker.reaches``)
    for c in sorted(s.contracts, key=lambda c: not c.ulti):
        rows = None if active is None else active.get(c.id)
        if active is not None and not rows:
            continue
        if c.exchange == "pair":
            rule, t = chosen.get("kettos", (LAY_AWAY[0], 0))
            if c.index:
                p = (c.index - 1) % 3
                if p not in pairs:
                    pairs[p] = play_game(w, variant(s, hands, pile, c, rule, p, c.index), c)
                v = variant(s, hands, pile, c, rule, p, c.index)
                got = {"win": pairs[p]["win"]}
                pay = game_pay(s, c, got, c.index, n_opponents(s, v))
                out[c.id] = {"win": pairs[p]["win"], "win_unknown": pairs[p]["win_unknown"],
                             "pay": pay, "kontra": game_kontra_part(s.game.id, c, pay,
                                                                    n_opponents(s, v))}
            else:
                p, idx = taken_pair(s, pile, t)
                out[c.id] = _one(w, variant(s, hands, pile, c, rule, p, idx), c, rows)
        elif c.exchange == "mizer":
            out[c.id] = _mizer(w, variant(s, hands, pile, c))
        else:
            rule = chosen.get(c.bid, (LAY_AWAY[0], None))[0]
            out[c.id] = _one(w, variant(s, hands, pile, c, rule), c, rows)
    for c in s.contracts:
        base = out.get(c.bid)
        if c.ulti == "pagatulti" and base is not None and c.id in out and \
                None not in (out[c.id]["pay"], base["pay"]) and out[c.id]["pay"] > base["pay"]:
            # the pagát laid out only binds the declarer: the silent game is worth at least
            # as much (a bracket or test of the silent one that passed its node limit)
            base.update(win=base["win"] or out[c.id]["win"], pay=out[c.id]["pay"],
                        kontra=game_kontra_part(s.game.id, c, out[c.id]["pay"], 1))
            base["win_unknown"] = base["win_unknown"] and not base["win"]
    out["limits"] = w.limits - before
    return out


# -- the analysis ------------------------------------------------------------------------------

@dataclass
class Row:
    """One (contract, figure) over the deals searched: made on ``made`` of ``deals`` (and
    ``undecided`` more whose test passed its node limit), its 95 % ``interval`` (covering
    the undecided deals either way); ``expected_score`` the mean payment to the declarer
    (the game's for ``win``; a figure's silent value; ``None`` where it has none: a step of
    the game's ladder), ``expected_announced`` announced (won its value, failed its
    loss); ``kontra_part`` the mean of what a kontra doubles of the game's payment or of
    the announced figure's (``declarer_turns``), ``None`` where nothing is kontra'd."""

    contract: Contract
    id: str
    made: int
    deals: int
    interval: tuple[float, float]
    expected_score: float | None
    expected_announced: float | None = None
    undecided: int = 0
    kontra_part: float | None = None
    stopped: str | None = None
    """``"undecided"``: stopped as it can never settle; ``"decided"``: its contract decided
    (or the mizer's beside contracts: no advice reads it), its interval at 98 % within ± 10
    points (``declarer_stops.Stops``)."""

    @property
    def probability(self) -> float:
        return self.made / self.deals if self.deals else 0.0

    @property
    def priced(self) -> float | None:
        """What the row's kontra acts on: the game's payment, or the announced figure's."""
        return self.expected_score if self.id == "win" else self.expected_announced

    @property
    def expected_kontra(self) -> float | None:
        """The mean payment where the defence kontras when that scores better for it on
        these deals (``declarer_turns.with_kontra``): the game's, or the figure announced."""
        if self.priced is None or self.kontra_part is None:
            return self.priced
        return with_kontra(self.priced, self.kontra_part)

    @property
    def expected_rekontra(self) -> float | None:
        """Kontra'd whatever its mean, the declarer's best answer (rekontra ×4 where the
        part pays him, ``declarer_turns.with_rekontra``)."""
        if self.priced is None or self.kontra_part is None:
            return self.priced
        return with_rekontra(self.priced, self.kontra_part)

    def to_json(self) -> dict:
        lo, hi = self.interval
        r = lambda x: None if x is None else round(x, 3)     # noqa: E731
        return {"id": self.id, "contract": self.contract.id, "index": self.contract.index
                or None, "probability": round(self.probability, 6),
                "ci95": [round(lo, 6), round(hi, 6)], "made": self.made, "deals": self.deals,
                "expected_score": r(self.expected_score),
                "expected_score_announced": r(self.expected_announced),
                "expected_score_kontra": r(self.expected_kontra),
                "expected_score_rekontra": r(self.expected_rekontra),
                "undecided": self.undecided, "stopped": self.stopped}


@dataclass
class DeclarerAnalysis:
    """The result of ``analyze_game``: ``rows`` (contracts lowest bid first, ``win`` then
    the figures), the kept exchange ``chosen``, ``limits`` (tests past the node limit),
    ``seconds`` (pilot and search), ``rounds``, ``interrupted``."""

    setting: Setting
    seed: int
    samples: int
    precision: float | None
    rows: list
    chosen: dict
    verdicts: list
    rounds: int
    seconds: float
    limits: int = 0
    deals_list: list = field(default_factory=list, repr=False)
    interrupted: bool = False
    decide: bool = False
    """The default run: a decided contract's rows stopped at ± 10 points (``DECIDES``)."""

    @property
    def deals(self) -> int:
        return len(self.verdicts)

    @property
    def searched_as(self) -> str:
        return f"{len(self.setting.contracts)} contracts"

    @property
    def kontra(self) -> bool:
        """Is the number read the one after the defence's kontra (``--option nokontra``:
        the uncontested one)?"""
        return "nokontra" not in self.setting.setup.flags

    def value(self, contract_id: str, kontra: bool | None = None) -> float:
        """The declarer's expected payment bidding ``contract_id``: the game and each
        figure at its better price (silent, or announced where that pays more; the ulti
        the contract announces, announced); with ``kontra`` (default ``self.kontra``) the
        game and each announced figure as the defence's kontra leaves them
        (``Row.expected_kontra``)."""
        kontra = self.kontra if kontra is None else kontra
        total = 0.0
        for r in self.rows:
            if r.contract.id != contract_id:
                continue
            ann = r.expected_kontra if kontra and r.id != "win" else r.expected_announced
            if r.id == "win":
                total += r.expected_kontra if kontra else r.expected_score
            elif r.id == r.contract.ulti:
                total += ann
            else:
                opts = [x for x in (r.expected_score, ann) if x is not None]
                if opts:
                    total += max(opts + ([0.0] if r.expected_score is None else []))
        return total

    def ranked(self) -> list:
        """The rows best first: the contract's value, then the row's expected score."""
        return sorted(self.rows, key=lambda r: (-self.value(r.contract.id), r.id != "win",
                                                -(r.expected_score or 0), r.id))

    def advice(self) -> dict:
        """The contract of the best value (``value``) among the biddable ones, its exchange
        and the figures worth announcing; ``pass`` when none is above 0; ``undecided``:
        whether deals past the node limit could make another choice the better
        (``declarer_bounds.undecided_advice``)."""
        s = self.setting
        bids = [c for c in s.contracts if c.advised] or \
            [c for c in s.contracts if c.exchange != "mizer"]
        mizer = next((c for c in s.contracts if c.exchange == "mizer"), None)
        if not bids:                    # the mizer alone (--contract mizer)
            win = next(r for r in self.rows if r.contract is mizer and r.id == "win")
            return {"baseline": {"bid": "pass", "expected_score": 0.0}, "bid": "pass",
                    "contract": None, "expected_score": 0.0, "kontra": self.kontra,
                    "mizer": round(self.value(mizer.id), 3),
                    "mizer_probability": round(win.probability, 6)}
        best = max(bids, key=lambda c: self.value(c.id))
        v = self.value(best.id)
        out = {"baseline": {"bid": "pass", "expected_score": 0.0}}
        if mizer is not None:
            out["mizer"] = round(self.value(mizer.id), 3)
        if v <= 0:
            out.update({"bid": "pass", "contract": None, "expected_score": 0.0,
                        "best": {"contract": best.id, "expected_score": round(v, 3),
                                 "uncontested": round(self.value(best.id, False), 3)},
                        "kontra": self.kontra, **undecided_advice(self, bids, None)})
            return out
        win = next(r for r in self.rows if r.contract.id == best.id and r.id == "win")
        def announced(r) -> float:
            return r.expected_kontra if self.kontra else r.expected_announced

        announce = [r.id for r in self.rows if r.contract.id == best.id and r.id != "win"
                    and (r.id == best.ulti or announced(r) is not None and announced(r) > 0
                         and announced(r) > (r.expected_score or 0))]
        out.update({"bid": best.bid, "contract": best.id, "probability": round(
            win.probability, 6), "expected_score": round(v, 3), "announce": announce,
                    "uncontested": round(self.value(best.id, False), 3),
                    "kontra": self.kontra, **undecided_advice(self, bids, best)})
        if best.bid in self.chosen:
            rule, t = self.chosen[best.bid]
            out["lay_away"] = rule
            if t is not None:
                out["take_pair_worth"] = t
            if best.exchange == "pair":
                out["example"] = _example(s, rule)
        return out

    def to_json(self) -> dict:
        """``declarer``: ``None`` for the mizer alone (all pass: the seat alone); ``leader``
        who leads trick 1 of the contracts other than the mizer (the mizer alone: its),
        ``mizer_leader`` the mizer's where it is searched (``declarer_deal.leaders``)."""
        s = self.setting
        lead, mizer_lead = leaders(s)
        mizer = {} if mizer_lead is None else {"mizer_leader": s.seat_name(mizer_lead)}
        return {"game": s.game.id, "players": s.players, "hand": s.deck.format_cards(s.hand),
                "seat": s.seat_name(s.seat),
                "declarer": None if s.mizer_only else s.seat_name(s.declarer),
                "leader": s.seat_name(lead), **mizer, **call_json(s),
                "seed": self.seed, "deals": self.deals,
                "samples": self.samples, "precision": self.precision,
                "decided_precision": DECIDED if self.decide else None, "rounds": self.rounds,
                "double_dummy": True, "interrupted": self.interrupted, "limits": self.limits,
                "exchange": {k: {"lay_away": r, "take_pair_worth": t}
                             for k, (r, t) in self.chosen.items()},
                "warnings": list(s.warnings),
                "payment": "the declarer's total from every opponent (the tables' 'each' "
                           "times the opponents; droggn the side amount X)",
                "slems": [r.to_json() for r in self.rows], "advice": self.advice()}


def _example(s: Setting, rule: str) -> str:
    """The two cards ``rule`` would lay away from the hand as it is (before the pair)."""
    return s.deck.format_cards(lay_away(rule, s.game.id, s.hand, 2, s.deck))


def analyze_game(hand: str, seat, *, game, declarer=None, samples: int | None = None,
                 precision: float | None = None, seed: int | None = 1, holds=(), voids=(),
                 jobs: int | None = None, progress: Callable[[int], None] | None = None,
                 on_update: Callable[["DeclarerAnalysis"], None] | None = None,
                 players: int | None = None, option=(), called=None, contract=None
                 ) -> DeclarerAnalysis:
    """Each contract's and figure's chance and the expected payment to the declarer for
    ``hand`` at ``seat`` (``1`` … ``n``) in ``game`` (``harmas``, ``modositott``,
    ``troggu``, ``droggn``), double dummy (module doc).

    declarer: the felvevő (default ``seat``); samples: deals, or with ``precision`` the
    cap (default ``DEFAULT_CAP``); precision: rounds of deals until every row's 95 %
    interval is within ± that (``stopping.StoppingRule``); neither: ± 5 points, a decided
    contract's rows ± 10 (``DECIDES``); seed: the
    generator's (default 1; the pilot set of the exchange seed + ``PILOT_SEED``); jobs:
    threads (default every core; the figures do not depend on it); players: Troggu 3-6,
    módosított 3 or 4; option: the game's flags (Jókai ``kezdo``); called: módosított for
    4, the called tarokk; contract: only this contract (``szolo``, ``kettos`` …);
    progress: called with the deals finished; on_update: with the analysis so far.

    :raises RoyalSimError: bad input, naming the argument (``holds`` and ``voids`` are not
        taken).
    :raises KeyboardInterrupt: with ``.partial`` the analysis of the rounds finished
        (``game_rounds``), ``None`` before any.
    """
    from .game_rounds import deal_counts, run_analysis, run_rounds

    s = setting(hand, seat, game=game, declarer=declarer, players=players, option=option,
                called=called, contract=contract, holds=holds, voids=voids)
    decide = samples is None and precision is None
    if decide:
        from .game_analysis import DEFAULT_PRECISION

        precision = DEFAULT_PRECISION
    cap, rule = deal_counts(samples, precision, default_samples=DEFAULT_SAMPLES,
                            cap=DEFAULT_CAP[s.game.id])
    seed = 1 if seed is None else seed
    start = time.perf_counter()
    chosen: dict = {}
    if any(c.exchange != "none" for c in s.contracts):
        import itertools

        pilot = list(itertools.islice(deals(s, seed + PILOT_SEED), min(PILOT_DEALS, cap)))
        try:
            done = run_rounds(iter(pilot), lambda w, d: pilot_deal(w, d),
                              lambda: Worker.of(s), [len(pilot)], jobs=jobs)
        except KeyboardInterrupt as e:
            e.partial = None
            raise
        chosen = choose(s, list(zip(pilot, done.verdicts)))
    pilot_seconds = time.perf_counter() - start
    looks = rule.looks() if rule else [cap]

    stops = Stops(s, decide, "nokontra" not in s.setup.flags)

    def result(done) -> DeclarerAnalysis:
        return _analysis(s, seed, cap, precision, rule, chosen, done, pilot_seconds, stops)

    def settled(verdicts) -> bool:
        return rule is not None and stops.settle(rule, verdicts)

    return run_analysis(result, deals(s, seed),
                        lambda w, d: search_deal(w, d, chosen, stops.active()),
                        lambda: Worker.of(s), looks, settled, jobs=jobs, progress=progress,
                        on_update=on_update)


def _interval(rule, made: int, undecided: int, n: int,
              decided: bool = False) -> tuple[float, float]:
    """A row's interval: from the made deals' lower end to the upper end of the made and
    the undecided together (each undecided deal either way); ``decided``: a row stopped as
    its contract is decided, at ``stopping.DECIDED_Z`` (98 %)."""
    iv = rule.decided_interval if decided else rule.interval if rule else wilson
    return iv(made, n)[0], iv(made + undecided, n)[1]


def _analysis(s, seed, cap, precision, rule, chosen, done, pilot_seconds,
              stops: Stops | None = None) -> DeclarerAnalysis:
    rows = []
    for c, f in row_keys(s):
        n = stops.deals(c, f, len(done.verdicts)) if stops else len(done.verdicts)
        verdicts = done.verdicts[:n]
        made = sum(1 for v in verdicts if row_made(v, c, f))
        und = sum(1 for v in verdicts if row_unknown(v, c.id, f))
        decided = stops is not None and (c.id, f) in stops.decided
        interval = _interval(rule, made, und, n, decided)
        if f == "win":
            es = sum(v[c.id]["pay"] for v in verdicts) / n if n else 0.0
            ea = None
            kp = sum(v[c.id]["kontra"] for v in verdicts) / n if n else 0.0
        else:
            pays = [v[c.id]["fig_pay"][f] for v in verdicts]
            es = None if not pays or pays[0][0] is None else sum(p[0] for p in pays) / n
            ea = None if not pays or pays[0][1] is None else sum(p[1] for p in pays) / n
            kp = None if not pays or pays[0][2] is None else sum(p[2] for p in pays) / n
        gone = stops is not None and (c.id, f) in stops.unsettled
        rows.append(Row(c, f, made, n, interval, es, ea, und, kp,
                        "undecided" if gone else "decided" if decided else None))
    return DeclarerAnalysis(s, seed, cap, precision, rows, chosen, list(done.verdicts),
                            done.rounds, done.seconds + pilot_seconds,
                            sum(v["limits"] for v in done.verdicts), list(done.deals),
                            done.interrupted, bool(stops and stops.decide))
