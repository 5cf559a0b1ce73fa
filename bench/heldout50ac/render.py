"""Page composition (lines at fixed places) and the three conditions: pdf, scan200, fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

W, H = 595.0, 842.0
MARGIN_L, MARGIN_R = 62.0, 40.0
TOP, BOTTOM = 66.0, 790.0

_DV = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    # Only DejaVu: the Liberation fonts installed here read back spaces as U+00A0 and the
    # middle dot as U+2219 from a PDF text layer (measured), so they never reach a page.
    "sans": _DV + "DejaVuSans.ttf",
    "sansb": _DV + "DejaVuSans-Bold.ttf",
    "cond": _DV + "DejaVuSansCondensed.ttf",
    "condb": _DV + "DejaVuSansCondensed-Bold.ttf",
    "serif": _DV + "DejaVuSerifCondensed.ttf",
    "serifb": _DV + "DejaVuSerifCondensed-Bold.ttf",
    "arial": _DV + "DejaVuSans.ttf",
    "arialb": _DV + "DejaVuSans-Bold.ttf",
    "narrow": _DV + "DejaVuSansCondensed.ttf",
    "mono": _DV + "DejaVuSansMono.ttf",
    "dvserif": _DV + "DejaVuSerif.ttf",
    "light": _DV + "DejaVuSans-ExtraLight.ttf",
    "hand": _DV + "DejaVuSerifCondensed-Italic.ttf",
    "hand2": _DV + "DejaVuSans-Oblique.ttf",
}
_FONT_OBJ: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_OBJ:
        _FONT_OBJ[key] = pymupdf.Font(fontfile=FONTS[key])
    return _FONT_OBJ[key]


_ADV: dict[tuple[str, str], float] = {}


def width(text: str, key: str, size: float) -> float:
    """The text's advance width in points (insert_text applies no kerning either)."""
    total = 0.0
    for ch in text:
        adv = _ADV.get((key, ch))
        if adv is None:
            adv = float(font(key).text_length(ch, fontsize=1.0))
            _ADV[(key, ch)] = adv
        total += adv
    return total * size


@dataclass
class Line:
    text: str
    x: float
    y: float
    font: str
    size: float
    grey: float = 0.0


@dataclass
class Comp:
    """Places lines one below the other; no two lines share a height."""

    base_font: str = "arial"
    base_size: float = 10.0
    left: float = 70.0
    right: float = W - 55.0
    pages: list[list[Line]] = field(default_factory=lambda: [[]])
    y: float = TOP + 10.0
    running: list[str] = field(default_factory=list)

    def add(
        self,
        text: str,
        font_key: str | None = None,
        size: float | None = None,
        align: str = "l",
        x: float | None = None,
        lead: float = 1.38,
        grey: float = 0.0,
    ) -> None:
        fk = font_key or self.base_font
        sz = size or self.base_size
        if self.y + sz * lead > BOTTOM - 26:
            self.new_page()
        self.y += sz * lead
        w = width(text, fk, sz)
        if align == "r":
            xx = self.right - w
        elif align == "c":
            xx = (W - w) / 2
        else:
            xx = self.left if x is None else x
        self.pages[-1].append(Line(text, round(xx, 2), round(self.y, 2), fk, sz, grey))

    def gap(self, pt: float) -> None:
        self.y += pt

    def para(
        self,
        text: str,
        font_key: str | None = None,
        size: float | None = None,
        x: float | None = None,
    ) -> None:
        fk = font_key or self.base_font
        sz = size or self.base_size
        x0 = self.left if x is None else x
        words = text.split(" ")
        cur = ""
        for w in words:
            cand = w if not cur else cur + " " + w
            if width(cand, fk, sz) > self.right - x0 and cur:
                self.add(cur, fk, sz, x=x0)
                cur = w
            else:
                cur = cand
        if cur:
            self.add(cur, fk, sz, x=x0)

    def new_page(self) -> None:
        self.pages.append([])
        self.y = TOP + 4
        for r in self.running:
            self.add(r, self.base_font, self.base_size - 1.5)
        if self.running:
            self.gap(10)

    def footer(self, lines: list[str], size: float = 7.0, font_key: str | None = None) -> None:
        """Footer lines at the bottom of every page (after the page's own lines)."""
        for page in self.pages:
            y = BOTTOM + 4
            for t in lines:
                fk = font_key or self.base_font
                w = width(t, fk, size)
                page.append(Line(t, round((W - w) / 2, 2), round(y, 2), fk, size, 0.25))
                y += size * 1.3

    def fill_pages(self) -> None:
        n = len(self.pages)
        for i, page in enumerate(self.pages, start=1):
            for ln in page:
                if "{P}" in ln.text or "{N}" in ln.text:
                    ln.text = ln.text.replace("{P}", str(i)).replace("{N}", str(n))


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)


