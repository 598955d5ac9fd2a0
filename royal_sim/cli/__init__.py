"""The ``royal-sim`` command line: thin click commands over the library.

Every user error (``RoyalSimError``) is printed as one line ``Error: …`` and exits with
code 2, never a traceback.
"""

from __future__ import annotations

import functools
import os
import signal
import sys

import click

from ..errors import RoyalSimError, Terminated


def user_errors(fn):
    """Turn a ``RoyalSimError`` raised inside a command into one line ``Error: …`` on stderr
    and exit code 2 (click's own option errors also exit 2); Ctrl-C into "Interrupted." and
    exit code 130, without a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RoyalSimError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(2)
        except KeyboardInterrupt as e:
            click.echo(("\n" if sys.stderr.isatty() else "") + "Interrupted.", err=True)
            sys.exit(interrupt_code(e))

    return wrapper


def interrupt_code(e: KeyboardInterrupt) -> int:
    """Exit code of a run stopped by Ctrl-C (130) or SIGTERM (143), as shells report them."""
    return 143 if isinstance(e, Terminated) else 130


def _raise_terminated(signum, frame):
    raise Terminated()


_CONSTRAINT_OPTIONS = (
    click.option("--holds", multiple=True, metavar="SEAT:CARDS",
                 help="SEAT holds these cards, e.g. D_ELF:XXI,skiz. Repeatable."),
    click.option("--not-holds", multiple=True, metavar="SEAT:CARDS",
                 help="SEAT holds none of these cards. Repeatable."),
    click.option("--tarokks", multiple=True, metavar="SEAT:MIN-MAX",
                 help="Tarokk count of SEAT: N, MIN-MAX, MIN+ or -MAX, e.g. D_IND:8-10. "
                      "Repeatable."),
    click.option("--suit", "suits", multiple=True, metavar="SEAT:SUIT:MIN-MAX",
                 help="Length of a suit (S, C, H, D) in SEAT's hand, e.g. A_ELF:H:0-1. "
                      "Repeatable."),
    click.option("--void", "voids", multiple=True, metavar="SEAT:SUIT",
                 help="SEAT has no card of SUIT (S, C, H, D). Repeatable."),
)


def constraint_options(fn):
    """The sampler's constraint options (facts about the other hands), shared by commands."""
    for opt in reversed(_CONSTRAINT_OPTIONS):
        fn = opt(fn)
    return fn


def _n_deals(n: int) -> str:
    return f"{n} deal" if n == 1 else f"{n} deals"


