"""The Python face of royal-sim: ``analyze``, ``advise`` and ``solve`` on the notation players
write, returning result objects with the fields of the command line's JSON (``.to_json()``
gives exactly what ``royal-sim analyze --json`` and the others print).

    >>> import royal_sim
    >>> report = royal_sim.analyze("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND", samples=100)
    >>> [(row.id, row.probability) for row in report.slems][:2]

Every function raises ``royal_sim.errors.RoyalSimError`` (a ``ValueError``) for bad input,
with a one-line message naming the argument (``error.argument``).
"""

from __future__ import annotations

import contextlib
import inspect
import math
import re
import time as _time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from .advisor import (INDIFFERENT, MAX_BIDS, best_bid_sets, bid_candidates, bid_values,
                      kontra_advice, no_bid)
from .analysis import Analysis
from .analysis import analysis_rounds as _analysis_rounds
from .analysis.rounds import drive
from .analysis.position import PositionResult, solve_position
from .analysis.request import (SamplingFacts, SlemChoice, check_scoring, check_seed,
                               check_whole, choose_slems, parse_bids, sampling_facts,
                               sampling_mode, unavailable)
from .model import announcements as A
from .errors import DealError, RoyalSimError
from .arguments import as_list_text, as_text, as_texts
from .model.deal import Deal, Seat, parse_hand, parse_seat
from .reports import AdviceReport, AnalysisReport, SlemRow
from .scoring import lapsed_bids, validate_bids
from .slems import Bid, card_trick_conflict


SEPARATION = INDIFFERENT
"""Points: bid sets closer than this (and their errors) are searched on no further."""


@dataclass(frozen=True)
class AnalysisRequest:
    """An analysis checked and ready to run (``request_analysis``): nothing sampled yet.
    ``notes``: remarks on the request (slems left out, bids that cannot all be made)."""

    hand: int
    seat: Seat
    samples: int
    seed: int
    rules: str
    igazitas: bool
    choice: SlemChoice
    facts: SamplingFacts
    partner_bids: tuple[Bid, ...] = ()
    opponent_bids: tuple[Bid, ...] = ()
    notes: tuple[str, ...] = ()
    precision: float | None = None
    time: float | None = None
    decide: bool = False

    def run(self, progress: Callable[[int], None] | None = None,
            on_update: Callable[[AnalysisReport], None] | None = None) -> AnalysisReport:
        """Sample the deals and search them; ``progress`` is called with the number of
        deals finished as they finish, ``on_update`` (precision-driven) with the report so
        far after each round. With ``decide`` (the precision not given), a slem whose bid is
        decided (``advisor.decided_bids``: its gain told apart from 0 or within a point of
        it, or silent) stops once its 98 % interval is within ± 10 points
        (``stopping.DECIDED``, ``stopped`` ``"decided"``). Interrupted (Ctrl-C), the
        ``KeyboardInterrupt`` carries the report of the finished rounds (a fixed run: of the
        blocks of deals finished) as ``.partial``, ``None`` before any."""
        from .analysis.rounds import RoundReply

        memo: dict = {}

        def answer(analysis):
            if on_update:
                on_update(self.report(analysis))
            if self.decide and analysis.rounds:
                return RoundReply(decided=self.decided(analysis, memo))
            return None

        return self.drive(progress, answer)

    def ranked(self, analysis: Analysis, memo: dict, max_bids: int = MAX_BIDS) -> list:
        """Every bid set of at most ``max_bids`` bids of the user's the beam scores
        (``advisor.best_bid_sets``, best first), of the run ``memo`` belongs to. Ranking the
        sets is not cheap: it is done after rounds 1, 2, 4, 8 … (once a round, whoever
        asks), the sets kept in ``memo`` between."""
        rounds = analysis.rounds
        if "sets" not in memo or (not rounds & (rounds - 1) and memo["ranked"] != rounds):
            memo["sets"] = best_bid_sets(analysis, igazitas=self.igazitas,
                                         partner_bids=analysis.partner, top=None,
                                         max_bids=max_bids)
            memo["ranked"] = rounds
            memo.pop("outclassed", None)
        return memo["sets"]

    def decided(self, analysis: Analysis, memo: dict, max_bids: int = MAX_BIDS) -> frozenset:
        """The keys of the slems whose decision is taken: their own
        (``advisor.decided_bids``), or left out of every bid set near the best
        (``advisor.outclassed_bids`` on the sets ``ranked``, found again when they are).
        Keys of slems no longer searched may be among them (the rounds read only those
        still searched)."""
        from .advisor import decided_bids, outclassed_bids

        sets = self.ranked(analysis, memo, max_bids)
        if "outclassed" not in memo:
            memo["outclassed"] = outclassed_bids(analysis, sets=sets,
                                                 partner_bids=analysis.partner)
        return frozenset(decided_bids(analysis, self.igazitas) | memo["outclassed"])

    def drive(self, progress: Callable[[int], None] | None,
              answer: Callable[[Analysis], set[str] | None]) -> AnalysisReport:
        """Run the analysis (``analysis.analysis_rounds``), giving each analysis so far to
        ``answer``, whose value after a round is the keys of slems to search on although
        settled; returns the report. Interrupted as ``run``."""
        deadline = None if self.time is None else _time.monotonic() + self.time
        try:
            result = drive(_analysis_rounds(
                self.hand, self.seat, samples=self.samples, seed=self.seed, rules=self.rules,
                only=self.choice.only, fixed=self.choice.fixed,
                constraints=self.facts.constraints, progress=progress,
                partner_bids=self.partner_bids, opponent_bids=self.opponent_bids,
                sampler=self.facts.sampler, precision=self.precision, deadline=deadline),
                answer)
        except KeyboardInterrupt as e:
            partial = getattr(e, "partial", None)
            e.partial = None if partial is None else self.report(partial)
            raise
        return self.report(result)

    def report(self, result: Analysis) -> AnalysisReport:
        """The report of an ``Analysis`` of this request (its rows valued as bids)."""
        values = bid_values(result, igazitas=self.igazitas)
        anns = [A.announcement_key(a, p) for a, p in A.hand_announcements(result.hand)]
        among = Counter(r.slem.id for r in result.candidates)
        return AnalysisReport(
            result, self.igazitas, self.facts.known,
            [SlemRow(r, values.get(r.key), among[r.slem.id]) for r in result.best],
            [SlemRow(r, values.get(r.key)) for r in result.candidates], anns,
            list(self.notes), no_bid(result, igazitas=self.igazitas),
            unavailable(self.hand, self.choice.only))


