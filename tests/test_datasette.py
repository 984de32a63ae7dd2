"""docs/datasette-metadata.json applies to a real store: Datasette (its own Python test client)
on a database built here reads back a table's description, a configured facet, the sort of a
view and the hidden tables."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from events_support import build
from golden_cases import GOLDEN

METADATA = Path(__file__).parent.parent / "docs" / "datasette-metadata.json"


def _get(ds: Any, path: str) -> Any:
    async def go() -> Any:
        return await ds.client.get(path)
    return asyncio.run(go())


@pytest.fixture(scope="module")
def datasette(tmp_path_factory: pytest.TempPathFactory) -> Any:
    app = pytest.importorskip("datasette.app")
    path = tmp_path_factory.mktemp("ds") / "euchre-records.db"   # the name the metadata uses
    case = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))
    db, _, _ = build(case, path=str(path))
    db.close()
    return app.Datasette([str(path)], metadata=json.loads(METADATA.read_text(encoding="utf-8")))


def test_the_metadata_names_the_database_datasette_serves(datasette: Any) -> None:
    names = list(json.loads(METADATA.read_text(encoding="utf-8"))["databases"])
    assert names == ["euchre-records"]
    resp = _get(datasette, "/-/databases.json")
    assert [d["name"] for d in resp.json()] == ["euchre-records"]


def test_a_description_and_a_facet_are_read_back(datasette: Any) -> None:
    page = _get(datasette, "/euchre-records/tournaments")
    assert page.status_code == 200
    assert "Events: club nights (rubbers), progressive evenings" in page.text
    data = _get(datasette, "/euchre-records/deals.json?_extra=facet_results").json()
    facets = data["facet_results"]
    facets = facets.get("results", facets)
    assert {"trump", "maker_side", "alone", "euchred"} <= set(facets)
    trumps = {f["value"]: f["count"] for f in facets["trump"]["results"]}
    assert sum(trumps.values()) == 24   # 6 sittings of 4 deals
    assert trumps["H"] == 6             # every sitting's first deal was played in hearts


def test_views_are_sorted_and_secrets_hidden(datasette: Any) -> None:
    rows = _get(datasette, "/euchre-records/player_statistics.json?_shape=objects").json()["rows"]
    names = [r["name"] for r in rows]
    assert names == sorted(names) and len(names) == 8
    tables = _get(datasette, "/euchre-records.json").json()["tables"]
    hidden = {t["name"] for t in tables if t["hidden"]}
    assert {"tokens", "settings", "sessions"} <= hidden
    assert "tournaments" not in hidden
    standings = _get(datasette, "/euchre-records/tournament_standings.json?_shape=objects").json()
    cy = next(r for r in standings["rows"] if r["name"] == "Cy")
    assert cy["points"] == 17 and cy["rounds_won"] == 3   # as the golden standings
