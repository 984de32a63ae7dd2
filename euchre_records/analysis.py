"""Double-dummy analysis of a record: the value of each deal, of each call the makers could have
made, and of every card played (docs/ANALYSIS.md).

Contract: :func:`analyse_record` replays the record (raising what :func:`~.match.replay` raises)
and returns a :class:`RecordAnalysis` with one :class:`DealAnalysis` per deal, in order:

- a deal whose four hands at the start of play are known (dealt, or inferred completely from
  five played tricks) gets its value: the makers' tricks with best play by all, for the record's
  trump, maker and lone hand, and the points they would score (:func:`~.scoring.hand_points`,
  the record's rules); every card played gets the makers' tricks before and after it and a cost
  (tricks thrown away by the player's side against his best card; 0 for a best play);
- a deal whose four dealt hands are known also gets its calls: for each trump and alone or not,
  the makers' side's net points had the record's maker made that call (the dealer discarding
  his best card when the turned card is taken), whether the bidding allowed it, and the best
  call of each side over both its seats;
- any other deal has ``known`` False and a ``reason``.

Every value is exact (:mod:`.double_dummy`); the search is bounded by
:func:`~.double_dummy.analysis_budget`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from .cards import JOKER, LEFT_OF, SEATS, Card, Seat, Side, Suit, power_table
from .double_dummy import DoubleDummy, Hands
from .match import replay
from .model import Deal, DealKind, DealResult, IrregularityKind, Points, Record, ReplayResult
from .rules import LoneLead, Rules
from .scoring import hand_points

__all__ = [
    "PlayCost", "CallValue", "BestCall", "RevokeView", "DealAnalysis", "PlayerAccuracy",
    "RecordAnalysis", "analyse_record", "analyse_deal", "as_json", "ANALYSIS_VERSION",
]

ANALYSIS_VERSION = 2
"""Bumped when an analysis of the same record could come out differently (cached results carry it).
2: seats as the table's tokens (``"seats"``), any table; points per score column."""

_WORDS = ("no", "one", "two", "three", "four", "five")


@dataclass(frozen=True, slots=True)
class PlayCost:
    """One card played. ``before``/``after``: the makers' tricks in the whole deal with best play
    from the position before and after it (tricks already won included); ``cost``: tricks the
    player's side lost by it against his best legal card (0 for a best play; a revoke that
    gained counts 0); ``best``: his best legal cards when the play cost something."""

    trick: int            # 1-based
    seat: int             # a Seat four-handed; the seat index 0 .. n-1 at a table of n
    card: Card
    before: int
    after: int
    cost: int
    revoke: bool = False
    best: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class CallValue:
    """The record's maker had made this call instead: the makers' tricks with best play and their
    side's net points (their points less the opponents'), and whether the bidding allowed it."""

    trump: Suit | None    # None: no trump (house rule allow_no_trump)
    alone: bool
    tricks: int
    points: int
    allowed: bool
    why: str              # why it was allowed or not (round 1: the turned suit only ...)


@dataclass(frozen=True, slots=True)
class BestCall:
    """The best call a side could make (over both its seats), with its net points; at a table
    of n (sides made per deal) the best call of one player, ``side`` None."""

    side: Side | None
    maker: int
    trump: Suit | None
    alone: bool
    tricks: int
    points: int


