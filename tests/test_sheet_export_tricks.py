"""The sheet export of played deals writes the makers' tricks (issue 22, the suite's honesty: a
mutation that wrote the other side's tricks passed every test).

The expectation is worked by hand from the cards of examples/modern-lone-march.json, trick by trick
(modern rules: the right bower, then the left, then A K Q T 9 of trump; otherwise the highest card
of the suit led; the first lead is the dealer's left, or the lone player's left):

- deal 1, N deals, 9D turned, S assists: diamonds, maker S (N-S). E leads AC (E wins, clubs);
  E leads KH, S trumps with JH, the left bower (S); S leads JD, the right bower (S); S leads AS
  (S); S leads JS, W trumps with AD over N's TD (W). N-S 3, E-W 2: the maker took **3**.
- deal 2, E deals, everyone passes twice, E is stuck and names diamonds: maker E (E-W). S leads
  KS, E's AS wins (E); E leads KD, S's JD wins (S); S leads JS (a plain spade: the left bower is
  JH), E's QS wins (E); E leads TD, N's QD wins (N); N leads AD (N). E-W **2**: euchred.
- deal 3, S deals, N names clubs alone: E (the lone player's left) leads AS, N trumps with 9C;
  then JC, JS (the bowers), AC, and AH to a heart lead: N takes all **5**, a march.
- deal 4, W deals, KH turned, S orders it up: hearts, maker S. N leads QD, W's QH over S's TH
  (W); W leads AC (W); W leads TS, E's AS (E); E leads JS, S's AH, W's JD, the left bower (W);
  W leads KH, S's JH, the right bower (S). S took **1**.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main

RECORD = Path(__file__).resolve().parent.parent / "examples" / "modern-lone-march.json"
BY_HAND = [("N", "S", "D", "3"), ("E", "E", "D", "2"), ("S", "N", "C", "5"), ("W", "S", "H", "1")]
"""(dealer, maker, trump, the maker's tricks) of the first four deals, worked above."""


def _rows(target: str) -> list[dict[str, str]]:
    result = CliRunner().invoke(main, ["export", str(RECORD), "--to", target, "--lossy"])
    assert result.exit_code == 0, result.output
    if target == "csv":
        return list(csv.DictReader(io.StringIO(result.stdout)))
    openpyxl = pytest.importorskip("openpyxl")
    sheet = openpyxl.load_workbook(io.BytesIO(result.stdout_bytes)).worksheets[0]
    cells = [["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]
    return [dict(zip(cells[0], row)) for row in cells[1:]]


@pytest.mark.parametrize("target", ["csv", "xlsx"])
def test_played_deals_export_the_makers_tricks(target: str) -> None:
    rows = _rows(target)
    assert [(r["dealer"], r["maker"], r["trump"], r["tricks"]) for r in rows[:4]] == BY_HAND
    assert rows[2]["alone"] == "yes"
