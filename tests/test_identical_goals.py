"""Identical goals once (issue "the search"): columns whose goals compile to the same goal
(Les and Pagátfogás, Csendes XXI-fogás and XXI-fogás) share one search per deal, and every
column's outcomes equal those of its own search."""

import numpy as np
import pytest

from royal_sim import slems as S
from royal_sim.analysis.execute import ClassCache, search_columns
from royal_sim.analysis.plan import Column, plan_search
from royal_sim.model.deal import Seat, parse_hand
from royal_sim.sampling.sampler import sample_deals

HAND = parse_hand("XX XVII XIII X VII V SK SQ HN DJ")
PAIRS = [("les", "pagatfogas"), ("csendes_xxi_fogas", "xxi_fogas")]


def _search(deals, ids, rules):
    cols = [Column(S.get_slem(i), None) for i in ids]
    plan = plan_search(cols, Seat.A_IND.pair, HAND, rules)
    return search_columns(deals, plan, ClassCache())


@pytest.mark.parametrize("rules", ["gerots", "laza"])
def test_identical_goals_are_searched_once_with_the_same_outcomes(rules):
    deals = sample_deals(24, 3, HAND, Seat.A_IND).deals
    ids = [i for pair in PAIRS for i in pair] + ["negy_kiraly"]
    together = _search(deals, ids, rules)
    for j, slem_id in enumerate(ids):
        alone = _search(deals, [slem_id], rules)
        assert np.array_equal(together.outcomes[:, j], alone.outcomes[:, 0]), slem_id
    cells = together.cells[1:]   # column 0 is max tricks
    for first, second in PAIRS:
        a, b = ids.index(first), ids.index(second)
        assert np.array_equal(together.outcomes[:, a], together.outcomes[:, b])
        assert cells[a] > 0 and cells[b] == 0, (first, second)
    assert cells[ids.index("negy_kiraly")] > 0
