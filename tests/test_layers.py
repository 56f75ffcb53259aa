"""The app's five layers import only downwards (docs/architecture.md).

    web        views: read a request, call a service or the referee, render
    services   every change of state          forms   input checking
    models     the tables, one row's behaviour
    referee    the rules, pure Python

Each module's imports are read from its source (every ``import``, at the top or inside a function, and
those only for type checkers too), so an import that runs back up fails here before it becomes a cycle.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("referee", "models", "services", "forms", "web")
# What each layer may import of the app (besides itself). ``extensions`` holds the database handle.
ALLOWED = {
    "referee": set(),
    "models": {"referee", "extensions"},
    "services": {"referee", "models", "extensions"},
    "forms": {"referee", "models", "extensions"},
    "web": {"referee", "models", "services", "forms", "extensions"},
}
APP_PACKAGES = set(LAYERS) | {"extensions", "app"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """The app modules that the file at ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # a relative import: from the module's own package upwards
                package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)  # ``from web import hands``
    return {name for name in found if name.split(".")[0] in APP_PACKAGES}


def layer_files(layer: str) -> list[Path]:
    return sorted(p for p in (ROOT / layer).rglob("*.py") if "__pycache__" not in p.parts)


def upward_imports(layer: str) -> list[str]:
    wrong = []
    for path in layer_files(layer):
        for name in sorted(imported_modules(path)):
            top = name.split(".")[0]
            if top != layer and top not in ALLOWED[layer]:
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    return sorted(set(wrong))


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer):
    assert layer_files(layer), f"{layer}/ has no modules"
    assert upward_imports(layer) == []


def app_import_graph() -> dict[str, set[str]]:
    """Module -> the app modules it imports (a ``from package import name`` counts when name is a module)."""
    modules = {module_name(p): p for layer in LAYERS for p in layer_files(layer)}
    return {name: {m for m in imported_modules(path) if m in modules and m != name}
            for name, path in modules.items()}


def cycles_through(graph: dict[str, set[str]], start: str) -> list[list[str]]:
    """The import cycles that start and end at ``start`` (a module importing its own package's
    ``__init__`` is the package, not a cycle, and is left out)."""
    found, stack = [], [(start, [start])]
    seen = set()
    while stack:
        node, path = stack.pop()
        for nxt in graph.get(node, ()):
            if nxt == start:
                found.append(path + [start])
            elif nxt not in seen and not start.startswith(nxt + "."):
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return found


@pytest.mark.parametrize("module", ["web.hands", "web.matches", "web.disputes", "web.group_io",
                                    "web.group_admin", "forms.disputes"])
def test_the_match_modules_import_no_cycle(module):
    """``web.hands`` and ``web.matches`` once imported each other (one of them from inside a function),
    and ``web.disputes``, ``web.group_io`` and ``web.group_admin`` reached ``web.matches`` the same way."""
    assert cycles_through(app_import_graph(), module) == []


def test_the_walk_sees_an_import_inside_a_function(tmp_path):
    """The check itself: an import hidden in a function body counts."""
    source = tmp_path / "probe.py"
    source.write_text("def f():\n    from web.matches import get_match\n    import services.matches\n")
    assert imported_modules(source) >= {"web.matches", "services.matches"}


@pytest.mark.parametrize("layer", ["web", "services", "forms"])
def test_no_import_cycle_inside_a_layer(layer):
    """No two modules of ``layer`` import each other, however far round (``web.access`` and
    ``web.nights.access`` once did, through an import inside a function). The package ``web`` itself is
    left out: ``from web import scoring`` names it only to reach a module, and its ``__init__`` imports
    every blueprint inside the app factory."""
    graph = app_import_graph()
    inside = {name for name in graph if name.startswith(layer + ".")}
    within = {name: graph[name] & inside for name in inside}
    assert [cycle for name in sorted(inside) for cycle in cycles_through(within, name)] == []
