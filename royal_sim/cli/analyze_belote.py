"""``royal-sim analyze --game coinche HAND --seat S``: the text of the chance and the
expected score of each coinche contract for a hand (``analysis.belote_analysis``), within
the terminal's width (80 columns off a terminal); ``cli/analyze_game.py`` runs it."""

from __future__ import annotations

from ..format import fitted, number, percent
from .analyze_game import cap_note, deals_words, page


def recommendation(result) -> str:
    """The advice in one line: the bid (or pass, or coinche) with its chance and interval,
    its expected score and passing's."""
    advice = result.advice()
    base = number(advice["baseline"]["expected_score"], sign=True)
    if advice["id"] is None and advice.get("opponents"):
        s = result.setting
        return (f"Their best choice (the opponents' pair {s.pair}, "
                f"{s.seat_name(s.declarer)} taking; not yours): pass, no contract of theirs "
                f"scores above 0.")
    if advice["id"] is None:
        words = {"pass": "pass", "coinche": "coinche"}[advice["bid"]]
        better = [r for r in result.ranked() if r.biddable]
        tail = (f"; the best bid, {better[0].bid}, has E[score] "
                f"{number(better[0].expected_score, sign=True)}" if better else "")
        return (f"Recommended: {words} (E[score] {number(advice['expected_score'], sign=True)}"
                f"; pass {base}){tail}.")
    row = next(r for r in result.rows if r.id == advice["id"] and r.trump == advice["trump"])
    lo, hi = row.interval
    if advice.get("opponents"):
        s = result.setting
        who = s.seat_name(s.declarer)
        return (f"Their best bid (the opponents' pair {s.pair}, {who} taking; not a bid of "
                f"yours): {row.bid}, made on {percent(row.probability)} of the deals (95% CI "
                f"{percent(lo)} - {percent(hi)}), E[score] "
                f"{number(row.expected_score, sign=True)} for them (their pass: {base}). To "
                f"answer a bid of theirs: --their-bid BID --declarer {who}.")
    return (f"Recommended: {row.bid}, made on {percent(row.probability)} of the deals (95% "
            f"CI {percent(lo)} - {percent(hi)}), E[score] "
            f"{number(row.expected_score, sign=True)} (pass: {base}).")


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
    deals = deals_words(result, "contract", decided=result.decide)
    taker = ("your bids' declarer" if result.standing and not result.standing.standing.ours
             else "their declarer" if s.declarer % 2 != s.seat % 2 else "declarer")
    lines = [f"Coinche: hand {deck.format_cards(s.hand)} at {s.seat_name(s.seat)}; {taker} "
             f"{s.seat_name(s.declarer)} (pair {pair}); {deals}, seed {result.seed}; double "
             f"dummy, {s.seat_name(s.leader)} leads trick 1."]
    if s.facts:
        lines.append("Known: " + "; ".join(s.facts) + ".")
    st = result.standing
    if st is not None:
        lo, hi = st.interval
        whose = "your partner's" if st.standing.ours else f"{s.seat_name(st.standing.declarer)}'s"
        line = (f"Standing: {whose} {st.standing.contract}, made on "
                f"{percent(st.made / st.deals)} (95% CI {percent(lo)} - {percent(hi)}); "
                f"passing scores {number(st.pass_score, sign=True)}")
        if st.coinche_score is not None:
            line += f", coinche {number(st.coinche_score, sign=True)}"
        lines.append(line + "; a bid must be higher.")
    lines.append(recommendation(result))
    shown = [r for r in result.ranked() if (r.made and r.biddable) or every]
    body = []
    for r in shown:
        lo, hi = r.interval
        body.append([r.trump, _contract(r) + ("" if r.biddable else " *"),
                     percent(r.probability), f"{percent(lo)} - {percent(hi)}",
                     number(r.expected_score), number(r.expected_score_plain),
                     number(r.expected_score_coinche)])
    headers = ["trump", "contract", "chance", "CI", "E[score]", "alone", "coinché"]
    align = ("left", "left", "right", "left", "right", "right", "right")
    tab = fitted(body, headers, align, width, wrap=("CI", "contract"),
                 drop=("alone", "coinché"))
    notes = []
    hidden = len(result.rows) - len(shown)
    if hidden:
        above = " or not above the standing one" if st else ""
        notes.append(f"{hidden} contracts made on no deal{above} are not shown (--all or "
                     "--json list every one).")
    if every and st is not None:
        notes.append("*: not above the standing contract (not a bid).")
    notes.append(f"CI: the 95% interval (98% for a decided contract). E[score]: the mean "
                 f"over the deals of the taker's pair's ({pair}) score "
                 "minus the defence's for this contract (coinche scoring, house rules: "
                 "points + contract made, the defence 160 + contract if not; belote counted, "
                 "no declarations), the lower of 'alone' and 'coinché' (x2): the defence "
                 "coinches where that scores better for it. Passing plays the standing "
                 "contract (0 without one). Made: the pair reaches the contract and finishes "
                 "strictly ahead, capot all 8 tricks, générale all 8 by the declarer. Double "
                 "dummy is optimistic for the side that would have to guess "
                 "(docs/belote.md).")
    decided = sum(r.stopped == "decided" for r in result.rows)
    if decided:
        notes.append(f"{decided} contracts stopped at +-10% (\"decided\", a 98% interval): "
                     "their E[score] is below the best choice's by more than 1.96 standard "
                     "errors, so more deals would not change the advice; --precision 0.05 "
                     "holds every contract to +-5%. A trump is searched until all its "
                     "contracts stop: the deals of a row are the first ones drawn.")
    if result.interrupted:
        notes.append(f"Interrupted: the figures are of the {result.deals:,} deals of the "
                     "rounds finished.")
    notes.append(cap_note([r for r in result.rows if r.stopped == "samples"],
                          result.precision, "contracts'"))
    return page(lines, tab, notes, width)
