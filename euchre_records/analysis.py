"""Double-dummy analysis of a record at any table (2, 3, 4 or 5 players): the value of each deal,
of each call the makers could have made, and of every card played (docs/ANALYSIS.md).

Contract: :func:`analyse_record` replays the record (raising what :func:`~.match.replay`
raises) and returns a :class:`RecordAnalysis` with one
:class:`DealAnalysis` per deal, in order:

- a deal whose hands at the start of play are known (dealt, the dealer's discard applied, or
  inferred completely from five played tricks) gets its value: the makers' tricks with best
  play by all, for the record's trump, maker and lone hand, and the points they would score
  (:func:`~.scoring.hand_points` four-handed, :func:`~.scoring.seat_points` at a table of n;
  the record's rules); every card played gets the makers' tricks before and after it and a
  cost (tricks thrown away by the player's side against his best card; 0 for a best play);
- a deal whose dealt hands are known also gets its calls: for each trump (four-handed: alone or
  not; five-handed: alone or with the best partner the maker could have called), the maker's
  net points had he made that call (the dealer discarding his best card when the turned card
  is taken), whether the bidding allowed it, and the best call of each side over both its
  seats (at a table of n: of each player);
- any other deal has ``known`` False and a ``reason``.

Sides: four-handed, the partnerships N-S and E-W (seats are :class:`~.cards.Seat`); at a table
of n they are made per deal (seats are the ints 0 .. n-1): the maker, and five-handed the seat
whose hand at the start of play holds the called card (none when it is undealt, was discarded
or is the maker's own: the maker is alone), against the rest.

Every value is exact (:mod:`.double_dummy`); the search is bounded by
:func:`~.double_dummy.analysis_budget`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .call_values import (
    BestCall, CallValue, four_handed_calls, made_in_round_one, opening_leader, table_calls,
)
from .cards import SEATS, Card, Seat, Side, Suit, effective_suit, legal_plays, trick_winner
from .double_dummy import DoubleDummy, Hands
from .match import replay
from .model import (
    Deal, DealKind, DealResult, IrregularityKind, Player, Record, ReplayResult,
)
from .rules import Rules
from .scoring import hand_points, seat_points

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

def analyse_record(record: Record,
                   result: ReplayResult | None = None) -> RecordAnalysis:
    """Analyse every deal of ``record``, of any table (see the module docstring); ``result`` is
    its replay when the caller has it already (else it is replayed here; ValueError for the
    replay of the other kind of record)."""
    if not record.fixed_partnerships:
        table = replay(record) if result is None else result
        if table.table.seats != record.table.seats:
            raise ValueError("a table of n's record needs its own replay")
        seats = range(record.table.seats)
        deals = tuple(_table_deal(record, d, r) for d, r in zip(record.deals, table.deals))
        return RecordAnalysis(deals, _accuracy(deals, seats, dict(record.players).get),
                              tokens=tuple(str(s) for s in seats))
    four = replay(record) if result is None else result
    if not four.table.fixed_sides:
        raise ValueError("a four-handed record needs its own replay")
    deals = tuple(analyse_deal(d, four.rules, r) for d, r in zip(record.deals, four.deals))
    return RecordAnalysis(deals, _accuracy(deals, SEATS, record.player))


def _accuracy(deals: Sequence[DealAnalysis], seats: Sequence[int],
              player: Callable[[Seat], Player | None]) -> tuple[PlayerAccuracy, ...]:
    """Each seat's plays over the analysed deals, with its player's name where the record has it."""
    out = []
    for seat in seats:
        mine = [p for d in deals for p in d.plays if p.seat == seat]
        named = player(seat)   # type: ignore[arg-type]   # a Seat four-handed, an int at a table of n
        out.append(PlayerAccuracy(seat, named.name if named else None, len(mine),
                                  sum(1 for p in mine if p.cost), sum(p.cost for p in mine)))
    return tuple(out)


_Calls = tuple[tuple[CallValue, ...], tuple[BestCall, ...], str | None]
"""A deal's calls, its best calls and why they are missing."""

_Side = tuple[DoubleDummy, frozenset[int], Callable[[int], tuple[int, ...]]]
"""A deal's play as the solver counts it: the solver, the makers' seats and the points of their
tricks."""


