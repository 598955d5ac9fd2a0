"""The ``royal-sim`` command line: thin click commands over the library, one a module
(``deal``, ``solve``, ``analyze``, ``advise``, ``slems``, ``batch``, ``review``, ``suggest``,
``play``); ``common`` holds the
error handling and shared options, ``progress`` the progress display.

Every user error (``RoyalSimError``) is printed as one line ``Error: …`` naming the flags
and exits with code 2, never a traceback.
"""

from __future__ import annotations

import click

from .advise import advise_command
from .analyze import analyze_command
from .batch import batch_command
from .common import OneLineErrors
from .deal import deal_command
from .play import play_command
from .review import review_command
from .score import score_command
from .suggest import suggest_command
from .slems import slems_command
from .solve import solve_command


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="royal-sim")
def main():
    """Royal tarokk double-dummy analyzer and bid advisor.

    Double-dummy figures assume every player sees all cards: they are optimistic for the
    side that would have to guess.
    """


for _command in (deal_command, solve_command, analyze_command, advise_command,
                 slems_command, batch_command, review_command, suggest_command, play_command,
                 score_command):
    main.add_command(_command)
