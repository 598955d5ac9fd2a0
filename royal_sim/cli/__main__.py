"""``python -m royal_sim.cli``: the command line."""

import sys

from . import main

sys.exit(main())
