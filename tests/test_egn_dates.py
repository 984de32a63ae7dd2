"""The game's date in EGN exports (issue 34, "Dates"): every date of ours becomes one EGN's
schema accepts — checked by the schema itself with its ``date-time`` format enforced
(tests/egn_support.py) — and our reader gives back the record's own date (docs/INTEROP.md,
"Dates")."""

from __future__ import annotations

import calendar
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st

from euchre_records.cli.main import main
from euchre_records.errors import UnsupportedRules
from euchre_records.interop.egn.binary import egnb_to_any, egnb_to_egn, record_to_egnb
from euchre_records.interop.egn.document import egn_to_any, egn_to_record, record_to_egn
from euchre_records.schema.tables import load_any
from euchre_records.model import Event, replace
from euchre_records.schema.notation import dumps, loads

from egn_support import EGN_VALIDATOR, check_formats_enforced, schema_errors

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "modern-lone-march.json"


VARIANTS = Path(__file__).resolve().parent / "golden" / "variants"
AT_EVERY_TABLE = {4: EXAMPLE, 2: VARIANTS / "01-two-handed-march.json",
                  3: VARIANTS / "02-cutthroat-euchre.json",
                  5: VARIANTS / "05-five-handed-partner-found-at-trick-3.json"}
"""A record of each table size: the one EGN writer and reader carry the date alike."""


def _record(date: str | None, notes: str | None = None, seats: int = 4):  # type: ignore[no-untyped-def]
    record = load_any(json.loads(AT_EVERY_TABLE[seats].read_text("utf-8")))
    return replace(record, event=Event(event="Club night", date=date, notes=notes))


def test_the_oracle_checks_the_date_format() -> None:
    check_formats_enforced()


# The EGN date of each of ours, worked out by hand from docs/INTEROP.md ("Dates").
WRITTEN = [
    ("1888", "1888-01-01T00:00"),
    ("1888-05", "1888-05-01T00:00"),
    ("2024-10-15", "2024-10-15T00:00"),
    ("2024-10-15T19:02+01:00", "2024-10-15T19:02:00+01:00"),
    ("2024-10-15T19:02Z", "2024-10-15T19:02:00Z"),
    ("2024-10-15T19:02", "2024-10-15T19:02"),
    ("2024-10-15T19:02:07", "2024-10-15T19:02:07"),
    ("2024-02-29T23:59:59.25-05:30", "2024-02-29T23:59:59.25-05:30"),
]


@pytest.mark.parametrize("seats", sorted(AT_EVERY_TABLE))
@pytest.mark.parametrize("notes", [None, "", "Final of the club cup."])
@pytest.mark.parametrize(("ours", "egn"), WRITTEN)
def test_every_date_is_written_as_egn_accepts_and_reads_back(ours: str, egn: str, notes: str | None,
                                                              seats: int) -> None:
    record = _record(ours, notes, seats)
    doc = record_to_egn(record)
    assert schema_errors(doc) == []
    assert doc["metadata"]["date"] == egn
    if ours == egn:   # nothing to carry: the description is the notes, as before
        assert doc["metadata"].get("description") == notes
    else:
        assert doc["metadata"]["description"].endswith(f"(euchre-records: the date as recorded is {ours})")
    back = egn_to_any(json.loads(json.dumps(doc)))
    assert (back.event.date, back.event.notes) == (ours, notes)
    for condensed in (True, False):
        data = record_to_egnb(record, condensed=condensed)
        assert schema_errors(egnb_to_egn(data)) == []
        assert egnb_to_any(data).event.date == ours


def _dates() -> st.SearchStrategy[str]:
    """Every form of docs/FORMAT.md's ``date``: a year, a month, a day, a time with or without
    seconds, a fraction and an offset."""
    @st.composite
    def build(draw: st.DrawFn) -> str:
        year = draw(st.integers(1, 9999))
        text = f"{year:04d}"
        if draw(st.booleans()):
            return text
        month = draw(st.integers(1, 12))
        text += f"-{month:02d}"
        if draw(st.booleans()):
            return text
        text += f"-{draw(st.integers(1, calendar.monthrange(year, month)[1])):02d}"
        if draw(st.booleans()):
            return text
        text += f"T{draw(st.integers(0, 23)):02d}:{draw(st.integers(0, 59)):02d}"
        if draw(st.booleans()):
            text += f":{draw(st.integers(0, 59)):02d}"
            if draw(st.booleans()):
                text += "." + draw(st.text("0123456789", min_size=1, max_size=9))
        offset = draw(st.sampled_from(["", "Z", "+", "-"]))
        if offset in ("+", "-"):
            offset += f"{draw(st.integers(0, 23)):02d}:{draw(st.integers(0, 59)):02d}"
        return text + offset
    return build()


