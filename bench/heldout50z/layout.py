"""Pages as positioned lines, and their renderings: PDF, 200 dpi scan, fax."""

# pymupdf has no type hints.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

W, H = 595.28, 841.89
FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "cond": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "condb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "monob": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "hand": "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_CACHE[name]


def width(text: str, fname: str, size: float) -> float:
    return float(font(fname).text_length(text, fontsize=size))


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float

    def bbox(self) -> tuple[float, float, float, float]:
        return (
            self.x,
            self.y - self.size,
            self.x + width(self.text, self.font, self.size),
            self.y + self.size * 0.3,
        )


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rects: list[tuple[float, float, float, float]] = field(default_factory=list)
    hlines: list[tuple[float, float, float]] = field(default_factory=list)  # x0, x1, y

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


class Flow:
    """Writes lines down a page and on to the next."""

    def __init__(
        self, left: float, right: float, fam: str, size: float, top: float = 70, bottom: float = 770
    ) -> None:
        self.left, self.right, self.fam, self.size = left, right, fam, size
        self.top, self.bottom = top, bottom
        self.pages: list[Page] = [Page()]
        self.y = top

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def bold(self) -> str:
        return self.fam + "b" if self.fam in ("sans", "serif", "cond", "mono") else self.fam

    def need(self, h: float) -> None:
        if self.y + h > self.bottom:
            self.pages.append(Page())
            self.y = self.top + 40

    def put(
        self,
        text: str,
        *,
        x: float | None = None,
        align: str = "left",
        fname: str | None = None,
        size: float | None = None,
        dy: float | None = None,
        advance: bool = True,
    ) -> Line:
        f = fname or self.fam
        s = size or self.size
        step = dy if dy is not None else s * 1.35
        if advance:
            self.need(step)
            self.y += step
        w = width(text, f, s)
        if align == "right":
            xx = (x if x is not None else self.right) - w
        elif align == "center":
            xx = (W - w) / 2
        else:
            xx = x if x is not None else self.left
        ln = Line(round(xx, 2), round(self.y, 2), text, f, s)
        self.page.lines.append(ln)
        return ln

    def at(
        self,
        x: float,
        y: float,
        text: str,
        fname: str | None = None,
        size: float | None = None,
        align: str = "left",
    ) -> Line:
        f = fname or self.fam
        s = size or self.size
        if align == "right":
            x -= width(text, f, s)
        ln = Line(round(x, 2), round(y, 2), text, f, s)
        self.page.lines.append(ln)
        return ln

    def para(
        self,
        text: str,
        *,
        x: float | None = None,
        fname: str | None = None,
        size: float | None = None,
        right: float | None = None,
    ) -> None:
        f = fname or self.fam
        s = size or self.size
        x0 = x if x is not None else self.left
        maxw = (right or self.right) - x0
        cur = ""
        for word in text.split(" "):
            cand = f"{cur} {word}" if cur else word
            if width(cand, f, s) <= maxw or not cur:
                cur = cand
            else:
                self.put(cur, x=x0, fname=f, size=s)
                cur = word
        if cur:
            self.put(cur, x=x0, fname=f, size=s)

    def gap(self, h: float) -> None:
        self.y += h


def to_pdf(pages: list[Page], title: str = "", final: bool = True) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        p = doc.new_page(width=W, height=H)
        for r in pg.rects:
            p.draw_rect(pymupdf.Rect(*r), color=(0, 0, 0), width=1.2)
        for x0, x1, y in pg.hlines:
            p.draw_line((x0, y), (x1, y), color=(0, 0, 0), width=0.6)
        tw = pymupdf.TextWriter(p.rect)
        for ln in pg.lines:
            tw.append((ln.x, ln.y), ln.text, font=font(ln.font), fontsize=ln.size)
        tw.write_text(p)
    fixed = "D:20260101000000Z"
    doc.set_metadata(
        {
            "producer": "heldout50z",
            "creator": "heldout50z",
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creationDate": fixed,
            "modDate": fixed,
        }
    )
    if final:
        doc.subset_fonts()
        data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    else:
        data = doc.tobytes(garbage=1, no_new_id=True)
    doc.close()
    return data


def _noise(rng: random.Random, size: tuple[int, int], amp: int) -> Image.Image:
    tile = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
    tile = tile.point(lambda v: v * amp // 255)
    full = Image.new("L", size, 0)
    for yy in range(0, size[1], 128):
        for xx in range(0, size[0], 128):
            full.paste(tile, (xx, yy))
    return full


def to_scan(pages: list[Page], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    doc = pymupdf.open(stream=to_pdf(pages, final=False))
    out = []
    for k in range(doc.page_count):
        p = doc[k]
        pix = p.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = 226 + rng.randint(0, 14)
        img = img.point(lambda v, t=tone: 28 + v * (t - 28) // 255)
        img = ImageChops.subtract(img, _noise(rng, img.size, 18 + rng.randint(0, 10)))
        angle = rng.choice([-1, 1]) * rng.randint(5, 60) / 100
        img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=78, dpi=(200, 200))
        out.append(buf.getvalue())
    doc.close()
    return out


def to_fax(pages: list[Page], fine: bool, g4: bool) -> list[bytes]:
    doc = pymupdf.open(stream=to_pdf(pages, final=False))
    ydpi = 196 if fine else 98
    out = []
    for k in range(doc.page_count):
        p = doc[k]
        pix = p.get_pixmap(matrix=pymupdf.Matrix(204 / 72, ydpi / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, img.height), 255)
        canvas.paste(img, ((1728 - img.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    doc.close()
    return out
