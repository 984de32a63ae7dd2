"""Shared helpers of the page tests, browser tests, screenshots and the page benchmark: a database
with the examples, a club token, a live waitress server on 127.0.0.1 (a free port) and headless
Debian chromium."""

from __future__ import annotations

import os
import re
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDE = {"width": 1920, "height": 1080}


def example_texts() -> list[tuple[str, str]]:
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]


def build_db(path: str | Path, examples: bool = True) -> None:
    """A migrated database, with the records of examples/ stored."""
    from euchre_records.api.store.importer import import_sources
    from euchre_records.api.store.migrations import migrate, open_db
    db = open_db(path)
    try:
        migrate(db)
        if examples:
            report = import_sources(db, example_texts())
            assert not getattr(report, "invalid", None), report
    finally:
        db.close()


def make_token(path: str | Path, club: str = "Riverside Euchre Club", admin: bool = False) -> str:
    from euchre_records.api.store import tokens
    from euchre_records.api.store.migrations import open_db
    db = open_db(path)
    try:
        return tokens.create_token(db, club, admin=admin)[1]
    finally:
        db.close()


def make_app(path: str | Path, **config: Any) -> Any:
    from euchre_records.api.app import create_app
    return create_app({"DATABASE": str(path), "TESTING": True,
                       "SECRET_KEY": "test-secret-key-0123456789", **config})


def csrf_of(html: bytes | str) -> str:
    text = html.decode() if isinstance(html, bytes) else html
    found = re.search(r'name="csrf_token" value="([^"]*)"', text)
    assert found, "no csrf_token field on the page"
    return found.group(1)


@contextmanager
def live_server(app: Any, threads: int = 4) -> Iterator[str]:
    """Serve ``app`` with waitress on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    from waitress.server import create_server
    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        stop_server(server, thread)


def run_in_thread(server: Any) -> threading.Thread:
    """Run a waitress server's loop in a daemon thread; stop it with :func:`stop_server`. The
    thread is kept on the server too (``server.loop_thread``) for fixtures that pass only it."""
    thread = threading.Thread(target=server.run, daemon=True)
    server.loop_thread = thread
    thread.start()
    return thread


def stop_loop(server: Any) -> None:
    """:func:`stop_server` for a server started by :func:`run_in_thread`."""
    stop_server(server, server.loop_thread)


def stop_server(server: Any, thread: threading.Thread) -> None:
    """Stop a waitress server whose loop runs in ``thread``: its sockets (the listener, every
    open connection, the trigger) are closed by the loop's own thread, through the trigger, so
    the loop ends on an empty map; closing them from here raced the loop's select(), which then
    met a closed descriptor (EBADF, seen once in CI after chromium left connections open)."""
    def close_all() -> None:
        for channel in list(server._map.values()):
            channel.close()
    server.trigger.pull_trigger(close_all)
    thread.join(timeout=5)
    if thread.is_alive():   # the loop did not wake: close from here as before
        server.close()
        thread.join(timeout=5)
    server.task_dispatcher.shutdown()


def chromium_path() -> str | None:
    return shutil.which("chromium")


def need_chromium() -> str:
    """The chromium binary; skip (locally) or fail (with $CI set) when it is missing."""
    import pytest
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is required in CI (apt-get install chromium)")
        pytest.skip("Debian chromium is not installed")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is required in CI")
        pytest.skip("playwright is not installed")
    return path


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def sign_in(page: Any, base: str, token: str) -> None:
    """Sign ``page`` in with a club's token as a person does: the sign-in page, its button, and
    the home page it lands on."""
    page.goto(f"{base}/login?token={token}")
    page.locator('main button[type="submit"]').click()
    page.wait_for_url(base + "/")


def page_problems(page: Any, what: str, width: int) -> list[str]:
    """What is wrong with the page as it is now, at a viewport ``width`` px wide: it scrolls
    sideways, or axe-core finds serious or critical violations. Empty when neither."""
    problems = []
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        problems.append(f"{what} at {width} px scrolls sideways ({scroll} px)")
    bad = serious_violations(page)
    if bad:
        problems.append(f"{what} at {width} px: {bad}")
    return problems


def serious_violations(page: Any) -> list[tuple[str, str, str]]:
    """axe-core's serious and critical violations on the page as it is now: (rule id, impact,
    the first offending element's HTML, cut to 120 characters). Empty when it passes."""
    from axe_playwright_python.sync_playwright import Axe
    return [(v["id"], v["impact"], v["nodes"][0]["html"][:120] if v["nodes"] else "")
            for v in Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")]


def tap_deal(page: Any, maker: str, trump: str, tricks: object, alone: bool,
             touch: bool = True) -> None:
    """Enter one deal by tapping the labels, as a thumb would (or clicking them)."""
    form = page.locator("#deal-form")

    def press(locator: Any) -> None:
        locator.tap() if touch else locator.click()

    heading = form.locator("h2").inner_text()
    press(form.locator(f'label.choice:has(input[name="maker"][value="{maker}"])'))
    press(form.locator(f'label.choice:has(input[name="trump"][value="{trump}"])'))
    if alone:
        press(form.locator('label.check:has(input[name="alone"])'))
    press(form.locator(f'label.choice:has(input[name="tricks"][value="{tricks}"])'))
    press(form.locator('button[type="submit"]'))
    # the next deal's form, or (the rubber decided) the offer to store it in the form's place
    page.wait_for_function("h => document.querySelector('#sitting-over') || "
                           "(document.querySelector('#deal-form h2') && "
                           "document.querySelector('#deal-form h2').innerText !== h)", arg=heading)
