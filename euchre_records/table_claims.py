"""Claims and concessions at a table of two, three or five: the tricks not played out, settled
as the four-handed engine settles them (``deal.Replay.settle_unplayed``), the claim checked by
the one search of :mod:`.claims` (:func:`~.claims.seat_guaranteed_tricks`).

Contract (docs/TABLES.md, "Every capability at every table"; the laws of the preset applied to
n hands, VARIANTS.md): a deal of fewer than five tricks needs a ``claim`` or ``concession`` (or
is ``unfinished``); the last one recorded settles the rest. A claim gives the claimer's side
``tricks`` of the remaining ones (all when not said) and the other side the rest; a concession
gives them to the other side than the conceder's (docs/FORMAT.md, ``tricks``); the sides are the
deal's makers and defenders. When every
remaining card is known the claim is searched against every legal line of play: guaranteed, a
note; not guaranteed whatever the dealer's unrecorded discard was, a ``claim`` finding (status
``not guaranteed``); either way the deal is scored as agreed (the preset's rule on claims).
Unknown cards: a note, scored as agreed. A claim with five tricks played, with no seat, or of
more tricks than remain is a located problem. Pure.
"""

from __future__ import annotations

from .cards import Card, Suit
from .claims import seat_guaranteed_tricks
from .errors import Problem
from .model import FindingKind
from .table import SeatIndex
from .table_model import TableDeal, TableFinding, TableIrregularityKind, TableRecord

__all__ = ["SETTLES", "claims_of", "settle_claim"]

SETTLES = (TableIrregularityKind.CLAIM, TableIrregularityKind.CONCESSION)
"""The irregularities that settle the tricks not played out."""


def claims_of(deal: TableDeal) -> list[int]:
    """The indexes in ``deal.irregularities`` of its claims and concessions, in order."""
    return [i for i, irr in enumerate(deal.irregularities) if irr.kind in SETTLES]


def settle_claim(record: TableRecord, deal: TableDeal, number: int, where: str,
                 makers: tuple[SeatIndex, ...], trump: Suit | None, played: int,
                 maker_tricks: int, leader: SeatIndex,
                 remaining: list[list[Card | None]] | None,
                 problems: list[Problem]) -> tuple[int, list[TableFinding], list[str]] | None:
    """(the makers' tricks with the claimed ones, findings, notes) after ``played`` complete
    tricks of which the makers won ``maker_tricks``, ``leader`` to lead the next; None with a
    located problem appended. ``remaining``: each seat's cards left (None unknown), or None when
    the hands are not recorded; the dealer may hold one card more (his discard not recorded)."""
    table, rules = record.table, record.rules
    found = claims_of(deal)
    if not found:
        return maker_tricks, [], []
    i = found[-1]
    at = f"{where}.irregularities[{i}]"
    event = deal.irregularities[i]
    if played == 5:
        problems.append(Problem(at, "a claim or concession is recorded, but all five tricks were played"))
        return None
    if event.seat is None:
        problems.append(Problem(f"{at}.seat", "a claim or concession needs the seat that made it"))
        return None
    rest = 5 - played
    taken = rest if event.tricks is None else event.tricks
    if taken > rest:
        problems.append(Problem(f"{at}.tricks", f"the claim covers {taken} tricks, but {rest} remain"))
        return None
    names = {s: p.name for s, p in record.players if p.name}
    who = names.get(event.seat) or f"seat {table.token(event.seat)}"
    claim = event.kind is TableIrregularityKind.CLAIM
    on_makers = (event.seat in makers) is claim      # the side that takes ``taken``
    side = makers if on_makers else tuple(s for s in table.all_seats if s not in makers)
    label = ("the makers" if on_makers else "the defenders") + " (" + \
        ", ".join(names.get(s) or table.token(s) for s in side) + ")"
    verb = f"{'claimed' if claim else 'conceded'} {taken} of the last {rest} tricks"
    rule = rules.cite("claim")
    total = maker_tricks + (taken if on_makers else rest - taken)
    kept = deal.turned if deal.discard is None and not rules.turned_card_discard else None
    lines = _possible(remaining, deal.dealer, rest, kept)
    if not lines:
        return total, [], [f"deal {number}: {who} {verb}; the hands are not known, so the claim "
                           f"cannot be checked; scored as agreed ({rule})"]
    bests = [seat_guaranteed_tricks(h, leader, trump, side) for h in lines]
    best, most = min(bests), max(bests)
    whichever = ", whichever card the dealer discarded" if len(lines) > 1 else ""
    if best >= taken:
        return total, [], [f"deal {number}: {who} {verb} — guaranteed against any defence"
                           f"{whichever} ({rule})"]
    if most < taken:
        held_to = f"{most}" if best == most else f"at most {most}"
        return total, [TableFinding(
            FindingKind.CLAIM, f"deal {number}: {who} {verb}, but against the best defence "
            f"{label} can be held to {held_to}{whichever} — not guaranteed; scored as agreed ({rule})",
            rule, number, played + 1, event.seat, status="not guaranteed")], []
    return total, [], [f"deal {number}: {who} {verb}; whether it is guaranteed depends on the "
                       f"dealer's discard, which is not recorded; scored as agreed ({rule})"]


def _possible(remaining: list[list[Card | None]] | None, dealer: SeatIndex, rest: int,
              kept: Card | None) -> list[list[list[Card]]]:
    """Every set of hands the remaining cards may be: one when all are known, one per card the
    dealer may have discarded (never ``kept``, the turned card where the rules forbid discarding
    it) when his discard is not recorded; none when a card is unknown."""
    if remaining is None or any(None in h for h in remaining):
        return []
    known = [[c for c in h if c is not None] for h in remaining]
    if all(len(h) == rest for h in known):
        return [known]
    if len(known[dealer]) != rest + 1 or any(len(h) != rest for s, h in enumerate(known) if s != dealer):
        return []
    return [known[:dealer] + [[c for c in known[dealer] if c is not x]] + known[dealer + 1:]
            for x in known[dealer] if x is not kept]
