"""``royal-sim analyze --game belote HAND --turned CARD --seat S``: the text of classic
belote's take decision (``analysis.belote_take``) within the terminal's width;
``cli/analyze_game.py`` runs it."""

from __future__ import annotations

from ..format import fitted, number, percent
from .analyze_game import deals_words, page


def game_text(result, width: int | None = 80, every: bool = False) -> str:
    """The header, the two rounds' advice in two lines, one row a trump (its chance made
    and of capot with their intervals, E[score] of taking), the footnotes; ``every`` is
    accepted for the command's ``--all`` (every trump is always shown)."""
    s = result.setting
    g = s.game
    deck = g.deck(g.setup(trump="S"))
    hand = deck.format_cards(s.hand & ~(1 << result.turned))
    turned = deck.format_cards(1 << result.turned)
    deals = deals_words(result, decided=result.decide)
    lines = [f"Belote: hand {hand} at {s.seat_name(s.seat)}, {turned} turned (pair "
             f"{s.pair}); {deals}, seed {result.seed}; double dummy, "
             f"{s.seat_name(s.leader)} leads trick 1."]
    if s.facts:
        lines.append("Known: " + "; ".join(s.facts) + ".")
    advice = result.advice()
    one, two = advice["round1"], advice["round2"]
    lines.append(f"Round 1: {'take' if one['bid'] == 'take' else 'pass'} ({one['trump']} "
                 f"trumps: made {percent(one['probability'])}, E[score] "
                 f"{number(one['expected_score'], sign=True)}; pass 0.0).")
    lines.append(f"Round 2: {'name ' + two['trump'] if two['bid'] != 'pass' else 'pass'} "
                 f"(the best other trump, {two['trump']}: made "
                 f"{percent(two['probability'])}, E[score] "
                 f"{number(two['expected_score'], sign=True)}; pass 0.0).")
    body = []
    for r in result.rows:
        (lo, hi), (clo, chi) = r.made_interval, r.capot_interval
        body.append([r.trump, str(r.round), percent(r.probability),
                     f"{percent(lo)} - {percent(hi)}", percent(r.capot / r.deals),
                     f"{percent(clo)} - {percent(chi)}", number(r.expected_score)])
    headers = ["trump", "round", "made", "CI", "capot", "CI ", "E[score]"]
    align = ("left", "right", "right", "left", "right", "left", "right")
    tab = fitted(body, headers, align, width, wrap=("CI", "CI "), drop=("CI ", "capot"))
    notes = ["CI: the 95% interval (98% for a decided trump). E[score]: the mean over the "
             "deals of the taker's pair's score minus the defence's if the seat takes "
             "with this trump (belote, house rules: made, each pair its points; dedans, "
             "the defence 162; belote counted, no declarations); passing scores 0. Made: "
             "strictly ahead (82 of 162, 66 of 130 without trumps). The taker gets the "
             "turned card and 2 more, the others 3 more: those are sampled. Double dummy "
             "is optimistic for the side that would have to guess (docs/belote.md)."]
    decided = [f"{r.trump} on {r.deals}" for r in result.rows if r.stopped == "decided"]
    if decided:
        notes.append(f"Decided ({', '.join(decided)} deals): taking with this trump is "
                     "told apart from passing (or within a point of it) by 1.96 standard "
                     "errors; its "
                     "figures stopped at +-10% (98% intervals). --precision 0.05 holds "
                     "every trump to +-5%.")
    if result.interrupted:
        notes.append(f"Interrupted: the figures are of the {result.deals:,} deals of the "
                     "rounds finished.")
    return page(lines, tab, notes, width)