@dataclass(frozen=True)
class AdviceRequest:
    """An advice checked and ready to run (``request_advice``)."""

    analysis: AnalysisRequest
    top: int
    max_bids: int
    _kept: dict = field(default_factory=dict, repr=False, compare=False)

    notes = property(lambda self: self.analysis.notes)
    samples = property(lambda self: self.analysis.samples)
    precision = property(lambda self: self.analysis.precision)

    def run(self, progress: Callable[[int], None] | None = None,
            on_update: Callable[[AnalysisReport], None] | None = None) -> AdviceReport:
        """Run the analysis (``AnalysisRequest.run``) and rank the bid sets. Precision-
        driven, the advice drives the rounds: after each, the bids of the sets shown are
        searched on while the sets are not told apart (``_unseparated``), each set scored on
        every deal all its bids were searched on. With ``decide`` (the precision not
        given), a bid in none of the sets shown (as of the last ranking) whose deals can
        still grow, and whose decision is taken (``AnalysisRequest.decided``), stops once
        its 98 % interval is within ± 10 points, as in ``AnalysisRequest.run``: the figures
        of those sets keep the run's precision."""
        from .analysis.rounds import RoundReply

        memo: dict = {}

        def answer(result: Analysis) -> set[str] | RoundReply | None:
            keep = self._unseparated(result, memo) if result.rounds else None
            if on_update is not None:       # (after the sets are ranked: sets_apart)
                on_update(self.analysis.report(result))
            if self.analysis.decide and result.rounds:
                keep = frozenset(keep or ())
                decided = self.analysis.decided(result, memo, self.max_bids)
                return RoundReply(keep, decided - keep - self._kept.get("shown", set()))
            return keep

        return self.advice(self.analysis.drive(progress, answer))

    def _unseparated(self, result: Analysis, memo: dict) -> set[str]:
        """The bids of the best set and of each set shown that is not yet told apart from
        it: the 95 % interval of their difference in expected score (paired, on the deals
        both were scored on) holds 0 and is wider than ± ``SEPARATION`` points, and those
        deals can still grow (no bid of either set whose search has ended rests on as few).
        The sets are ranked after rounds 1, 2, 4, 8 … (``AnalysisRequest.ranked``, kept in
        the run's ``memo``), the bids kept between."""
        if result.rounds & (result.rounds - 1) and "keep" in self._kept:
            return self._kept["keep"]
        sets = self.analysis.ranked(result, memo, self.max_bids)[:self.top]
        ended = {r.key: r.n for r in (*result.candidates, *result.partner)
                 if r.stopped is not None}
        best, keep, open_ = sets[0] if sets else None, set(), 0
        # the bids of the sets shown whose deals can still grow (none of their bids ended)
        self._kept["shown"] = {k for b in sets if not any(k in ended for k in b.bids)
                               for k in b.bids}
        for b in sets[1:]:
            m = min(len(best.scores), len(b.scores))
            if any(ended.get(k, m + 1) <= m for k in (*best.bids, *b.bids)):
                continue        # their deals no longer grow: as told apart as they will be
            d = best.scores[:m] - b.scores[:m]
            half = 1.96 * (float(d.std(ddof=1)) / math.sqrt(m) if m > 1 else math.inf)
            if abs(float(d.mean())) < half and half > SEPARATION:
                keep |= set(best.bids) | set(b.bids)
                open_ += 1
        self._kept["keep"] = keep
        self._kept["apart"] = (max(len(sets) - 1, 0) - open_, max(len(sets) - 1, 0))
        return keep

    def sets_apart(self) -> tuple[int, int] | None:
        """How far a precision-driven run is in telling the sets shown apart, as of the last
        ranking (``_unseparated``): ``(settled, rivals)``, the sets shown after the best
        and how many of them are told apart from it (or within ``SEPARATION`` points of it);
        ``None`` before the first round ends."""
        return self._kept.get("apart")

    def advice(self, report: AnalysisReport, listed: int | None = None) -> AdviceReport:
        """Rank the bid sets of an analysis report: the best ``listed`` of them (default
        ``top``)."""
        result, igazitas = report.analysis, report.igazitas
        sets = best_bid_sets(result, igazitas=igazitas, partner_bids=result.partner,
                             top=self.top if listed is None else listed,
                             max_bids=self.max_bids)
        # the baseline: no bid of the user's (the partner's bids alone)
        baseline = best_bid_sets(result, igazitas=igazitas, partner_bids=result.partner,
                                 top=1, max_bids=0)[0]
        return AdviceReport(report, sets, baseline, result.partner,
                            kontra_advice(result, result.opponent, igazitas=igazitas),
                            len(bid_candidates(result, result.partner)))


