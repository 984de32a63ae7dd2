"""The notation layer at every table: golden round trips, the token grammars, and every problem
located. At tables of two, three and five (docs/FORMAT.md "Tables of two, three and five"): its
examples load and replay to the points worked by hand, canonical text round trips, every
four-handed record keeps its exact canonical text and hash, and bad input is located."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.cards import JOKER, Seat, Suit, parse_card
from euchre_records.errors import NotationError
from euchre_records.match import replay
from euchre_records.model import Call, CallKind, DealKind, IrregularityKind, Outcome, Record, Trick
from euchre_records.schema import dump_record, dumps, iter_jsonl, load_record, loads
from euchre_records.schema.playfields import call_text, parse_call, parse_trick, trick_text
from euchre_records.schema.tables import dump_table_record, dumps_table, load_any, load_table_record

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "examples" / "format-tour.json"
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.json")
                  if '"seats"' not in p.read_text(encoding="utf-8"))
"""The four-handed examples (a table of 2, 3 or 5 says its seats; tests/test_examples.py)."""


def tour() -> dict[str, Any]:
    return json.loads(TOUR.read_text(encoding="utf-8"))


def minimal(*deals: dict[str, Any]) -> dict[str, Any]:
    return {"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"},
            "deals": list(deals)}


def problems(data: Any) -> dict[str, str]:
    with pytest.raises(NotationError) as info:
        load_record(data)
    return {p.where: p.what for p in info.value.problems}


# --- golden round trips ----------------------------------------------------------------------

@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_files_are_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = loads(text)
    assert dumps(record) == text
    assert load_record(dump_record(record)) == record


def test_format_tour_maps_onto_the_model() -> None:
    record = loads(TOUR.read_text(encoding="utf-8"))
    first, second, third, fourth, fifth, sixth = record.deals
    assert record.start_score == (1, 0)
    assert record.player(Seat.N).id == "SC-12" and record.player(Seat.S).id is None
    assert record.rules.joker and record.rules.defend_alone
    assert record.rules.overrides == (("defend_alone", True), ("joker", True))
    assert first.kind is DealKind.FULL and first.turned is JOKER and first.joker_suit is Suit.HEARTS
    assert first.hands[Seat.W] == (None,) * 5
    assert first.hands[Seat.N][0] is parse_card("AH")
    assert first.kitty[-1] is None and len(first.kitty) == 12
    assert first.calls[3] == Call(CallKind.TAKE, Seat.N)
    assert first.tricks[0] == Trick(tuple(map(parse_card, "JH QH TH JK".split())), Seat.E)
    assert first.recorded.total == (2, 0)
    assert first.annotations[2].at == "deal"
    assert first.alternatives[0].tricks[1].leader is Seat.W
    assert second.calls[1] == Call(CallKind.PARTNER_ALONE, Seat.N, None, True)
    assert second.calls[2] == Call(CallKind.DEFEND_ALONE, Seat.E, None, True)
    assert third.outcome == Outcome(Seat.W, Suit.SPADES, True, None, 5)
    assert fourth.outcome.defender_alone is Seat.E
    assert fifth.outcome == Outcome(None)
    lead, count, correction = fourth.irregularities
    assert lead.kind is IrregularityKind.LEAD_OUT_OF_TURN and lead.suit is Suit.CLUBS
    assert count.count == 4 and correction.late and correction.points == (0, 4)
    assert not lead.late
    assert sixth.irregularities[0].cause == "wrong-count"


def test_input_is_case_insensitive_and_output_canonical() -> None:
    deal = {"kind": "plays", "dealer": "n", "turned": "jh", "calls": ["P", "e: ORDER Alone", "s"],
            "tricks": ["e: as 10s qs 9s", "w:Kh Th"], "discard": "10c"}
    record = load_record(minimal(deal))
    out = dump_record(record)["deals"][0]
    assert out == {"kind": "plays", "dealer": "N", "turned": "JH",
                   "calls": ["pass", "E: order alone", "S"], "discard": "TC",
                   "tricks": ["E: AS TS QS 9S", "W: KH TH"]}


def test_defaults_are_omitted_on_dump() -> None:
    record = load_record(minimal({"kind": "result", "dealer": "S", "result": {"maker": None}}))
    assert dump_record(record) == minimal({"kind": "result", "dealer": "S", "result": {"maker": None}})
    with_zero = load_record({**minimal(), "start_score": [0, 0], "event": {}, "players": {}})
    assert dump_record(with_zero) == minimal()


def test_unknown_discard_loads_as_no_discard() -> None:
    record = load_record(minimal({"kind": "plays", "dealer": "N", "turned": "9H", "discard": "??"}))
    assert record.deals[0].discard is None


# --- grammars ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, call, canonical", [
    ("pass", Call(CallKind.PASS), "pass"),
    ("p", Call(CallKind.PASS), "pass"),
    ("order", Call(CallKind.ORDER), "order"),
    ("Assist Alone", Call(CallKind.ASSIST, alone=True), "assist alone"),
    ("w: take", Call(CallKind.TAKE, Seat.W), "W: take"),
    ("h", Call(CallKind.NAME, suit=Suit.HEARTS), "H"),
    ("N: C alone", Call(CallKind.NAME, Seat.N, Suit.CLUBS, True), "N: C alone"),
    ("S: partner alone", Call(CallKind.PARTNER_ALONE, Seat.S, None, True), "S: partner alone"),
    ("E:defend  alone", Call(CallKind.DEFEND_ALONE, Seat.E, None, True), "E: defend alone"),
])
def test_call_grammar(text: str, call: Call, canonical: str) -> None:
    assert parse_call(text) == call
    assert call_text(call) == canonical


@pytest.mark.parametrize("text", ["", "bid", "pass alone", "partner", "defend", "order me",
                                  "X: pass", "H alone now", "order alone alone"])
def test_bad_calls_are_refused(text: str) -> None:
    assert "deals[0].calls[0]" in problems(minimal({"kind": "plays", "dealer": "N", "turned": "9H",
                                                   "calls": [text]}))


@pytest.mark.parametrize("text, leader, cards", [
    ("9C TC AC KC", None, "9C TC AC KC"), ("E: AS KS", Seat.E, "AS KS"),
    ("w:jk 10d 9d", Seat.W, "JK TD 9D"), ("  N :  AH KH  ", Seat.N, "AH KH"),
])
def test_trick_grammar(text: str, leader: Seat | None, cards: str) -> None:
    trick = parse_trick(text)
    assert trick == Trick(tuple(map(parse_card, cards.split())), leader)
    assert trick_text(trick) == (cards if leader is None else f"{leader.name}: {cards}")


# --- every problem located -------------------------------------------------------------------

DEAL_0 = ["deals", 0]
CASES: list[tuple[str, list[Any], Any, str]] = [
    ("wrong format", ["format"], "pgn", "format"),
    ("other version", ["version"], "2.0", "version"),
    ("event not an object", ["event"], "Somerset", "event"),
    ("event field not a string", ["event", "date"], 1888, "event.date"),
    ("player without name", ["players", "N"], {"id": "x"}, "players.N.name"),
    ("player unknown key", ["players", "E", "nick"], "B", "players.E.nick"),
    ("seat key not a seat", ["players", "Q"], {"name": "Q"}, "players.Q"),
    ("unknown preset", ["rules", "preset"], "whist", "rules.preset"),
    ("unknown option", ["rules", "overrides", "trumps"], 3, "rules.overrides.trumps"),
    ("bad option value", ["rules", "overrides", "joker"], "yes", "rules.overrides.joker"),
    ("bad start score", ["start_score"], [1], "start_score"),
    ("deals not a list", ["deals"], {}, "deals"),
    ("deal not an object", ["deals", 1], "deal", "deals[1]"),
    ("unknown kind", DEAL_0 + ["kind"], "partial", "deals[0].kind"),
    ("bad dealer", DEAL_0 + ["dealer"], "North", "deals[0].dealer"),
    ("bad turned card", DEAL_0 + ["turned"], "1H", "deals[0].turned"),
    ("unknown turned card", DEAL_0 + ["turned"], "??", "deals[0].turned"),
    ("joker_suit without joker", ["deals", 1, "joker_suit"], "S", "deals[1].joker_suit"),
    ("short hand", DEAL_0 + ["hands", "E"], "JH TS", "deals[0].hands.E"),
    ("bad card in hand", DEAL_0 + ["hands", "S"], "JD QH 7S KX AD", "deals[0].hands.S[3]"),
    ("hand key not a seat", DEAL_0 + ["hands", "X"], "AH", "deals[0].hands.X"),
    ("bad kitty card", DEAL_0 + ["kitty"], "JS QS 1H", "deals[0].kitty[2]"),
    ("calls not a list", DEAL_0 + ["calls"], "pass pass", "deals[0].calls"),
    ("bad call", DEAL_0 + ["calls", 2], "double", "deals[0].calls[2]"),
    ("bad discard", DEAL_0 + ["discard"], "9", "deals[0].discard"),
    ("unknown card in trick", DEAL_0 + ["tricks", 2], "S: AD ?? 8D 9D", "deals[0].tricks[2][1]"),
    ("trick of one card", DEAL_0 + ["tricks", 4], "W: KS", "deals[0].tricks[4]"),
    ("trick of five cards", DEAL_0 + ["tricks", 4], "KS KH AS 7S 8S", "deals[0].tricks[4]"),
    ("bad trick leader", DEAL_0 + ["tricks", 1], "Z: AH 7C JD 8S", "deals[0].tricks[1]"),
    ("irregularity kind", DEAL_0 + ["irregularities", 0, "kind"], "cheating",
     "deals[0].irregularities[0].kind"),
    ("irregularity trick 0", DEAL_0 + ["irregularities", 0, "trick"], 0,
     "deals[0].irregularities[0].trick"),
    ("irregularity points", DEAL_0 + ["irregularities", 0, "points"], [1, "2"],
     "deals[0].irregularities[0].points"),
    ("empty scoresheet", DEAL_0 + ["scoresheet"], {}, "deals[0].scoresheet"),
    ("scoresheet bool", DEAL_0 + ["scoresheet", "total"], [True, 0], "deals[0].scoresheet.total"),
    ("annotation at", DEAL_0 + ["annotations", 0, "at"], "call zero", "deals[0].annotations[0].at"),
    ("annotation at newline", DEAL_0 + ["annotations", 1, "at"], "trick 2\n", "deals[0].annotations[1].at"),
    ("alternative trick", DEAL_0 + ["alternatives", 0, "tricks", 1], "W: AC",
     "deals[0].alternatives[0].tricks[1]"),
    ("result tricks 6", ["deals", 2, "result", "tricks"], 6, "deals[2].result.tricks"),
    ("result alone string", ["deals", 2, "result", "alone"], "yes", "deals[2].result.alone"),
    ("thrown in with tricks", ["deals", 4, "result", "tricks"], 0, "deals[4].result.tricks"),
    ("unknown deal key", DEAL_0 + ["trump"], "H", "deals[0].trump"),
    ("unknown top key", ["comment"], "x", "comment"),
]


def _set(data: Any, path: list[Any], value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    if isinstance(node, list) and path[-1] == len(node):
        node.append(value)
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize("label, path, value, where", CASES, ids=[c[0] for c in CASES])
def test_problem_is_located(label: str, path: list[Any], value: Any, where: str) -> None:
    found = problems(_set(tour(), path, value))
    assert where in found, found


@pytest.mark.parametrize("kind, key, value, where", [
    ("plays", "hands", {"N": "AH KH QH JH TH"}, "deals[0].hands"),
    ("plays", "kitty", "9C", "deals[0].kitty"),
    ("plays", "result", {"maker": None}, "deals[0].result"),
    ("result", "tricks", ["AH KH"], "deals[0].tricks"),
    ("result", "calls", ["pass"], "deals[0].calls"),
    ("result", "discard", "9C", "deals[0].discard"),
])
def test_fields_forbidden_by_kind(kind: str, key: str, value: Any, where: str) -> None:
    deal: dict[str, Any] = {"kind": kind, "dealer": "N", "turned": "9H", key: value}
    if kind == "result":
        deal["result"] = {"maker": None}
    assert where in problems(minimal(deal))


@pytest.mark.parametrize("deal, where", [
    ({"kind": "full", "dealer": "N", "turned": "9H"}, "deals[0].hands"),
    ({"kind": "plays", "dealer": "N"}, "deals[0].turned"),
    ({"kind": "result", "dealer": "N"}, "deals[0].result"),
    ({"kind": "result", "dealer": "N", "result": {"maker": "E"}}, "deals[0].result.tricks"),
    ({"dealer": "N"}, "deals[0].kind"),
    ({"kind": "plays", "turned": "9H"}, "deals[0].dealer"),
])
def test_fields_required(deal: dict[str, Any], where: str) -> None:
    assert where in problems(minimal(deal))


TOGETHER = ["wrong format", "event field not a string", "player without name", "seat key not a seat",
            "unknown option", "bad option value", "bad dealer", "bad card in hand", "bad kitty card",
            "bad call", "unknown card in trick", "irregularity trick 0", "empty scoresheet",
            "annotation at", "result tricks 6", "thrown in with tricks", "unknown top key"]


def test_all_problems_are_reported_at_once() -> None:
    chosen = [case for case in CASES if case[0] in TOGETHER]
    assert len(chosen) == len(TOGETHER)
    data = tour()
    for _, path, value, _ in chosen:
        data = _set(data, path, value)
    found = problems(data)
    assert {where for *_, where in chosen} <= found.keys(), found


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_a_record_is_an_object(data: Any) -> None:
    assert "" in problems(data)


def test_json_syntax_errors_give_line_and_column() -> None:
    with pytest.raises(NotationError) as info:
        loads('{\n  "format": "euchre-records",\n  "version" "1.0"\n}')
    assert "line 3, column 13" in str(info.value)


def test_iter_jsonl_yields_records_and_errors_by_line() -> None:
    good = json.dumps(minimal())
    lines = [good + "\n", "\n", '{"format": 1}\n', "   \n", "{oops\n", good]
    got = list(iter_jsonl(lines))
    assert [n for n, _ in got] == [1, 3, 5, 6]
    assert got[0][1] == load_record(minimal()) == got[3][1]
    assert isinstance(got[1][1], NotationError) and isinstance(got[2][1], NotationError)
    assert "line 1" in str(got[2][1])


# --- tables of two, three and five (docs/FORMAT.md "Tables of two, three and five") ---------------

SECTION = re.search(r"## Tables of two, three and five\n(.*?)\n## ",
                    (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8"), re.S)
assert SECTION is not None
TABLE_EXAMPLES = re.findall(r"```json\n(.*?)```", SECTION.group(1), re.S)


def test_the_documented_three_handed_record_replays_as_worked() -> None:
    # deal 1: seat 1 marches alone: 3 (cut-throat); deal 2: seat 0 euchred: 2 to each of 1 and 2
    record = load_table_record(json.loads(TABLE_EXAMPLES[0]))
    result = replay(record)
    assert [d.points for d in result.deals] == [(0, 3, 0), (0, 2, 2)]
    assert result.clean          # its scoresheet agrees
    assert result.running[-1] == (1, (0, 5, 2))


def test_the_documented_five_handed_result() -> None:
    deal = json.loads(TABLE_EXAMPLES[1])
    data = {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "seats": 5, "overrides": {"pack": 28}}, "deals": [deal]}
    result = replay(load_table_record(data))
    assert result.deals[0].points == (0, 2, 0, 2, 0)      # a march: 2 to the maker 3 and partner 1


def test_canonical_text_round_trips() -> None:
    data = json.loads(TABLE_EXAMPLES[0])
    text = dumps_table(load_table_record(data))
    again = load_table_record(json.loads(text))
    assert dumps_table(again) == text
    assert again == load_table_record(data)
    assert '"seats": 3' in text


@pytest.mark.parametrize("name, written", [
    ("39-cutthroat-hoyle-revoke-corrected", {"kind": "revoke-corrected", "seat": "2", "trick": 1, "card": "KH"}),
    ("42-two-handed-somerset-late-correction-stands",
     {"kind": "score-correction", "note": "noticed after deal 2's trump card was turned",
      "points": [0, 2], "late": True}),
])
def test_the_laws_fields_round_trip_in_canonical_text(name: str, written: dict[str, Any]) -> None:
    """A corrected revoke's card and a score correction's points and ``late`` (issue 32) are
    read and written back: load, dump, load is the identity, and the canonical text holds them."""
    data = json.loads((ROOT / "tests" / "golden" / "variants" / f"{name}.json").read_text(encoding="utf-8"))
    record = load_table_record(data)
    text = dumps_table(record)
    again = load_table_record(json.loads(text))
    assert again == record and dumps_table(again) == text
    assert json.loads(text)["deals"][0]["irregularities"] == [written]
    data["deals"][0]["irregularities"][0].pop("late", None)   # in time: late is not written
    assert "late" not in json.loads(dumps_table(load_table_record(data)))["deals"][0]["irregularities"][0]


def test_spellings_are_canonicalised() -> None:
    data = json.loads(TABLE_EXAMPLES[0])
    data["deals"][0]["calls"] = ["1 :  ORDER"]
    data["deals"][0]["turned"] = "9h"
    out = dump_table_record(load_table_record(data))
    assert out["deals"][0]["calls"] == ["1: order"]
    assert out["deals"][0]["turned"] == "9H"


def test_load_any_by_seats() -> None:
    assert isinstance(load_any(json.loads(TABLE_EXAMPLES[0])), Record)
    four = {"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": []}
    assert isinstance(load_any(four), Record)


def _four_handed_texts() -> list[Path]:
    paths = sorted((ROOT / "examples").glob("*.json")) + sorted((ROOT / "tests" / "golden").rglob("*.json"))
    out = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("format") == "euchre-records":
                load_record(data)
                out.append(path)
        except (ValueError, NotationError):
            continue
    return out


FOUR_HANDED = _four_handed_texts()


def test_there_are_four_handed_records_to_check() -> None:
    assert len(FOUR_HANDED) >= 20


@pytest.mark.parametrize("path", FOUR_HANDED, ids=lambda p: str(p.relative_to(ROOT)))
def test_four_handed_records_keep_their_canonical_text_and_hash(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    text = dumps(load_record(data))
    assert '"seats"' not in text
    data["rules"]["seats"] = 4            # the default stated: the same record, text and hash
    stated = dumps(loads(json.dumps(data)))
    assert stated == text
    assert hashlib.sha256(stated.encode()).hexdigest() == hashlib.sha256(text.encode()).hexdigest()


def base(seats: int = 3, **deal: Any) -> dict[str, Any]:
    d = {"kind": "result", "dealer": "0", "result": {"maker": "1", "tricks": 3}}
    d.update(deal)
    return {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "seats": seats, "overrides": {"pack": 28}}, "deals": [d]}


def where(data: Any) -> list[str]:
    with pytest.raises(NotationError) as exc:
        load_table_record(data)
    return [p.where for p in exc.value.problems]


@pytest.mark.parametrize("change, expected", [
    ({"players": {"3": {"name": "Dee"}}}, ["players.3"]),
    ({"players": {"N": {"name": "Dee"}}}, ["players.N"]),
    ({"start_score": [0, 0]}, ["start_score"]),
    ({"start_score": [0, 0, True]}, ["start_score"]),
    ({"provenance": ["x"]}, ["provenance"]),
])
def test_record_level_problems_located(change: dict[str, Any], expected: list[str]) -> None:
    data = base()
    data.update(change)
    assert where(data) == expected


FULL3 = {"kind": "full", "dealer": "0", "turned": "9H",
         "hands": {"0": "AS KS QS JS TS", "1": "JH AH KH QH TH", "2": "AD KD AC KC QC"},
         "calls": ["1: order"], "discard": "TS",
         "tricks": ["1: JH AD 9H", "1: AH KD AS", "1: KH AC KS", "1: QH KC QS", "1: TH QC JS"]}


@pytest.mark.parametrize("change, expected", [
    ({"hands": {"0": "AS KS QS JS TS", "1": "JH AH KH QH TH"}}, ["deals[0].hands"]),
    ({"hands": {"0": "AS KS QS JS", "1": "JH AH KH QH TH", "2": "AD KD AC KC QC"}}, ["deals[0].hands.0"]),
    ({"hands": {"0": "AS KS QS JS TS", "1": "JH AH KH QH TH", "3": "AD KD AC KC QC"}}, ["deals[0].hands.3"]),
    ({"calls": ["1: assist"]}, ["deals[0].calls[0]"]),
    ({"calls": ["1: orderr"]}, ["deals[0].calls[0]"]),
    ({"called": "AC"}, ["deals[0].called"]),
    ({"kitty": "9S 9D"}, ["deals[0].kitty"]),
    ({"tricks": ["1: JH AD"] + FULL3["tricks"][1:]}, ["deals[0].tricks[0]"]),
    ({"tricks": ["4: JH AD 9H"] + FULL3["tricks"][1:]}, ["deals[0].tricks[0]"]),
    ({"tricks": ["1: JH AD 7H"] + FULL3["tricks"][1:]}, ["deals[0].tricks[0][2]"]),
    ({"scoresheet": {"points": [0, 3]}}, ["deals[0].scoresheet.points"]),
    ({"irregularities": [{"kind": "exposed-card", "seat": "0"}]}, ["deals[0].irregularities[0].card"]),
    ({"irregularities": [{"kind": "lead-out-of-turn", "seat": "0"}]}, ["deals[0].irregularities[0].kind"]),
    ({"annotations": []}, ["deals[0].annotations"]),
    ({"dealer": "N"}, ["deals[0].dealer"]),
    ({"result": {"maker": "1", "tricks": 3}}, ["deals[0].result"]),
])
def test_deal_level_problems_located(change: dict[str, Any], expected: list[str]) -> None:
    data = base(3)
    data["rules"]["overrides"] = {}
    deal = dict(FULL3)
    deal.update(change)
    data["deals"] = [deal]
    assert where(data) == expected


CARD_SPELLINGS = ["AS", "as", "10h", "Jk", "??", "JOKER", "benny", "*", " AS", "AS ", "XX", "1S", "",
                  5, ["AS"]]
"""Tokens a card field may meet: canonical, respelled, unknown, the joker's other names (which the
JSON Schema refuses), padded, not a card, not a string. (A null is the object walk's to refuse,
not the card reader's.)"""
_TABLE_CHECKS = ("not in the pack", "a hand is five cards")
"""What the reader of a table of n checks beside the card's reading (the four-handed replay
checks it): left out of the comparison."""


def _problems(load: Any, data: Any, at: str) -> list[str]:
    try:
        load(data)
    except NotationError as exc:
        return [p.what for p in exc.problems if p.where == at
                and not any(check in p.what for check in _TABLE_CHECKS)]
    return []


@pytest.mark.parametrize("token", CARD_SPELLINGS, ids=repr)
def test_a_card_is_read_as_the_four_handed_reader_reads_it(token: Any) -> None:
    # issue 32, one loader: the turned card and the cards of a hand (with ??) read at a table of
    # three take the same spellings and give the same message as at the table of four (the oracle)
    four = {"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"},
            "deals": [{"kind": "full", "dealer": "N", "turned": token,
                       "hands": {"N": f"AS KS QS JS {token}" if isinstance(token, str) else token,
                                 "E": "JH AH KH QH TH", "S": "AD KD AC KC QC", "W": "9S 9D 9C TD TC"}}]}
    three = base(3)
    three["rules"]["overrides"] = {}
    deal = dict(FULL3, turned=token)
    deal["hands"] = dict(FULL3["hands"], **{"0": four["deals"][0]["hands"]["N"]})
    three["deals"] = [deal]
    for four_at, three_at in (("deals[0].turned", "deals[0].turned"),
                              ("deals[0].hands.N", "deals[0].hands.0"),
                              ("deals[0].hands.N[4]", "deals[0].hands.0[4]")):
        assert _problems(load_table_record, three, three_at) == _problems(load_record, four, four_at), \
            (token, three_at)