def analyse_deal(deal: Deal, rules: Rules, result: DealResult, calls: bool = True) -> DealAnalysis:
    """Analyse one replayed four-handed deal (``result`` is the engine's replay of ``deal``);
    ``calls`` False leaves the calls out (the play alone: what the benchmark times)."""
    why = _not_played(deal, result)
    if why is not None:
        return DealAnalysis(result.number, False, why)
    maker = result.maker
    assert maker is not None
    active = [s for s in SEATS if s in result.makers or s in result.defenders]
    out = frozenset(s for s in SEATS if s not in active)   # a lone hand's partner, a lone defender's
    order = _play_order([t.cards for t in deal.tricks], result.leaders, active)
    dealt = _dealt_hands(deal, SEATS, order, out)
    made = _calls_of(dealt, calls, lambda hands: four_handed_calls(deal, rules, result, hands))

    def side(start: Hands) -> _Side:
        return (DoubleDummy(start, result.trump, maker.side, out),
                frozenset(s for s in SEATS if s.side is maker.side),
                lambda tricks: hand_points(rules, maker.side, result.alone, result.defender_alone,
                                           tricks))
    first = order[0][0][0] if order else opening_leader(rules, deal.dealer, maker, result.alone, out)
    taken = result.tricks[0] if maker.side is Side.NS else result.tricks[1]
    return _analysed(result.number, maker, result.trump, result.alone, taken, result.points,
                     _start_hands(deal, active, order), made, side, order, result.winners, first)


def _table_deal(record: Record, deal: Deal, result: DealResult,
                calls: bool = True) -> DealAnalysis:
    """Analyse one replayed deal of a table of n (``calls`` False: the play alone)."""
    why = _not_played(deal, result)
    if why is not None:
        return DealAnalysis(result.number, False, why)
    maker, trump = result.maker, result.trump
    assert maker is not None
    table, rules, options = record.table, record.rules, record.options
    seats = range(table.seats)
    order = _play_order([t.cards for t in deal.tricks], result.leaders, seats)
    dealt = _dealt_hands(deal, seats, order, frozenset())
    made = _calls_of(dealt, calls, lambda hands: table_calls(record, deal, maker, hands))

    def side(start: Hands) -> _Side:
        makers = _makers(record, maker, deal.called, start)
        lone = table.maker_alone or len(makers) == 1
        first_maker = tuple(sorted(makers, key=lambda s: s != maker))
        return (DoubleDummy(start, trump, makers), makers,
                lambda tricks: seat_points(table, rules, options, first_maker, lone, tricks)[0])
    first = order[0][0][0] if order else table.eldest(deal.dealer)
    return _analysed(result.number, maker, trump, result.alone, result.maker_tricks, result.points,
                     _start_hands(deal, seats, order), made, side, order, result.winners, first)


def _calls_of(dealt: Hands | str, calls: bool, compute: Callable[[Hands], tuple[
        tuple[CallValue, ...], tuple[BestCall, ...]]]) -> _Calls:
    """The calls from the dealt hands when they are known and asked for, else why not."""
    if isinstance(dealt, str):
        return (), (), dealt
    return (*compute(dealt), None) if calls else ((), (), None)


def _analysed(number: int, maker: int, trump: Suit | None, alone: bool, taken: int,
              scored: tuple[int, ...], start: Hands | str, made: _Calls,
              side: Callable[[Hands], _Side], order: Sequence[Sequence[tuple[int, Card]]],
              winners: Sequence[int], first: int) -> DealAnalysis:
    """A played deal's analysis from what either model says of it (``first`` leads the first
    trick)."""
    values, best, reason = made
    if isinstance(start, str):
        return DealAnalysis(number, False, start, trump, maker, alone, taken=taken, scored=scored,
                            calls=values, calls_reason=reason, best_calls=best)
    solver, makers, points_of = side(start)
    plays, revokes = _plays(solver, start, order, winners, trump, makers, points_of, scored)
    tricks = plays[0].before if plays else solver.tricks(start, first)
    return DealAnalysis(number, True, None, trump, maker, alone, tricks, points_of(tricks), taken,
                        scored, plays, values, reason, best, revokes)