@dataclass(frozen=True, slots=True)
class RevokeView:
    """A revoke: the deal's points as the law scored them beside what best play (a legal card
    there and best play after) would have given."""

    trick: int
    seat: int
    card: Card
    scored: tuple[int, ...]
    best_tricks: int
    best_points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The analysis of one deal (see the module docstring); ``reason`` says why a part is missing."""

    number: int
    known: bool
    reason: str | None = None
    trump: Suit | None = None
    maker: int | None = None
    alone: bool = False
    tricks: int | None = None          # makers' tricks with best play from the start of play
    points: tuple[int, ...] | None = None   # the points those tricks score, per score column
    taken: int | None = None           # makers' tricks as scored
    scored: tuple[int, ...] | None = None   # the deal's points as scored (penalties included)
    plays: tuple[PlayCost, ...] = ()
    calls: tuple[CallValue, ...] = ()
    calls_reason: str | None = None
    best_calls: tuple[BestCall, ...] = ()
    revokes: tuple[RevokeView, ...] = ()

    @property
    def summary(self) -> str:
        """One line: "makers could have taken 4, took 3: the KS at trick 2 cost one"."""
        if not self.known:
            return f"not analysed: {self.reason}"
        costly = [p for p in self.plays if p.cost]
        head = f"makers could have taken {self.tricks}"
        if self.taken is not None and self.taken != self.tricks:
            head += f", took {self.taken}"
        if not costly:
            return head + ": every card played was a best play"
        parts = [f"the {p.card.name} at trick {p.trick} cost {_WORDS[p.cost]}" for p in costly]
        return head + ": " + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class PlayerAccuracy:
    """A seat's plays over the analysed deals of a record."""

    seat: int
    name: str | None
    plays: int
    costly: int
    lost: int


@dataclass(frozen=True, slots=True)
class RecordAnalysis:
    """The analysis of a record: its deals, and each seat's plays. ``tokens`` are the table's
    seat tokens by seat index (``N E S W``, or ``0 .. n-1``); points are per score column (N-S,
    E-W four-handed; one per player at a table of n)."""

    deals: tuple[DealAnalysis, ...]
    players: tuple[PlayerAccuracy, ...]
    version: int = ANALYSIS_VERSION
    tokens: tuple[str, ...] = ("N", "E", "S", "W")


# --- the record ------------------------------------------------------------------------------

def analyse_record(record: Record, result: ReplayResult | None = None) -> RecordAnalysis:
    """Analyse every deal of ``record`` (see the module docstring); ``result`` is its replay
    when the caller has it already (else it is replayed here)."""
    if result is None:
        result = replay(record)
    deals = tuple(analyse_deal(d, result.rules, r) for d, r in zip(record.deals, result.deals))
    players = []
    for seat in SEATS:
        mine = [p for d in deals for p in d.plays if p.seat is seat]
        player = record.player(seat)
        players.append(PlayerAccuracy(seat, player.name if player else None, len(mine),
                                      sum(1 for p in mine if p.cost), sum(p.cost for p in mine)))
    return RecordAnalysis(deals, tuple(players))


def analyse_deal(deal: Deal, rules: Rules, result: DealResult, calls: bool = True) -> DealAnalysis:
    """Analyse one replayed deal (``result`` is the engine's replay of ``deal``); ``calls``
    False leaves the calls out (the play alone: what the benchmark times)."""
    number = result.number
    why = _not_played(deal, result)
    if why is not None:
        return DealAnalysis(number, False, why)
    maker, trump = result.maker, result.trump
    assert maker is not None
    out = _sitting_out(result)
    order = _play_order(deal, result, out)
    start = _start_hands(deal, rules, result, out, order)
    dealt = _dealt_hands(deal, result, order)
    call_values: tuple[CallValue, ...] = ()
    best_calls: tuple[BestCall, ...] = ()
    calls_reason = dealt if isinstance(dealt, str) else None
    if not isinstance(dealt, str) and calls:
        call_values, best_calls = _calls(deal, rules, result, dealt)
    scored_taken = result.tricks[0] if maker.side is Side.NS else result.tricks[1]
    if isinstance(start, str):
        return DealAnalysis(number, False, start, trump, maker, result.alone, taken=scored_taken,
                            scored=result.points, calls=call_values, calls_reason=calls_reason,
                            best_calls=best_calls)
    solver = DoubleDummy(start, trump, maker.side, out)
    makers = frozenset(s for s in SEATS if s.side is maker.side)

    def points_of(tricks: int) -> Points:
        return hand_points(rules, maker.side, result.alone, result.defender_alone, tricks)
    plays, revokes = _plays(solver, start, order, result.winners, trump, makers, points_of,
                            result.points)
    first_leader = order[0][0][0] if order else _opening_leader(rules, deal.dealer, maker, result.alone, out)
    tricks = plays[0].before if plays else solver.tricks(start, first_leader)
    points = hand_points(rules, maker.side, result.alone, result.defender_alone, tricks)
    return DealAnalysis(number, True, None, trump, maker, result.alone, tricks, points, scored_taken,
                        result.points, plays, call_values, calls_reason, best_calls, revokes)


