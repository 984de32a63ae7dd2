"""The store's one ingest for every seat count (api/store/ingest.py).

Oracles: the golden files themselves (their canonical text is written by hand in the canonical
layout), hashlib over the canonical text, and the four-handed path's own texts for a record of
four (unchanged by this branch)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from euchre_records.api.store.ingest import parse, prepare
from euchre_records.errors import NotationError, RecordError
from euchre_records.model import Record
from euchre_records.schema.notation import dumps
from golden_cases import cases

ROOT = Path(__file__).parent.parent
VARIANTS = [p for p in cases("variants")]


def _ok(path: Path) -> bool:
    try:
        prepare(path.read_text(encoding="utf-8"))
    except RecordError:
        return False
    return True


STORABLE = [p for p in VARIANTS if _ok(p)]


def test_every_variant_golden_is_storable() -> None:
    assert len(STORABLE) == len(VARIANTS) >= 19


@pytest.mark.parametrize("path", STORABLE, ids=lambda p: p.stem)
def test_a_table_record_is_prepared_with_its_own_texts(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    sub = prepare(text)
    assert not sub.record.fixed_partnerships and sub.result.table == sub.record.table
    assert sub.seats == json.loads(text)["rules"]["seats"]
    assert sub.hash == hashlib.sha256(sub.canonical.encode("utf-8")).hexdigest()
    result = json.loads(sub.result_json)
    assert result["rules"]["seats"] == sub.seats
    assert [d["points"] for d in result["deals"]] == [list(d.points) for d in sub.view.deals]
    assert isinstance(parse(text), Record)


@pytest.mark.parametrize("path", STORABLE, ids=lambda p: p.stem)
def test_the_canonical_text_says_what_the_golden_says(path: Path) -> None:
    """The canonical text holds the golden's data (its keys perhaps in another order), laid out
    as 2-space JSON with a final newline, and reads back to the same text."""
    text = path.read_text(encoding="utf-8")
    canonical = prepare(text).canonical
    assert json.loads(canonical) == json.loads(text)
    assert canonical.endswith("}\n") and canonical.startswith('{\n  "format": "euchre-records",\n')
    assert prepare(canonical).canonical == canonical


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(STORABLE), st.sampled_from([None, 0, 4, "\t"]), st.booleans())
def test_the_hash_does_not_depend_on_layout(path: Path, indent: int | str | None, sort: bool) -> None:
    text = path.read_text(encoding="utf-8")
    relaid = json.dumps(json.loads(text), indent=indent, sort_keys=sort, ensure_ascii=True)
    assert prepare(relaid).hash == prepare(text).hash


def test_four_handed_path_is_unchanged() -> None:
    text = (ROOT / "examples" / "hoyle-rubber.json").read_text(encoding="utf-8")
    sub = prepare(text)
    assert sub.record.fixed_partnerships and sub.seats == 4
    assert sub.canonical == dumps(sub.record)
    assert sub.view.columns[0].key == "N-S"


@pytest.mark.parametrize("path", [STORABLE[0], STORABLE[-1], ROOT / "examples" / "hoyle-rubber.json"],
                         ids=lambda p: p.stem)
def test_the_dataset_builds_a_records_view_once(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A submission's table view is built at its first read and kept; the dataset's rows of one
    record (the store's ``rows_of``, then its own tables) build it once at a table of n and not
    at all for a four-handed record, which reads the engine's own types."""
    from euchre_records.api.store import ingest
    from euchre_records.bulk.tables import tables_of
    from euchre_records.table_view import view_of
    text = path.read_text(encoding="utf-8")
    sub = prepare(text)
    assert sub.view is sub.view and sub.view == view_of(sub.record, sub.result)
    built: list[object] = []

    def counted(record: object, result: object) -> object:
        built.append(record)
        return view_of(record, result)   # type: ignore[arg-type]

    monkeypatch.setattr(ingest, "view_of", counted)
    tables = tables_of(path.name, text)
    assert tables["records"] and not tables["errors"]
    assert len(built) == (0 if sub.record.fixed_partnerships else 1)


def _with(path: Path, change: dict[str, object]) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"].update(change)
    return json.dumps(data)


@pytest.mark.parametrize("seats, words", [(9, "out of range"), (6, "six-handed"), (1, "one-handed")])
def test_refused_seat_counts_are_located(seats: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        prepare(_with(VARIANTS[0], {"seats": seats}))
    assert [p.where for p in caught.value.problems] == ["rules.seats"]
    assert words in caught.value.problems[0].what


def test_a_trick_of_the_wrong_size_is_located() -> None:
    data = json.loads(VARIANTS[1].read_text(encoding="utf-8"))   # cut-throat: tricks of 3
    deal = data["deals"][0]
    deal["tricks"][0] = deal["tricks"][0].rsplit(" ", 1)[0]      # two cards
    with pytest.raises(RecordError) as caught:
        prepare(json.dumps(data))
    assert any(p.where.startswith("deals[0].tricks[0]") for p in caught.value.problems)
