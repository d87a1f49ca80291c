"""The package's modules import one another one way only (imports inside functions count)."""

from __future__ import annotations

import ast
from importlib import resources

PACKAGE = "candlelit_wickwatch"


def imports() -> dict[str, set[str]]:
    """Module name → the package's modules it imports anywhere in its text."""
    graph: dict[str, set[str]] = {}
    for path in resources.files(PACKAGE).iterdir():
        if not path.name.endswith(".py"):
            continue
        name = PACKAGE if path.name == "__init__.py" else f"{PACKAGE}.{path.name[:-3]}"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m.startswith(PACKAGE + ".") and m != name}
    return graph


def test_no_import_cycles():
    graph = imports()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " → ".join((*path, module))
        if module in done:
            return
        for target in graph.get(module, ()):
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert len(graph) >= 12 and graph[f"{PACKAGE}.views"] == {f"{PACKAGE}.fields"}
