"""One result type at every table (issue 32): ``match.replay`` gives a ``ReplayResult`` of
``DealResult``s and ``GameResult``s for a record of any table, and each field means the same
at every table.

Oracles: seat arithmetic written here (at four a seat's partner sits two places on, N-S are
the even seats), the tricks the replay's own ``winners`` list (who won each trick played),
and the table's seats; never the engine's figures for the same field.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_records.errors import RecordError
from euchre_records.match import replay
from euchre_records.model import DealResult, GameResult, Record, ReplayResult
from euchre_records.schema.tables import load_any
from golden_cases import cases

ROOT = Path(__file__).resolve().parents[1]


def _records() -> list[tuple[str, Record]]:
    paths = sorted((ROOT / "examples").glob("*.json"))
    for folder in ("variants", "deals", "laws", "points", "sheets"):
        paths += cases(folder)
    out = []
    for path in paths:
        try:
            record = load_any(json.loads(path.read_text(encoding="utf-8")))
            replay(record)
        except (RecordError, ValueError):
            continue   # a golden of a refused or impossible record: nothing replays
        out.append((path.name, record))
    return out


RECORDS = _records()
"""Every example and golden record that replays (refused and impossible ones hold nothing)."""


def test_the_samples_hold_every_table() -> None:
    seats = {record.table.seats for _, record in RECORDS}
    assert {2, 3, 4, 5} <= seats and len(RECORDS) > 150


@pytest.mark.parametrize("name, record", RECORDS, ids=[n for n, _ in RECORDS])
def test_one_result_type_and_one_meaning_per_field(name: str, record: Record) -> None:
    result = replay(record)
    n, four = record.table.seats, record.table.fixed_sides
    columns = 2 if four else n
    assert type(result) is ReplayResult and result.table == record.table
    assert (result.rubber is None) if not four else True
    assert all(type(g) is GameResult and len(g.start) == len(g.score) == columns
               for g in result.games)
    assert len(result.running) == len(result.deals)
    for at in result.running:
        assert at is None or (isinstance(at[0], int) and len(at[1]) == columns)
    for d in result.deals:
        assert type(d) is DealResult
        assert len(d.points) == len(d.hand_points) == len(d.penalty) == columns
        if d.maker is None:
            assert d.makers == d.defenders == () and d.maker_tricks == 0
            continue
        assert d.makers[0] == d.maker and not set(d.makers) & set(d.defenders)
        assert set(d.makers) | set(d.defenders) <= set(range(n))
        if four:   # the maker and his partner (two seats on) unless alone; the other side
            partner = (d.maker + 2) % 4
            assert list(d.makers) == ([d.maker] if d.alone else [d.maker, partner])
            other = [s for s in range(4) if s % 2 != d.maker % 2]
            assert list(d.defenders) == ([d.defender_alone] if d.defender_alone is not None
                                         else other)
            assert d.maker_tricks == d.tricks[d.maker % 2] and sum(d.tricks) <= 5
        else:      # every seat plays: the makers and the rest
            assert sorted((*d.makers, *d.defenders)) == list(range(n)) and d.tricks == ()
            assert d.defender_alone is None and not d.redeal
        if len(d.winners) == 5 and not d.unfinished:   # played out: count them
            assert d.maker_tricks == sum(1 for w in d.winners if w in d.makers), (name, d.number)
