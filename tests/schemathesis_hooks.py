"""schemathesis hooks of tests/test_schemathesis.py (loaded by ``SCHEMATHESIS_HOOKS``).

``positive_data_acceptance`` (ST202) fails a request the document allows that is answered 4xx
other than 401/403/404/409/429. The document states every rule of a request's *shape*; what it
cannot state is what the stored data says of the request: a ``supersedes`` naming no stored record,
a ``league`` that is no league, a merge of a player into himself, the analysis of a stored record
at a table of n; and the game's logic (a card held twice: docs/FORMAT.md, no JSON Schema can say
it). Those are answered 422 with a documented code (docs/API.md), and only those are let through
here: :data:`STATE_REFUSALS` names, per operation, the error code, the ``where`` and the words of
each. A whole-number float (``4.0``) is JSON Schema's integer and the readers take it as one
(schema/numbers.py), so a 422 to one fails the run like any other. Any other 422 to a request
the document allows fails the run, as does every other check.
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import positive_data_acceptance

_RECORD = {("impossible-record", None, ""), ("too-costly", None, ""),
           ("invalid-record", "deals", "is not in the pack of")}
STATE_REFUSALS: dict[str, set[tuple[str, str | None, str]]] = {
    # (code, where: the first problem's place, a prefix, None: any; a text its ``what`` holds)
    "POST /records": {("unknown-record", "supersedes", ""), *_RECORD},
    "POST /validate": _RECORD,
    "GET /records/{record_id}/analysis": {("unsupported-rules", None, ""),
                                          ("too-costly", None, "")},
    "POST /events": {("invalid-request", "league", ""), ("invalid-request", "players", "no player"),
                     ("invalid-request", "players", "listed twice")},
    "POST /events/{event_id}/sittings": {("unknown-record", "record_id", "")},
    "POST /events/{event_id}/rounds/{number}/draw": {("invalid-request", "players",
                                                      "cannot be drawn")},
    "POST /events/{event_id}/rounds/{number}/seating": {
        ("invalid-request", "tables", "seats must name"), ("invalid-request", "tables", "no player"),
        ("invalid-request", "tables", "seated twice"), ("invalid-request", "tables", "given twice")},
    "POST /events/{event_id}/rounds/{number}/links": {
        ("invalid-request", "round", "no seating"), ("invalid-request", "tables", "has no table")},
    "POST /players/{player_id}/merge": {("invalid-request", "into", "")},
}
"""Refusals that depend on the stored data or the game's logic, by operation: a record naming
no stored record; an event's players naming no registry player, or too few to draw; a seating
whose seats are not the event's (its table size); links of a round not seated yet, or for a
table the seating does not have; a league that is no league; a merge of merged
players; a card not in the record's pack (which the preset and overrides choose)."""

def _allowed(label: str, response: Any) -> bool:
    if response.status_code != 422:
        return False
    try:
        error = json.loads(response.content)["error"]
        where = (error.get("problems") or [{}])[0].get("where")
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    what = " ".join(str(p.get("what", "")) for p in error.get("problems") or [])
    for code, prefix, text in STATE_REFUSALS.get(label, ()):
        if error.get("code") == code and (prefix is None or str(where or "").startswith(prefix)) \
                and text in what:
            return True
    return False


@schemathesis.check
def positive_data_acceptance_but_state(ctx: Any, response: Any, case: Any) -> bool | None:
    """schemathesis's ``positive_data_acceptance``, but for :data:`STATE_REFUSALS`."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if _allowed(case.operation.label, response):
            return None
        raise
