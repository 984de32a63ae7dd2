"""Exports to EGN: every one valid against EGN's own JSON Schema (tests/data/egn/egn-schema-v1.json,
the same file as ../shared/egn-spec/schemas/), ours -> EGN -> ours keeps what EGN can express,
and ``euchre export --to egn --lossy`` lists exactly what it cannot -- at every table size: every
hand-worked golden of tests/golden/variants (tables of two, three and five) exported, valid, read
back through JSON and both binary forms and replayed to its result; random legal deals of
tests/reference_euchre.py keep what EGN carries; what EGN cannot carry is refused unless lossy."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from euchre_records.cards import JOKER, Seat
from euchre_records.cli.main import main
from euchre_records.errors import NotationError, RecordError, UnsupportedRules
from euchre_records.match import replay
from euchre_records.model import (
    Annotation, Call, CallKind, Event, ExternalId, Player, Record, Trick, replace,
)
from euchre_records.rules import preset
from euchre_records.interop.egn.binary import egn_to_egnb, egnb_to_any, egnb_to_egn, egnb_to_record, record_to_egnb
from euchre_records.interop.egn.document import egn_losses, egn_to_any, egn_to_record, record_to_egn
from euchre_records.schema.notation import dumps
from euchre_records.schema.tables import dump_table_record, dumps_table, load_table_record
from euchre_records.testkit.simulate import random_deal
from egn_hand_built import TWO_HANDED_DEAL, VARIANTS, egn_doc, variant_goldens
from reference_euchre import random_variant_record

from egn_support import DATA, EGN_VALIDATOR as VALIDATOR   # EGN's schema, date-time enforced


def test_our_copy_of_the_schema_is_egns() -> None:
    shared = Path(__file__).resolve().parents[2] / "shared" / "egn-spec" / "schemas" / "egn-schema-v1.json"
    if not shared.exists():
        pytest.skip("../shared/egn-spec is not here")
    assert shared.read_bytes() == (DATA / "egn-schema-v1.json").read_bytes()


def _rich(seed: int, partial: bool) -> Record:
    """Random legal deals under EGN-expressible rules, with what EGN can say besides the plays:
    player ids, a game id, annotations on calls and cards, a partial last deal."""
    rng = random.Random(seed)
    overrides: dict[str, Any] = {"lone_lead": rng.choice(["eldest", "left-of-lone"]),
                                 "defend_alone": True, "stick_the_dealer": rng.random() < 0.5}
    if rng.random() < 0.3:
        overrides.update(game_points=None, fixed_deals=8)
    rules = preset("modern").with_overrides(overrides)
    deals = []
    dealer = Seat(seed % 4)
    for _ in range(6):
        deal = random_deal(rng, rules, dealer, alone_rate=0.3)
        if deal.tricks:
            notes = (Annotation("call 1", "first call"), Annotation(f"card {rng.randrange(1, 12)}", "look"))
            deal = replace(deal, annotations=notes)
        deals.append(replace(deal, kitty=None))
        dealer = dealer.left
    if partial and deals[-1].tricks:
        cut = rng.randrange(0, len(deals[-1].tricks))
        kept = deals[-1].tricks[:cut]
        played = sum(len(t.cards) for t in kept)
        notes = tuple(a for a in deals[-1].annotations if a.at.startswith("call ")
                      or int(a.at.split()[1]) <= played)   # no note on a card never played
        deals[-1] = replace(deals[-1], tricks=kept, unfinished=True, annotations=notes)
        if not kept and rng.random() < 0.5:   # stop during the bidding: the passes before the maker
            passes = next(i for i, c in enumerate(deals[-1].calls) if c.kind is not CallKind.PASS)
            deals[-1] = replace(deals[-1], calls=deals[-1].calls[:passes], discard=None,
                                            annotations=())
    players = ((Seat.N, Player("Ann", "A-1", (ExternalId("ann42", "euchre-site"),))),
               (Seat.E, Player("Bob")), (Seat.S, Player("Cy")), (Seat.W, Player("Di")))
    return Record(rules, tuple(deals), Event(event="Club night", date="2026-11-29", game_id=f"g-{seed}"),
                  players)


def _expressible(record: Record) -> Record:
    """What EGN keeps: call seats and trick leaders are left to the turn order; 'defend alone'
    is always alone."""
    def call(c: Call) -> Call:
        return Call(c.kind, None, c.suit, c.alone or c.kind is CallKind.DEFEND_ALONE)
    deals = tuple(replace(d, calls=tuple(call(c) for c in d.calls),
                                      tricks=tuple(Trick(t.cards) for t in d.tricks))
                  for d in record.deals)
    return replace(record, deals=deals)


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("partial", [False, True])
def test_every_export_is_valid_egn_and_comes_back(seed: int, partial: bool) -> None:
    record = _rich(seed, partial)
    doc = record_to_egn(record)
    VALIDATOR.validate(doc)
    back = egn_to_record(json.loads(json.dumps(doc)))
    assert back.rules.option_values() == record.rules.option_values()
    assert _expressible(back) == replace(_expressible(record), rules=back.rules)
    assert replay(back).deals == replay(record).deals
    expanded = record_to_egnb(record, condensed=False)
    VALIDATOR.validate(egnb_to_egn(expanded))
    # the protobuf Player message has no field for a player object's id (EGN's gap)
    no_ids = tuple((seat, replace(p, id=None)) for seat, p in back.players)
    assert egnb_to_record(expanded) == replace(back, players=no_ids)
    try:
        condensed = record_to_egnb(record)
    except UnsupportedRules as exc:   # a bidding stopped part-way, a lone defender against a
        assert "condensed form" in str(exc)   # maker with his partner: no condensed form
    else:
        VALIDATOR.validate(egnb_to_egn(condensed))


def test_lossy_lists_exactly_what_egn_cannot_carry(tmp_path: Path) -> None:
    """Four things of this record have no EGN field: a note on the whole deal, the club, the
    table and the provenance; its date (a day) is written as EGN allows and carried in the description. --lossy writes the rest and names each of the four, once."""
    record = _rich(3, False)
    first = record.deals[0]
    deal = replace(first, annotations=first.annotations + (Annotation("deal", "a fine deal"),))
    record = replace(record, deals=(deal,) + record.deals[1:],
                                 event=replace(record.event, club="Riverside", table="4"),
                                 provenance=("read from somewhere",))
    path = tmp_path / "r.json"
    path.write_text(dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["export", str(path), "--to", "egn", "--lossy"])
    assert result.exit_code == 0, result.stderr
    lost = sorted(line.split(": not in EGN: ", 1)[1] for line in result.stderr.splitlines()
                  if ": not in EGN: " in line)
    n = len(deal.annotations) - 1
    assert lost == sorted([f"deals[0].annotations[{n}]: EGN annotates calls and plays only",
                           "event.club: EGN has no field for it", "event.table: EGN has no field for it",
                           "event.date: EGN has no date of a day: written '2026-11-29T00:00', the "
                           "date as recorded kept at the end of metadata.description",
                           "provenance: EGN has no field for notes on how the record was converted"])
    VALIDATOR.validate(json.loads(result.stdout))


def test_without_lossy_a_loss_that_changes_the_replay_is_refused(tmp_path: Path) -> None:
    record = _rich(4, False)
    record = replace(record, rules=record.rules.with_overrides({"revoke_penalty": 3}))
    path = tmp_path / "r.json"
    path.write_text(dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["export", str(path), "--to", "egn"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "rules: EGN has no rule-set flag for revoke_penalty=3" in result.stderr


LAWS = Path(__file__).parent / "golden" / "laws"


@pytest.mark.parametrize("name", ["22-somerset-wrong-cards-found-trick-3", "23-somerset-wrong-cards-found-trick-1",
                                  "25-hoyle-wrong-cards-found-trick-3", "26-somerset-wrong-cards-lone-hand",
                                  "27-hoyle-wrong-cards-lone-hand-defender", "69-somerset-wrong-cards-kitty-recorded"])
def test_lossy_writes_a_hand_of_a_wrong_number_as_unknown(name: str) -> None:
    """Issue 34: --lossy said a six-card hand "cannot be written as EGN playerCards" and wrote it
    anyway, and our reader refused the file (a hand holds at most 5 cards). It is now written as
    an unknown hand, [] (docs/INTEROP.md, Deals), and the file reads back and replays."""
    from euchre_records.schema.notation import loads
    record = loads((LAWS / f"{name}.json").read_text("utf-8"))
    wrong = [(i, s) for i, d in enumerate(record.deals) for s, h in zip(Seat, d.hands or ()) if len(h) != 5]
    assert wrong
    result = CliRunner().invoke(main, ["export", str(LAWS / f"{name}.json"), "--to", "egn", "--lossy"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    VALIDATOR.validate(doc)
    for i, seat in wrong:
        assert f"not in EGN: deals[{i}].hands.{seat.name}: a hand of" in result.stderr
        assert doc["deals"][i]["initialState"]["playerCards"][int(seat)] == []
    back = egn_to_record(doc)
    replay(back)
    assert all(h == (None,) * 5 for i, s in wrong for h in [back.deals[i].hands[int(s)]])  # type: ignore[index]


@pytest.mark.parametrize("name", ["11-somerset-pass-then-order-partner-bound", "31-somerset-lead-out-of-turn-stands",
                                  "58-somerset-pass-then-order-waived"])
def test_lossy_refuses_what_would_not_read_back(name: str) -> None:
    """Issue 34: with its irregularity left out, such a record is a game that cannot have been
    played (a call after trump was made, a lead out of turn), and --lossy wrote it anyway: valid
    EGN that `euchre validate` calls impossible. Now refused, at its place, saying why."""
    for target in ("egn", "egnb", "egnb-expanded"):
        result = CliRunner().invoke(main, ["export", str(LAWS / f"{name}.json"), "--to", target, "--lossy"])
        assert result.exit_code == 1 and result.stdout_bytes == b"", result.stderr
        refusal = [ln for ln in result.stderr.splitlines() if ": not in EGN: " not in ln]
        assert refusal and all(": unsupported: deals[0]." in ln for ln in refusal), result.stderr
        if target != "egnb":   # the condensed form refuses the calls after trump first
            assert all("EGN cannot carry this record, even with --lossy" in ln for ln in refusal)


def test_texts_beyond_egns_limits_are_refused_or_cut_with_lossy(tmp_path: Path) -> None:
    """EGN's schema limits the title to 128 characters, the game id and player names to 64, an
    annotation to 1024 and one action's annotations to 50; our notation does not. Such a record
    was written as a document EGN's schema refuses. Now refused at each place, and written with
    --lossy cut to fit, each cut named."""
    from euchre_records.schema.notation import loads
    record = loads((Path(__file__).resolve().parents[1] / "examples" / "modern-lone-march.json").read_text("utf-8"))
    first = record.deals[0]
    notes = first.annotations + tuple(Annotation("call 1", f"{k} " + "x" * 1100) for k in range(51))
    record = replace(record, event=replace(record.event, event="T" * 129, game_id="g" * 65),
                     players=tuple((s, replace(p, name="N" * 65)) for s, p in record.players),
                     deals=(replace(first, annotations=notes),) + record.deals[1:])
    n = len(first.annotations)
    expected = {"event.event", "event.game_id", "players.N.name", "players.E.name", "players.S.name",
                "players.W.name", "deals[0].annotations"} | {f"deals[0].annotations[{n + k}]" for k in range(51)}
    with pytest.raises(UnsupportedRules) as caught:
        record_to_egn(record)
    assert {p.where for p in caught.value.problems} == expected
    path = tmp_path / "long.json"
    path.write_text(dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["export", str(path), "--to", "egn", "--lossy"])
    assert result.exit_code == 0, result.stderr
    named = {line.split(": not in EGN: ", 1)[1].split(": ", 1)[0] for line in result.stderr.splitlines()
             if ": not in EGN: " in line}
    assert expected <= named
    doc = json.loads(result.stdout)
    VALIDATOR.validate(doc)
    meta = doc["metadata"]
    assert meta["title"] == "T" * 127 + "…" and meta["gameId"] == "g" * 63 + "…"
    assert len(doc["deals"][0]["phases"][0]["callAnnotations"]["0"]) == 50
    back = egn_to_record(doc)
    assert back.event.event == meta["title"] and back.deals[0].tricks == record.deals[0].tricks


def test_more_deals_than_egn_holds_are_refused_even_lossy() -> None:
    record = _rich(5, False)
    record = replace(record, deals=record.deals * 17)   # 102 deals
    for lossy in (False, True):
        with pytest.raises(UnsupportedRules) as caught:
            record_to_egn(record, lossy=lossy)
        assert [p.where for p in caught.value.problems] == ["deals"]
        assert "at most 100 deals" in caught.value.problems[0].what


# --- tables of two, three and five -------------------------------------------------------------

@pytest.mark.parametrize("path", variant_goldens(), ids=lambda p: p.stem)
def test_every_variant_golden_goes_through_egn(path: Path) -> None:
    """Each hand-worked golden: refused (result-only and points-only deals), or exported -- plainly when EGN
    carries all that matters, else refused without ``lossy`` naming each loss -- valid by EGN's
    schema, and read back through JSON and both binary forms to the same record (kitty aside),
    whose replay is the golden's when nothing that matters was lost."""
    record = load_table_record(json.loads(path.read_text(encoding="utf-8")))
    for kind, words in (("result", "result-only deal"), ("points", "points-only deal")):
        if any(d.kind.value == kind for d in record.deals):
            with pytest.raises(UnsupportedRules, match=words):
                record_to_egn(record, lossy=True)
            return
    if any(d.turned is JOKER for d in record.deals):   # EGN cannot say which suit the dealer
        with pytest.raises(UnsupportedRules, match="turned joker"):   # named: refused always,
            record_to_egn(record, lossy=True)                           # as for four hands
        return
    if any(e.kind.value == "turned-suit-named" for d in record.deals for e in d.irregularities):
        with pytest.raises(UnsupportedRules, match="cannot have been played"):   # the void call
            record_to_egn(record, lossy=True)   # without its irregularity: a call after trump
        return
    matters = [p for p, m in egn_losses(record) if m]
    if matters:
        with pytest.raises(UnsupportedRules) as err:
            record_to_egn(record)
        assert {p.where for p in err.value.problems} == {p.where for p in matters}
    doc = record_to_egn(record, lossy=True)
    VALIDATOR.validate(doc)
    back = egn_to_any(json.loads(json.dumps(doc)))
    for condensed in (True, False):
        try:
            binary = egn_to_egnb(doc, condensed=condensed)
        except UnsupportedRules as exc:   # the joker, no trump, exchanges: no condensed code
            assert condensed and "write it expanded" in str(exc).lower()
            continue
        VALIDATOR.validate(egnb_to_egn(binary))
        assert egnb_to_any(binary) == back
    assert record_to_egn(back, lossy=True) == doc        # EGN -> ours -> EGN
    if not matters:
        assert [_no_kitty(d) for d in back.deals] == [_no_kitty(d) for d in record.deals]
        assert replay(back).deals == replay(record).deals


