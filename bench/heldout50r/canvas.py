"""Lines on A4 pages, their PDF, scan and fax renderings (pymupdf and pillow only)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pymupdf
from PIL import Image, ImageChops

W, H = 595.0, 842.0
LM = 68.0
RM = 540.0
BOTTOM = 760.0
_D = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": _D + "DejaVuSans.ttf",
    "sansb": _D + "DejaVuSans-Bold.ttf",
    "sansi": _D + "DejaVuSans-Oblique.ttf",
    "serif": _D + "DejaVuSerif.ttf",
    "serifb": _D + "DejaVuSerif-Bold.ttf",
    "hand": _D + "DejaVuSerif-Italic.ttf",
    "mono": _D + "DejaVuSansMono.ttf",
    "monob": _D + "DejaVuSansMono-Bold.ttf",
    "cond": _D + "DejaVuSansCondensed.ttf",
    "condb": _D + "DejaVuSansCondensed-Bold.ttf",
}
_FONT_OBJ: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_OBJ:
        _FONT_OBJ[key] = pymupdf.Font(fontfile=FONTS[key])
    return _FONT_OBJ[key]


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Ln:
    x: float
    y: float
    text: str
    font: str = "sans"
    size: float = 10.0


class Sheet:
    """A letter's pages, written top to bottom; a second page gets the running header."""

    def __init__(self, base: str = "sans", size: float = 10.0) -> None:
        self.pages: list[list[Ln]] = [[]]
        self.y = 50.0
        self.base = base
        self.size = size
        self.running: list[str] = []

    def put(
        self,
        text: str,
        x: float = LM,
        font_key: str | None = None,
        size: float | None = None,
        align: str = "left",
        step: float | None = None,
        y: float | None = None,
    ) -> Ln:
        fk = font_key or self.base
        sz = size or self.size
        text = text.replace("\x00", " ")
        if y is None:
            self.ensure(sz * 1.4)
            yy = self.y
        else:
            yy = y
        left = LM if align != "left" else x
        while left + width(text, fk, sz) > W - 30 and sz > 5:
            sz -= 0.25  # a long line is set smaller, never past the sheet's edge
        if align == "right":
            x = min(x, W - 30) - width(text, fk, sz)
        elif align == "center":
            x = (W - width(text, fk, sz)) / 2
        ln = Ln(round(x, 2), round(yy, 2), text, fk, sz)
        self.pages[-1].append(ln)
        if y is None:
            self.y += step if step is not None else sz * 1.42
        return ln

    def gap(self, h: float = 8.0) -> None:
        self.y += h

    def ensure(self, h: float) -> None:
        if self.y + h > BOTTOM:
            self.new_page()

    def new_page(self) -> None:
        self.pages.append([])
        self.y = 52.0
        for i, r in enumerate(self.running):
            self.put(r, LM, "sans", 8, step=11 if i < len(self.running) - 1 else 20)

    def para(
        self,
        text: str,
        x: float = LM,
        right: float = RM,
        font_key: str | None = None,
        size: float | None = None,
        after: float = 5.0,
    ) -> None:
        fk = font_key or self.base
        sz = size or self.size
        words = text.split(" ")
        cur = ""
        for w in words:
            t = (cur + " " + w).strip()
            if width(t.replace("\x00", " "), fk, sz) > right - x and cur:
                self.put(cur, x, fk, sz)
                cur = w
            else:
                cur = t
        if cur:
            self.put(cur, x, fk, sz)
        self.gap(after)

    def finish(self) -> list[list[Ln]]:
        total = len(self.pages)
        for pg in self.pages:
            for ln in pg:
                ln.text = ln.text.replace("{total}", str(total))
        return self.pages


def page_text(lines: list[Ln]) -> str:
    return "\n".join(ln.text for ln in lines)


def _draw(page: pymupdf.Page, lines: list[Ln]) -> None:
    for ln in lines:
        page.insert_text(
            (ln.x, ln.y), ln.text, fontname=ln.font, fontfile=FONTS[ln.font], fontsize=ln.size
        )


def pdf_bytes(pages: list[list[Ln]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=W, height=H)
        _draw(page, lines)
    doc.set_metadata(
        {
            "creationDate": "D:20260101000000Z",
            "modDate": "D:20260101000000Z",
            "producer": "bench.heldout50r",
            "creator": "bench.heldout50r",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
        }
    )
    doc.subset_fonts()
    out = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return bytes(out)


def _raster(lines: list[Ln], xdpi: float, ydpi: float) -> Image.Image:
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    _draw(page, lines)
    pix = page.get_pixmap(
        matrix=pymupdf.Matrix(xdpi / 72, ydpi / 72), colorspace=pymupdf.csGRAY, alpha=False
    )
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    return img


def scan_jpeg(lines: list[Ln], rng: random.Random) -> bytes:
    img = _raster(lines, 200, 200)
    tone = rng.randint(226, 242)
    img = img.point(lambda v: int(v * (tone - 18) / 255) + 14)
    noise = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
    noise = noise.point(lambda v: 0 if v < 236 else (v - 236))
    tiled = Image.new("L", img.size)
    for yy in range(0, img.size[1], 128):
        for xx in range(0, img.size[0], 128):
            tiled.paste(noise, (xx, yy))
    img = ImageChops.subtract(img, tiled)
    angle = rng.choice([-1, 1]) * rng.uniform(0.2, 0.8)
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=82, dpi=(200, 200))
    return buf.getvalue()


def fax_tiff(lines: list[Ln], fine: bool, g4: bool) -> bytes:
    ydpi = 196 if fine else 98
    img = _raster(lines, 204, ydpi)
    canvas = Image.new("L", (1728, img.size[1]), 255)
    canvas.paste(img, ((1728 - img.size[0]) // 2, 0))
    bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return buf.getvalue()