def request_analysis(hand: str, seat: str, *, samples: int | None = None,
                     precision: float | None = None, time: float | None = None, seed: int = 1,
                     rules: str = "gerots", igazitas: bool = True, only: str | None = None,
                     params: Sequence[str] = (), holds: Sequence[str] = (),
                     not_holds: Sequence[str] = (), tarokks: Sequence[str] = (),
                     suits: Sequence[str] = (), voids: Sequence[str] = (),
                     partner_tarokks: str | None = None, heard: Sequence[str] = (),
                     partner_bids: Sequence[Bid] = (), opponent_bids: Sequence[Bid] = (),
                     notes: Sequence[str] = ()) -> AnalysisRequest:
    """Check an analysis (arguments as ``analyze``) without running it.

    :raises RoyalSimError: any bad argument, naming it."""
    check_scoring(rules, igazitas)
    seed = check_seed(seed)
    decide = precision is None
    samples, precision = sampling_mode(samples, precision, time)
    decide = decide and precision is not None
    seat_ = parse_seat(as_text(seat, "seat"))
    hand_ = parse_hand(as_text(hand, "hand"), seat_)
    holds, not_holds, tarokks, suits, voids, heard, params = (
        as_texts(v, name) for v, name in ((holds, "holds"), (not_holds, "not_holds"),
                                        (tarokks, "tarokks"), (suits, "suits"),
                                        (voids, "voids"), (heard, "heard"),
                                        (params, "params")))
    choice = choose_slems(hand_, only=as_list_text(only, "only"), params=params)
    notes = (*notes, *([f"left out {choice.left_out}"] if choice.left_out else []))
    facts = sampling_facts(seat_, holds=holds, not_holds=not_holds, tarokks=tarokks,
                           suits=suits, voids=voids, partner_tarokks=partner_tarokks,
                           heard=heard, partner_bids=partner_bids, opponent_bids=opponent_bids)
    return AnalysisRequest(hand_, seat_, samples, seed, rules, igazitas, choice, facts,
                           tuple(partner_bids), tuple(opponent_bids), notes, precision, time,
                           decide)


