"""``royal-sim advise``: the best bid sets for your pair and kontra advice."""

from __future__ import annotations

import click

from .analyze import analysis_options, echo_known, run_analysis
from .common import n_deals, user_errors


@click.command("advise")
@analysis_options
@click.option("--partner-bids", metavar="KEY,...",
              help="Bids your partner has made (e.g. ultimo:SK,gem): always in your pair's "
                   "set; announced cards become facts about the partner's hand.")
@click.option("--their-bids", metavar="KEY,...",
              help="The opponents' bids (e.g. xxi_fogas,banda:H): the chance each fails and "
                   "the expected gain of a kontra.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(min=1),
              help="Bid sets to show.")
@click.option("--max-bids", default=3, show_default=True, type=click.IntRange(1, 8),
              help="Most bids of your own in a set.")
@user_errors
def advise_command(partner_bids, their_bids, top, max_bids, **opts):
    """Best bid sets for your pair, ranked by expected score, and kontra advice.

    Each sampled deal is scored (consolatio, raises, caps: spec §4) with every bid judged
    by its own double-dummy search; sets are legal together (raise chains, one trophy,
    not Fácán with Sólyom, színfogó bids only as raises of one another). Shows the
    expected score, its standard error and the chance of finishing below the no-bid score
    (with --partner-bids: below the score of the partner's bids alone, adding none of
    yours). Bids are judged one by one, so a set whose bids compete for the same tricks is
    scored optimistically.
    """
    import json

    from ..advisor import best_bid_sets, bid_candidates, kontra_advice
    from ..analysis.request import parse_bids
    from ..scoring import validate_bids
    from ..slems.catalogue import card_trick_conflict

    mine = parse_bids(partner_bids, "partner_bids")
    theirs = parse_bids(their_bids, "opponent_bids")
    validate_bids(mine, opts["rules"])
    validate_bids(theirs, opts["rules"])
    for who, bids in (("your partner's", mine), ("their", theirs)):
        why = card_trick_conflict(bids)
        if why:
            click.echo(f"Note: {who} bids cannot all be made: {why}", err=True)
    result, known = run_analysis(opts, partner_bids=mine, opponent_bids=theirs)
    igazitas = opts["igazitas"]
    sets = best_bid_sets(result, igazitas=igazitas, partner_bids=result.partner, top=top,
                         max_bids=max_bids)
    # the baseline of the risk column: no bid of the user's (the partner's bids alone)
    baseline = best_bid_sets(result, igazitas=igazitas, partner_bids=result.partner,
                             top=1, max_bids=0)[0]
    kontras = kontra_advice(result, result.opponent, igazitas=igazitas)
    if opts["as_json"]:
        from ..model.cards import format_cards
        click.echo(json.dumps({
            "hand": format_cards(result.hand), "seat": result.seat.name,
            "rules": result.rules, "igazitas": igazitas, "samples": result.samples,
            "seed": result.seed, "known": known,
            "partner_bids": [r.to_json() for r in result.partner],
            "bid_sets": [b.to_json() for b in sets], "baseline": baseline.to_json(),
            "their_bids": [k.to_json() for k in kontras]}))
        return
    click.echo(f"{n_deals(result.samples)}, rules {result.rules}"
               + ("" if result.rules == "gerots" else
                  f" ({'with' if igazitas else 'without'} igazítás)")
               + "; expected points of your pair per deal, double dummy.")
    echo_known(known)
    _print_sets(sets, baseline, bool(mine), len(bid_candidates(result, result.partner)))
    _print_kontras(kontras)


def _print_sets(sets, baseline, partner_bid: bool, n_cands: int) -> None:
    from tabulate import tabulate

    from ..advisor import MIN_PROBABILITY

    click.echo(tabulate([[i, ", ".join(b.bids) or "(no bid)", f"{b.expected:.1f}",
                          f"{b.stderr:.1f}", f"{b.below_nobid:.1%}"]
                         for i, b in enumerate(sets, 1)],
                        headers=["#", "bids", "E[score]", "s.e.",
                                 "P(below partner's bids alone)" if partner_bid
                                 else "P(below no-bid)"]))
    if baseline not in sets:
        who = "Your partner's bids alone" if partner_bid else "No bid"
        click.echo(f"{who}: E[score] {baseline.expected:.1f} (s.e. {baseline.stderr:.1f}).")
    if n_cands == 0:
        click.echo(f"None of the slems searched is made on at least {MIN_PROBABILITY:.0%} of "
                   "the deals (relaxed upper bounds and silent-only slems are not bid), so "
                   "there is no bid to propose.")


def _print_kontras(kontras) -> None:
    from tabulate import tabulate

    if kontras:
        click.echo()
        click.echo(tabulate([[k.result.key, f"{k.p_fail:.1%}", f"{k.gain:+.1f}"]
                             for k in kontras],
                            headers=["their bid", "P(fails)", "kontra gain"]))
