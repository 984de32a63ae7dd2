"""What the sitting form posts, turned into a record header, at every table; and what the
entry forms share (``Problems``, the reading of a number). The deal forms: ``deal_form.py`` (by
taps) and ``card_form.py`` (card by card).

Contracts: every function takes the posted form (a mapping of field name to text) and returns
notation data plus a list of ``(field, message)`` problems; the data is only meaningful when the
list is empty. The engine is never asked here: these check what a form can get wrong (a missing
choice, a number that is not one); the record itself is then validated by ``ingest.prepare``
exactly as ``POST /records`` validates it.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Mapping

from euchre_records.names import name_key
from euchre_records.rules import PRESETS
from euchre_records.schema.basefields import label_problem

from .seats import VARIANT_FIELDS, VARIANT_PACKS, seat_tokens, seats_of

__all__ = ["OVERRIDE_FIELDS", "TABLE_OVERRIDES", "sitting_from_form", "form_of_sitting",
           "with_sitting", "Problems"]

Problems = list[tuple[str, str]]

OVERRIDE_FIELDS: dict[str, tuple[str, ...]] = {
    "game_points": (),                    # a number
    "stick_the_dealer": ("yes", "no"),
    "lone_lead": ("eldest", "left-of-lone"),
    "pack": ("24", "28", "32"),
    "joker": ("yes", "no"),
}
"""The overrides the sitting form offers (the usual ones); '' means 'as the preset says'."""

TABLE_OVERRIDES: dict[str, tuple[str, ...]] = {
    "game_points": (),
    "stick_the_dealer": ("yes", "no"),
    "pack": ("24", "28", "32"),
}
"""The preset's overrides offered at tables of two, three and five (no lone lead: the maker's
side has no partner who sits out; no joker: not yet taken at these tables, docs/FORMAT.md)."""


def _at(seat: str) -> str:
    """A seat in words: ``N`` as it is, a table of n's ``"2"`` as ``seat 2``."""
    return f"seat {seat}" if seat.isdigit() else seat