def test_exchanges_with_the_kitty_go_through_egn_at_a_table_of_n() -> None:
    """Going under at two hands (golden variants/31) is written as at four, the kitty at index
    n (2: the first past the players), and reads back to the same canonical text but for what
    EGN carries of no record (the kitty; an override equal to the preset's, which EGN's flags
    cannot spell). A farmer's hand declared under 'misdeal' (golden 32) has no EGN form: refused
    citing the spec's section."""
    data = json.loads((VARIANTS / "31-two-handed-go-under.json").read_text(encoding="utf-8"))
    doc = record_to_egn(load_table_record(data))
    VALIDATOR.validate(doc)
    bidding = doc["deals"][0]["phases"][0]
    assert bidding["cardExchanges"] == [{"sender": 1, "receiver": 2, "cards": ["9h", "Td", "Tc"]},
                                        {"sender": 2, "receiver": 1, "cards": ["Js", "Jc", "Ks"]}]
    back = egn_to_any(json.loads(json.dumps(doc)))
    for deal in data["deals"]:
        deal.pop("kitty")
    modern = preset("modern").option_values()
    data["rules"]["overrides"] = {k: v for k, v in data["rules"]["overrides"].items()
                                  if modern[k] != v}
    assert dumps_table(back) == dumps_table(load_table_record(data))
    for condensed in (False,):   # the condensed form has no field for exchanges (as at four)
        assert egnb_to_any(egn_to_egnb(doc, condensed=condensed)) == back
    declared = load_table_record(json.loads(
        (VARIANTS / "32-cutthroat-farmers-misdeal.json").read_text(encoding="utf-8")))
    with pytest.raises(UnsupportedRules) as refused:
        record_to_egn(declared, lossy=True)
    assert any(p.where == "deals[0].exchanges[0]" and "alternate-rules.md, `farmers`" in p.what
               for p in refused.value.problems)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 5]))
