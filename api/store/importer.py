"""Bulk import: files, folders, JSON Lines and stdin into the store, streaming.

Contracts:
- :func:`iter_sources` yields ``(source, text)`` pairs lazily: a ``.jsonl``/``.ndjson`` file (or a
  JSON Lines stdin) one line at a time, so memory stays flat however large the input; any other
  file is one record (our notation or EGN). Folders are walked recursively in name order for
  ``*.json``, ``*.egn``, ``*.jsonl`` and ``*.ndjson``; JSON files there that declare no notation
  (expected-result goldens, notes) are skipped and reported, while an explicitly named file is
  always treated as a record.
- :func:`import_sources` validates, replays and stores each record (batched transactions, each
  record all or nothing) and returns an :class:`ImportReport`; it never raises for a bad record,
  and no record, however bad, costs the valid ones (a failure is that record's problem; an
  interruption keeps every record already stored).
- A text imported before (same SHA-256 of its stripped text, table ``input_hashes``) is counted
  a duplicate before it is parsed, so re-running an interrupted import costs little more than
  reading the input.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing as mp
import os
import pickle
import queue
import sqlite3
import sys
import threading
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator, TypeVar

import sqlite_utils

from euchre_records.errors import RecordError

from .row_tuples import Rows
from .store import Saved, Store

__all__ = ["ImportReport", "iter_sources", "import_sources", "input_size", "input_hash", "MAX_REASONS",
           "WorkerDied", "import_pragmas", "WINDOW"]

MAX_REASONS = 1000
"""Invalid inputs whose reasons are kept in the report; past this they are only counted."""

JSONL_SUFFIXES = (".jsonl", ".ndjson")
Key = TypeVar("Key")
RECORD_SUFFIXES = (".json", ".egn")


@dataclass
class ImportReport:
    stored: int = 0
    duplicates: int = 0
    invalid: int = 0
    skipped: list[str] = field(default_factory=list)
    deals: int = 0
    reasons: list[tuple[str, list[str]]] = field(default_factory=list)  # (source, problems)
    ids: list[int] = field(default_factory=list)  # stored ids, only when asked for
    # valid records with findings or scoresheet disagreements: (source, messages), first MAX_REASONS
    findings: list[tuple[str, list[str]]] = field(default_factory=list)
    with_findings: int = 0

    @property
    def ok(self) -> bool:
        return self.invalid == 0

    def as_dict(self) -> dict[str, object]:
        return {"stored": self.stored, "duplicates": self.duplicates, "invalid": self.invalid,
                "skipped": self.skipped, "deals": self.deals,
                "reasons": [{"source": s, "problems": p} for s, p in self.reasons]}


EMPTY = "the file is empty"
NOT_UTF8 = "the file is not UTF-8 text"
"""What ``euchre import`` and ``euchre validate`` (cli/inputs.py) both say of such a file."""
"""What an input without a record (nothing, or only blanks) is told, whatever its kind."""


def _lines(stream: IO[str], name: str, progress: Callable[[int], None],
           report: ImportReport | None = None) -> Iterator[tuple[str, str]]:
    empty = True
    for number, line in enumerate(stream, 1):
        progress(len(line))
        if line.strip():
            empty = False
            yield f"{name}:{number}", line
    if empty and report is not None:
        _invalid(report, name, [EMPTY])


def _is_record_file(path: Path) -> bool:
    from euchre_records.interop.detect import notation_of, parse_json
    try:
        data = parse_json(path.read_text(encoding="utf-8-sig"))
    except (RecordError, ValueError, OSError):  # too deep, not JSON, not UTF-8, unreadable
        return True  # let the import report why it is invalid
    return not isinstance(data, dict) or "format" in data or notation_of(data) is not None


def _walk(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and (path.suffix in RECORD_SUFFIXES or path.suffix in JSONL_SUFFIXES
                               or path.suffix == ".egnb"):
            yield path


def input_size(paths: Iterable[str]) -> int | None:
    """Total bytes of the named inputs (for a progress bar); None if stdin is among them."""
    total = 0
    for p in paths:
        if p == "-":
            return None
        path = Path(p)
        files = _walk(path) if path.is_dir() else [path]
        total += sum(f.stat().st_size for f in files if f.exists())
    return total


def iter_sources(paths: Iterable[str], report: ImportReport, stdin: IO[str] | None = None,
                 progress: Callable[[int], None] = lambda n: None) -> Iterator[tuple[str, str]]:
    """``(source, text)`` for every record in ``paths`` (``-`` is stdin); see module contract.
    Unreadable paths are counted invalid in ``report``."""
    for p in paths:
        if p == "-":
            yield from _stdin(stdin or sys.stdin, progress, report)
            continue
        path = Path(p)
        if path.is_dir():
            for file in _walk(path):
                if file.suffix in RECORD_SUFFIXES and not _is_record_file(file):
                    report.skipped.append(str(file))
                    progress(file.stat().st_size)
                    continue
                yield from _file(file, report, progress)
        else:
            yield from _file(path, report, progress)


def _file(path: Path, report: ImportReport, progress: Callable[[int], None]
          ) -> Iterator[tuple[str, str]]:
    try:
        if path.suffix.lower() in (".csv", ".xlsx"):  # a spreadsheet scoresheet: a record per sitting
            from euchre_records.interop.sheets.table import sheet_sources
            for source, text, problems in sheet_sources(str(path), progress):
                if problems:
                    _invalid(report, source, problems)
                else:
                    yield source, text
        elif path.suffix in JSONL_SUFFIXES:
            with path.open(encoding="utf-8-sig") as stream:
                yield from _lines(stream, str(path), progress, report)
        elif path.suffix == ".egnb":   # binary EGN: stored as the EGN document it holds
            from euchre_records.interop.egn.binary import egnb_to_egn
            data = path.read_bytes()
            progress(len(data))
            if not data:
                _invalid(report, str(path), [EMPTY])
                return
            try:
                yield str(path), json.dumps(egnb_to_egn(data), ensure_ascii=False)
            except RecordError as exc:
                _invalid(report, str(path), [str(p) for p in exc.problems])
        else:
            text = path.read_text(encoding="utf-8-sig")
            progress(len(text))
            if not text.strip():
                _invalid(report, str(path), [EMPTY])
                return
            yield str(path), text
    except UnicodeDecodeError:   # a picture, a spreadsheet saved as binary ...
        _invalid(report, str(path), [NOT_UTF8])
    except OSError as exc:
        _invalid(report, str(path), [f"cannot read the file: {exc.strerror or exc}"])


def _stdin(stream: IO[str], progress: Callable[[int], None],
           report: ImportReport | None = None) -> Iterator[tuple[str, str]]:
    """JSON Lines if the first non-blank line is a whole JSON value, else one record."""
    head: list[str] = []
    for line in stream:
        head.append(line)
        if line.strip():
            break
    first = "".join(head)
    if not first.strip():
        if report is not None:
            _invalid(report, "<stdin>", [EMPTY])
        return
    try:
        json.loads(first)
    except (ValueError, RecursionError):  # not one JSON line: the whole text is one record
        yield "<stdin>", first + stream.read()
        return
    yield "<stdin>:%d" % len(head), first
    for number, line in enumerate(stream, len(head) + 1):
        progress(len(line))
        if line.strip():
            yield f"<stdin>:{number}", line


def _invalid(report: ImportReport, source: str, problems: list[str]) -> None:
    report.invalid += 1
    if len(report.reasons) < MAX_REASONS:
        report.reasons.append((source, problems))


def _prepare_rows(text: str) -> Rows | list[str]:
    """Worker side of a parallel import: the rows of a record, or its problems. Never raises for
    one record: an unexpected failure (a bug) is that record's problem, and the import goes on."""
    from .dump import unwrap
    from .ingest import prepare  # loaded at the first record to parse (a re-run parses none)
    from .rows import rows_of
    try:
        record_text, by = unwrap(text)   # a line of a store's dump names its submitter
        try:
            rows = rows_of(prepare(record_text))
        except RecordError as exc:
            raise exc if record_text is text else exc.located("record") from None
        return rows if by is None else replace(rows, submitted_by=by)
    except RecordError as exc:
        return [str(p) for p in exc.problems]
    except RecursionError:
        return ["the record is nested too deeply to read"]
    except Exception as exc:  # a bug: reported with the record, never the end of the import
        return [f"internal error (a bug, please report it): {type(exc).__name__}: {exc}"[:500]]


