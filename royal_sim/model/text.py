"""Reading names typed by people: accents and outer spaces do not matter.

Used for cards, suits, seats, announcement and slem names (``cards.parse_card``,
``deal.parse_seat``, ``announcements.get_announcement``, ``slems.fold_name``); each caller
applies its own case and punctuation rules on top.
"""

from __future__ import annotations

import unicodedata


def fold(text: object) -> str:
    """``str(text)`` without outer whitespace and accents, its case kept: NFKD-decomposed,
    combining marks dropped (``" Gém "`` → ``"Gem"``, ``"ellenindító"`` →
    ``"ellenindito"``). Never raises."""
    decomposed = unicodedata.normalize("NFKD", str(text).strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
