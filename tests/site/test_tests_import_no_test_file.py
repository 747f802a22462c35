"""No test file imports another test file: what tests share lives in tests/builders/.

A test module that imports another (``from tests.prizes.test_prizes_ties import
finished_night``) ties the two together: running one file runs the other's module code,
a helper changed for one file breaks the other, and pytest collects the imported
tests' names twice when they are pulled in. The shared nights, clients, readers and
matrices live in the ``tests.builders`` package (one module per subject), the shared
fixtures in a conftest.py. This test parses every file under tests/ and fails on any
import, absolute or relative, of a module whose name starts with ``test_``.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def module_of(path: Path, root: Path) -> list[str]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def imported_modules(source: str, path: Path, root: Path) -> list[tuple[int, list[str]]]:
    """Each import statement of the source with the modules it may load, relative imports
    resolved: ``from a.b import c`` may load a.b and a.b.c (c may be a module)."""
    here = module_of(path, root)
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.append((node.lineno, [alias.name for alias in node.names]))
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - (node.level - 1)] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, [module, *(f"{module}.{a.name}" for a in node.names)]))
    return found


def is_test_module(name: str, root: Path) -> bool:
    parts = name.split(".")
    return parts[0] == root.name and any(p.startswith("test_") for p in parts[1:])


def imports_of_test_files(root: Path = TESTS) -> list[str]:
    """Each import of a test module by any file under the tests folder."""
    bad = []
    for path in sorted(root.rglob("*.py")):
        for line, modules in imported_modules(path.read_text(), path, root):
            tests = [m for m in modules if is_test_module(m, root)]
            if tests:
                bad.append(f"{path.relative_to(root.parent)}:{line}: imports {tests[0]}")
    return sorted(set(bad))


def test_every_form_of_importing_a_test_file_is_caught(tmp_path):
    root = tmp_path / "tests"
    (root / "prizes").mkdir(parents=True)
    (root / "builders").mkdir()
    for folder in (root, root / "prizes", root / "builders"):
        (folder / "__init__.py").touch()
    (root / "prizes" / "test_ties.py").write_text("def night(): ...\n")
    forms = [
        "from tests.prizes.test_ties import night",
        "from tests.prizes.test_ties import (\n    night,\n)",
        "from .test_ties import night",
        "from ..prizes.test_ties import night",
        "from . import test_ties",
        "from tests.prizes import test_ties",
        "import tests.prizes.test_ties",
        "import tests.prizes.test_ties as ties",
    ]
    for source in forms:
        (root / "prizes" / "test_other.py").write_text(source + "\n")
        found = imports_of_test_files(root)
        assert [f.split(": ")[0] for f in found] == ["tests/prizes/test_other.py:1"], source
    allowed = [
        "from tests.builders import NOW",
        "from tests.builders.ties import finished_night",
        "from . import conftest",
        "import pytest\nfrom testing_lib import test_helpers",
        "from drives.models import test_thing",  # not a module of the tests folder
    ]
    for source in allowed:
        (root / "prizes" / "test_other.py").write_text(source + "\n")
        assert imports_of_test_files(root) == [], source


def test_no_test_file_imports_another_test_file():
    found = imports_of_test_files()
    assert found == [], (
        "move what is shared into tests/builders/ (a module per subject) or a conftest.py:\n"
        + "\n".join(found)
    )
