"""Check the scorer's sheet against the replay: each deal's points and running score, at every
table, by one check (:func:`check_sheet`, at the end): one walk over the deals comparing each
entry by score column, a side's where the sides are fixed (the four-handed game), a player's
where each scores for himself (tables of two, three and five); one finding builder; what differs
between the tables is data of the table (``_Columns``: the columns compared together, the
finding's place and wording where the goldens pin it).

Every disagreement is a finding with the deal, the recorded and computed values and the likely
cause. A deal's points that are not the replay's have one diagnosis at every table,
:func:`likely_cause`, by candidates: each known slip (points to the wrong side or players; the
deal void, thrown in, unfinished or points-only; the revoke penalty not scored; the hand's own
points left out; a lone march scored as a march; a euchred lone hand scored as a plain euchre; a
march scored as 3 or 4 tricks, or the reverse; a euchre scored as made, or the makers' points
given away; a euchre scored as 1; at five the wrong partner, the partner left out, a partner
scored when the maker was alone ...) is a whole score of the table's columns (N-S, E-W at four;
one per seat at n), scored by the one value table plus the deal's penalty, and the cause named
is the first candidate equal to the entry as written; "unknown cause" when none is. The entry
is the deal's score as written, a whole row (the preset's scoresheet rule, Somerset 5-6): a slip that
explains one figure while another is wrong too is not the cause.
A running score that is not the replay's has one diagnosis at every table,
:func:`running_cause`: the same slip is called the same (a missed deal, an addition error ...)
whether the column is a side's or a player's.
Running scores are those of the current game after the deal, before a finished game is reset.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import sub
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .model import (
    DealKind, DealResult, Finding, FindingKind, Irregularity, Record,
    RecordedScore, replace, Scores, Deal,
)
from .rules import Rules
from .scoring import DealSides, add_scores, hand_value, side_column
from .table import CutthroatEuchre, SeatIndex, Variant, VariantOptions

if TYPE_CHECKING:
    from .games import Games

__all__ = ["as_written", "check_sheet", "likely_cause", "sheet_as_corrected", "corrected_entry",
           "stands_note", "running_cause"]


def _cited(cause: str, cite: str) -> str:
    """The cause with a citation: its own when it has one (it ends with one), else the
    scoresheet rule."""
    return cause if cause.endswith(")") else f"{cause} ({cite})"


def _fmt(p: Scores) -> str:
    return f"{p[0]}-{p[1]}"


def sheet_as_corrected(rules: Rules, sheet: RecordedScore | None, events: tuple[Irregularity, ...],
                       number: int, fmt: Callable[[Any], str] = _fmt, moved: Scores = (0, 0)
                       ) -> tuple[RecordedScore | None, Finding | None]:
    """The sheet as it stands after score corrections, at every table (Somerset 5: allowed until
    the trump card is turned in the next deal; a later correction is void and the original entry
    stands, a ``too late`` finding). ``fmt`` writes a score of the table (:func:`_fmt` per side,
    :func:`_seats_text` per player), ``moved`` is the finding's ``points`` (``(0, 0)`` at four,
    ``()`` at n: a sheet finding moves no points)."""
    if not events:   # the common case: no irregularity, the sheet as written
        return sheet, None
    points, late = corrected_entry(rules, events, number, fmt)
    if points is not None:
        sheet = RecordedScore(points, sheet.total if sheet is not None else None)
    if late is None:
        return sheet, None
    text, rule, written = late
    return sheet, Finding(FindingKind.SCORESHEET, text, rule, number, recorded=written,
                          status="too late", points=moved)


def as_written(rules: Rules, deal: Deal, r: DealResult, fixed_sides: bool) -> DealResult | None:
    """The deal ``r`` scored as the sheet wrote it (after corrections in time), with a note
    giving the laws' figure (as a pair of sides where ``fixed_sides``, else per seat), where
    uncorrected errors stand (``sheet_errors_stand``, Somerset 5: the caller asks only then) and
    the entry is not the laws' points; None: the laws' points count. One for every table; the
    scoresheet findings still report each difference."""
    fmt = _fmt if fixed_sides else _seats_text
    sheet, _ = sheet_as_corrected(rules, deal.recorded, deal.irregularities, r.number, fmt)
    if sheet is None or sheet.points is None or tuple(sheet.points) == r.points:
        return None
    note = stands_note(rules, r.number, fmt(sheet.points), fmt(r.points))
    return replace(r, hand_points=sheet.points, penalty=(0,) * len(sheet.points),
                   points=sheet.points, notes=r.notes + (note,))


def corrected_entry(rules: Rules, events: Sequence[Any], number: int, fmt: Callable[[Any], str]
                    ) -> tuple[Any, tuple[str, str, Any] | None]:
    """(the deal's entry as corrected in time, None when no correction came in time; the last
    correction that came too late, as (text, rule, its points), or None). A correction is a
    ``score-correction`` irregularity of either model: allowed until the trump card is turned
    in the next deal, after which it is void and the entry as first written stands (Somerset 5).
    ``fmt`` writes a score: ``"1-0"`` per side, ``"[0, 1, 0]"`` per player. Pure."""
    points, late = None, None
    for e in events:
        if e.kind.value != "score-correction" or e.points is None:
            continue
        if e.late:
            rule = rules.cite("score_correction")
            late = (f"deal {number}: the score was corrected to {fmt(e.points)} after the trump "
                    f"card was turned in the next deal — too late, the entry as first written "
                    f"stands ({rule})", rule, e.points)
            continue
        points = e.points
    return points, late


def stands_note(rules: Rules, number: int, written: str, laws: str) -> str:
    """The note of a deal scored as the sheet wrote it, where uncorrected errors stand
    (``sheet_errors_stand``, Somerset 5); ``written`` and ``laws`` the two figures, written."""
    return (f"deal {number}: the sheet's {written} was not corrected in time and stands "
            f"({rules.cite('score_correction')}); the laws give {laws}")


def _added_wrong(points: Scores, total: Scores, before: Scores | None) -> bool:
    return before is not None and add_scores(before, points) != total


def _ran_on(points: Scores | None, total: Scores, before: Scores | None) -> bool:
    """Whether the sheet kept adding to the game the replay had closed: this running score is
    its previous one plus the deal's points (its sums are right, no new game was opened)."""
    return points is not None and before is not None and not _added_wrong(points, total, before)