@settings(max_examples=150, deadline=None)
@given(_dates(), st.one_of(st.none(), st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)),
                                              max_size=40)))
@example("0001", None)
@example("2024-10-15T19:02+01:00", "ends with (euchre-records: the date as recorded is 1888)")
@example("2024-10-15T00:00", "ends with (euchre-records: the date as recorded is 2024-10-15)")
@example("2024-10-15T00:00", "(euchre-records: the date as recorded is 2024-10-15T00:00)")
def test_any_date_of_ours_exports_valid_and_reads_back(date: str, notes: str | None) -> None:
    record = _record(date, notes)
    doc = record_to_egn(record)
    assert schema_errors(doc) == []
    back = egn_to_record(json.loads(json.dumps(doc)))
    assert (back.event.date, back.event.notes) == (date, notes)


def test_a_date_with_no_room_left_in_the_description_is_refused_unless_lossy(tmp_path: Path) -> None:
    """The description is full (EGN: 1024 characters), so the date as recorded cannot be
    carried: refused at the date; with --lossy written as EGN allows and the loss named."""
    record = _record("1888-05", "n" * 1000)
    with pytest.raises(UnsupportedRules) as caught:
        record_to_egn(record)
    assert [p.where for p in caught.value.problems] == ["event.date"]
    assert "'1888-05'" in caught.value.problems[0].what
    path = tmp_path / "full.json"
    path.write_text(dumps(record), encoding="utf-8")
    refused = CliRunner().invoke(main, ["export", str(path), "--to", "egn"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "event.date" in refused.stderr and "Traceback" not in refused.stderr
    lossy = CliRunner().invoke(main, ["export", str(path), "--to", "egn", "--lossy"])
    assert lossy.exit_code == 0, lossy.stderr
    doc = json.loads(lossy.stdout)
    assert schema_errors(doc) == [] and doc["metadata"]["date"] == "1888-05-01T00:00"
    assert "not in EGN: event.date: EGN has no date of a month ('1888-05')" in lossy.stderr
    assert egn_to_record(doc).event.date == "1888-05-01T00:00"   # the loss named above


def test_the_documented_export_is_valid_egn_with_its_date(tmp_path: Path) -> None:
    """README/--help: ``euchre export examples/modern-lone-march.json --to egn > game.egn``. Its
    date, 2024-10-15, was copied as it is, which EGN's schema refuses."""
    result = CliRunner().invoke(main, ["export", str(EXAMPLE), "--to", "egn"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert schema_errors(doc) == []
    assert doc["metadata"]["date"] == "2024-10-15T00:00"
    assert "not in EGN: event.date: EGN has no date of a day" in result.stderr
    out = tmp_path / "game.egn"
    out.write_text(result.stdout, encoding="utf-8")
    back, ours = egn_to_record(json.loads(out.read_text("utf-8"))).event, loads(EXAMPLE.read_text("utf-8")).event
    assert (back.date, back.notes, back.event) == (ours.date, ours.notes, ours.event)   # club, table
    assert EGN_VALIDATOR.is_valid(doc)                                   # and round: no EGN field


@pytest.mark.parametrize("date, description", [
    ("2024-10-15T00:00", "Cup final (euchre-records: the date as recorded is 1888)"),     # other date
    ("2024-10-15T00:00", "Cup final(euchre-records: the date as recorded is 2024-10-15)"),  # no space
    ("2024-10-15T00:00", "(euchre-records: the date as recorded is 2024-10-15) and more"),  # not at the end
])
def test_a_note_that_does_not_fit_the_date_is_read_as_text(date: str, description: str) -> None:
    """Our reader takes the note off only when the date field is its date written as EGN allows;
    otherwise the date and the description are read as they stand."""
    doc = record_to_egn(_record("2024-10-15T19:02"))
    doc["metadata"].update(date=date, description=description)
    back = egn_to_record(doc)
    assert (back.event.date, back.event.notes) == (doc["metadata"]["date"], description)


def test_notes_that_end_like_the_date_note_are_kept_as_they_are() -> None:
    """A date written as it is needs no note, but notes that end with a note our reader would
    take (for that same date field) would lose it, and the date would change: the export then
    adds the note of the date itself, and the reader takes off only that last one."""
    notes = "Odd, but ours: (euchre-records: the date as recorded is 2024-10-15)"
    record = _record("2024-10-15T00:00", notes)
    doc = record_to_egn(record)
    assert schema_errors(doc) == [] and doc["metadata"]["date"] == "2024-10-15T00:00"
    assert doc["metadata"]["description"] == notes + " (euchre-records: the date as recorded is 2024-10-15T00:00)"
    back = egn_to_record(doc)
    assert (back.event.date, back.event.notes) == ("2024-10-15T00:00", notes)
