"""Trick-taking rules as plain arrays, so one kernel plays royal tarokk and bridge.

The engine knows no game: a game gives its cards, suits, trump rule and pairs as a ``PlayRules``
(royal tarokk's is ``royal_sim.tarokk.TAROKK_PLAY``; bridge's is ``bridge_play_rules``).

Card ids must be grouped by suit, contiguous and ascending in strength inside each suit
(``royal_sim.model.cards`` and ``bridge_play_rules`` both are): the kernel then finds "the cards
between two cards of one suit" as a run of bits, which equivalent-card collapsing needs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, eq=False)
class PlayRules:
    """One trick-taking game.

    ``suit_of``: (n_cards,) int8 suit index of each card; ``suit_masks``: (n_suits,) uint64
    cards of each suit; ``trump``: suit index of the trump suit or -1; ``must_trump``: a player
    void in the led suit must play a trump if holding one; ``pair_of``: (4,) int8 pair (0/1) of
    each seat in play order; ``card_names``: notation of each card id.
    """

    name: str
    suit_of: np.ndarray
    suit_masks: np.ndarray
    trump: int
    must_trump: bool
    pair_of: np.ndarray
    card_names: tuple[str, ...]

    @property
    def n_cards(self) -> int:
        return len(self.suit_of)

    def record(self) -> tuple:
        """The rules as the kernels take them, one record (``kernel.workspace.PLAY_RECORD``):
        ``(suit_of, suit_masks, trump, must_trump, pair_of)``."""
        return (self.suit_of, self.suit_masks, np.int64(self.trump), bool(self.must_trump),
                self.pair_of)

    def validate(self) -> None:
        """Check that each suit is a contiguous run of ids (needed by the kernels)."""
        for s, m in enumerate(self.suit_masks):
            m = int(m)
            if m == 0:
                continue
            low = (m & -m).bit_length() - 1
            run = m >> low
            if run & (run + 1):
                raise ValueError(f"suit {s} of {self.name} rules is not a contiguous id range")


BRIDGE_SUITS = "SHDC"
BRIDGE_RANKS = "23456789TJQKA"


def bridge_card(suit: int, rank: int) -> int:
    """Bridge card id: suit index in ``SHDC`` order, rank 0 = deuce … 12 = ace."""
    return suit * 13 + rank


def bridge_play_rules(trump: int | None) -> PlayRules:
    """Contract bridge with ``trump`` (suit index in ``SHDC``) or no trumps (``None``).

    Seats in play order N, E, S, W (0..3); partners opposite (pairs NS = 0, EW = 1); no duty
    to ruff."""
    suit_of = np.repeat(np.arange(4, dtype=np.int8), 13)
    masks = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.uint64)
    names = tuple(BRIDGE_SUITS[s] + BRIDGE_RANKS[r] for s in range(4) for r in range(13))
    return PlayRules(name="bridge", suit_of=suit_of, suit_masks=masks,
                 trump=-1 if trump is None else int(trump), must_trump=False,
                 pair_of=np.array([0, 1, 0, 1], dtype=np.int8), card_names=names)
