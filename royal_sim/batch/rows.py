"""One input's result rows (``COLUMNS`` dicts): a hand analysed over sampled deals, a deal
solved for both pairs, a played game's record reviewed card by card; ``run_job`` runs in
this process, a pool worker or a Dask worker."""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass

from ..analysis.request import sampling_mode
from ..errors import RoyalSimError
from ..model.deal import Pair
from .. import slems as S
from .inputs import Job

COLUMNS = ("id", "input", "kind", "seat", "leader", "first_trick", "pair", "slem", "param",
           "value", "probability", "ci_lo", "ci_hi", "made", "deals", "stopped", "bound",
           "tricks", "tricks_dist", "rules", "samples", "precision", "seed", "expected",
           "gain", "nobid", "bids", "trick", "card", "cost", "best", "bids_cost",
           "bid_detail", "dd_probability", "dd_expected", "dd_only", "table_only", "worlds")
"""The columns of a result row, in file order (``docs/batch.md`` says what each holds)."""
MAX_TRICKS_ROW = "max_tricks"   # the slem column of the rows of the max tricks
"""``slem`` of the row giving the tricks a pair can force; it closes an input's rows."""
ADVICE = "advice"
"""``slem`` of a hand's row giving the recommended set (``advise``'s bid line): ``bids``
the set (blank: bid nothing), ``expected`` and ``gain`` its expected score and gain over no
bid, ``deals`` the deals it is scored on, ``probability`` the chance every bid of it is
made."""
TABLE_ROW = "table"
"""``slem`` of a hand's row for one bid of the recommended set played out at the table
(``--table N``, PIMC, ``cardplay.table_figures``) on ``deals`` of the analysed deals:
``bids`` the bid, ``probability``/``ci_lo``/``ci_hi`` its rate at the table (Wilson 95 %),
``made`` the games it was made in, ``dd_probability`` its rate double dummy on the same
deals, ``dd_only``/``table_only`` the paired counts, ``expected``/``dd_expected`` the set's
expected score at the table and double dummy, ``worlds`` the worlds a decision."""
CARD_ROW = "card"
"""``slem`` of a record's row for a card that cost its pair something against the best card
(tricks, or an announced bid given up or let make)."""
SEAT_ROW = "seat"
"""``slem`` of a record's row of one seat's totals (tricks lost, bids cost by its cards)."""
REVIEW_ROW = "review"
"""``slem`` of a record's last row (the totals of the game); it closes a record's rows."""
SUMMARY_ROWS = (MAX_TRICKS_ROW, ADVICE, TABLE_ROW)
"""The ``slem`` of the rows of hands and deals that are not a slem's."""
RECORD_ROWS = (CARD_ROW, SEAT_ROW, REVIEW_ROW)
"""The ``slem`` of a record's rows that are not an announced bid's."""
TOP, MAX_BIDS = 5, 3
"""The advice's sets ranked and most bids of a set, as ``advise``'s defaults."""


@dataclass(frozen=True)
class BatchOptions:
    """Options of a batch run: hands are analysed precision-driven (``precision``, the cap
    ``samples``; by default ± 5 points and 10,000 deals, a decided slem ± 10 at 98 % as
    ``analyze`` and ``advise`` stop it: ``decide``, set when neither is given) or,
    ``samples`` alone, on exactly ``samples`` deals each
    (``analysis.request.sampling_mode``), seeded by
    ``input_seed(seed, id)``; ``only``: slem ids (default all); ``threads``: numba threads
    per input (None: the Dask worker's thread count); ``table``: play the recommended set
    out at the table (PIMC) on that many of a hand's analysed deals, ``table_worlds``
    worlds a decision (``TABLE_ROW``). Raises ``RoyalSimError`` for a ``samples``,
    ``precision``, ``table`` or ``table_worlds`` out of range."""

    samples: int | None = None
    precision: float | None = None
    seed: int = 1
    rules: str = "gerots"
    only: tuple[str, ...] | None = None
    threads: int | None = 1
    table: int | None = None
    table_worlds: int = 20
    decide: bool | None = None

    def __post_init__(self):
        if self.decide is None:     # kept by ``dataclasses.replace``, which passes it on
            object.__setattr__(self, "decide",
                               self.samples is None and self.precision is None)
        if self.table is not None and not 1 <= self.table <= 10_000:
            raise RoyalSimError(f"table must be 1 to 10,000 games, not {self.table}",
                                argument="table")
        if not 1 <= self.table_worlds <= 1000:
            raise RoyalSimError(f"table_worlds must be 1 to 1,000, not {self.table_worlds}",
                                argument="table_worlds")
        samples, precision = sampling_mode(self.samples, self.precision, None)
        object.__setattr__(self, "samples", samples)
        object.__setattr__(self, "precision", precision)

    def sampling(self) -> dict:
        """The ``samples`` and ``precision`` an input's analysis is asked for: as given
        (every slem held to them), or with ``decide`` neither, the analysis's own default
        run (its cap, decided slems stopping at ± 10)."""
        if self.decide:
            return {"samples": None, "precision": None}
        return {"samples": self.samples, "precision": self.precision}


