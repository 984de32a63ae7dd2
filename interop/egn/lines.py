"""EGN annotations and alternative lines <-> our :class:`Annotation` and :class:`Alternative`.

Annotation keys (docs/annotations.md): ``callAnnotations`` are keyed by the 0-based index into
the phase's ``calls``; ``playAnnotations`` by the 0-based index of the card played, counted
across all the tricks of the phase (``"6"`` is the 7th card: the third of trick 2 when four
play). Ours say ``"call 1"`` and ``"card 7"`` (1-based). An annotation of ours on a whole trick
(``"trick 2"``) is written on the trick's lead; one on the whole deal (``"deal"``) has no EGN
place (see ``egn_out.egn_losses``).

An EGN alternative line has a ``branchIndex`` counting the deal's actions (its calls, then the
cards played; the discard is not counted) and phases holding the actions from that point on: a
bidding phase the calls from the branch, a trick-play phase the tricks from the branch, its
first "trick" being the rest of a trick when the branch is mid-trick. Ours say ``"call N"``
(N = branchIndex + 1), ``"trick N"`` (the branch is the lead of trick N; whole tricks) or
``"card N"`` (mid-trick: the first trick holds the rest of it, as in EGN). The annotations
inside a line keep their own keys, counted within the line's own calls and cards.
"""

from __future__ import annotations

from typing import Any, Sequence

from euchre_records.cards import Card, Seat, Suit
from euchre_records.errors import NotationError
from euchre_records.model import Alternative, Annotation, Call, CallKind, Deal, Trick
from euchre_records.interop.json_access import LIST, OBJECT, TEXT, WHOLE, field, items, typed


from .cards import CardReader, call_token, card_token, egn_calls, egn_tricks

__all__ = ["annotations_in", "annotations_out", "alternatives_in", "alternatives_out",
           "split_phases", "bid_calls", "trump_of", "with_alone", "active_players", "bidding_out",
           "play_out"]


_PHASE_FIELDS = {
    "EUCHRE_BIDDING": ("phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard",
                       "cardExchanges", "callAnnotations"),
    "TRICK_PLAY": ("phaseNumber", "type", "tricks", "isAlone", "playAnnotations"),
}


def split_phases(phases: list[Any], where: str) -> tuple[Any, Any]:
    """((bidding phase, its path) or None, (trick-play phase, its path) or None)."""
    bidding = play = None
    for i, ph in enumerate(phases):
        at = f"{where}[{i}]"
        kind = ph.get("type") if isinstance(ph, dict) else None
        allowed = _PHASE_FIELDS.get(kind) if isinstance(kind, str) else None
        if allowed is None:
            raise NotationError("expected a phase of type 'EUCHRE_BIDDING' or 'TRICK_PLAY'", at)
        extra = [str(k) for k in ph if k not in allowed]
        if extra:
            raise NotationError(f"unknown field(s) for a {kind} phase: {', '.join(extra)}", at)
        if kind == "EUCHRE_BIDDING":
            if bidding is not None or play is not None:
                raise NotationError("the bidding phase must come once, before the trick play", at)
            bidding = (ph, at)
        else:
            if play is not None:
                raise NotationError("only one TRICK_PLAY phase per deal", at)
            play = (ph, at)
    return bidding, play


def bid_calls(calls: Sequence[Call]) -> list[Call]:
    """The calls EGN lists in ``calls``: passes, acceptances, named suits (and no trump)."""
    return [c for c in calls if c.kind is CallKind.PASS or c.kind.accepts or c.kind is CallKind.NAME
            or c.kind.name == "NO_TRUMP"]


def trump_of(calls: Sequence[Call], turned_suit: Suit | None) -> Suit | None:
    """The trump suit the calls make (the turned card's suit when it is accepted)."""
    for c in calls:
        if c.kind.accepts:
            return turned_suit
        if c.kind is CallKind.NAME:
            return c.suit
    return None


