"""Revoke detection, wording and charging for a played deal, at every table (issue 32: one
revoke module).

A revoke (Somerset 62) is a card of another suit played while holding a card of the (effective)
suit led — the left bower and the joker are trumps for this purpose. :func:`revoke_findings` finds
them in the trick walk's play log (:class:`~.plays.PlayLog`) and the cards left unplayed: a card
not of the suit led is a revoke when the same player later plays a card of that suit, or still
holds one when the play ends (his hand gains no card after the discard, so anything he plays
later was in it; the dealer's unplayed card may be his unrecorded discard and proves nothing,
but the turned card, which cannot be discarded (Somerset 88), does: :func:`cards_left`). With
the hands known the finding names the cards he held; from the plays alone, the later plays that
prove it. It then matches the revokes claimed at the table ("not borne out" where the cards
show every card he held), rules the revokes corrected before the trick was quitted (Somerset
64, 69; Hoyle renege), and charges the rest through :func:`scoring.revoke_penalties` over the
deal's two sides (:class:`RevokeTable`: at four N-S and E-W, at a table of n the makers and the
rest, each player of a side scoring the side's penalty, VARIANTS.md).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence, TypeVar

from .card_places import seat_words
from .cards import SEATS, Card, Seat, Side, Suit
from .errors import InconsistentRecord
from .model import Deal, Finding, FindingKind, Irregularity, IrregularityKind, Record, Scores
from .plays import Breach, PlayLog
from .rules import Rules
from .scoring import (PARTNERSHIP_WORDS, PARTNERSHIPS, DealSides, RevokeCharge, SideWords,
                      charge_text, revoke_penalties)
from .table import SeatIndex

__all__ = ["revoke_findings", "RevokeTable", "RevokeWords", "Revokes", "cards_left", "CardsLeft",
           "corrected_play", "corrected_text"]

_S = TypeVar("_S", bound=int)   # a seat value: cards.Seat at four, int at n
CardsLeft = Mapping[Any, frozenset[Card]]
"""Each seat's cards never played (:func:`cards_left`), keyed by the table's seat values."""
_EACH_PLAYER = "; each player of the side scores the side's penalty, VARIANTS.md"


@dataclass(frozen=True, slots=True)
class RevokeWords:
    """How a deal's revoke findings name its players and sides: ``who[seat]`` a player in a
    finding (``N``; at n his name or seat token), ``labels[seat]`` in a located problem (``N``,
    ``seat 1``), ``sides`` the sides in a charge (:class:`~.scoring.SideWords`),
    ``by_later_play`` what follows "revoke proven" when only later plays prove it (at n " by a
    later play", the wording tests/golden/pinned keeps for golden variants/14)."""

    who: Sequence[str]
    labels: Sequence[str]
    sides: SideWords = PARTNERSHIP_WORDS
    by_later_play: str = ""


_FOUR_SEATS = tuple(s.name for s in SEATS)
_FOUR_WORDS = RevokeWords(_FOUR_SEATS, _FOUR_SEATS)
_FOUR_SIDE_OF = tuple(0 if s.side is Side.NS else 1 for s in SEATS)


@dataclass(frozen=True, slots=True)
class RevokeTable:
    """A deal's sides as the revoke laws read them, and how its findings word them.

    ``side_of[seat]`` the side (0 or 1) of ``sides``, the score columns each side's penalty goes
    to; ``maker_side`` the makers' side; ``lone`` whether the deal is a lone hand for the
    penalty (Somerset 63); ``words()`` the :class:`RevokeWords`, made only for a deal that has
    something to word."""

    side_of: Sequence[int]
    sides: DealSides
    maker_side: int
    lone: bool
    words: Callable[[], RevokeWords]

    @classmethod
    def partnerships(cls, maker: Seat | None, alone: bool) -> RevokeTable:
        """The four-handed deal: N-S and E-W, a lone hand when the maker went alone."""
        assert maker is not None
        return cls(_FOUR_SIDE_OF, PARTNERSHIPS, _FOUR_SIDE_OF[maker], alone, lambda: _FOUR_WORDS)

    @classmethod
    def made(cls, record: Record, makers: tuple[SeatIndex, ...], lone: bool) -> RevokeTable:
        """A deal at a table of n: the makers against the rest, one score column per seat; a
        lone hand only for the five-handed maker alone (the two- and three-handed maker always
        plays alone, which is no lone hand for the penalty)."""
        table = record.table
        side_of, sides = _made_sides(table.seats, makers)
        return cls(side_of, sides, 0, lone and table.called_partner,
                   lambda: _made_words(record, sides.sides))


@functools.cache
def _made_sides(seats: int, makers: tuple[SeatIndex, ...]) -> tuple[tuple[int, ...], DealSides]:
    """Each seat's side and the deal's sides at a table of ``seats`` whose makers are ``makers``
    (the few there can be, made once)."""
    rest = tuple(s for s in range(seats) if s not in makers)
    return tuple(0 if s in makers else 1 for s in range(seats)), DealSides(seats, (makers, rest))


def _made_words(record: Record, parts: tuple[tuple[int, ...], tuple[int, ...]]) -> RevokeWords:
    """The words of a deal at a table of n whose sides are ``parts``: a player by his name where
    the record has it, else his seat token; a side by its players ("each of 1 and 3")."""
    table = record.table
    names = {s: p.name for s, p in record.players if p.name}
    who = tuple(names.get(s) or table.token(s) for s in table.all_seats)
    each = [who[p[0]] if len(p) == 1 else "each of " + _listed([who[s] for s in p]) for p in parts]
    named = [_listed([who[s] for s in p]) for p in parts]
    return RevokeWords(who, seat_words(table),
                       SideWords((each[0], each[1]), (named[0], named[1]), _EACH_PLAYER),
                       " by a later play")


def _listed(words: list[str]) -> str:
    """"1", "1 and 3", "0, 2 and 4"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True, slots=True)
class Revokes:
    """What :func:`revoke_findings` found: the findings (each with the points it moved, one per
    score column), the penalty points in all, and whether the hand's own points still score."""

    findings: tuple[Finding, ...]
    penalty: Scores
    hand_scores: bool


class _Revoke:
    __slots__ = ("seat", "trick", "card", "led", "held", "status", "event", "reason", "kept")

    def __init__(self, seat: SeatIndex, trick: int, card: Card | None, led: Suit | None,
                 held: list[Card], status: str, event: Irregularity | None = None,
                 reason: str | None = None, kept: int = 0) -> None:
        self.seat, self.trick, self.card, self.led = seat, trick, card, led
        self.held, self.status, self.event, self.reason = held, status, event, reason
        self.kept = kept   # how many of ``held`` (the last ones) were never played


def cards_left(hands: Sequence[Collection[Card]], seats: Iterable[_S], deal: Deal,
               rules: Rules, took_up: bool) -> dict[_S, frozenset[Card]]:
    """Each seat's known cards never played (``hands`` as the walk left them), as proof of a
    revoke: a dealer who took up the turned card and whose discard is unrecorded (and who did
    discard) may have discarded any of them, so they prove nothing -- but the turned card, which
    cannot be discarded where the rules forbid it (Somerset 88; rule ``turned_card_discard``)."""
    left = {s: frozenset(hands[s]) for s in seats}
    never_discarded = any(e.kind is IrregularityKind.PLAYED_BEFORE_DISCARD
                          for e in deal.irregularities)
    if took_up and deal.discard is None and not never_discarded:
        kept = {deal.turned} if not rules.turned_card_discard else set()
        dealer = next(s for s in left if s == deal.dealer)   # the seat in the table's kind
        left[dealer] = frozenset(left[dealer] & kept)
    return left


def _find(log: PlayLog, remaining: CardsLeft) -> list[_Revoke]:
    found: list[_Revoke] = []
    table = log.table
    for seat, i in log.off:
        plays = log.by_seat[seat]
        t, c, led, _ = plays[i]
        held = [later for (_, later, _, e) in plays[i + 1:] if e is led]
        left = remaining[seat]
        kept = sorted(x for x in left if table[x][0] is led) if left else []
        if held or kept:
            found.append(_Revoke(seat, t, c, led, held + kept, "established", kept=len(kept)))
    return found   # in the order of log.off; revoke_findings puts them in trick order


def _corrected(event: Irregularity, log: PlayLog, remaining: CardsLeft,
               labels: Sequence[str], where: str, at: str) -> _Revoke:
    seat, trick, c = event.seat, event.trick, event.card
    if seat is None or trick is None or c is None:
        raise InconsistentRecord("a corrected revoke needs seat, trick and the card played in error",
                                 f"{where}.{at}")
    played, led = corrected_play(log, remaining, seat, labels[seat], trick, c, f"{where}.{at}")
    return _Revoke(seat, trick - 1, c, led, [played], "corrected", event)


def corrected_play(log: PlayLog, remaining: CardsLeft,
                   seat: int, who: str, trick: int, c: Card, at: str) -> tuple[Card, Suit]:
    """(the card ``who``, at ``seat``, played to ``trick`` (1-based) in place of ``c``, the suit
    led) for a revoke corrected before the trick was quitted (Somerset 64, 69; Hoyle renege):
    he followed to a trick he did not lead, ``c`` does not follow the suit led, and he held it
    (played later, or left in his hand). At any table: ``log`` and ``remaining`` by seat index.
    Raises :class:`InconsistentRecord` located at ``at`` otherwise."""
    plays = log.by_seat[seat]
    mine = [p for p in plays if p[0] == trick - 1]
    if not mine:
        raise InconsistentRecord(f"{who} did not play to trick {trick}", at)
    _, played, led, eff = mine[0]
    if led is None:
        raise InconsistentRecord(f"{who} led trick {trick}: a leader cannot revoke", at)
    if log.table[c][0] is led:
        raise InconsistentRecord(f"{c} follows {led.word}: playing it was no revoke", at)
    later = [p[1] for p in plays if p[0] > trick - 1]
    if c not in later and c not in remaining[seat]:
        raise InconsistentRecord(f"{who} did not hold {c} at trick {trick} (it is neither "
                                 "played later by him nor left in his hand)", at)
    return played, led


def corrected_text(rules: Rules, number: int, trick: int, who: str, card: Card, led: Suit | None,
                   trump: Suit | None, correction: str) -> str:
    """The finding's text of a revoke corrected before the trick was quitted: no penalty, the
    card played in error is an exposed card (Somerset 69; Hoyle renege). At any table."""
    return (f"deal {number}, trick {trick}: {who} played {card.name} when {_suit_led(led, trump)} "
            f"and corrected it to {correction} before the trick was quitted — revoke corrected "
            f"({rules.cite('revoke_corrected')}); no penalty, {card.name} is an exposed card")


def revoke_findings(deal: Deal, rules: Rules, number: int, where: str, table: RevokeTable,
                    trump: Suit | None, log: PlayLog | None,
                    remaining: CardsLeft,
                    breaches: Sequence[Breach] = ()) -> Revokes:
    """The deal's revokes at any table: found in ``log`` and ``remaining`` (:func:`cards_left`),
    the claims matched, the corrections ruled, each charged over ``table``'s sides and worded
    with its words, in trick order. ``log`` None for a deal recorded as its result only: each
    claim is charged and worded as recorded, in its order (no cards to prove or refute it). A
    claim that names the seat and trick of a revoke already found or claimed, or only its seat,
    is that revoke again and adds nothing (Somerset 62: a player plays one card to a trick, so
    revokes once in it at most; the record may list the claim of each opponent).

    ``breaches`` are failures the laws punish as revokes (Somerset 54); they are charged with
    the revokes, in trick order. Raises :class:`InconsistentRecord` for a claim without its
    offender or a correction the cards refute.
    """
    found = [] if log is None or not log.off else _find(log, remaining)
    if not found and not breaches and not deal.irregularities:
        return Revokes((), (0,) * table.sides.columns, True)
    found += [_Revoke(b.seat, b.trick, b.card, None, list(b.held), "established", None, b.text)
              for b in breaches]
    found.sort(key=lambda r: (r.trick, r.seat))
    words = table.words()
    corrected: list[_Revoke] = []
    claims: list[tuple[int, Irregularity]] = []
    for i, event in enumerate(deal.irregularities):
        if event.kind is IrregularityKind.REVOKE_CORRECTED and log is not None:
            corrected.append(_corrected(event, log, remaining, words.labels, where,
                                        f"irregularities[{i}]"))
        elif event.kind is IrregularityKind.REVOKE_CLAIMED:
            claims.append((i, event))
    unproven: list[_Revoke] = []
    for i, event in claims:
        if event.seat is None:
            raise InconsistentRecord("a revoke claim needs the offender's seat",
                                     f"{where}.irregularities[{i}].seat")
        same = [r for r in found + unproven
                if r.seat == event.seat and (event.trick is None or r.trick == event.trick - 1)]
        match = next((r for r in same if r.event is None), None)   # found, not yet claimed
        if match is not None:
            match.event = event
        elif same:
            continue   # the revoke already found or claimed: one card a trick (Somerset 62)
        else:
            status = ("not borne out" if log is not None and _hand_known_in_play(deal, log, event.seat)
                      else "claimed")
            unproven.append(_Revoke(event.seat, (event.trick or 1) - 1, event.card, None, [],
                                    status, event))
    charged = found + [r for r in unproven if r.status == "claimed"]
    side_of = table.side_of
    charges = [RevokeCharge(side_of[r.seat], table.lone,
                            table.lone and side_of[r.seat] != table.maker_side,
                            r.event.revoke_election if r.event else None) for r in charged]
    outcomes = revoke_penalties(rules, charges, table.sides)
    penalty = tuple(map(sum, zip(*(o.points for o in outcomes)))) or table.sides.points(0, 0)
    hand_scores = rules.revoke_hand_scores or not any(o.how in ("added", "deducted") for o in outcomes)
    proof = "result" if log is None else "plays" if deal.hands is None else "hands"
    # a card left proves a revoke by itself only as the turned card whose discard is not
    # recorded (cards_left); with the discard recorded any card left is simply still held
    unrecorded = deal.turned if deal.discard is None else None
    findings = [_message(rules, number, table, words, r, o.how, o.size, o.points, trump, proof,
                         unrecorded) for r, o in zip(charged, outcomes)]
    zero = table.sides.points(0, 0)
    findings += [_message(rules, number, table, words, r, r.status, 0, zero, trump, proof)
                 for r in corrected + [u for u in unproven if u.status != "claimed"]]
    if log is not None:
        findings.sort(key=lambda f: (f.trick or 0, -1 if f.seat is None else int(f.seat)))
    return Revokes(tuple(findings), penalty, hand_scores)


def _hand_known_in_play(deal: Deal, log: PlayLog, seat: SeatIndex) -> bool:
    """Whether every card ``seat`` held during the play is known: his hand is fully recorded, or
    he played all five tricks (each card he held from the first lead on was played later)."""
    if deal.hands is not None and all(c is not None for c in deal.hands[seat]):
        return True
    return len(log.by_seat[seat]) == 5


def _suit_led(led: Suit | None, trump: Suit | None) -> str:
    """"hearts were led", "trumps were led"."""
    if led is None:
        return ""
    return "trumps were led" if led is trump else f"{led.word} were led"


def _message(rules: Rules, number: int, table: RevokeTable, words: RevokeWords, r: _Revoke,
             how: str, size: int, points: Scores, trump: Suit | None, proof: str,
             unrecorded: Card | None = None) -> Finding:
    """The finding of one revoke (``how`` it was charged, or its status), worded by what proves
    it (``proof``): the ``hands``, the ``plays`` alone, or a ``result`` only (a claim as the
    sheet records it, at the trick it gives or none). ``unrecorded``: the turned card, where the
    dealer's discard is not recorded (held at the end, it is said why it was no discard)."""
    t = r.trick + 1
    who = words.who[r.seat]
    held = " ".join(c.name for c in r.held)
    card = r.card.name if r.card else "a card"
    head = f"deal {number}, trick {t}: "
    if how == "corrected":
        assert r.card is not None
        text = corrected_text(rules, number, t, who, r.card, r.led, trump, held)
        return Finding(FindingKind.REVOKE, text, rules.cite("revoke_corrected"), number, t, r.seat,
                       r.card, tuple(r.held), "corrected", points)
    if how == "not borne out":
        text = (f"{head}a revoke by {who} was claimed, but the hands show none — no penalty "
                f"({rules.cite('revoke')})")
        return Finding(FindingKind.REVOKE, text, rules.cite("revoke"), number, t, r.seat, r.card,
                       (), "not borne out", points)
    offender = table.side_of[r.seat]
    tail = charge_text(rules, offender, how, size, table.lone, words.sides)
    if proof == "result":
        assert r.event is not None
        trick = r.event.trick
        text = (f"deal {number}{f', trick {trick}' if trick else ''}: {who} revoked (claimed at "
                f"the table) — revoke ({rules.cite('revoke')}); {tail}")
        return Finding(FindingKind.REVOKE, text, rules.cite("revoke"), number, trick, r.seat,
                       r.card, (), "claimed", points)
    if r.reason is not None:
        what = (f"{head}{r.reason} — revoke penalty ({rules.cite('called_card')}); established")
    elif r.status == "claimed":
        what = (f"{head}{who} revoked (claimed at the table; the record cannot prove it) — "
                f"revoke ({rules.cite('revoke')})")
    else:
        led_text = _suit_led(r.led, trump)
        if proof == "plays":
            later = r.held[:len(r.held) - r.kept]
            kept = r.held[len(r.held) - r.kept:]
            proof = " and ".join(
                ([f"later played {' '.join(c.name for c in later)}"] if later else [])
                + ([f"still held {' '.join(c.name for c in kept)} when the play ended"
                    + (f" (the turned card he took up, which cannot be discarded: "
                       f"{rules.cite('turned_card_discard')})" if unrecorded in kept else "")]
                   if kept else []))
            what = (f"{head}{who} played {card} when {led_text} and {proof} — revoke proven"
                    f"{'' if kept else words.by_later_play} ({rules.cite('revoke')}); established "
                    "(trick quitted)")
        else:
            what = (f"{head}{who} played {card} holding {held} when {led_text} — "
                    f"revoke ({rules.cite('revoke')}); established (trick quitted)")
    return Finding(FindingKind.REVOKE, f"{what}, {tail}", rules.cite("revoke"), number, t, r.seat,
                   r.card, tuple(r.held), r.status, points)
