"""A deal at a table of 2, 3 or 5 replayed to its per-seat result (docs/TABLES.md): the void
deals, the result-only and points-only deals, the walk (``deal.SeatWalk``: the one card
bookkeeping, bidding and trick walk of every table) and what follows it -- the exposed cards and
revokes corrected that the play log shows, the revokes charged, a claim settled -- and the
score, each player of a side scoring its points.

Contract: :func:`replay_seat_deal` returns the deal's :class:`~euchre_records.model.DealResult`
or None with the located problems appended to ``problems`` (the game loop,
``match.replay``, collects them over the record and raises them together).
Findings cite the preset's rule or the variant's source (``deal.VARIANT_CITES``). Pure: no I/O.
"""

from __future__ import annotations

from .cards import JOKER, Card, Suit
from .claims import ClaimWords, claims_of, possible_hands, settle_claim
from .card_places import seat_words
from .deal import VARIANT_CITES, SeatPlay, SeatWalk
from .errors import InconsistentRecord, Problem
from .exchanges import going_under_findings, void_by_farmer
from .house_rules import fast_break, fast_break_note
from .laws import void_ruling
from .outcome import thrown_in_redeal, unchecked_notes
from .model import (Deal, DealKind, DealResult, Finding, FindingKind, IrregularityKind, Record, Scores,
                    replace, seat_deal_result)
from .penalty_cards import exposed_card_held, exposed_card_ruling
from .plays import PlayLog
from .points_only import SeatColumns, replay_points
from .revokes import RevokeTable, revoke_findings
from .rules import JokerUpcard
from .scoring import add_scores, seat_points
from .table import SeatIndex

__all__ = ["replay_seat_deal"]


def _void_result(number: int, deal: Deal, n: int, why: str, next_dealer: SeatIndex | None,
                 notes: tuple[str, ...] = ()) -> DealResult:
    zero = (0,) * n
    return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None, True,
                           False, (), (), 0, zero, zero, zero, (), why, next_dealer, notes, turned=deal.turned)


def replay_seat_deal(record: Record, deal: Deal, number: int, where: str,
                     problems: list[Problem]) -> DealResult | None:
    """Replay deal ``number`` of a record at a table of n (2, 3 or 5) in detail, the four-handed
    walk's cards, bidding and tricks (``CardPlaces``, ``run_bidding``, ``walk_tricks``) with
    the sides made per deal: the result, or None with the located problems appended."""
    table, rules, n = record.table, record.rules, record.table.seats
    zero = (0,) * n
    try:   # the laws that void a deal, one for every table (laws.void_ruling)
        ruling = void_ruling(deal, rules, number, where, seat_words(table),
                             [table.left(s) for s in table.all_seats], ())
    except InconsistentRecord as exc:
        problems.extend(exc.problems)
        return None
    if ruling is not None:
        why, nxt, finding = ruling
        return replace(_void_result(number, deal, n, why, nxt), findings=(finding,))
    if deal.exchanges:   # a farmer's hand under 'misdeal' voids the deal (house rule farmers)
        before = len(problems)
        void = void_by_farmer(record, deal, number, where, problems)
        if void is not None:
            return _void_result(number, deal, n, void[0], deal.dealer if void[1] else None)
        if len(problems) > before:
            return None
    if deal.turned is JOKER and rules.joker_upcard is JokerUpcard.REDEAL:
        if deal.calls or deal.tricks:   # as four-handed (bidding.run_bidding)
            problems.append(Problem(f"{where}.calls", "the joker was turned: under 'redeal' the deal "
                                    "is void, so no calls or tricks can follow"))
            return None
        return _void_result(number, deal, n, f"the joker was turned (joker_upcard 'redeal', "
                            f"{rules.cite('joker')}): the deal is void; the same dealer deals again",
                            deal.dealer)
    if deal.kind is DealKind.RESULT:
        return _result_only(record, deal, number, where, problems)
    if deal.kind is DealKind.POINTS:
        return replay_points(deal, rules, number, where,   # the one points-only path
                             SeatColumns(table, record.options, VARIANT_CITES[table.variant]))
    replay = SeatWalk(record, deal, number, where)
    maker, trump, alone, taken, thrown = replay.bidding()
    if problems_of(replay, problems):
        return None
    if thrown and deal.exchanges and not replay.deal_and_exchange():
        problems.extend(replay.problems)   # thrown in: the exchanges before the bidding are checked
        return None
    if thrown:
        return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, True, (), (), 0, zero, zero, zero, tuple(replay.findings),
                               notes=(f"deal {number}: every player passed twice: thrown in "
                                      f"({rules.cite('thrown_in')})",), turned=deal.turned)
    if maker is None:   # unfinished in the bidding
        return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, False, (), (), 0, zero, zero, zero, tuple(replay.findings),
                               unfinished=True, turned=deal.turned)
    play = replay.play(maker, trump, taken, alone)
    if problems_of(replay, problems) or play is None:
        return None
    partner = play.partner
    makers = (maker,) if partner is None else (maker, partner)
    lone = alone or table.maker_alone or (table.called_partner and partner is None)
    defenders = tuple(s for s in range(n) if s not in makers)
    maker_tricks = sum(1 for w in play.winners if w in makers)
    findings = [(f, zero) for f in replay.findings]
    exposed = _exposed_cards(record, deal, number, where, play, trump,
                             maker if lone and table.called_partner else None, problems)
    if exposed is None:
        return None
    findings += [(f, zero) for f in exposed]
    revokes = _revokes(record, deal, number, where, makers, lone, trump, play, problems)
    if revokes is None:
        return None
    findings += revokes
    findings += [(f, zero) for f in going_under_findings(deal, number, seat_words(table), ())]
    notes = tuple(replay.notes)
    found = claims_of(deal)
    if not deal.unfinished and found:   # tricks not played out: a claim settles them
        try:
            maker_tricks, claimed, claim_notes = settle_claim(
                deal, rules, number, where, found, len(play.winners), maker_tricks, makers,
                play.winners[-1] if play.winners else table.eldest(deal.dealer), trump,
                lambda: possible_hands(None if play.remaining is None else dict(enumerate(play.remaining)),
                                       deal.dealer, taken and deal.discard is None and not replay._five_cards,
                                       deal.turned if not rules.turned_card_discard else None),
                lambda: _claim_words(record, makers))
        except InconsistentRecord as exc:
            problems.extend(exc.problems)
            return None
        findings += [(f, (0,) * n) for f in claimed]
        notes += tuple(claim_notes)
    if deal.unfinished:
        return seat_deal_result(number, deal.kind, deal.dealer, trump, maker, lone, makers, defenders,
                               deal.called, partner, replay._partner_known, False, tuple(play.leaders),
                               tuple(play.winners), maker_tricks, zero, zero, zero,
                               tuple(f for f, _ in findings), notes=notes, unfinished=True,
                               no_trump=trump is None, turned=deal.turned)
    return _score(record, deal, number, maker, trump, lone, makers, defenders, partner,
                  replay._partner_known, tuple(play.leaders), tuple(play.winners), maker_tricks,
                  findings, notes, no_trump=trump is None)


