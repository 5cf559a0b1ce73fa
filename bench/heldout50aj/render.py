"""Page layout (lines at fixed positions) and the three conditions: PDF, 200 dpi scan, fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageDraw, ImageFont

W, H = 595.0, 842.0  # A4 in points
ML, MR = 62.0, 50.0
BOTTOM = 790.0
DV = "/usr/share/fonts/truetype/dejavu/"
LB = "/usr/share/fonts/truetype/liberation/"
FONTS = {
    "sans": DV + "DejaVuSans.ttf",
    "sansb": DV + "DejaVuSans-Bold.ttf",
    "sansl": DV + "DejaVuSans-ExtraLight.ttf",
    "cond": DV + "DejaVuSansCondensed.ttf",
    "condb": DV + "DejaVuSansCondensed-Bold.ttf",
    "serif": DV + "DejaVuSerif.ttf",
    "serifb": DV + "DejaVuSerif-Bold.ttf",
    "serifc": DV + "DejaVuSerifCondensed.ttf",
    "mono": DV + "DejaVuSansMono.ttf",
    "monob": DV + "DejaVuSansMono-Bold.ttf",
    # image-only faces (handwriting stand-in, fax machine header, stamp)
    "hand": LB + "LiberationSerif-Italic.ttf",
    "hand2": DV + "DejaVuSerifCondensed-Italic.ttf",
    "faxhead": LB + "LiberationMono-Regular.ttf",
    "stamp": LB + "LiberationSans-Bold.ttf",
}
IMAGE_ONLY = {"hand", "faxhead", "stamp"}
_FONT_CACHE: dict[str, pymupdf.Font] = {}
_PIL_CACHE: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONTS[key])
    return _FONT_CACHE[key]


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


def covers(text: str, key: str) -> bool:
    f = font(key)
    return all(ch == " " or f.has_glyph(ord(ch)) for ch in text)


@dataclass(frozen=True)
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float
    grey: int = 0


@dataclass
class Sheet:
    """One page: lines strictly top to bottom, so their order is the reading order."""

    lines: list[Line] = field(default_factory=list)
    y: float = 78.0
    jitter: random.Random | None = None

    def add(
        self,
        text: str,
        *,
        font_key: str = "sans",
        size: float = 9.5,
        align: str = "l",
        x: float | None = None,
        gap: float | None = None,
        right: float | None = None,
        grey: int = 0,
    ) -> None:
        if not text.strip():
            raise ValueError("empty line")
        if not covers(text, font_key):
            raise ValueError(f"{font_key} lacks a glyph of {text!r}")
        adv = size * 1.32 if gap is None else gap
        if self.lines:
            adv = max(adv, size * 1.05 + 1.0)
        self.y += adv
        w = width(text, font_key, size)
        if align == "r":
            xx = (right if right is not None else W - MR) - w
        elif align == "c":
            xx = (W - w) / 2
        else:
            xx = ML if x is None else x
        if self.jitter is not None:
            xx += self.jitter.uniform(-4, 6)
        self.lines.append(Line(round(xx, 2), round(self.y, 2), text, font_key, size, grey))

    def skip(self, pts: float) -> None:
        self.y += pts

    def para(
        self, text: str, *, indent: float = 0.0, maxw: float | None = None, **kw: object
    ) -> None:
        key = str(kw.get("font_key", "sans"))
        size = float(kw.get("size", 9.5))  # type: ignore[arg-type]
        limit = (W - MR - ML - indent) if maxw is None else maxw
        words = text.split(" ")
        cur = ""
        first = True
        for wd in words:
            cand = wd if not cur else f"{cur} {wd}"
            if cur and width(cand, key, size) > limit:
                self.add(cur, x=ML + indent, **kw)  # type: ignore[arg-type]
                if first:
                    kw.pop("gap", None)
                    first = False
                cur = wd
            else:
                cur = cand
        if cur:
            self.add(cur, x=ML + indent, **kw)  # type: ignore[arg-type]

    def full(self) -> bool:
        return self.y > BOTTOM - 40

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


# ---------------------------------------------------------------- PDF


def pdf_bytes(sheets: list[Sheet], title: str) -> bytes:
    doc = pymupdf.open()
    for sh in sheets:
        page = doc.new_page(width=W, height=H)
        tw = pymupdf.TextWriter(page.rect)
        for ln in sh.lines:
            if ln.font in IMAGE_ONLY:
                raise ValueError("image-only face in a PDF")
            tw.append((ln.x, ln.y), ln.text, font=font(ln.font), fontsize=ln.size)
        tw.write_text(page)
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "bench.heldout50aj",
            "producer": "bench.heldout50aj",
            "creationDate": "D:20250701120000+02'00'",
            "modDate": "D:20250701120000+02'00'",
            "trapped": "",
            "format": "",
            "encryption": "",
        }
    )
    doc.subset_fonts()
    return bytes(doc.tobytes(garbage=4, deflate=True, no_new_id=True))


# ---------------------------------------------------------------- images


def _pil_font(key: str, px: int) -> ImageFont.FreeTypeFont:
    k = (key, px)
    if k not in _PIL_CACHE:
        _PIL_CACHE[k] = ImageFont.truetype(FONTS[key], px, layout_engine=ImageFont.Layout.BASIC)
    return _PIL_CACHE[k]


def _draw(img: Image.Image, lines: list[Line], sx: float, sy: float, ink: int) -> None:
    d = ImageDraw.Draw(img)
    for ln in lines:
        px = max(6, round(ln.size * sy))
        fill = max(ink, ln.grey)
        d.text((ln.x * sx, ln.y * sy), ln.text, font=_pil_font(ln.font, px), fill=fill, anchor="ls")


def _noise_tile(seed: int, n: int = 128) -> Image.Image:
    rng = random.Random(seed)
    data = bytes(128 + int(rng.gauss(0, 9)) if True else 0 for _ in range(n * n))
    return Image.frombytes("L", (n, n), bytes(max(0, min(255, b)) for b in data))


def stamp_lines(practice: str, date_text: str, x: float, y: float) -> list[Line]:
    return [
        Line(x, y, "EINGEGANGEN", "stamp", 11.0, 70),
        Line(x + 6, y + 15, date_text, "stamp", 12.0, 70),
        Line(x, y + 28, practice, "stamp", 7.0, 70),
    ]


def scan_jpeg(sheet: Sheet, seed: int, extra: list[Line]) -> bytes:
    rng = random.Random(seed)
    s = 200 / 72
    paper = 236 + rng.randint(0, 12)
    img = Image.new("L", (round(W * s), round(H * s)), paper)
    _draw(img, sheet.lines, s, s, 25 + rng.randint(0, 30))
    if extra:
        x0, y0 = extra[0].x * s - 12, (extra[0].y - 14) * s
        x1 = (
            max(
                ln.x * s + _pil_font(ln.font, round(ln.size * s)).getlength(ln.text) for ln in extra
            )
            + 12
        )
        y1 = (extra[-1].y + 6) * s
        ImageDraw.Draw(img).rectangle((x0, y0, x1, y1), outline=80, width=4)
        _draw(img, extra, s, s, 70)
    tile = _noise_tile(seed)
    noise = Image.new("L", img.size)
    for ty in range(0, img.size[1], tile.size[1]):
        for tx in range(0, img.size[0], tile.size[0]):
            noise.paste(tile, (tx, ty))
    img = Image.blend(img, noise, 0.08)
    img = img.point(lambda v: min(255, int(v * 1.08)))
    angle = rng.uniform(-0.7, 0.7)
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=paper)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=82, dpi=(200, 200))
    return buf.getvalue()


def fax_tiff(sheet_lines: list[Line], header: str, fine: bool, group4: bool) -> bytes:
    sx = 204 / 72
    sy = 196 / 72
    img = Image.new("L", (1728, round(H * sy)), 255)
    offset = (1728 - W * sx) / 2 / sx
    moved = [Line(ln.x + offset, ln.y, ln.text, ln.font, ln.size, 0) for ln in sheet_lines]
    head = Line(8.0 + offset, 16.0, header, "faxhead", 7.5, 0)
    _draw(img, [head, *moved], sx, sy, 0)
    if not fine:
        img = img.resize((1728, img.size[1] // 2), Image.Resampling.BOX)
    bw = img.point(lambda v: 0 if v < 150 else 255).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(
        buf, "TIFF", compression="group4" if group4 else "group3", dpi=(204, 196 if fine else 98)
    )
    return buf.getvalue()
