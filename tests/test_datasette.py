"""Datasette (its own Python test client) on stores named as the README names them (``club.db``)
with the metadata ``euchre datasette-metadata`` generates for that file: a table's description
(``clubs`` included), a configured facet, the sort of a view, the hidden tables; and the
published copy (``euchre backup --public``), whose SQL finds no token hash and no setting."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.api.store import tokens
from euchre_records.api.store.datasette import TABLES
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.cli.main import main

from events_support import build
from golden_cases import GOLDEN


def _get(ds: Any, path: str) -> Any:
    async def go() -> Any:
        return await ds.client.get(path)
    return asyncio.run(go())


def _metadata(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["datasette-metadata", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("ds") / "club.db"   # the README's name, not the default
    case = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))
    db, _, _ = build(case, path=str(path))
    row, _ = tokens.create_token(db, "Riverside")
    token_hash = db.execute("SELECT hash FROM tokens WHERE id = ?", [row.id]).fetchone()[0]
    db.close()
    return path, str(token_hash)


@pytest.fixture(scope="module")
def datasette(store: tuple[Path, str]) -> Any:
    app = pytest.importorskip("datasette.app")
    return app.Datasette([str(store[0])], metadata=_metadata(store[0]))


def test_the_metadata_names_the_database_datasette_serves(datasette: Any,
                                                          store: tuple[Path, str]) -> None:
    assert list(_metadata(store[0])["databases"]) == ["club"]
    resp = _get(datasette, "/-/databases.json")
    assert [d["name"] for d in resp.json()] == ["club"]


def test_every_table_and_view_of_the_store_is_described() -> None:
    db = open_db(":memory:")
    migrate(db)
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN "
                                      "('table', 'view') AND name NOT LIKE 'sqlite_%'")}
    assert names - set(TABLES) == set()


def test_a_description_and_a_facet_are_read_back(datasette: Any) -> None:
    page = _get(datasette, "/club/tournaments")
    assert page.status_code == 200
    assert "Events: club nights (rubbers), progressive evenings" in page.text
    assert "Clubs: one row per club that holds tokens" in _get(datasette, "/club/clubs").text
    data = _get(datasette, "/club/deals.json?_extra=facet_results").json()
    facets = data["facet_results"]
    facets = facets.get("results", facets)
    assert {"trump", "maker_side", "alone", "euchred"} <= set(facets)
    trumps = {f["value"]: f["count"] for f in facets["trump"]["results"]}
    assert sum(trumps.values()) == 24   # 6 sittings of 4 deals
    assert trumps["H"] == 6             # every sitting's first deal was played in hearts


def test_views_are_sorted_and_private_tables_hidden(datasette: Any) -> None:
    rows = _get(datasette, "/club/player_statistics.json?_shape=objects").json()["rows"]
    names = [r["name"] for r in rows]
    assert names == sorted(names) and len(names) == 8
    tables = _get(datasette, "/club.json").json()["tables"]
    hidden = {t["name"] for t in tables if t["hidden"]}
    assert {"tokens", "settings", "sessions", "drafts", "draft_revisions", "input_hashes"} <= hidden
    assert "tournaments" not in hidden and "clubs" not in hidden
    standings = _get(datasette, "/club/tournament_standings.json?_shape=objects").json()
    cy = next(r for r in standings["rows"] if r["name"] == "Cy")
    assert cy["points"] == 17 and cy["rounds_won"] == 3   # as the golden standings


def test_hidden_is_not_protected_but_the_public_copy_is(datasette: Any, store: tuple[Path, str],
                                                        tmp_path: Path) -> None:
    app = pytest.importorskip("datasette.app")
    path, token_hash = store
    sql = "/club.json?sql=select+hash+from+tokens&_shape=array"
    assert [r["hash"] for r in _get(datasette, sql).json()] == [token_hash]   # the raw file
    public = tmp_path / "club-public.db"
    result = CliRunner().invoke(main, ["backup", "--db", str(path), "--public", str(public)])
    assert result.exit_code == 0, result.output
    ds = app.Datasette([str(public)], metadata=_metadata(public))
    assert _get(ds, "/club-public.json?sql=select+hash+from+tokens&_shape=array").json() == []
    assert _get(ds, "/club-public.json?sql=select+*+from+settings&_shape=array").json() == []
    rows = _get(ds, "/club-public/player_statistics.json?_shape=objects").json()["rows"]
    assert len(rows) == 8