# --- what is known ---------------------------------------------------------------------------

_CHANGING = {
    IrregularityKind.WRONG_NUMBER_OF_CARDS: "a player held the wrong number of cards",
    IrregularityKind.PLAYED_BEFORE_DISCARD: "the dealer played before discarding",
    IrregularityKind.HAND_THROWN_DOWN: "a player threw his cards down",
}
"""Irregularities after which the play is not the laws' play from five cards each."""


def _not_played(deal: Deal, result: DealResult) -> str | None:
    """Why the deal has no play to analyse, or None."""
    if result.void is not None:
        return f"the deal was void ({result.void})"
    if result.unfinished:
        return "the record stops inside this deal"
    if result.thrown_in or result.redeal:
        return "the deal was thrown in: no trump was made"
    if deal.kind is DealKind.RESULT:
        return "only the outcome is recorded, not the hands"
    if deal.kind is DealKind.POINTS:
        return "only the points are recorded, not the hands"
    for e in deal.irregularities:
        what = _CHANGING.get(e.kind)
        if what is not None:
            return f"{what}: the play is not the laws' play from five cards each"
    return None


def _sitting_out(result: DealResult) -> frozenset[Seat]:
    out = set()
    if result.alone and result.maker is not None:
        out.add(result.maker.partner)
    if result.defender_alone is not None:
        out.add(result.defender_alone.partner)
    return frozenset(out)


def _play_order(deal: Deal, result: DealResult,
                out: frozenset[Seat]) -> list[list[tuple[Seat, Card]]]:
    """Each recorded trick as (seat, card) in playing order, from the replay's leaders."""
    tricks = []
    for trick, leader in zip(deal.tricks, result.leaders):
        seat = leader
        played = []
        for c in trick.cards:
            played.append((seat, c))
            seat = LEFT_OF[seat]
            while seat in out:
                seat = LEFT_OF[seat]
        tricks.append(played)
    return tricks


def _start_hands(deal: Deal, rules: Rules, result: DealResult, out: frozenset[Seat],
                 order: list[list[tuple[Seat, Card]]]) -> dict[Seat, list[Card]] | str:
    """Each active seat's cards at the start of play, or why they are not known."""
    active = [s for s in SEATS if s not in out]
    played: dict[Seat, list[Card]] = {s: [] for s in active}
    for trick in order:
        for seat, c in trick:
            played[seat].append(c)
    if len(order) == 5:
        return played   # five tricks: each seat's five cards are the ones it played
    if deal.hands is None:
        return (f"the hands are inferred from the plays, and only {len(order)} of the 5 tricks "
                "were played")
    if any(c is None for s in active for c in deal.hands[s]):
        return "some cards of the hands are unknown"
    if deal.exchanges:
        return "cards were exchanged (a house rule) and the play stops before the fifth trick"
    hands = {s: _known(deal.hands[s]) for s in active}
    dealer = deal.dealer
    if _took_up(deal) and dealer in hands and deal.turned is not None:
        if deal.discard is None:
            return ("the dealer's discard is not recorded and the play stops before the fifth "
                    "trick")
        hands[dealer] = [c for c in hands[dealer] + [deal.turned] if c is not deal.discard]
    for s in active:
        if not set(played[s]) <= set(hands[s]):
            return f"{s.name}'s cards played are not all in his recorded hand"
    return hands


def _known(cards: Sequence[Card | None]) -> list[Card]:
    """The cards of a hand already checked to hold no unknown card."""
    out = [c for c in cards if c is not None]
    assert len(out) == len(cards)
    return out


def _turned_suit(deal: Deal) -> Suit | None:
    if deal.turned is JOKER:
        return deal.joker_suit
    return deal.turned.suit if deal.turned is not None else None


