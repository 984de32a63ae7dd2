"""Chart labels that do not overlap on a phone (issue 18): every text of the running-score chart
and of a player's rating chart, as chromium draws it at 390 px (and at 1280 px), overlaps no
other, and on the phone is at least 10 px tall (pages.css draws the labels larger there).

The records are made to crowd the labels: twenty one-deal games (a game label at every deal),
sixty deals (the deal axis), both sides ending level (the two side labels on one spot), and the
example rubbers (laps, the game target); the boxes are chromium's own, not the placement's
estimate (api/pages/chart_labels.py).
"""

from __future__ import annotations

import json
from urllib.request import urlopen

import pytest

from pages_support import (DESKTOP, PHONE, ROOT, browser, build_db, live_server, make_app,
                           need_chromium)

OVERLAPS = """() => {
  const out = [], heights = [];
  for (const svg of document.querySelectorAll('figure.chart svg')) {
    const texts = [...svg.querySelectorAll('text')].map(e => [e.textContent, e.getBoundingClientRect()])
                                                   .filter(t => t[1].width > 0);
    for (let i = 0; i < texts.length; i++) {
      heights.push(texts[i][1].height);
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i][1], b = texts[j][1];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0 && h > 0) out.push(`${texts[i][0]} / ${texts[j][0]}`);
      }
    }
  }
  return {overlaps: out, smallest: heights.length ? Math.min(...heights) : null, count: heights.length};
}"""


def _points(deals: list[tuple[int, int]], overrides: dict) -> str:
    return json.dumps({"format": "euchre-records", "version": "1.0",
                       "rules": {"preset": "modern", "overrides": overrides},
                       "players": {s: {"name": n} for s, n in zip("NESW", ("Ann", "Bob", "Cy", "Di"))},
                       "deals": [{"kind": "points", "dealer": "NESW"[i % 4], "points": list(p)}
                                 for i, p in enumerate(deals)]})


CROWDED = [
    ("one-deal-games.json", _points([(1, 0), (0, 2)] * 10, {"fixed_deals": 1, "game_points": None})),
    ("sixty-deals.json", _points([(1, 0), (0, 1), (2, 0), (0, 2)] * 15,
                                 {"fixed_deals": 60, "game_points": None})),
    ("level.json", _points([(1, 0), (0, 1), (2, 0), (0, 2)], {})),
]


@pytest.fixture(scope="module")
def chromium():
    need_chromium()
    with browser() as b:
        yield b


def _check(chromium, base: str, urls: list[str]) -> None:
    for viewport in (PHONE, DESKTOP):
        page = chromium.new_page(viewport=viewport)
        for url in urls:
            page.goto(base + url)
            found = page.evaluate(OVERLAPS)
            where = f"{url} at {viewport['width']} px"
            assert found["count"] > 0, f"{where}: no chart"
            assert found["overlaps"] == [], f"{where}: {found['overlaps']}"
            if viewport is PHONE:
                assert found["smallest"] >= 10, f"{where}: a label {found['smallest']:.1f} px tall"
        page.close()


def test_score_chart_labels_keep_apart(chromium, tmp_path):
    from euchre_records.api.store.importer import import_sources
    from euchre_records.api.store.migrations import open_db
    path = tmp_path / "charts.db"
    build_db(path)
    db = open_db(path)
    try:
        import_sources(db, CROWDED)
    finally:
        db.close()
    with live_server(make_app(path)) as base:
        with urlopen(base + "/rubbers?limit=100", timeout=10) as resp:
            rubbers = json.load(resp)["items"]
        assert len(rubbers) >= 3 + len(CROWDED)
        _check(chromium, base, [f"/web/rubbers/{r['id']}" for r in rubbers])


def test_rating_chart_labels_keep_apart(chromium, tmp_path):
    from events_support import build
    case = json.loads((ROOT / "tests/golden/events/01-progressive-night.json").read_text())
    path = tmp_path / "ratings.db"
    db, _, _ = build(case, path=str(path))
    db.close()
    with live_server(make_app(path)) as base:   # the night's players, three sittings each
        _check(chromium, base, [f"/web/players/{name}" for name in ("Cy", "Ed", "Flo", "Ann")])