@settings(max_examples=150, deadline=None)
@given(seat=st.sampled_from(["", "N: ", "e:", " W : ", "X: "]),
       word=st.sampled_from(["pass", "P", "order", "Take", "h", "S", "nt", "assist", "partner",
                             "defend", "orderr", "", "pass pass", "10H"]),
       alone=st.sampled_from(["", " alone", " ALONE", " alone alone"]))
def test_a_call_is_read_by_the_four_handed_grammar(seat: str, word: str, alone: str) -> None:
    # issue 32, one loader: a call at a table of three reads as the same call at four (the
    # oracle: the four-handed reader), its seats "0" "1" "2" where four writes N E W and its
    # words those of the table; the words of the partnership game are refused with the reason
    from marshmallow import ValidationError
    from euchre_records.schema.playfields import FOUR_HANDED_WORDS, parse_call, play_words
    from euchre_records.table import table_for
    three = play_words(table_for(3))
    four_text = f"{seat}{word}{alone}"
    three_text = {"N: ": "0: ", "e:": "1:", " W : ": " 2 : "}.get(seat, seat) + word + alone
    data = base(3)
    data["rules"]["overrides"] = {}
    data["deals"] = [dict(FULL3, calls=[three_text])]
    got = _problems(load_table_record, data, "deals[0].calls[0]")
    said = (word + alone).lower().split() if seat != "X: " else []
    if said and len(said) <= 2 and said[-1:] != ["pass"] and said[0] in three.refused and (
            len(said) == 1 or said[1] == "alone"):
        assert got == [three.refused[said[0]].format(text=three_text)]
        return
    try:
        call = parse_call(four_text)
    except ValidationError as exc:
        assert got == [str(m).replace(four_text, three_text).replace("N, E, S or W", three.expected)
                       .replace(FOUR_HANDED_WORDS.spelled, three.spelled) for m in exc.messages]
        return
    assert got == []
    loaded = load_table_record(data).deals[0].calls[0]
    assert (loaded.kind, loaded.suit, loaded.alone) == (call.kind, call.suit, call.alone)
    assert loaded.seat == (None if call.seat is None else {0: 0, 1: 1, 3: 2}[int(call.seat)])


