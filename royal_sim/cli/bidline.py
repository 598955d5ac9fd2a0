"""What ``analyze`` and ``advise`` both say of the bid sets: sets that differ only by
small bids folded into one row (``group_sets``), and the advice in one line
(``bid_line``)."""

from __future__ import annotations

from ..advisor import MAX_BIDS  # noqa: F401  (--max-bids's default)
from ..format import MIN_SE_DEALS, number, percent, stderr_words

SMALL_BID = 3      # points: sets differing only by bids worth this little are one set
TOP = 5            # --top's default: rows of bid sets shown
ALL_SETS = 10_000  # sets ranked to fill the rows shown (every set the search scored)


def _core(bids) -> tuple[str, ...]:
    """A set's bids without the small ones (biztató bids worth ``SMALL_BID`` points or
    less: Vizi, L'amour, Angelo …)."""
    from ..slems import Bid

    return tuple(k for k in bids if Bid.parse(k).slem.value > SMALL_BID)


def group_sets(sets) -> list[tuple[object, list]]:
    """The sets as ``[(set, [its variants]), …]``: a set differing from a better one only by
    small bids is a variant of it, not a rival."""
    groups: list[tuple[object, list]] = []
    for b in sets:
        for head, variants in groups:
            if _core(b.bids) == _core(head.bids):
                variants.append(b)
                break
        else:
            groups.append((b, []))
    return groups


def bid_line(groups, baseline, partner_bid: bool) -> str:
    """The advice in one plain line: the set to bid, its expected score and gain over not
    bidding (or the partner's bids alone), and how sure that is."""
    over = "your partner's bids alone" if partner_bid else "no bid"
    best = groups[0][0] if groups else baseline
    gain = best.gain      # on the set's own deals, the same deals for both
    if not best.bids or best.bids == baseline.bids or gain <= 0:
        return (f"Bid nothing{' more' if partner_bid else ''}: no set scores above {over} "
                f"(E[score] {number(baseline.expected)}).")
    ties = [", ".join(b.bids) for b, _ in groups[1:] if tied(best, b)]
    deals = (f"its {best.deals} deals" if best.deals != baseline.deals else "the deals")
    return (f"Bid {', '.join(best.bids)}: E[score] {number(best.expected)}, "
            f"{number(gain, sign=True)} over {over} (s.e. "
            f"{stderr_words(best.stderr, best.deals)}; below "
            f"{over} on {percent(best.below_nobid, 0)} of "
            f"{deals})" + (f"; as good within one standard error: {'; '.join(ties)}"
                           if ties else "") + ".")


def tied(best, b) -> bool:
    """Whether set ``b`` is as good as ``best`` within one standard error; never when
    either rests on fewer than ``MIN_SE_DEALS`` deals (no standard error to judge by)."""
    if min(best.deals, b.deals) < MIN_SE_DEALS:
        return False
    return best.expected - b.expected <= max(best.stderr, b.stderr)