def input_hash(text: str) -> str:
    """SHA-256 hex of an input text as read (stripped of surrounding white space): the key of
    ``input_hashes``, looked up before any parsing."""
    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


def _unseen(db: sqlite_utils.Database, sources: Iterable[tuple[str, str]], report: ImportReport
            ) -> Iterator[tuple[tuple[str, str], str]]:
    """The sources whose exact text was never imported, as ``((source, input hash), text)``; the
    others count as duplicates at once (a re-run costs reading, hashing and one indexed lookup
    per record)."""
    lookup = db.conn.execute
    for source, text in sources:
        digest = input_hash(text)
        if lookup("SELECT 1 FROM input_hashes WHERE hash = ?", (digest,)).fetchone():
            report.duplicates += 1
            continue
        yield (source, digest), text


WORKER_NICENESS = 10
"""How much lower the parsing workers run than the writer: the single writer is the import's
critical path, so when the cores are all busy it should not wait for one (on 2 cores with
``--jobs 2``, 3-10 % off the wall time of benchmarks/bench_import.py, measured A/B)."""

WINDOW = 128
"""Records a parallel import stores with one ``add.many`` (one statement a table)."""

CHUNK = 16
"""Records sent to a worker in one message (and answered in one)."""

AHEAD = 2 * WINDOW
"""Records given to the workers and not yet answered, at most: the workers prepare the next
windows while the writer stores one, so they never wait for it to hand them work, and memory
stays bounded whatever the input's size. Read and not yet stored are at most
``AHEAD + WINDOW + CHUNK`` records (400): what an interruption leaves unstored."""

