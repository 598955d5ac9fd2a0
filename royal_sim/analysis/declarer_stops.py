"""Where each row of a precision-driven analysis of the declarer games stops
(``declarer_analysis``): at its precision, surely undecided, or (the default run) at ± 10
points once its contract is decided, surely not the best choice (``Stops``).

A contract is decided, as coinche's are (``belote_analysis.Tally.decided``), when its value
to the declarer is below the best choice's (a contract the advice may name, or passing: 0)
by more than ``DECIDED_Z`` standard errors of their paired difference, on the deals both
were searched on (at least ``stopping.FIRST_LOOK``). A deal's value is the game's payment
and each figure's at the price ``DeclarerAnalysis.value`` takes on the means so far
(silent, or announced, after the defence's kontra where it is read): the mean of these is
that value. The contracts no advice names (Jókai's and módosított's kettős at a fixed
pair: what each pair would give) are decided from the first look, and so is the mizer (all
pass) beside contracts the advice names: no advice reads it (passing counts 0; its row and
the recommendation line show it), so it too stops at ± 10. The mizer alone
(``--contract mizer``) is what was asked: held to the precision.
"""

from __future__ import annotations

import numpy as np

from .declarer_bounds import row_unknown
from .declarer_deal import Contract, Setting

DECIDED_Z = 1.96
"""A contract is decided when its mean value is below the best choice's by more than this
many standard errors of the paired difference (one-sided)."""


def row_keys(s: Setting) -> list:
    """(contract, figure id) of every row, in order."""
    return [(c, f) for c in s.contracts for f in ("win",) + c.figures]


def row_made(v: dict, c: Contract, f: str) -> bool:
    return v[c.id]["win"] if f == "win" else v[c.id]["figures"][f]


class Stops:
    """Where each row of a precision-driven analysis stopped: a row is searched until a
    look after which its interval is within the precision at both ends (the made deals'
    share, and the made and undecided together: the gap between them is the undecided
    share, which more deals do not narrow), as royal's columns (``stopping``), or until its
    undecided share is surely above twice the precision (the interval's lower end of that
    share: an interval at least that wide never settles; ``unsettled``), or, with
    ``decide`` (the default run), its contract decided (module doc) and its interval at
    ``stopping.DECIDED_Z`` within ± ``stopping.DECIDED`` at both ends (``decided``); it is
    then read on the deals up to that look only, later deals do not search it (a contract
    none of whose rows is searched is not searched at all; Droggn's game row stopped, its
    brackets of points are not searched). The looks depend on the cap only, so which rows
    a deal searches does not depend on the threads."""

    def __init__(self, s: Setting, decide: bool = False, kontra: bool = True):
        self.s = s
        self.keys = row_keys(s)
        self.decide = decide
        self.kontra = kontra
        self.at: dict = {}          # (contract id, row id) -> the deals it is read on
        self.unsettled: set = set()     # rows stopped for their undecided deals
        self.decided: set = set()       # rows stopped as their contract is decided

    def active(self) -> dict | None:
        """Contract id → the row ids still searched; ``None`` while every row is."""
        if not self.at:
            return None
        out: dict = {}
        for c, f in self.keys:
            if (c.id, f) not in self.at:
                out.setdefault(c.id, set()).add(f)
        return out

    def deals(self, c, f, n: int) -> int:
        """The deals of the first ``n`` that the row ``(c, f)`` is read on."""
        return min(self.at.get((c.id, f), n), n)

    def settle(self, rule, verdicts) -> bool:
        """Stop the rows precise after ``verdicts`` (the deals so far, at a look), and with
        ``decide`` those of a decided contract within ± ``DECIDED``; whether every row has
        stopped."""
        from .stopping import FIRST_LOOK

        n = len(verdicts)
        if n < FIRST_LOOK:
            return False
        decided = self.decided_contracts(verdicts) if self.decide else set()
        for c, f in self.keys:
            if (c.id, f) in self.at:
                continue
            m = sum(1 for v in verdicts if row_made(v, c, f))
            u = sum(1 for v in verdicts if row_unknown(v, c.id, f))
            if rule.precise(m, n) and rule.precise(m + u, n):
                self.at[(c.id, f)] = n
            elif c.id in decided and rule.decided(m, n) and rule.decided(m + u, n):
                self.at[(c.id, f)] = n
                self.decided.add((c.id, f))
            elif rule.interval(u, n)[0] > 2 * rule.precision:
                # its undecided deals surely more than twice the precision: its interval,
                # at least that share wide, can never settle; more deals would only cost
                # (the tests past their node limit are the costly ones)
                self.at[(c.id, f)] = n
                self.unsettled.add((c.id, f))
        return len(self.at) == len(self.keys)

    def decided_contracts(self, verdicts) -> set:
        """The ids of the contracts decided after ``verdicts`` (module doc)."""
        from .stopping import FIRST_LOOK

        s = self.s
        bids = [c for c in s.contracts if c.advised] or \
            [c for c in s.contracts if c.exchange != "mizer"]
        # the kettős at a fixed pair; the mizer beside contracts the advice names
        out = {c.id for c in s.contracts if c not in bids and
               (c.exchange != "mizer" or not s.mizer_only)}
        values = {c.id: self.deal_values(c, verdicts) for c in bids}
        values["pass"] = np.zeros(len(verdicts))
        best = max(values, key=lambda k: values[k].mean() if len(values[k]) else -np.inf)
        for key, vals in values.items():
            m = min(len(vals), len(values[best]))
            if key == best or m < FIRST_LOOK:
                continue
            d = vals[:m] - values[best][:m]
            if d.mean() + DECIDED_Z * d.std(ddof=1) / np.sqrt(m) < 0:
                out.add(key)
        out.discard("pass")
        return out

    def deal_values(self, c: Contract, verdicts) -> np.ndarray:
        """Contract ``c``'s value to the declarer on each of the first deals on which all
        its rows were searched (module doc: the prices ``DeclarerAnalysis.value`` takes on
        these deals' means)."""
        n = min([self.deals(c, f, len(verdicts)) for f in ("win",) + c.figures])
        vs = [v[c.id] for v in verdicts[:n]]
        if not vs:
            return np.zeros(0)

        def col(get) -> np.ndarray | None:
            x = [get(v) for v in vs]
            return None if x[0] is None else np.array(x, float)

        def kontra_d(price, part):      # with_kontra, deal by deal: part where its mean < 0
            if not self.kontra or part is None or part.mean() >= 0:
                return price
            return price + part

        total = kontra_d(col(lambda v: v["pay"]), col(lambda v: v["kontra"]))
        for f in c.figures:
            silent, ann, part = (col(lambda v, i=i: v["fig_pay"][f][i]) for i in range(3))
            ann = None if ann is None else kontra_d(ann, part)
            if f == c.ulti:
                total = total + ann
                continue
            opts = [x for x in (silent, ann) if x is not None]
            if silent is None:
                opts.append(np.zeros(len(vs)))
            if opts:
                total = total + max(opts, key=lambda x: x.mean())
        return total
