"""Compact fields for cards: one token, a card string, the four hands.

A whole card string (``"AH KH 9S TD JC"``) is parsed in one call: every accepted spelling of
every card maps straight to the interned :class:`Card` (see :mod:`euchre_records.cards`).
``"??"`` (an unknown card) loads as None where the notation allows it.
"""

from __future__ import annotations

import sys
from typing import Any, Mapping

from marshmallow import ValidationError

from euchre_records.cards import SEATS, Card, card_name, make_pack
from euchre_records.cards import parse_card as _parse_card
from euchre_records.errors import NotationError
from euchre_records.table import HAND_SIZE, Table

from .basefields import CompactField, TableField
from .card_text import cards_text as _cards_text, hands_text as _hands_text

__all__ = ["CardField", "CardsField", "HandsField", "parse_cards", "cards_text", "CARD_RE",
           "hands_fast", "hand_fast", "CARD_OR_UNKNOWN_BY_TOKEN", "CARD_NAME", "hands_text",
           "CARD_OR_UNKNOWN_RE", "cards_pattern", "CARD_BY_TOKEN"]

_RANK_RE = "(?:[AKQJTakqjt987]|10)"
CARD_RE = f"(?:{_RANK_RE}[SHDCshdc]|[Jj][Kk])"
"""Regular expression of one card token (a rank and a suit, or the joker ``JK``)."""
CARD_OR_UNKNOWN_RE = f"(?:{CARD_RE}|\\?\\?)"


def _card(token: str, unknown_ok: bool) -> Card | None:
    """One token to a card; ``??`` to None when allowed. Raises ValidationError."""
    if token == "??":
        if unknown_ok:
            return None
        raise ValidationError("'??' (unknown card) is not allowed here")
    found = CARD_BY_TOKEN.get(token)
    if found is None:
        try:
            _parse_card(token)
        except NotationError as exc:
            raise ValidationError(exc.problems[0].what) from None
        raise ValidationError(f"not a card: {token!r} (write the joker as JK)")
    return found


def _spellings(name: str) -> set[str]:
    """Every upper/lower-case spelling of a token (``"JH"`` -> JH, Jh, jH, jh)."""
    out = {""}
    for ch in name:
        out = {prefix + c for prefix in out for c in {ch.lower(), ch.upper()}}
    return out


CARD_BY_TOKEN: dict[str, Card] = {
    spelling: _parse_card(spelling) for card in make_pack(32, joker=True)
    for name in [card.name] + (["10" + card.name[1]] if card.name[0] == "T" else [])
    for spelling in _spellings(name)}
"""Every accepted spelling of a card token (any case, ``10`` for ``T``) -> the interned card."""
CARD_OR_UNKNOWN_BY_TOKEN: dict[str, Card | None] = {**CARD_BY_TOKEN, "??": None}
CARD_NAME: dict[Card | None, str] = {**{c: c.name for c in CARD_BY_TOKEN.values()}, None: "??"}
"""Every interned card (and None, the unknown card) -> its canonical token."""
_SEAT_NAMES = tuple(seat.name for seat in SEATS)  # an Enum's .name is a slow descriptor


