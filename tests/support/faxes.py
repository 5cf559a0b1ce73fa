"""Raw G3 fax files (no container) made from a real fax, as fax servers store them."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageOps

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
STANDARD, FINE = 98, 196  # rows per inch
_REVERSED = bytes(int(f"{value:08b}"[::-1], 2) for value in range(256))


def raw_g3(
    target: Path,
    rows_per_inch: int = STANDARD,
    lowest_bit_first: bool = True,
    source: str = "libtiff__testfax4.tiff",
) -> Path:
    """The real fax page at 1728 pixels a row and the given resolution, as bare T.4 code.

    libtiff writes the code words (through Pillow's TIFF writer); only its strips are kept.
    Its encoder codes 0 bits as white runs, so the page is handed over with white as 0.
    mgetty and efax write the lowest bit of each byte first (`lowest_bit_first`).
    """
    with Image.open(FIXTURES / source) as opened:
        dpi = opened.info.get("dpi", (300.0, 300.0))
        grey = opened.convert("L")
    rows = round(grey.height / dpi[1] * rows_per_inch)
    page = grey.resize((1728, rows), Image.Resampling.LANCZOS).point(
        lambda level: 255 if level > 128 else 0
    )
    white_as_zero = ImageOps.invert(page).convert("1")
    buffer = io.BytesIO()
    white_as_zero.save(buffer, format="TIFF", compression="group3")
    with Image.open(io.BytesIO(buffer.getvalue())) as written:
        strips = zip(written.tag_v2[273], written.tag_v2[279], strict=True)
        data = b"".join(buffer.getvalue()[offset : offset + size] for offset, size in strips)
    target.write_bytes(data.translate(_REVERSED) if lowest_bit_first else data)
    return target
