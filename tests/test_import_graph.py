"""The architecture as the imports draw it: no import cycle anywhere in the package, and each layer
imports only the layers below it (README, "What is where").

The graph is read from the source with :mod:`ast`: imports at module level, inside functions and
under ``if TYPE_CHECKING:`` alike, so a cycle hidden behind a lazy import or a type-only import
fails here too (a type-only cycle is still two modules that cannot be understood apart).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"euchre_records": "euchre_records", "schema": "euchre_records.schema",
            "interop": "euchre_records.interop", "events": "euchre_records.events",
            "testkit": "euchre_records.testkit", "api": "euchre_records.api",
            "cli": "euchre_records.cli", "bulk": "euchre_records.bulk"}

# layer -> the layers it may import (besides itself). The core is pure: it imports no other layer.
ALLOWED = {
    "core": set(),
    "schema": {"core"},
    "events": {"core"},
    "interop": {"core", "schema", "events"},
    "testkit": {"core", "schema"},
    "bulk": {"core", "schema", "interop", "api"},   # the store's ingest and row shapes, no database
    "api": {"core", "schema", "interop", "events"},
    "cli": {"core", "schema", "interop", "events", "api", "bulk"},
}


def _module_name(path: Path) -> str:
    top = path.relative_to(ROOT).parts[0]
    parts = list(path.relative_to(ROOT / top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PACKAGES[top], *parts])


def _modules() -> dict[str, Path]:
    found = {}
    for top in PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            if top == "euchre_records" or "euchre_records" not in path.relative_to(ROOT).parts[1:]:
                found[_module_name(path)] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from pkg import mod`` imports the module pkg.mod when there is one
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in names:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in PACKAGES and parts[1] != "euchre_records":
        return parts[1]
    return "core"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read():
    graph = _graph()
    assert "euchre_records.deal" in graph and "euchre_records.interop.egn.document" in graph
    assert "euchre_records.cards" in graph["euchre_records.deal"]   # an edge we know is there


def test_no_module_takes_part_in_an_import_cycle():
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_planted_cycle():
    graph = _graph()
    graph["euchre_records.cards"] = graph["euchre_records.cards"] | {"euchre_records.deal"}
    assert any("euchre_records.cards" in c and "euchre_records.deal" in c for c in _cycles(graph))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below_it(layer):
    wrong = sorted(f"{module} imports {target}"
                   for module, targets in _graph().items() if _layer(module) == layer
                   for target in targets
                   if _layer(target) != layer and _layer(target) not in ALLOWED[layer])
    assert wrong == []
