"""Backups of a store file, safe while the service writes to it, and their restore.

Contracts:
- :func:`backup` copies a store with SQLite's online backup API (``sqlite3.Connection.backup``),
  never as a file copy: the copy is one consistent snapshot of the database (a transaction that
  committed is in it whole or not at all), taken while other connections keep writing (WAL).
  ``PRAGMA integrity_check`` runs on the source before and on the copy after; the copy is
  written to a temporary file beside ``out`` and renamed into place only once it checks, so
  ``out`` is never half-written. The copy is a single file (journal mode DELETE, no ``-wal``).
- ``public=True`` writes a copy for publishing, brought up to this release's schema first
  (migrated, as the copy of an older store): every table of :data:`PRIVATE_TABLES` is
  emptied, the columns that name a token are cleared, and every table this module does not know
  is emptied too (private unless declared public in :data:`PUBLIC_TABLES`); then the file is
  vacuumed, so no deleted page keeps a secret. What stays is listed in docs/STORE.md.
- :func:`restore` writes a backup into a store file with the same API, after the same checks on
  both sides. A file that exists is replaced only with ``replace=True``. The restored file is
  the backup, table for table (no migration: the first write command or ``euchre serve`` brings
  an older backup up to date).
- Errors (not a store, an integrity failure, a path that cannot be written) raise
  :class:`BackupError` with a message; nothing is left at ``out`` then.
- The temporary file is ``.OUT.xxxxxxxx.part`` beside ``out``, held under an exclusive
  ``flock`` for as long as its backup or restore runs. A process that is killed (``kill -9``,
  a reboot) cannot remove it; the system drops its lock. So every backup and restore first
  removes the *debris* of its folder: each ``.NAME.xxxxxxxx.part`` that nobody holds locked and
  that is empty or an SQLite file, with its ``-journal``, ``-wal`` and ``-shm``
  (:func:`clear_debris`; the report names them). A part another backup is writing is locked
  and left alone.
"""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

__all__ = ["BackupError", "BackupReport", "backup", "restore", "integrity", "check_store",
           "clear_debris", "PRIVATE_TABLES",
           "PUBLIC_TABLES", "TOKEN_COLUMNS"]

PRIVATE_TABLES = ("tokens", "settings", "sessions", "drafts", "draft_revisions", "input_hashes",
                  "draft_deal_ids", "table_links", "table_link_revocations",
                  "table_link_sessions")
"""Emptied in a public copy: token hashes and labels, the server's settings (the session secret
among them), browser sessions, drafts (sittings a club has not submitted: work in progress is
not published), and the hashes of imported inputs (which tell whether a given text was
imported). ``draft_deal_ids`` (the ids browsers gave the deals of drafts) goes with
the drafts; the table links of events go with their revocations and sessions (the hash of
each link's secret, and which sitting it may write). ``sessions`` is listed for stores that
keep server-side sessions."""

PUBLIC_TABLES = ("records", "players", "seats", "rubbers", "games", "deals", "findings", "calls",
                 "clubs", "registry_players", "registry_names", "registry_refs",
                 "registry_changes", "seat_bindings", "tournaments", "tournament_players",
                 "tournament_seatings", "tournament_sittings", "analysis_cache", "analysis_seats",
                 "tournament_draws", "tournament_closures", "game_scores", "deal_scores")
"""Copied as they are into a public copy. A table in neither list is emptied (private by
default); tests/test_backup.py holds every table of the schema to one of the two lists."""

TOKEN_COLUMNS = (("records", "token_id"),)
"""Columns that name a token: cleared in a public copy (the club of each version stays)."""

_PAGES_PER_STEP = 1024
"""Pages copied per step of the online backup: between steps the source is unlocked, so the
service's writers wait at most one step (a few milliseconds), never the whole copy."""


class BackupError(RuntimeError):
    """A backup or restore that cannot be made: the message says why (for the CLI)."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What was written: the path, its size, schema version, and the records it holds."""

    path: str
    bytes: int
    schema_version: int
    records: int
    public: bool
    debris: tuple[str, ...] = field(default=())
    """The temporary files of interrupted backups removed from OUT's folder first."""


def _readonly(path: Path) -> sqlite3.Connection:
    if not path.exists():
        raise BackupError(f"no database {str(path)!r}")
    if path.is_dir():
        raise BackupError(f"{path} is a folder, not a database file")
    conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, timeout=5)
    conn.execute("PRAGMA busy_timeout = 5000")
    return conn


