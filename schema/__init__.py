"""The notation: marshmallow schemas that load JSON into the model and dump it back.

Public API (the format itself is described in docs/FORMAT.md):

- :func:`load_record`, :func:`dump_record`, :func:`loads`, :func:`dumps`, :func:`iter_jsonl`
  (module :mod:`.notation`);
- :func:`dump_result`, the JSON shape of a replay result (module :mod:`.results`);
- :func:`generate_json_schema`, the JSON Schema (draft 2020-12) of the notation
  (module :mod:`.jsonschema_gen`).
"""

from .jsonschema_gen import generate_json_schema
from .notation import dump_record, dumps, iter_jsonl, load_record, loads
from .results import dump_result

__all__ = ["load_record", "dump_record", "loads", "dumps", "iter_jsonl", "dump_result",
           "generate_json_schema"]
