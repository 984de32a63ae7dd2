"""Writing records to the SQLite store (schema: api/migrations.py, docs/STORE.md).

Contracts:
- :meth:`Store.save` stores one :class:`~euchre_records.api.store.ingest.Submission` in ONE transaction:
  the record, its players and seats, rubber, games, deals, findings and per-seat scores all
  land, or none do.
- The same canonical record (same sha256) is stored once; a second save returns the existing id
  with ``duplicate=True`` and writes nothing.
- A correction (``supersedes=ID``) is stored as a new record linked to the old one; the old record
  is kept whole and only its status moves from ``current`` to ``superseded``. A record that is
  already superseded cannot be superseded again (:class:`AlreadySuperseded` names the current one);
  an unknown ID is :class:`UnknownRecord`. A correction whose text is already stored is refused
  (:class:`DuplicateCorrection` names the stored record), never answered as a duplicate.
- Who wrote a version (``writer``: the club and token of an HTTP write; None for local commands)
  is stored with it. A record belongs to the club of its first version; corrections and its
  withdrawal keep that owner (``records.club_id``), whoever writes them.
- :meth:`Store.withdraw` stores a new version with status ``withdrawn`` (a copy of the withdrawn
  text under the hash ``withdrawn:<its hash>``, with no rows of its own); the withdrawn version
  becomes ``superseded``. Only a current version can be withdrawn (:class:`AlreadyWithdrawn`,
  :class:`AlreadySuperseded`); a withdrawn version can be superseded by a correction — even
  by the very text withdrawn, which undoes the withdrawal (that version's hash is then
  ``restored:<withdrawal id>:<hash>``, since the text's own hash stays with its first row).
- :meth:`Store.bulk` batches many records per transaction for bulk import; each record is
  still all-or-nothing, so a failing record does not take its batch down. ``add.many`` inserts
  a group of records with one statement a table (ids given by the store) in one savepoint; if
  any fails, the group is rolled back and stored one record (one savepoint) at a time, so the
  rows and ids are exactly those of adding them one by one (a property test holds them equal).
- Write transactions start with ``BEGIN IMMEDIATE`` so concurrent writers wait (busy timeout)
  instead of failing on a lock upgrade. Within one process the writers first queue on one
  lock (:data:`WRITERS`), woken the moment the writer before them ends, where SQLite's busy
  handler would poll a held store in sleeps of up to 100 ms; a writer that waits there longer
  than the busy timeout goes on to SQLite's own wait. :meth:`Store.save` builds a record's rows
  (canonical text, hash, replay rows) before it begins, so the store is held only for the
  statements and the commit.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import sqlite_utils

from ..whole_numbers import SQLITE_MAX
from .migrations import BUSY_TIMEOUT_MS
from .players import bind_records, has_registry
from .row_tuples import CALLS_INSERT, Rows

if TYPE_CHECKING:  # a type only: a re-run that parses nothing never loads the parsing code
    from .ingest import Submission

MAX_ID = SQLITE_MAX
"""SQLite's largest integer: no record id is larger."""

__all__ = ["Store", "Saved", "StoreError", "UnknownRecord", "AlreadySuperseded",
           "DuplicateCorrection",
           "write_transaction", "current_version", "MAX_ID", "Writer", "AlreadyWithdrawn",
           "record_owner"]


class StoreError(Exception):
    """A request the store refuses (not a database failure)."""


class UnknownRecord(StoreError):
    def __init__(self, record_id: int) -> None:
        super().__init__(f"no record with id {record_id}")
        self.record_id = record_id


class AlreadySuperseded(StoreError):
    def __init__(self, record_id: int, current_id: int | None) -> None:
        super().__init__(f"record {record_id} is already superseded"
                         + (f"; the current version is {current_id}" if current_id else ""))
        self.record_id = record_id
        self.current_id = current_id


class DuplicateCorrection(StoreError):
    """A correction whose text is already stored (as ``existing_id``): it cannot become the new
    version of ``record_id``, and nothing is stored."""

    def __init__(self, record_id: int, existing_id: int) -> None:
        super().__init__(f"the correction of record {record_id} is already stored as record "
                         f"{existing_id}; nothing changed")
        self.record_id = record_id
        self.existing_id = existing_id


class AlreadyWithdrawn(StoreError):
    def __init__(self, record_id: int) -> None:
        super().__init__(f"record {record_id} is already withdrawn")
        self.record_id = record_id


