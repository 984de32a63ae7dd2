"""Take docs/screenshots/offline-banner-phone.png (docs/PAGES.md, "Entry without the
connection"): a sitting on a 390 px phone with the connection down and three deals tapped, the
banner saying they wait. ``python docs/screenshots/take_offline.py`` (needs Debian chromium and
playwright)."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from pages_support import PHONE, browser, build_db, live_server, make_app, make_token  # noqa: E402

DEALS = [("E", "H", "3"), ("S", "S", "5"), ("W", "D", "2")]


def main() -> None:
    db = Path(tempfile.mkdtemp()) / "offline.db"
    build_db(db, examples=False)
    token = make_token(db)
    with live_server(make_app(db)) as base, browser() as b:
        ctx = b.new_context(viewport=PHONE, device_scale_factor=1)
        page = ctx.new_page()
        page.goto(f"{base}/login?token={token}")
        page.locator('main button[type="submit"]').click()
        page.wait_for_url(base + "/")
        page.goto(base + "/web/sittings/new")
        for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
            page.fill(f"#player_{seat}", name)
        page.locator('form.sitting-form button[type="submit"]').click()
        page.wait_for_url(re.compile(r".*/web/drafts/\d+$"))
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'")
        ctx.set_offline(True)
        form = page.locator("#deal-form")
        for maker, trump, tricks in DEALS:
            heading = form.locator("h2").inner_text()
            form.locator(f'label.choice:has(input[name="maker"][value="{maker}"])').click()
            form.locator(f'label.choice:has(input[name="trump"][value="{trump}"])').click()
            form.locator(f'label.choice:has(input[name="tricks"][value="{tricks}"])').click()
            form.locator('button[type="submit"]').click()
            page.wait_for_function("h => document.querySelector('#deal-form h2').innerText !== h",
                                   arg=heading)
        page.reload()   # offline: the service worker's copy, the queue read back
        page.wait_for_selector("#offline-count")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(HERE / "offline-banner-phone.png"), full_page=False)
        ctx.close()
    print("screenshot in", HERE)


if __name__ == "__main__":
    main()
