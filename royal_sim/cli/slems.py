"""``royal-sim slems``: the slem (bid) catalogue and a glossary of the card sets the bids
name (``model.cards.CARD_SET_TERMS``, from ``docs/rules.md#glossary``)."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option, user_errors
from .games import game_option

GLOSSARY_TITLE = "Card sets the bids name (docs/rules.md#glossary):"


def glossary() -> list[dict]:
    """The card-set terms: ``[{"term", "cards" (canonical notation, or ``None``), "meaning"},
    …]`` in ``CARD_SET_TERMS`` order."""
    from ..model.cards import CARD_SET_TERMS, format_cards

    return [{"term": term, "cards": None if mask is None else format_cards(mask),
             "meaning": meaning} for term, mask, meaning in CARD_SET_TERMS]


def _cards_cell(cards: str | None) -> str:
    """The cards of a term as the table shows them: listed up to 8, else counted."""
    if cards is None:
        return ""
    n = len(cards.split())
    return cards if n <= 8 else f"({n} cards)"


@click.command("slems", cls=OnceOptions)
@game_option
@json_option
@user_errors
def slems_command(game_id, as_json):
    """The slem (bid) catalogue: ids, names, groups, values and parameters, then a glossary
    of the card sets the bids name (matador, magasító, honour, small suit card, …).

    The rules of every slem, its raises and the Gerots obligations are in docs/rules.md
    (docs/rules.md#bids, #raises, #obligations; the terms: docs/rules.md#glossary).
    --json: {"slems": [...], "glossary": [{"term", "cards", "meaning"}, ...]}.

    --game ID: that game's figures (figurák, thresholds, bids): id, the source's name,
    what each pays, and its predicate. --json: {"game", "title", "source", "players",
    "goal", "figures": [{"id", "name", "values", "predicate"}, ...]}.
    """
    import json

    from ..slems import SLEMS
    from .format import fitted, terminal_width
    from .games import get_game

    game = get_game(game_id)
    if game.id != "royal":
        _figures(game, as_json)
        return

    rows = [{"id": s.id, "name": s.name, "gloss": s.gloss, "group": s.group,
             "value": s.value, "param": s.param.value, "predicate": s.text}
            for s in SLEMS.values()]
    terms = glossary()
    if as_json:
        click.echo(json.dumps({"slems": rows, "glossary": terms}, ensure_ascii=False))
        return
    width = terminal_width()
    click.echo(fitted([[r["id"], r["name"], r["group"], r["value"], r["param"], r["gloss"]]
                       for r in rows], ["id", "name", "group", "value", "param", "gloss"],
                      ["left", "left", "left", "right", "left", "left"], width,
                      wrap=("gloss", "name"), drop=("group",)))
    click.echo("\n" + GLOSSARY_TITLE)
    click.echo(fitted([[t["term"], _cards_cell(t["cards"]), t["meaning"]] for t in terms],
                      ["term", "cards", "meaning"], ["left", "left", "left"],
                      min(width, 100), wrap=("meaning",)))


def _values_cell(values: dict) -> str:
    """What a figure pays, as the spec's table gives it: ``silent 1, announced 2``; a value
    the variant lacks as ``-``."""
    return ", ".join(f"{k.replace('_', ' ')} {'-' if v is None else v}"
                     for k, v in values.items())


def _figures(game, as_json: bool) -> None:
    """``slems --game ID``: the game's figures as a table fitted to the width, or JSON."""
    import json

    from .format import fitted, say, terminal_width

    figures = game.figures()
    if as_json:
        click.echo(json.dumps({
            "game": game.id, "title": game.title, "source": game.source,
            "players": list(game.players), "goal": game.goal,
            "figures": [{"id": f.id, "name": f.name, "values": f.values, "predicate": f.text}
                        for f in figures]}, ensure_ascii=False))
        return
    width = terminal_width()
    players = (f"{game.players[0]}-{game.players[-1]}" if len(game.players) > 1
               else str(game.players[0]))
    say(f"{game.title}, {players} players; its figures (source: {game.source}):", width)
    click.echo(fitted([[f.id, f.name, _values_cell(f.values), f.text] for f in figures],
                      ["id", "name", "values", "predicate"], ["left"] * 4, width,
                      wrap=("predicate", "values", "name")))