# the commands' flag names for options the Python face names in the plural
_FLAG_NAMES = {"param": "params", "suit": "suits", "void": "voids"}
# request_analysis's parameters that advise fills in (parsed bids, notes): no options
_FILLED_IN = {"partner_bids", "opponent_bids", "notes"}


def _options(options: dict, *accepting) -> dict:
    """``options`` under the names of the functions ``accepting`` them (the commands' flag
    names ``param``, ``suit``, ``void`` taken too). Raises ``RoyalSimError`` naming an
    unknown option."""
    known = {n for f in accepting for n, p in inspect.signature(f).parameters.items()
             if p.kind is p.KEYWORD_ONLY
             and not (f is request_analysis and n in _FILLED_IN)}
    out = {}
    for name, value in options.items():
        key = _FLAG_NAMES.get(name, name)
        if key not in known:
            hint = " (partner_bids: an option of advise)" if key == "partner_bids" else ""
            raise RoyalSimError(f"unknown option {name!r}{hint} (options: "
                                f"{', '.join(sorted(known | {'jobs'}))}; also "
                                f"{', '.join(_FLAG_NAMES)} as the commands name them)",
                                argument=name)
        if key in out:
            raise RoyalSimError(f"option {key!r} given twice", argument=name)
        out[key] = value
    return out


def _no_other_options(options: dict, fn) -> None:
    """Refuse ``options`` (the keywords ``fn`` has no parameter for), naming the first."""
    if options:
        bad = sorted(options)[0]
        known = [n for n, p in inspect.signature(fn).parameters.items()
                 if p.kind is p.KEYWORD_ONLY]
        raise RoyalSimError(f"unknown option {bad!r} of {fn.__name__} (options: "
                            f"{', '.join(known)})", argument=bad)


@contextlib.contextmanager
def _threads(jobs):
    """Run on ``jobs`` of numba's threads (``None``: as set), the setting restored after."""
    if jobs is None:
        yield
        return
    import numba

    jobs = check_whole(jobs, "jobs", 1)
    before = numba.get_num_threads()
    numba.set_num_threads(min(jobs, numba.config.NUMBA_NUM_THREADS))
    try:
        yield
    finally:
        numba.set_num_threads(before)


def analyze(hand: str, seat: str, *, progress: Callable[[int], None] | None = None,
            jobs: int | None = None, **options) -> AnalysisReport:
    """The chance that the pair of ``seat`` completes each slem, holding ``hand``.

    hand: 10 cards in notation (``"XXII XX XVIII XVI XIV IX IV SK SQ HK"``); seat: ``A_IND``,
    ``D_ELF``, ``D_IND``, ``A_ELF`` (or ``indito`` …). Options: precision (default 0.05: each
    slem is searched on new deals in rounds until its 95 % interval is within ± that,
    ``analysis.stopping``), samples (with a precision or a time, the cap, default
    ``DEFAULT_CAP``; alone, every slem on exactly that many deals, 1..1,000,000), time
    (seconds: no round starts after it; the run is precision-driven); seed (the sampler's seed: same seed, same deals, same figures;
    default 1); rules (``"gerots"`` or ``"laza"``); igazitas (laza scoring with the
    consolatio); only (slem ids or names, comma-separated; default all); params
    (``"ultimo=SK"`` fixes a slem's parameter); what is known of the other hands: holds and
    not_holds (``"D_ELF:XXI"``), tarokks (``"A_ELF:8-10"``), suits (``"D_ELF:H:0-1"``), voids
    (``"D_IND:D"``), partner_tarokks (``"7-9"``), heard (``"A_ELF:tarokkszam:9"``); each a
    sequence of such strings (``param``, ``suit``, ``void``, the commands' flag names, are
    taken for params, suits, voids). progress: called with the number of deals finished as
    they finish; jobs: numba threads to search on (default: as ``numba.set_num_threads``
    left them). Returns an ``AnalysisReport``.

    ``game="coinche"`` (or another game analysed: ``analysis.game_analysis.ANALYSES``): the
    hand in the game's notation at its seats, the options of its module's ``analyze_game``
    (coinche: 8 cards at ``N E S W``, ``belote_analysis.GameAnalysis`` returned).

    :raises RoyalSimError: bad input, an unknown option included, naming the argument.
    """
    if str(options.get("game") or "royal").strip().lower() != "royal":
        from .analysis.game_analysis import analysis_module, analyze_game
        module = analysis_module(options["game"])
        return analyze_game(hand, seat, progress=progress, jobs=jobs,
                            **_options(options, module.analyze_game))
    options.pop("game", None)
    request = request_analysis(hand, seat, **_options(options, request_analysis))
    with _threads(jobs):
        return request.run(progress)


