"""``royal-sim analyze --game vier-anderle|strohmandli HAND --seat K``: the text of a hand of a
game without a declarer (``analysis.each_analysis``), within the terminal's width (80 columns
off a terminal); ``cli/analyze_game.py`` runs it."""

from __future__ import annotations

from ..format import fitted, number, percent
from .analyze_game import cap_note, deals_words, interrupted_note, page


def game_text(result, width: int | None = 80, every: bool = False) -> str:
    """The text ``analyze`` prints for Vier-Anderle or Strohmandli: the header, the advice in
    one line, the table, the footnotes; prose wrapped to ``width``. ``every`` (``--all``):
    Vier-Anderle also lists the chance of exactly each trick count."""
    s = result.setting
    head, advice, body, notes = (_tricks if s.kind == "tricks" else _figures)(result, width,
                                                                                every)
    return page(head + [advice], body, notes, width)


def _deals(result) -> str:
    return deals_words(result, "paranoid figure")


def _span(pair, sign: bool = False) -> str:
    """A range of expected points (``[lo, hi]``) as one number when its ends agree."""
    if pair is None:
        return "?"
    lo, hi = (number(x, 2, sign=sign) for x in pair)
    return lo if lo == hi else f"{lo} to {hi}"


def _interval(row) -> str:
    lo, hi = row.interval
    return f"{percent(lo)} - {percent(hi)}"


def _tricks(result, width, every):
    s = result.setting
    g = s.game
    opts = f", options {', '.join(sorted(s.setup.flags))}" if s.setup.flags else ""
    stay = ", ".join(s.seat_name(x) for x in s.seats)
    head = [f"{g.title}: hand {s.hand_text()} at seat {s.seat_name(s.seat)} of "
            f"{s.setup.players}; playing: {stay}{opts}; pot {s.pot} ({s.pot // 4} a trick); "
            f"{_deals(result)}, seed {result.seed}; double dummy, seat "
            f"{s.seat_name(s.seats[s.leader])} leads."]
    a = result.advice()
    if a["ev_stay"] is None:
        advice = "Advice: none (no deal searched)."
    else:
        word = "either (stay and drop pay alike)" if a["advice"] == "either" else a["advice"]
        advice = (f"Advice: {word}: E[tricks] {number(a['expected_tricks'], 2)}, no "
                  f"trick {percent(a['p_no_trick'])}, EV(stay) "
                  f"{number(a['ev_stay'], 2, sign=True)} units (drop: 0), against the "
                  "coalition")
        m = a["maxn"]
        if m["ev_stay"] is not None:
            advice += (f"; each for himself E[tricks] {number(m['expected_tricks'], 2)}, "
                       f"EV(stay) {number(m['ev_stay'], 2, sign=True)}")
        advice += "."
    readings = [r for r in ("paranoid", "maxn") if any(x.reading == r for x in result.rows)]
    headers, align = ["tricks"], ["left"]
    for r in readings:
        word = "coalition" if r == "paranoid" else "each for himself"
        headers += [f"{word}", f"95% CI ({word})"]
        align += ["right", "left"]
    body = []
    ids = [("tricks", k) for k in range(1, 5)]
    if every:
        ids += [("tricks_exactly", k) for k in range(5)]
    for rid, k in ids:
        line = [f"at least {k}" if rid == "tricks" else f"exactly {k}"]
        for r in readings:
            row = result.row(rid, k, r)
            line += [percent(row.probability), _interval(row)]
        body.append(line)
    tab = fitted(body, headers, align, width, wrap=tuple(h for h in headers if "CI" in h),
                 drop=tuple(h for h in headers if "CI" in h))
    notes = ["Coalition: your most tricks when every other stayer plays against you, all cards "
             "seen (the paranoid reading, spec §0): the pessimistic bound. Each for himself: "
             "every seat plays for its own most tricks, between equal cards the one worst for "
             "you (max^n); never below the coalition's figure on a deal. Double dummy is "
             "optimistic for whoever would have to guess (docs/games.md)."]
    if "maxn" not in readings:
        from ..analysis.each_analysis import MAXN_SEATS

        notes.append(f"Each for himself is searched for at most {MAXN_SEATS} stayers "
                     "(--stayers): not here.")
    unknown = max((r.unknown for r in result.rows if r.reading == "maxn"), default=0)
    if unknown:
        notes.append(f"Each for himself: {unknown} deals past the search's limit, in the "
                     "intervals both ways.")
    notes.append(f"EV(stay) = E[tricks] x floor(pot/4) - P(no trick) x pot (spec §1), pot "
                 f"{s.pot} units (--pot; default an empty pot's: 1 a player, 2 each with 3).")
    if not every:
        notes.append("--all adds the chance of exactly each trick count; --json every row.")
    notes.append(interrupted_note(result))
    if not result.interrupted:      # an interrupted run did not reach its cap
        notes.append(cap_note([r for r in result.rows if r.reading == "paranoid"
                               and r.id == "tricks"], result.precision, "paranoid rows'"))
    return head, advice, tab, notes


