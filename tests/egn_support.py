"""EGN's published JSON Schema as the tests' oracle, with its formats checked.

Without a format checker, JSON Schema treats ``"format": "date-time"`` as a note: EGN's
``metadata.date`` (``anyOf`` the format ``date-time`` or a pattern) would then pass any text.
:data:`EGN_VALIDATOR` checks formats (``date-time`` by rfc3339-validator, which jsonschema uses
when installed), and :func:`check_formats_enforced` proves it, failing loudly where the checker
is missing rather than letting every date through.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")

DATA = Path(__file__).parent / "data" / "egn"
EGN_SCHEMA: dict[str, Any] = json.loads((DATA / "egn-schema-v1.json").read_text(encoding="utf-8"))
EGN_VALIDATOR = jsonschema.Draft7Validator(
    EGN_SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def check_formats_enforced() -> None:
    """Fails unless the validator refuses the date-only text EGN's schema forbids."""
    def doc(date: str) -> dict[str, Any]:
        return {"fileType": "Euchre Game Notation", "version": "1.4",
                "metadata": {"players": [], "initialScore": [0, 0], "date": date}, "deals": []}
    assert EGN_VALIDATOR.is_valid(doc("2024-10-15T19:02:00+01:00"))
    assert not EGN_VALIDATOR.is_valid(doc("2024-10-15T19:02+01:00")), \
        "date-time not enforced: install rfc3339-validator"


def schema_errors(doc: Any) -> list[str]:
    """Every place where ``doc`` breaks EGN's schema, as ``path: message``."""
    return [f"{'.'.join(map(str, e.absolute_path)) or '(document)'}: {e.message[:200]}"
            for e in EGN_VALIDATOR.iter_errors(doc)]
