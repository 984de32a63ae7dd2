"""Regenerate the golden replay files of the examples: ``examples/expected/<name>.json``.

Each golden file is ``dump_result(replay(record))`` (the JSON shape of ``euchre replay --format
json``) for the record ``examples/<name>.json``, written as 2-space indented JSON with a final
newline. The hand-worked ``expected/<name>.facts.json`` files are NOT touched: they are written
by hand from the rule books and are what the engine is checked against.

Usage (from the repository root)::

    python examples/regenerate.py            # rewrite every golden file
    python examples/regenerate.py --check    # exit 1 if a golden file is stale, write nothing
    python examples/regenerate.py joker-32   # only the named examples

Regenerate only after checking that the new output is right: a changed golden file is a changed
replay of a real record, so read the diff (and the facts test must still pass).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from euchre_records.match import replay
from euchre_records.schema import loads
from euchre_records.schema.results import dump_result

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"

EXAMPLES = ("somerset-rubber", "hoyle-rubber", "modern-lone-march", "club-scoresheet", "joker-32")
"""The examples that carry golden files and hand-worked facts (issue #3, "Examples")."""


def golden_text(name: str) -> str:
    """The golden text for ``examples/<name>.json`` as the engine computes it now."""
    record = loads((HERE / f"{name}.json").read_bytes())
    return json.dumps(dump_result(replay(record)), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("-")] or list(EXAMPLES)
    unknown = [n for n in names if n not in EXAMPLES]
    if unknown:
        print(f"unknown example(s): {', '.join(unknown)}; choose from {', '.join(EXAMPLES)}",
              file=sys.stderr)
        return 2
    stale = []
    for name in names:
        path = EXPECTED / f"{name}.json"
        text = golden_text(name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(name)
        if not check:
            EXPECTED.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(HERE.parent)}")
    if check and stale:
        print(f"stale golden files: {', '.join(stale)} (run python examples/regenerate.py)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
