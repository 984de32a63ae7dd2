"""EGN documents and condensed bit streams of tables of two, three and five, built by hand
(docs/binary-format.md version 2, docs/INTEROP.md "Tables of two, three and five"), never from
our encoder's output: the oracles the EGN tests share across their files (test_egn.py,
test_egn_binary.py, test_egn_export.py, test_cli_interop.py).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from euchre_records.interop.egn.document import record_to_egn
from euchre_records.schema.tables import load_table_record
from euchre_records.model import Record
from euchre_records.match import replay
from golden_cases import GOLDEN

VARIANTS = GOLDEN / "variants"
ALONE_TEXT = "euchre-records: goes alone, no partner called"   # docs/INTEROP.md, spelled out again


def bits_to_text(bits: str) -> str:
    """docs/binary-format.md section 1: the bits MSB first, zero-padded to whole bytes, as
    Base64URL without padding."""
    bits = bits.replace(" ", "")
    bits += "0" * (-len(bits) % 8)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def text_bits(text: str) -> str:
    """An annotation text as section 7 lays it out: 16 bits of length, then 8 bits a byte."""
    raw = text.encode("utf-8")
    return f"{len(raw):016b}" + "".join(f"{b:08b}" for b in raw)


def egn_doc(players: int, deals: list[Any], min_rank: int = 9, **meta: Any) -> dict[str, Any]:
    """An EGN 1.4 document of ``players`` players under the modern preset's rules as our export
    writes them (std false: modern does not stick the dealer; loner_lead LEFT_OF_LONER)."""
    ruleset: dict[str, Any] = {"std": False, "canadian": False, "loner_lead": "LEFT_OF_LONER"}
    if min_rank != 9:
        ruleset["min_rank"] = min_rank
    ruleset["num_players"] = players
    return {"fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"players": meta.get("names", []), "initialScore": meta.get("start", []),
                         "ruleset": ruleset},
            "deals": deals}


def points(record: Record) -> list[list[int]]:
    """The points of each deal of ``record``'s replay."""
    return [list(d.points) for d in replay(record).deals]

# --- condensed bit streams built by hand (docs/binary-format.md, version 2) -------------------
# Pack order of the bit stream: ranks 9 T J Q K A (8 first in the 28-card pack), and within a
# rank the suits s h c d -- the order EGN's own sample files use (docs/INTEROP.md, "Binary EGN";
# the document says c d h s). Each card played is its index among the cards not yet played,
# in ceil(log2(cards left)) bits; the up-card stays in the list until it is played.

CUTTHROAT_BITS = (
    "0010 000 010 00"      # version 2; dealer 0; 3 players (3 - 1 = 010); min rank code 00 (9: 24 cards)
    " 00001"               # up-card 9h: index 1 of 9s 9h 9c 9d ... (5 bits for 24)
    " 010"                 # two phases
    " 0 1 0 0"             # bidding: player 1 (dealer's left) orders up; not alone; no annotations
    " 1 101"               # trick play, five tricks of three cards
    " 01001 10110 00001"   # Jh (9 of 24), Ad (22 of 23), 9h (1 of 22)
    " 10011 10001 10001"   # Ah (19 of 21), Kd (17 of 20), As (17 of 19)
    " 01111 10000 1110"    # Kh (15 of 18), Ac (16 of 17), Ks (14 of 16: 4 bits)
    " 1011 1101 1010"      # Qh (11 of 15), Kc (13 of 14), Qs (10 of 13)
    " 0100 1001 0110"      # Th (4 of 12), Qc (9 of 11), Js (6 of 10)
    " 0 0 1010"            # no play annotations; no alternative lines; end marker
)
CUTTHROAT_DEAL = {
    "dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9h"},
    "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "isAlone": False},
               {"phaseNumber": 1, "type": "TRICK_PLAY",
                "tricks": [["Jh", "Ad", "9h"], ["Ah", "Kd", "As"], ["Kh", "Ac", "Ks"],
                           ["Qh", "Kc", "Qs"], ["Th", "Qc", "Js"]]}]}

TWO_HANDED_BITS = (
    "0010 001 001 00"      # version 2; dealer 1; 2 players (001); 24 cards
    " 10100"               # up-card As: index 20
    " 010"
    " 0 0 0 00 01 0 0"     # bidding: both pass the As; round 2: 0 passes, 1 names h (first of h c d); not alone; none
    " 1 101"               # five tricks of two cards
    " 01001 10100"         # Jh (9 of 24), Ah (20 of 23)
    " 00001 01001"         # 9h (1 of 22), Jd (9 of 21)
    " 01110 01011"         # Kh (14 of 20), Qc (11 of 19)
    " 00101 01111"         # Tc (5 of 18), Ac (15 of 17)
    " 1100 0001"           # Kc (12 of 16), 9c (1 of 15)
    " 0 0 1010"
)
TWO_HANDED_DEAL = {
    "dealNumber": 0, "initialState": {"dealer": 1, "upCard": "As"},
    "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "h"],
                "isAlone": False},
               {"phaseNumber": 1, "type": "TRICK_PLAY",
                "tricks": [["Jh", "Ah"], ["9h", "Jd"], ["Kh", "Qc"], ["Tc", "Ac"], ["Kc", "9c"]]}]}

