"""The points table of each preset, read from scoring.py, against the rule books' values."""

import pytest

from euchre_records.cards import SEATS, Side
from euchre_records.rules import preset
from euchre_records.scoring import hand_points

# (preset, alone, lone defender?, makers' tricks) -> points to (makers, defenders)
TABLE = [
    ("somerset-1888", False, False, 3, (1, 0)), ("somerset-1888", False, False, 5, (2, 0)),
    ("somerset-1888", True, False, 4, (1, 0)), ("somerset-1888", True, False, 5, (4, 0)),
    ("somerset-1888", False, False, 2, (0, 2)), ("somerset-1888", True, False, 0, (0, 4)),   # Somerset 3
    ("hoyle", True, False, 2, (0, 2)), ("hoyle", True, False, 5, (4, 0)),
    ("modern", True, False, 1, (0, 2)), ("modern", False, True, 2, (0, 4)), ("modern", True, True, 5, (4, 0)),
]


@pytest.mark.parametrize(("name", "alone", "lone_defender", "tricks", "expected"), TABLE)
@pytest.mark.parametrize("maker_side", [Side.NS, Side.EW])
def test_points_table(name: str, alone: bool, lone_defender: bool, tricks: int,
                      expected: tuple[int, int], maker_side: Side) -> None:
    rules = preset(name).with_overrides({"defend_alone": True} if name != "somerset-1888" else {})
    for defender in [s for s in SEATS if s.side is not maker_side] if lone_defender else [None]:
        got = hand_points(rules, maker_side, alone, defender, tricks)
        makers, defenders = (got if maker_side is Side.NS else (got[1], got[0]))
        assert (makers, defenders) == expected, f"defender {defender}"
