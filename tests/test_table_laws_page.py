"""The laws of irregularities taken at tables of two, three and five shown on the record page
(issue 32): a corrected revoke and a late score correction are findings of the replay's JSON,
which the one record page (``/web/records/{id}``) lists with the rest, by the player's name."""

from __future__ import annotations

import json
from pathlib import Path

from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store

from pages_support import build_db, make_app

ROOT = Path(__file__).resolve().parent.parent


def _stored(path: Path, golden: str, names: tuple[str, ...]) -> int:
    data = json.loads((ROOT / "tests/golden/variants" / golden).read_text(encoding="utf-8"))
    data["players"] = {str(i): {"name": name} for i, name in enumerate(names)}
    db = open_db(path)
    try:
        return Store(db).save(prepare(json.dumps(data))).id
    finally:
        db.close()


def test_the_record_page_shows_a_corrected_revoke_and_a_late_score_correction(tmp_path: Path) -> None:
    path = tmp_path / "laws.db"
    build_db(path, examples=False)
    corrected = _stored(path, "39-cutthroat-hoyle-revoke-corrected.json", ("Ann", "Bob", "Cy"))
    late = _stored(path, "42-two-handed-somerset-late-correction-stands.json", ("Ann", "Bob"))
    client = make_app(path).test_client()
    first = client.get(f"/web/records/{corrected}")
    assert first.status_code == 200
    text = " ".join(first.get_data(as_text=True).split())
    assert ("deal 1, trick 1: Cy played KH when clubs were led and corrected it to QC before the "
            "trick was quitted — revoke corrected") in text
    second = client.get(f"/web/records/{late}")
    assert second.status_code == 200
    text = " ".join(second.get_data(as_text=True).split())
    assert ("deal 1: the score was corrected to [0, 2] after the trump card was turned in the "
            "next deal — too late, the entry as first written stands (Somerset 5)") in text
