"""``euchre backup`` / ``euchre restore`` (api/store/backup.py) on a store holding everything a
club keeps: token hashes, clubs, drafts and their revisions, an event with its seatings and the
player registry, records submitted by named people over HTTP, a correction and a withdrawal.

The oracle is the source file itself, read table by table with plain sqlite3: a backup taken
while a real ``euchre serve`` writes is a consistent snapshot (every record it holds is whole,
and its records are the first ones the server stored), and once the writes stop, backup then
restore gives every table of the store row for row. The public copy is checked against the
secrets themselves: neither a token hash nor the session secret is anywhere in its bytes.
The nightly cron line of docs/DEPLOY.md is run as written (its schedule fields dropped)."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.api.store import drafts, tokens
from euchre_records.api.store.backup import PRIVATE_TABLES, PUBLIC_TABLES, TOKEN_COLUMNS
from euchre_records.api.store.migrations import SCHEMA_VERSION, migrate, open_db
from euchre_records.api.store.store import Store, Writer
from euchre_records.cli.main import main

from events_support import build
from golden_cases import GOLDEN

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("N", "E", "S", "W")


def record_text(n: int, club: str = "Bath") -> str:
    """A small valid record (one result-only deal), distinct for each n."""
    return json.dumps({
        "format": "euchre-records", "version": "1.0",
        "event": {"club": club, "date": "2026-12-01", "table": str(n)},
        "players": {s: {"name": f"P{n % 5}{s}"} for s in SEATS},
        "rules": {"preset": "modern"},
        "deals": [{"kind": "result", "dealer": SEATS[n % 4],
                   "result": {"maker": SEATS[(n + 1) % 4], "trump": "SHDC"[n % 4],
                              "tricks": 3 + n % 3}}],
    })


def _euchre() -> list[str]:
    script = Path(sys.executable).parent / "euchre"
    return [str(script)] if script.exists() else [
        sys.executable, "-c", "from euchre_records.cli.main import main; main()"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def full_store(path: Path) -> dict[str, Any]:
    """A store with every kind of row: an event and the registry (a golden event), tokens of
    two clubs, a draft with two revisions, records by named submitters, a correction, a
    withdrawal, and the session secret. Returns the secrets and the token texts."""
    case = json.loads((GOLDEN / "events" / "02-rubber-night.json").read_text(encoding="utf-8"))
    db, _, _ = build(case, path=str(path))
    try:
        bath, bath_text = tokens.create_token(db, "Bath", label="scorer's tablet")
        _, admin_text = tokens.create_token(db, "Wells", admin=True, label="director")
        for n in range(100):   # tokens over several pages: emptying them frees pages
            tokens.create_token(db, "Wells", label=f"spare {n}")
        if "settings" in db.table_names():   # a store that keeps a server setting or two
            with db.conn:
                db.conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES "
                                "('session_secret', ?)", ["s3cret-" + "x" * 40])
        draft = drafts.create_draft(db, json.loads(record_text(900)), club_id=bath.club_id,
                                    token_id=bath.id)
        drafts.save_draft(db, draft, json.loads(record_text(901)), 1)
        from euchre_records.api.store.ingest import prepare
        first = Store(db).save(prepare(record_text(1000)), submitted_by="Ann").id
        Store(db).save(prepare(record_text(1001)), submitted_by="Bob", supersedes=first)
        # records written over HTTP name their token (records.token_id): Bath's scorer's
        writer = Writer(bath.club_id, bath.id)
        other = Store(db).save(prepare(record_text(1002)), submitted_by="Cy", writer=writer).id
        Store(db).withdraw(other, submitted_by="Di", writer=writer)
        hashes = [r[0] for r in db.execute("SELECT hash FROM tokens")]
    finally:
        db.close()
    return {"bath": bath_text, "admin": admin_text, "hashes": hashes,
            "secret": "s3cret-" + "x" * 40, "bath_id": bath.id}


def tables_of(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows (by rowid, or by key for a table without one) and the schema."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out: dict[str, list[tuple[Any, ...]]] = {"sqlite_master": sorted(conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall(), key=repr)}
        out["user_version"] = conn.execute("PRAGMA user_version").fetchall()
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                    "AND name NOT LIKE 'sqlite_%'").fetchall():
            out[name] = sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
        return out
    finally:
        conn.close()


class Server:
    """``euchre serve`` on a free port, with a thread posting records while it runs."""

    def __init__(self, db: Path, token: str) -> None:
        self.port = _free_port()
        self.token = token
        self.proc = subprocess.Popen(
            _euchre() + ["serve", "--db", str(db), "--port", str(self.port), "--threads", "4",
                         "--no-first-token"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONWARNINGS": ""})
        self.stored: list[int] = []
        self.failures: list[str] = []
        self.stop = threading.Event()
        deadline = time.monotonic() + 60
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/openapi.json")
                if conn.getresponse().status == 200:
                    conn.close()
                    break
            except OSError:
                pass
            assert self.proc.poll() is None, self.proc.stderr.read().decode()  # type: ignore
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        self.thread = threading.Thread(target=self._write, daemon=True)
        self.thread.start()

    def _write(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        n = 0
        while not self.stop.is_set() and n < 2000:
            conn.request("POST", "/records", body=record_text(n).encode(), headers={
                "Content-Type": "application/json", "Authorization": f"Bearer {self.token}",
                "X-Submitted-By": f"scorer {n % 3}"})
            resp = conn.getresponse()
            body = json.loads(resp.read())
            if resp.status in (200, 201):
                self.stored.append(body["id"])
            else:
                self.failures.append(f"{resp.status} {body}")
            n += 1
        conn.close()

    def wait_for(self, count: int) -> None:
        deadline = time.monotonic() + 60
        while len(self.stored) < count:
            assert time.monotonic() < deadline and not self.failures, self.failures[:3]
            time.sleep(0.05)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=60)
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stderr.close()  # type: ignore[union-attr]


def _whole_snapshot(path: Path, source_ids: list[int]) -> int:
    """A backup is a consistent snapshot: each record it holds has all its deal rows, and its
    records are the first ones of the source. Returns how many records it holds."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        ids = [r[0] for r in conn.execute("SELECT id FROM records ORDER BY id")]
        short = conn.execute(
            "SELECT r.id FROM records r WHERE r.status != 'withdrawn' AND r.deals != "
            "(SELECT count(*) FROM deals d WHERE d.record_id = r.id)").fetchall()
        seats = conn.execute("SELECT count(*) FROM records r WHERE r.status != 'withdrawn' AND "
                             "(SELECT count(*) FROM seats s WHERE s.record_id = r.id) != 4"
                             ).fetchone()[0]
    finally:
        conn.close()
    assert not short and seats == 0
    assert ids == source_ids[:len(ids)]
    return len(ids)


