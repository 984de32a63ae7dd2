"""What the store accepts, its own dump restores (issue 22): a name with a newline read from EGN
was stored, dumped by ``export --to jsonl`` and refused when that dump was imported, a backup
that could not be restored.

The property: records with random text in every free-text field, from our notation and from EGN,
are imported into a store; whatever it stored is dumped (``euchre export --db --to jsonl``) and
the dump imported into an empty store; the two stores hold the same canonical texts, field for
field, and the same submitters (the dump's envelope lines); the oracle is the first store's own
rows, not the code that wrote them. A record the store refuses is refused with a located
reason, never stored half."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings, strategies as st

from euchre_records.api.store.importer import import_sources
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EGN_SAMPLE = json.loads((ROOT / "tests" / "data" / "egn" / "epic-comeback.egn").read_text())

_text = st.text(st.characters(codec="utf-8"), max_size=12)
"""Any text at all: controls, bidirectional controls, zero-width characters, newlines."""


def _notation(f: dict[str, str]) -> dict[str, Any]:
    """A result-only rubber of our notation with ``f`` in every free-text field."""
    return {"format": "euchre-records", "version": "1.0",
            "event": {"club": f["club"], "event": f["event"], "table": f["table"],
                      "round": f["round"], "notes": f["notes"], "game_id": f["game_id"]},
            "players": {"N": {"name": f["n"], "id": f["id"],
                              "ids": [{"id": f["ref"], "source": f["source"]}]},
                        "E": {"name": f["e"]}, "S": {"name": f["s"]}, "W": {"name": f["w"]}},
            "rules": {"preset": "modern", "overrides": {"game_points": 5}},
            "deals": [{"kind": "result", "dealer": "N", "result": {"maker": "E", "trump": "H",
                                                                  "tricks": 3}}]}


def _egn(f: dict[str, str]) -> dict[str, Any]:
    """The EGN sample with ``f`` in its player names, title and description."""
    doc = json.loads(json.dumps(EGN_SAMPLE))
    doc["metadata"]["players"] = [f["n"], f["e"], f["s"], f["w"]]
    doc["metadata"]["title"] = f["event"]
    doc["metadata"]["description"] = f["notes"]
    return doc


FIELDS = ("club", "event", "table", "round", "notes", "game_id", "n", "e", "s", "w", "id", "ref",
          "source")


def _canonical(path: Path) -> list[str]:
    db = open_db(path)
    try:
        return [row[0] for row in db.execute("SELECT canonical FROM records ORDER BY id")]
    finally:
        db.close()


def _submitters(path: Path) -> list[str | None]:
    db = open_db(path)
    try:
        return [row[0] for row in db.execute("SELECT submitted_by FROM records ORDER BY id")]
    finally:
        db.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(fields=st.fixed_dictionaries({k: _text for k in FIELDS}), egn=st.booleans(),
       submitter=st.none() | _text)
@example(fields={**{k: "x" for k in FIELDS}, "n": "Ann\nCobb"}, egn=True,       # the case
         submitter=None)
@example(fields={**{k: "x" for k in FIELDS}, "n": "Ann\u202eboC"}, egn=True,    # a bidi control
         submitter=None)
@example(fields={**{k: "x" for k in FIELDS}, "e": "Bo\u200bb"}, egn=False,      # a zero-width space
         submitter="referee")
@example(fields={**{k: "x" for k in FIELDS}, "notes": "two\nlines\tand a tab"}, egn=True,
         submitter="the\nclerk")
@example(fields={**{k: "x" for k in FIELDS}, "n": "=HYPERLINK(\"http://x\")"}, egn=False,
         submitter="=1+1")
def test_whatever_the_store_accepts_its_dump_restores(tmp_path_factory: Any,
                                                     fields: dict[str, str], egn: bool,
                                                     submitter: str | None) -> None:
    folder = tmp_path_factory.mktemp("dump")
    first, second = folder / "first.db", folder / "second.db"
    text = json.dumps(_egn(fields) if egn else _notation(fields), ensure_ascii=False)
    db = open_db(first)
    try:
        migrate(db)
        report = import_sources(db, [("random", text)], submitted_by=submitter)
    finally:
        db.close()
    stored = _canonical(first)
    assert report.stored == len(stored) <= 1
    if not stored:  # refused: with a located reason
        assert report.invalid == 1 and report.reasons and report.reasons[0][1]
        return
    runner = CliRunner()
    dump = runner.invoke(main, ["export", "--db", str(first), "--to", "jsonl"])
    assert dump.exit_code == 0, dump.output
    (folder / "dump.jsonl").write_text(dump.stdout, encoding="utf-8")
    restored = runner.invoke(main, ["import", str(folder / "dump.jsonl"), "--db", str(second)])
    assert restored.exit_code in (0, 3), restored.output  # 3: the record's own findings
    assert _canonical(second) == stored
    assert _submitters(second) == _submitters(first)  # who submitted it: the dump's envelope


def test_a_newline_in_an_egn_name_is_refused_at_its_place() -> None:
    from euchre_records.api.store.ingest import prepare
    from euchre_records.errors import RecordError
    doc = _egn({**{k: "x" for k in FIELDS}, "n": "Ann\nCobb"})
    try:
        prepare(json.dumps(doc))
    except RecordError as exc:
        text = " ".join(str(p) for p in exc.problems)
        assert "U+000A" in text and "players" in text
    else:
        raise AssertionError("a name with a newline was accepted from EGN")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(["somerset-1888", "hoyle", "modern"]),
       names=st.lists(_text, min_size=4, max_size=4))
def test_random_played_records_and_their_corrections_restore(tmp_path_factory: Any, seed: int,
                                                             rules: str,
                                                             names: list[str]) -> None:
    """Random legal rubbers played card by card (testkit), with random names, and a corrected
    version of each: ``--all-versions`` dumps both, and the dump restores the same texts."""
    from euchre_records.testkit.samples import random_texts
    folder = tmp_path_factory.mktemp("played")
    first, second = folder / "first.db", folder / "second.db"
    texts = []
    for text in random_texts(2, start_seed=seed, rules_name=rules):
        data = json.loads(text)
        data["players"] = {s: {"name": n} for s, n in zip("NESW", names)}
        texts.append(json.dumps(data, ensure_ascii=False))
    runner = CliRunner()
    (folder / "in.jsonl").write_text("\n".join(texts) + "\n", encoding="utf-8")
    runner.invoke(main, ["import", str(folder / "in.jsonl"), "--db", str(first)])
    stored = _canonical(first) if first.exists() else []
    if not stored:
        return  # the names were refused: the first property covers why
    fixed = json.loads(stored[0])
    fixed.setdefault("event", {})["notes"] = "corrected"
    (folder / "fix.json").write_text(json.dumps(fixed, ensure_ascii=False), encoding="utf-8")
    corrected = runner.invoke(main, ["correct", "1", str(folder / "fix.json"), "--db", str(first)])
    assert corrected.exit_code in (0, 3), corrected.output
    dump = runner.invoke(main, ["export", "--db", str(first), "--to", "jsonl", "--all-versions"])
    assert dump.exit_code == 0, dump.output
    (folder / "dump.jsonl").write_text(dump.stdout, encoding="utf-8")
    restored = runner.invoke(main, ["import", str(folder / "dump.jsonl"), "--db", str(second)])
    assert restored.exit_code in (0, 3), restored.output
    assert sorted(_canonical(second)) == sorted(_canonical(first))
