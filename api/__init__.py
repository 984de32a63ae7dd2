"""The HTTP API (Flask) and the store behind it.

Importing this package imports sqlite-utils without letting it import pandas and numpy: it
imports them (when installed) only to map their column types in inserts, which this package
never makes, and on a busy machine that import costs about a second of every command's start
(it was most of ``euchre import``'s fixed cost). ``import pandas`` later works as usual.
"""

import sys


def _sqlite_utils_without_pandas() -> None:
    if "sqlite_utils" in sys.modules:
        return
    blocked = [name for name in ("pandas", "numpy") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # makes "import name" fail at once
    try:
        import sqlite_utils  # noqa: F401
    finally:
        for name in blocked:
            if sys.modules.get(name) is None:
                del sys.modules[name]


_sqlite_utils_without_pandas()
