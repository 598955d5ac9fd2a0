"""What ``solve``, ``deal`` and ``slems`` share for the games of ``royal_sim.games``
(``--game ID``, ``spec/other-games.md`` §9): the options, the game's errors said in the
command line's words, and the text of a deal.

``--game royal`` (the default) runs each command's own royal tarokk code unchanged; the other
games go through the game's ``Game`` (deck, seats, dealing, rules, count, figures). The
commands refuse royal's own options for the other games and the games' options for royal,
each in one line.
"""

from __future__ import annotations

import contextlib

import click

from ..errors import RoyalSimError


class _GamesHelp(click.Option):
    """An option whose help names the games of the registry (``help_of(GAMES)``), made when
    the help is shown: ``royal_sim.games`` is imported then, not when the command line
    loads, and no second list of the games is kept here."""

    def __init__(self, *args, help_of, **kwargs):
        super().__init__(*args, **kwargs)
        self.help_of = help_of

    def get_help_record(self, ctx):
        from ..games import GAMES

        self.help = self.help_of(GAMES)
        return super().get_help_record(ctx)


def _game_help(games) -> str:
    return ("The game: " + ", ".join(games) + ". royal, the default, is royal tarokk with "
            "its own options.")


def _players_help(games) -> str:
    spans = [f"{g.id} {g.players[0]}-{g.players[-1]}" for g in games.values()
             if len(g.players) > 1]
    return ("Other games: the number of players (" + ", ".join(spans) + "; default the "
            "game's usual).")


def _trump_help(games) -> str:
    return (", ".join(g.id for g in games.values() if g.trumps) + ": the trump suit, or NT "
            "(required there).")


def _option_help(games) -> str:
    by_flags: dict = {}
    for g in games.values():
        if g.flag_names():
            by_flags.setdefault(g.flag_names(), []).append(g.id)
    own = [f"{', '.join(ids)}: {', '.join(flags)}" for flags, ids in by_flags.items()]
    return "Other games: a game's own option (" + "; ".join(own) + "). Repeatable."


game_option = click.option("--game", "game_id", cls=_GamesHelp, help_of=_game_help,
                           default="royal", show_default=True, metavar="ID")
players_option = click.option("--players", cls=_GamesHelp, help_of=_players_help, type=int,
                              default=None, metavar="N")


def game_play_options(fn):
    """The options of ``solve`` for the other games: ``--players``, ``--trump``,
    ``--declarer``, ``--option`` (repeatable) and ``--no-overtake``."""
    for opt in reversed((
            players_option,
            click.option("--trump", cls=_GamesHelp, help_of=_trump_help, default=None,
                         metavar="S|H|D|C|NT"),
            click.option("--declarer", default=None, metavar="SEAT",
                         help="Other games: the felvevő / taker, seat 1 to n (belote: S W N "
                              "E or 1-4); default 1. His side: himself, in belote also "
                              "his partner."),
            click.option("--option", "game_flags", cls=_GamesHelp, help_of=_option_help,
                         multiple=True, metavar="NAME"),
            click.option("--no-overtake", is_flag=True,
                         help="vier-anderle: no must-overtake (as --option no_overtake)."))):
        fn = opt(fn)
    return fn


