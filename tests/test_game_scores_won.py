"""``game_scores.won`` of four-handed games (docs/DATASET.md): true for the two seats of the
partnership that won, false for the other two, and **null** for all four while the game is
unfinished — never false, which would read as four losers.

Worked by hand from examples/modern-lone-march.json (modern, game to 10):

- its first deal alone: dealer N turns 9D, E passes, S assists (N-S make diamonds). Tricks, E
  leading: AC takes the first (E); S's JH, the left bower, the second; S's JD the third; S's AS
  the fourth (N's JC is no trump); W's AD the fifth. N-S take 3 tricks: 1 point, 1 to 0, and the
  game is unfinished;
- the whole record: a finished game, whose winners are the seats of the partnership that
  reached 10 (the ``score`` column says which).
"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner


def _need(module: str) -> Any:
    """The module, or a skip locally; under CI (which installs the bulk extra) missing fails."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the bulk extra)")


_need("dask.bag")
pq = _need("pyarrow.parquet")

from euchre_records.cli.main import main  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "modern-lone-march.json"


def _game_scores(tmp_path: Path, record: dict[str, Any]) -> list[dict[str, Any]]:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(record) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    done = CliRunner().invoke(main, ["dataset", str(src), "--out", str(out), "--no-progress"])
    assert done.exit_code == 0, done.output
    return list(pq.read_table(out / "game_scores").to_pylist())


def test_an_unfinished_game_has_no_winner_and_no_loser(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    record["deals"] = record["deals"][:1]
    rows = _game_scores(tmp_path, record)
    assert [(r["seat"], r["score"], r["finished"]) for r in rows] == \
        [("N", 1, False), ("E", 0, False), ("S", 1, False), ("W", 0, False)]
    assert [r["won"] for r in rows] == [None, None, None, None]   # null, not false


def test_a_finished_game_has_two_winners_and_two_losers(tmp_path: Path) -> None:
    rows = _game_scores(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert all(r["finished"] is True for r in rows)
    assert [r["won"] for r in rows] == [r["score"] >= 10 for r in rows]
    assert sorted(r["won"] for r in rows) == [False, False, True, True]
