"""The JSON API of table links (docs/API.md, docs/AUTH.md): issue, list and revoke the links of a
round's tables, and ask what a link is for.

Contracts:
- Issuing, listing and revoking need the event's club (or an admin) and call
  api/store/table_links.py, as the pages and ``euchre event links|revoke-link`` do.
- ``POST /events/{id}/rounds/{n}/links`` answers each link's secret and URL once (201,
  ``Cache-Control: no-store``); a list never holds a secret.
- ``GET /table-link`` answers the link a request carries (``Authorization: Bearer eut_...`` or a
  table session cookie): 200 with its table, round and sitting while it is live; 401 with the
  cause (revoked, expired, the event closed, its sitting stored) once it is dead.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Response, g, request, url_for
from flask_smorest import Blueprint
from euchre_records.rules import PRESETS
from marshmallow import Schema, fields, validate

from ..auth import NotSignedIn, current_actor, require_writer
from ..auth.table import table_grant, table_view
from ..db import get_db
from ..store import queries, table_links
from ..store.store import MAX_ID
from .events import _body, _by, _errors, _json_body, _load, _owned, _refused
from .schemas import ErrorSchema
from .trust_schemas import SECURITY

__all__ = ["links_blp"]

links_blp = Blueprint("table_links", __name__, description="Table links: a capability for one "
                      "table's sitting of one round, printed on its table card")

_ID = f"int(max={MAX_ID})"
_ROUND = "int(min=1,max=10000)"


class LinkIssueSchema(Schema):
    """The body of ``POST /events/{event_id}/rounds/{number}/links``: every table of the round's
    seating unless ``tables`` names some; the lifetime in hours (default 12; the links die at
    the event's close in any case); the rule set of the sittings' drafts (default modern)."""

    expires_hours = fields.Float(validate=validate.Range(min=0.25, max=table_links.MAX_HOURS),
                                 allow_nan=False)
    rules = fields.String(validate=validate.OneOf(sorted(PRESETS)), metadata={
        "description": "the rule set (a preset) of the sittings' drafts; default modern"})
    tables = fields.List(fields.String(validate=validate.Length(min=1, max=64)),
                         validate=validate.Length(min=1, max=500))


class LinkSchema(Schema):
    id = fields.Integer(required=True)
    event = fields.Integer(required=True)
    round = fields.Integer(required=True)
    table = fields.String(required=True)
    draft = fields.Integer(required=True, metadata={"description": "the sitting's draft"})
    created_at = fields.String(required=True)
    expires_at = fields.String(required=True)
    created_by = fields.String(allow_none=True, required=True)
    revoked_at = fields.String(allow_none=True, required=True)
    revoked_by = fields.String(allow_none=True, required=True)
    state = fields.String(required=True, validate=validate.OneOf(
        [s.value for s in table_links.LinkState]))
    record = fields.Integer(allow_none=True, required=True,
                            metadata={"description": "the stored record, once the sitting is"})


class IssuedLinkSchema(LinkSchema):
    secret = fields.String(required=True, metadata={"description": "shown once, never again"})
    url = fields.String(required=True, metadata={
        "description": "the page that opens the sitting, the secret in its fragment"})
    seats = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class IssuedSchema(Schema):
    links = fields.List(fields.Nested(IssuedLinkSchema()), required=True)


class LinkListSchema(Schema):
    links = fields.List(fields.Nested(LinkSchema()), required=True)


class CurrentLinkSchema(Schema):
    id = fields.Integer(required=True)
    event = fields.Integer(required=True)
    event_name = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.String(required=True)
    draft = fields.Integer(required=True)
    expires_at = fields.String(required=True)
    sitting = fields.String(required=True, metadata={"description": "the sitting's page"})


def _dump(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(value, ensure_ascii=False), status=status,
                    mimetype="application/json", headers=headers)


@links_blp.route(f"/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links", methods=["POST"])
@require_writer
@links_blp.doc(requestBody=_body(LinkIssueSchema, "which tables, how long, which rules"),
               summary="Issue a link for each table of the round (revoking its live earlier "
                       "links); each secret is answered once", security=SECURITY,
               operationId="issueTableLinks")
@links_blp.alt_response(201, schema=IssuedSchema, success=True, description="issued")
@_errors(links_blp, 400, 403, 404, 409, 413, 415, 422)
def issue_links(event_id: int, number: int) -> Response:
    body = _json_body()
    _owned(event_id)
    data = _load(LinkIssueSchema(), body, "the request for links is not valid")
    me = current_actor()
    assert me is not None
    db = get_db()
    try:
        issued = table_links.issue_links(
            db, event_id, number, club_id=queries.event_owner(db, event_id)[1] or me.club_id,
            token_id=me.token_id, created_by=_by(), hours=data.get("expires_hours"),
            rules=data.get("rules", "modern"), tables=data.get("tables"))
    except table_links.EventError as exc:
        raise _refused(exc) from None
    base = request.host_url.rstrip("/")
    out = [{**i.link.as_json(), "secret": i.secret, "url": f"{base}/web/table#{i.secret}",
            "seats": i.seats} for i in issued]
    return _dump({"links": out}, 201, {"Cache-Control": "no-store"})


@links_blp.route(f"/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links", methods=["GET"])
@require_writer
@links_blp.doc(summary="The round's table links, dead ones too (never a secret)",
               security=SECURITY, operationId="listTableLinks")
@links_blp.alt_response(200, schema=LinkListSchema, success=True, description="the links")
@_errors(links_blp, 403, 404)
def list_links(event_id: int, number: int) -> Response:
    _owned(event_id)
    return _dump({"links": [row.as_json() for row in
                            table_links.list_links(get_db(), event_id, number)]})


@links_blp.route(f"/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links/<{_ID}:link_id>"
                 "/revoke", methods=["POST"])
@require_writer
@links_blp.doc(summary="Revoke a table link (a phone that opened it can enter nothing more)",
               security=SECURITY, operationId="revokeTableLink")
@links_blp.alt_response(200, schema=LinkSchema, success=True, description="revoked (or "
                        "already revoked: see revoked_at)")
@_errors(links_blp, 403, 404)
def revoke_link(event_id: int, number: int, link_id: int) -> Response:
    _owned(event_id)
    try:
        row, _ = table_links.revoke_link(get_db(), event_id, number, link_id,
                                         revoked_by=_by())
    except table_links.EventError as exc:
        raise _refused(exc) from None
    return _dump(row.as_json())


@links_blp.route("/table-link", methods=["GET"])
@table_view
@links_blp.doc(summary="The table link this request carries: its table, round and sitting",
               security=SECURITY, operationId="currentTableLink")
@links_blp.alt_response(200, schema=CurrentLinkSchema, success=True,
                        description="a live link")
@_errors(links_blp)
def current_link() -> Response:
    grant = table_grant()
    if grant is None:
        problem = g.get("auth_problem")
        dead = g.get("table_dead")
        if dead is not None and not problem:
            from ..auth.table import dead_message
            problem = dead_message(dead)
        raise NotSignedIn(problem or "this request carries no table link: send it as "
                          "'Authorization: Bearer eut_...' (docs/AUTH.md)",
                          invalid_token=bool(problem))
    link = grant.link
    return _dump({"id": link.id, "event": link.event_id, "event_name": link.event_name,
                  "round": link.round, "table": link.table, "draft": link.draft_id,
                  "expires_at": link.expires_at,
                  "sitting": url_for("pages.draft", draft_id=link.draft_id)})


_ = ErrorSchema  # the error shape of every answer (documented by _errors)
