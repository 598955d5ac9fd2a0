"""``royal-sim review``: a played game reviewed card by card, double dummy."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option, pair_bids_options, user_errors
from ..format import say, terminal_width
from .progress import compile_note, compiling


@click.command("review", cls=OnceOptions)
@click.argument("deal", metavar="DEAL")
@click.option("--play", default=None, metavar="CARDS",
              help="The cards played, in play order, tricks optionally separated by '|', "
                   "e.g. \"IX V XIII I | SJ SQ S10 SK\".")
@click.option("--leader", default=None, metavar="SEAT",
              help="Seat leading the first trick played (an ending; A_IND for a full deal).")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number of the first trick played (an ending: 11 - cards per hand).")
@pair_bids_options
@click.option("--rules", type=click.Choice(["gerots", "laza"], case_sensitive=False),
              default=None, help="Rule set for the bids' obligatory play (default: the "
                                 "record's, else gerots).")
@json_option
@user_errors
def review_command(deal, play, leader, first_trick, attack_bids, defence_bids, rules,
                   as_json):
    """Review a played game card by card, double dummy.

    DEAL is the four hands when the play starts (a full deal or an ending, deal notation as
    solve takes it), a whole game record (docs/play.md: "deal: ...; attack: gem; play:
    ..."), or the name of a file holding a record ('#' lines are comments). For every card
    played: its trick and seat, its cost against the best card in that position (tricks the
    mover's pair lost; each announced bid it gave up or let the other pair make), and the
    best cards instead; a total per seat; the card that first cost each bid. Double dummy:
    every player sees all cards.
    """
    import json

    from ..api import review

    deal = _record_file(deal)
    with compiling(compile_note(goal_search=False, card_search=True), "Reviewing"):
        rv = review(deal, play=play, leader=leader, first_trick=first_trick,
                    attack_bids=attack_bids, defence_bids=defence_bids, rules=rules)
    if as_json:
        click.echo(json.dumps(rv.to_json()))
        return
    _print_review(rv)


def _record_file(deal: str) -> str:
    """DEAL as given, or the text of the file it names (a game record a coach keeps, read as
    UTF-8): a DEAL of one line that names an existing file is read. Raises ``RoyalSimError``
    for a file that cannot be read or is not UTF-8 text, and for a DEAL that is neither a
    file nor a deal or record (one word with a '.' or not four parts: a file name
    mistyped)."""
    import os

    from ..errors import RoyalSimError

    if "\n" in deal or not os.path.isfile(deal):
        word = deal.strip()
        if word and not any(ch.isspace() for ch in word) and ("." in word
                                                               or word.count("/") != 3):
            raise RoyalSimError(f"no file named {deal!r}, and not a deal: DEAL is four hands "
                                "separated by '/', a game record or the name of a file "
                                "holding one")
        return deal
    try:
        with open(deal, encoding="utf-8-sig") as f:
            return f.read()
    except UnicodeDecodeError:
        raise RoyalSimError(f"cannot read the record file {deal!r}: not UTF-8 text; save it "
                            "as UTF-8") from None
    except OSError as e:
        raise RoyalSimError(f"cannot read the record file {deal!r}: "
                            f"{e.strerror or e}") from None


def _print_review(rv) -> None:
    from ..model.cards import format_card

    rec = rv.record
    width = terminal_width()
    click.echo(rec.format(width=width))
    say(f"\nReview, double dummy (rules {rv.rules}); cost: tricks the mover's pair "
        "lost against the best card.", width)
    for c in rv.cards:
        mark = "  " if not (c.cost or c.bids) else "? "
        best = "" if c.cost == 0 else "  best: " + " ".join(format_card(x) for x in c.best)
        bids = "".join(f"  {b.text()}" for b in c.bids)
        say(f"{mark}{c.trick:2}. {c.seat.name:5} {format_card(c.card):5} cost "
            f"{c.cost}{best}{bids}", width, " " * 20)
    click.echo("\nPer seat:")
    for seat, t in rv.totals.items():
        click.echo(f"  {seat.name:5} {t['cost']} trick(s) lost, {t['bids']} bid(s) cost")
    if rv.first_cost:
        click.echo("Bids:")
        for key, i in rv.first_cost.items():
            pair, bid = key.split(":", 1)
            end = rv.outcome.get(key)
            state = "" if end is None else (" - forced after the last card" if end
                                            else " - not forced after the last card")
            if i is None:
                say(f"  {pair} {bid}: no card cost it{state}", width)
            else:
                c = rv.cards[i]
                say(f"  {pair} {bid}: first cost by {c.seat.name} {format_card(c.card)}"
                    f" in trick {c.trick}{state}", width)
