"""A draft's page: its record replayed as ``POST /records`` would, the sheet, the scoreboard and
the deal form; and saving a new revision of it.

Contracts:
- :func:`replay_draft` validates and replays through ``ingest.prepare``, the one path from text to
  record; it returns the submission or the located problems, never raises for a bad record.
- :func:`draft_page` renders the sitting page (status 200 with problems next to their fields).
- :func:`save_revision` saves a new revision (api/store/drafts) over the revision the form was
  drawn from; over a newer one it saves nothing and flashes why (nothing overwritten).
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from euchre_records.errors import RecordError

from ..db import get_db
from ..store import drafts as store_drafts
from ..store import queries
from ..store.ingest import Submission, error_payload, prepare
from ..auth.table import table_view
from . import deal_ids
from .blueprint import bp
from .chart import chart
from .draft_access import ID, own_draft, seen_revision, writer_required
from .deal_form import UNDEALT, called_ranks, deal_from_form, form_of_deal
from .forms import Problems
from .scoreboard import preset_title, scoreboard
from .seats import VARIANT_TITLES, next_dealer, next_seat, seat_tokens, seats_of
from .sheet import build_sheet, running_of

__all__ = ["replay_draft", "next_dealer", "fields_of", "fields_for", "deal_of_form", "draft_page",
           "save_revision",
           "score_note", "points_warning"]

bp.add_app_template_global(preset_title, "preset_title")

_FIELD_OF_PATH = (("result.tricks", "tricks"), ("result.trump", "trump"),
                  ("result.maker", "maker"), ("result.alone", "alone"), ("dealer", "dealer"),
                  ("irregularities", "revoke_seat"), ("scoresheet.points", "sheet_points_ns"),
                  ("scoresheet.total", "sheet_total_ns"))
"""A record path under a deal -> the field of the four-handed deal form (:func:`fields_of`)."""

_PLAYER_FIELD_OF_PATH = (("result.tricks", "tricks"), ("result.trump", "trump"),
                         ("result.maker", "maker"), ("result.alone", "called"),
                         ("result.called", "called"), ("result.partner", "partner"),
                         ("result", "maker"), ("dealer", "dealer"), ("irregularities", "revoke_seat"))
"""The same at a table of two, three or five, where the form has the called card and partner and
no side's figures."""


def replay_draft(data: dict[str, Any]) -> tuple[Submission | None, list[dict[str, str]]]:
    """The draft's record validated and replayed as ``POST /records`` would, or its problems."""
    try:
        return prepare(json.dumps(data, ensure_ascii=False)), []
    except RecordError as exc:
        return None, error_payload(exc)


def deal_of_form(data: dict[str, Any], form: Any) -> tuple[dict[str, Any], Problems]:
    """The result-only deal the deal form posted, read for the draft's table
    (``deal_form.deal_from_form``)."""
    return deal_from_form(form, seats_of(data))


def fields_for(data: dict[str, Any], problems: list[dict[str, str]],
               deal_index: int) -> Problems:
    """:func:`fields_of` for a four-handed draft, with the table form's fields for a table of n."""
    return fields_of(problems, deal_index,
                     _FIELD_OF_PATH if seats_of(data) == 4 else _PLAYER_FIELD_OF_PATH)


def fields_of(problems: list[dict[str, str]], deal_index: int,
              paths: tuple[tuple[str, str], ...] = _FIELD_OF_PATH) -> Problems:
    """Engine/notation problems of deal ``deal_index`` as (form field, message); ``paths``
    maps a record path under the deal to its form field (the first that matches)."""
    out: Problems = []
    prefix = f"deals[{deal_index}]"
    for p in problems:
        where = p["where"]
        field = "general"
        if where.startswith(prefix):
            rest = where[len(prefix):].lstrip(".")
            field = next((f for path, f in paths if rest.startswith(path)), "general")
        out.append((field, f"{where}: {p['what']}" if field == "general" else p["what"]))
    return out