def get_game(game_id: str):
    """The ``Game`` of ``--game``; an unknown id is a ``GameError`` listing the ids."""
    from ..games import get_game as lookup

    return lookup(game_id)


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter name) was given on the command line."""
    from click.core import ParameterSource

    src = ctx.get_parameter_source(name)
    return src is not None and src not in (ParameterSource.DEFAULT,
                                           ParameterSource.DEFAULT_MAP)


def refuse(game, flags: list[str], why: str) -> None:
    """One line when ``flags`` (those given) are not options of ``game``: ``--game troggu
    does not take --rules, --first-trick (royal tarokk's options)``."""
    from ..games import GameError

    if flags:
        raise GameError(f"--game {game.id} does not take {', '.join(flags)} ({why})")


@contextlib.contextmanager
def said(game, flag: str | None = None, only: str | None = None):
    """Errors of the games package (``GameError``, ``DealError``, ``CardError``) in the
    command line's words: the game named (``troggu: unknown card 'ZZ' …`` where the
    message does not name it) and, where the input was an option's, the flag first
    (``--declarer: unknown seat 'Q' for belote …``); ``--trump``, ``--option`` said in place
    (``belote needs a --trump: …``). ``only``: just the errors of that library argument
    (others pass unchanged)."""
    try:
        yield
    except RoyalSimError as e:
        if only is not None and e.argument != only:
            raise
        raise _said(e, game, flag) from None


_IN_PLACE = ("trump", "option", "game")
"""Arguments whose word in the library's message reads as the flag (``cli.common.flag``)."""


def _said(e: RoyalSimError, game, flag: str | None) -> RoyalSimError:
    msg = str(e)
    arg = e.argument
    if flag is None and arg == "players":
        flag = "--players"
    if flag is None and arg in _IN_PLACE:
        return e                    # flag_message says the flag in place
    head = [] if game.id in msg.lower() else [game.id]
    if flag:
        head.append(flag)
    if head:
        msg = f"{' '.join(head)}: {msg}"
    return type(e)(msg)


# -- setup, seats, the trick ---------------------------------------------------------------

def game_setup(game, players, trump=None, flags=(), no_overtake=False):
    """``game.setup`` from the options (``--no-overtake`` is ``--option no_overtake``)."""
    flags = [f.strip().lower().replace("-", "_") for f in flags]
    if no_overtake:
        if "no_overtake" not in game.flag_names():
            from ..games import GAMES

            takers = [g.id for g in GAMES.values() if "no_overtake" in g.flag_names()]
            refuse(game, ["--no-overtake"], f"an option of {', '.join(takers)}")
        if "no_overtake" in flags:
            from ..games import GameError

            raise GameError("--no-overtake and --option no_overtake: one option given twice")
        flags.append("no_overtake")
    with said(game):
        return game.setup(players, trump, flags)


def seat(game, setup, text: str, flag: str) -> int:
    """Seat index of ``text`` (``1`` … ``n``, or the game's names) given as ``flag``."""
    with said(game, flag):
        return game.parse_seat(text, setup, what=flag.lstrip("-"))


def trick_cards(game, setup, text: str) -> tuple[int, ...]:
    """The card ids of ``--trick`` (the leader's first): cards of the game's deck, none
    twice, fewer than the seats."""
    from ..errors import DealError

    with said(game, "--trick"):
        ids = tuple(game.deck(setup).parse_cards(text))
        if len(ids) >= setup.players:
            raise DealError(f"a trick of {setup.players} seats holds at most "
                            f"{setup.players - 1} cards before it is complete, got {len(ids)}")
    return ids


# -- a deal as text --------------------------------------------------------------------------

def seat_parts(game, setup, dealt) -> list[str]:
    """Each seat's part of ``game.format_deal`` (its hand; Strohmandli: the hand, then its
    piles top first after ``|``)."""
    return [p.strip() for p in game.format_deal(dealt, setup).split("/")]


def piles_text(game, setup, dealt, seats: bool = True) -> dict[str, str | list[str]]:
    """The piles of ``dealt`` (skart, talon, tapp, dead cards; with ``seats`` also a seat's
    table piles, Strohmandli's ``piles 1`` …, which the deal line holds too): name → its
    cards, or for ordered piles (Jókai's skart pairs, the table piles) a list of them, top
    first."""
    deck = game.deck(setup)
    out = {}
    for name, pile in dealt.piles.items():
        if not seats and name.startswith("piles "):
            continue
        if isinstance(pile, (list, tuple)):
            out[name] = [deck.format_cards(list(p)) if isinstance(p, (list, tuple))
                         else deck.card_names[p] for p in pile]
        else:
            out[name] = deck.format_cards(int(pile))
    return out


def listing(game, setup, dealt, width: int | None) -> str:
    """One line a seat (its name, its part of the deal) and one a pile, wrapped to
    ``width`` with the continuation lines under the cards."""
    from ..format import fill

    rows = [(game.seat_name(s, setup), part)
            for s, part in enumerate(seat_parts(game, setup, dealt))]
    rows += [(name, " | ".join(cards) if isinstance(cards, list) else cards)
             for name, cards in piles_text(game, setup, dealt, seats=False).items()]
    col = max(6, max(len(name) for name, _ in rows) + 1)
    return "\n".join(fill(f"{name:{col}} {cards}".rstrip(), width, " " * (col + 1))
                     for name, cards in rows)


def players_text(game, setup) -> str:
    """``3 players`` (and the trump, for belote)."""
    text = f"{setup.players} players"
    if game.trumps and setup.trump is not None:
        text += f", trump {game.trump_name(setup)}"
    if setup.flags:
        text += ", " + ", ".join(sorted(setup.flags))
    return text
