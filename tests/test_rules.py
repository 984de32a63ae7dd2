"""Rule sets: presets, overrides, citations, and the generated table in docs/RULES.md."""

from pathlib import Path

import pytest

from euchre_records.errors import NotationError
from euchre_records.rules import OPTION_DOCS, PRESETS, preset
from euchre_records.rules_doc import SOURCES, rules_table_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"


def test_docs_table_is_current() -> None:
    assert rules_table_markdown() in DOCS.read_text(encoding="utf-8"), (
        "docs/RULES.md is stale: paste euchre_records.rules_doc.rules_table_markdown() between the markers")


def test_every_option_is_documented_with_sources() -> None:
    options = set(PRESETS["modern"].option_values())
    assert options == set(OPTION_DOCS) == set(SOURCES)


@pytest.mark.parametrize(("name", "lone_euchred", "revoke", "rubber"), [
    ("somerset-1888", 4, (3, 5), "somerset"),
    ("hoyle", 2, (2, 4), "whist"),
    ("modern", 2, (2, 2), "none"),
])
def test_preset_values_from_the_books(name: str, lone_euchred: int, revoke: tuple[int, int], rubber: str) -> None:
    r = preset(name)
    assert r.lone_euchred == lone_euchred
    assert (r.revoke_penalty, r.revoke_penalty_lone) == revoke
    assert r.rubber.value == rubber


def test_overrides_are_checked_and_located() -> None:
    with pytest.raises(NotationError) as err:
        preset("modern").with_overrides({"lap": "yes", "nonsense": 1, "lone_lead": "dealer"})
    wheres = {p.where for p in err.value.problems}
    assert wheres == {"rules.overrides.lap", "rules.overrides.nonsense", "rules.overrides.lone_lead"}


def test_fixed_deals_need_no_target() -> None:
    r = preset("modern").with_overrides({"game_points": None, "fixed_deals": 8})
    assert r.fixed_deals == 8
    with pytest.raises(NotationError):
        preset("modern").with_overrides({"fixed_deals": 8})


def test_citations_name_the_rule_set() -> None:
    assert preset("somerset-1888").cite("revoke_penalty") == "Somerset 63"
    assert preset("hoyle").cite("revoke").startswith("Hoyle")
    assert "default" in preset("modern").cite("no-such-topic")


def test_every_seat_is_truthy() -> None:
    """N is index 0 but never 'no seat': `if seat:` must not drop North."""
    from euchre_records.cards import SEATS
    assert all(SEATS)
