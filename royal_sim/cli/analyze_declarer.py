"""``royal-sim analyze --game harmas|modositott|troggu|droggn HAND --seat K``: the text of a
declarer game's analysis (``analysis.declarer_analysis``): each contract's and figure's
chance and the expected payment to the declarer, best first, within the terminal's width
(80 columns off a terminal); ``cli/analyze_game.py`` runs it."""

from __future__ import annotations

from ..format import fitted, number, percent
from .analyze_game import cap_note, deals_words, interrupted_note, page

RULE_WORDS = {"void": "the shortest suits' cards", "bank": "the suit cards of most points"}


def _figure(row) -> str:
    if row.id == "win":
        return "not most tricks" if row.contract.exchange == "mizer" else "game"
    return row.id


def _bid_line(result) -> str:
    """The recommended contract (with the exchange) in one line."""
    s = result.setting
    a = result.advice()
    mizer = (f"; all pass: mizer {number(a['mizer'], sign=True)}" if "mizer" in a else "")
    if "mizer_probability" in a:
        return (f"Mizer (all pass): not most tricks on {percent(a['mizer_probability'])}, "
                f"E[pay] {number(a['mizer'], sign=True)} (yours).")
    if a["bid"] == "pass":
        b = a["best"]
        kontra = ""
        if a["kontra"] and b["uncontested"] != b["expected_score"]:
            kontra = f" after kontra (uncontested {number(b['uncontested'], sign=True)})"
        return (f"Recommended: pass (0.0{mizer}); the best contract, "
                f"{_name(s, b['contract'])}, pays {number(b['expected_score'], sign=True)}"
                f"{kontra}.")
    c = next(c for c in s.contracts if c.id == a["contract"])
    parts = []
    if "take_pair_worth" in a:
        t = a["take_pair_worth"]
        parts.append("take the first skart pair seen" if t == 0 else
                     f"take the first skart pair worth {t}+ points (else the 5th view)")
    if "lay_away" in a:
        what = RULE_WORDS[a["lay_away"]]
        ex = f", now {a['example']}" if a.get("example") else ""
        parts.append(f"lay away {what}{ex}")
    if c.buy:
        parts.append("buy the highest tarokk you lack")
    then = (", ".join(parts) + ", then bid ") if parts else "bid "
    ann = f"; announce {', '.join(a['announce'])}" if a.get("announce") else ""
    if c.ulti:
        ann += f" (the {'pagát' if c.ulti == 'pagatulti' else 'skíz'} laid out)"
    kontra = ""
    if a["kontra"] and a["uncontested"] != a["expected_score"]:
        kontra = f" after their kontra (uncontested {number(a['uncontested'], sign=True)})"
    name = _name(s, a["bid"]) if c.ulti else c.name     # the bid, its ulti announced
    return (f"Recommended: {then}{name}: game won on {percent(a['probability'])}, "
            f"E[pay] {number(a['expected_score'], sign=True)}{kontra} (pass: 0.0{mizer})"
            f"{ann}.")


def _name(s, contract_id: str) -> str:
    """The name of the game's contract ``contract_id``, searched or not (``--contract
    super_mord_pagatulti`` bids ``super_mord``, which is not searched on its own)."""
    from ..analysis.declarer_deal import contracts_of

    return next(c.name for c in s.contracts + contracts_of(s.game.id) if c.id == contract_id)


def _leads(s) -> str:
    """Who leads trick 1, as searched: ``seat 1 leads``, and the mizer's leader where it
    differs (``seat 1 leads (the mizer: seat 2)``)."""
    from ..analysis.declarer_deal import leaders

    lead, mizer = leaders(s)
    also = f" (the mizer: seat {s.seat_name(mizer)})" if mizer not in (None, lead) else ""
    return f"seat {s.seat_name(lead)} leads{also}"


def _undecided_words(result) -> str:
    """The recommendation's caveat where deals past the node limit could change it
    (``advice()["undecided"]``): how many, and which contracts they could make the
    better."""
    a = result.advice()
    if not a.get("undecided"):
        return ""
    names = " or ".join(_name(result.setting, c) for c in a["could_beat"])
    than = "pass" if a["bid"] == "pass" else _name(result.setting, a["contract"])
    return (f" Undecided: {a['undecided_deals']} of {a['deals']} deals past the node limit "
            f"(counted as not made) could make {names} better than {than}: not a decided "
            "answer.")


