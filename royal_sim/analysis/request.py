"""Checking what an analysis is asked for, before any deal is sampled: the number of deals,
the scoring, the slems and their fixed parameters (only what the hand may announce), the
bids heard and the facts the deals are sampled under.

Errors are ``RoyalSimError``s naming the argument (``argument=``) in the words of these
functions; a name in backticks (```only```, ```rules='laza'```) is another argument the
message refers to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..errors import RoyalSimError
from .stopping import StoppingRule
from ..model.cards import tokens
from ..model.deal import Seat
from ..sampling.sampler import Constraints
from .. import slems as S

MAX_SAMPLES = 1_000_000   # deals per analysis (0.02-0.3 s each per core already)
DEFAULT_PRECISION = 0.05  # ± 5 points: each slem searched until its interval is that narrow
DEFAULT_CAP = 10_000      # deals at most in a precision-driven run


def check_whole(value, argument: str, lo: int, hi: int | None = None,
                span: str | None = None) -> int:
    """``value`` as an int if it is a whole number (not a bool) in ``lo..hi`` (no upper
    bound if ``hi`` is None); else ``RoyalSimError`` naming ``argument``: "<argument> must
    be a whole number" or "must be <span>" (default "lo..hi" or "at least lo"), then ",
    got <value>"."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise RoyalSimError(f"{argument} must be a whole number, got {value!r}",
                            argument=argument)
    if value < lo or (hi is not None and value > hi):
        if span is None:
            span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
        raise RoyalSimError(f"{argument} must be {span}, got {value!r}", argument=argument)
    return int(value)


def check_samples(samples: int) -> int:
    """``samples`` (deals to sample) if it is 1..``MAX_SAMPLES``; else ``RoyalSimError``
    (argument ``samples``)."""
    return check_whole(samples, "samples", 1, MAX_SAMPLES, f"1..{MAX_SAMPLES:,}")


def sampling_mode(samples: int | None, precision: float | None,
                  time: float | None) -> tuple[int, float | None]:
    """``(samples, precision)`` of a run: precision-driven by default (``DEFAULT_PRECISION``,
    capped at ``DEFAULT_CAP`` deals); ``samples`` alone: every slem on exactly that many
    deals (precision ``None``); both: ``samples`` is the cap. ``time`` (seconds, a budget)
    makes a run precision-driven (``samples``, if given, the cap). Raises
    ``RoyalSimError`` naming ``samples``, ``precision`` (outside (0, 0.5], or a cap below
    the first round) or ``time`` (not a positive, finite number)."""
    if time is not None:
        if (isinstance(time, bool) or not isinstance(time, (int, float))
                or not math.isfinite(time) or time <= 0):
            raise RoyalSimError("time must be a positive, finite number of seconds, got "
                                f"{time!r}", argument="time")
        if precision is None:
            precision = DEFAULT_PRECISION     # a time budget ends rounds: precision-driven
    if precision is None and samples is None:
        precision = DEFAULT_PRECISION
    if samples is None:
        samples = DEFAULT_CAP
    check_samples(samples)
    if precision is not None:
        StoppingRule(precision, samples)
    return samples, precision


def check_rules(rules) -> None:
    """``RoyalSimError`` (argument ``rules``) unless ``rules`` is ``"gerots"`` or
    ``"laza"``."""
    if not isinstance(rules, str) or rules not in ("gerots", "laza"):
        raise RoyalSimError(f"unknown rules {rules!r} (use gerots or laza)", argument="rules")


def check_seed(seed) -> int:
    """``seed`` as an int in 0..2**64-1 (the sampler's seeds), else ``RoyalSimError``
    (argument ``seed``)."""
    return check_whole(seed, "seed", 0, 2**64 - 1, "0..2**64-1")


