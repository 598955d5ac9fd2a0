"""Error types. Every error a user can cause is a ``RoyalSimError`` whose message names the
problem in one line; the CLI prints it and exits with code 2."""

import re

MARKED = re.compile(r"`(\w+)(?:=(True|False|'[^']*'))?`")
"""An argument in backticks in a message (```turned```, ```turned='HJ'```,
```resume=True```): each front end says it in its own words (the CLI its flag,
``cli.common.flag_message``; a batch line its item, ``batch.inputs.item_words``)."""


class RoyalSimError(ValueError):
    """Base of all input errors (bad notation, impossible constraints, unknown names).

    The message speaks of the library's own argument, by its Python name (``samples must be
    1..1,000,000, got 0``); ``argument`` names that argument (or ``None``), so that a front end
    can say it in its own words (the CLI: ``--samples must be …``)."""

    def __init__(self, message: str = "", *, argument: str | None = None):
        super().__init__(message)
        self.argument = argument

    def __reduce__(self):           # keep ``argument`` across processes (batch workers)
        return _rebuild, (type(self), str(self), self.argument)


def _rebuild(cls, message, argument):
    return cls(message, argument=argument)


class CardError(RoyalSimError):
    """A card, suit or hand in notation could not be read."""


class DealError(RoyalSimError):
    """A deal, position or seat is malformed or breaks the dealing rules."""


class ConstraintError(RoyalSimError):
    """Sampling constraints contradict each other or the known cards."""


class SearchLimit(RoyalSimError):
    """A search passed the node limit it was given before it had an answer (a full deal of a
    game whose search takes minutes): solve a smaller position or raise the limit."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``) while a command runs: the CLI handles it as Ctrl-C
    (workers stopped, finished batch inputs kept) and exits with code 143."""
