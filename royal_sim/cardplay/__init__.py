"""Play, card by card: positions in the middle of a trick (``position``), every card's
double-dummy value in tarokk terms (``values``), played games as records (``record``) and
their review (``review``), worlds from one seat's view (``worlds``), one decision over worlds
(``decide``), the card suggested (``suggest``), a deal played out by PIMC seats (``pimc``) and
a bid set played out on analysed deals (``table_figures``).

The package is ``cardplay``, not ``play``: ``royal_sim.play`` is the function that plays one
deal out at the table, and a subpackage of the same name would replace it as an attribute of
``royal_sim`` as soon as any of its modules was imported."""

from .worlds import (MAX_ENUMERATED, Play, WorldSampler, Worlds, replay, shown_absent,
                     worlds)

__all__ = ["MAX_ENUMERATED", "Play", "WorldSampler", "Worlds", "replay", "shown_absent",
           "worlds"]
