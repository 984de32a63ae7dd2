"""Capability links for the tables of an event's round (tables of migration 15; docs/AUTH.md).

A table link lets whoever holds it write one sitting — the draft of (event, round, table) — and
nothing else of the club. The pages, ``euchre event links|revoke-link`` and the JSON API all
call the functions here (one store path).

Contracts:
- A link's secret is ``eut_<id>_<64 hex digits>``: the row id (not secret: it names the link to
  revoke) and 256 random bits from :mod:`secrets`. It is returned once, by :func:`issue_links`;
  the store keeps only its SHA-256 in hex (enough for 256 random bits, as for tokens), compared
  in constant time after the row is found by its id.
- :func:`issue_links` gives every table of the round's current seating (or the tables named) a
  new link, in one transaction. A table's live earlier links are revoked by it (a re-printed
  card replaces the old one); the sitting's draft is kept (the deals entered so far stay) when
  it is still open with the same players, else a new draft is made from the seating, with the
  event, round, table and date in its header (the event's first day, ``date_from``; today when
  the event names none). The event must be open (EventError 409 once closed).
- A link is *live* until the first of: its revocation (a row in ``table_link_revocations``),
  the close of its event, its ``expires_at``, or the end of its sitting (the draft finished or
  set aside: *used*). :func:`check_link` and :func:`link_of_session` say which, so a page can
  name the cause; nothing is ever deleted or updated (a session's end is set once).
- A browser exchanges the secret for a session (:func:`start_session`): 256 random bits whose
  SHA-256 is stored, lasting no longer than the link; it dies with its link.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from enum import Enum
from typing import Any, Sequence

import sqlite_utils

from euchre_records.events.tournament import seat_tokens

from ..whole_numbers import is_whole
from .event_reads import current_seating
from .event_rows import EventError, closed_at, open_tournament_row
from .players import player_names
from .sessions import SESSION_ID_RE, end_row
from .store import write_transaction

__all__ = ["EventError", "LinkState", "TableLink", "IssuedLink", "LinkCheck", "issue_links", "list_links",
           "revoke_link", "check_link", "start_session", "link_of_session", "end_session",
           "link_by_id", "LINK_RE", "SESSION_ID_RE", "MAX_HOURS", "DEFAULT_HOURS"]

LINK_RE = re.compile(r"eut_([1-9][0-9]{0,17})_([0-9a-f]{64})")
"""The whole secret text of a table link."""
DEFAULT_HOURS = 12.0
MAX_HOURS = 24.0 * 14
_DUMMY_HASH = hashlib.sha256(b"no such table link").hexdigest()


class LinkState(str, Enum):
    """Whether a link may still write, and if not, why."""

    LIVE = "live"
    REVOKED = "revoked"
    CLOSED = "closed"      # the event was closed
    EXPIRED = "expired"
    USED = "used"          # its sitting is stored (or set aside): nothing left to write
    UNKNOWN = "unknown"    # no such link, or a mistyped secret


@dataclass(frozen=True, slots=True)
class TableLink:
    """A link as stored (never its secret), with what ended it, if anything."""

    id: int
    event_id: int
    event_name: str
    round: int
    table: str
    draft_id: int
    club_id: int
    token_id: int | None
    created_at: str
    expires_at: str
    created_by: str | None
    revoked_at: str | None
    revoked_by: str | None
    closed_at: str | None
    draft_status: str
    record_id: int | None
    state: LinkState

    def as_json(self) -> dict[str, Any]:
        """The JSON shape of the API and ``--format json`` (no secret, no hash)."""
        return {"id": self.id, "event": self.event_id, "round": self.round, "table": self.table,
                "draft": self.draft_id, "created_at": self.created_at,
                "expires_at": self.expires_at, "created_by": self.created_by,
                "revoked_at": self.revoked_at, "revoked_by": self.revoked_by,
                "state": self.state.value, "record": self.record_id}


@dataclass(frozen=True, slots=True)
class IssuedLink:
    """A link just issued: its row, its secret (shown once) and the seating of its table."""

    link: TableLink
    secret: str
    seats: dict[str, str]


@dataclass(frozen=True, slots=True)
class LinkCheck:
    """The answer for a presented secret or session: the link (None when unknown) and its
    state; ``session_ended_at`` when a session ended at its own end, its link still live (the
    state is then EXPIRED: the session's, not the link's)."""

    link: TableLink | None
    state: LinkState
    session_ended_at: str | None = None


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


_SELECT = ('SELECT l.id, l.tournament_id, t.name, l.round, l."table", l.draft_id, l.club_id, '
           "l.token_id, l.created_at, l.expires_at, l.created_by, r.revoked_at, r.revoked_by, "
           "c.closed_at, d.status, d.record_id, l.hash FROM table_links l "
           "JOIN tournaments t ON t.id = l.tournament_id "
           "JOIN drafts d ON d.id = l.draft_id "
           "LEFT JOIN table_link_revocations r ON r.link_id = l.id "
           "LEFT JOIN tournament_closures c ON c.tournament_id = l.tournament_id")


def state_of(revoked_at: str | None, closed: str | None, expires_at: str,
             draft_status: str, now: str) -> LinkState:
    """The state of a link from its facts (the order is the order of the contract)."""
    if revoked_at is not None:
        return LinkState.REVOKED
    if closed is not None:
        return LinkState.CLOSED
    if expires_at <= now:
        return LinkState.EXPIRED
    if draft_status != "open":
        return LinkState.USED
    return LinkState.LIVE


def _link(values: Sequence[Any], now: str) -> TableLink:
    return TableLink(
        id=int(values[0]), event_id=int(values[1]), event_name=str(values[2]),
        round=int(values[3]), table=str(values[4]), draft_id=int(values[5]),
        club_id=int(values[6]), token_id=values[7], created_at=str(values[8]),
        expires_at=str(values[9]), created_by=values[10], revoked_at=values[11],
        revoked_by=values[12], closed_at=values[13], draft_status=str(values[14]),
        record_id=values[15],
        state=state_of(values[11], values[13], str(values[9]), str(values[14]), now))


def link_by_id(db: sqlite_utils.Database, link_id: int) -> TableLink | None:
    if not 1 <= link_id < 2**63:
        return None
    values = db.conn.execute(_SELECT + " WHERE l.id = ?", (link_id,)).fetchone()
    return None if values is None else _link(values, _iso(_now()))


def list_links(db: sqlite_utils.Database, event_id: int, round_no: int) -> list[TableLink]:
    """Every link of the round, oldest first, dead ones too (never a secret or hash)."""
    now = _iso(_now())
    rows = db.conn.execute(_SELECT + " WHERE l.tournament_id = ? AND l.round = ? ORDER BY l.id",
                           (event_id, round_no)).fetchall()
    return [_link(v, now) for v in rows]


def _hours(hours: float | None) -> float:
    value = DEFAULT_HOURS if hours is None else float(hours)
    if not 0.25 <= value <= MAX_HOURS:
        raise EventError(f"a link lasts from a quarter of an hour to {int(MAX_HOURS)} hours, "
                         f"not {hours}", "expires_hours")
    return value


def _open_draft(conn: sqlite3.Connection, event_id: int, round_no: int, table: str,
                header: dict[str, Any]) -> int | None:
    """The draft of the table's latest link, if it is open and seats the same players."""
    row = conn.execute(
        'SELECT l.draft_id, d.status, r.data FROM table_links l JOIN drafts d ON d.id = l.draft_id '
        "JOIN draft_revisions r ON r.draft_id = d.id AND r.revision = d.revision "
        'WHERE l.tournament_id = ? AND l.round = ? AND l."table" = ? ORDER BY l.id DESC LIMIT 1',
        (event_id, round_no, table)).fetchone()
    if row is None or row[1] != "open":
        return None
    data = json.loads(row[2])
    return int(row[0]) if data.get("players") == header["players"] else None


