"""The slem catalogue: one table drives goals, values, raises and implications.

Modules: ``table`` (the slems of spec §3: ``Slem``, ``Predicate``, ``SLEMS``, lookup by
name), ``params`` (what a bid announces, the bid notation, ``Bid``), ``raises`` (raises,
conflicts and implications between bids), ``goals`` (a bid as the engine's ``Goal``, the
Gerots obligatory-play data). Every public name is importable from the package:
``from royal_sim import slems as S``; ``S.compile_goal``, ``S.SLEMS``, ``S.get_slem`` ….
"""

from .catalogue import (ANY, BLACK_SUITS, FREE_TRICK_IDS, GROUPS, KQ_TERM, M1, M2, M3, N_TRICKS,
                    NOT_TOGETHER, RED_SUITS, SAME, SLEM_IDS, SLEMS, SUIT_TERM, SUITS_TERM,
                    TEN_TERM, TRICKS_1_TO_10, TROPHY_TIERS, BidError, ParamKind, Predicate,
                    Raise, Slem, fold_name, get_slem, parse_slem_list, resolve_term)
from .params import (Bid, candidate_params, check_param, format_param, parse_param,
                     parse_slem_key, slem_key)
from .raises import bid_conflict, implies, raised_ids, supersedes
from .goals import (card_facts, card_trick_conflict, compile_goal, gerots_leads, held_until,
                    magasito_tricks)

__all__ = [
    "ANY", "BLACK_SUITS", "FREE_TRICK_IDS", "GROUPS", "KQ_TERM", "M1", "M2", "M3",
    "NOT_TOGETHER", "N_TRICKS", "RED_SUITS", "SAME", "SLEM_IDS", "SLEMS", "SUIT_TERM",
    "SUITS_TERM", "TEN_TERM", "TRICKS_1_TO_10", "TROPHY_TIERS", "BidError", "ParamKind",
    "Predicate", "Raise", "Slem", "fold_name", "get_slem", "parse_slem_list", "resolve_term",
    "Bid", "candidate_params", "check_param", "format_param", "parse_param", "parse_slem_key",
    "slem_key", "bid_conflict", "implies", "raised_ids", "supersedes", "card_facts",
    "card_trick_conflict", "compile_goal", "gerots_leads", "held_until", "magasito_tricks",
]