def running_cause(rules: Rules, total: tuple[int, ...], after: tuple[int, ...], *,
                  base: tuple[int, ...] | None, points: tuple[int, ...] | None,
                  skipped: Sequence[tuple[int, tuple[int, ...]]] = (),
                  ran_on: tuple[int, int, bool] | None = None, follows: bool = False,
                  unfinished: int | None = None, sums: bool = True) -> str:
    """The likely cause of a running score on the sheet, ``total``, that is not the replay's,
    ``after``: the one diagnosis of every table, in one score column (a side's pair of figures
    at four, one player's figure at n: ``(ns, ew)`` or ``(s,)``; the causes are the same).

    ``base`` is the sheet's running score the deal's ``points`` add to (its last one in this
    game, or the game's start; None when a deal since has no entry); ``points`` the sheet's
    points for the deal (the replay's where the sheet gives none; None: not compared);
    ``skipped`` the deals of this game since the sheet's last running score that have no entry,
    with their points; ``ran_on`` (game, its last deal, whether the sheet's own figures had
    reached the target) when the sheet kept adding past a game's end; ``follows`` when the
    deal's points on the sheet are wrong in this column; ``unfinished`` the last deal of this
    game, before this one, that the record leaves unfinished. In that order of precedence:

    - the sheet ran on past the game's end (the game: RULES.md "game");
    - it follows from the deal's points above;
    - an unfinished deal scored nothing, whatever the table scored for it;
    - **a missed deal**: the deal's points not added (the running score is the one before,
      though the deal scored in the column), or deals with no entry whose points were never
      added (the running score lacks exactly their points);
    - **an addition error**: the running score is not the one before plus the deal's points
      (``sums``: the sum spelt out, as in a player's column);
    - else an earlier error carried forward.
    The sheet's own rule (RULES.md "scoresheet") is cited by the caller."""
    fig = "-".join
    if ran_on is not None:
        game, last, saw_end = ran_on
        return (f"game {game} ended at deal {last} and the sheet ran on"
                + (f" instead of opening game {game + 1}" if saw_end else "; an earlier error hid the end")
                + f" ({rules.cite('game')})")
    if follows:
        return "it follows from the deal's points above"
    if unfinished is not None:
        return (f"deal {unfinished} is unfinished in the record and scored nothing, whatever the "
                "table scored for it")
    if base is not None and points is not None and total == base and any(points):
        said = fig(map(str, points))
        return (f"a missed deal: the deal's {said} {'was' if sum(map(abs, points)) == 1 else 'were'}"
                " not added to the running score")
    missed = tuple(map(sum, zip(*(p for _, p in skipped)))) if skipped else ()
    if any(missed) and total == tuple(map(sub, after, missed)):
        several = len(skipped) > 1
        return (f"a missed deal: deal{'s' if several else ''} "
                f"{', '.join(str(d) for d, _ in skipped)} {'have' if several else 'has'} no entry "
                f"on the sheet and {'their' if several else 'its'} points were never added")
    if base is not None and points is not None:
        added = tuple(b + p for b, p in zip(base, points))
        if added != total:
            return ("an addition error on the sheet" + (
                f": {fig(map(str, base))} + {fig(map(str, points))} is {fig(map(str, added))}, "
                f"not {fig(map(str, total))}" if sums else ""))
    return "an earlier error carried forward"


