"""euchre-records: a verifying notation, replay engine and record service for Euchre.

The core (this package's own modules) is pure: no I/O, no web, no database. The notation lives in
``euchre_records.schema``, the HTTP API in ``euchre_records.api``, the command line in
``euchre_records.cli``.
"""

__version__ = "0.1.0"
