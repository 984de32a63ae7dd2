"""The tables the pages enter and show: their sizes, seat tokens, variants and the options each
offers (docs/FORMAT.md "Tables of two, three and five").

Contracts: pure facts and lookups, no Flask (``seat_tokens`` is the events' own, re-exported). Seats are named by the notation's tokens: ``N E S W``
at four, ``"0"`` .. ``"n-1"`` clockwise at a table of n; the deal passes to the left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from euchre_records.events.tournament import seat_tokens
from euchre_records.deal_passing import dealer_after
from euchre_records.table import SEAT_COUNTS, table_for

if TYPE_CHECKING:
    from ..store.ingest import Submission

__all__ = ["SEATS", "TABLE_SIZES", "VARIANT_TITLES", "VARIANT_NAMES", "VARIANT_FIELDS",
           "VARIANT_PACKS", "variant_title", "seat_tokens", "table_size", "seats_of",
           "next_seat", "seat_name", "next_dealer"]

SEATS = ("N", "E", "S", "W")
"""The four-handed seats, in the order the deal passes."""

TABLE_SIZES = tuple(n for n in SEAT_COUNTS if n != 4)
"""The tables where each player scores for himself: 2, 3 and 5."""

VARIANT_TITLES = {2: "Two-handed", 3: "Three-handed cut-throat", 4: "Four-handed partnerships",
                  5: "Five-handed call your partner"}

VARIANT_NAMES = {"two-handed": 2, "cut-throat": 3, "four-handed": 4, "call-your-partner": 5}
"""The variants by name (``table.Variant`` values) and their table sizes."""

VARIANT_FIELDS: dict[int, dict[str, tuple[str, ...]]] = {
    3: {"cutthroat_euchre": ("each-opponent-2", "maker-minus-2")},
}
"""The variant's own options the sitting form offers, by table size ('' = the default)."""

VARIANT_PACKS = {5: 28}
"""The pack a variant is played with when the form leaves it as it is (VARIANTS.md: five hands
of five and the turned card need 26 cards, so the five-handed game takes the eights: 28)."""


def variant_title(name: str) -> str:
    """``"Three-handed cut-throat"`` for ``"cut-throat"``; an unknown name as it is."""
    n = VARIANT_NAMES.get(name)
    return VARIANT_TITLES[n] if n is not None else name


def table_size(text: object) -> int | None:
    """The table size a form or a query names (2, 3, 4 or 5), else None."""
    return int(text) if isinstance(text, str) and text in {str(n) for n in SEAT_COUNTS} else None


def seats_of(data: Mapping[str, Any]) -> int:
    """The number of seats of a (draft) record: ``rules.seats``, 4 when absent or not a number."""
    seats = (data.get("rules") or {}).get("seats", 4)
    return seats if isinstance(seats, int) and not isinstance(seats, bool) else 4


def next_seat(seat: str, n: int = 4) -> str:
    """The seat on ``seat``'s left at a table of ``n`` (the deal passes to the left: N, E, S, W
    at four); the first seat for a token not at the table."""
    tokens = seat_tokens(n)
    return tokens[(tokens.index(seat) + 1) % n] if seat in tokens else tokens[0]


def seat_name(players: Mapping[str, str], token: str | None) -> str:
    """How the pages name a seat at a table of n: its player's name (``players`` by seat token),
    else "seat 2" where the record names nobody there; "" for no seat."""
    if token is None:
        return ""
    return players.get(token) or f"seat {token}"


def next_dealer(data: dict[str, Any], sub: Submission | None) -> str:
    """Who deals next by the engine's replay, at any table (``deal_passing.dealer_after``: the
    seat the laws name after a void deal, the same dealer after a redeal, else the last
    dealer's left); the first seat (N, or seat 0) for the first deal, and the last dealer
    written's left when the draft does not replay."""
    n = seats_of(data)
    deals = data.get("deals") or []
    if not deals:
        return seat_tokens(n)[0]
    if sub is not None and sub.result.deals:
        table = table_for(n)
        return table.token(dealer_after(table, sub.result.deals[-1]))
    return next_seat(str(deals[-1].get("dealer", seat_tokens(n)[-1])), n)
