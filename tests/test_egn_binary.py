"""Binary EGN (docs/binary-format.md): every sample in ../shared/egn-spec/binary-samples (copied
to tests/data/egn/binary) decodes to its JSON form in ../shared/egn-samples, re-encodes byte for
byte, and records survive record -> .egnb -> record; untrusted bytes give located errors. At
tables of two, three and five (issue #19): condensed bit streams built by hand from
docs/binary-format.md version 2 (the 3-bit player count, the seat loops of n, tricks of n cards;
tests/egn_hand_built.py) decode, encode and replay to the hand-worked points; the header counts
the players at every table; the counts 1, 6, 7 and 8 are refused by name."""

from __future__ import annotations

import base64
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
from euchre_records.interop.egn.binary import egnb_to_any
from euchre_records.interop.egn.condensed import decode_deal, encode_deal
from euchre_records.interop.egn.document import egn_to_any
from egn_hand_built import (
    BINARY_GOLDENS, CUTTHROAT_BITS, CUTTHROAT_DEAL, FIVE_HANDED_DEAL, bits_to_text, egn_doc,
    points, seeds, two_alone,
)
from egn_support import EGN_VALIDATOR as VALIDATOR   # EGN's schema, date-time enforced
from reference_euchre import random_variant_record
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


# --- tables of two, three and five (tests/egn_hand_built.py) ---------------------------------

@pytest.mark.parametrize("players, min_rank, bits, deal, want", BINARY_GOLDENS,
                         ids=["three", "two", "five"])
def test_hand_built_bit_streams_decode_encode_and_replay(players: int, min_rank: int, bits: str,
                                                        deal: dict[str, Any], want: list[int]) -> None:
    text = bits_to_text(bits)
    assert decode_deal(text, "deals[0]", 0, players) == deal
    assert encode_deal(deal, "deals[0]", players, min_rank) == text
    doc = egn_doc(players, [deal], min_rank)
    VALIDATOR.validate(doc)
    for condensed in (True, False):
        binary = egn_to_egnb(doc, condensed=condensed)
        assert egnb_to_egn(binary)["deals"] == [deal]
        record = egnb_to_any(binary)
        assert record.table.seats == players
        assert points(record) == [want]


def test_a_whole_cut_throat_file_built_by_hand() -> None:
    """A condensed .egnb file framed by hand (docs/binary-format.md section 0, schemas/egn.proto
    and egn-common.proto): the magic byte 0x01; field 1 fileType and field 2 version (tag, length,
    text); field 3 metadata holding only field 7 Ruleset, whose field 16 num_players = 3 is the
    varint key 16 << 3 = 128 (0x80 0x01) and the value 0x03; field 4 the deal's Base64URL text."""
    deal = bits_to_text(CUTTHROAT_BITS)
    assert len(deal) < 128   # a one-byte length
    data = (bytes([0x01, 0x0A, 20]) + b"Euchre Game Notation" + bytes([0x12, 3]) + b"1.4"
            + bytes([0x1A, 5, 0x3A, 3, 0x80, 0x01, 0x03]) + bytes([0x22, len(deal)]) + deal.encode("ascii"))
    doc = {"fileType": "Euchre Game Notation", "version": "1.4",
           "metadata": {"players": [], "initialScore": [], "ruleset": {"num_players": 3}},
           "deals": [CUTTHROAT_DEAL]}
    assert egnb_to_egn(data) == doc
    assert egn_to_egnb(doc) == data
    record = egnb_to_any(data)
    assert not record.fixed_partnerships and record.rules.stick_the_dealer   # EGN's std defaults to true
    assert points(record) == [[0, 3, 0]]


def test_the_five_handed_golden_stream_reads_as_a_lone_maker() -> None:
    record = egn_to_any(egn_doc(5, [FIVE_HANDED_DEAL], 8))
    deal = record.deals[0]
    assert record.rules.pack == 28 and deal.unfinished and deal.dealer == 4
    assert [(c.kind.value, c.alone) for c in deal.calls] == [("order", True)]
    assert deal.called is None and len(deal.tricks[0].cards) == 5