class _OneLineErrors(click.Group):
    """A click group whose usage errors (bad option value, unknown command, missing
    argument) are one ``Error:`` line on stderr with exit code 2, like every other error of
    the tool, instead of click's usage block."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        # SIGTERM (kill, timeout) stops a run the way Ctrl-C does: workers stopped, finished
        # batch inputs kept, no traceback
        try:
            previous = signal.signal(signal.SIGTERM, _raise_terminated)
        except ValueError:          # not the main thread: signals are not ours to handle
            previous = None
        try:
            return self._main(args, prog_name, complete_var, **extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    def _main(self, args, prog_name, complete_var, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.format_message(), err=True)        # the help, not an error line
            sys.exit(e.exit_code)
        except click.ClickException as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("Interrupted.", err=True)
            sys.exit(130)
        except OSError as e:
            # the output cannot be written (disk full, closed pipe) or a file cannot be read
            why = e.strerror or str(e)
            if e.filename:
                click.echo(f"Error: {why}: {e.filename}", err=True)
            else:
                click.echo(f"Error: cannot write the output: {why}", err=True)
                try:        # keep Python's exit from flushing into the broken stdout again
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                except (OSError, ValueError):
                    pass
            sys.exit(2)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="royal-sim")
def main():
    """Royal tarokk double-dummy analyzer and bid advisor.

    Double-dummy figures assume every player sees all cards: they are optimistic for the
    side that would have to guess.
    """


@main.command("deal")
@click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(min=1),
              help="Number of deals.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None,
              help="Random seed; the same seed gives the same deals. Default: a fresh one, "
                   "printed.")
@click.option("--hand", metavar="CARDS",
              help="Your 10 cards, e.g. 'XXII XX XV IX III SK SQ HN DK DJ'; the deals "
                   "complete it.")
@click.option("--seat", metavar="SEAT",
              help="Your seat (needed with --hand): A_IND, D_ELF, D_IND, A_ELF or indito, "
                   "ellenelfogo, ellenindito, elfogo.")
@constraint_options
@click.option("--method", type=click.Choice(["auto", "rejection", "exact"]), default="auto",
              show_default=True, help="Sampling method (all give the same distribution).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json (as in the "
              "other commands).")
@user_errors
def deal_command(count, seed, hand, seat, holds, not_holds, tarokks, suits, voids, method,
                 fmt, as_json):
    """Random valid deals, optionally completing your hand under known constraints.

    Deals are uniform over all deals with XX at A_IND, XIX at A_ELF, at least 3 tarokks in
    every hand (spec §2), and the given constraints.
    """
    import json
    import secrets

    from ..model.deal import parse_hand, parse_seat
    from ..errors import ConstraintError
    from ..sampling.sampler import Constraints, sample_deals

    if hand is not None and seat is None:
        raise ConstraintError("--hand needs --seat (the seat of the known hand)")
    if seat is not None and hand is None:
        raise ConstraintError("--seat needs --hand (the cards of that seat)")
    seat_ = parse_seat(seat) if seat is not None else None
    hand_ = parse_hand(hand, seat_) if hand is not None else None
    constraints = Constraints.parse(holds=holds, not_holds=not_holds, tarokks=tarokks,
                                    suits=suits, voids=voids)
    if seed is None:
        seed = secrets.randbits(63)
    result = sample_deals(count, seed, hand_, seat_, constraints, method=method)
    if fmt == "json" or as_json:
        click.echo(json.dumps({"deals": [str(d) for d in result], "attempts": result.attempts,
                               "method": result.method, "seed": seed}))
        return
    for i, d in enumerate(result, 1):
        click.echo(f"Deal {i}")
        click.echo(d.to_text())
        click.echo()
    click.echo(f"{len(result)} deal(s), {result.attempts} attempt(s), method {result.method}, "
               f"seed {seed}")


@main.command("solve")
@click.argument("deal", metavar="DEAL")
@click.option("--leader", default="A_IND", show_default=True, metavar="SEAT",
              help="Seat leading the first remaining trick.")
@click.option("--first-trick", type=int, default=None, metavar="N",
              help="Number (1-10) of the first remaining trick; it must be 11 - cards per "
                   "hand (the default), since the last trick is always trick 10.")
@click.option("--rules", type=click.Choice(["gerots", "laza"]), default="gerots",
              show_default=True, help="Rule set for the slems' obligatory play.")
@click.option("--no-slems", is_flag=True, help="Only the trick counts (faster).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@user_errors
def solve_command(deal, leader, first_trick, rules, no_slems, as_json):
    """Double-dummy result of a full deal or a position (an ending).

    DEAL is the four hands in play order A_IND / D_ELF / D_IND / A_ELF separated by '/',
    e.g. "XX XVIII ... / ... / ... / XIX ...". Every hand has the same number of cards.
    Prints the tricks each pair can force with all cards visible and one optimal line of
    play (--json: the trick counts and the slems, without the line).
    """
    import json

    from ..model.deal import SEATS, Deal, Pair, parse_seat
    from ..errors import DealError
    from ..double_dummy import TAROKK_RULES
    from ..engine.solver import Solver, optimal_line

    d = Deal.parse(deal)
    lead = parse_seat(leader)
    k = d.cards_per_hand
    start = 11 - k
    if first_trick is None:
        first_trick = start
    if first_trick != start:
        raise DealError(f"--first-trick {first_trick} is impossible: with {k} card"
                        f"{'s' if k != 1 else ''} per hand the next trick is trick {start} "
                        "(the last trick is always 10)")
    solver = Solver(TAROKK_RULES)
    attack = solver.max_tricks(d.hands, int(lead), first_trick, int(Pair.ATTACK))
    result = {"leader": lead.name, "first_trick": first_trick,
              "tricks": {"attack": attack, "defence": k - attack}}
    if not no_slems:
        from ..analysis import solve_slems
        result["slems"] = {p.label: solve_slems(d.hands, p, leader=int(lead),
                                                first_trick=first_trick, rules=rules)
                           for p in Pair}
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(d.to_text())
    click.echo(f"\n{lead.name} leads trick {first_trick}; double dummy: attack {attack}, "
               f"defence {k - attack} of {k} trick(s).")
    for label, made in result.get("slems", {}).items():
        yes = [key for key, v in made.items() if v]
        click.echo(f"Slems the {label} can force ({len(yes)} of {len(made)}): "
                   + (", ".join(yes) if yes else "none"))
    click.echo("One optimal line (each trick: cards in play order, winner):")
    from ..model.cards import format_card
    for n, (ld, cards, w) in enumerate(optimal_line(solver, d.hands, int(lead), first_trick),
                                       first_trick):
        played = "  ".join(f"{SEATS[(ld + i) & 3].name} {format_card(c)}"
                           for i, c in enumerate(cards))
        click.echo(f"  {n:2}. {played}  -> {SEATS[w].name} ({SEATS[w].pair.label})")


EXAMPLE_HAND = "XXII XX XVIII XVI XIV IX IV SK SQ HK"
EXAMPLE_SEAT = "A_IND"


def _bar(p: float, width: int = 20) -> str:
    full = int(round(p * width))
    return "#" * full + "." * (width - full)


LOG_EVERY = 30.0
"""Seconds between progress lines on a stderr that is not a terminal (a log file)."""


class ProgressLines:
    """Progress for a stderr that is not a terminal (no bar there): a line ``label: 0 of
    total`` + ``note`` when the work starts (``update(0)``) if there is a note (the kernels
    are compiling), then ``label: done of total`` at most every ``LOG_EVERY`` seconds, so
    a long run logged to a file shows it is alive."""

    def __init__(self, total: int, label: str, note: str = ""):
        import time

        self.total, self.label, self.note, self._clock = total, label, note, time.monotonic
        self.done = 0
        self._last = self._clock()

    def update(self, n: int = 1) -> None:
        """``n`` more of the total are done (0: the work starts)."""
        self.done += n
        now = self._clock()
        if n == 0:
            if self.done == 0 and self.note:
                click.echo(f"{self.label}: 0 of {self.total}{self.note}", err=True)
        elif now - self._last >= LOG_EVERY and self.done < self.total:
            self._last = now
            click.echo(f"{self.label}: {self.done} of {self.total}", err=True)


def compile_note() -> str:
    """`` (compiling ...)`` when numba's cache lacks the search kernels, else ``""``."""
    from ..engine.cells import kernels_compiled

    if kernels_compiled() is False:
        return " (compiling the search kernels first: once, about half a minute)"
    return ""


