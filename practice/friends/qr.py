"""The QR code of a friends' table's address, drawn as SVG on the laptop (no internet).

zxing-cpp encodes it (as the printed table cards' codes are, printing/pdf/tables.py);
each dark run of modules is one rectangle, in a square with the standard's quiet zone.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import zxingcpp

QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


@lru_cache(maxsize=256)
def qr_svg(data: str) -> str:
    """An SVG of ``data``'s QR code (error correction M), scaling to any size."""
    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    pixels = memoryview(code.to_image(scale=1, add_quiet_zones=False))
    count = pixels.shape[0]
    flat = pixels.tobytes()  # one byte a module, row by row: 0 dark, 255 light
    rects = []
    for r in range(count):
        c = 0
        for light, group in itertools.groupby(flat[r * count : (r + 1) * count]):
            n = len(list(group))
            if not light:
                rects.append(
                    f'<rect x="{c + QUIET_ZONE}" y="{r + QUIET_ZONE}" width="{n}" height="1"/>'
                )
            c += n
    side = count + 2 * QUIET_ZONE
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        'shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<g fill="#000">{"".join(rects)}</g></svg>'
    )