def _seats_text(points: Scores) -> str:
    """A score of one figure per player, as the notation writes it: ``[0, 2, 0]``."""
    return "[" + ", ".join(str(p) for p in points) + "]"


class _Names:
    def __init__(self, record: Record) -> None:
        self.table = record.table
        self.names = {seat: p.name for seat, p in record.players}

    def __call__(self, seat: SeatIndex) -> str:
        name = self.names.get(seat)
        token = self.table.token(seat)
        return f"seat {token} ({name})" if name else f"seat {token}"

    def many(self, seats: tuple[SeatIndex, ...] | list[SeatIndex]) -> str:
        said = [self(s) for s in seats]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def likely_cause(rules: Rules, record: Record, r: DealResult, recorded: Scores,
                 variant_cite: str = "") -> str:
    """Why the sheet's points for deal ``r``, ``recorded`` (a whole score of the table's
    columns: (N-S, E-W) at four, one per seat at n), are not the replay's ``r.points``: the one
    diagnosis of every table. A deal that scores nothing by its kind (points-only: its points as
    written; void; unfinished; thrown in) has that cause whatever the entry; else each known slip
    is a whole score of the table's columns, scored by the one value table
    (:func:`~.scoring.hand_value`) plus the deal's penalty (:func:`_slip`), and the cause is
    that of the first equal to the entry as written; then two players' figures exchanged (a
    wrong column), any other reshuffle (the wrong players); else "unknown cause".
    ``variant_cite`` the variant's source for its scoring ("" at four: the preset's rule)."""
    computed = r.points
    if record.table.fixed_sides and recorded == computed[::-1]:
        return "the points were given to the wrong side"
    if r.kind is DealKind.POINTS:
        return ("a points-only deal scores its points as written, and the sheet's figures for it "
                "are not those points")
    if r.void is not None:
        return f"the deal was void ({r.void}) and scores nothing"
    if r.unfinished:
        return "the deal is unfinished in the record and scores nothing, whatever the table scored"
    if r.thrown_in or r.maker is None:
        return f"the deal was thrown in and scores nothing ({rules.cite('thrown_in')})"
    cause = _slip(rules, record, r, recorded, variant_cite)
    if cause is not None:
        return cause
    wrong = [c for c, (a, b) in enumerate(zip(recorded, computed)) if a != b]
    if len(wrong) == 2:
        a, b = wrong
        if recorded[a] == computed[b] and recorded[b] == computed[a]:
            gave, lost = (a, b) if recorded[a] else (b, a)
            name = _Names(record)
            return (f"a wrong column: {name(lost)}'s {computed[lost]} written in {name(gave)}'s "
                    "column, the points given to the wrong player")
    if sorted(recorded) == sorted(computed):
        return "the points were given to the wrong players"
    return "unknown cause"