class LazyProgress:
    """A click progress bar on stderr that appears only once the work starts (so an input
    error found before any work prints nothing but the error), at first with a note that
    the kernels are being compiled if they are; off a terminal, ``ProgressLines``."""

    def __init__(self, length: int, label: str):
        self.length = length
        self.label = label
        self.bar = None
        self.note = compile_note()
        self.lines = None if sys.stderr.isatty() else ProgressLines(length, label, self.note)

    def update(self, n: int) -> None:
        if self.lines is not None:
            self.lines.update(n)
            return
        if self.bar is None:
            self.bar = click.progressbar(length=self.length, label=self.label + self.note,
                                         file=sys.stderr, show_pos=True, show_eta=True)
            self.bar.__enter__()
            if n == 0:
                self.bar.render_progress()
                return
        if n and self.bar.label != self.label:
            self.bar.label = self.label
        self.bar.update(n)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


_ANALYSIS_OPTIONS = (
    click.argument("hand", required=False, metavar="HAND"),
    click.option("--seat", metavar="SEAT", help="Your seat: A_IND, D_ELF, D_IND, A_ELF (or "
                 "indito, ellenelfogo, ellenindito, elfogo)."),
    click.option("--example", is_flag=True,
                 help=f"Use the built-in example hand ({EXAMPLE_HAND} at {EXAMPLE_SEAT})."),
    click.option("--samples", default=1000, show_default=True, type=int,
                 help="Deals to sample (1 to 1,000,000)."),
    click.option("--seed", default=1, show_default=True, type=click.IntRange(0, 2**64 - 1),
                 help="Sampler seed (same seed, same deals, same figures)."),
    click.option("--rules", type=click.Choice(["gerots", "laza"]), default="gerots",
                 show_default=True, help="Rule set: Gerots (obligatory play for announced "
                 "cards) or laza (none)."),
    click.option("--igazitas/--no-igazitas", default=True, show_default=True,
                 help="Laza scoring with or without igazítás (consolatio)."),
    click.option("--only", metavar="ID,...",
                 help="Only these slems (ids, e.g. gem,volat,ultimo; 'royal-sim slems')."),
    click.option("--param", "params", multiple=True, metavar="ID=PARAM",
                 help="Fix a slem's parameter instead of trying every candidate, e.g. "
                      "ultimo=SK (a magasító of your own hand), banda=S, "
                      "piros_fekete=H,S. Repeatable."),
    click.option("--partner-tarokks", metavar="RANGE",
                 help="Partner's tarokk count as heard (e.g. 8, 7-9): a sampling constraint."),
    click.option("--heard", multiple=True, metavar="SEAT:ANNOUNCEMENT",
                 help="An announcement heard from another seat, e.g. A_ELF:tarokkszam:9, "
                      "D_ELF:flush, D_IND:flush:S, A_ELF:matador: the sampled deals obey it. "
                      "Repeatable."),
    click.option("--jobs", type=click.IntRange(min=1), default=None,
                 help="Cores to use (search threads). Default: all cores."),
    click.option("--json", "as_json", is_flag=True, help="Machine-readable output."),
)


