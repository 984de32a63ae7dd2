"""The dataset's layout: the tables and their columns (docs/DATASET.md, layout 4; the analysis tables of ``--analysis`` are ``bulk.analysis_rows``). Data only.

Contract: :data:`COLUMNS` gives, per table every run writes, its ``(name, type)`` columns in
order (types: ``str``, ``int``, ``bool``, ``strs``: a list of strings; nullable unless the docs
say otherwise). Every table of a record (all but ``errors``) ends with :data:`VARIANT_COLUMNS`;
``deals`` then ends with :data:`DEAL_COLUMNS`; :data:`SCORE_COLUMNS` are the two long tables
``deal_scores`` and ``game_scores``: one row per seat of every deal and game, for every variant,
so that one ``GROUP BY variant`` reads points per player at any table. Four-handed rows hold
:data:`FOUR_HANDED` in the variant columns.
"""

from __future__ import annotations

__all__ = ["COLUMNS", "VARIANT_COLUMNS", "DEAL_COLUMNS", "SCORE_COLUMNS", "FOUR_HANDED"]

VARIANT_COLUMNS: tuple[tuple[str, str], ...] = (("seats", "int"), ("variant", "str"))
"""The last two columns of every table but ``errors``: the number of seats and the variant
(``table.Variant``: two-handed, cut-throat, four-handed, call-your-partner)."""

DEAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("makers", "strs"), ("maker_tricks", "int"), ("called", "str"), ("partner", "str"),
    ("partner_known", "bool"))
"""``deals`` after its variant columns: the seats that played on the making side (maker first),
the tricks they took, and five-handed the called card, its holder and whether the record lets
him be known."""

SCORE_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "deal_scores": (
        ("record_id", "str"), ("game", "int"), ("deal", "int"), ("seat", "str"),
        ("side", "str"), ("partnership", "str"), ("hand_points", "int"), ("penalty", "int"),
        ("points", "int"), ("score", "int"), *VARIANT_COLUMNS),
    "game_scores": (
        ("record_id", "str"), ("game", "int"), ("seat", "str"), ("partnership", "str"),
        ("start", "int"), ("score", "int"), ("won", "bool"), ("finished", "bool"),
        *VARIANT_COLUMNS),
}
"""Points per player, one row per seat: a four-handed player carries his partnership's figures
(VARIANTS.md: points given to a side are given to each of its players)."""

FOUR_HANDED = (4, "four-handed")
"""The variant columns' values of a four-handed record."""

# (name, type) per column; types: str, int, bool (nullable unless the docs say otherwise)
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "records": (
        ("record_id", "str"), ("source", "str"), ("format_version", "str"), ("rules", "str"),
        ("overrides", "str"), ("club", "str"), ("event", "str"), ("date", "str"),
        ("table", "str"), ("round", "str"), ("deals", "int"), ("findings", "int"),
        ("system", "str"), ("games", "int"), ("games_ns", "int"), ("games_ew", "int"),
        ("rubber_points_ns", "int"), ("rubber_points_ew", "int"), ("net", "int"),
        ("winner", "str"), ("finished", "bool"), ("canonical", "str")),
    "players": (
        ("record_id", "str"), ("seat", "str"), ("side", "str"), ("name", "str"), ("ref", "str")),
    "games": (
        ("record_id", "str"), ("game", "int"), ("first_deal", "int"), ("last_deal", "int"),
        ("start_ns", "int"), ("start_ew", "int"), ("score_ns", "int"), ("score_ew", "int"),
        ("winner", "str"), ("finished", "bool"), ("carried_ns", "int"), ("carried_ew", "int"),
        ("rubber_points_ns", "int"), ("rubber_points_ew", "int")),
    "deals": (
        ("record_id", "str"), ("game", "int"), ("deal", "int"), ("kind", "str"),
        ("dealer", "str"), ("turned", "str"), ("trump", "str"), ("maker", "str"),
        ("maker_side", "str"), ("alone", "bool"), ("defender_alone", "str"),
        ("thrown_in", "bool"), ("redeal", "bool"), ("euchred", "bool"), ("marched", "bool"),
        ("tricks_ns", "int"), ("tricks_ew", "int"), ("hand_points_ns", "int"),
        ("hand_points_ew", "int"), ("penalty_ns", "int"), ("penalty_ew", "int"),
        ("points_ns", "int"), ("points_ew", "int"), ("score_ns", "int"), ("score_ew", "int"),
        ("rules", "str"), ("overrides", "str")),
    "calls": (
        ("record_id", "str"), ("deal", "int"), ("call", "int"), ("round", "int"),
        ("seat", "str"), ("kind", "str"), ("suit", "str"), ("alone", "bool")),
    "plays": (
        ("record_id", "str"), ("deal", "int"), ("trick", "int"), ("position", "int"),
        ("seat", "str"), ("card", "str"), ("suit", "str"), ("led_suit", "str"),
        ("trump", "str"), ("follows", "bool"), ("winner", "str"), ("wins", "bool"),
        ("revoke", "bool")),
    "findings": (
        ("record_id", "str"), ("finding", "int"), ("deal", "int"), ("trick", "int"),
        ("seat", "str"), ("card", "str"), ("kind", "str"), ("status", "str"), ("rule", "str"),
        ("message", "str"), ("points_ns", "int"), ("points_ew", "int")),
    "errors": (
        ("source", "str"), ("kind", "str"), ("where", "str"), ("what", "str")),
}
# layout 3: every record's table ends with its variant; deals with the making side; per-seat points
for _name in COLUMNS:
    if _name != "errors":
        COLUMNS[_name] += VARIANT_COLUMNS
COLUMNS["deals"] += DEAL_COLUMNS
COLUMNS.update(SCORE_COLUMNS)
