"""Check the scorer's sheet of a record at a table of two, three or five against the replay:
each player's points for the deal and his running score, one column per player.

The four-handed check (scoresheet.py) has its diagnoses per side; here they are per player, and
every finding is located at a deal and a seat (``TableFinding.deal``, ``.seat``), names the
player, gives what the sheet says and what the replay computes in that column, and cites the
rule (the preset's scoresheet rule, or the variant's own source for its scoring). Which of the
four-handed diagnoses apply with per-player columns (docs/FORMAT.md, "Scoresheets at tables of
two, three and five"):

- **points to the wrong side** becomes *a wrong column* (two players' figures exchanged) and
  *points to the wrong player* (a euchre's points given to the maker, the making side's to the
  defenders, the called card's holder mistaken, a defender left out of a euchre);
- *the revoke penalty not scored*, *the hand's own points left out*, *a march scored as 3 or 4
  tricks*, *a euchre scored as 1*, *void / thrown-in deals score nothing*: as for four hands;
- *a lone march scored as a march*: the five-handed maker alone only (two- and three-handed
  makers always play alone and have no lone rate);
- *a euchred lone hand scored as a plain euchre* does not apply: at five a euchred maker gives 2
  to each defender, alone or not (VARIANTS.md), and there are no lone hands at two or three;
- running scores: *an addition error*, *an earlier error carried forward*, *it follows from the
  deal's points*, *an unfinished deal scored*, *the sheet ran on past the game's end* as for four
  hands, and *a missed deal* (a deal's points never added to a player's running score, whether
  the sheet has a row for it or not);
- *a late score correction* and *a defender alone* do not apply: these tables have neither.

Contract: pure. :class:`SheetCheck` is fed the deals in order by ``replay_table``; for each deal
with a ``scoresheet`` it returns the deal's result with its scoresheet findings added.
"""

from __future__ import annotations

from typing import Callable

from .model import FindingKind, replace
from .table import CutthroatEuchre, SeatIndex, Variant, VariantOptions
from .table_model import Scores, TableDeal, TableDealResult, TableFinding, TableRecord

__all__ = ["SheetCheck", "HandScorer", "likely_cause"]

HandScorer = Callable[[VariantOptions, tuple[SeatIndex, ...], bool, int], Scores]
"""The hand's own points per seat for (options, makers, alone, makers' tricks) under the
record's table and rules (``table_replay.hand_points``), passed in so that this module needs
nothing of the replay."""


def _add(a: Scores, b: Scores) -> Scores:
    return tuple(x + y for x, y in zip(a, b))


def _cited(cause: str, cite: str) -> str:
    """The cause with a citation: its own when it ends with one, else the scoresheet rule."""
    return cause if cause.endswith(")") else f"{cause} ({cite})"


