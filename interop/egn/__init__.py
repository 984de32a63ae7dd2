"""EGN, the Euchre Game Notation (../shared/egn-spec/), read and written as published.

The public face of the format: JSON documents (module :mod:`.document`: :func:`egn_to_record`,
:func:`record_to_egn`, :func:`egn_losses`) and binary ``.egnb`` files (module :mod:`.binary`:
:func:`egnb_to_record`, :func:`record_to_egnb`); games of two, three and five players as
records at a table of n (module :mod:`.tables`: :func:`egn_to_any`, :func:`table_record_to_egn`;
binary :func:`egnb_to_any`, :func:`table_record_to_egnb`). The other modules are its parts: cards and calls,
rules flags, card exchanges, annotations and lines, the condensed bit stream, the protobuf wire
format and the 1.0/1.1 upgrade. Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "FILE_TYPE": "document", "VERSION_RE": "document", "is_egn": "document",
    "egn_to_record": "document", "egn_text_to_record": "document", "record_to_egn": "document",
    "egn_losses": "document", "egn_where": "document", "in_egn_terms": "document",
    "EXPANDED": "binary", "CONDENSED": "binary", "MAX_SIZE": "binary", "is_egn_binary": "binary",
    "egnb_to_egn": "binary", "egn_to_egnb": "binary", "egnb_to_record": "binary",
    "record_to_egnb": "binary", "egnb_to_any": "binary", "table_record_to_egnb": "binary",
    "egn_to_any": "tables", "egn_to_table_record": "tables", "table_record_to_egn": "tables",
    "table_egn_losses": "tables", "egn_players": "tables",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