def analysis_options(fn):
    """The options shared by ``analyze`` and ``advise`` (hand, sampling, rules, facts)."""
    fn = constraint_options(fn)
    for opt in reversed(_ANALYSIS_OPTIONS):
        fn = opt(fn)
    return fn


def _run_analysis(opts: dict, *, partner_bids=(), opponent_bids=()):
    """Validate the shared options and run ``analysis.analyze`` with a progress bar on
    stderr. Returns ``(Analysis, known)``: ``known`` lists the facts the deals were
    sampled under, as text. Raises ``RoyalSimError`` for any bad input."""

    import numba

    from ..slems import catalogue as S
    from ..analysis import analyze
    from ..model.deal import SEATS, parse_hand, parse_seat
    from ..errors import RoyalSimError
    from ..sampling.sampler import Constraints

    hand, seat = opts["hand"], opts["seat"]
    if opts["example"]:
        if hand is not None:
            raise RoyalSimError("give either HAND or --example, not both")
        if seat is not None and parse_seat(seat).name != EXAMPLE_SEAT:
            raise RoyalSimError(f"--example is the hand of {EXAMPLE_SEAT} ({EXAMPLE_HAND}); "
                                "leave out --seat or give your own HAND")
        hand, seat = EXAMPLE_HAND, EXAMPLE_SEAT
    if hand is None:
        raise RoyalSimError("missing HAND (your 10 cards) or --example")
    if seat is None:
        raise RoyalSimError("missing --seat (A_IND, D_ELF, D_IND or A_ELF)")
    from ..analysis import MAX_SAMPLES
    if opts["rules"] == "gerots" and not opts["igazitas"]:
        raise RoyalSimError("--no-igazitas is a laza option (Gerots scoring always has the "
                            "consolatio); add --rules laza")
    samples = opts["samples"]
    if not 1 <= samples <= MAX_SAMPLES:
        raise RoyalSimError(f"--samples must be 1..{MAX_SAMPLES:,}, got {samples}")
    seat_ = parse_seat(seat)
    hand_ = parse_hand(hand, seat_)
    only_ids = None
    if opts["only"] is not None:
        only_ids = [s.id for s in S.parse_slem_list(opts["only"])]
        if not only_ids:
            raise RoyalSimError("--only lists no slem (give ids like gem,volat,ultimo)")
    fixed = {}
    for text in opts["params"]:
        if "=" not in text:
            raise RoyalSimError(f"bad --param {text!r}: use ID=PARAM, e.g. ultimo=I")
        sid, ptext = text.split("=", 1)
        slem = S.get_slem(sid.strip())
        if slem.id in fixed:
            raise RoyalSimError(f"--param given twice for {slem.id}")
        if only_ids is not None and slem.id not in only_ids:
            raise RoyalSimError(f"--param {text}: {slem.id} is not among the --only slems")
        param = S.parse_param(slem, ptext.strip())
        if slem.param.arity and param not in S.candidate_params(slem, hand_):
            raise RoyalSimError(f"--param {text}: you cannot announce "
                                f"{S.format_param(slem, param)} (not a magasító of your hand)")
        fixed[slem.id] = param
    ids = only_ids if only_ids is not None else list(S.SLEMS)
    cannot = [i for i in ids if i not in fixed and not S.candidate_params(i, hand_)]
    if cannot:
        one = all(S.get_slem(i).param.arity == 1 for i in cannot)
        why = (f"{', '.join(cannot)}: your hand cannot announce "
               f"{'it' if len(cannot) == 1 else 'them'} (each names "
               f"{'a magasító' if one else 'magasítók'} of your own hand: I-IV or a king)")
        if only_ids is not None and len(cannot) == len(only_ids):
            raise RoyalSimError(f"--only {why}")
        if only_ids is not None:
            click.echo(f"Note: left out {why}", err=True)
    tarokks = opts["tarokks"]
    if opts["partner_tarokks"]:
        tarokks = (*tarokks, f"{seat_.partner.name}:{opts['partner_tarokks']}")
    constraints = Constraints.parse(holds=opts["holds"], not_holds=opts["not_holds"],
                                    tarokks=tarokks, suits=opts["suits"], voids=opts["voids"])
    sampler = None
    known = [f"{s.name}: {c.describe()}" for s, c in zip(SEATS, constraints.seats)
             if not c.is_free]
    if opts["heard"]:
        from ..sampling.evidence import evidence_sampler, parse_heard
        heard = [parse_heard(h) for h in opts["heard"]]
        sampler = evidence_sampler(heard)
        known += [f"heard {h.key}" for h in heard]
    known += [f"partner bid {b.key}" for b in partner_bids]
    known += [f"opponents bid {b.key}" for b in opponent_bids]
    jobs = opts["jobs"] or os.cpu_count() or 1
    numba.set_num_threads(min(jobs, numba.config.NUMBA_NUM_THREADS))
    with LazyProgress(samples, "searching deals") as bar:
        result = analyze(hand_, seat_, samples=samples, seed=opts["seed"],
                         rules=opts["rules"], only=only_ids, fixed=fixed,
                         constraints=constraints, progress=bar.update,
                         partner_bids=partner_bids, opponent_bids=opponent_bids,
                         sampler=sampler)
    return result, known


