"""Tables across a batch's rows (``royal-sim batch --summary``)."""

from __future__ import annotations

from typing import Sequence

from .. import slems as S
from ..format import fill, fitted, number, percent
from .rows import ADVICE, CARD_ROW, MAX_TRICKS_ROW, REVIEW_ROW, SEAT_ROW, TABLE_ROW


def summary(rows: Sequence[dict], width: int | None = None) -> str:
    """Tables across a batch's rows: per seat's pair (attack, defence) and slem, over the
    hand inputs that can bid it, the mean probability (± its standard error across inputs;
    ``<=`` when some are upper bounds of a relaxed search) and the mean gain over no bid of
    bidding it alone; per pair, the recommended sets (``advice`` rows): hands, mean no-bid
    score, mean gain of the recommended set, how many bid something; over the deal inputs
    it was searched on, how often each pair can force each slem (any parameter); with
    ``--table``, per pair and bid of the recommended sets its rate double dummy and at the
    table over all the games played, with the paired counts; then the
    distribution of max tricks (hands: over all sampled deals, the hand's pair; deals: the
    attack); over the record inputs, per seat the tricks and bids its cards cost and how
    many of its cards cost something, and per pair the announced bids forced at the end;
    for the hands of other games, each one's advice (``_game_table``).
    ``width``: the tables and lines fitted to that many columns (``None``: lines whole)."""
    import math

    hand_p: dict[tuple[str, str], list[float]] = {}
    hand_gain: dict[tuple[str, str], list[float]] = {}
    advice: dict[str, list[dict]] = {}
    tabled: dict[tuple[str, str], list[int]] = {}   # (pair, bid) -> [games, dd, table, ...]
    deal_made: dict[str, dict[tuple[str, str], bool]] = {}
    hand_tricks = [0] * 11
    deal_tricks = [0] * 11
    hand_ids, deal_ids = set(), set()
    bounded: set[tuple[str, str]] = set()   # (pair, slem) with an upper-bound hand row
    order: dict[str, None] = {}
    record_ids: set[str] = set()
    seat_cost: dict[str, list[int]] = {}        # seat -> [records, tricks, bids, cards]
    record_bids: dict[str, list[int]] = {}      # pair -> [announced, forced at the end]
    games: list[dict] = []                      # the advice rows of the other games
    for r in rows:
        if r["kind"] == "record":
            _record_row(r, record_ids, seat_cost, record_bids)
            continue
        if r["kind"] == "game":
            if r["slem"] == ADVICE:
                games.append(r)
            continue
        if r["slem"] == MAX_TRICKS_ROW:
            if r["kind"] == "hand":
                hand_ids.add(r["id"])
                for tok in (r["tricks_dist"] or "").split():
                    k, n = tok.split(":")
                    hand_tricks[int(k)] += int(n)
            elif r["pair"] == "attack":
                deal_ids.add(r["id"])
                deal_tricks[int(r["tricks"])] += 1
            continue
        if r["slem"] == ADVICE:
            advice.setdefault(r["pair"], []).append(r)
            continue
        if r["slem"] == TABLE_ROW:
            got = tabled.setdefault((r["pair"], r["bids"]), [0, 0, 0, 0, 0, 0])
            dd = r["made"] + r["dd_only"] - r["table_only"]   # made double dummy
            for i, n in enumerate((1, r["deals"], dd, r["made"], r["dd_only"],
                                   r["table_only"])):
                got[i] += int(n)
            continue
        order.setdefault(r["slem"])
        if r["kind"] == "hand":
            key = (r["pair"], r["slem"])
            hand_p.setdefault(key, []).append(float(r["probability"]))
            if r.get("gain") is not None:
                hand_gain.setdefault(key, []).append(float(r["gain"]))
            if r["bound"]:
                bounded.add(key)
        else:
            d = deal_made.setdefault(r["slem"], {})
            key = (r["id"], r["pair"])
            d[key] = d.get(key, False) or bool(r["made"])
    parts = [f"{len(hand_ids)} hand input(s), {len(deal_ids)} deal input(s)"
             + (f", {len(record_ids)} record input(s)" if record_ids else "")
             + (f", {len(games)} input(s) of other games" if games else "")]
    pairs = [p for p in ("attack", "defence") if any(k[0] == p for k in hand_p)]
    if hand_p:
        table = []
        for pair in pairs:       # best first: by the mean gain (silent slems last)
            gain = {sid: _mean_se(hand_gain[(pair, sid)])[0] if hand_gain.get((pair, sid))
                    else -math.inf for sid in order}
            for sid in sorted(order, key=lambda sid: -gain[sid]):
                ps = hand_p.get((pair, sid))
                if not ps:
                    continue
                m, se = _mean_se(ps)
                gains = hand_gain.get((pair, sid), [])
                table.append([pair, sid, S.SLEMS[sid].value, len(ps),
                              ("<=" if (pair, sid) in bounded else "") + percent(m),
                              percent(se), number(_mean_se(gains)[0], sign=True)
                              if gains else ""])
        notes = ["hands: the hand inputs of the pair that can bid the slem; mean gain: of "
                 "bidding it alone, over no bid, on the hands where it can be bid"]
        if any(bounded):
            notes.append("<=: the mean includes upper bounds (relaxed searches below 1 %)")
        parts.append(fitted(table, ["pair", "slem", "value", "hands", "mean probability",
                                       "± s.e.", "mean gain"],
                               ["left", "left", "right", "right", "right", "right", "right"],
                               width)
                     + "".join(f"\n{fill(n, width, '  ')}" for n in notes))
    if advice:
        table = []
        for pair in ("attack", "defence"):
            got = advice.get(pair, [])
            if got:
                table.append([pair, len(got),
                              number(_mean_se([float(r["nobid"]) for r in got])[0]),
                              number(_mean_se([float(r["gain"]) for r in got])[0], sign=True),
                              sum(1 for r in got if r["bids"])])
        parts.append("Recommended sets (advise's line, the advice rows)\n" + fitted(
            table, ["pair", "hands", "mean no-bid", "mean gain", "bidding"],
            ["left", "right", "right", "right", "right"], width))
    if tabled:
        table = [[pair, bid, h, g, percent(dd / g), percent(tb / g), do, to]
                 for (pair, bid), (h, g, dd, tb, do, to) in sorted(tabled.items())]
        parts.append("Recommended bids played out at the table (PIMC; the table rows)\n"
                     + fitted(table, ["pair", "bid", "hands", "games", "double dummy",
                                         "table", "dd only", "table only"],
                                 ["left", "left"] + ["right"] * 6, width))
    if deal_ids:    # over the deal inputs it was searched on (endings may leave it out)
        table = []
        for sid in order:
            made = deal_made.get(sid, {})
            if not made:
                continue
            row = [sid, S.SLEMS[sid].value]
            for pair in ("attack", "defence"):
                got = [v for (_i, p), v in made.items() if p == pair]
                row.append(f"{sum(got)} of {len(got)}" if got else "")
            table.append(row)
        parts.append(fitted(table, ["slem", "value", "deals: attack makes",
                                       "deals: defence makes"],
                               ["left", "right", "right", "right"], width)
                     + "\n" + fill("deals: of the deal inputs on which the slem was searched "
                                   "(an ending leaves out slems decided before it)", width,
                                   "  "))
    theaders = ["tricks"]
    tot_h, tot_d = sum(hand_tricks), sum(deal_tricks)
    if tot_h:
        theaders += ["hands: sampled deals", "share"]
    if tot_d:
        theaders += ["deals (attack)", "share"]
    trows = []
    for k in range(11):
        if not (hand_tricks[k] or deal_tricks[k]):
            continue
        row = [k]
        if tot_h:
            row += [hand_tricks[k], percent(hand_tricks[k] / tot_h)]
        if tot_d:
            row += [deal_tricks[k], percent(deal_tricks[k] / tot_d)]
        trows.append(row)
    if trows:
        parts.append(fill("Max tricks the pair can force (hands: the hand's pair over its "
                          "sampled deals; deals: the attack)", width, "  ") + "\n"
                     + fitted(trows, theaders, ["right"] * len(theaders), width))
    if record_ids:
        parts.append(_record_table(seat_cost, record_bids, width))
    if games:
        parts.append(_game_table(games, width))
    return "\n\n".join(parts)


