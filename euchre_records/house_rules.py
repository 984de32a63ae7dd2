"""House rules that change a deal's score or a game's (EGN 1.4 alternate rules): the fast break,
four-trick tokens, and what a farmer's hand is. Card exchanges are in :mod:`.exchanges`.

Contracts (docs/RULES.md, "House rules"):

- :func:`fast_break` — under ``fast_break``, a deal whose defenders won the first two tricks and
  whose makers took exactly three (so the last three) scores 0 for both sides; penalties stand.
- :class:`Tokens` — under ``four_trick_tokens``, makers not playing alone who score a make with
  exactly four tricks get a token; a side's fourth token is turned in for one extra point, added
  to that deal (it can end the game). Tokens count per side within a game: a new game starts
  with none, and tokens left when a game ends are lost.
- :func:`farm_cards` — the nines and tens of a hand (a farmer's hand holds three or more).

>>> from euchre_records.cards import parse_card as c
>>> len(farm_cards([c("9S"), c("TS"), c("9H"), c("AH"), c("KD")]))
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .cards import Card, Rank, Seat, Side
from .model import DealResult, Points, replace

__all__ = ["house_cite", "fast_break", "farm_cards", "Tokens", "FARM_RANKS"]

FARM_RANKS = (Rank.NINE, Rank.TEN)
"""The farm cards: nines and tens (EGN: "three or more 9s and 10s"), of any suit."""


def house_cite(option: str) -> str:
    """The citation of a house rule: it comes from no rule book but from the option itself."""
    return f"house rule {option}, EGN 1.4 alternate rules"


def farm_cards(hand: Sequence[Card | None]) -> list[Card]:
    """The nines and tens among the known cards of ``hand``."""
    return [c for c in hand if c is not None and c.rank in FARM_RANKS]


def fast_break(maker: Seat, winners: Sequence[Seat], maker_tricks: int) -> bool:
    """Whether the deal is a fast break: the defenders won tricks 1 and 2 and the makers took
    exactly three tricks in all (so tricks 3, 4 and 5 — played, or claimed as agreed)."""
    return (len(winners) >= 2 and winners[0].side is not maker.side
            and winners[1].side is not maker.side and maker_tricks == 3)


def fast_break_note(number: int) -> str:
    return (f"deal {number}: fast break — the defenders took the first two tricks and the makers "
            f"the last three: 0 points to both sides ({house_cite('fast_break')})")


def _add(a: Points, b: Points) -> Points:
    return (a[0] + b[0], a[1] + b[1])


@dataclass
class Tokens:
    """The four-trick tokens of the game being scored (mutable while a game is scored)."""

    held: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    def reset(self) -> None:
        """A new game: no side holds a token."""
        self.held = {Side.NS: 0, Side.EW: 0}

    def apply(self, r: DealResult) -> DealResult:
        """The deal as scored with its token (and the extra point at the fourth), or ``r``."""
        if r.maker is None or r.void is not None or r.thrown_in or r.alone:
            return r
        side = r.maker.side
        mine = 0 if side is Side.NS else 1
        if r.tricks[mine] != 4 or r.hand_points[mine] <= 0:
            return r   # not a four-trick make that scored (a revoke may have cancelled it)
        self.held[side] += 1
        count = self.held[side]
        rule = house_cite("four_trick_tokens")
        if count < 4:
            note = (f"deal {r.number}: {side.label} made with exactly four tricks — token {count} "
                    f"of 4 ({rule})")
            return replace(r, notes=r.notes + (note,))
        self.held[side] = 0
        bonus: Points = (1, 0) if side is Side.NS else (0, 1)
        note = (f"deal {r.number}: {side.label} made with exactly four tricks — their fourth token, "
                f"turned in for 1 extra point ({rule})")
        return replace(r, hand_points=_add(r.hand_points, bonus), points=_add(r.points, bonus),
                       notes=r.notes + (note,))