def _announcements(hand: int) -> list[str]:
    from ..model import announcements as A
    return [A.announcement_key(a, p) for a, p in A.hand_announcements(hand)]


@main.command("analyze")
@analysis_options
@user_errors
def analyze_command(**opts):
    """Probability that your pair completes each slem, holding HAND at --seat.

    HAND is your 10 cards, e.g. "XXII XX XVIII XVI XIV IX IV SK SQ HK". Deals consistent
    with it (and with any --holds/--void/--heard facts) are sampled and searched double
    dummy: a slem counts as made when your pair can force it with all cards visible, A_IND
    leading. Each slem shows its best parameter, the probability with a 95% Wilson interval,
    and the expected score of bidding it alone (consolatio and caps included) and its gain
    over not bidding. "<=" marks an upper bound (a relaxed search below 1%: the exact
    parameters were not searched). Double dummy is optimistic for the side that would have
    to guess: read the figures as upper estimates of what is makeable at the table.
    """
    import json

    from ..advisor import bid_values
    from ..model.cards import format_cards

    result, known = _run_analysis(opts)
    values = bid_values(result, igazitas=opts["igazitas"])
    anns = _announcements(result.hand)
    if opts["as_json"]:
        def row(r):
            d = r.to_json()
            v = values.get(r.key)
            d["expected_score"] = None if v is None else round(v.expected, 3)
            d["gain"] = None if v is None else round(v.gain, 3)
            d["plain_gain"] = None if v is None else round(v.plain, 3)
            return d
        click.echo(json.dumps({
            "hand": format_cards(result.hand), "seat": result.seat.name,
            "rules": result.rules, "igazitas": opts["igazitas"], "samples": result.samples,
            "seed": result.seed, "known": known, "slems": [row(r) for r in result.best],
            "candidates": [row(r) for r in result.candidates],
            "max_tricks": {str(k): int((result.max_tricks == k).sum()) for k in range(11)},
            "announcements": anns}))
        return
    _print_analysis(result, anns, values, known)


