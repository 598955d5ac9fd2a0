"""From a bid to the engine's goal: ``compile_goal`` (slem → ``engine.goal.Goal`` for one
pair and one position) and the Gerots obligatory-play data of a bid.

Source rule: ``spec/royal-tarokk.md`` §3 (table, notation, "Obligatory play"), seed 000
"Rájátszás".

Decision (where spec and sources leave room):

- Positions: a slem is left out (``None``) when it depends on a trick already played or on
  a card no longer in play. An existential ("some trick with a card of S": Amazon,
  Spadille, Manille …) is judged over the remaining tricks, as a capture is: can the pair
  still win a trick with a card of S still in play (a trick played before the position
  is not known to it); it is left out only when no card of S is in play.
"""

from __future__ import annotations

from typing import Iterable

from ..engine.goal import Goal
from ..model import cards as C
from ..model.deal import Pair, first_trick_of, hand_size
from .params import check_param, slem_key
from .catalogue import M1, M2, M3, BidError, Slem, get_slem, resolve_term


def held_until(slem: str | Slem, param=None) -> dict[int, int]:
    """Gerots obligatory play data: ``{card id: trick}`` for every card the bid announces for
    a trick; the pair may not play the card before that trick (the earliest one it may win,
    e.g. 9 for both cards of Mariage). Empty for slems without rájátszás.

    Source: spec §3 "Obligatory play", seed 000 "Rájátszás" (kötött, magasító, reptető
    slems, the three fácánok, Dzsinn, Mariage and the trophies containing them)."""
    s = get_slem(slem)
    param = check_param(s, param)
    out: dict[int, int] = {}
    for t, term in s.predicate.named_tricks():
        mask, _ = resolve_term(term, param)
        for c in C.iter_bits(mask):
            out[c] = min(out.get(c, t), t)
    return out


def _has_matching(reqs: list[tuple[int, int]]) -> bool:
    """Can each trick get a distinct card of its mask? (Kuhn's augmenting paths.)"""
    owner: dict[int, int] = {}

    def assign(i: int, seen: set[int]) -> bool:
        for c in C.iter_bits(reqs[i][1]):
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or assign(owner[c], seen):
                owner[c] = i
                return True
        return False

    return all(assign(i, set()) for i in range(len(reqs)))


def compile_goal(slem: str | Slem, param, hands, pair: Pair | int,
                 first_trick: int | None = None) -> Goal | None:
    """The solver ``Goal`` for bid ``slem``/``param`` by pair ``pair`` in a position.

    hands: the four hands in seat order (a ``Deal`` or 4 bit masks of equal size k);
    first_trick: absolute number of the next trick, default ``first_trick_of(k)`` (1 for a full deal).
    Trick numbers in the goal are absolute; masks are intersected with the pair's cards
    where the pair must win with them. Returns:

    - ``None`` when the slem cannot be judged from the position (first_trick > 1): it names
      a trick before ``first_trick`` (every trick count: Gém…Volát, Obscur, "wins all 10",
      Quart/Piramis runs; the kötött tricks 1…t), or a card no longer in play (a captured
      card, an announced card); an existential ("some trick with a card of S") is judged
      over the remaining tricks with the cards of S still in play, and left out only when
      none is;
    - ``Goal(impossible=True)`` when a cheap check shows it false: O's card held by P, no
      card of the pair for a required trick (Pikoló when O holds XVIII), too few such cards
      (matching), an existential or run without enough cards, Royal's matadors in one hand;
    - otherwise the goal (``label`` = the bid key).

    Raises ``BidError`` for an invalid parameter or an announced magasító held by O, and
    for hands of unequal size or a ``first_trick`` inconsistent with them (the position must
    end at trick 10). Source: spec §3 table and notation.
    """
    s = get_slem(slem)
    param = check_param(s, param)
    hands = tuple(int(h) for h in getattr(hands, "hands", hands))
    k = hand_size(hands, BidError)
    ft = first_trick_of(k) if first_trick is None else int(first_trick)
    if ft != first_trick_of(k):
        raise BidError(f"hands of {k} cards start at trick {first_trick_of(k)}, not {ft}")
    pair = Pair(int(pair))
    in_play = hands[0] | hands[1] | hands[2] | hands[3]
    mine = hands[pair.seats[0]] | hands[pair.seats[1]]
    pred = s.predicate
    key = slem_key(s, param)

    if pred.first_trick_named() < ft:
        return None
    tricks = [(t, *resolve_term(term, param)) for t, term in pred.tricks]
    capture = 0
    for term in pred.capture:
        capture |= resolve_term(term, param)[0]
    named = capture | pred.capture_opp | pred.capture_any
    for _, m, is_named in tricks:
        if is_named:
            named |= m
    if named & ~in_play or any(not m & in_play for m in pred.exists):
        return None
    if s.param.arity:
        for c in (param if isinstance(param, tuple) else (param,)):
            if not mine >> c & 1:
                raise BidError(f"{key}: the announced {C.format_card(c)} is not a card of the "
                               f"{pair.label} pair")

    def impossible(why: str) -> Goal:
        return Goal(impossible=True, label=f"{key} (impossible: {why})")

    if pred.capture_opp & mine:
        return impossible(f"{pair.label} holds {C.format_cards(pred.capture_opp & mine)}")
    reqs = [(t, m & mine) for t, m, _ in tricks]
    for t, m in reqs:
        if not m:
            return impossible(f"no card of the pair can win trick {t} as required")
    if not _has_matching(reqs):
        return impossible("too few cards of the pair for the required tricks")
    exists = tuple(m & mine for m in pred.exists)
    if not all(exists):
        return impossible("no card of the pair for the existential clause")
    run_mask, run_len = pred.run
    if run_len and C.popcount(run_mask & mine) < run_len:
        return impossible(f"fewer than {run_len} cards for the run")
    split = 0
    if pred.split_tricks:
        winners = 0
        for t, m in reqs:
            if t in pred.split_tricks:
                winners |= m
        if any(winners & ~hands[seat] == 0 for seat in pair.seats):
            return impossible("the cards for the split tricks are all in one hand")
        for t in pred.split_tricks:
            split |= 1 << (t - 1)
    count = 0
    for t in pred.count_tricks:
        count |= 1 << (t - 1)
    kwargs = {} if not pred.count_tricks else {"count_tricks": count}
    return Goal(min_tricks=pred.min_tricks, trick_req=dict(reqs),
                capture=capture | pred.capture_opp, capture_any=pred.capture_any, exists=exists,
                run_mask=run_mask & mine if run_len else 0, run_len=run_len,
                split_tricks=split, label=key, **kwargs)


