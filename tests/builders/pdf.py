"""Reading a PDF: a sent PDF's text (pypdf), and what our renderers drew, for goldens.

`drawing(pdf)` reads a PDF written by ReportLab (ours: page streams Flate- and
ASCII85-encoded, fonts subset with a ToUnicode map) and lists what a reader would
see: the title, each page's size, and per page every text run with its position,
font, size and colour, every path with its paint, colours, line width and dash,
and every form stamped (the forms' own drawing is listed once, at the end).
Positions are in points on the page, rounded to 0.01; nothing of the file's
layout (object numbers, ids, dates, compression) is in it, so a golden made from
it changes only when what is printed changes. `page_texts(pdf)` reads the texts
back, page by page, for tests of where a long list's rows fall.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import zlib
from dataclasses import dataclass, field, replace

from pypdf import PdfReader


def pages_text(response) -> list[str]:
    reader = PdfReader(io.BytesIO(response.content))
    return [p.extract_text() for p in reader.pages]


# ---------------------------------------------------------------- the file's objects


@dataclass(frozen=True)
class Ref:
    number: int


class Name(str):
    """A PDF name (/Font), told apart from a string."""


@dataclass(frozen=True)
class Op:
    """An operator of a content stream (or a bare keyword: obj, R, true)."""

    word: str


_DELIMITERS = b"()<>[]{}/%"
_WHITE = b" \t\r\n\f\x00"
_ESCAPES = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}


def _string(data: bytes, i: int) -> tuple[bytes, int]:
    """A literal string starting after its "(": its bytes and the index after ")"."""
    out, depth = bytearray(), 1
    while True:
        ch = data[i]
        i += 1
        if ch == 0x5C:  # backslash
            nxt = data[i]
            i += 1
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
            elif 0x30 <= nxt <= 0x37:
                digits = bytes([nxt])
                while len(digits) < 3 and 0x30 <= data[i] <= 0x37:
                    digits += data[i : i + 1]
                    i += 1
                out.append(int(digits, 8) & 0xFF)
            elif nxt in b"\r\n":
                if nxt == 0x0D and data[i] == 0x0A:
                    i += 1
            else:
                out.append(nxt)
        elif ch == 0x28:
            depth += 1
            out.append(ch)
        elif ch == 0x29:
            depth -= 1
            if not depth:
                return bytes(out), i
            out.append(ch)
        else:
            out.append(ch)


def tokens(data: bytes):
    """The tokens of PDF syntax: numbers, strings (bytes), names, << >> [ ], operators."""
    i, n = 0, len(data)
    while i < n:
        ch = data[i]
        if ch in _WHITE:
            i += 1
        elif ch == 0x25:  # % comment
            while i < n and data[i] not in b"\r\n":
                i += 1
        elif ch == 0x28:
            text, i = _string(data, i + 1)
            yield text
        elif data.startswith(b"<<", i) or data.startswith(b">>", i):
            yield data[i : i + 2].decode()
            i += 2
        elif ch == 0x3C:
            end = data.index(b">", i)
            hexits = re.sub(rb"\s", b"", data[i + 1 : end])
            yield bytes.fromhex((hexits + b"0" * (len(hexits) % 2)).decode())
            i = end + 1
        elif ch in b"[]":
            yield chr(ch)
            i += 1
        else:
            start = i
            i += 1
            while i < n and data[i] not in _WHITE and data[i] not in _DELIMITERS:
                i += 1
            word = data[start:i].decode("latin-1")
            if word.startswith("/"):
                yield Name(word[1:])
            elif re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", word):
                yield float(word) if "." in word else int(word)
            else:
                yield Op(word)


def _value(items: list, i: int):
    """One value of an object's syntax at items[i]: the value and the next index."""
    item = items[i]
    if item == "<<":
        out, i = {}, i + 1
        while items[i] != ">>":
            key = items[i]
            out[key], i = _value(items, i + 1)
        return out, i + 1
    if item == "[":
        out, i = [], i + 1
        while items[i] != "]":
            value, i = _value(items, i)
            out.append(value)
        return out, i + 1
    if (
        isinstance(item, int)
        and i + 2 < len(items)
        and isinstance(items[i + 1], int)
        and items[i + 2] == Op("R")
    ):
        return Ref(item), i + 3
    return item, i + 1


def _decoded(head: dict, raw: bytes) -> bytes:
    filters = head.get("Filter", [])
    for name in filters if isinstance(filters, list) else [filters]:
        if name == "ASCII85Decode":
            text = raw.strip()
            text = text[2:] if text.startswith(b"<~") else text
            raw = base64.a85decode(b"<~" + text, adobe=True)
        elif name == "FlateDecode":
            raw = zlib.decompress(raw)
        else:
            raise ValueError(f"a filter this reader does not know: {name}")
    return raw


