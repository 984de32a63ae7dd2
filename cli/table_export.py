"""``euchre export`` of records at a table of two, three or five (docs/TABLES.md): a file in our
n-handed notation (``rules.seats``), or an EGN game (JSON or binary) whose ``num_players`` is 2,
3 or 5. The other inputs go the four-handed way (cli/inputs.py); this module only tells the
n-handed ones apart and writes them.

Targets: ``egn``, ``egnb``, ``egnb-expanded`` (interop/egn/tables.py: what EGN cannot carry is
refused unless ``--lossy``, each loss named on stderr), ``jsonl`` (the canonical n-handed text,
one line). OpenSpiel's euchre and the CSV sheet are four-handed: refused with the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import RecordError, UnsupportedRules
from ..table_model import TableRecord

__all__ = ["table_input", "table_document", "is_egn_file"]


def is_egn_file(path: str) -> bool:
    """Whether ``path`` holds EGN (binary, or JSON declaring EGN's file type)."""
    from euchre_records.interop.egn.binary import is_egn_binary
    try:
        head = Path(path).read_bytes()[:4096]
    except OSError:
        return False
    return is_egn_binary(head[:2]) or path.endswith(".egnb") or b'"Euchre Game Notation"' in head


def table_input(path: str) -> TableRecord | RecordError | None:
    """The n-handed record in ``path`` (or the error reading it), or None when the file is not
    one (four-handed, another kind of input, unreadable: the four-handed reader says why)."""
    from euchre_records.interop.egn.binary import MAX_SIZE, egnb_to_egn, is_egn_binary
    from euchre_records.interop.egn.tables import egn_players, egn_to_table_record
    from euchre_records.interop.egn.rules import TABLE_COUNTS
    from ..schema.tables import load_table_record
    if path == "-" or path.lower().endswith((".csv", ".xlsx", ".jsonl", ".ndjson")):
        return None
    try:
        raw = Path(path).read_bytes()[:MAX_SIZE + 1]
    except OSError:
        return None
    try:
        if is_egn_binary(raw[:2]) or path.endswith(".egnb"):
            doc = egnb_to_egn(raw)
            return egn_to_table_record(doc) if egn_players(doc) in TABLE_COUNTS else None
        data = json.loads(raw.decode("utf-8-sig"))
    except RecordError as exc:
        return exc if isinstance(exc, UnsupportedRules) else None
    except (UnicodeDecodeError, ValueError):
        return None
    if isinstance(data, dict) and data.get("fileType") == "Euchre Game Notation":
        try:
            return egn_to_table_record(data) if egn_players(data) in TABLE_COUNTS else None
        except RecordError as exc:   # an EGN game of 2, 3 or 5 that does not read: say why
            return exc
    rules = data.get("rules") if isinstance(data, dict) else None
    seats = rules.get("seats") if isinstance(rules, dict) else None
    if isinstance(seats, int) and not isinstance(seats, bool) and seats in TABLE_COUNTS:
        try:
            return load_table_record(data)
        except RecordError as exc:
            return exc
    return None


def table_document(record: TableRecord, target: str, lossy: bool, egn: bool = False
                   ) -> tuple[Any, list[str]]:
    """The export of ``record`` to ``target`` (a JSON value, or bytes for binary EGN) and the
    stderr lines naming what the target leaves out. The record is replayed first: one that
    cannot have happened is refused (InconsistentRecord, located in the EGN document when the
    record was read from EGN: ``egn``), never exported."""
    from euchre_records.interop.egn.tables import table_in_egn_terms
    from ..table_replay import replay_table
    try:
        replay_table(record)
    except RecordError as exc:
        raise table_in_egn_terms(exc) if egn else exc from None
    if target == "openspiel":
        from .output import four_handed_only
        raise UnsupportedRules(four_handed_only(record, "--to openspiel", "OpenSpiel's euchre is "
                                                "the four-handed partnership game"), "rules.seats")
    if target == "jsonl":
        from ..schema.tables import dump_table_record
        return dump_table_record(record), []
    from euchre_records.interop.egn.binary import egn_to_egnb
    from euchre_records.interop.egn.tables import table_egn_losses, table_record_to_egn
    doc = table_record_to_egn(record, lossy=lossy)
    notes = [f"not in EGN: {p}" for p, _ in table_egn_losses(record)]
    if target.startswith("egnb"):
        return egn_to_egnb(doc, condensed=target == "egnb"), notes
    return doc, notes