def _new_draft(conn: sqlite3.Connection, header: dict[str, Any], club_id: int,
               token_id: int | None, now: str) -> int:
    """A new open draft of the sitting (the rows api/store/drafts.create_draft writes)."""
    cur = conn.execute("INSERT INTO drafts (club_id, token_id, created_at, updated_at) "
                       "VALUES (?,?,?,?)", (club_id, token_id, now, now))
    draft_id = int(cur.lastrowid)  # type: ignore[arg-type]
    conn.execute("INSERT INTO draft_revisions (draft_id, revision, saved_at, data) "
                 "VALUES (?,?,?,?)", (draft_id, 1, now,
                                      json.dumps(header, ensure_ascii=False,
                                                 separators=(",", ":"))))
    return draft_id


def _header(event: dict[str, Any], round_no: int, table: str, seats: dict[str, str],
            rules: str, date: str) -> dict[str, Any]:
    labels = {"event": str(event["name"]), "round": str(round_no), "table": table, "date": date}
    if event.get("club"):
        labels = {"club": str(event["club"]), **labels}
    return {"format": "euchre-records", "version": "1.0", "event": labels,
            "players": {seat: {"name": name} for seat, name in seats.items()},
            "rules": _sitting_rules(event, rules), "deals": []}


def _sitting_rules(event: dict[str, Any], preset: str) -> dict[str, Any]:
    """The rules of a table's sitting: the preset, and for a progressive night with a fixed
    number of deals a round (docs/EVENTS.md) that many deals and no game or rubber, so the
    scorer's page says when the round's deals are in and offers to store the sitting; at an
    individual event's table of n, ``seats`` n, and the same fixed deals at a progressive one
    (issue 32: a game of that many deals with no winner, placed by each player's points,
    docs/EVENTS.md §2.1, §3.2)."""
    per_round = event.get("deals_per_round")
    seats = int(event.get("seats") or 4)
    out: dict[str, Any] = {"preset": preset} if seats == 4 else {"preset": preset, "seats": seats}
    if event.get("format") == "progressive" and per_round:
        out["overrides"] = {"fixed_deals": int(per_round), "game_points": None}
        from euchre_records.rules import RubberSystem, preset as preset_rules
        if preset_rules(preset).rubber is not RubberSystem.NONE:   # a game of fixed deals forms
            out["overrides"]["rubber"] = "none"                     # no rubber (Rules.check)
    return out