def _took_up(deal: Deal) -> bool:
    """Whether trump was made in round 1 (the dealer took the turned card up)."""
    return any(c.kind.accepts for c in deal.calls)


def _dealt_hands(deal: Deal, result: DealResult,
                 order: list[list[tuple[Seat, Card]]]) -> dict[Seat, list[Card]] | str:
    """The four hands as dealt (before the turned card is taken), or why they are not known."""
    if deal.exchanges:
        return "cards were exchanged under a house rule: the calls are not analysed"
    if deal.hands is not None and all(c is not None for h in deal.hands for c in h):
        return {s: _known(deal.hands[s]) for s in SEATS}
    if deal.hands is not None:
        return "some cards of the hands are unknown"
    if len(order) != 5 or result.alone or result.defender_alone is not None:
        return "the hands are inferred from the plays, and not all four played five cards"
    hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    for trick in order:
        for seat, c in trick:
            hands[seat].append(c)
    if _took_up(deal):
        if deal.discard is None:
            return "the dealer's discard is not recorded, so his dealt hand is not known"
        dealer = hands[deal.dealer]
        if deal.turned not in dealer:
            return "the dealer's dealt hand is not known"
        hands[deal.dealer] = [c for c in dealer if c is not deal.turned] + [deal.discard]
    return hands


# --- the play --------------------------------------------------------------------------------

def _legal(hand: Sequence[Card], led: Card | None, trump: Suit | None) -> list[Card]:
    if led is None:
        return list(hand)
    table = power_table(trump)
    suit = table[led][0]
    follow = [c for c in hand if table[c][0] is suit]
    return follow or list(hand)


def _plays(solver: DoubleDummy, start: Hands,
           order: Sequence[Sequence[tuple[int, Card]]], winners: Sequence[int], trump: Suit | None,
           makers: frozenset[int], points_of: Callable[[int], tuple[int, ...]],
           scored: tuple[int, ...]) -> tuple[tuple[PlayCost, ...], tuple[RevokeView, ...]]:
    """Every card played, with its cost; and each revoke beside best play from before it. Any
    table: seats are ints, ``makers`` the deal's making side, ``points_of(tricks)`` the points
    the makers' tricks score, ``scored`` the deal's points as scored."""
    hands = {s: list(cards) for s, cards in start.items()}
    won = 0
    values: list[tuple[int, int, Card, int, int, tuple[Card, ...], dict[int, list[Card]]]] = []
    # (trick, seat, card, value before, leader, table before, hands before)
    for t, trick in enumerate(order):
        leader = trick[0][0]
        down: list[Card] = []
        for seat, c in trick:
            before = won + solver.tricks(hands, leader, down)
            values.append((t + 1, seat, c, before, leader, tuple(down), {s: list(h) for s, h in hands.items()}))
            hands[seat] = [x for x in hands[seat] if x is not c]
            down.append(c)
        if winners[t] in makers:
            won += 1
    end = won
    if order and len(order) < 5:   # a claim settled the rest: best play from where the play stopped
        end += solver.tricks(hands, winners[len(order) - 1])
    plays: list[PlayCost] = []
    revokes: list[RevokeView] = []
    for i, (t, seat, c, before, leader, table, held) in enumerate(values):
        after = values[i + 1][3] if i + 1 < len(values) else end
        legal = _legal(held[seat], table[0] if table else None, trump)
        revoke = c not in legal
        ours = seat in makers
        diff = (before - after) if ours else (after - before)
        cost = max(0, diff)
        best: tuple[Card, ...] = ()
        if cost or revoke:
            best = _best_cards(solver, held, seat, leader, table, legal, before, t, winners, makers)
        plays.append(PlayCost(t, seat, c, before, after, cost, revoke, best))
        if revoke:
            revokes.append(RevokeView(t, seat, c, scored, before, points_of(before)))
    return tuple(plays), tuple(revokes)


