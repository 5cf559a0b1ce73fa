"""Pages as positioned lines, and their PDF, scan and fax images."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

W, H = 595.0, 842.0
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 18.0, 8.0, 834.0
_D = "/usr/share/fonts/truetype/dejavu/"
# Liberation's space and no-break space share a glyph, so its text layer reads back U+00A0;
# every face is therefore a DejaVu one.
FONTS = {
    "sans": _D + "DejaVuSans.ttf",
    "sansb": _D + "DejaVuSans-Bold.ttf",
    "cond": _D + "DejaVuSansCondensed.ttf",
    "condb": _D + "DejaVuSansCondensed-Bold.ttf",
    "serif": _D + "DejaVuSerif.ttf",
    "serifb": _D + "DejaVuSerif-Bold.ttf",
    "arial": _D + "DejaVuSans.ttf",
    "arialb": _D + "DejaVuSans-Bold.ttf",
    "narrow": _D + "DejaVuSansCondensed.ttf",
    "mono": _D + "DejaVuSansMono.ttf",
    "hand": _D + "DejaVuSerifCondensed-Italic.ttf",
}
_FONT_OBJ: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_OBJ:
        _FONT_OBJ[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_OBJ[name]


def covers(name: str, text: str) -> bool:
    f = font(name)
    return all(ch == " " or f.has_glyph(ord(ch)) for ch in text)


def width(name: str, text: str, size: float) -> float:
    return float(font(name).text_length(text, fontsize=size))


@dataclass(frozen=True)
class Item:
    x: float
    y: float
    text: str
    font: str
    size: float


@dataclass
class Sheet:
    items: list[Item] = field(default_factory=list)
    lines: list[tuple[float, float, float, float, float]] = field(default_factory=list)
    rects: list[tuple[float, float, float, float, float]] = field(default_factory=list)

    def text(self, x: float, y: float, s: str, f: str = "arial", size: float = 10.0) -> float:
        if not s:
            return y
        if not covers(f, s):
            f = "sansb" if f.endswith("b") else "sans"
        if not covers(f, s):
            raise ValueError(f"no glyph for {s!r}")
        self.items.append(Item(round(x, 2), round(y, 2), s, f, size))
        return y

    def right(self, xr: float, y: float, s: str, f: str = "arial", size: float = 10.0) -> float:
        ff = f if covers(f, s) else ("sansb" if f.endswith("b") else "sans")
        return self.text(xr - width(ff, s, size), y, s, ff, size)

    def center(
        self, y: float, s: str, f: str = "arial", size: float = 10.0, cx: float = W / 2
    ) -> float:
        ff = f if covers(f, s) else ("sansb" if f.endswith("b") else "sans")
        return self.text(cx - width(ff, s, size) / 2, y, s, ff, size)

    def para(
        self,
        x: float,
        y: float,
        maxw: float,
        s: str,
        f: str = "arial",
        size: float = 10.0,
        lead: float = 1.35,
    ) -> float:
        """Wraps s into lines; returns the baseline after the paragraph."""
        ff = f if covers(f, s) else ("sansb" if f.endswith("b") else "sans")
        words = s.split(" ")
        line = ""
        for w in words:
            cand = f"{line} {w}".strip()
            if line and width(ff, cand, size) > maxw:
                self.text(x, y, line, ff, size)
                y += size * lead
                line = w
            else:
                line = cand
        if line:
            self.text(x, y, line, ff, size)
            y += size * lead
        return y

    def rule(self, x0: float, y0: float, x1: float, y1: float, w: float = 0.6) -> None:
        self.lines.append((x0, y0, x1, y1, w))

    def box(self, x0: float, y0: float, x1: float, y1: float, w: float = 0.6) -> None:
        self.rects.append((x0, y0, x1, y1, w))

    def reading(self) -> list[Item]:
        return sorted(self.items, key=lambda it: (it.y, it.x))

    def transcript(self) -> str:
        return "\n".join(it.text for it in self.reading())

    def free_band(self, x0: float, x1: float, h: float, y_from: float, y_to: float) -> float | None:
        """The first baseline band [y, y+h] with no item touching x0..x1."""
        y = y_from
        while y + h <= y_to:
            clash = False
            for it in self.items:
                ix1 = it.x + width(it.font, it.text, it.size)
                if (
                    it.y + 4 >= y - 2
                    and it.y - it.size <= y + h
                    and ix1 >= x0 - 4
                    and it.x <= x1 + 4
                ):
                    clash = True
                    break
            if not clash:
                for ly in self.lines:
                    if y - 2 <= ly[1] <= y + h + 2 and not (ly[2] < x0 or ly[0] > x1):
                        clash = True
                        break
            if not clash:
                return y
            y += 6
        return None


def to_pdf(sheets: list[Sheet]) -> bytes:
    doc = pymupdf.open()
    for sh in sheets:
        page = doc.new_page(width=W, height=H)
        used = sorted({it.font for it in sh.items})
        for f in used:
            page.insert_font(fontname="hq" + f, fontfile=FONTS[f])
        for x0, y0, x1, y1, w in sh.lines:
            page.draw_line((x0, y0), (x1, y1), color=(0.2, 0.2, 0.2), width=w)
        for x0, y0, x1, y1, w in sh.rects:
            page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0.25, 0.25, 0.25), width=w)
        for it in sh.items:
            page.insert_text((it.x, it.y), it.text, fontname="hq" + it.font, fontsize=it.size)
    doc.set_metadata(
        {
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50q",
            "producer": "heldout50q",
            "creationDate": "D:20250101000000Z",
            "modDate": "D:20250101000000Z",
        }
    )
    doc = pymupdf.open("pdf", doc.tobytes(garbage=4, deflate=True, no_new_id=True))
    doc.subset_fonts()
    data = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return bytes(data)


def _noise(rng: random.Random, size: tuple[int, int], amp: int) -> Image.Image:
    tile = Image.frombytes("L", (97, 89), rng.randbytes(97 * 89)).point(lambda v: v * amp // 255)
    out = Image.new("L", size, 0)
    for y in range(0, size[1], 89):
        for x in range(0, size[0], 97):
            out.paste(tile, (x, y))
    return out


def scan_pages(sheets: list[Sheet], seed: int) -> list[bytes]:
    pdf = pymupdf.open("pdf", to_pdf(sheets))
    out: list[bytes] = []
    for i, page in enumerate(pdf):
        rng = random.Random(seed * 31 + i)
        pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = 232 + rng.randint(0, 14)
        img = img.point(lambda v, t=tone: v * t // 255 + 6)
        img = img.rotate(rng.uniform(-0.9, 0.9), resample=Image.Resampling.BILINEAR, fillcolor=tone)
        img = ImageChops.subtract(img, _noise(rng, img.size, 12))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=72, dpi=(200, 200))
        out.append(buf.getvalue())
    pdf.close()
    return out


def fax_pages(sheets: list[Sheet], seed: int, fine: bool, g4: bool) -> list[bytes]:
    pdf = pymupdf.open("pdf", to_pdf(sheets))
    yres = 196 if fine else 98
    out: list[bytes] = []
    for i, page in enumerate(pdf):
        rng = random.Random(seed * 17 + i)
        pix = page.get_pixmap(matrix=pymupdf.Matrix(204 / 72, yres / 72), colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, pix.height), 255)
        canvas.paste(img, ((1728 - pix.width) // 2, 0))
        canvas = ImageChops.subtract(canvas, _noise(rng, canvas.size, 40))
        cut = 150 + rng.randint(-10, 10)
        bw = canvas.point(lambda v, c=cut: 255 if v > c else 0).convert(
            "1", dither=Image.Dither.NONE
        )
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, yres))
        out.append(buf.getvalue())
    pdf.close()
    return out
