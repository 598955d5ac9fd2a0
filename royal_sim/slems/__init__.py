"""The slem catalogue: one table drives goals, values, raises and implications."""
