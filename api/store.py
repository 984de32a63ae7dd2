"""Writing records to the SQLite store (schema: api/migrations.py, docs/STORE.md).

Contracts:
- :meth:`Store.save` stores one :class:`~euchre_records.api.ingest.Submission` in ONE transaction:
  the record, its players and seats, rubber, games, deals and findings all land, or none do.
- The same canonical record (same sha256) is stored once; a second save returns the existing id
  with ``duplicate=True`` and writes nothing.
- A correction (``supersedes=ID``) is stored as a new record linked to the old one; the old record
  is kept whole and only its status moves from ``current`` to ``superseded``. A record that is
  already superseded cannot be superseded again (:class:`AlreadySuperseded` names the current one).
- :meth:`Store.save_many` batches many records per transaction for bulk import; each record is
  still all-or-nothing (a savepoint each), so a failing record does not take its batch down.
- Write transactions start with ``BEGIN IMMEDIATE`` so concurrent writers wait (busy timeout)
  instead of failing on a lock upgrade.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator

import sqlite_utils

from euchre_records.model import DealResult, Record, ReplayResult
from .ingest import Submission

__all__ = ["Store", "Saved", "StoreError", "UnknownRecord", "AlreadySuperseded",
           "write_transaction", "summary"]


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


@dataclass(frozen=True, slots=True)
class Saved:
    """The outcome of a save: the record id, whether it was already there, and a summary."""

    id: int
    duplicate: bool
    summary: dict[str, Any] = field(default_factory=dict)


@contextmanager
def write_transaction(db: sqlite_utils.Database) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``; rolled back on any exception."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.rollback()
        raise
    db.conn.execute("COMMIT")


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def summary(record_id: int, result: ReplayResult) -> dict[str, Any]:
    """A short JSON-ready summary of a stored record's replay."""
    rubber = result.rubber
    return {
        "id": record_id,
        "deals": len(result.deals),
        "games": len(result.games),
        "findings": len(result.findings),
        "rubber": None if rubber is None else {
            "system": rubber.system, "games_won": list(rubber.games_won),
            "rubber_points": list(rubber.rubber_points), "net": rubber.net,
            "winner": rubber.winner.value if rubber.winner else None,
            "finished": rubber.finished,
        },
    }