CACHE_KIB = 8192
"""SQLite's page cache of the import's connection, in KiB (``PRAGMA cache_size``; SQLite's
default is 2,000): a batch of 500 records changes about 9 MB of pages, which a small cache
spills into the WAL mid-transaction and writes again (8 MiB: 28 % fewer page writes, by
strace, for 1,000 rubbers).
A bound, not a growth: memory stays flat in the input. 16 MiB was no faster within the noise
and added 18 MB to the peak."""


class WorkerDied(RuntimeError):
    """A worker process of a parallel import ended without answering (killed, out of memory).
    The records stored before it stay stored (see :meth:`Store.bulk`)."""


@contextmanager
def import_pragmas(conn: sqlite3.Connection) -> Iterator[None]:
    """The connection settings an import writes under (:data:`CACHE_KIB`), then the connection's
    own again. Durability and the schema are untouched: the same journal (WAL), ``synchronous``,
    foreign keys, indexes and triggers as every other write."""
    before = conn.execute("PRAGMA cache_size").fetchone()[0]
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    try:
        yield
    finally:
        conn.execute(f"PRAGMA cache_size = {int(before)}")


def _lower_priority() -> None:
    """A worker's start: it yields the CPU to the writer when they compete."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not permitted here: the same priority, only slower
        pass


def _work(conn: Connection) -> None:
    """A worker process: each message is a list of texts, answered with their rows or problems
    (:func:`_prepare_rows`, which never raises), in order; ``None`` or a closed pipe ends it."""
    _lower_priority()
    while True:
        try:
            texts = conn.recv()
        except (EOFError, OSError):
            return
        if texts is None:
            return
        conn.send([_prepare_rows(text) for text in texts])


class _Workers:
    """``jobs`` forked worker processes, each with its own pipe, fed chunks round-robin by one
    thread (so that the writer never blocks on a full pipe while a worker blocks on its answer)
    and answered in the order given: worker ``n % jobs`` answers chunk ``n``, and each answers
    its chunks in order, so the answers come back in input order. A reader thread a worker
    takes each answer off its pipe as soon as it is sent, as bytes (so no worker waits for the
    writer to want its answer: they work ahead up to :data:`AHEAD`), and the writer's own thread
    unpickles it when it is wanted (not a second thread holding the interpreter while the
    writer runs its statements)."""

    def __init__(self, jobs: int) -> None:
        context = mp.get_context("fork")  # no threads yet; spawn breaks on -c scripts
        self.pipes: list[Connection] = []
        self.processes = []
        for _ in range(jobs):
            mine, theirs = context.Pipe()
            process = context.Process(target=_work, args=(theirs,), daemon=True)
            process.start()
            theirs.close()  # only the worker holds its end: its death is an EOF here
            self.pipes.append(mine)
            self.processes.append(process)
        self.outbox: queue.Queue[tuple[int, list[str]] | None] = queue.Queue()
        self.inboxes: list[queue.Queue[bytes | None]] = [queue.Queue() for _ in range(jobs)]
        self.threads = [threading.Thread(target=self._feed, name="import-feeder", daemon=True)]
        self.threads += [threading.Thread(target=self._read, args=(worker,),
                                          name=f"import-reader-{worker}", daemon=True)
                         for worker in range(jobs)]
        for thread in self.threads:
            thread.start()
        self.sent = 0

    def _feed(self) -> None:
        while (item := self.outbox.get()) is not None:
            worker, texts = item
            try:
                self.pipes[worker].send(texts)
            except OSError:  # the worker is gone: its reader is told (an EOF)
                pass

    def _read(self, worker: int) -> None:
        """Move ``worker``'s answers, as sent, to its inbox; ``None`` when its pipe ends."""
        pipe, inbox = self.pipes[worker], self.inboxes[worker]
        while True:
            try:
                inbox.put(pipe.recv_bytes())
            except (EOFError, OSError):
                inbox.put(None)
                return

    def submit(self, texts: list[str]) -> int:
        """Give a chunk to the next worker; the worker's number."""
        worker = self.sent % len(self.pipes)
        self.sent += 1
        self.outbox.put((worker, texts))
        return worker

    def answer(self, worker: int) -> list[Rows | list[str]]:
        """The answer to the oldest chunk given to ``worker`` and not yet answered."""
        data = self.inboxes[worker].get()
        if data is None:
            self.inboxes[worker].put(None)   # and to any later question
            self.processes[worker].join(timeout=5)   # its end may come a moment after its pipe's
            code = self.processes[worker].exitcode
            raise WorkerDied(f"an import worker ended without answering (exit code {code}); "
                             "the records stored before it are kept, and running the same "
                             "import again stores the rest")
        answer: list[Rows | list[str]] = pickle.loads(data)
        return answer

    def close(self) -> None:
        """Stop the feeder, the workers (at once if they are still busy) and the readers."""
        self.outbox.put(None)
        self.threads[0].join(timeout=5)
        for pipe in self.pipes:
            try:
                pipe.send(None)
            except OSError:
                pass
        for process in self.processes:
            process.join(timeout=1)
            if process.is_alive():
                process.terminate()
                process.join()
        for thread in self.threads[1:]:   # each sees its worker's end as the end of its pipe
            thread.join(timeout=5)
        for pipe in self.pipes:
            pipe.close()


