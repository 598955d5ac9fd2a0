"""Scoring of one finished deal for both pairs: Gerots and laza rules.

Source rule: ``spec/royal-tarokk.md`` §4, from ``seeds/000`` (Gerots: "Kontrázás",
"Értékelés": "1. A consolatio", "2. A bemondások pontszáma", "3. Összegzés") and
``seeds/002`` (laza: "A bemondások és eredményszámítás", "Kontra, rekontra", "Emelési
viszonyok", "Igazítás"). All amounts are points. Values, groups, raise relations and the
silent slems' void rules are read from the catalogue (``slems.SLEMS``), announcement
values from ``announcements.ANNOUNCEMENTS``; this module keeps no list of slem names.

Input: a ``DealOutcome`` with one ``PairOutcome`` per pair (its bids, which of them the
opponents kontra'd and which of those it rekontra'd, its hand announcements, whether each
bid and silent slem was made, and, for the consolatio, its tarokk count and whether it held
both honours). Output: a ``ScoreResult`` with per pair the final points and the items that
add up to them (``ScoreItem``: consolatio, each bid, lapsed and void bids, silent slems,
announcements, kontra/rekontra, and the limits applied).

Order of the computation, per pair:

1. consolatio (Gerots always; laza only with igazítás);
2. bids: only the highest bid of a raise chain counts, lower ones lapse (0 points);
   a counted bid voided by a fulfilled bid of its own pair (``Slem.void_if_made_own``)
   scores 0; others +value when made, −cost when failed;
3. hand announcements +value; silent (csendes) slems +value when achieved and not void;
4. kontra: the kontra pair gets ∓(transfer) for each kontra'd bid of the opponents,
   the bidder ± twice the laza transfer for a rekontra;
5. limits: Gerots — at most 20 points gained by kontra, at most 100 (or the value of a
   fulfilled trophy above the kis trófeák), never below 0; laza — see ``score_deal``.

Decisions (where spec and sources leave room; options where a number changes):

- **Gerots rekontra**: seed 000 knows only kontra ("A kontra által szerezhető, vagy
  elveszthető pont összege mindig az adott szlem értékével azonos."); a rekontra under
  Gerots rules is a ``ScoringError``.
- **Gerots kontra is a transfer on top of the bid**: the bidder scores its bid as without
  kontra; the kontra pair gets +value if the bid failed, −value if it was made.
- **Gerots 20-point limit** ("Egy-egy leosztásban az ellenféltől összesen maximum 20 pont
  írható fel."): caps the sum of the pair's *successful* kontras; failed kontras are not
  offset against it. Option ``kontra_limit_net=True``: cap the net kontra result instead.
- **Gerots cap and failed bids** ("Trófeateljesítés esetén az esetlegesen elbukott egyéb
  szlemek pontszámai a leosztás végeredményéből levonandók, ám … a többi pontszám …
  is elszámolandó. A felírható összpontszám ilyenkor sem haladhatja meg a trófea
  értékét."): default, the whole sum (failed bids included) is capped ("Sum, then: at most
  …", spec §4). Option ``failed_after_cap=True``: cap everything but the failed own bids,
  then subtract those (for the 100 cap and the trophy cap alike).
- **Gerots trophy cap** uses the pair's counted (not lapsed) trophy of tier alap or higher
  that was fulfilled ("a felírható összeg maximuma a bemondott trófea értéke").
- **Gerots színfogó raises**: seed 000 "Színfogó szlemek": they raise one another "a
  bemondott színektől függetlenül (!)", so Gerots scoring and validation use
  ``supersedes(…, szinfogo_any_suit=True)`` (value order); laza uses the spec list
  (Flotta > Piros-fekete …).
- **Laza magasító bids do not raise each other**: the same-card chain Ultimó < … < Turul is
  Gerots only (spec §3 "Gerots adds"); seed 002: "Egymást kizáró bemondások is
  bemondhatók, (Pl. Pagát ulti és Pagát uhu.) de … legfeljebb az egyikért lehet pontot
  szerezni, a többiért mindenképpen pontlevonás jár." — both count under laza.
- **Laza failed bids**: "Minden 5 pontnál nagyobb bukásért csak 5 pont büntetés jár (ez
  csak az igazitás nélküli játékmódra vonatkozik)": a failed bid costs min(value, 5)
  without igazítás, its value with igazítás.
- **Laza kontra is a transfer on top of the bid**: "Kontrával a kontrázó pár ugyanannyi
  pontot szerez, mint a bemondó, csak ellenkező előjellel, de legfeljebb ötöt": the bidder
  scores the bid as without kontra, the kontra pair gets ∓k, k = min(value, 5); a rekontra
  gives the bidder ±2k ("A rekontra a kontra pontszám kétszeresét éri"). The seed's worked
  numbers (30-point bid failed with kontra: −5 / +5) are the no-igazítás mode, where a
  failure costs min(value, 5) anyway. With igazítás a kontra'd failed 30 costs the bidder
  30 (−40 with rekontra). Option ``kontra_fail_cap=True`` follows the spec sentence
  "Failed: bidder −min(value, 5)" literally in igazítás mode too.
- **Laza kontra cap with igazítás**: "Igazítás nélküli játéknál … bukás és kontra esetén
  érvényes az 5 pontos korlát" names only the no-igazítás mode; spec §4 decides the cap
  applies in both modes: option ``kontra_cap_always`` (default true; false: k = value with
  igazítás).
- **Laza cap without igazítás**: "(Tehát csak 100 pontnál nagyobb értékű trófeákkal lehet
  100 pontnál többet szerezni.)" is read as general: above 100 the result is the larger of
  100 and the largest fulfilled bid in both modes; without igazítás only the floor at 0 is
  dropped ("bármelyik pár eredménye lehet, akár negatív"). Option
  ``cap_without_igazitas=False`` drops the upper limit too.
- **Laza "largest fulfilled bid"** = the catalogue value of the largest counted bid made
  (the table "a bemondásokat és az értük járó pontokat … tartalmazza"); above 100 the result
  is max(100, that value) even when this exceeds the pair's points (spec §4 literally).
- **Laza +20 honour clause** applies to every attack row, not only to > 11 tarokks: "a
  támadók 40 és 80 pont között" (60 + 20 = 80 is only reachable that way).
- **Lapsed and void bids take their kontra with them**: a kontra on a bid that lapsed
  (raised) or is void moves no points ("mintha el sem hangzottak volna", seed 002).
- **Silent slems** not listed in ``PairOutcome.made`` count as not achieved; Obscur's
  "no free-trick slem was bid" looks at every bid of both pairs, lapsed ones included
  ("a licitálás folyamán", seed 000).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

import numpy as np

from .model import cards as C
from .model.announcements import (Announcement, announcement_key, check_param, get_announcement,
                            parse_announcement_key)
from .model.deal import Pair
from .model.ruleset import RuleSet
from .errors import RoyalSimError
from .slems import SLEMS, Bid, bid_conflict, supersedes

RULES = tuple(r.value for r in RuleSet)
"""Rule set names: ``gerots`` (seed 000) and ``laza`` (seed 002); see ``RuleSet``."""

POINT_CAP = 100
"""Gerots and laza: at most 100 points per pair and deal, trophy exceptions aside."""
KONTRA_LIMIT = 20
"""Gerots: at most 20 points gained from the opponents (by kontra) per deal."""
LAZA_STEP = 5
"""Laza: a failed bid (without igazítás) and a kontra move at most 5 points."""
DEFENCE_CONSOLATIO = 60
KOPF_BONUS = 20
"""Added to the attack's consolatio when it did not hold both skíz and XXI."""
ATTACK_TAROKKS = range(6, 17)
"""Possible attack tarokk totals: each hand holds ≥ 3 of the 22 tarokks (spec §2)."""

