"""``royal-sim score``: score a finished deal of belote or coinche from each pair's card
points (``games.belote_scoring.score_deal``; the rules and decisions: ``docs/belote.md``)."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option, user_errors
from ..format import say, terminal_width


@click.command("score", cls=OnceOptions)
@click.option("--game", metavar="belote|coinche", help="The game: belote or coinche.")
@click.option("--taker", metavar="SEAT", help="The seat that took: N, E, S or W.")
@click.option("--points", metavar="NS/EW",
              help="Card points each pair took, e.g. 82/70 (152 with a trump; without "
                   "trumps 120, or 152 with --official).")
@click.option("--der", metavar="NS|EW",
              help="The pair that took the last trick (+10). Implied by --capot.")
@click.option("--belote", metavar="NS|EW",
              help="The pair that held K and Q of trumps (+20, kept even when it falls).")
@click.option("--announce", multiple=True, metavar="PAIR:N",
              help="A declaration a pair scores: NS:20 (tierce), 50, 100, 150, 200 or a "
                   "name (tierce, cinquante, cent, carre, carre9, carrej). Repeatable.")
@click.option("--no-announcements", "no_announcements", is_flag=True,
              help="Played without declarations (--announce refused).")
@click.option("--capot", metavar="NS|EW", help="The pair that took every trick (252).")
@click.option("--generale", is_flag=True,
              help="Coinche: the taker alone took every trick (a générale).")
@click.option("--reserve", type=click.IntRange(min=0, max=10_000), default=0, metavar="N",
              help="Points set aside by an earlier litige: they go to this deal's winner.")
@click.option("--no-trump", "no_trump", is_flag=True,
              help="Played without trumps (ace 11, a 130 deal; 19 and 162 with --official).")
@click.option("--official", is_flag=True,
              help="Official rules: ace 19 without trumps; coinche scores rounded to tens; "
                   "a coinched capot counts 250 in place of 160.")
@click.option("--contract", metavar="N[S|H|D|C|NT]",
              help="Coinche: the contract, 80 to 160 in tens, 250 (capot) or 500 "
                   "(générale), and its trump, e.g. 100H.")
@click.option("--coinche", is_flag=True, help="Coinche: the contract was coinched (×2).")
@click.option("--surcoinche", is_flag=True,
              help="Coinche: coinched and coinched again (×4).")
@click.option("--fall-announce", type=click.Choice(["all", "defence", "none"]),
              default="all", show_default=True,
              help="The declarations the defence adds when the contract falls (not "
                   "coinched).")
@click.option("--capot-base", type=click.Choice(["250", "160"]), default=None,
              help="What a coinched or fallen capot/générale contract counts in place of "
                   "the 160 (default 250 with --official: the source's 1000; 160 else).")
@click.option("--coinche-tie", type=click.Choice(["fall", "litige"]), default="fall",
              show_default=True, help="Coinche: a tie with the contract met falls, or is a "
                                      "litige as in belote.")
@json_option
@user_errors
def score_command(game, taker, points, der, belote, announce, no_announcements, capot,
                  generale, reserve, no_trump, official, contract, coinche, surcoinche,
                  fall_announce, capot_base, coinche_tie, as_json):
    """Score a finished deal of belote or coinche: each pair's score and the result (made,
    capot, generale, litige, dedans).

    Seats N E S W, pairs NS and EW. Examples (the source's table, taker South):

    \b
      royal-sim score --game belote --taker S --points 82/70 --der NS --belote NS
      royal-sim score --game coinche --taker S --points 98/54 --der NS --contract 100H

    --json: {"NS": 208, "EW": 54, "result": "made", "counted": {...}, "set_aside": 0, ...}
    on one line. The rules, tables and decisions: docs/belote.md.
    """
    import json

    from ..games.base import GameError
    from ..games.belote_scoring import score_deal

    for name, value in (("game", game), ("taker", taker), ("points", points)):
        if value is None:
            raise GameError(f"`{name}` is needed (royal-sim score --help)", argument=name)
    s = score_deal(points, taker=taker, game=game, der=der, belote=belote, announce=announce,
                   capot=capot, generale=generale, reserve=reserve, no_trump=no_trump,
                   official=official, contract=contract, coinche=coinche,
                   surcoinche=surcoinche, announcements=not no_announcements,
                   fall_announce=fall_announce,
                   capot_base=None if capot_base is None else int(capot_base),
                   coinche_tie=coinche_tie)
    if as_json:
        click.echo(json.dumps(s.as_dict(), ensure_ascii=False))
        return
    click.echo(f"NS {s.NS}")
    click.echo(f"EW {s.EW}")
    line = f"{s.result}: {s.explanation}"
    if s.set_aside:
        line += f" (set aside: {s.set_aside})"
    say(line, terminal_width())
