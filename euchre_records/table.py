"""The table: how many seats, who plays with whom, and what the variant's own rules are.

A :class:`Table` says what the four-handed engine leaves implicit. Seats are positions
``0 .. n-1`` clockwise: the deal, the bidding and the play pass to the left (``seat + 1 mod n``).
Sides are either **fixed for the game** (four-handed partnerships N-S / E-W) or **made anew each
deal** (two-handed: each alone; cut-throat: the maker against the rest; call-your-partner: the
maker and the holder of the named card against the rest). Scores are kept per side where sides
are fixed and per player where they are not; a game is then won by a player and there are no
rubbers.

Seat types: the four-handed game keeps :class:`~euchre_records.cards.Seat` (an IntEnum whose
values are the indexes 0..3) and its engine and fast path untouched. Tables of 2, 3 and 5 use
plain ``int`` seat indexes (:data:`SeatIndex`); their notation tokens are the decimal strings
``"0" .. "n-1"`` (:meth:`Table.token`). A six- or seven-handed game later is a new
:class:`Variant` member, a row of :data:`_VARIANTS` and its scoring rule (docs/TABLES.md), not a
change of the model.

>>> t = table_for(3)
>>> t.variant.value, t.fixed_sides, t.kitty(24), t.left(2)
('cut-throat', False, 8, 0)
>>> table_for(6)
Traceback (most recent call last):
...
euchre_records.errors.NotationError: rules.seats: six-handed euchre is not specified; see VARIANTS.md (tables of 2, 3, 4 and 5 are)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping

from .errors import NotationError, Problem

__all__ = [
    "SeatIndex", "Variant", "CutthroatEuchre", "Table", "table_for", "VariantOptions",
    "VARIANT_OPTIONS", "variant_options", "SEAT_COUNTS", "HAND_SIZE",
]

SeatIndex = int
"""A seat at a table of n != 4: 0 .. n-1 clockwise (seat 1 sits on seat 0's left)."""

HAND_SIZE = 5
"""Cards dealt to each hand in every variant (Keller ch. VII; VARIANTS.md)."""


class Variant(Enum):
    """The games the engine knows, by number of seats."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    TWO_HANDED = "two-handed"
    CUTTHROAT = "cut-throat"           # three-handed: the maker alone against the other two
    FOUR_HANDED = "four-handed"        # partnerships N-S / E-W
    CALL_PARTNER = "call-your-partner"  # five-handed: the maker names a card; its holder partners him


class CutthroatEuchre(Enum):
    """What a euchred maker costs in cut-throat (VARIANTS.md; option ``cutthroat_euchre``)."""

    EACH_OPPONENT_2 = "each-opponent-2"  # each of the other two scores the euchre points
    MAKER_MINUS_2 = "maker-minus-2"      # the maker loses the euchre points instead


@dataclass(frozen=True, slots=True)
class Table:
    """A table of ``seats`` players and the shape of its sides.

    - ``fixed_sides``: partnerships fixed for the game (four-handed) — scores per side, rubbers
      possible. Otherwise each scores for himself, sides are made per deal, a player wins a game.
    - ``maker_alone``: the maker always plays alone against all the others (two-handed,
      cut-throat): there is no "alone" to declare.
    - ``called_partner``: the maker either goes alone or names a card not of the trump suit whose
      holder is his partner for the deal (five-handed).
    """

    seats: int
    variant: Variant
    fixed_sides: bool
    maker_alone: bool
    called_partner: bool
    default_game_points: int | None   # None: the preset's own game points

    def token(self, seat: SeatIndex) -> str:
        """The notation token of a seat: ``N E S W`` at four, ``"0" .. "n-1"`` otherwise."""
        return "NESW"[seat] if self.seats == 4 else str(seat)

    def parse_seat(self, text: object) -> SeatIndex:
        """The seat index of a token; ValueError saying what is allowed."""
        if self.seats == 4:
            if isinstance(text, str) and text in ("N", "E", "S", "W"):
                return "NESW".index(text)
            raise ValueError(f"not a seat: {text!r} (expected N, E, S or W)")
        if isinstance(text, str) and len(text) == 1 and "0" <= text < str(self.seats):  # ASCII
            return int(text)
        raise ValueError(f"not a seat of this table: {text!r} (expected \"0\" to \"{self.seats - 1}\")")

    def left(self, seat: SeatIndex) -> SeatIndex:
        """The next seat clockwise."""
        return (seat + 1) % self.seats

    def eldest(self, dealer: SeatIndex) -> SeatIndex:
        """The first to bid and to lead: the dealer's left (in the two-handed game, the
        non-dealer, which is the same seat)."""
        return (dealer + 1) % self.seats

    def kitty(self, pack: int) -> int:
        """Cards left undealt under the turned card: pack - 5 n - 1 (negative: pack too small)."""
        return pack - HAND_SIZE * self.seats - 1

    @property
    def all_seats(self) -> tuple[SeatIndex, ...]:
        return tuple(range(self.seats))


_VARIANTS: dict[int, Table] = {
    2: Table(2, Variant.TWO_HANDED, fixed_sides=False, maker_alone=True, called_partner=False,
             default_game_points=None),
    3: Table(3, Variant.CUTTHROAT, fixed_sides=False, maker_alone=True, called_partner=False,
             default_game_points=10),
    4: Table(4, Variant.FOUR_HANDED, fixed_sides=True, maker_alone=False, called_partner=False,
             default_game_points=None),
    5: Table(5, Variant.CALL_PARTNER, fixed_sides=False, maker_alone=False, called_partner=True,
             default_game_points=10),
}

SEAT_COUNTS = tuple(sorted(_VARIANTS))
"""The numbers of seats the engine plays: 2, 3, 4, 5."""

_REFUSED = {
    1: "one-handed euchre is not a game (EGN admits 1 player; no rule book describes it)",
    6: "six-handed euchre is not specified; see VARIANTS.md",
    7: "seven-handed euchre is not specified; see VARIANTS.md",
    8: "eight-handed euchre is not specified; see VARIANTS.md",
}


def table_for(seats: object, where: str = "rules.seats") -> Table:
    """The table of ``seats`` players; a NotationError located at ``where`` otherwise."""
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise NotationError(f"the number of seats is an integer, not {seats!r}", where)
    found = _VARIANTS.get(seats)
    if found is not None:
        return found
    if seats in _REFUSED:
        raise NotationError(f"{_REFUSED[seats]} (tables of 2, 3, 4 and 5 are)", where)
    raise NotationError(f"{seats} seats is out of range: euchre is played by 2 to 5 here "
                        "(2, 3, 4 or 5; EGN admits 1-8)", where)


# --- the variant's own options ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class VariantOptions:
    """The options of the n-handed games that the four-handed :class:`Rules` do not have.
    Given in ``rules.overrides`` beside the preset's options (docs/RULES.md "Tables of two,
    three and five")."""

    cutthroat_euchre: CutthroatEuchre = CutthroatEuchre.EACH_OPPONENT_2
    cutthroat_march: int = 3            # cut-throat: the maker's march
    two_handed_march: int = 2           # two-handed: a march (Keller ch. VII)
    call_partner_lone_march: int = 5    # five-handed: a maker alone who marches