def request_advice(hand: str, seat: str, *, partner_bids: str | None = None,
                   their_bids: str | None = None, top: int = 5, max_bids: int = MAX_BIDS,
                   **options) -> AdviceRequest:
    """Check an advice (arguments as ``advise``) without running it.

    :raises RoyalSimError: any bad argument, naming it."""
    max_bids = check_whole(max_bids, "max_bids", 1, 8)
    top = check_whole(top, "top", 1)
    options = _options(options, request_analysis)
    mine = parse_bids(as_list_text(partner_bids, "partner_bids"), "partner_bids")
    theirs = parse_bids(as_list_text(their_bids, "their_bids"), "opponent_bids")
    rules = options.get("rules", "gerots")
    validate_bids(mine, rules)
    validate_bids(theirs, rules)

    def conflict(bids):
        # (a bid another of the pair's raises lapses: Uhu with SK over Ultimó with SK)
        lapsed = lapsed_bids(bids, rules)
        return card_trick_conflict([b for b in bids if b.key not in lapsed])

    notes = [f"{who} bids cannot all be made: {why}"
             for who, bids in (("your partner's", mine), ("their", theirs))
             if (why := conflict(bids))]
    return AdviceRequest(request_analysis(hand, seat, partner_bids=mine,
                                          opponent_bids=theirs, notes=notes, **options),
                         top, max_bids)


def advise(hand: str, seat: str, *, progress: Callable[[int], None] | None = None,
           jobs: int | None = None, **options) -> AdviceReport:
    """The best bid sets for the pair of ``seat`` holding ``hand``, and kontra advice.

    partner_bids / their_bids: the bids your partner / the opponents made, comma-separated
    keys (``"ultimo:SK,gem"``); top: bid sets to return (default 5); max_bids: most bids of
    your own in a set (1..8, default 3); the other options and jobs as ``analyze``.
    Returns an ``AdviceReport``.

    :raises RoyalSimError: bad input, an unknown option included, naming the argument.
    """
    request = request_advice(hand, seat, **_options(options, request_advice,
                                                    request_analysis))
    with _threads(jobs):
        return request.run(progress)


