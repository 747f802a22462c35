"""The French catalog is complete, compiled, and no template shows unmarked text.

Run by `make test` (and `make messages` to bring the catalog up to date). Fails when:

1. a string marked for translation anywhere (Python, templates) has no French in
   locale/fr/LC_MESSAGES/django.po, or its French is fuzzy: `makemessages` is run on a
   copy of the tree, so the catalog in the tree is not touched;
2. the catalog does not compile (`msgfmt --check`), or the compiled django.mo in the tree
   is not the catalog's (the .mo is committed, so `make run` needs no gettext tools);
3. a translation function is imported under a name `makemessages` does not know
   (`gettext_lazy as _lazy`): its strings never reach the catalog and stay English;
4. a template holds text a person reads outside {% translate %} / {% blocktranslate %}:
   words between tags, or in a title, placeholder, aria-label, alt or data-ask/-sending
   attribute. ALLOWED lists the few words that are the same in every language.

Needs GNU gettext (xgettext, msgfmt): `apt-get install gettext`.
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
SKIP_DIRS = {".git", ".venv", "var", "node_modules", "__pycache__", ".hypothesis", "tests"}

# Text that is the same in every language: names, symbols, units.
ALLOWED = {
    "English",
    "Français",
    "45s",
    "QR",
    "PDF",
    "CSV",
    "JSON",
    "A4",
    "OK",
}

ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "data-ask", "data-sending"}
WORD = re.compile(r"[^\W\d_]{2,}")


def main() -> int:
    problems: list[str] = []
    for tool in ("xgettext", "msgfmt", "msgmerge"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing: install GNU gettext (apt-get install gettext).")
            return 2
    problems += untranslated()
    problems += compiled()
    problems += unknown_aliases()
    problems += unmarked_templates()
    if problems:
        print("\n".join(problems))
        print(f"\n{len(problems)} translation problem(s). `make messages` updates the catalog.")
        return 1
    print("French catalog: complete, compiled; templates: every text marked.")
    return 0


def _copy_tree(to: Path) -> None:
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        rel = Path(dirpath).relative_to(ROOT)
        for name in filenames:
            if name.endswith((".py", ".html", ".txt", ".js", ".po")):
                dest = to / rel / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(dirpath) / name, dest)


def untranslated() -> list[str]:
    """Strings marked in the code that the catalog lacks, or has without French or fuzzy."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        _copy_tree(copy)
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CARD_DRIVE_VAR": tmp}
        run = subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-wrap", "-v0"],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            return [f"makemessages failed: {run.stderr.strip()}"]
        fresh = (copy / "locale" / "fr" / "LC_MESSAGES" / "django.po").read_text()
    out = []
    for entry in catalog_entries(fresh):
        if entry.obsolete or entry.msgid == "":
            continue
        where = entry.where or "?"
        if entry.fuzzy:
            out.append(f"fuzzy French: {entry.msgid!r} ({where})")
        elif not all(entry.msgstr):
            out.append(f"no French: {entry.msgid!r} ({where})")
    return out


def compiled() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "django.mo"
        run = subprocess.run(
            ["msgfmt", "--check", "-o", str(built), str(PO)], capture_output=True, text=True
        )
        if run.returncode != 0:
            return [f"the French catalog does not compile: {run.stderr.strip()}"]
        if not MO.exists():
            return [f"{MO.relative_to(ROOT)} is missing: run `make messages`."]
        with built.open("rb") as a, MO.open("rb") as b:
            if gettext.GNUTranslations(a)._catalog != gettext.GNUTranslations(b)._catalog:
                return [f"{MO.relative_to(ROOT)} is older than the catalog: run `make messages`."]
    return []


class CatalogEntry:
    def __init__(self) -> None:
        self.msgid = ""
        self.msgstr: list[str] = []
        self.fuzzy = False
        self.obsolete = False
        self.where = ""


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(line: str) -> str:
    body = line[line.index('"') + 1 : line.rindex('"')]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def catalog_entries(text: str) -> list[CatalogEntry]:
    """The entries of a .po file: enough of the format for this check."""
    entries = []
    for block in text.split("\n\n"):
        e, field = CatalogEntry(), None
        for line in block.splitlines():
            if line.startswith("#~"):
                e.obsolete = True
            elif line.startswith("#,") and "fuzzy" in line:
                e.fuzzy = True
            elif line.startswith("#:") and not e.where:
                e.where = line[2:].strip().split(" ")[0]
            elif line.startswith("msgid "):
                field, e.msgid = "msgid", _unquote(line)
            elif line.startswith("msgid_plural "):
                field = "plural"
            elif line.startswith("msgstr"):
                field = "msgstr"
                e.msgstr.append(_unquote(line))
            elif line.startswith('"') and field == "msgid":
                e.msgid += _unquote(line)
            elif line.startswith('"') and field == "msgstr":
                e.msgstr[-1] += _unquote(line)
        if e.msgid or e.msgstr or e.obsolete:
            entries.append(e)
    return entries


# --- Names makemessages knows ----------------------------------------------------------

# The keywords Django's makemessages passes to xgettext (and ours: ngettext_noop), and the
# one alias every module uses, `_`.
KEYWORDS = {
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "ngettext_noop",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "_",
    "N_",
}
TRANSLATORS = {"django.utils.translation", "scoring.words"}


def unknown_aliases() -> list[str]:
    """`from django.utils.translation import gettext_lazy as _lazy`: xgettext finds no
    `_lazy("...")`, so those strings never get their French."""
    import ast

    out = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and d != "migrations"]
        for name in filenames:
            if not name.endswith(".py"):
                continue
            path = Path(dirpath) / name
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.ImportFrom) or node.module not in TRANSLATORS:
                    continue
                for alias in node.names:
                    if alias.asname and alias.asname not in KEYWORDS and "text" in alias.name:
                        rel = path.relative_to(ROOT)
                        out.append(
                            f"{rel}:{node.lineno}: {alias.name} imported as {alias.asname}, a "
                            "name makemessages does not read: its strings stay English"
                        )
    return out


# --- Templates ---------------------------------------------------------------------------

_MARKED = [
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    re.compile(r"\{%\s*blocktranslate\b.*?\{%\s*endblocktranslate\s*%\}", re.S),
    re.compile(r"\{%\s*blocktrans\b.*?\{%\s*endblocktrans\s*%\}", re.S),
    re.compile(r"<script\b.*?</script>", re.S),
    re.compile(r"<style\b.*?</style>", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
]


def _blank(match: re.Match) -> str:
    # Keep the line count, so a problem names its line.
    return re.sub(r"[^\n]", " ", match.group(0))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []

    def handle_data(self, data: str) -> None:
        self._check(data)

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self._check(value)

    def _check(self, text: str) -> None:
        words = [w for w in WORD.findall(text) if w not in ALLOWED]
        if words:
            self.found.append((self.getpos()[0], " ".join(text.split())))


def unmarked_templates() -> list[str]:
    out = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        source = path.read_text()
        for pattern in _MARKED:
            source = pattern.sub(_blank, source)
        parser = _Text()
        parser.feed(source)
        parser.close()
        rel = path.relative_to(ROOT)
        out += [f"unmarked text in {rel}:{line}: {text!r}" for line, text in parser.found]
    return out


if __name__ == "__main__":
    sys.exit(main())