def _slip(rules: Rules, record: Record, r: DealResult, recorded: Scores, variant_cite: str
          ) -> str | None:
    """The first known slip of a played deal that gives the entry ``recorded`` (each slip the
    deal's whole score had the scorer made it), in this order: the revoke penalty not scored,
    the hand's own points left out (Somerset 4, 63); at five the wrong partner, the partner left
    out, a partner scored when the maker was alone; a lone march scored as a march; a euchred
    lone hand scored as a plain euchre; a march scored as 3 or 4 tricks, or 3 or 4 tricks as a
    march; a euchre scored as made, or the makers' points given away; a euchre scored as 1; some
    defenders left out of a euchre; three-handed, the other ``cutthroat_euchre``. None: no slip
    does. A slip the deal cannot make scores as the deal did, and the entry is not that."""
    table, options, penalty = record.table, record.options, r.penalty
    maker, makers, alone, tricks = r.maker, r.makers, r.alone, r.maker_tricks
    assert maker is not None
    cols = len(r.points)
    mine = (side_column(maker.side),) if table.fixed_sides else makers   # the makers' columns
    lone_defence = r.defender_alone is not None

    def gives(makers_: tuple[int, ...], alone_: bool, tricks_: int,
              options_: VariantOptions = options, fine: Scores = penalty) -> bool:
        """Whether a hand of ``makers_`` (columns) and ``tricks_``, plus ``fine``, is the entry:
        the hand's value to each column of the side it goes to (:class:`~.scoring.DealSides`)."""
        _, value, to_makers = hand_value(table, rules, options_, alone_, lone_defence, tricks_)
        return recorded == tuple(f + value if (c in makers_) == to_makers else f
                                 for c, f in enumerate(fine))

    def own(key: str) -> str:   # the cite of the scoring rule: the variant's source at n
        return variant_cite or rules.cite(key)

    _, value, to_makers = hand_value(table, rules, options, alone, lone_defence, tricks)
    made = tricks >= 3
    if any(penalty):   # the hand scored as the laws leave it, or as played, with no penalty
        if recorded == r.hand_points or gives(mine, alone, tricks, fine=(0,) * cols):
            return f"the revoke penalty was not scored ({rules.cite('revoke_penalty')})"
        if recorded == penalty:
            return ("the hand's own points were left out; they still score "
                    f"({rules.cite('revoke_precedence')})")
    if table.called_partner:
        name = _Names(record)
        card = r.called.name if r.called is not None else "the called card"
        for q in range(cols):
            if r.partner is not None and q not in makers and gives((maker, q), False, tricks):
                return (f"scored as if {name(q)} held {card}; {name(r.partner)} held it "
                        f"(points to the wrong player, {variant_cite})")
            if r.partner is None and q != maker and gives((maker, q), False, tricks):
                return (f"{name(q)} was scored as the maker's partner, but the maker played alone "
                        f"({variant_cite})")
        if r.partner is not None and gives((maker,), True, tricks):
            return (f"{name(r.partner)}, who held {card}, was left out: the holder of the called "
                    f"card scores with the maker ({variant_cite})")
    if alone and tricks == 5 and value != rules.march and gives(mine, False, 5):
        return f"a lone march scored as a march ({rules.march} instead of {value}, {own('lone_march')})"
    if alone and not made and value != rules.euchre and gives(mine, False, tricks):
        return (f"a euchred lone hand scored as a plain euchre ({rules.euchre} instead of {value}, "
                f"{own('lone_euchred')})")
    if tricks == 5 and gives(mine, alone, 3):
        return f"a march scored as 3 or 4 tricks ({rules.cite('march')})"
    if 3 <= tricks < 5 and gives(mine, alone, 5):
        return f"3 or 4 tricks scored as a march ({rules.cite('march')})"
    if made:
        if not gives(mine, alone, 0):
            return None
        if table.fixed_sides:
            return ("the makers' points given to the other side as if it had euchred them "
                    f"(points to the wrong side, {own('score')})")
        return (f"the makers' points given to the other players as if they had euchred the maker "
                f"(points to the wrong players, {own('score')})")
    if gives(mine, alone, 3):
        if table.fixed_sides:
            return ("a euchre scored as made: the points went to the makers, not to the side that "
                    f"euchred them (points to the wrong side, {own('score')})")
        return ("a euchre scored as made: the points went to the making side, not to the other "
                f"players (points to the wrong player, {own('score')})")
    defenders = tuple(c for c in range(cols) if c not in mine)
    if value == rules.euchre and not to_makers:
        if add_scores(DealSides(cols, (defenders, mine)).points(0, rules.make), penalty) == recorded:
            return f"a euchre scored as {rules.make} ({rules.cite('score')})"
        given = [c for c in defenders if recorded[c] - penalty[c] == rules.euchre]
        left_out = [c for c in defenders if recorded[c] - penalty[c] == 0]
        if (given and left_out and len(given) + len(left_out) == len(defenders)
                and all(recorded[c] == penalty[c] for c in mine)):
            many = _Names(record).many
            return (f"a euchre scores {rules.euchre} to each of {many(defenders)}; the sheet "
                    f"left out {many(left_out)} ({variant_cite})")
    if table.variant is Variant.CUTTHROAT:
        other = (CutthroatEuchre.EACH_OPPONENT_2 if options.cutthroat_euchre
                 is CutthroatEuchre.MAKER_MINUS_2 else CutthroatEuchre.MAKER_MINUS_2)
        if gives(mine, alone, tricks, replace(options, cutthroat_euchre=other)):
            return (f"scored as under cutthroat_euchre {other.value}; this record plays "
                    f"{options.cutthroat_euchre.value} ({variant_cite})")
    return None


