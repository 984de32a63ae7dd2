"""Recording a sitting at the table: start it, enter deals one by one, finish or correct it.

Contracts:
- Every view here needs a signed-in club (anonymous -> ``/login?next=...``); a draft is visible
  only to its club (and admins): another club's draft is a 404, never a leak.
- A draft is saved (a new revision, api/store/drafts) only when the whole record it would become
  passes ``ingest.prepare``, the one path from text to record; a deal the form or the engine
  refuses is shown again with the problems next to its fields, and nothing is saved.
- A form with problems is shown again (status 200, as a browser expects of a form) with each
  problem next to its field and in a summary at the top.
- Forms carry the revision they were drawn from: a save over a newer revision is refused and the
  page shows the latest one (nothing overwritten).
- Finishing stores the record through ``Store.save`` exactly as ``POST /records`` does (same
  validation, duplicate rule and versioning); correcting a stored record opens a draft of its next
  version (``supersedes``).
"""

from __future__ import annotations

import json
import re
from functools import wraps
from typing import Any, Callable

from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from euchre_records.errors import RecordError
from euchre_records.rules import PRESETS

from ..db import get_db
from ..store import drafts as store_drafts
from ..store import queries
from ..store.ingest import Submission, error_payload, prepare
from ..store.store import MAX_ID, AlreadySuperseded, DuplicateCorrection, StoreError, UnknownRecord
from ..auth.session import session_ended
from ..auth.table import is_table_view, may_use_draft, table_dead, table_grant, table_view
from . import saving, times  # noqa: F401  (times: the utc_time template global)
from . import deal_ids
from .blueprint import actor, bp
from .chart import chart
from .forms import (OVERRIDE_FIELDS, SEATS, Problems, deal_from_form, form_of_deal,
                    form_of_full_deal, form_of_sitting, full_deal_from_form, next_seat,
                    sitting_from_form, with_sitting)
from .link_dead import link_dead_page
from .scoreboard import preset_title, scoreboard
from .sheet import build_sheet, running_of

__all__ = ["replay_draft"]

_ID = f"int(max={MAX_ID})"
bp.add_app_template_global(preset_title, "preset_title")
_FIELD_OF_PATH = (("result.tricks", "tricks"), ("result.trump", "trump"),
                  ("result.maker", "maker"), ("result.alone", "alone"), ("dealer", "dealer"),
                  ("irregularities", "revoke_seat"), ("scoresheet.points", "sheet_points_ns"),
                  ("scoresheet.total", "sheet_total_ns"))


def writer_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Send an anonymous visitor to the sign-in page, then back here. A browser holding a table
    link (api/auth/table.py) passes into the views marked ``table_view`` only (403 elsewhere);
    one whose link died gets the page that says why."""
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        grant, dead = table_grant(), table_dead()
        if actor() is None and grant is not None:
            if not is_table_view():
                link = grant.link
                abort(403, description=f"this browser holds the link of table {link.table} "
                      f"(round {link.round}): it may enter that table's sitting only; sign "
                      "in with a club's token for the rest")
            return view(*args, **kwargs)
        if actor() is None and dead is not None:
            return link_dead_page(dead)
        if actor() is None and session_ended() is not None:   # say why (until a new sign-in)
            flash(f"Signed out: {session_ended()}.", "error")
        if actor() is None:
            target = request.full_path if request.method == "GET" else request.path
            return redirect(url_for("pages.login", next=target.rstrip("?")), 303)
        return view(*args, **kwargs)
    return wrapped


def _own_draft(draft_id: int) -> store_drafts.Draft:
    draft = store_drafts.get_draft(get_db(), draft_id)
    me = actor()
    if me is None:   # a table link: its own sitting's draft only
        if draft is None or not may_use_draft(draft_id):
            abort(403, description=f"this table link may enter its own table's sitting only, "
                                   f"not draft {draft_id}")
        return draft
    if draft is None or not (me.admin or me.club_id == draft.club_id):
        abort(404, description=f"no draft {draft_id} of your club")
    return draft


def replay_draft(data: dict[str, Any]) -> tuple[Submission | None, list[dict[str, str]]]:
    """The draft's record validated and replayed as ``POST /records`` would, or its problems."""
    try:
        return prepare(json.dumps(data, ensure_ascii=False)), []
    except RecordError as exc:
        return None, error_payload(exc)


