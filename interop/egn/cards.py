"""EGN card and call tokens, and the bidding walk shared by deals and alternative lines.

Card tokens (EGN README, "Card Representation"): a rank then a suit, ``"Kh"``. The rank is
upper case (``A K Q J T 9 8 7``; ``N`` is another way to write the nine); the suit is ``s h d c``
in either case, or one of the *generic* suits ``t`` (trump), ``n`` (next: the suit of trump's
colour), ``g`` and ``h`` (the two others). A lower-case ``h`` is both hearts and the generic
green suit 2; we read it as generic only in a deal that writes some card with ``t``, ``n`` or
``g`` (see :class:`CardReader`); upper-case ``H`` is always hearts. ``R``/``L`` are the right and
left bower of trump, ``B`` the joker (benny), and ``X`` an unknown rank or suit: ``Xx`` unknown,
``Xc`` an unknown club, ``Jx`` an unknown jack. Calls are ``"Pass"``, ``"Order"`` (accept the
turned card) and a suit letter in the second round (``"n"``: no trump).
"""

from __future__ import annotations

from euchre_records.cards import JOKER, Card, Rank, Seat, Suit, card, parse_card
from euchre_records.errors import NotationError, UnsupportedRules
from euchre_records.model import Call, CallKind, Trick
from euchre_records.interop.json_access import LIST, field, typed

__all__ = ["CardReader", "egn_tricks", "card_token", "egn_call", "egn_calls", "call_token", "EGN_SUITS",
           "generic_map", "is_generic", "is_partly_known"]

EGN_SUITS: dict[str, Suit] = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}
_RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T", "9": "9", "N": "9", "8": "8", "7": "7"}
_GENERIC = "tngh"
_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def generic_map(trump: Suit) -> dict[str, Suit]:
    """The real suit of each generic suit letter once trump is known: ``t`` trump, ``n`` its
    colour, ``g`` and ``h`` the other two (in the order clubs, diamonds, hearts, spades).

    >>> {k: v.value for k, v in generic_map(Suit.HEARTS).items()}
    {'t': 'H', 'n': 'D', 'g': 'C', 'h': 'S'}
    """
    others = [s for s in _ORDER if s not in (trump, trump.same_colour)]
    return {"t": trump, "n": trump.same_colour, "g": others[0], "h": others[1]}


def is_generic(token: object) -> bool:
    """True for a card token written with a generic suit (``"At"``, ``"9g"``, ``"Nn"``).
    A lower-case ``h`` counts as generic only together with another generic token (the caller
    decides that), so here only ``t n g`` are."""
    return (isinstance(token, str) and len(token) == 2 and token[0] in _RANKS
            and token[1] in "tng")


def is_partly_known(token: object) -> bool:
    """True for ``Xc`` (an unknown club) and ``Jx`` (an unknown jack): partly known cards."""
    return (isinstance(token, str) and len(token) == 2 and token != "Xx"
            and (token[0] == "X") != (token[1] in "xX"))


class CardReader:
    """Reads the card tokens of one deal. ``trump`` is the deal's real trump suit (None while not
    known); ``generic`` says the deal writes its suits generically (``t n g h``), and then
    ``trump_guessed`` says the real suits were chosen by convention (trump = spades) because the
    record never names a real one."""

    __slots__ = ("trump", "generic", "suits", "trump_guessed")

    def __init__(self, trump: Suit | None, generic: bool) -> None:
        self.trump, self.generic = trump, generic
        self.trump_guessed = generic and trump is None
        self.suits: dict[str, Suit] = generic_map(trump or Suit.SPADES) if generic else {}

    def suit(self, letter: str) -> Suit | None:
        if self.generic and letter in _GENERIC:
            return self.suits[letter]
        return EGN_SUITS.get(letter.lower())

    def card(self, token: object, where: str, unknown_ok: bool = False) -> Card | None:
        """One EGN card token. ``None`` for an unknown (or partly known) card, where allowed.

        >>> r = CardReader(Suit.CLUBS, False)
        >>> [r.card(t, "x").name for t in ("Th", "Nd", "R", "L", "B")]  # type: ignore[union-attr]
        ['TH', '9D', 'JC', 'JS', 'JK']
        >>> CardReader(Suit.HEARTS, True).card("Jn", "x").name  # type: ignore[union-attr]
        'JD'
        """
        if not isinstance(token, str):
            raise NotationError(f"expected a card token such as 'Kh', not {token!r}", where)
        if token == "B":
            return JOKER
        if token in ("R", "L"):
            trump = self.trump or (self.suits.get("t") if self.generic else None)
            if trump is None:
                raise NotationError(f"{token!r} (the {'right' if token == 'R' else 'left'} bower) "
                                    "needs the trump suit, which is not known here", where)
            return card(Rank.JACK, trump if token == "R" else trump.same_colour)
        if len(token) == 2 and (token[0] == "X" or token[1] in "xX"):
            if unknown_ok:
                return None
            raise NotationError(f"an unknown card ({token!r}) cannot be replayed here: the engine "
                                "needs every card played to find each trick's winner", where)
        if len(token) == 2 and token[0] in _RANKS:
            suit = self.suit(token[1])
            if suit is not None:
                return parse_card(_RANKS[token[0]] + suit.value)
        raise NotationError(f"not an EGN card: {token!r} (expected a rank A K Q J T 9 (or N) 8 7 "
                            "and a suit s h d c (or generic t n g h), 'B' for the joker, 'R'/'L' "
                            "for the bowers, X for unknown)", where)


    def hand(self, value: object, where: str) -> tuple[Card | None, ...]:
        """One hand of ``playerCards`` as dealt: at most 5 tokens, padded to five with unknown
        cards (None), as are ``Xx``/``Xc``/``Jx`` tokens."""
        typed(value, where, LIST, what="a hand of at most 5 cards as dealt")
        assert isinstance(value, list)
        if len(value) > 5:
            raise NotationError("expected a hand of at most 5 cards as dealt", where)
        known = [self.card(c, f"{where}[{j}]", unknown_ok=True) for j, c in enumerate(value)]
        return tuple(known) + (None,) * (5 - len(known))