def gerots_leads(slem: str | Slem, param=None) -> dict[int, int]:
    """Gerots lead obligations of a bid: ``{trick: mask}``, the cards the bidding pair's
    leader of that trick must lead from when holding any (seed 000 "Rájátszás"; spec §3):
    at the target trick of an announced king, the king's suit ("Királyreptetésekkor ill.
    királymagasításoknál a kihívó fél köteles az adott bemondott színnel jönni"); of an
    announced matador or a kötött card, a suit card or a lower tarokk ("… az ütő játékos
    által nem licitált színt, vagy a bemondottnál kisebb matadort" / "… alacsonyabb
    tarokkal indulni"; no suit is bid here, so any suit card). The kis trófeák (Dzsinn,
    Mariage) carry no lead rule."""
    s = get_slem(slem)
    if s.group == "kis trófea":
        return {}
    out: dict[int, int] = {}
    for card, trick in held_until(s, param).items():
        if C.KINGS >> card & 1:
            mask = int(C.SUIT_MASKS[C.SUIT_OF[card]])
        else:
            mask = C.SUIT_CARDS | (C.TAROKKS & ((1 << card) - 1))
        out[trick] = out.get(trick, C.FULL_MASK) & mask
    return out


def magasito_tricks(slem: str | Slem) -> tuple[int, ...]:
    """Trick numbers whose winning card is an announced magasító (the M1/M2/M3 terms), in
    announcement order: (1, 2, 3) for Héja and Stella, (10,) for Ultimó …"""
    return tuple(t for t, term in get_slem(slem).predicate.tricks if term in (M1, M2, M3))


def card_facts(slem: str | Slem, param=None) -> tuple[dict[int, int], int, int]:
    """What a bid implies about who holds which card, for reading a bid heard as evidence:
    ``(tricks, own, opp)``.

    ``tricks``: {card: trick} for every single card that must win a named trick (an
    announced magasító, a kötött card, Dzsinn's ten, Mariage's K and Q) — a card of the
    bidding pair; ``own``: the announced magasítók (the bidder's own cards, spec §3
    Decision); ``opp``: the cards the bid captures from the opponents ("O's c": dealt to
    the other pair)."""
    s = get_slem(slem)
    param = check_param(s, param)
    tricks: dict[int, int] = {}
    own = 0
    for t, term in s.predicate.tricks:
        mask, named = resolve_term(term, param)
        if not named:
            continue
        for c in C.iter_bits(mask):
            tricks.setdefault(c, t)
        if term in (M1, M2, M3):
            own |= mask
    return tricks, own, s.predicate.capture_opp


def card_trick_conflict(bids: Iterable) -> str | None:
    """A card that two bids (``Bid``s) need to win different tricks, as a message, or
    None: one card wins one trick (e.g. Ultimó with IV and Fácán with IV)."""
    seen: dict[int, tuple[int, str]] = {}
    for b in bids:
        for t, term in b.slem.predicate.tricks:
            mask, _ = resolve_term(term, b.param)
            if C.popcount(mask) != 1:
                continue
            c = next(C.iter_bits(mask))
            prev = seen.setdefault(c, (t, b.key))
            if prev[0] != t:
                return (f"{C.format_card(c)} cannot win trick {prev[0]} ({prev[1]}) and trick "
                        f"{t} ({b.key})")
    return None
