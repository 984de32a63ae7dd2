"""The n-handed branch of the store's ingest (api/store/ingest.py): records at tables of two,
three and five (docs/TABLES.md, docs/FORMAT.md "Tables of two, three and five").

Kept apart from :func:`ingest.prepare_record` so that the four-handed path (its code and its
speed) is the one it was: ``ingest`` calls in here only for a record that is not four-handed.

Contract: :func:`table_data` tells from a parsed JSON value whether it is one of our records at
a table of n != 4 (``rules.seats`` an integer other than 4); :func:`table_texts` replays a
TableRecord and gives its canonical text (``tables.dumps_table``), its sha256 and its result
JSON (``dump_table_result``), raising RecordError (located) for a record that cannot be stored.
"""

from __future__ import annotations

import hashlib
from typing import Any

from euchre_records.errors import NotationError, Problem
from euchre_records.model import FORMAT_NAME
from euchre_records.schema.json_text import compact, indented
from euchre_records.schema.tables import dump_table_record, dump_table_result, load_table_record
from euchre_records.table_model import TableRecord, TableReplay
from euchre_records.table_replay import replay_table

__all__ = ["table_data", "load_table", "table_texts"]


def table_data(data: object) -> bool:
    """Whether ``data`` is a record of our notation at a table of n != 4 seats. A ``seats``
    that is no integer is left to the four-handed reader, which locates the error."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        return False
    rules = data.get("rules")
    if not isinstance(rules, dict):
        return False
    seats = rules.get("seats", 4)
    return isinstance(seats, int) and not isinstance(seats, bool) and seats != 4


def load_table(data: object) -> TableRecord:
    """Load a record at a table of n (NotationError, every problem located)."""
    return load_table_record(data)


def table_texts(record: TableRecord, *, from_notation: bool,
                result_text: bool) -> tuple[TableReplay, str, str, str]:
    """(replay, canonical text, sha256 hex, result JSON text or "") of a record at a table of n.
    A record not read from our notation must read back from its canonical dict (what the store
    keeps, its dump restores)."""
    result = replay_table(record)
    data: dict[str, Any] = dump_table_record(record)
    if not from_notation:
        try:
            load_table_record(data)
        except NotationError as exc:
            raise NotationError([Problem(p.where, f"{p.what} (the store keeps only what its dump "
                                                  "can restore)") for p in exc.problems]) from None
    canonical = indented(data) + "\n"   # tables.dumps_table, from the data checked above
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    result_json = compact(dump_table_result(result)) if result_text else ""
    return result, canonical, digest, result_json