def input_seed(run_seed: int, ident: str) -> int:
    """Sampler seed (0 ≤ seed < 2**63) of the input ``ident`` in a run seeded ``run_seed``:
    a hash of both, so it depends on neither the input's position nor the other inputs."""
    digest = hashlib.blake2b(f"{run_seed}\x00{ident}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def result_row(**values) -> dict:
    """A row: ``values`` by column name, every other column of ``COLUMNS`` ``None``."""
    return {c: values.get(c) for c in COLUMNS}


def max_threads() -> int:
    """The most threads numba runs (``NUMBA_NUM_THREADS``, the machine's cores by default)."""
    import numba
    return int(numba.config.NUMBA_NUM_THREADS)


_NUMBA_LOCK = threading.Lock()  # numba's workqueue layer cannot run two parallel kernels


def _thread_count(threads: int | None) -> int:
    """The threads an input runs on: ``threads``, or ``None`` the Dask worker's thread
    count (off a Dask worker: the machine's cores)."""
    if threads is None:
        try:
            from distributed import get_worker
            w = get_worker()
            threads = getattr(w.state, "nthreads", None) or w.nthreads
        except Exception:  # noqa: BLE001 - not on a Dask worker
            threads = os.cpu_count() or 1
    return max(1, int(threads))


def _set_threads(threads: int | None) -> None:
    import numba

    numba.set_num_threads(min(_thread_count(threads), max_threads()))


def _hand_rows(job: Job, opts: BatchOptions) -> list[dict]:
    import numpy as np

    from ..advisor import Scorer
    from ..api import AdviceRequest, request_analysis
    from ..model.cards import format_cards

    seed = input_seed(opts.seed, job.id)
    request = AdviceRequest(request_analysis(
        format_cards(job.hand), job.seat.name, seed=seed, rules=opts.rules,
        only=None if opts.only is None else ",".join(opts.only), **opts.sampling()),
        TOP, MAX_BIDS)
    advice = request.run()
    report = advice.report
    res = report.analysis
    # the no-bid score of each row is on that row's deals (the first `deals` searched), as
    # its expected score and gain are: expected - nobid = gain (to the rounding)
    no_bids = Scorer.of(res, igazitas=report.igazitas).scores((), None)

    def nobid(deals: int) -> float:
        return round(float(no_bids[:deals].mean()) if deals else report.no_bid, 3)

    common = dict(id=job.id, input=job.text, kind="hand", seat=job.seat.name,
                  pair=job.seat.pair.label, rules=opts.rules, samples=opts.samples,
                  precision=opts.precision, seed=seed)
    rows = []
    for r in report.slems:
        lo, hi = r.ci95
        rows.append(result_row(**common, slem=r.id, param=r.param, value=r.value,
                               probability=round(r.probability, 6), ci_lo=round(lo, 6),
                               ci_hi=round(hi, 6), made=r.made, deals=r.deals,
                               stopped=r.stopped, bound=r.bound, nobid=nobid(r.deals),
                               expected=_rounded(r.expected_score), gain=_rounded(r.gain)))
    best = advice.recommended
    b = advice.baseline if best is None else best
    rows.append(result_row(**common, slem=ADVICE, bids=" ".join(b.bids) or None,
                           expected=round(b.expected, 3), nobid=nobid(b.deals),
                           gain=0.0 if best is None else round(b.gain, 3), deals=b.deals,
                           probability=None if best is None else round(b.p_made, 6)))
    if opts.table is not None and best is not None:
        played = len(res.searched_deals[:opts.table])      # the games at the table
        rows += _table_rows({**common, "nobid": nobid(played)}, res, best.bids,
                            report.igazitas, opts)
    counts = np.bincount(res.max_tricks, minlength=11)
    rows.append(result_row(**common, slem=MAX_TRICKS_ROW, deals=int(len(res.max_tricks)),
                           nobid=nobid(int(len(res.max_tricks))),
                           tricks=round(float(res.max_tricks.mean()), 4),
                           tricks_dist=" ".join(f"{k}:{n}" for k, n in enumerate(counts) if n)))
    return rows


def _table_rows(common: dict, res, bids, igazitas: bool, opts: BatchOptions) -> list[dict]:
    """A ``TABLE_ROW`` per bid of ``bids``, played out by PIMC on the first ``opts.table``
    deals of the analysis ``res`` (as ``advise --table`` plays them)."""
    from ..cardplay.table_figures import table_figures

    fig = table_figures(res.searched_deals[:opts.table], res.seat.pair, bids, (),
                        worlds=opts.table_worlds, seed=int(res.seed) % 2 ** 32,
                        rules=opts.rules, igazitas=igazitas)
    if fig.interrupted:
        raise KeyboardInterrupt
    rows = []
    for b in fig.bids:
        lo, hi = b.table_interval
        rows.append(result_row(**common, slem=TABLE_ROW, bids=b.bid, deals=b.n, made=b.table,
                               probability=round(b.table_rate, 6), ci_lo=round(lo, 6),
                               ci_hi=round(hi, 6), dd_probability=round(b.dd_rate, 6),
                               dd_only=b.dd_only, table_only=b.table_only,
                               expected=round(fig.expected_table, 3),
                               dd_expected=round(fig.expected_dd, 3),
                               worlds=fig.worlds))
    return rows


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def _deal_rows(job: Job, opts: BatchOptions) -> list[dict]:
    from ..analysis.position import solve_position

    res = solve_position(job.deal, leader=0 if job.leader is None else job.leader,
                         first_trick=job.first_trick, rules=opts.rules, only=opts.only)
    common = dict(id=job.id, input=job.text, kind="deal", leader=res.leader.name,
                  first_trick=res.first_trick, rules=opts.rules)
    rows = []
    for label, made in res.slems.items():
        for key, ok in made.items():
            sid, _, param = key.partition(":")
            rows.append(result_row(**common, pair=label, slem=sid, param=param or None,
                                   value=S.SLEMS[sid].value, made=int(bool(ok)), deals=1))
    for pair in Pair:
        rows.append(result_row(**common, pair=pair.label, slem=MAX_TRICKS_ROW, deals=1,
                               tricks=res.tricks(pair)))
    return rows


def record_rules(job: Job, opts: BatchOptions) -> str:
    """The rule set a record is reviewed with: the record's own (its ``rules:`` field),
    else the run's."""
    from ..cardplay.record import GameRecord

    return GameRecord.parse(job.record).rules or opts.rules


def _record_rows(job: Job, opts: BatchOptions) -> list[dict]:
    """A record reviewed as ``royal-sim review`` reviews it (``cardplay.review.review_record``):
    a ``card`` row per card that cost its pair tricks or an announced bid, a ``seat`` row
    per seat (its totals), a row per announced bid (the card that first cost it, whether
    its pair forces it after the last card), then the ``review`` row (the game's totals)."""
    from ..model import cards as C
    from ..model.deal import SEATS
    from ..cardplay.record import GameRecord
    from ..cardplay.review import review_record
    from ..scoring import validate_bids

    rec = GameRecord.parse(job.record)
    rules = rec.rules or opts.rules
    for p in Pair:
        validate_bids(rec.bids[p], rules)
    rv = review_record(rec, rules=rules)
    common = dict(id=job.id, input=job.text, kind="record", leader=rec.leader.name,
                  first_trick=rec.first_trick, rules=rv.rules)

    def cards(cs) -> str:
        return " ".join(C.format_card(c) for c in cs)

    # the attack's tricks from the record's first trick on (taken, and the rest double
    # dummy) after each card: its value before the first card, moved by each card's cost
    n_tricks = 11 - rec.first_trick
    moved = [c.cost if c.seat.pair is Pair.DEFENCE else -c.cost for c in rv.cards]
    attack = [rv.cards[0].tricks[Pair.ATTACK.label] - moved[0]]
    for m in moved:
        attack.append(attack[-1] + m)
    rows = []
    for i, c in enumerate(rv.cards):
        if not (c.cost or c.bids):
            continue
        mover = c.seat.pair
        rows.append(result_row(**common, seat=c.seat.name, pair=mover.label, slem=CARD_ROW,
                               trick=c.trick, card=C.format_card(c.card), cost=c.cost,
                               best=cards(c.best),
                               tricks=attack[i + 1] if mover is Pair.ATTACK
                               else n_tricks - attack[i + 1],
                               bids_cost=len(c.bids),
                               bid_detail="; ".join(b.text() for b in c.bids) or None))
    totals = rv.totals
    for seat in SEATS:
        rows.append(result_row(**common, seat=seat.name, pair=seat.pair.label,
                               slem=SEAT_ROW, cost=totals[seat]["cost"],
                               bids_cost=totals[seat]["bids"]))
    for key, i in rv.first_cost.items():
        pair, bid = key.split(":", 1)
        sid, _, param = bid.partition(":")
        end = rv.outcome.get(key)
        first = {}
        if i is not None:
            c = rv.cards[i]
            how = next(b for b in c.bids if f"{b.pair}:{b.bid}" == key)
            first = dict(seat=c.seat.name, trick=c.trick, card=C.format_card(c.card),
                         bid_detail=how.text())
        rows.append(result_row(**common, pair=pair, slem=sid, param=param or None,
                               value=S.SLEMS[sid].value,
                               made=None if end is None else int(end),
                               deals=None if end is None else 1, **first))
    rows.append(result_row(**common, pair=Pair.ATTACK.label, slem=REVIEW_ROW,
                           tricks=attack[-1],
                           trick=rv.cards[-1].trick, card=C.format_card(rv.cards[-1].card),
                           cost=sum(t["cost"] for t in totals.values()),
                           bids_cost=sum(t["bids"] for t in totals.values())))
    return rows


PARAM_KEYS = ("trump", "contract", "param", "reading", "seat")
"""The keys of a game's JSON row whose values, joined by spaces, are its row's ``param``
(what tells the rows of one id apart: coinche's and belote's trump, a declarer game's
contract, Vier-Anderle's K and reading, Strohmandli's other seat as ``seat N`` with
``option=others``); a value equal to the row's id is left out, and a number ``contract``
too (coinche's points, which the id names)."""


def game_param(row: dict) -> str | None:
    """The ``param`` of a game's JSON row (``PARAM_KEYS``); ``None`` when none is there."""
    ident = str(row.get("id"))
    parts = []
    for key in PARAM_KEYS:
        v = row.get(key)
        if v is None or v == "" or str(v) == ident or (
                key == "contract" and isinstance(v, (int, float))):
            continue
        text = " ".join(str(x) for x in v) if isinstance(v, (list, tuple)) else str(v)
        parts.append(f"seat {text}" if key == "seat" else text)
    return " ".join(parts) or None


def advice_bids(advice: dict) -> str | None:
    """The bid words of a game's advice (``to_json()["advice"]``): its ``bid`` and the
    figures it would ``announce`` (coinche ``140S``, ``pass``); else its ``advice``
    (Vier-Anderle ``stay`` / ``drop``); else each part that has a ``bid`` as ``PART:BID``
    (belote ``round1:take round2:H``); ``None`` when it has none (Strohmandli: nothing to
    bid)."""
    if isinstance(advice.get("bid"), str):
        words = [advice["bid"]]
        announce = advice.get("announce")
        if isinstance(announce, (list, tuple)):
            words += [str(a) for a in announce]
    elif isinstance(advice.get("advice"), str):
        words = [advice["advice"]]
    else:
        words = [f"{k}:{v['bid']}" for k, v in advice.items()
                 if k != "baseline" and isinstance(v, dict) and isinstance(v.get("bid"), str)]
    return " ".join(words) or None


def _number(v, kind):
    return None if v is None else kind(v)


def _game_rows(job: Job, opts: BatchOptions) -> list[dict]:
    """A hand of another game analysed by its module
    (``analysis.game_analysis.analyze_game``, ``jobs`` the input's threads, seeded
    ``input_seed(opts.seed, id)``): a row per entry of its JSON's ``slems`` (``slem`` the
    entry's id, ``param`` ``game_param``, ``probability``, ``ci_lo``/``ci_hi`` its
    ``ci95``, ``made``, ``deals``, ``expected`` its ``expected_score``), then the closing
    ``ADVICE`` row (``bids`` ``advice_bids``; ``expected``, ``gain`` and ``probability``
    the advice's own where it has them, Vier-Anderle's ``expected`` EV(stay) and ``gain``
    EV(stay) − EV(drop), in units of the pot, Strohmandli's ``expected`` its expected
    result points (the figures past the search's limit as missed); ``deals`` the deals
    searched). ``rules`` is the
    game id. Raises ``RoyalSimError`` from the analysis."""
    from ..analysis.game_analysis import analyze_game

    seed = input_seed(opts.seed, job.id)
    res = analyze_game(job.cards, job.at, game=job.game, seed=seed, **opts.sampling(),
                       jobs=_thread_count(opts.threads), **job.game_kwargs())
    data = res.to_json()
    common = dict(id=job.id, input=job.text, kind="game", seat=job.at, rules=job.game,
                  samples=opts.samples, precision=opts.precision, seed=seed)
    rows = []
    for r in data["slems"]:
        lo, hi = r.get("ci95") or (None, None)
        rows.append(result_row(**common, slem=str(r["id"]), param=game_param(r),
                               probability=_number(r.get("probability"), float),
                               ci_lo=_number(lo, float), ci_hi=_number(hi, float),
                               made=_number(r.get("made"), int),
                               deals=_number(r.get("deals"), int),
                               expected=_number(r.get("expected_score"), float)))
    advice = data.get("advice") or {}
    expected, gain = advice.get("expected_score"), advice.get("gain")
    if expected is None and "ev_stay" in advice:        # Vier-Anderle: staying's EV
        expected = advice["ev_stay"]
        gain = expected - advice.get("ev_drop", 0)
    elif expected is None:          # Strohmandli: no bid; the expected result points
        expected = advice.get("expected_result_points")
    rows.append(result_row(**common, slem=ADVICE, bids=advice_bids(advice),
                           expected=_number(expected, float), gain=_number(gain, float),
                           probability=_number(advice.get("probability"), float),
                           deals=int(data.get("deals", res.deals))))
    return rows


def run_job(job: Job, opts: BatchOptions) -> tuple[list[dict] | None, str | None]:
    """Result rows of one input (``COLUMNS`` dicts, the ``max_tricks`` rows last; of a
    record, the ``review`` row last; of another game's hand, the ``advice`` row), or
    ``(None, message)`` when the input fails with a ``RoyalSimError``. Runs anywhere: in
    this process, a pool worker or a Dask worker."""
    with _NUMBA_LOCK:
        _set_threads(opts.threads)
        try:
            rows = {"hand": _hand_rows, "record": _record_rows, "game": _game_rows}.get(
                job.kind, _deal_rows)(job, opts)
        except RoyalSimError as e:
            return None, str(e)
    return rows, None
