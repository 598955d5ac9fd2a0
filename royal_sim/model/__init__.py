"""Cards, seats and pairs, deals, hand announcements: parse ↔ format and validation (no numba)."""