@pytest.mark.parametrize("at, value", [
    ("format", "euchre"), ("format", None), ("format", 5), ("format", ...), ("version", "2.0"),
    ("version", ...), ("rules.preset", "bridge"), ("rules.preset", None), ("rules.preset", ...),
    ("rules.preset", ["modern"]), ("nickname", "x"), ("rules.tempo", 1), ("deals[0].bogus", 1),
    ("deals[0].scoresheet.bogus", 1),
], ids=str)
def test_the_record_frame_is_read_as_at_four(at: str, value: Any) -> None:
    # issue 32, one loader: the format, version and preset, and an unknown key anywhere, give
    # the problem the four-handed reader gives (the oracle), at the same place
    def with_change(data: dict[str, Any]) -> dict[str, Any]:
        *path, key = at.replace("[0]", ".0").split(".")
        obj: Any = data
        for step in path:
            obj = obj[int(step)] if step.isdigit() else obj[step]
        if value is ...:
            obj.pop(key, None)
        else:
            obj[key] = value
        return data
    four = with_change({"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"},
                        "deals": [{"kind": "result", "dealer": "N", "result": {"maker": "E", "tricks": 3},
                                   "scoresheet": {"points": [0, 1]}}]})
    three = base(3)
    three["deals"][0]["scoresheet"] = {"points": [0, 1, 0]}
    assert _problems(load_table_record, with_change(three), at) == _problems(load_record, four, at) != []


