"""``royal-sim solve``: the double-dummy result of a deal or a position."""

from __future__ import annotations

import click

from .common import json_option, rules_option, user_errors
from .progress import announce_compile, compile_note


@click.command("solve")
@click.argument("deal", metavar="DEAL")
@click.option("--leader", default="A_IND", show_default=True, metavar="SEAT",
              help="Seat leading the first remaining trick (A_IND for a full deal: the "
                   "indító always leads trick 1).")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number (1-10) of the first remaining trick; it must be 11 - cards per "
                   "hand (the default), since the last trick is always trick 10.")
@rules_option("Rule set for the slems' obligatory play.")
@click.option("--no-slems", is_flag=True, help="Only the trick counts (faster).")
@json_option
@user_errors
def solve_command(deal, leader, first_trick, rules, no_slems, as_json):
    """Double-dummy result of a full deal or a position (an ending).

    DEAL is the four hands in play order A_IND / D_ELF / D_IND / A_ELF separated by '/',
    e.g. "XX XVIII ... / ... / ... / XIX ...". Every hand has the same number of cards.
    Prints the tricks each pair can force with all cards visible, for each pair how many of
    the slem bids searched for it (each bid key, id or id:param, it could bid here:
    docs/rules.md#glossary) it can force and which, and one optimal line of play (--json:
    the trick counts and the slems, without the line). The rules: docs/rules.md#play,
    #bids, #obligations (--rules gerots), #double-dummy.
    """
    import json

    from ..analysis.position import next_trick, optimal_play, solve_position
    from ..model.deal import Deal, parse_seat

    d = Deal.parse(deal)
    next_trick(d.hands, first_trick, parse_seat(leader))    # input errors before the note
    announce_compile(compile_note(goal_search=not no_slems, trick_search=True), "Solving")
    res = solve_position(d.hands, leader=leader, first_trick=first_trick, rules=rules,
                         slems=not no_slems)
    if as_json:
        click.echo(json.dumps(res.to_json()))
        return
    click.echo(d.listing())
    _print_result(res)
    _print_line(optimal_play(d.hands, leader=res.leader, first_trick=res.first_trick),
                res.first_trick)


def _print_result(res) -> None:
    click.echo(f"\n{res.leader.name} leads trick {res.first_trick}; double dummy: attack "
               f"{res.attack}, defence {res.defence} of {res.cards} trick(s).")
    for label, made in (res.slems or {}).items():
        yes = [key for key, v in made.items() if v]
        click.echo(f"The {label} can force {len(yes)} of the {len(made)} slem bids searched "
                   f"for it: " + (", ".join(yes) if yes else "none"))


def _print_line(line, first_trick: int) -> None:
    from ..model.cards import format_card
    from ..model.deal import SEATS

    click.echo("One optimal line (each trick: cards in play order, winner):")
    for n, (ld, cards, w) in enumerate(line, first_trick):
        played = "  ".join(f"{SEATS[(ld + i) & 3].name} {format_card(c)}"
                           for i, c in enumerate(cards))
        click.echo(f"  {n:2}. {played}  -> {SEATS[w].name} ({SEATS[w].pair.label})")
