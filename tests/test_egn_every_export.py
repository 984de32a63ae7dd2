"""Every golden (tests/golden/**) and example (examples/**) exported to EGN, JSON and both binary
forms, plain and ``--lossy`` (issue 34). Each export is either refused — exit 1, nothing on
stdout, every problem on stderr with its place, no traceback — or written, and then:

- valid under EGN's published schema, date-time format enforced (tests/egn_support.py); a binary
  file decoded by our reader first (EGN's converter validates the decoded document the same way,
  docs/binary-format.md, "Validation and Safety Limits");
- read back by our reader and replayed, never refused (``euchre validate`` would say valid);
- the same record as far as EGN carries one (:func:`_carried`), less exactly the places the
  export named on stderr (``not in EGN: <place>: ...``); without --lossy, nothing it names
  matters to a replay, so every deal also scores the same.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.cards import SEATS
from euchre_records.cli.inputs import read_records
from euchre_records.cli.main import main
from euchre_records.errors import RecordError
from euchre_records.model import CallKind, DealKind, Record
from euchre_records.match import game_points_of, replay
from euchre_records.interop.egn.binary import egnb_to_egn
from euchre_records.interop.egn.document import egn_to_any

from egn_support import schema_errors

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(p for p in [*(ROOT / "tests" / "golden").rglob("*"), *(ROOT / "examples").rglob("*")]
               if p.is_file() and p.suffix in (".json", ".csv") and not p.name.endswith(".expected.json")
               and "expected" not in p.relative_to(ROOT).parts)
TARGETS = ("egn", "egnb", "egnb-expanded")
LOST = re.compile(r"^(?P<label>.*?): not in EGN: (?P<where>[^ :]+): ")
REFUSED = re.compile(r"^(?P<label>.+?): (invalid|impossible|unsupported|error): \S")


def test_there_are_goldens_and_examples() -> None:
    names = {p.name for p in FILES}
    assert len(FILES) > 150 and "modern-lone-march.json" in names
    assert "77-house-partners-best-lone-march.json" in names


def _docs(target: str, out: bytes) -> list[dict[str, Any]]:
    if target != "egn":
        return [egnb_to_egn(out)]
    text = out.decode("utf-8")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:   # one record per line (a file of many records)
        return [json.loads(line) for line in text.splitlines() if line.strip()]


_UP = {CallKind.ORDER: "up", CallKind.ASSIST: "up", CallKind.TAKE: "up"}
"""EGN's "Order" is any of them: which one, the caller's seat says, and the seats of the calls are
left to the turn order."""


def _carried(record: Record, lost: set[str], options: set[str]) -> dict[str, Any]:
    """What EGN carries of ``record`` (docs/INTEROP.md), less the places in ``lost``: call seats and
    trick leaders are left to the turn order, the kitty, club, table, round and provenance have
    no field; a lossy export's points-only deals leave the play list and change the
    description and start score. ``options``: the rule options the export named as lost."""
    ev = record.event
    points_lost = any(re.fullmatch(r"deals\[\d+\]", w) for w in lost)
    event = {"event": ev.event, "game_id": ev.game_id}
    if "event.date" not in lost:
        event["date"] = ev.date
    if not points_lost:
        event["notes"] = ev.notes
    out: dict[str, Any] = {"event": event,
                           "players": [(str(seat), p.name, tuple(p.ids)) for seat, p in record.players
                                       if p.name]}
    if not points_lost and "start_score" not in lost:
        out["start"] = record.start_score
    out["rules"] = {k: v for k, v in record.rules.option_values().items() if k not in options}
    if not record.fixed_partnerships:   # the table's target, which the export writes (a
        out["rules"]["game_points"] = game_points_of(record)   # variant's own when the preset's differs)
        out["options"] = {f.name: getattr(record.options, f.name) for f in fields(record.options)
                          if f.name not in options}
    deals = []
    for i, deal in enumerate(record.deals):
        at = f"deals[{i}]"
        if deal.kind is DealKind.POINTS:
            continue
        hands = None
        if deal.kind is DealKind.FULL and deal.hands is not None:
            names = ([str(s) for s in record.table.all_seats] if not record.fixed_partnerships
                     else [s.name for s in SEATS])
            hands = tuple((None,) * 5 if f"{at}.hands.{name}" in lost else tuple(h)
                          for name, h in zip(names, deal.hands))
        d: dict[str, Any] = {
            "dealer": deal.dealer, "turned": deal.turned, "hands": hands, "discard": deal.discard,
            "calls": [(_UP.get(c.kind, c.kind), c.suit, bool(c.alone) or c.kind is CallKind.DEFEND_ALONE)
                      for c in deal.calls],
            "tricks": [tuple(t.cards) for t in deal.tricks],
        }
        if f"{at}.irregularities" not in lost:   # a claim left out: the deal stops, unfinished
            d["unfinished"] = deal.unfinished
        if record.fixed_partnerships:
            d["exchanges"] = deal.exchanges
            if not any(w.startswith(f"{at}.annotations") for w in lost):
                d["annotations"] = sorted((a.at, a.text) for a in deal.annotations)
            if not any(w.startswith(f"{at}.alternatives") for w in lost):
                d["alternatives"] = len(deal.alternatives)
        deals.append(d)
    out["deals"] = deals
    return out


def _scores(record: Record) -> list[Any]:
    if not record.fixed_partnerships:
        return [d.points for d in replay(record).deals]
    return [(d.points, d.tricks, d.maker, d.trump) for d in replay(record).deals]


def _outcomes() -> list[Any]:
    return [pytest.param(p, t, lossy, id=f"{p.relative_to(ROOT)}-{t}{'-lossy' if lossy else ''}")
            for p in FILES for t in TARGETS for lossy in (False, True)]


@pytest.mark.parametrize(("path", "target", "lossy"), _outcomes())
def test_every_export_is_refused_clearly_or_valid_and_reads_back(path: Path, target: str, lossy: bool) -> None:
    args = ["export", str(path), "--to", target] + (["--lossy"] if lossy else [])
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.stderr and not (
        result.exception and not isinstance(result.exception, SystemExit)), result.stderr
    if result.exit_code != 0:
        assert result.exit_code == 1 and result.stdout_bytes == b"", result.stderr
        lines = [ln for ln in result.stderr.splitlines() if ": not in EGN: " not in ln]
        assert lines and all(REFUSED.match(ln) for ln in lines), result.stderr
        return
    originals = [x.item for x in read_records(str(path))]
    docs = _docs(target, result.stdout_bytes)
    written = [r for r in originals if not isinstance(r, RecordError)]
    assert len(docs) == len(written) == len(originals)   # a refused record exits 1
    losses = [m for m in map(LOST.match, result.stderr.splitlines()) if m]
    for k, (doc, record) in enumerate(zip(docs, written)):
        assert schema_errors(doc) == [], schema_errors(doc)[:5]
        back = egn_to_any(json.loads(json.dumps(doc)))   # never refused: it must read back
        scores = _scores(back)
        label = None if len(docs) == 1 else k
        mine_named = [m for m in losses if len(docs) == 1 or m["label"].endswith(f":{k + 1}")]
        lost = {m["where"] for m in mine_named}
        options = {name for m in mine_named if m["where"] in ("rules", "rules.overrides")
                   for name in re.findall(r"(\w+)=", m.string)}
        options |= {m["where"].rsplit(".", 1)[1] for m in mine_named if m["where"].startswith("rules.overrides.")}
        assert _carried(back, lost, options) == _carried(record, lost, options), (label, lost)
        if not lossy:
            assert scores == _scores(record)