@dataclass
class PdfFile:
    objects: dict[int, object]
    streams: dict[int, bytes]

    def get(self, value):
        return self.objects[value.number] if isinstance(value, Ref) else value

    def stream(self, value) -> bytes:
        return self.streams[value.number]


def read_objects(pdf: bytes) -> PdfFile:
    objects, streams = {}, {}
    for match in re.finditer(rb"(\d+) 0 obj\r?\n(.*?)endobj", pdf, re.S):
        number, body = int(match.group(1)), match.group(2)
        stream = re.search(rb"stream\r?\n", body)
        head_bytes = body[: stream.start()] if stream else body
        items = list(tokens(head_bytes))
        objects[number] = _value(items, 0)[0] if items else None
        if stream:
            raw = body[stream.end() :]
            length = objects[number].get("Length")
            raw = raw[:length] if isinstance(length, int) else raw.rsplit(b"endstream", 1)[0]
            streams[number] = _decoded(objects[number], raw)
    return PdfFile(objects, streams)


def _unicode(hexits: str) -> str:
    # UTF-16, as the PDF standard says; ReportLab writes a character past U+FFFF as its
    # bare number (<1D5D4>, not <D835DDD4>).
    if len(hexits) % 4:
        return chr(int(hexits, 16))
    return bytes.fromhex(hexits).decode("utf-16-be")


def _unicode_map(cmap: bytes) -> dict[int, str]:
    out = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = _unicode(text.decode())
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, text in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            first = int(text, 16)
            for k, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(first + k)
    return out


@dataclass(frozen=True)
class Font:
    name: str  # the face: DejaVuSans-Bold (a subset's tag dropped)
    chars: dict[int, str] | None  # None: a standard font, its bytes read as Latin-1

    def text(self, raw: bytes) -> str:
        if self.chars is None:
            return raw.decode("latin-1")
        return "".join(self.chars.get(b, "\ufffd") for b in raw)


def _fonts(f: PdfFile, resources: dict) -> dict[str, Font]:
    out = {}
    for key, ref in f.get(resources.get("Font", {})).items():
        font = f.get(ref)
        face = re.sub(r"^[A-Z]{6}\+", "", font["BaseFont"])
        chars = _unicode_map(f.stream(font["ToUnicode"])) if "ToUnicode" in font else None
        out[key] = Font(face, chars)
    return out


def _info_text(raw) -> str:
    if isinstance(raw, bytes) and raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be")
    return raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)


# ---------------------------------------------------------------- drawing, as lines


def num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def colour(rgb: tuple[float, ...]) -> str:
    if len(set(rgb)) == 1:
        return num(rgb[0])
    return "/".join(num(v) for v in rgb)


