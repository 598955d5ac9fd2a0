"""Which module analyses a hand of which game (``analyze --game ID``, ``batch`` lines with
``game=ID``, ``royal_sim.analyze(..., game=ID)``); royal tarokk's analysis is
``analysis.monte_carlo`` and does not pass here.

Every module named in ``ANALYSES`` gives the same face:

- ``analyze_game(hand, seat, *, game, declarer=None, samples=None, precision=None, seed=1,
  holds=(), voids=(), jobs=None, progress=None, on_update=None, **options)``: the analysis
  of ``hand`` (the game's notation) at ``seat`` (``1`` … ``n`` or the game's seat names),
  on deals searched with ``game_rounds.run_rounds``; raises ``RoyalSimError`` naming the
  argument on bad input;
- ``OPTIONS``: the names of the game options it takes beyond those (``players``,
  ``option``, ``pot`` …; ``GAME_OPTIONS`` lists them all), anything else given is refused;
- the result: ``deals`` (searched), ``to_json()`` (royal's shape: the figures as rows under
  ``"slems"``, each with ``id``, ``probability``, ``ci95``, ``deals``, ``expected_score``
  where the game scores one) and ``advice()``;

and its text is ``game_text(result, width, every)`` of the ``cli`` module named beside it.
"""

from __future__ import annotations

from importlib import import_module

ANALYSES = {
    "coinche": ("belote_analysis", "analyze_belote"),
    "harmas": ("declarer_analysis", "analyze_declarer"),
    "modositott": ("declarer_analysis", "analyze_declarer"),
    "troggu": ("declarer_analysis", "analyze_declarer"),
    "droggn": ("declarer_analysis", "analyze_declarer"),
}
"""Game id → (module of ``royal_sim.analysis``, module of ``royal_sim.cli`` printing it)."""

GAME_OPTIONS = ("players", "option", "pot", "stayers", "called", "turned", "partner_bid",
                "their_bid", "contract")
"""The options of ``analyze`` that only some games take (``--players``, ``--option``,
``--pot``, ``--stayers``, ``--called``, ``--turned``, ``--partner-bid``, ``--their-bid``,
``--contract``)."""


def game_of(game):
    """The ``Game`` of ``game`` (an id or a ``Game``); ``GameError`` for an unknown id or a
    game not analysed yet, naming those that are."""
    from ..games import GameError, get_game

    g = get_game(game) if isinstance(game, str) else game
    if g.id not in ANALYSES:
        raise GameError(f"analyze --game {g.id} is not there yet (analysed: royal, "
                        f"{', '.join(sorted(ANALYSES))})", argument="game")
    return g


def analysis_module(game):
    """The module analysing ``game`` (module doc)."""
    return import_module(f"royal_sim.analysis.{ANALYSES[game_of(game).id][0]}")


def text_module(game):
    """The ``cli`` module printing an analysis of ``game``."""
    return import_module(f"royal_sim.cli.{ANALYSES[game_of(game).id][1]}")


def check_options(game, options: dict) -> None:
    """Refuse a game option (``GAME_OPTIONS``) given but not taken by ``game``'s analysis:
    ``GameError`` naming it as its flag."""
    from ..games import GameError

    g = game_of(game)
    taken = set(getattr(analysis_module(g), "OPTIONS", ()))
    for name, value in options.items():
        if value not in (None, (), []) and name not in taken:
            flag = "--" + name.replace("_", "-")
            raise GameError(f"analyze --game {g.id} does not take {flag}", argument=name)


def analyze_game(hand, seat, *, game, **options):
    """The analysis of ``hand`` at ``seat`` in ``game`` by its module (module doc); the
    game options given must be ones it takes (``check_options``)."""
    extra = {k: options.pop(k) for k in GAME_OPTIONS if k in options}
    check_options(game, extra)
    extra = {k: v for k, v in extra.items() if v not in (None, (), [])}
    return analysis_module(game).analyze_game(hand, seat, game=game, **options, **extra)
