"""A plain, obviously correct double-dummy reference, used only by the tests.

It plays the rules of ``spec/royal-tarokk.md`` §2 straight from a ``PlayRules`` record (so it also
plays bridge) and evaluates goals (``royal_sim.engine.goal.Goal``) on the finished list of
tricks, exactly as the ``Goal`` docstring words them. No pruning, no equivalent cards, no
bounds: every legal card of every player is tried.

- ``ref_max_tricks``: minimax over single cards, memoised at trick boundaries on
  (remaining hands, leader); the value of a trick-boundary position depends on nothing else.
- ``ref_goal``: AND/OR over single cards (``any`` over the searching pair's cards, ``all``
  over the opponents'), with the goal checked only on the complete play by ``goal_holds``.
  The whole play history is part of the state (the goal is only judged on the complete
  play), so no two nodes share a state and nothing is memoised: it is only fast enough for
  small positions (≤ 4–5 tricks). ``any``/``all`` stop at the first decisive card, which
  changes nothing but the running time.

Conventions (same as the kernel API): ``hands`` are 4 bit masks in seat/play order, all of one
size; ``leader`` is the seat leading the first remaining trick; ``first_trick`` is that trick's
absolute 1-based number; ``pair`` is 0 or 1 as in ``rules.pair_of``.

Goal clauses that name a trick outside the remaining tricks (``trick_req`` or
``split_tricks`` bits of tricks already played or beyond the last one) are read literally on
the tricks that are played here: a required trick that is not played is not won, so the goal
is false; ``split_tricks`` looks only at the listed tricks that are played. A ``capture`` card
that is in no remaining hand is in no trick of this play and is not checked; a
``capture_any`` mask with no card in the remaining hands cannot be met. (The tests do not
rely on these readings for tricks or cards outside the position.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from royal_sim.engine.goal import Goal


@dataclass(frozen=True)
class Trick:
    """One finished trick: its absolute number, the leading seat, the card each seat played
    (``cards[seat]``), the seat whose card won it and that card."""

    number: int
    leader: int
    cards: tuple[int, int, int, int]
    winner: int
    winning_card: int

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m


# --------------------------------------------------------------------------------------
# play rules (spec §2), read from the PlayRules arrays


def _suit_mask(rules, suit: int) -> int:
    return int(rules.suit_masks[suit])


def legal_cards(rules, hand: int, led_card: int | None) -> list[int]:
    """Card ids the holder of ``hand`` may play; ``led_card`` is None when leading.

    Follow the led suit if able; void in it: a trump if ``rules.must_trump`` and holding one;
    otherwise anything. (A trump lead is just "follow suit" with the trump suit.)
    """
    allowed = hand
    if led_card is not None:
        follow = hand & _suit_mask(rules, int(rules.suit_of[led_card]))
        if follow:
            allowed = follow
        elif rules.must_trump and rules.trump >= 0 and hand & _suit_mask(rules, rules.trump):
            allowed = hand & _suit_mask(rules, rules.trump)
    return [c for c in range(rules.n_cards) if allowed >> c & 1]


def trick_winner(rules, played: list[int]) -> int:
    """Index into ``played`` (cards in play order, led card first) of the winning card:
    the highest trump if any trump was played, else the highest card of the led suit
    (strength = card id order inside a suit)."""
    suit = [int(rules.suit_of[c]) for c in played]
    if rules.trump >= 0 and rules.trump in suit:
        best_suit = rules.trump
    else:
        best_suit = suit[0]
    best = None
    for i, c in enumerate(played):
        if suit[i] == best_suit and (best is None or c > played[best]):
            best = i
    return best


def _play_card(hands: tuple, seat: int, card: int) -> tuple:
    h = list(hands)
    h[seat] &= ~(1 << card)
    return tuple(h)


def _finish_trick(rules, number: int, leader: int, played: list[int]) -> Trick:
    w = trick_winner(rules, played)
    cards = [0] * 4
    for i, c in enumerate(played):
        cards[(leader + i) % 4] = c
    return Trick(number, leader, tuple(cards), (leader + w) % 4, played[w])


# --------------------------------------------------------------------------------------
# maximum tricks


def ref_max_tricks(hands, leader: int, first_trick: int, rules, pair: int = 0,
                   trick=()) -> int:
    """Maximum number of the remaining tricks ``pair`` can force (all cards visible).

    ``first_trick`` does not matter for a trick count; it is accepted for symmetry.
    ``trick``: cards already played to the current trick (leader's first; ``hands`` are
    the hands now), the current trick counted."""
    hands = tuple(int(h) for h in hands)
    pair_of = tuple(int(p) for p in rules.pair_of)

    @lru_cache(maxsize=None)
    def value(hs: tuple, lead: int) -> int:
        if hs[0] == 0:
            return 0
        return in_trick(hs, lead, ())

    def in_trick(hs: tuple, lead: int, played: tuple) -> int:
        if len(played) == 4:
            w = (lead + trick_winner(rules, list(played))) % 4
            return (pair_of[w] == pair) + value(hs, w)
        seat = (lead + len(played)) % 4
        led = played[0] if played else None
        results = [in_trick(_play_card(hs, seat, c), lead, played + (c,))
                   for c in legal_cards(rules, hs[seat], led)]
        return max(results) if pair_of[seat] == pair else min(results)

    if trick:
        return in_trick(hands, int(leader), tuple(int(c) for c in trick))
    return value(hands, int(leader))


# --------------------------------------------------------------------------------------
# goals


def goal_holds(goal: Goal, pair: int, tricks: list[Trick], rules) -> bool:
    """Whether ``goal`` holds for ``pair`` over the finished ``tricks`` (clause by clause as
    in the ``Goal`` docstring)."""
    pair_of = [int(p) for p in rules.pair_of]

    def won(t: Trick) -> bool:
        return pair_of[t.winner] == pair

    by_number = {t.number: t for t in tricks}
    if goal.impossible:
        return False
    # min_tricks: the pair wins at least k of the tricks in count_tricks
    counted = sum(1 for t in tricks if won(t) and goal.count_tricks >> (t.number - 1) & 1)
    if counted < goal.min_tricks:
        return False
    # trick_req: trick t won by the pair with a card of the mask (mask 0 = no requirement)
    for number, mask in goal.trick_req.items():
        if not mask:
            continue
        t = by_number.get(number)
        if t is None or not won(t) or not (mask >> t.winning_card & 1):
            return False
    # capture: every card of the mask is in a trick the pair wins
    for t in tricks:
        if t.mask & goal.capture and not won(t):
            return False
    # capture_any: at least one card of the mask is in a trick the pair wins
    capture_any = getattr(goal, "capture_any", 0)
    if capture_any and not any(won(t) and t.mask & capture_any for t in tricks):
        return False
    # exists: for each mask, some trick won by the pair with a card of it
    for mask in goal.exists:
        if not any(won(t) and mask >> t.winning_card & 1 for t in tricks):
            return False
    # run: run_len consecutive tricks, each won by the pair with a card of run_mask
    if goal.run_len > 0:
        best = run = 0
        for t in sorted(tricks, key=lambda t: t.number):
            run = run + 1 if won(t) and goal.run_mask >> t.winning_card & 1 else 0
            best = max(best, run)
        if best < goal.run_len:
            return False
    # split_tricks: the winning cards of these tricks do not all come from one hand
    if goal.split_tricks:
        seats = {t.winner for t in tricks if goal.split_tricks >> (t.number - 1) & 1}
        if len(seats) < 2:
            return False
    return True


def restricted(cards: list[int], trick: int, leading: bool, goal: Goal, hold) -> list[int]:
    """The searching pair's choice among its legal ``cards`` under the goal's play
    restrictions (Gerots obligatory play): no card before its ``hold`` trick unless nothing
    else is legal; on lead, a card of ``goal.lead_req[trick]`` when holding one."""
    if hold is not None:
        free = [c for c in cards if hold[c] <= trick]
        cards = free or cards
    if leading and goal.lead_req.get(trick):
        m = goal.lead_req[trick]
        inside = [c for c in cards if m >> c & 1]
        cards = inside or cards
    return cards


def ref_goal(hands, leader: int, first_trick: int, goal: Goal, pair: int, rules,
             hold=None, trick=(), history=()) -> bool:
    """Can ``pair`` force ``goal`` over the remaining tricks (all cards visible)?
    ``hold``: optional per-card earliest trick for the pair (see ``restricted``);
    ``trick``: cards already played to the current trick ``first_trick`` (see
    ``ref_max_tricks``); ``history``: the tricks before it, ``[(leader, [cards in play
    order])…]`` ending with trick ``first_trick - 1``, judged with the rest."""
    hands = tuple(int(h) for h in hands)
    past = tuple(_finish_trick(rules, first_trick - len(history) + i, ld, list(cards))
                 for i, (ld, cards) in enumerate(history))
    first_trick -= len(history)
    pair_of = tuple(int(p) for p in rules.pair_of)

    def at_boundary(hs: tuple, lead: int, history: tuple) -> bool:
        if hs[0] == 0:
            return goal_holds(goal, pair, list(history), rules)
        return in_trick(hs, lead, history, ())

    def in_trick(hs: tuple, lead: int, history: tuple, played: tuple) -> bool:
        if len(played) == 4:
            t = _finish_trick(rules, first_trick + len(history), lead, list(played))
            return at_boundary(hs, t.winner, history + (t,))
        seat = (lead + len(played)) % 4
        led = played[0] if played else None
        cards = legal_cards(rules, hs[seat], led)
        if pair_of[seat] == pair:
            cards = restricted(list(cards), first_trick + len(history), not played, goal, hold)
        options = (in_trick(_play_card(hs, seat, c), lead, history, played + (c,))
                   for c in cards)
        return any(options) if pair_of[seat] == pair else all(options)

    if trick:
        return in_trick(hands, int(leader), past, tuple(int(c) for c in trick))
    return at_boundary(hands, int(leader), past)


def ref_card_values(hands, leader: int, first_trick: int, trick, rules, pair: int = 0,
                    goal: Goal | None = None, hold=None, history=()) -> dict:
    """Every legal card of the seat to play: card → ``ref_max_tricks`` after it (tricks of
    the current trick on), or with ``goal`` → ``ref_goal`` after it; a card the searching
    pair may not play by the goal's restrictions (``restricted``) is False."""
    hands = tuple(int(h) for h in hands)
    trick = tuple(int(c) for c in trick)
    seat = (leader + len(trick)) % 4
    cards = legal_cards(rules, hands[seat], trick[0] if trick else None)
    ok = cards
    if goal is not None and int(rules.pair_of[seat]) == pair:
        ok = restricted(list(cards), first_trick, not trick, goal, hold)
    out = {}
    for c in cards:
        after = _play_card(hands, seat, c)
        if goal is None:
            out[c] = ref_max_tricks(after, leader, first_trick, rules, pair, trick + (c,))
        else:
            out[c] = c in ok and ref_goal(after, leader, first_trick, goal, pair, rules,
                                          hold, trick + (c,), history)
    return out