@example(seed=11, seats=2)   # every player passed twice: a thrown-in deal has no tricks (seen once)
def test_going_under_at_every_table_of_n_goes_through_egn(seed: int, seats: int) -> None:
    """A legal deal of the reference (a 32-card pack: a kitty of three or more at 2, 3 and 5)
    in which the last seat -- seat 4 at five, which the four-handed kitty index would have
    named -- went under: three of his cards swapped for three of the kitty, and played in
    their place. Written with the kitty at index n and read back: the same deal but its
    kitty, the same replay."""
    made = random_variant_record(random.Random(seed), seats, "modern", size=32)
    data = made.record
    data["rules"]["overrides"]["go_under"] = True
    deal = data["deals"][0]
    seat = seats - 1
    held = [c for c in deal["hands"][str(seat)].split() if c not in (deal.get("discard"), deal["turned"])]
    gave, took = held[:3], deal["kitty"].split()[:3]
    swap = dict(zip(gave, took))
    if "tricks" in deal:   # (none when every player passed twice: thrown in)
        deal["tricks"] = [" ".join(swap.get(c, c) for c in t.split()) for t in deal["tricks"]]
    deal["exchanges"] = [{"kind": "go-under", "seat": str(seat), "gave": " ".join(gave),
                          "took": " ".join(took)}]
    record = load_table_record(data)
    try:
        replay(record)
    except RecordError:   # e.g. the called card taken from the kitty by the maker himself
        assume(False)
    doc = record_to_egn(record, lossy=True)
    VALIDATOR.validate(doc)
    items = doc["deals"][0]["phases"][0]["cardExchanges"]
    assert [(i["sender"], i["receiver"]) for i in items] == [(seat, seats), (seats, seat)]
    back = egn_to_any(json.loads(json.dumps(doc)))
    assert [_no_kitty(d) for d in back.deals] == [_no_kitty(d) for d in record.deals]
    assert replay(back).deals == replay(record).deals