def check_scoring(rules: str, igazitas: bool) -> None:
    """The rule set (``check_rules``) and igazítás (a bool): scoring without igazítás
    (``igazitas`` False) exists in laza only. Raises ``RoyalSimError`` (argument ``rules``
    or ``igazitas``)."""
    check_rules(rules)
    if not isinstance(igazitas, (bool, np.bool_)):
        raise RoyalSimError(f"igazitas must be True or False, got {igazitas!r}",
                            argument="igazitas")
    if rules == "gerots" and not igazitas:
        raise RoyalSimError("`igazitas=False` is a laza option (Gerots scoring always has the "
                            "consolatio); add `rules='laza'`", argument="igazitas")


def parse_only(text: str | None) -> list[str] | None:
    """Slem ids from a comma list of ids or names (``gem,volat,ultimo``; ``None``: all
    slems, returned as ``None``). Raises ``RoyalSimError`` (argument ``only``) for an
    unknown slem or a list naming none."""
    if text is None:
        return None
    ids = [s.id for s in S.parse_slem_list(text)]
    if not ids:
        raise RoyalSimError("only lists no slem (give ids like gem,volat,ultimo)",
                            argument="only")
    return ids


def bid_keys(text: str) -> list[str]:
    """The bid keys of a comma (or space) list, where a parameter may hold commas itself, as
    ``str(bid)`` writes it: ``piros_fekete:D,C,heja:III,II,I,gem`` → ``piros_fekete:D,C``,
    ``heja:III,II,I``, ``gem`` (a part that is no slem name continues the parameter before
    it)."""
    keys: list[str] = []
    for t in tokens(text):
        if keys and ":" in keys[-1] and ":" not in t and not _is_slem_name(t):
            keys[-1] += "," + t
        else:
            keys.append(t)
    return keys


def _is_slem_name(text: str) -> bool:
    try:
        S.get_slem(text)
    except S.BidError:
        return False
    return True


def parse_bids(text: str | None, argument: str) -> list[S.Bid]:
    """Bids from a comma list of keys (``ultimo:SK,gem``, ``piros_fekete:D,C``: see
    ``bid_keys``; ``None``: no bid). ``argument`` names the list in errors
    (``partner_bids``, ``opponent_bids``). Raises ``RoyalSimError`` for a bad key or a given
    list naming no bid."""
    bids = [S.Bid.parse(t) for t in bid_keys(text or "")]
    if text is not None and not bids:
        raise RoyalSimError(f"{argument} lists no bid (give keys like gem,ultimo:SK)",
                            argument=argument)
    return bids


@dataclass(frozen=True)
class SlemChoice:
    """The slems to search for a hand: ``only`` (ids, ``None``: all), ``fixed`` (slem id →
    the one parameter to search) and ``left_out`` (why some of ``only`` are not searched:
    the hand cannot announce them; ``""`` when none is left out)."""

    only: list[str] | None
    fixed: dict[str, object] = field(default_factory=dict)
    left_out: str = ""


def _fixed_params(hand: int, params: Sequence[str], only: list[str] | None) -> dict:
    fixed: dict[str, object] = {}
    for text in params:
        if "=" not in text:
            raise RoyalSimError(f"bad param {text!r}: use ID=PARAM, e.g. ultimo=I",
                                argument="param")
        sid, ptext = text.split("=", 1)
        slem = S.get_slem(sid.strip())
        if slem.id in fixed:
            raise RoyalSimError(f"param given twice for {slem.id}", argument="param")
        if only is not None and slem.id not in only:
            raise RoyalSimError(f"param {text}: {slem.id} is not among the `only` slems",
                                argument="param")
        param = S.parse_param(slem, ptext.strip())
        if slem.param.arity and param not in S.candidate_params(slem, hand):
            raise RoyalSimError(f"param {text}: you cannot announce "
                                f"{S.format_param(slem, param)} (not a magasító of your hand)",
                                argument="param")
        fixed[slem.id] = param
    return fixed


