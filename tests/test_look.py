"""The pages' look (issue 33), held in chromium as a person meets it: the kinds of event on
*New event* are seen as radio buttons with the chosen one marked (they were hidden by the deal
form's tap-button rule and read as one paragraph); a jump to the deal form lands its "Deal N"
heading below the sticky scoreboard, not under it; and no page scrolls sideways on a 390-pixel
phone or a 1920-pixel screen, with axe at no serious or critical violation in the light scheme
and the dark one (axe checks contrast in the scheme the browser emulates), each page drawn in the
scheme asked for (the board always dark).

The pages are those docs/screenshots/take.py takes: a club night's (tests/night_support.py) and
the examples' (tests/pages_support.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from night_support import Night, build_night
from pages_support import (DESKTOP, PHONE, WIDE, browser, build_db, live_server, make_app,
                           need_chromium, page_problems, sign_in)


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Night]]:
    need_chromium()
    path = tmp_path_factory.mktemp("look") / "night.db"
    found = build_night(path)
    with live_server(make_app(path)) as base:
        yield base, found


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    need_chromium()
    with browser() as b:
        yield b


def _style(locator: Any, prop: str) -> str:
    return str(locator.evaluate("(e, p) => getComputedStyle(e).getPropertyValue(p)", prop))


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_kinds_of_event_are_seen_and_the_chosen_one_stands_out(
        night: tuple[str, Night], chromium: Any, viewport: dict[str, int]) -> None:
    base, found = night
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    sign_in(page, base, found.token)
    page.goto(f"{base}/web/events/new")
    radios = page.locator('input[type="radio"][name="format"]')
    labels = page.locator('#f-format label:has(input[name="format"])')
    assert radios.count() == labels.count() == 5
    tops = []
    for i in range(5):
        radio, label = radios.nth(i), labels.nth(i)
        assert radio.is_visible()
        box = radio.bounding_box()
        assert box is not None and box["width"] >= 16 and box["height"] >= 16, box
        assert _style(radio, "opacity") == "1"
        lbox = label.bounding_box()
        assert lbox is not None and lbox["height"] >= 44          # a thumb's target
        tops.append((lbox["y"], lbox["y"] + lbox["height"]))
    for (_, bottom), (top, _) in zip(tops, tops[1:]):
        assert top >= bottom, "two kinds of event share a line"
    # choose "Rubber night": its label is marked, the others are not
    rubbers, pairs = labels.nth(1), labels.nth(2)
    assert not radios.nth(1).is_checked()
    before = rubbers.screenshot()
    rubbers.click()
    assert radios.nth(1).is_checked()
    page.mouse.move(0, 0)                                  # no hover on the label
    after = rubbers.screenshot()
    assert after != before, "choosing a kind does not change how it looks"
    for prop in ("border-top-color", "background-color"):
        assert _style(rubbers, prop) != _style(pairs, prop), prop
    # the keyboard reaches the group (on the chosen radio) and shows where it is
    page.locator("#name").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "format"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("ArrowDown")
    assert radios.nth(2).is_checked()
    marked = _style(pairs, "background-color")                 # the mark moved with the choice
    assert marked != _style(rubbers, "background-color")
    assert _style(rubbers, "background-color") == _style(labels.nth(0), "background-color")
    context.close()


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_jump_to_the_deal_form_lands_below_the_scoreboard(
        night: tuple[str, Night], chromium: Any, viewport: dict[str, int]) -> None:
    base, found = night
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    sign_in(page, base, found.token)
    page.goto(f"{base}/web/drafts/{found.draft_id}")
    page.goto(f"{base}/web/drafts/{found.draft_id}#entry")   # as the menu's table link jumps
    page.wait_for_function("scrollY > 0")
    heading = page.locator("h2#entry").bounding_box()
    board = page.locator("#scoreboard").bounding_box()
    assert heading is not None and board is not None
    assert board["y"] <= 0.5, "the scoreboard is not stuck at the top"
    assert heading["y"] >= board["y"] + board["height"], (heading, board)
    assert heading["y"] + heading["height"] <= viewport["height"]
    context.close()


def _luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    import re
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _pages(found: Night) -> list[tuple[str, str]]:
    """The pages of the club night the screenshots take, and the site's own."""
    return [*found.pages(), ("home", "/"), ("players", "/web/players"), ("events", "/web/events"),
            ("ratings", "/web/ratings"), ("player", "/web/players/Ann"),
            ("new-sitting", "/web/sittings/new"), ("new-sitting-5", "/web/sittings/new?seats=5"),
            ("round-links", f"/web/events/{found.links_event_id}/rounds/1/links"),
            ("cards", f"/web/drafts/{found.draft_id}/cards"), ("table-join", "/web/table")]


