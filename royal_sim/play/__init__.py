"""Play, card by card: worlds from one seat's view (``worlds``)."""

from .worlds import (MAX_ENUMERATED, Play, WorldSampler, Worlds, replay, shown_absent,
                     worlds)

__all__ = ["MAX_ENUMERATED", "Play", "WorldSampler", "Worlds", "replay", "shown_absent",
           "worlds"]
