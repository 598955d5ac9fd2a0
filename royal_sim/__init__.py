"""royal-sim: double-dummy hand analyzer and bid advisor for royal tarokk.

The Python face (``royal_sim.api``), on the notation players write::

    import royal_sim
    report = royal_sim.analyze("XXII XX XVIII XVI XIV IX IV SK SQ HK", "A_IND", samples=200)
    print(report.slems[0].id, report.slems[0].probability)

``analyze`` and ``advise`` return reports whose ``to_json()`` is what the command line's
``--json`` prints; ``solve`` the double-dummy result of a deal or an ending; ``review``, ``suggest`` and
``play`` the card-by-card answers (a game reviewed, a card suggested, a deal played out
at the table). The package is
imported lazily: ``import royal_sim`` loads the search kernels only when one is called.
"""

__version__ = "0.1.0"

__all__ = ["analyze", "advise", "solve", "suggest", "review", "play", "AnalysisReport", "AdviceReport",
           "SlemRow", "PositionResult", "RoyalSimError"]


def __getattr__(name: str):
    if name == "RoyalSimError":
        from .errors import RoyalSimError
        return RoyalSimError
    if name == "api" or name in __all__:
        import importlib
        api = importlib.import_module(".api", __name__)
        return api if name == "api" else getattr(api, name)
    raise AttributeError(f"module 'royal_sim' has no attribute {name!r}")
