"""The sessions in docs/CLI.md's console blocks, run as written: same stdout, same exit code.

A block is a run of ``$ euchre ...`` lines, each followed by its expected stdout and optionally
``[exit N]`` (0 when absent). Commands run in a folder holding a copy of examples/, in order,
so later commands see the store earlier ones filled.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner

from euchre_records.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def _sessions() -> list[tuple[list[str], list[str], int]]:
    text = (ROOT / "docs" / "CLI.md").read_text(encoding="utf-8")
    steps = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *out = chunk.rstrip("\n").split("\n")
            code = 0
            if out and re.fullmatch(r"\[exit \d+\]", out[-1]):
                code = int(out.pop()[6:-1])
            args = shlex.split(command)
            assert args[0] == "euchre", command
            steps.append((args[1:], out, code))
    return steps


def test_cli_md_sessions_run_as_written(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    steps = _sessions()
    assert len(steps) >= 6
    runner = CliRunner()
    for args, expected, code in steps:
        result = runner.invoke(main, args)
        assert result.exit_code == code, (args, result.output)
        assert result.stdout.splitlines() == expected, args