def _best_cards(solver: DoubleDummy, held: Hands, seat: int, leader: int,
                table: tuple[Card, ...], legal: list[Card], before: int, trick: int,
                winners: Sequence[int], makers: frozenset[int]) -> tuple[Card, ...]:
    """The player's legal cards that keep the value ``before``."""
    won = sum(1 for w in winners[:trick - 1] if w in makers)
    best = []
    for c in legal:
        rest = {s: [x for x in h if x is not c] if s == seat else list(h) for s, h in held.items()}
        value = won + solver.tricks(rest, leader, table + (c,)) if len(table) + 1 < len(held) else \
            won + _after_trick(solver, rest, leader, table + (c,), makers)
        if value == before:
            best.append(c)
    return tuple(best)


def _after_trick(solver: DoubleDummy, hands: Hands, leader: int,
                 table: tuple[Card, ...], makers: frozenset[int]) -> int:
    """The makers' tricks from a completed trick on: the trick's own plus the rest."""
    seats = sorted(hands)
    i = seats.index(leader)
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    table_power = power_table(solver.trump)
    led = table_power[table[0]][0]
    best_k = 0
    for k in range(1, len(table)):
        s, p = table_power[table[k]]
        bs, bp = table_power[table[best_k]]
        if (s is led or s is solver.trump) and p > bp:
            best_k = k
    winner = order[best_k]
    return (1 if winner in makers else 0) + solver.tricks(hands, winner)


# --- the calls -------------------------------------------------------------------------------

def _opening_leader(rules: Rules, dealer: Seat, maker: Seat, alone: bool, out: frozenset[Seat]) -> Seat:
    """Eldest leads, or the lone player's left (``rules.lone_lead``), skipping a seat out."""
    leader = maker.left if alone and rules.lone_lead is LoneLead.LEFT_OF_LONE else dealer.left
    while leader in out:
        leader = leader.left
    return leader


class _CallSolver:
    """The makers' tricks for one (maker, trump, alone) from the dealt hands, the dealer
    discarding his best card when the turned card is taken. Solves are shared: the play is
    zero-sum, so one solve of a position gives both sides' tricks (N-S's are kept, E-W's are
    five less), and one solver (one table) serves every discard of the dealer."""

    def __init__(self, deal: Deal, rules: Rules, dealt: Mapping[Seat, Sequence[Card]]) -> None:
        self.deal, self.rules, self.dealt = deal, rules, dealt
        self.cache: dict[tuple[object, ...], int] = {}   # -> N-S's tricks with best play

    def tricks(self, maker: Seat, trump: Suit | None, alone: bool, took_up: bool) -> int:
        out = frozenset({maker.partner}) if alone else frozenset()
        dealer = self.deal.dealer
        leader = _opening_leader(self.rules, dealer, maker, alone, out)
        key = (trump, out, leader, took_up)
        ns = self.cache.get(key)
        if ns is None:
            hands = {s: list(self.dealt[s]) for s in SEATS if s not in out}
            options = [hands]
            layout = hands
            turned = self.deal.turned
            if took_up and dealer not in out and turned is not None:
                six = hands[dealer] + [turned]
                keep = None if self.rules.turned_card_discard else turned
                options = [{**hands, dealer: [c for c in six if c is not d]} for d in six if d is not keep]
                layout = {**hands, dealer: six}
            solver = DoubleDummy(layout, trump, Side.NS, out)
            values = [solver.tricks(h, leader) for h in options]
            ns = self.cache[key] = max(values) if dealer.side is Side.NS else min(values)
        return ns if maker.side is Side.NS else 5 - ns


def _net(rules: Rules, side: Side, alone: bool, tricks: int) -> int:
    pts = hand_points(rules, side, alone, None, tricks)
    mine, theirs = (pts[0], pts[1]) if side is Side.NS else (pts[1], pts[0])
    return mine - theirs


