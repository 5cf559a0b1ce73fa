"""Pages as positioned lines, drawn into a PDF, a 200 dpi scan and a G3/G4 fax."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass

import pymupdf
from PIL import Image, ImageChops

W, H = 595.0, 842.0
FONT_DIR_D = "/usr/share/fonts/truetype/dejavu/"
FONT_DIR_L = "/usr/share/fonts/truetype/liberation/"
FONTS = {
    "sans": FONT_DIR_L + "LiberationSans-Regular.ttf",
    "sansb": FONT_DIR_L + "LiberationSans-Bold.ttf",
    "serif": FONT_DIR_L + "LiberationSerif-Regular.ttf",
    "serifb": FONT_DIR_L + "LiberationSerif-Bold.ttf",
    "narrow": FONT_DIR_L + "LiberationSansNarrow-Regular.ttf",
    "dv": FONT_DIR_D + "DejaVuSans.ttf",
    "dvb": FONT_DIR_D + "DejaVuSans-Bold.ttf",
    "cond": FONT_DIR_D + "DejaVuSansCondensed.ttf",
    "mono": FONT_DIR_L + "LiberationMono-Regular.ttf",
    "monob": FONT_DIR_L + "LiberationMono-Bold.ttf",
    "hand": FONT_DIR_D + "DejaVuSerifCondensed-Italic.ttf",
}
_CACHE: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _CACHE:
        _CACHE[key] = pymupdf.Font(fontfile=FONTS[key])
    return _CACHE[key]


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float
    box: bool = False  # a frame around it (stamps)


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in sorted(lines, key=lambda ln: (ln.y, ln.x)))


class Sheet:
    """Lays out lines top to bottom; a new page gets the running header."""

    def __init__(
        self,
        left: float = 68.0,
        right: float = 535.0,
        top: float = 56.0,
        bottom: float = 780.0,
        header: list[tuple[str, str, float]] | None = None,
    ):
        self.left, self.right, self.top, self.bottom = left, right, top, bottom
        self.pages: list[list[Line]] = [[]]
        self.y = top
        self.header = header or []

    def _room(self, size: float) -> None:
        if self.y + size > self.bottom:
            self.pages.append([])
            self.y = 50.0
            for text, key, sz in self.header:
                self.line(text, key, sz)
            self.y += 10

    def line(
        self,
        text: str,
        key: str = "sans",
        size: float = 10.0,
        align: str = "left",
        lead: float = 1.38,
        x: float | None = None,
        box: bool = False,
    ) -> None:
        text = " ".join(text.split())
        self._room(size)
        wdt = width(text, key, size)
        if x is None:
            if align == "right":
                x = self.right - wdt
            elif align == "center":
                x = (W - wdt) / 2
            else:
                x = self.left
        self.pages[-1].append(Line(round(x, 2), round(self.y + size, 2), text, key, size, box))
        self.y += size * lead

    def para(
        self,
        text: str,
        key: str = "sans",
        size: float = 10.0,
        lead: float = 1.38,
        indent: float = 0.0,
    ) -> None:
        words = text.split()
        cur = ""
        avail = self.right - self.left - indent
        for w in words:
            cand = f"{cur} {w}".strip()
            if width(cand, key, size) > avail and cur:
                self.line(cur, key, size, lead=lead, x=self.left + indent)
                cur = w
            else:
                cur = cand
        if cur:
            self.line(cur, key, size, lead=lead, x=self.left + indent)

    def gap(self, h: float) -> None:
        self.y += h

    def fill_pages(self) -> list[list[Line]]:
        n = len(self.pages)
        out = []
        for i, pg in enumerate(self.pages):
            out.append(
                [
                    Line(
                        ln.x,
                        ln.y,
                        ln.text.replace("{n}", str(i + 1)).replace("{t}", str(n)),
                        ln.font,
                        ln.size,
                        ln.box,
                    )
                    for ln in pg
                ]
            )
        return out


# Code points that share a glyph with the one the letters print: (named, meant).
_TWINS = [
    ("00A0", "0020"),
    ("00AD", "002D"),
    ("2010", "002D"),
    ("2011", "002D"),
    ("2219", "00B7"),
    ("0387", "00B7"),
    ("037E", "003B"),
    ("2215", "002F"),
    ("03BC", "00B5"),
    ("2126", "03A9"),
    ("2206", "0394"),
    ("2024", "002E"),
    ("02C9", "00AF"),
]


_BFCHAR = re.compile(rb"(?m)^(<[0-9a-fA-F]{4}>) <([0-9a-fA-F]{4})>$")


def _mend(m: re.Match[bytes]) -> bytes:
    meant = dict(_TWINS).get(m[2].decode().upper())
    return m[0] if meant is None else m[1] + b" <" + meant.encode() + b">"


def _mend_tounicode(doc: pymupdf.Document) -> None:
    """Liberation's space and hyphen glyphs also serve NBSP and the soft hyphen; MuPDF's
    ToUnicode map names the latter, so a reader would get U+00A0/U+00AD. Map them back."""
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "ToUnicode")[0] != "xref":
            continue
        tu = int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0])
        data = doc.xref_stream(tu)
        fixed = _BFCHAR.sub(_mend, data)
        if fixed != data:
            doc.update_stream(tu, fixed)


def pdf_bytes(pages: list[list[Line]], title: str = "") -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=W, height=H)
        tw = pymupdf.TextWriter(page.rect)
        for ln in lines:
            tw.append((ln.x, ln.y), ln.text, font=font(ln.font), fontsize=ln.size)
            if ln.box:
                wd = width(ln.text, ln.font, ln.size)
                r = pymupdf.Rect(ln.x - 4, ln.y - ln.size - 3, ln.x + wd + 4, ln.y + 5)
                page.draw_rect(r, color=(0.2, 0.2, 0.5), width=1.2)
        tw.write_text(page)
    _mend_tounicode(doc)
    stamp = "D:20250101000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50am",
            "producer": "heldout50am",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    doc.subset_fonts()
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _raster(
    pages: list[list[Line]], xdpi: float, ydpi: float, angles: list[float] | None = None
) -> list[Image.Image]:
    """Grey images of the pages; with angles, each page turned by its angle (degrees)
    about its centre and cut back to the sheet's size."""
    doc = pymupdf.open("pdf", pdf_bytes(pages))
    out = []
    for i, page in enumerate(doc):
        mat = pymupdf.Matrix(xdpi / 72, ydpi / 72)
        size = (round(W * xdpi / 72), round(H * ydpi / 72))
        if angles:
            mat = pymupdf.Matrix(angles[i]) * mat
        pix = page.get_pixmap(matrix=mat, colorspace="gray", alpha=False)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        if img.size != size:
            left = (img.size[0] - size[0]) // 2
            top = (img.size[1] - size[1]) // 2
            img = img.crop((left, top, left + size[0], top + size[1]))
        out.append(img)
    doc.close()
    return out


