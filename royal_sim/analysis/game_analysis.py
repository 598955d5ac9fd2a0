"""Which module analyses a hand of which game (``analyze --game ID``, ``batch`` lines with
``game=ID``, ``royal_sim.analyze(..., game=ID)``); royal tarokk's analysis is
``analysis.monte_carlo`` and does not pass here.

Every module named in ``ANALYSES`` gives the same face:

- ``analyze_game(hand, seat, *, game, declarer=None, samples=None, precision=None, seed=1,
  holds=(), voids=(), jobs=None, progress=None, on_update=None, **options)``: the analysis
  of ``hand`` (the game's notation) at ``seat`` (``1`` … ``n`` or the game's seat names),
  on deals searched with ``game_rounds.run_rounds``; raises ``RoyalSimError`` naming the
  argument on bad input, checking the hand, seat and options before the number of deals
  (``batch`` checks a game input when it reads it by asking for 0 deals);
- the game options it takes beyond those (``players``, ``option``, ``pot`` …;
  ``GAME_OPTIONS`` lists them all) are the keyword parameters of its ``analyze_game``
  (``options_taken``); anything else given is refused;
- the result: ``deals`` (searched), ``to_json()`` (royal's shape: the figures as rows under
  ``"slems"``, each with ``id``, ``probability``, ``ci95``, ``deals``, ``expected_score``
  where the game scores one) and ``advice()``;

and its text is ``game_text(result, width, every)`` of the ``cli`` module named beside it.
"""

from __future__ import annotations

from importlib import import_module

ANALYSES = {
    "coinche": ("belote_analysis", "analyze_belote"),
    "belote": ("belote_take", "analyze_take"),
    "vier-anderle": ("each_analysis", "analyze_each"),
    "strohmandli": ("each_analysis", "analyze_each"),
    "harmas": ("declarer_analysis", "analyze_declarer"),
    "modositott": ("declarer_analysis", "analyze_declarer"),
    "troggu": ("declarer_analysis", "analyze_declarer"),
    "droggn": ("declarer_analysis", "analyze_declarer"),
}
"""Game id → (module of ``royal_sim.analysis``, module of ``royal_sim.cli`` printing it)."""

DEFAULT_PRECISION = 0.05
"""Every figure until ± 5 points, as royal's ``analyze``, unless the module ``DECIDES``."""

GAME_OPTIONS = ("players", "option", "pot", "stayers", "called", "turned", "partner_bid",
                "their_bid", "contract", "leader")
"""The options of ``analyze`` that only some games take (``--players``, ``--option``,
``--pot``, ``--stayers``, ``--called``, ``--turned``, ``--partner-bid``, ``--their-bid``,
``--contract``, ``--leader``)."""


def listed(values) -> list[str]:
    """An option that may be given once or many times (``holds``, ``option`` …) as a list
    of strings: ``None`` none, a string one."""
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [str(v) for v in values]


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


def default_run(game, samples, precision) -> tuple:
    """``(samples, precision, decides)`` of an analysis of ``game`` given these: neither
    given, precision-driven at ``DEFAULT_PRECISION``, or the module's own default where it
    ``DECIDES`` (``decides`` true: a decided row stops at ± 10 points) or its
    ``own_default(game)`` says so (both left ``None``: Strohmandli's fixed deals)."""
    module = analysis_module(game)
    decides = samples is None and precision is None and getattr(module, "DECIDES", False)
    own = getattr(module, "own_default", None)
    if samples is None and precision is None and not decides and not (own and own(game)):
        precision = DEFAULT_PRECISION
    return samples, precision, decides


def options_taken(game) -> tuple[str, ...]:
    """The options of ``GAME_OPTIONS`` (and ``declarer``) that ``game``'s analysis takes:
    those its module's ``analyze_game`` names, in that order (``declarer`` first)."""
    import inspect

    params = inspect.signature(analysis_module(game).analyze_game).parameters
    return tuple(n for n in ("declarer",) + GAME_OPTIONS if n in params)


def option_names(option) -> list[str]:
    """``--option``'s values as the games name them: lower case, ``-`` as ``_``, spaces
    trimmed (``"No-Overtake"`` → ``no_overtake``)."""
    return [v.strip().lower().replace("-", "_") for v in listed(option)]


def check_options(game, options: dict) -> None:
    """The one check of the game options every analysis takes (CLI, Python face, ``batch``
    lines): an ``--option`` named twice or without a name, two options of one choice of the
    game's analysis (its module's ``OPTION_CHOICES``: Strohmandli's ``valtozat|original``,
    ``sum|highest``). Raises ``GameError`` naming the option; a value not given (``None``)
    is not checked. (``--stayers`` listing a seat twice or none is refused where it is
    read, ``each_deal.setting``.)"""
    from ..games import GameError

    g = game_of(game)
    names = option_names(options.get("option"))
    choices = getattr(analysis_module(g), "OPTION_CHOICES", {}).get(g.id, ())
    seen: set[str] = set()
    for name in names:
        if not name:
            known = [*g.flag_names(), *(n for c in choices for n in c)]
            raise GameError(f"option without a name ({g.id}'s: {', '.join(known) or 'none'})",
                            argument="option")
        if name in seen:
            raise GameError(f"option {name} given twice", argument="option")
        seen.add(name)
    for choice in choices:
        both = [n for n in names if n in choice]
        if len(both) > 1:
            raise GameError(f"option {both[0]} and {both[1]} exclude each other ({g.id} "
                            f"takes one of {'|'.join(choice)})", argument="option")


def analyze_game(hand, seat, *, game, **options):
    """The analysis of ``hand`` at ``seat`` in ``game`` by its module (module doc): an
    option given (not ``None`` or empty) that the module's ``analyze_game`` does not take is
    refused (``GameError`` naming it as its flag), one not given is left out. Neither
    ``samples`` nor ``precision`` given: precision-driven at ``DEFAULT_PRECISION``, or the
    module's own default where it ``DECIDES`` (coinche: decided rows at ± 10 points)."""
    import inspect

    from ..games import GameError

    extra = {k: options.pop(k) for k in GAME_OPTIONS if k in options}
    module = analysis_module(game)
    if isinstance(hand, (list, tuple)):         # the Python face takes a list of cards
        hand = " ".join(str(c) for c in hand)
    options["samples"], options["precision"], _ = default_run(
        game, options.get("samples"), options.get("precision"))
    function = module.analyze_game
    taken = inspect.signature(function).parameters
    kwargs = {}
    for name, value in {**options, **extra}.items():
        if name in taken:
            kwargs[name] = value
        elif value not in (None, (), []):
            raise GameError(f"analyze --game {game_of(game).id} does not take "
                            f"--{name.replace('_', '-')}", argument=name)
    check_options(game, kwargs)
    return function(hand, seat, game=game, **kwargs)