def _int(form: Mapping[str, str], name: str, problems: Problems, low: int = 0,
         high: int = 999) -> int | None:
    text = (form.get(name) or "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        problems.append((name, f"'{text}' is not a whole number"))
        return None
    if not low <= value <= high:
        problems.append((name, f"{value} is not between {low} and {high}"))
        return None
    return value


def sitting_from_form(form: Mapping[str, str], n: int = 4) -> tuple[dict[str, Any], Problems]:
    """The record header of a new sitting at a table of ``n``: players by seat token, rules
    (preset + the overrides offered at that table), event. At a table of two, three or five
    also ``rules.seats``, the variant's pack when the form leaves it, and its own options
    (:data:`.seats.VARIANT_FIELDS`)."""
    seats = seat_tokens(n)
    offered = OVERRIDE_FIELDS if n == 4 else TABLE_OVERRIDES
    problems: Problems = []
    players = {}
    for seat in seats:
        name = " ".join((form.get(f"player_{seat}") or "").split())
        if name and label_problem(name):  # as the notation refuses it, said at the field
            problems.append((f"player_{seat}", f"the name holds a {label_problem(name)}"))
        elif name:
            players[seat] = {"name": name}
        else:
            problems.append((f"player_{seat}", f"type the name of the player at {_at(seat)}"))
    seen: dict[str, str] = {}
    for seat, player in players.items():   # one person, one seat (names matched as the registry does)
        key = name_key(player["name"])
        if key in seen:
            problems.append((f"player_{seat}", f"{player['name']} already sits at "
                             f"{_at(seen[key])}: one player cannot hold two seats"))
        else:
            seen[key] = seat
    preset = form.get("preset") or ""
    if preset not in PRESETS:
        problems.append(("preset", "choose a rule set"))
    overrides: dict[str, Any] = {}
    points = _int(form, "game_points", problems, 1, 100)
    if points is not None:
        overrides["game_points"] = points
    for name, choices in offered.items():
        if not choices:
            continue
        value = form.get(name) or ""
        if value == "":
            continue
        if value not in choices:
            problems.append((name, f"'{value}' is not one of {', '.join(choices)}"))
        elif value in ("yes", "no"):
            overrides[name] = value == "yes"
        elif name == "pack":
            overrides[name] = int(value)
        else:
            overrides[name] = value
    event = {}
    for key in ("club", "event", "date", "table", "round"):
        value = " ".join((form.get(key) or "").split())
        if value and label_problem(value):
            problems.append((key, f"the {key} holds a {label_problem(value)}"))
        elif value:
            event[key] = value
    if "date" in event:
        try:
            date.fromisoformat(event["date"])
        except ValueError:
            problems.append(("date", f"'{event['date']}' is not a date (YYYY-MM-DD)"))
    if n in VARIANT_PACKS and not form.get("pack"):
        overrides["pack"] = VARIANT_PACKS[n]   # the variant's pack, not the preset's 24
    for name, choices in VARIANT_FIELDS.get(n, {}).items():
        value = form.get(name) or ""
        if value and value not in choices:
            problems.append((name, f"'{value}' is not one of {', '.join(choices)}"))
        elif value:
            overrides[name] = value
    rules: dict[str, Any] = {"preset": preset} if n == 4 else {"preset": preset, "seats": n}
    if overrides:
        rules["overrides"] = overrides
    header: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    if event:
        header["event"] = event
    header.update({"players": players, "rules": rules, "deals": []})
    return header, problems


def form_of_sitting(data: Mapping[str, Any]) -> dict[str, str]:
    """The sitting form's fields filled from a (draft) record's header, at any table: the
    table size (``seats``), the players, the preset, the offered overrides and the variant's
    own options, the event."""
    out: dict[str, str] = {"seats": str(seats_of(data))}
    for seat, player in (data.get("players") or {}).items():
        out[f"player_{seat}"] = player.get("name", "")
    rules = data.get("rules") or {}
    out["preset"] = rules.get("preset", "")
    overrides = rules.get("overrides") or {}
    for name in (*OVERRIDE_FIELDS, *VARIANT_FIELDS.get(seats_of(data), {})):
        if name not in overrides or overrides[name] is None:
            continue
        value = overrides[name]
        out[name] = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    for key in ("club", "event", "date", "table", "round"):
        value = (data.get("event") or {}).get(key)
        if value:
            out[key] = str(value)
    return out


def with_sitting(data: Mapping[str, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` (a draft record) with the header of the sitting form: the players' names (a
    player's other fields kept when the seat keeps its name), the preset and the offered
    overrides and variant's options (overrides the form does not offer are kept), the event
    fields the form has (the others, such as notes, kept). The table size and the deals are
    untouched."""
    n = seats_of(data)
    out = dict(data)
    old_players = data.get("players") or {}
    players = {}
    for seat, player in header["players"].items():
        kept = dict(old_players.get(seat) or {})
        if kept.get("name") != player["name"]:
            kept = {}
        kept["name"] = player["name"]
        players[seat] = kept
    out["players"] = players
    old_overrides = dict((data.get("rules") or {}).get("overrides") or {})
    for name in (*OVERRIDE_FIELDS, *VARIANT_FIELDS.get(n, {})):
        old_overrides.pop(name, None)
    old_overrides.update(header["rules"].get("overrides") or {})
    rules: dict[str, Any] = ({"preset": header["rules"]["preset"]} if n == 4 else
                             {"preset": header["rules"]["preset"], "seats": n})
    if old_overrides:
        rules["overrides"] = old_overrides
    out["rules"] = rules
    event = {k: v for k, v in (data.get("event") or {}).items()
             if k not in ("club", "event", "date", "table", "round")}
    event.update(header.get("event") or {})
    if event:
        out["event"] = event
    else:
        out.pop("event", None)
    return out
