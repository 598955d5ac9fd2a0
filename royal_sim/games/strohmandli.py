"""Strohmandli (``seeds/004``; ``spec/other-games.md`` §2): two players, 42 cards, each 12 in hand
and three face-down table piles of 3 whose tops are played as hand cards (a turned tarokk or
king goes to hand and the next card is turned); 21 tricks, figures each for himself. Three
players (``--players 3``): 8 in hand, piles of 2, 14 tricks.

Deal notation: a seat's hand, then ``|`` and each pile top first: ``XXI XX … | SK I V | … | …``.
Double dummy knows the order of the piles (very optimistic).
"""

from __future__ import annotations

import numpy as np

from ..engine.count_rules import DUTY_TRUMP, CountRules
from ..errors import DealError
from .base import Dealt, Figure, Setup, TarokkGame, _mask, shuffled, tarokk_rules
from .decks import tarokk_deck

_DECK = tarokk_deck(42)
N_PILES = 3
TO_HAND = sum(1 << c for c in range(_DECK.n_cards)
              if _DECK.suit_of[c] == 0 or _DECK.card_names[c].endswith("K"))
"""Cards that go to hand when turned up: tarokks and kings (§2)."""


class Strohmandli(TarokkGame):
    id = "strohmandli"
    title = "Strohmandli"
    source = "seeds/004; spec/other-games.md §2"
    players = (2, 3)
    default_players = 2
    goal = 48

    def pile_depth(self, setup: Setup) -> int:
        return 3 if setup.players == 2 else 2

    def in_hand(self, setup: Setup) -> int:
        return 12 if setup.players == 2 else 8

    def hand_size(self, setup: Setup) -> int:
        return self.in_hand(setup) + N_PILES * self.pile_depth(setup)

    def default_leader(self, declarer: int, setup: Setup) -> int:
        return 0                # the first receiver (non-dealer) leads

    def deal(self, state, setup: Setup) -> Dealt:
        cards = shuffled(_DECK.n_cards, state)
        k, depth = self.in_hand(setup), self.pile_depth(setup)
        per = k + N_PILES * depth
        hands, piles = [], {}
        for s in range(setup.players):
            mine = cards[s * per:(s + 1) * per]
            hands.append(_mask(mine))
            piles[f"piles {s + 1}"] = [mine[k + p * depth:k + (p + 1) * depth]
                                       for p in range(N_PILES)]
        return Dealt(tuple(hands), piles)

    def _pile_array(self, dealt: Dealt | None, setup: Setup) -> np.ndarray | None:
        if dealt is None:
            return None
        depth = self.pile_depth(setup)
        arr = np.full((setup.players, N_PILES, depth), -1, np.int64)
        for s in range(setup.players):
            for p, pile in enumerate(dealt.piles.get(f"piles {s + 1}", [])):
                arr[s, p, :len(pile)] = pile
        return arr

    def rules(self, setup: Setup, dealt: Dealt | None = None) -> CountRules:
        return tarokk_rules(self, _DECK, setup, DUTY_TRUMP,
                            piles=self._pile_array(dealt, setup), to_hand=TO_HAND)

    def format_deal(self, dealt: Dealt, setup: Setup) -> str:
        out = []
        for s, h in enumerate(dealt.hands):
            piles = dealt.piles.get(f"piles {s + 1}", [])
            in_piles = _mask(c for p in piles for c in p)
            part = _DECK.format_cards(int(h) & ~in_piles)
            for p in piles:
                part += " | " + " ".join(_DECK.card_names[c] for c in p)
            out.append(part)
        return " / ".join(out)

    def parse_deal(self, text: str, setup: Setup, table: int = 0, leader: int = 0,
                   seen: int = 0) -> Dealt:
        parts = text.split("/")
        if len(parts) != setup.players:
            raise DealError(f"a {self.id} deal of {setup.players} players lists "
                            f"{setup.players} seats separated by '/', got {len(parts)}",
                            argument="deal")
        hands, piles = [], {}
        on_table = seen
        for s, part in enumerate(parts):
            fields = part.split("|")
            who = f"seat {self.seat_name(s, setup)}"
            m, seen = self._parse_part(fields[0], _DECK, seen, on_table, who)
            seat_piles = []
            for f in fields[1:]:
                pm, seen = self._parse_part(f, _DECK, seen, on_table, who)
                ids = _DECK.parse_cards(f)
                if len(ids) > self.pile_depth(setup):
                    raise DealError(f"a {self.id} pile holds at most "
                                    f"{self.pile_depth(setup)} cards, got {len(ids)}",
                                    argument="deal")
                seat_piles.append(ids)
                m |= pm
            if seat_piles and len(seat_piles) != N_PILES:
                raise DealError(f"a {self.id} seat lists its {N_PILES} piles after its hand, "
                                f"each after a '|' (an empty one as '||'), got "
                                f"{len(seat_piles)}", argument="deal")
            hands.append(m)
            piles[f"piles {s + 1}"] = seat_piles
        self._check_sizes(hands, setup, table, leader)
        return Dealt(tuple(hands), piles)

    def goal_of(self, setup: Setup) -> int | None:
        """Játék: 48 of 94 points two-handed, 32 three-handed (§2's 32/40/48)."""
        return self.goal if setup.players == 2 else 32

    def figures(self) -> list[Figure]:
        def f(i, name, orig, valt, text):
            return Figure(i, name, {"original": orig, "valtozat": valt}, text)
        return [
            f("jatek", "játék", 1, 1, "pts(P) >= 48 (three-handed 32)"),
            f("kassza", "kassza", 2, 2, "pts(P) >= 60 (three-handed 40)"),
            f("duplajatek", "duplajáték", 4, 4, "pts(P) >= 71 (three-handed 48)"),
            f("volat", "volát", 6, 8, "P wins all n tricks"),
            f("pagatfogas", "pagátfogás", 5, 3, "P captures O's I"),
            f("uhu", "uhu", 5, 4, "P wins trick n-1 with II"),
            f("pagatulti", "pagátulti", 5, 6, "P wins trick n with I"),
            f("xxi_fogas", "XXI-fogás", None, 5, "P captures O's XXI"),
            f("tuletroa", "tulétroá", None, 2, "P captures I, XXI, skíz; not with volát"),
            f("negy_kiraly", "négy király", None, 3,
              "P captures all kings; not with volát"),
            f("fej", "fej", 1, None,
              "P on lead holds 2 honours in hand and leads one; not with tulétroá's"),
            f("tuletroa_bejelentes", "tulétroá bej.", 2, None,
              "P on lead holds I, XXI, skíz in hand and leads one"),
            f("negy_kiraly_bejelentes", "négy király bej.", 4, None,
              "P on lead holds the four kings in hand and leads one"),
        ]
