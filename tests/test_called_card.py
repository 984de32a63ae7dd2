"""The five-handed called card (``called_card.py``, issue 32: moved out of the deal walk) against
its contract, case by case from VARIANTS.md (call your partner) and Foster's Complete Hoyle
(call-ace): the call's refusals, its holder found from the hands, as it falls and after the
play, the record's stated partner checked, and the notes. The goldens (tests/golden/variants)
check the same through the whole replay; these name each rule's case on its own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from euchre_records.called_card import CalledCard, check_call
from euchre_records.cards import Suit, parse_card
from euchre_records.errors import InconsistentRecord
from euchre_records.table import table_for

FIVE = table_for(5)


def _fail(what: str, at: str = "") -> InconsistentRecord:
    return InconsistentRecord(what, f"deals[0].{at}")


def _deal(**fields: Any) -> Any:
    """A deal as the called card reads it (only these fields)."""
    base: dict[str, Any] = {"called": parse_card("AS"), "partner_stated": False, "partner": None,
                            "kitty": None, "hands": None, "tricks": ["x"], "unfinished": False}
    return SimpleNamespace(**(base | fields))


def _card(deal: Any, maker: int = 0) -> CalledCard:
    return CalledCard(deal.called, deal, FIVE, maker, 1, _fail)


@pytest.mark.parametrize(("fields", "trump", "alone", "said"), [
    ({}, Suit.HEARTS, True, "a maker who goes alone names no card"),
    ({"called": None}, Suit.HEARTS, False, "names a card not of the trump suit"),
    ({"called": parse_card("JD")}, Suit.HEARTS, False, "JD is of the trump suit (H)"),
    ({"partner_stated": True, "partner": 0}, Suit.HEARTS, False, "cannot be his own partner"),
])
def test_a_call_the_rules_forbid_is_refused(fields: dict[str, Any], trump: Suit, alone: bool,
                                            said: str) -> None:
    with pytest.raises(InconsistentRecord, match=said.replace("(", r"\(").replace(")", r"\)")):
        check_call(_deal(**fields), 0, trump, alone, _fail)


def test_a_lawful_call_passes() -> None:
    check_call(_deal(), 0, Suit.HEARTS, False, _fail)
    check_call(_deal(called=None), 0, Suit.HEARTS, True, _fail)
    check_call(_deal(called=None, tricks=[], unfinished=True), 0, Suit.HEARTS, False, _fail)


def test_the_holder_is_found_in_the_hands() -> None:
    card = _card(_deal())
    hands = [set(), set(), set(), {parse_card("AS")}, set()]
    card.from_hands(hands, [0] * 5, None)
    assert (card.partner, card.known, card.notes) == (3, True, [])


def test_a_card_in_the_kitty_or_in_no_hand_leaves_the_maker_alone() -> None:
    for kitty, unknown in (((parse_card("AS"),), [1, 0, 0, 0, 0]), (None, [0] * 5)):
        card = _card(_deal(kitty=kitty))
        card.from_hands([set()] * 5, unknown, None)
        assert (card.partner, card.known) == (None, True)
    card = _card(_deal())
    card.from_hands([set()] * 5, [1, 0, 0, 0, 0], None)   # an unknown card may be it
    assert not card.known


def test_the_maker_holding_his_own_card_plays_alone_with_a_note() -> None:
    card = _card(_deal(), maker=2)
    card.from_hands([set(), set(), {parse_card("AS")}, set(), set()], [0] * 5, None)
    assert (card.partner, card.known) == (None, True)
    assert card.notes == ["deal 1: the maker holds the card he called (AS): he plays alone"]


def test_a_stated_partner_the_hands_contradict_is_refused() -> None:
    card = _card(_deal(partner_stated=True, partner=1))
    with pytest.raises(InconsistentRecord, match="the record says seat 1 held AS, but it is in "
                                                 "seat 4's hand"):
        card.from_hands([set(), set(), set(), set(), {parse_card("AS")}], [0] * 5, None)


def test_the_holder_is_found_as_the_card_falls_and_noted_without_hands() -> None:
    card = _card(_deal())
    card.watch(0, 1, 4, parse_card("KS"))
    assert not card.known
    card.watch(1, 2, 4, parse_card("AS"))
    assert (card.partner, card.trick, card.known) == (4, 2, True)
    card.after_play(complete=True)
    assert card.notes == ["deal 1: the partner, seat 4, was known at trick 2 when AS fell"]


def test_a_stated_partner_the_play_contradicts_is_refused_at_the_card() -> None:
    card = _card(_deal(partner_stated=True, partner=2))
    with pytest.raises(InconsistentRecord) as raised:
        card.watch(3, 1, 4, parse_card("AS"))
    assert "seat 4 plays the called card AS, but the record says seat 2 held it" in str(raised.value)
    assert "tricks[3][1]" in str(raised.value)


def test_after_the_play() -> None:
    undealt = _card(_deal())
    undealt.after_play(complete=True)   # every dealt card played, never the called one
    assert (undealt.partner, undealt.known, undealt.notes) == (None, True, [])
    stated = _card(_deal(partner_stated=True, partner=3))
    with pytest.raises(InconsistentRecord, match="it was never played: it was undealt"):
        stated.after_play(complete=True)
    told = _card(_deal(partner_stated=True, partner=3))
    told.after_play(complete=False)
    assert (told.partner, told.known) == (3, True)
    unknown = _card(_deal())
    unknown.after_play(complete=False)
    assert not unknown.known
    assert unknown.notes == ["deal 1: who held the called card AS cannot be known (the hands are "
                             "not recorded and it was not played)"]
