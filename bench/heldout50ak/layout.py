"""Pages as lists of printed lines, rendered to PDF, 200 dpi scans and G3/G4 faxes."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

FONT_DIR = "/usr/share/fonts/truetype/"
FONTS = {
    # DejaVu only: the Liberation fonts share one glyph between space and no-break space (and
    # hyphen and soft hyphen), so their text layer reads back "\xa0" and "\xad".
    "sans": "dejavu/DejaVuSans.ttf",
    "sansb": "dejavu/DejaVuSans-Bold.ttf",
    "serif": "dejavu/DejaVuSerif.ttf",
    "serifb": "dejavu/DejaVuSerif-Bold.ttf",
    "narrow": "dejavu/DejaVuSansCondensed.ttf",
    "mono": "dejavu/DejaVuSansMono.ttf",
    "dvs": "dejavu/DejaVuSerifCondensed.ttf",
    "dvsb": "dejavu/DejaVuSerifCondensed-Bold.ttf",
    "hand": "dejavu/DejaVuSerif-Italic.ttf",
    "handb": "dejavu/DejaVuSerif-BoldItalic.ttf",
}
PAGE_W, PAGE_H = 595.0, 842.0
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONT_DIR + FONTS[key])
    return _FONT_CACHE[key]


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Line:
    x: float
    y: float
    text: str
    font: str
    size: float

    def bbox(self) -> tuple[float, float, float, float]:
        f = font(self.font)
        return (
            self.x,
            self.y - f.ascender * self.size,
            self.x + width(self.text, self.font, self.size),
            self.y - f.descender * self.size,
        )


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def ordered(self) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (round(ln.y, 2), ln.x))

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.ordered())


class Sheet:
    """A cursor over pages: left/right/centred lines, wrapped paragraphs, page breaks."""

    def __init__(
        self, font_key: str = "sans", size: float = 10.0, left: float = 70.0, right: float = 525.0
    ) -> None:
        self.pages: list[Page] = [Page()]
        self.font, self.size, self.left, self.right = font_key, size, left, right
        self.y = 60.0
        self.bottom = 770.0
        self.header: str | None = None

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def put(
        self,
        text: str,
        align: str = "left",
        x: float | None = None,
        font_key: str | None = None,
        size: float | None = None,
        y: float | None = None,
    ) -> Line:
        fk, sz = font_key or self.font, size or self.size
        w = width(text, fk, sz)
        if x is None:
            x = {"left": self.left, "right": self.right - w, "center": (PAGE_W - w) / 2}[align]
        ln = Line(round(x, 2), round(self.y if y is None else y, 2), text, fk, sz)
        self.page.lines.append(ln)
        return ln

    def nl(self, k: float = 1.0, size: float | None = None) -> None:
        self.y += (size or self.size) * 1.4 * k
        if self.y > self.bottom:
            self.break_page()

    def row(self, text: str, **kw: object) -> None:
        self.put(text, **kw)  # type: ignore[arg-type]
        self.nl(size=kw.get("size"))  # type: ignore[arg-type]

    def para(
        self, text: str, indent: float = 0.0, font_key: str | None = None, size: float | None = None
    ) -> None:
        fk, sz = font_key or self.font, size or self.size
        words, cur = text.split(), ""
        for w in words:
            cand = f"{cur} {w}" if cur else w
            if width(cand, fk, sz) > self.right - self.left - indent and cur:
                self.put(cur, x=self.left + indent, font_key=fk, size=sz)
                self.nl(size=sz)
                cur = w
            else:
                cur = cand
        if cur:
            self.put(cur, x=self.left + indent, font_key=fk, size=sz)
            self.nl(size=sz)

    def rule(self, x0: float | None = None, x1: float | None = None) -> None:
        self.page.rules.append(
            (x0 or self.left, self.y - self.size, x1 or self.right, self.y - self.size)
        )

    def break_page(self) -> None:
        self.pages.append(Page())
        self.y = 60.0
        if self.header:
            self.put(self.header, font_key="sans", size=8)
            self.page.rules.append((self.left, 66, self.right, 66))
            self.y = 90.0

    def finish(self) -> list[Page]:
        while len(self.pages) > 1 and len(self.pages[-1].lines) <= (1 if self.header else 0):
            self.pages.pop()
        total = len(self.pages)
        for n, p in enumerate(self.pages, 1):
            for ln in p.lines:
                if "{n}" in ln.text or "{t}" in ln.text:
                    ln.text = ln.text.replace("{n}", str(n)).replace("{t}", str(total))
        return self.pages


def document(pages: list[Page], title: str) -> pymupdf.Document:
    doc = pymupdf.open()
    for p in pages:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        used: dict[str, bool] = {}
        for x0, y0, x1, y1 in p.rules:
            page.draw_line((x0, y0), (x1, y1), width=0.6)
        for r in p.boxes:
            page.draw_rect(pymupdf.Rect(*r), width=0.7)
        for ln in p.ordered():
            kw: dict[str, object] = {"fontname": ln.font}
            if ln.font not in used:
                kw["fontfile"] = FONT_DIR + FONTS[ln.font]
                used[ln.font] = True
            page.insert_text((ln.x, ln.y), ln.text, fontsize=ln.size, **kw)  # type: ignore[arg-type]
    fixed = "D:20250101000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50ak",
            "producer": "heldout50ak",
            "creationDate": fixed,
            "modDate": fixed,
        }
    )
    return doc


def pdf_bytes(pages: list[Page], title: str) -> bytes:
    doc = document(pages, title)
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def scan_jpegs(pages: list[Page], seed: int) -> list[bytes]:
    doc = document(pages, "scan")
    rng = random.Random(seed)
    out = []
    for i, page in enumerate(doc):
        pix = page.get_pixmap(matrix=pymupdf.Matrix(200 / 72, 200 / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = rng.randint(228, 242)
        img = img.point(lambda v, t=tone: v * t // 255 + 6)
        noise = Image.frombytes(
            "L", img.size, random.Random(seed * 31 + i).randbytes(img.width * img.height)
        )
        img = ImageChops.subtract(img, noise.point(lambda v: v // 22))
        img = img.rotate(rng.uniform(-0.6, 0.6), resample=Image.Resampling.BICUBIC, fillcolor=tone)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=78, dpi=(200, 200))
        out.append(buf.getvalue())
    doc.close()
    return out


def fax_tiffs(pages: list[Page], fine: bool, g4: bool) -> list[bytes]:
    doc = document(pages, "fax")
    ydpi = 196 if fine else 98
    out = []
    for page in doc:
        pix = page.get_pixmap(matrix=pymupdf.Matrix(204 / 72, ydpi / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, img.height), 255)
        canvas.paste(img, ((1728 - img.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    doc.close()
    return out