ITEM_KINDS = ("consolatio", "bid", "lapsed", "void", "announcement", "silent", "kontra",
              "rekontra", "kontra_limit", "cap", "floor")
"""``ScoreItem.kind`` values, in the order items are listed."""
LIMIT_KINDS = ("kontra_limit", "cap", "floor")


class ScoringError(RoyalSimError):
    """A deal outcome that cannot be scored: missing or inconsistent data, a kontra on a
    bid that was not made, a rekontra under Gerots rules, an unknown rule set."""


class BidSetError(ScoringError):
    """A set of bids one pair cannot hold together (two trophies, Fácán with Sólyom, two
    színfogó bids, the same slem twice, a csendes slem bid)."""


# ---------------------------------------------------------------------------------------
# input


def _as_bid(b) -> Bid:
    if isinstance(b, Bid):
        return b
    if isinstance(b, str):
        return Bid.parse(b)
    raise ScoringError(f"not a bid: {b!r} (use a Bid or a key like 'gem' or 'ultimo:I')")


def _key(b) -> str:
    return _as_bid(b).key


def _as_announcement(a) -> tuple[Announcement, object]:
    if isinstance(a, str):
        return parse_announcement_key(a)
    if isinstance(a, Announcement):
        return a, None
    try:
        ann, param = a
    except (TypeError, ValueError):
        raise ScoringError(f"not an announcement: {a!r} (use a key like 'flush' or "
                           "(announcement, param))") from None
    ann = get_announcement(ann)
    return ann, check_param(ann, param)


def pair_holdings(hands, pair: Pair | int) -> tuple[int, bool]:
    """``(tarokks, both_honours)`` of ``pair`` in a full deal, for the consolatio.

    hands: a ``Deal`` or 4 card bit masks in seat order. ``tarokks``: the pair's total
    number of tarokks; ``both_honours``: it held skíz and XXI (köpf, seed 000 "1. A
    consolatio": "a páros kezében nem volt köpf, azaz hiányzott a skíz és a XXI
    bármelyike")."""
    hands = tuple(int(h) for h in getattr(hands, "hands", hands))
    a, b = Pair(int(pair)).seats
    cards = hands[a] | hands[b]
    return C.popcount(cards & C.TAROKKS), cards & C.HONOURS == C.HONOURS


