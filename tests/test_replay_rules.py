"""``euchre replay --rules PRESET``: the record's own overrides are kept under the new preset,
and the command says which applied and which could not (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.rules import preset, rebase

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
