"""The notation layer: golden round trips, the token grammars, and every problem located."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.cards import JOKER, Seat, Suit, parse_card
from euchre_records.errors import NotationError
from euchre_records.model import Call, CallKind, DealKind, IrregularityKind, Outcome, Trick
from euchre_records.schema import dump_record, dumps, iter_jsonl, load_record, loads
from euchre_records.schema.playfields import call_text, parse_call, parse_trick, trick_text

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
