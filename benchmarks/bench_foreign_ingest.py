"""What the guards of issue 22 cost, as ratios measured in the same run.

Usage (from the repository root, the venv active):

    python benchmarks/bench_foreign_ingest.py [--rounds 5]

- **The restore gate**: a record read from EGN is stored only if what its canonical text says loads back
  through our notation (api/store/ingest.py). Reference: the same EGN samples prepared without
  the gate (``prepare_record(..., from_notation=True)``). Printed: the ratio gated / ungated.
- **The spreadsheet guard**: reading the template as .xlsx through interop/sheets/guard.py's checks
  (zip sizes and the DTD scan, then openpyxl read-only) against openpyxl's read-only mode alone;
  and a 300 KB workbook whose shared strings expand to 48 MiB, refused from the zip's declared
  sizes (time and peak memory of the refusal, against reading the template).
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any, Callable

from euchre_records.api.store.ingest import prepare_record
from euchre_records.interop.detect import load_any_data
from euchre_records.interop.sheets import guard
from euchre_records.interop.sheets.table import sheet_xlsx, xlsx_rows
from euchre_records.schema.notation import parse_json

ROOT = Path(__file__).resolve().parent.parent


def best(fn: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    records = [load_any_data(parse_json(p.read_text(encoding="utf-8-sig")))
               for p in sorted((ROOT / "tests" / "data" / "egn").glob("*.egn"))]
    records = [r for r in records for _ in range(3)]

    def gated() -> None:
        for r in records:
            prepare_record(r)

    def ungated() -> None:
        for r in records:
            prepare_record(r, from_notation=True)
    g, u = best(gated, args.rounds), best(ungated, args.rounds)
    print(f"restore gate: {len(records)} EGN records, gated {g * 1000:.1f} ms, ungated "
          f"{u * 1000:.1f} ms: ratio {g / u:.2f}")

    folder = Path(tempfile.mkdtemp())
    book = folder / "template.xlsx"
    book.write_bytes(sheet_xlsx((ROOT / "examples" / "sheet-template.csv").read_text()))
    import openpyxl

    def plain() -> None:
        wb = openpyxl.load_workbook(book, read_only=True, data_only=True)
        list(wb.worksheets[0].iter_rows(values_only=True))
        wb.close()
    guarded_t, plain_t = best(lambda: xlsx_rows(str(book)), args.rounds), best(plain, args.rounds)
    print(f"xlsx guard: template read in {guarded_t * 1000:.2f} ms guarded, {plain_t * 1000:.2f} "
          f"ms by openpyxl alone: ratio {guarded_t / plain_t:.2f}")

    bomb = folder / "bomb.xlsx"
    out = io.BytesIO()
    with zipfile.ZipFile(book) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr("xl/sharedStrings.xml", b"<sst><si><t>" + b"A" * (48 << 20) + b"</t></si></sst>")
    bomb.write_bytes(out.getvalue())

    def refuse() -> None:
        try:
            xlsx_rows(str(bomb))
        except guard.SheetRefused:
            return
        raise AssertionError("the bomb was read")
    tracemalloc.start()
    refuse()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    refuse_t = best(refuse, args.rounds)
    print(f"xlsx bomb: {bomb.stat().st_size:,} bytes declaring {48 << 20:,}: refused in "
          f"{refuse_t * 1000:.2f} ms ({refuse_t / guarded_t:.2f}x reading the template), "
          f"peak {peak / 1024:.0f} KiB traced")


if __name__ == "__main__":
    main()
