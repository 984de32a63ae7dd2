"""Cards, seats and sides; card notation; effective suit and power under a trump; trick winner.

Cards are interned: there is exactly one ``Card`` object per card, so identity comparison is
equality and hashing is cheap. Build cards with :func:`parse_card` or :func:`card`, never with
``Card(...)`` directly.

Notation: rank ``A K Q J T 9 8 7`` (``10`` accepted for ``T`` on input) followed by a suit
``S H D C``; input is case-insensitive, output is upper case (``"TH"``, ``"9C"``). The joker is
``"JK"`` (``"joker"``, ``"benny"``, ``"*"`` accepted). An unknown card is ``"??"`` where the
notation allows one.

>>> parse_card("10h") is parse_card("TH")
True
>>> card_name(parse_card("jd"))
'JD'
>>> effective_suit(parse_card("JD"), Suit.HEARTS)
<Suit.HEARTS: 'H'>
"""

from __future__ import annotations

from enum import Enum, IntEnum
from functools import cache
from typing import Iterable, Sequence

from .errors import NotationError

__all__ = [
    "Suit", "Rank", "Seat", "Side", "Card", "JOKER", "UNKNOWN", "card", "parse_card",
    "card_name", "make_pack", "effective_suit", "trick_winner", "power_table", "SEATS", "LEFT_OF",
    "legal_plays", "sort_hand",
]


class Suit(Enum):
    """The four suits; the value is the one-letter notation."""

    __hash__ = object.__hash__  # members are singletons: hashed in C, not by Enum's Python __hash__

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour: the suit of the left bower's jack."""
        return _SAME_COLOUR[self]

    @property
    def word(self) -> str:
        return self.name.lower()


_SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS,
}


class Rank(IntEnum):
    """Natural ranks; the value orders plain suits (ace high)."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_RANK_LETTERS = {
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
}


class Side(Enum):
    """A partnership."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def label(self) -> str:
        return "N-S" if self is Side.NS else "E-W"


