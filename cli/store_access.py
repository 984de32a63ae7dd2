"""How a command opens the store: the ``--db`` option and the rules of opening (read commands never
create or migrate a file; a file that cannot be used is one line, exit 1, never a traceback).

Shared by the record, token and interop commands; it imports no command module, so they can all
import it (no cycle).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..api.store.migrations import StoreUnavailable, open_store

__all__ = ["DEFAULT_DB", "db_option", "open_for_command"]

DEFAULT_DB = "euchre-records.db"

db_option = click.option(
    "--db", "db_path", type=click.Path(dir_okay=False), default=DEFAULT_DB, show_default=True,
    envvar="EUCHRE_DB", help="The SQLite database file (also from $EUCHRE_DB).")


def open_for_command(path: str, must_exist: bool = True, write: bool = False) -> Any:
    """The store for a command. Read commands (the default) open it read-only: they never create,
    migrate or add tables to a file. ``must_exist=False`` creates or migrates it (import);
    ``write=True`` with ``must_exist`` writes to an existing store (correct). A file that cannot
    be used is a clear error (exit 1), never a traceback (migrations.open_store)."""
    try:
        if must_exist and write and not Path(path).exists():
            raise StoreUnavailable(f"no database {path!r}; create one with: euchre import FILE "
                                   f"--db {path}")
        return open_store(path, write=write or not must_exist)
    except StoreUnavailable as exc:
        raise click.ClickException(str(exc)) from None