def with_alone(calls: list[Call], alone: bool, defender: object, where: str) -> list[Call]:
    """Put the EGN ``isAlone`` flag on the maker's call; add the lone defender's call."""
    out = list(calls)
    makers = [i for i, c in enumerate(out) if c.kind.accepts or c.kind is CallKind.NAME
              or c.kind.name == "NO_TRUMP"]
    if alone:
        if not makers:
            raise NotationError("isAlone is set, but nobody made trump", f"{where}.isAlone")
        m = out[makers[0]]
        out[makers[0]] = Call(m.kind, m.seat, m.suit, True)
    if defender is not None and defender != -1:
        if isinstance(defender, bool) or not isinstance(defender, int) or not 0 <= defender <= 3:
            raise NotationError(f"expected a player index 0-3 or -1, not {defender!r}",
                                f"{where}.aloneDefender")
        out.append(Call(CallKind.DEFEND_ALONE, Seat(defender), alone=True))
    return out


def annotations_in(value: object, kind: str, where: str) -> list[Annotation]:
    """EGN ``{"0": ["text", ...]}`` to annotations at ``"<kind> 1"`` ... (kind: call or card)."""
    value = typed(value, where, OBJECT, optional=True, default={},
                  what="an object of annotations keyed by index")
    out: list[Annotation] = []
    for key, texts in value.items():
        at = f"{where}.{key}"
        if not (isinstance(key, str) and key.isdigit() and key.isascii()):
            raise NotationError("an annotation key is an index such as \"0\"", at)
        for text, text_at in items(texts, at, optional=False, what="a list of strings"):
            typed(text, text_at, TEXT)
        out.extend(Annotation(f"{kind} {int(key) + 1}", t) for t in texts)
    return out


def annotations_out(annotations: Sequence[Annotation], kind: str, active: int = 4) -> dict[str, list[str]]:
    """Our annotations as an EGN annotations object (keys in first-seen order). ``kind`` is
    ``"call"`` or ``"card"``; for ``"card"`` a ``"trick N"`` annotation goes on the lead of trick
    N (``active`` players to a trick)."""
    out: dict[str, list[str]] = {}
    for a in annotations:
        word, _, number = a.at.partition(" ")
        if not number.isdigit():
            continue
        if word == kind:
            out.setdefault(str(int(number) - 1), []).append(a.text)
        elif kind == "card" and word == "trick":
            out.setdefault(str((int(number) - 1) * active), []).append(a.text)
    return out


def active_players(calls: Sequence[Call]) -> int:
    """The players to a trick of a four-handed deal with these calls: four, less the lone
    maker's partner and the lone defender's."""
    alone = any(c.alone for c in bid_calls(calls))
    defender = any(c.kind is CallKind.DEFEND_ALONE for c in calls)
    return 4 - alone - defender


def bidding_out(calls: Sequence[Call], fixed_sides: bool, discard: Card | None,
                exchanges: list[dict[str, Any]] | None, notes: dict[str, list[str]]
                ) -> dict[str, Any]:
    """An EGN bidding phase: the calls EGN lists, ``isAlone`` (a partner sitting out: only where
    sides are fixed), the lone defender, then the discard, the card exchanges and the
    annotations where there are any."""
    bids = bid_calls(calls)
    bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                           "calls": [call_token(c) for c in bids],
                           "isAlone": fixed_sides and any(c.alone for c in bids)}
    for c in calls:
        if c.kind is CallKind.DEFEND_ALONE and c.seat is not None:
            bid["aloneDefender"] = int(c.seat)
    if discard is not None:
        bid["discard"] = card_token(discard)
    if exchanges:
        bid["cardExchanges"] = exchanges
    if notes:
        bid["callAnnotations"] = notes
    return bid


def play_out(number: int, tricks: Sequence[Trick], notes: dict[str, list[str]]) -> dict[str, Any]:
    """An EGN trick-play phase numbered ``number``: the cards of each trick as played, and the
    annotations where there are any."""
    play: dict[str, Any] = {"phaseNumber": number, "type": "TRICK_PLAY",
                            "tricks": [[card_token(c) for c in t.cards] for t in tricks]}
    if notes:
        play["playAnnotations"] = notes
    return play