def pair_holdings_array(deals: np.ndarray, pair: Pair | int) -> tuple[np.ndarray, np.ndarray]:
    """``pair_holdings`` of every deal at once: deals (n, 4) uint64 hands in seat order;
    returns (n,) int64 tarokks and (n,) bool both honours."""
    a, b = Pair(int(pair)).seats
    d = np.asarray(deals, dtype=np.uint64)
    cards = d[:, a] | d[:, b]
    honours = np.uint64(C.HONOURS)
    return C.popcount_array(cards & np.uint64(C.TAROKKS)), (cards & honours) == honours


@dataclass(frozen=True)
class PairOutcome:
    """What one pair bid and how the deal went for it.

    - ``bids``: the pair's bids (``Bid`` or key strings such as ``"gem"``,
      ``"ultimo:I"``), lower bids of a raise chain included (they lapse);
    - ``made``: bid key → made, for the pair's bids and its silent slems (``"obscur"``,
      ``"les"``, ``"negy_kiraly"``, ``"csendes_xxi_fogas"``), as the double-dummy driver
      produces per sampled deal; a silent slem not listed was not achieved;
    - ``kontra``: keys of the pair's bids that the opponents kontra'd;
    - ``rekontra``: keys of those kontra'd bids that the pair rekontra'd (laza only);
    - ``announcements``: the pair's hand announcements (keys such as ``"flush"``,
      ``"vannak:Q"`` or ``(announcement, param)``), scored at their value;
    - ``tarokks``, ``both_honours``: the pair's tarokk total and whether it held skíz and
      XXI; needed for the attack's consolatio (see ``pair_holdings``).

    Keys are normalised to canonical bid keys. Raises ``BidError`` for a malformed key,
    ``ScoringError``/``AnnouncementError`` for other malformed input."""

    bids: tuple[Bid, ...] = ()
    made: Mapping[str, bool] = field(default_factory=dict)
    kontra: frozenset[str] = frozenset()
    rekontra: frozenset[str] = frozenset()
    announcements: tuple[tuple[Announcement, object], ...] = ()
    tarokks: int | None = None
    both_honours: bool | None = None

    def __post_init__(self):
        s = object.__setattr__
        s(self, "bids", tuple(_as_bid(b) for b in self.bids))
        s(self, "made", MappingProxyType({_key(k): bool(v) for k, v in dict(self.made).items()}))
        s(self, "kontra", frozenset(_key(k) for k in self.kontra))
        s(self, "rekontra", frozenset(_key(k) for k in self.rekontra))
        s(self, "announcements", tuple(_as_announcement(a) for a in self.announcements))
        if self.tarokks is not None:
            s(self, "tarokks", int(self.tarokks))
        if self.both_honours is not None:
            s(self, "both_honours", bool(self.both_honours))


@dataclass(frozen=True)
class DealOutcome:
    """The two pairs' ``PairOutcome``s of one finished deal; ``outcome[pair]`` picks one.

    Checked on construction (``ScoringError``): the attack's tarokk total in 6…16; if both
    pairs give one, they add up to 22; at most one pair held both honours; at most one
    pair achieved Obscur (the first to five tricks)."""

    attack: PairOutcome = field(default_factory=PairOutcome)
    defence: PairOutcome = field(default_factory=PairOutcome)

    def __post_init__(self):
        a, d = self.attack, self.defence
        for label, po in (("attack", a), ("defence", d)):
            if po.tarokks is not None and po.tarokks not in ATTACK_TAROKKS:
                raise ScoringError(f"the {label} pair cannot hold {po.tarokks} tarokks "
                                   f"(each hand holds at least 3 of the 22: 6..16)")
        if a.tarokks is not None and d.tarokks is not None and a.tarokks + d.tarokks != 22:
            raise ScoringError(f"tarokk totals {a.tarokks} (attack) and {d.tarokks} (defence) "
                               "do not add up to 22")
        if a.both_honours and d.both_honours:
            raise ScoringError("both pairs cannot hold both skíz and XXI")
        if a.made.get("obscur") and d.made.get("obscur"):
            raise ScoringError("Obscur (first to five tricks) cannot be achieved by both pairs")

    def __getitem__(self, pair: Pair | int) -> PairOutcome:
        return self.attack if Pair(int(pair)) is Pair.ATTACK else self.defence


# ---------------------------------------------------------------------------------------
# output


