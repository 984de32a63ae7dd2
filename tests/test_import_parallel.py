"""The parallel import stores what the one-process import stores, and an interrupted or failed
import leaves the store as docs/STORE.md says (the "Bulk import" section).

The oracle of the parallel path (``--jobs 2``: forked workers, windows, chunks, answers read in
order) is the one-process path (``--jobs 1``: each record prepared and stored in turn, one
savepoint each), which shares none of that machinery. Both are compared on every table of the
store, row for row, with the write times (columns ``*_at``) left out.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterator
from unittest import mock

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.api.store import importer
from euchre_records.api.store.importer import ImportReport, WorkerDied, import_sources
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.cli.main import main
from euchre_records.testkit.samples import random_texts

ROOT = Path(__file__).resolve().parents[1]
VALID = [json.dumps(json.loads(t)) for t in random_texts(5, start_seed=7100)]
EXAMPLES = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.json"))]


def _broken(text: str) -> str:
    """A record that is JSON but not a valid record: its first deal's dealer is no seat."""
    data = json.loads(text)
    data["deals"][0]["dealer"] = "X"
    return json.dumps(data)


POOL = [
    *VALID,
    *EXAMPLES,                                     # tables of 2, 3 and 5, findings, scoresheets
    "  " + VALID[0] + "  ",                        # the same text: a duplicate by its input hash
    json.dumps(json.loads(VALID[1]), indent=1),    # the same record: a duplicate by canonical text
    "{not json",
    "[]",
    _broken(VALID[2]),
]