class CardField(CompactField):
    """One card token <-> :class:`Card`. With ``unknown_ok``, ``"??"`` loads as None."""

    def __init__(self, unknown_ok: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.unknown_ok = unknown_ok

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": f"^{CARD_OR_UNKNOWN_RE if self.unknown_ok else CARD_RE}$"}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card | None:
        if not isinstance(value, str):
            raise ValidationError(f"expected a card token, not {value!r}")
        return _card(value, self.unknown_ok)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else value.name


def parse_cards(text: Any, unknown_ok: bool, low: int, high: int) -> tuple[Card | None, ...]:
    """A space-separated card string to a tuple; errors keyed by token position."""
    if not isinstance(text, str):
        raise ValidationError(f"expected a string of card tokens, not {text!r}")
    tokens = text.split()
    table = CARD_OR_UNKNOWN_BY_TOKEN if unknown_ok else CARD_BY_TOKEN
    try:
        out = tuple(map(table.__getitem__, tokens))
    except KeyError:
        errors: dict[int, list[str]] = {}
        for i, token in enumerate(tokens):
            try:
                _card(token, unknown_ok)
            except ValidationError as exc:
                errors[i] = exc.messages  # type: ignore[assignment]
        raise ValidationError(errors) from None
    if not low <= len(out) <= high:
        want = str(low) if low == high else f"{low} to {high}"
        raise ValidationError(f"expected {want} cards, found {len(out)}")
    return out


def cards_text(cards: tuple[Card | None, ...]) -> str:
    """The canonical card string: upper-case tokens separated by one space."""
    text = _cards_text(cards, CARD_NAME)  # in C where built: this runs for every hand stored
    if text is not None:
        return text
    return " ".join(card_name(c) for c in cards)  # not a tuple of interned cards (never loaded)


def cards_pattern(unknown_ok: bool, low: int, high: int) -> str:
    """The pattern of a card string of ``low`` to ``high`` tokens (``low`` 0: the empty string
    too; ``high`` ``sys.maxsize``: no upper bound)."""
    tok = CARD_OR_UNKNOWN_RE if unknown_ok else CARD_RE
    more = "*" if high >= sys.maxsize else f"{{{max(low, 1) - 1},{high - 1}}}"
    cards = f"{tok}(?:\\s+{tok}){more}"
    return f"^\\s*{cards if low else f'(?:{cards})?'}\\s*$"


class CardsField(CompactField):
    """A card string ``"QC 9D ??"`` <-> ``tuple[Card | None, ...]`` of ``low`` to ``high`` cards."""

    def __init__(self, unknown_ok: bool = True, low: int = 1, high: int = 33, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.unknown_ok, self.low, self.high = unknown_ok, low, high

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": cards_pattern(self.unknown_ok, self.low, self.high)}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return parse_cards(value, self.unknown_ok, self.low, self.high)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return cards_text(value) if value else None  # an empty string would not load back


HAND_MIN, HAND_MAX = 3, 7
"""A hand has 5 cards; 3-7 pass the notation so that a wrong number of cards (Somerset 90) can
be recorded. The engine rejects any hand of other than 5 without that irregularity."""


_HAND_PAIRS: dict[str, tuple[Card | None, Card | None]] = {
    f"{CARD_NAME[a]} {CARD_NAME[b]}": (a, b) for a in CARD_NAME for b in CARD_NAME}
"""Two canonical tokens of a hand (``"AS KS"``, ``"?? JK"``) and a space -> the two cards."""


def hand_fast(text: str) -> tuple[Card | None, ...]:
    """A hand's card string of known or ``??`` tokens, as :func:`parse_cards` reads it (3 to 7
    cards, see HAND_MIN); a canonical five-card hand (``"AH KH 9S TD JC"``) by two lookups of
    two tokens each and one of the fifth. Raises (ValidationError; TypeError: not a string)
    on anything else. The Python twin of ``_cwire.hands``' reading of one hand (schema/wire.py)."""
    if len(text) == 14 and text[5] == " " and text[11] == " ":
        try:
            return _HAND_PAIRS[text[:5]] + _HAND_PAIRS[text[6:11]] + (CARD_OR_UNKNOWN_BY_TOKEN[text[12:]],)
        except KeyError:
            pass
    return parse_cards(text, True, HAND_MIN, HAND_MAX)


def hands_fast(value: Any) -> tuple[tuple[Card | None, ...], ...] | None:
    """The four hands of an object keyed N, E, S, W whose hands :func:`hand_fast` reads, as
    :class:`HandsField` loads them; None for any other value (never raises)."""
    if type(value) is dict and len(value) == 4:
        try:
            return (hand_fast(value["N"]), hand_fast(value["E"]), hand_fast(value["S"]),
                    hand_fast(value["W"]))
        except (KeyError, TypeError, ValidationError):
            return None
    return None


class HandsField(TableField):
    """The hands of ``table``, one tuple per seat in seat order: at four (the default)
    ``{"N": "...", "E": ..., "S": ..., "W": ...}`` (see HAND_MIN); at a table of n keyed by its
    tokens ``"0" .. "n-1"``, every seat's hand and five cards each (no law of a wrong number of
    cards is taken there, docs/TABLES.md)."""

    def json_schema(self) -> dict[str, Any]:
        low, high = (HAND_MIN, HAND_MAX) if self.table is None else (HAND_SIZE, HAND_SIZE)
        hand = {"type": "string", "pattern": cards_pattern(True, low, high)}
        tokens = list(self.tokens or _SEAT_NAMES)
        return {"type": "object", "properties": {t: hand for t in tokens}, "required": tokens,
                "additionalProperties": False}

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return _hands_at(self.table, value)  # type: ignore[arg-type]

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        fast = hands_fast(value)
        if fast is not None:
            return fast
        if not isinstance(value, Mapping):
            raise ValidationError("expected an object with the hands of N, E, S and W")
        errors: dict[str, Any] = {}
        parsed: list[tuple[Card | None, ...]] = []
        for seat in SEATS:
            text = value.get(seat.name)
            if text is None:
                errors[seat.name] = ["missing hand"]
                continue
            try:
                parsed.append(parse_cards(text, True, HAND_MIN, HAND_MAX))
            except ValidationError as exc:
                errors[seat.name] = exc.messages
        for key in value:
            if key not in ("N", "E", "S", "W"):
                errors[str(key)] = ["not a seat (expected N, E, S and W, upper case)"]
        if errors:
            raise ValidationError(errors)
        return tuple(parsed)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else hands_text(value)

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        return {token: cards_text(hand) for token, hand in zip(self.tokens, value)}


def _hands_at(table: Table, value: Any) -> tuple[tuple[Card | None, ...], ...]:
    """The hands at a table of n: keyed by seat token, five cards each, every seat's."""
    if not isinstance(value, dict):
        raise ValidationError("expected an object keyed by seat")
    errors: dict[str, Any] = {}
    found: dict[int, tuple[Card | None, ...]] = {}
    for key, text in value.items():
        try:
            seat = table.parse_seat(key)
        except ValueError as exc:
            errors[str(key)] = [str(exc)]
            seat = None
        try:
            hand = parse_cards(text, True, 0, sys.maxsize)
        except ValidationError as exc:
            errors.setdefault(str(key), []).append(exc.messages)
            continue
        if seat is None:
            continue
        if len(hand) != HAND_SIZE:
            errors[str(key)] = [f"a hand is five cards, not {len(hand)}"]
            continue
        found[seat] = hand
    if errors:
        raise ValidationError(errors)
    missing = [table.token(s) for s in table.all_seats if s not in found]
    if missing:
        raise ValidationError(f"every seat's hand is needed: missing {', '.join(missing)}")
    return tuple(found[s] for s in table.all_seats)


def hands_text(hands: tuple[tuple[Card | None, ...], ...]) -> dict[str, str]:
    """The hands as dumped: ``{"N": card string, ...}`` in seat order."""
    texts = _hands_text(hands, CARD_NAME)   # four tuples of interned cards (schema/card_text.py)
    if texts is not None:
        return {"N": texts[0], "E": texts[1], "S": texts[2], "W": texts[3]}
    return {name: cards_text(hand) for name, hand in zip(_SEAT_NAMES, hands)}