def choose_slems(hand: int, *, only: str | None = None,
                 params: Sequence[str] = ()) -> SlemChoice:
    """The slems to search for ``hand`` (a 10-card bit mask). only: comma list of slem ids
    (``parse_only``); params: ``ID=PARAM`` strings fixing a slem's parameter (``ultimo=SK``,
    ``banda=S``): each slem once, among ``only``, and a magasító only if the hand holds it
    (spec §3). Slems the hand cannot announce at all (each names a magasító of the bidder's
    hand) are left out of ``only``; if that leaves none, ``RoyalSimError``. Errors name the
    argument (``only`` or ``param``)."""
    only_ids = parse_only(only)
    fixed = _fixed_params(hand, params, only_ids)
    ids = only_ids if only_ids is not None else list(S.SLEMS)
    cannot = [i for i in ids if i not in fixed and not S.candidate_params(i, hand)]
    if not cannot or only_ids is None:
        return SlemChoice(only_ids, fixed)
    one = all(S.get_slem(i).param.arity == 1 for i in cannot)
    why = (f"{', '.join(cannot)}: your hand cannot announce "
           f"{'it' if len(cannot) == 1 else 'them'} (each names "
           f"{'a magasító' if one else 'magasítók'} of your own hand: I-IV or a king)")
    if len(cannot) == len(only_ids):
        raise RoyalSimError(f"only {why}", argument="only")
    return SlemChoice(only_ids, fixed, why)


def unavailable(hand: int, only: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The slems (of ``only``, default all) that ``hand`` cannot announce, each with why:
    ``[(slem id, "needs 3 magasítók of your own (I-IV or kings)"), …]`` (the bidder names
    magasítók of its own hand: spec §3)."""
    out = []
    for sid in (only if only is not None else list(S.SLEMS)):
        slem = S.get_slem(sid)
        if slem.param.arity and not S.candidate_params(slem, hand):
            n = slem.param.arity
            out.append((slem.id, "needs a magasító of your own (I-IV or a king)" if n == 1
                        else f"needs {n} magasítók of your own (I-IV or kings)"))
    return out


@dataclass(frozen=True)
class SamplingFacts:
    """What the deals are sampled under: ``constraints`` (per seat), ``sampler`` (the
    sampler of the heard announcements, ``None`` without any) and ``known``: each fact in
    words (``D_ELF: void H``, ``heard A_ELF:tarokkszam:9``, ``partner bid gem``)."""

    constraints: Constraints
    sampler: object | None
    known: list[str]


def sampling_facts(seat: Seat, *, holds: Sequence[str] = (), not_holds: Sequence[str] = (),
                   tarokks: Sequence[str] = (), suits: Sequence[str] = (),
                   voids: Sequence[str] = (), partner_tarokks: str | None = None,
                   heard: Sequence[str] = (), partner_bids: Sequence[S.Bid] = (),
                   opponent_bids: Sequence[S.Bid] = ()) -> SamplingFacts:
    """The facts about the other hands for a hand at ``seat``: constraint strings as
    ``Constraints.parse`` takes them, ``partner_tarokks`` (a range such as ``7-9``: the
    partner's tarokk count, a constraint on ``seat.partner``), ``heard`` announcements
    (``SEAT:ANNOUNCEMENT``, ``sampling.evidence.parse_heard``) and the bids made (named in
    ``known`` only: ``analysis.analyze`` takes them itself). Raises ``RoyalSimError`` from
    the parsers."""
    if partner_tarokks:
        tarokks = (*tarokks, f"{seat.partner.name}:{partner_tarokks}")
    constraints = Constraints.parse(holds=holds, not_holds=not_holds, tarokks=tarokks,
                                    suits=suits, voids=voids)
    known = constraints.known()
    sampler = None
    if heard:
        from ..sampling.evidence import evidence_sampler, parse_heard
        said = [parse_heard(h) for h in heard]
        sampler = evidence_sampler(said)
        known += [f"heard {h.key}" for h in said]
    known += [f"partner bid {b.key}" for b in partner_bids]
    known += [f"opponents bid {b.key}" for b in opponent_bids]
    return SamplingFacts(constraints, sampler, known)
