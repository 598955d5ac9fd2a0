"""The payments of the declarer games (``game_pay``, ``figure_pay``: the spec's tables, the
module doc of ``declarer_analysis``) and their turns beyond the game and its figures (issue
47 item 3): kontra and rekontra (which part of a payment they double), the mizer (the
all-pass game of Troggu and módosított: its goal against the coalition and its payment).
``declarer_analysis`` uses them; the decisions are written in ``docs/games.md`` ("Kontra", "Mizer").

Kontra (``spec/other-games.md`` §4 "Decision as §5": kontra ×2, rekontra ×4; §3 "failed
announced pay its value; kontra doubles"; §6 "Kontra Schwochn ×2, Retour ×4"). What an
opponent may kontra is an *item*: the game (not in Droggn, whose Schwochn the source puts
under the jelentések) and each announced figure; a silent figure never. What kontra doubles
of an item is its *kontra part*: Jókai's vigasztalás (kettős +5, szóló +30 / +60,
pagátultimó +15 / +30) never; everything else of the item. The analysis's reading: the
defence kontras an item where the item's mean kontra part over the deals is below 0 for the
declarer (it scores better for the defence there), which adds that part once more; the
declarer rekontras where the part is above 0, which never follows such a kontra: the
rekontra figure (``rekontra``) is what an item kontra'd anyway (on the defence's own cards)
brings him, ×4 where it pays him, ×2 else.
"""

from __future__ import annotations

from .declarer_deal import ANNOUNCED, ONE_PAYER, SILENT, Contract, Setting, Variant

MIZER_UNIT = {"troggu": 1, "modositott": 2}
"""What the mizer's loser pays each other seat (§3: 1 each, §5: 2 each)."""
TOVABBI = 20
"""Droggn's "Bemondott pagátulti további 20" (§6 Decision: a restatement; ``--option
tovabbi20``: the announced pagátulti pays 20 more, 40 won or lost)."""
VIGASZTALAS = {"kettos": 5, "szolo_won": 30, "szolo_lost": 60, "pagatultimo_won": 15,
               "pagatultimo_lost": 30}
"""Jókai's consolations, each opponent (§4): kontra never doubles them."""


def game_kontra_part(game_id: str, contract, pay: float, n_opp: int) -> float:
    """The part of the game's payment ``pay`` (the declarer's, from all ``n_opp``
    opponents) that a kontra doubles: all but Jókai's vigasztalás; Droggn's game none (its
    kontra is the jelentések'); the mizer none (nobody announces it)."""
    if game_id == "droggn" or contract.exchange == "mizer":
        return 0.0
    if game_id != "harmas" or pay == 0:
        return float(pay)
    if contract.exchange == "pair":
        v = VIGASZTALAS["kettos"]
        return float(pay - v * n_opp) if pay > 0 else float(pay + v * n_opp)
    v = VIGASZTALAS["szolo_won"] if pay > 0 else -VIGASZTALAS["szolo_lost"]
    return float(pay - v * n_opp)


def figure_kontra_part(game_id: str, fig: str, announced: float | None, payers: int
                       ) -> float | None:
    """The part of an announced figure's payment ``announced`` a kontra doubles: all but
    Jókai's pagátultimó vigasztalás (+15 won, +30 lost, each payer); ``None`` unannounced."""
    if announced is None:
        return None
    if game_id == "harmas" and fig == "pagatultimo" and announced:
        v = VIGASZTALAS["pagatultimo_won"] if announced > 0 else \
            -VIGASZTALAS["pagatultimo_lost"]
        return float(announced - v * payers)
    return float(announced)


def with_kontra(mean: float, part: float) -> float:
    """An item's mean payment to the declarer when the defence kontras where it pays it:
    ``mean`` plus its kontra part once more where the part's mean is below 0."""
    return mean + min(0.0, part)


def with_rekontra(mean: float, part: float) -> float:
    """An item kontra'd whatever its mean (the defence on its own cards), the declarer
    answering: rekontra (×4) where the kontra part's mean is above 0, else ×2."""
    return mean + (3 * part if part > 0 else part)


