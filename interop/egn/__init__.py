"""EGN, the Euchre Game Notation (../shared/egn-spec/), read and written as published.

The public face of the format, one reader and one writer for every table (four-handed, and the
games of two, three and five players as records at a table of n): JSON documents (module
:mod:`.document`: :func:`egn_to_any`, :func:`record_to_egn`, :func:`egn_losses`; the
four-handed :func:`egn_to_record`) and binary ``.egnb`` files (module :mod:`.binary`:
:func:`egnb_to_any`, :func:`record_to_egnb`; :func:`egnb_to_record`). The other modules are its
parts: the document's shared walk (:mod:`.front`), the per-player tables' deals
(:mod:`.per_player`, :mod:`.called`), places (:mod:`.where`), cards and calls, rules flags, card
exchanges, annotations and lines, the condensed bit stream, the protobuf wire format and the
1.0/1.1 upgrade. Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "FILE_TYPE": "document", "VERSION_RE": "document", "is_egn": "document",
    "egn_to_record": "document", "egn_text_to_record": "document", "record_to_egn": "document",
    "egn_losses": "document", "egn_where": "document", "in_egn_terms": "document",
    "EXPANDED": "binary", "CONDENSED": "binary", "MAX_SIZE": "binary", "is_egn_binary": "binary",
    "egnb_to_egn": "binary", "egn_to_egnb": "binary", "egnb_to_record": "binary",
    "record_to_egnb": "binary", "egnb_to_any": "binary",
    "egn_to_any": "document", "egn_players": "document",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