def _draw(page: pymupdf.Page, lines: list[Line]) -> None:
    used: list[str] = []
    for ln in lines:
        if ln.font not in used:
            page.insert_font(fontname=f"F{ln.font}", fontfile=FONTS[ln.font])
            used.append(ln.font)
        page.insert_text(
            (ln.x, ln.y),
            ln.text,
            fontname=f"F{ln.font}",
            fontsize=ln.size,
            color=(ln.grey, ln.grey, ln.grey),
        )


_META = {
    "producer": "bench.heldout50ac",
    "creator": "bench.heldout50ac",
    "title": "",
    "author": "",
    "subject": "",
    "keywords": "",
    "creationDate": "D:20250101000000Z",
    "modDate": "D:20250101000000Z",
}


def pdf_bytes(pages: list[list[Line]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=W, height=H)
        _draw(page, lines)
    doc.subset_fonts()
    doc.set_metadata(_META)
    data = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return bytes(data)


def _raster(lines: list[Line], sx: float, sy: float, angle: float = 0.0) -> Image.Image:
    """The lines drawn on an A4 page, rendered; a skew turns the page about its centre."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    _draw(page, lines)
    mat = pymupdf.Matrix(sx, sy)
    if angle:
        mat = pymupdf.Matrix(sx, sy).prerotate(angle)
    pix = page.get_pixmap(matrix=mat, colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    if angle:
        w0, h0 = round(W * sx), round(H * sy)
        left, top = (img.width - w0) // 2, (img.height - h0) // 2
        img = img.crop((left, top, left + w0, top + h0))
    return img


def stamp_lines(date_text: str, practice_short: str) -> list[Line]:
    out = []
    y = 24.0
    for t, fk, sz in (
        ("EINGEGANGEN", "condb", 9.0),
        (date_text, "condb", 10.0),
        (practice_short, "cond", 7.0),
    ):
        w = width(t, fk, sz)
        y += sz * 1.15
        out.append(Line(t, round(470 - w / 2, 2), round(y, 2), fk, sz, 0.35))
    return out


def scan_jpeg(lines: list[Line], seed: int, stamp: list[Line] | None) -> bytes:
    rng = random.Random(seed)
    z = 200 / 72
    angle = rng.choice([-1, 1]) * rng.uniform(0.15, 0.7)
    img = _raster((stamp or []) + lines, z, z, angle)
    tone = rng.randint(228, 244)
    img = img.point(lambda v: int(v * tone / 255) + 4)
    tile = Image.frombytes("L", (256, 256), rng.randbytes(256 * 256))
    tile = tile.point(lambda v: 0 if v < 200 else (v - 200) // 4)
    noise = Image.new("L", img.size)
    ox, oy = rng.randrange(256), rng.randrange(256)
    for x in range(-ox, img.width, 256):
        for y in range(-oy, img.height, 256):
            noise.paste(tile, (x, y))
    img = ImageChops.subtract(img, noise)
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=78, dpi=(200, 200))
    return buf.getvalue()


def fax_header_line(text: str) -> Line:
    return Line(text, 20.0, 14.0, "mono", 8.0, 0.0)


def fax_tiff(lines: list[Line], header: str, seed: int, fine: bool, g4: bool) -> bytes:
    rng = random.Random(seed)
    sy = (196 if fine else 98) / 72
    sx = 1728 / W
    img = _raster([fax_header_line(header), *lines], sx, sy)
    thr = rng.randint(150, 185)
    img = img.point(lambda v: 255 if v > thr else 0)
    px = img.load()
    assert px is not None
    for _ in range(rng.randint(40, 160)):
        px[rng.randrange(img.width), rng.randrange(img.height)] = 0
    bw = img.convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(
        buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, 196 if fine else 98)
    )
    return buf.getvalue()


def hand_jitter(comp: Comp, seed: int) -> None:
    rng = random.Random(seed)
    for page in comp.pages:
        for ln in page:
            ln.x = round(ln.x + rng.uniform(-4, 6), 2)
            ln.y = round(ln.y + rng.uniform(-1.5, 1.5), 2)