@main.command("advise")
@analysis_options
@click.option("--partner-bids", metavar="KEY,...",
              help="Bids your partner has made (e.g. ultimo:SK,gem): always in your pair's "
                   "set; announced cards become facts about the partner's hand.")
@click.option("--their-bids", metavar="KEY,...",
              help="The opponents' bids (e.g. xxi_fogas,banda:H): the chance each fails and "
                   "the expected gain of a kontra.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(min=1),
              help="Bid sets to show.")
@click.option("--max-bids", default=3, show_default=True, type=click.IntRange(1, 8),
              help="Most bids of your own in a set.")
@user_errors
def advise_command(partner_bids, their_bids, top, max_bids, **opts):
    """Best bid sets for your pair, ranked by expected score, and kontra advice.

    Each sampled deal is scored (consolatio, raises, caps: spec §4) with every bid judged
    by its own double-dummy search; sets are legal together (raise chains, one trophy,
    not Fácán with Sólyom, színfogó bids only as raises of one another). Shows the
    expected score, its standard error and the chance of finishing below the no-bid score
    (with --partner-bids: below the score of the partner's bids alone, adding none of
    yours). Bids are judged one by one, so a set whose bids compete for the same tricks is
    scored optimistically.
    """
    import json

    from ..advisor import MIN_PROBABILITY, best_bid_sets, bid_candidates, kontra_advice
    from ..model.cards import tokens
    from ..scoring import validate_bids
    from ..slems.catalogue import Bid, card_trick_conflict

    mine = [Bid.parse(t) for t in tokens(partner_bids or "")]
    theirs = [Bid.parse(t) for t in tokens(their_bids or "")]
    for name, given, bids in (("--partner-bids", partner_bids, mine),
                              ("--their-bids", their_bids, theirs)):
        if given is not None and not bids:
            raise RoyalSimError(f"{name} lists no bid (give keys like gem,ultimo:SK)")
    validate_bids(mine, opts["rules"])
    validate_bids(theirs, opts["rules"])
    for who, bids in (("your partner's", mine), ("their", theirs)):
        why = card_trick_conflict(bids)
        if why:
            click.echo(f"Note: {who} bids cannot all be made: {why}", err=True)
    result, known = _run_analysis(opts, partner_bids=mine, opponent_bids=theirs)
    sets = best_bid_sets(result, igazitas=opts["igazitas"], partner_bids=result.partner,
                         top=top, max_bids=max_bids)
    # the baseline of the risk column: no bid of the user's (the partner's bids alone)
    baseline = best_bid_sets(result, igazitas=opts["igazitas"], partner_bids=result.partner,
                             top=1, max_bids=0)[0]
    n_cands = len(bid_candidates(result, result.partner))
    kontras = kontra_advice(result, result.opponent, igazitas=opts["igazitas"])
    if opts["as_json"]:
        from ..model.cards import format_cards
        click.echo(json.dumps({
            "hand": format_cards(result.hand), "seat": result.seat.name,
            "rules": result.rules, "igazitas": opts["igazitas"], "samples": result.samples,
            "seed": result.seed, "known": known,
            "partner_bids": [r.to_json() for r in result.partner],
            "bid_sets": [b.to_json() for b in sets], "baseline": baseline.to_json(),
            "their_bids": [k.to_json() for k in kontras]}))
        return
    from tabulate import tabulate
    click.echo(f"{_n_deals(result.samples)}, rules {result.rules}"
               + ("" if result.rules == "gerots" else
                  f" ({'with' if opts['igazitas'] else 'without'} igazítás)")
               + "; expected points of your pair per deal, double dummy.")
    _echo_known(known)
    click.echo(tabulate([[i, ", ".join(b.bids) or "(no bid)", f"{b.expected:.1f}",
                          f"{b.stderr:.1f}", f"{b.below_nobid:.1%}"]
                         for i, b in enumerate(sets, 1)],
                        headers=["#", "bids", "E[score]", "s.e.",
                                 "P(below partner's bids alone)" if mine
                                 else "P(below no-bid)"]))
    if baseline not in sets:
        who = "Your partner's bids alone" if mine else "No bid"
        click.echo(f"{who}: E[score] {baseline.expected:.1f} (s.e. {baseline.stderr:.1f}).")
    if n_cands == 0:
        click.echo(f"None of the slems searched is made on at least {MIN_PROBABILITY:.0%} of "
                   "the deals (relaxed upper bounds and silent-only slems are not bid), so "
                   "there is no bid to propose.")
    if kontras:
        click.echo()
        click.echo(tabulate([[k.result.key, f"{k.p_fail:.1%}", f"{k.gain:+.1f}"]
                             for k in kontras],
                            headers=["their bid", "P(fails)", "kontra gain"]))


