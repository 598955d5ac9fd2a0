"""The ``royal-sim`` command line: thin click commands over the library.

Every user error (``RoyalSimError``) is printed as one line ``Error: …`` and exits with
code 2, never a traceback.
"""

from __future__ import annotations

import functools
import sys

import click

from .errors import RoyalSimError


def user_errors(fn):
    """Turn a ``RoyalSimError`` raised inside a command into a one-line usage error (exit 2)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RoyalSimError as e:
            raise click.UsageError(str(e)) from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="royal-sim")
def main():
    """Royal tarokk double-dummy analyzer and bid advisor.

    Double-dummy figures assume every player sees all cards: they are optimistic for the
    side that would have to guess.
    """


@main.command("deal")
@click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(min=1),
              help="Number of deals.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None,
              help="Random seed; the same seed gives the same deals. Default: a fresh one, "
                   "printed.")
@click.option("--hand", metavar="CARDS",
              help="Your 10 cards, e.g. 'XXII XX XV IX III SK SQ HN DK DJ'; the deals "
                   "complete it.")
@click.option("--seat", metavar="SEAT",
              help="Your seat (needed with --hand): A_IND, D_ELF, D_IND, A_ELF or indito, "
                   "ellenelfogo, ellenindito, elfogo.")
@click.option("--holds", multiple=True, metavar="SEAT:CARDS",
              help="SEAT holds these cards, e.g. D_ELF:XXI,skiz. Repeatable.")
@click.option("--not-holds", multiple=True, metavar="SEAT:CARDS",
              help="SEAT holds none of these cards. Repeatable.")
@click.option("--tarokks", multiple=True, metavar="SEAT:MIN-MAX",
              help="Tarokk count of SEAT: N, MIN-MAX, MIN+ or -MAX, e.g. D_IND:8-10. "
                   "Repeatable.")
@click.option("--suit", "suits", multiple=True, metavar="SEAT:SUIT:MIN-MAX",
              help="Length of a suit (S, C, H, D) in SEAT's hand, e.g. A_ELF:H:0-1. "
                   "Repeatable.")
@click.option("--void", "voids", multiple=True, metavar="SEAT:SUIT",
              help="SEAT has no card of SUIT (S, C, H, D). Repeatable.")
@click.option("--method", type=click.Choice(["auto", "rejection", "exact"]), default="auto",
              show_default=True, help="Sampling method (all give the same distribution).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@user_errors
def deal_command(count, seed, hand, seat, holds, not_holds, tarokks, suits, voids, method,
                 fmt):
    """Random valid deals, optionally completing your hand under known constraints.

    Deals are uniform over all deals with XX at A_IND, XIX at A_ELF, at least 3 tarokks in
    every hand (spec §2), and the given constraints.
    """
    import json
    import secrets

    from .deal import parse_hand, parse_seat
    from .errors import ConstraintError
    from .sampling import Constraints, sample_deals

    if hand is not None and seat is None:
        raise ConstraintError("--hand needs --seat (the seat of the known hand)")
    if seat is not None and hand is None:
        raise ConstraintError("--seat needs --hand (the cards of that seat)")
    seat_ = parse_seat(seat) if seat is not None else None
    hand_ = parse_hand(hand, seat_) if hand is not None else None
    constraints = Constraints.parse(holds=holds, not_holds=not_holds, tarokks=tarokks,
                                    suits=suits, voids=voids)
    if seed is None:
        seed = secrets.randbits(63)
    result = sample_deals(count, seed, hand_, seat_, constraints, method=method)
    if fmt == "json":
        click.echo(json.dumps({"deals": [str(d) for d in result], "attempts": result.attempts,
                               "method": result.method, "seed": seed}))
        return
    for i, d in enumerate(result, 1):
        click.echo(f"Deal {i}")
        click.echo(d.to_text())
        click.echo()
    click.echo(f"{len(result)} deal(s), {result.attempts} attempt(s), method {result.method}, "
               f"seed {seed}")


@main.command("solve")
@click.argument("deal", metavar="DEAL")
@click.option("--leader", default="A_IND", show_default=True, metavar="SEAT",
              help="Seat leading the first remaining trick.")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number (1-10) of the first remaining trick. Default: 11 - cards per hand.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@user_errors
def solve_command(deal, leader, first_trick, as_json):
    """Double-dummy result of a full deal or a position (an ending).

    DEAL is the four hands in play order A_IND / D_ELF / D_IND / A_ELF separated by '/',
    e.g. "XX XVIII ... / ... / ... / XIX ...". Every hand has the same number of cards.
    Prints the tricks each pair can force with all cards visible and one optimal line.
    """
    import json

    from .deal import SEATS, Deal, Pair, parse_seat
    from .errors import DealError
    from .solver.search import Solver, optimal_line

    d = Deal.parse(deal)
    lead = parse_seat(leader)
    k = d.cards_per_hand
    last_start = 11 - k
    if first_trick is None:
        first_trick = last_start
    if not 1 <= first_trick <= last_start:
        raise DealError(f"--first-trick {first_trick} out of range: with {k} card(s) per hand "
                        f"the first remaining trick is 1..{last_start}")
    solver = Solver()
    attack = solver.max_tricks(d.hands, int(lead), first_trick, int(Pair.ATTACK))
    result = {"leader": lead.name, "first_trick": first_trick,
              "tricks": {"attack": attack, "defence": k - attack}}
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(d.to_text())
    click.echo(f"\n{lead.name} leads trick {first_trick}; double dummy: attack {attack}, "
               f"defence {k - attack} of {k} trick(s).")
    click.echo("One optimal line (each trick: cards in play order, winner):")
    from .cards import format_card
    for n, (ld, cards, w) in enumerate(optimal_line(solver, d.hands, int(lead), first_trick),
                                       first_trick):
        played = "  ".join(f"{SEATS[(ld + i) & 3].name} {format_card(c)}"
                           for i, c in enumerate(cards))
        click.echo(f"  {n:2}. {played}  -> {SEATS[w].name} ({SEATS[w].pair.label})")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