VARIANT_OPTIONS: dict[str, tuple[Any, tuple[Variant, ...], str]] = {
    "cutthroat_euchre": (CutthroatEuchre, (Variant.CUTTHROAT,),
                         "cut-throat: a euchred maker gives the euchre points to 'each-opponent-2' "
                         "(default) or loses them, 'maker-minus-2'"),
    "cutthroat_march": (int, (Variant.CUTTHROAT,), "cut-throat: points for the maker's march (3)"),
    "two_handed_march": (int, (Variant.TWO_HANDED,), "two-handed: points for a march (2)"),
    "call_partner_lone_march": (int, (Variant.CALL_PARTNER,),
                                "five-handed: points for a maker alone (by choice or because the "
                                "called card was undealt) who marches (5)"),
}
"""Option name -> (type, the variants it belongs to, meaning)."""


def variant_options(table: Table, overrides: Mapping[str, Any],
                    where: str = "rules.overrides") -> tuple[VariantOptions, dict[str, Any]]:
    """Split ``overrides`` into the variant's options and the rest (for the preset's Rules).
    An option of another variant, or a value of the wrong type, is a located NotationError."""
    values: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, raw in overrides.items():
        spec = VARIANT_OPTIONS.get(key)
        if spec is None:
            rest[key] = raw
            continue
        kind, variants, _ = spec
        if table.variant not in variants:
            problems.append(Problem(f"{where}.{key}", f"{key} is an option of the "
                                    f"{' or '.join(v.value for v in variants)} game, not of the "
                                    f"{table.variant.value} game"))
            continue
        if kind is int:
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
                problems.append(Problem(f"{where}.{key}", f"expected a non-negative integer, not {raw!r}"))
                continue
            values[key] = raw
        else:
            try:
                values[key] = kind(raw)
            except ValueError:
                allowed = ", ".join(repr(m.value) for m in kind)
                problems.append(Problem(f"{where}.{key}", f"{raw!r} is not one of {allowed}"))
    if problems:
        raise NotationError(problems)
    return VariantOptions(**values), rest