def _echo_known(known: list[str]) -> None:
    """The facts the deals were sampled under (constraints, heard announcements, bids)."""
    if known:
        click.echo("Known: " + "; ".join(known))


def _sampling_words(method: str) -> str:
    """The sampler's method label (``evidence``: ``cases:rejection+filter``) in words."""
    by_cases = method.startswith("cases:")
    m = method.removeprefix("cases:")
    filtered = m.endswith("+filter")
    m = m.removesuffix("+filter").replace("+", " and ")
    return (f"{m} sampling" + (" by cases of the announcements heard" if by_cases else "")
            + (", filtered by rejection" if filtered else ""))


def _print_analysis(result, anns, values, known) -> None:
    from tabulate import tabulate

    from ..model.cards import format_cards
    from ..slems.catalogue import format_param

    click.echo(f"Hand {format_cards(result.hand)} at {result.seat.name} "
               f"({result.seat.pair.label}); rules {result.rules}; {_n_deals(result.samples)} "
               f"(seed {result.seed}, {_sampling_words(result.sampling_method)}); "
               f"double dummy, A_IND leads.")
    _echo_known(known)
    counts = [int((result.max_tricks == k).sum()) for k in range(11)]
    mean = float(result.max_tricks.mean())
    click.echo(f"Tricks your pair can force: mean {mean:.2f}; distribution "
               + " ".join(f"{k}:{n}" for k, n in enumerate(counts) if n))
    rows = []
    group = None
    for r in result.best:
        lo, hi = r.ci95
        g = r.slem.group if r.slem.group != group else ""
        group = r.slem.group
        prob = f"<= {r.probability:6.1%}" if r.bound else f"{r.probability:6.1%}"
        v = values.get(r.key)
        rows.append([g, r.slem.name, "" if r.param is None else format_param(r.slem, r.param),
                     r.slem.value, prob, f"{lo:5.1%} - {hi:5.1%}", _bar(r.probability),
                     "" if v is None else f"{v.expected:6.1f}",
                     "" if v is None else f"{v.gain:+6.1f}"])
    click.echo(tabulate(rows, headers=["group", "slem", "param", "value", "probability",
                                       "95% CI", "chance", "E[score]", "gain"]))
    click.echo("E[score]: mean points of your pair with this as its only bid (consolatio and "
               "caps included); gain: minus the no-bid mean.")
    click.echo("Hand announcements available: " + (", ".join(anns) if anns else "none"))


@main.command("slems")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def slems_command(as_json):
    """The slem (bid) catalogue: ids, names, groups, values and parameters (spec §3)."""
    import json

    from tabulate import tabulate

    from ..slems.catalogue import SLEMS

    rows = [{"id": s.id, "name": s.name, "gloss": s.gloss, "group": s.group,
             "value": s.value, "param": s.param.value, "predicate": s.text}
            for s in SLEMS.values()]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    click.echo(tabulate([[r["id"], r["name"], r["group"], r["value"], r["param"], r["gloss"]]
                         for r in rows],
                        headers=["id", "name", "group", "value", "param", "gloss"]))


from .batch import batch_command  # noqa: E402
main.add_command(batch_command)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
