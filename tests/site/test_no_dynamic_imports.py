"""No dynamic import in app code: every import is a plain import statement.

An import made by a string at run time (``importlib.import_module``,
``__import__``, Django's ``import_string``) is invisible to import-linter, so a
layer or circle it crosses would pass the contracts in pyproject.toml. The app
folders are found by walking the repository (every folder with an apps.py,
and config), so a new app is checked without being named here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", "node_modules", "tests", "var", "static"}

# "path from the repository root" -> why that file must import by name at run time.
# Django's own settings and app loading need no line of ours: none is allowed.
ALLOWED: dict[str, str] = {}

DYNAMIC_CALLS = {"import_module", "__import__", "import_string"}
DYNAMIC_MODULES = ("importlib", "django.utils.module_loading")


def app_folders(root: Path = ROOT) -> list[Path]:
    """config and every folder holding an apps.py, hidden folders and the above skipped."""
    found = {root / "config"}
    for apps in root.rglob("apps.py"):
        parts = apps.relative_to(root).parts
        if not any(p.startswith(".") or p in SKIPPED for p in parts):
            found.add(apps.parent)
    return sorted(found)


def _is_dynamic_module(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in DYNAMIC_MODULES)


def dynamic_imports(source: str) -> list[tuple[int, str]]:
    """(line, what) for each dynamic import in the source: importing importlib or Django's
    module loading, or calling import_module, __import__ or import_string by any path."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [
                (node.lineno, f"import {a.name}") for a in node.names if _is_dynamic_module(a.name)
            ]
        elif isinstance(node, ast.ImportFrom) and _is_dynamic_module(node.module or ""):
            found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Call):
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name in DYNAMIC_CALLS:
                found.append((node.lineno, f"{name}(...)"))
    return found


def test_the_app_folders_are_found_by_walking_the_repository():
    names = {p.relative_to(ROOT).as_posix() for p in app_folders()}
    assert {"accounts", "config", "drives", "practice", "prizes", "scorekeeper", "scoring"} <= names


def test_a_new_app_folder_is_found_without_being_named(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "hall" / "printing").mkdir(parents=True)
    (tmp_path / "hall" / "printing" / "apps.py").write_text("")
    (tmp_path / ".venv" / "lib" / "x").mkdir(parents=True)
    (tmp_path / ".venv" / "lib" / "x" / "apps.py").write_text("")
    found = [p.relative_to(tmp_path).as_posix() for p in app_folders(tmp_path)]
    assert found == ["config", "hall/printing"]


def test_every_form_of_dynamic_import_is_caught():
    forms = [
        "import importlib",
        "import importlib.util",
        "from importlib import import_module",
        "from importlib.util import find_spec",
        "from django.utils.module_loading import import_string",
        "m = import_module('prizes.services.' + name)",
        "m = importlib.import_module(name)",
        "m = __import__(name)",
        "m = builtins.__import__(name)",
        "f = import_string('prizes.services.ties.cash')",
    ]
    for source in forms:
        assert len(dynamic_imports(source)) >= 1, source
    assert dynamic_imports("from prizes.services import jar, side, ties\nties.cash(d)") == []


def test_app_code_has_no_dynamic_import():
    found = []
    for folder in app_folders():
        for path in sorted(folder.rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            lines = [f"{where}:{n}: {what}" for n, what in dynamic_imports(path.read_text())]
            if where in ALLOWED:
                assert lines, f"{where} imports by name no more: take it out of ALLOWED"
            else:
                found += lines
    assert found == [], "import by a plain import statement instead:\n" + "\n".join(found)