def _next_dealer(data: dict[str, Any], sub: Submission | None) -> str:
    """Who deals next by the engine's replay: the same dealer after a redeal, the seat the laws
    name after a void deal, else the last dealer's left; N for the first deal."""
    deals = data.get("deals") or []
    if not deals:
        return "N"
    if sub is not None and sub.result.deals:
        last = sub.result.deals[-1]
        if last.redeal:
            return last.dealer.name
        nxt = getattr(last, "next_dealer", None)
        if nxt is not None:
            return str(nxt.name)
        return next_seat(last.dealer.name)
    return next_seat(str(deals[-1].get("dealer", "W")))


def _fields_of(problems: list[dict[str, str]], deal_index: int) -> Problems:
    """Engine/notation problems of deal ``deal_index`` as (form field, message)."""
    out: Problems = []
    prefix = f"deals[{deal_index}]"
    for p in problems:
        where = p["where"]
        field = "general"
        if where.startswith(prefix):
            rest = where[len(prefix):].lstrip(".")
            field = next((f for path, f in _FIELD_OF_PATH if rest.startswith(path)), "general")
        out.append((field, f"{where}: {p['what']}" if field == "general" else p["what"]))
    return out


def _draft_page(draft: store_drafts.Draft, *, form: dict[str, str] | None = None,
                problems: Problems = (), editing: int | None = None,  # type: ignore[assignment]
                status: int = 200, conflict: deal_ids.Conflict | None = None) -> tuple[str, int]:
    data = draft.data
    sub, record_problems = replay_draft(data)
    players = {seat: p["name"] for seat, p in (data.get("players") or {}).items()}
    sheet = None
    if sub is not None:
        from euchre_records.schema.results import dump_result
        sheet = build_sheet(dump_result(sub.result), running_of(sub.result.running), players)
    deals = data.get("deals") or []
    dealer = _next_dealer(data, sub)
    if form is None:
        form = form_of_deal(deals[editing - 1]) if editing else {"dealer": dealer}
    board = None if sub is None else scoreboard(sub.result, players, dealer, len(deals))
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    return render_template(
        "draft.html", draft=draft, data=data, sheet=sheet, chart=chart(sheet) if sheet else None,
        record_problems=record_problems, form=form, errors=errors, problems=list(problems),
        players=players, seats=SEATS, editing=editing, board=board,
        deal_kinds=[d.get("kind") for d in deals], conflict=conflict,
        deal_id=_fresh_deal_id()), status


def _fresh_deal_id() -> str:
    """An id for the next deal the form sends (the browser's script puts its own in its place):
    a form sent twice, or resent after a lost answer, is then stored once."""
    import uuid
    return str(uuid.uuid4())


@bp.route("/web/sittings/new", methods=["GET", "POST"])
@writer_required
def new_sitting() -> Any:
    me = actor()
    form: dict[str, str] = {"preset": "modern", "club": "" if me.admin else me.club,
                            "date": _today()} if request.method == "GET" else dict(request.form)
    problems: Problems = []
    if request.method == "POST":
        header, problems = sitting_from_form(request.form)
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
    return render_template(
        "sitting.html", form=form, errors=errors, problems=problems, seats=SEATS,
        presets=sorted(PRESETS), overrides=OVERRIDE_FIELDS, names=_known_players(), draft=draft)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/sitting", methods=["GET", "POST"])
