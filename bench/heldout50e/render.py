"""Pages as placed lines, drawn into a PDF (text layer), a 200 dpi scan or a G4 fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import numpy as np
import pymupdf
from PIL import Image

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifbold": "DejaVuSerif-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condbold": "DejaVuSansCondensed-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
    "hand": "DejaVuSansCondensed-Oblique.ttf",
}
MM = 72 / 25.4
A4 = (595.28, 841.89)
FAX_WIDTH = 1728


@dataclass(frozen=True)
class Item:
    x: float  # mm from the left; the right edge for align "right", the centre for "centre"
    y: float  # mm from the top to the baseline
    text: str
    size: float = 10.0
    font: str = "sans"
    align: str = "left"
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0)
    cont: bool = False  # continues the previous item's line in the transcription
    only: str = ""  # a condition name: a mark put on the paper, e.g. a received stamp


@dataclass
class Page:
    items: list[Item] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)  # mm lines

    def seen_in(self, condition: str) -> Page:
        """The page as that condition shows it (a stamp only on the scanned paper)."""
        items = [item for item in self.items if item.only in ("", condition)]
        return Page(items, self.rules)

    def text(self) -> str:
        """The clean transcription: the page's lines in reading order."""
        lines: list[str] = []
        for item in self.items:
            if item.cont and lines:
                lines[-1] += " " + item.text
            else:
                lines.append(item.text)
        return "\n".join(lines)


_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONT_DIR + FONTS[name])
    return _FONT_CACHE[name]


def width_mm(text: str, size: float, name: str = "sans") -> float:
    return float(font(name).text_length(text, fontsize=size)) / MM


def _draw(page: pymupdf.Page, spec: Page, jitter: random.Random | None) -> None:
    for name in sorted({item.font for item in spec.items}):
        page.insert_font(fontname=name, fontfile=FONT_DIR + FONTS[name])
    for x0, y0, x1, y1 in spec.rules:
        page.draw_line((x0 * MM, y0 * MM), (x1 * MM, y1 * MM), width=0.6)
    for item in spec.items:
        x = item.x
        if item.align == "right":
            x -= width_mm(item.text, item.size, item.font)
        elif item.align == "centre":
            x -= width_mm(item.text, item.size, item.font) / 2
        y = item.y
        if jitter is not None:
            x += jitter.uniform(-1.5, 1.5)
            y += jitter.uniform(-0.8, 0.8)
        page.insert_text(
            (x * MM, y * MM), item.text, fontname=item.font, fontsize=item.size, color=item.colour
        )


def pdf(pages: list[Page], seed: int = 0, hand: bool = False) -> bytes:
    """A PDF whose text layer holds exactly the pages' items."""
    document = pymupdf.open()
    jitter = random.Random(seed) if hand else None
    for spec in pages:
        _draw(document.new_page(width=A4[0], height=A4[1]), spec, jitter)
    document.set_metadata({"producer": "heldout50e", "creator": "heldout50e"})
    data = document.tobytes(deflate=True, garbage=3, no_new_id=True)
    document.close()
    return bytes(data)


def _grey(document: pymupdf.Document, index: int, sx: float, sy: float) -> np.ndarray:
    pix = document[index].get_pixmap(
        matrix=pymupdf.Matrix(sx / 72, sy / 72), colorspace=pymupdf.csGRAY, alpha=False
    )
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width).copy()


def scan200(pages: list[Page], seed: int, hand: bool = False) -> list[bytes]:
    """Each page as a 200 dpi greyscale JPEG, slightly skewed, with paper noise."""
    document = pymupdf.open("pdf", pdf(pages, seed, hand))
    rng = np.random.default_rng(seed)
    out = []
    for index in range(len(pages)):
        grey = _grey(document, index, 200, 200).astype(np.int16)
        grey = grey - (rng.random(grey.shape) < 0.002) * 160 + rng.integers(-9, 9, grey.shape)
        image = Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8), "L")
        angle = float(rng.uniform(-0.9, 0.9))
        image = image.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=235)
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=78, dpi=(200, 200))
        out.append(buffer.getvalue())
    document.close()
    return out


def fax(pages: list[Page], seed: int, hand: bool = False) -> list[bytes]:
    """Each page as a bilevel CCITT G4 TIFF, 204 x 98 dpi, 1728 pixels wide."""
    document = pymupdf.open("pdf", pdf(pages, seed, hand))
    rng = np.random.default_rng(seed + 1)
    out = []
    for index in range(len(pages)):
        grey = _grey(document, index, 204, 98)
        height, width = grey.shape
        canvas = np.full((height, FAX_WIDTH), 255, dtype=np.uint8)
        left = (FAX_WIDTH - width) // 2
        canvas[:, left : left + width] = grey
        ink = (canvas < 150) ^ (rng.random(canvas.shape) < 0.0008)
        image = Image.fromarray(np.where(ink, 0, 255).astype(np.uint8), "L").convert("1")
        buffer = io.BytesIO()
        image.save(buffer, "TIFF", compression="group4", dpi=(204, 98))
        out.append(buffer.getvalue())
    document.close()
    return out