def solve(deal: str, *, leader: str = "A_IND", first_trick: int | None = None,
          rules: str = "gerots", slems: bool | None = None, trick=None, cards: bool = False,
          **options):
    """The double-dummy result of a full deal or an ending: the tricks each pair can force
    and the slems each can force.

    deal: the four hands in play order ``A_IND / D_ELF / D_IND / A_ELF``, separated by
    ``/`` (or a list of the four hands), all the same size; leader: the seat leading the
    next trick (a seat name); first_trick: its number (default and only legal value:
    11 − cards per hand); trick: the cards already played to the current trick, the
    leader's first (a string in card notation or a list of cards; the deal then holds the
    hands as they are now, a seat that played to it one card fewer: docs/play.md);
    cards: value every legal card of the seat to play (returns ``cardplay.values.CardValues``:
    the tricks each pair takes from the current trick on and the slems each still forces
    after each card; without it a ``PositionResult``, with ``trick`` from the best card);
    rules: ``"gerots"`` or ``"laza"`` (the slems' obligatory play);
    slems: search the slems too (default True; ``no_slems=True``, the command's flag, is
    ``slems=False``; both true, or both false, contradict each other).

    :raises RoyalSimError: (``DealError``) a bad deal, seat, trick number, rule set or
        option, naming it, and a trick that does not fit the deal (a card still in a hand,
        a revoke, 4 or more cards).
    """
    if set(options) - {"no_slems"}:
        bad = sorted(set(options) - {"no_slems"})[0]
        raise RoyalSimError(f"unknown option {bad!r} of solve (options: leader, first_trick, "
                            "rules, slems, no_slems, trick, cards)", argument=bad)
    if "no_slems" in options:
        if not isinstance(options["no_slems"], (bool, np.bool_)):
            raise RoyalSimError(f"no_slems must be True or False, got "
                                f"{options['no_slems']!r}", argument="no_slems")
        if slems is not None and bool(slems) == bool(options["no_slems"]):
            raise RoyalSimError(f"slems={bool(slems)} and no_slems={bool(options['no_slems'])} "
                                "contradict each other: give one", argument="no_slems")
        if slems is None:
            slems = not options["no_slems"]
    if slems is None:
        slems = True
    if not isinstance(slems, (bool, np.bool_)):
        raise RoyalSimError(f"slems must be True or False, got {slems!r}", argument="slems")
    if isinstance(deal, (list, tuple)) and all(isinstance(h, str) for h in deal):
        deal = " / ".join(deal)            # the four hands as a list
    if not isinstance(leader, (str, Seat)):
        raise RoyalSimError(f"leader must be a seat name like 'A_IND', got {leader!r}",
                            argument="leader")
    try:
        seat = parse_seat(leader)
    except DealError as e:
        raise DealError(str(e), argument="leader") from None
    if not isinstance(cards, (bool, np.bool_)):
        raise RoyalSimError(f"cards must be True or False, got {cards!r}", argument="cards")
    if trick is not None or cards:
        from .analysis.request import check_rules
        from .cardplay.position import Position
        from .cardplay.values import card_values
        pos = Position.parse(as_text(deal, "deal"), seat, first_trick,
                             "" if trick is None else as_text(trick, "trick"))
        check_rules(rules)
        cv = card_values(pos, rules=rules, slems=bool(slems))
        return cv if cards else cv.position_result()
    return solve_position(Deal.parse(as_text(deal, "deal")).hands, leader=seat,
                          first_trick=first_trick, rules=rules, slems=bool(slems))


def suggest(hand, seat, *, play=None, attack_bids: str | Sequence[str] | None = None,
            defence_bids: str | Sequence[str] | None = None, rules: str = "gerots",
            igazitas: bool = True, worlds: int = 320, precision: float | None = None,
            seed: int = 1, heard: str | Sequence[str] = (),
            progress: Callable[[int, int], None] | None = None,
            on_update: Callable | None = None, **options):
    """The card ``seat`` should play now (``cardplay.suggest``): every legal card valued over
    worlds drawn from what the seat has seen, double dummy in each.

    hand: the seat's cards now (notation or a list of cards); play: the cards played so
    far from trick 1 in play order (notation, tricks may be separated by ``|``; who played
    each follows from the trick winners); attack_bids, defence_bids: the bids announced
    (comma lists of keys); rules, igazitas: the scoring; worlds: most worlds used;
    precision: the margin at which to stop (points with bids, tricks without); seed: of
    the worlds; heard: announcements heard (as ``analyze``); progress: called with
    (worlds used, consistent worlds) after each round of worlds; on_update: with the
    ``Suggestion`` so far after each round that does not end the run. Returns
    ``cardplay.suggest.Suggestion``.

    :raises RoyalSimError: a bad hand, seat, card, bid or option (an unknown one too), or a
        record no deal fits (naming the fact).
    """
    _no_other_options(options, suggest)
    from .analysis.request import check_rules, parse_bids
    from .model.deal import Pair
    from .cardplay.record import check_bars, parse_play
    from .model import cards as C
    from .cardplay.suggest import seats_of, suggest_card

    check_rules(rules)
    seat_ = parse_seat(as_text(seat, "seat"))
    cards, bars = parse_play(as_text(play, "play")) if play else ([], [])
    played = seats_of(cards)
    check_bars(cards, [s for s, _ in played], bars)
    held = C.mask_of(C.parse_cards(as_text(hand, "hand"), f"the hand of {seat_.name}"))
    worlds = check_whole(worlds, "worlds", 1, 100_000)
    bids = {Pair.ATTACK: parse_bids(as_list_text(attack_bids, "attack_bids"), "attack_bids"),
            Pair.DEFENCE: parse_bids(as_list_text(defence_bids, "defence_bids"), "defence_bids")}
    if precision is not None and (isinstance(precision, bool)
                                  or not isinstance(precision, (int, float))
                                  or not 0 < precision < math.inf):
        raise RoyalSimError(f"precision must be a positive number, got {precision!r}",
                            argument="precision")
    try:
        return suggest_card(seat_, held, played, bids=bids, rules=rules, igazitas=igazitas,
                            precision=precision, max_worlds=worlds, seed=check_seed(seed),
                            heard=as_texts(heard, "heard") if heard else (),
                            progress=progress, on_update=on_update)
    except ValueError as e:
        if isinstance(e, RoyalSimError):
            if e.argument != "played":
                raise
            # the worlds' record of (seat, card) pairs is this function's play
            raise type(e)(re.sub(r"^played(\[\d+\])?:", "play:", str(e)),
                          argument="play") from None
        raise RoyalSimError(str(e), argument="play") from None


