"""royal-sim suggest: a card chosen over worlds drawn from one seat's view."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.cli import main
from royal_sim.engine.solver import optimal_line
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal, Pair, Seat
from royal_sim.cardplay.suggest import seats_of, suggest_card
from royal_sim.cardplay.worlds import WorldSampler
from royal_sim.tarokk import TAROKK_PLAY, default_solver

DEAL = Deal.parse("XX XII XI VIII IV S10 CJ HK HQ DK / XVII XIV I SK SJ CN C10 HJ DQ DN / "
                  "XXII XXI XVIII XVI VII VI III SQ CK DJ / XIX XV XIII X IX V II SN CQ HN")


def _line_cards(tricks: int) -> list[int]:
    line = optimal_line(default_solver(TAROKK_PLAY), DEAL.hands)
    return [c for _, cards, _ in line[:tricks] for c in cards]


def test_the_record_of_cards_names_who_played_them():
    line = optimal_line(default_solver(TAROKK_PLAY), DEAL.hands)
    cards = [c for _, cs, _ in line[:3] for c in cs]
    want = [(Seat((ld + i) % 4), c) for ld, cs, _ in line[:3] for i, c in enumerate(cs)]
    assert seats_of(cards) == want


def test_late_in_a_game_every_world_is_used_and_the_means_are_theirs():
    """At trick 9 the worlds are few: all are enumerated, and each card's mean tricks is
    the mean of its double-dummy value over exactly those worlds."""
    played = seats_of(_line_cards(8))
    seat = Seat(int(optimal_line(default_solver(TAROKK_PLAY), DEAL.hands)[8][0]))
    hand = DEAL.hands[seat]
    for _, c in played:
        hand &= ~(1 << c)
    sg = suggest_card(seat, hand, played, max_worlds=500)
    sampler = WorldSampler(seat, hand, played)
    assert sg.method == "enumerated" and sg.worlds == sampler.count
    worlds = sampler.enumerate()
    solver = default_solver(TAROKK_PLAY)
    per = [solver.card_values([int(x) for x in h], int(worlds.leader), 9, (),
                              int(seat.pair)) for h in worlds.hands]
    for choice in sg.cards:
        assert choice.card in per[0] and hand >> choice.card & 1
        assert abs(choice.tricks - np.mean([p[choice.card] for p in per])) < 1e-9
    best = max(sg.cards, key=lambda c: (c.tricks, -c.card))
    assert sg.best.card == best.card


def test_bids_give_the_chance_each_is_made_and_the_same_seed_the_same_answer():
    hand = DEAL.hands[Seat.D_ELF]
    bids = {Pair.ATTACK: [royal_sim.slems.Bid.parse("gem")]}
    a = suggest_card(Seat.D_ELF, hand, [(Seat.A_IND, C.XX)], bids=bids, seed=3)
    b = suggest_card(Seat.D_ELF, hand, [(Seat.A_IND, C.XX)], bids=bids, seed=3)
    assert a.to_json() == b.to_json()
    legal = {c for c in C.cards_of(hand) if C.SUIT_OF[c] == C.TAROKK}
    assert {c.card for c in a.cards} == legal           # a tarokk led: a tarokk is owed
    for c in a.cards:
        assert 0 <= c.made["attack:gem"] <= 1 and c.expected is not None


def test_the_command_prints_the_card_and_refuses_a_bad_record():
    r = CliRunner().invoke(main, ["suggest", C.format_cards(DEAL.hands[Seat.D_ELF]),
                                  "--seat", "D_ELF", "--play", "XX", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["card"] in {"XVII", "XIV", "I"} and out["trick"] == ["XX"]
    bad = CliRunner().invoke(main, ["suggest", C.format_cards(DEAL.hands[Seat.D_ELF]),
                                    "--seat", "D_ELF", "--play", "XX XXI"])
    assert bad.exit_code == 2 and bad.stderr.startswith("Error: ")
    assert "Traceback" not in bad.output


def _suggest_error(*args) -> str:
    r = CliRunner().invoke(main, ["suggest", *args])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def test_a_hand_of_the_wrong_size_and_the_wrong_seat_are_named():
    hand = DEAL.hands[Seat.D_ELF]
    short = C.format_cards(hand & ~(1 << C.parse_card('SK')))
    assert "HAND of D_ELF has 9 cards, but D_ELF holds 10 now (10 dealt, 0 played)" in \
        _suggest_error(short, "--seat", "D_ELF", "--play", "XX")
    assert ("D_ELF is to play now (trick 1, after XX), not D_IND: give --seat D_ELF"
            in _suggest_error(C.format_cards(DEAL.hands[Seat.D_IND]), "--seat", "D_IND",
                              "--play", "XX"))
    assert "A_IND is to play now (it leads trick 1), not D_ELF" in _suggest_error(
        C.format_cards(hand), "--seat", "D_ELF")


def test_heard_against_a_card_already_played_says_it_was_played():
    # D_ELF won trick 1 with SK: A_IND cannot have announced a spade flush, as D_ELF was
    # dealt SK and SJ, but SK is no longer in its hand
    hand = C.format_cards(DEAL.hands[Seat.D_ELF] & ~(1 << C.parse_card('SK')))
    err = _suggest_error(hand, "--seat", "D_ELF", "--play", "S10 SK SQ SN", "--heard",
                         "A_IND:flush:S")
    assert "you hold SJ and already played SK" in err and "you hold SK" not in err


def test_the_answer_so_far_after_each_round_then_the_final_one():
    seen = []
    sg = suggest_card(Seat.A_IND, DEAL.hands[Seat.A_IND], (), max_worlds=80, seed=3,
                      precision=1e-9, on_update=seen.append)
    assert seen, "more than one round was drawn"
    assert all(s.stopped == "still drawing" for s in seen)
    sizes = [s.worlds for s in seen] + [sg.worlds]
    assert sizes == sorted(set(sizes)) and sg.stopped != "still drawing"
    assert {c.card for c in seen[0].cards} == {c.card for c in sg.cards}


_SLOW_SECOND_ROUND = """
import sys, time
import royal_sim.cardplay.suggest as S
real, calls = S.value_worlds, []
def slow(*args, **kwargs):
    calls.append(1)
    if len(calls) == 2:                 # the first round is finished: wait to be stopped
        sys.stderr.write("SECOND ROUND\\n"); sys.stderr.flush()
        time.sleep(120)
    return real(*args, **kwargs)
