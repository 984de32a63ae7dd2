"""Records at tables of two, three and five: load, dump and the replay result's JSON
(docs/FORMAT.md "Tables of two, three and five"). The public names, from the modules of each
concern:

- :func:`load_table_record` (a parsed JSON value -> :class:`Record`, every problem located):
  :mod:`.per_table`, the four-handed schemas built for the table; :func:`load_any` (a record of
  any table by ``rules.seats``): :mod:`.notation`;
- :func:`dump_table_record` (the canonical dict) and :func:`dumps_table` (the canonical text):
  :mod:`.canonical`'s ``dump_record`` and ``dumps``, the one dumper of every table (the
  schemas of the record's table);
- :func:`dump_table_result`, the JSON of the :class:`ReplayResult` of a table of n:
  :mod:`.results`, the one result dump of every table.

Contracts: ``load_table_record(dump_table_record(r)) == r`` for every record loaded, and
``dumps_table(load_table_record(json.loads(t))) == t`` for every canonical text ``t``.
"""

from __future__ import annotations

from .canonical import dump_table_record, dumps_table
from .notation import load_any
from .per_table import load_table_record
from .results import dump_table_result

__all__ = ["load_table_record", "dump_table_record", "dumps_table", "load_any", "dump_table_result"]
