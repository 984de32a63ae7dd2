"""The texts of the domain's enum members, tabled by member.

``Enum.name`` and ``Enum.value`` are Python-level descriptors in Python 3.11, several times the
cost of a dict lookup; the writers of results, store rows and canonical deals read them for every
deal, so they look them up here instead.
"""

from __future__ import annotations

from .cards import Seat, Side, Suit
from .model import DealKind, FindingKind

__all__ = ["SEAT_NAME", "SEAT_SIDE", "SIDE_VALUE", "SUIT_VALUE", "DEAL_KIND_VALUE",
           "FINDING_KIND_VALUE"]

SEAT_NAME: dict[Seat, str] = {seat: seat.name for seat in Seat}
SEAT_SIDE: dict[Seat, str] = {seat: seat.side.value for seat in Seat}
SIDE_VALUE: dict[Side, str] = {side: side.value for side in Side}
SUIT_VALUE: dict[Suit, str] = {suit: suit.value for suit in Suit}
DEAL_KIND_VALUE: dict[DealKind, str] = {kind: kind.value for kind in DealKind}
FINDING_KIND_VALUE: dict[FindingKind, str] = {kind: kind.value for kind in FindingKind}
