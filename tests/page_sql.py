"""The SQL of a documentation page's marked block, statement by statement (docs/DATASET.md's
queries across variants, run by the tests that check their figures)."""

from __future__ import annotations

import re
from pathlib import Path


def marked_statements(page: Path, marker: str) -> dict[str, str]:
    """``-- title`` -> the statement under it, for each statement of the ```sql block that
    follows ``<!-- marker -->`` on ``page`` (exactly one such block)."""
    (block,) = re.findall(rf"<!-- {re.escape(marker)} -->\n```sql\n(.*?)```",
                          page.read_text(encoding="utf-8"), re.S)
    out: dict[str, str] = {}
    for chunk in block.split(";"):
        lines = [ln for ln in chunk.strip().splitlines() if ln.strip()]
        if lines:
            assert lines[0].startswith("-- "), chunk
            out[lines[0][3:].strip()] = "\n".join(lines[1:])
    return out
