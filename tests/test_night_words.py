"""Issue 33, the small things a newcomer met on the night, outside the browser: the CLI's words
for a picture given to ``import`` (as ``validate`` says it), an EMN match file given to
``validate`` (pointing to ``euchre event import``), counts written in words (one helper,
euchre_records/words.py, for the pages and the CLI) and the rules said as a scorer says them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.words import counted, override_words

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00\x01"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_import_of_a_picture_says_what_validate_says(tmp_path: Path, runner: CliRunner) -> None:
    pic = tmp_path / "pic.png"
    pic.write_bytes(PNG)
    imported = runner.invoke(main, ["import", str(pic), "--db", str(tmp_path / "c.db")])
    validated = runner.invoke(main, ["validate", str(pic)])
    for result in (imported, validated):
        assert "Traceback" not in result.output and "codec" not in result.output, result.output
        assert f"{pic}: invalid: the file is not UTF-8 text" in result.output, result.output


def test_validate_of_an_emn_match_file_points_to_event_import(tmp_path: Path,
                                                               runner: CliRunner) -> None:
    match = tmp_path / "finals.emn"
    match.write_text(json.dumps({"fileType": "Euchre Match Notation", "version": "1.0",
                                 "metadata": {"title": "Finals"}, "games": []}))
    said = runner.invoke(main, ["validate", str(match)]).output
    assert "EMN match file" in said and "euchre event import" in said, said
    broken = tmp_path / "x.emn"   # named .emn, not even JSON: still told where EMN goes
    broken.write_text("not json")
    said = runner.invoke(main, ["validate", str(broken)]).output
    assert "not valid JSON" in said and "euchre event import" in said, said
    other = tmp_path / "x.json"
    other.write_text('{"title": "a game"}')
    said = runner.invoke(main, ["validate", str(other)]).output
    assert "not a euchre record" in said and "euchre event import" in said, said


@pytest.mark.parametrize(("n", "noun", "said"), [
    (1, "pt", "1 pt"), (0, "pt", "0 pts"), (2, "place pt", "2 place pts"),
    (1, "finding", "1 finding"), (6, "sitting", "6 sittings"), (1, "deal", "1 deal")])
def test_counts_are_written_in_words(n: int, noun: str, said: str) -> None:
    assert counted(n, noun) == said


def test_the_rules_of_a_progressive_round_in_words() -> None:
    assert override_words({"fixed_deals": 4, "game_points": None}) == ["4 deals a round"]
    assert override_words({"game_points": 7}) == ["game to 7"]


def test_no_template_or_command_writes_a_count_with_s_in_brackets() -> None:
    """The '(s)' plural is gone from every page, command and message (grep, as the issue asked)."""
    root = Path(__file__).resolve().parent.parent
    found = []
    for folder in ("api", "cli", "events", "interop", "euchre_records"):
        for path in (root / folder).rglob("*"):
            if path.suffix not in (".py", ".html", ".js"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                bare = line.replace("http(s)", "")
                if any(f"{w}(s)" in bare for w in ("deal", "round", "sitting", "game", "link",
                                                   "problem", "finding", "record", "card")):
                    found.append(f"{path.relative_to(root)}:{number}")
    assert found == [], found
