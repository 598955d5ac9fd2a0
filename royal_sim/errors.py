"""Error types. Every error a user can cause is a ``RoyalSimError`` whose message names the
problem in one line; the CLI prints it and exits with code 2."""


class RoyalSimError(ValueError):
    """Base of all input errors (bad notation, impossible constraints, unknown names)."""


class CardError(RoyalSimError):
    """A card, suit or hand in notation could not be read."""


class DealError(RoyalSimError):
    """A deal, position or seat is malformed or breaks the dealing rules."""


class ConstraintError(RoyalSimError):
    """Sampling constraints contradict each other or the known cards."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``) while a command runs: the CLI handles it as Ctrl-C
    (workers stopped, finished batch inputs kept) and exits with code 143."""