@writer_required
def edit_sitting(draft_id: int) -> Any:
    """Change a draft's players, rules or event; its deals are replayed under the change."""
    found = _own_draft(draft_id)
    if request.method == "GET":
        return _sitting_page(form_of_sitting(found.data), [], found)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    header, problems = sitting_from_form(request.form)
    if not problems:
        data = with_sitting(found.data, header)
        _, found_problems = replay_draft(data)
        problems = [(_sitting_field(p["where"]),
                     p["what"] if not p["where"].startswith("deals") else
                     f"{p['where']}: {p['what']}") for p in found_problems]
        if not problems:
            done = _save(found, data, "Players, rules and event changed; the deals replayed.")
            if done is not None:
                return done
            found = _own_draft(draft_id)
    return _sitting_page(dict(request.form), problems, found)


def _known_players() -> list[str]:
    """The club's own players (from the records it stored), else every known player."""
    db = get_db()
    return queries.player_names(db, club_id=actor().club_id) or queries.player_names(db)


def _sitting_field(where: str) -> str:
    m = re.match(r"players\.([NESW])", where)
    if m:
        return f"player_{m.group(1)}"
    m = re.match(r"rules\.overrides\.(\w+)", where)
    if m and m.group(1) in OVERRIDE_FIELDS:
        return m.group(1)
    m = re.match(r"event\.(\w+)", where)
    if m:
        return m.group(1)
    return "preset" if where.startswith("rules") else "general"


def _today() -> str:
    from datetime import date
    return date.today().isoformat()


@bp.route(f"/web/drafts/<{_ID}:draft_id>")
@table_view
@writer_required
def draft(draft_id: int) -> Any:
    found = _own_draft(draft_id)
    if found.status == "finished" and found.record_id is not None:
        rubber_id = queries.rubber_of_record(get_db(), found.record_id)
        if rubber_id is not None:
            return redirect(url_for("pages.rubber", rubber_id=rubber_id), 303)
    return _draft_page(found)


def _form_id(name: str) -> int | None:
    """The id a form field holds, or None when it is blank, not a whole number or out of the
    range of ids (1 to 2^63-1: a larger number is no SQLite integer, and no row has it)."""
    text = (request.form.get(name) or "").strip()
    if not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_ID else None


def _seen_revision() -> int:
    try:
        return int(request.form.get("revision", ""))
    except ValueError:
        return -1


def _save(found: store_drafts.Draft, data: dict[str, Any], message: str) -> Response | None:
    """Save a new revision; None when the draft moved on meanwhile (flashes why)."""
    try:
        store_drafts.save_draft(get_db(), found.id, data, _seen_revision())
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return None
    flash(message, "ok")
    return redirect(url_for("pages.draft", draft_id=found.id) + "#entry", 303)


def _score_note(sub: Submission | None) -> str:
    """': score N-S 4, E-W 1' after the last deal (for the announcement of a saved deal)."""
    if sub is None or not sub.result.running or sub.result.running[-1] is None:
        return ""
    ns, ew = sub.result.running[-1][1]
    return f": score N-S {ns}, E-W {ew}"


def _with_deal(found: store_drafts.Draft, index: int | None,
               client_id: str | None = None) -> Any:
    """Add (index None) or replace deal ``index`` (0-based) from the posted deal form; an added
    deal with a browser's id is stored with it (:func:`_identified`)."""
    deal, problems = deal_from_form(request.form)
    if client_id is not None:
        problem = store_drafts.client_id_problem(client_id)
        if problem is not None:
            problems = [*problems, ("general", f"deal_id: {problem}")]
    form = dict(request.form)
    data = json.loads(json.dumps(found.data))
    deals = data.setdefault("deals", [])
    position = len(deals) if index is None else index
    sub: Submission | None = None
    if not problems:
        if index is None:
            deals.append(deal)
        else:
            deals[index] = deal
        sub, found_problems = replay_draft(data)
        problems = _fields_of(found_problems, position)
    if problems:
        if deal_ids.wants_json():
            return deal_ids.refused(position + 1, problems)
        return _draft_page(found, form=form, problems=problems,
                           editing=None if index is None else index + 1)
    what = "added" if index is None else "changed"
    if client_id is not None and index is None:
        return _identified(found, data, deal, position, client_id,
                           f"Deal {position + 1} added{_score_note(sub)}.")
    done = _save(found, data, f"Deal {position + 1} {what}{_score_note(sub)}.")
    return done or _draft_page(_own_draft(found.id))


