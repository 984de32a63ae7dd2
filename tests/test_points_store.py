"""Points-only deals count in the store like result deals: games, rubbers, player statistics
and ratings (docs/FORMAT.md, "Points-only deals"). Worked by hand: modern, game to 5; N-S 1,
E-W 2, N-S 4 ends game 1 at 5-2 for N-S (Ann & Cy); game 2 opens with N-S 1."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from euchre_records.cli.main import main

RECORD = {"format": "euchre-records", "version": "1.0",
          "rules": {"preset": "modern", "overrides": {"game_points": 5}},
          "event": {"club": "Riverside", "date": "2026-11-27"},
          "players": {s: {"name": n} for s, n in zip("NESW", ("Ann", "Bob", "Cy", "Di"))},
          "deals": [{"kind": "points", "dealer": d, "points": p}
                    for d, p in zip("NESW", ([1, 0], [0, 2], [4, 0], [1, 0]))]}


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_points_only_games_count_in_statistics_and_ratings(tmp_path: Path) -> None:
    path, db = tmp_path / "night.json", str(tmp_path / "club.db")
    path.write_text(json.dumps(RECORD), "utf-8")
    _run("import", str(path), "--db", db)
    players = {p["name"]: p for p in json.loads(_run("players", "--db", db, "--format", "json"))}
    assert {n: (p["games_played"], p["games_won"], p["points_scored"]) for n, p in players.items()} == {
        "Ann": (2, 1, 6), "Cy": (2, 1, 6), "Bob": (2, 0, 2), "Di": (2, 0, 2)}
    ladder = {p["name"]: p for p in json.loads(_run("ratings", "--db", db, "--format", "json"))}
    assert (ladder["Ann"]["won"], ladder["Bob"]["lost"]) == (1, 1)
    assert ladder["Ann"]["rating"] > ladder["Bob"]["rating"]
