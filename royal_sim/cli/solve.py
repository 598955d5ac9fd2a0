"""``royal-sim solve``: the double-dummy result of a deal or a position."""

from __future__ import annotations

import click

from .common import OnceOptions, Whole, json_option, rules_option, user_errors
from ..format import say, terminal_width
from .games import game_option, game_play_options
from .progress import SearchProgress, compile_note, compiling

MAX_NODES_CAP = 10_000_000_000
"""The most ``--max-nodes`` takes (some hours; Ctrl-C stops a search at its next node)."""

PAYMENT_OPTIONS = ("nokontra", "tovabbi20")
"""The games' options that change only a payment (``docs/games.md``), not the count: ``solve``
refuses them rather than echo an option that does nothing."""

LIMIT_EXIT = 3
"""``solve --game``'s exit code when a search passed ``--max-nodes``: what was decided is
printed, the rest not (as ``batch``'s 3: a run that ended with part of its answer; 2 is bad
input, 130 Ctrl-C)."""


@click.command("solve", cls=OnceOptions)
@click.argument("deal", metavar="DEAL")
@game_option
@click.option("--leader", default=None, metavar="SEAT",
              help="Seat leading the first remaining trick (royal: default A_IND, for a full "
                   "deal the indító always leads trick 1; other games: default the game's "
                   "rule; with --trick, who led the current trick).")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number (1-10) of the first remaining trick; it must be 11 - cards per "
                   "hand (the default), since the last trick is always trick 10.")
@click.option("--trick", default=None, metavar="CARDS",
              help="Cards already played to the current trick, the leader's first, e.g. "
                   "\"SN SK\" (DEAL then holds the hands as they are now: a seat that "
                   "played to the trick holds one card fewer).")
@click.option("--cards", "every_card", is_flag=True,
              help="Value every legal card of the seat to play: the tricks each pair takes "
                   "from the current trick on, and the slems each still forces, after it.")
@rules_option("Rule set for the slems' obligatory play.")
@click.option("--no-slems", is_flag=True, help="Only the trick counts (faster).")
@game_play_options
@click.option("--called", default=None, metavar="CARD",
              help="Módosított hármas for 4: the tarokk the declarer called (e.g. XX); its "
                   "holder counts with him. Default: the rule's call (docs/games.md), the "
                   "highest tarokk, no honour, the declarer's hand lacks.")
@click.option("--max-nodes", type=Whole(min=1, max=MAX_NODES_CAP), default=None, metavar="N",
              help="--game: stop the count's search after N nodes, and each later one "
                   "(the line, --cards) after N of its own (default 300,000,000, some 20 "
                   "to 60 s; at most 10,000,000,000). Past it, what was decided is "
                   "printed (the count between two bounds) and the exit code is 3. A full "
                   "deal of droggn or strohmandli can take minutes: progress on stderr; "
                   "Ctrl-C stops it and prints what was decided (exit 130).")
