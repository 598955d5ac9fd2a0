"""What bids heard say about the other hands: sampling constraints (``Constraints``) that
make the sampled deals ones where the bids could have been made.

Source rule: ``spec/royal-tarokk.md`` §3 (the cards a slem names) and §5 (sampling); the
facts each slem gives are ``slems.card_facts``.
"""

from __future__ import annotations

from typing import Sequence

from .. import slems as S
from ..errors import ConstraintError
from ..model import cards as C
from ..model.deal import Seat
from .constraints import Constraints

__all__ = ["bid_constraints"]


def _side(ours: bool, verb: str) -> str:
    """Where a bid heard puts a card, for ``bid_constraints``' messages."""
    return f"{'in your pair' if ours else 'with the opponents'} ({verb}s it)"


def bid_constraints(hand: int, seat: Seat, constraints: Constraints | None,
                    partner_bids: Sequence = (), opponent_bids: Sequence = ()) -> Constraints:
    """Sampling constraints implied by bids heard (``slems.card_facts``), so the deals are
    ones where the bid could have been made:

    - partner's bid: its announced magasítók are in the partner's hand; the other cards it
      needs to win named tricks are in the user's pair (the partner's, if not the user's);
      the opponents' cards it captures are not in the pair;
    - an opponent's bid: every card it needs to win a named trick is the opponents'; the
      cards it captures from "O" are in the user's pair (the partner's, if not the user's).

    Raises ``ConstraintError`` when the user's own hand contradicts a bid, when two bids
    put one card in both pairs (both pairs' bids need it, both capture it, or one pair's
    bid needs a card another of its bids captures), naming the two bids, or when a bid puts
    a card in one pair and ``constraints`` give it to a seat of the other."""
    out = constraints if constraints is not None else Constraints()
    partner = seat.partner

    def fact(cond: bool, why: str):
        if not cond:
            raise ConstraintError(why)

    def facts(bids):
        """(bid, cards its pair must hold, its announced cards, cards it captures)."""
        out_ = []
        for bid in bids:
            tricks, own, opp = S.card_facts(bid.slem, bid.param)
            out_.append((bid, C.mask_of(tricks) | own, own, opp))
        return out_

    p_facts, o_facts = facts(partner_bids), facts(opponent_bids)
    # each card a bid places: in the user's pair ("ours") or the other ("theirs"), and why
    placed: dict[int, tuple[bool, str, str]] = {}
    placings = ([(True, "need", f"your partner's {b.key}", need & ~hand)
                 for b, need, _, _ in p_facts]
                + [(False, "capture", f"your partner's {b.key}", opp) for b, _, _, opp in p_facts]
                + [(False, "need", f"the opponents' {b.key}", need) for b, need, _, _ in o_facts]
                + [(True, "capture", f"the opponents' {b.key}", opp & ~hand)
                   for b, _, _, opp in o_facts])
    for is_ours, verb, who, mask in placings:
        for c in C.cards_of(mask):
            if c not in placed:
                placed[c] = (is_ours, verb, who)
                continue
            was_ours, was_verb, was_who = placed[c]
            name = C.format_card(c)
            fact(was_ours == is_ours,
                 f"{was_who} and {who} both need {name}: only one pair can hold it"
                 if verb == was_verb == "need" else
                 f"{was_who} puts {name} {_side(was_ours, was_verb)}, {who} puts it "
                 f"{_side(is_ours, verb)}: the bids heard contradict each other")

    if constraints is not None:     # a bid against a holder the facts given name
        for c, (is_ours, verb, who) in placed.items():
            for s in Seat:
                if (s != seat and not hand >> c & 1 and constraints[s].holds >> c & 1
                        and (s == partner) != is_ours):
                    fact(False, f"{who} puts {C.format_card(c)} {_side(is_ours, verb)}, but "
                                f"the facts given put it in {s.name}'s hand")

    for bid, need, own, opp in p_facts:
        fact(not own & hand, f"your partner cannot announce {bid.key}: you hold "
                             f"{C.format_cards(own & hand)}")
        fact(not opp & hand, f"your partner's {bid.key} can never be made: you hold "
                             f"{C.format_cards(opp & hand)}")
        needed = need & ~hand
        if needed:
            out = out.with_seat(partner, holds=needed)
        if opp:
            out = out.with_seat(partner, not_holds=opp)
    for bid, theirs, own, opp in o_facts:
        fact(not theirs & hand, f"the opponents cannot announce {bid.key}: you hold "
                                f"{C.format_cards(theirs & hand)}")
        if theirs:
            out = out.with_seat(partner, not_holds=theirs)
        if opp & ~hand:
            out = out.with_seat(partner, holds=opp & ~hand)
    return out