def _prepared(sources: Iterable[tuple[Key, str]], jobs: int
              ) -> Iterator[list[tuple[Key, Rows | list[str]]]]:
    """``(source, rows or problems)`` in input order, in groups: one record at a time in this
    process (each stored as soon as read, for a stream), or with ``jobs`` > 1 a window of
    :data:`WINDOW` at a time from worker processes that parse and replay them while this process
    stores the window before (at most :data:`AHEAD` records in flight: memory stays flat)."""
    if jobs <= 1:
        for source, text in sources:
            yield [(source, _prepare_rows(text))]
        return
    it = iter(sources)
    first = list(islice(it, CHUNK))
    if not first:  # nothing new (a re-run): no worker processes at all
        return
    from . import ingest, rows  # noqa: F401  (loaded once here, not in every forked worker)
    workers = _Workers(jobs)
    try:
        given: deque[tuple[int, list[Key]]] = deque()  # (worker, sources) not yet answered
        in_flight = 0
        group: list[tuple[Key, Rows | list[str]]] = []
        chunk = first
        while chunk or given:
            if chunk:
                given.append((workers.submit([text for _, text in chunk]),
                              [source for source, _ in chunk]))
                in_flight += len(chunk)
                chunk = list(islice(it, CHUNK))
            if not chunk or in_flight >= AHEAD:   # enough given: take the oldest answer
                worker, names = given.popleft()
                group.extend(zip(names, workers.answer(worker)))
                in_flight -= len(names)
                if len(group) >= WINDOW or not (chunk or given):
                    yield group
                    group = []
    finally:
        workers.close()


