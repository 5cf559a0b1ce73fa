"""Rotated copies of real scans, written as the files a clinic would receive.

Each real page (a fax, a phone photo, a table page) is decoded once and written upright and
turned by 90, 180 and 270 degrees anticlockwise, in its own kind of container: the fax as a
CCITT G4 TIFF at its resolution, the photo as a JPEG, the table as an image-only PDF (a
scan of the born-digital table). A page turned anticlockwise by N degrees must be turned
clockwise by N to be upright, which is the angle docvault should detect.

Used by tests/test_orientation.py and bench/orientation_bench.py.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PIL import Image

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ANGLES = (0, 90, 180, 270)
_TRANSPOSE = {
    90: Image.Transpose.ROTATE_90,  # anticlockwise, as Pillow turns
    180: Image.Transpose.ROTATE_180,
    270: Image.Transpose.ROTATE_270,
}


@dataclass(frozen=True)
class RotatedPage:
    source: str  # the fixture's file name
    kind: str  # "fax", "photo", "table"
    angle: int  # anticlockwise turn applied = clockwise turn that makes it upright
    path: Path


def _turned(image: Image.Image, angle: int) -> Image.Image:
    return image if angle == 0 else image.transpose(_TRANSPOSE[angle])


def _write_fax(source: Path, angle: int, target: Path) -> None:
    with Image.open(source) as opened:
        dpi = opened.info.get("dpi", (300, 300))
        image = _turned(opened.convert("1"), angle)
        if angle in (90, 270):
            dpi = (dpi[1], dpi[0])
        image.save(target, format="TIFF", compression="group4", dpi=dpi)


def _write_photo(source: Path, angle: int, target: Path) -> None:
    with Image.open(source) as opened:
        _turned(opened.convert("RGB"), angle).save(target, format="JPEG", quality=95)


def _write_table_scan(source: Path, angle: int, target: Path) -> None:
    with pymupdf.open(source) as document:
        pixmap = document[0].get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
        image = Image.open(io.BytesIO(pixmap.tobytes("png")))
    turned = _turned(image, angle)
    buffer = io.BytesIO()
    turned.save(buffer, format="PNG")
    width, height = turned.width * 72 / 150, turned.height * 72 / 150
    with pymupdf.open() as scan:
        page = scan.new_page(width=width, height=height)
        page.insert_image(page.rect, stream=buffer.getvalue())
        scan.save(target)


CORPUS = (
    ("libtiff__testfax4.tiff", "fax", ".tiff", _write_fax),
    ("paperlessgpt__ocr-example1.jpg", "photo", ".jpg", _write_photo),
    ("pymupdf__small-table.pdf", "table", ".pdf", _write_table_scan),
)


def write_corpus(folder: Path, sources: tuple[str, ...] | None = None) -> list[RotatedPage]:
    """Every corpus page at every angle, written under `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for name, kind, suffix, write in CORPUS:
        if sources is not None and name not in sources:
            continue
        for angle in ANGLES:
            target = folder / f"{kind}-{angle}{suffix}"
            write(FIXTURES / name, angle, target)
            pages.append(RotatedPage(name, kind, angle, target))
    return pages
