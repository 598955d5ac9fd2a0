"""The analysis package's public checks and its column profile."""

import pytest

from royal_sim.analysis import MAX_SAMPLES, analyze, check_samples, columns_for, profile_columns
from royal_sim.errors import RoyalSimError
from royal_sim.model.deal import Seat, parse_hand

HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"


@pytest.mark.parametrize("samples", [0, -1, MAX_SAMPLES + 1])
def test_check_samples_speaks_of_the_argument(samples):
    with pytest.raises(RoyalSimError, match=rf"^samples must be 1\.\.1,000,000, got {samples}$"
                       ) as err:
        check_samples(samples)
    assert err.value.argument == "samples"


def test_check_samples_takes_the_range_and_analyze_uses_it():
    check_samples(1)
    check_samples(MAX_SAMPLES)
    with pytest.raises(RoyalSimError) as err:
        analyze(parse_hand(HAND, "A_IND"), Seat.A_IND, samples=0)
    assert err.value.argument == "samples"


def test_profile_columns_has_every_column_and_counts_its_cells():
    hand = parse_hand(HAND, "A_IND")
    profile = profile_columns(hand, Seat.A_IND, samples=3, seed=1, rules="laza")
    assert [p.key for p in profile.columns] == [c.key for c in columns_for(hand)]
    assert (profile.max_tricks.key, profile.max_tricks.cells) == ("max_tricks", 3)
    assert profile.all[-1] is profile.late_filter and profile.late_filter.key == "late filter"
    assert all(p.nodes >= p.cells >= 0 for p in profile.all)     # a searched cell has nodes
    assert all(p.cells <= 3 for p in profile.all) and profile.seconds > 0
