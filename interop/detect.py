"""Read a record in any notation we know, deciding from the content, never from a file name.

- our notation declares ``"format": "euchre-records"`` (see docs/FORMAT.md);
- EGN declares ``"fileType": "Euchre Game Notation"`` (see :mod:`euchre_records.schema.egn`).

For ``euchre validate``, ``replay``, ``import`` and ``POST /records``. Contract: returns a
:class:`Record` or raises NotationError (not JSON, not a known notation, or malformed) or
UnsupportedRules (an EGN flag we do not play). JSON syntax errors give line and column.

>>> load_any('{"title": "a game"}')
Traceback (most recent call last):
...
euchre_records.errors.NotationError: not a euchre record: expected "format": "euchre-records" (our notation) or "fileType": "Euchre Game Notation" (EGN); an EMN match file (an event) goes in with `euchre event import`
"""

from __future__ import annotations


from euchre_records.errors import NotationError
from euchre_records.model import FORMAT_NAME, Record

from euchre_records.interop.egn.document import FILE_TYPE, egn_to_any, egn_to_record, is_egn
from euchre_records.schema.notation import load_record, parse_json

__all__ = ["notation_of", "load_any", "load_any_data", "load_any_table_data", "parse_json"]


def notation_of(data: object) -> str | None:
    """``"euchre-records"``, ``"egn"`` or None (not a record we know) for a parsed JSON value."""
    if isinstance(data, dict):
        if data.get("format") == FORMAT_NAME:
            return FORMAT_NAME
        if is_egn(data):
            return "egn"
    return None


def load_any_data(data: object, tables: bool = False) -> Record:
    """Load an already-parsed JSON value in our notation or in EGN: a four-handed record, or with
    ``tables`` a record at any table (a table of two, three or five otherwise refused)."""
    kind = notation_of(data)
    if kind == "egn":
        return egn_to_any(data) if tables else egn_to_record(data)
    if kind == FORMAT_NAME or (isinstance(data, dict) and "format" in data and "fileType" not in data):
        if tables:
            from euchre_records.schema.tables import load_any as load_either
            return load_either(data)
        return load_record(data)
    from euchre_records.interop.emn.document import is_emn
    if is_emn(data):   # a whole match, not one record: another command reads it
        raise NotationError("not a single euchre record but an EMN match file (a whole event): "
                            "import it with `euchre event import FILE --db DB`")
    raise NotationError(f'not a euchre record: expected "format": "{FORMAT_NAME}" (our notation) '
                        f'or "fileType": "{FILE_TYPE}" (EGN); an EMN match file (an event) '
                        'goes in with `euchre event import`')


def load_any_table_data(data: object) -> Record:
    """As :func:`load_any_data`, and a record of two, three or five players (our ``rules.seats``
    or EGN's ``num_players``) as a :class:`Record` instead of refused."""
    return load_any_data(data, tables=True)


def load_any(text: str | bytes) -> Record:
    """Parse JSON text in our notation or in EGN (detected from the content)."""
    return load_any_data(parse_json(text))