@dataclass(frozen=True)
class ScoreItem:
    """One line of a pair's score: ``kind`` (one of ``ITEM_KINDS``), ``label`` (a bid or
    announcement key, ``consolatio`` …), ``points`` added to the pair's total (0 for lapsed
    and void bids; negative for failures and for limits that cut the total), ``note`` (why,
    in words)."""

    kind: str
    label: str
    points: int
    note: str = ""

    def __str__(self) -> str:
        return f"{self.points:+5d}  {self.label:<28} {self.note}".rstrip()


@dataclass(frozen=True)
class PairScore:
    """A pair's score for one deal: ``points`` (the final result) is the sum of ``items``;
    ``subtotal`` is the sum before the limits (kontra limit, cap, floor)."""

    pair: Pair
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    @property
    def subtotal(self) -> int:
        return sum(i.points for i in self.items if i.kind not in LIMIT_KINDS)

    def item(self, kind: str, label: str | None = None) -> ScoreItem:
        """The single item of ``kind`` (and ``label``); ``KeyError`` if absent or ambiguous."""
        found = [i for i in self.items if i.kind == kind and (label is None or i.label == label)]
        if len(found) != 1:
            raise KeyError(f"{len(found)} items of kind {kind!r}"
                           + (f" label {label!r}" if label else ""))
        return found[0]

    def points_of(self, kind: str) -> int:
        """Sum of the items of ``kind``."""
        return sum(i.points for i in self.items if i.kind == kind)

    def format(self) -> str:
        lines = [f"{self.pair.label}: {self.points} points"]
        lines += [f"  {i}" for i in self.items]
        return "\n".join(lines)


@dataclass(frozen=True)
class ScoreResult:
    """Both pairs' scores for one deal under ``rules``; ``result[pair]`` picks one,
    ``points`` is ``(attack, defence)``. ``options`` records the scoring options used."""

    rules: RuleSet
    attack: PairScore
    defence: PairScore
    options: Mapping[str, bool] = field(default_factory=dict)

    def __getitem__(self, pair: Pair | int) -> PairScore:
        return self.attack if Pair(int(pair)) is Pair.ATTACK else self.defence

    @property
    def points(self) -> tuple[int, int]:
        return (self.attack.points, self.defence.points)

    def to_dict(self) -> dict:
        """JSON-ready form: rules, options, and per pair points and items."""
        def pair(ps: PairScore) -> dict:
            return {"points": ps.points, "items": [
                {"kind": i.kind, "label": i.label, "points": i.points, "note": i.note}
                for i in ps.items]}
        return {"rules": self.rules, "options": dict(self.options),
                "attack": pair(self.attack), "defence": pair(self.defence)}

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.rules} scoring ({opts})\n{self.attack.format()}\n{self.defence.format()}"


# ---------------------------------------------------------------------------------------
# raises and bid sets


def _check_rules(rules: RuleSet | str) -> RuleSet:
    if rules not in RULES:
        raise ScoringError(f"unknown rules {rules!r} (use {' or '.join(RULES)})")
    return RuleSet(rules)


def rules_supersede(high: Bid, low: Bid, rules: RuleSet | str = RuleSet.GEROTS) -> bool:
    """Does ``high`` supersede ``low`` (``low`` lapses when one pair bid both)?

    The catalogue's ``supersedes`` (spec §3 "Raise relations"), with the rule-set
    differences of this module's decisions: Gerots compares színfogó bids by value,
    whatever the suits (seed 000 "Színfogó szlemek"); under laza the magasító slems
    (Ultimó … Turul) do not raise one another (spec §3 "Gerots adds"). Raises
    ``ScoringError`` for unknown ``rules``."""
    rules = _check_rules(rules)
    high, low = _as_bid(high), _as_bid(low)
    if rules is RuleSet.LAZA and high.slem.group == low.slem.group == "magasító":
        return False
    return supersedes(high.slem, high.param, low.slem, low.param,
                      szinfogo_any_suit=rules is RuleSet.GEROTS)


def validate_bids(bids: Iterable[Bid | str],
                  rules: RuleSet | str = RuleSet.GEROTS) -> tuple[Bid, ...]:
    """Check that one pair may hold ``bids`` together; return them as ``Bid``s.

    Allowed: raise chains (the lower bids lapse, see ``rules_supersede``). Refused with
    ``BidSetError`` naming both bids: a csendes slem (never bid, scored when achieved:
    seed 000 "Csendes szlemek"), and every pair that ``slems.bid_conflict`` rejects — the
    same slem twice ("a pár minden bemondást legfeljebb egyszer licitálhat", seed 002),
    Fácán with Sólyom, Temesvári with Kolozsvári fácán, two színfogó bids that do not raise
    one another, two trophies ("Egy leosztásban egy páros csak egy trófeát mondhat be",
    seed 000). Raises ``BidError`` for a malformed key, ``ScoringError`` for unknown
    ``rules``."""
    return _validated(tuple(_as_bid(b) for b in bids), _check_rules(rules))