@dataclass(frozen=True, slots=True)
class _Columns:
    """How a table's sheet is compared and worded, the only differences of the one check:
    ``groups`` the score columns whose figures are compared and reported together (the pair of
    sides at four, one finding a deal as the four-handed goldens have it; one a player at n);
    ``who(group)`` the finding's place after the deal's number (``""`` at four,
    ``", seat 2 (Bo)"`` at n) and its seat; ``text`` a whole score as the notation writes it;
    ``moved`` a sheet finding's ``points`` (it moves none: ``(0, 0)`` at four, ``()`` at n);
    ``sums`` whether an addition error spells out the sum (a player's column: golden
    sheets/cutthroat-missed); ``carries`` whether a row with the deal's points and no running
    score carries the sheet's running score on (its last one plus those points) for the next
    row to add to (the per-player check always did; at four the running score after such a row
    is unknown, and a four-handed record keeps its replay to the byte)."""

    groups: tuple[tuple[int, ...], ...]
    who: Callable[[tuple[int, ...]], tuple[str, SeatIndex | None]]
    text: Callable[[Any], str]
    moved: Scores
    sums: bool
    carries: bool

    @staticmethod
    def of(record: Record) -> _Columns:
        """The columns of ``record``'s table: per side at fixed partnerships, else per player."""
        if record.table.fixed_sides:
            return _BY_SIDE
        name = _Names(record)
        return _Columns(tuple((s,) for s in range(record.table.seats)),
                        lambda g: (f", {name(g[0])}", g[0]), _seats_text, (), True, True)


_BY_SIDE = _Columns(((0, 1),), lambda g: ("", None), _fmt, (0, 0), False, False)


def _finding(cols: _Columns, group: tuple[int, ...], number: int, recorded: Scores,
             computed: Scores, cause: str, cite: str, game: int | None = None) -> Finding:
    """The one finding of a sheet figure that is not the replay's, in the columns ``group``: the
    deal's points (``game`` None) or its running score in ``game``; ``recorded``/``computed``
    whole scores, ``cause`` cited."""
    where, seat = cols.who(group)
    said = "-".join(str(recorded[c]) for c in group)
    laws = "-".join(str(computed[c]) for c in group)
    text = (f"the scoresheet gives {said} for the deal, the replay computes {laws}" if game is None
            else f"the scoresheet's running score is {said}, the replay has {laws} in game {game}")
    return Finding(FindingKind.SCORESHEET, f"deal {number}{where}: {text} — {cause}", cite, number,
                   seat=seat, recorded=recorded, computed=computed, points=cols.moved)