def _identified(found: store_drafts.Draft, data: dict[str, Any], deal: dict[str, Any],
                position: int, client_id: str, message: str) -> Any:
    """Store an added deal with its browser id; a clash with another writer shows (or answers)
    both versions, the stored one and this one, and stores nothing."""
    db = get_db()
    try:
        receipt = store_drafts.save_deal(db, found.id, data, _seen_revision(), client_id,
                                         position + 1)
    except store_drafts.StaleDraft as exc:
        latest = _own_draft(found.id)
        clash = deal_ids.conflict(db, latest, _seen_revision(), deal, request.form)
        if deal_ids.wants_json():
            return deal_ids.stale(latest, exc, clash)
        flash(str(exc), "error")
        return _draft_page(latest, conflict=clash)
    except store_drafts.DraftClosed:
        latest = _own_draft(found.id)
        if deal_ids.wants_json():
            return deal_ids.closed(latest)
        abort(409, description=f"draft {found.id} is {latest.status}")
    return deal_ids.answer(found.id, receipt, client_id, message)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/deals", methods=["POST"])
@table_view
@writer_required
def add_deal(draft_id: int) -> Any:
    """Add the next deal. A deal id the draft has already received is answered as the
    duplicate it is, whatever the draft's state since (docs/API.md, "Deal ids")."""
    found = _own_draft(draft_id)
    client_id = deal_ids.client_id()
    first = deal_ids.answered_first(found, client_id)
    if first is not None:
        return first
    return _with_deal(found, None, client_id)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/deals/<int(min=1,max=999):number>",
          methods=["GET", "POST"])
@table_view
@writer_required
def edit_deal(draft_id: int, number: int) -> Any:
    found = _own_draft(draft_id)
    deals = found.data.get("deals") or []
    if number > len(deals) or deals[number - 1].get("kind") not in ("result", "points"):
        abort(404, description=f"draft {draft_id} has no result-only or points-only deal {number}")
    if request.method == "GET":
        return _draft_page(found, editing=number)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    return _with_deal(found, number - 1)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/undo", methods=["POST"])
@table_view
@writer_required
def undo_deal(draft_id: int) -> Any:
    found = _own_draft(draft_id)
    data = json.loads(json.dumps(found.data))
    if not data.get("deals"):
        flash("There is no deal to take back.", "error")
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    data["deals"].pop()
    done = _save(found, data, f"Deal {len(data['deals']) + 1} taken back (it is kept in the "
                              "draft's history).")
    return done or _draft_page(_own_draft(draft_id))


@bp.route(f"/web/drafts/<{_ID}:draft_id>/finish", methods=["POST"])
@table_view
@writer_required
def finish(draft_id: int) -> Any:
    found = _own_draft(draft_id)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    if _seen_revision() != found.revision:
        flash("This draft changed in another window; check it and finish again.", "error")
        return _draft_page(found)
    sub, problems = replay_draft(found.data)
    if sub is None:
        return _draft_page(found, problems=[("general", f"{p['where']}: {p['what']}")
                                            for p in problems])
    db = get_db()
    grant = table_grant() if actor() is None else None
    try:
        if grant is not None:
            saved = saving.save_table_record(db, sub, grant)
        else:
            saved = saving.save_record(db, sub, actor(), supersedes=found.supersedes)
    except (UnknownRecord, AlreadySuperseded, DuplicateCorrection, StoreError) as exc:
        return _draft_page(found, problems=[("general", str(exc))])
    try:
        store_drafts.finish_draft(db, draft_id, saved.id)
    except store_drafts.DraftError:  # finished meanwhile from another window: same record
        pass
    if grant is not None:   # the link is used up now: its page says so, with the record
        flash(saving.attach_table_record(db, saved.id, grant), "ok")
        return redirect(url_for("pages.table_link"), 303)
    if saved.duplicate:
        flash(f"This record was already stored (record {saved.id}); nothing new was stored.",
              "ok")
    else:
        flash(f"Stored as record {saved.id}.", "ok")
    rubber_id = queries.rubber_of_record(db, saved.id)
    if rubber_id is None:
        return redirect(url_for("pages.record", record_id=saved.id), 303)
    return redirect(url_for("pages.rubber", rubber_id=rubber_id), 303)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/abandon", methods=["GET"])
