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


GLOSS_WIDTH = 30
"""The narrowest the gloss column is let go before the group moves out of its column."""


def catalogue_text(rows: list[dict], width: int) -> str:
    """The catalogue's table fitted to ``width`` columns: a row a slem, its group a column
    when the gloss keeps ``GLOSS_WIDTH`` columns beside it, else a heading line above each
    group's slems and long names on two lines (the gloss would wrap every few words: 11
    columns at 80)."""
    from ..format import GAP, fitted

    heads = ["id", "name", "group", "value", "param", "gloss"]
    align = ["left", "left", "left", "right", "left", "left"]
    others = [max([len(h) + 2] + [len(str(r[h])) for r in rows]) for h in heads[:-1]]
    if sum(others) + GAP * len(others) + GLOSS_WIDTH <= width:
        return fitted([[r[h] for h in heads] for r in rows], heads, align, width,
                      wrap=("gloss", "name"))
    import textwrap

    body, group = [], None
    for r in rows:
        if r["group"] != group:
            group = r["group"]
            body.append([f"{group}:", "", "", "", ""])
        # a long name on lines of its own words, so that the gloss keeps the width
        name = "\n".join(textwrap.wrap(r["name"], 11, break_long_words=False))
        body.append([r["id"], name, r["value"], r["param"], r["gloss"]])
    del heads[2], align[2]
    return fitted(body, heads, align, width, wrap=("gloss", "name"))


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
    from ..format import fitted, terminal_width
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
    click.echo(catalogue_text(rows, width))
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

    from ..format import fitted, say, terminal_width

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
