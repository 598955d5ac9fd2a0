"""``royal-sim analyze --game coinche HAND --seat S``: the text of the chance and the
expected score of each coinche contract for a hand (``analysis.belote_analysis``), within
the terminal's width (80 columns off a terminal); ``cli/analyze_game.py`` runs it."""

from __future__ import annotations

from ..format import fill, fitted, number, percent


def _contract(row) -> str:
    return "générale" if row.id == "generale" else row.id


def game_text(result, width: int | None = 80, every: bool = False) -> str:
    """The text ``analyze --game coinche`` prints: the header, the recommended bid in one
    line, the contracts made on some deal (``every``: all of them, ``--all``) best first,
    the footnotes; prose wrapped to ``width``."""
    s = result.setting
    g = s.game
    deck = g.deck(g.setup(trump="S"))
    pair = s.pair
    if result.precision is None:
        deals = f"{result.deals:,} deals"
    else:
        rounds = f"{result.rounds} round{'s' if result.rounds != 1 else ''}"
        deals = (f"{result.deals:,} deals in {rounds} (every contract until "
                 f"+-{result.precision * 100:g}%, at most {result.samples:,})")
    lines = [f"Coinche: hand {deck.format_cards(s.hand)} at {s.seat_name(s.seat)}; declarer "
             f"{s.seat_name(s.declarer)} (pair {pair}); {deals}, seed {result.seed}; double "
             f"dummy, {s.seat_name(s.leader)} leads trick 1."]
    if s.facts:
        lines.append("Known: " + "; ".join(s.facts) + ".")
    advice = result.advice()
    if advice["bid"] == "pass":
        best = result.ranked()[0]
        lines.append(f"Recommended: pass (E[score] 0.0); the best bid, {best.bid}, has "
                     f"E[score] {number(best.expected_score, sign=True)}.")
    else:
        row = next(r for r in result.rows if r.id == advice["id"]
                   and r.trump == advice["trump"])
        lo, hi = row.interval
        lines.append(f"Recommended: {row.bid}, made on {percent(row.probability)} of the "
                     f"deals (95% CI {percent(lo)} - {percent(hi)}), E[score] "
                     f"{number(row.expected_score, sign=True)} (pass: 0.0).")
    shown = [r for r in result.ranked() if r.made or every]
    body = []
    for r in shown:
        lo, hi = r.interval
        body.append([r.trump, _contract(r), percent(r.probability),
                     f"{percent(lo)} - {percent(hi)}", number(r.expected_score),
                     number(r.expected_score_coinche)])
    headers = ["trump", "contract", "chance", "95% CI", "E[score]", "E[score] coinché"]
    align = ("left", "left", "right", "left", "right", "right")
    tab = fitted(body, headers, align, width, wrap=("95% CI",), drop=())
    notes = []
    hidden = len(result.rows) - len(shown)
    if hidden:
        notes.append(f"{hidden} contracts made on no deal are not shown (--all or --json "
                     "list every one).")
    notes.append(f"E[score]: the mean over the deals of the taker's pair's ({pair}) score "
                 "minus the defence's, bidding this contract alone (coinche scoring, house "
                 "rules: points + contract made, the defence 160 + contract if not; belote "
                 "counted, no declarations), not coinched and coinched (x2); passing scores "
                 "0. Made: the pair reaches the contract and finishes strictly ahead, capot "
                 "all 8 tricks, générale all 8 by the declarer. Double dummy is optimistic "
                 "for the side that would have to guess (docs/belote.md).")
    if result.precision is not None:
        wide = [r for r in result.rows
                if (r.interval[1] - r.interval[0]) / 2 > result.precision + 1e-12]
        if wide:
            notes.append(f"Cap reached: {len(wide)} contracts' intervals are wider than "
                         f"+-{result.precision * 100:g}%.")
    return "\n".join([fill(line, width, "  ") for line in lines] + [tab]
                     + [fill(line, width, "  ") for line in notes])
