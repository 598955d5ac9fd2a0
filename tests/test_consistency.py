"""Small inconsistencies a new user met (issue 50, point 9): the seed ranges, an error about
the hand naming the hand, the no-bid line under laza, the hand announcements explained."""

import json

import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.cli import main

ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"


@pytest.mark.parametrize("seed", ["0", str(2 ** 57), str(2 ** 64 - 1), "0xffffffffffffffff"])
def test_play_takes_every_seed_analyze_and_deal_take(seed):
    r = CliRunner().invoke(main, ["play", ENDING, "--seed", seed, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["seed"] == int(seed, 0)
    assert royal_sim.play(ENDING, seed=int(seed, 0)).seed == int(seed, 0)


@pytest.mark.parametrize("command", ["play", "deal", "analyze", "suggest"])
def test_a_seed_past_2_64_is_refused_alike(command):
    args = {"play": ["play", ENDING], "deal": ["deal"],
            "analyze": ["analyze", "--example"],
            "suggest": ["suggest", "XXII XX XVIII XVI XIV IX IV SK SQ HK", "--seat", "A_IND"]}
    r = CliRunner().invoke(main, [*args[command], "--seed", str(2 ** 64)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "it must be 0 to 2**64-1" in r.stderr


@pytest.mark.parametrize("command", [["analyze"], ["advise"], ["suggest"]])
def test_a_card_twice_in_the_hand_says_it_is_the_hand(command):
    r = CliRunner().invoke(main, [*command, "XXII skiz XX XVIII XVI XIV IX IV SK SQ",
                                  "--seat", "A_IND"])
    assert r.exit_code == 2
    assert r.stderr == "Error: duplicate card XXII in the hand of A_IND ('skiz' is XXII)\n"


def test_a_card_twice_in_deals_hand_option():
    r = CliRunner().invoke(main, ["deal", "--hand", "XXII XX XVIII XVI XIV IX IV SK SQ XXII",
                                  "--seat", "A_IND"])
    assert r.exit_code == 2 and "duplicate card XXII in the hand of A_IND" in r.stderr


@pytest.mark.parametrize("rules,words,not_words", [
    (["--rules", "gerots"], "(the consolatio your pair scores bidding nothing)", "igazítás"),
    (["--rules", "laza"], "(the igazítás your pair scores bidding nothing)", "consolatio"),
    (["--rules", "laza", "--no-igazitas"], "laza without igazítás", "consolatio"),
])
def test_the_no_bid_line_names_what_the_rules_score(rules, words, not_words):
    r = CliRunner().invoke(main, ["analyze", "--example", "--samples", "42", "--only", "gem",
                                  *rules])
    assert r.exit_code == 0, r.output
    line = " ".join(r.stdout[r.stdout.index("No bid:"):].split())
    line = line[:line.index("Silent") if "Silent" in line else None]
    assert words in line and not_words not in line.split("gain:")[0]


def test_the_hand_announcements_are_explained():
    r = CliRunner().invoke(main, ["analyze", "--example", "--samples", "42", "--only", "gem"])
    text = " ".join(r.stdout.split())
    assert ("Hand announcements (jelentések) your hand can make, scored when announced and "
            "left out of E[score] (docs/rules.md#announcements): szinszam:S,2 (Színszám 2 ♠), "
            "matador (Matador).") in text
    assert "Hand announcements available" not in text