@json_option
@user_errors
def solve_command(deal, game_id, leader, first_trick, trick, every_card, rules, no_slems,
                  players, trump, declarer, game_flags, no_overtake, called, max_nodes,
                  as_json):
    """Double-dummy result of a full deal or a position (an ending).

    DEAL is the four hands in play order A_IND / D_ELF / D_IND / A_ELF separated by '/',
    e.g. "XX XVIII ... / ... / ... / XIX ...". Every hand has the same number of cards.
    Prints the tricks each pair can force with all cards visible, for each pair how many of
    the slem bids searched for it (each bid key, id or id:param, it could bid here:
    docs/rules.md#glossary) it can force and which, and one optimal line of play (--json:
    the trick counts and the slems, without the line). The rules: docs/rules.md#play,
    #bids, #obligations (--rules gerots), #double-dummy.

    With --trick the position is in the middle of a trick; --cards lists every legal card
    of the seat to play with its double-dummy value, the best marked (docs/play.md).

    --game ID, another game: DEAL is its hands in play order, seats 1 to n (belote S W N
    E), separated by '/', as 'royal-sim deal --game ID' prints them (a full deal or an
    ending). Prints the most the declarer's side (--declarer) counts, every card seen, the
    other seats playing together against it (Vier-Anderle: tricks, no card points), the
    opponents' count, the game's goal, the tricks and one optimal line. --json: {"game",
    "leader", "declarer", "side", "points": {"declarer", "opponents"}, "tricks":
    {"declarer", "opponents"}, "to_play", "trick", "goal", "trump", "cards"}.
    """
    import json

    from .games import get_game, given, refuse

    ctx = click.get_current_context()
    game = get_game(game_id)
    if game.id != "royal":
        refuse(game, [f for f, name in (("--rules", "rules"), ("--no-slems", "no_slems"),
                                        ("--first-trick", "first_trick")) if given(ctx, name)],
               "royal tarokk's options")
        _solve_game(game, deal, leader, trick, every_card, players, trump, declarer,
                    game_flags, no_overtake, called, max_nodes, as_json)
        return
    refuse(game, [f for f, name in (("--players", "players"), ("--trump", "trump"),
                                    ("--declarer", "declarer"), ("--option", "game_flags"),
                                    ("--no-overtake", "no_overtake"), ("--called", "called"),
                                    ("--max-nodes", "max_nodes")) if given(ctx, name)],
           "the other games' options")
    leader = "A_IND" if leader is None else leader
    if trick is not None or every_card:
        _solve_cards(deal, leader, first_trick, trick or "", every_card, rules, no_slems,
                     as_json)
        return

    from ..analysis.position import next_trick, optimal_play, solve_position
    from ..model.deal import Deal, parse_seat

    d = Deal.parse(deal)
    next_trick(d.hands, first_trick, parse_seat(leader))    # input errors before the note
    with compiling(compile_note(goal_search=not no_slems, trick_search=True), "Solving"):
        res = solve_position(d.hands, leader=leader, first_trick=first_trick, rules=rules,
                             slems=not no_slems)
    if as_json:
        click.echo(json.dumps(res.to_json()))
        return
    click.echo(d.listing())
    _print_result(res)
    _print_line(optimal_play(d.hands, leader=res.leader, first_trick=res.first_trick),
                res.first_trick)


def _print_result(res) -> None:
    width = terminal_width()
    say(f"\n{res.leader.name} leads trick {res.first_trick}; double dummy: attack "
        f"{res.attack}, defence {res.defence} of {res.cards} trick(s).", width)
    _print_forced(res.slems, width)


def _print_forced(slems, width: int | None) -> None:
    """Per pair, the slem bids it can force (``{pair label: {key: bool}}``)."""
    for label, made in (slems or {}).items():
        yes = [key for key, v in made.items() if v]
        say(f"The {label} can force {len(yes)} of the {len(made)} slem bids searched "
            f"for it: " + (", ".join(yes) if yes else "none"), width)


def _print_line(line, first_trick: int) -> None:
    from ..model.cards import format_card
    from ..model.deal import SEATS

    click.echo("One optimal line (each trick: cards in play order, winner):")
    for n, (ld, cards, w) in enumerate(line, first_trick):
        played = "  ".join(f"{SEATS[(ld + i) & 3].name} {format_card(c)}"
                           for i, c in enumerate(cards))
        click.echo(f"  {n:2}. {played}  -> {SEATS[w].name} ({SEATS[w].pair.label})")


def _solve_cards(deal, leader, first_trick, trick, every_card, rules, no_slems, as_json):
    import json

    from ..analysis.request import check_rules
    from ..model.cards import format_card
    from ..model.cards import format_cards as format_card_set
    from ..cardplay.position import Position
    from ..cardplay.values import card_values

    pos = Position.parse(deal, leader, first_trick, trick)
    check_rules(rules)
    with compiling(compile_note(goal_search=False, card_search=True), "Solving"):
        cv = card_values(pos, rules=rules, slems=not no_slems)
    if as_json:
        if every_card:
            click.echo(json.dumps(cv.to_json()))
        else:
            click.echo(json.dumps({**cv.position_result().to_json(), "to_play": pos.to_play.name,
                                   "trick": [format_card(c) for c in pos.trick]}))
        return
    from ..model.deal import SEATS
    click.echo("\n".join(f"{seat.name:6} {format_card_set(h)}"
                         for seat, h in zip(SEATS, pos.hands)))
    _print_cards(cv, every_card)