def test_a_deal_whose_count_is_not_the_files_is_refused_located() -> None:
    text = bits_to_text(CUTTHROAT_BITS)
    with pytest.raises(NotationError) as err:
        decode_deal(text, "deals[2]", 2, 4)
    assert err.value.problems[0].where == "deals[2]"
    assert "3 players" in str(err.value) and "says 4" in str(err.value)


@pytest.mark.parametrize("count, word", [(1, None), (6, "six"), (7, "seven"), (8, "eight")])
def test_binary_files_of_other_counts_are_refused_by_name(count: int, word: str | None) -> None:
    # the header of a thrown-in deal at a table of `count`: every seat passes twice
    bits = f"0010 000 {count - 1:03b} 00 00001 001 0 " + "0" * count + "00" * count + " 0 0 0 1010"
    doc = egn_doc(count, [], 9)
    doc["deals"] = []
    binary = bytearray(egn_to_egnb(doc))
    deal = decode_deal(bits_to_text(bits), "deals[0]", 0, count)   # the format itself holds 1-8
    assert deal["phases"][0]["calls"] == ["Pass"] * (2 * count)
    with pytest.raises(UnsupportedRules) as err:
        egnb_to_any(bytes(binary))
    what = {p.where: p.what for p in err.value.problems}["metadata.ruleset.num_players"]
    assert what.startswith(f"EGN game with {count} player")
    assert (f"{word}-handed euchre is not specified here; see VARIANTS.md" in what if word
            else "one-handed euchre is not a game" in what)


def _header_record(seats: int) -> Any:
    """A record at a table of ``seats``: a random legal deal of the reference at 2, 3 and 5 (28
    cards at 5), the first binary sample at 4."""
    if seats == 4:
        return egnb_to_record(BINARY[0].read_bytes())
    from euchre_records.schema.tables import load_table_record
    record = random_variant_record(random.Random(seats), seats, "modern", size=28 if seats == 5 else 24).record
    return load_table_record(record)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_binary_header_counts_the_players(seats: int) -> None:
    """The 3-bit field after the dealer holds players - 1 (docs/binary-format.md, version 2), at
    every table; the record comes back byte for byte."""
    record = _header_record(seats)
    text = record_to_egnb(record)
    back = egnb_to_any(text)
    assert (not back.fixed_partnerships) is (seats != 4)
    assert record_to_egnb(back) == text     # EGN -> ours -> EGN, byte for byte
    raw = base64.urlsafe_b64decode(_first_deal_text(text) + "===")
    bits = "".join(f"{b:08b}" for b in raw)
    assert bits[7:10] == f"{seats - 1:03b}" and bits[0:4] in ("0010", "0011")


def _first_deal_text(binary: bytes) -> str:
    from euchre_records.interop.egn.protobuf import read_message
    fields = read_message(binary[1:])
    value = next(f[2] for f in fields if f[0] == 4)
    assert isinstance(value, bytes)
    return value.decode("ascii")


SEEDS = seeds()[:3]   # the bit-stream goldens


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_damaged_n_handed_binary_is_refused_never_a_crash(data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(SEEDS))
    raw = bytearray(egn_to_egnb(doc, condensed=data.draw(st.booleans())))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    try:
        record = egnb_to_any(bytes(raw[:data.draw(st.integers(1, len(raw)))]))
        if not record.fixed_partnerships:
            replay(record)
    except RecordError as exc:
        assert exc.problems and all(p.what for p in exc.problems)


def test_a_lone_hand_at_two_in_a_condensed_file_is_invalid_too() -> None:
    """The bit stream's alone bit makes each trick one card short (docs/binary-format.md); the
    file decodes, and the game it holds is refused as invalid, with the rule."""
    doc = two_alone("bidding")
    doc["deals"][0]["phases"][1]["tricks"] = [[t[0]] for t in doc["deals"][0]["phases"][1]["tricks"]]
    data = egn_to_egnb(doc)
    with pytest.raises(NotationError) as err:
        egnb_to_any(data)
    assert not isinstance(err.value, UnsupportedRules)
    assert err.value.problems[0].where == "deals[0].phases[0].isAlone"
    assert "no lone hands" in err.value.problems[0].what
