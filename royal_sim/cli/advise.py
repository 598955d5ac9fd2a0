"""``royal-sim advise``: the best bid sets for your pair and kontra advice."""

from __future__ import annotations

import click

from .analyze import (analysis_options, analysis_request, deals_words, echo_known,
                      run_request)
from .common import user_errors


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
    from ..api import request_advice

    request = request_advice(partner_bids=partner_bids, their_bids=their_bids, top=top,
                             max_bids=max_bids, **analysis_request(opts))
    try:
        advice = run_request(request, opts["jobs"])
    except KeyboardInterrupt as e:      # the advice of the finished rounds, then exit 130
        if getattr(e, "partial", None) is not None:
            _show(request.advice(e.partial), opts["as_json"])
        raise
    _show(advice, opts["as_json"])


def _show(advice, as_json: bool) -> None:
    import json

    if as_json:
        click.echo(json.dumps(advice.to_json()))
        return
    result, igazitas = advice.report.analysis, advice.report.igazitas
    click.echo(f"{deals_words(result)}, rules {result.rules}"
               + ("" if result.rules == "gerots" else
                  f" ({'with' if igazitas else 'without'} igazítás)")
               + "; expected points of your pair per deal, double dummy.")
    echo_known(advice.report.known)
    _print_sets(advice.bid_sets, advice.baseline, bool(advice.partner_bids),
                advice.candidates)
    _print_kontras(advice.their_bids)


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
