"""What the entry forms post, turned into the notation (a record header, a result-only deal).

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

__all__ = ["SEATS", "OVERRIDE_FIELDS", "sitting_from_form", "deal_from_form", "form_of_deal",
           "form_of_sitting", "with_sitting", "next_seat", "Problems"]

SEATS = ("N", "E", "S", "W")
Problems = list[tuple[str, str]]

OVERRIDE_FIELDS: dict[str, tuple[str, ...]] = {
    "game_points": (),                    # a number
    "stick_the_dealer": ("yes", "no"),
    "lone_lead": ("eldest", "left-of-lone"),
    "pack": ("24", "28", "32"),
    "joker": ("yes", "no"),
}
"""The overrides the sitting form offers (the usual ones); '' means 'as the preset says'."""


def next_seat(seat: str) -> str:
    """The seat on ``seat``'s left (the deal passes to the left: N, E, S, W)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


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


def sitting_from_form(form: Mapping[str, str], seats: tuple[str, ...] = SEATS,
                      offered: Mapping[str, tuple[str, ...]] = OVERRIDE_FIELDS
                      ) -> tuple[dict[str, Any], Problems]:
    """The record header of a new sitting: players, rules (preset + overrides), event.
    ``seats``: the seat tokens of the table (a table of n: table_forms.py); ``offered``: the
    overrides its form offers."""
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
    rules: dict[str, Any] = {"preset": preset}
    if overrides:
        rules["overrides"] = overrides
    header: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    if event:
        header["event"] = event
    header.update({"players": players, "rules": rules, "deals": []})
    return header, problems


def deal_from_form(form: Mapping[str, str]) -> tuple[dict[str, Any], Problems]:
    """A result-only deal from the deal form: dealer, maker (or thrown in), trump, alone, tricks,
    the scoresheet's own figures and the irregularities that change the score; or a points-only
    deal when the maker chosen is "points" (:func:`_points_deal_from_form`)."""
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in SEATS:
        problems.append(("dealer", "choose the dealer"))
    maker = form.get("maker") or ""
    deal: dict[str, Any] = {"kind": "result", "dealer": dealer}
    irregularities: list[dict[str, Any]] = []
    misdeal = form.get("misdeal") == "yes"
    if maker == "points" and not misdeal:
        return _points_deal_from_form(form, dealer, problems)
    if misdeal:
        deal["result"] = {"maker": None}
        irregularities.append({"kind": "misdeal", "seat": dealer,
                               "cause": form.get("misdeal_cause") or "wrong-count"})
    elif maker == "none":
        deal["result"] = {"maker": None}
    elif maker in SEATS:
        result: dict[str, Any] = {"maker": maker}
        trump = form.get("trump") or ""
        if trump in ("S", "H", "D", "C"):
            result["trump"] = trump
        elif trump:
            problems.append(("trump", f"'{trump}' is not a suit"))
        else:
            problems.append(("trump", "choose the trump suit"))
        if form.get("alone") == "yes":
            result["alone"] = True
        tricks = _int(form, "tricks", problems, 0, 5)
        if tricks is None and not any(p[0] == "tricks" for p in problems):
            problems.append(("tricks", "choose how many tricks the makers won"))
        result["tricks"] = tricks
        deal["result"] = result
    else:
        problems.append(("maker", "choose who made trump, or 'all passed'"))
        # every problem at once: a deal made needs its trump and tricks too
        if not form.get("trump"):
            problems.append(("trump", "choose the trump suit"))
        if not form.get("tricks"):
            problems.append(("tricks", "choose how many tricks the makers won"))
    revoke = form.get("revoke_seat") or ""
    if revoke in SEATS:
        entry: dict[str, Any] = {"kind": "revoke-claimed", "seat": revoke}
        election = form.get("revoke_election") or ""
        if election in ("add", "deduct", "hand"):
            entry["election"] = election
        irregularities.append(entry)
    elif revoke:
        problems.append(("revoke_seat", f"'{revoke}' is not a seat"))
    if irregularities:
        deal["irregularities"] = irregularities
    sheet: dict[str, Any] = {}
    for key in ("points", "total"):
        ns = _int(form, f"sheet_{key}_ns", problems)
        ew = _int(form, f"sheet_{key}_ew", problems)
        if (ns is None) != (ew is None):
            problems.append((f"sheet_{key}_ns", f"write both sides' {key} or neither"))
        elif ns is not None and ew is not None:
            sheet[key] = [ns, ew]
    if sheet:
        deal["scoresheet"] = sheet
    return deal, problems


def _points_deal_from_form(form: Mapping[str, str], dealer: str, problems: Problems
                           ) -> tuple[dict[str, Any], Problems]:
    """A points-only deal (docs/FORMAT.md): "Points only" chosen as the maker, each side's
    points written; the sheet's running score may go with it, nothing of the play."""
    deal: dict[str, Any] = {"kind": "points", "dealer": dealer}
    ns = _int(form, "points_ns", problems, -99, 99)   # negative: a penalty deducted
    ew = _int(form, "points_ew", problems, -99, 99)
    if ns is None or ew is None:
        if not any(p[0] in ("points_ns", "points_ew") for p in problems):
            problems.append(("points_ns", "write each side's points (0 for a side that scored none)"))
    else:
        deal["points"] = [ns, ew]
    for name, what in (("trump", "the trump suit"), ("tricks", "the tricks"), ("alone", "alone"),
                       ("revoke_seat", "a revoke"), ("sheet_points_ns", "the scorer's points")):
        if form.get(name):
            problems.append((name, f"not with 'points only': {what} is not recorded (choose who "
                                   "made trump instead to enter the deal as played)"))
    ns_total = _int(form, "sheet_total_ns", problems)
    ew_total = _int(form, "sheet_total_ew", problems)
    if (ns_total is None) != (ew_total is None):
        problems.append(("sheet_total_ns", "write both sides' total or neither"))
    elif ns_total is not None and ew_total is not None:
        deal["scoresheet"] = {"total": [ns_total, ew_total]}
    return deal, problems