@writer_required
def confirm_abandon(draft_id: int) -> Any:
    """Ask first: setting a draft aside takes it off the list of sittings in progress."""
    found = _own_draft(draft_id)
    if found.status != "open":
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    return render_template("abandon.html", draft=found, data=found.data)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/resume", methods=["POST"])
@writer_required
def resume(draft_id: int) -> Any:
    """A set-aside draft back in progress, as it was."""
    found = _own_draft(draft_id)
    try:
        store_drafts.resume_draft(get_db(), found.id)
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return redirect(url_for("pages.home"), 303)
    flash(f"Draft {draft_id} is in progress again.", "ok")
    return redirect(url_for("pages.draft", draft_id=draft_id), 303)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/abandon", methods=["POST"])
@writer_required
def abandon(draft_id: int) -> Any:
    found = _own_draft(draft_id)
    try:
        store_drafts.abandon_draft(get_db(), found.id)
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    flash(f"Draft {draft_id} set aside (kept; resume it from the home page's set-aside list).", "ok")
    return redirect(url_for("pages.home"), 303)


@bp.route(f"/web/records/<{_ID}:record_id>/correct", methods=["POST"])
@writer_required
def correct(record_id: int) -> Any:
    db = get_db()
    meta = queries.get_record_meta(db, record_id)
    if meta is None:
        abort(404, description=f"no record {record_id}")
    me = actor()
    if not saving.may_correct(db, me, record_id):
        abort(403, description=f"record {record_id} was not stored by your club")
    if meta["status"] != "current":
        flash(f"Record {record_id} is not the current version; correct the current one.",
              "error")
        return redirect(url_for("pages.record", record_id=record_id), 303)
    existing = store_drafts.draft_for_record(db, record_id, me.club_id)
    if existing is None:
        data = json.loads(queries.get_canonical(db, record_id) or "{}")
        existing = store_drafts.create_draft(db, data, club_id=me.club_id, token_id=me.token_id,
                                             supersedes=record_id)
    return redirect(url_for("pages.draft", draft_id=existing), 303)


@bp.route(f"/web/records/<{_ID}:record_id>/attach", methods=["POST"])
@writer_required
def attach(record_id: int) -> Any:
    """Attach a stored record to an event as the sitting at (round, table)."""
    from ..store import events as store_events
    db = get_db()
    me = actor()
    if queries.get_record_meta(db, record_id) is None:
        abort(404, description=f"no record {record_id}")
    rubber_id = queries.rubber_of_record(db, record_id)
    back = (url_for("pages.rubber", rubber_id=rubber_id) if rubber_id is not None
            else url_for("pages.record", record_id=record_id))
    event_id = _form_id("event_id")
    if event_id is None:
        flash("Choose the event to attach this record to.", "error")
        return redirect(back, 303)
    exists, owner = queries.event_owner(db, event_id)
    if not exists:
        abort(404, description=f"no event {event_id}")
    if not saving.may_attach(me, owner):
        abort(403, description=f"event {event_id} belongs to another club")
    if not saving.may_attach_record(db, me, record_id):
        abort(403, description=f"record {record_id} belongs to another club (or was stored by a "
                               "local command): a club attaches its own records to its events")
    round_text = (request.form.get("round") or "").strip()
    table = (request.form.get("table") or "").strip() or None
    try:
        store_events.attach_sitting(db, event_id, record_id,
                                    round_no=(int(round_text) if round_text.isascii()
                                              and round_text.isdigit() else None),
                                    table=table, created_by=f"{me.club} (token {me.token_id})")
    except store_events.EventError as exc:
        flash(f"Not attached: {exc.what}" + (f" ({exc.where})" if exc.where else ""), "error")
        return redirect(back, 303)
    flash(f"Record {record_id} attached to the event.", "ok")
    return redirect(url_for("pages.event", event_id=event_id), 303)


