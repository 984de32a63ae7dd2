"""``euchre replay --rules PRESET``: the record's own overrides are kept under the new preset,
and the command says which applied and which could not (issue 10); every record of every table
replays under every preset or is refused with a located error (issue 32)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.errors import RecordError
from euchre_records.match import replay as replay_record
from euchre_records.rules import PRESETS, preset, rebase
from euchre_records.schema.tables import load_any

FIVE_POINT = {
    "format": "euchre-records", "version": "1.0",
    "rules": {"preset": "modern", "overrides": {"game_points": 5}},
    "deals": [
        {"kind": "result", "dealer": "N", "result": {"maker": "S", "trump": "H", "alone": True, "tricks": 5}},
        {"kind": "result", "dealer": "E", "result": {"maker": "N", "trump": "S", "tricks": 3}},
        {"kind": "result", "dealer": "S", "result": {"maker": "E", "trump": "D", "tricks": 3}},
    ],
}


def _run(tmp_path: Path, record: object, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path), *args])
    return out.exit_code, out.stdout, out.stderr


def test_overrides_survive_another_preset(tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, FIVE_POINT, "--rules", "hoyle", "--format", "json")
    assert code == 0, err
    assert "rules hoyle; the record's overrides kept: game_points=5" in err
    games = json.loads(out)["games"]
    # Hoyle scores the lone march 4 (scoring table); with the record's 5-point game the
    # second deal (N makes, 1) wins game 1 at 5-0, and E's point opens game 2
    assert [(g["score"], g["winner"]) for g in games] == [({"ns": 5, "ew": 0}, "NS"), ({"ns": 0, "ew": 1}, None)]


def test_an_override_the_new_preset_refuses_is_named(tmp_path: Path) -> None:
    fixed = dict(FIVE_POINT, rules={"preset": "modern",
                                    "overrides": {"fixed_deals": 3, "game_points": None}})
    code, out, err = _run(tmp_path, fixed, "--rules", "somerset-1888")
    # a fixed number of deals cannot form the Somerset rubber: both overrides are refused
    assert "could not apply fixed_deals=3: a fixed number of deals cannot form a rubber" in err
    assert "could not apply game_points=None" in err
    assert "(rules: somerset-1888)" in out   # the table's header: no override applied


def test_rebase_keeps_what_the_new_preset_accepts() -> None:
    rules = preset("modern").with_overrides({"fixed_deals": 4, "game_points": None, "pack": 32})
    new, kept, refused = rebase(rules, "hoyle")   # Hoyle's rubber needs games to a target
    assert (new.name, new.pack, new.game_points, new.fixed_deals) == ("hoyle", 32, 5, None)
    assert kept == ("pack=32",)
    assert [o for o, _ in refused] == ["fixed_deals=4", "game_points=None"]
    assert all("cannot form a rubber" in why for _, why in refused)
    new, kept, refused = rebase(rules, "modern")   # together they fit modern's single games
    assert (new.fixed_deals, new.game_points, refused) == (4, None, ())


def _replayable_samples() -> list[tuple[str, Any]]:
    """Every example and golden record that loads, by file name (refused ones hold nothing)."""
    root = Path(__file__).resolve().parents[1]
    paths = sorted((root / "examples").glob("*.json")) + sorted(
        p for p in (root / "tests" / "golden").glob("*/*.json") if not p.name.endswith(".expected.json"))
    out = []
    for path in paths:
        try:
            out.append((path.name, load_any(json.loads(path.read_text(encoding="utf-8")))))
        except (RecordError, ValueError):
            continue
    return out


@pytest.mark.parametrize("preset_name", sorted(PRESETS))
def test_every_record_under_every_preset_replays_or_is_refused(preset_name: str) -> None:
    """``euchre replay --rules P`` (``rules.rebase``, then ``match.replay`` under those rules):
    each record of every table either replays or raises a located RecordError, never another
    exception. A table of n under a preset whose law of an irregularity it states is given for
    the partnership game only is refused at that irregularity, as the loader refuses it under
    the record's own preset (golden variants/36 under Hoyle: its turned-suit-named costs a side
    the right to make trump, a side this table does not have)."""
    refused = []
    for name, record in _replayable_samples():
        rules, _, _ = rebase(record.rules, preset_name)
        try:
            replay_record(record, rules)
        except RecordError as exc:   # located: each problem says where and what
            assert exc.problems and all(p.where and p.what for p in exc.problems), (name, exc.problems)
            refused.append((name, str(exc)))
    if preset_name == "hoyle":
        assert any(name.startswith("36-two-handed-turned-suit-named") and
                   "turned-suit-named: Hoyle" in why and "no form for 2 hands" in why
                   for name, why in refused)
