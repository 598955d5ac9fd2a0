"""``royal-sim slems``: the slem (bid) catalogue and a glossary of the card sets the bids
name (``model.cards.CARD_SET_TERMS``, from ``docs/rules.md#glossary``)."""

from __future__ import annotations

import click

from .common import OnceOptions, json_option

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
@json_option
def slems_command(as_json):
    """The slem (bid) catalogue: ids, names, groups, values and parameters, then a glossary
    of the card sets the bids name (matador, magasító, honour, small suit card, …).

    The rules of every slem, its raises and the Gerots obligations are in docs/rules.md
    (docs/rules.md#bids, #raises, #obligations; the terms: docs/rules.md#glossary).
    --json: {"slems": [...], "glossary": [{"term", "cards", "meaning"}, ...]}.
    """
    import json

    from ..slems import SLEMS
    from .format import fitted, terminal_width

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
