"""Reading a PDF the site sent: its pages' text."""

from __future__ import annotations

import io

from pypdf import PdfReader


def pages_text(response) -> list[str]:
    reader = PdfReader(io.BytesIO(response.content))
    return [p.extract_text() for p in reader.pages]
