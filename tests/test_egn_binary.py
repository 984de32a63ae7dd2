"""Binary EGN (docs/binary-format.md): every sample in ../shared/egn-spec/binary-samples (copied
to tests/data/egn/binary) decodes to its JSON form in ../shared/egn-samples, re-encodes byte for
byte, and records survive record -> .egnb -> record; untrusted bytes give located errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.errors import NotationError, RecordError, UnsupportedRules
from euchre_records.match import replay
from euchre_records.interop.egn.document import egn_to_record, record_to_egn
from euchre_records.interop.egn.binary import (
    MAX_SIZE, egn_to_egnb, egnb_to_egn, egnb_to_record, is_egn_binary, record_to_egnb,
)
from euchre_records.interop.egn.condensed import decode_deal, encode_deal
from euchre_records.interop.egn.protobuf import BinaryError, Writer, read_message

DATA = Path(__file__).parent / "data" / "egn"
BINARY = sorted((DATA / "binary").glob("*.egnb"))


def json_form(path: Path) -> dict[str, Any]:
    name = path.name.split(".")[0]
    source = DATA / "binary" / f"{name}.egn" if (DATA / "binary" / f"{name}.egn").exists() else DATA / f"{name}.egn"
    doc: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return doc


def test_every_binary_sample_is_covered() -> None:
    assert len(BINARY) == 14 and {p.read_bytes()[0] for p in BINARY} == {0, 1}


@pytest.mark.parametrize("path", BINARY, ids=lambda p: p.name)
def test_binary_sample_decodes_to_its_json_form(path: Path) -> None:
    """The binary samples were written as version "1.3" (their JSON forms say "1.4"); all else
    is equal, the header byte telling expanded (0x00) from condensed (0x01)."""
    data = path.read_bytes()
    assert is_egn_binary(data)
    assert data[0] == (0 if path.name.endswith(".expanded.egnb") else 1)
    doc = egnb_to_egn(data)
    assert doc["version"] == "1.3"
    assert {**doc, "version": "1.4"} == json_form(path)


@pytest.mark.parametrize("path", BINARY, ids=lambda p: p.name)
def test_binary_sample_re_encodes_byte_for_byte(path: Path) -> None:
    data = path.read_bytes()
    assert egn_to_egnb(egnb_to_egn(data), condensed=data[0] == 1) == data


@pytest.mark.parametrize("path", BINARY, ids=lambda p: p.name)
def test_record_through_binary_is_the_same_record(path: Path) -> None:
    record = egn_to_record(json_form(path))
    for condensed in (True, False):
        back = egnb_to_record(record_to_egnb(record, condensed=condensed))
        assert back == record
        assert replay(back).games == replay(record).games


def test_pack_order_is_the_one_the_files_use() -> None:
    """The custom-scenario sample's condensed deal: the up-card Jc is index 10 of the pack
    9s 9h 9c 9d Ts Th Tc Td Js Jh Jc ... (by rank, then spades, hearts, clubs, diamonds)."""
    doc = json_form(DATA / "binary" / "custom-scenario.egnb")
    text = encode_deal(doc["deals"][0], "deals[0]")
    raw = __import__("base64").urlsafe_b64decode(text + "=" * (-len(text) % 4))
    bits = "".join(f"{b:08b}" for b in raw)
    assert bits[:4] == "0011" and int(bits[12:17], 2) == 10
    assert decode_deal(text, "deals[0]", 0) == doc["deals"][0]


def test_the_condensed_form_refuses_what_it_cannot_hold() -> None:
    doc = json_form(DATA / "binary" / "six-points-in-two-hands.egnb")
    doc["deals"][1]["phases"][0]["calls"] = ["Pass", "Pass"]     # a bidding stopped part-way
    doc["deals"][1]["phases"] = doc["deals"][1]["phases"][:1]
    with pytest.raises(UnsupportedRules) as err:
        egn_to_egnb(doc, condensed=True)
    assert err.value.problems[0].where == "deals[1].phases[0].calls"
    assert egnb_to_egn(egn_to_egnb(doc, condensed=False))["deals"][1] == doc["deals"][1]


def test_a_partial_game_survives_the_expanded_form() -> None:
    doc = json_form(DATA / "binary" / "six-points-in-two-hands.egnb")
    doc["deals"][1]["phases"][1]["tricks"] = doc["deals"][1]["phases"][1]["tricks"][:3]
    record = egn_to_record(doc)
    assert egnb_to_record(record_to_egnb(record, condensed=False)) == record
    assert egnb_to_record(record_to_egnb(record, condensed=True)) == record


def test_negative_numbers_are_ten_byte_varints() -> None:
    data = bytes(Writer().varint(4, -1))
    assert len(data) == 11
    ((number, _, value, _),) = read_message(data)
    from euchre_records.interop.egn.protobuf import as_int32
    assert number == 4 and as_int32(value, "x", 0) == -1


@pytest.mark.parametrize("cut", [1, 2, 3, 10, 40, 100, 200])
def test_a_truncated_file_is_a_located_error(cut: int) -> None:
    data = (DATA / "binary" / "vwec-finals.egnb").read_bytes()[:cut]
    with pytest.raises(NotationError) as err:
        egnb_to_record(data)
    (problem,) = err.value.problems
    assert problem.where and any(w in problem.what for w in ("byte", "bit", "cut-off"))


def test_size_cap_and_empty_file() -> None:
    with pytest.raises(BinaryError, match="8 MiB"):
        egnb_to_egn(b"\x01" + b"\x00" * MAX_SIZE)
    with pytest.raises(BinaryError, match="empty"):
        egnb_to_egn(b"")


def test_a_bad_deal_string_names_the_deal() -> None:
    w = Writer().text(1, "Euchre Game Notation").text(2, "1.4").message(3, Writer()).text(4, "MMVW!!")
    with pytest.raises(BinaryError) as err:
        egnb_to_egn(b"\x01" + bytes(w))
    assert err.value.problems[0].where == "deals[0]"


SAMPLE_BYTES = [p.read_bytes() for p in BINARY]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAMPLE_BYTES) - 1), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)),
                                                       min_size=1, max_size=6), st.integers(0, 3000))
def test_mutated_binary_never_crashes(which: int, flips: list[tuple[int, int]], cut: int) -> None:
    """Untrusted binary: random byte changes and cuts give a record or a RecordError, never
    another exception and never a hang."""
    data = bytearray(SAMPLE_BYTES[which])
    for pos, value in flips:
        data[pos % len(data)] = value
    data = data[:max(1, len(data) - cut % len(data))]
    try:
        record = egnb_to_record(bytes(data))
    except RecordError:
        return
    try:
        replay(record)
    except RecordError:
        pass


def test_random_bytes_never_crash() -> None:
    rng = random.Random(11)
    for _ in range(500):
        data = bytes([rng.choice([0, 1])]) + bytes(rng.randrange(256) for _ in range(rng.randrange(60)))
        try:
            egnb_to_record(data)
        except RecordError:
            pass


@pytest.mark.parametrize("path", BINARY, ids=lambda p: p.name)
def test_binary_export_decodes_to_schema_valid_egn(path: Path) -> None:
    from egn_support import EGN_VALIDATOR as validator   # EGN's schema, date-time enforced
    record = egn_to_record(json_form(path))
    for condensed in (True, False):
        validator.validate(egnb_to_egn(record_to_egnb(record, condensed=condensed)))
    validator.validate(record_to_egn(record))


EXCHANGES = sorted(p for p in (Path(__file__).parent / "golden" / "deals").glob("*-house-*.json")
                   if not p.name.endswith(".expected.json") and '"exchanges"' in p.read_text("utf-8"))


def test_the_exchange_goldens_are_here() -> None:
    """Issue 34's four (going under: 75, 80; partner's best: 77, 82), and 81."""
    assert {p.name[:2] for p in EXCHANGES} >= {"75", "77", "80", "82"}


@pytest.mark.parametrize("path", EXCHANGES, ids=lambda p: p.stem)
def test_exchanges_are_kept_expanded_and_refused_condensed(path: Path) -> None:
    """The condensed bit stream has no field for cardExchanges (docs/binary-format.md); it
    dropped them, and the file then said a player played a card he never held. Now the
    condensed form refuses the deal at its exchanges, naming the expanded form, and the
    expanded form (egn-expanded.proto: BiddingPhase.cardExchanges) keeps them."""
    from click.testing import CliRunner
    from egn_support import schema_errors
    from euchre_records.cli.main import main
    from euchre_records.schema.notation import loads
    record = loads(path.read_text("utf-8"))
    assert any(d.exchanges for d in record.deals)
    for lossy in (False, True):   # dropping them would make the record impossible: never
        with pytest.raises(UnsupportedRules) as caught:
            record_to_egnb(record, lossy=lossy)
        assert [p.where.rsplit(".", 1)[-1] for p in caught.value.problems] == ["cardExchanges"]
        assert "expanded" in str(caught.value)
        result = CliRunner().invoke(main, ["export", str(path), "--to", "egnb"]
                                    + (["--lossy"] if lossy else []))
        assert result.exit_code == 1 and result.stdout_bytes == b""
        assert "cardExchanges" in result.stderr and "--to egnb-expanded" in result.stderr
    data = record_to_egnb(record, condensed=False)
    assert schema_errors(egnb_to_egn(data)) == []
    back = egnb_to_record(data)
    assert [d.exchanges for d in back.deals] == [d.exchanges for d in record.deals]
    assert replay(back).deals == replay(egn_to_record(record_to_egn(record))).deals


def test_condensed_refuses_calls_after_trump_is_made() -> None:
    """The bit stream stops the bidding at the call that makes trump: the calls after it (an
    irregular record, written with --lossy) were dropped without a word."""
    deal = {"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9s"},
            "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "isAlone": False,
                        "calls": ["Pass", "Order", "Pass"]}]}
    with pytest.raises(UnsupportedRules) as caught:
        encode_deal(deal, "deals[0]")
    assert [p.where for p in caught.value.problems] == ["deals[0].phases[0].calls[2]"]
    assert "expanded" in str(caught.value)