@pytest.mark.slow
@pytest.mark.parametrize("viewport, scheme", [(PHONE, "light"), (PHONE, "dark"), (WIDE, "dark")],
                         ids=["phone-light", "phone-dark", "wide-dark"])
def test_no_page_scrolls_sideways_and_axe_passes_in_either_scheme(
        night: tuple[str, Night], chromium: Any, tmp_path: Path, viewport: dict[str, int],
        scheme: str) -> None:
    base, found = night
    problems: list[str] = []
    width = viewport["width"]

    def check(page: Any, what: str) -> None:
        problems.extend(f"{p} ({scheme})" for p in page_problems(page, what, width))
        # the page follows the scheme asked for: dark ground, light ink, or the other way
        ground = page.evaluate("getComputedStyle(document.body).backgroundColor === 'rgba(0, 0, 0, 0)'"
                               " ? getComputedStyle(document.documentElement).backgroundColor"
                               " : getComputedStyle(document.body).backgroundColor")
        if (_luminance(ground) < 0.2) != (scheme == "dark" or what == "board"):
            problems.append(f"{what} in the {scheme} scheme has the ground {ground}")

    context = chromium.new_context(viewport=viewport, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{base}/login")
    check(page, "login")
    sign_in(page, base, found.token)
    for name, path in _pages(found):
        resp = page.goto(base + path)
        assert resp is not None and resp.status == 200, path
        check(page, name)
    context.close()
    # a rubber, its record card by card, and a player's statistics from the examples
    db = tmp_path / "examples.db"
    build_db(db)
    app = make_app(db)
    rubbers = app.test_client().get("/rubbers?per_page=100").get_json()["items"]
    chosen = next(r for r in rubbers if r["rules"] == "somerset-1888")
    with live_server(app) as other:
        context = chromium.new_context(viewport=viewport, color_scheme=scheme)
        page = context.new_page()
        for name, path in (("rubber", f"/web/rubbers/{chosen['id']}"),
                           ("record", f"/web/records/{chosen['record_id']}"),
                           ("analysis", f"/web/records/{chosen['record_id']}?analysis=1"),
                           ("examples-home", "/")):
            page.goto(other + path)
            check(page, name)
        context.close()
    assert problems == []


@pytest.mark.slow
def test_a_page_printed_from_a_dark_screen_prints_dark_ink_on_white(
        night: tuple[str, Night], chromium: Any) -> None:
    """The dark scheme is the screen's: print.css's scoresheet keeps black on white."""
    base, found = night
    context = chromium.new_context(viewport=DESKTOP, color_scheme="dark")
    page = context.new_page()
    sign_in(page, base, found.token)
    page.goto(f"{base}/web/events/{found.event_id}")
    assert _luminance(page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
                      ) < 0.2                                       # dark on screen
    page.emulate_media(media="print", color_scheme="dark")
    ground = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    ink = page.evaluate("getComputedStyle(document.querySelector('h1')).color")
    assert _luminance(ground) > 0.9 and _luminance(ink) < 0.1, (ground, ink)
    context.close()


@pytest.mark.slow
def test_the_deal_form_s_tap_buttons_take_the_keyboard_with_a_visible_ring(
        night: tuple[str, Night], chromium: Any) -> None:
    """A guard for the restyle (it held on main too): the radios drawn as tap buttons are still
    radios to the keyboard, and the focused one's button has the focus ring."""
    base, found = night
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    sign_in(page, base, found.token)
    page.goto(f"{base}/web/drafts/{found.draft_id}")
    page.locator('#deal-form input[name="maker"]').first.focus()
    page.keyboard.press("ArrowRight")                       # the keyboard moves the choice
    focused = page.evaluate("[document.activeElement.name, document.activeElement.value,"
                            " document.activeElement.checked]")
    assert focused[0] == "maker" and focused[2] is True
    button = page.locator(f'#deal-form input[name="maker"][value="{focused[1]}"] + span')
    assert _style(button, "outline-style") == "solid"
    assert float(_style(button, "outline-width").rstrip("px")) >= 2
    assert _style(button, "background-color") != _style(
        page.locator('#deal-form input[name="maker"]:not(:checked) + span').first,
        "background-color")                                  # and shows it is chosen
    context.close()