@dataclass(frozen=True, slots=True)
class Writer:
    """The club and token behind an HTTP write (from the token, never from the request)."""

    club_id: int
    token_id: int


@dataclass(frozen=True, slots=True)
class Saved:
    """The outcome of a save: the record id, whether it was already there, and a summary."""

    id: int
    duplicate: bool
    summary: dict[str, Any] = field(default_factory=dict)


WRITERS = threading.RLock()
"""The queue of this process's write transactions (see the module contract): re-entrant, so a
nested use in one thread cannot deadlock (SQLite refuses the nested BEGIN itself)."""


@contextmanager
def write_transaction(db: sqlite_utils.Database) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``; rolled back on any exception. Waits its turn among
    this process's writers first (:data:`WRITERS`, at most the busy timeout)."""
    queued = WRITERS.acquire(timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.conn.execute("COMMIT")   # a COMMIT that fails (a busy store) is rolled back too
        except BaseException:
            db.rollback()
            raise
    finally:
        if queued:
            WRITERS.release()


@contextmanager
def savepoint(conn: sqlite3.Connection) -> Iterator[None]:
    """A savepoint inside the open transaction: released at the end of the block, rolled back
    to (and released) on any exception, which propagates. One fixed name, where sqlite-utils'
    ``atomic()`` draws a random one from the OS each time (a tenth of the writer's time in a
    bulk import)."""
    conn.execute("SAVEPOINT record")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK TO record")
        conn.execute("RELEASE record")
        raise
    conn.execute("RELEASE record")


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    """Writes to one open database. Not thread-safe: one Store per connection/thread."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self._player_ids: dict[str, int] = {}
        # a bulk session's memory of seat bindings (players.player_for), for the current write
        # transaction only; None outside bulk sessions. And whether the registry exists.
        self._known: dict[Any, int] | None = None
        self._registry: bool | None = None

    # --- public -------------------------------------------------------------------------------

    def save(self, sub: Submission | Rows, submitted_by: str | None = None,
             supersedes: int | None = None, writer: Writer | None = None) -> Saved:
        """Store one record in one transaction (see module contract); its rows are built first,
        outside the transaction."""
        if not isinstance(sub, Rows):
            from .rows import rows_of  # with the model: only when given a Submission
            sub = rows_of(sub)
        with write_transaction(self.db):
            return self._save(sub, submitted_by, supersedes, writer)

    def withdraw(self, record_id: int, submitted_by: str | None = None,
                 writer: Writer | None = None) -> int:
        """Withdraw the current version ``record_id``: the id of the new, withdrawn version."""
        with write_transaction(self.db):
            status, owner = self._status_owner(record_id)
            if status == "withdrawn":
                raise AlreadyWithdrawn(record_id)
            if status != "current":
                raise AlreadySuperseded(record_id, current_version(self.db, record_id))
            cur = self.db.conn.execute(
                'INSERT INTO records (hash, canonical, result, format_version, rules, club, event, '
                'date, "table", round, deals, findings, submitted_at, submitted_by, supersedes, '
                "status, club_id, token_id, seats, variant) "
                "SELECT 'withdrawn:' || hash, canonical, result, format_version, rules, club, "
                'event, date, "table", round, deals, findings, ?, ?, id, \'withdrawn\', ?, ?, '
                "seats, variant "
                "FROM records WHERE id = ?",
                (_utc_now(), submitted_by, owner, writer.token_id if writer else None, record_id))
            self.db.conn.execute("UPDATE records SET status = 'superseded' WHERE id = ?",
                                 (record_id,))
            return int(cur.lastrowid)  # type: ignore[arg-type]

    @contextmanager
    def bulk(self, submitted_by: str | None = None, batch: int = 500) -> Iterator[BulkSession]:
        """A bulk session (see :class:`BulkSession`): ``add(sub)`` stores one record, and
        ``add.many(items)`` several at once, each record all or nothing. A transaction is
        committed every ``batch`` records and at the end. An exception escaping the block (an
        interruption, a bug) still commits the records already added: each one is complete (its
        savepoint either finished or was rolled back), so nothing valid is lost and nothing is
        half-written."""
        self._registry = has_registry(self.db.conn)
        self._known = {}
        session = BulkSession(self, submitted_by, batch)
        try:
            yield session
        except BaseException:
            if self.db.conn.in_transaction:
                self.db.conn.execute("COMMIT")
            raise
        finally:
            self._known, self._registry = None, None
        if self.db.conn.in_transaction:
            self.db.conn.execute("COMMIT")

    def _forget(self) -> None:
        """Drop what this store remembers of player ids: after a rollback they may name rows
        that no longer exist (players made by the records rolled back)."""
        self._player_ids = {}
        if self._known is not None:
            self._known = {}

    # --- records ------------------------------------------------------------------------------

    def _save(self, item: Submission | Rows, submitted_by: str | None,
              supersedes: int | None, writer: Writer | None = None) -> Saved:
        """One record, new, a duplicate, or a correction of ``supersedes``."""
        if isinstance(item, Rows):
            rows = item
        else:
            from .rows import rows_of  # with the model: only when given a Submission
            rows = rows_of(item)
        if supersedes is None:
            return self._save_new([rows], submitted_by, writer)[0]
        status, owner = self._status_owner(supersedes)
        row = self.db.conn.execute("SELECT id FROM records WHERE hash = ?",
                                   (rows.hash,)).fetchone()
        record = rows.record
        if row is not None:
            if status != "withdrawn" or self._withdrew(supersedes) != row[0]:
                # answering "duplicate" would silently drop the correction
                raise DuplicateCorrection(supersedes, row[0])
            # undoing a withdrawal: the very text withdrawn, again current, under a hash that
            # names the undo (the hash column is unique; the text's own hash stays with its row)
            record = (f"restored:{supersedes}:{rows.hash}",) + tuple(rows.record[1:])
        if status not in ("current", "withdrawn"):
            raise AlreadySuperseded(supersedes, current_version(self.db, supersedes))
        record_id = self._insert([(record, rows)], submitted_by, supersedes, owner, writer)[0]
        # after the new version exists (the trigger checks it)
        self.db.conn.execute("UPDATE records SET status = 'superseded' WHERE id = ?",
                             (supersedes,))
        return Saved(record_id, False, {"id": record_id, **rows.summary})

    def _save_new(self, items: Sequence[Rows], submitted_by: str | None,
                  writer: Writer | None = None) -> list[Saved]:
        """New records (no corrections), in order: a text already stored, or met earlier in
        ``items``, is a duplicate of that record; the others are inserted together."""
        conn = self.db.conn
        stored: dict[str, int] = {}
        hashes = list({rows.hash for rows in items})
        for start in range(0, len(hashes), 500):  # SQLite binds at most 32766 parameters
            part = hashes[start:start + 500]
            stored.update(conn.execute(
                f"SELECT hash, id FROM records WHERE hash IN ({','.join('?' * len(part))})",
                part).fetchall())
        first_copy: dict[str, int] = {}   # hash -> its first position in ``items``, if new
        new: list[Rows] = []
        for position, rows in enumerate(items):
            if rows.hash not in stored and rows.hash not in first_copy:
                first_copy[rows.hash] = position
                new.append(rows)
        ids = dict(zip((rows.hash for rows in new),
                       self._insert([(rows.record, rows) for rows in new], submitted_by, None,
                                    writer.club_id if writer else None, writer)))
        out = []
        for position, rows in enumerate(items):
            if rows.hash in stored:
                record_id, duplicate = stored[rows.hash], True
            else:  # a later copy of a text new in ``items`` is a duplicate of the first
                record_id, duplicate = ids[rows.hash], first_copy[rows.hash] != position
            out.append(Saved(record_id, duplicate, {"id": record_id, **rows.summary}))
        return out

    def _next_id(self, table: str) -> int:
        """The next id of ``table`` (this transaction holds the write lock)."""
        next_id = int(self.db.conn.execute(
            f"SELECT coalesce(max(id), 0) + 1 FROM {table}").fetchone()[0])
        if next_id > MAX_ID:
            raise StoreError(f"the store has no {table} id left")
        return next_id

    def _insert(self, items: Sequence[tuple[Sequence[Any], Rows]], submitted_by: str | None,
                supersedes: int | None, owner: int | None, writer: Writer | None
                ) -> list[int]:
        """Insert records known to be new, given as (records row, Rows), with all their rows:
        one executemany a table however many records and deals, ids given here. Returns the
        record ids, in order."""
        if not items:
            return []
        conn = self.db.conn
        now, token = _utc_now(), writer.token_id if writer else None
        first_record = self._next_id("records")
        record_ids = range(first_record, first_record + len(items))
        # seats and variant (migration 17) only when a table of n is among them: the same
        # insert as before for four hands
        table = any(rows.seat_count != 4 for _, rows in items)
        conn.executemany(
            'INSERT INTO records (id, hash, canonical, result, format_version, rules, club, '
            'event, date, "table", round, deals, findings, submitted_at, submitted_by, '
            "supersedes, club_id, token_id" + (", seats, variant) " if table else ") ") +
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?" + (",?,?)" if table else ")"),
            [(record_id,) + tuple(record) + (
                now, rows.submitted_by if rows.submitted_by is not None else submitted_by,
                supersedes, owner, token) + ((rows.seat_count, rows.variant) if table else ())
             for record_id, (record, rows) in zip(record_ids, items)])
        conn.executemany(
            "INSERT INTO seats (record_id, seat, side, player_id, player_ref) VALUES (?,?,?,?,?)",
            [(record_id, seat, side, self._player_id(name), ref)
             for record_id, (_, rows) in zip(record_ids, items)
             for seat, side, name, ref in rows.seats])
        # the player registry (api/store/players.py)
        bind_records(conn, [(record_id, rows.seats) for record_id, (_, rows) in
                            zip(record_ids, items)], self._known, self._registry)
        rubber_id, game_id, deal_id = (self._next_id("rubbers"), self._next_id("games"),
                                       self._next_id("deals"))
        rubbers: list[tuple[Any, ...]] = []
        games: list[tuple[Any, ...]] = []
        deals: list[tuple[Any, ...]] = []
        findings: list[tuple[Any, ...]] = []
        calls: list[tuple[Any, ...]] = []
        game_scores: list[tuple[Any, ...]] = []
        deal_scores: list[tuple[Any, ...]] = []
        for record_id, (_, rows) in zip(record_ids, items):
            rubber = None
            if rows.rubber:   # fixed partnerships only (rows.py)
                rubber = rubber_id
                rubbers.append((rubber_id, record_id) + rows.rubber)
                rubber_id += 1
            game_ids: dict[int, int] = {}
            for game in rows.games:
                game_ids[game[0]] = game_id
                games.append((game_id, record_id, rubber) + game)
                game_id += 1
            deal_ids: dict[int, int] = {}
            for d in rows.deals:
                deal_ids[d[1]] = deal_id
                deals.append((deal_id, record_id, game_ids.get(d[0]) if d[0] is not None
                              else None) + d[1:])
                deal_id += 1
            findings.extend((record_id, deal_ids.get(f[0]) if f[0] is not None else None) + f
                            for f in rows.findings)
            calls.extend((record_id, deal_ids[c[0]]) + c for c in rows.calls)
            game_scores.extend((record_id,) + g for g in rows.game_scores)
            deal_scores.extend((record_id,) + d for d in rows.deal_scores)
        conn.executemany(
            "INSERT INTO rubbers (id, record_id, system, games, games_ns, games_ew, "
            "rubber_points_ns, rubber_points_ew, net, winner, finished) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?)", rubbers)
        conn.executemany(
            "INSERT INTO games (id, record_id, rubber_id, number, first_deal, last_deal, "
            "start_ns, start_ew, score_ns, score_ew, winner, finished, carried_ns, carried_ew, "
            "rubber_points_ns, rubber_points_ew) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", games)
        conn.executemany(
            "INSERT INTO deals (id, record_id, game_id, number, kind, dealer, turned, trump, "
            "maker, maker_side, alone, defender_alone, thrown_in, redeal, euchred, marched, "
            "tricks_ns, tricks_ew, hand_points_ns, hand_points_ew, penalty_ns, penalty_ew, "
            "points_ns, points_ew, score_ns, score_ew, called, partner, partner_known, "
            "maker_tricks, void, unfinished) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", deals)
        if findings:
            conn.executemany(
                "INSERT INTO findings (record_id, deal_id, deal, trick, seat, card, kind, status, "
                "rule, message, points_ns, points_ew, points) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                findings)
        if calls:
            conn.executemany(CALLS_INSERT, calls)
        conn.executemany("INSERT INTO game_scores (record_id, game, seat, start, score) "
                         "VALUES (?,?,?,?,?)", game_scores)
        conn.executemany("INSERT INTO deal_scores (record_id, deal, seat, role, hand_points, "
                         "penalty, points, score) VALUES (?,?,?,?,?,?,?,?)", deal_scores)
        return list(record_ids)

    def _withdrew(self, withdrawal_id: int) -> int | None:
        """The id of the version a withdrawal version withdrew (None: not a withdrawal)."""
        row = self.db.conn.execute(
            "SELECT supersedes FROM records WHERE id = ? AND hash LIKE 'withdrawn:%'",
            (withdrawal_id,)).fetchone()
        return None if row is None else int(row[0])

    def _status_owner(self, old_id: int) -> tuple[str, int | None]:
        """The status and owning club of a stored record; UnknownRecord if there is none."""
        if not 1 <= old_id <= MAX_ID:  # no such id can exist (and SQLite cannot bind it)
            raise UnknownRecord(old_id)
        row = self.db.conn.execute("SELECT status, club_id FROM records WHERE id = ?",
                                   (old_id,)).fetchone()
        if row is None:
            raise UnknownRecord(old_id)
        return str(row[0]), row[1]

    def _player_id(self, name: str) -> int:
        found = self._player_ids.get(name)
        if found is None:
            conn = self.db.conn
            conn.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
            found = int(conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()[0])
            self._player_ids[name] = found
        return found


class BulkSession:
    """The writer of a bulk session (:meth:`Store.bulk`). ``session(sub)`` stores one record and
    ``session.many(items)`` several; each returns, per record, its :class:`Saved` or the
    StoreError / IntegrityError that kept it out. Each record is all or nothing: ``many`` inserts
    its records together in one savepoint and, if any of them fails, rolls them all back and
    stores them one by one, so that only the failing record is refused."""

    def __init__(self, store: Store, submitted_by: str | None, batch: int) -> None:
        self.store, self.submitted_by, self.batch = store, submitted_by, batch
        self.pending = 0

    def __call__(self, sub: Submission | Rows) -> Saved | Exception:
        self._begin()
        try:
            with savepoint(self.store.db.conn):  # this record all or nothing
                outcome: Saved | Exception = self.store._save(sub, self.submitted_by, None)
        except (StoreError, sqlite3.IntegrityError, OverflowError) as exc:
            self.store._forget()
            outcome = _refusal(exc)
        self._counted(1)
        return outcome

    def many(self, items: Sequence[Rows]) -> list[Saved | Exception]:
        if len(items) <= 1:
            return [self(item) for item in items]
        self._begin()
        try:
            with savepoint(self.store.db.conn):
                outcomes: list[Saved | Exception] = list(
                    self.store._save_new(items, self.submitted_by))
        except (StoreError, sqlite3.IntegrityError, OverflowError):
            self.store._forget()
            return [self(item) for item in items]  # one by one: only the bad one is refused
        self._counted(len(items))
        return outcomes

    def _begin(self) -> None:
        conn = self.store.db.conn
        if not conn.in_transaction:
            conn.execute("BEGIN IMMEDIATE")
            self.store._forget()  # others may have written between our transactions

    def _counted(self, records: int) -> None:
        self.pending += records
        if self.pending >= self.batch:
            self.store.db.conn.execute("COMMIT")
            self.pending = 0


def _refusal(exc: Exception) -> Exception:
    """What a bulk session answers for a record the store refused."""
    if isinstance(exc, OverflowError):  # a number beyond SQLite's 64-bit integers
        return StoreError(f"a number in the record is too large to store ({exc})")
    return exc


def record_owner(db: sqlite_utils.Database, record_id: int) -> int | None:
    """The id of the club a stored record belongs to (None: stored by a local command).
    UnknownRecord if there is no such record."""
    row = None
    if 1 <= record_id <= MAX_ID:
        row = db.conn.execute("SELECT club_id FROM records WHERE id = ?", (record_id,)).fetchone()
    if row is None:
        raise UnknownRecord(record_id)
    return None if row[0] is None else int(row[0])


def current_version(db: sqlite_utils.Database, record_id: int) -> int | None:
    """The id of the current version in the correction chain that contains ``record_id``."""
    seen = record_id
    for _ in range(10_000):
        row = db.conn.execute("SELECT id FROM records WHERE supersedes = ?", (seen,)).fetchone()
        if row is None:
            return seen
        seen = row[0]
    return None