def issue_links(db: sqlite_utils.Database, event_id: int, round_no: int, *,
                club_id: int, token_id: int | None, created_by: str | None,
                hours: float | None = None, rules: str = "modern",
                tables: Sequence[str] | None = None) -> list[IssuedLink]:
    """New links for the tables of the round (see the module contract), in table order.
    EventError: unknown event (404), closed (409), no seating or an unknown table (422),
    a bad lifetime or rule set (422)."""
    from euchre_records.rules import PRESETS
    life = _hours(hours)
    if rules not in PRESETS:
        raise EventError(f"no rule set {rules!r}; one of {', '.join(sorted(PRESETS))}", "rules")
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    issued: list[tuple[int, str, dict[str, str]]] = []
    with write_transaction(db):
        event = open_tournament_row(conn, event_id)
        seating = current_seating(conn, event_id, round_no)
        if not seating:
            raise EventError(f"round {round_no} of event {event_id} has no seating yet: seat it "
                             "first", "round")
        wanted = list(seating) if not tables else [str(t).strip() for t in tables]
        unknown = [t for t in wanted if t not in seating]
        if unknown:
            raise EventError(f"round {round_no} has no table {unknown[0]!r} (tables: "
                             f"{', '.join(seating)})", "tables")
        names = player_names(conn, [p for t in seating.values() for p in t.values()])
        moment = _now()
        now, until = _iso(moment), _iso(moment + timedelta(hours=life))
        for table in _in_table_order(dict.fromkeys(wanted)):
            order = seat_tokens(int(event.get("seats") or 4))
            seats = {seat: str(names.get(seating[table][seat], f"player {seating[table][seat]}"))
                     for seat in order if seat in seating[table]}
            header = _header(event, round_no, table, seats, rules,
                             str(event.get("date_from") or moment.date().isoformat()))
            for (old,) in conn.execute(
                    'SELECT l.id FROM table_links l LEFT JOIN table_link_revocations r '
                    'ON r.link_id = l.id WHERE l.tournament_id = ? AND l.round = ? AND '
                    'l."table" = ? AND r.link_id IS NULL', (event_id, round_no, table)).fetchall():
                conn.execute("INSERT INTO table_link_revocations (link_id, revoked_at, "
                             "revoked_by) VALUES (?,?,?)",
                             (old, now, f"replaced by a new link ({created_by or 'unknown'})"))
            draft_id = _open_draft(conn, event_id, round_no, table, header)
            if draft_id is None:
                draft_id = _new_draft(conn, header, club_id, token_id, now)
            lid = int(conn.execute("SELECT coalesce(max(id), 0) + 1 FROM table_links").fetchone()[0])
            secret = f"eut_{lid}_{secrets.token_hex(32)}"
            conn.execute(
                'INSERT INTO table_links (id, hash, tournament_id, round, "table", draft_id, '
                "club_id, token_id, created_at, expires_at, created_by) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (lid, _hash(secret), event_id, round_no, table, draft_id, club_id, token_id, now,
                 until, created_by))
            issued.append((lid, secret, seats))
    out = []
    for lid, secret, seats in issued:
        row = link_by_id(db, lid)
        assert row is not None
        out.append(IssuedLink(row, secret, seats))
    return out


