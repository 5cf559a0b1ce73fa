"""Pages as lines of text, drawn into a PDF and rasterised into scans and faxes."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass

import pymupdf
from PIL import Image, ImageChops

NBSP = "\u00a0"
KEEP = re.compile(r"\b\d{1,2}(?:er)?\.? [^\W\d_]+\.? \d{2,4}\b")
PAGE_W = 595.0
PAGE_H = 842.0
FONT_DIR_D = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": FONT_DIR_D + "DejaVuSans.ttf",
    "sansb": FONT_DIR_D + "DejaVuSans-Bold.ttf",
    "sansi": FONT_DIR_D + "DejaVuSans-Oblique.ttf",
    "serif": FONT_DIR_D + "DejaVuSerif.ttf",
    "serifb": FONT_DIR_D + "DejaVuSerif-Bold.ttf",
    "narrow": FONT_DIR_D + "DejaVuSansCondensed.ttf",
    "narrowb": FONT_DIR_D + "DejaVuSansCondensed-Bold.ttf",
    "mono": FONT_DIR_D + "DejaVuSansMono.ttf",
    "monob": FONT_DIR_D + "DejaVuSansMono-Bold.ttf",
    "dv": FONT_DIR_D + "DejaVuSans.ttf",
    "dvb": FONT_DIR_D + "DejaVuSans-Bold.ttf",
    "dvserif": FONT_DIR_D + "DejaVuSerif.ttf",
    "cond": FONT_DIR_D + "DejaVuSerifCondensed.ttf",
    "hand": FONT_DIR_D + "DejaVuSerifCondensed-Italic.ttf",
    "light": FONT_DIR_D + "DejaVuSans-ExtraLight.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}
META = {
    "creationDate": "D:20250101000000Z",
    "modDate": "D:20250101000000Z",
    "producer": "heldout50w",
    "creator": "heldout50w",
    "title": "",
    "author": "",
    "subject": "",
    "keywords": "",
}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_CACHE[name]


def width(text: str, size: float, font_name: str) -> float:
    return float(font(font_name).text_length(text, fontsize=size))


@dataclass(frozen=True)
class Line:
    text: str
    x: float  # left edge (align l), right edge (r) or centre (c)
    y: float  # baseline
    size: float = 10.0
    font: str = "sans"
    align: str = "l"

    def left(self) -> float:
        w = width(self.text, self.size, self.font)
        if self.align == "r":
            return self.x - w
        if self.align == "c":
            return self.x - w / 2
        return self.x

    def box(self) -> tuple[float, float, float, float]:
        x0 = self.left()
        return (x0, self.y - self.size, x0 + width(self.text, self.size, self.font), self.y + 3)


Page = list[Line]


class Writer:
    """A cursor over pages; every line gets its own baseline (reading order = top to bottom)."""

    def __init__(self, top: float = 56.0, left: float = 68.0, right: float = 527.0) -> None:
        self.pages: list[Page] = [[]]
        self.top = top
        self.y = top
        self.lm = left
        self.rm = right
        self.keep: list[str] = []

    def line(
        self,
        text: str,
        align: str = "l",
        size: float = 10.0,
        font: str = "sans",
        x: float | None = None,
        lead: float = 1.38,
    ) -> None:
        if x is None:
            x = {"l": self.lm, "r": self.rm, "c": (self.lm + self.rm) / 2}[align]
            if font == "hand":  # a hand does not keep to the margin
                x += (len(self.pages[-1]) * 7) % 11 - 4
        self.pages[-1].append(Line(text, x, round(self.y, 2), size, font, align))
        self.y += size * lead

    def gap(self, pts: float) -> None:
        self.y += pts

    def at(self, y: float) -> None:
        self.y = y

    def para(
        self,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        x: float | None = None,
        w: float | None = None,
        lead: float = 1.38,
    ) -> None:
        x0 = self.lm if x is None else x
        maxw = (self.rm - x0) if w is None else w
        # names and dates written in words never break across lines
        text = KEEP.sub(lambda m: m.group(0).replace(" ", NBSP), text)
        for k in self.keep:
            text = text.replace(k, k.replace(" ", NBSP))
        cur = ""
        for word in text.split(" "):
            trial = word if not cur else cur + " " + word
            if width(trial.replace(NBSP, " "), size, font) > maxw and cur:
                self.line(cur.replace(NBSP, " "), "l", size, font, x0, lead)
                cur = word
            else:
                cur = trial
        if cur:
            self.line(cur.replace(NBSP, " "), "l", size, font, x0, lead)

    def new_page(self, top: float | None = None) -> None:
        self.pages.append([])
        self.y = self.top if top is None else top


def page_text(lines: Page) -> str:
    return "\n".join(ln.text for ln in sorted(lines, key=lambda ln: ln.y))


def build_doc(pages: list[Page]) -> pymupdf.Document:
    """The pages drawn into an unsaved document (rasterised or read as it is)."""
    doc = pymupdf.open()
    for lines in pages:
        pg = doc.new_page(width=PAGE_W, height=PAGE_H)
        for ln in sorted(lines, key=lambda ln: ln.y):
            pg.insert_text(
                (ln.left(), ln.y),
                ln.text,
                fontsize=ln.size,
                fontname=ln.font,
                fontfile=FONTS[ln.font],
            )
    return doc


def pdf_bytes(pages: list[Page]) -> bytes:
    doc = build_doc(pages)
    doc.set_metadata(META)
    doc.subset_fonts()
    out: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return out


def scan_jpegs(pages: list[Page], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    doc = build_doc(pages)
    out = []
    for pg in doc:
        # the sheet lies slightly skewed on the scanner glass
        angle = rng.uniform(-0.9, 0.9)
        mat = pymupdf.Matrix(200 / 72, 200 / 72).prerotate(angle)
        pm = pg.get_pixmap(matrix=mat, colorspace=pymupdf.csGRAY, alpha=False)
        full = Image.frombytes("L", (pm.width, pm.height), pm.samples)
        w, h = round(PAGE_W * 200 / 72), round(PAGE_H * 200 / 72)
        left, top = (pm.width - w) // 2, (pm.height - h) // 2
        img = full.crop((left, top, left + w, top + h))
        tone = rng.randint(226, 240)
        ink = rng.randint(25, 60)
        img = img.point(lambda v, t=tone, k=ink: k + (v * (t - k)) // 255)
        noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
        noise = noise.point(lambda v: v // 20)
        img = ImageChops.add(img, noise, scale=1.0, offset=-6)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=rng.randint(72, 88), dpi=(200, 200))
        out.append(buf.getvalue())
    doc.close()
    return out


def fax_tiffs(pages: list[Page], fine: bool, g4: bool) -> list[bytes]:
    doc = build_doc(pages)
    ydpi = 196 if fine else 98
    out = []
    for pg in doc:
        pm = pg.get_pixmap(matrix=pymupdf.Matrix(204 / 72, ydpi / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pm.width, pm.height), pm.samples)
        canvas = Image.new("L", (1728, pm.height), 255)
        canvas.paste(img, ((1728 - pm.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    doc.close()
    return out
