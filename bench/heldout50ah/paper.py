"""Sheets of text lines, and their rendering to PDF, 200 dpi scans and faxes."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

W, H = 595.0, 842.0
MARGIN = 18.0
_DIR = "/usr/share/fonts/truetype/"
FONTS = {
    # Only DejaVu: its fonts give every glyph one code point, so the PDF text layer reads back
    # exactly (Liberation's shared space/no-break-space glyphs do not).
    "sans": _DIR + "dejavu/DejaVuSans.ttf",
    "sansb": _DIR + "dejavu/DejaVuSans-Bold.ttf",
    "cond": _DIR + "dejavu/DejaVuSansCondensed.ttf",
    "condb": _DIR + "dejavu/DejaVuSansCondensed-Bold.ttf",
    "serif": _DIR + "dejavu/DejaVuSerif.ttf",
    "serifb": _DIR + "dejavu/DejaVuSerif-Bold.ttf",
    "lib": _DIR + "dejavu/DejaVuSerifCondensed.ttf",
    "libb": _DIR + "dejavu/DejaVuSerifCondensed-Bold.ttf",
    "narrow": _DIR + "dejavu/DejaVuSans-ExtraLight.ttf",
    "mono": _DIR + "dejavu/DejaVuSansMono.ttf",
    "dserif": _DIR + "dejavu/DejaVuSerifCondensed-Italic.ttf",
    "hand": _DIR + "dejavu/DejaVuSansCondensed-Oblique.ttf",
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
    y: float
    text: str
    font: str = "sans"
    size: float = 10.0

    @property
    def right(self) -> float:
        return self.x + width(self.text, self.font, self.size)


@dataclass
class Deco:
    kind: str  # "rule" or "rect"
    box: tuple[float, float, float, float]
    width: float = 0.6


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    decos: list[Deco] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


class Sheet:
    """Builds pages line by line; refuses a line that would leave the sheet."""

    def __init__(self) -> None:
        self.pages: list[Page] = [Page()]

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        self.pages.append(Page())

    def t(self, x: float, y: float, s: str, f: str = "sans", size: float = 10.0) -> float:
        if not s.strip():
            raise ValueError("empty line")
        if s != s.strip() or "  " in s:
            s = " ".join(s.split())
        ln = Line(x, y, s, f, size)
        if x < MARGIN or ln.right > W - MARGIN or y < 34 or y > H - 14:
            raise ValueError(f"line outside the sheet: {s!r} at {x:.0f},{y:.0f}")
        self.page.lines.append(ln)
        return y

    def r(self, xr: float, y: float, s: str, f: str = "sans", size: float = 10.0) -> float:
        return self.t(xr - width(s, f, size), y, s, f, size)

    def c(self, y: float, s: str, f: str = "sans", size: float = 10.0) -> float:
        return self.t((W - width(s, f, size)) / 2, y, s, f, size)

    def block(
        self,
        x: float,
        y: float,
        rows: list[str],
        f: str = "sans",
        size: float = 10.0,
        lead: float = 1.3,
    ) -> float:
        for row in rows:
            self.t(x, y, row, f, size)
            y += size * lead
        return y

    def para(
        self,
        x: float,
        y: float,
        wd: float,
        s: str,
        f: str = "sans",
        size: float = 10.0,
        lead: float = 1.35,
    ) -> float:
        words = s.split()
        cur = ""
        for w in words:
            cand = f"{cur} {w}" if cur else w
            if cur and width(cand, f, size) > wd:
                self.t(x, y, cur, f, size)
                y += size * lead
                cur = w
            else:
                cur = cand
        if cur:
            self.t(x, y, cur, f, size)
            y += size * lead
        return y

    def rule(self, x0: float, y: float, x1: float, w: float = 0.6) -> None:
        self.page.decos.append(Deco("rule", (x0, y, x1, y), w))

    def rect(self, x0: float, y0: float, x1: float, y1: float, w: float = 0.6) -> None:
        self.page.decos.append(Deco("rect", (x0, y0, x1, y1), w))


def line_box(ln: Line) -> tuple[float, float, float, float]:
    return (ln.x, ln.y - ln.size, ln.right, ln.y + ln.size * 0.3)


def free_band(page: Page, x0: float, x1: float, h: float) -> float | None:
    """The lowest y (top) of a band x0..x1 of height h that no line touches."""
    y = H - 40 - h
    while y > 110:
        ok = True
        for ln in page.lines:
            a, b, c, d = line_box(ln)
            if c > x0 - 4 and a < x1 + 4 and d > y - 4 and b < y + h + 4:
                ok = False
                break
        if ok:
            return y
        y -= 8
    return None


def _draw(doc: pymupdf.Document, pg: Page) -> None:
    page = doc.new_page(width=W, height=H)
    for d in pg.decos:
        if d.kind == "rule":
            page.draw_line(d.box[:2], d.box[2:], width=d.width)
        else:
            page.draw_rect(pymupdf.Rect(*d.box), width=d.width)
    tw = pymupdf.TextWriter(page.rect)
    for ln in pg.lines:
        tw.append((ln.x, ln.y), ln.text, font=font(ln.font), fontsize=ln.size)
    tw.write_text(page)


def make_doc(pages: list[Page]) -> pymupdf.Document:
    doc = pymupdf.open()
    for pg in pages:
        _draw(doc, pg)
    return doc


def pdf_bytes(pages: list[Page], title: str) -> bytes:
    doc = make_doc(pages)
    stamp = "D:20260101000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "bench.heldout50ah",
            "producer": "bench.heldout50ah",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def scan_jpegs(pages: list[Page], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    doc = make_doc(pages)
    out = []
    for page in doc:
        pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = 232 + rng.randrange(0, 14)
        img = img.point(lambda v, t=tone: 18 + v * (t - 18) // 255)
        tile = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
        tile = tile.point(lambda v: v // 24)
        noise = Image.new("L", img.size, 0)
        for ty in range(0, img.size[1], 128):
            for tx in range(0, img.size[0], 128):
                noise.paste(tile, (tx, ty))
        img = ImageChops.subtract(img, noise)
        angle = rng.uniform(-0.9, 0.9)
        img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=tone)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=82, dpi=(200, 200))
        out.append(buf.getvalue())
    doc.close()
    return out


def fax_tiffs(pages: list[Page], vres: int, compression: str) -> list[bytes]:
    doc = make_doc(pages)
    out = []
    for page in doc:
        pix = page.get_pixmap(matrix=pymupdf.Matrix(204 / 72, vres / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, pix.height), 255)
        canvas.paste(img, ((1728 - pix.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v >= 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression=compression, dpi=(204, vres))
        out.append(buf.getvalue())
    doc.close()
    return out
