"""The fate of every EGN file we have: read / refused (why) / round trip equal — a Markdown table.

Usage (from the repository root, the venv active):

    python benchmarks/egn_files.py                 # the copies in tests/data/egn
    python benchmarks/egn_files.py --shared ../shared   # the originals (egn-samples, egn-spec)

Columns: the file; its form (EGN JSON version, or binary condensed/expanded); **read** (the
record replays: deals, final score, findings) or **refused** with the first reason; **round
trip**: for JSON, EGN -> our record -> EGN equal to the file (1.0 files: to their documented 1.4
upgrade, phases numbered as 1.4 numbers them); for binary, the decoded document re-encoded byte
for byte, and the record -> binary -> record equal. Not a speed benchmark: it lives here so the
lead can re-run it with the others. tests/test_egn_table.py runs it too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from euchre_records.errors import RecordError
from euchre_records.match import replay
from euchre_records.model import Record
from euchre_records.interop.egn.document import egn_to_record, in_egn_terms, record_to_egn
from euchre_records.interop.egn.binary import egn_to_egnb, egnb_to_egn, egnb_to_record, record_to_egnb
from euchre_records.interop.egn.legacy import LEGACY_VERSION_RE, upgrade_legacy

ROOT = Path(__file__).resolve().parents[1]


def files(shared: Path | None) -> list[Path]:
    if shared is not None:
        return (sorted((shared / "egn-samples").glob("*.egn"))
                + sorted((shared / "egn-spec" / "binary-samples").glob("*"))
                + sorted((shared / "egn-spec" / "legacy-1.0-samples").glob("*.egn")))
    data = ROOT / "tests" / "data" / "egn"
    return (sorted(data.glob("*.egn")) + sorted((data / "binary").glob("*"))
            + sorted((data / "legacy").glob("*.egn")))


def _normal(doc: dict[str, Any]) -> dict[str, Any]:
    """The document up to formatting: phases numbered as EGN 1.4 writes them (bidding 0, trick
    play 1), and a trick-play phase's ``isAlone: false`` (the default) left out."""
    out = json.loads(json.dumps(doc))
    for deal in out.get("deals", []):
        for line in [deal] + list(deal.get("alternativeLines", [])):
            for ph in line.get("phases", []):
                ph["phaseNumber"] = 0 if ph.get("type") == "EUCHRE_BIDDING" else 1
                if ph.get("type") == "TRICK_PLAY" and ph.get("isAlone") is False:
                    del ph["isAlone"]
    return out


def _summary(record: Record) -> str:
    result = replay(record)
    game = result.games[-1] if result.games else None
    score = f"{game.score[0]}-{game.score[1]}" if game else "-"
    extra = f", {len(result.findings)} finding(s)" if result.findings else ""
    partial = ", partial game" if any(d.unfinished for d in result.deals) else ""
    return f"read: {len(result.deals)} deal(s), final {score}{extra}{partial}"


def row(path: Path) -> tuple[str, str, str, str]:
    """(file, form, read/refused, round trip) for one file."""
    data = path.read_bytes()
    binary = path.suffix == ".egnb"
    if binary:
        form = "binary " + ("expanded" if data[:1] == b"\x00" else "condensed")
        try:
            doc = egnb_to_egn(data)
            record = egnb_to_record(data)
            status = _summary(record)
        except RecordError as exc:
            return path.name, form, f"refused: {exc.problems[0]}", "-"
        same_bytes = egn_to_egnb(doc, condensed=data[0] != 0) == data
        back = egnb_to_record(record_to_egnb(record, condensed=data[0] != 0))
        trip = ("bytes equal" if same_bytes else "bytes differ") + (
            "; record equal" if back == record else "; record differs")
        return path.name, f"{form} (version {doc.get('version')})", status, trip
    doc = json.loads(data.decode("utf-8-sig"))
    version = doc.get("version")
    form = f"EGN JSON {version}"
    try:
        record = egn_to_record(doc)
        status = _summary(record)
    except RecordError as exc:
        return path.name, form, f"refused: {exc.kind}: {in_egn_terms(exc).problems[0]}", "-"
    out = record_to_egn(record)
    if isinstance(version, str) and LEGACY_VERSION_RE.fullmatch(version):
        doc, what = upgrade_legacy(doc)[0], "equal to the 1.4 upgrade"
    else:
        what = "equal"
    if out == doc:
        trip = what
    elif out == _normal(doc):
        trip = what + " up to formatting (phase numbers, isAlone: false on the trick play)"
    else:
        trip = "differs"
    return path.name, form, status, trip


def table(paths: list[Path]) -> str:
    lines = ["| file | form | read / refused | round trip |", "| --- | --- | --- | --- |"]
    for path in paths:
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row(path)) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, help="the shared folder holding egn-samples/ and egn-spec/")
    args = parser.parse_args(argv)
    print(table(files(args.shared)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