def review(deal, *, play=None, leader: str | None = None, first_trick: int | None = None,
           attack_bids: str | Sequence[str] | None = None,
           defence_bids: str | Sequence[str] | None = None, rules: str | None = None,
           **options):
    """A played game reviewed card by card, double dummy (``cardplay.review``): each card's
    cost in tricks and announced bids against the best card in its position, the best
    cards instead, totals per seat, and the card that first cost each bid.

    deal: the four hands when the play starts (deal notation; a full deal or an ending), or
    a whole game record (``cardplay.record`` notation, docs/play.md; then play, leader,
    first_trick, rules and the bids come from it, those it does not give from here: play or
    a pair's bids given in both, or a leader, first_trick or rules other than the record's
    field, is an error, "given twice");
    play: the cards in play order
    (card notation, tricks may be separated by ``|``; or a list of cards); leader
    (default A_IND), first_trick: of an ending, as ``solve``; attack_bids, defence_bids:
    the bids each pair announced (comma lists of keys like ``ultimo:I,gem``); rules:
    ``gerots`` or ``laza`` (the bids' obligatory play; default the record's, else
    gerots). Returns
    ``cardplay.review.Review``. Raises ``RoyalSimError`` (``RecordError``, naming trick, seat
    and card, for a card not in the hand of the seat to play, a revoke or too many cards
    in a trick; ``DealError``/``BidError`` for a bad deal, seat or bid; ``RoyalSimError``
    for a play of no card, something given twice or an unknown option)."""
    _no_other_options(options, review)
    from .cardplay.record import GameRecord, check_record_text, parse_play
    from .cardplay.review import review_record
    from .analysis.request import check_rules, parse_bids
    from .model.deal import Pair

    if rules is not None:
        check_rules(rules)
    if isinstance(deal, (list, tuple)) and all(isinstance(h, str) for h in deal):
        deal = " / ".join(deal)
    text = as_text(deal, "deal")
    # a leader, first trick or rules the record does not say are taken from the options
    base = (GameRecord.parse(text, {"leader": leader, "first_trick": first_trick,
                                    "rules": rules})
            if check_record_text(text) else None)
    bids = {Pair.ATTACK: parse_bids(as_list_text(attack_bids, "attack_bids"), "attack_bids"),
            Pair.DEFENCE: parse_bids(as_list_text(defence_bids, "defence_bids"), "defence_bids")}
    for p in Pair:
        validate_bids(bids[p], rules or "gerots")

    def played():
        cards, bars = parse_play(as_text(play, "play"))
        if not cards:
            raise RoyalSimError(f"play gives no cards ({play!r}): list the cards played, in "
                                "play order (e.g. 'IX V XIII I | SJ SQ S10 SK')",
                                argument="play")
        return cards, bars

    if base is not None:
        if play is not None and base.play:
            raise RoyalSimError("play given twice: the record has a 'play:' field; give the "
                                "cards played in one place", argument="play")
        for p, name in ((Pair.ATTACK, "attack_bids"), (Pair.DEFENCE, "defence_bids")):
            if bids[p] and base.bids[p]:
                raise RoyalSimError(f"{name} given twice: the record has a '{p.label}:' "
                                    "field; give the bids in one place", argument=name)
        if rules is not None and base.rules is not None and rules != base.rules:
            raise RoyalSimError(f"rules given twice: the record says 'rules: {base.rules}', "
                                f"and {rules!r} is given; give them in one place",
                                argument="rules")
        if leader is not None and parse_seat(as_text(leader, "leader")) != base.leader:
            raise RoyalSimError(f"leader given twice: the record's 'leader:' field says "
                                f"{base.leader.name}; give it in one place", argument="leader")
        if first_trick is not None and first_trick != base.first_trick:
            raise RoyalSimError(f"first_trick given twice: the record's 'first_trick:' field "
                                f"says {base.first_trick}; give it in one place",
                                argument="first_trick")
        cards, bars = played() if play is not None else (list(base.play), [])
        if not cards:
            raise RoyalSimError("no card to review: give `play` (the record has no 'play:' "
                                "field)", argument="play")
        # (base holds the options' leader, first trick and rules where the record has none)
        record = GameRecord.of(base.deal, cards, leader=base.leader,
                               first_trick=base.first_trick,
                               bids={p: bids[p] or base.bids[p] for p in Pair},
                               rules=base.rules, tricks=bars)
    else:
        if play is None:
            raise RoyalSimError("play must list the cards played (e.g. 'XX XVIII XXII XIX "
                                "| SK ...')", argument="play")
        cards, bars = played()
        record = GameRecord.of(Deal.parse(text, check_rules=False).hands, cards,
                               leader=leader or "A_IND", first_trick=first_trick, bids=bids,
                               rules=rules, tricks=bars)
    return review_record(record, rules=rules)


