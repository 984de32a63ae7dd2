"""EGN ``cardExchanges`` (in the bidding phase) <-> our house-rule exchanges (docs/INTEROP.md).

EGN gives each exchange a ``sender``, a ``receiver`` (player indices, 0 to 9 by its schema) and
the ``cards``, and names no index for the kitty. Our convention: the kitty is the **first index
past the players**, ``num_players`` (:func:`kitty_index`: 4 at four, 2, 3 or 5 at the other
tables), and a missing ``sender`` is the kitty too. So going under (or a farmer's exchange) is two items, ``{sender: s, receiver: 4,
cards: gave}`` and ``{sender: 4, receiver: s, cards: took}``; partner's best is the partner's
card to the lone player first, ``{sender: partner, receiver: lone, cards: [best]}``, then the
lone player's discard, which leaves the play, ``{sender: lone, receiver: partner, cards: [x]}``.

A kitty exchange reads as going under, or as a farmer's exchange when the rules have farmers
'exchange' and either no going under or only nines and tens given (:func:`settle_kinds`,
:func:`kitty_kind`). At a table of two, three or five only exchanges with the kitty exist
(partner's best needs a partner): :func:`kitty_swaps_in` reads them. The
engine checks the cards (euchre_records.exchanges); this module only reads and writes the shape.

>>> from euchre_records.cards import parse_card as c
>>> from euchre_records.model import Exchange, ExchangeKind
>>> from euchre_records.cards import Seat
>>> exchanges_out((Exchange(ExchangeKind.PARTNERS_BEST, Seat.S, (c("QC"),), (c("AS"),)),))
[{'sender': 0, 'receiver': 2, 'cards': ['As']}, {'sender': 2, 'receiver': 0, 'cards': ['Qc']}]
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from euchre_records.cards import SEATS, Card, Seat
from euchre_records.errors import NotationError
from euchre_records.house_rules import farm_cards
from euchre_records.model import Deal, Exchange, ExchangeKind, replace
from euchre_records.rules import FarmersHand, Rules
from euchre_records.interop.json_access import LIST, OBJECT, WHOLE, extra_fields, field, typed
from euchre_records.interop.json_access import items as each

from .cards import CardReader, card_token

__all__ = ["KITTY", "kitty_index", "exchanges_in", "exchanges_out", "settle_kinds", "kitty_kind",
           "kitty_swaps_in"]

KITTY = 4
"""The kitty's index in ``cardExchanges`` at the four-handed table (our convention; EGN names none)."""

_Item = tuple[int, int, tuple[Card | None, ...]]


def kitty_index(seats: int) -> int:
    """The kitty's index in ``cardExchanges`` at a table of ``seats`` players: the first index
    past the players (EGN's schema allows 0 to 9), so 4 at four, where it has always been."""
    return seats


def _index(value: object, where: str, default: int | None, kitty: int) -> int:
    if value is None and default is not None:
        return default
    what = f"a player index 0-{kitty - 1} or {kitty} for the kitty"
    index: int = typed(value, where, WHOLE, what=what)
    if not 0 <= index <= kitty:
        raise NotationError(f"expected {what}, not {value!r}", where)
    return index


def _items(value: object, where: str, cards: CardReader, kitty: int) -> Iterator[tuple[_Item, str]]:
    """Each item of ``cardExchanges`` as (sender, receiver, cards), with its place."""
    for raw, at in each(value, where, what="a list of card exchanges"):
        typed(raw, at, OBJECT, what="an object with sender, receiver and cards")
        extra = extra_fields(raw, ("sender", "receiver", "cards"), at, "field(s)")
        if extra:
            raise NotationError(extra)
        if "receiver" not in raw:
            raise NotationError("missing receiver", at)
        sender = _index(raw.get("sender"), f"{at}.sender", kitty, kitty)
        receiver = _index(raw["receiver"], f"{at}.receiver", None, kitty)
        toks = field(raw, "cards", at, LIST, optional=False, what="a non-empty list of cards")
        if not toks:
            raise NotationError("expected a non-empty list of cards", f"{at}.cards")
        got = tuple(cards.card(t, f"{at}.cards[{j}]", unknown_ok=True) for j, t in enumerate(toks))
        yield (sender, receiver, got), at