def _claim_words(record: Record, makers: tuple[SeatIndex, ...]) -> ClaimWords:
    """A claim's words at a table of n: the player's name or ``seat 1``; the side that takes the
    claimed tricks named with its players; a claim finding moves no points (``()``)."""
    table = record.table
    names = {s: p.name for s, p in record.players if p.name}
    defenders = tuple(s for s in table.all_seats if s not in makers)
    who = tuple(names.get(s) or f"seat {table.token(s)}" for s in table.all_seats)
    def side(kind: str, seats: tuple[SeatIndex, ...]) -> str:
        return f"the {kind} (" + ", ".join(names.get(s) or table.token(s) for s in seats) + ")"
    return ClaimWords(who, (side("makers", makers), side("defenders", defenders)), ())


def _exposed_cards(record: Record, deal: Deal, number: int, where: str, play: SeatPlay,
                   trump: Suit | None, lone: SeatIndex | None,
                   problems: list[Problem]) -> list[Finding] | None:
    """The findings of the deal's exposed cards (taken where the preset's law plays an exposed
    card at the first legal opportunity, Hoyle: the loader refuses Somerset's call by the
    adversaries), ruled as four-handed (``penalty_cards.exposed_card_ruling``); ``lone`` the
    five-handed maker alone (the two- and three-handed maker is no lone hand for penalties, as
    for revokes). None: an exposed card he did not hold, or at a trick not played."""
    events = [(j, e) for j, e in enumerate(deal.irregularities)
              if e.kind is IrregularityKind.EXPOSED_CARD]
    if not events:
        return []
    table, rules = record.table, record.rules
    log, remaining = _play_log(play, table.seats)
    out = []
    for j, e in events:
        at = f"{where}.irregularities[{j}]"
        assert e.seat is not None and e.card is not None   # the loader requires them
        t = (e.trick or 1) - 1
        if not 0 <= t < max(len(play.leaders), 1):
            problems.append(Problem(f"{at}.trick", f"trick {t + 1} was not played"))
            return None
        if not exposed_card_held(log, remaining, e.seat, e.card, t):
            problems.append(Problem(f"{at}.card", f"seat {table.token(e.seat)} did not hold "
                                    f"{e.card.name} at trick {t + 1}"))
            return None
        text, status = exposed_card_ruling(log, remaining, rules, play.leaders, e.seat,
                                           f"seat {table.token(e.seat)}", e.card, t, number,
                                           e.seat == lone)
        out.append(Finding(FindingKind.IRREGULARITY, text, rules.cite("exposed_card"), number,
                                t + 1, e.seat, e.card, status=status, points=()))
    return out


