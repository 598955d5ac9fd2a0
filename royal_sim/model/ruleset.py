"""The two rule sets of royal tarokk, by name (not the engine's ``PlayRules`` arrays of play).

Source rule: ``spec/royal-tarokk.md`` §3–§4: ``gerots`` (``seeds/000``: obligatory play,
consolatio, kontra only) and ``laza`` (``seeds/002``: no obligatory play, igazítás
optional, kontra and rekontra).
"""

from __future__ import annotations

from enum import Enum


class RuleSet(str, Enum):
    """A rule set by name. Members are strings: ``RuleSet.GEROTS == "gerots"``, ``str()``
    and JSON give the bare name, so plain strings may stand in wherever a ``RuleSet`` is
    taken. ``RuleSet("x")`` raises ``ValueError`` for another name."""

    GEROTS = "gerots"
    LAZA = "laza"

    def __str__(self) -> str:
        return self.value
