"""EGN's size limits (schemas/egn-schema-v1.json: ``maxLength``, ``maxItems``) applied to our
exports: what our records may hold beyond them, named by :func:`limit_losses`, and cut to fit
by :func:`fit` when the export is lossy.

Texts (the title, the game id, the description, player names and ids, annotations) cut to fit
lose their end (``…`` marks the cut): a loss that does not change a replay, but the document
would otherwise break EGN's schema, so it is refused unless ``--lossy``, like every loss that
cannot be written back. Alternative lines beyond 50 to a deal, and annotations beyond 50 to one
call or card, are left out the same way. More deals than EGN's 100, or calls than its 16 to a
bidding, cannot be cut without changing the game: always refused (:func:`too_many`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from euchre_records.errors import Problem
from euchre_records.model import Event, Player

__all__ = ["TITLE_MAX", "GAME_ID_MAX", "NAME_MAX", "ID_MAX", "IDS_MAX", "NOTE_MAX", "NOTES_MAX",
           "DEALS_MAX", "CALLS_MAX", "LINES_MAX", "cut", "limit_losses", "too_many", "fit"]

TITLE_MAX, GAME_ID_MAX, NAME_MAX, ID_MAX, IDS_MAX = 128, 64, 64, 64, 10
NOTE_MAX, NOTES_MAX = 1024, 50          # one annotation's text; annotations on one action
DEALS_MAX, CALLS_MAX, LINES_MAX = 100, 16, 50


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with ``…``."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _long(where: str, what: str, text: str | None, limit: int) -> list[tuple[Problem, bool]]:
    if text is None or len(text) <= limit:
        return []
    return [(Problem(where, f"EGN's {what} holds at most {limit} characters, not {len(text)}: "
                            f"with --lossy it is cut to {limit}"), True)]


def limit_losses(event: Event, players: Iterable[tuple[object, Player]],
                 deals: Iterable[tuple[int, Any]] = ()) -> list[tuple[Problem, bool]]:
    """What of a record EGN's limits leave no room for (``deals``: ``(index, deal)`` of the deals
    written, with their ``annotations`` and ``alternatives`` when they have them)."""
    out = _long("event.event", "title", event.event, TITLE_MAX)
    out += _long("event.game_id", "game id", event.game_id, GAME_ID_MAX)
    out += _long("event.notes", "description", event.notes, NOTE_MAX)
    for seat, p in players:
        key = getattr(seat, "name", seat)
        out += _long(f"players.{key}.name", "player name", p.name, NAME_MAX)
        out += _long(f"players.{key}.id", "player id", p.id, ID_MAX)
        if len(p.ids) > IDS_MAX:
            out.append((Problem(f"players.{key}.ids", f"EGN holds at most {IDS_MAX} playerIds, not "
                                f"{len(p.ids)}: with --lossy the first {IDS_MAX} are kept"), True))
        for j, x in enumerate(p.ids[:IDS_MAX]):
            out += _long(f"players.{key}.ids[{j}].id", "player id", x.id, ID_MAX)
            out += _long(f"players.{key}.ids[{j}].source", "id source", x.source, ID_MAX)
    for i, deal in deals:
        notes = getattr(deal, "annotations", ())
        for j, a in enumerate(notes):
            out += _long(f"deals[{i}].annotations[{j}]", "annotation", a.text, NOTE_MAX)
        for at, n in Counter(a.at for a in notes).items():
            if n > NOTES_MAX:
                out.append((Problem(f"deals[{i}].annotations", f"EGN holds at most {NOTES_MAX} "
                                    f"annotations on one action, not {n} at {at!r}: with --lossy "
                                    f"the first {NOTES_MAX} are kept"), True))
        lines = getattr(deal, "alternatives", ())
        if len(lines) > LINES_MAX:
            out.append((Problem(f"deals[{i}].alternatives", f"EGN holds at most {LINES_MAX} "
                                f"alternative lines to a deal, not {len(lines)}: with --lossy the "
                                f"first {LINES_MAX} are kept"), True))
        for j, alt in enumerate(lines):
            for k, a in enumerate(alt.annotations):
                out += _long(f"deals[{i}].alternatives[{j}].annotations[{k}]", "annotation", a.text,
                             NOTE_MAX)
    return out


def too_many(deals: list[tuple[int, Any]]) -> list[Problem]:
    """What no export can cut to EGN's limits: more than 100 deals, more than 16 calls."""
    out = []
    if len(deals) > DEALS_MAX:
        out.append(Problem("deals", f"EGN holds at most {DEALS_MAX} deals in a file, not "
                                    f"{len(deals)}: export the record in parts"))
    for i, deal in deals:
        if len(deal.calls) > CALLS_MAX:
            out.append(Problem(f"deals[{i}].calls", f"EGN holds at most {CALLS_MAX} calls to a "
                                                    f"bidding, not {len(deal.calls)}"))
    return out


def _fit_notes(notes: dict[str, list[str]] | None) -> None:
    for key, texts in (notes or {}).items():
        notes[key] = [cut(t, NOTE_MAX) for t in texts[:NOTES_MAX]]   # type: ignore[index]


def _fit_phases(phases: list[dict[str, Any]]) -> None:
    for ph in phases:
        _fit_notes(ph.get("callAnnotations"))
        _fit_notes(ph.get("playAnnotations"))


def fit(doc: dict[str, Any]) -> None:
    """Cut ``doc``'s texts and lists to EGN's limits, in place (a lossy export; the losses are
    those :func:`limit_losses` names)."""
    meta = doc["metadata"]
    for key, limit in (("title", TITLE_MAX), ("gameId", GAME_ID_MAX)):
        if key in meta:
            meta[key] = cut(meta[key], limit)
    players = meta.get("players", [])
    for k, p in enumerate(players):
        if isinstance(p, str):
            players[k] = cut(p, NAME_MAX)
            continue
        p["name"] = cut(p.get("name", ""), NAME_MAX)
        if "id" in p:
            p["id"] = cut(p["id"], ID_MAX)
        if "playerIds" in p:
            p["playerIds"] = [{"id": cut(x["id"], ID_MAX), "source": cut(x["source"], ID_MAX)}
                              for x in p["playerIds"][:IDS_MAX]]
    for deal in doc["deals"]:
        _fit_phases(deal.get("phases", []))
        if "alternativeLines" in deal:
            deal["alternativeLines"] = deal["alternativeLines"][:LINES_MAX]
            for line in deal["alternativeLines"]:
                _fit_phases(line.get("phases", []))
