"""A deal the record stops inside (a partial game): replayed as far as it goes, never scored.

EGN calls these partial games ("only including the actions up to the point you want to
highlight"); our notation marks the deal ``"unfinished": true`` (docs/FORMAT.md). The record may
stop during the bidding, after it (trump made, no card played), after a trick, or inside a trick.

Contract: :func:`replay_unfinished` returns a :class:`DealResult` with ``unfinished=True``,
points ``(0, 0)`` and a note saying where the record stops, or raises InconsistentRecord for
what cannot have happened (cards played before anyone made trump) and for a deal marked
unfinished that is in fact complete (thrown in, or all five tricks played). Every card recorded
is checked as in a whole deal, and revokes are found as far as the cards show them (from the
known hands, or proven by a later play); they are reported, and like everything else in the
deal they score nothing.
"""

from __future__ import annotations

from typing import Protocol

from .bidding import Bidding
from .cards import SEATS, Card, Seat, Side
from .errors import InconsistentRecord
from .model import Deal, DealResult, Finding, four_handed_sides
from .penalty_cards import penalty_card_checks
from .plays import PlayLog
from .revokes import RevokeTable, revoke_findings
from .rules import Rules
from .words import counted

__all__ = ["replay_unfinished", "ReplayInProgress"]


class ReplayInProgress(Protocol):
    """What this module needs of the deal replay (``deal.DealWalk``) that hands it the deal: the
    record and its place, the cards each seat is known to hold, and the replay's own discard and
    play phases. A protocol, so that this module does not import the replay that imports it."""

    deal: Deal
    rules: Rules
    number: int
    where: str
    hand: list[set[Card]]

    def fail(self, what: str, at: str = "") -> InconsistentRecord: ...

    def after_bidding(self, bidding: Bidding) -> None: ...

    def play(self, bidding: Bidding) -> tuple[list[Seat], list[Seat], PlayLog]: ...


def replay_unfinished(rp: ReplayInProgress, bidding: Bidding, findings: list[Finding]) -> DealResult:
    """Replay the rest of an unfinished deal whose bidding ``run_bidding`` has read."""
    deal, number = rp.deal, rp.number
    if bidding.thrown_in:
        raise rp.fail("the deal is marked unfinished, but its bidding is over: all passed twice "
                      "and the deal was thrown in (remove 'unfinished')", "unfinished")
    if bidding.redeal:
        raise rp.fail("the deal is marked unfinished, but it is void (the joker was turned under "
                      "'redeal'; remove 'unfinished')", "unfinished")

    def result(leaders: tuple[object, ...], winners: tuple[object, ...], where: str,
               found: list[Finding]) -> DealResult:
        ns = sum(1 for w in winners if getattr(w, "side", None) is Side.NS)
        note = (f"deal {number}: the record stops {where} — the deal is unfinished: replayed as "
                "far as it goes, nothing scored for it")
        tricks = (ns, len(winners) - ns)
        maker = bidding.maker
        makers, defenders = (((), ()) if maker is None else
                             four_handed_sides(maker, bidding.alone, bidding.defender_alone))
        return DealResult(number, deal.kind, deal.dealer, deal.turned, bidding.trump, maker,
                          bidding.alone, bidding.defender_alone, False, leaders, winners,  # type: ignore[arg-type]
                          tricks, (0, 0), (0, 0), (0, 0), tuple(found),
                          notes=(note,), unfinished=True, makers=makers, defenders=defenders,
                          maker_tricks=0 if maker is None else tricks[maker & 1])

    if bidding.maker is None:
        if deal.tricks:
            raise rp.fail("tricks recorded, but nobody has made trump yet", "tricks")
        if deal.discard is not None:
            raise rp.fail("a discard is recorded, but nobody has made trump yet", "discard")
        calls = len(deal.calls)
        where = ("before the bidding" if not calls else
                 f"during the bidding, after {calls} call{'s' if calls != 1 else ''}")
        return result((), (), where, findings)
    rp.after_bidding(bidding)   # the discard, and partner's best (house rule)
    leaders, winners, log = rp.play(bidding)
    if len(winners) == 5:
        raise rp.fail("the deal is marked unfinished, but all five tricks are played (remove "
                      "'unfinished')", "unfinished")
    trump = bidding.trump
    remaining = {s: frozenset(rp.hand[s]) for s in SEATS}
    if bidding.took_up and deal.discard is None:
        remaining[deal.dealer] = frozenset()   # his unplayed card may be the unrecorded discard
    found = list(findings)
    if trump is not None:   # a no-trump deal (house rule) has no revoke of trump to find
        lone = bidding.maker if bidding.alone else None
        card_findings, breaches = penalty_card_checks(
            deal, rp.rules, number, rp.where, lone, log, remaining, leaders, trump)
        sides = RevokeTable.partnerships(bidding.maker, bidding.alone)
        revokes = revoke_findings(deal, rp.rules, number, rp.where, sides, trump, log, remaining,
                                  breaches).findings
        found += card_findings + list(revokes)
        found.sort(key=lambda f: (f.trick or 0))
    played = len(deal.tricks)
    if not played:
        where = "after the bidding, before the first lead"
    elif played > len(winners):
        where = f"inside trick {played}, after {counted(len(deal.tricks[-1].cards), 'card')}"
    else:
        where = f"after trick {played}"
    return result(tuple(leaders), tuple(winners), where, found)
