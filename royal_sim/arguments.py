"""The arguments of the Python face (``royal_sim.api``) as its functions take them: card
notation given as a string or a list of strings, comma lists, repeatable facts; each
coerced to the form the commands read, or ``RoyalSimError`` naming the argument."""

from __future__ import annotations

from .errors import RoyalSimError
from .model.deal import Seat


def as_text(value, argument: str) -> str:
    """A string argument in notation: a string, or a sequence of strings (joined)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if isinstance(value, Seat):
        return value.name
    what = {"hand": "a string or a list of cards in notation, e.g. 'XXII XX XVIII XVI XIV "
                    "IX IV SK SQ HK' or ['XXII', 'XX', …]",
            "deal": "a string or a list of the four hands in notation",
            "seat": "a seat name like 'A_IND' (or a Seat)"}.get(argument,
                                                                 "a string in notation")
    raise RoyalSimError(f"{argument} must be {what}, got {value!r}", argument=argument)


def as_list_text(value, argument: str) -> str | None:
    """A comma list (``"gem,ultimo"``) given as a string or a sequence of strings."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (list, tuple, set)) and all(isinstance(v, str) for v in value):
        return ",".join(value)
    raise RoyalSimError(f"{argument} must be a comma list or a list of strings, got "
                        f"{value!r}", argument=argument)


# an example of each repeatable fact, as the commands' help gives them
_TEXT_EXAMPLES = {"holds": "D_ELF:XXI", "not_holds": "D_ELF:XXI", "tarokks": "D_IND:8-10",
                  "suits": "A_ELF:H:0-1", "voids": "D_ELF:H", "heard": "A_ELF:tarokkszam:9",
                  "params": "ultimo=SK"}


def as_texts(value, argument: str) -> tuple[str, ...]:
    """Repeatable facts (``holds=["D_ELF:XXI"]``): a sequence of strings, or one string."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise RoyalSimError(f"{argument} must be a list of strings like "
                        f"'{_TEXT_EXAMPLES.get(argument, 'D_ELF:XXI')}', got {value!r}",
                        argument=argument)
