"""Game records (``cardplay.record``) and their review (``cardplay.review``, ``royal-sim review``),
and ``royal-sim solve --trick --cards``: a line that keeps every position's value costs
nothing; one deliberate mistake costs exactly its tricks; bad records are one-line errors."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import royal_sim
from reference import play_random_tricks, random_tarokk_deal
from royal_sim.cli import main
from royal_sim.tarokk import TAROKK_PLAY as R
from royal_sim.engine.solver import Solver, optimal_line, trick_winner
from royal_sim.model import cards as C
from royal_sim.model.deal import Deal, Pair, Seat
from royal_sim.cardplay.position import Position
from royal_sim.cardplay.record import GameRecord, RecordError
from royal_sim.cardplay.review import review_record
from royal_sim.cardplay.values import card_values

DEAL = ("XXI XX XVII X IX SN S10 CN CJ DJ / XVIII XII XI VIII V SK CK CQ DQ DN / "
        "XXII XVI XV XIV XIII IV II SJ HN HJ / XIX VII VI III I SQ C10 HK HQ DK")


def _ending(seed: int, k: int = 5):
    rng = random.Random(seed)
    hands, leader, _ = play_random_tricks(rng, random_tarokk_deal(rng), 0, 10 - k, R)
    return hands, leader, 11 - k


def _best_play(solver, hands, leader, first, play_so_far=()):
    """Continue ``play_so_far`` to the end, each card the lowest-id best card."""
    hands, leader, t, trick = list(hands), leader, first, []
    out = []
    for c in play_so_far:
        seat = (leader + len(trick)) % 4
        hands[seat] &= ~(1 << c)
        trick.append(c)
        out.append(c)
        if len(trick) == 4:
            leader, trick, t = trick_winner(trick, leader, R), [], t + 1
    while t <= 10:
        seat = (leader + len(trick)) % 4
        v = solver.card_values(hands, leader, t, trick, 0)
        best = max(v.values()) if R.pair_of[seat] == 0 else min(v.values())
        c = min(x for x, y in v.items() if y == best)
        hands[seat] &= ~(1 << c)
        trick.append(c)
        out.append(c)
        if len(trick) == 4:
            leader, trick, t = trick_winner(trick, leader, R), [], t + 1
    return out


def test_optimal_line_costs_nothing():
    solver = Solver(R)
    for seed in range(3):
        hands, leader, first = _ending(seed)
        line = optimal_line(solver, hands, leader, first, 0)
        play = [c for _, cs, _ in line for c in cs]
        rv = review_record(GameRecord.of(hands, play, leader=leader, first_trick=first))
        assert len(rv.cards) == 4 * (11 - first)
        assert [c.cost for c in rv.cards] == [0] * len(play)
        assert all(c.card in c.best for c in rv.cards)


def test_one_mistake_costs_its_tricks():
    solver = Solver(R)
    hands, leader, first = _ending(11, 5)
    line = _best_play(solver, hands, leader, first)
    # the first card of the line where another legal card gives the mover's pair less
    pos_hands, ld, t, trick = list(hands), leader, first, []
    for i, c in enumerate(line):
        seat = (ld + len(trick)) % 4
        v = solver.card_values(pos_hands, ld, t, trick, int(R.pair_of[seat]))
        worse = [x for x, y in v.items() if y < v[c]]
        if worse and i > 2:
            mistake, cost = worse[0], v[c] - v[worse[0]]
            break
        pos_hands[seat] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            ld, trick, t = trick_winner(trick, ld, R), [], t + 1
    play = _best_play(solver, hands, leader, first, line[:i] + [mistake])
    rv = review_record(GameRecord.of(hands, play, leader=leader, first_trick=first))
    costs = [c.cost for c in rv.cards]
    assert costs[i] == cost > 0
    assert costs[:i] + costs[i + 1:] == [0] * (len(costs) - 1)
    assert rv.cards[i].card == mistake and line[i] in rv.cards[i].best
    assert rv.totals[rv.cards[i].seat]["cost"] == cost


def test_a_bid_given_up_is_named():
    """A full deal: the first card of the optimal line at which a card of the attack gives
    up a bid the attack forces; played, the review names that card as first cost."""
    solver = Solver(R)
    hands = Deal.parse(DEAL).hands
    line = [c for _, cs, _ in optimal_line(solver, hands, 0, 1, 0) for c in cs]
    rec = GameRecord.of(hands, line[:8])
    for pc in rec.replay():
        if pc.seat.pair is not Pair.ATTACK:
            continue
        cv = card_values(pc.position, rules="laza")
        for key in cv.searched["attack"]:
            if cv.forced(Pair.ATTACK, key):
                lose = [v.card for v in cv.cards if key not in v.slems["attack"]]
                if lose:
                    break
        else:
            continue
        break
    else:
        pytest.skip("no attack card of the first two tricks gives up a bid")
    i = line.index(pc.card)
    play = line[:i] + [lose[0]]
    rv = review_record(GameRecord.of(hands, play, bids={Pair.ATTACK: [key]}, rules="laza"))
    assert rv.first_cost[f"attack:{key}"] == i
    (cost,) = rv.cards[i].bids
    assert (cost.bid, cost.how) == (key, "given up") and pc.card in cost.instead
    assert all(not c.bids for c in rv.cards[:i])


def test_record_round_trip():
    hands, leader, first = _ending(3, 4)
    line = [c for _, cs, _ in optimal_line(Solver(R), hands, leader, first, 0) for c in cs]
    rec = GameRecord.of(hands, line[:7], leader=leader, first_trick=first,
                        bids={Pair.ATTACK: ["ultimo:I"], Pair.DEFENCE: []}, rules="laza")
    for text in (rec.format(), rec.format(one_line=True)):
        assert GameRecord.parse(text) == rec
    assert "play: " + " ".join(C.format_card(c) for c in line[:4]) + " | " in rec.format()
    full = GameRecord.parse(f"deal: {DEAL}\nattack: gem\nplay: IX V XIII I | SJ")
    assert full.leader is Seat.A_IND and full.first_trick == 1 and len(full.play) == 5
    assert GameRecord.parse(full.format()) == full


@pytest.mark.parametrize("play,words", [
    ("IX V XIII SK", "trick 1, A_ELF: SK is not in A_ELF's hand"),
    ("SN V", "trick 1, D_ELF: V is a revoke"),
    ("IX V XIII I SJ | SQ", "trick 1, A_IND: SJ is a fifth card in trick 1"),
    ("IX V | XIII I", "trick 1, D_IND: '|' before XIII ends trick 1 after 2 cards"),
    ("IX SK", "it must play a tarokk: IX was led"),
    ("| | |", "play: an empty trick, nothing before the first '|'"),
    ("IX V XIII I || SJ", "play: an empty trick, nothing between the 1st and the 2nd '|'"),
])
def test_bad_records_name_trick_seat_and_card(play, words):
    with pytest.raises(RecordError, match=words):
        royal_sim.review(DEAL, play=play)
    r = CliRunner().invoke(main, ["review", DEAL, "--play", play])
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def _review_error(*args) -> str:
    r = CliRunner().invoke(main, ["review", *args])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    (line,) = r.stderr.strip().splitlines()[-1:]
    assert line.startswith("Error: ") and len(r.stderr.strip().splitlines()) <= 2, r.stderr
    return line


@pytest.mark.parametrize("play", ["", "   "])
def test_review_of_no_card_is_an_error(play):
    assert "--play gives no cards" in _review_error(DEAL, "--play", play)
    assert "no card to review" in _review_error(f"deal: {DEAL}")
    with pytest.raises(royal_sim.RoyalSimError, match="play gives no cards"):
        royal_sim.review(DEAL, play=play)


@pytest.mark.parametrize("args,words", [
    (["--play", "IX V XIII I"], "--play given twice"),
    (["--defence-bids", "gem"], "--defence-bids given twice"),
    (["--rules", "laza"], "--rules given twice"),
    (["--leader", "D_ELF"], "--leader given twice"),
    (["--first-trick", "2"], "--first-trick given twice"),
])
def test_a_record_and_the_same_fact_on_the_command_line_is_an_error(args, words):
    record = (f"deal: {DEAL}; leader: A_IND; first_trick: 1; rules: gerots; defence: gem; "
              "play: IX V XIII I")
    assert words in _review_error(record, *args)
    # what the record does not say may be given: the attack's bids, the same rules
    r = CliRunner().invoke(main, ["review", record, "--attack-bids", "gem", "--rules",
                                  "gerots", "--json"])
    assert r.exit_code == 0, r.output
    assert "attack: gem; defence: gem" in json.loads(r.stdout)["record"]


ENDING = "XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ"


def test_what_a_record_does_not_say_comes_from_the_options():
    """A record without 'leader:' or 'first_trick:' takes them from the options; an error
    in a field the record says names that field, one in an option names the option."""
    r = CliRunner().invoke(main, ["review", f"deal: {ENDING}", "--play", "SQ S10 XIX SK",
                                  "--leader", "D_ELF", "--json"])
    assert r.exit_code == 0, r.output
    assert "leader: D_ELF" in json.loads(r.stdout)["record"]
    assert ("the record's 'first_trick:' field: first_trick 3 is impossible"
            in _review_error(f"deal: {ENDING}; leader: D_ELF; first_trick: 3; play: SQ"))
    assert ("the record's 'rules:' field: unknown rules 'foo'"
            in _review_error(f"deal: {ENDING}; rules: foo; play: SK"))
    assert "--first-trick 3 is impossible" in _review_error(f"deal: {ENDING}; play: SK",
                                                            "--first-trick", "3")
    assert "--leader given twice: the record's 'leader:' field says A_IND" in _review_error(
        f"deal: {ENDING}; leader: A_IND; play: SK", "--leader", "D_ELF")


def test_review_cli_json():
    r = CliRunner().invoke(main, ["review", DEAL, "--play", "IX V XIII I | SJ SQ S10 SK",
                                  "--defence-bids", "gem", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert [c["card"] for c in out["cards"]] == "IX V XIII I SJ SQ S10 SK".split()
    assert out["cards"][0] == {**out["cards"][0], "trick": 1, "seat": "A_IND", "cost": 0}
    assert out["bids"][0]["pair"] == "defence" and out["bids"][0]["bid"] == "gem"
    assert set(out["totals"]) == {"A_IND", "D_ELF", "D_IND", "A_ELF"}


def test_a_record_with_comments_and_blank_lines_is_read_as_a_record(tmp_path):
    """A record whose first lines are a '#' comment or blank is a record (docs/play.md:
    '#' lines are comments), given as text or as the name of a file holding it."""
    from royal_sim.cardplay.record import check_record_text

    text = f"# g, a coach's note\n\n  \ndeal: {DEAL}\n# the play\n\nplay: IX V XIII I\n"
    assert check_record_text(text) and check_record_text("# x; deal: " + DEAL)
    assert not check_record_text("# only a comment") and not check_record_text(DEAL)
    assert len(royal_sim.review(text).cards) == 4
    path = tmp_path / "g.txt"
    path.write_text(text, encoding="utf-8")
    for arg in (text, str(path)):
        r = CliRunner().invoke(main, ["review", arg, "--json"])
        assert r.exit_code == 0, r.output
        out = json.loads(r.stdout)
        assert [c["card"] for c in out["cards"]] == "IX V XIII I".split()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"deal: \xff\n")
    assert "cannot read the record file" in _review_error(str(bad))
    missing = str(tmp_path / "nofile.txt")
    assert _review_error(missing).startswith(f"Error: no file named {missing!r}, and not")


# --------------------------------------------------------------------------------------
# solve from the middle of a trick

MID = ("XXI XVII X IX SN S10 CN CJ DJ / XII XI VIII V SK CK CQ DQ DN / "
       "XXII XVI XV XIV XIII IV II SJ HN HJ / XIX VII VI III I SQ C10 HK HQ DK")


def test_solve_cards_json_mid_trick():
    r = CliRunner().invoke(main, ["solve", MID, "--trick", "XX XVIII", "--cards", "--json",
                                  "--rules", "laza"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["to_play"] == "D_IND" and out["trick"] == ["XX", "XVIII"]
    solver = Solver(R)
    hands = Position.parse(MID, "A_IND", 1, "XX XVIII").hands
    want = solver.card_values(hands, 0, 1, [C.XX, C.XVIII], int(Pair.ATTACK))
    assert {c["card"]: c["tricks"]["attack"] for c in out["cards"]} == {
        C.format_card(c): v for c, v in want.items()}
    best = min(want.values())                        # the defence is to play
    assert {c["card"] for c in out["cards"] if c["best"]} == {
        C.format_card(c) for c, v in want.items() if v == best}
    for c in out["cards"]:
        assert c["tricks"]["attack"] + c["tricks"]["defence"] == 10
        assert set(c["slems"]) == {"attack", "defence"}


def test_solve_cards_agrees_with_solve_at_a_trick_start():
    """At a trick start the position's own value from its cards is what ``solve`` finds:
    the tricks and, for every slem key, forced or not."""
    hands, leader, first = _ending(5, 4)
    text = str(Deal(hands))
    seat = Seat(leader).name
    plain = royal_sim.solve(text, leader=seat, rules="gerots")
    cv = royal_sim.solve(text, leader=seat, rules="gerots", cards=True)
    assert cv.position_result() == plain


@pytest.mark.parametrize("deal,args,words", [
    (MID, ["--trick", "XX SK"], "--trick lists SK, which is still in D_ELF's hand"),
    (MID, ["--trick", "XX XVIII XXII XIX"], "--trick lists at most 3 cards"),
    (MID, ["--trick", "XX"], "hand sizes"),
    (MID, ["--trick", "XX XVIII", "--first-trick", "2"], "--first-trick 2 is impossible"),
    (DEAL, ["--leader", "D_ELF"], "always led by A_IND"),
])
def test_solve_trick_errors(deal, args, words):
    r = CliRunner().invoke(main, ["solve", deal, "--cards", *args])
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


def test_solve_revoke_in_the_trick():
    deal = ("XXI XX XVII X IX S10 CN CJ DJ / XVIII XII XI VIII SK CK CQ DQ DN / "
            "XXII XVI XV XIV XIII IV II SJ HN HJ / XIX VII VI III I SQ C10 HK HQ DK")
    r = CliRunner().invoke(main, ["solve", deal, "--trick", "SN V", "--cards"])
    assert r.exit_code == 2
    assert "trick 1, D_ELF cannot play V (it must follow SN's suit)" in r.output