def import_sources(db: sqlite_utils.Database, sources: Iterable[tuple[str, str]],
                   report: ImportReport | None = None, submitted_by: str | None = None,
                   batch: int = 500, keep_ids: bool = False, jobs: int = 1) -> ImportReport:
    """Validate, replay and store every ``(source, text)``; see module contract. ``jobs`` > 1
    parses and replays in that many forked worker processes (call it from a single-threaded
    process, as the CLI does); the writes stay in this one, a window of records at a time."""
    report = report or ImportReport()
    with import_pragmas(db.conn), Store(db).bulk(submitted_by, batch) as add:
        for group in _prepared(_unseen(db, sources, report), jobs):
            valid: list[tuple[str, str, Rows]] = []
            for (source, digest), rows in group:
                if isinstance(rows, list):
                    _invalid(report, source, rows)
                else:
                    valid.append((source, digest, rows))
            outcomes = add.many([rows for _, _, rows in valid])
            remembered: dict[str, int] = {}
            for (source, digest, rows), outcome in zip(valid, outcomes):
                if not isinstance(outcome, Saved):
                    _invalid(report, source, [str(outcome)])
                    continue
                if outcome.duplicate and _text_stored_now(db, digest, remembered):
                    # the very text came earlier in this import and was stored: a duplicate
                    # by its input hash, as the one-process import (which stores the first
                    # before it reads the second) counts it, findings untold
                    report.duplicates += 1
                    continue
                remembered.setdefault(digest, outcome.id)
                _count(report, source, rows, outcome, keep_ids)
            db.conn.executemany("INSERT OR IGNORE INTO input_hashes (hash, record_id) "
                                "VALUES (?, ?)", list(remembered.items()))
    return report


def _text_stored_now(db: sqlite_utils.Database, digest: str, remembered: dict[str, int]) -> bool:
    """Whether a text of this input hash was stored earlier in this import: in this window
    (``remembered``) or an earlier one (its ``input_hashes`` row is written; none was before
    the import, or :func:`_unseen` would have counted this text at once)."""
    return digest in remembered or db.conn.execute(
        "SELECT 1 FROM input_hashes WHERE hash = ?", (digest,)).fetchone() is not None


def _count(report: ImportReport, source: str, rows: Rows, saved: Saved, keep_ids: bool) -> None:
    """A stored record (or a duplicate) in the report, with its findings."""
    findings = rows.findings
    if findings:  # message is column 7 (row_tuples.Rows), at every table
        report.with_findings += 1
        if len(report.findings) < MAX_REASONS:
            report.findings.append((source, [str(f[7]) for f in findings]))
    if saved.duplicate:
        report.duplicates += 1
    else:
        report.stored += 1
        report.deals += len(rows.deals)
        if keep_ids:
            report.ids.append(saved.id)
