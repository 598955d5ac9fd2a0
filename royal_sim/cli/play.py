"""``royal-sim play``: one deal played out at the table by PIMC seats, beside double dummy."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option, pair_bids_options, seed_option, user_errors
from .progress import Progress, compile_note


@click.command("play", cls=OnceOptions)
@click.argument("deal", metavar="DEAL")
@click.option("--leader", default="A_IND", show_default=True, metavar="SEAT",
              help="Seat leading the first trick (an ending; A_IND for a full deal).")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number of the first trick (an ending: 11 - cards per hand).")
@pair_bids_options
@click.option("--worlds", type=int, default=20, show_default=True, metavar="W",
              help="Worlds each decision is valued over (all consistent worlds when fewer).")
@seed_option("Seed of the worlds (0 to 2**64-1, decimal or 0x hexadecimal); the same seed "
             "plays the same game.", default=0)
@click.option("--rules", type=click.Choice(["gerots", "laza"], case_sensitive=False),
              default="gerots", show_default=True,
              help="Rule set (scoring the seats play for, obligatory play).")
@click.option("--open", "open_", is_flag=True,
              help="Every seat sees every hand: the game is the double-dummy line.")
@click.option("--double-dummy", "seeing", default=None, metavar="PAIR",
              type=click.Choice(["attack", "defence"], case_sensitive=False),
              help="This pair sees every hand; the other plays PIMC.")
@json_option
@user_errors
def play_command(deal, leader, first_trick, attack_bids, defence_bids, worlds, seed, rules,
                 open_, seeing, as_json):
    """Play DEAL out at the table: every seat chooses its cards by PIMC.

    DEAL: the four dealt hands (A_IND / D_ELF / D_IND / A_ELF, separated by '/'), A_IND
    leading; or an ending (all hands the same size, --leader leading it). At each
    decision the seat draws W worlds from what it has seen (its hand, the cards played and
    the voids they show, the dealing rules, the bids heard), values every legal card
    double dummy in each, and plays the card with the best mean for its pair's score
    under the bids announced (docs/play.md#play-at-the-table). Printed: the tricks,
    each bid's result at the table beside double dummy (every card seen), and every card
    that cost its pair tricks or a bid against double dummy.
    """
    import json

    from ..api import play

    bar = Progress(0, "playing", note=compile_note(goal_search=False, card_search=True))

    def progress(done: int, total: int) -> None:
        bar.total = total           # the cards of the game: 40, fewer for an ending
        bar.update(done - bar.done)

    with bar:
        game = play(deal, leader=leader, first_trick=first_trick, attack_bids=attack_bids,
                    defence_bids=defence_bids, worlds=worlds, seed=seed, rules=rules,
                    open=open_, double_dummy=seeing, progress=progress)
    if as_json:
        click.echo(json.dumps(game.to_json()))
        return
    _print_game(game)


def _print_game(game) -> None:
    from ..model.cards import format_card
    from ..format import say, table, terminal_width

    width = terminal_width()
    who = ("every seat sees every hand (open)" if not game.pimc else
           f"{' and '.join(p.label for p in game.pimc)} PIMC over {game.worlds} worlds a "
           f"decision, seed {game.seed}")
    say(f"Played at the table: {who}.", width)
    rows = [[i + 1, t.leader.name, " ".join(format_card(c) for c in t.cards), t.winner.name]
            for i, t in enumerate(game.tricks)]
    click.echo(table(rows, ["trick", "leader", "cards", "winner"]))
    r, dd = game.result, game.double_dummy
    say(f"Tricks at the table: attack {r['attack']}, defence {r['defence']}; "
        f"double dummy (every card seen): attack {dd['attack']}, defence "
        f"{dd['defence']}.", width)
    if game.bids:
        rows = [[b.pair.label, b.bid, "made" if b.table else "failed",
                 "made" if b.double_dummy else "failed"] for b in game.bids]
        click.echo(table(rows, ["pair", "bid", "at the table", "double dummy"]))
    costly = game.costly_cards()
    if game.review is not None:
        if not costly:
            say("No card cost its pair a trick or a bid against double dummy.", width)
        else:
            say("Cards that cost their pair against double dummy (the cards instead):",
                width)
            for c in costly:
                best = " ".join(format_card(x) for x in c.best)
                tricks = f"; best for tricks: {best}" if c.cost else ""
                bids = "".join(f"; {b.text()}" for b in c.bids)
                say(f"  trick {c.trick:2} {c.seat.name:5} {format_card(c.card):5} cost "
                    f"{c.cost} trick(s){tricks}{bids}", width, " " * 16)
    say(f"{game.decisions} decisions searched in {game.seconds:.1f} s.", width)
