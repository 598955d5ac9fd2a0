"""The arrays a search works in, owned by its caller (the kernels allocate nothing while
searching): the per-ply work space columns, the context slots, and their sizes.
"""

from __future__ import annotations

from ..goal import MAX_TRICKS

TT_BITS_DEFAULT = 18
MAX_DEPTH = 64          # cards in a deal (plies)
MAX_MOVES = 16

# The records the kernels take (tuples, as DDS passes ``pos`` and ``thrp``), field by field:
PLAY_RECORD = ("suit_of", "suit_masks", "trump", "must_trump", "pair_of")
"""A game's rules of play (``PlayRules.record()``): suit of each card (n_cards,) int8, cards
of each suit (n_suits,) uint64, the trump suit or -1 (int64), the duty to ruff (bool), the
pair of each seat (4,) int8."""
TABLE_RECORD = ("tt_keys", "tt_stamp", "tt_bits", "ctx", "moves", "tc")
"""The arrays a thread owns between searches: its table row (keys, stamps, log2 size), its
context slots (C_LEN,) int64, move lists (MAX_DEPTH, MAX_MOVES) int64 and the cards of each
trick (MAX_TRICKS, 4) int64."""
THREAD_RECORD = ("tt_keys", "tt_stamp", "tt_bits", "ctx", "moves", "ws", "wsu", "keys", "kw",
                 "mk", "tc")
"""What one search works in (``search._thread_record``): the ``TABLE_RECORD`` arrays and a
work space per ply (ws, wsu), the table keys per ply, the key buffer and the sequence mask."""

# per-ply work space columns (int64 ws / uint64 wsu)
W_LEADER, W_TRICK, W_NPLAYED, W_PCOUNT, W_PROG, W_SEAT, W_ISP, W_NEED, W_N, W_IDX = range(10)
W_LEN = 10
U_UNPLAYED, U_HAND, U_REL, U_TWIN, U_SKIP = 0, 1, 2, 3, 4
U_LEN = 5

# context array slots (int64)
C_NODES = 0
C_STAMP = 1
C_REPL = 2            # round-robin counter for replacing table entries in a full bucket
C_TSTART = 3          # trick-start nodes (DDS's node count)
C_TRICK0 = 4          # C_TRICK0 + t: nodes at trick t (0-based), for profiling
C_CUT0 = C_TRICK0 + MAX_TRICKS      # C_CUT0 + k: cut-offs at play position k (0 = lead)
C_FIRST0 = C_CUT0 + 4               # C_FIRST0 + k: of those, by the first move tried
C_LEN = 32          # slots from C_FIRST0 + 4 unused: a worker's row of 256 bytes shares no
                    # cache line with another's (its counters change at every node)