def play(deal, *, leader: str = "A_IND", first_trick: int | None = None,
         attack_bids: str | Sequence[str] | None = None,
         defence_bids: str | Sequence[str] | None = None, worlds: int = 20, seed: int = 0,
         rules: str = "gerots", igazitas: bool = True, open: bool = False,
         double_dummy: str | None = None, review: bool = True,
         progress: Callable[[int, int], None] | None = None, **options):
    """One deal played out at the table (``cardplay.pimc``): every seat chooses its cards by
    PIMC (worlds drawn from what it has seen, every legal card valued double dummy in each,
    the best mean for its pair's score under the bids played), beside the same deal double
    dummy.

    deal: a full deal (deal notation, four hands separated by ``/``, or a list of four
    hands), or an ending (all hands one size) that ``leader`` leads, its first trick
    ``first_trick`` (default and only legal value: 11 − cards per hand); attack_bids,
    defence_bids: the bids announced (comma lists of keys like ``ultimo:I,gem``); worlds:
    per decision (1..1000); seed: of the worlds (0 .. 2**64-1, as analyze's); rules, igazitas: the
    scoring and the obligatory play; open: every seat sees every hand (the game is then the
    double-dummy line); double_dummy: ``attack`` or ``defence``, the pair that sees every
    hand while the other plays PIMC; review: also review every card double dummy;
    progress: called with (cards played, cards of the game). Returns
    ``cardplay.pimc.TableGame``.

    :raises RoyalSimError: a bad deal, bid or option (an unknown one too)."""
    _no_other_options(options, play)
    from .analysis.request import check_scoring, parse_bids
    from .model.deal import Pair, parse_pair
    from .cardplay.pimc import play_deal

    check_scoring(rules, igazitas)
    if isinstance(deal, (list, tuple)) and all(isinstance(h, str) for h in deal):
        deal = " / ".join(deal)
    dealt = Deal.parse(as_text(deal, "deal"), check_rules=False)
    seat = parse_seat(as_text(leader, "leader"))
    bids = {Pair.ATTACK: parse_bids(as_list_text(attack_bids, "attack_bids"), "attack_bids"),
            Pair.DEFENCE: parse_bids(as_list_text(defence_bids, "defence_bids"), "defence_bids")}
    for p in Pair:
        validate_bids(bids[p], rules)
    worlds = check_whole(worlds, "worlds", 1, 1000)
    seed = check_seed(seed)
    seeing = None if double_dummy is None else parse_pair(as_text(double_dummy, "double_dummy"))
    if open and seeing is not None:
        raise RoyalSimError("give `open` (every seat sees) or `double_dummy` (one pair "
                            "sees), not both", argument="double_dummy")
    return play_deal(dealt, bids=bids, worlds=worlds, seed=seed, rules=rules,
                     igazitas=igazitas, open=bool(open), double_dummy=seeing, leader=seat,
                     first_trick=first_trick,
                     review=bool(review), progress=progress)
