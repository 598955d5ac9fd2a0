"""analyze's final screen in an 80x24 terminal (issue 50, point 8): the fitted view is taller
than the terminal, so its first lines (the recommendation) scroll off; the recommendation is
said again last."""

import os
import pty
import re
import subprocess
import sys


HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"


def run_on_a_terminal(args, columns=80, lines=24) -> str:
    """stdout of ``royal-sim ARGS`` written to a pseudo-terminal of ``columns`` x ``lines``
    (stderr apart), its escape sequences taken out."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": str(lines), "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "royal_sim.cli", *args], stdout=follower,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            got = os.read(leader, 65536)
        except OSError:             # the follower closed: the process is done
            break
        if not got:
            break
        chunks.append(got)
    proc.wait(timeout=600)
    os.close(leader)
    assert proc.returncode == 0
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    text = re.sub(r"\x1b\[[?0-9;]*[A-Za-z]", "", text)
    return text.split("\r")[-1]             # (the live view's last drawing is cleared)


def test_the_recommendation_is_said_again_last_on_a_short_terminal():
    out = run_on_a_terminal(["analyze", HAND, "--seat", "A_IND", "--samples", "42"])
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) > 23                      # taller than the terminal
    assert lines[0].startswith("Bid ")          # the view starts with it ...
    about = next(i for i, x in enumerate(lines) if x.startswith(HAND))
    last = max(i for i, x in enumerate(lines) if x.startswith("Bid "))
    assert last > about
    # ... and ends with it, the same words (wrapped with an indent)
    assert " ".join(lines[:about]).split() == " ".join(lines[last:]).split()
    assert max(len(x) for x in lines) <= 80


def test_a_short_screen_says_it_once():
    out = run_on_a_terminal(["analyze", HAND, "--seat", "A_IND", "--samples", "42",
                             "--only", "gem,kassza"], lines=60)
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) < 59 and lines[0].startswith("Bid ")
    assert sum(x.startswith("Bid ") for x in lines) == 1
