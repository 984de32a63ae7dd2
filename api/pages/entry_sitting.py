"""Starting a sitting and changing a draft's players, rules or event.

Contracts: the header the sitting form makes is checked by the engine (``replay_draft``) before a
draft is made or changed; a change replays the deals entered so far and is refused, naming the
deal, when they cannot stand under it. Problems go back to the form at their fields (status 200).
"""

from __future__ import annotations

import re
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from euchre_records.rules import PRESETS
from euchre_records.table import SEAT_COUNTS

from ..db import get_db
from ..store import drafts as store_drafts
from ..store import queries
from ..whole_numbers import whole_in
from .blueprint import actor, bp
from .draft_access import ID, own_draft, writer_required
from .draft_view import replay_draft, save_revision
from .forms import (OVERRIDE_FIELDS, TABLE_OVERRIDES, Problems, form_of_sitting,
                    sitting_from_form, with_sitting)
from .seats import (VARIANT_FIELDS, VARIANT_PACKS, VARIANT_TITLES, seat_tokens, seats_of,
                    table_size)

__all__ = ["new_sitting", "edit_sitting"]

_FOUR_LABELS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


@bp.route("/web/sittings/new", methods=["GET", "POST"])
@writer_required
def new_sitting() -> Any:
    me = actor()
    form: dict[str, str] = {"preset": "modern", "club": "" if me.admin else me.club,
                            "date": _today()} if request.method == "GET" else dict(request.form)
    problems: Problems = []
    asked = request.values.get("seats")
    n = table_size(asked) or 4
    form["seats"] = str(n)
    if request.method == "GET" and n in VARIANT_PACKS:
        form["pack"] = str(VARIANT_PACKS[n])
    if asked is not None and table_size(asked) is None:   # say why, at the size's field
        problems.append(("seats", _size_problem(asked)))
    elif request.method == "POST":
        header, problems = sitting_from_form(request.form, n)
        if not problems:
            _, found = replay_draft(header)
            problems = [(_sitting_field(p["where"]), p["what"]) for p in found]
        if not problems:
            me = actor()
            draft_id = store_drafts.create_draft(get_db(), header, club_id=me.club_id,
                                                 token_id=me.token_id)
            return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    return _sitting_page(form, problems)


def _sitting_page(form: dict[str, str], problems: Problems,
                  draft: store_drafts.Draft | None = None) -> str:
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    n = table_size(form.get("seats")) or 4
    return render_template(
        "sitting.html", form=form, errors=errors, problems=problems, seats=seat_tokens(n),
        presets=sorted(PRESETS), overrides=OVERRIDE_FIELDS if n == 4 else TABLE_OVERRIDES,
        variant_fields=VARIANT_FIELDS.get(n, {}), table_n=n, table_sizes=SEAT_COUNTS,
        variant_titles=VARIANT_TITLES, names=_known_players(), draft=draft,
        seat_labels=_FOUR_LABELS if n == 4 else [(t, f"Seat {t}") for t in seat_tokens(n)])


def _size_problem(asked: str) -> str:
    """Why ``asked`` is no table size here, in the engine's words (table.table_for)."""
    from euchre_records.errors import NotationError
    from euchre_records.table import table_for
    try:
        number = whole_in(asked)
        table_for(number if number is not None else asked)
    except NotationError as exc:
        return exc.problems[0].what
    return f"{asked!r} is not a table size offered here"


@bp.route(f"/web/drafts/<{ID}:draft_id>/sitting", methods=["GET", "POST"])
@writer_required
def edit_sitting(draft_id: int) -> Any:
    """Change a draft's players, rules or event; its deals are replayed under the change."""
    found = own_draft(draft_id)
    n = seats_of(found.data)   # the table's size stays as the sitting started
    if request.method == "GET":
        return _sitting_page(form_of_sitting(found.data), [], found)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    header, problems = sitting_from_form(request.form, n)
    if not problems:
        data = with_sitting(found.data, header)
        _, found_problems = replay_draft(data)
        problems = [(_sitting_field(p["where"]),
                     p["what"] if not p["where"].startswith("deals") else
                     f"{p['where']}: {p['what']}") for p in found_problems]
        if not problems:
            done = save_revision(found, data,
                                 "Players, rules and event changed; the deals replayed.")
            if done is not None:
                return done
            found = own_draft(draft_id)
    return _sitting_page({**request.form, "seats": str(n)}, problems, found)


def _known_players() -> list[str]:
    """The club's own players (from the records it stored), else every known player."""
    db = get_db()
    return queries.player_names(db, club_id=actor().club_id) or queries.player_names(db)


def _sitting_field(where: str) -> str:
    m = re.match(r"players\.([NESW0-9])", where)
    if m:
        return f"player_{m.group(1)}"
    m = re.match(r"rules\.overrides\.(\w+)", where)
    if m and (m.group(1) in OVERRIDE_FIELDS or any(m.group(1) in f
                                                  for f in VARIANT_FIELDS.values())):
        return m.group(1)
    m = re.match(r"event\.(\w+)", where)
    if m:
        return m.group(1)
    if where == "rules.seats":   # a pack too small for the table, or the size itself
        return "pack"
    return "preset" if where.startswith("rules") else "general"


def _today() -> str:
    from datetime import date
    return date.today().isoformat()


