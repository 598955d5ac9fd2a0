"""``royal-sim slems``: the slem (bid) catalogue."""

from __future__ import annotations

import click

from .common import json_option


@click.command("slems")
@json_option
def slems_command(as_json):
    """The slem (bid) catalogue: ids, names, groups, values and parameters (spec §3)."""
    import json

    from tabulate import tabulate

    from ..slems import SLEMS

    rows = [{"id": s.id, "name": s.name, "gloss": s.gloss, "group": s.group,
             "value": s.value, "param": s.param.value, "predicate": s.text}
            for s in SLEMS.values()]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    click.echo(tabulate([[r["id"], r["name"], r["group"], r["value"], r["param"], r["gloss"]]
                         for r in rows],
                        headers=["id", "name", "group", "value", "param", "gloss"]))
