"""The store's ``calls`` table (migration 9): filled on every write, filled in by the migration
for records stored before it (the same rows as a store written after it), and guarded like the
other rows of a record."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from euchre_records.api.store.importer import iter_sources, ImportReport
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import MIGRATIONS, SCHEMA_VERSION, migrate, open_db
from euchre_records.api.store.store import Store
from store_support import as_released

ROOT = Path(__file__).resolve().parent.parent


def _texts() -> list[str]:
    return [text for _, text in iter_sources([str(ROOT / "examples")], ImportReport())
            if '"seats"' not in text]   # calls are of four-handed records (migration 9)


def _calls(db: object) -> list[tuple[object, ...]]:
    return sorted(db.execute(  # type: ignore[attr-defined]
        "SELECT r.hash, c.deal, c.call, c.round, c.seat, c.kind, c.suit, c.alone, d.number "
        "FROM calls c JOIN records r ON r.id = c.record_id JOIN deals d ON d.id = c.deal_id"
    ).fetchall(), key=repr)


def test_migration_9_fills_in_the_calls_of_stored_records(tmp_path: Path) -> None:
    from euchre_records.api.store.calls_schema import v9_calls as _v9_calls
    texts = _texts()
    new = open_db(tmp_path / "new.db")
    migrate(new)
    for text in texts:
        Store(new).save(prepare(text))
    first = new.execute("SELECT min(id) FROM records").fetchone()[0]
    Store(new).withdraw(first)   # a withdrawal has no rows, so no calls
    want = _calls(new)
    assert len(want) > 50 and all(row[1] == row[8] for row in want)   # each on its own deal

    old = open_db(tmp_path / "old.db")
    migrate(old, target=MIGRATIONS.index(_v9_calls))   # the version before it: no calls table
    assert "calls" not in old.table_names()
    as_released(new, old)   # the withdrawn version too, as that release stored it
    assert old.execute("SELECT count(*) FROM records WHERE status = 'withdrawn'").fetchone()[0] == 1
    assert migrate(old) == SCHEMA_VERSION
    assert _calls(old) == want
    with pytest.raises(sqlite3.IntegrityError, match="never changed"):
        old.execute("UPDATE calls SET kind = 'pass'")
    with pytest.raises(sqlite3.IntegrityError, match="never changed"):
        old.execute("DELETE FROM calls")
    new.close()
    old.close()
