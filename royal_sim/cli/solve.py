"""``royal-sim solve``: the double-dummy result of a deal or a position."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option, rules_option, user_errors
from .format import say, terminal_width
from .progress import compile_note, compiling


@click.command("solve", cls=OnceOptions)
@click.argument("deal", metavar="DEAL")
@click.option("--leader", default="A_IND", show_default=True, metavar="SEAT",
              help="Seat leading the first remaining trick (A_IND for a full deal: the "
                   "indító always leads trick 1).")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number (1-10) of the first remaining trick; it must be 11 - cards per "
                   "hand (the default), since the last trick is always trick 10.")
@click.option("--trick", default=None, metavar="CARDS",
              help="Cards already played to the current trick, the leader's first, e.g. "
                   "\"SN SK\" (DEAL then holds the hands as they are now: a seat that "
                   "played to the trick holds one card fewer).")
@click.option("--cards", "every_card", is_flag=True,
              help="Value every legal card of the seat to play: the tricks each pair takes "
                   "from the current trick on, and the slems each still forces, after it.")
@rules_option("Rule set for the slems' obligatory play.")
@click.option("--no-slems", is_flag=True, help="Only the trick counts (faster).")
@json_option
@user_errors
def solve_command(deal, leader, first_trick, trick, every_card, rules, no_slems, as_json):
    """Double-dummy result of a full deal or a position (an ending).

    DEAL is the four hands in play order A_IND / D_ELF / D_IND / A_ELF separated by '/',
    e.g. "XX XVIII ... / ... / ... / XIX ...". Every hand has the same number of cards.
    Prints the tricks each pair can force with all cards visible, for each pair how many of
    the slem bids searched for it (each bid key, id or id:param, it could bid here:
    docs/rules.md#glossary) it can force and which, and one optimal line of play (--json:
    the trick counts and the slems, without the line). The rules: docs/rules.md#play,
    #bids, #obligations (--rules gerots), #double-dummy.

    With --trick the position is in the middle of a trick; --cards lists every legal card
    of the seat to play with its double-dummy value, the best marked (docs/play.md).
    """
    import json

    if trick is not None or every_card:
        _solve_cards(deal, leader, first_trick, trick or "", every_card, rules, no_slems,
                     as_json)
        return

    from ..analysis.position import next_trick, optimal_play, solve_position
    from ..model.deal import Deal, parse_seat

    d = Deal.parse(deal)
    next_trick(d.hands, first_trick, parse_seat(leader))    # input errors before the note
    with compiling(compile_note(goal_search=not no_slems, trick_search=True), "Solving"):
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
    width = terminal_width()
    say(f"\n{res.leader.name} leads trick {res.first_trick}; double dummy: attack "
        f"{res.attack}, defence {res.defence} of {res.cards} trick(s).", width)
    _print_forced(res.slems, width)


def _print_forced(slems, width: int | None) -> None:
    """Per pair, the slem bids it can force (``{pair label: {key: bool}}``)."""
    for label, made in (slems or {}).items():
        yes = [key for key, v in made.items() if v]
        say(f"The {label} can force {len(yes)} of the {len(made)} slem bids searched "
            f"for it: " + (", ".join(yes) if yes else "none"), width)


def _print_line(line, first_trick: int) -> None:
    from ..model.cards import format_card
    from ..model.deal import SEATS

    click.echo("One optimal line (each trick: cards in play order, winner):")
    for n, (ld, cards, w) in enumerate(line, first_trick):
        played = "  ".join(f"{SEATS[(ld + i) & 3].name} {format_card(c)}"
                           for i, c in enumerate(cards))
        click.echo(f"  {n:2}. {played}  -> {SEATS[w].name} ({SEATS[w].pair.label})")


def _solve_cards(deal, leader, first_trick, trick, every_card, rules, no_slems, as_json):
    import json

    from ..analysis.request import check_rules
    from ..model.cards import format_card
    from ..model.cards import format_cards as format_card_set
    from ..cardplay.position import Position
    from ..cardplay.values import card_values

    pos = Position.parse(deal, leader, first_trick, trick)
    check_rules(rules)
    with compiling(compile_note(goal_search=False, card_search=True), "Solving"):
        cv = card_values(pos, rules=rules, slems=not no_slems)
    if as_json:
        if every_card:
            click.echo(json.dumps(cv.to_json()))
        else:
            click.echo(json.dumps({**cv.position_result().to_json(), "to_play": pos.to_play.name,
                                   "trick": [format_card(c) for c in pos.trick]}))
        return
    from ..model.deal import SEATS
    click.echo("\n".join(f"{seat.name:6} {format_card_set(h)}"
                         for seat, h in zip(SEATS, pos.hands)))
    _print_cards(cv, every_card)


def _print_cards(cv, every_card: bool) -> None:
    from ..model.cards import format_card
    from ..model.deal import Pair

    p = cv.position
    width = terminal_width()
    on_table = " ".join(format_card(c) for c in p.trick) or "nothing yet"
    say(f"\n{p.leader.name} leads trick {p.trick_no} (on the table: {on_table}); "
        f"{p.to_play.name} ({p.to_play.pair.label}) to play; {p.tricks_left} trick(s) "
        "from this one to the last.", width)
    res = cv.position_result()
    say(f"Double dummy, the best card: attack {res.attack}, defence {res.defence}.", width)
    _print_forced(res.slems, width)
    if not every_card:
        return
    always = {label: {k for k in made if all(k in v.slems[label] for v in cv.cards)}
              for label, made in (res.slems or {}).items()}
    say("\nEvery legal card (* best; tricks from this trick on; slems forced after "
        "the card that not every card leaves forced):", width)
    for v in cv.cards:
        line = (f"  {'*' if v.best else ' '} {format_card(v.card):6} attack "
                f"{v.tricks['attack']:2}  defence {v.tricks['defence']:2}   ")
        if v.slems is None:
            click.echo(line.rstrip())
            continue
        extra = []
        for q in Pair:
            ks = [k for k in v.slems[q.label] if k not in always[q.label]]
            if ks:
                extra.append(f"{q.label}: {', '.join(ks)}")
        # the slems' continuation lines start under the first slem
        say(line + ("; ".join(extra) if extra else "-"), width, " " * (len(line) - 2))
