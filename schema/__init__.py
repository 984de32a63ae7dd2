"""The notation: marshmallow schemas that load JSON into the model and dump it back.

Public API (see docs/FORMAT.md for the format itself):

- :func:`load_record`, :func:`dump_record`, :func:`loads`, :func:`dumps`, :func:`iter_jsonl`
- :func:`dump_result` (the JSON shape of a replay result)
- :func:`generate_json_schema` (JSON Schema draft 2020-12 of the notation)
"""

from .notation import dump_record, dumps, iter_jsonl, load_record, loads

__all__ = ["load_record", "dump_record", "loads", "dumps", "iter_jsonl"]
