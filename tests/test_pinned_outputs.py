"""Issue 32's byte-identity check: every golden and example gives today what it gave at the base
revision (tests/golden/pinned/outputs.json, written by ``python tests/pinned_outputs.py --base
4b88136`` with the code of that revision): canonical text and sha256 byte for byte, the replay
JSON field for field, the CLI's scoresheet line for line, and the located problems of a record
refused. A failure names the file and the first JSON path that differs.

A difference is a fix only if it names its rule and golden; the snapshot is then written again
from the revision that makes the fix, never edited by hand. Its history:
- 4b88136, the base of issue 32: 199 records.
- a233e5e: issue 33's plurals ("2 card(s)" became "2 cards" in golden
  deals/81-house-partners-best-partial-deal's unfinished-deal note, the one difference in the
  199), and the 10 goldens added since (analysis at tables of n, variants 20-24, bad/11-12).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pinned_outputs import (SNAPSHOT_PATH, first_difference, outputs, record_files, store_rows,
                            table_rows)

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT: dict[str, Any] = json.loads(ROOT.joinpath(*SNAPSHOT_PATH).read_text(encoding="utf-8"))
PINNED: dict[str, dict[str, Any]] = SNAPSHOT["outputs"]


@functools.cache
def current() -> dict[str, dict[str, Any]]:
    return outputs(ROOT)


def test_the_snapshot_covers_every_record_file() -> None:
    """A record file added since the snapshot is covered by its own goldens, not by this test;
    one the snapshot holds must still be there."""
    files = {p.relative_to(ROOT).as_posix() for p in record_files(ROOT)}
    assert set(PINNED) <= files
    assert sum(1 for e in PINNED.values() if e.get("seats") == 4) >= 100
    assert {e.get("seats") for e in PINNED.values()} >= {2, 3, 4, 5, None}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_outputs_are_those_of_the_base(name: str) -> None:
    before = PINNED[name]
    after = current()[name]
    assert after["input"] == before["input"], f"{name}: the input itself changed"
    difference = first_difference(before, after)
    assert difference is None, f"{name}: {difference}"


def test_first_difference_names_the_path() -> None:
    """The comparison can fail, and says where: one byte of a dump, one replay field."""
    name = next(n for n, e in PINNED.items() if e.get("seats") == 4)
    entry = PINNED[name]
    changed = dict(entry, canonical=entry["canonical"].replace('"', "'", 1))
    line = 2   # "{" and then the first field, "format"
    assert first_difference(entry, changed) == (
        f".canonical line {line}: " + repr(entry["canonical"].splitlines()[line - 1])
        + " became " + repr(changed["canonical"].splitlines()[line - 1]))
    result = json.loads(json.dumps(entry["result"]))
    result["deals"][0]["points"]["ns"] += 1
    assert first_difference(entry, dict(entry, result=result)) == (
        f".result.deals[0].points.ns: {entry['result']['deals'][0]['points']['ns']!r} became "
        f"{result['deals'][0]['points']['ns']!r}")


def test_a_store_of_the_examples_made_before_is_the_one_made_now(tmp_path: Path) -> None:
    """The examples imported into a store by the code of the base revision (checked out with
    benchmarks/base_checkout.py) and by this tree's: every table the same, row for row (but the
    clock times). And the base's store read with this tree's code: each stored record's
    canonical text replays to the hash, canonical text and result JSON stored with it."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from base_checkout import checkout, run_python
    finally:
        sys.path.pop(0)
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.migrations import open_store

    base = checkout(SNAPSHOT["base"], tmp_path / "base")
    before_db = tmp_path / "before.db"
    source = (ROOT / "tests" / "pinned_outputs.py").read_text(encoding="utf-8")
    code = (source.replace("from __future__ import annotations\n", "")
            .replace('if __name__ == "__main__":', "if False:")
            + f"\nimport json as _j, pathlib as _p\n"
              f"print(_j.dumps(store_rows(_p.Path({str(ROOT)!r}), _p.Path({str(before_db)!r}))))\n")
    before = json.loads(run_python(base, code))
    after = json.loads(json.dumps(store_rows(ROOT, tmp_path / "after.db")))
    assert len(before["records"]) > 5
    assert first_difference(before["records"], after["records"], "records") is None
    # migration 19 (one set of rows for every table size) came after the base: the base's
    # store as this tree migrates it is the one this tree makes, every table row for row, the
    # ids of games, deals and findings (given to the tables of n after the four-handed rows in
    # a migrated store) replaced by the numbers they stand for
    migrated = _keyed(json.loads(json.dumps(table_rows(open_store(before_db, write=True)))))
    after = _keyed(after)
    assert sorted(migrated) == sorted(after)
    for table in migrated:
        difference = first_difference(migrated[table], after[table], table)
        assert difference is None, difference
    db = open_store(before_db, write=False)
    rows = list(db.conn.execute("SELECT hash, canonical, result FROM records ORDER BY id"))
    for digest, canonical, result in rows:
        sub = prepare(canonical)
        assert (sub.hash, sub.canonical, sub.result_json) == (digest, canonical, result)


def _keyed(tables: dict[str, list[list[Any]]]) -> dict[str, list[list[Any]]]:
    """:func:`store_rows`' tables with the ids of ``games``, ``deals`` and ``findings`` (and
    the references to them) replaced by the game's number, or dropped where the row has the
    number already; their rows sorted."""
    out = dict(tables)
    columns = tables["games"][0]
    number = {row[columns.index("id")]: row[columns.index("number")] for row in tables["games"][1:]}
    for table, drop in (("games", {"id"}), ("deals", {"id"}), ("findings", {"id", "deal_id"}),
                        ("calls", {"deal_id"})):
        head, *rows = tables[table]
        keep = [i for i, c in enumerate(head) if c not in drop]
        if "game_id" in head:
            at = head.index("game_id")
            rows = [row[:at] + [number.get(row[at])] + row[at + 1:] for row in rows]
        out[table] = [[head[i] for i in keep]] + sorted(([row[i] for i in keep] for row in rows),
                                                        key=repr)
    return out