def _times(m, n):
    """The matrix m then n (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


LONG_PATH = 24  # parts: a path longer than this is listed as its size and a digest
WORDS = ("Title", "Author", "Creator")  # what a PDF reader shows of the document
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _xy(point: tuple[float, float]) -> str:
    return f"{num(point[0])},{num(point[1])}"


def _circle(path: list) -> str | None:
    """ "circle 75.5,41.25 r=13" for the four arcs ReportLab draws a circle with."""
    ops = [op for op, _ in path]
    if ops not in (["m", "c", "c", "c", "c"], ["m", "c", "c", "c", "c", "h"]):
        return None
    ((x0, y0),) = path[0][1]
    ends = [points[-1] for _, points in path[1:5]]
    r = (x0 - ends[1][0]) / 2
    cx, cy = x0 - r, y0
    want = [(cx, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy)]
    off = [abs(a - b) for p, q in zip(ends, want, strict=True) for a, b in zip(p, q, strict=True)]
    if r <= 0 or max(off) > 0.01:
        return None
    return f"circle {_xy((cx, cy))} r={num(r)}"


def _shape(path: list) -> str:
    """A path as its parts ("m 1,2 l 3,4"), a circle as its centre and radius, and a
    long path (a QR code's modules) as its size, its bounds and a digest of its parts."""
    circle = _circle(path)
    if circle:
        return circle
    parts = []
    for op, points in path:
        if op == "re":
            (x0, y0), (x1, y1) = points
            parts.append(f"re {_xy((x0, y0))} {num(x1 - x0)}x{num(y1 - y0)}")
        else:
            parts.append(" ".join([op, *(_xy(p) for p in points)]))
    if len(parts) <= LONG_PATH:
        return " ".join(parts)
    xs = [x for _, points in path for x, _ in points]
    ys = [y for _, points in path for _, y in points]
    digest = hashlib.sha1(" ".join(parts).encode()).hexdigest()[:12]
    return (
        f"{len(parts)} parts in {num(min(xs))},{num(min(ys))}..{num(max(xs))},{num(max(ys))}"
        f" #{digest}"
    )


@dataclass(frozen=True)
class State:
    ctm: tuple = IDENTITY
    fill: tuple = (0.0,)
    stroke: tuple = (0.0,)
    width: float = 1.0
    dash: tuple = ((), 0)
    cap: int = 0
    join: int = 0
    font: str = ""
    size: float = 0.0
    leading: float = 0.0


@dataclass
class _TextLine:
    """The text of one line being drawn: its start and its runs of one font and colour."""

    at: tuple[float, float]
    runs: list = field(default_factory=list)


def _matrix_text(m) -> str:
    if m[:4] == IDENTITY[:4]:
        return f"{num(m[4])},{num(m[5])}"
    return "matrix " + " ".join(num(v) for v in m)


class _Painter:
    """Runs a content stream and writes down what it puts on the page."""

    def __init__(self, fonts: dict[str, Font], out: list[str], indent: str):
        self.fonts, self.out, self.indent = fonts, out, indent
        self.state, self.stack = State(), []
        self.path: list[tuple[str, tuple]] = []
        self.clip = False
        self.line_matrix = self.text_matrix = IDENTITY
        self.text: _TextLine | None = None

    def emit(self, line: str) -> None:
        self.out.append(self.indent + line)

    def flush_text(self) -> None:
        if self.text and self.text.runs:
            x, y = self.text.at
            parts = [
                f"{font} {num(size)} fill={colour(fill)} {quoted(text)}"
                for font, size, fill, text in self.text.runs
            ]
            self.emit(f"text {num(x)},{num(y)} " + " + ".join(parts))
        self.text = None

    def show(self, raw: bytes) -> None:
        s = self.state
        if self.text is None:
            self.text = _TextLine(_apply(_times(self.text_matrix, s.ctm), 0, 0))
        font = self.fonts[s.font]
        key = (font.name, s.size, s.fill)
        text = font.text(raw)
        runs = self.text.runs
        if runs and runs[-1][:3] == key:
            runs[-1] = (*key, runs[-1][3] + text)
        else:
            runs.append((*key, text))

    def move_text(self, tx: float, ty: float) -> None:
        self.flush_text()
        self.line_matrix = _times((1, 0, 0, 1, tx, ty), self.line_matrix)
        self.text_matrix = self.line_matrix

    def add(self, op: str, *xy: float) -> None:
        ctm = self.state.ctm
        self.path.append((op, tuple(_apply(ctm, xy[k], xy[k + 1]) for k in range(0, len(xy), 2))))

    def paint(self, how: str) -> None:
        s = self.state
        if how in ("s", "b", "b*"):
            self.path.append(("h", ()))
        if how == "n":
            if self.clip and self.path:
                self.emit("clip: " + _shape(self.path))
        else:
            look = []
            if how in ("f", "F", "f*", "B", "B*", "b", "b*"):
                look.append(f"fill={colour(s.fill)}" + (" even-odd" if "*" in how else ""))
            if how in ("S", "s", "B", "B*", "b", "b*"):
                look.append(f"stroke={colour(s.stroke)} w={num(s.width)}")
                if s.dash != ((), 0):
                    look.append(f"dash={','.join(num(v) for v in s.dash[0])}/{num(s.dash[1])}")
                if s.cap or s.join:
                    look.append(f"cap={s.cap} join={s.join}")
            self.emit(f"{' '.join(look)}: {_shape(self.path)}")
        self.path, self.clip = [], False

    def run(self, content: bytes) -> None:
        operands: list = []
        items = list(tokens(content))
        i = 0
        while i < len(items):
            item = items[i]
            if item == "[":
                value, i = _value(items, i)
                operands.append(value)
                continue
            i += 1
            if not isinstance(item, Op):
                operands.append(item)
                continue
            self.do(item.word, operands)
            operands = []

    def do(self, op: str, a: list) -> None:  # noqa: C901 (one per operator)
        s = self.state
        if op == "q":
            self.stack.append(s)
        elif op == "Q":
            self.state = self.stack.pop()
        elif op == "cm":
            self.state = replace(s, ctm=_times(tuple(a), s.ctm))
        elif op == "rg" or op == "g":
            self.state = replace(s, fill=tuple(a))
        elif op == "RG" or op == "G":
            self.state = replace(s, stroke=tuple(a))
        elif op == "w":
            self.state = replace(s, width=a[0])
        elif op == "d":
            self.state = replace(s, dash=(tuple(a[0]), a[1]))
        elif op == "J":
            self.state = replace(s, cap=a[0])
        elif op == "j":
            self.state = replace(s, join=a[0])
        elif op in ("m", "l", "c", "v", "y"):
            self.add(op, *a)
        elif op == "re":
            x, y, w, h = a
            self.add(op, x, y, x + w, y + h)
        elif op == "h":
            self.path.append(("h", ()))
        elif op in ("W", "W*"):
            self.clip = True
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            self.paint(op)
        elif op == "BT":
            self.line_matrix = self.text_matrix = IDENTITY
            self.text = None
        elif op == "ET":
            self.flush_text()
        elif op == "Tf":
            self.state = replace(s, font=a[0], size=a[1])
        elif op == "TL":
            self.state = replace(s, leading=a[0])
        elif op == "Tm":
            self.flush_text()
            self.line_matrix = self.text_matrix = tuple(a)
        elif op == "Td":
            self.move_text(a[0], a[1])
        elif op == "TD":
            self.state = replace(s, leading=-a[1])
            self.move_text(a[0], a[1])
        elif op == "T*":
            self.move_text(0, -s.leading)
        elif op == "Tj":
            self.show(a[0])
        elif op == "TJ":
            for part in a[0]:
                if isinstance(part, bytes):
                    self.show(part)
        elif op == "'":
            self.move_text(0, -s.leading)
            self.show(a[0])
        elif op == "Do":
            self.emit(f"form {a[0].removeprefix('FormXob.')} at {_matrix_text(s.ctm)}")
        elif op in ("Tc", "Tw", "Tz", "Ts", "Tr", "i", "M", "ri", "gs"):
            if op not in ("Tw", "i", "M") or a[0] not in (0, 0.0):
                self.emit(f"state {op} {' '.join(str(v) for v in a)}")
        else:
            raise ValueError(f"an operator this reader does not know: {op}")


def drawing(pdf: bytes) -> list[str]:
    """What the PDF draws, one line a thing drawn (see the module's docstring)."""
    f = read_objects(pdf)
    trailer = dict(re.findall(rb"/(Root|Info) (\d+) 0 R", pdf.rsplit(b"trailer", 1)[1]))
    info = f.objects[int(trailer[b"Info"])]
    out = [f"{key.lower()} {quoted(_info_text(info.get(key, b'')))}" for key in WORDS]
    catalog = f.objects[int(trailer[b"Root"])]
    pages, forms = [], {}

    def walk(node) -> None:
        node = f.get(node)
        if node.get("Type") == "Pages":
            for kid in node["Kids"]:
                walk(kid)
        else:
            pages.append(node)

    walk(catalog["Pages"])
    out.append(f"pages {len(pages)}")
    for number, page in enumerate(pages, start=1):
        resources = f.get(page["Resources"])
        x0, y0, x1, y1 = page["MediaBox"]
        out.append(f"page {number} {num(x1 - x0)}x{num(y1 - y0)}")
        for name, ref in f.get(resources.get("XObject", {})).items():
            forms.setdefault(name, ref)
        _Painter(_fonts(f, resources), out, "  ").run(f.stream(page["Contents"]))
    for name, ref in sorted(forms.items()):
        form = f.get(ref)
        box = " ".join(num(v) for v in form["BBox"])
        out.append(f"form {name.removeprefix('FormXob.')} box {box}")
        _Painter(_fonts(f, f.get(form["Resources"])), out, "  ").run(f.stream(ref))
    return out


@dataclass(frozen=True)
class Text:
    """One text a page prints (a line of `drawing`, read back)."""

    x: float
    y: float
    font: str
    size: float
    text: str


_TEXT = re.compile(r'\s*text (\S+),(\S+) (\S+) (\S+) fill=\S+ (".*")$')


def page_texts(pdf: bytes) -> list[list[Text]]:
    """Each page's texts, in the order they are drawn (the frame's last)."""
    pages: list[list[Text]] = []
    for line in drawing(pdf):
        if line.startswith("page "):
            pages.append([])
        elif line.startswith("form "):
            break
        elif match := _TEXT.match(line):
            x, y, font, size, text = match.groups()
            pages[-1].append(Text(float(x), float(y), font, float(size), json.loads(text)))
    return pages