def game_text(result, width: int | None = 80, every: bool = False) -> str:
    """The text ``analyze --game ID`` prints for a declarer game: the header, the
    recommended contract in one line, the rows best first (``every``: the figures made on
    no deal too, ``--all``), the footnotes; prose wrapped to ``width``."""
    s = result.setting
    g = s.game
    deals = deals_words(result, decided=result.decide)
    dec = "you" if s.declarer == s.seat else s.seat_name(s.declarer)
    dec = "no declarer (all pass: you alone)" if s.mizer_only else f"declarer {dec}"
    from ..analysis.declarer_deal import call_words

    call = call_words(s)
    lines = [f"{g.title}, {s.players} players: hand {s.deck.format_cards(s.hand)} at seat "
             f"{s.seat_name(s.seat)}; {dec}{'; ' + call if call else ''}; {deals}, seed "
             f"{result.seed}; double dummy, {_leads(s)}."]
    lines += [f"Warning: {w}." for w in s.warnings]
    lines.append(_bid_line(result) + _undecided_words(result))
    shown = [r for r in result.ranked() if r.made or r.id == "win" or every]
    stopped = len({r.deals for r in result.rows}) > 1     # rows stopped at their own looks
    body = []
    for r in shown:
        lo, hi = r.interval
        kontra = r.expected_kontra if r.expected_kontra != r.priced else None
        body.append([r.contract.name, _figure(r), percent(r.probability),
                     f"{percent(lo)} - {percent(hi)}"] + ([f"{r.deals:,}"] if stopped else [])
                    + [number(r.expected_announced if r.id == r.contract.ulti
                              else r.expected_score),
                       number(r.expected_announced), number(kontra)])
    headers = ["contract", "figure", "chance", "95% CI"] + (["deals"] if stopped else []) + \
        ["E[pay]", "announced", "kontra"]
    align = ("left", "left", "right", "left") + (("right",) if stopped else ()) + \
        ("right", "right", "right")
    # the prices the advice adds up (announced, kontra) before the deals column
    tab = fitted(body, headers, align, width, wrap=("contract", "95% CI"),
                 drop=("deals", "kontra", "announced"))
    notes = []
    if stopped:
        notes.append(f"A row is searched until its interval is within "
                     f"+-{result.precision * 100:g}%: its chance and E[pay] are of its deals "
                     + ("(the deals column where the width shows it, --json's deals; the "
                        "points above 54 bracketed on the game row's deals only)."
                        if s.game.id == "droggn" else "(the deals column where the width "
                        "shows it, --json's deals)."))
    stopped_at_10 = [r.contract.exchange == "mizer" for r in result.rows
                     if r.stopped == "decided"]
    decided = stopped_at_10.count(False)
    if decided:
        notes.append(f"{decided} rows stopped at +-10% (\"decided\", a 98% interval): their "
                     "contract's value is below the best choice's (passing: 0) by more than "
                     "1.96 standard errors, so more deals would not change the advice; "
                     "--precision 0.05 holds every row to +-5%.")
    if any(stopped_at_10):
        notes.append("The mizer row stopped at +-10% (a 98% interval): no advice reads it "
                     "(passing counts 0); --precision 0.05 or --contract mizer holds it to "
                     "+-5%.")
    gone = sum(1 for r in result.rows if r.stopped == "undecided")
    if gone:
        notes.append(f"{gone} rows stopped early: more than twice +-{result.precision * 100:g}% "
                     "of their deals are surely undecided, so their interval can never "
                     "settle and more deals would only cost (--json: \"stopped\": "
                     "\"undecided\").")
    hidden = len(result.rows) - len(shown)
    if hidden:
        notes.append(f"{hidden} figures made on no deal are not shown (--all or --json list "
                     "every one).")
    kontra_words = ("kontra: the defence doubles the game or an announced figure where its "
                    "mean is below 0 for the declarer (docs/games.md \"Kontra\"); contracts "
                    "ranked by the game plus each figure at its better price, after kontra"
                    if result.kontra else "contracts ranked by the game plus each figure at "
                    "its better price, uncontested (--option nokontra)")
    notes.append("E[pay]: the mean payment to the declarer from all opponents together "
                 "(the game row: the game's; a figure: silent, or announced: won its value, "
                 f"failed its loss); {kontra_words}. Not counted: the opponents' silent "
                 "figures and jelentések. Double dummy is optimistic for the declarer: the "
                 "coalition of the others sees every card too, but he would have to guess "
                 "(docs/games.md).")
    if any(c.ulti for c in s.contracts):
        notes.append("'+ pagátulti', '+ skízulti': the ulti announced, its card laid out "
                     "(played only as the only legal card, §6); the game and every figure of "
                     "that contract searched so; its ulti row's E[pay] is the announced one.")
    if any(c.exchange == "mizer" for c in s.contracts):
        notes.append("mizer (all pass): the seat alone; 'not most tricks' when he surely "
                     "takes fewer than his fair share of the tricks against the others "
                     "playing together to give him tricks (docs/games.md \"Mizer\"); E[pay] "
                     "his.")
    if result.chosen:
        notes.append("The exchange was chosen on a pilot set of deals: the lay-away rule "
                     "(and pair) of the best mean payment, the same for every deal.")
    if result.limits:
        rows = sum(1 for r in result.rows if r.undecided)
        notes.append(f"{result.limits} searches passed their node limit: undecided, their "
                     f"deals widen the intervals of {rows} rows (each either way; --json: "
                     "\"undecided\"); the chances and payments count them as not made.")
    notes.append(interrupted_note(result))
    if not result.interrupted:      # an interrupted run did not reach its cap
        # the rows the cap stopped: not those stopped decided or undecided at a look
        capped = [r for r in result.rows if r.stopped is None and r.deals >= result.samples]
        notes.append(cap_note(capped, result.precision, "rows'",
                              " (--samples raises the cap)"))
    return page(lines, tab, notes, width)