class _Names:
    def __init__(self, record: TableRecord) -> None:
        self.table = record.table
        self.names = {seat: p.name for seat, p in record.players}

    def __call__(self, seat: SeatIndex) -> str:
        name = self.names.get(seat)
        token = self.table.token(seat)
        return f"seat {token} ({name})" if name else f"seat {token}"

    def many(self, seats: tuple[SeatIndex, ...] | list[SeatIndex]) -> str:
        said = [self(s) for s in seats]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def likely_cause(record: TableRecord, r: TableDealResult, recorded: Scores, computed: Scores,
                 score: HandScorer, variant_cite: str) -> str:
    """A short guess at why the sheet's points for a deal, ``recorded`` (per seat), differ from
    the ``computed`` ones; "unknown cause" when no single slip explains them."""
    table, rules, options = record.table, record.rules, record.options
    name = _Names(record)
    n = table.seats
    wrong = [s for s in range(n) if recorded[s] != computed[s]]
    if r.void is not None:
        return f"the deal was void ({r.void}) and scores nothing"
    if r.thrown_in or r.maker is None:
        return f"the deal was thrown in and scores nothing ({rules.cite('thrown_in')})"
    if r.unfinished:
        return "the deal is unfinished in the record and scores nothing, whatever the table scored"
    penalty, hand = r.penalty, r.hand_points
    if any(penalty) and recorded == hand and any(hand):
        return f"the revoke penalty was not scored ({rules.cite('revoke_penalty')})"
    if any(penalty) and recorded == penalty and any(hand):
        return f"the hand's own points were left out; they still score ({rules.cite('revoke_precedence')})"
    maker, makers, alone, tricks = r.maker, r.makers, r.alone, r.maker_tricks
    defenders = tuple(s for s in range(n) if s not in makers)

    def alt(makers_: tuple[SeatIndex, ...], alone_: bool, tricks_: int,
            options_: VariantOptions = options) -> Scores:
        return _add(score(options_, makers_, alone_, tricks_), penalty)

    made = tricks >= 3
    five = table.variant is Variant.CALL_PARTNER
    candidates: list[tuple[Scores, str]] = []
    if five and r.partner is not None:
        card = r.called.name if r.called is not None else "the called card"
        for q in range(n):
            if q not in makers:
                candidates.append((alt((maker, q), False, tricks),
                                   f"scored as if {name(q)} held {card}; {name(r.partner)} held it "
                                   f"(points to the wrong player, {variant_cite})"))
        candidates.append((alt((maker,), True, tricks),
                           f"{name(r.partner)}, who held {card}, was left out: the holder of the "
                           f"called card scores with the maker ({variant_cite})"))
    if five and r.partner is None:
        for q in range(n):
            if q != maker:
                candidates.append((alt((maker, q), False, tricks),
                                   f"{name(q)} was scored as the maker's partner, but the maker "
                                   f"played alone ({variant_cite})"))
        if tricks == 5:
            candidates.append((alt(makers, False, 5),
                               f"a lone march scored as a march ({rules.march} instead of "
                               f"{options.call_partner_lone_march}, {variant_cite})"))
    if tricks == 5:
        candidates.append((alt(makers, alone, 3), f"a march scored as 3 or 4 tricks ({rules.cite('march')})"))
    elif made:
        candidates.append((alt(makers, alone, 5), "3 or 4 tricks scored as a march "
                           f"({rules.cite('march')})"))
    if made:
        candidates.append((alt(makers, alone, 0), "the makers' points given to the other players as "
                           f"if they had euchred the maker (points to the wrong players, {variant_cite})"))
    else:
        candidates.append((alt(makers, alone, 3), "a euchre scored as made: the points went to the "
                           f"making side, not to the other players (points to the wrong player, "
                           f"{variant_cite})"))
        euchre = score(options, makers, alone, 0)
        if all(euchre[s] == rules.euchre for s in defenders) and len(defenders) > 1:
            one = [0] * n
            for s in defenders:
                one[s] = rules.make
            candidates.append((_add(tuple(one), penalty), f"a euchre scored as {rules.make} "
                               f"({rules.cite('score')})"))
            given = [s for s in defenders if recorded[s] - penalty[s] == rules.euchre]
            left_out = [s for s in defenders if recorded[s] - penalty[s] == 0]
            if (given and left_out and len(given) + len(left_out) == len(defenders)
                    and all(recorded[s] == penalty[s] for s in makers)):
                candidates.append((recorded, f"a euchre scores {rules.euchre} to each of "
                                   f"{name.many(defenders)}; the sheet left out "
                                   f"{name.many(left_out)} ({variant_cite})"))
        if table.variant is Variant.CUTTHROAT:
            other = (CutthroatEuchre.EACH_OPPONENT_2 if options.cutthroat_euchre
                     is CutthroatEuchre.MAKER_MINUS_2 else CutthroatEuchre.MAKER_MINUS_2)
            candidates.append((alt(makers, alone, tricks, replace(options, cutthroat_euchre=other)),
                               f"scored as under cutthroat_euchre {other.value}; this record "
                               f"plays {options.cutthroat_euchre.value} ({variant_cite})"))
    for points, cause in candidates:
        if points == recorded and points != computed:
            return cause
    if len(wrong) == 2:
        a, b = wrong
        if recorded[a] == computed[b] and recorded[b] == computed[a]:
            gave, lost = (a, b) if recorded[a] else (b, a)
            return (f"a wrong column: {name(lost)}'s {computed[lost]} written in {name(gave)}'s "
                    "column, the points given to the wrong player")
    if sorted(recorded) == sorted(computed):
        return "the points were given to the wrong players"
    return "unknown cause"


