"""The director's pages of an event (issue 18): create an event with its players, seat a round
typed or by a seeded draw, and seat the next round by the movement after seeing it.

Contract: every view here needs a signed-in club, and a change to an event needs its club (or
an admin) — the one ownership rule of api/auth (``may_modify``), as the JSON API applies it.
Each write is the same store function the CLI and the API call (``events.create_event``,
``add_seating``, ``draw_seating``, ``close_event``); a refusal is shown at its field, nothing written.
"""

from __future__ import annotations

import re
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from ...events.tournament import seat_tokens
from ...words import counted
from ..db import get_db
from ..store import events as store_events
from ..store import queries
from ..store.event_reads import TIES_SETTLED
from ..store.tie_settling import settle_ties
from ..store.store import MAX_ID
from ..whole_numbers import whole_in
from .blueprint import actor, bp
from .entry import writer_required
from .forms import Problems
from .saving import may_attach

__all__: list[str] = []

_ID = f"int(max={MAX_ID})"
FORMATS = ("progressive", "rubbers", "pairs", "league", "games")
_TABLE_LINE = re.compile(r"^\s*([^:]{1,64}):\s*(.+)$")


def _by() -> str:
    me = actor()
    return f"{me.club} (token {me.token_id})"


def _owned_event(event_id: int) -> dict[str, Any]:
    db = get_db()
    found = store_events.get_event(db, event_id)
    if found is None:
        abort(404, description=f"no event {event_id}")
    if not may_attach(actor(), queries.event_owner(db, event_id)[1]):
        abort(403, description=f"event {event_id} belongs to another club; only its club or an "
                               "admin may change it")
    return found


def _spec_of(form: Any) -> tuple[dict[str, Any], Problems]:
    """The event spec of the create form (the shape ``POST /events`` takes)."""
    problems: Problems = []
    spec: dict[str, Any] = {"name": " ".join((form.get("name") or "").split()),
                            "format": form.get("format") or ""}
    for key in ("rounds", "deals_per_round"):
        text = (form.get(key) or "").strip()
        if text:
            value = whole_in(text, 1, 10_000)
            if value is None:
                problems.append((key, f"{key.replace('_', ' ')}: a whole number from 1 to 10000"))
            else:
                spec[key] = value
    for key in ("date_from", "description", "pairing", "place_scoring"):
        text = " ".join((form.get(key) or "").split())
        if text:
            spec[key] = text
    seats = (form.get("seats") or "").strip()
    if seats and seats != "4":
        if seats not in ("2", "3", "5"):
            problems.append(("seats", "players at a table: 2, 3, 4 or 5"))
        else:
            spec["seats"] = int(seats)
    players: list[Any] = []
    for number, line in enumerate((form.get("players") or "").splitlines(), 1):
        name, _, pair = line.partition(":")
        name = " ".join(name.split())
        if not name:
            continue
        if pair.strip():
            number_of_pair = whole_in(pair, 1, 10_000)
            if number_of_pair is None:
                problems.append(("players", f"line {number}: the pair after ':' is a number "
                                            "from 1 to 10000"))
                continue
            players.append({"name": name, "pair": number_of_pair})
        else:
            players.append(name)
    if players:
        spec["players"] = players
    return spec, problems


@bp.route("/web/events/new", methods=["GET", "POST"])
@writer_required
def new_event() -> Any:
    """Create an event: its kind, rounds and players (pasted one name a line)."""
    me = actor()
    form = dict(request.form) if request.method == "POST" else {"format": "progressive"}
    problems: Problems = []
    if request.method == "POST":
        spec, problems = _spec_of(request.form)
        if not me.admin:
            spec["club"] = me.club
        if not problems:
            try:
                event_id = store_events.create_event(get_db(), spec, created_by=_by(),
                                                     club_id=me.club_id)
            except store_events.EventError as exc:
                problems = [(exc.where.split(".")[0].split("[")[0] or "general", exc.what)]
            else:
                flash(f"Event {event_id} created; seat its first round.", "ok")
                return redirect(url_for("pages.seat_round", event_id=event_id, number=1), 303)
    return render_template("event_new.html", form=form, problems=problems,
                           errors=_errors(problems), formats=FORMATS,
                           names=queries.player_names(get_db()))


def _errors(problems: Problems) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for field, message in problems:
        out.setdefault(field, []).append(message)
    return out


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _tables_of(text: str, seats: int = 4) -> tuple[list[dict[str, Any]], Problems]:
    """``1: Ann, Bob, Cy, Di`` a line (table: N, E, S, W) -> the seating's tables; at an
    individual event's tables of ``seats`` (2, 3 or 5) the names are seats 0, 1, ... in order."""
    shape = ("'TABLE: N, E, S, W' (four names)" if seats == 4 else
             f"'TABLE: ' and the {_WORDS.get(seats, seats)} players in seat order, 0 first")
    tables, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        m = _TABLE_LINE.match(line)
        names = [" ".join(n.split()) for n in m.group(2).split(",")] if m else []
        if not m or len(names) != seats or not all(names):
            problems.append(("tables", f"line {number}: write {shape}"))
            continue
        tables.append({"table": m.group(1).strip(),
                       "seats": dict(zip(seat_tokens(seats), names))})
    if not tables and not problems:
        problems.append(("tables", f"type one line per table, {shape}"))
    return tables, problems