# -- payments ---------------------------------------------------------------------------------

def game_pay(s: Setting, contract: Contract, got: dict, index: int, n_opp: int) -> float:
    """The declarer's payment for the game (module doc)."""
    gid = s.game.id
    win = got["win"]
    if gid == "harmas":
        if contract.exchange == "pair":
            each = 7 if win else -(2 ** index + 5)
        else:
            each = 37 if win else -67
        return each * n_opp
    if gid == "modositott":
        if contract.exchange == "pair":
            each = 2 if win else -2 * index
        else:
            each = 20 if win else -20
        return each * n_opp
    if gid == "troggu":
        return got["level"] * (2 if contract.id == "szolo" else 1) * n_opp
    if contract.bid == "super_mord":
        return 164 if win else -80
    if not win:
        return -contract.base
    if got.get("match"):
        return 134
    return contract.base + 2 * (got["pts"] - 54)


def figure_pay(s: Setting, contract: Contract, fig: str, figs: dict, got: dict,
               index: int, n_opp: int) -> tuple:
    """(silent, announced, kontra part) payment of ``fig`` on one deal; ``None`` where the
    figure has no such price (a part of the game's ladder, tarokkszám never silent, the
    ulti a contract announces never silent); the kontra part: what a kontra doubles of the
    announced payment (``declarer_turns.figure_kontra_part``)."""
    gid = s.game.id
    made = figs[fig]
    if fig == "tarokkszam":
        n = figs["tarokkszam_n"]
        return None, float(min(3, n - 9) * n_opp if n >= 10 else 0), None
    if fig in ("duplajatek",) or (fig in ("volat", "match") and gid in ("troggu", "droggn")):
        return None, None, None
    payers = 1 if fig in ONE_PAYER.get(gid, ()) else n_opp
    if gid == "droggn":
        payers = 1
        if fig == "pagatfogas" and contract.bid == "super_mord":
            return None, None, None
        if fig == contract.ulti:            # announced with the contract (§6)
            won = ANNOUNCED[gid][fig][0] + (TOVABBI if "tovabbi20" in s.setup.flags and
                                             fig == "pagatulti" else 0)
            return None, float(won if made else -won), float(won if made else -won)
        if fig in ("pagatulti", "skizulti"):
            # silent: announcing lays the card out and is its own contract (``ulti``); a
            # silent pagátulti failed (the pagát beaten in the last trick) pays its price
            lost = fig == "pagatulti" and figs.get("pagatulti_failed")
            price = SILENT[gid].get(fig, 0)
            return float(price if made else -price if lost else 0), None, None
    silent = SILENT[gid].get(fig, 0) * payers * (1 if made else 0)
    ann = ANNOUNCED[gid].get(fig)
    if ann is None:
        return float(silent), None, None
    won, lost = ann
    announced = won * payers if made else -lost * payers
    if fig == "volat" and not made and got["win"]:       # a failed volát loses the game
        lost_game = {**got, "win": False}
        announced += game_pay(s, contract, lost_game, index, n_opp) - \
            game_pay(s, contract, got, index, n_opp)
    part = figure_kontra_part(gid, fig, float(won * payers if made else -lost * payers),
                              payers)
    return float(silent), float(announced), part


def n_opponents(s: Setting, v: Variant) -> int:
    return s.players - len(v.side)


# -- the mizer ---------------------------------------------------------------------------------

def mizer_most(n_tricks: int, players: int) -> int:
    """The most tricks the seat may take and surely not take the most: ``⌈T/n⌉ - 1`` (with
    fewer than his fair share ``T/n`` some other seat took more than he did)."""
    return -(-n_tricks // players) - 1


def mizer_pay(game_id: str, players: int, avoided: bool) -> float:
    """The seat's mizer payment: taking the most tricks (a tie included) he pays the unit
    to each other seat; else he gets it from the seat of the most (counted once: the
    least he gets)."""
    u = MIZER_UNIT[game_id]
    return float(u if avoided else -u * (players - 1))