def alternatives_in(value: object, where: str, dealer: Seat, turned_suit: Suit | None,
                    calls: Sequence[Call], cards: CardReader) -> list[Alternative]:
    """EGN ``alternativeLines`` of a deal to our alternatives (see the module docstring)."""
    recorded = bid_calls(calls)
    out: list[Alternative] = []
    for line, at in items(value, where, what="a list of alternative lines"):
        typed(line, at, OBJECT, what="an object with branchIndex and phases")
        if set(line) - {"branchIndex", "phases"}:
            raise NotationError("expected an object with branchIndex and phases", at)
        branch = field(line, "branchIndex", at, WHOLE, optional=False, what="a non-negative index")
        phases = field(line, "phases", at, LIST, optional=False,
                       what="a non-empty list of phases")
        if branch < 0:
            raise NotationError(f"expected a non-negative index, not {branch!r}", f"{at}.branchIndex")
        if not phases:
            raise NotationError("expected a non-empty list of phases", f"{at}.phases")
        bidding, play = split_phases(phases, f"{at}.phases")
        notes: list[Annotation] = []
        alt_calls: list[Call] = []
        discard = None
        reader = cards
        if bidding is not None:
            b, bw = bidding
            if branch > len(recorded):
                raise NotationError(f"branchIndex {branch} is past the {len(recorded)} calls",
                                    f"{at}.branchIndex")
            alt_calls = egn_calls(b.get("calls"), f"{bw}.calls", dealer, start=branch)
            alt_calls = with_alone(alt_calls, b.get("isAlone") is True, b.get("aloneDefender"), bw)
            trump = trump_of(list(recorded[:branch]) + alt_calls, turned_suit)
            reader = CardReader(trump, cards.generic) if trump is not None else cards
            if "discard" in b:
                discard = reader.card(b["discard"], f"{bw}.discard", unknown_ok=True)
            notes += annotations_in(b.get("callAnnotations"), "call", f"{bw}.callAnnotations")
            place = f"call {branch + 1}"
        else:
            if branch < len(recorded):
                raise NotationError("branchIndex points into the bidding, but the line has no "
                                    "bidding phase", f"{at}.branchIndex")
            active = active_players(calls)
            t, r = divmod(branch - len(recorded), active)
            place = f"trick {t + 1}" if r == 0 else f"card {branch - len(recorded) + 1}"
        alt_tricks: list[Trick] = []
        if play is not None:
            p, pw = play
            alt_tricks = egn_tricks(p, pw, reader, 1)
            notes += annotations_in(p.get("playAnnotations"), "card", f"{pw}.playAnnotations")
        out.append(Alternative(place, tuple(alt_calls), tuple(alt_tricks), None, discard,
                               tuple(notes)))
    return out


def alternatives_out(deal: Deal) -> list[dict[str, Any]]:
    """Our alternatives of ``deal`` as EGN ``alternativeLines``."""
    recorded = bid_calls(deal.calls)
    active = active_players(deal.calls)
    out: list[dict[str, Any]] = []
    for alt in deal.alternatives:
        word, _, number = alt.at.partition(" ")
        n = int(number) if number.isdigit() else 1
        phases: list[dict[str, Any]] = []
        head = [alt.note] if alt.note else []
        if word in ("call", "deal"):
            branch = n - 1 if word == "call" else 0
            phases.append(bidding_out(alt.calls, True, alt.discard, None,
                                      _merge(head, annotations_out(alt.annotations, "call"))))
            head = []
        elif word == "trick":
            branch = len(recorded) + (n - 1) * active
        else:   # "card N"
            branch = len(recorded) + n - 1
        if alt.tricks:
            phases.append(play_out(1, alt.tricks,
                                   _merge(head, annotations_out(alt.annotations, "card", active))))
        out.append({"branchIndex": branch, "phases": phases})
    return out


def _merge(head: list[str], notes: dict[str, list[str]]) -> dict[str, list[str]]:
    """An alternative's own note goes first on its first action (key "0")."""
    if not head:
        return notes
    return {"0": head + notes.get("0", []), **{k: v for k, v in notes.items() if k != "0"}}
