"""What an interrupted ``euchre backup`` leaves, and who removes it (api/store/backup.py,
docs/STORE.md "Backups").

A backup writes ``.OUT.xxxxxxxx.part`` beside OUT and renames it onto OUT once it checks. A
process killed with SIGKILL runs no clean-up, so its part stays; the next backup into that
folder removes it — the nightly cron line's next OUT has another name (the next date), so the
rule is the folder's, not OUT's. A part that a running backup still writes is held locked and
is never taken for debris.

The interrupted backup is a real process, stopped at a known point: its copy made, waiting on
its standard input (it says so on its standard output), then killed. No sleeps.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from euchre_records.cli.main import main

from pages_support import build_db

STOPPED_BACKUP = """
import sys
from euchre_records.api.store import backup as b
real = b._copy
def copy_then_wait(source, target):
    real(source, target)          # the part is a whole SQLite file now
    print("copied", flush=True)
    sys.stdin.readline()          # until the test kills this process
b._copy = copy_then_wait
if sys.argv[3] == "cli":          # the command, as cron runs it
    from euchre_records.cli.main import main
    main(["backup", "--db", sys.argv[1], sys.argv[2]])
else:
    b.backup(sys.argv[1], sys.argv[2])
"""


def _store(path: Path) -> Path:
    """A store with the records of examples/."""
    build_db(path)
    return path


def _stopped_backup(store: Path, out: Path, how: str = "function") -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", STOPPED_BACKUP, str(store), str(out), how],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "copied\n"   # blocks until the copy is written
    return proc


def _close(proc: subprocess.Popen[str]) -> None:
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None and not pipe.closed:
            pipe.close()


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def _records(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM records").fetchone()[0])
    finally:
        conn.close()


def test_the_next_backup_removes_what_a_killed_one_left(tmp_path: Path) -> None:
    store = _store(tmp_path / "club.db")
    backups = tmp_path / "backups"
    backups.mkdir()
    proc = _stopped_backup(store, backups / "club-2026-12-06.db")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    _close(proc)
    left = _hidden(backups)
    assert len(left) == 1 and left[0].startswith(".club-2026-12-06.db.") \
        and left[0].endswith(".part"), left
    assert not (backups / "club-2026-12-06.db").exists()
    # the next night's backup, under the next date's name
    result = CliRunner().invoke(main, ["backup", "--db", str(store),
                                       str(backups / "club-2026-12-07.db")])
    assert result.exit_code == 0, result.output
    assert _hidden(backups) == []
    assert sorted(p.name for p in backups.iterdir()) == ["club-2026-12-07.db"]
    assert left[0] in result.stderr
    assert _records(backups / "club-2026-12-07.db") == _records(store)


def test_a_part_that_a_running_backup_writes_is_left_alone(tmp_path: Path) -> None:
    store = _store(tmp_path / "club.db")
    out = tmp_path / "club-copy.db"
    proc = _stopped_backup(store, out)
    try:
        running = _hidden(tmp_path)
        assert len(running) == 1 and running[0].endswith(".part"), running
        result = CliRunner().invoke(main, ["backup", "--db", str(store), str(out)])
        assert result.exit_code == 0, result.output
        assert _hidden(tmp_path) == running          # still there: it is being written
        assert "interrupted" not in result.stderr
    finally:
        assert proc.stdin is not None
        proc.stdin.write("go on\n")                  # let it finish: it renames its part
        proc.stdin.close()
        assert proc.wait() == 0
        _close(proc)
    assert _hidden(tmp_path) == []
    assert _records(out) == _records(store)


def test_a_hidden_part_that_is_no_sqlite_file_is_not_ours(tmp_path: Path) -> None:
    store = _store(tmp_path / "club.db")
    other = tmp_path / ".notes.txt.abcd1234.part"   # a download of some other program
    other.write_bytes(b"half a download")
    result = CliRunner().invoke(main, ["backup", "--db", str(store), str(tmp_path / "b.db")])
    assert result.exit_code == 0, result.output
    assert other.read_bytes() == b"half a download"


def test_a_backup_stopped_by_sigterm_removes_its_own_part(tmp_path: Path) -> None:
    """``kill`` (SIGTERM) is not SIGKILL: the command stops as an error (exit 1, one line) and
    its clean-up removes the part at once."""
    store = _store(tmp_path / "club.db")
    proc = _stopped_backup(store, tmp_path / "copy.db", how="cli")
    assert len(_hidden(tmp_path)) == 1
    proc.send_signal(signal.SIGTERM)
    assert proc.wait() == 1
    assert proc.stderr is not None
    said = proc.stderr.read()
    _close(proc)
    assert "stopped by SIGTERM: nothing was written" in said and "Traceback" not in said
    assert _hidden(tmp_path) == [] and not (tmp_path / "copy.db").exists()
