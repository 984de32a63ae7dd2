"""EGN card and call tokens, and the bidding walk shared by deals and alternative lines.

EGN writes a card as rank then suit (``"Kh"``, ``"9s"``; the rank upper case, the suit in either
case), the joker as ``"B"`` (best bower), the bowers relative to trump as ``"R"`` and ``"L"``, and an
unknown card with ``X`` (``"Xx"``). Calls are ``"Pass"``, ``"Order"`` (accept the turned card) and a
suit letter in the second round.
"""

from __future__ import annotations

from euchre_records.cards import JOKER, Card, Rank, Seat, Suit, card, parse_card
from euchre_records.errors import NotationError, UnsupportedRules
from euchre_records.model import Call, CallKind, Trick

__all__ = ["egn_card", "egn_tricks", "card_token", "egn_calls", "call_token", "EGN_SUITS"]

EGN_SUITS: dict[str, Suit] = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}


def egn_card(token: object, where: str, trump: Suit | None = None, unknown_ok: bool = False) -> Card | None:
    """One EGN card token. ``None`` for an unknown card (only where ``unknown_ok``).

    >>> egn_card("Th", "x").name, egn_card("R", "x", Suit.CLUBS).name, egn_card("L", "x", Suit.CLUBS).name
    ('TH', 'JC', 'JS')
    """
    if not isinstance(token, str):
        raise NotationError(f"expected a card token such as 'Kh', not {token!r}", where)
    if token == "B":
        return JOKER
    if token in ("R", "L"):
        if trump is None:
            raise NotationError(f"{token!r} (a bower) needs the trump suit, which is not known here", where)
        return card(Rank.JACK, trump if token == "R" else trump.same_colour)
    if len(token) == 2 and ("X" in token[0] or token[1] in "xX"):
        if unknown_ok:
            return None
        raise NotationError(f"unknown card {token!r} is not allowed here", where)
    if len(token) == 2 and token[0] in "AKQJT987" and token[1].lower() in EGN_SUITS:
        return parse_card(token)
    raise NotationError(f"not an EGN card: {token!r} (expected a rank A K Q J T 9 8 7 and a suit "
                        "s h d c, 'B' for the joker, or 'R'/'L' for the bowers)", where)


def egn_tricks(phase: dict[str, object], where: str, trump: Suit | None, fewest: int) -> list[Trick]:
    """The ``tricks`` of a trick-play phase: each a list of ``fewest`` to 4 card tokens (an
    alternative line may start inside a trick, so it allows 1)."""
    raw = phase.get("tricks")
    if not isinstance(raw, list):
        raise NotationError("expected a list of tricks", f"{where}.tricks")
    tricks: list[Trick] = []
    for t, cards in enumerate(raw):
        if not isinstance(cards, list) or not fewest <= len(cards) <= 4:
            raise NotationError(f"expected a trick of {fewest} to 4 cards", f"{where}.tricks[{t}]")
        tricks.append(Trick(tuple(egn_card(c, f"{where}.tricks[{t}][{j}]", trump)  # type: ignore[misc]
                                  for j, c in enumerate(cards))))
    return tricks


def card_token(c: Card | None) -> str:
    """Our card as an EGN token: ``"Kh"``; the joker ``"B"``; unknown ``"Xx"``."""
    if c is None:
        return "Xx"
    if c is JOKER:
        return "B"
    return c.name[0] + c.name[1].lower()


def egn_calls(tokens: object, where: str, dealer: Seat, start: int = 0, passes: int = 0) -> list[Call]:
    """EGN call tokens to calls with their seats. ``start`` is the index of the first token among
    the deal's calls (alternative lines start mid-bidding) and ``passes`` the passes before it.

    ``"Order"`` becomes ORDER, ASSIST or TAKE by the caller's seat relative to the dealer.
    """
    if not isinstance(tokens, list):
        raise NotationError("expected a list of calls", where)
    seat = dealer.after(1 + start)
    out: list[Call] = []
    for i, token in enumerate(tokens):
        at = f"{where}[{i}]"
        if token == "Pass":
            out.append(Call(CallKind.PASS, seat))
            passes += 1
        elif token == "Order":
            kind = (CallKind.TAKE if seat is dealer else
                    CallKind.ASSIST if seat is dealer.partner else CallKind.ORDER)
            out.append(Call(kind, seat))
        elif isinstance(token, str) and token in EGN_SUITS:
            out.append(Call(CallKind.NAME, seat, EGN_SUITS[token]))
        elif token in ("n", "x"):
            raise UnsupportedRules(f"call {token!r} ({'no trump' if token == 'n' else 'an unnamed bid'}) "
                                   "is not supported", at)
        else:
            raise NotationError(f"not an EGN call: {token!r} (expected 'Pass', 'Order' or a suit "
                                "letter s h d c)", at)
        seat = seat.left
    return out


def call_token(call: Call) -> str:
    """Our pass / accept / name call as an EGN token."""
    if call.kind is CallKind.PASS:
        return "Pass"
    if call.kind.accepts:
        return "Order"
    if call.kind is CallKind.NAME and call.suit is not None:
        return call.suit.value.lower()
    raise UnsupportedRules(f"EGN has no call for '{call.kind.value}'")
