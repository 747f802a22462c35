"""No private names across modules: what one module uses from another is public.

A name with a leading underscore is its module's own business. When another module
imports it (``from drives.services.common import _helper``) or reaches for it
through the module (``common._helper``), the helper is shared in fact and should
be public, named for what it does, or live where both users can see it. This test walks
the repository (config, tests, bench, scripts and every folder holding an apps.py, so a
new app is checked without being named here), parses each file and fails on:

- ``from x import _y`` (one line or parenthesized, absolute or relative) and
  ``import x._y`` where x is a module of this repository;
- ``m._y`` where ``m`` is a name bound by importing from this repository: ``import x``,
  ``import x as m``, ``from x import m`` or ``from . import m`` (a module, a class or a
  function of ours), through any chain of attributes (``drives.services._y``);
- the same reached by a string: ``monkeypatch.setattr(m, "_y", ...)``, ``getattr(m, "_y")``,
  ``patch("x._y")`` (a test that patches a private helper is tied to the split too).

Dunder names (``__all__``, ``__name__``) are not private, and Django documents ``_meta``
as the public API of a model's options, so both pass.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", "node_modules", "var", "static", "migrations"}

# Folders scanned besides every folder holding an apps.py.
ALSO_SCANNED = ("config", "tests", "bench", "scripts")

# Attributes that start with an underscore and are documented public API of what they
# belong to (Django's Model._meta: "the Options API").
PUBLIC_UNDERSCORED = {"_meta"}

# (path from the repository root, private name) -> why that file must use it.
ALLOWED: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Use:
    line: int
    name: str
    how: str

    def __str__(self) -> str:
        return f"{self.line}: {self.how}"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def scanned_folders(root: Path = ROOT) -> list[Path]:
    """config, tests, bench, scripts and every folder holding an apps.py, hidden folders and
    the skipped ones aside."""
    found = {root / name for name in ALSO_SCANNED if (root / name).is_dir()}
    for apps in root.rglob("apps.py"):
        parts = apps.relative_to(root).parts
        if not any(p.startswith(".") or p in SKIPPED for p in parts):
            found.add(apps.parent)
    return sorted(found)


def scanned_files(root: Path = ROOT) -> list[Path]:
    files = set()
    for folder in scanned_folders(root):
        for path in folder.rglob("*.py"):
            parts = path.relative_to(root).parts
            if not any(p.startswith(".") or p in SKIPPED for p in parts):
                files.add(path)
    return sorted(files)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_repository_module(name: str, root: Path = ROOT) -> bool:
    """Whether a dotted name starts at a package or module of this repository."""
    top = name.split(".")[0]
    return bool(top) and ((root / top / "__init__.py").is_file() or (root / f"{top}.py").is_file())


def is_module_file(name: str, root: Path = ROOT) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def resolve_from(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` names, relative levels resolved."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, *([node.module] if node.module else [])])


def _attribute_chain(node: ast.Attribute) -> tuple[str, list[str]] | None:
    """``a.b.c`` -> ("a", ["b", "c"]); None when the chain does not start at a name."""
    attrs = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return node.id, attrs[::-1]


def private_uses(source: str, path: Path, root: Path = ROOT) -> list[Use]:
    """Every use in the source of a private name of another module of the repository."""
    importer = module_name(path, root)
    is_package = path.name == "__init__.py"
    tree = ast.parse(source)
    bound: set[str] = set()  # names bound by importing from the repository
    found: list[Use] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not is_repository_module(alias.name, root):
                    continue
                private = [p for p in alias.name.split(".") if is_private(p)]
                for part in private:
                    found.append(Use(node.lineno, part, f"import {alias.name}"))
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            module = resolve_from(node, importer, is_package)
            if not is_repository_module(module, root):
                continue
            for part in module.split("."):
                if is_private(part):
                    found.append(Use(node.lineno, part, f"from {module} import ..."))
            for alias in node.names:
                if alias.name == "*":
                    continue
                if is_private(alias.name):
                    found.append(Use(node.lineno, alias.name, f"from {module} import {alias.name}"))
                bound.add(alias.asname or alias.name)
    # A chain a.b._c is read from its outermost attribute only, so each use counts once.
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or id(node) in inner:
            continue
        chain = _attribute_chain(node)
        if chain is None or chain[0] not in bound:
            continue
        name, attrs = chain
        for i, attr in enumerate(attrs):
            if is_private(attr) and attr not in PUBLIC_UNDERSCORED:
                found.append(Use(node.lineno, attr, ".".join([name, *attrs[: i + 1]])))
    found += _uses_by_name(tree, bound, root)
    return sorted(found, key=lambda u: (u.line, u.how))


NAMING_CALLS = {"setattr", "getattr", "delattr", "hasattr", "patch"}


def _uses_by_name(tree: ast.AST, bound: set[str], root: Path) -> list[Use]:
    """Private names reached by a string: ``monkeypatch.setattr(side, "_helper", ...)``,
    ``getattr(module, "_x")``, ``patch("drives.services.seating._helper")``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if called not in NAMING_CALLS or not node.args:
            continue
        first, rest = node.args[0], node.args[1:]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            target = first.value
            private = [p for p in target.split(".") if is_private(p)]
            if "." in target and is_repository_module(target, root) and private:
                found += [Use(node.lineno, p, f'{called}("{target}")') for p in private]
            continue
        chain = (first.id, []) if isinstance(first, ast.Name) else None
        if isinstance(first, ast.Attribute):
            chain = _attribute_chain(first)
        if chain is None or chain[0] not in bound or not rest:
            continue
        name = rest[0].value if isinstance(rest[0], ast.Constant) else None
        if isinstance(name, str) and is_private(name) and name not in PUBLIC_UNDERSCORED:
            where = ".".join([chain[0], *chain[1]])
            found.append(Use(node.lineno, name, f'{called}({where}, "{name}")'))
    return found


