"""Text output on a stream that is not UTF-8 (issue 50): every command writes what the stream
takes, the suit symbols as their letters and the accented names folded where the encoding
lacks them, never a traceback (PYTHONIOENCODING=cp1250 royal-sim slems was a
UnicodeEncodeError on '\\u2665')."""

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from royal_sim.cli import main
from royal_sim.cli.streams import fold

DEAL = ("XXII XX XVIII XVI XIV IX IV SK SQ HK / XI VI V II SN SJ CN C10 HQ HN / "
        "XXI X VIII VII I CJ HJ DK DQ DN / XIX XVII XV XIII XII III S10 CK CQ DJ")
HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"


def _commands(tmp_path):
    batch_in = tmp_path / "in.txt"
    batch_in.write_text(f"{HAND} @ A_IND\n", encoding="utf-8")
    return {
        "slems": ["slems"],
        "deal": ["deal", "--count", "2", "--seed", "5"],
        "solve": ["solve", ENDING, "--cards"],
        "analyze": ["analyze", "--example", "--samples", "42", "--all"],
        "advise": ["advise", "--example", "--samples", "42", "--top", "20"],
        "batch": ["batch", str(batch_in), "-o", str(tmp_path / "out.csv"), "--samples",
                  "42", "--summary"],
        "review": ["review", DEAL, "--play", "XXII XI XXI XIX | IV II I III",
                   "--attack-bids", "ultimo:IV", "--defence-bids", "gem"],
        "suggest": ["suggest", HAND, "--seat", "A_IND", "--attack-bids", "ultimo:IV",
                    "--worlds", "8"],
        "play": ["play", DEAL, "--attack-bids", "ultimo:IV", "--worlds", "4"],
    }


@pytest.mark.parametrize("command", ["slems", "deal", "solve", "analyze", "advise", "batch",
                                     "review", "suggest", "play"])
@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_every_command_writes_what_the_stream_takes(tmp_path, command, encoding):
    """The command's stdout and stderr, written to streams of ``encoding`` (as
    PYTHONIOENCODING gives them), decode in it; no traceback, exit code 0."""
    args = _commands(tmp_path)[command]
    r = CliRunner(charset=encoding).invoke(main, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 0, r.output
    out = r.stdout_bytes.decode(encoding)          # strict: every byte the stream takes
    r.stderr_bytes.decode(encoding)
    assert "Traceback" not in out and out.strip()


def test_folding_keeps_what_it_can_say():
    assert fold("♠K ♥ ♦ ♣") == "SK H D C"
    assert fold("Honőr, Négy király, ≤ 1 %, ±5, …") == "Honor, Negy kiraly, <= 1 %, +/-5, ..."


@pytest.mark.parametrize("encoding,folded,kept", [
    ("cp1250", "H D (4 cards each", "Honőr"),     # cp1250 has ő, not ♥
    ("cp1252", "H D (4 cards each", "Honor"),     # cp1252 has neither
    ("ascii", "H D (4 cards each", "Honor"),
])
def test_a_real_stream_of_another_encoding(encoding, folded, kept):
    """The installed command, its stdout a file of ``encoding``: exit 0, the bytes decode,
    symbols become letters and what the encoding has is kept."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    p = subprocess.run([sys.executable, "-m", "royal_sim.cli", "slems"], env=env,
                       capture_output=True, timeout=300)
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr
    text = p.stdout.decode(encoding)
    assert folded in text and kept in text


def _closing(fd: int):
    return lambda: os.close(fd)


def test_a_closed_stdout_is_one_error_line():
    """``royal-sim slems >&-``: Python's stdout is None; one error line, exit code 2 (was
    a traceback, exit 1)."""
    p = subprocess.run([sys.executable, "-m", "royal_sim.cli", "slems"],
                       stderr=subprocess.PIPE, preexec_fn=_closing(1), timeout=300)
    assert p.returncode == 2, p.stderr
    assert p.stderr.decode().strip() == ("Error: cannot write the output: standard output "
                                         "is closed")


def test_a_closed_stderr_still_gives_the_output():
    """``2>&-``: the notes and progress lines are dropped, the table is written, exit 0
    (was exit 1 and nothing on stdout)."""
    p = subprocess.run([sys.executable, "-m", "royal_sim.cli", "analyze",
                        "XXII XX XVIII XVI XIV IX IV SK SQ HK", "--seat", "A_IND",
                        "--samples", "5", "--jobs", "1", "--only", "gem"],
                       stdout=subprocess.PIPE, preexec_fn=_closing(2), timeout=300)
    assert p.returncode == 0
    assert b"Gem" in p.stdout or "Gém".encode() in p.stdout