def _dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table of the store at ``path``, every row in rowid order, write times left out."""
    conn = sqlite3.connect(path)
    out = {}
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                 "AND name NOT LIKE 'sqlite_%' ORDER BY name"):
        columns = ", ".join(f'"{c[1]}"' for c in conn.execute(f'PRAGMA table_info("{table}")')
                            if not c[1].endswith("_at"))
        out[table] = conn.execute(f'SELECT {columns} FROM "{table}" ORDER BY {columns}').fetchall()
    conn.close()
    return out


def _import(path: Path, texts: list[str], jobs: int, batch: int = 500) -> ImportReport:
    db = open_db(path)
    migrate(db)
    try:
        return import_sources(db, [(f"in:{i}", t) for i, t in enumerate(texts)], batch=batch,
                              jobs=jobs)
    finally:
        db.close()


def _small_windows() -> ExitStack:
    """Chunks of 2, windows of 3, 6 records in flight: a few records cross every boundary."""
    stack = ExitStack()
    for name, value in (("CHUNK", 2), ("WINDOW", 3), ("AHEAD", 6)):
        stack.enter_context(mock.patch.object(importer, name, value))
    return stack


def _report(report: ImportReport) -> tuple[Any, ...]:
    return (report.stored, report.duplicates, report.invalid, report.deals, report.reasons,
            report.findings, report.with_findings, report.skipped)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(POOL), max_size=16), st.sampled_from([1, 2, 500]))
def test_two_jobs_store_what_one_job_stores(texts: list[str], batch: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, _small_windows():
        one = _import(Path(tmp) / "one.db", texts, jobs=1, batch=batch)
        two = _import(Path(tmp) / "two.db", texts, jobs=2, batch=batch)
        assert _report(two) == _report(one)
        assert _dump(Path(tmp) / "two.db") == _dump(Path(tmp) / "one.db")


def test_the_pool_holds_every_kind_of_outcome(tmp_path: Path) -> None:
    """The property's inputs are worth it: the one-process import of the whole pool stores
    records, counts both kinds of duplicate, refuses the three bad texts and meets findings
    and tables of n (hand-counted from POOL)."""
    report = _import(tmp_path / "all.db", POOL, jobs=1)
    assert report.invalid == 3 and report.duplicates == 2
    assert report.stored == len(VALID) + len(EXAMPLES)
    conn = sqlite3.connect(tmp_path / "all.db")
    assert conn.execute("SELECT count(*) FROM table_deals").fetchone()[0] > 0
    # a text of each stored record, and the re-indented copy's (it names the record it repeats)
    assert conn.execute("SELECT count(*) FROM input_hashes").fetchone()[0] == report.stored + 1


def test_the_default_windows_store_a_larger_input_alike(tmp_path: Path) -> None:
    """With the real CHUNK/WINDOW/AHEAD, an input longer than what is in flight at once."""
    texts = [json.dumps(json.loads(t)) for t in random_texts(importer.AHEAD + 40,
                                                             start_seed=7300)]
    texts[100] = "{not json"
    texts[200] = texts[3]
    one = _import(tmp_path / "one.db", texts, jobs=1)
    two = _import(tmp_path / "two.db", texts, jobs=2)
    assert _report(two) == _report(one)
    assert (one.stored, one.invalid, one.duplicates) == (len(texts) - 2, 1, 1)
    assert _dump(tmp_path / "two.db") == _dump(tmp_path / "one.db")


def _whole(path: Path) -> None:
    """Every stored record is whole: its deals, seats and input hash are all there."""
    conn = sqlite3.connect(path)
    for record_id, deals in conn.execute("SELECT id, deals FROM records"):
        assert conn.execute("SELECT count(*) FROM deals WHERE record_id = ?",
                            (record_id,)).fetchone()[0] == deals
        assert conn.execute("SELECT count(*) FROM seats WHERE record_id = ?",
                            (record_id,)).fetchone()[0] == 4
        assert conn.execute("SELECT count(*) FROM input_hashes WHERE record_id = ?",
                            (record_id,)).fetchone()[0] == 1
    conn.close()


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_import_keeps_whole_records_and_a_rerun_finishes_it(
        tmp_path: Path, jobs: int) -> None:
    """Interrupted at record 20 of 30: the store keeps a prefix of the input, every record of it
    whole (with one process every record read before the interruption; with workers, those
    already stored: at most AHEAD + WINDOW + CHUNK records read are not), and running the same
    import again stores the rest, ending with exactly the store of an uninterrupted import."""
    texts = [json.dumps(json.loads(t)) for t in random_texts(30, start_seed=7500)]

    def interrupted() -> Iterator[tuple[str, str]]:
        for i, text in enumerate(texts):
            if i == 20:
                raise KeyboardInterrupt
            yield f"in:{i}", text
    path = tmp_path / "cut.db"
    db = open_db(path)
    migrate(db)
    with _small_windows(), pytest.raises(KeyboardInterrupt):
        import_sources(db, interrupted(), jobs=jobs)
    db.close()
    conn = sqlite3.connect(path)
    stored = [h for (h,) in conn.execute("SELECT hash FROM records ORDER BY id")]
    conn.close()
    _whole(path)
    expected = _import(tmp_path / "whole.db", texts, jobs=1)
    conn = sqlite3.connect(tmp_path / "whole.db")
    in_order = [h for (h,) in conn.execute("SELECT hash FROM records ORDER BY id")]
    conn.close()
    assert stored == in_order[:len(stored)]           # a prefix, in input order
    if jobs == 1:
        assert len(stored) == 20
    else:
        # read but not stored: given to the workers (AHEAD, 6 here), answered and not yet
        # stored (under a WINDOW, 3) and a chunk read ahead (CHUNK, 2)
        assert 20 - (6 + 3 + 2) <= len(stored) <= 20
    db = open_db(path)
    again = import_sources(db, [(f"in:{i}", t) for i, t in enumerate(texts)], jobs=jobs)
    db.close()
    assert (again.stored, again.duplicates) == (30 - len(stored), len(stored))
    assert _dump(path) == _dump(tmp_path / "whole.db") and expected.stored == 30


def _dying(poison: str) -> Any:
    from euchre_records.api.store import ingest
    real = ingest.prepare

    def prepare(text: str) -> Any:
        if text.strip() == poison:
            os._exit(9)   # a worker killed (out of memory, a signal): no answer at all
        return real(text)
    return prepare


def test_a_dead_worker_ends_the_import_with_an_error_and_keeps_what_was_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [json.dumps(json.loads(t)) for t in random_texts(40, start_seed=7700)]
    from euchre_records.api.store import ingest
    monkeypatch.setattr(ingest, "prepare", _dying(texts[25]))
    path = tmp_path / "dead.db"
    db = open_db(path)
    migrate(db)
    with _small_windows(), pytest.raises(WorkerDied, match="exit code 9"):
        import_sources(db, [(f"in:{i}", t) for i, t in enumerate(texts)], jobs=2)
    db.close()
    conn = sqlite3.connect(path)
    count = conn.execute("SELECT count(*) FROM records").fetchone()[0]
    conn.close()
    assert 25 - (6 + 3 + 2) <= count <= 25
    _whole(path)


def test_the_cli_reports_a_dead_worker_in_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [json.dumps(json.loads(t)) for t in random_texts(3, start_seed=7800)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(texts) + "\n")
    from euchre_records.api.store import ingest
    monkeypatch.setattr(ingest, "prepare", _dying(texts[1]))
    result = CliRunner().invoke(main, ["import", str(source), "--db", str(tmp_path / "c.db"),
                                       "--jobs", "2", "--no-progress"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "an import worker ended without answering" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("text", [VALID[0], *EXAMPLES], ids=lambda t: json.loads(t).get(
    "event", {}).get("event", "record")[:30] if isinstance(json.loads(t), dict) else "record")
def test_rows_come_back_from_a_worker_equal(text: str) -> None:
    """What a worker sends (Rows.__reduce__: the fields in order) is rebuilt equal, every field
    set, a table of n's TableRows included."""
    import pickle
    from dataclasses import fields
    rows = importer._prepare_rows(text)
    assert not isinstance(rows, list), rows
    again = pickle.loads(pickle.dumps(rows))
    assert again == rows and type(again) is type(rows)
    assert [getattr(again, f.name) for f in fields(rows)] == \
        [getattr(rows, f.name) for f in fields(rows)]
