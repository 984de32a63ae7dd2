"""The plays of a deal as the revoke and penalty-card laws read them: a log of every card played,
and a breach that the laws punish as a revoke.

Contract: both :mod:`.revokes` and :mod:`.penalty_cards` import from here and never from each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cards import Card, Seat, Suit
from .model import Irregularity

__all__ = ["Play", "PlayLog", "Breach"]

Play = tuple[int, Card, "Suit | None", Suit]   # (trick index, card, suit led or None if led, own suit)


class PlayLog:
    """Every play of a deal, by seat, with the suit led and the card's effective suit; ``off``
    the plays that did not follow the suit led, as (seat, index in ``by_seat[seat]``), in the
    order played (where a revoke may be: ``revokes.revoke_findings``)."""

    __slots__ = ("table", "by_seat", "led", "off")

    def __init__(self, table: Mapping[Card, tuple[Suit, int]], seats: int = 4) -> None:
        self.table = table
        self.by_seat: list[list[Play]] = ([[], [], [], []] if seats == 4   # by seat index, any table
                                          else [[] for _ in range(seats)])
        self.led: list[Suit] = []
        self.off: list[tuple[int, int]] = []

    def add(self, seat: int, trick: int, c: Card) -> None:
        eff = self.table[c][0]
        plays = self.by_seat[seat]
        if len(self.led) == trick:
            self.led.append(eff)
            plays.append((trick, c, None, eff))
            return
        led = self.led[trick]
        if eff is not led:
            self.off.append((seat, len(plays)))
        plays.append((trick, c, led, eff))



@dataclass(frozen=True, slots=True)
class Breach:
    """A failure the laws punish as a revoke (Somerset 54)."""

    seat: Seat
    trick: int          # 0-based
    card: Card          # what he played
    held: tuple[Card, ...]
    text: str           # what happened, for the finding
    event: Irregularity | None = None