def egn_tricks(phase: dict[str, object], where: str, cards: CardReader, fewest: int) -> list[Trick]:
    """The ``tricks`` of a trick-play phase: each a list of ``fewest`` to 4 card tokens (a partial
    game or an alternative line may stop or start inside a trick, so they allow 1)."""
    raw = field(phase, "tricks", where, LIST, optional=False, what="a list of tricks")
    tricks: list[Trick] = []
    for t, tokens in enumerate(raw):
        typed(tokens, f"{where}.tricks[{t}]", LIST, what=f"a trick of {fewest} to 4 cards")
        if not fewest <= len(tokens) <= 4:
            raise NotationError(f"expected a trick of {fewest} to 4 cards", f"{where}.tricks[{t}]")
        tricks.append(Trick(tuple(cards.card(c, f"{where}.tricks[{t}][{j}]")  # type: ignore[misc]
                                  for j, c in enumerate(tokens))))
    return tricks


def card_token(c: Card | None) -> str:
    """Our card as an EGN token: ``"Kh"``; the joker ``"B"``; unknown ``"Xx"``."""
    if c is None:
        return "Xx"
    if c is JOKER:
        return "B"
    return c.name[0] + c.name[1].lower()


def egn_call(token: object, at: str, unnamed: str = "is not supported") -> CallKind | Suit:
    """One EGN call token read, at any table: PASS, ORDER (the caller's seat makes it ORDER,
    ASSIST or TAKE), NO_TRUMP, or the suit named; ``x`` (an unnamed bid) is refused with
    ``unnamed``, anything else is not an EGN call (both located at ``at``)."""
    if token == "Pass":
        return CallKind.PASS
    if token == "Order":
        return CallKind.ORDER
    if isinstance(token, str) and token in EGN_SUITS:
        return EGN_SUITS[token]
    if token == "n":
        return CallKind.NO_TRUMP
    if token == "x":
        raise UnsupportedRules(f"call 'x' (an unnamed bid) {unnamed}", at)
    raise NotationError(f"not an EGN call: {token!r} (expected 'Pass', 'Order' or a suit "
                        "letter s h d c)", at)


def egn_calls(tokens: object, where: str, dealer: Seat, start: int = 0) -> list[Call]:
    """EGN call tokens to calls with their seats. ``start`` is the index of the first token among
    the deal's calls (an alternative line may start mid-bidding).

    ``"Order"`` becomes ORDER, ASSIST or TAKE by the caller's seat relative to the dealer.
    """
    typed(tokens, where, LIST, what="a list of calls")
    assert isinstance(tokens, list)
    seat = dealer.after(1 + start)
    out: list[Call] = []
    for i, token in enumerate(tokens):
        said = egn_call(token, f"{where}[{i}]")
        if isinstance(said, Suit):
            out.append(Call(CallKind.NAME, seat, said))
        elif said is CallKind.ORDER:
            out.append(Call(CallKind.TAKE if seat is dealer else
                            CallKind.ASSIST if seat is dealer.partner else CallKind.ORDER, seat))
        else:
            out.append(Call(said, seat))
        seat = seat.left
    return out


def call_token(call: Call) -> str:
    """Our pass / accept / name call, at any table, as an EGN token."""
    if call.kind is CallKind.PASS:
        return "Pass"
    if call.kind.accepts:
        return "Order"
    if call.kind is CallKind.NAME and call.suit is not None:
        return call.suit.value.lower()
    if call.kind.name == "NO_TRUMP":
        return "n"
    raise UnsupportedRules(f"EGN has no call for '{call.kind.value}'")
