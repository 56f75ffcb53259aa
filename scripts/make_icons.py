"""Draw the app's icons (a white spade on the felt green) as PNGs in static/icons/, with the
standard library only: ``python scripts/make_icons.py``. The spade keeps inside the middle 60 %,
so the same picture serves as a maskable icon (the launcher may crop to a circle)."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
FELT = (20, 83, 45)
WHITE = (255, 255, 255)
SAMPLES = 4  # per axis, for smooth edges


def in_spade(x: float, y: float) -> bool:
    """(x, y) in 0..1, y down: two lobes, a point on top, and a stem."""
    cx = 0.5
    lobe_r, lobe_y = 0.13, 0.55
    if (x - (cx - 0.12)) ** 2 + (y - lobe_y) ** 2 <= lobe_r ** 2:
        return True
    if (x - (cx + 0.12)) ** 2 + (y - lobe_y) ** 2 <= lobe_r ** 2:
        return True
    top, bottom = 0.2, 0.6  # the upper body: a triangle from the tip down to the lobes
    if top <= y <= bottom:
        half = 0.245 * (y - top) / (bottom - top)
        if abs(x - cx) <= half:
            return True
    if 0.55 <= y <= 0.8:  # the stem, widening to a foot
        half = 0.03 + 0.09 * max(0.0, (y - 0.68) / 0.12)
        return abs(x - cx) <= half
    return False


def draw(size: int) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            hits = sum(in_spade((px + (i + .5) / SAMPLES) / size, (py + (j + .5) / SAMPLES) / size)
                       for i in range(SAMPLES) for j in range(SAMPLES))
            share = hits / SAMPLES ** 2
            row += bytes(round(f + (w - f) * share) for f, w in zip(FELT, WHITE))
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (180, 192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size))
