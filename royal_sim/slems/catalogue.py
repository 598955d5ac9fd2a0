"""The slem catalogue as one module, as it was before its split into ``table``, ``params``,
``raises`` and ``goals``: every public name of ``royal_sim.slems``, and ``announced_holds``,
the former name of ``goals.held_until``. New code imports the package
(``from royal_sim import slems as S``)."""

from . import *  # noqa: F403 - the package's public names
from . import __all__ as _package_names
from .goals import held_until as announced_holds

__all__ = [*_package_names, "announced_holds"]
