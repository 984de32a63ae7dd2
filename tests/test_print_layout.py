"""Printed pages whose headings do not run together (issue 18): in chromium with print media at
an A4 page's width, every heading of the rubber, record, event (standings) and round pages
stands apart from whatever is above it in its column by at least half its own font size,
overlaps nothing, and is kept with what follows it (``break-after: avoid``).

The measure is the boxes chromium lays out, not the stylesheet's text: a rule that another one
overrides, or a margin that collapses, is caught.
"""

from __future__ import annotations

import json
from urllib.request import urlopen

import pytest

from pages_support import ROOT, browser, build_db, live_server, make_app, need_chromium

A4 = {"width": 794, "height": 1123}   # 210 mm at 96 px per inch

HEADINGS = """() => {
  const shown = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                       return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const boxes = [...document.querySelectorAll('main *')].filter(shown);
  const out = [];
  for (const h of document.querySelectorAll('main h1, main h2, main h3')) {
    if (!shown(h)) continue;
    const r = h.getBoundingClientRect(), style = getComputedStyle(h);
    let gap = null, above = null, overlaps = [];
    for (const e of boxes) {
      if (e === h || e.contains(h) || h.contains(e)) continue;
      const q = e.getBoundingClientRect();
      if (q.right <= r.left + 0.5 || q.left >= r.right - 0.5) continue;     // another column
      if (q.bottom <= r.top + 0.5) {
        if (gap === null || r.top - q.bottom < gap) { gap = r.top - q.bottom; above = e.tagName + '.' + e.className; }
      } else if (q.top < r.bottom - 0.5) {
        overlaps.push(e.tagName + '.' + e.className);
      }
    }
    out.push({text: h.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40), tag: h.tagName,
              gap, above, overlaps, size: parseFloat(style.fontSize), after: style.breakAfter});
  }
  return out;
}"""


def _check(page, url: str) -> list[str]:
    page.goto(url)
    headings = page.evaluate(HEADINGS)
    assert headings, f"{url}: no heading found"
    problems = []
    for h in headings:
        where = f"{url} {h['tag']} {h['text']!r}"
        if h["gap"] is not None and h["gap"] < h["size"] / 2:
            problems.append(f"{where}: {h['gap']:.1f} px below {h['above']} (under half of {h['size']} px)")
        if h["overlaps"]:
            problems.append(f"{where}: overlaps {h['overlaps'][:3]}")
        if h["after"] != "avoid":
            problems.append(f"{where}: break-after is {h['after']}, not avoid")
    return problems


@pytest.fixture(scope="module")
def chromium():
    need_chromium()
    with browser() as b:
        yield b


def test_printed_rubber_and_record_headings_stand_apart(chromium, tmp_path):
    path = tmp_path / "print.db"
    build_db(path)
    with live_server(make_app(path)) as base:
        with urlopen(base + "/rubbers?limit=50", timeout=10) as resp:
            rubbers = json.load(resp)["items"]
        longest = max(rubbers, key=lambda r: len(r["games"]))      # the Somerset rubber: 4 games
        assert len(longest["games"]) >= 4
        page = chromium.new_page(viewport=A4)
        page.emulate_media(media="print")
        problems = (_check(page, f"{base}/web/rubbers/{longest['id']}")
                    + _check(page, f"{base}/web/records/{longest['record_id']}"))
        page.close()
    assert problems == []


def test_printed_event_standings_and_round_headings_stand_apart(chromium, tmp_path):
    from events_support import build
    case = json.loads((ROOT / "tests/golden/events/01-progressive-night.json").read_text())
    path = tmp_path / "events.db"
    db, event_id, _ = build(case, path=str(path))
    db.close()
    with live_server(make_app(path)) as base:
        page = chromium.new_page(viewport=A4)
        page.emulate_media(media="print")
        problems = (_check(page, f"{base}/web/events/{event_id}")
                    + _check(page, f"{base}/web/events/{event_id}/rounds/1"))
        page.close()
    assert problems == []
