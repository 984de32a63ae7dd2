"""Club scoresheets kept in a spreadsheet (CSV or xlsx): one row per deal, read into records
and written back (docs/FORMAT.md, "Scoresheets in a spreadsheet").

Public face: :func:`read_sheet`, :func:`write_sheet`, :func:`sheet_sources`, :func:`sheet_xlsx`
(module :mod:`.table`). Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "COLUMNS": "table", "SITTING_COLUMNS": "table", "SheetRecord": "table", "read_sheet": "table",
    "read_rows": "table", "write_sheet": "table", "xlsx_rows": "table", "sheet_sources": "table",
    "sheet_xlsx": "table", "SHEET_SUFFIXES": "table",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
