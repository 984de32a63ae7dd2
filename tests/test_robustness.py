"""No crash for a client's mistake, nothing lost, nothing fooled (issue 9).

Each input here once ended in a traceback, an HTTP 500, a silent acceptance or lost records;
each must now be a located notation error (HTTP 400/422, CLI exit 1) or be handled as stated.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from euchre_records.api.app import create_app
from euchre_records.api.store.importer import ImportReport, import_sources, iter_sources
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import SCHEMA_VERSION, StoreUnavailable, migrate, open_db, open_store
from euchre_records.testkit.samples import random_texts
from euchre_records.cli.main import main
from euchre_records.errors import NotationError, RecordError
from euchre_records.schema.notation import MAX_INT_DIGITS, parse_json

from auth_fixtures import writing_client

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from claim_records import claim_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BASE = json.loads((ROOT / "examples" / "club-scoresheet.json").read_text(encoding="utf-8"))
TEXTS = list(random_texts(6, start_seed=900))


def with_name(name: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(BASE))
    doc["players"]["N"]["name"] = name
    return doc


def notation_error(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        prepare(text)
    return caught.value


def wheres(exc: RecordError) -> list[str]:
    return [p.where for p in exc.problems]


# --- the strict JSON reader -------------------------------------------------------------------

def test_an_integer_over_the_digit_limit_is_a_located_error() -> None:
    text = json.dumps(BASE).replace('"version": "1.0"', '"version": "1.0", "n": ' + "7" * 5000, 1)
    exc = notation_error(text)
    assert f"more than {MAX_INT_DIGITS} digits" in str(exc) and "line 1, column" in str(exc)


def test_an_integer_of_exactly_the_limit_reads() -> None:
    assert parse_json("[" + "9" * MAX_INT_DIGITS + "]") == [int("9" * MAX_INT_DIGITS)]
    with pytest.raises(NotationError):
        parse_json("[-" + "9" * (MAX_INT_DIGITS + 1) + "]")


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "x\\udc00y"])
def test_a_lone_surrogate_is_refused_where_it_is(escape: str) -> None:
    text = json.dumps(with_name("PLACEHOLDER")).replace("PLACEHOLDER", escape)
    exc = notation_error(text)
    assert wheres(exc) == ["players.N.name"] and "lone surrogate" in str(exc)


def test_a_surrogate_pair_is_one_character_and_reads() -> None:
    text = json.dumps(with_name("PLACEHOLDER")).replace("PLACEHOLDER", "Ann \\ud83d\\ude00")
    assert prepare(text).record.players[0][1].name == "Ann \U0001F600"


def test_a_lone_surrogate_in_a_key_is_refused() -> None:
    exc = notation_error(json.dumps(BASE)[:-1] + ', "k\\ud800": 1}')
    assert "lone surrogate" in str(exc)


def test_a_repeated_key_is_refused_with_its_place() -> None:
    text = json.dumps(BASE).replace('"name": "Carol Wietfeldt"', '"name": "Carol", "name": "X"', 1)
    exc = notation_error(text)
    assert wheres(exc) == ["players.N"] and "'name' appears twice" in str(exc)
    deal = json.dumps(BASE).replace('"dealer": "N"', '"dealer": "N", "dealer": "E"', 1)
    assert wheres(notation_error(deal)) == ["deals[0]"]


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_non_json_numbers_are_refused(word: str) -> None:
    assert "not valid JSON" in str(notation_error(json.dumps(BASE)[:-1] + f', "x": {word}}}'))


def test_nesting_too_deep_for_the_parser_is_a_notation_error() -> None:
    deep = '{"format": "euchre-records", "version": "1.0", "event": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert "nested too deeply" in str(notation_error(deep))


# --- names, labels and dates ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_player_name_is_refused(name: str) -> None:
    exc = notation_error(json.dumps(with_name(name)))
    assert wheres(exc) == ["players.N.name"] and "may not be empty" in str(exc)


@pytest.mark.parametrize("name", ["Ann\u0000", "Ann\u001b[31mred", "Ann\nBob", "Ann\u0085"])
def test_control_characters_in_a_name_are_refused(name: str) -> None:
    exc = notation_error(json.dumps(with_name(name)))
    assert wheres(exc) == ["players.N.name"] and "control character" in str(exc)


def test_control_characters_in_an_event_label_are_refused_but_notes_keep_lines() -> None:
    doc = json.loads(json.dumps(BASE))
    doc["event"]["club"] = "Club\u0007"
    assert wheres(notation_error(json.dumps(doc))) == ["event.club"]
    doc["event"]["club"] = "Club"
    doc["event"]["notes"] = "line one\nline two\ttabbed"
    assert prepare(json.dumps(doc)).record.event.notes == "line one\nline two\ttabbed"


@pytest.mark.parametrize("date", ["2026", "2026-11", "2026-11-27", "2024-02-29", "2026-07-06T03:51",
                                  "2026-05-17T19:00:00Z", "2026-06-02T19:02:05.5+05:30"])
def test_iso_dates_are_accepted(date: str) -> None:
    doc = json.loads(json.dumps(BASE))
    doc["event"]["date"] = date
    assert prepare(json.dumps(doc)).record.event.date == date


@pytest.mark.parametrize("date, says", [
    ("2026-02-30", "February 2026 has 28 days"), ("2025-02-29", "February 2025 has 28 days"),
    ("2026-04-31", "April 2026 has 30 days"), ("27/11/2026", "not an ISO 8601 date"),
    ("2026-13", "not an ISO 8601 date"), ("2026-1-5", "not an ISO 8601 date"),
    ("Nov 27", "not an ISO 8601 date"), ("2026-11-27T25:00", "not an ISO 8601 date")])
def test_dates_that_are_not_iso_dates_are_refused(date: str, says: str) -> None:
    doc = json.loads(json.dumps(BASE))
    doc["event"]["date"] = date
    exc = notation_error(json.dumps(doc))
    assert wheres(exc) == ["event.date"] and says in str(exc)


# --- EGN --------------------------------------------------------------------------------------

EGN = (ROOT / "tests" / "data" / "egn" / "custom-scenario.egn").read_text(encoding="utf-8")


@pytest.mark.parametrize("value", [{"a": 1}, ["LEFT_OF_DEALER"], 3, None])
def test_an_egn_rule_of_the_wrong_type_is_located(value: Any) -> None:
    doc = json.loads(EGN)
    doc["metadata"]["ruleset"]["loner_lead"] = value
    exc = notation_error(json.dumps(doc))
    assert "metadata.ruleset.loner_lead" in wheres(exc)


def test_an_egn_phase_type_that_is_a_list_is_located() -> None:
    doc = json.loads(EGN)
    doc["deals"][0]["phases"][0]["type"] = ["EUCHRE_BIDDING"]
    exc = notation_error(json.dumps(doc))
    assert any(w.startswith("deals[0].phases[0]") for w in wheres(exc))



# A repeated key raises from the object hook when its object closes, before the parser has read
# the rest; the second reading that locates the key then met the rest unguarded (issue 22).
_REPEATED = '{"format": "euchre-records", "a": 1, "a": 2}'
AFTER_A_REPEATED_KEY = {
    "malformed": (f"[{_REPEATED}, tru]", "not valid JSON: Expecting value at line 1, column"),
    "extra data": (f"{_REPEATED} x", "not valid JSON: Extra data at line 1, column 46"),
    "deep nesting": (f"[{_REPEATED}, " + "[" * 100_000 + "]" * 100_000 + "]",
                     "nested too deeply"),
}


@pytest.mark.parametrize("name", sorted(AFTER_A_REPEATED_KEY))
def test_what_follows_a_repeated_key_is_a_notation_error(name: str) -> None:
    text, said = AFTER_A_REPEATED_KEY[name]
    with pytest.raises(NotationError) as caught:
        parse_json(text)
    assert said in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from('[]{}",:0 1ae\\\n-.tnul'), max_size=40))
@example("[" * 5000)
@example('"\\ud800"]')
def test_whatever_follows_a_repeated_key_is_a_notation_error(rest: str) -> None:
    # the oracle: parse_json's contract (a NotationError for any bad text, nothing else)
    with pytest.raises(NotationError):
        parse_json(f"[{_REPEATED}, " + rest)


def test_a_repeated_key_deep_in_nesting_is_located() -> None:
    # 900 lists deep (within the parser's reach): the path is found without recursion
    text = "[" * 900 + '{"k": 1, "k": 2}' + "]" * 900
    with pytest.raises(NotationError) as caught:
        parse_json(text)
    assert wheres(caught.value) == ["[0]" * 900]

# --- the HTTP API -----------------------------------------------------------------------------

@pytest.fixture
def client(tmp_path: Path) -> Any:
    return writing_client(create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True}))


def test_a_lone_surrogate_is_422_on_both_posts_never_500(client: Any) -> None:
    text = json.dumps(with_name("PLACEHOLDER")).replace("PLACEHOLDER", "\\ud800")
    for path in ("/validate", "/records"):
        resp = client.post(path, data=text, content_type="application/json")
        assert resp.status_code == 422, resp.get_data(as_text=True)
        assert resp.get_json()["error"]["problems"][0]["where"] == "players.N.name"



@pytest.mark.parametrize("name", sorted(AFTER_A_REPEATED_KEY))
def test_what_follows_a_repeated_key_is_400_or_422_never_500(client: Any, name: str) -> None:
    text, said = AFTER_A_REPEATED_KEY[name]
    anonymous = client.application.test_client()
    for who, path in ((anonymous, "/validate"), (client, "/validate"), (client, "/records")):
        resp = who.post(path, data=text, content_type="application/json")
        assert resp.status_code in (400, 422), (path, resp.get_data(as_text=True)[:200])
        assert said in json.dumps(resp.get_json()["error"])

def test_a_huge_integer_is_422_never_500(client: Any) -> None:
    text = json.dumps(BASE)[:-1] + ', "n": ' + "1" * 5000 + "}"
    resp = client.post("/records", data=text, content_type="application/json")
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "invalid-record"


def test_claims_past_the_request_budget_are_422_too_costly(client: Any, monkeypatch: Any) -> None:
    from euchre_records import claims
    monkeypatch.setattr(claims, "DEFAULT_REQUEST_BUDGET", 20_000)
    resp = client.post("/validate", data=claim_text(40), content_type="application/json")
    body = resp.get_json()["error"]
    assert (resp.status_code, body["code"]) == (422, "too-costly")
    assert "20000 search positions" in body["message"]
    # the same deals one at a time are each well within the budget
    assert client.post("/validate", data=claim_text(1), content_type="application/json").status_code == 200


def test_a_whole_request_of_claims_costs_about_a_second_at_most(client: Any) -> None:
    # 600 claims before the first trick would cost several seconds; the budget stops it.
    # CPU time of this thread (the test client runs the request in it), not the wall clock:
    # what the budget bounds is work, and a shared runner's other load does not add to it
    import time
    started = time.thread_time()
    resp = client.post("/validate", data=claim_text(600), content_type="application/json")
    spent = time.thread_time() - started
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "too-costly"
    assert spent < 5  # ~1 s of search on an idle machine


@pytest.mark.parametrize("header, stored", [
    ("Zo\u00eb".encode().decode("latin-1"), "Zo\u00eb"),          # raw UTF-8 bytes
    ("UTF-8''Zo%C3%AB", "Zo\u00eb"),                              # RFC 8187
    ("plain ascii", "plain ascii")])
def test_x_submitted_by_is_read_as_utf8(client: Any, header: str, stored: str) -> None:
    resp = client.post("/records", data=TEXTS[0], content_type="application/json",
                       headers={"X-Submitted-By": header})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    meta = client.get(resp.headers["Location"]).get_json()
    assert meta["submitted_by"] == stored


@pytest.mark.parametrize("header", ["\u00ff\u00fe".encode("latin-1").decode("latin-1"), "UTF-8''%FF", "a\u0001b"])
def test_x_submitted_by_that_is_not_utf8_text_is_refused(client: Any, header: str) -> None:
    resp = client.post("/records", data=TEXTS[1], content_type="application/json",
                       headers={"X-Submitted-By": header})
    assert resp.status_code == 422
    assert resp.get_json()["error"]["problems"][0]["where"].endswith("X-Submitted-By")


def test_a_server_on_a_read_only_store_answers_503(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "ro.db"
    app = create_app({"DATABASE": str(path), "TESTING": True})
    client = writing_client(app)
    # the file as a read-only mount or permissions give it (root ignores chmod, so open it so)
    from euchre_records.api import db as api_db

    def read_only(p: Any) -> Any:
        import sqlite_utils
        return sqlite_utils.Database(sqlite3.connect(f"file:{p}?mode=ro", uri=True))
    monkeypatch.setattr(api_db, "open_db", read_only)
    resp = client.post("/records", data=TEXTS[2], content_type="application/json")
    assert resp.status_code == 503, resp.get_data(as_text=True)
    body = resp.get_json()["error"]
    assert body["code"] == "read-only-store" and "read-only" in body["message"]
    assert resp.headers["Retry-After"]
    assert client.get("/records").status_code == 200  # reads still work


# --- the CLI's database edges -----------------------------------------------------------------

@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def cli(runner: CliRunner, *args: Any) -> Any:
    return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_stdin_nested_past_the_parser_is_an_invalid_record(runner: CliRunner,
                                                           tmp_path: Path) -> None:
    result = runner.invoke(main, ["import", "-", "--db", str(tmp_path / "x.db")],
                           input="[" * 100_000 + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 1 and "nested too deeply" in result.output + result.stderr


def test_a_db_file_that_is_not_sqlite_is_a_message(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("these are my notes, not a database\n" * 50)
    before = bad.read_bytes()
    for args in (["rubbers"], ["players"], ["show", "1"], ["import", ROOT / "examples" / "hoyle-rubber.json"]):
        result = cli(runner, *args, "--db", bad)
        assert result.exit_code == 1 and "not a usable SQLite database" in result.stderr
        assert "Traceback" not in result.stderr + result.stdout
    assert bad.read_bytes() == before


def test_another_programs_sqlite_file_is_never_touched(runner: CliRunner, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    for args in (["rubbers"], ["players"], ["show", "1"], ["import", ROOT / "examples" / "hoyle-rubber.json"]):
        result = cli(runner, *args, "--db", other)
        assert result.exit_code == 1 and "not a euchre-records store" in result.stderr
    assert other.read_bytes() == before


def test_read_commands_never_create_a_store(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    for args in (["rubbers"], ["players"], ["show", "1"]):
        result = cli(runner, *args, "--db", missing)
        assert result.exit_code == 1 and "no database" in result.stderr
    assert not missing.exists()


def test_read_commands_never_migrate_or_write(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    assert cli(runner, "import", ROOT / "examples" / "hoyle-rubber.json", "--db", path).exit_code in (0, 3)
    before = path.read_bytes()
    assert cli(runner, "rubbers", "--db", path).exit_code == 0
    assert path.read_bytes() == before
    db = open_db(path)
    db.execute("PRAGMA user_version = 3")  # an older store: a read refuses rather than upgrade it
    db.conn.commit()
    db.close()
    result = cli(runner, "rubbers", "--db", path)
    assert result.exit_code == 1 and "upgrades it" in result.stderr


def test_a_newer_store_is_a_message_not_a_traceback(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    cli(runner, "import", ROOT / "examples" / "hoyle-rubber.json", "--db", path)
    db = open_db(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.conn.commit()
    db.close()
    for args in (["rubbers"], ["import", ROOT / "examples" / "joker-32.json"]):
        result = cli(runner, *args, "--db", path)
        assert result.exit_code == 1 and "newer than this program" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_store_that_cannot_be_created_is_a_message(runner: CliRunner, tmp_path: Path) -> None:
    result = cli(runner, "import", ROOT / "examples" / "hoyle-rubber.json", "--db",
                 tmp_path / "no" / "such" / "folder" / "x.db")
    assert result.exit_code == 1 and "does not exist" in result.stderr
    result = cli(runner, "import", ROOT / "examples" / "hoyle-rubber.json", "--db", tmp_path)
    assert result.exit_code == 2 and "is a directory" in result.stderr  # click's usage error
    with pytest.raises(StoreUnavailable, match="is a folder"):
        open_store(tmp_path, write=True)


def test_a_read_only_store_refuses_writes_with_a_message(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "ro.db"
    db = open_db(path)
    migrate(db, target=SCHEMA_VERSION - 1)   # a store of the release before: one migration pending
    db.close()
    real_connect = sqlite3.connect

    def read_only(target: Any, *args: Any, **kwargs: Any) -> Any:  # as a read-only mount opens
        return real_connect(f"file:{target}?mode=ro", *args, uri=True,
                            **{k: v for k, v in kwargs.items() if k != "uri"})
    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(StoreUnavailable) as caught:
        open_store(path, write=True)
    assert "read-only" in str(caught.value)


# --- the importer: nothing lost ---------------------------------------------------------------

def _store(tmp_path: Path) -> Any:
    db = open_db(tmp_path / "import.db")
    migrate(db)
    return db


def test_a_crash_on_one_record_costs_no_valid_record(tmp_path: Path, monkeypatch: Any) -> None:
    lines = [json.dumps(json.loads(t)) for t in random_texts(700, start_seed=5000)]
    poisoned = lines[600]
    from euchre_records.api.store import ingest
    real = ingest.prepare

    def crashing(text: str) -> Any:
        if text == poisoned:
            raise RuntimeError("a bug in the engine")
        return real(text)
    monkeypatch.setattr(ingest, "prepare", crashing)  # the importer calls it at each record
    db = _store(tmp_path)
    report = import_sources(db, [(f"f:{i}", t) for i, t in enumerate(lines)], batch=500)
    assert (report.stored, report.invalid) == (699, 1)
    assert "internal error" in report.reasons[0][1][0] and report.reasons[0][0] == "f:600"
    assert db.execute("SELECT count(*) FROM records").fetchone()[0] == 699


def test_an_interrupted_import_keeps_every_record_already_added(tmp_path: Path) -> None:
    lines = [json.dumps(json.loads(t)) for t in random_texts(30, start_seed=6000)]

    def interrupted() -> Any:
        for i, line in enumerate(lines):
            if i == 20:
                raise KeyboardInterrupt
            yield f"f:{i}", line
    db = _store(tmp_path)
    with pytest.raises(KeyboardInterrupt):
        import_sources(db, interrupted(), batch=500)
    assert db.execute("SELECT count(*) FROM records").fetchone()[0] == 20


def test_a_deeply_nested_json_in_a_folder_does_not_stop_the_import(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.json").write_text(TEXTS[0])
    (folder / "b-deep.json").write_text("[" * 200_000 + "]" * 200_000)
    (folder / "c.json").write_text(TEXTS[1])
    report = ImportReport()
    db = _store(tmp_path)
    import_sources(db, iter_sources([str(folder)], report), report)
    assert report.stored == 2 and report.invalid == 1
    assert "nested too deeply" in report.reasons[0][1][0]


def test_a_rerun_recognises_stored_texts_before_parsing(tmp_path: Path, monkeypatch: Any) -> None:
    lines = [json.dumps(json.loads(t)) for t in TEXTS]
    db = _store(tmp_path)
    first = import_sources(db, [(f"f:{i}", t) for i, t in enumerate(lines[:4])])
    assert first.stored == 4
    seen: list[str] = []
    from euchre_records.api.store import ingest
    real = ingest.prepare
    monkeypatch.setattr(ingest, "prepare", lambda text: seen.append(text) or real(text))
    again = import_sources(db, [(f"f:{i}", t + "\n") for i, t in enumerate(lines)])
    assert (again.stored, again.duplicates) == (2, 4)
    assert sorted(t.strip() for t in seen) == sorted(lines[4:])  # only the two new texts were parsed


def test_export_refuses_an_impossible_record(runner: CliRunner, tmp_path: Path) -> None:
    doc = json.loads((ROOT / "examples" / "modern-lone-march.json").read_text(encoding="utf-8"))
    deal = next(d for d in doc["deals"] if d.get("kind") == "full")
    hands = deal["hands"]
    first, second = list(hands)[:2]
    a, b = hands[first].split(), hands[second].split()
    a[0] = b[0]  # one card dealt to two seats
    hands[first] = " ".join(a)
    path = tmp_path / "impossible.json"
    path.write_text(json.dumps(doc))
    assert cli(runner, "validate", path).exit_code == 1
    result = cli(runner, "export", path, "--to", "egn")
    assert result.exit_code == 1 and result.stdout == ""


def test_serve_on_a_port_in_use_or_an_unknown_host_is_a_message(runner: CliRunner, tmp_path: Path) -> None:
    import socket
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = cli(runner, "serve", "--db", tmp_path / "s.db", "--port", port)
        assert result.exit_code == 1 and "cannot listen on 127.0.0.1:" in result.stderr
        assert "serving" not in result.stderr and "Traceback" not in result.stderr
    result = cli(runner, "serve", "--db", tmp_path / "s.db", "--host", "no-such-host.invalid")
    assert result.exit_code == 1 and "cannot listen on no-such-host.invalid" in result.stderr


def test_every_request_searches_claims_within_a_budget(tmp_path: Path) -> None:
    # not only the JSON API's posts: the pages and events replay records too
    from euchre_records import claims
    app = create_app({"DATABASE": str(tmp_path / "b.db"), "TESTING": True})
    app.add_url_rule("/t/budget", "t_budget", lambda: str(getattr(claims._BUDGET.get(), "limit", None)))
    assert app.test_client().get("/t/budget").get_data(as_text=True) == str(claims.DEFAULT_REQUEST_BUDGET)
    assert claims._BUDGET.get() is None  # and none outside a request


# --- the canonical text's writer ----------------------------------------------------------------


from euchre_records.schema.json_text import compact  # noqa: E402
from euchre_records.schema.notation import indented_json  # noqa: E402

# the values the store writes: no floats (the notation has none). Integers beyond 64 bits, lone
# surrogates and integer keys are the cases orjson refuses: they take the standard library path.
_text = st.text() | st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=2)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=2**63, max_value=2**70) | _text,
    lambda inner: (st.lists(inner, max_size=5) | st.tuples(inner, inner)
                   | st.dictionaries(st.text(max_size=5), inner, max_size=5)
                   | st.dictionaries(st.integers(), inner, max_size=2)),
    max_leaves=40)


@settings(max_examples=500, deadline=None)
@given(_json_values)
def test_the_store_writes_json_as_the_standard_library_does(value: Any) -> None:
    """The oracle is the standard library: the canonical text's indenting and the result text."""
    assert indented_json(value) == json.dumps(value, indent=2, ensure_ascii=False)
    assert compact(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