@functools.lru_cache(maxsize=4096)
def _validated(out: tuple[Bid, ...], rules: RuleSet) -> tuple[Bid, ...]:
    """``validate_bids`` of ``Bid``s, each set checked once (errors are not cached)."""
    for b in out:
        if b.slem.silent_only:
            raise BidSetError(f"{b.key} is a csendes (silent) slem: it is never bid, only "
                              "scored when achieved")
    for i, a in enumerate(out):
        for b in out[i + 1:]:
            if rules_supersede(a, b, rules) or rules_supersede(b, a, rules):
                continue
            why = bid_conflict(a, b)
            if why:
                raise BidSetError(f"bids {a.key} and {b.key} cannot be held by one pair: {why}")
    return out


def lapsed_bids(bids: Iterable[Bid | str],
                rules: RuleSet | str = RuleSet.GEROTS) -> dict[str, Bid]:
    """``{key of a lapsed bid: the counted bid that raised it}`` for one pair's bids.

    "csak a legmagasabb értékét kell figyelembe venni" (seed 002 "Emelési viszonyok"):
    a bid superseded by another bid of the same pair lapses; the raiser shown is the
    highest-valued counted bid superseding it. Does not validate the set."""
    return dict(_lapsed(tuple(_as_bid(b) for b in bids), _check_rules(rules)))


@functools.lru_cache(maxsize=4096)
def _lapsed(bids: tuple[Bid, ...], rules) -> tuple[tuple[str, Bid], ...]:
    """``lapsed_bids`` of ``Bid``s as (key, raiser) pairs, each set worked out once."""
    ups = {b.key: [h for h in bids if h.key != b.key and rules_supersede(h, b, rules)]
           for b in bids}
    out = []
    for b in bids:
        if ups[b.key]:
            top = [h for h in ups[b.key] if not ups[h.key]] or ups[b.key]
            out.append((b.key, max(top, key=lambda h: h.slem.value)))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# consolatio


def consolatio(pair: Pair | int, tarokks: int | None = None, both_honours: bool | None = None,
               rules: RuleSet | str = RuleSet.GEROTS) -> int:
    """Consolatio (Gerots) / igazítás (laza) of ``pair`` in points.

    Defence: 60. Attack, by its tarokk total: Gerots 12–16 → 40, 11 → 50, 6–10 → 60
    (seed 000 "1. A consolatio"); laza < 11 → 60, 11 → 50, > 11 → 40 (seed 002
    "Igazítás") — the same numbers; plus 20 unless it held both skíz and XXI. Raises
    ``ScoringError`` when the attack's ``tarokks`` or ``both_honours`` is missing or the
    count is outside 6…16."""
    rules = _check_rules(rules)
    if Pair(int(pair)) is Pair.DEFENCE:
        return DEFENCE_CONSOLATIO
    return sum(i.points for i in _consolatio_items(tarokks, both_honours, rules))


def consolatio_band(tarokks):
    """The attack tarokk total standing for all totals of its consolatio row: 10 for 6-10,
    11, 12 for 12-16 (seed 000 "1. A consolatio", seed 002 "Igazítás": the same rows).
    ``score_deal`` reads the tarokk totals only through these rows, so a total and its band
    score alike. tarokks: an int or an int numpy array; returns the same kind."""
    return np.clip(tarokks, 10, 12)


def _consolatio_items(tarokks, both_honours, rules) -> list[ScoreItem]:
    if tarokks is None or both_honours is None:
        raise ScoringError("the attack's consolatio needs its tarokk count and whether it "
                           "held both skíz and XXI (PairOutcome.tarokks, .both_honours)")
    if tarokks not in ATTACK_TAROKKS:
        raise ScoringError(f"the attack cannot hold {tarokks} tarokks (6..16)")
    if tarokks <= 10:
        base, row = 60, "6-10" if rules is RuleSet.GEROTS else "< 11"
    elif tarokks == 11:
        base, row = 50, "11"
    else:
        base, row = 40, "12-16" if rules is RuleSet.GEROTS else "> 11"
    items = [ScoreItem("consolatio", "consolatio", base,
                       f"attack holds {tarokks} tarokks ({row} -> {base})")]
    if not both_honours:
        items.append(ScoreItem("consolatio", "consolatio:no_kopf", KOPF_BONUS,
                               "attack did not hold both skíz and XXI"))
    return items


# ---------------------------------------------------------------------------------------
# the score


_SILENT = tuple(s for s in SLEMS.values() if s.silent_only)   # csendes slems, table order