def _figures(result, width, every):
    from ..analysis.each_analysis import STROHMANDLI_DEALS

    s = result.setting
    g = s.game
    names = {f.id: f.name for f in g.figures()}
    head = [f"{g.title}: {s.hand_text()} at seat {s.seat_name(s.seat)} of "
            f"{s.setup.players}; {_deals(result)}, seed {result.seed}; each figure searched "
            f"alone, you against the rest, double dummy knowing the piles' order; "
            f"{s.table} values, {s.rule} rule."]
    unseen = [s.seat_name(x) for x in range(s.setup.players) if s.seen[x] is None]
    if unseen:          # the tops lie face up: a player sees them, the analysis deals them
        whose = ("yours" if unseen == [s.seat_name(s.seat)] else
                 ("seat " if len(unseen) == 1 else "seats ") + ", ".join(unseen))
        head[0] += (f" Piles not given ({whose}): their tops dealt at random too (give the "
                    "tops you see after '|').")
    e = result.expected_points()
    others = list(dict.fromkeys(r.seat for r in result.rows if r.seat is not None))
    only = "" if others else "; your figures only"
    if e is None:
        advice = "Expected result points: none (no deal searched)."
    elif e[0] == e[1]:
        advice = f"Expected result points: {number(e[0], 2)} ({only[2:] or 'yours'})."
    else:
        advice = (f"Expected result points: {number(e[0], 2)} to {number(e[1], 2)} (the "
                  f"figures past the search's limit as missed, as made{only}).")
    if e is not None and others:
        advice = advice[:-1] + "; " + "; ".join(
            f"seat {o['seat']}'s {_span(o['expected_result_points_range'])}, yours less "
            f"its {_span(o['difference_range'], sign=True)}"
            for o in result.others_points()) + "."
    body = []
    for r in (r for r in result.rows if r.seat is None):
        p = r.probability
        line = [names.get(r.id, r.id), percent(p, blank="?"), _interval(r),
                str(r.unknown) if r.unknown else "", str(r.value or "-"),
                number(None if p is None else p * (r.value or 0), 2, blank="?")]
        for name in others:
            o = next(x for x in result.rows if x.seat == name and x.id == r.id)
            line += [percent(o.probability, blank="?") + ("*" if o.unknown else ""),
                     number(None if o.probability is None else o.probability * (o.value or 0),
                            2, blank="?")]
        body.append(line)
    headers = ["figure", "chance", "95% CI", "past limit", "value", "E[points]"]
    align = ["left", "right", "left", "right", "right", "right"]
    for name in others:
        headers += [f"seat {name}", f"E[{name}]"]
        align += ["right", "right"]
    tab = fitted(body, headers, align, width, wrap=("95% CI", "figure"),
                 drop=("past limit", "value"))
    from ..analysis.each_announce import MAX_NODES as ANNOUNCE_NODES

    bej = (f" (announcements: {ANNOUNCE_NODES:,})" if any(r.id == "fej" for r in result.rows)
           else "")
    notes = [f"Chance: of the deals decided; 95% CI spans the {result.max_nodes:,}-node{bej} "
             "limit's undecided deals both ways. Each figure is its own best line (making one "
             "need not leave the others); "
             + ("the other seats' figures are their own against the rest on the same deals "
                "(* some past the limit), " if others else
                "--option others adds the other seats' figures (as much time again), ")
             + "the minimax result-point difference only by solve on endings of at most 8 "
             "tricks. The original table's on-lead announcements (Fej, Tulétroá, Négy "
             "király) are searched with --option original: can you come to lead holding the "
             "set (docs/games.md)."]
    if result.precision is None and result.samples == STROHMANDLI_DEALS:
        notes.append(f"{STROHMANDLI_DEALS} deals by default: a full deal takes about a second "
                     "(--samples N for more; with --precision, N is the cap).")
    if result.deepening_interrupted:
        left = sum(r.unknown for r in result.rows)
        notes.append(f"Interrupted while the figures past the limit were searched again "
                     f"deeper: every deal searched, {left} figure verdicts still past the "
                     "limit (in the intervals both ways).")
    else:
        notes.append(interrupted_note(result))
    return head, advice, tab, notes