S.value_worlds = slow
from royal_sim.cli import main
sys.exit(main(sys.argv[1:], prog_name="royal-sim"))
"""


@pytest.mark.parametrize("as_json", [False, True])
def test_an_interrupted_suggest_keeps_its_best_card(tmp_path, as_json):
    """Ctrl-C in the second round (a subprocess, SIGINT): the best card of the first round
    is printed, marked interrupted (text, or --json written to a file), exit code 130."""
    import os
    import signal
    import subprocess
    import sys

    out = tmp_path / "out.txt"
    args = ["suggest", "XXII XX XVIII XVI XIV IX IV SK SQ HK", "--seat", "A_IND",
            "--worlds", "5000", "--precision", "0.000001"] + (["--json"] if as_json else [])
    with open(out, "w") as f:
        p = subprocess.Popen([sys.executable, "-c", _SLOW_SECOND_ROUND, *args], stdout=f,
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "COLUMNS": "80"})
        try:
            line = p.stderr.readline()
            while line and "SECOND ROUND" not in line:
                line = p.stderr.readline()
            assert line, "the run ended before its second round"
            p.send_signal(signal.SIGINT)
            err = p.stderr.read()
            assert p.wait(timeout=60) == 130, err
        finally:
            if p.poll() is None:
                p.kill()
    text = out.read_text()
    assert "Traceback" not in err and "Interrupted" in err
    if as_json:
        got = json.loads(text)
        assert got["interrupted"] is True and got["stopped"] == "interrupted"
        assert got["worlds"] == 20 and got["card"] in "XXII XX XVIII XVI XIV IX IV SK SQ HK"
    else:
        assert "stopped: interrupted" in text and "Interrupted: best so far" in text
        assert "20 world(s)" in text
