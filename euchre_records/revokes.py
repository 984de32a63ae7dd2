"""Revoke detection and charging for a played deal.

At every table (issue 32: one revoke module): the four-handed game's revokes are found in the play
log (:func:`revoke_findings`); at the tables where each scores for himself the replay finds them
and :func:`seat_revoke_findings` words and charges them the same way (docs/TABLES.md "Findings").
Both charge through :func:`scoring.revoke_penalties`, over the deal's two sides.

A revoke (Somerset 62) is a card of another suit played while holding a card of the (effective)
suit led — the left bower and the joker are trumps for this purpose. With hands known the held
cards are read from the hand; with hands inferred from the plays a revoke is *proven* when the
player later plays a card of the suit he failed to follow (his hand gains no card after the
discard, so anything he plays later was in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from .cards import SEATS, Card, Seat, Suit
from .errors import InconsistentRecord
from .model import (
    Deal, Finding, FindingKind, Irregularity, IrregularityKind, Points, Scores, Record,
)
from .plays import Breach, PlayLog
from .rules import Rules
from .scoring import DealSides, RevokeCharge, charge_text, revoke_penalties, side_column
from .table import SeatIndex, Table

if TYPE_CHECKING:
    from .bidding import Bidding

__all__ = ["revoke_findings", "seat_revoke_findings", "revoke_charges", "Revoke", "corrected_play",
           "corrected_text"]

class _Revoke:
    __slots__ = ("seat", "trick", "card", "led", "held", "status", "event", "reason", "kept")

    def __init__(self, seat: Seat, trick: int, card: Card | None, led: Suit | None,
                 held: list[Card], status: str, event: Irregularity | None = None,
                 reason: str | None = None, kept: int = 0) -> None:
        self.seat, self.trick, self.card, self.led = seat, trick, card, led
        self.held, self.status, self.event, self.reason = held, status, event, reason
        self.kept = kept   # how many of ``held`` (the last ones) were never played


def _find(log: PlayLog, remaining: Mapping[Seat, frozenset[Card]]) -> list[_Revoke]:
    found: list[_Revoke] = []
    table = log.table
    for seat in SEATS:
        plays = log.by_seat[seat]
        for i, (t, c, led, eff) in enumerate(plays):
            if led is None or eff is led:
                continue
            held = [later for (_, later, _, e) in plays[i + 1:] if e is led]
            kept = sorted(x for x in remaining[seat] if table[x][0] is led)
            if held or kept:
                found.append(_Revoke(seat, t, c, led, held + kept, "established", kept=len(kept)))
    found.sort(key=lambda r: (r.trick, r.seat))
    return found


def _corrected(event: Irregularity, log: PlayLog, remaining: Mapping[Seat, frozenset[Card]],
               where: str, at: str) -> _Revoke:
    seat, trick, c = event.seat, event.trick, event.card
    if seat is None or trick is None or c is None:
        raise InconsistentRecord("a corrected revoke needs seat, trick and the card played in error",
                                 f"{where}.{at}")
    played, led = corrected_play(log, remaining, seat, seat.name, trick, c, f"{where}.{at}")
    return _Revoke(seat, trick - 1, c, led, [played], "corrected", event)


def corrected_play(log: PlayLog, remaining: Mapping[Seat, frozenset[Card]] | Mapping[int, frozenset[Card]],
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
    if c not in later and c not in remaining[seat]:   # type: ignore[index]
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


def revoke_findings(deal: Deal, rules: Rules, number: int, where: str, bidding: Bidding,
                    log: PlayLog, remaining: Mapping[Seat, frozenset[Card]],
                    breaches: Sequence[Breach] = ()) -> tuple[list[Finding], Points, bool]:
    """(findings, penalty points, whether the hand's own points still score).

    ``breaches`` are failures the laws punish as revokes (Somerset 54); they are charged with
    the revokes, in trick order.
    """
    found = _find(log, remaining)
    found += [_Revoke(b.seat, b.trick, b.card, None, list(b.held), "established", None, b.text)
              for b in breaches]
    found.sort(key=lambda r: (r.trick, r.seat))
    corrected: list[_Revoke] = []
    claims: list[tuple[int, Irregularity]] = []
    for i, event in enumerate(deal.irregularities):
        if event.kind is IrregularityKind.REVOKE_CORRECTED:
            corrected.append(_corrected(event, log, remaining, where, f"irregularities[{i}]"))
        elif event.kind is IrregularityKind.REVOKE_CLAIMED:
            claims.append((i, event))
    unproven: list[_Revoke] = []
    for i, event in claims:
        if event.seat is None:
            raise InconsistentRecord("a revoke claim needs the offender's seat",
                                     f"{where}.irregularities[{i}]")
        match = next((r for r in found if r.event is None and r.seat is event.seat
                      and (event.trick is None or r.trick == event.trick - 1)), None)
        if match is not None:
            match.event = event
        elif _hand_known_in_play(deal, log, event.seat, remaining):
            unproven.append(_Revoke(event.seat, (event.trick or 1) - 1, event.card, None,
                                    [], "not borne out", event))
        else:
            unproven.append(_Revoke(event.seat, (event.trick or 1) - 1, event.card, None, [],
                                    "claimed", event))
    charged = found + [r for r in unproven if r.status == "claimed"]
    maker = bidding.maker
    assert maker is not None
    charges = [RevokeCharge(side_column(r.seat.side), bidding.alone,
                            bidding.alone and r.seat.side is not maker.side,
                            r.event.revoke_election if r.event else None) for r in charged]
    outcomes = revoke_penalties(rules, charges)
    penalty = (sum(o.points[0] for o in outcomes), sum(o.points[1] for o in outcomes))
    hand_scores = rules.revoke_hand_scores or not any(o.how in ("added", "deducted") for o in outcomes)
    trump, inferred = bidding.trump, deal.hands is None
    findings = [_message(rules, number, r, o.how, o.size, o.pair, bidding.alone, trump, inferred)
                for r, o in zip(charged, outcomes)]
    findings += [_message(rules, number, r, r.status, 0, (0, 0), bidding.alone, trump, inferred)
                 for r in corrected + [u for u in unproven if u.status != "claimed"]]
    findings.sort(key=lambda f: (f.trick or 0, -1 if f.seat is None else int(f.seat)))
    return findings, penalty, hand_scores


def _hand_known_in_play(deal: Deal, log: PlayLog, seat: Seat,
                        remaining: Mapping[Seat, frozenset[Card]]) -> bool:
    """Whether every card ``seat`` held during the play is known: his hand is fully recorded, or
    he played all five tricks (each card he held from the first lead on was played later)."""
    if deal.hands is not None and all(c is not None for c in deal.hands[seat]):
        return True
    return len(log.by_seat[seat]) == 5


def _suit_led(led: Suit | None, trump: Suit | None, unknown: str = "") -> str:
    """"hearts were led", "trumps were led"; ``unknown`` where the suit led is not known."""
    if led is None:
        return unknown
    return "trumps were led" if led is trump else f"{led.word} were led"


def _message(rules: Rules, number: int, r: _Revoke, how: str, size: int, points: Points,
             lone: bool, trump: Suit | None, inferred: bool) -> Finding:
    t = r.trick + 1
    offender = r.seat.side
    held = " ".join(c.name for c in r.held)
    card = r.card.name if r.card else "a card"
    head = f"deal {number}, trick {t}: "
    if how == "corrected":
        assert r.card is not None
        text = corrected_text(rules, number, t, r.seat.name, r.card, r.led, trump, held)
        return Finding(FindingKind.REVOKE, text, rules.cite("revoke_corrected"), number, t, r.seat,
                       r.card, tuple(r.held), "corrected")
    if how == "not borne out":
        text = (f"{head}a revoke by {r.seat.name} was claimed, but the hands show none — no penalty "
                f"({rules.cite('revoke')})")
        return Finding(FindingKind.REVOKE, text, rules.cite("revoke"), number, t, r.seat, r.card,
                       (), "not borne out")
    if r.reason is not None:
        what = (f"{head}{r.reason} — revoke penalty ({rules.cite('called_card')}); established")
    elif r.status == "claimed":
        what = (f"{head}{r.seat.name} revoked (claimed at the table; the record cannot prove it) — "
                f"revoke ({rules.cite('revoke')})")
    else:
        led_text = _suit_led(r.led, trump)
        if inferred:
            later = r.held[:len(r.held) - r.kept]
            kept = r.held[len(r.held) - r.kept:]
            proof = " and ".join(
                ([f"later played {' '.join(c.name for c in later)}"] if later else [])
                + ([f"still held {' '.join(c.name for c in kept)} when the play ended (the turned "
                    f"card he took up, which cannot be discarded: {rules.cite('turned_card_discard')})"]
                   if kept else []))
            what = (f"{head}{r.seat.name} played {card} when {led_text} and {proof} — "
                    f"revoke proven ({rules.cite('revoke')}); established (trick quitted)")
        else:
            what = (f"{head}{r.seat.name} played {card} holding {held} when {led_text} — "
                    f"revoke ({rules.cite('revoke')}); established (trick quitted)")
    tail = charge_text(rules, offender, how, size, lone)
    return Finding(FindingKind.REVOKE, f"{what}, {tail}", rules.cite("revoke"), number, t, r.seat,
                   r.card, tuple(r.held), r.status, points)


# --- tables where each scores for himself (2, 3, 5) -----------------------------------------

@dataclass
class Revoke:
    """A revoke found in the play at a table where each scores for himself (or claimed): who, at
    which trick, with what, and how known."""

    seat: SeatIndex
    trick: int                 # 0-based
    card: Card | None
    how: str                   # "from the hand" / "proven by a later play" / "claimed at the table"
    held: tuple[Card, ...] = ()
    led: Suit | None = None    # the (effective) suit led, which the card did not follow


def revoke_charges(table: Table, rules: Rules, makers: tuple[SeatIndex, ...], alone: bool,
                    revokes: list[Revoke], names: dict[SeatIndex, str] | None = None
                    ) -> list[tuple[Revoke, Scores, str]]:
    """Each revoke's points per seat, and how it was charged (Somerset 63, 71; Hoyle; modern §7):
    scored by :func:`scoring.revoke_penalties`, as the four-handed game's, with the deal's two
    sides the makers' seats and the others' (one score column per seat)."""
    n = table.seats
    lone_game = alone and table.called_partner   # only the five-handed lone maker is a "lone hand"
    defenders = tuple(s for s in range(n) if s not in makers)
    sides = DealSides(n, (makers, defenders))
    charges = [RevokeCharge(0 if r.seat in makers else 1, lone_game,
                            lone_game and r.seat not in makers) for r in revokes]
    out = []
    for r, charge, outcome in zip(revokes, charges, revoke_penalties(rules, charges, sides)):
        if outcome.how == "cancelled":
            out.append((r, outcome.points, f"cancelled by an equal number of revokes by the other "
                        f"side ({rules.cite('revokes_cancel')})"))
            continue
        if outcome.how == "deducted":
            how = f"{outcome.size} points deducted from {_names(table, sides.sides[charge.offender], names)}"
        else:
            how = f"{outcome.size} points to {_names(table, sides.sides[1 - charge.offender], names)}"
        out.append((r, outcome.points, f"{how} ({rules.cite('revoke_penalty')}; each player of the "
                    "side scores the side's penalty, VARIANTS.md)"))
    return out


def _names(table: Table, seats: tuple[SeatIndex, ...], names: dict[SeatIndex, str] | None) -> str:
    """"0", "each of 0 and 1", "each of Ann, Bob and 3": names where the record has them."""
    who = [(names or {}).get(s) or table.token(s) for s in seats]
    if len(who) == 1:
        return who[0]
    return "each of " + ", ".join(who[:-1]) + " and " + who[-1]


def seat_revoke_findings(record: Record, number: int, makers: tuple[SeatIndex, ...], lone: bool,
                     revokes: list[Revoke], deal: Deal,
                     trump: Suit | None) -> list[tuple[Finding, Scores]]:
    """Each revoke's finding and points. The text as the four-handed findings' (revokes.py): the
    player (his name when the record has it, else his seat token), the card, the cards of the
    suit led he held (or played later), the status ("established" for a revoke the cards show,
    "claimed" for one only claimed at the table) and the charge with its rules."""
    table, rules = record.table, record.rules
    names = {s: p.name for s, p in record.players if p.name}
    out = []
    for irr in deal.irregularities:
        if irr.kind is IrregularityKind.REVOKE_CLAIMED and irr.seat is not None:
            trick = (irr.trick or 1) - 1
            if any(r.seat == irr.seat and (irr.trick is None or r.trick == trick) for r in revokes):
                continue
            if _cards_known(deal, irr.seat, table.seats):   # as revokes.py: "not borne out"
                who = names.get(irr.seat) or table.token(irr.seat)
                zero = (0,) * table.seats
                out.append((Finding(
                    FindingKind.REVOKE, f"deal {number}, trick {trick + 1}: a revoke by {who} was "
                    f"claimed, but the hands show none — no penalty ({rules.cite('revoke')})",
                    rules.cite("revoke"), number, trick + 1, irr.seat, None, points=zero,
                    status="not borne out"), zero))
                continue
            revokes = revokes + [Revoke(irr.seat, trick, None, "claimed at the table")]
    for r, points, how in revoke_charges(table, rules, makers, lone, revokes, names):
        who = names.get(r.seat) or table.token(r.seat)
        head = f"deal {number}, trick {r.trick + 1}: {who}"
        cite = rules.cite("revoke")
        if r.how == "claimed at the table":
            status = "claimed"
            what = f"{head} revoked (claimed at the table; the record cannot prove it) — revoke ({cite})"
        else:
            status = "established"
            card = "a card" if r.card is None else r.card.name
            led = _suit_led(r.led, trump, "the suit was led")
            if r.how == "from the hand":
                what = (f"{head} played {card} holding {' '.join(c.name for c in r.held)} when {led} "
                        f"— revoke ({cite}); established (trick quitted)")
            else:
                what = (f"{head} played {card} when {led} and later played "
                        f"{' '.join(c.name for c in r.held)} — revoke proven by a later play "
                        f"({cite}); established (trick quitted)")
        out.append((Finding(
            FindingKind.REVOKE, f"{what}, {how}", cite, number, r.trick + 1, r.seat, r.card,
            points=points, held=r.held, status=status), points))
    return out


def _cards_known(deal: Deal, seat: SeatIndex, n: int) -> bool:
    """Whether every card ``seat`` held in the play is known (so a claimed revoke the cards do
    not show is not borne out, as revokes.py rules for four hands): his hand is recorded in
    full, or all five tricks are recorded whole (nobody sits out at these tables)."""
    if deal.hands is not None and seat < len(deal.hands) and all(c is not None for c in deal.hands[seat]):
        return True
    return len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)