def _print_cards(cv, every_card: bool) -> None:
    from ..model.cards import format_card
    from ..model.deal import Pair

    p = cv.position
    width = terminal_width()
    on_table = " ".join(format_card(c) for c in p.trick) or "nothing yet"
    say(f"\n{p.leader.name} leads trick {p.trick_no} (on the table: {on_table}); "
        f"{p.to_play.name} ({p.to_play.pair.label}) to play; {p.tricks_left} trick(s) "
        "from this one to the last.", width)
    res = cv.position_result()
    say(f"Double dummy, the best card: attack {res.attack}, defence {res.defence}.", width)
    _print_forced(res.slems, width)
    if not every_card:
        return
    always = {label: {k for k in made if all(k in v.slems[label] for v in cv.cards)}
              for label, made in (res.slems or {}).items()}
    say("\nEvery legal card (* best; tricks from this trick on; slems forced after "
        "the card that not every card leaves forced):", width)
    for v in cv.cards:
        line = (f"  {'*' if v.best else ' '} {format_card(v.card):6} attack "
                f"{v.tricks['attack']:2}  defence {v.tricks['defence']:2}   ")
        if v.slems is None:
            click.echo(line.rstrip())
            continue
        extra = []
        for q in Pair:
            ks = [k for k in v.slems[q.label] if k not in always[q.label]]
            if ks:
                extra.append(f"{q.label}: {', '.join(ks)}")
        # the slems' continuation lines start under the first slem
        say(line + ("; ".join(extra) if extra else "-"), width, " " * (len(line) - 2))


# -- the other games (royal_sim.games) --------------------------------------------------------

def _solve_game(game, deal, leader, trick, every_card, players, trump, declarer, flags,
                no_overtake, called, max_nodes, as_json):
    """``solve --game ID`` for a game of ``royal_sim.games`` (``spec/other-games.md`` §9)."""
    import json

    import sys

    from ..analysis.declarer_deal import called_card, parse_called, partner_side
    from ..analysis.game_position import MAX_NODES, replay_trick, solve_game
    from ..errors import SearchLimit
    from .games import game_setup, refuse, said, seat, trick_cards

    setup = game_setup(game, players, trump, flags, no_overtake)
    priced = [f for f in PAYMENT_OPTIONS if f in setup.flags]
    if priced:
        refuse(game, [f"--option {f}" for f in priced],
               "it prices the payments of analyze; solve counts points and tricks")
    with said(game):
        game.rules(setup)                   # belote without --trump: said before the deal
    decl = seat(game, setup, declarer, "--declarer") if declarer is not None else 0
    call = parse_called(game, setup, called)
    lead = (seat(game, setup, leader, "--leader") if leader is not None
            else game.default_leader(decl, setup))
    table = trick_cards(game, setup, trick) if trick else ()
    with said(game):
        dealt = game.parse_deal(deal, setup, table=len(table), leader=lead,
                                seen=sum(1 << c for c in table))
    calling = game.id == "modositott" and setup.players == 4
    side = (partner_side(dealt.hands, decl, call) if calling
            else game.declarer_side(decl, setup))
    called = (game.deck(setup).card_names[called_card(dealt.hands, decl, call)] if calling
              else None)
    with said(game, "--trick", only="trick"):        # a card of --trick breaking the rules
        replay_trick(game, setup, dealt, declarer=decl, leader=lead, table=table, side=side)
    from .common import interrupt_code

    limit = MAX_NODES if max_nodes is None else max_nodes
    try:
        with SearchProgress("Solving") as bar:
            sol = _waited(lambda: solve_game(game, setup, dealt, declarer=decl, leader=lead,
                                             table=table, cards=every_card, max_nodes=limit,
                                             progress=bar.stage, side=side), bar.stop)
    except SearchLimit as e:
        _unsolved(game, setup, dealt, decl, side, lead, e.unsolved, limit, as_json, called)
        sys.exit(LIMIT_EXIT)
    except KeyboardInterrupt as e:
        if getattr(e, "unsolved", None) is None:
            raise
        _unsolved(game, setup, dealt, decl, side, lead, e.unsolved, limit, as_json, called,
                  interrupted=True)
        sys.exit(interrupt_code(e))
    mm = _minimax(game, setup, dealt, decl, lead, table)
    if as_json:
        out = sol.to_json()
        if called is not None:
            out["called"] = called
        if mm is not None:
            out["minimax_difference"] = mm
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    _print_game(sol, dealt, called)
    if mm is not None:
        words = ("undecided (past its node limit)" if mm["value"] is None and "why" not in mm
                 else f"not searched: {mm['why']}" if mm["value"] is None
                 else f"{mm['value']:+d} (made: {', '.join(mm['made']['seat']) or 'none'} / "
                      f"{', '.join(mm['made']['other']) or 'none'})")
        say(f"Minimax result-point difference for {mm['seat']} (both players' figures at "
            f"once, valtozat values, sum; this position read as a game of its own): {words}",
            terminal_width(), "  ")


