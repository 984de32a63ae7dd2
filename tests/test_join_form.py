"""The form that opens a table's sitting by its code is written once (templates/_join_form.html)
and included by the join page and by a dead link's page; both pages show it."""

from __future__ import annotations

from pathlib import Path

from pages_support import build_db, make_app

TEMPLATES = Path(__file__).resolve().parents[1] / "api" / "pages" / "templates"


def test_the_join_form_is_written_in_one_template_only() -> None:
    holders = sorted(p.name for p in TEMPLATES.glob("*.html")
                     if 'id="table-join"' in p.read_text(encoding="utf-8"))
    assert holders == ["_join_form.html"]
    for page in ("table_join.html", "link_dead.html"):
        assert '{% include "_join_form.html" %}' in (TEMPLATES / page).read_text(encoding="utf-8")


def test_the_join_page_shows_the_form(tmp_path: Path) -> None:
    build_db(tmp_path / "join.db", examples=False)
    html = make_app(tmp_path / "join.db").test_client().get("/web/table").get_data(as_text=True)
    assert 'id="table-join"' in html and 'name="code"' in html and "Open the sitting" in html