def _play_log(play: SeatPlay, n: int) -> tuple[PlayLog, dict[int, frozenset[Card]]]:
    """The deal's plays as the four-handed laws read them (``plays.PlayLog``, by seat index, as
    the trick walk logged them) and each seat's cards left unplayed, as far as the hands are
    recorded."""
    log = play.log
    assert log is not None   # the walk's (trick_walk.walk_tricks)
    remaining = {s: frozenset(c for c in h if c is not None)
                 for s, h in enumerate(play.remaining or [[] for _ in range(n)])}
    return log, remaining


def _revokes(record: Record, deal: Deal, number: int, where: str, makers: tuple[SeatIndex, ...],
             lone: bool, trump: Suit | None, play: SeatPlay | None,
             problems: list[Problem]) -> list[tuple[Finding, Scores]] | None:
    """The deal's revokes by the one revoke pass of every table (``revokes.revoke_findings``
    over the walk's play log and cards left; ``play`` None for a result-only deal: its claims),
    the sides the makers and the rest: each finding with the points it moved. None: a
    correction the cards refute (located in ``problems``)."""
    try:
        found = revoke_findings(deal, record.rules, number, where,
                                RevokeTable.made(record, makers, lone), trump,
                                None if play is None else play.log,
                                {} if play is None else play.left)
    except InconsistentRecord as exc:
        problems.extend(exc.problems)
        return None
    return [(f, f.points) for f in found.findings]


def problems_of(replay: SeatWalk, problems: list[Problem]) -> bool:
    if replay.problems:
        problems.extend(replay.problems)
        return True
    return False


def _result_only(record: Record, deal: Deal, number: int, where: str,
                 problems: list[Problem]) -> DealResult | None:
    table, n = record.table, record.table.seats
    zero = (0,) * n
    o = deal.outcome
    assert o is not None
    unchecked = unchecked_notes(deal, number, seat_words(table))   # as four-handed (outcome.py)
    if o.maker is None:
        try:
            thrown_in_redeal(deal, record.rules, where)
        except InconsistentRecord as exc:
            problems.extend(exc.problems)
            return None
        return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, True, (), (), 0, zero, zero, zero, notes=unchecked, turned=deal.turned)
    notes: list[str] = list(unchecked)
    partner_known = True
    if table.called_partner and not o.alone and o.called is None:
        problems.append(Problem(f"{where}.result.called", "the maker who does not go alone names a "
                                "card not of the trump suit (or say \"alone\": true)"))
        return None
    if o.called is not None and not o.partner_stated:
        partner_known = False
        notes.append(f"deal {number}: who held the called card {o.called.name} is not recorded: "
                     "the maker is scored as alone")
    partner = o.partner
    makers = (o.maker,) if partner is None else (o.maker, partner)
    lone = o.alone or table.maker_alone or (table.called_partner and partner is None)
    defenders = tuple(s for s in range(n) if s not in makers)
    findings = _revokes(record, deal, number, where, makers, lone, o.trump, None, problems)
    if findings is None:
        return None
    return _score(record, deal, number, o.maker, o.trump, lone, makers, defenders, partner,
                  partner_known, (), (), o.tricks, findings, tuple(notes))


def _score(record: Record, deal: Deal, number: int, maker: SeatIndex, trump: Suit | None,
           lone: bool, makers: tuple[SeatIndex, ...], defenders: tuple[SeatIndex, ...],
           partner: SeatIndex | None, partner_known: bool, leaders: tuple[SeatIndex, ...],
           winners: tuple[SeatIndex, ...], maker_tricks: int,
           findings: list[tuple[Finding, Scores]], notes: tuple[str, ...],
           no_trump: bool = False) -> DealResult:
    table, rules = record.table, record.rules
    n = table.seats
    hand, _ = seat_points(table, rules, record.options, makers, lone, maker_tricks)
    penalty: Scores = (0,) * n
    for _, points in findings:
        penalty = add_scores(penalty, points)
    if any(any(p) for _, p in findings) and not rules.revoke_hand_scores:
        hand = (0,) * n
    if rules.fast_break and fast_break(makers, winners, maker_tricks):
        hand = (0,) * n   # the hand only: penalties stand (docs/RULES.md "House rules")
        notes = notes + (fast_break_note(number),)
    return seat_deal_result(number, deal.kind, deal.dealer, trump, maker, lone, makers, defenders,
                           deal.called if deal.kind is not DealKind.RESULT else
                           (deal.outcome.called if deal.outcome else None),
                           partner, partner_known, False, leaders, winners, maker_tricks, hand,
                           penalty, add_scores(hand, penalty), tuple(f for f, _ in findings), notes=notes,
                           no_trump=no_trump, turned=deal.turned)