def repository_uses(root: Path = ROOT) -> dict[str, list[Use]]:
    uses = {}
    for path in scanned_files(root):
        found = private_uses(path.read_text(), path, root)
        if found:
            uses[path.relative_to(root).as_posix()] = found
    return uses


def test_the_scanned_folders_are_found_by_walking_the_repository():
    names = {p.relative_to(ROOT).as_posix() for p in scanned_folders()}
    assert {"accounts", "config", "drives", "prizes", "scoring", "tests", "bench"} <= names


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for folder in {p.parent for p in tmp_path.rglob("*.py")}:
        if folder != tmp_path:
            (folder / "__init__.py").touch()
    return tmp_path


def test_every_form_of_private_use_is_caught(tmp_path):
    root = _tree(
        tmp_path,
        {
            "hall/apps.py": "",
            "hall/services/common.py": "def _lock(): ...\ndef lock(): ...\n",
            "hall/services/_inner.py": "",
            "config/settings.py": "",
        },
    )
    forms = {
        "from hall.services.common import _lock": "_lock",
        "from hall.services.common import lock, _lock as held": "_lock",
        "from hall.services.common import (\n    lock,\n    _lock,\n)": "_lock",
        "from .common import _lock": "_lock",
        "from ..services.common import _lock": "_lock",
        "from hall.services import _inner": "_inner",
        "from hall.services._inner import x": "_inner",
        "import hall.services._inner": "_inner",
        "import hall.services.common\nhall.services.common._lock()": "_lock",
        "import hall.services.common as c\nc._lock()": "_lock",
        "from hall.services import common\ncommon._lock()": "_lock",
        "from . import common\nx = common._lock": "_lock",
        "from hall.services.common import Table\nTable._lock(t)": "_lock",
        "from hall.services import common\nmonkey(common._lock)": "_lock",
        "from hall.services import common\nmonkeypatch.setattr(common, '_lock', None)": "_lock",
        "import hall.services\ngetattr(hall.services.common, '_lock')": "_lock",
        "monkeypatch.setattr('hall.services.common._lock', None)": "_lock",
        "with mock.patch('hall.services.common._lock'): pass": "_lock",
    }
    where = root / "hall" / "services" / "results.py"
    for source, name in forms.items():
        assert [u.name for u in private_uses(source, where, root)] == [name], source
    # Each file of the repository is found and read: the use in a test is caught too.
    (root / "tests").mkdir()
    (root / "tests" / "__init__.py").touch()
    (root / "tests" / "test_x.py").write_text("from hall.services.common import _lock\n")
    (root / "config" / "urls.py").write_text("from hall.services import common\ncommon._lock\n")
    found = {path: [u.name for u in uses] for path, uses in repository_uses(root).items()}
    assert found == {"config/urls.py": ["_lock"], "tests/test_x.py": ["_lock"]}


def test_what_is_not_a_private_use_of_another_module_passes(tmp_path):
    root = _tree(tmp_path, {"hall/apps.py": "", "hall/models.py": "", "hall/views.py": ""})
    allowed = [
        "from hall.models import Drive\nDrive._meta.get_field('name')",
        "from hall import models\nmodels.Drive._meta.db_table",
        "from hall.models import __all__\nimport hall\nhall.__name__",
        "from os import _exit\nimport sys\nsys._getframe()",
        "from django.db import models\nmodels._private",
        "def _mine(): ...\n_mine()\nself._x = obj._y",
        "from hall.models import Drive\nDrive.objects.all()._result_cache",
        "getattr(instance, '_password', None)\nmock.patch('os._exit')",
        "from hall import models\nsetattr(models, 'loaded', True)\npatch('hall.models.x')",
    ]
    where = root / "hall" / "views.py"
    for source in allowed:
        assert private_uses(source, where, root) == [], source


def test_no_module_uses_another_modules_private_names():
    found = []
    used_allowed = set()
    for where, uses in repository_uses().items():
        for use in uses:
            if (where, use.name) in ALLOWED:
                used_allowed.add((where, use.name))
            else:
                found.append(f"{where}:{use}")
    assert found == [], (
        "make the name public, named for what it does, or move it where it belongs:\n"
        + "\n".join(found)
    )
    assert used_allowed == set(ALLOWED), "used no more, take out of ALLOWED: " + str(
        set(ALLOWED) - used_allowed
    )
