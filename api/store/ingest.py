"""From submitted text to a :class:`Submission`: parse, replay, canonicalise, hash.

This is the only place the service turns text into a record; the API, the CLI import and the
benchmarks all go through :func:`prepare`. ``parse`` is the single input function; it accepts
every notation ``schema.detect.load_any`` knows (ours and EGN).

One ingest for every table size: a record at a table of 2, 3 or 5 (docs/TABLES.md) is read,
replayed and written by the same functions as a four-handed one (``match.replay``,
``notation.dump_record``, ``results.dump_result``), its table (:data:`_LOADERS`) choosing only the
loader that reads its canonical data back.

Contract: :func:`prepare` either returns a Submission (the record is valid: it may still carry
findings) or raises :class:`~euchre_records.errors.RecordError` (NotationError, InconsistentRecord
or UnsupportedRules) whose ``problems`` locate every error found.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable

from euchre_records.errors import NotationError, Problem, RecordError
from euchre_records.match import replay
from euchre_records.model import FORMAT_NAME, Record, ReplayResult
from euchre_records.table_view import RecordView, view_of
from euchre_records.interop.detect import load_any_table_data, notation_of, parse_json
from euchre_records.interop.egn.document import in_egn_terms
from euchre_records.schema.json_text import compact
from euchre_records.schema.notation import dump_record, indented_json, load_record
from euchre_records.schema.tables import load_table_record
from euchre_records.schema.wire import decode_record
from euchre_records.schema.results import dump_result

# All imported here, not at first use: a parallel import forks its workers after loading this
# module, so they share these modules instead of each importing them again.

__all__ = ["Submission", "parse", "prepare", "prepare_record", "restorable", "error_payload",
           "in_egn_terms", "table_data", "parse_marked"]


def parse(text: str) -> Record:
    """Text (our notation or EGN, told apart by content) to a Record, of the table of four or a
    table of 2, 3 or 5 seats. Raises NotationError or UnsupportedRules."""
    return parse_marked(text)[0]


def parse_marked(text: str | bytes) -> tuple[Record, bool]:
    """The record and whether it was written in EGN (parse_json reports too-deep nesting): the
    one reader of a record's text, the store's and the CLI's (a file, or a line of JSON Lines:
    cli/inputs.py). A valid four-handed record in our notation is decoded by msgspec
    (schema/wire.py); a record at a table of n != 4 by schema/tables.py (:func:`table_data`);
    anything else (EGN of 2 to 5 players, an invalid record) is parsed and loaded by the
    schemas."""
    record = decode_record(text)
    if record is not None:
        return record, False
    data = parse_json(text)
    if table_data(data):
        return load_table_record(data), False
    return load_any_table_data(data), notation_of(data) == "egn"


@dataclass(frozen=True, slots=True)
class Submission:
    """A valid record ready to store: the model, its replay and their JSON texts.

    ``record`` a Record of any table, ``result`` its ReplayResult (match.replay), texts by
    notation.dumps and dump_result (the one dumper of each). :attr:`view` reads it as one table view,
    built at its first read and kept: the store's rows and the dataset's tables of one
    submission read the same view."""

    record: Record
    result: ReplayResult
    canonical: str      # canonical JSON text of the record (notation.dumps, every table)
    hash: str           # sha256 hex of ``canonical`` (UTF-8)
    result_json: str    # JSON text of dump_result(result)
    _view: RecordView | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def seats(self) -> int:
        return self.record.table.seats

    @property
    def view(self) -> RecordView:
        """The table view of the record and its replay (euchre_records.table_view), built once
        per submission (the dataclass is frozen: kept with ``object.__setattr__``)."""
        view = self._view
        if view is None:
            view = view_of(self.record, self.result)
            object.__setattr__(self, "_view", view)
        return view


def table_data(data: object) -> bool:
    """Whether ``data`` (parsed JSON) is a record of our notation at a table of n != 4 seats
    (``rules.seats`` an integer other than 4). A ``seats`` that is no integer is left to the
    four-handed reader, which locates the error."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        return False
    rules = data.get("rules")
    if not isinstance(rules, dict):
        return False
    seats = rules.get("seats", 4)
    return isinstance(seats, int) and not isinstance(seats, bool) and seats != 4


_LOADERS: dict[bool, Callable[[Any], Any]] = {True: load_record, False: load_table_record}
"""By whether the record's partnerships are fixed (the table of four): the loader that reads its
canonical data back. The one thing a record's table decides in its ingest (the replay and the
dumpers are one for every table)."""


def prepare_record(record: Record, *, from_notation: bool = False,
                   result_text: bool = True) -> Submission:
    """Replay a parsed record of any table and build its canonical and result texts (without
    ``result_text``, ``result_json`` is left empty: the bulk tables hold no result text).

    What the store accepts, its own dump restores: a record that did not come from our notation
    (EGN, binary EGN, EMN; ``from_notation`` is False) is refused unless what its canonical text
    says reads back through the notation's schema (:func:`restorable`), so a name with a newline
    or a bidirectional control read from EGN is refused here, not stored to make a backup that
    cannot be imported. The canonical text is notation.dumps, the one dumper of every table: the
    record's data as 2-space JSON and a newline."""
    result = replay(record)
    data = dump_record(record)
    canonical = indented_json(data) + "\n"  # dumps, from the data checked below
    if not from_notation:
        restorable(data, _LOADERS[record.table.fixed_sides])
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    result_json = compact(dump_result(result)) if result_text else ""  # orjson: faster
    return Submission(record, result, canonical, digest, result_json)


def restorable(data: dict[str, Any], load: Callable[[Any], Any] = load_record) -> None:
    """Raise NotationError unless ``data`` (a record as its canonical text writes it,
    notation.dump_record at every table) loads through the notation's schema
    (``load``: load_record, or load_table_record at a table of n), as importing a dump of the
    store does; its problems are located in the notation (``players.N.name: ...``). The data,
    not the text parsed again: the text is the data written as JSON, and reading it gives it
    back."""
    try:
        load(data)
    except NotationError as exc:
        raise NotationError([Problem(p.where, f"{p.what} (the store keeps only what its dump "
                                              "can restore)") for p in exc.problems]) from None


def prepare(text: str, *, result_text: bool = True) -> Submission:
    """Parse, replay and canonicalise one record text. Raises RecordError, located in the
    notation the text is written in (EGN paths for an EGN document). ``result_text`` as
    :func:`prepare_record`."""
    record, egn = parse_marked(text)
    try:
        return prepare_record(record, from_notation=not egn, result_text=result_text)
    except RecordError as exc:
        if egn:
            raise in_egn_terms(exc) from None
        raise


def error_payload(exc: RecordError) -> list[dict[str, str]]:
    """The located problems of an error as JSON-ready dicts ``{"where", "what"}``."""
    return [{"where": p.where, "what": p.what} for p in exc.problems]