FIVE_HANDED_BITS = (
    "0010 100 100 01"      # version 2; dealer 4; 5 players (100); min rank code 01 (8: 28 cards)
    " 00111"               # up-card 9d: index 7 of 8s 8h 8c 8d 9s 9h 9c 9d ...
    " 010"
    " 0 1 0"               # bidding: player 0 orders up; isAlone 0 (nobody sits out)
    " 1 00000001 00000000 00000001 " + text_bits(ALONE_TEXT) +   # one annotation, on call 0
    " 1 001"               # trick play: one trick (the record stops after it), five cards
    " 01111 01011 00010 10000 00110"   # Jd (15 of 28), Td (11 of 27), 8c (2 of 26), Qd (16 of 25), 9d (6 of 24)
    " 0 0 1010"
)
FIVE_HANDED_DEAL = {
    "dealNumber": 0, "initialState": {"dealer": 4, "upCard": "9d"},
    "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "isAlone": False,
                "callAnnotations": {"0": [ALONE_TEXT]}},
               {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["Jd", "Td", "8c", "Qd", "9d"]]}]}

BINARY_GOLDENS = [
    # players, min_rank, bits, deal, the points worked by hand (VARIANTS.md, modern)
    (3, 9, CUTTHROAT_BITS, CUTTHROAT_DEAL, [0, 3, 0]),        # cut-throat march: 3 to the maker
    (2, 9, TWO_HANDED_BITS, TWO_HANDED_DEAL, [2, 0]),         # maker 1 takes T2 T3 only: euchred, 2 to 0
    (5, 8, FIVE_HANDED_BITS, FIVE_HANDED_DEAL, [0, 0, 0, 0, 0]),  # stopped after trick 1: unfinished
]


FIVE_HANDED_05 = egn_doc(5, [{
    "dealNumber": 0, "initialState": {"dealer": 4, "upCard": "8s"},
    "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"],
                "isAlone": False, "discard": "9c",
                "callAnnotations": {"1": ["euchre-records: calls the Ah for a partner"]}},
               {"phaseNumber": 1, "type": "TRICK_PLAY",
                "tricks": [["Kc", "Qd", "9s", "8c", "Ac"], ["Ad", "Qh", "Jd", "9d", "Ks"],
                           ["Js", "Ts", "Ah", "8s", "9h"], ["Jc", "Td", "8h", "Qs", "Qc"],
                           ["As", "Kd", "Kh", "Tc", "Th"]]}]}], min_rank=8)
"""tests/golden/variants/05 written in EGN by hand: seats 0-4 are EGN's players 0-4, the
calls run from the dealer's left, the called card on the maker's call (his call is index 1)."""


def variant_goldens() -> list[Path]:
    """The hand-worked records of tests/golden/variants (their expectations left out)."""
    return sorted(p for p in VARIANTS.glob("*.json") if not p.name.endswith(".expected.json"))


def three() -> dict[str, Any]:
    """The hand-built cut-throat deal as an EGN game of Ann, Bob and Cy."""
    return egn_doc(3, [json.loads(json.dumps(CUTTHROAT_DEAL))], names=["Ann", "Bob", "Cy"])


def two_alone(where: str) -> dict[str, Any]:
    """The hand-built two-handed deal with a lone hand, which that game has not (issue 34):
    ``where`` is "bidding", "play" or "defender"."""
    doc = egn_doc(2, [json.loads(json.dumps(TWO_HANDED_DEAL))], names=["Dan", "Eve"], start=[0, 0])
    phases = doc["deals"][0]["phases"]
    if where == "bidding":
        phases[0]["isAlone"] = True
    elif where == "play":
        phases[1]["isAlone"] = True
    else:
        phases[0]["aloneDefender"] = 0
    return doc



NASTY: list[Any] = [0, -1, 1, 4, 5, 9, 2**40, 1.5, True, None, "", "Xx", "B", "Jt", "Order", "Pass",
                    "h", "n", "9h", "Ah", "euchre-records: calls the Jx for a partner",
                    "euchre-records: calls the Ah for a partner; player 9 holds it", ALONE_TEXT,
                    [], {}, [[]], ["Ah"], ["Pass"] * 20, {"0": ["x"]}, {"1": [ALONE_TEXT, "y"]}]
"""Values a mutation writes into an EGN document of a table of n."""


def seeds() -> list[dict[str, Any]]:
    """EGN documents of tables of n to mutate: the three bit-stream goldens first, golden 05 by
    hand, the cut-throat game of three, and eight variant goldens exported."""
    docs = [egn_doc(p, [d], r) for p, r, _, d, _ in BINARY_GOLDENS] + [FIVE_HANDED_05, three()]
    for path in variant_goldens()[:8]:
        record = load_table_record(json.loads(path.read_text(encoding="utf-8")))
        docs.append(record_to_egn(record, lossy=True))
    return docs