def integrity(conn: sqlite3.Connection, label: str) -> None:
    """``PRAGMA integrity_check`` (and the foreign keys), or :class:`BackupError` naming
    ``label`` and the first problems."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        keys = conn.execute("PRAGMA foreign_key_check").fetchall()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{label} is not a usable SQLite database: {exc}") from None
    if rows != ["ok"]:
        raise BackupError(f"{label} fails PRAGMA integrity_check: {'; '.join(rows[:3])}")
    if keys:
        table, rowid, parent, _ = keys[0]
        raise BackupError(f"{label} fails PRAGMA foreign_key_check: {len(keys)} rows, the first "
                          f"{table} row {rowid} naming a missing {parent} row")


def _store_version(conn: sqlite3.Connection, label: str) -> int:
    """The schema version of a store, or :class:`BackupError` if ``conn`` is not one."""
    from .migrations import SCHEMA_VERSION
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{label} is not a usable SQLite database: {exc}") from None
    if version == 0 or "records" not in tables:
        raise BackupError(f"{label} is not a euchre-records store")
    if version > SCHEMA_VERSION:
        raise BackupError(f"{label} has schema version {version}, newer than this program's "
                          f"({SCHEMA_VERSION}); upgrade euchre-records")
    return version


def check_store(path: str | Path) -> int:
    """The schema version of the store file ``path`` (this release's or older), or
    :class:`BackupError` saying why it is not one."""
    conn = _readonly(Path(path))
    try:
        return _store_version(conn, str(path))
    finally:
        conn.close()


def _copy(source: sqlite3.Connection, target_path: Path) -> None:
    """The online backup of ``source`` into a new file ``target_path``, as one file."""
    target = sqlite3.connect(str(target_path))
    try:
        source.backup(target, pages=_PAGES_PER_STEP)
        target.execute("PRAGMA journal_mode = DELETE")
    finally:
        target.close()


_PART = re.compile(r"\..+\.[a-z0-9_]{8}\.part")
"""The name of a backup's temporary file (``tempfile.mkstemp(prefix=".OUT.", suffix=".part")``)."""
_SQLITE_HEADER = b"SQLite format 3\x00"
_SIDE_FILES = ("-journal", "-wal", "-shm")


def _locked(path: Path) -> int | None:
    """An fd of ``path`` holding its exclusive flock, or None when another process holds it (a
    backup at work) or the file is gone. The lock is on the file the name still names."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if os.stat(path).st_ino == os.fstat(fd).st_ino:
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def _is_debris(fd: int) -> bool:
    """A killed backup's part is empty or an SQLite file; anything else is not ours."""
    head = os.pread(fd, len(_SQLITE_HEADER), 0)
    return head in (b"", _SQLITE_HEADER)


def clear_debris(folder: Path) -> list[str]:
    """Remove the temporary files interrupted backups left in ``folder`` (see the module
    contract): the names removed. A part another backup holds locked is left alone."""
    removed: list[str] = []
    try:
        names = sorted(p for p in folder.iterdir() if _PART.fullmatch(p.name))
    except OSError:
        return removed
    for part in names:
        fd = _locked(part)
        if fd is None:
            continue
        try:
            if not _is_debris(fd):
                continue
            for path in (part, *(Path(str(part) + side) for side in _SIDE_FILES)):
                try:
                    path.unlink()
                    removed.append(path.name)
                except FileNotFoundError:
                    pass
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


@dataclass(slots=True)
class _Scratch:
    """A new empty temporary file beside ``out`` (renamed onto it when done), held locked
    (``fd``) until :meth:`close`; ``debris``: what :func:`clear_debris` removed first."""

    path: Path
    fd: int
    debris: tuple[str, ...]

    def close(self) -> None:
        """Remove the file if it is still there (a failure), then release the lock."""
        try:
            for path in (self.path, *(Path(str(self.path) + s) for s in _SIDE_FILES)):
                if path.exists():
                    path.unlink()
        finally:
            os.close(self.fd)


def _scratch(out: Path) -> _Scratch:
    """A new empty temporary file beside ``out``, locked, after the folder's debris is gone."""
    if out.exists() and out.is_dir():
        raise BackupError(f"{out} is a folder, not a file")
    if not out.parent.is_dir():
        raise BackupError(f"cannot write {out}: the folder {out.parent} does not exist")
    debris = tuple(clear_debris(out.parent))
    while True:
        try:
            fd, name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
        except OSError as exc:
            raise BackupError(f"cannot write {out}: {exc.strerror or exc}") from None
        fcntl.flock(fd, fcntl.LOCK_EX)   # a cleaner that saw it unlocked holds it for a moment
        try:
            if os.stat(name).st_ino == os.fstat(fd).st_ino:
                return _Scratch(Path(name), fd, debris)   # sqlite takes the empty file as a db
        except FileNotFoundError:
            pass
        os.close(fd)   # removed in that moment as debris: make another


def _report(path: Path, public: bool, debris: tuple[str, ...] = ()) -> BackupReport:
    conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        records = int(conn.execute("SELECT count(*) FROM records").fetchone()[0])
    finally:
        conn.close()
    return BackupReport(str(path), path.stat().st_size, version, records, public, debris)


def backup(db_path: str | Path, out: str | Path, public: bool = False,
           replace: bool = True) -> BackupReport:
    """Copy the store ``db_path`` to ``out`` (see module contract); ``public`` leaves out
    what is private. ``replace=False`` refuses an ``out`` that exists."""
    src_path, out_path = Path(db_path), Path(out)
    if out_path.exists() and not replace:
        raise BackupError(f"{out_path} exists; not replacing it")
    if out_path.exists() and src_path.exists() and out_path.resolve() == src_path.resolve():
        raise BackupError("the backup must be another file than the store")
    source = _readonly(src_path)
    try:
        scratch = _scratch(out_path)
    except BaseException:
        source.close()
        raise
    try:
        try:
            _store_version(source, str(src_path))
            integrity(source, str(src_path))
            _copy(source, scratch.path)
        finally:
            source.close()
        if public:
            _upgrade(scratch.path)
        copy = sqlite3.connect(str(scratch.path))
        try:
            if public:
                _make_public(copy)
            integrity(copy, f"the copy of {src_path}")
        finally:
            copy.close()
        os.replace(scratch.path, out_path)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"cannot back up {src_path}: {exc}") from None
    except OSError as exc:
        raise BackupError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    finally:
        scratch.close()
    return _report(out_path, public, scratch.debris)


