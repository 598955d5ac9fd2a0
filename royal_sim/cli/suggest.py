"""``royal-sim suggest``: the card to play now, from what one seat has seen."""

from __future__ import annotations

import re

import click

from ..errors import RoyalSimError
from .common import OnceOptions, json_option, pair_bids_options, seed_option, user_errors
from ..format import fill, fitted, terminal_width


@click.command("suggest", cls=OnceOptions)
@click.argument("hand", metavar="HAND")
@click.option("--seat", required=True, metavar="SEAT", help="The seat to play now.")
@click.option("--play", default=None, metavar="CARDS",
              help="The cards played so far from trick 1, in play order, tricks optionally "
                   "separated by '|' (who played each follows from the trick winners).")
@pair_bids_options
@click.option("--rules", type=click.Choice(["gerots", "laza"], case_sensitive=False),
              default="gerots", show_default=True, help="Rule set (scoring, obligations).")
@click.option("--worlds", type=int, default=320, show_default=True, metavar="N",
              help="Most worlds (deals consistent with what the seat has seen) to use.")
@click.option("--precision", type=float, default=None, metavar="X",
              help="Stop when the best card's margin over its rival (the next card that "
                   "scores differently) is known within +-X (points with bids, tricks "
                   "without; default 1 point / 0.1 trick).")
@seed_option("Seed of the worlds (0 to 2**64-1, decimal or 0x hexadecimal).")
@click.option("--heard", multiple=True, metavar="SEAT:ANNOUNCEMENT",
              help="An announcement heard (as analyze). Repeatable.")
@json_option
@user_errors
def suggest_command(hand, seat, play, attack_bids, defence_bids, rules, worlds, precision,
                    seed, heard, as_json):
    """The card SEAT should play now, holding HAND, from what it has seen.

    Worlds (deals consistent with the seat's hand, the cards played and the voids they
    show, the dealing rules and the bids and announcements heard; docs/worlds.md) are
    drawn until the best card is told apart from the next; every legal card is valued
    double dummy in each world: the mean tricks its pair then takes, the chance each
    announced bid is made, and with bids the pair's mean score less the other pair's
    (docs/play.md#suggest). Ctrl-C prints the best card of the rounds finished, marked
    interrupted, and exits 130.
    """
    import json
    import sys

    from ..api import suggest
    from .live import LiveTable
    from .progress import Progress, compile_note

    note = compile_note(goal_search=False, card_search=True)
    args = dict(play=play, attack_bids=attack_bids, defence_bids=defence_bids, rules=rules,
                worlds=worlds, precision=precision, seed=seed, heard=heard)
    try:
        if not as_json and sys.stdout.isatty():      # the card table live, round by round
            with LiveTable(lambda sg, width, height: suggestion_text(sg, width), note=note,
                           unit="worlds valued") as live:
                sg = suggest(hand, seat, on_update=live.update,
                             progress=lambda used, count: live.progress(used - live.done),
                             **args)
        else:
            bar = Progress(0, "valuing worlds", note=note, until="the best card is told apart")

            def progress(used: int, count: int) -> None:
                bar.total = min(worlds, count)
                bar.update(used - bar.done)

            with bar:
                sg = suggest(hand, seat, progress=progress, **args)
    except KeyboardInterrupt as e:      # the best card of the rounds finished, then 130
        if getattr(e, "partial", None) is not None:
            click.echo(json.dumps(e.partial.to_json()) if as_json else
                       suggestion_text(e.partial, terminal_width()))
        raise
    except RoyalSimError as e:
        if e.argument != "hand":
            raise
        # the hand is this command's argument HAND, not a --hand option
        raise type(e)(re.sub(r"(?<![\w-])hand(?![\w=-])", "HAND", str(e), count=1)) \
            from None
    click.echo(json.dumps(sg.to_json()) if as_json else
               suggestion_text(sg, terminal_width()))


def suggestion_text(sg, width: int | None = None) -> str:
    """A ``Suggestion`` as ``suggest`` prints it: the decision, every legal card's figures
    (best first, marked), then the card to play; fitted to ``width`` columns (``None``:
    lines whole)."""
    from ..model.cards import format_card

    scored = sg.cards[0].expected is not None
    labels = list(sg.cards[0].made) if scored else []
    rows = []
    for c in sg.cards:
        row = ["*" if c.best else "", format_card(c.card), f"{c.tricks:.2f}",
               f"{c.tricks_se:.2f}"]
        if scored:
            row += [f"{c.expected:.1f}", f"{c.stderr:.1f}"]
            row += [f"{100 * c.made[k]:.0f}%" for k in labels]
        rows.append(row)
    # a bid's column headed 'attack ultimo:I', which may wrap at the space
    head = ["", "card", "tricks", "s.e."] + (["E[net]", "s.e."]
                                             + [k.replace(":", " ", 1) for k in labels]
                                             if scored else [])
    rival = "every other card" if sg.rival is None else format_card(sg.rival)
    margin = "" if sg.difference is None else f" (margin over {rival} {_margin(sg)})"
    verb = {"still drawing": "Best so far", "interrupted": "Interrupted: best so far"}.get(
        sg.stopped, "Play")
    return "\n".join([
        fill(f"{sg.seat.name} to play in trick {sg.trick_number}"
             + (f" after {' '.join(format_card(x) for x in sg.trick)}" if sg.trick else "")
             + f"; {sg.worlds} world(s) ({sg.method}, {sg.count:,} consistent); "
               f"stopped: {sg.stopped}", width, "  "),
        fitted(rows, head, ["left", "left"] + ["right"] * (len(head) - 2), width),
        fill(f"{verb} {format_card(sg.best.card)}{margin}. Double dummy in each world: every "
             "seat then sees all cards.", width, "  ")])


def _margin(sg) -> str:
    """The best card's margin over its rival as printed: to the decimals of the figure it
    is the difference of (E[net], 1 decimal, with bids; tricks, 2 decimals, without), and
    as the difference of the two figures printed, so that the line agrees with the table
    (``+0.6 +- 1.3`` beside -2.2 and -2.8; the unrounded difference is --json's
    ``difference``); its 95 % half-width to the same decimals."""
    best = sg.cards[0]
    other = next((c for c in sg.cards[1:] if c.card == sg.rival), sg.cards[1])
    scored = best.expected is not None
    decimals = 1 if scored else 2
    a, b = (best.expected, other.expected) if scored else (best.tricks, other.tricks)
    shown = round(round(a, decimals) - round(b, decimals), decimals) + 0.0
    return f"{shown:+.{decimals}f} +- {sg.difference[1]:.{decimals}f}"