# --------------------------------------------------------------------------------------
# random positions (test data)


def random_tarokk_deal(rng) -> tuple[int, int, int, int]:
    """A random valid full deal (spec §2): XX to A_IND, XIX to A_ELF, the other 38 cards
    shuffled, 10 to each defender and 9 more to each attacker; redealt while a hand holds
    fewer than 3 tarokks. ``rng`` is a ``random.Random``."""
    from royal_sim.model import cards as C

    rest = [c for c in range(C.N_CARDS) if c not in (C.XX, C.XIX)]
    while True:
        rng.shuffle(rest)
        hands = [C.mask_of(rest[0:9]) | 1 << C.XX, C.mask_of(rest[9:19]),
                 C.mask_of(rest[19:29]), C.mask_of(rest[29:38]) | 1 << C.XIX]
        if all(C.popcount(h & C.TAROKKS) >= 3 for h in hands):
            return tuple(hands)


def play_random_tricks(rng, hands, leader: int, n_tricks: int, rules):
    """Play ``n_tricks`` tricks of random legal cards; returns (hands, next leader, tricks)."""
    hands = tuple(int(h) for h in hands)
    tricks = []
    for _ in range(n_tricks):
        played = []
        for i in range(4):
            seat = (leader + i) % 4
            c = rng.choice(legal_cards(rules, hands[seat], played[0] if played else None))
            played.append(c)
            hands = _play_card(hands, seat, c)
        t = _finish_trick(rules, len(tricks) + 1, leader, played)
        tricks.append(t)
        leader = t.winner
    return hands, leader, tricks
