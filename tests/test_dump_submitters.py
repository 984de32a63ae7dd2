"""The JSON Lines dump keeps who submitted each version (api/store/dump.py): dump a store, import
the dump into an empty store, and every version comes back with its submitter; a store without
submitters dumps the lines earlier releases wrote, and those dumps import as before. The
oracle is the source store's own (hash, submitted_by) pairs, read with plain SQL."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from euchre_records.api.store.dump import dump_line, unwrap
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store
from euchre_records.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("N", "E", "S", "W")


def record_text(n: int) -> str:
    return json.dumps({
        "format": "euchre-records", "version": "1.0",
        "event": {"club": "Bath", "date": "2026-12-01", "table": str(n)},
        "players": {s: {"name": f"P{n % 3}{s}"} for s in SEATS},
        "rules": {"preset": "modern"},
        "deals": [{"kind": "result", "dealer": SEATS[n % 4],
                   "result": {"maker": SEATS[(n + 1) % 4], "trump": "SHDC"[n % 4],
                              "tricks": 3 + n % 3}}],
    })


def _store(path: Path, submitters: list[str | None]) -> None:
    db = open_db(path)
    migrate(db)
    try:
        store = Store(db)
        ids = [store.save(prepare(record_text(n)), submitted_by=by).id
               for n, by in enumerate(submitters)]
        # a correction by someone else: both versions are in an --all-versions dump
        store.save(prepare(record_text(500)), submitted_by="the referee", supersedes=ids[0])
    finally:
        db.close()


def _versions(path: Path) -> Counter[tuple[str, str | None]]:
    db = open_db(path)
    try:
        return Counter(db.execute("SELECT hash, submitted_by FROM records").fetchall())
    finally:
        db.close()


def _dump(path: Path, *extra: str) -> str:
    result = CliRunner().invoke(main, ["export", "--db", str(path), "--to", "jsonl", *extra])
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def _import(dump: Path, db: Path, *extra: str) -> CliRunner:
    result = CliRunner().invoke(main, ["import", str(dump), "--db", str(db), *extra])
    assert result.exit_code == 0, result.output
    return result


def test_a_dump_restores_who_submitted_each_version(tmp_path: Path) -> None:
    source = tmp_path / "club.db"
    _store(source, ["Ann", None, 'Bob "the scorer"\n(tablet)', "Ann", "Đặng Thị Mai"])
    dump = tmp_path / "dump.jsonl"
    dump.write_text(_dump(source, "--all-versions"), encoding="utf-8")
    _import(dump, tmp_path / "restored.db")
    assert _versions(tmp_path / "restored.db") == _versions(source)
    lines = dump.read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith('{"dump":"euchre-records"') for line in lines) == 5
    assert sum(line.startswith('{"format":"euchre-records"') for line in lines) == 1   # None


def test_a_store_without_submitters_dumps_what_earlier_releases_wrote(tmp_path: Path) -> None:
    source = tmp_path / "club.db"
    db = open_db(source)
    migrate(db)
    for n in range(3):
        Store(db).save(prepare(record_text(n)))
    canonical = [r[0] for r in db.execute("SELECT canonical FROM records ORDER BY id")]
    db.close()
    old = "".join(json.dumps(json.loads(c), ensure_ascii=False, separators=(",", ":")) + "\n"
                  for c in canonical)   # the dump line of earlier releases
    assert _dump(source) == old
    dump = tmp_path / "old.jsonl"
    dump.write_text(old, encoding="utf-8")
    _import(dump, tmp_path / "a.db", "--submitted-by", "Cy")   # an old dump: the option names them
    assert set(by for _, by in _versions(tmp_path / "a.db")) == {"Cy"}


def test_the_dump_s_submitter_wins_over_the_option_only_where_it_names_one(tmp_path: Path
                                                                          ) -> None:
    source = tmp_path / "club.db"
    _store(source, ["Ann", None])
    dump = tmp_path / "dump.jsonl"
    dump.write_text(_dump(source), encoding="utf-8")   # current versions: #2 (None), the correction
    _import(dump, tmp_path / "b.db", "--submitted-by", "importer")
    assert sorted(by for _, by in _versions(tmp_path / "b.db")) == ["importer", "the referee"]


def test_a_malformed_dump_line_is_refused_with_its_place(tmp_path: Path) -> None:
    good = json.loads(record_text(1))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([
        json.dumps({"dump": "euchre-records", "submitted_by": 7, "record": good}),
        json.dumps({"dump": "euchre-records", "submitted_by": "Ann", "record": good, "x": 1}),
        json.dumps({"dump": "euchre-records", "submitted_by": "Ann",
                    "record": dict(good, deals=[{"kind": "result"}])}),
        '{"dump": "euchre-records", "submitted_by": "Ann", "record": {', ""]), encoding="utf-8")
    result = CliRunner().invoke(main, ["import", str(bad), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 1
    err = result.stderr
    assert f"{bad}:1: invalid: submitted_by: must be a string or null" in err
    assert f"{bad}:2: invalid: x: not a member of a dump line" in err
    assert f"{bad}:3: invalid: record.deals" in err   # the record's own error, located in it
    assert f"{bad}:4: invalid:" in err and "Traceback" not in result.output
    assert "stored 0 " in err


def test_validate_and_dataset_read_a_dump(tmp_path: Path) -> None:
    source = tmp_path / "club.db"
    _store(source, ["Ann", "Bob"])
    dump = tmp_path / "dump.jsonl"
    dump.write_text(_dump(source), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(dump)])
    assert result.exit_code == 0, result.output
    from euchre_records.bulk.tables import tables_of
    for line in dump.read_text(encoding="utf-8").splitlines():
        rows = tables_of("x", line)
        assert not rows["errors"] and rows["records"][0][0] == prepare(unwrap(line)[0]).hash


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.none(), st.text(max_size=40)))
def test_any_submitter_the_store_holds_comes_back(by: str | None) -> None:
    canonical = prepare(record_text(3)).canonical
    text, got = unwrap(dump_line(canonical, by))
    assert got == by
    assert prepare(text).canonical == canonical
