"""Deals that carry an id made by the browser: answers to a first send, a resend and a clash.

Contracts (docs/PAGES.md "Entry without the connection", docs/API.md "Deal ids"):
- The deal form carries ``deal_id``: the page puts a fresh one in the form, the browser's script
  replaces it with one of its own (``crypto.randomUUID()``) for each deal it sends or queues.
  :func:`client_id` is the posted id, or None when the form has none (an old page).
- A request whose Accept header prefers ``application/json`` (:func:`wants_json`, the offline
  queue's sends) gets JSON: ``201`` ``{"draft", "deal", "revision", "deal_id", "duplicate":
  false}`` for a stored deal, ``200`` with ``"duplicate": true`` and the first save's deal number
  and revision for a resend, else the one error shape (``api.errors``): ``422 deal-refused``
  with the located problems, ``409 stale-draft`` with both versions, ``409 draft-closed``.
  Any other request gets the pages' redirects and flashes, as every form of the pages does.
- :func:`conflict` describes a clash (the stored deals since the revision the writer saw, and
  the writer's own deal) from the stored revisions alone (every revision is kept).
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import abort, flash, jsonify, redirect, request, url_for
from werkzeug.wrappers import Response

from ..db import get_db
from ..errors import error_response
from ..store import drafts as store_drafts
from .forms import Problems

__all__ = ["client_id", "wants_json", "answer", "refused", "stale", "closed", "conflict",
           "deal_summary", "Conflict"]

SUIT_NAMES = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}
Conflict = dict[str, Any]


def client_id() -> str | None:
    """The deal id the form posted (stripped), or None when it posted none."""
    value = (request.form.get("deal_id") or "").strip()
    return value or None


def wants_json() -> bool:
    """True when the client prefers JSON to HTML (the browser's queue asks so)."""
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def answer(draft_id: int, receipt: store_drafts.DealReceipt, deal_id: str,
           message: str, category: str = "ok") -> Response:
    """A stored deal (201) or a resend of one (200, ``duplicate``), as JSON or as the page
    (``message`` flashed as ``category``: ``warning`` for a deal stored with a finding)."""
    if wants_json():
        resp = jsonify(draft=draft_id, deal=receipt.deal_number, revision=receipt.revision,
                       deal_id=deal_id, duplicate=receipt.duplicate)
        resp.status_code = 200 if receipt.duplicate else 201
        return resp
    if receipt.duplicate:
        flash(f"Deal {receipt.deal_number} had already arrived (this browser sent it again); "
              "nothing new was stored.", "ok")
    else:
        flash(message, category)
    return redirect(url_for("pages.draft", draft_id=draft_id) + "#entry", 303)


def refused(number: int, problems: Problems) -> Response:
    """422 ``deal-refused``: the deal and its located problems (form field or record path)."""
    return error_response(422, "deal-refused", f"deal {number} is refused; nothing was stored",
                          [{"where": field, "what": what} for field, what in problems],
                          deal=number)


def stale(found: store_drafts.Draft, exc: store_drafts.StaleDraft, clash: Conflict) -> Response:
    """409 ``stale-draft``: the draft moved on since the revision the writer saw."""
    return error_response(409, "stale-draft", str(exc), revision=exc.current,
                          seen=clash["seen"], position=clash["position"],
                          parted=clash["parted"], title=clash["title"],
                          stored=clash["stored"], mine=clash["mine"])


def closed(found: store_drafts.Draft) -> Response:
    """409 ``draft-closed``: a finished or set-aside draft takes no deal."""
    return error_response(409, "draft-closed", f"draft {found.id} is {found.status}; it takes "
                          "no more deals", revision=found.revision)


def answered_first(found: store_drafts.Draft, client_id: str | None) -> Response | None:
    """What a deal's post gets before anything else is looked at: a resend of an id the draft
    has received is answered as the duplicate it is, whatever the draft's state since; a draft
    that is no longer open refuses (409). None: go on and save."""
    if client_id is not None:
        earlier = store_drafts.deal_receipt(get_db(), found.id, client_id)
        if earlier is not None:
            return answer(found.id, earlier, client_id, "")
    if found.status != "open":
        if wants_json():
            return closed(found)
        abort(409, description=f"draft {found.id} is {found.status}")
    return None


def deal_summary(deal: Mapping[str, Any], players: Mapping[str, str]) -> str:
    """One line a scorer recognises a deal by: dealer, maker, trump, alone and tricks. A
    four-handed seat is its letter and player ("N Ann"); a seat at a table of n its player
    alone ("Ann", or "seat 2" where nobody is named): the numbers are the notation's, not the
    table's."""
    def who(seat: str) -> str:
        if seat.isdigit():
            return players.get(seat) or f"seat {seat}"
        return f"{seat} {players[seat]}" if players.get(seat) else seat

    dealer = deal.get("dealer") or "?"
    kind = deal.get("kind")
    if kind != "result":
        return f"dealt by {who(dealer)}: a {kind or 'deal'} deal"
    irregularities = deal.get("irregularities") or []
    if any(i.get("kind") == "misdeal" for i in irregularities):
        return f"dealt by {who(dealer)}: misdeal (void)"
    result = deal.get("result") or {}
    if result.get("maker") is None:
        return f"dealt by {who(dealer)}: all passed"
    alone = " alone" if result.get("alone") else ""
    trump = SUIT_NAMES.get(result.get("trump") or "", "?")
    tricks = result.get("tricks")
    return (f"dealt by {who(dealer)}: {who(result['maker'])} made {trump}{alone}, "
            f"{tricks} trick{'s' if tricks != 1 else ''}")


def conflict(db: Any, latest: store_drafts.Draft, seen: int, mine: Mapping[str, Any],
             form: Mapping[str, str]) -> Conflict:
    """Both versions of a clash, from the first deal where they part: the stored deals (theirs)
    and the deals of the revision this writer saw followed by the one it sent (mine), with the
    fields to send it again over the latest revision ("keep mine")."""
    base = store_drafts.revision_data(db, latest.id, seen) if seen >= 1 else None
    stored = list(latest.data.get("deals") or [])
    before = list((base or latest.data).get("deals") or [])
    position = len(before)
    parted = next((i for i, (a, b) in enumerate(zip(before, stored)) if a != b),
                  min(len(before), len(stored)))
    players = {s: p.get("name", "") for s, p in (latest.data.get("players") or {}).items()}

    def listed(deals: list[Any]) -> list[dict[str, Any]]:
        return [{"deal": parted + i + 1, "summary": deal_summary(d, players)}
                for i, d in enumerate(deals)]
    theirs, ours = listed(stored[parted:]), listed([*before[parted:], dict(mine)])
    title = (f"Two versions of deal {parted + 1}" if len(theirs) <= 1 and len(ours) <= 1
             else f"Two versions from deal {parted + 1}")
    return {"seen": seen if base is not None else latest.revision, "position": position,
            "parted": parted + 1, "title": title, "stored": theirs, "mine": ours,
            "fields": {k: v for k, v in form.items()
                       if k not in ("csrf_token", "revision", "base_revision")}}
