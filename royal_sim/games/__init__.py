"""The games of the sources, one a module; ``GAMES`` maps the command line's ``--game`` id to
each. Adding a game is one module (a ``base.Game`` subclass) and its line here.

``spec/other-games.md`` §9 lists the ids: ``royal``, ``vier-anderle``, ``strohmandli``,
``troggu``, ``harmas`` (Jókai), ``modositott``, ``droggn``, ``belote``, ``coinche``.
"""

from __future__ import annotations

from .base import Dealt, Figure, Game, GameError, Setup
from .belote import Belote, Coinche
from .droggn import Droggn
from .harmas import Harmas
from .modositott import Modositott
from .royal import Royal
from .strohmandli import Strohmandli
from .troggu import Troggu
from .vier_anderle import VierAnderle

GAMES: dict[str, Game] = {g.id: g for g in (
    Royal(), VierAnderle(), Strohmandli(), Troggu(), Harmas(), Modositott(), Droggn(),
    Belote(), Coinche())}


def get_game(game_id: str) -> Game:
    """The game of ``game_id`` (case and accents ignored); ``GameError`` listing the ids."""
    from ..model.text import fold
    key = fold(game_id).lower().replace("_", "-")
    if key in ("jokai", "harmas-tarokk"):
        key = "harmas"
    if key not in GAMES:
        raise GameError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})",
                        argument="game")
    return GAMES[key]


__all__ = ["GAMES", "Dealt", "Figure", "Game", "GameError", "Setup", "get_game"]
