"""The examples at tables of two, three and five (examples/cutthroat-game.json,
two-handed-game.json, five-handed-game.json): each file canonical, its replay equal to the
scores worked out by hand below from VARIANTS.md, and the store the README's first command
seeds (``euchre serve`` loads ./examples: cli/store_cmds._load_examples) holding them.

Hand-worked (modern preset: make 1, euchre 2; VARIANTS.md for each variant):

- cut-throat (game 10; march 3, a euchre 2 to each opponent): Ben marches [0,3,0]; Cora makes
  [0,3,1]; Ada euchred, 2 to Ben and Cora [0,5,3]; Ben makes [0,6,3]; Ada marches [3,6,3]; Cora
  euchred, 2 to Ada and Ben [5,8,3]; Ben marches [5,11,3]: Ben wins, alone past 10.
- two-handed (game_points 5, Keller; march 2): Eve marches [0,2]; Dan makes [1,2]; Eve euchred,
  2 to Dan [3,2]; both pass twice, thrown in, dealt by the other player [3,2]; Dan makes [4,2];
  Dan marches [6,2]: Dan wins.
- call your partner (game 10; 1 each for 3-4 tricks, 2 each for a march, 2 to each defender,
  5 for a lone march): Gus and Ivy (AH) make [0,1,0,1,0]; Hal and Jon (AC) march [0,1,2,1,2];
  Ivy and Fay (KD) euchred, 2 to Gus, Hal, Jon [0,3,4,1,4]; Jon alone marches 5 [0,3,4,1,9];
  Fay and Jon (AS) make [1,3,4,1,10]: Jon wins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.queries import list_records
from euchre_records.schema.tables import dumps_table, load_table_record
from euchre_records.table_replay import replay_table
from euchre_records.table_view import view_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

HAND_WORKED = {
    "cutthroat-game": ("cut-throat", ["Ada", "Ben", "Cora"],
                       [[0, 3, 0], [0, 3, 1], [0, 5, 3], [0, 6, 3], [3, 6, 3], [5, 8, 3], [5, 11, 3]],
                       "1"),
    "two-handed-game": ("two-handed", ["Dan", "Eve"],
                        [[0, 2], [1, 2], [3, 2], [3, 2], [4, 2], [6, 2]], "0"),
    "five-handed-game": ("call-your-partner", ["Fay", "Gus", "Hal", "Ivy", "Jon"],
                         [[0, 1, 0, 1, 0], [0, 1, 2, 1, 2], [0, 3, 4, 1, 4], [0, 3, 4, 1, 9],
                          [1, 3, 4, 1, 10]], "4"),
}


@pytest.mark.parametrize("name", sorted(HAND_WORKED))
def test_example_replays_as_worked_by_hand(name: str) -> None:
    variant, names, running, winner = HAND_WORKED[name]
    text = (EXAMPLES / f"{name}.json").read_text(encoding="utf-8")
    record = load_table_record(json.loads(text))
    assert dumps_table(record) == text                      # the file is canonical
    result = replay_table(record)
    view = view_of(record, result)
    assert view.variant == variant and [c.label for c in view.columns] == names
    assert [list(d.running) for d in view.deals] == running
    assert not result.findings
    [game] = view.games
    assert game.finished and game.winner == winner and list(game.score) == running[-1]


def test_the_seeded_store_holds_one_record_per_variant(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The store ``euchre serve`` fills on first start, from ./examples (cli/store_cmds)."""
    from euchre_records.cli.store_cmds import _load_examples
    monkeypatch.chdir(EXAMPLES.parent)
    path = tmp_path / "euchre-records.db"
    _load_examples(str(path))
    db = open_db(path)
    migrate(db)
    for variant in ("two-handed", "cut-throat", "call-your-partner", "four-handed"):
        items, total = list_records(db, variant=variant)
        assert total >= 1, variant
    [cut] = list_records(db, variant="cut-throat")[0]
    assert cut["players"] == {"0": "Ada", "1": "Ben", "2": "Cora"}
    scores = [r[0] for r in db.execute(
        "SELECT score FROM game_scores WHERE record_id = ? ORDER BY seat", [cut["id"]])]
    assert scores == HAND_WORKED["cutthroat-game"][2][-1]