def _waited(solve, stop):
    """``solve()`` on a thread of its own while this one waits, so that Ctrl-C reaches it
    while a search (a numba kernel) runs: then ``stop()`` ends the search at its next node
    and the search's ``SearchStopped`` (what it decided, ``.unsolved``) is raised."""
    import threading

    box: dict = {}
    done = threading.Event()

    def run():
        try:
            box["value"] = solve()
        except BaseException as e:      # noqa: BLE001 - handed to the waiting thread
            box["error"] = e
        finally:
            done.set()

    # (an Event, not Thread.join: Python 3.11's join interrupted by Ctrl-C can take a
    # running thread for ended)
    threading.Thread(target=run, name="royal-sim solve", daemon=True).start()
    try:
        while not done.wait(0.1):
            pass
    except KeyboardInterrupt:
        stop()
        done.wait()                     # a node away (a second Ctrl-C: no more waiting)
        if isinstance(box.get("error"), KeyboardInterrupt):
            raise box["error"] from None
        raise
    if "error" in box:
        raise box["error"]
    return box["value"]


def _unsolved(game, setup, dealt, decl, side, lead, u, limit: int, as_json: bool,
              called: str | None, interrupted: bool = False) -> None:
    """What ``solve --game`` decided before a search passed ``--max-nodes`` or Ctrl-C came
    (``interrupted``) (``u``, an ``analysis.game_position.Unsolved``): on stdout the hands
    and the bounds found (JSON: ``"stopped": "max_nodes"`` or ``"interrupted"``, ``"count":
    {"at_least", "at_most", "unit"}``, the goal where the bounds decide it), on stderr one
    line saying what was not decided and (the limit) how to raise it."""
    import json

    from .games import listing, players_text

    unit = "points" if game.count(setup).points.any() else "tricks"
    goal = game.goal_of(setup)
    made = (None if goal is None else True if u.at_least >= goal
            else False if u.at_most < goal else None)
    missing = ("the exact count and the line" if u.stage == "count"
               else "every legal card's count and the line" if u.stage == "cards"
               else "the line")
    if as_json:
        out = {"game": game.id, "leader": game.seat_name(lead, setup),
               "declarer": game.seat_name(decl, setup),
               "side": [game.seat_name(x, setup) for x in side],
               **({} if called is None else {"called": called}),
               "stopped": "interrupted" if interrupted else "max_nodes",
               "interrupted": interrupted, "max_nodes": limit, "nodes": u.nodes,
               "count": {"unit": unit, "at_least": u.at_least, "at_most": u.at_most}}
        if goal is not None:
            out["goal"] = {"points": goal, "made": made}
        click.echo(json.dumps(out, ensure_ascii=False))
    else:
        width = terminal_width()
        click.echo(f"{game.title}, {players_text(game, setup)}")
        click.echo(listing(game, setup, dealt, width))
        count = (f"{u.at_least}" if u.decided
                 else f"at least {u.at_least}, at most {u.at_most}")
        words = (f"\nDouble dummy, {'interrupted' if interrupted else 'within the node limit'}"
                 f": declarer "
                 f"{game.seat_name(decl, setup)}'s side counts {count} {unit}")
        if goal is not None:
            words += (f"; goal {goal}: " + ("made" if made else "not made" if made is False
                                            else "not decided"))
        say(words + f"; {missing} not decided.", width, "  ")
    if interrupted:
        click.echo(f"Interrupted ({u.nodes:,} nodes searched); not decided: {missing}.",
                   err=True)
        return
    more = min(MAX_NODES_CAP, limit * 10)
    raise_it = (f"raise the limit (--max-nodes {more:,}: some ten times as long) or "
                if limit < MAX_NODES_CAP else "")
    click.echo(f"Stopped: a search passed --max-nodes ({limit:,} nodes; {u.nodes:,} "
               f"searched); not decided: {missing}. To decide them, {raise_it}solve an "
               "ending with fewer cards.", err=True)