class Store:
    """Writes to one open database. Not thread-safe: one Store per connection/thread."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self._player_ids: dict[str, int] = {}

    # --- public -------------------------------------------------------------------------------

    def save(self, sub: Submission, submitted_by: str | None = None,
             supersedes: int | None = None) -> Saved:
        """Store one record in one transaction (see module contract)."""
        with write_transaction(self.db):
            return self._save(sub, submitted_by, supersedes)

    def save_many(self, subs: Iterable[Submission], submitted_by: str | None = None,
                  batch: int = 500) -> Iterator[Saved | Exception]:
        """Store many records, ``batch`` per transaction; yields a Saved (or the StoreError or
        IntegrityError that kept that record out) per submission, in order."""
        with self.bulk(submitted_by, batch) as add:
            for sub in subs:
                yield add(sub)

    @contextmanager
    def bulk(self, submitted_by: str | None = None, batch: int = 500
             ) -> Iterator[Callable[[Submission], Saved | Exception]]:
        """A bulk session: ``add(sub)`` stores one record inside a savepoint (all or nothing) and
        returns its Saved, or the StoreError/IntegrityError that kept it out. A transaction is
        committed every ``batch`` records and at the end; an exception escaping the block rolls
        back the open batch only (earlier batches are committed)."""
        pending = 0

        def add(sub: Submission) -> Saved | Exception:
            nonlocal pending
            if not self.db.conn.in_transaction:
                self.db.conn.execute("BEGIN IMMEDIATE")
            try:
                with self.db.atomic():  # a savepoint: this record all or nothing
                    outcome: Saved | Exception = self._save(sub, submitted_by, None)
            except (StoreError, sqlite3.IntegrityError) as exc:
                outcome = exc
            pending += 1
            if pending >= batch:
                self.db.conn.execute("COMMIT")
                pending = 0
            return outcome

        try:
            yield add
        except BaseException:
            self.db.rollback()
            raise
        if self.db.conn.in_transaction:
            self.db.conn.execute("COMMIT")

    # --- one record ---------------------------------------------------------------------------

    def _save(self, sub: Submission, submitted_by: str | None, supersedes: int | None) -> Saved:
        conn = self.db.conn
        row = conn.execute("SELECT id FROM records WHERE hash = ?", (sub.hash,)).fetchone()
        if row is not None:
            return Saved(row[0], True, summary(row[0], sub.result))
        if supersedes is not None:
            self._retire(supersedes)
        record, result = sub.record, sub.result
        ev = record.event
        cur = conn.execute(
            'INSERT INTO records (hash, canonical, result, format_version, rules, club, event, '
            'date, "table", round, deals, findings, submitted_at, submitted_by, supersedes) '
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (sub.hash, sub.canonical, sub.result_json, record.version, record.rules.name,
             ev.club, ev.event, ev.date, ev.table, ev.round, len(result.deals),
             len(result.findings), _utc_now(), submitted_by, supersedes))
        record_id = int(cur.lastrowid)  # type: ignore[arg-type]
        self._insert_seats(record_id, record)
        game_ids = self._insert_rubber_and_games(record_id, result)
        deal_ids = self._insert_deals(record_id, result, game_ids)
        self._insert_findings(record_id, result, deal_ids)
        return Saved(record_id, False, summary(record_id, result))

    def _retire(self, old_id: int) -> None:
        row = self.db.conn.execute("SELECT status FROM records WHERE id = ?", (old_id,)).fetchone()
        if row is None:
            raise UnknownRecord(old_id)
        if row[0] != "current":
            raise AlreadySuperseded(old_id, current_version(self.db, old_id))
        self.db.conn.execute("UPDATE records SET status = 'superseded' WHERE id = ?", (old_id,))

    def _player_id(self, name: str) -> int:
        found = self._player_ids.get(name)
        if found is None:
            conn = self.db.conn
            conn.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
            found = int(conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()[0])
            self._player_ids[name] = found
        return found

    def _insert_seats(self, record_id: int, record: Record) -> None:
        rows = [(record_id, seat.name, seat.side.value, self._player_id(player.name), player.id)
                for seat, player in record.players]
        self.db.conn.executemany(
            "INSERT INTO seats (record_id, seat, side, player_id, player_ref) VALUES (?,?,?,?,?)",
            rows)

    def _insert_rubber_and_games(self, record_id: int, result: ReplayResult) -> list[int]:
        conn = self.db.conn
        rb = result.rubber
        won = rb.games_won if rb else _games_won(result)
        points = rb.rubber_points if rb else (0, 0)
        if rb is not None:
            winner = rb.winner.value if rb.winner else None
        else:  # single games: the side that won more of them, if they are all finished
            winner = None if won[0] == won[1] or not all(g.finished for g in result.games) \
                else ("NS" if won[0] > won[1] else "EW")
        cur = conn.execute(
            "INSERT INTO rubbers (record_id, system, games, games_ns, games_ew, rubber_points_ns, "
            "rubber_points_ew, net, winner, finished) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (record_id, rb.system if rb else "none", len(result.games), won[0], won[1],
             points[0], points[1], rb.net if rb else 0, winner,
             int(rb.finished) if rb else int(all(g.finished for g in result.games))))
        rubber_id = cur.lastrowid
        ids = []
        for g in result.games:
            cur = conn.execute(
                "INSERT INTO games (record_id, rubber_id, number, first_deal, last_deal, start_ns, "
                "start_ew, score_ns, score_ew, winner, finished, carried_ns, carried_ew, "
                "rubber_points_ns, rubber_points_ew) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (record_id, rubber_id, g.number, g.first_deal, g.last_deal, g.start[0],
                 g.start[1], g.score[0], g.score[1], g.winner.value if g.winner else None,
                 int(g.finished), g.carried[0], g.carried[1], g.rubber_points[0],
                 g.rubber_points[1]))
            ids.append(int(cur.lastrowid))  # type: ignore[arg-type]
        return ids

    def _insert_deals(self, record_id: int, result: ReplayResult, game_ids: list[int]) -> list[int]:
        game_of: dict[int, tuple[int | None, tuple[int, int]]] = {}
        for g, gid in zip(result.games, game_ids):
            for n in range(g.first_deal, g.last_deal + 1):
                game_of[n] = (gid, g.start)
        rows = []
        if len(result.running) == len(result.deals):  # the engine's own running score
            id_of_game = {g.number: gid for g, gid in zip(result.games, game_ids)}
            for d, run in zip(result.deals, result.running):
                rows.append(_deal_row(record_id, id_of_game.get(run[0]) if run else None, d,
                                      run[1] if run else (0, 0)))
        else:  # a result without running scores (built by hand): recompute from the games
            running = (0, 0)
            current_game: int | None = None
            for d in result.deals:
                game_id, start = game_of.get(d.number, (None, running))
                if game_id != current_game:
                    current_game, running = game_id, start
                running = (running[0] + d.points[0], running[1] + d.points[1])
                rows.append(_deal_row(record_id, game_id, d, running))
        conn = self.db.conn
        first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM deals").fetchone()[0]
        conn.executemany(
            "INSERT INTO deals (id, record_id, game_id, number, kind, dealer, turned, trump, "
            "maker, maker_side, alone, defender_alone, thrown_in, redeal, euchred, marched, "
            "tricks_ns, tricks_ew, hand_points_ns, hand_points_ew, penalty_ns, penalty_ew, "
            "points_ns, points_ew, score_ns, score_ew) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(first + i,) + row for i, row in enumerate(rows)])
        return [first + i for i in range(len(rows))]

    def _insert_findings(self, record_id: int, result: ReplayResult, deal_ids: list[int]) -> None:
        by_number = {d.number: deal_ids[i] for i, d in enumerate(result.deals)}
        rows = [
            (record_id, by_number.get(f.deal) if f.deal is not None else None, f.deal, f.trick,
             f.seat.name if f.seat is not None else None,
             f.card.name if f.card is not None else None, f.kind.value, f.status, f.rule,
             f.message, f.points[0], f.points[1])
            for f in result.findings]
        if rows:
            self.db.conn.executemany(
                "INSERT INTO findings (record_id, deal_id, deal, trick, seat, card, kind, status, "
                "rule, message, points_ns, points_ew) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)


def _games_won(result: ReplayResult) -> tuple[int, int]:
    ns = sum(1 for g in result.games if g.winner is not None and g.winner.value == "NS")
    ew = sum(1 for g in result.games if g.winner is not None and g.winner.value == "EW")
    return ns, ew


def _deal_row(record_id: int, game_id: int | None, d: DealResult,
              running: tuple[int, int]) -> tuple[Any, ...]:
    side = d.maker.side if d.maker is not None else None
    made = (d.tricks[0] if side.value == "NS" else d.tricks[1]) if side is not None else 0
    played = side is not None and not d.thrown_in and not d.redeal
    return (
        record_id, game_id, d.number, d.kind.value, d.dealer.name,
        d.turned.name if d.turned is not None else None,
        d.trump.value if d.trump is not None else None,
        d.maker.name if d.maker is not None else None,
        side.value if side is not None else None,
        int(d.alone), d.defender_alone.name if d.defender_alone is not None else None,
        int(d.thrown_in), int(d.redeal), int(played and made < 3), int(played and made == 5),
        d.tricks[0], d.tricks[1], d.hand_points[0], d.hand_points[1], d.penalty[0], d.penalty[1],
        d.points[0], d.points[1], running[0], running[1])


def current_version(db: sqlite_utils.Database, record_id: int) -> int | None:
    """The id of the current version in the correction chain that contains ``record_id``."""
    seen = record_id
    for _ in range(10_000):
        row = db.conn.execute("SELECT id FROM records WHERE supersedes = ?", (seen,)).fetchone()
        if row is None:
            return seen
        seen = row[0]
    return None