def _game_table(advice: Sequence[dict], width: int | None) -> str:
    """The other games' table: per input (its advice row), the game, the seat, the advice's
    bid words, its expected score and gain (blank where the game's advice has none) and the
    deals searched."""
    table = [[r["id"], r["rules"], r["seat"], r["bids"] or "", number(r["expected"]),
              number(r["gain"], sign=True), r["deals"]] for r in advice]
    return ("Other games: each input's advice (the advice rows)\n"
            + fitted(table, ["id", "game", "seat", "advice", "expected", "gain", "deals"],
                     ["left", "left", "left", "left", "right", "right", "right"], width,
                     wrap=["advice", "id"]))


def _record_row(r: dict, ids: set, seat_cost: dict, bids: dict) -> None:
    """Count one row of a record into the per-seat costs and the per-pair bids."""
    if r["slem"] == REVIEW_ROW:
        ids.add(r["id"])
    elif r["slem"] == SEAT_ROW:
        got = seat_cost.setdefault(r["seat"], [0, 0, 0, 0])
        got[0] += 1
        got[1] += int(r["cost"] or 0)
        got[2] += int(r["bids_cost"] or 0)
    elif r["slem"] == CARD_ROW:
        seat_cost.setdefault(r["seat"], [0, 0, 0, 0])[3] += 1
    else:                               # an announced bid
        got = bids.setdefault(r["pair"], [0, 0])
        got[0] += 1
        got[1] += int(r["made"] or 0)


def _record_table(seat_cost: dict, bids: dict, width: int | None) -> str:
    """The records' table: per seat, tricks lost (total and per record), bids cost and the
    cards that cost something; then the announced bids each pair forced at the end."""
    table = [[seat, n, tricks, number(tricks / n, 2), nbids, cards]
             for seat, (n, tricks, nbids, cards) in seat_cost.items() if n]
    text = (fill("Records reviewed double dummy: what each seat's cards cost against the "
                 "best card", width, "  ") + "\n"
            + fitted(table, ["seat", "records", "tricks lost", "per record", "bids cost",
                                "cards that cost"], ["left"] + ["right"] * 5, width))
    if bids:
        text += "\n" + fill("announced bids forced after the last card: " + ", ".join(
            f"{pair} {made} of {n}" for pair, (n, made) in bids.items()), width, "  ")
    return text


def _mean_se(xs: Sequence[float]) -> tuple[float, float | None]:
    """Mean and standard error (``None`` for fewer than 2) of ``xs``."""
    import math

    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, None
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
