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


# --- one value table for every table (issue 32) -------------------------------------------------

def test_the_four_handed_row_of_the_value_table_is_hand_outcome() -> None:
    """hand_value at the table of four is the four-handed game's own table, every case."""
    from euchre_records.scoring import hand_outcome, hand_value
    from euchre_records.table import VariantOptions, table_for
    for name in ("somerset-1888", "hoyle", "modern"):
        rules = preset(name)
        for alone in (False, True):
            for defender in (False, True):
                for tricks in range(6):
                    assert (hand_value(table_for(4), rules, VariantOptions(), alone, defender, tricks)
                            == hand_outcome(rules, alone, defender, tricks))


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("cutthroat_euchre", ["each-opponent-2", "maker-minus-2"])
def test_seat_points_equal_the_independent_reference(seats: int, cutthroat_euchre: str) -> None:
    """Tables of two, three and five: every maker, partner, lone choice and number of tricks,
    against tests/reference_euchre.py's own reading of VARIANTS.md (modern values: make 1,
    euchre 2)."""
    import reference_euchre as ref

    from euchre_records.scoring import seat_points
    from euchre_records.table import table_for, variant_options
    table = table_for(seats)
    options, _ = variant_options(table, {"cutthroat_euchre": cutthroat_euchre} if seats == 3 else {})
    for maker in range(seats):
        partners: list[int | None] = [None]
        if seats == 5:
            partners += [s for s in range(seats) if s != maker]
        for partner in partners:
            makers = (maker,) if partner is None else (maker, partner)
            alone = seats == 5 and partner is None
            for tricks in range(6):
                got, _ = seat_points(table, preset("modern"), options, makers, alone or seats < 4,
                                     tricks)
                want = ref.variant_points(seats, [str(s) for s in makers], alone, tricks,
                                          cutthroat_euchre)
                assert list(got) == want, (makers, alone, tricks)
