"""Play at the table (``cardplay.pimc``): an open game is ``solve``'s line, a hand-built ending
where the defence must guess is guessed wrong about half the time, every card a PIMC seat
plays is legal and keeps the Gerots obligations, a seed gives one game."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.cli import main
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal, Pair, Seat
from royal_sim.cardplay.pimc import obliged_cards, play_deal
from royal_sim.slems import Bid

# deals drawn by ``royal-sim deal --hand "XXII XX XVIII XVI XIV IX IV SK SQ HK" --seat A_IND``
DEALS = [
    "XXII XX XVIII XVI XIV IX IV SK SQ HK / XI VI V II SN SJ CN C10 HQ HN / "
    "XXI X VIII VII I CJ HJ DK DQ DN / XIX XVII XV XIII XII III S10 CK CQ DJ",
    "XXII XX XVIII XVI XIV IX IV SK SQ HK / XI X VIII VI III SN HQ HN DK DJ / "
    "XVII XII II I SJ S10 CK CQ CJ DN / XXI XIX XV XIII VII V CN C10 HJ DQ",
    "XXII XX XVIII XVI XIV IX IV SK SQ HK / XV XIII XI SJ S10 CQ CN CJ HN DK / "
    "XXI XII V II SN HQ HJ DQ DN DJ / XIX XVII X VIII VII VI III I CK C10",
]


@pytest.mark.parametrize("deal", DEALS)
def test_open_game_takes_solves_tricks(deal):
    game = play_deal(Deal.parse(deal), open=True, review=False)
    solved = royal_sim.solve(deal, slems=False)
    assert game.pimc == ()
    assert game.result["attack"] == solved.attack == game.double_dummy["attack"]


@pytest.mark.parametrize("deal", DEALS[:2])
def test_open_game_makes_a_bid_as_solve_forces_it(deal):
    bid = "ultimo:IV"
    game = play_deal(Deal.parse(deal), bids={Pair.ATTACK: [bid]}, open=True, review=False)
    forced = royal_sim.solve(deal).slems["attack"][bid]
    (result,) = game.bids
    assert result.double_dummy == forced
    assert result.table == forced


# A_IND leads XXII; D_ELF, without a tarokk, must throw a king and keep the one that beats
# the queen A_IND still holds: double dummy it never misses (the attack takes 1 trick), at
# the table it cannot tell A_IND's last card (HQ and SQ are alike from where it sits)
GUESS = ["XXII HQ / HK SK / SQ CJ / CN C10", "XXII SQ / HK SK / HQ CJ / CN C10"]


def test_the_defence_must_guess():
    wrong = 0
    for deal in GUESS:
        d = Deal.parse(deal, check_rules=False)
        assert play_deal(d, leader="A_IND", first_trick=9, open=True).result["attack"] == 1
        for seed in range(20):
            game = play_deal(d, leader="A_IND", first_trick=9, worlds=20, seed=seed,
                             review=False)
            assert game.double_dummy["attack"] == 1
            wrong += game.result["attack"] == 2
    assert 0.3 <= wrong / 40 <= 0.7


def test_every_card_legal_obligations_kept_and_seed_repeats():
    deal = Deal.parse(DEALS[0])
    bids = {Pair.ATTACK: [Bid.parse("ultimo:IV")]}
    a = play_deal(deal, bids=bids, worlds=8, seed=3)
    b = play_deal(deal, bids=bids, worlds=8, seed=3)
    assert a.record == b.record
    # GameRecord.of replays every card: a card not in the hand or a revoke would raise
    again = royal_sim.review(a.record.format())
    assert [c.card for c in again.cards] == list(a.record.play)
    four = C.parse_card("IV")
    i = a.record.play.index(four)
    if i // 4 < 9:          # IV before the last trick only when no other card was legal
        pc = list(a.record.replay())[i]
        assert obliged_cards(pc.position.hands[pc.seat], pc.position.trick, pc.trick,
                             bids[Pair.ATTACK]) == 1 << four


def test_obliged_cards_keep_the_announced_card():
    hand = C.mask_of(C.parse_cards("IV XX SK"))
    bid = [Bid.parse("ultimo:IV")]
    assert obliged_cards(hand, (), 5, bid) == C.mask_of(C.parse_cards("XX SK"))
    # in trick 10 the IV is free; the pair's leader of the target trick leads a suit card
    # (or a lower tarokk) when it holds one
    assert obliged_cards(hand, (), 10, bid) == 1 << C.parse_card("SK")
    assert obliged_cards(hand, (C.parse_card("CK"),), 10, bid) == C.mask_of(
        C.parse_cards("IV XX"))
    spade = C.parse_card("SQ")
    # void in clubs, the only tarokk is IV: it must be played
    assert obliged_cards(C.mask_of(C.parse_cards("IV SK")), (C.parse_card("CK"),), 9,
                         bid) == 1 << C.parse_card("IV")
    assert obliged_cards(C.mask_of(C.parse_cards("IV SK")), (spade,), 9, bid) \
        == 1 << C.parse_card("SK")


def test_play_command_json_and_errors():
    r = CliRunner().invoke(main, ["play", DEALS[1], "--attack-bids", "ultimo:IV",
                                  "--worlds", "5", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert len(out["tricks"]) == 10
    assert all(len(t["cards"]) == 4 for t in out["tricks"])
    assert out["result"]["attack"] + out["result"]["defence"] == 10
    assert out["bids"][0]["bid"] == "ultimo:IV"
    assert set(out["bids"][0]) == {"pair", "bid", "double_dummy", "table"}
    for args, needle in ((["--worlds", "0"], "worlds"),
                         (["--open", "--double-dummy", "attack"], "not both"),
                         (["--attack-bids", "bogus"], "bogus")):
        r = CliRunner().invoke(main, ["play", DEALS[1], *args])
        assert r.exit_code == 2, r.output
        assert needle in r.output
        assert "Traceback" not in r.output
    r = CliRunner().invoke(main, ["play", "XXII HQ / HK SK / SQ CJ"])
    assert r.exit_code == 2 and "Traceback" not in r.output