def _calls(deal: Deal, rules: Rules, result: DealResult,
           dealt: Mapping[Seat, Sequence[Card]]) -> tuple[tuple[CallValue, ...], tuple[BestCall, ...]]:
    maker = result.maker
    assert maker is not None
    turned_suit = _turned_suit(deal)
    round_one = _took_up(deal)
    trumps: list[Suit | None] = list(Suit)
    if rules.allow_no_trump:
        trumps.append(None)
    solver = _CallSolver(deal, rules, dealt)
    calls = []
    for trump in trumps:
        for alone in (False, True):
            took_up = trump is turned_suit and trump is not None
            tricks = solver.tricks(maker, trump, alone, took_up)
            allowed, why = _allowed(rules, deal, maker, trump, alone, round_one, turned_suit)
            calls.append(CallValue(trump, alone, tricks, _net(rules, maker.side, alone, tricks),
                                   allowed, why))
    best = []
    for side in (Side.NS, Side.EW):
        top: BestCall | None = None
        for seat in (s for s in SEATS if s.side is side):
            for trump in trumps:
                for alone in (False, True):
                    took_up = trump is turned_suit and trump is not None
                    tricks = solver.tricks(seat, trump, alone, took_up)
                    net = _net(rules, side, alone, tricks)
                    if top is None or net > top.points:
                        top = BestCall(side, seat, trump, alone, tricks, net)
        assert top is not None
        best.append(top)
    return tuple(calls), tuple(best)


def _allowed(rules: Rules, deal: Deal, maker: Seat, trump: Suit | None, alone: bool,
             round_one: bool, turned_suit: Suit | None) -> tuple[bool, str]:
    """Whether the bidding allowed the maker this call when he made his."""
    if round_one:
        if trump is not turned_suit:
            return False, "round 1: only the turned suit may be made trump"
        if rules.canadian and maker is deal.dealer.partner and not alone:
            return False, "round 1: the dealer's partner who accepts must play alone (house rule canadian)"
        return True, "round 1: the turned suit"
    if trump is turned_suit and trump is not None:
        return False, "round 2: the turned-down suit may not be named"
    if maker is deal.dealer and rules.stick_the_dealer:
        return True, "round 2: stick the dealer, so he had to name a suit"
    return True, "round 2: any suit but the turned-down one"


# --- as JSON ---------------------------------------------------------------------------------

def _trump_text(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.value


def as_json(analysis: RecordAnalysis) -> dict[str, object]:
    """The analysis as JSON-ready values (docs/ANALYSIS.md "The JSON"): cards in the notation,
    seats as the table's tokens (letters four-handed, "0" .. "n-1" at a table of n), points per
    score column ([N-S, E-W], or one per player), trump ``"NT"`` for no trump."""
    tokens = analysis.tokens
    return {
        "version": analysis.version,
        "seats": list(tokens),
        "deals": [_deal_json(d, tokens) for d in analysis.deals],
        "players": [{"seat": tokens[p.seat], "name": p.name, "plays": p.plays, "costly": p.costly,
                     "lost": p.lost} for p in analysis.players],
    }


def _deal_json(d: DealAnalysis, tokens: tuple[str, ...]) -> dict[str, object]:
    return {
        "number": d.number, "known": d.known, "reason": d.reason,
        "trump": None if d.maker is None else _trump_text(d.trump),
        "maker": None if d.maker is None else tokens[d.maker], "alone": d.alone,
        "tricks": d.tricks, "points": list(d.points) if d.points else None,
        "taken": d.taken, "scored": list(d.scored) if d.scored else None,
        "summary": d.summary,
        "plays": [{"trick": p.trick, "seat": tokens[p.seat], "card": p.card.name, "before": p.before,
                   "after": p.after, "cost": p.cost, "revoke": p.revoke,
                   "best": [c.name for c in p.best]} for p in d.plays],
        "calls": [{"trump": _trump_text(c.trump), "alone": c.alone, "tricks": c.tricks,
                   "points": c.points, "allowed": c.allowed, "why": c.why} for c in d.calls],
        "calls_reason": d.calls_reason,
        "best_calls": [{"side": None if b.side is None else b.side.value, "maker": tokens[b.maker],
                        "trump": _trump_text(b.trump), "alone": b.alone, "tricks": b.tricks,
                        "points": b.points}
                       for b in d.best_calls],
        "revokes": [{"trick": r.trick, "seat": tokens[r.seat], "card": r.card.name,
                     "scored": list(r.scored), "best_tricks": r.best_tricks,
                     "best_points": list(r.best_points)} for r in d.revokes],
    }