def check_sheet(rules: Rules, record: Record, played: Games, target: int | None,
                variant_cite: str = "") -> list[tuple[int, Finding]]:
    """(deal index, finding) for each disagreement between the scorer's sheet and the replay, at
    every table: one walk over the deals (``played``: :func:`games.play_games`'s games, whose
    ``laws`` are the deals as the laws score them and ``running`` each deal's game and score),
    comparing each entry -- the deal's points, the running score -- by score column (a side at
    four, a player at n: :class:`_Columns`). Each game's first running score is checked against
    its start (a lap, or the record's start score). The deal's points have one diagnosis per
    deal, the one of every table (:func:`likely_cause`, citing ``variant_cite`` at n, the
    variant's source for its scoring; "" at four: the preset's rules); a running score has
    :func:`running_cause`, which tells a sheet that ran on past a game's end (its running score
    adds up, and it kept adding instead of opening the next game; ``target`` the game's points,
    None: not known) from an addition error. Pure."""
    cols = _Columns.of(record)
    cite = rules.cite("scoresheet")
    out: list[tuple[int, Finding]] = []
    prev_total: Scores | None = None     # the sheet's running score on the deal before
    prev_game: int | None = None         # the game of the last deal with an entry
    prev_number = 0
    ran_on: tuple[int, int, bool] | None = None   # (game, its last deal, whether the sheet's
    # own figures had won it) the sheet ran on past
    skipped: list[tuple[int, Scores]] = []   # this game's deals with no entry since a running score
    skipped_game: int | None = None
    unfinished: list[tuple[int, int]] = []   # (game, deal) of the unfinished deals
    for i, (deal, r, state) in enumerate(zip(record.deals, played.laws, played.running)):
        if r.unfinished and state is not None:
            unfinished.append((state[0], r.number))
        sheet = deal.recorded
        if deal.irregularities:   # without any, no correction: the sheet as written
            sheet, late = sheet_as_corrected(rules, sheet, deal.irregularities, r.number,
                                             cols.text, cols.moved)
            if late is not None:
                out.append((i, late))
        if state is not None and state[0] != skipped_game:
            skipped, skipped_game = [], state[0]
        if sheet is None:
            prev_total = None
            ran_on = None
            prev_number = r.number
            if state is not None:
                skipped.append((r.number, r.points))
            continue
        wrong: set[int] = set()   # the columns whose deal points the sheet has wrong
        if sheet.points is not None and tuple(sheet.points) != r.points:
            recorded = tuple(sheet.points)
            cause = _cited(likely_cause(rules, record, r, recorded, variant_cite), cite)
            for g in cols.groups:
                if any(recorded[c] != r.points[c] for c in g):
                    wrong.update(g)
                    out.append((i, _finding(cols, g, r.number, recorded, r.points, cause, cite)))
        total = None if sheet.total is None else tuple(sheet.total)
        if total is not None and state is not None and total != state[1]:
            game, after = state
            if ran_on is not None and sheet.points is not None and not _added_wrong(
                    sheet.points, total, prev_total):
                pass   # still running on past the same game end
            elif (not wrong and prev_game is not None and prev_game != game
                  and _ran_on(sheet.points, total, prev_total)):
                assert prev_total is not None
                # the sheet's own figures had won the game (it missed the end), or an earlier
                # error kept them short of it (it could not see the end)
                ran_on = (prev_game, prev_number, target is None or max(prev_total) >= target)
            else:
                ran_on = None
            earlier = [d for g, d in unfinished if g == game and d < r.number]
            base = (None if skipped else
                    prev_total if prev_game == game else played.start_of(game))
            points = tuple(sheet.points) if sheet.points is not None else r.points
            for g in cols.groups:
                if all(total[c] == after[c] for c in g):
                    continue
                cause = running_cause(
                    rules, tuple(total[c] for c in g), tuple(after[c] for c in g),
                    base=None if base is None else tuple(base[c] for c in g),
                    points=tuple(points[c] for c in g),
                    skipped=[(d, tuple(p[c] for c in g)) for d, p in skipped],
                    follows=not wrong.isdisjoint(g), ran_on=ran_on,
                    unfinished=earlier[-1] if earlier else None, sums=cols.sums)
                out.append((i, _finding(cols, g, r.number, total, after, _cited(cause, cite),
                                        cite, game)))
        else:
            ran_on = None
        if total is None and cols.carries and state is not None and not skipped:
            base = prev_total if prev_game == state[0] else played.start_of(state[0])
            if base is not None:   # the running score the row implies
                total = add_scores(base, tuple(sheet.points) if sheet.points is not None
                                   else r.points)
        prev_total = total
        prev_game = state[0] if state else None
        if sheet.total is not None:
            skipped = []
        prev_number = r.number
    return out
