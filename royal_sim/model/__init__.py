"""Cards, seats and pairs, deals, hand announcements: parse ↔ format and validation (no numba);
the rule sets by name (``ruleset``) and the folding of typed names (``text``)."""
