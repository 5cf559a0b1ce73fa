"""Page model and the three renderings: PDF with a text layer, 200 dpi scan, G3/G4 fax."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageChops

A4_W = 595.28
A4_H = 841.89
FONT_DIR_DV = "/usr/share/fonts/truetype/dejavu/"
FONT_DIR_LB = "/usr/share/fonts/truetype/liberation/"
FONTS: dict[str, str] = {
    "sans": FONT_DIR_LB + "LiberationSans-Regular.ttf",
    "sans-b": FONT_DIR_LB + "LiberationSans-Bold.ttf",
    "serif": FONT_DIR_LB + "LiberationSerif-Regular.ttf",
    "serif-b": FONT_DIR_LB + "LiberationSerif-Bold.ttf",
    "narrow": FONT_DIR_LB + "LiberationSansNarrow-Regular.ttf",
    "narrow-b": FONT_DIR_LB + "LiberationSansNarrow-Bold.ttf",
    "mono": FONT_DIR_LB + "LiberationMono-Regular.ttf",
    "mono-b": FONT_DIR_LB + "LiberationMono-Bold.ttf",
    "dv": FONT_DIR_DV + "DejaVuSans.ttf",
    "dv-b": FONT_DIR_DV + "DejaVuSans-Bold.ttf",
    "dvserif": FONT_DIR_DV + "DejaVuSerif.ttf",
    "dvserif-b": FONT_DIR_DV + "DejaVuSerif-Bold.ttf",
    "dvcond": FONT_DIR_DV + "DejaVuSansCondensed.ttf",
    "dvcond-b": FONT_DIR_DV + "DejaVuSansCondensed-Bold.ttf",
    "hand": FONT_DIR_DV + "DejaVuSerif-Italic.ttf",
    "hand2": FONT_DIR_LB + "LiberationSerif-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONTS[key])
    return _FONT_CACHE[key]


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float

    @property
    def right(self) -> float:
        return self.x + width(self.text, self.font, self.size)


@dataclass
class Page:
    name: str  # "p1", "p2", "cover"
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def ordered(self) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (round(ln.y, 2), ln.x))

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.ordered())

    def copy(self) -> Page:
        return Page(self.name, list(self.lines), list(self.rules), list(self.boxes))


def _draw(page: pymupdf.Page, model: Page) -> None:
    for x0, y0, x1, y1 in model.rules:
        page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.6)
    for x0, y0, x1, y1 in model.boxes:
        page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.8)
    names: dict[str, str] = {}
    for ln in model.lines:
        if ln.font not in names:
            names[ln.font] = f"F{len(names)}"
        page.insert_text(
            (ln.x, ln.y),
            ln.text,
            fontname=names[ln.font],
            fontfile=FONTS[ln.font],
            fontsize=ln.size,
        )


# Liberation's fonts share one glyph between "-" and the soft hyphen, " " and the no-break space,
# "·" and "∙", ";" and the Greek question mark, "µ" and "μ"; the text layer would name the wrong
# one. No letter uses the second of each pair.
_UNICODE_FIX = [
    (b"00ad", b"002d"),
    (b"00a0", b"0020"),
    (b"2219", b"00b7"),
    (b"037e", b"003b"),
    (b"03bc", b"00b5"),
]


def _fix_to_unicode(doc: pymupdf.Document) -> None:
    for xref in range(1, doc.xref_length()):
        kind, val = doc.xref_get_key(xref, "ToUnicode")
        if kind != "xref":
            continue
        ref = int(val.split()[0])
        data = doc.xref_stream(ref)
        fixed = data
        for a, b in _UNICODE_FIX:
            fixed = re.sub(rb"(?mi)^(<[0-9a-f]+>) <" + a + rb">$", rb"\1 <" + b + rb">", fixed)
        if fixed != data:
            doc.update_stream(ref, fixed)


def pdf_bytes(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for model in pages:
        _draw(doc.new_page(width=A4_W, height=A4_H), model)
    doc.set_metadata(
        {
            "producer": "bench.heldout50s",
            "creator": "bench.heldout50s",
            "title": "",
            "author": "",
            "creationDate": "D:20260101000000Z",
            "modDate": "D:20260101000000Z",
        }
    )
    doc.subset_fonts()
    _fix_to_unicode(doc)
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _pixmap(model: Page, xdpi: float, ydpi: float) -> Image.Image:
    doc = pymupdf.open()
    page = doc.new_page(width=A4_W, height=A4_H)
    _draw(page, model)
    pix = page.get_pixmap(
        matrix=pymupdf.Matrix(xdpi / 72.0, ydpi / 72.0), colorspace=pymupdf.csGRAY, alpha=False
    )
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    return img


def scan_jpeg(model: Page, seed: int) -> bytes:
    rng = random.Random(seed)
    img = _pixmap(model, 200, 200)
    tone = 228 + rng.randrange(20)
    img = img.point(lambda v: v * tone // 255 + 6)
    noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
    noise = noise.point(lambda v: v // 18)
    img = ImageChops.subtract(img, noise)
    angle = rng.choice([-0.5, -0.35, -0.2, 0.2, 0.3, 0.45])
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=82, dpi=(200, 200))
    return out.getvalue()


def fax_tiff(model: Page, fine: bool, g4: bool) -> bytes:
    ydpi = 196 if fine else 98
    img = _pixmap(model, 204, ydpi)
    canvas = Image.new("L", (1728, img.size[1]), 255)
    canvas.paste(img, ((1728 - img.size[0]) // 2, 0))
    bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    out = io.BytesIO()
    bw.save(out, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return out.getvalue()
