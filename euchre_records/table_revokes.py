"""Revokes at a table of two, three or five: what each costs and how its finding reads
(docs/TABLES.md "Findings"; RULES.md, "Tables of two, three and five").

Contract: :func:`revoke_findings` gives, for the revokes the replay found in a deal (and those
claimed in its irregularities), each finding with its points per seat, worded as the four-handed
findings of revokes.py are — the player by name where the record has one, the cards of the suit
led he held, the status (established, claimed, not borne out) and the charge with its rules —
each player of the offended side scoring the side's penalty (VARIANTS.md). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .model import FindingKind
from .rules import Rules
from .scoring import DealSides, RevokeCharge, revoke_penalties
from .table import SeatIndex, Table
from .table_model import Scores, TableDeal, TableFinding, TableIrregularityKind, TableRecord

__all__ = ["Revoke", "revoke_charges", "revoke_findings"]


@dataclass
class Revoke:
    """A revoke found in the play (or claimed): who, at which trick, with what, and how known."""


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


def revoke_findings(record: TableRecord, number: int, makers: tuple[SeatIndex, ...], lone: bool,
                     revokes: list[Revoke], deal: TableDeal,
                     trump: Suit | None) -> list[tuple[TableFinding, Scores]]:
    """Each revoke's finding and points. The text as the four-handed findings' (revokes.py): the
    player (his name when the record has it, else his seat token), the card, the cards of the
    suit led he held (or played later), the status ("established" for a revoke the cards show,
    "claimed" for one only claimed at the table) and the charge with its rules."""
    table, rules = record.table, record.rules
    names = {s: p.name for s, p in record.players if p.name}
    out = []
    for irr in deal.irregularities:
        if irr.kind is TableIrregularityKind.REVOKE_CLAIMED and irr.seat is not None:
            trick = (irr.trick or 1) - 1
            if any(r.seat == irr.seat and (irr.trick is None or r.trick == trick) for r in revokes):
                continue
            if _cards_known(deal, irr.seat, table.seats):   # as revokes.py: "not borne out"
                who = names.get(irr.seat) or table.token(irr.seat)
                zero = (0,) * table.seats
                out.append((TableFinding(
                    FindingKind.REVOKE, f"deal {number}, trick {trick + 1}: a revoke by {who} was "
                    f"claimed, but the hands show none — no penalty ({rules.cite('revoke')})",
                    rules.cite("revoke"), number, trick + 1, irr.seat, None, zero,
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
            led = _suit_led(r.led, trump)
            if r.how == "from the hand":
                what = (f"{head} played {card} holding {' '.join(c.name for c in r.held)} when {led} "
                        f"— revoke ({cite}); established (trick quitted)")
            else:
                what = (f"{head} played {card} when {led} and later played "
                        f"{' '.join(c.name for c in r.held)} — revoke proven by a later play "
                        f"({cite}); established (trick quitted)")
        out.append((TableFinding(
            FindingKind.REVOKE, f"{what}, {how}", cite, number, r.trick + 1, r.seat, r.card, points,
            held=r.held, status=status), points))
    return out


def _cards_known(deal: TableDeal, seat: SeatIndex, n: int) -> bool:
    """Whether every card ``seat`` held in the play is known (so a claimed revoke the cards do
    not show is not borne out, as revokes.py rules for four hands): his hand is recorded in
    full, or all five tricks are recorded whole (nobody sits out at these tables)."""
    if deal.hands is not None and seat < len(deal.hands) and all(c is not None for c in deal.hands[seat]):
        return True
    return len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)


def _suit_led(led: Suit | None, trump: Suit | None) -> str:
    """"hearts were led", "trumps were led" (as the four-handed findings say, revokes.py)."""
    if led is None:
        return "the suit was led"
    return "trumps were led" if led is trump else f"{led.word} were led"
