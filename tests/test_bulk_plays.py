"""The plays table, computed column-wise (bulk/plays.py), against a card-by-card oracle.

Oracle: the engine's own primitives applied one card at a time, as the rule books state them
(RULES.md): the trick's leader (as the replay found it) plays first and play passes to the left
(common ground), past the partner of a lone maker, whose cards lie face down (Somerset 101), and
of a lone defender (the defending-alone variant); ``cards.effective_suit`` (the left bower
belongs to the trump suit for every purpose, seed 002 §5 and §7; the joker is the highest trump,
seed 002 §8); ``cards.trick_winner`` (highest trump wins, else highest of the suit led: common
ground); a revoke (Somerset 62) is the replay's finding for that deal, trick and seat. None of
it goes through numpy or the lookup arrays under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("numpy")

from euchre_records.api.store.ingest import prepare  # noqa: E402
from euchre_records.bulk.plays import PlayColumns  # noqa: E402
from euchre_records.bulk.tables import COLUMNS, Batch, tables_of  # noqa: E402
from euchre_records.cards import effective_suit, trick_winner  # noqa: E402
from euchre_records.errors import RecordError  # noqa: E402
from euchre_records.model import FindingKind  # noqa: E402
from euchre_records.schema.notation import dumps  # noqa: E402
from euchre_records.testkit.samples import random_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def oracle_plays(text: str) -> list[tuple[object, ...]]:
    """The plays rows of a valid record text, one card at a time (see the module docstring)."""
    sub = prepare(text)
    record, result = sub.record, sub.result
    revokes = {(f.deal, f.trick, f.seat) for f in result.findings if f.kind is FindingKind.REVOKE}
    rows: list[tuple[object, ...]] = []
    for d in result.deals:
        if not 1 <= d.number <= len(record.deals) or d.trump is None:
            continue
        deal = record.deals[d.number - 1]
        if not deal.tricks or len(d.leaders) < len(deal.tricks):
            continue
        out = set()
        if d.alone and d.maker is not None:
            out.add(d.maker.partner)
        if d.defender_alone is not None:
            out.add(d.defender_alone.partner)
        for t, trick in enumerate(deal.tricks, 1):
            if not trick.cards:
                continue
            seats = [d.leaders[t - 1]]
            while len(seats) < len(trick.cards):
                seat = seats[-1].left
                while seat in out:
                    seat = seat.left
                seats.append(seat)
            win = trick_winner(trick.cards, d.trump)
            led = effective_suit(trick.cards[0], d.trump)
            for j, (card, seat) in enumerate(zip(trick.cards, seats)):
                suit = effective_suit(card, d.trump)
                rows.append((sub.hash, d.number, t, j + 1, seat.name, card.name, suit.value,
                             led.value, d.trump.value, suit is led, seats[win].name, j == win,
                             (d.number, t, seat) in revokes))
    return rows


def _record_texts() -> list[tuple[str, str]]:
    """Every record among the examples and the golden files that the store accepts."""
    found = []
    for path in sorted([*ROOT.glob("examples/*.json"), *ROOT.glob("tests/golden/**/*.json")]):
        text = path.read_text(encoding="utf-8-sig")
        try:
            if prepare(text).seats != 4:   # the dataset's tables are four-handed (bulk/tables.py)
                continue
        except (RecordError, ValueError):
            continue
        found.append((str(path.relative_to(ROOT)), text))
    return found


RECORDS = _record_texts()


def test_the_corpus_holds_lone_hands_and_revokes():
    """The golden corpus exercises what the seat order and the revoke flag depend on."""
    subs = [prepare(text) for _, text in RECORDS]
    assert any(d.alone for s in subs for d in s.result.deals)
    assert any(f.kind is FindingKind.REVOKE for s in subs for f in s.result.findings)
    assert len(RECORDS) > 20


@pytest.mark.parametrize("name,text", RECORDS, ids=[n for n, _ in RECORDS])
def test_plays_of_every_golden_record_equal_the_oracle(name, text):
    assert tables_of("x", text)["plays"] == oracle_plays(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(["somerset-1888", "hoyle", "modern"]))
def test_plays_of_random_rubbers_equal_the_oracle(seed, rules):
    text = dumps(random_record(seed, rules, max_deals=12))
    assert tables_of("x", text)["plays"] == oracle_plays(text)


def test_a_batch_of_many_records_keeps_each_card_with_its_record():
    """Records batched together: the rows are each record's own, in the order added."""
    texts = [dumps(random_record(seed, rules, max_deals=6))
             for seed, rules in ((1, "modern"), (2, "hoyle"), (3, "somerset-1888"), (4, "modern"))]
    texts += [text for _, text in RECORDS[:6]]
    batch = Batch()
    for text in texts:
        batch.add("x", text)
    assert batch.play_rows() == [row for text in texts for row in oracle_plays(text)]


def test_an_empty_batch_has_no_plays():
    columns = PlayColumns().columns()
    assert set(columns) == {name for name, _ in COLUMNS["plays"]}
    assert all(len(values) == 0 for values in columns.values())


def test_golden_records_in_one_shard_give_the_oracle_rows(tmp_path):
    """The Parquet file written for a shard of every golden record holds the oracle's rows."""
    pq = pytest.importorskip("pyarrow.parquet")
    from euchre_records.bulk.run import build_dataset
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(json.loads(t)) + "\n" for _, t in RECORDS), encoding="utf-8")
    build_dataset([str(src)], str(tmp_path / "out"), batch=7)
    table = pq.read_table(tmp_path / "out" / "plays")
    got = list(zip(*(table.column(name).to_pylist() for name, _ in COLUMNS["plays"])))
    assert got == [row for _, text in RECORDS for row in oracle_plays(text)]


@pytest.mark.parametrize("name,text", RECORDS[:12], ids=[n for n, _ in RECORDS[:12]])
def test_the_bulk_preparation_is_the_stores_without_the_result_text(name, text):
    """prepare(result_text=False), what the dataset uses, is the store's preparation (same
    record, replay, canonical text and hash) but for the result text no table holds."""
    full, bulk = prepare(text), prepare(text, result_text=False)
    assert (bulk.record, bulk.result, bulk.canonical, bulk.hash) == (
        full.record, full.result, full.canonical, full.hash)
    assert bulk.result_json == "" and full.result_json.startswith("{")


def test_the_bulk_preparation_refuses_what_the_store_refuses():
    bad = json.loads(RECORDS[0][1])
    bad["deals"][0]["dealer"] = "X"
    with pytest.raises(RecordError) as store:
        prepare(json.dumps(bad))
    with pytest.raises(RecordError) as bulk:
        prepare(json.dumps(bad), result_text=False)
    assert store.value.problems == bulk.value.problems and store.value.problems
