"""The Monte Carlo driver: the probability that the user's pair completes each slem
(``monte_carlo.analyze``), planned (``plan``), run (``execute``, ``rounds``), stopped
(``stopping``) and reported with intervals (``results``); one position searched for every
slem (``position``); the Gerots footnote (``obligations``); where the nodes go
(``profile``)."""

from .monte_carlo import RELAXED_SKIP, analysis_rounds, analyze
from .obligations import OBLIGATION_LAZA, OBLIGATION_RARE
from .plan import columns_for
from .position import solve_slems
from .profile import ColumnProfile, SearchProfile, profile_columns
from .request import MAX_SAMPLES, check_samples
from .results import Analysis, Column, SlemResult, wilson

__all__ = ["MAX_SAMPLES", "OBLIGATION_LAZA", "OBLIGATION_RARE", "RELAXED_SKIP", "Analysis",
           "Column", "ColumnProfile", "SearchProfile", "SlemResult", "analysis_rounds", "analyze",
           "check_samples", "columns_for", "profile_columns", "solve_slems", "wilson"]