@pytest.mark.parametrize("result, expected", [
    ({"maker": "1", "tricks": 3, "defender_alone": "2"}, ["deals[0].result.defender_alone"]),
    ({"maker": "1", "tricks": 6}, ["deals[0].result.tricks"]),
    ({"maker": "1"}, ["deals[0].result.tricks"]),
    ({"maker": "7", "tricks": 3}, ["deals[0].result.maker"]),
    ({"maker": None, "tricks": 3}, ["deals[0].result.tricks"]),
])
def test_result_problems_located(result: dict[str, Any], expected: list[str]) -> None:
    assert where(base(3, result=result)) == expected


@pytest.mark.parametrize("result, expected", [
    ({"maker": "1", "trump": "H", "tricks": 3, "called": "QH"}, ["deals[0].result.called"]),
    ({"maker": "1", "trump": "H", "tricks": 3, "called": "JD"}, ["deals[0].result.called"]),
    ({"maker": "1", "trump": "H", "tricks": 3, "called": "7C"}, ["deals[0].result.called"]),
    ({"maker": "1", "tricks": 3, "alone": True, "called": "AC"}, ["deals[0].result"]),
    ({"maker": "1", "tricks": 3, "called": "AC", "partner": "1"}, ["deals[0].result.partner"]),
    ({"maker": "1", "tricks": 3, "partner": "2"}, ["deals[0].result.partner"]),
])
def test_five_handed_result_problems_located(result: dict[str, Any], expected: list[str]) -> None:
    assert where(base(5, result=result)) == expected


