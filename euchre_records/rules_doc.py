"""The preset table of docs/RULES.md: each option, its value in each preset, and where the value
comes from. Generated from the presets themselves so the docs cannot drift (a test checks)."""

from __future__ import annotations

from .rules import HOUSE_RULES, OPTION_DOCS, PRESETS

__all__ = ["SOURCES", "rules_table_markdown"]

# option -> (somerset-1888 source, hoyle source, modern source)
SOURCES: dict[str, tuple[str, str, str]] = {
    "pack": ("not stated; the 32-card pack of the period (assumption)", "deck note: 32, 28 or 24", "§1: 24 cards"),
    "joker": ("no joker in the laws", "deck note: joker sometimes added", "§8 variant (benny)"),
    "joker_upcard": ("no joker (default)", "not stated (default)", "not stated (default)"),
    "game_points": ("2: game is five points", "game 5, 7 or 10 by agreement", "§1: game to 10"),
    "fixed_deals": ("—", "—", "—"),
    "stick_the_dealer": ("77: all pass twice, deal passes", "not in the laws", "§7 variant, off by default"),
    "lone_lead": ("not in the text we have: default eldest", "eldest, or his left if eldest sits out", "§7: left of the lone player"),
    "defend_alone": ("95: only the makers may play alone", "only the maker may go alone", "variant, off by default"),
    "partner_takes_lone": ("74-75: partner may take it alone", "not stated", "not stated"),
    "turned_card_discard": ("88: the trump card cannot be discarded", "turning the trump: exchanged for a card of his hand, left on the pack until played", "§3: takes it and discards one card (§7's \"typical mistakes\" are mistakes of play)"),
    "make": ("2", "scoring table", "§6"),
    "march": ("2", "scoring table", "§6"),
    "lone_make": ("3", "scoring table", "§6"),
    "lone_march": ("3", "scoring table", "§6"),
    "euchre": ("2", "scoring table", "§6"),
    "lone_euchred": ("3: a euchred lone hand gives 4", "scoring table: 2", "§6: 2"),
    "lone_defender_euchre": ("95 forbids it (value unused)", "not stated", "variant: 4"),
    "revoke_penalty": ("63: three points", "renege: 2", "§7: 2"),
    "revoke_penalty_lone": ("63: five in a lone hand", "renege: 4 against a lone hand", "§7: 2 (no lone rate)"),
    "revoke_lone": ("63: any revoke in a lone hand", "by an opponent of the lone player", "(unused: same size)"),
    "revoke_to": ("63 silent: default added", "renege: added or deducted", "§7: to the opponents"),
    "revoke_election": ("no election in the text", "renege: hand as played or penalty", "no election"),
    "revoke_hand_scores": ("4: penalty precedes other scores, which stand", "penalty instead of the hand", "penalty only (common practice)"),
    "revokes_cancel": ("71: equal revokes cancel", "not stated", "not stated"),
    "lap": ("1 and glossary: lap carried", "no lap", "no lap"),
    "rubber": ("1, 7: three games, lap → fourth", "whist-style rubber", "single games"),
    "misdeal_loses_deal": ("41: a misdeal loses the deal", "misdeal: same dealer deals again", "not stated (default as Hoyle)"),
    "out_of_turn_call": ("79-80: the partner must pass", "void; the side loses the right", "not stated: void"),
    "dealer_pass_binds": ("82: the dealer's turn-down out of turn binds his partner", "a pass out of turn is void (no penalty stated)", "not stated: void"),
    "turned_suit_named": ("78: counts as a pass", "void; the side loses the right", "§4 forbids it: counts as a pass"),
    "wrong_cards": ("90: forfeit, no score for the offenders", "redeal before the first trick is quitted, else no score", "not stated (default as Hoyle)"),
    "wrong_cards_forfeit": ("90: 2", "(unused)", "(unused)"),
    "wrong_cards_forfeit_lone": ("90: 4 with a lone hand", "(unused)", "(unused)"),
    "played_before_discard": ("90: as a wrong number of cards", "plays his five dealt cards", "not stated (default as Hoyle)"),
    "exposed_play": ("46, 56: exposed cards may be called", "played at the first legal opportunity", "not stated (default as Hoyle)"),
    "lone_lead_penalised": ("preface and 104: penalised (104's text missing: the penalty of 52)", "the lone player is not penalised", "not stated: no penalty"),
    "lone_exposed_penalised": ("preface: no penalty", "the lone player is not penalised", "not stated: no penalty"),
    "called_breach_is_revoke": ("54: the revoke penalty", "no such penalty in the text: reported only", "not stated: reported only"),
    "sheet_errors_stand": ("5: errors may be corrected only until the next trump card is turned", "not stated: the laws' score", "not stated: the laws' score"),
    "lone_abandoned": ("50: the lone side scores 5", "not stated: a lone march (4)", "not stated: a lone march (4)"),
    "lone_partner_exposed_march": ("102: only 2 for a march", "no law", "no law"),
}
# the house rules (EGN 1.4 alternate rules) are in no rule book: off in every preset
_HOUSE = ("house rule, not in the laws", "house rule, not in the text", "house rule (EGN alternate rules)")
SOURCES.update({name: _HOUSE for name in HOUSE_RULES})


def _cell(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def rules_table_markdown() -> str:
    """The Markdown table: option | meaning | somerset-1888 | hoyle | modern (value, source)."""
    names = ["somerset-1888", "hoyle", "modern"]
    values = {n: PRESETS[n].option_values() for n in names}
    lines = ["| option | meaning | " + " | ".join(f"`{n}`" for n in names) + " |",
             "|---|---|" + "---|" * len(names)]
    for option, meaning in OPTION_DOCS.items():
        sources = SOURCES[option]
        cells = [f"**{_cell(values[n][option])}** — {src}" for n, src in zip(names, sources)]
        lines.append(f"| `{option}` | {meaning} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
