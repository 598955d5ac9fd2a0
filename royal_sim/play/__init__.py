"""Play, card by card: positions in the middle of a trick (``position``), every card's
double-dummy value in tarokk terms (``values``), played games as records (``record``) and
their review (``review``), worlds from one seat's view (``worlds``).

The package is callable: ``royal_sim.play(deal, ...)`` is ``royal_sim.api.play`` (one deal
played out at the table). Importing a module of this package makes ``royal_sim.play`` this
package instead of the function, as imports do; calling it still plays the deal."""

import sys
import types

from .worlds import (MAX_ENUMERATED, Play, WorldSampler, Worlds, replay, shown_absent,
                     worlds)


class _PlayPackage(types.ModuleType):
    """This package, callable as ``royal_sim.api.play``."""

    def __call__(self, *args, **kwargs):
        from ..api import play
        return play(*args, **kwargs)


sys.modules[__name__].__class__ = _PlayPackage

__all__ = ["MAX_ENUMERATED", "Play", "WorldSampler", "Worlds", "replay", "shown_absent",
           "worlds"]