def form_of_deal(deal: dict[str, Any]) -> dict[str, str]:
    """The deal form's fields filled from a result-only or points-only deal (to edit it)."""
    out = {"dealer": deal.get("dealer", "")}
    if deal.get("kind") == "points":
        out["maker"] = "points"
        points = deal.get("points") or ["", ""]
        out["points_ns"], out["points_ew"] = str(points[0]), str(points[1])
        total = (deal.get("scoresheet") or {}).get("total")
        if total:
            out["sheet_total_ns"], out["sheet_total_ew"] = str(total[0]), str(total[1])
        return out
    result = deal.get("result") or {}
    irregularities = deal.get("irregularities") or []
    if any(i.get("kind") == "misdeal" for i in irregularities):
        out["misdeal"] = "yes"
    elif result.get("maker") is None:
        out["maker"] = "none"
    else:
        out.update(maker=result["maker"], trump=result.get("trump") or "",
                   tricks=str(result.get("tricks", "")),
                   alone="yes" if result.get("alone") else "")
    for i in irregularities:
        if i.get("kind") == "revoke-claimed":
            out["revoke_seat"] = i.get("seat") or ""
            out["revoke_election"] = i.get("election") or ""
        if i.get("kind") == "misdeal":
            out["misdeal_cause"] = i.get("cause") or ""
    for key, pair in (deal.get("scoresheet") or {}).items():
        if pair:
            out[f"sheet_{key}_ns"], out[f"sheet_{key}_ew"] = str(pair[0]), str(pair[1])
    return out


def form_of_sitting(data: dict[str, Any]) -> dict[str, str]:
    """The sitting form's fields filled from a (draft) record's header."""
    out: dict[str, str] = {}
    for seat, player in (data.get("players") or {}).items():
        out[f"player_{seat}"] = player.get("name", "")
    rules = data.get("rules") or {}
    out["preset"] = rules.get("preset", "")
    overrides = rules.get("overrides") or {}
    for name in OVERRIDE_FIELDS:
        if name not in overrides or overrides[name] is None:
            continue
        value = overrides[name]
        out[name] = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    for key in ("club", "event", "date", "table", "round"):
        value = (data.get("event") or {}).get(key)
        if value:
            out[key] = str(value)
    return out


def with_sitting(data: dict[str, Any], header: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a draft record) with the header of the sitting form: the players' names (a
    player's other fields kept when the seat keeps its name), the preset and the offered
    overrides (overrides the form does not offer are kept), the event fields the form has (the
    others, such as notes, kept). The deals are untouched."""
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
    for name in OVERRIDE_FIELDS:
        old_overrides.pop(name, None)
    old_overrides.update(header["rules"].get("overrides") or {})
    rules: dict[str, Any] = {"preset": header["rules"]["preset"]}
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


CARD_FIELDS = ("dealer", "turned", "hand_N", "hand_E", "hand_S", "hand_W", "calls", "discard",
               "tricks")


def full_deal_from_form(form: Mapping[str, str]) -> tuple[dict[str, Any], Problems]:
    """A card-level deal (kind ``full``) from the card form: the dealer, the turned card, the
    four hands as dealt, the calls and the tricks one per line, the discard. Only the form's
    own mistakes are found here (a missing hand); the cards are read and checked by the
    notation and the engine, which locate their problems (``deals[3].hands.E[4]``)."""
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in SEATS:
        problems.append(("dealer", "choose the dealer"))
    deal: dict[str, Any] = {"kind": "full", "dealer": dealer}
    turned = " ".join((form.get("turned") or "").split())
    if turned:
        deal["turned"] = turned
    else:
        problems.append(("turned", "write the card turned up (e.g. JH)"))
    hands = {}
    for seat in SEATS:
        text = " ".join((form.get(f"hand_{seat}") or "").split())
        if text:
            hands[seat] = text
        else:
            problems.append((f"hand_{seat}", f"write {seat}'s five cards (?? for one not seen)"))
    deal["hands"] = hands
    calls = [" ".join(line.split()) for line in (form.get("calls") or "").splitlines()]
    if any(calls):
        deal["calls"] = [c for c in calls if c]
    discard = " ".join((form.get("discard") or "").split())
    if discard:
        deal["discard"] = discard
    tricks = [" ".join(line.split()) for line in (form.get("tricks") or "").splitlines()]
    if any(tricks):
        deal["tricks"] = [t for t in tricks if t]
    return deal, problems


def form_of_full_deal(deal: dict[str, Any]) -> dict[str, str]:
    """The card form's fields filled from a card-level deal."""
    out = {"dealer": deal.get("dealer", ""), "turned": deal.get("turned", ""),
           "discard": deal.get("discard", ""), "calls": "\n".join(deal.get("calls", [])),
           "tricks": "\n".join(deal.get("tricks", []))}
    for seat, cards in (deal.get("hands") or {}).items():
        out[f"hand_{seat}"] = cards
    return out
