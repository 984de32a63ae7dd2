"""EGN annotations and alternative lines <-> our :class:`Annotation` and :class:`Alternative`.

EGN keys ``callAnnotations`` by the index of the call in its phase and ``playAnnotations`` by an
index in the trick play; we read both as 0-based (``"0"`` -> ``"call 1"`` / ``"trick 1"``). The
EGN samples only annotate index 0, where a trick index and a card index agree; a play index is
read as a trick index (documented in docs/INTEROP.md).

An EGN alternative line has a ``branchIndex`` counting the deal's actions (its calls, then the
cards played; the discard is not counted) and phases holding the actions from that point on: a
bidding phase holds the calls from the branch, a trick-play phase the tricks from the branch, its
first "trick" being the rest of a trick when the branch is mid-trick. Ours says ``at = "call N"``
or ``"trick N"`` and holds whole tricks, so a mid-trick branch is completed with the recorded
cards before it, and written back branching at the first card that differs. The comment of an
alternative line (EGN: an annotation on its first action) is our ``note``.
"""

from __future__ import annotations

from typing import Any, Sequence

from euchre_records.cards import Card, Seat, Suit
from euchre_records.errors import NotationError
from euchre_records.model import Alternative, Annotation, Call, CallKind, Deal, Trick

from .egn_cards import call_token, card_token, egn_calls, egn_card, egn_tricks

__all__ = ["annotations_in", "annotations_out", "alternatives_in", "alternatives_out",
           "split_phases", "bid_calls", "trump_of"]


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
        allowed = _PHASE_FIELDS.get(kind)  # type: ignore[arg-type]
        if allowed is None:
            raise NotationError("expected a phase of type 'EUCHRE_BIDDING' or 'TRICK_PLAY'", at)
        extra = [k for k in ph if k not in allowed]
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
    """The calls EGN lists in ``calls``: passes, acceptances and named suits."""
    return [c for c in calls if c.kind is CallKind.PASS or c.kind.accepts or c.kind is CallKind.NAME]


def trump_of(calls: Sequence[Call], turned: Card | None) -> Suit | None:
    for c in calls:
        if c.kind.accepts:
            return None if turned is None else turned.suit
        if c.kind is CallKind.NAME:
            return c.suit
    return None


def annotations_in(value: object, kind: str, where: str) -> list[Annotation]:
    """EGN ``{"0": ["text", ...]}`` to annotations at ``"<kind> 1"`` ..."""
    if value is None:
        return []
    if not isinstance(value, dict):
        raise NotationError("expected an object of annotations keyed by index", where)
    out: list[Annotation] = []
    for key, texts in value.items():
        at = f"{where}.{key}"
        if not (isinstance(key, str) and key.isdigit()):
            raise NotationError("an annotation key is an index such as \"0\"", at)
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise NotationError("expected a list of strings", at)
        out.extend(Annotation(f"{kind} {int(key) + 1}", t) for t in texts)
    return out


def annotations_out(annotations: Sequence[Annotation], kind: str) -> dict[str, list[str]]:
    """Our annotations at ``"<kind> N"`` as an EGN annotations object (keys in first-seen order)."""
    out: dict[str, list[str]] = {}
    for a in annotations:
        word, _, number = a.at.partition(" ")
        if word == kind and number.isdigit():
            out.setdefault(str(int(number) - 1), []).append(a.text)
    return out


def _note(texts: list[tuple[str, str]]) -> str | None:
    if not texts:
        return None
    if all(key == "0" for key, _ in texts):
        return "\n".join(t for _, t in texts)
    return "\n".join(t if key == "0" else f"({label}) {t}" for key, t, label in
                     ((k, t, f"at {int(k) + 1}") for k, t in texts))


