"""House rules that change a deal's score or a game's (EGN 1.4 alternate rules): the fast break,
four-trick tokens, and what a farmer's hand is. Card exchanges are in :mod:`.exchanges`.

Contracts (docs/RULES.md, "House rules"):

- :func:`fast_break` — under ``fast_break``, a deal whose defenders won the first two tricks and
  whose makers took exactly three (so the last three) scores 0 for both sides; penalties stand.
  At a table of n the sides are the deal's makers and defenders.
- :class:`Tokens` — under ``four_trick_tokens``, makers not playing alone who score a make with
  exactly four tricks get a token; a side's fourth token is turned in for one extra point, added
  to that deal (it can end the game). Tokens count per side within a game: a new game starts
  with none, and tokens left when a game ends are lost. At a table of five each player of the
  making side counts his own (the tables of two and three refuse the rule: their maker always
  plays alone, :mod:`.table_refusals`).
- :func:`farm_cards` — the nines and tens of a hand (a farmer's hand holds three or more).

>>> from euchre_records.cards import parse_card as c
>>> len(farm_cards([c("9S"), c("TS"), c("9H"), c("AH"), c("KD")]))
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Container, Sequence, TypeVar

from .cards import Card, Rank
from .model import DealResult, replace
from .scoring import add_scores

_S = TypeVar("_S")   # a seat: cards.Seat at four, an int index at other tables

__all__ = ["house_cite", "fast_break", "farm_cards", "Tokens", "FARM_RANKS"]

FARM_RANKS = (Rank.NINE, Rank.TEN)
"""The farm cards: nines and tens (EGN: "three or more 9s and 10s"), of any suit."""


def house_cite(option: str) -> str:
    """The citation of a house rule: it comes from no rule book but from the option itself."""
    return f"house rule {option}, EGN 1.4 alternate rules"


def farm_cards(hand: Sequence[Card | None]) -> list[Card]:
    """The nines and tens among the known cards of ``hand``."""
    return [c for c in hand if c is not None and c.rank in FARM_RANKS]


def fast_break(makers: Container[_S], winners: Sequence[_S], maker_tricks: int) -> bool:
    """Whether the deal is a fast break: the defenders won tricks 1 and 2 and the makers took
    exactly three tricks in all (so tricks 3, 4 and 5 — played, or claimed as agreed).
    ``makers`` are the making side's seats (a partner sitting out wins no trick): ``Seat`` values at
    four hands, seat indexes at a table of n."""
    return (len(winners) >= 2 and winners[0] not in makers and winners[1] not in makers
            and maker_tricks == 3)


def fast_break_note(number: int) -> str:
    return (f"deal {number}: fast break — the defenders took the first two tricks and the makers "
            f"the last three: 0 points to both sides ({house_cite('fast_break')})")


def _token_note(number: int, who: str, count: int, whose: str = "their") -> str:
    rule = house_cite("four_trick_tokens")
    if count < 4:
        return f"deal {number}: {who} made with exactly four tricks — token {count} of 4 ({rule})"
    return (f"deal {number}: {who} made with exactly four tricks — {whose} fourth token, turned in "
            f"for 1 extra point ({rule})")


@dataclass
class Tokens:
    """The four-trick tokens of the game being scored (mutable while a game is scored), held by
    score column (``games.play_games``): a side at four hands, a player at a table of n (sides
    are made per deal there, so each player of the making side holds his own tokens, our
    reading of EGN's "a side" for games where each scores for himself; docs/TABLES.md)."""

    held: dict[int, int] = field(default_factory=dict)

    def reset(self) -> None:
        """A new game: nobody holds a token."""
        self.held = {}

    def earn(self, holder: int) -> int:
        """One more token to ``holder``: his count, 4 when it is turned in (he then holds none)."""
        count = self.held.get(holder, 0) + 1
        self.held[holder] = 0 if count == 4 else count
        return count

    def apply(self, r: DealResult, columns: Sequence[int], labels: Sequence[str],
              whose: str) -> DealResult:
        """The deal ``r``, a make with exactly four tricks that scored, by the making side of
        score ``columns`` (named ``labels``; ``whose``: their pronoun in the note): a token to
        each column, with its note, and 1 extra point to a column at its fourth."""
        bonus = [0] * len(r.points)
        notes = list(r.notes)
        for column, label in zip(columns, labels):
            count = self.earn(column)
            notes.append(_token_note(r.number, label, count, whose))
            bonus[column] = 1 if count == 4 else 0
        if not any(bonus):
            return replace(r, notes=tuple(notes))
        return replace(r, hand_points=add_scores(r.hand_points, tuple(bonus)),
                       points=add_scores(r.points, tuple(bonus)), notes=tuple(notes))