def test_variant_options_belong_to_their_variant() -> None:
    data = base(5)
    data["rules"]["overrides"] = {"pack": 28, "cutthroat_march": 4}
    assert where(data) == ["rules.overrides.cutthroat_march"]
    data = base(3)
    data["rules"]["overrides"] = {"cutthroat_euchre": "lose-everything"}
    assert where(data) == ["rules.overrides.cutthroat_euchre"]


def test_variant_options_score_and_dump_sorted() -> None:
    data = base(3, result={"maker": "1", "tricks": 5})
    data["rules"]["overrides"] = {"cutthroat_march": 4, "game_points": 5}
    record = load_table_record(data)
    assert replay(record).deals[0].points == (0, 4, 0)
    assert list(dump_table_record(record)["rules"]["overrides"]) == ["cutthroat_march", "game_points"]


# --- a property: any record this module writes reads back equal ------------------------------

SEATS = st.sampled_from([2, 3, 5])


@st.composite
def result_records(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(SEATS)
    deals = []
    for i in range(draw(st.integers(0, 6))):
        maker = draw(st.one_of(st.none(), st.integers(0, n - 1)))
        result: dict[str, Any] = {"maker": None if maker is None else str(maker)}
        if maker is not None:
            result["tricks"] = draw(st.integers(0, 5))
            if draw(st.booleans()):
                result["trump"] = draw(st.sampled_from("SHDC"))
            if n == 5:
                if draw(st.booleans()):
                    result["alone"] = True
                else:
                    result["called"] = draw(st.sampled_from(["AS", "AC", "AD", "AH"]))
                    if result.get("trump") and result["called"][1] == result["trump"]:
                        result["called"] = "KS" if result["trump"] != "S" else "KC"
                    if draw(st.booleans()):
                        partner = draw(st.one_of(st.none(), st.integers(0, n - 1).filter(lambda s: s != maker)))
                        result["partner"] = None if partner is None else str(partner)
        deals.append({"kind": "result", "dealer": str(i % n), "result": result})
    data = {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": draw(st.sampled_from(["modern", "hoyle", "somerset-1888"])), "seats": n,
                      "overrides": {"pack": 28}}, "deals": deals}
    if draw(st.booleans()):
        data["start_score"] = draw(st.lists(st.integers(-5, 9), min_size=n, max_size=n))
    return data


