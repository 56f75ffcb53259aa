"""The service layer sits below the forms and the views: nothing under ``services/`` imports ``web`` or
``forms`` (issue 16's layers: referee, models, services, forms, web, each importing only those below)."""
from __future__ import annotations

import ast
from pathlib import Path

SERVICES = Path(__file__).resolve().parent.parent / "services"
ABOVE = ("web", "forms")


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # function-level imports count too
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_service_imports_a_layer_above_it():
    modules = sorted(SERVICES.rglob("*.py"))
    assert len(modules) > 5  # the night's steps are there
    upward = {f"{path.relative_to(SERVICES.parent)} imports {name}" for path in modules
              for name in imported_modules(path) if name.split(".")[0] in ABOVE}
    assert not upward


def test_the_check_sees_an_upward_import(tmp_path):
    bad = tmp_path / "step.py"
    bad.write_text("def f():\n    from web.nights import access\n", encoding="utf-8")
    assert "web.nights" in imported_modules(bad)