def _minimax(game, setup, dealt, decl, lead, table) -> dict | None:
    """Strohmandli's minimax result-point difference for the declarer's seat, two players,
    a position at a trick start (``analysis.each_minimax``); ``None`` for other games."""
    if game.id != "strohmandli" or setup.players != 2:
        return None
    from ..analysis import each_minimax as M

    name = game.seat_name(decl, setup)
    n = max(int(h).bit_count() for h in dealt.hands)
    if table:
        return {"seat": name, "value": None, "why": "a trick in progress"}
    if n > M.MAX_TRICKS:
        return {"seat": name, "value": None,
                "why": f"{n} tricks, searched on at most {M.MAX_TRICKS} (an ending)"}
    r = M.minimax_difference(game, setup, dealt, me=decl, leader=lead)
    deck = game.deck(setup)
    return {"seat": name, "value": r.value, "nodes": r.nodes,
            "made": {"seat": list(r.made[0]), "other": list(r.made[1])},
            "line": [deck.card_names[c] for c in r.line]}


def _print_game(sol, dealt, called: str | None = None) -> None:
    """The text of a game's solution: the hands, the sides (``called``: módosított's called
    tarokk), the counts, the goal, the tricks, every card (``--cards``) and one optimal
    line, fitted to the width."""
    from .games import listing, players_text

    g, s = sol.game, sol.setup
    deck = g.deck(s)
    width = terminal_width()
    name = lambda x: g.seat_name(x, s)              # noqa: E731
    click.echo(f"{g.title}, {players_text(g, s)}")
    click.echo(listing(g, s, dealt, width))
    others = [x for x in range(s.players) if x not in sol.side]
    with_ = [name(x) for x in sol.side if x != sol.declarer]
    side = f"Declarer {name(sol.declarer)}" + (f" with {', '.join(with_)}" if with_
                                               else " alone")
    if called is not None:
        side += f" (calling {called})"
    n_tricks = g.n_tricks(s)
    first = n_tricks - len(sol.line) + 1
    now = f"{name(sol.leader)} leads trick {first} of {n_tricks}"
    if sol.table:
        now = (f"{name(sol.leader)} led trick {first} of {n_tricks} (on the table: "
               f"{' '.join(deck.card_names[c] for c in sol.table)}); {name(sol.to_play)} "
               "to play")
    say(f"\n{side} against {', '.join(name(x) for x in others)}; {now}.", width)
    say("Double dummy (every card seen, the other seats playing together):", width)
    if sol.card_points:
        say(f"  points: declarer {sol.points}, opponents {sol.total - sol.points} of the "
            f"{sol.total} still to come", width, "    ")
        goal = g.goal_of(s)
        if goal is not None:
            made = "made" if sol.points >= goal else "not made"
            missing = ([] if first == 1 else ["earlier tricks"]) + (
                [] if deck.n_cards == s.players * g.hand_size(s) else [g.rest_name()])
            say(f"  goal {goal}: {made}" + (f" on these points alone (the "
                                            f"{' and '.join(missing)} not added)"
                                            if missing else ""), width, "    ")
    say(f"  tricks: declarer {sol.tricks}, opponents {len(sol.line) - sol.tricks}"
        + ("" if sol.card_points else f" ({g.title} counts tricks, no card points)"),
        width, "    ")
    if sol.cards is not None:
        unit = "points" if sol.card_points else "tricks"
        whose = "the most" if sol.to_play in sol.side else "the least"
        say(f"\nEvery legal card of {name(sol.to_play)}, with the declarer side's {unit} "
            f"from this trick on (* best: {whose}):", width)
        for c, v in sol.ordered_cards():
            click.echo(f"  {'*' if v == sol.best else ' '} {deck.card_names[c]:5} {v:4}")
    say("\nOne optimal line (each trick: seats and cards in play order, winner):", width)
    for n, (ld, cards, w) in enumerate(sol.line, first):
        played = [f"{name((ld + i) % s.players)} {deck.card_names[c]}"
                  for i, c in enumerate(cards)]
        click.echo(_units(f"  {n:2}. ", played + [f"-> {name(w)}"], width))


def _units(head: str, units: list[str], width: int | None) -> str:
    """``units`` after ``head``, two spaces apart, wrapped to ``width`` between units (a
    seat and its card stay on one line), the continuation lines under the first unit."""
    lines, cur = [], head
    for u in units:
        sep = "" if cur == head or not cur.strip() else "  "
        if width is not None and cur.strip() and len(cur) + len(sep) + len(u) > width:
            lines.append(cur)
            cur, sep = " " * len(head), ""
        cur += sep + u
    return "\n".join(lines + [cur])