@settings(max_examples=60, deadline=None)
@given(result_records())
def test_load_dump_load_is_identity(data: dict[str, Any]) -> None:
    record = load_table_record(data)
    text = dumps_table(record)
    again = load_table_record(json.loads(text))
    assert again == record
    assert dumps_table(again) == text


def test_the_four_handed_reader_gives_one_located_reason() -> None:
    """The store, API and CLI read with load_record/loads: a record of three seats is one problem
    at rules.seats saying where it is read, not a list of its seat tokens."""
    text = TABLE_EXAMPLES[0]
    for attempt in (lambda: load_record(json.loads(text)), lambda: loads(text)):
        with pytest.raises(NotationError) as exc:
            attempt()
        (problem,) = exc.value.problems
        assert problem.where == "rules.seats"
        assert "cut-throat" in problem.what and "load_table_record" in problem.what


def _walk(value: Any) -> list[Any]:
    import msgspec
    out = []
    if isinstance(value, msgspec.Struct):
        out.append(value)
        for name in value.__struct_fields__:
            out.extend(_walk(getattr(value, name)))
    elif isinstance(value, tuple):
        for item in value:
            out.extend(_walk(item))
    return out


def test_the_model_at_a_table_of_n_keeps_the_value_contract() -> None:
    """Every model class a record at a table of n and its replay hold (one model for every
    table, issue 32): made by keyword and by position alike, equal, hashed, pickled, frozen (as
    tests/test_model_values.py holds the four-handed values)."""
    import copy
    import pickle

    from euchre_records.model import (
        Call, Deal, DealResult, Exchange, Finding, GameResult, Irregularity, Outcome, Record,
        RecordedScore, ReplayResult, Trick, replace,
    )
    at_n = (Call, Trick, Exchange, Outcome, Irregularity, RecordedScore, Deal, Record, Finding,
            DealResult, GameResult, ReplayResult)
    data = json.loads(TABLE_EXAMPLES[0])
    data["deals"][1]["irregularities"] = [{"kind": "revoke-claimed", "seat": "2", "trick": 2}]
    record = load_table_record(data)
    samples: dict[type, Any] = {}
    for value in (*_walk(record), *_walk(replay(record))):
        samples.setdefault(type(value), value)
    swap = load_table_record(json.loads((ROOT / "tests" / "golden" / "variants" / "31-two-handed-go-under.json")
                                        .read_text(encoding="utf-8")))
    for value in _walk(swap):   # the exchanges with the kitty (house rule go_under)
        samples.setdefault(type(value), value)
    assert set(at_n) <= set(samples), set(at_n) - set(samples)
    assert not record.fixed_partnerships and record.table.seats == 3
    for cls in at_n:
        value = samples[cls]
        names = value.__struct_fields__
        values = [getattr(value, n) for n in names]
        assert cls(**dict(zip(names, values))) == cls(*values) == value
        assert hash(cls(*values)) == hash(value)
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
        with pytest.raises(AttributeError):
            setattr(value, names[0], values[0])
        assert value != replace(value, **{names[-1]: "changed"})