def _makers(record: Record, maker: int, called: Card | None, start: Hands) -> frozenset[int]:
    """The making side at a table of n as the hands show it: the maker, and the holder of the
    called card."""
    if record.table.called_partner and called is not None:
        for seat, hand in start.items():
            if called in hand and seat != maker:
                return frozenset({maker, seat})
    return frozenset({maker})


# --- what is known ---------------------------------------------------------------------------

_CHANGING = {
    IrregularityKind.WRONG_NUMBER_OF_CARDS: "a player held the wrong number of cards",
    IrregularityKind.PLAYED_BEFORE_DISCARD: "the dealer played before discarding",
    IrregularityKind.HAND_THROWN_DOWN: "a player threw his cards down",
}
"""Irregularities after which the play is not the laws' play from five cards each (none of them
is recorded at a table of n)."""

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


def _play_order(tricks: Sequence[Sequence[Card]], leaders: Sequence[int],
                active: Sequence[int]) -> list[list[tuple[int, Card]]]:
    """Each recorded trick's cards as (seat, card) in playing order, from the replay's leaders,
    round the ``active`` seats (those not sitting out, in seat order)."""
    order = []
    for cards, leader in zip(tricks, leaders):
        i = active.index(leader)
        order.append([(active[(i + j) % len(active)], c) for j, c in enumerate(cards)])
    return order


def _label(seat: int) -> str:
    return seat.name if isinstance(seat, Seat) else f"seat {seat}"


def _start_hands(deal: Deal, active: Sequence[int],
                 order: list[list[tuple[int, Card]]]) -> dict[int, list[Card]] | str:
    """Each active seat's cards at the start of play, or why they are not known."""
    played: dict[int, list[Card]] = {s: [] for s in active}
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
    if deal.exchanges:   # farmers, go_under (at four also partners_best): not the hands dealt
        return "cards were exchanged (a house rule) and the play stops before the fifth trick"
    hands = {s: _known(deal.hands[s]) for s in active}
    dealer = deal.dealer
    if made_in_round_one(deal) and dealer in hands and deal.turned is not None:
        if deal.discard is None:
            return ("the dealer's discard is not recorded and the play stops before the fifth "
                    "trick")
        hands[dealer] = [c for c in hands[dealer] + [deal.turned] if c is not deal.discard]
    for s in active:
        if not set(played[s]) <= set(hands[s]):
            return f"{_label(s)}'s cards played are not all in his recorded hand"
    return hands


def _known(cards: Sequence[Card | None]) -> list[Card]:
    """The cards of a hand already checked to hold no unknown card."""
    out = [c for c in cards if c is not None]
    assert len(out) == len(cards)
    return out


def _dealt_hands(deal: Deal, seats: Sequence[int], order: list[list[tuple[int, Card]]],
                 out: frozenset[Seat]) -> dict[int, list[Card]] | str:
    """The hands as dealt (before the turned card is taken), or why they are not known."""
    if deal.exchanges:   # the hands as dealt are not the hands bid and played
        return "cards were exchanged under a house rule: the calls are not analysed"
    if deal.hands is not None and all(c is not None for h in deal.hands for c in h):
        return {s: _known(deal.hands[s]) for s in seats}
    if deal.hands is not None:
        return "some cards of the hands are unknown"
    if len(order) != 5 or out:
        return "the hands are inferred from the plays, and " + (
            "not every trick was played" if len(seats) != 4
            else "not all four played five cards")
    hands: dict[int, list[Card]] = {s: [] for s in seats}
    for trick in order:
        for seat, c in trick:
            hands[seat].append(c)
    if made_in_round_one(deal):
        if deal.discard is None or (deal.turned is None and len(seats) != 4):
            return "the dealer's discard is not recorded, so his dealt hand is not known"
        dealer = hands[deal.dealer]
        if deal.turned not in dealer:
            return "the dealer's dealt hand is not known"
        hands[deal.dealer] = [c for c in dealer if c is not deal.turned] + [deal.discard]
    return hands


# --- the play --------------------------------------------------------------------------------

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
        legal = legal_plays(held[seat], effective_suit(table[0], trump) if table else None, trump)
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
    winner = seats[(i + trick_winner(table, solver.trump)) % len(seats)]
    return (1 if winner in makers else 0) + solver.tricks(hands, winner)


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
