"""`make run` installs only what serves the app: every third-party module the app imports comes from
requirements.txt, and the test tools live in requirements-test.txt alone."""
from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_CODE = ["app.py", "extensions.py", "backup.py", "serve.py", "gunicorn.conf.py",
            "models", "forms", "web", "referee", "services"]
TEST_TOOLS = {"pytest", "playwright", "hypothesis", "open-spiel", "numpy", "scipy"}


def pinned(path: Path) -> set[str]:
    names = set()
    for line in path.read_text().splitlines():
        match = re.match(r"([A-Za-z0-9_.-]+)(\[[^]]*\])?==", line.strip())
        if match:
            names.add(canonical(match.group(1)))
    return names


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def app_imports() -> set[str]:
    local = {p.stem for p in ROOT.glob("*.py")} | {p.name for p in ROOT.iterdir() if p.is_dir()}
    modules: set[str] = set()
    files = [f for entry in APP_CODE for f in ((ROOT / entry).rglob("*.py") if (ROOT / entry).is_dir()
                                               else [ROOT / entry])]
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(), str(file))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    return {m for m in modules if m not in sys.stdlib_module_names and m not in local}


def test_every_module_the_app_imports_is_in_the_app_requirements():
    distributions = packages_distributions()
    app_pins = pinned(ROOT / "requirements.txt")
    missing = {module: distributions.get(module) for module in app_imports()
               if not {canonical(d) for d in distributions.get(module, [])} & app_pins}
    assert not missing, f"imported by the app but not in requirements.txt: {missing}"


def test_the_test_tools_are_not_installed_by_make_run():
    assert not pinned(ROOT / "requirements.txt") & TEST_TOOLS
    assert TEST_TOOLS <= pinned(ROOT / "requirements-test.txt")