def score_deal(outcome: DealOutcome, rules: RuleSet | str = RuleSet.GEROTS,
               igazitas: bool = True, kontra_cap_always: bool = True, *,
               failed_after_cap: bool = False, kontra_limit_net: bool = False,
               kontra_fail_cap: bool = False, cap_without_igazitas: bool = True) -> ScoreResult:
    """Score one finished deal for both pairs (points).

    rules ``RuleSet.GEROTS`` (``"gerots"``; seed 000 "Értékelés", spec §4 Gerots):
    consolatio; fulfilled bids +value, failed −value; announcements and achieved silent
    slems +value; kontra: the kontra pair +value for a failed bid, −value for a made one;
    then at most 20 points gained by kontra, at most 100 per pair — or the value of a
    fulfilled counted trophy above the kis trófeák — and never below 0. ``igazitas`` must
    stay true (the consolatio is part of the rules); ``kontra_cap_always`` and
    ``kontra_fail_cap`` do not apply.

    rules ``RuleSet.LAZA`` (``"laza"``; seed 002, spec §4 laza): with ``igazitas`` the
    igazítás is added and a failed bid costs its value; the result is the points if within
    0…100, 0 below, and above 100 the larger of 100 and the largest fulfilled bid's value.
    Without ``igazitas`` a failed bid costs min(value, 5) and the result may be negative
    (the upper rule still applies unless ``cap_without_igazitas=False``). Kontra: k =
    min(value, 5) (k = value with igazítás when ``kontra_cap_always=False``); the kontra
    pair gets −k when the bid is made, +k when it failed; a rekontra gives the bidder +2k /
    −2k.

    Options (see the module's Decisions): ``failed_after_cap`` (Gerots: failed own bids
    are subtracted after the cap), ``kontra_limit_net`` (Gerots: the 20-point limit caps
    the net kontra result), ``kontra_fail_cap`` (laza with igazítás: a kontra'd failed bid
    costs min(value, 5)), ``cap_without_igazitas`` (laza).

    Raises ``BidSetError`` for an illegal bid set of a pair, ``ScoringError`` for unknown
    rules, ``igazitas=False`` under Gerots, a bid without outcome in ``made``, a kontra on
    a bid the pair did not make, a rekontra without kontra or under Gerots, or missing
    consolatio data."""
    rules = _checked_rules(outcome, rules, igazitas)
    bids = {p: validate_bids(outcome[p].bids, rules) for p in Pair}
    items = _consolatio_by_pair(outcome, rules, igazitas)
    kontra_items: dict[Pair, list[ScoreItem]] = {p: [] for p in Pair}
    made_bids: dict[Pair, list[Bid]] = {}
    for pair in Pair:
        own, kontra, made_bids[pair] = _pair_items(
            pair, outcome[pair], bids, rules, igazitas=igazitas,
            k_capped=not igazitas or kontra_cap_always, kontra_fail_cap=kontra_fail_cap)
        items[pair] += own
        kontra_items[pair.other] += kontra
    scores = {}
    for pair in Pair:
        its = items[pair] + kontra_items[pair]
        scores[pair] = PairScore(pair, tuple(its + _limit_items(
            its, made_bids[pair], rules, igazitas, failed_after_cap, kontra_limit_net,
            cap_without_igazitas)))
    options = {"igazitas": igazitas, "kontra_cap_always": kontra_cap_always,
               "failed_after_cap": failed_after_cap, "kontra_limit_net": kontra_limit_net,
               "kontra_fail_cap": kontra_fail_cap, "cap_without_igazitas": cap_without_igazitas}
    return ScoreResult(rules, scores[Pair.ATTACK], scores[Pair.DEFENCE],
                       MappingProxyType(options))


def _checked_rules(outcome: DealOutcome, rules: RuleSet | str, igazitas: bool) -> RuleSet:
    """``rules`` as a ``RuleSet``. Raises ``ScoringError``, in this order, for unknown
    rules, ``igazitas=False`` under Gerots, an ``outcome`` that is not a ``DealOutcome``."""
    rules = _check_rules(rules)
    if rules is RuleSet.GEROTS and not igazitas:
        raise ScoringError("Gerots scoring always includes the consolatio; igazitas=False "
                           "is a laza option")
    if not isinstance(outcome, DealOutcome):
        raise ScoringError(f"score_deal needs a DealOutcome, got {type(outcome).__name__}")
    return rules


def _consolatio_by_pair(outcome: DealOutcome, rules: RuleSet,
                        igazitas: bool) -> dict[Pair, list[ScoreItem]]:
    """Each pair's consolatio items (attack: by its holdings; defence: 60); none for
    either pair under laza without igazítás. Raises ``ScoringError`` for missing
    consolatio data of the attack."""
    items: dict[Pair, list[ScoreItem]] = {p: [] for p in Pair}
    if rules is RuleSet.GEROTS or igazitas:
        items[Pair.ATTACK] += _consolatio_items(outcome.attack.tarokks,
                                                outcome.attack.both_honours, rules)
        items[Pair.DEFENCE].append(ScoreItem("consolatio", "consolatio", DEFENCE_CONSOLATIO,
                                             "defence always gets 60"))
    return items


