"""Play, card by card: positions in the middle of a trick (``position``), every card's
double-dummy value in tarokk terms (``values``), played games as records (``record``) and
their review (``review``), worlds from one seat's view (``worlds``)."""

from .worlds import (MAX_ENUMERATED, Play, WorldSampler, Worlds, replay, shown_absent,
                     worlds)

__all__ = ["MAX_ENUMERATED", "Play", "WorldSampler", "Worlds", "replay", "shown_absent",
           "worlds"]
