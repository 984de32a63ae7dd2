"""The session-signing secret in its own file beside the store, readable by its owner only.

Contract:
- :func:`secret_path` is ``<store file>.secret`` (``club.db`` → ``club.db.secret``); an
  in-memory store has none.
- :func:`read_or_make` answers the secret in that file, making it on first use: 256 random
  bits as 64 hex digits, written to a temporary file of mode 0600 in the same folder and linked
  into place, so two servers starting at once agree on one secret and none ever reads half a
  file. A file readable by group or others is narrowed to 0600 (and logged). None when the
  folder cannot be written or the file not read (the caller then keeps a secret for the process
  only); ValueError for a file whose secret is shorter than ``min_length``.
- The secret is never in a table of the store, where any reader of the file (Datasette, a
  copy of it) would see it (migration 14 drops the one that older versions kept there).
"""

from __future__ import annotations

import logging
import os
import secrets
import stat
import tempfile
from pathlib import Path

__all__ = ["secret_path", "read_or_make"]

log = logging.getLogger(__name__)


def secret_path(database: str | os.PathLike[str]) -> Path | None:
    """Where the secret of the store ``database`` lives (None for an in-memory store)."""
    text = os.fspath(database)
    if not text or text == ":memory:" or text.startswith("file::memory:"):
        return None
    return Path(text + ".secret")


def read_or_make(path: Path, min_length: int) -> str | None:
    """The secret in ``path``, made if missing (see the module contract)."""
    try:
        return _read(path, min_length)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot read the session secret %s (%s)", path, exc)
        return None
    try:
        _make(path)
    except FileExistsError:
        pass  # another process made it first: read that one
    except OSError as exc:
        log.warning("cannot write the session secret beside the store, %s (%s)", path, exc)
        return None
    try:
        return _read(path, min_length)
    except OSError as exc:
        log.warning("cannot read the session secret %s (%s)", path, exc)
        return None


def _read(path: Path, min_length: int) -> str:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        log.warning("the session secret %s was readable by others (mode %o): narrowed to 0600",
                    path, mode)
        os.chmod(path, 0o600)
    text = path.read_text(encoding="ascii").strip()
    if len(text) < min_length:
        raise ValueError(f"the session secret in {path} has fewer than {min_length} characters")
    return text


def _make(path: Path) -> None:
    fd, temporary = tempfile.mkstemp(prefix=".secret-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.link(temporary, path)  # atomic; FileExistsError when another process was first
    finally:
        os.unlink(temporary)