def scan_jpegs(pages: list[list[Line]], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    angles = [rng.uniform(-0.8, 0.8) for _ in pages]
    for img in _raster(pages, 200, 200, angles):
        tone = rng.randint(228, 242)
        # ink stays dark, paper gets its tone
        img = img.point(lambda v, t=tone: int(v * t / 255))
        tile = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
        tile = tile.point(lambda v: 128 + (v - 128) // 12)
        noise = Image.new("L", img.size)
        for ty in range(0, img.size[1], 128):
            for tx in range(0, img.size[0], 128):
                noise.paste(tile, (tx, ty))
        img = ImageChops.add(img, noise, scale=1.0, offset=-128)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=82, dpi=(200, 200))
        out.append(buf.getvalue())
    return out


def fax_tiffs(pages: list[list[Line]], fine: bool, g4: bool, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    ydpi = 196 if fine else 98
    out = []
    xdpi = 1728 / (W / 72)
    for img in _raster(pages, xdpi, ydpi):
        if img.size[0] != 1728:
            img = img.resize((1728, img.size[1]))
        thr = rng.randint(150, 175)
        bw = img.point([0] * (thr + 1) + [255] * (255 - thr), mode="1")
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    return out


def fits(lines: list[Line]) -> list[str]:
    bad = []
    for ln in lines:
        wd = width(ln.text, ln.font, ln.size)
        if ln.x < 8 or ln.x + wd > W - 8 or ln.y - ln.size < 6 or ln.y > H - 8:
            bad.append(ln.text)
    return bad
