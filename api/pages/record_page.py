"""What the one record page (``/web/records/{id}``, ``record.html``) shows beyond the deals
trick by trick (``tricks.card_deals``, every table): at a table of two, three or five its players
by seat, the sheet with one score column per player, the games each won by a player (no rubber)
and the findings; and the lists of recent records at those tables, with the seat and variant
names the templates call.

Contracts: a table's record is read from the store as it was stored, with no replay: its
canonical text, its result JSON (``dump_result`` of the engine's replay when it was stored) and
each seat's running score (``queries.table_running``), so every number is the engine's; the sheet
is the one of every table size (``sheet.build_sheet``).
"""

from __future__ import annotations

from typing import Any, Mapping

import json

from .blueprint import bp
from .seats import TABLE_SIZES, VARIANT_TITLES, seat_name, seat_tokens, seats_of, variant_title
from .sheet import build_sheet
from .tricks import card_deals

__all__ = ["table_record_context", "recent_table_records", "seat_names"]

bp.add_app_template_global(variant_title, "variant_title")
bp.add_app_template_global(seat_name, "seat_name")


@bp.app_template_global("seat_names")
def seat_names(data: Mapping[str, Any]) -> list[str]:
    """The players' names of a (draft) record in seat order (N E S W, or 0 .. n-1), '?' for a
    seat without one."""
    players = data.get("players") or {}
    return [(players.get(s) or {}).get("name", "?") for s in seat_tokens(seats_of(data))]


def recent_table_records(db: Any, *, player: str | None = None,
                         limit: int = 10) -> list[dict[str, Any]]:
    """The latest records at tables of two, three and five (the store's listing by seats),
    newest first: each with its id, date, club, variant and players by seat."""
    from ..store import queries
    found: list[dict[str, Any]] = []
    for n in TABLE_SIZES:
        items, _ = queries.list_records(db, player=player, seats=n, per_page=limit)
        found.extend(items)
    found.sort(key=lambda r: r["id"], reverse=True)
    out = []
    for item in found[:limit]:
        players = item.get("players") or {}
        out.append({**item, "names": [players.get(t, "?") for t in seat_tokens(item["seats"])]})
    return out


def table_record_context(db: Any, record_id: int, canonical: Mapping[str, Any]) -> dict[str, Any]:
    """What ``record.html`` shows of a stored record at a table of n (its canonical JSON)."""
    from ..store import queries
    result = json.loads(queries.get_result(db, record_id) or "{}")
    players = {seat: p.get("name", "") for seat, p in (canonical.get("players") or {}).items()}
    n = result["rules"]["seats"]
    return {"sheet": build_sheet(result, queries.table_running(db, record_id), players),
            "deals": card_deals(canonical, result, players),
            "players": players, "seats": seat_tokens(n), "table_n": n,
            "variant_title": VARIANT_TITLES[n], "rules": canonical.get("rules") or {},
            "notes": result["notes"]}