def test_an_exchange_between_players_at_a_table_of_n_is_refused_at_its_item() -> None:
    """No partner's best at n (no partner before the bidding): an item between two players,
    or one naming the four-handed kitty's index 4 as a player at three, is refused where it is."""
    data = json.loads((VARIANTS / "31-two-handed-go-under.json").read_text(encoding="utf-8"))
    doc = record_to_egn(load_table_record(data))
    items = doc["deals"][0]["phases"][0]["cardExchanges"]
    items[0]["receiver"] = 0
    with pytest.raises(NotationError) as caught:
        egn_to_any(json.loads(json.dumps(doc)))
    assert caught.value.problems[0].where == "deals[0].phases[0].cardExchanges[0]"
    assert "between a player and the kitty (2 at 2 players)" in caught.value.problems[0].what
    items[0]["receiver"] = 4
    with pytest.raises(NotationError) as caught:
        egn_to_any(json.loads(json.dumps(doc)))
    assert caught.value.problems[0].where == "deals[0].phases[0].cardExchanges[0].receiver"


def _no_kitty(deal: Any) -> Any:
    from msgspec.structs import replace
    return replace(deal, kitty=None)


def _carried_n(record: Record) -> dict[str, Any]:
    """What EGN carries of a record: everything but the kitty, the rule overrides' spelling
    (compared as option values) and the variant's options (checked apart)."""
    out = dump_table_record(record)
    out["rules"].pop("overrides", None)
    for deal in out["deals"]:
        deal.pop("kitty", None)
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 5]),
       pack=st.sampled_from([24, 28, 32]), hands=st.booleans())