def draft_page(draft: store_drafts.Draft, *, form: dict[str, str] | None = None,
                problems: Problems = (), editing: int | None = None,  # type: ignore[assignment]
                status: int = 200, conflict: deal_ids.Conflict | None = None) -> tuple[str, int]:
    """The sitting page of a draft at any table: its sheet (a column per side, or per player),
    scoreboard, deal form and problems, all from the engine's replay of the draft (nothing is
    scored here); the chart of the running score at four hands."""
    data = draft.data
    sub, record_problems = replay_draft(data)
    n = seats_of(data)
    players = {seat: p.get("name", "") for seat, p in (data.get("players") or {}).items()}
    deals = data.get("deals") or []
    dealer = next_dealer(data, sub)
    sheet = board = None
    if sub is not None:
        from euchre_records.schema.results import dump_result
        sheet = build_sheet(dump_result(sub.result), running_of(sub.result), players)
        board = _scoreboard(sub, dealer, len(deals))
    if form is None:
        form = form_of_deal(deals[editing - 1]) if editing else {"dealer": dealer}
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    per_player: dict[str, Any] = {} if n == 4 else {   # the n seats' form and title
        "table_n": n, "variant_title": VARIANT_TITLES[n], "undealt": UNDEALT,
        "called_ranks": called_ranks(data)}
    return render_template(
        "draft.html", draft=draft, data=data, sheet=sheet,
        chart=chart(sheet) if sheet and n == 4 else None,
        record_problems=record_problems, form=form, errors=errors, problems=list(problems),
        players=players, seats=seat_tokens(n), editing=editing, board=board, conflict=conflict,
        deal_id=fresh_deal_id(), **per_player), status


def _scoreboard(sub: Submission, dealer: str, deals: int) -> dict[str, Any]:
    """The scoreboard of the draft's replay, read from its table view: the game's target (the
    variant's at a table of n, ``match.game_points_of``), the fixed deals and, where the
    table has rubbers, the rubber."""
    record, result = sub.record, sub.result
    if not record.fixed_partnerships:
        from euchre_records.match import game_points_of
        target = game_points_of(record)
    else:
        target = record.rules.game_points
    return scoreboard(sub.view, dealer, target=target, fixed_deals=record.rules.fixed_deals,
                      deals_entered=deals, rubber=getattr(result, "rubber", None))


def fresh_deal_id() -> str:
    """An id for the next deal the form sends (the browser's script puts its own in its place):
    a form sent twice, or resent after a lost answer, is then stored once."""
    import uuid
    return str(uuid.uuid4())



@bp.route(f"/web/drafts/<{ID}:draft_id>")
@table_view
@writer_required
def draft(draft_id: int) -> Any:
    found = own_draft(draft_id)
    if found.status == "finished" and found.record_id is not None:
        rubber_id = queries.rubber_of_record(get_db(), found.record_id)
        if rubber_id is not None:
            return redirect(url_for("pages.rubber", rubber_id=rubber_id), 303)
    return draft_page(found)



def save_revision(found: store_drafts.Draft, data: dict[str, Any],
                  message: str, category: str = "ok") -> Response | None:
    """Save a new revision; None when the draft moved on meanwhile (flashes why). ``message``
    is flashed as ``category`` (``warning``: saved, with something the scorer must check)."""
    try:
        store_drafts.save_draft(get_db(), found.id, data, seen_revision())
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return None
    flash(message, category)
    return redirect(url_for("pages.draft", draft_id=found.id) + "#entry", 303)


def points_warning(sub: Submission | None, position: int) -> str:
    """Why the points-only deal at ``position`` (0-based) cannot happen as written (the
    engine's finding on it: a score no deal makes under the rules), or ``""``. Such a deal is
    kept as written (the sheet said it), but the scorer is told at once, not greeted as a
    success."""
    if sub is None or position >= len(sub.result.deals):
        return ""
    deal = sub.result.deals[position]
    kind = getattr(deal, "kind", None)
    if getattr(kind, "value", kind) != "points":
        return ""
    found = [re.sub(r"^deal \d+: ", "", f.message) for f in getattr(deal, "findings", ()) or ()]
    return "; ".join(found)


def score_note(sub: Submission | None) -> str:
    """': score N-S 4, E-W 1' after the last deal (for the announcement of a saved deal)."""
    if sub is None or not sub.result.running or sub.result.running[-1] is None:
        return ""
    scores = sub.result.running[-1][1]
    if not sub.record.fixed_partnerships:   # a table of n: ': score Ann 3, Bob 0, Cy 1'
        columns = sub.view.columns
        return ": score " + ", ".join(f"{c.label} {v}" for c, v in zip(columns, scores))
    ns, ew = scores
    return f": score N-S {ns}, E-W {ew}"


