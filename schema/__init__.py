"""The notation: marshmallow schemas that load JSON into the model and dump it back.

Public API (the format itself is described in docs/FORMAT.md):

- :func:`load_record`, :func:`dump_record`, :func:`loads`, :func:`dumps`, :func:`iter_jsonl`
  (module :mod:`.notation`);
- :func:`dump_result`, the JSON shape of a replay result (module :mod:`.results`);
- :func:`generate_json_schema`, the JSON Schema (draft 2020-12) of the notation
  (module :mod:`.jsonschema_gen`).

Other notations (EGN, EMN, spreadsheets, OpenSpiel) are :mod:`euchre_records.interop`.
"""

from euchre_records.lazy_exports import lazy_exports

_HOME = {"load_record": "notation", "dump_record": "notation", "loads": "notation",
         "dumps": "notation", "iter_jsonl": "notation", "dump_result": "results",
         "generate_json_schema": "jsonschema_gen"}

__all__ = ["load_record", "dump_record", "loads", "dumps", "iter_jsonl", "dump_result",
           "generate_json_schema"]

# The public names, imported on first use: importing one module of the notation does not import
# the JSON Schema generator and the rest with it.
__getattr__ = lazy_exports(__name__, _HOME)