def test_every_table_of_the_schema_is_public_or_private() -> None:
    db = open_db(":memory:")
    migrate(db)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables - set(PUBLIC_TABLES) - set(PRIVATE_TABLES) == set()
    assert not set(PUBLIC_TABLES) & set(PRIVATE_TABLES)
    for table, column in TOKEN_COLUMNS:
        assert column in {c[1] for c in db.execute(f"PRAGMA table_info({table})")}


@pytest.mark.slow
def test_a_backup_taken_while_the_server_writes_restores_every_table(tmp_path: Path) -> None:
    store = tmp_path / "club.db"
    secrets = full_store(store)
    server = Server(store, secrets["bath"])
    runner = CliRunner()
    try:
        server.wait_for(20)
        held = []
        for n in range(3):   # while the writes go on
            out = tmp_path / f"during-{n}.db"
            result = runner.invoke(main, ["backup", "--db", str(store), str(out)])
            assert result.exit_code == 0, result.output
            assert "integrity ok" in result.stderr
            held.append(out)
        before = len(server.stored)
    finally:
        server.close()
    assert not server.failures, server.failures[:3]
    assert len(server.stored) > before   # the server went on writing after the backups
    conn = sqlite3.connect(store)
    source_ids = [r[0] for r in conn.execute("SELECT id FROM records ORDER BY id")]
    conn.close()
    counts = [_whole_snapshot(path, source_ids) for path in held]
    assert counts == sorted(counts) and counts[0] > 7   # the store's own, then the server's

    # the writes have stopped: backup, restore into a new file, every table compared
    final = tmp_path / "final.db"
    assert runner.invoke(main, ["backup", "--db", str(store), str(final)]).exit_code == 0
    restored = tmp_path / "restored.db"
    result = runner.invoke(main, ["restore", str(final), "--db", str(restored)])
    assert result.exit_code == 0, result.output
    want, got = tables_of(store), tables_of(restored)
    assert list(got) == list(want)
    for name in want:
        assert got[name] == want[name], name
    assert not Path(str(restored) + "-wal").exists()
    # what the issue names, there by name
    conn = sqlite3.connect(restored)
    try:
        assert sorted(r[0] for r in conn.execute("SELECT hash FROM tokens")) == sorted(
            secrets["hashes"])
        assert {r[0] for r in conn.execute("SELECT name FROM clubs")} >= {"Bath", "Wells"}
        assert conn.execute("SELECT count(*) FROM draft_revisions").fetchone()[0] == 2
        assert conn.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM registry_players").fetchone()[0] > 0
        by = {r[0] for r in conn.execute("SELECT submitted_by FROM records")}
        assert {"Ann", "Bob", "Cy", "Di", "scorer 0", "scorer 1", "scorer 2"} <= by
        assert conn.execute("SELECT count(*) FROM records WHERE token_id IS NOT NULL"
                            ).fetchone()[0] == len(server.stored) + 2   # full_store's Cy, Di
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


