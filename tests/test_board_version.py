"""The board's ETag is the store's change counter (api/store/event_board.board_version): a poll
answered 304 computes no standings, and every kind of write that changes what the board shows
changes the tag (a correction, a withdrawal, a merge of players, a rename, a new seating, the
close of the event, a sitting attached). The board built from the golden progressive night
(tests/golden/events/01-progressive-night.json), as test_board.py builds it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from euchre_records.api.store import event_board, events, players
from euchre_records.api.store.event_board import board, board_version
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.store import Store

from events_support import fresh
from golden_cases import GOLDEN
from pages_support import make_app

CASE = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))


def _night(path: str, attach: int) -> tuple[Any, int, list[int]]:
    db = fresh(path)
    eid = events.create_event(db, CASE["event"])
    for seating in CASE["seatings"]:
        events.add_seating(db, eid, seating["round"], seating["tables"])
    ids = []
    for s in CASE["sittings"][:attach]:
        rid = Store(db).save(prepare(json.dumps(s["record"]))).id
        events.attach_sitting(db, eid, rid)
        ids.append(rid)
    return db, eid, ids


def _shown(db: Any, eid: int) -> str:
    """What the board shows, without its tag."""
    found = board(db, eid)
    assert found is not None
    return json.dumps({k: v for k, v in found.items() if k != "version"}, sort_keys=True)


def test_a_304_is_answered_without_computing_the_standings(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "night.db"
    db, eid, _ = _night(str(path), attach=1)
    calls: list[int] = []
    real = event_board.standings

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(event_board, "standings", counted)
    with make_app(path).test_client() as client:
        first = client.get(f"/web/events/{eid}/board?part=live")
        assert first.status_code == 200 and len(calls) == 1
        tag = first.headers["ETag"].strip('"')
        for _ in range(3):
            again = client.get(f"/web/events/{eid}/board?part=live",
                               headers={"If-None-Match": f'"{tag}"'})
            assert again.status_code == 304 and again.headers["ETag"].strip('"') == tag
        assert len(calls) == 1, "a 304 computed the standings"
        rid = Store(db).save(prepare(json.dumps(CASE["sittings"][1]["record"]))).id
        events.attach_sitting(db, eid, rid)
        after = client.get(f"/web/events/{eid}/board?part=live",
                           headers={"If-None-Match": f'"{tag}"'})
        assert after.status_code == 200 and len(calls) == 2
        assert after.headers["ETag"].strip('"') != tag
        assert client.get("/web/events/4242/board").status_code == 404


def _correct(db: Any, eid: int, ids: list[int]) -> None:
    record = json.loads(json.dumps(CASE["sittings"][0]["record"]))
    record["deals"] = record["deals"][:-1]     # the last deal struck off: other points
    Store(db).save(prepare(json.dumps(record)), supersedes=ids[0])


def _withdraw(db: Any, eid: int, ids: list[int]) -> None:
    Store(db).withdraw(ids[1])


def _merge(db: Any, eid: int, ids: list[int]) -> None:
    names = {p["name"]: p["id"] for p in events.get_event(db, eid)["players"]}  # type: ignore[index]
    players.merge(db.conn, names["Bob"], names["Ann"])
    db.conn.commit()


def _rename(db: Any, eid: int, ids: list[int]) -> None:
    names = {p["name"]: p["id"] for p in events.get_event(db, eid)["players"]}  # type: ignore[index]
    players.rename(db.conn, names["Cy"], "Cyrus")
    db.conn.commit()


def _seat_round_2(db: Any, eid: int, ids: list[int]) -> None:
    events.add_seating(db, eid, 2, [{"table": "1", "seats": dict(zip("NESW", ["Ann", "Cy", "Flo", "Hal"]))},
                                    {"table": "2", "seats": dict(zip("NESW", ["Ed", "Gus", "Bob", "Di"]))}])


def _close(db: Any, eid: int, ids: list[int]) -> None:
    events.close_event(db, eid)


@pytest.mark.parametrize("write", [_correct, _withdraw, _merge, _rename, _seat_round_2, _close],
                         ids=lambda f: f.__name__.strip("_"))
def test_every_write_that_changes_the_board_changes_its_tag(
        tmp_path: Path, write: Callable[[Any, int, list[int]], None]) -> None:
    db, eid, ids = _night(str(tmp_path / "n.db"), attach=2)
    before, tag = _shown(db, eid), board_version(db, eid)
    assert board_version(db, eid) == tag and board(db, eid)["version"] == tag  # type: ignore[index]
    write(db, eid, ids)
    assert _shown(db, eid) != before, "the write was meant to change the board"
    assert board_version(db, eid) != tag