class SheetCheck:
    """The sheet check of one record, fed its deals in order (see the module contract).

    ``score`` gives a hand's points (:data:`HandScorer`), ``variant_cite`` the source of the
    variant's scoring (``table_replay.VARIANT_CITES``)."""

    def __init__(self, record: TableRecord, score: HandScorer, variant_cite: str) -> None:
        self.record, self.score, self.variant_cite = record, score, variant_cite
        self.rules = record.rules
        self.name = _Names(record)
        self.last_total: Scores | None = None     # the sheet's last running score,
        self.last_game: int | None = None         # its game
        self.last_deal = 0                        # and its deal
        self.game: int | None = None              # the game of the deal before
        self.skipped: list[tuple[int, Scores]] = []   # deals of this game since then with no running score
        self.unfinished: list[tuple[int, int]] = []   # (game, deal) of the unfinished deals
        self.ran_on: tuple[int, int] | None = None    # (game, its last deal) the sheet ran on past

    def deal(self, result: TableDealResult, deal: TableDeal, before: Scores, after: Scores,
             game: int) -> TableDealResult:
        """``result`` with the findings of ``deal``'s sheet: ``before``/``after`` the game's
        score before and after the deal (``before`` is the game's start on its first deal),
        ``game`` the game's number."""
        if game != self.game:
            self.skipped, self.game = [], game
        if result.unfinished:
            self.unfinished.append((game, result.number))
        computed = tuple(a - b for a, b in zip(after, before))
        sheet = deal.recorded
        if sheet is None:
            self.skipped.append((result.number, computed))
            return result
        cite = self.rules.cite("scoresheet")
        n, number, name = len(after), result.number, self.name
        found: list[TableFinding] = []
        wrong_points: set[int] = set()
        if sheet.points is not None and tuple(sheet.points) != computed:
            recorded = tuple(sheet.points)
            cause = _cited(likely_cause(self.record, result, recorded, computed, self.score,
                                        self.variant_cite), cite)
            for s in range(n):
                if recorded[s] != computed[s]:
                    wrong_points.add(s)
                    found.append(TableFinding(
                        FindingKind.SCORESHEET,
                        f"deal {number}, {name(s)}: the scoresheet gives {recorded[s]} for the "
                        f"deal, the replay computes {computed[s]} — {cause}",
                        cite, number, seat=s, recorded=recorded, computed=computed))
        points = tuple(sheet.points) if sheet.points is not None else computed
        # the sheet's own previous running score, and the one this game's figures add to
        own = None if self.skipped or self.last_total is None else self.last_total
        base = None if self.skipped else (self.last_total if self.last_game == game else before)
        if sheet.total is not None and tuple(sheet.total) != after:
            total = tuple(sheet.total)
            adds_on = own is not None and _add(own, points) == total
            if adds_on and self.last_game is not None and self.last_game < game and not wrong_points:
                self.ran_on = (self.last_game, self.last_deal) if self.ran_on is None else self.ran_on
            elif not adds_on:
                self.ran_on = None
            missed = (0,) * n
            for _, p in self.skipped:
                missed = _add(missed, p)
            for s in range(n):
                if total[s] == after[s]:
                    continue
                if self.ran_on is not None:
                    g, d = self.ran_on
                    cause = (f"game {g} ended at deal {d} and the sheet ran on instead of "
                             f"opening game {g + 1} ({self.rules.cite('game')})")
                elif s in wrong_points:
                    cause = "it follows from the deal's points above"
                elif earlier := [d for g, d in self.unfinished if g == game and d < number]:
                    cause = (f"deal {earlier[-1]} is unfinished in the record and scored nothing, "
                             "whatever the table scored for it")
                elif base is not None and total[s] == base[s] and points[s] != 0:
                    cause = (f"a missed deal: the deal's {points[s]} "
                             f"{'was' if abs(points[s]) == 1 else 'were'} not added to the running score")
                elif self.skipped and missed[s] != 0 and total[s] == after[s] - missed[s]:
                    several = len(self.skipped) > 1
                    cause = (f"a missed deal: deal{'s' if several else ''} "
                             f"{', '.join(str(d) for d, _ in self.skipped)} "
                             f"{'have' if several else 'has'} no entry on the sheet and "
                             f"{'their' if several else 'its'} points were never added")
                elif base is not None and base[s] + points[s] != total[s]:
                    cause = (f"an addition error on the sheet: {base[s]} + {points[s]} is "
                             f"{base[s] + points[s]}, not {total[s]}")
                else:
                    cause = "an earlier error carried forward"
                found.append(TableFinding(
                    FindingKind.SCORESHEET,
                    f"deal {number}, {name(s)}: the scoresheet's running score is {total[s]}, the "
                    f"replay has {after[s]} in game {game} — {_cited(cause, cite)}",
                    cite, number, seat=s, recorded=total, computed=after))
        elif sheet.total is not None:
            self.ran_on = None
        if sheet.total is not None:
            self.last_total, self.skipped = tuple(sheet.total), []
            self.last_game, self.last_deal = game, number
        elif base is not None:
            self.last_total, self.last_game, self.last_deal = _add(base, points), game, number
        if not found:
            return result
        return replace(result, findings=result.findings + tuple(found))