class Seat(IntEnum):
    """Seats in clockwise order: the player on N's left is E. N-S and E-W are partners."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        """Every seat is truthy (N is 0 as an index, but never "no seat")."""
        return True

    @property
    def left(self) -> Seat:
        """The next seat clockwise (deal and play pass to the left)."""
        return SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self % 2 == 0 else Side.EW

    def after(self, steps: int) -> Seat:
        return SEATS[(self + steps) % 4]


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
LEFT_OF: tuple[Seat, ...] = SEATS[1:] + SEATS[:1]
"""By seat: the next seat clockwise, as :attr:`Seat.left` (a tuple index, for hot loops)."""


class Card:
    """One card (or the joker). Interned: compare with ``is`` or ``==`` alike."""

    __slots__ = ("rank", "suit", "name", "index")

    rank: Rank | None
    suit: Suit | None
    name: str
    index: int

    def __init__(self, rank: Rank | None, suit: Suit | None, index: int) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "name", "JK" if rank is None else rank.letter + suit.value)  # type: ignore[union-attr]
        object.__setattr__(self, "index", index)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __repr__(self) -> str:
        return f"Card({self.name})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.name,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def is_joker(self) -> bool:
        return self.rank is None


_ALL: list[Card] = []
_BY_KEY: dict[tuple[Rank | None, Suit | None], Card] = {}
for _suit in Suit:
    for _rank in sorted(Rank, reverse=True):
        _c = Card(_rank, _suit, len(_ALL))
        _ALL.append(_c)
        _BY_KEY[(_rank, _suit)] = _c
JOKER = Card(None, None, len(_ALL))
_ALL.append(JOKER)
_BY_KEY[(None, None)] = JOKER

UNKNOWN = None
"""An unknown card is represented by ``None`` in the model and ``"??"`` in the notation."""

_RANK_BY_TEXT = {r.letter: r for r in Rank} | {"10": Rank.TEN}
_SUIT_BY_TEXT = {s.value: s for s in Suit}
_PARSE: dict[str, Card] = {}
for _c in _ALL:
    if _c is JOKER:
        continue
    for _rt in ([_c.rank.letter] + (["10"] if _c.rank is Rank.TEN else [])):  # type: ignore[union-attr]
        _PARSE[_rt + _c.suit.value] = _c  # type: ignore[union-attr]
for _jt in ("JK", "JOKER", "BENNY", "*"):
    _PARSE[_jt] = JOKER


def card(rank: Rank, suit: Suit) -> Card:
    """The interned card of that rank and suit."""
    return _BY_KEY[(rank, suit)]


def parse_card(text: str) -> Card:
    """Parse one card token (case-insensitive). Raises NotationError quoting the text.

    >>> parse_card("as").name
    'AS'
    """
    found = _PARSE.get(text) or _PARSE.get(text.strip().upper()) if isinstance(text, str) else None
    if found is None:
        raise NotationError(f"not a card: {text!r} (expected rank A K Q J T 9 8 7 then suit S H D C, or JK)")
    return found


def card_name(c: Card | None) -> str:
    """The canonical token of a card; ``"??"`` for an unknown card."""
    return "??" if c is None else c.name


@cache
def make_pack(size: int = 24, joker: bool = False) -> frozenset[Card]:
    """The pack of 24 (9–A), 28 (8–A) or 32 (7–A) cards, optionally with the joker; made once
    per pack (every detailed replay of a deal asks for it, at every table)."""
    low = {24: Rank.NINE, 28: Rank.EIGHT, 32: Rank.SEVEN}.get(size)
    if low is None:
        raise ValueError(f"pack size must be 24, 28 or 32, not {size}")
    cards = [c for c in _ALL if c.rank is not None and c.rank >= low]
    if joker:
        cards.append(JOKER)
    return frozenset(cards)


# --- effective suit and power under a trump --------------------------------------------------

def _build_power(trump: Suit) -> dict[Card, tuple[Suit, int]]:
    """Map each card to (effective suit, power). Trump powers are all above plain powers."""
    table: dict[Card, tuple[Suit, int]] = {}
    left_suit = trump.same_colour
    for c in _ALL:
        if c is JOKER:
            table[c] = (trump, 200)
        elif c.rank is Rank.JACK and c.suit is trump:
            table[c] = (trump, 199)
        elif c.rank is Rank.JACK and c.suit is left_suit:
            table[c] = (trump, 198)
        elif c.suit is trump:
            table[c] = (trump, 100 + int(c.rank))  # type: ignore[arg-type]
        else:
            table[c] = (c.suit, int(c.rank))  # type: ignore[assignment,arg-type]
    return table


def _build_no_trump() -> dict[Card, tuple[Suit, int]]:
    """No trump (house rule allow_no_trump): every card is of its own suit, no bowers. The joker
    has no place (the rules refuse joker with no-trump), so it is left out of the table."""
    return {c: (c.suit, int(c.rank)) for c in _ALL if c.suit is not None and c.rank is not None}


_POWER: dict[Suit | None, dict[Card, tuple[Suit, int]]] = {s: _build_power(s) for s in Suit}
_POWER[None] = _build_no_trump()


def power_table(trump: Suit | None) -> dict[Card, tuple[Suit, int]]:
    """(effective suit, power) of every card under ``trump`` (None: no trump); read-only, shared."""
    return _POWER[trump]


def effective_suit(c: Card, trump: Suit | None) -> Suit:
    """The suit a card belongs to for every purpose: bowers and the joker are trumps
    (``trump`` None: no trump, every card is of its printed suit)."""
    return _POWER[trump][c][0]


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index (in playing order) of the card that wins a trick of 2, 3 or 4 cards.

    The highest trump wins; with no trump, the highest card of the (effective) suit led.
    ``trump`` None is a no-trump deal: the highest card of the suit led wins.

    >>> trick_winner([parse_card(t) for t in ("AH", "JD", "KH", "9S")], Suit.HEARTS)
    1
    """
    table = _POWER[trump]
    led, best_power = table[cards[0]]
    best = 0
    for i in range(1, len(cards)):
        s, p = table[cards[i]]
        # trump powers (>= 100) beat every plain power, so one comparison suffices
        if (s is led or s is trump) and p > best_power:
            best, best_power = i, p
    return best


def legal_plays(hand: Sequence[Card], led: Suit | None, trump: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick whose led (effective) suit is
    ``led`` (None: he leads): follow suit if able, else anything.

    >>> [c.name for c in legal_plays([parse_card("JD"), parse_card("AS")], Suit.HEARTS, Suit.HEARTS)]
    ['JD']
    """
    if led is None:
        return list(hand)
    table = _POWER[trump]
    follow = [c for c in hand if table[c][0] is led]
    return follow or list(hand)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards in a stable display order (suits S H D C, ranks high to low, joker last)."""
    return sorted(cards, key=lambda c: c.index)
