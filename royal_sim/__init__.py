"""royal-sim: double-dummy hand analyzer and bid advisor for royal tarokk."""

__version__ = "0.1.0"
