"""The five-handed called card (call your partner, VARIANTS.md; Foster's Complete Hoyle,
call-ace): the maker's call checked, the holder of the card he called (his partner) found, and
the notes that say how the record tells him. Pure: no I/O.

Contract, for the one deal walk (``deal.DealWalk``) at a table whose ``called_partner`` is set:

- :func:`check_call` raises (through ``fail(what, at)``) for a call the rules forbid: a lone
  maker who names a card or a partner, a maker who neither goes alone nor names a card, a card
  of the trump suit (the left bower is one), the maker named as his own partner.
- :class:`CalledCard` follows the card through the deal: :meth:`CalledCard.from_hands` before
  the play (the hands as the take-up left them: its holder, or undealt when in the kitty or
  the discard, or when every card is known and none holds it), :meth:`CalledCard.watch` as
  each card falls (``trick_walk.Watch``), :meth:`CalledCard.after_play` once the tricks are
  walked. A record that names a holder the cards contradict raises. ``partner`` is the maker's
  partner (None: he plays alone), ``known`` whether the record tells him, ``notes`` what the
  walk notes about it, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Collection, Sequence

from .cards import Card, Suit, effective_suit
from .errors import InconsistentRecord
from .model import Deal
from .table import SeatIndex, Table

__all__ = ["check_call", "CalledCard"]

Fail = Callable[[str, str], InconsistentRecord]
"""Makes the located error of the walk (``CardPlaces.fail``): (what, where in the deal)."""


def check_call(deal: Deal, maker: SeatIndex, trump: Suit | None, alone: bool, fail: Fail) -> None:
    """Raise ``fail(...)`` for a call the five-handed rules forbid (see module)."""
    called = deal.called
    if alone and (called is not None or deal.partner_stated):
        raise fail("a maker who goes alone names no card and has no partner", "called")
    if not alone and called is None and (deal.tricks or not deal.unfinished):
        raise fail("the maker who does not go alone names a card not of the trump suit", "called")
    if trump is not None and called is not None and effective_suit(called, trump) is trump:
        raise fail(f"{called.name} is of the trump suit ({trump.value}): the maker names a card "
                   "not of the trump suit", "called")
    if deal.partner_stated and deal.partner == maker:
        raise fail("the maker cannot be his own partner", "partner")


@dataclass
class CalledCard:
    """The called card of one deal (``card``) and what is known of its holder (see module)."""

    card: Card
    deal: Deal
    table: Table
    maker: SeatIndex
    number: int
    fail: Fail
    partner: SeatIndex | None = None
    trick: int | None = None          # the trick (1-based) in which it fell
    known: bool = False
    notes: list[str] = field(default_factory=list)

    def from_hands(self, hands: Sequence[Collection[Card]], unknown: Sequence[int],
                   discard: Card | None) -> None:
        """Its holder from the hands recorded (``hands`` the known cards each seat holds,
        ``unknown`` how many unknown ones): a seat, or undealt (in the kitty or the discard, or
        in no hand when every card held is known); the maker holding it plays alone."""
        deal, card = self.deal, self.card
        holder: SeatIndex | None = None
        for s, h in enumerate(hands):
            if card in h:
                holder, self.known = s, True
        if not self.known and (card in (deal.kitty or ()) or card is discard or not any(unknown)):
            self.known = True     # undealt: the maker is alone
        if not self.known:
            return
        if deal.partner_stated and deal.partner != (None if holder == self.maker else holder):
            where = "in no hand (undealt)" if holder is None else f"in seat {self.table.token(holder)}'s hand"
            raise self.fail(f"the record says {self._claimed()} held {card.name}, but it is {where}",
                            "partner")
        self.partner = None if holder == self.maker else holder
        if holder == self.maker:
            self.notes.append(f"deal {self.number}: the maker holds the card he called "
                              f"({card.name}): he plays alone")

    def watch(self, t: int, j: int, seat: SeatIndex, c: Card) -> None:
        """Told of each card played (``trick_walk.Watch``): its holder found as it falls."""
        if c is not self.card:
            return
        deal = self.deal
        if deal.partner_stated and deal.partner != seat and not (seat == self.maker and deal.partner is None):
            raise self.fail(f"seat {self.table.token(seat)} plays the called card {c.name}, but the "
                            f"record says {self._claimed()} held it", f"tricks[{t}][{j}]")
        if self.trick is None:
            self.partner, self.trick, self.known = None if seat == self.maker else seat, t + 1, True

    def after_play(self, complete: bool) -> None:
        """Once the tricks are walked (``complete``: all five played out): a card never played
        in a complete deal was undealt; else the record's partner, when it states one; and the
        note of how the partner was known, or that he cannot be."""
        deal, card = self.deal, self.card
        if not self.known:
            if complete:
                self.partner, self.known = None, True   # every dealt card was played: undealt
                if deal.partner_stated and deal.partner is not None:
                    raise self.fail(f"the record says seat {self.table.token(deal.partner)} held "
                                    f"{card.name}, but it was never played: it was undealt",
                                    "partner")
            elif deal.partner_stated:
                self.partner, self.known = deal.partner, True
        if not self.known:
            self.notes.append(f"deal {self.number}: who held the called card {card.name} cannot be "
                              "known (the hands are not recorded and it was not played)")
        elif self.trick is not None and deal.hands is None:
            self.notes.append(f"deal {self.number}: the partner, seat {self.table.token(self.partner)}, "
                              f"was known at trick {self.trick} when {card.name} fell"
                              if self.partner is not None else
                              f"deal {self.number}: the maker played the card he called himself: alone")

    def _claimed(self) -> str:
        """Who the record says held the card: "undealt" or "seat 3"."""
        partner = self.deal.partner
        return "undealt" if partner is None else f"seat {self.table.token(partner)}"
