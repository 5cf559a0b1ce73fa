"""Pages as positioned lines, drawn into a PDF (text layer), a 200 dpi scan and a G3/G4 fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops, ImageDraw, ImageFont

W, H = 595.0, 842.0
_D = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    # DejaVu only: Liberation's cmap gives the hyphen, the space and the middle dot back as
    # U+00AD, U+00A0 and U+2219 in a PyMuPDF text layer, so its text layer would lie.
    "sans": _D + "DejaVuSans.ttf",
    "sansb": _D + "DejaVuSans-Bold.ttf",
    "sansi": _D + "DejaVuSans-Oblique.ttf",
    "serif": _D + "DejaVuSerif.ttf",
    "serifb": _D + "DejaVuSerif-Bold.ttf",
    "serifi": _D + "DejaVuSerif-Italic.ttf",
    "narrow": _D + "DejaVuSansCondensed.ttf",
    "narrowb": _D + "DejaVuSansCondensed-Bold.ttf",
    "mono": _D + "DejaVuSansMono.ttf",
    "monob": _D + "DejaVuSansMono-Bold.ttf",
    "dsans": _D + "DejaVuSans.ttf",
    "dsansb": _D + "DejaVuSans-Bold.ttf",
    "cond": _D + "DejaVuSerifCondensed.ttf",
    "condb": _D + "DejaVuSerifCondensed-Bold.ttf",
    "dserif": _D + "DejaVuSerif.ttf",
    "dserifb": _D + "DejaVuSerif-Bold.ttf",
    "hand": _D + "DejaVuSerifCondensed-Italic.ttf",
}
_MEASURE: dict[str, pymupdf.Font] = {}


def width(text: str, font: str, size: float) -> float:
    if font not in _MEASURE:
        _MEASURE[font] = pymupdf.Font(fontfile=FONTS[font])
    return float(_MEASURE[font].text_length(text, fontsize=size))


@dataclass(frozen=True)
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str = "sans"
    size: float = 10.0

    @property
    def right(self) -> float:
        return self.x + width(self.text, self.font, self.size)


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)

    def add(
        self,
        text: str,
        x: float,
        y: float,
        font: str = "sans",
        size: float = 10.0,
        align: str = "l",
    ) -> None:
        text = " ".join(text.split())
        if not text:
            return
        w = width(text, font, size)
        if align == "r":
            x = x - w
        elif align == "c":
            x = x - w / 2
        self.lines.append(Line(round(x, 2), round(y, 2), text, font, size))

    def rule(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.rules.append((x0, y0, x1, y1))

    def ordered(self) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (round(ln.y), ln.x))

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.ordered())

    def with_lines(self, extra: list[Line]) -> Page:
        return Page(self.lines + extra, list(self.rules))


def pdf_bytes(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=W, height=H)
        used = sorted({ln.font for ln in pg.lines})
        for key in used:
            page.insert_font(fontname=key, fontfile=FONTS[key])
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.6)
        for ln in pg.ordered():
            page.insert_text((ln.x, ln.y), ln.text, fontname=ln.font, fontsize=ln.size)

    stamp = "D:20240101000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "heldout50y",
            "subject": "",
            "keywords": "",
            "creator": "bench.heldout50y",
            "producer": "bench.heldout50y",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _raster(pages: list[Page], sx: float, sy: float) -> list[Image.Image]:
    doc = pymupdf.open("pdf", pdf_bytes(pages, "raster"))
    out = []
    for page in doc:
        pix = page.get_pixmap(matrix=pymupdf.Matrix(sx, sy), colorspace=pymupdf.csGRAY, alpha=False)
        out.append(Image.frombytes("L", (pix.width, pix.height), pix.samples))
    doc.close()
    return out


def scan_images(pages: list[Page], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for img in _raster(pages, 200 / 72, 200 / 72):
        tone = rng.randint(228, 242)
        img = img.point(lambda v, t=tone: 18 + v * (t - 18) // 255)
        tile = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
        tile = tile.point(lambda v: v // 16)
        noise = Image.new("L", img.size)
        for ty in range(0, img.height, 128):
            for tx in range(0, img.width, 128):
                noise.paste(tile, (tx, ty))
        img = ImageChops.subtract(img, noise)
        angle = rng.choice([-0.6, -0.4, -0.25, 0.2, 0.35, 0.55])
        img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=82, dpi=(200, 200))
        out.append(buf.getvalue())
    return out


FAX_WIDTH = 1728


def fax_images(pages: list[Page], fine: bool, g4: bool) -> list[bytes]:
    ydpi = 196 if fine else 98
    out = []
    for img in _raster(pages, 204 / 72, ydpi / 72):
        canvas = Image.new("L", (FAX_WIDTH, img.height), 255)
        canvas.paste(img, ((FAX_WIDTH - img.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    return out


__all__ = [
    "FONTS",
    "Image",
    "ImageDraw",
    "ImageFont",
    "Line",
    "Page",
    "fax_images",
    "pdf_bytes",
    "scan_images",
    "width",
]
