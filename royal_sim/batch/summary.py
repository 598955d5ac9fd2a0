"""Tables across a batch's rows (``royal-sim batch --summary``)."""

from __future__ import annotations

from typing import Sequence

from .. import slems as S
from .rows import MAX_TRICKS


def summary(rows: Sequence[dict]) -> str:
    """Tables across a batch's rows: per slem, the mean probability over the hand inputs
    that can bid it (± its standard error across inputs; ``<=`` when some are upper bounds
    of a relaxed search) and, over the deal inputs it was searched on, how often each pair
    can force it (any parameter); then the distribution of max tricks (hands: over all
    sampled deals, the hand's pair; deals: the attack)."""
    import math

    from tabulate import tabulate

    hand_p: dict[str, list[float]] = {}
    deal_made: dict[str, dict[tuple[str, str], bool]] = {}
    hand_tricks = [0] * 11
    deal_tricks = [0] * 11
    hand_ids, deal_ids = set(), set()
    bounded: set[str] = set()       # slems with an upper-bound row among the hand rows
    order: dict[str, None] = {}
    for r in rows:
        if r["slem"] == MAX_TRICKS:
            if r["kind"] == "hand":
                hand_ids.add(r["id"])
                for tok in (r["tricks_dist"] or "").split():
                    k, n = tok.split(":")
                    hand_tricks[int(k)] += int(n)
            elif r["pair"] == "attack":
                deal_ids.add(r["id"])
                deal_tricks[int(r["tricks"])] += 1
            continue
        order.setdefault(r["slem"])
        if r["kind"] == "hand":
            hand_p.setdefault(r["slem"], []).append(float(r["probability"]))
            if r["bound"]:
                bounded.add(r["slem"])
        else:
            d = deal_made.setdefault(r["slem"], {})
            key = (r["id"], r["pair"])
            d[key] = d.get(key, False) or bool(r["made"])
    n_deals = len(deal_ids)
    headers = ["slem", "value"]
    if hand_ids:
        headers += ["hands", "mean probability", "± s.e."]
    if deal_ids:
        headers += ["deals: attack makes", "deals: defence makes"]
    table = []
    for sid in order:
        row = [sid, S.SLEMS[sid].value]
        if hand_ids:
            ps = hand_p.get(sid, [])
            if ps:
                m = sum(ps) / len(ps)
                se = (math.sqrt(sum((p - m) ** 2 for p in ps) / (len(ps) - 1) / len(ps))
                      if len(ps) > 1 else float("nan"))
                row += [len(ps), ("<=" if sid in bounded else "") + f"{m:.1%}",
                        "" if math.isnan(se) else f"{se:5.1%}"]
            else:
                row += [0, "", ""]
        if deal_ids:    # over the deal inputs it was searched on (endings may leave it out)
            made = deal_made.get(sid, {})
            for pair in ("attack", "defence"):
                got = [v for (_i, p), v in made.items() if p == pair]
                row.append(f"{sum(got)} of {len(got)}" if got else "")
        table.append(row)
    parts = [f"{len(hand_ids)} hand input(s), {n_deals} deal input(s)"]
    if table:
        notes = []
        if hand_ids:
            notes.append("hands: the hand inputs that can bid the slem")
        if deal_ids:
            notes.append("deals: of the deal inputs on which the slem was searched (an ending "
                         "leaves out slems decided before it)")
        if bounded:
            notes.append("<=: the mean includes upper bounds (relaxed searches below 1 %)")
        parts.append(tabulate(table, headers=headers)
                     + "".join(f"\n{n}" for n in notes))
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
            row += [hand_tricks[k], f"{hand_tricks[k] / tot_h:6.1%}"]
        if tot_d:
            row += [deal_tricks[k], f"{deal_tricks[k] / tot_d:6.1%}"]
        trows.append(row)
    if trows:
        parts.append("Max tricks the pair can force (hands: the hand's pair over its sampled "
                     "deals; deals: the attack)\n" + tabulate(trows, headers=theaders))
    return "\n\n".join(parts)

