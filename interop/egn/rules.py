"""EGN ``metadata.ruleset`` flags <-> our :class:`~euchre_records.rules.Rules`.

An EGN rule set maps onto the ``modern`` preset with overrides. Every flag is either mapped, or
accepted only at the value we play (else :class:`UnsupportedRules` names the flag): a record is
never replayed under rules that would score it differently. The table is in docs/INTEROP.md.

>>> to_rules({"std": True, "loner_lead": "LEFT_OF_DEALER"}).lone_lead.value
'eldest'
>>> from_rules(to_rules({"winning_score": 5, "defend_alone": True}))["winning_score"]
5
>>> to_rules({"num_deals": 8}).fixed_deals, to_rules({"std": False}).stick_the_dealer
(8, False)
"""

from __future__ import annotations

from typing import Any, Mapping

from euchre_records.errors import NotationError, Problem, UnsupportedRules
from euchre_records.rules import FarmersHand, LoneLead, Rules, preset
from euchre_records.interop.json_access import FLAG, OBJECT, TEXT, WHOLE, typed

__all__ = ["EGN_DEFAULTS", "to_rules", "from_rules", "rules_loss", "players_refusal", "TABLE_COUNTS"]

EGN_DEFAULTS: dict[str, Any] = {
    "std": True, "min_rank": 9, "winning_score": 10, "num_deals": 0, "canadian": False,
    "loner_lead": "LEFT_OF_DEALER", "loner_march_score": 4, "loner_euchred_score": 2,
    "defend_alone": False, "farmers": False, "partners_best": False, "go_under": False,
    "joker": False, "num_players": 4, "allow_no_trump": False, "fast_break": False,
    "four_trick_tokens": False,
}
"""Every EGN 1.4 rule-set flag with its default, in the order of EGN's schema."""

_UNSUPPORTED_WHEN_TRUE: dict[str, str] = {}
"""Flags refused when true. Empty: the house rules (EGN's alternate rules) map onto our options."""
_HOUSE_FLAGS = ("canadian", "allow_no_trump", "fast_break", "four_trick_tokens", "partners_best",
                "go_under")
"""EGN house-rule flags that are our options of the same name; ``farmers`` maps to 'exchange'."""
_PACK_BY_MIN_RANK = {9: 24, 8: 28, 7: 32}
_LONE_LEAD = {"LEFT_OF_DEALER": LoneLead.ELDEST, "LEFT_OF_LONER": LoneLead.LEFT_OF_LONE}
_WHERE = "metadata.ruleset"
TABLE_COUNTS = (2, 3, 5)
"""EGN player counts other than 4 that we read and write, as records at a table of n
(docs/INTEROP.md "Tables of two, three and five")."""
_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def players_refusal(count: int) -> str | None:
    """Why an EGN game with ``count`` players is refused, or None when we play it (2 to 5).

    >>> players_refusal(6)
    'EGN game with 6 players: six-handed euchre is not specified here; see VARIANTS.md'
    >>> players_refusal(4) is None, players_refusal(3) is None
    (True, True)
    """
    if count in (4,) + TABLE_COUNTS:
        return None
    head = f"EGN game with {count} player{'s' if count != 1 else ''}"
    if count == 1:
        return f"{head}: one-handed euchre is not a game (EGN admits 1 player; no rule book describes it)"
    if count in _COUNT_WORDS:
        return f"{head}: {_COUNT_WORDS[count]}-handed euchre is not specified here; see VARIANTS.md"
    return f"{head}: out of range (EGN admits 1 to 8 players; we play 2, 3, 4 and 5)"


