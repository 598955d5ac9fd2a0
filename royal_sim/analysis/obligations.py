"""The Gerots footnote: the slems its obligatory play makes rare (docs/rules.md#obligations),
found by one laza search of those slems on their own deals.
"""

from __future__ import annotations

import math

import numpy as np

from .. import slems as S
from ..model.deal import Pair
from .execute import ClassCache, PlanRun
from .plan import plan_search
from .results import Column, SlemResult

__all__ = ["OBLIGATION_BLOCK", "OBLIGATION_LAZA", "OBLIGATION_RARE", "obligation_costs"]


OBLIGATION_RARE = 0.05      # a Gerots chance below this …
OBLIGATION_LAZA = 0.25      # … against at least this under laza gets a footnote
# that laza search stops a slem between blocks of deals; none can stop before
# (1 - OBLIGATION_LAZA) of its deals, so that is the first block, then blocks of this many
OBLIGATION_BLOCK = 7


def obligation_costs(deals: np.ndarray, cols: list[Column], results: list[SlemResult],
                      pair: Pair, hand: int, classes: ClassCache) -> dict[str, tuple]:
    """The slems the Gerots obligatory play makes rare, and the search nodes it took:
    ``({key: (laza chance, what binds: "lead obligations", "held cards" or both)}, nodes)``
    for each slem below ``OBLIGATION_RARE`` under Gerots that the pair makes on
    ``OBLIGATION_LAZA`` of the same deals without its obligations (one laza search of those
    slems on their deals; docs/rules.md#obligations).
    Each slem is searched on its own deals only, and no further once it can no longer
    reach ``OBLIGATION_LAZA`` there (its footnote is then known to be absent)."""
    rare = [(col, r) for col, r in zip(cols, results)
            if not col.relaxed and r.n and r.probability < OBLIGATION_RARE
            and (S.gerots_leads(col.slem, col.param) or S.held_until(col.slem, col.param))]
    if not rare:
        return {}, 0
    own = np.array([0] + [len(r.outcomes) for _, r in rare])   # (column 0: max tricks)
    run = PlanRun(plan_search([c for c, _ in rare], pair, hand, "laza"), classes)
    m = int(own.max())
    laza = np.full((m, own.shape[0]), -1, dtype=np.int64)
    start = 0
    while start < m:
        o = laza[:start]
        made, defined = (o == 1).sum(axis=0), (o >= 0).sum(axis=0)
        rest = np.maximum(own - start, 0)       # its deals still to search: all made at best
        active = (own > start) & (made + rest >= OBLIGATION_LAZA * (defined + rest))
        if not active[1:].any():
            break
        active[0] = False     # (searched where an active trick-count slem reads it)
        end = min(m, start + OBLIGATION_BLOCK if start else
                  max(OBLIGATION_BLOCK, math.ceil((1 - OBLIGATION_LAZA) * m)))
        laza[start:end] = run.block(deals[start:end], active)
        start = end
    out = {}
    for j, (col, r) in enumerate(rare, 1):
        o = laza[:len(r.outcomes), j]
        n = int((o >= 0).sum())
        p = float((o == 1).sum()) / n if n else 0.0
        if p >= OBLIGATION_LAZA:
            why = [w for w, has in (("lead obligations", S.gerots_leads(col.slem, col.param)),
                                    ("held cards", S.held_until(col.slem, col.param))) if has]
            out[col.key] = (p, " and ".join(why))
    return out, run.nodes