def _pair_items(pair: Pair, po: PairOutcome, bids: Mapping[Pair, tuple[Bid, ...]],
                rules: RuleSet, *, igazitas: bool, k_capped: bool, kontra_fail_cap: bool
                ) -> tuple[list[ScoreItem], list[ScoreItem], list[Bid]]:
    """``(own items, kontra items, made bids)`` of ``pair`` before the limits: its bid
    items, hand announcements and silent slems in that order; the opponents' kontra items
    on its bids; its counted, not void bids that were made. ``bids``: both pairs' validated
    bids. Raises ``ScoringError`` for bad kontra/rekontra keys or a bid without outcome."""
    gerots = rules is RuleSet.GEROTS
    _check_kontra_keys(pair, po, bids[pair], gerots)
    lapsed = lapsed_bids(bids[pair], rules)
    made = _counted_outcomes(pair, po, bids[pair], lapsed)
    fulfilled_ids = {b.slem.id for b in bids[pair] if made.get(b.key)}
    own, kontra, made_bids = _bid_items(
        pair, po, bids[pair], lapsed, made, fulfilled_ids, gerots=gerots, igazitas=igazitas,
        k_capped=k_capped, kontra_fail_cap=kontra_fail_cap)
    own += _announcement_items(po)
    own += _silent_items(pair, po, bids, fulfilled_ids)
    return own, kontra, made_bids


def _check_kontra_keys(pair: Pair, po: PairOutcome, bids: tuple[Bid, ...],
                       gerots: bool) -> None:
    """Returns nothing; raises ``ScoringError`` for a kontra on a bid the pair did not
    bid, then (in key order) for a rekontra under Gerots or on a bid not kontra'd."""
    keys = {b.key for b in bids}
    for k in sorted(po.kontra - keys):
        raise ScoringError(f"kontra on {k}, which the {pair.label} pair did not bid")
    for k in sorted(po.rekontra):
        if gerots:
            raise ScoringError(f"rekontra on {k}: Gerots rules have kontra only")
        if k not in po.kontra:
            raise ScoringError(f"rekontra on {k}, which was not kontra'd (only kontra'd "
                               "bids can be rekontra'd)")


def _counted_outcomes(pair: Pair, po: PairOutcome, bids: tuple[Bid, ...],
                      lapsed: Mapping[str, Bid]) -> dict[str, bool]:
    """``{key: made}`` for the pair's counted (not lapsed) bids, in bid order. Raises
    ``ScoringError`` for a counted bid without outcome in ``PairOutcome.made``."""
    made = {}
    for b in bids:
        if b.key in lapsed:
            continue
        if b.key not in po.made:
            raise ScoringError(f"no outcome for the {pair.label} pair's bid {b.key} "
                               "(PairOutcome.made)")
        made[b.key] = po.made[b.key]
    return made


def _bid_items(pair: Pair, po: PairOutcome, bids: tuple[Bid, ...], lapsed: Mapping[str, Bid],
               made: Mapping[str, bool], fulfilled_ids: set[str], *, gerots: bool,
               igazitas: bool, k_capped: bool, kontra_fail_cap: bool
               ) -> tuple[list[ScoreItem], list[ScoreItem], list[Bid]]:
    """``(own items, kontra items, made bids)`` for the pair's bids, in bid order: per bid
    a lapsed, void or made/failed item, then its rekontra item (own items); the opponents'
    kontra item on it (kontra items); and the bids scored as made. A lapsed or void bid
    takes its kontra with it."""
    own: list[ScoreItem] = []
    kontra_items: list[ScoreItem] = []
    made_bids: list[Bid] = []
    for b in bids:
        kontra = b.key in po.kontra
        dropped = _lapsed_or_void_item(b, lapsed, fulfilled_ids, kontra)
        if dropped:
            own.append(dropped)
            continue
        ok, value = made[b.key], b.slem.value
        if ok:
            own.append(ScoreItem("bid", b.key, value, f"made, value {value}"))
            made_bids.append(b)
        elif gerots or (igazitas and not (kontra and kontra_fail_cap)):
            own.append(ScoreItem("bid", b.key, -value, f"failed, value {value}"))
        else:
            own.append(ScoreItem("bid", b.key, -min(value, LAZA_STEP),
                                 f"failed, value {value}, costs at most 5"))
        if not kontra:
            continue
        k = value if gerots or not k_capped else min(value, LAZA_STEP)
        kontra_items.append(ScoreItem(
            "kontra", f"kontra {b.key}", -k if ok else k,
            f"{pair.label}'s {b.key} {'made' if ok else 'failed'}; kontra moves {k}"))
        if b.key in po.rekontra:
            own.append(ScoreItem("rekontra", f"rekontra {b.key}",
                                 2 * k if ok else -2 * k, f"twice the kontra's {k}"))
    return own, kontra_items, made_bids


def _lapsed_or_void_item(b: Bid, lapsed: Mapping[str, Bid], fulfilled_ids: set[str],
                         kontra: bool) -> ScoreItem | None:
    """The 0-point ``lapsed`` item of a raised bid, or the ``void`` item of a bid voided
    by a fulfilled bid of its own pair; ``None`` for a bid that is scored."""
    tag = " (kontra'd)" if kontra else ""
    if b.key in lapsed:
        return ScoreItem("lapsed", b.key, 0, f"raised by {lapsed[b.key].key}{tag}")
    voiders = [i for i in b.slem.void_if_made_own if i in fulfilled_ids]
    if voiders:
        return ScoreItem("void", b.key, 0, f"not scored beside the fulfilled {voiders[0]}{tag}")
    return None


