"""The page of a stored record at a table of two, three or five (``/web/records/{id}``): its
players by seat, the sheet with one score column per player, the games each won by a player
(no rubber), the findings, and the deals with cards trick by trick.

Contracts: the record is read from the store (its canonical text) and seen through
``euchre_records.table_view`` (the one table model every layer uses); the view comes from the
engine's replay of that canonical text, so every number is the engine's. Each trick lists its
n cards with their seats clockwise from the leader the engine found (nobody sits out at these
tables), the winner, and the revokes the engine found, marked on the card.
"""

from __future__ import annotations

from typing import Any, Mapping

from euchre_records.schema.tables import dump_table_result, load_table_record
from euchre_records.table_replay import replay_table
from euchre_records.table_view import view_of

from .blueprint import bp
from .table_forms import VARIANT_TITLES, seat_tokens, variant_title
from .table_sheet import build_table_sheet, seat_name
from .tricks import card_text

__all__ = ["table_record_context", "table_card_deals", "recent_table_records", "seat_names"]

bp.add_app_template_global(variant_title, "variant_title")
bp.add_app_template_global(seat_name, "seat_name")


@bp.app_template_global("seat_names")
def seat_names(data: Mapping[str, Any]) -> list[str]:
    """The players' names of a (draft) record in seat order (N E S W, or 0 .. n-1), '?' for a
    seat without one."""
    from .table_forms import seats_of
    players = data.get("players") or {}
    return [(players.get(s) or {}).get("name", "?") for s in seat_tokens(seats_of(data))]


def recent_table_records(db: Any, *, player: str | None = None,
                         limit: int = 10) -> list[dict[str, Any]]:
    """The latest records at tables of two, three and five (the store's listing by seats),
    newest first: each with its id, date, club, variant and players by seat."""
    from ..store import queries
    from .table_forms import TABLE_SIZES
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


def table_card_deals(record: Mapping[str, Any], result: Mapping[str, Any],
                     players: Mapping[str, str]) -> list[dict[str, Any]]:
    """The deals with cards of a table's record (canonical JSON) and its result JSON."""
    n = result["rules"]["seats"]
    tokens = seat_tokens(n)
    revokes: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for f in result.get("findings", []):
        if f["kind"] == "revoke" and f["deal"] and f["trick"]:
            revokes.setdefault((f["deal"], f["trick"]), []).append(f)
    out = []
    for index, (deal, res) in enumerate(zip(record.get("deals", []), result["deals"])):
        if not deal.get("tricks"):
            continue
        number = index + 1
        tricks = []
        for t, text in enumerate(deal["tricks"]):
            cards = (text.split(":", 1)[1] if ":" in text else text).split()
            leader = res["leaders"][t] if t < len(res["leaders"]) else None
            winner = res["winners"][t] if t < len(res["winners"]) else None
            start = tokens.index(leader) if leader in tokens else 0
            seats = [tokens[(start + i) % n] for i in range(len(cards))] if leader else \
                [""] * len(cards)
            found = revokes.get((number, t + 1), [])
            marked = {(f["seat"], f["card"]) for f in found}
            tricks.append({"number": t + 1, "leader": leader, "winner": winner,
                           "leader_name": seat_name(players, leader),
                           "winner_name": seat_name(players, winner),
                           "plays": [{"seat": s, "name": seat_name(players, s) if s else "",
                                      "card": c, "text": card_text(c),
                                      "revoke": (s, c) in marked, "won": s == winner}
                                     for s, c in zip(seats, cards)],
                           "revokes": found})
        hands = deal.get("hands")
        out.append({
            "number": number, "kind": deal.get("kind"), "dealer": deal.get("dealer"),
            "dealer_name": seat_name(players, deal.get("dealer")),
            "turned": card_text(deal["turned"]) if deal.get("turned") else None,
            "calls": deal.get("calls", []), "called": deal.get("called"),
            "discard": card_text(deal["discard"]) if deal.get("discard") else None,
            "hands": [(seat_name(players, s), [card_text(c) for c in hands[s].split()])
                      for s in tokens if s in hands]
            if hands else None,
            "tricks": tricks,
        })
    return out


def table_record_context(canonical: Mapping[str, Any]) -> dict[str, Any]:
    """What ``table_record.html`` shows of a stored table's record (its canonical JSON)."""
    record = load_table_record(dict(canonical))
    result = replay_table(record)
    players = {seat: p.get("name", "") for seat, p in (canonical.get("players") or {}).items()}
    view = view_of(record, result)
    n = record.table.seats
    kinds = {i + 1: d.get("kind", "") for i, d in enumerate(canonical.get("deals", []))}
    return {"view": view, "sheet": build_table_sheet(view, players, kinds),
            "card_deals": table_card_deals(canonical, dump_table_result(result), players),
            "players": players, "seats": seat_tokens(n), "table_n": n,
            "variant_title": VARIANT_TITLES[n], "rules": canonical.get("rules") or {},
            "notes": list(result.notes)}