def alternatives_in(value: object, where: str, dealer: Seat, turned: Card | None,
                    calls: Sequence[Call], tricks: Sequence[Trick]) -> list[Alternative]:
    """EGN ``alternativeLines`` of a deal to our alternatives (see the module docstring)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise NotationError("expected a list of alternative lines", where)
    recorded = bid_calls(calls)
    out: list[Alternative] = []
    for k, line in enumerate(value):
        at = f"{where}[{k}]"
        if not isinstance(line, dict) or set(line) - {"branchIndex", "phases"}:
            raise NotationError("expected an object with branchIndex and phases", at)
        branch = line.get("branchIndex")
        phases = line.get("phases")
        if isinstance(branch, bool) or not isinstance(branch, int) or branch < 0:
            raise NotationError(f"expected a non-negative index, not {branch!r}", f"{at}.branchIndex")
        if not isinstance(phases, list) or not phases:
            raise NotationError("expected a non-empty list of phases", f"{at}.phases")
        bidding, play = split_phases(phases, f"{at}.phases")
        texts: list[tuple[str, str]] = []
        alt_calls: list[Call] = []
        discard = None
        if bidding is not None:
            b, bw = bidding
            if branch > len(recorded):
                raise NotationError(f"branchIndex {branch} is past the {len(recorded)} calls", f"{at}.branchIndex")
            alt_calls = egn_calls(b.get("calls"), f"{bw}.calls", dealer, start=branch)
            alt_calls = _alone(alt_calls, b)
            trump = trump_of(list(recorded[:branch]) + alt_calls, turned)
            if "discard" in b:
                discard = egn_card(b["discard"], f"{bw}.discard", trump)
            texts += _texts(b.get("callAnnotations"), f"{bw}.callAnnotations")
            place = f"call {branch + 1}"
        else:
            trump = trump_of(recorded, turned)
            if branch < len(recorded):
                raise NotationError("branchIndex points into the bidding, but the line has no "
                                    "bidding phase", f"{at}.branchIndex")
            active = len(tricks[0].cards) if tricks else 4
            t, r = divmod(branch - len(recorded), active)
            place = f"trick {t + 1}"
        alt_tricks: list[Trick] = []
        if play is not None:
            p, pw = play
            alt_tricks = egn_tricks(p, pw, trump, 1)
            texts += _texts(p.get("playAnnotations"), f"{pw}.playAnnotations")
            if bidding is None and r and alt_tricks:
                before = tricks[t].cards[:r] if t < len(tricks) else ()
                alt_tricks[0] = Trick(before + alt_tricks[0].cards)
        out.append(Alternative(place, tuple(alt_calls), tuple(alt_tricks), _note(texts), discard))
    return out


def _alone(calls: list[Call], phase: dict[str, Any]) -> list[Call]:
    """The line's ``isAlone`` on its maker's call, its ``aloneDefender`` as a defend-alone call."""
    if phase.get("isAlone") is True:
        for i, c in enumerate(calls):
            if c.kind.accepts or c.kind is CallKind.NAME:
                calls[i] = Call(c.kind, c.seat, c.suit, True)
                break
    defender = phase.get("aloneDefender")
    if isinstance(defender, int) and not isinstance(defender, bool) and 0 <= defender <= 3:
        calls.append(Call(CallKind.DEFEND_ALONE, Seat(defender), alone=True))
    return calls


def _texts(value: object, where: str) -> list[tuple[str, str]]:
    return [(str(int(a.at.split()[1]) - 1), a.text) for a in annotations_in(value, "x", where)]


def alternatives_out(deal: Deal) -> list[dict[str, Any]]:
    """Our alternatives of ``deal`` as EGN ``alternativeLines``."""
    recorded = bid_calls(deal.calls)
    active = len(deal.tricks[0].cards) if deal.tricks else 4
    out: list[dict[str, Any]] = []
    for alt in deal.alternatives:
        word, _, number = alt.at.partition(" ")
        n = int(number) if number.isdigit() else 1
        phases: list[dict[str, Any]] = []
        note = [alt.note] if alt.note else []
        if word in ("call", "deal"):
            branch = n - 1 if word == "call" else 0
            bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                   "calls": [call_token(c) for c in bid_calls(alt.calls)],
                                   "isAlone": any(c.alone for c in bid_calls(alt.calls))}
            for c in alt.calls:
                if c.kind is CallKind.DEFEND_ALONE and c.seat is not None:
                    bid["aloneDefender"] = int(c.seat)
            if alt.discard is not None:
                bid["discard"] = card_token(alt.discard)
            if note:
                bid["callAnnotations"] = {"0": note}
            phases.append(bid)
            cards = [list(t.cards) for t in alt.tricks]
        else:
            t = n - 1
            cards = [list(x.cards) for x in alt.tricks]
            before = list(deal.tricks[t].cards) if t < len(deal.tricks) else []
            same = 0
            if cards:
                while same < min(len(before), len(cards[0]) - 1) and before[same] is cards[0][same]:
                    same += 1
                cards[0] = cards[0][same:]
            branch = len(recorded) + t * active + same
        if cards:
            play: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY",
                                    "tricks": [[card_token(c) for c in trick] for trick in cards]}
            if note and not phases:
                play["playAnnotations"] = {"0": note}
            phases.append(play)
        out.append({"branchIndex": branch, "phases": phases})
    return out
