"""Pages as positioned text rows, drawn into a PDF, a 200 dpi scan or a fax image."""

from __future__ import annotations

import io
import itertools
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image

# Only DejaVu: the installed Liberation fonts share the hyphen's glyph with the soft hyphen
# (and the space's with the no-break space), so their PDF text layer reads U+00AD and U+00A0.
FONTDIR = "/usr/share/fonts/truetype/"
FONTS = {
    "sans": "dejavu/DejaVuSans.ttf",
    "sansb": "dejavu/DejaVuSans-Bold.ttf",
    "cond": "dejavu/DejaVuSansCondensed.ttf",
    "condb": "dejavu/DejaVuSansCondensed-Bold.ttf",
    "dserif": "dejavu/DejaVuSerif.ttf",
    "dserifb": "dejavu/DejaVuSerif-Bold.ttf",
    "hand": "dejavu/DejaVuSerifCondensed-Italic.ttf",
    "serif": "dejavu/DejaVuSerifCondensed.ttf",
    "serifb": "dejavu/DejaVuSerifCondensed-Bold.ttf",
    "serifi": "dejavu/DejaVuSerif-Italic.ttf",
    "ls": "dejavu/DejaVuSans-ExtraLight.ttf",
    "lsb": "dejavu/DejaVuSans-Bold.ttf",
    "narrow": "dejavu/DejaVuSansCondensed-Oblique.ttf",
    "narrowb": "dejavu/DejaVuSansCondensed-BoldOblique.ttf",
    "mono": "dejavu/DejaVuSansMono.ttf",
    "monob": "dejavu/DejaVuSansMono-Bold.ttf",
}
W, H = 595.0, 842.0
MARGIN = 18.0
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONTDIR + FONTS[key])
    return _FONT_CACHE[key]


def width(text: str, f: str, s: float) -> float:
    return float(font(f).text_length(text, fontsize=s))


@dataclass
class Item:
    x: float
    y: float
    text: str
    f: str
    s: float


@dataclass
class Page:
    items: list[Item] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def t(
        self, x: float, y: float, text: str, f: str = "sans", s: float = 10.0, a: str = "l"
    ) -> float:
        """Put one text run; a = l (x is the left edge), r (x is the right edge), c (centre)."""
        text = " ".join(text.split())
        if not text:
            return y
        w = width(text, f, s)
        if a == "r":
            x -= w
        elif a == "c":
            x -= w / 2
        if x < MARGIN or x + w > W - MARGIN or y < MARGIN or y > H - MARGIN:
            raise ValueError(f"outside the sheet: {text!r} at {x:.1f},{y:.1f} w={w:.1f}")
        self.items.append(Item(round(x, 2), round(y, 2), text, f, s))
        return y

    def para(
        self,
        x: float,
        y: float,
        text: str,
        wdt: float,
        f: str = "sans",
        s: float = 10.0,
        lead: float = 13.0,
    ) -> float:
        """Wrap text to wdt; returns the y below the last line."""
        line = ""
        for word in text.split():
            cand = f"{line} {word}".strip()
            if width(cand, f, s) > wdt and line:
                self.t(x, y, line, f, s)
                y += lead
                line = word
            else:
                line = cand
        if line:
            self.t(x, y, line, f, s)
            y += lead
        return y

    def rule(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.rules.append((x0, y0, x1, y1))

    def box(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.boxes.append((x0, y0, x1, y1))

    def rows(self) -> list[str]:
        by: dict[float, list[Item]] = {}
        for it in self.items:
            by.setdefault(it.y, []).append(it)
        ys = sorted(by)
        for a, b in itertools.pairwise(ys):
            if b - a < 6.0:
                raise ValueError(f"rows too close: {a} {b} {[i.text for i in by[b]]}")
        return [" ".join(i.text for i in sorted(by[y], key=lambda i: i.x)) for y in ys]

    def text(self) -> str:
        return "\n".join(self.rows())


def to_pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=W, height=H)
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.6)
        for x0, y0, x1, y1 in pg.boxes:
            page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.7)
        for key in sorted({it.f for it in pg.items}):
            page.insert_font(fontname=key, fontfile=FONTDIR + FONTS[key])
        for it in pg.items:
            page.insert_text((it.x, it.y), it.text, fontname=it.f, fontsize=it.s)
    doc.subset_fonts()
    doc.set_metadata(
        {
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50v",
            "producer": "heldout50v",
            "creationDate": "D:20250101000000Z",
            "modDate": "D:20250101000000Z",
        }
    )
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _gray(pdf: bytes, index: int, sx: float, sy: float) -> Image.Image:
    doc = pymupdf.open(stream=pdf, filetype="pdf")
    pix = doc[index].get_pixmap(
        matrix=pymupdf.Matrix(sx, sy), colorspace=pymupdf.csGRAY, alpha=False
    )
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    return img


def scan_jpeg(pdf: bytes, index: int, seed: int) -> bytes:
    rng = random.Random(seed)
    img = _gray(pdf, index, 200 / 72, 200 / 72)
    tone = 232 + rng.randint(0, 14)
    img = img.point(lambda v: int(18 + v * (tone - 18) / 255))
    noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
    img = Image.blend(img, noise, 0.05 + rng.random() * 0.03)
    angle = rng.uniform(-0.9, 0.9)
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=tone - 8)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=82, dpi=(200, 200))
    return out.getvalue()


def fax_tiff(pdf: bytes, index: int, fine: bool, g4: bool) -> bytes:
    ydpi = 196 if fine else 98
    img = _gray(pdf, index, 204 / 72, ydpi / 72)
    sheet = Image.new("L", (1728, img.size[1]), 255)
    sheet.paste(img, ((1728 - img.size[0]) // 2, 0))
    bw = sheet.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    out = io.BytesIO()
    bw.save(out, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return out.getvalue()
