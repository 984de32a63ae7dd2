"""Shared by the tests of the OpenAPI document: its operations, the operation a request hits,
and an answer checked against what the document says of it (status, content type, headers,
body by JSON Schema 2020-12 — OpenAPI 3.1's dialect — with ``additionalProperties`` as the
document states it).

Generic over the document: an operation added later is found, matched and checked the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from jsonschema import Draft202012Validator

SPOKEN_HEADERS = ("location", "www-authenticate")
"""Headers whose presence means something to a client: sent, they must be documented."""

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


@dataclass(frozen=True)
class Operation:
    method: str          # lower case
    path: str            # the templated path, /records/{record_id}
    spec: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.method.upper()} {self.path}"

    @property
    def id(self) -> str:
        return str(self.spec.get("operationId"))


def operations(doc: dict[str, Any]) -> Iterator[Operation]:
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method in item:
                yield Operation(method, path, item[method])


def _pattern(path: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}/]+\})", path)
    return re.compile("^" + "".join("[^/]+" if p.startswith("{") else re.escape(p)
                                    for p in parts) + "$")


def match(doc: dict[str, Any], method: str, url_path: str) -> Operation | None:
    """The documented operation that answers ``method url_path`` (a concrete path beats a
    templated one, as OpenAPI says), or None."""
    found = [op for op in operations(doc) if op.method == method.lower()
             and _pattern(op.path).match(url_path)]
    found.sort(key=lambda op: op.path.count("{"))
    return found[0] if found else None


def _resolve(doc: dict[str, Any], obj: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in obj:
        node: Any = doc
        for part in obj["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        obj = node
    return obj


def response_of(doc: dict[str, Any], op: Operation, status: int) -> dict[str, Any] | None:
    responses = op.spec.get("responses", {})
    found = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") \
        or responses.get("default")
    return None if found is None else _resolve(doc, found)


def check_answer(doc: dict[str, Any], op: Operation, status: int, headers: dict[str, str],
                 body: Any) -> list[str]:
    """What in this answer the document does not say (empty: the answer is as documented).
    ``headers`` by lower-case name; ``body`` the parsed JSON (None when there is none)."""
    where = f"{op.label} -> {status}"
    response = response_of(doc, op, status)
    if response is None:
        return [f"{where}: status not documented"]
    problems: list[str] = []
    documented = {name.lower(): _resolve(doc, h) for name, h in response.get("headers", {}).items()}
    for name, header in documented.items():
        if header.get("required") and name not in headers:
            problems.append(f"{where}: documented header {name} is missing")
    for name in SPOKEN_HEADERS:
        if name in headers and name not in documented:
            problems.append(f"{where}: a {name} header is sent but not documented")
    content = response.get("content", {})
    media = headers.get("content-type", "").split(";")[0].strip()
    if not content:
        return problems
    if media not in content:
        return problems + [f"{where}: content type {media!r} not documented ({list(content)})"]
    schema = content[media].get("schema")
    if schema is None:
        return problems + [f"{where}: no schema documented"]
    root = {**schema, "components": doc.get("components", {})}
    validator = Draft202012Validator(root)
    for error in sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))[:5]:
        at = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        problems.append(f"{where}: body{at}: {error.message[:300]}")
    return problems


def walk(value: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema-like mapping in a part of the document, with its JSON path."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from walk(item, f"{path}/{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}/{i}")
