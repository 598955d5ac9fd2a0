"""Raises and implications between bids: which bid supersedes which, which bids one pair
cannot hold together, and which predicate implies which.

Source rule: ``spec/royal-tarokk.md`` §3 "Raise relations" (the laza list, seed 002
"Emelési viszonyok") and the Gerots additions (seed 000: the same-card magasító chain, the
színfogó slems, one trophy per pair). The edges are the table's ``Slem.raises``.

Decision (where spec and sources leave room):

- Raise edges follow the spec list literally: only the Gerots magasító chain compares
  cards (same card), only Flotta/Armada > Banda compare suits; Héja > Fácán/Sólyom, Stella >
  Héja, Mariage > Spadille etc. hold whatever the parameters. Gerots's "színfogó slems raise
  one another regardless of suits" is the option ``supersedes(…, szinfogo_any_suit=True)``.
"""

from __future__ import annotations

from ..model import cards as C
from .params import Bid, check_param
from .catalogue import (ANY, N_TRICKS, NOT_TOGETHER, SAME, SLEM_IDS, SLEMS, Slem, get_slem,
                    resolve_term)


def _compose(c1, c2):
    return c1 if c2 == SAME else c2


def _closure() -> dict[str, dict[str, set]]:
    reach: dict[str, dict[str, set]] = {}
    for hi in SLEMS:
        found: dict[str, set] = {}
        stack = [(r.lower, r.when) for r in SLEMS[hi].raises]
        while stack:
            lo, cond = stack.pop()
            key = cond if not isinstance(cond, set) else frozenset(cond)
            if key in found.setdefault(lo, set()):
                continue
            found[lo].add(key)
            for r in SLEMS[lo].raises:
                stack.append((r.lower, _compose(key, r.when)))
        reach[hi] = found
    return reach


_REACH = _closure()


def _cond_ok(cond, hi_param, lo_param) -> bool:
    if cond is None:
        return True
    if cond == SAME:
        return hi_param == lo_param
    return lo_param in cond


def supersedes(high: str | Slem, high_param, low: str | Slem, low_param, *,
               szinfogo_any_suit: bool = False) -> bool:
    """Does bid ``high`` raise (supersede) bid ``low``, directly or through a chain?

    Source: spec §3 "Raise relations" (the laza list, seed 002 "Emelési viszonyok", with
    "Volát trophies" = every trophy needing all 10 tricks) plus Gerots's same-card chain
    Ultimó < Uhu < Sárkány < Griff < Turul. ``szinfogo_any_suit``: the Gerots reading
    (seed 000 "Színfogó szlemek": the színfogó slems raise one another "regardless of the
    announced suits") replaces the színfogó part of the list by the value order
    Banda < Flotta < Piros-fekete < Armada < Légió, any suits. Parameters are compared in
    canonical form (see ``check_param``)."""
    hi, lo = get_slem(high), get_slem(low)
    if szinfogo_any_suit and hi.group == lo.group == "színfogó":
        return hi.value > lo.value
    return any(_cond_ok(c, high_param, low_param) for c in _REACH[hi.id].get(lo.id, ()))


def raised_ids(slem: str | Slem) -> tuple[str, ...]:
    """Ids that ``slem`` supersedes for some parameters (transitive closure of ``raises``)."""
    return tuple(i for i in SLEM_IDS if i in _REACH[get_slem(slem).id])


def bid_conflict(a: Bid, b: Bid) -> str | None:
    """Why one pair may not hold bids ``a`` and ``b`` together, or ``None``.

    A raise is not a conflict (the lower bid lapses; see ``supersedes``). Conflicts: the same
    slem twice (laza: each bid at most once per pair), two of a ``NOT_TOGETHER`` set, two
    trophies (one per pair, seed 000 "Royal"), two magasító slems on one trick (seed 000
    "Magasító szlemek")."""
    sa, sb = a.slem, b.slem
    if supersedes(sa, a.param, sb, b.param) or supersedes(sb, b.param, sa, a.param):
        return None
    if sa.id == sb.id:
        return f"{sa.id} is bid at most once per pair"
    for group in NOT_TOGETHER:
        if sa.id in group and sb.id in group:
            return f"{sa.id} and {sb.id} are not bid together"
    if sa.is_trophy and sb.is_trophy:
        return "a pair bids at most one trophy"
    if sa.group == sb.group == "magasító":
        return f"{sa.id} and {sb.id} are both magasító slems for one trick" \
            if sa.predicate.tricks[0][0] == sb.predicate.tricks[0][0] else None
    return None


# ---------------------------------------------------------------------------------------
# implication between predicates (used to skip searches)


def _raw_predicate(s: Slem, param):
    pred = s.predicate
    tricks: dict[int, int] = {}
    for t, term in pred.tricks:
        m = resolve_term(term, param)[0]
        tricks[t] = tricks.get(t, C.FULL_MASK) & m
    capture = 0
    for term in pred.capture:
        capture |= resolve_term(term, param)[0]
    count = frozenset(pred.count_tricks or range(1, N_TRICKS + 1))
    all10 = pred.min_tricks >= N_TRICKS and len(count) == N_TRICKS
    return pred, tricks, capture, count, all10


def implies(high: str | Slem, high_param, low: str | Slem, low_param) -> bool:
    """A sufficient test that every play meeting ``high``'s predicate meets ``low``'s (for
    the same pair, on any deal): then ``low`` false ⇒ ``high`` false. Conservative: False
    when in doubt. Used only to skip searches whose answer is already known."""
    a, ta, capa, cnta, all10 = _raw_predicate(get_slem(high), check_param(high, high_param))
    b, tb, capb, cntb, _ = _raw_predicate(get_slem(low), check_param(low, low_param))
    if b.min_tricks and not (all10 or (a.min_tricks >= b.min_tricks and cnta <= cntb)):
        return False
    for t, mb in tb.items():
        ma = ta.get(t)
        if ma is None:
            if not (all10 and mb == ANY):
                return False
        elif ma & ~mb:
            return False
    if b.capture_opp & ~a.capture_opp:
        return False
    if capb & ~(capa | a.capture_opp) and not all10:
        return False
    if b.capture_any and not (all10 or (capa | a.capture_opp) & b.capture_any):
        return False
    for eb in b.exists:
        if not (any(ea & ~eb == 0 for ea in a.exists)
                or any(ma & ~eb == 0 for ma in ta.values())):
            return False
    mask_b, n_b = b.run
    if n_b:
        mask_a, n_a = a.run
        ok = n_a >= n_b and mask_a & ~mask_b == 0
        if not ok:
            for start in range(1, N_TRICKS - n_b + 2):
                if all(t in ta and ta[t] & ~mask_b == 0 for t in range(start, start + n_b)):
                    ok = True
                    break
        if not ok:
            return False
    if b.split_tricks and tuple(b.split_tricks) != tuple(a.split_tricks):
        return False
    return True