def test_ours_to_egn_to_ours_keeps_what_egn_carries(seed: int, seats: int, pack: int, hands: bool) -> None:
    if seats == 5 and pack == 24:
        pack = 28
    made = random_variant_record(random.Random(seed), seats, "modern", size=pack)
    if not hands:   # a deal known from its plays only
        deal = made.record["deals"][0]   # type: ignore[index]
        deal["kind"] = "plays"
        deal.pop("hands")
        deal.pop("kitty")
    record = load_table_record(made.record)
    doc = record_to_egn(record)            # nothing that matters is lost: no lossy
    VALIDATOR.validate(doc)
    assert doc["metadata"]["ruleset"]["num_players"] == seats
    for via in (json.loads(json.dumps(doc)), egnb_to_egn(egn_to_egnb(doc)),
                egnb_to_egn(egn_to_egnb(doc, condensed=False))):
        back = egn_to_any(via)
        assert back.rules.option_values() == record.rules.option_values()
        assert _carried_n(back) == _carried_n(record)
        assert record_to_egn(back) == doc
    # the oracle's points (VARIANTS.md, written apart from the engine) survive the trip
    assert list(replay(back).deals[0].points) == made.points


def test_two_players_carry_their_scores() -> None:
    doc = egn_doc(2, [TWO_HANDED_DEAL], start=[3, 4])
    doc["metadata"]["finalScore"] = [5, 4]
    record = egn_to_any(doc)
    assert record.start_score == (3, 4)
    assert record.deals[-1].recorded is not None and record.deals[-1].recorded.total == (5, 4)
    assert replay(record).clean
    out = record_to_egn(record)
    assert out["metadata"]["initialScore"] == [3, 4] and out["metadata"]["finalScore"] == [5, 4]


def test_what_three_players_cannot_carry_is_refused_unless_lossy() -> None:
    """A cut-throat start score, a scoresheet and the maker-minus-2 option have no EGN place."""
    data = json.loads((VARIANTS / "03-cutthroat-euchre-maker-minus-2.json").read_text(encoding="utf-8"))
    data["start_score"] = [1, 2, 3]
    record = load_table_record(data)
    with pytest.raises(UnsupportedRules) as err:
        record_to_egn(record)
    wheres = {p.where for p in err.value.problems}
    assert {"start_score", "rules.overrides.cutthroat_euchre"} <= wheres
    doc = record_to_egn(record, lossy=True)
    assert doc["metadata"]["initialScore"] == []
    back = egn_to_any(doc)
    assert back.start_score == (0, 0, 0) and back.options.cutthroat_euchre.value == "each-opponent-2"
