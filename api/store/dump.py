"""The lines of a store's JSON Lines dump (``euchre export --db FILE --to jsonl``), and reading
them back.

Contract:
- :func:`dump_line` writes one stored version: its record as compact JSON, as before, when no
  one is named as its submitter; else the *envelope*
  ``{"dump": "euchre-records", "submitted_by": NAME, "record": {...}}``, so that who submitted
  each version survives the dump (a dump of a store without submitters is what earlier
  releases wrote, line for line).
- :func:`unwrap` reads a line back: ``(record text, submitted_by)``. A plain record line (ours,
  EGN, anything not an envelope) is returned as it is, with no submitter, without being parsed.
  An envelope must have exactly those three members, ``dump`` equal to ``euchre-records``,
  ``submitted_by`` a string or null and ``record`` an object; otherwise it raises
  :class:`~euchre_records.errors.NotationError` located at the member at fault.
"""

from __future__ import annotations

import json

from euchre_records.errors import NotationError, Problem

__all__ = ["DUMP_MARK", "dump_line", "unwrap", "is_envelope"]

DUMP_MARK = "euchre-records"
"""The value of an envelope's ``dump`` member."""

_MEMBERS = {"dump", "submitted_by", "record"}


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dump_line(canonical: str, submitted_by: str | None) -> str:
    """One line of a dump for a stored version (no newline); see module contract."""
    record = json.loads(canonical)
    if submitted_by is None:
        return _compact(record)
    return _compact({"dump": DUMP_MARK, "submitted_by": submitted_by, "record": record})


def is_envelope(text: str) -> bool:
    """Whether a line looks like an envelope (its first member is ``dump``), without parsing."""
    head = text.lstrip()[:16]
    return head.startswith("{") and head[1:].lstrip().startswith('"dump"')


def unwrap(text: str) -> tuple[str, str | None]:
    """``(record text, submitted_by)`` of a dump line; see module contract."""
    if not is_envelope(text):
        return text, None
    from euchre_records.schema.notation import parse_json   # strict: repeated keys, depth
    data = parse_json(text)
    if not isinstance(data, dict):
        raise NotationError("a dump line must be a JSON object")
    problems = [Problem(key, "not a member of a dump line (dump, submitted_by, record)")
                for key in sorted(set(data) - _MEMBERS)]
    problems += [Problem(key, "missing") for key in sorted(_MEMBERS - set(data))]
    if data.get("dump", DUMP_MARK) != DUMP_MARK:
        problems.append(Problem("dump", f"must be {DUMP_MARK!r}"))
    by = data.get("submitted_by")
    if by is not None and not isinstance(by, str):
        problems.append(Problem("submitted_by", "must be a string or null"))
    if "record" in data and not isinstance(data["record"], dict):
        problems.append(Problem("record", "must be an object (a record)"))
    if problems:
        raise NotationError(problems)
    return _compact(data["record"]), by