def _in_table_order(tables: dict[str, None]) -> list[str]:
    return sorted(tables, key=lambda t: (0, int(t), t) if is_whole(t) else (1, 0, t))


def revoke_link(db: sqlite_utils.Database, event_id: int, round_no: int, link_id: int, *,
                revoked_by: str | None) -> tuple[TableLink, bool]:
    """Revoke a link of the round: its row and whether this call revoked it (False: it already
    was). EventError 404 when the round has no such link."""
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        row = link_by_id(db, link_id)
        if row is None or row.event_id != event_id or row.round != round_no:
            raise EventError(f"round {round_no} of event {event_id} has no table link {link_id}",
                             "link", status=404)
        changed = row.revoked_at is None
        if changed:
            conn.execute("INSERT INTO table_link_revocations (link_id, revoked_at, revoked_by) "
                         "VALUES (?,?,?)", (link_id, _iso(_now()), revoked_by))
    final = link_by_id(db, link_id)
    assert final is not None
    return final, changed


def check_link(db: sqlite_utils.Database, text: str) -> LinkCheck:
    """The link whose secret ``text`` is, and its state (UNKNOWN for anything else)."""
    match = LINK_RE.fullmatch(text.strip())
    if match is None:
        return LinkCheck(None, LinkState.UNKNOWN)
    lid = int(match.group(1))
    values = db.conn.execute(_SELECT + " WHERE l.id = ?", (lid,)).fetchone()
    stored = _DUMMY_HASH if values is None else str(values[16])
    same = hmac.compare_digest(stored, _hash(text.strip()))
    if values is None or not same:
        return LinkCheck(None, LinkState.UNKNOWN)
    row = _link(values, _iso(_now()))
    return LinkCheck(row, row.state)


def start_session(db: sqlite_utils.Database, link: TableLink, hours: float) -> str:
    """A session of a live link, lasting ``hours`` at most and never past the link's expiry:
    its id (for the cookie; only its hash is stored)."""
    session_id = secrets.token_urlsafe(32)
    moment = _now()
    until = min(_iso(moment + timedelta(hours=hours)), link.expires_at)
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        conn.execute("INSERT INTO table_link_sessions (hash, link_id, created_at, expires_at) "
                     "VALUES (?,?,?,?)", (_hash(session_id), link.id, _iso(moment), until))
    return session_id


def link_of_session(db: sqlite_utils.Database, session_id: object) -> LinkCheck:
    """The link of a session and its state; UNKNOWN for an unknown or ended session, EXPIRED
    for a session past its own end (which is never past its link's)."""
    if not isinstance(session_id, str) or SESSION_ID_RE.fullmatch(session_id) is None:
        return LinkCheck(None, LinkState.UNKNOWN)
    row = db.conn.execute("SELECT link_id, expires_at FROM table_link_sessions WHERE hash = ? "
                          "AND ended_at IS NULL", (_hash(session_id),)).fetchone()
    if row is None:
        return LinkCheck(None, LinkState.UNKNOWN)
    link = link_by_id(db, int(row[0]))
    if link is None:
        return LinkCheck(None, LinkState.UNKNOWN)
    if link.state is LinkState.LIVE and str(row[1]) <= _iso(_now()):
        return LinkCheck(link, LinkState.EXPIRED, session_ended_at=str(row[1]))
    return LinkCheck(link, link.state)


def end_session(db: sqlite_utils.Database, session_id: object) -> bool:
    """End a table session (its browser signed in with a club token, or left)."""
    return end_row(db, "table_link_sessions", session_id)


def event_is_closed(db: sqlite_utils.Database, event_id: int) -> bool:
    return closed_at(db.conn, event_id) is not None
