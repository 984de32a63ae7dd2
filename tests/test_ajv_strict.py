"""The notation's JSON Schema, and every schema of the OpenAPI document, compile under ajv's
strict mode (issue 34), the mode that refuses
what a schema leaves implicit or ambiguous (a keyword of a type without the type, a required
property a condition does not declare ...): tools built on ajv take the schema as it is.

ajv is JavaScript: tests/js holds its package.json and lock and ``ajv_strict.js``, which prints
every strict-mode warning and error; any fails the test. ``.ci/run`` installs node and the
packages (``npm ci``). Locally without node or the packages the test skips, saying why; with
$CI set it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_records.api.app import create_app
from euchre_records.schema.jsonschema_gen import SCHEMA_PATH, json_schema_text

JS = Path(__file__).resolve().parent / "js"


def _node() -> str:
    node = shutil.which("node")
    missing = ("node is not installed" if node is None else
               None if (JS / "node_modules" / "ajv").is_dir() else
               "ajv is not installed (cd tests/js && npm ci)")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: CI must install it (.ci/run)")
        pytest.skip(missing)
    assert node is not None
    return node


def _strict_problems(path: Path) -> list[str]:
    done = subprocess.run([_node(), str(JS / "ajv_strict.js"), str(path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    problems: list[str] = json.loads(done.stdout)
    return problems


def test_the_committed_schema_compiles_under_ajv_strict() -> None:
    assert _strict_problems(SCHEMA_PATH) == []


def test_ajv_strict_refuses_an_implicit_type(tmp_path: Path) -> None:
    """The check can fail: a condition using a string's keyword (minLength) with no type."""
    schema = json.loads(json_schema_text())
    schema["$defs"]["Event"]["if"] = {"properties": {"club": {"minLength": 1}}}
    path = tmp_path / "loose.schema.json"
    path.write_text(json.dumps(schema), encoding="utf-8")
    problems = _strict_problems(path)
    assert problems and "strict mode" in problems[0], problems


def _schemas_of_paths(value: Any) -> Iterator[dict[str, Any]]:
    """Every ``schema`` of the document's operations (parameters, bodies, answers, headers)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "schema" and isinstance(item, dict):
                yield item
            else:
                yield from _schemas_of_paths(item)
    elif isinstance(value, list):
        for item in value:
            yield from _schemas_of_paths(item)


def test_the_openapi_documents_schemas_compile_under_ajv_strict(tmp_path: Path) -> None:
    """Every schema of ``GET /openapi.json`` (OpenAPI 3.1: JSON Schema 2020-12), the components
    and those written in the operations, compiled as one schema: the components as ``$defs``
    (refs rewritten), every one of them and of the operations' reachable from its ``anyOf``."""
    app = create_app({"DATABASE": str(tmp_path / "doc.db")})
    doc = app.test_client().get("/openapi.json").get_json()
    text = json.dumps({"components": doc["components"]["schemas"],
                       "inline": list(_schemas_of_paths(doc["paths"]))})
    parts = json.loads(text.replace('"#/components/schemas/', '"#/$defs/'))
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$defs": parts["components"],
              "anyOf": [*({"$ref": f"#/$defs/{name}"} for name in parts["components"]),
                        *parts["inline"]]}
    assert len(schema["anyOf"]) > 100   # every component and operation's schema is in it
    path = tmp_path / "openapi-schemas.json"
    path.write_text(json.dumps(schema), encoding="utf-8")
    assert _strict_problems(path) == []