def _typed(flags: Mapping[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """The flags with defaults filled in; wrong types and unknown flags become problems."""
    values = dict(EGN_DEFAULTS)
    for key, value in flags.items():
        default = EGN_DEFAULTS.get(key)
        where = f"{_WHERE}.{key}"
        if default is None:
            problems.append(Problem(where, f"unknown EGN rule-set flag {key!r}"))
            continue
        kind = FLAG if isinstance(default, bool) else WHOLE if isinstance(default, int) else TEXT
        try:
            typed(value, where, kind, what="an integer" if kind is WHOLE else None)
        except NotationError as exc:  # the one accessor's located message (interop/json_access)
            problems.extend(exc.problems)
            continue
        if key == "loner_lead" and value not in _LONE_LEAD:
            problems.append(Problem(where, f"expected 'LEFT_OF_DEALER' or 'LEFT_OF_LONER', not {value!r}"))
        else:
            values[key] = value
    return values


def to_rules(flags: Mapping[str, Any] | None, tables: bool = False) -> Rules:
    """Our rules for an EGN rule set (``modern`` + overrides). ``num_players`` must be 4, or
    with ``tables`` 2, 3 or 5 (the reader of :mod:`.tables` then makes the table); 1, 6, 7 and 8
    are refused by name (:func:`players_refusal`).

    Raises NotationError (bad type, unknown flag) or UnsupportedRules (a flag we do not play),
    each problem located at ``metadata.ruleset.<flag>``.
    """
    flags = typed(flags, _WHERE, OBJECT, optional=True, default={},
                  what="an object of rule-set flags")
    assert isinstance(flags, Mapping)
    problems: list[Problem] = []
    v = _typed(flags, problems)
    if problems:
        raise NotationError(problems)
    unsupported: list[Problem] = []

    def refuse(key: str, what: str) -> None:
        unsupported.append(Problem(f"{_WHERE}.{key}", what))

    for key, what in _UNSUPPORTED_WHEN_TRUE.items():
        if v[key]:
            refuse(key, f"{what} is not supported")
    count = v["num_players"]
    refusal = players_refusal(count)
    if refusal is not None:
        refuse("num_players", refusal)
    elif count != 4 and not tables:
        game = {2: "two-handed", 3: "cut-throat", 5: "five-handed"}[count]
        refuse("num_players", f"EGN game with {count} players: a {game} game, read as a record at "
                              f"a table of {count} (docs/INTEROP.md, \"Tables of two, three and "
                              "five\"), not as a four-handed record")
    if v["min_rank"] not in _PACK_BY_MIN_RANK:
        refuse("min_rank", f"min_rank {v['min_rank']} gives no supported pack (9, 8 or 7: 24, 28 or 32 cards)")
    overrides: dict[str, Any] = {
        "pack": _PACK_BY_MIN_RANK.get(v["min_rank"], 24), "joker": v["joker"],
        "lone_lead": _LONE_LEAD[v["loner_lead"]].value, "lone_march": v["loner_march_score"],
        "lone_euchred": v["loner_euchred_score"], "defend_alone": v["defend_alone"],
        # docs/alternate-rules.md: std (default true) is stick-the-dealer, "if all players pass
        # during both bidding rounds, the dealer is forced to call"; false lets a deal be thrown in
        "stick_the_dealer": v["std"],
        # docs/base-rules.md, Bidding: the dealer "takes the up-card into their hand, and discards
        # one card face-down" -- any of his six, the up-card included (no EGN flag says otherwise)
        "turned_card_discard": True,
        # house rules: same names; EGN's farmers (a farmer's hand exchanged, per its
        # cardExchanges) is our farmers 'exchange' (docs/INTEROP.md)
        **{key: v[key] for key in _HOUSE_FLAGS},
        "farmers": "exchange" if v["farmers"] else "off",
    }
    for key in ("loner_march_score", "loner_euchred_score", "winning_score", "num_deals"):
        if v[key] < 0:
            refuse(key, f"a negative {key} ({v[key]}) is meaningless")
    # EGN 1.4 (docs/alternate-rules.md, "Completion Conditions"): exactly one completion
    # condition. num_deals alone is a game of that many deals (winning_score's default 10 does not
    # apply then); "winning_score: 0, num_deals: N" says the same. Both non-zero is forbidden by
    # EGN's schema (`not: required [winning_score, num_deals]`).
    deals, target = v["num_deals"], v["winning_score"]
    if deals > 0 and target > 0 and "winning_score" in flags:
        refuse("num_deals", f"both winning_score ({target}) and num_deals ({deals}) are set: EGN "
                            "1.4 allows one completion condition only (a target score or a fixed "
                            "number of deals); give one of them")
    elif deals > 0:
        overrides.update(game_points=None, fixed_deals=deals)
    elif v["winning_score"] <= 0:
        refuse("winning_score", "a game with no winning score needs num_deals")
    else:
        overrides["game_points"] = v["winning_score"]
    if unsupported:
        raise UnsupportedRules(unsupported)
    base = preset("modern")
    changed = {k: val for k, val in overrides.items() if base.option_values()[k] != val}
    return base.with_overrides(changed, where=_WHERE)


def from_rules(rules: Rules, seats: int = 4) -> dict[str, Any]:
    """The EGN rule set for our rules at a table of ``seats``: ``std``, ``canadian`` and
    ``loner_lead`` always, every other flag only when it differs from EGN's default. At four
    the three come first; at other counts (``num_players`` written) the whole set is in the
    schema's order. Options EGN cannot express are ignored here: see :func:`rules_loss`."""
    out: dict[str, Any] = {"std": rules.stick_the_dealer, "canadian": rules.canadian,
                           "loner_lead": "LEFT_OF_DEALER" if rules.lone_lead is LoneLead.ELDEST else "LEFT_OF_LONER"}
    rank = {24: 9, 28: 8, 32: 7}[rules.pack]
    values: dict[str, Any] = {
        "min_rank": rank, "loner_march_score": rules.lone_march,
        "loner_euchred_score": rules.lone_euchred, "defend_alone": rules.defend_alone,
        "joker": rules.joker, "farmers": rules.farmers is not FarmersHand.OFF,
        **{key: getattr(rules, key) for key in _HOUSE_FLAGS if key != "canadian"},
    }
    if rules.fixed_deals is not None:  # EGN 1.4: num_deals alone, never with winning_score
        values["num_deals"] = rules.fixed_deals
    else:
        values["winning_score"] = rules.game_points
    values["num_players"] = seats
    for key in EGN_DEFAULTS:   # schema order
        if key in values and (values[key] != EGN_DEFAULTS[key] or key == "num_deals"):
            out[key] = values[key]
    if seats != 4:
        return {key: out[key] for key in EGN_DEFAULTS if key in out}
    return out


def rules_loss(rules: Rules) -> list[str]:
    """Options of ``rules`` that an EGN rule set cannot carry, as ``"name=value"`` strings
    (empty when :func:`from_rules` then :func:`to_rules` gives the same option values)."""
    back = to_rules(from_rules(rules)).option_values()
    mine = rules.option_values()
    return [f"{k}={mine[k]!r}" for k in mine if mine[k] != back[k]]