@bp.route(f"/web/events/<{_ID}:event_id>/rounds/<int(min=1,max=10000):number>/seat",
          methods=["GET", "POST"])
@writer_required
def seat_round(event_id: int, number: int) -> Any:
    """Seat round ``number``: typed, drawn (seeded; the seed is recorded and shown), or — for a
    round after the first — by the movement the round page shows."""
    found = _owned_event(event_id)
    db = get_db()
    form = dict(request.form)
    problems: Problems = []
    if request.method == "POST":
        how = request.form.get("how")
        try:
            if how == "draw":
                seed_text = (request.form.get("seed") or "").strip()
                seed_number = whole_in(seed_text, 1, MAX_ID)
                if seed_text and seed_number is None:
                    problems.append(("seed", f"the seed is a whole number from 1 to {MAX_ID} "
                                             "(or leave it empty)"))
                else:
                    _, seed = store_events.draw_seating(
                        db, event_id, number, seed=seed_number,
                        created_by=_by())
                    flash(f"Round {number} drawn with seed {seed}.", "ok")
            elif how == "movement" and number > 1:
                settled, notes, missing = _settled_ties(db, event_id, number - 1, request.form)
                if missing:
                    flash(missing, "error")
                    return redirect(url_for("pages.event_round", event_id=event_id,
                                            number=number - 1) + "#settle-ties", 303)
                seats = store_events.movement(db, event_id, number - 1, settled)
                note = ("; ".join(notes)) if notes else ""
                store_events.add_seating(db, event_id, number, [
                    {"table": str(s.table),
                     "seats": dict(zip(seat_tokens(len(s.seats)), (int(p) for p in s.seats)))}
                    for s in seats], created_by=_by() + (f"{TIES_SETTLED}{note}" if note else ""))
                flash(f"Round {number} seated by the movement"
                      + (f"; ties settled: {note}." if note else "."), "ok")
            else:
                tables, problems = _tables_of(request.form.get("tables") or "",
                                              int(found.get("seats") or 4))
                if not problems:
                    store_events.add_seating(db, event_id, number, tables, created_by=_by())
                    flash(f"Round {number} seated.", "ok")
        except store_events.EventError as exc:
            field = "tables" if exc.where.startswith("tables") else (
                "seed" if exc.where == "seed" else "general")
            problems = [(field, f"{exc.where}: {exc.what}" if exc.where else exc.what)]
        if not problems:
            return redirect(url_for("pages.event_round", event_id=event_id, number=number), 303)
    return render_template("seat_round.html", event=found, number=number, form=form,
                           problems=problems, errors=_errors(problems))


def _settled_ties(db: Any, event_id: int, number: int, form: Any
                  ) -> tuple[dict[int, str], list[str], str]:
    """The round's tied tables as the director settled them on the round page: ``settle_TABLE``
    is ``NS``, ``EW``, ``tiebreak`` or ``cut`` (:func:`..store.tie_settling.settle_ties`).
    Returns the settlements, a note for each, and the problem when one cannot be settled."""
    ties = store_events.round_ties(db, event_id, number)
    choices = {t["table"]: form.get(f"settle_{t['table']}") or "" for t in ties}
    try:
        settled, notes = settle_ties(db, event_id, number, choices)
    except store_events.EventError as exc:
        return {}, [], exc.what + (" below, then seat the next round." if exc.where ==
                                   "settle" else "")
    return settled, notes, ""


@bp.route(f"/web/events/<{_ID}:event_id>/close", methods=["POST"])
@writer_required
def close_event(event_id: int) -> Any:
    """Close the event (its standings final; no more seatings, draws or sittings)."""
    _owned_event(event_id)
    if request.form.get("confirm") != "yes":
        flash("Tick 'the night is over' to close the event.", "error")
        return redirect(url_for("pages.event", event_id=event_id), 303)
    playing = store_events.tables_playing(get_db(), event_id)
    if playing and request.form.get("confirm_playing") != "yes":
        said = "; ".join(f"round {t['round']}, table {t['table']}: {counted(t['deals'], 'deal')}"
                         " entered" for t in playing)
        flash(f"Not closed: {'a table is' if len(playing) == 1 else 'tables are'} still playing "
              f"({said}). Tick 'close it anyway' to close without "
              f"{'it' if len(playing) == 1 else 'them'}.", "error")
        return redirect(url_for("pages.event", event_id=event_id) + "#close-warning", 303)
    try:
        store_events.close_event(get_db(), event_id, created_by=_by())
    except store_events.EventError as exc:
        flash(exc.what, "error")
    else:
        flash(f"Event {event_id} closed: its standings are final.", "ok")
    return redirect(url_for("pages.event", event_id=event_id), 303)
