"""Leads and plays out of turn, exposed and called cards, called suits (Somerset 46-59; Hoyle).

Contract: :func:`penalty_card_checks` reads the play-phase irregularities of a deal, checks that
each fits the cards, and returns findings plus the breaches that carry the revoke penalty
(Somerset 54: failing to play a called card, to lead a called suit, or to win or lose a trick
when required, while able). Nobody is ever required to revoke (Somerset 55).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .cards import Card, Seat, Suit, legal_plays, trick_winner
from .errors import InconsistentRecord
from .model import Deal, Finding, FindingKind, Irregularity, IrregularityKind
from .plays import Breach, PlayLog
from .rules import ExposedPlay, Rules

__all__ = ["penalty_card_checks", "stands_out_of_turn", "exposed_card_ruling",
           "exposed_card_findings"]


def stands_out_of_turn(deal: Deal, trick: int, leader: Seat) -> Irregularity | None:
    """The lead-out-of-turn event that lets ``leader`` lead trick ``trick`` (0-based), if any."""
    for e in deal.irregularities:
        if (e.kind is IrregularityKind.LEAD_OUT_OF_TURN and e.seat is leader
                and e.trick == trick + 1 and e.election in (None, "stands")):
            return e
    return None


class _Hands:
    """What each seat held at each trick, as far as the plays and the known hand tell."""

    def __init__(self, log: PlayLog, remaining: Mapping[Seat, frozenset[Card]]
                 | Mapping[int, frozenset[Card]]) -> None:
        self.log, self.remaining = log, remaining

    def at(self, seat: int, trick: int) -> list[Card]:
        """Cards ``seat`` held when trick ``trick`` (0-based) began, so far as known."""
        later = [c for (t, c, _, _) in self.log.by_seat[seat] if t >= trick]
        return later + sorted(self.remaining[seat])   # type: ignore[index]

    def played(self, seat: int, trick: int) -> tuple[Card, Suit | None] | None:
        for (t, c, led, _) in self.log.by_seat[seat]:
            if t == trick:
                return c, led
        return None


def penalty_card_checks(deal: Deal, rules: Rules, number: int, where: str, lone_player: Seat | None,
                        log: PlayLog, remaining: Mapping[Seat, frozenset[Card]],
                        leaders: list[Seat], trump: Suit | None) -> tuple[list[Finding], list[Breach]]:
    """Findings for the play-phase irregularities, and the breaches to charge as revokes."""
    hands = _Hands(log, remaining)
    table = log.table
    findings: list[Finding] = []
    breaches: list[Breach] = []
    exposed: dict[tuple[Seat, Card], int] = {}   # (seat, card) -> trick (0-based) exposed
    exempt_cards: set[tuple[Seat, Card]] = set()  # a lone player's exposed cards carry no penalty
    n_tricks = len(leaders)

    def note(text: str, rule: str, seat: Seat | None, trick: int | None, status: str,
             card: Card | None = None) -> None:
        findings.append(Finding(FindingKind.IRREGULARITY, text, rule, number, trick, seat, card,
                                status=status))

    def held_at(seat: Seat, card: Card, trick: int, at: str) -> None:
        if card not in hands.at(seat, trick):
            raise InconsistentRecord(f"{seat.name} did not hold {card} at trick {trick + 1}", at)

    for i, e in enumerate(deal.irregularities):
        at = f"{where}.irregularities[{i}]"
        if e.kind not in (IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.PLAY_OUT_OF_TURN,
                          IrregularityKind.EXPOSED_CARD, IrregularityKind.CALLED_CARD):
            continue
        if e.seat is None:
            raise InconsistentRecord("the offender's seat is needed", at + ".seat")
        t = (e.trick or 1) - 1
        if not 0 <= t < max(n_tricks, 1):
            raise InconsistentRecord(f"trick {t + 1} was not played", at + ".trick")
        seat = e.seat
        lone = seat is lone_player
        if e.kind is IrregularityKind.LEAD_OUT_OF_TURN:
            rule = rules.cite("lead_out_of_turn")
            if leaders and leaders[t] is seat and e.election in (None, "stands"):
                note(f"deal {number}, trick {t + 1}: {seat.name} led out of turn and all played to it "
                     f"— the trick stands ({rule})", rule, seat, t + 1, "stands", e.card)
                continue
            if e.card is None:
                raise InconsistentRecord("a lead out of turn taken back needs the card led", at + ".card")
            held_at(seat, e.card, t, at + ".card")
            exposed[(seat, e.card)] = t
            if lone and not rules.lone_lead_penalised:
                exempt_cards.add((seat, e.card))
                note(f"deal {number}, trick {t + 1}: the lone player {seat.name} led {e.card} out of turn "
                     f"— taken back, no penalty for a lone player ({rules.cite('lone_player_penalty')})",
                     rule, seat, t + 1, "corrected", e.card)
                continue
            text = f"deal {number}, trick {t + 1}: {seat.name} led {e.card} out of turn — taken back, {e.card} is exposed"
            if e.election == "call-suit":
                if e.suit is None:
                    raise InconsistentRecord("a called suit needs the suit", at + ".suit")
                text += f"; the opponents called {e.suit.word} from {seat.name} or {seat.partner.name}"
                breach = _called_suit(hands, table, leaders, seat, t, e)
                if breach is not None:
                    breaches.append(breach)
                elif not _led_by_side(leaders, seat, t):
                    text += " (neither led again)"
            note(text + f" ({rule})", rule, seat, t + 1, "exposed", e.card)
        elif e.kind is IrregularityKind.PLAY_OUT_OF_TURN:
            rule = rules.cite("play_out_of_turn")
            if t >= n_tricks:   # a card played too soon is a card of a trick played
                raise InconsistentRecord(f"trick {t + 1} was not played", at + ".trick")
            if e.election in ("win", "lose"):
                breach = _win_or_lose(hands, trump, leaders, seat, t, e)
                if breach is not None:
                    breaches.append(breach)
                note(f"deal {number}, trick {t + 1}: {seat.name} played before his partner — "
                     f"{seat.partner.name} was required to {e.election} the trick ({rule})",
                     rule, seat, t + 1, f"required to {e.election}", e.card)
            else:
                note(f"deal {number}, trick {t + 1}: {seat.name} played out of turn — no penalty "
                     f"claimed ({rule})", rule, seat, t + 1, "no penalty", e.card)
        elif e.kind is IrregularityKind.EXPOSED_CARD:
            if e.card is None:
                raise InconsistentRecord("an exposed card needs the card", at + ".card")
            held_at(seat, e.card, t, at + ".card")
            exposed[(seat, e.card)] = t
            rule = rules.cite("exposed_card")
            text, status = exposed_card_ruling(log, remaining, rules, leaders, seat, seat.name,
                                               e.card, t, number, lone)
            if status == "no penalty":
                exempt_cards.add((seat, e.card))
            note(text, rule, seat, t + 1, status, e.card)
        else:  # CALLED_CARD
            if e.card is None:
                raise InconsistentRecord("a called card needs the card", at + ".card")
            if (seat, e.card) not in exposed and not _thrown_down(deal, seat):
                raise InconsistentRecord(f"only an exposed card can be called; {e.card} of {seat.name} "
                                         "was not exposed (record the exposure first)", at)
            rule = rules.cite("called_card")
            if (seat, e.card) in exempt_cards:
                note(f"deal {number}, trick {t + 1}: the opponents called the lone player {seat.name}'s "
                     f"exposed {e.card} — no penalty for a lone player ({rules.cite('lone_exposed')})",
                     rule, seat, t + 1, "no penalty", e.card)
                continue
            played = hands.played(seat, t)
            if played is None:
                raise InconsistentRecord(f"{seat.name} did not play to trick {t + 1}", at + ".trick")
            card, led = played
            if card is not e.card and e.card in legal_plays(hands.at(seat, t), led, trump):
                breaches.append(Breach(seat, t, card, (e.card,),
                                       f"{seat.name} did not play the called card {e.card} (played {card})", e))
            note(f"deal {number}, trick {t + 1}: the opponents called {seat.name}'s exposed {e.card} "
                 f"({rule})", rule, seat, t + 1, "called", e.card)
    if not rules.called_breach_is_revoke:   # no such penalty in these laws: reported only
        for b in breaches:
            note(f"deal {number}, trick {b.trick + 1}: {b.text} — these laws give no penalty "
                 f"({rules.cite('called_card')})", rules.cite("called_card"), b.seat, b.trick + 1,
                 "not followed", b.card)
        breaches = []
    return findings, breaches


def exposed_card_ruling(log: PlayLog, remaining: Mapping[Seat, frozenset[Card]]
                        | Mapping[int, frozenset[Card]], rules: Rules, leaders: Sequence[int],
                        seat: int, who: str, card: Card, t: int, number: int,
                        lone: bool) -> tuple[str, str]:
    """(text, status) of ``who`` (at ``seat``) exposing ``card`` at trick ``t`` (0-based), which
    he held then (the caller checks): no penalty for a lone player where the rules say so; else
    exposed, played at the first legal opportunity or not (Hoyle), or liable to be called
    (Somerset 46, 56). At any table: ``log`` and ``remaining`` by seat index."""
    rule = rules.cite("exposed_card")
    if lone and not rules.lone_exposed_penalised:
        return (f"deal {number}: the lone player {who} exposed {card} — no penalty for a lone "
                f"player ({rules.cite('lone_exposed')})", "no penalty")
    text = f"deal {number}, trick {t + 1}: {who} exposed {card}"
    if rules.exposed_play is ExposedPlay.FIRST_OPPORTUNITY:
        late = _first_opportunity(_Hands(log, remaining), log.table, leaders, seat, card, t)
        text += (f" — it had to be played at the first legal opportunity and was not "
                 f"(trick {late + 1})" if late is not None else " — played at the first legal opportunity")
    else:
        text += " — it may be called"
    return text + f" ({rule})", "exposed"


def _thrown_down(deal: Deal, seat: Seat) -> bool:
    return any(e.kind is IrregularityKind.HAND_THROWN_DOWN and e.seat is seat for e in deal.irregularities)


def _led_by_side(leaders: list[Seat], seat: Seat, t: int) -> bool:
    return any(s in (seat, seat.partner) for s in leaders[t:])


def _called_suit(hands: _Hands, table: Mapping[Card, tuple[Suit, int]], leaders: list[Seat], seat: Seat,
                 t: int, e: Irregularity) -> Breach | None:
    """Somerset 52/54: at the next lead by the offender or his partner, the called suit must be led."""
    for k in range(t, len(leaders)):
        leader = leaders[k]
        if leader not in (seat, seat.partner):
            continue
        played = hands.played(leader, k)
        if played is None:
            return None
        card = played[0]
        if table[card][0] is e.suit:
            return None
        held = tuple(c for c in hands.at(leader, k) if table[c][0] is e.suit)
        if held:   # Somerset 57: holding none of the suit, the penalty is paid
            return Breach(leader, k, card, held,
                          f"{leader.name} led {card} although {e.suit.word if e.suit else ''} was called, "
                          f"holding {' '.join(c.name for c in held)}", e)
        return None
    return None


def _win_or_lose(hands: _Hands, trump: Suit | None, leaders: list[Seat], offender: Seat, t: int,
                 e: Irregularity) -> Breach | None:
    """Somerset 59: the partner of the player who played too soon must win (or lose) if he can."""
    partner = offender.partner
    played = hands.played(partner, t)
    mine = hands.played(offender, t)
    lead = hands.played(leaders[t], t)
    if played is None or mine is None or lead is None:
        return None
    card, led = played
    options = legal_plays(hands.at(partner, t), led, trump)

    def wins(c: Card) -> bool:
        return trick_winner([lead[0], mine[0], c], trump) == 2

    want = e.election == "win"
    if wins(card) == want or not any(wins(c) == want for c in options):
        return None
    return Breach(partner, t, card, tuple(c for c in options if wins(c) == want),
                  f"{partner.name} was required to {e.election} the trick and did not", e)


def _first_opportunity(hands: _Hands, table: Mapping[Card, tuple[Suit, int]], leaders: Sequence[int],
                       seat: int, card: Card, t: int) -> int | None:
    """The trick where an exposed card should have been played and was not, if any."""
    for k in range(t, len(leaders)):
        played = hands.played(seat, k)
        if played is None:
            return None
        c, led = played
        if c is card:
            return None
        holding = hands.at(seat, k)
        if led is None or table[card][0] is led or not any(table[x][0] is led for x in holding):
            return k
    return None


def exposed_card_findings(deal: Deal, rules: Rules, number: int, where: str, words: Sequence[str],
                          log: PlayLog, remaining: Sequence[Sequence[Card | None]] | None,
                          leaders: Sequence[int], lone: int | None) -> list[Finding]:
    """At a table of n: the findings of the deal's exposed cards (taken where the preset's law
    plays an exposed card at the first legal opportunity, Hoyle: the loader refuses Somerset's
    call by the adversaries), ruled as four-handed (:func:`exposed_card_ruling`); ``words[seat]``
    names a seat, ``remaining`` each seat's cards left (None: the hands are not recorded),
    ``lone`` the five-handed maker alone (the two- and three-handed maker is no lone hand for
    penalties, as for revokes). Raises :class:`~euchre_records.errors.InconsistentRecord` for an
    exposed card its seat did not hold, or at a trick not played."""
    events = [(j, e) for j, e in enumerate(deal.irregularities)
              if e.kind is IrregularityKind.EXPOSED_CARD]
    if not events:
        return []
    left = {s: frozenset(c for c in h if c is not None)
            for s, h in enumerate(remaining or [[] for _ in words])}
    out = []
    for j, e in events:
        at = f"{where}.irregularities[{j}]"
        assert e.seat is not None and e.card is not None   # the loader requires them
        t = (e.trick or 1) - 1
        if not 0 <= t < max(len(leaders), 1):
            raise InconsistentRecord(f"trick {t + 1} was not played", f"{at}.trick")
        if e.card not in _Hands(log, left).at(e.seat, t):   # held when trick t began, so far as known
            raise InconsistentRecord(f"{words[e.seat]} did not hold {e.card.name} at trick {t + 1}",
                                     f"{at}.card")
        text, status = exposed_card_ruling(log, left, rules, leaders, e.seat, words[e.seat],
                                           e.card, t, number, e.seat == lone)
        out.append(Finding(FindingKind.IRREGULARITY, text, rules.cite("exposed_card"), number,
                           t + 1, e.seat, e.card, status=status, points=()))
    return out