_CARD_PATHS = (("hands.N", "hand_N"), ("hands.E", "hand_E"), ("hands.S", "hand_S"),
               ("hands.W", "hand_W"), ("hands", "hand_N"), ("turned", "turned"),
               ("joker_suit", "turned"), ("calls", "calls"), ("discard", "discard"),
               ("tricks", "tricks"), ("dealer", "dealer"), ("kitty", "hand_N"))


def _card_fields(problems: list[dict[str, str]], deal_index: int) -> Problems:
    """Problems of a card-level deal as (field, message); the message keeps its place in the
    deal (``tricks[2][1]: ...``) since a field holds many cards."""
    out: Problems = []
    prefix = f"deals[{deal_index}]"
    for p in problems:
        where = p["where"]
        if not where.startswith(prefix):
            out.append(("general", f"{where}: {p['what']}"))
            continue
        rest = where[len(prefix):].lstrip(".")
        field = next((f for path, f in _CARD_PATHS if rest.startswith(path)), "general")
        out.append((field, f"{rest}: {p['what']}" if rest else p["what"]))
    return out


def _cards_page(found: store_drafts.Draft, form: dict[str, str], problems: Problems,
                number: int, editing: bool) -> str:
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    players = {seat: p["name"] for seat, p in (found.data.get("players") or {}).items()}
    return render_template("cards.html", draft=found, form=form, errors=errors,
                           problems=problems, number=number, editing=editing, seats=SEATS,
                           players=players)


def _cards(draft_id: int, number: int | None) -> Any:
    """Add (number None) or change a card-level deal from the card form."""
    found = _own_draft(draft_id)
    deals = found.data.get("deals") or []
    if number is not None and (number > len(deals) or deals[number - 1].get("kind") != "full"):
        abort(404, description=f"draft {draft_id} has no card-level deal {number}")
    shown = number or len(deals) + 1
    if request.method == "GET":
        if number is not None:
            form = form_of_full_deal(deals[number - 1])
        else:
            sub, _ = replay_draft(found.data)
            form = {"dealer": _next_dealer(found.data, sub)}
        return _cards_page(found, form, [], shown, number is not None)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    deal, problems = full_deal_from_form(request.form)
    data = json.loads(json.dumps(found.data))
    position = len(data.setdefault("deals", [])) if number is None else number - 1
    sub: Submission | None = None
    if not problems:
        if number is None:
            data["deals"].append(deal)
        else:
            data["deals"][position] = deal
        sub, found_problems = replay_draft(data)
        problems = _card_fields(found_problems, position)
    if not problems:
        what = "added" if number is None else "changed"
        done = _save(found, data, f"Deal {position + 1} {what}{_score_note(sub)}.")
        if done is not None:
            return done
        found = _own_draft(draft_id)
    return _cards_page(found, dict(request.form), problems, shown, number is not None)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/cards", methods=["GET", "POST"])
@table_view
@writer_required
def add_cards(draft_id: int) -> Any:
    return _cards(draft_id, None)


@bp.route(f"/web/drafts/<{_ID}:draft_id>/cards/<int(min=1,max=999):number>",
          methods=["GET", "POST"])
@table_view
@writer_required
def edit_cards(draft_id: int, number: int) -> Any:
    return _cards(draft_id, number)