def _kitty_swaps(items: list[_Item], where: str, kitty: int) -> dict[int, dict[str, tuple[Card | None, ...]]]:
    """The exchanges with the kitty among ``items``: seat -> {"gave": cards, "took": cards}."""
    swaps: dict[int, dict[str, tuple[Card | None, ...]]] = {}
    for sender, receiver, got in items:
        if kitty in (sender, receiver):
            seat = receiver if sender == kitty else sender
            entry = swaps.setdefault(seat, {})
            key = "took" if sender == kitty else "gave"
            if key in entry:
                raise NotationError(f"player {seat} {key} cards with the kitty twice", where)
            entry[key] = got
    return swaps


def kitty_swaps_in(value: object, where: str, cards: CardReader, seats: int
                   ) -> list[tuple[int, tuple[Card | None, ...], tuple[Card | None, ...]]]:
    """The exchanges with the kitty of one bidding phase's ``cardExchanges`` at a table of
    ``seats`` (2, 3 or 5), as (player, cards given, cards taken); an item between two players is
    refused at the item: partner's best needs a partner, and these tables have none."""
    kitty = kitty_index(seats)
    items: list[_Item] = []
    for item, at in _items(value, where, cards, kitty):
        if item[0] == item[1] or kitty not in item[:2]:
            raise NotationError(f"an exchange is between a player and the kitty ({kitty} at "
                                f"{seats} players): partner's best needs a partner fixed before "
                                f"the bidding, which a table of {seats} has not (VARIANTS.md)", at)
        items.append(item)
    return [(seat, e.get("gave", ()), e.get("took", ()))
            for seat, e in _kitty_swaps(items, where, kitty).items()]


def exchanges_in(value: object, where: str, cards: CardReader) -> list[Exchange]:
    """The exchanges of one bidding phase's ``cardExchanges`` (``where`` locates it)."""
    items: list[_Item] = []
    for (sender, receiver, got), at in _items(value, where, cards, KITTY):
        if sender == receiver or KITTY not in (sender, receiver) and SEATS[sender].partner is not SEATS[receiver]:
            raise NotationError("an exchange is between a player and the kitty, or between partners "
                                "(partner's best)", at)
        items.append((sender, receiver, got))
    return _pair(items, where)


def _pair(items: list[_Item], where: str) -> list[Exchange]:
    out: list[Exchange] = []
    kitty = _kitty_swaps(items, where, KITTY)
    lone: int | None = None
    best: dict[str, tuple[Card | None, ...]] = {}
    for sender, receiver, got in items:
        if KITTY not in (sender, receiver):
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


def kitty_kind(rules: Rules, gave: Sequence[Card | None]) -> ExchangeKind:
    """What an exchange with the kitty giving ``gave`` is under ``rules``: a farmer's when the
    rules have farmers 'exchange' and either no going under or only nines and tens given, else
    going under. At every table."""
    if rules.farmers is not FarmersHand.EXCHANGE:
        return ExchangeKind.GO_UNDER
    farm = all(c is not None for c in gave) and len(farm_cards(gave)) == len(gave)
    return ExchangeKind.FARMERS if farm or not rules.go_under else ExchangeKind.GO_UNDER


def settle_kinds(deals: Sequence[Deal], rules: Rules) -> list[Deal]:
    """Kitty exchanges read as going under become farmers' exchanges where the rules say so."""
    if rules.farmers is not FarmersHand.EXCHANGE:
        return list(deals)

    def kind_of(x: Exchange) -> Exchange:
        if x.kind is not ExchangeKind.GO_UNDER:
            return x
        return replace(x, kind=kitty_kind(rules, x.gave))

    return [replace(d, exchanges=tuple(kind_of(x) for x in d.exchanges)) if d.exchanges else d
            for d in deals]


def exchanges_out(exchanges: Sequence[Exchange], seats: int = 4) -> list[dict[str, Any]]:
    """Our exchanges at a table of ``seats`` as EGN ``cardExchanges`` items (see the module
    docstring; partner's best only at four)."""
    kitty = kitty_index(seats)
    out: list[dict[str, Any]] = []
    for x in exchanges:
        seat = int(x.seat)
        if x.kind is ExchangeKind.PARTNERS_BEST:
            partner = int(Seat(seat).partner)
            out.append({"sender": partner, "receiver": seat, "cards": [card_token(c) for c in x.took]})
            out.append({"sender": seat, "receiver": partner, "cards": [card_token(c) for c in x.gave]})
        else:
            out.append({"sender": seat, "receiver": kitty, "cards": [card_token(c) for c in x.gave]})
            out.append({"sender": kitty, "receiver": seat, "cards": [card_token(c) for c in x.took]})
    return out