def _upgrade(path: Path) -> None:
    """Bring a copy up to this release's schema (a public copy is read by today's tools)."""
    from .migrations import migrate, open_db
    db = open_db(path)
    try:
        migrate(db)
        db.execute("PRAGMA journal_mode = DELETE")
    finally:
        db.close()


def _make_public(conn: sqlite3.Connection) -> None:
    """Empty the private tables (and every unknown one) of a copy, clear the token columns,
    keep the triggers as they were, and vacuum."""
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    private = [t for t in tables if t not in PUBLIC_TABLES]
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("PRAGMA secure_delete = ON")   # deleted content zeroed, whatever the build
    with conn:   # one transaction: the guards are lifted and put back inside it
        for name, _ in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        for table, column in TOKEN_COLUMNS:
            if table in tables:
                conn.execute(f'UPDATE "{table}" SET "{column}" = NULL')
        for table in private:
            conn.execute(f'DELETE FROM "{table}"')
        for _, sql in triggers:
            conn.execute(sql)
    conn.execute("VACUUM")   # deleted pages would still hold the hashes and the secret


def restore(backup_path: str | Path, db_path: str | Path, replace: bool = False) -> BackupReport:
    """Write the backup ``backup_path`` into the store file ``db_path`` (see module contract)."""
    src_path, out_path = Path(backup_path), Path(db_path)
    if out_path.exists() and not replace:
        raise BackupError(f"{out_path} exists; restore into a new file, or give --replace")
    if out_path.exists() and out_path.resolve() == src_path.resolve():
        raise BackupError("the backup and the store are the same file")
    source = _readonly(src_path)
    debris: tuple[str, ...] = ()
    try:
        _store_version(source, str(src_path))
        integrity(source, str(src_path))
        if out_path.exists():
            _into_existing(source, out_path)
        else:
            scratch = _scratch(out_path)
            try:
                _copy(source, scratch.path)
                os.replace(scratch.path, out_path)
            finally:
                scratch.close()
            debris = scratch.debris
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"cannot restore into {out_path}: {exc}") from None
    except OSError as exc:
        raise BackupError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    finally:
        source.close()
    target = sqlite3.connect(str(out_path))
    try:
        integrity(target, str(out_path))
    finally:
        target.close()
    return _report(out_path, public=False, debris=debris)


def _into_existing(source: sqlite3.Connection, out_path: Path) -> None:
    """Replace the content of an existing store file, under its write lock, with the backup API
    (other connections see the old content or the new one, never a mix). The file's journal mode
    is kept (a served store stays in WAL)."""
    target = sqlite3.connect(str(out_path), timeout=5)
    try:
        if _has_tables(target):   # an empty file may be filled; another program's never
            _store_version(target, str(out_path))
        mode = target.execute("PRAGMA journal_mode").fetchone()[0]
        source.backup(target)
        if mode == "wal":
            target.execute("PRAGMA journal_mode = WAL")
    finally:
        target.close()


def _has_tables(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
