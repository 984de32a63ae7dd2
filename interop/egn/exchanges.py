"""EGN ``cardExchanges`` (in the bidding phase) <-> our house-rule exchanges (docs/INTEROP.md).

EGN gives each exchange a ``sender``, a ``receiver`` (player indices) and the ``cards``, and names
no index for the kitty. Our convention: index **4 is the kitty**, and a missing ``sender`` is the
kitty too. So going under (or a farmer's exchange) is two items, ``{sender: s, receiver: 4,
cards: gave}`` and ``{sender: 4, receiver: s, cards: took}``; partner's best is the partner's
card to the lone player first, ``{sender: partner, receiver: lone, cards: [best]}``, then the
lone player's discard, which leaves the play, ``{sender: lone, receiver: partner, cards: [x]}``.

A kitty exchange reads as going under, or as a farmer's exchange when the rules have farmers
'exchange' and either no going under or only nines and tens given (:func:`settle_kinds`). The
engine checks the cards (euchre_records.exchanges); this module only reads and writes the shape.

>>> from euchre_records.cards import parse_card as c
>>> from euchre_records.model import Exchange, ExchangeKind
>>> from euchre_records.cards import Seat
>>> exchanges_out((Exchange(ExchangeKind.PARTNERS_BEST, Seat.S, (c("QC"),), (c("AS"),)),))
[{'sender': 0, 'receiver': 2, 'cards': ['As']}, {'sender': 2, 'receiver': 0, 'cards': ['Qc']}]
"""

from __future__ import annotations

from typing import Any, Sequence

from euchre_records.cards import SEATS, Card, Seat
from euchre_records.errors import NotationError
from euchre_records.house_rules import farm_cards
from euchre_records.model import Deal, Exchange, ExchangeKind, replace
from euchre_records.rules import FarmersHand, Rules
from euchre_records.interop.json_access import LIST, OBJECT, WHOLE, field, typed
from euchre_records.interop.json_access import items as each

from .cards import CardReader, card_token

__all__ = ["KITTY", "exchanges_in", "exchanges_out", "settle_kinds"]

KITTY = 4
"""The kitty's index in ``cardExchanges`` (our convention; EGN names none)."""


def _index(value: object, where: str, default: int | None) -> int:
    if value is None and default is not None:
        return default
    what = f"a player index 0-3 or {KITTY} for the kitty"
    index: int = typed(value, where, WHOLE, what=what)
    if not 0 <= index <= KITTY:
        raise NotationError(f"expected {what}, not {value!r}", where)
    return index


def exchanges_in(value: object, where: str, cards: CardReader) -> list[Exchange]:
    """The exchanges of one bidding phase's ``cardExchanges`` (``where`` locates it)."""
    items: list[tuple[int, int, tuple[Card | None, ...]]] = []
    for raw, at in each(value, where, what="a list of card exchanges"):
        typed(raw, at, OBJECT, what="an object with sender, receiver and cards")
        extra = set(raw) - {"sender", "receiver", "cards"}
        if extra:
            raise NotationError(f"unknown field(s): {', '.join(sorted(extra))}", at)
        if "receiver" not in raw:
            raise NotationError("missing receiver", at)
        sender = _index(raw.get("sender"), f"{at}.sender", KITTY)
        receiver = _index(raw["receiver"], f"{at}.receiver", None)
        toks = field(raw, "cards", at, LIST, optional=False, what="a non-empty list of cards")
        if not toks:
            raise NotationError("expected a non-empty list of cards", f"{at}.cards")
        got = tuple(cards.card(t, f"{at}.cards[{j}]", unknown_ok=True) for j, t in enumerate(toks))
        if sender == receiver or KITTY not in (sender, receiver) and SEATS[sender].partner is not SEATS[receiver]:
            raise NotationError("an exchange is between a player and the kitty, or between partners "
                                "(partner's best)", at)
        items.append((sender, receiver, got))
    return _pair(items, where)


def _pair(items: list[tuple[int, int, tuple[Card | None, ...]]], where: str) -> list[Exchange]:
    out: list[Exchange] = []
    kitty: dict[int, dict[str, tuple[Card | None, ...]]] = {}
    lone: int | None = None
    best: dict[str, tuple[Card | None, ...]] = {}
    for sender, receiver, got in items:
        if KITTY in (sender, receiver):
            seat = receiver if sender == KITTY else sender
            entry = kitty.setdefault(seat, {})
            key = "took" if sender == KITTY else "gave"
            if key in entry:
                raise NotationError(f"player {seat} {key} cards with the kitty twice", where)
            entry[key] = got
        else:
            if lone is None:
                lone = receiver   # the partner's card comes first: its receiver plays alone
            key = "took" if receiver == lone else "gave"
            if key in best:
                raise NotationError("partner's best is one card each way", where)
            best[key] = got
    for seat, entry in kitty.items():
        out.append(Exchange(ExchangeKind.GO_UNDER, SEATS[seat], entry.get("gave", ()),
                            entry.get("took", ())))
    if lone is not None:
        out.append(Exchange(ExchangeKind.PARTNERS_BEST, SEATS[lone], best.get("gave", (None,)),
                            best.get("took", ())))
    return out


def settle_kinds(deals: Sequence[Deal], rules: Rules) -> list[Deal]:
    """Kitty exchanges read as going under become farmers' exchanges where the rules say so."""
    if rules.farmers is not FarmersHand.EXCHANGE:
        return list(deals)

    def kind_of(x: Exchange) -> Exchange:
        if x.kind is not ExchangeKind.GO_UNDER:
            return x
        farm = all(c is not None for c in x.gave) and len(farm_cards(x.gave)) == len(x.gave)
        return replace(x, kind=ExchangeKind.FARMERS) if farm or not rules.go_under else x

    return [replace(d, exchanges=tuple(kind_of(x) for x in d.exchanges)) if d.exchanges else d
            for d in deals]


def exchanges_out(exchanges: Sequence[Exchange]) -> list[dict[str, Any]]:
    """Our exchanges as EGN ``cardExchanges`` items (see the module docstring)."""
    out: list[dict[str, Any]] = []
    for x in exchanges:
        seat = int(x.seat)
        if x.kind is ExchangeKind.PARTNERS_BEST:
            partner = int(Seat(seat).partner)
            out.append({"sender": partner, "receiver": seat, "cards": [card_token(c) for c in x.took]})
            out.append({"sender": seat, "receiver": partner, "cards": [card_token(c) for c in x.gave]})
        else:
            out.append({"sender": seat, "receiver": KITTY, "cards": [card_token(c) for c in x.gave]})
            out.append({"sender": KITTY, "receiver": seat, "cards": [card_token(c) for c in x.took]})
    return out