# --- one loader (issue 32): the schemas of every table -----------------------------------------

_ONE_OF_EACH = {2: "examples/two-handed-game.json",
                3: "examples/cutthroat-game.json",
                4: "examples/somerset-rubber.json",
                5: "examples/five-handed-game.json"}


@pytest.mark.parametrize("seats", sorted(_ONE_OF_EACH))
def test_an_empty_scoresheet_is_refused_at_every_table(seats: int) -> None:
    """docs/FORMAT.md "scoresheet": at least one of ``points`` and ``total``: one rule, the same
    problem at the same place at every table (a table of n took ``{}`` before issue 32's one
    loader)."""
    data = json.loads((ROOT / _ONE_OF_EACH[seats]).read_text(encoding="utf-8"))
    assert data.get("rules", {}).get("seats", 4) == seats
    data["deals"][0]["scoresheet"] = {}
    with pytest.raises(NotationError) as caught:
        load_any(data)
    assert [(p.where, p.what) for p in caught.value.problems] == [
        ("deals[0].scoresheet", "give points, total or both")]


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_seat_and_points_fields_read_the_table(seats: int) -> None:
    """SeatField and PointsField are table-aware: at a table of n a seat is a token "0" ..
    "n-1" and a row of scores holds n figures; at four (no table) they read N E S W and pairs."""
    from marshmallow import ValidationError

    from euchre_records.cards import Seat
    from euchre_records.schema.basefields import PointsField, SeatField
    from euchre_records.table import table_for
    table = table_for(seats)
    seat, points = SeatField(table), PointsField(table)
    assert [seat.deserialize(str(s)) for s in range(seats)] == list(range(seats))
    assert [seat._serialize(s, None, None) for s in range(seats)] == [str(s) for s in range(seats)]
    for bad in (str(seats), "N", 0, None):
        with pytest.raises(ValidationError, match="not a seat of this table"):
            seat._deserialize(bad, None, None)
    row = list(range(seats))
    assert points.deserialize(row) == tuple(row) and points._serialize(tuple(row), None, None) == row
    for bad in (row[1:], row + [0], [True] * seats, [0.5] * seats):
        with pytest.raises(ValidationError, match=f"expected an array of {seats} integers, one per seat"):
            points.deserialize(bad)
    assert SeatField(table_for(4)).deserialize("e") is Seat.E     # the table of four: as before
    assert PointsField().deserialize([1, 2]) == (1, 2)
    with pytest.raises(ValidationError, match=r"expected \[N-S, E-W\]"):
        PointsField(table_for(4)).deserialize([1, 2, 3])


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_a_table_of_n_is_read_by_the_four_handed_schema_classes(seats: int) -> None:
    """One loader: the record of a table of n is read by the four-handed schema classes, built
    for the table (schema/per_table.py), and so says what they say where the notation is the
    same: a deal's kind, a null required key, a result key with kind 'full'."""
    from euchre_records.schema.per_table import schemas_for
    from euchre_records.schema.schemas import DealSchema, RecordSchema
    from euchre_records.table import table_for
    schema = schemas_for(table_for(seats)).record
    assert isinstance(schema, RecordSchema)
    assert isinstance(schema.fields["deals"].schema, DealSchema)
    data = json.loads((ROOT / _ONE_OF_EACH[seats]).read_text(encoding="utf-8"))
    four = json.loads((ROOT / _ONE_OF_EACH[4]).read_text(encoding="utf-8"))
    for record in (data, four):
        record["deals"][0].update(kind="fulll")
        record["deals"][1:] = []

    def said(record: dict[str, Any]) -> list[str]:
        with pytest.raises(NotationError) as caught:
            load_any(record)
        return [p.what for p in caught.value.problems if p.where == "deals[0].kind"]

    assert said(data) == said(four) == ["'fulll' is not one of 'full', 'plays', 'result', 'points'"]
