"""Text in whatever the output stream takes: on a stream whose encoding is not UTF (a
``PYTHONIOENCODING=cp1252`` file, an ASCII terminal) the characters it cannot write are
folded (suit symbols to their letters, ``♥`` → ``H``; accented letters to plain ones,
``Honőr`` → ``Honor``; ``≤`` → ``<=``, ``…`` → ``...``), never a ``UnicodeEncodeError``;
the characters it can write go out as they are. ``fit_streams()`` sets stdout and stderr
so; the command group calls it first."""

from __future__ import annotations

import codecs
import io
import sys
import unicodedata

FOLD_ERRORS = "royal-sim-fold"
"""The codec error handler that folds what an encoding cannot write (``fold``)."""

_FOLD = {"♠": "S", "♣": "C", "♥": "H", "♦": "D", "♤": "S", "♧": "C", "♡": "H", "♢": "D",
         "…": "...", "→": "->", "←": "<-", "↔": "<->", "⇒": "=>", "≥": ">=", "≤": "<=",
         "−": "-", "–": "-", "—": "-", "±": "+/-", "∓": "-/+", "×": "x", "·": ".",
         "≈": "~", "’": "'", "‘": "'", "“": '"', "”": '"', "§": "S.", "∈": " in ",
         "━": "-", "─": "-", "│": "|", "█": "#", "░": ".", "•": "*", "ß": "ss",
         "\ufe0e": "", "\ufe0f": ""}


def fold(text: str) -> str:
    """``text`` in ASCII: the characters of ``_FOLD`` replaced, an accented letter by its
    letter (``ő`` → ``o``), anything else by ``?``."""
    out = []
    for ch in text:
        if ch < "\x80":
            out.append(ch)
            continue
        r = _FOLD.get(ch)
        if r is None:
            r = (unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
                 or "?")
        out.append(r)
    return "".join(out)


def _fold_errors(e: UnicodeError):
    if not isinstance(e, UnicodeEncodeError):
        raise e
    return fold(e.object[e.start:e.end]), e.end


codecs.register_error(FOLD_ERRORS, _fold_errors)


class FoldedStream(io.TextIOWrapper):
    """A text stream over ``buffer`` in ``encoding`` that folds what it cannot write. It
    shows click no ``buffer`` (click would rewrap an ASCII stream as UTF-8, writing bytes
    the stream's reader does not take), and closing it leaves the buffer open (the stream
    it replaces still owns it)."""

    @property
    def buffer(self):
        raise AttributeError("buffer")

    def close(self):
        try:
            self.flush()
        except (OSError, ValueError):
            pass


def _is_utf(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "ascii").name.startswith("utf")
    except LookupError:
        return False


def fitted(stream):
    """``stream``, or a ``FoldedStream`` over its buffer when its encoding is not UTF (and
    it has a buffer); ``None`` stays ``None``."""
    if stream is None or _is_utf(getattr(stream, "encoding", None)):
        return stream
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return stream
    try:
        stream.flush()
    except (OSError, ValueError):
        return stream
    return FoldedStream(buffer, encoding=stream.encoding, errors=FOLD_ERRORS,
                        line_buffering=getattr(stream, "line_buffering", False),
                        write_through=True)


def fit_streams() -> None:
    """stdout and stderr fitted (``fitted``) to their encodings."""
    sys.stdout = fitted(sys.stdout)
    sys.stderr = fitted(sys.stderr)
