"""What every golden and example gives: the outputs issue 32 must keep while the two models of the
game become one.

Not a test by itself: tests/test_pinned_outputs.py computes :func:`outputs` with the work tree's
code and compares it with the snapshot this module wrote at the base revision
(``tests/golden/pinned/outputs.json``).

Contract: :func:`outputs(root)` maps each record file under ``root`` (``tests/golden/**`` but
the event and points-table goldens, which are no records, and ``examples/*.json``; expected
outputs ``*.expected.json`` left out) by its path relative to ``root`` to what the store's
ingest gives for its text (``api.store.ingest.prepare``, the path every record takes into the
store): the canonical text, its sha256, the replay JSON (parsed, so that a difference is
named by its JSON path), the scoresheet the CLI prints (``euchre replay``'s text), and, for a
record the ingest refuses, the located problems instead. Each entry also holds the sha256 of the
input, so that a changed input is told apart from a changed output.

The source of this module is run as it stands with the package of another revision
(``python tests/pinned_outputs.py --base REV`` checks the revision out with
benchmarks/base_checkout.py and runs this file's :func:`outputs` there), so it imports only
names every revision since 4b88136 has, and only inside :func:`outputs`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

SKIPPED_DIRS = ("tests/golden/events", "tests/golden/points", "tests/golden/pinned")
SNAPSHOT_PATH = ("tests", "golden", "pinned", "outputs.json")   # under the repository


def record_files(root: Path) -> list[Path]:
    """The record files the snapshot covers, in a fixed order."""
    found = [p for p in sorted((root / "tests" / "golden").rglob("*.json"))
             if not p.name.endswith(".expected.json")
             and not any(p.relative_to(root).as_posix().startswith(d + "/") for d in SKIPPED_DIRS)]
    found += [p for p in sorted((root / "examples").glob("*.json"))]
    return found


def outputs(root: Path) -> dict[str, dict[str, Any]]:
    """The outputs of every record file under ``root`` (see the module contract)."""
    from euchre_records.errors import RecordError
    from euchre_records.api.store.ingest import error_payload, prepare
    from euchre_records.cli.scoresheet_text import render_replay
    try:   # before issue 32 made render_replay the one scoresheet of every table
        from euchre_records.cli.table_text import render_table_replay
    except ImportError:
        render_table_replay = render_replay

    out: dict[str, dict[str, Any]] = {}
    for path in record_files(root):
        text = path.read_text(encoding="utf-8")
        entry: dict[str, Any] = {"input": hashlib.sha256(text.encode("utf-8")).hexdigest()}
        try:
            sub = prepare(text)
        except RecordError as exc:
            entry["problems"] = error_payload(exc)
        else:
            entry["seats"] = sub.seats
            entry["canonical"] = sub.canonical
            entry["hash"] = sub.hash
            entry["result"] = json.loads(sub.result_json)
            render = render_replay if sub.record.fixed_partnerships else render_table_replay
            entry["sheet"] = render(path.stem, sub.record, sub.result)  # type: ignore[arg-type]
        out[path.relative_to(root).as_posix()] = entry
    return out


def store_rows(root: Path, db_path: Path) -> dict[str, list[list[Any]]]:
    """A store made at ``db_path`` by importing ``root``'s examples (``euchre import``'s path,
    cli.store_cmds.run_import), and every row of every table of it, in rowid order, as lists;
    columns of clock times (``*_at``) are left out, the only values that differ between two
    imports of the same files."""
    from euchre_records.api.store.migrations import open_store
    from euchre_records.cli.store_cmds import run_import

    db = open_store(db_path, write=True)
    run_import(db, [str(p) for p in sorted((root / "examples").glob("*.json"))], "pin", 500,
               False)
    return table_rows(db)


def table_rows(db: Any) -> dict[str, list[list[Any]]]:
    """Every row of every table of an open store, as :func:`store_rows` gives them; closes it."""
    out: dict[str, list[list[Any]]] = {}
    names = [r[0] for r in db.conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    for name in names:
        cur = db.conn.execute(f'SELECT * FROM "{name}"')
        keep = [i for i, d in enumerate(cur.description) if not d[0].endswith("_at")]
        columns = [cur.description[i][0] for i in keep]
        out[name] = [columns] + [[row[i] for i in keep] for row in cur.fetchall()]
    db.conn.close()
    return out


def first_difference(before: Any, after: Any, where: str = "") -> str | None:
    """The JSON path of the first place two JSON values differ, with both values; None if equal."""
    if type(before) is not type(after):
        return f"{where or '.'}: {before!r} became {after!r}"
    if isinstance(before, dict):
        for key in list(before) + [k for k in after if k not in before]:
            if key not in after:
                return f"{where}.{key}: dropped (was {before[key]!r})"
            if key not in before:
                return f"{where}.{key}: added ({after[key]!r})"
            found = first_difference(before[key], after[key], f"{where}.{key}")
            if found:
                return found
        if list(before) != list(after):
            return f"{where or '.'}: key order {list(before)} became {list(after)}"
        return None
    if isinstance(before, list):
        for i, (b, a) in enumerate(zip(before, after)):
            found = first_difference(b, a, f"{where}[{i}]")
            if found:
                return found
        if len(before) != len(after):
            return f"{where}: {len(before)} items became {len(after)}"
        return None
    if isinstance(before, str) and before != after:
        lines_b, lines_a = before.splitlines(), after.splitlines()
        for i, (b, a) in enumerate(zip(lines_b, lines_a)):
            if b != a:
                return f"{where} line {i + 1}: {b!r} became {a!r}"
        return f"{where}: {len(lines_b)} lines became {len(lines_a)} (or line ends differ)"
    return None if before == after else f"{where or '.'}: {before!r} became {after!r}"


def _snapshot_at(rev: str) -> dict[str, Any]:
    import tempfile
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from base_checkout import ROOT, checkout, run_python
    source = Path(__file__).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        package = checkout(rev, Path(tmp), compiled=True)
        code = (source.replace("from __future__ import annotations\n", "")
                .replace('if __name__ == "__main__":', "if False:")
                + f"\nimport json as _j, pathlib as _p\n"
                  f"print(_j.dumps(outputs(_p.Path({str(ROOT)!r})), ensure_ascii=False))\n")
        found: dict[str, Any] = json.loads(run_python(package, code))
    return found


if __name__ == "__main__":
    import argparse
    import subprocess
    parser = argparse.ArgumentParser(description="write the snapshot of every golden's outputs "
                                                 "with the package of git revision REV")
    parser.add_argument("--base", required=True, help="the git revision whose code writes it")
    args = parser.parse_args()
    full = subprocess.run(["git", "rev-parse", args.base], check=True, capture_output=True,
                          text=True).stdout.strip()
    snapshot = {"base": full, "outputs": _snapshot_at(full)}
    snapshot_file = Path(__file__).resolve().parents[1].joinpath(*SNAPSHOT_PATH)
    snapshot_file.parent.mkdir(parents=True, exist_ok=True)
    snapshot_file.write_text(json.dumps(snapshot, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    print(f"{len(snapshot['outputs'])} records pinned at {full[:7]} in {snapshot_file}")