def _announcement_items(po: PairOutcome) -> list[ScoreItem]:
    """The ``announcement`` items of the pair's hand announcements, at their value."""
    return [ScoreItem("announcement", announcement_key(ann, param), ann.value, ann.name)
            for ann, param in po.announcements]


def _silent_items(pair: Pair, po: PairOutcome, bids: Mapping[Pair, tuple[Bid, ...]],
                  fulfilled_ids: set[str]) -> list[ScoreItem]:
    """The pair's achieved silent slems in table order: a ``silent`` item at the slem's
    value, or a 0-point ``void`` item naming the first rule that voids it (a bid of either
    pair, a bid of its own, a fulfilled bid of its own)."""
    bid_ids_any = {b.slem.id for p in Pair for b in bids[p]}
    own_ids = {b.slem.id for b in bids[pair]}
    out = []
    for s in _SILENT:
        if not po.made.get(s.id):
            continue
        why = None
        hit = [i for i in s.void_if_bid_any if i in bid_ids_any]
        if hit:
            why = f"void: {hit[0]} was bid"
        hit = [i for i in s.void_if_bid_own if i in own_ids]
        if hit and not why:
            why = f"void: announced by the pair's bid {hit[0]}"
        hit = [i for i in s.void_if_made_own if i in fulfilled_ids]
        if hit and not why:
            why = f"void: not scored beside the fulfilled {hit[0]}"
        if why:
            out.append(ScoreItem("void", s.id, 0, why))
        else:
            out.append(ScoreItem("silent", s.id, s.value, f"{s.name} achieved, value {s.value}"))
    return out


def _limit_items(its: list[ScoreItem], made_bids: list[Bid], rules: RuleSet, igazitas: bool,
                 failed_after_cap: bool, kontra_limit_net: bool,
                 cap_without_igazitas: bool) -> list[ScoreItem]:
    """The limit items (kontra limit, cap, floor) for a pair's items ``its``, given the
    pair's bids scored as made: ``_gerots_limits`` with its largest made trophy above the
    kis trófeák, or ``_laza_limits`` with its largest made bid (catalogue values are ≥ 1)."""
    if rules is RuleSet.GEROTS:
        trophy = max((b.slem.value for b in made_bids if b.slem.trophy_rank > 1), default=None)
        return _gerots_limits(its, trophy, failed_after_cap, kontra_limit_net)
    largest = max((b.slem.value for b in made_bids), default=0)
    return _laza_limits(its, largest, igazitas, cap_without_igazitas)


def _gerots_limits(its: list[ScoreItem], trophy: int | None, failed_after_cap: bool,
                   net: bool) -> list[ScoreItem]:
    """Seed 000 "3. Összegzés": the 20-point kontra limit, the 100/trophy cap, the floor."""
    out = []
    kontra = [i.points for i in its if i.kind == "kontra"]
    gained = sum(kontra) if net else sum(p for p in kontra if p > 0)
    if gained > KONTRA_LIMIT:
        out.append(ScoreItem("kontra_limit", "kontra_limit", KONTRA_LIMIT - gained,
                             f"at most {KONTRA_LIMIT} points from the opponents per deal "
                             f"({'net ' if net else ''}kontra gain {gained})"))
    total = sum(i.points for i in its + out)
    cap = trophy if trophy else POINT_CAP
    why = f"at most the fulfilled trophy's {cap}" if trophy else f"at most {POINT_CAP}"
    failed = sum(i.points for i in its if i.kind == "bid" and i.points < 0) \
        if failed_after_cap else 0
    if total - failed > cap:
        out.append(ScoreItem("cap", "cap", cap - (total - failed),
                             why + (" before the failed bids" if failed_after_cap else "")))
    total = sum(i.points for i in its + out)
    if total < 0:
        out.append(ScoreItem("floor", "floor", -total, "never below 0"))
    return out


def _laza_limits(its: list[ScoreItem], largest: int, igazitas: bool,
                 upper: bool) -> list[ScoreItem]:
    """Seed 002 "Igazítás": 0…100, above 100 max(100, largest fulfilled bid)."""
    total = sum(i.points for i in its)
    if total > POINT_CAP and (igazitas or upper):
        result = max(POINT_CAP, largest)
        return [ScoreItem("cap", "cap", result - total,
                          f"above {POINT_CAP}: the larger of {POINT_CAP} and the largest "
                          f"fulfilled bid ({largest})")]
    if total < 0 and igazitas:
        return [ScoreItem("floor", "floor", -total, "never below 0 with igazítás")]
    return []