def test_the_public_copy_keeps_the_records_and_none_of_the_secrets(tmp_path: Path) -> None:
    store = tmp_path / "club.db"
    secrets = full_store(store)
    public = tmp_path / "public.db"
    result = CliRunner().invoke(main, ["backup", "--db", str(store), "--public", str(public)])
    assert result.exit_code == 0, result.output
    data = public.read_bytes()
    for secret in [*secrets["hashes"], secrets["secret"]]:
        assert secret.encode() not in data   # not in a table, nor in a free page
    assert b"scorer's tablet" not in data
    conn = sqlite3.connect(public)
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] == 0   # vacuumed: no free page
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"   # one file
    conn.close()
    with sqlite3.connect(store) as read:   # the store's two versions written with Bath's token
        assert read.execute("SELECT submitted_by, token_id FROM records WHERE token_id IS NOT "
                            "NULL ORDER BY id").fetchall() == [("Cy", secrets["bath_id"]),
                                                               ("Di", secrets["bath_id"])]
    want, got = tables_of(store), tables_of(public)
    for name in PUBLIC_TABLES:
        if name == "records":
            with sqlite3.connect(public) as read:   # token_id is cleared
                at = [c[1] for c in read.execute("PRAGMA table_info(records)")].index("token_id")
            strip = [tuple(v for k, v in enumerate(row) if k != at) for row in want[name]]
            assert [row[:at] + row[at + 1:] for row in got[name]] == strip
            assert {row[at] for row in got[name]} == {None}
        elif name in want:
            assert got[name] == want[name], name
    for name in PRIVATE_TABLES:
        assert got.get(name, []) == [], name
    assert got["sqlite_master"] == want["sqlite_master"]   # the same schema, guards included
    # the public copy is a store the read commands open
    listed = CliRunner().invoke(main, ["rubbers", "--db", str(public), "--format", "json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout)


def test_refusals_are_one_line_and_leave_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    store = tmp_path / "club.db"
    db = open_db(store)
    migrate(db)
    db.close()
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    cases = [
        (["backup", "--db", str(tmp_path / "none.db"), str(tmp_path / "a.db")], "no database"),
        (["backup", "--db", str(other), str(tmp_path / "a.db")], "not a euchre-records store"),
        (["backup", "--db", str(store), str(store)], "another file"),
        (["backup", "--db", str(store), str(tmp_path / "no" / "a.db")], "does not exist"),
        (["restore", str(other), "--db", str(tmp_path / "a.db")], "not a euchre-records store"),
        (["restore", str(store), "--db", str(other), "--replace"], "not a euchre-records store"),
        (["restore", str(store), "--db", str(store)], "exists"),
    ]
    for args, message in cases:
        result = runner.invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.output and "Traceback" not in result.output, args
        assert len(result.output.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()
                  if not p.name.endswith(("-wal", "-shm"))) == ["club.db", "other.db"]
    # a damaged backup fails its integrity check before anything is written
    good = tmp_path / "good.db"
    CliRunner().invoke(main, ["import", str(ROOT / "examples"), "--db", str(store)])
    assert runner.invoke(main, ["backup", "--db", str(store), str(good)]).exit_code == 0
    raw = bytearray(good.read_bytes())
    page = 4096
    raw[page * 3:page * 3 + 200] = b"\xff" * 200   # a page of the records table, overwritten
    bad = tmp_path / "bad.db"
    bad.write_bytes(bytes(raw))
    result = runner.invoke(main, ["restore", str(bad), "--db", str(tmp_path / "r.db")])
    assert result.exit_code == 1, result.output
    assert "integrity_check" in result.output or "not a usable" in result.output, result.output
    assert not (tmp_path / "r.db").exists()
    # restore --replace into an existing store: its content becomes the backup's
    empty = tmp_path / "empty.db"
    db = open_db(empty)
    migrate(db)
    db.close()
    result = runner.invoke(main, ["restore", str(good), "--db", str(empty), "--replace"])
    assert result.exit_code == 0, result.output
    assert tables_of(empty)["records"] == tables_of(good)["records"]


def _cron_command() -> str:
    """The command of the crontab line in docs/DEPLOY.md (schedule fields dropped, cron's
    ``\\%`` unescaped)."""
    text = (ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8")
    block = re.search(r"```crontab\n(.*?)```", text, re.S)
    assert block, "docs/DEPLOY.md has a crontab block"
    lines = [ln for ln in block.group(1).splitlines() if ln.strip() and not ln.startswith("#")]
    assert len(lines) == 1, lines
    fields = lines[0].split(None, 5)
    assert len(fields) == 6 and re.fullmatch(r"[\d*,/-]+", fields[0]), lines[0]
    return fields[5].replace("\\%", "%")


@pytest.mark.slow
def test_the_nightly_cron_line_of_deploy_md_backs_up_a_running_server(tmp_path: Path) -> None:
    srv = tmp_path / "srv" / "euchre"
    (srv / "backups").mkdir(parents=True)
    store = srv / "club.db"
    secrets = full_store(store)
    old = srv / "backups" / "club-2000-01-01.db"   # an old copy the line's clean-up removes
    old.write_bytes(b"")
    os.utime(old, (time.time() - 40 * 86400,) * 2)
    command = _cron_command().replace("/srv/euchre", str(srv))
    server = Server(store, secrets["bath"])
    try:
        server.wait_for(10)
        env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
        done = subprocess.run(["/bin/sh", "-c", command], env=env, capture_output=True,
                              text=True, timeout=120)
    finally:
        server.close()
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in (srv / "backups").iterdir())
    assert made == [f"club-{time.strftime('%Y-%m-%d', time.gmtime())}.db"], made
    conn = sqlite3.connect(store)
    ids = [r[0] for r in conn.execute("SELECT id FROM records ORDER BY id")]
    conn.close()
    assert _whole_snapshot(srv / "backups" / made[0], ids) > 7


def test_a_public_copy_of_an_older_store_has_today_s_schema(tmp_path: Path) -> None:
    store = tmp_path / "old.db"
    db = open_db(store)
    migrate(db, target=SCHEMA_VERSION - 1)   # a store an earlier release left
    db.close()
    runner = CliRunner()
    for args, version in ((["backup", "--db", str(store), str(tmp_path / "copy.db")],
                           SCHEMA_VERSION - 1),   # a backup is the store as it is
                          (["backup", "--db", str(store), "--public", str(tmp_path / "pub.db")],
                           SCHEMA_VERSION)):      # a public copy is read by today's tools
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
        conn = sqlite3.connect(args[-1])
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        conn.close()
    assert tables_of(store)["user_version"] == [(SCHEMA_VERSION - 1,)]   # untouched
    result = runner.invoke(main, ["datasette-metadata", "--db", str(store)])
    assert result.exit_code == 0 and json.loads(result.stdout)["databases"]["old"]
