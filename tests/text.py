"""Reading the text output in tests: prose is wrapped to 80 columns (``royal_sim.format.fill``),
its continuation lines indented by two spaces."""

import re


def unfold(text: str) -> list[str]:
    """The lines of ``text`` with each wrapped paragraph on one line again: a line starting
    with two spaces and a word goes on the line above when that one starts with a word
    (not a table's rule or row that starts with a space)."""
    out: list[str] = []
    for line in text.splitlines():
        if (out and re.match(r"  \S", line) and re.match(r"[^\s-]", out[-1])):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out
